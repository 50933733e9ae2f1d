// `type_of<G>()`: the table line of a game class — its state behind the `GameState` interface
// (`StateOf<G>`, game_type.h), its facts, and its search. Include it (with the game's policy header,
// bot/policy_<game>.h) where a game is put in the table: core/bot/game_table.cpp, or a test that registers a
// game.
#pragma once

#include <memory>

#include "bot/search.h"
#include "rules/game_type.h"

namespace stonegrid {

template <Game G>
class TypeOf final : public GameType {
 public:
  constexpr TypeOf() : GameType(G::facts) {}
  std::unique_ptr<GameState> create(const RuleChoices& choices) const override {
    return std::make_unique<StateOf<G>>(G(choices));
  }
  std::unique_ptr<bot::Search> search(const GameState& state, const bot::SearchOptions& options,
                                      Point last) const override {
    return std::make_unique<bot::SearchOf<G>>(static_cast<const StateOf<G>&>(state).game(), options, last);
  }
  int random_playout(GameState& state, Rng& rng) const override {
    G& g = static_cast<StateOf<G>&>(state).game();
    const int start = g.status().stage;
    const int cap = 3 * g.geometry().size * g.geometry().size;
    for (int n = 0; n < cap && !g.status().over() && !bot::Policy<G>::playout_done(g, start); ++n)
      g.play(g.random_move(rng));
    return bot::Policy<G>::winner(g);
  }
  int random_moves(GameState& state, Rng& rng, int cap) const override {
    return random_moves_of(static_cast<StateOf<G>&>(state).game(), rng, cap);
  }
};

// One benchmark playout (bench.cpp): never inlined, so that each playout is a call of its own
// (WebAssembly moves a function to optimised code only on a later call).
template <Game G>
[[gnu::noinline]] int random_moves_of(G& g, Rng& rng, int cap) {
  int moves = 0;
  for (; moves < cap && !g.status().over(); ++moves) {
    // A game that can judge and play its random move in one step (Loose: `play_random`, the same
    // moves) does.
    if constexpr (requires { g.play_random(rng); })
      g.play_random(rng);
    else if constexpr (requires { g.play_legal(Move{}); })
      g.play_legal(g.random_move(rng));
    else
      g.play(g.random_move(rng));
  }
  return moves;
}

// The one table line of `G` (a function-local static: made on first use).
template <Game G>
const GameType& type_of() {
  static const TypeOf<G> type;
  return type;
}

}  // namespace stonegrid
