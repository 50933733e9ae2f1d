// The page's JavaScript API on the C++ side (see `window.stonegrid` in shell.html), and the
// page services the app uses. Strings cross the boundary as UTF-8: JavaScript calls these with
// `ccall(..., 'string', ...)`; a returned `const char*` stays valid until the next call of the
// same function. Errors are values: an empty string means success, any other text is the
// message JavaScript throws as an Error. Coordinates are ImGui's, i.e. CSS pixels relative to
// the canvas; the page adds the canvas position.
#include "page_api.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include "app.h"
#include "bot/move_features.h"
#include "formats/qr_code.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace stonegrid::web {

#ifdef __EMSCRIPTEN__

EM_JS(void, js_emit, (const char* name, const char* move, const char* state), {
  if (window.stonegrid && window.stonegrid._emit)
    window.stonegrid._emit(UTF8ToString(name), UTF8ToString(move), UTF8ToString(state));
});
EM_JS(void, js_announce, (const char* text), {
  var live = document.getElementById('announce');
  if (live) live.textContent = UTF8ToString(text);
});
EM_JS(void, js_download, (const char* name, const char* text, const char* type), {
  var blob = new Blob([UTF8ToString(text)], {
    type:
      UTF8ToString(type)
  });
  var link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = UTF8ToString(name);
  document.body.appendChild(link);
  link.click();
  setTimeout(
      function() {
        URL.revokeObjectURL(link.href);
        link.remove();
      },
      1000);
});
// The full app in a new tab with the help open at `page` (1-5): 1 when page.js offers it.
EM_JS(int, js_open_help, (int page), {
  var api = window.stonegrid;
  if (!api || typeof api.openFullApp != 'function') return 0;
  api.openFullApp(page);
  return 1;
});
// shell.html's puzzle loader (window.stonegrid._loadPuzzles): fetches a game's puzzles, then
// opens one (stonegrid_open_task). 1 when it took the request.
EM_JS(int, js_load_puzzles, (const char* game, int index), {
  var api = window.stonegrid;
  if (!api || typeof api._loadPuzzles != 'function') return 0;
  api._loadPuzzles(UTF8ToString(game), index);
  return 1;
});
// shell.html's loader of the learned Go shapes (window.stonegrid._loadShapes).
EM_JS(void, js_load_shapes, (), {
  var api = window.stonegrid;
  if (api && typeof api._loadShapes == 'function') api._loadShapes();
});
// Calls window.stonegrid[name]() when page.js has defined it: 1 if it did.
EM_JS(int, js_page_call, (const char* name), {
  var api = window.stonegrid;
  var fn = api ? api[UTF8ToString(name)] : null;
  if (typeof fn != 'function') return 0;
  fn.call(api);
  return 1;
});
// Writes the recent games' one-line labels, joined by newlines, into `buffer`; returns the
// bytes the whole text needs (the caller retries with a larger buffer when it did not fit).
EM_JS(int, js_recent_games, (char* buffer, int capacity), {
  var api = window.stonegrid;
  if (!api || typeof api.recentGames != 'function') return 0;
  var dot = ' ' + String.fromCharCode(183) + ' ';
  var months = [ 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec' ];
  var links = typeof api.linkGames == 'function' ? api.linkGames() : [];
  var lines = api.recentGames().map(function(r) {
    var count = r.moves ? r.moves.length : 0;
    // A game by link: as the home screen's list says it (whose turn, the friend's name).
    var kept = r.friend ? links.filter(function(g) { return g.id == r.friend; })[0] : null;
    if (kept) return kept.label;
    var bot = r.settings.bot;
    var you = bot == '1' ? 2 : bot == '2' ? 1 : 0;
    var label = String(r.title || r.settings.game) + dot +
                (r.friend ? 'by link'
                 : you    ? 'vs the bot, level ' + r.settings.level
                          : 'two players');
    if (r.over) {
      var w = r.winnerPlayer | 0;
      var side = r.winner == 'black' ? 'Black' : r.winner == 'white' ? 'White' : w ? 'Player ' + w : "";
      label += dot + (r.winner == 'draw' ? 'a draw'
                      : you && w         ? (w == you ? 'you won' : 'you lost')
                      : side             ? side + ' won'
                                         : 'finished');
    } else {
      label += dot + count + (count == 1 ? ' move' : ' moves');
    }
    var when = new Date(r.savedAt || 0);
    if (!isNaN(when.getTime()) && when.getTime() > 0)
      label += dot + when.getDate() + ' ' + months[when.getMonth()] + ' ' +
               ('0' + when.getHours()).slice(-2) + ':' + ('0' + when.getMinutes()).slice(-2);
    return label;
  });
  var text = lines.join('\n');
  stringToUTF8(text, buffer, capacity);
  return lengthBytesUTF8(text) + 1;
});
// The solved tasks: a JSON array of ids in local storage (storage denied: nothing is kept).
EM_JS(void, js_remember_solved, (const char* id), {
  try {
    var key = 'stonegrid.solved';
    var list = JSON.parse(localStorage.getItem(key) || '[]');
    if (!Array.isArray(list)) list = [];
    var text = UTF8ToString(id);
    if (list.indexOf(text) < 0) list.push(text);
    localStorage.setItem(key, JSON.stringify(list.slice(-500)));
  } catch (e) { /* storage denied or full */
  }
});
EM_JS(int, js_is_solved, (const char* id), {
  try {
    var list = JSON.parse(localStorage.getItem('stonegrid.solved') || '[]');
    return Array.isArray(list) && list.indexOf(UTF8ToString(id)) >= 0 ? 1 : 0;
  } catch (e) {
    return 0;
  }
});
// Writes the games by link's one-line labels, joined by newlines, into `buffer` (as
// js_recent_games does).
EM_JS(int, js_link_games, (char* buffer, int capacity), {
  var api = window.stonegrid;
  if (!api || typeof api.linkGameLabels != 'function') return 0;
  var text = api.linkGameLabels().join('\n');
  stringToUTF8(text, buffer, capacity);
  return lengthBytesUTF8(text) + 1;
});
EM_JS(int, js_open_link_game, (int index), {
  var api = window.stonegrid;
  if (!api || typeof api.openLinkGame != 'function') return 0;
  return api.openLinkGame(index) ? 1 : 0;
});
EM_JS(int, js_your_name, (char* buffer, int capacity), {
  var name = "";
  try {
    name = String(localStorage.getItem('stonegrid.name') || "").slice(0, 40);
  } catch (e) { /* denied */
  }
  stringToUTF8(name, buffer, capacity);
  return lengthBytesUTF8(name) + 1;
});
EM_JS(void, js_set_your_name, (const char* name), {
  try {
    localStorage.setItem('stonegrid.name', UTF8ToString(name).slice(0, 40));
  } catch (e) { /* denied */
  }
});
// The recent games kept with a review: for each, who were people ("12", "1" or "2"), its SGF and
// its review, the fields split by character 31 and the games by character 30 (taken out of the
// texts). Returns the bytes needed, as js_recent_games does.
EM_JS(int, js_saved_reviews, (char* buffer, int capacity), {
  var api = window.stonegrid;
  if (!api || typeof api.recentGames != 'function') return 0;
  var field = String.fromCharCode(31), record = String.fromCharCode(30);
  var clean = function(t) {
    return String(t).split(field).join("").split(record).join("");
  };
  var games = api.recentGames().filter(function(r) {
    return !r.friend && typeof r.review == 'string' && r.review && typeof r.sgf == 'string';
  });
  var text = games
                 .map(function(r) {
                   var bot = r.settings.bot;
                   return (bot == '1'   ? '2'
                           : bot == '2' ? '1'
                                        : '12') +
                          field + clean(r.sgf) + field + clean(r.review);
                 })
                 .join(record);
  stringToUTF8(text, buffer, capacity);
  return lengthBytesUTF8(text) + 1;
});
EM_JS(int, js_mistake_progress, (char* buffer, int capacity), {
  var text = "";
  try {
    text = String(localStorage.getItem('stonegrid.mistakes') || "").slice(0, 20000);
  } catch (e) { /* denied */
  }
  stringToUTF8(text, buffer, capacity);
  return lengthBytesUTF8(text) + 1;
});
EM_JS(void, js_set_mistake_progress, (const char* text), {
  try {
    localStorage.setItem('stonegrid.mistakes', UTF8ToString(text));
  } catch (e) { /* denied or full */
  }
});
EM_JS(int, js_open_recent, (int index), {
  var api = window.stonegrid;
  if (!api || typeof api.openRecent != 'function') return 0;
  return api.openRecent(index) ? 1 : 0;
});
EM_JS(void, js_open_file, (), {
  var input = document.getElementById('sgf-file');
  if (input) input.click();
});

void page_move_event(const std::string& move, const std::string& state_json, bool over) {
  js_emit("move", move.c_str(), state_json.c_str());
  if (over) js_emit("over", move.c_str(), state_json.c_str());
}
void page_task_event(const std::string& name, const std::string& id, const std::string& state_json) {
  js_emit(name.c_str(), id.c_str(), state_json.c_str());
}
void page_announce(const std::string& text) {
  js_announce(text.c_str());
}
std::string page_download_sgf(const std::string& name, const std::string& sgf) {
  js_download(name.c_str(), sgf.c_str(), "application/x-go-sgf");
  return name;
}
std::string page_download_svg(const std::string& name, const std::string& svg) {
  js_download(name.c_str(), svg.c_str(), "image/svg+xml");
  return name;
}
bool page_open_sgf_file() {
  js_open_file();
  return true;
}
bool page_has_links() {
  return true;
}
bool page_copy_link() {
  return js_page_call("copyLink") == 1;
}
bool page_copy_sgf() {
  return js_page_call("copySgf") == 1;
}
bool page_open_full_app() {
  return js_page_call("openFullApp") == 1;
}
bool page_open_help(int page) {
  return js_open_help(page) == 1;
}
namespace {

// The whole text a js_* function writes (retried with a larger buffer when it did not fit).
std::string page_text(int (*write)(char*, int)) {
  std::string text(4096, '\0');
  int needed = write(text.data(), static_cast<int>(text.size()));
  if (needed > static_cast<int>(text.size())) {
    text.assign(needed, '\0');
    needed = write(text.data(), static_cast<int>(text.size()));
  }
  text.resize(needed > 0 ? needed - 1 : 0);
  return text;
}

// The lines a js_*_games function writes.
std::vector<std::string> page_lines(int (*write)(char*, int)) {
  const std::string text = page_text(write);
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace

std::vector<std::string> page_recent_games() {
  return page_lines(js_recent_games);
}

std::vector<SavedReview> page_saved_reviews() {
  const std::string text = page_text(js_saved_reviews);
  std::vector<SavedReview> games;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\x1e', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view game = std::string_view(text).substr(start, end - start);
    const size_t a = game.find('\x1f'), b = a == std::string_view::npos ? a : game.find('\x1f', a + 1);
    if (b != std::string_view::npos) {
      const std::string_view people = game.substr(0, a);
      games.push_back(
          {std::string(game.substr(a + 1, b - a - 1)),
           std::string(game.substr(b + 1)),
           {false, people.find('1') != std::string_view::npos, people.find('2') != std::string_view::npos}});
    }
    start = end + 1;
  }
  return games;
}
std::string page_mistake_progress() {
  return page_text(js_mistake_progress);
}
void page_set_mistake_progress(const std::string& text) {
  js_set_mistake_progress(text.c_str());
}
bool page_send_link() {
  return js_page_call("sendLink") == 1;
}
bool page_call(const char* name) {
  return js_page_call(name) == 1;
}
std::vector<std::string> page_link_games() {
  return page_lines(js_link_games);
}
bool page_open_link_game(int index) {
  return js_open_link_game(index) == 1;
}
std::string page_your_name() {
  char name[256] = {};
  js_your_name(name, sizeof name);
  return name;
}
void page_set_your_name(const std::string& name) {
  js_set_your_name(name.c_str());
}
bool page_open_recent(int index) {
  return js_open_recent(index) == 1;
}
void page_remember_solved(const std::string& id) {
  js_remember_solved(id.c_str());
}
bool page_is_solved(const std::string& id) {
  return js_is_solved(id.c_str()) == 1;
}
bool page_load_puzzles(const std::string& game, int index) {
  return js_load_puzzles(game.c_str(), index) == 1;
}
void page_load_shapes() {
  js_load_shapes();
}

#else

void page_move_event(const std::string&, const std::string&, bool) {}
void page_task_event(const std::string&, const std::string&, const std::string&) {}
void page_announce(const std::string&) {}
std::string page_download_sgf(const std::string& name, const std::string& sgf) {
  FILE* file = std::fopen(name.c_str(), "wb");
  if (!file) return "";
  std::fwrite(sgf.data(), 1, sgf.size(), file);
  return std::fclose(file) == 0 ? name : "";
}
std::string page_download_svg(const std::string& name, const std::string& svg) {
  return page_download_sgf(name, svg);  // the same: a text file in the working folder
}
bool page_open_sgf_file() {
  return false;
}
bool page_has_links() {
  return false;
}
bool page_copy_link() {
  return false;
}
bool page_copy_sgf() {
  return false;
}
bool page_open_full_app() {
  return false;
}
bool page_open_help(int) {
  return false;
}
std::vector<std::string> page_recent_games() {
  return {};
}
bool page_open_recent(int) {
  return false;
}
bool page_send_link() {
  return false;
}
bool page_call(const char*) {
  return false;
}
std::vector<std::string> page_link_games() {
  return {};
}
bool page_open_link_game(int) {
  return false;
}
std::string page_your_name() {
  return "";
}
void page_set_your_name(const std::string&) {}
bool page_load_puzzles(const std::string&, int) {
  return false;
}
void page_load_shapes() {}
// The desktop remembers solved tasks for the session only.
std::vector<std::string>& solved_here() {
  static std::vector<std::string> ids;
  return ids;
}
void page_remember_solved(const std::string& id) {
  if (!page_is_solved(id)) solved_here().push_back(id);
}
bool page_is_solved(const std::string& id) {
  return std::find(solved_here().begin(), solved_here().end(), id) != solved_here().end();
}
// The desktop keeps no recent games, and the mistakes solved for the session only.
std::vector<SavedReview> page_saved_reviews() {
  return {};
}
std::string& mistake_progress_here() {
  static std::string text;
  return text;
}
std::string page_mistake_progress() {
  return mistake_progress_here();
}
void page_set_mistake_progress(const std::string& text) {
  mistake_progress_here() = text;
}

#endif

}  // namespace stonegrid::web

#ifdef __EMSCRIPTEN__

using stonegrid::web::App;
using stonegrid::web::the_app;

namespace {

std::string& buffer(int slot) {
  static std::string buffers[28];
  return buffers[slot];
}

const char* keep(int slot, std::string text) {
  buffer(slot) = std::move(text);
  return buffer(slot).c_str();
}

// `text` as a JSON string (quotes and backslashes escaped, control characters dropped).
std::string json_text(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) >= 0x20) out += c;
  }
  return out + "\"";
}

