// `stonegrid`: the command-line front end over the core. `gtp` runs the GTP engine on stdin and
// stdout (core/tools/gtp.h); `bench` runs the playout benchmark (core/tools/bench.h); `teach` checks lesson
// and puzzle files (core/tools/teach.h); the others are in core/cli/. Read `commands` (the table) and
// `main` first. Options are parsed by hand: there are few, and an unknown one is an error with
// exit status 2; `--help` or `-h` after any command prints its usage with exit status 0.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/arena.h"
#include "cli/balance.h"
#include "cli/diagram_command.h"
#include "cli/learn_command.h"
#include "cli/qr_command.h"
#include "cli/review_command.h"
#include "cli/teach_command.h"
#include "rules/any_game.h"
#include "tools/bench.h"
#include "tools/gtp.h"

namespace {

const char* usage =
    "usage: stonegrid <command> [options]\n"
    "       stonegrid <command> --help   (that command's usage)\n"
    "\n"
    "commands:\n";
const char* gtp_usage =
    "  gtp [--game G] [--size N] [--komi K] [--level L] [--playouts P] [--seconds S]\n"
    "      [--threads T] [--seed X]\n"
    "              a GTP v2 engine on stdin/stdout. G: loose, go, looper, squaresquared\n"
    "              (default go); N: board size (default 9, Square Squared 7; Loose odd);\n"
    "              K: komi (default Go 6.5, others 0; Loose even). genmove asks the bot:\n"
    "              L: level 1-10 (default 10: 2 s a move, or the GTP clock's share);\n"
    "              P: playouts a move (at most 200000); S: seconds a move (at most 60);\n"
    "              T: threads for a move searched by time only (default 1); X: the\n"
    "              search's random seed (as GTP set_random_seed).\n"
    "              See docs/gtp.md.\n";
const char* bench_usage =
    "  bench [--json] [--seconds S] [--game G] [--threads T]\n"
    "              random playouts per second for each game of the table on 9x9 and 19x19\n"
    "              (and looper-take 9: after an immediate take), and simulations per second\n"
    "              inside a move search;\n"
    "              S seconds per row (default 1); --json: one object a line;\n"
    "              T: threads for the search rows, sharing one tree (default 1; at\n"
    "              most the cores; rows named search-T).\n";

int bad_usage(const std::string& message) {
  std::fprintf(stderr, "stonegrid: %s\n%s%s%s", message.c_str(), usage, gtp_usage, bench_usage);
  return 2;
}

std::optional<double> number(const char* text) {
  char* end = nullptr;
  double x = std::strtod(text, &end);
  if (end == text || *end != '\0') return std::nullopt;
  return x;
}

// The options that set the bot are sent to the engine as its own commands, so the command
// line and GTP share one set of limits and messages.
int run_gtp(int argc, char** argv) {
  std::string game = "go";
  int size = 0;
  std::optional<double> komi;
  std::vector<std::string> bot_commands;
  for (int i = 2; i < argc; ++i) {
    const std::string option = argv[i];
    const bool known = option == "--game" || option == "--size" || option == "--komi" ||
                       option == "--level" || option == "--playouts" || option == "--seconds" ||
                       option == "--threads" || option == "--seed";
    if (!known) return bad_usage("unknown option '" + option + "' for gtp");
    if (i + 1 >= argc) return bad_usage("option " + option + " needs a value");
    const std::string value = argv[++i];
    if (option == "--game") {
      game = value;
    } else if (option == "--size") {
      std::optional<double> n = number(value.c_str());
      if (!n || *n != static_cast<int>(*n)) return bad_usage("--size needs an integer");
      size = static_cast<int>(*n);
    } else if (option == "--komi") {
      komi = number(value.c_str());
      if (!komi) return bad_usage("--komi needs a number");
    } else if (option == "--seed") {
      bot_commands.push_back("set_random_seed " + value);
    } else {  // --level, --playouts, --seconds, --threads
      bot_commands.push_back("stonegrid-" + option.substr(2) + " " + value);
    }
  }
  std::string error;
  std::optional<stonegrid::AnyGame> start = stonegrid::AnyGame::create(game, size, komi, error);
  if (!start) return bad_usage(error);
  stonegrid::GtpEngine engine(std::move(*start));
  for (const std::string& command : bot_commands) {
    const std::string reply = engine.handle(command);
    if (reply.rfind("?", 0) == 0) return bad_usage(reply.substr(2, reply.size() - 4));
  }
  std::ios::sync_with_stdio(false);  // std::cin buffers on its own; the output is C stdio
  std::string line;
  while (!engine.quit_requested() && stonegrid::GtpEngine::read_line(std::cin, line)) {
    std::string response = engine.handle(line);
    if (response.empty()) continue;
    std::fputs(response.c_str(), stdout);
    std::fflush(stdout);
  }
  return 0;
}

int run_bench(int argc, char** argv) {
  stonegrid::BenchOptions options;
  bool json = false;
  for (int i = 2; i < argc; ++i) {
    std::string option = argv[i];
    if (option == "--json") {
      json = true;
    } else if (option == "--threads") {
      std::optional<double> n = i + 1 < argc ? number(argv[++i]) : std::nullopt;
      if (!n || *n < 1 || *n > 64 || *n != static_cast<int>(*n))
        return bad_usage("--threads needs an integer from 1 to 64");
      options.threads = static_cast<int>(*n);
    } else if (option == "--seconds" || option == "--game") {
      if (i + 1 >= argc) return bad_usage("option " + option + " needs a value");
      if (option == "--game") {
        options.game = argv[++i];
        if (options.game != "looper-take" && !stonegrid::game_kind(options.game))
          return bad_usage("unknown game '" + options.game + "'");
      } else {
        std::optional<double> s = number(argv[++i]);
        if (!s || *s <= 0 || *s > 3600) return bad_usage("--seconds needs a number in (0, 3600]");
        options.seconds = *s;
      }
    } else {
      return bad_usage("unknown option '" + option + "' for bench");
    }
  }
  if (!json) std::printf("%s\n", stonegrid::bench_table_header().c_str());
  stonegrid::run_bench(options, [&](const stonegrid::BenchRow& row) {
    std::printf("%s\n", (json ? stonegrid::bench_json(row) : stonegrid::bench_table_line(row)).c_str());
    std::fflush(stdout);
  });
  if (!json) std::printf("(build: %s; %g s per row)\n", stonegrid::build_name(), options.seconds);
  return 0;
}

// --- the commands ----------------------------------------------------------------------------

struct Command {
  const char* name;
  const char* const* usage;  // the command's lines of the program's help
  int (*run)(int argc, char** argv);
};

const Command commands[] = {
    {"gtp", &gtp_usage, run_gtp},
    {"bench", &bench_usage, run_bench},
    {"arena", &stonegrid::cli::arena_usage, stonegrid::cli::run_arena},
    {"diagram", &stonegrid::cli::diagram_usage, stonegrid::cli::run_diagram},
    {"balance", &stonegrid::cli::balance_usage, stonegrid::cli::run_balance},
    {"teach", &stonegrid::cli::teach_usage, stonegrid::cli::run_teach},
    {"learn-priors", &stonegrid::cli::learn_usage, stonegrid::cli::run_learn},
    {"review", &stonegrid::cli::review_usage, stonegrid::cli::run_review},
    {"qr", &stonegrid::cli::qr_usage, stonegrid::cli::run_qr},
};

bool is_help(const char* argument) {
  return std::strcmp(argument, "--help") == 0 || std::strcmp(argument, "-h") == 0;
}

// `--help` or `-h` anywhere after the command (no option takes either as its value).
bool asks_for_help(int argc, char** argv) {
  for (int i = 2; i < argc; ++i)
    if (is_help(argv[i])) return true;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || is_help(argv[1])) {
    std::fputs(usage, stdout);
    for (const Command& command : commands) std::fputs(*command.usage, stdout);
    std::fputs("  --help      this text\n", stdout);
    return argc < 2 ? 1 : 0;
  }
  for (const Command& command : commands) {
    if (std::strcmp(argv[1], command.name) != 0) continue;
    if (!asks_for_help(argc, argv)) return command.run(argc, argv);
    std::printf("usage:\n%s", *command.usage);
    return 0;
  }
  return bad_usage(std::string("unknown command '") + argv[1] + "'");
}
