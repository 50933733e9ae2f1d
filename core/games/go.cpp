// Go under Lasker-Maas: the rules on top of capture_game.h (board, superko history, turns).
// Read `judge_placement` and `play_legal` first; counting (`territory`, `score`) is at the end.
#include "games/go.h"

#include <string>

namespace stonegrid {

static_assert(Game<Go>);

namespace {

// Extra hash keys for Go's part of the state (fixed odd constants; only mixing quality
// matters); capture_game.cpp mixes in the side to move, "over" and passes.
constexpr uint64_t resolve_phase_key = 0xC2B2AE3D27D4EB4Full;
constexpr uint64_t black_prisoner_key = 0x85EBCA77C2B2AE63ull;
constexpr uint64_t white_prisoner_key = 0xFF51AFD7ED558CCDull;

}  // namespace

Go::Go(const Rules& rules)
    : rules_{clamp_size(rules.size), rules.komi},
      common_(rules.size),
      removed_(common_.board().geometry().points) {
  for (Point p = 0; p < removed_.used(); ++p) removed_[p] = Color::empty;
}

uint64_t Go::hash() const {
  uint64_t h = common_.hash();
  if (phase() == Phase::resolve) h ^= resolve_phase_key;
  h ^= black_prisoner_key * static_cast<uint64_t>(prisoners_[1]);
  h ^= white_prisoner_key * static_cast<uint64_t>(prisoners_[2]);
  return h;
}

// --- legality ------------------------------------------------------------------------------

// Phase 2 needs no prisoner check: the top-up keeps both counts at 1 or more between moves.
Illegal Go::judge_placement(Point p, Color c) const {
  const Stones::Preview after = common_.board().preview(p, c);
  if (after.own_without_liberty) return Illegal::suicide;
  if (common_.history().contains(after.hash_after)) return Illegal::superko;
  return Illegal::none;
}

Illegal Go::check(const Move& move) const {
  return common_.check(move, [this](Point p, Color c) { return judge_placement(p, c); });
}

void Go::legal_moves(MoveList& list) const {
  common_.legal_moves(list, [this](Point p, Color c) { return judge_placement(p, c); });
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
  switch (move.kind) {
    case Move::Kind::resign:
      common_.resign();
      return;
    case Move::Kind::pass:
      if (!common_.pass()) return;
      if (phase_ == Phase::play) {
        phase_ = Phase::resolve;  // the player who would move next starts it: no turn change
        common_.start_phase();
        top_up_prisoners();
      } else {
        end_by_count();
      }
      return;
    case Move::Kind::place:
    case Move::Kind::take:
      break;
  }
  const Color c = color_to_move();
  if (phase_ == Phase::resolve) {
    --prisoners_[static_cast<int>(c)];
    note_removals(move.point(), c);
  }
  const Stones::Placed placed = common_.place(move.point(), false);
  prisoners_[static_cast<int>(opponent(c))] += placed.enemy_captured;
  if (phase_ == Phase::resolve) top_up_prisoners();
}

// Before `c` places on `p` in the resolve phase: the enemy chains next to `p` with no other
// liberty are about to go, and the board marks them as removed (`explain().removed`); a stone
// placed on a removed point is no longer one.
void Go::note_removals(Point p, Color c) {
  const Stones& board = common_.board();
  const Geometry& g = geometry();
  removed_[p] = Color::empty;
  for (int k = 0; k < g.degree[p]; ++k) {
    const Point q = g.neighbours[p][k];
    if (board.at(q) != opponent(c) || !board.at_most_one_liberty(q)) continue;
    Point s = q;
    do {
      removed_[s] = opponent(c);
      s = board.next_in_chain(s);
    } while (s != q);
  }
}

// The game is over after the second pass of phase 2: `passes()` reads 2 then, as in the other
// games (the passes that ended it).
void Go::end_by_count() {
  const Score s = score();
  Outcome outcome{};
  if (s.black > s.white) outcome = Outcome{1, Color::black, false};
  if (s.white > s.black) outcome = Outcome{2, Color::white, false};
  common_.end(outcome);
}

// The scan wraps once around the empty list from a random start. Rejected points are simply
// skipped, which makes the choice slightly non-uniform (a legal point after a run of rejected
// ones is picked more often) — the usual libego trade for speed.
// The same scan as in squaresquared.cpp, kept apart on purpose: a shared version in Stones taking the
// legality test as a lambda measured ~12 % slower (the test stopped being inlined).
Move Go::random_move(Rng& rng) const {
  if (is_over()) return Move::pass();
  const Stones& board = common_.board();
  const int n = board.empty_count();
  if (n == 0) return Move::pass();
  const Color c = color_to_move();
  const int start = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
  for (int i = start, left = n; left > 0; --left) {
    const Point p = board.empty_point(i);
    if (!board.is_one_point_eye(p, c) && !board.is_hopeless_in_enemy_eye(p, c) &&
        judge_placement(p, c) == Illegal::none)
      return Move::place(p);
    if (++i == n) i = 0;
  }
  return Move::pass();
}

// --- set-up and checking -------------------------------------------------------------------

void Go::setup(Point p, Color c) {
  common_.setup(p, c);
  removed_[p] = Color::empty;
}

bool Go::check_consistency() const {
  if (!common_.check_consistency()) return false;
  if (prisoners_[0] != 0 || prisoners_[1] < 0 || prisoners_[2] < 0) return false;
  if (phase_ == Phase::resolve && (prisoners_[1] == 0 || prisoners_[2] == 0)) return false;
  for (Point p = 0; p < removed_.used(); ++p)
    if (removed_[p] != Color::empty && at(p) != Color::empty) return false;
  return phase_ == Phase::play || phase_ == Phase::resolve;
}

// --- counting ------------------------------------------------------------------------------

namespace {

// Territory of both colours at once: flood fill each empty region and note which colours it
// touches. With `marks`, also marks each territory point with its colour (`owner`) and each
// point counted for nobody (`neutral`). Index 0 of the result: the points counted for nobody.
std::array<int, 3> count_territory(const Stones& board, Explanation* marks = nullptr) {
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
    if (marks)
      for (int i = 0; i < region; ++i) {
        marks->owner[region_points[i]] = side;
        marks->neutral[region_points[i]] = side == Color::empty;
      }
  }
  return territory;
}

std::string points(int n) {
  return std::to_string(n) + (n == 1 ? " point" : " points");
}

// Why the count came out as it did, for the result card: whose territory, what counted for
// nobody, and the komi when it alone made the difference.
std::string count_reason(const std::array<int, 3>& territory, bool stones_on_board, const Score& s,
                         double komi) {
  const int black = territory[1], white = territory[2], neutral = territory[0];
  std::string text;
  if (black == 0 && white == 0) {
    text = stones_on_board ? "No territory: every empty region touches both colours, so none counts."
                           : "No territory: no stone is on the board, so no region counts.";
  } else {
    text = black == 0   ? "White's territory: " + points(white) + ", Black has none"
           : white == 0 ? "Black's territory: " + points(black) + ", White has none"
                        : "Black's territory: " + points(black) + ", White's: " + points(white);
    if (neutral == 1) text += "; the one empty point that touches both colours counts for nobody";
    if (neutral > 1)
      text += "; the " + std::to_string(neutral) + " empty points that touch both colours count for nobody";
    text += ".";
  }
  if (komi != 0 && s.white - s.black == komi)
    text += komi > 0 ? " White wins by the komi." : " Black wins by the komi.";
  return text;
}

}  // namespace

