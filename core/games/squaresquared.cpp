// Square Squared: Tromp-Taylor play on top of stones.h, scored on the edge. Read `check` and
// `play` first; the count (`edge_chains`, `score`, the v3 tie-break) is at the end.
#include "games/squaresquared.h"

#include "notation.h"

#include <algorithm>

namespace stonegrid {

static_assert(Game<SquareSquared>);

namespace {

int clamp_size(int size) {
  return std::clamp(size, min_size, max_size);
}

constexpr uint64_t white_to_move_key = 0x9E3779B97F4A7C15ull;
constexpr uint64_t over_key = 0x165667B19E3779F9ull;
constexpr uint64_t passes_key = 0x27D4EB2F165667C5ull;

}  // namespace

SquareSquared::SquareSquared(const Rules& rules)
    : rules_{clamp_size(rules.size), rules.komi, rules.scoring},
      board_(Geometry::of(clamp_size(rules.size), Topology::plane)) {
  history_.add(board_.hash());  // the empty start board is an earlier board too
}

uint64_t SquareSquared::hash() const {
  uint64_t h = board_.hash();
  if (to_move_ == 2) h ^= white_to_move_key;
  if (over_) h ^= over_key;
  return h ^ passes_key * static_cast<uint64_t>(passes_);
}

// --- legality ------------------------------------------------------------------------------

// Suicide is allowed, so superko is the only test left. A one-stone suicide previews to the
// current board, which the history always holds.
bool SquareSquared::placement_legal(Point p, Color c) const {
  const Stones::Preview after = board_.preview(p, c);
  if (after.own_removed == 1) return false;  // a one-stone suicide: the current board again
  return !history_.contains(after.hash_after);
}

Illegal SquareSquared::check(const Move& move) const {
  if (over_) return Illegal::game_over;
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
  return placement_legal(p, color_to_move()) ? Illegal::none : Illegal::superko;
}

void SquareSquared::legal_moves(MoveList& list) const {
  list.clear();
  if (over_) return;
  const Color c = color_to_move();
  for (Point p = 0; p < geometry().points; ++p)
    if (board_.at(p) == Color::empty && placement_legal(p, c)) list.push(Move::place(p));
  list.push(Move::pass());
}

// --- playing -------------------------------------------------------------------------------

bool SquareSquared::play(const Move& move) {
  if (check(move) != Illegal::none) return false;
  play_legal(move);
  return true;
}

void SquareSquared::play_legal(const Move& move) {
  ++moves_played_;
  switch (move.kind) {
    case Move::Kind::resign: {
      const int winner = 3 - to_move_;
      outcome_ = Outcome{winner, winner == 1 ? Color::black : Color::white, true};
      over_ = true;
      passes_ = 0;
      return;
    }
    case Move::Kind::pass:
      to_move_ = static_cast<uint8_t>(3 - to_move_);
      if (++passes_ == 2) end_by_count();
      return;
    case Move::Kind::place:
    case Move::Kind::take:
      break;
  }
  board_.place(move.point(), color_to_move(), true);
  history_.add(board_.hash());
  passes_ = 0;
  to_move_ = static_cast<uint8_t>(3 - to_move_);
}

// See Go::random_move for the (slight) non-uniformity of the scan.
// The same scan as in go.cpp, kept apart on purpose: a shared version in Stones taking the
// legality test as a lambda measured ~12 % slower (the test stopped being inlined).
Move SquareSquared::random_move(Rng& rng) const {
  if (over_) return Move::pass();
  const int n = board_.empty_count();
  if (n == 0) return Move::pass();
  const Color c = color_to_move();
  const int start = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
  for (int i = start, left = n; left > 0; --left) {
    const Point p = board_.empty_point(i);
    if (!board_.is_one_point_eye(p, c) && !board_.is_hopeless_in_enemy_eye(p, c) && placement_legal(p, c))
      return Move::place(p);
    if (++i == n) i = 0;
  }
  return Move::pass();
}

// --- set-up and checking -------------------------------------------------------------------

void SquareSquared::setup(Point p, Color c) {
  board_.setup(p, c);
  history_.clear();
  history_.add(board_.hash());
}

bool SquareSquared::check_consistency() const {
  if (!board_.check_consistency()) return false;
  if (!history_.contains(board_.hash())) return false;
  if (to_move_ != 1 && to_move_ != 2) return false;
  return over_ || passes_ < 2;
}

// --- counting ------------------------------------------------------------------------------

SquareSquared::EdgeChains SquareSquared::edge_chains() const {
  const Geometry& g = geometry();
  const int tax = rules_.scoring == Scoring::group_tax ? 2 : 0;
  EdgeChains result;
  std::array<bool, max_points> counted{};  // by representative
  for (Point p = 0; p < g.points; ++p) {
    if (!g.on_edge(p) || board_.at(p) == Color::empty) continue;
    const Point head = board_.chain(p);
    if (counted[head]) continue;
    counted[head] = true;
    int edge_stones = 0;
    Point s = head;
    do {
      edge_stones += g.on_edge(s);
      s = board_.next_in_chain(s);
    } while (s != head);
    result.chains[result.count++] = EdgeChain{head, board_.at(p), edge_stones, tax};
  }
  return result;
}

int SquareSquared::edge_score(Color c) const {
  const EdgeChains all = edge_chains();
  int total = 0;
  for (int i = 0; i < all.count; ++i)
    if (all.chains[i].colour == c) total += all.chains[i].edge_stones - all.chains[i].tax;
  return total;
}

int SquareSquared::ring_stones(Color c, int ring) const {
  const Geometry& g = geometry();
  const int n = g.size;
  int count = 0;
  for (Point p = 0; p < g.points; ++p) {
    const int col = g.column(p), row = g.row(p);
    const int d = std::min(std::min(col, row), std::min(n - 1 - col, n - 1 - row));
    count += d == ring && board_.at(p) == c;
  }
  return count;
}

Score SquareSquared::score() const {
  const EdgeChains all = edge_chains();
  int total[3] = {0, 0, 0};
  for (int i = 0; i < all.count; ++i)
    total[static_cast<int>(all.chains[i].colour)] += all.chains[i].edge_stones - all.chains[i].tax;
  Score s;
  s.black = total[1];
  s.white = total[2] + rules_.komi;
  return s;
}

// v3 breaks a tie ring by ring from the second line inward; the ruling's group_tax has no
// tie-break (jigo).
void SquareSquared::end_by_count() {
  over_ = true;
  const Score s = score();
  int sign = s.black > s.white ? 1 : s.white > s.black ? -1 : 0;
  if (sign == 0 && rules_.scoring == Scoring::v3) {
    for (int ring = 1; ring <= (size() - 1) / 2 && sign == 0; ++ring) {
      const int black = ring_stones(Color::black, ring), white = ring_stones(Color::white, ring);
      sign = black > white ? 1 : white > black ? -1 : 0;
    }
  }
  outcome_ = sign > 0   ? Outcome{1, Color::black, false}
             : sign < 0 ? Outcome{2, Color::white, false}
                        : Outcome{};
}

Explanation SquareSquared::explain() const {
  Explanation e;
  e.counted = true;
  const Geometry& g = geometry();
  const EdgeChains all = edge_chains();
  for (int i = 0; i < all.count; ++i) {
    const EdgeChain& chain = all.chains[i];
    Point first = chain.chain;  // the chain's first edge point, where its score is written
    for (Point q = 0; q < g.points; ++q)
      if (g.on_edge(q) && board_.at(q) == chain.colour && board_.chain(q) == chain.chain) {
        first = q;
        break;
      }
    const int value = chain.edge_stones - chain.tax;
    std::string label = "edge chain at " + vertex_text(first, g.size) + ": " +
                        std::to_string(chain.edge_stones) +
                        (chain.tax ? " − " + std::to_string(chain.tax) : std::string());
    (chain.colour == Color::black ? e.black : e.white).push_back({label, static_cast<double>(value)});
    std::string text = std::to_string(value);
    if (value > 0) text.insert(text.begin(), '+');
    e.labels.push_back({first, chain.colour, text});
  }
  if (rules_.komi != 0) e.white.push_back({"komi", rules_.komi});
  e.notes.push_back(rules_.scoring == Scoring::group_tax
                        ? "Each chain touching the edge scores its edge stones minus a tax of 2."
                        : "Each edge stone scores 1; a tie is broken by the second line, then the third.");
  return e;
}

// --- set-up boards -----------------------------------------------------------------------------

std::string_view SquareSquared::setup_fault(Point& stone) const {
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
