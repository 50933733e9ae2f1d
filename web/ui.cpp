// The panels' shared state: named controls and the few helpers every panel uses.
#include "ui.h"

namespace stonegrid::web {

bool Ui::large_targets() const {
  return touch || ImGui::GetIO().DisplaySize.x < 520;
}

ImVec2 Ui::list_row() const {
  return ImVec2(0, large_targets() ? touch_target - ImGui::GetStyle().ItemSpacing.y : 0);
}

void Ui::note_control(const std::string& name) {
  note_rect(name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

void Ui::note_rect(const std::string& name, ImVec2 min, ImVec2 max) {
  controls[name] = ControlRect{min, max, frames};
}

bool Ui::button(const char* label, const char* name, ImVec2 size) {
  bool pressed = ImGui::Button(label, size);
  if (name) {
    note_control(name);
  } else {
    std::string text = label;
    note_control(text.substr(0, text.find("##")));
  }
  return pressed;
}

const ControlRect* Ui::control(const std::string& name) const {
  auto it = controls.find(name);
  return it != controls.end() && it->second.frame == frames - 1 ? &it->second : nullptr;
}

std::vector<std::string> Ui::control_names() const {
  std::vector<std::string> names;
  for (const auto& [name, rect] : controls)
    if (rect.frame == frames - 1) names.push_back(name);
  return names;
}

void same_line_if_fits(const char* next, bool box) {
  const ImGuiStyle& style = ImGui::GetStyle();
  float width = ImGui::CalcTextSize(next, nullptr, true).x +
                (box ? ImGui::GetFrameHeight() + style.ItemInnerSpacing.x : style.FramePadding.x * 2);
  float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + width <= right) ImGui::SameLine();
}

void view_move(Session& session, Ui& ui, int moves) {
  session.view_move(moves);
  ui.preview = no_point;
  ui.scroll_moves = true;
}

}  // namespace stonegrid::web
