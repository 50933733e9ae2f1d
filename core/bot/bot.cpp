// The facade: level table, tree reuse across moves, threads for time-bounded searches.
#include "bot/bot.h"

#include <algorithm>
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

// A legal turn after which the player to move has won, if there is one.
std::optional<Move> winning_turn(const GameState& state) {
  MoveList list;
  state.legal_moves(list);
  for (const Move& m : list) {
    const std::unique_ptr<GameState> after = state.clone();
    if (after->play(m) && after->is_over() && after->outcome().winner_player == state.to_move()) return m;
  }
  return std::nullopt;
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
  options.seed = options_.seed ^ (game.state().hash() * 0x9E3779B97F4A7C15ull);
  options.weakened = level_limits.weakened;
  options.score_leads = options_.score_leads;
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

  // Keep the tree when `game` continues the searched position with the same kind of search.
  bool kept = search_ && record_ && continues(*record_, game.record()) &&
              search_->options().weakened == options.weakened;
  if (kept) {
    search_->set_options(options);
    for (size_t i = record_->moves.size(); i < game.moves().size() && kept; ++i)
      kept = search_->advance(game.moves()[i]);
    kept = kept && search_->root_hash() == game.state().hash();
  }
  if (!kept) search_ = game.kind().type().search(game.state(), options, last_point(game.record()));
  search_->start(limits);
  record_ = game.record();
  started_ = true;
  wins_now_ = level_limits.weakened || game.state().is_over() ? std::nullopt : winning_turn(game.state());

  // No more threads than cores (1 in WebAssembly without pthreads: no thread is ever made).
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  threads_ = cores > 0 ? std::min(options_.threads, cores) : options_.threads;
  if (limits.playouts > 0 || limits.seconds <= 0) threads_ = 1;
}

int Bot::step(double budget_ms) {
  return search_ && !wins_now_ ? search_->step(budget_ms) : 0;
}

void Bot::think(const std::function<void()>& report) {
  if (search_ && !wins_now_) search_->search_threads(threads_, report);
}

bool Bot::done() const {
  return !search_ || wins_now_ || search_->done();
}

void Bot::stop() {
  if (search_) search_->stop();
}

Move Bot::move() {
  if (wins_now_) return *wins_now_;
  return search_ ? search_->best_move() : Move::resign();
}

bot::Analysis Bot::analysis(int top) const {
  if (wins_now_) {  // no search needed: the turn that wins, certain
    bot::Analysis a;
    a.winrate = 1;
    a.moves.push_back(bot::MoveStats{.move = *wins_now_, .visits = 1, .winrate = 1});
    a.line = {*wins_now_};
    return a;
  }
  return search_ ? search_->analysis(top) : bot::Analysis{};
}

long long Bot::playouts() const {
  return search_ ? search_->searched() : 0;
}

size_t Bot::nodes() const {
  return search_ ? search_->nodes() : 0;
}

}  // namespace stonegrid
