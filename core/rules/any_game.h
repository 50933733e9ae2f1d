// `AnyGame`: one game of the table (game_type.h), chosen at run time, together with its record —
// the rules and the accepted moves. The GTP engine, the SGF code, the bot facade and the web
// session all go through it, so they agree on names, defaults, errors and the JSON view of a
// position. It knows no game by name: what differs between games comes from the game's facts
// (game_facts.h) and its state behind `GameState`.
//
// Read `GameSettings` and `AnyGame::create` first, then `play`/`undo`, then the accessors.
// The bot's search does not use this class: it is a template over the game classes and copies
// their plain states directly.
//
// Undo replays the record minus its last move from the empty board (as Leela Zero and OpenSpiel
// do): games are at most a few thousand moves and a replay takes microseconds.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/game.h"
#include "rules/game_type.h"

namespace stonegrid {

// The engine name ("go") and short title ("Go") of a game; its default size and komi.
inline std::string_view game_name(GameKind kind) {
  return kind.facts().name;
}
inline std::string_view game_title(GameKind kind) {
  return kind.facts().short_title;
}
inline int default_size(GameKind kind) {
  return kind.facts().default_size;
}
inline double default_komi(GameKind kind) {
  return kind.facts().default_komi;
}

// What a new game is made from. `size` 0 and `komi` nullopt mean the game's defaults. A game
// without komi ignores it. `variant` picks one of the game's `GameFacts::variants` (0: the
// ruling; Square Squared's 1 is the `v3` scoring, SGF RU[SquareSquared-v3]).
struct GameSettings {
  GameKind kind = GameKind::go;
  int size = 0;
  std::optional<double> komi;
  int variant = 0;
  // Loose's cut-and-choose: the colour of the player who named the komi (the other player
  // chose colours after hearing it); Color::empty when not known. Recorded, not enforced.
  Color komi_named_by = Color::empty;
};

// Who made a turn: player 1 or 2, and that player's colour then (Color::empty while the colours
// were undecided: Looper before `take`).
struct Mover {
  int player = 0;
  Color color = Color::empty;
};

// The record of a game: settings (with size and komi filled in), stones set up before the first
// move (SGF root AB/AW), and the accepted turns in order.
struct GameRecord {
  GameSettings settings;
  std::vector<std::pair<Point, Color>> setup;
  std::vector<Move> moves;
};

class AnyGame {
 public:
  // Go, 9×9, komi 6.5.
  AnyGame();
  AnyGame(const AnyGame& other);
  AnyGame& operator=(const AnyGame& other);
  AnyGame(AnyGame&&) = default;
  AnyGame& operator=(AnyGame&&) = default;

  // A new empty game, or nullopt with `error` set: "unknown game 'chess' (loose, go, looper,
  // squaresquared)", "size 8 is not allowed in Loose (odd sizes 5 to 25)", "komi 1 is not
  // allowed in Loose: komi is an even integer".
  static std::optional<AnyGame> create(const GameSettings& settings, std::string& error);
  static std::optional<AnyGame> create(std::string_view game, int size, std::optional<double> komi,
                                       std::string& error);
  // Replays a record; the error names the first move that fails ("move 12 (D4): ...").
  static std::optional<AnyGame> replay(const GameRecord& record, std::string& error);

  // Plays a turn for the side to move; Illegal::none on success, else nothing changes.
  Illegal play(const Move& move);
  Illegal check(const Move& move) const;
  // Takes back the last move (replaying the rest). False when there is none.
  bool undo();
  // Puts a stone before the first move (SGF setup). False once a move has been played, or in a
  // game that takes no set-up stones. `state().setup_fault` says whether the board is possible.
  bool setup(Point p, Color c);
  // Same position and moves under a new komi; false with `error` when the komi is not allowed.
  bool set_komi(double komi, std::string& error);

  // --- accessors -------------------------------------------------------------------------
  GameKind kind() const { return record_.settings.kind; }
  const GameFacts& facts() const { return kind().facts(); }
  std::string_view name() const { return facts().name; }
  const GameSettings& settings() const { return record_.settings; }
  const GameRecord& record() const { return record_; }
  const std::vector<Move>& moves() const { return record_.moves; }
  // The position: every query of the game contract (GameState, game_type.h: status, outcome,
  // score, explain, legal moves, ...).
  const GameState& state() const { return *state_; }
  int size() const { return record_.settings.size; }
  double komi() const { return *record_.settings.komi; }

  // Who made turn `turn` (0-based) of the record.
  Mover mover(size_t turn) const { return movers_[turn]; }
  // Stones the last turn flipped or removed (not the stones it placed); empty after a pass.
  const std::vector<Point>& last_changed() const { return last_changed_; }

  // The board, top row (row N) first: `.` empty, `X` black, `O` white.
  std::vector<std::string> board_rows() const;
  // One line of JSON, exactly the GTP `stonegrid-state` object (docs/gtp.md).
  std::string state_json() const;

 private:
  AnyGame(std::unique_ptr<GameState> state, GameRecord record)
      : state_(std::move(state)), record_(std::move(record)) {}
  std::unique_ptr<GameState> state_;
  GameRecord record_;
  std::vector<Point> last_changed_;
  std::vector<Mover> movers_;  // one per move of the record
};

// The stage of play `game` is in (game_facts.h, GameStage).
const GameStage& stage_of(const AnyGame& game);
// The stage's name, or "over": "play", "resolve" (Go), "ballot" (Looper), "over".
std::string_view phase_name(const AnyGame& game);
// A number as JSON/GTP/SGF print it: integers without a decimal point, halves as 6.5.
std::string format_number(double x);
// The result as SGF RE / GTP final_score write it: "B+3.5", "W+R", "0" (draw), "B+" (Looper,
// which has no score), "1+R"/"2+R" (Looper resignation before take), "" while the game is on.
std::string result_text(const AnyGame& game);

}  // namespace stonegrid
