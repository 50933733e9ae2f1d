// The UI palette (web/palette.h): the WCAG contrast ratio against the standard's own reference
// values, then every text colour on every background it is drawn on, in both themes, at AA
// (4.5:1) — hint text included — and the outlines of controls at 3:1.
#include <doctest/doctest.h>

#include <string>

#include "palette.h"

using namespace stonegrid::web;

TEST_CASE("palette: contrast_ratio follows WCAG 2 (1 to 21, symmetric, reference values)") {
  const Rgb black = rgb(0x000000), white = rgb(0xffffff);
  CHECK(contrast_ratio(black, white) == doctest::Approx(21.0));
  CHECK(contrast_ratio(white, black) == doctest::Approx(21.0));
  CHECK(contrast_ratio(white, white) == doctest::Approx(1.0));
  CHECK(contrast_ratio(rgb(0x777777), rgb(0x777777)) == doctest::Approx(1.0));
  // Reference pairs as WebAIM's checker gives them (two decimals).
  CHECK(contrast_ratio(rgb(0x767676), white) == doctest::Approx(4.54).epsilon(0.005));
  CHECK(contrast_ratio(rgb(0x777777), white) == doctest::Approx(4.48).epsilon(0.005));
  CHECK(contrast_ratio(rgb(0x0000ff), white) == doctest::Approx(8.59).epsilon(0.005));
  CHECK(contrast_ratio(rgb(0xff0000), white) == doctest::Approx(4.00).epsilon(0.005));
  // shared/UX.md's table: the primary button's white label on #2f6fb0 is 5.2:1.
  CHECK(contrast_ratio(white, rgb(0x2f6fb0)) == doctest::Approx(5.22).epsilon(0.005));
  // The low end of the sRGB curve is linear (0.04045 / 12.92).
  CHECK(relative_luminance(rgb(0x0a0a0a)) == doctest::Approx(10 / 255.0 / 12.92));
}

TEST_CASE("palette: every text colour is readable (>= 4.5:1) on every background it is drawn on") {
  for (bool light : {false, true}) {
    for (const TextPair& pair : text_pairs(ui_palette(light))) {
      const double ratio = contrast_ratio(pair.text, pair.background);
      INFO((light ? "light: " : "dark: ") << pair.what << " = " << ratio);
      CHECK(ratio >= 4.5);
    }
  }
}

TEST_CASE("palette: the outlines of controls stand out (>= 3:1) from what surrounds them") {
  for (bool light : {false, true}) {
    for (const TextPair& pair : boundary_pairs(ui_palette(light))) {
      const double ratio = contrast_ratio(pair.text, pair.background);
      INFO((light ? "light: " : "dark: ") << pair.what << " = " << ratio);
      CHECK(ratio >= 3.0);
    }
  }
}

TEST_CASE("palette: the themes keep their order of light and dark") {
  // Dark: text lighter than the page, the page darker than the panel's buttons; light: reversed.
  const UiPalette& dark = ui_palette(false);
  const UiPalette& light = ui_palette(true);
  CHECK(relative_luminance(dark.text) > relative_luminance(dark.background));
  CHECK(relative_luminance(dark.background) < relative_luminance(dark.panel));
  CHECK(relative_luminance(light.text) < relative_luminance(light.background));
  CHECK(relative_luminance(light.panel) >= relative_luminance(light.background));
  // Hover and pressed move away from the resting button, in the theme's direction.
  CHECK(relative_luminance(dark.button_hover) > relative_luminance(dark.button));
  CHECK(relative_luminance(light.button_hover) < relative_luminance(light.button));
}
