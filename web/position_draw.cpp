// Drawing a position. Everything is read from the game each frame; the only inputs beyond the
// game are the overlay marks the caller chose. Order: board, per-game underlays (edge line,
// wrap margin, territory), stones, animations, per-game marks, then the UI's marks on top.
#include "position_draw.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <variant>

namespace stonegrid::web {

namespace {

// Looper: how opaque the copies of stones across the seams are.
constexpr float copy_alpha = 0.35f;

// Calls f(screen position, main copy?) for every display cell showing point p.
template <typename F>
void for_each_copy(const BoardView& view, Point p, const Geometry& geometry, F&& f) {
  int column = geometry.column(p), row = geometry.row(p);
  if (!view.torus()) {
    f(view.position(column, row), true);
    return;
  }
  int n = view.size;
  int main_column = ((column - view.offset_column) % n + n) % n + view.margin;
  int main_row = ((row - view.offset_row) % n + n) % n + view.margin;
  for (int dc = -1; dc <= 1; ++dc)
    for (int dr = -1; dr <= 1; ++dr) {
      int cc = main_column + dc * n, cr = main_row + dr * n;
      if (cc < 0 || cr < 0 || cc >= view.cells() || cr >= view.cells()) continue;
      f(view.cell_position(cc, cr), dc == 0 && dr == 0);
    }
}

const StoneAnimation* animation_at(const Overlay& overlay, Point p) {
  if (!overlay.animations) return nullptr;
  for (const StoneAnimation& a : *overlay.animations)
    if (a.point == p && overlay.now - a.start < animation_seconds) return &a;
  return nullptr;
}

void draw_edge_emphasis(ImDrawList* draw, const BoardView& view, const BoardStyle& style) {
  // The scoring line: a band along the outermost line and a thicker line on it.
  ImVec2 a = view.position(0, view.size - 1), b = view.position(view.size - 1, 0);
  float band = view.spacing * 0.22f;
  ImU32 tint = IM_COL32(200, 60, 40, 60);
  draw->AddRect(ImVec2(a.x - band, a.y - band), ImVec2(b.x + band, b.y + band), tint, 0, 0, band * 2);
  draw->AddRect(a, b, style.colors.line, 0, 0, std::max(2.0f, view.spacing * 0.07f));
}

void draw_wrap_margin(ImDrawList* draw, const BoardView& view, const BoardStyle& style) {
  // Fade everything outside the main block with a veil of the board colour, strong enough that
  // a full board late in the game still reads as one main board among faint copies.
  ImU32 veil = (style.colors.board & 0x00FFFFFF) | (185u << 24);
  ImVec2 lo = view.board_min(), hi = view.board_max();
  float half = view.spacing * 0.5f;
  ImVec2 main_min = view.cell_position(view.margin, view.margin + view.size - 1);
  ImVec2 main_max = view.cell_position(view.margin + view.size - 1, view.margin);
  main_min = ImVec2(main_min.x - half, main_min.y - half);
  main_max = ImVec2(main_max.x + half, main_max.y + half);
  draw->AddRectFilled(lo, ImVec2(hi.x, main_min.y), veil);
  draw->AddRectFilled(ImVec2(lo.x, main_max.y), hi, veil);
  draw->AddRectFilled(ImVec2(lo.x, main_min.y), ImVec2(main_min.x, main_max.y), veil);
  draw->AddRectFilled(ImVec2(main_max.x, main_min.y), ImVec2(hi.x, main_max.y), veil);
  // Where the main copy is, wherever the torus is panned (the seams then run inside it): a thin
  // dashed line, not a solid one, so it does not read as the board's edge (a torus has none).
  const ImU32 dash_colour = (style.colors.line & 0x00FFFFFF) | (150u << 24);
  const float dash = std::max(4.0f, view.spacing * 0.18f), width = std::max(1.0f, view.spacing * 0.03f);
  auto dashed = [&](ImVec2 from, ImVec2 to) {
    const float length = std::hypot(to.x - from.x, to.y - from.y);
    for (float at = 0; at < length; at += 2 * dash) {
      const float t0 = at / length, t1 = std::min(1.0f, (at + dash) / length);
      draw->AddLine(ImVec2(from.x + (to.x - from.x) * t0, from.y + (to.y - from.y) * t0),
                    ImVec2(from.x + (to.x - from.x) * t1, from.y + (to.y - from.y) * t1), dash_colour, width);
    }
  };
  dashed(main_min, ImVec2(main_max.x, main_min.y));
  dashed(ImVec2(main_max.x, main_min.y), main_max);
  dashed(main_max, ImVec2(main_min.x, main_max.y));
  dashed(ImVec2(main_min.x, main_max.y), main_min);
}

// What every drawing step below needs: where to draw, the view, the stone radius.
struct Canvas {
  ImDrawList* draw;
  const BoardView& view;
  float radius;
};

// The count on the board: the owner of each counted empty point (a small square of its colour),
// the empty points counted for nobody (a small grey cross), and the stones the resolve phase
// removed (a faint stone of their colour in a grey ring).
void draw_territory(const Canvas& canvas, const AnyGame& game, const Overlay& overlay) {
  ImDrawList* draw = canvas.draw;
  const BoardView& view = canvas.view;
  const Geometry& geometry = game.state().geometry();
  const float spacing = view.spacing;
  if (!overlay.territory || !overlay.explanation) return;
  const std::array<Color, max_points>& owner = overlay.explanation->owner;
  for (Point p = 0; p < geometry.points; ++p) {
    if (owner[p] == Color::empty) continue;
    ImVec2 c = view.position(geometry.column(p), geometry.row(p));
    float h = spacing * 0.16f;
    ImU32 fill = owner[p] == Color::black ? IM_COL32(20, 20, 20, 230) : IM_COL32(245, 245, 240, 230);
    draw->AddRectFilled(ImVec2(c.x - h, c.y - h), ImVec2(c.x + h, c.y + h), fill);
    draw->AddRect(ImVec2(c.x - h, c.y - h), ImVec2(c.x + h, c.y + h), IM_COL32(90, 90, 90, 200));
  }
  const Explanation& e = *overlay.explanation;
  for (Point p = 0; p < geometry.points; ++p) {
    const ImVec2 c = view.position(geometry.column(p), geometry.row(p));
    if (e.neutral[p]) {
      const float h = spacing * 0.13f;
      const ImU32 grey = IM_COL32(110, 110, 110, 230);
      draw->AddLine(ImVec2(c.x - h, c.y - h), ImVec2(c.x + h, c.y + h), grey,
                    std::max(1.5f, spacing * 0.05f));
      draw->AddLine(ImVec2(c.x - h, c.y + h), ImVec2(c.x + h, c.y - h), grey,
                    std::max(1.5f, spacing * 0.05f));
    }
    if (e.removed[p] != Color::empty && game.state().at(p) == Color::empty) {
      const bool black = e.removed[p] == Color::black;
      // A faint stone with a grey ring: there once, taken off (red crosses are Loose's false
      // liberties and a capture's mark).
      draw->AddCircleFilled(c, canvas.radius, black ? IM_COL32(20, 20, 20, 80) : IM_COL32(250, 250, 245, 100),
                            32);
      draw->AddCircle(c, canvas.radius, IM_COL32(90, 90, 90, 200), 32, std::max(1.5f, spacing * 0.04f));
    }
  }
}

// Stones, every copy (faded on the torus's wrap margin); a flipping stone is drawn by the
// animation instead.
void draw_stones(const Canvas& canvas, const AnyGame& game, const Overlay& overlay) {
  ImDrawList* draw = canvas.draw;
  const BoardView& view = canvas.view;
  const Geometry& geometry = game.state().geometry();
  const float radius = canvas.radius;
  for (int cc = 0; cc < view.cells(); ++cc)
    for (int cr = 0; cr < view.cells(); ++cr) {
      BoardPoint bp = view.point_of_cell(cc, cr);
      Point p = geometry.at(bp.column, bp.row);
      Color c = game.state().at(p);
      if (c == Color::empty) continue;
      const StoneAnimation* a = animation_at(overlay, p);
      if (a && a->from != Color::empty && a->to != Color::empty) continue;  // flipping: below
      draw_stone_at(draw, view.cell_position(cc, cr), radius, stone_of(c),
                    view.main_cell(cc, cr) ? 1.0f : copy_alpha);
    }
}

// Flips turn over (the old colour shrinks, the new one grows); captures fade and shrink.
void draw_animations(const Canvas& canvas, const AnyGame& game, const Overlay& overlay) {
  ImDrawList* draw = canvas.draw;
  const BoardView& view = canvas.view;
  const Geometry& geometry = game.state().geometry();
  const float radius = canvas.radius;
  if (!overlay.animations) return;
  for (const StoneAnimation& a : *overlay.animations) {
    float t = static_cast<float>((overlay.now - a.start) / animation_seconds);
    if (t < 0 || t >= 1) continue;
    for_each_copy(view, a.point, geometry, [&](ImVec2 centre, bool main) {
      float alpha = main ? 1.0f : copy_alpha;
      if (a.to == Color::empty) {
        draw_stone_at(draw, centre, radius, stone_of(a.from), alpha * (1 - t), 1.0f - 0.4f * t);
      } else if (t < 0.5f) {
        draw_stone_at(draw, centre, radius, stone_of(a.from), alpha, 1.0f - 2 * t);
      } else {
        draw_stone_at(draw, centre, radius, stone_of(a.to), alpha, 2 * t - 1.0f);
      }
    });
  }
}

// The stones the last turn flipped or captured, marked until the next turn (after their
// animation): a flipped stone gets a small square of its old colour; a captured one leaves a red
// cross on its empty point.
void draw_changes(const Canvas& canvas, const AnyGame& game, const Overlay& overlay) {
  if (!overlay.changed) return;
  const Geometry& geometry = game.state().geometry();
  const float r = canvas.view.spacing * 0.16f;
  for (Point p : *overlay.changed) {
    if (p >= geometry.points || animation_at(overlay, p)) continue;
    const Color now = game.state().at(p);
    const ImU32 ink = now == Color::empty   ? IM_COL32(220, 60, 50, 235)
                      : now == Color::white ? IM_COL32(20, 20, 20, 230)
                                            : IM_COL32(245, 245, 245, 240);
    for_each_copy(canvas.view, p, geometry, [&](ImVec2 c, bool main) {
      if (!main) return;
      if (now == Color::empty) {
        canvas.draw->AddLine(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), ink, r * 0.45f);
        canvas.draw->AddLine(ImVec2(c.x - r, c.y + r), ImVec2(c.x + r, c.y - r), ink, r * 0.45f);
      } else {
        canvas.draw->AddRectFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), ink);
      }
    });
  }
}

