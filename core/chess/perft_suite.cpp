#include "core/chess/perft_suite.h"

#include <charconv>

#include "core/chess/perft.h"
#include "core/chess/position.h"
#include "core/text.h"

namespace corrchess::chess {

namespace {

using text::trim_ascii_space;

bool starts_with_word(std::string_view line, std::string_view word) {
  return line.size() > word.size() && line.starts_with(word) &&
         (line[word.size()] == ' ' || line[word.size()] == '\t');
}

template <class T>
bool parse_number(std::string_view s, T& out) {
  s = trim_ascii_space(s);
  if (s.empty()) return false;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc{} && ptr == s.data() + s.size();
}

int count_fields(std::string_view s) {
  int n = 0;
  bool in_field = false;
  for (char c : s) {
    const bool space = c == ' ' || c == '\t';
    if (!space && !in_field) ++n;
    in_field = !space;
  }
  return n;
}

}  // namespace

std::string complete_fen_counters(std::string_view fen) {
  const std::string_view t = trim_ascii_space(fen);
  const int n = count_fields(t);
  if (n == 4) return std::string(t) + " 0 1";
  if (n == 5) return std::string(t) + " 1";
  return std::string(t);
}

Result<std::vector<PerftSuiteEntry>> parse_perft_suite(std::string_view text) {
  std::vector<PerftSuiteEntry> entries;
  int line_no = 0;
  bool in_block = false;  // the last entry came from an `id`/`epd` block and takes `perft` lines
  auto bad = [&line_no](const std::string& why) {
    return fail(ErrorCode::kValidationError, "line " + std::to_string(line_no) + ": " + why);
  };
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    std::string_view raw = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    ++line_no;
    const std::string_view line = trim_ascii_space(raw);
    if (line.empty() || line.front() == '#') continue;

    if (starts_with_word(line, "id")) {
      PerftSuiteEntry e;
      e.id = std::string(trim_ascii_space(line.substr(2)));
      e.line = line_no;
      entries.push_back(std::move(e));
      in_block = true;
    } else if (starts_with_word(line, "epd")) {
      if (!in_block || !entries.back().fen.empty()) {
        PerftSuiteEntry e;  // an `epd` without its own `id`
        e.id = "line " + std::to_string(line_no);
        e.line = line_no;
        entries.push_back(std::move(e));
        in_block = true;
      }
      entries.back().fen = complete_fen_counters(line.substr(3));
    } else if (starts_with_word(line, "perft")) {
      if (!in_block || entries.back().fen.empty()) return bad("'perft' line outside an epd block");
      const std::string_view rest = trim_ascii_space(line.substr(5));
      const std::size_t sp = rest.find_first_of(" \t");
      PerftExpectation x;
      if (sp == std::string_view::npos || !parse_number(rest.substr(0, sp), x.depth) ||
          !parse_number(rest.substr(sp + 1), x.nodes) || x.depth < 0)
        return bad("expected 'perft DEPTH NODES'");
      entries.back().expected.push_back(x);
    } else {
      // EPD form: FEN ;D1 n ;D2 n ... [# name]
      std::string_view body = line;
      std::string name;
      if (const std::size_t hash = body.find('#'); hash != std::string_view::npos) {
        name = std::string(trim_ascii_space(body.substr(hash + 1)));
        body = trim_ascii_space(body.substr(0, hash));
      }
      const std::size_t semi = body.find(';');
      if (semi == std::string_view::npos) return bad("expected 'FEN ;D1 n ...' or a block keyword");
      PerftSuiteEntry e;
      e.fen = complete_fen_counters(body.substr(0, semi));
      e.id = name.empty() ? "line " + std::to_string(line_no) : name;
      e.line = line_no;
      std::string_view ops = body.substr(semi);
      while (!ops.empty()) {
        ops.remove_prefix(1);  // the ';'
        const std::size_t next = ops.find(';');
        const std::string_view op = trim_ascii_space(ops.substr(0, next));
        ops = next == std::string_view::npos ? std::string_view{} : ops.substr(next);
        if (op.empty()) continue;
        const std::size_t sp = op.find_first_of(" \t");
        PerftExpectation x;
        if (op.front() != 'D' || sp == std::string_view::npos ||
            !parse_number(op.substr(1, sp - 1), x.depth) ||
            !parse_number(op.substr(sp + 1), x.nodes))
          return bad("expected ';D<depth> <nodes>', got '" + std::string(op) + "'");
        e.expected.push_back(x);
      }
      entries.push_back(std::move(e));
      in_block = false;
    }
  }
  for (const auto& e : entries)
    if (e.fen.empty())
      return fail(ErrorCode::kValidationError,
                  "line " + std::to_string(e.line) + ": entry '" + e.id + "' has no epd line");
  return entries;
}

PerftCheckResult check_perft_entry(const PerftSuiteEntry& entry, int max_depth, bool chess960,
                                   bool relaxed) {
  PerftCheckResult result;
  auto pos = relaxed ? Position::from_fen_relaxed(entry.fen, chess960)
                     : Position::from_fen(entry.fen, chess960);
  if (!pos) {
    result.status = PerftCheckStatus::kRejected;
    result.detail = pos.error().detail;
    return result;
  }
  for (const PerftExpectation& x : entry.expected) {
    if (x.depth > max_depth) continue;
    const std::uint64_t got = perft(*pos, x.depth);
    result.nodes += got;
    if (got != x.nodes) {
      result.status = PerftCheckStatus::kMismatch;
      result.depth = x.depth;
      result.expected = x.nodes;
      result.actual = got;
      return result;
    }
  }
  return result;
}

}  // namespace corrchess::chess
