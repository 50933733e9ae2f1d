// Loose. Read bottom-up: the derived data (`rebuild`, `refresh`), then `put_stone` (a stone
// without flips), `place` (a placement with its flips, reporting whether it was legal, in four
// parts), then `verdict` (the local test that judges most placements without making them),
// then the contract members.
//
// The derived data kept per position (board.h's parts): for every point how many of its
// neighbours are empty, black and white; for every empty point whether it is true; and for
// every chain the number of (stone, adjacent true empty point) pairs — "true pairs". A chain
// has a true liberty exactly when its true-pair count is positive, so a placement only adjusts
// the counts around the points whose status changed instead of recounting liberties.
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

}  // namespace

Loose::Loose(const Rules& rules)
    : rules_{clamp_size(rules.size), rules.komi},
      geometry_(&Geometry::of(rules_.size, Topology::plane)),
      keys_(&zobrist_keys()),
      board_(geometry_->points),
      true_point_(geometry_->points),
      neighbour_counts_(geometry_->points),
      chains_(geometry_->points),
      empty_(geometry_->points) {
  for (Point p = 0; p < geometry_->points; ++p) board_[p] = Color::empty;
  rebuild();
}

// --- derived data -------------------------------------------------------------------------

bool Loose::compute_true(Point empty) const {
  return neighbour_counts_.of(empty, Color::empty) != 0 || neighbour_counts_.of(empty, Color::black) == 0 ||
         neighbour_counts_.of(empty, Color::white) == 0;
}

void Loose::refresh(Point empty, Point* changed, int& changed_count) {
  const bool now = compute_true(empty);
  if (now == static_cast<bool>(true_point_[empty])) return;
  true_point_[empty] = now;
  const int delta = now ? 1 : -1;
  const Geometry& g = *geometry_;
  for (int k = 0; k < g.degree[empty]; ++k) {
    const Point q = g.neighbours[empty][k];
    if (board_[q] != Color::empty) {
      Chain& chain = chains_.of(q);
      chain.true_pairs = static_cast<int16_t>(chain.true_pairs + delta);
    }
  }
  changed[changed_count++] = empty;
}

// Recomputes everything derived from the board (construction and setup).
void Loose::rebuild() {
  const Geometry& g = *geometry_;
  empty_.clear();
  stones_ = {0, 0, 0};
  hash_ = 0;
  neighbour_counts_.rebuild(g, board_);
  for (Point p = 0; p < g.points; ++p) {
    if (board_[p] == Color::empty) {
      empty_.add(p);
      true_point_[p] = compute_true(p);
    } else {
      true_point_[p] = 0;
      stones_[static_cast<int>(board_[p])]++;
      hash_ ^= keys_->place[static_cast<int>(board_[p])][p];
    }
  }
  chains_.rebuild(g, board_, Chain{0, 0}, [&](Chain& chain, Point s) {
    ++chain.stones;
    for (int k = 0; k < g.degree[s]; ++k) {
      const Point q = g.neighbours[s][k];
      if (board_[q] == Color::empty && true_point_[q]) ++chain.true_pairs;
    }
  });
  valid_ = every_chain_has_a_true_liberty();
  if (to_move_ == 2) hash_ ^= white_to_move_key;
  if (passes_ == 1) hash_ ^= one_pass_key;
}

// --- placements ---------------------------------------------------------------------------

