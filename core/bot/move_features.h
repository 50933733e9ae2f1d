// Learned move priors for the capture games (Coulom 2007, "Computing Elo ratings of move
// patterns in the game of Go"). A placement is described by one value in each of eight
// feature groups (`MoveFeatures`); each value has a strength gamma learned from recorded games
// (`stonegrid learn-priors`, core/cli/learn.cpp, by minorization–maximization), and a move's
// strength is the product of its values' gamma. Among the legal placements of a position, a move is
// predicted with probability gamma(move) / sum of gamma. The tree's priors (policy_capture.h) turn that
// probability into virtual wins and losses.
//
// The groups, all from the mover's side:
//   pattern     the largest learned shape around the point: the diamond of the points within
//               Manhattan distance 3, else 2 (`shape_codes`), when the shape table has it
//               (`ShapeTable`), else the 3×3 neighbourhood; each point empty, ours, theirs, off
//               the board, ours in atari or theirs in atari, as the least code over the 8
//               symmetries (3×3: base 6, below 6^8; diamonds: a hash tagged with the radius)
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
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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

// Shapes larger than 3×3: the diamond of the points within Manhattan distance 2 (12 points)
// and 3 (24). Its cells are read in a fixed order (distance 1, 2, 3; along each ring), each
// one empty, ours, theirs or off the board (0–3), +3 for a stone in atari, and hashed
// (FNV-1a, 64 bits); the least hash over the 8 symmetries names the shape. A code keeps 29
// bits of it below the tag radius − 1 (1 or 2) in the top bits, so codes of the two radii and
// the 3×3 codes (below 6^8 < 2^29) never meet.
inline constexpr int shape_points = 24;     // within distance 3
inline constexpr int shape_points_r2 = 12;  // within distance 2: the first 12
inline constexpr uint32_t shape_tag_shift = 29;

struct ShapeOffsets {
  std::array<std::array<int8_t, 2>, shape_points> at{};          // (column, row) offsets
  std::array<std::array<uint8_t, shape_points>, 8> symmetric{};  // [s][k]: the cell read k-th
};
inline const ShapeOffsets& shape_offsets() {
  static const ShapeOffsets table = [] {
    ShapeOffsets t;
    int n = 0;
    for (int d = 1; d <= 3; ++d)
      for (int dx = -d; dx <= d; ++dx)
        for (int sign = -1; sign <= 1; sign += 2) {
          const int ady = d - std::abs(dx);
          if (ady == 0 && sign == 1) continue;
          t.at[n++] = {static_cast<int8_t>(dx), static_cast<int8_t>(sign * ady)};
        }
    for (int s = 0; s < 8; ++s)
      for (int k = 0; k < shape_points; ++k) {
        int x = t.at[k][0], y = t.at[k][1];
        if (s & 1) x = -x;
        if (s & 2) y = -y;
        if (s & 4) std::swap(x, y);
        for (int j = 0; j < shape_points; ++j)
          if (t.at[j][0] == x && t.at[j][1] == y) t.symmetric[s][k] = static_cast<uint8_t>(j);
      }
    return t;
  }();
  return table;
}

// The codes of the radius-2 and radius-3 diamonds around `p` for `me`: {radius 2, radius 3}.
inline std::array<uint32_t, 2> shape_codes(const Stones& b, Color me, Point p) {
  const Geometry& geo = b.geometry();
  const ShapeOffsets& o = shape_offsets();
  const int c0 = geo.column(p), r0 = geo.row(p), size = geo.size;
  std::array<uint8_t, shape_points> cells{};
  for (int k = 0; k < shape_points; ++k) {
    const int c = c0 + o.at[k][0], r = r0 + o.at[k][1];
    if (c < 0 || r < 0 || c >= size || r >= size) {
      cells[k] = 3;
      continue;
    }
    const Point q = geo.at(c, r);
    const Color col = b.at(q);
    if (col != Color::empty) cells[k] = static_cast<uint8_t>((col == me ? 1 : 2) + (in_atari(b, q) ? 3 : 0));
  }
  uint64_t best2 = ~0ull, best3 = ~0ull;
  for (const std::array<uint8_t, shape_points>& order : o.symmetric) {
    uint64_t h = 1469598103934665603ull;
    for (int k = 0; k < shape_points_r2; ++k) h = (h ^ cells[order[k]]) * 1099511628211ull;
    best2 = std::min(best2, h);
    for (int k = shape_points_r2; k < shape_points; ++k) h = (h ^ cells[order[k]]) * 1099511628211ull;
    best3 = std::min(best3, h);
  }
  constexpr uint64_t low = (1u << shape_tag_shift) - 1;
  return {(1u << shape_tag_shift) | static_cast<uint32_t>(best2 & low),
          (2u << shape_tag_shift) | static_cast<uint32_t>(best3 & low)};
}
inline bool is_shape_code(uint32_t code) {
  return (code >> shape_tag_shift) != 0;
}

