// What the search tree sees of a game: a state whose turns are split into *actions*. For most
// games an action is a whole turn (a point, pass or take). A Looper ballot turn of 1–3 black
// stones is searched as a sequence of choices instead — a point, another point, `stop` — so the
// tree never lists every 3-stone set (`Turns<Looper>` below holds the pending stones of the
// current ballot turn). Read `Action`, then the generic `Turns<G>`, then the Looper adapter.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "game.h"
#include "games/looper.h"

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

// --- every game but Looper: one action is one turn ---------------------------------------
template <Game G>
class Turns {
 public:
  explicit Turns(const G& game) : game_(game) {}

  const G& game() const { return game_; }
  G& game() { return game_; }
  int to_move() const { return game_.to_move(); }
  bool is_over() const { return game_.is_over(); }
  // True between turns (always, here); the Looper adapter is false mid-ballot.
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

// --- Looper: a ballot turn as point, point, point | stop ----------------------------------
// The points of one ballot turn are chosen in increasing order, so each set of stones is one
// path of the tree, not up to six. `take` is offered only as the first choice, `stop` only
// after at least one stone; a third stone ends the turn by itself.
template <>
class Turns<Looper> {
 public:
  explicit Turns(const Looper& game) : game_(game) {}

  const Looper& game() const { return game_; }
  Looper& game() { return game_; }
  int to_move() const { return game_.to_move(); }
  bool is_over() const { return game_.is_over(); }
  bool at_turn_start() const { return pending_count_ == 0; }
  int pending_count() const { return pending_count_; }
  Point pending(int i) const { return pending_[i]; }
  bool is_pending(Point p) const {
    for (int i = 0; i < pending_count_; ++i)
      if (pending_[i] == p) return true;
    return false;
  }

  void actions(ActionList& out) const {
    out.count = 0;
    if (game_.is_over()) return;
    if (game_.phase() != Phase::ballot) {
      for (Point p = 0; p < game_.geometry().points; ++p)
        if (game_.at(p) == Color::empty) out.push(static_cast<Action>(p));
      return;
    }
    const Point after = pending_count_ ? static_cast<Point>(pending_[pending_count_ - 1] + 1) : 0;
    for (Point p = after; p < game_.geometry().points; ++p)
      if (game_.at(p) == Color::empty) out.push(static_cast<Action>(p));
    if (pending_count_ == 0)
      out.push(take_action);
    else
      out.push(stop_action);
  }

  bool apply(Action a) {
    if (game_.phase() != Phase::ballot) return is_point(a) && game_.play(Move::place(static_cast<Point>(a)));
    if (a == take_action) return pending_count_ == 0 && game_.play(Move::take());
    if (a == stop_action) return pending_count_ > 0 && commit();
    if (!is_point(a) || game_.at(static_cast<Point>(a)) != Color::empty || is_pending(static_cast<Point>(a)))
      return false;
    pending_[pending_count_++] = static_cast<Point>(a);
    return pending_count_ == 3 ? commit() : true;
  }
  void finish_turn() {
    if (pending_count_ > 0) commit();
  }

  static Move move_of(Action a) {
    if (a == take_action) return Move::take();
    return Move::place(static_cast<Point>(a));
  }
  TurnActions turn_actions(const Move& m) const {
    TurnActions t;
    if (m.kind == Move::Kind::take) {
      t.actions[t.count++] = take_action;
      return t;
    }
    if (m.kind != Move::Kind::place) {
      t.actions[t.count++] = pass_action;  // never legal in Looper: `apply` refuses it
      return t;
    }
    if (game_.phase() != Phase::ballot) {
      t.actions[t.count++] = static_cast<Action>(m.point());
      return t;
    }
    const int count = std::clamp<int>(m.count, 1, 3);
    std::array<Point, 3> points = m.points;
    for (int i = 1; i < count; ++i)  // insertion sort of at most 3 points
      for (int j = i; j > 0 && points[j] < points[j - 1]; --j) std::swap(points[j], points[j - 1]);
    for (int i = 0; i < count; ++i) t.actions[t.count++] = static_cast<Action>(points[i]);
    if (count < 3) t.actions[t.count++] = stop_action;
    return t;
  }

 private:
  bool commit() {
    Move m = Move::ballot(pending_[0], pending_count_ > 1 ? pending_[1] : no_point,
                          pending_count_ > 2 ? pending_[2] : no_point);
    pending_count_ = 0;
    return game_.play(m);
  }

  Looper game_;
  std::array<Point, 3> pending_{no_point, no_point, no_point};
  int pending_count_ = 0;
};

}  // namespace stonegrid::bot