// Puts a stone of the mover's colour on empty `p`, without flips: statuses, true pairs, the
// stone's chain. Records the empty points whose status changed (at most 4) in `changed`.
int Loose::put_stone(Point p, Point* changed) {
  const Geometry& g = *geometry_;
  const Color me = color_to_move(), enemy = opponent(me);
  const int mine = static_cast<int>(me);
  const int degree = g.degree[p];
  const Point* around = g.neighbours[p].data();
  const bool was_true = true_point_[p];
  int changed_count = 0;
  true_point_[p] = 0;
  empty_.remove(p);
  board_[p] = me;
  hash_ ^= keys_->place[mine][p];
  stones_[mine]++;
  const uint16_t delta = NeighbourCounts::change(Color::empty, me);
  int pairs = 0;
  for (int k = 0; k < degree; ++k) {
    const Point q = around[k];
    neighbour_counts_.apply(q, delta);
    if (board_[q] != Color::empty) {
      if (was_true) chains_.of(q).true_pairs--;  // p is no longer its liberty
      continue;
    }
    // q was true (p was its empty neighbour). It turns false when it has no empty neighbour
    // left and sees an enemy stone (p supplies ours).
    if (neighbour_counts_.of(q, Color::empty) != 0 || neighbour_counts_.of(q, enemy) == 0) {
      ++pairs;
      continue;
    }
    true_point_[q] = 0;
    changed[changed_count++] = q;
    for (int j = 0; j < g.degree[q]; ++j) {
      const Point s = g.neighbours[q][j];
      if (s != p) chains_.of(s).true_pairs--;  // every other neighbour of q is a stone
    }
  }
  chains_.start(p, Chain{1, static_cast<int16_t>(pairs)});
  for (int k = 0; k < degree; ++k) {
    const Point q = around[k];
    if (board_[q] == me && chains_.head(q) != chains_.head(p))
      chains_.merge(chains_.head(p), chains_.head(q));
  }
  return changed_count;
}

// Applies a placement of the mover's colour at empty `p`, flips, and says whether every chain
// then has a true liberty: the stone, the flips judged on the board right after it, the flips
// made, then legality.
bool Loose::place(Point p) {
  const bool was_valid = valid_;
  clear_flipped();
  // Each empty point changes at most once after the flips, plus p's neighbours before them.
  std::array<Point, max_points + 4> changed;
  int changed_count = put_stone(p, changed.data());
  std::array<Point, max_points> to_flip;
  const int flip_count = chains_to_flip(p, was_valid, changed.data(), changed_count, to_flip.data());
  flip(to_flip.data(), flip_count, changed.data(), changed_count);
  const bool legal = was_valid ? chains_near_have_true_liberties(p, changed.data(), changed_count,
                                                                 to_flip.data(), flip_count)
                               : every_chain_has_a_true_liberty();
  if (legal) valid_ = true;
  return legal;
}

// The enemy chains to flip (their representatives), judged on the board right after the
// stone. An enemy chain can only have lost its last true liberty if it touches p or a point
// that just turned false (unless the position came from `setup` and broke the invariant: then
// every enemy chain is a candidate).
int Loose::chains_to_flip(Point p, bool was_valid, const Point* changed, int changed_count,
                          Point* to_flip) const {
  const Geometry& g = *geometry_;
  const Color enemy = opponent(color_to_move());
  int count = 0;
  auto consider = [&](Point q) {
    if (board_[q] != enemy) return;
    const Point r = chains_.head(q);
    if (chains_.at_head(r).true_pairs != 0) return;
    for (int i = 0; i < count; ++i)
      if (to_flip[i] == r) return;
    to_flip[count++] = r;
  };
  if (was_valid) {
    for (int k = 0; k < g.degree[p]; ++k) consider(g.neighbours[p][k]);
    for (int i = 0; i < changed_count; ++i)
      for (int k = 0; k < g.degree[changed[i]]; ++k) consider(g.neighbours[changed[i]][k]);
  } else {
    for (Point q = 0; q < g.points; ++q)
      if (board_[q] != Color::empty && chains_.head(q) == q) consider(q);
  }
  return count;
}

