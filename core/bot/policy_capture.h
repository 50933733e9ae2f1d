// The playout policy and priors shared by the two capture games (Go, Square Squared), written
// once over their common `Stones` board. In order of preference after the opponent's last
// placement: answer an atari on one of our chains next to it (capture an attacker in atari, or
// extend when that gives the chain a second liberty and no ladder then takes it), capture an
// enemy chain next to it, capture an enemy chain our own previous stone put in atari, (Go)
// two-liberty tactics around the last stone, play a 3×3 pattern move around the last stone;
// otherwise a random move that never fills an eye of the mover (`kept_eye`: in Go a false eye
// may be filled) nor puts two or more of its stones in atari. Each preference is skipped now
// and then so playouts stay varied. The tree's priors also read ladders for every chain on the
// board; the playouts read them only for the chains next to the last stone.
#pragma once

#include <cmath>
#include <string_view>

#include "bot/capture_reading.h"
#include "bot/move_features.h"
#include "bot/patterns.h"
#include "bot/policy.h"
#include "rules/stones.h"

namespace stonegrid::bot {

template <Game G>
class CapturePolicy {
  static constexpr bool is_go = G::name == std::string_view("go");

 public:
  // An own eye the playouts never fill and the priors rate as a waste: `own_eye` (every
  // orthogonal neighbour holds `c`) unless the diagonals make it false — two enemy stones on
  // them, or one when the point is on the edge. A false eye is where the chains around it
  // connect, or are cut: filling it can be the one move that saves them (a playout that never
  // does loses them, and a tree that rates it a waste finds it late). Go only for now: Square
  // Squared keeps the orthogonal rule until it is measured there.
  static bool kept_eye(const Stones& b, Point p, Color c) {
    if (!b.is_one_point_eye(p, c)) return false;
    if constexpr (!is_go) return true;
    const std::array<Point, 8>& ring = around8(b.geometry(), p);
    static constexpr int diagonals[4] = {0, 2, 5, 7};  // NW NE SW SE in `around8`'s order
    int enemy = 0, off_board = 0;
    for (int k : diagonals) {
      if (ring[k] == no_point)
        ++off_board;
      else if (b.at(ring[k]) == opponent(c))
        ++enemy;
    }
    return enemy < (off_board > 0 ? 1 : 2);
  }

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

  static Move playout_move(const G& g, Point last, Point prev, Rng& rng) {
    const bool placed = last != no_point && g.at(last) != Color::empty;
    if (placed) {
      Point cand[12];
      bool escape[12];
      const int n = answers(g, last, cand, escape);
      if (n > 0 && rng.below(10) != 0) {
        const int start = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
        for (int i = 0; i < n; ++i) {
          const Point p = cand[(start + i) % n];
          if (p == no_point || g.check(Move::place(p)) != Illegal::none) continue;
          if (escape[(start + i) % n] && runs_into_ladder(g.stones(), p, g.color_to_move())) continue;
          return Move::place(p);
        }
      }
    }
    // An enemy chain our previous stone put in atari, left there by the opponent: take it.
    const Color me = g.color_to_move();
    if (prev != no_point && g.at(prev) == me && rng.below(10) != 0) {
      const Stones& b = g.stones();
      const Geometry& geo = b.geometry();
      for (int k = 0; k < geo.degree[prev]; ++k) {
        const Point q = geo.neighbours[prev][k];
        if (b.at(q) != opponent(me) || !in_atari(b, q)) continue;
        const Point lib = last_liberty(b, q);
        if (lib != no_point && g.check(Move::place(lib)) == Illegal::none) return Move::place(lib);
      }
    }
    if constexpr (is_go) {
      if (placed && rng.below(10) != 0)
        if (const Point p = two_liberty_move(g, last); p != no_point) return Move::place(p);
    }
    if (placed && rng.below(10) != 0) {
      const std::array<Point, 8>& ring = around8(g.geometry(), last);
      const int start = static_cast<int>(rng.below(8));
      for (int i = 0; i < 8; ++i) {
        const Point p = ring[(start + i) & 7];
        if (p == no_point || g.at(p) != Color::empty) continue;
        if (!pattern_matches(pattern_code(g.stones(), p))) continue;
        if (kept_eye(g.stones(), p, me) || liberties_after(g.stones(), p, me) < 2) continue;
        if (g.check(Move::place(p)) == Illegal::none) return Move::place(p);
      }
    }
    return random_move(g, rng);
  }

