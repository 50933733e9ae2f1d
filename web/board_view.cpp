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
  if (!zoomed()) return;
  spacing *= zoom;
  // The focus (in cells) may go no nearer an edge than half the area, board padding included;
  // a side shorter than the area stays centred. With coordinates, the first line's stones keep
  // clear of the label bands at the left and the top.
  const float pad = 0.6f, last = static_cast<float>(cells() - 1);
  const ImVec2 bands = coordinates ? zoomed_label_bands(spacing) : ImVec2(0, 0);
  auto keep = [&](float value, float half, float band) {
    float low = half - (band > 0 ? band / spacing + 0.55f : pad), high = last + pad - half;
    return low > high ? last * 0.5f : std::clamp(value, low, high);
  };
  focus =
      ImVec2(keep(focus.x, width * 0.5f / spacing, bands.x), keep(focus.y, height * 0.5f / spacing, bands.y));
  origin =
      ImVec2(area_min.x + width * 0.5f - focus.x * spacing, area_min.y + height * 0.5f - focus.y * spacing);
}

void BoardView::zoom_to(int column, int row, float factor) {
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

ImVec2 zoomed_label_bands(float spacing) {
  const float font_size = std::clamp(spacing * 0.3f, 11.0f, 20.0f);
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

void draw_board(ImDrawList* draw, const BoardView& view, const BoardStyle& style,
                const std::function<bool(int column, int row)>& occupied) {
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
  if (!view.coordinates || view.zoomed()) return;  // zoomed: the label bands say them

  // Coordinates: letters above and below, numbers left and right (faded on the wrap margin).
  ImFont* font = ImGui::GetFont();
  float font_size = std::clamp(view.spacing * 0.38f, 11.0f, 28.0f);  // never under 11 CSS px
  const float offset = view.labels_inside ? 0 : view.spacing * 0.85f;
  for (int i = 0; i < cells; ++i) {
    BoardPoint p = view.point_of_cell(i, i);
    bool main = i >= view.margin && i < view.margin + view.size;
    if (view.labels_inside && !main) continue;
    ImU32 color = main ? colors.text : colors.faint_text;
    char letter[2] = {column_letter(p.column), 0};
    char number[12];
    std::snprintf(number, sizeof number, "%d", p.row + 1);
    ImVec2 letter_size = font->CalcTextSizeA(font_size, 1e9f, 0, letter);
    ImVec2 number_size = font->CalcTextSizeA(font_size, 1e9f, 0, number);
    ImVec2 top = view.cell_position(i, cells - 1), bottom = view.cell_position(i, 0);
    ImVec2 left = view.cell_position(0, i), right = view.cell_position(cells - 1, i);
    // On the margin's line: a backing of the board's colour, and no label where a faded copy
    // of a stone stands (it would cover the label, or the label the stone).
    auto shown = [&](int cell_column, int cell_row, ImVec2 c) {
      if (!view.labels_inside) return true;
      const BoardPoint at = view.point_of_cell(cell_column, cell_row);
      if (occupied && occupied(at.column, at.row)) return false;
      const float r = font_size * 0.62f;
      const ImU32 backing = (colors.board & 0x00FFFFFF) | (235u << 24);
      draw->AddRectFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), backing, r * 0.4f);
      return true;
    };
    if (shown(i, cells - 1, top))
      draw->AddText(font, font_size,
                    ImVec2(top.x - letter_size.x * 0.5f, top.y - offset - letter_size.y * 0.5f), color,
                    letter);
    if (shown(i, 0, bottom))
      draw->AddText(font, font_size,
                    ImVec2(bottom.x - letter_size.x * 0.5f, bottom.y + offset - letter_size.y * 0.5f), color,
                    letter);
    if (shown(0, i, left))
      draw->AddText(font, font_size,
                    ImVec2(left.x - offset - number_size.x * 0.5f, left.y - number_size.y * 0.5f), color,
                    number);
    if (shown(cells - 1, i, right))
      draw->AddText(font, font_size,
                    ImVec2(right.x + offset - number_size.x * 0.5f, right.y - number_size.y * 0.5f), color,
                    number);
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
