#include "core/vp/vp_scale.h"

#include <set>
#include <string>

#include "core/base/status_matchers.h"
#include "core/vp/vp_testdata.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using testdata::HoldsVps;
using ::testing::HasSubstr;

MATCHER_P(IsOkAndHolds, expected,
          "is OK and holds " + ::testing::PrintToString(expected)) {
  if (!arg.ok()) {
    *result_listener << "status is " << arg.status();
    return false;
  }
  *result_listener << "holds " << *arg;
  return *arg == expected;
}

VpScaleSpec Spec(absl::string_view id) {
  return VpScaleSpec{std::string(id), {}};
}

VpResult Vps(int64_t units, int64_t opponent_units, int places) {
  return VpResult{Decimal(units, places), Decimal(opponent_units, places)};
}

TEST(VpScaleTest, ListsEveryScaleOnceAndFindsEachById) {
  std::set<std::string> ids;
  for (const VpScaleInfo& info : AllVpScales()) {
    EXPECT_TRUE(ids.insert(std::string(info.id)).second) << info.id;
    EXPECT_FALSE(info.clause.empty()) << info.id;
    absl::StatusOr<VpScaleInfo> found = FindVpScale(info.id);
    ASSERT_THAT(found, IsOk());
    EXPECT_EQ(found->id, info.id);
  }
  EXPECT_THAT(
      ids, ::testing::ElementsAre("abf_butler_sabf_21_2",
                                  "abf_swiss_pairs_12_anc", "ipc_anc_appendix",
                                  "itc_anc_10_10", "mp_swiss_pairs_sabf_21_13",
                                  "wbf2013_continuous", "wbf2013_discrete"));
}

TEST(VpScaleTest, UnknownIdIsNotFoundAndListsTheScales) {
  EXPECT_THAT(
      FindVpScale("wbf2009"),
      StatusIs(absl::StatusCode::kNotFound, HasSubstr("wbf2013_continuous")));
  EXPECT_THAT(VpForMargin(Spec("wbf2009"), Rational(3), 12),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("'wbf2009'")));
}

TEST(VpScaleTest, ConvertsUnderTheNamedScale) {
  // SABF TR 21.9, 12 boards, 3 IMPs: 11.05.
  EXPECT_THAT(VpForMargin(Spec(kWbf2013Continuous), Rational(3), 12),
              HoldsVps(Vps(1105, 895, 2)));
  // SABF TR 21.2, 12 boards, 3 IMPs: 10.99.
  EXPECT_THAT(VpForMargin(Spec(kAbfButlerSabf212), Rational(-3), 12),
              HoldsVps(Vps(901, 1099, 2)));
  // ANC SR appendix, 12 boards, 20 IMPs: 15.94 - 4.06.
  EXPECT_THAT(VpForMargin(Spec(kAbfSwissPairs12Anc), Rational(20), 12),
              HoldsVps(Vps(1594, 406, 2)));
  // ANC SR 10.10: 35 + 12.
  EXPECT_THAT(VpForMargin(Spec(kItcAnc1010), Rational(12), 16),
              HoldsVps(Vps(470, 230, 1)));
  // ANC SR appendix IPC: (60 - 20) * 2/5 = 16.
  EXPECT_THAT(VpForMargin(Spec(kIpcAncAppendix), Rational(60), 8),
              HoldsVps(Vps(1600, 400, 2)));
  // SABF TR 21.13, 8 boards: 53.00% is over 51.98 (11-9), not over 53.33.
  EXPECT_THAT(VpForMargin(Spec(kMpSwissPairsSabf2113), Rational(53), 8),
              HoldsVps(Vps(12, 8, 0)));
  // WBF discrete, 20 boards: 2-5 IMPs earn 11.
  EXPECT_THAT(VpForMargin(Spec(kWbf2013Discrete), Rational(4), 20),
              HoldsVps(Vps(11, 9, 0)));
}

TEST(VpScaleTest, PassesEachScaleItsOwnOptions) {
  VpScaleSpec itc = Spec(kItcAnc1010);
  itc.options.itc.loser = ItcLoserRule::kComplementOfSeventy;
  EXPECT_THAT(VpForMargin(itc, Rational(60), 16),
              HoldsVps(Vps(675, 25, 1)));  // 67.5 - (70 - 67.5)

  VpScaleSpec swiss = Spec(kMpSwissPairsSabf2113);
  swiss.options.mp_swiss.percentage_places = std::nullopt;
  // 50.924% exceeds 50.92 when compared exactly (4 boards).
  EXPECT_THAT(VpForMargin(swiss, *Rational::Parse("50.924"), 4),
              HoldsVps(Vps(11, 9, 0)));
}

TEST(VpScaleTest, ImpScalesNeedWholeMargins) {
  EXPECT_THAT(VpForMargin(Spec(kWbf2013Continuous), Rational(7, 2), 12),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("whole IMP margins")));
  EXPECT_THAT(VpForMargin(Spec(kItcAnc1010), Rational(1, 2), 16),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("ANC 2025 SR 10.10")));
  // A percentage may be fractional.
  EXPECT_THAT(VpForMargin(Spec(kIpcAncAppendix), Rational(101, 2), 8), IsOk());
}

TEST(VpScaleTest, RejectsAMatchWithoutBoards) {
  for (const VpScaleInfo& info : AllVpScales()) {
    EXPECT_THAT(VpForMargin(Spec(info.id), Rational(50), 0),
                StatusIs(absl::StatusCode::kInvalidArgument))
        << info.id;
  }
}

TEST(VpScaleTest, BlitzMarginIsTheFirstMarginAtTheCap) {
  // SABF TR 21.3: 37 IMPs first earn 20.00 at 6 boards; SABF TR 21.12: 60
  // at 16 boards.
  EXPECT_THAT(BlitzMargin(Spec(kWbf2013Continuous), 6), IsOkAndHolds(37));
  EXPECT_THAT(BlitzMargin(Spec(kWbf2013Continuous), 16), IsOkAndHolds(60));
  // SABF TR 21.2: 41 IMPs at 14 boards.
  EXPECT_THAT(BlitzMargin(Spec(kAbfButlerSabf212), 14), IsOkAndHolds(41));
  // ANC SR 10.10: the winner's 67.5 at 55 IMPs, and the mirrored loser's
  // 2.5 with it (core/vp/itc_vp.h); 35 - M reaches 0 at 35, before the
  // winner's cap.
  EXPECT_THAT(BlitzMargin(Spec(kItcAnc1010), 16), IsOkAndHolds(55));
  VpScaleSpec itc = Spec(kItcAnc1010);
  itc.options.itc.loser = ItcLoserRule::kComplementOfSeventy;
  EXPECT_THAT(BlitzMargin(itc, 16), IsOkAndHolds(55));
  itc.options.itc.loser = ItcLoserRule::kThirtyFiveMinusMargin;
  EXPECT_THAT(BlitzMargin(itc, 16), IsOkAndHolds(55));
}

TEST(VpScaleTest, PercentageScalesHaveNoBlitzMargin) {
  EXPECT_THAT(
      BlitzMargin(Spec(kIpcAncAppendix), 8),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("percentage")));
  EXPECT_THAT(
      BlitzMargin(Spec(kAbfButlerSabf212), 11),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("SABF TR 21.2")));
}

}  // namespace
}  // namespace tally::core
