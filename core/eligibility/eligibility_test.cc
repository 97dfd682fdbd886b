// Each eligibility rule at and just beyond its threshold, with the
// regulation's figures and the hand working in comments.

#include "core/eligibility/eligibility.h"

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

EligibilityRequirement Share(EligibilityMeasure m, Rational share,
                             ShareRounding rounding = ShareRounding::kUp) {
  EligibilityRequirement r;
  r.measure = m;
  r.share = share;
  r.rounding = rounding;
  return r;
}

EligibilityRequirement AtLeast(EligibilityMeasure m, int n,
                               EligibilityScope scope) {
  EligibilityRequirement r;
  r.measure = m;
  r.at_least = n;
  r.scope = scope;
  return r;
}

// SABF TR 16.2: 60% in a team of four, 50% of five, 40% of six (the
// clause's first "six" read as "four", see the profile note).
EligibilityRequirement SixtyFiftyForty(EligibilityScope scope) {
  EligibilityRequirement r;
  r.measure = EligibilityMeasure::kPlayerBoards;
  r.scope = scope;
  r.share_by_team_size = {{4, Rational(3, 5)}, {5, Rational(1, 2)},
                          {6, Rational(2, 5)}};
  return r;
}

// A pair whose second player sits out the first `missed` rounds of
// `rounds`, each round standing for `weight` rounds.
PairRecord PairMissing(int rounds, int missed, int weight = 1) {
  PairRecord p;
  p.players = {"Ann", "Bob"};
  for (int r = 1; r <= rounds; ++r) {
    p.rounds.push_back({r, weight, {true, r > missed}, true});
  }
  return p;
}

// A team of `size` whose player "P1" plays `p1_matches` of `matches`
// matches of `boards` boards each (one stanza), the rest played by P2-P5.
TeamRecord Team(int size, int matches, int boards, int p1_matches) {
  TeamRecord t;
  for (int i = 1; i <= size; ++i) t.players.push_back(absl::StrCat("P", i));
  for (int m = 1; m <= matches; ++m) {
    TeamStanza s{boards, {"P2", "P3", "P4", "P5"}};
    if (m <= p1_matches) s.players = {"P1", "P2", "P3", "P4"};
    t.matches.push_back({m, {s}});
  }
  return t;
}

TEST(NeededCountTest, AtLeastFortyPercentOf112BoardsIs45) {
  // SABF TR 13.5: 40% of 112 boards = 44.8; a player needs 45 boards.
  EligibilityRequirement r = Share(EligibilityMeasure::kPlayerBoards,
                                   Rational(2, 5));
  EXPECT_THAT(NeededCount(r, 112, 6), IsOk());
  EXPECT_EQ(*NeededCount(r, 112, 6), 45);
  // 40% of 110 = 44 exactly: 44 suffices.
  EXPECT_EQ(*NeededCount(r, 110, 6), 44);
}

TEST(NeededCountTest, SeventyFivePercentOfNineRoundsRoundedDownIsSix) {
  // ANC SR 20.3: 75% of 9 = 6.75, fractions rounded down: 6; the
  // partnership 65% of 9 = 5.85: 5.
  EXPECT_EQ(*NeededCount(Share(EligibilityMeasure::kPlayerRounds,
                               Rational(3, 4), ShareRounding::kDown),
                         9, 0),
            6);
  EXPECT_EQ(*NeededCount(Share(EligibilityMeasure::kPartnershipRounds,
                               Rational(13, 20), ShareRounding::kDown),
                         9, 0),
            5);
}

TEST(NeededCountTest, SeventyFivePercentRoundedUpAndMoreThanHalf) {
  // SABF TR 11.6: 75% of 9 rounds, decimals rounded up: 7; more than half
  // of 9 (4.5): 5; more than half of 10 (5): 6, not 5.
  EXPECT_EQ(*NeededCount(Share(EligibilityMeasure::kMemberRounds,
                               Rational(3, 4)),
                         9, 0),
            7);
  EligibilityRequirement half =
      Share(EligibilityMeasure::kPartnershipRounds, Rational(1, 2));
  half.more_than = true;
  EXPECT_EQ(*NeededCount(half, 9, 0), 5);
  EXPECT_EQ(*NeededCount(half, 10, 0), 6);
}

