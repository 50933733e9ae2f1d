// The vocabulary every game shares, and the narrow interface between the rules, the bot, the
// protocol and the front end. Each game in `core/games/` is a class with the members
// listed under "The game contract" below; the bot is a template over it (no virtual calls),
// and `AnyGame` (any_game.h) wraps any of them for code that picks a game at run time.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <optional>
#include <string_view>

#include "rules/game_facts.h"
#include "rules/geometry.h"
#include "rules/random.h"

namespace stonegrid {

inline constexpr Color opponent(Color c) {
  return c == Color::black ? Color::white : c == Color::white ? Color::black : Color::empty;
}

// Whether the game goes on. The stages a game's play goes through (Go's resolve phase, Looper's
// ballot) are its own: `Status::stage` and `GameFacts::stages`.
enum class Phase : uint8_t { play, over };

// A turn. `place` puts `count` stones on `points`: one, or up to the stage's `most_points`
// (game_facts.h; 3 on a Looper ballot turn), made with `places`.
struct Move {
  enum class Kind : uint8_t { place, pass, resign, take };
  Kind kind = Kind::pass;
  uint8_t count = 0;
  std::array<Point, 3> points{no_point, no_point, no_point};

  static constexpr Move place(Point p) { return Move{Kind::place, 1, {p, no_point, no_point}}; }
  static constexpr Move places(Point a, Point b = no_point, Point c = no_point) {
    return Move{Kind::place, static_cast<uint8_t>(1 + (b != no_point) + (c != no_point)), {a, b, c}};
  }
  static constexpr Move pass() { return Move{Kind::pass, 0, {no_point, no_point, no_point}}; }
  static constexpr Move resign() { return Move{Kind::resign, 0, {no_point, no_point, no_point}}; }
  static constexpr Move take() { return Move{Kind::take, 0, {no_point, no_point, no_point}}; }

  bool is_place() const { return kind == Kind::place; }
  Point point() const { return points[0]; }
  // Equal as turns: the points of a several-point turn compare as a set.
  friend bool operator==(const Move& a, const Move& b);
};

inline bool operator==(const Move& a, const Move& b) {
  if (a.kind != b.kind || a.count != b.count) return false;
  for (int i = 0; i < a.count; ++i) {
    bool found = false;
    for (int j = 0; j < b.count; ++j) found = found || a.points[i] == b.points[j];
    if (!found) return false;
  }
  return true;
}

// Enough for every placement on 25×25 plus pass and take.
struct MoveList {
  std::array<Move, max_points + 2> moves;
  int count = 0;
  void clear() { count = 0; }
  void push(const Move& m) { moves[count++] = m; }
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + count; }
  bool contains(const Move& m) const {
    for (const Move& x : *this)
      if (x == m) return true;
    return false;
  }
};

// Why a move is refused: a reason the games share, or a game's own rule (`Illegal::rule`, with
// the game's sentence: Loose's `Loose::no_true_liberty`, Looper's `Looper::only_take`).
// `describe` gives the sentence a player sees.
struct Illegal {
  enum Code : uint8_t {
    none,
    game_over,   // the game has ended
    off_board,   // a point outside the board
    occupied,    // the point is not empty
    wrong_kind,  // e.g. `take` outside Looper's ballot, pass in Looper, 2 stones in Go
    suicide,     // the capture games: the placed stone's chain has no liberty after captures
    superko,     // the capture games: repeats an earlier position
    rule,        // the game's own rule, said in `sentence`
  };
  Code code = none;
  std::string_view sentence;  // for `rule`: the game's words (a string literal)

  constexpr Illegal(Code c = none) : code(c) {}
  // A refusal by the game's own rule, e.g. `static constexpr Illegal no_true_liberty =
  // Illegal::own("no true liberty after the flips");` in the game's header.
  static constexpr Illegal own(std::string_view sentence) {
    Illegal i(rule);
    i.sentence = sentence;
    return i;
  }
  friend constexpr bool operator==(const Illegal& a, const Illegal& b) {
    return a.code == b.code && a.sentence == b.sentence;
  }
};

// The first checks of a game whose turn is one stone, a pass or a resignation (every game but
// Looper), in the order they document: game_over, wrong_kind (take, or more than one stone),
// off_board. nullopt when `move` is one stone on the board, for the game to judge further
// (occupied, then its own reasons); else the verdict (Illegal::none for a pass or resignation).
inline std::optional<Illegal> check_turn_shape(const Move& move, bool over, int points) {
  if (over) return Illegal::game_over;
  if (move.kind == Move::Kind::pass || move.kind == Move::Kind::resign) return Illegal::none;
  if (move.kind != Move::Kind::place || move.count != 1) return Illegal::wrong_kind;
  if (move.point() < 0 || move.point() >= points) return Illegal::off_board;
  return std::nullopt;
}

