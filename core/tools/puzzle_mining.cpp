// Puzzles cut from played games (puzzle_mining.h). Read top down: board helpers, the goal a
// single answer meets, the motif detectors (one a game), the wrong answers and their sentences,
// difficulty and view, then the puzzle's SGF and the loop over a reviewed game.
#include "tools/puzzle_mining.h"

#include <algorithm>
#include <bitset>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>

#include "bot/bot.h"
#include "formats/sgf.h"
#include "rules/notation.h"

namespace stonegrid::teach {

// --- board helpers ---------------------------------------------------------------------------

namespace {

const char* const number_words[] = {"no",     "one",      "two",      "three",   "four",   "five",
                                    "six",    "seven",    "eight",    "nine",    "ten",    "eleven",
                                    "twelve", "thirteen", "fourteen", "fifteen", "sixteen"};

std::string number_word(int n) {
  return n >= 0 && n <= 16 ? number_words[n] : std::to_string(n);
}

std::string capitalised(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

std::string stones_text(int n) {
  return number_word(n) + (n == 1 ? " stone" : " stones");
}

std::string colour_word(Color c) {
  return c == Color::black ? "Black" : "White";
}

int count_of(const AnyGame& game, Color c) {
  int n = 0;
  for (Point p = 0; p < game.size() * game.size(); ++p) n += game.state().at(p) == c;
  return n;
}

// The chain through `p` (stones of its colour, orthogonally connected).
std::vector<Point> chain_at(const AnyGame& game, Point p) {
  const Color c = game.state().at(p);
  const Geometry& g = game.state().geometry();
  std::vector<Point> chain{p};
  std::vector<bool> seen(g.points, false);
  seen[p] = true;
  for (size_t i = 0; i < chain.size(); ++i)
    for (int k = 0; k < g.degree[chain[i]]; ++k) {
      const Point q = g.neighbours[chain[i]][k];
      if (!seen[q] && game.state().at(q) == c) {
        seen[q] = true;
        chain.push_back(q);
      }
    }
  return chain;
}

std::set<Point> liberties_of(const AnyGame& game, const std::vector<Point>& chain) {
  const Geometry& g = game.state().geometry();
  std::set<Point> libs;
  for (Point s : chain)
    for (int k = 0; k < g.degree[s]; ++k)
      if (game.state().at(g.neighbours[s][k]) == Color::empty) libs.insert(g.neighbours[s][k]);
  return libs;
}

// Distinct chains of colour `c` touching `p`, each by its smallest point.
std::set<Point> chains_next_to(const AnyGame& game, Point p, Color c) {
  const Geometry& g = game.state().geometry();
  std::set<Point> chains;
  for (int k = 0; k < g.degree[p]; ++k) {
    const Point q = g.neighbours[p][k];
    if (game.state().at(q) != c) continue;
    const std::vector<Point> chain = chain_at(game, q);
    chains.insert(*std::min_element(chain.begin(), chain.end()));
  }
  return chains;
}

// Chains of colour `c` with a stone on the edge.
int edge_chains(const AnyGame& game, Color c) {
  const Geometry& g = game.state().geometry();
  std::vector<bool> seen(g.points, false);
  int n = 0;
  for (Point p = 0; p < g.points; ++p) {
    if (seen[p] || game.state().at(p) != c) continue;
    bool edge = false;
    for (Point s : chain_at(game, p)) {
      seen[s] = true;
      edge = edge || g.on_edge(s);
    }
    n += edge;
  }
  return n;
}

// The points whose colour differs between two positions of one game.
std::vector<Point> changed(const AnyGame& a, const AnyGame& b) {
  std::vector<Point> out;
  for (Point p = 0; p < a.size() * a.size(); ++p)
    if (a.state().at(p) != b.state().at(p)) out.push_back(p);
  return out;
}

std::optional<double> lead_after(const AnyGame& game, Color mover) {
  const Score score = game.state().score();
  if (!score.defined) return std::nullopt;
  return mover == Color::black ? score.black - score.white : score.white - score.black;
}

// Where a point is, in a player's words: "in the top left", "at the bottom", "in the centre".
std::string region_of(const AnyGame& game, Point p) {
  if (game.facts().torus) return "";
  const int n = game.size(), c = p % n, r = p / n;
  const int col = c < n / 3 ? 0 : c >= n - n / 3 ? 2 : 1;
  const int row = r < n / 3 ? 0 : r >= n - n / 3 ? 2 : 1;
  static const char* const words[3][3] = {{"in the bottom left", "at the bottom", "in the bottom right"},
                                          {"on the left", "in the centre", "on the right"},
                                          {"in the top left", "at the top", "in the top right"}};
  return words[row][col];
}

}  // namespace

// --- the goal one answer meets -----------------------------------------------------------------

std::optional<Goal> unique_goal(const AnyGame& position, const Move& answer) {
  const std::vector<Move> turns = all_turns(position);
  auto only = [&](const Goal& goal) {
    if (!meets(goal, position, answer)) return false;
    for (const Move& turn : turns)
      if (!(turn == answer) && meets(goal, position, turn)) return false;
    return true;
  };
  Goal goal;
  goal.kind = Goal::Kind::win;
  goal.count = 1;
  if (only(goal)) return goal;
  // Two turns ahead is cheap enough only for one-stone turns on a torus's small boards.
  if (position.facts().torus && !position.state().is_over() && position.state().black_player() != 0 &&
      position.size() <= 9) {
    goal.count = 2;
    if (only(goal)) return goal;
  }
  AnyGame after = position;
  if (after.play(answer) != Illegal::none) return std::nullopt;
  const Color mover = position.state().color_to_move();
  const int taken = count_of(position, opponent(mover)) - count_of(after, opponent(mover));
  if (taken >= 1 && !position.facts().torus) {
    goal = Goal{Goal::Kind::capture, taken, {}, 1};
    if (only(goal)) return goal;
  }
  if (std::optional<double> lead = lead_after(after, mover); lead && *lead >= 1 && !position.facts().torus) {
    goal = Goal{Goal::Kind::lead, static_cast<int>(std::floor(*lead)), {}, 1};
    if (position.state().explain().counted && goal.count >= 1 && position.name() != "go" && only(goal))
      return goal;
  }
  goal = Goal{Goal::Kind::safe, 1, {}, 1};
  if (!position.facts().torus && only(goal)) return goal;
  return std::nullopt;
}

namespace {

// A turn that alone captures (flips) the most, or alone leads by the most on the count: the
// candidates for a puzzle whose answer is not the review's best move.
std::vector<Move> lone_best_turns(const AnyGame& position) {
  const Color mover = position.state().color_to_move();
  const int theirs = count_of(position, opponent(mover));
  std::vector<std::pair<int, Move>> taken;
  std::vector<std::pair<double, Move>> leads;
  for (const Move& turn : all_turns(position)) {
    if (!turn.is_place()) continue;
    AnyGame after = position;
    if (after.play(turn) != Illegal::none) continue;
    taken.emplace_back(theirs - count_of(after, opponent(mover)), turn);
    if (std::optional<double> lead = lead_after(after, mover)) leads.emplace_back(std::floor(*lead), turn);
  }
  std::vector<Move> out;
  auto lone_top = [&](auto& list) {
    if (list.empty()) return;
    std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    if (list[0].first > 0 && (list.size() == 1 || list[1].first < list[0].first))
      out.push_back(list[0].second);
  };
  lone_top(taken);
  lone_top(leads);
  return out;
}

}  // namespace

// --- motifs: what the answer does, one detector a game -----------------------------------------

namespace {

struct Motif {
  std::string word;                 // "capture", "false liberty", "the tax", ...
  std::vector<std::string> titles;  // best first
  std::string hint;                 // where to look, without giving the answer away
  std::string solved;               // what the answer did
};

struct Scene {
  const AnyGame& before;  // the puzzle's position
  const AnyGame& after;   // after the answer
  const Move& answer;
  const Goal& goal;
  Color mover;
  std::string where;  // region_of the answer ("" on the torus)
};

// The stems, then (when another puzzle took them) the stems with where it happens.
std::vector<std::string> with_places(const std::vector<std::string>& stems, const std::string& where) {
  std::vector<std::string> titles = stems;
  if (!where.empty())
    for (const std::string& s : stems) titles.push_back(s + " " + where);
  return titles;
}

// Go: captures (to escape, or many), escapes and connections.
Motif go_motif(const Scene& s) {
  const Geometry& g = s.before.state().geometry();
  const Point at = s.answer.point();
  if (s.goal.kind == Goal::Kind::capture) {
    bool rescues = false;
    for (Point q : changed(s.before, s.after)) {
      if (q == at) continue;
      for (int k = 0; k < g.degree[q]; ++k) {
        const Point r = g.neighbours[q][k];
        if (s.before.state().at(r) == s.mover && liberties_of(s.before, chain_at(s.before, r)).size() == 1)
          rescues = true;
      }
    }
    const std::string n = number_word(s.goal.count);
    if (rescues)
      return {"capture to escape",
              with_places({"Capture to escape", "Break out by capturing", "Take " + n + " to live"}, s.where),
              "One of your chains has a single liberty left. Attack is the best defence here.",
              "Captured, and your chain in atari is free again."};
    return {"capture",
            with_places({"Capture " + n, n == "one" ? "Take the stone" : capitalised(n) + " stones fall",
                         "Catch " + n},
                        s.where),
            "Count the liberties of the enemy chains near the last move.",
            capitalised(stones_text(s.goal.count)) + " captured."};
  }
  if (s.goal.kind == Goal::Kind::safe) {
    bool escapes = false;
    for (int k = 0; k < g.degree[at]; ++k) {
      const Point q = g.neighbours[at][k];
      if (s.before.state().at(q) == s.mover && liberties_of(s.before, chain_at(s.before, q)).size() == 1)
        escapes = true;
    }
    if (chains_next_to(s.before, at, s.mover).size() >= 2)
      return {"connect", with_places({"Connect", "Join up", "Tie the chains together"}, s.where),
              "Two of your chains are weak apart. Look where they almost touch.",
              "Connected: nothing of yours can be captured now."};
    if (escapes)
      return {"escape", with_places({"Run out of atari", "Escape", "Get out"}, s.where),
              "One of your chains has a single liberty. Give it more.",
              "Out of atari, and nothing else is weak."};
    return {"defend", with_places({"Mend the weakness", "Defend", "The only defence"}, s.where),
            "Find the point where the opponent would capture next, and take it first.",
            "Nothing of yours can be captured now."};
  }
  return {"win", with_places({"Win it", "Finish the game"}, s.where), "Look for the move that ends it.",
          "Won."};
}

// Square Squared: the tax (joining edge chains, or splitting the opponent's), edge captures.
Motif squaresquared_motif(const Scene& s) {
  const Color them = opponent(s.mover);
  const int own_before = edge_chains(s.before, s.mover), own_after = edge_chains(s.after, s.mover);
  const int their_before = edge_chains(s.before, them), their_after = edge_chains(s.after, them);
  const Geometry& g = s.before.state().geometry();
  const std::string n = number_word(s.goal.count);
  if (s.goal.kind == Goal::Kind::capture) {
    if (their_after > their_before)
      return {"the tax",
              with_places({"The tax bites", "Split the edge chain", "Make them pay twice"}, s.where),
              "Every edge chain pays a tax of 2. Can you cut one of the opponent's into two?",
              "Captured, and the opponent's edge chain is split: each half pays the tax."};
    bool on_edge = false;
    for (Point q : changed(s.before, s.after)) on_edge = on_edge || (q != s.answer.point() && g.on_edge(q));
    if (on_edge)
      return {
          "capture on the edge",
          with_places({"Edge capture", "Clear the edge", "Edge stones fall", "Take " + n + " from the edge"},
                      s.where),
          "Stones on the edge score. Which edge chain is short of liberties?",
          capitalised(stones_text(s.goal.count)) + " captured on the edge."};
    return {"capture", with_places({"Capture " + n, "Take " + n, capitalised(n) + " off the board"}, s.where),
            "Count the liberties of the chains near the last move.",
            capitalised(stones_text(s.goal.count)) + " captured."};
  }
  if (s.goal.kind == Goal::Kind::lead) {
    if (own_after < own_before)
      return {"joining edge chains",
              with_places({"Join the edge chains", "One tax, not two", "Save the tax"}, s.where),
              "Two of your edge chains each pay the tax of 2. One chain pays it once.",
              "Joined: one chain pays the tax once, not twice."};
    if (count_of(s.after, s.mover) <= count_of(s.before, s.mover))
      return {"sacrifice", with_places({"Give a stone", "The sacrifice"}, s.where),
              "A stone may be removed by its own move here. What would that change?",
              "The count swings your way."};
    if (their_after < their_before || count_of(s.after, them) < count_of(s.before, them))
      return {"capture", with_places({"Take and lead", "Capture for the lead"}, s.where),
              "Look for a capture that changes the count.", "The count is yours."};
    return {"the edge", with_places({"Along the edge", "Grow the edge chain", "Edge points count"}, s.where),
            "Only stones on the edge score. Where does one stone add the most?",
            "The best point on the edge: you lead by " + std::to_string(s.goal.count) + "."};
  }
  return {"defend", with_places({"Guard the edge", "Keep the chain", "Shut the door"}, s.where),
          "Find where the opponent would capture next, and take that point first.",
          "Nothing of yours can be captured now."};
}

// Loose: flips, through false liberties or of two chains at once.
Motif loose_motif(const Scene& s) {
  const Color them = opponent(s.mover);
  const std::string n = number_word(s.goal.count);
  if (s.goal.kind == Goal::Kind::capture || s.goal.kind == Goal::Kind::lead) {
    std::set<Point> flipped_chains;
    bool through_false = false;
    for (Point q : changed(s.before, s.after)) {
      if (q == s.answer.point() || s.before.state().at(q) != them) continue;
      const std::vector<Point> chain = chain_at(s.before, q);
      flipped_chains.insert(*std::min_element(chain.begin(), chain.end()));
      for (Point lib : liberties_of(s.before, chain))
        through_false = through_false || lib != s.answer.point();
    }
    if (flipped_chains.empty())
      return {"the count", with_places({"Count it out", "The best point"}, s.where),
              "Every stone counts. Where does one stone change the most?", "The best the count allows."};
    if (flipped_chains.size() >= 2)
      return {"double flip", with_places({"Two chains at once", "Double flip", "Flip them both"}, s.where),
              "One stone can take the last true liberty of two chains.",
              "Two chains flipped with one stone: " +
                  stones_text(count_of(s.before, them) - count_of(s.after, them)) + " change colour."};
    if (through_false)
      return {"false liberty",
              with_places({"A false liberty", "Not a real liberty", "Flip " + n + " through a false liberty"},
                          s.where),
              "An empty point with no empty neighbour, touching both colours, is no liberty at all.",
              "Flipped: the chain's other empty points were false liberties."};
    return {"flip",
            with_places({"Flip " + n,
                         s.goal.count == 1 ? "One stone changes colour" : capitalised(n) + " change colour",
                         "Turn " + n + " over"},
                        s.where),
            "Which chain is down to its last true liberty?",
            capitalised(stones_text(s.goal.count)) + " flipped to your colour."};
  }
  return {"keep a true liberty",
          with_places({"Keep a true liberty", "Out of reach", "Safe from flips"}, s.where),
          "A chain with one true liberty can be flipped. Which of yours is that short?",
          "No reply can flip a stone of yours now."};
}

// Which way a loop wraps the torus: "across" (every column), "up and down" (every row), or
// "spiral" (both: a diagonal walk).
std::string loop_way(const AnyGame& game, const std::bitset<max_points>& loop) {
  const int n = game.size();
  std::set<int> columns, rows;
  for (Point p = 0; p < n * n; ++p)
    if (loop[p]) {
      columns.insert(p % n);
      rows.insert(p / n);
    }
  const bool across = static_cast<int>(columns.size()) == n, up = static_cast<int>(rows.size()) == n;
  return across && up ? "spiral" : across ? "across" : "up and down";
}

// Looper: closing a loop, cutting the last one, double threats, the moment to take.
Motif looper_motif(const Scene& s) {
  if (s.answer.kind == Move::Kind::take)
    return {"the right moment to take",
            {"The right moment to take", "Take now", "Time to take", "Take the loop", "Grab it",
             "Seize the loop", "The loop is there", "Claim the ring", "Now or never", "Black is yours"},
            "Look at the black stones already on the board: do they wrap the torus?",
            "Taken: the ballot's stones already make a loop, and they are yours."};
  const std::bitset<max_points> loop = s.after.state().explain().loop;
  const std::string L = std::to_string(loop.count());
  if (s.goal.kind == Goal::Kind::win && s.goal.count == 1 && s.mover == Color::black) {
    const std::string way = loop_way(s.after, loop);
    std::vector<std::string> titles;
    if (way == "spiral")
      titles = {"Close the spiral", "A spiral of " + L, "Round and round", "The diagonal loop"};
    else
      titles = {"A loop " + way, "A loop of " + L + " " + way, "Close it " + way};
    for (const std::string& t : std::vector<std::string>{
             "A loop of " + L, "Close the loop", "The last link", "Around the torus", "Ring of " + L,
             "Close a loop of " + L, "Full circle", "All the way round", "The missing stone", "Wrap it up",
             "Tie the knot", "Join the ends", "Through the seam", "Round the world", "Last stone in"})
      titles.push_back(t);
    return {"closing a loop", titles,
            "Find where one black stone joins a chain to itself the long way round.",
            "The loop wraps the torus: Black wins."};
  }
  if (s.goal.kind == Goal::Kind::win && s.goal.count == 1)
    return {"cutting a loop",
            {"Cut the loop", "The last way round", "Block the wrap", "Seal the seam", "One cut ends it",
             "Cut the spiral", "No way round", "The only block", "Stop the ring", "Close the door",
             "The final cut", "Shut the last road", "Nowhere to go", "Break the ring", "Dead end"},
            "Black has exactly one way left around the torus. Where do all its routes meet?",
            "Cut: Black's stones and the empty points hold no loop any more."};
  if (s.mover == Color::black)
    return {
        "double threat",
        {"Two ways round", "A double threat", "Threaten twice", "Fork the torus", "Two loops in one",
         "One stone, two loops", "Block one, lose the other", "Two roads round", "Both ways at once",
         "Too many threats", "Two for one", "Either way", "No block for both", "The fork", "Two open roads"},
        "Find a stone that makes two loops possible at once: White can block only one.",
        "Two threats: whatever White blocks, Black closes the other."};
  return {"cutting twice",
          {"Cut twice", "Two cuts in one", "The double block", "Cut ahead", "Block, then block again"},
          "A cut now that leaves Black one way round, which the next cut ends.",
          "Whatever Black does, the next cut ends it."};
}

// The detector for a game, by its facts name: one line a game. A pass that wins (the other side
// passed, and the count is the mover's) is the same in every game.
Motif motif_of(const Scene& s) {
  if (s.answer.kind == Move::Kind::pass && s.goal.kind == Goal::Kind::win)
    return {"ending the game",
            {"Pass and win", "Count and win", "End it now", "The last pass", "Quit while ahead"},
            "Is anything left to play? Count the board as it stands.",
            "Two passes in a row end the game, and the count is yours."};
  static const std::map<std::string, std::function<Motif(const Scene&)>, std::less<>> detectors = {
      {"go", go_motif},
      {"squaresquared", squaresquared_motif},
      {"loose", loose_motif},
      {"looper", looper_motif},
  };
  auto it = detectors.find(s.before.name());
  if (it != detectors.end()) return it->second(s);
  return {"capture", with_places({"Find it"}, s.where), "Look near the last move.", "Solved."};
}

// --- the bot's reply, wrong answers and their sentences ----------------------------------------

struct Searched {
  Move best = Move::pass();
  double winrate = 0.5;  // the mover's
  std::vector<Move> top;
};

Searched search(const AnyGame& game, long long playouts, uint64_t seed, int top = 8) {
  Bot::Options o;
  o.seed = seed;
  o.resign_threshold = 0;
  o.playouts = playouts;
  Bot bot(o);
  bot.start(game, max_level);
  bot.think();
  Searched s;
  s.best = bot.move();
  const bot::Analysis a = bot.analysis(top);
  s.winrate = a.moves.empty() ? a.winrate : a.moves.front().winrate;
  for (const auto& m : a.moves) s.top.push_back(m.move);
  return s;
}

std::string percent(double x) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0f %%", 100 * x);
  return text;
}

// What the wrong turn fails to do, as the first half of the sentence.
std::string shortfall(const AnyGame& start, const AnyGame& after, const Move& wrong, const Goal& goal,
                      Color mover) {
  const std::string w = move_text(wrong, start.size());
  const bool loose = start.name() == "loose";
  const char* verb = loose ? "flips" : "captures";
  const int taken = count_of(start, opponent(mover)) - count_of(after, opponent(mover));
  switch (goal.kind) {
    case Goal::Kind::capture:
      if (taken <= 0) return w + (loose ? " flips nothing" : " captures nothing");
      return w + " " + verb + " only " + stones_text(taken);
    case Goal::Kind::lead: {
      const double lead = lead_after(after, mover).value_or(0);
      char text[64];
      std::snprintf(text, sizeof text, "%g", std::fabs(lead));
      if (lead < 0) return w + " leaves you " + text + " behind";
      if (lead == 0) return w + " leaves the count level, not you " + std::to_string(goal.count) + " ahead";
      return w + " leaves you " + text + " ahead, not " + std::to_string(goal.count);
    }
    case Goal::Kind::win:
      if (start.facts().torus && start.state().black_player() == 0) return w + " gives the take away";
      if (start.facts().torus)
        return w + (mover == Color::black ? (goal.count == 1 ? " closes no loop" : " makes only one threat")
                                          : " leaves Black a way round");
      return w + " does not win";
    case Goal::Kind::safe:
      return w + " leaves a weakness";
    case Goal::Kind::chase:
      return w + (loose ? " does not force the flip" : " does not force the capture");
    default:
      return w + " misses";
  }
}

// "the stone", "the three stones" (`whose`: "the", "your").
std::string the_stones(int n, const std::string& whose) {
  return n == 1 ? whose + " stone" : whose + " " + stones_text(n);
}

// The points where a black stone would close a loop next (Looper, White to move): a white stone
// elsewhere first, as White's turn would put one.
std::vector<Point> loop_threats(const AnyGame& game) {
  std::vector<Point> empty, out;
  for (Point p = 0; p < game.size() * game.size(); ++p)
    if (game.state().at(p) == Color::empty) empty.push_back(p);
  for (Point q : empty) {
    int tried = 0;
    for (size_t i = 0; i < empty.size() && tried < 2; ++i) {
      if (empty[i] == q) continue;
      ++tried;
      AnyGame next = game;
      if (next.play(Move::place(empty[i])) != Illegal::none || next.state().is_over()) continue;
      if (next.play(Move::place(q)) == Illegal::none && next.state().explain().loop.any()) {
        out.push_back(q);
        break;
      }
    }
  }
  return out;
}

// The points where a black stone closes a loop now (Black to move).
std::vector<Point> loop_closers(const AnyGame& game) {
  std::vector<Point> out;
  for (Point q = 0; q < game.size() * game.size(); ++q) {
    if (game.state().at(q) != Color::empty) continue;
    AnyGame next = game;
    if (next.play(Move::place(q)) == Illegal::none && next.state().explain().loop.any()) out.push_back(q);
  }
  return out;
}

// The most stones of `victim` that one stone of the other side takes in `game` were that side to
// move (in `game` it is, or `victim` passes first), and where; {0, no_point} when none.
std::pair<int, Point> biggest_threat(const AnyGame& game, Color victim) {
  AnyGame position = game;
  if (position.state().color_to_move() == victim && position.play(Move::pass()) != Illegal::none)
    return {0, no_point};
  std::pair<int, Point> best{0, no_point};
  const int stones = count_of(position, victim);
  for (const Move& turn : all_turns(position)) {
    if (!turn.is_place()) continue;
    AnyGame after = position;
    if (after.play(turn) != Illegal::none) continue;
    const int taken = stones - count_of(after, victim);
    if (taken > best.first) best = {taken, turn.point()};
  }
  return best;
}

// The stones of `victim` that the other side's stone at `at` would take in `game` (`victim`
// passing first when it is to move), named where they stand: "your stone at F4", "your two
// stones at F4 and F5", "your five stones at F4, F5, F6 and others" (never the empty point `at`).
std::string threatened_text(const AnyGame& game, Color victim, Point at) {
  AnyGame after = game;
  if (after.state().color_to_move() == victim) after.play(Move::pass());
  after.play(Move::place(at));
  const int n = game.size();
  std::vector<std::string> names;
  for (Point p = 0; p < n * n; ++p)
    if (game.state().at(p) == victim && after.state().at(p) != victim)
      names.push_back(move_text(Move::place(p), n));
  const int count = static_cast<int>(names.size());
  std::string where;
  for (int i = 0; i < std::min(count, 3); ++i)
    where += (i == 0 ? "" : (i == count - 1 ? " and " : ", ")) + names[i];
  if (count > 3) where += " and others";
  return the_stones(count, "your") + " at " + where;
}

// What the refutation does on the board, as the second half of the sentence: it wins, takes
// stones, saves what the answer would take, runs, threatens, joins edge chains, leads the count,
// or (Looper) threatens two loops or blocks the last one. Nullopt when it does none of these.
std::optional<std::string> refutation_text(const AnyGame& start, const Move& answer, const Goal& goal,
                                           const AnyGame& after_wrong, const AnyGame& refuted,
                                           const Move& reply) {
  const Color mover = start.state().color_to_move(), them = opponent(mover);
  const bool loose = start.name() == "loose";
  const std::string who = after_wrong.state().black_player() == 0 ? "your opponent" : colour_word(them);
  const std::string r = move_text(reply, after_wrong.size());
  const int n = start.size();
  auto at = [n](Point p) { return move_text(Move::place(p), n); };
  if (refuted.state().is_over() && refuted.state().outcome().winner_player == after_wrong.state().to_move()) {
    if (reply.kind == Move::Kind::take) return who + " takes and wins at once";
    if (after_wrong.facts().torus)
      return them == Color::black ? "Black closes a loop at " + r + " and wins"
                                  : "White cuts the last loop at " + r + " and wins";
    return who + "'s " + r + " wins the game";
  }
  if (!reply.is_place()) return std::nullopt;
  const int lost = count_of(after_wrong, mover) - count_of(refuted, mover);
  if (lost > 0)
    return who + "'s " + r + " " + (loose ? "flips " : "captures ") + number_word(lost) + " of your stones";
  if (after_wrong.facts().torus) {
    if (after_wrong.state().black_player() == 0) return std::nullopt;
    if (them == Color::black) {
      const std::vector<Point> threats = loop_threats(refuted);
      if (threats.size() >= 2)
        return "Black's " + r + " threatens two loops, at " + at(threats[0]) + " and " + at(threats[1]) +
               ", and White can block only one";
      if (threats.size() == 1) return "Black's " + r + " threatens to close a loop at " + at(threats[0]);
      return std::nullopt;
    }
    if (loop_closers(refuted).empty() && !loop_threats(after_wrong).empty())
      return "White's " + r + " blocks your way round: no black stone closes a loop next";
    return std::nullopt;
  }
  // What the answer would have taken, saved by the reply.
  AnyGame answered = start;
  answered.play(answer);
  const int would_take = count_of(start, them) - count_of(answered, them);
  if (would_take > 0) {
    AnyGame again = refuted;
    const int now = again.play(answer) == Illegal::none ? count_of(refuted, them) - count_of(again, them) : 0;
    if (now < would_take)
      return who + "'s " + r + " saves " + the_stones(would_take, "the") + " you could have " +
             (loose ? "flipped" : "captured");
  }
  if (goal.kind == Goal::Kind::chase && !loose) {
    const std::vector<Point> chain = chain_at(refuted, reply.point());
    const size_t libs = liberties_of(refuted, chain).size();
    if (chain.size() >= 2 && libs >= 3)
      return who + "'s " + r + " runs out: that chain has " + number_word(static_cast<int>(libs)) +
             " liberties now";
  }
  const std::pair<int, Point> threat = biggest_threat(refuted, mover);
  if (threat.first > 0) {
    const std::string stones = threatened_text(refuted, mover, threat.second);
    const std::string by = " by a move at " + at(threat.second);
    if (biggest_threat(after_wrong, mover).first >= threat.first)
      return "after " + who + "'s " + r + " " + stones + " can still be " + (loose ? "flipped" : "captured") +
             by;
    return who + "'s " + r + " threatens to " + (loose ? "flip " : "capture ") + stones + by;
  }
  if (start.name() == "squaresquared" && edge_chains(refuted, them) < edge_chains(after_wrong, them))
    return who + "'s " + r + " joins two of its edge chains, so it pays the tax once, not twice";
  if (std::optional<double> lead = lead_after(refuted, mover); lead && *lead < 0 && start.name() != "go") {
    char text[32];
    std::snprintf(text, sizeof text, "%g", -*lead);
    return "after " + who + "'s " + r + " you are " + text + " behind on the count";
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> wrong_sentence(const AnyGame& start, const Move& answer, const Goal& goal,
                                          const Move& wrong, const Move& reply) {
  AnyGame after = start;
  if (after.play(wrong) != Illegal::none) return std::nullopt;
  AnyGame refuted = after;
  if (refuted.play(reply) != Illegal::none) return std::nullopt;
  const std::optional<std::string> does = refutation_text(start, answer, goal, after, refuted, reply);
  if (!does) return std::nullopt;
  return capitalised(shortfall(start, after, wrong, goal, start.state().color_to_move())) + ", and " + *does +
         ".";
}

namespace {

struct Wrong {
  Move turn;
  Move reply;
  std::string why;
};

// Up to `options.wrong_answers` turns a solver might try, each with the bot's reply, kept when
// the reply shows the failure: it wins, takes stones, or leaves the solver at most `chances`
// less 0.2 (the answer keeps `chances`).
std::vector<Wrong> wrong_answers(const AnyGame& start, const Move& answer, const Goal& goal,
                                 const std::vector<Move>& suggested, double chances,
                                 const MineOptions& options) {
  const Color mover = start.state().color_to_move();
  std::vector<Move> tries;
  auto add = [&](const Move& m) {
    if (m == answer || !m.is_place() || std::find(tries.begin(), tries.end(), m) != tries.end()) return;
    if (start.check(m) != Illegal::none || meets(goal, start, m)) return;
    tries.push_back(m);
  };
  for (const Move& m : suggested) add(m);
  // Turns near the answer, which a solver looking at the right place would try.
  if (answer.is_place() && answer.count == 1) {
    const Geometry& g = start.state().geometry();
    for (int k = 0; k < g.degree[answer.point()]; ++k) {
      const Point q = g.neighbours[answer.point()][k];
      if (start.state().at(q) == Color::empty) add(Move::place(q));
    }
  }
  std::vector<Wrong> out;
  for (const Move& m : tries) {
    if (static_cast<int>(out.size()) >= options.wrong_answers) break;
    AnyGame after = start;
    after.play(m);
    if (after.state().is_over()) continue;
    const Searched reply = search(after, options.reply_playouts, options.seed ^ after.state().hash(), 1);
    if (!reply.best.is_place() && reply.best.kind != Move::Kind::take) continue;
    AnyGame refuted = after;
    if (refuted.play(reply.best) != Illegal::none) continue;
    const bool decisive =
        (refuted.state().is_over() && refuted.state().outcome().winner_player != start.state().to_move()) ||
        count_of(refuted, mover) < count_of(after, mover) || 1 - reply.winrate <= chances - 0.2;
    if (!decisive) continue;
    const std::optional<std::string> why = wrong_sentence(start, answer, goal, m, reply.best);
    if (!why) continue;
    out.push_back({m, reply.best, *why});
  }
  return out;
}

// --- difficulty and view ------------------------------------------------------------------------

// The fewest playouts (doubling from 25) after which the search's choice is the answer.
long long effort_for(const AnyGame& start, const Move& answer, uint64_t seed) {
  for (long long playouts = 25; playouts <= 6400; playouts *= 2)
    if (search(start, playouts, seed, 1).best == answer) return playouts;
  return 12800;
}

int difficulty_of(long long effort) {
  return effort <= 50 ? 1 : effort <= 200 ? 2 : effort <= 800 ? 3 : effort <= 3200 ? 4 : 5;
}

}  // namespace

int difficulty(const AnyGame& start, const Move& answer, uint64_t seed) {
  return difficulty_of(effort_for(start, answer, seed));
}

namespace {

// The rectangle holding `points` with a line to spare (to the edge when near it), at least 5
// wide and tall; nullopt when it would show most of the board anyway (or on the torus).
std::optional<BoardRect> view_around(const AnyGame& game, const std::vector<Point>& points) {
  const int n = game.size();
  if (game.facts().torus || n < 9 || points.empty()) return std::nullopt;
  BoardRect r{n, n, -1, -1};
  for (Point p : points)
    r = {std::min(r.first_column, p % n), std::min(r.first_row, p / n), std::max(r.last_column, p % n),
         std::max(r.last_row, p / n)};
  auto widen = [n](int& lo, int& hi) {
    lo = std::max(0, lo - 1);
    hi = std::min(n - 1, hi + 1);
    if (lo <= 1) lo = 0;
    if (hi >= n - 2) hi = n - 1;
    while (hi - lo + 1 < 5) {
      if (lo > 0) --lo;
      if (hi - lo + 1 < 5 && hi < n - 1) ++hi;
    }
  };
  widen(r.first_column, r.last_column);
  widen(r.first_row, r.last_row);
  const int width = r.last_column - r.first_column + 1, height = r.last_row - r.first_row + 1;
  if (width * height * 10 > n * n * 6) return std::nullopt;
  return r;
}

// --- the puzzle's SGF ------------------------------------------------------------------------------

std::string sgf_turn(const AnyGame& game, const Move& m) {
  const int n = game.size();
  if (m.kind == Move::Kind::take)
    return std::string(";XT[]XP[").append(std::to_string(game.state().to_move())).append(1, ']');
  if (game.state().black_player() == 0) {
    std::string out = ";XB";
    for (int i = 0; i < m.count; ++i) out.append(1, '[').append(sgf_point(m.points[i], n)).append(1, ']');
    return out + "XP[" + std::to_string(game.state().to_move()) + "]";
  }
  std::string out(game.state().color_to_move() == Color::white ? ";W[" : ";B[");
  if (m.is_place()) out.append(sgf_point(m.point(), n));
  return out.append(1, ']');
}

// The puzzle's start: the board before the mistake set up as stones, then the turns that give
// the right side the move, then the mistake itself (so the page marks it as the last move).
std::optional<AnyGame> start_of(const AnyGame& before, const Move& mistake, std::string& turns_sgf) {
  std::string error;
  GameRecord record = before.record();
  record.moves.clear();
  record.setup.clear();
  std::optional<AnyGame> game = AnyGame::replay(record, error);
  if (!game) return std::nullopt;
  const int points = before.size() * before.size();
  std::vector<Move> lead_in;
  Point held_back = no_point;  // a stone played as a turn rather than set up
  const Status status = before.state().status();
  if (before.facts().colors_by_take) {
    if (status.black_player == 0) {
      if (status.to_move == 2)  // player 1 must have a turn first: one black stone of the ballot
        for (Point p = 0; p < points && held_back == no_point; ++p)
          if (before.state().at(p) == Color::black) held_back = p;
      if (status.to_move == 2 && held_back == no_point) return std::nullopt;
      if (held_back != no_point) lead_in.push_back(Move::places(held_back));
    } else {
      lead_in.push_back(Move::take());
      if (status.color == Color::black) {  // White must move after the take: one white stone
        for (Point p = 0; p < points && held_back == no_point; ++p)
          if (before.state().at(p) == Color::white) held_back = p;
        if (held_back == no_point) return std::nullopt;
        lead_in.push_back(Move::place(held_back));
      }
    }
  } else if (status.color == Color::white) {
    lead_in.push_back(Move::pass());
  }
  for (Point p = 0; p < points; ++p)
    if (p != held_back && before.state().at(p) != Color::empty) game->setup(p, before.state().at(p));
  Point bad = no_point;
  if (!game->state().setup_fault(bad).empty()) return std::nullopt;
  lead_in.push_back(mistake);
  for (const Move& m : lead_in) {
    turns_sgf.append(1, '\n').append(sgf_turn(*game, m));
    if (game->play(m) != Illegal::none) return std::nullopt;
  }
  if (game->state().is_over()) return std::nullopt;
  AnyGame played = before;
  played.play(mistake);
  if (!changed(played, *game).empty()) return std::nullopt;  // the same board as the game's
  return game;
}

// What a goal asks, as the end of a sentence: "capture three stones."
std::string goal_phrase(const AnyGame& position, const Goal& goal) {
  switch (goal.kind) {
    case Goal::Kind::win:
      // Looper's win is no count: say what it is.
      return std::string(goal.count == 1 ? "win now" : "win within two turns, whatever the answer") +
             (position.name() == "looper"
                  ? " (Black wins with a loop around the board, White when Black can no longer make one)."
                  : ".");
    case Goal::Kind::capture:
      return std::string(position.name() == "loose" ? "flip " : "capture ") + stones_text(goal.count) + ".";
    case Goal::Kind::lead:
      return "lead by " + std::to_string(goal.count) + " on the count as the stones stand.";
    case Goal::Kind::safe:
      return "leave nothing of yours that can be " +
             std::string(position.name() == "loose" ? "flipped." : "captured.");
    case Goal::Kind::chase:
      // At least: a chase may take more than its number (the success text says what it took).
      return std::string(position.name() == "loose" ? "flip at least " : "capture at least ") +
             stones_text(goal.count) + " by force within " + number_word(goal.within) +
             " moves, every move " +
             (position.name() == "loose" ? "leaving a chain one true liberty or flipping."
                                         : "an atari or a capture.");
    default:
      return "find the only move.";
  }
}

std::string ask_text(const AnyGame& start, const Move& mistake, const std::string& verdict,
                     const Goal& goal) {
  const Color mover = start.state().color_to_move();
  const bool ballot = start.state().black_player() == 0;
  const std::string who = ballot ? "Player " + std::to_string(start.state().to_move()) : colour_word(mover);
  const std::string them =
      ballot ? "Player " + std::to_string(3 - start.state().to_move()) : colour_word(opponent(mover));
  if (verdict == "played")
    return them + " played " + move_text(mistake, start.size()) + ". " + who +
           " to play: " + goal_phrase(start, goal);
  return them + "'s " + move_text(mistake, start.size()) +
         (verdict.empty() ? " was not the best." : " was " + verdict + ".") + " " + who +
         " to play: " + goal_phrase(start, goal);
}

// The forced line's further steps: after the answer, the other side's reply, then again exactly
// one turn meeting a goal. Empty for a one-step puzzle.
struct LineStep {
  Move reply, answer;
  Goal goal;
  Motif motif;
};
using Line = std::vector<LineStep>;

// A second step: the bot's reply (the natural one), then the bot's choice, keeping the win.
Line second_step(const AnyGame& start, const Move& answer, const MineOptions& options) {
  AnyGame after = start;
  after.play(answer);
  if (after.state().is_over()) return {};
  const Move reply = search(after, options.reply_playouts, options.seed ^ after.state().hash(), 1).best;
  if (!reply.is_place() && reply.kind != Move::Kind::take) return {};
  AnyGame next = after;
  if (next.play(reply) != Illegal::none || next.state().is_over()) return {};
  const Searched best = search(next, options.review_playouts, options.seed ^ next.state().hash(), 1);
  if (best.winrate < options.keeps || !best.best.is_place()) return {};
  std::optional<Goal> goal = unique_goal(next, best.best);
  if (!goal) return {};
  AnyGame done = next;
  done.play(best.best);
  const Scene scene{
      next, done, best.best, *goal, next.state().color_to_move(), region_of(next, best.best.point())};
  return {LineStep{reply, best.best, *goal, motif_of(scene)}};
}

// --- chases: ladders, snapbacks and other forced captures ---------------------------------------

std::optional<Goal> chase_goal_within(const AnyGame& position, const Move& answer);

// The chase goal `answer` alone meets in `position` (Goal::Kind::chase, two turns or more: the
// fewest that do, then the most stones), or nullopt.
std::optional<Goal> chase_goal(const AnyGame& position, const Move& answer) {
  if (position.facts().torus || !answer.is_place()) return std::nullopt;
  std::optional<Goal> goal = chase_goal_within(position, answer);
  return chase_budget_spent() ? std::nullopt : goal;
}

std::optional<Goal> chase_goal_within(const AnyGame& position, const Move& answer) {
  Goal goal{Goal::Kind::chase, 1, {}, 1};
  for (goal.within = 2; goal.within <= 7; ++goal.within)
    if (meets(goal, position, answer)) break;
  if (goal.within > 7) return std::nullopt;
  while (goal.count < 60 && meets(Goal{Goal::Kind::chase, goal.count + 1, {}, goal.within}, position, answer))
    ++goal.count;
  for (const Move& turn : all_turns(position))
    if (!(turn == answer) && meets(goal, position, turn)) return std::nullopt;
  return goal;
}

// The turns of a chase left after `reply`: the fewest (1 to `most`) within which the mover still
// captures `need`; 0 when none does.
int chase_left(const AnyGame& answered, int need, int most) {
  for (int k = 1; k <= most; ++k)
    if (can_chase(answered, need, k)) return k;
  return 0;
}

std::optional<Line> chase_line_within(const AnyGame& start, const Move& answer, const Goal& goal,
                                      const MineOptions& options);

// The rest of a chase after its first turn: each reply the one that runs longest (the bot's
// choice among those), then the one turn that goes on (the last step a plain capture). Nullopt
// when a step has two answers.
std::optional<Line> chase_line(const AnyGame& start, const Move& answer, const Goal& goal,
                               const MineOptions& options) {
  set_chase_budget(200000);  // find_chase's limit, once more for the line
  std::optional<Line> line = chase_line_within(start, answer, goal, options);
  return chase_budget_spent() ? std::nullopt : line;
}

std::optional<Line> chase_line_within(const AnyGame& start, const Move& answer, const Goal& goal,
                                      const MineOptions& options) {
  Line line;
  AnyGame position = start;
  Move turn = answer;
  Goal step_goal = goal;
  const Color mover = start.state().color_to_move();
  for (;;) {
    AnyGame after = position;
    after.play(turn);
    const int need =
        step_goal.count - (count_of(position, opponent(mover)) - count_of(after, opponent(mover)));
    if (need <= 0 || step_goal.kind != Goal::Kind::chase) return line;
    const Move natural = search(after, options.reply_playouts, options.seed ^ after.state().hash(), 1).best;
    Move reply = Move::pass();
    int longest = 0;
    for (const Move& r : all_turns(after)) {
      AnyGame answered = after;
      if (answered.play(r) != Illegal::none || answered.state().is_over()) continue;
      const int left = chase_left(answered, need, step_goal.within - 1);
      if (left > longest || (left == longest && (r == natural || !reply.is_place()) && r.is_place())) {
        longest = left;
        reply = r;
      }
    }
    if (longest == 0) return std::nullopt;
    AnyGame next = after;
    next.play(reply);
    Goal next_goal =
        longest == 1 ? Goal{Goal::Kind::capture, need, {}, 1} : Goal{Goal::Kind::chase, need, {}, longest};
    std::optional<Move> only;
    for (const Move& m : all_turns(next))
      if (meets(next_goal, next, m)) {
        if (only) return std::nullopt;
        only = m;
      }
    if (!only) return std::nullopt;
    line.push_back(LineStep{reply, *only, next_goal, {}});
    position = next;
    turn = *only;
    step_goal = next_goal;
  }
}

// What a chase is, from its line: a snapback (the first stone is taken, then more are taken
// back), a ladder (three turns or more, each reply running on with two liberties), or a chase.
Motif chase_motif(const AnyGame& start, const Move& answer, const Line& line, const std::string& where) {
  const bool loose = start.name() == "loose";
  const Color mover = start.state().color_to_move();
  AnyGame game = start;
  // What the line takes, not the goal's number (a chase takes at least that many).
  int total = count_of(game, opponent(mover));
  game.play(answer);
  total -= count_of(game, opponent(mover));
  bool snapback = false, ladder = line.size() >= 2;
  for (size_t i = 0; i < line.size(); ++i) {
    const int mine = count_of(game, mover);
    game.play(line[i].reply);
    if (i == 0 && !loose && count_of(game, mover) < mine && game.state().at(answer.point()) == Color::empty)
      snapback = true;
    if (i + 1 < line.size()) {
      const std::vector<Point> chain = chain_at(game, line[i].reply.point());
      ladder = ladder && chain.size() >= 2 && liberties_of(game, chain).size() == 2;
    }
    const int theirs = count_of(game, opponent(mover));
    game.play(line[i].answer);
    total += theirs - count_of(game, opponent(mover));
  }
  const std::string n = number_word(total), stones = stones_text(total);
  if (snapback)
    return {"snapback",
            with_places({"Snapback", "Throw in, take back", "The snapback", "Give one, take " + n}, where),
            "Sometimes the best stone is one the opponent can capture. What happens after they do?",
            "Snapback: the stone you gave was taken, and " + stones + " came back in return."};
  if (ladder)
    return {
        "ladder",
        with_places({"The ladder", "Down the ladder", "Up the stairs", "Ladder to the edge",
                     loose ? "One true liberty all the way" : "Atari all the way"},
                    where),
        loose
            ? "Leave the chain one true liberty, from the side that drives it toward your stones or the edge."
            : "Put the chain in atari from the side that drives it toward your stones or the edge.",
        "The ladder ran to the end: " + stones + (loose ? " flipped." : " captured.")};
  return {"chase",
          with_places({loose ? "Flip after flip" : "Atari after atari", "Chase it down", "No escape",
                       "Run it down", "The net closes"},
                      where),
          loose ? "Leave the chain one true liberty with every move, so each reply is forced."
                : "Threaten a capture with every move, so each reply is forced.",
          capitalised(stones) + (loose ? " flipped" : " captured") + " by force, in " +
              number_word(static_cast<int>(line.size()) + 1) + " moves."};
}

// The hint and success words of a chase's later steps.
void word_chase_steps(const AnyGame& start, Line& line, const Motif& first) {
  const bool loose = start.name() == "loose";
  for (LineStep& step : line) {
    step.motif = first;
    step.motif.hint = step.goal.kind == Goal::Kind::chase
                          ? (loose ? "Again: leave it one true liberty, from the side it runs to."
                                   : "Again: atari from the side it runs to.")
                          : (loose ? "Flip it now." : "Capture it now.");
  }
}

// An SGF property value: "[text]".
std::string bracketed(const std::string& text) {
  std::string out;
  out.reserve(text.size() + 2);
  out.push_back('[');
  out.append(text);
  out.push_back(']');
  return out;
}

std::string root_of(const AnyGame& start, const std::string& id, const Motif& motif, const std::string& ask,
                    const Goal& goal, const Move& answer, int difficulty,
                    const std::optional<BoardRect>& view, const Line& more) {
  const int n = start.size();
  std::string out = "(;GM[1]FF[4]CA[UTF-8]SG[" + std::string(start.name()) + "]SZ[" + std::to_string(n) + "]";
  if (start.facts().has_komi) out += "KM[" + format_number(start.komi()) + "]";
  out += "\nTASK[" + id + "]GN[" + escape_sgf_text(motif.titles.front()) + "]";
  if (motif.titles.size() > 1) {
    out += "ALT";
    for (size_t i = 1; i < motif.titles.size(); ++i)
      out.append(1, '[').append(escape_sgf_text(motif.titles[i])).append(1, ']');
  }
  out += "\nMOTIF[" + escape_sgf_text(motif.word) + "]DIFFICULTY[" + std::to_string(difficulty) + "]";
  if (view)
    out += "VW[" + sgf_point(view->last_row * n + view->first_column, n) + ":" +
           sgf_point(view->first_row * n + view->last_column, n) + "]";
  std::string black, white;
  for (const auto& [p, c] : start.record().setup)
    (c == Color::black ? black : white).append(1, '[').append(sgf_point(p, n)).append(1, ']');
  if (!black.empty()) out += "\nAB" + black;
  if (!white.empty()) out += "\nAW" + white;
  out += "\nASK[" + escape_sgf_text(ask) + "]\nHINT[" + escape_sgf_text(motif.hint) + "]";
  for (const LineStep& step : more) out += bracketed(escape_sgf_text(step.motif.hint));
  out += "\nSOLVED[" + escape_sgf_text(more.empty() ? motif.solved : more.back().motif.solved) + "]\nGOAL[" +
         goal_text(goal) + "]";
  for (const LineStep& step : more) out += bracketed(goal_text(step.goal));
  out += "SHOWME[" + move_text(answer, n) + "]";
  if (!more.empty()) {
    AnyGame after = start;
    after.play(answer);
    const bool ballot = after.state().black_player() == 0;
    const std::string them = ballot ? "Your opponent" : colour_word(after.state().color_to_move());
    std::string replies = "REPLY", next = "NEXT";
    for (const LineStep& step : more) {
      out += bracketed(move_text(step.answer, n));
      replies += bracketed(move_text(step.reply, n));
      next += bracketed(escape_sgf_text(them + " answers " + move_text(step.reply, n) +
                                        ". Your turn: " + goal_phrase(start, step.goal)));
    }
    out += replies + next;
  }
  return out + "ONLY[]";
}

}  // namespace

std::optional<BoardRect> puzzle_view(const AnyGame& position, const Move& answer) {
  return line_view(position, {answer});
}

std::optional<BoardRect> line_view(const AnyGame& position, const std::vector<Move>& turns) {
  if (turns.empty() || !turns.front().is_place() || turns.front().count != 1) return std::nullopt;
  const Move& answer = turns.front();
  std::vector<Point> action;
  const Geometry& g = position.state().geometry();
  for (int k = 0; k < g.degree[answer.point()]; ++k) {
    const Point q = g.neighbours[answer.point()][k];
    if (position.state().at(q) == Color::empty) continue;
    for (Point s : chain_at(position, q)) action.push_back(s);
  }
  AnyGame game = position;
  for (const Move& turn : turns) {
    AnyGame next = game;
    if (next.play(turn) != Illegal::none) return std::nullopt;
    if (turn.is_place()) action.push_back(turn.point());
    for (Point p : changed(game, next)) action.push_back(p);
    game = next;
  }
  return view_around(position, action);
}

namespace {

// What a puzzle gets besides its position and goal: the motif, the search effort, the view, and
// its answer's and wrong answers' branches as SGF variations.
struct Decorations {
  Motif motif;
  long long effort = 0;
  std::optional<BoardRect> view;
  std::string branches;
};

Decorations decorations(const AnyGame& start, const Move& answer, const Goal& goal, double chances,
                        const MineOptions& options, const std::optional<Motif>& given = std::nullopt) {
  AnyGame after = start;
  after.play(answer);
  const Color mover = start.state().color_to_move();
  const Scene scene{start, after, answer,
                    goal,  mover, answer.is_place() ? region_of(start, answer.point()) : ""};
  Decorations d;
  d.motif = given ? *given : motif_of(scene);
  char chance_text[96];
  std::snprintf(chance_text, sizeof chance_text, " The bot gives %s %s from here.",
                start.state().black_player() == 0 ? "you" : colour_word(mover).c_str(),
                percent(chances).c_str());
  d.motif.solved += chance_text;
  const Searched looked = search(start, options.reply_playouts, options.seed ^ start.state().hash());
  const std::vector<Wrong> wrong = wrong_answers(start, answer, goal, looked.top, chances, options);
  d.effort = effort_for(start, answer, options.seed);
  d.view = puzzle_view(start, answer);
  // The answer's branch (for SGF viewers), then the wrong ones.
  d.branches =
      "\n(" + sgf_turn(start, answer) + "TE[1]C[" + escape_sgf_text("Correct. " + d.motif.solved) + "])";
  for (const Wrong& w : wrong) {
    AnyGame a = start;
    std::string branch = sgf_turn(a, w.turn) + "BM[1]C[" + escape_sgf_text(w.why) + "]";
    a.play(w.turn);
    branch += sgf_turn(a, w.reply);
    d.branches += "\n(" + branch + ")";
  }
  return d;
}

}  // namespace

std::optional<PuzzleWords> words_of(const Task& task) {
  std::string error;
  std::optional<AnyGame> start = teach::start(task, error);
  if (!start || task.steps.empty()) return std::nullopt;
  std::optional<Move> answer = parse_move(task.show_me.front(), start->size(), error);
  AnyGame after = *start;
  if (!answer || after.play(*answer) != Illegal::none) return std::nullopt;
  const Scene scene{*start,
                    after,
                    *answer,
                    task.steps.front().goal,
                    start->state().color_to_move(),
                    answer->is_place() ? region_of(*start, answer->point()) : ""};
  if (task.steps.front().goal.kind == Goal::Kind::chase) {  // the line is the task's steps
    Line line;
    AnyGame game = after;
    for (size_t i = 1; i < task.steps.size(); ++i) {
      if (task.steps[i - 1].replies.empty()) return std::nullopt;
      std::optional<Move> reply = parse_move(task.steps[i - 1].replies.front(), game.size(), error);
      if (!reply || game.play(*reply) != Illegal::none) return std::nullopt;
      std::optional<Move> turn = parse_move(task.show_me[i], game.size(), error);
      if (!turn || game.play(*turn) != Illegal::none) return std::nullopt;
      line.push_back(LineStep{*reply, *turn, task.steps[i].goal, {}});
    }
    const Motif m = chase_motif(*start, *answer, line, scene.where);
    return PuzzleWords{m.word, m.titles, m.hint, m.solved};
  }
  const Motif m = motif_of(scene);
  return PuzzleWords{m.word, m.titles, m.hint, m.solved};
}

// --- one puzzle ---------------------------------------------------------------------------------

namespace {

// A chase the solver starts in `start` (ladders, snapbacks): the review's best turn, or another
// that the search says keeps the win about as well; its goal, line and motif.
struct Chase {
  Move answer;
  Goal goal;
  Line line;
  Motif motif;
  double chances;
};

std::optional<Chase> find_chase(const AnyGame& start, const Move& best, double chances,
                                const MineOptions& options) {
  if (start.facts().torus) return std::nullopt;
  std::vector<Move> tries{best};
  for (const Move& turn : all_turns(start))
    if (turn.is_place() && !(turn == best)) tries.push_back(turn);
  struct Budget {  // a tangle of threats costs too much to read out: no chase then
    Budget() { set_chase_budget(100000); }
    ~Budget() { set_chase_budget(-1); }
  } budget;
  for (const Move& answer : tries) {
    std::optional<Goal> goal = chase_goal(start, answer);
    if (chase_budget_spent()) return std::nullopt;
    if (!goal) continue;
    double kept = chances;
    if (!(answer == best)) {
      AnyGame after = start;
      after.play(answer);
      kept = 1 - search(after, options.review_playouts, options.seed ^ after.state().hash(), 1).winrate;
      if (kept < options.keeps || kept < chances - 0.1) continue;
    }
    std::optional<Line> line = chase_line(start, answer, *goal, options);
    if (!line || line->empty()) continue;
    Motif motif = chase_motif(start, answer, *line, region_of(start, answer.point()));
    word_chase_steps(start, *line, motif);
    return Chase{answer, *goal, *line, motif, kept};
  }
  return std::nullopt;
}

// The solver's turns and the replies of a line, in order.
std::vector<Move> line_turns(const Move& answer, const Line& line) {
  std::vector<Move> turns{answer};
  for (const LineStep& step : line) {
    turns.push_back(step.reply);
    turns.push_back(step.answer);
  }
  return turns;
}

}  // namespace

std::optional<Candidate> make_puzzle(const AnyGame& before, const Move& mistake, const std::string& verdict,
                                     const Move& best, double chances, const MineOptions& options,
                                     const std::string& id) {
  std::string turns_sgf;
  Move answer = best;
  std::optional<AnyGame> start = start_of(before, mistake, turns_sgf);
  if (!start || start->check(answer) != Illegal::none) return std::nullopt;
  // A chase first: its line is forced for several turns.
  std::optional<Chase> chase = find_chase(*start, best, chances, options);
  std::optional<Goal> goal;
  if (chase) {
    goal = chase->goal;
    answer = chase->answer;
    chances = chase->chances;
  } else if (!options.chase_only) {
    goal = unique_goal(*start, answer);
  }
  if (!goal && !start->facts().torus && !options.chase_only) {
    // Not the review's best, but alone in capturing (or leading by) the most: a puzzle when the
    // search says it keeps the win about as well.
    for (const Move& other : lone_best_turns(*start)) {
      std::optional<Goal> g = unique_goal(*start, other);
      if (!g || other == answer) continue;
      AnyGame after = *start;
      after.play(other);
      const double kept =
          1 - search(after, options.review_playouts, options.seed ^ after.state().hash(), 1).winrate;
      if (kept >= options.keeps && kept >= chances - 0.1) {
        goal = g;
        answer = other;
        chances = kept;
        break;
      }
    }
  }
  if (std::getenv("STONEGRID_MINE_DEBUG"))
    std::fprintf(stderr, "  after %s: answer %s, %s\n", move_text(mistake, before.size()).c_str(),
                 move_text(answer, before.size()).c_str(),
                 goal ? goal_text(*goal).c_str() : "no unique goal");
  if (!goal || answer.kind == Move::Kind::pass) return std::nullopt;  // a pass is no move to find
  const Decorations d = decorations(*start, answer, *goal, chances, options,
                                    chase ? std::optional<Motif>(chase->motif) : std::nullopt);
  // A goal one turn meets ends the puzzle (teach's verify): a second step only after a win by
  // force, whose task says it takes two turns.
  const bool forced_win = goal->kind == Goal::Kind::win && goal->count > 1;
  const Line more = chase ? chase->line : forced_win ? second_step(*start, answer, options) : Line{};
  Candidate c;
  c.motif = d.motif.word;
  c.titles = d.motif.titles;
  c.effort = d.effort;  // the first turn's: choosing it means reading the line
  c.difficulty = difficulty_of(c.effort);
  std::optional<BoardRect> view = d.view;
  if (!more.empty()) view = line_view(*start, line_turns(answer, more));
  std::string sgf = root_of(*start, id, d.motif, ask_text(*start, mistake, verdict, *goal), *goal, answer,
                            c.difficulty, view, more);
  sgf += "C[Mined: the answer needs " + std::to_string(c.effort) + " playouts.]";
  std::string branches = d.branches;
  if (!more.empty()) {  // the answer's branch shows the whole line
    AnyGame line = *start;
    line.play(answer);
    std::string rest;
    for (const LineStep& step : more) {
      rest += sgf_turn(line, step.reply);
      line.play(step.reply);
      rest += sgf_turn(line, step.answer);
      line.play(step.answer);
    }
    const size_t next = branches.find("\n(", 1);  // the first branch (the answer's) ends before it
    branches.insert((next == std::string::npos ? branches.size() : next) - 1, rest);
  }
  c.sgf = sgf + turns_sgf + branches + ")\n";
  return c;
}

std::optional<Candidate> decorate(const Task& task, const MineOptions& options) {
  std::string error;
  std::optional<AnyGame> start = teach::start(task, error);
  if (!start || task.steps.empty()) return std::nullopt;
  std::optional<Move> answer = parse_move(task.show_me.front(), start->size(), error);
  if (!answer) return std::nullopt;
  AnyGame after = *start;
  if (after.play(*answer) != Illegal::none) return std::nullopt;
  const double chances =
      after.state().is_over()
          ? (after.state().outcome().winner_player == start->state().to_move() ? 1.0 : 0.0)
          : 1 - search(after, options.review_playouts, options.seed ^ after.state().hash(), 1).winrate;
  const Decorations d = decorations(*start, *answer, task.steps.front().goal, chances, options);
  Candidate c;
  c.motif = d.motif.word;
  c.titles = d.motif.titles;
  c.effort = d.effort;
  c.difficulty = difficulty_of(d.effort);
  std::string sgf = task.sgf;
  const size_t close = sgf.rfind(')');
  std::string root =
      "MOTIF[" + escape_sgf_text(c.motif) + "]DIFFICULTY[" + std::to_string(c.difficulty) + "]";
  if (c.titles.size() > 1) {
    root += "ALT";
    for (size_t i = 1; i < c.titles.size(); ++i)
      root.append(1, '[').append(escape_sgf_text(c.titles[i])).append(1, ']');
  }
  root += "\n";
  sgf.insert(close, d.branches);
  const size_t ask = sgf.find("\nASK[");  // the line after TASK and GN
  if (ask == std::string::npos) return std::nullopt;
  sgf.insert(ask + 1, root);
  const size_t gn = sgf.find("GN[");
  sgf.replace(gn + 3, sgf.find(']', gn) - gn - 3, escape_sgf_text(c.titles.front()));
  c.sgf = sgf + "\n";
  return c;
}

// --- a game and its mistakes ---------------------------------------------------------------------

AnyGame bot_game(const AnyGame& empty, int level_first, int level_second, uint64_t seed, int max_turns) {
  AnyGame game = empty;
  Bot::Options o;
  o.seed = seed;
  o.resign_threshold = 0;
  Bot bots[2] = {Bot(o), Bot(o)};
  for (int turn = 0; turn < max_turns && !game.state().is_over(); ++turn) {
    const int player = game.state().to_move();
    Bot& bot = bots[player - 1];
    bot.start(game, player == 1 ? level_first : level_second);
    bot.think();
    const Move m = bot.move();
    if (m.kind == Move::Kind::resign || game.play(m) != Illegal::none) break;
  }
  return game;
}

std::vector<Candidate> cut_puzzles(const AnyGame& game, const std::vector<TurnReview>& review,
                                   const MineOptions& options, const std::string& id) {
  std::vector<Candidate> out;
  GameRecord record = game.record();
  for (size_t i = 0; i + 1 < review.size(); ++i) {
    const TurnReview& mistake = review[i];
    const TurnReview& next = review[i + 1];
    const bool mistaken =
        mistake.verdict == stonegrid::Verdict::mistake || mistake.verdict == stonegrid::Verdict::blunder;
    // Looper's forced wins come long after its mistakes: there any turn is tried (a puzzle then
    // says only that it was not the best, or that it was played). Elsewhere, after a turn that
    // was no mistake, only a chase (a ladder, a snapback) makes a puzzle.
    const bool was_best = mistake.move == mistake.best;
    MineOptions here = options;
    here.chase_only = !mistaken && !game.facts().torus;
    if (next.winrate_before < options.keeps) {
      if (std::getenv("STONEGRID_MINE_DEBUG"))
        std::fprintf(stderr, "  turn %zu: chances %.2f after the mistake\n", i + 1, next.winrate_before);
      continue;
    }
    record.moves.assign(game.moves().begin(), game.moves().begin() + static_cast<long>(i));
    std::string error;
    std::optional<AnyGame> before = AnyGame::replay(record, error);
    if (!before) continue;
    std::optional<Candidate> c =
        make_puzzle(*before, mistake.move,
                    mistaken ? (mistake.verdict == stonegrid::Verdict::blunder ? "a blunder" : "a mistake")
                             : (was_best ? "played" : ""),
                    next.best, next.winrate_before, here, id + "-" + std::to_string(i + 1));
    if (c) out.push_back(std::move(*c));
  }
  return out;
}

}  // namespace stonegrid::teach
