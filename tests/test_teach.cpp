// Lessons and puzzles (core/tools/teach.h): every built-in task read, solved through `check` by its
// "show me" turns with the scripted replies played, a wrong turn refused with its hint and an
// illegal one refused; every puzzle's answer re-checked by the rules and shown to be the only
// turn meeting its goal (every legal turn tried). Then the format: goals, task files with
// mistakes, `verify` catching a wrong answer and a second answer. (SGF collections: test_sgf.cpp.)
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "capture_go.h"
#include "formats/sgf.h"
#include "rules/notation.h"
#include "tools/teach.h"

using namespace stonegrid;
using namespace stonegrid::teach;

namespace {

// The games with lessons and puzzles: every game of the table but the test-only one.
std::vector<std::string_view> games() {
  std::vector<std::string_view> names;
  for (GameKind kind : game_kinds())
    if (!testing::is_test_game(kind)) names.push_back(kind.facts().name);
  return names;
}

AnyGame start_of(const Task& task) {
  std::string error;
  std::optional<AnyGame> game = start(task, error);
  INFO(task.id << ": " << error);
  REQUIRE(game);
  return std::move(*game);
}

Move turn_of(const AnyGame& game, std::string_view text) {
  std::string error;
  std::optional<Move> move = parse_move(text, game.size(), error);
  INFO(text << ": " << error);
  REQUIRE(move);
  return *move;
}

// Plays the task through by its show-me turns and the replies `check` hands back.
void solve_by_show_me(const Task& task) {
  AnyGame game = start_of(task);
  for (size_t i = 0; i < task.show_me.size(); ++i) {
    const Move turn = turn_of(game, task.show_me[i]);
    const Verdict verdict = check(task, game, turn);
    INFO(task.id << " step " << i + 1 << ": " << verdict.message);
    const bool last = i + 1 == task.show_me.size();
    REQUIRE(verdict.kind == (last ? Verdict::Kind::solved : Verdict::Kind::go_on));
    CHECK(verdict.message == (last ? task.success : task.steps[i].next));
    REQUIRE(game.play(turn) == Illegal::none);
    for (const std::string& reply : verdict.replies)
      REQUIRE(game.play(turn_of(game, reply)) == Illegal::none);
  }
}

// The turns of the start position that meet the first step's goal.
std::vector<Move> answers_at_start(const Task& task) {
  const AnyGame game = start_of(task);
  std::vector<Move> answers;
  for (const Move& turn : all_turns(game))
    if (meets(task.steps.front().goal, game, turn)) answers.push_back(turn);
  return answers;
}

}  // namespace

TEST_CASE("teach: add_puzzles keeps a game's puzzles and refuses a file that is not the game's") {
  // The page adds each game's puzzle file when first asked (cmake/embed_tasks.cmake); here, as
  // in every native binary, they are built in.
  const std::vector<Task>* go = &puzzles("go");
  const size_t count = go->size();
  std::string error;
  CHECK(add_puzzles("go", "(;not a file", error));  // kept, not read again
  CHECK(&puzzles("go") == go);
  CHECK(puzzles("go").size() == count);
  std::string go_text;
  for (const TaskFile& file : task_files())
    if (file.path == "puzzles/go.sgf") go_text = file.text;
  REQUIRE(!go_text.empty());
  CHECK_FALSE(add_puzzles("loose-ish", go_text, error));  // Go's tasks are not that game's
  CHECK(!error.empty());
  CHECK(puzzles("loose-ish").empty());
  error.clear();
  CHECK_FALSE(add_puzzles("other", "(;GM[1", error));
  CHECK(error.find("sgf") != std::string::npos);
  CHECK(puzzles("other").empty());
}

TEST_CASE("teach: every built-in file reads, for its game, with 5-8 lessons and 30+ puzzles a game") {
  REQUIRE(task_files().size() == 8);
  for (const TaskFile& file : task_files()) {
    const std::string path(file.path);
    const std::string game = path.substr(path.find('/') + 1, path.rfind('.') - path.find('/') - 1);
    std::string error;
    std::optional<std::vector<Task>> tasks = read_tasks(file.text, error, game);
    INFO(path << ": " << error);
    CHECK(tasks);
  }
  std::set<std::string> ids;
  for (std::string_view game : games()) {
    INFO(game);
    CHECK(lessons(game).size() >= 5);
    CHECK(lessons(game).size() <= 8);
    CHECK(puzzles(game).size() >= 30);
    for (const auto* list : {&lessons(game), &puzzles(game)})
      for (const Task& task : *list) {
        INFO(task.id);
        const std::string kind = list == &lessons(game) ? "-lesson-" : "-puzzle-";
        CHECK(task.id.rfind(std::string(game) + kind, 0) == 0);
        CHECK(ids.insert(task.id).second);  // ids are unique across all files
        CHECK(task.game == game);
        CHECK(start_of(task).name() == game);
        CHECK(!task.title.empty());
        CHECK(!task.instruction.empty());
        CHECK(!task.hint.empty());
        CHECK(!task.success.empty());
        CHECK(task.show_me.size() == task.steps.size());
        if (kind == "-lesson-") CHECK(!task.rule.empty());
      }
  }
  CHECK(lessons("chess").empty());
}

