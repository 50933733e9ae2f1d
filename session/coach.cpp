// The coach. Read `begin`, then `turn`: every turn of the person during a task passes there.
#include "coach.h"

namespace stonegrid {

bool Coach::begin(Session& session, Mode mode, GameKind kind, int index) {
  const std::vector<teach::Task>& tasks =
      mode == Mode::lesson ? teach::lessons(kind.facts().name) : teach::puzzles(kind.facts().name);
  if (mode == Mode::problem || index < 0 || index >= static_cast<int>(tasks.size())) return false;
  const std::vector<teach::Task>* before = tasks_;
  tasks_ = &tasks;
  index_ = index;
  if (!start(session)) {
    tasks_ = before;
    return false;
  }
  mode_ = mode;
  kind_ = kind;
  return true;
}

bool Coach::begin_problem(Session& session, teach::Task task) {
  std::string error;
  std::optional<GameKind> kind = game_kind(task.game);
  if (!kind) return false;
  problem_.assign(1, std::move(task));
  tasks_ = &problem_;
  index_ = 0;
  mode_ = Mode::problem;
  kind_ = *kind;
  if (start(session)) return true;
  tasks_ = nullptr;
  return false;
}

bool Coach::restart(Session& session) {
  return active() && start(session);
}

// The task's start position in the session, and nothing said yet.
bool Coach::start(Session& session) {
  std::string error;
  std::optional<SgfRecord> start = read_sgf_with_markup(task().sgf, error);
  if (!start) return false;
  setting_up_ = true;
  session.start_from(std::move(start->game), std::move(start->nodes));
  setting_up_ = false;
  step_ = 0;
  solved_ = false;
  failed_ = false;
  feedback_.clear();
  feedback_good_ = false;
  feedback_hint_ = false;
  feedback_shown_ = false;
  feedback_illegal_ = false;
  shown_ = false;
  refuted_ = false;
  return true;
}

// Takes back the wrong turn and its refutation (an undo, not a new game: the front end ends a
// task when the session starts a game it did not ask for).
void Coach::back_from_refutation(Session& session) {
  if (!refuted_) return;
  refuted_ = false;
  while (static_cast<int>(session.game().moves().size()) > refuted_from_ && session.undo()) {
  }
  session.set_message("");
  feedback_.clear();
}

void Coach::refute(Session& session, const Move& move, const std::vector<std::string>& replies) {
  refuted_from_ = static_cast<int>(session.game().moves().size());
  session.play(move);
  for (const std::string& reply : replies) session.play_text(reply);
  refuted_ = true;
  if (mode_ != Mode::problem) return;
  failed_ = true;
  if (on_failed) on_failed(task().id);
}

namespace {

// What the engine's refutation `reply` (after the wrong `turn` in `before`) does, in words:
// "White answers C1 and captures two of your stones." or "White answers F5: nothing is left to
// capture."
std::string reply_sentence(const AnyGame& before, const Move& turn, const std::string& reply,
                           const teach::Goal& goal) {
  const Color mover = before.state().color_to_move();
  const std::string who = mover == Color::black ? "White" : "Black";
  const bool loose = before.name() == "loose";
  if (goal.kind != teach::Goal::Kind::safe)
    return who + " answers " + reply + ": nothing is left to " + (loose ? "flip." : "capture.");
  AnyGame after = before;
  after.play(turn);
  auto mine = [&](const AnyGame& game) {
    int n = 0;
    for (Point p = 0; p < game.size() * game.size(); ++p) n += game.state().at(p) == mover;
    return n;
  };
  const int had = mine(after);
  std::string error;
  if (std::optional<Move> answer = parse_move(reply, after.size(), error)) after.play(*answer);
  const int lost = had - mine(after);
  return who + " answers " + reply + (loose ? " and flips " : " and captures ") +
         (lost == 1 ? std::string("one of your stones.") : std::to_string(lost) + " of your stones.");
}

}  // namespace

bool Coach::turn(Session& session, const Move& move) {
  if (!active()) return session.play(move);
  if (solved_ || failed_) {
    // A failed problem keeps the author's reason why the turn failed, and says what to do next.
    const std::string next = "Try again starts over; Show me plays the answer.";
    if (solved_ && shown_)
      feedback_ = "Shown, not solved. Try again to solve it yourself.";
    else if (solved_)
      feedback_ = mode_ == Mode::problem ? "Solved. Try again starts it over."
                                         : "Solved. Next goes on; Try again starts this one over.";
    else if (feedback_.find(next) == std::string::npos)
      feedback_ = (feedback_.empty() ? "Not solved this time. " : feedback_ + " ") + next;
    feedback_good_ = solved_ && !shown_;
    feedback_shown_ = solved_ && shown_;
    feedback_hint_ = false;
    feedback_illegal_ = false;
    return false;
  }
  back_from_refutation(session);
  const teach::Verdict verdict = teach::check(task(), session.game(), move);
  feedback_ = verdict.message;
  feedback_hint_ = false;
  feedback_shown_ = false;
  feedback_good_ =
      verdict.kind == teach::Verdict::Kind::solved || verdict.kind == teach::Verdict::Kind::go_on;
  if (verdict.kind == teach::Verdict::Kind::refuted) {
    // The wrong turn stands on the board with the refutation after it, and the sentence says
    // why; the next turn (or Try again) goes back to the start, or in a problem it is failed.
    refute(session, move, verdict.replies);
    return true;
  }
  feedback_illegal_ = verdict.kind == teach::Verdict::Kind::illegal;
  if (mode_ != Mode::lesson && verdict.kind == teach::Verdict::Kind::wrong &&
      session.game().check(move) == Illegal::none) {
    // A puzzle or problem plays any wrong turn, with the reply that shows why it fails when the
    // engine finds one, and says first what the turn misses (then the hint).
    const teach::Goal& goal = task().steps[static_cast<size_t>(step_)].goal;
    std::string said = teach::missed_sentence(goal, session.game(), move);
    std::vector<std::string> replies;
    if (std::optional<std::string> reply = teach::answer_refutation(task(), session.game(), move)) {
      replies.push_back(*reply);
      if (!said.empty()) said += ' ';
      said += reply_sentence(session.game(), move, *reply, goal);
    }
    feedback_ = said.empty() ? verdict.message : said + " " + verdict.message;
    refute(session, move, replies);
    return true;
  }
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
  if (failed_ && !restart(session)) return false;
  if (!active() || solved_) return false;
  back_from_refutation(session);
  if (step_ >= static_cast<int>(task().steps.size())) return false;
  std::string error;
  std::optional<Move> move = parse_move(task().steps[step_].show_me, session.game().size(), error);
  if (!move) return false;
  shown_ = true;
  if (!turn(session, *move)) return false;
  // Said as shown, in the plain colour: not the green of a solve.
  // (A bare "Solved." would read as a solve: the answer is said to be on the board instead.)
  feedback_ = "Shown: " + (feedback_ == "Solved." ? std::string("the answer is on the board.") : feedback_) +
              (solved_ ? " Try again to solve it yourself." : "");
  feedback_good_ = false;
  feedback_shown_ = true;
  return true;
}

void Coach::previewing() {
  if (!feedback_illegal_) return;
  feedback_.clear();
  feedback_illegal_ = false;
}

void Coach::show_hint() {
  if (!active() || solved_ || failed_) return;
  const std::vector<teach::Step>& steps = task().steps;
  feedback_ =
      step_ < static_cast<int>(steps.size()) && !steps[step_].hint.empty() ? steps[step_].hint : task().hint;
  feedback_good_ = false;
  feedback_hint_ = true;
  feedback_shown_ = false;
  feedback_illegal_ = false;
}

}  // namespace stonegrid
