// Board geometry shared by every game: points on an N×N grid, their neighbours on the plane or
// the torus, and Zobrist keys. Nothing here knows a rule. Read `Geometry` first; the rest are
// small helpers.
//
// A point is an index `row * size + column`, with row 0 the bottom row (GTP row 1) and column 0
// the left column (GTP column A). Sizes are chosen at run time (5..25); every array is sized for
// 25×25 so game states that embed points copy without touching the heap. A size outside 5..25
// is never an error here: `clamp_size` moves it to the nearest allowed size, and `Geometry::of`
// and every game constructor apply it, so a state's `size()` always matches its tables.
#pragma once

#include <array>
#include <cstdint>

namespace stonegrid {

inline constexpr int min_size = 5;
inline constexpr int max_size = 25;
inline constexpr int max_points = max_size * max_size;

// The nearest size in 5..25 (callers that must refuse a size check it first: `size_allowed`).
inline constexpr int clamp_size(int size) {
  return size < min_size ? min_size : size > max_size ? max_size : size;
}

using Point = int16_t;
inline constexpr Point no_point = -1;

enum class Topology : uint8_t { plane, torus };

// Directions in the fixed order used by torus neighbour slots.
enum Direction : uint8_t { east = 0, west = 1, north = 2, south = 3 };

// Neighbour tables for one size and topology, built once and shared (see `Geometry::of`).
struct Geometry {
  int size = 0;
  int points = 0;
  Topology topology = Topology::plane;
  // Orthogonal neighbours of each point. On the plane the list is compact (2 to 4 entries, in
  // east, west, north, south order, skipping the missing ones). On the torus every point has
  // exactly 4, and slot k is always direction k — the Looper loop test relies on that.
  std::array<std::array<Point, 4>, max_points> neighbours{};
  std::array<uint8_t, max_points> degree{};

  // The shared table for a size and topology; built on first use. A size outside 5..25 gets the
  // table of `clamp_size(size)` (so `of(26, …).size == 25`): defined, never a read past the end.
  static const Geometry& of(int size, Topology topology);

  int column(Point p) const { return p % size; }
  int row(Point p) const { return p / size; }
  Point at(int column, int row) const { return static_cast<Point>(row * size + column); }
  bool on_edge(Point p) const {
    int c = column(p), r = row(p);
    return c == 0 || r == 0 || c == size - 1 || r == size - 1;
  }
};

// Zobrist keys: one 64-bit key per (colour, point), fixed for the life of the program (the same
// in every build, native and wasm). colour 1 = black, 2 = white; colour 0 has key 0. `flip[p]`
// is the key of a stone changing colour on p (black ^ white), for Loose's flips.
struct ZobristKeys {
  std::array<std::array<uint64_t, max_points>, 3> place{};
  std::array<uint64_t, max_points> flip{};
};
// The one table, built on first use; hot loops keep a reference to it (a board holds a pointer)
// rather than calling `zobrist_key`.
const ZobristKeys& zobrist_keys();
inline uint64_t zobrist_key(int color, Point p) {
  return zobrist_keys().place[color][p];
}

}  // namespace stonegrid
