// Offence deductions off knock-out match totals (issue #5 item 8): SABF TR
// 16.3, "late (or slow) by 5 to 10 minutes: 3 IMPs", in a knock-out the
// director draws under sabf_teams_finals. One stanza, team 2 holding a
// carry-over of 1/2. Team 1 gains 3 IMPs on one board (1NT by North
// making, +90, against a pass-out: 3 IMPs on the WBF scale). By hand:
//   without the deduction: team 1 3, team 2 1/2: team 1 wins;
//   team 1 late 5-10 minutes in round 1: 3 IMPs off team 1's total,
//   3 - 3 = 0 against 1/2: team 2 wins on IMPs.

#include "replay/rulings/offence_deduction.h"

#include <string>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/draws/knockout_results.h"
#include "replay/matches/decide_matches.h"
#include "replay/rulings/offence_register.h"
#include "replay/testing/apply_for_test.h"
#include "replay/testing/knockout_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

class KnockoutOffenceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    CreateKnockout(state_, "ko", "sabf_teams_finals", "explicit");
    RegisterTeams(state_, "ko", 2);
    v1::MakeDrawRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("ko");
    r.set_round(1);
    r.set_seed(1);
    v1::DrawnMatch* m = r.add_matches();
    m->set_table(1);
    m->set_home(1);
    m->set_away(2);
    m->set_label("Final");
    m->set_stanza(1);
    m->set_stanzas(1);
    m->mutable_carry_over()->set_numerator(1);
    m->mutable_carry_over()->set_denominator(2);
    m->set_carry_over_holder(2);
    absl::StatusOr<v1::EventPayload> draw = DecideMakeDraw(state_, r);
    ASSERT_THAT(draw, IsOk());
    Apply(state_, draw);
    PlayRound(state_, draw->draw_made(),
              {{1, 0, 1, Made(1, v1::STRAIN_NO_TRUMP, 7)}});
  }

  static v1::RecordOffenceRequest Late(int round) {
    v1::RecordOffenceRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("ko");
    r.set_entrant(1);
    r.set_offence("late_5_10");
    r.set_round(round);
    r.set_day("2026-03-14");
    r.set_reason("seated 7 minutes after the start");
    return r;
  }

  KnockoutMatchScore Final() const {
    absl::StatusOr<std::vector<KnockoutMatchScore>> matches =
        ScoreKnockoutMatches(CompetitionOf(state_, "ko"));
    EXPECT_THAT(matches, IsOk());
    return matches.ok() && !matches->empty() ? matches->front()
                                             : KnockoutMatchScore{};
  }

  State state_;
};

TEST_F(KnockoutOffenceTest, ThreeImpsComeOffTheLateTeamsMatchTotal) {
  KnockoutMatchScore before = Final();
  EXPECT_EQ(before.home_total, core::Rational(3));
  EXPECT_EQ(before.away_total, core::Rational(1, 2));
  EXPECT_EQ(before.winner, 1);

  absl::StatusOr<v1::EventPayload> p = DecideRecordOffence(state_, Late(1));
  ASSERT_THAT(p, IsOk());
  const v1::OffenceRecorded& o = p->offence_recorded();
  EXPECT_EQ(o.clause(), "SABF TR 16.3");
  EXPECT_EQ(o.imps().numerator(), 3);
  EXPECT_EQ(o.imps().denominator(), 1);
  EXPECT_FALSE(o.has_vps());
  EXPECT_EQ(o.deducted(),
            "3 IMPs off team 1's total in 'Final' (SABF TR 16.3)");
  Apply(state_, p);

  KnockoutMatchScore after = Final();
  EXPECT_EQ(after.home_deducted, core::Rational(3));
  EXPECT_EQ(after.away_deducted, core::Rational(0));
  EXPECT_EQ(after.home_total, core::Rational(0));
  EXPECT_EQ(after.away_total, core::Rational(1, 2));
  EXPECT_EQ(after.outcome, KnockoutOutcome::kWon);
  EXPECT_EQ(after.winner, 2);
  EXPECT_EQ(after.decided_by, "imps");
}

TEST_F(KnockoutOffenceTest, TheRoundIsNamedAndDrawnAndTheTeamPlaysInIt) {
  const uint64_t head = state_.last_sequence;
  EXPECT_THAT(DecideRecordOffence(state_, Late(0)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("say which round")));
  EXPECT_THAT(DecideRecordOffence(state_, Late(2)),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("round 2 of 'ko' is not drawn yet")));
  EXPECT_EQ(state_.last_sequence, head);
}

// A warning (SABF TR 16.3 "Warning for first occurrence") takes nothing
// off, and needs no round.
TEST(OffenceDeductionTest, AWarningDeductsNothing) {
  CompetitionState c;
  c.id = "ko";
  c.kind = v1::COMPETITION_KIND_KNOCKOUT_TEAMS;
  core::PenaltyStep warning;
  warning.kind = core::PenaltyKind::kWarning;
  absl::StatusOr<OffenceDeductionAmount> none =
      OffenceDeductionFor(c, warning, "SABF TR 16.3", 1, 0, 1);
  ASSERT_THAT(none, IsOk());
  EXPECT_FALSE(none->imps.has_value());
  EXPECT_EQ(none->where, "");
}

}  // namespace
}  // namespace tally::replay
