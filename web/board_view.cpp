// Board geometry on screen and its drawing. Sizes are in CSS pixels; ImGui renders them at the
// device pixel ratio, so lines and stones stay crisp on high-DPI screens.
#include "board_view.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include "formats/diagram.h"

namespace stonegrid::web {

namespace {

int wrap(int value, int size) {
  return ((value % size) + size) % size;
}

}  // namespace

char column_letter(int column) {
  char letter = static_cast<char>('A' + column);
  return letter >= 'I' ? static_cast<char>(letter + 1) : letter;
}

Palette palette(Theme theme, bool dark) {
  Palette p{};
  p.background = dark ? IM_COL32(38, 44, 52, 255) : IM_COL32(236, 234, 228, 255);
  if (theme == Theme::wood) {
    p.board = IM_COL32(220, 179, 92, 255);  // dcb35c: the desktop smoke test looks for it
    p.line = IM_COL32(40, 30, 15, 255);
    p.text = p.line;
    p.faint_text = IM_COL32(40, 30, 15, 140);
  } else if (dark) {
    p.board = IM_COL32(70, 80, 94, 255);
    p.line = IM_COL32(190, 198, 210, 255);
    p.text = p.line;
    p.faint_text = IM_COL32(190, 198, 210, 140);
  } else {
    p.board = IM_COL32(214, 206, 186, 255);
    p.line = IM_COL32(60, 60, 60, 255);
    p.text = p.line;
    p.faint_text = IM_COL32(60, 60, 60, 140);
  }
  return p;
}

void BoardView::fit(ImVec2 area_min, ImVec2 area_max, int board_size, int wrap_margin,
                    bool with_coordinates) {
  size = board_size;
  margin = wrap_margin;
  coordinates = with_coordinates;
  offset_column = wrap(offset_column, size);
  offset_row = wrap(offset_row, size);
  float width = area_max.x - area_min.x, height = area_max.y - area_min.y;
  float side = std::max(1.0f, std::min(width, height));
  // cells - 1 gaps between lines, plus a margin on each side (room for coordinates).
  float border = coordinates && !labels_inside ? 2.4f : 1.2f;
  spacing = side / (static_cast<float>(cells() - 1) + border);
  float board_side = spacing * static_cast<float>(cells() - 1);
  origin = ImVec2(area_min.x + (width - board_side) * 0.5f, area_min.y + (height - board_side) * 0.5f);
  if (part && !torus()) fit_part(width, height);
  if (!zoomed()) return;
  spacing *= zoom;
  // The focus (in cells) may go no nearer an edge than half the area, board padding included;
  // a side shorter than the area stays centred. With coordinates, the first line's stones keep
  // clear of the label bands at the left and the top (and a side shorter than the area stays
  // clear of them too: the view is what the bands leave).
  const float pad = 0.6f, last = static_cast<float>(cells() - 1);
  const ImVec2 bands = coordinates ? zoomed_label_bands(spacing) : ImVec2(0, 0);
  auto keep = [&](float value, float half, float band) {
    float low = half - (band > 0 ? band / spacing + 0.55f : pad), high = last + pad - half;
    return low > high ? std::min(last * 0.5f - 0.5f * band / spacing, low) : std::clamp(value, low, high);
  };
  focus =
      ImVec2(keep(focus.x, width * 0.5f / spacing, bands.x), keep(focus.y, height * 0.5f / spacing, bands.y));
  origin =
      ImVec2(area_min.x + width * 0.5f - focus.x * spacing, area_min.y + height * 0.5f - focus.y * spacing);
}

// The zoom that shows `part` whole in a width × height area (the label bands left out), focused
// on the middle of what the bands leave; at least 5 lines across.
void BoardView::fit_part(float width, float height) {
  const float columns = std::max(5.0f, part->right - part->left + 1 + part->room);
  const float rows = std::max(5.0f, part->bottom - part->top + 1 + part->room);
  float magnified = std::min(width / columns, height / rows);
  ImVec2 bands(0, 0);
  for (int i = 0; coordinates && i < 2; ++i) {  // the bands' size follows the spacing
    bands = zoomed_label_bands(magnified);
    magnified = std::min((width - bands.x) / columns, (height - bands.y) / rows);
  }
  zoom = std::max(1.0f, magnified / spacing);
  focus = ImVec2(0.5f * (part->left + part->right) - 0.5f * bands.x / magnified,
                 0.5f * (part->top + part->bottom) - 0.5f * bands.y / magnified);
}

void BoardView::show_part(int board_size, int first_column, int first_row, int last_column, int last_row,
                          int room) {
  const float top_row = static_cast<float>(board_size - 1);
  part = Part{static_cast<float>(first_column), top_row - static_cast<float>(last_row),
              static_cast<float>(last_column), top_row - static_cast<float>(first_row),
              static_cast<float>(room)};
  // Until the next `fit` knows the area: the side of the part and its room across the board.
  const int side = std::max(last_column - first_column, last_row - first_row) + 1 + room;
  zoom = std::max(1.0f, static_cast<float>(board_size) / static_cast<float>(side));
  focus = ImVec2(0.5f * (part->left + part->right), 0.5f * (part->top + part->bottom));
}

void BoardView::zoom_to(int column, int row, float factor) {
  part.reset();
  if (factor <= 1) {
    zoom = 1;
    return;
  }
  ImVec2 at = position(column, row);
  focus = ImVec2((at.x - origin.x) / spacing, (at.y - origin.y) / spacing);
  zoom = factor;
}

ImVec2 BoardView::cell_position(int cell_column, int cell_row) const {
  return ImVec2(origin.x + spacing * static_cast<float>(cell_column),
                origin.y + spacing * static_cast<float>(cells() - 1 - cell_row));
}

BoardPoint BoardView::point_of_cell(int cell_column, int cell_row) const {
  if (!torus()) return {cell_column, cell_row};
  return {wrap(cell_column - margin + offset_column, size), wrap(cell_row - margin + offset_row, size)};
}

bool BoardView::main_cell(int cell_column, int cell_row) const {
  return cell_column >= margin && cell_row >= margin && cell_column < margin + size &&
         cell_row < margin + size;
}

ImVec2 BoardView::position(int column, int row) const {
  if (!torus()) return cell_position(column, row);
  return cell_position(wrap(column - offset_column, size) + margin, wrap(row - offset_row, size) + margin);
}

BoardPoint BoardView::point_at(ImVec2 screen) const {
  float fx = (screen.x - origin.x) / spacing;
  float fy = (screen.y - origin.y) / spacing;
  int cell_column = static_cast<int>(std::lround(fx));
  int row_from_top = static_cast<int>(std::lround(fy));
  if (cell_column < 0 || cell_column >= cells() || row_from_top < 0 || row_from_top >= cells()) return {};
  if (std::fabs(fx - static_cast<float>(cell_column)) > 0.5f ||
      std::fabs(fy - static_cast<float>(row_from_top)) > 0.5f)
    return {};
  return point_of_cell(cell_column, cells() - 1 - row_from_top);
}

ImVec2 BoardView::board_min() const {
  float pad = spacing * (coordinates && !labels_inside ? 1.2f : 0.6f);
  return ImVec2(origin.x - pad, origin.y - pad);
}

ImVec2 BoardView::board_max() const {
  float pad = spacing * (coordinates && !labels_inside ? 1.2f : 0.6f);
  float side = spacing * static_cast<float>(cells() - 1);
  return ImVec2(origin.x + side + pad, origin.y + side + pad);
}

float coordinate_font_size(float spacing) {
  return std::clamp(spacing * 0.38f, 11.0f, 28.0f);
}

ImVec2 zoomed_label_bands(float spacing) {
  const float font_size = coordinate_font_size(spacing);
  return ImVec2(font_size * 1.4f + 6, font_size + 6);
}

void fill_opaque(ImDrawList* draw, ImVec2 min, ImVec2 max, ImU32 color, float rounding) {
  rounding = std::max(0.0f, std::min(rounding, std::min(max.x - min.x, max.y - min.y) * 0.5f));
  if (!opaque_fill_callback || (color & IM_COL32_A_MASK) != IM_COL32_A_MASK || max.x <= min.x ||
      max.y <= min.y) {
    draw->AddRectFilled(min, max, color, rounding);
    return;
  }
  // ImGui runs a callback with its command's clip rectangle: the part to fill, cut to the
  // clip rectangle in force.
  void* data = reinterpret_cast<void*>(static_cast<uintptr_t>(color));
  auto clear = [&](ImVec2 a, ImVec2 b) {
    draw->PushClipRect(a, b, true);
    draw->AddCallback(opaque_fill_callback, data);
    draw->PopClipRect();
  };
  if (rounding <= 0) {
    clear(min, max);
    return;
  }
  // Rounded: a cross of two clears, and each corner an ImGui square with that one corner
  // rounded (a few hundred blended pixels).
  const float r = rounding;
  clear(ImVec2(min.x + r, min.y), ImVec2(max.x - r, max.y));
  clear(ImVec2(min.x, min.y + r), ImVec2(max.x, max.y - r));
  const ImVec2 square(2 * r, 2 * r);
  draw->AddRectFilled(min, ImVec2(min.x + square.x, min.y + square.y), color, r,
                      ImDrawFlags_RoundCornersTopLeft);
  draw->AddRectFilled(ImVec2(max.x - square.x, min.y), ImVec2(max.x, min.y + square.y), color, r,
                      ImDrawFlags_RoundCornersTopRight);
  draw->AddRectFilled(ImVec2(min.x, max.y - square.y), ImVec2(min.x + square.x, max.y), color, r,
                      ImDrawFlags_RoundCornersBottomLeft);
  draw->AddRectFilled(ImVec2(max.x - square.x, max.y - square.y), max, color, r,
                      ImDrawFlags_RoundCornersBottomRight);
}

void draw_board(ImDrawList* draw, const BoardView& view, const BoardStyle& style) {
  const Palette& colors = style.colors;
  fill_opaque(draw, view.board_min(), view.board_max(), colors.board,
              style.rounded ? view.spacing * 0.15f : 0);
  float thickness = std::max(1.0f, view.spacing * 0.03f);
  const int cells = view.cells();
  if (style.grid) {
    // On the torus the lines run on past the outermost cells: the board has no edge.
    float overhang = view.torus() ? view.spacing * 0.5f : 0;
    for (int i = 0; i < cells; ++i) {
      ImVec2 a = view.cell_position(i, 0), b = view.cell_position(i, cells - 1);
      draw->AddLine(ImVec2(a.x, a.y + overhang), ImVec2(b.x, b.y - overhang), colors.line, thickness);
      a = view.cell_position(0, i), b = view.cell_position(cells - 1, i);
      draw->AddLine(ImVec2(a.x - overhang, a.y), ImVec2(b.x + overhang, b.y), colors.line, thickness);
    }
  }
  if (style.star_points && !view.torus())
    for (int c = 0; c < view.size; ++c)
      for (int r = 0; r < view.size; ++r)
        if (is_star_point(view.size, c, r))
          draw->AddCircleFilled(view.position(c, r), std::max(2.0f, view.spacing * 0.09f), colors.line);
}

void draw_coordinates(ImDrawList* draw, const BoardView& view, const BoardStyle& style) {
  if (!view.coordinates || view.zoomed()) return;  // zoomed: the label bands say them
  // Letters above and below, numbers left and right; on a torus the margin's are fainter (still
  // 4.5:1 on the board), or on the margin's own line (`labels_inside`) the main block's only,
  // each on an opaque backing of the board's colour over the grid and any faded stone there.
  const Palette& colors = style.colors;
  const int cells = view.cells();
  ImFont* font = ImGui::GetFont();
  // Never under 11 CSS px; on the margin's line, where there is a whole line's room, 14 (UX.md).
  const float font_size = view.labels_inside ? std::clamp(view.spacing * 0.44f, 14.0f, 28.0f)
                                             : coordinate_font_size(view.spacing);
  const float offset = view.labels_inside ? 0 : view.spacing * 0.85f;
  const ImU32 faint = (colors.text & 0x00FFFFFF) | (215u << 24);
  auto label = [&](ImVec2 at, const char* text, ImU32 color) {
    const ImVec2 size = font->CalcTextSizeA(font_size, 1e9f, 0, text);
    if (view.labels_inside) {
      const float r = std::max(size.x, size.y) * 0.5f + 3;
      draw->AddRectFilled(ImVec2(at.x - r, at.y - r), ImVec2(at.x + r, at.y + r), colors.board, r * 0.4f);
    }
    draw->AddText(font, font_size, ImVec2(at.x - size.x * 0.5f, at.y - size.y * 0.5f), color, text);
  };
  for (int i = 0; i < cells; ++i) {
    const BoardPoint p = view.point_of_cell(i, i);
    const bool main = i >= view.margin && i < view.margin + view.size;
    if (view.labels_inside && !main) continue;
    const ImU32 color = main ? colors.text : faint;
    const char letter[2] = {column_letter(p.column), 0};
    char number[12];
    std::snprintf(number, sizeof number, "%d", p.row + 1);
    const ImVec2 top = view.cell_position(i, cells - 1), bottom = view.cell_position(i, 0);
    const ImVec2 left = view.cell_position(0, i), right = view.cell_position(cells - 1, i);
    label(ImVec2(top.x, top.y - offset), letter, color);
    label(ImVec2(bottom.x, bottom.y + offset), letter, color);
    label(ImVec2(left.x - offset, left.y), number, color);
    label(ImVec2(right.x + offset, right.y), number, color);
  }
}

int circle_segments(float radius) {
  // A chord of a circle of radius r strays e from it when the chord spans 2·acos(1 − e/r).
  const float device = radius * ImGui::GetIO().DisplayFramebufferScale.x;
  const float error = 0.35f;  // device pixels
  if (device <= 2 * error) return 8;
  const auto segments = static_cast<int>(std::ceil(3.14159265f / std::acos(1 - error / device)));
  return std::clamp(segments, 8, 64);
}

void draw_stone_at(ImDrawList* draw, ImVec2 centre, float radius, Stone stone, float alpha, float scale) {
  if (stone == Stone::none || scale <= 0.01f) return;
  radius *= scale;
  auto a = static_cast<int>(255 * std::clamp(alpha, 0.0f, 1.0f));
  bool black = stone == Stone::black;
  const int segments = circle_segments(radius);
  // A soft shadow, the body, then a highlight up and to the left: light shading.
  draw->AddCircleFilled(ImVec2(centre.x + radius * 0.08f, centre.y + radius * 0.1f), radius,
                        IM_COL32(0, 0, 0, a / 4), segments);
  draw->AddCircleFilled(centre, radius, black ? IM_COL32(22, 22, 24, a) : IM_COL32(236, 236, 230, a),
                        segments);
  ImVec2 shine(centre.x - radius * 0.32f, centre.y - radius * 0.35f);
  if (black) {
    draw->AddCircleFilled(shine, radius * 0.38f, IM_COL32(90, 90, 96, a / 2),
                          circle_segments(radius * 0.38f));
  } else {
    draw->AddCircleFilled(shine, radius * 0.45f, IM_COL32(255, 255, 255, a * 3 / 4),
                          circle_segments(radius * 0.45f));
    draw->AddCircle(centre, radius, IM_COL32(120, 120, 110, a), segments, std::max(1.0f, radius * 0.04f));
  }
}

void draw_stone(ImDrawList* draw, const BoardView& view, int column, int row, Stone stone, float alpha) {
  draw_stone_at(draw, view.position(column, row), view.spacing * 0.47f, stone, alpha);
}

void draw_last_move_mark(ImDrawList* draw, ImVec2 centre, float spacing, Stone stone) {
  ImU32 color = stone == Stone::black ? IM_COL32(240, 240, 240, 255) : IM_COL32(20, 20, 20, 255);
  draw->AddCircle(centre, spacing * 0.2f, color, circle_segments(spacing * 0.2f),
                  std::max(1.5f, spacing * 0.05f));
}

void draw_centred_text(ImDrawList* draw, ImVec2 centre, float size, ImU32 color, const char* text) {
  ImFont* font = ImGui::GetFont();
  ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0, text);
  draw->AddText(font, size, ImVec2(centre.x - extent.x * 0.5f, centre.y - extent.y * 0.5f), color, text);
}

}  // namespace stonegrid::web
