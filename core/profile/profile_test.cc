#include "core/profile/profile.h"

#include <string>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;
using ::testing::StartsWith;

// A Welcome Swiss Pairs-like profile (ANC SR 22), valid as it stands; each
// test breaks one thing.
RegulationProfile SwissPairs() {
  RegulationProfile p;
  p.name = "test_swiss_pairs";
  p.title = "Test Swiss Pairs";
  p.source = {"ANC 2025 SR", {"22.1", "22.2"}};
  p.event_kind = EventKind::kSwissPairs;
  p.scoring = ScoringMethod::kImpsVsDatum;
  p.matches = MatchFormat{8, 7, "ANC SR 22.1"};
  p.datum = DatumRuleForMethod(DatumMethod::kAncSr22_3To22_4);
  p.vp =
      VpConversion{{std::string(kAbfButlerSabf212), {}}, 0, "ANC SR 22.2", {}};
  p.artificial = {"butler_2_imps", "", "anc_appendix", "anc_sr_7_2"};
  p.penalties = {"anc_butler_swiss_pairs", true, "ANC SR 5.1"};
  p.draw = DrawRules{DrawMethod::kSwiss,
                     FirstRound::kQuarters,
                     OddField::kBye,
                     HomeRule::kHigherRankedHome,
                     true,
                     "ANC SR 22.1; appendix (Modified Swiss Format)"};
  p.tie_breaks.chains = {
      {TieBreakPurpose::kDraw, {"net_imps", "lot"}, "ANC SR 17.2"},
      {TieBreakPurpose::kFinalPlacing,
       {"opponents_total_vps", "matches_won", "net_imps", "lot"},
       "ANC SR 17.3"}};
  p.time_windows = {
      {TimeWindowKind::kCorrectionPeriod,
       "ANC SR 6.1",
       {{TimeAnchor::kScoresPosted, 30}, {TimeAnchor::kNextSessionStart, 0}},
       {},
       {{TimeAnchor::kScoresPosted, 30}},
       true},
      {TimeWindowKind::kRulingReview,
       "ANC SR 6.2",
       {{TimeAnchor::kSessionScheduledEnd, 30}},
       {{TimeAnchor::kRulingAdvised, 30}},
       {},
       true}};
  return p;
}

// A matchpoint pairs profile (SABF TR 11), valid as it stands.
RegulationProfile MatchpointPairs() {
  RegulationProfile p;
  p.name = "test_matchpoint_pairs";
  p.title = "Test Matchpoint Pairs";
  p.source = {"SABF TR", {"11"}};
  p.event_kind = EventKind::kMatchpointPairs;
  p.scoring = ScoringMethod::kMatchpoints;
  p.artificial = {"", "guide_60_or_session_average", "per_board",
                  "sabf_tr_11_9"};
  p.penalties = {"sabf_matchpoint_pairs", false, "SABF TR 11.2"};
  p.tie_breaks.tie_within = *Rational::Parse("0.03");
  p.tie_breaks.tie_clause = "SABF TR 11.7";
  p.time_windows = {{TimeWindowKind::kCorrectionPeriod,
                     "SABF TR 8",
                     {{TimeAnchor::kScoresPosted, 24 * 60}},
                     {},
                     {},
                     false},
                    {TimeWindowKind::kRulingReview,
                     "SABF TR 7",
                     {{TimeAnchor::kSessionScheduledEnd, 30}},
                     {},
                     {},
                     false}};
  return p;
}

