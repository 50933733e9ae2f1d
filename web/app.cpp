// What a frame coordinates. Read `frame()` first: the layout, then the board area, the panel
// (or the home screen, or the embed toolbar) and the dialogs, each a free function over the
// session and the Ui that returns what it asks of the app (`apply`); then the keys and a
// finger's scrolling. `session_event` is where every accepted turn lands, whoever made it;
// `play` is a person's turn (judged by the coach in a lesson or puzzle). Then the screens and
// the lessons, and the bot's slice per frame (`think`, `frame_finished`). The drawing is
// elsewhere: board_area.cpp, panels.cpp, home.cpp, task_panel.cpp, embed_panel.cpp,
// new_game.cpp, diagram_mode.cpp.
#include "app.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>

#include "bot/move_features.h"
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
  // A problem's ending goes to the host page; a lesson's or puzzle's is remembered.
  coach_.on_solved = [this](const std::string& id) {
    if (coach_.mode() == Coach::Mode::problem)
      page_task_event("solved", id, session_.state_json());
    else
      page_remember_solved(id);
  };
  coach_.on_failed = [this](const std::string& id) { page_task_event("failed", id, session_.state_json()); };
  mistakes_.on_solved = [this](const std::string&) {
    page_set_mistake_progress(mistakes_.progress().saved());
  };
}

// --- the session's events ------------------------------------------------------------------

// Whatever made the change (a click, a key, the bot, the page's API), the UI follows here:
// flips and captures animate, the picked points and the touch preview go, the page hears of it.
void App::session_event(const SessionEvent& event) {
  const AnyGame& game = session_.game();
  clear_touch_state();
  if (screen_ == Screen::task && !coach_.setting_up()) zoom_to_task_view();
  ui_.scroll_moves = true;
  const double now = ImGui::GetCurrentContext() ? ImGui::GetTime() : 0;
  if (event.kind == SessionEvent::Kind::move) {
    std::erase_if(board_.animations,
                  [&](const StoneAnimation& a) { return now - a.start >= animation_seconds; });
    for (const StoneChange& change : event.changes)
      board_.animations.push_back(StoneAnimation{change.point, change.from, change.to, now});
    page_move_event(move_text(event.move, game.size()), session_.state_json(), game.state().is_over());
    // A pass changes nothing on the board: say it, and say when it starts a stage of play (Go's
    // resolve phase).
    if (event.move.kind == Move::Kind::pass && !game.state().is_over()) {
      std::string said = event.by_bot ? "The bot passed" : "";
      if (game.state().status().stage != stage_ && !session_.stage().begun.empty())
        said += std::string(said.empty() ? "" : ". ") + std::string(session_.stage().begun);
      if (!said.empty()) session_.set_message(said);
    }
    for (std::string_view name : sound::sounds_for(event, game.state().is_over(), !session_.bot_to_move()))
      sound::play(name);
  } else {
    board_.animations.clear();
    side_.result_dismissed = false;
    if (analysis_for_review_ && event.kind != SessionEvent::Kind::undo) ui_.settings.analysis = false;
    analysis_for_review_ = false;
    if (event.kind != SessionEvent::Kind::undo) {
      ui_.view.offset_column = ui_.view.offset_row = 0;
      if (!coach_.setting_up() && !mistakes_.setting_up()) {
        coach_.end();
        mistakes_.end();
        before_task_.reset();  // a new game (or the one put back) replaces the practice
        review_before_task_.clear();
        screen_ = Screen::game;
      }
    }
  }
  // A `$$` diagram of a corner or a side: that part, as its picture shows it.
  if (const std::optional<BoardPart> part = session_.diagram_part(); part && screen_ != Screen::task)
    zoom_to_part(part->left, part->bottom, part->right, part->top, 1);
  stage_ = game.state().status().stage;
  page_announce(position_sentence(session_));
}

bool App::open_link(std::string_view text, std::string& message) {
  const uint64_t id = session_.friend_id();
  if (!session_.open_link(text, message)) return false;
  show_game();  // the friend's move, where the player can see it (also from the home screen)
  // The next moves of the game here came as moves (with their sounds); a new game, all at once.
  if (session_.friend_id() != id && !session_.game().moves().empty()) sound::play("place");
  return true;
}

bool App::play(const Move& move) {
  const bool played = screen_ == Screen::task       ? coach_.turn(session_, move)
                      : screen_ == Screen::mistakes ? mistakes_.turn(session_, move)
                                                    : session_.play(move);
  if (!played) sound::play("illegal");
  return played;
}

