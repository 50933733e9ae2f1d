// What the panels share: the view settings, the modes the page sets (embed, readonly, touch),
// the board's view and the touch preview, and the named controls a test or the page looks for.
// The app owns one `Ui` and hands it to the panels (free functions over the session and this
// state: panels.h), as Dear ImGui's examples and floooh's chips hand their windows a plain
// struct. Nothing here is the game: that is the session's (session.h), read every frame.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "board_view.h"
#include "session.h"

namespace stonegrid::web {

struct ViewSettings {
  Theme theme = Theme::wood;
  bool dark = true;
  bool grid = true;
  bool star_points = true;
  bool coordinates = true;
  bool false_liberties = true;  // Loose
  bool animations = true;
  bool analysis = false;  // the bot's win rate and candidate moves on the board
  bool one_tap = false;   // touch: a tap plays at once instead of showing a preview to confirm
  // Diagram mode (the page's theme=, numbers= and caption= parameters; diagram_mode.cpp):
  std::optional<DiagramTheme> frame;  // embedded: the colour around the board; none: the app's
  std::optional<bool> numbers;        // move numbers on the stones; none: as the SGF's PM says
  std::string caption;                // under an embedded board, when the position has no comment
};

// A diagram's toolbar controls are this high (CSS px) at every frame width; `touch_target` on
// touch screens.
inline constexpr float diagram_control = 34;

// Controls at least this many CSS pixels high on touch screens and narrow windows.
inline constexpr float touch_target = 46;
// Boards this size and larger zoom in on the first tap (touch), by `touch_zoom`.
inline constexpr int touch_zoom_from_size = 13;
inline constexpr float touch_zoom = 2;

// Where a named control was drawn (CSS pixels of the canvas), for tests and the page.
struct ControlRect {
  ImVec2 min, max;
  long frame = -1;
};

struct Ui {
  ViewSettings settings;
  bool embed = false;            // the board fills the frame over a toolbar (the page's embed=1)
  bool readonly = false;         // a diagram: visitors step through the record and cannot play
  bool live = false;             // a game by link with a live connection open (page.js)
  bool touch = false;            // the last pointer event came from a touch screen
  bool pointer_outside = false;  // the mouse left the page's canvas and has not moved in since
  // "home", "landscape", "portrait" or "embed": the layout of the frame being drawn (the last
  // one's between frames).
  const char* layout = "landscape";
  long frames = 0;  // frames drawn so far

  // The board's view (fitted each frame; panned, zoomed), the point tapped and waiting for
  // Confirm (touch; no_point when none), and whether the move list scrolls to the move shown.
  BoardView view;
  Point preview = no_point;
  // A lesson, puzzle or problem is open (the coach judges every turn and says why it refuses
  // one), and whether it is over (solved or failed: it takes no turn until Try again). A tap the
  // coach would refuse — on a point the rules refuse, or any once it is over — goes straight to
  // it, as a click does: said once, in the coach's words, with no preview to confirm or cancel.
  bool coached = false, coached_over = false;
  bool scroll_moves = false;
  // The review's better line on the board: of turn `line_turn` (0: none), shown on the position
  // before it, its first `line_step` moves (review_panel.cpp).
  int line_turn = 0, line_step = 0;

  // Controls are large on touch screens and in narrow windows.
  bool large_targets() const;
  // A row a finger can hit in a list on touch screens (ImGui's own height otherwise).
  ImVec2 list_row() const;

  // --- named controls (tests, the page's `controlRect`) ---
  // Records the last item's rectangle under `name` (see `control`), or a rectangle of its own.
  void note_control(const std::string& name);
  void note_rect(const std::string& name, ImVec2 min, ImVec2 max);
  // A button recorded under `name` (default: its label up to any "##").
  bool button(const char* label, const char* name = nullptr, ImVec2 size = ImVec2(0, 0));
  // The named control drawn in the last frame, or null.
  const ControlRect* control(const std::string& name) const;
  std::vector<std::string> control_names() const;
  std::map<std::string, ControlRect> controls;
};

// SameLine() when a button labelled `next` (with `box`: a checkbox or radio button) still fits
// on this line.
void same_line_if_fits(const char* next, bool box = false);

// Shows move `moves` of the record (-1: the game now), as the move list and the arrow keys do:
// the touch preview goes and the move list follows.
void view_move(Session& session, Ui& ui, int moves);

}  // namespace stonegrid::web
