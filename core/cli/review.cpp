// `stonegrid review FILE.sgf`: reads a game, has the bot search every position
// (core/tools/review.h) and writes the game as SGF with the review in it, and with --json one
// line of JSON per turn. Progress goes to stderr, a line per position.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>

#include "cli/review_command.h"
#include "formats/sgf.h"
#include "tools/review.h"

namespace stonegrid::cli {

const char* review_usage =
    "  review FILE.sgf [--playouts N | --seconds S] [--threads T] [--json] [--output OUT.sgf]\n"
    "              the bot's verdict on every turn: each position searched (default 6000\n"
    "              playouts, or S seconds; T threads for a search by time), each turn judged\n"
    "              by the drop in the mover's winning chances (inaccuracy 5, mistake 10,\n"
    "              blunder 15 points of 100), with the bot's best move and line, and where\n"
    "              the game counts points (Go, Loose, Square Squared) the points lost. Writes the\n"
    "              SGF with the review (BM/DO, comments, SBKV) to OUT.sgf or stdout; --json\n"
    "              prints one object a turn instead on stdout. FILE - reads stdin.\n";

namespace {

int fail(const std::string& message, int status = 1) {
  std::fprintf(stderr, "stonegrid review: %s\n", message.c_str());
  return status;
}

std::optional<double> number(const std::string& text) {
  char* end = nullptr;
  const double x = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0') return std::nullopt;
  return x;
}

}  // namespace

int run_review(int argc, char** argv) {
  std::string file, output;
  bool json = false, playouts_set = false, seconds_set = false;
  ReviewOptions options;
  for (int i = 2; i < argc; ++i) {
    const std::string option = argv[i];
    if (option == "--json") {
      json = true;
      continue;
    }
    if (option == "--playouts" || option == "--seconds" || option == "--threads" || option == "--output") {
      if (i + 1 >= argc) return fail("option " + option + " needs a value", 2);
      const std::string value = argv[++i];
      if (option == "--output") {
        output = value;
        continue;
      }
      const std::optional<double> x = number(value);
      if (option == "--playouts") {
        if (!x || *x < 1 || *x > 1000000 || *x != static_cast<long long>(*x))
          return fail("--playouts needs a whole number from 1 to 1000000", 2);
        options.playouts = static_cast<long long>(*x);
        playouts_set = true;
      } else if (option == "--seconds") {
        if (!x || *x <= 0 || *x > 600) return fail("--seconds needs a number above 0, at most 600", 2);
        options.seconds = *x;
        seconds_set = true;
      } else {
        if (!x || *x < 1 || *x > 64 || *x != static_cast<int>(*x))
          return fail("--threads needs a whole number from 1 to 64", 2);
        options.threads = static_cast<int>(*x);
      }
      continue;
    }
    if (!option.empty() && option[0] == '-' && option != "-")
      return fail("unknown option '" + option + "'", 2);
    if (!file.empty()) return fail("one file at a time ('" + file + "', then '" + option + "')", 2);
    file = option;
  }
  if (file.empty()) return fail(std::string("no file given\nusage:\n") + review_usage, 2);
  if (playouts_set && seconds_set) return fail("--playouts and --seconds exclude each other", 2);

  std::string text;
  if (file == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    std::ifstream in(file, std::ios::binary);
    if (!in) return fail("cannot read " + file);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  std::string error;
  const std::optional<AnyGame> game = read_sgf(text, error);
  if (!game) return fail(file + ": " + error);
  if (game->moves().empty()) return fail(file + ": the record has no moves to review");

  const std::vector<TurnReview> turns = review_game(*game, options, [](int done, int total) {
    if (done % 10 == 0 || done == total) std::fprintf(stderr, "reviewed %d of %d positions\n", done, total);
    return true;
  });
  for (int player : {1, 2})
    std::fprintf(stderr, "player %d: accuracy %.0f %%\n", player, accuracy(turns, player));
  if (json)
    for (const TurnReview& t : turns) std::cout << review_json(t, game->size()) << "\n";
  const std::string sgf = reviewed_sgf(*game, turns);
  if (!output.empty()) {
    std::ofstream out(output, std::ios::binary);
    if (!(out << sgf)) return fail("cannot write " + output);
  } else if (!json) {
    std::cout << sgf;
  }
  return 0;
}

}  // namespace stonegrid::cli
