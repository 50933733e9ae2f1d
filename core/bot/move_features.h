// Learned move priors for the capture games (Coulom 2007, "Computing Elo ratings of move
// patterns in the game of Go"). A placement is described by one value in each of eight
// feature groups (`MoveFeatures`); each value has a strength gamma learned from recorded games
// (`stonegrid learn-priors`, core/cli/learn.cpp, by minorization–maximization), and a move's
// strength is the product of its values' gamma. Among the legal placements of a position, a move is
// predicted with probability gamma(move) / sum of gamma. The tree's priors (policy_capture.h) turn that
// probability into virtual wins and losses.
//
// The groups, all from the mover's side:
//   pattern     the 3×3 neighbourhood, each point empty, ours, theirs, off the board, ours in
//               atari or theirs in atari, as the least code over the 8 symmetries (base 6)
//   capture     0 none; 1–3 captures 1, 2–3, 4+ stones; +3 when the last stone's chain is taken
//   escape      0 none; extending our chain in atari: 1 saves it (two liberties or more and no
//               ladder takes it), 2 a ladder takes it, 3 it stays in atari
//   self_atari  0 none; 1 the placed stone alone is left in atari; 2 two stones or more are
//   atari       0 none; 1 the atari that starts a working ladder; 2 another atari
//   near_last   0 no last placement; else d = dx + dy + max(dx, dy) to it, at most 16
//   near_prev   the same to the mover's own previous placement
//   line        the distance to the edge (0–4, 4 for farther) + 5 when the area around is empty
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bot/capture_reading.h"
#include "bot/policy.h"

