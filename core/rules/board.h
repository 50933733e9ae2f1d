// The board mechanics every stone game shares, apart from any rule — the parts `Stones` (the
// capture games' board, stones.h), `Loose` and `Looper` are built from, by composition:
// - `PointArray`: one entry per point, capacity 25×25, copying only the points in use;
// - `EmptyPoints`: the empty points as a list with a position index (O(1) add, remove, pick);
// - `NeighbourCounts`: per point, how many neighbours hold each colour;
// - `ChainRings<Chain>`: chains as rings of stones with a representative, merged smaller into
//   larger, each carrying the game's own per-chain data (`Chain`).
// Read them in that order. Nothing here allocates: a state built from these parts copies with
// its default copy constructor, and each part copies only what the board size uses.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <utility>

#include "rules/game.h"

namespace stonegrid {

// --- per-point arrays ----------------------------------------------------------------------
// `max_points + extra` entries of a trivially copyable T, of which the first `used()` (the
// board's points) and the `extra` slots past `max_points` are meaningful. Entries start
// uninitialised (a 25×25 capacity is not cleared for a 9×9 board); copying copies the used
// entries and the extra slots, nothing else.
template <typename T, int extra = 0>
class PointArray {
 public:
  PointArray() = default;
  explicit PointArray(int used) : used_(used) {}
  PointArray(const PointArray& other) { copy_from(other); }
  PointArray& operator=(const PointArray& other) {
    if (this != &other) copy_from(other);
    return *this;
  }

  int used() const { return used_; }
  T& operator[](int i) { return data_[i]; }
  const T& operator[](int i) const { return data_[i]; }
  T* data() { return data_.data(); }
  const T* data() const { return data_.data(); }
  // Copies the first `n` entries only (e.g. the part of a list in use).
  void copy_prefix(const PointArray& other, int n) {
    std::memcpy(data_.data(), other.data_.data(), static_cast<size_t>(n) * sizeof(T));
  }

 private:
  void copy_from(const PointArray& other) {
    used_ = other.used_;
    copy_prefix(other, used_);
    if constexpr (extra > 0)
      std::memcpy(data_.data() + max_points, other.data_.data() + max_points, extra * sizeof(T));
  }

  int used_ = 0;
  std::array<T, max_points + extra> data_;
};

// --- the empty points ----------------------------------------------------------------------
// The empty points in no particular order, for playouts that pick one at random. Adding
// appends; removing moves the last entry into the freed slot. The order is part of what a
// fixed seed reproduces, so it is the same on every build.
class EmptyPoints {
 public:
  EmptyPoints() = default;
  explicit EmptyPoints(int points) : list_(points), index_(points) {}
  EmptyPoints(const EmptyPoints& other) { copy_from(other); }
  EmptyPoints& operator=(const EmptyPoints& other) {
    if (this != &other) copy_from(other);
    return *this;
  }

  int count() const { return count_; }
  Point operator[](int i) const { return list_[i]; }
  const Point* begin() const { return list_.data(); }
  const Point* end() const { return list_.data() + count_; }

  void clear() { count_ = 0; }
  void add(Point p) {
    index_[p] = static_cast<int16_t>(count_);
    list_[count_++] = p;
  }
  void remove(Point p) {
    const int i = index_[p];
    const Point last = list_[--count_];
    list_[i] = last;
    index_[last] = static_cast<int16_t>(i);
  }
  // Lists exactly the points `is_empty` says are empty (among the first `points`), each once
  // and at its recorded position.
  template <typename IsEmpty>
  bool consistent(int points, IsEmpty is_empty) const {
    int expected = 0;
    for (int p = 0; p < points; ++p) expected += is_empty(static_cast<Point>(p)) ? 1 : 0;
    if (expected != count_) return false;
    for (int i = 0; i < count_; ++i) {
      const Point p = list_[i];
      if (p < 0 || p >= points || !is_empty(p) || index_[p] != i) return false;
    }
    return true;
  }

 private:
  void copy_from(const EmptyPoints& other) {
    count_ = other.count_;
    list_.copy_prefix(other.list_, count_);  // only the listed part of the list
    index_ = other.index_;
  }

  int count_ = 0;
  PointArray<Point> list_;
  PointArray<int16_t> index_;  // position in list_ of each empty point
};

// --- neighbour colour counts ---------------------------------------------------------------
// Per point, how many of its neighbours are empty, black and white, as 4-bit fields of one
// word (bits 0-3 empty, 4-7 black, 8-11 white): a point changing colour updates each neighbour
// with one addition.
class NeighbourCounts {
 public:
  NeighbourCounts() = default;
  explicit NeighbourCounts(int points) : counts_(points) {}

  int of(Point p, Color c) const { return counts_[p] >> (4 * static_cast<int>(c)) & 15; }
  uint16_t word(Point p) const { return counts_[p]; }
  // What to add to each neighbour of a point that goes from `from` to `to`.
  static constexpr uint16_t change(Color from, Color to) {
    return static_cast<uint16_t>((1u << (4 * static_cast<int>(to))) - (1u << (4 * static_cast<int>(from))));
  }
  void apply(Point p, uint16_t change) { counts_[p] = static_cast<uint16_t>(counts_[p] + change); }

  // Counts from scratch from `colour` (anything indexable by point).
  template <typename Colours>
  void rebuild(const Geometry& g, const Colours& color) {
    for (int p = 0; p < g.points; ++p) {
      uint16_t word = 0;
      for (int k = 0, n = g.degree[p]; k < n; ++k)
        word = static_cast<uint16_t>(word + (1u << (4 * static_cast<int>(color[g.neighbours[p][k]]))));
      counts_[p] = word;
    }
  }

