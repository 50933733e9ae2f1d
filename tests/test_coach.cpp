// The coach (session/coach.h): every lesson and puzzle of every game set up in a session and solved
// through the coach by its "show me" turns, as the page does; a wrong turn refused with the hint
// and the position unchanged; progress reported once per solved task.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "coach.h"

using namespace stonegrid;

TEST_CASE("coach: every lesson and puzzle is solved by Show me through the session, with no tick for it") {
  for (GameKind kind : game_kinds()) {
    for (Coach::Mode mode : {Coach::Mode::lesson, Coach::Mode::puzzle}) {
      Session session;
      Coach coach;
      std::vector<std::string> solved;
      coach.on_solved = [&](const std::string& id) { solved.push_back(id); };
      for (int i = 0; coach.begin(session, mode, kind, i); ++i) {
        CAPTURE(coach.task().id);
        CHECK(session.game().name() == kind.facts().name);
        CHECK_FALSE(session.player(1).bot);
        int turns = 0;
        while (!coach.solved() && turns++ < 10) REQUIRE(coach.show_me(session));
        CHECK(coach.solved());
        CHECK(coach.shown());
        CHECK_FALSE(coach.feedback_good());  // said as shown, not in a solve's green
        CHECK(coach.feedback_is_shown());
        CHECK(coach.feedback() == "Shown: " + coach.task().success + " Try again to solve it yourself.");
        CHECK_FALSE(coach.show_me(session));  // nothing left to show
        CHECK(solved.empty());                // shown, not solved by the person
      }
    }
  }
}

TEST_CASE("coach: a wrong turn is refused with the hint and changes nothing; restart starts over") {
  Session session;
  Coach coach;
  REQUIRE(coach.begin(session, Coach::Mode::lesson, GameKind::loose, 1));  // "Flip a chain": E3
  const size_t moves = session.game().moves().size();
  std::string error;
  CHECK_FALSE(coach.turn(session, Move::place(*parse_vertex("A5", 5, error))));
  CHECK_FALSE(coach.solved());
  CHECK_FALSE(coach.feedback_good());
  CHECK(coach.feedback() == coach.task().hint);
  CHECK_FALSE(coach.feedback_is_hint());  // said after a wrong turn
  CHECK(session.message().empty());       // once, in the panel: not again over the board
  CHECK(session.game().moves().size() == moves);
  coach.show_hint();
  CHECK(coach.feedback_is_hint());
  CHECK_FALSE(coach.feedback_good());
  CHECK(session.game().state().at(*parse_vertex("A5", 5, error)) == Color::empty);
  REQUIRE(coach.show_me(session));
  CHECK(coach.solved());
  REQUIRE(coach.restart(session));
  CHECK_FALSE(coach.solved());
  CHECK(session.game().moves().size() == moves);
  CHECK_FALSE(coach.begin(session, Coach::Mode::lesson, GameKind::loose, 99));
}

// Issue #41: a wrong answer a puzzle answers is played with the bot's refutation and the reason;
// the next turn starts over from the puzzle's position.
TEST_CASE("coach: a refuted wrong answer is shown on the board, then the next turn starts over") {
  for (const GameKind kind : game_kinds()) {
    const std::vector<teach::Task>& tasks = teach::puzzles(kind.facts().name);
    for (int index = 0; index < static_cast<int>(tasks.size()); ++index) {
      if (tasks[index].wrong.empty()) continue;
      CAPTURE(tasks[index].id);
      Session session;
      Coach coach;
      std::vector<std::string> solved;
      coach.on_solved = [&](const std::string& id) { solved.push_back(id); };
      REQUIRE(coach.begin(session, Coach::Mode::puzzle, kind, index));
      const size_t moves = session.game().moves().size();
      const teach::WrongAnswer& wrong = coach.task().wrong.front();
      std::string error;
      REQUIRE(coach.turn(session, *parse_move(wrong.turn, session.game().size(), error)));
      CHECK(coach.refuted());
      CHECK_FALSE(coach.solved());
      CHECK_FALSE(coach.feedback_good());
      CHECK(coach.feedback() == wrong.why);
      CHECK(session.game().moves().size() == moves + 1 + wrong.replies.size());
      // The answer, tried now, is judged in the puzzle's position and solves it.
      REQUIRE(coach.turn(session, *parse_move(coach.task().show_me.front(), session.game().size(), error)));
      CHECK_FALSE(coach.refuted());
      CHECK(coach.solved());
      CHECK(session.game().moves().size() == moves + 1);
      CHECK(solved.size() == 1);
      break;  // one puzzle a game is enough here (test_teach.cpp checks every wrong answer)
    }
  }
}

