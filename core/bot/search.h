// `Search`: one search of any game behind virtual calls, for the `Bot` facade — so the facade
// needs no list of games. `SearchOf<G>` wraps `Mcts<G>`; the game's table line makes one
// (game_type_of.h). The virtual call happens once per slice, never inside a simulation.
#pragma once

#include <functional>
#include <memory>

#include "bot/mcts.h"
#include "rules/game_type.h"

namespace stonegrid::bot {

class Search {
 public:
  virtual ~Search() = default;
  virtual const SearchOptions& options() const = 0;
  virtual void set_options(const SearchOptions& options) = 0;
  // Plays a turn at the root keeping its subtree; false when illegal (the search is unchanged).
  virtual bool advance(const Move& move) = 0;
  virtual uint64_t root_hash() const = 0;
  virtual void start(const SearchLimits& limits) = 0;
  virtual int step(double budget_ms) = 0;
  virtual bool done() const = 0;
  virtual void stop() = 0;
  virtual Move best_move() = 0;
  virtual Analysis analysis(int top) const = 0;
  virtual long long searched() const = 0;
  virtual size_t nodes() const = 0;
  virtual void search_threads(int threads, const std::function<void()>& report) = 0;
};

template <Game G>
class SearchOf final : public Search {
 public:
  SearchOf(const G& root, const SearchOptions& options, Point last) : mcts_(root, options, last) {}
  const SearchOptions& options() const override { return mcts_.options(); }
  void set_options(const SearchOptions& options) override { mcts_.set_options(options); }
  bool advance(const Move& move) override { return mcts_.advance(move); }
  uint64_t root_hash() const override { return mcts_.root().hash(); }
  void start(const SearchLimits& limits) override { mcts_.start(limits); }
  int step(double budget_ms) override { return mcts_.step(budget_ms); }
  bool done() const override { return mcts_.done(); }
  void stop() override { mcts_.stop(); }
  Move best_move() override { return mcts_.best_move(); }
  Analysis analysis(int top) const override { return mcts_.analysis(top); }
  long long searched() const override { return mcts_.searched(); }
  size_t nodes() const override { return mcts_.nodes(); }
  void search_threads(int threads, const std::function<void()>& report) override {
    mcts_.search_threads(threads, report);
  }

 private:
  Mcts<G> mcts_;
};

}  // namespace stonegrid::bot