TEST(NeededCountTest, ShareByTeamSize) {
  // SABF TR 16.2 over 112 boards: a team of 4, 60% = 67.2 -> 68; of 5,
  // 50% = 56; of 6, 40% = 44.8 -> 45.
  EligibilityRequirement r = SixtyFiftyForty(EligibilityScope::kThis);
  EXPECT_EQ(*NeededCount(r, 112, 4), 68);
  EXPECT_EQ(*NeededCount(r, 112, 5), 56);
  EXPECT_EQ(*NeededCount(r, 112, 6), 45);
  EXPECT_THAT(NeededCount(r, 112, 7),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("no share for a team of 7 players")));
}

TEST(CheckPairRuleTest, AncSr203AtAndBelowSeventyFivePercentOfNineRounds) {
  // ANC SR 20.3: each player 75% of the rounds, the partnership 65%,
  // fractions rounded down: of 9 rounds, 6 and 5.
  EligibilityRule rule;
  rule.clause = "ANC SR 20.3";
  rule.requirements = {Share(EligibilityMeasure::kPlayerRounds,
                             Rational(3, 4), ShareRounding::kDown),
                       Share(EligibilityMeasure::kPartnershipRounds,
                             Rational(13, 20), ShareRounding::kDown)};
  // Bob misses 3 of 9: he played 6 (= 6 needed), the partnership 6 (>= 5).
  RuleCheck at = CheckPairRule(rule, PairMissing(9, 3), {});
  EXPECT_EQ(at.verdict, EligibilityVerdict::kEligible);
  ASSERT_EQ(at.requirements.size(), 3u);  // Ann, Bob, the partnership
  EXPECT_EQ(at.requirements[1].player, "Bob");
  EXPECT_EQ(at.requirements[1].count.counted, 6);
  EXPECT_EQ(at.requirements[1].count.of, 9);
  EXPECT_EQ(at.requirements[1].needed, 6);
  EXPECT_EQ(at.requirements[2].player, "");
  EXPECT_EQ(at.requirements[2].needed, 5);
  // Bob misses 4: he played 5 < 6. The partnership's 5 still meets 5.
  RuleCheck below = CheckPairRule(rule, PairMissing(9, 4), {});
  EXPECT_EQ(below.verdict, EligibilityVerdict::kNotEligible);
  EXPECT_FALSE(below.requirements[1].met);
  EXPECT_TRUE(below.requirements[0].met);
  EXPECT_TRUE(below.requirements[2].met);
}

TEST(CheckPairRuleTest, AncSr202SevenOfTenAndSixOfTen) {
  // ANC SR 20.2, Open Stage 2: each player 7/10, the partnership 6/10 of
  // its 10 rounds: 7 and 6. Bob missing 3 rounds plays 7: eligible; 4: not.
  EligibilityRule rule;
  rule.clause = "ANC SR 20.2";
  rule.requirements = {Share(EligibilityMeasure::kPlayerRounds,
                             Rational(7, 10), ShareRounding::kDown),
                       Share(EligibilityMeasure::kPartnershipRounds,
                             Rational(3, 5), ShareRounding::kDown)};
  EXPECT_EQ(CheckPairRule(rule, PairMissing(10, 3), {}).verdict,
            EligibilityVerdict::kEligible);
  EXPECT_EQ(CheckPairRule(rule, PairMissing(10, 4), {}).verdict,
            EligibilityVerdict::kNotEligible);
}

TEST(CheckPairRuleTest, AncSr202OpenStageOneTwoSessions) {
  // ANC SR 20.2, Open Stage 1: each player 2 sessions and the partnership
  // 2, of 4 sessions of several rounds each (4 rounds here): session
  // counts, not rounds.
  EligibilityRule rule;
  rule.clause = "ANC SR 20.2";
  rule.requirements = {
      AtLeast(EligibilityMeasure::kPlayerSessions, 2, EligibilityScope::kThis),
      AtLeast(EligibilityMeasure::kPartnershipSessions, 2,
              EligibilityScope::kThis)};
  RuleCheck two = CheckPairRule(rule, PairMissing(4, 2, 4), {});
  EXPECT_EQ(two.verdict, EligibilityVerdict::kEligible);
  EXPECT_EQ(two.requirements[1].count.counted, 2);  // sessions, not 8 rounds
  EXPECT_EQ(CheckPairRule(rule, PairMissing(4, 3, 4), {}).verdict,
            EligibilityVerdict::kNotEligible);
}

