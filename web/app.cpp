// The session and the board area. Read `frame()` first: bot slice, layout, board, panel,
// dialogs, keys. Then `play`/`after_move` (every accepted turn passes through them, whoever
// made it) and `undo`; then touch (preview, confirm, zoom) in `click_point`. The side panel,
// the embed toolbar and the new-game dialog are in panels.cpp.
#include "app.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>

#include "imgui_internal.h"
#include "page_api.h"
#include "sound.h"
#include "style.h"

namespace stonegrid::web {

namespace {

// The bot's slice per frame (see `frame_finished`), so frames keep coming while it thinks.
constexpr double max_bot_slice_ms = 8;
constexpr double min_bot_slice_ms = 2;

double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

App::App() {
  session_.on_event = [this](const SessionEvent& event) { session_event(event); };
#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
  // Where threads can be made (the desktop window, the page's threaded build), the bot searches
  // on a thread of its own, so the UI never waits for it; level 10 on two sharing its tree.
  const unsigned cores = std::thread::hardware_concurrency();
  session_.set_search_threads(cores >= 2 ? 2 : 1);
#endif
  coach_.on_solved = [](const std::string& id) { page_remember_solved(id); };
}

// --- the session's events ------------------------------------------------------------------

// Whatever made the change (a click, a key, the bot, the page's API), the UI follows here:
// flips and captures animate, the ballot picks and the touch preview go, the page hears of it.
void App::session_event(const SessionEvent& event) {
  const AnyGame& game = session_.game();
  clear_touch_state();
  ui_.scroll_moves = true;
  const double now = ImGui::GetCurrentContext() ? ImGui::GetTime() : 0;
  if (event.kind == SessionEvent::Kind::move) {
    std::erase_if(animations_, [&](const StoneAnimation& a) { return now - a.start >= animation_seconds; });
    for (const StoneChange& change : event.changes)
      animations_.push_back(StoneAnimation{change.point, change.from, change.to, now});
    page_move_event(move_text(event.move, game.size()), session_.state_json(), game.state().is_over());
    // A pass changes nothing on the board: say it, and say when it opens Go's resolve phase.
    if (event.move.kind == Move::Kind::pass && !game.state().is_over()) {
      std::string said = event.by_bot ? "The bot passed" : "";
      if (game.state().phase() == Phase::resolve && phase_ != Phase::resolve)
        said += std::string(said.empty() ? "" : ". ") +
                "Both passed: the resolve phase begins. Capture the dead stones; two passes in a row end the "
                "game";
      if (!said.empty()) set_message(said);
    }
    for (std::string_view name : sound::sounds_for(event, game.state().is_over(), !session_.bot_to_move()))
      sound::play(name);
  } else {
    animations_.clear();
    side_.result_dismissed = false;
    if (analysis_for_review_ && event.kind != SessionEvent::Kind::undo) ui_.settings.analysis = false;
    analysis_for_review_ = false;
    if (event.kind != SessionEvent::Kind::undo) {
      ui_.view.offset_column = ui_.view.offset_row = 0;
      if (!starting_task_) {
        coach_.end();
        before_task_.reset();  // a new game (or the one put back) replaces the practice
        screen_ = Screen::game;
      }
    }
  }
  phase_ = game.state().phase();
  page_announce(position_sentence(session_));
}

bool App::play(const Move& move) {
  const bool played = screen_ == Screen::task ? coach_.turn(session_, move) : session_.play(move);
  if (!played) sound::play("illegal");
  return played;
}

void App::set_readonly(bool on) {
  ui_.readonly = on;
  if (on) screen_ = Screen::game;
  clear_touch_state();
  session_.clear_ballot();
  cursor_mode_ = false;
}

void App::clear_touch_state() {
  ui_.preview = no_point;
  ui_.view.zoom_to(0, 0, 1);
}

// What the panels ask of the app: screens, the dialog, lessons, help, review. Leaving a lesson or
// puzzle (`end_task`) puts back the game its start put aside.
void App::apply(const Request& request) {
  using Kind = Request::Kind;
  if (request.end_task) {
    end_task();
    screen_ = request.kind == Kind::home ? Screen::home : Screen::game;
  }
  switch (request.kind) {
    case Kind::none:
      return;
    case Kind::home:
      screen_ = Screen::home;
      return;
    case Kind::game:
      screen_ = Screen::game;
      return;
    case Kind::new_game:
      open_new_game(request.game, request.opponent);
      return;
    case Kind::task:
      start_task(request.mode, *request.game, request.index);
      return;
    case Kind::toggle_help:
      help_.open = !help_.open;
      return;
    case Kind::open_help:
      help_.open = true;
      return;
    case Kind::review:
      review();
      return;
    case Kind::play:
      play(request.move);
      return;
  }
}

// --- the bot -------------------------------------------------------------------------------

// After the frame is drawn (or found unchanged): the bot thinks in the time left. A frame that
// changed gets the shortest slice, as the browser still has to composite it (headless Chromium
// without a GPU: 20–40 ms of reading it back); most frames while the bot thinks change nothing.
void App::think(bool changed) {
  session_.set_analysis(ui_.settings.analysis);
  const bool thinking = bot_thinking() || ui_.settings.analysis;
  const double begin = now_ms();
  const double budget = changed ? std::min(min_bot_slice_ms, bot_slice_ms_) : bot_slice_ms_;
  session_.think(budget, ImGui::GetCurrentContext() ? ImGui::GetTime() : 0);
  bot_ms_ = thinking ? now_ms() - begin : 0;
}

// --- the frame -----------------------------------------------------------------------------

// The next slice: the frame's other work (UI, drawing) plus the slice should take about 3/4 of
// the display's frame period, leaving the rest to the browser. The period is the lower quartile
// of the last 60 intervals: 16.7 ms at 60 Hz, 8.3 at 120 Hz (faster displays get shorter slices,
// but more of them), and a frame that comes early after a late one does not lower it. A late
// frame (over 1.5 periods) shrinks the slice by a quarter; a frame on time lets it grow by
// 0.5 ms, up to 8 ms. In the single-thread build level 10's 2 s of thinking takes ~4 s at 60 fps
// with 8 ms slices, longer when frames are slow (the threaded build searches off this thread).
void App::frame_finished(double frame_ms, bool changed) {
  const double interval = ImGui::GetIO().DeltaTime * 1000.0;
  timing_[timed_frames_ % timing_frames] =
      FrameTiming{static_cast<float>(bot_ms_), static_cast<float>(frame_ms), static_cast<float>(interval),
                  changed, ImGui::GetIO().MetricsRenderVertices};
  ++timed_frames_;
  std::array<float, 60> recent{};
  int count = 0;
  for (long i = std::max(0L, timed_frames_ - 60); i < timed_frames_; ++i)
    recent[count++] = timing_[i % timing_frames].interval_ms;
  std::nth_element(recent.begin(), recent.begin() + count / 4, recent.begin() + count);
  const double period = std::clamp(static_cast<double>(recent[count / 4]), 4.0, 34.0);
  const double room = std::clamp(0.75 * period - (frame_ms - bot_ms_), min_bot_slice_ms, max_bot_slice_ms);
  if (interval > 1.5 * period)
    bot_slice_ms_ = std::max(min_bot_slice_ms, bot_slice_ms_ * 0.75);
  else
    bot_slice_ms_ += 0.5;
  bot_slice_ms_ = std::min(bot_slice_ms_, room);
}

std::vector<FrameTiming> App::frame_timing() const {
  std::vector<FrameTiming> frames;
  for (long i = std::max(0L, timed_frames_ - timing_frames); i < timed_frames_; ++i)
    frames.push_back(timing_[i % timing_frames]);
  return frames;
}

// The page background, as the platform clears the frame with it (one full-screen pass less
// than drawing it: headless software rendering is fill-rate bound).
ImVec4 App::background() const {
  if (framed(ui_)) return frame_background(ui_);  // diagram mode's frame (diagram_mode.cpp)
  return ImGui::ColorConvertU32ToFloat4(palette(ui_.settings.theme, ui_.settings.dark).background);
}

// Each frame sets the whole style from the palette (style.h); large targets pad every frame
// (buttons, checkboxes, combos, tabs) to `touch_target` high.
void App::apply_style() {
  // Diagram mode's frame (diagram_mode.cpp) chooses light or dark controls when it is set.
  const bool light = framed(ui_) ? *ui_.settings.frame != DiagramTheme::dark : !ui_.settings.dark;
  web::apply_style(light, 1.0f, ui_.large_targets() ? touch_target : 0);
  frame_style(ui_);
}

void App::frame() {
  ImGuiIO& io = ImGui::GetIO();
  layout_recorder().begin_frame(io.DisplaySize);
  apply_style();
  if (session_.message() != shown_message_) {
    shown_message_ = session_.message();
    message_time_ = ImGui::GetTime();
  }

  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::Begin("board", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoBackground);
  ImGui::PopStyleVar();

  // Embedded: the board over a small toolbar. Otherwise the side panel is right of the board
  // when the window is wide, below it (the board at full width) when tall. The home screen
  // takes the whole window (never in an embed).
  const ImVec2 size = io.DisplaySize;
  ImVec2 board_min(0, 0), board_max = size;
  ImVec2 help_min(0, 0);  // help goes where the panel is, never over the board (embedded: no room)
  if (screen_ == Screen::home && !ui_.embed) {
    ui_.layout = "home";
    apply(home_screen(session_, ui_, home_, size));
  } else if (ui_.embed) {
    ui_.layout = "embed";
    float bar = embed_toolbar_height(ui_, size.x);
    float caption = caption_height(session_, ui_, size.x, size.y - bar);  // diagram mode: under the board
    board_max = ImVec2(size.x, size.y - bar - caption);
    board_area(board_min, board_max);
    const float caption_top = std::min(ui_.view.board_max().y, size.y - bar - caption);
    draw_caption(session_, ui_, ImVec2(0, caption_top), ImVec2(size.x, caption_top + caption));
    apply(embed_toolbar(session_, ui_, ImVec2(0, size.y - bar), size));
  } else if (size.x >= size.y * 1.15f) {
    ui_.layout = "landscape";
    float panel_width = std::clamp(size.x * 0.34f, 250.0f, 400.0f);
    board_max = ImVec2(size.x - panel_width, size.y);
    side_.min = ImVec2(size.x - panel_width, 0);
    board_area(board_min, board_max);
    panel(ImVec2(size.x - panel_width, 0), size);
    help_min = ImVec2(size.x - panel_width, 0);
  } else {
    ui_.layout = "portrait";
    float board = std::min(size.x, size.y * 0.6f);
    board_max = ImVec2(size.x, board);
    side_.min = ImVec2(0, board);
    board_area(board_min, board_max);
    panel(ImVec2(0, board), size);
    help_min = ImVec2(0, board);
  }
  ImGui::End();
  top_level_windows(help_min, size);
  handle_keys();
  touch_scroll();
  layout_recorder().end_frame(screen_name());
  ++ui_.frames;
}

// The panel beside or under the board: a lesson's or puzzle's (task_panel.cpp), else the game's.
void App::panel(ImVec2 panel_min, ImVec2 panel_max) {
  if (screen_ != Screen::task)
    return apply(side_panel(session_, ui_, side_, result_card_shown(), panel_min, panel_max));
  if (!coach_.active()) return show_game();
  apply(task_panel(session_, ui_, coach_, panel_min, panel_max));
}

// The dialogs at the top level, so the panel's button and the embed menu open the same one;
// then the help, where the panel is (never over the board).
void App::top_level_windows(ImVec2 help_min, ImVec2 size) {
  if (new_game_.requested) {
    new_game_.requested = false;
    ImGui::OpenPopup("New game");
  }
  if (new_game_dialog(session_, ui_, new_game_)) screen_ = Screen::game;
  apply(pass_question(session_, ui_, side_));
  apply(resign_question(session_, ui_, side_));
  if (help_.lesson_requested) {
    const GameKind kind = *help_.lesson_requested;
    help_.lesson_requested.reset();
    help_.open = false;
    start_task(Coach::Mode::lesson, kind);
  }
  if (help_.open && ui_.layout != std::string_view("home")) {
    const BoardStyle style{palette(ui_.settings.theme, ui_.settings.dark), ui_.settings.grid,
                           ui_.settings.star_points, ui_.settings.theme == Theme::wood};
    help_.window(HelpContext{game().kind(), game().size(), style, ui_.large_targets()}, help_min, size);
    for (const HelpControl& c : help_.controls()) ui_.note_rect(c.name, c.min, c.max);
  }
}

void App::board_area(ImVec2 area_min, ImVec2 area_max) {
  const AnyGame& game = shown();
  const int wrap = wrap_margin(ui_, game, area_max.x - area_min.x);
  // One line of margin (a narrow view): the coordinates go on it, so the main board is wider.
  ui_.view.labels_inside = wrap == 1;
  ui_.view.fit(area_min, area_max, game.size(), wrap, ui_.settings.coordinates);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  ImVec2 visible_min, visible_max;
  const Point hovered = board_input(area_min, area_max, visible_min, visible_max);
  const Explanation explained = game.state().explain();
  Overlay overlay = board_overlay(hovered, explained);
  const DiagramOptions markup = board_markup(session_, ui_);
  overlay.markup = &markup;
  BoardStyle style{palette(ui_.settings.theme, ui_.settings.dark), ui_.settings.grid,
                   ui_.settings.star_points, ui_.settings.theme == Theme::wood};
  draw->PushClipRect(area_min, area_max, true);
  draw_position(draw, ui_.view, style, game, overlay);
  if (ui_.view.zoomed() && ui_.settings.coordinates) draw_zoomed_coordinates(draw, area_min, area_max);
  draw->PopClipRect();
  draw_message(draw, area_min, area_max, visible_min, visible_max);
  ui_.note_rect("Board", visible_min, visible_max);
  layout_recorder().board(visible_min, visible_max);
}

// The board takes clicks as one invisible button (the part of the board inside the area:
// zoomed in, that is the whole area). A drag pans the torus, or the zoomed-in board. Returns
// the point under the pointer (no_point when none).
Point App::board_input(ImVec2 area_min, ImVec2 area_max, ImVec2& visible_min, ImVec2& visible_max) {
  ImGuiIO& io = ImGui::GetIO();
  const AnyGame& game = shown();
  const bool torus = game.facts().torus;
  ImVec2 board_min = ui_.view.board_min(), board_max = ui_.view.board_max();
  visible_min = ImVec2(std::max(board_min.x, area_min.x), std::max(board_min.y, area_min.y));
  visible_max = ImVec2(std::min(board_max.x, area_max.x), std::min(board_max.y, area_max.y));
  ImGui::SetCursorScreenPos(visible_min);
  ImGui::InvisibleButton("points", ImVec2(std::max(1.0f, visible_max.x - visible_min.x),
                                          std::max(1.0f, visible_max.y - visible_min.y)));
  BoardPoint hovered = ImGui::IsItemHovered() ? ui_.view.point_at(io.MousePos) : BoardPoint{};
  const Geometry& geometry = game.state().geometry();
  Point hovered_point = hovered.valid() ? geometry.at(hovered.column, hovered.row) : no_point;
  board_dragging_ = false;
  if (torus || ui_.view.zoomed()) {
    if (ImGui::IsItemActivated()) {
      dragged_ = false;
      drag_offset_column_ = ui_.view.offset_column;
      drag_offset_row_ = ui_.view.offset_row;
      drag_focus_ = ui_.view.focus;
    }
    if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 6.0f)) {
      dragged_ = true;
      ImVec2 delta = ImGui::GetMouseDragDelta(ImGuiMouseButton_Left);
      if (torus) {
        ui_.view.offset_column =
            drag_offset_column_ - static_cast<int>(std::lround(delta.x / ui_.view.spacing));
        ui_.view.offset_row = drag_offset_row_ + static_cast<int>(std::lround(delta.y / ui_.view.spacing));
      } else {
        ui_.view.focus =
            ImVec2(drag_focus_.x - delta.x / ui_.view.spacing, drag_focus_.y - delta.y / ui_.view.spacing);
      }
    }
    board_dragging_ = ImGui::IsItemActive() && dragged_;
    if (ImGui::IsItemDeactivated() && !dragged_ && hovered_point != no_point) click_point(hovered_point);
  } else if (ImGui::IsItemClicked(ImGuiMouseButton_Left) && hovered_point != no_point) {
    click_point(hovered_point);
  }
  return hovered_point;
}

