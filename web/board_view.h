// Where the board is drawn and how it looks: the mapping between board points and screen
// positions (ImGui coordinates = CSS pixels of the canvas), the colours of the themes, and the
// drawing primitives (grid, star points, coordinates, stones, marks) with ImGui draw lists.
// Knows nothing of any rule; `position_draw.h` draws a game position with these.
//
// Display cells and board points. The board is drawn as `cells()` × `cells()` display cells.
// On the plane a cell is a point. On Looper's torus the view adds `margin` lines on each side
// (the stones across each seam, drawn faded) and may be panned: `offset_column/offset_row` is
// the board point shown in the first main cell. `point_of_cell` maps any cell to its board
// point; `position(column, row)` is where the *main* copy of a point is drawn.
//
// Zoom (touch screens, boards of 13 and more; a `$$` corner, a puzzle's view): `zoom` > 1
// magnifies the board around `focus`, a display-cell position (column, and row counted from the
// top). `fit` keeps the focus where the magnified board still covers the whole area, so no empty
// strip shows at an edge, and sets both from `part` when one is to be shown whole.
#pragma once

#include <optional>

#include "imgui.h"

namespace stonegrid::web {

// A point of the board by column and row (row 0 = bottom, GTP row 1).
struct BoardPoint {
  int column = -1;
  int row = -1;
  bool valid() const { return column >= 0; }
};

struct BoardView {
  // Fitted each frame to the area the board may use.
  ImVec2 origin{0, 0};  // screen position of display cell (0, top row)
  float spacing = 1;    // distance between adjacent lines
  int size = 9;
  int margin = 0;  // extra display lines on each side (torus wrap margin)
  int offset_column = 0, offset_row = 0;
  bool coordinates = true;
  // The coordinates drawn on the wrap margin's line (on a small opaque backing, over any faded
  // copy of a stone there) instead of outside the board: a narrow torus view gives the main
  // board the room (set before `fit`).
  bool labels_inside = false;
  float zoom = 1;
  ImVec2 focus{0, 0};
  // A part of the board the magnified view shows whole (a `$$` corner, a puzzle's view), in
  // display cells (rows from the top), with `room` lines to spare: `fit` sets the zoom and the
  // focus from it for the area it is given, each frame, until `zoom_to` or a drag.
  struct Part {
    float left = 0, top = 0, right = 0, bottom = 0;
    float room = 0;
  };
  std::optional<Part> part;

  void fit(ImVec2 area_min, ImVec2 area_max, int board_size, int wrap_margin = 0,
           bool with_coordinates = true);
  int cells() const { return size + 2 * margin; }
  bool zoomed() const { return zoom > 1; }
  // Magnifies by `factor` around the main copy of a point (as drawn now), or undoes it (factor 1).
  void zoom_to(int column, int row, float factor);
  // Magnifies a board of `board_size` to show the columns and rows from first to last (rows from
  // the bottom, as a BoardPoint's) whole, with `room` lines to spare (see `part`).
  void show_part(int board_size, int first_column, int first_row, int last_column, int last_row, int room);
  bool torus() const { return margin > 0; }
  // Screen position of display cell (dc, dr), dr 0 = bottom.
  ImVec2 cell_position(int cell_column, int cell_row) const;
  // The board point shown in a display cell.
  BoardPoint point_of_cell(int cell_column, int cell_row) const;
  // Whether a display cell is in the main (unfaded) block.
  bool main_cell(int cell_column, int cell_row) const;
  // Screen position of the main copy of the point at column c, row r (row 0 = bottom).
  ImVec2 position(int column, int row) const;
  // The point under a screen position (within half a line spacing), or an invalid one.
  BoardPoint point_at(ImVec2 screen) const;

  ImVec2 board_min() const;                  // the board's corners (the wooden square)
  void fit_part(float width, float height);  // `fit`'s zoom and focus for `part`
  ImVec2 board_max() const;
};

enum class Stone { none, black, white };
enum class Theme { wood, flat };

struct Palette {
  ImU32 background, board, line, text, faint_text;
};
Palette palette(Theme theme, bool dark);

// Which parts of the board furniture to draw.
struct BoardStyle {
  Palette colors{};
  bool grid = true;
  bool star_points = true;
  bool rounded = true;
};

// Set by the platform (main.cpp) where it draws with OpenGL: an ImDrawList callback that fills
// its command's clip rectangle with the opaque colour in its `UserCallbackData` (an ImU32) by a
// scissored clear. Null: `fill_opaque` draws an ordinary filled rectangle.
inline ImDrawCallback opaque_fill_callback = nullptr;
// A filled rectangle of an opaque colour, through `opaque_fill_callback` when there is one
// (the rounded corners, if any, stay ImGui's): the same picture as AddRectFilled, without
// blending every pixel of it. Software rendering (headless Chromium's SwiftShader) is fill-rate
// bound, and the board is the largest thing a frame draws.
// The coordinates' font size for a line spacing (beside the board, and on the zoomed bands).
float coordinate_font_size(float spacing);
// Zoomed in, the coordinates are labels on bands along the area's left and top (board_area.cpp):
// their width and height in pixels for a line spacing.
ImVec2 zoomed_label_bands(float spacing);

void fill_opaque(ImDrawList* draw, ImVec2 min, ImVec2 max, ImU32 color, float rounding = 0);

// Drawing helpers; `draw` is usually the window's draw list.
// The board: its wood, grid and star points.
void draw_board(ImDrawList* draw, const BoardView& view, const BoardStyle& style);
// Its coordinates (none when zoomed in: board_area.cpp's bands say them), drawn after the wrap
// margin's veil and the stones, so they are never faded nor covered.
void draw_coordinates(ImDrawList* draw, const BoardView& view, const BoardStyle& style);
// Segments for a circle of `radius` CSS pixels, within 0.35 device pixels of a true circle
// (ImGui's automatic count jumps to 48 on large circles and ignores the pixel ratio).
int circle_segments(float radius);
// A stone at a screen position; `scale` shrinks it (animations), `alpha` fades it.
void draw_stone_at(ImDrawList* draw, ImVec2 centre, float radius, Stone stone, float alpha = 1.0f,
                   float scale = 1.0f);
void draw_stone(ImDrawList* draw, const BoardView& view, int column, int row, Stone stone,
                float alpha = 1.0f);
void draw_last_move_mark(ImDrawList* draw, ImVec2 centre, float spacing, Stone stone);
// Text centred on a point, in a size relative to the spacing.
void draw_centred_text(ImDrawList* draw, ImVec2 centre, float size, ImU32 color, const char* text);

// GTP column letter for a column index (A..Z skipping I).
char column_letter(int column);

}  // namespace stonegrid::web