TEST(CheckPairRuleTest, SabfTr116CountsTheMovementsRounds) {
  // SABF TR 11.6 over three 3-round sessions (9 rounds): with a one-player
  // substitute in session 1 the pair played 9 (>= 7 = 75% of 9 rounded
  // up), the nominated pair itself 6 (> 4.5): eligible. Absent (nobody)
  // in sessions 1 and 2 too: 3 rounds < 7.
  EligibilityRule rule;
  rule.clause = "SABF TR 11.6";
  EligibilityRequirement half =
      Share(EligibilityMeasure::kPartnershipRounds, Rational(1, 2));
  half.more_than = true;
  rule.requirements = {Share(EligibilityMeasure::kMemberRounds,
                             Rational(3, 4)),
                       half};
  PairRecord p = PairMissing(3, 1, 3);
  RuleCheck ok = CheckPairRule(rule, p, {});
  EXPECT_EQ(ok.verdict, EligibilityVerdict::kEligible);
  EXPECT_EQ(ok.requirements[0].count.counted, 9);
  EXPECT_EQ(ok.requirements[0].needed, 7);
  EXPECT_EQ(ok.requirements[1].count.counted, 6);
  EXPECT_EQ(ok.requirements[1].needed, 5);
  p.rounds[0].played = {false, false};
  p.rounds[1].played = {false, false};
  EXPECT_EQ(CheckPairRule(rule, p, {}).verdict,
            EligibilityVerdict::kNotEligible);
}

// SABF TR 12.5's table as the profile holds it.
EligibilityRule SabfTr125() {
  EligibilityRule rule;
  rule.clause = "SABF TR 12.5";
  AbsenceLimit limit;
  using S = EventSchedule;
  limit.rows = {{13, S::kWeeknight, 4}, {13, S::kWeekend, 2},
                {12, S::kWeeknight, 4}, {11, S::kWeekend, 2},
                {11, S::kWeeknight, 4}, {10, S::kWeeknight, 4},
                {9, S::kWeekend, 2}};
  rule.absence_limit = limit;
  return rule;
}

TEST(CheckPairRuleTest, SabfTr125ThirteenSessionWeeknightAllowsFour) {
  // 13 sessions on weeknights: at most 4 player absences. Bob missing 4
  // rounds: 4 absences, eligible; 5: not.
  PairContext weeknight{13, EventSchedule::kWeeknight};
  RuleCheck four = CheckPairRule(SabfTr125(), PairMissing(13, 4), weeknight);
  EXPECT_EQ(four.verdict, EligibilityVerdict::kEligible);
  ASSERT_TRUE(four.absences.has_value());
  EXPECT_EQ(four.absences->absences, 4);
  EXPECT_EQ(four.absences->maximum, 4);
  EXPECT_EQ(CheckPairRule(SabfTr125(), PairMissing(13, 5), weeknight).verdict,
            EligibilityVerdict::kNotEligible);
}

TEST(CheckPairRuleTest, SabfTr125WeekendAllowsTwoAndBothPlayersCount) {
  // 13 sessions at weekends: at most 2. A round with both players replaced
  // counts two absences: one such round (2) is eligible, a third absence
  // is not.
  PairContext weekend{13, EventSchedule::kWeekend};
  PairRecord p = PairMissing(13, 0);
  p.rounds[0].played = {false, false};
  EXPECT_EQ(CheckPairRule(SabfTr125(), p, weekend).verdict,
            EligibilityVerdict::kEligible);
  p.rounds[1].played = {true, false};
  RuleCheck three = CheckPairRule(SabfTr125(), p, weekend);
  EXPECT_EQ(three.verdict, EligibilityVerdict::kNotEligible);
  EXPECT_EQ(three.absences->absences, 3);
}

TEST(CheckPairRuleTest, SabfTr125UndeterminedWithoutScheduleOrRow) {
  RuleCheck no_schedule =
      CheckPairRule(SabfTr125(), PairMissing(13, 0), {13, std::nullopt});
  EXPECT_EQ(no_schedule.verdict, EligibilityVerdict::kUndetermined);
  EXPECT_THAT(no_schedule.absences->undetermined,
              HasSubstr("weeknights or at weekends"));
  // 12.5 lists no 12-session weekend event.
  RuleCheck no_row = CheckPairRule(SabfTr125(), PairMissing(12, 0),
                                   {12, EventSchedule::kWeekend});
  EXPECT_EQ(no_row.verdict, EligibilityVerdict::kUndetermined);
  EXPECT_THAT(no_row.absences->undetermined,
              HasSubstr("no limit for a 12-session weekend event"));
  // Undetermined does not hide an unmet requirement.
  EligibilityRule both = SabfTr125();
  both.requirements = {Share(EligibilityMeasure::kRepresentedSessions,
                             Rational(1))};
  PairRecord unrepresented = PairMissing(12, 0);
  unrepresented.rounds[0].represented = false;
  EXPECT_EQ(CheckPairRule(both, unrepresented, {12, EventSchedule::kWeekend})
                .verdict,
            EligibilityVerdict::kNotEligible);
}

