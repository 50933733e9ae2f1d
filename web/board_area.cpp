// The board area: the position drawn as the session shows it, with the marks over it, and the
// clicks, taps and drags on it. Read `board_area` last: the input (`board_input`), the marks
// (`board_overlay`), the coordinates of a zoomed board and the message over it come first;
// `click_point` says what a click or tap on a point does.
#include "board_area.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "diagram_mode.h"
#include "layout_record.h"

namespace stonegrid::web {

namespace {

// The board takes clicks as one invisible button (the part of the board inside the area:
// zoomed in, that is the whole area). A drag pans the torus, or the zoomed-in board. Returns
// the point under the pointer (no_point when none).
Point board_input(Session& session, Ui& ui, BoardArea& board, ImVec2 area_min, ImVec2 area_max,
                  ImVec2& visible_min, ImVec2& visible_max, Request& request) {
  ImGuiIO& io = ImGui::GetIO();
  const AnyGame& game = session.shown();
  const bool torus = game.facts().torus;
  ImVec2 board_min = ui.view.board_min(), board_max = ui.view.board_max();
  visible_min = ImVec2(std::max(board_min.x, area_min.x), std::max(board_min.y, area_min.y));
  visible_max = ImVec2(std::min(board_max.x, area_max.x), std::min(board_max.y, area_max.y));
  ImGui::SetCursorScreenPos(visible_min);
  ImGui::InvisibleButton("points", ImVec2(std::max(1.0f, visible_max.x - visible_min.x),
                                          std::max(1.0f, visible_max.y - visible_min.y)));
  BoardPoint hovered = ImGui::IsItemHovered() ? ui.view.point_at(io.MousePos) : BoardPoint{};
  const Geometry& geometry = game.state().geometry();
  Point hovered_point = hovered.valid() ? geometry.at(hovered.column, hovered.row) : no_point;
  board.dragging = false;
  if (torus || ui.view.zoomed()) {
    if (ImGui::IsItemActivated()) {
      board.dragged = false;
      board.drag_offset_column = ui.view.offset_column;
      board.drag_offset_row = ui.view.offset_row;
      board.drag_focus = ui.view.focus;
    }
    if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 6.0f)) {
      board.dragged = true;
      ImVec2 delta = ImGui::GetMouseDragDelta(ImGuiMouseButton_Left);
      if (torus) {
        ui.view.offset_column =
            board.drag_offset_column - static_cast<int>(std::lround(delta.x / ui.view.spacing));
        ui.view.offset_row = board.drag_offset_row + static_cast<int>(std::lround(delta.y / ui.view.spacing));
      } else {
        ui.view.part.reset();  // the view is the reader's now
        ui.view.focus = ImVec2(board.drag_focus.x - delta.x / ui.view.spacing,
                               board.drag_focus.y - delta.y / ui.view.spacing);
      }
    }
    board.dragging = ImGui::IsItemActive() && board.dragged;
    if (ImGui::IsItemDeactivated() && !board.dragged && hovered_point != no_point)
      request = click_point(session, ui, board, hovered_point);
  } else if (ImGui::IsItemClicked(ImGuiMouseButton_Left) && hovered_point != no_point) {
    request = click_point(session, ui, board, hovered_point);
  }
  return hovered_point;
}

// The marks over the stones: the last move, the faint stone under the pointer (crossed out
// where refused), the cursor, picked points, animations, analysis and the game's explanation.
// The review's better line (review_panel.cpp) on the position before its turn: the line's
// first `ui.line_step` moves, numbered, colours alternating from the mover's.
void better_line_overlay(const Session& session, const Ui& ui, Overlay& overlay) {
  const Reviewer* review = session.review();
  if (!review || ui.line_turn < 1 || session.viewing() != ui.line_turn - 1 ||
      ui.line_turn > static_cast<int>(review->turns().size()))
    return;
  const TurnReview& turn = review->turns()[static_cast<size_t>(ui.line_turn - 1)];
  Color c = turn.by.color == Color::empty ? Color::black : turn.by.color;
  for (int i = 0; i < std::min(ui.line_step, static_cast<int>(turn.line.size())); ++i) {
    const Move& m = turn.line[static_cast<size_t>(i)];
    for (int k = 0; k < m.count && m.is_place(); ++k)
      overlay.line.push_back(Overlay::LineStone{m.points[k], c, i + 1});
    if (turn.by.color != Color::empty) c = opponent(c);  // a ballot's stones are all black
  }
}