 private:
  PointArray<uint16_t> counts_;
};

// --- chains --------------------------------------------------------------------------------
// Every stone knows its chain's representative stone (`head`) and the next stone of its chain
// in a ring (`next`), so walking a chain needs no search; per chain, at its representative, the
// game keeps a `Chain` of its own. `Chain` needs a `stones` count (the size, which decides the
// direction of a merge), `void absorb(const Chain&)` (add another chain's data, `stones`
// included) and `==` (for consistency checks). An empty point's head is `none`, whose `Chain`
// slot (the one extra entry) the game may fill with a harmless value so that hot loops can
// read an empty neighbour's "chain" without a branch.
template <typename Chain>
class ChainRings {
 public:
  static constexpr Point none = max_points;

  ChainRings() = default;
  explicit ChainRings(int points) : head_(points), next_(points), chain_(points) {}

  Point head(Point stone) const { return head_[stone]; }
  Point next(Point stone) const { return next_[stone]; }
  // The data of the chain holding `stone`, and of the chain whose representative is `head`.
  Chain& of(Point stone) { return chain_[head_[stone]]; }
  const Chain& of(Point stone) const { return chain_[head_[stone]]; }
  Chain& at_head(Point head) { return chain_[head]; }
  const Chain& at_head(Point head) const { return chain_[head]; }

  // `p` becomes a chain of its own.
  void start(Point p, const Chain& data) {
    head_[p] = p;
    next_[p] = p;
    chain_[p] = data;
  }
  // `p` holds no chain (an empty point).
  void clear(Point p) {
    head_[p] = none;
    next_[p] = p;
  }

  // Joins the chains whose representatives are `a` and `b` (distinct): the smaller ring is
  // relabelled (`b`'s on a tie), the two rings are spliced by swapping one `next` of each, and
  // the data added. Returns the representative of the joined chain.
  Point merge(Point a, Point b) {
    if (chain_[a].stones < chain_[b].stones) std::swap(a, b);
    Point s = b;
    do {
      head_[s] = a;
      s = next_[s];
    } while (s != b);
    std::swap(next_[a], next_[b]);
    chain_[a].absorb(chain_[b]);
    return a;
  }

  // Calls `visit(s)` for each stone of the chain holding `stone`, starting there.
  template <typename Visit>
  void for_each_stone(Point stone, Visit visit) const {
    Point s = stone;
    do {
      visit(s);
      s = next_[s];
    } while (s != stone);
  }
  // Like `for_each_stone`, and each stone leaves the chain once visited (the chain is gone:
  // captured). `visit` may read heads of other stones, not of this chain's.
  template <typename Visit>
  void dissolve(Point stone, Visit visit) {
    Point s = stone;
    do {
      visit(s);
      const Point after = next_[s];
      clear(s);
      s = after;
    } while (s != stone);
  }

  // Rebuilds every chain from `colour` by flood fill, each from its lowest point (which becomes
  // the representative). A chain starts as `empty_chain`; `join(chain, s)` adds stone `s` to
  // it (its count, and whatever the game keeps per chain).
  template <typename Colours, typename Join>
  void rebuild(const Geometry& g, const Colours& color, const Chain& empty_chain, Join join) {
    for (int p = 0; p < g.points; ++p) {
      head_[p] = color[p] == Color::empty ? none : no_point;
      next_[p] = static_cast<Point>(p);
    }
    std::array<Point, max_points> stack;
    for (int start = 0; start < g.points; ++start) {
      const Color c = color[start];
      if (c == Color::empty || head_[start] != no_point) continue;
      const Point h = static_cast<Point>(start);
      Chain chain = empty_chain;
      int top = 0;
      stack[top++] = h;
      head_[h] = h;
      Point last = h;  // the ring is built by appending after `last`
      while (top > 0) {
        const Point s = stack[--top];
        join(chain, s);
        if (s != h) {
          next_[s] = next_[last];
          next_[last] = s;
          last = s;
        }
        for (int k = 0, n = g.degree[s]; k < n; ++k) {
          const Point q = g.neighbours[s][k];
          if (color[q] == c && head_[q] == no_point) {
            head_[q] = h;
            stack[top++] = q;
          }
        }
      }
      chain_[h] = chain;
    }
  }

  // Compares with `fresh` (rebuilt from the same `colour`): the same partition into chains,
  // equal `Chain` data, rings that visit exactly their chain, `none` on every empty point.
  template <typename Colours>
  bool same_as(const ChainRings& fresh, int points, const Colours& color) const {
    for (int p = 0; p < points; ++p) {
      if (color[p] == Color::empty) {
        if (head_[p] != none) return false;
        continue;
      }
      const Point h = head_[p], theirs = fresh.head_[p];
      if (h < 0 || h >= points || color[h] != color[p]) return false;
      // p lies with its representative in one fresh chain, and that chain's representative in
      // p's chain: so each chain here is a fresh chain and the other way round.
      if (fresh.head_[h] != theirs || head_[theirs] != h) return false;
      if (!(chain_[h] == fresh.chain_[theirs])) return false;
      if (h != p) continue;
      int walked = 0;
      Point s = p;
      do {
        if (head_[s] != p) return false;
        ++walked;
        s = next_[s];
      } while (s != p && walked <= points);
      if (walked != chain_[p].stones) return false;
    }
    return true;
  }

 private:
  PointArray<Point> head_;  // representative stone; `none` on empty points
  PointArray<Point> next_;  // next stone of the same chain (a ring)
  // Meaningful at representatives, plus the `none` slot.
  PointArray<Chain, 1> chain_;
};

}  // namespace stonegrid
