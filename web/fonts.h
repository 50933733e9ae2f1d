// The UI's fonts: Inter (Regular and SemiBold, subset at build time by cmake/subset_fonts.py to
// the characters the UI uses, with a few symbols from DejaVu Sans merged in), rasterised at the
// device pixel ratio so text is crisp on phones, and drawn at CSS-pixel sizes.
//
// The type scale (CSS px): title 20 SemiBold (headings, the result), body 15 Regular (the
// default font), strong 15 SemiBold (names, the score, the primary button), hint 13 Regular
// (hints, notes, coordinates). Use them with ImGui::PushFont / PopFont; `ImGui::GetFontSize()`
// then answers the CSS size.
//
// Characters: Basic Latin, Latin-1, and – — ‘ ’ “ ” • … ′ ″ ‖ ← ↑ → ↓ ↺ ↻ − × ÷ ± ≈ ≠ ≤ ≥ ∞ √
// ½ ² ³ ● ○ ◯ ◆ ◇ ■ □ ▲ △ ▶ ◀ ▷ ◁ ★ ☆ ✓ ✗ ⟲ ⟳ ☰ ⚑ ✔ ✕ ⋯ ⌂ ⚙ ♪ ⬤ ▸ ▾ ◂ ▴ ❚ (the full list:
// SYMBOLS in cmake/subset_fonts.py; the font-characters ctest fails when a source uses another).
// There is no pause sign (U+23F8) in either font: write "❚❚" or draw two bars.
//
// Without fonts-inter at build time (cmake/fonts.cmake warns) every font is ImGui's built-in
// ProggyClean at a whole-number multiple of its 13 px, and the scale still holds roughly.
#pragma once

#include "imgui.h"

namespace stonegrid::web {

struct Fonts {
  ImFont* title = nullptr;   // 20 px SemiBold
  ImFont* body = nullptr;    // 15 px Regular, ImGui's default font
  ImFont* hint = nullptr;    // 13 px Regular
  ImFont* strong = nullptr;  // 15 px SemiBold
};

inline constexpr float title_font_size = 20, body_font_size = 15, hint_font_size = 13;

// The pixel ratio the atlas is built for: `device_pixel_ratio` rounded to a quarter (a window
// resized by one pixel does not rebuild the atlas), at least 1, at most 4.
float font_atlas_scale(float device_pixel_ratio);

// Clears ImGui's font atlas and adds the four fonts rasterised at `font_atlas_scale(ratio)`
// times their size, with io.FontGlobalScale set back to CSS pixels. The platform then rebuilds
// the font texture (ImGui_ImplOpenGL3_CreateFontsTexture). Not between NewFrame and Render.
Fonts load_fonts(float device_pixel_ratio);

// The fonts of the last `load_fonts` (all null before it): like ImGui's atlas, one per process.
const Fonts& fonts();

// Whether the UI font was built in (false: the built-in fallback).
bool ui_font_available();

}  // namespace stonegrid::web