  // Two-liberty tactics around the last stone (after Pachi's playouts, which fight over chains
  // of two liberties near the last move): the atari that starts a working ladder against the
  // last stone's chain when it has two liberties; else, for an own chain next to the last stone
  // left with two liberties that a ladder could take, capture an enemy chain in atari touching
  // it or extend it to three liberties or more. No_point when none applies. Go only so far
  // (Square Squared's playouts are unmeasured with it). About 1.6× the time of a playout move
  // without it; at equal simulations (5,000) 71 / 338 against Pachi where the bot without it
  // scored 3 / 44 (docs/benchmarks.md).
  static Point two_liberty_move(const G& g, Point last) {
    const Stones& b = g.stones();
    const Geometry& geo = b.geometry();
    const Color me = g.color_to_move(), them = opponent(me);
    Point libs[3];
    if (b.at(last) == them && liberties_of(b, last, libs, 2) == 2) {
      const Point atari = Ladder::capturing_atari(b, last, me);
      if (atari != no_point && g.check(Move::place(atari)) == Illegal::none) return atari;
    }
    for (int k = 0; k < geo.degree[last]; ++k) {
      const Point ours = geo.neighbours[last][k];
      if (b.at(ours) != me || liberties_of(b, ours, libs, 2) != 2) continue;
      if (!Ladder::captures(b, ours, them)) continue;
      if (const Point take = capture_next_to(g, ours); take != no_point) return take;
      for (int i = 0; i < 2; ++i)
        if (liberties_after(b, libs[i], me, 3) >= 3 && g.check(Move::place(libs[i])) == Illegal::none)
          return libs[i];
    }
    return no_point;
  }

  // The capture of an enemy chain in atari touching the chain of `ours`, or no_point.
  static Point capture_next_to(const G& g, Point ours) {
    const Stones& b = g.stones();
    const Geometry& geo = b.geometry();
    const Color them = opponent(b.at(ours));
    Point s = ours;
    do {
      for (int j = 0; j < geo.degree[s]; ++j) {
        const Point q = geo.neighbours[s][j];
        if (b.at(q) != them || !in_atari(b, q)) continue;
        const Point lib = last_liberty(b, q);
        if (lib != no_point && g.check(Move::place(lib)) == Illegal::none) return lib;
      }
      s = b.next_in_chain(s);
    } while (s != ours);
    return no_point;
  }

  // A random move, never into an eye of the mover (`kept_eye`: a false eye may be filled) nor
  // a self-atari of two or more stones: with none but those left, the mover passes (which
  // keeps a seki alive in the playouts).
  static Move random_move(const G& g, Rng& rng) {
    const Stones& b = g.stones();
    const int n = b.empty_count();
    if (n == 0 || g.is_over()) return g.random_move(rng);
    const Color c = g.color_to_move();
    for (int i = static_cast<int>(rng.below(static_cast<uint32_t>(n))), left = n; left > 0; --left) {
      const Point p = b.empty_point(i);
      if (!kept_eye(b, p, c) && !b.is_hopeless_in_enemy_eye(p, c) && !big_self_atari(b, p, c) &&
          g.check(Move::place(p)) == Illegal::none)
        return Move::place(p);
      if (++i == n) i = 0;
    }
    return Move::pass();
  }

  // `edge_matters`: Square Squared scores the edge, so no first-line penalty there. `learned`:
  // the game's learned weights (move_features.h), when it has them.
  static void priors(const G& g, Point last, Point prev, const ActionList& list, Prior* out,
                     bool edge_matters, const LearnedWeights* learned) {
    const Stones& b = g.stones();
    const Color me = g.color_to_move();
    Answers answered;
    answered.count = answers(g, last, answered.points, answered.escapes);
    CaptureReading reading(b, me);
    for (int i = 0; i < list.count; ++i) {
      Prior& prior = out[i];
      prior = Prior{};
      prior.even(10);
      const Action a = list.actions[i];
      if (a == pass_action) {
        pass_prior(g, prior);
        continue;
      }
      const Point p = static_cast<Point>(a);
      point_prior(b, me, p, last, answered, reading, prior);
      if (!edge_matters) first_line_prior(b, p, prior);
    }
    if (learned) learned_prior(b, me, last, prev, list, reading, *learned, out);
  }

  // How much a learned prior weighs: virtual results per halving or doubling of a move's
  // predicted probability against the average placement's, up to `learned_bits` of them.
  static constexpr float learned_scale = 10;
  static constexpr float learned_bits = 4;

 private:
  // The candidate answers to the last placement (`answers`), for the priors.
  struct Answers {
    Point points[12];
    bool escapes[12];
    int count = 0;
  };

