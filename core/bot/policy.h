// The playout policies and tree priors, one specialisation of `Policy<G>` per game (policy_go.h,
// policy_loose.h, policy_looper.h, policy_squaresquared.h; a test game in tests/test_bot.cpp).
// This header names no game: it holds what they share, the `Prior` type and small board
// helpers. `Policy<G>` is only declared here, so a search over a game whose policy header was
// not included fails to compile. Every specialisation provides
//
//   Move playout_move(const G&, Point last, Point prev, Rng&) const;  // fast, legal, knowing
//   void priors(const Turns<G>&, Point last, Point prev, const ActionList&, Prior*) const;
//   static int winner(const G&);      // 1 or 2, 0 for a draw: at the end or at the move cap
//   static bool playout_done(const G&, int start_stage);  // stop early (Go: end of phase 1)
//
// and may provide, when the count at the end of a playout is not what the playout's position
// is worth (Go: territory counting charges a point for every stone a playout puts into its
// own area, and random playouts fill their areas to the last eye):
//
//   struct PlayoutStart;                                  // what the end is scored against
//   static PlayoutStart playout_start(const G&);          // noted where the playout starts
//   static int playout_winner(const G& end, const PlayoutStart&);  // replaces `winner` there
//
// and may provide, when every move `playout_move` returns has passed the game's `check` (the
// playout then makes it with `play_legal`, without judging it again):
//
//   static constexpr bool playout_moves_checked = true;
//
// and may provide, when the win rate misleads for one side (Looper's playouts underrate White):
//
//   static bool may_resign(const G&);  // false: the mover does not resign, whatever the rate
//
// `last` is the point of the previous placement (no_point after a pass, take or at the root of
// an unknown history); `prev` the one before it, the mover's own (no_point when unknown).
// Priors are virtual visits and wins added to a new child (Gelly–Silver "prior knowledge"):
// `even` visits at 0.5 plus bonuses and penalties.
#pragma once

#include <array>
#include <atomic>
#include <cmath>
#include <memory>
#include <mutex>

#include "bot/turns.h"
#include "rules/game.h"

namespace stonegrid::bot {

struct Prior {
  float visits = 0;
  float wins = 0;
  void even(float n) {
    visits += n;
    wins += n * 0.5f;
  }
  void good(float n) {
    visits += n;
    wins += n;
  }
  void bad(float n) { visits += n; }
};

template <Game G>
class Policy;

// Natural logarithm from frexp and a short series: the same bits on every platform (libm's
// `log` differs between glibc and Emscripten's musl, which would break the signature).
inline float portable_log(float x) {
  int exponent = 0;
  const float m = std::frexp(x, &exponent);  // x = m·2^e, m in [0.5, 1)
  const float t = (m - 0.70710678f) / (m + 0.70710678f);
  const float t2 = t * t;
  const float series = 2.0f * t * (1.0f + t2 * (1.0f / 3 + t2 * (1.0f / 5 + t2 * (1.0f / 7))));
  return (static_cast<float>(exponent) - 0.5f) * 0.69314718f + series;
}

// The 8 points around `p` (diagonals included), no_point off the board, in the order
// NW N NE W E SW S SE. Tables are built once per size and topology, like `Geometry::of`
// (once even when search threads ask at the same time).
inline const std::array<Point, 8>& around8(const Geometry& g, Point p) {
  using Table = std::array<std::array<Point, 8>, max_points>;
  static std::array<std::unique_ptr<Table>, 2 * (max_size + 1)> tables;
  static std::array<std::once_flag, 2 * (max_size + 1)> built;
  static std::array<std::atomic<const Table*>, 2 * (max_size + 1)> ready{};  // once built
  const int index = 2 * g.size + (g.topology == Topology::torus);
  if (const Table* table = ready[index].load(std::memory_order_acquire)) return (*table)[p];
  std::unique_ptr<Table>& slot = tables[index];
  std::call_once(built[index], [&] {
    static constexpr int dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
    static constexpr int dr[8] = {1, 1, 1, 0, 0, -1, -1, -1};
    slot = std::make_unique<Table>();
    const int n = g.size;
    for (Point q = 0; q < g.points; ++q)
      for (int k = 0; k < 8; ++k) {
        int cc = g.column(q) + dc[k], rr = g.row(q) + dr[k];
        if (g.topology == Topology::torus) {
          cc = (cc + n) % n;
          rr = (rr + n) % n;
        } else if (cc < 0 || rr < 0 || cc >= n || rr >= n) {
          (*slot)[q][k] = no_point;
          continue;
        }
        (*slot)[q][k] = g.at(cc, rr);
      }
    ready[index].store(slot.get(), std::memory_order_release);
  });
  return (*slot)[p];
}

// An empty point whose orthogonal neighbours all hold `c`.
template <typename Board>
bool own_eye(const Board& b, Point p, Color c) {
  const Geometry& g = b.geometry();
  for (int k = 0; k < g.degree[p]; ++k)
    if (b.at(g.neighbours[p][k]) != c) return false;
  return true;
}

// Who wins on the count: 1 (Black's player), 2, or 0 for equal scores.
template <Game G>
int winner_by_score(const G& g) {
  Score s = g.score();
  const int black = g.black_player() ? g.black_player() : 1;
  if (s.black > s.white) return black;
  if (s.white > s.black) return 3 - black;
  return 0;
}

}  // namespace stonegrid::bot
