// ImGui's look from the UI palette (palette.h): the colours of every widget state, rounding and
// spacing on an 8 px grid, and larger controls on touch screens. Call `apply_style` at the start
// of each frame (it rewrites the whole ImGuiStyle, so a theme switch or a change to touch input
// shows in the next frame). Sizes are CSS pixels: the fonts are rasterised at the device pixel
// ratio (fonts.h) and ImGui's coordinates stay CSS pixels, so nothing here scales with it.
#pragma once

#include <string_view>

#include "imgui.h"
#include "palette.h"

namespace stonegrid::web {

inline ImVec4 to_vec4(Rgb c, float alpha = 1.0f) {
  return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, alpha);
}

// Sets ImGui's whole style for the theme (`light` false: dark). `scale` multiplies every size
// (1 on an ordinary screen; a host may enlarge the UI). `min_target_height` > 0 pads every frame
// — buttons, checkboxes, combo boxes, tabs — to at least that many CSS pixels high at the
// current font size, and widens the spacing and the scrollbar for fingers (0: desktop sizes).
void apply_style(bool light, float scale, float min_target_height = 0);

// The primary button's colours (the one obvious next action: "Play", "Rematch"), pushed over
// the secondary style; pop them after the button.
void push_primary_button(bool light);
void pop_primary_button();

// Text wrapped to the window at spaces only. ImGui's own wrapping also breaks after '.' and ',',
// which splits a number such as "6.5" across two lines; this never does (a word longer than the
// line overflows it instead).
// `width` > 0 wraps at that width instead of the space left in the window.
void wrapped_text(std::string_view text, float width = 0);
void wrapped_text_colored(const ImVec4& color, std::string_view text);
// How many lines `wrapped_text` makes of `text` at `width`, in the font pushed now.
int wrapped_lines(std::string_view text, float width);

}  // namespace stonegrid::web
