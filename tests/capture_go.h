// Capture Go, a test-only fifth game: it proves that a game joins AnyGame, GTP, SGF and the bot
// through its own file pair, its policy and one table line (tests/test_game_table.cpp calls
// `register_game(type_of<CaptureGo>())`), with nothing else changed (core/README.md, "Adding a
// game").
//
// Rules: Go on an N×N board (5..19, default 7), Black first; a placement that captures wins at
// once (the first capture wins). No suicide. Pass at any time; two passes in a row end the game
// in a draw. No komi, no score. The board is a plain array and chains are found by flood fill:
// slow and simple, as a test game may be.
#pragma once

#include <array>
#include <string_view>

#include "bot/policy.h"
#include "rules/game.h"
#include "rules/game_type.h"

namespace stonegrid::testing {

class CaptureGo {
 public:
  struct Rules {
    int size = 7;
  };
  static constexpr std::string_view name = "capturego";
  static constexpr GameFacts facts{
      .name = name,
      .title = "Capture Go",
      .short_title = "Capture Go",
      .pitch = "The first capture wins.",
      .designer = "tradition (a teaching game)",
      .aliases = "atari-go",
      .max_size = 19,
      .default_size = 7,
      .has_komi = false,
      .variants = {GameVariant{"", "First capture", "CaptureGo"}},
      .sample_size = 7,
      .sample = "D4 D5 C5 E5 E4 C4 D3 F4 B4 E3 F3 B5",
  };
  static Rules make_rules(const RuleChoices& c) { return Rules{c.size}; }

  CaptureGo() : CaptureGo(Rules{}) {}
  explicit CaptureGo(const Rules& rules);
  explicit CaptureGo(const RuleChoices& choices) : CaptureGo(make_rules(choices)) {}

  const Rules& rules() const { return rules_; }
  const Geometry& geometry() const { return *geometry_; }
  int size() const { return rules_.size; }
  Color at(Point p) const { return board_[p]; }
  int to_move() const { return to_move_; }
  Color color_to_move() const { return to_move_ == 1 ? Color::black : Color::white; }
  int black_player() const { return 1; }
  Phase phase() const { return over_ ? Phase::over : Phase::play; }
  int passes() const { return passes_; }
  int moves_played() const { return moves_played_; }
  bool is_over() const { return over_; }
  Status status() const {
    return {to_move(), color_to_move(), black_player(), phase(), passes(), moves_played()};
  }
  Outcome outcome() const { return outcome_; }
  Score score() const { return Score{0, 0, false}; }
  uint64_t hash() const;
  void legal_moves(MoveList& list) const;
  Illegal check(const Move& move) const;
  bool play(const Move& move);
  void play_legal(const Move& move) { play(move); }
  Move random_move(Rng& rng) const;
  bool check_consistency() const { return true; }
  void setup(Point p, Color c) { board_[p] = c; }
  Explanation explain() const;

  // The number of liberties of the chain at `p` (0 for an empty point).
  int liberties(Point p) const;

 private:
  // Placing colour `c` at `p` would capture (`captures`) or be suicide.
  void judge(Point p, Color c, bool& captures, bool& suicide) const;

  Rules rules_;
  const Geometry* geometry_;
  std::array<Color, max_points> board_{};
  int to_move_ = 1;
  int passes_ = 0;
  int moves_played_ = 0;
  bool over_ = false;
  Outcome outcome_{};
};

// The table line of Capture Go, which the test runner registers (tests/main.cpp): for loops
// over game_kinds() that skip what only the built-in games have (lessons, a help page).
inline bool is_test_game(GameKind kind) {
  return kind.facts().name == CaptureGo::facts.name;
}

}  // namespace stonegrid::testing

namespace stonegrid::bot {

// Its policy: uniform random legal placements; prefer a capture, then saving an own chain in
// atari.
template <>
class Policy<testing::CaptureGo> {
 public:
  Move playout_move(const testing::CaptureGo& g, Point, Point, Rng& rng) const { return g.random_move(rng); }
  void priors(const Turns<testing::CaptureGo>& t, Point, Point, const ActionList& list, Prior* out) const;
  static int winner(const testing::CaptureGo& g) { return g.is_over() ? g.outcome().winner_player : 0; }
  static bool playout_done(const testing::CaptureGo&, int) { return false; }
};

}  // namespace stonegrid::bot