  // Passing is worth considering once the opponent has passed; then it ends the game or phase
  // 1. A pass that ends the game is judged by the count as it stands (what a playout would
  // score). One that ends Go's phase 1 is not: the dead stones still on the board come off in
  // phase 2, where placements are free, while every placement of phase 1 in one's own area
  // costs a point — so it starts as a win (a prior below the best moves' win rate would leave
  // it unvisited when every move wins) and the search judges it.
  static void pass_prior(const G& g, Prior& prior) {
    if (g.passes() == 0) {
      prior.bad(10);
      return;
    }
    const int winner = winner_by_score(g);
    if constexpr (is_go) {
      if (g.phase() == G::Phase::play && winner != g.to_move()) {
        prior = Prior{};
        prior.good(20);
        return;
      }
    }
    if (winner == g.to_move()) prior.good(40);
    if (winner != 0 && winner != g.to_move()) prior.bad(40);
  }

  // A placement of `me` on `p`: own eyes, captures, self-ataris, the answers to the last
  // stone, saving and ladder-taking moves, patterns, nearness to the last stone.
  static void point_prior(const Stones& b, Color me, Point p, Point last, const Answers& answered,
                          CaptureReading& reading, Prior& prior) {
    if (kept_eye(b, p, me)) {
      prior.bad(30);
      return;
    }
    const Stones::Preview after = b.preview(p, me);
    if (after.enemy_captured > 0) prior.good(10 + 2 * std::min(after.enemy_captured, 10));
    if (after.own_without_liberty)
      prior.bad(30);
    else if (after.enemy_captured == 0 && liberties_after(b, p, me) < 2)
      prior.bad(15);
    for (int k = 0; k < answered.count; ++k) {
      if (answered.points[k] != p) continue;
      if (!answered.escapes[k] || reading.escape_works(p))
        prior.good(answered.escapes[k] ? 20 : 10);
      else
        prior.bad(20);
    }
    if (reading.saves[p]) prior.good(10 + 2 * std::min<int>(reading.saves[p], 10));
    if (reading.ladder_atari[p]) prior.good(10 + 2 * std::min<int>(reading.ladder_atari[p], 10));
    if (pattern_matches(pattern_code(b, p))) prior.good(8);
    if (last != no_point) {
      const Geometry& geo = b.geometry();
      const int dc = std::abs(geo.column(p) - geo.column(last));
      const int dr = std::abs(geo.row(p) - geo.row(last));
      if (dc <= 1 && dr <= 1) prior.good(4);
    }
  }

  // The learned model's probability of each placement (move_features.h) against the average
  // placement's: a move predicted 2^k times as often gets k × `learned_scale` virtual wins (k
  // at most `learned_bits`); one predicted 2^-k times as often as many virtual losses.
  static void learned_prior(const Stones& b, Color me, Point last, Point prev, const ActionList& list,
                            CaptureReading& reading, const LearnedWeights& learned, Prior* out) {
    std::array<float, max_points + 3> gammas;
    float total = 0;
    int placements = 0;
    const ShapeTable* shapes = learned.shapes ? learned.shapes() : nullptr;
    for (int i = 0; i < list.count; ++i) {
      if (!is_point(list.actions[i])) continue;
      const Point p = static_cast<Point>(list.actions[i]);
      MoveFeatures f = move_features(b, me, p, last, prev, reading);
      LearnedWeights::learn_shape(shapes, b, me, p, f);
      gammas[i] = learned.gamma(f, b.geometry().size);
      // Too few ladders were run in the games for the model to learn them: the reader knows.
      if (f[FeatureGroup::escape] == 2) gammas[i] = -gammas[i];
      total += std::abs(gammas[i]);
      ++placements;
    }
    if (placements < 2) return;
    const float mean = total / static_cast<float>(placements);
    for (int i = 0; i < list.count; ++i) {
      if (!is_point(list.actions[i])) continue;
      float bits =
          std::clamp(portable_log(std::abs(gammas[i]) / mean) * 1.44269504f, -learned_bits, learned_bits);
      if (gammas[i] < 0) bits = std::min(bits, 0.0f);
      if (bits > 0)
        out[i].good(learned_scale * bits);
      else
        out[i].bad(-learned_scale * bits);
    }
  }

  // The first line of an empty area is a poor move; the third and fourth are good.
  static void first_line_prior(const Stones& b, Point p, Prior& prior) {
    const Geometry& geo = b.geometry();
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
};

}  // namespace stonegrid::bot
