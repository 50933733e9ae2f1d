// Looper — RULINGS.md §Looper (seed 003, Craig Duncan).
//
// Parameters: an N×N torus, 5 ≤ N ≤ 25 (`Geometry::of(size, Topology::torus)`: neighbour slot k
// is direction k = east, west, north, south). No komi, no score (`score().defined` is false).
//
// How to read this header: `Looper` satisfies the game contract of game.h; below it come the
// Looper queries the front end uses (`global_loop`, `winning_loop`, `global_loop_kinds`).
//
// The rules in the words used here. Players 1 and 2. The *ballot* phase (`Looper::Phase::ballot`, the stage
// "ballot") starts with player 1: a *ballot turn* places 1, 2 or 3 black stones on distinct empty points
// (`Move::places(a, b, c)`; a one-stone ballot turn is `Move::place(p)`), or is `take` — any
// ballot turn, the very first included. The taker plays Black from then on; the other plays
// White and moves next (`Looper::Phase::play`); a turn is then one stone of one's own colour. Never a
// pass (`Illegal::wrong_kind`). A *global loop* is a cycle of orthogonally adjacent black
// stones whose walk has unequal east/west or unequal north/south steps: it wraps the torus.
// Black wins the moment the black stones contain a global loop, after a play-phase move or at
// `take` (a loop made by the ballot: the taker wins at once; in the ballot itself a loop ends
// nothing). White wins the moment, after a play-phase move or at `take`, the black stones and
// the empty points together no longer contain any global loop. If the ballot fills the board,
// `take` is the only legal turn (`Looper::only_take`). Resign at any time: the opponent wins.
//
// Winding vectors are measured in board widths: a walk with E−W = a·N and N−S = b·N steps has
// winding (a, b). Its kind: vertical (0, ≠0), horizontal (≠0, 0), rising spiral (a·b > 0),
// falling spiral (a·b < 0).
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <string_view>

#include "rules/board.h"
#include "rules/game.h"

namespace stonegrid {

class Looper {
 public:
  struct Rules {
    int size = 9;
  };
  static constexpr std::string_view name = "looper";
  static constexpr GameFacts facts{
      .name = name,
      .title = "Looper",
      .short_title = "Looper",
      .pitch = "On a torus: pick sides by ballot, then make a loop around it or stop one.",
      .designer = "Craig Duncan",
      .aliases = "",
      .torus = true,
      .has_komi = false,
      .can_pass = false,
      .colors_by_take = true,
      .first_player = "Player 1",
      .second_player = "Player 2",
      .variants = {GameVariant{"", "Looper", "Looper"}},
      .stages = {GameStage{.name = "ballot",
                           .most_points = 3,
                           .take = true,
                           .turn = "make a ballot turn or take",
                           .hint =
                               "Ballot: place 1 to 3 black stones (pick points, then Confirm), or Take to "
                               "play Black."},
                 GameStage{}},
      .sample_size = 7,
      .sample = "A4+D7+E7 A5+E6+G6 take C7 G7 A2 D6 C5 D4 B4 D1 D2 C1 B1 C2",
  };
  static Rules make_rules(const RuleChoices& c) { return Rules{c.size}; }
  // The ballot and the play phase (the stages in `facts`), and the end.
  enum class Phase : uint8_t { ballot, play, over };

  // Bits of a `global_loop_kinds` mask.
  enum LoopKind : uint8_t { vertical = 1, horizontal = 2, rising_spiral = 4, falling_spiral = 8 };
  // The kind bit of a nonzero winding vector (0 for (0, 0)).
  static uint8_t loop_kind(int winding_east, int winding_north);

  Looper() : Looper(Rules{}) {}
  explicit Looper(const Rules& rules);
  explicit Looper(const RuleChoices& choices) : Looper(make_rules(choices)) {}

