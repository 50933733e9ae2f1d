// Learn from your mistakes: tasks cut from reviews, the progress kept, an answer judged, the
// hint, and the trainer on the session's board. Reasons here; contracts in mistakes.h.
#include "mistakes.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "bot/bot.h"
#include "rules/notation.h"

namespace stonegrid {

namespace {

std::string percent(double x) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0f %%", 100 * x);
  return text;
}

// "Black", "White", or "Player 1" while colours are undecided (Looper before `take`).
std::string mover_name(const Mover& by) {
  return by.color == Color::black   ? "Black"
         : by.color == Color::white ? "White"
                                    : "Player " + std::to_string(by.player);
}

// The record's start: its set-up and settings, no turn.
AnyGame start_of(const AnyGame& game) {
  GameRecord record = game.record();
  record.moves.clear();
  std::string error;
  return *AnyGame::replay(record, error);  // the start of a record AnyGame holds replays
}

// The chances of `player` in a finished game: 1 won, ½ drawn, 0 lost (as the review counts).
double final_chances(const AnyGame& game, int player) {
  const Outcome o = game.state().outcome();
  if (o.winner_player == 0) return 0.5;
  return o.winner_player == player ? 1 : 0;
}

}  // namespace

// --- the tasks ---------------------------------------------------------------------------------

namespace {

bool is_task(const TurnReview& t, People people) {
  const bool person = t.by.player >= 1 && t.by.player <= 2 && people[static_cast<size_t>(t.by.player)];
  return person && t.verdict >= Verdict::mistake && t.move.kind != Move::Kind::resign && !(t.best == t.move);
}

}  // namespace

People people_of(const Session& session) {
  People people{};
  for (int p = 1; p <= 2; ++p)
    people[static_cast<size_t>(p)] = !session.player(p).bot && !session.player(p).remote;
  return people;
}

int mistake_count(const Reviewer& review, People people) {
  return static_cast<int>(std::count_if(review.turns().begin(), review.turns().end(),
                                        [&](const TurnReview& t) { return is_task(t, people); }));
}

std::vector<MistakeTask> gather_mistake_tasks(const Session& session, const std::vector<SavedReview>& saved) {
  std::vector<MistakeTask> tasks;
  if (session.review()) tasks = mistake_tasks(*session.review(), people_of(session));
  for (const SavedReview& game : saved) {
    std::string error;
    add_tasks(tasks, saved_mistake_tasks(game.sgf, game.review, game.people, error));
  }
  return tasks;
}

std::vector<MistakeTask> mistake_tasks(const Reviewer& review, People people) {
  std::vector<MistakeTask> tasks;
  char key[24];
  std::snprintf(key, sizeof key, "%016llx", static_cast<unsigned long long>(review.record_key()));
  const std::vector<TurnReview>& turns = review.turns();
  AnyGame position = start_of(review.game());
  for (size_t i = 0; i < turns.size(); ++i) {
    const TurnReview& t = turns[i];
    if (is_task(t, people)) {
      MistakeTask task{"mistake-" + std::string(key) + "-" + std::to_string(t.number),
                       position,
                       t.number,
                       t.by,
                       t.move,
                       t.verdict,
                       t.best,
                       t.line,
                       t.winrate_before,
                       t.winrate_after,
                       t.scored,
                       0,
                       {}};
      task.points_lost = t.points_lost;
      if (i + 1 < turns.size()) task.reply = turns[i + 1].best;
      tasks.push_back(std::move(task));
    }
    if (position.play(t.move) != Illegal::none) break;  // (the review's record replays)
  }
  return tasks;
}

std::vector<MistakeTask> saved_mistake_tasks(std::string_view sgf, std::string_view review_text,
                                             People people, std::string& error) {
  const std::optional<AnyGame> game = read_sgf(sgf, error);
  if (!game) return {};
  const std::unique_ptr<Reviewer> review = Reviewer::restore(*game, ReviewOptions{}, review_text, error);
  if (!review) return {};
  return mistake_tasks(*review, people);
}

void add_tasks(std::vector<MistakeTask>& tasks, std::vector<MistakeTask> more) {
  for (MistakeTask& task : more) {
    const bool known =
        std::any_of(tasks.begin(), tasks.end(), [&](const MistakeTask& t) { return t.id == task.id; });
    if (!known) tasks.push_back(std::move(task));
  }
}

// --- the progress --------------------------------------------------------------------------------