// A lesson that says "play on the marked point" shows the mark its record puts there.
TEST_CASE("coach: a task's marks from its record are on the board") {
  for (const GameKind kind : game_kinds())
    for (int index = 0; index < static_cast<int>(teach::lessons(kind.facts().name).size()); ++index) {
      Session session;
      Coach coach;
      REQUIRE(coach.begin(session, Coach::Mode::lesson, kind, index));
      const std::string& ask = coach.task().instruction;
      if (ask.find("marked point") == std::string::npos) continue;
      INFO(coach.task().id);
      CHECK_FALSE(session.markup_options().marks.empty());
    }
  Session session;
  Coach coach;
  REQUIRE(coach.begin(session, Coach::Mode::lesson, GameKind::squaresquared, 1));
  std::string error;
  const std::vector<Markup::Mark> marks = session.markup_options().marks;
  REQUIRE(marks.size() == 1);
  CHECK(marks[0].point == *parse_vertex("A2", 5, error));
  CHECK(marks[0].shape == Markup::Shape::triangle);
}

// The tick is for a task the person solved: their own turns earn it, a Show me does not.
TEST_CASE("coach: a task solved by the person's own turns is remembered") {
  Session session;
  Coach coach;
  std::vector<std::string> solved;
  coach.on_solved = [&](const std::string& id) { solved.push_back(id); };
  REQUIRE(coach.begin(session, Coach::Mode::lesson, GameKind::loose, 1));  // "Flip a chain": E3
  std::string error;
  const std::string answer = coach.task().steps[0].show_me;
  REQUIRE(coach.turn(session, *parse_move(answer, session.game().size(), error)));
  REQUIRE(coach.solved());
  CHECK(solved == std::vector<std::string>{coach.task().id});
  // Again, with Show me: solved, no second tick.
  REQUIRE(coach.begin(session, Coach::Mode::lesson, GameKind::loose, 1));
  REQUIRE(coach.show_me(session));
  CHECK(coach.solved());
  CHECK(solved.size() == 1);
}

TEST_CASE("coach: a problem's wrong turn is played with its refutation and fails it; Show me starts over") {
  std::string error;
  std::optional<teach::Task> task = teach::read_problem(
      "(;GM[1]FF[4]SG[go]SZ[5]KM[0.5]GOAL[capture 1]SHOWME[C4]AB[bc][cd][dc]AW[cc]"
      "(;B[cb]TE[1])(;B[db]BM[1]C[White connects at C4 and gets away.];W[cb]))",
      error);
  REQUIRE_MESSAGE(task, error);
  Session session;
  Coach coach;
  std::vector<std::string> solved, failed;
  coach.on_solved = [&](const std::string& id) { solved.push_back(id); };
  coach.on_failed = [&](const std::string& id) { failed.push_back(id); };
  REQUIRE(coach.begin_problem(session, *task));
  CHECK(coach.mode() == Coach::Mode::problem);
  CHECK(coach.count() == 1);
  auto at = [&](const char* v) { return session.game().state().at(*parse_vertex(v, 5, error)); };
  // Illegal: refused, nothing played, not failed.
  CHECK_FALSE(coach.turn(session, Move::place(*parse_vertex("C3", 5, error))));
  CHECK_FALSE(coach.failed());
  // Wrong: played, then White's answer.
  CHECK(coach.turn(session, Move::place(*parse_vertex("D4", 5, error))));
  CHECK(coach.failed());
  CHECK(coach.refuted());
  CHECK_FALSE(coach.feedback_good());
  CHECK(coach.feedback() == "White connects at C4 and gets away.");
  CHECK(at("D4") == Color::black);
  CHECK(at("C4") == Color::white);
  CHECK(failed == std::vector<std::string>{"problem"});
  CHECK_FALSE(coach.turn(session, Move::place(*parse_vertex("E5", 5, error))));  // over until Try again
  // Show me: the start again, then the answer.
  REQUIRE(coach.show_me(session));
  CHECK(coach.solved());
  CHECK_FALSE(coach.failed());
  CHECK(at("D4") == Color::empty);
  CHECK(at("C3") == Color::empty);  // captured
  CHECK(solved.empty());            // shown, not solved
  // ... and said so: not the green of a solve.
  CHECK(coach.shown());
  CHECK_FALSE(coach.feedback_good());
  CHECK(coach.feedback_is_shown());
  CHECK(coach.feedback() == "Shown: the answer is on the board. Try again to solve it yourself.");
  CHECK_FALSE(coach.turn(session, Move::place(*parse_vertex("E5", 5, error))));
  CHECK(coach.feedback() == "Shown, not solved. Try again to solve it yourself.");
  CHECK_FALSE(coach.feedback_good());
  // Try again, and the reader's own answer.
  REQUIRE(coach.restart(session));
  CHECK(at("C3") == Color::white);
  CHECK(coach.turn(session, Move::place(*parse_vertex("C4", 5, error))));
  CHECK(coach.solved());
  CHECK(coach.feedback() == "Solved.");
  CHECK(solved == std::vector<std::string>{"problem"});
  // A wrong turn the problem does not answer is played too, with the reply the engine finds (White
  // takes the answer's point), what it misses and the hint, and fails it.
  REQUIRE(coach.restart(session));
  CHECK(coach.turn(session, Move::place(*parse_vertex("A1", 5, error))));
  CHECK(coach.failed());
  CHECK(coach.feedback() ==
        "A1 captures nothing. White answers C4: nothing is left to capture. Not this one.");
  CHECK(at("A1") == Color::black);
  CHECK(at("C4") == Color::white);
  CHECK(session.game().moves().size() == 2);
  CHECK(failed == std::vector<std::string>{"problem", "problem"});
}

