#include "core/vp/abf_butler_vp.h"

#include <map>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/strip.h"
#include "core/base/status_matchers.h"
#include "core/vp/vp_testdata.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;
using testdata::Cells;
using testdata::HoldsVps;
using testdata::NonEmptyCells;
using testdata::ParseHundredths;
using testdata::ParseWhole;
using testdata::VpTableLines;

VpResult Vps(int64_t hundredths, int64_t opponent_hundredths) {
  return VpResult{Decimal(hundredths, 2), Decimal(opponent_hundredths, 2)};
}

TEST(AbfButlerVpTest, ReproducesSabfTr212CellForCell) {
  std::vector<int> boards;
  std::map<int, int64_t> last_margin;
  int cells = 0;
  for (const std::string& line : VpTableLines("sabf_tr_21_2.txt")) {
    const std::vector<std::string> c = Cells(line);
    if (c.size() > 1 && c[0].empty()) {  // "\t14\t12\t10\t9\t8\t7"
      for (size_t j = 1; j < c.size(); ++j) {
        boards.push_back(static_cast<int>(*ParseWhole(c[j])));
      }
      continue;
    }
    const std::optional<int64_t> margin = ParseWhole(c[0]);
    if (!margin.has_value()) continue;  // a heading
    ASSERT_FALSE(boards.empty());
    for (size_t j = 0; j < boards.size(); ++j) {
      if (j + 1 >= c.size() || c[j + 1].empty()) continue;  // past 20.00
      const std::optional<int64_t> winner = ParseHundredths(c[j + 1]);
      ASSERT_TRUE(winner.has_value()) << line;
      EXPECT_THAT(AbfButlerVp(*margin, boards[j]),
                  HoldsVps(Vps(*winner, 2000 - *winner)))
          << *margin << " IMPs, " << boards[j] << " boards";
      EXPECT_THAT(AbfButlerVp(-*margin, boards[j]),
                  HoldsVps(Vps(2000 - *winner, *winner)));
      last_margin[boards[j]] = *margin;
      ++cells;
    }
  }
  EXPECT_THAT(boards, ::testing::ElementsAre(14, 12, 10, 9, 8, 7));
  EXPECT_EQ(cells, 42 + 40 + 37 + 35 + 32 + 30);
  // Each column ends at 20.00; larger margins stay there.
  for (const auto& [n, margin] : last_margin) {
    EXPECT_THAT(AbfButlerVp(margin, n), HoldsVps(Vps(2000, 0))) << n;
    EXPECT_THAT(AbfButlerVp(margin + 1, n), HoldsVps(Vps(2000, 0))) << n;
    EXPECT_THAT(AbfButlerVp(-(margin + 50), n), HoldsVps(Vps(0, 2000))) << n;
  }
}

TEST(AbfButlerVpTest, ReproducesTheAncTwelveBoardSwissPairsScale) {
  // ANC 2025 SR appendix: rows of up to three "IMP diff <tab> W - L" pairs;
  // the last is "39 +".
  int cells = 0;
  for (const std::string& line : VpTableLines("anc_sr_swiss_pairs_12.txt")) {
    const std::vector<std::string> c = NonEmptyCells(line);
    if (c.empty() || !absl::ascii_isdigit(c[0][0])) continue;  // a heading
    ASSERT_EQ(c.size() % 2, 0u) << line;
    for (size_t i = 0; i < c.size(); i += 2) {
      absl::string_view diff = c[i];
      const bool and_more = absl::ConsumeSuffix(&diff, " +");
      const std::optional<int64_t> margin = ParseWhole(diff);
      const size_t dash = c[i + 1].find(" - ");
      ASSERT_TRUE(margin.has_value() && dash != std::string::npos) << line;
      const std::optional<int64_t> winner =
          ParseHundredths(c[i + 1].substr(0, dash));
      const std::optional<int64_t> loser =
          ParseHundredths(c[i + 1].substr(dash + 3));
      ASSERT_TRUE(winner.has_value() && loser.has_value()) << line;
      EXPECT_THAT(AncSwissPairs12Vp(*margin, 12),
                  HoldsVps(Vps(*winner, *loser)))
          << *margin << " IMPs";
      EXPECT_THAT(AncSwissPairs12Vp(-*margin, 12),
                  HoldsVps(Vps(*loser, *winner)));
      if (and_more) {
        EXPECT_THAT(AncSwissPairs12Vp(*margin + 1, 12),
                    HoldsVps(Vps(*winner, *loser)));
        EXPECT_THAT(AncSwissPairs12Vp(*margin + 100, 12),
                    HoldsVps(Vps(*winner, *loser)));
      }
      ++cells;
    }
  }
  EXPECT_EQ(cells, 40);
}

TEST(AbfButlerVpTest, AncTwelveBoardScaleIsSabfTwelveBoardColumn) {
  for (int64_t margin = -45; margin <= 45; ++margin) {
    absl::StatusOr<VpResult> sabf = AbfButlerVp(margin, 12);
    ASSERT_TRUE(sabf.ok());
    EXPECT_THAT(AncSwissPairs12Vp(margin, 12), HoldsVps(*sabf)) << margin;
  }
}

TEST(AbfButlerVpTest, RejectsBoardCountsWithoutAPrintedScale) {
  for (int boards : {0, 6, 11, 13, 16, 20}) {
    EXPECT_THAT(AbfButlerVp(5, boards),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         ::testing::HasSubstr("SABF TR 21.2")))
        << boards;
  }
  EXPECT_THAT(AncSwissPairs12Vp(5, 8),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("12-board")));
}

}  // namespace
}  // namespace tally::core
