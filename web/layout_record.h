// Records what each frame lays out (layout.h) while the app draws it. ImGui reports every
// control it lays out — buttons, checkboxes, radio buttons, selectables, headers, combos — to
// the recorder through its item hooks (IMGUI_ENABLE_TEST_ENGINE, set for the imgui library in
// cmake/imgui.cmake), with the window it is in. Text runs, cards, overlays and the board are
// recorded by the app itself: text through `ui_text` and `draw_text` below (web/ calls no ImGui
// text function directly: tests/test_layout.cpp checks the sources), the rest through the
// recorder's calls.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "imgui.h"
#include "layout.h"

struct ImGuiWindow;

namespace stonegrid::web {

class LayoutRecorder {
 public:
  // Starts a frame's record: call after ImGui::NewFrame, before the first window.
  void begin_frame(ImVec2 viewport);
  // Ends it under the screen's name; `last()` is that record until the next frame ends.
  void end_frame(std::string screen);
  const Layout& last() const { return last_; }

  // A container the app draws itself in the current window (a card, an overlay drawn on the
  // board, a strip): what is recorded until `end_group` belongs to it.
  void begin_group(ItemKind kind, std::string label, ImVec2 min, ImVec2 max, bool movable = false);
  // Ends the innermost group; returns its item (-1 when not recording).
  int end_group();
  // A group's rectangle once it is known (a card as tall as what was drawn in it).
  void resize(int item, ImVec2 min, ImVec2 max);
  // The current ImGui window is an overlay (the result card), `movable` when the person can
  // move or fold it away.
  void window_is_overlay(bool movable);
  // The board's visible part.
  void board(ImVec2 min, ImVec2 max);
  // A text run laid out from `min` to `max` (its whole extent) at `px` CSS pixels, cut off when
  // it leaves the current clip rectangle (horizontally; vertically too unless it scrolls).
  void text(std::string_view text, ImVec2 min, ImVec2 max, float px);

  // From ImGui's hooks: a control laid out (`info`: with its label).
  void item_added(ImGuiID id, ImVec2 min, ImVec2 max);
  void item_info(ImGuiID id, const char* label, int status_flags);

 private:
  int window_item(ImGuiWindow* window);
  // The innermost group open in the current window, else the window.
  int container();
  int add(LayoutItem item);

  bool recording_ = false;
  Layout current_, last_;
  std::vector<std::pair<ImGuiWindow*, int>> windows_;  // each window's item this frame
  std::vector<std::pair<ImGuiWindow*, int>> groups_;   // the groups open, innermost last
  ImGuiID added_id_ = 0;  // the control `item_added` saw last, awaiting its label
  ImVec2 added_min_, added_max_;
};

// The one recorder, like ImGui's one context.
LayoutRecorder& layout_recorder();

// ImGui::TextUnformatted, recorded.
void ui_text(std::string_view text);
// The same in a colour (the muted colour: `ui_muted`).
void ui_text_colored(const ImVec4& color, std::string_view text);
void ui_muted(std::string_view text);
// ImDrawList::AddText, recorded; `wrap_width` > 0 wraps as ImGui does.
void draw_text(ImDrawList* draw, ImFont* font, float size, ImVec2 at, ImU32 color, std::string_view text,
               float wrap_width = 0);

}  // namespace stonegrid::web
