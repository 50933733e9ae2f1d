// SGF records (core/formats/sgf.h): lossless round trips of random games of all four games (with the
// features each dialect has to carry), ordinary Go files, and malformed files with their messages.
#include <doctest/doctest.h>

#include "capture_go.h"
#include "formats/sgf.h"
#include "random_game.h"
#include "rules/notation.h"

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
  CHECK(back->state().hash() == game.state().hash());
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
    Color mover = before.state().color_to_move();
    if (move.kind == Move::Kind::take) seen.take = true;
    if (move.is_place() && move.count > 1) seen.multi_ballot = true;
    if (phase_name(*replay) == "resolve") seen.resolve = true;
    if (!move.is_place() || phase_name(before) == "ballot") continue;
    if (replay->state().at(move.point()) != mover) seen.suicide = true;
    for (Point p = 0; p < game.size() * game.size(); ++p) {
      if (p == move.point() || before.state().at(p) != opponent(mover)) continue;
      if (replay->state().at(p) == Color::empty) seen.capture = true;
      if (replay->state().at(p) == mover) seen.flip = true;
    }
  }
  return seen;
}

}  // namespace

TEST_CASE("sgf: random games of every game round-trip losslessly") {
  std::vector<Seen> all(game_kinds().size());
  for (GameKind kind : game_kinds()) {
    for (uint64_t seed = 1; seed <= 24; ++seed) {
      int size = kind.facts().odd_sizes_only ? 5 + 2 * (seed % 3) : 5 + seed % 5;
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
  CHECK(game->state().at(1) == Color::black);
  std::string sgf = write_sgf(*game);
  CHECK(sgf.find(";B[bd]AB[be]") != std::string::npos);
  check_round_trip(*game);
}

TEST_CASE("sgf: Looper ballot and take nodes") {
  std::string error;
  std::optional<AnyGame> game = AnyGame::create("looper", 5, std::nullopt, error);
  REQUIRE(game);
  REQUIRE(game->play(Move::places(0, 6, 12)) == Illegal::none);
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
  CHECK(game->state().at(18 * 19) == Color::black);
  CHECK(game->state().at(17 * 19 + 1) == Color::black);
  CHECK(game->moves().size() == 2);
  CHECK(game->state().at(18) == Color::white);

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

// --- setup: AE, order, legality (issue 12) ----------------------------------------------------

namespace {

std::string rows_of(const AnyGame& game) {
  std::string out;
  for (const std::string& row : game.board_rows()) out += row + "\n";
  return out;
}

// Reads `text`, writes it, reads that back: the same state, and writing is a fixed point.
// Returns the written SGF.
std::string check_reread(std::string_view text) {
  INFO(std::string(text));
  std::string error;
  std::optional<AnyGame> first = read_sgf(text, error);
  INFO(error);
  REQUIRE(first);
  const std::string written = write_sgf(*first);
  INFO(written);
  std::optional<AnyGame> second = read_sgf(written, error);
  INFO(error);
  REQUIRE(second);
  CHECK(rows_of(*second) == rows_of(*first));
  CHECK(second->state_json() == first->state_json());
  CHECK(second->state().hash() == first->state().hash());
  CHECK(second->moves().size() == first->moves().size());
  CHECK(write_sgf(*second) == written);
  return written;
}

}  // namespace

TEST_CASE("sgf: AE erases set-up stones, and the writer does not turn it into White stones") {
  std::string error;
  std::optional<AnyGame> game = read_sgf("(;GM[1]SZ[9]AE[aa:ii]AB[ee])", error);
  REQUIRE(game);
  CHECK(rows_of(*game) ==
        ".........\n.........\n.........\n.........\n....X....\n"
        ".........\n.........\n.........\n.........\n");
  const std::string written = write_sgf(*game);
  CHECK(written.find("AW") == std::string::npos);
  CHECK(written.find("AB[ee]") != std::string::npos);
  check_reread("(;GM[1]SZ[9]AE[aa:ii]AB[ee])");

  // A black board with one hole, then White fills it and captures everything.
  game = read_sgf("(;GM[1]SZ[5]AB[aa:ee]AE[cc];W[cc])", error);
  INFO(error);
  REQUIRE(game);
  CHECK(game->state().prisoners(Color::black) == 24);
  check_reread("(;GM[1]SZ[5]AB[aa:ee]AE[cc];W[cc])");
  check_reread("(;GM[1]SZ[5]AB[aa:ee];AE[cc];W[cc])");
}

TEST_CASE("sgf: setup nodes apply in file order; the writer keeps the final set-up board") {
  std::string error;
  std::optional<AnyGame> game = read_sgf("(;GM[1]SZ[9]AW[aa];AB[aa];B[ee])", error);
  REQUIRE(game);
  CHECK(game->board_rows()[0] == "X........");
  const std::string written = check_reread("(;GM[1]SZ[9]AW[aa];AB[aa];B[ee])");
  CHECK(written.find("AW") == std::string::npos);

  // Later setup nodes of our own files (no move on them) are honoured too, before the first move.
  game = read_sgf("(;SG[go]SZ[9]AB[aa];AE[aa]AW[bb];B[ee])", error);
  REQUIRE(game);
  CHECK(game->board_rows()[0] == ".........");
  CHECK(game->board_rows()[1] == ".O.......");
  CHECK_FALSE(read_sgf("(;SG[go]SZ[9];B[ee];AB[aa])", error));
  CHECK(error == "sgf: line 1, column 21: setup AB after the first move is not supported");
}

TEST_CASE("sgf: a point set up twice in one node: the properties apply in the order written") {
  // SGF FF[4] forbids it; Stonegrid reads such a node in file order rather than refusing it.
  std::string error;
  std::optional<AnyGame> game = read_sgf("(;GM[1]SZ[9]AB[aa]AW[aa])", error);
  REQUIRE(game);
  CHECK(game->board_rows()[0] == "O........");
  game = read_sgf("(;GM[1]SZ[9]AW[aa]AB[aa][aa])", error);
  REQUIRE(game);
  CHECK(game->board_rows()[0] == "X........");
  game = read_sgf("(;GM[1]SZ[9]AB[aa:cc]AE[bb])", error);
  REQUIRE(game);
  CHECK(game->board_rows()[1] == "X.X......");
  check_reread("(;GM[1]SZ[9]AB[aa]AW[aa])");
  check_reread("(;GM[1]SZ[9]AB[aa:cc]AE[bb]AW[bb]AE[ba])");
}

TEST_CASE("sgf: set-up positions that break the rules are refused, naming a stone") {
  struct Case {
    const char* text;
    const char* error;
  };
  const Case cases[] = {
      // A black stone in the corner with no liberty; play must not go on from it.
      {"(;GM[1]SZ[9]AB[aa]AW[ab][ba])", "sgf: line 1, column 15: set-up stone A9 has no liberty"},
      {"(;GM[1]SZ[9]AB[aa]AW[ab][ba];B[ee])", "sgf: line 1, column 15: set-up stone A9 has no liberty"},
      {"(;SG[squaresquared]SZ[9]AW[ab][ba];AB[aa])",
       "sgf: line 1, column 38: set-up stone A9 has no liberty"},
      // A full board, in the capture games.
      {"(;GM[1]SZ[9]AB[aa:ii])", "sgf: line 1, column 15: set-up stone A9 has no liberty"},
      {"(;SG[squaresquared]SZ[5]AB[aa:ee])", "sgf: line 1, column 27: set-up stone A5 has no liberty"},
      {"(;SG[loose]SZ[5]AW[aa:ee])", "sgf: line 1, column 19: set-up stone A5 has no true liberty"},
      // Loose: A5's only liberty B5 is false (no empty neighbour, Black and White next to it).
      {"(;SG[loose]SZ[5]AB[aa]AW[ab][ca][bb])",
       "sgf: line 1, column 19: set-up stone A5 has no true liberty"},
      // The white chain C4-C3-D3 (and more) with its liberties all filled, set in two nodes.
      {"(;GM[1]SZ[5]AW[cb][cc][dc];AB[bb][bc][cd][dd][ec][db][ca][da])",
       "sgf: line 1, column 15: set-up stone C4 has no liberty"},
  };
  for (const Case& c : cases) {
    std::string error;
    INFO(std::string(c.text));
    CHECK_FALSE(read_sgf(c.text, error));
    CHECK(error == c.error);
  }
  // The Loose position is fine for Go: B5 is a liberty there.
  std::string error;
  CHECK(read_sgf("(;SG[go]SZ[5]AB[aa]AW[ab][ca][bb])", error));
  // A chain that is set up without liberties and then given one before play is fine.
  CHECK(read_sgf("(;GM[1]SZ[9]AB[aa]AW[ab][ba];AE[ba])", error));
}

TEST_CASE("sgf: Looper accepts any set-up position (no liberties in Looper)") {
  std::string error;
  // A full board: `take` is the only legal turn, and it decides the game at once.
  std::optional<AnyGame> game = read_sgf("(;SG[looper]SZ[5]AB[aa:ee])", error);
  REQUIRE(game);
  MoveList list;
  game->state().legal_moves(list);
  REQUIRE(list.count == 1);
  CHECK(list.moves[0].kind == Move::Kind::take);
  CHECK(game->play(Move::take()) == Illegal::none);
  CHECK(game->state().is_over());
  CHECK(game->state().outcome().winner == Color::black);  // a full black torus holds every loop
  check_reread("(;SG[looper]SZ[5]AB[aa:ee];XT[]XP[1])");

  // White set-up stones before `take`: a full row of White blocks the vertical loops but not the
  // horizontal ones, so the game goes on after take.
  game = read_sgf("(;SG[looper]SZ[5]AW[aa:ea];XB[bb]XP[1];XT[]XP[2];W[cc])", error);
  INFO(error);
  REQUIRE(game);
  CHECK_FALSE(game->state().is_over());
  check_reread("(;SG[looper]SZ[5]AW[aa:ea];XB[bb]XP[1];XT[]XP[2];W[cc])");
  // A white ring of every row... every column: no loop is possible, White wins at take.
  game = read_sgf("(;SG[looper]SZ[5]AW[aa:ea][ab:ae];XT[]XP[1])", error);
  REQUIRE(game);
  CHECK(game->state().is_over());
  CHECK(game->state().outcome().winner == Color::white);
}

TEST_CASE("sgf: read, write, read keeps the state, and writing is a fixed point") {
  const char* files[] = {
      // Go: setup in later nodes, AE, handicap, a capture, variations (main line kept).
      "(;GM[1]SZ[9]AE[aa:ii]AB[ee])",
      "(;GM[1]SZ[5]AB[aa:ee];AE[cc];W[cc])",
      "(;GM[1]SZ[9]AW[aa];AB[aa];B[ee])",
      "(;GM[1]SZ[9]AB[cc][gg];AW[dd]AE[cc];AB[cc];W[ee];B[dc];W[ff];B[de];W[ed];B[ce]C[x])",
      "(;SG[go]SZ[9]KM[0.5];AB[aa:ba];AE[aa](;B[ee];W[dd])(;B[aa]))",
      "(;SZ[19]AB[aa:bb];B[tt];W[ss])",
      // Go: both phases (passes end phase 1; phase 2 takes prisoners).
      "(;SG[go]SZ[5]AB[ab]AW[ac];B[];W[];B[ee];W[];B[])",
      // Square Squared: setup and a suicide.
      "(;SG[squaresquared]SZ[5]AW[ba][bb];AW[ac];AB[ab];B[aa];W[cc])",
      "(;SG[squaresquared]SZ[7]RU[SquareSquared-v3]KM[2.5]AB[aa:ga];AE[da];B[dd];W[ee])",
      // Loose: setup, erasing, a flip.
      "(;SG[loose]SZ[5]AB[ae][ce]AW[ea];AE[ea];AW[be];B[bd])",
      "(;SG[loose]SZ[7]KM[-2]XK[W]AW[aa:ba];AE[ba];B[dd])",
      // Looper: setup of both colours before the ballot, then ballot, take and play.
      "(;SG[looper]SZ[5]AW[cc];AB[aa:ba];XB[ae][bd]XP[1];XB[de]XP[2];XT[]XP[1];W[ea])",
      "(;SG[looper]SZ[5]AB[aa:ee];AE[cc];XB[cc]XP[1];XT[]XP[2])",
  };
  for (const char* text : files) check_reread(text);
}

TEST_CASE("sgf: input limits, and errors quote little of the input") {
  std::string error;
  std::string big = "(;GM[1]SZ[9]C[" + std::string(max_sgf_bytes, 'x') + "])";
  CHECK_FALSE(read_sgf(big, error));
  CHECK(error == "sgf: the text is " + std::to_string(big.size()) +
                     " bytes; Stonegrid reads at most 1 MiB (1048576 bytes)");

  std::string many = "(;GM[1]SZ[9]";
  for (int i = 0; i < max_sgf_nodes; ++i) many += ";";
  many += ")";
  CHECK_FALSE(read_sgf(many, error));
  CHECK(error == "sgf: line 1, column " + std::to_string(12 + max_sgf_nodes) + ": more than " +
                     std::to_string(max_sgf_nodes) + " nodes; Stonegrid reads at most that many");
  // Variations count too.
  std::string branches = "(;GM[1]SZ[9]";
  for (int i = 0; i < max_sgf_nodes; ++i) branches += "(;)";
  branches += ")";
  CHECK_FALSE(read_sgf(branches, error));
  CHECK(error.find("nodes; Stonegrid reads at most that many") != std::string::npos);
  // Just under the limit is fine.
  many = "(;GM[1]SZ[9]";
  for (int i = 1; i < max_sgf_nodes; ++i) many += ";";
  many += ")";
  CHECK(read_sgf(many, error));

  // Long or odd values are quoted shortened, on one line, as valid UTF-8.
  const std::string long_values[] = {
      "(;SG[" + std::string(5000, 'q') + "])",
      "(;SZ[9]KM[" + std::string(5000, '7') + "x])",
      "(;SZ[9];B[" + std::string(5000, 'a') + "])",
      "(;SZ[9]" + std::string(5000, 'Z') + ")",
      "(;SZ[1\n\n2])",
      "(;SG[\xC3\xA9\xFF\xE2\x82"
      "e" +
          std::string(50, 'e') + "])",
      "(;SZ[9]\xC3\xA9)",
  };
  for (const std::string& text : long_values) {
    INFO(text.substr(0, 60));
    CHECK_FALSE(read_sgf(text, error));
    INFO(error);
    CHECK(error.size() < 160);
    CHECK(error.find('\n') == std::string::npos);
    CHECK(error.find('\xFF') == std::string::npos);
  }
  CHECK_FALSE(read_sgf("(;SG[" + std::string(5000, 'q') + "])", error));
  CHECK(error == "sgf: line 1, column 5: unknown game '" + std::string(40, 'q') + "\u2026' in SG");
  CHECK_FALSE(read_sgf("(;SZ[9]\xC3\xA9)", error));
  CHECK(error == "sgf: line 1, column 8: unexpected character '\xC3\xA9'");
}

TEST_CASE("sgf: random set-up boards, with overwrites and erasures, round-trip in every game") {
  std::vector<int> accepted(game_kinds().size()), refused(game_kinds().size());
  for (GameKind kind : game_kinds()) {
    for (uint64_t seed = 1; seed <= 40; ++seed) {
      std::string error;
      GameSettings settings;
      settings.kind = kind;
      settings.size = kind == GameKind::loose ? 5 + 2 * (seed % 2) : 5 + seed % 3;
      std::optional<AnyGame> game = AnyGame::create(settings, error);
      REQUIRE(game);
      Rng rng(seed);
      const int points = game->size() * game->size();
      // Dense enough that some boards break the rules; every third step erases.
      const int steps = static_cast<int>(rng.below(static_cast<uint32_t>(2 * points)));
      for (int k = 0; k < steps; ++k) {
        const uint32_t r = rng.below(3);
        game->setup(static_cast<Point>(rng.below(static_cast<uint32_t>(points))), r == 0   ? Color::empty
                                                                                  : r == 1 ? Color::black
                                                                                           : Color::white);
      }
      const std::string sgf = write_sgf(*game);
      INFO(sgf);
      CHECK(sgf.find("AE") == std::string::npos);
      Point stone = no_point;
      if (!game->state().setup_fault(stone).empty()) {
        ++refused[kind.index()];
        CHECK_FALSE(read_sgf(sgf, error));
        CHECK(error.find("set-up stone " + vertex_text(stone, game->size()) + " has no") !=
              std::string::npos);
        continue;
      }
      ++accepted[kind.index()];
      for (int k = 0; k < 3 * points && !game->state().is_over(); ++k)
        REQUIRE(game->play(stonegrid::testing::mixed_random_move(*game, rng)) == Illegal::none);
      check_round_trip(*game);
    }
  }
  for (GameKind kind : game_kinds()) {
    INFO(kind.facts().name);
    CHECK(accepted[kind.index()] > 0);
    // Some random boards are impossible in a game with captures or true liberties (a chain
    // with no liberty); Looper accepts every board.
    if (kind == GameKind::looper || testing::is_test_game(kind))  // no set-up fault in these
      CHECK(refused[kind.index()] == 0);
    else
      CHECK(refused[kind.index()] > 0);
  }
}

TEST_CASE("sgf: a resignation in RE is applied only when the side to move is the loser") {
  std::string error;
  // White won by resignation and Black is to move: Black resigned.
  std::optional<AnyGame> game = read_sgf("(;GM[1]SZ[9]RE[W+R];B[aa];W[bb])", error);
  REQUIRE(game);
  CHECK(game->state().is_over());
  CHECK(game->state().outcome().winner == Color::white);
  CHECK(result_text(*game) == "W+R");
  // White won but White is to move: the record cannot end that way; the game stays open.
  game = read_sgf("(;GM[1]SZ[9]RE[W+R];B[aa])", error);
  REQUIRE(game);
  CHECK_FALSE(game->state().is_over());
  // Looper before take: players by number.
  game = read_sgf("(;GM[1]SG[looper]SZ[7]RE[2+R];XB[aa]XP[1])", error);
  REQUIRE(game);
  CHECK_FALSE(game->state().is_over());  // player 2 won and player 2 is to move
  game = read_sgf("(;GM[1]SG[looper]SZ[7]RE[1+R];XB[aa]XP[1])", error);
  REQUIRE(game);
  CHECK(game->state().is_over());
  CHECK(game->state().outcome().winner_player == 1);
}

TEST_CASE("sgf: a collection is read tree by tree, with each tree's text and its nodes' properties") {
  const std::string text = "(;SG[go]SZ[5]AB[aa]XX[one][two]C[first])\n  (;SG[loose]SZ[7];B[dd]TR[dd])\n";
  std::string error;
  std::optional<std::vector<SgfTree>> trees = read_sgf_collection(text, error);
  INFO(error);
  REQUIRE(trees);
  REQUIRE(trees->size() == 2);
  CHECK((*trees)[0].text == "(;SG[go]SZ[5]AB[aa]XX[one][two]C[first])");
  CHECK((*trees)[1].text == "(;SG[loose]SZ[7];B[dd]TR[dd])");
  CHECK((*trees)[0].record.game.name() == "go");
  CHECK((*trees)[1].record.game.moves().size() == 1);
  const Markup& root = (*trees)[0].record.nodes.front();
  REQUIRE(root.find("XX"));
  CHECK(root.find("XX")->values == std::vector<std::string>{"one", "two"});
  CHECK(root.find("C")->values.front() == "first");
  CHECK(!root.find("YY"));
  CHECK((*trees)[1].record.nodes[1].find("B")->values.front() == "dd");
  // An error in the second tree names its place in the whole text.
  CHECK(!read_sgf_collection(text + "(;SG[go]SZ[5]AB[zz])", error));
  CHECK(error == "sgf: line 3, column 16: bad point 'zz' for a 5\u00d75 board");
  CHECK(!read_sgf_collection("", error));
  CHECK(!read_sgf_collection("(;SG[go]) x", error));
}
