// The playout policy and priors shared by the two capture games (Go, Square Squared), written
// once over their common `Stones` board. In order of preference after the opponent's last
// placement: answer an atari on one of our chains next to it (capture an attacker in atari, or
// extend when that gives the chain a second liberty), capture an enemy chain next to it, play a
// 3×3 pattern move around it; otherwise the game's own random move (which never fills a
// one-point eye of the mover). Each preference is skipped now and then so playouts stay varied.
#pragma once

#include "bot/patterns.h"
#include "bot/policy.h"
#include "stones.h"

namespace stonegrid::bot {

// The single liberty of the chain holding `stone` (which has at most one), or no_point.
inline Point last_liberty(const Stones& b, Point stone) {
  const Geometry& g = b.geometry();
  Point s = stone;
  do {
    for (int k = 0; k < g.degree[s]; ++k)
      if (b.at(g.neighbours[s][k]) == Color::empty) return g.neighbours[s][k];
    s = b.next_in_chain(s);
  } while (s != stone);
  return no_point;
}

// In atari: exactly one liberty.
inline bool in_atari(const Stones& b, Point stone) {
  return b.at_most_one_liberty(stone) && b.has_liberty(stone);
}

// Liberties the chain placed at `p` by `c` would have, not counting captures (stops at 2).
inline int liberties_after(const Stones& b, Point p, Color c) {
  const Geometry& g = b.geometry();
  Point libs[2];
  int count = 0;
  auto add = [&](Point q) {
    if (q == p) return;
    for (int i = 0; i < count; ++i)
      if (libs[i] == q) return;
    if (count < 2) libs[count++] = q;
  };
  for (int k = 0; k < g.degree[p] && count < 2; ++k) {
    const Point n = g.neighbours[p][k];
    if (b.at(n) == Color::empty) {
      add(n);
    } else if (b.at(n) == c) {
      if (!b.at_most_one_liberty(n)) return 2;
      add(last_liberty(b, n));
    }
  }
  return count;
}

template <Game G>
class CapturePolicy {
 public:
  // Candidate answers to the last placement, best class first; returns how many it wrote.
  static int answers(const G& g, Point last, Point* out, bool* escapes) {
    int n = 0;
    if (last == no_point || g.at(last) == Color::empty) return 0;
    const Stones& b = g.stones();
    const Geometry& geo = b.geometry();
    const Color me = g.color_to_move();
    // Our chains next to the last stone, in atari: capture an attacker or extend.
    for (int k = 0; k < geo.degree[last]; ++k) {
      const Point ours = geo.neighbours[last][k];
      if (b.at(ours) != me || !in_atari(b, ours)) continue;
      if (in_atari(b, last)) out[n++] = last_liberty(b, last), escapes[n - 1] = true;
      const Point lib = last_liberty(b, ours);
      if (lib != no_point && liberties_after(b, lib, me) >= 2) out[n++] = lib, escapes[n - 1] = true;
    }
    // Capture the last chain or a neighbour of it.
    if (b.at(last) != me && in_atari(b, last)) out[n++] = last_liberty(b, last), escapes[n - 1] = false;
    for (int k = 0; k < geo.degree[last]; ++k) {
      const Point q = geo.neighbours[last][k];
      if (b.at(q) == opponent(me) && in_atari(b, q)) out[n++] = last_liberty(b, q), escapes[n - 1] = false;
    }
    return n;
  }

  static Move playout_move(const G& g, Point last, Rng& rng) {
    if (last != no_point && g.at(last) != Color::empty) {
      Point cand[12];
      bool escape[12];
      const int n = answers(g, last, cand, escape);
      if (n > 0 && rng.below(10) != 0) {
        const int start = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
        for (int i = 0; i < n; ++i) {
          const Point p = cand[(start + i) % n];
          if (p != no_point && g.check(Move::place(p)) == Illegal::none) return Move::place(p);
        }
      }
      if (rng.below(10) != 0) {
        const std::array<Point, 8>& ring = around8(g.geometry(), last);
        const Color me = g.color_to_move();
        const int start = static_cast<int>(rng.below(8));
        for (int i = 0; i < 8; ++i) {
          const Point p = ring[(start + i) & 7];
          if (p == no_point || g.at(p) != Color::empty) continue;
          if (!pattern_matches(pattern_code(g.stones(), p))) continue;
          if (own_eye(g.stones(), p, me) || liberties_after(g.stones(), p, me) < 2) continue;
          if (g.check(Move::place(p)) == Illegal::none) return Move::place(p);
        }
      }
    }
    return g.random_move(rng);
  }

