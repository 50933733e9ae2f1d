// The table of games: every game the program knows, found by name at run time. Code that picks
// a game at run time (AnyGame, SGF, GTP, the bot facade, the page) goes through this table and
// the facts each game states about itself (game_facts.h), never through a list of its own.
//
// How to read it: `GameState` is a game of any type behind virtual calls (the `Game` contract of
// game.h, one call per turn — the search never uses it: it is a template over the game class);
// `GameType` is one line of the table: the game's facts, how to make a state, how to search
// it; `GameKind` names a line. `game_types()` lists the built-in games (core/game_table.cpp) and
// any registered later (`register_game`, e.g. a test-only game).
//
// Adding a game: core/README.md, "Adding a game".
#pragma once

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "game.h"

namespace stonegrid {

namespace bot {
class Search;
struct SearchOptions;
}  // namespace bot

// A game of any type, through the game contract (game.h). `clone` copies it.
class GameState {
 public:
  virtual ~GameState() = default;
  virtual std::unique_ptr<GameState> clone() const = 0;
  virtual const Geometry& geometry() const = 0;
  virtual Color at(Point p) const = 0;
  virtual int to_move() const = 0;
  virtual Color color_to_move() const = 0;
  virtual int black_player() const = 0;
  virtual Phase phase() const = 0;
  virtual int passes() const = 0;
  virtual int moves_played() const = 0;
  virtual bool is_over() const = 0;
  virtual Outcome outcome() const = 0;
  virtual Score score() const = 0;
  virtual uint64_t hash() const = 0;
  virtual void legal_moves(MoveList& list) const = 0;
  virtual Illegal check(const Move& move) const = 0;
  virtual bool play(const Move& move) = 0;
  virtual Move random_move(Rng& rng) const = 0;
  virtual bool check_consistency() const = 0;
  virtual void setup(Point p, Color c) = 0;
  // What makes a set-up board impossible under the game's rules, naming a stone (the game's
  // `setup_fault`; a game without one accepts every board).
  virtual std::string_view setup_fault(Point& stone) const = 0;
  virtual Explanation explain() const = 0;
  // Captured stones of colour `c` held in a prisoner place (Go); 0 where there is none.
  virtual int prisoners(Color c) const = 0;
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
