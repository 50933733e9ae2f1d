// Lessons and puzzles on the live board: the coach sets a task's start position in the session,
// judges each turn the person makes with the task's goal (core/tools/teach.h), plays the turn and the
// scripted replies when it is right, and refuses a wrong or illegal one with the hint or the
// reason, leaving the position as it was; a wrong turn the task answers is played with its
// refutation. A problem (a page's `mode=problem`: one task, from an SGF or a built-in puzzle)
// differs in one way: every wrong turn is played, with its refutation when there is one
// (Task::wrong, or teach::safe_refutation), and the problem is failed until Try again or Show me.
// Plain C++ like the session, so the doctest suite tests it (tests/test_coach.cpp); `App` draws
// the task's panel and forwards turns here while a task is open.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "session.h"
#include "tools/teach.h"

namespace stonegrid {

class Coach {
 public:
  enum class Mode { lesson, puzzle, problem };

  // Opens task `index` of the game's lessons or puzzles in `session` (two people on one device,
  // the task's start position). False when there is no such task or it cannot be set up.
  bool begin(Session& session, Mode mode, GameKind kind, int index);
  // Opens `task` alone as a problem in `session`. False when its start cannot be set up.
  bool begin_problem(Session& session, teach::Task task);
  // Closes the task; the session keeps the position.
  void end() { tasks_ = nullptr; }
  bool active() const { return tasks_ != nullptr; }
  Mode mode() const { return mode_; }
  GameKind kind() const { return kind_; }
  int index() const { return index_; }
  int count() const { return tasks_ ? static_cast<int>(tasks_->size()) : 0; }
  const teach::Task& task() const { return (*tasks_)[index_]; }
  // The task's end is on the board: reached by the person, or by Show me (then `shown()`).
  bool solved() const { return solved_; }
  // Show me played a turn of this task since it (re)started: its end, if reached, was shown, not
  // solved (no on_solved; the feedback says "Shown: ...").
  bool shown() const { return shown_; }
  // The board shows a wrong turn and its refutation (the feedback says why it fails).
  bool refuted() const { return refuted_; }
  // True while the coach puts a task's start position in the session (its event is the task's,
  // not a new game replacing it).
  bool setting_up() const { return setting_up_; }
  // A problem's wrong turn was played (with its refutation): Try again or Show me goes on.
  bool failed() const { return failed_; }
  // What the person reads under the task: the hint after a wrong turn, the reason for an
  // illegal one, the step's next words, or the success text.
  const std::string& feedback() const { return feedback_; }
  bool feedback_good() const { return feedback_good_; }
  // The feedback is the hint asked for (neither praise nor a wrong turn).
  bool feedback_is_hint() const { return feedback_hint_; }
  // The feedback tells what Show me played (neither praise nor a wrong turn).
  bool feedback_is_shown() const { return feedback_shown_; }

  // A turn the person makes: played (true) when it meets the step's goal, with the scripted
  // replies after it; refused (false, nothing changes) when wrong or illegal; a wrong turn the
  // task answers (teach::Task::wrong) is played with its refutation (true, `refuted()`), and
  // the next turn or Show me first puts the position before it back. In a problem any wrong
  // turn is played (with its refutation, when there is one) and fails the problem (true). A
  // puzzle plays a legal wrong turn the task does not answer too, with the engine's refutation
  // (teach::answer_refutation) when there is one, and says what it misses first
  // (teach::missed_sentence), then the hint; a lesson refuses it with the hint.
  bool turn(Session& session, const Move& move);
  // Plays the current step's solving turn ("Show me"); a failed problem starts over first.
  bool show_me(Session& session);
  // The task's start position again.
  bool restart(Session& session);
  void show_hint();
  // A new point is being previewed (a touch screen's first tap): the reason an earlier turn was
  // illegal no longer applies, and goes ("That point is taken" beside "Confirm G6" misleads).
  void previewing();

  // Called with a task's id when the person solved it (the page remembers it): not when Show me
  // played any of its turns.
  std::function<void(const std::string&)> on_solved;
  // Called with a problem's id when a wrong turn failed it.
  std::function<void(const std::string&)> on_failed;

 private:
  bool start(Session& session);

  const std::vector<teach::Task>* tasks_ = nullptr;
  std::vector<teach::Task> problem_;  // a problem's own task (tasks_ points here)
  Mode mode_ = Mode::lesson;
  GameKind kind_;
  int index_ = 0;
  int step_ = 0;  // the step the person is at
  bool solved_ = false;
  bool failed_ = false;
  bool setting_up_ = false;
  std::string feedback_;
  bool feedback_good_ = false;
  bool feedback_hint_ = false;
  bool feedback_shown_ = false;
  bool feedback_illegal_ = false;  // the feedback says why a turn was illegal
  bool shown_ = false;             // Show me played a turn of this task: solving it earns no tick
  bool refuted_ = false;
  int refuted_from_ = 0;  // the turns before the refuted one

  void refute(Session& session, const Move& move, const std::vector<std::string>& replies);
  void back_from_refutation(Session& session);
};

}  // namespace stonegrid
