-- Login and registration throttling, per (user, address) with exponential backoff, replacing
-- the log of attempts that was counted after the fact. One row per key and address:
--   username = 'user:<lower-cased name>': attempts to log in as that user from that address;
--   username = 'address': every login attempt from that address (password spraying);
--   username = 'register': registrations from that address.
-- An attempt is counted before the password is checked (so parallel guesses cannot pass
-- the limit), a successful login takes it back, and an address is blocked until
-- blocked_until once it used its free attempts.
DROP TABLE login_attempts;
CREATE TABLE login_attempts (
  username      text NOT NULL,
  remote        text NOT NULL,
  attempts      integer NOT NULL CHECK (attempts >= 0),
  last_attempt  timestamptz NOT NULL,
  blocked_until timestamptz NOT NULL,
  PRIMARY KEY (username, remote)
);
CREATE INDEX login_attempts_last_idx ON login_attempts (last_attempt);
