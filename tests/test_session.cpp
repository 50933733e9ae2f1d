// The web front end's game session (session/session.h), without a window: new games, turns from a
// person and from the bot, undo against the bot, viewing earlier positions, SGF, messages, the
// events the UI animates from, and the bot and analysis restarting when the position changes.
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "rules/notation.h"
#include "session.h"

using namespace stonegrid;

namespace {

GameSettings settings_of(std::string_view name, int size = 0) {
  GameSettings s;
  s.kind = *game_kind(name);
  s.size = size;
  return s;
}

// Runs the bot until it has played (or `calls` run out); the clock advances 10 ms a call.
void run_until_played(Session& session, int calls = 2000) {
  const size_t before = session.game().moves().size();
  double now = 0;
  for (int i = 0; i < calls && session.game().moves().size() == before; ++i) session.think(50, now += 0.01);
}

}  // namespace

TEST_CASE("session: a new game from settings, refused settings change nothing") {
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("loose", 7), {}, {}, error));
  CHECK(session.game().name() == "loose");
  CHECK(session.game().size() == 7);
  const int generation = session.generation();

  CHECK_FALSE(session.new_game(settings_of("loose", 8), {}, {}, error));
  CHECK(error == "size 8 is not allowed in Loose (odd sizes 5 to 25)");
  CHECK(session.game().size() == 7);
  CHECK(session.generation() == generation);

  GameSettings odd_komi = settings_of("loose", 9);
  odd_komi.komi = 3;
  CHECK_FALSE(session.new_game(odd_komi, {}, {}, error));
  CHECK(error == "komi 3 is not allowed in Loose: komi is an even integer");
}

TEST_CASE("session: turns, illegal turns and their messages, events with flips") {
  Session session;
  std::vector<SessionEvent> events;
  session.on_event = [&](const SessionEvent& e) { events.push_back(e); };
  std::string error;
  REQUIRE(session.new_game(settings_of("loose", 5), {}, {}, error));
  REQUIRE(events.size() == 1);
  CHECK(events[0].kind == SessionEvent::Kind::new_game);

  // Black surrounds a white stone in the corner: it flips.
  for (const char* move : {"B1", "A1", "A2"}) REQUIRE(session.play_text(move));
  REQUIRE(events.size() == 4);
  CHECK(events.back().kind == SessionEvent::Kind::move);
  CHECK_FALSE(events.back().by_bot);
  REQUIRE(events.back().changes.size() == 1);
  CHECK(events.back().changes[0].point == *parse_vertex("A1", 5, error));
  CHECK(events.back().changes[0].from == Color::white);
  CHECK(events.back().changes[0].to == Color::black);
  CHECK(session.game().last_changed().size() == 1);

  CHECK_FALSE(session.play_text("B1"));
  CHECK(session.message() == "Illegal move B1: that point is occupied");
  CHECK(events.size() == 4);
  CHECK_FALSE(session.play_text("Z99"));
  CHECK(session.message().find("Z99") != std::string::npos);
  // A huge input is quoted short, never echoed whole.
  CHECK_FALSE(session.play_text(std::string(20000, 'D')));
  CHECK(session.message().size() < 200);
  CHECK(session.play_text("pass"));
  CHECK(session.message().empty());
}

TEST_CASE("session: quote cuts long input at a character boundary") {
  CHECK(quote("D4") == "D4");
  const std::string long_text = std::string(79, 'a') + "é" + std::string(50, 'b');
  const std::string q = quote(long_text);
  CHECK(q == std::string(79, 'a') + "…");
}

TEST_CASE("session: the bot answers, undo takes back its reply too") {
  Session session;
  std::vector<SessionEvent> events;
  session.on_event = [&](const SessionEvent& e) { events.push_back(e); };
  std::string error;
  REQUIRE(session.new_game(settings_of("go", 5), {false, 1}, {true, 1}, error));
  CHECK_FALSE(session.bot_to_move());
  session.think(10, 0);  // nothing to do on a person's turn
  CHECK(session.game().moves().empty());

  REQUIRE(session.play_text("C3"));
  CHECK(session.bot_to_move());
  run_until_played(session);
  REQUIRE(session.game().moves().size() == 2);
  CHECK(events.back().by_bot);
  CHECK_FALSE(session.bot_to_move());

  REQUIRE(session.undo());
  CHECK(session.game().moves().empty());  // the bot's reply and the person's move
  CHECK(session.message() == "Move taken back");
  CHECK(events.back().kind == SessionEvent::Kind::undo);

  // Between two people, undo takes back one turn.
  REQUIRE(session.new_game(settings_of("go", 5), {}, {}, error));
  REQUIRE(session.play_text("C3"));
  REQUIRE(session.play_text("D3"));
  REQUIRE(session.undo());
  CHECK(session.game().moves().size() == 1);
  REQUIRE(session.undo());
  CHECK_FALSE(session.undo());
  CHECK(session.message() == "Nothing to take back");
}

TEST_CASE("session: the bot moving first, move now, and a new game stops a search") {
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("go", 9), {true, 10}, {false, 3}, error));
  CHECK(session.bot_to_move());
  session.think(5, 1.0);
  CHECK(session.bot_started_at() == 1.0);
  CHECK(session.game().moves().empty());  // level 10 thinks for 2 s: not done after 5 ms
  session.move_now();
  session.think(5, 1.1);
  REQUIRE(session.game().moves().size() == 1);
  CHECK(session.bot_started_at() == -1);  // a person's turn now

  // A search started on one game is never played into the next one.
  REQUIRE(session.new_game(settings_of("go", 9), {false, 3}, {true, 10}, error));
  REQUIRE(session.play_text("E5"));
  session.think(5, 2.0);
  REQUIRE(session.new_game(settings_of("loose", 9), {false, 3}, {true, 1}, error));
  REQUIRE(session.play_text("E5"));
  run_until_played(session);
  REQUIRE(session.game().moves().size() == 2);
  CHECK(session.game().name() == "loose");
}

TEST_CASE("session: the search behind the bot's last move (last_search)") {
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("go", 9), {true, 4}, {false, 3}, error));
  CHECK_FALSE(session.last_search());
  // Level 4: 400 simulations in the slices, on this thread. The clock: 10 ms a call from 0.
  run_until_played(session);
  REQUIRE(session.game().moves().size() == 1);
  REQUIRE(session.last_search());
  const Session::SearchRecord first = *session.last_search();
  CHECK(first.simulations == 400);
  CHECK(first.threads == 1);
  CHECK(first.level == 4);
  // From the turn's start to the call that found the search over, not the beat before the move.
  CHECK(first.ms > 0);
  CHECK(first.ms < Session::reply_beat * 1000);

  // Move now: the simulations run so far; a person's turn leaves the record as it was.
  REQUIRE(session.new_game(settings_of("go", 9), {false, 3}, {true, 10}, error));
  CHECK(session.last_search()->level == 4);  // a new game keeps the last search's record
  REQUIRE(session.play_text("E5"));
  session.think(5, 1.0);
  session.think(5, 1.05);
  session.move_now();
  session.think(5, 1.1);
  REQUIRE(session.game().moves().size() == 2);
  CHECK(session.last_search()->level == 10);
  CHECK(session.last_search()->simulations > 0);
  CHECK(session.last_search()->ms == doctest::Approx(100));
}

