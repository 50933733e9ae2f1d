// What the capture games' playouts, priors and learned move features (move_features.h) read on
// a `Stones` board: liberties, self-ataris, ladders, and the whole-board reading the priors do
// once per expansion (our chains in atari that can be saved, enemy chains a ladder takes).
#pragma once

#include <algorithm>
#include <array>

#include "rules/stones.h"

namespace stonegrid::bot {

// The single liberty of the chain holding `stone` (which has at most one), or no_point.
inline Point last_liberty(const Stones& b, Point stone) {
  if (b.at_most_one_liberty(stone)) return b.only_liberty(stone);
  const Geometry& g = b.geometry();
  Point s = stone;
  do {
    for (int k = 0; k < g.degree[s]; ++k)
      if (b.at(g.neighbours[s][k]) == Color::empty) return g.neighbours[s][k];
    s = b.next_in_chain(s);
  } while (s != stone);
  return no_point;
}

// Up to `cap` liberties of the chain holding `stone` into `out`; returns how many it found,
// or `cap` + 1 when it has more.
inline int liberties_of(const Stones& b, Point stone, Point* out, int cap) {
  const Geometry& g = b.geometry();
  int count = 0;
  Point s = stone;
  do {
    for (int k = 0; k < g.degree[s]; ++k) {
      const Point q = g.neighbours[s][k];
      if (b.at(q) != Color::empty || std::find(out, out + count, q) != out + count) continue;
      if (count == cap) return cap + 1;
      out[count++] = q;
    }
    s = b.next_in_chain(s);
  } while (s != stone);
  return count;
}

// In atari: exactly one liberty.
inline bool in_atari(const Stones& b, Point stone) {
  return b.at_most_one_liberty(stone) && b.has_liberty(stone);
}

// `liberties_after` when the empty neighbours alone do not settle it (an own chain touches `p`).
[[gnu::noinline]] inline int liberties_after_joining(const Stones& b, Point p, Color c, int cap,
                                                     Point taken) {
  const Geometry& g = b.geometry();
  const int degree = g.degree[p];
  Point libs[3];
  int count = 0;
  auto add = [&](Point q) {
    if (q == p || q == taken) return;
    for (int i = 0; i < count; ++i)
      if (libs[i] == q) return;
    if (count < cap) libs[count++] = q;
  };
  for (int k = 0; k < degree; ++k)
    if (b.at(g.neighbours[p][k]) == Color::empty) add(g.neighbours[p][k]);
  for (int k = 0; k < degree && count < cap; ++k) {
    const Point n = g.neighbours[p][k];
    if (b.at(n) != c) continue;
    if (b.at_most_one_liberty(n)) {
      add(b.only_liberty(n));
      continue;
    }
    // Two liberties or more, one of which is `p`: the others from the chain's sums when that
    // settles it, else walk the chain for them.
    Point other = no_point;
    const int others = b.liberties_besides(n, p, taken, other);
    if (others == 0) continue;
    if (others == 1) {
      add(other);
      continue;
    }
    if (cap == 2) return cap;
    Point s = n;
    do {
      for (int j = 0; j < g.degree[s] && count < cap; ++j)
        if (b.at(g.neighbours[s][j]) == Color::empty) add(g.neighbours[s][j]);
      s = b.next_in_chain(s);
    } while (s != n && count < cap);
  }
  return count;
}

// Liberties the chain placed at `p` by `c` would have, not counting captures (stops at
// `cap`, at most 3).
// `taken`: a point counted as occupied (the ladder reader's atari, before it is played).
// The count is of a set: first the empty neighbours, often enough on their own.
inline int liberties_after(const Stones& b, Point p, Color c, int cap = 2, Point taken = no_point) {
  int empties = b.neighbours_of(p, Color::empty);
  if (taken != no_point && b.at(taken) == Color::empty) {
    const Geometry& g = b.geometry();
    for (int k = 0; k < g.degree[p]; ++k) empties -= g.neighbours[p][k] == taken;
  }
  if (empties >= cap) return cap;
  if (b.neighbours_of(p, c) == 0) return empties;
  return liberties_after_joining(b, p, c, cap, taken);
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
    return liberties_of(b, stone, out, 2);
  }

  // An attacking chain in atari touching the defender's chain. With `atari` (not yet played,
  // and capturing nothing), read on the board before it: the attacking chains it joins get
  // its two liberties or more (read before), and the others do not touch it, so their
  // liberties stay as they are.
  static bool can_capture_attacker(const Stones& b, Point stone, Color attacker, Point atari = no_point) {
    const Geometry& g = b.geometry();
    auto joins_atari = [&](Point q) {
      if (atari == no_point) return false;
      for (int k = 0; k < g.degree[atari]; ++k) {
        const Point n = g.neighbours[atari][k];
        if (b.at(n) == attacker && b.chain(n) == b.chain(q)) return true;
      }
      return false;
    };
    Point s = stone;
    do {
      for (int k = 0; k < g.degree[s]; ++k) {
        const Point q = g.neighbours[s][k];
        if (b.at(q) == attacker && in_atari(b, q) && !joins_atari(q)) return true;
      }
      s = b.next_in_chain(s);
    } while (s != stone);
    return false;
  }

  // The atari on `atari` captures a defending chain (one short of liberties touches it).
  static bool atari_captures(const Stones& b, Point atari, Color defender) {
    const Geometry& g = b.geometry();
    for (int k = 0; k < g.degree[atari]; ++k) {
      const Point n = g.neighbours[atari][k];
      if (b.at(n) == defender && b.at_most_one_liberty(n)) return true;
    }
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
      if (!atari_captures(b, atari, defender)) {
        // Most reads end here, one position deep, without a copy of the board: the atari
        // changes nothing but its own point, so the defender's answers read the same.
        if (can_capture_attacker(b, stone, attacker, atari)) continue;
        const int after_run = liberties_after(b, run, defender, 3, atari);
        if (after_run < 2) return atari;
        if (after_run >= 3) continue;  // three liberties (or more, with captures): escaped
      }
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

}  // namespace stonegrid::bot
