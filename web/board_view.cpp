// Board geometry on screen and its drawing. Sizes are in CSS pixels; ImGui renders them at the
// device pixel ratio, so lines and stones stay crisp on high-DPI screens.
#include "board_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace stonegrid::web {

namespace {

constexpr ImU32 wood = IM_COL32(220, 179, 92, 255);
constexpr ImU32 line_colour = IM_COL32(40, 30, 15, 255);

// Star points as on a Go board: 3-3 (or 2-2 on small boards), sides on odd boards >= 13, centre.
bool is_star_point(int size, int column, int row) {
  if (size < 7) return false;
  int edge = size >= 13 ? 3 : 2;
  int far = size - 1 - edge;
  int middle = size / 2;
  auto star_line = [&](int v) {
    return v == edge || v == far || (size % 2 == 1 && v == middle && (size >= 13 || true));
  };
  if (!star_line(column) || !star_line(row)) return false;
  bool centre_line_column = size % 2 == 1 && column == middle;
  bool centre_line_row = size % 2 == 1 && row == middle;
  if (size < 13 && (centre_line_column != centre_line_row)) return false;  // no side stars
  return true;
}

}  // namespace

char column_letter(int column) {
  char letter = static_cast<char>('A' + column);
  return letter >= 'I' ? static_cast<char>(letter + 1) : letter;
}

void BoardView::fit(ImVec2 area_min, ImVec2 area_max, int board_size) {
  size = board_size;
  float width = area_max.x - area_min.x, height = area_max.y - area_min.y;
  float side = std::max(1.0f, std::min(width, height));
  // size - 1 gaps between lines, plus 1.6 spacings of margin for coordinates on each side.
  spacing = side / (static_cast<float>(size - 1) + 2.4f);
  float board_side = spacing * static_cast<float>(size - 1);
  origin = ImVec2(area_min.x + (width - board_side) * 0.5f, area_min.y + (height - board_side) * 0.5f);
}

ImVec2 BoardView::position(int column, int row) const {
  return ImVec2(origin.x + spacing * static_cast<float>(column),
                origin.y + spacing * static_cast<float>(size - 1 - row));
}

BoardPoint BoardView::point_at(ImVec2 screen) const {
  float fx = (screen.x - origin.x) / spacing;
  float fy = (screen.y - origin.y) / spacing;
  int column = static_cast<int>(std::lround(fx));
  int row_from_top = static_cast<int>(std::lround(fy));
  if (column < 0 || column >= size || row_from_top < 0 || row_from_top >= size) return {};
  if (std::fabs(fx - static_cast<float>(column)) > 0.5f ||
      std::fabs(fy - static_cast<float>(row_from_top)) > 0.5f)
    return {};
  return {column, size - 1 - row_from_top};
}

ImVec2 BoardView::board_min() const {
  return ImVec2(origin.x - spacing * 1.2f, origin.y - spacing * 1.2f);
}

ImVec2 BoardView::board_max() const {
  float side = spacing * static_cast<float>(size - 1);
  return ImVec2(origin.x + side + spacing * 1.2f, origin.y + side + spacing * 1.2f);
}

void draw_board(ImDrawList* draw, const BoardView& view) {
  draw->AddRectFilled(view.board_min(), view.board_max(), wood, view.spacing * 0.15f);
  float thickness = std::max(1.0f, view.spacing * 0.03f);
  for (int i = 0; i < view.size; ++i) {
    draw->AddLine(view.position(i, 0), view.position(i, view.size - 1), line_colour, thickness);
    draw->AddLine(view.position(0, i), view.position(view.size - 1, i), line_colour, thickness);
  }
  for (int c = 0; c < view.size; ++c)
    for (int r = 0; r < view.size; ++r)
      if (is_star_point(view.size, c, r))
        draw->AddCircleFilled(view.position(c, r), std::max(2.0f, view.spacing * 0.09f), line_colour);

  // Coordinates: letters above and below, numbers left and right.
  ImFont* font = ImGui::GetFont();
  float font_size = std::clamp(view.spacing * 0.38f, 8.0f, 28.0f);
  for (int i = 0; i < view.size; ++i) {
    char letter[2] = {column_letter(i), 0};
    char number[12];
    std::snprintf(number, sizeof number, "%d", i + 1);
    ImVec2 letter_size = font->CalcTextSizeA(font_size, 1e9f, 0, letter);
    ImVec2 number_size = font->CalcTextSizeA(font_size, 1e9f, 0, number);
    ImVec2 top = view.position(i, view.size - 1), bottom = view.position(i, 0);
    float offset = view.spacing * 0.85f;
    draw->AddText(font, font_size,
                  ImVec2(top.x - letter_size.x * 0.5f, top.y - offset - letter_size.y * 0.5f), line_colour,
                  letter);
    draw->AddText(font, font_size,
                  ImVec2(bottom.x - letter_size.x * 0.5f, bottom.y + offset - letter_size.y * 0.5f),
                  line_colour, letter);
    ImVec2 left = view.position(0, i), right = view.position(view.size - 1, i);
    draw->AddText(font, font_size,
                  ImVec2(left.x - offset - number_size.x * 0.5f, left.y - number_size.y * 0.5f), line_colour,
                  number);
    draw->AddText(font, font_size,
                  ImVec2(right.x + offset - number_size.x * 0.5f, right.y - number_size.y * 0.5f),
                  line_colour, number);
  }
}

void draw_stone(ImDrawList* draw, const BoardView& view, int column, int row, Stone stone, float alpha) {
  if (stone == Stone::none) return;
  ImVec2 centre = view.position(column, row);
  float radius = view.spacing * 0.47f;
  auto a = static_cast<int>(255 * alpha);
  bool black = stone == Stone::black;
  // A soft shadow, the body, then a highlight up and to the left: light shading.
  draw->AddCircleFilled(ImVec2(centre.x + radius * 0.08f, centre.y + radius * 0.1f), radius,
                        IM_COL32(0, 0, 0, a / 4), 32);
  draw->AddCircleFilled(centre, radius, black ? IM_COL32(22, 22, 24, a) : IM_COL32(236, 236, 230, a), 32);
  ImVec2 shine(centre.x - radius * 0.32f, centre.y - radius * 0.35f);
  if (black) {
    draw->AddCircleFilled(shine, radius * 0.38f, IM_COL32(90, 90, 96, a / 2), 24);
  } else {
    draw->AddCircleFilled(shine, radius * 0.45f, IM_COL32(255, 255, 255, a * 3 / 4), 24);
    draw->AddCircle(centre, radius, IM_COL32(120, 120, 110, a), 32, std::max(1.0f, radius * 0.04f));
  }
}

void draw_last_move_mark(ImDrawList* draw, const BoardView& view, int column, int row, Stone stone) {
  ImVec2 centre = view.position(column, row);
  ImU32 colour = stone == Stone::black ? IM_COL32(240, 240, 240, 255) : IM_COL32(20, 20, 20, 255);
  draw->AddCircle(centre, view.spacing * 0.2f, colour, 24, std::max(1.5f, view.spacing * 0.05f));
}

}  // namespace stonegrid::web
