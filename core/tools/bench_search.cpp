// The "search" rows of `stonegrid bench`: simulations per second inside a full move search
// (tree descent, priors, the knowing playout policy, backup) from the empty board of each of
// the benchmark's starts (bench.h) without an immediate take, on `BenchOptions::threads`
// threads sharing the tree. The search comes from the game's table line (game_type.h).
#include <algorithm>
#include <chrono>
#include <thread>

#include "bot/search.h"
#include "tools/bench.h"

namespace stonegrid {

namespace {

BenchRow measure_search(const GameState& start, const GameType& type, const std::string& game, double seconds,
                        int threads) {
  const std::unique_ptr<bot::Search> search = type.search(start, bot::SearchOptions{}, no_point);
  const auto begin = std::chrono::steady_clock::now();
  search->start({0, seconds});
  search->search_threads(threads, {});
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  BenchRow row;
  row.game = game;
  row.size = start.size();
  row.what = threads > 1 ? "search-" + std::to_string(threads) : "search";
  row.playouts = search->searched();
  row.per_second = search->searched() / elapsed;
  row.average_moves = 0;
  return row;
}

}  // namespace

void run_search_bench(const BenchOptions& options, std::vector<BenchRow>& rows,
                      const std::function<void(const BenchRow&)>& done) {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int threads = std::clamp(options.threads, 1, cores);
  for (const BenchStart& start : bench_starts()) {
    if (start.after_take || start.name.compare(0, options.game.size(), options.game) != 0) continue;
    const std::unique_ptr<GameState> state = bench_state(start);
    const GameType& type = start.kind.type();
    measure_search(*state, type, start.name, options.seconds / 4, threads);  // warm-up, as for playouts
    rows.push_back(measure_search(*state, type, start.name, options.seconds, threads));
    if (done) done(rows.back());
  }
}

}  // namespace stonegrid
