// The bot as the front ends see it: one non-template class over `AnyGame`. It owns a search of
// the game being played (`bot::Search`, made by the game's table line), keeps the tree between moves when
// the new position continues the old one, and runs in slices:
//
//   bot.start(game, level);              // once per move
//   while (!bot.done()) bot.step(8);     // e.g. once per browser frame, 8 ms each
//   Move m = bot.move();                 // any time: the best move so far (always legal)
//
// Levels 1–10 (`level_settings`, docs/bot.md):
//   level  1     2     3     4     5     6      7      8      9       10
//   plays  30*   80    180   400   900   2000   4000   9000   19000   time only
//   time   -     -     -     -     -     -      ≤0.5s  ≤0.8s  ≤1.2s   2 s (or the clock)
//   (* plain random playouts, no priors: a beginner can win.) Resignation (win rate below 5 %
//   after at least 1000 playouts of the move) is on from level 7.
// No platform code: time is std::chrono::steady_clock, read inside `step`.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bot/komi.h"  // komi advice: fair_komi, choose_color
#include "bot/search.h"
#include "rules/any_game.h"

namespace stonegrid {

struct LevelSettings {
  long long playouts = 0;  // 0: no playout limit
  double seconds = 0;      // 0: no time limit
  bool weakened = false;
  bool resigns = false;
};

inline constexpr int min_level = 1;
inline constexpr int max_level = 10;
// The table above; a level outside 1..10 is clamped.
LevelSettings level_settings(int level);

class Bot {
 public:
  struct Options {
    uint64_t seed = 0x5EED;
    // -1: by level (0.05 from level 7, else never); 0: never; else the threshold.
    double resign_threshold = -1;
    // > 0: overrides the level's time per move (seconds) and lifts its playout limit unless
    // `playouts` is also set.
    double seconds = 0;
    long long playouts = 0;  // > 0: overrides the level's playout limit
    bool cpu_time = false;   // count time limits in processor time (SearchLimits::cpu_time)
    // Threads for `think` when the move's search is bounded by time only (level 10, a clock,
    // `seconds` without `playouts`): tree parallelism, the threads sharing one tree
    // (`Mcts::search_threads`). Playout-bounded searches and `step` (the page's slices) use
    // one thread, so they stay deterministic. Under `cpu_time` the clock counts every
    // thread's time. At most the machine's cores (std::thread::hardware_concurrency; 1 in
    // WebAssembly without pthreads, where no thread is made).
    int threads = 1;
    // Keep the mean score lead of each root move's playouts (`MoveStats::score_lead`): the
    // review's points lost, in a game with a count.
    bool score_leads = false;
  };

  Bot() = default;
  explicit Bot(const Options& options) : options_(options) {}
  void set_options(const Options& options) { options_ = options; }
  const Options& options() const { return options_; }

  // Begins thinking about the side to move in `game`. Reuses the tree when `game` continues
  // the position of the previous search (same settings, moves extending the old record).
  void start(const AnyGame& game, int level);
  // Thinks for about `budget_ms`; returns simulations run.
  int step(double budget_ms);
  // Searches until done (blocking; for the command line, or on a thread of its own), on
  // `Options::threads` threads when the search is bounded by time only. `report`, when given,
  // is called about every 100 ms on the calling thread, where `analysis` may be read while the
  // search goes on; `stop` may be called from any other thread (the search then ends within a
  // simulation). Nothing else may be called until `think` returns.
  void think(const std::function<void()>& report = {});
  bool done() const;
  void stop();
  bool thinking() const { return started_ && !done(); }
  // The best move so far for the position given to `start` (resign when the game is over); a
  // turn that wins at once whatever the search says.
  Move move();
  bot::Analysis analysis(int top = 5) const;
  long long playouts() const;               // simulations of the current search (all threads')
  int threads() const { return threads_; }  // `think`'s threads for the current search
  size_t nodes() const;

 private:
  Options options_;
  std::unique_ptr<bot::Search> search_;  // made by the game's table line (game_type.h)
  int threads_ = 1;
  std::optional<GameRecord> record_;  // the position of the current tree
  bool started_ = false;
  // A turn that wins the game at once (a Looper `take` after the ballot made a loop, a pass that
  // ends a won Go game), found before searching: played without waiting for the search (not
  // at level 1, whose mistakes are its point).
  std::optional<Move> wins_now_;
};

}  // namespace stonegrid
