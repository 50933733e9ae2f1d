// Drawing a game position: the board furniture, the stones of an `AnyGame` read straight from
// the engine, and the marks the UI lays over them (last move, ghost stone, keyboard cursor,
// points picked for a turn of several, flip/capture animations, and what the game's explanation marks:
// territory, labels such as edge scores, false liberties, the winning loop; the bot's
// candidate moves; an SGF record's marks, labels and move numbers). The main board and the help page's
// mini-boards both use it.
#pragma once

#include <array>
#include <vector>

#include "board_view.h"
#include "session.h"

namespace stonegrid::web {

// A stone that changed at the moment a move was made: flipped (Loose) or captured (Go, Square
// Squared). Made by comparing the board before and after the move; transient, not game state.
struct StoneAnimation {
  Point point = no_point;
  Color from = Color::empty;
  Color to = Color::empty;
  double start = 0;  // ImGui time
};
inline constexpr double animation_seconds = 0.35;

struct Overlay {
  std::array<Point, 3> last{no_point, no_point, no_point};  // the last move's stones
  Point ghost = no_point;
  Color ghost_color = Color::empty;
  bool ghost_illegal = false;  // the move there would be refused: drawn crossed out
  Point cursor = no_point;
  std::vector<Point> picks;  // points picked for a turn of several (Looper's ballot)
  // The review's better line: stones numbered in the order of the line, in their colours.
  struct LineStone {
    Point point = no_point;
    Color color = Color::black;
    int number = 1;
  };
  std::vector<LineStone> line;
  const std::vector<StoneAnimation>* animations = nullptr;
  // The stones the last turn flipped or captured (AnyGame::last_changed), marked until the next.
  const std::vector<Point>* changed = nullptr;
  double now = 0;
  const bot::Analysis* analysis = nullptr;
  // What the game says about the position (AnyGame::explain), and which parts to draw.
  const Explanation* explanation = nullptr;
  bool territory = false;        // the owner of each counted empty point
  bool labels = false;           // the explanation's labels (e.g. edge chain scores)
  bool edge_emphasis = false;    // the scoring line of an edge-scored game
  bool false_liberties = false;  // false liberties as small crosses
  bool loop = false;             // the loop's stones ringed
  // SGF markup and move numbers (Session::markup_options with the view's choices): numbers on
  // the stones, TR/SQ/CR/MA marks and LB labels, drawn as core/formats/diagram.cpp draws them, on the
  // main copy of each point. A number or mark hides the last-move ring under it.
  const DiagramOptions* markup = nullptr;
};

Stone stone_of(Color c);
void draw_position(ImDrawList* draw, const BoardView& view, const BoardStyle& style, const AnyGame& game,
                   const Overlay& overlay);

// --- Looper (looper_view.cpp) ---
// The red (vertical) and blue (horizontal) seam lines between the last and the first line, as
// on the printed board, wherever the panned view shows them.
void draw_seams(ImDrawList* draw, const BoardView& view);

}  // namespace stonegrid::web
