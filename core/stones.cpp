// The incremental chain bookkeeping of stones.h. `place` is the hot path of every playout;
// `rebuild` and `check_consistency` are the slow, obviously-correct versions used by set-up
// and tests.
#include "stones.h"

#include <algorithm>
#include <cstring>

namespace stonegrid {

namespace {

const std::array<std::array<uint64_t, max_points>, 3>& zobrist_table() {
  static const auto table = [] {
    std::array<std::array<uint64_t, max_points>, 3> keys{};
    for (int colour = 1; colour <= 2; ++colour)
      for (int p = 0; p < max_points; ++p) keys[colour][p] = zobrist_key(colour, static_cast<Point>(p));
    return keys;
  }();
  return table;
}

}  // namespace

// --- construction and copying --------------------------------------------------------------

Stones::Stones(const Geometry& geometry)
    : geometry_(&geometry), keys_(&zobrist_table()), points_(geometry.points) {
  for (int p = 0; p < points_; ++p) colour_[p] = Color::empty;
  rebuild();
}

// Only the first `points_` entries of each array mean anything; on 9×9 this copies about 2 KB
// instead of the 17 KB a 25×25 board holds.
void Stones::copy_from(const Stones& other) {
  geometry_ = other.geometry_;
  keys_ = other.keys_;
  points_ = other.points_;
  hash_ = other.hash_;
  empty_count_ = other.empty_count_;
  stone_count_ = other.stone_count_;
  const size_t n = static_cast<size_t>(points_);
  std::memcpy(colour_.data(), other.colour_.data(), n * sizeof(Color));
  std::memcpy(head_.data(), other.head_.data(), n * sizeof(Point));
  std::memcpy(next_.data(), other.next_.data(), n * sizeof(Point));
  std::memcpy(chain_.data(), other.chain_.data(), n * sizeof(Chain));
  chain_[no_chain] = no_chain_entry;
  std::memcpy(empty_points_.data(), other.empty_points_.data(), empty_count_ * sizeof(Point));
  std::memcpy(empty_index_.data(), other.empty_index_.data(), n * sizeof(int16_t));
  std::memcpy(neighbour_counts_.data(), other.neighbour_counts_.data(), n * sizeof(uint16_t));
}

// --- the empty-point list ------------------------------------------------------------------

void Stones::add_empty(Point p) {
  empty_index_[p] = static_cast<int16_t>(empty_count_);
  empty_points_[empty_count_++] = p;
}

// Swap-with-last removal: O(1), order is not kept (playouts only need a set).
void Stones::remove_empty(Point p) {
  const int i = empty_index_[p];
  const Point last = empty_points_[--empty_count_];
  empty_points_[i] = last;
  empty_index_[last] = static_cast<int16_t>(i);
}

// --- chains --------------------------------------------------------------------------------

// Smaller ring into larger: relabel the smaller one, then splice the two rings by swapping
// one `next` pointer of each.
void Stones::merge_chains(Point a, Point b) {
  if (chain_[a].stones < chain_[b].stones) std::swap(a, b);
  Point s = b;
  do {
    head_[s] = a;
    s = next_[s];
  } while (s != b);
  std::swap(next_[a], next_[b]);
  Chain& into = chain_[a];
  const Chain& from = chain_[b];
  into.hash ^= from.hash;
  into.liberty_sum += from.liberty_sum;
  into.liberty_sum_sq += from.liberty_sum_sq;
  into.pseudo_liberties = static_cast<uint16_t>(into.pseudo_liberties + from.pseudo_liberties);
  into.stones = static_cast<uint16_t>(into.stones + from.stones);
}

// Two passes over the ring: first empty every stone, then credit the freed points as
// liberties to the stones around them (after the first pass, so no removed stone is credited).
int Stones::remove_chain(Point head) {
  const Color colour = colour_[head];
  const int c = static_cast<int>(colour);
  int removed = 0;
  Point s = head;
  do {
    colour_[s] = Color::empty;
    hash_ ^= (*keys_)[c][s];
    add_empty(s);
    ++removed;
    s = next_[s];
  } while (s != head);
  stone_count_[c] -= removed;
  const uint16_t delta = static_cast<uint16_t>(1u - (1u << (4 * c)));
  s = head;
  do {
    const auto& around = geometry_->neighbours[s];
    for (int k = 0, n = geometry_->degree[s]; k < n; ++k) {
      const Point q = around[k];
      neighbour_counts_[q] += delta;
      if (colour_[q] != Color::empty) add_liberty(chain_[head_[q]], s);
    }
    const Point next = next_[s];
    head_[s] = no_chain;
    next_[s] = s;
    s = next;
  } while (s != head);
  return removed;
}

int Stones::liberties(Point stone) const {
  std::array<bool, max_points> counted{};
  int count = 0;
  const Point head = head_[stone];
  Point s = head;
  do {
    const auto& around = geometry_->neighbours[s];
    for (int k = 0, n = geometry_->degree[s]; k < n; ++k) {
      const Point q = around[k];
      if (colour_[q] == Color::empty && !counted[q]) {
        counted[q] = true;
        ++count;
      }
    }
    s = next_[s];
  } while (s != head);
  return count;
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
    const Color qc = colour_[q];
    const bool short_of = short_of_liberties(head_[q]);
    liberty |= (qc == c) & !short_of;
    may_capture |= (qc == enemy) & short_of;
  }
  if (may_capture) {
    Point captured[4];
    int captured_count = 0;
    for (int k = 0; k < n; ++k) {
      const Point q = around[k];
      const Point h = head_[q];
      if (colour_[q] != enemy || !short_of_liberties(h)) continue;
      bool repeat = false;
      for (int i = 0; i < captured_count; ++i) repeat = repeat || captured[i] == h;
      if (repeat) continue;
      captured[captured_count++] = h;
      result.hash_after ^= chain_[h].hash;
      result.enemy_captured += chain_[h].stones;
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
    if (colour_[q] != c) continue;
    const Point h = head_[q];
    bool repeat = false;
    for (int i = 0; i < own_count; ++i) repeat = repeat || own[i] == h;
    if (repeat) continue;
    own[own_count++] = h;
    result.hash_after ^= chain_[h].hash;
    result.own_removed += chain_[h].stones;
  }
  return result;
}

Stones::Placed Stones::place(Point p, Color c, bool remove_own_chain) {
  const Color enemy = opponent(c);
  remove_empty(p);
  const uint64_t key = key_of(c, p);
  colour_[p] = c;
  hash_ ^= key;
  ++stone_count_[static_cast<int>(c)];
  head_[p] = p;
  next_[p] = p;
  chain_[p] = Chain{key, 0, 0, 0, 1};

  const uint16_t delta = static_cast<uint16_t>((1u << (4 * static_cast<int>(c))) - 1u);
  const auto& around = geometry_->neighbours[p];
  const int n = geometry_->degree[p];
  bool enemy_near = false;
  for (int k = 0; k < n; ++k) {
    const Point q = around[k];
    neighbour_counts_[q] = static_cast<uint16_t>(neighbour_counts_[q] + delta);
    const Color qc = colour_[q];
    if (qc == Color::empty) {
      add_liberty(chain_[head_[p]], q);
      continue;
    }
    const Point h = head_[q];
    remove_liberty(chain_[h], p);
    if (qc == c) {
      if (h != head_[p]) merge_chains(head_[p], h);
    } else {
      enemy_near = true;
    }
  }
  Placed result;
  if (enemy_near) {
    for (int k = 0; k < n; ++k) {
      const Point q = around[k];
      if (colour_[q] == enemy && chain_[head_[q]].pseudo_liberties == 0)
        result.enemy_captured += remove_chain(head_[q]);
    }
  }
  if (remove_own_chain && chain_[head_[p]].pseudo_liberties == 0) result.own_removed = remove_chain(head_[p]);
  return result;
}

// --- set-up and checking -------------------------------------------------------------------

void Stones::setup(Point p, Color c) {
  colour_[p] = c;
  rebuild();
}

// Flood fill each chain from its lowest point; that point becomes the representative.
void Stones::rebuild() {
  hash_ = 0;
  stone_count_ = {0, 0, 0};
  empty_count_ = 0;
  chain_[no_chain] = no_chain_entry;
  for (int p = 0; p < points_; ++p) {
    head_[p] = colour_[p] == Color::empty ? no_chain : no_point;
    next_[p] = static_cast<Point>(p);
    if (colour_[p] == Color::empty) {
      add_empty(static_cast<Point>(p));
    } else {
      hash_ ^= zobrist_key(static_cast<int>(colour_[p]), static_cast<Point>(p));
      ++stone_count_[static_cast<int>(colour_[p])];
    }
  }
  for (int p = 0; p < points_; ++p) {
    neighbour_counts_[p] = 0;
    const auto& around = geometry_->neighbours[p];
    for (int k = 0, n = geometry_->degree[p]; k < n; ++k)
      neighbour_counts_[p] =
          static_cast<uint16_t>(neighbour_counts_[p] + (1u << (4 * static_cast<int>(colour_[around[k]]))));
  }
  std::array<Point, max_points> stack;
  for (int start = 0; start < points_; ++start) {
    const Color colour = colour_[start];
    if (colour == Color::empty || head_[start] != no_point) continue;
    const Point h = static_cast<Point>(start);
    Chain chain{0, 0, 0, 0, 0};
    int top = 0;
    stack[top++] = h;
    head_[h] = h;
    Point last = h;  // ring built by appending after `last`
    while (top > 0) {
      const Point s = stack[--top];
      chain.hash ^= zobrist_key(static_cast<int>(colour), s);
      ++chain.stones;
      if (s != h) {
        next_[s] = next_[last];
        next_[last] = s;
        last = s;
      }
      const auto& around = geometry_->neighbours[s];
      for (int k = 0, n = geometry_->degree[s]; k < n; ++k) {
        const Point q = around[k];
        if (colour_[q] == Color::empty) {
          add_liberty(chain, q);
        } else if (colour_[q] == colour && head_[q] == no_point) {
          head_[q] = h;
          stack[top++] = q;
        }
      }
    }
    chain_[h] = chain;
  }
}

bool Stones::check_consistency() const {
  Stones fresh(*geometry_);
  for (int p = 0; p < points_; ++p) fresh.colour_[p] = colour_[p];
  fresh.rebuild();
  if (fresh.hash_ != hash_ || fresh.stone_count_ != stone_count_ || fresh.empty_count_ != empty_count_)
    return false;
  for (int p = 0; p < points_; ++p) {
    if (fresh.neighbour_counts_[p] != neighbour_counts_[p]) return false;
    if (colour_[p] == Color::empty && head_[p] != no_chain) return false;
  }
  for (int i = 0; i < empty_count_; ++i) {
    const Point p = empty_points_[i];
    if (p < 0 || p >= points_ || colour_[p] != Color::empty || empty_index_[p] != i) return false;
  }
  for (int p = 0; p < points_; ++p) {
    if (colour_[p] == Color::empty) continue;
    // Same partition into chains: representatives map one-to-one.
    const Point mine = head_[p], theirs = fresh.head_[p];
    if (mine < 0 || mine >= points_ || colour_[mine] != colour_[p]) return false;
    for (int q = 0; q < points_; ++q)
      if (colour_[q] != Color::empty && (head_[q] == mine) != (fresh.head_[q] == theirs)) return false;
    const Chain& a = chain_[mine];
    const Chain& b = fresh.chain_[theirs];
    if (a.hash != b.hash || a.stones != b.stones || a.pseudo_liberties != b.pseudo_liberties ||
        a.liberty_sum != b.liberty_sum || a.liberty_sum_sq != b.liberty_sum_sq)
      return false;
    // The ring visits exactly the chain.
    int walked = 0;
    Point s = mine;
    do {
      if (head_[s] != mine) return false;
      ++walked;
      s = next_[s];
    } while (s != mine && walked <= points_);
    if (walked != a.stones) return false;
  }
  return true;
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
