// Shared mechanics of the capture games (Go under Lasker-Maas, Square Squared): a board of
// stones whose chains are kept up to date move by move, and a history of board hashes for
// positional superko. No rule of either game lives here: which chains a placement removes is
// asked by the game (`place(..., remove_own_chain)`), and whether a move is legal is the game's
// call (games/capture_game.h holds what the two games share above this). Read `Stones` first
// (the board), then `PositionHistory` (superko).
//
// How chains are kept (as in fast Go engines such as libego and GNU Go's "pseudo-liberties"):
// - the chain rings, empty-point list and neighbour counts of board.h;
// - per chain, at its representative: stone count, Zobrist hash of its stones, and its
//   *pseudo-liberties* — the number of (stone, adjacent empty point) pairs, with the sum and the
//   sum of squares of those empty points' indices. A chain has no liberty when the count is 0,
//   and exactly one liberty when count · sum_of_squares == sum² (all the counted points are the
//   same point); that point is sum / count.
//
// Capacity is fixed for 25×25; nothing is on the heap. Copying copies only the part of each
// array used by the board size (board.h's `PointArray`). Sizes: a `Stones` is about 22 KB and a
// `PositionHistory` 33 KB, so a Go or Square Squared state is about 55 KB (mind a small default
// stack, e.g. wasm's).
#pragma once

#include <array>
#include <cstdint>

#include "rules/board.h"
#include "rules/game.h"

namespace stonegrid {

// --- the board -----------------------------------------------------------------------------
class Stones {
 public:
  // An empty board on `geometry` (a plane; the capture games do not use the torus).
  explicit Stones(const Geometry& geometry);

  const Geometry& geometry() const { return *geometry_; }
  Color at(Point p) const { return color_[p]; }
  // Zobrist hash of the stones on the board (nothing else).
  uint64_t hash() const { return hash_; }
  int stones(Color c) const { return stone_count_[static_cast<int>(c)]; }

  // The empty points, in no particular order: `empty_point(i)` for 0 <= i < `empty_count()`.
  int empty_count() const { return empty_.count(); }
  Point empty_point(int i) const { return empty_[i]; }

  // Chains, addressed by any of their stones.
  static constexpr Point no_chain = max_points;                   // `chain` of an empty point
  Point chain(Point stone) const { return chains_.head(stone); }  // the representative stone
  Point next_in_chain(Point stone) const { return chains_.next(stone); }
  int chain_stones(Point stone) const { return chains_.of(stone).stones; }
  bool has_liberty(Point stone) const { return chains_.of(stone).pseudo_liberties > 0; }
  // True when the chain has exactly one liberty, or none.
  bool at_most_one_liberty(Point stone) const { return short_of_liberties(chains_.head(stone)); }
  // The exact number of distinct liberties: walks the chain (slow; for tests and the UI).
  int liberties(Point stone) const;
  // The liberty of a chain with at most one (no_point when it has none), read from the chain's
  // liberty sums without walking it.
  Point only_liberty(Point stone) const {
    const Chain& c = chains_.of(stone);
    return c.pseudo_liberties == 0 ? no_point : static_cast<Point>(c.liberty_sum / c.pseudo_liberties);
  }
  // The liberties of the chain holding `stone` other than `p` and `taken` (either may be
  // no_point or a stone), from the chain's sums without walking it: 0, 1 (put in `other`),
  // or 2 for two or more.
  int liberties_besides(Point stone, Point p, Point taken, Point& other) const;

  // Neighbours of `p` holding `c` (Color::empty counts empty neighbours).
  int neighbours_of(Point p, Color c) const { return neighbour_counts_.of(p, c); }
  // An empty point whose neighbours all hold `c` (a playout must not fill it).
  bool is_one_point_eye(Point p, Color c) const { return neighbours_of(p, c) == geometry_->degree[p]; }

  // True when every neighbour of the empty point `p` holds the enemy of `c` and none of their
  // chains would be captured by `c` on `p`: placing there is a one-stone suicide. A quick test a
  // playout runs before the full `preview`.
  bool is_hopeless_in_enemy_eye(Point p, Color c) const {
    if (neighbours_of(p, opponent(c)) != geometry_->degree[p]) return false;
    const auto& around = geometry_->neighbours[p];
    for (int k = 0, n = geometry_->degree[p]; k < n; ++k)
      if (short_of_liberties(chains_.head(around[k]))) return false;
    return true;
  }

  // What placing `c` on the empty point `p` would do, without doing it (Tromp-Taylor order:
  // enemy chains left without a liberty are captured first; then, if the placed stone's chain
  // still has no liberty, it is the chain that would go).
  struct Preview {
    uint64_t hash_after = 0;           // board hash after captures and, if any, own removal
    int enemy_captured = 0;            // enemy stones captured
    bool own_without_liberty = false;  // the placed stone's chain has no liberty after captures
    int own_removed = 0;               // its stones (placed stone included) when it has none
  };
  Preview preview(Point p, Color c) const {
    // The common case in a playout, kept inline: a liberty of its own and no enemy next to it.
    if (neighbours_of(p, opponent(c)) == 0 && neighbours_of(p, Color::empty) > 0)
      return Preview{hash_ ^ key_of(c, p), 0, false, 0};
    return preview_contested(p, c);
  }

