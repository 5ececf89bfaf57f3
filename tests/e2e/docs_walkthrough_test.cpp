// The documentation cannot rot: the walk-through of docs/api.md (every ```sh block, in order,
// in one `bash -euo pipefail` shell) runs against a real server on a fresh database, and
// what it did is then checked through the API independently of the script; every route the
// server registers is described in docs/api.md; no link in the README or docs/ leaves the
// repository or points at a file that does not exist (scripts/test also refuses any mention
// of a path outside the repository).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/api_client.h"
#include "tests/support/server_process.h"
#include "tests/support/temp_database.h"
#include "tests/support/test_env.h"

namespace corrchess {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The bodies of the fenced blocks opened by exactly "```sh", in document order.
std::vector<std::string> shell_blocks(const std::string& markdown) {
  std::vector<std::string> blocks;
  std::istringstream in(markdown);
  std::string line;
  std::string current;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!inside && line == "```sh") {
      inside = true;
      current.clear();
    } else if (inside && line == "```") {
      inside = false;
      blocks.push_back(current);
    } else if (inside) {
      current += line + "\n";
    }
  }
  EXPECT_FALSE(inside) << "an ```sh block is not closed";
  return blocks;
}

TEST(DocsWalkthrough, EveryCommandOfTheApiGuideRunsAndDoesWhatItSays) {
  const fs::path guide = fs::path(testing::source_dir()) / "docs" / "api.md";
  const auto blocks = shell_blocks(read_text(guide));
  ASSERT_GE(blocks.size(), 10u) << "the walk-through of " << guide << " has lost its commands";

  testing::TempDatabase db;
  testing::ServerProcess server(db.url());
  ASSERT_TRUE(server.started());

  const fs::path work =
      fs::temp_directory_path() / ("corrchess-walkthrough-" + std::to_string(::getpid()));
  fs::remove_all(work);
  fs::create_directories(work);
  {
    std::ofstream script(work / "walkthrough.sh");
    script << "set -euo pipefail\nset -x\n";
    for (const auto& block : blocks) script << block;
  }
  // Output goes to a file, not a pipe: the script's background WebSocket reader must not be
  // able to keep this test waiting if the script fails before it stops the reader.
  const std::string command =
      "cd " + testing::shell_quote(work.string()) +
      " && BASE=http://127.0.0.1:" + std::to_string(server.port()) +
      " DATABASE_URL=" + testing::shell_quote(db.url()) +
      " CORRCHESS_SERVER=" + testing::shell_quote(testing::bin_dir() + "/corrchess-server") +
      " timeout -k 5 300 bash walkthrough.sh > output.log 2>&1";
  const auto run = testing::run_command(command);
  const std::string output = read_text(work / "output.log");
  ASSERT_EQ(run.exit_code, 0) << "the walk-through of docs/api.md failed:\n" << output;

  // What the commands printed is what the guide describes.
  EXPECT_NE(output.find("\"status\":\"ok\""), std::string::npos) << output;
  EXPECT_NE(output.find("created user director (role admin)"), std::string::npos) << output;
  EXPECT_NE(output.find("[Result \"1-0\"]"), std::string::npos) << output;
  EXPECT_NE(output.find("\"type\":\"move\""), std::string::npos)
      << "the socket listing shows the moves:\n"
      << output;

  // And the server agrees, asked on its own.
  testing::ApiClient api(server);
  const std::string alice = api.login("alice", "alice-password-1");
  const std::string director = api.login("director", "director-password-1");
  auto me = api.call("GET", "/api/v1/me", director);
  ASSERT_EQ(me.status, 200) << me.body;
  EXPECT_EQ(json::parse(me.body)["role"], "admin");

  auto list = api.call("GET", "/api/v1/games", alice);
  ASSERT_EQ(list.status, 200) << list.body;
  const auto games = json::parse(list.body)["games"];
  ASSERT_EQ(games.size(), 1u) << list.body;
  const auto game = api.game(games[0]["id"].get<std::string>(), alice);
  EXPECT_EQ(game["status"], "finished");
  EXPECT_EQ(game["result"], "1-0");
  EXPECT_EQ(game["termination"], "checkmate");
  ASSERT_EQ(game["moves"].size(), 7u) << game.dump();
  const char* expected[] = {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"};
  for (std::size_t i = 0; i < 7; ++i) EXPECT_EQ(game["moves"][i]["san"], expected[i]) << i;
  EXPECT_EQ(game["moves"][1]["message"], "Good luck!");
  EXPECT_EQ(game["moves"][4]["conditional"], true) << "3.Qh5 was Alice's conditional move";
  EXPECT_EQ(game["moves"][2]["conditional"], false);
  // Bob's first token was logged out by the last step; he can still log in again.
  EXPECT_FALSE(api.login("bob", "bob-password-1").empty());

  // The socket saw every move, Alice's conditional one included, then the end.
  const std::string live = read_text(work / "bob-live.log");
  std::size_t moves_seen = 0;
  for (auto at = live.find("\"type\":\"move\""); at != std::string::npos;
       at = live.find("\"type\":\"move\"", at + 1)) {
    ++moves_seen;
  }
  EXPECT_EQ(moves_seen, 7u) << live;
  EXPECT_NE(live.find("\"type\":\"game_over\""), std::string::npos);
  fs::remove_all(work);
}

TEST(DocsWalkthrough, EveryRouteOfTheServerIsInTheApiGuide) {
  const std::string guide = read_text(fs::path(testing::source_dir()) / "docs" / "api.md");
  testing::TempDatabase db;
  testing::ServerProcess server(db.url());
  ASSERT_TRUE(server.started());
  auto doc = server.request("GET", "/api/v1/openapi.json");
  ASSERT_EQ(doc.status, 200);
  const auto paths = json::parse(doc.body)["paths"];
  ASSERT_GE(paths.size(), 40u);
  for (const auto& [path, operations] : paths.items()) {
    // The guide may add a query string after the path, so `path` followed by a backtick
    // or a question mark both count.
    const bool described = guide.find("`" + path + "`") != std::string::npos ||
                           guide.find("`" + path + "?") != std::string::npos ||
                           guide.find(path + "`") != std::string::npos;
    EXPECT_TRUE(described) << path << " is served but not described in docs/api.md";
    for (const auto& [method, operation] : operations.items()) {
      (void)operation;
      std::string upper = method;
      for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      EXPECT_NE(guide.find(upper), std::string::npos) << upper << " " << path;
    }
  }
}

TEST(DocsWalkthrough, NoLinkLeavesTheRepositoryAndNoneIsBroken) {
  const fs::path root = testing::source_dir();
  std::vector<fs::path> documents = {root / "README.md"};
  for (const auto& entry : fs::directory_iterator(root / "docs")) {
    if (entry.path().extension() == ".md") documents.push_back(entry.path());
  }
  ASSERT_GE(documents.size(), 4u) << "README.md and docs/{rules,api,operations}.md";
  const std::regex link(R"(\]\(([^)\s]+)\))");
  std::size_t links = 0;
  for (const auto& document : documents) {
    const std::string text = read_text(document);
    ASSERT_FALSE(text.empty()) << document;
    EXPECT_EQ(text.rfind("# ", 0), 0u) << document << " starts with a title";
    for (std::sregex_iterator it(text.begin(), text.end(), link), end; it != end; ++it) {
      std::string target = (*it)[1].str();
      ++links;
      EXPECT_EQ(target.find("://"), std::string::npos)
          << document << " links outside the repository: " << target;
      EXPECT_NE(target.rfind("mailto:", 0), 0u) << document << ": " << target;
      if (const auto hash = target.find('#'); hash != std::string::npos) target.resize(hash);
      if (target.empty()) continue;  // a link to a heading of the same page
      EXPECT_TRUE(fs::exists(document.parent_path() / target))
          << document << " links to a missing file: " << target;
    }
  }
  EXPECT_GE(links, 6u) << "the README and the docs link each other";
}

}  // namespace
}  // namespace corrchess