TEST_CASE("session: the analysis follows the live position") {
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("go", 5), {}, {}, error));
  CHECK(session.analysis(0) == nullptr);  // off
  session.set_analysis(true);
  session.think(20, 0);
  const bot::Analysis* a = session.analysis(0);
  REQUIRE(a != nullptr);
  CHECK(a->playouts > 0);
  REQUIRE(session.play_text("C3"));
  CHECK(session.analysis(0.1) == nullptr);  // not started on the new position yet
  session.think(20, 0.1);
  a = session.analysis(0.1);
  REQUIRE(a != nullptr);
  for (const bot::MoveStats& m : a->moves) CHECK(session.game().check(m.move) == Illegal::none);
  // Reviewing: an earlier position shown is analysed in its turn.
  session.view_move(0);
  CHECK(session.analysis(0.2) == nullptr);  // not started on the position shown yet
  session.think(20, 0.2);
  a = session.analysis(0.2);
  REQUIRE(a != nullptr);
  for (const bot::MoveStats& m : a->moves) CHECK(session.shown().check(m.move) == Illegal::none);
  CHECK(session.shown().moves().empty());
}

TEST_CASE("session: the bot's reply waits for the beat, Move now does not") {
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("loose", 5), {false, 3}, {true, 1}, error));
  REQUIRE(session.play_text("C3"));
  for (double now = 10.0; now < 10.0 + Session::reply_beat - 0.05; now += 0.05) {
    session.think(50, now);
    CHECK(session.game().moves().size() == 1);
  }
  session.think(50, 10.0 + Session::reply_beat + 0.01);
  CHECK(session.game().moves().size() == 2);
  REQUIRE(session.play_text("B2"));
  session.think(50, 20.0);
  session.move_now();
  session.think(50, 20.01);
  CHECK(session.game().moves().size() == 4);
}

// Where threads can be made: natively, and WebAssembly built with pthreads.
#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
namespace {

// Runs the bot, searching on its own thread, until it has played (or `seconds` of real time
// have passed); the session's clock advances 10 ms a call.
void wait_until_played(Session& session, double seconds = 60) {
  const size_t before = session.game().moves().size();
  const auto begin = std::chrono::steady_clock::now();
  double now = 0;
  while (session.game().moves().size() == before &&
         std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count() < seconds) {
    session.think(0, now += 0.01);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

}  // namespace

TEST_CASE("session: the bot's search on a thread of its own") {
  std::string error;
  SUBCASE("a playout-bounded level plays the move it plays in slices") {
    for (GameKind kind : game_kinds()) {
      CAPTURE(kind.index());
      Session slices, background;
      background.set_search_threads(2);
      CHECK(background.search_threads() == 2);
      for (Session* s : {&slices, &background}) {
        GameSettings settings;
        settings.kind = kind;
        REQUIRE(s->new_game(settings, {true, 4}, {false, 3}, error));
      }
      run_until_played(slices);
      wait_until_played(background);
      REQUIRE(slices.game().moves().size() == 1);
      REQUIRE(background.game().moves().size() == 1);
      CHECK(slices.game().moves()[0] == background.game().moves()[0]);
    }
  }
  SUBCASE("level 10: the analysis while it thinks, then Move now") {
    Session session;
    session.set_search_threads(2);
    session.set_analysis(true);
    REQUIRE(session.new_game(settings_of("go", 9), {true, 10}, {false, 3}, error));
    session.think(0, 1.0);
    CHECK(session.bot_started_at() == 1.0);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    session.think(0, 1.3);
    CHECK(session.game().moves().empty());  // 2 s a move: still thinking
    const bot::Analysis* a = session.analysis(1.3);
    REQUIRE(a != nullptr);
    CHECK(a->playouts > 0);
    REQUIRE_FALSE(a->moves.empty());
    for (const bot::MoveStats& m : a->moves) CHECK(session.game().check(m.move) == Illegal::none);
    session.move_now();
    session.think(0, 1.31);
    REQUIRE(session.game().moves().size() == 1);
    CHECK(session.bot_started_at() == -1);
  }
  SUBCASE("a new game stops the search; its move never lands in the next game") {
    Session session;
    session.set_search_threads(2);
    REQUIRE(session.new_game(settings_of("go", 9), {false, 3}, {true, 10}, error));
    REQUIRE(session.play_text("E5"));
    session.think(0, 2.0);
    REQUIRE(session.new_game(settings_of("loose", 9), {false, 3}, {true, 1}, error));
    REQUIRE(session.play_text("E5"));
    wait_until_played(session);
    REQUIRE(session.game().moves().size() == 2);
    CHECK(session.game().name() == "loose");
  }
  SUBCASE("undo while the bot thinks, and a session ended while it thinks") {
    Session session;
    session.set_search_threads(2);
    REQUIRE(session.new_game(settings_of("go", 9), {false, 3}, {true, 10}, error));
    REQUIRE(session.play_text("E5"));
    session.think(0, 3.0);
    REQUIRE(session.undo());
    session.think(0, 3.01);  // a person's turn: the search stops
    CHECK(session.game().moves().empty());
    REQUIRE(session.play_text("D4"));
    session.think(0, 4.0);
    // The destructor stops the thread and waits for it.
  }
}
#endif

TEST_CASE("session: each turn's changed stones, after play, undo and load") {
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("go", 5), {}, {}, error));
  for (const char* m : {"B1", "A1"}) REQUIRE(session.play_text(m));
  REQUIRE(session.play_text("A2"));  // White's A1 has no liberty left: captured
  CHECK(session.changed_counts() == std::vector<int>{0, 0, 1});
  REQUIRE(session.undo());
  CHECK(session.changed_counts() == std::vector<int>{0, 0});
  REQUIRE(session.play_text("A2"));
  const std::string sgf = session.sgf();
  REQUIRE(session.new_game(settings_of("loose", 5), {}, {}, error));
  CHECK(session.changed_counts().empty());
  REQUIRE(session.load_sgf(sgf, error));
  CHECK(session.changed_counts() == std::vector<int>{0, 0, 1});
}

