// Widget states take the palette's colours one to one: frames and headers share the secondary
// button's three states (text on each of them is in palette.h's tested pairs), windows and popups
// are the panel. Everything is opaque, so the contrast measured is the contrast drawn.
#include "style.h"

#include <algorithm>

#include "layout_record.h"

namespace stonegrid::web {

namespace {

void set_colors(ImGuiStyle& style, const UiPalette& p) {
  ImVec4* c = style.Colors;
  c[ImGuiCol_Text] = to_vec4(p.text);
  c[ImGuiCol_TextDisabled] = to_vec4(p.hint);
  c[ImGuiCol_WindowBg] = to_vec4(p.panel);
  c[ImGuiCol_ChildBg] = to_vec4(p.panel, 0.0f);  // a child shows its parent unless it fills itself
  c[ImGuiCol_PopupBg] = to_vec4(p.panel);
  c[ImGuiCol_Border] = to_vec4(p.frame_border);  // windows and frames; separators are fainter
  c[ImGuiCol_BorderShadow] = to_vec4(p.border, 0.0f);
  c[ImGuiCol_FrameBg] = to_vec4(p.frame);
  c[ImGuiCol_FrameBgHovered] = to_vec4(p.button_hover);
  c[ImGuiCol_FrameBgActive] = to_vec4(p.button_active);
  c[ImGuiCol_TitleBg] = to_vec4(p.button);
  c[ImGuiCol_TitleBgActive] = to_vec4(p.button);
  c[ImGuiCol_TitleBgCollapsed] = to_vec4(p.button);
  c[ImGuiCol_MenuBarBg] = to_vec4(p.panel);
  c[ImGuiCol_ScrollbarBg] = to_vec4(p.panel, 0.0f);
  c[ImGuiCol_ScrollbarGrab] = to_vec4(p.button_hover);
  c[ImGuiCol_ScrollbarGrabHovered] = to_vec4(p.button_active);
  c[ImGuiCol_ScrollbarGrabActive] = to_vec4(p.hint);
  c[ImGuiCol_CheckMark] = to_vec4(p.mark);
  c[ImGuiCol_SliderGrab] = to_vec4(p.mark);
  c[ImGuiCol_SliderGrabActive] = to_vec4(p.mark);
  c[ImGuiCol_Button] = to_vec4(p.button);
  c[ImGuiCol_ButtonHovered] = to_vec4(p.button_hover);
  c[ImGuiCol_ButtonActive] = to_vec4(p.button_active);
  c[ImGuiCol_Header] = to_vec4(p.button);
  c[ImGuiCol_HeaderHovered] = to_vec4(p.button_hover);
  c[ImGuiCol_HeaderActive] = to_vec4(p.button_active);
  c[ImGuiCol_Separator] = to_vec4(p.border);
  c[ImGuiCol_SeparatorHovered] = to_vec4(p.mark);
  c[ImGuiCol_SeparatorActive] = to_vec4(p.mark);
  c[ImGuiCol_ResizeGrip] = to_vec4(p.border, 0.0f);
  c[ImGuiCol_ResizeGripHovered] = to_vec4(p.mark);
  c[ImGuiCol_ResizeGripActive] = to_vec4(p.mark);
  c[ImGuiCol_Tab] = to_vec4(p.button);
  c[ImGuiCol_TabHovered] = to_vec4(p.button_hover);
  c[ImGuiCol_TabActive] = to_vec4(p.button_active);
  c[ImGuiCol_TabUnfocused] = to_vec4(p.button);
  c[ImGuiCol_TabUnfocusedActive] = to_vec4(p.button_active);
  c[ImGuiCol_PlotLines] = to_vec4(p.hint);
  c[ImGuiCol_PlotLinesHovered] = to_vec4(p.mark);
  c[ImGuiCol_PlotHistogram] = to_vec4(p.mark);
  c[ImGuiCol_PlotHistogramHovered] = to_vec4(p.mark);
  c[ImGuiCol_TableHeaderBg] = to_vec4(p.button);
  c[ImGuiCol_TableBorderStrong] = to_vec4(p.border);
  c[ImGuiCol_TableBorderLight] = to_vec4(p.border);
  c[ImGuiCol_TableRowBg] = to_vec4(p.panel, 0.0f);
  c[ImGuiCol_TableRowBgAlt] = to_vec4(p.button, 0.5f);
  c[ImGuiCol_TextSelectedBg] = to_vec4(p.mark, 0.35f);
  c[ImGuiCol_DragDropTarget] = to_vec4(p.mark);
  c[ImGuiCol_NavHighlight] = to_vec4(p.mark);
  c[ImGuiCol_NavWindowingHighlight] = to_vec4(p.text, 0.7f);
  c[ImGuiCol_NavWindowingDimBg] = to_vec4(p.background, 0.6f);
  c[ImGuiCol_ModalWindowDimBg] = to_vec4(p.background, 0.6f);
}

}  // namespace

void apply_style(bool light, float scale, float min_target_height) {
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();
  // An 8 px grid: 8 between items, 16 inside windows. Frames (buttons, checkboxes, fields) are
  // 27 px high at the 15 px body size; a button that must be 36 px (UX.md) asks for it by size.
  style.WindowPadding = ImVec2(16, 16);
  style.FramePadding = ImVec2(12, 6);
  style.ItemSpacing = ImVec2(8, 8);
  style.ItemInnerSpacing = ImVec2(8, 4);
  style.CellPadding = ImVec2(8, 4);
  style.SelectableTextAlign = ImVec2(0, 0.5f);  // a tall touch row's text in its middle, not at its top
  style.IndentSpacing = 16;
  style.ScrollbarSize = 12;
  style.GrabMinSize = 12;
  style.WindowRounding = 8;
  style.ChildRounding = 8;
  style.PopupRounding = 8;
  style.FrameRounding = 6;
  style.GrabRounding = 6;
  style.ScrollbarRounding = 6;
  style.TabRounding = 6;
  style.WindowBorderSize = 1;
  style.ChildBorderSize = 0;
  style.PopupBorderSize = 1;
  style.FrameBorderSize = 1;  // an empty checkbox must read as a box
  style.WindowTitleAlign = ImVec2(0.0f, 0.5f);
  style.DisabledAlpha = 0.5f;
  if (min_target_height > 0) {
    style.ItemSpacing = ImVec2(10, 8);
    style.ItemInnerSpacing = ImVec2(8, 6);
    style.ScrollbarSize = 24;
    style.GrabMinSize = 30;
  }
  if (scale != 1.0f) style.ScaleAllSizes(scale);
  // After the scaling: the target is a height on screen, whatever the scale.
  if (min_target_height > 0)
    style.FramePadding.y = std::max(4.0f, (min_target_height - ImGui::GetFontSize()) * 0.5f);
  set_colors(style, ui_palette(light));
}

void push_primary_button(bool light) {
  const UiPalette& p = ui_palette(light);
  ImGui::PushStyleColor(ImGuiCol_Button, to_vec4(p.accent));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, to_vec4(p.accent_hover));
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, to_vec4(p.accent_active));
  ImGui::PushStyleColor(ImGuiCol_Text, to_vec4(p.on_accent));
  ImGui::PushStyleColor(ImGuiCol_Border, to_vec4(p.accent));
}

