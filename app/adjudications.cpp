#include "app/adjudications.h"

#include <algorithm>

#include "app/auto_adjudication.h"
#include "app/roles.h"
#include "core/version.h"
#include "db/adjudication_evidence.h"
#include "db/events.h"
#include "db/game_schedule.h"
#include "db/games.h"
#include "db/server_clock.h"
#include "db/transaction.h"

namespace corrchess::app {

namespace {

// The claims of `game_id` with an analysis to read a line from.
std::vector<const model::AdjudicationClaim*> analysed_claims(
    const std::vector<model::AdjudicationClaim>& claims, std::int64_t game_id) {
  std::vector<const model::AdjudicationClaim*> out;
  for (const auto& c : claims) {
    if (c.game_id == game_id && !c.analysis.empty()) out.push_back(&c);
  }
  return out;
}

// The line of each claim whose analysis holds one, read from the game's current position.
void add_claim_lines(const chess::GameRecord& record,
                     const std::vector<model::AdjudicationClaim>& claims, std::int64_t game_id,
                     ClaimLines& lines) {
  for (const auto* c : analysed_claims(claims, game_id)) {
    auto line = game::check_claimed_line(record, c->analysis);
    if (line.given) lines[{game_id, c->side}] = std::move(line);
  }
}

// The checked line of `claim` in `stored`, if its analysis is the one checked.
const db::CheckedLine* checked_line(const db::StoredEvidence& stored,
                                    const model::AdjudicationClaim& claim) {
  const auto it = std::ranges::find_if(stored.lines, [&](const db::CheckedLine& l) {
    return l.side == claim.side && l.analysis == claim.analysis;
  });
  return it == stored.lines.end() ? nullptr : &*it;
}

// Whether `stored` is the evidence of the waiting game `p` as this server would compute it
// now: the game stands at the same ply, this version computed it, and every claim's line
// was checked from the analysis the claim holds now.
bool still_holds(const db::StoredEvidence& stored, const model::PendingAdjudication& p,
                 const std::vector<model::AdjudicationClaim>& claims) {
  if (stored.ply != p.game.ply || stored.computed_by != corrchess::version()) return false;
  return std::ranges::all_of(analysed_claims(claims, p.game.game_id),
                             [&](const auto* c) { return checked_line(stored, *c) != nullptr; });
}

// The evidence of the waiting game `p` computed from its replay, with the lines of its
// claims; `known` (the stored evidence at the same ply and version) spares the position's
// analysis when only a claim changed.
Result<db::StoredEvidence> computed_evidence(const GameDeps& deps, pqxx::work& tx,
                                             const model::PendingAdjudication& p,
                                             const std::vector<model::AdjudicationClaim>& claims,
                                             game::Timestamp now, const db::StoredEvidence* known) {
  const auto id = p.game.game_id;
  TRY_LET(stored, db::load_game(tx, id, false));
  TRY_LET(game, replay_game(deps, *stored, now));
  db::StoredEvidence out{id, game->state().ply, std::string(corrchess::version()), {}, {}};
  const bool same_position =
      known != nullptr && known->ply == out.ply && known->computed_by == out.computed_by;
  out.evidence =
      same_position ? known->evidence : game::position_evidence(game->record(), deps.oracles);
  for (const auto* c : analysed_claims(claims, id)) {
    out.lines.push_back(
        {c->side, c->analysis, game::check_claimed_line(game->record(), c->analysis)});
  }
  return out;
}

// The evidence of each game of `q` (a page) and the lines of its claims, read back where the
// stored evidence still holds and computed (and kept) where it does not.
Result<void> add_evidence(GameDeps& deps, pqxx::work& tx, AdjudicationQueue& q) {
  std::vector<std::int64_t> ids;
  for (const auto& p : q.games) ids.push_back(p.game.game_id);
  // The evidence of a waiting game does not change (it has no more moves): it is computed
  // once, stored, and read back while it holds (migration 0034).
  auto kept = db::adjudication_evidence(tx, ids);
  bool stored_any = false;
  for (const auto& p : q.games) {
    const auto id = p.game.game_id;
    const auto found = kept.find(id);
    const db::StoredEvidence* known = found == kept.end() ? nullptr : &found->second;
    db::StoredEvidence evidence;
    if (known != nullptr && still_holds(*known, p, q.claims)) {
      evidence = *known;
    } else {
      TRY_LET(computed, computed_evidence(deps, tx, p, q.claims, q.now, known));
      evidence = std::move(*computed);
      // Kept unless a table it needed is missing here (another instance, or this one once
      // the tables are installed, may probe it).
      if (evidence.evidence.tablebase != game::TablebaseStatus::kUnavailable) {
        db::save_adjudication_evidence(tx, evidence);
        stored_any = true;
      }
    }
    for (const auto* c : analysed_claims(q.claims, id)) {
      const auto* checked = checked_line(evidence, *c);
      if (checked != nullptr && checked->line.given) q.lines[{id, c->side}] = checked->line;
    }
    q.evidence.emplace(id, std::move(evidence.evidence));
  }
  if (stored_any) db::drop_evidence_of_decided_games(tx);
  return {};
}

}  // namespace

Result<AdjudicationQueue> adjudication_queue(GameDeps& deps, const model::User& user,
                                             const AdjudicationPage& page) {
  TRY(require_director(user));
  if (page.limit && (*page.limit < 1 || *page.limit > kMaxAdjudicationsPerPage)) {
    return fail(ErrorCode::kValidationError,
                "limit must be 1.." + std::to_string(kMaxAdjudicationsPerPage));
  }
  TRY(settle_due_games(deps, model::GameScope{}));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<AdjudicationQueue> {
    AdjudicationQueue q;
    // One game more than the page tells whether another page follows.
    const auto more = page.limit ? std::optional<int>(*page.limit + 1) : std::nullopt;
    q.games = db::pending_adjudications(tx, page.after, more);
    if (page.limit && static_cast<int>(q.games.size()) > *page.limit) {
      q.games.pop_back();
      const auto& last = q.games.back().game;
      q.next = model::AdjudicationCursor{last.adjudication_since->unix_seconds(), last.game_id};
    }
    q.total = !page.after && !page.limit ? static_cast<std::int64_t>(q.games.size())
                                         : db::count_pending_adjudications(tx);
    std::vector<std::int64_t> ids;
    for (const auto& p : q.games) ids.push_back(p.game.game_id);
    q.claims = db::adjudication_claims_in(tx, ids);
    q.now = deps.clock.now(tx);
    TRY(add_evidence(deps, tx, q));
    return q;
  });
}