TEST_CASE("session: a pass that ends a phase or the game is warned of, with the count") {
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("loose", 5), {}, {}, error));
  CHECK(session.pass_warning().empty());  // the first pass ends nothing
  REQUIRE(session.play_text("C3"));
  REQUIRE(session.play_text("pass"));
  CHECK(session.pass_warning() == "Passing now ends the game: Black wins by 1 (Black\u00a01, White\u00a00).");
  REQUIRE(session.new_game(settings_of("go", 5), {false, 3}, {true, 1}, error));
  REQUIRE(session.play_text("pass"));
  REQUIRE(session.play_text("pass"));  // the resolve phase
  CHECK(session.pass_warning().empty());
  REQUIRE(session.play_text("pass"));
  const std::string warning = session.pass_warning();
  CHECK(warning.starts_with("Passing now ends the game: You "));
  REQUIRE(session.new_game(settings_of("go", 5), {}, {}, error));
  REQUIRE(session.play_text("pass"));
  CHECK(session.pass_warning().starts_with("Passing now ends the first phase."));
}

TEST_CASE("session: why a game ended and who won, in a player's words") {
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("loose", 5), {false, 3}, {true, 1}, error));
  CHECK(end_reason(session.game()).empty());
  REQUIRE(session.play_text("resign"));
  CHECK(end_reason(session.game()) == "Black resigned");
  CHECK(result_headline(session.game()) == "White wins by resignation");
  CHECK(result_headline(session.game(), session.you()) == "You lost by resignation");

  REQUIRE(session.new_game(settings_of("loose", 5), {}, {}, error));
  for (const char* m : {"C3", "pass", "pass"}) REQUIRE(session.play_text(m));
  CHECK(end_reason(session.game()) == "Both players passed, and the board is counted");
  CHECK(result_headline(session.game()) == "Black wins by 1");
  CHECK(session.you() == 0);

  REQUIRE(session.new_game(settings_of("go", 5), {}, {}, error));
  for (const char* m : {"C3", "pass", "pass", "pass", "pass"}) REQUIRE(session.play_text(m));
  REQUIRE(session.game().state().is_over());
  CHECK(end_reason(session.game()).starts_with("Two passes in a row ended the resolve phase"));

  REQUIRE(session.new_game(settings_of("looper", 5), {}, {}, error));
  for (const char* m : {"A1+B1+C1", "D1+E1", "take"}) REQUIRE(session.play_text(m));
  REQUIRE(session.game().state().is_over());
  CHECK(end_reason(session.game()) == "Black made a loop around the torus");
  CHECK(result_headline(session.game()) == "Black wins");
}

TEST_CASE("session: the count written out term by term") {
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("loose", 5), {}, {}, error));
  REQUIRE(session.play_text("C3"));
  const std::vector<std::string> lines = count_lines(session.game(), session.game().state().explain());
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].starts_with("Black:"));
  CHECK(lines[0].ends_with("= 1"));
  CHECK(lines[1].starts_with("White:"));
  REQUIRE(session.new_game(settings_of("looper", 5), {}, {}, error));
  CHECK(count_lines(session.game(), session.game().state().explain()).empty());
}

TEST_CASE("session: the count lines read as arithmetic a player can check") {
  Session session;
  std::string error;
  // Square Squared 7×7: White has two edge chains (A1-E1, and G4 alone), Black none.
  REQUIRE(session.new_game(settings_of("squaresquared", 7), {}, {}, error));
  for (const char* m : {"C3", "A1", "D3", "B1", "E3", "C1", "C5", "D1", "D5", "E1", "E5", "G4"})
    REQUIRE(session.play_text(m));
  CHECK(count_lines(session.game(), session.game().state().explain()) ==
        std::vector<std::string>{"Black: no edge chain = 0",
                                 "White: (5\u00a0−\u00a02) at A1 + (1\u00a0−\u00a02) at G4 = 2"});

  // Go 5×5: Black walls off column A and takes a white stone on A3; White walls off column E.
  REQUIRE(session.new_game(settings_of("go", 5), {}, {}, error));
  for (const char* m : {"B1", "D1", "B2", "D2", "B3", "D3", "B4", "D4", "B5", "D5", "A2", "A3", "A4"})
    REQUIRE(session.play_text(m));
  CHECK(count_lines(session.game(), session.game().state().explain()) ==
        std::vector<std::string>{"Black: 3 territory − 0 prisoners = 3",
                                 "White: 5 territory − 1 prisoner + 6.5 komi = 10.5"});

  // Loose 5×5: stones, and a komi that takes away.
  GameSettings loose = settings_of("loose", 5);
  loose.komi = -2;
  REQUIRE(session.new_game(loose, {}, {}, error));
  for (const char* m : {"C3", "D4", "B2"}) REQUIRE(session.play_text(m));
  CHECK(count_lines(session.game(), session.game().state().explain()) ==
        std::vector<std::string>{"Black: 2 stones = 2", "White: 1 stone − 2 komi = −1"});
}

TEST_CASE("session: every game's sample position plays") {
  for (GameKind kind : game_kinds()) {
    if (kind.facts().sample.empty()) continue;
    std::optional<AnyGame> game = sample_game(kind);
    REQUIRE_MESSAGE(game, kind.facts().name);
    CHECK(game->size() == kind.facts().sample_size);
    CHECK_FALSE(game->state().is_over());
    CHECK(game->moves().size() > 10);
  }
  CHECK(sample_game(GameKind::go).has_value());
}

TEST_CASE("session: viewing an earlier position, and a turn returns to the live one") {
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("go", 9), {}, {}, error));
  for (const char* move : {"E5", "D5", "E4"}) REQUIRE(session.play_text(move));
  session.view_move(1);
  CHECK(session.viewing() == 1);
  CHECK(session.shown().moves().size() == 1);
  CHECK(session.game().moves().size() == 3);
  session.view_move(7);  // out of range: live
  CHECK(session.viewing() == -1);
  session.view_move(0);
  CHECK(session.shown().moves().empty());
  REQUIRE(session.play_text("D4"));
  CHECK(session.viewing() == -1);
  CHECK(session.shown().moves().size() == 4);
}

TEST_CASE("session: SGF out and in; a bad file changes nothing and says why") {
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("squaresquared", 7), {}, {}, error));
  for (const char* move : {"A1", "B1", "pass"}) REQUIRE(session.play_text(move));
  const std::string sgf = session.sgf();

  Session other;
  std::vector<SessionEvent> events;
  other.on_event = [&](const SessionEvent& e) { events.push_back(e); };
  REQUIRE(other.load_sgf(sgf, error));
  CHECK(other.game().name() == "squaresquared");
  CHECK(other.game().moves().size() == 3);
  CHECK(other.message() == "Loaded Square Squared, 3 moves");
  CHECK(events.back().kind == SessionEvent::Kind::loaded);
  Session one;
  REQUIRE(one.load_sgf("(;FF[4]GM[1]SZ[9];B[ee])", error));
  CHECK(one.message() == "Loaded Go, 1 move");  // not "1 moves"

  CHECK_FALSE(other.load_sgf("(;GM[1]SZ[9];B[zz])", error));
  CHECK(other.message().rfind("Cannot load the SGF file: ", 0) == 0);
  CHECK(other.game().moves().size() == 3);
}

