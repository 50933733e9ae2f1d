// The playout policy and priors shared by the two capture games (Go, Square Squared), written
// once over their common `Stones` board. In order of preference after the opponent's last
// placement: answer an atari on one of our chains next to it (capture an attacker in atari, or
// extend when that gives the chain a second liberty and no ladder then takes it), capture an enemy chain next
// to it, capture an enemy chain our own previous stone put in atari, play a 3×3 pattern move around the last
// stone; otherwise a random move that never fills a one-point eye of the mover nor puts two or more of its
// stones in atari. Each preference is skipped now and then so playouts stay varied. The tree's priors also
// read ladders for every chain on the board; the playouts read one only for the chain whose extension they
// consider.
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

// Liberties the chain placed at `p` by `c` would have, not counting captures (stops at
// `cap`, at most 3).
inline int liberties_after(const Stones& b, Point p, Color c, int cap = 2) {
  const Geometry& g = b.geometry();
  Point libs[3];
  int count = 0;
  auto add = [&](Point q) {
    if (q == p) return;
    for (int i = 0; i < count; ++i)
      if (libs[i] == q) return;
    if (count < cap) libs[count++] = q;
  };
  for (int k = 0; k < g.degree[p] && count < cap; ++k) {
    const Point n = g.neighbours[p][k];
    if (b.at(n) == Color::empty) {
      add(n);
    } else if (b.at(n) == c) {
      if (b.at_most_one_liberty(n)) {
        add(last_liberty(b, n));
        continue;
      }
      // Two liberties or more, one of which may be `p`: walk the chain for the others.
      Point s = n;
      do {
        for (int j = 0; j < g.degree[s] && count < cap; ++j)
          if (b.at(g.neighbours[s][j]) == Color::empty) add(g.neighbours[s][j]);
        s = b.next_in_chain(s);
      } while (s != n && count < cap);
    }
  }
  return count;
}

// Placing `c` on `p` leaves a chain of two or more stones with one liberty and captures
// nothing: a self-atari that throws away more than the stone itself (one-stone throw-ins and
// nakade placements stay allowed).
inline bool big_self_atari(const Stones& b, Point p, Color c) {
  if (liberties_after(b, p, c) >= 2) return false;
  const Geometry& g = b.geometry();
  bool joins = false;
  for (int k = 0; k < g.degree[p]; ++k) {
    const Point n = g.neighbours[p][k];
    if (b.at(n) == opponent(c) && b.at_most_one_liberty(n)) return false;  // captures
    if (b.at(n) == c) joins = true;
  }
  return joins;
}

// Ladder reading for the priors: can `attacker`, to move, capture the chain holding `stone`
// (exactly two liberties) by ataris from alternating sides? The defender escapes by reaching
// three liberties or by capturing an attacking chain left in atari next to it. `budget` caps
// the positions read (a failed read counts as an escape).
class Ladder {
 public:
  // The atari that starts a working ladder, or no_point.
  static Point capturing_atari(const Stones& b, Point stone, Color attacker) {
    int budget = 64;
    return read(b, stone, attacker, budget);
  }
  static bool captures(const Stones& b, Point stone, Color attacker) {
    return capturing_atari(b, stone, attacker) != no_point;
  }

 private:
  static int two_liberties(const Stones& b, Point stone, Point* out) {
    const Geometry& g = b.geometry();
    int count = 0;
    Point s = stone;
    do {
      for (int k = 0; k < g.degree[s]; ++k) {
        const Point q = g.neighbours[s][k];
        if (b.at(q) != Color::empty || (count > 0 && out[0] == q) || (count > 1 && out[1] == q)) continue;
        if (count == 2) return 3;
        out[count++] = q;
      }
      s = b.next_in_chain(s);
    } while (s != stone);
    return count;
  }

  // An attacking chain in atari touching the defender's chain.
  static bool can_capture_attacker(const Stones& b, Point stone, Color attacker) {
    const Geometry& g = b.geometry();
    Point s = stone;
    do {
      for (int k = 0; k < g.degree[s]; ++k) {
        const Point q = g.neighbours[s][k];
        if (b.at(q) == attacker && in_atari(b, q)) return true;
      }
      s = b.next_in_chain(s);
    } while (s != stone);
    return false;
  }

  static Point read(const Stones& b, Point stone, Color attacker, int& budget) {
    Point libs[2];
    if (two_liberties(b, stone, libs) != 2) return no_point;
    const Color defender = opponent(attacker);
    for (int i = 0; i < 2; ++i) {
      if (--budget < 0) return no_point;
      const Point atari = libs[i], run = libs[1 - i];
      if (liberties_after(b, atari, attacker) < 2) continue;  // the defender would take it
      Stones next = b;
      next.place(atari, attacker, false);
      if (can_capture_attacker(next, stone, attacker)) continue;
      if (liberties_after(next, run, defender) < 2) return atari;
      next.place(run, defender, false);
      if (read(next, stone, attacker, budget) != no_point) return atari;
    }
    return no_point;
  }
};

