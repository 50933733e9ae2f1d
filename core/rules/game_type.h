// The table of games: every game the program knows, found by name at run time. Code that picks
// a game at run time (AnyGame, SGF, GTP, the bot facade, the page) goes through this table and
// the facts each game states about itself (game_facts.h), never through a list of its own.
//
// How to read it: `GameState` is a game of any type behind virtual calls (the `Game` contract of
// game.h, one call per turn — the search never uses it: it is a template over the game class);
// `GameType` is one line of the table: the game's facts, how to make a state, how to search
// it; `GameKind` names a line. `game_types()` lists the built-in games (core/bot/game_table.cpp) and
// any registered later (`register_game`, e.g. a test-only game).
//
// Adding a game: core/README.md, "Adding a game".
#pragma once

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "rules/game.h"

namespace stonegrid {

namespace bot {
class Search;
struct SearchOptions;
}  // namespace bot

// A game of any type behind virtual calls: the game contract (game.h) and its optional
// members, each game's state wrapped by the one template `StateOf<G>` below. The queries every
// game answers through `status()` have short names here (`to_move()`, `is_over()`, ...).
class GameState {
 public:
  virtual ~GameState() = default;
  virtual std::unique_ptr<GameState> clone() const = 0;
  virtual const Geometry& geometry() const = 0;
  virtual Color at(Point p) const = 0;
  virtual Status status() const = 0;
  virtual Outcome outcome() const = 0;
  virtual uint64_t hash() const = 0;
  virtual void legal_moves(MoveList& list) const = 0;
  virtual Illegal check(const Move& move) const = 0;
  virtual bool play(const Move& move) = 0;
  virtual Move random_move(Rng& rng) const = 0;
  virtual Explanation explain() const = 0;
  // The optional members: a game without them answers as a game without that part of the rules.
  virtual Score score() const = 0;                               // undefined: no count
  virtual bool setup(Point p, Color c) = 0;                      // false: the game takes no set-up
  virtual std::string_view setup_fault(Point& stone) const = 0;  // empty: every board is fine
  virtual int prisoners(Color c) const = 0;                      // 0: no prisoner place
  virtual bool check_consistency() const = 0;                    // true: nothing to recompute

  int size() const { return geometry().size; }
  int to_move() const { return status().to_move; }
  Color color_to_move() const { return status().color; }
  int black_player() const { return status().black_player; }
  int passes() const { return status().passes; }
  int moves_played() const { return status().moves_played; }
  bool is_over() const { return status().over(); }
};

template <Game G>
class StateOf final : public GameState {
 public:
  explicit StateOf(const G& game) : game_(game) {}
  const G& game() const { return game_; }
  G& game() { return game_; }

  std::unique_ptr<GameState> clone() const override { return std::make_unique<StateOf>(game_); }
  const Geometry& geometry() const override { return game_.geometry(); }
  Color at(Point p) const override { return game_.at(p); }
  Status status() const override { return game_.status(); }
  Outcome outcome() const override { return game_.outcome(); }
  uint64_t hash() const override { return game_.hash(); }
  void legal_moves(MoveList& list) const override { game_.legal_moves(list); }
  Illegal check(const Move& move) const override { return game_.check(move); }
  bool play(const Move& move) override { return game_.play(move); }
  Move random_move(Rng& rng) const override { return game_.random_move(rng); }
  Explanation explain() const override { return game_.explain(); }

  Score score() const override {
    if constexpr (requires { game_.score(); })
      return game_.score();
    else
      return Score{0, 0, false};
  }
  bool setup(Point p, Color c) override {
    if constexpr (requires { game_.setup(p, c); }) {
      game_.setup(p, c);
      return true;
    }
    return false;
  }
  std::string_view setup_fault(Point& stone) const override {
    if constexpr (requires { game_.setup_fault(stone); })
      return game_.setup_fault(stone);
    else
      return {};
  }
  int prisoners(Color c) const override {
    if constexpr (requires { game_.prisoners(c); })
      return game_.prisoners(c);
    else
      return 0;
  }
  bool check_consistency() const override {
    if constexpr (requires { game_.check_consistency(); })
      return game_.check_consistency();
    else
      return true;
  }

 private:
  G game_;
};

// One line of the table.
class GameType {
 public:
  explicit constexpr GameType(const GameFacts& facts) : facts(facts) {}
  virtual ~GameType() = default;
  const GameFacts& facts;
  // An empty board under `choices` (already checked against the facts).
  virtual std::unique_ptr<GameState> create(const RuleChoices& choices) const = 0;
  // A search rooted at `state` (a state this type created); `last` is the last placement.
  virtual std::unique_ptr<bot::Search> search(const GameState& state, const bot::SearchOptions& options,
                                              Point last) const = 0;
  // Plays `state` out with the game's plain random moves (as the search's playouts end: at the
  // end, at the move cap or where the game's policy stops) and returns the winner, 1 or 2, 0 for
  // a draw. For baselines such as flat Monte Carlo.
  virtual int random_playout(GameState& state, Rng& rng) const = 0;
  // Plays `state` on with the game's plain random moves to the end or `cap` moves, and returns
  // the moves played: the benchmark's playout (core/tools/bench.cpp), one call per playout.
  virtual int random_moves(GameState& state, Rng& rng, int cap) const = 0;
};

// A line of the table, by position. The built-in games have fixed names below.
class GameKind {
 public:
  constexpr explicit GameKind(int index = 1) : index_(index) {}
  static const GameKind loose, go, looper, squaresquared;
  int index() const { return index_; }
  const GameType& type() const;
  const GameFacts& facts() const { return type().facts; }
  friend bool operator==(GameKind, GameKind) = default;

 private:
  int index_;
};
inline constexpr GameKind GameKind::loose{0};
inline constexpr GameKind GameKind::go{1};
inline constexpr GameKind GameKind::looper{2};
inline constexpr GameKind GameKind::squaresquared{3};

// Every game, built-in ones first in the order of GameKind's names.
const std::vector<const GameType*>& game_types();
std::vector<GameKind> game_kinds();
// Adds a game to the table (a test-only game, a plug-in); returns its name. Not thread-safe:
// register before any other thread reads the table.
GameKind register_game(const GameType& type);
// By engine name or alias, any case ("s2", "Square-Squared").
std::optional<GameKind> game_kind(std::string_view name);
// "loose, go, looper, squaresquared" — for error messages.
std::string game_names();

// The table as one line of JSON for the page (assets/page.js): [{"name":..,"title":..,...}].
std::string game_facts_json();

}  // namespace stonegrid
