#include "server/cli/result_text.h"

#include "core/base/status_matchers.h"
#include "gtest/gtest.h"
#include "server/cli/text_table.h"

namespace tally::cli {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;

TEST(ParseResultTest, ReadsAbsoluteAndRelativeTricks) {
  absl::StatusOr<v1::TableResult> r = ParseResult({"4S", "N", "10"});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->played().level(), 4);
  EXPECT_EQ(r->played().strain(), v1::STRAIN_SPADES);
  EXPECT_EQ(r->played().declarer(), v1::SEAT_NORTH);
  EXPECT_EQ(r->played().tricks(), 10);
  r = ParseResult({"3ntx", "e", "-2"});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->played().strain(), v1::STRAIN_NO_TRUMP);
  EXPECT_EQ(r->played().doubling(), v1::DOUBLING_DOUBLED);
  EXPECT_EQ(r->played().tricks(), 7);
  r = ParseResult({"2HXX", "W", "+1"});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->played().doubling(), v1::DOUBLING_REDOUBLED);
  EXPECT_EQ(r->played().tricks(), 9);
  EXPECT_TRUE(ParseResult({"pass"})->has_passed_out());
}

TEST(ParseResultTest, ReadsAScoreWithNoContract) {
  absl::StatusOr<v1::TableResult> r = ParseResult({"NS+420"});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->score_only().ns_score(), 420);
  EXPECT_EQ(ParseResult({"ns-50"})->score_only().ns_score(), -50);
  EXPECT_TRUE(ParseResult({"NS0"})->has_score_only());
  // Whether some contract scores it is the server's check (Law 77).
  EXPECT_EQ(ParseResult({"NS+425"})->score_only().ns_score(), 425);
  EXPECT_THAT(ParseResult({"NS+"}),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseResult({"NS420x"}),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(ParseResultTest, LeavesImpossibleNumbersToTheServer) {
  // Level 8 and 14 tricks are readable; the server refuses them.
  absl::StatusOr<v1::TableResult> r = ParseResult({"8S", "N", "14"});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->played().level(), 8);
  EXPECT_EQ(r->played().tricks(), 14);
}

