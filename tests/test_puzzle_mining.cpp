// Puzzles cut from played games (core/tools/puzzle_mining.h): a planted blunder in Go and in
// Looper each make a puzzle whose task file reads back sound — the one answer, the motif, the
// question naming the blunder, wrong answers refuted — and a position with two answers makes none.
#include <doctest/doctest.h>

#include "rules/notation.h"
#include "tools/puzzle_mining.h"

using namespace stonegrid;
using namespace stonegrid::teach;

namespace {

Point at(const AnyGame& game, std::string_view vertex) {
  std::string error;
  std::optional<Point> p = parse_vertex(vertex, game.size(), error);
  REQUIRE(p);
  return *p;
}

AnyGame with_stones(std::string_view name, int size, std::initializer_list<std::string_view> black,
                    std::initializer_list<std::string_view> white) {
  std::string error;
  std::optional<AnyGame> game = AnyGame::create(name, size, std::nullopt, error);
  REQUIRE(game);
  for (std::string_view v : black) REQUIRE(game->setup(at(*game, v), Color::black));
  for (std::string_view v : white) REQUIRE(game->setup(at(*game, v), Color::white));
  return std::move(*game);
}

MineOptions quick() {
  MineOptions o;
  o.reply_playouts = 200;
  o.review_playouts = 200;
  return o;
}

Task read_back(const Candidate& c) {
  std::string error;
  std::optional<std::vector<Task>> tasks = read_tasks(c.sgf, error);
  INFO(c.sgf << "\n" << error);
  REQUIRE(tasks);
  REQUIRE(tasks->size() == 1);
  const std::vector<std::string> problems = verify(tasks->front());
  for (const std::string& p : problems) INFO(p);
  CHECK(problems.empty());
  return tasks->front();
}

AnyGame before_after(const AnyGame& before, std::string_view vertex) {
  AnyGame after = before;
  REQUIRE(after.play(Move::place(at(before, vertex))) == Illegal::none);
  return after;
}

std::optional<Goal> parse_goal_or(std::string_view text) {
  std::string error;
  std::optional<Goal> goal = parse_goal(text, error);
  REQUIRE(goal);
  return goal;
}

}  // namespace

TEST_CASE("puzzle mining: a Go blunder that leaves three stones in atari makes a capture puzzle") {
  // White's C4-D4-E4 have one liberty, F4; White (to move) plays A7 elsewhere instead of saving them.
  AnyGame before =
      with_stones("go", 7, {"C5", "D5", "E5", "C3", "D3", "E3", "B4"}, {"C4", "D4", "E4", "F6", "F2"});
  REQUIRE(before.play(Move::pass()) == Illegal::none);
  std::optional<Candidate> c = make_puzzle(before, Move::place(at(before, "A7")), "a blunder",
                                           Move::place(at(before, "F4")), 0.9, quick(), "go-test-1");
  REQUIRE(c);
  const Task task = read_back(*c);
  CHECK(task.id == "go-test-1");
  CHECK(goal_text(task.steps.front().goal) == "capture 3");
  CHECK(task.show_me.front() == "F4");
  CHECK(task.motif == "capture");
  CHECK(task.title == c->titles.front());
  CHECK(task.instruction.rfind("White's A7 was a blunder. Black to play: capture three stones.", 0) == 0);
  CHECK(task.difficulty >= 1);
  CHECK(task.difficulty <= 5);
  for (const WrongAnswer& wrong : task.wrong) CHECK(!wrong.why.empty());

  // A wrong answer says what the refutation does on the board, not how the chances fall.
  CHECK(wrong_sentence(before_after(before, "A7"), Move::place(at(before, "F4")), *parse_goal_or("capture 3"),
                       Move::place(at(before, "A1")), Move::place(at(before, "F4"))) ==
        "A1 captures nothing, and White's F4 saves the three stones you could have captured.");
  for (const WrongAnswer& wrong : task.wrong) CHECK(wrong.why.find('%') == std::string::npos);

  // Two stones each in atari: taking either is "capture 1", so neither is a puzzle's answer.
  AnyGame two = with_stones("go", 7, {"B7", "F1"}, {"A7", "G1"});
  CHECK(!unique_goal(two, Move::place(at(two, "A6"))));
  CHECK(!unique_goal(two, Move::place(at(two, "G2"))));
}

TEST_CASE("puzzle mining: a Looper turn that leaves a loop open makes a closing puzzle") {
  // Black's A3-D3 wrap the torus once E3 is black; White (to move) plays A1 instead of E3.
  AnyGame before = with_stones("looper", 5, {"A3", "B3", "C3", "D3"}, {});
  REQUIRE(before.play(Move::take()) == Illegal::none);
  REQUIRE(before.state().color_to_move() == Color::white);
  std::optional<Candidate> c = make_puzzle(before, Move::place(at(before, "A1")), "a blunder",
                                           Move::place(at(before, "E3")), 1.0, quick(), "looper-test-1");
  REQUIRE(c);
  const Task task = read_back(*c);
  CHECK(goal_text(task.steps.front().goal) == "win");
  CHECK(task.motif == "closing a loop");
  CHECK(task.title == "A loop across");  // A3-E3: every column
  CHECK(!task.view);                     // no view on the torus
}

TEST_CASE("puzzle mining: a ladder is a chase puzzle of four steps, each step one answer") {
  // White's D6 (liberties D5, E6) runs into Black's F8 when Black ataris at D5: D5, E6, ...
  // four Black turns; from E6 the ladder runs the other way, too far. White plays A1 elsewhere.
  AnyGame before = with_stones("go", 9, {"C6", "D7", "E5", "F8"}, {"D6"});
  REQUIRE(before.play(Move::pass()) == Illegal::none);
  std::optional<Candidate> c = make_puzzle(before, Move::place(at(before, "A1")), "a blunder",
                                           Move::place(at(before, "D5")), 0.9, quick(), "go-test-2");
  REQUIRE(c);
  const Task task = read_back(*c);
  CHECK(goal_text(task.steps.front().goal) == "chase 1 4");
  REQUIRE(task.steps.size() == 4);
  CHECK(goal_text(task.steps[1].goal) == "chase 1 3");
  CHECK(goal_text(task.steps.back().goal) == "capture 1");
  CHECK(task.show_me.front() == "D5");
  CHECK(task.steps.front().replies.front() == "E6");  // the chain runs
  CHECK(task.motif == "ladder");
  CHECK(task.title == "The ladder");
  CHECK(task.instruction.find("capture at least one stone by force within four moves") != std::string::npos);
  std::optional<PuzzleWords> words = words_of(task);  // pick says it again the same way
  REQUIRE(words);
  CHECK(words->motif == "ladder");
}