TEST_CASE("session: a Sensei's Library diagram loads with its caption and marks; bad text changes nothing") {
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("go", 9), {}, {}, error));
  REQUIRE(session.play_text("E5"));
  const std::string diagram =
      "$$B Black 1 takes the ko\n"
      "$$ +---------------+\n"
      "$$ | . . . . . . . |\n"
      "$$ | . . X O . . . |\n"
      "$$ | . X O 1 O . . |\n"
      "$$ | . . X O . . . |\n"
      "$$ | . . , . C . . |\n"
      "$$ | . . . . . a . |\n"
      "$$ | . . . . . . . |\n"
      "$$ +---------------+\n";
  CHECK_FALSE(session.load_sl("$$B5\n$$ | . Q . |\n", "go", error));
  CHECK(error == "sl: line 2, column 8: 'Q' is not a diagram point (X O . , + 1-9 0 B W # @ C S a-z)");
  CHECK(session.message() == "Cannot read the diagram: " + error);
  CHECK(session.game().size() == 9);  // the game as it was
  CHECK(session.game().moves().size() == 1);
  REQUIRE(session.load_sl(diagram, "go", error));
  CHECK(session.game().size() == 7);
  CHECK(session.message() == "Loaded a diagram: Go 7×7");
  const DiagramOptions markup = session.markup_options();
  CHECK(markup.caption == "Black 1 takes the ko");
  CHECK(markup.marks.size() == 1);
  CHECK(markup.labels.size() == 1);
  CHECK(session.state_json().find("\"practice\"") == std::string::npos);
  CHECK_FALSE(session.diagram_part());  // all four edges: the whole board
}

TEST_CASE("session: a corner diagram's part is shown while the board is at the diagram") {
  Session session;
  std::string error;
  REQUIRE(
      session.load_sl("$$B Black to live\n$$ ---------------\n$$ | . . . . . . .\n$$ | . X X O . . .\n"
                      "$$ | X X O O . . .\n$$ | O O O . . . .\n",
                      "go", error));
  REQUIRE(session.diagram_part());
  const BoardPart part = *session.diagram_part();
  const int n = session.game().size();
  CHECK(part.left == 0);
  CHECK(part.right == 6);
  CHECK(part.top == n - 1);
  CHECK(part.bottom == n - 4);
  REQUIRE(session.play_text("F16"));
  CHECK_FALSE(session.diagram_part());  // played on: the whole board
  REQUIRE(session.undo());
  CHECK(session.diagram_part());  // back at the diagram
  REQUIRE(session.new_game(settings_of("go", 9), {}, {}, error));
  CHECK_FALSE(session.diagram_part());
}

TEST_CASE("session: an SGF whose root has VW[] opens on that part, as a corner diagram does") {
  Session session;
  std::string error;
  // What `stonegrid diagram --from-sl --sgf-output` writes for a corner (the MediaWiki tag's live board).
  REQUIRE(session.load_sgf("(;GM[1]FF[4]SG[go]SZ[19]VW[aa:gd]AB[ab][bb]AW[cb])", error));
  REQUIRE(session.diagram_part());
  CHECK(session.diagram_part()->left == 0);
  CHECK(session.diagram_part()->right == 6);
  CHECK(session.diagram_part()->bottom == 15);
  CHECK(session.diagram_part()->top == 18);
  REQUIRE(session.play_text("F16"));
  CHECK_FALSE(session.diagram_part());  // played on: the whole board
  REQUIRE(session.undo());
  CHECK(session.diagram_part());
  REQUIRE(session.load_sgf("(;GM[1]FF[4]SG[go]SZ[19]AB[ab])", error));
  CHECK_FALSE(session.diagram_part());  // no VW: the whole board
  REQUIRE(session.load_sgf("(;GM[1]FF[4]SG[looper]SZ[7]VW[aa:cc])", error));
  CHECK_FALSE(session.diagram_part());  // a torus has no corner
}

TEST_CASE("session: state JSON says who plays") {
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("looper", 7), {true, 4}, {false, 2}, error));
  const std::string json = session.state_json();
  CHECK(json.find("\"game\":\"looper\"") != std::string::npos);
  CHECK(json.find("\"players\":{\"1\":{\"bot\":true,\"level\":4},\"2\":{\"bot\":false,\"level\":2}}") !=
        std::string::npos);
  CHECK(json.back() == '}');
}

// --- SGF markup: a loaded record's marks, labels, comments and numbering, per position -------

TEST_CASE("session: a loaded record's markup follows the position shown") {
  Session session;
  std::string error;
  REQUIRE(
      session.load_sgf("(;GM[1]FF[4]SZ[9]SG[go]PM[1];B[ee]C[Black takes the centre.]TR[ee]"
                       ";W[dc]LB[cc:a]C[White answers.];B[cg]MN[10]SQ[cg]CR[ee]MA[dc])",
                       error));
  CHECK(error.empty());
  REQUIRE(session.markup().size() == 4);  // the root and three moves
  const Point e5 = *parse_vertex("E5", 9, error), c3 = *parse_vertex("C3", 9, error);
  // The live position: the last node's three marks, no comment.
  const Markup* live = session.markup_shown();
  REQUIRE(live);
  CHECK(live->marks.size() == 3);
  CHECK(live->comment.empty());
  DiagramOptions options = session.markup_options();
  CHECK(options.numbers);  // PM[1] at the root
  CHECK(options.move_numbers == std::vector<int>{1, 2, 10});
  REQUIRE(options.marks.size() == 3);
  CHECK(options.marks[0].point == c3);
  CHECK(options.marks[0].shape == Markup::Shape::square);
  // Stepping back shows each earlier node's own markup and comment.
  session.view_move(1);
  REQUIRE(session.markup_shown());
  CHECK(session.markup_shown()->comment == "Black takes the centre.");
  options = session.markup_options();
  CHECK(options.caption == "Black takes the centre.");
  REQUIRE(options.marks.size() == 1);
  CHECK(options.marks[0].point == e5);
  CHECK(options.marks[0].shape == Markup::Shape::triangle);
  session.view_move(2);
  options = session.markup_options();
  REQUIRE(options.labels.size() == 1);
  CHECK(options.labels[0].text == "a");
  CHECK(options.caption == "White answers.");
  session.view_move(0);
  CHECK(session.markup_options().marks.empty());
  CHECK(session.markup_options().caption.empty());
}

