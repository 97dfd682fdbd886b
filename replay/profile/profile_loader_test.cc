#include "replay/profile/profile_loader.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "core/base/status_matchers.h"
#include "core/profile/named_rules.h"
#include "core/vp/vp_scale.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::StartsWith;

core::Rational R(const char* text) { return *core::Rational::Parse(text); }

core::RegulationProfile Load(absl::string_view name) {
  absl::StatusOr<core::RegulationProfile> p = FindBuiltInProfile(name);
  EXPECT_THAT(p, IsOk()) << name;
  return p.ok() ? *p : core::RegulationProfile{};
}

// ------------------------------------------------------------ built-ins --

TEST(BuiltInProfilesTest, OneProfilePerEventInTheRegulations) {
  std::vector<std::string> names;
  for (const auto& [name, text] : BuiltInProfileTexts()) names.push_back(name);
  EXPECT_THAT(
      names,
      ElementsAre(
          "abf_club_pairs", "acbl_club_pairs", "anc2025_abpc_mixed_stage1",
          "anc2025_abpc_mixed_stage2", "anc2025_abpc_open_stage1",
          "anc2025_abpc_open_stage2", "anc2025_abpc_open_stage3", "anc2025_ipc",
          "anc2025_itc_final", "anc2025_itc_qualifying",
          "anc2025_swiss_pairs_a", "anc2025_swiss_pairs_b", "anc2025_wsp",
          "club_butler_pairs", "club_pairs_no_neuberg", "cross_imp_pairs",
          "ebu_club_pairs", "ebu_club_pairs_across_field", "nsw_butler",
          "nsw_matchpoint_pairs",
          "nsw_swiss_pairs", "nsw_swiss_pairs_top_tables", "nsw_swiss_teams",
          "sabf_butler_round_robin", "sabf_butler_swiss",
          "sabf_matchpoint_pairs", "sabf_round_robin_teams",
          "sabf_state_open_pairs_final", "sabf_state_open_pairs_qualifying",
          "sabf_swiss_teams", "sabf_teams_finals"));
}

// The club profiles (docs/club-conventions.md): ACBL's top n-1 shown to
// one decimal with halves to even; Compscore's scaled total; the EBU's
// percentages on the boards played, with no scaled total.
TEST(BuiltInProfilesTest, ClubProfilesCarryTheirDisplayConventions) {
  const core::RegulationProfile acbl = Load("acbl_club_pairs");
  ASSERT_TRUE(acbl.club.has_value());
  EXPECT_EQ(acbl.club->scale, core::MatchpointScale::kOnePerPair);
  EXPECT_EQ(acbl.club->places, 1);
  EXPECT_EQ(acbl.club->half, core::HalfRounding::kEven);
  EXPECT_FALSE(acbl.club->scaled_total);
  const core::RegulationProfile abf = Load("abf_club_pairs");
  ASSERT_TRUE(abf.club.has_value());
  EXPECT_EQ(abf.club->scale, core::MatchpointScale::kTwoPerPair);
  EXPECT_TRUE(abf.club->scaled_total);
  const core::RegulationProfile ebu = Load("ebu_club_pairs");
  ASSERT_TRUE(ebu.club.has_value());
  EXPECT_FALSE(ebu.club->scaled_total);
  EXPECT_FALSE(ebu.sections.has_value());  // within each section
  const core::RegulationProfile across = Load("ebu_club_pairs_across_field");
  ASSERT_TRUE(across.sections.has_value());
  EXPECT_TRUE(across.sections->across_field);
  EXPECT_FALSE(across.sections->clause.empty());
  for (const core::RegulationProfile* p : {&acbl, &abf, &ebu}) {
    EXPECT_FALSE(p->club->clause.empty()) << p->name;
    EXPECT_EQ(p->artificial.matchpoints, "law_12c2_60_40") << p->name;
  }
}

// Neuberg stays every club profile's default; the Neuberg-off profile
// counts artificial and missing results as ties (the manual method), and
// Compscore's travellers show a factored board on its own top. A setting
// that is neither is refused, naming it.
TEST(BuiltInProfilesTest, ClubProfilesSayHowBoardsWithFewerResultsAreScored) {
  for (const char* name :
       {"abf_club_pairs", "acbl_club_pairs", "ebu_club_pairs"}) {
    const core::RegulationProfile p = Load(name);
    ASSERT_TRUE(p.club.has_value()) << name;
    EXPECT_EQ(p.club->fewer_results, core::FewerResults::kNeuberg) << name;
  }
  EXPECT_TRUE(Load("abf_club_pairs").club->traveller_unfactored);
  EXPECT_FALSE(Load("ebu_club_pairs").club->traveller_unfactored);
  EXPECT_TRUE(Load("abf_club_pairs").club->factor_short_boards);
  EXPECT_FALSE(Load("ebu_club_pairs").club->factor_short_boards);
  const core::RegulationProfile ties = Load("club_pairs_no_neuberg");
  ASSERT_TRUE(ties.club.has_value());
  EXPECT_EQ(ties.club->fewer_results, core::FewerResults::kCountAsTies);
  EXPECT_THAT(ties.club->clause, HasSubstr("no clause number exists"));
  const std::string text =
      absl::StrReplaceAll(BuiltInProfileTexts().at("club_pairs_no_neuberg"),
                          {{"\"count_as_ties\"", "\"off\""}});
  EXPECT_THAT(ParseProfile(text, "ties.textproto"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(HasSubstr("club.fewer_results"),
                             HasSubstr("not neuberg or count_as_ties"))));
}