// Extending our chain in atari on `lib` gives it exactly two liberties, captures nothing,
// and a ladder then takes it: running only loses more stones. (Three liberties or more, or a
// capture, and no ladder takes it.)
inline bool runs_into_ladder(const Stones& b, Point lib, Color me) {
  if (liberties_after(b, lib, me, 3) != 2 || b.preview(lib, me).enemy_captured > 0) return false;
  Stones next = b;
  next.place(lib, me, false);
  return Ladder::captures(next, lib, opponent(me));
}

// What the priors read from the whole board once per expansion, before any move is judged.
// Our chains in atari anywhere on the board: their liberty saves them when extending there
// captures or gives two liberties that no ladder takes (three or more always save). Enemy
// chains of two liberties: the atari that starts a working ladder against them.
class CaptureReading {
 public:
  std::array<uint8_t, max_points> saves{};         // stones saved by playing here
  std::array<uint8_t, max_points> ladder_atari{};  // stones a ladder started here takes

  CaptureReading(const Stones& b, Color me) : board_(b), me_(me) {
    const Geometry& geo = b.geometry();
    for (Point p = 0; p < geo.points; ++p) {
      if (b.at(p) == Color::empty || b.chain(p) != p) continue;
      if (b.at(p) == me) {
        if (!in_atari(b, p)) continue;
        const Point lib = last_liberty(b, p);
        if (lib != no_point && escape_works(lib))
          saves[lib] = static_cast<uint8_t>(std::min(255, saves[lib] + b.chain_stones(p)));
      } else if (!b.at_most_one_liberty(p)) {
        const Point atari = Ladder::capturing_atari(b, p, me);
        if (atari != no_point)
          ladder_atari[atari] = static_cast<uint8_t>(std::min(255, ladder_atari[atari] + b.chain_stones(p)));
      }
    }
  }

  // Extending on `lib`, the liberty of our chain in atari, saves it: the chain gets two
  // liberties or more and, unless the extension captures, no ladder takes it. Read once a point.
  bool escape_works(Point lib) {
    if (!ladder_escape_[lib]) {
      const bool works = liberties_after(board_, lib, me_) >= 2 && !runs_into_ladder(board_, lib, me_);
      ladder_escape_[lib] = works ? 1 : 2;
    }
    return ladder_escape_[lib] == 1;
  }

 private:
  const Stones& board_;
  Color me_;
  std::array<uint8_t, max_points> ladder_escape_{};  // 1: works, 2: runs into a ladder
};

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
    if (placed && rng.below(10) != 0) {
      const std::array<Point, 8>& ring = around8(g.geometry(), last);
      const int start = static_cast<int>(rng.below(8));
      for (int i = 0; i < 8; ++i) {
        const Point p = ring[(start + i) & 7];
        if (p == no_point || g.at(p) != Color::empty) continue;
        if (!pattern_matches(pattern_code(g.stones(), p))) continue;
        if (own_eye(g.stones(), p, me) || liberties_after(g.stones(), p, me) < 2) continue;
        if (g.check(Move::place(p)) == Illegal::none) return Move::place(p);
      }
    }
    return random_move(g, rng);
  }

  // The game's random move (never into a one-point eye of the mover), but never a self-atari
  // of two or more stones either: with none but those left, the mover passes (which keeps a
  // seki alive in the playouts).
  static Move random_move(const G& g, Rng& rng) {
    const Stones& b = g.stones();
    const int n = b.empty_count();
    if (n == 0 || g.is_over()) return g.random_move(rng);
    const Color c = g.color_to_move();
    for (int i = static_cast<int>(rng.below(static_cast<uint32_t>(n))), left = n; left > 0; --left) {
      const Point p = b.empty_point(i);
      if (!b.is_one_point_eye(p, c) && !b.is_hopeless_in_enemy_eye(p, c) && !big_self_atari(b, p, c) &&
          g.check(Move::place(p)) == Illegal::none)
        return Move::place(p);
      if (++i == n) i = 0;
    }
    return Move::pass();
  }

  // `edge_matters`: Square Squared scores the edge, so no first-line penalty there.
  static void priors(const G& g, Point last, const ActionList& list, Prior* out, bool edge_matters) {
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
  }

 private:
  // The candidate answers to the last placement (`answers`), for the priors.
  struct Answers {
    Point points[12];
    bool escapes[12];
    int count = 0;
  };

  // Passing is worth considering once the opponent has passed; then it ends the game or phase
  // 1, and the count as it stands (what a playout would score) judges it.
  static void pass_prior(const G& g, Prior& prior) {
    if (g.passes() == 0) {
      prior.bad(10);
      return;
    }
    const int winner = winner_by_score(g);
    if (winner == g.to_move()) prior.good(40);
    if (winner != 0 && winner != g.to_move()) prior.bad(40);
  }

  // A placement of `me` on `p`: own eyes, captures, self-ataris, the answers to the last
  // stone, saving and ladder-taking moves, patterns, nearness to the last stone.
  static void point_prior(const Stones& b, Color me, Point p, Point last, const Answers& answered,
                          CaptureReading& reading, Prior& prior) {
    if (own_eye(b, p, me)) {
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