// Flips the listed chains, all at once; then the new colours change the status of the empty
// points around the flipped stones (all counts are updated by then), and the flipped chains
// join the mover's chains they touch.
void Loose::flip(const Point* to_flip, int flip_count, Point* changed, int& changed_count) {
  const Geometry& g = *geometry_;
  const Color me = color_to_move(), enemy = opponent(me);
  const uint16_t delta = NeighbourCounts::change(enemy, me);
  // The flipped stones, listed before any merge splices their rings into others.
  std::array<Point, max_points> flipped_stones;
  int flipped_count = 0;
  for (int i = 0; i < flip_count; ++i) {
    chains_.for_each_stone(to_flip[i], [&](Point s) {
      board_[s] = me;
      hash_ ^= keys_->flip[s];
      flipped_.set(s);
      any_flipped_ = true;
      flipped_stones[flipped_count++] = s;
      for (int k = 0; k < g.degree[s]; ++k) neighbour_counts_.apply(g.neighbours[s][k], delta);
    });
    const int size = chains_.at_head(to_flip[i]).stones;
    stones_[static_cast<int>(me)] += size;
    stones_[static_cast<int>(enemy)] -= size;
  }
  for (int i = 0; i < flipped_count; ++i) {
    const Point s = flipped_stones[i];
    for (int k = 0; k < g.degree[s]; ++k) {
      const Point y = g.neighbours[s][k];
      if (board_[y] == Color::empty)
        refresh(y, changed, changed_count);
      else if (board_[y] == me && chains_.head(y) != chains_.head(s))
        chains_.merge(chains_.head(s), chains_.head(y));
    }
  }
}

// Legality after a placement on a position where every chain had a true liberty. Only chains
// near the change can have lost their last one: the placed stone's chain, the chains next to
// `p` (they lose `p`), the chains next to an empty point whose status changed, and the flipped
// chains (now merged with the mover's). Every other chain keeps its true-pair count.
bool Loose::chains_near_have_true_liberties(Point p, const Point* changed, int changed_count,
                                            const Point* to_flip, int flip_count) const {
  const Geometry& g = *geometry_;
  auto breathes = [&](Point q) { return board_[q] == Color::empty || chains_.of(q).true_pairs > 0; };
  if (!breathes(p)) return false;
  for (int k = 0; k < g.degree[p]; ++k)
    if (!breathes(g.neighbours[p][k])) return false;
  for (int i = 0; i < changed_count; ++i)
    for (int k = 0; k < g.degree[changed[i]]; ++k)
      if (!breathes(g.neighbours[changed[i]][k])) return false;
  for (int i = 0; i < flip_count; ++i)
    if (chains_.of(to_flip[i]).true_pairs == 0) return false;
  return true;
}

bool Loose::every_chain_has_a_true_liberty() const {
  for (Point q = 0; q < geometry_->points; ++q)
    if (board_[q] != Color::empty && chains_.of(q).true_pairs == 0) return false;
  return true;
}

// --- judging a placement without making it ------------------------------------------------

// Around p the status of a point can only be lost (p itself, and p's empty neighbours turning
// false), so each nearby chain's true-pair count after the stone, before any flip, is its count
// now minus the pairs it loses. When no enemy chain reaches zero nothing flips and those
// counts are final. When some do, the flips can only add true liberties (see the top of this
// file), so the counts before the flips are lower bounds: a placement whose flipped chains all
// touch the stone (and so join its chain) is legal when the mover's chains keep a true pair
// before the flips; when only p is lost and the stone's chain keeps none, the flipped chains'
// surroundings decide (`flips_bring_a_true_liberty`). Only the rest needs a trial.
Loose::Verdict Loose::verdict(Point p) const {
  if (!valid_) return Verdict::needs_trial;
  const Geometry& g = *geometry_;
  const Color me = color_to_move(), enemy = opponent(me);
  // One pass over p's neighbours. Every empty neighbour y is true (p is its empty neighbour);
  // it turns false when p is its only empty neighbour and it sees an enemy stone (the new
  // stone supplies ours).
  Around around;
  for (int k = 0; k < g.degree[p]; ++k) {
    const Point q = g.neighbours[p][k];
    if (board_[q] == Color::empty) {
      if (neighbour_counts_.of(q, Color::empty) == 1 && neighbour_counts_.of(q, enemy) != 0)
        around.turning_false = true;
      else
        ++around.new_pairs;
      continue;
    }
    const Point r = chains_.head(q);
    int i = 0;
    while (i < around.chain_count && around.chains[i] != r) ++i;
    if (i == around.chain_count) {
      around.chains[around.chain_count] = r;
      around.stones[around.chain_count++] = 0;
    }
    around.stones[i]++;
  }
  if (around.turning_false) return verdict_with_false_points(p, around);
  // Only p itself is lost: each chain around p loses one true pair per stone next to p, if p
  // was true. Every chain to flip touches p.
  const int lost_per_stone = true_point_[p] ? 1 : 0;
  int merged = around.new_pairs;
  std::array<Point, 4> to_flip;
  int flip_count = 0;
  for (int i = 0; i < around.chain_count; ++i) {
    const Point r = around.chains[i];
    const int remaining = chains_.at_head(r).true_pairs - lost_per_stone * around.stones[i];
    if (board_[r] == me)
      merged += remaining;
    else if (remaining == 0)
      to_flip[flip_count++] = r;
  }
  if (flip_count == 0) return merged > 0 ? Verdict::legal : Verdict::illegal;
  if (merged > 0) return Verdict::legal_with_flips;
  return flips_bring_a_true_liberty(p, to_flip.data(), flip_count, around) ? Verdict::legal_with_flips
                                                                           : Verdict::illegal;
}