namespace {

// A task id as `mistake_tasks` makes them: "mistake-", 16 hex digits, "-", a turn number.
bool is_task_id(std::string_view id) {
  if (id.size() < 26 || id.size() > 32 || !id.starts_with("mistake-") || id[24] != '-') return false;
  for (size_t i = 8; i < 24; ++i)
    if (!std::isxdigit(static_cast<unsigned char>(id[i]))) return false;
  for (size_t i = 25; i < id.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(id[i]))) return false;
  return true;
}

}  // namespace

MistakeProgress MistakeProgress::read(std::string_view text) {
  MistakeProgress progress;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view id = text.substr(start, end - start);
    if (is_task_id(id)) progress.solve(std::string(id));
    start = end + 1;
  }
  return progress;
}

std::string MistakeProgress::saved() const {
  std::string text;
  for (const std::string& id : ids_) text += (text.empty() ? "" : " ") + id;
  return text;
}

bool MistakeProgress::solved(const std::string& id) const {
  return std::find(ids_.begin(), ids_.end(), id) != ids_.end();
}

void MistakeProgress::solve(const std::string& id) {
  if (solved(id)) return;
  ids_.push_back(id);
  if (ids_.size() > most) ids_.erase(ids_.begin());
}

int MistakeProgress::solved_of(const std::vector<MistakeTask>& tasks) const {
  return static_cast<int>(
      std::count_if(tasks.begin(), tasks.end(), [&](const MistakeTask& t) { return solved(t.id); }));
}

// --- an answer judged ----------------------------------------------------------------------------

AnswerCheck::AnswerCheck(const MistakeTask& task, const Move& move, long long playouts)
    : task_(task), move_(move), after_(task.position) {
  if (move == task.best || move == task.played) {
    decide(move == task.best ? task.best_chances : task.played_chances);
    return;
  }
  if (after_.play(move) != Illegal::none) {  // (the trainer plays only legal turns)
    result_ = Result::rejected;
    return;
  }
  if (after_.state().is_over()) {
    decide(final_chances(after_, task.by.player));
    return;
  }
  // The review's search, shorter or not: its settings, never resigning.
  Bot::Options options;
  options.seed = ReviewOptions{}.seed;
  options.resign_threshold = 0;
  options.playouts = std::max<long long>(1, playouts);
  bot_ = std::make_unique<Bot>(options);
  bot_->start(after_, max_level);
}

AnswerCheck::~AnswerCheck() = default;

AnswerCheck::Result AnswerCheck::step(double budget_ms) {
  if (result_ != Result::pending) return result_;
  bot_->step(budget_ms);
  if (!bot_->done()) return result_;
  // The search's chances are the side to move's: the opponent's, as a rule.
  const double chances = Reviewer::judged_of(*bot_, after_).winrate;
  decide(after_.state().to_move() == task_.by.player ? chances : 1 - chances);
  return result_;
}

void AnswerCheck::decide(double chances) {
  chances_ = chances;
  result_ = task_.best_chances - chances < mistake_loss ? Result::accepted : Result::rejected;
}

// --- the hint ------------------------------------------------------------------------------------

namespace {

// The stones of `before` that `move` takes or turns over, and whether any turned over.
std::vector<Point> changed_stones(const AnyGame& before, const Move& move, bool& turned) {
  AnyGame after = before;
  std::vector<Point> stones;
  if (after.play(move) != Illegal::none) return stones;
  const int points = before.state().geometry().points;
  for (Point p = 0; p < points; ++p) {
    const Color was = before.state().at(p), now = after.state().at(p);
    if (was == Color::empty || now == was) continue;
    stones.push_back(p);
    turned = turned || now != Color::empty;
  }
  return stones;
}

// Where on a plane board `p` is, in words: "the lower left", "the top", "the centre".
std::string board_region(const Geometry& g, Point p) {
  auto third = [&](int v) { return v * 3 < g.size ? 0 : v * 3 >= 2 * g.size ? 2 : 1; };
  const int column = third(g.column(p)), row = third(g.row(p));
  static const char* const rows[] = {"lower", "", "upper"};
  static const char* const columns[] = {"left", "", "right"};
  static const char* const edges[] = {"bottom", "centre", "top"};
  if (column == 1) return std::string("the ") + edges[row];
  if (row == 1) return std::string("the ") + columns[column] + " side";
  return std::string("the ") + rows[row] + " " + columns[column];
}

// The stone nearest `p` (none on an empty board).
Point nearest_stone(const AnyGame& game, Point p) {
  const Geometry& g = game.state().geometry();
  Point found = no_point;
  int best = 1 << 30;
  for (Point q = 0; q < g.points; ++q) {
    if (game.state().at(q) == Color::empty) continue;
    const int dc = std::abs(g.column(q) - g.column(p)), dr = std::abs(g.row(q) - g.row(p));
    const int d =
        g.topology == Topology::torus ? std::min(dc, g.size - dc) + std::min(dr, g.size - dr) : dc + dr;
    if (d < best) best = d, found = q;
  }
  return found;
}

}  // namespace

