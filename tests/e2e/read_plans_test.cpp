// The plans of the hot reads on a populated database (issue 40, "a million games"): no read a
// player or director makes may scan a large table from end to end.
//
// A private PostgreSQL cluster with auto_explain (every statement's plan logged as JSON,
// nested statements too) holds two databases. In `pool` a real server with the manual
// clock plays four template games through the API (a resignation, a draw by agreement, a
// game in play, a section game left waiting for adjudication at its end date); in `bench`,
// bench/populate.sql (the generator of bench/populate) makes a federation of them at scale
// 0.02 (20,000 finished games, 1,000 in play, 24 monthly rating lists) with 10,000 players
// and 200 sections. Then a real server on `bench` answers the reads of bench/reads (game
// lists with their filters and pages, games, PGN, profiles, rating histories, events and
// crosstables, pages of the events list, of a rating list and of the adjudication queue, the
// whole queue twice (the second read from its kept evidence), the archive export, the player
// search; its scheduler sweeps at start and the competition starter runs once), and every
// plan it logged is read back: a Seq Scan of a table of at least kLargeRows rows fails the
// test, naming the statement, and so does an index scan of such a table whose condition
// leaves the index's first column free (a walk through the whole index).
#include <gtest/gtest.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/api_client.h"
#include "tests/support/private_cluster.h"
#include "tests/support/server_process.h"
#include "tests/support/test_env.h"

