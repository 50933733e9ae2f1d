// Lessons and puzzles (teach.h). Read bottom up: goals (`meets`, with the forced-win search
// `wins_within`), then `check`, then reading the task files, then `verify`.
#include "tools/teach.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <set>

#include "formats/sgf.h"
#include "games/loose.h"
#include "rules/notation.h"

namespace stonegrid::teach {

// --- goals ---------------------------------------------------------------------------------

namespace {

struct GoalWord {
  std::string_view word;
  Goal::Kind kind;
  bool takes_number;
};
constexpr GoalWord goal_words[] = {
    {"play", Goal::Kind::play, false},      {"legal", Goal::Kind::legal, false},
    {"capture", Goal::Kind::capture, true}, {"flip", Goal::Kind::capture, true},
    {"win", Goal::Kind::win, true},         {"resolve", Goal::Kind::resolve, false},
    {"loop", Goal::Kind::loop, false},      {"lead", Goal::Kind::lead, true},
    {"safe", Goal::Kind::safe, false},      {"chase", Goal::Kind::chase, true},
};

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) words.push_back(word);
  return words;
}

int stones_of(const AnyGame& game, Color c) {
  int n = 0;
  for (Point p = 0; p < game.size() * game.size(); ++p) n += game.state().at(p) == c;
  return n;
}

// The mover's count minus the other side's (komi included), on the board as it stands.
std::optional<double> lead_of(const AnyGame& game, Color mover) {
  const Score score = game.state().score();
  if (!score.defined) return std::nullopt;
  return mover == Color::black ? score.black - score.white : score.white - score.black;
}

// Whether player `mover`, having just made the turn that led to `game`, wins by force within
// `turns` more turns of their own (0: only if `game` is already won). Every reply is tried; the
// search stops at the first reply that escapes (or when `effort` is spent: false).
bool wins_within(const AnyGame& game, int mover, int turns, Effort* effort) {
  if (game.state().is_over()) return game.state().outcome().winner_player == mover;
  if (turns == 0) return false;
  for (const Move& reply : all_turns(game)) {
    if (effort && !effort->spend()) return false;
    AnyGame answered = game;
    answered.play(reply);
    if (answered.state().is_over()) {
      if (answered.state().outcome().winner_player != mover) return false;
      continue;
    }
    bool wins = false;
    for (const Move& turn : all_turns(answered)) {
      if (effort && !effort->spend()) return false;
      AnyGame after = answered;
      after.play(turn);
      if (wins_within(after, mover, turns - 1, effort)) {
        wins = true;
        break;
      }
    }
    if (!wins) return false;
  }
  return true;
}

// No reply in `game` (the opponent to move) removes or flips a stone of `mover`'s colour (false
// when `effort` is spent first).
bool safe_from_replies(const AnyGame& game, Color mover, Effort* effort) {
  const int stones = stones_of(game, mover);
  for (const Move& reply : all_turns(game)) {
    if (!reply.is_place()) continue;
    if (effort && !effort->spend()) return false;
    AnyGame after = game;
    after.play(reply);
    if (stones_of(after, mover) < stones) return false;
  }
  return true;
}

// Whether `turn`, a placement of `mover` just made (giving `after`), threatens to capture or
// flip an enemy chain it touches: the mover's next stone on one of that chain's empty
// neighbours, were the opponent to pass, would take it.
bool threatens(const AnyGame& after, Point at, Color mover) {
  const Geometry& g = after.state().geometry();
  AnyGame passed = after;
  if (passed.play(Move::pass()) != Illegal::none) return false;
  for (int k = 0; k < g.degree[at]; ++k) {
    const Point target = g.neighbours[at][k];
    if (after.state().at(target) != opponent(mover)) continue;
    std::vector<Point> chain{target};
    std::set<Point> empty;
    std::vector<bool> seen(g.points, false);
    seen[target] = true;
    for (size_t i = 0; i < chain.size(); ++i)
      for (int j = 0; j < g.degree[chain[i]]; ++j) {
        const Point q = g.neighbours[chain[i]][j];
        if (after.state().at(q) == Color::empty) empty.insert(q);
        if (!seen[q] && after.state().at(q) == opponent(mover)) {
          seen[q] = true;
          chain.push_back(q);
        }
      }
    for (Point p : empty) {
      AnyGame taken = passed;
      if (taken.play(Move::place(p)) == Illegal::none && taken.state().at(target) != opponent(mover))
        return true;
    }
  }
  return false;
}

bool chases(const AnyGame& game, int need, int turns);

// The positions a chase search may still look at on this thread (chase_budget); -1: no limit.
thread_local long long chase_positions_left = -1;

// Whether `turn` starts a chase (Goal::Kind::chase) in `before`: it captures `need` stones at
// once, or, with turns to spare, captures or threatens, and after every reply the chase goes on.
// Replies nearest the turn are tried first (the escapes), so a failing line fails early.
bool chase_turn(const AnyGame& before, const Move& turn, int need, int turns) {
  if (!turn.is_place() || turn.count != 1 || chase_positions_left == 0) return false;
  if (chase_positions_left > 0) --chase_positions_left;
  AnyGame after = before;
  if (after.play(turn) != Illegal::none) return false;
  const Color mover = before.state().color_to_move();
  const int taken = stones_of(before, opponent(mover)) - stones_of(after, opponent(mover));
  if (taken >= need) return true;
  if (turns <= 1 || after.state().is_over()) return false;
  if (taken <= 0 && !threatens(after, turn.point(), mover)) return false;
  std::vector<Move> replies = all_turns(after);
  const int n = before.size(), at = turn.point();
  auto distance = [&](const Move& m) {
    return m.is_place() ? std::abs(m.point() % n - at % n) + std::abs(m.point() / n - at / n) : 2 * n;
  };
  std::stable_sort(replies.begin(), replies.end(),
                   [&](const Move& a, const Move& b) { return distance(a) < distance(b); });
  for (const Move& reply : replies) {
    AnyGame answered = after;
    answered.play(reply);
    if (answered.state().is_over() || !chases(answered, need - std::max(taken, 0), turns - 1)) return false;
  }
  return true;
}

