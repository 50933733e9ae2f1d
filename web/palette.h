// The UI's colours, dark and light, as plain data (no ImGui types, so the doctest suite checks
// them without a window): read `UiPalette` for what each colour is for, then `text_pairs`, the
// list of every text colour on every background it is drawn on, which tests/test_palette.cpp
// holds to WCAG AA (4.5:1, hint text included) and web/style.cpp turns into ImGui's style.
// The values start from shared/UX.md's table (page, panel, text, muted text, primary button).
// The board's own colours (wood, lines, stones) are board_view.h's `palette`, not these.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

namespace stonegrid::web {

struct Rgb {
  uint8_t r = 0, g = 0, b = 0;
};

constexpr Rgb rgb(uint32_t hex) {
  return Rgb{static_cast<uint8_t>(hex >> 16), static_cast<uint8_t>(hex >> 8), static_cast<uint8_t>(hex)};
}

struct UiPalette {
  Rgb background;     // the page behind the board and the panel
  Rgb panel;          // the side panel, cards, dialogs, menus, tooltips
  Rgb frame;          // inside input fields, checkboxes, sliders, combo boxes
  Rgb border;         // separators and card outlines (decoration: no contrast rule)
  Rgb frame_border;   // the outline of buttons, fields and checkboxes: >= 3:1 (`boundary_pairs`)
  Rgb text;           // body text, headings, button labels
  Rgb hint;           // secondary text: hints, coordinates beside the board, notes
  Rgb good;           // a message that went well ("You won", "Saved")
  Rgb bad;            // a refusal or a loss ("That point is occupied")
  Rgb button;         // a secondary button, its label in `text`
  Rgb button_hover;   //   under the pointer
  Rgb button_active;  //   pressed, and selected items
  Rgb accent;         // the primary button (one per screen)
  Rgb accent_hover;
  Rgb accent_active;
  Rgb on_accent;  // the primary button's label
  Rgb mark;       // check marks, slider grabs, focus, links: the accent, readable as text
};

// GitHub-like cool greys on the dark side, a warm paper on the light side; the same blue accent
// in both (5.2:1 under white text).
inline constexpr UiPalette dark_palette{
    .background = rgb(0x22272e),
    .panel = rgb(0x2d333b),
    .frame = rgb(0x1c2128),
    .border = rgb(0x444c56),
    .frame_border = rgb(0x768390),
    .text = rgb(0xe6edf3),
    .hint = rgb(0xa6b0bb),
    .good = rgb(0x6fd08c),
    .bad = rgb(0xff9b8f),
    .button = rgb(0x373e47),
    .button_hover = rgb(0x444c56),
    .button_active = rgb(0x4d5663),
    .accent = rgb(0x2f6fb0),
    .accent_hover = rgb(0x2a62a0),
    .accent_active = rgb(0x245890),
    .on_accent = rgb(0xffffff),
    .mark = rgb(0x6cb6ff),
};
inline constexpr UiPalette light_palette{
    .background = rgb(0xf6f3ee),
    .panel = rgb(0xffffff),
    .frame = rgb(0xffffff),
    .border = rgb(0xd0c9bd),
    .frame_border = rgb(0x8a8174),
    .text = rgb(0x1f2328),
    .hint = rgb(0x57606a),
    .good = rgb(0x176f30),
    .bad = rgb(0xb42d28),
    .button = rgb(0xebe6de),
    .button_hover = rgb(0xe0dad0),
    .button_active = rgb(0xd5cec2),
    .accent = rgb(0x2f6fb0),
    .accent_hover = rgb(0x2a62a0),
    .accent_active = rgb(0x245890),
    .on_accent = rgb(0xffffff),
    .mark = rgb(0x245890),
};

inline const UiPalette& ui_palette(bool light) {
  return light ? light_palette : dark_palette;
}

// WCAG 2.x relative luminance of an sRGB colour: 0 for black, 1 for white.
inline double relative_luminance(Rgb c) {
  auto linear = [](uint8_t channel) {
    const double v = channel / 255.0;
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

// WCAG 2.x contrast ratio, 1 (the same colour) to 21 (black on white), in either order.
inline double contrast_ratio(Rgb a, Rgb b) {
  const double la = relative_luminance(a), lb = relative_luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// One text colour on one background it is drawn on; `what` names the pair in test failures.
struct TextPair {
  Rgb text, background;
  const char* what;
};

// Every text colour on every background the UI draws it on. Body text goes everywhere text
// goes (the page, panels, fields and every state of a secondary button); hints and the good and
// bad messages on the page, panels and fields; the primary button's label on its three states;
// the marks (links, check marks), which are read as text, on the page, panels and fields.
// Disabled controls (drawn faded) are exempt in WCAG and left out.
inline std::array<TextPair, 22> text_pairs(const UiPalette& p) {
  return {{
      {p.text, p.background, "text on background"},
      {p.text, p.panel, "text on panel"},
      {p.text, p.frame, "text on frame"},
      {p.text, p.button, "text on button"},
      {p.text, p.button_hover, "text on button_hover"},
      {p.text, p.button_active, "text on button_active"},
      {p.hint, p.background, "hint on background"},
      {p.hint, p.panel, "hint on panel"},
      {p.hint, p.frame, "hint on frame"},
      {p.hint, p.button, "hint on button"},
      {p.good, p.background, "good on background"},
      {p.good, p.panel, "good on panel"},
      {p.good, p.frame, "good on frame"},
      {p.bad, p.background, "bad on background"},
      {p.bad, p.panel, "bad on panel"},
      {p.bad, p.frame, "bad on frame"},
      {p.on_accent, p.accent, "on_accent on accent"},
      {p.on_accent, p.accent_hover, "on_accent on accent_hover"},
      {p.on_accent, p.accent_active, "on_accent on accent_active"},
      {p.mark, p.frame, "mark on frame"},
      {p.mark, p.panel, "mark on panel"},
      {p.mark, p.background, "mark on background"},
  }};
}

// The outline of a control against what surrounds it: WCAG's 3:1 for the boundary of a user
// interface component (1.4.11), so an empty checkbox reads as a box, not a blank.
inline std::array<TextPair, 3> boundary_pairs(const UiPalette& p) {
  return {{
      {p.frame_border, p.background, "frame_border on background"},
      {p.frame_border, p.panel, "frame_border on panel"},
      {p.frame_border, p.frame, "frame_border on frame"},
  }};
}

}  // namespace stonegrid::web
