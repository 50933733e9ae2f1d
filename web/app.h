// The application: what one frame shows and does. Platform code (main.cpp) calls `frame()`
// once per tick between ImGui::NewFrame and ImGui::Render, then `think()` after drawing, then
// `frame_finished()` with the time the tick took.
//
// The app draws the session (session.h: the game and its record, the players, the bot, viewing
// an earlier position) plus view settings, and reads it every frame: it keeps no copy of the
// board. The flip/capture animations are a short list of changed points made from the
// session's events. The bot thinks through `Session::think`, in slices of each frame or on a
// thread of its own. Each frame's layout is recorded (layout_record.h) for the layout audit.
//
// Layouts: landscape (board left, side panel right), portrait (board on top at full width, the
// panel below) and embed (the board fills the frame over a one- or two-row toolbar). Touch
// input (the last pointer event came from a finger) turns a tap on the board into a preview
// stone with Confirm/Cancel, zooms boards of 13 and more on the first tap, and makes every
// control at least `touch_target` CSS pixels high.
//
// The bot's slice adapts to the frames (`frame_finished`): the frame's own work plus the slice
// should fit in about 3/4 of the display's frame period (12 ms at 60 Hz), the slice is 2–8 ms,
// it shrinks after a late frame, and a frame that changed the picture gets 2 ms (`think`).
// docs/benchmarks.md, "Page responsiveness".
//
// The app is what a frame needs to coordinate: the session, the screen, input routing (keys,
// a finger's scrolling, what the panels ask) and timing. The drawing is free functions over
// the session and a small UI state (`Ui`, ui.h: view settings, the page's modes, the board's
// view and the touch preview, named controls), each with a state struct of its own where it
// needs one; what only the app can do (change the screen, open a lesson, play a person's turn
// through the coach) comes back as a `Request` (panels.h) that `apply` acts on.
//
// Files: app.cpp (the frame, the session's events, screens and lessons, keys, the bot's
// slice), board_area.cpp (the board: drawing, marks, clicks, taps, drags), panels.cpp (the side
// panel, the pass and resign questions, the touch row), new_game.cpp (the new-game dialog),
// home.cpp (the home screen and the result card), task_panel.cpp (lessons and puzzles),
// embed_panel.cpp (the embed toolbar), diagram_mode.cpp (diagrams), help.cpp (rules with
// mini-boards), position_draw.cpp and looper_view.cpp (drawing), page_api.cpp (the page's
// JavaScript API and browser services).
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "board_area.h"
#include "board_view.h"
#include "coach.h"
#include "diagram_mode.h"
#include "help.h"
#include "layout_record.h"
#include "mistakes.h"
#include "panels.h"
#include "position_draw.h"
#include "session.h"
#include "ui.h"

namespace stonegrid::web {

// Keys the app acts on, delivered by the platform code from its key events (so a press and
// release within one frame still counts).
enum class Key { left, right, up, down, home, end, enter, space, escape, next_mistake, previous_mistake };

// The screens. The result card is the game screen over a finished game ("result"); a task is a
// lesson or a puzzle ("lesson", "puzzle"); mistakes is Learn from your mistakes.
enum class Screen { home, game, task, mistakes };

// One frame's timing, as the platform reports it (`App::frame_finished`).
struct FrameTiming {
  float bot_ms = 0;       // the bot's (or the analysis's) slice, with starting and playing its move
  float frame_ms = 0;     // the whole frame: events, UI, the slice, drawing
  float interval_ms = 0;  // since the previous frame began
  bool drawn = false;     // the picture changed (the browser draws only then)
  int vertices = 0;       // in ImGui's draw lists
};

class App {
 public:
  App();
  void frame();
  // The colour the platform clears each frame with.
  ImVec4 background() const;

  // After `frame()` and drawing: the bot's (or the analysis's) slice, shorter when the frame
  // changed the picture.
  void think(bool changed);
  // Told by the platform after each frame: how long all of it took (with `think`), and whether
  // the picture changed.
  void frame_finished(double frame_ms, bool changed);
  // The last frames' timing, oldest first (at most `timing_frames`), and the next bot slice.
  static constexpr int timing_frames = 600;
  std::vector<FrameTiming> frame_timing() const;
  double bot_slice() const { return bot_slice_ms_; }

  // --- the session: the game, players, bot (session.h); the UI reads it every frame ---
  Session& session() { return session_; }
  const Session& session() const { return session_; }
  // The panels' shared state: view settings, modes, the board's view, named controls (ui.h).
  Ui& ui() { return ui_; }
  const Ui& ui() const { return ui_; }
  void show_help(bool open, int page = -1) {
    help_.open = open;
    if (page >= 0) help_.page = page;
  }