// `chase_turn` within `effort` (when bounded): the chase search spends its positions from it, and
// the effort is spent (the answer not to be used) when they run out.
bool bounded_chase_turn(const AnyGame& before, const Move& turn, const Goal& goal, Effort* effort) {
  if (!effort || effort->left < 0) return chase_turn(before, turn, goal.count, goal.within);
  const long long outer = chase_positions_left;  // a miner's budget, put back after
  chase_positions_left = effort->left;
  const bool chased = effort->left > 0 && chase_turn(before, turn, goal.count, goal.within);
  effort->left = static_cast<long>(chase_positions_left);
  if (effort->left == 0) effort->spent_all = true;
  chase_positions_left = outer;
  return chased;
}

// Whether the mover in `game` has a turn that starts a chase: captures at once first.
bool chases(const AnyGame& game, int need, int turns) {
  const Color mover = game.state().color_to_move();
  const int theirs = stones_of(game, opponent(mover));
  std::vector<Move> threats;
  for (const Move& turn : all_turns(game)) {
    if (!turn.is_place()) continue;
    if (chase_positions_left == 0) return false;
    if (chase_positions_left > 0) --chase_positions_left;
    AnyGame after = game;
    if (after.play(turn) != Illegal::none) continue;
    const int taken = theirs - stones_of(after, opponent(mover));
    if (taken >= need) return true;
    if (turns > 1 && !after.state().is_over() && (taken > 0 || threatens(after, turn.point(), mover)))
      threats.push_back(turn);
  }
  for (const Move& turn : threats)
    if (chase_turn(game, turn, need, turns)) return true;
  return false;
}

// "chase N K": two whole numbers, the stones (at least 1) and the turns (1 to 8).
std::optional<Goal> parse_chase(const std::vector<std::string>& words, std::string& error) {
  auto number = [](const std::string& n) {
    return !n.empty() && n.size() <= 3 && n.find_first_not_of("0123456789") == std::string::npos
               ? std::stoi(n)
               : -1;
  };
  Goal goal;
  goal.kind = Goal::Kind::chase;
  if (words.size() == 3) {
    goal.count = number(words[1]);
    goal.within = number(words[2]);
  }
  if (words.size() != 3 || goal.count < 1 || goal.within < 1 || goal.within > 8) {
    error = "goal 'chase' is written 'chase N K': at least N stones within K turns (1 to 8)";
    return std::nullopt;
  }
  return goal;
}

}  // namespace

std::string goal_text(const Goal& goal) {
  for (const GoalWord& w : goal_words) {
    if (w.kind != goal.kind) continue;
    std::string text(w.word);
    if (goal.kind == Goal::Kind::play)
      for (const std::string& turn : goal.turns) text += " " + turn;
    if (w.takes_number && !(goal.kind == Goal::Kind::win && goal.count == 1))
      text += " " + std::to_string(goal.count);
    if (goal.kind == Goal::Kind::chase) text += " " + std::to_string(goal.within);
    return text;
  }
  return "?";
}

std::optional<Goal> parse_goal(std::string_view text, std::string& error) {
  const std::vector<std::string> words = words_of(text);
  if (words.empty()) {
    error = "empty goal";
    return std::nullopt;
  }
  for (const GoalWord& w : goal_words) {
    if (words[0] != w.word) continue;
    Goal goal;
    goal.kind = w.kind;
    if (goal.kind == Goal::Kind::play) {
      goal.turns.assign(words.begin() + 1, words.end());
      if (goal.turns.empty()) {
        error = "goal 'play' needs the turns it accepts ('play D4 E5')";
        return std::nullopt;
      }
      return goal;
    }
    if (goal.kind == Goal::Kind::chase) return parse_chase(words, error);
    const size_t wanted = w.takes_number && w.kind != Goal::Kind::win ? 2 : 1;
    if (words.size() > 2 || (words.size() == 2 && !w.takes_number) || words.size() < wanted) {
      error = "goal '" + std::string(w.word) + "' is written '" + std::string(w.word) +
              (w.takes_number ? " N'" : "' alone");
      return std::nullopt;
    }
    if (words.size() == 2) {
      const std::string& n = words[1];
      if (n.empty() || n.size() > 3 || n.find_first_not_of("0123456789") != std::string::npos) {
        error = "goal '" + std::string(w.word) + "' needs a whole number, not '" + n + "'";
        return std::nullopt;
      }
      goal.count = std::stoi(n);
      if (goal.kind == Goal::Kind::win && (goal.count < 1 || goal.count > 2)) {
        error = "goal 'win N' looks 1 or 2 turns ahead, not " + n;
        return std::nullopt;
      }
    }
    return goal;
  }
  error =
      "unknown goal '" + words[0] + "' (play, legal, capture, flip, win, resolve, loop, lead, safe, chase)";
  return std::nullopt;
}

std::vector<Move> all_turns(const AnyGame& game) {
  MoveList list;
  game.state().legal_moves(list);
  std::vector<Move> turns(list.begin(), list.end());
  const int most = stage_of(game).most_points;
  if (most < 2) return turns;
  // The rest first (Looper's `take`): in a search for a refutation (`wins_within`) it is the
  // reply that most often settles the game at once.
  std::stable_partition(turns.begin(), turns.end(), [](const Move& m) { return !m.is_place(); });
  std::vector<Point> empty;
  for (Point p = 0; p < game.size() * game.size(); ++p)
    if (game.state().at(p) == Color::empty) empty.push_back(p);
  const size_t n = empty.size();
  for (size_t a = 0; a < n; ++a)
    for (size_t b = a + 1; b < n; ++b) {
      turns.push_back(Move::places(empty[a], empty[b]));
      if (most >= 3)
        for (size_t c = b + 1; c < n; ++c) turns.push_back(Move::places(empty[a], empty[b], empty[c]));
    }
  return turns;
}

bool meets(const Goal& goal, const AnyGame& before, const Move& turn, Effort* effort) {
  if (goal.kind == Goal::Kind::play) {
    for (const std::string& text : goal.turns) {
      std::string error;
      std::optional<Move> wanted = parse_move(text, before.size(), error);
      if (wanted && *wanted == turn) return true;
    }
    return false;
  }
  AnyGame after = before;
  if (after.play(turn) != Illegal::none) return false;
  const Color mover = before.state().color_to_move();
  switch (goal.kind) {
    case Goal::Kind::play:
      return false;
    case Goal::Kind::legal:
      return turn.is_place();
    case Goal::Kind::capture:
      return stones_of(before, opponent(mover)) - stones_of(after, opponent(mover)) >= goal.count;
    case Goal::Kind::win:
      return wins_within(after, before.state().to_move(), goal.count - 1, effort);
    case Goal::Kind::resolve:
      return after.state().status().stage > before.state().status().stage;
    case Goal::Kind::loop:
      return after.state().explain().loop.any();
    case Goal::Kind::lead: {
      std::optional<double> lead = lead_of(after, mover);
      return lead && *lead >= goal.count;
    }
    case Goal::Kind::safe:
      return turn.is_place() && !after.state().is_over() && safe_from_replies(after, mover, effort);
    case Goal::Kind::chase:
      return bounded_chase_turn(before, turn, goal, effort);
  }
  return false;
}

