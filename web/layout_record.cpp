// ImGui's item hooks feed the recorder; the recorder turns ImGui's windows into layout items
// as the first thing in each is recorded. A control's label is cut off when it is wider than
// the control leaves room for (a button's frame padding, a checkbox's box), or when the control
// leaves the window's clip rectangle sideways.
#include "layout_record.h"

#include <algorithm>
#include <cfloat>

#include "imgui_internal.h"

namespace stonegrid::web {

namespace {

LayoutRect to_rect(ImVec2 min, ImVec2 max) {
  return LayoutRect{min.x, min.y, max.x - min.x, max.y - min.y};
}

// "board/panel_8C1A2B3D" -> "panel": a child window's own name.
std::string window_label(const char* name) {
  std::string_view text = name;
  if (const size_t slash = text.rfind('/'); slash != std::string_view::npos) text = text.substr(slash + 1);
  if (const size_t mark = text.find("##"); mark != std::string_view::npos) text = text.substr(0, mark);
  if (text.size() > 9 && text[text.size() - 9] == '_') text = text.substr(0, text.size() - 9);
  return std::string(text);
}

// Whether [min, max] leaves the current clip rectangle: sideways always, vertically only when
// the window does not scroll.
bool cut_off(ImVec2 min, ImVec2 max, bool scrolls) {
  const ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 clip_min = draw->GetClipRectMin(), clip_max = draw->GetClipRectMax();
  const bool visible = max.x > clip_min.x && min.x < clip_max.x && max.y > clip_min.y && min.y < clip_max.y;
  if (!visible) return false;  // wholly outside: the audit's "outside" and "offscreen" say so
  const float slack = 0.5f;
  const bool sideways = min.x < clip_min.x - slack || max.x > clip_max.x + slack;
  const bool down = min.y < clip_min.y - slack || max.y > clip_max.y + slack;
  return sideways || (down && !scrolls);
}

// Whether the window's content scrolls: it did in the last frame, or what it holds now reaches
// past it (ImGui sets the scroll range from the last frame's content).
bool window_scrolls(const ImGuiWindow* window) {
  if (window->Flags & ImGuiWindowFlags_NoScrollWithMouse) return false;
  return window->ScrollMax.y > 0 || window->Scroll.y > 0 ||
         window->DC.CursorMaxPos.y > window->InnerRect.Max.y + 0.5f;
}

}  // namespace

LayoutRecorder& layout_recorder() {
  static LayoutRecorder recorder;
  return recorder;
}

void LayoutRecorder::begin_frame(ImVec2 viewport) {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  g.TestEngineHookItems = true;
  recording_ = true;
  current_ = Layout{};
  current_.width = viewport.x;
  current_.height = viewport.y;
  windows_.clear();
  groups_.clear();
  added_id_ = 0;
}

void LayoutRecorder::end_frame(std::string screen) {
  recording_ = false;
  for (const auto& [window, index] : windows_) current_.items[index].scrolls = window_scrolls(window);
  current_.screen = std::move(screen);
  last_ = std::move(current_);
}

int LayoutRecorder::add(LayoutItem item) {
  current_.items.push_back(std::move(item));
  return static_cast<int>(current_.items.size()) - 1;
}

int LayoutRecorder::window_item(ImGuiWindow* window) {
  for (const auto& [w, index] : windows_)
    if (w == window) return index;
  int parent = -1;
  const bool child =
      (window->Flags & ImGuiWindowFlags_ChildWindow) && !(window->Flags & ImGuiWindowFlags_Popup);
  if (child && window->ParentWindow) parent = window_item(window->ParentWindow);
  LayoutItem item;
  item.kind = ItemKind::window;
  item.label = window_label(window->Name);
  item.rect = to_rect(window->Pos, ImVec2(window->Pos.x + window->Size.x, window->Pos.y + window->Size.y));
  item.parent = parent;
  item.scrolls = window_scrolls(window);
  const int index = add(std::move(item));
  windows_.emplace_back(window, index);
  return index;
}

int LayoutRecorder::container() {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  for (auto it = groups_.rbegin(); it != groups_.rend(); ++it)
    if (it->first == window) return it->second;
  return window_item(window);
}

void LayoutRecorder::begin_group(ItemKind kind, std::string label, ImVec2 min, ImVec2 max, bool movable) {
  if (!recording_) return;
  LayoutItem item;
  item.kind = kind;
  item.label = std::move(label);
  item.rect = to_rect(min, max);
  item.parent = container();
  item.movable = movable;
  groups_.emplace_back(ImGui::GetCurrentWindow(), add(std::move(item)));
}

int LayoutRecorder::end_group() {
  if (!recording_ || groups_.empty()) return -1;
  const int item = groups_.back().second;
  groups_.pop_back();
  return item;
}

void LayoutRecorder::resize(int item, ImVec2 min, ImVec2 max) {
  if (recording_ && item >= 0 && item < static_cast<int>(current_.items.size()))
    current_.items[item].rect = to_rect(min, max);
}

void LayoutRecorder::window_is_overlay(bool movable) {
  if (!recording_) return;
  LayoutItem& item = current_.items[window_item(ImGui::GetCurrentWindow())];
  item.kind = ItemKind::overlay;
  item.movable = movable;
}

void LayoutRecorder::board(ImVec2 min, ImVec2 max) {
  if (!recording_) return;
  LayoutItem item;
  item.kind = ItemKind::board;
  item.label = "board";
  item.rect = to_rect(min, max);
  item.parent = container();
  add(std::move(item));
}

void LayoutRecorder::text(std::string_view text, ImVec2 min, ImVec2 max, float px) {
  if (!recording_ || text.empty()) return;
  LayoutItem item;
  item.kind = ItemKind::text;
  item.label = std::string(text);
  item.rect = to_rect(min, max);
  item.parent = container();
  item.px = px;
  item.clipped = cut_off(min, max, window_scrolls(ImGui::GetCurrentWindow()));
  add(std::move(item));
}

void LayoutRecorder::item_added(ImGuiID id, ImVec2 min, ImVec2 max) {
  added_id_ = id;
  added_min_ = min;
  added_max_ = max;
}

void LayoutRecorder::item_info(ImGuiID id, const char* label, int status_flags) {
  if (!recording_ || id != added_id_) return;
  const ImGuiStyle& style = ImGui::GetStyle();
  const char* end = ImGui::FindRenderedTextEnd(label);
  const float label_width = ImGui::CalcTextSize(label, end).x;
  const float width = added_max_.x - added_min_.x;
  // A checkbox or radio button draws its box, then the label; other controls pad it both sides.
  const float room = status_flags & ImGuiItemStatusFlags_Checkable
                         ? width - ImGui::GetFrameHeight() - style.ItemInnerSpacing.x
                         : width - 2 * style.FramePadding.x;
  // (A selectable reaches half the item spacing into the window's padding, where the clip
  // rectangle may end: only its label must be inside.)
  const float inset = style.ItemSpacing.x * 0.5f + 1;
  LayoutItem item;
  item.kind = ItemKind::button;
  item.label = std::string(label, end);
  // A selectable's row reaches half the item spacing into the window's padding, past its edge
  // where the padding is thin: the row as the window shows it.
  const ImGuiWindow* window = ImGui::GetCurrentWindow();
  const ImVec2 reach(inset, style.ItemSpacing.y * 0.5f + 1);
  const ImVec2 window_min = window->Pos,
               window_max(window->Pos.x + window->Size.x, window->Pos.y + window->Size.y);
  const ImVec2 min(std::min(std::max(added_min_.x, window_min.x), added_min_.x + reach.x),
                   std::min(std::max(added_min_.y, window_min.y), added_min_.y + reach.y));
  const ImVec2 max(std::max(std::min(added_max_.x, window_max.x), added_max_.x - reach.x),
                   std::max(std::min(added_max_.y, window_max.y), added_max_.y - reach.y));
  item.rect = to_rect(min, max);
  item.parent = container();
  item.px = ImGui::GetFontSize();
  item.clipped = label_width > room + 1 || cut_off(ImVec2(added_min_.x + inset, added_min_.y),
                                                   ImVec2(added_max_.x - inset, added_max_.y), true);
  add(std::move(item));
}

// --- recorded text ---------------------------------------------------------------------------

void ui_text(std::string_view text) {
  ImGui::TextUnformatted(text.data(), text.data() + text.size());
  layout_recorder().text(text, ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), ImGui::GetFontSize());
}

void ui_text_colored(const ImVec4& color, std::string_view text) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  ui_text(text);
  ImGui::PopStyleColor();
}

void ui_muted(std::string_view text) {
  ui_text_colored(ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), text);
}

void draw_text(ImDrawList* draw, ImFont* font, float size, ImVec2 at, ImU32 color, std::string_view text,
               float wrap_width) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  draw->AddText(font, size, at, color, begin, end, wrap_width);
  const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, wrap_width, begin, end);
  layout_recorder().text(text, at, ImVec2(at.x + extent.x, at.y + extent.y), size);
}

}  // namespace stonegrid::web

// --- ImGui's hooks (imgui_internal.h, IMGUI_ENABLE_TEST_ENGINE) --------------------------------

void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, const ImRect& bb, ImGuiID id) {
  stonegrid::web::layout_recorder().item_added(id, bb.Min, bb.Max);
}
void ImGuiTestEngineHook_ItemInfo(ImGuiContext*, ImGuiID id, const char* label, ImGuiItemStatusFlags flags) {
  stonegrid::web::layout_recorder().item_info(id, label, flags);
}
void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}
const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) {
  return nullptr;
}