int Go::territory(Color c) const {
  return count_territory(common_.board())[static_cast<int>(c)];
}

Score Go::score() const {
  const std::array<int, 3> territory = count_territory(common_.board());
  Score s;
  s.black = territory[1] - prisoners_[1];
  s.white = territory[2] - prisoners_[2] + rules_.komi;
  return s;
}

Explanation Go::explain() const {
  Explanation e;
  e.counted = true;
  const std::array<int, 3> territory = count_territory(common_.board(), &e);
  e.show_owner = phase() != Phase::play;
  for (Point p = 0; p < removed_.used(); ++p) e.removed[p] = removed_[p];
  auto prisoners = [&](int c) {  // −0 too: the line still reads "− 0 prisoners"
    return ScoreTerm{prisoners_[c] == 1 ? "prisoner" : "prisoners", -static_cast<double>(prisoners_[c]), ""};
  };
  e.black = {{"territory", static_cast<double>(territory[1]), ""}, prisoners(1)};
  e.white = {{"territory", static_cast<double>(territory[2]), ""}, prisoners(2), {"komi", rules_.komi, ""}};
  if (phase() == Phase::over && !outcome().by_resignation)
    e.ended = "Two passes in a row ended the resolve phase, and the board is counted";
  if (phase() == Phase::over && !outcome().by_resignation)
    e.reason = count_reason(territory, stones().stones(Color::black) + stones().stones(Color::white) > 0,
                            score(), rules_.komi);
  if (phase() == Phase::play)
    e.notes.push_back("Two passes in a row start the resolve phase.");
  else if (phase() == Phase::resolve)
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
      if (common_.board().at(p) != Color::empty && !common_.board().has_liberty(p)) {
        stone = p;
        return "has no liberty";
      }
    }
  return {};
}

}  // namespace stonegrid
