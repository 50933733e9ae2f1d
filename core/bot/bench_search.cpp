// The "search" rows of `stonegrid bench`: simulations per second inside a full move search
// (tree descent, priors, the knowing playout policy, backup) from the empty board, per game,
// on `BenchOptions::threads` threads sharing the tree.
#include <algorithm>
#include <chrono>
#include <thread>

#include "bench.h"
#include "bot/mcts.h"
#include "bot/policy_go.h"
#include "bot/policy_looper.h"
#include "bot/policy_loose.h"
#include "bot/policy_squaresquared.h"

namespace stonegrid {

namespace {

template <Game G>
BenchRow measure_search(const G& start, const std::string& game, double seconds, int threads) {
  bot::Mcts<G> mcts(start);
  const auto begin = std::chrono::steady_clock::now();
  mcts.start({0, seconds});
  mcts.search_threads(threads);
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  BenchRow row;
  row.game = game;
  row.size = start.size();
  row.what = threads > 1 ? "search-" + std::to_string(threads) : "search";
  row.playouts = mcts.searched();
  row.per_second = mcts.searched() / elapsed;
  row.average_moves = 0;
  return row;
}

}  // namespace

void run_search_bench(const BenchOptions& options, std::vector<BenchRow>& rows,
                      const std::function<void(const BenchRow&)>& done) {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int threads = std::clamp(options.threads, 1, cores);
  auto add = [&](const std::string& game, auto make) {
    if (game.compare(0, options.game.size(), options.game) != 0) return;
    const auto start = make();
    measure_search(start, game, options.seconds / 4, threads);  // warm-up, as for the playout rows
    rows.push_back(measure_search(start, game, options.seconds, threads));
    if (done) done(rows.back());
  };
  add("loose", [] { return Loose(Loose::Rules{9, 0}); });
  add("go", [] { return Go(Go::Rules{9, 6.5}); });
  add("go", [] { return Go(Go::Rules{19, 6.5}); });
  add("looper", [] { return Looper(Looper::Rules{9}); });
  add("squaresquared", [] {
    SquareSquared::Rules rules;
    rules.size = 9;
    return SquareSquared(rules);
  });
}

}  // namespace stonegrid
