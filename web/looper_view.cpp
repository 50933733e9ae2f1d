// Looper's torus on a flat screen: the seams, as the printed board marks them with coloured
// lines — red between the last column and column A, blue between the last row and row 1 —
// wherever the panned view with its wrap margin shows them.
#include <algorithm>
#include <string>

#include "position_draw.h"

namespace stonegrid::web {

void draw_seams(ImDrawList* draw, const BoardView& view) {
  const float half = view.spacing * 0.5f;
  const float thickness = std::max(2.0f, view.spacing * 0.08f);
  ImVec2 lo = view.cell_position(0, view.cells() - 1), hi = view.cell_position(view.cells() - 1, 0);
  for (int cc = 1; cc < view.cells(); ++cc)
    if (view.point_of_cell(cc, 0).column == 0) {
      float x = view.cell_position(cc, 0).x - half;
      draw->AddLine(ImVec2(x, lo.y - half), ImVec2(x, hi.y + half), IM_COL32(215, 40, 40, 220), thickness);
    }
  for (int cr = 1; cr < view.cells(); ++cr)
    if (view.point_of_cell(0, cr).row == 0) {
      float y = view.cell_position(0, cr).y + half;
      draw->AddLine(ImVec2(lo.x - half, y), ImVec2(hi.x + half, y), IM_COL32(40, 90, 220, 220), thickness);
    }
}

}  // namespace stonegrid::web
