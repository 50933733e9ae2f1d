// The shared board mechanics (core/rules/geometry.h, core/rules/board.h): size clamping, the empty-point
// list, neighbour counts, and chain rings checked against the naive flood fill of
// naive_capture_rules.h over random placements, merges and removals.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "games/go.h"
#include "games/looper.h"
#include "games/loose.h"
#include "games/squaresquared.h"
#include "naive_capture_rules.h"
#include "rules/board.h"

using namespace stonegrid;

TEST_CASE("geometry: Geometry::of clamps a size outside 5..25 to the nearest table") {
  CHECK(clamp_size(4) == 5);
  CHECK(clamp_size(-3) == 5);
  CHECK(clamp_size(26) == 25);
  CHECK(clamp_size(1000) == 25);
  CHECK(clamp_size(13) == 13);
  for (Topology t : {Topology::plane, Topology::torus}) {
    CHECK(&Geometry::of(26, t) == &Geometry::of(25, t));
    CHECK(&Geometry::of(1 << 20, t) == &Geometry::of(25, t));
    CHECK(&Geometry::of(0, t) == &Geometry::of(5, t));
    CHECK(&Geometry::of(-7, t) == &Geometry::of(5, t));
    CHECK(Geometry::of(26, t).size == 25);
    CHECK(Geometry::of(26, t).points == 625);
    CHECK(Geometry::of(4, t).size == 5);
  }
  CHECK(Geometry::of(26, Topology::torus).topology == Topology::torus);
}

TEST_CASE("geometry: every game clamps its size the same way, so size() matches its tables") {
  auto check_size = [](const auto& game, int expected) {
    CHECK(game.size() == expected);
    CHECK(game.geometry().size == expected);
    CHECK(game.check_consistency());
  };
  for (int asked : {26, 40}) {
    check_size(Go(Go::Rules{asked, 6.5}), 25);
    check_size(Loose(Loose::Rules{asked, 0}), 25);
    check_size(Looper(Looper::Rules{asked}), 25);
    SquareSquared::Rules rules;
    rules.size = asked;
    check_size(SquareSquared(rules), 25);
  }
  check_size(Loose(Loose::Rules{3, 0}), 5);
  check_size(Looper(Looper::Rules{1}), 5);
}

TEST_CASE("board: PointArray copies the used entries and the extra slots, nothing else") {
  PointArray<int, 1> a(9);
  for (int i = 0; i < max_points + 1; ++i) a[i] = i;
  PointArray<int, 1> b(25);
  for (int i = 0; i < max_points + 1; ++i) b[i] = -1;
  b = a;
  CHECK(b.used() == 9);
  for (int i = 0; i < 9; ++i) CHECK(b[i] == i);
  CHECK(b[9] == -1);  // past the used entries: untouched
  CHECK(b[max_points] == max_points);
  const PointArray<int, 1> c(b);
  CHECK(c.used() == 9);
  CHECK(c[8] == 8);
  CHECK(c[max_points] == max_points);
}

TEST_CASE("board: the empty-point list adds, removes by swapping the last in, and copies") {
  EmptyPoints empty(25);
  for (Point p = 0; p < 25; ++p) empty.add(p);
  CHECK(empty.count() == 25);
  empty.remove(3);  // the last entry (24) takes its place
  CHECK(empty.count() == 24);
  CHECK(empty[3] == 24);
  empty.remove(24);  // now at index 3: 23 moves there
  CHECK(empty[3] == 23);
  CHECK(empty.count() == 23);
  std::vector<bool> is_empty(25, true);
  is_empty[3] = is_empty[24] = false;
  auto lookup = [&](Point p) { return static_cast<bool>(is_empty[p]); };
  CHECK(empty.consistent(25, lookup));
  const EmptyPoints copy = empty;
  CHECK(copy.consistent(25, lookup));
  CHECK(std::equal(copy.begin(), copy.end(), empty.begin(), empty.end()));
  is_empty[7] = false;  // says 7 is a stone: the list disagrees
  CHECK_FALSE(empty.consistent(25, lookup));
  empty.add(3);
  CHECK(empty[empty.count() - 1] == 3);
  empty.clear();
  CHECK(empty.count() == 0);
}

