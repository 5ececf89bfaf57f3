// The visitor of std::visit made of lambdas, one per alternative: std::visit(Overloaded{...}).
#pragma once

namespace corrchess::game {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
// Spelled out for compilers without class template argument deduction for aggregates
// (clang before 17).
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

}  // namespace corrchess::game
