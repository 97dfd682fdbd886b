#include "core/forfeit/abandoned_match.h"

#include <vector>

#include "core/base/status_matchers.h"
#include "core/forfeit/forfeit_rules.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;

Rational R(const char* text) { return *Rational::Parse(text); }

MatchRecord Played(const char* own, const char* opponents) {
  return {MatchKind::kPlayed, R(own), R(opponents)};
}

TEST(SabfAbandonedMatchScoresTest, LesserToTheSideConcernedGreaterToOpponents) {
  // SABF TR 13.18. Side concerned averages (12 + 14 + 10) / 3 = 12; its
  // opponents (9 + 11) / 2 = 10. Concerned: lesser of 12 and 20 - 10 = 10;
  // opponents: greater of 10 and 20 - 12 = 8 -> 10. Sum 20.
  const std::vector<MatchRecord> concerned = {
      Played("12", "8"), Played("14", "6"), Played("10", "10")};
  const std::vector<MatchRecord> opponents = {Played("9", "11"),
                                              Played("11", "9")};
  const AbandonedMatchScores s =
      *SabfAbandonedMatchScores(concerned, opponents);
  EXPECT_EQ(s.concerned, Rational(10));
  EXPECT_EQ(s.opponents, Rational(10));
}

TEST(SabfAbandonedMatchScoresTest, StrongOpponentsKeepTheirAverage) {
  // Concerned average 8, opponents 15: concerned min(8, 20 - 15) = 5;
  // opponents max(15, 20 - 8 = 12) = 15. Sum 20.
  const std::vector<MatchRecord> concerned = {Played("8", "12")};
  const std::vector<MatchRecord> opponents = {Played("15", "5")};
  const AbandonedMatchScores s =
      *SabfAbandonedMatchScores(concerned, opponents);
  EXPECT_EQ(s.concerned, Rational(5));
  EXPECT_EQ(s.opponents, Rational(15));
}

TEST(SabfAbandonedMatchScoresTest, ForfeitsAreNotInTheAverage) {
  // Concerned: played 13 and a forfeit received (16, not completed) -> 13.
  // Opponents: 7. Concerned min(13, 13) = 13; opponents max(7, 7) = 7.
  const std::vector<MatchRecord> concerned = {Played("13", "7"),
                                              {MatchKind::kForfeit, 16, 0}};
  const std::vector<MatchRecord> opponents = {Played("7", "13")};
  const AbandonedMatchScores s =
      *SabfAbandonedMatchScores(concerned, opponents);
  EXPECT_EQ(s.concerned, Rational(13));
  EXPECT_EQ(s.opponents, Rational(7));
}

TEST(SabfAbandonedMatchScoresTest, NoCompletedMatchIsTheDirectorsCall) {
  const std::vector<MatchRecord> opponents = {Played("7", "13")};
  EXPECT_THAT(SabfAbandonedMatchScores({}, opponents),
              StatusIs(absl::StatusCode::kFailedPrecondition));
}

TEST(SabfCancelledMatchScoresTest, PresentTeamGetsTheForfeitScore) {
  // SABF TR 13.9, last paragraph, 10 boards (+12 IMPs = 14.00 VPs).
  // Present team: 11 and 11 -> mean 11. Absent team: 3 and 5 (mean 4);
  // its opponents 17 and 15 -> mean 16. Present: greatest of 14, 11, 16
  // = 16. Absent (default): greater of 4 and 20 - 16 = 4 -> 4.
  // Read as the complement of the present team's mean: greater of 4 and
  // 20 - 11 = 9 -> 9.
  const ForfeitRule rule = SabfForfeitRule(R("14.00"));
  const std::vector<MatchRecord> present = {Played("11", "9"),
                                            Played("11", "9")};
  const std::vector<MatchRecord> absent = {Played("3", "17"),
                                           Played("5", "15")};
  const CancelledMatchScores by_match =
      *SabfCancelledMatchScores(rule, present, absent);
  EXPECT_EQ(by_match.present.non_offender, Rational(16));
  EXPECT_EQ(by_match.absent, Rational(4));
  const CancelledMatchScores by_mean = *SabfCancelledMatchScores(
      rule, present, absent, CancelledMatchComplement::kOfPresentTeamsMean);
  EXPECT_EQ(by_mean.present.non_offender, Rational(16));
  EXPECT_EQ(by_mean.absent, Rational(9));
}

TEST(SabfCancelledMatchScoresTest, AbsentTeamKeepsAHigherMean) {
  // Present team: no completed match; absent team 13 and 15 (mean 14),
  // opponents 7 and 5 (mean 6). Present: greatest of 14.00, -, 6 = 14.
  // Absent: greater of 14 and 20 - 14 = 6 -> 14.
  const ForfeitRule rule = SabfForfeitRule(R("14.00"));
  const std::vector<MatchRecord> absent = {Played("13", "7"),
                                           Played("15", "5")};
  const CancelledMatchScores s = *SabfCancelledMatchScores(rule, {}, absent);
  EXPECT_EQ(s.present.non_offender, Rational(14));
  EXPECT_EQ(s.absent, Rational(14));
  EXPECT_THAT(
      SabfCancelledMatchScores(rule, {}, absent,
                               CancelledMatchComplement::kOfPresentTeamsMean),
      StatusIs(absl::StatusCode::kFailedPrecondition));
}

}  // namespace
}  // namespace tally::core