// The marks over the stones: the last move, the faint stone under the pointer (crossed out
// where refused), the cursor, ballot picks, animations, analysis and the game's explanation.
Overlay App::board_overlay(Point hovered_point, const Explanation& explained) {
  const AnyGame& game = shown();
  Overlay overlay;
  if (!game.moves().empty()) {
    const Move& last = game.moves().back();
    if (last.is_place())
      for (int i = 0; i < last.count; ++i) overlay.last[i] = last.points[i];
  }
  const bool live = session_.viewing() < 0;
  const bool human_turn = live && !ui_.readonly && !session_.game().state().is_over() &&
                          !session_.player(session_.game().state().to_move()).bot;
  // The faint stone: under the mouse, or on touch screens the tapped point awaiting Confirm
  // (a finger leaves no hover worth showing).
  Point ghost = ui_.touch ? ui_.preview : hovered_point;
  if (human_turn && ghost != no_point && !board_dragging_) {
    overlay.ghost = ghost;
    overlay.ghost_color = game.state().color_to_move();
    // Crossed out where a placement would be refused (a ballot pick is judged on confirming).
    overlay.ghost_illegal =
        game.state().phase() != Phase::ballot && game.check(Move::place(ghost)) != Illegal::none;
  }
  if (cursor_mode_) overlay.cursor = cursor_;
  overlay.ballot = session_.ballot();
  overlay.now = ImGui::GetTime();
  if (ui_.settings.animations && live) overlay.animations = &animations_;
  overlay.changed = &game.last_changed();  // flips and captures stay marked until the next turn
  overlay.analysis = session_.analysis(ImGui::GetTime());
  overlay.explanation = &explained;
  // The count on the board at the end, and while the pass question says what it would be.
  // (Not after a resignation: nothing was counted.)
  overlay.territory =
      (explained.show_owner && !(game.state().is_over() && game.state().outcome().by_resignation)) ||
      ImGui::IsPopupOpen("Pass?");
  overlay.edge_emphasis = game.facts().edge_scoring;
  overlay.labels = game.state().is_over();
  overlay.false_liberties = ui_.settings.false_liberties;
  overlay.loop = true;
  return overlay;
}