TEST_CASE("board: neighbour counts follow colour changes with one addition per neighbour") {
  const Geometry& g = Geometry::of(5, Topology::plane);
  std::vector<Color> color(25, Color::empty);
  NeighbourCounts counts(25);
  counts.rebuild(g, color);
  CHECK(counts.of(0, Color::empty) == 2);  // a corner
  CHECK(counts.of(12, Color::empty) == 4);
  // Black on 7 (just below the centre, 12), then flipped to white.
  color[7] = Color::black;
  for (int k = 0; k < g.degree[7]; ++k)
    counts.apply(g.neighbours[7][k], NeighbourCounts::change(Color::empty, Color::black));
  CHECK(counts.of(12, Color::black) == 1);
  CHECK(counts.of(12, Color::empty) == 3);
  color[7] = Color::white;
  for (int k = 0; k < g.degree[7]; ++k)
    counts.apply(g.neighbours[7][k], NeighbourCounts::change(Color::black, Color::white));
  CHECK(counts.of(12, Color::black) == 0);
  CHECK(counts.of(12, Color::white) == 1);
  NeighbourCounts fresh(25);
  fresh.rebuild(g, color);
  for (Point p = 0; p < 25; ++p) CHECK(fresh.word(p) == counts.word(p));
}

namespace {

// The per-chain data of the test: stones and the sum of their point indices.
struct TestChain {
  int16_t stones;
  int sum;
  void absorb(const TestChain& other) {
    stones = static_cast<int16_t>(stones + other.stones);
    sum += other.sum;
  }
  bool operator==(const TestChain&) const = default;
};

// The chains of `rings` against the naive flood fill: same stones, same data, and a
// consistent comparison with a rebuild.
void compare_with_flood_fill(const ChainRings<TestChain>& rings, const std::vector<Color>& color, int size) {
  const testing::Naive naive{size, color, {}};
  const Geometry& g = Geometry::of(size, Topology::plane);
  for (Point p = 0; p < g.points; ++p) {
    if (color[p] == Color::empty) {
      CHECK(rings.head(p) == ChainRings<TestChain>::none);
      continue;
    }
    bool liberty = false;
    std::vector<int> expected = naive.chain_at(color, p, liberty);
    std::sort(expected.begin(), expected.end());
    std::vector<int> walked;
    rings.for_each_stone(p, [&](Point s) { walked.push_back(s); });
    std::sort(walked.begin(), walked.end());
    REQUIRE(walked == expected);
    int sum = 0;
    for (int s : expected) sum += s;
    CHECK(rings.of(p).stones == static_cast<int>(expected.size()));
    CHECK(rings.of(p).sum == sum);
  }
  ChainRings<TestChain> fresh(g.points);
  fresh.rebuild(g, color, TestChain{0, 0}, [](TestChain& chain, Point s) {
    ++chain.stones;
    chain.sum += s;
  });
  CHECK(rings.same_as(fresh, g.points, color));
  CHECK(fresh.same_as(rings, g.points, color));
}

}  // namespace

TEST_CASE("board: chain rings merge and dissolve as the naive flood fill says") {
  Rng rng(11);
  for (int size : {5, 7, 9}) {
    const Geometry& g = Geometry::of(size, Topology::plane);
    for (int round = 0; round < 8; ++round) {
      std::vector<Color> color(g.points, Color::empty);
      ChainRings<TestChain> rings(g.points);
      for (Point p = 0; p < g.points; ++p) rings.clear(p);
      for (int step = 0; step < 3 * g.points; ++step) {
        const Point p = static_cast<Point>(rng.below(static_cast<uint32_t>(g.points)));
        if (color[p] == Color::empty) {
          // A stone: a chain of its own, then merged with each neighbouring chain of its colour.
          const Color c = rng.below(2) ? Color::black : Color::white;
          color[p] = c;
          rings.start(p, TestChain{1, p});
          for (int k = 0; k < g.degree[p]; ++k) {
            const Point q = g.neighbours[p][k];
            if (color[q] == c && rings.head(q) != rings.head(p)) rings.merge(rings.head(p), rings.head(q));
          }
        } else if (rng.below(3) == 0) {
          // The whole chain leaves the board (a capture).
          rings.dissolve(p, [&](Point s) { color[s] = Color::empty; });
        }
        compare_with_flood_fill(rings, color, size);
      }
    }
  }
}

TEST_CASE("board: same_as notices a chain split in two or a wrong count") {
  const Geometry& g = Geometry::of(5, Topology::plane);
  std::vector<Color> color(25, Color::empty);
  color[0] = color[1] = color[2] = Color::black;
  auto join = [](TestChain& chain, Point s) {
    ++chain.stones;
    chain.sum += s;
  };
  ChainRings<TestChain> whole(25), split(25);
  whole.rebuild(g, color, TestChain{0, 0}, join);
  for (Point p = 0; p < 25; ++p) split.clear(p);
  split.start(0, TestChain{1, 0});
  split.start(1, TestChain{1, 1});
  split.start(2, TestChain{1, 2});
  split.merge(1, 2);  // 0 is left out of its chain
  CHECK_FALSE(split.same_as(whole, 25, color));
  split.merge(split.head(0), split.head(1));
  CHECK(split.same_as(whole, 25, color));
  split.of(0).sum += 1;
  CHECK_FALSE(split.same_as(whole, 25, color));
}