bool can_chase(const AnyGame& game, int stones, int turns) {
  return chases(game, stones, turns);
}

void set_chase_budget(long long positions) {
  chase_positions_left = positions;
}

bool chase_budget_spent() {
  return chase_positions_left == 0;
}

// --- check ---------------------------------------------------------------------------------

namespace {

// Why a turn is refused, in the words of the lessons (game.h's `describe` is terser).
std::string illegal_message(Illegal why) {
  if (why == Loose::no_true_liberty)
    return "Not allowed: after it, a chain would have no empty point beside it that counts (an empty point "
           "boxed in by both colours, with no empty neighbour, does not count).";
  switch (why.code) {
    case Illegal::occupied:
      return "That point is taken: play on an empty point.";
    case Illegal::suicide:
      return "Not allowed: your stone would have no liberty (no empty neighbour) and capture nothing.";
    case Illegal::superko:
      return "Not allowed: it would bring back a position seen earlier in the game.";
    case Illegal::wrong_kind:
      return "That kind of turn is not allowed here.";
    default:
      return "Not allowed: " + std::string(describe(why)) + ".";
  }
}

// The step that `before` is at: -1 when its record is not the start plus whole steps.
int step_at(const Task& task, const AnyGame& before) {
  int consumed = static_cast<int>(before.moves().size()) - task.start_moves;
  for (size_t i = 0; i < task.steps.size(); ++i) {
    if (consumed == 0) return static_cast<int>(i);
    consumed -= 1 + static_cast<int>(task.steps[i].replies.size());
  }
  return -1;
}

}  // namespace

Verdict check(const Task& task, const AnyGame& before, const Move& turn, Effort* effort) {
  const int index = step_at(task, before);
  if (index < 0) return {Verdict::Kind::wrong, "This position is not part of the task.", {}};
  const Step& step = task.steps[index];
  const std::string& hint = step.hint.empty() ? task.hint : step.hint;
  if (turn.kind == Move::Kind::resign) return {Verdict::Kind::wrong, hint, {}};
  if (Illegal why = before.check(turn); why != Illegal::none)
    return {Verdict::Kind::illegal, illegal_message(why), {}};
  if (!meets(step.goal, before, turn, effort)) {
    for (const WrongAnswer& wrong : task.wrong) {
      std::string error;
      std::optional<Move> move = parse_move(wrong.turn, before.size(), error);
      if (wrong.step == index && move && *move == turn)
        return {Verdict::Kind::refuted, wrong.why, wrong.replies};
    }
    return {Verdict::Kind::wrong, hint, {}};
  }
  if (index + 1 == static_cast<int>(task.steps.size())) return {Verdict::Kind::solved, task.success, {}};
  AnyGame after = before;
  after.play(turn);
  for (const std::string& text : step.replies) {
    std::string error;
    std::optional<Move> reply = parse_move(text, after.size(), error);
    if (!reply || after.play(*reply) != Illegal::none) return {Verdict::Kind::wrong, hint, {}};
  }
  return {Verdict::Kind::go_on, step.next, step.replies};
}

std::optional<std::string> safe_refutation(const Task& task, const AnyGame& before, const Move& turn) {
  const int step = step_at(task, before);
  if (step < 0 || task.steps[step].goal.kind != Goal::Kind::safe || !turn.is_place()) return std::nullopt;
  AnyGame after = before;
  if (after.play(turn) != Illegal::none || after.state().is_over()) return std::nullopt;
  const Color mover = before.state().color_to_move();
  const int stones = stones_of(after, mover);
  for (const Move& reply : all_turns(after)) {
    if (!reply.is_place()) continue;
    AnyGame answered = after;
    answered.play(reply);
    if (stones_of(answered, mover) < stones) return move_text(reply, before.size());
  }
  return std::nullopt;
}

namespace {

const char* const number_words[] = {"no",    "one",   "two",  "three", "four",   "five",  "six",
                                    "seven", "eight", "nine", "ten",   "eleven", "twelve"};

std::string stones_word(int n) {
  return (n >= 0 && n <= 12 ? std::string(number_words[n]) : std::to_string(n)) +
         (n == 1 ? " stone" : " stones");
}

}  // namespace

std::string missed_sentence(const Goal& goal, const AnyGame& before, const Move& turn) {
  if (!turn.is_place() || before.check(turn) != Illegal::none) return {};
  const std::string text = move_text(turn, before.size());
  AnyGame after = before;
  after.play(turn);
  const Color mover = before.state().color_to_move();
  const int taken = stones_of(before, opponent(mover)) - stones_of(after, opponent(mover));
  const bool loose = before.name() == "loose";
  const std::string takes = loose ? " flips " : " captures ";
  const std::string what = taken <= 0 ? "nothing" : "only " + stones_word(taken);
  switch (goal.kind) {
    case Goal::Kind::capture:
      return text + takes + what + ".";
    case Goal::Kind::chase:
      if (taken > 0) return text + takes + what + ", and the rest get away.";
      if (!threatens(after, turn.point(), mover))
        return text + (loose ? " leaves no chain one true liberty" : " is no atari") + " and" + takes +
               "nothing.";
      return text + (loose ? " threatens a chain" : " is an atari") + ", but the chain gets away.";
    case Goal::Kind::safe:
      return "After " + text + " the other side can still" + (loose ? " flip" : " capture") +
             " a stone of yours.";
    case Goal::Kind::lead:
      return text + " does not leave you " + std::to_string(goal.count) + " ahead on the count.";
    case Goal::Kind::win:
      return text + " does not win" + (goal.count > 1 ? " by force." : ".");
    case Goal::Kind::loop:
      return text + " leaves no loop around the board.";
    default:
      return {};
  }
}

// The positions `answer_refutation` may look at to see that no chase is left.
constexpr long long refutation_chase_positions = 4000;

