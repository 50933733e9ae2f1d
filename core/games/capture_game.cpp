// The shared body of the capture games: the turn bookkeeping of capture_game.h.
#include "games/capture_game.h"

namespace stonegrid {

namespace {

// Hash keys for the non-board part of the state (fixed odd constants; only mixing quality
// matters). Go adds its own for the phase and the prisoners.
constexpr uint64_t white_to_move_key = 0x9E3779B97F4A7C15ull;
constexpr uint64_t over_key = 0x165667B19E3779F9ull;
constexpr uint64_t passes_key = 0x27D4EB2F165667C5ull;

}  // namespace

CaptureGame::CaptureGame(int size) : board_(Geometry::of(clamp_size(size), Topology::plane)) {
  history_.add(board_.hash());  // the empty start board is an earlier board too
}

uint64_t CaptureGame::hash() const {
  uint64_t h = board_.hash();
  if (to_move_ == 2) h ^= white_to_move_key;
  if (over_) h ^= over_key;
  return h ^ passes_key * static_cast<uint64_t>(passes_);
}

void CaptureGame::resign() {
  ++moves_played_;
  const int winner = 3 - to_move_;
  end(Outcome{winner, winner == 1 ? Color::black : Color::white, true});
  passes_ = 0;
}

bool CaptureGame::pass() {
  ++moves_played_;
  to_move_ = static_cast<uint8_t>(3 - to_move_);
  return ++passes_ == 2;
}

Stones::Placed CaptureGame::place(Point p, bool remove_own_chain) {
  ++moves_played_;
  const Stones::Placed placed = board_.place(p, color_to_move(), remove_own_chain);
  history_.add(board_.hash());
  passes_ = 0;
  to_move_ = static_cast<uint8_t>(3 - to_move_);
  return placed;
}

void CaptureGame::setup(Point p, Color c) {
  board_.setup(p, c);
  history_.clear();
  history_.add(board_.hash());
}

bool CaptureGame::check_consistency() const {
  if (!board_.check_consistency()) return false;
  if (!history_.contains(board_.hash())) return false;
  if (to_move_ != 1 && to_move_ != 2) return false;
  return over_ || passes_ < 2;
}

}  // namespace stonegrid
