#include "core/carryover/finals_carry_forward.h"

#include <map>
#include <string>
#include <vector>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

using M = FinalsMatch;

// Teams named by qualifying place.
const std::vector<std::string> kFive = {"first", "second", "third", "fourth",
                                        "fifth"};

void ExpectPairing(const FinalsFormat& format, FinalsMatch match,
                   const std::map<FinalsMatch, std::string>& winners,
                   const std::string& holder, const std::string& other) {
  SCOPED_TRACE(std::string(FinalsMatchName(match)));
  const FinalsPairing p = *ResolveFinalsMatch(format, match, kFive, winners);
  EXPECT_EQ(p.holder, holder);
  EXPECT_EQ(p.other, other);
  EXPECT_EQ(p.carry_forward, Rational(1, 10));
}

TEST(SabfFinalFiveTest, CarryForwardInEveryMatch) {
  // SABF TR 17.3 draw, 13.12 carry-forwards, with results: QF1 won by
  // fifth, QF2 by third, SF1 (second v fifth) by fifth, SF2 (first v third)
  // by third, PF (first v fifth) by first.
  const FinalsFormat& f = SabfFinalFive();
  std::map<FinalsMatch, std::string> won;
  // "The more highly placed team in the Qualifying and Elimination finals"
  ExpectPairing(f, M::kQualifyingFinal1, won, "fourth", "fifth");
  ExpectPairing(f, M::kQualifyingFinal2, won, "second", "third");
  won[M::kQualifyingFinal1] = "fifth";
  won[M::kQualifyingFinal2] = "third";
  // "The Qualifying final losers in the First Semi Final"
  ExpectPairing(f, M::kSemiFinal1, won, "second", "fifth");
  // "The top qualifiers in the Second Semi Final"
  ExpectPairing(f, M::kSemiFinal2, won, "first", "third");
  won[M::kSemiFinal1] = "fifth";
  won[M::kSemiFinal2] = "third";
  // "The Second Semi Final losers in the Preliminary Final"
  ExpectPairing(f, M::kPreliminaryFinal, won, "first", "fifth");
  won[M::kPreliminaryFinal] = "first";
  // "The winner of the second semi-final shall have the carry forward in the
  // Grand Final"
  ExpectPairing(f, M::kGrandFinal, won, "third", "first");
}

TEST(SabfFinalFourTest, CarryForwardInEveryMatch) {
  // SABF TR 13.11: semis to the better qualifier; PF to the loser of SF2;
  // GF to the winner of SF2. SF1 (third v fourth) won by fourth; SF2 (first
  // v second) won by second; PF (first v fourth) won by fourth.
  const FinalsFormat& f = SabfFinalFour();
  std::map<FinalsMatch, std::string> won;
  ExpectPairing(f, M::kSemiFinal1, won, "third", "fourth");
  ExpectPairing(f, M::kSemiFinal2, won, "first", "second");
  won[M::kSemiFinal1] = "fourth";
  won[M::kSemiFinal2] = "second";
  ExpectPairing(f, M::kPreliminaryFinal, won, "first", "fourth");
  won[M::kPreliminaryFinal] = "fourth";
  ExpectPairing(f, M::kGrandFinal, won, "second", "fourth");
}

TEST(ResolveFinalsMatchTest, NeedsTheEarlierResult) {
  EXPECT_THAT(ResolveFinalsMatch(SabfFinalFive(), M::kSemiFinal1, kFive, {}),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("Second Qualifying Final has no result")));
}

TEST(ResolveFinalsMatchTest, RejectsAWinnerWhoDidNotPlay) {
  const std::map<FinalsMatch, std::string> won = {
      {M::kQualifyingFinal1, "first"}, {M::kQualifyingFinal2, "third"}};
  EXPECT_THAT(
      ResolveFinalsMatch(SabfFinalFive(), M::kSemiFinal1, kFive, won),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("'first' is recorded as winning the First "
                         "Qualifying Final, which was fourth v fifth")));
}

TEST(ResolveFinalsMatchTest, RejectsTooFewTeamsAndUnknownMatches) {
  const std::vector<std::string> four(kFive.begin(), kFive.begin() + 4);
  EXPECT_THAT(
      ResolveFinalsMatch(SabfFinalFive(), M::kQualifyingFinal2, four, {}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("needs 5")));
  EXPECT_THAT(
      ResolveFinalsMatch(SabfFinalFour(), M::kQualifyingFinal1, four, {}),
      StatusIs(absl::StatusCode::kNotFound));
}

TEST(ResolveFinalsMatchTest, RejectsAFormatThatLoops) {
  FinalsFormat looping;
  looping.name = "looping";
  looping.teams = 1;
  looping.carry_forward = Rational(1, 10);
  looping.matches = {{M::kGrandFinal,
                      {FinalsSlot::From::kWinnerOf, 0, M::kGrandFinal},
                      {FinalsSlot::From::kQualifyingPlace, 1, M::kGrandFinal},
                      "test"}};
  const std::map<FinalsMatch, std::string> won = {{M::kGrandFinal, "first"}};
  EXPECT_THAT(ResolveFinalsMatch(looping, M::kGrandFinal, kFive, won),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("loop")));
}

}  // namespace
}  // namespace tally::core
