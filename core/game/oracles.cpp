#include "core/game/oracles.h"

#include <bit>

namespace corrchess::game {
namespace {

using chess::Position;

const MaterialMateOracle kDefaultMateOracle;
const NoTablebase kDefaultTablebase;

}  // namespace

std::string_view to_string(Wdl wdl) {
  switch (wdl) {
    case Wdl::kLoss: return "loss";
    case Wdl::kBlessedLoss: return "blessed_loss";
    case Wdl::kDraw: return "draw";
    case Wdl::kCursedWin: return "cursed_win";
    case Wdl::kWin: return "win";
  }
  return "?";
}

bool MaterialMateOracle::can_mate(const Position& pos, Color side) const {
  if (pos.is_insufficient_material()) return false;
  // A lone king never gives mate.
  return std::popcount(pos.pieces(side)) > 1;
}

bool UnwinnabilityMateOracle::can_mate(const Position& pos, Color side) const {
  return winnability(pos, side) != chess::Winnability::kUnwinnable;
}

chess::Winnability UnwinnabilityMateOracle::winnability(const Position& pos, Color side) const {
  // Every request replays its game up to the current position, so the same positions are
  // asked again and again: remember the answers (the fast path costs a small search too).
  const auto index = static_cast<std::size_t>(chess::index(side));
  const std::pair key{pos.key(), index};
  std::unique_lock lock(mutex_);
  for (;;) {
    if (auto it = cache_.find(key.first); it != cache_.end() && it->second[index] >= 0) {
      return static_cast<chess::Winnability>(it->second[index]);
    }
    if (!in_flight_.contains(key)) break;
    answered_.wait(lock);  // another thread is analysing this position for this side
  }
  in_flight_.insert(key);
  ++analyses_;
  lock.unlock();
  auto verdict = chess::Winnability::kUndetermined;
  try {
    switch (chess::quick_check(pos, side)) {
      case chess::QuickVerdict::kWinnable: verdict = chess::Winnability::kWinnable; break;
      case chess::QuickVerdict::kUnwinnable: verdict = chess::Winnability::kUnwinnable; break;
      case chess::QuickVerdict::kUnknown:
        verdict = chess::analyse_winnability(pos, side, budget_).verdict;
        break;
    }
  } catch (...) {
    lock.lock();
    in_flight_.erase(key);
    answered_.notify_all();  // a waiter analyses it itself
    throw;
  }
  lock.lock();
  if (cache_.size() >= kCacheLimit) cache_.clear();
  auto [it, inserted] = cache_.try_emplace(key.first, std::array<std::int8_t, 2>{-1, -1});
  it->second[index] = static_cast<std::int8_t>(verdict);
  in_flight_.erase(key);
  answered_.notify_all();
  return verdict;
}

std::uint64_t UnwinnabilityMateOracle::analyses() const {
  const std::lock_guard lock(mutex_);
  return analyses_;
}

const MateOracle& Oracles::mate_oracle() const { return mate ? *mate : kDefaultMateOracle; }
const TablebaseOracle& Oracles::tablebase_oracle() const {
  return tablebase ? *tablebase : kDefaultTablebase;
}
const MateOracle& Oracles::evidence_oracle() const { return evidence ? *evidence : mate_oracle(); }

}  // namespace corrchess::game
