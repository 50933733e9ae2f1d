// What lets threads share a search tree (mcts.h, `Mcts::search_threads`) with the walk down
// taking no lock: nodes that never move once made, and counts that a thread may read while
// another writes them.
//
//   Relaxed<T>   a count read and written with relaxed atomics: on x86 and in WebAssembly a
//                plain load or store, so one thread pays nothing. `+=` is for one writer at a
//                time; `add` for writers that race.
//   Published    a flag set once, after the data it announces (release), read with acquire,
//                so a reader that sees it set also sees that data.
//   BlockPool<T> elements in blocks that never move, appended in runs that stay contiguous.
//   SpinLock     the lock the threads take to grow a leaf and back up a result.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <memory>
#include <thread>

namespace stonegrid::bot {

template <typename T>
class Relaxed {
 public:
  Relaxed(T value = T()) : value_(value) {}  // NOLINT: a count reads as its value
  Relaxed(const Relaxed& other) : value_(other.load()) {}
  Relaxed& operator=(const Relaxed& other) {
    store(other.load());
    return *this;
  }
  Relaxed& operator=(T value) {
    store(value);
    return *this;
  }
  operator T() const { return load(); }  // NOLINT
  T load() const { return value_.load(std::memory_order_relaxed); }
  void store(T value) { value_.store(value, std::memory_order_relaxed); }
  // For one writer at a time (a lock held, or one thread): a load and a store.
  Relaxed& operator+=(T x) {
    store(load() + x);
    return *this;
  }
  // For writers that race: no addition is lost.
  void add(T x) {
    T seen = load();
    while (!value_.compare_exchange_weak(seen, seen + x, std::memory_order_relaxed)) {
    }
  }

 private:
  std::atomic<T> value_;
};

class Published {
 public:
  Published() = default;
  Published(const Published& other) : set_(other.is_set()) {}
  Published& operator=(const Published& other) {
    set_.store(other.is_set(), std::memory_order_relaxed);
    return *this;
  }
  operator bool() const { return is_set(); }  // NOLINT
  bool is_set() const { return set_.load(std::memory_order_acquire); }
  void set() { set_.store(true, std::memory_order_release); }

 private:
  std::atomic<bool> set_{false};
};

// The lock of a shared tree (`Mcts::search_threads`), held for a leaf's growth and a back up:
// about a microsecond. It spins on the flag instead of sleeping: a sleeping waiter's wake-up
// costs more than the wait (in WebAssembly, musl's mutex sleeps in Atomics.wait after 100
// spins), and the search threads never outnumber the cores. After a long spin it yields the
// core, in case the holder was preempted.
class SpinLock {
 public:
  void lock() {
    while (locked_.exchange(true, std::memory_order_acquire)) {
      for (int spins = 0; locked_.load(std::memory_order_relaxed); ++spins)
        if (spins >= 4096) {
          std::this_thread::yield();
          spins = 0;
        }
    }
  }
  bool try_lock() {
    return !locked_.load(std::memory_order_relaxed) && !locked_.exchange(true, std::memory_order_acquire);
  }
  void unlock() { locked_.store(false, std::memory_order_release); }

 private:
  std::atomic<bool> locked_{false};
};

// Up to `capacity` elements (rounded up to whole blocks) in blocks of 2^block_bits that are
// made as needed and never move, so a reader can hold an element while a writer appends.
// `append` keeps a run in one block (it starts the next block when the run would cross the
// end of this one; the skipped slots stay default elements), so a run is one array. One
// writer at a time; readers read only elements whose index was published to them.
template <typename T, int block_bits = 12>
class BlockPool {
 public:
  static constexpr size_t block = size_t{1} << block_bits;

  explicit BlockPool(size_t capacity = block) { reset(capacity); }
  BlockPool(const BlockPool&) = delete;
  BlockPool& operator=(const BlockPool&) = delete;

  // Empty, with room for `capacity` elements.
  void reset(size_t capacity) {
    block_count_ = std::max<size_t>(1, (capacity + block - 1) / block);
    blocks_ = std::make_unique<std::unique_ptr<T[]>[]>(block_count_);
    end_.store(0, std::memory_order_relaxed);
    count_.store(0, std::memory_order_relaxed);
  }
  void swap(BlockPool& other) {
    std::swap(blocks_, other.blocks_);
    std::swap(block_count_, other.block_count_);
    const size_t end = end_.load(std::memory_order_relaxed);
    end_.store(other.end_.load(std::memory_order_relaxed), std::memory_order_relaxed);
    other.end_.store(end, std::memory_order_relaxed);
    const size_t count = count_.load(std::memory_order_relaxed);
    count_.store(other.count_.load(std::memory_order_relaxed), std::memory_order_relaxed);
    other.count_.store(count, std::memory_order_relaxed);
  }

  T& operator[](size_t i) { return blocks_[i >> block_bits][i & (block - 1)]; }
  const T& operator[](size_t i) const { return blocks_[i >> block_bits][i & (block - 1)]; }
  // One past the last index used (skipped slots included). It and `count` can be read while a
  // writer appends.
  size_t end() const { return end_.load(std::memory_order_relaxed); }
  size_t count() const { return count_.load(std::memory_order_relaxed); }  // elements appended
  // Room left for a run of `n` (an upper bound of what `append` will take).
  size_t room() const { return block_count_ * block - end(); }

  // Appends copies of `from[0..n)` (n <= block) as one run; the index of the first, or -1
  // when the pool is full.
  long append(const T* from, size_t n) {
    size_t at = end();
    if ((at & (block - 1)) + n > block) at = (at | (block - 1)) + 1;
    if (n == 0 || n > block || at + n > block_count_ * block) return -1;
    std::unique_ptr<T[]>& b = blocks_[at >> block_bits];
    if (!b) b = std::make_unique<T[]>(block);
    std::copy(from, from + n, &b[at & (block - 1)]);
    end_.store(at + n, std::memory_order_relaxed);
    count_.store(count() + n, std::memory_order_relaxed);
    return static_cast<long>(at);
  }

 private:
  std::unique_ptr<std::unique_ptr<T[]>[]> blocks_;
  size_t block_count_ = 0;
  std::atomic<size_t> end_{0};
  std::atomic<size_t> count_{0};
};

}  // namespace stonegrid::bot
