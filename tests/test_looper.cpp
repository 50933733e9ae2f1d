// Looper (RULINGS.md §Looper): the four kinds of global loop and the contractible loops that
// are not wins, the ballot and `take`, both ways of winning, what is refused, the exact
// ballot draw of random_move, then random-game invariants and perft counts cross-checked
// against a naive loop test written independently below (search in the plane the torus is
// rolled from, instead of the union-find).
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <vector>

#include "board_text.h"
#include "games/looper.h"

using namespace stonegrid;
using stonegrid::testing::from_picture;
using stonegrid::testing::picture;

namespace {

Point at(const Looper& g, const char* vertex) {
  int column = vertex[0] - 'A' - (vertex[0] > 'I' ? 1 : 0);
  int row = std::atoi(vertex + 1) - 1;
  return g.geometry().at(column, row);
}

// --- a naive global-loop test: walk the plane, look for another copy of the start ---------

// Some closed walk in `cells` has unequal east/west or north/south steps iff, from some start,
// a walk of at most |cells| steps in the plane reaches another copy of the start (a shortest
// global cycle is simple, so it has at most |cells| steps).
bool naive_global_loop(int n, const std::vector<bool>& cells) {
  int count = 0;
  for (bool c : cells) count += c;
  const int w = count, side = 2 * w + 1;
  for (int start = 0; start < n * n; ++start) {
    if (!cells[start]) continue;
    std::vector<int> distance(side * side, -1);
    std::vector<std::pair<int, int>> queue{{0, 0}};
    distance[w * side + w] = 0;
    for (size_t head = 0; head < queue.size(); ++head) {
      auto [x, y] = queue[head];
      const int d = distance[(y + w) * side + (x + w)];
      if ((x != 0 || y != 0) && x % n == 0 && y % n == 0) return true;
      if (d == w) continue;
      const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
      for (int k = 0; k < 4; ++k) {
        int nx = x + dx[k], ny = y + dy[k];
        if (nx < -w || nx > w || ny < -w || ny > w) continue;
        int column = ((start % n + nx) % n + n) % n, row = ((start / n + ny) % n + n) % n;
        if (!cells[row * n + column] || distance[(ny + w) * side + (nx + w)] >= 0) continue;
        distance[(ny + w) * side + (nx + w)] = d + 1;
        queue.push_back({nx, ny});
      }
    }
  }
  return false;
}

struct NaiveLooper {
  int n;
  std::vector<Color> board;
  Looper::Phase phase = Looper::Phase::ballot;
  int to_move = 1, black_player = 0;

  bool black_loop() const {
    std::vector<bool> cells(n * n);
    for (int p = 0; p < n * n; ++p) cells[p] = board[p] == Color::black;
    return naive_global_loop(n, cells);
  }
  bool black_or_empty_loop() const {
    std::vector<bool> cells(n * n);
    for (int p = 0; p < n * n; ++p) cells[p] = board[p] != Color::white;
    return naive_global_loop(n, cells);
  }
  void judge() {
    if (black_loop() || !black_or_empty_loop()) phase = Looper::Phase::over;
  }
};

NaiveLooper naive_of(const Looper& g) {
  NaiveLooper v{g.size(), {}};
  for (Point p = 0; p < g.geometry().points; ++p) v.board.push_back(g.at(p));
  v.phase = g.phase();
  v.to_move = g.to_move();
  v.black_player = g.black_player();
  return v;
}

// The protocol's moves: one-stone ballot turns and take, or one stone in the play phase.
long naive_perft(const NaiveLooper& v, int depth) {
  if (depth == 0 || v.phase == Looper::Phase::over) return 1;
  long total = 0;
  for (int p = 0; p < v.n * v.n; ++p) {
    if (v.board[p] != Color::empty) continue;
    NaiveLooper next = v;
    next.board[p] =
        v.phase == Looper::Phase::ballot || v.to_move == v.black_player ? Color::black : Color::white;
    next.to_move = 3 - v.to_move;
    if (v.phase == Looper::Phase::play) next.judge();
    total += naive_perft(next, depth - 1);
  }
  if (v.phase == Looper::Phase::ballot) {
    NaiveLooper next = v;
    next.phase = Looper::Phase::play;
    next.black_player = v.to_move;
    next.to_move = 3 - v.to_move;
    next.judge();
    total += naive_perft(next, depth - 1);
  }
  return total;
}

long perft(const Looper& g, int depth) {
  if (depth == 0 || g.is_over()) return 1;
  MoveList list;
  g.legal_moves(list);
  long total = 0;
  for (const Move& m : list) {
    Looper next = g;
    REQUIRE(next.play(m));
    total += perft(next, depth - 1);
  }
  return total;
}

// A position set up in the ballot, then `take` by player 1 (Black), White to move.
Looper taken(const char* text) {
  Looper g = from_picture<Looper>({}, text);
  g.play(Move::take());
  return g;
}

}  // namespace

