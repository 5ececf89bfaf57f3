// Syzygy tablebase probes (rules.md §3.6) through db::SyzygyTablebase: the python-chess
// endgame vectors against the shared 3- and 4-man tables, unavailable tables, castling rights
// (solved by expansion), the ignored halfmove clock and en passant.
#include "db/tablebase.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/chess/position.h"
#include "tests/support/test_env.h"

namespace corrchess::db {
namespace {

using chess::Position;
using game::Wdl;

std::string tables_dir() { return corrchess::testing::data_dir() + "/syzygy"; }

Position fen(const std::string& text) {
  auto pos = Position::from_fen(text);
  EXPECT_TRUE(pos.has_value()) << text << ": " << (pos ? "" : pos.error().detail);
  return pos ? *pos : Position::startpos();
}

// One tablebase for the whole file (loading the tables is the slow part).
const SyzygyTablebase& tables() {
  static const SyzygyTablebase instance(tables_dir());
  return instance;
}

// A fresh directory under the system temp dir, removed with the object.
class TempDir {
 public:
  explicit TempDir(const std::string& name)
      : path_(std::filesystem::temp_directory_path() /
              (name + "-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
               "-" + std::to_string(reinterpret_cast<std::uintptr_t>(this)))) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string path() const { return path_.string(); }
  // Links every table file of the shared set except those named in `skip`.
  void link_tables_except(const std::vector<std::string>& skip) const {
    for (const auto& entry : std::filesystem::directory_iterator(tables_dir())) {
      const auto name = entry.path().filename().string();
      if (std::find(skip.begin(), skip.end(), name) != skip.end()) continue;
      std::filesystem::create_symlink(entry.path(), path_ / name);
    }
  }

