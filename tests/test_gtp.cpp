// The GTP engine (core/tools/gtp.h), driven line by line as a controller would: framing, each command,
// errors that leave the state unchanged, the exact `stonegrid-state` JSON, legal lists, GoGui.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <streambuf>

#include "random_game.h"
#include "tools/gtp.h"

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
  CHECK(e.handle("stonegrid-level 3") == "=\n\n");  // quick: 180 playouts a move
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
  CHECK(e.game().state().is_over());
  CHECK(e.handle("stonegrid-legal") == "=\n\n");
  CHECK(e.handle("stonegrid-genmove") == "? the game is over\n\n");
  CHECK(e.handle("gogui-rules_final_result") == e.handle("final_score"));
}

TEST_CASE("gtp: printsgf and loadsgf") {
  GtpEngine e;
  CHECK(e.handle("stonegrid-level 3") == "=\n\n");
  CHECK(e.handle("stonegrid-game looper") == "=\n\n");
  for (int i = 0; i < 6; ++i) CHECK(e.handle("stonegrid-genmove").rfind("= ", 0) == 0);
  std::string printed = e.handle("printsgf");
  CHECK(printed.rfind("= (;FF[4]CA[UTF-8]GM[1]", 0) == 0);
  // A name of this run's own: several suites (native, ASan, another clone) may run at once.
  const std::string path = "/tmp/stonegrid_test_gtp_" +
                           std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()) +
                           ".sgf";
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
  CHECK(e.handle("stonegrid-level 1") == "=\n\n");  // quick: 30 plain playouts a move
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
    CHECK(e.game().state().check_consistency());
  }
}

// --- limits (docs/gtp.md §Limits) ----------------------------------------------------------------

namespace {

// An input stream of `size` bytes of 'A' then "\nname\n", made as it is read: reading it
// through a buffering reader would need `size` bytes of memory.
class LongLineSource : public std::streambuf {
 public:
  explicit LongLineSource(size_t size) : left_(size) {}

 protected:
  int_type underflow() override {
    if (left_ > 0) {
      const size_t n = std::min(left_, sizeof chunk_);
      std::fill(chunk_, chunk_ + n, 'A');
      left_ -= n;
      setg(chunk_, chunk_, chunk_ + n);
    } else if (!tail_done_) {
      tail_done_ = true;
      std::copy(tail_, tail_ + 6, chunk_);
      setg(chunk_, chunk_, chunk_ + 6);
    } else {
      return traits_type::eof();
    }
    return traits_type::to_int_type(*gptr());
  }

 private:
  size_t left_;
  bool tail_done_ = false;
  const char* tail_ = "\nname\n";
  char chunk_[1 << 16];
};

}  // namespace

TEST_CASE("gtp: the line reader keeps at most max_line + 1 bytes of a line") {
  LongLineSource source(64u << 20);  // 64 MB in one line
  std::istream in(&source);
  std::string line;
  REQUIRE(GtpEngine::read_line(in, line));
  CHECK(line.size() == GtpEngine::max_line + 1);
  CHECK(line.capacity() < 4 * GtpEngine::max_line);
  REQUIRE(GtpEngine::read_line(in, line));  // the rest of the long line was skipped
  CHECK(line == "name");
  CHECK_FALSE(GtpEngine::read_line(in, line));

  std::istringstream short_lines("1 name\r\n\nquit");  // no newline at the end
  CHECK((GtpEngine::read_line(short_lines, line) && line == "1 name\r"));
  CHECK((GtpEngine::read_line(short_lines, line) && line.empty()));
  CHECK((GtpEngine::read_line(short_lines, line) && line == "quit"));
  CHECK_FALSE(GtpEngine::read_line(short_lines, line));
}