void App::set_readonly(bool on) {
  ui_.readonly = on;
  if (on) screen_ = Screen::game;
  clear_touch_state();
  session_.clear_picks();
  board_.cursor_mode = false;
}

void App::clear_touch_state() {
  ui_.preview = no_point;
  ui_.view.zoom_to(0, 0, 1);
}

void App::zoom_to_task_view() {
  if (!coach_.active() || !coach_.task().view) return;
  const teach::Task& task = coach_.task();
  if (static_cast<int>(session_.game().moves().size()) != task.start_moves) return;
  const teach::BoardRect& r = *task.view;
  zoom_to_part(r.first_column, r.first_row, r.last_column, r.last_row);
}

void App::zoom_to_part(int first_column, int first_row, int last_column, int last_row, int room) {
  // The board view sets the zoom for its area (BoardView::fit): the part whole, at an edge kept
  // at that edge.
  ui_.view.show_part(session_.game().size(), first_column, first_row, last_column, last_row, room);
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
    case Kind::mistakes:
      start_mistakes(request.index);
      return;
  }
}

// --- screens, lessons and puzzles --------------------------------------------------------------

const char* App::screen_name() const {
  if (screen_ == Screen::home) return "home";
  if (screen_ == Screen::mistakes) return "mistakes";
  if (screen_ == Screen::task)
    return coach_.mode() == Coach::Mode::lesson   ? "lesson"
           : coach_.mode() == Coach::Mode::puzzle ? "puzzle"
                                                  : "problem";
  return result_card_shown() ? "result" : "game";
}

bool App::result_card_shown() const {
  return screen_ == Screen::game && session_.game().state().is_over() && !side_.result_dismissed &&
         !ui_.readonly && session_.viewing() < 0;
}

// The finished game under the card: the move list with the bot's analysis, from the last turn.
void App::review() {
  side_.result_dismissed = true;
  analysis_for_review_ = !ui_.settings.analysis;  // on for the review only: off again in the next game
  ui_.settings.analysis = true;
  if (!session_.review()) session_.start_review();  // in the bot's slices, before the analysis
  const int total = static_cast<int>(session_.game().moves().size());
  view_move(session_, ui_, std::max(0, total - 1));
}

bool App::start_problem(teach::Task task) {
  const bool first_task = !before_task_;
  if (first_task) {
    before_task_ = session_.snapshot();
    review_before_task_ = session_.review_text();
  }
  if (!coach_.begin_problem(session_, std::move(task))) {
    if (first_task) before_task_.reset();
    return false;
  }
  screen_ = Screen::task;
  help_.open = false;
  zoom_to_task_view();
  return true;
}

bool App::start_task(Coach::Mode mode, GameKind kind, int index) {
  if (mode == Coach::Mode::problem) {  // Try again: the one problem
    if (!coach_.restart(session_)) return false;
    zoom_to_task_view();
    return true;
  }
  // The page fetches a game's puzzles when first asked for them, then asks again (page_api.h).
  if (mode == Coach::Mode::puzzle && teach::puzzles(kind.facts().name).empty() &&
      page_load_puzzles(std::string(kind.facts().name), index))
    return false;
  if (index < 0) {  // the first one not solved yet (all solved: the first)
    const auto& tasks =
        mode == Coach::Mode::lesson ? teach::lessons(kind.facts().name) : teach::puzzles(kind.facts().name);
    index = 0;
    for (int i = 0; i < static_cast<int>(tasks.size()); ++i)
      if (!page_is_solved(tasks[i].id)) {
        index = i;
        break;
      }
  }
  // The game under way is put aside (once, not again for the next task) and comes back when the
  // lessons end: practice never replaces it.
  const bool first_task = !before_task_;
  if (first_task) {
    before_task_ = session_.snapshot();
    review_before_task_ = session_.review_text();
  }
  const bool started = coach_.begin(session_, mode, kind, index);
  if (!started) {
    if (first_task) before_task_.reset();
    session_.set_message("No " + std::string(mode == Coach::Mode::lesson ? "lessons" : "puzzles") + " for " +
                         std::string(kind.facts().title) + " yet");
    return false;
  }
  screen_ = Screen::task;
  help_.open = false;
  zoom_to_task_view();
  return true;
}