  // --- screens ---
  // "home", "game", "result" (the result card over a finished game), "lesson", "puzzle" or
  // "problem".
  const char* screen_name() const;
  // Leaving a lesson or puzzle brings back the game that was under way before it.
  void show_home() {
    end_task();
    screen_ = Screen::home;
  }
  void show_game() {
    end_task();
    screen_ = Screen::game;
  }
  // Opens a lesson or puzzle of a game (`index` -1: the first one not solved yet).
  bool start_task(Coach::Mode mode, GameKind kind, int index = -1);
  // Opens a problem (a page's mode=problem): `task` alone, a wrong turn answered by its refutation.
  bool start_problem(teach::Task task);
  const Coach& coach() const { return coach_; }
  // Learn from your mistakes (session/mistakes.h): the tasks of the game on the board (its
  // review) and of the recent games kept with theirs; opens task `index` (-1: the first not
  // solved). False, with the session's message, when there is none.
  bool start_mistakes(int index = -1);
  const MistakeTrainer& mistakes() const { return mistakes_; }
  void show_task_hint() { coach_.show_hint(); }
  // Opens the new-game dialog on a game, against the bot (as the home screen's "Play the bot").
  void show_new_game(GameKind kind) { open_new_game(kind, Opponent::bot); }
  bool result_card_shown() const;

  // --- modes the page sets (embed, touch: `ui()`) ---
  // A diagram: visitors cannot play (board, keys, buttons); the toolbar and the keys step through
  // the record. The page's JavaScript API still plays and loads.
  void set_readonly(bool on);

  // --- games by link ---
  // Opens a friend's link (Session::open_link, whose sentence shows over the board); a game by
  // link that arrives new sounds its last move as a move played here would.
  bool open_link(std::string_view text, std::string& message);
  bool resume_link(std::string_view text, std::string name, size_t sent, std::string& error) {
    return session_.resume_friend_game(text, std::move(name), sent, error);
  }

  // A key pressed since the last frame; acted on in the next `frame()`.
  void key_pressed(Key key, bool shift) { keys_.push_back({key, shift}); }

 private:
  // app.cpp
  // Does what a panel asked (panels.h).
  void apply(const Request& request);
  // The session's events: animations, the page's move event and announcements.
  void session_event(const SessionEvent& event);
  // Player input through the session: a turn from the board or a button.
  // During a lesson or puzzle the coach judges the turn first. A refused turn sounds "illegal".
  bool play(const Move& move);
  void apply_style();
  void panel(ImVec2 panel_min, ImVec2 panel_max);
  void top_level_windows(ImVec2 help_min, ImVec2 size);
  void clear_touch_state();
  // A puzzle with a view (SGF VW[]) opens zoomed on it, and again whenever its start is back.
  void zoom_to_task_view();
  // Magnifies the board to show columns and rows (0-based, row 0 at the bottom, inclusive)
  // whole, with `room` lines more, in whatever area it has (BoardView::show_part).
  void zoom_to_part(int first_column, int first_row, int last_column, int last_row, int room = 0);
  void handle_keys();
  void touch_scroll();
  void handle_key(Key key, bool shift);
  // new_game.cpp
  void open_new_game(std::optional<GameKind> kind = std::nullopt,
                     std::optional<Opponent> opponent = std::nullopt) {
    web::open_new_game(new_game_, session_.game(), screen_ == Screen::home, kind, opponent);
  }
  // The finished game under the result card, with the analysis, from the last turn.
  void review();
  // Ends the lesson, puzzle or mistake task open, if any, and puts back the game its start put
  // aside (with its review).
  void end_task();
  // The tasks on offer again, and the progress the page keeps (when not in a task).
  void gather_mistakes();

  Session session_;
  double bot_slice_ms_ = 8;
  double bot_ms_ = 0;  // spent on the bot in this frame
  std::array<FrameTiming, timing_frames> timing_{};
  long timed_frames_ = 0;

  Ui ui_;
  std::vector<std::pair<Key, bool>> keys_;
  BoardArea board_;
  NewGameDialog new_game_;
  Help help_;
  Coach coach_;
  MistakeTrainer mistakes_;
  long mistakes_gathered_ = -1000;  // the frame they were gathered in (the home screen's count)
  size_t mistakes_key_ = 0;         // what they were gathered from (a hash)
  // The game under way when a lesson or puzzle began, with its players and its review (as text):
  // put back when it ends.
  std::optional<Session::Snapshot> before_task_;
  std::string review_before_task_;
  Screen screen_ = Screen::home;      // a game from the page (a link, the autosave) moves on to it
  bool analysis_for_review_ = false;  // Review turned the analysis on: off in the next game
  Point previewed_ = no_point;        // the point previewed last frame (a new one clears a refusal)
  int stage_ = 0;                     // the game's stage of play at the last event
  ImGuiWindow* scrolling_ = nullptr;  // the window a finger's drag scrolls
  SidePanel side_;
  HomeScreen home_;
};

}  // namespace stonegrid::web