TEST_CASE(
    "teach: every lesson is solved by its show-me turns, refuses a wrong turn with its hint and an illegal "
    "one") {
  for (std::string_view game : games())
    for (const Task& task : lessons(game)) {
      INFO(task.id);
      CHECK(verify(task).empty());
      solve_by_show_me(task);
      const AnyGame start = start_of(task);
      // A wrong turn: a legal turn that misses the goal (a pass when every placement is right).
      std::optional<Move> wrong;
      for (const Move& turn : all_turns(start))
        if (!wrong && !meets(task.steps.front().goal, start, turn)) wrong = turn;
      if (!wrong) wrong = Move::resign();
      const Verdict refused = check(task, start, *wrong);
      INFO("wrong turn " << move_text(*wrong, start.size()));
      CHECK(refused.kind == Verdict::Kind::wrong);
      CHECK(refused.message == task.steps.front().hint);
      // An illegal turn: a stone on a stone, or (on an empty board) `take` outside Looper's ballot.
      Move illegal = Move::take();
      for (Point p = 0; p < start.size() * start.size(); ++p)
        if (start.state().at(p) != Color::empty) illegal = Move::place(p);
      REQUIRE(start.check(illegal) != Illegal::none);
      const Verdict not_allowed = check(task, start, illegal);
      CHECK(not_allowed.kind == Verdict::Kind::illegal);
      CHECK(!not_allowed.message.empty());
    }
}

TEST_CASE("teach: every puzzle has exactly one answer, and the rules confirm it") {
  for (std::string_view game : games())
    for (const Task& task : puzzles(game)) {
      INFO(task.id);
      CHECK(task.only);
      CHECK(verify(task).empty());  // every step: no other legal turn meets the goal
      solve_by_show_me(task);
      const AnyGame start = start_of(task);
      const Move answer = turn_of(start, task.show_me.front());
      // Tried over every legal turn here too, not only through verify.
      const std::vector<Move> answers = answers_at_start(task);
      REQUIRE(answers.size() == 1);
      CHECK(answers.front() == answer);
      // Win-in-one: the answer ends the game with the mover the winner, by the rules alone.
      const Goal& goal = task.steps.front().goal;
      AnyGame after = start;
      REQUIRE(after.play(answer) == Illegal::none);
      if (goal.kind == Goal::Kind::win && goal.count == 1) {
        CHECK(after.state().is_over());
        CHECK(after.state().outcome().winner_player == start.state().to_move());
      }
      // Win-in-two: whatever the reply, the mover then has a turn that wins at once.
      if (goal.kind == Goal::Kind::win && goal.count == 2 && !after.state().is_over()) {
        for (const Move& reply : all_turns(after)) {
          AnyGame answered = after;
          REQUIRE(answered.play(reply) == Illegal::none);
          bool wins = answered.state().is_over() &&
                      answered.state().outcome().winner_player == start.state().to_move();
          for (const Move& turn : all_turns(answered)) {
            if (wins) break;
            AnyGame won = answered;
            won.play(turn);
            wins = won.state().is_over() && won.state().outcome().winner_player == start.state().to_move();
          }
          INFO("reply " << move_text(reply, start.size()));
          CHECK(wins);
        }
      }
    }
}

// Issue #41: puzzles cut from played games carry a motif, a difficulty, titles that differ, and
// wrong answers the page plays out with the bot's refutation.
TEST_CASE("teach: every puzzle's wrong answers miss the goal and are refuted by legal turns") {
  for (std::string_view game : games()) {
    std::set<std::string> titles;
    int with_wrong = 0;
    for (const Task& task : puzzles(game)) {
      INFO(task.id);
      CHECK(titles.insert(task.title).second);  // no title twice in a game
      CHECK(!task.motif.empty());
      CHECK(task.difficulty >= 1);
      CHECK(task.difficulty <= 5);
      with_wrong += !task.wrong.empty();
      const AnyGame start = start_of(task);
      for (const WrongAnswer& wrong : task.wrong) {
        INFO("wrong answer " << wrong.turn);
        const Move turn = turn_of(start, wrong.turn);
        CHECK(!meets(task.steps.front().goal, start, turn));
        const Verdict verdict = check(task, start, turn);
        CHECK(verdict.kind == Verdict::Kind::refuted);
        CHECK(verdict.message == wrong.why);
        CHECK(verdict.replies == wrong.replies);
        AnyGame after = start;
        REQUIRE(after.play(turn) == Illegal::none);
        for (const std::string& reply : wrong.replies)
          REQUIRE(after.play(turn_of(after, reply)) == Illegal::none);
      }
      if (task.view) {
        CHECK(task.view->first_column <= task.view->last_column);
        CHECK(task.view->last_column < start.size());
        CHECK(task.view->last_row < start.size());
      }
    }
    INFO(game);
    CHECK(with_wrong * 2 >= static_cast<int>(puzzles(game).size()));  // most puzzles answer wrong turns
  }
}

// --- the format ------------------------------------------------------------------------------

TEST_CASE("teach: every puzzle's wrong answer says what its refutation does, not the chances") {
  for (std::string_view game : games())
    for (const Task& task : puzzles(game))
      for (const WrongAnswer& wrong : task.wrong) {
        INFO(task.id << " " << wrong.turn << ": " << wrong.why);
        CHECK(wrong.why.find('%') == std::string::npos);
        CHECK(wrong.why.find("chances") == std::string::npos);
        CHECK(wrong.why.find(wrong.replies.front()) != std::string::npos);  // names the reply's point
      }
}