TEST_CASE("looper: the four kinds of global loop, across both seams") {
  struct Case {
    const char* name;
    const char* board;
    uint8_t kind;
  };
  const Case cases[] = {
      {"vertical", R"(
        . . X . .
        . . X . .
        . . X . .
        . . X . .
        . . X . .)",
       Looper::vertical},
      {"vertical, crooked", R"(
        . X . . .
        . X X . .
        . . X . .
        . X X . .
        . X . . .)",
       Looper::vertical},
      {"horizontal", R"(
        . . . . .
        . . . . .
        . . . . .
        X X X X X
        . . . . .)",
       Looper::horizontal},
      {"rising spiral", R"(
        X . . . X
        . . . X X
        . . X X .
        . X X . .
        X X . . .)",
       Looper::rising_spiral},
      {"falling spiral", R"(
        X X . . .
        . X X . .
        . . X X .
        . . . X X
        X . . . X)",
       Looper::falling_spiral},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    Looper g = from_picture<Looper>({}, c.board);
    CHECK(g.global_loop());
    CHECK(g.global_loop_kinds(false) == c.kind);
    CHECK(Looper::loop_kind(g.global_loop_winding()[0], g.global_loop_winding()[1]) == c.kind);
    CHECK(g.check_consistency());
    // The highlighted loop is a set of black stones that is itself a global loop.
    std::bitset<max_points> loop = g.winning_loop();
    std::vector<bool> cells(25);
    for (Point p = 0; p < 25; ++p) {
      cells[p] = loop[p];
      if (loop[p]) CHECK(g.at(p) == Color::black);
    }
    CHECK(naive_global_loop(5, cells));
    // Taking wins at once for the taker.
    REQUIRE(g.play(Move::take()));
    CHECK(g.is_over());
    CHECK(g.outcome().winner_player == 1);
    CHECK(g.outcome().winner == Color::black);
  }
}

TEST_CASE("looper: contractible loops are not wins") {
  const char* boards[] = {
      R"(
        . . . . .
        . X X . .
        . X X . .
        . . . . .
        . . . . .)",  // a 2x2 block
      R"(
        . . . . .
        . X X X .
        . X . X .
        . X X X .
        . . . . .)",  // a ring around a point
      R"(
        X X . . X
        . . . . .
        . . . . .
        X X . . X
        . X . . X)",  // a ring around the corner A1, crossing both seams
      R"(
        . . . . .
        X X . X X
        X X . X X
        . . . . .
        . . . . .)",  // two blocks joined across the left/right seam
  };
  for (const char* board : boards) {
    Looper g = from_picture<Looper>({}, board);
    CHECK_FALSE(g.global_loop());
    CHECK(g.global_loop_kinds(false) == 0);
    CHECK(g.winning_loop().none());
    CHECK(g.check_consistency());
    REQUIRE(g.play(Move::take()));
    CHECK_FALSE(g.is_over());
    CHECK(g.phase() == Looper::Phase::play);
  }
}

TEST_CASE("looper: the ballot, take and black_player") {
  Looper g(Looper::Rules{5});
  CHECK(g.phase() == Looper::Phase::ballot);
  CHECK(g.black_player() == 0);
  CHECK(g.to_move() == 1);
  CHECK(g.color_to_move() == Color::black);
  CHECK(g.score().defined == false);
  // A ballot loop is legal and ends nothing.
  REQUIRE(g.play(Move::places(at(g, "A1"), at(g, "B1"), at(g, "C1"))));
  CHECK(g.to_move() == 2);
  CHECK(g.color_to_move() == Color::black);
  REQUIRE(g.play(Move::places(at(g, "D1"), at(g, "E1"))));
  CHECK(g.global_loop());
  CHECK_FALSE(g.is_over());
  CHECK(g.phase() == Looper::Phase::ballot);
  REQUIRE(g.play(Move::place(at(g, "C3"))));
  CHECK(g.moves_played() == 3);
  // Player 2 takes: Black at once, and wins at once.
  REQUIRE(g.play(Move::take()));
  CHECK(g.black_player() == 2);
  CHECK(g.is_over());
  CHECK(g.outcome().winner_player == 2);
  CHECK(g.outcome().winner == Color::black);
  CHECK_FALSE(g.outcome().by_resignation);

  Looper h(Looper::Rules{5});
  REQUIRE(h.play(Move::take()));  // the very first turn may be take
  CHECK(h.black_player() == 1);
  CHECK(h.phase() == Looper::Phase::play);
  CHECK(h.to_move() == 2);
  CHECK(h.color_to_move() == Color::white);
  REQUIRE(h.play(Move::place(0)));
  CHECK(h.at(0) == Color::white);
  CHECK(h.color_to_move() == Color::black);
  CHECK(h.check(Move::take()) == Illegal::wrong_kind);
}