// What the game's explanation marks: false liberties as a small cross, the winning loop as a
// ring on each of its stones (every copy), labels such as each edge chain's score.
void draw_explanation(const Canvas& canvas, const AnyGame& game, const Overlay& overlay) {
  ImDrawList* draw = canvas.draw;
  const BoardView& view = canvas.view;
  const Geometry& geometry = game.state().geometry();
  const float spacing = view.spacing, radius = canvas.radius;
  const Explanation* explained = overlay.explanation;
  if (!explained) return;
  if (overlay.false_liberties && explained)
    for (Point p = 0; p < geometry.points; ++p) {
      if (!explained->false_liberties[p]) continue;
      ImVec2 c = view.position(geometry.column(p), geometry.row(p));
      float h = spacing * 0.12f;
      ImU32 red = IM_COL32(190, 40, 30, 230);
      draw->AddLine(ImVec2(c.x - h, c.y - h), ImVec2(c.x + h, c.y + h), red, std::max(1.5f, spacing * 0.05f));
      draw->AddLine(ImVec2(c.x - h, c.y + h), ImVec2(c.x + h, c.y - h), red, std::max(1.5f, spacing * 0.05f));
    }
  if (overlay.loop && explained)
    for (Point p = 0; p < geometry.points; ++p)
      if (explained->loop[p])
        for_each_copy(view, p, geometry, [&](ImVec2 centre, bool main) {
          draw->AddCircle(centre, radius * 0.78f,
                          main ? IM_COL32(240, 70, 50, 255) : IM_COL32(240, 70, 50, 120),
                          circle_segments(radius * 0.78f), std::max(2.0f, spacing * 0.09f));
        });
  if (overlay.labels && explained)
    for (const PointLabel& label : explained->labels) {
      ImVec2 c = view.position(geometry.column(label.point), geometry.row(label.point));
      ImU32 ink = label.color == Color::black ? IM_COL32(255, 220, 120, 255) : IM_COL32(170, 30, 20, 255);
      draw_centred_text(draw, c, std::clamp(spacing * 0.42f, 9.0f, 26.0f), ink, label.text.c_str());
    }
}

