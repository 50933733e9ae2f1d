// SGF records (core/sgf.h): lossless round trips of random games of all four games (with the
// features each dialect has to carry), ordinary Go files, and malformed files with their messages.
#include <doctest/doctest.h>

#include "notation.h"
#include "random_game.h"
#include "sgf.h"

using namespace stonegrid;
using stonegrid::testing::random_game;

namespace {

// Write, read back, and compare everything a player can see.
void check_round_trip(const AnyGame& game) {
  std::string sgf = write_sgf(game);
  CHECK(sgf.find("\n\n") == std::string::npos);
  std::string error;
  std::optional<AnyGame> back = read_sgf(sgf, error);
  INFO(sgf);
  INFO(error);
  REQUIRE(back);
  CHECK(back->settings().kind == game.settings().kind);
  CHECK(back->size() == game.size());
  CHECK(back->komi() == game.komi());
  CHECK(back->settings().variant == game.settings().variant);
  REQUIRE(back->moves().size() == game.moves().size());
  for (size_t i = 0; i < game.moves().size(); ++i) CHECK(back->moves()[i] == game.moves()[i]);
  CHECK(back->hash() == game.hash());
  CHECK(back->state_json() == game.state_json());
  CHECK(write_sgf(*back) == sgf);
}

// Replays a record and reports what happened along the way.
struct Seen {
  bool flip = false, resolve = false, capture = false, suicide = false, take = false;
  bool multi_ballot = false;
};

Seen features(const AnyGame& game) {
  Seen seen;
  GameRecord start = game.record();
  start.moves.clear();
  std::string error;
  std::optional<AnyGame> replay = AnyGame::replay(start, error);
  for (const Move& move : game.moves()) {
    AnyGame before = *replay;
    replay->play(move);
    Color mover = before.color_to_move();
    if (move.kind == Move::Kind::take) seen.take = true;
    if (move.is_place() && move.count > 1) seen.multi_ballot = true;
    if (replay->phase() == Phase::resolve) seen.resolve = true;
    if (!move.is_place() || before.phase() == Phase::ballot) continue;
    if (replay->at(move.point()) != mover) seen.suicide = true;
    for (Point p = 0; p < game.size() * game.size(); ++p) {
      if (p == move.point() || before.at(p) != opponent(mover)) continue;
      if (replay->at(p) == Color::empty) seen.capture = true;
      if (replay->at(p) == mover) seen.flip = true;
    }
  }
  return seen;
}

}  // namespace

TEST_CASE("sgf: random games of every game round-trip losslessly") {
  Seen all[4];
  for (GameKind kind : {GameKind::loose, GameKind::go, GameKind::looper, GameKind::squaresquared}) {
    for (uint64_t seed = 1; seed <= 24; ++seed) {
      int size = kind == GameKind::loose ? 5 + 2 * (seed % 3) : 5 + seed % 5;
      AnyGame game = random_game(kind, size, seed, seed % 5 == 0);
      check_round_trip(game);
      Seen s = features(game);
      Seen& a = all[kind.index()];
      a.flip |= s.flip, a.resolve |= s.resolve, a.capture |= s.capture, a.suicide |= s.suicide;
      a.take |= s.take, a.multi_ballot |= s.multi_ballot;
    }
  }
  CHECK(all[GameKind::loose.index()].flip);
  CHECK(all[GameKind::go.index()].resolve);
  CHECK(all[GameKind::go.index()].capture);
  CHECK(all[GameKind::looper.index()].take);
  CHECK(all[GameKind::looper.index()].multi_ballot);
  CHECK(all[GameKind::squaresquared.index()].suicide);
}

TEST_CASE("sgf: setup, komi, variant scoring and resignation round-trip") {
  std::string error;
  GameSettings settings;
  settings.kind = GameKind::squaresquared;
  settings.size = 9;
  settings.komi = 2.5;
  settings.variant = 1;
  std::optional<AnyGame> game = AnyGame::create(settings, error);
  REQUIRE(game);
  game->setup(10, Color::black);
  game->setup(20, Color::white);
  REQUIRE(game->play(Move::place(40)) == Illegal::none);
  REQUIRE(game->play(Move::resign()) == Illegal::none);
  std::string sgf = write_sgf(*game);
  CHECK(sgf.find("RU[SquareSquared-v3]") != std::string::npos);
  CHECK(sgf.find("KM[2.5]") != std::string::npos);
  CHECK(sgf.find("RE[B+R]") != std::string::npos);
  CHECK(sgf.find("AB[bh]AW[cg]") != std::string::npos);
  check_round_trip(*game);

  game = AnyGame::create("loose", 7, -4, error);
  REQUIRE(game);
  check_round_trip(*game);
}

