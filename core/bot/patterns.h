// Mogo-style 3×3 patterns for the capture games' playouts (Gelly et al. 2006, in the form michi
// uses): the 8 points around an empty point, each empty, black, white or off the board, give a
// 16-bit code; a table built once says whether the empty centre is a good move (hane, cut,
// side patterns; both colours, all 8 symmetries).
#pragma once

#include <cstdint>

#include "bot/policy.h"

namespace stonegrid::bot {

// 2 bits per point of `around8` order: 0 empty, 1 black, 2 white, 3 off the board.
template <typename Board>
uint16_t pattern_code(const Board& b, Point p) {
  const std::array<Point, 8>& ring = around8(b.geometry(), p);
  uint16_t code = 0;
  for (int k = 0; k < 8; ++k) {
    const unsigned v = ring[k] == no_point ? 3u : static_cast<unsigned>(b.at(ring[k]));
    code = static_cast<uint16_t>(code | (v << (2 * k)));
  }
  return code;
}

// True when the code matches one of the patterns (built on first call).
bool pattern_matches(uint16_t code);

}  // namespace stonegrid::bot