TEST_CASE("gtp: over-long input is refused and quoted in at most ~80 characters") {
  GtpEngine e;
  const std::string many(GtpEngine::max_line + 10, 'A');
  const std::string some(5000, 'B');
  auto check_short_error = [&](const std::string& line, const std::string& start) {
    INFO(line.substr(0, 40));
    const std::string before = state(e);
    const std::string reply = e.handle(line);
    CHECK(reply.rfind(start, 0) == 0);
    CHECK(reply.size() < 140);
    CHECK(state(e) == before);
  };
  check_short_error("play b " + many, "? line too long: more than 8192 bytes: 'play b AAA");
  check_short_error("12 play b " + many, "?12 line too long");
  check_short_error("play b " + some, "? not a move: 'BBB");
  check_short_error("stonegrid-play " + some, "? not a move: 'BBB");
  check_short_error("play " + some + " D4", "? invalid color 'BBB");
  check_short_error("genmove " + some, "? invalid color 'BBB");
  check_short_error("boardsize " + some, "? boardsize needs an integer, not 'BBB");
  check_short_error("komi " + some, "? komi needs a number, not 'BBB");
  check_short_error("stonegrid-game " + some, "? unknown game 'BBB");
  check_short_error("loadsgf /" + some, "? cannot read file '/BBB");
  CHECK(quote_input(std::string(58, 'x') + "\u00e9\u00e9\u00e9") == "'" + std::string(57, 'x') + "...'");
  CHECK(quote_input("\u00e9" + std::string(70, 'x')).size() == 2 + 57 + 3);  // whole characters
}

TEST_CASE("gtp: caps on playouts and seconds, answered at once") {
  GtpEngine e;
  check_error_unchanged(e, "stonegrid-analyze 2147483647",
                        "? stonegrid-analyze [playouts]: a playout count from 1 to 200000\n\n");
  check_error_unchanged(e, "stonegrid-analyze 0",
                        "? stonegrid-analyze [playouts]: a playout count from 1 to 200000\n\n");
  check_error_unchanged(e, "stonegrid-playouts 200001",
                        "? stonegrid-playouts needs a playout count from 0 (the level's) to 200000\n\n");
  check_error_unchanged(e, "stonegrid-seconds 61",
                        "? stonegrid-seconds needs seconds from 0 (the level's) to 60\n\n");
  check_error_unchanged(e, "stonegrid-seconds nan",
                        "? stonegrid-seconds needs seconds from 0 (the level's) to 60\n\n");
  check_error_unchanged(e, "stonegrid-seconds -1",
                        "? stonegrid-seconds needs seconds from 0 (the level's) to 60\n\n");
  check_error_unchanged(
      e, "time_settings -1 0 0",
      "? time_settings needs three non-negative integers: main_time byo_yomi_time byo_yomi_stones\n\n");
  CHECK(e.handle("time_left b -3 0") == "=\n\n");  // a late controller: 0 left
  CHECK(e.handle("stonegrid-playouts") == "= 0\n\n");
  CHECK(e.handle("stonegrid-seconds") == "= 0\n\n");
  check_error_unchanged(e, "stonegrid-threads 0",
                        "? stonegrid-threads needs a thread count from 1 to 64\n\n");
  check_error_unchanged(e, "stonegrid-threads 65",
                        "? stonegrid-threads needs a thread count from 1 to 64\n\n");
  CHECK(e.handle("stonegrid-threads") == "= 1\n\n");
  CHECK(e.handle("stonegrid-threads 2") == "=\n\n");
  CHECK(e.handle("stonegrid-threads") == "= 2\n\n");

  // A clock of 68 years still gives one move at most max_seconds.
  CHECK(e.handle("stonegrid-level 10") == "=\n\n");
  CHECK(e.handle("time_settings 2147483647 0 0") == "=\n\n");
  CHECK(e.move_budget().seconds == GtpEngine::max_seconds);
  CHECK(e.move_budget().playouts == 0);
  CHECK(e.handle("time_left b 2147483647 0") == "=\n\n");
  CHECK(e.move_budget().seconds == GtpEngine::max_seconds);
  CHECK(e.handle("stonegrid-seconds 0.25") == "=\n\n");  // a fixed time bounds the clock's share
  const auto begin = std::chrono::steady_clock::now();
  CHECK(e.handle("genmove b").rfind("= ", 0) == 0);
  CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count() < 1.5);
}

