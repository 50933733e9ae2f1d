// Learn from your mistakes: each turn a person played that a review judged a mistake or a blunder
// (this game's, and the recent games' kept with their reviews) becomes a task: the position
// before it, "find a better move". A move is accepted when it is as good as the bot's best
// within the review's mistake threshold: its drop in winning chances from the best is below
// `mistake_loss` (core/tools/review.h). The best move is accepted and the game's mistake refused
// at once; any other move is judged by a short search of the position after it (the review's
// effort, in `think`'s slices), as the review judged the turn itself.
//
// How to read it: the task (`MistakeTask`, cut from a review by `mistake_tasks`), the progress
// kept on the device (`MistakeProgress`), one answer judged (`AnswerCheck`), then the trainer
// that puts the tasks on the session's board (`MistakeTrainer`). Plain C++ over the session: the
// doctest suite tests it (tests/test_mistakes.cpp); web/mistakes_panel.cpp draws it.
#pragma once

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "formats/sgf.h"
#include "session.h"
#include "tools/review.h"

namespace stonegrid {

// The position before a person's mistake, and what the review said of it.
struct MistakeTask {
  // "mistake-<the record's key, 16 hex digits>-<turn>": the same wherever the game is read from
  // (the board, a saved game), so progress follows the task.
  std::string id;
  AnyGame position;  // before the mistake: its record is the game's first turn - 1 turns
  int turn = 0;      // the mistake's number in its game (1 for the first turn)
  Mover by;          // who made it
  Move played;       // the mistake
  Verdict verdict = Verdict::mistake;
  Move best;                    // the bot's choice, and its line (`best` first)
  std::vector<Move> line;       //
  double best_chances = 0.5;    // the mover's chances with `best` (the review's, before the turn)
  double played_chances = 0.5;  // after the mistake
  bool scored = false;          // where the game counts points: the points the mistake lost
  double points_lost = 0;
  std::optional<Move> reply;  // the bot's best reply to the mistake (the next turn's best), if judged
};

// Which players are people on this device: `people[p]` for player p (1, 2).
using People = std::array<bool, 3>;

// The tasks in a review, in the order played: each turn judged a mistake or a blunder that a
// person played (people[by.player]); not a resignation (nothing to find there).
std::vector<MistakeTask> mistake_tasks(const Reviewer& review, People people);
// The tasks of a saved game: its SGF and the review kept with it (Reviewer::saved), as the page
// keeps Recent games. Empty, with `error`, when either does not read or they do not match.
std::vector<MistakeTask> saved_mistake_tasks(std::string_view sgf, std::string_view review_text,
                                             People people, std::string& error);
// Appends the tasks of `more` not already in `tasks` (by id).
void add_tasks(std::vector<MistakeTask>& tasks, std::vector<MistakeTask> more);
// The people of the session's game: players neither the bot nor a friend on another device.
People people_of(const Session& session);
// How many tasks `mistake_tasks` would cut from the review (without copying a position).
int mistake_count(const Reviewer& review, People people);
// A game kept on the device with its review (the page's Recent games).
struct SavedReview {
  std::string sgf, review;
  People people{false, true, true};
};
// Every task on offer: the session's game's (its review, when there is one), then the saved
// games' in their order, each task once. A saved game that does not read is left out.
std::vector<MistakeTask> gather_mistake_tasks(const Session& session, const std::vector<SavedReview>& saved);

// The tasks solved on this device, kept by the page as one line of text ("id id ...").
class MistakeProgress {
 public:
  // Reads the kept text; what is not a task id is left out (the text comes from storage).
  static MistakeProgress read(std::string_view text);
  // The most ids kept: the oldest go first.
  static constexpr size_t most = 400;
  std::string saved() const;
  bool solved(const std::string& id) const;
  void solve(const std::string& id);
  // How many of `tasks` are solved.
  int solved_of(const std::vector<MistakeTask>& tasks) const;

 private:
  std::vector<std::string> ids_;  // oldest first
};

// One answer judged: `move` in `task`'s position.
class AnswerCheck {
 public:
  enum class Result { pending, accepted, rejected };
  // The best move is accepted and the mistake refused at once; a move that ends the game is
  // judged by its result; any other waits for `step`. `playouts`: the search's effort.
  AnswerCheck(const MistakeTask& task, const Move& move, long long playouts = ReviewOptions{}.playouts);
  ~AnswerCheck();
  AnswerCheck(const AnswerCheck&) = delete;
  AnswerCheck& operator=(const AnswerCheck&) = delete;
  // Searches for about `budget_ms`; the result once known.
  Result step(double budget_ms);
  Result result() const { return result_; }
  // The mover's chances after the move, once known.
  double chances() const { return chances_; }
  const Move& move() const { return move_; }

