// Sensei's Library diagrams: the `$$` text that senseis.xmp.net (and the Life in 19x19 forum's
// [go] tag) turns into a picture. `read_sl_diagram` makes a position and its markup of one;
// `write_sl_diagram` writes one of a game. docs/diagrams.md is the user's guide; this comment is
// the contract.
//
// The text, line by line (every line starts with `$$`, blank `$$` lines are skipped, link lines
// `$$ [a|Page]` are ignored):
//   $$[B|W][c][size][m<n>] caption   the header: who plays the first numbered move (default B;
//                                    `W` alone also means White is to move), `c` coordinates,
//                                    the board size (default: the edges tell, else 19), `m<n>`
//                                    the number of the move shown as 1 (`$$Bm26`: 1 is move 26),
//                                    then the caption (may be empty)
//   $$ +-----------+   $$ ------     a board edge above or below the rows (`+` the corners)
//   $$ | . X O , . |                 a row, top row first; `|` at its start or end is the left
//                                    or right edge. Spaces between points are optional.
// Points: `.` `,` (a star point) and `+` empty; `X` `O` stones; `1`–`9` and `0` (10) numbered
// moves, odd ones by the header's colour; `B` `W` black and white stones with a circle, `#` `@`
// with a square; `C` `S` a circle or a square on an empty point; `a`–`z` a letter on an empty
// point. Nothing else is a point.
//
// The part of the board shown: a diagram with all four edges is the whole board; one with fewer
// is a part of a board of the header's size (19 by default) placed against the edges it shows
// (a side without an edge is away from the board's edge; with neither edge of a pair the part
// is centred). Reading: the unnumbered stones are set up, then the numbered moves are played in
// order (1, 2, 3, ... with no gap) by the rules of the game — an illegal one is an error — so a
// capture inside the sequence happens as in the game. When White is to play first and the
// set-up position has Black to move, a pass by Black comes first.
//
// Games: the notation is Go's. Loose and Square Squared take it as it is (Loose flips happen as
// moves are replayed). Looper's board wraps, so it has no corner and no edge: a Looper diagram
// shows the whole torus (the four edges stand for the seams) with stones only — no numbered
// moves, whose ballot turns the notation cannot say.
//
// Errors name the place: "sl: line 3, column 9: 'Q' is not a diagram point (X O . , + 1-9 0 B W # @
// C S a-z)".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "formats/diagram.h"
#include "formats/sgf.h"
#include "rules/any_game.h"

namespace stonegrid {

// The part of the board a diagram shows: columns `left`..`right`, rows `bottom`..`top` (as in
// geometry.h: row 0 is the bottom row). It has a board edge on a side where it reaches it.
using SlView = BoardPart;

struct SlDiagram {
  AnyGame game;                       // the set-up stones, then the numbered moves played
  int first_numbered = 0;             // moves of `game` before the move shown as the first number (a pass)
  int numbered_moves = 0;             // how many moves the diagram numbers (0 to 10)
  int first_number = 1;               // the number move `first_numbered` + 1 shows (the header's m<n>)
  std::vector<Markup::Mark> marks;    // circles and squares (B W # @ C S)
  std::vector<Markup::Label> labels;  // the letters
  std::string caption;                // the header's text (control characters as spaces, trimmed)
  bool coordinates = false;           // the header's `c`
  SlView view;                        // the part of the board the text shows
};

// What the text does not say: the game (a name of the table; default go), the size when the
// header gives none (0: the edges or 19), the komi (nullopt: the game's).
struct SlReadOptions {
  std::string game = "go";
  int size = 0;
  std::optional<double> komi;
};

// Input limit: a diagram is at most 64 KiB of text.
inline constexpr size_t max_sl_bytes = size_t{1} << 16;

// The diagram in `text`, or nullopt with `error` set ("sl: line L, column C: problem").
std::optional<SlDiagram> read_sl_diagram(std::string_view text, const SlReadOptions& options,
                                         std::string& error);

// The diagram's markup as SGF nodes would carry it (one `Markup` per node, as
// read_sgf_with_markup gives them): the numbered moves numbered from the header's m<n>, the
// moves before them (a leading pass) unnumbered, and the marks, letters and caption on the last.
std::vector<Markup> sl_markup(const SlDiagram& diagram);

// What to write besides the position.
struct SlWriteOptions {
  // The first move of the record to number (1-based); 0: no numbers, the position as stones.
  // At most 10 moves (to the last) can be numbered.
  int numbers_from = 0;
  // The number the first numbered move shows (the header's m<n>); 0: its number in the record.
  int first_number = 0;
  std::vector<Markup::Mark> marks;    // circles and squares are written; triangles and crosses
  std::vector<Markup::Label> labels;  // cannot be (`notes` says so); labels only as one letter a-z
  std::string caption;                // on the header line (control characters become spaces)
  bool coordinates = false;
  std::optional<SlView> view;  // nullopt: the whole board
};

// The game's current position as diagram text (lines ending in '\n'), or nullopt with `error`
// set when the notation cannot say it: a numbered move that is a pass (other than the start) or
// a ballot turn, a point numbered twice or not empty before its move, more than 10 numbers.
// Markup the notation has no sign for (a triangle, a mark on a numbered stone, a label that is
// not one letter on an empty point) is left out and described in `notes`, one line each.
std::optional<std::string> write_sl_diagram(const AnyGame& game, const SlWriteOptions& options,
                                            std::string& error, std::vector<std::string>* notes = nullptr);

}  // namespace stonegrid
