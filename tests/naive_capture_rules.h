// The capture games' rules (Go, Square Squared) done the slow, obvious way, as a reference for
// tests/test_go.cpp and tests/test_squaresquared.cpp: `compare_with_naive<G>` plays random
// games and checks every point's legality and every resulting board against it.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "rules/game.h"
#include "rules/stones.h"

namespace stonegrid::testing {

// The capture games' playout policy: a legal placement that fills no one-point eye of the
// mover, or a pass when there is none.
template <typename G>
void check_random_move(const G& game, const Move& move) {
  const Color me = game.color_to_move();
  const Stones& board = game.stones();
  if (move.is_place()) {
    CHECK(game.check(move) == Illegal::none);
    CHECK_FALSE(board.is_one_point_eye(move.point(), me));
    return;
  }
  CHECK(move == Move::pass());
  for (Point p = 0; p < game.geometry().points; ++p)
    if (board.at(p) == Color::empty && !board.is_one_point_eye(p, me))
      CHECK(game.check(Move::place(p)) != Illegal::none);
}

// The rules of RULINGS.md done the slow, obvious way on a plain vector of colours: flood fills
// for chains and liberties, every earlier board kept whole. `remove_own` is Square Squared's
// self-removal; without it a chain left without a liberty makes the move a suicide.
struct Naive {
  int size;
  std::vector<Color> board;
  std::vector<std::vector<Color>> earlier;

  std::vector<int> chain_at(const std::vector<Color>& b, int start, bool& has_liberty) const {
    std::vector<int> chain{start};
    std::vector<bool> seen(b.size(), false);
    seen[start] = true;
    has_liberty = false;
    for (size_t i = 0; i < chain.size(); ++i) {
      const int s = chain[i], c = s % size, r = s / size;
      const int next[4][2] = {{c + 1, r}, {c - 1, r}, {c, r + 1}, {c, r - 1}};
      for (const auto& n : next) {
        if (n[0] < 0 || n[1] < 0 || n[0] >= size || n[1] >= size) continue;
        const int q = n[1] * size + n[0];
        if (b[q] == Color::empty) has_liberty = true;
        if (b[q] == b[s] && !seen[q]) {
          seen[q] = true;
          chain.push_back(q);
        }
      }
    }
    return chain;
  }
  // Removes every chain of colour `c` without a liberty; returns how many stones went.
  int remove_dead(std::vector<Color>& b, Color c) const {
    std::vector<int> dead;
    for (int p = 0; p < static_cast<int>(b.size()); ++p) {
      if (b[p] != c) continue;
      bool liberty = false;
      chain_at(b, p, liberty);
      if (!liberty) dead.push_back(p);
    }
    for (int p : dead) b[p] = Color::empty;
    return static_cast<int>(dead.size());
  }
  // The reason a placement is refused (none, occupied, suicide, superko) and the board after it.
  Illegal try_place(int p, Color c, bool remove_own, std::vector<Color>& after) const {
    if (board[p] != Color::empty) return Illegal::occupied;
    after = board;
    after[p] = c;
    remove_dead(after, opponent(c));
    if (remove_own) {
      remove_dead(after, c);
    } else {
      bool liberty = false;
      chain_at(after, p, liberty);
      if (!liberty) return Illegal::suicide;
    }
    for (const auto& b : earlier)
      if (b == after) return Illegal::superko;
    return Illegal::none;
  }
};

template <typename G>
void compare_with_naive(int size, uint64_t seed, int games, bool remove_own) {
  Rng rng(seed);
  for (int round = 0; round < games; ++round) {
    typename G::Rules rules;
    rules.size = size;
    G game(rules);
    Naive naive{size, std::vector<Color>(size * size, Color::empty), {}};
    naive.earlier.push_back(naive.board);
    for (int turn = 0; turn < 4 * size * size && !game.is_over(); ++turn) {
      const Color me = game.color_to_move();
      for (Point p = 0; p < size * size; ++p) {
        std::vector<Color> after;
        REQUIRE(game.check(Move::place(p)) == naive.try_place(p, me, remove_own, after));
      }
      // Mostly placements, chosen uniformly among the legal ones; a pass now and then.
      MoveList list;
      game.legal_moves(list);
      Move move = list.moves[rng.below(static_cast<uint32_t>(list.count))];
      if (move == Move::pass() && list.count > 1 && rng.below(4) != 0) move = list.moves[0];
      if (move.is_place()) {
        std::vector<Color> after;
        REQUIRE(naive.try_place(move.point(), me, remove_own, after) == Illegal::none);
        naive.board = after;
        naive.earlier.push_back(after);
      }
      REQUIRE(game.play(move));
      for (Point p = 0; p < size * size; ++p) REQUIRE(game.at(p) == naive.board[p]);
    }
  }
}

}  // namespace stonegrid::testing