TEST(BuiltInProfilesTest, ClubImpPairsProfilesScoreAHowellAsOneField) {
  // Issue #18: club Butler (the NBB's club rule: best and worst NS score
  // dropped at any size) and cross-IMPs (ACBLscore "Average IMPs": the
  // comparisons' sum over their number), both one field for a Howell.
  const core::RegulationProfile butler = Load("club_butler_pairs");
  ASSERT_TRUE(butler.datum.has_value());
  EXPECT_EQ(butler.datum->method, core::DatumMethod::kClubTopAndBottom);
  ASSERT_TRUE(butler.butler_movement.has_value());
  EXPECT_TRUE(butler.butler_movement->one_field);
  EXPECT_FALSE(butler.cross_imps.has_value());
  const core::RegulationProfile cross = Load("cross_imp_pairs");
  EXPECT_EQ(cross.scoring, core::ScoringMethod::kCrossImps);
  EXPECT_FALSE(cross.datum.has_value());
  ASSERT_TRUE(cross.cross_imps.has_value());
  EXPECT_EQ(cross.cross_imps->averaging,
            core::CrossImpsAveraging::kPerComparison);
  EXPECT_EQ(cross.cross_imps->clause, "ACBLscore manual, Average IMPs");
  EXPECT_TRUE(cross.butler_movement->one_field);
  // The federation Butler profiles keep NS and EW fields (ANC SR 16.4).
  EXPECT_FALSE(Load("anc2025_abpc_open_stage1").butler_movement.has_value());
}

TEST(BuiltInProfilesTest, SabfStateOpenPairsCarriesTheQualifyingAverage) {
  // SABF TR 18.1.1: the qualifying ranks on the average of its rounds;
  // 18.1.2: the final starts from it, and takes 14 pairs (7 tables) from a
  // qualifying averaging at least 30 pairs, else 10 (5 tables).
  const core::RegulationProfile q = Load("sabf_state_open_pairs_qualifying");
  EXPECT_EQ(q.session_combination, "sabf_tr_18_1_qualifying");
  const core::RegulationProfile f = Load("sabf_state_open_pairs_final");
  EXPECT_EQ(f.session_combination, "sabf_tr_18_1_final");
  ASSERT_TRUE(f.carry_over.has_value());
  EXPECT_EQ(f.carry_over->rule, "sabf_tr_18_1");
  ASSERT_TRUE(f.qualifiers.has_value());
  EXPECT_EQ(f.qualifiers->per_field, 10);
  EXPECT_EQ(f.qualifiers->larger_if_average_at_least, 30);
  EXPECT_EQ(f.qualifiers->larger_per_field, 14);
  EXPECT_EQ(f.qualifiers->clause, "SABF TR 18.1.2");
}

TEST(BuiltInProfilesTest, EveryShippedProfileParsesAndValidates) {
  for (const auto& [name, text] : BuiltInProfileTexts()) {
    absl::StatusOr<core::RegulationProfile> p =
        ParseProfile(text, absl::StrCat(name, ".textproto"));
    ASSERT_THAT(p, IsOk()) << name;
    EXPECT_EQ(p->name, name) << "the file name is the profile's name";
    EXPECT_FALSE(p->notes.empty()) << name << " documents no reading";
    EXPECT_FALSE(p->source.clauses.empty()) << name;
  }
}

TEST(BuiltInProfilesTest, EveryChainCitesItsClause) {
  for (const auto& [name, text] : BuiltInProfileTexts()) {
    const core::RegulationProfile p = Load(name);
    for (const core::TieBreakChain& chain : p.tie_breaks.chains) {
      EXPECT_FALSE(chain.clause.empty()) << name;
    }
    for (const core::TimeWindowRule& w : p.time_windows) {
      EXPECT_FALSE(w.clause.empty()) << name;
    }
  }
}

TEST(BuiltInProfilesTest, EveryEventOfMatchesSaysHowItIsDrawn) {
  for (const auto& [name, text] : BuiltInProfileTexts()) {
    const core::RegulationProfile p = Load(name);
    const bool movement = p.event_kind == core::EventKind::kMatchpointPairs ||
                          p.event_kind == core::EventKind::kButlerPairs;
    EXPECT_EQ(p.draw.has_value(), !movement) << name;
    if (p.draw.has_value()) {
      EXPECT_FALSE(p.draw->clause.empty()) << name;
    }
  }
}

TEST(FindBuiltInProfileTest, UnknownNameListsTheProfiles) {
  EXPECT_THAT(
      FindBuiltInProfile("anc2025_butler"),
      StatusIs(absl::StatusCode::kNotFound,
               AllOf(HasSubstr("\"anc2025_butler\""), HasSubstr("anc2025_wsp"),
                     HasSubstr("nsw_matchpoint_pairs"))));
}

// --------------------------------------------------- clause spot checks --

