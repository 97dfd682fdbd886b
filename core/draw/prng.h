// DrawRng: the one source of randomness a draw may use. A draw is a stored
// decision, so every "random" choice in it (the round-one quarters of SABF
// TR 14.1, the home team by lot of SABF TR 13.6) is a pure function of a
// 64-bit seed the caller stores with the draw: recomputing a draw from the
// same inputs and seed gives the same draw on every machine.
//
// The generator is SplitMix64 (Steele, Lea and Flood, "Fast splittable
// pseudorandom number generators", OOPSLA 2014; reference code by Sebastiano
// Vigna, https://prng.di.unimi.it/splitmix64.c):
//
//   state += 0x9e3779b97f4a7c15
//   z = state
//   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
//   z = (z ^ (z >> 27)) * 0x94d049bb133111eb
//   return z ^ (z >> 31)            (all arithmetic modulo 2^64)
//
// The seed is the initial state. UniformBelow(bound) draws without bias by
// rejection: it discards outputs below 2^64 mod bound and returns the next
// output modulo bound. Shuffle is Fisher-Yates from the last element down,
// element i swapping with UniformBelow(i + 1). These three definitions are
// part of the stored format of a draw: changing any of them changes stored
// draws, so they must never change.
//
// Intentionally copyable (a copy continues the same sequence).
// Thread-compatible.

#ifndef TALLY_CORE_DRAW_PRNG_H_
#define TALLY_CORE_DRAW_PRNG_H_

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace tally::core {

class DrawRng {
 public:
  explicit DrawRng(uint64_t seed) : state_(seed) {}

  // The next 64-bit output of SplitMix64.
  uint64_t Next();

  // A uniformly distributed integer in [0, bound). Requires bound > 0.
  uint64_t UniformBelow(uint64_t bound);

  // Puts `items` in a uniformly random order (Fisher-Yates, see above).
  template <typename T>
  void Shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      const std::size_t j = static_cast<std::size_t>(UniformBelow(i));
      std::swap(items[i - 1], items[j]);
    }
  }

 private:
  uint64_t state_;
};

}  // namespace tally::core

#endif  // TALLY_CORE_DRAW_PRNG_H_