void App::end_task() {
  coach_.end();
  mistakes_.end();
  if (!before_task_) return;
  Session::Snapshot before = std::move(*before_task_);
  const std::string review = std::move(review_before_task_);
  before_task_.reset();
  review_before_task_.clear();
  session_.restore(std::move(before));
  std::string error;  // (the review was of this game: it fits)
  if (!review.empty() && session_.restore_review(review, error))
    side_.result_dismissed = true;  // back to the review, not the result card
}

// --- learn from your mistakes ------------------------------------------------------------------

// Reading the saved reviews back replays their games: done again only when they changed.
void App::gather_mistakes() {
  mistakes_gathered_ = ui_.frames;
  mistakes_.progress() = MistakeProgress::read(page_mistake_progress());
  const std::vector<SavedReview> saved = page_saved_reviews();
  std::string key = session_.review_text();
  for (const SavedReview& game : saved) key += "|" + game.sgf + "|" + game.review;
  const size_t hash = std::hash<std::string>{}(key);
  if (hash != mistakes_key_ || mistakes_.tasks().empty())
    mistakes_.set_tasks(gather_mistake_tasks(session_, saved));
  mistakes_key_ = hash;
  home_.mistakes = static_cast<int>(mistakes_.tasks().size());
  home_.mistakes_unsolved = mistakes_.unsolved();
}

bool App::start_mistakes(int index) {
  if (screen_ != Screen::mistakes) gather_mistakes();  // (in a task, the tasks are gathered)
  if (mistakes_.tasks().empty()) {
    session_.set_message("No mistakes to learn from yet: review a finished game first");
    return false;
  }
  if (!before_task_) {
    coach_.end();
    before_task_ = session_.snapshot();
    review_before_task_ = session_.review_text();
  }
  if (!mistakes_.begin(session_, index)) return false;
  screen_ = Screen::mistakes;
  help_.open = false;
  return true;
}

// --- the bot -------------------------------------------------------------------------------

// After the frame is drawn (or found unchanged): the bot thinks in the time left. A frame that
// changed gets the shortest slice, as the browser still has to composite it (headless Chromium
// without a GPU: 20–40 ms of reading it back); most frames while the bot thinks change nothing.
void App::think(bool changed) {
  // No analysis in a lesson, a puzzle or a mistake's task: it would show the answer.
  const bool analysis = ui_.settings.analysis && screen_ != Screen::task && screen_ != Screen::mistakes;
  session_.set_analysis(analysis);
  const bool thinking = session_.bot_to_move() || analysis || mistakes_.checking();
  // The page fetches the learned Go shapes the first time its bot thinks in Go (page_api.h).
  if (thinking && session_.game().kind() == GameKind::go && !bot::go_shapes()) page_load_shapes();
  const double begin = now_ms();
  const double budget = changed ? std::min(min_bot_slice_ms, bot_slice_ms_) : bot_slice_ms_;
  if (screen_ == Screen::mistakes && mistakes_.checking()) {  // a move judged, in the bot's slice
    mistakes_.think(session_, budget);
    bot_ms_ = now_ms() - begin;
    return;
  }
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
  if (session_.message() != board_.shown_message) {
    board_.shown_message = session_.message();
    board_.message_time = ImGui::GetTime();
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
  ui_.coached = screen_ == Screen::task && coach_.active();
  ui_.coached_over = ui_.coached && (coach_.solved() || coach_.failed());
  if (ui_.coached_over) ui_.preview = no_point;  // no Confirm for a turn the task no longer takes
  // A new point previewed: the reason an earlier tap was refused no longer stands beside it.
  if (ui_.preview != no_point && ui_.preview != previewed_) coach_.previewing();
  // So does a tap on none of the board's points (the frame's blank area, the margin, the bar).
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !ui_.view.point_at(io.MousePos).valid())
    coach_.previewing();
  previewed_ = ui_.preview;
  ImVec2 help_min(0, 0);  // help goes where the panel is, never over the board (embedded: no room)
  if (screen_ == Screen::home && !ui_.embed) {
    ui_.layout = "home";
    if (ui_.frames - mistakes_gathered_ > 120) gather_mistakes();  // the count, every 2 s or so
    apply(home_screen(session_, ui_, home_, size));
  } else if (ui_.embed && screen_ == Screen::task) {
    ui_.layout = "embed";  // a problem (or a lesson opened by script): the board over the task's bar
    const float bar = problem_bar_height(session_, coach_, ui_, size.x, size.y);
    board_max = ImVec2(size.x, size.y - bar);
    apply(board_area(session_, ui_, board_, board_min, board_max));
    apply(problem_bar(session_, ui_, coach_, ImVec2(0, size.y - bar), size));
  } else if (ui_.embed) {
    ui_.layout = "embed";
    float bar = embed_toolbar_height(ui_, size.x);
    float caption = caption_height(session_, ui_, size.x, size.y - bar);  // diagram mode: under the board
    board_max = ImVec2(size.x, size.y - bar - caption);
    apply(board_area(session_, ui_, board_, board_min, board_max));
    const float caption_top = std::min(ui_.view.board_max().y, size.y - bar - caption);
    draw_caption(session_, ui_, ImVec2(0, caption_top), ImVec2(size.x, caption_top + caption));
    apply(embed_toolbar(session_, ui_, ImVec2(0, size.y - bar), size));
  } else if (size.x >= size.y * 1.15f) {
    ui_.layout = "landscape";
    float panel_width = std::clamp(size.x * 0.34f, 250.0f, 400.0f);
    board_max = ImVec2(size.x - panel_width, size.y);
    side_.min = ImVec2(size.x - panel_width, 0);
    apply(board_area(session_, ui_, board_, board_min, board_max));
    panel(ImVec2(size.x - panel_width, 0), size);
    help_min = ImVec2(size.x - panel_width, 0);
  } else {
    ui_.layout = "portrait";
    float board = std::min(size.x, size.y * 0.6f);
    board_max = ImVec2(size.x, board);
    side_.min = ImVec2(0, board);
    apply(board_area(session_, ui_, board_, board_min, board_max));
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
  if (screen_ == Screen::mistakes) {
    if (!mistakes_.active()) return show_game();
    return apply(mistakes_panel(session_, ui_, mistakes_, panel_min, panel_max));
  }
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
    help_.window(HelpContext{session_.game().kind(), session_.game().size(), style, ui_.large_targets()},
                 help_min, size);
    for (const HelpControl& c : help_.controls()) ui_.note_rect(c.name, c.min, c.max);
  }
}

