// The bot (core/bot/): obvious moves found in each game, never an illegal move, slices that
// keep their budget, the Looper ballot adapter, the search over a test-only game (and no game
// behind bot/mcts.h), levels, the fixed-seed signature, and the GTP commands that reach the
// bot. Playout counts are small so the file runs in a few seconds.
#include <doctest/doctest.h>

#include <thread>
#include <type_traits>

// Alone and first: the generic search compiles without any game header.
#include "bot/mcts.h"

// ... and declares none of the games. Unqualified lookup from `probe` finds stonegrid::Go if
// some header declared it, else the fallback (named through the global namespace).
namespace header_probe_fallback {
struct Go;
struct Loose;
struct Looper;
struct SquareSquared;
struct Stones;
}  // namespace header_probe_fallback
namespace stonegrid::bot::header_probe {
using namespace ::header_probe_fallback;
static_assert(std::is_same_v<Go, ::header_probe_fallback::Go>, "bot/mcts.h declares Go");
static_assert(std::is_same_v<Loose, ::header_probe_fallback::Loose>, "bot/mcts.h declares Loose");
static_assert(std::is_same_v<Looper, ::header_probe_fallback::Looper>, "bot/mcts.h declares Looper");
static_assert(std::is_same_v<SquareSquared, ::header_probe_fallback::SquareSquared>,
              "bot/mcts.h declares SquareSquared");
static_assert(std::is_same_v<Stones, ::header_probe_fallback::Stones>, "bot/mcts.h declares Stones");
}  // namespace stonegrid::bot::header_probe

#include <chrono>
#include <ctime>
#include <map>
#include <string>

#include "board_text.h"
#include "bot/bot.h"
#include "bot/policy_go.h"
#include "bot/policy_looper.h"
#include "bot/policy_loose.h"
#include "bot/policy_squaresquared.h"
#include "capture_go.h"
#include "random_game.h"
#include "rules/notation.h"
#include "tools/gtp.h"

using namespace stonegrid;
using stonegrid::testing::from_picture;
using stonegrid::testing::picture;

namespace {

template <Game G>
Move search(const G& game, long long playouts, uint64_t seed = 7) {
  bot::SearchOptions options;
  options.seed = seed;
  bot::Mcts<G> mcts(game, options);
  mcts.run({playouts, 0});
  return mcts.best_move();
}

template <Game G>
std::string text(const G& game, const Move& m) {
  return move_text(m, game.size());
}

}  // namespace

// --- obvious moves ---------------------------------------------------------------------------