namespace corrchess::testing {
namespace {

using nlohmann::json;

// A table this large (after ANALYZE) is never read whole by a hot read. (Smaller ones, such
// as the 2,000 event games here, are read whole where that is cheaper than looking rows up:
// at a federation's size the planner looks them up.)
constexpr double kLargeRows = 5000;

// Twenty plies of a Ruy Lopez: every template game starts with them.
const std::vector<std::string> kTemplateOpening = {"e4",  "e5",  "Nf3", "Nc6", "Bb5", "a6",  "Ba4",
                                                   "Nf6", "O-O", "Be7", "Re1", "b5",  "Bb3", "d6",
                                                   "c3",  "O-O", "h3",  "Nb8", "d4",  "Nbd7"};

// The RFC 3339 instant a day after `rfc3339`.
std::string day_after(const std::string& rfc3339) {
  const std::time_t t = static_cast<std::time_t>(epoch_seconds(rfc3339) + 86400);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

std::string database_url_of(const PrivateCluster& cluster, const std::string& name) {
  auto url = cluster.url();
  return url.replace(url.find("dbname=postgres"), std::string("dbname=postgres").size(),
                     "dbname=" + name);
}

// Runs psql with `args`; its output, and a test failure when it fails.
std::string run_psql(const std::string& url, const std::string& args) {
  const auto run =
      run_command("psql -X -q -At -v ON_ERROR_STOP=1 " + shell_quote(url) + " " + args + " 2>&1");
  EXPECT_EQ(run.exit_code, 0) << "psql " << args << ":\n" << run.out;
  return run.out;
}

std::string run_sql(const std::string& url, const std::string& statement) {
  return run_psql(url, "-c " + shell_quote(statement));
}

// Plays the opening in game `id` with the tokens of White and Black; the last move offers a
// draw when `offer_draw`.
void play_opening(const ApiClient& api, const std::string& id, const std::string& white,
                  const std::string& black, bool offer_draw = false) {
  for (std::size_t ply = 0; ply < kTemplateOpening.size(); ++ply) {
    json extra = json::object();
    if (offer_draw && ply + 1 == kTemplateOpening.size()) extra["offer_draw"] = true;
    api.play(id, ply % 2 == 0 ? white : black, kTemplateOpening[ply], extra);
  }
}

// A whole read of a large table found in a logged plan: a Seq Scan, or an index scan whose
// condition leaves the index's first column free (a walk through the whole index, as a
// condition on its second column alone makes).
struct WholeRead {
  std::string relation;
  std::string how;
  std::string query;
};

struct IndexHead {
  std::string table;
  std::string first_column;
};

bool mentions(const std::string& condition, const std::string& column) {
  const std::regex word("(^|[^A-Za-z0-9_])" + column + "([^A-Za-z0-9_]|$)");
  return std::regex_search(condition, word);
}

void find_scans(const json& node, const std::set<std::string>& large,
                const std::map<std::string, IndexHead>& indexes, const std::string& query,
                std::vector<WholeRead>& out) {
  if (!node.is_object()) return;
  const auto type = node.value("Node Type", "");
  if (type == "Seq Scan" && large.count(node.value("Relation Name", ""))) {
    out.push_back({node.value("Relation Name", ""), "Seq Scan", query});
  }
  const auto index = indexes.find(node.value("Index Name", ""));
  if ((type == "Index Scan" || type == "Index Only Scan" || type == "Bitmap Index Scan") &&
      index != indexes.end() && large.count(index->second.table) && node.contains("Index Cond") &&
      !mentions(node.value("Index Cond", ""), index->second.first_column)) {
    out.push_back({index->second.table,
                   type + " of all of " + index->first + " (" + node.value("Index Cond", "") +
                       " leaves its first column, " + index->second.first_column + ", free)",
                   query});
  }
  if (node.contains("Plans")) {
    for (const auto& child : node["Plans"]) find_scans(child, large, indexes, query, out);
  }
}

// The plans auto_explain wrote to `log` after `offset`, each as {"Query Text", "Plan"}.
std::vector<json> logged_plans(const std::string& log, std::streamoff offset) {
  std::ifstream in(log);
  in.seekg(offset);
  std::stringstream text;
  text << in.rdbuf();
  // An entry starts with the log line prefix (%m [%p]): "2030-01-01 10:00:00.123 UTC [42] ".
  static const std::regex kEntryStart(R"(^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})");
  std::vector<json> plans;
  std::string entry, line;
  const auto flush = [&] {
    const auto marker = entry.find("plan:");
    if (marker != std::string::npos) {
      const auto open = entry.find('{', marker);
      if (open != std::string::npos) {
        auto plan = json::parse(entry.substr(open), nullptr, false);
        if (!plan.is_discarded()) plans.push_back(std::move(plan));
      }
    }
    entry.clear();
  };
  while (std::getline(text, line)) {
    if (std::regex_search(line, kEntryStart)) flush();
    entry += line + "\n";
  }
  flush();
  return plans;
}

TEST(ReadPlans, NoHotReadScansALargeTable) {
  PrivateCluster cluster({"shared_preload_libraries = 'auto_explain'",
                          "auto_explain.log_min_duration = -1", "auto_explain.log_format = json",
                          "auto_explain.log_nested_statements = on",
                          "log_line_prefix = '%m [%p] '"});
  ASSERT_TRUE(cluster.started()) << "initdb/pg_ctl failed";
  const auto pool_url = database_url_of(cluster, "pool");
  const auto bench_url = database_url_of(cluster, "bench");
  run_sql(cluster.url(), "CREATE DATABASE pool");
  run_sql(cluster.url(), "CREATE DATABASE bench");
  const ServerEnv utc = {{"CORRCHESS_TIMEZONE", "UTC"}};

  // The template games, played by a real server (it migrates `pool` as it starts).
  {
    ServerProcess server(pool_url, director_env(true, utc));
    ASSERT_TRUE(server.started()) << server.output();
    ApiClient api(server);
    const auto td = api.login(kDirector, kDirectorPassword);
    const auto white = api.sign_up("tw0001");
    const auto black = api.sign_up("tb0001");
    const auto resigned = api.create_game(td, "tw0001", "tb0001");
    play_opening(api, resigned, white, black);
    api.expect("POST", "/api/v1/games/" + resigned + "/resign", white);
    const auto drawn = api.create_game(td, "tw0001", "tb0001");
    play_opening(api, drawn, white, black, true);
    api.expect("POST", "/api/v1/games/" + drawn + "/draw/accept", white);
    const auto in_play = api.create_game(td, "tw0001", "tb0001");
    play_opening(api, in_play, white, black);
    // A section whose end date comes while its game is in play: adjudication pending.
    const auto now = api.expect("GET", "/api/v1/admin/clock", td)["now"].get<std::string>();
    const auto event = api.create_event(td, "Template section", {"tw0001", "tb0001"},
                                        {{"end_at", day_after(now)}});
    const auto section_game = api.start_event(td, event);
    const auto id = section_game["id"].get<std::string>();
    const bool swapped = section_game["white"] != "tw0001";
    play_opening(api, id, swapped ? black : white, swapped ? white : black);
    api.advance_clock(td, 2 * 86400);
    ASSERT_TRUE(wait_until([&] { return api.game(id, td)["status"] == "adjudication_pending"; },
                           std::chrono::seconds(20), std::chrono::milliseconds(50)))
        << "the section's game never became adjudication pending";
  }

  // The federation, made by bench/populate.sql from the templates.
  const auto migrate =
      run_command("DATABASE_URL=" + shell_quote(bench_url) + " CORRCHESS_LOG_LEVEL=warn " +
                  bin_dir() + "/corrchess-server migrate 2>&1");
  ASSERT_EQ(migrate.exit_code, 0) << migrate.out;
  run_sql(bench_url, "CREATE SCHEMA populate");
  for (const std::string table :
       {"games", "moves", "game_events", "claims", "events", "users", "rating_lists"}) {
    run_sql(bench_url, "CREATE TABLE populate.pool_" + table + " (LIKE public." + table + ")");
    const auto copy =
        run_command("psql -X -q -v ON_ERROR_STOP=1 " + shell_quote(pool_url) + " -c " +
                    shell_quote("\\copy (SELECT * FROM public." + table + ") TO STDOUT") +
                    " | psql -X -q -v ON_ERROR_STOP=1 " + shell_quote(bench_url) + " -c " +
                    shell_quote("\\copy populate.pool_" + table + " FROM STDIN") + " 2>&1");
    ASSERT_EQ(copy.exit_code, 0) << copy.out;
  }
  // 10,000 players and 200 sections: tables of the size they have beside a million games (a
  // hundred thousand players, 110,000 section games) are never joined by reading them whole,
  // and small ones would be.
  run_psql(bench_url, "-v scale=0.02 -v users=10000 -v events=200 -o /dev/null -f " +
                          shell_quote(source_dir() + "/bench/populate.sql"));
  run_sql(bench_url, "DROP SCHEMA populate CASCADE");
  run_sql(bench_url, "VACUUM ANALYZE");  // as autovacuum keeps a live database
  std::set<std::string> large;
  std::map<std::string, long> rows;
  std::istringstream listed(
      run_sql(bench_url,
              "SELECT relname || ' ' || reltuples::bigint FROM pg_class WHERE "
              "relnamespace = 'public'::regnamespace AND relkind = 'r' AND reltuples >= " +
                  std::to_string(kLargeRows)));
  for (std::string name; listed >> name;) listed >> rows[name], large.insert(name);
  ASSERT_GE(rows["games"], 20000) << "the population is too small for the planner to matter";
  ASSERT_GE(rows["moves"], 200000);
  ASSERT_GE(rows["users"], 10000);
  for (const std::string table :
       {"rating_list_entries", "rating_list_games", "game_events", "event_games"}) {
    ASSERT_TRUE(large.count(table)) << table << " has " << rows[table] << " rows";
  }

  // Each index of the schema: its table and first column (expression indexes left out).
  std::map<std::string, IndexHead> indexes;
  std::istringstream listed_indexes(run_sql(
      bench_url,
      "SELECT i.relname || ' ' || t.relname || ' ' || a.attname FROM pg_index x JOIN pg_class i "
      "ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_attribute a ON "
      "a.attrelid = t.oid AND a.attnum = x.indkey[0] WHERE t.relnamespace = "
      "'public'::regnamespace"));
  for (std::string name, table, column; listed_indexes >> name >> table >> column;) {
    indexes[name] = {table, column};
  }
  ASSERT_TRUE(indexes.count("games_white_idx"));

  const auto heavy = run_sql(bench_url, "SELECT username FROM users WHERE id = 1");
  const auto light = run_sql(bench_url,
                             "SELECT u.username FROM users u JOIN games g ON g.white_id = u.id "
                             "WHERE u.id > 1000 GROUP BY u.username ORDER BY count(*), u.username "
                             "LIMIT 1");
  const auto trim = [](std::string s) { return s.substr(0, s.find('\n')); };
  const auto ids = [&](const std::string& statement) {
    std::vector<std::string> out;
    std::istringstream in(run_sql(bench_url, statement));
    for (std::string id; in >> id;) out.push_back(id);
    return out;
  };
  const auto finished =
      ids("SELECT id FROM games WHERE status = 'finished' ORDER BY id DESC LIMIT 2");
  const auto playing = ids("SELECT id FROM games WHERE status = 'ongoing' ORDER BY id LIMIT 2");
  const auto events = ids("SELECT id FROM events ORDER BY id LIMIT 2");
  const auto period =
      trim(run_sql(bench_url,
                   "SELECT period FROM rating_lists WHERE pool = 'standard' ORDER BY first_day "
                   "DESC LIMIT 1"));
  // Every plan from here on is logged.
  run_sql(cluster.url(), "ALTER DATABASE bench SET auto_explain.log_min_duration = 0");
  std::ifstream log_at_start(cluster.log_file(), std::ios::ate);
  const auto offset = log_at_start.tellg();

  {
    ServerProcess server(bench_url, director_env(false, utc));
    ASSERT_TRUE(server.started()) << server.output();
    ApiClient api(server);
    const auto td = api.login(kDirector, kDirectorPassword);
    std::vector<std::pair<std::string, std::string>> reads;  // path, token
    for (const auto& name : {trim(heavy), trim(light)}) {
      const auto token = api.login(name);
      ASSERT_FALSE(token.empty()) << name;
      const auto page = api.expect("GET", "/api/v1/games?limit=20", token);
      ASSERT_FALSE(page["games"].empty()) << name;
      const auto opponent = page["games"][0]["opponent"]["username"].get<std::string>();
      reads.insert(reads.end(), {{"/api/v1/games", token},
                                 {"/api/v1/games?status=active&to_move=me", token},
                                 {"/api/v1/games?status=active", token},
                                 {"/api/v1/games?opponent=" + opponent, token},
                                 {"/api/v1/games?event=" + events[0], token},
                                 {"/api/v1/me", token},
                                 {"/api/v1/users/" + name, token},
                                 {"/api/v1/users/" + name + "/ratings", token},
                                 {"/api/v1/admin/users/" + name + "/games", td}});
      if (!page["next_cursor"].is_null()) {
        reads.emplace_back(
            "/api/v1/games?limit=20&cursor=" + page["next_cursor"].get<std::string>(), token);
      }
    }
    reads.emplace_back("/api/v1/users/" + trim(light) + "/games", td);  // the archive export
    for (const auto& id : finished) {
      reads.insert(reads.end(),
                   {{"/api/v1/games/" + id, td}, {"/api/v1/games/" + id + "/pgn", td}});
    }
    for (const auto& id : playing) reads.emplace_back("/api/v1/games/" + id, td);
    for (const auto& id : events) {
      reads.insert(reads.end(),
                   {{"/api/v1/events/" + id, td}, {"/api/v1/events/" + id + "/crosstable", td}});
    }
    reads.insert(reads.end(), {{"/api/v1/events?status=running", td},
                               {"/api/v1/users?prefix=p12", td},
                               {"/api/v1/ratings/lists", td},
                               {"/api/v1/admin/adjudications", td},
                               {"/api/v1/admin/adjudications", td}});  // the evidence kept
    // The long lists a page at a time, the first page and the next.
    for (const std::string& first : {std::string("/api/v1/events?status=all&limit=20"),
                                     std::string("/api/v1/events?status=finished&limit=20"),
                                     "/api/v1/ratings/lists/" + period + "?limit=100",
                                     std::string("/api/v1/admin/adjudications?limit=2")}) {
      const auto page = api.expect("GET", first, td);
      reads.emplace_back(first, td);
      if (!page["next_cursor"].is_null()) {
        reads.emplace_back(first + "&cursor=" + page["next_cursor"].get<std::string>(), td);
      }
    }
    for (const auto& [path, token] : reads) {
      const auto answer = api.call("GET", path, token);
      EXPECT_EQ(answer.status, 200) << path << ": " << answer.body.substr(0, 300);
    }
    api.expect("POST", "/api/v1/admin/competitions/run", td);
    server.stop();
  }

  const auto plans = logged_plans(cluster.log_file(), offset);
  ASSERT_GT(plans.size(), 50u) << "auto_explain logged no plans: is it loaded?";
  std::vector<WholeRead> scans;
  for (const auto& plan : plans) {
    find_scans(plan.value("Plan", json::object()), large, indexes, plan.value("Query Text", ""),
               scans);
  }
  std::set<std::string> reported;
  for (const auto& scan : scans) {
    if (!reported.insert(scan.relation + scan.how + scan.query).second) continue;
    ADD_FAILURE() << scan.how << " on " << scan.relation << " (" << rows[scan.relation]
                  << " rows) in:\n"
                  << scan.query.substr(0, 600);
  }
}

}  // namespace
}  // namespace corrchess::testing
