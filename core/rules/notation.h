// The text notation of vertices and moves (RULINGS.md §Text notation), shared by the GTP
// engine, the records and the front ends. Read `parse_move` / `move_text` first; the vertex
// functions are their building blocks.
//
// A vertex is written as in GTP: a column letter A–Z skipping I (so 25 columns at most), then the
// row number, row 1 at the bottom. Input is case-insensitive; output is upper case (`D4`). A move
// is a vertex, `pass`, `resign`, `take`, or — a Looper ballot turn — 1 to 3 vertices joined by
// `+` (`A1+C3+E5`). Parsing checks only the notation and the board size, never the rules.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "rules/game.h"

namespace stonegrid {

// The column letter of column `column` (0 = 'A'; 8 = 'J').
char column_letter(int column);

// `D4` for the point; "pass" for no_point.
std::string vertex_text(Point p, int size);

// The point of a vertex such as `d4`, or nullopt with `error` set, e.g.
// "bad vertex 'Z99' for a 9×9 board".
std::optional<Point> parse_vertex(std::string_view text, int size, std::string& error);

// `D4`, `pass`, `resign`, `take`, `A1+C3+E5`.
std::string move_text(const Move& move, int size);

// Inverse of `move_text`, case-insensitive. A single vertex gives Move::place (count 1), which
// is also a one-stone ballot turn. Errors name the bad part: "bad vertex 'K10' for a 9×9 board",
// "a ballot turn has 1 to 3 vertices, not 4", "empty move".
std::optional<Move> parse_move(std::string_view text, int size, std::string& error);

// "black" / "white" / "empty".
std::string_view color_name(Color c);

}  // namespace stonegrid