// Zoomed in, the coordinates around the board are off screen: label the lines along the top
// and left edges of the area instead, on a dark band.
void App::draw_zoomed_coordinates(ImDrawList* draw, ImVec2 area_min, ImVec2 area_max) {
  const float font_size = std::clamp(ui_.view.spacing * 0.3f, 11.0f, 20.0f);
  const float top = font_size + 6, left = font_size * 1.4f + 6;
  const ImU32 band = IM_COL32(0, 0, 0, 120), ink = IM_COL32(255, 255, 255, 235);
  draw->AddRectFilled(area_min, ImVec2(area_max.x, area_min.y + top), band);
  draw->AddRectFilled(ImVec2(area_min.x, area_min.y + top), ImVec2(area_min.x + left, area_max.y), band);
  for (int i = 0; i < ui_.view.cells(); ++i) {
    BoardPoint p = ui_.view.point_of_cell(i, i);
    char letter[2] = {column_letter(p.column), 0};
    char number[12];
    std::snprintf(number, sizeof number, "%d", p.row + 1);
    ImVec2 column_at = ui_.view.cell_position(i, 0), row_at = ui_.view.cell_position(0, i);
    if (column_at.x > area_min.x + left)
      draw_centred_text(draw, ImVec2(column_at.x, area_min.y + top * 0.5f), font_size, ink, letter);
    if (row_at.y > area_min.y + top)
      draw_centred_text(draw, ImVec2(area_min.x + left * 0.5f, row_at.y), font_size, ink, number);
  }
}

