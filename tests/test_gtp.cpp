// The GTP engine (core/gtp.h), driven line by line as a controller would: framing, each command,
// errors that leave the state unchanged, the exact `stonegrid-state` JSON, legal lists, GoGui.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>

#include "gtp.h"
#include "random_game.h"

using namespace stonegrid;

namespace {

std::string state(GtpEngine& e) {
  return e.handle("stonegrid-state");
}

// An error that must leave the game exactly as it was.
void check_error_unchanged(GtpEngine& e, const std::string& line, const std::string& response) {
  std::string before = state(e) + e.handle("printsgf");
  CHECK(e.handle(line) == response);
  CHECK(state(e) + e.handle("printsgf") == before);
}

std::string empty_rows(int n) {
  std::string rows;
  for (int i = 0; i < n; ++i) rows += std::string(i ? "," : "") + "\"" + std::string(n, '.') + "\"";
  return rows;
}

}  // namespace

TEST_CASE("gtp: framing — ids, comments, blank lines, CR/LF, unknown commands") {
  GtpEngine e;
  CHECK(e.handle("protocol_version") == "= 2\n\n");
  CHECK(e.handle("12 name") == "=12 Stonegrid\n\n");
  CHECK(e.handle("name\r\n") == "= Stonegrid\n\n");
  CHECK(e.handle("  version  # a comment") == "= 0.1.0\n\n");
  CHECK(e.handle("\tname\t") == "= Stonegrid\n\n");
  CHECK(e.handle("") == "");
  CHECK(e.handle("   ") == "");
  CHECK(e.handle("# only a comment") == "");
  CHECK(e.handle("frobnicate") == "? unknown command\n\n");
  CHECK(e.handle("7 frobnicate") == "?7 unknown command\n\n");
  CHECK(e.handle("3 boardsize 30").rfind("?3 unacceptable size", 0) == 0);
  CHECK(e.handle("known_command play") == "= true\n\n");
  CHECK(e.handle("known_command dance") == "= false\n\n");
  std::string list = e.handle("list_commands");
  for (std::string_view name : GtpEngine::command_names())
    CHECK(list.find(std::string(name) + "\n") != std::string::npos);
  CHECK_FALSE(e.quit_requested());
  CHECK(e.handle("quit") == "=\n\n");
  CHECK(e.quit_requested());
}

