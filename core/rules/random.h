// A small, fast, seedable random generator (xoshiro128**-like quality is not needed; this is
// SplitMix64 feeding xorshift64*). Same sequence natively and in WebAssembly for a given seed.
#pragma once

#include <cstdint>

namespace stonegrid {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0x1234567ull) : state_(seed * 0x9E3779B97F4A7C15ull + 1) {
    if (state_ == 0) state_ = 1;
  }
  uint64_t next() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 0x2545F4914F6CDD1Dull;
  }
  // Uniform in [0, n), n > 0. Lemire's multiply-shift; the bias is below 2^-32 for n <= 625.
  uint32_t below(uint32_t n) { return static_cast<uint32_t>(((next() >> 32) * n) >> 32); }

 private:
  uint64_t state_;
};

}  // namespace stonegrid