MistakeHint mistake_hint(const MistakeTask& task) {
  MistakeHint hint;
  const int size = task.position.size();
  const std::string played = move_text(task.played, size);
  if (task.reply) {  // what the mistake let the opponent do
    AnyGame after = task.position;
    bool turned = false;
    if (after.play(task.played) == Illegal::none) {
      const std::vector<Point> lost = changed_stones(after, *task.reply, turned);
      for (Point p : lost)
        if (task.position.state().at(p) != Color::empty) hint.marked.push_back(p);
      if (!lost.empty()) {
        const std::string count = lost.size() == 1 ? "a stone" : std::to_string(lost.size()) + " stones";
        hint.text = "After " + played + ", the bot's reply " + move_text(*task.reply, size) +
                    (turned ? " turns over " : " takes ") + count + (hint.marked.empty() ? "" : " (marked)") +
                    ": find a move that does not allow it.";
        return hint;
      }
    }
  }
  if (!task.best.is_place()) {
    hint.text = task.best.kind == Move::Kind::pass   ? "The better turn is not on the board."
                : task.best.kind == Move::Kind::take ? "Is it the moment to take?"
                                                     : "Look for a better turn.";
    return hint;
  }
  bool turned = false;
  if (std::vector<Point> taken = changed_stones(task.position, task.best, turned); !taken.empty()) {
    hint.marked = taken;
    hint.text = std::string("The marked stones can be ") + (turned ? "turned over" : "taken") + ".";
    return hint;
  }
  const Geometry& g = task.position.state().geometry();
  if (const Point near = nearest_stone(task.position, task.best.point()); near != no_point)
    hint.marked.push_back(near);
  hint.text = hint.marked.empty() ? "" : "Look near the marked stone";
  if (g.topology != Topology::torus)
    hint.text +=
        (hint.text.empty() ? "Look in " : ", in ") + board_region(g, task.best.point()) + " of the board";
  hint.text += task.scored && task.points_lost >= 1
                   ? ": " + played + " lost about " +
                         std::to_string(static_cast<int>(std::lround(task.points_lost))) + " points."
                   : ".";
  return hint;
}

std::string task_sentence(const MistakeTask& task) {
  return "Move " + std::to_string(task.turn) + ", " + mover_name(task.by) +
         " to play: find a better move than " + move_text(task.played, task.position.size()) + " (" +
         std::string(task.verdict == Verdict::blunder ? "a blunder" : "a mistake") + ", " +
         percent(task.best_chances) + " → " + percent(task.played_chances) + ").";
}

// --- the trainer ---------------------------------------------------------------------------------

bool MistakeTrainer::begin(Session& session, int index) {
  if (index < 0) {
    index = 0;
    for (size_t i = 0; i < tasks_.size(); ++i)
      if (!progress_.solved(tasks_[i].id)) {
        index = static_cast<int>(i);
        break;
      }
  }
  if (index >= static_cast<int>(tasks_.size())) return false;
  end();
  index_ = index;
  put(session, task().position, false);
  return true;
}

void MistakeTrainer::end() {
  check_.reset();
  index_ = -1;
  feedback_.clear();
  feedback_good_ = feedback_hint_ = answered_ = hint_shown_ = shown_ = false;
  line_step_ = 0;
  judged_.clear();
}

// Puts `game` on the board for two people here, with the hint's marks on the task's position.
void MistakeTrainer::put(Session& session, AnyGame game, bool hint_marks) {
  std::vector<Markup> markup;
  if (hint_marks) {
    Markup node;
    node.moves = static_cast<int>(task().position.moves().size());
    for (Point p : mistake_hint(task()).marked) node.marks.push_back({p, Markup::Shape::triangle});
    markup.push_back(std::move(node));
  }
  setting_up_ = true;
  session.start_from(std::move(game), std::move(markup));
  setting_up_ = false;
}

void MistakeTrainer::restart(Session& session) {
  if (!active()) return;
  check_.reset();
  line_step_ = 0;
  answered_ = false;  // (a task solved before earns no second tick)
  put(session, task().position, hint_shown_);
}

