// Looper's turns as the search tree sees them (the contract is in turns.h). A ballot turn of
// 1–3 black stones is searched as a sequence of choices — a point, another point, `stop` — so
// the tree never lists every 3-stone set; `Turns<Looper>` holds the pending stones of the
// current ballot turn. policy_looper.h includes this file, so every search over Looper sees it.
#pragma once

#include <algorithm>
#include <array>

#include "bot/turns.h"
#include "games/looper.h"

namespace stonegrid::bot {

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
  Point pending(int i) const { return pending_[i]; }
  bool is_pending(Point p) const {
    for (int i = 0; i < pending_count_; ++i)
      if (pending_[i] == p) return true;
    return false;
  }

  void actions(ActionList& out) const {
    out.count = 0;
    if (game_.is_over()) return;
    if (game_.phase() != Looper::Phase::ballot) {
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
    if (game_.phase() != Looper::Phase::ballot)
      return is_point(a) && game_.play(Move::place(static_cast<Point>(a)));
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
    if (game_.phase() != Looper::Phase::ballot) {
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
    Move m = Move::places(pending_[0], pending_count_ > 1 ? pending_[1] : no_point,
                          pending_count_ > 2 ? pending_[2] : no_point);
    pending_count_ = 0;
    return game_.play(m);
  }

  Looper game_;
  std::array<Point, 3> pending_{no_point, no_point, no_point};
  int pending_count_ = 0;
};

}  // namespace stonegrid::bot