  // Places `c` on the empty point `p`, captures enemy chains touching `p` left without a liberty
  // and, when `remove_own_chain` is set and the placed stone's chain has no liberty after that,
  // removes it too. The caller has checked that the placement is legal for its game.
  struct Placed {
    int enemy_captured = 0;
    int own_removed = 0;
  };
  Placed place(Point p, Color c, bool remove_own_chain);

  // Puts `c` on `p` (or empties `p` with Color::empty) with no capture at all, then rebuilds
  // every chain. A chain left without a liberty by set-up stays on the board; a later placement
  // captures only the chains that touch the placed stone.
  void setup(Point p, Color c);

  // Recomputes chains, liberties, hash, stone counts and the empty list from the colours alone
  // and compares them with the incremental data.
  bool check_consistency() const;

 private:
  struct Chain {
    uint64_t hash;              // xor of the Zobrist keys of its stones
    uint32_t liberty_sum;       // sum of pseudo-liberty point indices
    uint32_t liberty_sum_sq;    // sum of their squares
    uint16_t pseudo_liberties;  // (stone, empty neighbour) pairs
    uint16_t stones;
    void absorb(const Chain& other) {
      hash ^= other.hash;
      liberty_sum += other.liberty_sum;
      liberty_sum_sq += other.liberty_sum_sq;
      pseudo_liberties = static_cast<uint16_t>(pseudo_liberties + other.pseudo_liberties);
      stones = static_cast<uint16_t>(stones + other.stones);
    }
    bool operator==(const Chain&) const = default;
  };

  // The `no_chain` slot: pseudo-liberties at points 0 and 1, so never short of liberties.
  static constexpr Chain no_chain_entry{0, 1, 1, 2, 0};
  static_assert(no_chain == ChainRings<Chain>::none);
  Preview preview_contested(Point p, Color c) const;
  uint64_t key_of(Color c, Point p) const { return keys_->place[static_cast<int>(c)][p]; }
  bool short_of_liberties(Point head) const {
    const Chain& c = chains_.at_head(head);
    return c.pseudo_liberties == 0 || static_cast<uint64_t>(c.pseudo_liberties) * c.liberty_sum_sq ==
                                          static_cast<uint64_t>(c.liberty_sum) * c.liberty_sum;
  }
  static void add_liberty(Chain& c, Point q) {
    ++c.pseudo_liberties;
    c.liberty_sum += static_cast<uint32_t>(q);
    c.liberty_sum_sq += static_cast<uint32_t>(q) * static_cast<uint32_t>(q);
  }
  static void remove_liberty(Chain& c, Point q) {
    --c.pseudo_liberties;
    c.liberty_sum -= static_cast<uint32_t>(q);
    c.liberty_sum_sq -= static_cast<uint32_t>(q) * static_cast<uint32_t>(q);
  }
  int remove_chain(Point head);
  void rebuild();

  // Copied member by member: the per-point parts copy only the points of this board size.
  const Geometry* geometry_ = nullptr;
  // The Zobrist keys of geometry.h; a pointer per board so the hot path reads an array, not a
  // function-local static.
  const ZobristKeys* keys_ = nullptr;
  uint64_t hash_ = 0;
  std::array<int, 3> stone_count_{};
  PointArray<Color> color_;
  ChainRings<Chain> chains_;  // the `no_chain` slot holds `no_chain_entry`
  NeighbourCounts neighbour_counts_;
  EmptyPoints empty_;
};

// --- superko history -----------------------------------------------------------------------
// The board hashes of a game so far, for positional superko. A fixed array of `capacity`
// hashes plus a `filter_bits`-bit filter indexed by the top bits of a hash: a lookup whose bit
// is clear answers "never seen" without scanning; otherwise it scans the stored hashes.
//
// When more than `capacity` boards have been recorded, the oldest are overwritten (a ring): the
// superko check then covers only the last `capacity` boards of the game. (A game on 25×25
// rarely gets there; a playout capped at 3·N·N moves never does.) Filter bits are never cleared
// except by `clear`, so an overwritten board only costs a scan, never a wrong answer.
//
// Boards are compared by their 64-bit Zobrist hash alone: a collision (odds about n²/2^65 for n
// boards) would refuse a legal move. Copying copies the filter and only the used part of the
// array.
class PositionHistory {
 public:
  static constexpr int capacity = 4096;
  static constexpr int filter_bits = 4096;

  PositionHistory() = default;
  PositionHistory(const PositionHistory& other) { copy_from(other); }
  PositionHistory& operator=(const PositionHistory& other) {
    if (this != &other) copy_from(other);
    return *this;
  }

  void clear();
  void add(uint64_t board_hash);
  bool contains(uint64_t board_hash) const {
    const uint64_t bit = board_hash >> (64 - filter_shift);
    if (!(filter_[bit >> 6] >> (bit & 63) & 1)) return false;
    return scan(board_hash);
  }
  // Boards stored (at most `capacity`).
  int size() const { return recorded_ < capacity ? recorded_ : capacity; }
  // Boards recorded since `clear`, including overwritten ones.
  int recorded() const { return recorded_; }

 private:
  static constexpr int filter_shift = 12;  // log2(filter_bits)
  static_assert((1 << filter_shift) == filter_bits);
  bool scan(uint64_t board_hash) const;
  void copy_from(const PositionHistory& other);

  int recorded_ = 0;
  std::array<uint64_t, filter_bits / 64> filter_{};
  std::array<uint64_t, capacity> hashes_;  // only the first size() entries are meaningful
};

}  // namespace stonegrid
