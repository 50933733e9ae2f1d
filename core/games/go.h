// Go under the Lasker-Maas rules — RULINGS.md §"Go under the Lasker-Maas rules" (seed
// 002_dd408510f2269626.txt).
// Parameters: board size 5..25 (default 9); komi any multiple of 0.5 (default 6.5), added to
// White. Player 1 is Black and moves first.
//
// In short: place a stone, capture enemy chains left without a liberty into the prisoner place
// (kept by colour: `prisoners(Color::black)` counts captured black stones); no suicide;
// positional superko over the whole game, both phases, the empty start board included (passes
// create no board; `setup` restarts the history at the set-up board). Two passes in a row end
// phase 1 (`Go::Phase::play`); phase 2 (`Go::Phase::resolve`, the stage "resolve") starts with the player who
// would move next. In phase 2 a placement of colour C takes one stone from `prisoners(C)`; at the start of
// phase 2 and after every phase-2 move, while either prisoner count is 0, one stone of each
// colour is added. Two new passes in a row end phase 2 and the game (`passes()` counts from 0
// again in phase 2, and reads 2 once those passes ended the game). Count: each maximal empty region touching
// one colour only is that colour's territory; score(C) = territory(C) − prisoners(C), White + komi; equal is
// a draw. Resigning is legal at any time while the game is on.
#pragma once

#include <array>
#include <string_view>

#include "games/capture_game.h"
#include "rules/game.h"
#include "rules/stones.h"

namespace stonegrid {

class Go {
 public:
  struct Rules {
    int size = 9;
    double komi = 6.5;
  };
  static constexpr std::string_view name = "go";
  static constexpr GameFacts facts{
      .name = name,
      .title = "Go (Lasker-Maas)",
      .short_title = "Go",
      .pitch = "Go with prisoners paid back in a second phase that settles what is dead.",
      .designer = "Edward Lasker; rules by R. E. Maas, 1995",
      .aliases = "",
      .default_komi = 6.5,
      .variants = {GameVariant{"", "Lasker-Maas", "Lasker-Maas"}},
      .stages = {GameStage{},
                 GameStage{
                     .name = "resolve",
                     .cleanup = true,
                     .ahead = "Passing now ends the first phase. In the resolve phase that follows, dead "
                              "stones are captured; two more passes end the game.",
                     .begun = "Both passed: the resolve phase begins. Capture the dead stones; two passes "
                              "in a row end the game"}},
      .sample_size = 9,
      .sample = "E7 F4 E4 E5 D5 D4 E3 E2 D3 C4 D6 D2 F3 C3 G2 G3 F2 H2 G4 F5 H3 G8",
  };
  // The two phases of play (the stages in `facts`), and the end.
  enum class Phase : uint8_t { play, resolve, over };
  static Rules make_rules(const RuleChoices& c) { return Rules{c.size, c.komi}; }

  // An empty board, Black to move, phase 1. A size outside 5..25 is clamped.
  // (Two constructors, not a default argument: GCC rejects `= {}` for a nested struct with
  // member initialisers.)
  Go() : Go(Rules{}) {}
  explicit Go(const Rules& rules);
  explicit Go(const RuleChoices& choices) : Go(make_rules(choices)) {}

  const Rules& rules() const { return rules_; }
  const Geometry& geometry() const { return common_.board().geometry(); }
  int size() const { return rules_.size; }
  Color at(Point p) const { return common_.board().at(p); }
  const Stones& stones() const { return common_.board(); }

  int to_move() const { return common_.to_move(); }
  Color color_to_move() const { return common_.color_to_move(); }
  int black_player() const { return 1; }
  Phase phase() const { return common_.is_over() ? Phase::over : phase_; }
  // In a row, in this phase; after a resignation 0, after the two passes that ended the game 2.
  int passes() const { return common_.passes(); }
  int moves_played() const { return common_.moves_played(); }
  bool is_over() const { return common_.is_over(); }
  Status status() const {
    return {to_move(),
            color_to_move(),
            black_player(),
            is_over() ? stonegrid::Phase::over : stonegrid::Phase::play,
            passes(),
            moves_played(),
            phase_ == Phase::resolve ? 1 : 0};
  }
  Outcome outcome() const { return common_.outcome(); }

  // Captured stones of colour `c` in the prisoner place (phase 2 also draws from and tops up
  // this count).
  int prisoners(Color c) const { return prisoners_[static_cast<int>(c)]; }
  // Empty points in regions that touch `c` and not the other colour, on the current board.
  int territory(Color c) const;
  // territory − prisoners on the current board; komi in `white`. Meaningful at any time.
  Score score() const;

  // Board hash mixed with the side to move, phase, passes in a row and prisoner counts (so two
  // states with the same hash continue the same way, history aside). Superko uses the board
  // hash alone: `stones().hash()`.
  uint64_t hash() const;

  // Every legal placement (ascending points), then pass; empty once the game is over.
  void legal_moves(MoveList& list) const;
  // Never modifies the state. Order of checks: game_over, wrong_kind (take, or more than one
  // stone), off_board, occupied, suicide, superko.
  Illegal check(const Move& move) const;
  bool play(const Move& move);
  // `play` for a move known to be legal (from `legal_moves` or `random_move` on this very
  // state): skips the legality check, which playouts would otherwise do twice.
  void play_legal(const Move& move);

  // Playout policy (libego): from a random start in the list of empty points, the first legal
  // placement that does not fill a one-point eye of the mover (an empty point whose neighbours
  // all hold the mover's colour); pass when there is none. Same policy in both phases.
  Move random_move(Rng& rng) const;

  bool check_consistency() const;
  // The count term by term and what the board should mark (game_facts.h): territory, the
  // points counted for nobody, the stones the resolve phase removed; once the count has ended
  // the game, why it came out as it did (`reason`).
  Explanation explain() const;
  // Puts a stone (or, with Color::empty, removes one) outside the rules, no capture; the superko
  // history restarts at the resulting board. Prisoners, phase and turn are unchanged.
  void setup(Point p, Color c);
  // For SGF setup: what makes a set-up board impossible under these rules — a chain with no
  // liberty — naming its first stone in reading order (top row first) in `stone`; an empty
  // view when the board is fine.
  std::string_view setup_fault(Point& stone) const;

 private:
  // Illegal::suicide, Illegal::superko or Illegal::none for `c` on the empty point `p`.
  Illegal judge_placement(Point p, Color c) const;
  void top_up_prisoners();
  void note_removals(Point p, Color c);
  void end_by_count();

  Rules rules_;
  CaptureGame common_;              // board, superko history, turn, passes, outcome
  std::array<int, 3> prisoners_{};  // indexed by Color
  Phase phase_ = Phase::play;       // play or resolve; `phase()` says over once common_ is
  PointArray<Color> removed_;       // stones the resolve phase removed (by colour), on empty points
};

}  // namespace stonegrid
