// The archive in constant memory (docs/api.md "Archive"): an export of 5,000 games is
// streamed page by page, so the server's resident memory (VmRSS of /proc/<pid>/status,
// sampled while the answer is read) stays where an export of 500 games left it, and every
// game arrives once. The games are copies of one 40-ply game made in SQL (a test helper:
// the API would take minutes to play them). Run against the optimized server only
// (release_tests, tests/CMakeLists.txt): AddressSanitizer keeps freed memory in quarantine
// (256 MB by default), so resident memory grows with everything allocated, streamed or not;
// the archive's answers are checked under the sanitizers by tests/e2e/archive_test.cpp.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/event_fixture.h"

namespace corrchess {
namespace {

using testing::kDirector;

// 20 moves of a Ruy Lopez (40 plies).
const std::vector<std::string> kMoves = {"e4",  "e5",  "Nf3", "Nc6",  "Bb5",  "a6",  "Ba4", "Nf6",
                                         "O-O", "Be7", "Re1", "b5",   "Bb3",  "d6",  "c3",  "O-O",
                                         "h3",  "Nb8", "d4",  "Nbd7", "Nbd2", "Bb7", "Bc2", "Re8",
                                         "Nf1", "Bf8", "Ng3", "g6",   "a4",   "c5",  "d5",  "c4",
                                         "Bg5", "h6",  "Be3", "Nc5",  "Qd2",  "h5",  "Bg5", "Be7"};

// The resident memory of process `pid` in kB (VmRSS), 0 when unreadable.
long resident_kb(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return 0;
}

class ArchiveMemory : public testing::EventServer {
 protected:
  // Adds `count` copies of game `source` (its row, moves and other facts).
  void copy_game(const std::string& source, int count) {
    db_.exec(
        "DO $$ DECLARE g text; m text; e text; BEGIN "
        "SELECT string_agg(quote_ident(column_name), ', ') INTO g FROM information_schema.columns "
        " WHERE table_schema = 'public' AND table_name = 'games' AND column_name <> 'id'; "
        "SELECT string_agg(quote_ident(column_name), ', ') INTO m FROM information_schema.columns "
        " WHERE table_schema = 'public' AND table_name = 'moves' AND column_name <> 'game_id'; "
        "SELECT string_agg(quote_ident(column_name), ', ') INTO e FROM information_schema.columns "
        " WHERE table_schema = 'public' AND table_name = 'game_events' AND column_name <> "
        " 'game_id'; "
        "CREATE TEMP TABLE copies (id bigint) ON COMMIT DROP; "
        "EXECUTE format('WITH n AS (INSERT INTO games (%1$s) SELECT %1$s FROM games, "
        " generate_series(1, " +
        std::to_string(count) + ") WHERE id = " + source +
        " RETURNING id) INSERT INTO copies SELECT id FROM n', g); "
        "EXECUTE format('INSERT INTO moves (game_id, %1$s) SELECT c.id, %1$s FROM copies c, "
        " moves WHERE moves.game_id = " +
        source +
        "', m); "
        "EXECUTE format('INSERT INTO game_events (game_id, %1$s) SELECT c.id, %1$s FROM copies "
        " c, game_events WHERE game_events.game_id = " +
        source + "', e); END $$");
  }

  // Exports anna's games as PGN while sampling the server's VmRSS: the highest sample (kB),
  // and the games' ids (GameId tags) in `ids`.
  long export_peak(std::vector<std::string>& ids) {
    std::atomic<bool> reading{true};
    std::atomic<long> peak{resident_kb(server_.pid())};
    std::thread sampler([&] {
      while (reading) {
        peak = std::max(peak.load(), resident_kb(server_.pid()));
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    });
    const auto answer = server_.request("GET", "/api/v1/users/anna/games", "",
                                        {{"Authorization", "Bearer " + token("anna")}});
    reading = false;
    sampler.join();
    peak = std::max(peak.load(), resident_kb(server_.pid()));
    EXPECT_EQ(answer.status, 200);
    EXPECT_EQ(answer.headers.at("transfer-encoding"), "chunked");
    ids.clear();
    const std::string tag = "[GameId \"";
    for (auto at = answer.body.find(tag); at != std::string::npos;
         at = answer.body.find(tag, at + 1)) {
      const auto from = at + tag.size();
      ids.push_back(answer.body.substr(from, answer.body.find('"', from) - from));
    }
    return peak;
  }
};

TEST_F(ArchiveMemory, FiveThousandGamesStreamInTheMemoryOfFiveHundred) {
  add_users({"anna", "boris"});
  const auto source = api_.create_game(token(kDirector), "anna", "boris");
  for (std::size_t i = 0; i < kMoves.size(); ++i) {
    ASSERT_NO_FATAL_FAILURE(play(source, i % 2 == 0 ? "anna" : "boris", kMoves[i]));
  }
  ASSERT_EQ(game(source, "anna")["ply"], 40);
  copy_game(source, 499);

  std::vector<std::string> ids;
  export_peak(ids);  // warms the server's threads and caches up
  const long small = export_peak(ids);
  ASSERT_EQ(ids.size(), 500u);

  copy_game(source, 4500);
  const long large = export_peak(ids);
  ASSERT_EQ(ids.size(), 5000u);
  EXPECT_EQ(std::set<std::string>(ids.begin(), ids.end()).size(), 5000u) << "each game once";
  // Built whole, the answer alone would be about 10 MB (5,000 games of some 2 kB).
  std::cout << "VmRSS peak: 500 games " << small << " kB, 5000 games " << large << " kB\n";
  EXPECT_LT(large - small, 4 * 1024) << "500 games: " << small << " kB, 5000: " << large << " kB";
}

}  // namespace
}  // namespace corrchess