 private:
  std::filesystem::path path_;
};

// The value of `pos` computed by hand from its children: each child must hold no castling
// rights, so the tables answer it directly (negamax over the Syzygy numbers).
int expand_by_hand(const Position& pos) {
  int best = -2;
  for (const auto m : pos.legal_moves()) {
    const Position child = pos.after(m);
    EXPECT_EQ(child.castling_rights(), 0) << "child " << child.fen();
    const auto v = tables().probe_wdl(child);
    EXPECT_TRUE(v.has_value()) << "child " << child.fen();
    if (v) best = std::max(best, -wdl_number(*v));
  }
  return best;
}

// ---- the endgame vectors ----

struct Vector {
  std::string fen;
  int wdl = 0;
  int dtz = 0;
};

std::vector<Vector> read_vectors() {
  std::ifstream in(tables_dir() + "/endgame-vectors.epd");
  EXPECT_TRUE(in) << "cannot read endgame-vectors.epd";
  std::vector<Vector> out;
  for (std::string line; std::getline(in, line);) {
    const auto ops = line.find(" wdl_table ");
    if (ops == std::string::npos) continue;
    Vector v;
    v.fen = line.substr(0, ops) + " 0 1";
    const auto wdl_at = line.find("; wdl ");
    const auto dtz_at = line.find("; dtz ");
    EXPECT_NE(wdl_at, std::string::npos) << line;
    EXPECT_NE(dtz_at, std::string::npos) << line;
    if (wdl_at == std::string::npos || dtz_at == std::string::npos) continue;
    v.wdl = std::stoi(line.substr(wdl_at + 6));
    v.dtz = std::stoi(line.substr(dtz_at + 6));
    out.push_back(v);
  }
  return out;
}

TEST(SyzygyTablebase, EveryEndgameVectorProbesToItsWdlAndDtz) {
  const auto vectors = read_vectors();
  ASSERT_EQ(vectors.size(), 100U);
  for (const auto& v : vectors) {
    const Position pos = fen(v.fen);
    const auto wdl = tables().probe_wdl(pos);
    ASSERT_TRUE(wdl.has_value()) << v.fen;
    EXPECT_EQ(wdl_number(*wdl), v.wdl) << v.fen;
    const auto dtz = tables().probe_dtz(pos);
    ASSERT_TRUE(dtz.has_value()) << v.fen;
    EXPECT_EQ(*dtz, v.dtz) << v.fen;
  }
}

TEST(SyzygyTablebase, HalfmoveClockIsIgnored) {
  for (const auto& v : read_vectors()) {
    const std::string placement = v.fen.substr(0, v.fen.size() - 4);  // without " 0 1"
    for (const char* clock : {" 57 80", " 99 120", " 150 200"}) {
      const Position pos = fen(placement + clock);
      const auto wdl = tables().probe_wdl(pos);
      ASSERT_TRUE(wdl.has_value()) << placement << clock;
      EXPECT_EQ(wdl_number(*wdl), v.wdl) << placement << clock;
      EXPECT_EQ(tables().probe_dtz(pos), v.dtz) << placement << clock;
    }
  }
}

TEST(SyzygyTablebase, WdlNumbersFollowSyzygy) {
  EXPECT_EQ(wdl_number(Wdl::kLoss), -2);
  EXPECT_EQ(wdl_number(Wdl::kBlessedLoss), -1);
  EXPECT_EQ(wdl_number(Wdl::kDraw), 0);
  EXPECT_EQ(wdl_number(Wdl::kCursedWin), 1);
  EXPECT_EQ(wdl_number(Wdl::kWin), 2);
}

TEST(SyzygyTablebase, CheckmateIsALossAndStalemateADraw) {
  const Position mate = fen("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");
  ASSERT_TRUE(mate.is_checkmate());
  EXPECT_EQ(tables().probe_wdl(mate), Wdl::kLoss);
  EXPECT_EQ(tables().probe_dtz(mate), 0);
  const Position stalemate = fen("k7/8/1QK5/8/8/8/8/8 b - - 0 1");
  ASSERT_TRUE(stalemate.is_stalemate());
  EXPECT_EQ(tables().probe_wdl(stalemate), Wdl::kDraw);
  EXPECT_EQ(tables().probe_dtz(stalemate), 0);
}

// ---- unavailable ----

TEST(SyzygyTablebase, FiveMenAreUnavailableWithFourManTables) {
  const Position pos = fen("4k3/8/8/8/8/8/8/1QRBK3 w - - 0 1");
  EXPECT_EQ(tables().probe_wdl(pos), std::nullopt);
  EXPECT_EQ(tables().probe_dtz(pos), std::nullopt);
}

TEST(SyzygyTablebase, MoreThanSevenMenAreUnavailable) {
  EXPECT_EQ(tables().probe_wdl(Position::startpos()), std::nullopt);
  EXPECT_EQ(tables().probe_dtz(Position::startpos()), std::nullopt);
}

TEST(SyzygyTablebase, MissingTableIsUnavailableNotGuessed) {
  TempDir dir("corrchess-tb-partial");
  dir.link_tables_except({"KQvK.rtbw", "KQvK.rtbz"});
  const SyzygyTablebase partial(dir.path());
  EXPECT_EQ(partial.available_men(), 0);  // a 3-man table is missing
  const Position kqk = fen("8/8/8/4k3/8/8/8/3QK3 w - - 0 1");
  EXPECT_EQ(partial.probe_wdl(kqk), std::nullopt);
  EXPECT_EQ(partial.probe_dtz(kqk), std::nullopt);
  // Other tables still answer, and so does the full set afterwards (Fathom reloads its path).
  EXPECT_EQ(partial.probe_wdl(fen("8/8/8/4k3/8/8/8/3RK3 w - - 0 1")), Wdl::kWin);
  EXPECT_EQ(tables().probe_wdl(kqk), Wdl::kWin);
}

TEST(SyzygyTablebase, MissingDtzFileLeavesWdlAvailable) {
  TempDir dir("corrchess-tb-nodtz");
  dir.link_tables_except({"KRvK.rtbz"});
  const SyzygyTablebase partial(dir.path());
  const Position krk = fen("8/8/8/4k3/8/8/8/3RK3 w - - 0 1");
  EXPECT_EQ(partial.probe_wdl(krk), Wdl::kWin);
  EXPECT_EQ(partial.probe_dtz(krk), std::nullopt);
}

// ---- available_men ----

TEST(SyzygyTablebase, AvailableMenCountsCompleteSets) {
  EXPECT_EQ(tables().available_men(), 4);
  EXPECT_EQ(tables().largest_loaded_men(), 4);

  TempDir empty("corrchess-tb-empty");
  const SyzygyTablebase none(empty.path());
  EXPECT_EQ(none.available_men(), 0);
  EXPECT_EQ(none.largest_loaded_men(), 0);
  EXPECT_EQ(none.probe_wdl(fen("8/8/8/4k3/8/8/8/3RK3 w - - 0 1")), std::nullopt);

  EXPECT_EQ(SyzygyTablebase("/nonexistent/corrchess/syzygy").available_men(), 0);
  EXPECT_EQ(SyzygyTablebase("").available_men(), 0);

  // Several directories, Syzygy style; empty entries are skipped.
  const SyzygyTablebase joined(empty.path() + "::" + tables_dir());
  EXPECT_EQ(joined.available_men(), 4);
  EXPECT_EQ(joined.probe_wdl(fen("8/8/8/4k3/8/8/8/3RK3 w - - 0 1")), Wdl::kWin);
}

TEST(SyzygyTablebase, AvailableMenChecksEveryMaterialCombination) {
  TempDir dir("corrchess-tb-gap");
  dir.link_tables_except({"KBNvK.rtbw"});  // one 4-man WDL file
  EXPECT_EQ(SyzygyTablebase(dir.path()).available_men(), 3);
  TempDir only_dtz("corrchess-tb-gap-dtz");
  only_dtz.link_tables_except({"KPvKP.rtbz"});  // one 4-man DTZ file
  EXPECT_EQ(SyzygyTablebase(only_dtz.path()).available_men(), 3);
}

// ---- castling rights: the tables hold none, the service expands moves ----

TEST(SyzygyTablebase, RookAndKingWithCastlingRightsIsStillAWin) {
  EXPECT_EQ(tables().probe_wdl(fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")), Wdl::kWin);
  EXPECT_EQ(tables().probe_wdl(fen("4k3/8/8/8/8/8/8/R3K3 b Q - 0 1")), Wdl::kLoss);
  // DTZ is not defined for positions with castling rights.
  EXPECT_EQ(tables().probe_dtz(fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")), std::nullopt);
}

TEST(SyzygyTablebase, CastlingThatSavesTheGameIsFoundByExpansion) {
  // Without the right White loses to the queen; castling short reaches a draw.
  const Position with = fen("8/8/8/8/8/8/1q6/2k1K2R w K - 0 1");
  const Position without = fen("8/8/8/8/8/8/1q6/2k1K2R w - - 0 1");
  EXPECT_EQ(tables().probe_wdl(without), Wdl::kLoss);
  EXPECT_EQ(tables().probe_wdl(with), Wdl::kDraw);
  EXPECT_EQ(wdl_number(Wdl::kDraw), expand_by_hand(with));
}

TEST(SyzygyTablebase, CastlingThatWinsIsFoundByExpansion) {
  const Position with = fen("8/8/8/8/5b2/8/8/2k1K2R w K - 0 1");
  EXPECT_EQ(tables().probe_wdl(fen("8/8/8/8/5b2/8/8/2k1K2R w - - 0 1")), Wdl::kDraw);
  EXPECT_EQ(tables().probe_wdl(with), Wdl::kWin);
  EXPECT_EQ(expand_by_hand(with), 2);
}

TEST(SyzygyTablebase, OpponentsCastlingRightCountsAgainstTheMover) {
  // Black to move: without White's right Black draws; with it, every Black move loses.
  const Position with = fen("8/8/8/8/8/7n/8/1k2K2R b K - 0 1");
  EXPECT_EQ(tables().probe_wdl(fen("8/8/8/8/8/7n/8/1k2K2R b - - 0 1")), Wdl::kDraw);
  EXPECT_EQ(tables().probe_wdl(with), Wdl::kLoss);
}

TEST(SyzygyTablebase, BothSidesCastlingRightsAreDecided) {
  const Position pos = fen("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
  const auto wdl = tables().probe_wdl(pos);
  ASSERT_TRUE(wdl.has_value());
  // The same by hand, one ply down: Black's replies to each White move may keep Black's
  // right, so each child is probed through the service.
  int best = -2;
  for (const auto m : pos.legal_moves()) {
    const auto v = tables().probe_wdl(pos.after(m));
    ASSERT_TRUE(v.has_value()) << pos.after(m).fen();
    best = std::max(best, -wdl_number(*v));
  }
  EXPECT_EQ(wdl_number(*wdl), best);
}

// ---- en passant ----

TEST(SyzygyTablebase, EnPassantCaptureIsCounted) {
  // Only bxc6 e.p. stops the black pawn.
  const Position with_ep = fen("7K/8/8/1pP2k2/8/8/8/8 w - b6 0 1");
  ASSERT_TRUE(with_ep.has_legal_en_passant());
  EXPECT_EQ(tables().probe_wdl(with_ep), Wdl::kWin);
  EXPECT_EQ(tables().probe_dtz(with_ep), 1);
  EXPECT_EQ(tables().probe_wdl(fen("7K/8/8/1pP2k2/8/8/8/8 w - - 0 1")), Wdl::kLoss);
}

// ---- concurrency ----

TEST(SyzygyTablebase, ConcurrentProbesAgree) {
  const auto vectors = read_vectors();
  TempDir dir("corrchess-tb-threads");
  dir.link_tables_except({"KQvK.rtbw", "KQvK.rtbz"});
  const SyzygyTablebase partial(dir.path());
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (const auto& v : vectors) {
        const auto pos = Position::from_fen(v.fen);
        if (!pos) continue;
        // Now and then another path, to exercise the reload under the lock: it may lack a
        // table, but it never answers wrong.
        if (t == 0 && (&v - vectors.data()) % 25 == 0) {
          const auto other = partial.probe_wdl(*pos);
          if (other && wdl_number(*other) != v.wdl) ++wrong;
        }
        const auto wdl = tables().probe_wdl(*pos);
        if (!wdl || wdl_number(*wdl) != v.wdl) ++wrong;
        if (tables().probe_dtz(*pos) != v.dtz) ++wrong;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
}

}  // namespace
}  // namespace corrchess::db
