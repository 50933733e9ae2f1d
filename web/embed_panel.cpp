// The embed toolbar (the board fills the frame above it; `embed=1`) and its menu. Controls are
// recorded by name with `note_control`, as in the panel. A diagram's toolbar (readonly=1) has
// one control size at every frame width.
#include <algorithm>
#include <string>

#include "diagram_mode.h"
#include "layout_record.h"
#include "page_api.h"
#include "panels.h"

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

// The embed toolbar's menu: what the side panel offers beside the board.
Request embed_menu(Session& session, Ui& ui) {
  Request request;
  if (ImGui::BeginPopup("embed menu")) {
    const ImVec2 wide(std::max(180.0f, ImGui::CalcTextSize("Open the full app").x + 40), 0);
    if (!ui.readonly && ui.button("New game##menu", "New game", wide)) {
      request.kind = Request::Kind::new_game;
      ImGui::CloseCurrentPopup();
    }
    if (page_has_links() && ui.button("Copy link##menu", "Copy link", wide)) {
      page_copy_link();
      ImGui::CloseCurrentPopup();
    }
    if (ui.button("Copy SGF##menu", "Copy SGF", wide)) {
      if (!page_copy_sgf()) ImGui::SetClipboardText(session.sgf().c_str());
      ImGui::CloseCurrentPopup();
    }
    if (ui.button("Download image##menu", "Download image", wide)) {
      download_image(session, ui);
      ImGui::CloseCurrentPopup();
    }
    if (page_has_links() && ui.button("Open the full app", nullptr, wide)) {
      page_open_full_app();
      ImGui::CloseCurrentPopup();
    }
    // Help beside the board needs room the frame has not got: it opens in the full app.
    if (ui.button("Help##menu", "Help", wide)) {
      if (!ui.embed || !page_open_help(static_cast<int>(session.game().kind().index()) + 1))
        request.kind = Request::Kind::open_help;
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
  return request;
}

}  // namespace

float embed_toolbar_height(const Ui& ui, float width) {
  if (ui.readonly) return diagram_control_height(ui.touch) + 12;
  const ImGuiStyle& style = ImGui::GetStyle();
  const bool touch_row = (ui.touch || ui.preview != no_point || ui.view.zoomed()) && !ui.readonly;
  int rows = touch_row && width < 560 ? 2 : 1;
  return rows * ImGui::GetFrameHeight() + (rows - 1) * style.ItemSpacing.y + 12;
}

// Embedded: one row of buttons under the board (two on a narrow touch screen, the second for
// Confirm / Cancel / Zoom out). A diagram gets its navigation instead of the play buttons.
Request embed_toolbar(Session& session, Ui& ui, ImVec2 bar_min, ImVec2 bar_max) {
  const AnyGame& game = session.game();
  const bool bot_thinking = session.bot_to_move();
  Request request;
  ImGui::SetCursorScreenPos(bar_min);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8, 6));
  ImGui::BeginChild("toolbar", ImVec2(bar_max.x - bar_min.x, bar_max.y - bar_min.y), false,
                    ImGuiWindowFlags_AlwaysUseWindowPadding | ImGuiWindowFlags_NoScrollbar);
  ImGui::PopStyleVar();
  if (ui.readonly) {  // one control size (the menu too, which opens from here)
    const float padding = std::max(2.0f, (diagram_control_height(ui.touch) - ImGui::GetFontSize()) * 0.5f);
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(8, padding));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(8, 6));
  }
  if (ui.readonly) {
    if (!game.moves().empty()) {  // one position: nothing to step through
      navigation_bar(session, ui);
      ImGui::SameLine();
    }
  } else {
    const bool live_turn = !game.state().is_over() && !bot_thinking;
    ImGui::BeginDisabled(game.moves().empty());
    if (ui.button("Undo")) session.undo();
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!live_turn);
    if (session.stage().most_points > 1) {
      request = confirm_picks_button(session, ui);
      ImGui::SameLine();
    }
    if (session.stage().take) {
      if (ui.button("Take")) request = Request::turn(Move::take());
      ImGui::SameLine();
    } else if (game.facts().can_pass) {
      if (ui.button("Pass")) request = Request::turn(Move::pass());
      ImGui::SameLine();
    }
    ImGui::EndDisabled();
  }
  if (ui.button("Menu")) ImGui::OpenPopup("embed menu");
  if (!ui.readonly) {
    if (ui.touch || ui.preview != no_point || ui.view.zoomed()) {
      if (bar_max.x - bar_min.x >= 560) ImGui::SameLine();
      if (Request touch = touch_actions(session, ui, false); touch.kind != Request::Kind::none)
        request = touch;
    }
    if (bot_thinking) {
      ImGui::SameLine();
      if (ui.button("Move now")) session.move_now();
    }
  }
  // What the game is at (a diagram: the position shown), when it fits.
  const AnyGame& at = ui.readonly ? session.shown() : game;
  std::string status =
      at.state().is_over() ? (ui.readonly ? std::string("Game over") : result_headline(game, session.you()))
      : bot_thinking && !ui.readonly ? std::string("Bot is thinking")
      : !stage_of(at).turn.empty()
          ? "Player " + std::to_string(at.state().to_move()) + " to " + std::string(stage_of(at).turn)
          : std::string(color_word(at.state().color_to_move())) + " to play";
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x > ImGui::CalcTextSize(status.c_str()).x) {
    ImGui::AlignTextToFramePadding();
    ui_text(status);
  } else {
    ImGui::NewLine();
  }
  if (Request menu = embed_menu(session, ui); menu.kind != Request::Kind::none) request = menu;
  if (ui.readonly) ImGui::PopStyleVar(2);
  ImGui::EndChild();
  return request;
}

}  // namespace stonegrid::web
