// The coach. Read `begin`, then `turn`: every turn of the person during a task passes there.
#include "coach.h"

namespace stonegrid {

bool Coach::begin(Session& session, Mode mode, GameKind kind, int index) {
  const std::vector<teach::Task>& tasks =
      mode == Mode::lesson ? teach::lessons(kind.facts().name) : teach::puzzles(kind.facts().name);
  if (index < 0 || index >= static_cast<int>(tasks.size())) return false;
  std::string error;
  std::optional<SgfRecord> start = read_sgf_with_markup(tasks[index].sgf, error);
  if (!start) return false;
  session.start_from(std::move(start->game), std::move(start->nodes));
  tasks_ = &tasks;
  mode_ = mode;
  kind_ = kind;
  index_ = index;
  step_ = 0;
  solved_ = false;
  feedback_.clear();
  feedback_good_ = false;
  feedback_hint_ = false;
  shown_ = false;
  refuted_ = false;
  return true;
}

// Takes back the wrong turn and its refutation (an undo, not a new game: the front end ends a
// task when the session starts a game it did not ask for).
void Coach::back_from_refutation(Session& session) {
  if (!refuted_) return;
  refuted_ = false;
  while (static_cast<int>(session.game().moves().size()) > task().start_moves && session.undo()) {
  }
  session.set_message("");
  feedback_.clear();
}

bool Coach::turn(Session& session, const Move& move) {
  if (!active()) return session.play(move);
  if (solved_) {
    feedback_ = "Solved. Next goes on; Try again starts this one over.";
    feedback_good_ = true;
    feedback_hint_ = false;
    return false;
  }
  back_from_refutation(session);
  const teach::Verdict verdict = teach::check(task(), session.game(), move);
  feedback_ = verdict.message;
  feedback_hint_ = false;
  if (verdict.kind == teach::Verdict::Kind::refuted) {
    // The wrong turn stands on the board with the refutation after it, and the sentence says
    // why; the next turn (or Try again) goes back to the start.
    feedback_good_ = false;
    session.play(move);
    for (const std::string& reply : verdict.replies) session.play_text(reply);
    refuted_ = true;
    return true;
  }
  feedback_good_ =
      verdict.kind == teach::Verdict::Kind::solved || verdict.kind == teach::Verdict::Kind::go_on;
  if (!feedback_good_) return false;  // said once, in the panel (not again over the board)
  session.play(move);
  if (verdict.kind == teach::Verdict::Kind::go_on) {
    for (const std::string& reply : verdict.replies) session.play_text(reply);
    ++step_;
  } else {
    solved_ = true;
    if (on_solved && !shown_) on_solved(task().id);
  }
  return true;
}

bool Coach::show_me(Session& session) {
  if (!active() || solved_) return false;
  back_from_refutation(session);
  if (step_ >= static_cast<int>(task().steps.size())) return false;
  std::string error;
  std::optional<Move> move = parse_move(task().steps[step_].show_me, session.game().size(), error);
  if (!move) return false;
  shown_ = true;
  return turn(session, *move);
}

void Coach::show_hint() {
  if (!active() || solved_) return;
  const std::vector<teach::Step>& steps = task().steps;
  feedback_ =
      step_ < static_cast<int>(steps.size()) && !steps[step_].hint.empty() ? steps[step_].hint : task().hint;
  feedback_good_ = false;
  feedback_hint_ = true;
}

}  // namespace stonegrid