// The learned shapes (codes ascending, with their gamma): core/bot/go_shapes.txt, written by
// `stonegrid learn-priors`. Natively the binaries carry it; the page fetches it (go-shapes.txt)
// when its bot first thinks in Go and plays with the 3×3 patterns until it is there.
struct ShapeTable {
  std::vector<uint32_t> codes;
  std::vector<float> gammas;
  // The same, open-addressed for the priors (a lookup is one or two cache lines where a binary
  // search over 20,000 codes is a dozen): each slot a code and its gamma's bits, 0 when empty.
  std::vector<uint64_t> slots;

  // Builds `slots` from `codes` and `gammas` (read_shapes does).
  void index() {
    int bits = 4;
    while ((size_t{1} << bits) < 2 * codes.size()) ++bits;
    slots.assign(size_t{1} << bits, 0);
    shift_ = 32 - bits;
    for (size_t i = 0; i < codes.size(); ++i) {
      size_t at = slot_of(codes[i]);
      while (slots[at] != 0) at = (at + 1) & (slots.size() - 1);
      uint32_t g;
      std::memcpy(&g, &gammas[i], sizeof g);
      slots[at] = static_cast<uint64_t>(g) << 32 | codes[i];
    }
  }
  // The gamma of a shape's code, 0 when the table does not have it.
  float find(uint32_t code) const {
    if (slots.empty()) return 0;
    for (size_t at = slot_of(code);; at = (at + 1) & (slots.size() - 1)) {
      const uint64_t slot = slots[at];
      if (slot == 0) return 0;
      if (static_cast<uint32_t>(slot) == code) {
        const uint32_t bits = static_cast<uint32_t>(slot >> 32);
        float g;
        std::memcpy(&g, &bits, sizeof g);
        return g;
      }
    }
  }

 private:
  int shift_ = 28;
  size_t slot_of(uint32_t code) const { return static_cast<uint32_t>(code * 0x9E3779B1u) >> shift_; }
};
// Reads the text of go_shapes.txt (`shapes_text`'s format): nullopt, with `error` (which line
// and why), when it is not.
std::optional<ShapeTable> read_shapes(std::string_view text, std::string& error);
// The text of a table: a comment (each line of `comment` after "# "), then a line per shape,
// its code in hex and its gamma.
std::string shapes_text(const ShapeTable& table, const std::string& comment);
// Go's shapes: the built-in table natively; on the page, null until `install_go_shapes` (the
// fetched file) has run. Safe from any thread: a table once installed is never freed.
const ShapeTable* go_shapes();
// Makes `text` (go_shapes.txt's format) Go's shapes from now on. False, with `error`, when it
// cannot be read; the table before stays.
bool install_go_shapes(std::string_view text, std::string& error);

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
//
// A shape code (`shape_codes`) is looked up in the shapes (`shapes()`, which may have none yet):
// `learn_shape` puts the largest shape the table has in a move's features.
struct LearnedWeights {
  std::span<const uint32_t> pattern_codes;
  std::span<const float> pattern_gammas;
  float rare_pattern = 1;
  std::array<std::span<const float>, feature_groups> gammas;  // [0] unused
  int board_size = 0;
  const ShapeTable* (*shapes)() = nullptr;

  // Replaces the 3×3 code of `f`, the features of `me` placing on `p`, by the code of the
  // largest diamond `table` has, if any.
  static void learn_shape(const ShapeTable* table, const Stones& b, Color me, Point p, MoveFeatures& f) {
    if (!table || table->codes.empty()) return;
    const std::array<uint32_t, 2> codes = shape_codes(b, me, p);
    for (int r = 1; r >= 0; --r)
      if (table->find(codes[r]) > 0) {
        f[FeatureGroup::pattern] = codes[r];
        return;
      }
  }
  float pattern_gamma(uint32_t code) const {
    if (is_shape_code(code)) {
      const ShapeTable* table = shapes ? shapes() : nullptr;
      const float g = table ? table->find(code) : 0;
      return g > 0 ? g : rare_pattern;
    }
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
