// Vertices and moves as text. Parsing is strict (no stray characters, no leading zeros are
// required to be absent — `D04` is read as D4, as GnuGo does) and never throws.
#include "rules/notation.h"

#include <cctype>

namespace stonegrid {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string board_name(int size) {
  return std::to_string(size) + "\u00d7" + std::to_string(size) + " board";
}

}  // namespace

char column_letter(int column) {
  return static_cast<char>('A' + column + (column >= 8 ? 1 : 0));
}

std::string vertex_text(Point p, int size) {
  if (p == no_point) return "pass";
  return column_letter(p % size) + std::to_string(p / size + 1);
}

std::optional<Point> parse_vertex(std::string_view text, int size, std::string& error) {
  auto bad = [&]() -> std::optional<Point> {
    error = "bad vertex '" + std::string(text) + "' for a " + board_name(size);
    return std::nullopt;
  };
  if (text.size() < 2 || text.size() > 4) return bad();
  char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  if (letter < 'A' || letter > 'Z' || letter == 'I') return bad();
  int column = letter - 'A' - (letter > 'I' ? 1 : 0);
  int row = 0;
  for (char c : text.substr(1)) {
    if (c < '0' || c > '9') return bad();
    row = row * 10 + (c - '0');
  }
  if (column >= size || row < 1 || row > size) return bad();
  return static_cast<Point>((row - 1) * size + column);
}

std::string move_text(const Move& move, int size) {
  switch (move.kind) {
    case Move::Kind::pass:
      return "pass";
    case Move::Kind::resign:
      return "resign";
    case Move::Kind::take:
      return "take";
    case Move::Kind::place:
      break;
  }
  std::string out;
  for (int i = 0; i < move.count; ++i) {
    if (i > 0) out += '+';
    out += vertex_text(move.points[i], size);
  }
  return out;
}

std::optional<Move> parse_move(std::string_view text, int size, std::string& error) {
  if (text.empty()) {
    error = "empty move";
    return std::nullopt;
  }
  std::string word = lower(text);
  if (word == "pass") return Move::pass();
  if (word == "resign") return Move::resign();
  if (word == "take") return Move::take();
  Move move = Move::pass();
  move.kind = Move::Kind::place;
  move.count = 0;
  size_t start = 0;
  int parts = 0;
  while (true) {
    size_t plus = text.find('+', start);
    std::string_view part = text.substr(start, plus == std::string_view::npos ? text.npos : plus - start);
    ++parts;
    if (parts <= 3) {
      std::optional<Point> p = parse_vertex(part, size, error);
      if (!p) return std::nullopt;
      move.points[move.count++] = *p;
    }
    if (plus == std::string_view::npos) break;
    start = plus + 1;
  }
  if (parts > 3) {
    error = "a ballot turn has 1 to 3 vertices, not " + std::to_string(parts);
    return std::nullopt;
  }
  return move;
}

std::string_view color_name(Color c) {
  return c == Color::black ? "black" : c == Color::white ? "white" : "empty";
}

}  // namespace stonegrid