// Every point a wrong answer's sentence names as "your stone(s) at X, Y and Z" holds a stone of
// the player once the refutation is played (not the empty point the threat would be played at).
TEST_CASE("teach: a wrong answer's 'your stones at' names the player's stones") {
  for (std::string_view game : games())
    for (const Task& task : puzzles(game)) {
      const AnyGame start = start_of(task);
      const Color mine = start.state().color_to_move();
      for (const WrongAnswer& wrong : task.wrong) {
        INFO(task.id << " " << wrong.turn << ": " << wrong.why);
        AnyGame after = start;
        REQUIRE(after.play(turn_of(after, wrong.turn)) == Illegal::none);
        for (const std::string& reply : wrong.replies)
          REQUIRE(after.play(turn_of(after, reply)) == Illegal::none);
        const std::string& why = wrong.why;
        for (size_t i = why.find("your "); i != std::string::npos; i = why.find("your ", i + 1)) {
          const size_t at = why.find(" at ", i);
          const size_t stone = why.find("stone", i);
          if (stone == std::string::npos || at == std::string::npos || stone > at) continue;
          if (why.find_first_of(",;:.", i) < at) continue;  // "at" of another clause
          std::string list = why.substr(at + 4);
          const size_t end = list.find(" by ");
          list = list.substr(0, end);
          for (char& c : list)
            if (c == ',' || c == '.') c = ' ';
          std::istringstream words(list);
          std::string word;
          int named = 0;
          while (words >> word) {
            if (word == "and" || word == "others") continue;
            std::string error;
            const std::optional<Point> p = parse_vertex(word, start.size(), error);
            if (!p) break;
            ++named;
            CHECK_MESSAGE(after.state().at(*p) == mine, word << " holds no stone of the player");
          }
          CHECK(named >= 1);
        }
      }
    }
}

TEST_CASE("teach: goals are read and written back") {
  std::string error;
  for (std::string_view text : {"play D4 pass A1+B2", "legal", "capture 2", "win", "win 2", "resolve", "loop",
                                "lead 3", "safe", "chase 3 4"}) {
    std::optional<Goal> goal = parse_goal(text, error);
    INFO(text << ": " << error);
    REQUIRE(goal);
    CHECK(goal_text(*goal) == text);
  }
  CHECK(parse_goal("flip 4", error)->kind == Goal::Kind::capture);
  CHECK(parse_goal("flip 4", error)->count == 4);
  CHECK(!parse_goal("grab 2", error));
  CHECK(error.find("unknown goal 'grab'") != std::string::npos);
  CHECK(!parse_goal("capture", error));
  CHECK(!parse_goal("capture two", error));
  CHECK(!parse_goal("legal 3", error));
  CHECK(!parse_goal("play", error));
  CHECK(!parse_goal("win 3", error));
  CHECK(!parse_goal("", error));
  CHECK(!parse_goal("chase 3", error));
  CHECK(error.find("'chase N K'") != std::string::npos);
  CHECK(!parse_goal("chase 3 9", error));
  CHECK(!parse_goal("chase 0 2", error));
}

TEST_CASE("teach: a chase is a capture forced by ataris, every reply tried (a ladder)") {
  // White's D6 has two liberties, D5 and E6; Black's C6, D7 and E5 make a ladder that runs to
  // the top right corner: seven Black turns, the last the capture.
  constexpr std::string_view ladder = R"((;GM[1]FF[4]SG[go]SZ[9]KM[0.5]TASK[t-1]GN[Ladder]
ASK[Black to play.]HINT[h]SOLVED[s]GOAL[chase 1 7]SHOWME[D5]AB[cd][dc][ee]AW[dd]))";
  std::string error;
  std::optional<std::vector<Task>> tasks = read_tasks(ladder, error);
  REQUIRE(tasks);
  const AnyGame start = start_of(tasks->front());
  const auto turn = [&](std::string_view v) { return turn_of(start, std::string(v)); };
  const Goal seven = *parse_goal("chase 1 7", error), six = *parse_goal("chase 1 6", error);
  CHECK(meets(seven, start, turn("D5")));
  CHECK(meets(seven, start, turn("E6")));   // the ladder from the other side runs as far
  CHECK(!meets(six, start, turn("D5")));    // one turn short
  CHECK(!meets(seven, start, turn("C5")));  // no atari: White gets a free turn
  CHECK(!meets(seven, start, turn("A1")));
  CHECK(can_chase(start, 1, 7));
  CHECK(!can_chase(start, 1, 6));
  // A ladder breaker (a white stone on its path at G8) lets the chain escape.
  AnyGame broken = start;
  REQUIRE(broken.setup(*parse_vertex("G8", 9, error), Color::white));
  CHECK(!meets(seven, broken, turn("D5")));
}

namespace {

// A two-step Go task on 5x5: capture the white stone at C3, White passes, then pass.
constexpr std::string_view two_steps = R"((;GM[1]FF[4]SG[go]SZ[5]KM[0.5]
TASK[test-1]GN[Capture]RULE[Rule.]ASK[Capture it.]HINT[First hint][Second hint]SOLVED[Done.]
GOAL[capture 1][resolve]SHOWME[C4][pass]REPLY[pass]NEXT[Now pass.]
AB[bc][cd][dc]AW[cc]))";

std::optional<Task> one_task(std::string_view text, std::string& error) {
  std::optional<std::vector<Task>> tasks = read_tasks(text, error);
  if (!tasks) return std::nullopt;
  REQUIRE(tasks->size() == 1);
  return tasks->front();
}

std::string with(std::string text, std::string_view from, std::string_view to) {
  text.replace(text.find(from), from.size(), to);
  return text;
}

}  // namespace

