// The panels: free functions that draw over the session (session.h) and the panels' shared
// state (`Ui`, ui.h), each with a small state of its own where it needs one. They read the game
// every frame and keep no copy of it. Input goes back through the session; what only the app can
// do (change the screen, start a lesson) comes back as a return value the app acts on.
//
// Files: panels.cpp (the side panel's parts, the touch row, move navigation), new_game.cpp (the
// new-game dialog), home.cpp (the home screen, the result card), task_panel.cpp (lessons and
// puzzles), mistakes_panel.cpp (Learn from your mistakes), embed_panel.cpp (the embed toolbar and its menu).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "coach.h"
#include "mistakes.h"
#include "ui.h"

namespace stonegrid::web {

// The bot's levels in words: "Beginner" (1) … "Strongest" (10).
const char* level_name(int level);

// What a panel asks of the app beyond the session: a click, so at most one a frame. The app
// acts on it after the panel is drawn (`App::apply`).
struct Request {
  enum class Kind {
    none,
    home,         // the home screen
    game,         // the game screen (Resume)
    new_game,     // open the new-game dialog (on `game` with `opponent`, when given)
    task,         // open lesson or puzzle `index` of `game` (-1: the first not solved)
    toggle_help,  // help beside the board, or not
    open_help,
    review,    // the finished game under the result card, with the analysis
    play,      // a person's turn, `move` (in a lesson or puzzle the coach judges it first)
    mistakes,  // Learn from your mistakes: task `index` (-1: the first not solved)
  };
  Kind kind = Kind::none;
  std::optional<GameKind> game;
  std::optional<Opponent> opponent;
  Coach::Mode mode = Coach::Mode::lesson;
  int index = -1;
  Move move{};
  bool end_task = false;  // leave the lesson or puzzle open first (its game is put back)

  // Takes `other` when it asks for something (the later click wins).
  void take(const Request& other) {
    if (other.kind != Kind::none) *this = other;
  }

