// A GTP version 2 engine over AnyGame, as a class: `handle` takes one line of input and returns
// the complete response, so tests drive it without processes and the CLI is a read-print loop.
// No global state: each GtpEngine owns its game and its bot.
//
// Commands (docs/gtp.md has the details and a sample session):
//   standard: protocol_version name version known_command list_commands quit boardsize
//     clear_board komi play genmove undo showboard final_score time_settings time_left loadsgf
//     printsgf
//   GNU Go's extension: set_random_seed
//   Stonegrid: stonegrid-game stonegrid-play stonegrid-legal stonegrid-genmove stonegrid-state
//     (and the bot's: stonegrid-level -playouts -seconds -threads -analyze)
//   GoGui rules protocol: gogui-rules_game_id gogui-rules_board gogui-rules_board_size
//     gogui-rules_legal_moves gogui-rules_side_to_move gogui-rules_final_result
//     gogui-rules_captured_count, and gogui-analyze_commands
//
// Colour and player: `play C MOVE` and `genmove C` name the colour of the stone the mover places;
// it must be the colour to move (GoGui style), or the engine answers `? it is White's turn`. In a
// Looper ballot every turn places black stones, so both players' ballot turns are `play b ...`.
// The stonegrid-* commands act for the side to move and need no colour.
//
// `genmove` and `stonegrid-genmove` ask the bot (core/bot/bot.h) at the level set by
// `stonegrid-level N` (1-10, default 10: full strength, 2 s a move without a clock), within the
// clock of `time_settings`/`time_left`; `stonegrid-playouts N` and `stonegrid-seconds S` fix
// the search per move; `stonegrid-threads N` searches a move bounded by time only on N threads;
// `stonegrid-analyze [playouts]` searches without playing and answers one JSON line.
//
// Limits (docs/gtp.md §Limits): an input line holds at most `max_line` bytes (`read_line` never
// buffers more; a longer line is answered `? line too long`), a search at most `max_playouts`
// playouts and `max_seconds` seconds; a request beyond them is answered `? ...`, and an error
// quotes at most about 80 characters of the input.
#pragma once

#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rules/any_game.h"

namespace stonegrid {

class GtpBot;  // the bot's state in the engine: core/tools/gtp_bot.cpp

// `text` in single quotes, cut to at most 60 bytes (at a UTF-8 character boundary, then "...")
// : how error messages echo input.
std::string quote_input(std::string_view text);

class GtpEngine {
 public:
  static constexpr size_t max_line = 8192;            // bytes of one command line
  static constexpr long long max_playouts = 200'000;  // per search (playout-bounded)
  static constexpr double max_seconds = 60;           // per search, also for any clock share
  static constexpr int max_threads = 64;              // search threads (Bot::Options::threads)

  // `seed` seeds the bot's search (as `set_random_seed` does later).
  explicit GtpEngine(AnyGame game = AnyGame(), uint64_t seed = 0x5EED);

  // Reads one line (without its newline) from `in`, keeping at most max_line + 1 bytes and
  // discarding the rest of a longer line unread into memory, so `handle` can refuse it. False
  // at the end of the input.
  static bool read_line(std::istream& in, std::string& line);

  // One input line (with or without its newline) -> the full response including the blank line
  // that ends it: "= ...\n\n" or "? ...\n\n", with the id echoed ("=12 ..."). Empty lines and
  // comment-only lines give "" (no response), as GTP asks.
  std::string handle(std::string_view line);

  // What the next `genmove` may spend, from the level, stonegrid-playouts/-seconds and the
  // clock (core/tools/gtp_bot.cpp): a playout count and seconds, 0 meaning no limit of that kind;
  // never both 0, never more than max_playouts or max_seconds.
  struct Budget {
    long long playouts = 0;
    double seconds = 0;
  };
  Budget move_budget();

  bool quit_requested() const { return quit_; }
  const AnyGame& game() const { return game_; }
  // Every command name, in the order `list_commands` prints them.
  static std::vector<std::string_view> command_names();

  using Args = std::vector<std::string>;
  struct Reply {
    bool ok = true;
    std::string text;
  };

 private:
  using Handler = Reply (GtpEngine::*)(const Args&);
  struct Command {
    std::string_view name;
    Handler handler;
  };
  static const std::vector<Command>& commands();

  // --- standard commands ---
  Reply protocol_version(const Args&);
  Reply engine_name(const Args&);
  Reply version(const Args&);
  Reply known_command(const Args&);
  Reply list_commands(const Args&);
  Reply quit(const Args&);
  Reply boardsize(const Args&);
  Reply clear_board(const Args&);
  Reply komi(const Args&);
  Reply play(const Args&);
  Reply genmove(const Args&);
  Reply undo(const Args&);
  Reply showboard(const Args&);
  Reply final_score(const Args&);
  Reply time_settings(const Args&);
  Reply time_left(const Args&);
  Reply loadsgf(const Args&);
  Reply printsgf(const Args&);
  // --- Stonegrid extensions ---
  Reply stonegrid_game(const Args&);
  Reply stonegrid_play(const Args&);
  Reply stonegrid_legal(const Args&);
  Reply stonegrid_genmove(const Args&);
  Reply stonegrid_state(const Args&);
  // --- GoGui rules protocol ---
  Reply rules_game_id(const Args&);
  Reply rules_board(const Args&);
  Reply rules_board_size(const Args&);
  Reply rules_legal_moves(const Args&);
  Reply rules_side_to_move(const Args&);
  Reply rules_final_result(const Args&);
  Reply rules_captured_count(const Args&);
  Reply analyze_commands(const Args&);

  // Helpers shared by the handlers.
  static std::string line_too_long(std::string_view raw);
  Reply new_game(GameSettings settings);
  Reply play_for_side_to_move(const std::string& text);
  Reply check_color(const std::string& word) const;
  Move engine_move();
  std::string legal_text() const;

  // --- the bot (core/tools/gtp_bot.cpp): genmove, the clock, stonegrid-level/-analyze ---
  Reply stonegrid_level(const Args&);
  Reply stonegrid_playouts(const Args&);
  Reply stonegrid_seconds(const Args&);
  Reply stonegrid_analyze(const Args&);
  Reply stonegrid_threads(const Args&);
  Reply set_random_seed(const Args&);
  Move bot_move();
  Reply bot_time_settings(const Args&);
  Reply bot_time_left(const Args&);
  GtpBot& bot();

  AnyGame game_;
  uint64_t seed_;
  bool quit_ = false;
  std::shared_ptr<GtpBot> bot_;
};

}  // namespace stonegrid