TEST(ProfileClausesTest, ItcQualifyingUsesTheTenTenScaleWithItsMaximum) {
  const core::RegulationProfile p = Load("anc2025_itc_qualifying");
  EXPECT_EQ(p.event_kind, core::EventKind::kRoundRobinTeams);
  ASSERT_TRUE(p.vp.has_value());
  EXPECT_EQ(p.vp->scale.id, core::kItcAnc1010);
  EXPECT_EQ(p.vp->scale.options.itc.loser, core::ItcLoserRule::kMirrored);
  EXPECT_EQ(p.matches->boards_per_match, 16);  // ANC SR 10.1
  // ANC SR 10.10: "a maximum win of 67.5 VPs"; 30 IMPs -> 65 - 5.
  const core::VpScaleForBoards s = *core::VpScaleForMatch(p, 16);
  EXPECT_EQ(core::VpForMargin(s.scale, 200, s.boards)->vps.ToRational(),
            R("67.5"));
  const core::VpResult thirty = *core::VpForMargin(s.scale, 30, s.boards);
  EXPECT_EQ(thirty.vps.ToRational(), 65);
  EXPECT_EQ(thirty.opponent_vps.ToRational(), 5);
  // ANC SR 10.11-10.12.
  EXPECT_EQ(core::ForfeitRuleForProfile(p)->value().base, R("56.5"));
  EXPECT_EQ(core::ByeScoreById(p.forfeit->bye)->vps,
            std::optional<core::Rational>(35));
  EXPECT_EQ(p.artificial.imps, "anc_itc_3_imps");  // ANC SR 7.1
  EXPECT_EQ(p.penalties.scale, "anc_itc");
  // ANC SR 12.2 for every purpose.
  ASSERT_EQ(p.tie_breaks.chains.size(), 3u);
  for (const core::TieBreakChain& chain : p.tie_breaks.chains) {
    EXPECT_THAT(chain.criteria, ElementsAre("matches_won", "net_imps", "lot"));
  }
}

TEST(ProfileClausesTest, ItcFinalCarriesOverAndBreaksTiesWithoutIt) {
  const core::RegulationProfile p = Load("anc2025_itc_final");
  EXPECT_EQ(p.event_kind, core::EventKind::kKnockoutTeams);
  EXPECT_FALSE(p.vp.has_value());
  EXPECT_EQ(p.matches->boards_per_match, 60);  // ANC SR 11.3
  EXPECT_EQ(p.carry_over->rule, "anc_sr_11_2");
  ASSERT_EQ(p.tie_breaks.chains.size(), 1u);
  EXPECT_THAT(p.tie_breaks.chains[0].criteria,
              ElementsAre("remove_carry_over"));  // ANC SR 12.3
}

TEST(ProfileClausesTest, WspUsesTwentyTwoThreeAndTheEightBoardAbfScale) {
  const core::RegulationProfile p = Load("anc2025_wsp");
  ASSERT_TRUE(p.datum.has_value());
  EXPECT_EQ(p.datum->method, core::DatumMethod::kAncSr22_3To22_4);
  EXPECT_EQ(p.datum->rounding_step, 10);
  EXPECT_EQ(p.datum->half, core::HalfRounding::kAwayFromZero);
  EXPECT_EQ(p.vp->scale.id, core::kAbfButlerSabf212);  // ANC SR 22.2
  EXPECT_EQ(p.matches->boards_per_match, 8);
  EXPECT_EQ(p.matches->count, 7);                    // ANC SR 22.1
  EXPECT_TRUE(p.penalties.draw_excludes_penalties);  // ANC SR 5.1
  EXPECT_EQ(p.artificial.imps, "butler_2_imps");     // ANC SR 7.3
  // SABF TR 21.2, 8 boards: 10 IMPs -> 13.90.
  EXPECT_EQ(core::VpForMargin(p.vp->scale, 10, 8)->vps.ToRational(),
            R("13.90"));
}

TEST(ProfileClausesTest, AbpcStagesUseSixteenTenTheTwelveBoardScale) {
  for (const char* name :
       {"anc2025_abpc_open_stage2", "anc2025_abpc_open_stage3",
        "anc2025_abpc_mixed_stage1", "anc2025_abpc_mixed_stage2",
        "anc2025_swiss_pairs_a", "anc2025_swiss_pairs_b"}) {
    const core::RegulationProfile p = Load(name);
    EXPECT_EQ(p.datum->method, core::DatumMethod::kAncSr16_11To16_13) << name;
    EXPECT_EQ(p.datum->ten_percent_rounding, core::TrimCountRounding::kHalfUp)
        << name;
    EXPECT_EQ(p.vp->scale.id, core::kAbfSwissPairs12Anc) << name;
    EXPECT_EQ(p.matches->boards_per_match, 12) << name;
  }
  EXPECT_EQ(Load("anc2025_abpc_open_stage3").carry_over->rule, "anc_sr_18_1");
  EXPECT_EQ(Load("anc2025_abpc_mixed_stage2").carry_over->rule, "anc_sr_18_2");
  EXPECT_EQ(Load("anc2025_abpc_mixed_stage1").matches->count, 10);  // 16.7
  EXPECT_EQ(Load("anc2025_swiss_pairs_b").matches->count, 9);       // 16.9
}

// How many of each field qualify into each stage or final.
TEST(ProfileClausesTest, StagesSayHowManyQualifyIntoThem) {
  struct Expected {
    const char* profile;
    int per_field;
    const char* clause;
  };
  for (const Expected& e :
       {Expected{"anc2025_itc_final", 2, "ANC SR 11.3"},
        Expected{"anc2025_abpc_open_stage2", 10, "ANC SR 16.4"},
        Expected{"anc2025_abpc_open_stage3", 5, "ANC SR 16.5"},
        Expected{"anc2025_abpc_mixed_stage2", 10, "ANC SR 16.7"},
        Expected{"sabf_teams_finals", 5, "SABF TR 17.2"}}) {
    const core::RegulationProfile p = Load(e.profile);
    ASSERT_TRUE(p.qualifiers.has_value()) << e.profile;
    EXPECT_EQ(p.qualifiers->per_field, e.per_field) << e.profile;
    EXPECT_EQ(p.qualifiers->clause, e.clause) << e.profile;
  }
  EXPECT_FALSE(Load("anc2025_abpc_open_stage1").qualifiers.has_value());
}