namespace stonegrid::bot {

enum class FeatureGroup : uint8_t { pattern, capture, escape, self_atari, atari, near_last, near_prev, line };
inline constexpr int feature_groups = 8;
// Values of each group but `pattern` (whose codes go up to 6^8).
inline constexpr std::array<int, feature_groups> feature_values = {0, 7, 4, 3, 3, 17, 17, 10};

struct MoveFeatures {
  std::array<uint32_t, feature_groups> value{};
  uint32_t& operator[](FeatureGroup g) { return value[static_cast<int>(g)]; }
  uint32_t operator[](FeatureGroup g) const { return value[static_cast<int>(g)]; }
};

// The 8 symmetries of the 3×3 square as permutations of `around8`'s order (NW N NE W E SW S SE):
// symmetric[s][k] is the ring index whose point lands on index k.
inline const std::array<std::array<uint8_t, 8>, 8>& ring_symmetries() {
  static const std::array<std::array<uint8_t, 8>, 8> table = [] {
    static constexpr int row[8] = {0, 0, 0, 1, 1, 2, 2, 2};
    static constexpr int col[8] = {0, 1, 2, 0, 2, 0, 1, 2};
    auto index_of = [](int r, int c) {
      for (int k = 0; k < 8; ++k)
        if (row[k] == r && col[k] == c) return k;
      return -1;
    };
    std::array<std::array<uint8_t, 8>, 8> t{};
    for (int s = 0; s < 8; ++s)
      for (int k = 0; k < 8; ++k) {
        int r = row[k], c = col[k];
        for (int turn = 0; turn < (s & 3); ++turn) {
          const int nr = c, nc = 2 - r;  // a quarter turn
          r = nr;
          c = nc;
        }
        if (s & 4) c = 2 - c;  // then a mirror
        t[s][index_of(r, c)] = static_cast<uint8_t>(k);
      }
    return t;
  }();
  return table;
}

// The least base-6 code of the 8 cell values over the symmetries.
inline uint32_t canonical_pattern(const std::array<uint8_t, 8>& cells) {
  uint32_t best = UINT32_MAX;
  for (const std::array<uint8_t, 8>& perm : ring_symmetries()) {
    uint32_t code = 0;
    for (int k = 7; k >= 0; --k) code = code * 6 + cells[perm[k]];
    best = std::min(best, code);
  }
  return best;
}

inline int move_distance(const Geometry& geo, Point a, Point b) {
  const int dc = std::abs(geo.column(a) - geo.column(b)), dr = std::abs(geo.row(a) - geo.row(b));
  return std::min(16, dc + dr + std::max(dc, dr));
}

// The features of `me` placing on the empty point `p` (a legal placement), `last` and `prev` as
// the priors get them. `reading` is the whole-board reading for `me` on `b`.
inline MoveFeatures move_features(const Stones& b, Color me, Point p, Point last, Point prev,
                                  CaptureReading& reading) {
  const Geometry& geo = b.geometry();
  const Color enemy = opponent(me);
  MoveFeatures f;

  std::array<uint8_t, 8> cells{};
  const std::array<Point, 8>& ring = around8(geo, p);
  for (int k = 0; k < 8; ++k) {
    const Point q = ring[k];
    if (q == no_point) {
      cells[k] = 3;
      continue;
    }
    const Color c = b.at(q);
    if (c == Color::empty) continue;
    cells[k] = static_cast<uint8_t>((c == me ? 1 : 2) + (in_atari(b, q) ? 3 : 0));
  }
  f[FeatureGroup::pattern] = canonical_pattern(cells);

  const Stones::Preview after = b.preview(p, me);
  if (after.enemy_captured > 0) {
    const int size = after.enemy_captured == 1 ? 1 : after.enemy_captured <= 3 ? 2 : 3;
    const bool takes_last =
        last != no_point && b.at(last) == enemy && in_atari(b, last) && last_liberty(b, last) == p;
    f[FeatureGroup::capture] = static_cast<uint32_t>(size + (takes_last ? 3 : 0));
  }

  bool extends_atari = false, ataris = false;
  for (int k = 0; k < geo.degree[p]; ++k) {
    const Point q = geo.neighbours[p][k];
    if (b.at(q) == me && in_atari(b, q)) extends_atari = true;
    if (b.at(q) == enemy && !b.at_most_one_liberty(q) && b.liberties(q) == 2) ataris = true;
  }
  if (extends_atari) f[FeatureGroup::escape] = reading.saves[p] ? 1 : liberties_after(b, p, me) >= 2 ? 2 : 3;

  if (after.own_without_liberty || (after.enemy_captured == 0 && liberties_after(b, p, me) < 2))
    f[FeatureGroup::self_atari] = after.own_without_liberty || big_self_atari(b, p, me) ? 2 : 1;

  if (reading.ladder_atari[p])
    f[FeatureGroup::atari] = 1;
  else if (ataris)
    f[FeatureGroup::atari] = 2;

  if (last != no_point) f[FeatureGroup::near_last] = static_cast<uint32_t>(move_distance(geo, p, last));
  if (prev != no_point) f[FeatureGroup::near_prev] = static_cast<uint32_t>(move_distance(geo, p, prev));

  const int c = geo.column(p), r = geo.row(p), size = geo.size;
  const int line = std::min({c, r, size - 1 - c, size - 1 - r, 4});
  bool empty_area = true;
  for (int dr = -2; dr <= 2 && empty_area; ++dr)
    for (int dc = -2; dc <= 2; ++dc) {
      const int cc = c + dc, rr = r + dr;
      if (cc < 0 || rr < 0 || cc >= size || rr >= size || std::abs(dc) + std::abs(dr) > 3) continue;
      if (b.at(geo.at(cc, rr)) != Color::empty) {
        empty_area = false;
        break;
      }
    }
  f[FeatureGroup::line] = static_cast<uint32_t>(line + (empty_area ? 5 : 0));
  return f;
}

// Learned strengths: the patterns seen often enough in training (codes ascending, with their
// gamma), one gamma for every rarer or unseen pattern, and a gamma per value of the other groups.
// `board_size`: the size of the training games. The line group says where play goes on that
// size only (on 9×9 the fourth line is the centre; on 19×19 it is where the corners are
// taken), so on another size `gamma` leaves it out.
struct LearnedWeights {
  std::span<const uint32_t> pattern_codes;
  std::span<const float> pattern_gammas;
  float rare_pattern = 1;
  std::array<std::span<const float>, feature_groups> gammas;  // [0] unused
  int board_size = 0;

  float pattern_gamma(uint32_t code) const {
    const auto it = std::lower_bound(pattern_codes.begin(), pattern_codes.end(), code);
    if (it == pattern_codes.end() || *it != code) return rare_pattern;
    return pattern_gammas[static_cast<size_t>(it - pattern_codes.begin())];
  }
  float gamma(const MoveFeatures& f, int size) const {
    float g = pattern_gamma(f[FeatureGroup::pattern]);
    const int groups = size == board_size ? feature_groups : static_cast<int>(FeatureGroup::line);
    for (int i = 1; i < groups; ++i) g *= gammas[i][f.value[i]];
    return g;
  }
};

// Go's weights (core/bot/go_weights.cpp, written by `stonegrid learn-priors`).
const LearnedWeights& go_weights();

}  // namespace stonegrid::bot