// The game named (`name` "": the engine's default game), or nullopt with the error the page
// shows: "unknown game 'chess' (loose, go, looper, squaresquared)".
std::optional<stonegrid::GameKind> named_game(const char* name, std::string& error) {
  if (!*name) return stonegrid::GameSettings{}.kind;
  std::optional<stonegrid::GameKind> kind = stonegrid::game_kind(name);
  if (!kind) error = "unknown game '" + stonegrid::quote(name) + "' (" + stonegrid::game_names() + ")";
  return kind;
}

// The point of a vertex of the current board ("D4", case-insensitive), or nullopt.
std::optional<stonegrid::Point> vertex_point(App* app, const char* vertex) {
  std::string error;
  return app ? stonegrid::parse_vertex(vertex, app->session().game().size(), error) : std::nullopt;
}

// theme=: `flat` and `wood` are the board's look; light, dark, wood and transparent are also
// the frame around an embedded board (diagram mode), light and dark with the panel's colours.
void set_theme(stonegrid::web::ViewSettings& s, const std::string& name) {
  using stonegrid::DiagramTheme;
  const std::optional<DiagramTheme> frame = stonegrid::diagram_theme(name);
  if (name == "flat") {
    s.theme = stonegrid::web::Theme::flat;
    return;
  }
  if (!frame) {
    s.theme = stonegrid::web::Theme::wood;
    return;
  }
  s.frame = frame;
  if (*frame == DiagramTheme::wood) s.theme = stonegrid::web::Theme::wood;
  if (*frame == DiagramTheme::light) s.dark = false;
  if (*frame == DiagramTheme::dark) s.dark = true;
}