TEST_CASE("gtp: the stonegrid-state JSON of known positions") {
  GtpEngine e;
  CHECK(state(e) == "= {\"game\":\"go\",\"size\":9,\"komi\":6.5,\"board\":[" + empty_rows(9) +
                        "],\"to_move\":1,\"color\":\"black\",\"phase\":\"play\",\"passes\":0,"
                        "\"moves\":0,\"prisoners\":{\"black\":0,\"white\":0},\"over\":false,"
                        "\"winner\":null,\"winner_player\":null,\"score\":{\"black\":0,\"white\":6.5},"
                        "\"black_player\":1}\n\n");
  CHECK(e.handle("play b D4") == "=\n\n");
  CHECK(e.handle("play w pass") == "=\n\n");
  CHECK(state(e) ==
        "= {\"game\":\"go\",\"size\":9,\"komi\":6.5,\"board\":[\".........\",\".........\","
        "\".........\",\".........\",\".........\",\"...X.....\",\".........\",\".........\","
        "\".........\"],\"to_move\":1,\"color\":\"black\",\"phase\":\"play\",\"passes\":1,"
        "\"moves\":2,\"prisoners\":{\"black\":0,\"white\":0},\"over\":false,\"winner\":null,"
        "\"winner_player\":null,\"score\":{\"black\":80,\"white\":6.5},\"black_player\":1}\n\n");

  // Loose, 5×5, komi -2: Black resigns.
  CHECK(e.handle("stonegrid-game loose") == "=\n\n");
  CHECK(e.handle("boardsize 5") == "=\n\n");
  CHECK(e.handle("komi -2") == "=\n\n");
  CHECK(e.handle("stonegrid-play C3") == "=\n\n");
  CHECK(e.handle("stonegrid-play resign") == "=\n\n");
  CHECK(state(e) ==
        "= {\"game\":\"loose\",\"size\":5,\"komi\":-2,\"board\":[\".....\",\".....\",\"..X..\","
        "\".....\",\".....\"],\"to_move\":1,\"color\":\"black\",\"phase\":\"over\",\"passes\":0,"
        "\"moves\":2,\"prisoners\":{\"black\":0,\"white\":0},\"over\":true,\"winner\":\"black\","
        "\"winner_player\":1,\"score\":{\"black\":1,\"white\":-2},\"black_player\":1}\n\n");
  CHECK(e.handle("final_score") == "= B+R\n\n");
  CHECK(e.handle("gogui-rules_final_result") == "= B+R\n\n");
  CHECK(e.handle("stonegrid-legal") == "=\n\n");

  // Looper 5×5: player 1 ballots two stones, player 2 takes and plays Black.
  CHECK(e.handle("stonegrid-game looper") == "=\n\n");
  CHECK(e.handle("stonegrid-play A1+E5") == "=\n\n");
  CHECK(state(e) ==
        "= {\"game\":\"looper\",\"size\":5,\"komi\":0,\"board\":[\"....X\",\".....\",\".....\","
        "\".....\",\"X....\"],\"to_move\":2,\"color\":\"black\",\"phase\":\"ballot\",\"passes\":0,"
        "\"moves\":1,\"prisoners\":{\"black\":0,\"white\":0},\"over\":false,\"winner\":null,"
        "\"winner_player\":null,\"score\":null,\"black_player\":null}\n\n");
  CHECK(e.handle("stonegrid-play take") == "=\n\n");
  CHECK(state(e) ==
        "= {\"game\":\"looper\",\"size\":5,\"komi\":0,\"board\":[\"....X\",\".....\",\".....\","
        "\".....\",\"X....\"],\"to_move\":1,\"color\":\"white\",\"phase\":\"play\",\"passes\":0,"
        "\"moves\":2,\"prisoners\":{\"black\":0,\"white\":0},\"over\":false,\"winner\":null,"
        "\"winner_player\":null,\"score\":null,\"black_player\":2}\n\n");
}

TEST_CASE("gtp: play, genmove, undo and colours") {
  GtpEngine e;
  CHECK(e.handle("play b D4") == "=\n\n");
  check_error_unchanged(e, "play w D4", "? illegal move: that point is occupied\n\n");
  check_error_unchanged(e, "play b E5", "? illegal move: it is White's turn, not Black's\n\n");
  check_error_unchanged(e, "play w Z9", "? bad vertex 'Z9' for a 9\u00d79 board\n\n");
  check_error_unchanged(e, "play red D5", "? invalid color 'red' (b, w, black or white)\n\n");
  check_error_unchanged(e, "play w", "? play needs a color and a move, e.g. 'play b D4'\n\n");
  check_error_unchanged(e, "play w take", "? illegal move: that kind of move is not allowed now\n\n");
  check_error_unchanged(e, "genmove b", "? it is White's turn, not Black's\n\n");
  check_error_unchanged(e, "stonegrid-play D4", "? illegal move: that point is occupied\n\n");
  check_error_unchanged(e, "stonegrid-play A1+B1",
                        "? illegal move: that kind of move is not allowed now\n\n");
  check_error_unchanged(e, "stonegrid-play",
                        "? stonegrid-play needs one move, e.g. D4, pass, take, A1+C3\n\n");

  std::string legal = e.handle("stonegrid-legal");
  std::string reply = e.handle("genmove w");
  REQUIRE(reply.rfind("= ", 0) == 0);
  std::string move = reply.substr(2, reply.size() - 4);
  CHECK(legal.find(" " + move + " ") != std::string::npos);
  CHECK(e.game().moves().size() == 2);
  CHECK(e.handle("undo") == "=\n\n");
  CHECK(e.handle("undo") == "=\n\n");
  CHECK(e.game().moves().empty());
  check_error_unchanged(e, "undo", "? cannot undo\n\n");

  // Looper: every ballot turn places black stones, so both players use `play b`.
  CHECK(e.handle("stonegrid-game looper") == "=\n\n");
  CHECK(e.handle("play b A1") == "=\n\n");
  CHECK(e.handle("play b B1+C1") == "=\n\n");
  check_error_unchanged(e, "play w D1", "? illegal move: it is Black's turn, not White's\n\n");
  CHECK(e.handle("play b take") == "=\n\n");  // player 1 takes: Black; player 2 is White
  CHECK(e.handle("gogui-rules_side_to_move") == "= white\n\n");
  CHECK(e.handle("play w D1") == "=\n\n");
  CHECK(e.handle("genmove b").rfind("= ", 0) == 0);
}