// Keys: ← → Home End step through the moves (as on lichess and OGS); Up/Down or Enter start
// the keyboard cursor, then arrows move it, Enter or Space places, Escape leaves it;
// Shift+arrows pan Looper's torus. In a turn of several points, Enter confirms the picked points.
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
  auto confirm_picks = [&] { play(*session_.picked_move()); };
  auto show_cursor = [&] {
    board_.cursor_mode = true;
    if (board_.cursor == no_point || board_.cursor >= n * n)
      board_.cursor = static_cast<Point>((n / 2) * n + n / 2);
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
  const bool picks_ready = session_.picking() && session_.picked_move();
  if (board_.cursor_mode) {
    show_cursor();
    int column = board_.cursor % n, row = board_.cursor / n;
    const bool wraps = session_.game().facts().torus;
    auto step = [&](int& v, int d) { v = wraps ? (v + d + n) % n : std::clamp(v + d, 0, n - 1); };
    if (key == Key::left) step(column, -1);
    if (key == Key::right) step(column, 1);
    if (key == Key::up) step(row, 1);
    if (key == Key::down) step(row, -1);
    board_.cursor = static_cast<Point>(row * n + column);
    if (key == Key::escape) board_.cursor_mode = false;
    if (key == Key::enter && picks_ready)
      confirm_picks();
    else if (key == Key::enter || key == Key::space)
      apply(click_point(session_, ui_, board_, board_.cursor));
    return;
  }
  if (key == Key::enter && picks_ready) return confirm_picks();
  if ((key == Key::next_mistake || key == Key::previous_mistake) && session_.review()) {
    ui_.line_turn = 0;
    if (const int to = next_mistake(*session_.review(), at, key == Key::next_mistake ? 1 : -1); to > 0)
      view_move(session_, ui_, to);
    return;
  }
  if (key == Key::up || key == Key::down || key == Key::enter) return show_cursor();
  if (key == Key::left) view_move(session_, ui_, std::max(0, at - 1));
  if (key == Key::right) view_move(session_, ui_, at + 1);
  if (key == Key::home) view_move(session_, ui_, 0);
  if (key == Key::end) view_move(session_, ui_, -1);
}

}  // namespace stonegrid::web