// A task's part of the board (SGF VW[]) as its corners, ["D1","J5"] (bottom left, top right), or
// null.
std::string view_corners(const stonegrid::teach::Task& task) {
  if (!task.view) return "null";
  const stonegrid::teach::BoardRect& r = *task.view;
  auto vertex = [](int column, int row) {
    return "\"" + std::string(1, stonegrid::column_letter(column)) + std::to_string(row + 1) + "\"";
  };
  return "[" + vertex(r.first_column, r.first_row) + "," + vertex(r.last_column, r.last_row) + "]";
}

}  // namespace

extern "C" {

// The table of games: each game's facts (names, sizes, komi rules, variants) as JSON, for the
// page's own checks (assets/page.js) so it keeps no second copy.
// The mouse left the canvas (shell.html): until it moves in again the app sees no mouse, so no
// hover stone stays drawn (ImGui's SDL backend keeps the last position while the canvas has focus).
EMSCRIPTEN_KEEPALIVE void stonegrid_pointer_left() {
  if (App* app = the_app()) app->ui().pointer_outside = true;
}

EMSCRIPTEN_KEEPALIVE const char* stonegrid_game_facts() {
  return keep(9, stonegrid::game_facts_json());
}

// --- games by link (Session::friend_link and its neighbours; assets/page.js keeps them) ----

// The link text of the game by link as it stands, with `name` as the sender's; from then on the
// friend has every move (an undo stops there). "" when the game is not by link.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_friend_link(const char* name) {
  App* app = the_app();
  if (!app || !app->session().friend_game()) return keep(19, "");
  return keep(19, app->session().friend_link(name));
}

