// The board area: the position the session shows, fitted to a rectangle, with its marks (the
// last move, the faint stone under the pointer or the touch preview, the keyboard cursor,
// picked points, animations, analysis, the game's own explanation, SGF markup) and a message
// over it for a few seconds; clicks, taps and drags on it (panning the torus or a zoomed
// board). Free functions over the session, the panels' shared state (ui.h) and `BoardArea`.
#pragma once

#include <string>
#include <vector>

#include "panels.h"
#include "position_draw.h"

namespace stonegrid::web {

// What the board area keeps between frames.
struct BoardArea {
  std::vector<StoneAnimation> animations;           // flips and captures, made from the session's events
  Point cursor = no_point;                          // the keyboard cursor (arrows, Enter)
  bool cursor_mode = false;                         // shown and moved by the keys
  bool dragged = false;                             // the press under way moved (it is no click)
  bool dragging = false;                            // a drag on the board is under way (no ghost stone)
  int drag_offset_column = 0, drag_offset_row = 0;  // the torus's pan when a drag began
  ImVec2 drag_focus{0, 0};                          // the zoom focus when a drag began
  std::string shown_message;                        // the message as last drawn, and since when
  double message_time = -100;
};

// The board fitted to [min, max] and drawn, its input taken; a turn comes back as a Request.
Request board_area(Session& session, Ui& ui, BoardArea& board, ImVec2 area_min, ImVec2 area_max);
// A click or tap on point `p` (or Enter on the keyboard cursor). On touch screens a tap first
// zooms a big board in, then shows a preview that Confirm plays (or plays at once with View >
// One-tap moves); a pick for a turn of several points goes to the session. Refusals leave a message.
Request click_point(Session& session, Ui& ui, BoardArea& board, Point p);

}  // namespace stonegrid::web
