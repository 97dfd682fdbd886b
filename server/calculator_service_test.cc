// CalculatorService, called in-process (no network): each RPC on a case
// worked by hand or printed in the regulations, and refusals as
// INVALID_ARGUMENT with core's message.

#include "server/calculator_service.h"

#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::server {
namespace {

using ::testing::HasSubstr;

v1::Fraction Frac(int64_t numerator, int64_t denominator) {
  v1::Fraction f;
  f.set_numerator(numerator);
  f.set_denominator(denominator);
  return f;
}

MATCHER_P(FractionIs, expected, "") {
  return arg.numerator() == expected.numerator() &&
         arg.denominator() == expected.denominator();
}

MATCHER_P2(DecimalIs, units, places, "") {
  return arg.units() == units && arg.places() == places;
}

class CalculatorServiceTest : public ::testing::Test {
 protected:
  CalculatorService calc_;
  grpc::ServerContext context_;
};

// ---------------------------------------------------------------- Contract

TEST_F(CalculatorServiceTest, ScoresContractOnBoardSevenBothVulnerable) {
  // Board 7: South deals, both vulnerable (Law 2). 4SX by North, 8 tricks:
  // two down doubled vulnerable, 200 + 300 = 500 (Law 77).
  v1::ContractScoreRequest r;
  r.mutable_contract()->set_level(4);
  r.mutable_contract()->set_strain(v1::STRAIN_SPADES);
  r.mutable_contract()->set_doubling(v1::DOUBLING_DOUBLED);
  r.mutable_contract()->set_declarer(v1::SEAT_NORTH);
  r.mutable_contract()->set_tricks(8);
  r.set_board(7);
  v1::ContractScoreResponse out;
  ASSERT_TRUE(calc_.ContractScore(&context_, &r, &out).ok());
  EXPECT_EQ(out.contract(), "4SX");
  EXPECT_EQ(out.result(), "4SX-2 N");
  EXPECT_EQ(out.dealer(), v1::SEAT_SOUTH);
  EXPECT_EQ(out.vulnerability(), v1::VULNERABILITY_BOTH);
  EXPECT_TRUE(out.declarer_vulnerable());
  EXPECT_EQ(out.declarer_score(), -500);
  EXPECT_EQ(out.north_south_score(), -500);
}

TEST_F(CalculatorServiceTest, SignsEastWestContractToNorthSouth) {
  // 3NT by East, 9 tricks, not vulnerable: 40 + 30 + 30 + 300 = 400 to EW,
  // so NS -400 (Law 77).
  v1::ContractScoreRequest r;
  r.mutable_contract()->set_level(3);
  r.mutable_contract()->set_strain(v1::STRAIN_NO_TRUMP);
  r.mutable_contract()->set_declarer(v1::SEAT_EAST);
  r.mutable_contract()->set_tricks(9);
  r.set_vulnerability(v1::VULNERABILITY_NORTH_SOUTH);
  v1::ContractScoreResponse out;
  ASSERT_TRUE(calc_.ContractScore(&context_, &r, &out).ok());
  EXPECT_FALSE(out.declarer_vulnerable());
  EXPECT_EQ(out.declarer_score(), 400);
  EXPECT_EQ(out.north_south_score(), -400);
}

TEST_F(CalculatorServiceTest, PassedOutBoardScoresNothingEitherWay) {
  // Law 22A: four passes; board 7 (South deals, both vulnerable, Law 2).
  v1::ContractScoreRequest r;
  r.set_passed_out(true);
  r.set_board(7);
  v1::ContractScoreResponse out;
  ASSERT_TRUE(calc_.ContractScore(&context_, &r, &out).ok());
  EXPECT_EQ(out.contract(), "passed out");
  EXPECT_EQ(out.result(), "passed out");
  EXPECT_EQ(out.dealer(), v1::SEAT_SOUTH);
  EXPECT_EQ(out.vulnerability(), v1::VULNERABILITY_BOTH);
  EXPECT_EQ(out.north_south_score(), 0);
  EXPECT_EQ(out.declarer_score(), 0);
  // Passed out with a contract too is refused.
  r.mutable_contract()->set_level(1);
  grpc::Status st = calc_.ContractScore(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("no contract"));
}

TEST_F(CalculatorServiceTest, RefusesContractAboveSeven) {
  v1::ContractScoreRequest r;
  r.mutable_contract()->set_level(8);
  r.mutable_contract()->set_strain(v1::STRAIN_CLUBS);
  r.mutable_contract()->set_declarer(v1::SEAT_SOUTH);
  r.mutable_contract()->set_tricks(13);
  r.set_board(1);
  v1::ContractScoreResponse out;
  grpc::Status st = calc_.ContractScore(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(CalculatorServiceTest, RefusesContractWithoutVulnerability) {
  v1::ContractScoreRequest r;
  r.mutable_contract()->set_level(1);
  r.mutable_contract()->set_strain(v1::STRAIN_CLUBS);
  r.mutable_contract()->set_declarer(v1::SEAT_SOUTH);
  r.mutable_contract()->set_tricks(7);
  v1::ContractScoreResponse out;
  grpc::Status st = calc_.ContractScore(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("vulnerability"));
}

// -------------------------------------------------------------------- IMPs

TEST_F(CalculatorServiceTest, ImpsForSixTwentyIsTwelve) {
  // WBF IMP scale: 600-740 is 12 IMPs.
  v1::ImpsRequest r;
  r.set_points_difference(620);
  v1::ImpsResponse out;
  ASSERT_TRUE(calc_.Imps(&context_, &r, &out).ok());
  EXPECT_EQ(out.imps(), 12);
  r.set_points_difference(-620);
  ASSERT_TRUE(calc_.Imps(&context_, &r, &out).ok());
  EXPECT_EQ(out.imps(), -12);
}

// ------------------------------------------------------------------- Datum

TEST_F(CalculatorServiceTest, DatumUnderAncSr16_11DropsOneAtEachEnd) {
  // ANC SR 16.11: 8 tables (fewer than 15), the (n-2) middle scores. Drop
  // 620 (highest) and -50 (lowest); the mean of 420 450 420 400 100 420 is
  // 2210 / 6 = 368.33, rounded to the closest 10: 370.
  v1::DatumRequest r;
  r.set_rule_id("anc_sr_16_11_16_13");
  int table = 1;
  for (int s : {420, 450, -50, 420, 400, 620, 100, 420}) {
    v1::DatumScore* d = r.add_scores();
    d->set_ns_score(s);
    d->set_table(table++);
  }
  v1::DatumResponse out;
  ASSERT_TRUE(calc_.Datum(&context_, &r, &out).ok());
  EXPECT_EQ(out.datum(), 370);
  EXPECT_THAT(out.mean(), FractionIs(Frac(1105, 3)));
  EXPECT_EQ(out.considered(), 8);
  EXPECT_EQ(out.dropped_each_end(), 1);
  EXPECT_THAT(out.basis(), HasSubstr("16.11"));
  ASSERT_EQ(out.scores_size(), 8);
  EXPECT_EQ(out.scores(2).role(), v1::DATUM_SCORE_ROLE_DROPPED_LOW);
  EXPECT_EQ(out.scores(5).role(), v1::DATUM_SCORE_ROLE_DROPPED_HIGH);
  EXPECT_EQ(out.scores(0).role(), v1::DATUM_SCORE_ROLE_USED);
  EXPECT_EQ(out.scores(5).score().ns_score(), 620);
}

TEST_F(CalculatorServiceTest, DatumHalfRoundingIsASetting) {
  // ANC SR 16.11, 4 tables: drop 500 and 300; mean of 450 and 400 is 425,
  // exactly halfway: away from zero 430 (the default), toward zero 420.
  v1::DatumRequest r;
  r.set_rule_id("anc_sr_16_11_16_13");
  for (int s : {450, 500, 400, 300}) r.add_scores()->set_ns_score(s);
  v1::DatumResponse out;
  ASSERT_TRUE(calc_.Datum(&context_, &r, &out).ok());
  EXPECT_EQ(out.datum(), 430);
  r.set_half(v1::HALF_ROUNDING_TOWARD_ZERO);
  ASSERT_TRUE(calc_.Datum(&context_, &r, &out).ok());
  EXPECT_EQ(out.datum(), 420);
}

TEST_F(CalculatorServiceTest, UnknownDatumRuleListsTheRules) {
  v1::DatumRequest r;
  r.set_rule_id("anc_sr_99");
  r.add_scores()->set_ns_score(420);
  v1::DatumResponse out;
  grpc::Status st = calc_.Datum(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("anc_sr_16_11_16_13"));
}

TEST_F(CalculatorServiceTest, ListsEveryDatumRule) {
  v1::ListDatumRulesRequest r;
  v1::ListDatumRulesResponse out;
  ASSERT_TRUE(calc_.ListDatumRules(&context_, &r, &out).ok());
  ASSERT_EQ(out.rules_size(), 7);
  EXPECT_EQ(out.rules(0).id(), "anc_sr_16_4");
  EXPECT_EQ(out.rules(6).id(), "sabf_tr_12_3");
  // Each id is one DatumRuleFromId accepts.
  for (const v1::DatumRuleInfo& rule : out.rules()) {
    v1::DatumRequest d;
    d.set_rule_id(rule.id());
    v1::DatumResponse dout;
    grpc::Status st = calc_.Datum(&context_, &d, &dout);
    EXPECT_THAT(st.error_message(), HasSubstr("no scores")) << rule.id();
  }
}

// ----------------------------------------------------------- Victory points

TEST_F(CalculatorServiceTest, VpsForTwentyThreeImpsOnTwelveBoards) {
  // SABF TR 21.1, 12 boards, margin 23: 16.18; the column reaches 20.00 at
  // a margin of 52.
  v1::VictoryPointsRequest r;
  r.set_scale_id("wbf2013_continuous");
  r.set_margin("23");
  r.set_boards(12);
  v1::VictoryPointsResponse out;
  ASSERT_TRUE(calc_.VictoryPoints(&context_, &r, &out).ok());
  EXPECT_THAT(out.vps(), DecimalIs(1618, 2));
  EXPECT_THAT(out.opponent_vps(), DecimalIs(382, 2));
  EXPECT_EQ(out.scale().margin_kind(), v1::VP_MARGIN_KIND_IMPS);
  EXPECT_THAT(out.scale().clause(), HasSubstr("21.1"));
  ASSERT_TRUE(out.has_blitz_margin());
  EXPECT_EQ(out.blitz_margin(), 52);
}

TEST_F(CalculatorServiceTest, VpsForIpcPercentage) {
  // ANC SR appendix, IPC: 60% is in 57.5-70.0: (60 - 20) * 2/5 = 16.00;
  // the opponents' 40% is in 30.0-42.5: (40 - 30) * 2/5 = 4.00.
  v1::VictoryPointsRequest r;
  r.set_scale_id("ipc_anc_appendix");
  r.set_margin("60");
  r.set_boards(8);
  v1::VictoryPointsResponse out;
  ASSERT_TRUE(calc_.VictoryPoints(&context_, &r, &out).ok());
  EXPECT_THAT(out.vps(), DecimalIs(1600, 2));
  EXPECT_THAT(out.opponent_vps(), DecimalIs(400, 2));
  EXPECT_FALSE(out.has_blitz_margin());
}

TEST_F(CalculatorServiceTest, UnknownVpScaleIsInvalidAndListsTheScales) {
  v1::VictoryPointsRequest r;
  r.set_scale_id("wbf2009");
  r.set_margin("23");
  r.set_boards(12);
  v1::VictoryPointsResponse out;
  grpc::Status st = calc_.VictoryPoints(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("wbf2013_continuous"));
}

TEST_F(CalculatorServiceTest, RefusesMarginThatIsNotANumber) {
  v1::VictoryPointsRequest r;
  r.set_scale_id("wbf2013_continuous");
  r.set_boards(12);
  for (const char* bad : {"", "23x", "99999999999999999999", "1/0", "1e5",
                          "1.1234567", "2000000"}) {
    r.set_margin(bad);
    v1::VictoryPointsResponse out;
    grpc::Status st = calc_.VictoryPoints(&context_, &r, &out);
    EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << bad;
    EXPECT_THAT(st.error_message(), HasSubstr("margin")) << bad;
  }
}

TEST_F(CalculatorServiceTest, ListsEveryVpScale) {
  v1::ListVpScalesRequest r;
  v1::ListVpScalesResponse out;
  ASSERT_TRUE(calc_.ListVpScales(&context_, &r, &out).ok());
  ASSERT_EQ(out.scales_size(), 7);
  EXPECT_EQ(out.scales(0).id(), "wbf2013_continuous");
}

// ---------------------------------------------------------- Weighted score

void AddNzLirgOutcomes(v1::WeightedScoreRequest& r) {
  // NZ LIRG, Law 12C1(c): 30% of +1430, 40% of +680, 20% of +650, 10% of
  // -100.
  for (auto [score, weight] : {std::pair{1430, "0.3"}, std::pair{680, "0.4"},
                               std::pair{650, "0.2"}, std::pair{-100, "0.1"}}) {
    v1::WeightedOutcome* o = r.add_outcomes();
    o->set_ns_score(score);
    o->set_weight(weight);
  }
}

TEST_F(CalculatorServiceTest, WeightedPairsScoreIsNzLirgExample) {
  // NZ LIRG, 12 tables: the other 11 tables scored +1430 twice, +680 five
  // times, +650 twice and -100 twice (frequencies 2.3, 5.4, 2.2, 2.1). NS
  // get +12.6 of a top of 22; the manual method adds 1.6 to the average 11.
  v1::WeightedScoreRequest r;
  AddNzLirgOutcomes(r);
  for (int s : {1430, 1430, 680, 680, 680, 680, 680, 650, 650, -100, -100}) {
    r.mutable_pairs()->add_other_ns_scores(s);
  }
  v1::WeightedScoreResponse out;
  ASSERT_TRUE(calc_.WeightedScore(&context_, &r, &out).ok());
  ASSERT_TRUE(out.has_pairs());
  const v1::WeightedPairsResult& p = out.pairs();
  EXPECT_EQ(p.top(), 22);
  ASSERT_EQ(p.frequency_table_size(), 4);
  // +1430: frequency 2.3; 2 x 9.7 below + (2.3 - 1) = 20.7.
  EXPECT_EQ(p.frequency_table(0).ns_score(), 1430);
  EXPECT_THAT(p.frequency_table(0).frequency(), FractionIs(Frac(23, 10)));
  EXPECT_THAT(p.frequency_table(0).matchpoints(), FractionIs(Frac(207, 10)));
  EXPECT_THAT(p.frequency_table(1).matchpoints(), FractionIs(Frac(13, 1)));
  EXPECT_THAT(p.frequency_table(2).matchpoints(), FractionIs(Frac(27, 5)));
  EXPECT_THAT(p.frequency_table(3).matchpoints(), FractionIs(Frac(11, 10)));
  EXPECT_THAT(p.ns_matchpoints(), FractionIs(Frac(63, 5)));
  EXPECT_THAT(p.ew_matchpoints(), FractionIs(Frac(47, 5)));
  // Manual method: 20, 13, 6, 2 against the rest of the field.
  ASSERT_EQ(p.manual_rows_size(), 4);
  EXPECT_EQ(p.manual_rows(0).matchpoints(), 20);
  EXPECT_EQ(p.manual_rows(2).matchpoints(), 6);
  EXPECT_THAT(p.average(), FractionIs(Frac(11, 1)));
  EXPECT_THAT(p.ns_correction(), FractionIs(Frac(8, 5)));
}

TEST_F(CalculatorServiceTest, WeightedTeamsScoreIsNzLirgExample) {
  // NZ LIRG, other room NS +650: +13 x 0.3 + 1 x 0.4 + 0 - 13 x 0.1 = 3.0.
  v1::WeightedScoreRequest r;
  AddNzLirgOutcomes(r);
  r.set_reference_ns_score(650);
  v1::WeightedScoreResponse out;
  ASSERT_TRUE(calc_.WeightedScore(&context_, &r, &out).ok());
  ASSERT_TRUE(out.has_imps());
  ASSERT_EQ(out.imps().rows_size(), 4);
  EXPECT_EQ(out.imps().rows(0).net(), 780);
  EXPECT_EQ(out.imps().rows(0).imps(), 13);
  EXPECT_THAT(out.imps().rows(0).weighted_imps(), FractionIs(Frac(39, 10)));
  EXPECT_THAT(out.imps().exact_ns_imps(), FractionIs(Frac(3, 1)));
  EXPECT_EQ(out.imps().ns_imps(), 3);
}

TEST_F(CalculatorServiceTest, RefusesWeightsNotAddingToOne) {
  v1::WeightedScoreRequest r;
  AddNzLirgOutcomes(r);
  r.mutable_outcomes(3)->set_weight("0.2");
  r.set_reference_ns_score(650);
  v1::WeightedScoreResponse out;
  grpc::Status st = calc_.WeightedScore(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(CalculatorServiceTest, RefusesWeightsTooFineForExactArithmetic) {
  // 1/9973 and 1/9967 need a common denominator near 10^8.
  v1::WeightedScoreRequest r;
  for (auto [score, weight] :
       {std::pair{420, "1/9973"}, std::pair{450, "1/9967"}}) {
    v1::WeightedOutcome* o = r.add_outcomes();
    o->set_ns_score(score);
    o->set_weight(weight);
  }
  r.set_reference_ns_score(420);
  v1::WeightedScoreResponse out;
  grpc::Status st = calc_.WeightedScore(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("common denominator"));
}

TEST_F(CalculatorServiceTest, RefusesWeightedScoreAgainstNothing) {
  v1::WeightedScoreRequest r;
  AddNzLirgOutcomes(r);
  v1::WeightedScoreResponse out;
  EXPECT_EQ(calc_.WeightedScore(&context_, &r, &out).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

// ------------------------------------------------------------ Average plus

TEST_F(CalculatorServiceTest, AveragePlusOnThreeBoardsAtImpTeams) {
  // ANC SR appendix: 3 sqrt(3) = 5.196 -> 5 IMPs for the match; the printed
  // table's rows 1-3 (teams) are 3, 1, 1, which add up to it.
  v1::AveragePlusRequest r;
  r.set_kind(v1::AVERAGE_PLUS_KIND_IMP_TEAMS);
  r.set_boards(3);
  v1::AveragePlusResponse out;
  ASSERT_TRUE(calc_.AveragePlus(&context_, &r, &out).ok());
  EXPECT_EQ(out.match_imps(), 5);
  ASSERT_EQ(out.table_size(), 3);
  EXPECT_EQ(out.table(0).teams_imps(), 3);
  EXPECT_EQ(out.table(1).teams_imps(), 1);
  EXPECT_EQ(out.table(2).teams_imps(), 1);
  EXPECT_THAT(out.table(2).percent(), DecimalIs(5318, 2));  // printed 53.18
}

TEST_F(CalculatorServiceTest, AveragePlusOnTwoBoardsAtMatchpoints) {
  // ANC SR appendix: 10 sqrt(2) = 14.14 points above average over the two
  // boards, 50 + 14.14 / 2 = 57.07% each; printed row 2 is 54.14.
  v1::AveragePlusRequest r;
  r.set_kind(v1::AVERAGE_PLUS_KIND_MATCHPOINTS);
  r.set_boards(2);
  v1::AveragePlusResponse out;
  ASSERT_TRUE(calc_.AveragePlus(&context_, &r, &out).ok());
  EXPECT_THAT(out.percent_above_average(), DecimalIs(1414, 2));
  EXPECT_THAT(out.percent_per_board(), FractionIs(Frac(5707, 100)));
  EXPECT_THAT(out.table(1).percent(), DecimalIs(5414, 2));
}

TEST_F(CalculatorServiceTest, RefusesAveragePlusWithoutKind) {
  v1::AveragePlusRequest r;
  r.set_boards(3);
  v1::AveragePlusResponse out;
  EXPECT_EQ(calc_.AveragePlus(&context_, &r, &out).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

// ----------------------------------------------------------------- Neuberg

TEST_F(CalculatorServiceTest, NeubergFactorsTenOfSixToSeven) {
  // F = (M + 1) E / A - 1 = 11 x 7 / 6 - 1 = 71/6 (11.83) on a top of 12.
  v1::NeubergRequest r;
  r.set_matchpoints("10");
  r.set_times_played(6);
  r.set_expected_times(7);
  v1::NeubergResponse out;
  ASSERT_TRUE(calc_.Neuberg(&context_, &r, &out).ok());
  EXPECT_THAT(out.factored(), FractionIs(Frac(71, 6)));
  EXPECT_EQ(out.top_played(), 10);
  EXPECT_EQ(out.top_expected(), 12);
}

TEST_F(CalculatorServiceTest, NeubergRefusesBoardNotPlayedInsteadOfAborting) {
  v1::NeubergRequest r;
  r.set_matchpoints("0");
  r.set_times_played(0);
  r.set_expected_times(7);
  v1::NeubergResponse out;
  EXPECT_EQ(calc_.Neuberg(&context_, &r, &out).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  r.set_times_played(6);
  r.set_matchpoints("11");  // above the top of 10
  EXPECT_EQ(calc_.Neuberg(&context_, &r, &out).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

// -------------------------------------------------------------- Carry-over

// ------------------------------------------------------- Board matchpoints

// Law 78A, by hand: NS 620 > 450 > 420 = 420 > 0 (passed out) > -50, top
// 2 x 5 = 10. 620 beats five (10); 450 four (8); each 420 two and ties one
// (5); the pass beats -50 (2); -50 nothing (0). EW: 10 less.
TEST_F(CalculatorServiceTest, BoardMatchpointsTwoPerScoreBeatenOnePerTie) {
  v1::BoardMatchpointsRequest r;
  for (int s : {420, 420, 450, -50, 0, 620}) r.add_ns_scores(s);
  v1::BoardMatchpointsResponse out;
  ASSERT_TRUE(calc_.BoardMatchpoints(&context_, &r, &out).ok());
  EXPECT_EQ(out.top(), 10);
  EXPECT_FALSE(out.factored());
  ASSERT_EQ(out.rows_size(), 6);
  const int ns[] = {5, 5, 8, 0, 2, 10};
  for (int i = 0; i < 6; ++i) {
    EXPECT_THAT(out.rows(i).ns_matchpoints(), FractionIs(Frac(ns[i], 1)));
    EXPECT_THAT(out.rows(i).ew_matchpoints(), FractionIs(Frac(10 - ns[i], 1)));
  }
  EXPECT_EQ(out.rows(0).beaten(), 2);
  EXPECT_EQ(out.rows(0).tied(), 1);
  EXPECT_THAT(out.rows(2).ns_percentage(), DecimalIs(8000, 2));
  EXPECT_THAT(out.rows(4).ns_percentage(), DecimalIs(2000, 2));
}

// Neuberg, the same six scores factored to 7 (top 12): F = (M + 1) 7 / 6 - 1.
// 620: 11 x 7 / 6 - 1 = 71/6 (98.61%), EW 12 - 71/6 = 1/6 (EW's own M = 0:
// 1 x 7 / 6 - 1 = 1/6); 420: 6 x 7 / 6 - 1 = 6 (50%).
TEST_F(CalculatorServiceTest, BoardMatchpointsFactoredByNeuberg) {
  v1::BoardMatchpointsRequest r;
  for (int s : {420, 420, 450, -50, 0, 620}) r.add_ns_scores(s);
  r.set_expected_times(7);
  v1::BoardMatchpointsResponse out;
  ASSERT_TRUE(calc_.BoardMatchpoints(&context_, &r, &out).ok());
  EXPECT_EQ(out.top(), 12);
  EXPECT_TRUE(out.factored());
  EXPECT_THAT(out.rows(5).ns_matchpoints(), FractionIs(Frac(71, 6)));
  EXPECT_THAT(out.rows(5).ew_matchpoints(), FractionIs(Frac(1, 6)));
  EXPECT_THAT(out.rows(5).ns_percentage(), DecimalIs(9861, 2));
  EXPECT_THAT(out.rows(0).ns_matchpoints(), FractionIs(Frac(6, 1)));
  EXPECT_THAT(out.rows(0).ns_percentage(), DecimalIs(5000, 2));
  // Fewer expected than played, and no scores, are refused.
  r.set_expected_times(5);
  EXPECT_EQ(calc_.BoardMatchpoints(&context_, &r, &out).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  r.clear_ns_scores();
  r.set_expected_times(0);
  EXPECT_EQ(calc_.BoardMatchpoints(&context_, &r, &out).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

// -------------------------------------------------------------- Half match

// NSW TR 12.7(a): under 12 boards the IMP difference is doubled on the
// event's scale: +5 on 4 of 8 boards is 10 IMPs at 8 boards, 13.78 - 6.22
// (SABF TR 21.5). 12.7(b): +5 on 7 of 14 boards on the 7-board scale:
// 12.18 - 7.82 (SABF TR 21.4).
TEST_F(CalculatorServiceTest, HalfMatchDoublesUnderTwelveBoards) {
  v1::HalfMatchRequest r;
  r.set_scale_id("wbf2013_continuous");
  r.set_imp_margin(5);
  r.set_match_boards(8);
  r.set_boards_played(4);
  v1::HalfMatchResponse out;
  ASSERT_TRUE(calc_.HalfMatch(&context_, &r, &out).ok());
  EXPECT_EQ(out.clause(), "NSW TR 12.7(a)");
  EXPECT_EQ(out.margin_converted(), 10);
  EXPECT_EQ(out.boards_converted(), 8);
  EXPECT_THAT(out.vps(), DecimalIs(1378, 2));
  EXPECT_THAT(out.opponent_vps(), DecimalIs(622, 2));

  r.set_match_boards(14);
  r.set_boards_played(7);
  ASSERT_TRUE(calc_.HalfMatch(&context_, &r, &out).ok());
  EXPECT_EQ(out.clause(), "NSW TR 12.7(b)");
  EXPECT_EQ(out.margin_converted(), 5);
  EXPECT_EQ(out.boards_converted(), 7);
  EXPECT_THAT(out.vps(), DecimalIs(1218, 2));
  EXPECT_THAT(out.opponent_vps(), DecimalIs(782, 2));

  r.set_boards_played(14);  // a whole match is not a half match
  EXPECT_EQ(calc_.HalfMatch(&context_, &r, &out).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  r.set_boards_played(7);
  r.set_scale_id("ipc_anc_appendix");  // a percentage scale
  EXPECT_EQ(calc_.HalfMatch(&context_, &r, &out).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

// ANC SR 10.10's loser readings are selectable, as in VictoryPoints:
// 12.7(a) doubles +30 on 8 of 10 boards to 60 IMPs: the winner 67.5; the
// loser 2.5 mirrored, 0.0 under 35 - M.
TEST_F(CalculatorServiceTest, HalfMatchTakesTheItcLoserReading) {
  v1::HalfMatchRequest r;
  r.set_scale_id("itc_anc_10_10");
  r.set_imp_margin(30);
  r.set_match_boards(10);
  r.set_boards_played(8);
  v1::HalfMatchResponse out;
  ASSERT_TRUE(calc_.HalfMatch(&context_, &r, &out).ok());
  EXPECT_THAT(out.vps(), DecimalIs(675, 1));
  EXPECT_THAT(out.opponent_vps(), DecimalIs(25, 1));
  r.set_itc_loser(v1::ITC_LOSER_RULE_THIRTY_FIVE_MINUS_MARGIN);
  ASSERT_TRUE(calc_.HalfMatch(&context_, &r, &out).ok());
  EXPECT_THAT(out.opponent_vps(), DecimalIs(0, 1));
}

// ----------------------------------------------------------- Forfeit award

v1::ForfeitMatchRecord Played(const std::string& own,
                              const std::string& opponents) {
  v1::ForfeitMatchRecord m;
  m.set_own(own);
  m.set_opponents(opponents);
  return m;
}

// ANC SR 10.12: "the non-offenders receive 56.5 VPs ... The offenders score
// 0 VPs; IMPs scores are determined from the formula in 10.10": 56.5 =
// 35 + 21.5 IMPs (at most 30 IMPs: 35 + IMPs).
TEST_F(CalculatorServiceTest, ItcForfeitInterimIsFiftySixAndAHalf) {
  v1::ForfeitAwardRequest r;
  r.set_regulation_profile("anc2025_itc_qualifying");
  v1::ForfeitAwardResponse out;
  ASSERT_TRUE(calc_.ForfeitAward(&context_, &r, &out).ok());
  EXPECT_EQ(out.clause(), "ANC SR 10.12");
  EXPECT_THAT(out.non_offender(), FractionIs(Frac(113, 2)));
  EXPECT_THAT(out.offender(), FractionIs(Frac(0, 1)));
  EXPECT_THAT(out.non_offender_imps(), FractionIs(Frac(43, 2)));
  EXPECT_EQ(out.limb(), "base");
}

// ANC SR 10.12 at the end of a round robin: the highest of 56.5, the
// non-offenders' average for completed other rounds ((60 + 62) / 2 = 61;
// the bye is not a completed round) and the complement of the offenders'
// average (70 - (26 + 30) / 2 = 42): 61, which 10.10 gives for 26 IMPs.
TEST_F(CalculatorServiceTest, ItcForfeitAdjustedToTheNonOffendersAverage) {
  v1::ForfeitAwardRequest r;
  r.set_regulation_profile("anc2025_itc_qualifying");
  r.set_adjusted(true);
  *r.add_non_offender() = Played("60", "10");
  *r.add_non_offender() = Played("62", "8");
  v1::ForfeitMatchRecord bye;
  bye.set_own("35");
  bye.set_bye(true);
  *r.add_non_offender() = bye;
  *r.add_offender() = Played("26", "44");
  *r.add_offender() = Played("30", "40");
  v1::ForfeitAwardResponse out;
  ASSERT_TRUE(calc_.ForfeitAward(&context_, &r, &out).ok());
  EXPECT_THAT(out.non_offender(), FractionIs(Frac(61, 1)));
  EXPECT_EQ(out.limb(), "own_mean");
  EXPECT_THAT(out.own_mean(), FractionIs(Frac(61, 1)));
  EXPECT_THAT(out.offenders_opponents(), FractionIs(Frac(42, 1)));
  EXPECT_THAT(out.non_offender_imps(), FractionIs(Frac(26, 1)));
}

// NSW TR 12.9.1: 12 VPs for the non-offenders; 12.9.4: the most IMPs that
// earn them, 10 boards (nsw_swiss_teams): 5 IMPs 11.85, 6 IMPs 12.18 (SABF
// TR 21.7, the same WBF scale): 5.
TEST_F(CalculatorServiceTest, NswForfeitInterimTwelveVpsAndFiveImps) {
  v1::ForfeitAwardRequest r;
  r.set_regulation_profile("nsw_swiss_teams");
  v1::ForfeitAwardResponse out;
  ASSERT_TRUE(calc_.ForfeitAward(&context_, &r, &out).ok());
  EXPECT_EQ(out.clause(), "NSW TR 12.9.1");
  EXPECT_THAT(out.non_offender(), FractionIs(Frac(12, 1)));
  EXPECT_THAT(out.non_offender_imps(), FractionIs(Frac(5, 1)));
}

// SABF TR 13.9: the greatest of +12 IMPs (13.48 VPs at 14 boards, SABF TR
// 21.10) and the non-offenders' mean (15 + 16) / 2 = 15.5; 15.5 VPs is
// credited with 21 IMPs (21: 15.46, 22: 15.66).
TEST_F(CalculatorServiceTest, SabfForfeitAdjustedToTheMeanWithItsImps) {
  v1::ForfeitAwardRequest r;
  r.set_regulation_profile("sabf_swiss_teams");
  v1::ForfeitAwardResponse out;
  ASSERT_TRUE(calc_.ForfeitAward(&context_, &r, &out).ok());
  EXPECT_THAT(out.non_offender(), FractionIs(Frac(337, 25)));  // 13.48
  EXPECT_THAT(out.non_offender_imps(), FractionIs(Frac(12, 1)));
  r.set_adjusted(true);
  *r.add_non_offender() = Played("15", "5");
  *r.add_non_offender() = Played("16", "4");
  *r.add_offender() = Played("10", "10");
  ASSERT_TRUE(calc_.ForfeitAward(&context_, &r, &out).ok());
  EXPECT_THAT(out.non_offender(), FractionIs(Frac(31, 2)));
  EXPECT_EQ(out.limb(), "own_mean");
  EXPECT_THAT(out.non_offender_imps(), FractionIs(Frac(21, 1)));
}

// NSW TR 12.9.2, the final (adjusted) score: "the highest of: (a) 12 VPs;
// (b) the mean VP score of the non-offenders for its completed matches; and
// (c) the mean VP score of the opponents of the offenders in completed
// matches"; 12.9.4: "the maximum number of IMPs that earned the assigned
// Victory Points score". nsw_swiss_teams: 10-board matches, the WBF
// continuous scale (SABF TR 21.7: 14 IMPs 14.54, 15 IMPs 14.80; 20 IMPs
// 15.97, 21 IMPs 16.18).
// (c): non-offenders (13.43 + 11.85) / 2 = 12.64; the offenders lost
// 4.20-15.80 and 6.50-13.50, their opponents' mean (15.80 + 13.50) / 2 =
// 14.65, the highest: 14.65 VPs, 14 IMPs (14.54 <= 14.65 < 14.80).
// (b): non-offenders (17.16 + 15.05) / 2 = 16.105 against the same 14.65:
// 16.105 VPs, 20 IMPs (15.97 <= 16.105 < 16.18). The offenders 0 VPs.
TEST_F(CalculatorServiceTest, NswForfeitFinalIsTheHighestOfTheThreeLimbs) {
  v1::ForfeitAwardRequest r;
  r.set_regulation_profile("nsw_swiss_teams");
  r.set_adjusted(true);
  *r.add_non_offender() = Played("13.43", "6.57");
  *r.add_non_offender() = Played("11.85", "8.15");
  *r.add_offender() = Played("4.20", "15.80");
  *r.add_offender() = Played("6.50", "13.50");
  v1::ForfeitAwardResponse out;
  ASSERT_TRUE(calc_.ForfeitAward(&context_, &r, &out).ok());
  EXPECT_THAT(out.clause(), HasSubstr("NSW TR 12.9"));
  EXPECT_TRUE(out.in_vps());
  EXPECT_EQ(out.limb(), "offenders_opponents");
  EXPECT_THAT(out.own_mean(), FractionIs(Frac(316, 25)));             // 12.64
  EXPECT_THAT(out.offenders_opponents(), FractionIs(Frac(293, 20)));  // 14.65
  EXPECT_THAT(out.non_offender(), FractionIs(Frac(293, 20)));
  EXPECT_THAT(out.offender(), FractionIs(Frac(0, 1)));
  EXPECT_THAT(out.non_offender_imps(), FractionIs(Frac(14, 1)));

  r.clear_non_offender();
  *r.add_non_offender() = Played("17.16", "2.84");
  *r.add_non_offender() = Played("15.05", "4.95");
  ASSERT_TRUE(calc_.ForfeitAward(&context_, &r, &out).ok());
  EXPECT_EQ(out.limb(), "own_mean");
  EXPECT_THAT(out.non_offender(), FractionIs(Frac(3221, 200)));  // 16.105
  EXPECT_THAT(out.non_offender_imps(), FractionIs(Frac(20, 1)));
}

TEST_F(CalculatorServiceTest, ForfeitRefusesUnknownProfileAndProfileWithout) {
  v1::ForfeitAwardRequest r;
  r.set_regulation_profile("no_such_profile");
  v1::ForfeitAwardResponse out;
  EXPECT_EQ(calc_.ForfeitAward(&context_, &r, &out).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  r.set_regulation_profile("sabf_matchpoint_pairs");
  grpc::Status st = calc_.ForfeitAward(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("no forfeit rule"));
}

// -------------------------------------------------------- Artificial award

// NZ LIRG Law 86A: 2 IMPs in matches of fewer than 11 boards; NSW TR 7.2: 3
// IMPs from 11 boards; average minus the same conceded, average 0.
TEST_F(CalculatorServiceTest, ArtificialImpsByMatchLength) {
  v1::ArtificialAwardRequest r;
  r.set_rule_id("teams_by_match_length");
  r.set_award(v1::ARTIFICIAL_KIND_AVERAGE_PLUS);
  r.set_boards_in_match(8);
  v1::ArtificialAwardResponse out;
  ASSERT_TRUE(calc_.ArtificialAward(&context_, &r, &out).ok());
  EXPECT_FALSE(out.matchpoints());
  EXPECT_THAT(out.imps(), FractionIs(Frac(2, 1)));
  r.set_boards_in_match(12);
  r.set_award(v1::ARTIFICIAL_KIND_AVERAGE_MINUS);
  ASSERT_TRUE(calc_.ArtificialAward(&context_, &r, &out).ok());
  EXPECT_THAT(out.imps(), FractionIs(Frac(-3, 1)));
  EXPECT_EQ(out.clause(), "NZ LIRG Law 86A; NSW TR 7.2");
  r.set_award(v1::ARTIFICIAL_KIND_AVERAGE);
  ASSERT_TRUE(calc_.ArtificialAward(&context_, &r, &out).ok());
  EXPECT_THAT(out.imps(), FractionIs(Frac(0, 1)));
  r.set_boards_in_match(0);  // the match length is needed
  EXPECT_EQ(calc_.ArtificialAward(&context_, &r, &out).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

// The ANC's single artificial awards: ANC SR 7.1 "a score of 3 IMPs is
// assigned for both sides" (ITC); 7.3 "2 IMPs for both sides" (ABPC, WSP);
// 7.4 "60% of the available matchpoints on the board awarded to both sides"
// (IPC): 60% of a top of 12 is 7.2 (36/5).
TEST_F(CalculatorServiceTest, ArtificialAwardsOfAncSr7_1To7_4) {
  v1::ArtificialAwardRequest r;
  r.set_rule_id("anc_itc_3_imps");
  r.set_award(v1::ARTIFICIAL_KIND_AVERAGE_PLUS);
  r.set_boards_in_match(16);
  v1::ArtificialAwardResponse out;
  ASSERT_TRUE(calc_.ArtificialAward(&context_, &r, &out).ok());
  EXPECT_THAT(out.imps(), FractionIs(Frac(3, 1)));
  EXPECT_THAT(out.clause(), HasSubstr("ANC SR 7.1"));
  r.set_rule_id("butler_2_imps");
  ASSERT_TRUE(calc_.ArtificialAward(&context_, &r, &out).ok());
  EXPECT_THAT(out.imps(), FractionIs(Frac(2, 1)));
  r.set_rule_id("anc_ipc_60");
  r.set_boards_in_match(0);
  r.set_top(12);
  ASSERT_TRUE(calc_.ArtificialAward(&context_, &r, &out).ok());
  EXPECT_TRUE(out.matchpoints());
  EXPECT_THAT(out.percent(), FractionIs(Frac(60, 1)));
  EXPECT_THAT(out.awarded_matchpoints(), FractionIs(Frac(36, 5)));
  EXPECT_THAT(out.clause(), HasSubstr("ANC SR 7.4"));
}

// Fouled-board guide: average plus is 3 IMPs or the side's session average
// per board if higher (4.5); 60% of the top or the session percentage if
// greater (65%: 7.8 of a top of 12); fixed_60_40: average minus 40%, 4.8.
TEST_F(CalculatorServiceTest, ArtificialAwardsTakeTheSessionAverageWhereRuled) {
  v1::ArtificialAwardRequest r;
  r.set_rule_id("guide_3_imps_or_session_average");
  r.set_award(v1::ARTIFICIAL_KIND_AVERAGE_PLUS);
  r.set_session_average("4.5");
  v1::ArtificialAwardResponse out;
  ASSERT_TRUE(calc_.ArtificialAward(&context_, &r, &out).ok());
  EXPECT_THAT(out.imps(), FractionIs(Frac(9, 2)));

  r.set_rule_id("guide_60_or_session_average");
  r.set_top(12);
  r.set_session_average("65");
  ASSERT_TRUE(calc_.ArtificialAward(&context_, &r, &out).ok());
  EXPECT_TRUE(out.matchpoints());
  EXPECT_THAT(out.percent(), FractionIs(Frac(65, 1)));
  EXPECT_THAT(out.awarded_matchpoints(), FractionIs(Frac(39, 5)));

  r.set_rule_id("fixed_60_40");
  r.set_award(v1::ARTIFICIAL_KIND_AVERAGE_MINUS);
  r.clear_session_average();
  ASSERT_TRUE(calc_.ArtificialAward(&context_, &r, &out).ok());
  EXPECT_THAT(out.percent(), FractionIs(Frac(40, 1)));
  EXPECT_THAT(out.awarded_matchpoints(), FractionIs(Frac(24, 5)));

  r.set_rule_id("no_such_rule");
  grpc::Status st = calc_.ArtificialAward(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("anc_ipc_60"));
}

TEST_F(CalculatorServiceTest, ItcFinalCarryOverIsTenPercentUnrounded) {
  // ANC SR 11.2: (250.5 - 230) / 10 = 2.05 IMPs, not rounded.
  v1::CarryOverRequest r;
  r.mutable_itc_final()->set_higher_placed_vps("250.5");
  r.mutable_itc_final()->set_lower_placed_vps("230");
  v1::CarryOverResponse out;
  ASSERT_TRUE(calc_.CarryOver(&context_, &r, &out).ok());
  EXPECT_EQ(out.clause(), "ANC SR 11.2");
  EXPECT_THAT(out.imps(), FractionIs(Frac(41, 20)));
}

TEST_F(CalculatorServiceTest, AbpcOpenStage3SecondPlaceCarriesEight) {
  // ANC SR 18.1: 10, 8, 6, 4, 2.
  v1::CarryOverRequest r;
  r.mutable_abpc_open_stage3()->set_stage2_place(2);
  v1::CarryOverResponse out;
  ASSERT_TRUE(calc_.CarryOver(&context_, &r, &out).ok());
  EXPECT_THAT(out.vps(), FractionIs(Frac(8, 1)));
}

TEST_F(CalculatorServiceTest, AbpcMixedCarryOverByFormula) {
  // ANC SR 18.2: x = 120 (1st), y = 84 (10th), z = 100 (4th):
  // 1 + 6 x 16 / 36 = 3.666... -> 3.67.
  v1::CarryOverRequest r;
  for (const char* vps :
       {"120", "110", "105", "100", "98", "95", "92", "90", "86", "84"}) {
    r.mutable_abpc_mixed_stage2()->add_stage1_vps_by_place(vps);
  }
  r.mutable_abpc_mixed_stage2()->set_place(4);
  v1::CarryOverResponse out;
  ASSERT_TRUE(calc_.CarryOver(&context_, &r, &out).ok());
  EXPECT_THAT(out.mixed_vps(), DecimalIs(367, 2));
}

TEST_F(CalculatorServiceTest, SabfFinalFourGrandFinalCarryForward) {
  // SABF TR 13.11: SF1 C (3rd) v D, SF2 A (1st) v B; B and C win; the
  // preliminary final is A (SF2 loser, holds) v C, C wins; the grand final
  // is B (SF2 winner, holds 0.1) v C.
  v1::CarryOverRequest r;
  v1::SabfFinalsCarryOverRequest* f = r.mutable_sabf_finals();
  f->set_format(v1::FINALS_FORMAT_SABF_FINAL_FOUR);
  f->set_match(v1::FINALS_MATCH_GRAND_FINAL);
  for (const char* team : {"A", "B", "C", "D"}) {
    f->add_teams_by_qualifying_place(team);
  }
  for (auto [match, team] :
       {std::pair{v1::FINALS_MATCH_SEMI_FINAL_1, "C"},
        std::pair{v1::FINALS_MATCH_SEMI_FINAL_2, "B"},
        std::pair{v1::FINALS_MATCH_PRELIMINARY_FINAL, "C"}}) {
    v1::FinalsWinner* w = f->add_winners();
    w->set_match(match);
    w->set_team(team);
  }
  v1::CarryOverResponse out;
  ASSERT_TRUE(calc_.CarryOver(&context_, &r, &out).ok());
  EXPECT_EQ(out.clause(), "SABF TR 13.11");
  EXPECT_EQ(out.finals().holder(), "B");
  EXPECT_EQ(out.finals().other(), "C");
  EXPECT_THAT(out.finals().carry_forward_imps(), FractionIs(Frac(1, 10)));

  // Without the preliminary final's result the grand final is not known:
  // core says FAILED_PRECONDITION; the calculator, having no state, reports
  // it as INVALID_ARGUMENT with core's message.
  f->mutable_winners()->RemoveLast();
  grpc::Status st = calc_.CarryOver(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("no result yet"));
}

TEST_F(CalculatorServiceTest, RefusesCarryOverOfNoKind) {
  v1::CarryOverRequest r;
  v1::CarryOverResponse out;
  EXPECT_EQ(calc_.CarryOver(&context_, &r, &out).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

// ---------------------------------------------------------- Several boards

// NSW TR 12.10(a) "if 1-3 boards are unplayed: 2 IMPs per board" and (b)
// "if 4-7 boards are unplayed: 1 IMP per board unplayed + 3.0 IMPs" (read
// as U + 3 in all: 4 boards, 7 IMPs; a Butler traveller's whole IMPs
// floor(7k/4) steps: 1 + 2 + 2 + 2).
TEST_F(CalculatorServiceTest, SeveralBoardsNswTr12_10aAndB) {
  v1::SeveralBoardsRequest r;
  r.set_method("nsw_tr_12_10");
  r.set_boards(2);
  v1::SeveralBoardsResponse out;
  ASSERT_TRUE(calc_.SeveralBoards(&context_, &r, &out).ok());
  EXPECT_EQ(out.clause(), "NSW TR 12.10(a)");
  EXPECT_THAT(out.total(), FractionIs(Frac(4, 1)));
  EXPECT_THAT(out.per_board(), FractionIs(Frac(2, 1)));
  EXPECT_TRUE(out.only_without_fault());
  EXPECT_FALSE(out.counts_fouled_two_imps());
  r.set_boards(4);
  ASSERT_TRUE(calc_.SeveralBoards(&context_, &r, &out).ok());
  EXPECT_EQ(out.clause(), "NSW TR 12.10(b)");
  EXPECT_THAT(out.total(), FractionIs(Frac(7, 1)));
  EXPECT_THAT(out.per_board(), FractionIs(Frac(7, 4)));
  EXPECT_THAT(out.whole_imp_shares(), ::testing::ElementsAre(1, 2, 2, 2));
  EXPECT_FALSE(out.has_max_imps_for_18_vps());
}

// NSW TR 12.10(c): "A = M/U ... Fractions will be rounded to the nearest
// 0.5 IMPs": for 8 boards A is M / 8 to the nearest half, 8 A in all.
TEST_F(CalculatorServiceTest, SeveralBoardsNswTr12_10cNamesM) {
  v1::SeveralBoardsRequest r;
  r.set_method("nsw_tr_12_10");
  r.set_boards(8);
  v1::SeveralBoardsResponse out;
  ASSERT_TRUE(calc_.SeveralBoards(&context_, &r, &out).ok());
  EXPECT_EQ(out.clause(), "NSW TR 12.10(c)");
  ASSERT_TRUE(out.has_max_imps_for_18_vps());
  const int m = out.max_imps_for_18_vps();
  // A = M/8 to the nearest 0.5 (0.25 and 0.75 up): (2M + 4) / 8 halves.
  const int64_t halves = (2 * m + 4) / 8;  // floor(M/4 + 1/2)
  EXPECT_THAT(out.per_board(), FractionIs(Frac(halves % 2 == 0 ? halves / 2
                                                                 : halves,
                                                 halves % 2 == 0 ? 1 : 2)));
  EXPECT_THAT(out.total(), FractionIs(Frac(4 * halves, 1)));
  EXPECT_THAT(out.working(), HasSubstr(absl::StrCat("M = ", m)));
}

// ANC SR appendix: teams 3 sqrt(4) = 6 (the ITC of issue #16: not 4 x 3);
// pairs under the ABPC's profile 2 sqrt(7) = 5.29 -> 5, 2 sqrt(2) = 2.83
// -> 3 (the printed table's 2 + 1). Fouled boards given 2 IMPs count
// (ANC SR 7.5).
TEST_F(CalculatorServiceTest, SeveralBoardsAncAppendixByMethodOrProfile) {
  v1::SeveralBoardsRequest r;
  r.set_method("anc_appendix");
  r.set_teams(true);
  r.set_boards(4);
  v1::SeveralBoardsResponse out;
  ASSERT_TRUE(calc_.SeveralBoards(&context_, &r, &out).ok());
  EXPECT_THAT(out.total(), FractionIs(Frac(6, 1)));
  EXPECT_THAT(out.per_board(), FractionIs(Frac(3, 2)));
  EXPECT_EQ(out.clause(), "ANC SR 7.5-7.6 and appendix");
  EXPECT_TRUE(out.counts_fouled_two_imps());
  r.clear_method();
  r.set_regulation_profile("anc2025_abpc_open_stage1");
  r.set_teams(false);
  r.set_boards(7);
  ASSERT_TRUE(calc_.SeveralBoards(&context_, &r, &out).ok());
  EXPECT_EQ(out.method(), "anc_appendix");
  EXPECT_THAT(out.total(), FractionIs(Frac(5, 1)));
  r.set_boards(2);
  ASSERT_TRUE(calc_.SeveralBoards(&context_, &r, &out).ok());
  EXPECT_THAT(out.total(), FractionIs(Frac(3, 1)));
  EXPECT_THAT(out.whole_imp_shares(), ::testing::ElementsAre(1, 2));
}

TEST_F(CalculatorServiceTest, SeveralBoardsRefusesPerBoardAndNoBoards) {
  v1::SeveralBoardsRequest r;
  r.set_regulation_profile("sabf_butler_swiss");  // per_board
  r.set_boards(3);
  v1::SeveralBoardsResponse out;
  grpc::Status st = calc_.SeveralBoards(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("tally calc artificial"));
  r.set_method("nsw_tr_12_10");
  r.set_boards(0);
  EXPECT_EQ(calc_.SeveralBoards(&context_, &r, &out).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  r.set_boards(3);
  r.set_method("guess");
  st = calc_.SeveralBoards(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("anc_appendix"));
}

// ------------------------------------------------------ Session percentage

// 84.99 matchpoints of 200: 42.495%. SABF TR 11.3 ("to the nearest two
// decimal places", halves away from zero): 42.50, ranked on 42.50. NSW TR
// 11.1 (fractions decide placings): shown 42.50, ranked on 42.495.
TEST_F(CalculatorServiceTest, SessionPercentageUnderEachProfile) {
  v1::SessionPercentageRequest r;
  r.set_matchpoints("84.99");
  r.set_maximum(200);
  r.set_regulation_profile("sabf_matchpoint_pairs");
  v1::SessionPercentageResponse out;
  ASSERT_TRUE(calc_.SessionPercentage(&context_, &r, &out).ok());
  EXPECT_THAT(out.exact(), FractionIs(Frac(8499, 200)));
  EXPECT_THAT(out.published(), DecimalIs(4250, 2));
  EXPECT_THAT(out.ranking(), FractionIs(Frac(85, 2)));
  EXPECT_TRUE(out.rounded());
  EXPECT_EQ(out.clause(), "SABF TR 11.3");
  r.set_regulation_profile("nsw_matchpoint_pairs");
  ASSERT_TRUE(calc_.SessionPercentage(&context_, &r, &out).ok());
  EXPECT_THAT(out.published(), DecimalIs(4250, 2));
  EXPECT_THAT(out.ranking(), FractionIs(Frac(8499, 200)));
  EXPECT_FALSE(out.rounded());
  EXPECT_EQ(out.clause(), "NSW TR 11.1");
  // A 2-matchpoint penalty: 82.99 / 200 = 41.495% -> 41.50.
  r.set_regulation_profile("sabf_matchpoint_pairs");
  r.set_penalties("2");
  ASSERT_TRUE(calc_.SessionPercentage(&context_, &r, &out).ok());
  EXPECT_THAT(out.matchpoints(), FractionIs(Frac(8299, 100)));
  EXPECT_THAT(out.published(), DecimalIs(4150, 2));
  r.set_maximum(0);
  EXPECT_EQ(calc_.SessionPercentage(&context_, &r, &out).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

// -------------------------------------------------------------- Swiss draw

v1::SwissDrawRequest SwissField(int round, int entrants) {
  v1::SwissDrawRequest r;
  r.set_round(round);
  for (int n = 1; n <= entrants; ++n) {
    v1::SwissDrawEntrant* e = r.add_ranking();
    e->set_entrant(absl::StrCat(n));
    e->set_score(absl::StrCat(100 - n));
  }
  return r;
}

std::vector<std::pair<std::string, std::string>> Pairings(
    const v1::SwissDrawResponse& out) {
  std::vector<std::pair<std::string, std::string>> p;
  for (const v1::SwissDrawMatch& m : out.matches()) p.push_back({m.home(), m.away()});
  return p;
}

// SABF TR 14.1 paragraph 2: "each team plays the team numbered N/2 more or
// less than them": 8 teams, 1 v 5, 2 v 6, 3 v 7, 4 v 8.
TEST_F(CalculatorServiceTest, SwissDrawTopHalfAgainstBottomHalf) {
  v1::SwissDrawRequest r = SwissField(1, 8);
  r.set_first_round(v1::SWISS_FIRST_ROUND_TOP_HALF_V_BOTTOM_HALF);
  v1::SwissDrawResponse out;
  ASSERT_TRUE(calc_.SwissDraw(&context_, &r, &out).ok());
  using P = std::pair<std::string, std::string>;
  EXPECT_THAT(Pairings(out), ::testing::ElementsAre(P{"1", "5"}, P{"2", "6"},
                                                    P{"3", "7"}, P{"4", "8"}));
  EXPECT_THAT(out.clauses(0), HasSubstr("N/2 more or less"));
}

// SABF TR 14.1 paragraph 1: "the top and bottom quarters are drawn at
// random against the two middle quarters": with 8 teams each of 1, 2, 7, 8
// meets one of 3-6, whatever the seed.
TEST_F(CalculatorServiceTest, SwissDrawQuartersMeetTheMiddle) {
  for (uint64_t seed : {1u, 2u, 3u, 99u}) {
    v1::SwissDrawRequest r = SwissField(1, 8);
    r.set_seed(seed);
    v1::SwissDrawResponse out;
    ASSERT_TRUE(calc_.SwissDraw(&context_, &r, &out).ok());
    ASSERT_EQ(out.matches_size(), 4);
    for (const v1::SwissDrawMatch& m : out.matches()) {
      const int home = std::stoi(m.home()), away = std::stoi(m.away());
      const bool home_middle = home >= 3 && home <= 6;
      const bool away_middle = away >= 3 && away <= 6;
      EXPECT_NE(home_middle, away_middle) << home << " v " << away;
    }
  }
}

// Later rounds (SABF TR 14.1): down the ranking, no team drawn against one
// it has already played. 1 and 2 met in round 1, as did 3 and 4: round 2
// is 1 v 3 and 2 v 4. An odd field of 5 in round 1: the top half (1, 2)
// play; 3, 4, 5 share (A 3, B 4, C 5).
TEST_F(CalculatorServiceTest, SwissDrawAvoidsRepeatsAndSharesAnOddField) {
  v1::SwissDrawRequest r = SwissField(2, 4);
  for (auto [a, b] : {std::pair{"1", "2"}, std::pair{"3", "4"}}) {
    v1::SwissDrawMeeting* m = r.add_meetings();
    m->set_round(1);
    m->set_a(a);
    m->set_b(b);
  }
  v1::SwissDrawResponse out;
  ASSERT_TRUE(calc_.SwissDraw(&context_, &r, &out).ok());
  using P = std::pair<std::string, std::string>;
  EXPECT_THAT(Pairings(out),
              ::testing::ElementsAre(P{"1", "3"}, P{"2", "4"}));
  r = SwissField(1, 5);
  ASSERT_TRUE(calc_.SwissDraw(&context_, &r, &out).ok());
  EXPECT_THAT(Pairings(out), ::testing::ElementsAre(P{"1", "2"}));
  EXPECT_EQ(out.share().a(), "3");
  EXPECT_EQ(out.share().b(), "4");
  EXPECT_EQ(out.share().c(), "5");
}

// ANC SR appendix, Modified Swiss Format, 9 rounds: "a normal Swiss
// movement ... up to and including Round (n+1)/2" (5), then "a unit may
// play another unit which it previously played in the first n/2 rounds
// (fractions rounded down)" (1-4). Four teams have met everyone in rounds
// 1-3, A-B and C-D again in round 4, A-C and B-D in round 5: round 6 is
// impossible under the plain Swiss, and A v B, C v D under the modified
// one (their meetings were all in rounds 1-4; A-C's round 5 still bars).
TEST_F(CalculatorServiceTest, SwissDrawModifiedSwissAllowsEarlyRepeats) {
  v1::SwissDrawRequest r;
  r.set_round(6);
  for (const char* e : {"A", "B", "C", "D"}) {
    v1::SwissDrawEntrant* x = r.add_ranking();
    x->set_entrant(e);
    x->set_score("50");
  }
  const std::vector<std::tuple<int, const char*, const char*>> met = {
      {1, "A", "B"}, {1, "C", "D"}, {2, "A", "C"}, {2, "B", "D"},
      {3, "A", "D"}, {3, "B", "C"}, {4, "A", "B"}, {4, "C", "D"},
      {5, "A", "C"}, {5, "B", "D"}};
  for (const auto& [round, a, b] : met) {
    v1::SwissDrawMeeting* m = r.add_meetings();
    m->set_round(round);
    m->set_a(a);
    m->set_b(b);
  }
  v1::SwissDrawResponse out;
  grpc::Status st = calc_.SwissDraw(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("SABF TR 14.1"));
  r.set_modified_swiss(true);
  r.set_total_rounds(9);
  ASSERT_TRUE(calc_.SwissDraw(&context_, &r, &out).ok());
  using P = std::pair<std::string, std::string>;
  EXPECT_THAT(Pairings(out), ::testing::ElementsAre(P{"A", "B"}, P{"C", "D"}));
}

// --------------------------------------------------------- Tie-break chain

// Four teams, two rounds (VPs, net IMPs):
//   round 1: A 15 - C 5 (A +20 IMPs); B 12 - D 8 (B +5)
//   round 2: A 10 - D 10 (0);         B 13 - C 7 (B +8)
// Totals: A 25, B 25, D 18, C 12.
v1::TieBreakRankingRequest FourTeams() {
  v1::TieBreakRankingRequest r;
  struct M {
    const char* e;
    int round;
    const char* opp;
    const char* vps;
    const char* opp_vps;
    const char* imps;
  };
  const std::map<std::string, std::string> totals = {
      {"A", "25"}, {"B", "25"}, {"C", "12"}, {"D", "18"}};
  const std::vector<M> matches = {
      {"A", 1, "C", "15", "5", "20"},  {"C", 1, "A", "5", "15", "-20"},
      {"B", 1, "D", "12", "8", "5"},   {"D", 1, "B", "8", "12", "-5"},
      {"A", 2, "D", "10", "10", "0"},  {"D", 2, "A", "10", "10", "0"},
      {"B", 2, "C", "13", "7", "8"},   {"C", 2, "B", "7", "13", "-8"}};
  for (const auto& [id, total] : totals) {
    v1::TieBreakEntrantInput* e = r.add_entrants();
    e->set_entrant(id);
    e->set_score(total);
    for (const M& m : matches) {
      if (id != m.e) continue;
      v1::TieBreakMatchInput* x = e->add_matches();
      x->set_round(m.round);
      x->set_opponent(m.opp);
      x->set_score(m.vps);
      x->set_opponent_score(m.opp_vps);
      x->set_imps(m.imps);
    }
  }
  return r;
}

std::vector<std::string> Order(const v1::TieBreakRankingResponse& out) {
  std::vector<std::string> ids;
  for (const v1::TieBreakPlacing& p : out.placings()) ids.push_back(p.entrant());
  return ids;
}

// ANC SR 17.3 ("the sum of VPs of opponents, then number of wins in VPs,
// then net IMPs, then lot"): A's opponents C + D = 30, B's D + C = 30,
// level; wins A 1 (a draw is not a win), B 2: B first by matches_won.
// ANC SR 17.2 (the Swiss draw: "net IMPs, then lot"): A +20, B +13: A
// first. The same totals, two chains, two orders.
TEST_F(CalculatorServiceTest, TieBreakRankingByNamedChain) {
  v1::TieBreakRankingRequest r = FourTeams();
  r.set_chain("anc_sr_17_3");
  v1::TieBreakRankingResponse out;
  ASSERT_TRUE(calc_.TieBreakRanking(&context_, &r, &out).ok());
  EXPECT_THAT(Order(out), ::testing::ElementsAre("B", "A", "D", "C"));
  EXPECT_EQ(out.placings(1).decided_by(), "matches_won");
  EXPECT_EQ(out.placings(1).position(), 2);
  r.set_chain("anc_sr_17_2");
  ASSERT_TRUE(calc_.TieBreakRanking(&context_, &r, &out).ok());
  EXPECT_THAT(Order(out), ::testing::ElementsAre("A", "B", "D", "C"));
  EXPECT_EQ(out.placings(1).decided_by(), "net_imps");
}

// The same by profile and purpose: anc2025_wsp's draw chain is ANC SR
// 17.2's. With net IMPs level too (A's +20 made +13) the tie waits for a
// lot ("then lot"): both hold first place, lot_due; once the lot is
// recorded (B drawn first) it decides.
TEST_F(CalculatorServiceTest, TieBreakRankingWaitsForALot) {
  v1::TieBreakRankingRequest r = FourTeams();
  r.set_regulation_profile("anc2025_wsp");
  r.set_purpose("draw");
  r.mutable_entrants(0)->mutable_matches(0)->set_imps("13");  // A
  v1::TieBreakRankingResponse out;
  ASSERT_TRUE(calc_.TieBreakRanking(&context_, &r, &out).ok());
  ASSERT_EQ(out.pending_size(), 1);
  EXPECT_EQ(out.pending(0).criterion(), "lot");
  EXPECT_THAT(out.pending(0).entrants(), ::testing::ElementsAre("A", "B"));
  EXPECT_EQ(out.placings(0).decided_by(), "lot_due");
  EXPECT_EQ(out.placings(1).position(), 1);
  r.mutable_entrants(0)->set_lot(2);
  r.mutable_entrants(1)->set_lot(1);
  ASSERT_TRUE(calc_.TieBreakRanking(&context_, &r, &out).ok());
  EXPECT_THAT(Order(out), ::testing::ElementsAre("B", "A", "D", "C"));
  EXPECT_EQ(out.placings(1).decided_by(), "lot");
  r.set_purpose("seeding");
  EXPECT_EQ(calc_.TieBreakRanking(&context_, &r, &out).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

// ------------------------------------------------------------ Fouled board

std::vector<std::pair<std::string, std::string>> FouledRows(
    const v1::FouledBoardResponse& out, bool fouled) {
  std::vector<std::pair<std::string, std::string>> rows;
  for (const v1::FouledBoardRow& row : out.rows()) {
    if (row.fouled() != fouled) continue;
    rows.push_back({absl::StrCat(row.ns().numerator(), "/",
                                 row.ns().denominator()),
                    absl::StrCat(row.ew().numerator(), "/",
                                 row.ew().denominator())});
  }
  return rows;
}

// NSW TR 7.3.2, 10 tables (top 18), 4 fouled (sufficient pairs): a
// separate deal, each form matchpointed on its own plus 1 per score of the
// other. True form (top 10) 620 650 170 620 200 -50: 7, 10, 2, 7, 4, 0,
// + 4: NS 11, 14, 6, 11, 8, 4. Fouled (top 6) -100 140 140 420: 0, 3, 3,
// 6, + 6: NS 6, 9, 9, 12. With 3 fouled of 10 (4 needed) the fouled
// tables get 60% of 18 = 10.8 both ways.
TEST_F(CalculatorServiceTest, FouledBoardNswTr7_3_2) {
  v1::FouledBoardRequest r;
  r.set_rule("nsw_tr_7_3_2");
  for (int s : {620, 650, 170, 620, 200, -50}) r.add_ns_scores(s);
  for (int s : {-100, 140, 140, 420}) r.add_other_ns_scores(s);
  v1::FouledBoardResponse out;
  ASSERT_TRUE(calc_.FouledBoard(&context_, &r, &out).ok());
  EXPECT_EQ(out.treatment(), "separate_deal");
  EXPECT_EQ(out.top(), 18);
  using P = std::pair<std::string, std::string>;
  EXPECT_THAT(FouledRows(out, false),
              ::testing::ElementsAre(P{"11/1", "7/1"}, P{"14/1", "4/1"},
                                     P{"6/1", "12/1"}, P{"11/1", "7/1"},
                                     P{"8/1", "10/1"}, P{"4/1", "14/1"}));
  EXPECT_THAT(FouledRows(out, true),
              ::testing::ElementsAre(P{"6/1", "12/1"}, P{"9/1", "9/1"},
                                     P{"9/1", "9/1"}, P{"12/1", "6/1"}));
  r.clear_ns_scores();
  r.clear_other_ns_scores();
  for (int s : {620, 650, 170, 620, 200, -50, 420}) r.add_ns_scores(s);
  for (int s : {-100, 140, 420}) r.add_other_ns_scores(s);
  ASSERT_TRUE(calc_.FouledBoard(&context_, &r, &out).ok());
  EXPECT_EQ(out.treatment(), "sixty_percent");
  EXPECT_THAT(FouledRows(out, true),
              ::testing::Each(P{"54/5", "54/5"}));
}

// Fouled-board guide (ranking play), F = (M x E + E - A) / A: the fouled
// group of 4 in a field of 10 (M 0, 3, 3, 6) gets 1.5, 9, 9, 16.5.
TEST_F(CalculatorServiceTest, FouledBoardGuideRankingPlay) {
  v1::FouledBoardRequest r;
  r.set_rule("guide_ranking_play");
  for (int s : {620, 620, 650, 170, 200, -50}) r.add_ns_scores(s);
  for (int s : {-100, 140, 140, 420}) r.add_other_ns_scores(s);
  v1::FouledBoardResponse out;
  ASSERT_TRUE(calc_.FouledBoard(&context_, &r, &out).ok());
  using P = std::pair<std::string, std::string>;
  EXPECT_THAT(FouledRows(out, true),
              ::testing::ElementsAre(P{"3/2", "33/2"}, P{"9/1", "9/1"},
                                     P{"9/1", "9/1"}, P{"33/2", "3/2"}));
  r.set_rule("anc_sr_7_4");
  grpc::Status st = calc_.FouledBoard(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("tally calc artificial"));
}

// ----------------------------------------------------- Fouled Butler board

// NS and EW IMPs of each row, true form then fouled.
std::vector<std::pair<int, int>> ButlerRows(
    const v1::FouledButlerBoardResponse& out) {
  std::vector<std::pair<int, int>> rows;
  for (const v1::FouledButlerBoardRow& row : out.rows()) {
    rows.push_back({row.ns_imps(), row.ew_imps()});
  }
  return rows;
}

v1::FouledButlerBoardRequest EightTables(const std::string& profile,
                                         const std::string& treatment) {
  // A board at 8 tables, tables 6-8 in the fouled form (as in
  // replay/butler/fouled_scoring_test.cc).
  v1::FouledButlerBoardRequest r;
  r.set_regulation_profile(profile);
  r.set_treatment(treatment);
  for (int s : {420, 420, 450, 170, -50}) r.add_true_scores()->set_ns_score(s);
  for (int s : {980, 480, 450}) r.add_fouled_scores()->set_ns_score(s);
  return r;
}

// ANC SR 7.2(a): "two separate entities ... separate datums after
// eliminating the two (3-7 results) ... extreme scores". True form
// 420 420 450 170 -50: 450 and -50 out, mean 1010/3, datum 340 (to the
// nearest 10); NS IMPs +80 -> 2, +80 -> 2, +110 -> 3, -170 -> -5,
// -390 -> -9. Fouled form 980 480 450: 980 and 450 out, datum 480; +500
// -> 11, 0 -> 0, -30 -> -1. No equalising (unlike NSW TR 7.1.1(a)).
TEST_F(CalculatorServiceTest, FouledButlerAncSr7_2aSeparateDatums) {
  v1::FouledButlerBoardRequest r =
      EightTables("anc2025_abpc_open_stage2", "separate_datums");
  v1::FouledButlerBoardResponse out;
  ASSERT_TRUE(calc_.FouledButlerBoard(&context_, &r, &out).ok());
  EXPECT_EQ(out.rule(), "anc_sr_7_2");
  EXPECT_EQ(out.clause(), "ANC SR 7.2(a)");
  EXPECT_EQ(out.datum_rule_id(), "anc_sr_7_2a");
  EXPECT_EQ(out.true_datum().datum(), 340);
  EXPECT_EQ(out.true_datum().mean().numerator(), 1010);
  EXPECT_EQ(out.true_datum().mean().denominator(), 3);
  EXPECT_EQ(out.fouled_datum().datum(), 480);
  EXPECT_EQ(out.adjustment(), 0);
  using P = std::pair<int, int>;
  EXPECT_THAT(ButlerRows(out),
              ::testing::ElementsAre(P{2, -2}, P{2, -2}, P{3, -3}, P{-5, 5},
                                     P{-9, 9}, P{11, -11}, P{0, 0}, P{-1, 1}));
  EXPECT_EQ(out.rows(2).role(), v1::DATUM_SCORE_ROLE_DROPPED_HIGH);
  EXPECT_EQ(out.rows(5).role(), v1::DATUM_SCORE_ROLE_DROPPED_HIGH);
  EXPECT_EQ(out.rows(6).role(), v1::DATUM_SCORE_ROLE_USED);
  // SABF TR 12.3's separate entities drop the same two extremes.
  r = EightTables("sabf_butler_round_robin", "separate_datums");
  ASSERT_TRUE(calc_.FouledButlerBoard(&context_, &r, &out).ok());
  EXPECT_EQ(out.clause(), "SABF TR 12.3");
  EXPECT_EQ(out.fouled_datum().datum(), 480);
  EXPECT_THAT(ButlerRows(out),
              ::testing::ElementsAre(P{2, -2}, P{2, -2}, P{3, -3}, P{-5, 5},
                                     P{-9, 9}, P{11, -11}, P{0, 0}, P{-1, 1}));
}

// NSW TR 7.1.1(a), nsw_butler (the datum rule ANC SR 16.11: fewer than 15
// tables, the n-2 middle scores): the forms' datums 340 and 480 as above.
// "Add to the scores of those who played the fouled board such integer
// number which most nearly makes these averages equal": true mean NS IMPs
// (2 + 2 + 3 - 5 - 9) / 5 = -7/5, fouled (11 + 0 - 1) / 3 = 10/3; -7/5 -
// 10/3 = -71/15 = -4.73, nearest integer -5: fouled NS 6, -5, -6. 7.1.1(b)
// instead: "an adjusted score of 2 IMPs to those pairs who played the
// fouled board", both sides.
TEST_F(CalculatorServiceTest, FouledButlerNswTr7_1_1) {
  v1::FouledButlerBoardRequest r = EightTables("nsw_butler", "separate_datum");
  v1::FouledButlerBoardResponse out;
  ASSERT_TRUE(calc_.FouledButlerBoard(&context_, &r, &out).ok());
  EXPECT_EQ(out.clause(), "NSW TR 7.1.1(a)");
  EXPECT_EQ(out.true_datum().datum(), 340);
  EXPECT_EQ(out.fouled_datum().datum(), 480);
  EXPECT_EQ(out.true_mean_imps().numerator(), -7);
  EXPECT_EQ(out.true_mean_imps().denominator(), 5);
  EXPECT_EQ(out.fouled_mean_imps().numerator(), 10);
  EXPECT_EQ(out.fouled_mean_imps().denominator(), 3);
  EXPECT_EQ(out.adjustment(), -5);
  using P = std::pair<int, int>;
  EXPECT_THAT(ButlerRows(out),
              ::testing::ElementsAre(P{2, -2}, P{2, -2}, P{3, -3}, P{-5, 5},
                                     P{-9, 9}, P{6, -6}, P{-5, 5}, P{-6, 6}));
  r.set_treatment("two_imps");
  ASSERT_TRUE(calc_.FouledButlerBoard(&context_, &r, &out).ok());
  EXPECT_EQ(out.clause(), "NSW TR 7.1.1(b)");
  EXPECT_FALSE(out.has_fouled_datum());
  EXPECT_EQ(out.true_datum().datum(), 340);
  EXPECT_THAT(ButlerRows(out),
              ::testing::ElementsAre(P{2, -2}, P{2, -2}, P{3, -3}, P{-5, 5},
                                     P{-9, 9}, P{2, 2}, P{2, 2}, P{2, 2}));
  EXPECT_EQ(out.rows(5).role(), v1::DATUM_SCORE_ROLE_UNSPECIFIED);
  // The same by rule and datum rule instead of a profile.
  r.clear_regulation_profile();
  r.set_rule("nsw_tr_7_1_1");
  r.set_datum_rule_id("anc_sr_16_11_16_13");
  r.set_treatment("separate_datum");
  ASSERT_TRUE(calc_.FouledButlerBoard(&context_, &r, &out).ok());
  EXPECT_EQ(out.adjustment(), -5);
}

// The refusals decide gives before such a ruling is recorded: ANC SR 7.2(a)
// needs 3 results in each entity; NSW TR 7.1.1(a) "sufficient pairs", the
// lesser of 4 tables and a third of 8 rounded up, 3; a matchpoint rule is
// not a Butler board's.
TEST_F(CalculatorServiceTest, FouledButlerRefusesWhatTheClauseForbids) {
  v1::FouledButlerBoardRequest r =
      EightTables("anc2025_abpc_open_stage2", "separate_datums");
  r.clear_fouled_scores();
  for (int s : {980, 480}) r.add_fouled_scores()->set_ns_score(s);
  r.set_tables_in_play(7);
  v1::FouledButlerBoardResponse out;
  grpc::Status st = calc_.FouledButlerBoard(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("ANC SR 7.2"));
  r.set_regulation_profile("nsw_butler");
  r.set_treatment("separate_datum");
  st = calc_.FouledButlerBoard(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("NSW TR 7.1.1"));
  r = EightTables("nsw_matchpoint_pairs", "separate_deal");
  st = calc_.FouledButlerBoard(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
}

// ANC SR 7.7: "direct comparisons ... on less than one-half the boards in
// the match": 7 of 16 (14 < 16) is a forfeit with both sides
// non-offending; the ITC's non-offender score (ANC SR 10.12) is 56.5 VPs
// and 56.5 - 35 = 21.5 IMPs (10.10 inverted) to each team. 8 of 16 is one
// half: scored on its boards. The ABPC pairs profile has only a bye rule
// (NSW TR 12.8, "board average" IMPs): each pair the bye's score. A profile
// without the rule and an impossible count are refused.
TEST_F(CalculatorServiceTest, FewComparisonsFollowsAncSr7_7) {
  v1::FewComparisonsRequest r;
  r.set_regulation_profile("anc2025_itc_qualifying");
  r.set_boards_in_match(16);
  r.set_boards_compared(7);
  v1::FewComparisonsResponse out;
  ASSERT_TRUE(calc_.FewComparisons(&context_, &r, &out).ok());
  EXPECT_TRUE(out.scored_as_forfeit());
  EXPECT_EQ(out.clause(), "ANC SR 7.7");
  EXPECT_THAT(out.working(), HasSubstr("2 x 7 = 14 < 16 boards"));
  ASSERT_TRUE(out.scored());
  EXPECT_EQ(out.each_side_vps().numerator(), 113);
  EXPECT_EQ(out.each_side_vps().denominator(), 2);
  EXPECT_EQ(out.each_side_imps().numerator(), 43);
  EXPECT_EQ(out.each_side_imps().denominator(), 2);
  EXPECT_THAT(out.award_clause(), HasSubstr("ANC SR 10.12"));

  r.set_boards_compared(8);
  ASSERT_TRUE(calc_.FewComparisons(&context_, &r, &out).ok());
  EXPECT_FALSE(out.scored_as_forfeit());
  EXPECT_THAT(out.working(), HasSubstr("2 x 8 = 16 >= 16 boards"));

  r.set_regulation_profile("anc2025_swiss_pairs_a");
  r.set_boards_compared(2);
  ASSERT_TRUE(calc_.FewComparisons(&context_, &r, &out).ok());
  EXPECT_TRUE(out.scored_as_forfeit());
  EXPECT_THAT(out.award_basis(), HasSubstr("bye"));

  r.set_regulation_profile("nsw_swiss_teams");
  grpc::Status st = calc_.FewComparisons(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("few direct comparisons"));
  r.set_regulation_profile("anc2025_itc_qualifying");
  r.set_boards_compared(17);
  st = calc_.FewComparisons(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
}

// -------------------------------------------------------------- Bye score

// ANC SR 10.11: "35 VPs and 0 IMPs are awarded for a bye": fixed VPs,
// whatever the round's length.
TEST_F(CalculatorServiceTest, ItcByeIsThirtyFiveVpsAndZeroImps) {
  v1::ByeScoreRequest r;
  r.set_regulation_profile("anc2025_itc_qualifying");
  v1::ByeScoreResponse out;
  ASSERT_TRUE(calc_.ByeScore(&context_, &r, &out).ok());
  EXPECT_EQ(out.rule(), "anc_sr_10_11");
  EXPECT_EQ(out.clause(), "ANC SR 10.11");
  EXPECT_EQ(out.boards(), 16);  // the profile's matches
  EXPECT_THAT(out.imps(), FractionIs(Frac(0, 1)));
  ASSERT_TRUE(out.has_vps());
  EXPECT_THAT(out.vps(), DecimalIs(35, 0));
  EXPECT_TRUE(out.fixed_vps());
  EXPECT_FALSE(out.has_scale());
  EXPECT_THAT(out.working(), HasSubstr("fixed by the rule"));
}

// NSW TR 12.8: each pair that sat out gets "an average score for every
// board played": against a datum the NS and EW IMPs at a table are
// negatives, so the average is 0 IMPs, converted on the event's scale
// (nsw_swiss_pairs: 8 boards, the WBF continuous scale): 0 IMPs is 10.00
// VPs at any length (SABF TR 21.5, 21.7: margin 0, 10.00).
TEST_F(CalculatorServiceTest, NswByeIsTheBoardAverageOnTheEventsScale) {
  v1::ByeScoreRequest r;
  r.set_regulation_profile("nsw_swiss_pairs");
  v1::ByeScoreResponse out;
  ASSERT_TRUE(calc_.ByeScore(&context_, &r, &out).ok());
  EXPECT_EQ(out.rule(), "nsw_tr_12_8");
  EXPECT_EQ(out.clause(), "NSW TR 12.8");
  EXPECT_EQ(out.boards(), 8);
  EXPECT_THAT(out.imps(), FractionIs(Frac(0, 1)));
  EXPECT_FALSE(out.fixed_vps());
  ASSERT_TRUE(out.has_scale());
  EXPECT_EQ(out.scale().id(), "wbf2013_continuous");
  EXPECT_EQ(out.scale_boards(), 8);
  ASSERT_TRUE(out.has_vps());
  EXPECT_THAT(out.vps(), DecimalIs(1000, 2));
  r.set_boards(10);
  ASSERT_TRUE(calc_.ByeScore(&context_, &r, &out).ok());
  EXPECT_EQ(out.scale_boards(), 10);
  EXPECT_THAT(out.vps(), DecimalIs(1000, 2));
}

TEST_F(CalculatorServiceTest, ByeRefusesProfileWithoutByeRuleAndBadBoards) {
  v1::ByeScoreRequest r;
  r.set_regulation_profile("nsw_swiss_teams");  // forfeit rule, no bye rule
  v1::ByeScoreResponse out;
  grpc::Status st = calc_.ByeScore(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("no bye rule"));
  r.set_regulation_profile("no_such_profile");
  EXPECT_EQ(calc_.ByeScore(&context_, &r, &out).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  r.set_regulation_profile("nsw_swiss_pairs");
  r.set_boards(-3);
  EXPECT_EQ(calc_.ByeScore(&context_, &r, &out).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

// ------------------------------------------------------ Fouled match play

// Fouled-board guide, Match Play, on sabf_swiss_teams (14 boards, SABF TR
// 21.10): home 8 IMPs up (12.43-7.57). (b): redealt, home offended, fined
// 3 IMPs: 5, 11.58-8.42. The corrected board with cards exchanged between
// partners: 6 IMPs off away, home 14, 13.96-6.04. (a): away offended, the
// board 5 IMPs to home on top of home's 8 on the other boards: 13,
// 13.72-6.28. (c): no fine, no team named, 8, 12.43-7.57.
TEST_F(CalculatorServiceTest, FouledMatchPlayFinesAdjustsAndRedeals) {
  v1::FouledMatchPlayRequest r;
  r.set_treatment("redealt");
  r.set_offending("home");
  r.set_home_imps("8");
  r.set_regulation_profile("sabf_swiss_teams");
  v1::FouledMatchPlayResponse out;
  ASSERT_TRUE(calc_.FouledMatchPlay(&context_, &r, &out).ok());
  EXPECT_EQ(out.clause(), "Fouled-board guide (Match Play) (b)");
  EXPECT_EQ(out.fine_imps(), 3);
  EXPECT_TRUE(out.redeal());
  EXPECT_THAT(out.home_imps_after(), FractionIs(Frac(5, 1)));
  EXPECT_THAT(out.home_vps_before(), DecimalIs(1243, 2));
  EXPECT_THAT(out.away_vps_before(), DecimalIs(757, 2));
  EXPECT_THAT(out.home_vps_after(), DecimalIs(1158, 2));
  EXPECT_THAT(out.away_vps_after(), DecimalIs(842, 2));
  EXPECT_EQ(out.scale_boards(), 14);
  EXPECT_THAT(out.working(), HasSubstr("fined 3 IMPs"));

  r.set_treatment("play_proceeds");
  r.set_offending("away");
  r.set_cards_exchanged(true);
  ASSERT_TRUE(calc_.FouledMatchPlay(&context_, &r, &out).ok());
  EXPECT_EQ(out.fine_imps(), 6);
  EXPECT_FALSE(out.redeal());
  EXPECT_THAT(out.home_imps_after(), FractionIs(Frac(14, 1)));
  EXPECT_THAT(out.home_vps_after(), DecimalIs(1396, 2));

  r.set_treatment("adjusted");
  r.set_cards_exchanged(false);
  r.set_adjusted_imps(5);
  ASSERT_TRUE(calc_.FouledMatchPlay(&context_, &r, &out).ok());
  EXPECT_EQ(out.fine_imps(), 0);
  EXPECT_EQ(out.non_offenders_imps(), 5);
  EXPECT_THAT(out.home_imps_after(), FractionIs(Frac(13, 1)));
  EXPECT_THAT(out.home_vps_after(), DecimalIs(1372, 2));
  EXPECT_THAT(out.away_vps_after(), DecimalIs(628, 2));

  r.set_treatment("redealt_both_at_fault");
  r.set_offending("");
  r.set_adjusted_imps(0);
  ASSERT_TRUE(calc_.FouledMatchPlay(&context_, &r, &out).ok());
  EXPECT_EQ(out.fine_imps(), 0);
  EXPECT_TRUE(out.redeal());
  EXPECT_THAT(out.home_vps_after(), DecimalIs(1243, 2));
}

TEST_F(CalculatorServiceTest, FouledMatchPlayRefusesWhatTheGuideForbids) {
  v1::FouledMatchPlayRequest r;
  v1::FouledMatchPlayResponse out;
  r.set_treatment("adjusted");
  r.set_offending("away");
  r.set_adjusted_imps(3);  // (a): "greater than 3 IMPs"
  grpc::Status st = calc_.FouledMatchPlay(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(),
              HasSubstr("Fouled-board guide (Match Play) (a)"));
  r.set_treatment("redealt_both_at_fault");  // (c) names no offender
  r.set_adjusted_imps(0);
  st = calc_.FouledMatchPlay(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("(c)"));
  r.set_treatment("redealt");
  r.set_home_imps("8");
  r.set_regulation_profile("anc2025_itc_qualifying");  // ANC SR 7.1's rule
  st = calc_.FouledMatchPlay(&context_, &r, &out);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("anc_sr_7_1"));
}

}  // namespace
}  // namespace tally::server