// The same text without counting it sent: what the page keeps of the game.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_link_text() {
  App* app = the_app();
  if (!app || !app->session().friend_game()) return keep(20, "");
  return keep(20, app->session().link_text());
}

// Opens a friend's link: {"changed": bool, "message": "Ann played D4. Your move: you are White"}
// (Session::open_link's sentences, refusals included).
EMSCRIPTEN_KEEPALIVE const char* stonegrid_open_link(const char* text) {
  App* app = the_app();
  if (!app) return keep(21, "{\"changed\":false,\"message\":\"the app has not started\"}");
  std::string message;
  const bool changed = app->open_link(text, message);
  return keep(21, std::string("{\"changed\":") + (changed ? "true" : "false") +
                      ",\"message\":" + json_text(message) + "}");
}

// What a link holds, without opening it: {"id": 12 hex digits, "sender": 1|2, "name", "moves",
// "game", "size"}, or {"error": why it cannot be read}.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_link_info(const char* text) {
  std::string error;
  const std::optional<stonegrid::GameLink> link = stonegrid::decode_game_link(text, error);
  if (!link) return keep(22, "{\"error\":" + json_text(error) + "}");
  char id[16];
  std::snprintf(id, sizeof id, "%012llx", static_cast<unsigned long long>(link->id));
  return keep(22, std::string("{\"id\":\"") + id + "\",\"sender\":" + std::to_string(link->sender) +
                      ",\"name\":" + json_text(link->name) +
                      ",\"moves\":" + std::to_string(link->record.moves.size()) +
                      ",\"game\":" + json_text(std::string(link->record.settings.kind.facts().name)) +
                      ",\"size\":" + std::to_string(link->record.settings.size) + "}");
}

// Puts back a game by link this device kept (its link text, the friend's name, the moves they
// have seen). Returns "" or the error.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_resume_link(const char* text, const char* name, int sent) {
  App* app = the_app();
  if (!app) return keep(23, "the app has not started");
  std::string error;
  app->resume_link(text, name, sent < 0 ? 0 : static_cast<size_t>(sent), error);
  return keep(23, error);
}

// The QR code of `text` (core/formats/qr_code.h) as "SIZE:" and its modules row by row, '1'
// dark; "" when the text is too long for one. The page draws it with a quiet zone.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_qr(const char* text) {
  const std::optional<stonegrid::QrCode> code = stonegrid::make_qr_code(text);
  if (!code) return keep(24, "");
  std::string out = std::to_string(code->size) + ":";
  for (const uint8_t m : code->modules) out += m ? '1' : '0';
  return keep(24, out);
}

// The GTP `stonegrid-state` object as JSON text, plus "players" (Session::state_json).
EMSCRIPTEN_KEEPALIVE const char* stonegrid_state() {
  App* app = the_app();
  return keep(0, app ? app->session().state_json() : "null");
}

// A new game; `game` "" means the engine's default game, komi NaN the game's default. Each
// player: 0 a person here, 1 the bot, 2 a friend on another device (a game by link). Returns ""
// or the error.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_new_game(const char* game, int size, double komi, int first,
                                                    int second, int level) {
  App* app = the_app();
  if (!app) return keep(1, "the app has not started");
  std::string error;
  std::optional<stonegrid::GameKind> kind = named_game(game, error);
  if (!kind) return keep(1, error);
  stonegrid::GameSettings settings;
  settings.kind = *kind;
  settings.size = size;
  if (!std::isnan(komi)) settings.komi = komi;
  if (level < stonegrid::min_level || level > stonegrid::max_level)
    return keep(1, "level " + std::to_string(level) + " is not 1 to 10");
  // Both players a friend elsewhere: a game whose komi is cut and choose (Loose) with the colours
  // open (you named the komi, the friend picks); any other game needs a player here.
  if (first == 2 && second == 2 && !kind->facts().komi_cut_and_choose)
    return keep(1, "one player must play on this device");
  app->session().new_game(settings, {first == 1, level, first == 2}, {second == 1, level, second == 2},
                          error);
  return keep(1, error);
}

// What a new game with these settings would be, without starting one: {"game": its engine
// name, "size", "komi" (null for a game without komi)} with the defaults filled in (`game` "":
// the engine's default game; `size`, `komi` NaN: the game's), or {"error": AnyGame::create's
// sentence, e.g. "size 8 is not allowed in Loose (odd sizes 5 to 25)"}. The page checks its
// link's and saved games' settings with it, so it keeps no size or komi rule of its own.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_check_settings(const char* game, double size, double komi) {
  std::string error;
  std::optional<stonegrid::AnyGame> made;
  if (std::optional<stonegrid::GameKind> kind = named_game(game, error)) {
    stonegrid::GameSettings settings;
    settings.kind = *kind;
    if (!std::isnan(komi)) settings.komi = komi;
    // GameSettings reads size 0 as the default size: a size given is judged as given.
    if (std::isnan(size) || (size >= 1 && size <= 1000 && size == std::floor(size))) {
      settings.size = std::isnan(size) ? 0 : static_cast<int>(size);
      made = stonegrid::AnyGame::create(settings, error);
    } else {
      error = "size " + stonegrid::format_number(size) + " is not a board size";
    }
  }
  if (!made) return keep(16, "{\"error\":" + json_text(error) + "}");
  return keep(16, "{\"game\":" + json_text(std::string(made->name())) +
                      ",\"size\":" + std::to_string(made->size()) + ",\"komi\":" +
                      (made->facts().has_komi ? stonegrid::format_number(made->komi()) : "null") + "}");
}