TEST_CASE("looper: what is refused") {
  Looper g(Looper::Rules{5});
  CHECK(g.check(Move::pass()) == Illegal::wrong_kind);
  CHECK(g.check(Move::places(3, 3)) == Looper::duplicate_point);
  CHECK(g.check(Move::places(3, 4, 3)) == Looper::duplicate_point);
  CHECK(g.check(Move::places(3, 25)) == Illegal::off_board);
  REQUIRE(g.play(Move::place(3)));
  CHECK(g.check(Move::places(4, 3)) == Illegal::occupied);
  const uint64_t hash = g.hash();
  const std::string before = picture(g);
  CHECK_FALSE(g.play(Move::places(4, 3)));
  CHECK_FALSE(g.play(Move::places(4, 4)));
  CHECK_FALSE(g.play(Move::pass()));
  CHECK(g.hash() == hash);
  CHECK(picture(g) == before);
  CHECK(g.check_consistency());
  REQUIRE(g.play(Move::take()));
  CHECK(g.check(Move::pass()) == Illegal::wrong_kind);
  CHECK(g.check(Move::places(5, 6)) == Illegal::wrong_kind);
  CHECK(g.check(Move::place(3)) == Illegal::occupied);
  CHECK(g.check(Move::place(5)) == Illegal::none);
}

TEST_CASE("looper: a full board after the ballot leaves only take") {
  Looper g(Looper::Rules{5});
  for (int turn = 0; turn < 8; ++turn)
    REQUIRE(g.play(Move::places(static_cast<Point>(3 * turn), static_cast<Point>(3 * turn + 1),
                                static_cast<Point>(3 * turn + 2))));
  REQUIRE(g.play(Move::place(24)));
  CHECK(g.empty_points() == 0);
  CHECK(g.check(Move::place(0)) == Looper::only_take);
  CHECK(g.check(Move::pass()) == Looper::only_take);
  CHECK(g.check(Move::resign()) == Illegal::none);
  MoveList list;
  g.legal_moves(list);
  REQUIRE(list.count == 1);
  CHECK(list.moves[0] == Move::take());
  Rng rng(1);
  CHECK(g.random_move(rng) == Move::take());
  REQUIRE(g.play(Move::take()));
  CHECK(g.outcome().winner_player == 2);  // player 2 took a board full of loops
}

TEST_CASE("looper: White wins when black and empty points hold no global loop") {
  SUBCASE("already at take") {
    // A white row and a white column leave a 4x4 square: no way round the torus.
    Looper g = from_picture<Looper>({}, R"(
      . . O . .
      . . O . .
      O O O O O
      . X O . .
      . . O X .)");
    CHECK(g.black_can_still_loop() == false);
    CHECK(g.global_loop_kinds(true) == 0);
    CHECK_FALSE(g.is_over());  // nothing is judged in the ballot
    REQUIRE(g.play(Move::take()));
    CHECK(g.is_over());
    CHECK(g.outcome().winner_player == 2);
    CHECK(g.outcome().winner == Color::white);
  }
  SUBCASE("the moment White's stone closes the last way round") {
    Looper g = taken(R"(
      . . O . .
      . . O . .
      O O O O O
      . X . . .
      . . O X .)");
    CHECK(g.black_can_still_loop());
    CHECK(g.global_loop_kinds(true) == Looper::horizontal);  // along row 2
    REQUIRE_FALSE(g.is_over());
    REQUIRE(g.play(Move::place(at(g, "C2"))));  // White
    CHECK(g.is_over());
    CHECK(g.outcome().winner_player == 2);
    CHECK(g.outcome().winner == Color::white);
    CHECK(g.check_consistency());
  }
  SUBCASE("Black's move makes the loop") {
    Looper g = taken(R"(
      . . X . .
      . . X . .
      . . X . .
      . . . . .
      . . X . .)");
    REQUIRE(g.play(Move::place(at(g, "A1"))));  // White
    REQUIRE(g.play(Move::place(at(g, "C2"))));  // Black
    CHECK(g.is_over());
    CHECK(g.outcome().winner_player == 1);
    CHECK(g.outcome().winner == Color::black);
    CHECK(g.global_loop_kinds(false) == Looper::vertical);
    CHECK(g.winning_loop().count() == 5);
  }
}