  // `edge_matters`: Square Squared scores the edge, so no first-line penalty there.
  static void priors(const G& g, Point last, const ActionList& list, Prior* out, bool edge_matters) {
    const Stones& b = g.stones();
    const Geometry& geo = b.geometry();
    const Color me = g.color_to_move();
    Point cand[12];
    bool escape[12];
    const int n = answers(g, last, cand, escape);
    // Our chains in atari anywhere on the board: their liberty saves them when extending there
    // gives a second liberty (captures are seen by `preview` below).
    std::array<uint8_t, max_points> saves{};
    for (Point p = 0; p < geo.points; ++p) {
      if (b.at(p) != me || b.chain(p) != p || !in_atari(b, p)) continue;
      const Point lib = last_liberty(b, p);
      if (lib != no_point && liberties_after(b, lib, me) >= 2)
        saves[lib] = static_cast<uint8_t>(std::min(255, saves[lib] + b.chain_stones(p)));
    }
    for (int i = 0; i < list.count; ++i) {
      Prior& prior = out[i];
      prior = Prior{};
      prior.even(10);
      const Action a = list.actions[i];
      if (a == pass_action) {
        // Passing is worth considering once the opponent has passed; then it ends the game
        // or phase 1, and the count as it stands (what a playout would score) judges it.
        if (g.passes() == 0) {
          prior.bad(10);
        } else {
          const int winner = winner_by_score(g);
          if (winner == g.to_move()) prior.good(40);
          if (winner != 0 && winner != g.to_move()) prior.bad(40);
        }
        continue;
      }
      const Point p = static_cast<Point>(a);
      if (own_eye(b, p, me)) {
        prior.bad(30);
        continue;
      }
      const Stones::Preview after = b.preview(p, me);
      if (after.enemy_captured > 0) prior.good(10 + 2 * std::min(after.enemy_captured, 10));
      if (after.own_without_liberty)
        prior.bad(30);
      else if (after.enemy_captured == 0 && liberties_after(b, p, me) < 2)
        prior.bad(15);
      for (int k = 0; k < n; ++k)
        if (cand[k] == p) prior.good(escape[k] ? 20 : 10);
      if (saves[p]) prior.good(10 + 2 * std::min<int>(saves[p], 10));
      if (pattern_matches(pattern_code(b, p))) prior.good(8);
      if (last != no_point) {
        const int dc = std::abs(geo.column(p) - geo.column(last));
        const int dr = std::abs(geo.row(p) - geo.row(last));
        if (dc <= 1 && dr <= 1) prior.good(4);
      }
      if (!edge_matters) {
        // The first line of an empty area is a poor move; the third and fourth are good.
        const int c = geo.column(p), r = geo.row(p), size = geo.size;
        const int line = std::min(std::min(c, r), std::min(size - 1 - c, size - 1 - r));
        bool empty_area = true;
        for (int dr = -2; dr <= 2 && empty_area; ++dr)
          for (int dc = -2; dc <= 2; ++dc) {
            const int cc = c + dc, rr = r + dr;
            if (cc < 0 || rr < 0 || cc >= size || rr >= size) continue;
            if (std::abs(dc) + std::abs(dr) <= 3 && b.at(geo.at(cc, rr)) != Color::empty) {
              empty_area = false;
              break;
            }
          }
        if (empty_area && line == 0) prior.bad(15);
        if (empty_area && line == 1 && size > 9) prior.bad(5);
        if (empty_area && (line == 2 || line == 3)) prior.good(5);
      }
    }
  }
};

}  // namespace stonegrid::bot