Overlay board_overlay(Session& session, const Ui& ui, const BoardArea& board, Point hovered_point,
                      const Explanation& explained) {
  const AnyGame& game = session.shown();
  Overlay overlay;
  if (!game.moves().empty()) {
    const Move& last = game.moves().back();
    if (last.is_place())
      for (int i = 0; i < last.count; ++i) overlay.last[i] = last.points[i];
  }
  const bool live = session.viewing() < 0;
  const bool human_turn = live && !ui.readonly && !session.game().state().is_over() &&
                          !session.player(session.game().state().to_move()).bot;
  // The faint stone: under the mouse, or on touch screens the tapped point awaiting Confirm
  // (a finger leaves no hover worth showing).
  Point ghost = ui.touch ? ui.preview : hovered_point;
  if (human_turn && ghost != no_point && !board.dragging) {
    overlay.ghost = ghost;
    overlay.ghost_color = game.state().color_to_move();
    // Crossed out where a placement would be refused (picked points are judged on confirming).
    overlay.ghost_illegal =
        session.stage().most_points == 1 && game.check(Move::place(ghost)) != Illegal::none;
  }
  if (board.cursor_mode) overlay.cursor = board.cursor;
  overlay.picks = session.picks();
  better_line_overlay(session, ui, overlay);
  overlay.now = ImGui::GetTime();
  if (ui.settings.animations && live) overlay.animations = &board.animations;
  overlay.changed = &game.last_changed();  // flips and captures stay marked until the next turn
  // (Not over the review's better line: its numbered stones are what the board shows then.)
  overlay.analysis = overlay.line.empty() ? session.analysis(ImGui::GetTime()) : nullptr;
  overlay.explanation = &explained;
  // The count on the board at the end, and while the pass question says what it would be.
  // (Not after a resignation: nothing was counted.)
  overlay.territory =
      (explained.show_owner && !(game.state().is_over() && game.state().outcome().by_resignation)) ||
      ImGui::IsPopupOpen("Pass?");
  overlay.edge_emphasis = game.facts().edge_scoring;
  overlay.labels = game.state().is_over();
  overlay.false_liberties = ui.settings.false_liberties;
  overlay.loop = true;
  return overlay;
}

// Zoomed in, the coordinates around the board are off screen: label the lines along the top
// and left edges of the area instead, on bands of the board's own colour beside the board (which
// is drawn in what they leave, so no label covers a stone), in the board's coordinate colour and
// size; a label that would not fit whole in the area (a line cut by its edge) is left out.
void draw_zoomed_coordinates(const Ui& ui, const Palette& colors, ImDrawList* draw, ImVec2 area_min,
                             ImVec2 area_max) {
  const float font_size = coordinate_font_size(ui.view.spacing);
  const ImVec2 bands = zoomed_label_bands(ui.view.spacing);
  const float top = bands.y, left = bands.x;
  // The bands run along the board's wood only (not past its far edges), and reach the wood where
  // its near edge is further in than the band (the first line of a side view): no gap between.
  const ImVec2 wood_min = ui.view.board_min(), wood_max = ui.view.board_max();
  const float right = std::min(area_max.x, wood_max.x), bottom = std::min(area_max.y, wood_max.y);
  const float top_fill = std::max(area_min.y + top, std::min(wood_min.y, bottom));
  const float left_fill = std::max(area_min.x + left, std::min(wood_min.x, right));
  draw->AddRectFilled(area_min, ImVec2(right, top_fill), colors.board);
  draw->AddRectFilled(ImVec2(area_min.x, area_min.y + top), ImVec2(left_fill, bottom), colors.board);
  ImFont* font = ImGui::GetFont();
  for (int i = 0; i < ui.view.cells(); ++i) {
    BoardPoint p = ui.view.point_of_cell(i, i);
    char letter[2] = {column_letter(p.column), 0};
    char number[12];
    std::snprintf(number, sizeof number, "%d", p.row + 1);
    ImVec2 column_at = ui.view.cell_position(i, 0), row_at = ui.view.cell_position(0, i);
    const float half_width = 0.5f * font->CalcTextSizeA(font_size, 1e9f, 0, letter).x;
    if (column_at.x - half_width > area_min.x + left && column_at.x + half_width <= right)
      draw_centred_text(draw, ImVec2(column_at.x, area_min.y + top * 0.5f), font_size, colors.text, letter);
    if (row_at.y - 0.5f * font_size > area_min.y + top && row_at.y + 0.5f * font_size <= bottom)
      draw_centred_text(draw, ImVec2(area_min.x + left * 0.5f, row_at.y), font_size, colors.text, number);
  }
}

