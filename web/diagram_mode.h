// Diagram mode: what the page's theme=, numbers= and caption= parameters change (the frame
// around an embedded board, the caption under it, the marks on the stones), and "Download
// image". Free functions over the session and the panels' shared state (ui.h).
#pragma once

#include <string>

#include "ui.h"

namespace stonegrid::web {

// The frame's colour, and the controls' look on a transparent one (embedded only).
bool framed(const Ui& ui);
ImVec4 frame_background(const Ui& ui);
void frame_style(const Ui& ui);
// The SGF markup and numbers to draw on the position shown.
DiagramOptions board_markup(const Session& session, const Ui& ui);
// Looper's wrap margin for a board area `width` wide: one line in a diagram or a narrow area
// (readable at 320 px), else 2 or 3.
int wrap_margin(const Ui& ui, const AnyGame& game, float width);
// The caption under the board: the comment of the position shown (SGF C), else the view's.
std::string caption(const Session& session, const Ui& ui);
// The caption's strip under an embedded board: its height for `width` (0: no caption), and
// the caption drawn in it.
float caption_height(const Session& session, const Ui& ui, float width, float available);
void draw_caption(const Session& session, Ui& ui, ImVec2 strip_min, ImVec2 strip_max);
// The position shown as an SVG picture's options (core/formats/diagram.h): its markup, the view's
// numbers, caption, coordinates and frame (light when the page set none).
DiagramOptions diagram_options(const Session& session, const Ui& ui);
// "Download image": offers the position shown as stonegrid.svg (browser) or writes it
// (desktop), and says so in the session's message.
void download_image(Session& session, const Ui& ui);

}  // namespace stonegrid::web