// The stone's chain has no true pair before the flips, and every chain to flip touches p (the
// simple case of `verdict`): after the flips they are all one chain with the stone, and it has
// a true liberty exactly when (a) a flipped chain touches a chain of the mover's that does not
// touch p (untouched by the placement, so it has one), or (b) a liberty of a flipped chain
// turns true — it was false (no empty neighbour) and turns true when no enemy stone is left
// next to it. Nothing else changes: this is exact.
bool Loose::flips_bring_a_true_liberty(Point p, const Point* to_flip, int flip_count,
                                       const Around& around) const {
  const Geometry& g = *geometry_;
  const Color me = color_to_move(), enemy = opponent(me);
  auto flipped = [&](Point r) { return std::find(to_flip, to_flip + flip_count, r) != to_flip + flip_count; };
  auto next_to_p = [&](Point r) {
    return std::find(around.chains.begin(), around.chains.begin() + around.chain_count, r) !=
           around.chains.begin() + around.chain_count;
  };
  auto turns_true = [&](Point z) {
    for (int k = 0; k < g.degree[z]; ++k) {
      const Point u = g.neighbours[z][k];
      if (board_[u] == enemy && !flipped(chains_.head(u))) return false;
    }
    return true;
  };
  for (int i = 0; i < flip_count; ++i) {
    bool found = false;
    chains_.for_each_stone(to_flip[i], [&](Point s) {
      for (int k = 0; k < g.degree[s] && !found; ++k) {
        const Point w = g.neighbours[s][k];
        if (w == p) continue;  // the stone itself, not yet on the board
        if (board_[w] == Color::empty)
          found = turns_true(w);
        else if (board_[w] == me)
          found = !next_to_p(chains_.head(w));
      }
    });
    if (found) return true;
  }
  return false;
}