TEST_CASE("looper: resign in the ballot") {
  Looper g(Looper::Rules{5});
  REQUIRE(g.play(Move::resign()));
  CHECK(g.outcome().winner_player == 2);
  CHECK(g.outcome().winner == Color::empty);
  CHECK(g.outcome().by_resignation);
  CHECK(g.check(Move::take()) == Illegal::game_over);
}

TEST_CASE("looper: random ballot turns are uniform over every legal turn") {
  // 22 stones, 3 empty points: 3 one-stone, 3 two-stone, 1 three-stone turn and take.
  Looper g(Looper::Rules{5});
  for (int turn = 0; turn < 7; ++turn)
    REQUIRE(g.play(Move::places(static_cast<Point>(3 * turn), static_cast<Point>(3 * turn + 1),
                                static_cast<Point>(3 * turn + 2))));
  REQUIRE(g.play(Move::place(21)));
  REQUIRE(g.empty_points() == 3);
  std::map<std::set<Point>, int> seen;
  int takes = 0;
  Rng rng(5);
  const int draws = 80000;
  for (int i = 0; i < draws; ++i) {
    Move m = g.random_move(rng);
    REQUIRE(g.check(m) == Illegal::none);
    if (m.kind == Move::Kind::take) {
      ++takes;
      continue;
    }
    seen[std::set<Point>(m.points.begin(), m.points.begin() + m.count)]++;
  }
  CHECK(seen.size() == 7);
  for (auto& [points, count] : seen) CHECK(std::abs(count - draws / 8) < 500);
  CHECK(std::abs(takes - draws / 8) < 500);
}

TEST_CASE("looper: legal moves, copies and consistency over random games") {
  Rng rng(11);
  long moves = 0;
  for (int game = 0; game < 300; ++game) {
    const int size = 5 + game % 5;
    Looper g(Looper::Rules{size});
    if (game % 2 == 0) REQUIRE(g.play(Move::take()));
    while (!g.is_over()) {
      MoveList list;
      g.legal_moves(list);
      std::set<Point> listed;
      for (const Move& m : list)
        if (m.is_place()) listed.insert(m.point());
      CHECK(list.contains(Move::take()) == (g.phase() == Looper::Phase::ballot));
      for (Point p = 0; p < g.geometry().points; ++p)
        CHECK((g.check(Move::place(p)) == Illegal::none) == (listed.count(p) == 1));
      CHECK(g.check(Move::pass()) != Illegal::none);
      Move m = g.random_move(rng);
      REQUIRE(g.check(m) == Illegal::none);
      Looper copy = g;
      REQUIRE(g.play(m));
      REQUIRE(copy.play(m));
      CHECK(copy.hash() == g.hash());
      CHECK(picture(copy) == picture(g));
      ++moves;
      if (moves % 5 == 0) {
        REQUIRE(g.check_consistency());
        NaiveLooper v = naive_of(g);
        CHECK(v.black_loop() == g.global_loop());
        CHECK(v.black_or_empty_loop() == g.black_can_still_loop());
      }
    }
    REQUIRE(g.check_consistency());
    // The end agrees with the naive test.
    NaiveLooper v = naive_of(g);
    if (!g.outcome().by_resignation && g.black_player() != 0) {
      const bool black_won = g.outcome().winner == Color::black;
      CHECK(black_won == v.black_loop());
      if (!black_won) CHECK_FALSE(v.black_or_empty_loop());
    }
  }
  CHECK(moves > 3000);
}

TEST_CASE("looper: perft on 5x5, against the naive rules") {
  Looper g(Looper::Rules{5});
  CHECK(perft(g, 1) == 26);
  CHECK(perft(g, 2) == 25 * 25 + 25);
  // 25·24·(23 + take) + 25·24 (one stone, take, White) + 25·24 (take, White, Black).
  CHECK(perft(g, 3) == 15600);
  CHECK(perft(g, 3) == naive_perft(naive_of(g), 3));
  // From a ballot with a row nearly done, where takes and wins come quickly.
  Looper h = from_picture<Looper>({}, R"(
    . . O . .
    . . . . .
    O O . O O
    . . X . .
    X X X X .)");
  const long four = perft(h, 4);
  CHECK(four == 42995);
  CHECK(four == naive_perft(naive_of(h), 4));
  MESSAGE("looper 5x5 perft(4) from the near-row ballot = " << four);
  Looper t = taken(R"(
    . . X . .
    . . X . .
    O . . . O
    . . X . .
    . . X . .)");
  const long taken_four = perft(t, 4);
  CHECK(taken_four == 88146);
  CHECK(taken_four == naive_perft(naive_of(t), 4));
  MESSAGE("looper 5x5 perft(4) after take = " << taken_four);
}