// A round-robin teams profile (SABF TR 13), valid as it stands.
RegulationProfile RoundRobinTeams() {
  RegulationProfile p;
  p.name = "test_round_robin_teams";
  p.title = "Test Round Robin Teams";
  p.source = {"SABF TR", {"13", "15"}};
  p.event_kind = EventKind::kRoundRobinTeams;
  p.scoring = ScoringMethod::kImpsTwoTables;
  p.matches = MatchFormat{14, 0, "SABF TR 13.2"};
  p.vp = VpConversion{
      {std::string(kWbf2013Continuous), {}}, 0, "SABF TR 13.9", {}};
  p.artificial = {"teams_by_match_length", "", "per_board", "guide_match_play"};
  p.penalties = {"sabf_teams", false, "SABF TR 13.14"};
  p.forfeit = ForfeitChoice{"sabf_tr_13_9", std::nullopt, ""};
  p.draw =
      DrawRules{.method = DrawMethod::kRoundRobin, .clause = "SABF TR 15.1"};
  p.time_windows = MatchpointPairs().time_windows;
  return p;
}

absl::Status Validate(const RegulationProfile& p) { return ValidateProfile(p); }

TEST(ValidateProfileTest, AcceptsCoherentProfiles) {
  EXPECT_THAT(Validate(SwissPairs()), IsOk());
  EXPECT_THAT(Validate(MatchpointPairs()), IsOk());
  EXPECT_THAT(Validate(RoundRobinTeams()), IsOk());
}

TEST(ValidateProfileTest, MissingNameNamesTheField) {
  RegulationProfile p = SwissPairs();
  p.name.clear();
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("name: missing")));
}

TEST(ValidateProfileTest, NameIsLowerCaseIdentifier) {
  RegulationProfile p = SwissPairs();
  p.name = "ANC WSP";
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("name: \"ANC WSP\"")));
}

TEST(ValidateProfileTest, SourceNeedsClauses) {
  RegulationProfile p = SwissPairs();
  p.source.clauses.clear();
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("source.clauses: missing")));
}

TEST(ValidateProfileTest, TeamsEventIsNotMatchpointed) {
  RegulationProfile p = RoundRobinTeams();
  p.scoring = ScoringMethod::kMatchpoints;
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("scoring: a round_robin_teams event cannot "
                                  "be scored matchpoints")));
}

TEST(ValidateProfileTest, NegativeBoardsPerMatch) {
  RegulationProfile p = SwissPairs();
  p.matches->boards_per_match = -2;
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    "matches.boards_per_match: must be at "
                                    "least 1, got -2"));
}

TEST(ValidateProfileTest, SwissNeedsMatches) {
  RegulationProfile p = SwissPairs();
  p.matches.reset();
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("matches: required")));
}

TEST(ValidateProfileTest, ButlerNeedsDatum) {
  RegulationProfile p = SwissPairs();
  p.datum.reset();
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("datum: required")));
}

TEST(ValidateProfileTest, DatumOnlyForDatumScoring) {
  RegulationProfile p = RoundRobinTeams();
  p.datum = DatumRuleForMethod(DatumMethod::kSabfTr12_1);
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("datum: given")));
}

TEST(ValidateProfileTest, FouledBoardRuleIsNotAnEventDatum) {
  // ANC SR 7.2(a) trims one form of a fouled board, not the event's boards.
  RegulationProfile p = SwissPairs();
  p.datum = DatumRuleForMethod(DatumMethod::kAncSr7_2a);
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("datum.rule: anc_sr_7_2a")));
}

TEST(ValidateProfileTest, DatumRoundingStepPositive) {
  RegulationProfile p = SwissPairs();
  p.datum->rounding_step = 0;
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("datum.rounding_step")));
}

TEST(ValidateProfileTest, UnknownVpScale) {
  RegulationProfile p = SwissPairs();
  p.vp->scale.id = "wbf_2099";
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("vp.scale.id: no VP scale is called "
                                  "'wbf_2099'")));
}

TEST(ValidateProfileTest, PercentageScaleForAnImpEvent) {
  RegulationProfile p = SwissPairs();
  p.vp->scale.id = std::string(kIpcAncAppendix);
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    AllOf(StartsWith("vp.scale.id: "),
                                          HasSubstr("percentage"))));
}