TEST_CASE("sgf: the Loose komi agreement round-trips, and a bad one is refused") {
  std::string error;
  GameSettings settings;
  settings.kind = GameKind::loose;
  settings.size = 7;
  settings.komi = 4;
  settings.komi_named_by = Color::white;  // White named 4; Black chose to play Black
  std::optional<AnyGame> game = AnyGame::create(settings, error);
  REQUIRE(game);
  REQUIRE(game->play(Move::place(24)) == Illegal::none);
  const std::string sgf = write_sgf(*game);
  CHECK(sgf.find("KM[4]XK[W]") != std::string::npos);
  std::optional<AnyGame> back = read_sgf(sgf, error);
  REQUIRE(back);
  CHECK(back->settings().komi_named_by == Color::white);
  CHECK(write_sgf(*back) == sgf);

  CHECK_FALSE(read_sgf("(;GM[1]SG[loose]SZ[7]KM[4]XK[X])", error));
  CHECK(error == "sgf: line 1, column 29: XK names the player who named the komi: B or W, not 'X'");
}

TEST_CASE("sgf: a Loose flip is mirrored by setup on the move's node") {
  // Black at C2 leaves the white stone at A1... use a position where White's B1 chain loses
  // its last true liberty: White B1 with Black A1, C1, and the placement B2.
  std::string error;
  std::optional<AnyGame> game = AnyGame::create("loose", 5, 0, error);
  REQUIRE(game);
  // Black A1, White B1, Black C1, White E5, Black B2: B1 has no empty neighbour left -> flipped.
  for (const char* v : {"A1", "B1", "C1", "E5", "B2"}) {
    std::optional<Move> m = parse_move(v, 5, error);
    REQUIRE(game->play(*m) == Illegal::none);
  }
  CHECK(game->at(1) == Color::black);
  std::string sgf = write_sgf(*game);
  CHECK(sgf.find(";B[bd]AB[be]") != std::string::npos);
  check_round_trip(*game);
}

TEST_CASE("sgf: Looper ballot and take nodes") {
  std::string error;
  std::optional<AnyGame> game = AnyGame::create("looper", 5, std::nullopt, error);
  REQUIRE(game);
  REQUIRE(game->play(Move::ballot(0, 6, 12)) == Illegal::none);
  REQUIRE(game->play(Move::place(3)) == Illegal::none);
  REQUIRE(game->play(Move::take()) == Illegal::none);
  REQUIRE(game->play(Move::place(24)) == Illegal::none);
  std::string sgf = write_sgf(*game);
  CHECK(sgf.find(";XB[ae][bd][cc]XP[1]AB[ae][bd][cc];XB[de]XP[2]AB[de];XT[]XP[1];W[ea]") !=
        std::string::npos);
  CHECK(sgf.find("KM[") == std::string::npos);
  check_round_trip(*game);
}

TEST_CASE("sgf: an ordinary Go file") {
  const char* text =
      "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[7.5]PB[Alice]PW[Bob]AB[cc][gg]C[handicap \\] game]\n"
      ";W[ee]C[White moves first after handicap]\n"
      ";B[tt]\n"
      ";W[dd]\n"
      "(;B[ef]C[main line]LB[ef:A])\n"
      "(;B[fe]))\n";
  std::string error;
  std::optional<AnyGame> game = read_sgf(text, error);
  INFO(error);
  REQUIRE(game);
  CHECK(game->kind() == GameKind::go);
  CHECK(game->komi() == 7.5);
  std::vector<std::string> moves;
  for (const Move& m : game->moves()) moves.push_back(move_text(m, 9));
  CHECK(moves == std::vector<std::string>{"pass", "E5", "pass", "D6", "E4"});
  CHECK(game->board_rows() == std::vector<std::string>{".........", ".........", "..X......", "...O.....",
                                                       "....O....", "....X....", "......X..", ".........",
                                                       "........."});

  // 19×19 with `tt` as pass, a rectangle of setup stones, no KM (Go's default komi).
  game = read_sgf("(;SZ[19]AB[aa:bb];B[tt];W[ss])", error);
  REQUIRE(game);
  CHECK(game->size() == 19);
  CHECK(game->komi() == 6.5);
  CHECK(game->at(18 * 19) == Color::black);
  CHECK(game->at(17 * 19 + 1) == Color::black);
  CHECK(game->moves().size() == 2);
  CHECK(game->at(18) == Color::white);

  game = read_sgf("(;SZ[7:7])", error);
  REQUIRE(game);
  CHECK(game->size() == 7);
  CHECK_FALSE(read_sgf("(;SZ[7:9])", error));
  CHECK(error == "sgf: line 1, column 5: bad board size SZ[7:9]");

  // Square Squared recognised by RU without SG.
  game = read_sgf("(;SZ[7]RU[SquareSquared];B[dd])", error);
  REQUIRE(game);
  CHECK(game->kind() == GameKind::squaresquared);
}

