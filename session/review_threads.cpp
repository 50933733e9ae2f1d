// The review's threads: a shared counter hands out positions; each result waits in `done_`
// until the UI thread collects it in order.
#include "review_threads.h"

#include <algorithm>
#include <system_error>

#include "bot/bot.h"

namespace stonegrid {

int review_threads_for(unsigned cores) {
  return std::clamp(static_cast<int>(cores) - 1, 1, 4);
}

ReviewThreads::ReviewThreads(const Reviewer& review, int threads) : first_(review.searched()) {
  // The positions from the first not searched: the start of the record, then a turn at a time.
  GameRecord record = review.game().record();
  const std::vector<Move> moves = record.moves;
  record.moves.assign(moves.begin(), moves.begin() + first_);
  std::string error;
  std::optional<AnyGame> position = AnyGame::replay(record, error);
  for (int i = first_; position && i < review.positions(); ++i) {
    positions_.push_back(*position);
    if (i < static_cast<int>(moves.size())) position->play(moves[static_cast<size_t>(i)]);
  }
  done_.resize(positions_.size());
  for (int i = 0; i < std::max(1, threads); ++i) {
    searchers_.push_back(std::make_unique<Searcher>());
    searchers_.back()->bot = review.make_bot();
  }
  for (const std::unique_ptr<Searcher>& searcher : searchers_) {
    try {
      threads_.emplace_back([this, s = searcher.get()] { work(*s); });
    } catch (const std::system_error&) {
      break;  // the system would not make another thread: those made do the work
    }
  }
}

ReviewThreads::~ReviewThreads() {
  stopping_.store(true);
  for (const std::unique_ptr<Searcher>& searcher : searchers_) {
    std::lock_guard<std::mutex> hold(searcher->starting);
    searcher->bot->stop();
  }
  for (std::thread& t : threads_) t.join();
}

void ReviewThreads::work(Searcher& searcher) {
  Bot& bot = *searcher.bot;
  for (;;) {
    const int i = next_.fetch_add(1);
    if (i >= static_cast<int>(positions_.size())) return;
    const AnyGame& position = positions_[static_cast<size_t>(i)];
    Reviewer::Judged judged;
    if (!position.state().is_over()) {
      {
        std::lock_guard<std::mutex> hold(searcher.starting);
        if (stopping_.load()) return;
        bot.start(position, max_level);
      }
      bot.think();
      if (stopping_.load()) return;
      judged = Reviewer::judged_of(bot, position);
    }
    std::lock_guard<std::mutex> hold(lock_);
    done_[static_cast<size_t>(i)] = std::move(judged);
  }
}

void ReviewThreads::collect(Reviewer& review) {
  std::lock_guard<std::mutex> hold(lock_);
  for (int i = review.searched() - first_;
       i >= 0 && i < static_cast<int>(done_.size()) && done_[static_cast<size_t>(i)]; ++i) {
    review.add(std::move(*done_[static_cast<size_t>(i)]));
    done_[static_cast<size_t>(i)].reset();
  }
}

}  // namespace stonegrid