// Issue #41 (a fresh-eyes test): a puzzle's wrong turn that no branch answers is shown on the board
// with the engine's refutation and explained, what it misses first; the next turn starts over.
TEST_CASE("coach: a puzzle's unanswered wrong turn is played, refuted and explained") {
  Session session;
  Coach coach;
  REQUIRE(coach.begin(session, Coach::Mode::puzzle, GameKind::squaresquared, 0));  // "Take one": F5
  REQUIRE(coach.task().id == "squaresquared-puzzle-51");
  std::string error;
  auto at = [&](const char* v) { return session.game().state().at(*parse_vertex(v, 9, error)); };
  const size_t start = session.game().moves().size();
  CHECK(coach.turn(session, Move::place(*parse_vertex("J1", 9, error))));
  CHECK(coach.refuted());
  CHECK_FALSE(coach.failed());  // a puzzle is not failed: the next turn starts over
  CHECK(at("J1") == Color::white);
  CHECK(session.game().moves().size() == start + 2);
  CHECK(at("F5") == Color::black);  // Black's reply on the answer's point
  CHECK(coach.feedback() ==
        "J1 captures nothing. Black answers F5: nothing is left to capture. " + coach.task().hint);
  // The answer now: the wrong turn and its reply go first; one stone is taken and that ends it.
  CHECK(coach.turn(session, Move::place(*parse_vertex("F5", 9, error))));
  CHECK(coach.solved());
  CHECK(session.game().moves().size() == start + 1);
  CHECK(session.game().last_changed().size() == 1);  // the stone taken: the board marks it with a cross
}

// Issue #41: a chase's wrong turn says first that it is no atari; an illegal tap's reason goes when
// another point is previewed.
TEST_CASE("coach: a wrong chase turn says it is no atari; a new preview clears an illegal tap's reason") {
  Session session;
  Coach coach;
  const std::vector<teach::Task>& tasks = teach::puzzles("go");
  int ladder = -1;
  for (int i = 0; i < static_cast<int>(tasks.size()); ++i)
    if (tasks[i].id == "go-puzzle-51") ladder = i;
  REQUIRE(coach.begin(session, Coach::Mode::puzzle, GameKind::go, ladder));
  std::string error;
  CHECK(coach.turn(session, Move::place(*parse_vertex("A1", 9, error))));
  CHECK(coach.feedback().starts_with("A1 is no atari and captures nothing. "));
  CHECK(coach.feedback().ends_with(coach.task().hint));
  CHECK_FALSE(coach.turn(session, Move::place(*parse_vertex("E5", 9, error))));  // taken
  CHECK(coach.feedback().starts_with("That point is taken"));
  coach.previewing();
  CHECK(coach.feedback().empty());
  coach.show_hint();
  coach.previewing();  // a hint is no refusal: it stays
  CHECK(coach.feedback() == coach.task().hint);
}
