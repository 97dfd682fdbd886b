// CompactResult holds every outcome a v1::TableResult can have, exactly:
// converted and back, the message's bytes are the same; one whose numbers
// do not fit is refused, never changed.

#include "replay/state/compact_result.h"

#include <optional>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tally/v1/common.pb.h"

namespace tally::replay {
namespace {

v1::TableResult Played(int level, int strain, int doubling, int declarer,
                       int tricks) {
  v1::TableResult r;
  v1::PlayedContract* p = r.mutable_played();
  p->set_level(level);
  p->set_strain(static_cast<v1::Strain>(strain));
  p->set_doubling(static_cast<v1::Doubling>(doubling));
  p->set_declarer(static_cast<v1::Seat>(declarer));
  p->set_tricks(tricks);
  return r;
}

v1::TableResult ScoreOnly(int ns_score) {
  v1::TableResult r;
  r.mutable_score_only()->set_ns_score(ns_score);
  return r;
}

TEST(CompactResultTest, EveryOutcomeComesBackByteForByte) {
  v1::TableResult passed_out;
  passed_out.mutable_passed_out();
  v1::TableResult not_played;
  not_played.mutable_not_played();
  const std::vector<v1::TableResult> results = {
      // 4S doubled by West, 9 tricks.
      Played(4, v1::STRAIN_SPADES, v1::DOUBLING_DOUBLED, v1::SEAT_WEST, 9),
      // 7NT redoubled by South, all 13 tricks.
      Played(7, v1::STRAIN_NO_TRUMP, v1::DOUBLING_REDOUBLED, v1::SEAT_SOUTH,
             13),
      // Every field at its default: a played contract, present but empty.
      Played(0, 0, 0, 0, 0),
      // Enum numbers this build does not name are kept (open enums).
      Played(1, 9, 7, 6, 0), passed_out, not_played, ScoreOnly(-100),
      ScoreOnly(0),     // present, though its one field is the default
      ScoreOnly(7600),  // 7NT redoubled vulnerable, 13 down: the largest
      ScoreOnly(-7600),
      v1::TableResult(),  // no outcome set
  };
  for (const v1::TableResult& result : results) {
    SCOPED_TRACE(result.ShortDebugString());
    const std::optional<CompactResult> compact = CompactResultOf(result);
    ASSERT_TRUE(compact.has_value());
    EXPECT_EQ(ToTableResult(*compact).SerializeAsString(),
              result.SerializeAsString());
    EXPECT_EQ(compact->has_not_played(), result.has_not_played());
    EXPECT_EQ(compact->has_played(), result.has_played());
  }
}

TEST(CompactResultTest, HoldsTheContractsNumbers) {
  const std::optional<CompactResult> c = CompactResultOf(
      Played(3, v1::STRAIN_HEARTS, v1::DOUBLING_UNDOUBLED, v1::SEAT_NORTH, 10));
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->outcome, CompactResult::Outcome::kPlayed);
  EXPECT_EQ(c->level, 3);
  EXPECT_EQ(c->strain, 3);    // STRAIN_HEARTS
  EXPECT_EQ(c->doubling, 1);  // DOUBLING_UNDOUBLED
  EXPECT_EQ(c->declarer, 1);  // SEAT_NORTH
  EXPECT_EQ(c->tricks, 10);
}

TEST(CompactResultTest, DifferentResultsStayDifferent) {
  EXPECT_NE(CompactResultOf(ScoreOnly(0)), CompactResultOf(v1::TableResult()));
  v1::TableResult passed_out;
  passed_out.mutable_passed_out();
  EXPECT_NE(CompactResultOf(passed_out), CompactResultOf(v1::TableResult()));
  EXPECT_NE(CompactResultOf(Played(4, 4, 1, 1, 10)),
            CompactResultOf(Played(4, 4, 1, 1, 11)));
}

TEST(CompactResultTest, NumbersThatDoNotFitAreRefusedNotChanged) {
  EXPECT_EQ(CompactResultOf(Played(256, 1, 1, 1, 7)), std::nullopt);
  EXPECT_EQ(CompactResultOf(Played(-1, 1, 1, 1, 7)), std::nullopt);
  EXPECT_EQ(CompactResultOf(Played(1, 300, 1, 1, 7)), std::nullopt);
  EXPECT_EQ(CompactResultOf(Played(1, 1, -2, 1, 7)), std::nullopt);
  EXPECT_EQ(CompactResultOf(Played(1, 1, 1, 1000, 7)), std::nullopt);
  EXPECT_EQ(CompactResultOf(Played(1, 1, 1, 1, 256)), std::nullopt);
  EXPECT_EQ(CompactResultOf(ScoreOnly(32768)), std::nullopt);
  EXPECT_EQ(CompactResultOf(ScoreOnly(-32769)), std::nullopt);
  // The edges that fit.
  EXPECT_NE(CompactResultOf(Played(255, 255, 255, 255, 255)), std::nullopt);
  EXPECT_NE(CompactResultOf(ScoreOnly(32767)), std::nullopt);
  EXPECT_NE(CompactResultOf(ScoreOnly(-32768)), std::nullopt);
}

}  // namespace
}  // namespace tally::replay
