#include "load_options.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

namespace corrchess::bench {

namespace {

[[noreturn]] void usage(const std::string& error) {
  std::fprintf(
      stderr,
      "corrchess-load: %s\n"
      "usage:\n"
      "  corrchess-load moves --port P [--host H] [--games N] [--moves M]\n"
      "                 --admin-user U --admin-password W [--setup-concurrency C]\n"
      "                 [--prefix NAME] [--rate MOVES_PER_S|stdin] [--start-plies A,B,...]\n"
      "                 [--server-pid PID] [--pg-pid PID] [--line pawns|knights]\n"
      "                 [--trace FILE] [--flat-rounds R]\n"
      "  corrchess-load idle-ws --port P [--host H] [--connections K] [--batch B]\n"
      "                 (--token T | --user U --password W) [--hold-seconds S]\n",
      error.c_str());
  std::exit(2);
}

int to_int(const std::string& flag, const std::string& value) {
  try {
    std::size_t used = 0;
    const int v = std::stoi(value, &used);
    if (used != value.size()) throw std::invalid_argument(value);
    return v;
  } catch (const std::exception&) {
    usage(flag + " needs an integer, not '" + value + "'");
  }
}

}  // namespace

Options parse_options(int argc, char** argv) {
  if (argc < 2) usage("missing mode");
  Options o;
  o.mode = argv[1];
  if (o.mode != "moves" && o.mode != "idle-ws") usage("unknown mode '" + o.mode + "'");
  // The flags that just take an integer or a text value.
  const std::map<std::string, int Options::*> int_flags = {
      {"--port", &Options::port},
      {"--games", &Options::games},
      {"--moves", &Options::moves},
      {"--setup-concurrency", &Options::setup_concurrency},
      {"--connections", &Options::connections},
      {"--batch", &Options::batch},
      {"--hold-seconds", &Options::hold_seconds},
      {"--server-pid", &Options::server_pid},
      {"--pg-pid", &Options::pg_pid},
      {"--flat-rounds", &Options::flat_rounds},
  };
  const std::map<std::string, std::string Options::*> text_flags = {
      {"--host", &Options::host},
      {"--admin-user", &Options::admin_user},
      {"--admin-password", &Options::admin_password},
      {"--token", &Options::token},
      {"--user", &Options::user},
      {"--password", &Options::password},
      {"--prefix", &Options::prefix},
      {"--trace", &Options::trace_file},
  };
  for (int i = 2; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) usage(flag + " needs a value");
    const std::string value = argv[++i];
    if (const auto n = int_flags.find(flag); n != int_flags.end()) {
      o.*(n->second) = to_int(flag, value);
    } else if (const auto t = text_flags.find(flag); t != text_flags.end()) {
      o.*(t->second) = value;
    } else if (flag == "--line") {
      if (value != "pawns" && value != "knights") usage("--line is pawns or knights");
      o.pawn_line = value == "pawns";
    } else if (flag == "--rate" && value == "stdin") {
      o.rate_from_stdin = true;
    } else if (flag == "--rate") {
      o.rate = std::stod(value);
      if (!(o.rate >= 0)) usage("--rate must be a number of moves per second >= 0");
    } else if (flag == "--start-plies") {
      o.start_plies.clear();
      std::size_t from = 0;
      while (from <= value.size()) {
        const auto comma = std::min(value.find(',', from), value.size());
        o.start_plies.push_back(to_int(flag, value.substr(from, comma - from)));
        from = comma + 1;
      }
      if (!std::is_sorted(o.start_plies.begin(), o.start_plies.end()) ||
          o.start_plies.front() < 0) {
        usage("--start-plies must be increasing plies >= 0");
      }
    } else {
      usage("unknown option " + flag);
    }
  }
  if (o.port <= 0 || o.port > 65535) usage("--port is required");
  if (o.mode == "moves") {
    if (o.games < 1 || o.moves < 1) usage("--games and --moves must be positive");
    if (o.admin_user.empty() || o.admin_password.empty()) {
      usage("--admin-user and --admin-password are required");
    }
    if (o.setup_concurrency < 1) usage("--setup-concurrency must be positive");
    if (o.flat_rounds < 0 ||
        (o.flat_rounds > 0 && (o.start_plies.size() != 2 || o.moves % o.flat_rounds != 0))) {
      usage("--flat-rounds needs --start-plies A,B and must divide --moves");
    }
    for (std::size_t i = 1; i < o.start_plies.size(); ++i) {
      if (o.start_plies[i] < o.start_plies[i - 1] + o.moves) {
        usage("--start-plies must be at least --moves apart (windows may not overlap)");
      }
    }
  } else {
    if (o.connections < 1 || o.batch < 1) usage("--connections and --batch must be positive");
    if (o.token.empty() && (o.user.empty() || o.password.empty())) {
      usage("give --token, or --user and --password");
    }
  }
  return o;
}

}  // namespace corrchess::bench
