// A review searched on threads of its own (the page's threaded build, where the session has
// search threads: Session::set_search_threads), instead of in the frames' slices. Each thread
// takes the next position no thread has taken, searches it with a bot of its own and leaves the
// result; the UI thread moves the results, in order, into the Reviewer it shows (`collect`), so
// the Reviewer itself is only ever used on the UI thread. The effort per position is the
// review's (playouts), as in slices, but the result is not deterministic: which thread searches
// which position, and so which search tree it starts from, depends on timing.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "tools/review.h"

namespace stonegrid {

// The threads a review takes on a machine with `cores` cores: all but one, which the page's
// frames keep (on 2 cores, two review threads beside the page made frames of 50 ms at p95, one
// keeps them at 16.7: docs/benchmarks.md), at least 1 and at most 4.
int review_threads_for(unsigned cores);

class ReviewThreads {
 public:
  // Starts `threads` threads (at least 1) on the positions `review` has not searched.
  ReviewThreads(const Reviewer& review, int threads);
  // Stops the searches (each ends within a simulation) and waits for the threads.
  ~ReviewThreads();
  ReviewThreads(const ReviewThreads&) = delete;
  ReviewThreads& operator=(const ReviewThreads&) = delete;

  // Adds to `review` the positions searched since, in order (the first missing one stops it).
  void collect(Reviewer& review);
  int threads() const { return static_cast<int>(threads_.size()); }

 private:
  // One thread's bot, and the lock that keeps `stop` away while the bot starts a search.
  struct Searcher {
    std::unique_ptr<Bot> bot;
    std::mutex starting;
  };
  void work(Searcher& searcher);

  int first_ = 0;                   // the number of positions_[0]
  std::vector<AnyGame> positions_;  // the positions to search, in order
  std::atomic<int> next_ = 0;       // the next index into positions_ no thread has taken
  std::atomic<bool> stopping_ = false;
  std::mutex lock_;                                    // guards `done_`
  std::vector<std::optional<Reviewer::Judged>> done_;  // per index into positions_
  std::vector<std::unique_ptr<Searcher>> searchers_;
  std::vector<std::thread> threads_;
};

}  // namespace stonegrid