Result<GameEvidence> game_evidence(GameDeps& deps, const model::User& user, std::int64_t game_id) {
  TRY(require_director(user));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<GameEvidence> {
    const auto now = deps.clock.now(tx);
    TRY_LET(stored, db::load_game(tx, game_id, false));
    TRY_LET(game, replay_game(deps, *stored, now));
    GameEvidence out{game_id,
                     game->state().ply,
                     game->state().position.fen(),
                     game::position_evidence(game->record(), deps.oracles),
                     {},
                     {}};
    if (stored->event_id) out.claims = db::adjudication_claims(tx, *stored->event_id, game_id);
    add_claim_lines(game->record(), out.claims, game_id, out.lines);
    return out;
  });
}

Result<int> set_auto_adjudication(GameDeps& deps, const model::User& director,
                                  std::int64_t event_id, bool enabled, const std::string& reason) {
  TRY(require_director(director));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<int> {
    TRY_LET(event, db::load_event(tx, event_id, true));
    const auto now = deps.clock.now(tx);
    db::set_event_auto_adjudicate(tx, event_id, enabled);
    db::write_audit(
        tx,
        {now, director.id, "auto_adjudication_changed", std::nullopt, event_id, std::nullopt,
         reason, model::Fields{{"enabled", enabled}, {"before", event->settings.auto_adjudicate}}});
    if (!enabled) return 0;
    return adjudicate_proven_games(deps, tx, event_id);
  });
}

}  // namespace corrchess::app