TEST_CASE("teach: a task file read, checked step by step") {
  std::string error;
  std::optional<Task> task = one_task(two_steps, error);
  INFO(error);
  REQUIRE(task);
  CHECK(task->id == "test-1");
  CHECK(task->game == "go");
  CHECK(task->title == "Capture");
  CHECK(task->rule == "Rule.");
  CHECK(task->hint == "First hint");
  CHECK(task->show_me == std::vector<std::string>{"C4", "pass"});
  CHECK(task->steps[1].hint == "Second hint");
  CHECK(task->sgf.front() == '(');
  CHECK(task->sgf.back() == ')');
  CHECK(verify(*task).empty());

  AnyGame game = start_of(*task);
  const Verdict wrong = check(*task, game, turn_of(game, "A1"));
  CHECK(wrong.kind == Verdict::Kind::wrong);
  CHECK(wrong.message == "First hint");
  const Verdict illegal = check(*task, game, turn_of(game, "C3"));
  CHECK(illegal.kind == Verdict::Kind::illegal);
  CHECK(illegal.message.find("taken") != std::string::npos);
  const Verdict on = check(*task, game, turn_of(game, "C4"));
  CHECK(on.kind == Verdict::Kind::go_on);
  CHECK(on.message == "Now pass.");
  CHECK(on.replies == std::vector<std::string>{"pass"});
  // `check` changes nothing: the caller plays the turn and the reply.
  CHECK(game.moves().empty());
  game.play(turn_of(game, "C4"));
  // Between the turn and its reply the position is no step of the task.
  CHECK(check(*task, game, Move::pass()).message == "This position is not part of the task.");
  game.play(Move::pass());
  CHECK(check(*task, game, turn_of(game, "A1")).message == "Second hint");
  CHECK(check(*task, game, Move::pass()).kind == Verdict::Kind::solved);
  CHECK(check(*task, game, Move::resign()).kind == Verdict::Kind::wrong);
}

TEST_CASE("teach: mistakes in a task file are named") {
  std::string error;
  CHECK(!one_task(with(std::string(two_steps), "TASK[test-1]", ""), error));
  CHECK(error == "task 1: the root has no TASK[]");
  CHECK(!one_task(with(std::string(two_steps), "REPLY[pass]", ""), error));
  CHECK(error == "task 1 'test-1': REPLY has 0 values; 2 steps need 1");
  CHECK(!one_task(with(std::string(two_steps), "SHOWME[C4][pass]", "SHOWME[C4]"), error));
  CHECK(error == "task 1 'test-1': SHOWME has 1 turns for 2 GOAL steps");
  CHECK(!one_task(with(std::string(two_steps), "GOAL[capture 1]", "GOAL[grab 1]"), error));
  CHECK(error.find("GOAL[grab 1]: unknown goal 'grab'") != std::string::npos);
  CHECK(!one_task(with(std::string(two_steps), "SHOWME[C4]", "SHOWME[Z9]"), error));
  CHECK(error.find("SHOWME[Z9]: bad vertex") != std::string::npos);
  CHECK(!one_task(with(std::string(two_steps), "AW[cc]", "AW[cc"), error));
  CHECK(error.rfind("sgf: line 4", 0) == 0);
  CHECK(!read_tasks(two_steps, error, "loose"));
  CHECK(error == "task 1 'test-1': is a go task in a file of loose tasks");
}

TEST_CASE("teach: verify finds a wrong show-me, a second answer and an unanswerable turn") {
  std::string error;
  std::optional<Task> wrong = one_task(with(std::string(two_steps), "SHOWME[C4]", "SHOWME[A1]"), error);
  REQUIRE(wrong);
  REQUIRE(verify(*wrong).size() == 1);
  CHECK(verify(*wrong)[0] == "step 1: show me A1 is refused: First hint");

  // ONLY with a goal two turns meet: every legal placement.
  std::optional<Task> two =
      one_task(with(std::string(two_steps), "GOAL[capture 1][resolve]", "GOAL[legal][resolve]ONLY[]"), error);
  REQUIRE(two);
  const std::vector<std::string> problems = verify(*two);
  CHECK(problems.size() > 10);
  CHECK(problems.front().find("also meets the goal 'legal'") != std::string::npos);

  // A scripted reply that is illegal after one of the turns that meet the goal: White's D4 is
  // free after Black's C4, taken after Black's D4.
  std::optional<Task> reply = one_task(
      with(with(std::string(two_steps), "GOAL[capture 1]", "GOAL[play C4 D4]"), "REPLY[pass]", "REPLY[D4]"),
      error);
  REQUIRE(reply);
  AnyGame game = start_of(*reply);
  CHECK(check(*reply, game, turn_of(game, "C4")).kind == Verdict::Kind::go_on);
  CHECK(check(*reply, game, turn_of(game, "D4")).kind == Verdict::Kind::wrong);
  bool named = false;
  for (const std::string& p : verify(*reply))
    named = named || p == "step 1: after D4 the scripted reply is not legal";
  CHECK(named);
}

namespace {

// A Go puzzle on 5x5 with its answer branch (TE) and two wrong answers (BM) with refutations: the
// white stone at C3 has one liberty left, C4; Black's A1 has one too, B1 (A2 is White's).
constexpr std::string_view branched = R"((;GM[1]FF[4]SG[go]SZ[5]KM[0.5]
TASK[test-2]GN[Take it]MOTIF[capture]DIFFICULTY[2]VW[aa:cc]
ASK[Capture.]HINT[Count liberties.]SOLVED[Done.]GOAL[capture 1]SHOWME[C4]ONLY[]
AB[bc][dc][cd][ae]AW[cc][ad]
(;B[cb]TE[1]C[Correct.])
(;B[ba]BM[1]C[B5 captures nothing, and White's B1 captures one of your stones.];W[be])
(;B[ee]BM[1]C[E1 captures nothing, and White runs out at C4.];W[cb])))";

}  // namespace