TEST(ProfileClausesTest, AbpcOpenStageOneIsNetImpsOverNMinusSix) {
  const core::RegulationProfile p = Load("anc2025_abpc_open_stage1");
  EXPECT_EQ(p.event_kind, core::EventKind::kButlerPairs);
  EXPECT_EQ(p.datum->method, core::DatumMethod::kAncSr16_4);
  EXPECT_FALSE(p.vp.has_value());  // 16.10 "With the exception of Open Stage 1"
}

TEST(ProfileClausesTest, AncSwissDrawsByNetImpsThenLot) {
  // ANC SR 17.2 for the draw, 17.3 for placings.
  const core::RegulationProfile p = Load("anc2025_swiss_pairs_a");
  ASSERT_EQ(p.tie_breaks.chains.size(), 2u);
  EXPECT_EQ(p.tie_breaks.chains[0].purpose, core::TieBreakPurpose::kDraw);
  EXPECT_THAT(p.tie_breaks.chains[0].criteria, ElementsAre("net_imps", "lot"));
  EXPECT_THAT(
      p.tie_breaks.chains[1].criteria,
      ElementsAre("opponents_total_vps", "matches_won", "net_imps", "lot"));
}

TEST(ProfileClausesTest, IpcScaleRoundsVpsToTwoPlaces) {
  const core::RegulationProfile p = Load("anc2025_ipc");
  EXPECT_EQ(p.scoring, core::ScoringMethod::kMatchpoints);
  EXPECT_EQ(p.vp->scale.id, core::kIpcAncAppendix);
  EXPECT_EQ(p.vp->scale.options.ipc.vp_places, 2);
  EXPECT_EQ(p.artificial.matchpoints, "anc_ipc_60");  // ANC SR 7.4
  // Appendix: x = 52.00 -> (52 - 35) * 2/3 = 11.333... -> 11.33.
  EXPECT_EQ(core::VpForMargin(p.vp->scale, 52, 8)->vps.ToRational(),
            R("11.33"));
}

TEST(ProfileClausesTest, AncWindowsFollowSixOneAndSixTwo) {
  const core::RegulationProfile p = Load("anc2025_wsp");
  ASSERT_EQ(p.time_windows.size(), 2u);
  const core::TimeWindowRule& correction = p.time_windows[0];
  EXPECT_EQ(correction.kind, core::TimeWindowKind::kCorrectionPeriod);
  // "the later of 30 minutes after the scores are made available ... or at
  // the commencement of the next session".
  ASSERT_EQ(correction.ends_at_latest_of.size(), 2u);
  EXPECT_EQ(correction.ends_at_latest_of[0].anchor,
            core::TimeAnchor::kScoresPosted);
  EXPECT_EQ(correction.ends_at_latest_of[0].minutes, 30);
  EXPECT_EQ(correction.ends_at_latest_of[1].anchor,
            core::TimeAnchor::kNextSessionStart);
  EXPECT_EQ(correction.ends_at_latest_of[1].minutes, 0);
  EXPECT_TRUE(correction.extends_into_next_session);
  const core::TimeWindowRule& review = p.time_windows[1];
  EXPECT_EQ(review.kind, core::TimeWindowKind::kRulingReview);
  EXPECT_EQ(review.ends_at_latest_of[0].anchor,
            core::TimeAnchor::kSessionScheduledEnd);
  EXPECT_EQ(review.late_ruling_ends_at_latest_of[0].anchor,
            core::TimeAnchor::kRulingAdvised);
}

TEST(ProfileClausesTest, SabfButlerRoundRobinUsesTwelveOneAndTheButlerScale) {
  const core::RegulationProfile p = Load("sabf_butler_round_robin");
  EXPECT_EQ(p.datum->method, core::DatumMethod::kSabfTr12_1);
  EXPECT_EQ(p.vp->scale.id, core::kAbfButlerSabf212);
  // SABF TR 21.10: a 20-board Butler match on the 14-board WBF scale.
  const core::VpScaleForBoards twenty = *core::VpScaleForMatch(p, 20);
  EXPECT_EQ(twenty.scale.id, core::kWbf2013Continuous);
  EXPECT_EQ(twenty.boards, 14);
  // SABF TR 21.1, 14 boards: 12 IMPs -> 13.48.
  EXPECT_EQ(
      core::VpForMargin(twenty.scale, 12, twenty.boards)->vps.ToRational(),
      R("13.48"));
  // SABF TR 13.9 by 12: +12 IMPs on the 12-board Butler scale, 13.96 (21.2).
  EXPECT_EQ(core::ForfeitRuleForProfile(p)->value().base, R("13.96"));
}

TEST(ProfileClausesTest, SabfButlerSwissUsesTwelveTwoAndDrawsByFourteenOne) {
  const core::RegulationProfile p = Load("sabf_butler_swiss");
  EXPECT_EQ(p.datum->method, core::DatumMethod::kSabfTr12_2);
  EXPECT_EQ(p.tie_breaks.chains[0].purpose, core::TieBreakPurpose::kDraw);
  EXPECT_THAT(p.tie_breaks.chains[0].criteria,
              ElementsAre("opponents_total_vps", "net_imps", "lot"));  // 14.1
}

TEST(ProfileClausesTest, SabfMatchpointPairsTiesWithinThreeHundredths) {
  const core::RegulationProfile p = Load("sabf_matchpoint_pairs");
  EXPECT_EQ(p.tie_breaks.tie_within, R("0.03"));                       // 11.7
  EXPECT_EQ(p.rounding.session_percentage_places, 2);                  // 11.3
  EXPECT_EQ(p.artificial.matchpoints, "guide_60_or_session_average");  // 11.9
  ASSERT_EQ(p.time_windows.size(), 3u);
  EXPECT_EQ(p.time_windows[0].ends_at_latest_of[0].minutes, 24 * 60);  // 8
}

