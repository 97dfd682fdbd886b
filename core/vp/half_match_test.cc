#include "core/vp/half_match.h"

#include <string>

#include "core/base/status_matchers.h"
#include "core/vp/vp_testdata.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;
using testdata::HoldsVps;
using ::testing::HasSubstr;

VpScaleSpec Spec(absl::string_view id) {
  return VpScaleSpec{std::string(id), {}};
}

VpResult Vps(int64_t hundredths, int64_t opponent_hundredths) {
  return VpResult{Decimal(hundredths, 2), Decimal(opponent_hundredths, 2)};
}

TEST(HalfMatchTest, DoublesTheImpsInMatchesUnderTwelveBoards) {
  // NSW TR 12.7(a): 4 boards of an 8-board match, +5 IMPs -> 10 IMPs on the
  // 8-board scale: SABF TR 21.5 gives 13.78.
  EXPECT_THAT(VpForHalfMatch(Spec(kWbf2013Continuous), 5, 8, 4),
              HoldsVps(Vps(1378, 622)));
  EXPECT_THAT(VpForHalfMatch(Spec(kWbf2013Continuous), -5, 8, 4),
              HoldsVps(Vps(622, 1378)));
  // 10 boards, 5 played, +7 IMPs -> 14 on the 10-board ABF Butler scale
  // (SABF TR 21.2): 14.70.
  EXPECT_THAT(VpForHalfMatch(Spec(kAbfButlerSabf212), 7, 10, 5),
              HoldsVps(Vps(1470, 530)));
}

TEST(HalfMatchTest, UsesAScaleForTheBoardsPlayedFromTwelveBoards) {
  // NSW TR 12.7(b): 7 boards of a 14-board match, +5 IMPs on the 7-board
  // scale: SABF TR 21.4 gives 12.18.
  EXPECT_THAT(VpForHalfMatch(Spec(kWbf2013Continuous), 5, 14, 7),
              HoldsVps(Vps(1218, 782)));
  // 12 boards is already (b): 6 played, +5 on the 6-board scale (SABF TR
  // 21.3: 12.33), not 10 IMPs on the 12-board scale.
  EXPECT_THAT(VpForHalfMatch(Spec(kWbf2013Continuous), 5, 12, 6),
              HoldsVps(Vps(1233, 767)));
}

TEST(HalfMatchTest, DirectorMayChooseASimilarScale) {
  // The ABF Butler scales have no 6-board version.
  EXPECT_THAT(VpForHalfMatch(Spec(kAbfButlerSabf212), 5, 12, 6),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("NSW TR 12.7(b)")));
  // The director deems the WBF 6-board scale appropriate: SABF TR 21.3.
  HalfMatchOptions options;
  options.reduced_scale = Spec(kWbf2013Continuous);
  EXPECT_THAT(VpForHalfMatch(Spec(kAbfButlerSabf212), 5, 12, 6, options),
              HoldsVps(Vps(1233, 767)));
}

TEST(HalfMatchTest, RejectsPercentageScalesAndWholeMatches) {
  EXPECT_THAT(
      VpForHalfMatch(Spec(kIpcAncAppendix), 5, 8, 4),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("NSW TR 12.7")));
  EXPECT_THAT(
      VpForHalfMatch(Spec(kWbf2013Continuous), 5, 8, 8),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("NSW TR 12.7")));
  EXPECT_THAT(VpForHalfMatch(Spec(kWbf2013Continuous), 5, 8, 0),
              StatusIs(absl::StatusCode::kInvalidArgument));
  HalfMatchOptions options;
  options.reduced_scale = Spec(kMpSwissPairsSabf2113);
  EXPECT_THAT(VpForHalfMatch(Spec(kWbf2013Continuous), 5, 14, 7, options),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