TEST(CheckPairRuleTest, SabfTr12TwoThirdsTogetherRoundedUpAndRepresented) {
  // SABF TR 12: together for two thirds of 13 sessions, rounded up (8.67
  // -> 9), represented at all the others. Bob missing 4: together 9,
  // eligible; 5: 8, not.
  EligibilityRule rule;
  rule.clause = "SABF TR 12";
  rule.requirements = {Share(EligibilityMeasure::kPartnershipSessions,
                             Rational(2, 3)),
                       Share(EligibilityMeasure::kRepresentedSessions,
                             Rational(1))};
  EXPECT_EQ(CheckPairRule(rule, PairMissing(13, 4), {}).verdict,
            EligibilityVerdict::kEligible);
  EXPECT_EQ(CheckPairRule(rule, PairMissing(13, 5), {}).verdict,
            EligibilityVerdict::kNotEligible);
}

TEST(CheckTeamRuleTest, AncSr111FourQualifyingMatchesToPlayInTheFinal) {
  // ANC SR 11.1: at least four matches in the Qualifying Stage.
  EligibilityRule rule;
  rule.clause = "ANC SR 11.1";
  rule.requirements = {AtLeast(EligibilityMeasure::kPlayerMatches, 4,
                               EligibilityScope::kQualifying)};
  TeamRecord final_team = Team(6, 1, 60, 0);
  TeamRecord four = Team(6, 14, 16, 4);
  TeamRecord three = Team(6, 14, 16, 3);
  RuleCheck at = CheckTeamRule(rule, {&final_team, &four, ""}, "P1");
  EXPECT_EQ(at.verdict, EligibilityVerdict::kEligible);
  EXPECT_EQ(at.requirements[0].count.counted, 4);
  EXPECT_EQ(at.requirements[0].count.of, 14);
  EXPECT_EQ(CheckTeamRule(rule, {&final_team, &three, ""}, "P1").verdict,
            EligibilityVerdict::kNotEligible);
  // No qualification recorded: undetermined, with the reason.
  RuleCheck unknown = CheckTeamRule(
      rule, {&final_team, nullptr, "no qualification recorded"}, "P1");
  EXPECT_EQ(unknown.verdict, EligibilityVerdict::kUndetermined);
  EXPECT_EQ(unknown.requirements[0].undetermined,
            "no qualification recorded");
}

TEST(CheckTeamRuleTest, AncSr111AndSr143StanzasOfTheFinal) {
  // A 60-board final in five 12-board stanzas (ANC SR 11.3). P1 plays
  // stanzas 1 and 2.
  TeamRecord final_team;
  final_team.players = {"P1", "P2", "P3", "P4", "P5", "P6"};
  TeamMatch m{1, {}};
  for (int s = 1; s <= 5; ++s) {
    m.stanzas.push_back(
        {12, s <= 2 ? std::vector<std::string>{"P1", "P2", "P3", "P4"}
                    : std::vector<std::string>{"P5", "P6", "P3", "P4"}});
  }
  final_team.matches = {m};
  TeamRecord qualifying = Team(6, 14, 16, 7);
  // 11.1: one stanza to be a title-holder; 14.3: seven qualifying matches
  // and two stanzas of the final.
  EligibilityRule title;
  title.clause = "ANC SR 11.1";
  title.requirements = {AtLeast(EligibilityMeasure::kPlayerStanzas, 1,
                                EligibilityScope::kThis)};
  EligibilityRule pqp;
  pqp.clause = "ANC SR 14.3";
  pqp.requirements = {
      AtLeast(EligibilityMeasure::kPlayerMatches, 7,
              EligibilityScope::kQualifying),
      AtLeast(EligibilityMeasure::kPlayerStanzas, 2, EligibilityScope::kThis)};
  TeamRecords records{&final_team, &qualifying, ""};
  EXPECT_EQ(CheckTeamRule(title, records, "P1").verdict,
            EligibilityVerdict::kEligible);
  RuleCheck p1 = CheckTeamRule(pqp, records, "P1");
  EXPECT_EQ(p1.verdict, EligibilityVerdict::kEligible);
  EXPECT_EQ(p1.requirements[1].count.counted, 2);
  EXPECT_EQ(p1.requirements[1].count.of, 5);
  // P5 played 3 stanzas but (by Team()) all 14 qualifying matches: yes.
  EXPECT_EQ(CheckTeamRule(pqp, records, "P5").verdict,
            EligibilityVerdict::kEligible);
  // P2 played 2 stanzas; P6 played 3 stanzas and no qualifying match.
  EXPECT_EQ(CheckTeamRule(title, records, "P6").verdict,
            EligibilityVerdict::kEligible);
  EXPECT_EQ(CheckTeamRule(pqp, records, "P6").verdict,
            EligibilityVerdict::kNotEligible);
  // Six qualifying matches, one short of 7.
  TeamRecord six = Team(6, 14, 16, 6);
  EXPECT_EQ(CheckTeamRule(pqp, {&final_team, &six, ""}, "P1").verdict,
            EligibilityVerdict::kNotEligible);
}

