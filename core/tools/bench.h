// Playout benchmark: how many uniformly random games per second each rule set plays. A playout
// copies the empty state, then applies `random_move` until the game is over or 3·N·N moves have
// been played (a cap, so a game that can cycle cannot run forever). The rows come from the
// table of games (`bench_starts`): each game on 9×9 and 19×19, e.g. loose 9, loose 19, go 9,
// go 19, looper 9, looper-take 9 (playouts from the board just after an immediate `take`, i.e.
// the play phase only), looper 19, squaresquared 9, squaresquared 19.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "rules/game_type.h"

namespace stonegrid {

struct BenchRow {
  std::string game;  // the game's engine name, or "<name>-take" (see above)
  int size = 0;
  std::string what = "playouts";
  double per_second = 0;
  long long playouts = 0;
  double average_moves = 0;  // moves per playout
};

struct BenchOptions {
  double seconds = 1.0;  // time per row, timed after a warm-up of a quarter of it (bench.cpp)
  std::string game;      // only rows whose game starts with this ("" = all)
  // Threads for the search rows (`Mcts::search_threads`, one shared tree), at most the
  // machine's cores; a row searched on N > 1 threads is named "search-N". The playout rows
  // always run on one.
  int threads = 1;
};

// Where a row starts: a game and its choices, and whether an immediate `take` is played first.
struct BenchStart {
  std::string name;  // the row's name: the game's, or "<name>-take"
  GameKind kind;
  RuleChoices choices;
  bool after_take = false;
};
std::vector<BenchStart> bench_starts();
std::unique_ptr<GameState> bench_state(const BenchStart& start);

// Runs the rows in order, calling `done` after each one (to print as it goes).
std::vector<BenchRow> run_bench(const BenchOptions& options,
                                const std::function<void(const BenchRow&)>& done = {});
// The "search" rows (simulations/s inside a full move search from the empty board of each
// start without a take), appended by `run_bench`; core/tools/bench_search.cpp.
void run_search_bench(const BenchOptions& options, std::vector<BenchRow>& rows,
                      const std::function<void(const BenchRow&)>& done);

// "native", or "wasm" when built with Emscripten.
const char* build_name();
// {"game":"go","size":9,"what":"playouts","per_second":12345,"build":"native"}
std::string bench_json(const BenchRow& row);
std::string bench_table_header();
std::string bench_table_line(const BenchRow& row);

}  // namespace stonegrid
