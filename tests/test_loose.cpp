// Loose (RULINGS.md §Loose): fixtures from the seed's examples, the flip and legality edge
// cases, scoring, then random-game invariants cross-checked against a naive whole-board
// implementation of the rules written independently below.
#include <doctest/doctest.h>

#include <set>
#include <vector>

#include "board_text.h"
#include "games/loose.h"

using namespace stonegrid;
using stonegrid::testing::from_picture;
using stonegrid::testing::normalise;
using stonegrid::testing::picture;

namespace {

Point at(const Loose& g, const char* vertex) {
  int column = vertex[0] - 'A' - (vertex[0] > 'I' ? 1 : 0);
  int row = std::atoi(vertex + 1) - 1;
  return g.geometry().at(column, row);
}

Loose white_to_move(Loose g) {
  g.play(Move::pass());
  return g;
}

// --- a naive, whole-board Loose: recount everything for every question --------------------

struct Naive {
  int n;
  std::vector<Color> board;

  std::vector<int> neighbours(int p) const {
    std::vector<int> out;
    int r = p / n, c = p % n;
    if (c + 1 < n) out.push_back(p + 1);
    if (c > 0) out.push_back(p - 1);
    if (r + 1 < n) out.push_back(p + n);
    if (r > 0) out.push_back(p - n);
    return out;
  }
  static bool false_point(const std::vector<Color>& b, const Naive& me, int p) {
    bool black = false, white = false;
    for (int q : me.neighbours(p)) {
      if (b[q] == Color::empty) return false;
      black |= b[q] == Color::black;
      white |= b[q] == Color::white;
    }
    return black && white;
  }
  std::vector<std::vector<int>> chains(const std::vector<Color>& b) const {
    std::vector<std::vector<int>> out;
    std::vector<bool> seen(b.size());
    for (int p = 0; p < n * n; ++p) {
      if (b[p] == Color::empty || seen[p]) continue;
      std::vector<int> chain{p}, todo{p};
      seen[p] = true;
      while (!todo.empty()) {
        int u = todo.back();
        todo.pop_back();
        for (int v : neighbours(u))
          if (!seen[v] && b[v] == b[p]) {
            seen[v] = true;
            chain.push_back(v);
            todo.push_back(v);
          }
      }
      out.push_back(chain);
    }
    return out;
  }
  bool has_true_liberty(const std::vector<Color>& b, const std::vector<int>& chain) const {
    for (int s : chain)
      for (int y : neighbours(s))
        if (b[y] == Color::empty && !false_point(b, *this, y)) return true;
    return false;
  }
  // The result of `me` placing at p, or nothing when illegal.
  bool place(int p, Color me, std::vector<Color>& result) const {
    std::vector<Color> b = board;
    b[p] = me;
    std::vector<Color> after = b;
    for (const auto& chain : chains(b))
      if (b[chain[0]] == opponent(me) && !has_true_liberty(b, chain))
        for (int s : chain) after[s] = me;
    for (const auto& chain : chains(after))
      if (!has_true_liberty(after, chain)) return false;
    result = after;
    return true;
  }
};

Naive naive_of(const Loose& g) {
  Naive v{g.size(), {}};
  for (Point p = 0; p < g.geometry().points; ++p) v.board.push_back(g.at(p));
  return v;
}

std::vector<Color> board_of(const Loose& g) {
  return naive_of(g).board;
}

}  // namespace

TEST_CASE("loose: the seed's liberty example — 6 true and 3 false liberties") {
  // 4 white chains, 3 black chains, 9 liberties; C3, D2 and B1 are false.
  Loose g = from_picture<Loose>({}, R"(
    X O . . X
    . X O . X
    . X . X X
    . O O . X
    O . X X X
  )");
  int true_points = 0, false_points = 0;
  for (Point p = 0; p < 25; ++p)
    if (g.at(p) == Color::empty) (g.is_true_liberty(p) ? true_points : false_points)++;
  CHECK(true_points == 6);
  CHECK(false_points == 3);
  CHECK_FALSE(g.is_true_liberty(at(g, "C3")));
  CHECK_FALSE(g.is_true_liberty(at(g, "D2")));
  CHECK_FALSE(g.is_true_liberty(at(g, "B1")));
  for (const char* v : {"C5", "D5", "A4", "D4", "A3", "A2"}) CHECK(g.is_true_liberty(at(g, v)));
  CHECK(g.true_liberties(at(g, "B4")) == 2);  // A4, A3 (C3 is false)
  CHECK(g.true_liberties(at(g, "C4")) == 2);  // C5, D4 (C3 is false)
  CHECK(g.true_liberties(at(g, "B2")) == 1);  // A2 (C3, D2, B1 are false)
  CHECK(g.true_liberties(at(g, "A1")) == 1);  // A2 (B1 is false)
  CHECK(g.true_liberties(at(g, "A5")) == 1);  // A4
  CHECK(g.true_liberties(at(g, "B5")) == 1);  // C5
  CHECK(g.true_liberties(at(g, "E1")) == 2);  // D5, D4 (D2, B1, C3 are false)
  CHECK(g.check_consistency());
}