TEST(ProfileClausesTest, SabfTeamsUseTheWbfScaleAndSabfForfeits) {
  for (const char* name : {"sabf_swiss_teams", "sabf_round_robin_teams"}) {
    const core::RegulationProfile p = Load(name);
    EXPECT_EQ(p.vp->scale.id, core::kWbf2013Continuous) << name;
    EXPECT_EQ(p.forfeit->rule, "sabf_tr_13_9") << name;
    EXPECT_THAT(p.tie_breaks.chains.back().criteria,
                ElementsAre("total_vps_without_fines", "opponents_total_vps",
                            "matches_won", "net_imps"))
        << name;  // 13.10
  }
  const core::RegulationProfile finals = Load("sabf_teams_finals");
  EXPECT_FALSE(finals.vp.has_value());  // 13.9 "Except in finals matches"
  EXPECT_EQ(finals.carry_over->rule, "sabf_tr_13_12");
  EXPECT_EQ(finals.penalties.scale, "sabf_teams_finals");  // 16.3
}

TEST(ProfileClausesTest, NswProfilesFollowElevenTwo) {
  const core::RegulationProfile swiss = Load("nsw_swiss_pairs");
  EXPECT_EQ(swiss.datum->pending_appeals, core::PendingAppealPolicy::kNswTr13);
  EXPECT_EQ(swiss.artificial.several_boards, "nsw_tr_12_10");
  EXPECT_THAT(swiss.tie_breaks.chains.back().criteria,
              ElementsAre("opponents_total_vps", "head_to_head",
                          "net_imps_capped_at_blitz", "wins_draw_half",
                          "drop_worst_results", "lot"));  // 11.2.1
  // 11.2.3: round robins apply 11.2.1 without (a).
  EXPECT_EQ(Load("nsw_butler").tie_breaks.chains[0].criteria.front(),
            "head_to_head");
  // 12.9.1: 12 VPs in a 20-VP match.
  EXPECT_EQ(core::ForfeitRuleForProfile(Load("nsw_swiss_teams"))->value().base,
            12);
  // 12.2: the later of 30 minutes after posting and 30 minutes before the
  // next session.
  const core::RegulationProfile mp = Load("nsw_matchpoint_pairs");
  ASSERT_EQ(mp.time_windows[0].ends_at_latest_of.size(), 2u);
  EXPECT_EQ(mp.time_windows[0].ends_at_latest_of[1].anchor,
            core::TimeAnchor::kNextSessionStart);
  EXPECT_EQ(mp.time_windows[0].ends_at_latest_of[1].minutes, -30);
  EXPECT_EQ(mp.artificial.fouled_board, "nsw_tr_7_3_2");
}

TEST(ProfileClausesTest, NswTopTablesSwissPairsIsThirteenThree) {
  // NSW TR 13.3 needs a datum from selected scores: SABF TR 12.2's top
  // twelve tables after round two; the rest is nsw_swiss_pairs.
  const core::RegulationProfile top = Load("nsw_swiss_pairs_top_tables");
  const core::RegulationProfile all = Load("nsw_swiss_pairs");
  ASSERT_TRUE(top.datum.has_value());
  EXPECT_EQ(top.datum->method, core::DatumMethod::kSabfTr12_2);
  EXPECT_EQ(top.datum->pending_appeals, core::PendingAppealPolicy::kNswTr13);
  EXPECT_EQ(all.datum->method, core::DatumMethod::kAncSr16_11To16_13);
  EXPECT_EQ(top.vp->scale.id, all.vp->scale.id);
  EXPECT_EQ(top.draw->odd_field, all.draw->odd_field);
  EXPECT_EQ(top.matches->boards_per_match, 8);
  EXPECT_EQ(top.tie_breaks.chains.back().criteria,
            all.tie_breaks.chains.back().criteria);
}

TEST(ProfileClausesTest, AncSwissPairsDrawQuartersByeAndModifiedSwiss) {
  for (const char* name :
       {"anc2025_wsp", "anc2025_swiss_pairs_a", "anc2025_swiss_pairs_b",
        "anc2025_abpc_mixed_stage1", "anc2025_ipc"}) {
    const core::RegulationProfile p = Load(name);
    ASSERT_TRUE(p.draw.has_value()) << name;
    EXPECT_EQ(p.draw->method, core::DrawMethod::kSwiss) << name;
    // The ANC SR is silent on round one: SABF TR 14.1's quarters.
    EXPECT_EQ(p.draw->first_round, core::FirstRound::kQuarters) << name;
    EXPECT_EQ(p.draw->odd_field, core::OddField::kBye) << name;
    EXPECT_EQ(p.draw->home, core::HomeRule::kHigherRankedHome) << name;
    // ANC SR appendix, "Modified Swiss Format".
    EXPECT_TRUE(p.draw->modified_swiss_small_field) << name;
  }
  // The IMP events borrow NSW TR 12.8's board average for the bye; they
  // have no forfeit rule. The IPC (matchpoints) names no bye rule.
  const core::RegulationProfile wsp = Load("anc2025_wsp");
  ASSERT_TRUE(wsp.forfeit.has_value());
  EXPECT_EQ(wsp.forfeit->bye, "nsw_tr_12_8");
  EXPECT_EQ(*core::ForfeitRuleForProfile(wsp), std::nullopt);
  EXPECT_FALSE(Load("anc2025_ipc").forfeit.has_value());
}