TEST_CASE("sgf: malformed files name the problem and the place") {
  struct Case {
    const char* text;
    const char* error;
  };
  const Case cases[] = {
      {"", "sgf: line 1, column 1: empty file: no game tree"},
      {";B[dd]", "sgf: line 1, column 1: expected '(' to start a game tree"},
      {"(;FF[4]GM[1]SZ[9]\n;B[dd]\n;W[ee]C[unterminated",
       "sgf: line 3, column 8: unterminated property value"},
      {"(;SZ[9];B[dd]", "sgf: line 1, column 14: unexpected end of file: missing ')'"},
      {"(;SZ[9];B[zz])", "sgf: line 1, column 10: bad point 'zz' for a 9\u00d79 board"},
      {"(;SZ[9];B[dd];W[dd])", "sgf: line 1, column 15: illegal move W[dd] (D6): that point is occupied"},
      {"(;SZ[30])", "sgf: line 1, column 5: size 30 is not allowed in Go (sizes 5 to 25)"},
      {"(;SG[loose]SZ[8])", "sgf: line 1, column 14: size 8 is not allowed in Loose (odd sizes 5 to 25)"},
      {"(;SG[loose]KM[1])",
       "sgf: line 1, column 14: komi 1 is not allowed in Loose: komi is an even integer"},
      {"(;GM[2])", "sgf: line 1, column 5: only GM[1] (Go) files are supported, not GM[2]"},
      {"(;SG[chess])", "sgf: line 1, column 5: unknown game 'chess' in SG"},
      {"(;SZ[9]B)", "sgf: line 1, column 8: property B has no value"},
      {"(;SZ[9]KM[abc])", "sgf: line 1, column 10: bad komi KM[abc]"},
      {"(;SZ[x])", "sgf: line 1, column 5: bad board size SZ[x]"},
      {"(;SZ[9](;B[aa]);W[bb])",
       "sgf: line 1, column 16: a node after a variation (nodes must come before '(')"},
      {"(;SG[go]SZ[9];W[dd])", "sgf: line 1, column 15: W[dd] but White is not to move"},
      {"(;SG[looper]SZ[9];XB[aa][bb][cc][dd])", "sgf: line 1, column 19: a ballot turn XB has 1 to 3 points"},
      {"(;SG[looper]SZ[9];XB[aa]XP[2])", "sgf: line 1, column 27: XP[2] but player 1 is to move"},
      {"(;SG[go]SZ[9];XT[])", "sgf: line 1, column 15: XT is a Looper property, not valid in Go"},
      {"(;SG[looper]SZ[9];B[])",
       "sgf: line 1, column 19: illegal move B[] (pass): that kind of move is not allowed now"},
      {"()", "sgf: line 1, column 2: expected ';' to start a node after '('"},
      {"(;SZ[9]!)", "sgf: line 1, column 8: unexpected character '!'"},
      {"(;SZ[9];B[aa]W[bb])", "sgf: line 1, column 8: a node with more than one move"},
      {"(;SZ[9];B[aa];AB[cc])", "sgf: line 1, column 15: setup AB after the first move is not supported"},
      {"(;SZ[9]C[\u00e9t\u00e9]\n  ;B[a", "sgf: line 2, column 5: unterminated property value"},
  };
  for (const Case& c : cases) {
    std::string error;
    INFO(std::string(c.text));
    CHECK_FALSE(read_sgf(c.text, error));
    CHECK(error == c.error);
  }
  // Deeply nested variations neither crash nor hang.
  std::string deep = "(;SZ[9]" + std::string(100000, '(');
  std::string error;
  CHECK_FALSE(read_sgf(deep, error));
}