std::optional<std::string> answer_refutation(const Task& task, const AnyGame& before, const Move& turn) {
  const int step = step_at(task, before);
  if (step < 0 || !turn.is_place()) return std::nullopt;
  const Goal& goal = task.steps[step].goal;
  if (goal.kind == Goal::Kind::safe) return safe_refutation(task, before, turn);
  if (goal.kind != Goal::Kind::capture && goal.kind != Goal::Kind::chase) return std::nullopt;
  std::string error;
  const std::optional<Move> answer = parse_move(task.steps[step].show_me, before.size(), error);
  AnyGame after = before;
  if (!answer || !answer->is_place() || after.play(turn) != Illegal::none || after.state().is_over())
    return std::nullopt;
  AnyGame answered = after;
  if (answered.play(*answer) != Illegal::none || answered.state().is_over()) return std::nullopt;
  // The reply on the answer's point must leave nothing that meets the goal.
  if (goal.kind == Goal::Kind::chase) {
    // Bounded: a page's tap must not wait seconds for this (about 20 ms natively at most, measured over every
    // wrong turn of every puzzle). A search that runs out says nothing, and no reply is shown.
    chase_positions_left = refutation_chase_positions;
    const bool chases_on = can_chase(answered, goal.count, goal.within);
    const bool spent = chase_positions_left == 0;
    chase_positions_left = -1;
    if (chases_on || spent) return std::nullopt;
  } else {
    for (const Move& next : all_turns(answered))
      if (next.is_place() && meets(goal, answered, next)) return std::nullopt;
  }
  return task.steps[step].show_me;
}

// --- reading task files --------------------------------------------------------------------

namespace {

std::vector<std::string> values(const Markup& root, std::string_view id) {
  const Markup::Property* p = root.find(id);
  return p ? p->values : std::vector<std::string>{};
}

std::string value(const Markup& root, std::string_view id) {
  const Markup::Property* p = root.find(id);
  return p ? p->values.front() : std::string();
}

// Where the branches of a task tree begin: the offset of the first '(' inside the tree (property
// values skipped), or npos when its main line has no fork. `ends` gets each top-level branch's
// end (just after its ')').
size_t branches_of(std::string_view tree, std::vector<std::pair<size_t, size_t>>& branches) {
  size_t first = std::string_view::npos, open_at = 0;
  int depth = 0;
  for (size_t i = 0; i < tree.size(); ++i) {
    const char c = tree[i];
    if (c == '[') {
      for (++i; i < tree.size() && tree[i] != ']'; ++i)
        if (tree[i] == '\\') ++i;
    } else if (c == '(') {
      if (++depth == 2) {
        open_at = i;
        if (first == std::string_view::npos) first = i;
      }
    } else if (c == ')') {
      if (depth-- == 2) branches.emplace_back(open_at, i + 1);
    }
  }
  return first;
}

// The start position's text (the tree without its branches) and the wrong answers of its BM[]
// branches; an empty string when sound, else what is wrong.
std::string branches_into(std::string_view tree, Task& task) {
  std::vector<std::pair<size_t, size_t>> branches;
  const size_t cut = branches_of(tree, branches);
  if (cut == std::string_view::npos) return {};
  const std::string head(tree.substr(0, cut));
  task.sgf = head + ")";
  for (const auto& [from, to] : branches) {
    std::string error;
    std::optional<SgfRecord> line =
        read_sgf_with_markup(head + std::string(tree.substr(from, to - from)) + ")", error);
    if (!line) return "a branch: " + error;
    const std::vector<Move>& moves = line->game.moves();
    if (static_cast<int>(moves.size()) <= task.start_moves) return "a branch with no turn";
    const Markup* node = markup_after(line->nodes, task.start_moves + 1);
    if (!node || node->find("TE")) continue;  // the answer's own branch, for SGF viewers
    if (!node->find("BM")) return "a branch that is neither the answer (TE[]) nor a wrong answer (BM[])";
    WrongAnswer wrong;
    const int n = line->game.size();
    wrong.turn = move_text(moves[task.start_moves], n);
    for (size_t i = task.start_moves + 1; i < moves.size(); ++i)
      wrong.replies.push_back(move_text(moves[i], n));
    wrong.why = node->comment;
    if (wrong.replies.empty() || wrong.why.empty())
      return "wrong answer " + wrong.turn + " needs its refutation and a C[] saying why it fails";
    task.wrong.push_back(std::move(wrong));
  }
  return {};
}

// VW[aa:cc][dd]...: the smallest rectangle holding every point named.
std::optional<BoardRect> view_of(const Markup::Property& vw, int size) {
  BoardRect rect{size, size, -1, -1};
  for (const std::string& value : vw.values) {
    const size_t colon = value.find(':');
    for (std::string_view part :
         {std::string_view(value).substr(0, colon),
          colon == std::string::npos ? std::string_view(value) : std::string_view(value).substr(colon + 1)}) {
      std::optional<Point> p = parse_sgf_point(part, size);
      if (!p) return std::nullopt;
      const int c = *p % size, r = *p / size;
      rect = {std::min(rect.first_column, c), std::min(rect.first_row, r), std::max(rect.last_column, c),
              std::max(rect.last_row, r)};
    }
  }
  if (rect.last_column < 0) return std::nullopt;
  return rect;
}

// One tree's root into a task; an empty string when it is sound, else what is wrong. `problem`:
// only GOAL and SHOWME are required (read_problem's defaults fill the rest).
std::string task_of(const SgfTree& tree, Task& task, bool problem = false) {
  const Markup& root = tree.record.nodes.front();
  const AnyGame& game = tree.record.game;
  task.id = value(root, "TASK");
  task.game = std::string(game.name());
  task.title = value(root, "GN");
  task.rule = value(root, "RULE");
  task.instruction = value(root, "ASK");
  task.success = value(root, "SOLVED");
  task.sgf = std::string(tree.text);
  task.only = root.find("ONLY") != nullptr;
  task.start_moves = static_cast<int>(game.moves().size());
  task.motif = value(root, "MOTIF");
  if (const std::string d = value(root, "DIFFICULTY"); !d.empty()) {
    if (d.size() != 1 || d[0] < '1' || d[0] > '5') return "DIFFICULTY[" + d + "] is not 1 to 5";
    task.difficulty = d[0] - '0';
  }
  if (const Markup::Property* vw = root.find("VW")) {
    task.view = view_of(*vw, game.size());
    if (!task.view) return "VW[] does not name points of the board";
  }
  for (const char* required : {"TASK", "GN", "ASK", "HINT", "SOLVED", "GOAL", "SHOWME"})
    if (!root.find(required) &&
        (!problem || required == std::string_view("GOAL") || required == std::string_view("SHOWME")))
      return std::string("the root has no ") + required + "[]";
  if (!root.find("SG") && !problem) return "the root has no SG[] naming the game";
  const std::vector<std::string> goals = values(root, "GOAL"), show = values(root, "SHOWME"),
                                 replies = values(root, "REPLY"), next = values(root, "NEXT");
  std::vector<std::string> hints = values(root, "HINT");
  if (problem) {
    if (task.id.empty()) task.id = "problem";
    if (task.instruction.empty())
      task.instruction =
          std::string(game.state().color_to_move() == Color::white ? "White" : "Black") + " to play.";
    if (task.success.empty()) task.success = "Solved.";
    if (hints.empty()) hints.push_back("Not this one.");
  }
  const size_t n = goals.size();
  if (show.size() != n)
    return "SHOWME has " + std::to_string(show.size()) + " turns for " + std::to_string(n) + " GOAL steps";
  if (replies.size() + 1 != n)
    return "REPLY has " + std::to_string(replies.size()) + " values; " + std::to_string(n) + " steps need " +
           std::to_string(n - 1);
  if (next.size() + 1 > n) return "NEXT has more values than there are steps after the first";
  if (hints.size() > n) return "HINT has more values than there are steps";
  task.hint = hints.front();
  for (size_t i = 0; i < n; ++i) {
    Step step;
    std::string error;
    std::optional<Goal> goal = parse_goal(goals[i], error);
    if (!goal) return "GOAL[" + goals[i] + "]: " + error;
    for (const std::string& turn : goal->turns)
      if (!parse_move(turn, game.size(), error)) return "GOAL[" + goals[i] + "]: " + error;
    step.goal = *goal;
    step.show_me = show[i];
    if (!parse_move(show[i], game.size(), error)) return "SHOWME[" + show[i] + "]: " + error;
    if (i + 1 < n) {
      step.replies = words_of(replies[i]);
      if (step.replies.empty())
        return "REPLY[] is empty: the other side must answer step " + std::to_string(i + 1);
      for (const std::string& reply : step.replies)
        if (!parse_move(reply, game.size(), error)) return "REPLY[" + replies[i] + "]: " + error;
    }
    if (i < next.size()) step.next = next[i];
    step.hint = i < hints.size() ? hints[i] : hints.back();
    task.steps.push_back(step);
    task.show_me.push_back(show[i]);
  }
  return {};
}

struct Builtin {
  std::map<std::string, std::vector<Task>, std::less<>> lessons, puzzles;
};

Builtin& builtin() {
  static Builtin tasks = [] {
    Builtin b;
    for (const TaskFile& file : task_files()) {
      const std::string_view path = file.path;  // "lessons/go.sgf"
      const size_t slash = path.find('/'), dot = path.rfind('.');
      const std::string kind(path.substr(0, slash)), game(path.substr(slash + 1, dot - slash - 1));
      std::string error;
      std::optional<std::vector<Task>> read = read_tasks(file.text, error, game);
      if (!read) continue;  // tests/test_teach.cpp reads every file and reports the error
      (kind == "lessons" ? b.lessons : b.puzzles)[game] = std::move(*read);
    }
    return b;
  }();
  return tasks;
}

const std::vector<Task>& find(const std::map<std::string, std::vector<Task>, std::less<>>& tasks,
                              std::string_view game) {
  static const std::vector<Task> none;
  auto it = tasks.find(game);
  return it == tasks.end() ? none : it->second;
}

}  // namespace

