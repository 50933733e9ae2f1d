// What the search tree sees of a game: a state whose turns are split into *actions*. For most
// games an action is a whole turn (a point, pass or take), and the generic `Turns<G>` here is
// all they need. A game whose turns are searched as several choices specialises `Turns` next
// to its policy, and its policy header includes that specialisation: Looper's ballot turn of
// 1–3 stones is a point, another point, `stop` (turns_looper.h). Read `Action`, then `Turns<G>`.
#pragma once

#include <array>
#include <cstdint>

#include "rules/game.h"

namespace stonegrid::bot {

// A tree edge: a point 0..max_points-1, or one of the three words below.
using Action = uint16_t;
inline constexpr Action pass_action = max_points;
inline constexpr Action take_action = max_points + 1;
inline constexpr Action stop_action = max_points + 2;  // Looper: end a ballot turn early

inline bool is_point(Action a) {
  return a < max_points;
}

struct ActionList {
  std::array<Action, max_points + 3> actions;
  int count = 0;
  void push(Action a) { actions[count++] = a; }
  const Action* begin() const { return actions.data(); }
  const Action* end() const { return actions.data() + count; }
};

// The actions of a whole turn, in the order the tree takes them (at most 3 points + stop).
struct TurnActions {
  std::array<Action, 4> actions{};
  int count = 0;
};

// --- one action is one turn ---------------------------------------------------------------
template <Game G>
class Turns {
 public:
  explicit Turns(const G& game) : game_(game) {}

  const G& game() const { return game_; }
  G& game() { return game_; }
  int to_move() const { return game_.status().to_move; }
  bool is_over() const { return game_.status().over(); }
  // True between turns (always, here); a ballot adapter is false mid-ballot.
  bool at_turn_start() const { return true; }

  void actions(ActionList& out) const {
    MoveList moves;
    game_.legal_moves(moves);
    out.count = 0;
    for (const Move& m : moves) out.push(action_of(m));
  }
  bool apply(Action a) { return game_.play(move_of(a)); }
  // Ends a half-made turn so a playout can continue with whole turns (nothing to do here).
  void finish_turn() {}

  static Move move_of(Action a) {
    if (a == pass_action) return Move::pass();
    if (a == take_action) return Move::take();
    return Move::place(static_cast<Point>(a));
  }
  static Action action_of(const Move& m) {
    if (m.kind == Move::Kind::pass) return pass_action;
    if (m.kind == Move::Kind::take) return take_action;
    return static_cast<Action>(m.point());
  }
  TurnActions turn_actions(const Move& m) const {
    TurnActions t;
    t.actions[t.count++] = action_of(m);
    return t;
  }

 private:
  G game_;
};

}  // namespace stonegrid::bot
