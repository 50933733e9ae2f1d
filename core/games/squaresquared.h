// Square Squared (s2) — RULINGS.md §"Square Squared" (seed 004_ae73b30ec4825591.txt).
// Parameters: board size 5..25 (default 7); komi added to White (default 0); scoring variant
// `Scoring::group_tax` (the ruling, default) or `Scoring::v3`. Player 1 is Black and moves
// first.
//
// Play is Tromp-Taylor: place a stone; remove every enemy chain with no liberty; then remove
// every own chain with no liberty (suicide is allowed, and a multi-stone suicide removes the
// whole chain). Positional superko over the whole game, the empty start board included: a
// placement may not recreate an earlier board, so a one-stone suicide (which recreates the
// board before it) is never legal. `setup` restarts the history at the set-up board. Two passes
// in a row end the game; the stones then on the board count as they stand.
//
// An *edge point* lies on the outermost line (corners once). The *edge stones* of a chain are
// its stones on edge points.
// - `group_tax`: score(C) = sum over C's chains with at least one edge stone of
//   (edge stones − 2); chains with no edge stone score 0. White adds komi; equal is a draw.
// - `v3`: no group tax: score(C) = C's edge stones (+ komi for White). A tie is broken by
//   comparing stone counts on the second line (ring 1, at distance 1 from the edge), then the
//   third, and so on inward (the last ring of an odd board is the centre point); the first ring
//   where the counts differ decides. All equal: a draw.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "games/capture_game.h"
#include "rules/game.h"
#include "rules/stones.h"

namespace stonegrid {

class SquareSquared {
 public:
  enum class Scoring : uint8_t { group_tax, v3 };
  struct Rules {
    int size = 7;
    double komi = 0;
    Scoring scoring = Scoring::group_tax;
  };
  static constexpr std::string_view name = "squaresquared";
  static constexpr GameFacts facts{
      .name = name,
      .title = "Square Squared",
      .short_title = "Square Squared",
      .pitch = "Go where only stones on the edge score, less a tax of 2 per edge chain.",
      .designer = "SiouxDenim (Sensei's Library), after *Star by Ea Ea",
      .aliases = "square-squared s2",
      .default_size = 7,
      .edge_scoring = true,
      .variants = {GameVariant{"", "Tax of 2 per edge chain", "SquareSquared"},
                   GameVariant{"v3", "Edge stones, ties broken inward (v3)", "SquareSquared-v3"}},
      .variant_count = 2,
      .sample_size = 7,
      .sample = "E2 B4 E6 E5 F4 D6 G5 G4 F5 F3 E4 E3 D3 D5 F7 D2 C2 D4 C3 G6 G3 F2 E1 G2",
  };
  static Rules make_rules(const RuleChoices& c) {
    return Rules{c.size, c.komi, c.variant == 1 ? Scoring::v3 : Scoring::group_tax};
  }

  // An empty board, Black to move. A size outside 5..25 is clamped.
  // (Two constructors, not a default argument: GCC rejects `= {}` for a nested struct with
  // member initialisers.)
  SquareSquared() : SquareSquared(Rules{}) {}
  explicit SquareSquared(const Rules& rules);
  explicit SquareSquared(const RuleChoices& choices) : SquareSquared(make_rules(choices)) {}

  const Rules& rules() const { return rules_; }
  const Geometry& geometry() const { return common_.board().geometry(); }
  int size() const { return rules_.size; }
  Color at(Point p) const { return common_.board().at(p); }
  const Stones& stones() const { return common_.board(); }

  int to_move() const { return common_.to_move(); }
  Color color_to_move() const { return common_.color_to_move(); }
  int black_player() const { return 1; }
  Phase phase() const { return common_.is_over() ? Phase::over : Phase::play; }
  // In a row; after a resignation 0, after the two passes that ended the game 2.
  int passes() const { return common_.passes(); }
  int moves_played() const { return common_.moves_played(); }
  bool is_over() const { return common_.is_over(); }
  Status status() const {
    return {to_move(), color_to_move(), black_player(), phase(), passes(), moves_played()};
  }
  Outcome outcome() const { return common_.outcome(); }

  // --- the count, for the score and the UI ---
  // One chain with at least one edge stone: its representative stone, colour, edge stones, and
  // the tax it pays (2 under group_tax, 0 under v3). It scores edge_stones − tax.
  struct EdgeChain {
    Point chain = no_point;
    Color color = Color::empty;
    int edge_stones = 0;
    int tax = 0;
  };
  // Every chain touching the edge, in the order of each chain's lowest edge point (at most one
  // chain per edge point, hence the capacity).
  struct EdgeChains {
    std::array<EdgeChain, 4 * (max_size - 1)> chains{};
    int count = 0;
  };
  EdgeChains edge_chains() const;
  // Sum of (edge_stones − tax) over `c`'s edge chains; no komi.
  int edge_score(Color c) const;
  // Stones of `c` on ring `ring` (0 = the edge, 1 = the second line, … up to (size−1)/2).
  int ring_stones(Color c, int ring) const;
  // Edge scores on the current board; komi in `white`.
  Score score() const;

  // Board hash mixed with the side to move and passes in a row. Superko uses the board hash
  // alone: `stones().hash()`.
  uint64_t hash() const;

  // Every legal placement (ascending points), then pass; empty once the game is over.
  void legal_moves(MoveList& list) const;
  // Never modifies the state. Order of checks: game_over, wrong_kind (take, or more than one
  // stone), off_board, occupied, superko.
  Illegal check(const Move& move) const;
  bool play(const Move& move);
  // `play` for a move known to be legal (from `legal_moves` or `random_move` on this very
  // state): skips the legality check, which playouts would otherwise do twice.
  void play_legal(const Move& move);

  // Playout policy (libego): from a random start in the list of empty points, the first legal
  // placement that does not fill a one-point eye of the mover (an empty point whose neighbours
  // all hold the mover's colour); pass when there is none. Multi-stone suicides are legal and
  // may be chosen.
  Move random_move(Rng& rng) const;

  bool check_consistency() const;
  // The count term by term (each edge chain "(4 − 2) at A1") and what the board should mark
  // (game_facts.h); once a v3 count has ended in equal scores, the line that broke the tie.
  Explanation explain() const;
  // Puts a stone (or, with Color::empty, removes one) outside the rules, no capture; the superko
  // history restarts at the resulting board.
  void setup(Point p, Color c);
  // For SGF setup: what makes a set-up board impossible under these rules — a chain with no
  // liberty — naming its first stone in reading order (top row first) in `stone`; an empty
  // view when the board is fine.
  std::string_view setup_fault(Point& stone) const;

 private:
  // Illegal::superko or Illegal::none for `c` on the empty point `p`.
  Illegal judge_placement(Point p, Color c) const;
  void end_by_count();
  // v3's tie-break: the first ring inward (1 = the second line) where the colours' stones
  // differ, 0 when none does; and that in words for `explain`.
  int tie_break_ring() const;
  std::string tie_break_reason() const;

  Rules rules_;
  CaptureGame common_;  // board, superko history, turn, passes, outcome
};

}  // namespace stonegrid