TEST_CASE("teach: a puzzle's wrong branches are read, checked and refuted") {
  std::string error;
  std::optional<Task> task = one_task(branched, error);
  INFO(error);
  REQUIRE(task);
  CHECK(task->motif == "capture");
  CHECK(task->difficulty == 2);
  // VW[aa:cc] is widened to the wrong answer at E1: the whole board, so no view.
  CHECK_FALSE(task->view);
  REQUIRE(task->wrong.size() == 2);
  CHECK(task->wrong[0].turn == "B5");
  CHECK(task->wrong[0].replies == std::vector<std::string>{"B1"});
  CHECK(task->wrong[0].why.rfind("B5 captures nothing", 0) == 0);
  // The start position leaves the branches out: Black to play, no move made.
  const AnyGame start = start_of(*task);
  CHECK(start.moves().empty());
  CHECK(task->sgf.find("TE[") == std::string::npos);
  CHECK(verify(*task).empty());
  const Verdict refuted = check(*task, start, turn_of(start, "B5"));
  CHECK(refuted.kind == Verdict::Kind::refuted);
  CHECK(refuted.replies == std::vector<std::string>{"B1"});
  CHECK(check(*task, start, turn_of(start, "D1")).kind == Verdict::Kind::wrong);  // no branch: the hint
  CHECK(check(*task, start, turn_of(start, "C4")).kind == Verdict::Kind::solved);

  // verify: a wrong answer that meets the goal; reading: an illegal refutation, no C[] saying why.
  std::optional<Task> bad = one_task(
      with(std::string(branched), "(;B[ee]BM[1]C[E1 captures nothing, and White runs out at C4.];W[cb]",
           "(;B[cb]BM[1]C[It captures.];W[ee]"),
      error);
  REQUIRE(bad);
  CHECK(verify(*bad).front() == "wrong answer C4: meets the goal");
  CHECK(!one_task(with(std::string(branched), ";W[be]", ";W[cc]"), error));  // a refutation must be legal
  CHECK(error.find("a branch: sgf: line 5") != std::string::npos);
  CHECK(error.find("illegal move W[cc]") != std::string::npos);
  CHECK(
      !one_task(with(std::string(branched), "C[E1 captures nothing, and White runs out at C4.]", ""), error));
  CHECK(error.find("needs its refutation and a C[] saying why") != std::string::npos);
  CHECK(!one_task(with(std::string(branched), "BM[1]C[B5", "C[B5"), error));
  CHECK(error.find("neither the answer (TE[]) nor a wrong answer (BM[])") != std::string::npos);
}

TEST_CASE("teach: all_turns lists Looper's ballot turns of 1 to 3 stones, take first") {
  std::string error;
  std::optional<AnyGame> game = AnyGame::create("looper", 5, std::nullopt, error);
  REQUIRE(game);
  const std::vector<Move> turns = all_turns(*game);
  CHECK(turns.size() == 1 + 25 + 300 + 2300);
  CHECK(turns.front() == Move::take());
  std::set<std::string> distinct;
  for (const Move& m : turns) distinct.insert(move_text(m, 5));
  CHECK(distinct.size() == turns.size());
}

// --- problems (a page's mode=problem) ----------------------------------------------------------

namespace {

// White C3 has one liberty, C4: Black captures there. D4 lets it out, as the BM[] branch says.
constexpr std::string_view atari_problem =
    "(;GM[1]FF[4]SG[go]SZ[5]KM[0.5]GOAL[capture 1]SHOWME[C4]AB[bc][cd][dc]AW[cc]"
    "(;B[cb]TE[1])(;B[db]BM[1]C[White connects at C4 and gets away.];W[cb]))";

}  // namespace

TEST_CASE("teach: a problem needs only GOAL and SHOWME; a BM[] branch answers a wrong turn") {
  std::string error;
  std::optional<Task> task = read_problem(atari_problem, error);
  REQUIRE_MESSAGE(task, error);
  CHECK(task->id == "problem");
  CHECK(task->instruction == "Black to play.");
  CHECK(task->success == "Solved.");
  REQUIRE(task->wrong.size() == 1);
  CHECK(task->wrong[0].turn == "D4");
  CHECK(task->wrong[0].replies == std::vector<std::string>{"C4"});
  CHECK(task->wrong[0].step == 0);
  const AnyGame game = start_of(*task);
  CHECK(game.moves().empty());
  Verdict wrong = check(*task, game, *parse_move("D4", 5, error));
  CHECK(wrong.kind == Verdict::Kind::refuted);
  CHECK(wrong.replies == std::vector<std::string>{"C4"});
  CHECK(wrong.message == "White connects at C4 and gets away.");
  // A wrong turn the author did not answer: the hint, no reply.
  wrong = check(*task, game, *parse_move("A1", 5, error));
  CHECK(wrong.kind == Verdict::Kind::wrong);
  CHECK(wrong.replies.empty());
  CHECK(wrong.message == "Not this one.");
  CHECK(check(*task, game, *parse_move("C4", 5, error)).kind == Verdict::Kind::solved);
  // The same problem without branches is a problem too.
  REQUIRE(read_problem("(;GM[1]SG[go]SZ[5]GOAL[capture 1]SHOWME[C4]AB[bc][cd][dc]AW[cc])", error));
}

TEST_CASE("teach: an unsound problem is refused with what is wrong") {
  std::string error;
  CHECK_FALSE(read_problem("(;GM[1]SG[go]SZ[5]GOAL[capture 1]AB[bc][cd][dc]AW[cc])", error));
  CHECK(error == "problem: the root has no SHOWME[]");
  CHECK_FALSE(read_problem("(;GM[1]SG[go]SZ[5]GOAL[capture 1]SHOWME[A1]AB[bc][cd][dc]AW[cc])", error));
  CHECK(error.find("show me A1 is refused") != std::string::npos);
  // The "wrong" turn solves it: not a refutation.
  CHECK_FALSE(read_problem(
      "(;GM[1]SG[go]SZ[5]GOAL[capture 1]SHOWME[C4]AB[bc][cd][dc]AW[cc](;B[cb]BM[1]C[no];W[db]))", error));
  CHECK(error == "problem: wrong answer C4: meets the goal");
  CHECK_FALSE(
      read_problem("(;GM[1]SG[go]SZ[5]GOAL[capture 1]SHOWME[C4]AB[bc][cd][dc]AW[cc](;B[db]))", error));
  CHECK(error.find("neither the answer (TE[]) nor a wrong answer (BM[])") != std::string::npos);
  CHECK_FALSE(read_problem("(;GM[1]SG[go]SZ[5", error));
  CHECK(error.rfind("sgf: ", 0) == 0);
  // Right and wrong lines that start with the same move never part at the reader's move.
  CHECK_FALSE(read_problem("(;GM[1]SZ[5]AB[bc][cd][dc]AW[cc](;B[db]TE[1];W[ab])(;B[db];W[ba]BM[1]))", error));
  CHECK(
      error ==
      "problem: a variation is marked right, but every line plays the same first 1 move: the right and wrong "
      "answers must differ at the reader's move");
}

