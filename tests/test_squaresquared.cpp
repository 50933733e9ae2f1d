// Square Squared (core/games/squaresquared.h): Tromp-Taylor play with positional superko, the
// edge score with its group tax, the v3 variant and each level of its tie-break, then the
// invariants every game keeps.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "board_text.h"
#include "games/squaresquared.h"
#include "naive_capture_rules.h"

using namespace stonegrid;
using stonegrid::testing::check_random_move;
using stonegrid::testing::compare_with_naive;
using stonegrid::testing::from_picture;
using stonegrid::testing::normalise;
using stonegrid::testing::picture;

namespace {

using Scoring = SquareSquared::Scoring;

Point vertex(const SquareSquared& game, const char* name) {
  int column = name[0] - 'A';
  if (name[0] > 'I') --column;
  return game.geometry().at(column, std::stoi(name + 1) - 1);
}

bool place(SquareSquared& game, const char* name) {
  return game.play(Move::place(vertex(game, name)));
}
Illegal why(const SquareSquared& game, const char* name) {
  return game.check(Move::place(vertex(game, name)));
}

SquareSquared::Rules rules(Scoring scoring = Scoring::group_tax, double komi = 0) {
  SquareSquared::Rules r;
  r.komi = komi;
  r.scoring = scoring;
  return r;
}

// Two passes, and the outcome.
Outcome finish(SquareSquared& game) {
  REQUIRE(game.play(Move::pass()));
  REQUIRE(game.play(Move::pass()));
  REQUIRE(game.is_over());
  return game.outcome();
}

}  // namespace

TEST_CASE("squaresquared: a new game") {
  SquareSquared game;
  CHECK(game.size() == 7);
  CHECK(game.rules().komi == 0);
  CHECK(game.rules().scoring == Scoring::group_tax);
  CHECK(game.to_move() == 1);
  CHECK(game.color_to_move() == Color::black);
  CHECK(game.black_player() == 1);
  CHECK(game.phase() == Phase::play);
  CHECK(game.score().black == 0);
  CHECK(game.score().white == 0);
  CHECK(SquareSquared::facts.size_allowed(5));
  CHECK_FALSE(SquareSquared::facts.size_allowed(4));
  MoveList list;
  game.legal_moves(list);
  CHECK(list.count == 50);
}