TEST(CheckTeamRuleTest, SabfTr162SixtyPercentInATeamOfFour) {
  // A team of 4 (registered) over 8 matches of 14 boards = 112 boards:
  // 60% = 67.2 -> 68. P1 in 5 matches plays 70 boards: eligible; in 4,
  // 56: not.
  EligibilityRule rule;
  rule.clause = "SABF TR 16.2";
  rule.requirements = {SixtyFiftyForty(EligibilityScope::kThis)};
  TeamRecord five = Team(4, 8, 14, 5);
  RuleCheck at = CheckTeamRule(rule, {&five, nullptr, ""}, "P1");
  EXPECT_EQ(at.verdict, EligibilityVerdict::kEligible);
  EXPECT_EQ(at.requirements[0].count.counted, 70);
  EXPECT_EQ(at.requirements[0].count.of, 112);
  EXPECT_EQ(at.requirements[0].needed, 68);
  TeamRecord four = Team(4, 8, 14, 4);
  EXPECT_EQ(CheckTeamRule(rule, {&four, nullptr, ""}, "P1").verdict,
            EligibilityVerdict::kNotEligible);
  // The same 4 matches in a team of 6: 40% = 45 boards; 56 >= 45.
  TeamRecord six = Team(6, 8, 14, 4);
  EXPECT_EQ(CheckTeamRule(rule, {&six, nullptr, ""}, "P1").verdict,
            EligibilityVerdict::kEligible);
}

TEST(CheckTeamRuleTest, SabfTr162FinalsCountOverallAndOneFullSession) {
  // A team of 5: qualifying 8 x 14 = 112 boards, P1 in 4 (56); the final
  // one 28-board session, P1 plays it. Overall 84 of 140: 50% = 70, met;
  // one session of the final: met. Without the final session: 56 < 70.
  EligibilityRule rule;
  rule.clause = "SABF TR 16.2";
  rule.requirements = {
      SixtyFiftyForty(EligibilityScope::kQualifyingAndThis),
      AtLeast(EligibilityMeasure::kPlayerStanzas, 1, EligibilityScope::kThis)};
  TeamRecord qualifying = Team(5, 8, 14, 4);
  TeamRecord played = Team(5, 1, 28, 1);
  RuleCheck yes = CheckTeamRule(rule, {&played, &qualifying, ""}, "P1");
  EXPECT_EQ(yes.verdict, EligibilityVerdict::kEligible);
  EXPECT_EQ(yes.requirements[0].count.counted, 84);
  EXPECT_EQ(yes.requirements[0].count.of, 140);
  EXPECT_EQ(yes.requirements[0].needed, 70);
  TeamRecord sat_out = Team(5, 1, 28, 0);
  RuleCheck no = CheckTeamRule(rule, {&sat_out, &qualifying, ""}, "P1");
  EXPECT_EQ(no.verdict, EligibilityVerdict::kNotEligible);
  EXPECT_FALSE(no.requirements[0].met);
  EXPECT_FALSE(no.requirements[1].met);
}

TEST(CountTeamTest, AForfeitOrMissingLineUpCountsBoardsForNobody) {
  // Two matches of 14: the second with nobody known to have played. The
  // boards are the team's (28) but P1 played 14.
  TeamRecord t = Team(4, 2, 14, 2);
  t.matches[1].stanzas[0].players.clear();
  PlayCount c = CountTeam({&t}, EligibilityMeasure::kPlayerBoards, "P1");
  EXPECT_EQ(c.counted, 14);
  EXPECT_EQ(c.of, 28);
}

}  // namespace
}  // namespace tally::core