TEST_CASE("loose: one chain flipped") {
  Loose g = white_to_move(from_picture<Loose>({}, R"(
    . . . . .
    . . . . .
    O . . . .
    X O . . .
    X . . . .
  )"));
  REQUIRE(g.play(Move::place(at(g, "B1"))));
  CHECK(picture(g) == normalise(R"(
    . . . . .
    . . . . .
    O . . . .
    O O . . .
    O O . . .
  )"));
  CHECK(g.last_flipped().count() == 2);
  CHECK(g.last_flipped()[at(g, "A1")]);
  CHECK(g.last_flipped()[at(g, "A2")]);
  CHECK(g.stones(Color::white) == 5);
  CHECK(g.check_consistency());
}

TEST_CASE("loose: several chains flipped at once") {
  Loose g = white_to_move(from_picture<Loose>({}, R"(
    . . . . .
    . . . . .
    . . . . .
    . O . O .
    O X . X O
  )"));
  REQUIRE(g.check(Move::place(at(g, "C1"))) == Illegal::none);
  REQUIRE(g.play(Move::place(at(g, "C1"))));
  CHECK(picture(g) == normalise(R"(
    . . . . .
    . . . . .
    . . . . .
    . O . O .
    O O O O O
  )"));
  CHECK(g.last_flipped().count() == 2);
  CHECK(g.last_flipped()[at(g, "B1")]);
  CHECK(g.last_flipped()[at(g, "D1")]);
  CHECK(g.check_consistency());
}

TEST_CASE("loose: a chain with a true liberty left is not flipped") {
  Loose g = from_picture<Loose>({}, R"(
    . . . . .
    . . . . .
    . . . . .
    . . . . .
    O . . . .
  )");
  REQUIRE(g.play(Move::place(at(g, "A2"))));
  CHECK(g.at(at(g, "A1")) == Color::white);
  CHECK(g.last_flipped().none());
  CHECK(g.true_liberties(at(g, "A1")) == 1);  // B1
}

TEST_CASE("loose: judged once, before the flips — a second round could never change anything") {
  // Flips only turn false liberties true (a flipped chain's liberties were all false, and
  // after the flip only an unflipped enemy neighbour keeps them false), so no chain loses a
  // true liberty through a flip. Checked here over random games: after every placement, no
  // enemy chain is left without a true liberty, so a second round would flip nothing.
  Rng rng(7);
  for (int game = 0; game < 40; ++game) {
    Loose g(Loose::Rules{7, 0});
    while (!g.is_over()) {
      Move m = g.random_move(rng);
      Color me = g.color_to_move();
      REQUIRE(g.play(m));
      if (!m.is_place()) continue;
      Naive v = naive_of(g);
      for (const auto& chain : v.chains(v.board))
        if (v.board[chain[0]] == opponent(me)) CHECK(v.has_true_liberty(v.board, chain));
    }
  }
}

TEST_CASE("loose: illegal — a flipped chain left without a true liberty") {
  // Black A1 flips White B1, but the black chain A1-B1-B2-C2 then has only false liberties
  // (A2 beside A3, C1 beside D1).
  Loose g = from_picture<Loose>({}, R"(
    . . . . .
    . . . . .
    O O O . .
    . X X O .
    . O . O .
  )");
  CHECK(g.check(Move::place(at(g, "A1"))) == Loose::no_true_liberty);
  const uint64_t hash = g.hash();
  const std::string before = picture(g);
  CHECK_FALSE(g.play(Move::place(at(g, "A1"))));
  CHECK(g.hash() == hash);
  CHECK(picture(g) == before);
  CHECK(g.to_move() == 1);
  CHECK(g.check_consistency());
}

TEST_CASE("loose: illegal — own stone without a true liberty") {
  Loose g = from_picture<Loose>({}, R"(
    . . . . .
    . . . . .
    . . . . .
    O . . . .
    . O . . .
  )");
  CHECK(g.check(Move::place(at(g, "A1"))) == Loose::no_true_liberty);
  CHECK(g.check(Move::place(at(g, "B2"))) == Illegal::none);
}

TEST_CASE("loose: illegal — a placement two steps away makes a chain's last true liberty false") {
  // Black B2 does not touch A1, but turns B1 (A1's only liberty) into a false liberty.
  Loose g = from_picture<Loose>({}, R"(
    . . . . .
    . . . . .
    . . . . .
    O . . . .
    X . O . .
  )");
  CHECK(g.is_true_liberty(at(g, "B1")));
  CHECK(g.check(Move::place(at(g, "B2"))) == Loose::no_true_liberty);
  // White may play there: the white stone makes B1 false and A1 is flipped at once.
  Loose w = white_to_move(g);
  REQUIRE(w.play(Move::place(at(w, "B2"))));
  CHECK(w.at(at(w, "A1")) == Color::white);
}

TEST_CASE("loose: a chain with no true liberty after the placement is saved by the flips") {
  // Black A1 has no liberty at all until A2 and B1 flip and join it.
  Loose g = from_picture<Loose>({}, R"(
    . . . . .
    . . . . .
    X . . . .
    O X . . .
    . O X . .
  )");
  CHECK(g.check(Move::place(at(g, "A1"))) == Illegal::none);
  REQUIRE(g.play(Move::place(at(g, "A1"))));
  CHECK(picture(g) == normalise(R"(
    . . . . .
    . . . . .
    X . . . .
    X X . . .
    X X X . .
  )"));
  // And a false liberty turned true by a flip: White B1 is flipped by Black C1, after which
  // A1 (beside A2 and B1, both black) becomes a true liberty of the merged chain.
  Loose h = from_picture<Loose>({}, R"(
    . . . . .
    . . . . .
    O . O . .
    X X O . .
    . O . . .
  )");
  CHECK_FALSE(h.is_true_liberty(at(h, "A1")));
  REQUIRE(h.play(Move::place(at(h, "C1"))));
  CHECK(h.at(at(h, "B1")) == Color::black);
  CHECK(h.is_true_liberty(at(h, "A1")));
  CHECK(h.check_consistency());
}

TEST_CASE("loose: score, komi and the tie-break") {
  SUBCASE("tie, White placed last: White loses") {
    Loose g(Loose::Rules{5, 0});
    g.play(Move::place(0));
    g.play(Move::place(24));
    g.play(Move::pass());
    CHECK(g.passes() == 1);
    CHECK_FALSE(g.is_over());
    g.play(Move::pass());
    REQUIRE(g.is_over());
    CHECK(g.phase() == Phase::over);
    CHECK(g.score().black == 1);
    CHECK(g.score().white == 1);
    CHECK(g.outcome().winner_player == 1);
    CHECK(g.outcome().winner == Color::black);
  }
  SUBCASE("tie, Black placed last: Black loses") {
    Loose g(Loose::Rules{5, 0});
    g.play(Move::pass());
    g.play(Move::place(0));
    g.play(Move::place(24));
    g.play(Move::pass());
    g.play(Move::pass());
    REQUIRE(g.is_over());
    CHECK(g.outcome().winner_player == 2);
    CHECK(g.outcome().winner == Color::white);
  }
  SUBCASE("no stone ever placed: White loses") {
    Loose g(Loose::Rules{5, 0});
    g.play(Move::pass());
    g.play(Move::pass());
    REQUIRE(g.is_over());
    CHECK(g.outcome().winner_player == 1);
    CHECK_FALSE(g.outcome().by_resignation);
  }
  SUBCASE("komi 2 and komi -2") {
    Loose g(Loose::Rules{5, 2});
    g.play(Move::place(0));
    g.play(Move::place(24));
    g.play(Move::place(12));
    g.play(Move::pass());
    g.play(Move::pass());
    CHECK(g.score().black == 2);
    CHECK(g.score().white == 3);
    CHECK(g.outcome().winner_player == 2);
    Loose h(Loose::Rules{5, -2});
    h.play(Move::place(0));
    h.play(Move::place(24));
    h.play(Move::pass());
    h.play(Move::pass());
    CHECK(h.score().white == -1);
    CHECK(h.outcome().winner_player == 1);
  }
  SUBCASE("resigning after a pass: passes in a row read 0, as in the other games") {
    Loose g(Loose::Rules{5, 0});
    g.play(Move::place(0));
    g.play(Move::pass());
    CHECK(g.passes() == 1);
    g.play(Move::resign());
    REQUIRE(g.is_over());
    CHECK(g.passes() == 0);
    CHECK(g.outcome().by_resignation);
    CHECK(g.check_consistency());
  }
  SUBCASE("two passes end it: passes in a row read 2") {
    Loose g(Loose::Rules{5, 0});
    g.play(Move::pass());
    g.play(Move::pass());
    REQUIRE(g.is_over());
    CHECK(g.passes() == 2);
  }
  SUBCASE("a pass between placements does not end the game") {
    Loose g(Loose::Rules{5, 0});
    g.play(Move::pass());
    g.play(Move::place(3));
    CHECK(g.passes() == 0);
    g.play(Move::pass());
    CHECK_FALSE(g.is_over());
    CHECK(g.moves_played() == 3);
  }
  CHECK(Loose::komi_allowed(-4));
  CHECK_FALSE(Loose::komi_allowed(3));
  CHECK(Loose::facts.size_allowed(5));
  CHECK_FALSE(Loose::facts.size_allowed(6));
  CHECK_FALSE(Loose::facts.size_allowed(27));
}

TEST_CASE("loose: resign, and what is refused") {
  Loose g(Loose::Rules{5, 0});
  CHECK(g.black_player() == 1);
  CHECK(g.check(Move::take()) == Illegal::wrong_kind);
  CHECK(g.check(Move::places(1, 2)) == Illegal::wrong_kind);
  CHECK(g.check(Move::place(25)) == Illegal::off_board);
  g.play(Move::place(0));
  CHECK(g.check(Move::place(0)) == Illegal::occupied);
  CHECK(g.play(Move::resign()));
  CHECK(g.is_over());
  CHECK(g.outcome().winner_player == 1);  // White resigned
  CHECK(g.outcome().by_resignation);
  CHECK(g.check(Move::pass()) == Illegal::game_over);
  MoveList list;
  g.legal_moves(list);
  CHECK(list.count == 0);
}

TEST_CASE("loose: every legal move agrees with the naive rules, over random games") {
  Rng rng(2026);
  for (int size : {5, 7, 9}) {
    for (int game = 0; game < 150 / (size * size / 5); ++game) {
      Loose g(Loose::Rules{size, 0});
      int moves = 0;
      while (!g.is_over()) {
        Naive v = naive_of(g);
        MoveList list;
        g.legal_moves(list);
        std::set<Point> legal;
        for (const Move& m : list)
          if (m.is_place()) legal.insert(m.point());
        REQUIRE(list.contains(Move::pass()));
        for (Point p = 0; p < g.geometry().points; ++p) {
          const Illegal why = g.check(Move::place(p));
          CHECK((why == Illegal::none) == (legal.count(p) == 1));
          if (g.at(p) != Color::empty) {
            CHECK(why == Illegal::occupied);
            continue;
          }
          std::vector<Color> expected;
          const bool naive_legal = v.place(p, g.color_to_move(), expected);
          CHECK(naive_legal == (why == Illegal::none));
          if (why != Illegal::none) {
            Loose copy = g;
            CHECK_FALSE(copy.play(Move::place(p)));
            CHECK(copy.hash() == g.hash());
            CHECK(picture(copy) == picture(g));
          } else if (p % 3 == 0) {
            Loose copy = g;
            REQUIRE(copy.play(Move::place(p)));
            CHECK(board_of(copy) == expected);
            CHECK(copy.check_consistency());
          }
        }
        Move m = g.random_move(rng);
        REQUIRE(g.check(m) == Illegal::none);
        // Copies are equal and stay equal.
        Loose copy = g;
        REQUIRE(g.play(m));
        REQUIRE(copy.play(m));
        CHECK(copy.hash() == g.hash());
        CHECK(picture(copy) == picture(g));
        if (++moves % 7 == 0) REQUIRE(g.check_consistency());
      }
      CHECK(g.check_consistency());
    }
  }
}

TEST_CASE("loose: check_consistency after thousands of random moves; setup positions") {
  Rng rng(99);
  long moves = 0;
  for (int game = 0; game < 60; ++game) {
    Loose g(Loose::Rules{game % 2 ? 9 : 11, 0});
    while (!g.is_over()) {
      REQUIRE(g.play(g.random_move(rng)));
      ++moves;
    }
    REQUIRE(g.check_consistency());
    CHECK(g.stones(Color::black) + g.stones(Color::white) <= g.geometry().points);
  }
  CHECK(moves > 4000);
  // A set-up position breaking the invariant (a black stone with no liberty) is judged on the
  // whole board: any white placement flips it, since it has no true liberty.
  Loose g = white_to_move(from_picture<Loose>({}, R"(
    . . . . .
    . . . . .
    . . . . .
    O . . . .
    X O . . .
  )"));
  CHECK(g.check_consistency());
  std::vector<Color> expected;
  REQUIRE(naive_of(g).place(24, Color::white, expected));
  REQUIRE(g.play(Move::place(24)));
  CHECK(g.at(0) == Color::white);
  CHECK(board_of(g) == expected);
  CHECK(g.check_consistency());
}

TEST_CASE("loose: play_random plays what random_move chooses, with the same draws") {
  // The playout step judges each candidate once and makes the move in place (restoring the
  // position after a trial that fails): the same move, the same position, the same generator
  // state as random_move followed by play.
  for (int size : {5, 7, 9}) {
    Rng rng(size);
    for (int round = 0; round < 30; ++round) {
      Loose fused(Loose::Rules{size, 0}), judged(Loose::Rules{size, 0});
      Rng fused_rng = rng;
      while (!judged.is_over()) {
        const Move m = judged.random_move(rng);
        REQUIRE(judged.check(m) == Illegal::none);
        REQUIRE(judged.play(m));
        REQUIRE(fused.play_random(fused_rng) == m);
        REQUIRE(fused.hash() == judged.hash());
        REQUIRE((fused.last_flipped() == judged.last_flipped()));
        REQUIRE(fused_rng.below(1000) == rng.below(1000));
      }
      CHECK(fused.check_consistency());
      CHECK(fused.play_random(fused_rng) == Move::pass());  // over: plays nothing
      CHECK(fused.moves_played() == judged.moves_played());
    }
  }
}

TEST_CASE("loose: random_move writes nothing, so games can interleave") {
  // Each game draws its move before the other plays; random_move is const and keeps no memo,
  // so neither game's `play` can see what was judged for the other.
  Rng rng(3);
  for (int round = 0; round < 20; ++round) {
    Loose a(Loose::Rules{7, 0}), b(Loose::Rules{7, 0});
    while (!a.is_over() || !b.is_over()) {
      const Move ma = a.is_over() ? Move::pass() : a.random_move(rng);
      const Move mb = b.is_over() ? Move::pass() : b.random_move(rng);
      for (auto [g, m] : {std::pair<Loose*, Move>{&a, ma}, std::pair<Loose*, Move>{&b, mb}}) {
        if (g->is_over()) continue;
        std::vector<Color> expected;
        if (m.is_place()) REQUIRE(naive_of(*g).place(m.point(), g->color_to_move(), expected));
        REQUIRE(g->play(m));
        if (m.is_place()) CHECK(board_of(*g) == expected);
        REQUIRE(g->check_consistency());
      }
    }
  }
}

namespace {

long perft(const Loose& g, int depth) {
  if (depth == 0 || g.is_over()) return 1;
  MoveList list;
  g.legal_moves(list);
  long total = 0;
  for (const Move& m : list) {
    Loose next = g;
    next.play(m);
    total += perft(next, depth - 1);
  }
  return total;
}

// The same count from the naive rules: board, side to move and passes in a row.
long naive_perft(const Naive& v, Color to_move, int passes, int depth) {
  if (depth == 0 || passes == 2) return 1;
  long total = naive_perft(v, opponent(to_move), passes + 1, depth - 1);
  for (int p = 0; p < v.n * v.n; ++p) {
    if (v.board[p] != Color::empty) continue;
    Naive next = v;
    if (v.place(p, to_move, next.board)) total += naive_perft(next, opponent(to_move), 0, depth - 1);
  }
  return total;
}

}  // namespace

TEST_CASE("loose: perft on 5x5") {
  Loose g(Loose::Rules{5, 0});
  CHECK(perft(g, 1) == 26);
  CHECK(perft(g, 2) == 26 * 25 + 1);  // after a pass: 25 placements and the ending pass
  // Leaves, a game ended early counting as one: 25·24·23 + 3·(25·24) + 2·25 + 1 (pass, pass).
  const long three = perft(g, 3);
  CHECK(three == 15651);
  CHECK(three == naive_perft(naive_of(g), Color::black, 0, 3));
  MESSAGE("loose 5x5 perft(3) = " << three);
  // From a crowded position, deeper.
  Loose h = from_picture<Loose>({}, R"(
    X O . . X
    . X O . X
    . X . X X
    . O O . X
    O . X X X
  )");
  const long four = perft(h, 4);
  CHECK(four == 3521);
  CHECK(four == naive_perft(naive_of(h), Color::black, 0, 4));
  MESSAGE("loose crowded 5x5 perft(4) = " << four);
}
