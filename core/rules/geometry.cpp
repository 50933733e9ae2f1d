// Neighbour tables are built lazily, once per (size, topology), and never freed: 42 tables at
// most (~60 KB each), and a pointer handed out stays valid for the whole program.
#include "rules/geometry.h"

#include <memory>
#include <mutex>

namespace stonegrid {

namespace {

Geometry build(int size, Topology topology) {
  Geometry g;
  g.size = size;
  g.points = size * size;
  g.topology = topology;
  const int step_column[4] = {1, -1, 0, 0};
  const int step_row[4] = {0, 0, 1, -1};
  for (int p = 0; p < g.points; ++p) {
    int column = p % size, row = p / size;
    int count = 0;
    for (int k = 0; k < 4; ++k) {
      int c = column + step_column[k], r = row + step_row[k];
      if (topology == Topology::torus) {
        c = (c + size) % size;
        r = (r + size) % size;
      } else if (c < 0 || r < 0 || c >= size || r >= size) {
        continue;
      }
      g.neighbours[p][count++] = static_cast<Point>(r * size + c);
    }
    for (int k = count; k < 4; ++k) g.neighbours[p][k] = no_point;
    g.degree[p] = static_cast<uint8_t>(count);
  }
  return g;
}

// SplitMix64: a fixed sequence, so keys are the same in every build (native and wasm).
uint64_t splitmix(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

ZobristKeys build_keys() {
  ZobristKeys keys;
  uint64_t state = 0x5709E9D1D5EEDull;
  for (int color = 1; color <= 2; ++color)
    for (auto& key : keys.place[color]) key = splitmix(state);
  for (int p = 0; p < max_points; ++p) keys.flip[p] = keys.place[1][p] ^ keys.place[2][p];
  return keys;
}

}  // namespace

const Geometry& Geometry::of(int size, Topology topology) {
  static std::unique_ptr<Geometry> tables[2][max_size + 1];
  static std::once_flag built[2][max_size + 1];  // threads (the bot's helpers) may ask at once
  size = clamp_size(size);
  auto& slot = tables[static_cast<int>(topology)][size];
  std::call_once(built[static_cast<int>(topology)][size],
                 [&] { slot = std::make_unique<Geometry>(build(size, topology)); });
  return *slot;
}

const ZobristKeys& zobrist_keys() {
  static const ZobristKeys keys = build_keys();
  return keys;
}

}  // namespace stonegrid
