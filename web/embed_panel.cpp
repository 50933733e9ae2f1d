// The embed toolbar (the board fills the frame above it; `embed=1`) and its menu. Controls are
// recorded by name with `note_control`, as in the panel. A diagram's toolbar (readonly=1) has
// one control size at every frame width.
#include <algorithm>
#include <string>

#include "app.h"
#include "page_api.h"

namespace stonegrid::web {

namespace {

const char* color_word(Color c) {
  return c == Color::black ? "Black" : c == Color::white ? "White" : "Nobody";
}

// A diagram's controls: `diagram_control` high at every frame width (`touch_target` on touch
// screens), where other toolbars follow the app's style (taller in frames under 520 px).
float diagram_control_height(bool touch) {
  return touch ? touch_target : diagram_control;
}

}  // namespace

float App::embed_toolbar_height(float width) const {
  if (ui_.readonly) return diagram_control_height(ui_.touch) + 12;
  const ImGuiStyle& style = ImGui::GetStyle();
  const bool touch_row = (ui_.touch || ui_.preview != no_point || ui_.view.zoomed()) && !ui_.readonly;
  int rows = touch_row && width < 560 ? 2 : 1;
  return rows * ImGui::GetFrameHeight() + (rows - 1) * style.ItemSpacing.y + 12;
}

// Embedded: one row of buttons under the board (two on a narrow touch screen, the second for
// Confirm / Cancel / Zoom out). A diagram gets its navigation instead of the play buttons.
void App::embed_toolbar(ImVec2 bar_min, ImVec2 bar_max) {
  ImGui::SetCursorScreenPos(bar_min);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8, 6));
  ImGui::BeginChild("toolbar", ImVec2(bar_max.x - bar_min.x, bar_max.y - bar_min.y), false,
                    ImGuiWindowFlags_AlwaysUseWindowPadding | ImGuiWindowFlags_NoScrollbar);
  ImGui::PopStyleVar();
  if (ui_.readonly) {  // one control size (the menu too, which opens from here)
    const float padding = std::max(2.0f, (diagram_control_height(ui_.touch) - ImGui::GetFontSize()) * 0.5f);
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(8, padding));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(8, 6));
  }
  if (ui_.readonly) {
    if (!game().moves().empty()) {  // one position: nothing to step through
      navigation_bar(session_, ui_);
      ImGui::SameLine();
    }
  } else {
    const bool live_turn = !game().state().is_over() && !bot_thinking();
    ImGui::BeginDisabled(game().moves().empty());
    if (ui_.button("Undo")) session_.undo();
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!live_turn);
    if (game().state().phase() == Phase::ballot) {
      apply(confirm_ballot_button(session_, ui_));
      ImGui::SameLine();
      if (ui_.button("Take")) play(Move::take());
      ImGui::SameLine();
    } else if (game().facts().can_pass) {
      if (ui_.button("Pass")) play(Move::pass());
      ImGui::SameLine();
    }
    ImGui::EndDisabled();
  }
  if (ui_.button("Menu")) ImGui::OpenPopup("embed menu");
  if (!ui_.readonly) {
    if (ui_.touch || ui_.preview != no_point || ui_.view.zoomed()) {
      if (bar_max.x - bar_min.x >= 560) ImGui::SameLine();
      apply(touch_actions(session_, ui_, false));
    }
    if (bot_thinking()) {
      ImGui::SameLine();
      if (ui_.button("Move now")) session_.move_now();
    }
  }
  // What the game is at (a diagram: the position shown), when it fits.
  const AnyGame& at = ui_.readonly ? shown() : game();
  std::string status = at.state().is_over() ? (ui_.readonly ? std::string("Game over") : result_sentence())
                       : bot_thinking() && !ui_.readonly ? std::string("Bot is thinking")
                       : at.state().phase() == Phase::ballot
                           ? "Player " + std::to_string(at.state().to_move()) + " to place or take"
                           : std::string(color_word(at.state().color_to_move())) + " to play";
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x > ImGui::CalcTextSize(status.c_str()).x) {
    ImGui::AlignTextToFramePadding();
    ui_text(status);
  } else {
    ImGui::NewLine();
  }
  embed_menu();
  if (ui_.readonly) ImGui::PopStyleVar(2);
  ImGui::EndChild();
}

// The embed toolbar's menu: what the side panel offers beside the board.
void App::embed_menu() {
  if (ImGui::BeginPopup("embed menu")) {
    const ImVec2 wide(std::max(180.0f, ImGui::CalcTextSize("Open the full app").x + 40), 0);
    if (!ui_.readonly && ui_.button("New game##menu", "New game", wide)) {
      open_new_game();
      ImGui::CloseCurrentPopup();
    }
    if (page_has_links() && ui_.button("Copy link##menu", "Copy link", wide)) {
      page_copy_link();
      ImGui::CloseCurrentPopup();
    }
    if (ui_.button("Copy SGF##menu", "Copy SGF", wide)) {
      if (!page_copy_sgf()) ImGui::SetClipboardText(session_.sgf().c_str());
      ImGui::CloseCurrentPopup();
    }
    if (ui_.button("Download image##menu", "Download image", wide)) {
      download_image(session_, ui_);
      ImGui::CloseCurrentPopup();
    }
    if (page_has_links() && ui_.button("Open the full app", nullptr, wide)) {
      page_open_full_app();
      ImGui::CloseCurrentPopup();
    }
    // Help beside the board needs room the frame has not got: it opens in the full app.
    if (ui_.button("Help##menu", "Help", wide)) {
      if (!ui_.embed || !page_open_help(static_cast<int>(game().kind().index()) + 1)) help_.open = true;
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
}

}  // namespace stonegrid::web
