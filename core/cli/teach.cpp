// `stonegrid teach`: `check FILE...` reads lesson or puzzle files (docs/lessons.md) and runs
// `teach::verify` on every task, printing each start board with --boards; `find` searches random
// positions for puzzle candidates: positions where exactly one legal turn meets a goal, printed
// as SGF task trees whose texts the author then writes. Read `run_teach` at the end.
#include "cli/teach_command.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "formats/sgf.h"
#include "rules/any_game.h"
#include "rules/notation.h"
#include "rules/random.h"
#include "tools/teach.h"

namespace stonegrid::cli {

const char* teach_usage =
    "  teach check [--boards] FILE.sgf...\n"
    "              reads lesson/puzzle files (docs/lessons.md) and checks every task: the\n"
    "              show-me turns solve it, the replies are legal, ONLY tasks have one answer\n"
    "  teach find --game G --goal \"capture 2\" [--size N] [--moves M] [--count K] [--seed S]\n"
    "              prints K puzzle candidates: positions after M random turns (default 12)\n"
    "              where exactly one turn meets the goal\n";

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

}  // namespace

int run_teach(int argc, char** argv) {
  const std::string command = argc > 2 ? argv[2] : "";
  if (command == "check") {
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
  if (command == "find") {
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
  return fail("teach needs 'check' or 'find'", 2);
}

}  // namespace stonegrid::cli
