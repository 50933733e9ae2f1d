// The help page: one screen per game in plain words (help_text.h: the goal, a turn, the one
// surprising rule, the end and the count, the measured balance, a first plan), with pictures
// the engine builds and the renderer of the main board draws, one at a time, and a "Try the
// lesson" button at the end. A last page lists the keys and buttons.
//
// The page never hides the board it talks about: the app gives it a rectangle beside the board
// (landscape) or below it (portrait) and calls `draw` inside its own window, or — until the
// panel makes room for it — calls `window`, which puts the page in a window of its own over the
// rectangle it is given (the side panel's).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "board_view.h"
#include "help_text.h"

namespace stonegrid::web {

struct HelpBoards;  // the pictures, built when the page is first drawn

// What the page needs from the app each frame.
struct HelpContext {
  GameKind
      game;      // the game on the board (GameKind's default: Go): its page is shown unless another is chosen
  int size = 9;  // the board's size: the balance figures of its game's page are for it
  BoardStyle style{};
  bool large_targets = false;  // touch: controls a finger can hit
};

// A control the page drew in the last frame, for the app's `control` (tests, the page's API).
struct HelpControl {
  std::string name;
  ImVec2 min, max;
};

class Help {
 public:
  Help();
  ~Help();
  bool open = false;
  // A page to bring forward: 0 Loose, 1 Go, 2 Looper, 3 Square Squared, 4 keys and buttons; -1
  // keeps the choice (at first: the game on the board).
  int page = -1;
  // Set when the player pressed "Try the lesson": the game whose lesson to open. The app acts on
  // it and clears it.
  std::optional<GameKind> lesson_requested;

  // Draws the page inside [min, max] as a child of the current ImGui window; it scrolls only
  // when the rectangle is too small for it.
  void draw(const HelpContext& context, ImVec2 min, ImVec2 max);
  // The page in a window of its own covering [min, max]: for the app until its panel hosts `draw`.
  void window(const HelpContext& context, ImVec2 min, ImVec2 max);
  // The controls drawn in the last `draw`: "Help page" (the whole rectangle), "Help: game",
  // "Help: Close", "Help: previous picture", "Help: next picture", "Try the lesson".
  const std::vector<HelpControl>& controls() const { return controls_; }

 private:
  void header(int shown);
  void game_page(const HelpContext& context, const HelpPage& page);
  void pictures(const HelpContext& context, const HelpPage& page);
  void note(const char* name);

  std::unique_ptr<HelpBoards> boards_;
  int chosen_ = -1;           // the page picked in the page's own menu; -1: the game played
  std::vector<int> picture_;  // the picture shown on each page of help_pages()
  std::vector<HelpControl> controls_;
};

}  // namespace stonegrid::web
