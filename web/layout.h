// What one frame drew, as data, and the rules a drawn screen keeps (../shared/UX.md, "Rules the
// screens keep"). The recorder (layout_record.h) fills a `Layout` while the app draws: every
// window, card, button, text run, overlay and the board, with its rectangle in CSS pixels and
// the item it belongs to. `audit_layout` then says what a person would find wrong with it:
// clipped text, overlapping controls, an item outside its card or off the screen, text too
// small to read, an overlay over the board that cannot be moved away.
//
// Plain C++ (no ImGui): the page hands the record to its tests as JSON (`stonegrid.layout()`,
// `stonegrid.layoutAudit()`), and the rules are doctested here on records made by hand.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace stonegrid::web {

struct LayoutRect {
  float x = 0, y = 0, w = 0, h = 0;
  float right() const { return x + w; }
  float bottom() const { return y + h; }
};

enum class ItemKind { window, card, button, text, overlay, board };
std::string_view item_kind_name(ItemKind kind);

struct LayoutItem {
  ItemKind kind = ItemKind::text;
  std::string label;     // the text shown (a button's label, a text run, a window's name)
  LayoutRect rect;       // where it was laid out, whole (also the part not shown)
  int parent = -1;       // an index into `Layout::items`, or -1 for the screen
  bool clipped = false;  // part of it was cut off by its container's edge
  float px = 0;          // the font size, CSS pixels (text and buttons)
  bool scrolls = false;  // a window or card whose content scrolls: what lies outside it is reached
  bool movable = false;  // an overlay the person can move or fold away
};

struct Layout {
  std::string screen;           // the app's screen name: "home", "game", "result", "lesson", ...
  float width = 0, height = 0;  // the viewport, CSS pixels
  std::vector<LayoutItem> items;
};

// The record as JSON: {"screen", "viewport": {"w", "h"}, "items": [{"kind", "label", "rect":
// {"x", "y", "w", "h"}, "parent", "clipped", "px", "scrolls", "movable"}]}.
std::string layout_json(const Layout& layout);

// One thing wrong with a screen. `rule` is one of "clipped", "overlap", "outside", "offscreen",
// "small", "covers-board"; `item` (and `other` for an overlap) index the layout's items.
struct LayoutProblem {
  std::string rule;
  int item = -1, other = -1;
  std::string text;  // in words, naming the items
};

// Text under this size (CSS px) is too small to read on a phone.
inline constexpr float smallest_text = 11;
// An overlay may hide at most this share of the board unless it can be moved away.
inline constexpr float most_board_hidden = 0.1f;

std::vector<LayoutProblem> audit_layout(const Layout& layout);
std::string layout_problems_json(const std::vector<LayoutProblem>& problems);

}  // namespace stonegrid::web
