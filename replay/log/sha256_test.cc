#include "replay/log/sha256.h"

#include "gtest/gtest.h"

namespace tally::replay {
namespace {

TEST(Sha256Test, MatchesTheFipsTestVectors) {
  // FIPS 180-2 appendix B.1 and the empty string.
  EXPECT_EQ(ToHex(Sha256("abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(ToHex(Sha256("")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(Sha256Test, ChainHashIsTheDigestOfBothPartsInOrder) {
  EXPECT_EQ(ChainHash("ab", "c"), Sha256("abc"));
  EXPECT_NE(ChainHash("c", "ab"), Sha256("abc"));
  EXPECT_EQ(GenesisHash().size(), kHashSize);
}

}  // namespace
}  // namespace tally::replay
