// The doctest runner shared by every tests/test_*.cpp file. It first registers the test-only
// fifth game, Capture Go (tests/capture_go.h), so every loop over game_kinds() plays it too: a
// game added to the table reaches each of them without a line changed.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "bot/game_type_of.h"
#include "capture_go.h"

int main(int argc, char** argv) {
  stonegrid::register_game(stonegrid::type_of<stonegrid::testing::CaptureGo>());
  return doctest::Context(argc, argv).run();
}
