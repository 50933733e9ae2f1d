// Square Squared: Tromp-Taylor play on top of capture_game.h (board, superko history, turns),
// scored on the edge. Read `judge_placement` and `play_legal` first; the count (`edge_chains`,
// `score`, the v3 tie-break) is at the end.
#include "games/squaresquared.h"

#include "rules/notation.h"

#include <algorithm>

namespace stonegrid {

static_assert(Game<SquareSquared>);

SquareSquared::SquareSquared(const Rules& rules)
    : rules_{clamp_size(rules.size), rules.komi, rules.scoring}, common_(rules.size) {}

uint64_t SquareSquared::hash() const {
  return common_.hash();
}

// --- legality ------------------------------------------------------------------------------

// Suicide is allowed, so superko is the only test left. A one-stone suicide previews to the
// current board, which the history always holds.
Illegal SquareSquared::judge_placement(Point p, Color c) const {
  const Stones::Preview after = common_.board().preview(p, c);
  if (after.own_removed == 1) return Illegal::superko;  // a one-stone suicide: the current board again
  return common_.history().contains(after.hash_after) ? Illegal::superko : Illegal::none;
}

Illegal SquareSquared::check(const Move& move) const {
  return common_.check(move, [this](Point p, Color c) { return judge_placement(p, c); });
}

void SquareSquared::legal_moves(MoveList& list) const {
  common_.legal_moves(list, [this](Point p, Color c) { return judge_placement(p, c); });
}

// --- playing -------------------------------------------------------------------------------

bool SquareSquared::play(const Move& move) {
  if (check(move) != Illegal::none) return false;
  play_legal(move);
  return true;
}

void SquareSquared::play_legal(const Move& move) {
  switch (move.kind) {
    case Move::Kind::resign:
      common_.resign();
      return;
    case Move::Kind::pass:
      if (common_.pass()) end_by_count();
      return;
    case Move::Kind::place:
    case Move::Kind::take:
      break;
  }
  common_.place(move.point(), true);
}

// See Go::random_move for the (slight) non-uniformity of the scan.
// The same scan as in go.cpp, kept apart on purpose: a shared version in Stones taking the
// legality test as a lambda measured ~12 % slower (the test stopped being inlined).
Move SquareSquared::random_move(Rng& rng) const {
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

void SquareSquared::setup(Point p, Color c) {
  common_.setup(p, c);
}

bool SquareSquared::check_consistency() const {
  return common_.check_consistency();
}

// --- counting ------------------------------------------------------------------------------

SquareSquared::EdgeChains SquareSquared::edge_chains() const {
  const Geometry& g = geometry();
  const int tax = rules_.scoring == Scoring::group_tax ? 2 : 0;
  EdgeChains result;
  std::array<bool, max_points> counted{};  // by representative
  for (Point p = 0; p < g.points; ++p) {
    if (!g.on_edge(p) || at(p) == Color::empty) continue;
    const Point head = common_.board().chain(p);
    if (counted[head]) continue;
    counted[head] = true;
    int edge_stones = 0;
    Point s = head;
    do {
      edge_stones += g.on_edge(s);
      s = common_.board().next_in_chain(s);
    } while (s != head);
    result.chains[result.count++] = EdgeChain{head, at(p), edge_stones, tax};
  }
  return result;
}

int SquareSquared::edge_score(Color c) const {
  const EdgeChains all = edge_chains();
  int total = 0;
  for (int i = 0; i < all.count; ++i)
    if (all.chains[i].color == c) total += all.chains[i].edge_stones - all.chains[i].tax;
  return total;
}

int SquareSquared::ring_stones(Color c, int ring) const {
  const Geometry& g = geometry();
  const int n = g.size;
  int count = 0;
  for (Point p = 0; p < g.points; ++p) {
    const int col = g.column(p), row = g.row(p);
    const int d = std::min(std::min(col, row), std::min(n - 1 - col, n - 1 - row));
    count += d == ring && at(p) == c;
  }
  return count;
}

Score SquareSquared::score() const {
  const EdgeChains all = edge_chains();
  int total[3] = {0, 0, 0};
  for (int i = 0; i < all.count; ++i)
    total[static_cast<int>(all.chains[i].color)] += all.chains[i].edge_stones - all.chains[i].tax;
  Score s;
  s.black = total[1];
  s.white = total[2] + rules_.komi;
  return s;
}

// v3 breaks a tie ring by ring from the second line inward; the ruling's group_tax has no
// tie-break (jigo).
void SquareSquared::end_by_count() {
  const Score s = score();
  int sign = s.black > s.white ? 1 : s.white > s.black ? -1 : 0;
  const int ring = sign == 0 && rules_.scoring == Scoring::v3 ? tie_break_ring() : 0;
  if (ring > 0) sign = ring_stones(Color::black, ring) > ring_stones(Color::white, ring) ? 1 : -1;
  common_.end(sign > 0   ? Outcome{1, Color::black, false}
              : sign < 0 ? Outcome{2, Color::white, false}
                         : Outcome{});
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
      if (g.on_edge(q) && at(q) == chain.color && stones().chain(q) == chain.chain) {
        first = q;
        break;
      }
    // "(4 − 2) at A1" under the tax; "4 edge stones at A1" in v3, where each edge stone scores 1.
    const int value = chain.edge_stones - chain.tax;
    ScoreTerm term{"at " + vertex_text(first, g.size), static_cast<double>(value), ""};
    if (chain.tax)
      term.worked = std::to_string(chain.edge_stones) + " − " + std::to_string(chain.tax);
    else
      term.label.insert(0, value == 1 ? "edge stone " : "edge stones ");
    (chain.color == Color::black ? e.black : e.white).push_back(term);
    std::string text = std::to_string(value);
    if (value > 0) text.insert(text.begin(), '+');
    e.labels.push_back({first, chain.color, text});
  }
  e.nothing_counted = rules_.scoring == Scoring::group_tax ? "no edge chain" : "no edge stone";
  if (rules_.komi != 0) e.white.push_back({"komi", rules_.komi, ""});
  e.notes.push_back(rules_.scoring == Scoring::group_tax
                        ? "Each chain touching the edge scores its edge stones minus a tax of 2."
                        : "Each edge stone scores 1; a tie is broken by the second line, then the third.");
  if (is_over() && !outcome().by_resignation) e.reason = tie_break_reason();
  return e;
}

int SquareSquared::tie_break_ring() const {
  for (int ring = 1; ring <= (size() - 1) / 2; ++ring)
    if (ring_stones(Color::black, ring) != ring_stones(Color::white, ring)) return ring;
  return 0;
}

// v3 only: which line broke a tie, or that none did (ring 1 is the second line).
std::string SquareSquared::tie_break_reason() const {
  static constexpr const char* lines[] = {"second", "third", "fourth", "fifth",    "sixth",   "seventh",
                                          "eighth", "ninth", "tenth",  "eleventh", "twelfth", "thirteenth"};
  const Score s = score();
  if (rules_.scoring != Scoring::v3 || s.black != s.white) return "";
  const int ring = tie_break_ring();
  if (ring == 0) return "The scores are equal, and so is every line inward: a draw.";
  return std::string("The scores are equal, so the stones on the ") + lines[ring - 1] +
         " line decide: Black " + std::to_string(ring_stones(Color::black, ring)) + ", White " +
         std::to_string(ring_stones(Color::white, ring)) + ".";
}

// --- set-up boards -----------------------------------------------------------------------------

std::string_view SquareSquared::setup_fault(Point& stone) const {
  const Geometry& g = geometry();
  for (int row = size() - 1; row >= 0; --row)
    for (int column = 0; column < size(); ++column) {
      const Point p = g.at(column, row);
      if (at(p) != Color::empty && !stones().has_liberty(p)) {
        stone = p;
        return "has no liberty";
      }
    }
  return {};
}

}  // namespace stonegrid