void pop_primary_button() {
  ImGui::PopStyleColor(5);
}

void wrapped_text_colored(const ImVec4& color, std::string_view text) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  wrapped_text(text);
  ImGui::PopStyleColor();
}

namespace {

// Calls line(first, last) for each line of `text` wrapped at spaces to `width`.
template <class Line>
void wrap_lines(std::string_view text, float width, Line line) {
  const float space = ImGui::CalcTextSize(" ").x;
  size_t line_start = 0, line_end = 0;  // the line being filled: [line_start, line_end)
  float line_width = 0;
  size_t at = 0;
  while (at <= text.size()) {
    size_t end = text.find(' ', at);
    if (end == std::string_view::npos) end = text.size();
    const float word = ImGui::CalcTextSize(text.data() + at, text.data() + end).x;
    if (line_width > 0 && line_width + space + word > width) {
      line(line_start, line_end);
      line_width = 0;
      line_start = at;
    }
    line_width += (line_width > 0 ? space : 0) + word;
    line_end = end;
    at = end + 1;
  }
  line(line_start, line_end);
}

}  // namespace

void wrapped_text(std::string_view text, float wrap_width) {
  const float width = std::max(1.0f, wrap_width > 0 ? wrap_width : ImGui::GetContentRegionAvail().x);
  wrap_lines(text, width, [&](size_t first, size_t last) { ui_text(text.substr(first, last - first)); });
}

int wrapped_lines(std::string_view text, float width) {
  int lines = 0;
  wrap_lines(text, std::max(1.0f, width), [&](size_t, size_t) { ++lines; });
  return lines;
}

}  // namespace stonegrid::web