namespace {

// Plays `texts` on `game`, adding every point they place or change to `points`; false at a turn
// that does not read or is not legal.
bool play_noting(AnyGame& game, const std::vector<std::string>& texts, std::vector<Point>& points) {
  for (const std::string& text : texts) {
    std::string error;
    std::optional<Move> move = parse_move(text, game.size(), error);
    if (!move || game.play(*move) != Illegal::none) return false;
    for (int i = 0; i < move->count; ++i) points.push_back(move->points[static_cast<size_t>(i)]);
    points.insert(points.end(), game.last_changed().begin(), game.last_changed().end());
  }
  return true;
}

// A puzzle's view (VW[]) widened to every point its task involves (`task_points`) with a line to
// spare; no view when that is the board's width or height, or a line less (a zoom that shows
// nearly all of it only cuts the edge off).
void widen_view(Task& task) {
  if (!task.view) return;
  std::string error;
  std::optional<AnyGame> game = start(task, error);
  if (!game) return;
  const int n = game->size();
  BoardRect& r = *task.view;
  for (Point p : task_points(task)) {
    if (p < 0 || p >= n * n) continue;
    r = {std::min(r.first_column, p % n), std::min(r.first_row, p / n), std::max(r.last_column, p % n),
         std::max(r.last_row, p / n)};
  }
  r = {std::max(0, r.first_column - 1), std::max(0, r.first_row - 1), std::min(n - 1, r.last_column + 1),
       std::min(n - 1, r.last_row + 1)};
  if (std::max(r.last_column - r.first_column, r.last_row - r.first_row) + 2 >= n) task.view.reset();
}

}  // namespace

std::vector<Point> task_points(const Task& task) {
  std::string error;
  std::optional<AnyGame> game = start(task, error);
  if (!game) return {};
  std::vector<Point> points;
  const std::vector<Move>& record = game->moves();
  for (auto it = record.rbegin(); it != record.rend(); ++it)
    if (it->is_place()) {  // the last stone placed: the task names it ("White's G6 was a mistake")
      for (int i = 0; i < it->count; ++i) points.push_back(it->points[static_cast<size_t>(i)]);
      break;
    }
  AnyGame line = *game;
  for (size_t i = 0; i < task.steps.size(); ++i) {
    for (const WrongAnswer& wrong : task.wrong) {
      if (wrong.step != static_cast<int>(i)) continue;
      AnyGame refuted = line;
      std::vector<std::string> turns{wrong.turn};
      turns.insert(turns.end(), wrong.replies.begin(), wrong.replies.end());
      play_noting(refuted, turns, points);
    }
    std::vector<std::string> turns{task.steps[i].show_me};
    turns.insert(turns.end(), task.steps[i].replies.begin(), task.steps[i].replies.end());
    if (!play_noting(line, turns, points)) break;
  }
  return points;
}