 private:
  void decide(double chances);
  const MistakeTask& task_;
  Move move_;
  AnyGame after_;
  std::unique_ptr<Bot> bot_;
  Result result_ = Result::pending;
  double chances_ = 0;
};

// A hint for a task: a sentence and the stones or points to mark on its position.
struct MistakeHint {
  std::string text;
  std::vector<Point> marked;
};
// What was at stake: the stones the bot's reply to the mistake took (or flipped), else the
// stones the best move takes, else the stone nearest the best move; in words, with where on the
// board to look (not on a torus, where every part is the middle).
MistakeHint mistake_hint(const MistakeTask& task);
// What Learn from your mistakes offers, said beside its button: "2 tasks: each mistake or blunder
// of yours becomes one. Inaccuracies (?!) are small: no task."
std::string mistakes_offer(int tasks);
// "Move 12, Black to play: find a better move than C3 (a blunder, 62 % → 20 %)."
std::string task_sentence(const MistakeTask& task);

// The tasks on the session's board, one at a time: the position before the mistake for two
// people on this device (Session::start_from), the person's turn judged, Hint, Show me (the bot's
// best move, then its line a move at a time), Next task; solved tasks kept in `progress()`.
class MistakeTrainer {
 public:
  void set_tasks(std::vector<MistakeTask> tasks) {
    end();
    tasks_ = std::move(tasks);
  }
  const std::vector<MistakeTask>& tasks() const { return tasks_; }
  MistakeProgress& progress() { return progress_; }
  const MistakeProgress& progress() const { return progress_; }
  int unsolved() const { return static_cast<int>(tasks_.size()) - progress_.solved_of(tasks_); }

  // Opens task `index` (-1: the first not solved, else the first). False when there is none.
  bool begin(Session& session, int index = -1);
  void end();
  bool active() const { return index_ >= 0; }
  int index() const { return index_; }
  const MistakeTask& task() const { return tasks_[static_cast<size_t>(index_)]; }
  // True while the trainer puts a position on the board (its event is the task's).
  bool setting_up() const { return setting_up_; }

  // A turn the person makes on the task's position: false (nothing changes) when illegal, when
  // the task is solved or shown, or while another is judged. A move known at once is kept
  // (right) or refused; another is played on the board and judged (`checking()`) in `think`.
  bool turn(Session& session, const Move& move);
  // Goes on judging the move on the board, for about `budget_ms`: kept when right, taken back
  // (the task's position again) with the reason when not.
  void think(Session& session, double budget_ms);
  bool checking() const { return check_ != nullptr; }
  // This task was answered right (now or before: `progress()`).
  bool solved() const { return active() && progress_.solved(task().id); }
  // A right answer was found here since the task opened.
  bool answered() const { return answered_; }
  // Every task is solved and this one was just answered right: nothing is left to do here (the
  // panel says so and offers the game and Home instead of Next task).
  bool all_done() const { return active() && answered_ && unsolved() == 0; }
  const std::string& feedback() const { return feedback_; }
  bool feedback_good() const { return feedback_good_; }
  // The feedback is the hint asked for (neither praise nor a refusal).
  bool feedback_is_hint() const { return feedback_hint_; }

  // The hint's sentence, and its marks on the board.
  void show_hint(Session& session);
  bool hint_shown() const { return hint_shown_; }
  // Show me: the task's position with the bot's best move and the first `step` moves of its line
  // (1: the best move alone). Solving it afterwards earns no tick. Not once answered right (the
  // task is done: nothing to show).
  void show_line(Session& session, int step);
  int line_step() const { return line_step_; }
  // The task's position again, to answer again (Try again).
  void restart(Session& session);
  // The next task not solved after this one (wrapping), else the next one. False at none.
  bool next(Session& session);

  // Called with a task's id when the person solved it (the page keeps `progress().saved()`).
  std::function<void(const std::string&)> on_solved;

 private:
  void put(Session& session, AnyGame game, bool hint_marks);
  void finish_check(Session& session);
  void judged(Session& session, const Move& answer, double chances);

  std::vector<MistakeTask> tasks_;
  MistakeProgress progress_;
  int index_ = -1;
  bool setting_up_ = false;
  std::unique_ptr<AnswerCheck> check_;
  std::string feedback_;
  bool feedback_good_ = false;
  bool feedback_hint_ = false;
  bool answered_ = false;
  bool hint_shown_ = false;
  bool shown_ = false;  // Show me was used on this task
  int line_step_ = 0;
  // The moves judged in this task by a search, by move text: the mover's chances after them.
  std::map<std::string, double> judged_;
};

}  // namespace stonegrid
