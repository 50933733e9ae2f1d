// The page's side of the app. In the browser: the functions exported to JavaScript (the
// `window.stonegrid` object in shell.html wraps them) and the services the app asks of the page
// — events for listeners, the screen-reader announcement, SGF download and upload. On the
// desktop the services fall back to the console and a file in the working folder.
#pragma once

#include <string>
#include <vector>

#include "mistakes.h"

namespace stonegrid::web {

class App;
App* the_app();  // the running app, or null before start-up (defined in main.cpp)

// After every accepted move: `move` listeners get the move and the state; `over` listeners
// get the state once the game has ended.
void page_move_event(const std::string& move, const std::string& state_json, bool over);
// A problem's end: `name` "solved" or "failed", the problem's id and the state after it.
void page_task_event(const std::string& name, const std::string& id, const std::string& state_json);
// Updates the page's aria-live region (whose turn, last move, score).
void page_announce(const std::string& text);
// Offers `sgf` as a file download (browser) or writes it to `name` (desktop); returns where.
std::string page_download_sgf(const std::string& name, const std::string& sgf);
// Offers `svg` as an image download (browser) or writes it to `name` (desktop); returns where.
std::string page_download_svg(const std::string& name, const std::string& svg);
// Opens the browser's file picker; the chosen text comes back through stonegrid_load_sgf.
// False where there is none (desktop).
bool page_open_sgf_file();
// Whether the page layer offers share links (the browser; not the desktop).
bool page_has_links();
// Copy link / Copy SGF / Open the full app, through the page layer (assets/page.js, which shows
// a notice). False when there is no page layer: the caller falls back (the SGF to the clipboard).
bool page_copy_link();
bool page_copy_sgf();
bool page_open_full_app();
// An embedded board's Help: the full app in a new tab with the help open at `page` (1-5), as
// the frame has no room beside the board. False where there is no page layer.
bool page_open_help(int page);
// The recent games page.js keeps in local storage, newest first, one line each ("Go 9×9 · vs
// the bot, level 3 · you won · 24 Nov 17:40", or the number of moves of an unfinished one); empty where there
// is no page layer. Opening one replaces the current game (page.js replays its moves and shows a notice).
std::vector<std::string> page_recent_games();
bool page_open_recent(int index);
// Games by link (assets/page.js keeps them in local storage): Send the link of the game as it
// stands (the system's share sheet on phones, the clipboard elsewhere; a notice says which), the
// games kept, one line each with "your turn" first ("Your turn · Go 9×9 with Ann · 12 moves"),
// and opening one of them. Empty / false where there is no page layer.
bool page_send_link();
// Calls window.stonegrid[name]() of page.js (its QR code and live dialogs); false where there is none.
bool page_call(const char* name);
std::vector<std::string> page_link_games();
bool page_open_link_game(int index);
// The name this device signs its links with (local storage), "" when none was given.
std::string page_your_name();
void page_set_your_name(const std::string& name);
// The page is built without the puzzles (cmake/embed_tasks.cmake): asked for a game's, it
// fetches puzzles/<game>.sgf, adds it (teach::add_puzzles) and opens puzzle `index` (-1: the
// first not solved), or says on the page why it could not. True when it took the request;
// false where the puzzles are built in (desktop).
bool page_load_puzzles(const std::string& game, int index);
// The page is built without the learned Go shapes (core/bot/go_shapes.cpp): asked when the bot
// is about to think in Go without them, it fetches go-shapes.txt once and installs it
// (bot::install_go_shapes); until then the bot's priors use the 3×3 patterns. Nothing on the
// desktop, whose binary carries them.
void page_load_shapes();
// The lessons and puzzles solved on this browser (local storage 'stonegrid.solved'), by task id.
void page_remember_solved(const std::string& id);
bool page_is_solved(const std::string& id);
// Recent games kept with a review (page.js), for Learn from your mistakes: their SGF, the review,
// and who were people (the side the bot did not play; games by link are left out). Empty where
// there is no page layer.
std::vector<SavedReview> page_saved_reviews();
// The mistakes solved on this browser (local storage 'stonegrid.mistakes': MistakeProgress's
// text); "" when none, or where there is no page layer.
std::string page_mistake_progress();
void page_set_mistake_progress(const std::string& text);

}  // namespace stonegrid::web