namespace {

// One tree into a task: the tree without its answer branches is the start (`task_of`), the
// branches its wrong answers (`branches_into`). "" or what is wrong.
std::string task_of_tree(const SgfTree& tree, Task& task, bool problem = false) {
  std::vector<std::pair<size_t, size_t>> branches;
  if (branches_of(tree.text, branches) == std::string_view::npos) {
    std::string what = task_of(tree, task, problem);
    if (what.empty()) widen_view(task);
    return what;
  }
  std::string error;
  std::string cut_text(std::string(tree.text.substr(0, branches.front().first)) + ")");
  std::optional<SgfRecord> cut = read_sgf_with_markup(cut_text, error);
  if (!cut) return error;
  SgfTree trimmed{std::move(*cut), cut_text};
  std::string what = task_of(trimmed, task, problem);
  if (what.empty()) what = branches_into(tree.text, task);
  if (what.empty()) widen_view(task);
  return what;
}

}  // namespace

std::optional<std::vector<Task>> read_tasks(std::string_view text, std::string& error,
                                            std::string_view game) {
  std::optional<std::vector<SgfTree>> trees = read_sgf_collection(text, error);
  if (!trees) return std::nullopt;
  std::vector<Task> tasks;
  for (size_t i = 0; i < trees->size(); ++i) {
    Task task;
    std::string problem = task_of_tree((*trees)[i], task);
    const std::string name = "task " + std::to_string(i + 1) + (task.id.empty() ? "" : " '" + task.id + "'");
    if (problem.empty() && !game.empty() && task.game != game)
      problem = "is a " + task.game + " task in a file of " + std::string(game) + " tasks";
    if (!problem.empty()) {
      error = name + ": " + problem;
      return std::nullopt;
    }
    tasks.push_back(std::move(task));
  }
  return tasks;
}

namespace {

// A node that marks its line right: TE[] (SGF's "good move"), or a comment with "RIGHT"
// (GoProblems' word) or starting "Correct".
bool says_right(const Markup& node) {
  if (node.find("TE")) return true;
  if (node.comment.find("RIGHT") != std::string::npos) return true;
  std::string start(node.comment.substr(0, 7));
  for (char& c : start) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return start == "correct";
}

// Whether a node of `line` after its first `from` moves marks it right.
bool line_says_right(const SgfRecord& line, size_t from) {
  for (const Markup& node : line.nodes)
    if (node.moves > static_cast<int>(from) && says_right(node)) return true;
  return false;
}

// The comment of the node after `moves` moves of a line ("" when none).
std::string comment_at(const SgfRecord& line, int moves) {
  const Markup* node = markup_after(line.nodes, moves);
  return node ? node->comment : std::string();
}

// The first comment on a line at or after `moves` moves ("" when none).
std::string comment_from(const SgfRecord& line, size_t moves) {
  for (size_t m = moves; m <= line.game.moves().size(); ++m)
    if (std::string c = comment_at(line, static_cast<int>(m)); !c.empty()) return c;
  return {};
}

// The answer line's turns from `start` into steps: the reader's turns, the other side's replies.
void answer_steps(const std::vector<Move>& answer, size_t start, int size, Task& task) {
  for (size_t at = start; at < answer.size(); at += 2) {
    Step step;
    step.show_me = move_text(answer[at], size);
    step.goal.kind = Goal::Kind::play;
    step.goal.turns = {step.show_me};
    if (at + 2 < answer.size()) step.replies = {move_text(answer[at + 1], size)};
    task.steps.push_back(step);
    task.show_me.push_back(step.show_me);
  }
}

// Another line off the answer at the reader's turn: a wrong answer (the rest of the line its
// refutation), or, when it is marked right too and ends there on the last step, a second answer.
void other_line(const SgfRecord& line, const std::vector<Move>& answer, size_t start, Task& task) {
  const std::vector<Move>& moves = line.game.moves();
  const int size = line.game.size();
  size_t at = start;
  while (at < moves.size() && at < answer.size() && moves[at] == answer[at]) ++at;
  if (at >= moves.size() || (at - start) % 2 != 0 || at >= answer.size()) return;
  const std::string turn = move_text(moves[at], size);
  const int step = static_cast<int>((at - start) / 2);
  if (line_says_right(line, at)) {  // marked right after it leaves the answer
    if (at + 1 == answer.size() && at + 1 == moves.size()) task.steps.back().goal.turns.push_back(turn);
    return;
  }
  for (const WrongAnswer& other : task.wrong)
    if (other.turn == turn && other.step == step) return;
  WrongAnswer wrong{turn, {}, comment_from(line, at + 1), step};
  for (size_t i = at + 1; i < moves.size(); ++i) wrong.replies.push_back(move_text(moves[i], size));
  task.wrong.push_back(std::move(wrong));
}

// What a line of turns from `begin` does for the reader (to move in `begin`): whether it ends the
// game won by the reader, and the other side's stones lost minus the reader's by its end (removed
// or flipped: a flip is one lost and one gained, so it counts twice).
struct LineResult {
  bool won = false;
  int gain = 0;
};

LineResult result_of(const AnyGame& begin, const std::vector<Move>& turns) {
  const Color reader = begin.state().color_to_move();
  AnyGame game = begin;
  int gain = 0;
  for (const Move& turn : turns) {
    const bool by_reader = game.state().color_to_move() == reader;
    const int placed = turn.is_place() ? turn.count : 0;
    const int mine = stones_of(game, reader), theirs = stones_of(game, opponent(reader));
    if (game.play(turn) != Illegal::none) break;
    gain += (theirs + (by_reader ? 0 : placed) - stones_of(game, opponent(reader))) -
            (mine + (by_reader ? placed : 0) - stones_of(game, reader));
  }
  const bool over = game.state().is_over();
  return {over && game.state().outcome().winner_player == begin.state().to_move(), gain};
}

std::string stones_text(int n) {
  return n == 0 ? "no stone" : std::to_string(n) + (n == 1 ? " stone" : " stones");
}

// A problem without GOAL[] says no goal, so the engine measures what its lines do: when the
// answer's line wins the game, no wrong line may; when it takes stones, each wrong line (its
// refutation included) must take fewer; when it takes none, no wrong line may take any. "" or
// the first wrong line that does as well as the answer.
std::string answer_beats_wrong_lines(const Task& task, const AnyGame& begin,
                                     const std::vector<Move>& answer) {
  const std::vector<Move> answer_turns(answer.begin() + task.start_moves, answer.end());
  const LineResult right = result_of(begin, answer_turns);
  for (const WrongAnswer& wrong : task.wrong) {
    std::vector<Move> turns(answer_turns.begin(), answer_turns.begin() + 2 * wrong.step);
    std::string error;
    std::vector<std::string> texts{wrong.turn};
    texts.insert(texts.end(), wrong.replies.begin(), wrong.replies.end());
    for (const std::string& text : texts)
      if (std::optional<Move> move = parse_move(text, begin.size(), error)) turns.push_back(*move);
    const LineResult line = result_of(begin, turns);
    const std::string where = "wrong answer " + wrong.turn + " ";
    if (right.won && line.won) return where + "wins the game too, as the answer does";
    if (!right.won && right.gain > 0 && line.gain >= right.gain)
      return where + "takes " + stones_text(line.gain) + " by the end of its line, as many as the answer (" +
             stones_text(right.gain) + ")";
    if (!right.won && right.gain <= 0 && line.gain > 0)
      return where + "takes " + stones_text(line.gain) + " by the end of its line, the answer " +
             stones_text(std::max(0, right.gain)) +
             ": mark the right line right (TE[], or a comment saying RIGHT), or write the problem with "
             "GOAL[] "
             "(docs/lessons.md)";
  }
  return {};
}

// A problem written as SGF variations (read_problem). "" or what is wrong.
std::string tree_problem(std::string_view text, Task& task) {
  std::string error;
  std::optional<std::vector<SgfRecord>> lines = read_sgf_lines(text, error);
  if (!lines) return error;
  const AnyGame& first = lines->front().game;
  size_t start = first.moves().size();
  for (const SgfRecord& line : *lines) {
    size_t k = 0;
    while (k < start && k < line.game.moves().size() && line.game.moves()[k] == first.moves()[k]) ++k;
    start = k;
  }
  const SgfRecord* right = nullptr;
  for (const SgfRecord& line : *lines)
    if (!right && line_says_right(line, start)) right = &line;
  if (!right) {
    // A mark inside the moves every line shares: the right and wrong answers never part.
    for (const SgfRecord& line : *lines)
      if (line_says_right(line, 0))
        return "a variation is marked right, but every line plays the same first " + std::to_string(start) +
               (start == 1 ? " move" : " moves") +
               ": the right and wrong answers must differ at the reader's move";
    return "the root has no GOAL[] and no variation is marked right (TE[], or a comment saying RIGHT or "
           "Correct)";
  }
  GameRecord record = first.record();
  record.moves.resize(start);
  std::optional<AnyGame> begin = AnyGame::replay(record, error);
  if (!begin) return error;
  task.game = std::string(begin->name());
  task.sgf = write_sgf(*begin);
  task.start_moves = static_cast<int>(start);
  task.instruction = comment_at(*right, static_cast<int>(start));
  if (task.instruction.empty())
    task.instruction =
        std::string(begin->state().color_to_move() == Color::white ? "White" : "Black") + " to play.";
  const std::vector<Move>& answer = right->game.moves();
  answer_steps(answer, start, begin->size(), task);
  std::string success = comment_at(*right, static_cast<int>(answer.size()));
  if (size_t r = success.find("RIGHT"); r != std::string::npos) success.erase(r, 5);
  while (!success.empty() && std::string_view(" \n:.-").find(success.front()) != std::string_view::npos)
    success.erase(0, 1);
  task.success = success.empty() ? "Solved." : success;
  for (const SgfRecord& line : *lines)
    if (&line != right) other_line(line, answer, start, task);
  return answer_beats_wrong_lines(task, *begin, answer);
}

}  // namespace

