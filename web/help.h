// The help window: each game's rules in short, with live mini-boards for the key examples. A
// mini-board is a small `AnyGame` set up from stones and moves (the same engine decides what
// happens) and drawn by the same renderer as the main board.
#pragma once

#include <memory>

#include "board_view.h"

namespace stonegrid::web {

struct HelpBoards;  // the mini-boards, built when the window first opens

class Help {
 public:
  Help();
  ~Help();
  bool open = false;
  int page = -1;  // a tab to bring forward: 0 Loose, 1 Go, 2 Looper, 3 Square Squared, 4 controls
  // `large_targets`: a Close button a finger can hit, beside the title bar's small cross.
  void window(const BoardStyle& style, bool large_targets = false);

 private:
  std::unique_ptr<HelpBoards> boards_;
};

}  // namespace stonegrid::web
