// `stonegrid balance`: runs the plan of core/tools/balance_lab.h on threads, appending every game to the
// results file as it ends; `merge` unions results files; `report` prints the tables and writes
// docs/balance.json, the compiled table and the SVG plots.
//
// A run is resumable and shardable because a game is fixed by (setup, komi, index): the run
// rereads its results file, and shard i of n plays only the indices i, i+n, i+2n, … and
// counts only those when it plans — each shard is an independent replicate of the whole plan
// with its own games, and the merged file pools them.
#include "cli/balance.h"

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bot/bot.h"
#include "tools/balance_lab.h"

namespace stonegrid::cli {

const char* balance_usage =
    "  balance --game G [--size N] [--variant V] [--level L] --results FILE\n"
    "          [--komi LO:HI:STEP | --stones LO:HI:STEP] [--games N] [--max-games N]\n"
    "          [--near-games N] [--tolerance T] [--grid-only] [--threads N] [--shard I/N]\n"
    "              self-play between two equal bots (level L, default 3: fixed playouts)\n"
    "              over a grid of komi (Looper: black stones set before a forced take),\n"
    "              N games a point (default 20), then bisection to the komi where Black\n"
    "              scores one half (within T, default 2; 200 games there). Every game is\n"
    "              appended to FILE as it ends; a rerun resumes. --shard I/N plays the\n"
    "              games of shard I only (an independent replicate; merge the files).\n"
    "  balance merge --out FILE IN...    union of results files (each game once)\n"
    "  balance report [--json F] [--table F] [--svg-dir D] FILE...\n"
    "              tables of the results; writes docs/balance.json, the bot's compiled\n"
    "              table (core/bot/komi_table.cpp) and one SVG plot per game and size.\n";

namespace {

int usage_error(const std::string& message) {
  std::fprintf(stderr, "stonegrid balance: %s\nusage:\n%s", message.c_str(), balance_usage);
  return 2;
}

std::optional<double> number(const std::string& text) {
  char* end = nullptr;
  const double x = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0') return std::nullopt;
  return x;
}

// --- results files -----------------------------------------------------------------------------

bool read_results(const std::string& path, std::vector<balance::GameResult>& out, bool must_exist) {
  std::ifstream in(path);
  if (!in) {
    if (must_exist) std::fprintf(stderr, "stonegrid balance: cannot read %s\n", path.c_str());
    return !must_exist;
  }
  std::string line, error;
  for (int number = 1; std::getline(in, line); ++number) {
    if (std::optional<balance::GameResult> r = balance::parse_line(line, error))
      out.push_back(*r);
    else if (!error.empty())  // e.g. a line cut short when a run was killed: replayed later
      std::fprintf(stderr, "%s:%d: skipped (%s)\n", path.c_str(), number, error.c_str());
  }
  return true;
}

// Appends lines, one flushed write per game, so a killed run loses at most the games in play.
class ResultsFile {
 public:
  explicit ResultsFile(const std::string& path) {
    // A line cut short by a kill has no newline: end it, so the next line stands alone.
    bool needs_newline = false;
    if (std::ifstream in{path, std::ios::binary}; in && in.seekg(0, std::ios::end) && in.tellg() > 0) {
      in.seekg(-1, std::ios::end);
      needs_newline = in.get() != '\n';
    }
    file_ = std::fopen(path.c_str(), "a");
    if (file_ && needs_newline) std::fputc('\n', file_);
  }
  ~ResultsFile() {
    if (file_) std::fclose(file_);
  }
  bool ok() const { return file_ != nullptr; }
  void append(const balance::GameResult& r) {
    std::lock_guard lock(mutex_);
    std::fprintf(file_, "%s\n", balance::format_line(r).c_str());
    std::fflush(file_);
  }