// The current game's record: {"turns": every accepted turn in text notation ("D4", "pass",
// "A1+C3", "take", "resign"), "setup": true when stones stand on the board before the first
// turn (an SGF's AB/AW), which a list of turns cannot express}.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_record() {
  App* app = the_app();
  if (!app) return keep(17, "null");
  const stonegrid::AnyGame& game = app->session().game();
  std::string turns;
  for (const stonegrid::Move& move : game.moves())
    turns += (turns.empty() ? "\"" : ",\"") + stonegrid::move_text(move, game.size()) + "\"";
  // (The SGF reader records the set-up board as play starts from it: its stones only.)
  const bool setup = !game.record().setup.empty();
  return keep(17, "{\"turns\":[" + turns + "],\"setup\":" + (setup ? "true" : "false") + "}");
}

// Plays a move in text notation for the side to move: 1 when accepted.
EMSCRIPTEN_KEEPALIVE int stonegrid_play(const char* move) {
  App* app = the_app();
  return app && app->session().play_text(move) ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE int stonegrid_undo() {
  App* app = the_app();
  return app && app->session().undo() ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE const char* stonegrid_sgf() {
  App* app = the_app();
  return keep(2, app ? app->session().sgf() : "");
}

// Loads an SGF text; "" or the error (also shown in the app).
EMSCRIPTEN_KEEPALIVE const char* stonegrid_load_sgf(const char* text) {
  App* app = the_app();
  if (!app) return keep(3, "the app has not started");
  std::string error;
  app->session().load_sgf(text, error);
  return keep(3, error);
}

// A Sensei's Library diagram's position (Session::load_sl) in `game` ("": go, or what the text
// says): "" or the error ("sl: line 3, column 5: ...").
EMSCRIPTEN_KEEPALIVE const char* stonegrid_load_sl(const char* text, const char* game) {
  App* app = the_app();
  if (!app) return keep(3, "the app has not started");
  std::string error;
  // A bad diagram is said once, by the page's notice (which also says where the text stays).
  if (!app->session().load_sl(text, game, error)) app->session().set_message("");
  return keep(3, error);
}

// A game's puzzle file, fetched by shell.html (page_load_puzzles): "" or why it was not added.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_add_puzzles(const char* game, const char* text) {
  std::string error;
  stonegrid::teach::add_puzzles(game, text, error);
  return keep(3, error);
}

// The learned Go shapes, fetched by shell.html (page_load_shapes): "" or why they were not installed.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_add_shapes(const char* text) {
  std::string error;
  stonegrid::bot::install_go_shapes(text, error);
  return keep(3, error);
}

// Opens a problem (mode=problem): `text` an SGF task (teach::read_problem), or, when it is
// empty, the built-in lesson or puzzle called `id`. "" or what is wrong.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_open_problem(const char* text, const char* id) {
  App* app = the_app();
  if (!app) return keep(3, "the app has not started");
  std::string error;
  std::optional<stonegrid::teach::Task> task;
  if (*text) {
    task = stonegrid::teach::read_problem(text, error);
  } else if (const stonegrid::teach::Task* found = stonegrid::teach::find_task(id)) {
    task = *found;
  } else {
    error = "no puzzle is called '" + std::string(id).substr(0, 64) + "' (e.g. go-puzzle-9)";
  }
  if (task && !app->start_problem(std::move(*task))) error = "the problem's position cannot be set up";
  return keep(3, error);
}

// The review as text to keep with the saved game (Reviewer::saved), "" without one.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_review_text() {
  App* app = the_app();
  return keep(25, app ? app->session().review_text() : "");
}

// Puts back a review kept with the game on the board; "" or why not (nothing changes then).
EMSCRIPTEN_KEEPALIVE const char* stonegrid_restore_review(const char* text) {
  App* app = the_app();
  if (!app) return keep(26, "the app has not started");
  std::string error;
  app->session().restore_review(text, error);
  return keep(26, error);
}

// Offers the game as a download, as the panel's button does.
EMSCRIPTEN_KEEPALIVE void stonegrid_download_sgf() {
  App* app = the_app();
  if (app) stonegrid::web::page_download_sgf("stonegrid.sgf", app->session().sgf());
}

EMSCRIPTEN_KEEPALIVE const char* stonegrid_last_message() {
  App* app = the_app();
  return keep(4, app ? app->session().message() : "");
}

