// Loose playouts and priors. A chain with one true liberty left is the Loose "atari": the
// opponent can take that point and flip the chain. The playout prefers, after the opponent's
// last placement: flipping the chain just played when it has one true liberty, else saving one
// of our chains next to it that has one (by playing on that liberty, when legal); otherwise
// the game's own random move, re-drawn when it would fill one of our own eyes (an empty point
// whose neighbours are all ours: always a true liberty, and filling it only removes one).
// Priors: flips (measured by playing the move on a copy), minus own-eye fills and early passes.
#pragma once

#include <bitset>

#include "bot/policy.h"
#include "games/loose.h"

namespace stonegrid::bot {

// Up to 2 distinct true liberties of the chain at `stone`; returns how many (0, 1 or 2).
inline int loose_true_liberties(const Loose& g, Point stone, Point* libs) {
  const Geometry& geo = g.geometry();
  const Color c = g.at(stone);
  std::bitset<max_points> seen;
  Point stack[max_points];
  int top = 0, count = 0;
  stack[top++] = stone;
  seen.set(stone);
  while (top > 0) {
    const Point s = stack[--top];
    for (int k = 0; k < geo.degree[s]; ++k) {
      const Point n = geo.neighbours[s][k];
      if (seen[n]) continue;
      if (g.at(n) == c) {
        seen.set(n);
        stack[top++] = n;
      } else if (g.is_true_liberty(n)) {
        seen.set(n);
        libs[count++] = n;
        if (count == 2) return 2;
      }
    }
  }
  return count;
}

template <>
class Policy<Loose> {
 public:
  Move playout_move(const Loose& g, Point last, Point /*prev*/, Rng& rng) const {
    const Color me = g.color_to_move();
    if (last != no_point && g.at(last) != Color::empty && rng.below(10) != 0) {
      Point libs[2];
      if (g.at(last) == opponent(me) && loose_true_liberties(g, last, libs) == 1 &&
          g.check(Move::place(libs[0])) == Illegal::none)
        return Move::place(libs[0]);
      const Geometry& geo = g.geometry();
      for (int k = 0; k < geo.degree[last]; ++k) {
        const Point q = geo.neighbours[last][k];
        if (g.at(q) == me && loose_true_liberties(g, q, libs) == 1 &&
            g.check(Move::place(libs[0])) == Illegal::none)
          return Move::place(libs[0]);
      }
    }
    for (int tries = 0; tries < 4; ++tries) {
      const Move m = g.random_move(rng);
      if (!m.is_place() || !own_eye(g, m.point(), me)) return m;
    }
    // Scan for a legal placement that is not an own eye; pass when there is none.
    const int points = g.geometry().points;
    const int start = static_cast<int>(rng.below(static_cast<uint32_t>(points)));
    for (int i = 0; i < points; ++i) {
      const Point p = static_cast<Point>((start + i) % points);
      if (g.at(p) == Color::empty && !own_eye(g, p, me) && g.check(Move::place(p)) == Illegal::none)
        return Move::place(p);
    }
    return Move::pass();
  }

  void priors(const Turns<Loose>& t, Point last, Point /*prev*/, const ActionList& list, Prior* out) const {
    const Loose& g = t.game();
    const Geometry& geo = g.geometry();
    const Color me = g.color_to_move();
    for (int i = 0; i < list.count; ++i) {
      Prior& prior = out[i];
      prior = Prior{};
      prior.even(10);
      const Action a = list.actions[i];
      if (a == pass_action) {
        if (g.passes() == 0) prior.bad(10);
        continue;
      }
      const Point p = static_cast<Point>(a);
      if (own_eye(g, p, me)) {
        prior.bad(30);
        continue;
      }
      bool touches_enemy = false;
      for (int k = 0; k < geo.degree[p]; ++k)
        touches_enemy = touches_enemy || g.at(geo.neighbours[p][k]) == opponent(me);
      if (touches_enemy) {
        Loose after = g;
        if (after.play(Move::place(p))) {
          const int flipped = static_cast<int>(after.last_flipped().count());
          if (flipped > 0) prior.good(10 + 2 * std::min(flipped, 10));
        }
      }
      if (last != no_point && std::abs(geo.column(p) - geo.column(last)) <= 1 &&
          std::abs(geo.row(p) - geo.row(last)) <= 1)
        prior.good(3);
    }
  }

  static int winner(const Loose& g) {
    if (g.is_over()) return g.outcome().winner_player;
    const Score s = g.score();
    if (s.black > s.white) return 1;
    if (s.white > s.black) return 2;
    // A tie: the last placer loses; White if nobody placed a stone.
    return g.last_placer() ? 3 - g.last_placer() : 1;
  }
  static bool playout_done(const Loose&, int) { return false; }
};

}  // namespace stonegrid::bot
