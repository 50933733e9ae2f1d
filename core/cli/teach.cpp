// `stonegrid teach`: `check FILE...` reads lesson or puzzle files (docs/lessons.md) and runs
// `teach::verify` on every task, printing each start board with --boards; `find` searches random
// positions for puzzle candidates: positions where exactly one legal turn meets a goal, printed
// as SGF task trees whose texts the author then writes. Read `run_teach` at the end.
#include "cli/teach_command.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "formats/sgf.h"
#include "rules/any_game.h"
#include "rules/notation.h"
#include "rules/random.h"
#include "tools/puzzle_mining.h"
#include "tools/review.h"
#include "tools/teach.h"

namespace stonegrid::cli {

const char* teach_usage =
    "  teach check [--boards] FILE.sgf...\n"
    "              reads lesson/puzzle files (docs/lessons.md) and checks every task: the\n"
    "              show-me turns solve it, the replies are legal, ONLY tasks have one answer\n"
    "  teach find --game G --goal \"capture 2\" [--size N] [--moves M] [--count K] [--seed S]\n"
    "              prints K puzzle candidates: positions after M random turns (default 12)\n"
    "              where exactly one turn meets the goal\n"
    "  teach mine --game G --output FILE [--size N] [--games K] [--seed S] [--levels A-B]\n"
    "             [--review-playouts P] [--max-turns T]\n"
    "              plays K bot games (levels A to B, default 1-5), reviews them and appends to FILE\n"
    "              the puzzles cut after their mistakes; seeds already in FILE.done are skipped\n"
    "  teach decorate FILE.sgf\n"
    "              prints the file's puzzles with a motif, title choices, difficulty and wrong\n"
    "              answers, as `mine` gives them (for `pick`)\n"
    "  teach reword FILE.sgf\n"
    "              prints the file with each wrong answer's sentence said again from its\n"
    "              refutation (what the reply does on the board); a wrong answer whose\n"
    "              reply does nothing a sentence can name is left out\n"
    "  teach pick --game G [--count N] [--first-id K] [--keep-published] [--keep ID]... FILE...\n"
    "              the best N puzzles (sound, one a position, no title twice), easiest first, as\n"
    "              a puzzle file; a puzzle keeps its id G-puzzle-M, the others are numbered from K;\n"
    "              --keep-published: published puzzles compete as equals, so only the weakest go;\n"
    "              --keep ID: that published puzzle stays (pages and tests link to it)\n";

namespace {

int fail(const std::string& message, int status = 1) {
  std::fprintf(stderr, "stonegrid teach: %s\n", message.c_str());
  return status;
}

int run_check(const std::vector<std::string>& files, bool boards) {
  int bad = 0, tasks = 0;
  for (const std::string& path : files) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("cannot read " + path);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::string error;
    std::optional<std::vector<teach::Task>> read = teach::read_tasks(text, error);
    if (!read) {
      std::printf("%s: %s\n", path.c_str(), error.c_str());
      ++bad;
      continue;
    }
    for (const teach::Task& task : *read) {
      ++tasks;
      const std::vector<std::string> problems = teach::verify(task);
      std::printf("%s %s: %s\n", problems.empty() ? "ok " : "BAD", task.id.c_str(), task.title.c_str());
      for (const std::string& problem : problems) std::printf("    %s\n", problem.c_str());
      bad += !problems.empty();
      if (boards) {
        std::optional<AnyGame> game = teach::start(task, error);
        for (const std::string& row : game->board_rows()) std::printf("    %s\n", row.c_str());
        std::printf("    %s to play (player %d)\n",
                    std::string(color_name(game->state().color_to_move())).c_str(), game->state().to_move());
      }
    }
  }
  std::printf("%d tasks, %d with problems\n", tasks, bad);
  return bad == 0 ? 0 : 1;
}

// --- find ----------------------------------------------------------------------------------

struct FindRequest {
  std::string game;
  std::string goal;
  int size = 0;
  int moves = 12;
  int count = 5;
  uint64_t seed = 1;
};

// The position as a task tree: the setup stones, then the game's turns (a pass, Looper's take).
std::string candidate_sgf(const AnyGame& game, const std::string& goal, const std::string& answer,
                          int number) {
  const int n = game.size();
  std::string black, white;
  for (const auto& [p, c] : game.record().setup) {
    std::string& list = c == Color::black ? black : white;
    list.append(1, '[').append(sgf_point(p, n)).append(1, ']');
  }
  std::string out = "(;GM[1]FF[4]CA[UTF-8]SG[" + std::string(game.name()) + "]SZ[" + std::to_string(n) + "]";
  if (game.facts().has_komi) out += "KM[" + format_number(game.komi()) + "]";
  out += "\nTASK[" + std::string(game.name()) + "-puzzle-" + std::to_string(number) +
         "]GN[?]\nASK[?]\nHINT[?]\nSOLVED[?]\n";
  out += "GOAL[" + goal + "]SHOWME[" + answer + "]ONLY[]\n";
  if (!black.empty()) out += "AB" + black;
  if (!white.empty()) out += "AW" + white;
  std::string error;
  GameRecord record = game.record();
  record.moves.clear();
  std::optional<AnyGame> replay = AnyGame::replay(record, error);
  for (const Move& m : game.moves()) {
    const Color c = replay->state().color_to_move();
    if (m.kind == Move::Kind::take)
      out += "\n;XT[]XP[" + std::to_string(replay->state().to_move()) + "]";
    else
      out += std::string("\n;") + (c == Color::white ? "W" : "B") + "[" +
             (m.is_place() ? sgf_point(m.point(), n) : "") + "]";
    replay->play(m);
  }
  return out + ")\n";
}

// A random position to try: random turns on the empty board, set up as stones. Looper: a random
// board after `take` (so White is to move), Black to move after one more random white stone
// when `looper_black` is set.
std::optional<AnyGame> random_position(const AnyGame& empty, int moves, bool looper_black, Rng& rng) {
  AnyGame game = empty;
  const int points = empty.size() * empty.size();
  if (empty.facts().colors_by_take) {
    for (Point p = 0; p < points; ++p) {
      const uint64_t r = rng.next() % 100;
      if (r < 45)
        game.setup(p, Color::black);
      else if (r < 70)
        game.setup(p, Color::white);
    }
    if (game.play(Move::take()) != Illegal::none || game.state().is_over()) return std::nullopt;
    if (looper_black && (game.play(game.state().random_move(rng)) != Illegal::none || game.state().is_over()))
      return std::nullopt;
    return game;
  }
  AnyGame played = empty;
  for (int k = 0; k < moves && !played.state().is_over(); ++k) {
    Move m = played.state().random_move(rng);
    if (!m.is_place()) break;
    played.play(m);
  }
  if (played.state().is_over() || played.state().status().stage != 0) return std::nullopt;
  for (Point p = 0; p < points; ++p)
    if (played.state().at(p) != Color::empty) game.setup(p, played.state().at(p));
  Point stone = no_point;
  if (!game.state().setup_fault(stone).empty()) return std::nullopt;
  if (played.state().color_to_move() == Color::white) game.play(Move::pass());
  return game;
}

int run_find(const FindRequest& request) {
  std::string error;
  std::optional<teach::Goal> goal = teach::parse_goal(request.goal, error);
  if (!goal) return fail(error, 2);
  std::optional<AnyGame> empty = AnyGame::create(request.game, request.size, std::nullopt, error);
  if (!empty) return fail(error, 2);
  Rng rng(request.seed);
  std::set<uint64_t> seen;
  int found = 0;
  for (int tries = 0; tries < 20000 && found < request.count; ++tries) {
    std::optional<AnyGame> game = random_position(*empty, request.moves, tries % 2 == 1, rng);
    if (!game || !seen.insert(game->state().hash()).second) continue;
    std::vector<Move> answers;
    for (const Move& turn : teach::all_turns(*game))
      if (teach::meets(*goal, *game, turn)) answers.push_back(turn);
    if (answers.size() != 1) continue;
    ++found;
    std::printf("%s", candidate_sgf(*game, request.goal, move_text(answers[0], game->size()), found).c_str());
  }
  return found > 0 ? 0 : 1;
}

// --- mine and pick -------------------------------------------------------------------------------

struct MineRequest {
  std::string game, output;
  int size = 0, games = 10, level_low = 1, level_high = 5, max_turns = 300;
  uint64_t seed = 1;
  long long review_playouts = 1500;
};

int run_mine(const MineRequest& request) {
  std::string error;
  std::optional<AnyGame> empty = AnyGame::create(request.game, request.size, std::nullopt, error);
  if (!empty) return fail(error, 2);
  std::set<uint64_t> done;
  {
    std::ifstream in(request.output + ".done");
    for (uint64_t s; in >> s;) done.insert(s);
  }
  int found = 0;
  std::clock_t started = std::clock();
  for (uint64_t seed = request.seed; seed < request.seed + static_cast<uint64_t>(request.games); ++seed) {
    if (done.count(seed)) continue;
    Rng rng(seed * 7919 + 17);
    const int span = request.level_high - request.level_low + 1;
    const int first = request.level_low + static_cast<int>(rng.next() % span);
    const int second = request.level_low + static_cast<int>(rng.next() % span);
    const AnyGame game = teach::bot_game(*empty, first, second, seed, request.max_turns);
    ReviewOptions review;
    review.playouts = request.review_playouts;
    review.seed = seed;
    const std::vector<TurnReview> turns = review_game(game, review);
    teach::MineOptions options;
    options.review_playouts = request.review_playouts;
    options.seed = seed;
    const std::vector<teach::Candidate> cut = teach::cut_puzzles(
        game, turns, options,
        std::string(empty->name()) + "-mined-" + std::to_string(request.size) + "-" + std::to_string(seed));
    {
      std::ofstream out(request.output, std::ios::app);
      for (const teach::Candidate& c : cut) out << c.sgf;
    }
    std::ofstream(request.output + ".done", std::ios::app) << seed << "\n";
    found += static_cast<int>(cut.size());
    int mistakes = 0;
    for (const TurnReview& t : turns)
      mistakes += t.verdict == stonegrid::Verdict::mistake || t.verdict == stonegrid::Verdict::blunder;
    const double cpu = static_cast<double>(std::clock() - started) / CLOCKS_PER_SEC;
    started = std::clock();
    std::fprintf(stderr,
                 "seed %llu: levels %d-%d, %zu turns, %d mistakes, %zu puzzles (%d so far), %.1f s CPU\n",
                 static_cast<unsigned long long>(seed), first, second, game.moves().size(), mistakes,
                 cut.size(), found, cpu);
  }
  return 0;
}

// A mined tree as published: its TASK id and title set, its other title choices (ALT) and the
// miner's note dropped.
std::string published(std::string text, const std::string& id, const std::string& title) {
  auto set_value = [&](const std::string& property, const std::string& value) {
    const size_t at = text.find(property + "[");
    if (at == std::string::npos) return;
    const size_t open = at + property.size(), close = text.find(']', open);
    text.replace(open + 1, close - open - 1, value);
  };
  set_value("TASK", id);
  set_value("GN", escape_sgf_text(title));
  if (size_t alt = text.find("ALT["); alt != std::string::npos) {
    size_t end = alt + 3;
    while (end < text.size() && text[end] == '[') end = text.find(']', end) + 1;
    text.erase(alt, end - alt);
  }
  if (size_t note = text.find("C[Mined:"); note != std::string::npos)
    text.erase(note, text.find(']', note) + 1 - note);
  return text;
}

// Sets the first value of a root property in a task tree's text (escaped); nothing when absent.
void replace_value(std::string& text, const std::string& property, const std::string& value) {
  size_t at = text.find("\n" + property + "[");
  at = at != std::string::npos ? at + 1 : text.find(property + "[");
  if (at == std::string::npos) return;
  const size_t open = at + property.size();
  size_t close = open + 1;
  while (close < text.size() && text[close] != ']') close += text[close] == '\\' ? 2 : 1;
  text.replace(open + 1, close - open - 1, escape_sgf_text(value));
}

int run_decorate(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot read " + path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string error;
  std::optional<std::vector<teach::Task>> tasks = teach::read_tasks(text, error);
  if (!tasks) return fail(path + ": " + error);
  for (const teach::Task& task : *tasks) {
    std::optional<teach::Candidate> c = teach::decorate(task, teach::MineOptions{});
    if (c)
      std::printf("%s", c->sgf.c_str());
    else
      std::fprintf(stderr, "%s: not decorated\n", task.id.c_str());
  }
  return 0;
}

// The end of an SGF value that opens at `open` (its '['): the index of its ']'.
size_t value_end(const std::string& text, size_t open) {
  size_t close = open + 1;
  while (close < text.size() && text[close] != ']') close += text[close] == '\\' ? 2 : 1;
  return close;
}

// One task tree with its wrong answers' sentences said again (teach::wrong_sentence); `dropped`
// counts the branches left out.
std::string reworded(const std::string& tree, const teach::Task& task, int& dropped) {
  std::string error;
  std::optional<AnyGame> start = teach::start(task, error);
  std::optional<Move> answer = start ? parse_move(task.show_me.front(), start->size(), error) : std::nullopt;
  if (!answer) return tree;
  std::string text = tree;
  size_t from = 0;
  for (const teach::WrongAnswer& wrong : task.wrong) {
    const size_t bm = text.find("BM[1]C[", from);
    if (bm == std::string::npos || wrong.step != 0 || wrong.replies.empty()) break;
    const size_t open = bm + 6, close = value_end(text, open);
    std::optional<Move> turn = parse_move(wrong.turn, start->size(), error);
    std::optional<Move> reply = parse_move(wrong.replies.front(), start->size(), error);
    std::optional<std::string> why;
    if (turn && reply) why = teach::wrong_sentence(*start, *answer, task.steps.front().goal, *turn, *reply);
    if (why) {
      text.replace(open + 1, close - open - 1, escape_sgf_text(*why));
      from = open + 1 + escape_sgf_text(*why).size();
      continue;
    }
    const size_t branch = text.rfind("\n(", bm), end = text.find(')', close);
    text.erase(branch, end + 1 - branch);
    from = branch;
    ++dropped;
  }
  return text;
}

int run_reword(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot read " + path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string error;
  std::optional<std::vector<SgfTree>> trees = read_sgf_collection(text, error);
  if (!trees) return fail(path + ": " + error);
  int dropped = 0, kept = 0;
  for (const SgfTree& tree : *trees) {
    std::optional<std::vector<teach::Task>> tasks = teach::read_tasks(tree.text, error);
    if (!tasks || tasks->size() != 1) return fail(path + ": " + error);
    const std::string out = reworded(std::string(tree.text), tasks->front(), dropped);
    std::printf("%s\n", out.c_str());
    kept += static_cast<int>(tasks->front().wrong.size());
  }
  std::fprintf(stderr, "%zu tasks: %d wrong answers said again, %d left out\n", trees->size(), kept - dropped,
               dropped);
  return 0;
}

struct Pick {
  std::string text, motif;
  std::vector<std::string> titles;
  int difficulty;
  bool answers_wrong;  // has BM[] branches
  size_t steps;        // a forced line of two steps beats one
  std::string id;      // kept when it is already a published puzzle's
};

// Whether each of the solver's turns after the first lies within 3 steps (along the lines) of
// an earlier one.
bool local_line(const teach::Task& task, int size) {
  std::vector<Point> turns;
  for (const std::string& text : task.show_me) {
    std::string error;
    std::optional<Move> turn = parse_move(text, size, error);
    if (!turn || !turn->is_place()) return false;
    const Point p = turn->point();
    if (!turns.empty() && std::none_of(turns.begin(), turns.end(), [&](Point q) {
          return std::abs(p % size - q % size) + std::abs(p / size - q / size) <= 3;
        }))
      return false;
    turns.push_back(p);
  }
  return true;
}

// One tree of a candidates' file as a pick: its words as the miner makes them now, its view,
// its titles in order of preference; none when it is unsound (counted), a pass, or a position
// seen before.
std::optional<Pick> pick_of(const SgfTree& tree, const std::string& game, std::set<uint64_t>& positions,
                            int& unsound) {
  std::string error;
  std::optional<std::vector<teach::Task>> tasks = teach::read_tasks(tree.text, error, game);
  if (!tasks || tasks->size() != 1 || !teach::verify(tasks->front()).empty()) {
    ++unsound;
    return std::nullopt;
  }
  const teach::Task& task = tasks->front();
  if (task.show_me.front() == "pass") return std::nullopt;  // a pass is no move to find on the board
  std::optional<AnyGame> start = teach::start(task, error);
  if (!start || !positions.insert(start->state().hash()).second) return std::nullopt;
  // One puzzle a line: the same answers in a position a far turn apart are the same puzzle (a
  // game can leave a snapback open for several turns).
  std::string line = task.game + " " + std::to_string(start->size());
  for (const teach::Step& step : task.steps) line += " " + step.show_me;
  if (task.steps.size() > 1 && !positions.insert(std::hash<std::string>{}(line)).second) return std::nullopt;
  std::string text(tree.text);
  // The view from the answer's action (miners before it took the wrong answers in as well).
  if (size_t vw = text.find("VW["); vw != std::string::npos) text.erase(vw, text.find(']', vw) + 1 - vw);
  std::optional<Move> answer = parse_move(task.show_me.front(), start->size(), error);
  if (std::optional<teach::BoardRect> view = teach::puzzle_view(*start, *answer)) {
    const int n = start->size();
    const size_t at = text.find("MOTIF[");
    text.insert(at, "VW[" + sgf_point(view->last_row * n + view->first_column, n) + ":" +
                        sgf_point(view->first_row * n + view->last_column, n) + "]");
  }
  // The words as the miner makes them now (the success text keeps the bot's chances the file
  // gives); a published puzzle may also keep its own title.
  std::vector<std::string> choices;
  std::string motif = task.motif;
  std::optional<teach::PuzzleWords> words = teach::words_of(task);
  if (words && task.id.find("-mined-") != std::string::npos) {
    choices = words->titles;
    motif = words->motif;
    const size_t chances = task.success.find(" The bot gives");
    replace_value(text, "MOTIF", words->motif);
    replace_value(text, "HINT", words->hint);
    replace_value(text, "SOLVED",
                  words->solved + (chances == std::string::npos ? "" : task.success.substr(chances)));
  } else {
    if (words) choices = words->titles;
    choices.push_back(task.title);
  }
  // A chase hopping about the board (a turn far from all the earlier ones: threats here and
  // there, not one chain run down) is no puzzle to show.
  if (task.steps.front().goal.kind == teach::Goal::Kind::chase && !local_line(task, start->size()))
    return std::nullopt;
  // A chase's difficulty is its first turn's (miners before it took the hardest turn's).
  int difficulty = task.difficulty;
  if (task.steps.front().goal.kind == teach::Goal::Kind::chase &&
      task.id.find("-mined-") != std::string::npos) {
    difficulty = teach::difficulty(*start, *answer, 1);
    replace_value(text, "DIFFICULTY", std::to_string(difficulty));
  }
  Pick pick{text,
            motif,
            choices,
            difficulty,
            !task.wrong.empty(),
            task.steps.size(),
            task.id.rfind(game + "-puzzle-", 0) == 0 ? task.id : ""};
  const Markup& root = tree.record.nodes.front();
  if (const Markup::Property* alt = root.find("ALT"); alt && !words)  // the file's own choices
    pick.titles.insert(pick.titles.end(), alt->values.begin(), alt->values.end());
  // Short titles first (they fit a phone's list); last resorts for a title taken already:
  // the same words with the board's size.
  std::stable_sort(pick.titles.begin(), pick.titles.end(),
                   [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
  const std::string size = " (" + std::to_string(start->size()) + "×" + std::to_string(start->size()) + ")";
  for (size_t i = 0, n = pick.titles.size(); i < n; ++i) pick.titles.push_back(pick.titles[i] + size);
  return pick;
}

// The published set: `count` picks of `pool` and the title each gets (`title_of`).
std::vector<const Pick*> choose_picks(const std::vector<Pick>& pool, int count, bool keep_published,
                                      const std::set<std::string>& keep,
                                      std::map<const Pick*, std::string>& title_of) {
  // Variety first: take motifs in turn, none more than 30 % of the set; within a motif forced
  // lines of two steps first, then those that answer wrong turns, the hardest first. Passes:
  // puzzles cut from games with a plain title (and at most two published ones of a motif no game
  // gave), then with the board's size in the title, then the published ones, then any motif
  // beyond its share. With `keep_published` the published ones compete as equals (within a
  // motif, on a tie, the published one first: players keep their progress), so only the
  // weakest of them are replaced.
  std::map<std::string, std::vector<const Pick*>> by_motif;
  for (const Pick& p : pool) by_motif[p.motif].push_back(&p);
  std::set<std::string> mined_motifs;
  for (const Pick& p : pool)
    if (p.id.empty()) mined_motifs.insert(p.motif);
  for (auto& [motif, list] : by_motif)
    std::stable_sort(list.begin(), list.end(), [](const Pick* a, const Pick* b) {
      // Difficulty 5 is an answer the search never chose (within 6400 playouts): last.
      const auto hard = [](const Pick* p) { return p->difficulty == 5 ? 0 : p->difficulty; };
      return std::tuple(a->steps, a->answers_wrong, hard(a), !a->id.empty()) >
             std::tuple(b->steps, b->answers_wrong, hard(b), !b->id.empty());
    });
  std::vector<const Pick*> chosen;
  std::set<std::string> titles;
  const size_t share = static_cast<size_t>(count * 3 + 9) / 10;
  std::map<std::string, size_t> taken;  // per motif
  for (const Pick& p : pool) {          // the ones kept by name (pages link to them) first
    if (p.id.empty() || !keep.count(p.id) || static_cast<int>(chosen.size()) >= count) continue;
    const auto title = std::find_if(p.titles.begin(), p.titles.end(),
                                    [&](const std::string& t) { return !titles.count(t); });
    if (title == p.titles.end()) continue;
    titles.insert(*title);
    title_of[&p] = *title;
    chosen.push_back(&p);
    ++taken[p.motif];
  }
  for (int pass = 0; pass < 4; ++pass) {
    std::map<std::string, size_t> next, published_taken;  // per motif
    for (bool any = true; any && static_cast<int>(chosen.size()) < count;) {
      any = false;
      for (auto& [motif, list] : by_motif) {
        size_t& i = next[motif];
        for (; i < list.size() && static_cast<int>(chosen.size()) < count; ++i) {
          const Pick* p = list[i];
          const bool published = !p->id.empty() && !keep_published;
          if (title_of.count(p) || (pass < 3 && taken[motif] >= share)) continue;
          if (published && pass < 2 &&
              (pass == 1 || mined_motifs.count(motif) || published_taken[motif] >= 2))
            continue;
          const auto title = std::find_if(p->titles.begin(), p->titles.end(), [&](const std::string& t) {
            return !titles.count(t) && (pass > 0 || t.find(" (") == std::string::npos);
          });
          if (title == p->titles.end()) continue;
          titles.insert(*title);
          title_of[p] = *title;
          chosen.push_back(p);
          published_taken[motif] += published;
          ++taken[motif];
          any = true;
          ++i;
          break;
        }
      }
    }
  }
  return chosen;
}

int run_pick(const std::string& game, int count, int first_id, bool keep_published,
             const std::set<std::string>& keep, const std::vector<std::string>& files) {
  std::vector<Pick> pool;
  std::set<uint64_t> positions;
  int unsound = 0;
  for (const std::string& path : files) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("cannot read " + path);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.find('(') == std::string::npos) continue;  // a miner's file with nothing found yet
    std::string error;
    std::optional<std::vector<SgfTree>> trees = read_sgf_collection(text, error);
    if (!trees) return fail(path + ": " + error);
    for (const SgfTree& tree : *trees)
      if (std::optional<Pick> pick = pick_of(tree, game, positions, unsound))
        pool.push_back(std::move(*pick));
  }
  std::map<const Pick*, std::string> title_of;
  std::vector<const Pick*> chosen = choose_picks(pool, count, keep_published, keep, title_of);
  std::stable_sort(chosen.begin(), chosen.end(),
                   [](const Pick* a, const Pick* b) { return a->difficulty < b->difficulty; });
  int id = first_id;
  for (const Pick* p : chosen)
    std::printf("%s\n", published(p->text, p->id.empty() ? game + "-puzzle-" + std::to_string(id++) : p->id,
                                  title_of[p])
                            .c_str());
  std::fprintf(stderr, "%zu candidates (%d unsound), %zu picked\n", pool.size(), unsound, chosen.size());
  return static_cast<int>(chosen.size()) >= count ? 0 : 1;
}

// `teach check FILE... [--boards]`.
int teach_check(int argc, char** argv) {
  std::vector<std::string> files;
  bool boards = false;
  for (int i = 3; i < argc; ++i) {
    if (std::string(argv[i]) == "--boards")
      boards = true;
    else
      files.push_back(argv[i]);
  }
  if (files.empty()) return fail("teach check needs a file", 2);
  return run_check(files, boards);
}

// `teach find --game G --goal GOAL [--size N --moves N --count N --seed S]`.
int teach_find(int argc, char** argv) {
  FindRequest request;
  for (int i = 3; i < argc; ++i) {
    const std::string option = argv[i];
    if (i + 1 >= argc) return fail("option " + option + " needs a value", 2);
    const std::string value = argv[++i];
    if (option == "--game")
      request.game = value;
    else if (option == "--goal")
      request.goal = value;
    else if (option == "--size")
      request.size = std::atoi(value.c_str());
    else if (option == "--moves")
      request.moves = std::atoi(value.c_str());
    else if (option == "--count")
      request.count = std::atoi(value.c_str());
    else if (option == "--seed")
      request.seed = std::strtoull(value.c_str(), nullptr, 10);
    else
      return fail("unknown option '" + option + "' for teach find", 2);
  }
  if (request.game.empty() || request.goal.empty()) return fail("teach find needs --game and --goal", 2);
  return run_find(request);
}

// `teach mine --game G --output FILE [--size --games --seed --review-playouts --max-turns --levels A-B]`.
int teach_mine(int argc, char** argv) {
  MineRequest request;
  for (int i = 3; i + 1 < argc; i += 2) {
    const std::string option = argv[i], value = argv[i + 1];
    if (option == "--game")
      request.game = value;
    else if (option == "--output")
      request.output = value;
    else if (option == "--size")
      request.size = std::atoi(value.c_str());
    else if (option == "--games")
      request.games = std::atoi(value.c_str());
    else if (option == "--seed")
      request.seed = std::strtoull(value.c_str(), nullptr, 10);
    else if (option == "--review-playouts")
      request.review_playouts = std::atoll(value.c_str());
    else if (option == "--max-turns")
      request.max_turns = std::atoi(value.c_str());
    else if (option == "--levels" &&
             std::sscanf(value.c_str(), "%d-%d", &request.level_low, &request.level_high) == 2)
      continue;
    else
      return fail("unknown option '" + option + "' for teach mine", 2);
  }
  if (request.game.empty() || request.output.empty()) return fail("teach mine needs --game and --output", 2);
  if (request.level_low < 1 || request.level_high > 10 || request.level_low > request.level_high)
    return fail("--levels is A-B with 1 <= A <= B <= 10", 2);
  return run_mine(request);
}

// `teach pick --game G [--count N --first-id N] FILE...`.
int teach_pick(int argc, char** argv) {
  std::string game;
  int count = 30, first_id = 1;
  bool keep_published = false;
  std::set<std::string> keep;
  std::vector<std::string> files;
  for (int i = 3; i < argc; ++i) {
    const std::string option = argv[i];
    if (option == "--keep-published") {
      keep_published = true;
    } else if (option == "--keep" && i + 1 < argc) {
      keep.insert(argv[++i]);
    } else if ((option == "--game" || option == "--count" || option == "--first-id") && i + 1 < argc) {
      const std::string value = argv[++i];
      if (option == "--game")
        game = value;
      else if (option == "--count")
        count = std::atoi(value.c_str());
      else
        first_id = std::atoi(value.c_str());
    } else {
      files.push_back(option);
    }
  }
  if (game.empty() || files.empty()) return fail("teach pick needs --game and a file", 2);
  return run_pick(game, count, first_id, keep_published, keep, files);
}

}  // namespace

int run_teach(int argc, char** argv) {
  const std::string command = argc > 2 ? argv[2] : "";
  if (command == "check") return teach_check(argc, argv);
  if (command == "find") return teach_find(argc, argv);
  if (command == "mine") return teach_mine(argc, argv);
  if (command == "decorate") {
    if (argc != 4) return fail("teach decorate needs one file", 2);
    return run_decorate(argv[3]);
  }
  if (command == "pick") return teach_pick(argc, argv);
  if (command == "reword") {
    if (argc != 4) return fail("teach reword needs one file", 2);
    return run_reword(argv[3]);
  }
  return fail("teach needs 'check', 'find', 'mine', 'decorate', 'reword' or 'pick'", 2);
}

}  // namespace stonegrid::cli