TEST(ValidateProfileTest, ScaleMustCoverTheMatchLength) {
  // SABF TR 21.2 prints the ABF Butler scale for 7-10, 12 and 14 boards.
  RegulationProfile p = SwissPairs();
  p.matches->boards_per_match = 11;
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("vp.scale: cannot convert a match of 11 "
                                  "boards")));
  // Read at a printed length (scale_boards) it is accepted.
  p.vp->scale_boards = 12;
  EXPECT_THAT(Validate(p), IsOk());
}

TEST(ValidateProfileTest, OtherLengthsAreCheckedToo) {
  RegulationProfile p = SwissPairs();
  p.vp->other_lengths = {
      {20, {std::string(kAbfButlerSabf212), {}}, 0, "SABF TR 21.10"}};
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("vp.other_lengths[0].scale: cannot convert "
                                  "a match of 20 boards")));
  // SABF TR 21.10: a 20-board Butler match on the 14-board WBF scale.
  p.vp->other_lengths[0].scale.id = std::string(kWbf2013Continuous);
  p.vp->other_lengths[0].scale_boards = 14;
  EXPECT_THAT(Validate(p), IsOk());
  p.vp->other_lengths[0].match_boards = 8;
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("vp.other_lengths[0].match_boards: 8 is the "
                                  "event's own match length")));
}

TEST(ValidateProfileTest, SwissNeedsVpsAndFinalsHaveNone) {
  RegulationProfile p = SwissPairs();
  p.vp.reset();
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("vp: required")));
  RegulationProfile q = RoundRobinTeams();
  q.event_kind = EventKind::kKnockoutTeams;
  q.forfeit.reset();
  EXPECT_THAT(Validate(q), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("vp: a knockout_teams event")));
}

TEST(ValidateProfileTest, ArtificialRuleMustFitTheScoring) {
  RegulationProfile p = SwissPairs();
  p.artificial.imps = "teams_by_match_length";  // teams only
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("artificial.imps: teams_by_match_length")));
  p.artificial.imps = "butler_3_imps";
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("artificial.imps: no artificial IMP rule is "
                                  "called \"butler_3_imps\"")));
  RegulationProfile q = MatchpointPairs();
  q.artificial.imps = "butler_2_imps";
  EXPECT_THAT(Validate(q), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("artificial.imps: given")));
  q = MatchpointPairs();
  q.artificial.several_boards = "nsw_tr_12_10";  // IMP events only
  EXPECT_THAT(Validate(q),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("artificial.several_boards: nsw_tr_12_10")));
  q = MatchpointPairs();
  q.artificial.fouled_board.clear();
  EXPECT_THAT(Validate(q),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("artificial.fouled_board: missing")));
}

TEST(ValidateProfileTest, UnknownPenaltyScale) {
  RegulationProfile p = SwissPairs();
  p.penalties.scale = "anc_swiss";
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("penalties.scale: no penalty scale is "
                                  "called \"anc_swiss\"")));
}

TEST(ValidateProfileTest, ForfeitRuleNeedsWhatItConverts) {
  // NSW TR 12.9.5: without VPs the Tournament Committee's equivalent of 12
  // VPs must be stated.
  RegulationProfile p = RoundRobinTeams();
  p.event_kind = EventKind::kKnockoutTeams;
  p.draw->method = DrawMethod::kExplicit;
  p.vp.reset();
  p.forfeit = ForfeitChoice{"nsw_tr_12_9", std::nullopt, ""};
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("forfeit.base: NSW TR 12.9.5")));
  p.forfeit->base = 30;
  EXPECT_THAT(Validate(p), IsOk());
  p.forfeit->base = -1;
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("forfeit.base: must be "
                                               "positive")));
}

TEST(ValidateProfileTest, ByeRuleMustFit) {
  RegulationProfile p = SwissPairs();
  p.forfeit = ForfeitChoice{"nsw_tr_12_9", std::nullopt, "anc_sr_10_11"};
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("forfeit.bye: anc_sr_10_11")));
}