TEST_CASE("gtp: board size, komi and game changes") {
  GtpEngine e;
  check_error_unchanged(e, "boardsize 30",
                        "? unacceptable size: size 30 is not allowed in Go (sizes 5 to 25)\n\n");
  check_error_unchanged(e, "boardsize x", "? boardsize needs an integer, not 'x'\n\n");
  check_error_unchanged(e, "boardsize 99999999999999999999",
                        "? boardsize needs an integer, not '99999999999999999999'\n\n");
  check_error_unchanged(e, "komi abc", "? komi needs a number, not 'abc'\n\n");
  check_error_unchanged(e, "komi 0.3", "? komi 0.3 is not allowed in Go: komi is a multiple of 0.5\n\n");
  // The list names every game of the table (a test may have registered one more).
  check_error_unchanged(e, "stonegrid-game chess", "? unknown game 'chess' (" + game_names() + ")\n\n");
  CHECK(game_names().rfind("loose, go, looper, squaresquared", 0) == 0);
  CHECK(e.handle("boardsize 8") == "=\n\n");
  CHECK(e.handle("play b A1") == "=\n\n");
  CHECK(e.handle("komi 0.5") == "=\n\n");  // keeps the position
  CHECK(e.game().moves().size() == 1);
  CHECK(e.game().komi() == 0.5);
  CHECK(e.handle("stonegrid-game loose") == "=\n\n");  // 8 is even: Loose's default 9
  CHECK(e.handle("gogui-rules_board_size") == "= 9\n\n");
  check_error_unchanged(e, "boardsize 8",
                        "? unacceptable size: size 8 is not allowed in Loose (odd sizes 5 to 25)\n\n");
  check_error_unchanged(e, "komi 1", "? komi 1 is not allowed in Loose: komi is an even integer\n\n");
  CHECK(e.handle("stonegrid-game squaresquared") == "=\n\n");
  CHECK(e.handle("gogui-rules_game_id") == "= Square Squared\n\n");
  CHECK(e.handle("boardsize 5") == "=\n\n");
  CHECK(e.handle("clear_board") == "=\n\n");
  CHECK(e.game().size() == 5);
  CHECK(e.handle("time_settings 300 30 5") == "=\n\n");
  CHECK(e.handle("time_left b 120 0") == "=\n\n");
  CHECK(e.handle("time_settings 300").rfind("? ", 0) == 0);
}

