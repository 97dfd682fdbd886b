#include "core/base/enum_ids.h"

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;

enum class Suit { kClubs, kDiamonds, kHearts, kSpades };

// Spades left out on purpose, to see what an unlisted value gets.
constexpr EnumIdTable<Suit, 3> kSuits = {{
    {Suit::kClubs, "clubs"},
    {Suit::kDiamonds, "diamonds"},
    {Suit::kHearts, "hearts"},
}};

TEST(EnumIdsTest, GivesTheIdTheTableLists) {
  EXPECT_EQ(EnumId(kSuits, Suit::kClubs), "clubs");
  EXPECT_EQ(EnumId(kSuits, Suit::kHearts), "hearts");
}

TEST(EnumIdsTest, GivesUnknownForAValueTheTableDoesNotList) {
  EXPECT_EQ(EnumId(kSuits, Suit::kSpades), "unknown");
}

TEST(EnumIdsTest, ParsesEveryListedId) {
  EXPECT_EQ(*ParseEnumId(kSuits, "suit", "clubs"), Suit::kClubs);
  EXPECT_EQ(*ParseEnumId(kSuits, "suit", "diamonds"), Suit::kDiamonds);
  EXPECT_EQ(*ParseEnumId(kSuits, "suit", "hearts"), Suit::kHearts);
}

TEST(EnumIdsTest, RejectsAnUnlistedIdNamingWhatAndListingTheIdsInOrder) {
  // Ids are matched exactly: "Clubs" is not "clubs".
  EXPECT_THAT(ParseEnumId(kSuits, "suit", "Clubs"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::Eq("unknown suit \"Clubs\"; expected one of "
                                     "\"clubs\", \"diamonds\", \"hearts\"")));
}

}  // namespace
}  // namespace tally::core
