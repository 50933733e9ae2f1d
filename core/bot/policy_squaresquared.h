// Square Squared playouts and priors: the capture policy (policy_capture.h) without the Go
// first-line penalty (the edge is where Square Squared scores). Scored by the edge count.
#pragma once

#include "bot/policy_capture.h"
#include "games/squaresquared.h"

namespace stonegrid::bot {

template <>
class Policy<SquareSquared> {
 public:
  // Every move of `CapturePolicy::playout_move` has passed `check`.
  static constexpr bool playout_moves_checked = true;
  Move playout_move(const SquareSquared& g, Point last, Point prev, Rng& rng) const {
    return CapturePolicy<SquareSquared>::playout_move(g, last, prev, rng);
  }
  void priors(const Turns<SquareSquared>& t, Point last, Point prev, const ActionList& list,
              Prior* out) const {
    CapturePolicy<SquareSquared>::priors(t.game(), last, prev, list, out, true, nullptr);
  }
  static int winner(const SquareSquared& g) {
    return g.is_over() ? g.outcome().winner_player : winner_by_score(g);
  }
  static bool playout_done(const SquareSquared&, int) { return false; }
};

}  // namespace stonegrid::bot