 private:
  std::FILE* file_ = nullptr;
  std::mutex mutex_;
};

// --- a run ---------------------------------------------------------------------------------------

struct RunOptions {
  balance::Setup setup;
  balance::PlanOptions plan;
  std::string results_path;
  int threads = 1;
  int shard = 0, shards = 1;
  bool grid_only = false;
};

// Plays the games of `indices` at `x` on `threads` threads; each result goes to the file and
// to `results` as it ends.
void play_games(const RunOptions& o, double x, const std::vector<int>& indices, ResultsFile& file,
                std::vector<balance::GameResult>& results) {
  std::atomic<size_t> next{0};
  std::mutex mutex;
  auto worker = [&] {
    for (size_t k; (k = next.fetch_add(1)) < indices.size();) {
      balance::GameResult r = balance::play_balance_game(o.setup, x, indices[k]);
      file.append(r);
      std::lock_guard lock(mutex);
      results.push_back(std::move(r));
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::min<int>(o.threads, static_cast<int>(indices.size())); ++t)
    pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
}

void print_tally(const RunOptions& o, std::span<const balance::GameResult> results, double x) {
  const char* who = !balance::by_stones(o.setup.kind) ? "Black" : x < 0 ? "player 1" : "taker";
  for (const balance::Tally& t : balance::tally(results, o.setup, o.shard, o.shards))
    if (t.x == x) {
      const balance::Interval i = balance::wilson(t.black_points, t.games);
      std::printf("%s %s: %d games, %s %.1f%% (95%% %.1f-%.1f%%)\n",
                  std::string(balance::axis_name(o.setup.kind)).c_str(), format_number(x).c_str(), t.games,
                  who, 100 * t.rate(), 100 * i.low, 100 * i.high);
      std::fflush(stdout);
    }
}

// The next request: the plan's, or with --grid-only just the grid.
std::optional<balance::Request> next(const RunOptions& o, std::span<const balance::Tally> tallies) {
  if (!o.grid_only) return balance::next_request(balance::curve(tallies, o.setup.kind), o.plan);
  const balance::PlanOptions& p = o.plan;
  for (double x = p.low; x <= p.high + 1e-9; x += p.step) {
    const double snapped = std::round(x / p.granularity) * p.granularity;
    int games = 0;
    for (const balance::Tally& t : tallies)
      if (t.x == snapped) games = t.games;
    if (games < p.coarse_games) return balance::Request{snapped, p.coarse_games};
  }
  return std::nullopt;
}

int run(const RunOptions& o) {
  std::vector<balance::GameResult> results;
  read_results(o.results_path, results, false);
  ResultsFile file(o.results_path);
  if (!file.ok()) return usage_error("cannot write " + o.results_path);
  std::printf("balance: %s %dx%d level %d, shard %d/%d, %d threads, %zu games in %s\n",
              balance::setup_game_key(o.setup).c_str(), o.setup.size, o.setup.size, o.setup.level, o.shard,
              o.shards, o.threads, results.size(), o.results_path.c_str());
  std::fflush(stdout);
  while (true) {
    const std::vector<balance::Tally> tallies = balance::tally(results, o.setup, o.shard, o.shards);
    const std::optional<balance::Request> request = next(o, tallies);
    if (!request) break;
    const std::vector<int> indices = balance::indices_to_play(results, o.setup, *request, o.shard, o.shards);
    if (indices.empty()) break;  // not expected: the plan asked for games the file holds
    play_games(o, request->x, indices, file, results);
    print_tally(o, results, request->x);
  }
  const std::vector<balance::Tally> tallies =
      balance::curve(balance::tally(results, o.setup, o.shard, o.shards), o.setup.kind);
  if (tallies.empty()) return 0;
  const balance::Crossing c = balance::find_crossing(tallies, o.plan.increasing);
  if (c.found)
    std::printf("crossing of one half at %.1f (between %s and %s)\n", c.estimate,
                format_number(c.low).c_str(), format_number(c.high).c_str());
  else
    std::printf("no crossing of one half measured (it lies %s the komi tried)\n",
                c.outside < 0 ? "below" : "above");
  return 0;
}

// "LO:HI:STEP" into the plan's grid.
bool parse_grid(const std::string& text, balance::PlanOptions& plan) {
  std::vector<double> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, ':');) {
    std::optional<double> x = number(part);
    if (!x) return false;
    parts.push_back(*x);
  }
  if (parts.size() != 3 || parts[2] <= 0 || parts[1] < parts[0]) return false;
  plan.low = parts[0], plan.high = parts[1], plan.step = parts[2];
  return true;
}

int run_command(int argc, char** argv) {
  RunOptions o;
  std::string game = "loose", grid, variant;
  int size = 0;
  o.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::optional<double> games, max_games, near_games, tolerance;
  for (int i = 2; i < argc; ++i) {
    const std::string option = argv[i];
    if (option == "--grid-only") {
      o.grid_only = true;
      continue;
    }
    if (i + 1 >= argc) return usage_error("option " + option + " needs a value");
    const std::string value = argv[++i];
    const std::optional<double> x = number(value);
    if (option == "--game") {
      game = value;
    } else if (option == "--results") {
      o.results_path = value;
    } else if (option == "--variant") {
      variant = value;
    } else if ((option == "--komi" || option == "--stones")) {
      grid = value;
    } else if (option == "--shard" && value.find('/') != std::string::npos) {
      const std::optional<double> a = number(value.substr(0, value.find('/')));
      const std::optional<double> b = number(value.substr(value.find('/') + 1));
      if (!a || !b || *b < 1 || *a < 0 || *a >= *b) return usage_error("--shard needs I/N with 0 <= I < N");
      o.shard = static_cast<int>(*a), o.shards = static_cast<int>(*b);
    } else if (x && option == "--size") {
      size = static_cast<int>(*x);
    } else if (x && option == "--level" && *x >= 1 && *x < max_level) {
      o.setup.level = static_cast<int>(*x);
    } else if (x && option == "--threads" && *x >= 1) {
      o.threads = static_cast<int>(*x);
    } else if (x && *x >= 1 && option == "--games") {
      games = x;
    } else if (x && *x >= 1 && option == "--max-games") {
      max_games = x;
    } else if (x && *x >= 0 && option == "--near-games") {
      near_games = x;
    } else if (x && *x > 0 && option == "--tolerance") {
      tolerance = x;
    } else {
      return usage_error("bad option '" + option + " " + value + "'");
    }
  }
  if (o.results_path.empty()) return usage_error("--results FILE is required");
  std::optional<GameKind> kind = game_kind(game);
  if (!kind) return usage_error("unknown game '" + game + "'");
  o.setup.kind = *kind;
  o.setup.size = size ? size : default_size(*kind);
  const GameFacts& facts = kind->facts();
  for (int v = 1; v < facts.variant_count; ++v)
    if (facts.variants[v].name == variant) o.setup.variant = v;
  if (!variant.empty() && o.setup.variant == 0) return usage_error("no variant '" + variant + "' in " + game);
  if (!facts.has_komi && !balance::by_stones(*kind))
    return usage_error(game + " has neither komi nor a take");
  o.plan = balance::default_plan(o.setup);
  if (!grid.empty() && !parse_grid(grid, o.plan)) return usage_error("bad grid '" + grid + "' (LO:HI:STEP)");
  if (games) o.plan.coarse_games = static_cast<int>(*games);
  if (max_games) o.plan.max_games = static_cast<int>(*max_games);
  if (near_games) o.plan.near_games = static_cast<int>(*near_games);
  if (tolerance) o.plan.tolerance = *tolerance;
  std::string error;
  GameSettings settings{*kind, o.setup.size, std::nullopt, o.setup.variant};
  if (facts.has_komi) settings.komi = std::round(o.plan.low / o.plan.granularity) * o.plan.granularity;
  if (!AnyGame::create(settings, error)) return usage_error(error);
  return run(o);
}

// --- merge and report ------------------------------------------------------------------------------

int merge_command(int argc, char** argv) {
  std::string out;
  std::vector<std::vector<balance::GameResult>> lists;
  for (int i = 3; i < argc; ++i) {
    if (std::string(argv[i]) == "--out" && i + 1 < argc) {
      out = argv[++i];
      continue;
    }
    lists.emplace_back();
    if (!read_results(argv[i], lists.back(), true)) return 1;
  }
  if (out.empty() || lists.empty()) return usage_error("merge needs --out FILE and input files");
  int conflicts = 0;
  const std::vector<balance::GameResult> merged = balance::merge_results(lists, &conflicts);
  std::ofstream file(out);
  for (const balance::GameResult& r : merged) file << balance::format_line(r) << '\n';
  std::printf("%zu games into %s", merged.size(), out.c_str());
  if (conflicts) std::printf(" (%d duplicates disagreed: different builds? the first copy kept)", conflicts);
  std::printf("\n");
  return file ? 0 : 1;
}

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary);
  file << text;
  if (file) std::printf("wrote %s\n", path.c_str());
  return static_cast<bool>(file);
}