EMSCRIPTEN_KEEPALIVE int stonegrid_bot_thinking() {
  App* app = the_app();
  return app && app->session().bot_to_move() ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE void stonegrid_move_now() {
  if (App* app = the_app()) app->session().move_now();
}

// -1 while the live position is shown, else the number of moves of the position shown.
EMSCRIPTEN_KEEPALIVE int stonegrid_viewing() {
  App* app = the_app();
  return app ? app->session().viewing() : -1;
}

// View settings by name: theme (wood|flat, and the diagram frames light|dark|wood|transparent),
// numbers (0|1|auto: as the SGF's PM says), caption (text), dark, grid, stars, coordinates, falseLiberties,
// animations, analysis, oneTap, and the page's modes embed, readonly (0|1); help (0 closed, 1-5
// open at that tab: the four games, controls); screen (home|game); newGame (a game's name: the
// new-game dialog opened on it). Returns 1 when the name is known.
EMSCRIPTEN_KEEPALIVE int stonegrid_set_view(const char* name, const char* value) {
  App* app = the_app();
  if (!app) return 0;
  stonegrid::web::ViewSettings& s = app->ui().settings;
  std::string key = name, v = value;
  bool on = v == "1" || v == "true";
  if (key == "theme")
    set_theme(s, v);
  else if (key == "numbers")
    s.numbers = v == "auto" ? std::nullopt : std::optional<bool>(on);
  else if (key == "caption")
    s.caption = v;
  else if (key == "dark")
    s.dark = on;
  else if (key == "grid")
    s.grid = on;
  else if (key == "stars")
    s.star_points = on;
  else if (key == "coordinates")
    s.coordinates = on;
  else if (key == "falseLiberties")
    s.false_liberties = on;
  else if (key == "animations")
    s.animations = on;
  else if (key == "analysis")
    s.analysis = on;
  else if (key == "oneTap")
    s.one_tap = on;
  else if (key == "embed")
    app->ui().embed = on;
  else if (key == "live")  // page.js: a live connection to the friend is open
    app->ui().live = on;
  else if (key == "readonly")
    app->set_readonly(on);
  else if (key == "screen" && v == "home")
    app->show_home();
  else if (key == "screen" && v == "game")
    app->show_game();
  else if (key == "newGame" && stonegrid::game_kind(v))
    app->show_new_game(*stonegrid::game_kind(v));
  else if (key == "help") {
    const bool open = v != "0" && v != "false";
    app->show_help(open, std::isdigit(v[0]) ? v[0] - '0' - 1 : -1);
    // The help sits beside a board: a link with help= and no game opens it on the game screen.
    if (open && std::string_view(app->screen_name()) == "home") app->show_game();
  } else
    return 0;
  return 1;
}

// The stone drawn on a vertex: of the position shown (an earlier one while viewing the record).
// 0 empty, 1 black, 2 white; -1 for a vertex not on the board or before start-up.
EMSCRIPTEN_KEEPALIVE int stonegrid_stone_at(const char* vertex) {
  App* app = the_app();
  const std::optional<stonegrid::Point> point = vertex_point(app, vertex);
  return point ? static_cast<int>(app->session().shown().state().at(*point)) : -1;
}

// The UI's state as JSON: {"screen": "home"|"game"|"result", "layout":
// "home"|"landscape"|"portrait"|"embed", "embed", "readonly", "pan": [columns, rows] (Looper's
// torus panned by), "touch", "oneTap", "preview": "D4"|null, "zoom", "fontSize" (CSS px), "viewing",
// "threads" (0: the bot searches in slices of the page's frames; n: on a thread of its own, level 10
// on n threads: the page's threaded build, index-mt.*), and
// diagram mode's "frame": "light"|"dark"|"wood"|"transparent"|null, "numbers": true|false|null (as the SGF
// says), "caption" (the text under the board now), "marks" (SGF marks on the position), "review":
// null or {"searched", "positions", "finished", "mistakes" (turns judged a mistake or worse),
// "restored" (positions read back from the saved game, not searched here), "threads" (the
// threads it searches on: 0 in the frames' slices)},
// "line": [turn, step] of the better line shown ([0, 0]: none)}.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_ui() {
  App* app = the_app();
  if (!app) return keep(5, "null");
  auto flag = [](bool on) { return on ? std::string("true") : std::string("false"); };
  std::string preview =
      app->ui().preview == stonegrid::no_point
          ? "null"
          : "\"" + stonegrid::vertex_text(app->ui().preview, app->session().game().size()) + "\"";
  char numbers[128];
  std::snprintf(numbers, sizeof numbers, "\"zoom\":%g,\"fontSize\":%g,\"viewing\":%d,\"pan\":[%d,%d]",
                app->ui().view.zoom, ImGui::GetCurrentContext() ? ImGui::GetFontSize() : 0.0,
                app->session().viewing(), app->ui().view.offset_column, app->ui().view.offset_row);
  std::string review = "null";
  if (const stonegrid::Reviewer* r = app->session().review()) {
    int mistakes = 0;
    for (const stonegrid::TurnReview& t : r->turns()) mistakes += t.verdict >= stonegrid::Verdict::mistake;
    review = "{\"searched\":" + std::to_string(r->searched()) +
             ",\"positions\":" + std::to_string(r->positions()) + ",\"finished\":" + flag(r->finished()) +
             ",\"mistakes\":" + std::to_string(mistakes) + ",\"restored\":" + std::to_string(r->restored()) +
             ",\"threads\":" + std::to_string(app->session().review_threads()) + "}";
  }
  const auto& view = app->ui().settings;
  const char* frame_names[] = {"light", "dark", "wood", "transparent"};
  const std::string diagram =
      ",\"frame\":" +
      (view.frame ? json_text(frame_names[static_cast<int>(*view.frame)]) : std::string("null")) +
      ",\"numbers\":" + (view.numbers ? flag(*view.numbers) : std::string("null")) +
      ",\"caption\":" + json_text(stonegrid::web::caption(app->session(), app->ui())) + ",\"marks\":" +
      std::to_string(app->session().markup_shown() ? app->session().markup_shown()->marks.size() : 0);
  return keep(5, std::string("{\"screen\":\"") + app->screen_name() + "\",\"layout\":\"" + app->ui().layout +
                     "\",\"embed\":" + flag(app->ui().embed) + ",\"readonly\":" + flag(app->ui().readonly) +
                     ",\"touch\":" + flag(app->ui().touch) +
                     ",\"oneTap\":" + flag(app->ui().settings.one_tap) + ",\"preview\":" + preview +
                     ",\"threads\":" + std::to_string(app->session().search_threads()) + "," + numbers +
                     diagram + ",\"review\":" + review + ",\"line\":[" + std::to_string(app->ui().line_turn) +
                     "," + std::to_string(app->ui().line_turn > 0 ? app->ui().line_step : 0) + "]}");
}