// --- SGF markup, as core/formats/diagram.cpp draws it (the same fractions of the spacing) ---

constexpr ImU32 black_ink = IM_COL32(0x16, 0x16, 0x18, 255);  // on white stones and the board
constexpr ImU32 white_ink = IM_COL32(255, 255, 255, 255);     // on black stones

ImU32 ink_on(const AnyGame& game, Point p) {
  return game.state().at(p) == Color::black ? white_ink : black_ink;
}

size_t characters(const std::string& text) {
  size_t count = 0;
  for (char c : text) count += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return count;
}

// Move numbers on the stones, then TR triangle, SQ square, CR circle, MA cross, then LB labels
// (on an empty point the grid is cleared behind the text with the board's colour).
void draw_markup(const Canvas& canvas, const AnyGame& game, const Overlay& overlay, ImU32 board) {
  if (!overlay.markup) return;
  ImDrawList* draw = canvas.draw;
  const BoardView& view = canvas.view;
  const Geometry& geometry = game.state().geometry();
  const float s = view.spacing;
  auto centre = [&](Point p) { return view.position(geometry.column(p), geometry.row(p)); };
  const std::array<int, max_points> numbers = stone_numbers(game, *overlay.markup);
  for (Point p = 0; p < geometry.points; ++p) {
    if (numbers[p] <= 0) continue;
    const std::string text = std::to_string(numbers[p]);
    draw_centred_text(draw, centre(p), (text.size() <= 2 ? 0.52f : 0.4f) * s, ink_on(game, p), text.c_str());
  }
  const float stroke = std::max(1.5f, 0.07f * s);
  for (const Markup::Mark& m : overlay.markup->marks) {
    if (m.point < 0 || m.point >= geometry.points) continue;
    const ImVec2 c = centre(m.point);
    const ImU32 ink = ink_on(game, m.point);
    switch (m.shape) {
      case Markup::Shape::triangle:
        draw->AddTriangle(ImVec2(c.x, c.y - 0.3f * s), ImVec2(c.x + 0.26f * s, c.y + 0.15f * s),
                          ImVec2(c.x - 0.26f * s, c.y + 0.15f * s), ink, stroke);
        break;
      case Markup::Shape::square:
        draw->AddRect(ImVec2(c.x - 0.2f * s, c.y - 0.2f * s), ImVec2(c.x + 0.2f * s, c.y + 0.2f * s), ink, 0,
                      0, stroke);
        break;
      case Markup::Shape::circle:
        draw->AddCircle(c, 0.24f * s, ink, circle_segments(0.24f * s), stroke);
        break;
      case Markup::Shape::cross: {
        const float h = 0.18f * s;
        draw->AddLine(ImVec2(c.x - h, c.y - h), ImVec2(c.x + h, c.y + h), ink, stroke);
        draw->AddLine(ImVec2(c.x - h, c.y + h), ImVec2(c.x + h, c.y - h), ink, stroke);
        break;
      }
    }
  }
  for (const Markup::Label& label : overlay.markup->labels) {
    if (label.point < 0 || label.point >= geometry.points || label.text.empty()) continue;
    const ImVec2 c = centre(label.point);
    const size_t length = characters(label.text);
    if (game.state().at(label.point) == Color::empty)
      draw->AddCircleFilled(c, 0.34f * s, board, circle_segments(0.34f * s));
    draw_centred_text(draw, c,
                      (length <= 1   ? 0.55f
                       : length == 2 ? 0.45f
                                     : 0.36f) *
                          s,
                      ink_on(game, label.point), label.text.c_str());
  }
}