// A short message over the board (illegal moves and the like) for a few seconds.
void App::draw_message(ImDrawList* draw, ImVec2 area_min, ImVec2 area_max, ImVec2 visible_min,
                       ImVec2 visible_max) {
  if (shown_message_.empty() || ImGui::GetTime() - message_time_ >= 4.0) return;
  ImVec2 text = ImGui::CalcTextSize(shown_message_.c_str(), nullptr, false, area_max.x - area_min.x - 24);
  float x = std::max(area_min.x + 12, (area_min.x + area_max.x - text.x) * 0.5f);
  float y = std::max(area_min.y + 4, visible_min.y - text.y - 10);
  if (visible_min.y - area_min.y < text.y + 12) y = visible_max.y - text.y - 14;
  draw->AddRectFilled(ImVec2(x - 10, y - 5), ImVec2(x + text.x + 10, y + text.y + 5),
                      IM_COL32(20, 20, 24, 230), 6);
  layout_recorder().begin_group(ItemKind::overlay, "Message", ImVec2(x - 10, y - 5),
                                ImVec2(x + text.x + 10, y + text.y + 5));
  draw_text(draw, ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(x, y), IM_COL32(255, 225, 160, 255),
            shown_message_, area_max.x - area_min.x - 24);
  layout_recorder().end_group();
}

