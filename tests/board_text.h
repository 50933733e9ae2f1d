// ASCII boards for tests: `X` black, `O` white, `.` (or `+`) empty, top row (row N) first,
// spaces ignored. `picture(game)` renders a game's board the same way, one row per line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rules/game.h"

namespace stonegrid::testing {

// The colours of a picture, indexed by point (row 0 = bottom line of the picture).
inline std::vector<Color> parse_picture(std::string_view text) {
  std::vector<std::string> rows;
  std::string row;
  for (char c : text) {
    if (c == '\n') {
      if (!row.empty()) rows.push_back(row);
      row.clear();
    } else if (c == 'X' || c == 'x' || c == 'O' || c == 'o' || c == '.' || c == '+') {
      row += c;
    }
  }
  if (!row.empty()) rows.push_back(row);
  const int size = static_cast<int>(rows.size());
  std::vector<Color> board(size * size, Color::empty);
  for (int r = 0; r < size; ++r) {
    const std::string& line = rows[size - 1 - r];
    for (int c = 0; c < size && c < static_cast<int>(line.size()); ++c) {
      char ch = line[c];
      board[r * size + c] = (ch == 'X' || ch == 'x')   ? Color::black
                            : (ch == 'O' || ch == 'o') ? Color::white
                                                       : Color::empty;
    }
  }
  return board;
}

template <typename G>
std::string picture(const G& game) {
  std::string out;
  const int n = game.size();
  for (int r = n - 1; r >= 0; --r) {
    for (int c = 0; c < n; ++c) {
      Color s = game.at(game.geometry().at(c, r));
      out += s == Color::black ? 'X' : s == Color::white ? 'O' : '.';
    }
    out += '\n';
  }
  return out;
}

// The same picture normalised (spaces and blank lines dropped), for comparing with `picture`.
inline std::string normalise(std::string_view text) {
  std::string out, row;
  for (char c : text) {
    if (c == '\n') {
      if (!row.empty()) out += row + '\n';
      row.clear();
    } else if (c == 'X' || c == 'x')
      row += 'X';
    else if (c == 'O' || c == 'o')
      row += 'O';
    else if (c == '.' || c == '+')
      row += '.';
  }
  if (!row.empty()) out += row + '\n';
  return out;
}

// A game set up with the stones of `text` (through G::setup), board size taken from the text.
template <typename G>
G from_picture(typename G::Rules rules, std::string_view text) {
  std::vector<Color> board = parse_picture(text);
  int size = 0;
  while (size * size < static_cast<int>(board.size())) ++size;
  rules.size = size;
  G game(rules);
  for (int p = 0; p < static_cast<int>(board.size()); ++p)
    if (board[p] != Color::empty) game.setup(static_cast<Point>(p), board[p]);
  return game;
}

}  // namespace stonegrid::testing