TEST_CASE("gtp: legal lists, scores and the GoGui rules commands") {
  GtpEngine e;
  CHECK(e.handle("stonegrid-game loose") == "=\n\n");
  CHECK(e.handle("boardsize 5") == "=\n\n");
  CHECK(e.handle("stonegrid-legal") ==
        "= A1 B1 C1 D1 E1 A2 B2 C2 D2 E2 A3 B3 C3 D3 E3 A4 B4 C4 D4 E4 A5 B5 C5 D5 E5 pass\n\n");
  CHECK(e.handle("gogui-rules_legal_moves") == e.handle("stonegrid-legal"));
  CHECK(e.handle("stonegrid-game looper") == "=\n\n");
  CHECK(e.handle("stonegrid-legal") ==
        "= A1 B1 C1 D1 E1 A2 B2 C2 D2 E2 A3 B3 C3 D3 E3 A4 B4 C4 D4 E4 A5 B5 C5 D5 E5 take\n\n");
  CHECK(e.handle("final_score").rfind("? Looper has no score", 0) == 0);
  CHECK(e.handle("gogui-rules_captured_count") == "= 0 0\n\n");

  CHECK(e.handle("stonegrid-game go") == "=\n\n");  // keeps the size, 5
  CHECK(e.handle("boardsize 9") == "=\n\n");
  CHECK(e.handle("final_score") == "= W+6.5\n\n");
  CHECK(e.handle("gogui-rules_final_result") == "= unknown\n\n");
  // A capture: White A1 taken by Black B1 and A2.
  for (const char* line : {"play b B1", "play w A1", "play b A2"}) CHECK(e.handle(line) == "=\n\n");
  CHECK(e.handle("gogui-rules_captured_count") == "= 1 0\n\n");
  CHECK(e.handle("gogui-rules_side_to_move") == "= white\n\n");
  CHECK(e.handle("gogui-rules_board") ==
        "= . . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
        ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\nX . . . . . . . .\n"
        ". X . . . . . . .\n\n");
  std::string board = e.handle("showboard");
  CHECK(board.find("  2 X . . . . . . . . 2") != std::string::npos);
  CHECK(board.find("    A B C D E F G H J") != std::string::npos);
  CHECK(e.handle("gogui-analyze_commands").find("stonegrid-state") != std::string::npos);
  for (const char* line : {"play w pass", "play b pass", "play w pass", "play b pass"})
    CHECK(e.handle(line) == "=\n\n");
  CHECK(e.game().is_over());
  CHECK(e.handle("stonegrid-legal") == "=\n\n");
  CHECK(e.handle("stonegrid-genmove") == "? the game is over\n\n");
  CHECK(e.handle("gogui-rules_final_result") == e.handle("final_score"));
}

TEST_CASE("gtp: printsgf and loadsgf") {
  GtpEngine e;
  CHECK(e.handle("stonegrid-game looper") == "=\n\n");
  for (int i = 0; i < 6; ++i) CHECK(e.handle("stonegrid-genmove").rfind("= ", 0) == 0);
  std::string printed = e.handle("printsgf");
  CHECK(printed.rfind("= (;FF[4]CA[UTF-8]GM[1]", 0) == 0);
  const std::string path = "/tmp/stonegrid_test_gtp.sgf";
  CHECK(e.handle("printsgf " + path) == "=\n\n");
  std::string json = state(e);

  GtpEngine f;
  CHECK(f.handle("loadsgf " + path) == "=\n\n");
  CHECK(state(f) == json);
  CHECK(f.handle("loadsgf " + path + " 3") == "=\n\n");
  CHECK(f.game().moves().size() == 2);
  check_error_unchanged(f, "loadsgf /nonexistent/file.sgf", "? cannot read file '/nonexistent/file.sgf'\n\n");
  {
    std::ofstream bad(path);
    bad << "(;SZ[9]\n;B[dd";
  }
  check_error_unchanged(f, "loadsgf " + path, "? sgf: line 2, column 3: unterminated property value\n\n");
  std::remove(path.c_str());
  check_error_unchanged(f, "loadsgf /tmp", "? sgf: line 1, column 1: empty file: no game tree\n\n");
}

TEST_CASE("gtp: garbage never crashes and always gets one well-formed response") {
  GtpEngine e;
  Rng rng(99);
  const std::string words[] = {"play",
                               "genmove",
                               "boardsize",
                               "komi",
                               "undo",
                               "b",
                               "w",
                               "D4",
                               "pass",
                               "take",
                               "A1+B2",
                               "-5",
                               "1e999",
                               "nan",
                               "stonegrid-game",
                               "looper",
                               "loose",
                               "loadsgf",
                               "stonegrid-play",
                               "\x01",
                               "#",
                               "0",
                               "resign",
                               "stonegrid-genmove",
                               "clear_board",
                               "999999999999"};
  for (int i = 0; i < 3000; ++i) {
    std::string line;
    int n = 1 + static_cast<int>(rng.below(4));
    for (int k = 0; k < n; ++k) line += words[rng.below(std::size(words))] + " ";
    std::string reply = e.handle(line);
    if (reply.empty()) continue;
    CHECK((reply[0] == '=' || reply[0] == '?'));
    CHECK(reply.size() >= 3);
    CHECK(reply.substr(reply.size() - 2) == "\n\n");
    CHECK(reply.substr(0, reply.size() - 2).find("\n\n") == std::string::npos);
    CHECK(e.game().check_consistency());
  }
}