std::optional<Task> read_problem(std::string_view text, std::string& error) {
  std::optional<std::vector<SgfTree>> trees = read_sgf_collection(text, error);
  if (!trees) return std::nullopt;
  if (trees->empty()) {
    error = "the SGF holds no game tree";
    return std::nullopt;
  }
  Task task;
  const Markup& root = trees->front().record.nodes.front();
  // Without GOAL[]: a problem written as variations (right and wrong lines), as SGF problem
  // collections write them.
  if (!root.find("GOAL")) {
    if (std::string problem = tree_problem(trees->front().text, task); !problem.empty()) {
      error = "problem: " + problem;
      return std::nullopt;
    }
    task.id = root.find("TASK") ? value(root, "TASK") : "problem";
    task.title = value(root, "GN");
    if (root.find("ASK")) task.instruction = value(root, "ASK");  // the author's words first
    task.hint = "Not this one.";
    for (Step& step : task.steps) step.hint = task.hint;
  } else if (std::string problem = task_of_tree(trees->front(), task, true); !problem.empty()) {
    error = "problem: " + problem;
    return std::nullopt;
  }
  if (std::vector<std::string> problems = verify(task, problem_check_positions); !problems.empty()) {
    error = "problem: " + problems.front();
    return std::nullopt;
  }
  return task;
}

const Task* find_task(std::string_view id) {
  for (const auto* tasks : {&builtin().lessons, &builtin().puzzles})
    for (const auto& [game, list] : *tasks)
      for (const Task& task : list)
        if (task.id == id) return &task;
  return nullptr;
}

const std::vector<Task>& lessons(std::string_view game) {
  return find(builtin().lessons, game);
}

const std::vector<Task>& puzzles(std::string_view game) {
  return find(builtin().puzzles, game);
}

bool add_puzzles(std::string_view game, std::string_view text, std::string& error) {
  auto& puzzles = builtin().puzzles;
  if (puzzles.find(game) != puzzles.end()) return true;
  std::optional<std::vector<Task>> read = read_tasks(text, error, game);
  if (!read) return false;
  if (read->empty()) {
    error = "no puzzles in the file";
    return false;
  }
  puzzles.emplace(std::string(game), std::move(*read));
  return true;
}

std::optional<AnyGame> start(const Task& task, std::string& error) {
  std::optional<SgfRecord> record = read_sgf_with_markup(task.sgf, error);
  if (!record) return std::nullopt;
  return std::move(record->game);
}

// --- verify --------------------------------------------------------------------------------