TEST_CASE("teach: a problem without GOAL is checked by what its lines take; the answer must do more") {
  std::string error;
  // The right mark on the wrong line: the "answer" D4 takes nothing, the line C4 takes the stone.
  CHECK_FALSE(read_problem(
      "(;GM[1]FF[4]SG[go]SZ[5]C[Capture it.]AB[bc][cd][dc]AW[cc](;B[cb])(;B[db];W[cb]C[RIGHT]))", error));
  CHECK(error ==
        "problem: wrong answer C4 takes 1 stone by the end of its line, the answer no stone: mark the right "
        "line "
        "right (TE[], or a comment saying RIGHT), or write the problem with GOAL[] (docs/lessons.md)");
  // The answer takes one stone, and so does a wrong line: nothing tells them apart.
  CHECK_FALSE(read_problem(
      "(;GM[1]FF[4]SG[go]SZ[6]AB[bc][cd][dc][eb][fc]AW[cc][ec](;B[cb]TE[1])(;B[ed]C[Not this one.]))",
      error));
  CHECK(error ==
        "problem: wrong answer E3 takes 1 stone by the end of its line, as many as the answer (1 stone)");
  // A life problem (nothing taken in any line) is accepted as written: nothing to measure.
  REQUIRE_MESSAGE(
      read_problem("(;GM[1]FF[4]SG[go]SZ[5]AB[bc][cd][dc]AW[cc](;B[ee]TE[1])(;B[aa]C[Not this.];W[ab]))",
                   error),
      error);
}

TEST_CASE("teach: checking a problem is bounded: a goal that asks too much is refused, quickly") {
  std::string error;
  // ONLY on a 7×7 Looper ballot: every 1-, 2- and 3-stone turn tried against every reply.
  CHECK_FALSE(read_problem("(;GM[1]FF[4]SG[looper]SZ[7]GOAL[safe]SHOWME[D4]ONLY[])", error));
  CHECK(error ==
        "problem: step 1: checking the goal 'safe' took more than 200000 positions, the most a problem may "
        "take: "
        "give a goal that looks less far ahead, or a smaller board");
  // Without ONLY the same goal is checked on its answer alone: accepted.
  REQUIRE_MESSAGE(read_problem("(;GM[1]FF[4]SG[go]SZ[19]GOAL[safe]SHOWME[K10]AB[cc]AW[gg])", error), error);
  // A chase too (its own search spends from the same bound): ONLY makes every turn next to the
  // white stone's ladder a 6-turn chase to try.
  const std::string ladder =
      "SZ[19]GOAL[chase 1 6]SHOWME[D3]ONLY[]AB[bq][cr][bp][bo][bn][bm][bl][bk][ck]AW[cq])";
  CHECK_FALSE(read_problem("(;GM[1]FF[4]SG[go]" + ladder, error));
  CHECK(error ==
        "problem: step 1: checking the goal 'chase 1 6' took more than 200000 positions, the most a problem "
        "may take: give a goal that looks less far ahead, or a smaller board");
  // Its answer alone is a chase within the bound: the white stone runs up the C line into C9.
  REQUIRE_MESSAGE(
      read_problem(
          "(;GM[1]FF[4]SG[go]SZ[19]GOAL[chase 1 8]SHOWME[D3]AB[bq][cr][bp][bo][bn][bm][bl][bk][ck]AW[cq])",
          error),
      error);
  // `verify` without a bound (the built-in tasks' tests) and with one.
  Effort effort{3};
  CHECK(effort.spend());
  CHECK(effort.spend());
  CHECK(effort.spend());
  CHECK_FALSE(effort.spend());
  CHECK(effort.out());
}

TEST_CASE("teach: a built-in task by its id; a safe goal's wrong turn is refuted by a capture") {
  CHECK(find_task("nonsense") == nullptr);
  const Task* safe = nullptr;
  for (const Task& t : puzzles("go"))
    if (!safe && t.steps[0].goal.kind == Goal::Kind::safe) safe = &t;
  REQUIRE(safe);
  CHECK(find_task(safe->id) == safe);
  const AnyGame game = start_of(*safe);
  const Color mover = game.state().color_to_move();
  auto stones = [&](const AnyGame& g) {
    int n = 0;
    for (Point p = 0; p < g.size() * g.size(); ++p) n += g.state().at(p) == mover;
    return n;
  };
  int refuted = 0;
  for (const Move& turn : all_turns(game)) {
    if (!turn.is_place() || meets(safe->steps[0].goal, game, turn)) continue;
    std::optional<std::string> reply = safe_refutation(*safe, game, turn);
    if (!reply) continue;  // a turn that ends the game, or nothing to take
    AnyGame after = game;
    REQUIRE(after.play(turn) == Illegal::none);
    const int before = stones(after);
    std::string error;
    REQUIRE(after.play(*parse_move(*reply, after.size(), error)) == Illegal::none);
    CHECK(stones(after) < before);
    ++refuted;
  }
  CHECK(refuted > 0);
  // Another goal has none.
  const Task& capture = lessons("go").front();
  if (capture.steps[0].goal.kind != Goal::Kind::safe) {
    const AnyGame start = start_of(capture);
    for (const Move& turn : all_turns(start)) CHECK_FALSE(safe_refutation(capture, start, turn));
  }
}

