// One invariant suite over the game classes (the four and the test-only Capture Go) (OpenSpiel's
// RandomSimTest, KataGo's undo stress test): random games from fixed seeds, and at every step a copy equals
// the original, the hash equals a replay's, `check_consistency()` holds, every listed move is playable and
// every unlisted placement on an empty point is refused with a reason. Then perft-style counts
// of move sequences from the empty 5×5 board, against values worked out by hand below.
#include <doctest/doctest.h>

#include <vector>

#include "capture_go.h"
#include "games/go.h"
#include "games/looper.h"
#include "games/loose.h"
#include "games/squaresquared.h"

using namespace stonegrid;

namespace {

template <typename G>
G make(int size) {
  typename G::Rules rules;
  rules.size = size;
  return G(rules);
}

template <typename G>
bool same_position(const G& a, const G& b) {
  if (a.size() != b.size() || a.hash() != b.hash() || a.to_move() != b.to_move() || a.phase() != b.phase() ||
      a.passes() != b.passes() || a.moves_played() != b.moves_played())
    return false;
  for (Point p = 0; p < a.size() * a.size(); ++p)
    if (a.at(p) != b.at(p)) return false;
  return true;
}

template <typename G>
void check_step(const G& game, const std::vector<Move>& history) {
  // A copy is the same game.
  G copy = game;
  REQUIRE(same_position(copy, game));
  // The hash (and everything else) equals a fresh replay of the moves.
  G replay = make<G>(game.size());
  for (const Move& m : history) REQUIRE(replay.play(m));
  REQUIRE(same_position(replay, game));
  REQUIRE(game.check_consistency());

  MoveList list;
  game.legal_moves(list);
  if (game.is_over()) {
    REQUIRE(list.count == 0);
    return;
  }
  REQUIRE(list.count > 0);
  for (const Move& m : list) {
    REQUIRE(m.kind != Move::Kind::resign);
    REQUIRE(game.check(m) == Illegal::none);
    G child = game;
    REQUIRE(child.play(m));
    REQUIRE(child.moves_played() == game.moves_played() + 1);
  }
  for (Point p = 0; p < game.size() * game.size(); ++p) {
    if (game.at(p) != Color::empty || list.contains(Move::place(p))) continue;
    Illegal why = game.check(Move::place(p));
    REQUIRE(why != Illegal::none);
    G child = game;
    REQUIRE_FALSE(child.play(Move::place(p)));
    REQUIRE(same_position(child, game));
  }
}

template <typename G>
void random_games(int games, const std::vector<int>& sizes) {
  Rng rng(0xC0FFEE);
  for (int g = 0; g < games; ++g) {
    const int size = sizes[g % sizes.size()];
    G game = make<G>(size);
    std::vector<Move> history;
    check_step(game, history);
    for (int k = 0; k < 3 * size * size && !game.is_over(); ++k) {
      Move move;
      if (rng.below(2) == 0) {
        move = game.random_move(rng);
      } else {
        MoveList list;
        game.legal_moves(list);
        move = list.moves[rng.below(static_cast<uint32_t>(list.count))];
      }
      REQUIRE(game.check(move) == Illegal::none);
      G fast = game;  // the playout path must reach the same state
      fast.play_legal(move);
      REQUIRE(game.play(move));
      CHECK(fast.hash() == game.hash());
      CHECK(fast.moves_played() == game.moves_played());
      CHECK(fast.phase() == game.phase());
      history.push_back(move);
      check_step(game, history);
    }
  }
}

// The number of sequences of exactly `plies` listed legal moves.
template <typename G>
long long perft(const G& game, int plies) {
  if (plies == 0) return 1;
  MoveList list;
  game.legal_moves(list);
  long long total = 0;
  for (const Move& m : list) {
    G child = game;
    child.play(m);
    total += perft(child, plies - 1);
  }
  return total;
}

}  // namespace

// Typed over the game classes, not the table: the playout path (`play_legal`) is each class's
// own. A new game adds its class here.
TEST_CASE_TEMPLATE("invariants: random games keep every invariant", G, Loose, Go, Looper, SquareSquared,
                   testing::CaptureGo) {
  static_assert(Game<G>);
  std::vector<int> sizes = G::facts.size_allowed(6) ? std::vector<int>{5, 6, 7} : std::vector<int>{5, 7};
  random_games<G>(500, sizes);
}

// Hand counts on the empty 5×5 board (P a placement, p a pass; 25 points):
//  k=1: 25 placements + pass = 26 in every game (Looper: 25 one-stone ballot turns + take).
//  k=2: after P, 24 placements + pass; after p, 25 + pass: 25·25 + 26 = 651 (Go, Loose, SS).
//       Looper: after a one-stone turn 24 + take; after take, White has 25: 625 + 25 = 650.
//  k=3: PPP 25·24·23 = 13800 (two stones of one colour cannot take a point's last liberty
//       except a corner's, which is a capture/flip, never a refusal); PPp, PpP, pPP 600 each;
//       Ppp, pPp 25 each; ppX: Go starts phase 2 with Black to move, 25 + pass = 26, while
//       Loose and Square Squared are over (0). Go 15676, Loose/SS 15650.
//       Looper: one-one-X 25·24·(23 + take) = 14400; one-take-X 25·24 = 600; take-X-Y 25·24 =
//       600 (no loop can be made or blocked by 2 stones on a 5×5 torus): 15600.
TEST_CASE("invariants: perft counts from the empty 5×5 board") {
  const long long go[] = {26, 651, 15676};
  const long long loose[] = {26, 651, 15650};
  const long long squaresquared[] = {26, 651, 15650};
  const long long looper[] = {26, 650, 15600};
  for (int k = 1; k <= 3; ++k) {
    CAPTURE(k);
    CHECK(perft(make<Go>(5), k) == go[k - 1]);
    CHECK(perft(make<Loose>(5), k) == loose[k - 1]);
    CHECK(perft(make<SquareSquared>(5), k) == squaresquared[k - 1]);
    CHECK(perft(make<Looper>(5), k) == looper[k - 1]);
  }
}