bool MistakeTrainer::turn(Session& session, const Move& move) {
  if (!active() || check_ || answered_ || line_step_ > 0) return false;
  if (session.game().moves().size() != task().position.moves().size()) restart(session);
  if (!session.play(move)) return false;  // illegal: the session says why
  const std::string text = move_text(move, task().position.size());
  if (const auto known = judged_.find(text); known != judged_.end()) {
    judged(session, move, known->second);
    return true;
  }
  check_ = std::make_unique<AnswerCheck>(task(), move);
  feedback_ = "Checking " + text + "…";
  feedback_good_ = feedback_hint_ = false;
  if (check_->result() != AnswerCheck::Result::pending) finish_check(session);
  return true;
}

void MistakeTrainer::think(Session& session, double budget_ms) {
  if (check_ && check_->step(budget_ms) != AnswerCheck::Result::pending) finish_check(session);
}

void MistakeTrainer::finish_check(Session& session) {
  const Move move = check_->move();
  const double chances = check_->chances();
  check_.reset();
  judged(session, move, chances);
}

// The answer's verdict in words; a right one stays on the board, a wrong one goes.
void MistakeTrainer::judged(Session& session, const Move& answer, double chances) {
  const MistakeTask& t = task();
  const int size = t.position.size();
  const std::string move = move_text(answer, size), best = move_text(t.best, size);
  const bool right = t.best_chances - chances < mistake_loss;
  judged_[move] = chances;
  const std::string who = mover_name(t.by);
  if (answer == t.best) {
    feedback_ = "Right: " + move + " is the bot's own choice (" + who + " " + percent(chances) + ").";
  } else if (answer == t.played) {
    feedback_ = move + " is the move of the game: it dropped " + who + "'s chances from " +
                percent(t.best_chances) + " to " + percent(chances) + ". Try another.";
  } else if (right) {
    feedback_ = "Good: " + move + " keeps " + who + " " + percent(chances) + ", as good as the bot's " +
                best + " (" + percent(t.best_chances) + ").";
  } else {
    feedback_ = move + " is not enough: it leaves " + who + " " + percent(chances) +
                ", and the better move keeps " + percent(t.best_chances) + ". Try another.";
  }
  feedback_good_ = right;
  feedback_hint_ = false;
  if (!right) return put(session, t.position, hint_shown_);
  answered_ = true;
  if (shown_ || progress_.solved(t.id)) return;
  progress_.solve(t.id);
  if (on_solved) on_solved(t.id);
}

void MistakeTrainer::show_hint(Session& session) {
  if (!active()) return;
  hint_shown_ = true;
  feedback_ = mistake_hint(task()).text;
  feedback_good_ = false;
  feedback_hint_ = true;
  if (!check_ && line_step_ == 0 && !answered_) restart(session);  // the marks, on the task's position
}

void MistakeTrainer::show_line(Session& session, int step) {
  if (!active() || answered_) return;
  const MistakeTask& t = task();
  check_.reset();
  shown_ = true;
  line_step_ = std::clamp(step, 1, std::max(1, static_cast<int>(t.line.size())));
  AnyGame game = t.position;
  const std::vector<Move> line = t.line.empty() ? std::vector<Move>{t.best} : t.line;
  for (int i = 0; i < line_step_; ++i)
    if (game.play(line[static_cast<size_t>(i)]) != Illegal::none) break;
  feedback_ = "The bot's move: " + move_text(t.best, t.position.size()) + " (" + mover_name(t.by) + " " +
              percent(t.best_chances) + "). Its line, move " + std::to_string(line_step_) + " of " +
              std::to_string(line.size()) + ".";
  feedback_good_ = feedback_hint_ = false;
  put(session, std::move(game), false);
}

std::string mistakes_offer(int tasks) {
  return (tasks == 1 ? std::string("1 task") : std::to_string(tasks) + " tasks") +
         ": each mistake (?) or blunder (?\?) of yours becomes one. Inaccuracies (?!) are small: no task.";
}

bool MistakeTrainer::next(Session& session) {
  if (tasks_.empty()) return false;
  const int n = static_cast<int>(tasks_.size()), from = std::max(0, index_);
  for (int k = 1; k <= n; ++k)
    if (!progress_.solved(tasks_[static_cast<size_t>((from + k) % n)].id))
      return begin(session, (from + k) % n);
  return begin(session, (from + 1) % n);
}

}  // namespace stonegrid
