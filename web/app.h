// The application: what one frame shows and does. Platform code (main.cpp) calls `frame()`
// once per tick between ImGui::NewFrame and ImGui::Render. The app draws from the game state
// each frame and keeps no copy of it.
//
// First screen (foundation): a 9×9 board where a click places a stone, alternating colours,
// with no rules yet. The rules capability replaces `FreeBoard` with the real game.
#pragma once

#include <array>

#include "board_view.h"

namespace stonegrid::web {

// Placeholder game until the rules engine is wired in: stones on a 9×9 board, no rules.
struct FreeBoard {
  static constexpr int size = 9;
  std::array<Stone, size * size> stones{};
  Stone next = Stone::black;
  int last_column = -1, last_row = -1;
  int moves = 0;

  Stone at(int column, int row) const { return stones[row * size + column]; }
  bool place(int column, int row);
};

class App {
 public:
  void frame();

  const FreeBoard& board() const { return board_; }
  const BoardView& view() const { return view_; }
  bool place(int column, int row) { return board_.place(column, row); }
  long frames() const { return frames_; }

 private:
  FreeBoard board_;
  BoardView view_;
  long frames_ = 0;
};

}  // namespace stonegrid::web
