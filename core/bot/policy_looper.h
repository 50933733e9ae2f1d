// Looper playouts and priors.
// Ballot: the mover takes once the black density reaches `take_density` (give or take a
// random margin, so playouts try both sides of it), else places 1–3 random stones (the count
// uniform, not weighted by the number of sets as `Looper::random_move` is).
// Play phase: each side answers the other's last stone the way the two connections work. Black
// connects orthogonally, so a White stone on one of two ways to join black stones (the open
// diagonal: two black stones on a diagonal, two empty common neighbours; the bamboo joint: two
// parallel pairs with two gaps) is answered on the other way. White connects (to block) in all
// eight directions, so a Black stone between two white stones is answered on another point
// that still joins them. Otherwise a random empty point.
#pragma once

#include "bot/policy.h"
#include "bot/turns_looper.h"
#include "games/looper.h"

namespace stonegrid::bot {

class LooperKnowledge {
 public:
  // Black density (black stones / points) at which taking is about even; measured by
  // self-play (docs/benchmarks.md).
  static constexpr double take_density = 0.22;
  // Below this density the search does not consider `take` (unless the ballot has made a loop,
  // which wins at once). Playouts overrate Black there, more the sparser the stones: from
  // random stones at 0.10 they give Black 59 % on 7×7, where 5000-playout self-play gave White
  // every game, so the search took early and lost as Black. 0.18 beat 0.15 and 0.21 in
  // self-play (docs/benchmarks.md).
  static constexpr double take_floor = 0.18;

  // The answer to the opponent's last stone at `last`, or no_point.
  static Point answer(const Looper& g, Point last, Rng* rng) {
    if (last == no_point || g.phase() != Looper::Phase::play) return no_point;
    const Geometry& geo = g.geometry();
    const Color me = g.color_to_move();
    const Color them = opponent(me);
    if (g.at(last) != them) return no_point;
    const std::array<Point, 8>& ring = around8(geo, last);
    Point best = no_point;
    int best_score = 1;
    const int start = rng ? static_cast<int>(rng->below(8)) : 0;
    for (int i = 0; i < 8; ++i) {
      const Point q = ring[(start + i) & 7];
      if (g.at(q) != Color::empty) continue;
      // Own stones adjacent (Black: orthogonally; White: 8-way) to both `last` and `q`:
      // the stones `last` tried to separate and `q` would keep joined.
      int shared = 0;
      if (me == Color::black) {
        for (int k = 0; k < 4; ++k) {
          const Point s = geo.neighbours[q][k];
          if (g.at(s) != me) continue;
          bool near_last = false;
          for (int j = 0; j < 4; ++j) near_last = near_last || geo.neighbours[last][j] == s;
          // the bamboo joint: `s` is next to `q`, and its partner next to `last`
          for (int j = 0; j < 4 && !near_last; ++j) {
            const Point t = geo.neighbours[s][j];
            if (g.at(t) == me) {
              for (int m = 0; m < 4; ++m) near_last = near_last || geo.neighbours[last][m] == t;
            }
          }
          shared += near_last;
        }
      } else {
        const std::array<Point, 8>& around_q = around8(geo, q);
        for (Point s : around_q) {
          if (g.at(s) != me) continue;
          for (Point t : ring) shared += t == s;
        }
      }
      if (shared > best_score) {
        best_score = shared;
        best = q;
      }
    }
    return best;
  }
};

template <>
class Policy<Looper> {
 public:
  Move playout_move(const Looper& g, Point last, Point /*prev*/, Rng& rng) const {
    const int points = g.geometry().points;
    const int empty = g.empty_points();
    if (g.phase() == Looper::Phase::ballot) {
      const double density = 1.0 - static_cast<double>(empty) / points;
      const double margin = (static_cast<double>(rng.below(1000)) / 1000.0 - 0.5) * 0.2;
      if (empty == 0 || density >= LooperKnowledge::take_density + margin) return Move::take();
      const int want = std::min(empty, 1 + static_cast<int>(rng.below(3)));
      Point chosen[3] = {no_point, no_point, no_point};
      int n = 0;
      while (n < want) {
        const Point p = static_cast<Point>(rng.below(static_cast<uint32_t>(points)));
        if (g.at(p) != Color::empty || p == chosen[0] || p == chosen[1]) continue;
        chosen[n++] = p;
      }
      return Move::places(chosen[0], chosen[1], chosen[2]);
    }
    if (rng.below(10) != 0) {
      const Point q = LooperKnowledge::answer(g, last, &rng);
      if (q != no_point) return Move::place(q);
    }
    return g.random_move(rng);
  }

  void priors(const Turns<Looper>& t, Point last, Point /*prev*/, const ActionList& list, Prior* out) const {
    const Looper& g = t.game();
    const Geometry& geo = g.geometry();
    const Point answer = LooperKnowledge::answer(g, last, nullptr);
    for (int i = 0; i < list.count; ++i) {
      Prior& prior = out[i];
      prior = Prior{};
      prior.even(10);
      const Action a = list.actions[i];
      if (a == take_action && g.empty_points() > (1.0 - LooperKnowledge::take_floor) * geo.points &&
          !g.global_loop()) {
        prior.bad(1e6f);  // never chosen: its value stays 0, and the move is the most played
        continue;
      }
      if (!is_point(a) || g.phase() != Looper::Phase::play) continue;
      const Point p = static_cast<Point>(a);
      if (p == answer) prior.good(15);
      int black = 0;
      for (int k = 0; k < 4; ++k) black += g.at(geo.neighbours[p][k]) == Color::black;
      if (black >= 2)
        prior.good(5);
      else if (black == 0)
        prior.bad(3);
    }
  }

  // Only Black resigns, in the play phase: the playouts underrate White (see `take_floor`), so a
  // low win rate is no ground for White to give up (plain UCT took at 12 stones on 9×9, 0.15,
  // and level 10 resigned as White at once; from random stones at 0.14, White won every game
  // of 5000-playout self-play).
  static bool may_resign(const Looper& g) {
    return g.phase() == Looper::Phase::play && g.color_to_move() == Color::black;
  }
  static int winner(const Looper& g) { return g.is_over() ? g.outcome().winner_player : 0; }
  static bool playout_done(const Looper&, int) { return false; }
};

}  // namespace stonegrid::bot
