// The body Go (go.h) and Square Squared (squaresquared.h) share: each holds one `CaptureGame`
// and adds its own rules around it (composition; neither derives from it). It keeps the board of
// stones and the superko history, whose turn it is, passes in a row, the number of turns and
// the outcome; it runs the checks every move goes through before the game's own judgement of a
// placement, and the bookkeeping of a pass, a resignation and a placement. Which chains a
// placement removes, what two passes end, prisoners and the count stay in the games.
//
// Each game keeps its own random-placement scan (`random_move`): a version shared here, taking
// the game's legality test as a lambda, measured ~12 % slower (the test stopped being inlined).
#pragma once

#include <cstdint>

#include "rules/game.h"
#include "rules/stones.h"

namespace stonegrid {

class CaptureGame {
 public:
  // An empty board of `clamp_size(size)` on the plane, player 1 (Black) to move; the empty
  // board is the first board of the superko history.
  explicit CaptureGame(int size);

  const Stones& board() const { return board_; }
  // The boards of the game so far, for the games' superko judgement.
  const PositionHistory& history() const { return history_; }
  int to_move() const { return to_move_; }
  Color color_to_move() const { return to_move_ == 1 ? Color::black : Color::white; }
  // Passes in a row in the phase being played; after the passes that ended the game (or a
  // phase), still their count — a game starting a new phase calls `start_phase`.
  int passes() const { return passes_; }
  int moves_played() const { return moves_played_; }
  bool is_over() const { return over_; }
  Outcome outcome() const { return outcome_; }

  // The board hash mixed with the side to move, "over" and passes in a row (the games add
  // what else they keep).
  uint64_t hash() const;

  // The checks in the order both games document: game_over, wrong_kind (take, or more than one
  // stone), off_board, occupied; then, for a placement on an empty point of the board,
  // `judge(point, colour)` — the game's own reason (suicide, superko) or Illegal::none.
  template <typename Judge>
  Illegal check(const Move& move, Judge judge) const {
    if (std::optional<Illegal> shape = check_turn_shape(move, over_, board_.geometry().points)) return *shape;
    const Point p = move.point();
    if (board_.at(p) != Color::empty) return Illegal::occupied;
    return judge(p, color_to_move());
  }
  // Every placement `judge` accepts (ascending points), then pass; empty once the game is over.
  template <typename Judge>
  void legal_moves(MoveList& list, Judge judge) const {
    list.clear();
    if (over_) return;
    const Color c = color_to_move();
    for (Point p = 0; p < board_.geometry().points; ++p)
      if (board_.at(p) == Color::empty && judge(p, c) == Illegal::none) list.push(Move::place(p));
    list.push(Move::pass());
  }

  // --- a turn: each counts the move and, unless it ends the game, passes the turn ---
  // The player to move resigns: the opponent wins, passes in a row read 0.
  void resign();
  // The player to move passes; true when this is the second pass in a row (the game decides
  // what that ends: `start_phase` or `end`).
  bool pass();
  // The player to move places on `p` (legal: the caller judged it); the new board joins the
  // superko history.
  Stones::Placed place(Point p, bool remove_own_chain);
  // A new phase starts: passes in a row from 0 again.
  void start_phase() { passes_ = 0; }
  // The game ends with `outcome` (after the count).
  void end(const Outcome& outcome) {
    over_ = true;
    outcome_ = outcome;
  }

  // Puts (or, with Color::empty, removes) a stone outside the rules; the superko history
  // restarts at the resulting board.
  void setup(Point p, Color c);
  bool check_consistency() const;

 private:
  Stones board_;
  PositionHistory history_;
  uint8_t to_move_ = 1;
  bool over_ = false;
  int passes_ = 0;
  int moves_played_ = 0;
  Outcome outcome_{};
};

}  // namespace stonegrid