TEST_CASE("bot: Go — captures a chain in atari") {
  const Go go = from_picture<Go>(Go::Rules{9, 6.5}, R"(
    . . . . . . . . .
    . . . . . . . . .
    . . . X X . . . .
    . . X O O X . . .
    . . X O O . O . .
    . . . X X . O . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  // The four white stones have one liberty, F5; Black to move. Extending there would join
  // the white stones on the right (without them the extension dies in a ladder, and the
  // capture need not be played at once).
  CHECK(text(go, search(go, 1500)) == "F5");
}

TEST_CASE("bot: Square Squared — captures on the edge") {
  SquareSquared::Rules rules;
  const SquareSquared s2 = from_picture<SquareSquared>(rules, R"(
    X X X X X
    X O O O X
    X O . O X
    X O O O X
    X X X X .)");
  // Black's edge ring and White's inner ring each have one liberty. C3 captures White's ring;
  // E1 would be suicide, and a pass lets White capture the whole edge on E1.
  CHECK(text(s2, search(s2, 1000)) == "C3");
}

TEST_CASE("bot: Loose — the flip that wins") {
  const Loose loose = from_picture<Loose>(Loose::Rules{5, 0}, R"(
    O O O O O
    O O O O O
    O O O O O
    O O O X .
    O O O X .)");
  // White's chain has one true liberty, E2; a black stone on E2 or E1 flips it and wins,
  // while a pass lets White flip Black's two stones.
  const Move m = search(loose, 300);
  CHECK((text(loose, m) == "E2" || text(loose, m) == "E1"));
}

TEST_CASE("bot: Looper — completes a loop in one") {
  Looper looper(Looper::Rules{7});
  REQUIRE(looper.play(Move::take()));                                             // player 1 takes: Black
  REQUIRE(looper.play(Move::place(3 * 7 + 3)));                                   // White D4
  for (int c = 0; c < 6; ++c) looper.setup(static_cast<Point>(c), Color::black);  // A1..F1
  REQUIRE(looper.phase() == Looper::Phase::play);
  REQUIRE(looper.color_to_move() == Color::black);
  CHECK(text(looper, search(looper, 300)) == "G1");
}

TEST_CASE("bot: Looper — takes when the ballot already made a loop") {
  Looper looper(Looper::Rules{7});
  for (int c = 0; c < 7; ++c) looper.setup(static_cast<Point>(7 * 2 + c), Color::black);
  REQUIRE(looper.phase() == Looper::Phase::ballot);
  CHECK(search(looper, 300).kind == Move::Kind::take);
}

TEST_CASE("bot: Looper — does not take a sparse ballot, which playouts overrate") {
  // The ballot of a lost match game (Looper 7×7): six black stones, a density of 0.12. Playouts
  // from here give Black about 60 %; 5000-playout self-play from random stones at 0.10 and 0.14
  // gave White every game. Below `take_floor` the search goes on with the ballot.
  Looper looper(Looper::Rules{7});
  std::string error;
  for (const char* m : {"C7+F7+G7", "D3+D4+B5"}) REQUIRE(looper.play(*parse_move(m, 7, error)));
  REQUIRE(looper.phase() == Looper::Phase::ballot);
  for (long long playouts : {300, 3000}) {
    const Move m = search(looper, playouts);
    CHECK(m.kind == Move::Kind::place);
    CHECK(looper.check(m) == Illegal::none);
  }
  // Above the floor (13 stones, 0.27: taking pays from about 0.2), `take` is searched again.
  Looper dense(Looper::Rules{7});
  for (int p = 0; p < 49; p += 4) dense.setup(static_cast<Point>(p), Color::black);  // 13 stones
  bot::Mcts<Looper> mcts(dense);
  mcts.run({2000, 0});
  bool take_searched = false;
  for (const bot::MoveStats& s : mcts.analysis(60).moves) take_searched |= s.move.kind == Move::Kind::take;
  CHECK(take_searched);
}

// --- legality and the ballot adapter -----------------------------------------------------------

// --- tactics the capture games' policy reads ---------------------------------------------------

namespace {

// White D4–D5 with two liberties, C5 and D6, Black to move: D6 starts a ladder that runs to
// the left edge; a white stone on B7 (`breaker`) stands in its path.
Go ladder_board(bool breaker) {
  const std::string b7 = breaker ? "O" : ".";
  return from_picture<Go>(Go::Rules{9, 6.5}, R"(
    . . . . . . . . .
    . . . . . . . . .
    . )" + b7 + R"( . . . . . . .
    . . . . . . . . .
    . . . O X . . . .
    . . X O X . . . .
    . . . X . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
}

Point at(const Go& g, const char* vertex) {
  std::string error;
  const std::optional<Point> p = parse_vertex(vertex, g.size(), error);
  REQUIRE(p.has_value());
  return *p;
}

}  // namespace

TEST_CASE("bot: ladder reading — the ladder works to the edge, not through a breaker") {
  const Go open = ladder_board(false);
  CHECK(bot::Ladder::capturing_atari(open.stones(), at(open, "D4"), Color::black) == at(open, "D6"));
  // The wrong-side atari (C5) lets White out at D6 with three liberties: not a capture.
  const Go broken = ladder_board(true);
  CHECK(bot::Ladder::capturing_atari(broken.stones(), at(broken, "D4"), Color::black) == no_point);
  // White cannot ladder Black's E4–E5 (three liberties).
  CHECK_FALSE(bot::Ladder::captures(open.stones(), at(open, "E4"), Color::white));
}

// The ladder reader as first written: a copy of the board for every atari and extension.
// `Ladder::read` answers most one-deep reads from the board before the atari; both must agree.
static Point ladder_by_copies(const Stones& b, Point stone, Color attacker, int& budget) {
  Point libs[2];
  if (bot::liberties_of(b, stone, libs, 2) != 2) return no_point;
  const Color defender = opponent(attacker);
  const Geometry& g = b.geometry();
  for (int i = 0; i < 2; ++i) {
    if (--budget < 0) return no_point;
    const Point atari = libs[i], run = libs[1 - i];
    if (bot::liberties_after(b, atari, attacker) < 2) continue;
    Stones next = b;
    next.place(atari, attacker, false);
    bool counter = false;
    Point s = stone;
    do {
      for (int k = 0; k < g.degree[s]; ++k) {
        const Point q = g.neighbours[s][k];
        counter = counter || (next.at(q) == attacker && bot::in_atari(next, q));
      }
      s = next.next_in_chain(s);
    } while (s != stone);
    if (counter) continue;
    if (bot::liberties_after(next, run, defender) < 2) return atari;
    next.place(run, defender, false);
    if (ladder_by_copies(next, stone, attacker, budget) != no_point) return atari;
  }
  return no_point;
}

// Go playout games from the empty 9×9 board, seeds 1 to `games`, up to 120 moves each: `visit`
// reads the board after every move.
template <typename Visit>
static void on_playout_boards(uint64_t games, Visit visit) {
  for (uint64_t seed = 1; seed <= games; ++seed) {
    Go g(Go::Rules{9, 6.5});
    Rng rng(seed);
    Point last = no_point, prev = no_point;
    for (int turn = 0; turn < 120 && !g.is_over(); ++turn) {
      const Move m = bot::CapturePolicy<Go>::playout_move(g, last, prev, rng);
      REQUIRE(g.play(m));
      prev = last;
      last = m.is_place() ? m.point() : no_point;
      visit(g.stones());
    }
  }
}

TEST_CASE("bot: ladder reading — the same answers as reading with a copy of the board each step") {
  int reads = 0, taken = 0;
  on_playout_boards(40, [&](const Stones& b) {
    for (Point p = 0; p < b.geometry().points; ++p) {
      Point libs[2];
      if (b.at(p) == Color::empty || b.chain(p) != p || bot::liberties_of(b, p, libs, 2) != 2) continue;
      int budget = 64;
      const Point expected = ladder_by_copies(b, p, opponent(b.at(p)), budget);
      CHECK(bot::Ladder::capturing_atari(b, p, opponent(b.at(p))) == expected);
      ++reads;
      taken += expected != no_point;
    }
  });
  // Enough of both answers for the comparison to mean something.
  CHECK(reads > 2000);
  CHECK(taken > reads / 10);
  CHECK(taken < reads * 9 / 10);
}

// The liberties of the chain holding `stone`, walked (the reference for the sums' answers).
static std::vector<Point> walked_liberties(const Stones& b, Point stone) {
  std::vector<Point> libs;
  const Geometry& g = b.geometry();
  Point s = stone;
  do {
    for (int k = 0; k < g.degree[s]; ++k) {
      const Point q = g.neighbours[s][k];
      if (b.at(q) == Color::empty && std::find(libs.begin(), libs.end(), q) == libs.end()) libs.push_back(q);
    }
    s = b.next_in_chain(s);
  } while (s != stone);
  return libs;
}

TEST_CASE("bot: liberties read from the chains' sums — the same as walking the chains") {
  int besides_one = 0, besides_more = 0, after_checked = 0;
  on_playout_boards(30, [&](const Stones& b) {
    const Geometry& geo = b.geometry();
    for (Point p = 0; p < geo.points; ++p) {
      if (b.at(p) != Color::empty) {
        const std::vector<Point> libs = walked_liberties(b, p);
        if (libs.size() <= 1) CHECK(b.only_liberty(p) == (libs.empty() ? no_point : libs[0]));
        continue;
      }
      // `taken`: no point, or each empty point two steps away in a line (the ladder's case).
      std::vector<Point> takens = {no_point};
      for (int k = 0; k < geo.degree[p]; ++k)
        for (int j = 0; j < geo.degree[geo.neighbours[p][k]]; ++j)
          if (const Point t = geo.neighbours[geo.neighbours[p][k]][j]; t != p && b.at(t) == Color::empty)
            takens.push_back(t);
      for (const Point taken : takens) {
        for (int k = 0; k < geo.degree[p]; ++k) {
          const Point n = geo.neighbours[p][k];
          if (b.at(n) == Color::empty) continue;
          std::vector<Point> others = walked_liberties(b, n);
          std::erase_if(others, [&](Point q) { return q == p || q == taken; });
          Point other = no_point;
          const int count = b.liberties_besides(n, p, taken, other);
          CHECK(count == std::min<int>(2, static_cast<int>(others.size())));
          if (others.size() == 1) CHECK(other == others[0]);
          besides_one += others.size() == 1;
          besides_more += others.size() >= 2;
        }
        for (const Color c : {Color::black, Color::white}) {
          // The chain placed at p: its empty neighbours and its own chains' liberties.
          std::vector<Point> libs;
          for (int k = 0; k < geo.degree[p]; ++k) {
            const Point n = geo.neighbours[p][k];
            if (b.at(n) == Color::empty) libs.push_back(n);
            if (b.at(n) == c)
              for (const Point q : walked_liberties(b, n)) libs.push_back(q);
          }
          std::sort(libs.begin(), libs.end());
          libs.erase(std::unique(libs.begin(), libs.end()), libs.end());
          std::erase_if(libs, [&](Point q) { return q == p || q == taken; });
          for (const int cap : {2, 3}) {
            CHECK(bot::liberties_after(b, p, c, cap, taken) ==
                  std::min<int>(cap, static_cast<int>(libs.size())));
            ++after_checked;
          }
        }
      }
    }
  });
  // Both answers of the sums, often enough for the comparison to mean something.
  CHECK(besides_one > 1000);
  CHECK(besides_more > 1000);
  CHECK(after_checked > 100000);
}

// The playouts make the capture games' policy moves with `play_legal` (mcts.h,
// `PlayoutMovesChecked`): every one of them must pass `check`, in Go's two phases too.
template <typename G>
static int checked_playout_moves(G g, uint64_t seed) {
  Rng rng(seed);
  Point last = no_point, prev = no_point;
  int moves = 0;
  for (int turn = 0; turn < 400 && !g.is_over(); ++turn) {
    const Move m = bot::Policy<G>{}.playout_move(g, last, prev, rng);
    REQUIRE(g.check(m) == Illegal::none);
    g.play_legal(m);
    prev = last;
    last = m.is_place() ? m.point() : no_point;
    ++moves;
  }
  return moves;
}

TEST_CASE("bot: the capture games' playout moves have all passed check") {
  static_assert(bot::PlayoutMovesChecked<Go> && bot::PlayoutMovesChecked<SquareSquared>);
  int go_moves = 0, resolve_games = 0;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    Go g(Go::Rules{9, 6.5});
    go_moves += checked_playout_moves(g, seed);
    // Into the resolve phase: the playout policy again from its start.
    Rng rng(seed);
    while (!g.is_over() && g.phase() == Go::Phase::play) REQUIRE(g.play(g.random_move(rng)));
    if (g.is_over()) continue;
    ++resolve_games;
    go_moves += checked_playout_moves(g, seed + 100);
  }
  int squared_moves = 0;
  for (uint64_t seed = 1; seed <= 30; ++seed)
    squared_moves += checked_playout_moves(SquareSquared(SquareSquared::Rules{9, 0}), seed);
  CHECK(go_moves > 3000);
  CHECK(resolve_games > 10);
  CHECK(squared_moves > 2000);
}

TEST_CASE("bot: Go playouts — two-liberty tactics: the ladder atari, and running from one") {
  // White's D4–D5 (last stone D5) has two liberties and a ladder takes it: Black ataris at D6.
  const Go open = ladder_board(false);
  CHECK(bot::CapturePolicy<Go>::two_liberty_move(open, at(open, "D5")) == at(open, "D6"));
  // With the breaker on B7 no ladder works, and Black's own chains next to D5 are safe.
  const Go broken = ladder_board(true);
  CHECK(bot::CapturePolicy<Go>::two_liberty_move(broken, at(broken, "D5")) == no_point);

  // The colours swapped (Black's D4–D5 in the ladder, White's last stone E5): Black runs to
  // three liberties, at C5 or D6; with a black breaker on B7 nothing is urgent.
  auto swapped = [](bool breaker) {
    return from_picture<Go>(Go::Rules{9, 6.5}, std::string(R"(
      . . . . . . . . .
      . . . . . . . . .
      . )") + (breaker ? "X" : ".") + R"( . . . . . . .
      . . . . . . . . .
      . . . X O . . . .
      . . O X O . . . .
      . . . O . . . . .
      . . . . . . . . .
      . . . . . . . . .)");
  };
  const Go run = swapped(false);
  const Point answer = bot::CapturePolicy<Go>::two_liberty_move(run, at(run, "E5"));
  CHECK((answer == at(run, "C5") || answer == at(run, "D6")));
  const Go safe = swapped(true);
  CHECK(bot::CapturePolicy<Go>::two_liberty_move(safe, at(safe, "E5")) == no_point);
}

TEST_CASE("bot: the capture games' priors — no running into a ladder, no big self-atari") {
  // White D4 in atari (Black just played E4); extending to D5 leaves two liberties, and the
  // ladder catches it unless the breaker stands on B7. Black has passed: White to move.
  auto atari_board = [](bool breaker) {
    Go g = from_picture<Go>(Go::Rules{9, 6.5}, std::string(R"(
      . . . . . . . . .
      . . . . . . . . .
      . )") + (breaker ? "O" : ".") + R"( . . . . . . .
      . . . . . . . . .
      . . . . X . . . .
      . . X O X . . . .
      . . . X . . . . .
      . . . . . . . . .
      . . . . . . . . .)");
    REQUIRE(g.play(Move::pass()));
    return g;
  };
  auto extension_prior = [&](bool breaker) {
    const Go g = atari_board(breaker);
    const bot::Turns<Go> turns(g);
    bot::ActionList list;
    turns.actions(list);
    std::vector<bot::Prior> priors(list.count);
    bot::Policy<Go>().priors(turns, at(g, "E4"), no_point, list, priors.data());
    for (int i = 0; i < list.count; ++i)
      if (list.actions[i] == at(g, "D5")) return priors[i].wins / priors[i].visits;
    FAIL("D5 is not a legal action");
    return 0.0f;
  };
  CHECK(extension_prior(false) < 0.5f);
  CHECK(extension_prior(true) > 0.6f);

  // The playouts answer the atari the same way: the extension to D5 is their first choice
  // (nine times in ten) with the breaker; without it they do not run into the ladder, and D5
  // comes only from the later rules (a pattern next to E4, a random move).
  auto extension_share = [&](bool breaker) {
    const Go g = atari_board(breaker);
    int d5 = 0;
    for (uint64_t seed = 1; seed <= 400; ++seed) {
      Rng rng(seed);
      d5 += bot::CapturePolicy<Go>::playout_move(g, at(g, "E4"), no_point, rng) == Move::place(at(g, "D5"));
    }
    return d5 / 400.0;
  };
  CHECK(extension_share(true) > 0.85);
  CHECK(extension_share(false) < 0.5);

  // A self-atari of two stones or more is refused by the playouts' random move; a lone stone
  // with one liberty (a throw-in) is not.
  const Go g = from_picture<Go>(Go::Rules{5, 0.5}, R"(
    . O . . .
    X . O . .
    O O . . .
    . . . . .
    . . . . .)");
  CHECK(bot::big_self_atari(g.stones(), at(g, "B4"), Color::black));        // A4–B4: one liberty
  CHECK(bot::big_self_atari(g.stones(), at(g, "A5"), Color::black));        // A4–A5: one liberty
  CHECK_FALSE(bot::big_self_atari(g.stones(), at(g, "C5"), Color::black));  // a lone stone
  CHECK_FALSE(bot::big_self_atari(g.stones(), at(g, "D2"), Color::black));  // a free point
  CHECK_FALSE(bot::big_self_atari(g.stones(), at(g, "B4"), Color::white));  // White: two liberties
}

TEST_CASE("bot: Go — a false eye is no eye: kept_eye, and the tree finds the move that fills one") {
  // White's points B8 (inside), E1 (edge) and A1 (corner): every orthogonal neighbour White.
  // `rows`: the rows that are not empty, by number.
  auto kept = [](std::map<int, std::string> rows, const char* vertex) {
    std::string picture;
    for (int r = 9; r >= 1; --r) picture += (rows.count(r) ? rows[r] : ". . . . . . . . .") + "\n";
    const Go g = from_picture<Go>(Go::Rules{9, 6.5}, picture);
    return bot::CapturePolicy<Go>::kept_eye(g.stones(), at(g, vertex), Color::white);
  };
  // One enemy stone on the diagonals inside the board leaves an eye; two make it false.
  CHECK(kept({{9, ". O . . . . . . ."}, {8, "O . O . . . . . ."}, {7, "X O . . . . . . ."}}, "B8"));
  CHECK(!kept({{9, ". O . . . . . . ."}, {8, "O . O . . . . . ."}, {7, "X O X . . . . . ."}}, "B8"));
  // On the edge one is enough, and in the corner.
  CHECK(kept({{2, ". . . . O . . . ."}, {1, ". . . O . O . . ."}}, "E1"));
  CHECK(!kept({{2, ". . . X O . . . ."}, {1, ". . . O . O . . ."}}, "E1"));
  CHECK(kept({{2, "O . . . . . . . ."}, {1, ". O . . . . . . ."}}, "A1"));
  CHECK(!kept({{2, "O X . . . . . . ."}, {1, ". O . . . . . . ."}}, "A1"));
  CHECK(!kept({{2, ". . . . . . . . ."}, {1, ". O . . . . . . ."}}, "A1"));  // not surrounded

  // From a game against GNU Go (2026-11-25): White to move, its chain B4–B9 in a race with
  // Black's A column. White's E1 is a false eye (Black's D2 on its diagonal) and the race is
  // won by White's A2 or B2 (or by E1 first). A tree that rated E1 and the playouts that never
  // fill it as own eyes gave every move below 15 % at 20,000 simulations.
  Go game(Go::Rules{9, 6.5});
  for (const char* v :
       {"F5", "E5", "E4", "D4", "D3", "D5", "F6", "E3", "F4", "C3", "D2", "E2", "C2", "B2", "B3", "C4", "B1",
        "A2", "A3", "D1", "A1", "G3", "F3", "F2", "G2", "H2", "G1", "H1", "D7", "F1", "C6", "B4", "E6", "H5",
        "E8", "H7", "C8", "B5", "A4", "B6", "A5", "B7", "A6", "G8", "A7", "B8", "A8", "B9", "C5", "F7", "A9"})
    REQUIRE(game.play(Move::place(at(game, v))));
  REQUIRE(game.color_to_move() == Color::white);
  CHECK(!bot::CapturePolicy<Go>::kept_eye(game.stones(), at(game, "E1"), Color::white));
  bot::SearchOptions options;
  options.seed = 7;
  bot::Mcts<Go> mcts(game, options);
  mcts.run({20000, 0});
  const bot::Analysis a = mcts.analysis(1);
  REQUIRE(!a.moves.empty());
  const std::string best = text(game, a.moves[0].move);
  CHECK((best == "A2" || best == "B2" || best == "E1"));
  CHECK(a.moves[0].winrate > 0.7);
}

TEST_CASE(
    "bot: Go — after the opponent's pass, pass rather than fill one's own area while dead stones wait for "
    "phase 2") {
  // From a game against GNU Go (2026-11-25, seed 2571, game 17): White passed with two dead
  // stones left in Black's area (G7, H5). The count as it stands gives White the game (the
  // region around G7 touches both colours), but they come off in phase 2, where placements are
  // free, while each Black placement now in its own area costs a point. The bot used to fill
  // its own area move after move (every move at a win rate of 1) and lost by half a point.
  Go game(Go::Rules{9, 6.5});
  for (const char* v :
       {"E5", "D4", "D5", "E4", "F4", "C4",   "C5", "F3",   "G4", "G7",   "G3", "F2",  "B4", "C2",
        "F8", "H5", "G6", "B3", "H6", "G2",   "D8", "H3",   "H4", "B5",   "B6", "A4",  "C7", "H2",
        "J4", "J3", "A6", "A5", "H7", "pass", "G5", "pass", "B8", "pass", "H8", "pass"}) {
    const Move m = std::string_view(v) == "pass" ? Move::pass() : Move::place(at(game, v));
    REQUIRE(game.play(m));
  }
  REQUIRE(game.color_to_move() == Color::black);
  REQUIRE(game.phase() == Go::Phase::play);
  CHECK(bot::winner_by_score(game) == 2);  // the count as it stands
  for (uint64_t seed : {1, 2, 3}) {
    bot::SearchOptions options;
    options.seed = seed;
    bot::Mcts<Go> mcts(game, options);
    mcts.run({20000, 0});
    CHECK(mcts.best_move().kind == Move::Kind::pass);
  }
}

TEST_CASE("bot: never an illegal move, in random positions of every game") {
  const std::vector<GameKind> kinds = game_kinds();
  Bot bot;
  Bot::Options options;
  options.playouts = 60;
  bot.set_options(options);
  Rng rng(2024);
  for (GameKind kind : kinds) {
    for (int i = 0; i < 12; ++i) {
      const int size = 5 + 2 * static_cast<int>(rng.below(3));
      AnyGame full = testing::random_game(kind, size, 100 + i);
      // Replay a random prefix of the random game.
      GameRecord record = full.record();
      record.moves.resize(rng.below(static_cast<uint32_t>(record.moves.size() + 1)));
      std::string error;
      std::optional<AnyGame> game = AnyGame::replay(record, error);
      REQUIRE(game);
      if (game->state().is_over()) continue;
      bot.start(*game, 5);
      bot.think();
      const Move m = bot.move();
      INFO(game_name(kind), " ", size, " after ", record.moves.size(), ": ", move_text(m, size));
      CHECK(game->check(m) == Illegal::none);
      if (kind == GameKind::looper && phase_name(*game) == "ballot")
        CHECK((m.kind == Move::Kind::take || (m.is_place() && m.count >= 1 && m.count <= 3)));
    }
  }
}

TEST_CASE("bot: the Looper ballot adapter makes 1-3 stone turns, take first only") {
  Looper looper(Looper::Rules{5});
  bot::Turns<Looper> turns(looper);
  bot::ActionList list;
  turns.actions(list);
  CHECK(list.count == 26);  // 25 points and take
  CHECK(list.actions[list.count - 1] == bot::take_action);
  REQUIRE(turns.apply(7));
  turns.actions(list);
  CHECK(list.actions[0] == 8);  // later points only: each set is one path
  CHECK(list.actions[list.count - 1] == bot::stop_action);
  REQUIRE(turns.apply(9));
  REQUIRE(turns.apply(20));  // the third stone ends the turn
  CHECK(turns.at_turn_start());
  CHECK(turns.game().to_move() == 2);
  CHECK(turns.game().at(7) == Color::black);
  CHECK(turns.game().at(20) == Color::black);
  REQUIRE(turns.apply(3));
  REQUIRE(turns.apply(bot::stop_action));
  CHECK(turns.game().to_move() == 1);
  CHECK(!turns.apply(bot::stop_action));  // no stop before a stone

  // The searched turns of a fresh ballot: every one a valid ballot turn, also after reuse.
  bot::Mcts<Looper> mcts(Looper(Looper::Rules{7}));
  for (int move = 0; move < 4; ++move) {
    mcts.run({400, 0});
    const bot::Analysis a = mcts.analysis(5);
    for (const bot::MoveStats& s : a.moves) CHECK(mcts.root().check(s.move) == Illegal::none);
    const Move m = mcts.best_move();
    REQUIRE(mcts.root().check(m) == Illegal::none);
    REQUIRE(mcts.advance(m));
    if (mcts.root().phase() != Looper::Phase::ballot) break;
  }
}

// --- a game the search has never heard of ----------------------------------------------------

// Capture Go (tests/capture_go.h, the first capture wins) brings only its policy header: no
// line in core/bot/ names it.
TEST_CASE("bot: the search over a test-only game takes the capture, and defends after a pass") {
  using testing::CaptureGo;
  CaptureGo g = from_picture<CaptureGo>(CaptureGo::Rules{}, R"(
    . . . . .
    . . . O .
    . . X . .
    . . . . .
    O X . . .)");
  CHECK(text(g, search(g, 300)) == "A2");
  // Black passes instead: White saves A1 at A2 (passing back would end the game drawn).
  REQUIRE(g.play(Move::pass()));
  const Move m = search(g, 300);
  CHECK(g.check(m) == Illegal::none);
  CHECK(text(g, m) == "A2");
}

// --- Go: passing, the resolve phase, resigning ---------------------------------------------

namespace {

// A 7×7 board split by two walls: Black owns columns A–C, White F–G; a dead white stone sits
// at B4 inside Black's area. Black wins only if the stone is removed (a region touching both
// colours is nobody's territory).
Go split_board() {
  return from_picture<Go>(Go::Rules{7, 0.5}, R"(
    . . . X O . .
    . . . X O . .
    . . . X O . .
    . O . X O . .
    . . . X O . .
    . . . X O . .
    . . . X O . .)");
}

}  // namespace

TEST_CASE("bot: Go — in the resolve phase, deals with the stone the opponent left, then passes") {
  Go game = split_board();
  REQUIRE(game.play(Move::pass()));  // B
  REQUIRE(game.play(Move::pass()));  // W: phase 1 ends with the dead stone still on the board
  REQUIRE(game.phase() == Go::Phase::resolve);
  REQUIRE(game.to_move() == 1);
  REQUIRE(bot::winner_by_score(game) == 2);  // counted now, the stone spoils Black's area
  // Black plays (White passes throughout) while a pass would end the game lost, and passes
  // as soon as it ends the game won: no more stones than needed.
  int black_moves = 0;
  while (!game.is_over() && black_moves < 10) {
    const Move m = search(game, 3000);
    INFO(picture(game), "black plays ", text(game, m));
    if (bot::winner_by_score(game) == 1)
      CHECK(m == Move::pass());
    else
      CHECK(m.is_place());
    REQUIRE(game.play(m));
    ++black_moves;
    if (!game.is_over()) REQUIRE(game.play(Move::pass()));  // W
  }
  CHECK(game.is_over());
  CHECK(game.outcome().winner == Color::black);
  CHECK(black_moves <= 7);  // the stone has four liberties: capture or wall it off, then pass
}

TEST_CASE("bot: Go — passes when the game is settled and the opponent passed") {
  Go game = from_picture<Go>(Go::Rules{7, 0.5}, R"(
    . . X O . . .
    . . X O . . .
    . . X O . . .
    . . X O . . .
    . . X O . . .
    . . X O . . .
    . . X O . . .)");
  REQUIRE(game.play(Move::pass()));  // B passes; White, ahead by 7.5 with nothing to gain, too
  CHECK(search(game, 2000) == Move::pass());
}

TEST_CASE("bot: Go — playouts score territory, not the stones they fill it with") {
  // Settled: Black's territory is columns A–B (18 points), White's column J (9); Black wins
  // by 9 − 6.5 = 2.5 whoever moves. Random playouts fill both areas to the last eye; counted
  // as territory − prisoners at their end, Black's bigger area only cost Black more fills,
  // and the search gave Black about half.
  const Go game = from_picture<Go>(Go::Rules{9, 6.5}, R"(
    . . X X X O O O .
    . . X X X O O O .
    . . X X X O O O .
    . . X X X O O O .
    . . X X X O O O .
    . . X X X O O O .
    . . X X X O O O .
    . . X X X O O O .
    . . X X X O O O .)");
  REQUIRE(game.score().black - game.score().white == 2.5);
  for (const int to_move : {1, 2}) {
    Go g = game;
    if (to_move == 2) REQUIRE(g.play(Move::pass()));
    bot::Mcts<Go> mcts(g);
    mcts.run({2000, 0});
    INFO("to move: ", to_move);
    const double black = to_move == 1 ? mcts.root_winrate() : 1 - mcts.root_winrate();
    CHECK(black > 0.9);
  }
}

TEST_CASE("bot: resigns when hopeless, only when asked to") {
  const Go hopeless = from_picture<Go>(Go::Rules{7, 6.5}, R"(
    . . O . O . O
    . . O O O O O
    O O O . O . O
    O . O O O O O
    O O O . O . O
    . O O O O O O
    O O O . O . O)");  // Black to move: only a dead 2×2 corner to play in, White owns the rest
  bot::SearchOptions options;
  options.resign_threshold = 0.05;
  options.resign_after = 500;
  bot::Mcts<Go> resigning(hopeless, options);
  resigning.run({1500, 0});
  CHECK(resigning.best_move() == Move::resign());
  bot::Mcts<Go> fighting(hopeless);  // resigning off: the default
  fighting.run({1500, 0});
  CHECK(fighting.best_move() != Move::resign());
}

TEST_CASE("bot: Looper — only Black resigns, whatever White's win rate") {
  bot::SearchOptions options;
  options.resign_threshold = 0.05;
  options.resign_after = 500;
  // White to move against two loops each one stone short (D3 and D6): lost, and White plays on.
  Looper white(Looper::Rules{7});
  REQUIRE(white.play(Move::take()));
  for (int c = 0; c < 7; ++c) {
    if (c == 3) continue;
    white.setup(static_cast<Point>(2 * 7 + c), Color::black);
    white.setup(static_cast<Point>(5 * 7 + c), Color::black);
  }
  REQUIRE(white.color_to_move() == Color::white);
  bot::Mcts<Looper> as_white(white, options);
  as_white.run({1500, 0});
  CHECK(as_white.root_winrate() < 0.05);
  CHECK(as_white.best_move().kind == Move::Kind::place);
  // Black to move behind White's row 1 and column A, open only at A4: one white stone there
  // ends the game, and Black resigns.
  Looper black(Looper::Rules{7});
  REQUIRE(black.play(Move::take()));
  REQUIRE(black.play(Move::place(6 * 7 + 6)));  // White G7
  for (int i = 0; i < 7; ++i) {
    black.setup(static_cast<Point>(i), Color::white);                  // row 1
    if (i != 3) black.setup(static_cast<Point>(i * 7), Color::white);  // column A but A4
  }
  REQUIRE(black.color_to_move() == Color::black);
  REQUIRE(!black.is_over());
  bot::Mcts<Looper> as_black(black, options);
  as_black.run({1500, 0});
  CHECK(as_black.best_move() == Move::resign());
}

TEST_CASE("bot: a time-bounded search stops early once its move is decided") {
  // Black completes a loop around the torus with G1 and wins; no other move comes close.
  Looper looper(Looper::Rules{7});
  REQUIRE(looper.play(Move::take()));
  REQUIRE(looper.play(Move::place(3 * 7 + 3)));
  for (int c = 0; c < 6; ++c) looper.setup(static_cast<Point>(c), Color::black);
  bot::Mcts<Looper> mcts(looper);
  bot::SearchLimits limits{0, 2.0};
  limits.cpu_time = true;  // processor time: the same figure on a busy machine
  mcts.run(limits);
  CHECK(text(looper, mcts.best_move()) == "G1");
  CHECK(mcts.done());
  CHECK(mcts.elapsed_ms() < 1500);  // decided long before the clock runs out
  // A playout-bounded search never stops early (it stays deterministic).
  bot::Mcts<Looper> counted(looper);
  counted.run({3000, 0});
  CHECK(counted.searched() == 3000);
}

// --- slices, levels, determinism --------------------------------------------------------------

TEST_CASE("bot: step keeps its budget and best_move always answers") {
  bot::Mcts<Go> mcts(Go(Go::Rules{9, 6.5}));
  CHECK(Go(Go::Rules{9, 6.5}).check(mcts.best_move()) == Illegal::none);  // no playout yet
  mcts.start({0, 10.0});
  // Processor time, not wall time: on a loaded machine the wall clock also counts the time the
  // test was not running, while a step that ignored its budget would spend seconds of processor.
  for (int i = 0; i < 3; ++i) {
    const std::clock_t begin = std::clock();
    mcts.step(20);
    const double ms = 1000.0 * static_cast<double>(std::clock() - begin) / CLOCKS_PER_SEC;
    CHECK(ms < 100);  // loosely: 5× the budget
  }
  CHECK(!mcts.done());
  mcts.stop();
  CHECK(mcts.done());
  CHECK(mcts.step(20) == 0);
}

TEST_CASE("bot: levels grow in playouts") {
  for (int level = min_level; level < max_level; ++level) {
    const LevelSettings a = level_settings(level), b = level_settings(level + 1);
    const long long pa = a.playouts ? a.playouts : 1LL << 62, pb = b.playouts ? b.playouts : 1LL << 62;
    CHECK(pa < pb);
  }
  CHECK(level_settings(1).weakened);
  CHECK(level_settings(10).seconds > 0);
}

TEST_CASE("bot: fixed-seed signature (same seed, same move and node count)") {
  // If a change to the search or a playout policy is intended, update the numbers below.
  auto signature = [] {
    bot::SearchOptions options;
    options.seed = 42;
    bot::Mcts<Go> mcts(Go(Go::Rules{9, 6.5}), options);
    mcts.run({1000, 0});
    return std::make_pair(move_text(mcts.best_move(), 9), mcts.nodes());
  };
  const auto first = signature();
  CHECK(first == signature());
  CHECK(first.first == "E4");
  CHECK(first.second == 10727);
}

// Two threads sharing one tree for 0.3 s (one where the machine has one core, as WebAssembly
// without pthreads): every simulation is counted once at the root and once in one root child,
// whatever the interleaving, and the move is legal.
template <Game G>
void check_shared_tree(const G& root) {
  bot::SearchOptions options;
  options.seed = 3;
  bot::Mcts<G> mcts(root, options);
  mcts.start({0, 0.3});
  mcts.search_threads(2);
  CHECK(mcts.done());
  const bot::Analysis a = mcts.analysis(max_points + 3);
  CHECK(mcts.searched() > 0);
  CHECK(a.playouts == mcts.searched());
  long long through_children = 0;
  for (const bot::MoveStats& m : a.moves) {
    through_children += m.visits;
    CHECK(m.winrate >= 0);
    CHECK(m.winrate <= 1);
  }
  CHECK(through_children == a.playouts);
  G after = root;
  CHECK(after.play(mcts.best_move()));
}

TEST_CASE("bot: tree parallelism — the threads' simulations add up in one tree") {
  check_shared_tree(Go(Go::Rules{9, 6.5}));
  check_shared_tree(Looper(Looper::Rules{7}));
  check_shared_tree(Loose(Loose::Rules{9, 0}));
  check_shared_tree(SquareSquared(SquareSquared::Rules{7, 0}));
}

TEST_CASE("bot: threads for a time-bounded move; a playout-bounded one uses one thread") {
  AnyGame game;
  Bot::Options options;
  options.threads = 2;
  options.seconds = 0.3;
  Bot bot(options);
  bot.start(game, max_level);
  // No more threads than cores (WebAssembly without pthreads says 1).
  CHECK(bot.threads() == std::min(2, static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))));
  bot.think();
  CHECK(bot.done());
  CHECK(game.check(bot.move()) == Illegal::none);
  CHECK(bot.analysis().playouts == bot.playouts());

  // The tree is kept for the next move, as with one thread (here the subtree of the move
  // played, the most visited one).
  REQUIRE(game.play(bot.move()) == Illegal::none);
  bot.start(game, max_level);
  CHECK(bot.nodes() > 1);
  bot.think();
  CHECK(game.check(bot.move()) == Illegal::none);

  options.seconds = 0;  // a playout count: one thread, deterministic
  options.playouts = 500;
  bot.set_options(options);
  bot.start(game, max_level);
  CHECK(bot.threads() == 1);
  bot.think();
  CHECK(bot.playouts() == 500);
}

// `think`'s report comes on the searching thread while the search goes on, and `stop` from
// another thread ends a long search at once. Natively (or WebAssembly with pthreads), where a
// second thread can be made.
#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
TEST_CASE("bot: think reports as it goes and stops when told from another thread") {
  for (int threads : {1, 2}) {
    CAPTURE(threads);
    AnyGame game;
    Bot::Options options;
    options.threads = threads;
    options.seconds = 30;  // far longer than the test waits
    Bot bot(options);
    bot.start(game, max_level);
    std::vector<long long> reported;  // the analysis's playouts at each report
    const auto begin = std::chrono::steady_clock::now();
    std::thread searching([&] { bot.think([&] { reported.push_back(bot.analysis().playouts); }); });
    std::this_thread::sleep_for(std::chrono::milliseconds(450));
    bot.stop();
    searching.join();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    CHECK(seconds < 5);
    CHECK(bot.done());
    REQUIRE(reported.size() >= 2);  // about every 100 ms
    for (size_t i = 1; i < reported.size(); ++i) CHECK(reported[i] >= reported[i - 1]);
    CHECK(reported.back() > 0);
    CHECK(game.check(bot.move()) == Illegal::none);
  }
}
#endif

TEST_CASE("bot: tree reuse keeps the subtree") {
  bot::Mcts<Go> mcts(Go(Go::Rules{7, 6.5}));
  mcts.run({500, 0});
  const Move m = mcts.best_move();
  REQUIRE(mcts.advance(m));
  CHECK(mcts.analysis().playouts > 0);  // simulations through the new root were kept
  CHECK(!mcts.advance(m));              // occupied now: illegal, nothing changes
}

TEST_CASE("bot: Loose komi advice") {
  for (int size = 5; size <= 25; size += 2) {
    const int komi = fair_komi(GameKind::loose, size);
    CHECK(Loose::komi_allowed(komi));
    CHECK(choose_color(GameKind::loose, size, komi + 20) == Color::white);
    CHECK(choose_color(GameKind::loose, size, komi - 20) == Color::black);
  }
}

// --- GTP ---------------------------------------------------------------------------------------

TEST_CASE("bot: GTP genmove, stonegrid-level, stonegrid-analyze, the clock") {
  GtpEngine e;
  CHECK(e.handle("stonegrid-level") == "= 10\n\n");  // full strength unless asked
  CHECK(e.handle("stonegrid-level 11").rfind("? ", 0) == 0);
  CHECK(e.handle("stonegrid-level 5") == "=\n\n");
  // The capture of the Go test above, through the protocol.
  for (const char* line :
       {"play b D7", "play w D6", "play b E7", "play w E6", "play b C6", "play w D5", "play b F6",
        "play w E5", "play b C5", "play w G5", "play b D4", "play w G4", "play b E4", "play w A9"})
    REQUIRE(e.handle(line) == "=\n\n");
  CHECK(e.handle("genmove b") == "= F5\n\n");
  const std::string json = e.handle("stonegrid-analyze 300");
  INFO(json);
  CHECK(json.rfind("= {\"winrate\":", 0) == 0);
  CHECK(json.find("\"playouts\":") != std::string::npos);
  CHECK(json.find("\"moves\":[{\"move\":\"") != std::string::npos);
  CHECK(json.find('\n') == json.size() - 2);

  // A clock of 0.5 s per 5 stones in byo-yomi: level 10 answers well within a second.
  CHECK(e.handle("stonegrid-level 10") == "=\n\n");
  CHECK(e.handle("time_settings 0 1 5") == "=\n\n");
  const auto begin = std::chrono::steady_clock::now();
  CHECK(e.handle("stonegrid-genmove").rfind("= ", 0) == 0);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  CHECK(seconds < 1.0);
}

TEST_CASE("bot: a turn that wins at once is played (Looper: take once the ballot made a loop)") {
  // Looper 5×5: the ballot fills row 1 with black stones, a loop around the torus. Whoever
  // takes now wins; the bot at level 3 (180 simulations) must see it, at once.
  std::string error;
  std::optional<AnyGame> game = AnyGame::create("looper", 5, std::nullopt, error);
  REQUIRE(game);
  for (const char* text : {"A1+B1+C1", "D1+E1"}) {
    const std::optional<Move> m = parse_move(text, 5, error);
    REQUIRE(m);
    REQUIRE(game->play(*m) == Illegal::none);
  }
  Bot bot;
  bot.start(*game, 3);
  CHECK(bot.done());
  CHECK(bot.move() == Move::take());
  AnyGame taken = *game;
  REQUIRE(taken.play(bot.move()) == Illegal::none);
  CHECK(taken.state().is_over());
  CHECK(taken.state().outcome().winner_player == game->state().to_move());
  // Level 1 plays as the beginner it is: no such help.
  bot.start(*game, 1);
  CHECK_FALSE(bot.done());
}
