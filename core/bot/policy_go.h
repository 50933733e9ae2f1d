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
  Move playout_move(const Go& g, Point last, Rng& rng) const {
    return CapturePolicy<Go>::playout_move(g, last, rng);
  }
  void priors(const Turns<Go>& t, Point last, const ActionList& list, Prior* out) const {
    CapturePolicy<Go>::priors(t.game(), last, list, out, false);
  }
  static int winner(const Go& g) { return g.is_over() ? g.outcome().winner_player : winner_by_score(g); }
  static bool playout_done(const Go& g, Phase start) {
    return start == Phase::play && g.phase() != Phase::play;
  }
};

}  // namespace stonegrid::bot
