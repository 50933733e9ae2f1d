// Static diagrams of a position as SVG, for rules wikis, READMEs and printed sheets: the board as
// the app draws it (wood board, shaded stones, Looper's seams and faded wrap margin), with what
// a rules page needs on top — move numbers, SGF marks and labels, a caption, and per game the
// one overlay its rules are about (Loose false liberties, the Square Squared scoring edge, Go
// territory, the Looper winning loop). `stonegrid diagram` (core/cli/diagram.cpp) and the page's
// "Download image" call `diagram_svg`; docs/diagrams.md is the user's guide.
//
// Everything shown is read from the game (`at`, `geometry`, `facts()` and `explain()`,
// game_facts.h); the writer knows no rule and no game by name. The SVG is small: one `<circle class="stone
// black|white">` per stone on the board (the faded copies on Looper's wrap margin are `class="copy …"`), the
// grid one `<path>`, star points, shadows and each overlay one `<path>` each; marks and labels one element
// each.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "formats/sgf.h"
#include "rules/any_game.h"

namespace stonegrid {

// What surrounds the board: `light` / `dark` a page of that colour (docs/embedding.md's
// themes), `wood` no page (the wooden board is the whole picture, the caption on it),
// `transparent` no background at all (the host's shows through; the caption in a grey
// readable on light and dark hosts).
enum class DiagramTheme : uint8_t { light, dark, wood, transparent };
std::optional<DiagramTheme> diagram_theme(std::string_view name);  // "light", "dark", ...

// A part of the board: columns `left`..`right`, rows `bottom`..`top` (row 0 is the bottom row, as
// in geometry.h). A side that reaches the board's edge is an edge; the others are open.
struct BoardPart {
  int left = 0, right = 0, bottom = 0, top = 0;
  bool whole(int size) const { return left == 0 && bottom == 0 && right == size - 1 && top == size - 1; }
};

struct DiagramOptions {
  DiagramTheme theme = DiagramTheme::light;
  // Width of the picture in pixels; 0: 36 px between lines. The height follows.
  int width = 0;
  bool coordinates = false;
  // Move numbers on the stones still standing where a move of the record placed them, for the
  // moves from `numbers_from` (1 = the first move) on. `move_numbers[i]` is the number shown
  // for move i + 1 (0: none); empty means i + 1. `apply_markup` fills it from SGF MN/PM.
  bool numbers = false;
  int numbers_from = 1;
  std::vector<int> move_numbers;
  bool last_move = false;  // a ring on the last move's stones, as the app marks it
  std::vector<Markup::Mark> marks;
  std::vector<Markup::Label> labels;
  std::string caption;  // below the board; UTF-8, any text ('\n' breaks a line)
  std::string title;    // the SVG <title>; empty: e.g. "Loose 9×9, after 12 moves"
  // On a torus (Looper): rows and columns of wrap margin drawn faded around the main board (0 to
  // the board size); nullopt: 1. Boards with an edge have no margin.
  std::optional<int> wrap;
  // Only this part of the board is drawn (a Sensei's Library diagram of a corner or a side): its
  // edges as edges, its open sides with the grid running half a line on to the picture's edge.
  // Coordinates are written on its edge sides only. Ignored on a torus; nullopt: the whole board.
  std::optional<BoardPart> part;
  // What `explain()` marks, per game (each option does nothing in a game without it):
  bool false_liberties = false;  // Loose: a small red cross on each false liberty
  bool edge_emphasis = true;     // edge scoring (Square Squared): the scoring line heavier, a band
  bool edge_scores = false;      // the count's labels (Square Squared: each edge chain's score),
                                 // away from marks and labels (`place_count_labels`)
  bool territory = false;        // the count's owners (Go's territory) as small squares
  bool winning_loop = true;      // Looper: a ring on the stones of Black's winning loop
};

// Star points as the app draws them: 3-3 (2-2 below 13×13), the sides on 13×13 and up, the
// centre on odd boards; none below 7×7. The app's board, the SVG and Sensei's Library diagrams use it.
bool is_star_point(int size, int column, int row);

// The game's current position as a standalone SVG document (UTF-8, ends with a newline).
std::string diagram_svg(const AnyGame& game, const DiagramOptions& options);

// What the picture shows, in words: its default <title> (what a screen reader says, the
// MediaWiki tag's alt text): "Go 19×19, the upper left corner (A16 to G19): 4 black stones and 6
// white stones; marked: a circle on C17, the letter a on F15". The game and size, the part
// (`options.part`), the moves played, the stones, and the marks and labels (more than six: how
// many of each). The caption is not in it.
std::string diagram_description(const AnyGame& game, const DiagramOptions& options);

// The move number shown on each point (indexed by Point) when `options.numbers` is on: the
// number of the move of the record that placed the stone standing there (from `numbers_from`
// on, as `move_numbers` gives it), 0 where none is shown — no stone, or a mark or label there
// (it wins). All 0 when numbers are off. The diagram writer and the app's board both use it.
std::array<int, max_points> stone_numbers(const AnyGame& game, const DiagramOptions& options);

// A count label (`Explanation::labels`, e.g. a Square Squared edge chain's score) where a
// picture writes it.
struct PlacedCountLabel {
  PointLabel label;    // `label.point`: where it is written
  bool small = false;  // written small, low on its stone, below a mark or label there
};

// Where each of the count's labels is written so that it never shares a point with a mark or a
// label of `options` (an SGF's TR, SQ, CR, MA, LB): on its own point when that is free; else on
// the nearest free stone of the same chain (one on the board's edge first); else, when every
// stone of the chain is marked, on its own point, `small`. The diagram writer uses it; so can
// the app's board.
std::vector<PlacedCountLabel> place_count_labels(const AnyGame& game, const Explanation& explained,
                                                 const DiagramOptions& options);

// Takes from an SGF record's nodes what belongs to the position after `moves` moves: that
// node's marks and labels, its comment as the caption (only when `options.caption` is empty),
// the move numbers from MN, and numbering on or off by the last PM at or before it (PM[1],
// PM[2] modulo 100: on; PM[0]: off). Options the caller sets afterwards win.
void apply_markup(DiagramOptions& options, const std::vector<Markup>& nodes, int moves);

// SGF's view, VW[]: the part of the board shown. `view_property` writes a part as one rectangle
// (`VW[aa:gd]`); `view_of` reads a node's VW (points and rectangles: the smallest part holding
// them all), nullopt when the node has none, when one of its values is not a point of the board,
// or when it holds the whole board (an empty VW[] resets the view to it, as SGF says).
std::string view_property(const BoardPart& part, int size);
std::optional<BoardPart> view_of(const Markup& node, int size);

}  // namespace stonegrid