// A click or tap on a point. On touch screens a tap first zooms a big board in, then shows a
// preview that Confirm plays (or plays at once with View > One-tap moves); a Looper ballot
// pick needs no preview, as the ballot has its own Confirm.
void App::click_point(Point p) {
  if (ui_.readonly) {
    set_message("A diagram: step through the moves with |< < > >| or the arrow keys");
    return;
  }
  if (session_.viewing() >= 0) {
    set_message("Viewing an earlier position: press End to return to the game");
    return;
  }
  if (session_.game().state().is_over()) {
    set_message("The game is over: start a new game");
    return;
  }
  if (session_.player(session_.game().state().to_move()).bot) {
    set_message("The bot is thinking (Move now makes it play)");
    return;
  }
  if (ui_.touch && !ui_.view.zoomed() && session_.game().size() >= touch_zoom_from_size) {
    ui_.view.zoom_to(p % session_.game().size(), p / session_.game().size(), touch_zoom);
    dragged_ = true;  // the press is spent: its release on the zoomed board is not a second tap
    return;
  }
  if (session_.game().state().phase() == Phase::ballot) {
    session_.pick(p);
    return;
  }
  if (ui_.touch && !ui_.settings.one_tap) {
    ui_.preview = p;  // a refused point shows crossed out, with why and no Confirm
    const Illegal why = session_.game().check(Move::place(p));
    if (why != Illegal::none)
      set_message("Illegal move " + vertex_text(p, session_.game().size()) + ": " +
                  std::string(describe(why)));
    return;
  }
  play(Move::place(p));
}