// The result card's words: {"headline": "You won by 2.5", "reason": "Both players passed…"},
// or null while the game is on.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_result_text() {
  App* app = the_app();
  if (!app || !app->session().game().state().is_over()) return keep(10, "null");
  return keep(10, "{\"headline\":" +
                      json_text(stonegrid::result_headline(app->session().game(), app->session().you())) +
                      ",\"reason\":" + json_text(stonegrid::end_reason(app->session().game())) + "}");
}

// The lesson, puzzle or problem open: {"mode": "lesson"|"puzzle"|"problem", "game", "index",
// "count", "id", "title", "solved" (its end is on the board), "shown" (Show me played a turn of it
// since it started: its end was shown, not solved), "failed" (a problem's wrong turn was played), "feedback",
// "showMe": [the solving turn of each step], "motif", "difficulty" (0: none), "wrong": [the wrong
// turns it answers], "refuted" (the board shows one with its refutation), "zoom" (the board's
// magnification), "view" (its part of the board: corners, view_corners)}, or null.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_task() {
  App* app = the_app();
  if (!app || !app->coach().active() || std::string_view(app->screen_name()) == "game")
    return keep(10, "null");
  const stonegrid::Coach& coach = app->coach();
  const stonegrid::teach::Task& task = coach.task();
  std::string show_me;
  for (const std::string& turn : task.show_me) show_me += (show_me.empty() ? "" : ",") + json_text(turn);
  std::string wrong;
  for (const stonegrid::teach::WrongAnswer& w : task.wrong)
    wrong += (wrong.empty() ? "" : ",") + json_text(w.turn);
  return keep(
      10, std::string("{\"mode\":\"") + app->screen_name() + "\",\"game\":" + json_text(task.game) +
              ",\"index\":" + std::to_string(coach.index()) + ",\"count\":" + std::to_string(coach.count()) +
              ",\"id\":" + json_text(task.id) + ",\"title\":" + json_text(task.title) + ",\"solved\":" +
              (coach.solved() ? "true" : "false") + ",\"shown\":" + (coach.shown() ? "true" : "false") +
              ",\"failed\":" + (coach.failed() ? "true" : "false") +
              ",\"feedback\":" + json_text(coach.feedback()) + ",\"showMe\":[" + show_me + "]" +
              ",\"motif\":" + json_text(task.motif) + ",\"difficulty\":" + std::to_string(task.difficulty) +
              ",\"wrong\":[" + wrong + "],\"refuted\":" + (coach.refuted() ? "true" : "false") +
              ",\"zoom\":" + std::to_string(app->ui().view.zoom) + ",\"view\":" + view_corners(task) + "}");
}

// Learn from your mistakes (App::mistakes): {"tasks": the tasks gathered, "solved": of them,
// "list": [{"id", "turn", "played", "best", "solved"}] each task,
// "open": null or the task open: {"index", "id", "turn", "played", "best", "sentence",
// "checking" (a move is being judged), "answered" (a right move found here), "solved",
// "feedback", "good", "hint" (the feedback is the hint), "line" (Show me's step, 0: none)}}.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_mistakes() {
  App* app = the_app();
  if (!app) return keep(27, "null");
  const stonegrid::MistakeTrainer& m = app->mistakes();
  auto flag = [](bool on) { return on ? std::string("true") : std::string("false"); };
  std::string open = "null";
  if (m.active() && std::string_view(app->screen_name()) == "mistakes") {
    const stonegrid::MistakeTask& t = m.task();
    const int size = t.position.size();
    open = "{\"index\":" + std::to_string(m.index()) + ",\"id\":" + json_text(t.id) +
           ",\"turn\":" + std::to_string(t.turn) +
           ",\"played\":" + json_text(stonegrid::move_text(t.played, size)) +
           ",\"best\":" + json_text(stonegrid::move_text(t.best, size)) +
           ",\"sentence\":" + json_text(stonegrid::task_sentence(t)) + ",\"checking\":" + flag(m.checking()) +
           ",\"answered\":" + flag(m.answered()) + ",\"solved\":" + flag(m.solved()) +
           ",\"feedback\":" + json_text(m.feedback()) + ",\"good\":" + flag(m.feedback_good()) +
           ",\"hint\":" + flag(m.feedback_is_hint()) + ",\"line\":" + std::to_string(m.line_step()) + "}";
  }
  std::string list;
  for (const stonegrid::MistakeTask& t : m.tasks()) {
    const int size = t.position.size();
    list += (list.empty() ? "{\"id\":" : ",{\"id\":") + json_text(t.id) +
            ",\"turn\":" + std::to_string(t.turn) +
            ",\"played\":" + json_text(stonegrid::move_text(t.played, size)) +
            ",\"best\":" + json_text(stonegrid::move_text(t.best, size)) +
            ",\"solved\":" + flag(m.progress().solved(t.id)) + "}";
  }
  return keep(27, "{\"tasks\":" + std::to_string(m.tasks().size()) +
                      ",\"solved\":" + std::to_string(m.progress().solved_of(m.tasks())) + ",\"list\":[" +
                      list + "],\"open\":" + open + "}");
}

// Opens Learn from your mistakes at task `index` (-1: the first not solved): 1 when it opened.
EMSCRIPTEN_KEEPALIVE int stonegrid_open_mistakes(int index) {
  App* app = the_app();
  return app && app->start_mistakes(index) ? 1 : 0;
}

// The move list's lines as a JSON array of strings.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_move_list() {
  App* app = the_app();
  std::string json = "[";
  if (app)
    for (const std::string& label : app->session().move_labels())
      json += (json.size() > 1 ? "," : "") + json_text(label);
  return keep(11, json + "]");
}