TEST_CASE("session: a turn drops the markup of the line it leaves; a new game clears it") {
  Session session;
  std::string error;
  REQUIRE(session.load_sgf("(;GM[1]FF[4]SZ[9]SG[go];B[ee]TR[ee];W[dc]LB[cc:a];B[cg]SQ[cg])", error));
  REQUIRE(session.undo());
  CHECK(session.markup().size() == 4);  // undo keeps it: the positions are the same
  REQUIRE(session.markup_shown());
  CHECK(session.markup_shown()->labels.size() == 1);
  REQUIRE(session.play_text("C4"));  // not the record's third move
  CHECK(session.markup().size() == 3);
  CHECK(session.markup_shown() == nullptr);
  CHECK(session.markup_options().marks.empty());
  session.view_move(1);
  REQUIRE(session.markup_shown());  // the earlier positions keep theirs
  CHECK(session.markup_shown()->marks.size() == 1);
  REQUIRE(session.new_game(settings_of("go", 9), {}, {}, error));
  CHECK(session.markup().empty());
  CHECK(session.markup_shown() == nullptr);
}

TEST_CASE("session: a record with bad markup loads without it, and says so") {
  Session session;
  std::string error;
  REQUIRE(session.load_sgf("(;GM[1]FF[4]SZ[9]SG[go];B[ee]TR[zz];W[dc])", error));
  CHECK(error.empty());
  CHECK(session.game().moves().size() == 2);
  CHECK(session.markup().empty());
  CHECK(session.message().find("its marks were left out") != std::string::npos);
  // A file that is bad beyond its markup is still refused.
  CHECK_FALSE(session.load_sgf("(;GM[1]FF[4]SZ[9];B[zz])", error));
  CHECK(session.game().moves().size() == 2);
}

// A lesson's position is practice, and the game it interrupted comes back whole.
TEST_CASE("session: practice positions are marked, and a snapshot puts the game back") {
  Session session;
  std::string error;
  GameSettings settings;
  settings.kind = GameKind::go;
  settings.size = 9;
  REQUIRE(session.new_game(settings, PlayerSetup{false, 3}, PlayerSetup{true, 5}, error));
  REQUIRE(session.play_text("E5"));
  CHECK(session.state_json().find("\"practice\"") == std::string::npos);
  Session::Snapshot before = session.snapshot();
  GameSettings lesson;
  lesson.kind = GameKind::loose;
  lesson.size = 5;
  session.start_from(*AnyGame::create(lesson, error));
  CHECK(session.practice());
  CHECK(session.state_json().find("\"practice\":true") != std::string::npos);
  session.restore(std::move(before));
  CHECK_FALSE(session.practice());
  CHECK(session.game().kind() == GameKind::go);
  CHECK(session.game().moves().size() == 1);
  CHECK(session.player(2).bot);
  CHECK(session.player(2).level == 5);
}

TEST_CASE("session: the new-game plan: who plays first, who names a cut-and-choose komi") {
  NewGameChoice choice;  // Go against the bot, the person first
  choice.kind = *game_kind("go");
  choice.level = 4;
  NewGamePlan plan = plan_new_game(choice, false);
  CHECK_FALSE(plan.first.bot);
  CHECK(plan.second == PlayerSetup{true, 4});
  CHECK(plan.settings.komi == 6.5);
  choice.side = Side::second;
  plan = plan_new_game(choice, true);
  CHECK(plan.first.bot);
  CHECK_FALSE(plan.second.bot);
  choice.side = Side::random;  // the coin decides
  CHECK_FALSE(plan_new_game(choice, true).first.bot);
  CHECK(plan_new_game(choice, false).first.bot);
  choice.opponent = Opponent::friend_here;
  plan = plan_new_game(choice, false);
  CHECK_FALSE(plan.first.bot);
  CHECK_FALSE(plan.second.bot);
  CHECK(plan.settings.komi_named_by == Color::empty);

  // Loose: komi by cut and choose, for every kind of opponent.
  NewGameChoice loose;
  loose.kind = *game_kind("loose");
  loose.size = 7;
  loose.opponent = Opponent::bot;  // the bot names the fair komi, the person takes White
  loose.you_take_black = false;
  plan = plan_new_game(loose, false);
  CHECK(plan.settings.komi == fair_komi(loose.kind, 7));
  CHECK(plan.first.bot);
  CHECK_FALSE(plan.second.bot);
  CHECK(plan.settings.komi_named_by == Color::black);  // the bot, playing Black, named it

  loose.you_name_komi = true;  // the person names a komi far too high: the bot takes White
  loose.named_komi = fair_komi(loose.kind, 7) + 20;
  plan = plan_new_game(loose, false);
  CHECK(plan.settings.komi == loose.named_komi);
  CHECK(plan.second.bot);
  CHECK(plan.settings.komi_named_by == Color::black);  // the person, now Black, named it
  loose.named_komi = fair_komi(loose.kind, 7) - 21;    // odd: moved up to the next even komi
  plan = plan_new_game(loose, false);
  CHECK(*plan.settings.komi == fair_komi(loose.kind, 7) - 20);
  CHECK(plan.first.bot);  // far too low: the bot takes Black
  CHECK(plan.settings.komi_named_by == Color::white);

  loose.opponent = Opponent::bots;
  plan = plan_new_game(loose, false);
  CHECK(plan.first.bot);
  CHECK(plan.second.bot);
  CHECK(plan.settings.komi == fair_komi(loose.kind, 7));
  CHECK(plan.settings.komi_named_by == opponent(choose_color(loose.kind, 7, *plan.settings.komi)));

  // Every plan starts a game the engine accepts.
  for (GameKind kind : game_kinds()) {
    NewGameChoice any;
    any.kind = kind;
    any.size = kind.facts().default_size;
    any.komi = kind.facts().default_komi;
    any.named_komi = kind.facts().default_komi;
    for (Opponent o : {Opponent::bot, Opponent::friend_here, Opponent::bots}) {
      any.opponent = o;
      Session session;
      std::string error;
      CHECK_MESSAGE(session.new_game(plan_new_game(any, true), error), error);
    }
  }
}

