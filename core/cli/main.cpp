// `stonegrid`: the command-line front end over the core. `gtp` runs the GTP engine on stdin and
// stdout (core/gtp.h); `bench` runs the playout benchmark (core/bench.h). Options are parsed by
// hand: there are few, and an unknown one is an error with exit status 2.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>

#include "any_game.h"
#include "bench.h"
#include "cli/arena.h"
#include "cli/balance.h"
#include "cli/diagram_command.h"
#include "gtp.h"

namespace {

const char* usage =
    "usage: stonegrid <command> [options]\n"
    "\n"
    "commands:\n"
    "  gtp [--game G] [--size N] [--komi K]\n"
    "              a GTP v2 engine on stdin/stdout. G: loose, go, looper, squaresquared\n"
    "              (default go); N: board size (default 9, Square Squared 7; Loose odd);\n"
    "              K: komi (default Go 6.5, others 0; Loose even). genmove asks the bot\n"
    "              (stonegrid-level 1-10); see docs/gtp.md.\n"
    "  bench [--json] [--seconds S] [--game G]\n"
    "              random playouts per second: loose 9, go 9, go 19, looper 9, looper-take 9,\n"
    "              squaresquared 9, and simulations per second inside a move search;\n"
    "              S seconds per row (default 1); --json: one object a line.\n";

int bad_usage(const std::string& message) {
  std::fprintf(stderr, "stonegrid: %s\n%s", message.c_str(), usage);
  return 2;
}

std::optional<double> number(const char* text) {
  char* end = nullptr;
  double x = std::strtod(text, &end);
  if (end == text || *end != '\0') return std::nullopt;
  return x;
}

int run_gtp(int argc, char** argv) {
  std::string game = "go";
  int size = 0;
  std::optional<double> komi;
  for (int i = 2; i < argc; ++i) {
    std::string option = argv[i];
    if (i + 1 >= argc && (option == "--game" || option == "--size" || option == "--komi"))
      return bad_usage("option " + option + " needs a value");
    if (option == "--game") {
      game = argv[++i];
    } else if (option == "--size") {
      std::optional<double> n = number(argv[++i]);
      if (!n || *n != static_cast<int>(*n)) return bad_usage("--size needs an integer");
      size = static_cast<int>(*n);
    } else if (option == "--komi") {
      komi = number(argv[++i]);
      if (!komi) return bad_usage("--komi needs a number");
    } else {
      return bad_usage("unknown option '" + option + "' for gtp");
    }
  }
  std::string error;
  std::optional<stonegrid::AnyGame> start = stonegrid::AnyGame::create(game, size, komi, error);
  if (!start) return bad_usage(error);
  stonegrid::GtpEngine engine(std::move(*start));
  std::string line;
  while (!engine.quit_requested() && std::getline(std::cin, line)) {
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

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
    std::fputs(usage, stdout);
    std::fputs(stonegrid::cli::arena_usage, stdout);
    std::fputs(stonegrid::cli::diagram_usage, stdout);
    std::fputs(stonegrid::cli::balance_usage, stdout);
    std::fputs("  --help      this text\n", stdout);
    return argc < 2 ? 1 : 0;
  }
  if (std::strcmp(argv[1], "gtp") == 0) return run_gtp(argc, argv);
  if (std::strcmp(argv[1], "bench") == 0) return run_bench(argc, argv);
  if (std::strcmp(argv[1], "arena") == 0) return stonegrid::cli::run_arena(argc, argv);
  if (std::strcmp(argv[1], "diagram") == 0) return stonegrid::cli::run_diagram(argc, argv);
  if (std::strcmp(argv[1], "balance") == 0) return stonegrid::cli::run_balance(argc, argv);
  return bad_usage(std::string("unknown command '") + argv[1] + "'");
}