// Where a named control (a button's label, e.g. "New game", "Confirm", "Copy SGF"; see
// Ui::note_control) was drawn in the last frame: {"x","y","width","height"} in CSS pixels of
// the canvas, or null when it was not drawn.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_control_rect(const char* name) {
  App* app = the_app();
  const stonegrid::web::ControlRect* rect = app ? app->ui().control(name) : nullptr;
  if (!rect) return keep(6, "null");
  char json[128];
  std::snprintf(json, sizeof json, "{\"x\":%g,\"y\":%g,\"width\":%g,\"height\":%g}", rect->min.x, rect->min.y,
                rect->max.x - rect->min.x, rect->max.y - rect->min.y);
  return keep(6, json);
}

// What the last frame laid out (web/layout.h): {"screen", "viewport", "items": [...]}.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_layout() {
  return keep(14, stonegrid::web::layout_json(stonegrid::web::layout_recorder().last()));
}

// What is wrong with the last frame's layout (web/layout.h's rules): [{"rule", "item", "other",
// "text"}], empty when nothing is.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_layout_audit() {
  return keep(15, stonegrid::web::layout_problems_json(
                      stonegrid::web::audit_layout(stonegrid::web::layout_recorder().last())));
}

// Opens lesson or puzzle `index` (0-based) of a game ("": the default game's), with its hint
// shown when `hint` is 1 (as the Hint button does): 1 when there is one.
EMSCRIPTEN_KEEPALIVE int stonegrid_open_task(const char* mode, const char* game, int index, int hint) {
  App* app = the_app();
  std::string error;
  std::optional<stonegrid::GameKind> kind = named_game(game, error);
  if (!app || !kind) return 0;
  const std::string m = mode;
  if (m != "lesson" && m != "puzzle") return 0;
  const auto task_mode = m == "lesson" ? stonegrid::Coach::Mode::lesson : stonegrid::Coach::Mode::puzzle;
  if (!app->start_task(task_mode, *kind, index)) return 0;
  if (hint) app->show_task_hint();
  return 1;
}

// The names of the controls drawn in the last frame, as a JSON array.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_controls() {
  App* app = the_app();
  std::string json = "[";
  if (app)
    for (const std::string& name : app->ui().control_names()) {
      if (json.size() > 1) json += ",";
      json += "\"";
      for (char c : name) {
        if (c == '"' || c == '\\') json += '\\';
        json += c;
      }
      json += "\"";
    }
  return keep(7, json + "]");
}

// The position shown as an SVG picture (core/formats/diagram.h), with what the app shows on it
// (diagram_options, web/diagram_mode.h); each option given overrides it: `theme` "" or a frame name, `width`
// 0 for the default, `coordinates` and `numbers` -1 for the app's, `caption` when `has_caption`.
// "" when the theme is unknown.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_svg(const char* theme, const char* caption, int width,
                                               int coordinates, int numbers, int has_caption) {
  App* app = the_app();
  if (!app) return keep(12, "");
  stonegrid::DiagramOptions options = stonegrid::web::diagram_options(app->session(), app->ui());
  if (*theme) {
    const std::optional<stonegrid::DiagramTheme> named = stonegrid::diagram_theme(theme);
    if (!named) return keep(12, "");
    options.theme = *named;
  }
  options.width = std::max(0, width);
  if (coordinates >= 0) options.coordinates = coordinates != 0;
  if (numbers >= 0) options.numbers = numbers != 0;
  if (has_caption) options.caption = caption;
  return keep(12, stonegrid::diagram_svg(app->session().shown(), options));
}

// "Download image", as the embed toolbar's menu offers it.
EMSCRIPTEN_KEEPALIVE void stonegrid_download_image() {
  if (App* app = the_app()) stonegrid::web::download_image(app->session(), app->ui());
}

// Where a vertex ("D4") is drawn now (Looper: its main copy): {"x", "y"} in CSS pixels of the
// canvas, or null for a vertex not on the board.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_vertex_position(const char* vertex) {
  App* app = the_app();
  const std::optional<stonegrid::Point> point = vertex_point(app, vertex);
  if (!point) return keep(18, "null");
  const stonegrid::Geometry& geometry = app->session().game().state().geometry();
  const ImVec2 at = app->ui().view.position(geometry.column(*point), geometry.row(*point));
  char json[96];
  std::snprintf(json, sizeof json, "{\"x\":%g,\"y\":%g}", at.x, at.y);
  return keep(18, json);
}

// The last frames' timing (App::frame_timing), for measuring: {"slice": the next bot slice in
// ms, "frames": [[bot ms, frame ms, interval ms, drawn 0|1, vertices], ...] oldest first}.
EMSCRIPTEN_KEEPALIVE const char* stonegrid_frame_timing() {
  App* app = the_app();
  if (!app) return keep(8, "null");
  std::string json = "{\"slice\":" + std::to_string(app->bot_slice()) + ",\"frames\":[";
  char row[96];
  for (const stonegrid::web::FrameTiming& t : app->frame_timing()) {
    std::snprintf(row, sizeof row, "%s[%.2f,%.2f,%.2f,%d,%d]", json.back() == '[' ? "" : ",", t.bot_ms,
                  t.frame_ms, t.interval_ms, t.drawn ? 1 : 0, t.vertices);
    json += row;
  }
  return keep(8, json + "]}");
}

// The search behind the bot's last move (Session::last_search), for measuring: {"simulations",
// "threads", "level", "ms", "shapes"}, or null before the bot has moved. "shapes": how many
// learned Go shapes the bot has now (0 until the page has fetched them).
EMSCRIPTEN_KEEPALIVE const char* stonegrid_last_search() {
  App* app = the_app();
  const auto& record = app ? app->session().last_search() : std::nullopt;
  if (!record) return keep(13, "null");
  const stonegrid::bot::ShapeTable* shapes = stonegrid::bot::go_shapes();
  char json[160];
  std::snprintf(json, sizeof json,
                "{\"simulations\":%lld,\"threads\":%d,\"level\":%d,\"ms\":%.1f,\"shapes\":%zu}",
                record->simulations, record->threads, record->level, record->ms,
                shapes ? shapes->codes.size() : size_t{0});
  return keep(13, json);
}

}  // extern "C"

#endif
