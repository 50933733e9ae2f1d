// Capture Go (tests/capture_go.h): the rules by flood fill, then the policy's priors.
#include "capture_go.h"

namespace stonegrid::testing {

static_assert(Game<CaptureGo>);

CaptureGo::CaptureGo(const Rules& rules)
    : rules_{facts.size_allowed(rules.size) ? rules.size : 7},
      geometry_(&Geometry::of(rules_.size, Topology::plane)) {}

int CaptureGo::liberties(Point start) const {
  const Geometry& g = *geometry_;
  const Color c = board_[start];
  if (c == Color::empty) return 0;
  std::array<bool, max_points> seen{}, counted{};
  std::array<Point, max_points> stack;
  int top = 0, count = 0;
  stack[top++] = start;
  seen[start] = true;
  while (top > 0) {
    const Point s = stack[--top];
    for (int k = 0; k < g.degree[s]; ++k) {
      const Point q = g.neighbours[s][k];
      if (board_[q] == Color::empty && !counted[q]) {
        counted[q] = true;
        ++count;
      } else if (board_[q] == c && !seen[q]) {
        seen[q] = true;
        stack[top++] = q;
      }
    }
  }
  return count;
}

void CaptureGo::judge(Point p, Color c, bool& captures, bool& suicide) const {
  CaptureGo after = *this;
  after.board_[p] = c;
  const Geometry& g = *geometry_;
  captures = false;
  for (int k = 0; k < g.degree[p]; ++k) {
    const Point q = g.neighbours[p][k];
    if (after.board_[q] == opponent(c) && after.liberties(q) == 0) captures = true;
  }
  suicide = !captures && after.liberties(p) == 0;
}

uint64_t CaptureGo::hash() const {
  uint64_t h = to_move_ == 2 ? 0x9E3779B97F4A7C15ull : 0;
  for (Point p = 0; p < geometry_->points; ++p)
    if (board_[p] != Color::empty) h ^= zobrist_key(static_cast<int>(board_[p]), p);
  return h ^ (passes_ * 0xC2B2AE3D27D4EB4Full);
}

Illegal CaptureGo::check(const Move& move) const {
  if (over_) return Illegal::game_over;
  if (move.kind == Move::Kind::pass || move.kind == Move::Kind::resign) return Illegal::none;
  if (move.kind != Move::Kind::place || move.count != 1) return Illegal::wrong_kind;
  const Point p = move.point();
  if (p < 0 || p >= geometry_->points) return Illegal::off_board;
  if (board_[p] != Color::empty) return Illegal::occupied;
  bool captures = false, suicide = false;
  judge(p, color_to_move(), captures, suicide);
  return suicide ? Illegal::suicide : Illegal::none;
}

bool CaptureGo::play(const Move& move) {
  if (check(move) != Illegal::none) return false;
  ++moves_played_;
  const int mover = to_move_;
  to_move_ = 3 - to_move_;
  if (move.kind == Move::Kind::resign) {
    over_ = true;
    outcome_ = Outcome{3 - mover, mover == 1 ? Color::white : Color::black, true};
    return true;
  }
  if (move.kind == Move::Kind::pass) {
    if (++passes_ == 2) over_ = true;  // a draw: outcome stays {0, empty}
    return true;
  }
  passes_ = 0;
  const Point p = move.point();
  const Color c = mover == 1 ? Color::black : Color::white;
  bool captures = false, suicide = false;
  judge(p, c, captures, suicide);
  board_[p] = c;
  if (captures) {
    const Geometry& g = *geometry_;
    for (int k = 0; k < g.degree[p]; ++k) {  // take the captured stones off, for the record
      const Point q = g.neighbours[p][k];
      if (board_[q] != opponent(c) || liberties(q) != 0) continue;
      const Color dead = board_[q];
      std::array<Point, max_points> stack;
      int top = 0;
      stack[top++] = q;
      board_[q] = Color::empty;
      while (top > 0) {
        const Point s = stack[--top];
        for (int j = 0; j < g.degree[s]; ++j)
          if (board_[g.neighbours[s][j]] == dead) {
            board_[g.neighbours[s][j]] = Color::empty;
            stack[top++] = g.neighbours[s][j];
          }
      }
    }
    over_ = true;
    outcome_ = Outcome{mover, c, false};
  }
  return true;
}

void CaptureGo::legal_moves(MoveList& list) const {
  list.clear();
  if (over_) return;
  for (Point p = 0; p < geometry_->points; ++p)
    if (board_[p] == Color::empty && check(Move::place(p)) == Illegal::none) list.push(Move::place(p));
  list.push(Move::pass());
}

Move CaptureGo::random_move(Rng& rng) const {
  MoveList list;
  legal_moves(list);
  if (list.count <= 1) return Move::pass();
  return list.moves[rng.below(static_cast<uint32_t>(list.count - 1))];  // never the pass
}

Explanation CaptureGo::explain() const {
  Explanation e;
  e.notes.push_back("The first capture wins.");
  if (over_ && !outcome_.by_resignation)
    e.ended = std::string(outcome_.winner == Color::black ? "Black" : "White") + " captured first";
  return e;
}

}  // namespace stonegrid::testing

namespace stonegrid::bot {

void Policy<testing::CaptureGo>::priors(const Turns<testing::CaptureGo>& t, Point, Point,
                                        const ActionList& list, Prior* out) const {
  const testing::CaptureGo& g = t.game();
  for (int i = 0; i < list.count; ++i) {
    out[i].even(10);
    if (!is_point(list.actions[i])) {
      out[i].bad(20);  // passing never captures
      continue;
    }
    testing::CaptureGo after = g;
    if (!after.play(Move::place(static_cast<Point>(list.actions[i])))) continue;
    if (after.is_over()) out[i].good(50);
  }
}

}  // namespace stonegrid::bot
