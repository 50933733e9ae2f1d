// Random games through AnyGame, for the SGF, GTP and invariant tests. A turn is drawn half the
// time from `legal_moves` (uniform: makes passes and an early Looper `take` likely) and half the
// time from the game's own `random_move` (multi-stone Looper ballots, Go's eye-aware playouts).
#pragma once

#include <doctest/doctest.h>

#include "rules/any_game.h"

namespace stonegrid::testing {

inline Move mixed_random_move(const AnyGame& game, Rng& rng) {
  if (rng.below(2) == 0) return game.state().random_move(rng);
  MoveList list;
  game.state().legal_moves(list);
  if (list.count == 0) return game.state().random_move(rng);
  return list.moves[rng.below(static_cast<uint32_t>(list.count))];
}

// A game of `kind` played at random until over (at most 3·N·N turns); with `resign`, the side to
// move resigns at the end if the game is still on.
inline AnyGame random_game(GameKind kind, int size, uint64_t seed, bool resign = false) {
  std::string error;
  GameSettings settings;
  settings.kind = kind;
  settings.size = size;
  std::optional<AnyGame> game = AnyGame::create(settings, error);
  REQUIRE(game);
  Rng rng(seed);
  for (int k = 0; k < 3 * size * size && !game->state().is_over(); ++k) {
    Move move = mixed_random_move(*game, rng);
    Illegal why = game->play(move);
    REQUIRE(why == Illegal::none);
  }
  if (resign && !game->state().is_over()) REQUIRE(game->play(Move::resign()) == Illegal::none);
  return *game;
}

}  // namespace stonegrid::testing
