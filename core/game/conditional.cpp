#include "core/game/conditional.h"

#include <algorithm>
#include <functional>
#include <utility>

#include "core/chess/notation.h"

namespace corrchess::game {

Result<ConditionalTree> ConditionalTree::build(const chess::Position& current, Color owner,
                                               const std::vector<ConditionalLine>& lines) {
  if (current.side_to_move() == owner && !lines.empty()) {
    return fail(ErrorCode::kValidationError,
                "conditional moves can be stored only while the opponent is to move");
  }
  ConditionalTree tree;
  for (std::size_t li = 0; li < lines.size(); ++li) {
    const ConditionalLine& line = lines[li];
    const std::string where = "line " + std::to_string(li + 1);
    if (line.empty()) return fail(ErrorCode::kValidationError, where + " is empty");
    if (line.size() % 2 != 0) {
      return fail(ErrorCode::kValidationError,
                  where + " must end with your reply to the opponent's last move");
    }
    chess::Position pos = current;
    std::vector<Branch>* level = &tree.branches_;
    for (std::size_t i = 0; i < line.size(); i += 2) {
      std::string uci[2];
      for (int k = 0; k < 2; ++k) {
        auto move = chess::parse_move(pos, line[i + k]);
        if (!move) {
          return fail(move.error().code, where + ", move " + std::to_string(i + k + 1) + " '" +
                                             line[i + k] + "': " + move.error().detail);
        }
        uci[k] = chess::to_uci(pos, *move);
        pos.play(*move);
      }
      auto it = std::find_if(level->begin(), level->end(),
                             [&](const Branch& b) { return b.opponent_move == uci[0]; });
      if (it == level->end()) {
        level->push_back(Branch{uci[0], uci[1], {}});
        std::sort(level->begin(), level->end(), [](const Branch& a, const Branch& b) {
          return a.opponent_move < b.opponent_move;
        });
        it = std::find_if(level->begin(), level->end(),
                          [&](const Branch& b) { return b.opponent_move == uci[0]; });
      } else if (it->reply != uci[1]) {
        return fail(ErrorCode::kValidationError,
                    where + ": two different replies to the same opponent move ('" + it->reply +
                        "' and '" + uci[1] + "' after '" + uci[0] + "')");
      }
      level = &it->children;
    }
  }
  return tree;
}

void ConditionalTree::collect(const std::vector<Branch>& branches, ConditionalLine& prefix,
                              std::vector<ConditionalLine>& out) {
  for (const Branch& b : branches) {
    prefix.push_back(b.opponent_move);
    prefix.push_back(b.reply);
    if (b.children.empty()) {
      out.push_back(prefix);
    } else {
      collect(b.children, prefix, out);
    }
    prefix.pop_back();
    prefix.pop_back();
  }
}

std::vector<ConditionalLine> ConditionalTree::lines() const {
  std::vector<ConditionalLine> out;
  ConditionalLine prefix;
  collect(branches_, prefix, out);
  return out;
}

std::vector<ConditionalLine> ConditionalTree::lines_san(const chess::Position& current) const {
  std::vector<ConditionalLine> out;
  ConditionalLine prefix;
  std::function<void(const std::vector<Branch>&, const chess::Position&)> walk =
      [&](const std::vector<Branch>& branches, const chess::Position& pos) {
        for (const Branch& b : branches) {
          auto first = chess::parse_uci(pos, b.opponent_move);
          if (!first) continue;  // cannot happen for a validated tree
          chess::Position mid = pos.after(*first);
          auto second = chess::parse_uci(mid, b.reply);
          if (!second) continue;
          prefix.push_back(chess::to_san(pos, *first));
          prefix.push_back(chess::to_san(mid, *second));
          if (b.children.empty()) {
            out.push_back(prefix);
          } else {
            walk(b.children, mid.after(*second));
          }
          prefix.pop_back();
          prefix.pop_back();
        }
      };
  walk(branches_, current);
  return out;
}

std::optional<std::string> ConditionalTree::follow(std::string_view opponent_uci) {
  auto it = std::find_if(branches_.begin(), branches_.end(),
                         [&](const Branch& b) { return b.opponent_move == opponent_uci; });
  if (it == branches_.end()) {
    branches_.clear();
    return std::nullopt;
  }
  std::string reply = it->reply;
  std::vector<Branch> children = std::move(it->children);
  branches_ = std::move(children);
  return reply;
}

}  // namespace corrchess::game
