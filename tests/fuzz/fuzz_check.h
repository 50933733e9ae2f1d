// What the fuzz targets share: `FUZZ_CHECK`, which stops the run with a message that names the
// broken property (libFuzzer then saves the input as crash-<sha1>), and the small text helpers.
// A target is one `LLVMFuzzerTestOneInput`; docs/robustness.md says how to run and reproduce.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "rules/any_game.h"

#define FUZZ_CHECK(condition, ...)                                                                \
  do {                                                                                            \
    if (!(condition)) {                                                                           \
      std::fprintf(stderr, "\nFUZZ_CHECK failed at %s:%d: %s\n", __FILE__, __LINE__, #condition); \
      std::fprintf(stderr, __VA_ARGS__);                                                          \
      std::fprintf(stderr, "\n");                                                                 \
      std::abort();                                                                               \
    }                                                                                             \
  } while (0)

namespace stonegrid::fuzz {

inline std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Everything a player can see of a game, for "same state" checks: the `stonegrid-state` JSON
// (board, side to move, phase, passes, prisoners, result, score), the settings the JSON leaves
// out and the moves.
inline std::string visible_state(const AnyGame& game) {
  std::string out = game.state_json();
  out += " variant=" + std::to_string(game.settings().variant);
  out += " komi_named_by=" + std::to_string(static_cast<int>(game.settings().komi_named_by));
  out += " moves=";
  for (const Move& move : game.moves()) {
    out += std::to_string(static_cast<int>(move.kind)) + ":";
    for (int i = 0; i < move.count; ++i) out += std::to_string(move.points[i]) + ",";
    out += ";";
  }
  return out;
}

}  // namespace stonegrid::fuzz
