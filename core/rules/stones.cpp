// The incremental chain bookkeeping of stones.h. `place` is the hot path of every playout;
// `rebuild` and `check_consistency` are the slow, obviously-correct versions used by set-up
// and tests.
#include "rules/stones.h"

#include <algorithm>
#include <cstring>

namespace stonegrid {

// --- construction -------------------------------------------------------------------------

Stones::Stones(const Geometry& geometry)
    : geometry_(&geometry),
      keys_(&zobrist_keys()),
      color_(geometry.points),
      chains_(geometry.points),
      neighbour_counts_(geometry.points),
      empty_(geometry.points) {
  for (int p = 0; p < geometry.points; ++p) color_[p] = Color::empty;
  rebuild();
}

// --- chains --------------------------------------------------------------------------------

// Two passes over the ring: first empty every stone, then credit the freed points as
// liberties to the stones around them (after the first pass, so no removed stone is credited).
int Stones::remove_chain(Point head) {
  const Color color = color_[head];
  const int c = static_cast<int>(color);
  int removed = 0;
  chains_.for_each_stone(head, [&](Point s) {
    color_[s] = Color::empty;
    hash_ ^= keys_->place[c][s];
    empty_.add(s);
    ++removed;
  });
  stone_count_[c] -= removed;
  const uint16_t delta = NeighbourCounts::change(color, Color::empty);
  chains_.dissolve(head, [&](Point s) {
    const auto& around = geometry_->neighbours[s];
    for (int k = 0, n = geometry_->degree[s]; k < n; ++k) {
      const Point q = around[k];
      neighbour_counts_.apply(q, delta);
      if (color_[q] != Color::empty) add_liberty(chains_.of(q), s);
    }
  });
  return removed;
}

int Stones::liberties(Point stone) const {
  std::array<bool, max_points> counted{};
  int count = 0;
  chains_.for_each_stone(stone, [&](Point s) {
    const auto& around = geometry_->neighbours[s];
    for (int k = 0, n = geometry_->degree[s]; k < n; ++k) {
      const Point q = around[k];
      if (color_[q] == Color::empty && !counted[q]) {
        counted[q] = true;
        ++count;
      }
    }
  });
  return count;
}

// The pseudo-liberties at an empty point are the chain's stones next to it; take those at `p`
// and `taken` out of the sums, and what is left names one point exactly when every pair left
// names the same point (then count · sum of q² = (sum of q)², the equality case of Cauchy–Schwarz).
int Stones::liberties_besides(Point stone, Point p, Point taken, Point& other) const {
  const Point head = chains_.head(stone);
  const Chain& c = chains_.at_head(head);
  uint64_t rest = c.pseudo_liberties, sum = c.liberty_sum, sum_sq = c.liberty_sum_sq;
  auto take_out = [&](Point q) {
    if (q == no_point || color_[q] != Color::empty) return;  // not a liberty of anything
    const auto& around = geometry_->neighbours[q];
    uint64_t here = 0;
    for (int k = 0, n = geometry_->degree[q]; k < n; ++k) here += chains_.head(around[k]) == head;
    const uint64_t at = static_cast<uint32_t>(q);
    rest -= here;
    sum -= here * at;
    sum_sq -= here * at * at;
  };
  take_out(p);
  if (taken != p) take_out(taken);
  if (rest == 0) return 0;
  if (rest * sum_sq != sum * sum) return 2;
  other = static_cast<Point>(sum / rest);
  return 1;
}

// --- placement -----------------------------------------------------------------------------

// A neighbouring chain with at most one liberty has `p` as that liberty (p is empty and
// adjacent), so placing on `p` leaves it with none. Chains are told apart (a chain may touch `p`
// on several sides) only where it matters: among captured chains, and among own chains in the
// rare case the placed stone's chain dies.
Stones::Preview Stones::preview_contested(Point p, Color c) const {
  Preview result;
  result.hash_after = hash_ ^ key_of(c, p);
  const Color enemy = opponent(c);
  bool liberty = neighbours_of(p, Color::empty) > 0;
  // First a pass with no data-dependent branch (an empty neighbour reads the `no_chain` slot,
  // which is never short of liberties): is there a liberty, and may anything be captured?
  const auto& around = geometry_->neighbours[p];
  const int n = geometry_->degree[p];
  bool may_capture = false;
  for (int k = 0; k < n; ++k) {
    const Point q = around[k];
    const Color qc = color_[q];
    const bool short_of = short_of_liberties(chains_.head(q));
    liberty |= (qc == c) & !short_of;
    may_capture |= (qc == enemy) & short_of;
  }
  if (may_capture) {
    Point captured[4];
    int captured_count = 0;
    for (int k = 0; k < n; ++k) {
      const Point q = around[k];
      const Point h = chains_.head(q);
      if (color_[q] != enemy || !short_of_liberties(h)) continue;
      bool repeat = false;
      for (int i = 0; i < captured_count; ++i) repeat = repeat || captured[i] == h;
      if (repeat) continue;
      captured[captured_count++] = h;
      result.hash_after ^= chains_.at_head(h).hash;
      result.enemy_captured += chains_.at_head(h).stones;
    }
    return result;
  }
  if (liberty) return result;
  // No liberty and no capture: every own neighbour chain dies with the placed stone.
  result.own_without_liberty = true;
  result.own_removed = 1;
  result.hash_after = hash_;  // the placed stone goes too: its key cancels
  Point own[4];
  int own_count = 0;
  for (int k = 0; k < n; ++k) {
    const Point q = around[k];
    if (color_[q] != c) continue;
    const Point h = chains_.head(q);
    bool repeat = false;
    for (int i = 0; i < own_count; ++i) repeat = repeat || own[i] == h;
    if (repeat) continue;
    own[own_count++] = h;
    result.hash_after ^= chains_.at_head(h).hash;
    result.own_removed += chains_.at_head(h).stones;
  }
  return result;
}

Stones::Placed Stones::place(Point p, Color c, bool remove_own_chain) {
  const Color enemy = opponent(c);
  empty_.remove(p);
  const uint64_t key = key_of(c, p);
  color_[p] = c;
  hash_ ^= key;
  ++stone_count_[static_cast<int>(c)];
  chains_.start(p, Chain{key, 0, 0, 0, 1});

  const uint16_t delta = NeighbourCounts::change(Color::empty, c);
  const auto& around = geometry_->neighbours[p];
  const int n = geometry_->degree[p];
  bool enemy_near = false;
  for (int k = 0; k < n; ++k) {
    const Point q = around[k];
    neighbour_counts_.apply(q, delta);
    const Color qc = color_[q];
    if (qc == Color::empty) {
      add_liberty(chains_.of(p), q);
      continue;
    }
    const Point h = chains_.head(q);
    remove_liberty(chains_.at_head(h), p);
    if (qc == c) {
      if (h != chains_.head(p)) chains_.merge(chains_.head(p), h);
    } else {
      enemy_near = true;
    }
  }
  Placed result;
  if (enemy_near) {
    for (int k = 0; k < n; ++k) {
      const Point q = around[k];
      if (color_[q] == enemy && chains_.of(q).pseudo_liberties == 0)
        result.enemy_captured += remove_chain(chains_.head(q));
    }
  }
  if (remove_own_chain && chains_.of(p).pseudo_liberties == 0)
    result.own_removed = remove_chain(chains_.head(p));
  return result;
}

// --- set-up and checking -------------------------------------------------------------------

void Stones::setup(Point p, Color c) {
  color_[p] = c;
  rebuild();
}

// Everything derived from the colours, from scratch.
void Stones::rebuild() {
  const Geometry& g = *geometry_;
  hash_ = 0;
  stone_count_ = {0, 0, 0};
  empty_.clear();
  for (int p = 0; p < g.points; ++p) {
    const Color c = color_[p];
    if (c == Color::empty) {
      empty_.add(static_cast<Point>(p));
    } else {
      hash_ ^= key_of(c, static_cast<Point>(p));
      ++stone_count_[static_cast<int>(c)];
    }
  }
  neighbour_counts_.rebuild(g, color_);
  chains_.rebuild(g, color_, Chain{0, 0, 0, 0, 0}, [&](Chain& chain, Point s) {
    chain.hash ^= key_of(color_[s], s);
    ++chain.stones;
    const auto& around = g.neighbours[s];
    for (int k = 0, n = g.degree[s]; k < n; ++k)
      if (color_[around[k]] == Color::empty) add_liberty(chain, around[k]);
  });
  chains_.at_head(no_chain) = no_chain_entry;
}

bool Stones::check_consistency() const {
  Stones fresh(*geometry_);
  const int points = geometry_->points;
  for (int p = 0; p < points; ++p) fresh.color_[p] = color_[p];
  fresh.rebuild();
  if (fresh.hash_ != hash_ || fresh.stone_count_ != stone_count_) return false;
  for (int p = 0; p < points; ++p)
    if (fresh.neighbour_counts_.word(static_cast<Point>(p)) != neighbour_counts_.word(static_cast<Point>(p)))
      return false;
  if (!empty_.consistent(points, [&](Point p) { return color_[p] == Color::empty; })) return false;
  return chains_.same_as(fresh.chains_, points, color_) && chains_.at_head(no_chain) == no_chain_entry;
}

// --- superko history -----------------------------------------------------------------------

void PositionHistory::clear() {
  recorded_ = 0;
  filter_.fill(0);
}

void PositionHistory::add(uint64_t board_hash) {
  hashes_[recorded_ % capacity] = board_hash;
  ++recorded_;
  const uint64_t bit = board_hash >> (64 - filter_shift);
  filter_[bit >> 6] |= uint64_t{1} << (bit & 63);
}

// Newest first: a repeat is most often of a recent board (ko, a one-stone suicide).
bool PositionHistory::scan(uint64_t board_hash) const {
  for (int i = size() - 1; i >= 0; --i)
    if (hashes_[i] == board_hash) return true;
  return false;
}

void PositionHistory::copy_from(const PositionHistory& other) {
  recorded_ = other.recorded_;
  filter_ = other.filter_;
  std::memcpy(hashes_.data(), other.hashes_.data(), other.size() * sizeof(uint64_t));
}

}  // namespace stonegrid
