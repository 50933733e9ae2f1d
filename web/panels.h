// The panels: free functions that draw over the session (session.h) and the panels' shared
// state (`Ui`, ui.h), each with a small state of its own where it needs one. They read the game
// every frame and keep no copy of it. Input goes back through the session; what only the app can
// do (change the screen, start a lesson) comes back as a return value the app acts on.
//
// Files: new_game.cpp (the new-game dialog), home.cpp (the home screen, the result card).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "coach.h"
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
    review,  // the finished game under the result card, with the analysis
  };
  Kind kind = Kind::none;
  std::optional<GameKind> game;
  std::optional<Opponent> opponent;
  Coach::Mode mode = Coach::Mode::lesson;
  int index = -1;
  bool end_task = false;  // leave the lesson or puzzle open first (its game is put back)
};

// --- the new-game dialog (new_game.cpp) ---

struct NewGameDialog {
  NewGameChoice draft;     // what was picked here (nothing is taken from the last game's roles)
  bool open = false;       // shown (the popup is open, or opens in the next frame)
  bool requested = false;  // open the popup at the top level of the next frame
  float height = 400;      // the choices in the last frame, CSS px
};

// Opens the dialog on `kind` with `opponent` picked (a home card), or on the game on the board
// (none; from the home screen: the game drafted last).
void open_new_game(NewGameDialog& dialog, const AnyGame& game, bool from_home,
                   std::optional<GameKind> kind = std::nullopt,
                   std::optional<Opponent> opponent = std::nullopt);
// The dialog, when open (call at the top level of the frame). True when Start began the drafted
// game; a refused one leaves the session's message.
bool new_game_dialog(Session& session, Ui& ui, NewGameDialog& dialog);

// --- the home screen and the result card (home.cpp) ---

// The home cards' sample positions, made when first drawn.
struct HomeScreen {
  std::vector<std::optional<AnyGame>> samples;  // by the game's index in the table
  std::vector<BoardView> views;
};

// The chooser over the whole window `size`: a card per game, and Resume when a game is under
// way.
Request home_screen(const Session& session, Ui& ui, HomeScreen& home, ImVec2 size);
// At the top of the side panel when a game ends: who won and why, the count, Rematch (through
// the session), New game, Review, Home.
Request result_card(Session& session, Ui& ui);
// The colour of a result's words for the person here: good when they won, bad when they lost.
ImVec4 outcome_color(const Session& session, const Ui& ui);

}  // namespace stonegrid::web