  static Request turn(const Move& move) {
    Request request;
    request.kind = Kind::play;
    request.move = move;
    return request;
  }
};

// --- parts every panel uses (panels.cpp) ---

// Touch: Confirm / Cancel for the tapped point, Zoom out on a zoomed board; otherwise (with
// `hint`) a line saying what a tap does.
Request touch_actions(const Session& session, Ui& ui, bool hint);
// Opens the side panel's child window ("panel", "task", "mistakes") over [panel_min, panel_max]
// with the panels' padding; the caller ends it with ImGui::EndChild().
void begin_panel(const char* id, ImVec2 panel_min, ImVec2 panel_max);
// The tapped point, played: a person's turn when the board takes one (and the preview goes).
Request confirm_preview(const Session& session, Ui& ui);
// A diagram's or a review's navigation: first, previous, "n / N", next, last.
void navigation_bar(Session& session, Ui& ui);
// Confirm N: the turn of the points picked so far (Looper's ballot; none picked: disabled).
Request confirm_picks_button(const Session& session, Ui& ui);

// --- the side panel (panels.cpp) ---

// What the side panel keeps between frames.
struct SidePanel {
  ImVec2 min{0, 0};                 // where it begins (the questions open over it, not over the board)
  Point shown_preview = no_point;   // the touch preview it last showed (a new one scrolls it up)
  bool result_dismissed = false;    // Review closed the result card: the finished game shows
  bool pass_requested = false;      // open the pass question (at the top level of the frame)
  std::string pass_warning;         // what the open pass question says
  bool resign_requested = false;    // open the resign question
  std::vector<std::string> recent;  // the page's recent games, one label each
  long recent_read_frame = -1;      // when `recent` was read; -1: read it when shown
};

// The panel over [min, max], top to bottom: the touch row, the navigation (a diagram, a review),
// the top bar, the result card (`result_shown`), players, the status line, the action bar, the
// count, the folded sections, the move list.
Request side_panel(Session& session, Ui& ui, SidePanel& panel, bool result_shown, ImVec2 panel_min,
                   ImVec2 panel_max);
// The review, when the session has one (review_panel.cpp): progress and Stop, accuracy, the
// graph of the chances, the verdict on the move shown and the better line, the turning points,
// next / previous mistake, and Learn from your mistakes when the review has the people's.
Request review_section(Session& session, Ui& ui);
// Its parts, top to bottom.
Request top_bar(const Session& session, Ui& ui);
void players_section(Session& session, const Ui& ui);
void status_line(Session& session, Ui& ui, SidePanel& panel, bool result_shown);
Request action_bar(Session& session, Ui& ui, SidePanel& panel);
void score_section(const Session& session, const Ui& ui, bool result_shown);
void save_and_share(Session& session, Ui& ui);
void view_settings(const Session& session, Ui& ui);
void recent_games(Ui& ui, SidePanel& panel);
void move_list(Session& session, Ui& ui);
// The questions before a pass that ends a phase or the game, and before resigning, over the
// panel (call at the top level of the frame; they open when the action bar asks).
Request pass_question(const Session& session, Ui& ui, SidePanel& panel);
Request resign_question(const Session& session, Ui& ui, SidePanel& panel);

// The words: a player ("Black: You", "White: Bot, level 3 (Casual)"), and the position for a
// screen reader (the last move, whose turn or the result, the score).
std::string player_label(const Session& session, int player);
std::string position_sentence(const Session& session);

// --- the new-game dialog (new_game.cpp) ---

struct NewGameDialog {
  NewGameChoice draft;     // what was picked here (nothing is taken from the last game's roles)
  bool open = false;       // shown (the popup is open, or opens in the next frame)
  bool requested = false;  // open the popup at the top level of the next frame
  float height = 400;      // the choices in the last frame, CSS px
  std::string name;        // a game by link: the name the links are signed with (remembered)
  bool name_read = false;  // `name` was read from the page's storage
};

// Opens the dialog on `kind` with `opponent` picked (a home card), or on the game on the board
// (none; from the home screen: the game drafted last).
void open_new_game(NewGameDialog& dialog, const AnyGame& game, bool from_home,
                   std::optional<GameKind> kind = std::nullopt,
                   std::optional<Opponent> opponent = std::nullopt);
// The dialog, when open (call at the top level of the frame). True when Start began the drafted
// game; a refused one leaves the session's message.
bool new_game_dialog(Session& session, Ui& ui, NewGameDialog& dialog);

// --- the embed toolbar (embed_panel.cpp) ---

// Embedded: the toolbar's height for a frame `width` wide (one row, two on a narrow touch
// screen; a diagram's: one size), and the toolbar over [min, max] with its menu.
float embed_toolbar_height(const Ui& ui, float width);
Request embed_toolbar(Session& session, Ui& ui, ImVec2 bar_min, ImVec2 bar_max);

// --- the home screen and the result card (home.cpp) ---

// The home cards' sample positions, made when first drawn.
struct HomeScreen {
  std::vector<std::optional<AnyGame>> samples;  // by the game's index in the table
  std::vector<BoardView> views;
  std::vector<std::string> link_games;      // the page's games by link, one label each
  long link_games_frame = -1;               // when they were read (again once a second)
  int mistakes = 0, mistakes_unsolved = 0;  // Learn from your mistakes: the tasks, those not solved
  int drawn_frame = -2;  // the last frame it was drawn: the next after a gap opens at the top
};

// The chooser over the whole window `size`: a card per game, and Resume when a game is under
// way.
Request home_screen(const Session& session, Ui& ui, HomeScreen& home, ImVec2 size);
// At the top of the side panel when a game ends: who won and why, the count, Rematch (through
// the session), New game, Review, Home.
Request result_card(Session& session, Ui& ui);
// --- a lesson or puzzle beside the board (task_panel.cpp) ---

// The panel over [min, max] while `coach` has a task open: the task, the coach's words, Hint,
// Show me, Try again, the turns the task needs, Previous, Next, the list.
Request task_panel(Session& session, Ui& ui, Coach& coach, ImVec2 min, ImVec2 max);
// Learn from your mistakes beside the board (mistakes_panel.cpp): the task, what the trainer
// said, Hint, Show me and its line, Try again, Next task, the progress.
Request mistakes_panel(Session& session, Ui& ui, MistakeTrainer& trainer, ImVec2 min, ImVec2 max);

// A problem in an embedded frame (the page's mode=problem): the task and what the coach said of
// the last turn over Show me, Try again and the turns the task needs, under the board.
float problem_bar_height(const Session& session, const Coach& coach, const Ui& ui, float width, float height);
Request problem_bar(Session& session, Ui& ui, Coach& coach, ImVec2 min, ImVec2 max);

// The colour of a result's words for the person here: good when they won, bad when they lost.
ImVec4 outcome_color(const Session& session, const Ui& ui);

}  // namespace stonegrid::web
