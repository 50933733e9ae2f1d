// The pattern table: michi's 13 patterns (X, O colours; x, o "not X", "not O"; ? anything;
// space off the board), expanded over symmetries, colour swap and wildcards into a 64K-bit set.
#include "bot/patterns.h"

#include <bitset>
#include <string>

namespace stonegrid::bot {

namespace {

using Grid = std::array<std::string, 3>;

const Grid sources[] = {
    {"XOX", "...", "???"},  // hane: enclosing hane
    {"XO.", "...", "?.?"},  // hane: non-cutting hane
    {"XO?", "X..", "x.?"},  // hane: magari
    {".O.", "X..", "..."},  // katatsuke or diagonal attachment
    {"XO?", "O.o", "?o?"},  // cut: unprotected cut
    {"XO?", "O.X", "???"},  // cut: peeped cut
    {"?X?", "O.O", "ooo"},  // cut: de
    {"OX?", "o.O", "???"},  // cut: keima
    {"X.?", "O.?", "   "},  // side: chase
    {"OX?", "X.O", "   "},  // side: block side cut
    {"?X?", "x.O", "   "},  // side: block side connection
    {"?XO", "x.x", "   "},  // side: sagari
    {"?OX", "X.O", "   "},  // side: cut
};

Grid rotate(const Grid& g) {
  Grid r = g;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r[j][2 - i] = g[i][j];
  return r;
}

Grid mirror(const Grid& g) {
  Grid r = g;
  for (int i = 0; i < 3; ++i) std::swap(r[i][0], r[i][2]);
  return r;
}

Grid swap_colors(const Grid& g) {
  Grid r = g;
  for (auto& row : r)
    for (char& c : row) c = c == 'X' ? 'O' : c == 'O' ? 'X' : c == 'x' ? 'o' : c == 'o' ? 'x' : c;
  return r;
}

// Allowed values (bit v for value v) of a pattern character.
unsigned allowed(char c) {
  switch (c) {
    case '.':
      return 1u;
    case 'X':
      return 2u;
    case 'O':
      return 4u;
    case ' ':
      return 8u;
    case 'x':
      return 1u | 4u | 8u;
    case 'o':
      return 1u | 2u | 8u;
    default:
      return 15u;
  }
}

void expand(const Grid& g, std::bitset<65536>& table) {
  // around8 order: NW N NE W E SW S SE = grid cells (0,0) (0,1) (0,2) (1,0) (1,2) (2,0) ...
  static constexpr int cell_row[8] = {0, 0, 0, 1, 1, 2, 2, 2};
  static constexpr int cell_col[8] = {0, 1, 2, 0, 2, 0, 1, 2};
  unsigned sets[8];
  for (int k = 0; k < 8; ++k) sets[k] = allowed(g[cell_row[k]][cell_col[k]]);
  auto rec = [&](auto&& self, int k, unsigned code) -> void {
    if (k == 8) {
      table.set(code);
      return;
    }
    for (unsigned v = 0; v < 4; ++v)
      if (sets[k] >> v & 1u) self(self, k + 1, code | v << (2 * k));
  };
  rec(rec, 0, 0);
}

std::bitset<65536> build() {
  std::bitset<65536> table;
  for (const Grid& source : sources) {
    Grid g = source;
    for (int m = 0; m < 2; ++m) {
      for (int r = 0; r < 4; ++r) {
        expand(g, table);
        expand(swap_colors(g), table);
        g = rotate(g);
      }
      g = mirror(g);
    }
  }
  return table;
}

}  // namespace

bool pattern_matches(uint16_t code) {
  static const std::bitset<65536> table = build();
  return table[code];
}

}  // namespace stonegrid::bot
