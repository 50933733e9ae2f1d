// `stonegrid learn-priors`: reads Go games (SGF files, one game or a collection each), turns every phase-1
// placement into a training position (core/bot/learn_priors.h), holds out every `--holdout`-th game, fits the
// strengths by MM and writes them as C++ source — core/bot/go_weights.cpp is this output. It
// prints the fit on the training and held-out games as it goes (mean log-likelihood of the move
// played, and how often it is the model's first choice). docs/bot.md says which games made
// the committed weights.
#include "cli/learn_command.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "bot/learn_priors.h"
#include "formats/sgf.h"

namespace stonegrid::cli {

const char* learn_usage =
    "  learn-priors [--out FILE.cpp] [--shapes FILE.txt] [--rounds N] [--holdout K] [--min-count N]\n"
    "              [--player NAME] GAMES.sgf...\n"
    "              fits the Go bot's learned move priors to the games' phase-1 placements\n"
    "              (docs/bot.md): N rounds of minorization-maximization (default 20), every\n"
    "              K-th game held out to measure the fit (default 10; 0: none), shapes (3x3\n"
    "              patterns, diamonds of radius 2 and 3) seen fewer than N times among the\n"
    "              candidates pooled (default 10). Writes the weights as C++ source\n"
    "              (core/bot/go_weights.cpp) to FILE.cpp or stdout, and the diamonds\n"
    "              (core/bot/go_shapes.txt) to FILE.txt.\n"
    "              --player: only the placements of the player whose PB or PW holds NAME\n"
    "              (both players' when both do; a game where neither does is skipped).\n";

namespace {

int fail(const std::string& message, int status = 1) {
  std::fprintf(stderr, "stonegrid learn-priors: %s\n", message.c_str());
  return status;
}

bool to_int(const char* text, int& out) {
  char* end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || v < 0 || v > 1000000) return false;
  out = static_cast<int>(v);
  return true;
}

// Whose placements to learn from: 0 all (no `player`, or it names both, as in a self-play
// game), 1 Black, 2 White; -1 when `player` names neither the game's PB nor its PW.
int learned_player(const SgfRecord& record, const std::string& player) {
  if (player.empty()) return 0;
  auto names = [&](std::string_view id) {
    const Markup::Property* p = record.nodes.empty() ? nullptr : record.nodes.front().find(id);
    return p && !p->values.empty() && p->values.front().find(player) != std::string::npos;
  };
  const bool black = names("PB"), white = names("PW");
  return black && white ? 0 : black ? 1 : white ? 2 : -1;
}

// Adds the Go games of `files` (each one game or a collection) to `builder`, every
// `holdout`-th game held out; games that are not Go from the empty board, or that hold an
// illegal move, are skipped with a line on stderr. False, with `error`, when a file cannot be
// read as SGF.
bool read_games(const std::vector<std::string>& files, int holdout, const std::string& player,
                bot::GoTrainingBuilder& builder, int& games, int& skipped, std::string& error) {
  auto add = [&](const std::string& where, const SgfRecord& record) {
    const AnyGame& game = record.game;
    std::string why;
    const int only = learned_player(record, player);
    if (only < 0) {
      std::fprintf(stderr, "skipped %s: no player named %s\n", where.c_str(), player.c_str());
      ++skipped;
      return;
    }
    if (game.kind() != GameKind::go || !game.record().setup.empty()) {
      std::fprintf(stderr, "skipped %s: not a Go game from the empty board\n", where.c_str());
      ++skipped;
      return;
    }
    const int set = holdout > 0 && games % holdout == holdout - 1 ? 1 : 0;
    if (!builder.add_game(Go::Rules{game.size(), game.komi()}, game.moves(), set, why, only)) {
      std::fprintf(stderr, "skipped %s: %s\n", where.c_str(), why.c_str());
      ++skipped;
      return;
    }
    ++games;
  };
  for (const std::string& path : files) {
    std::ifstream in(path, std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (!in) {
      error = "cannot read " + path;
      return false;
    }
    const std::optional<std::vector<SgfTree>> trees = read_sgf_collection(text, error);
    if (!trees) {
      error = path + ": " + error;
      return false;
    }
    for (size_t i = 0; i < trees->size(); ++i)
      add(trees->size() == 1 ? path : path + " game " + std::to_string(i + 1), (*trees)[i].record);
  }
  return true;
}

// The fit after `done` rounds on the training and held-out positions, a line on stderr.
void report_fit(int done, const bot::TrainingSet& train, const bot::TrainingSet& held_out,
                const std::vector<double>& gammas) {
  std::fprintf(stderr, "after %2d rounds: training log-likelihood %.4f, first choice %.1f%%", done,
               bot::mean_log_likelihood(train, gammas), 100 * bot::top_choice_rate(train, gammas));
  if (!held_out.positions.empty())
    std::fprintf(stderr, "; held out %.4f, %.1f%%", bot::mean_log_likelihood(held_out, gammas),
                 100 * bot::top_choice_rate(held_out, gammas));
  std::fputc('\n', stderr);
}

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

}  // namespace

int run_learn(int argc, char** argv) {
  std::string out_file, shapes_file, player;
  int rounds = 20, holdout = 10, min_count = 10;
  std::vector<std::string> files;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    auto number = [&](int& target) {
      if (i + 1 >= argc || !to_int(argv[i + 1], target)) return false;
      ++i;
      return true;
    };
    if (arg == "--out" && i + 1 < argc) {
      out_file = argv[++i];
    } else if (arg == "--shapes" && i + 1 < argc) {
      shapes_file = argv[++i];
    } else if (arg == "--player" && i + 1 < argc) {
      player = argv[++i];
    } else if (arg == "--rounds") {
      if (!number(rounds)) return fail("--rounds wants a number", 2);
    } else if (arg == "--holdout") {
      if (!number(holdout)) return fail("--holdout wants a number", 2);
    } else if (arg == "--min-count") {
      if (!number(min_count)) return fail("--min-count wants a number", 2);
    } else if (!arg.empty() && arg[0] == '-') {
      return fail("unknown option '" + arg + "'", 2);
    } else {
      files.push_back(arg);
    }
  }
  if (files.empty()) return fail("no games given", 2);

