// Loose. Read bottom-up: the chain bookkeeping, then `put_stone` (a stone without flips),
// `place` (a placement with its flips, reporting whether it was legal), then `verdict` (the
// fast local test that the random playout leans on), then the contract members.
//
// The derived data kept per position: for every point how many of its neighbours are empty,
// black and white; for every empty point whether it is true; and for every chain the number of
// (stone, adjacent true empty point) pairs — "true pairs". A chain has a true liberty exactly
// when its true-pair count is positive, so a placement only adjusts the counts around the
// points whose status changed instead of recounting liberties.
//
// Two facts keep the judging local. A placement can only turn points false (p itself, and p's
// empty neighbours that had p as their only empty neighbour), so before the flips only chains
// within two steps of p can have lost their last true liberty. And a flip can only turn points
// true: every liberty of a flipped chain was false, and stays false after the flip only while
// an unflipped enemy stone touches it. So no chain loses a true liberty through a flip, a
// second round of flips could never find anything (the ruling's "one round only" changes
// nothing), and the only chains that can end without a true liberty are the mover's.
#include "loose.h"

#include <algorithm>

namespace stonegrid {

static_assert(Game<Loose>);

namespace {

// Hash keys for the side to move and for a pending pass (not stones, so not in zobrist_key).
constexpr uint64_t white_to_move_key = 0x8F1BBCDC6CA62C1Dull;
constexpr uint64_t one_pass_key = 0x3C6EF372FE94F82Bull;

// The stone keys of zobrist_key, copied once into a table this file can index directly, with
// the key of a flip (black ^ white) beside them: playouts hash hundreds of flipped stones.
struct StoneKeys {
  std::array<std::array<uint64_t, max_points>, 3> place{};
  std::array<uint64_t, max_points> flip{};
  StoneKeys() {
    for (int colour = 1; colour <= 2; ++colour)
      for (Point p = 0; p < max_points; ++p) place[colour][p] = zobrist_key(colour, p);
    for (Point p = 0; p < max_points; ++p) flip[p] = place[1][p] ^ place[2][p];
  }
};

// Built before main (zobrist_key builds its own table on first use, so the order is safe).
const StoneKeys stone_key_table;

inline const StoneKeys& stone_keys() {
  return stone_key_table;
}

// The placement random_move last found legal on this thread, so that the `play` that follows
// in a playout need not judge it again. The verdict is a function of the board and the side to
// move, which the hash stands for (with the board size: keys are per point index), so the
// memo is sound for any state object; a false match needs a 64-bit hash collision. It lives
// outside the state, so states stay plain data and a const state is never written to.
struct VerifiedPlacement {
  uint64_t hash = 0;
  int size = 0;
  Point point = no_point;
  bool flips = false;
};
thread_local VerifiedPlacement last_verified;

// When that placement flips, random_move has already played it on a trial copy: the copy is
// kept here and `play` takes its position instead of placing again.
Loose& last_trial() {
  thread_local Loose trial;
  return trial;
}

}  // namespace

Loose::Loose(const Rules& rules) : rules_(rules), geometry_(&Geometry::of(rules.size, Topology::plane)) {
  std::fill_n(board_.begin(), geometry_->points, Color::empty);
  rebuild();
}

void Loose::copy_from(const Loose& other) {
  rules_ = other.rules_;
  geometry_ = other.geometry_;
  copy_position_from(other);
  to_move_ = other.to_move_;
  passes_ = other.passes_;
  moves_played_ = other.moves_played_;
  last_placer_ = other.last_placer_;
  over_ = other.over_;
  outcome_ = other.outcome_;
}

void Loose::copy_position_from(const Loose& other) {
  const int n = geometry_->points;
  std::copy_n(other.board_.begin(), n, board_.begin());
  std::copy_n(other.true_point_.begin(), n, true_point_.begin());
  std::copy_n(other.neighbour_count_.begin(), n, neighbour_count_.begin());
  std::copy_n(other.chain_.begin(), n, chain_.begin());
  std::copy_n(other.next_stone_.begin(), n, next_stone_.begin());
  std::copy_n(other.true_pairs_.begin(), n, true_pairs_.begin());
  std::copy_n(other.chain_size_.begin(), n, chain_size_.begin());
  std::copy_n(other.empties_.begin(), other.empty_count_, empties_.begin());
  std::copy_n(other.empty_index_.begin(), n, empty_index_.begin());
  empty_count_ = other.empty_count_;
  flipped_ = other.flipped_;
  stones_ = other.stones_;
  valid_ = other.valid_;
  hash_ = other.hash_;
}

// --- chains -------------------------------------------------------------------------------

void Loose::merge_chains(Point a, Point b) {
  a = chain_[a];
  b = chain_[b];
  if (a == b) return;
  if (chain_size_[a] < chain_size_[b]) std::swap(a, b);
  Point s = b;
  do {
    chain_[s] = a;
    s = next_stone_[s];
  } while (s != b);
  std::swap(next_stone_[a], next_stone_[b]);
  chain_size_[a] = static_cast<int16_t>(chain_size_[a] + chain_size_[b]);
  true_pairs_[a] = static_cast<int16_t>(true_pairs_[a] + true_pairs_[b]);
}

bool Loose::compute_true(Point empty) const {
  const auto& count = neighbour_count_[empty];
  return count[0] != 0 || count[1] == 0 || count[2] == 0;
}

void Loose::refresh(Point empty, Point* changed, int& changed_count) {
  const bool now = compute_true(empty);
  if (now == static_cast<bool>(true_point_[empty])) return;
  true_point_[empty] = now;
  const int delta = now ? 1 : -1;
  const Geometry& g = *geometry_;
  for (int k = 0; k < g.degree[empty]; ++k) {
    Point q = g.neighbours[empty][k];
    if (board_[q] != Color::empty)
      true_pairs_[chain_[q]] = static_cast<int16_t>(true_pairs_[chain_[q]] + delta);
  }
  changed[changed_count++] = empty;
}

// Recomputes everything derived from the board (construction and setup).
void Loose::rebuild() {
  const Geometry& g = *geometry_;
  empty_count_ = 0;
  stones_ = {0, 0, 0};
  hash_ = 0;
  for (Point p = 0; p < g.points; ++p) {
    neighbour_count_[p] = {0, 0, 0};
    for (int k = 0; k < g.degree[p]; ++k) neighbour_count_[p][static_cast<int>(board_[g.neighbours[p][k]])]++;
  }
  for (Point p = 0; p < g.points; ++p) {
    chain_[p] = p;
    next_stone_[p] = p;
    chain_size_[p] = 1;
    true_pairs_[p] = 0;
    if (board_[p] != Color::empty) stones_[static_cast<int>(board_[p])]++;
    if (board_[p] == Color::empty) {
      add_empty(p);
      true_point_[p] = compute_true(p);
    } else {
      true_point_[p] = 0;
      hash_ ^= zobrist_key(static_cast<int>(board_[p]), p);
    }
  }
  for (Point p = 0; p < g.points; ++p) {
    if (board_[p] == Color::empty) continue;
    for (int k = 0; k < g.degree[p]; ++k) {
      Point q = g.neighbours[p][k];
      if (board_[q] == Color::empty && true_point_[q]) true_pairs_[p]++;
    }
  }
  for (Point p = 0; p < g.points; ++p) {
    if (board_[p] == Color::empty) continue;
    for (int k = 0; k < g.degree[p]; ++k) {
      Point q = g.neighbours[p][k];
      if (board_[q] == board_[p]) merge_chains(p, q);
    }
  }
  valid_ = true;
  for (Point p = 0; p < g.points; ++p)
    if (board_[p] != Color::empty && true_pairs_[chain_[p]] == 0) valid_ = false;
  if (to_move_ == 2) hash_ ^= white_to_move_key;
  if (passes_ == 1) hash_ ^= one_pass_key;
}

void Loose::remove_empty(Point p) {
  Point last = empties_[--empty_count_];
  empties_[empty_index_[p]] = last;
  empty_index_[last] = empty_index_[p];
}

void Loose::add_empty(Point p) {
  empty_index_[p] = static_cast<int16_t>(empty_count_);
  empties_[empty_count_++] = p;
}

// --- placements ---------------------------------------------------------------------------

// Puts a stone of the mover's colour on empty `p`, without flips: statuses, true pairs, the
// stone's chain. Records the empty points whose status changed (at most 4) in `changed`.
int Loose::put_stone(Point p, Point* changed) {
  const Geometry& g = *geometry_;
  const Color me = color_to_move();
  const int mine = static_cast<int>(me), theirs = 3 - mine;
  const int degree = g.degree[p];
  const Point* around = g.neighbours[p].data();
  const bool was_true = true_point_[p];
  int changed_count = 0;
  true_point_[p] = 0;
  remove_empty(p);
  board_[p] = me;
  hash_ ^= stone_keys().place[mine][p];
  stones_[mine]++;
  chain_[p] = p;
  next_stone_[p] = p;
  chain_size_[p] = 1;
  int pairs = 0;
  for (int k = 0; k < degree; ++k) {
    const Point q = around[k];
    auto& count = neighbour_count_[q];
    count[0]--;
    count[mine]++;
    if (board_[q] != Color::empty) {
      if (was_true) true_pairs_[chain_[q]]--;  // p is no longer its liberty
      continue;
    }
    // q was true (p was its empty neighbour). It turns false when it has no empty neighbour
    // left and sees an enemy stone (p supplies ours).
    if (count[0] != 0 || count[theirs] == 0) {
      ++pairs;
      continue;
    }
    true_point_[q] = 0;
    changed[changed_count++] = q;
    for (int j = 0; j < g.degree[q]; ++j) {
      const Point s = g.neighbours[q][j];
      if (s != p) true_pairs_[chain_[s]]--;  // every other neighbour of q is a stone
    }
  }
  true_pairs_[p] = static_cast<int16_t>(pairs);
  for (int k = 0; k < degree; ++k) {
    const Point q = around[k];
    if (board_[q] == me && chain_[q] != chain_[p]) merge_chains(p, q);
  }
  return changed_count;
}

// Applies a placement of the mover's colour at empty `p`, flips, and says whether every chain
// then has a true liberty. Only chains near the change can have lost their last true
// liberty: the placed stone's chain, the chains next to `p` (they lose `p`), the chains next to
// an empty point whose status changed, and the flipped chains (now merged with the mover's).
// Every other chain keeps its true-pair count, which was positive before the move (`valid_`).
bool Loose::place(Point p) {
  const Geometry& g = *geometry_;
  const Color me = color_to_move(), enemy = opponent(me);
  const bool was_valid = valid_;
  flipped_.reset();
  // Each empty point changes at most once after the flips, plus p's neighbours before them.
  std::array<Point, max_points + 4> changed;
  int changed_count = put_stone(p, changed.data());

  // Flips, judged on this board. An enemy chain can only have lost its last true liberty if
  // it touches p or a point that just turned false (unless the position came from `setup`
  // and broke the invariant: then every enemy chain is a candidate).
  std::array<Point, max_points> to_flip;
  int flip_count = 0;
  auto consider = [&](Point q) {
    if (board_[q] != enemy) return;
    Point r = chain_[q];
    if (true_pairs_[r] != 0) return;
    for (int i = 0; i < flip_count; ++i)
      if (to_flip[i] == r) return;
    to_flip[flip_count++] = r;
  };
  if (was_valid) {
    for (int k = 0; k < g.degree[p]; ++k) consider(g.neighbours[p][k]);
    for (int i = 0; i < changed_count; ++i)
      for (int k = 0; k < g.degree[changed[i]]; ++k) consider(g.neighbours[changed[i]][k]);
  } else {
    for (Point q = 0; q < g.points; ++q)
      if (chain_[q] == q) consider(q);
  }
  // The flipped stones, listed before any merge splices their chain lists into others.
  std::array<Point, max_points> flipped_stones;
  int flipped_count = 0;
  const StoneKeys& keys = stone_keys();
  for (int i = 0; i < flip_count; ++i) {
    Point s = to_flip[i];
    do {
      board_[s] = me;
      hash_ ^= keys.flip[s];
      flipped_.set(s);
      flipped_stones[flipped_count++] = s;
      for (int k = 0; k < g.degree[s]; ++k) {
        neighbour_count_[g.neighbours[s][k]][static_cast<int>(enemy)]--;
        neighbour_count_[g.neighbours[s][k]][static_cast<int>(me)]++;
      }
      s = next_stone_[s];
    } while (s != to_flip[i]);
    stones_[static_cast<int>(me)] += chain_size_[to_flip[i]];
    stones_[static_cast<int>(enemy)] -= chain_size_[to_flip[i]];
  }
  // The new colours change the status of empty points around the flipped stones (all counts
  // are updated by now), and the flipped chains join the mover's chains they touch.
  for (int i = 0; i < flipped_count; ++i) {
    const Point s = flipped_stones[i];
    for (int k = 0; k < g.degree[s]; ++k) {
      const Point y = g.neighbours[s][k];
      if (board_[y] == Color::empty)
        refresh(y, changed.data(), changed_count);
      else if (board_[y] == me && chain_[y] != chain_[s])
        merge_chains(s, y);
    }
  }

  // Legality.
  bool legal = true;
  if (!was_valid) {
    for (Point q = 0; q < g.points; ++q)
      if (board_[q] != Color::empty && true_pairs_[chain_[q]] == 0) legal = false;
  } else {
    if (true_pairs_[chain_[p]] == 0) legal = false;
    for (int k = 0; k < g.degree[p]; ++k) {
      Point q = g.neighbours[p][k];
      if (board_[q] != Color::empty && true_pairs_[chain_[q]] == 0) legal = false;
    }
    for (int i = 0; i < changed_count && legal; ++i)
      for (int k = 0; k < g.degree[changed[i]]; ++k) {
        Point q = g.neighbours[changed[i]][k];
        if (board_[q] != Color::empty && true_pairs_[chain_[q]] == 0) legal = false;
      }
    for (int i = 0; i < flip_count; ++i)
      if (true_pairs_[chain_[to_flip[i]]] == 0) legal = false;
  }
  if (legal) valid_ = true;
  return legal;
}

// The common case needs no trial copy: a placement that flips nothing. Around p, the status
// of a point can only be lost (p itself, and p's empty neighbours turning false), so each
// nearby chain's true-pair count after the placement is its count now minus the pairs it
// loses. If some enemy chain would reach zero, the placement flips, and we judge it on a copy.
Loose::Verdict Loose::verdict(Point p) const {
  if (!valid_) return Verdict::needs_trial;
  const Geometry& g = *geometry_;
  const Color me = color_to_move();
  const int mine = static_cast<int>(me), theirs = 3 - mine;
  const int degree = g.degree[p];
  const Point* around = g.neighbours[p].data();
  // One pass over p's neighbours. Every empty neighbour y was true (p was its empty
  // neighbour); it turns false when p was its only empty neighbour and it sees an enemy stone
  // (the new stone supplies ours). When none does, only p itself can be lost: each chain
  // around p loses one true pair per stone next to p, if p was true.
  std::array<Point, 4> around_chains;
  std::array<int, 4> around_stones;
  int chain_count = 0, new_pairs = 0;
  bool turning_false = false;
  for (int k = 0; k < degree; ++k) {
    const Point q = around[k];
    if (board_[q] == Color::empty) {
      if (neighbour_count_[q][0] == 1 && neighbour_count_[q][theirs] != 0)
        turning_false = true;
      else
        ++new_pairs;
      continue;
    }
    const Point r = chain_[q];
    int i = 0;
    while (i < chain_count && around_chains[i] != r) ++i;
    if (i == chain_count) {
      around_chains[chain_count] = r;
      around_stones[chain_count++] = 0;
    }
    around_stones[i]++;
  }
  if (!turning_false) {
    const int lost_per_stone = true_point_[p] ? 1 : 0;
    int merged = new_pairs;
    for (int i = 0; i < chain_count; ++i) {
      const Point r = around_chains[i];
      const int remaining = true_pairs_[r] - lost_per_stone * around_stones[i];
      if (board_[r] == me)
        merged += remaining;
      else if (remaining == 0)
        return Verdict::needs_trial;
    }
    return merged > 0 ? Verdict::legal : Verdict::illegal;
  }
  // The general case: p and the points turning false are lost; count per chain.
  // Chains losing true pairs, and how many.
  std::array<Point, 20> chains;
  std::array<int, 20> lost;
  int n = 0;
  auto lose_around = [&](Point point) {
    for (int k = 0; k < g.degree[point]; ++k) {
      Point q = g.neighbours[point][k];
      if (board_[q] == Color::empty) continue;
      Point r = chain_[q];
      int i = 0;
      while (i < n && chains[i] != r) ++i;
      if (i == n) {
        chains[n] = r;
        lost[n++] = 0;
      }
      lost[i]++;
    }
  };
  if (true_point_[p]) lose_around(p);
  for (int k = 0; k < degree; ++k) {
    const Point y = around[k];
    if (board_[y] == Color::empty && neighbour_count_[y][0] == 1 && neighbour_count_[y][theirs] != 0)
      lose_around(y);
  }
  auto lost_by = [&](Point r) {
    for (int i = 0; i < n; ++i)
      if (chains[i] == r) return lost[i];
    return 0;
  };
  for (int i = 0; i < n; ++i)
    if (board_[chains[i]] != me && true_pairs_[chains[i]] == lost[i]) return Verdict::needs_trial;
  // No flips: the board after the placement is final. Enemy chains keep a true liberty; the
  // mover's chains must too, the placed stone's merged chain included.
  int merged_pairs = new_pairs;
  std::array<Point, 4> joined;
  int joined_count = 0;
  for (int k = 0; k < g.degree[p]; ++k) {
    Point q = g.neighbours[p][k];
    if (board_[q] != me) continue;
    Point r = chain_[q];
    if (std::find(joined.begin(), joined.begin() + joined_count, r) != joined.begin() + joined_count)
      continue;
    joined[joined_count++] = r;
    merged_pairs += true_pairs_[r] - lost_by(r);
  }
  if (merged_pairs == 0) return Verdict::illegal;
  // The mover's other nearby chains (those not joined to the new stone) must keep one too.
  const Point* joined_begin = joined.data();
  const Point* joined_end = joined_begin + joined_count;
  for (int i = 0; i < n; ++i)
    if (board_[chains[i]] == me && true_pairs_[chains[i]] == lost[i] &&
        std::find(joined_begin, joined_end, chains[i]) == joined_end)
      return Verdict::illegal;
  return Verdict::legal;
}

Illegal Loose::check_placement(Point p) const {
  switch (verdict(p)) {
    case Verdict::legal:
    case Verdict::legal_with_flips:
      return Illegal::none;
    case Verdict::illegal:
      return Illegal::no_true_liberty;
    case Verdict::needs_trial:
      break;
  }
  Loose trial(*this);
  return trial.place(p) ? Illegal::none : Illegal::no_true_liberty;
}

// --- the contract -------------------------------------------------------------------------

Score Loose::score() const {
  return Score{static_cast<double>(stones_[1]), static_cast<double>(stones_[2] + rules_.komi), true};
}

void Loose::legal_moves(MoveList& list) const {
  list.clear();
  if (over_) return;
  for (Point p = 0; p < geometry_->points; ++p)
    if (board_[p] == Color::empty && check_placement(p) == Illegal::none) list.push(Move::place(p));
  list.push(Move::pass());
}

Illegal Loose::check(const Move& move) const {
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
  Point p = move.point();
  if (p < 0 || p >= geometry_->points) return Illegal::off_board;
  if (board_[p] != Color::empty) return Illegal::occupied;
  return check_placement(p);
}

bool Loose::play(const Move& move) {
  if (move.kind == Move::Kind::place) {
    // Judged and applied in one go: a placement that flips is applied directly, with a copy
    // to restore if it turns out illegal.
    const Point p = move.point();
    if (over_ || move.count != 1 || p < 0 || p >= geometry_->points || board_[p] != Color::empty)
      return false;
    Verdict judged;
    if (last_verified.point == p && last_verified.hash == hash_ && last_verified.size == rules_.size) {
      judged = last_verified.flips ? Verdict::legal_with_flips : Verdict::legal;
      last_verified.point = no_point;
    } else {
      judged = verdict(p);
    }
    switch (judged) {
      case Verdict::illegal:
        return false;
      case Verdict::legal_with_flips:
        copy_position_from(last_trial());
        break;
      case Verdict::legal: {  // no flips, and legal: just put the stone down
        flipped_.reset();
        std::array<Point, 4> changed;
        put_stone(p, changed.data());
        break;
      }
      case Verdict::needs_trial: {
        const Loose before(*this);
        if (!place(p)) {
          *this = before;
          return false;
        }
        break;
      }
    }
  } else if (check(move) != Illegal::none) {
    return false;
  }
  if (to_move_ == 2) hash_ ^= white_to_move_key;
  if (passes_ == 1) hash_ ^= one_pass_key;
  ++moves_played_;
  switch (move.kind) {
    case Move::Kind::resign:
      over_ = true;
      outcome_ = Outcome{3 - to_move_, to_move_ == 1 ? Color::white : Color::black, true};
      flipped_.reset();
      break;
    case Move::Kind::pass:
      flipped_.reset();
      if (++passes_ == 2) finish_game();
      break;
    default:  // already placed above
      passes_ = 0;
      last_placer_ = to_move_;
      break;
  }
  to_move_ = 3 - to_move_;
  if (to_move_ == 2) hash_ ^= white_to_move_key;
  if (passes_ == 1) hash_ ^= one_pass_key;
  return true;
}

void Loose::finish_game() {
  over_ = true;
  Score s = score();
  int winner = s.black > s.white ? 1 : s.white > s.black ? 2 : last_placer_ == 0 ? 1 : 3 - last_placer_;
  outcome_ = Outcome{winner, winner == 1 ? Color::black : Color::white, false};
}

bool Loose::verified_legal(Point p) const {
  bool flips = false;
  switch (verdict(p)) {
    case Verdict::illegal:
      return false;
    case Verdict::legal:
    case Verdict::legal_with_flips:
      break;
    case Verdict::needs_trial: {
      last_verified.point = no_point;  // the trial copy it may refer to is about to go
      Loose& trial = last_trial();
      trial = *this;
      if (!trial.place(p)) return false;
      flips = true;
      break;
    }
  }
  last_verified = VerifiedPlacement{hash_, rules_.size, p, flips};
  return true;
}

Move Loose::random_move(Rng& rng) const {
  if (!over_ && empty_count_ > 0) {
    const int start = static_cast<int>(rng.below(static_cast<uint32_t>(empty_count_)));
    for (int i = start; i < empty_count_; ++i)
      if (verified_legal(empties_[i])) return Move::place(empties_[i]);
    for (int i = 0; i < start; ++i)
      if (verified_legal(empties_[i])) return Move::place(empties_[i]);
  }
  return Move::pass();
}

void Loose::setup(Point p, Color c) {
  board_[p] = c;
  flipped_.reset();
  rebuild();
}

int Loose::true_liberties(Point stone) const {
  if (board_[stone] == Color::empty) return 0;
  const Geometry& g = *geometry_;
  std::bitset<max_points> seen;
  int count = 0;
  Point s = stone;
  do {
    for (int k = 0; k < g.degree[s]; ++k) {
      Point y = g.neighbours[s][k];
      if (board_[y] == Color::empty && true_point_[y] && !seen[y]) {
        seen.set(y);
        ++count;
      }
    }
    s = next_stone_[s];
  } while (s != stone);
  return count;
}

// Rebuilds a copy from the board alone and compares what can be compared: statuses, counts,
// hash, the empty list as a set, and the chains as a partition with their true-pair counts.
bool Loose::check_consistency() const {
  Loose fresh(rules_);
  fresh.board_ = board_;
  fresh.to_move_ = to_move_;
  fresh.passes_ = passes_;
  fresh.rebuild();
  const Geometry& g = *geometry_;
  if (fresh.hash_ != hash_ || fresh.stones_ != stones_ || fresh.empty_count_ != empty_count_) return false;
  if (!over_ && fresh.valid_ != valid_) return false;
  for (int i = 0; i < empty_count_; ++i) {
    Point p = empties_[i];
    if (board_[p] != Color::empty || empty_index_[p] != i) return false;
  }
  for (Point p = 0; p < g.points; ++p) {
    if (fresh.neighbour_count_[p] != neighbour_count_[p]) return false;
    if (board_[p] == Color::empty) {
      if (fresh.true_point_[p] != true_point_[p]) return false;
      continue;
    }
    // Same partition: p and its representative are in one fresh chain and vice versa.
    if (fresh.chain_[p] != fresh.chain_[chain_[p]] || chain_[p] != chain_[fresh.chain_[p]]) return false;
    if (board_[chain_[p]] != board_[p]) return false;
    if (fresh.true_pairs_[fresh.chain_[p]] != true_pairs_[chain_[p]]) return false;
    if (fresh.chain_size_[fresh.chain_[p]] != chain_size_[chain_[p]]) return false;
  }
  // The circular lists visit exactly each chain.
  for (Point p = 0; p < g.points; ++p) {
    if (board_[p] == Color::empty || chain_[p] != p) continue;
    int count = 0;
    Point s = p;
    do {
      if (chain_[s] != p) return false;
      ++count;
      s = next_stone_[s];
    } while (s != p && count <= g.points);
    if (count != chain_size_[p]) return false;
  }
  return true;
}

Explanation Loose::explain() const {
  Explanation e;
  e.counted = true;
  e.black = {{"stones", static_cast<double>(stones_[1])}};
  e.white = {{"stones", static_cast<double>(stones_[2])}, {"komi", static_cast<double>(rules_.komi)}};
  for (Point p = 0; p < geometry_->points; ++p)
    if (board_[p] == Color::empty && !true_point_[p]) e.false_liberties.set(p);
  e.notes.push_back("On a tie the player who made the last placement loses.");
  return e;
}

// --- set-up boards -----------------------------------------------------------------------------

// The invariant every legal placement keeps (RULINGS.md §Loose), asked of a set-up board.
std::string_view Loose::setup_fault(Point& stone) const {
  const Geometry& g = *geometry_;
  for (int row = size() - 1; row >= 0; --row)
    for (int column = 0; column < size(); ++column) {
      const Point p = g.at(column, row);
      if (board_[p] != Color::empty && true_liberties(p) == 0) {
        stone = p;
        return "has no true liberty";
      }
    }
  return {};
}

}  // namespace stonegrid