  // --- the game contract (game.h) ---
  const Rules& rules() const { return rules_; }
  const Geometry& geometry() const { return *geometry_; }
  int size() const { return rules_.size; }
  Color at(Point p) const { return board_[p]; }
  int to_move() const { return to_move_; }
  // Black during the ballot (both players place black stones), then the mover's colour.
  Color color_to_move() const;
  // 0 until `take`, then the taker.
  int black_player() const { return black_player_; }
  Phase phase() const { return phase_; }
  int passes() const { return 0; }
  int moves_played() const { return moves_played_; }
  bool is_over() const { return phase_ == Phase::over; }
  Status status() const {
    return {to_move(),
            color_to_move(),
            black_player(),
            is_over() ? stonegrid::Phase::over : stonegrid::Phase::play,
            passes(),
            moves_played(),
            phase_ == Phase::ballot ? 0 : 1};
  }
  // `winner` is Color::empty when the game ended by resignation before `take`.
  Outcome outcome() const { return outcome_; }
  Score score() const { return Score{.black = 0, .white = 0, .defined = false}; }
  // Zobrist of the stones, plus keys for the phase, the player to move and the taker.
  uint64_t hash() const { return hash_; }
  // Ballot: every one-stone ballot turn, then `take` (only `take` once the board is full).
  // Play: every empty point. `check`/`play` also accept any valid 2- or 3-stone ballot turn.
  void legal_moves(MoveList& list) const;
  Illegal check(const Move& move) const;
  // This game's own refusals (game.h's `Illegal::own`).
  static constexpr Illegal only_take = Illegal::own("the board is full: take is the only move");
  static constexpr Illegal duplicate_point = Illegal::own("a ballot turn names the same point twice");
  bool play(const Move& move);
  // `play` for a move known to be legal; the same as `play` here (checks are cheap, or
  // remembered from `random_move`), present for the game contract.
  void play_legal(const Move& move) { play(move); }
  // Ballot: a uniformly random legal ballot turn — with e empty points there are e one-stone
  // turns, C(e,2) two-stone turns, C(e,3) three-stone turns and one `take`; a kind is drawn in
  // proportion to those counts (exactly, by rejection), then a uniform set of points. Play: a
  // uniformly random empty point.
  Move random_move(Rng& rng) const;
  // Recomputes the union-find partition and loop flag, the witness, empty list and hash.
  bool check_consistency() const;
  // The count term by term and what the board should mark (game_facts.h).
  Explanation explain() const;
  // Puts or removes a stone outside the rules (white stones are allowed in the ballot, for
  // tests); every derived structure is rebuilt. Nothing is judged until the next turn.
  void setup(Point p, Color c);

  // --- Looper queries for the front end and tests ---
  // The black stones contain a global loop.
  bool global_loop() const { return black_loop_; }
  // The winding (in board widths) of the first global loop the union-find met, (0, 0) if none.
  std::array<int, 2> global_loop_winding() const { return {loop_east_, loop_north_}; }
  // The black stones and empty points together still contain a global loop.
  bool black_can_still_loop() const { return black_or_empty_loop_; }
  // The points of one global cycle of black stones (none set if there is no global loop) —
  // the loop to highlight once Black has won.
  std::bitset<max_points> winning_loop() const;
  // Which kinds of global cycle exist among the black stones (with_empty false) or among the
  // black stones and empty points (with_empty true), as a LoopKind mask. Exactly: the kinds of
  // the fundamental cycles of a breadth-first spanning forest of that set — each non-tree
  // edge closes a simple cycle whose winding is the mismatch of the two lifted positions.
  // Every kind reported is a real simple cycle; these windings generate the set's whole
  // winding lattice, but a kind present only as a combination (a cycle that is not
  // fundamental for this forest) may be missing.
  uint8_t global_loop_kinds(bool with_empty) const;
  int empty_points() const { return empty_.count(); }
  // For SGF setup: always fine (an empty view). Looper has no liberties, and its rules go on
  // from any board: a ballot turn fills empty points, `take` is always legal (the only turn on
  // a full board) and judges the board at once; white stones before `take` simply block loops.
  std::string_view setup_fault(Point& stone) const;

 private:
  struct Root {
    Point root;
    int east, north;  // position relative to the root, in the universal cover
  };
  Root find(Point p);                // with path compression
  Root find_quietly(Point p) const;  // without (for const checks)
  void add_black(Point p);
  void add_stone(Point p, Color c);
  void rebuild();
  void recompute_witness(Point first);
  void judge_play_phase();
  void end(int winner_player, bool by_resignation);
  uint64_t rules_key() const;

  Rules rules_;
  const Geometry* geometry_;
  std::array<Color, max_points> board_{};
  // Union-find over black stones: parent, and the position of each stone relative to its
  // parent in the universal cover (the plane the torus is rolled from).
  std::array<Point, max_points> parent_{};
  std::array<int16_t, max_points> offset_east_{};
  std::array<int16_t, max_points> offset_north_{};
  std::array<int16_t, max_points> set_size_{};
  EmptyPoints empty_;
  // The points of one global cycle among black stones and empty points (while one exists).
  // It stays a cycle until White plays on one of its points; only then is it searched again.
  std::bitset<max_points> witness_;
  bool black_loop_ = false;
  bool black_or_empty_loop_ = true;
  int loop_east_ = 0, loop_north_ = 0;
  Phase phase_ = Phase::ballot;
  int to_move_ = 1;
  int black_player_ = 0;
  int moves_played_ = 0;
  Outcome outcome_{};
  uint64_t hash_ = 0;
};

}  // namespace stonegrid
