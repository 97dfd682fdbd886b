#include "core/draw/prng.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::testing::ElementsAre;

// Published SplitMix64 outputs for seed 0 (Vigna's splitmix64.c).
TEST(DrawRngTest, MatchesReferenceSplitMix64FromSeedZero) {
  DrawRng rng(0);
  EXPECT_EQ(rng.Next(), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(rng.Next(), 0x6e789e6aa1b965f4ULL);
  EXPECT_EQ(rng.Next(), 0x06c45d188009454fULL);
  EXPECT_EQ(rng.Next(), 0xf88bb8a8724c81ecULL);
}

// The widely quoted test vector for seed 1234567 (e.g. the xoshiro
// reference seeding examples and java.util.SplittableRandom's mixer).
TEST(DrawRngTest, MatchesReferenceSplitMix64FromSeed1234567) {
  DrawRng rng(1234567);
  EXPECT_EQ(rng.Next(), 6457827717110365317ULL);
  EXPECT_EQ(rng.Next(), 3203168211198807973ULL);
  EXPECT_EQ(rng.Next(), 9817491932198370423ULL);
  EXPECT_EQ(rng.Next(), 4593380528125082431ULL);
  EXPECT_EQ(rng.Next(), 16408922859458223821ULL);
}

TEST(DrawRngTest, UniformBelowIsTheOutputModuloBoundAboveTheThreshold) {
  // For bound 10 the threshold is 2^64 mod 10 = 6, so the first output of
  // seed 0 (0xe220a8397b1dcdaf = 16294208416658607535) is kept: ...535 mod
  // 10 = 5.
  DrawRng rng(0);
  EXPECT_EQ(rng.UniformBelow(10), 5u);
}

TEST(DrawRngTest, UniformBelowStaysInRangeAndBoundOneIsZero) {
  DrawRng rng(42);
  for (int i = 0; i < 1000; ++i) {
    EXPECT_LT(rng.UniformBelow(7), 7u);
    EXPECT_EQ(rng.UniformBelow(1), 0u);
  }
}

TEST(DrawRngTest, SameSeedSameShuffleAndItIsAPermutation) {
  std::vector<int> a = {1, 2, 3, 4, 5, 6, 7, 8};
  std::vector<int> b = a;
  DrawRng r1(99);
  DrawRng r2(99);
  r1.Shuffle(a);
  r2.Shuffle(b);
  EXPECT_EQ(a, b);
  std::sort(a.begin(), a.end());
  EXPECT_THAT(a, ElementsAre(1, 2, 3, 4, 5, 6, 7, 8));
}

TEST(DrawRngTest, ShuffleOfTwoFollowsTheDocumentedSwap) {
  // Fisher-Yates on two items: i = 2 swaps item 1 with UniformBelow(2).
  // Seed 0's first output is odd (...535), so UniformBelow(2) = 1: no swap.
  std::vector<int> v = {10, 20};
  DrawRng rng(0);
  rng.Shuffle(v);
  EXPECT_THAT(v, ElementsAre(10, 20));
  // Seed 0's second output 0x6e789e6aa1b965f4 is even: a swap.
  std::vector<int> w = {10, 20};
  DrawRng rng2(0);
  rng2.Next();
  rng2.Shuffle(w);
  EXPECT_THAT(w, ElementsAre(20, 10));
}

}  // namespace
}  // namespace tally::core