namespace {

// Each wrong answer of step `index` (`start` is the position there): a legal turn that misses
// the step's goal, refuted by legal turns.
void problems_of_wrong_answers(const Task& task, int index, const AnyGame& start,
                               std::vector<std::string>& problems, Effort* effort) {
  std::set<std::string> seen;
  for (const WrongAnswer& wrong : task.wrong) {
    if (wrong.step != index) continue;
    const std::string where = "wrong answer " + wrong.turn + ": ";
    std::string error;
    std::optional<Move> turn = parse_move(wrong.turn, start.size(), error);
    if (!turn || start.check(*turn) != Illegal::none) {
      problems.push_back(where + "not a legal turn");
      continue;
    }
    if (!seen.insert(wrong.turn).second) problems.push_back(where + "answered twice");
    if (meets(task.steps[index].goal, start, *turn, effort)) problems.push_back(where + "meets the goal");
    if (check(task, start, *turn, effort).kind != Verdict::Kind::refuted)
      problems.push_back(where + "not refuted by check");
    AnyGame after = start;
    after.play(*turn);
    for (const std::string& text : wrong.replies) {
      std::optional<Move> reply = parse_move(text, after.size(), error);
      if (!reply || after.play(*reply) != Illegal::none) {
        problems.push_back(where + "the refutation " + text + " is not legal");
        break;
      }
    }
  }
}

// The stones the show-me line takes (captures or flips) from the other side, replies played.
int line_takes(const Task& task) {
  std::string error;
  std::optional<AnyGame> game = start(task, error);
  if (!game) return 0;
  const Color mover = game->state().color_to_move();
  int taken = 0;
  for (const Step& step : task.steps) {
    std::optional<Move> turn = parse_move(step.show_me, game->size(), error);
    const int before = stones_of(*game, opponent(mover));
    if (!turn || game->play(*turn) != Illegal::none) break;
    taken += before - stones_of(*game, opponent(mover));
    for (const std::string& text : step.replies)
      if (std::optional<Move> reply = parse_move(text, game->size(), error)) game->play(*reply);
  }
  return taken;
}

// The number `text` says was taken ("... five stones captured", "One stone flipped"), or -1.
int said_taken(std::string_view text) {
  for (std::string_view verb : {" captured", " flipped"}) {
    const size_t at = text.find(verb);
    if (at == std::string_view::npos) continue;
    const size_t noun = text.rfind(" stone", at);
    if (noun == std::string_view::npos || noun + 8 < at) continue;
    const size_t begin = text.rfind(' ', noun - 1);
    std::string word(text.substr(begin == std::string_view::npos ? 0 : begin + 1,
                                 noun - (begin == std::string_view::npos ? 0 : begin + 1)));
    if (!word.empty()) word[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(word[0])));
    for (int n = 0; n <= 12; ++n)
      if (word == number_words[n]) return n;
    if (!word.empty() && word.find_first_not_of("0123456789") == std::string::npos) return std::stoi(word);
  }
  return -1;
}

// A puzzle's words must be true of its line: a goal one turn meets ends the puzzle (a second step
// follows only a chase or a win by force, which the task says take several turns); the success
// text counts what the line takes; a chase that takes more than its number says "at least".
void problems_of_words(const Task& task, std::vector<std::string>& problems) {
  if (task.id.find("-puzzle-") == std::string::npos) return;
  for (size_t i = 0; i + 1 < task.steps.size(); ++i) {
    const Goal& goal = task.steps[i].goal;
    if (goal.kind != Goal::Kind::chase && !(goal.kind == Goal::Kind::win && goal.count > 1))
      problems.push_back("step " + std::to_string(i + 1) + ": the goal '" + goal_text(goal) +
                         "' is met by one turn, so the puzzle ends there: a second step follows only a chase "
                         "or a win by force");
  }
  const int taken = line_takes(task);
  if (const int said = said_taken(task.success); said >= 0 && said != taken)
    problems.push_back("SOLVED says " + stones_word(said) + " taken; the line takes " + stones_word(taken));
  const Goal& first = task.steps.front().goal;
  if (first.kind == Goal::Kind::chase && taken > first.count &&
      task.instruction.find("at least") == std::string::npos)
    problems.push_back("ASK: the line takes " + stones_word(taken) + ", more than the chase's " +
                       std::to_string(first.count) + ": say 'at least'");
}

}  // namespace

std::vector<std::string> verify(const Task& task, long max_positions) {
  std::vector<std::string> problems;
  std::string error;
  std::optional<AnyGame> game = start(task, error);
  if (!game) return {error};
  if (game->state().is_over()) return {"the start position is a finished game"};
  Effort budget{max_positions};
  Effort* effort = max_positions > 0 ? &budget : nullptr;
  auto spent = [&](size_t i) {
    return "step " + std::to_string(i + 1) + ": checking the goal '" + goal_text(task.steps[i].goal) +
           "' took more than " + std::to_string(max_positions) +
           " positions, the most a problem may take: give a goal that looks less far ahead, or a smaller "
           "board";
  };
  for (size_t i = 0; i < task.steps.size(); ++i) {
    const Step& step = task.steps[i];
    const std::string where = "step " + std::to_string(i + 1) + ": ";
    std::optional<Move> show = parse_move(step.show_me, game->size(), error);
    // Every turn meeting the goal: the scripted replies must answer it; ONLY: it is show_me.
    // (Neither: nothing to check, and the search the goal may take is saved.)
    for (const Move& turn : task.only || !step.replies.empty() ? all_turns(*game) : std::vector<Move>{}) {
      if (!meets(step.goal, *game, turn, effort)) {
        if (budget.out()) return {spent(i)};
        continue;
      }
      const std::string text = move_text(turn, game->size());
      if (task.only && !(show && turn == *show))
        problems.push_back(where + text + " also meets the goal '" + goal_text(step.goal) + "'");
      if (check(task, *game, turn, effort).kind == Verdict::Kind::wrong)
        problems.push_back(where + "after " + text + " the scripted reply is not legal");
    }
    const Verdict verdict = check(task, *game, *show, effort);
    if (budget.out()) return {spent(i)};
    const Verdict::Kind wanted = i + 1 == task.steps.size() ? Verdict::Kind::solved : Verdict::Kind::go_on;
    if (verdict.kind != wanted) {
      problems.push_back(where + "show me " + step.show_me + " is refused: " + verdict.message);
      return problems;
    }
    problems_of_wrong_answers(task, static_cast<int>(i), *game, problems, effort);
    if (budget.out()) return {spent(i)};
    game->play(*show);
    for (const std::string& reply : verdict.replies) game->play(*parse_move(reply, game->size(), error));
  }
  for (const WrongAnswer& wrong : task.wrong)
    if (wrong.step < 0 || wrong.step >= static_cast<int>(task.steps.size()))
      problems.push_back("wrong answer " + wrong.turn + ": no step " + std::to_string(wrong.step + 1));
  problems_of_words(task, problems);
  return problems;
}

}  // namespace stonegrid::teach