TEST(ValidateProfileTest, NswByeFitsDatumPairsOnly) {
  // NSW TR 12.8's board average is an IMPs-against-datum rule.
  RegulationProfile p = RoundRobinTeams();
  p.forfeit->bye = "nsw_tr_12_8";
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("forfeit.bye: nsw_tr_12_8 (NSW TR 12.8) "
                                  "does not fit a round_robin_teams event")));
}

TEST(ValidateProfileTest, ForfeitSectionMayNameOnlyABye) {
  // The ANC SR scores no pairs forfeit; a profile may still name a bye rule.
  RegulationProfile p = SwissPairs();
  p.forfeit = ForfeitChoice{"", std::nullopt, "nsw_tr_12_8"};
  EXPECT_THAT(Validate(p), IsOk());
  p.forfeit->bye.clear();
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("forfeit.rule: missing")));
}

TEST(ValidateProfileTest, EventsOfMatchesNeedADrawMovementsHaveNone) {
  RegulationProfile p = SwissPairs();
  p.draw.reset();
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("draw: required: say how the rounds of a "
                                  "swiss_pairs event are drawn")));
  RegulationProfile mp = MatchpointPairs();
  mp.draw = DrawRules{.method = DrawMethod::kSwiss, .clause = "x"};
  EXPECT_THAT(Validate(mp),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("draw: a matchpoint_pairs event is played "
                                  "in a movement")));
}

TEST(ValidateProfileTest, DrawMethodMustFitTheKind) {
  RegulationProfile p = SwissPairs();
  p.draw = DrawRules{.method = DrawMethod::kRoundRobin, .clause = "x"};
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    "draw.method: a swiss_pairs event cannot "
                                    "be drawn round_robin"));
  // Round-robin teams: Berger or the ITC draws (ANC SR 10.6-10.7); SABF TR
  // 21.15-21.16 are draws for Butler pairs.
  RegulationProfile t = RoundRobinTeams();
  t.draw->method = DrawMethod::kItcRoundRobin;
  EXPECT_THAT(Validate(t), IsOk());
  t.draw->method = DrawMethod::kSabfButlerRoundRobin;
  EXPECT_THAT(Validate(t), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("draw.method: a "
                                               "round_robin_teams event cannot "
                                               "be drawn "
                                               "sabf_butler_round_robin")));
  t.draw->method = DrawMethod::kExplicit;
  EXPECT_THAT(Validate(t), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("draw.method: ")));
  // A knock-out is drawn by the director, match by match.
  t.event_kind = EventKind::kKnockoutTeams;
  t.vp.reset();
  t.forfeit.reset();
  EXPECT_THAT(Validate(t), IsOk());
  t.draw->method = DrawMethod::kSwiss;
  EXPECT_THAT(Validate(t), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("draw.method: a knockout_teams "
                                               "event cannot be drawn swiss")));
}

TEST(ValidateProfileTest, FinalsDrawsNameTheirCarryOverRule) {
  // A finals draw stores its regulation's carry-over in every match: ANC SR
  // 11.2 for the ITC final, SABF TR 13.12 for the Final Five, 13.11 for the
  // final four.
  RegulationProfile p = RoundRobinTeams();
  p.event_kind = EventKind::kKnockoutTeams;
  p.vp.reset();
  p.forfeit.reset();
  p.matches = MatchFormat{60, 1, "ANC SR 11.3"};
  p.draw->method = DrawMethod::kItcFinal;
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("carry_over.rule: a itc_final "
                                               "draw carries the carry-over "
                                               "of rule anc_sr_11_2")));
  p.carry_over = CarryOverChoice{"anc_sr_11_2"};
  EXPECT_THAT(Validate(p), IsOk());
  // ANC SR 11.3: five stanzas of equal length.
  p.matches->boards_per_match = 62;
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("matches.boards_per_match: ")));
  p.matches->boards_per_match = 28;
  p.draw->method = DrawMethod::kSabfFinalFive;
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("carry_over.rule: ")));
  p.carry_over->rule = "sabf_tr_13_12";
  EXPECT_THAT(Validate(p), IsOk());
  p.draw->method = DrawMethod::kSabfFinalFour;
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("carry_over.rule: ")));
  p.carry_over->rule = "sabf_tr_13_11";
  EXPECT_THAT(Validate(p), IsOk());
  // Only a knock-out is drawn as a final.
  p.event_kind = EventKind::kRoundRobinTeams;
  p.vp = RoundRobinTeams().vp;
  p.carry_over.reset();
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("draw.method: a "
                                               "round_robin_teams event "
                                               "cannot be drawn "
                                               "sabf_final_four")));
}