TEST(ProfileClausesTest, NswSwissPairsByeIsTheBoardAverage) {
  // NSW TR 12.8: 0 IMPs, converted on the event's scale. An odd field plays
  // 12.7's half matches.
  const core::RegulationProfile p = Load("nsw_swiss_pairs");
  EXPECT_EQ(p.draw->odd_field, core::OddField::kHalfMatches);
  EXPECT_EQ(p.forfeit->rule, "nsw_tr_12_9");
  const core::ByeScore bye = *core::ByeScoreById(p.forfeit->bye);
  EXPECT_EQ(bye.vps, std::nullopt);
  EXPECT_EQ(bye.imps, 0);
  EXPECT_EQ(Load("nsw_butler").forfeit->bye, "nsw_tr_12_8");
}

TEST(ProfileClausesTest, TeamsSwissShareAnOddFieldAndSabfDrawsHomeByLot) {
  // SABF TR 14.1 (share match), 13.6 (home by lot).
  const core::RegulationProfile sabf = Load("sabf_swiss_teams");
  EXPECT_EQ(sabf.draw->method, core::DrawMethod::kSwiss);
  EXPECT_EQ(sabf.draw->odd_field, core::OddField::kShareMatch);
  EXPECT_EQ(sabf.draw->home, core::HomeRule::kByLot);
  EXPECT_FALSE(sabf.draw->modified_swiss_small_field);
  const core::RegulationProfile nsw = Load("nsw_swiss_teams");
  EXPECT_EQ(nsw.draw->odd_field, core::OddField::kShareMatch);
  EXPECT_EQ(nsw.draw->home, core::HomeRule::kHigherRankedHome);
  // Butler pairs drawn Swiss cannot share: a bye, NSW TR 12.8 borrowed.
  const core::RegulationProfile butler = Load("sabf_butler_swiss");
  EXPECT_EQ(butler.draw->odd_field, core::OddField::kBye);
  EXPECT_EQ(butler.forfeit->bye, "nsw_tr_12_8");
}

TEST(ProfileClausesTest, RoundRobinsAndFinalsNameTheirDraw) {
  // SABF TR 21.15-21.16; ANC SR 10.6-10.7; SABF TR 15.1; finals named.
  EXPECT_EQ(Load("sabf_butler_round_robin").draw->method,
            core::DrawMethod::kSabfButlerRoundRobin);
  EXPECT_EQ(Load("anc2025_itc_qualifying").draw->method,
            core::DrawMethod::kItcRoundRobin);
  for (const char* name :
       {"sabf_round_robin_teams", "nsw_butler", "anc2025_abpc_open_stage3",
        "anc2025_abpc_mixed_stage2"}) {
    EXPECT_EQ(Load(name).draw->method, core::DrawMethod::kRoundRobin) << name;
  }
  // ANC SR 11.3-11.4; SABF TR 17.3 (the Final Five).
  EXPECT_EQ(Load("anc2025_itc_final").draw->method,
            core::DrawMethod::kItcFinal);
  EXPECT_EQ(Load("sabf_teams_finals").draw->method,
            core::DrawMethod::kSabfFinalFive);
  // ANC SR 16.5: Open Stage 2 is a Mitchell, a movement: no draw.
  EXPECT_FALSE(Load("anc2025_abpc_open_stage2").draw.has_value());
}

// -------------------------------------------------- malformed profiles --

// A small valid profile; the tests below break one line of it.
constexpr absl::string_view kValid =
    R"pb(name: "club_swiss"
         title: "Club Swiss Pairs"
         source { document: "ANC 2025 SR" clauses: "22.2" }
         event_kind: EVENT_KIND_SWISS_PAIRS
         scoring: SCORING_METHOD_IMPS_VS_DATUM
         matches { boards_per_match: 8 count: 7 }
         datum { rule: "anc_sr_22_3_22_4" half: "away_from_zero" }
         vp { scale { id: "abf_butler_sabf_21_2" } }
         artificial {
           imps: "butler_2_imps"
           several_boards: "anc_appendix"
           fouled_board: "anc_sr_7_2"
         }
         penalties { scale: "anc_butler_swiss_pairs" }
         tie_breaks {
           chains {
             purpose: TIE_BREAK_PURPOSE_DRAW
             criteria: "net_imps"
             criteria: "lot"
             clause: "ANC SR 17.2"
           }
         }
         time_windows {
           kind: TIME_WINDOW_KIND_CORRECTION_PERIOD
           clause: "ANC SR 6.1"
           ends_at_latest_of { anchor: TIME_ANCHOR_SCORES_POSTED minutes: 30 }
         }
         time_windows {
           kind: TIME_WINDOW_KIND_RULING_REVIEW
           clause: "ANC SR 6.2"
           ends_at_latest_of {
             anchor: TIME_ANCHOR_SESSION_SCHEDULED_END
             minutes: 30
           }
         }
         draw { method: "swiss" odd_field: "bye" clause: "SABF TR 14.1" }
    )pb";

absl::StatusOr<core::RegulationProfile> Edited(absl::string_view from,
                                               absl::string_view to) {
  const std::string text = absl::StrReplaceAll(kValid, {{from, to}});
  EXPECT_NE(text, kValid) << "the edit must change the text";
  return ParseProfile(text, "club.textproto");
}

TEST(ParseProfileTest, TheBaseTextIsValid) {
  EXPECT_THAT(ParseProfile(kValid, "club.textproto"), IsOk());
}

