// Lessons and puzzles: small tasks on a live board that the rules engine checks. The tasks are
// data — SGF files in assets/lessons/<game>.sgf and assets/puzzles/<game>.sgf, one game tree per
// task, the task in the root's own properties (docs/lessons.md is the format for authors) —
// built into every binary (the generated teach_files.cpp, see CMakeLists.txt).
//
// How to read this header: `Task` and its `Step`s first (what a file says), then `Goal` (what
// the engine checks of a turn), then `check` (what the front end calls on each turn), then the
// loading and `verify` (what the tests and `stonegrid teach check FILE` run over every task).
//
// A task is one or more steps. Each step is one turn of the player, judged by the step's goal;
// after every step but the last the other side's scripted reply is played (`Verdict::go_on`),
// so a task can finish a game: pass, pass back, capture in the resolve phase, pass to the end.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/any_game.h"

namespace stonegrid::teach {

// A bound on the positions a check may play (`verify`, a problem opening): each reply or turn a
// goal tries costs one. `left` < 0 from the start: no bound.
struct Effort {
  long left = -1;
  bool spent_all = false;
  // Takes one position; false once the bound is reached (and from then on).
  bool spend() {
    if (left < 0) return true;
    if (left == 0) spent_all = true;
    return left > 0 ? (--left, true) : false;
  }
  bool out() const { return spent_all; }
};

// What a turn must do. Text form (SGF GOAL[...]): the kind's word, then its argument.
struct Goal {
  enum class Kind {
    play,     // "play D4 pass": one of these turns (text notation; a ballot turn as A1+C3)
    legal,    // "legal": any legal placement (not a pass)
    capture,  // "capture 2" (or "flip 2"): at least 2 enemy stones removed or flipped
    win,      // "win": the turn ends the game and the mover wins; "win 2": the mover wins by
              //   force within 2 of their own turns, this one the first (every reply tried)
    resolve,  // "resolve": the turn starts the next stage of play (Go's resolve phase)
    loop,     // "loop": afterwards the black stones hold a loop around the torus (Looper)
    lead,     // "lead 3": afterwards the mover's count minus the other's is at least 3
    safe,     // "safe": a placement after which no reply removes or flips a stone of the mover
    chase,    // "chase 3 4": the mover captures (flips) at least 3 stones by force within 4 of
              //   their own turns, this the first, every one of them a capture or a threat to
              //   capture a chain it touches (an atari); every reply tried (ladders, snapbacks)
  };
  Kind kind = Kind::legal;
  int count = 1;                   // capture, lead, win, chase: the number
  std::vector<std::string> turns;  // play: the accepted turns as written
  int within = 1;                  // chase: the mover's turns
};

// "capture 2", as written in GOAL[]; and back (nullopt with `error`: "unknown goal 'grab'").
std::string goal_text(const Goal& goal);
std::optional<Goal> parse_goal(std::string_view text, std::string& error);

struct Step {
  Goal goal;
  std::string show_me;               // a turn that solves this step (text notation)
  std::vector<std::string> replies;  // the other side's turns after this step (none after the last)
  std::string next;                  // said after this step, when the task goes on
  std::string hint;                  // shown after a wrong turn at this step
};

// A wrong turn the file answers (a puzzle's BM[] branch, or a problem's wrong variation,
// docs/lessons.md): the turn is played, then the other side's refutation, and `why` says in one
// sentence why it fails.
struct WrongAnswer {
  std::string turn;                  // text notation
  std::vector<std::string> replies;  // the refutation: the other side's turn(s) after it
  std::string why;                   // C[] of the branch's first node
  int step = 0;                      // the step it answers (BM[] branches: the first)
};

// The part of the board a puzzle is about (SGF VW[]): columns and rows, 0-based, row 0 at the
// bottom, inclusive.
struct BoardRect {
  int first_column = 0, first_row = 0, last_column = 0, last_row = 0;
};

struct Task {
  std::string id;                    // "loose-lesson-3", "go-puzzle-7": stable, used to remember progress
  std::string game;                  // the game's facts name ("loose", "go", "looper", "squaresquared")
  std::string title;                 // "Flip a chain"
  std::string rule;                  // the rule this step teaches, in one plain sentence (lessons)
  std::string instruction;           // the task: "Black to play: flip the white chain."
  std::string hint;                  // shown after a wrong answer (the first step's; see Step::hint)
  std::string success;               // shown when solved
  std::string sgf;                   // the start position: a whole SGF record (markup allowed: LB/TR/...)
  std::vector<std::string> show_me;  // "show me": the solving turn of each step, in order
  std::vector<Step> steps;           // at least one; show_me[i] == steps[i].show_me
  bool only = false;                 // ONLY[]: each step's show_me is the one legal turn meeting its goal
  int start_moves = 0;               // turns in the record of the start position (its main line)
  std::string motif;                 // MOTIF[]: what the answer does, in plain words ("capture")
  int difficulty = 0;                // DIFFICULTY[1-5]: the search effort the answer needs; 0 unknown
  std::optional<BoardRect> view;     // VW[] widened to `task_points` with a line to spare (the page
                                     //   zooms to it); none when that spans the board or all
                                     //   but a line of it
  std::vector<WrongAnswer> wrong;    // wrong turns with their refutation
};

// The tasks built in, in order: 5–8 lessons and at least 30 puzzles per game. An unknown game
// gives an empty list. Read once, on first use. The page is built with the lessons only
// (cmake/embed_tasks.cmake): a game's puzzles are empty there until `add_puzzles` gives them.
const std::vector<Task>& lessons(std::string_view game);
const std::vector<Task>& puzzles(std::string_view game);

// Adds a game's puzzle file (assets/puzzles/<game>.sgf, fetched by the page when the puzzles
// are first asked for). A game that has its puzzles keeps them (true: nothing to add), so the
// lists and tasks handed out stay valid. False with `error` when the text does not read as
// that game's tasks.
bool add_puzzles(std::string_view game, std::string_view text, std::string& error);

// Every point a task's lines involve, which its view must show: the last stone placed before
// the start (the task names it), each step's answer and the replies, each wrong answer and its
// refutation, and every stone those turns capture or flip.
std::vector<Point> task_points(const Task& task);

// The start position of a task (its SGF read), or nullopt with `error`.
std::optional<AnyGame> start(const Task& task, std::string& error);

struct Verdict {
  // refuted: a wrong turn the task answers (`Task::wrong`): play it, then `replies` (the
  // refutation); `message` says why it fails.
  enum class Kind { solved, wrong, illegal, go_on, refuted } kind = Kind::wrong;
  std::string message;               // the hint, the success text, why the turn is illegal or fails
  std::vector<std::string> replies;  // go_on: the other side's scripted reply turn(s) to play next
};

// `before`: the position the player moved in (the task's start, or after earlier scripted
// replies: the step is told by how many turns `before` has past the start); `turn`: the
// player's turn. Does not change anything; the caller plays the turn when solved/go_on, then the
// replies. go_on's message is the step's `next` text. A turn that meets the goal but after which
// the scripted reply is not legal is `wrong` (`verify` makes sure no task has one).
// `effort` (optional) bounds what the goal may try: a check that runs out says `wrong`.
Verdict check(const Task& task, const AnyGame& before, const Move& turn, Effort* effort = nullptr);

// Whether `turn` (legal in `before`) meets `goal`. Does not change `before`. With `effort`, false
// when it runs out first (`effort->out()` tells).
bool meets(const Goal& goal, const AnyGame& before, const Move& turn, Effort* effort = nullptr);

// Whether the mover in `game` captures (flips) at least `stones` by a chase within `turns` of
// their turns (Goal::Kind::chase, from any first turn).
bool can_chase(const AnyGame& game, int stones, int turns);

// A miner's limit on chase searches (this thread): after `positions` turns looked at, every
// chase answers false and `chase_budget_spent` says so (the answers are then not to be used);
// -1: no limit (the default, and what checks and the page use).
void set_chase_budget(long long positions);
bool chase_budget_spent();

// For a wrong `turn` (legal in `before`) at a step whose goal is `safe`, the first reply that
// removes or flips a stone of the mover (a problem plays it after the turn); nullopt for any
// other goal, or when no reply does.
std::optional<std::string> safe_refutation(const Task& task, const AnyGame& before, const Move& turn);

// For a wrong `turn` (legal in `before`) at a step whose goal is `capture`, `chase` or `safe`,
// the other side's reply that shows why it fails: `safe_refutation`'s capture, or the reply on
// the step's answer point when after it no turn meets the goal any more; nullopt otherwise (a
// puzzle then shows the wrong turn alone).
std::optional<std::string> answer_refutation(const Task& task, const AnyGame& before, const Move& turn);

// What a legal `turn` in `before` misses of `goal`, said first to a wrong turn: "A1 captures
// nothing.", "A1 is no atari and captures nothing.", "After A1 the other side can still capture
// a stone of yours."; empty for goals that name their turns (play, legal, resolve) and for
// what is not a legal placement.
std::string missed_sentence(const Goal& goal, const AnyGame& before, const Move& turn);

// Every legal turn in `game`: `legal_moves` and, in Looper's ballot, the 2- and 3-stone turns.
std::vector<Move> all_turns(const AnyGame& game);

// --- reading and checking task files ----------------------------------------------------------

// The tasks of one SGF collection, each tree one task (docs/lessons.md), or nullopt with `error`
// naming the place ("sgf: line 3, column 1: ..." or "task 'go-puzzle-2': GOAL ...").
// `game` (optional) is the game every task must be.
std::optional<std::vector<Task>> read_tasks(std::string_view text, std::string& error,
                                            std::string_view game = {});

// What is wrong with a task, one sentence each; empty when it is sound: the show_me turns solve
// it through `check` with the replies played; every turn meeting a step's goal can be answered
// by the scripted reply; an ONLY task has no other turn meeting any step's goal; every wrong
// answer is a legal turn that misses its step's goal, its refutation legal after it.
// `max_positions` > 0 bounds the positions the goals may try (see Effort): past it, the one
// problem is that checking took more than that.
std::vector<std::string> verify(const Task& task, long max_positions = 0);

// The bound `read_problem` checks a page's problem within: 200,000 positions, about a second
// natively (a `safe` goal on 19×19 tries about 130,000; one on a 7×7 Looper ballot, with its
// 3-stone turns, far more and is refused).
inline constexpr long problem_check_positions = 200000;

// A problem for a page (`mode=problem`), or nullopt with `error`, from the first tree of an SGF:
// - in the lessons' format (a root with GOAL and SHOWME; its BM[] branches are wrong answers),
//   where the rest may be left out (the id "problem", "<Colour> to play." as the task, "Not this
//   one." as the hint, "Solved." as the success text);
// - or, without GOAL, written as variations: the moves all lines share are the start, the first
//   line marked right (TE[], or a comment with RIGHT or starting "Correct") is the answer, each
//   other line a wrong answer where it leaves the answer on the reader's turn (the rest of the
//   line its refutation, its first comment why). Another line marked right that ends on the
//   last step's turn is a second answer there; other right lines are left out.
// A problem that `verify` finds unsound is refused with its first problem.
std::optional<Task> read_problem(std::string_view text, std::string& error);

// A built-in lesson or puzzle by its id ("go-puzzle-9"), or null.
const Task* find_task(std::string_view id);

// The built-in files, path ("lessons/go.sgf") and text, as generated from assets/ at build time.
struct TaskFile {
  std::string_view path;
  std::string_view text;
};
const std::vector<TaskFile>& task_files();

}  // namespace stonegrid::teach
