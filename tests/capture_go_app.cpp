// The desktop app with the test-only fifth game, Capture Go (tests/capture_go.h), in its table
// (stonegrid-desktop-fifth, cmake/desktop.cmake): linked into the app's own objects, this file
// registers the game before main() runs, as tests/main.cpp does for the doctest runner. The
// test fifth-game-screens (tests/fifth_game.cmake) draws its home card and a game of it.
#include "bot/game_type_of.h"
#include "capture_go.h"

namespace {

[[maybe_unused]] const stonegrid::GameKind capture_go =
    stonegrid::register_game(stonegrid::type_of<stonegrid::testing::CaptureGo>());

}  // namespace
