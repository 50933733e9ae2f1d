// Go under the Lasker-Maas rules (core/games/go.h): positions as ASCII boards, one TEST_CASE per
// sharp edge of RULINGS.md, then the invariants every game keeps (legal_moves vs check, refused
// moves change nothing, copies, consistency over random games).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "board_text.h"
#include "games/go.h"
#include "naive_capture_rules.h"

using namespace stonegrid;
using stonegrid::testing::check_random_move;
using stonegrid::testing::compare_with_naive;
using stonegrid::testing::from_picture;
using stonegrid::testing::normalise;
using stonegrid::testing::picture;

namespace {

// A GTP vertex ("C3": column letter without I, row 1 at the bottom) on `game`'s board.
template <typename G>
Point vertex(const G& game, const char* name) {
  int column = name[0] - 'A';
  if (name[0] > 'I') --column;
  return game.geometry().at(column, std::stoi(name + 1) - 1);
}

bool place(Go& game, const char* name) {
  return game.play(Move::place(vertex(game, name)));
}
Illegal why(const Go& game, const char* name) {
  return game.check(Move::place(vertex(game, name)));
}

Go::Rules rules(double komi = 6.5) {
  Go::Rules r;
  r.komi = komi;
  return r;
}

// The three ko shapes of a triple ko on 9×9: K1 (a=B2, b=C2), K2 (a=B6, b=C6), K3 (a=G2, b=H2).
// A white stone on `a` can be taken by Black on `b` and back again.
constexpr const char* triple_ko = R"(
  . . . . . . . . .
  . . . . . . . . .
  . X O . . . . . .
  X O . O . . . . .
  . X O . . . . . .
  . . . . . . . . .
  . X O . . . X O .
  X O . O . X . X O
  . X O . . . X O .
)";

}  // namespace

TEST_CASE("go: a new game") {
  Go game;
  CHECK(game.size() == 9);
  CHECK(game.rules().komi == 6.5);
  CHECK(game.to_move() == 1);
  CHECK(game.color_to_move() == Color::black);
  CHECK(game.black_player() == 1);
  CHECK(game.phase() == Go::Phase::play);
  CHECK(game.passes() == 0);
  CHECK(game.moves_played() == 0);
  CHECK_FALSE(game.is_over());
  CHECK(game.prisoners(Color::black) == 0);
  CHECK(game.prisoners(Color::white) == 0);
  CHECK(Go::facts.size_allowed(5));
  CHECK(Go::facts.size_allowed(25));
  CHECK_FALSE(Go::facts.size_allowed(4));
  CHECK_FALSE(Go::facts.size_allowed(26));
  CHECK(game.check_consistency());
  MoveList list;
  game.legal_moves(list);
  CHECK(list.count == 82);
}

TEST_CASE("stones: chains, liberties and the one-liberty test") {
  Go game = from_picture<Go>(rules(), R"(
    . . . . .
    . . . . .
    X X O . .
    O X O . .
    . O X . .
  )");
  const Stones& board = game.stones();
  const Point b2 = vertex(game, "B2"), a3 = vertex(game, "A3"), c1 = vertex(game, "C1");
  CHECK(board.chain(b2) == board.chain(a3));  // A3-B3-B2 is one chain
  CHECK(board.chain_stones(b2) == 3);
  CHECK(board.liberties(b2) == 2);  // A4, B4
  CHECK_FALSE(board.at_most_one_liberty(b2));
  CHECK(board.liberties(c1) == 1);  // D1
  CHECK(board.at_most_one_liberty(c1));
  CHECK(board.at_most_one_liberty(vertex(game, "A2")));  // A1 only
  CHECK(board.liberties(vertex(game, "B1")) == 1);       // A1 only
  CHECK(board.chain(vertex(game, "E5")) == Stones::no_chain);
  // The ring visits the whole chain once.
  int walked = 0;
  Point s = b2;
  do {
    ++walked;
    s = board.next_in_chain(s);
  } while (s != b2 && walked < 10);
  CHECK(walked == 3);
  CHECK(board.stones(Color::black) == 4);
  CHECK(board.stones(Color::white) == 4);
  CHECK(board.empty_count() == 17);
  CHECK(board.check_consistency());
}

