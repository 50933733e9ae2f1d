// Where the board is drawn and how it looks: the mapping between board points and screen
// positions (ImGui coordinates = CSS pixels of the canvas), and the drawing of grid, star
// points, coordinates and stones with ImGui draw lists. Knows nothing of any rule.
#pragma once

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
  ImVec2 origin{0, 0};  // screen position of the point A1's column and the top row
  float spacing = 1;    // distance between adjacent lines
  int size = 9;

  void fit(ImVec2 area_min, ImVec2 area_max, int board_size);
  // Screen position of the point at column c, row r (row 0 = bottom, GTP row 1).
  ImVec2 position(int column, int row) const;
  // The point under a screen position (within half a line spacing), or an invalid one.
  BoardPoint point_at(ImVec2 screen) const;

  ImVec2 board_min() const;  // the wooden square's corners
  ImVec2 board_max() const;
};

enum class Stone { none, black, white };

// Drawing helpers; `draw` is usually the window's draw list.
void draw_board(ImDrawList* draw, const BoardView& view);
void draw_stone(ImDrawList* draw, const BoardView& view, int column, int row, Stone stone,
                float alpha = 1.0f);
void draw_last_move_mark(ImDrawList* draw, const BoardView& view, int column, int row, Stone stone);

// GTP column letter for a column index (A..Z skipping I).
char column_letter(int column);

}  // namespace stonegrid::web