constexpr std::string_view describe(Illegal why) {
  switch (why.code) {
    case Illegal::none:
      return "legal";
    case Illegal::game_over:
      return "the game is over";
    case Illegal::off_board:
      return "that point is not on the board";
    case Illegal::occupied:
      return "that point is occupied";
    case Illegal::wrong_kind:
      return "that kind of move is not allowed now";
    case Illegal::suicide:
      return "suicide: the stone would have no liberty";
    case Illegal::superko:
      return "repeats an earlier position";
    case Illegal::rule:
      return why.sentence;
  }
  return "illegal";
}

// The end of a game. `winner_player` is 1 or 2, 0 for a draw; `winner` is the colour that won
// (Color::empty for a draw).
struct Outcome {
  int winner_player = 0;
  Color winner = Color::empty;
  bool by_resignation = false;
};

// The game's count on the current board (RULINGS.md): Loose stones; Go territory − prisoners;
// Square Squared edge score. Komi is included in `white`. `defined` is false for a game without
// a count (Looper).
struct Score {
  double black = 0;
  double white = 0;
  bool defined = true;
};

// Whose turn it is and where the game stands.
struct Status {
  int to_move = 1;             // player 1 or 2; player 1 moved first
  Color color = Color::black;  // the colour that player places
  int black_player = 1;        // the player who has Black; 0 while undecided (Looper before `take`)
  Phase phase = Phase::play;
  int passes = 0;        // passes in a row in the current stage
  int moves_played = 0;  // accepted turns (pass, take and resign count)
  int stage = 0;         // the stage of play: an index into the game's `facts.stages`
  bool over() const { return phase == Phase::over; }
};

// --- The game contract ---------------------------------------------------------------------
// What the search and the run-time table need of a game, and all they use: every game class G
// in core/games/ satisfies it (`static_assert(Game<G>)` in each .cpp). The rest of a game's
// public members (its `Rules`, `to_move()`, Go's `prisoners`, Loose's false liberties, ...) is
// its own vocabulary, for its tests and its playout policy (bot/policy_<game>.h).
//
//   static constexpr GameFacts G::facts;      // names, sizes, komi rules, variants (game_facts.h)
//   explicit G(const RuleChoices&);           // an empty board (choices checked against facts)
//   const Geometry& geometry() const;
//   Color at(Point) const;
//   Status status() const;                    // cheap: inline, the search asks every turn
//   Outcome outcome() const;                  // meaningful once status().over()
//   uint64_t hash() const;                    // Zobrist of stones + whatever rules need
//   void legal_moves(MoveList&) const;        // every legal turn, never resign; in a stage
//                                             //   of several-point turns (Looper's ballot)
//                                             //   the one-point ones and the rest (`take`)
//   Illegal check(const Move&) const;         // Illegal::none when legal (resign: always
//                                             //   legal while the game is on)
//   bool play(const Move&);                   // false and unchanged when illegal
//   Move random_move(Rng&) const;             // fast playout move, see each game's header
//   Explanation explain() const;              // the count term by term, territory, marks
//
// Optional, found by the run-time wrapper (`StateOf`, game_type.h) when a game has them:
//   Score score() const;                      // a game with a count (else undefined)
//   void setup(Point, Color);                 // SGF AB/AW: a stone put (or, with empty,
//                                             //   removed) outside the rules; superko history
//                                             //   restarts at this board (else: no set-up)
//   std::string_view setup_fault(Point&) const;  // why a set-up board is impossible
//   int prisoners(Color) const;               // a prisoner place (Go)
//   bool check_consistency() const;           // recomputes derived data; for tests
//
// States hold no heap memory: copying one is a plain copy (Go's superko history is a fixed
// array copied up to its used length).

template <typename G>
concept Game = std::copy_constructible<G> && std::constructible_from<G, RuleChoices> &&
    requires(G g, const G cg, const Move m, MoveList list, Rng rng, Point p) {
  { G::facts } -> std::convertible_to<GameFacts>;
  { cg.geometry() } -> std::same_as<const Geometry&>;
  { cg.at(p) } -> std::same_as<Color>;
  { cg.status() } -> std::same_as<Status>;
  { cg.outcome() } -> std::same_as<Outcome>;
  { cg.hash() } -> std::same_as<uint64_t>;
  {cg.legal_moves(list)};
  { cg.check(m) } -> std::same_as<Illegal>;
  { g.play(m) } -> std::same_as<bool>;
  { cg.random_move(rng) } -> std::same_as<Move>;
  { cg.explain() } -> std::same_as<Explanation>;
};

}  // namespace stonegrid