TEST(ParseProfileTest, UnknownFieldGivesLineColumnAndField) {
  EXPECT_THAT(Edited("boards_per_match: 8", "boards: 8"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(StartsWith("club.textproto:6:"),
                             HasSubstr("no field named \"boards\""))));
}

TEST(ParseProfileTest, WrongTypeNamesTheField) {
  EXPECT_THAT(Edited("boards_per_match: 8", "boards_per_match: \"eight\""),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(StartsWith("club.textproto:6:"),
                             HasSubstr("Expected integer"),
                             HasSubstr("(field \"boards_per_match\")"))));
}

TEST(ParseProfileTest, UnknownEnumValueNamesTheField) {
  EXPECT_THAT(
      Edited("EVENT_KIND_SWISS_PAIRS", "EVENT_KIND_SWISS"),
      StatusIs(absl::StatusCode::kInvalidArgument,
               AllOf(StartsWith("club.textproto:4:"),
                     HasSubstr("EVENT_KIND_SWISS"), HasSubstr("event_kind"))));
}

TEST(ParseProfileTest, UnknownVpScaleIdIsLocated) {
  EXPECT_THAT(Edited("abf_butler_sabf_21_2", "abf_butler_2030"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(StartsWith("club.textproto:8:"),
                             HasSubstr("vp.scale.id: no VP scale is called "
                                       "'abf_butler_2030'"))));
}

TEST(ParseProfileTest, MissingName) {
  EXPECT_THAT(Edited("name: \"club_swiss\"", ""),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("club.textproto: name: missing")));
}

TEST(ParseProfileTest, CrossImpsAndButlerFieldsOnlyWhereTheyFit) {
  // A Swiss scored against a datum takes no cross-IMP averaging, and no
  // Butler movement fields (matches, not a movement).
  EXPECT_THAT(Edited("draw {", "cross_imps { averaging: \"total\" } draw {"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("cross_imps: given, but scoring is "
                                 "imps_vs_datum")));
  EXPECT_THAT(Edited("draw {", "butler_movement { one_field: true } draw {"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("butler_movement: given, but the event is "
                                 "swiss_pairs")));
  EXPECT_THAT(Edited("draw {", "cross_imps { averaging: \"mean\" } draw {"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("cross_imps.averaging")));
}

TEST(ParseProfileTest, NegativeBoards) {
  EXPECT_THAT(Edited("boards_per_match: 8", "boards_per_match: -3"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(StartsWith("club.textproto:6:"),
                             HasSubstr("matches.boards_per_match: must be at "
                                       "least 1, got -3"))));
}

TEST(ParseProfileTest, MissingEnumListsTheValues) {
  EXPECT_THAT(Edited("scoring: SCORING_METHOD_IMPS_VS_DATUM", ""),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(StartsWith("club.textproto: scoring: missing"),
                             HasSubstr("SCORING_METHOD_CROSS_IMPS"))));
}

TEST(ParseProfileTest, UnknownSettingIds) {
  EXPECT_THAT(Edited("half: \"away_from_zero\"", "half: \"nearest\""),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(StartsWith("club.textproto:7:"),
                             HasSubstr("datum.half: unknown half rounding "
                                       "\"nearest\""))));
  EXPECT_THAT(Edited("anc_sr_22_3_22_4", "anc_sr_22"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(StartsWith("club.textproto:7:"),
                             HasSubstr("datum.rule: unknown datum rule"))));
}

TEST(ParseProfileTest, OptionsForAnotherScale) {
  EXPECT_THAT(
      Edited(
          "scale { id: \"abf_butler_sabf_21_2\" }",
          "scale { id: \"abf_butler_sabf_21_2\" itc { loser: \"mirrored\" } }"),
      StatusIs(absl::StatusCode::kInvalidArgument,
               AllOf(StartsWith("club.textproto:8:"),
                     HasSubstr("vp.scale.itc: options of the itc_anc_10_10 "
                               "scale"))));
}

TEST(ParseProfileTest, UnknownTieBreakCriterionIsLocated) {
  EXPECT_THAT(Edited("criteria: \"lot\"", "criteria: \"toss\""),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(StartsWith("club.textproto:19:"),
                             HasSubstr("tie_breaks.chains[0].criteria[1]: no "
                                       "tie-break criterion is called "
                                       "\"toss\""))));
}

TEST(ParseProfileTest, BadDecimal) {
  EXPECT_THAT(Edited("tie_breaks {", "tie_breaks { tie_within: \"3%\""),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(StartsWith("club.textproto:15:"),
                             HasSubstr("tie_breaks.tie_within: \"3%\" is not "
                                       "a number"))));
}

TEST(ParseProfileTest, MissingCorrectionWindow) {
  EXPECT_THAT(Edited("TIME_WINDOW_KIND_CORRECTION_PERIOD",
                     "TIME_WINDOW_KIND_SCORER_ERROR_CORRECTION"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("time_windows: no correction_period")));
}

TEST(ParseProfileTest, DrawMethodIsRequiredAndKnown) {
  EXPECT_THAT(Edited("method: \"swiss\"", "method: \"dutch\""),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(StartsWith("club.textproto:36:"),
                             HasSubstr("draw.method: unknown draw method "
                                       "\"dutch\"; expected one of "
                                       "\"swiss\""))));
  EXPECT_THAT(Edited("method: \"swiss\"", ""),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(StartsWith("club.textproto:36:"),
                             HasSubstr("draw.method: missing"))));
}

