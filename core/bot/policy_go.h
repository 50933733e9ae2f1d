// Go (Lasker-Maas) playouts and priors: the capture policy (policy_capture.h). A playout that
// starts in phase 1 stops when phase 1 ends — two passes in a row of random play mean every
// dead stone has been captured, so the count is then final — and is scored by territory −
// prisoners + komi. One that starts in phase 2 plays on to the end.
#pragma once

#include "bot/policy_capture.h"
#include "games/go.h"

namespace stonegrid::bot {

template <>
class Policy<Go> {
 public:
  Move playout_move(const Go& g, Point last, Point prev, Rng& rng) const {
    return CapturePolicy<Go>::playout_move(g, last, prev, rng);
  }
  void priors(const Turns<Go>& t, Point last, const ActionList& list, Prior* out) const {
    const Go& g = t.game();
    CapturePolicy<Go>::priors(g, last, list, out, false);
    if (g.phase() != Phase::resolve) return;
    // Phase 2 is for capturing what the opponent left on the board: the moves that touch an
    // enemy chain come first. (When every move wins, the search alone would not say which
    // ones make progress.)
    const Stones& b = g.stones();
    const Color enemy = opponent(g.color_to_move());
    for (int i = 0; i < list.count; ++i) {
      if (!is_point(list.actions[i])) continue;
      const Point p = static_cast<Point>(list.actions[i]);
      if (b.neighbours_of(p, enemy) > 0)
        out[i].good(20);
      else
        out[i].bad(20);
    }
  }
  static int winner(const Go& g) { return g.is_over() ? g.outcome().winner_player : winner_by_score(g); }
  static bool playout_done(const Go& g, Phase start) {
    return start == Phase::play && g.phase() != Phase::play;
  }
};

}  // namespace stonegrid::bot