TEST(ValidateProfileTest, DrawNeedsItsClause) {
  RegulationProfile p = SwissPairs();
  p.draw->clause.clear();
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("draw.clause: missing")));
}

TEST(ValidateProfileTest, PairsSwissTakesAByeNotAShareMatch) {
  // SABF TR 14.1's share match is three teams at three tables.
  RegulationProfile p = SwissPairs();
  p.draw->odd_field = OddField::kShareMatch;
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    "draw.odd_field: a share match needs teams "
                                    "(SABF TR 14.1); pairs events take a bye"));
  // Teams may share.
  RegulationProfile t = RoundRobinTeams();
  t.event_kind = EventKind::kSwissTeams;
  t.draw = DrawRules{.method = DrawMethod::kSwiss,
                     .odd_field = OddField::kShareMatch,
                     .home = HomeRule::kByLot,
                     .clause = "SABF TR 13.6, 14.1"};
  EXPECT_THAT(Validate(t), IsOk());
}

TEST(ValidateProfileTest, HalfMatchesAreForImpSwissPairsOfAnEvenLength) {
  // NSW TR 12.7: "In Swiss pairs events ... the IMP difference".
  RegulationProfile p = SwissPairs();
  p.draw->odd_field = OddField::kHalfMatches;
  EXPECT_THAT(Validate(p), IsOk());
  // Halves of a 7-board match are not equal (12.7(a) doubles one half).
  p.matches->boards_per_match = 7;
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("draw.odd_field: half matches "
                                               "(NSW TR 12.7) split")));
  // Teams have the share match.
  RegulationProfile t = RoundRobinTeams();
  t.event_kind = EventKind::kSwissTeams;
  t.draw = DrawRules{.method = DrawMethod::kSwiss,
                     .odd_field = OddField::kHalfMatches,
                     .clause = "NSW TR 12.7"};
  EXPECT_THAT(Validate(t), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("draw.odd_field: half matches "
                                               "(NSW TR 12.7) are for Swiss "
                                               "pairs")));
}

TEST(ValidateProfileTest, SwissSettingsOnlyWithASwissDraw) {
  RegulationProfile p = RoundRobinTeams();
  p.draw->home = HomeRule::kByLot;
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    "draw.home: by_lot is a setting of the "
                                    "swiss draw; a round_robin draw takes "
                                    "none"));
  p.draw->home = HomeRule::kHigherRankedHome;
  p.draw->first_round = FirstRound::kTopHalfVersusBottomHalf;
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("draw.first_round: ")));
  p.draw->first_round = FirstRound::kQuarters;
  p.draw->odd_field = OddField::kBye;
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("draw.odd_field: ")));
  p.draw->odd_field = OddField::kShareMatch;
  p.draw->modified_swiss_small_field = true;
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("draw.modified_swiss_small_field: ")));
}

TEST(ValidateProfileTest, ModifiedSwissNeedsTheNumberOfRounds) {
  // ANC SR appendix: "fewer than twice the number of rounds".
  RegulationProfile p = SwissPairs();
  p.matches->count = 0;
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("draw.modified_swiss_small_field: the ANC "
                                  "SR appendix compares")));
  p.draw->modified_swiss_small_field = false;
  EXPECT_THAT(Validate(p), IsOk());
}

