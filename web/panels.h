// The panels: free functions that draw over the session (session.h) and the panels' shared
// state (`Ui`, ui.h), each with a small state of its own where it needs one. They read the game
// every frame and keep no copy of it. Input goes back through the session; what only the app can
// do (change the screen, start a lesson) comes back as a return value the app acts on.
//
// Files: new_game.cpp (the new-game dialog).
#pragma once

#include <optional>

#include "ui.h"

namespace stonegrid::web {

// The bot's levels in words: "Beginner" (1) … "Strongest" (10).
const char* level_name(int level);

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

}  // namespace stonegrid::web
