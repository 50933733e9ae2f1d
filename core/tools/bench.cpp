// The benchmark's rows come from the table of games (game_type.h): each game on 9×9 (or its
// default size where 9 is not allowed) and on 19×19, and a game whose colours are decided by a
// `take` also from just after an immediate take ("looper-take": its play phase only). A
// playout is the game's own loop (`GameType::random_moves`, a template over the game class), so
// the figure measures the rules code; one virtual call and one copy of the start per playout.
// The clock is read once every 16 playouts.
//
// Timed as the bot's search runs in the page: in optimised code. V8 starts WebAssembly in
// baseline code and moves a function to optimised code only on a later call, with no switch
// inside a running loop, so a row timed in one long call could run in baseline code for some or
// all of its time (Loose playouts as WebAssembly measured 53,000–76,000 a second from run to run
// that way). Hence each playout is a call of its own, and each row is timed after a warm-up run
// of the same loop (a quarter of its time, discarded); natively too.
#include "tools/bench.h"

#include <chrono>
#include <cstdio>

#include "rules/game_type.h"

namespace stonegrid {

namespace {

BenchRow measure(const GameType& type, const GameState& start, const std::string& game, double seconds) {
  using Clock = std::chrono::steady_clock;
  Rng rng(0xBE7C4);
  const int cap = 3 * start.size() * start.size();
  long long playouts = 0, moves = 0;
  const auto begin = Clock::now();
  double elapsed = 0;
  do {
    std::unique_ptr<GameState> state = start.clone();
    moves += type.random_moves(*state, rng, cap);
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

}  // namespace

std::vector<BenchStart> bench_starts() {
  std::vector<BenchStart> starts;
  for (GameKind kind : game_kinds()) {
    const GameFacts& facts = kind.facts();
    const int small = facts.size_allowed(9) ? 9 : facts.default_size;
    for (int size : {small, 19}) {
      if (!facts.size_allowed(size) || (size == 19 && small == 19)) continue;
      RuleChoices choices{size, facts.default_komi, 0};
      starts.push_back({std::string(facts.name), kind, choices, false});
      if (facts.colors_by_take && size == small)
        starts.push_back({std::string(facts.name) + "-take", kind, choices, true});
    }
  }
  return starts;
}

std::unique_ptr<GameState> bench_state(const BenchStart& start) {
  std::unique_ptr<GameState> state = start.kind.type().create(start.choices);
  if (start.after_take) state->play(Move::take());
  return state;
}

std::vector<BenchRow> run_bench(const BenchOptions& options,
                                const std::function<void(const BenchRow&)>& done) {
  std::vector<BenchRow> rows;
  for (const BenchStart& start : bench_starts()) {
    if (start.name.compare(0, options.game.size(), options.game) != 0) continue;
    const std::unique_ptr<GameState> state = bench_state(start);
    const GameType& type = start.kind.type();
    measure(type, *state, start.name, options.seconds / 4);  // warm-up, see the top of this file
    rows.push_back(measure(type, *state, start.name, options.seconds));
    if (done) done(rows.back());
  }
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