// Whether the markup shows something on p (a number, a mark or a label).
bool markup_on(const Overlay& overlay, const AnyGame& game, Point p) {
  if (!overlay.markup) return false;
  for (const Markup::Mark& m : overlay.markup->marks)
    if (m.point == p) return true;
  for (const Markup::Label& m : overlay.markup->labels)
    if (m.point == p) return true;
  return overlay.markup->numbers && stone_numbers(game, *overlay.markup)[p] > 0;
}

// The last move, and the turn of several points being picked (translucent black stones, numbered).
void draw_turn_marks(const Canvas& canvas, const AnyGame& game, const Overlay& overlay) {
  ImDrawList* draw = canvas.draw;
  const BoardView& view = canvas.view;
  const Geometry& geometry = game.state().geometry();
  const float spacing = view.spacing, radius = canvas.radius;
  for (Point p : overlay.last) {
    if (p == no_point || p >= geometry.points) continue;
    Color c = game.state().at(p);
    if (c == Color::empty || markup_on(overlay, game, p)) continue;
    for_each_copy(view, p, geometry, [&](ImVec2 centre, bool main) {
      if (main) draw_last_move_mark(draw, centre, spacing, stone_of(c));
    });
  }
  for (size_t i = 0; i < overlay.picks.size(); ++i)
    for_each_copy(view, overlay.picks[i], geometry, [&](ImVec2 centre, bool main) {
      draw_stone_at(draw, centre, radius, Stone::black, main ? 0.6f : 0.3f);
      char text[4];
      std::snprintf(text, sizeof text, "%d", static_cast<int>(i + 1));
      draw_centred_text(draw, centre, std::clamp(spacing * 0.45f, 9.0f, 28.0f), IM_COL32(255, 255, 255, 255),
                        text);
    });
  for (const Overlay::LineStone& s : overlay.line)
    for_each_copy(view, s.point, geometry, [&](ImVec2 centre, bool main) {
      draw_stone_at(draw, centre, radius, stone_of(s.color), main ? 0.75f : 0.35f);
      char text[4];
      std::snprintf(text, sizeof text, "%d", s.number);
      draw_centred_text(draw, centre, std::clamp(spacing * 0.45f, 9.0f, 28.0f),
                        s.color == Color::black ? IM_COL32(255, 255, 255, 255) : IM_COL32(0, 0, 0, 255),
                        text);
    });
}

