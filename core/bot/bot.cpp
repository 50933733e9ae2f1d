// The facade: level table, tree reuse across moves, helper threads for time-bounded searches.
#include "bot/bot.h"

#include <algorithm>
#include <atomic>
#include <thread>

namespace stonegrid {

LevelSettings level_settings(int level) {
  static constexpr LevelSettings table[max_level] = {
      {30, 0, true, false},      {80, 0, false, false},   {180, 0, false, false},   {400, 0, false, false},
      {900, 0, false, false},    {2000, 0, false, false}, {4000, 0.5, false, true}, {9000, 0.8, false, true},
      {19000, 1.2, false, true}, {0, 2.0, false, true},
  };
  return table[std::clamp(level, min_level, max_level) - 1];
}

namespace {

// Same game and settings, and `now` extends `before` (same set-up, same first moves).
bool continues(const GameRecord& before, const GameRecord& now) {
  const GameSettings& a = before.settings;
  const GameSettings& b = now.settings;
  if (a.kind != b.kind || a.size != b.size || a.komi != b.komi || a.variant != b.variant) return false;
  if (before.setup != now.setup || before.moves.size() > now.moves.size()) return false;
  return std::equal(before.moves.begin(), before.moves.end(), now.moves.begin());
}

Point last_point(const GameRecord& record) {
  if (record.moves.empty() || !record.moves.back().is_place()) return no_point;
  const Move& m = record.moves.back();
  return m.points[m.count - 1];
}

}  // namespace

void Bot::start(const AnyGame& game, int level) {
  const LevelSettings level_limits = level_settings(level);
  bot::SearchOptions options;
  options.seed = options_.seed ^ (game.hash() * 0x9E3779B97F4A7C15ull);
  options.weakened = level_limits.weakened;
  options.resign_threshold = options_.resign_threshold >= 0 ? options_.resign_threshold
                             : level_limits.resigns         ? 0.05
                                                            : 0.0;
  if (game.size() > 9) options.expand_after = game.size() > 13 ? 8 : 6;
  bot::SearchLimits limits{level_limits.playouts, level_limits.seconds};
  if (options_.seconds > 0)
    limits = {options_.playouts, options_.seconds};
  else if (options_.playouts > 0)
    limits = {options_.playouts, 0};
  limits.cpu_time = options_.cpu_time;

  // Keep the trees (the main one and the helpers') when `game` continues the searched position
  // with the same kind of search.
  const bool continued = record_ && continues(*record_, game.record());
  auto follow = [&](bot::Search& search, const bot::SearchOptions& own) {
    if (search.options().weakened != own.weakened) return false;
    search.set_options(own);
    for (size_t i = record_->moves.size(); i < game.moves().size(); ++i)
      if (!search.advance(game.moves()[i])) return false;
    return search.root_hash() == game.hash();
  };
  auto fresh = [&](const bot::SearchOptions& own) {
    return game.kind().type().search(game.state(), own, last_point(game.record()));
  };
  if (!(search_ && continued && follow(*search_, options))) search_ = fresh(options);
  search_->start(limits);

  // No more threads than cores (1 in WebAssembly without pthreads: no thread is ever made).
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  const int threads = cores > 0 ? std::min(options_.threads, cores) : options_.threads;
  const bool parallel = threads > 1 && limits.playouts <= 0 && limits.seconds > 0 && !game.is_over();
  // A helper's tree is kept only two moves or more on: `think` added its root statistics to the
  // main tree's root and root children, and from two moves on these are behind the new root,
  // so none of the helper's simulations is counted twice.
  const bool helpers_continue = continued && game.moves().size() >= record_->moves.size() + 2;
  std::vector<std::unique_ptr<bot::Search>> kept = std::move(helpers_);
  helpers_.clear();
  helper_playouts_ = 0;
  for (int i = 1; parallel && i < threads; ++i) {
    bot::SearchOptions own = options;
    own.seed = options.seed ^ (0xD1B54A32D192ED03ull * static_cast<uint64_t>(i));
    std::unique_ptr<bot::Search> helper =
        i - 1 < static_cast<int>(kept.size()) ? std::move(kept[i - 1]) : nullptr;
    if (!(helper && helpers_continue && follow(*helper, own))) helper = fresh(own);
    helper->start(limits);
    helpers_.push_back(std::move(helper));
  }
  record_ = game.record();
  started_ = true;
}

int Bot::step(double budget_ms) {
  return search_ ? search_->step(budget_ms) : 0;
}

void Bot::think() {
  // The helpers (none unless the move is searched by time on several threads) search until their own limits
  // or until the main search is done (its early stop included), then their root statistics join the main
  // tree.
  std::atomic<bool> finished{false};
  std::vector<std::thread> threads;
  for (std::unique_ptr<bot::Search>& helper : helpers_)
    threads.emplace_back([&finished, search = helper.get()] {
      while (!finished.load(std::memory_order_relaxed) && !search->done()) search->step(20);
    });
  while (!done()) step(50);
  finished.store(true, std::memory_order_relaxed);
  for (std::thread& t : threads) t.join();
  for (const std::unique_ptr<bot::Search>& helper : helpers_) {
    const bot::RootStats stats = helper->root_stats();
    search_->absorb(stats);
    helper_playouts_ += stats.searched;
  }
}

bool Bot::done() const {
  return !search_ || search_->done();
}

void Bot::stop() {
  if (search_) search_->stop();
}

Move Bot::move() {
  return search_ ? search_->best_move() : Move::resign();
}

bot::Analysis Bot::analysis(int top) const {
  return search_ ? search_->analysis(top) : bot::Analysis{};
}

long long Bot::playouts() const {
  return search_ ? search_->searched() : 0;
}

size_t Bot::nodes() const {
  return search_ ? search_->nodes() : 0;
}

size_t Bot::helper_nodes() const {
  size_t n = 0;
  for (const std::unique_ptr<bot::Search>& helper : helpers_) n += helper->nodes();
  return n;
}

}  // namespace stonegrid