TEST_CASE("session: a rematch swaps the seats and who named the komi, and says your colour") {
  Session session;
  std::string error;
  NewGameChoice loose;
  loose.kind = *game_kind("loose");
  loose.size = 7;
  loose.you_take_black = true;
  REQUIRE(session.new_game(plan_new_game(loose, false), error));
  REQUIRE(session.you() == 1);
  CHECK(session.game().settings().komi_named_by == Color::white);  // the bot, White, named it
  const double komi = session.game().komi();
  REQUIRE(session.rematch(error));
  CHECK(session.you() == 2);
  CHECK(session.player(1).bot);
  CHECK(session.game().komi() == komi);
  CHECK(session.game().settings().komi_named_by == Color::black);
  CHECK(session.message() == "Rematch: you play White now");
}

TEST_CASE("session: a ballot turn is picked, unpicked and confirmed as one move") {
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("looper", 7), {}, {}, error));
  REQUIRE(session.picking());
  const auto point = [](const char* v) {
    std::string e;
    return *parse_vertex(v, 7, e);
  };
  CHECK_FALSE(session.picked_move());
  for (const char* v : {"A1", "B2", "C3"}) CHECK(session.pick(point(v)));
  CHECK_FALSE(session.pick(point("D4")));
  CHECK(session.message() ==
        "A ballot turn places 1 to 3 stones: confirm, or click a picked stone to remove it");
  CHECK(session.pick(point("B2")));  // unpicks
  CHECK(session.picks() == std::vector<Point>{point("A1"), point("C3")});
  REQUIRE(session.picked_move());
  REQUIRE(session.play(*session.picked_move()));
  CHECK(session.picks().empty());
  CHECK(session.game().state().at(point("A1")) == Color::black);
  CHECK(session.game().state().at(point("C3")) == Color::black);
  CHECK_FALSE(session.pick(point("A1")));  // occupied
  CHECK(session.message() == "Illegal move A1: that point is occupied");
  CHECK(session.pick(point("E5")));
  // Undo takes back the picks of the turn being made, not the other player's turn.
  REQUIRE(session.undo());
  CHECK(session.picks().empty());
  CHECK(session.game().moves().size() == 1);
  CHECK(session.pick(point("E5")));
  session.view_move(0);  // looking back drops the picks
  CHECK(session.picks().empty());
  CHECK_FALSE(session.pick(point("E5")));
}

TEST_CASE("session: the move list says who played each turn, P1/P2 until colours are decided") {
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("looper", 7), {}, {}, error));
  for (const char* move : {"A1+B2", "C3", "take", "D4"}) REQUIRE(session.play_text(move));
  const std::vector<std::string> labels = session.move_labels();
  REQUIRE(labels.size() == 4);
  CHECK(labels[0] == "1. P1 A1+B2");
  CHECK(labels[1] == "2. P2 C3");
  CHECK(labels[2] == "3. P1 take");
  // Player 1 took Black, so player 2 (to move) plays White... and moves first after the take.
  const int black = session.game().state().black_player();
  CHECK(labels[3] == std::string("4. ") + (session.game().mover(3).player == black ? "B" : "W") + " D4");
  CHECK(session.last_move_sentence() ==
        std::string("Move 4: ") + (session.game().mover(3).player == black ? "Black" : "White") + " D4");

  REQUIRE(session.new_game(settings_of("go", 9), {}, {}, error));
  for (const char* move : {"E5", "pass"}) REQUIRE(session.play_text(move));
  CHECK(session.move_labels() == std::vector<std::string>{"1. B E5", "2. W pass"});
  CHECK(session.last_move_sentence() == "Move 2: White pass");
}

TEST_CASE("session: a review runs in think's slices, stays while looking back, goes with a new turn") {
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("go", 5), {}, {}, error));
  for (const char* move : {"C3", "B3", "C2"}) REQUIRE(session.play_text(move));
  CHECK_FALSE(session.review());
  ReviewOptions options;
  options.playouts = 200;
  session.start_review(options);
  REQUIRE(session.review());
  CHECK(session.review()->searched() == 0);
  double now = 0;
  for (int i = 0; i < 5000 && !session.review()->finished(); ++i) session.think(5, now += 0.01);
  REQUIRE(session.review()->finished());
  CHECK(session.review()->turns().size() == 3);
  session.view_move(1);  // looking back keeps it
  CHECK(session.review());
  session.view_move(-1);
  REQUIRE(session.play_text("B2"));  // the game moved on: the review was of another record
  CHECK_FALSE(session.review());
}

TEST_CASE("session: the review's marks in the move list, and its summary") {
  CHECK(review_mark(Verdict::good).empty());
  CHECK(review_mark(Verdict::inaccuracy) == "?!");
  CHECK(review_mark(Verdict::mistake) == "?");
  CHECK(review_mark(Verdict::blunder) == "??");
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("capturego", 5), {}, {}, error));
  // Black's A1 has one liberty: White captures it and wins.
  for (const char* move : {"C3", "A2", "A1", "B1"}) REQUIRE(session.play_text(move));
  ReviewOptions options;
  options.playouts = 1500;
  session.start_review(options);
  CHECK(review_summary(*session.review()) == "Reviewing: 0 of 5 positions");
  double now = 0;
  for (int i = 0; i < 20000 && !session.review()->finished(); ++i) session.think(5, now += 0.01);
  REQUIRE(session.review()->finished());
  const std::vector<std::string> labels = session.move_labels();
  REQUIRE(labels.size() == 4);
  CHECK(labels[2] == "3. B A1??");
  CHECK(labels[3] == "4. W B1 ×1");
  const std::string summary = review_summary(*session.review());
  CHECK(summary.find("Black: accuracy ") == 0);
  CHECK(summary.find(", 1 blunder") != std::string::npos);
  CHECK(summary.find("\nWhite: accuracy ") != std::string::npos);

  // The graph from Black's side: the start, then after each turn; the blunder drops it to 0.
  const std::vector<double> black = review_curve(*session.review(), 1),
                            white = review_curve(*session.review(), 2);
  REQUIRE(black.size() == 5);
  REQUIRE(white.size() == 5);
  for (size_t i = 0; i < black.size(); ++i) CHECK(black[i] + white[i] == doctest::Approx(1));
  CHECK(black[3] == 0);
  CHECK(black[2] > 0.3);
  // The turning point, and next / previous mistake from either side of it.
  CHECK(turning_points(*session.review()) == std::vector<int>{3});
  CHECK(turning_points(*session.review(), 0).empty());
  CHECK(next_mistake(*session.review(), 0, 1) == 3);
  CHECK(next_mistake(*session.review(), 3, 1) == 0);
  CHECK(next_mistake(*session.review(), 4, -1) == 3);
  CHECK(next_mistake(*session.review(), 3, -1) == 0);
  const std::string said = turn_verdict_sentence(*session.review(), 3);
  CHECK(said.starts_with("Move 3: Black A1, a blunder ("));
  CHECK(said.find("→ 0 %). Best: ") != std::string::npos);
  CHECK(turn_verdict_sentence(*session.review(), 4).starts_with("Move 4: White B1 ("));
  CHECK(turn_verdict_sentence(*session.review(), 5).empty());
  // Saved, the record keeps the review.
  CHECK(session.sgf().find("BM[2]") != std::string::npos);
  CHECK(review_score_curve(*session.review(), 1).empty());  // Capture Go has no count
}