// The bot's candidate moves: a ring per move, its win rate written inside.
void draw_analysis(const Canvas& canvas, const AnyGame& game, const Overlay& overlay) {
  ImDrawList* draw = canvas.draw;
  const BoardView& view = canvas.view;
  const Geometry& geometry = game.state().geometry();
  const float spacing = view.spacing, radius = canvas.radius;
  if (!overlay.analysis || overlay.analysis->moves.empty()) return;
  int best_visits = std::max(1, overlay.analysis->moves.front().visits);
  int rank = 0;
  for (const bot::MoveStats& m : overlay.analysis->moves) {
    for (int i = 0; i < m.move.count && m.move.is_place(); ++i) {
      Point p = m.move.points[i];
      if (p == no_point) continue;
      ImVec2 centre = view.position(geometry.column(p), geometry.row(p));
      float share = static_cast<float>(m.visits) / static_cast<float>(best_visits);
      ImU32 fill =
          rank == 0 ? IM_COL32(60, 170, 230, 200) : IM_COL32(60, 170, 230, 90 + static_cast<int>(80 * share));
      draw->AddCircleFilled(centre, radius * 0.85f, fill, circle_segments(radius * 0.85f));
      char text[8];
      std::snprintf(text, sizeof text, "%d", static_cast<int>(std::lround(m.winrate * 100)));
      draw_centred_text(draw, centre, std::clamp(spacing * 0.4f, 9.0f, 24.0f), IM_COL32(10, 20, 30, 255),
                        text);
    }
    ++rank;
  }
}

