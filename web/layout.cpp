// The layout record as JSON, and the audit's rules. Each rule is a small function over the
// items; they share the idea of an item's "window" (the nearest window or overlay above it:
// things in different windows may lie over each other, a popup over the panel) and of a
// container that scrolls (what leaves it vertically is reached by scrolling, not lost).
#include "layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace stonegrid::web {

namespace {

// Half a pixel of rounding either way is not a problem anyone sees.
constexpr float slack = 0.5f;

std::string json_text(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string number(float x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", std::isfinite(x) ? x : 0.0f);
  return text;
}

std::string rect_json(const LayoutRect& r) {
  return "{\"x\":" + number(r.x) + ",\"y\":" + number(r.y) + ",\"w\":" + number(r.w) +
         ",\"h\":" + number(r.h) + "}";
}

bool contains(const LayoutRect& outer, const LayoutRect& inner, bool vertically) {
  const bool across = inner.x >= outer.x - slack && inner.right() <= outer.right() + slack;
  const bool down = inner.y >= outer.y - slack && inner.bottom() <= outer.bottom() + slack;
  return across && (down || !vertically);
}

float overlap_area(const LayoutRect& a, const LayoutRect& b) {
  const float w = std::min(a.right(), b.right()) - std::max(a.x, b.x);
  const float h = std::min(a.bottom(), b.bottom()) - std::max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

// "the button "Puzzles"": how a problem names an item.
std::string describe(const Layout& layout, int i) {
  const LayoutItem& item = layout.items[i];
  std::string label = item.label.size() > 60 ? item.label.substr(0, 57) + "..." : item.label;
  return "the " + std::string(item_kind_name(item.kind)) + " \"" + label + "\"";
}

// The nearest window or overlay that holds item `i` (itself when it is one), or -1.
int window_of(const Layout& layout, int i) {
  for (int at = layout.items[i].parent; at >= 0; at = layout.items[at].parent) {
    const ItemKind kind = layout.items[at].kind;
    if (kind == ItemKind::window || kind == ItemKind::overlay) return at;
  }
  return -1;
}

// Whether something from item `i` up to the screen scrolls.
bool scrolled_by_ancestor(const Layout& layout, int i) {
  for (int at = layout.items[i].parent; at >= 0; at = layout.items[at].parent)
    if (layout.items[at].scrolls) return true;
  return false;
}

bool is_words(const LayoutItem& item) {
  return item.kind == ItemKind::text || item.kind == ItemKind::button;
}

void check_clipped(const Layout& layout, std::vector<LayoutProblem>& out) {
  for (int i = 0; i < static_cast<int>(layout.items.size()); ++i)
    if (layout.items[i].clipped && is_words(layout.items[i]))
      out.push_back({"clipped", i, -1, describe(layout, i) + " is cut off at its container's edge"});
}

void check_small(const Layout& layout, std::vector<LayoutProblem>& out) {
  for (int i = 0; i < static_cast<int>(layout.items.size()); ++i) {
    const LayoutItem& item = layout.items[i];
    if (is_words(item) && item.px > 0 && item.px < smallest_text - 0.01f)
      out.push_back({"small", i, -1, describe(layout, i) + " is " + number(item.px) + " px, under 11"});
  }
}

// Two buttons or text runs in the same window drawn over each other.
void check_overlap(const Layout& layout, std::vector<LayoutProblem>& out) {
  const int n = static_cast<int>(layout.items.size());
  for (int i = 0; i < n; ++i) {
    if (!is_words(layout.items[i])) continue;
    for (int j = i + 1; j < n; ++j) {
      if (!is_words(layout.items[j]) || window_of(layout, i) != window_of(layout, j)) continue;
      if (overlap_area(layout.items[i].rect, layout.items[j].rect) > 2)
        out.push_back({"overlap", i, j, describe(layout, i) + " and " + describe(layout, j) + " overlap"});
    }
  }
}

// An item leaves its container (vertically too, unless the container scrolls); a window or
// overlay with no container, or an item in one, must stay on the screen.
void check_outside(const Layout& layout, std::vector<LayoutProblem>& out) {
  const LayoutRect screen{0, 0, layout.width, layout.height};
  for (int i = 0; i < static_cast<int>(layout.items.size()); ++i) {
    const LayoutItem& item = layout.items[i];
    if (item.parent >= 0) {
      const LayoutItem& parent = layout.items[item.parent];
      if (!contains(parent.rect, item.rect, !parent.scrolls))
        out.push_back(
            {"outside", i, item.parent, describe(layout, i) + " leaves " + describe(layout, item.parent)});
    }
    if (!contains(screen, item.rect, !scrolled_by_ancestor(layout, i)))
      out.push_back({"offscreen", i, -1, describe(layout, i) + " is off the screen"});
  }
}

// An overlay over the board hides at most a tenth of it, unless the person can move it away.
void check_board_hidden(const Layout& layout, std::vector<LayoutProblem>& out) {
  for (int b = 0; b < static_cast<int>(layout.items.size()); ++b) {
    const LayoutItem& board = layout.items[b];
    if (board.kind != ItemKind::board || board.rect.w * board.rect.h <= 0) continue;
    for (int i = 0; i < static_cast<int>(layout.items.size()); ++i) {
      const LayoutItem& item = layout.items[i];
      if (item.kind != ItemKind::overlay || item.movable) continue;
      const float share = overlap_area(board.rect, item.rect) / (board.rect.w * board.rect.h);
      if (share > most_board_hidden)
        out.push_back({"covers-board", i, b,
                       describe(layout, i) + " hides " +
                           std::to_string(static_cast<int>(share * 100 + 0.5f)) +
                           " % of the board and cannot be moved"});
    }
  }
}

}  // namespace

std::string_view item_kind_name(ItemKind kind) {
  switch (kind) {
    case ItemKind::window:
      return "window";
    case ItemKind::card:
      return "card";
    case ItemKind::button:
      return "button";
    case ItemKind::text:
      return "text";
    case ItemKind::overlay:
      return "overlay";
    case ItemKind::board:
      return "board";
  }
  return "item";
}

std::string layout_json(const Layout& layout) {
  std::string out = "{\"screen\":" + json_text(layout.screen) +
                    ",\"viewport\":{\"w\":" + number(layout.width) + ",\"h\":" + number(layout.height) +
                    "},\"items\":[";
  for (size_t i = 0; i < layout.items.size(); ++i) {
    const LayoutItem& item = layout.items[i];
    out += (i ? ",{\"kind\":" : "{\"kind\":") + json_text(item_kind_name(item.kind)) +
           ",\"label\":" + json_text(item.label) + ",\"rect\":" + rect_json(item.rect) +
           ",\"parent\":" + std::to_string(item.parent) +
           ",\"clipped\":" + (item.clipped ? "true" : "false") + ",\"px\":" + number(item.px) +
           ",\"scrolls\":" + (item.scrolls ? "true" : "false") +
           ",\"movable\":" + (item.movable ? "true" : "false") + "}";
  }
  return out + "]}";
}

std::vector<LayoutProblem> audit_layout(const Layout& layout) {
  std::vector<LayoutProblem> problems;
  check_clipped(layout, problems);
  check_overlap(layout, problems);
  check_outside(layout, problems);
  check_small(layout, problems);
  check_board_hidden(layout, problems);
  return problems;
}

std::string layout_problems_json(const std::vector<LayoutProblem>& problems) {
  std::string out = "[";
  for (size_t i = 0; i < problems.size(); ++i) {
    const LayoutProblem& p = problems[i];
    out += (i ? ",{\"rule\":" : "{\"rule\":") + json_text(p.rule) + ",\"item\":" + std::to_string(p.item) +
           ",\"other\":" + std::to_string(p.other) + ",\"text\":" + json_text(p.text) + "}";
  }
  return out + "]";
}

}  // namespace stonegrid::web