// Keys: ← → Home End step through the moves (as on lichess and OGS); Up/Down or Enter start
// the keyboard cursor, then arrows move it, Enter or Space places, Escape leaves it;
// Shift+arrows pan Looper's torus. In a Looper ballot, Enter confirms the picked points.
// A finger dragged up or down over a panel, a list, the home screen or the help scrolls it, as
// on any phone page (ImGui scrolls only by wheel and scrollbar). The drag scrolls the innermost
// window under the finger that has something to scroll; a button the drag began on is let go,
// so lifting the finger does not press it. The board's own drags (pan, zoom) are not in a
// window that scrolls.
void App::touch_scroll() {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  const ImGuiIO& io = g.IO;
  if (!ui_.touch || !io.MouseDown[0]) {
    scrolling_ = nullptr;
    return;
  }
  if (io.MouseClicked[0]) {
    scrolling_ = nullptr;
    for (ImGuiWindow* w = g.HoveredWindow; w; w = w->ParentWindow) {
      if (w->ScrollMax.y > 0 && !(w->Flags & ImGuiWindowFlags_NoScrollWithMouse)) {
        scrolling_ = w;
        break;
      }
      if (!(w->Flags & ImGuiWindowFlags_ChildWindow)) break;
    }
    return;
  }
  if (!scrolling_) return;
  const ImVec2 drag = ImGui::GetMouseDragDelta(ImGuiMouseButton_Left, 0);
  // A slider or the scrollbar being dragged keeps the drag; a mostly sideways drag is not a scroll.
  const bool scrollbar = g.ActiveId == ImGui::GetWindowScrollbarID(scrolling_, ImGuiAxis_Y);
  if (scrollbar || std::fabs(drag.y) < 8 || std::fabs(drag.y) < std::fabs(drag.x)) return;
  if (g.ActiveId != 0 && g.ActiveIdWindow == scrolling_ && !g.ActiveIdIsJustActivated) ImGui::ClearActiveID();
  ImGui::SetScrollY(scrolling_,
                    std::clamp(scrolling_->Scroll.y - io.MouseDelta.y, 0.0f, scrolling_->ScrollMax.y));
}