// The faint stone under the pointer (crossed out where refused) and the keyboard cursor.
void draw_pointer(const Canvas& canvas, const AnyGame& game, const Overlay& overlay) {
  ImDrawList* draw = canvas.draw;
  const BoardView& view = canvas.view;
  const Geometry& geometry = game.state().geometry();
  const float spacing = view.spacing, radius = canvas.radius;
  if (overlay.ghost != no_point && overlay.ghost < geometry.points &&
      game.state().at(overlay.ghost) == Color::empty)
    for_each_copy(view, overlay.ghost, geometry, [&](ImVec2 centre, bool main) {
      draw_stone_at(draw, centre, radius, stone_of(overlay.ghost_color),
                    (main ? 0.45f : 0.25f) * (overlay.ghost_illegal ? 0.6f : 1.0f));
      if (!overlay.ghost_illegal) return;
      float h = radius * 0.45f, width = std::max(2.0f, spacing * 0.06f);
      ImU32 red = IM_COL32(210, 40, 30, main ? 230 : 120);
      draw->AddLine(ImVec2(centre.x - h, centre.y - h), ImVec2(centre.x + h, centre.y + h), red, width);
      draw->AddLine(ImVec2(centre.x - h, centre.y + h), ImVec2(centre.x + h, centre.y - h), red, width);
    });
  if (overlay.cursor != no_point && overlay.cursor < geometry.points) {
    ImVec2 c = view.position(geometry.column(overlay.cursor), geometry.row(overlay.cursor));
    float h = spacing * 0.5f;
    draw->AddRect(ImVec2(c.x - h, c.y - h), ImVec2(c.x + h, c.y + h), IM_COL32(30, 120, 255, 255), 3, 0,
                  std::max(2.0f, spacing * 0.07f));
  }
}

}  // namespace

Stone stone_of(Color c) {
  return c == Color::black ? Stone::black : c == Color::white ? Stone::white : Stone::none;
}

void draw_position(ImDrawList* draw, const BoardView& view, const BoardStyle& style, const AnyGame& game,
                   const Overlay& overlay) {
  draw_board(draw, view, style);
  if (overlay.edge_emphasis) draw_edge_emphasis(draw, view, style);
  if (view.torus()) {
    draw_wrap_margin(draw, view, style);
    draw_seams(draw, view);
  }
  const Canvas canvas{draw, view, view.spacing * 0.47f};
  draw_territory(canvas, game, overlay);
  draw_stones(canvas, game, overlay);
  draw_animations(canvas, game, overlay);
  draw_coordinates(draw, view, style);
  draw_changes(canvas, game, overlay);
  draw_explanation(canvas, game, overlay);
  draw_turn_marks(canvas, game, overlay);
  draw_markup(canvas, game, overlay, style.colors.board);
  draw_analysis(canvas, game, overlay);
  draw_pointer(canvas, game, overlay);
}

}  // namespace stonegrid::web