TEST_CASE(
    "teach: a problem written as SGF variations: the first right line is the answer, the others refute") {
  // White C3 has one liberty, C4. The answer, then two wrong lines with White's answer and why.
  const std::string text =
      "(;GM[1]FF[4]SG[go]SZ[5]C[Capture the white stone.]AB[bc][cd][dc]AW[cc]"
      "(;B[cb]C[RIGHT: it is captured.])"
      "(;B[db];W[cb]C[White connects and gets away.])"
      "(;B[ee]C[Too slow.];W[cb]))";
  std::string error;
  std::optional<Task> task = read_problem(text, error);
  REQUIRE_MESSAGE(task, error);
  CHECK(task->instruction == "Capture the white stone.");
  CHECK(task->success == "it is captured.");
  REQUIRE(task->steps.size() == 1);
  CHECK(task->steps[0].show_me == "C4");
  REQUIRE(task->wrong.size() == 2);
  CHECK(task->wrong[0].turn == "D4");
  CHECK(task->wrong[0].replies == std::vector<std::string>{"C4"});
  CHECK(task->wrong[0].why == "White connects and gets away.");
  CHECK(task->wrong[1].turn == "E1");
  CHECK(task->wrong[1].why == "Too slow.");
  const AnyGame game = start_of(*task);
  Verdict wrong = check(*task, game, *parse_move("D4", 5, error));
  CHECK(wrong.kind == Verdict::Kind::refuted);
  CHECK(wrong.replies == std::vector<std::string>{"C4"});
  CHECK(check(*task, game, *parse_move("C4", 5, error)).kind == Verdict::Kind::solved);
  // Two steps along the answer (marked TE[], as the puzzles mark theirs): the reader, the reply,
  // the reader again; a wrong line at the second step is refuted there, not at the first.
  const std::string two =
      "(;GM[1]FF[4]SG[go]SZ[5]AB[bc][cd]AW[cc][dd]"
      "(;B[dc]TE[1];W[ed](;B[cb]C[Correct!])(;B[ae]C[Too far.];W[cb]))"
      "(;B[cb]BM[1];W[dc]))";
  task = read_problem(two, error);
  REQUIRE_MESSAGE(task, error);
  REQUIRE(task->steps.size() == 2);
  CHECK(task->steps[0].replies == std::vector<std::string>{"E2"});
  CHECK(task->instruction == "Black to play.");
  REQUIRE(task->wrong.size() == 2);
  CHECK(task->wrong[0].turn == "A1");
  CHECK(task->wrong[0].step == 1);
  CHECK(task->wrong[1].turn == "C4");
  CHECK(task->wrong[1].step == 0);
  AnyGame at_two = start_of(*task);
  at_two.play(*parse_move("D3", 5, error));
  at_two.play(*parse_move("E2", 5, error));
  CHECK(check(*task, at_two, *parse_move("A1", 5, error)).kind == Verdict::Kind::refuted);
  CHECK(check(*task, start_of(*task), *parse_move("A1", 5, error)).kind == Verdict::Kind::wrong);
  // No line marked right: said.
  CHECK_FALSE(read_problem("(;GM[1]SG[go]SZ[5]AB[bc][cd][dc]AW[cc](;B[cb])(;B[db]))", error));
  CHECK(error.find("no variation is marked right") != std::string::npos);
}

TEST_CASE("teach: a second right line of a problem is another answer, not a refutation") {
  // White C3 has one liberty, C4; the diagonal capture B4 is not one, so: two lines marked right
  // that end on the one step (C4 and, say, an author's other winning point) both solve.
  const std::string text =
      "(;GM[1]FF[4]SG[go]SZ[5]AB[bc][cd][dc]AW[cc]"
      "(;B[cb]C[RIGHT])"
      "(;B[ee]C[Correct, too.])"
      "(;B[db]C[Wrong.];W[cb]))";
  std::string error;
  std::optional<Task> task = read_problem(text, error);
  REQUIRE_MESSAGE(task, error);
  REQUIRE(task->wrong.size() == 1);
  CHECK(task->wrong[0].turn == "D4");
  CHECK(task->steps[0].goal.turns == std::vector<std::string>{"C4", "E1"});
  const AnyGame game = start_of(*task);
  CHECK(check(*task, game, *parse_move("E1", 5, error)).kind == Verdict::Kind::solved);
  CHECK(check(*task, game, *parse_move("C4", 5, error)).kind == Verdict::Kind::solved);
}

TEST_CASE("teach: a problem written as variations takes its task's words from ASK[], else says who plays") {
  std::string error;
  std::optional<Task> asked = read_problem(
      "(;GM[1]FF[4]SG[go]SZ[5]ASK[Black to play: capture the white stone.]AB[bc][cd][dc]AW[cc]"
      "(;B[cb]TE[1])(;B[db]C[White connects at C4 and gets away.];W[cb]))",
      error);
  REQUIRE_MESSAGE(asked, error);
  CHECK(asked->instruction == "Black to play: capture the white stone.");
  std::optional<Task> plain = read_problem(
      "(;GM[1]FF[4]SG[go]SZ[5]AB[bc][cd][dc]AW[cc](;B[cb]TE[1])(;B[db]C[It escapes.];W[cb]))", error);
  REQUIRE_MESSAGE(plain, error);
  CHECK(plain->instruction == "Black to play.");
}