// Go 7×7, 11 turns: White's G7 (turn 10) leaves C3 D3 in atari; Black takes them.
static void play_g7_blunder(Session& session) {
  std::string error;
  REQUIRE(session.new_game(settings_of("go", 7), {}, {}, error));
  for (const char* move : {"C4", "C3", "D4", "D3", "B3", "F6", "C2", "F5", "E3", "G7", "D2"})
    REQUIRE(session.play_text(move));
}

TEST_CASE(
    "session: where the game counts points, the verdict says the points lost and the graph has the lead") {
  Session session;
  play_g7_blunder(session);
  ReviewOptions options;
  options.playouts = 2000;
  session.start_review(options);
  double now = 0;
  for (int i = 0; i < 50000 && !session.review()->finished(); ++i) session.think(5, now += 0.01);
  REQUIRE(session.review()->finished());
  const std::string said = turn_verdict_sentence(*session.review(), 10);
  CAPTURE(said);
  CHECK(said.starts_with("Move 10: White G7, a blunder: −"));
  CHECK(said.find(" points (") != std::string::npos);
  const std::vector<double> black = review_score_curve(*session.review(), 1),
                            white = review_score_curve(*session.review(), 2);
  REQUIRE(black.size() == 12);
  for (size_t i = 0; i < black.size(); ++i) CHECK(black[i] == doctest::Approx(-white[i]));
  CHECK(black[10] - black[9] >= 8);  // G7 gave Black the points White lost
}

