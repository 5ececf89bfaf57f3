-- What players write about a game besides its moves: messages after the game ended (during
-- play a message travels with a move, as on a postcard) and each user's private note.
CREATE TABLE game_messages (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id    bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  author_id  bigint NOT NULL REFERENCES users (id),
  text       text NOT NULL CHECK (length(text) BETWEEN 1 AND 8000),
  sent_at    timestamptz NOT NULL
);
CREATE INDEX game_messages_game_idx ON game_messages (game_id, sent_at, id);

CREATE TABLE game_notes (
  game_id    bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  user_id    bigint NOT NULL REFERENCES users (id),
  text       text NOT NULL CHECK (length(text) <= 20000),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (game_id, user_id)
);