TEST(ParseProfileTest, MissingDrawForASwiss) {
  // kValid ends with its draw section.
  const std::string text(kValid.substr(0, kValid.find("draw {")));
  EXPECT_THAT(
      ParseProfile(text, "club.textproto"),
      StatusIs(absl::StatusCode::kInvalidArgument,
               StartsWith("club.textproto: draw: required: say how the rounds "
                          "of a swiss_pairs event are drawn")));
}

TEST(ParseProfileTest, ShareMatchInAPairsSwissIsLocated) {
  EXPECT_THAT(
      Edited("odd_field: \"bye\"", "odd_field: \"share_match\""),
      StatusIs(absl::StatusCode::kInvalidArgument,
               AllOf(StartsWith("club.textproto:36:"),
                     HasSubstr("draw.odd_field: a share match needs teams "
                               "(SABF TR 14.1); pairs events take a bye"))));
}

TEST(ParseProfileTest, SwissSettingsRefusedForAnotherDraw) {
  // Even a Swiss setting that spells its default is refused: the director
  // meant something the round robin does not do.
  const std::string text = absl::StrReplaceAll(
      kValid, {{"event_kind: EVENT_KIND_SWISS_PAIRS",
                "event_kind: EVENT_KIND_ROUND_ROBIN_PAIRS"},
               {"method: \"swiss\"", "method: \"round_robin\""},
               {"odd_field: \"bye\"", "home: \"higher_ranked\""}});
  EXPECT_THAT(ParseProfile(text, "club.textproto"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(StartsWith("club.textproto:36:"),
                             HasSubstr("draw.home: a setting of the swiss "
                                       "draw; a round_robin draw takes "
                                       "none"))));
  const std::string valid =
      absl::StrReplaceAll(text, {{"home: \"higher_ranked\"", ""}});
  EXPECT_THAT(ParseProfile(valid, "club.textproto"), IsOk());
}

TEST(ParseProfileTest, UnknownDrawSettingIds) {
  EXPECT_THAT(Edited("odd_field: \"bye\"", "home: \"visitors\""),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(StartsWith("club.textproto:36:"),
                             HasSubstr("draw.home: unknown home rule "
                                       "\"visitors\""))));
  EXPECT_THAT(Edited("odd_field: \"bye\"", "first_round: \"halves\""),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(StartsWith("club.textproto:36:"),
                             HasSubstr("draw.first_round: unknown first-round "
                                       "draw \"halves\""))));
}

TEST(ProfileFromSpecTest, ConvertsWithoutLines) {
  v1::RegulationProfileSpec spec;
  EXPECT_THAT(ProfileFromSpec(spec),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       StartsWith("event_kind: missing")));
}

// ------------------------------------------------------- eligibility --

TEST(ProfileEligibilityTest, ShippedRulesCarryTheRegulationsFigures) {
  // ANC SR 11.1: four qualifying matches; one stanza of the 12-board
  // stanzas (11.3) to be a title-holder; 14.3: seven and two.
  const core::RegulationProfile itc = Load("anc2025_itc_final");
  ASSERT_TRUE(itc.eligibility.has_value());
  EXPECT_EQ(itc.eligibility->stanza_boards, 12);
  ASSERT_EQ(itc.eligibility->rules.size(), 3u);
  EXPECT_EQ(itc.eligibility->rules[0].requirements[0].at_least, 4);
  EXPECT_EQ(itc.eligibility->rules[0].requirements[0].scope,
            core::EligibilityScope::kQualifying);
  EXPECT_EQ(itc.eligibility->rules[2].requirements[1].at_least, 2);
  // ANC SR 20.3: 75% and 65%, fractions rounded down.
  const core::RegulationProfile a = Load("anc2025_swiss_pairs_a");
  EXPECT_EQ(a.eligibility->rules[0].requirements[0].share,
            core::Rational(3, 4));
  EXPECT_EQ(a.eligibility->rules[0].requirements[1].share,
            core::Rational(13, 20));
  EXPECT_EQ(a.eligibility->rules[0].requirements[1].rounding,
            core::ShareRounding::kDown);
  // SABF TR 12.5: seven rows, 13 weeknight sessions allow 4 absences.
  const core::RegulationProfile butler = Load("sabf_butler_round_robin");
  ASSERT_EQ(butler.eligibility->rules.size(), 2u);
  const core::AbsenceLimit& limit = *butler.eligibility->rules[1].absence_limit;
  EXPECT_EQ(limit.rows.size(), 7u);
  EXPECT_FALSE(limit.schedule.has_value());
  EXPECT_EQ(limit.rows[0].sessions, 13);
  EXPECT_EQ(limit.rows[0].max_player_absences, 4);
  // SABF TR 16.2 by team size.
  const core::RegulationProfile teams = Load("sabf_swiss_teams");
  EXPECT_EQ(teams.eligibility->rules[0].requirements[0].share_by_team_size.size(),
            3u);
}

TEST(ParseProfileTest, EligibilityErrorsNameTheField) {
  EXPECT_THAT(
      Edited("draw {",
             "eligibility { rules { purpose: \"final_placing\" clause: \"X\" "
             "requirements { measure: \"player_boards\" share: \"0.4\" } } }\n"
             "draw {"),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("eligibility.rules[0].requirements[0].measure: "
                         "\"player_boards\" counts teams")));
  EXPECT_THAT(
      Edited("draw {",
             "eligibility { rules { purpose: \"glory\" clause: \"X\" "
             "requirements { measure: \"player_rounds\" at_least: 2 } } }\n"
             "draw {"),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("eligibility.rules[0].purpose: unknown eligibility "
                         "purpose \"glory\"")));
}

}  // namespace
}  // namespace tally::replay
