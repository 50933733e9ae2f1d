// Functions the page calls through `cwrap` (shell.html). Coordinates are ImGui's, i.e. CSS
// pixels relative to the canvas; the page adds the canvas position.
#ifdef __EMSCRIPTEN__
#include "page_api.h"

#include <emscripten.h>

#include "app.h"

using stonegrid::web::App;
using stonegrid::web::the_app;

extern "C" {

// 0 empty, 1 black, 2 white; -1 for a point off the board or before start-up.
EMSCRIPTEN_KEEPALIVE int stonegrid_stone_at(int column, int row) {
  App* app = the_app();
  if (!app || column < 0 || row < 0 || column >= app->board().size || row >= app->board().size) return -1;
  return static_cast<int>(app->board().at(column, row));
}

EMSCRIPTEN_KEEPALIVE int stonegrid_board_size() {
  return the_app() ? the_app()->board().size : 0;
}

EMSCRIPTEN_KEEPALIVE double stonegrid_point_x(int column, int row) {
  return the_app() ? the_app()->view().position(column, row).x : 0;
}

EMSCRIPTEN_KEEPALIVE double stonegrid_point_y(int column, int row) {
  return the_app() ? the_app()->view().position(column, row).y : 0;
}

EMSCRIPTEN_KEEPALIVE double stonegrid_frames() {
  return the_app() ? static_cast<double>(the_app()->frames()) : 0;
}

}  // extern "C"
#endif
