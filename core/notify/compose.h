// The words of notifications: subject, plain text and HTML of each kind in the reader's
// language (core/notify/lang.h: the catalogues lang_en.cpp, lang_de.cpp, lang_es.cpp), the
// position as a text diagram and instants in the reader's time zone and language. Pure; the caller
// renders what core/notify/notify.h decided.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game/game.h"
#include "core/game/time_zone.h"
#include "core/notify/lang.h"
#include "core/notify/notify.h"

namespace corrchess::notify {

// A rendered notification (the same content goes to every channel).
struct Message {
  std::string subject;
  std::string text;  // UTF-8, lines ending in "\n"
  std::string html;  // a complete small HTML document
  bool attach_pgn = false;
};

// The game a message is about.
struct GameInfo {
  std::int64_t id = 0;
  std::string white;  // display names
  std::string black;
  std::string url;           // where the game is seen, e.g. https://host/games/12
  game::Timestamp start_at;  // when the clocks start
};

// The reader.
struct Reader {
  std::string name;  // display name
  game::TimeZone zone;
  Lang lang = Lang::kEn;  // the profile's language, else English
};

// "2030-01-08 14:00 Europe/Berlin" (German "8. Januar 2030, 14:00 (Europe/Berlin)"): an instant
// in the reader's zone and language, to the minute (format_instant).
std::string format_local(game::Timestamp t, const game::TimeZone& zone, Lang lang = Lang::kEn);
// The placement of a FEN as an 8x8 text board from `viewer`'s side (rank 8 on top for
// White), upper case for White, "." for empty squares, files and ranks labelled.
std::string text_diagram(std::string_view fen, game::Color viewer);

// The message of one notice about a change (kOpponentMoved, kDrawDeclined, kClaimDecided,
// kGameOver, kGameStarted); `events` are the change's new events (for claims).
Message compose_game_notice(const Notice& notice, const GameInfo& game,
                            const game::GameState& after,
                            const std::vector<game::GameEvent>& events, const Reader& reader);

// The message of a reminder, to the player (`to_director` false) or the director's copy.
Message compose_reminder(const Reminder& reminder, const GameInfo& game,
                         const game::GameState& state, const Reader& reader, bool to_director);

// "alice challenges you": a challenge to the reader, with the challenger's message.
Message compose_challenge(const std::string& challenger, const std::string& message,
                          const std::string& url, const Reader& reader);
// One mail for the challenges that came in while challenge mails were held back (a batch):
// `challengers` are the display names of the players whose challenges to the reader are
// open, each with how many; `url` is the reader's challenges page.
Message compose_challenge_batch(const std::vector<std::pair<std::string, int>>& challengers,
                                const std::string& url, const Reader& reader);

// "Ben's leave from 2030-02-01 to 2030-02-10 was approved" (change: approved, cancelled,
// ended), with the reader's deadline as it stands now.
Message compose_leave(const GameInfo& game, const std::string& taker, const std::string& first_day,
                      const std::string& last_day, const std::string& change,
                      const game::GameState& state, game::Color reader_color, const Reader& reader);

// The daily digest of the messages (subject, text) collected since the last one, ending
// with the link that stops the digests (`unsubscribe_url`; empty: no link).
Message compose_digest(const std::vector<std::pair<std::string, std::string>>& items,
                       const std::string& reader_name, const std::string& unsubscribe_url = {},
                       Lang lang = Lang::kEn);

// News of a series, championship or event (rules.md 6.8, 6.9, 6.1) for one player: what
// happened, and where to look.
struct CompetitionNews {
  enum class What {
    kSectionStarted,
    kEntryExpired,
    kEntryRemoved,
    kPromotionCredit,
    kQualified,
    kEventCancelled,     // `series` the event's name, with `reason`
    kEventDatesChanged,  // `series` the event's name; `start_at` (when shown) and `end_at`
  };
  What what = What::kSectionStarted;
  std::string series;          // the series' (championship's) name
  std::string stage;           // kQualified: the stage qualified from
  bool runner_up = false;      // kQualified: as one of the best runners-up
  int section = 0;             // kSectionStarted, kPromotionCredit
  int place = 0;               // kPromotionCredit, kQualified
  game::Timestamp expires_at;  // kPromotionCredit
  std::string reason;          // kEntryExpired, kEntryRemoved, kEventCancelled
  // kEventDatesChanged: the start (none: not shown, the event has started) and the end of
  // play (none: no end date).
  std::optional<game::Timestamp> start_at;
  std::optional<game::Timestamp> end_at;
  std::string url;  // the section's event page, or the series page
};
Message compose_competition_news(const CompetitionNews& news, const Reader& reader);

// Account mails: the single-use link to choose a new password (valid until `expires`), and
// the link that confirms the reader owns their address.
Message compose_password_reset(const std::string& username, const std::string& link,
                               game::Timestamp expires, const Reader& reader);
Message compose_email_verification(const std::string& username, const std::string& link,
                                   const Reader& reader);

}  // namespace corrchess::notify