int report_command(int argc, char** argv) {
  std::string json_path, table_path, svg_dir;
  std::vector<std::vector<balance::GameResult>> lists;
  for (int i = 3; i < argc; ++i) {
    const std::string option = argv[i];
    if ((option == "--json" || option == "--table" || option == "--svg-dir") && i + 1 < argc) {
      (option == "--json" ? json_path : option == "--table" ? table_path : svg_dir) = argv[++i];
      continue;
    }
    lists.emplace_back();
    if (!read_results(option, lists.back(), true)) return 1;
  }
  if (lists.empty()) return usage_error("report needs results files");
  const std::vector<balance::GameResult> results = balance::merge_results(lists);
  std::vector<MeasuredBalance> entries;
  for (const balance::Setup& s : balance::setups_in(results)) {
    const std::vector<balance::Tally> tallies = balance::tally(results, s);
    std::printf("\n%s %dx%d, level %d\n\n%s", balance::setup_game_key(s).c_str(), s.size, s.size, s.level,
                balance::render_markdown(tallies, s).c_str());
    if (std::optional<MeasuredBalance> m = balance::summarise(results, s)) {
      std::printf("\ncrossing %.1f (bracket %s to %s); fair %s: %.1f%% of %d games (%.1f-%.1f%%)\n",
                  m->crossing, format_number(m->bracket_low).c_str(), format_number(m->bracket_high).c_str(),
                  format_number(m->fair).c_str(), 100 * m->win_rate, m->games, 100 * m->low, 100 * m->high);
      entries.push_back(*m);
    } else {
      std::printf("\nno crossing of one half in the komi measured\n");
    }
  }
  entries = balance::finish_entries(std::move(entries));
  bool ok = true;
  if (!json_path.empty()) ok = write_file(json_path, balance::render_json(entries)) && ok;
  if (!table_path.empty()) ok = write_file(table_path, balance::render_table(entries)) && ok;
  if (!svg_dir.empty()) {
    // One plot per game and size, a series per level.
    std::vector<balance::Setup> setups = balance::setups_in(results);
    for (size_t i = 0; i < setups.size();) {
      size_t end = i;
      while (end < setups.size() && setups[end].kind == setups[i].kind &&
             setups[end].variant == setups[i].variant && setups[end].size == setups[i].size)
        ++end;
      const std::span<const balance::Setup> group(setups.data() + i, end - i);
      const std::string name = svg_dir + "/balance-" + balance::setup_game_key(setups[i]) + "-" +
                               std::to_string(setups[i].size) + ".svg";
      const std::string svg = balance::render_svg(results, group);
      if (!svg.empty()) ok = write_file(name, svg) && ok;
      i = end;
    }
  }
  return ok ? 0 : 1;
}

}  // namespace

int run_balance(int argc, char** argv) {
  if (argc >= 3 && std::string(argv[2]) == "merge") return merge_command(argc, argv);
  if (argc >= 3 && std::string(argv[2]) == "report") return report_command(argc, argv);
  return run_command(argc, argv);
}

}  // namespace stonegrid::cli