TEST(ValidateProfileTest, CarryOverRuleMustFitTheEvent) {
  RegulationProfile p = SwissPairs();
  p.carry_over = CarryOverChoice{"anc_sr_11_2"};  // the ITC final's
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("carry_over.rule: "
                                               "anc_sr_11_2")));
}

TEST(ValidateProfileTest, QualifiersNameACountAndTheirClause) {
  RegulationProfile p = SwissPairs();
  p.qualifiers = QualifierRule{0, "ANC SR 16.5"};
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("qualifiers.per_field: ")));
  p.qualifiers = QualifierRule{5, ""};
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("qualifiers.clause: ")));
  p.qualifiers = QualifierRule{5, "ANC SR 16.5"};
  EXPECT_THAT(Validate(p), IsOk());
}

TEST(ValidateProfileTest, TieBreakCriteriaAreKnown) {
  RegulationProfile p = SwissPairs();
  p.tie_breaks.chains[1].criteria[1] = "coin_toss";
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("tie_breaks.chains[1].criteria[1]: no "
                                  "tie-break criterion is called "
                                  "\"coin_toss\"")));
}

TEST(ValidateProfileTest, LotComesLast) {
  RegulationProfile p = SwissPairs();
  p.tie_breaks.chains[0].criteria = {"lot", "net_imps"};
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("tie_breaks.chains[0].criteria[0]: lot "
                                  "decides every tie")));
}

TEST(ValidateProfileTest, OneChainPerPurpose) {
  RegulationProfile p = SwissPairs();
  p.tie_breaks.chains[1].purpose = TieBreakPurpose::kDraw;
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("tie_breaks.chains[1].purpose: "
                                               "a second draw chain")));
}

TEST(ValidateProfileTest, NoDrawChainWithoutADraw) {
  RegulationProfile p = MatchpointPairs();
  p.tie_breaks.chains = {{TieBreakPurpose::kDraw, {"lot"}, "SABF TR 11.7"}};
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("tie_breaks.chains[0].purpose: "
                                               "a matchpoint_pairs event")));
}

TEST(ValidateProfileTest, TieMarginNeedsItsClause) {
  RegulationProfile p = MatchpointPairs();
  p.tie_breaks.tie_clause.clear();
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("tie_breaks.tie_clause")));
}

TEST(ValidateProfileTest, CorrectionAndReviewWindowsRequired) {
  RegulationProfile p = SwissPairs();
  p.time_windows.erase(p.time_windows.begin());
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("time_windows: no correction_period")));
  p = SwissPairs();
  p.time_windows.pop_back();
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("time_windows: no "
                                               "ruling_review")));
}

TEST(ValidateProfileTest, TimeWindowShape) {
  RegulationProfile p = SwissPairs();
  p.time_windows[1].kind = TimeWindowKind::kCorrectionPeriod;
  EXPECT_THAT(Validate(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                    StartsWith("time_windows[1].kind: a "
                                               "second correction_period")));
  p = SwissPairs();
  p.time_windows[0].late_ruling_ends_at_latest_of = {
      {TimeAnchor::kRulingAdvised, 30}};
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("time_windows[0].late_ruling_ends_at_latest_"
                                  "of: only a ruling_review")));
  p = SwissPairs();
  p.time_windows[0].ends_at_latest_of.clear();
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("time_windows[0].ends_at_latest_of: "
                                  "missing")));
  p = SwissPairs();
  p.time_windows[0].ends_at_latest_of[1].anchor = TimeAnchor::kScoresPosted;
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("time_windows[0].ends_at_latest_of[1]: "
                                  "scores_posted is listed twice")));
}

