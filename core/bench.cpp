// The benchmark loop is a template over the game class, like the bot's playouts, so it measures
// the rules code and nothing else. The clock is read once every 16 playouts.
//
// Timed as the bot's search runs in the page: in optimised code. V8 starts WebAssembly in
// baseline code and moves a function to optimised code only on a later call, with no switch
// inside a running loop, so a row timed in one long call could run in baseline code for some or
// all of its time (Loose playouts as WebAssembly measured 53,000–76,000 a second from run to run
// that way). Hence each playout is a call of its own (`play_out`, never inlined), and each row
// is timed after a warm-up run of the same loop (a quarter of its time, discarded); natively too.
#include "bench.h"

#include <chrono>
#include <cstdio>

#include "games/go.h"
#include "games/looper.h"
#include "games/loose.h"
#include "games/squaresquared.h"

namespace stonegrid {

namespace {

// One playout from `start`; returns the moves played. Never inlined: see the top of this file.
template <typename G>
[[gnu::noinline]] int play_out(const G& start, Rng& rng, int cap) {
  G state = start;
  int moves = 0;
  for (; moves < cap && !state.is_over(); ++moves) {
    // A game that can judge and play its random move in one step (Loose: `play_random`, the
    // same moves) does.
    if constexpr (requires { state.play_random(rng); })
      state.play_random(rng);
    else
      state.play_legal(state.random_move(rng));
  }
  return moves;
}

template <typename G>
BenchRow measure(const G& start, const std::string& game, double seconds) {
  using Clock = std::chrono::steady_clock;
  Rng rng(0xBE7C4);
  const int cap = 3 * start.size() * start.size();
  long long playouts = 0, moves = 0;
  const auto begin = Clock::now();
  double elapsed = 0;
  do {
    moves += play_out(start, rng, cap);
    // The clock every 16 playouts: in WebAssembly reading it is a call out to JavaScript,
    // which would cost a light playout (Looper's, ~3 µs) several per cent.
    if (++playouts % 16 == 0) elapsed = std::chrono::duration<double>(Clock::now() - begin).count();
  } while (elapsed < seconds);
  elapsed = std::chrono::duration<double>(Clock::now() - begin).count();
  BenchRow row;
  row.game = game;
  row.size = start.size();
  row.playouts = playouts;
  row.per_second = playouts / elapsed;
  row.average_moves = static_cast<double>(moves) / playouts;
  return row;
}

bool wanted(const BenchOptions& options, const std::string& game) {
  return game.compare(0, options.game.size(), options.game) == 0;
}

}  // namespace

std::vector<BenchRow> run_bench(const BenchOptions& options,
                                const std::function<void(const BenchRow&)>& done) {
  std::vector<BenchRow> rows;
  auto add = [&](const std::string& game, auto make) {
    if (!wanted(options, game)) return;
    const auto start = make();
    measure(start, game, options.seconds / 4);  // warm-up, see the top of this file
    rows.push_back(measure(start, game, options.seconds));
    if (done) done(rows.back());
  };
  add("loose", [] { return Loose(Loose::Rules{9, 0}); });
  add("go", [] { return Go(Go::Rules{9, 6.5}); });
  add("go", [] { return Go(Go::Rules{19, 6.5}); });
  add("looper", [] { return Looper(Looper::Rules{9}); });
  add("looper-take", [] {
    Looper looper(Looper::Rules{9});
    looper.play(Move::take());
    return looper;
  });
  add("squaresquared", [] {
    SquareSquared::Rules rules;
    rules.size = 9;
    return SquareSquared(rules);
  });
  run_search_bench(options, rows, done);
  return rows;
}

const char* build_name() {
#ifdef __EMSCRIPTEN__
  return "wasm";
#else
  return "native";
#endif
}

std::string bench_json(const BenchRow& row) {
  char buffer[256];
  std::snprintf(buffer, sizeof buffer,
                "{\"game\":\"%s\",\"size\":%d,\"what\":\"%s\",\"per_second\":%.0f,\"build\":\"%s\"}",
                row.game.c_str(), row.size, row.what.c_str(), row.per_second, build_name());
  return buffer;
}

std::string bench_table_header() {
  char buffer[128];
  std::snprintf(buffer, sizeof buffer, "%-14s %5s %-9s %14s %10s %12s", "game", "size", "what", "playouts/s",
                "playouts", "moves/game");
  return buffer;
}

std::string bench_table_line(const BenchRow& row) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, "%-14s %5d %-9s %14.0f %10lld %12.1f", row.game.c_str(), row.size,
                row.what.c_str(), row.per_second, row.playouts, row.average_moves);
  return buffer;
}

}  // namespace stonegrid