TEST_CASE("squaresquared: enemy chains are removed before the mover's own") {
  // B1 fills the last liberty of the black chains A2-B2 and C1, and of white A1: A1 goes first,
  // so the black chain then has a liberty and stays.
  SquareSquared game = from_picture<SquareSquared>(rules(), R"(
    . . . . .
    . . . . .
    O O . . .
    X X O . .
    O . X O .
  )");
  CHECK(why(game, "B1") == Illegal::none);
  CHECK(place(game, "B1"));
  CHECK(picture(game) == normalise(R"(
    . . . . .
    . . . . .
    O O . . .
    X X O . .
    . X X O .
  )"));
  CHECK(game.check_consistency());
}

TEST_CASE("squaresquared: a multi-stone suicide is legal and removes the mover's chain") {
  SquareSquared game = from_picture<SquareSquared>(rules(), R"(
    . . . . .
    . . . . .
    . . . . .
    O O . . .
    X . O . .
  )");
  CHECK(why(game, "B1") == Illegal::none);
  CHECK(place(game, "B1"));
  CHECK(picture(game) == normalise(R"(
    . . . . .
    . . . . .
    . . . . .
    O O . . .
    . . O . .
  )"));
  CHECK(game.to_move() == 2);
  CHECK(game.moves_played() == 1);
  CHECK(game.check_consistency());
}

TEST_CASE("squaresquared: a one-stone suicide is refused by superko") {
  SquareSquared game = from_picture<SquareSquared>(rules(), R"(
    . . . . .
    . . . . .
    . . . . .
    O . . . .
    . O . . .
  )");
  CHECK(why(game, "A1") == Illegal::superko);
  const uint64_t hash = game.hash();
  CHECK_FALSE(place(game, "A1"));
  CHECK(game.hash() == hash);
  CHECK(game.moves_played() == 0);
}

TEST_CASE("squaresquared: the simple ko is refused by superko") {
  SquareSquared game = from_picture<SquareSquared>(rules(), R"(
    . . . . .
    . . . . .
    . X O . .
    X O . O .
    . X O . .
  )");
  CHECK(place(game, "C2"));
  CHECK(why(game, "B2") == Illegal::superko);
  CHECK(place(game, "E5"));
  CHECK(place(game, "E4"));
  CHECK(why(game, "B2") == Illegal::none);
}

TEST_CASE("squaresquared: the empty start board counts for superko") {
  // Black fills the whole 5×5 board while White passes; the last black stone would remove the
  // whole black chain and leave the empty start board again.
  SquareSquared game(SquareSquared::Rules{5, 0, Scoring::group_tax});
  for (Point p = 0; p < 23; ++p) {
    REQUIRE(game.play(Move::place(p)));
    REQUIRE(game.play(Move::pass()));
  }
  REQUIRE(game.play(Move::place(23)));
  CHECK(game.stones().stones(Color::black) == 24);
  // White may play the last point: it captures the 24 stones before its own stone is judged.
  SquareSquared white = game;
  CHECK(white.check(Move::place(24)) == Illegal::none);
  CHECK(white.play(Move::place(24)));
  CHECK(white.stones().stones(Color::black) == 0);
  CHECK(white.stones().stones(Color::white) == 1);
  CHECK(white.check_consistency());
  // Black may not.
  REQUIRE(game.play(Move::pass()));
  CHECK(game.check(Move::place(24)) == Illegal::superko);
}

TEST_CASE("squaresquared: two passes end the game; resigning") {
  SquareSquared game;
  CHECK(game.play(Move::pass()));
  CHECK(game.passes() == 1);
  CHECK(place(game, "D4"));
  CHECK(game.passes() == 0);
  CHECK(game.play(Move::pass()));
  CHECK_FALSE(game.is_over());
  CHECK(game.play(Move::pass()));
  CHECK(game.is_over());
  CHECK(game.phase() == Phase::over);
  CHECK(game.outcome().winner_player == 0);  // an interior stone scores nothing: jigo
  CHECK(game.check(Move::pass()) == Illegal::game_over);

  SquareSquared other;
  CHECK(place(other, "A1"));
  CHECK(other.play(Move::pass()));    // W
  CHECK(other.play(Move::resign()));  // B resigns
  CHECK(other.outcome().winner_player == 2);
  CHECK(other.outcome().winner == Color::white);
  CHECK(other.outcome().by_resignation);
  CHECK(other.passes() == 0);
  CHECK(other.moves_played() == 3);
}

TEST_CASE("squaresquared: edge score with the group tax") {
  SquareSquared game = from_picture<SquareSquared>(rules(), R"(
    X X X X . . .
    X . . . . . .
    X . . O . . .
    X . . . . . .
    . . O O . . .
    . . . . . . O
    O . . . . . .
  )");
  // Black: one chain with 7 edge stones (A7 is a corner, counted once): 7 − 2 = 5.
  // White: D5 and C3-D3 touch no edge (0); G2 and the corner A1 are one edge stone each (−1).
  CHECK(game.edge_score(Color::black) == 5);
  CHECK(game.edge_score(Color::white) == -2);
  const SquareSquared::EdgeChains chains = game.edge_chains();
  REQUIRE(chains.count == 3);
  int black_chains = 0;
  for (int i = 0; i < chains.count; ++i) {
    const auto& chain = chains.chains[i];
    CHECK(chain.tax == 2);
    CHECK(game.at(chain.chain) == chain.color);
    if (chain.color == Color::black) {
      ++black_chains;
      CHECK(chain.edge_stones == 7);
    } else {
      CHECK(chain.edge_stones == 1);
    }
  }
  CHECK(black_chains == 1);
  CHECK(game.score().black == 5);
  CHECK(game.score().white == -2);
  CHECK(finish(game).winner_player == 1);
}

TEST_CASE("squaresquared: the seed's examples") {
  SUBCASE("W 5−2; B 1−2 on the left and 5−2 on the right: W wins by 1") {
    SquareSquared game = from_picture<SquareSquared>(rules(), R"(
      . . . . . . X
      . . . . . . X
      . . . . . . X
      X X . . . . X
      . . . . . . X
      . . O . . . .
      O O O O O . .
    )");
    CHECK(game.score().black == 2);
    CHECK(game.score().white == 3);
    const Outcome o = finish(game);
    CHECK(o.winner_player == 2);
    CHECK(o.winner == Color::white);
  }
  SUBCASE("one chain each, 7 and 4 edge stones: the taxes cancel") {
    // The seed says "B wins by 2" here; by the ruling's arithmetic it is (7−2) − (4−2) = 3.
    SquareSquared game = from_picture<SquareSquared>(rules(), R"(
      X X X X . . .
      X . . . . . .
      X . . . . . .
      X . . . . . .
      . . . . . . O
      . . . . . . O
      . . . . . O O
    )");
    CHECK(game.score().black == 5);
    CHECK(game.score().white == 2);
  }
}

TEST_CASE("squaresquared: komi") {
  SquareSquared game = from_picture<SquareSquared>(rules(Scoring::group_tax, 3), R"(
    X X X X . . .
    X . . . . . .
    X . . . . . .
    X . . . . . .
    . . . . . . O
    . . . . . . O
    . . . . . O O
  )");
  CHECK(game.score().white == 5);
  CHECK(finish(game).winner_player == 0);  // 5 against 2 + 3: jigo

  SquareSquared half = from_picture<SquareSquared>(rules(Scoring::group_tax, 3.5), R"(
    X X X X . . .
    X . . . . . .
    X . . . . . .
    X . . . . . .
    . . . . . . O
    . . . . . . O
    . . . . . O O
  )");
  CHECK(finish(half).winner_player == 2);
}

TEST_CASE("squaresquared: a group-tax tie is jigo whatever the inner lines hold") {
  SquareSquared game = from_picture<SquareSquared>(rules(), R"(
    . . . . . . O
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . X . . . . .
    X . . . . . .
  )");
  CHECK(game.score().black == -1);
  CHECK(game.score().white == -1);
  const Outcome o = finish(game);
  CHECK(o.winner_player == 0);
  CHECK(o.winner == Color::empty);
}

TEST_CASE("squaresquared v3: no group tax, ties broken ring by ring") {
  SUBCASE("edge stones count without tax") {
    SquareSquared game = from_picture<SquareSquared>(rules(Scoring::v3), R"(
      X X X X . . .
      X . . . . . .
      X . . O . . .
      X . . . . . .
      . . O O . . .
      . . . . . . O
      O . . . . . .
    )");
    CHECK(game.score().black == 7);
    CHECK(game.score().white == 2);
    CHECK(game.edge_chains().chains[0].tax == 0);
    CHECK(game.ring_stones(Color::white, 0) == 2);
    CHECK(game.ring_stones(Color::white, 1) == 0);
    CHECK(game.ring_stones(Color::white, 2) == 3);
  }
  SUBCASE("the second line decides") {
    SquareSquared game = from_picture<SquareSquared>(rules(Scoring::v3), R"(
      . . . . . . O
      . . . . . . .
      . . . . . . .
      . . . . . . .
      . . . . . . .
      . X . . . . .
      X . . . . . .
    )");
    CHECK(game.score().black == game.score().white);
    CHECK(finish(game).winner_player == 1);
  }
  SUBCASE("the third line decides") {
    SquareSquared game = from_picture<SquareSquared>(rules(Scoring::v3), R"(
      . . . . . . O
      . . . . . O .
      . . . . O . .
      . . . . . . .
      . . . . . . .
      . X . . . . .
      X . . . . . .
    )");
    CHECK(finish(game).winner_player == 2);
  }
  SUBCASE("the centre point decides") {
    SquareSquared game = from_picture<SquareSquared>(rules(Scoring::v3), R"(
      . . . . . . O
      . . . . . O .
      . . . . O . .
      . . . X . . .
      . . X . . . .
      . X . . . . .
      X . . . . . .
    )");
    CHECK(game.ring_stones(Color::black, 3) == 1);
    CHECK(finish(game).winner_player == 1);
  }
  SUBCASE("all rings equal: a draw") {
    SquareSquared game = from_picture<SquareSquared>(rules(Scoring::v3), R"(
      . . . . . . O
      . . . . . O .
      . . . . O . .
      . . . . . . .
      . . X . . . .
      . X . . . . .
      X . . . . . .
    )");
    const Outcome o = finish(game);
    CHECK(o.winner_player == 0);
    CHECK(o.winner == Color::empty);
  }
  SUBCASE("komi can make the tie that the rings break") {
    SquareSquared game = from_picture<SquareSquared>(rules(Scoring::v3, 1), R"(
      . . . . . . O
      . . . . . O .
      . . . . . . .
      . . . . . . .
      . . . . . . .
      . . . . . . .
      X X . . . . .
    )");
    CHECK(game.score().black == 2);
    CHECK(game.score().white == 2);
    CHECK(finish(game).winner_player == 2);  // White has the second-line stone
  }
  SUBCASE("a half-point komi leaves no tie to break") {
    SquareSquared game = from_picture<SquareSquared>(rules(Scoring::v3, 0.5), R"(
      . . . . . . O
      . . . . . . .
      . . . . . . .
      . . . . . . .
      . . . . . . .
      . X . . . . .
      X . . . . . .
    )");
    CHECK(finish(game).winner_player == 2);
  }
  SUBCASE("an even board: the last ring is the central square") {
    SquareSquared game = from_picture<SquareSquared>(rules(Scoring::v3), R"(
      . . . . . O
      . . . . . .
      . . . . . .
      . . X . . .
      . . . . . .
      X . . . . .
    )");
    CHECK(game.ring_stones(Color::black, 2) == 1);
    CHECK(finish(game).winner_player == 1);
  }
}

TEST_CASE("squaresquared: moves of the wrong kind or off the board are refused") {
  SquareSquared game;
  CHECK(game.check(Move::take()) == Illegal::wrong_kind);
  CHECK(game.check(Move::places(3, 4)) == Illegal::wrong_kind);
  CHECK(game.check(Move::place(49)) == Illegal::off_board);
  CHECK(game.check(Move::place(-1)) == Illegal::off_board);
  CHECK(place(game, "D4"));
  CHECK(why(game, "D4") == Illegal::occupied);
}

// --- invariants over random games ----------------------------------------------------------

TEST_CASE("squaresquared: random games keep every invariant") {
  Rng rng(11);
  int suicides = 0;
  for (int size : {5, 6, 7, 9}) {
    for (int round = 0; round < 10; ++round) {
      SquareSquared game(SquareSquared::Rules{size, 0.5, round % 2 ? Scoring::v3 : Scoring::group_tax});
      int turn = 0;
      while (!game.is_over() && turn < 3 * size * size) {
        if (turn % 7 == 0) {
          MoveList list;
          game.legal_moves(list);
          int places = 0;
          for (Point p = 0; p < game.geometry().points; ++p) {
            const bool legal = game.check(Move::place(p)) == Illegal::none;
            CHECK(list.contains(Move::place(p)) == legal);
            places += legal;
          }
          CHECK(list.count == places + 1);
          const uint64_t hash = game.hash();
          const std::string board = picture(game);
          for (Point p = 0; p < game.geometry().points; ++p)
            if (game.check(Move::place(p)) != Illegal::none) CHECK_FALSE(game.play(Move::place(p)));
          CHECK(game.hash() == hash);
          CHECK(picture(game) == board);
          REQUIRE(game.check_consistency());
        }
        Move move = game.random_move(rng);
        check_random_move(game, move);
        if (round % 3 == 0) {
          MoveList list;
          game.legal_moves(list);
          move = list.moves[rng.below(static_cast<uint32_t>(list.count))];
        }
        REQUIRE(game.check(move) == Illegal::none);
        SquareSquared copy = game;
        const int own_before = game.stones().stones(game.color_to_move());
        REQUIRE(game.play(move));
        REQUIRE(copy.play(move));
        CHECK(copy.hash() == game.hash());
        CHECK(picture(copy) == picture(game));
        if (move.is_place() && game.stones().stones(opponent(game.color_to_move())) <= own_before) ++suicides;
        ++turn;
      }
      REQUIRE(game.check_consistency());
      if (game.is_over() && !game.outcome().by_resignation) {
        const Score s = game.score();
        if (s.black != s.white) CHECK(game.outcome().winner_player == (s.black > s.white ? 1 : 2));
      }
    }
  }
  CHECK(suicides > 0);  // the random games did meet multi-stone suicides
}

// --- against a naive reference ---------------------------------------------------------------

TEST_CASE("squaresquared: legality and boards agree with a naive reference over random games") {
  compare_with_naive<SquareSquared>(5, 21, 30, true);
  compare_with_naive<SquareSquared>(6, 22, 6, true);
}

TEST_CASE("squaresquared: the v3 example of docs/rules.md") {
  const char* position = R"(
    . . . O O
    . . . O O
    X . . . O
    X X X . .
    X X . . .
  )";
  SquareSquared::Rules v3;
  v3.scoring = SquareSquared::Scoring::v3;
  SquareSquared game = from_picture<SquareSquared>(v3, position);
  CHECK(game.score().black == 4);
  CHECK(game.score().white == 4);
  REQUIRE(game.play(Move::pass()));
  REQUIRE(game.play(Move::pass()));
  CHECK(game.outcome().winner == Color::black);  // the second line decides: 2 against 1

  SquareSquared taxed = from_picture<SquareSquared>(SquareSquared::Rules{}, position);
  CHECK(taxed.score().black == 2);
  CHECK(taxed.score().white == 2);
  REQUIRE(taxed.play(Move::pass()));
  REQUIRE(taxed.play(Move::pass()));
  CHECK(taxed.outcome().winner_player == 0);  // jigo
}