TEST_CASE("gtp: the time manager — the level, fixed limits and the clock's share") {
  GtpEngine e;
  using Budget = GtpEngine::Budget;
  auto budget = [&] { return e.move_budget(); };
  auto same = [](Budget a, Budget b) {
    return a.playouts == b.playouts && std::abs(a.seconds - b.seconds) < 1e-9;
  };
  // No clock: the level's limits; level 10 thinks 2 s.
  CHECK(same(budget(), {0, 2}));
  CHECK(e.handle("stonegrid-level 5") == "=\n\n");
  CHECK(same(budget(), {900, 0}));
  CHECK(e.handle("stonegrid-playouts 5000") == "=\n\n");
  CHECK(same(budget(), {5000, 0}));
  CHECK(e.handle("stonegrid-seconds 3") == "=\n\n");
  CHECK(same(budget(), {5000, 3}));
  CHECK(e.handle("stonegrid-playouts 0") == "=\n\n");
  CHECK(same(budget(), {0, 3}));
  CHECK(e.handle("stonegrid-seconds 0") == "=\n\n");
  CHECK(e.handle("stonegrid-level 10") == "=\n\n");

  // Absolute time, 60 s, on an empty 9×9 board: 3/4 of 81 points, half of them ours, makes
  // 30.375 moves expected; 90 % of the share less 0.1 s.
  const double moves = 0.75 * 81 / 2;
  CHECK(e.handle("time_settings 60 0 0") == "=\n\n");
  CHECK(same(budget(), {0, 60 / moves * 0.9 - 0.1}));
  CHECK(e.handle("time_left b 10 0") == "=\n\n");
  CHECK(same(budget(), {0, 10 / moves * 0.9 - 0.1}));
  CHECK(e.handle("time_left b 0 0") == "=\n\n");
  CHECK(same(budget(), {0, 0.05}));  // the least a move gets
  // Main time then 30 s for 5 stones: half a byo-yomi stone's share is added in main time.
  CHECK(e.handle("time_settings 60 30 5") == "=\n\n");
  CHECK(same(budget(), {0, (60 / moves + 3) * 0.9 - 0.1}));
  CHECK(e.handle("time_left b 20 2") == "=\n\n");  // in byo-yomi: 20 s for 2 stones
  CHECK(same(budget(), {0, 10 * 0.9 - 0.1}));
  // Byo-yomi time with no stones means no limit (GTP): the level's 2 s again.
  CHECK(e.handle("time_settings 0 30 0") == "=\n\n");
  CHECK(same(budget(), {0, 2}));
  // Below level 10 the level's limits stand and the clock can only shorten them.
  CHECK(e.handle("time_settings 60 0 0") == "=\n\n");
  CHECK(e.handle("stonegrid-level 8") == "=\n\n");
  CHECK(same(budget(), {9000, 0.8}));
  CHECK(e.handle("time_left b 9 0") == "=\n\n");
  CHECK(same(budget(), {9000, 9 / moves * 0.9 - 0.1}));
}

TEST_CASE("gtp: set_random_seed — the same seed gives the same search, another seed another one") {
  // Fixed playouts, so only the seed can make two searches differ.
  auto analysis = [](const std::string& seed_line) {
    GtpEngine e;
    CHECK(e.handle("play b E5") == "=\n\n");
    if (!seed_line.empty()) CHECK(e.handle(seed_line) == "=\n\n");
    return e.handle("stonegrid-analyze 400");
  };
  const std::string seed_7 = analysis("set_random_seed 7");
  CHECK(seed_7.rfind("= {\"winrate\":", 0) == 0);
  CHECK(analysis("set_random_seed 7") == seed_7);
  CHECK(analysis("set_random_seed 8") != seed_7);
  CHECK(analysis("set_random_seed -1") == analysis("set_random_seed 18446744073709551615"));
  // The engine's default seed is the one a new engine uses.
  CHECK(analysis("") == analysis("set_random_seed " + std::to_string(0x5EED)));

  GtpEngine e;
  check_error_unchanged(e, "set_random_seed", "? set_random_seed needs one integer\n\n");
  check_error_unchanged(e, "set_random_seed 1.5", "? set_random_seed needs one integer\n\n");
  check_error_unchanged(e, "set_random_seed 1 2", "? set_random_seed needs one integer\n\n");
  CHECK(e.handle("known_command set_random_seed") == "= true\n\n");
}