// Where threads can be made (natively, and WebAssembly built with pthreads); elsewhere the
// review searches in slices (the tests above).
#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
TEST_CASE("session: with search threads the review searches on threads of its own; stopping waits for them") {
  Session session;
  session.set_search_threads(2);
  play_g7_blunder(session);
  ReviewOptions options;
  options.playouts = 2000;
  session.start_review(options);
  REQUIRE(session.review());
  CHECK(session.review_threads() == review_threads_for(std::thread::hardware_concurrency()));
  CHECK(review_threads_for(2) == 1);  // a core left to the page's frames
  CHECK(review_threads_for(1) == 1);
  CHECK(review_threads_for(16) == 4);
  // The threads search; think only takes their results in, in order (no slice of its own).
  // (Waits on the review's state, for at most 5 minutes of a loaded machine.)
  double now = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
  while (!session.review()->finished() && std::chrono::steady_clock::now() < deadline) {
    const int before = session.review()->searched();
    session.think(0, now += 0.01);
    if (session.review()->searched() == before) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  REQUIRE(session.review()->finished());
  const std::vector<TurnReview>& turns = session.review()->turns();
  REQUIRE(turns.size() == 11);
  CHECK(turns[9].verdict >= Verdict::mistake);  // G7, whichever thread searched it
  CHECK(turns[9].points_lost >= 8);
  for (size_t i = 0; i + 1 < turns.size(); ++i)
    CHECK(turns[i].score_after == doctest::Approx(-turns[i + 1].score_before));

  // Stopped at once, or by a new turn, while the threads search: they end, nothing is left.
  session.start_review(options);
  session.stop_review();
  CHECK_FALSE(session.review());
  session.start_review(options);
  REQUIRE(session.play_text("A1"));
  CHECK_FALSE(session.review());
}
#endif

TEST_CASE("session: a review kept with the saved game comes back finished, with no search") {
  Session session;
  std::string error;
  REQUIRE(session.new_game(settings_of("go", 5), {}, {}, error));
  for (const char* move : {"C3", "B3", "C2"}) REQUIRE(session.play_text(move));
  CHECK(session.review_text().empty());
  ReviewOptions options;
  options.playouts = 200;
  session.start_review(options);
  double now = 0;
  for (int i = 0; i < 5000 && !session.review()->finished(); ++i) session.think(5, now += 0.01);
  const std::string kept = session.review_text();
  const std::string sgf = session.sgf();

  Session later;  // the page reloaded: the game replayed from the saved turns, then its review
  REQUIRE(later.new_game(settings_of("go", 5), {}, {}, error));
  for (const char* move : {"C3", "B3", "C2"}) REQUIRE(later.play_text(move));
  REQUIRE_MESSAGE(later.restore_review(kept, error), error);
  REQUIRE(later.review());
  CHECK(later.review()->finished());
  CHECK(later.review()->restored() == 4);
  CHECK(later.sgf() == sgf);
  CHECK(later.move_labels() == session.move_labels());

  // Another game's review is refused and changes nothing.
  REQUIRE(later.play_text("B2"));
  CHECK_FALSE(later.review());
  CHECK_FALSE(later.restore_review(kept, error));
  CHECK(error == "the review is of another game");
  CHECK_FALSE(later.review());
}

TEST_CASE("session: a game by link between two devices, and the links that change nothing") {
  Session ann, bob;  // two devices
  std::string error, message;
  REQUIRE(ann.new_friend_game(settings_of("go", 9), 1, 0x123456789ABCull, error));
  CHECK(ann.friend_game());
  CHECK(ann.you() == 1);
  REQUIRE(ann.play_text("E5"));
  CHECK_FALSE(ann.play_text("D4"));  // not Ann's turn
  CHECK(ann.message() == "It is your friend's turn: send them the link");
  const std::string first = ann.friend_link("Ann");
  CHECK_FALSE(ann.undo());  // Bob has the move now
  CHECK(ann.message() == "Your friend has this move: it cannot be taken back");

  REQUIRE(bob.open_link(first, message));
  CHECK(message == "Ann played E5. Your move: you are White");
  CHECK(bob.you() == 2);
  CHECK(bob.friend_name() == "Ann");
  CHECK(bob.state_json().find("\"1\":{\"bot\":false,\"level\":3,\"remote\":true}") != std::string::npos);
  CHECK_FALSE(bob.open_link(first, message));  // the same link again adds nothing
  CHECK(message == "Nothing new in this link");
  REQUIRE(bob.play_text("C3"));
  REQUIRE(bob.undo());  // not sent yet: Bob may take it back
  REQUIRE(bob.play_text("D4"));
  const std::string second = bob.friend_link("Bob");

  REQUIRE(ann.open_link(second, message));
  CHECK(message == "Bob played D4. Your move: you are Black");
  CHECK(ann.game().moves().size() == 2);
  CHECK_FALSE(ann.open_link(first, message));  // an old link
  CHECK(message == "This link is older than your game: nothing changed");
  CHECK(ann.game().moves().size() == 2);

  // A link of the same game that went another way from move 2 is not taken.
  Session carl;
  REQUIRE(carl.open_link(first, message));
  REQUIRE(carl.play_text("F4"));
  CHECK_FALSE(ann.open_link(carl.friend_link(), message));
  CHECK(message == "This link's game differs from yours from move 2: nothing changed");
  CHECK(ann.game().moves().size() == 2);

  // A damaged link changes nothing.
  std::string damaged = second;
  damaged[5] = damaged[5] == 'x' ? 'y' : 'x';
  CHECK_FALSE(ann.open_link(damaged, message));
  CHECK(message.find("This link cannot be opened: the link is damaged") == 0);
  CHECK(ann.game().moves().size() == 2);

  // A new game (not by link) ends the friend game here.
  REQUIRE(ann.new_game(settings_of("go", 9), {}, {}, error));
  CHECK_FALSE(ann.friend_game());
}

TEST_CASE("session: a Looper game by link through the ballot and the take") {
  Session one, two;
  std::string error, message;
  REQUIRE(one.new_friend_game(settings_of("looper", 7), 1, 42, error));
  REQUIRE(one.play_text("A1+C3"));
  REQUIRE(two.open_link(one.friend_link(), message));
  CHECK(message == "Your friend played A1+C3. Your move: you are player 2");
  REQUIRE(two.play_text("take"));
  REQUIRE(one.open_link(two.friend_link(), message));
  // Player 2 took Black: player 1 is White and, after the take, moves first.
  CHECK(message == "Your friend played take. Your move: you are White");
}

TEST_CASE("session: a game by link from the new-game choice, kept on this device and put back") {
  NewGameChoice choice;
  choice.kind = *game_kind("go");
  choice.opponent = Opponent::friend_away;
  choice.side = Side::second;
  const NewGamePlan plan = plan_new_game(choice, true);
  CHECK(plan.first.remote);
  CHECK_FALSE(plan.second.remote);
  CHECK_FALSE(plan.first.bot);

  Session ann, bob;
  std::string error, message;
  REQUIRE(ann.new_game(plan, error));
  CHECK(ann.friend_game());
  CHECK(ann.you() == 2);
  const uint64_t id = ann.friend_id();
  CHECK(id != 0);
  CHECK(id <= 0xFFFFFFFFFFFFull);
  CHECK(ann.state_json().find("\"friend\":{\"id\":\"") != std::string::npos);
  CHECK_FALSE(ann.play_text("E5"));  // Black is the friend's side
  REQUIRE(bob.open_link(ann.friend_link("Ann"), message));
  CHECK(message == "Your move: you are Black");
  CHECK(bob.friend_id() == id);
  REQUIRE(bob.play_text("E5"));
  REQUIRE(ann.open_link(bob.friend_link("Bob \"B\"\n"), message));
  REQUIRE(ann.play_text("D4"));  // not sent yet

  // What the device keeps, put back in another session (a reload): the same game, the same
  // side, the friend's name, and the unsent move still free to take back.
  const std::string kept = ann.link_text();
  CHECK(ann.sent_moves() == 1);
  Session again;
  REQUIRE(again.resume_friend_game(kept, ann.friend_name(), ann.sent_moves(), error));
  CHECK(again.friend_id() == id);
  CHECK(again.you() == 2);
  CHECK(again.game().moves() == ann.game().moves());
  CHECK(again.friend_name() == "Bob \"B\"\n");
  CHECK(again.state_json().find("\"name\":\"Bob \\\"B\\\"\\u000a\"") != std::string::npos);
  REQUIRE(again.undo());      // D4 was never sent
  CHECK_FALSE(again.undo());  // E5 came from Bob
  // Bob's next link continues the game put back.
  REQUIRE(bob.open_link(ann.friend_link(), message));
  REQUIRE(bob.play_text("C3"));
  REQUIRE(again.play_text("D4"));
  again.friend_link();
  REQUIRE(again.open_link(bob.friend_link(), message));
  CHECK(again.game().moves().size() == 3);

  CHECK_FALSE(again.resume_friend_game("not a link", "", 0, error));
  CHECK_FALSE(error.empty());
  CHECK(again.game().moves().size() == 3);  // nothing lost
}

TEST_CASE("session: Loose by link: one side names the komi, the other picks a colour") {
  NewGameChoice choice;
  choice.kind = *game_kind("loose");
  choice.size = 7;
  choice.opponent = Opponent::friend_away;
  choice.named_komi = 4;
  for (const Color picked : {Color::black, Color::white}) {
    INFO("the friend takes " << (picked == Color::black ? "Black" : "White"));
    Session ann, bob;
    std::string error, message;
    REQUIRE(ann.new_game(plan_new_game(choice, true), error));
    CHECK(ann.colours_open());
    CHECK_FALSE(ann.picks_colour());
    CHECK(ann.game().komi() == 4);
    CHECK_FALSE(ann.play_text("D4"));
    CHECK(ann.message() == "Your friend picks a colour first: send them the link");
    CHECK_FALSE(ann.pick_colour(Color::black));  // Ann named the komi: she does not pick

    REQUIRE(bob.open_link(ann.friend_link("Ann"), message));
    CHECK(message == "Ann named komi 4 (points for White): pick a colour, Black or White");
    CHECK(bob.picks_colour());
    CHECK_FALSE(bob.play_text("D4"));
    // A reload on either side keeps who picks.
    Session again;
    REQUIRE(again.resume_friend_game(bob.link_text(), "Ann", 0, error));
    CHECK(again.picks_colour());
    REQUIRE(again.resume_friend_game(ann.link_text(), "", 0, error));
    CHECK(again.colours_open());
    CHECK_FALSE(again.picks_colour());

    REQUIRE(bob.pick_colour(picked));
    CHECK_FALSE(bob.colours_open());
    CHECK(bob.game().settings().komi_named_by == opponent(picked));
    CHECK(player_color(bob.game(), bob.you()) == picked);
    if (picked == Color::black) REQUIRE(bob.play_text("D4"));
    REQUIRE(ann.open_link(bob.friend_link("Bob"), message));
    CHECK_FALSE(ann.colours_open());
    CHECK(player_color(ann.game(), ann.you()) == opponent(picked));
    if (picked == Color::black)
      CHECK(message == "Bob took Black. Bob played D4. Your move: you are White");
    else
      CHECK(message == "Bob took White. Your move: you are Black");
    REQUIRE(ann.play_text("C3"));
    REQUIRE(bob.open_link(ann.friend_link(), message));
    CHECK(bob.game().moves() == ann.game().moves());
  }
}
