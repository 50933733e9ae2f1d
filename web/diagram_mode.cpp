// Diagram mode: what the page's theme=, numbers= and caption= parameters change, and
// "Download image". Read `board_markup` (what goes on the stones), then the frame (its colour
// and the controls' look), the caption strip, and the picture offered as SVG. The colours are
// core/formats/diagram.cpp's, so an embedded board and its downloaded image look alike.
#include <algorithm>
#include <string>

#include "diagram_mode.h"

#include "layout_record.h"
#include "page_api.h"

namespace stonegrid::web {

namespace {

ImVec4 rgba(int r, int g, int b, float a = 1.0f) {
  return ImVec4(static_cast<float>(r) / 255, static_cast<float>(g) / 255, static_cast<float>(b) / 255, a);
}

// The caption's colour on each frame (core/formats/diagram.cpp's theme_colors).
ImVec4 caption_color(DiagramTheme theme) {
  switch (theme) {
    case DiagramTheme::light:
      return rgba(0x1f, 0x23, 0x28);
    case DiagramTheme::dark:
      return rgba(0xe6, 0xed, 0xf3);
    case DiagramTheme::wood:
      return rgba(0x3b, 0x2a, 0x14);
    case DiagramTheme::transparent:
      return rgba(0x6e, 0x77, 0x81);  // 4.6:1 on white, 3.3:1 on a dark page: one grey for both
  }
  return rgba(0x6e, 0x77, 0x81);
}

constexpr float caption_padding = 6;
// The caption never takes more than this share of the frame's height (a long comment is cut).
constexpr float caption_share = 0.3f;

}  // namespace

// --- what goes on the stones -----------------------------------------------------------------

DiagramOptions board_markup(const Session& session, const Ui& ui) {
  DiagramOptions options = session.markup_options();
  if (ui.settings.numbers) options.numbers = *ui.settings.numbers;
  return options;
}

// One line in a diagram and on a phone, so the main board takes most of the width.
int wrap_margin(const Ui& ui, const AnyGame& game, float width) {
  if (!game.facts().torus) return 0;
  if (ui.readonly || width < 520) return 1;
  // Never more lines of copies than a third of the board, so the real stones stay the most.
  return std::clamp(game.size() / 3, 1, game.size() >= 13 ? 2 : 3);
}

std::string caption(const Session& session, const Ui& ui) {
  const Markup* node = session.markup_shown();
  return node && !node->comment.empty() ? node->comment : ui.settings.caption;
}

// --- the frame -------------------------------------------------------------------------------

// The page colours of core/formats/diagram.cpp; `wood` is the board's own colour (the board is the
// whole picture), `transparent` clears to nothing (the canvas has an alpha channel: main.cpp).
bool framed(const Ui& ui) {
  return ui.embed && ui.settings.frame.has_value();
}

ImVec4 frame_background(const Ui& ui) {
  switch (*ui.settings.frame) {
    case DiagramTheme::light:
      return rgba(0xf6, 0xf3, 0xee);
    case DiagramTheme::dark:
      return rgba(0x22, 0x27, 0x2e);
    case DiagramTheme::wood:
      return ImGui::ColorConvertU32ToFloat4(palette(Theme::wood, false).board);
    case DiagramTheme::transparent:
      return ImVec4(0, 0, 0, 0);
  }
  return ImVec4(0, 0, 0, 0);
}

// On a transparent frame the host's colour is unknown: the buttons are opaque light grey with
// dark text, and free text (whose turn, the caption) is a grey readable on light and dark
// pages. (Light or dark controls for the other frames: App::apply_style.)
void frame_style(const Ui& ui) {
  if (!framed(ui) || *ui.settings.frame != DiagramTheme::transparent) return;
  ImVec4* colors = ImGui::GetStyle().Colors;
  colors[ImGuiCol_Text] = caption_color(DiagramTheme::transparent);
  colors[ImGuiCol_Button] = rgba(0xe6, 0xe8, 0xeb);
  colors[ImGuiCol_ButtonHovered] = rgba(0xd0, 0xd7, 0xde);
  colors[ImGuiCol_ButtonActive] = rgba(0xaf, 0xb8, 0xc1);
  colors[ImGuiCol_Border] = rgba(0x8c, 0x95, 0x9f, 0.6f);
  ImGui::GetStyle().FrameBorderSize = 1;
}

// --- the caption -----------------------------------------------------------------------------

float caption_height(const Session& session, const Ui& ui, float width, float available) {
  const std::string text = caption(session, ui);
  if (text.empty()) return 0;
  const float wrapped = ImGui::CalcTextSize(text.c_str(), nullptr, false, width - 2 * caption_padding - 4).y;
  return std::min(wrapped + 2 * caption_padding, available * caption_share);
}

// Centred when it is one line, else from the left; clipped to the strip.
void draw_caption(const Session& session, Ui& ui, ImVec2 strip_min, ImVec2 strip_max) {
  const std::string text = caption(session, ui);
  if (text.empty() || strip_max.y <= strip_min.y) return;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float wrap = strip_max.x - strip_min.x - 2 * caption_padding;
  const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap - 4);
  const float x = strip_min.x + caption_padding + std::max(0.0f, (wrap - size.x) * 0.5f);
  const ImVec4 color =
      framed(ui) ? caption_color(*ui.settings.frame) : ImGui::GetStyleColorVec4(ImGuiCol_Text);
  draw->PushClipRect(strip_min, strip_max, true);
  draw_text(draw, ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(x, strip_min.y + caption_padding),
            ImGui::ColorConvertFloat4ToU32(color), text, wrap);
  draw->PopClipRect();
  ui.note_rect("Caption", strip_min, strip_max);
}

// --- the picture -----------------------------------------------------------------------------

DiagramOptions diagram_options(const Session& session, const Ui& ui) {
  DiagramOptions options = board_markup(session, ui);
  options.theme = framed(ui) ? *ui.settings.frame : DiagramTheme::light;
  options.coordinates = ui.settings.coordinates;
  if (options.caption.empty()) options.caption = ui.settings.caption;
  options.last_move = true;
  const AnyGame& game = session.shown();
  options.false_liberties = ui.settings.false_liberties;
  options.territory = game.state().explain().show_owner;
  options.edge_scores = game.state().is_over();
  return options;
}

void download_image(Session& session, const Ui& ui) {
  const std::string where =
      page_download_svg("stonegrid.svg", diagram_svg(session.shown(), diagram_options(session, ui)));
  session.set_message(where.empty() ? "Could not save the image" : "Saved " + where);
}

}  // namespace stonegrid::web