// Some empty neighbour of p turns false: p (if true) and those points are lost; count per
// chain.
Loose::Verdict Loose::verdict_with_false_points(Point p, const Around& around) const {
  const Geometry& g = *geometry_;
  const Color me = color_to_move(), enemy = opponent(me);
  // Chains losing true pairs, and how many.
  std::array<Point, 20> chains;
  std::array<int, 20> lost;
  int n = 0;
  auto lose_around = [&](Point point) {
    for (int k = 0; k < g.degree[point]; ++k) {
      const Point q = g.neighbours[point][k];
      if (board_[q] == Color::empty) continue;
      const Point r = chains_.head(q);
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
  for (int k = 0; k < g.degree[p]; ++k) {
    const Point y = g.neighbours[p][k];
    if (board_[y] == Color::empty && neighbour_counts_.of(y, Color::empty) == 1 &&
        neighbour_counts_.of(y, enemy) != 0)
      lose_around(y);
  }
  auto lost_by = [&](Point r) {
    for (int i = 0; i < n; ++i)
      if (chains[i] == r) return lost[i];
    return 0;
  };
  auto next_to_p = [&](Point r) {
    return std::find(around.chains.begin(), around.chains.begin() + around.chain_count, r) !=
           around.chains.begin() + around.chain_count;
  };
  // The placed stone's chain: its own true pairs and what the mover's chains next to p keep.
  int merged_pairs = around.new_pairs;
  for (int i = 0; i < around.chain_count; ++i)
    if (board_[around.chains[i]] == me)
      merged_pairs += chains_.at_head(around.chains[i]).true_pairs - lost_by(around.chains[i]);
  // Every other chain left with no true pair: an enemy one flips; one of the mover's not
  // joined to the stone makes the move illegal, unless a flip gives it a liberty back.
  bool flips = false, flips_away_from_p = false, others_keep = true;
  for (int i = 0; i < n; ++i) {
    const Point r = chains[i];
    if (chains_.at_head(r).true_pairs != lost[i]) continue;
    if (board_[r] != me) {
      flips = true;
      flips_away_from_p = flips_away_from_p || !next_to_p(r);
    } else if (!next_to_p(r)) {
      others_keep = false;
    }
  }
  const bool keeps = merged_pairs > 0 && others_keep;
  if (!flips) return keeps ? Verdict::legal : Verdict::illegal;
  return keeps && !flips_away_from_p ? Verdict::legal_with_flips : Verdict::needs_trial;
}

Illegal Loose::check_placement(Point p) const {
  switch (verdict(p)) {
    case Verdict::legal:
    case Verdict::legal_with_flips:
      return Illegal::none;
    case Verdict::illegal:
      return no_true_liberty;
    case Verdict::needs_trial:
      break;
  }
  Loose trial(*this);
  return trial.place(p) ? Illegal::none : no_true_liberty;
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
  if (std::optional<Illegal> shape = check_turn_shape(move, over_, geometry_->points)) return *shape;
  const Point p = move.point();
  if (board_[p] != Color::empty) return Illegal::occupied;
  return check_placement(p);
}

// A placement is judged and made in one go: one that flips is made directly, with a copy to
// restore only when `verdict` cannot tell in advance that it is legal.
bool Loose::play(const Move& move) {
  if (move.kind != Move::Kind::place) {
    if (check(move) != Illegal::none) return false;
    finish_turn(move);
    return true;
  }
  const Point p = move.point();
  if (over_ || move.count != 1 || p < 0 || p >= geometry_->points || board_[p] != Color::empty) return false;
  if (!try_place(p)) return false;
  finish_turn(move);
  return true;
}

bool Loose::try_place(Point p) {
  switch (verdict(p)) {
    case Verdict::illegal:
      return false;
    case Verdict::legal:
      put_stone_alone(p);
      return true;
    case Verdict::legal_with_flips:
      place(p);
      return true;
    case Verdict::needs_trial:
      break;
  }
  const Loose before(*this);
  if (place(p)) return true;
  *this = before;
  return false;
}

// Legal, the caller says: no copy to restore. `verdict` still tells a placement that flips
// nothing (the stone alone) from one that does (`place`).
void Loose::play_legal(const Move& move) {
  if (move.kind == Move::Kind::place) {
    const Point p = move.point();
    if (verdict(p) == Verdict::legal)
      put_stone_alone(p);
    else
      place(p);
  }
  finish_turn(move);
}

void Loose::put_stone_alone(Point p) {
  clear_flipped();
  std::array<Point, 4> changed;
  put_stone(p, changed.data());
}

// The side to move and the pass count are in the hash: out with the old, in with the new.
void Loose::finish_turn(const Move& move) {
  if (to_move_ == 2) hash_ ^= white_to_move_key;
  if (passes_ == 1) hash_ ^= one_pass_key;
  ++moves_played_;
  switch (move.kind) {
    case Move::Kind::resign:
      over_ = true;
      outcome_ = Outcome{3 - to_move_, to_move_ == 1 ? Color::white : Color::black, true};
      passes_ = 0;
      clear_flipped();
      break;
    case Move::Kind::pass:
      clear_flipped();
      if (++passes_ == 2) finish_game();
      break;
    default:  // the board is already right
      passes_ = 0;
      last_placer_ = to_move_;
      break;
  }
  to_move_ = 3 - to_move_;
  if (to_move_ == 2) hash_ ^= white_to_move_key;
  if (passes_ == 1) hash_ ^= one_pass_key;
}

void Loose::finish_game() {
  over_ = true;
  Score s = score();
  int winner = s.black > s.white ? 1 : s.white > s.black ? 2 : last_placer_ == 0 ? 1 : 3 - last_placer_;
  outcome_ = Outcome{winner, winner == 1 ? Color::black : Color::white, false};
}

Move Loose::random_move(Rng& rng) const {
  const int n = empty_.count();
  if (over_ || n == 0) return Move::pass();
  const int start = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
  for (int i = start, left = n; left > 0; --left) {
    if (check_placement(empty_[i]) == Illegal::none) return Move::place(empty_[i]);
    if (++i == n) i = 0;
  }
  return Move::pass();
}

// The scan of `random_move`, making the first legal placement as it goes.
Move Loose::play_random(Rng& rng) {
  const int n = empty_.count();
  if (over_) return Move::pass();
  if (n > 0) {
    const int start = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
    for (int i = start, left = n; left > 0; --left) {
      const Point p = empty_[i];
      if (try_place(p)) {
        finish_turn(Move::place(p));
        return Move::place(p);
      }
      if (++i == n) i = 0;
    }
  }
  finish_turn(Move::pass());
  return Move::pass();
}

void Loose::setup(Point p, Color c) {
  board_[p] = c;
  clear_flipped();
  rebuild();
}

int Loose::true_liberties(Point stone) const {
  if (board_[stone] == Color::empty) return 0;
  const Geometry& g = *geometry_;
  std::bitset<max_points> seen;
  int count = 0;
  chains_.for_each_stone(stone, [&](Point s) {
    for (int k = 0; k < g.degree[s]; ++k) {
      const Point y = g.neighbours[s][k];
      if (board_[y] == Color::empty && true_point_[y] && !seen[y]) {
        seen.set(y);
        ++count;
      }
    }
  });
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
  const int points = geometry_->points;
  if (fresh.hash_ != hash_ || fresh.stones_ != stones_) return false;
  if (!over_ && fresh.valid_ != valid_) return false;
  if (!empty_.consistent(points, [&](Point p) { return board_[p] == Color::empty; })) return false;
  for (Point p = 0; p < points; ++p) {
    if (fresh.neighbour_counts_.word(p) != neighbour_counts_.word(p)) return false;
    if (board_[p] == Color::empty && fresh.true_point_[p] != true_point_[p]) return false;
  }
  return chains_.same_as(fresh.chains_, points, board_);
}

Explanation Loose::explain() const {
  Explanation e;
  e.counted = true;
  auto stones = [&](int c) {
    return ScoreTerm{stones_[c] == 1 ? "stone" : "stones", static_cast<double>(stones_[c]), ""};
  };
  e.black = {stones(1)};
  e.white = {stones(2), {"komi", static_cast<double>(rules_.komi), ""}};
  for (Point p = 0; p < geometry_->points; ++p)
    if (board_[p] == Color::empty && !true_point_[p]) e.false_liberties.set(p);
  e.notes.push_back("On a tie the player who made the last placement loses.");
  const Score s = score();
  if (over_ && !outcome_.by_resignation && s.black == s.white)  // the tie-break decided it
    e.reason = last_placer_ == 0 ? "The scores are equal and no stone was placed, so White loses the tie."
               : last_placer_ == 1
                   ? "The scores are equal, and Black made the last placement, so Black loses the tie."
                   : "The scores are equal, and White made the last placement, so White loses the tie.";
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