namespace {

// Every point a task's lines touch, found here by comparing boards (not by `task_points`): the
// last stone placed before the start, and each turn of the answer's line, of each wrong answer
// and of its refutation, with every point whose stone the turn changed.
std::vector<Point> lines_touch(const Task& task) {
  const AnyGame start = start_of(task);
  const int n = start.size();
  std::vector<Point> points;
  for (auto it = start.moves().rbegin(); it != start.moves().rend(); ++it)
    if (it->is_place()) {
      points.push_back(it->point());
      break;
    }
  auto play = [&](AnyGame& game, const std::string& text) {
    const AnyGame before = game;
    const Move move = turn_of(game, text);
    REQUIRE(game.play(move) == Illegal::none);
    for (int i = 0; i < move.count; ++i) points.push_back(move.points[static_cast<size_t>(i)]);
    for (Point p = 0; p < n * n; ++p)
      if (before.state().at(p) != game.state().at(p)) points.push_back(p);
  };
  AnyGame line = start;
  for (size_t i = 0; i < task.steps.size(); ++i) {
    for (const WrongAnswer& wrong : task.wrong) {
      if (wrong.step != static_cast<int>(i)) continue;
      AnyGame refuted = line;
      play(refuted, wrong.turn);
      for (const std::string& reply : wrong.replies) play(refuted, reply);
    }
    play(line, task.steps[i].show_me);
    for (const std::string& reply : task.steps[i].replies) play(line, reply);
  }
  return points;
}

}  // namespace

// Issue #41 (a fresh-eyes test): Go puzzle 2 named G6 while its zoom showed A-E. The view a puzzle
// opens zoomed on holds every point its lines involve, with a line to spare where the board goes on.
TEST_CASE("teach: every shipped puzzle's view shows its lines' points and what they take, with a margin") {
  int zoomed = 0;
  for (std::string_view game : games())
    for (const Task& task : puzzles(game)) {
      if (!task.view) continue;
      ++zoomed;
      CAPTURE(task.id);
      const BoardRect& r = *task.view;
      const int n = start_of(task).size();
      for (Point p : lines_touch(task)) {
        const int c = p % n, row = p / n;
        CAPTURE(vertex_text(p, n));
        CHECK(c >= r.first_column);
        CHECK(c <= r.last_column);
        CHECK(row >= r.first_row);
        CHECK(row <= r.last_row);
        // A line to spare: the view's edge is the board's or beyond the point.
        CHECK((r.first_column == 0 || c > r.first_column));
        CHECK((r.last_column == n - 1 || c < r.last_column));
        CHECK((r.first_row == 0 || row > r.first_row));
        CHECK((r.last_row == n - 1 || row < r.last_row));
      }
    }
  CHECK(zoomed >= 10);
  // Go puzzle 2, "Catch one": White's G6 and the answer C9 are far apart: all the board, no zoom.
  const Task* catch_one = find_task("go-puzzle-49");
  REQUIRE(catch_one);
  CHECK_FALSE(catch_one->view);
}

// Issue #41: a puzzle's words are true of its line: a goal one turn meets ends it, the success
// text counts what the line took, and a chase that takes more than its number says "at least".
TEST_CASE("teach: verify holds a puzzle's words to its line") {
  std::string error;
  std::optional<Task> two =
      one_task(with(std::string(two_steps), "TASK[test-1]", "TASK[go-puzzle-1]"), error);
  REQUIRE(two);
  const std::vector<std::string> problems = verify(*two);
  REQUIRE_FALSE(problems.empty());
  CHECK(problems.front().starts_with(
      "step 1: the goal 'capture 1' is met by one turn, so the puzzle ends there"));
  std::optional<Task> counted =
      one_task(with(with(std::string(branched), "TASK[test-2]", "TASK[go-puzzle-2]"), "SOLVED[Done.]",
                    "SOLVED[Two stones captured.]"),
               error);
  REQUIRE(counted);
  CHECK(verify(*counted) ==
        std::vector<std::string>{"SOLVED says two stones taken; the line takes one stone"});
  const Task* ladder = find_task("go-puzzle-51");
  REQUIRE(ladder);
  CHECK(ladder->instruction.find("capture at least five stones") != std::string::npos);
  CHECK(ladder->success == "The ladder ran to the end: eight stones captured.");
  Task said_five = *ladder;
  said_five.instruction = "White to play: capture five stones by force within three moves.";
  const std::vector<std::string> five = verify(said_five);
  CHECK(std::find(five.begin(), five.end(),
                  "ASK: the line takes eight stones, more than the chase's 5: say 'at least'") != five.end());
}

// Issue #41: a wrong turn is told first what it misses of the goal.
TEST_CASE("teach: missed_sentence says what a wrong turn misses") {
  std::string error;
  std::optional<Task> task = one_task(branched, error);
  REQUIRE(task);
  const AnyGame start = start_of(*task);
  CHECK(missed_sentence(task->steps[0].goal, start, turn_of(start, "D1")) == "D1 captures nothing.");
  CHECK(missed_sentence(task->steps[0].goal, start, turn_of(start, "C3")).empty());  // taken: not legal
  const Task* ladder = find_task("go-puzzle-51");
  REQUIRE(ladder);
  const AnyGame chase = start_of(*ladder);
  CHECK(missed_sentence(ladder->steps[0].goal, chase, turn_of(chase, "A1")) ==
        "A1 is no atari and captures nothing.");
  Goal safe;
  safe.kind = Goal::Kind::safe;
  CHECK(missed_sentence(safe, start, turn_of(start, "D1")) ==
        "After D1 the other side can still capture a stone of yours.");
}
