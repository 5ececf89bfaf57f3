// Norms and titles in PostgreSQL (migrations/0027_norms.sql, rules.md 6.12): the starter's
// work list of sections to check, the norms of sections that are over, and titles.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <pqxx/pqxx>

#include "core/game/time.h"
#include "model/norms.h"

namespace corrchess::db {

// The records of model/norms.h under their db/ names.
using model::AwardedTitle;
using model::NormRecord;

// Sections with unchecked changes (a game of theirs ended or changed its result), at most
// `limit`: those whose check never failed first (db/starter_failures.h, kind `kind`), then by
// failures in a row, each oldest change first. With `ready_at`, a section whose check waits
// to be tried again after that instant is left out.
std::vector<std::int64_t> sections_to_check(pqxx::work& tx, int limit, std::string_view kind,
                                            std::optional<game::Timestamp> ready_at);
// The newest unchecked change of `event_id`; none when another run took them.
std::optional<std::int64_t> newest_norm_check(pqxx::work& tx, std::int64_t event_id);
// Forgets the changes of `event_id` up to `upto` (a change written meanwhile stays).
void forget_norm_checks(pqxx::work& tx, std::int64_t event_id, std::int64_t upto);

// Replaces the norms stored for `event_id` with `norms` (each with its user, title, games,
// performance and category), stamped `now`.
void replace_norms(pqxx::work& tx, std::int64_t event_id, const std::vector<NormRecord>& norms,
                   game::Timestamp now);
// Every norm of `user_id`, oldest first, with the event's name.
std::vector<NormRecord> norms_of(pqxx::work& tx, std::int64_t user_id);

// Awards `title` to `user_id` at `now`; false when they hold it already.
// The titles of several users: (user id, title) pairs in no particular order.
std::vector<std::pair<std::int64_t, std::string>> titles_of_users(
    pqxx::work& tx, const std::vector<std::int64_t>& user_ids);
// Whether the user may earn ladies' titles (users.ladies_titles).
bool ladies_titles(pqxx::work& tx, std::int64_t user_id);
void set_ladies_titles(pqxx::work& tx, std::int64_t user_id, bool eligible);
bool award_title(pqxx::work& tx, std::int64_t user_id, const std::string& title,
                 game::Timestamp now);
// The titles of `user_id`, in the order they were awarded.
std::vector<AwardedTitle> titles_of(pqxx::work& tx, std::int64_t user_id);

}  // namespace corrchess::db
