#include "core/draw/prng.h"

#include <cstdint>

namespace tally::core {

uint64_t DrawRng::Next() {
  uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t DrawRng::UniformBelow(uint64_t bound) {
  // 2^64 mod bound: the outputs below it would make small results likelier.
  const uint64_t threshold = (0 - bound) % bound;
  while (true) {
    const uint64_t r = Next();
    if (r >= threshold) return r % bound;
  }
}

}  // namespace tally::core