TEST_CASE("stones: the superko history, its copy and its overflow") {
  PositionHistory history;
  CHECK(history.size() == 0);
  CHECK_FALSE(history.contains(12345));
  Rng rng(9);
  uint64_t first = rng.next(), kept = 0;
  history.add(first);
  CHECK(history.contains(first));
  PositionHistory copy = history;
  CHECK(copy.contains(first));
  CHECK(copy.size() == 1);
  for (int i = 1; i < PositionHistory::capacity + 100; ++i) {
    const uint64_t h = rng.next();
    history.add(h);
    if (i == 200) kept = h;
  }
  // Full: the oldest boards are forgotten, the last `capacity` are kept.
  CHECK(history.size() == PositionHistory::capacity);
  CHECK(history.recorded() == PositionHistory::capacity + 100);
  CHECK_FALSE(history.contains(first));
  CHECK(history.contains(kept));
  copy = history;
  CHECK(copy.contains(kept));
  CHECK_FALSE(copy.contains(first));
  copy.clear();
  CHECK_FALSE(copy.contains(kept));
  CHECK(history.contains(kept));  // the copy was independent
}

TEST_CASE("go: capturing one chain puts it in the prisoner place by colour") {
  Go game = from_picture<Go>(rules(), R"(
    . . . . .
    . . . . .
    . X . . .
    X O X . .
    . . . . .
  )");
  CHECK(place(game, "B1"));
  CHECK(picture(game) == normalise(R"(
    . . . . .
    . . . . .
    . X . . .
    X . X . .
    . X . . .
  )"));
  CHECK(game.prisoners(Color::white) == 1);
  CHECK(game.prisoners(Color::black) == 0);
  CHECK(game.to_move() == 2);
  CHECK(game.check_consistency());
}

TEST_CASE("go: one placement captures several chains at once") {
  Go game = from_picture<Go>(rules(), R"(
    . . . . .
    . . . . .
    . . . . .
    . X . X .
    X O . O X
  )");
  CHECK(place(game, "C1"));
  CHECK(picture(game) == normalise(R"(
    . . . . .
    . . . . .
    . . . . .
    . X . X .
    X . X . X
  )"));
  CHECK(game.prisoners(Color::white) == 2);
  CHECK(game.check_consistency());
}

TEST_CASE("go: a capture makes a suicide-looking placement legal") {
  // B1 fills the last liberty of the black chains A2-B2 and C1, but first captures A1.
  Go game = from_picture<Go>(rules(), R"(
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
  CHECK(game.prisoners(Color::white) == 1);
  CHECK(game.check_consistency());
}

TEST_CASE("go: suicide is refused, one stone or several") {
  Go other = from_picture<Go>(rules(), R"(
    . . . . .
    . . . . .
    . . . . .
    O . . . .
    . O . . .
  )");
  CHECK(why(other, "A1") == Illegal::suicide);
  const uint64_t before = other.hash();
  CHECK_FALSE(place(other, "A1"));
  CHECK(other.hash() == before);
  CHECK(other.moves_played() == 0);
}

TEST_CASE("go: a multi-stone suicide is refused") {
  Go game = from_picture<Go>(rules(), R"(
    . . . . .
    . . . . .
    O O . . .
    X . O . .
    X O . . .
  )");
  // B2 would join A1-A2 into a chain with no liberty, capturing nothing.
  CHECK(why(game, "B2") == Illegal::suicide);
}

TEST_CASE("go: the simple ko is refused by superko") {
  Go game = from_picture<Go>(rules(), R"(
    . . . . .
    . . . . .
    . X O . .
    X O . O .
    . X O . .
  )");
  CHECK(place(game, "C2"));  // captures B2
  CHECK(game.prisoners(Color::white) == 1);
  CHECK(why(game, "B2") == Illegal::superko);
  CHECK_FALSE(place(game, "B2"));
  // After an exchange elsewhere the board differs, so the retake is legal.
  CHECK(place(game, "E5"));
  CHECK(place(game, "E4"));
  CHECK(why(game, "B2") == Illegal::none);
}

TEST_CASE("go: a triple ko cycle is refused by positional superko") {
  Go game = from_picture<Go>(rules(), triple_ko);
  const std::string start = picture(game);
  CHECK(place(game, "C2"));  // B takes K1
  CHECK(place(game, "G2"));  // W takes K3
  CHECK(place(game, "C6"));  // B takes K2
  CHECK(place(game, "B2"));  // W takes K1 back (not an immediate retake)
  CHECK(place(game, "H2"));  // B takes K3 back
  CHECK(game.prisoners(Color::white) == 3);
  CHECK(game.prisoners(Color::black) == 2);
  // W taking K2 back would recreate the board of six moves ago.
  CHECK(why(game, "B6") == Illegal::superko);
  const std::string before = picture(game);
  CHECK_FALSE(place(game, "B6"));
  CHECK(picture(game) == before);
  CHECK(before != start);
}

TEST_CASE("go: superko holds across the phases") {
  Go game = from_picture<Go>(rules(), R"(
    . . . . .
    . . . . .
    . X O . .
    X O . O .
    . X O . .
  )");
  CHECK(place(game, "C2"));  // B takes the ko
  CHECK(game.play(Move::pass()));
  CHECK(game.play(Move::pass()));
  CHECK(game.phase() == Go::Phase::resolve);
  CHECK(game.color_to_move() == Color::white);
  CHECK(why(game, "B2") == Illegal::superko);
}

TEST_CASE("go: two passes end phase 1; the next player starts phase 2") {
  Go game(Go::Rules{5, 6.5});
  CHECK(place(game, "C3"));
  CHECK(game.play(Move::pass()));  // W
  CHECK(game.passes() == 1);
  CHECK(place(game, "D3"));  // B: the pass run is broken
  CHECK(game.passes() == 0);
  CHECK(game.play(Move::pass()));  // W
  CHECK(game.play(Move::pass()));  // B
  CHECK(game.phase() == Go::Phase::resolve);
  CHECK(game.passes() == 0);  // phase-1 passes do not count in phase 2
  CHECK(game.to_move() == 2);
  CHECK(game.moves_played() == 5);
  // The top-up at the start of phase 2.
  CHECK(game.prisoners(Color::black) == 1);
  CHECK(game.prisoners(Color::white) == 1);
  CHECK(game.play(Move::pass()));  // W: a third pass in a row, but only the first of phase 2
  CHECK(game.phase() == Go::Phase::resolve);
  CHECK(game.passes() == 1);
  CHECK_FALSE(game.is_over());
  CHECK(game.play(Move::pass()));  // B: the second new pass
  CHECK(game.is_over());
  CHECK(game.phase() == Go::Phase::over);
  CHECK(game.check(Move::pass()) == Illegal::game_over);
  CHECK(game.check(Move::resign()) == Illegal::game_over);
  MoveList list;
  game.legal_moves(list);
  CHECK(list.count == 0);
}

TEST_CASE("go: phase-2 placements draw from the prisoners, with the pair top-up") {
  Go game(Go::Rules{5, 0});
  CHECK(game.play(Move::pass()));
  CHECK(game.play(Move::pass()));
  CHECK(game.phase() == Go::Phase::resolve);
  CHECK(game.prisoners(Color::black) == 1);
  CHECK(game.prisoners(Color::white) == 1);
  CHECK(place(game, "C3"));  // B takes its last black prisoner: top-up
  CHECK(game.prisoners(Color::black) == 1);
  CHECK(game.prisoners(Color::white) == 2);
  CHECK(place(game, "D3"));  // W
  CHECK(game.prisoners(Color::black) == 1);
  CHECK(game.prisoners(Color::white) == 1);
  CHECK(place(game, "B3"));  // B: top-up again
  CHECK(game.prisoners(Color::black) == 1);
  CHECK(game.prisoners(Color::white) == 2);
  CHECK(game.check_consistency());
}

TEST_CASE("go: with prisoners in hand phase 2 adds no pair") {
  Go game = from_picture<Go>(rules(0), R"(
    . . . . .
    . . . . .
    . X . . .
    X O X . .
    . . . . .
  )");
  CHECK(place(game, "B1"));  // captures one white stone
  CHECK(game.play(Move::pass()));
  CHECK(game.play(Move::pass()));  // phase 2, White to move; black prisoners 0: top-up
  CHECK(game.prisoners(Color::white) == 2);
  CHECK(game.prisoners(Color::black) == 1);
  CHECK(place(game, "E5"));  // W
  CHECK(game.prisoners(Color::white) == 1);
  CHECK(game.prisoners(Color::black) == 1);
}

TEST_CASE("go: captures in phase 2 go to the prisoner place") {
  Go game = from_picture<Go>(rules(0), R"(
    . . . . .
    . . . . .
    . X . . .
    X O X . .
    . . . . .
  )");
  CHECK(game.play(Move::pass()));
  CHECK(game.play(Move::pass()));
  CHECK(game.prisoners(Color::black) == 1);
  CHECK(game.prisoners(Color::white) == 1);
  CHECK(place(game, "B1"));                  // B: pays its one black prisoner, captures one white stone
  CHECK(game.prisoners(Color::black) == 1);  // 0, then the pair top-up
  CHECK(game.prisoners(Color::white) == 3);  // 1 + the capture + the top-up
  CHECK(picture(game) == normalise(R"(
    . . . . .
    . . . . .
    . X . . .
    X . X . .
    . X . . .
  )"));
}

TEST_CASE("go: counting territory, dame and empty boards") {
  SUBCASE("an empty board: one region touching no colour") {
    Go game(Go::Rules{5, 6.5});
    CHECK(game.territory(Color::black) == 0);
    CHECK(game.territory(Color::white) == 0);
    CHECK(game.score().black == 0);
    CHECK(game.score().white == 6.5);
    for (int i = 0; i < 4; ++i) CHECK(game.play(Move::pass()));
    CHECK(game.is_over());
    CHECK(game.score().black == -1);  // the phase-2 top-up stays in the prisoner place
    CHECK(game.score().white == 5.5);
    CHECK(game.outcome().winner_player == 2);
    CHECK(game.outcome().winner == Color::white);
    CHECK_FALSE(game.outcome().by_resignation);
  }
  SUBCASE("walls: territory on each side, dame between") {
    Go game = from_picture<Go>(rules(0.5), R"(
      . X . O .
      . X . O .
      . X . O .
      . X . O .
      . X . O .
    )");
    CHECK(game.territory(Color::black) == 5);
    CHECK(game.territory(Color::white) == 5);
    CHECK(game.score().black == 5);
    CHECK(game.score().white == 5.5);
  }
  SUBCASE("several regions of one colour add up; prisoners are subtracted") {
    Go game = from_picture<Go>(rules(0), R"(
      . X . X O
      X X X X O
      . . X O .
      X X X O O
      . X . X O
    )");
    // Black: A5, C5, A1, C1 and the region A3-B3 (2 points) = 6. White: E3.
    CHECK(game.territory(Color::black) == 6);
    CHECK(game.territory(Color::white) == 1);
    CHECK(place(game, "C1"));  // fills own territory: 5 left
    CHECK(game.territory(Color::black) == 5);
  }
  SUBCASE("equal scores with an integer komi are a draw") {
    Go game = from_picture<Go>(rules(0), R"(
      . X . O .
      . X . O .
      . X . O .
      . X . O .
      . X . O .
    )");
    for (int i = 0; i < 4; ++i) CHECK(game.play(Move::pass()));
    CHECK(game.is_over());
    CHECK(game.score().black == 4);
    CHECK(game.score().white == 4);
    CHECK(game.outcome().winner_player == 0);
    CHECK(game.outcome().winner == Color::empty);
  }
  SUBCASE("komi decides") {
    Go game = from_picture<Go>(rules(-1), R"(
      . X . O .
      . X . O .
      . X . O .
      . X . O .
      . X . O .
    )");
    for (int i = 0; i < 4; ++i) CHECK(game.play(Move::pass()));
    CHECK(game.outcome().winner_player == 1);
    CHECK(game.outcome().winner == Color::black);
  }
}

TEST_CASE("go: prisoners enter the count") {
  Go game = from_picture<Go>(rules(0), R"(
    . X . O .
    . X . O .
    . X . O .
    . X . O .
    O X . O .
  )");
  // A1 is a white stone inside Black's area; Black captures it... A1 has liberty A2 only.
  CHECK(place(game, "A2"));
  CHECK(game.prisoners(Color::white) == 1);
  CHECK(game.territory(Color::black) == 4);  // A5, A4, A3, A1
  CHECK(game.score().black == 4);
  CHECK(game.score().white == 5 - 1);
}

TEST_CASE("go: passes() reads 2 once two passes in phase 2 end the game, as in the other games") {
  // The contract (game.h): passes in a row within the phase being played — after the game
  // ends by passes, the two that ended it. Phase 1's two passes do not count in phase 2.
  Go game(Go::Rules{5, 6.5});
  CHECK(game.play(Move::pass()));
  CHECK(game.play(Move::pass()));
  CHECK(game.phase() == Go::Phase::resolve);
  CHECK(game.passes() == 0);
  CHECK(game.play(Move::pass()));
  CHECK(game.passes() == 1);
  CHECK(game.play(Move::pass()));
  REQUIRE(game.is_over());
  CHECK(game.passes() == 2);
  CHECK(game.check_consistency());
  // A copy and a replay agree (the hash includes the passes).
  Go replay(Go::Rules{5, 6.5});
  for (int i = 0; i < 4; ++i) replay.play_legal(Move::pass());
  CHECK(replay.passes() == 2);
  CHECK(replay.hash() == game.hash());
}

TEST_CASE("go: resigning, in each phase") {
  SUBCASE("phase 1") {
    Go game;
    CHECK(game.play(Move::pass()));  // B passes
    CHECK(game.passes() == 1);
    CHECK(game.check(Move::resign()) == Illegal::none);
    CHECK(game.play(Move::resign()));  // W resigns
    CHECK(game.is_over());
    CHECK(game.outcome().winner_player == 1);
    CHECK(game.outcome().winner == Color::black);
    CHECK(game.outcome().by_resignation);
    CHECK(game.passes() == 0);
    CHECK(game.moves_played() == 2);
  }
  SUBCASE("phase 2") {
    Go game;
    CHECK(game.play(Move::pass()));
    CHECK(game.play(Move::pass()));
    CHECK(game.play(Move::pass()));  // B, first pass of phase 2
    CHECK(game.phase() == Go::Phase::resolve);
    CHECK(game.play(Move::resign()));  // W resigns
    CHECK(game.outcome().winner_player == 1);
    CHECK(game.outcome().by_resignation);
    CHECK(game.passes() == 0);
    CHECK(game.phase() == Go::Phase::over);
  }
  SUBCASE("black resigns at once") {
    Go game;
    CHECK(game.play(Move::resign()));
    CHECK(game.outcome().winner_player == 2);
    CHECK(game.outcome().winner == Color::white);
  }
}

TEST_CASE("go: moves of the wrong kind or off the board are refused") {
  Go game;
  CHECK(game.check(Move::take()) == Illegal::wrong_kind);
  CHECK(game.check(Move::places(3, 4)) == Illegal::wrong_kind);
  CHECK(game.check(Move::place(81)) == Illegal::off_board);
  CHECK(game.check(Move::place(-3)) == Illegal::off_board);
  CHECK(place(game, "E5"));
  CHECK(why(game, "E5") == Illegal::occupied);
  const uint64_t before = game.hash();
  CHECK_FALSE(game.play(Move::take()));
  CHECK_FALSE(game.play(Move::place(81)));
  CHECK(game.hash() == before);
}

TEST_CASE("go: setup restarts the superko history") {
  Go game = from_picture<Go>(rules(), R"(
    . . . . .
    . . . . .
    . X O . .
    X O . O .
    . X O . .
  )");
  CHECK(place(game, "C2"));
  CHECK(why(game, "B2") == Illegal::superko);
  game.setup(vertex(game, "E5"), Color::black);
  CHECK(why(game, "B2") == Illegal::none);
}

// --- invariants over random games ----------------------------------------------------------

namespace {

void check_legal_moves_match_check(const Go& game) {
  MoveList list;
  game.legal_moves(list);
  int places = 0;
  for (Point p = 0; p < game.geometry().points; ++p) {
    const bool legal = game.check(Move::place(p)) == Illegal::none;
    CHECK(list.contains(Move::place(p)) == legal);
    places += legal;
  }
  CHECK(list.contains(Move::pass()));
  CHECK_FALSE(list.contains(Move::resign()));
  CHECK(list.count == places + 1);
}

void check_refusals_change_nothing(Go& game) {
  const uint64_t hash = game.hash();
  const std::string board = picture(game);
  const int moves = game.moves_played();
  for (Point p = 0; p < game.geometry().points; ++p) {
    if (game.check(Move::place(p)) == Illegal::none) continue;
    CHECK_FALSE(game.play(Move::place(p)));
  }
  CHECK_FALSE(game.play(Move::take()));
  CHECK(game.hash() == hash);
  CHECK(picture(game) == board);
  CHECK(game.moves_played() == moves);
}

}  // namespace

TEST_CASE("go: random games keep every invariant") {
  Rng rng(7);
  int phase_two_games = 0;
  for (int size : {5, 7, 9}) {
    for (int round = 0; round < 12; ++round) {
      Go game(Go::Rules{size, 0.5});
      int turn = 0;
      while (!game.is_over() && turn < 3 * size * size) {
        if (turn % 7 == 0) {
          check_legal_moves_match_check(game);
          check_refusals_change_nothing(game);
          REQUIRE(game.check_consistency());
          Go copy = game;
          CHECK(copy.hash() == game.hash());
          CHECK(picture(copy) == picture(game));
          CHECK(copy.prisoners(Color::black) == game.prisoners(Color::black));
        }
        Move move = game.random_move(rng);
        check_random_move(game, move);
        if (round % 3 == 0) {  // sometimes any legal move, passes included
          MoveList list;
          game.legal_moves(list);
          move = list.moves[rng.below(static_cast<uint32_t>(list.count))];
        }
        REQUIRE(game.check(move) == Illegal::none);
        // A copy played the same way stays equal.
        Go copy = game;
        REQUIRE(game.play(move));
        REQUIRE(copy.play(move));
        CHECK(copy.hash() == game.hash());
        phase_two_games += game.phase() == Go::Phase::resolve && game.passes() == 0;
        ++turn;
      }
      REQUIRE(game.check_consistency());
      if (game.is_over()) {
        const Score s = game.score();
        const Outcome o = game.outcome();
        CHECK(o.winner_player == (s.black > s.white ? 1 : s.white > s.black ? 2 : 0));
      }
    }
  }
  CHECK(phase_two_games > 0);
}

TEST_CASE("go: random_move never fills a one-point eye and passes when nothing is left") {
  Go game = from_picture<Go>(rules(), R"(
    . X . X .
    X X X X X
    X X . X X
    X X X X X
    . X . X .
  )");
  Rng rng(3);
  // Every empty point is a black one-point eye: Black passes.
  CHECK(game.random_move(rng) == Move::pass());
  CHECK(game.play(Move::pass()));
  // White may play inside (the stone captures nothing: suicide), so White passes too.
  CHECK(game.random_move(rng) == Move::pass());
}

// --- against a naive reference ---------------------------------------------------------------

TEST_CASE("go: legality and boards agree with a naive reference over random games") {
  compare_with_naive<Go>(5, 21, 30, false);
  compare_with_naive<Go>(6, 22, 6, false);
}
