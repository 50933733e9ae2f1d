// Looper. Read in order: the cycle search on a set of points (breadth-first, used for the
// witness, the UI queries and the consistency check), the union-find over black stones (the
// incremental test for Black's win), then the contract members.
//
// Why a global loop is a mismatch of lifted positions: lift a walk on the torus to the plane
// (the universal cover). A closed walk with equal east/west and north/south steps ends where
// it started; a walk with unequal steps ends a whole number of board widths away. Give every
// stone of a connected set a lifted position by following a spanning tree from its root; each
// edge outside the tree then closes a cycle whose winding is the difference between the
// position reached across that edge and the position the tree gave. The windings of closed
// walks in the set are exactly the integer combinations of these, so the set contains a
// global loop iff some edge mismatches. Black stones are never removed, so a union-find with
// positions relative to the root decides this exactly and incrementally.
#include "looper.h"

#include <algorithm>

namespace stonegrid {

static_assert(Game<Looper>);

namespace {

constexpr int step_east[4] = {1, -1, 0, 0};   // slot k of a torus neighbour list is direction k
constexpr int step_north[4] = {0, 0, 1, -1};  //   = east, west, north, south

constexpr uint64_t ballot_key = 0x6A09E667F3BCC908ull;
constexpr uint64_t player_two_to_move_key = 0xBB67AE8584CAA73Bull;
constexpr uint64_t black_is_player_key[3] = {0, 0x3C6EF372FE94F82Bull, 0xA54FF53A5F1D36F1ull};

// --- cycle search on a set of points ------------------------------------------------------

struct CycleSearch {
  bool found = false;
  std::bitset<max_points> cells;  // one global cycle, when found
  uint8_t kinds = 0;              // kinds of every fundamental cycle met (all_kinds only)
};

// Breadth-first spanning forest of the points where `allowed(p)` holds, starting the scan at
// `first`. With `all_kinds` false it stops at the first global cycle.
template <typename Allowed>
CycleSearch search_cycles(const Geometry& g, Allowed allowed, bool all_kinds, Point first = 0) {
  CycleSearch result;
  std::array<Point, max_points> parent;
  std::array<int16_t, max_points> east, north;
  std::array<Point, max_points> queue;
  std::bitset<max_points> visited;
  for (int i = 0; i < g.points; ++i) {
    const Point start = static_cast<Point>((first + i) % g.points);
    if (visited[start] || !allowed(start)) continue;
    visited.set(start);
    parent[start] = no_point;
    east[start] = north[start] = 0;
    int head = 0, tail = 0;
    queue[tail++] = start;
    while (head < tail) {
      const Point u = queue[head++];
      for (int k = 0; k < 4; ++k) {
        const Point v = g.neighbours[u][k];
        if (!allowed(v)) continue;
        const int e = east[u] + step_east[k], n = north[u] + step_north[k];
        if (!visited[v]) {
          visited.set(v);
          parent[v] = u;
          east[v] = static_cast<int16_t>(e);
          north[v] = static_cast<int16_t>(n);
          queue[tail++] = v;
          continue;
        }
        if (e == east[v] && n == north[v]) continue;
        result.kinds |= Looper::loop_kind((e - east[v]) / g.size, (n - north[v]) / g.size);
        if (!result.found) {
          // The cycle: u up to the common ancestor, the edge u–v, and v up to it.
          result.found = true;
          std::bitset<max_points> above_u;
          for (Point a = u; a != no_point; a = parent[a]) above_u.set(a);
          Point lca = v;
          while (!above_u[lca]) {
            result.cells.set(lca);
            lca = parent[lca];
          }
          for (Point a = u; a != lca; a = parent[a]) result.cells.set(a);
          result.cells.set(lca);
        }
        if (!all_kinds) return result;
      }
    }
  }
  return result;
}

// Exactly uniform in [0, n), n > 0 (Lemire's method with its rejection step; the ballot draw
// needs n up to C(625, 3) + ..., where Rng::below's bias would show).
uint32_t uniform_below(Rng& rng, uint32_t n) {
  uint64_t m = (rng.next() >> 32) * n;
  uint32_t low = static_cast<uint32_t>(m);
  if (low < n) {
    const uint32_t threshold = static_cast<uint32_t>(-n) % n;
    while (low < threshold) {
      m = (rng.next() >> 32) * n;
      low = static_cast<uint32_t>(m);
    }
  }
  return static_cast<uint32_t>(m >> 32);
}

}  // namespace

uint8_t Looper::loop_kind(int winding_east, int winding_north) {
  if (winding_east == 0 && winding_north == 0) return 0;
  if (winding_east == 0) return vertical;
  if (winding_north == 0) return horizontal;
  return (winding_east > 0) == (winding_north > 0) ? rising_spiral : falling_spiral;
}

Looper::Looper(const Rules& rules)
    : rules_{clamp_size(rules.size)},
      geometry_(&Geometry::of(rules_.size, Topology::torus)),
      empty_(geometry_->points) {
  rebuild();
}

// --- union-find over black stones ---------------------------------------------------------

Looper::Root Looper::find(Point p) {
  int east = 0, north = 0;
  Point root = p;
  while (parent_[root] != root) {
    east += offset_east_[root];
    north += offset_north_[root];
    root = parent_[root];
  }
  // Path compression: every stone on the way now points at the root with its full offset.
  int rest_east = east, rest_north = north;
  for (Point s = p; parent_[s] != root && s != root;) {
    const Point up = parent_[s];
    const int own_east = offset_east_[s], own_north = offset_north_[s];
    parent_[s] = root;
    offset_east_[s] = static_cast<int16_t>(rest_east);
    offset_north_[s] = static_cast<int16_t>(rest_north);
    rest_east -= own_east;
    rest_north -= own_north;
    s = up;
  }
  return {root, east, north};
}

Looper::Root Looper::find_quietly(Point p) const {
  int east = 0, north = 0;
  while (parent_[p] != p) {
    east += offset_east_[p];
    north += offset_north_[p];
    p = parent_[p];
  }
  return {p, east, north};
}

// Joins the new black stone to each black neighbour. Two stones already in one set whose
// lifted positions do not differ by the unit step close a global loop.
void Looper::add_black(Point p) {
  const Geometry& g = *geometry_;
  parent_[p] = p;
  offset_east_[p] = offset_north_[p] = 0;
  set_size_[p] = 1;
  for (int k = 0; k < 4; ++k) {
    const Point q = g.neighbours[p][k];
    if (board_[q] != Color::black) continue;
    const Root a = find(p), b = find(q);
    // Position of b's root relative to a's root, if q sits one step k from p.
    const int east = a.east + step_east[k] - b.east, north = a.north + step_north[k] - b.north;
    if (a.root != b.root) {
      if (set_size_[a.root] >= set_size_[b.root]) {
        parent_[b.root] = a.root;
        offset_east_[b.root] = static_cast<int16_t>(east);
        offset_north_[b.root] = static_cast<int16_t>(north);
        set_size_[a.root] = static_cast<int16_t>(set_size_[a.root] + set_size_[b.root]);
      } else {
        parent_[a.root] = b.root;
        offset_east_[a.root] = static_cast<int16_t>(-east);
        offset_north_[a.root] = static_cast<int16_t>(-north);
        set_size_[b.root] = static_cast<int16_t>(set_size_[a.root] + set_size_[b.root]);
      }
    } else if ((east != 0 || north != 0) && !black_loop_) {
      black_loop_ = true;
      loop_east_ = east / g.size;
      loop_north_ = north / g.size;
    }
  }
}

void Looper::add_stone(Point p, Color c) {
  board_[p] = c;
  hash_ ^= zobrist_key(static_cast<int>(c), p);
  empty_.remove(p);
  if (c == Color::black) {
    add_black(p);
  } else if (witness_[p]) {
    recompute_witness(p);
  }
}

// White broke the witness cycle at `first` (or the board was set up): search black + empty
// again, starting the scan there.
void Looper::recompute_witness(Point first) {
  CycleSearch s = search_cycles(
      *geometry_, [&](Point p) { return board_[p] != Color::white; }, false, first);
  black_or_empty_loop_ = s.found;
  witness_ = s.cells;
}

void Looper::rebuild() {
  const Geometry& g = *geometry_;
  empty_.clear();
  black_loop_ = false;
  loop_east_ = loop_north_ = 0;
  hash_ = rules_key();
  for (Point p = 0; p < g.points; ++p) {
    parent_[p] = p;
    offset_east_[p] = offset_north_[p] = 0;
    set_size_[p] = 1;
    if (board_[p] == Color::empty) {
      empty_.add(p);
    } else {
      hash_ ^= zobrist_key(static_cast<int>(board_[p]), p);
    }
  }
  for (Point p = 0; p < g.points; ++p)
    if (board_[p] == Color::black) add_black(p);
  recompute_witness(0);
}

uint64_t Looper::rules_key() const {
  return (phase_ == Phase::ballot ? ballot_key : 0) ^ (to_move_ == 2 ? player_two_to_move_key : 0) ^
         black_is_player_key[black_player_];
}

// --- the contract -------------------------------------------------------------------------

Color Looper::color_to_move() const {
  if (black_player_ == 0) return Color::black;
  return to_move_ == black_player_ ? Color::black : Color::white;
}

void Looper::legal_moves(MoveList& list) const {
  list.clear();
  if (phase_ == Phase::over) return;
  for (const Point p : empty_) list.push(Move::place(p));
  std::sort(list.moves.begin(), list.moves.begin() + list.count,
            [](const Move& a, const Move& b) { return a.point() < b.point(); });
  if (phase_ == Phase::ballot) list.push(Move::take());
}

Illegal Looper::check(const Move& move) const {
  if (phase_ == Phase::over) return Illegal::game_over;
  if (move.kind == Move::Kind::resign) return Illegal::none;
  if (phase_ == Phase::ballot) {
    if (move.kind == Move::Kind::take) return Illegal::none;
    if (empty_.count() == 0) return only_take;
    if (move.kind != Move::Kind::place || move.count < 1 || move.count > 3) return Illegal::wrong_kind;
  } else if (move.kind != Move::Kind::place || move.count != 1) {
    return Illegal::wrong_kind;
  }
  for (int i = 0; i < move.count; ++i)
    if (move.points[i] < 0 || move.points[i] >= geometry_->points) return Illegal::off_board;
  for (int i = 0; i < move.count; ++i)
    for (int j = 0; j < i; ++j)
      if (move.points[i] == move.points[j]) return duplicate_point;
  for (int i = 0; i < move.count; ++i)
    if (board_[move.points[i]] != Color::empty) return Illegal::occupied;
  return Illegal::none;
}

bool Looper::play(const Move& move) {
  if (check(move) != Illegal::none) return false;
  hash_ ^= rules_key();
  ++moves_played_;
  if (move.kind == Move::Kind::resign) {
    end(3 - to_move_, true);
  } else if (move.kind == Move::Kind::take) {
    black_player_ = to_move_;
    phase_ = Phase::play;
    to_move_ = 3 - to_move_;
    judge_play_phase();
  } else if (phase_ == Phase::ballot) {
    for (int i = 0; i < move.count; ++i) add_stone(move.points[i], Color::black);
    to_move_ = 3 - to_move_;
  } else {
    add_stone(move.point(), color_to_move());
    to_move_ = 3 - to_move_;
    judge_play_phase();
  }
  hash_ ^= rules_key();
  return true;
}

void Looper::judge_play_phase() {
  if (black_loop_)
    end(black_player_, false);
  else if (!black_or_empty_loop_)
    end(3 - black_player_, false);
}

void Looper::end(int winner_player, bool by_resignation) {
  phase_ = Phase::over;
  const Color winner = black_player_ == 0               ? Color::empty
                       : winner_player == black_player_ ? Color::black
                                                        : Color::white;
  outcome_ = Outcome{winner_player, winner, by_resignation};
}

Move Looper::random_move(Rng& rng) const {
  const uint32_t e = static_cast<uint32_t>(empty_.count());
  if (phase_ == Phase::over) return Move::resign();  // refused as game_over, like any move
  if (phase_ == Phase::play) {
    if (e == 0) return Move::resign();  // unreachable by play: White has won before
    return Move::place(empty_[rng.below(e)]);
  }
  if (e == 0) return Move::take();
  const uint32_t ones = e, twos = e * (e - 1) / 2, threes = e * (e - 1) * (e - 2) / 6;
  const uint32_t r = uniform_below(rng, ones + twos + threes + 1);
  if (r >= ones + twos + threes) return Move::take();
  const int count = r < ones ? 1 : r < ones + twos ? 2 : 3;
  // A uniform set of `count` distinct indices: draw from shrinking ranges and skip the
  // indices already drawn, in increasing order.
  uint32_t a = uniform_below(rng, e);
  if (count == 1) return Move::place(empty_[a]);
  uint32_t b = uniform_below(rng, e - 1);
  if (b >= a) ++b;
  if (count == 2) return Move::places(empty_[a], empty_[b]);
  uint32_t c = uniform_below(rng, e - 2);
  const uint32_t low = std::min(a, b), high = std::max(a, b);
  if (c >= low) ++c;
  if (c >= high) ++c;
  return Move::places(empty_[a], empty_[b], empty_[c]);
}

void Looper::setup(Point p, Color c) {
  board_[p] = c;
  rebuild();
}

std::bitset<max_points> Looper::winning_loop() const {
  return search_cycles(
             *geometry_, [&](Point p) { return board_[p] == Color::black; }, false)
      .cells;
}

uint8_t Looper::global_loop_kinds(bool with_empty) const {
  if (with_empty)
    return search_cycles(
               *geometry_, [&](Point p) { return board_[p] != Color::white; }, true)
        .kinds;
  return search_cycles(
             *geometry_, [&](Point p) { return board_[p] == Color::black; }, true)
      .kinds;
}

bool Looper::check_consistency() const {
  const Geometry& g = *geometry_;
  // Empty list and hash.
  uint64_t hash = rules_key();
  for (Point p = 0; p < g.points; ++p)
    if (board_[p] != Color::empty) hash ^= zobrist_key(static_cast<int>(board_[p]), p);
  if (hash != hash_) return false;
  if (!empty_.consistent(g.points, [&](Point p) { return board_[p] == Color::empty; })) return false;
  // Union-find: the sets are exactly the black chains (compared with a flood fill), and a
  // lifted mismatch on some edge exactly when the loop flag is set.
  std::array<int16_t, max_points> component;
  component.fill(-1);
  std::array<int16_t, max_points> component_of_root;
  component_of_root.fill(-1);
  int components = 0;
  bool mismatch = false;
  for (Point p = 0; p < g.points; ++p) {
    if (board_[p] != Color::black || component[p] >= 0) continue;
    std::array<Point, max_points> stack;
    int top = 0;
    stack[top++] = p;
    component[p] = static_cast<int16_t>(components);
    while (top > 0) {
      Point u = stack[--top];
      for (int k = 0; k < 4; ++k) {
        Point v = g.neighbours[u][k];
        if (board_[v] == Color::black && component[v] < 0) {
          component[v] = static_cast<int16_t>(components);
          stack[top++] = v;
        }
      }
    }
    ++components;
  }
  int roots = 0;
  for (Point p = 0; p < g.points; ++p) {
    if (board_[p] != Color::black) continue;
    const Root r = find_quietly(p);
    if (board_[r.root] != Color::black) return false;
    if (component_of_root[r.root] < 0) {
      component_of_root[r.root] = component[p];
      ++roots;
    }
    if (component_of_root[r.root] != component[p]) return false;
    for (int k = 0; k < 4; ++k) {
      const Point q = g.neighbours[p][k];
      if (board_[q] != Color::black) continue;
      const Root s = find_quietly(q);
      if (s.root != r.root) return false;
      if (r.east + step_east[k] != s.east || r.north + step_north[k] != s.north) mismatch = true;
    }
  }
  if (roots != components || mismatch != black_loop_) return false;
  if (black_loop_ != search_cycles(
                         g, [&](Point p) { return board_[p] == Color::black; }, false)
                         .found)
    return false;
  // The witness.
  const bool any = search_cycles(
                       g, [&](Point p) { return board_[p] != Color::white; }, false)
                       .found;
  if (any != black_or_empty_loop_) return false;
  if (black_or_empty_loop_) {
    for (Point p = 0; p < g.points; ++p)
      if (witness_[p] && board_[p] == Color::white) return false;
    if (!search_cycles(
             g, [&](Point p) { return static_cast<bool>(witness_[p]); }, false)
             .found)
      return false;
  }
  return true;
}

namespace {

std::string loop_kinds_text(uint8_t mask) {
  std::string text;
  auto add = [&](uint8_t bit, const char* name) {
    if (!(mask & bit)) return;
    if (!text.empty()) text += ", ";
    text += name;
  };
  add(Looper::vertical, "vertical");
  add(Looper::horizontal, "horizontal");
  add(Looper::rising_spiral, "rising spiral");
  add(Looper::falling_spiral, "falling spiral");
  return text.empty() ? "none" : text;
}

}  // namespace

Explanation Looper::explain() const {
  Explanation e;
  if (global_loop()) e.loop = winning_loop();
  const uint8_t could = global_loop_kinds(true);
  if (phase_ == Phase::ballot) {
    e.notes.push_back(
        "Ballot: place 1 to 3 black stones, or take Black and let the other player move first.");
  } else if (is_over()) {
    if (!outcome().by_resignation)
      e.ended = global_loop() ? "Black made a loop around the torus"
                              : "Black can no longer make a loop around the torus";
    if (global_loop()) e.notes.push_back("Black's loop: " + loop_kinds_text(global_loop_kinds(false)) + ".");
    e.notes.push_back("Black could still make: " + loop_kinds_text(could) + ".");
  } else {
    e.notes.push_back("Black can still make: " + loop_kinds_text(could) + ".");
  }
  return e;
}

// --- set-up boards -----------------------------------------------------------------------------

std::string_view Looper::setup_fault(Point& /*stone*/) const {
  return {};
}

}  // namespace stonegrid