TEST(ValidateProfileTest, SessionPercentagePlaces) {
  RegulationProfile p = MatchpointPairs();
  p.rounding.session_percentage_places = 7;
  EXPECT_THAT(Validate(p),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("rounding.session_percentage_places")));
}

TEST(VpScaleForMatchTest, OwnLengthUsesTheProfileScale) {
  const VpScaleForBoards s = *VpScaleForMatch(SwissPairs(), 8);
  EXPECT_EQ(s.scale.id, kAbfButlerSabf212);
  EXPECT_EQ(s.boards, 8);
  EXPECT_EQ(s.clause, "ANC SR 22.2");
}

TEST(VpScaleForMatchTest, ListedLengthUsesItsRule) {
  // SABF TR 21.10: a 20-board Butler match is read on the 14-board WBF scale.
  RegulationProfile p = SwissPairs();
  p.vp->other_lengths = {
      {20, {std::string(kWbf2013Continuous), {}}, 14, "SABF TR 21.10"}};
  const VpScaleForBoards s = *VpScaleForMatch(p, 20);
  EXPECT_EQ(s.scale.id, kWbf2013Continuous);
  EXPECT_EQ(s.boards, 14);
  EXPECT_EQ(s.clause, "SABF TR 21.10");
}

TEST(VpScaleForMatchTest, ScaleBoardsOnlyForTheOwnLength) {
  // A shortened 7-board match (NSW TR 12.7(b)) is read at its own length,
  // not at the scale_boards of the full match.
  RegulationProfile p = SwissPairs();
  p.vp->scale_boards = 9;
  EXPECT_EQ(VpScaleForMatch(p, 8)->boards, 9);
  EXPECT_EQ(VpScaleForMatch(p, 7)->boards, 7);
}

TEST(VpScaleForMatchTest, Failures) {
  EXPECT_THAT(VpScaleForMatch(MatchpointPairs(), 8),
              StatusIs(absl::StatusCode::kFailedPrecondition));
  EXPECT_THAT(VpScaleForMatch(SwissPairs(), 0),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(ProfileIdsTest, IdsAreTheTextprotoWords) {
  EXPECT_EQ(EventKindId(EventKind::kRoundRobinPairs), "round_robin_pairs");
  EXPECT_EQ(ScoringMethodId(ScoringMethod::kImpsVsDatum), "imps_vs_datum");
  EXPECT_EQ(TieBreakPurposeId(TieBreakPurpose::kQualification),
            "qualification");
  EXPECT_EQ(TimeAnchorId(TimeAnchor::kNextSessionStart), "next_session_start");
  EXPECT_EQ(TimeWindowKindId(TimeWindowKind::kScorerErrorCorrection),
            "scorer_error_correction");
  EXPECT_EQ(DrawMethodId(DrawMethod::kSabfButlerRoundRobin),
            "sabf_butler_round_robin");
  EXPECT_EQ(DrawMethodId(DrawMethod::kItcRoundRobin), "itc_round_robin");
}

TEST(QualifiersPerFieldTest, SabfStatePairsFinalGrowsFromAThirtyPairAverage) {
  // SABF TR 18.1.2: a 7-table Howell (14 pairs) "provided that the average
  // number of pairs playing in the qualifying event is at least 30",
  // otherwise 5 tables (10 pairs). 30 + 29 + 31 = 90 = 30 x 3: 14;
  // 29 + 30 + 30 = 89 < 90: 10.
  QualifierRule rule{10, "SABF TR 18.1.2", 30, 14};
  EXPECT_EQ(QualifiersPerField(rule, {30, 29, 31}), 14);
  EXPECT_EQ(QualifiersPerField(rule, {29, 30, 30}), 10);
  EXPECT_EQ(QualifiersPerField(rule, {}), 10);
  EXPECT_EQ(QualifiersPerField(QualifierRule{8, "ANC SR 16.5"}, {40, 40}), 8);
}

}  // namespace
}  // namespace tally::core
