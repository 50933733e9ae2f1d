// Go under Lasker-Maas: the rules on top of stones.h. Read `check` and `play` first; counting
// (`territory`, `score`) is at the end.
#include "games/go.h"

#include <algorithm>

namespace stonegrid {

static_assert(Game<Go>);

namespace {

int clamp_size(int size) {
  return std::clamp(size, min_size, max_size);
}

// Extra hash keys for the non-board part of the state (fixed odd constants; only mixing
// quality matters).
constexpr uint64_t white_to_move_key = 0x9E3779B97F4A7C15ull;
constexpr uint64_t resolve_phase_key = 0xC2B2AE3D27D4EB4Full;
constexpr uint64_t over_key = 0x165667B19E3779F9ull;
constexpr uint64_t passes_key = 0x27D4EB2F165667C5ull;
constexpr uint64_t black_prisoner_key = 0x85EBCA77C2B2AE63ull;
constexpr uint64_t white_prisoner_key = 0xFF51AFD7ED558CCDull;

}  // namespace

Go::Go(const Rules& rules)
    : rules_{clamp_size(rules.size), rules.komi},
      board_(Geometry::of(clamp_size(rules.size), Topology::plane)) {
  history_.add(board_.hash());  // the empty start board is an earlier board too
}

uint64_t Go::hash() const {
  uint64_t h = board_.hash();
  if (to_move_ == 2) h ^= white_to_move_key;
  if (phase_ == Phase::resolve) h ^= resolve_phase_key;
  if (phase_ == Phase::over) h ^= over_key;
  h ^= passes_key * static_cast<uint64_t>(passes_);
  h ^= black_prisoner_key * static_cast<uint64_t>(prisoners_[1]);
  h ^= white_prisoner_key * static_cast<uint64_t>(prisoners_[2]);
  return h;
}

// --- legality ------------------------------------------------------------------------------

// Phase 2 needs no prisoner check: the top-up keeps both counts at 1 or more between moves.
bool Go::placement_legal(Point p, Color c, Illegal* why) const {
  const Stones::Preview after = board_.preview(p, c);
  if (after.own_without_liberty) {
    if (why) *why = Illegal::suicide;
    return false;
  }
  if (history_.contains(after.hash_after)) {
    if (why) *why = Illegal::superko;
    return false;
  }
  return true;
}

Illegal Go::check(const Move& move) const {
  if (is_over()) return Illegal::game_over;
  switch (move.kind) {
    case Move::Kind::pass:
    case Move::Kind::resign:
      return Illegal::none;
    case Move::Kind::take:
      return Illegal::wrong_kind;
    case Move::Kind::place:
      break;
  }
  if (move.count != 1) return Illegal::wrong_kind;
  const Point p = move.point();
  if (p < 0 || p >= geometry().points) return Illegal::off_board;
  if (board_.at(p) != Color::empty) return Illegal::occupied;
  Illegal why = Illegal::none;
  placement_legal(p, color_to_move(), &why);
  return why;
}

void Go::legal_moves(MoveList& list) const {
  list.clear();
  if (is_over()) return;
  const Color c = color_to_move();
  for (Point p = 0; p < geometry().points; ++p)
    if (board_.at(p) == Color::empty && placement_legal(p, c, nullptr)) list.push(Move::place(p));
  list.push(Move::pass());
}

// --- playing -------------------------------------------------------------------------------

void Go::top_up_prisoners() {
  while (prisoners_[1] == 0 || prisoners_[2] == 0) {
    ++prisoners_[1];
    ++prisoners_[2];
  }
}

bool Go::play(const Move& move) {
  if (check(move) != Illegal::none) return false;
  play_legal(move);
  return true;
}

void Go::play_legal(const Move& move) {
  ++moves_played_;
  switch (move.kind) {
    case Move::Kind::resign: {
      const int winner = 3 - to_move_;
      outcome_ = Outcome{winner, winner == 1 ? Color::black : Color::white, true};
      phase_ = Phase::over;
      passes_ = 0;
      return;
    }
    case Move::Kind::pass:
      next_player();
      if (++passes_ == 2) {
        passes_ = 0;
        if (phase_ == Phase::play) {
          phase_ = Phase::resolve;  // the player who would move next starts it: no turn change
          top_up_prisoners();
        } else {
          end_by_count();
        }
      }
      return;
    case Move::Kind::place:
    case Move::Kind::take:
      break;
  }
  const Color c = color_to_move();
  if (phase_ == Phase::resolve) --prisoners_[static_cast<int>(c)];
  const Stones::Placed placed = board_.place(move.point(), c, false);
  prisoners_[static_cast<int>(opponent(c))] += placed.enemy_captured;
  history_.add(board_.hash());
  if (phase_ == Phase::resolve) top_up_prisoners();
  passes_ = 0;
  next_player();
}

// The game is over after the second pass of phase 2: `passes()` reads 0 then, as after a resign.
void Go::end_by_count() {
  phase_ = Phase::over;
  const Score s = score();
  outcome_ = Outcome{};
  if (s.black > s.white) outcome_ = Outcome{1, Color::black, false};
  if (s.white > s.black) outcome_ = Outcome{2, Color::white, false};
}

// The scan wraps once around the empty list from a random start. Rejected points are simply
// skipped, which makes the choice slightly non-uniform (a legal point after a run of rejected
// ones is picked more often) — the usual libego trade for speed.
// The same scan as in squaresquared.cpp, kept apart on purpose: a shared version in Stones taking the
// legality test as a lambda measured ~12 % slower (the test stopped being inlined).
Move Go::random_move(Rng& rng) const {
  if (is_over()) return Move::pass();
  const int n = board_.empty_count();
  if (n == 0) return Move::pass();
  const Color c = color_to_move();
  const int start = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
  for (int i = start, left = n; left > 0; --left) {
    const Point p = board_.empty_point(i);
    if (!board_.is_one_point_eye(p, c) && !board_.is_hopeless_in_enemy_eye(p, c) &&
        placement_legal(p, c, nullptr))
      return Move::place(p);
    if (++i == n) i = 0;
  }
  return Move::pass();
}

// --- set-up and checking -------------------------------------------------------------------

void Go::setup(Point p, Color c) {
  board_.setup(p, c);
  history_.clear();
  history_.add(board_.hash());
}

bool Go::check_consistency() const {
  if (!board_.check_consistency()) return false;
  if (!history_.contains(board_.hash())) return false;
  if (to_move_ != 1 && to_move_ != 2) return false;
  if (prisoners_[0] != 0 || prisoners_[1] < 0 || prisoners_[2] < 0) return false;
  if (phase_ == Phase::resolve && (prisoners_[1] == 0 || prisoners_[2] == 0)) return false;
  if (phase_ != Phase::over && passes_ > 1) return false;
  return phase_ == Phase::play || phase_ == Phase::resolve || phase_ == Phase::over;
}

// --- counting ------------------------------------------------------------------------------

namespace {

// Territory of both colours at once: flood fill each empty region and note which colours it
// touches. With `owner`, also marks each territory point with its colour.
std::array<int, 3> count_territory(const Stones& board, std::array<Color, max_points>* owner = nullptr) {
  const Geometry& g = board.geometry();
  std::array<int, 3> territory{};
  std::array<bool, max_points> seen{};
  std::array<Point, max_points> stack, region_points;
  for (Point start = 0; start < g.points; ++start) {
    if (board.at(start) != Color::empty || seen[start]) continue;
    int top = 0, region = 0;
    bool touches[3] = {false, false, false};
    stack[top++] = start;
    seen[start] = true;
    while (top > 0) {
      const Point s = stack[--top];
      region_points[region++] = s;
      for (int k = 0; k < g.degree[s]; ++k) {
        const Point q = g.neighbours[s][k];
        const Color qc = board.at(q);
        if (qc != Color::empty) {
          touches[static_cast<int>(qc)] = true;
        } else if (!seen[q]) {
          seen[q] = true;
          stack[top++] = q;
        }
      }
    }
    const Color side = touches[1] == touches[2] ? Color::empty : touches[1] ? Color::black : Color::white;
    territory[static_cast<int>(side)] += region;
    if (owner)
      for (int i = 0; i < region; ++i) (*owner)[region_points[i]] = side;
  }
  return territory;
}

}  // namespace

int Go::territory(Color c) const {
  return count_territory(board_)[static_cast<int>(c)];
}

Score Go::score() const {
  const std::array<int, 3> territory = count_territory(board_);
  Score s;
  s.black = territory[1] - prisoners_[1];
  s.white = territory[2] - prisoners_[2] + rules_.komi;
  return s;
}

Explanation Go::explain() const {
  Explanation e;
  e.counted = true;
  const std::array<int, 3> territory = count_territory(board_, &e.owner);
  e.show_owner = phase_ != Phase::play;
  e.black = {{"territory", static_cast<double>(territory[1])},
             {"prisoners", -static_cast<double>(prisoners_[1])}};
  e.white = {{"territory", static_cast<double>(territory[2])},
             {"prisoners", -static_cast<double>(prisoners_[2])},
             {"komi", rules_.komi}};
  if (phase_ == Phase::play)
    e.notes.push_back("Two passes in a row start the resolve phase.");
  else if (phase_ == Phase::resolve)
    e.notes.push_back(
        "Resolve phase: play out disputed stones. Each stone you place comes from your prisoners "
        "(a pair is added whenever either supply is empty). Two passes in a row end the game.");
  return e;
}

// --- set-up boards -----------------------------------------------------------------------------

std::string_view Go::setup_fault(Point& stone) const {
  const Geometry& g = geometry();
  for (int row = size() - 1; row >= 0; --row)
    for (int column = 0; column < size(); ++column) {
      const Point p = g.at(column, row);
      if (board_.at(p) != Color::empty && !board_.has_liberty(p)) {
        stone = p;
        return "has no liberty";
      }
    }
  return {};
}

}  // namespace stonegrid