void App::handle_keys() {
  std::vector<std::pair<Key, bool>> keys;
  keys.swap(keys_);
  if (ImGui::GetIO().WantTextInput || new_game_.open) return;
  for (auto [key, shift] : keys) handle_key(key, shift);
}

void App::handle_key(Key key, bool shift) {
  const int n = session_.game().size();
  const int total = static_cast<int>(session_.game().moves().size());
  const int at = session_.viewing() < 0 ? total : session_.viewing();
  auto confirm_ballot = [&] { play(*session_.ballot_move()); };
  auto show_cursor = [&] {
    cursor_mode_ = true;
    if (cursor_ == no_point || cursor_ >= n * n) cursor_ = static_cast<Point>((n / 2) * n + n / 2);
  };
  if (shift) {
    if (!session_.game().facts().torus) return;
    if (key == Key::left) ++ui_.view.offset_column;
    if (key == Key::right) --ui_.view.offset_column;
    if (key == Key::up) --ui_.view.offset_row;
    if (key == Key::down) ++ui_.view.offset_row;
    ui_.view.offset_column = (ui_.view.offset_column % n + n) % n;
    ui_.view.offset_row = (ui_.view.offset_row % n + n) % n;
    return;
  }
  if (ui_.readonly) {  // a diagram: the arrows, Home and End step through it; nothing plays
    if (key == Key::left || key == Key::up) view_move(session_, ui_, std::max(0, at - 1));
    if (key == Key::right || key == Key::down) view_move(session_, ui_, at + 1);
    if (key == Key::home) view_move(session_, ui_, 0);
    if (key == Key::end) view_move(session_, ui_, -1);
    return;
  }
  const bool ballot_ready =
      session_.game().state().phase() == Phase::ballot && session_.ballot_move() && session_.viewing() < 0;
  if (cursor_mode_) {
    show_cursor();
    int column = cursor_ % n, row = cursor_ / n;
    const bool wraps = session_.game().facts().torus;
    auto step = [&](int& v, int d) { v = wraps ? (v + d + n) % n : std::clamp(v + d, 0, n - 1); };
    if (key == Key::left) step(column, -1);
    if (key == Key::right) step(column, 1);
    if (key == Key::up) step(row, 1);
    if (key == Key::down) step(row, -1);
    cursor_ = static_cast<Point>(row * n + column);
    if (key == Key::escape) cursor_mode_ = false;
    if (key == Key::enter && ballot_ready)
      confirm_ballot();
    else if (key == Key::enter || key == Key::space)
      click_point(cursor_);
    return;
  }
  if (key == Key::enter && ballot_ready) return confirm_ballot();
  if (key == Key::up || key == Key::down || key == Key::enter) return show_cursor();
  if (key == Key::left) view_move(session_, ui_, std::max(0, at - 1));
  if (key == Key::right) view_move(session_, ui_, at + 1);
  if (key == Key::home) view_move(session_, ui_, 0);
  if (key == Key::end) view_move(session_, ui_, -1);
}

}  // namespace stonegrid::web
