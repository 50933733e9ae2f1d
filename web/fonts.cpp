// The atlas holds each of the four fonts at its size times the pixel ratio, and ImGui draws
// them scaled by 1 / ratio (io.FontGlobalScale): one texel per device pixel. The symbols
// DejaVu Sans has and Inter lacks are merged into every font (ImFontConfig::MergeMode), so a
// label never switches fonts by hand.
#include "fonts.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace stonegrid::web {

// The generated source (cmake/fonts.cmake): the subset fonts and their glyph ranges.
namespace font_data {
extern const unsigned char inter_regular[], inter_semibold[], symbols[];
extern const int inter_regular_size, inter_semibold_size, symbols_size;
extern const ImWchar text_ranges[], symbol_ranges[];
}  // namespace font_data

namespace {

Fonts loaded;

// One size of one weight, with the symbols merged in. The arrays are static: the atlas must not
// free them (FontDataOwnedByAtlas), and stb_truetype only reads them.
ImFont* add_font(const unsigned char* data, int size, float pixels, float scale, const char* name) {
  ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;
  // Sub-pixel placement matters at a ratio of 1; at 2 and more the pixels are small enough.
  config.OversampleH = scale < 2 ? 2 : 1;
  config.OversampleV = 1;
  std::snprintf(config.Name, sizeof config.Name, "%s %g px", name, pixels);
  ImFont* font = atlas.AddFontFromMemoryTTF(const_cast<unsigned char*>(data), size, pixels * scale, &config,
                                            font_data::text_ranges);
  if (font_data::symbols_size > 0) {
    ImFontConfig merge = config;
    merge.MergeMode = true;
    atlas.AddFontFromMemoryTTF(const_cast<unsigned char*>(font_data::symbols), font_data::symbols_size,
                               pixels * scale, &merge, font_data::symbol_ranges);
  }
  return font;
}

// ProggyClean is a pixel font: it stays sharp only at whole multiples of 13 px, so every size
// rounds to one (13 at a ratio of 1, 26 at 2, ...; the title one step larger).
ImFont* add_fallback_font(float pixels, float scale) {
  ImFontConfig config;
  const float multiple = std::max(1.0f, std::round(pixels * scale / 13.0f));
  config.SizePixels = 13.0f * multiple;
  return ImGui::GetIO().Fonts->AddFontDefault(&config);
}

}  // namespace

bool ui_font_available() {
  return font_data::inter_regular_size > 0 && font_data::inter_semibold_size > 0;
}

float font_atlas_scale(float device_pixel_ratio) {
  if (!(device_pixel_ratio > 0)) return 1;  // also NaN
  return std::clamp(std::round(device_pixel_ratio * 4) / 4, 1.0f, 4.0f);
}

Fonts load_fonts(float device_pixel_ratio) {
  const float scale = font_atlas_scale(device_pixel_ratio);
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  Fonts fonts;
  if (ui_font_available()) {
    using namespace font_data;
    // The first font added is ImGui's default: body.
    fonts.body = add_font(inter_regular, inter_regular_size, body_font_size, scale, "Inter Regular");
    fonts.title = add_font(inter_semibold, inter_semibold_size, title_font_size, scale, "Inter SemiBold");
    fonts.hint = add_font(inter_regular, inter_regular_size, hint_font_size, scale, "Inter Regular");
    fonts.strong = add_font(inter_semibold, inter_semibold_size, body_font_size, scale, "Inter SemiBold");
  } else {
    fonts.body = add_fallback_font(body_font_size, scale);
    fonts.title = add_fallback_font(title_font_size, scale);
    fonts.hint = add_fallback_font(hint_font_size, scale);
    fonts.strong = fonts.body;
  }
  io.FontDefault = fonts.body;
  io.FontGlobalScale = 1.0f / scale;
  loaded = fonts;
  return fonts;
}

const Fonts& fonts() {
  return loaded;
}

}  // namespace stonegrid::web
