// Tournament series with continuous entry (rules.md §6.8, ICCF promotion tournaments):
// who starts the next section from a waiting list, which entries expire, the order of the
// seats, the spread of compatriots over sections started together, who may enter a class,
// and who earns a promotion credit. Pure functions; worked examples in
// tests/unit/series_test.cpp.
//
// ICCF (Tournament Rules, "Promotion Tournaments"): classes Open, Higher and Master; Open
// and Higher sections of 7 players, Master sections of 11; Open for new or unrated players
// and those rated below 1900, Higher for 1900-2099, Master for 2100 and above; the winner
// of an Open (Higher) section is entitled to one start in the Higher (Master) class whatever
// the rating. corrchess lets a director set each of these numbers per series.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/game/crosstable.h"
#include "core/game/time.h"

namespace corrchess::competition {

using game::Seconds;
using game::Timestamp;

// The smallest section that is a tournament (rules.md §6.8).
inline constexpr int kMinSectionSize = 3;
// The largest section a series may ask for (an all-play-all of 31 games per player).
inline constexpr int kMaxSectionSize = 32;

// One entry on a series' waiting list.
struct Entrant {
  std::int64_t entry_id = 0;  // entry order breaks ties of entered_at
  std::int64_t user_id = 0;
  Timestamp entered_at;
  std::optional<int> rating;  // in the series' rating pool; none: unrated
  std::string country;        // ISO 3166 alpha-2 code; empty: not given

  bool operator==(const Entrant&) const = default;
};

// How a series forms sections from its waiting list.
struct SectionRules {
  int section_size = 7;
  // A smaller section may start for entries that waited max_wait: at least this many
  // players (kMinSectionSize..section_size). 0: only full sections start.
  int min_section_size = 0;
  // How long an entry waits for a full section before it starts a smaller one (when
  // min_section_size allows) or expires. 0: entries wait until a section starts.
  Seconds max_wait = 0;

  bool operator==(const SectionRules&) const = default;
};

// kValidationError naming the bad field: section_size outside 3..32, min_section_size not 0
// and outside 3..section_size, a negative max_wait, a min_section_size without max_wait.
Result<void> validate(const SectionRules& rules);

// What the waiting list gives at `now`.
struct WaitingListTurn {
  // The entries that start a section now (indices into the list, in entry order): the first
  // section_size entries when that many wait; else every entry when the oldest has waited
  // max_wait and at least min_section_size wait; else none.
  std::vector<std::size_t> section;
  // The entries that expire now (indices): those not in `section` that have waited max_wait
  // (only when max_wait > 0).
  std::vector<std::size_t> expired;

  bool operator==(const WaitingListTurn&) const = default;
};

// One turn of the waiting list `waiting` (any order; entry order is entered_at, then
// entry_id). Called again after the section started, until it starts none: a list of 15 with
// sections of 7 starts two sections and keeps one entry waiting.
WaitingListTurn take_turn(std::span<const Entrant> waiting, const SectionRules& rules,
                          Timestamp now);

// The seat order of a section's players (indices into `players`): by rating, highest first,
// unrated players after all rated ones, ties in entry order. Seat 1 is the first; the Berger
// tables then give the pairings and colours (rules.md §6.3).
std::vector<std::size_t> seat_order(std::span<const Entrant> players);

// Splits `players` into `sections` sections started together, as equal in strength and size
// as possible and with compatriots apart (rules.md §6.8): the players in seat_order form
// tiers of `sections` players; tier t goes one player to each section, in serpentine order
// (left to right on even tiers, right to left on odd ones), except that within a tier the
// assignment that puts the fewest players beside a compatriot already seated is chosen
// (among equals, the one closest to the serpentine order). The last tier may be short: its
// players go to distinct sections chosen the same way. Each section's players in seat
// order. kValidationError for sections < 1 or fewer than 2 players a section (a section of one
// player is no tournament: fewer than 2 * sections players).
Result<std::vector<std::vector<std::size_t>>> compose_sections(std::span<const Entrant> players,
                                                               int sections);

// Who may enter a class.
struct ClassGate {
  std::optional<int> min_rating;  // inclusive
  std::optional<int> max_rating;  // inclusive
  bool unrated_allowed = true;
  // The series whose promotion credit admits a player whatever the rating (none: no credit
  // admits). The credit is used up by the entry.
  std::optional<std::int64_t> credit_from_series;

  bool operator==(const ClassGate&) const = default;
};

// How a player is admitted.
enum class Admission { kByRating, kUnrated, kByCredit };

// kRatingOutOfRange (with the reason) when neither the player's rating nor a credit admits
// them; `has_credit`: the player holds an unused, unexpired credit of
// gate.credit_from_series. A rating that fits is used before a credit, so the credit is
// kept for later.
Result<Admission> admit(const ClassGate& gate, std::optional<int> rating, bool has_credit);

// When a finished section earns its players a promotion credit: a place at most max_place
// (a shared place counts by its best number: players sharing 1st-2nd both have place 1), or a
// score of at least min_score_percent of the points played. Either condition suffices; with
// neither set nobody is promoted.
struct PromotionRule {
  std::optional<int> max_place;
  std::optional<int> min_score_percent;  // 1..100

  bool operator==(const PromotionRule&) const = default;
};

// kValidationError for max_place < 1 or a percentage outside 1..100.
Result<void> validate(const PromotionRule& rule);

// The place of each row of a finished section's crosstable among the players who may move on
// (earn a promotion credit, qualify for the next stage). A player withdrawn from the section
// after its start (docs/rules.md 6.6) keeps the place their results give in the crosstable
// but moves on by none: their row gets 0, and each other row 1 + the number of rows of
// players who may move on placed strictly ahead of it (rows sharing a place share it, so a
// place shared across a cut still takes everyone sharing it). *Example*: A withdrawn 1st, B
// and C sharing 2nd-3rd, D 4th: 0, 1, 1, 3. Without withdrawals: the crosstable's places.
std::vector<int> places_moving_on(const game::Crosstable& table);

// The rows of a finished section's crosstable whose players earn a credit (indices into
// table.rows, in place order): by place among the players who may move on
// (places_moving_on), or by score. Percentages are compared exactly: 100 * score >= percent *
// games played. A withdrawn player earns none.
std::vector<std::size_t> promoted(const game::Crosstable& table, const PromotionRule& rule);

}  // namespace corrchess::competition