TEST(ParseResultTest, RelativeTricksOutsideTheDealAreRefusedInTheirWords) {
  // 4S needs 10 tricks: -13 would be -3 tricks, +4 would be 14.
  absl::StatusOr<v1::TableResult> down = ParseResult({"4S", "N", "-13"});
  EXPECT_THAT(down, StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_EQ(down.status().message(),
            "'-13' is impossible: 4S needs 10 tricks, so at most 10 down "
            "('-10')");
  absl::StatusOr<v1::TableResult> up = ParseResult({"4S", "N", "+4"});
  EXPECT_EQ(up.status().message(),
            "'+4' is impossible: 4S needs 10 of 13 tricks, so at most 3 "
            "overtricks");
  EXPECT_THAT(ParseResult({"4S", "N", "-10"}), IsOk());
  EXPECT_THAT(ParseResult({"7NT", "S", "+0"}), IsOk());
}

TEST(ParseResultTest, RefusesWhatCannotBeRead) {
  EXPECT_THAT(ParseResult({"4S", "X", "10"}),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseResult({"S4", "N", "10"}),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseResult({"4S", "N"}),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseResult({"4S", "N", "ten"}),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(FractionTextTest, RoundsForDisplayOnly) {
  v1::Fraction f;
  f.set_numerator(71);
  f.set_denominator(6);
  EXPECT_EQ(FractionText(f), "11.83");
}

// 275/6 = 45.8333... -> 45.83; 85/2 = 42.5 -> 42.50 (2 places, for reading).
TEST(FigureTextTest, ShowsFractionsAsDecimals) {
  EXPECT_EQ(FigureText("275/6"), "45.83");
  EXPECT_EQ(FigureText("85/2"), "42.50");
  EXPECT_EQ(FigureText("-7/3"), "-2.33");
  EXPECT_EQ(FigureText("15.5 - 9/2"), "15.5 - 4.50");
  EXPECT_EQ(FigureText("420"), "420");
  EXPECT_EQ(FigureText("3="), "3=");
  EXPECT_EQ(FigureText("4S N 10"), "4S N 10");
}

TEST(FigureTextTest, AChangeLineShowsDecimalsUnlessExact) {
  v1::FigureChange c;
  c.set_before("275/6");
  c.set_after("85/2");
  c.set_text("pairs session 1 pair 3 matchpoints: 275/6 -> 85/2");
  EXPECT_EQ(FigureChangeText(c, false),
            "pairs session 1 pair 3 matchpoints: 45.83 -> 42.50");
  EXPECT_EQ(FigureChangeText(c, true),
            "pairs session 1 pair 3 matchpoints: 275/6 -> 85/2");
  v1::FigureChange gone;
  gone.set_before("7/2");
  gone.set_text("pairs overall pair 3 total: 7/2 -> -");
  EXPECT_EQ(FigureChangeText(gone, false), "pairs overall pair 3 total: 3.50 -> -");
}

TEST(ExactTextTest, ShowsShortDecimalsExactlyAndOthersWithTheFraction) {
  auto text = [](int64_t n, int64_t d) {
    v1::Fraction f;
    f.set_numerator(n);
    f.set_denominator(d);
    return ExactText(f);
  };
  EXPECT_EQ(text(12, 1), "12");
  EXPECT_EQ(text(63, 5), "12.6");
  EXPECT_EQ(text(-41, 20), "-2.05");
  // 1105/3 = 368.333...: no decimal form, so rounded and shown exactly.
  EXPECT_EQ(text(1105, 3), "368.33 (1105/3)");
  EXPECT_EQ(text(0, 0), "-");  // unset, e.g. no score before round one
}

TEST(ParseDecimalTest, KeepsThePlacesTyped) {
  absl::StatusOr<v1::DecimalValue> d = ParseDecimal("1.5", 2);
  ASSERT_THAT(d, IsOk());
  EXPECT_EQ(d->units(), 15);
  EXPECT_EQ(d->places(), 1);
  d = ParseDecimal("3", 2);
  ASSERT_THAT(d, IsOk());
  EXPECT_EQ(d->units(), 3);
  EXPECT_EQ(d->places(), 0);
  d = ParseDecimal("-0.25", 2);
  ASSERT_THAT(d, IsOk());
  EXPECT_EQ(d->units(), -25);
  EXPECT_EQ(d->places(), 2);
}

TEST(ParseDecimalTest, RefusesTooManyPlacesAndWhatIsNotANumber) {
  EXPECT_THAT(ParseDecimal("1.125", 2),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("more than 2 decimal places")));
  for (const char* bad : {"", ".", "1.", ".5", "1.2.3", "one", "1,5", "--1",
                          "1e3", "12345678901234567"}) {
    EXPECT_THAT(ParseDecimal(bad, 2),
                StatusIs(absl::StatusCode::kInvalidArgument))
        << bad;
  }
}

TEST(TravellerTextTest, ABoardNotPlayedShowsNoScoreAndItsRuling) {
  v1::TableResult not_played;
  not_played.mutable_not_played();
  EXPECT_EQ(ScoreText(not_played, 0), "");
  EXPECT_EQ(ResultEventText(not_played, 28, true), "28 ruling");
  absl::StatusOr<v1::TableResult> played = ParseResult({"4S", "N", "10"});
  ASSERT_TRUE(played.ok());
  EXPECT_EQ(ScoreText(*played, -420), "-420");
  EXPECT_EQ(ResultEventText(*played, 11, true), "11 confirmed");
  EXPECT_EQ(ResultEventText(*played, 11, false), "11");
}

TEST(TextTableTest, AlignsColumns) {
  TextTable t({"Rank", "Pair"});
  t.AddRow({"1", "12"});
  EXPECT_EQ(t.Render(), "Rank  Pair\n1     12\n");
}

TEST(EnumLabelTest, NamesAKnownValueAndSaysWhenAValueIsUnknown) {
  EXPECT_EQ(EnumLabel(v1::Role_Name(v1::ROLE_DIRECTOR), "ROLE_",
                      v1::ROLE_DIRECTOR),
            "director");
  // A value this build does not know has no name: once a crash (substr).
  EXPECT_EQ(EnumLabel(v1::Role_Name(static_cast<v1::Role>(999)), "ROLE_", 999),
            "unknown (999)");
}

}  // namespace
}  // namespace tally::cli
