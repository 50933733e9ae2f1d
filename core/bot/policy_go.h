// Go (Lasker-Maas) playouts and priors: the capture policy (policy_capture.h). A playout that
// starts in phase 1 stops when phase 1 ends — two passes in a row of random play mean every
// dead stone has been captured — and one that starts in phase 2 plays on to the end.
//
// Scoring a playout: territory − prisoners charges a point for every stone placed in phase 1
// (score = area − phase-1 stones placed, for either colour). A random playout fills both areas
// to the last eye before it passes, so the count at its end measures little but eyes and
// captures: a settled position Black wins by 2.5 scored about half for Black. The playout is
// therefore scored as the count where it started plus the change in area (stones +
// territory) it made, that is, the count at its end with its own placements free, as they are
// in phase 2 and as a sensible player's are (fills of one's own area are never played).
// Left over: who fills an odd last dame gains a point the real count does not give (parity).
#pragma once

#include "bot/policy_capture.h"
#include "games/go.h"

namespace stonegrid::bot {

template <>
class Policy<Go> {
 public:
  // Every move of `CapturePolicy::playout_move` has passed `check`.
  static constexpr bool playout_moves_checked = true;
  Move playout_move(const Go& g, Point last, Point prev, Rng& rng) const {
    return CapturePolicy<Go>::playout_move(g, last, prev, rng);
  }
  void priors(const Turns<Go>& t, Point last, Point prev, const ActionList& list, Prior* out) const {
    const Go& g = t.game();
    CapturePolicy<Go>::priors(g, last, prev, list, out, false, &go_weights());
    if (g.phase() != Go::Phase::resolve) return;
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
  static bool playout_done(const Go& g, int start_stage) {
    return start_stage == 0 && g.phase() != Go::Phase::play;
  }

  // Black's lead on the count (komi included) and in area where a playout starts.
  struct PlayoutStart {
    double count_lead = 0;
    int area_lead = 0;
  };
  static PlayoutStart playout_start(const Go& g) {
    const Score s = g.score();
    return {s.black - s.white, area_lead(g, s)};
  }
  static int playout_winner(const Go& end, const PlayoutStart& start) {
    if (end.is_over()) return end.outcome().winner_player;
    const double lead = playout_lead(end, start);
    return lead > 0 ? 1 : lead < 0 ? 2 : 0;
  }
  // Black's lead at the playout's end: the count where it started plus what the area gained.
  static double playout_lead(const Go& end, const PlayoutStart& start) {
    if (end.is_over()) {
      const Score s = end.score();
      return s.black - s.white;
    }
    return start.count_lead + (area_lead(end, end.score()) - start.area_lead);
  }

 private:
  // Black's stones + territory − White's, from the count `s` of `g` (territory = score +
  // prisoners, White's without komi).
  static int area_lead(const Go& g, const Score& s) {
    const double black = g.stones().stones(Color::black) + s.black + g.prisoners(Color::black);
    const double white =
        g.stones().stones(Color::white) + s.white - g.rules().komi + g.prisoners(Color::white);
    return static_cast<int>(black - white);
  }
};

}  // namespace stonegrid::bot