  bot::GoTrainingBuilder builder;
  int games = 0, skipped = 0;
  std::string error;
  if (!read_games(files, holdout, player, builder, games, skipped, error)) return fail(error);
  if (builder.positions(0) == 0) return fail("no training positions in the games given");

  bot::TrainingSet train, held_out;
  std::vector<uint32_t> kept;
  builder.finish(min_count, train, held_out, kept);
  const size_t diamonds = static_cast<size_t>(std::count_if(kept.begin(), kept.end(), bot::is_shape_code));
  std::fprintf(stderr,
               "%d games (%d skipped): %d training positions, %d held out; %zu patterns kept (%zu 3x3, %zu "
               "diamonds)\n",
               games, skipped, builder.positions(0), builder.positions(1), kept.size(),
               kept.size() - diamonds, diamonds);
  std::vector<double> gammas(train.features(), 1.0);
  report_fit(0, train, held_out, gammas);
  gammas = bot::fit_gammas(train, rounds);
  report_fit(rounds, train, held_out, gammas);

  const std::string comment =
      "// Learned move priors for Go (move_features.h), written by `stonegrid learn-priors`\n"
      "// (core/cli/learn.cpp) from " +
      std::to_string(games) + " games, " + std::to_string(builder.positions(0)) + " positions, " +
      std::to_string(rounds) + " rounds, patterns seen " + std::to_string(min_count) +
      "+ times kept.\n// Do not edit by hand: docs/bot.md says how to make it again.\n";
  const std::string source = bot::weights_source(train, gammas, kept, builder.board_size(), comment);
  if (out_file.empty())
    std::fputs(source.c_str(), stdout);
  else if (!write_file(out_file, source))
    return fail("cannot write " + out_file);
  if (!shapes_file.empty()) {
    const std::string text = bot::shapes_text(
        bot::shape_table(gammas, kept),
        "Learned Go shapes (core/bot/move_features.h), written by `stonegrid learn-priors`\n"
        "(core/cli/learn.cpp) with core/bot/go_weights.cpp from " +
            std::to_string(games) + " games: diamonds of radius 2 and 3 seen " + std::to_string(min_count) +
            "+ times.\nDo not edit by hand: docs/bot.md says how to make it again.\n"
            "code (hex: radius - 1 above bit 29, the shape's hash below), gamma");
    if (!write_file(shapes_file, text)) return fail("cannot write " + shapes_file);
  }
  return 0;
}

}  // namespace stonegrid::cli