// A short message over the board (illegal moves and the like) for a few seconds.
void draw_message(const BoardArea& board, ImDrawList* draw, ImVec2 area_min, ImVec2 area_max,
                  ImVec2 visible_min, ImVec2 visible_max) {
  if (board.shown_message.empty() || ImGui::GetTime() - board.message_time >= 4.0) return;
  ImVec2 text =
      ImGui::CalcTextSize(board.shown_message.c_str(), nullptr, false, area_max.x - area_min.x - 24);
  float x = std::max(area_min.x + 12, (area_min.x + area_max.x - text.x) * 0.5f);
  float y = std::max(area_min.y + 4, visible_min.y - text.y - 10);
  if (visible_min.y - area_min.y < text.y + 12) y = visible_max.y - text.y - 14;
  draw->AddRectFilled(ImVec2(x - 10, y - 5), ImVec2(x + text.x + 10, y + text.y + 5),
                      IM_COL32(20, 20, 24, 230), 6);
  layout_recorder().begin_group(ItemKind::overlay, "Message", ImVec2(x - 10, y - 5),
                                ImVec2(x + text.x + 10, y + text.y + 5));
  draw_text(draw, ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(x, y), IM_COL32(255, 225, 160, 255),
            board.shown_message, area_max.x - area_min.x - 24);
  layout_recorder().end_group();
}

// A click or tap on a point. On touch screens a tap first zooms a big board in, then shows a
// preview that Confirm plays (or plays at once with View > One-tap moves); a pick for a turn of
// several points (Looper's ballot) needs no preview, as that turn has its own Confirm.
}  // namespace

Request click_point(Session& session, Ui& ui, BoardArea& board, Point p) {
  if (ui.readonly) {
    session.set_message(ui.touch ? "A diagram: step through the moves with |< < > >|"
                                 : "A diagram: step through the moves with |< < > >| or the arrow keys");
    return {};
  }
  if (session.viewing() >= 0) {
    session.set_message(ui.touch ? "Viewing an earlier position: >| returns to the game"
                                 : "Viewing an earlier position: press End (or >|) to return to the game");
    return {};
  }
  // A task that is over takes no turn: the coach says so, and what to do (Try again).
  if (ui.coached_over) return Request::turn(Move::place(p));
  if (session.game().state().is_over()) {
    session.set_message("The game is over: start a new game");
    return {};
  }
  if (session.player(session.game().state().to_move()).bot) {
    session.set_message("The bot is thinking (Move now makes it play)");
    return {};
  }
  if (ui.touch && !ui.view.zoomed() && session.game().size() >= touch_zoom_from_size) {
    ui.view.zoom_to(p % session.game().size(), p / session.game().size(), touch_zoom);
    board.dragged = true;  // the press is spent: its release on the zoomed board is not a second tap
    return {};
  }
  if (session.stage().most_points > 1) {
    session.pick(p);
    return {};
  }
  if (ui.touch && !ui.settings.one_tap) {
    const Illegal why = session.game().check(Move::place(p));
    if (ui.coached && why != Illegal::none) return Request::turn(Move::place(p));  // the coach says why
    ui.preview = p;  // a refused point shows crossed out, with why and no Confirm
    if (why == Illegal::none && session.message().starts_with("Illegal move"))
      session.set_message("");  // an earlier tap's refusal does not stand beside this Confirm
    if (why != Illegal::none)
      session.set_message("Illegal move " + vertex_text(p, session.game().size()) + ": " +
                          std::string(describe(why)));
    return {};
  }
  return Request::turn(Move::place(p));
}

Request board_area(Session& session, Ui& ui, BoardArea& board, ImVec2 area_min, ImVec2 area_max) {
  const AnyGame& game = session.shown();
  Request request;
  const int wrap = wrap_margin(ui, game, area_max.x - area_min.x);
  // One line of margin (a narrow view): the coordinates go on it, so the main board is wider.
  ui.view.labels_inside = wrap == 1;
  ui.view.fit(area_min, area_max, game.size(), wrap, ui.settings.coordinates);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  // Zoomed in with coordinates, the board is what the label bands leave: no stone under a label.
  const bool bands = ui.view.zoomed() && ui.settings.coordinates;
  const ImVec2 band = bands ? zoomed_label_bands(ui.view.spacing) : ImVec2(0, 0);
  const ImVec2 board_min(area_min.x + band.x, area_min.y + band.y);
  ImVec2 visible_min, visible_max;
  const Point hovered =
      board_input(session, ui, board, board_min, area_max, visible_min, visible_max, request);
  const Explanation explained = game.state().explain();
  Overlay overlay = board_overlay(session, ui, board, hovered, explained);
  const DiagramOptions markup = board_markup(session, ui);
  overlay.markup = &markup;
  BoardStyle style{palette(ui.settings.theme, ui.settings.dark), ui.settings.grid, ui.settings.star_points,
                   ui.settings.theme == Theme::wood};
  draw->PushClipRect(board_min, area_max, true);
  draw_position(draw, ui.view, style, game, overlay);
  draw->PopClipRect();
  if (bands) {
    draw->PushClipRect(area_min, area_max, true);
    draw_zoomed_coordinates(ui, style.colors, draw, area_min, area_max);
    draw->PopClipRect();
  }
  draw_message(board, draw, area_min, area_max, visible_min, visible_max);
  ui.note_rect("Board", visible_min, visible_max);
  layout_recorder().board(visible_min, visible_max);
  return request;
}

}  // namespace stonegrid::web
