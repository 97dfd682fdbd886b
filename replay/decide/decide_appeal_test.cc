// Reviews and appeals (issue #5 item 5): each profile's lodging window one
// second either side of its edge (ANC SR 6.2 with the next-session
// extension and a late ruling; SABF TR 7 for rulings and for the scorer's
// decisions; Law 92B as NSW reads it; NZ LIRG 92B), each refusal of the
// appeal's life, and a whole life from lodging to a varied decision.

#include "replay/decide/decide_appeal.h"

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/decide/decide_correction.h"
#include "replay/decide/decide_ruling.h"
#include "replay/match_scores/match_standings.h"
#include "replay/matches/decide_matches.h"
#include "replay/rulings/appeal_queries.h"
#include "replay/state/rulings.h"
#include "replay/testing/apply_for_test.h"
#include "replay/timeline/decide_timeline.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::AllOf;
using ::testing::HasSubstr;

// Times of 2026-03-14 (UTC), or `day` days later.
absl::Time Clock(int hour, int minute, int second = 0, int day = 0) {
  return absl::FromCivil(
      absl::CivilSecond(2026, 3, 14 + day, hour, minute, second),
      absl::UTCTimeZone());
}

// Ten pairs (pair n: "Player n North", "Player n South") of a Swiss pairs
// competition "c" under `profile`, round 1 drawn and scheduled 10:00-11:10.
class AppealTest : public ::testing::Test {
 protected:
  void Create(const std::string& profile) {
    v1::CreateTournamentRequest t;
    t.set_tournament_id("t");
    t.set_name("Congress");
    Apply(state_, DecideCreateTournament(state_, t));
    v1::CreateCompetitionRequest c;
    c.set_tournament_id("t");
    c.set_competition_id("c");
    c.set_name("Swiss Pairs");
    c.set_kind(v1::COMPETITION_KIND_SWISS_PAIRS);
    c.set_regulation_profile(profile);
    Apply(state_, DecideCreateCompetition(state_, c));
    for (int pair = 1; pair <= 10; ++pair) {
      v1::RegisterPairRequest r;
      r.set_tournament_id("t");
      r.set_competition_id("c");
      r.set_pair(pair);
      r.add_players(absl::StrCat("Player ", pair, " North"));
      r.add_players(absl::StrCat("Player ", pair, " South"));
      Apply(state_, DecideRegisterPair(state_, r));
    }
    v1::MakeDrawRequest d;
    d.set_tournament_id("t");
    d.set_competition_id("c");
    d.set_round(1);
    d.set_seed(11);
    Apply(state_, DecideMakeDraw(state_, d));
    draw_sequence_ = state_.last_sequence;
    Schedule(1, Clock(10, 0), Clock(11, 10));
  }

  void Schedule(int round, absl::Time start, absl::Time end) {
    v1::ScheduleSessionRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("c");
    r.set_session(round);
    *r.mutable_scheduled_start() = ToTimestamp(start);
    *r.mutable_scheduled_end() = ToTimestamp(end);
    if (C().timeline.contains(round) &&
        C().timeline.at(round).scheduled_start.has_value()) {
      r.set_reason("the start was moved");  // a schedule changed
    }
    Apply(state_, DecideScheduleSession(state_, r));
  }

  // Every board of round 1 passed out, the scores posted at `posted`.
  void PlayAndPost(absl::Time posted) {
    const MatchRoundState& r = C().rounds.at(1);
    for (const v1::DrawnMatch& m : r.draw.matches()) {
      for (int board : r.draw.boards()) {
        v1::EnterResultRequest e;
        e.set_tournament_id("t");
        e.set_competition_id("c");
        e.set_session(1);
        e.set_table(m.table());
        e.set_board(board);
        e.mutable_result()->mutable_passed_out();
        Apply(state_, DecideEnterResult(state_, e));
      }
    }
    v1::PostScoresRequest p;
    p.set_tournament_id("t");
    p.set_competition_id("c");
    p.set_session(1);
    ApplyAt(state_, DecidePostScores(state_, p), posted);
  }

  // Pair 1 appeals the director's ruling on board 3 of round 1, table 1,
  // against pair 8, its opponent there (the draw of seed 11).
  static v1::LodgeAppealRequest Lodging(
      v1::AppealKind kind = v1::APPEAL_KIND_DIRECTOR_RULING) {
    v1::LodgeAppealRequest r;
    r.set_tournament_id("t");
    v1::AppealLodged* a = r.mutable_appeal();
    a->set_competition_id("c");
    a->set_kind(kind);
    a->set_session(1);
    a->set_table(1);
    a->set_board(3);
    a->set_appellant(1);
    a->set_appellant_signature("Player 1 North");
    a->add_respondents(8);
    a->set_grounds("The hesitation did not suggest the 4S bid.");
    a->set_directors_ruling("Result adjusted to 3S making 4, NS +170.");
    return r;
  }

  static v1::LodgeAppealRequest LateRuling(absl::Time advised) {
    v1::LodgeAppealRequest r = Lodging();
    r.mutable_appeal()->set_ruling_made_after_session(true);
    *r.mutable_appeal()->mutable_ruling_advised_at() = ToTimestamp(advised);
    return r;
  }

  // Lodges `r` at `at` and folds it; the appeal's number.
  int Lodge(const v1::LodgeAppealRequest& r, absl::Time at) {
    absl::StatusOr<v1::EventPayload> p = DecideLodgeAppeal(state_, r, at);
    EXPECT_THAT(p, IsOk());
    ApplyAt(state_, p, at);
    return p.ok() ? p->appeal_lodged().appeal() : 0;
  }

  v1::HearAppealRequest Hearing(int appeal,
                                std::vector<std::string> members) const {
    v1::HearAppealRequest r;
    r.set_tournament_id("t");
    r.mutable_heard()->set_competition_id("c");
    r.mutable_heard()->set_appeal(appeal);
    r.mutable_heard()->set_chair(members.front());
    for (const std::string& m : members) r.mutable_heard()->add_members(m);
    return r;
  }

  static v1::DecideAppealRequest Upheld(int appeal) {
    v1::DecideAppealRequest r;
    r.set_tournament_id("t");
    r.mutable_decided()->set_competition_id("c");
    r.mutable_decided()->set_appeal(appeal);
    r.mutable_decided()->set_outcome(v1::APPEAL_OUTCOME_UPHELD);
    r.mutable_decided()->set_decision("The director's ruling stands.");
    return r;
  }

  // The committee varies the ruling to 3S by North making 9 tricks (board
  // 3, NS not vulnerable: +140).
  static v1::DecideAppealRequest VariedTo3SMaking(int appeal) {
    v1::DecideAppealRequest d = Upheld(appeal);
    d.mutable_decided()->set_outcome(v1::APPEAL_OUTCOME_VARIED);
    v1::PlayedContract* played = d.mutable_decided()
                                     ->mutable_adjusted_score()
                                     ->mutable_assigned()
                                     ->mutable_played();
    played->set_level(3);
    played->set_strain(v1::STRAIN_SPADES);
    played->set_declarer(v1::SEAT_NORTH);
    played->set_tricks(9);
    d.mutable_decided()->set_decision("Varied to 3S making, NS +140.");
    return d;
  }

  static v1::SubmitAppealResponseRequest Submission(int appeal) {
    v1::SubmitAppealResponseRequest r;
    r.set_tournament_id("t");
    r.mutable_submission()->set_competition_id("c");
    r.mutable_submission()->set_appeal(appeal);
    r.mutable_submission()->set_submission("The pause was 10 seconds.");
    r.mutable_submission()->set_signed_by("Player 8 North");
    return r;
  }

  static v1::ReplyToAppealRequest Reply(int appeal) {
    v1::ReplyToAppealRequest r;
    r.set_tournament_id("t");
    r.mutable_reply()->set_competition_id("c");
    r.mutable_reply()->set_appeal(appeal);
    r.mutable_reply()->set_reply(
        "A 10-second pause is normal after a skip bid.");
    r.mutable_reply()->set_signed_by("Player 8 South");
    return r;
  }

  // An appeal lodged at 11:00 and heard by an uninvolved committee.
  // Pair 1 appeals the committee's decision on appeal `appeal` further.
  static v1::LodgeFurtherAppealRequest Further(int appeal) {
    v1::LodgeFurtherAppealRequest f;
    f.set_tournament_id("t");
    f.mutable_further()->set_competition_id("c");
    f.mutable_further()->set_appeal(appeal);
    f.mutable_further()->set_entrant(1);
    f.mutable_further()->set_signed_by("Player 1 North");
    f.mutable_further()->set_grounds("The committee misread the facts.");
    return f;
  }

  int HeardAppeal() {
    const int n = Lodge(Lodging(), Clock(11, 0));
    Apply(state_, DecideHearAppeal(state_, Hearing(n, {"Chair", "Member"})));
    return n;
  }

  CompetitionState& C() {
    return state_.tournaments.at("t").competitions.at("c");
  }

  State state_;
  uint64_t draw_sequence_ = 0;
};

// ANC SR 6.2: "expires 30 minutes after the scheduled finishing time of the
// session": 11:10 + 30 = 11:40 (round 2 at 12:30 starts after it).
TEST_F(AppealTest, AncSr62ClosesThirtyMinutesAfterTheScheduledFinish) {
  Create("anc2025_wsp");
  Schedule(2, Clock(12, 30), Clock(13, 40));
  absl::StatusOr<v1::EventPayload> in_time = DecideLodgeAppeal(
      state_, Lodging(v1::APPEAL_KIND_RULING_REVIEW), Clock(11, 39, 59));
  ASSERT_THAT(in_time, IsOk());
  EXPECT_EQ(in_time->appeal_lodged().appeal(), 1);
  EXPECT_EQ(in_time->appeal_lodged().window_clause(), "ANC SR 6.2");
  EXPECT_EQ(ToTime(in_time->appeal_lodged().window_closes_at()), Clock(11, 40));
  EXPECT_THAT(DecideLodgeAppeal(state_, Lodging(v1::APPEAL_KIND_RULING_REVIEW),
                                Clock(11, 40, 1)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("expired at 2026-03-14 11:40 UTC"),
                             HasSubstr("ANC SR 6.2"))));
}

// ANC SR 6.2 "unless the next round ... is scheduled to commence within
// that period. In that case it is extended to the expiration of the Time of
// Appeal for that next round": round 2 starts 11:20, before 11:40, so round
// 1's time runs to round 2's: 12:30 + 30 = 13:00 (round 3 at 14:00 starts
// after that).
TEST_F(AppealTest, AncSr62ExtendsIntoTheNextRoundStartingWithinThePeriod) {
  Create("anc2025_wsp");
  Schedule(2, Clock(11, 20), Clock(12, 30));
  Schedule(3, Clock(14, 0), Clock(15, 10));
  absl::StatusOr<v1::EventPayload> in_time =
      DecideLodgeAppeal(state_, Lodging(), Clock(12, 59, 59));
  ASSERT_THAT(in_time, IsOk());
  EXPECT_EQ(ToTime(in_time->appeal_lodged().window_closes_at()), Clock(13, 0));
  EXPECT_THAT(DecideLodgeAppeal(state_, Lodging(), Clock(13, 0, 1)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("expired at 2026-03-14 13:00 UTC"),
                             HasSubstr("ANC SR 6.2"))));
}

// ANC SR 6.2 "(or 30 minutes after the parties are advised of the
// director's ruling when the ruling is made after the session)": advised
// at 12:05, the time expires at 12:35 (round 2 at 14:00: no extension).
TEST_F(AppealTest, AncSr62LateRulingThirtyMinutesAfterThePartiesAreAdvised) {
  Create("anc2025_wsp");
  Schedule(2, Clock(14, 0), Clock(15, 10));
  absl::StatusOr<v1::EventPayload> in_time =
      DecideLodgeAppeal(state_, LateRuling(Clock(12, 5)), Clock(12, 34, 59));
  ASSERT_THAT(in_time, IsOk());
  EXPECT_EQ(ToTime(in_time->appeal_lodged().window_closes_at()), Clock(12, 35));
  EXPECT_THAT(
      DecideLodgeAppeal(state_, LateRuling(Clock(12, 5)), Clock(12, 35, 1)),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               AllOf(HasSubstr("expired at 2026-03-14 12:35 UTC"),
                     HasSubstr("advised"), HasSubstr("ANC SR 6.2"))));
}

// SABF TR 7: "within 30 minutes of the scheduled finish of play": 11:40.
TEST_F(AppealTest, SabfTr7RulingThirtyMinutesAfterTheScheduledFinish) {
  Create("sabf_butler_swiss");
  ASSERT_THAT(DecideLodgeAppeal(state_, Lodging(), Clock(11, 39, 59)), IsOk());
  EXPECT_THAT(DecideLodgeAppeal(state_, Lodging(), Clock(11, 40, 1)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("11:40 UTC"), HasSubstr("SABF TR 7"))));
}

// SABF TR 7: "Appeals against the scorer's decisions ... within one week of
// the scores being posted": posted 14 March 11:30, so until 21 March 11:30.
TEST_F(AppealTest, SabfTr7ScorerDecisionWithinOneWeekOfPosting) {
  Create("sabf_butler_swiss");
  PlayAndPost(Clock(11, 30));
  absl::StatusOr<v1::EventPayload> in_time = DecideLodgeAppeal(
      state_, Lodging(v1::APPEAL_KIND_SCORER_DECISION), Clock(11, 29, 59, 7));
  ASSERT_THAT(in_time, IsOk());
  EXPECT_EQ(ToTime(in_time->appeal_lodged().window_closes_at()),
            Clock(11, 30, 0, 7));
  EXPECT_THAT(
      DecideLodgeAppeal(state_, Lodging(v1::APPEAL_KIND_SCORER_DECISION),
                        Clock(11, 30, 1, 7)),
      StatusIs(
          absl::StatusCode::kFailedPrecondition,
          AllOf(HasSubstr("2026-03-21 11:30 UTC"), HasSubstr("SABF TR 7"))));
}

// NSW profiles read Law 92B's default: 30 minutes after the official score
// is made available (posted 11:30: until 12:00).
TEST_F(AppealTest, NswLaw92bThirtyMinutesAfterPosting) {
  Create("nsw_swiss_pairs");
  PlayAndPost(Clock(11, 30));
  ASSERT_THAT(DecideLodgeAppeal(state_, Lodging(), Clock(11, 59, 59)), IsOk());
  EXPECT_THAT(DecideLodgeAppeal(state_, Lodging(), Clock(12, 0, 1)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("12:00 UTC"), HasSubstr("Law 92B"))));
}

// NZ LIRG 92B: "expires 30 minutes after the official end of the session
// ... The time for filing an appeal of a late ruling expires for each party
// 30 minutes after they were officially advised of the ruling". No shipped
// profile is NZ's: the rule is put in the competition's profile here.
TEST_F(AppealTest, NzLirg92bSessionEndAndLateRuling) {
  Create("nsw_swiss_pairs");
  for (core::TimeWindowRule& rule : C().profile.time_windows) {
    if (rule.kind != core::TimeWindowKind::kRulingReview) continue;
    rule.clause = "NZ LIRG 92B";
    rule.ends_at_latest_of = {{core::TimeAnchor::kSessionScheduledEnd, 30}};
    rule.late_ruling_ends_at_latest_of = {
        {core::TimeAnchor::kRulingAdvised, 30}};
  }
  ASSERT_THAT(DecideLodgeAppeal(state_, Lodging(), Clock(11, 39, 59)), IsOk());
  EXPECT_THAT(DecideLodgeAppeal(state_, Lodging(), Clock(11, 40, 1)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("NZ LIRG 92B")));
  // Advised at 13:00: until 13:30 for that party.
  ASSERT_THAT(
      DecideLodgeAppeal(state_, LateRuling(Clock(13, 0)), Clock(13, 29, 59)),
      IsOk());
  EXPECT_THAT(
      DecideLodgeAppeal(state_, LateRuling(Clock(13, 0)), Clock(13, 30, 1)),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               AllOf(HasSubstr("13:30 UTC"), HasSubstr("NZ LIRG 92B"))));
}

TEST_F(AppealTest, RefusesTheScorersDecisionWhereTheProfileSetsNoTime) {
  Create("anc2025_wsp");
  EXPECT_THAT(
      DecideLodgeAppeal(state_, Lodging(v1::APPEAL_KIND_SCORER_DECISION),
                        Clock(11, 0)),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               HasSubstr("no time for an appeal against the scorer")));
}

TEST_F(AppealTest, RefusesALateRulingWithoutWhenThePartiesWereAdvised) {
  Create("anc2025_wsp");
  v1::LodgeAppealRequest r = Lodging();
  r.mutable_appeal()->set_ruling_made_after_session(true);
  EXPECT_THAT(
      DecideLodgeAppeal(state_, r, Clock(11, 0)),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("ANC SR 6.2")));
}

TEST_F(AppealTest, RulingSequenceMustBeARulingOnTheBoard) {
  Create("anc2025_wsp");
  v1::LodgeAppealRequest r = Lodging();
  r.mutable_appeal()->set_ruling_sequence(draw_sequence_);  // DrawMade
  EXPECT_THAT(DecideLodgeAppeal(state_, r, Clock(11, 0)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("no ruling on board 3 of round 1 of 'c' at "
                                 "sequence")));
  // The director's assigned score on board 3 at table 1, inside the
  // correction period (ANC SR 6.1: 30 minutes after posting at 11:20).
  PlayAndPost(Clock(11, 20));
  v1::RecordRulingRequest ruling;
  ruling.set_tournament_id("t");
  ruling.set_competition_id("c");
  ruling.set_session(1);
  ruling.set_table(1);
  ruling.set_board(3);
  ruling.set_law("Law 16B");
  ruling.set_text("the pause suggested bidding on");
  v1::PlayedContract* played =
      ruling.mutable_adjusted()->mutable_assigned()->mutable_played();
  played->set_level(3);
  played->set_strain(v1::STRAIN_SPADES);
  played->set_declarer(v1::SEAT_NORTH);
  played->set_tricks(9);
  ApplyAt(state_, DecideRecordRuling(state_, ruling, Clock(11, 25)),
          Clock(11, 25));
  r.mutable_appeal()->set_ruling_sequence(state_.last_sequence);
  EXPECT_THAT(DecideLodgeAppeal(state_, r, Clock(11, 26)), IsOk());
  r.mutable_appeal()->set_board(4);
  EXPECT_THAT(DecideLodgeAppeal(state_, r, Clock(11, 26)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("no ruling on board 4")));
}

TEST_F(AppealTest, RefusesAnUnknownAppellantOrRoundAndMissingGrounds) {
  Create("anc2025_wsp");
  v1::LodgeAppealRequest r = Lodging();
  r.mutable_appeal()->set_appellant(11);
  EXPECT_THAT(DecideLodgeAppeal(state_, r, Clock(11, 0)),
              StatusIs(absl::StatusCode::kNotFound));
  r = Lodging();
  r.mutable_appeal()->set_session(4);
  EXPECT_THAT(DecideLodgeAppeal(state_, r, Clock(11, 0)),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("round 4")));
  r = Lodging();
  r.mutable_appeal()->clear_grounds();
  EXPECT_THAT(DecideLodgeAppeal(state_, r, Clock(11, 0)),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

// SABF TR 7: "Appeals Committee members who are directly involved in any
// dispute shall not participate in the hearing of that dispute".
TEST_F(AppealTest, RefusesACommitteeMemberWhoPlaysForEitherSide) {
  Create("sabf_butler_swiss");
  const int n = Lodge(Lodging(), Clock(11, 0));
  EXPECT_THAT(
      DecideHearAppeal(state_, Hearing(n, {"Chair", "player 8  SOUTH"})),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               AllOf(HasSubstr("respondent, pair 8"), HasSubstr("SABF TR 7"))));
  EXPECT_THAT(
      DecideHearAppeal(state_, Hearing(n, {"Player 1 North"})),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("appellant")));
  EXPECT_THAT(DecideHearAppeal(state_, Hearing(n, {"Chair", "Player 3 North"})),
              IsOk());
}

// NSW TR 2.2.2: "No person interested in an appeal ... shall be a member of
// the Committee": a person the lodging names as involved.
TEST_F(AppealTest, RefusesACommitteeMemberNamedAsInvolved) {
  Create("nsw_swiss_pairs");
  v1::LodgeAppealRequest r = Lodging();
  r.mutable_appeal()->add_involved("Kibitzer Kim");
  const int n = Lodge(r, Clock(11, 0));
  EXPECT_THAT(DecideHearAppeal(state_, Hearing(n, {"Chair", "Kibitzer Kim"})),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("named as involved"),
                             HasSubstr("NSW TR 2.2.2"))));
}

TEST_F(AppealTest, RefusesToDecideAnAppealNotHeard) {
  Create("sabf_butler_swiss");
  const int n = Lodge(Lodging(), Clock(11, 0));
  EXPECT_THAT(DecideDecideAppeal(state_, Upheld(n)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("has not been heard")));
}

TEST_F(AppealTest, RefusesAReplyBeforeTheSubmission) {
  Create("sabf_butler_swiss");
  const int n = Lodge(Lodging(), Clock(11, 0));
  EXPECT_THAT(DecideReplyToAppeal(state_, Reply(n)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("no respondents' submission yet")));
  Apply(state_, DecideSubmitAppealResponse(state_, Submission(n)));
  EXPECT_THAT(DecideReplyToAppeal(state_, Reply(n)), IsOk());
}

TEST_F(AppealTest, RefusesEverythingButAFurtherAppealAfterTheDecision) {
  Create("sabf_butler_swiss");
  const int n = HeardAppeal();
  Apply(state_, DecideDecideAppeal(state_, Upheld(n)));
  EXPECT_THAT(
      DecideSubmitAppealResponse(state_, Submission(n)),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("is decided")));
  EXPECT_THAT(DecideHearAppeal(state_, Hearing(n, {"Chair"})),
              StatusIs(absl::StatusCode::kFailedPrecondition));
  EXPECT_THAT(DecideDecideAppeal(state_, Upheld(n)),
              StatusIs(absl::StatusCode::kFailedPrecondition));
  v1::WithdrawAppealRequest w;
  w.set_tournament_id("t");
  w.mutable_withdrawn()->set_competition_id("c");
  w.mutable_withdrawn()->set_appeal(n);
  w.mutable_withdrawn()->set_by("Player 1 North");
  EXPECT_THAT(DecideWithdrawAppeal(state_, w),
              StatusIs(absl::StatusCode::kFailedPrecondition));
  // SABF TR 7: "Players have the right of further appeal to the Management
  // Committee".
  v1::LodgeFurtherAppealRequest f = Further(n);
  absl::StatusOr<v1::EventPayload> further =
      DecideLodgeFurtherAppeal(state_, f);
  ASSERT_THAT(further, IsOk());
  EXPECT_EQ(further->further_appeal_lodged().to_body(),
            "the SABF Management Committee");
  EXPECT_EQ(further->further_appeal_lodged().clause(), "SABF TR 7");
  f.mutable_further()->set_to_body("the ABF Appeals Committee");
  EXPECT_THAT(DecideLodgeFurtherAppeal(state_, f),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("goes to the SABF Management Committee")));
  Apply(state_, further);
  EXPECT_THAT(
      DecideLodgeFurtherAppeal(state_, Further(n)),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("already")));
}

// ANC SR 1.1 hands appeals to the ABF Appeals Regulations, which tally does
// not hold: a further appeal is taken to the body and clause the director
// names from them, never invented; the committee rule cites them.
TEST_F(AppealTest, AncFurtherAppealGoesWhereTheDirectorNamesFromTheAbfRegulations) {
  Create("anc2025_wsp");
  const int n = Lodge(Lodging(), Clock(11, 0));
  EXPECT_THAT(DecideHearAppeal(state_, Hearing(n, {"Chair", "Player 8 North"})),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("respondent, pair 8"),
                             HasSubstr("ABF Appeals Regulations (ANC SR 1.1)"),
                             HasSubstr("not held by tally"))));
  Apply(state_, DecideHearAppeal(state_, Hearing(n, {"Chair", "Member"})));
  Apply(state_, DecideDecideAppeal(state_, Upheld(n)));
  v1::LodgeFurtherAppealRequest f = Further(n);
  EXPECT_THAT(DecideLodgeFurtherAppeal(state_, f),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(HasSubstr("ABF Appeals Regulations (ANC SR 1.1)"),
                             HasSubstr("name the body"))));
  f.mutable_further()->set_to_body("the ABF National Appeals Committee");
  EXPECT_THAT(DecideLodgeFurtherAppeal(state_, f),
              StatusIs(absl::StatusCode::kInvalidArgument));
  f.mutable_further()->set_clause("ABF Appeals Regulations 4");
  absl::StatusOr<v1::EventPayload> further = DecideLodgeFurtherAppeal(state_, f);
  ASSERT_THAT(further, IsOk());
  EXPECT_EQ(further->further_appeal_lodged().to_body(),
            "the ABF National Appeals Committee");
  EXPECT_EQ(further->further_appeal_lodged().clause(),
            "ABF Appeals Regulations 4");
}

// NSW TR 2.2.3: "There shall be no appeal from any decision of the Appeals
// Committee".
TEST_F(AppealTest, RefusesAFurtherAppealWhereTheDecisionIsFinal) {
  Create("nsw_swiss_pairs");
  const int n = HeardAppeal();
  Apply(state_, DecideDecideAppeal(state_, Upheld(n)));
  EXPECT_THAT(DecideLodgeFurtherAppeal(state_, Further(n)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("final"), HasSubstr("NSW TR 2.2.3"))));
}

TEST_F(AppealTest, RefusesAnythingAfterAWithdrawal) {
  Create("sabf_butler_swiss");
  const int n = Lodge(Lodging(), Clock(11, 0));
  v1::WithdrawAppealRequest w;
  w.set_tournament_id("t");
  w.mutable_withdrawn()->set_competition_id("c");
  w.mutable_withdrawn()->set_appeal(n);
  w.mutable_withdrawn()->set_by("Player 1 North");
  Apply(state_, DecideWithdrawAppeal(state_, w));
  EXPECT_EQ(C().appeals.at(n).Stage(), "withdrawn");
  EXPECT_THAT(
      DecideHearAppeal(state_, Hearing(n, {"Chair"})),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("withdrawn")));
}

// SABF TR 7: "a fine of up to three Victory Points ... if the Appeals
// Committee determines that the appeal was frivolous"; NZ LIRG 92A: only
// "when an appeal ... is unsuccessful".
TEST_F(AppealTest, PenaltyWithoutMeritWithinTheRegulationsMaximum) {
  Create("sabf_butler_swiss");
  const int n = HeardAppeal();
  v1::DecideAppealRequest d = Upheld(n);
  v1::MeritPenalty* p = d.mutable_decided()->mutable_penalty();
  p->set_kind(v1::MERIT_PENALTY_KIND_VICTORY_POINTS);
  p->mutable_amount()->set_numerator(4);
  p->mutable_amount()->set_denominator(1);
  EXPECT_THAT(
      DecideDecideAppeal(state_, d),
      StatusIs(absl::StatusCode::kInvalidArgument,
               AllOf(HasSubstr("at most 3 VPs"), HasSubstr("SABF TR 7"))));
  p->mutable_amount()->set_numerator(3);
  absl::StatusOr<v1::EventPayload> decided = DecideDecideAppeal(state_, d);
  ASSERT_THAT(decided, IsOk());
  EXPECT_EQ(decided->appeal_decided().penalty().entrant(), 1);
  EXPECT_EQ(decided->appeal_decided().penalty().clause(), "SABF TR 7");
  // Not on an appeal that succeeded.
  d.mutable_decided()->set_outcome(v1::APPEAL_OUTCOME_VARIED);
  d.mutable_decided()
      ->mutable_adjusted_score()
      ->mutable_assigned()
      ->mutable_passed_out();
  EXPECT_THAT(
      DecideDecideAppeal(state_, d),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("NZ LIRG 92A")));
}

TEST_F(AppealTest, RefusesAVariedDecisionWithoutAValidAdjustedScore) {
  Create("sabf_butler_swiss");
  const int n = HeardAppeal();
  v1::DecideAppealRequest d = Upheld(n);
  d.mutable_decided()->set_outcome(v1::APPEAL_OUTCOME_VARIED);
  EXPECT_THAT(DecideDecideAppeal(state_, d),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("adjusted score")));
  // Weights 1/2 + 1/3 do not add up to 1 (Law 12C1(c)).
  v1::WeightedAdjustedScore* w =
      d.mutable_decided()->mutable_adjusted_score()->mutable_weighted();
  for (int den : {2, 3}) {
    v1::WeightedResult* o = w->add_outcomes();
    o->mutable_result()->mutable_passed_out();
    o->mutable_weight()->set_numerator(1);
    o->mutable_weight()->set_denominator(den);
  }
  EXPECT_THAT(DecideDecideAppeal(state_, d),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(HasSubstr("5/6"), HasSubstr("12C1(c)"))));
}

// The whole life: lodged, the respondents' submission, the reply, heard,
// decided varied to 3S by North making 9 tricks (board 3, NS not
// vulnerable: +140), then shown by GetAppeal and ListAppeals.
TEST_F(AppealTest, FullLifeLodgedSubmittedRepliedHeardVaried) {
  Create("sabf_butler_swiss");
  v1::LodgeAppealRequest r = Lodging();
  v1::AppealForm* form = r.mutable_appeal()->mutable_form();
  form->mutable_north()->set_spades("AKJ4");
  form->set_auction("1S (2H) 2S (3H) 4S* all pass; * after a long pause");
  form->set_directors_comments("Law 16B applied.");
  form->set_director_signature("TD Smith");
  const int n = Lodge(r, Clock(11, 5));
  Apply(state_, DecideSubmitAppealResponse(state_, Submission(n)));
  Apply(state_, DecideReplyToAppeal(state_, Reply(n)));
  Apply(state_, DecideHearAppeal(state_, Hearing(n, {"Chair", "Member"})));
  v1::DecideAppealRequest d = VariedTo3SMaking(n);
  d.mutable_decided()->add_dissenting("Member: would have upheld.");
  Apply(state_, DecideDecideAppeal(state_, d));
  // The varied score is the adjustment in force at table 1 on board 3 from
  // the decision on (replay/state/rulings.h), as a ruling's would be.
  std::optional<AdjustmentInForce> in_force =
      AdjustmentAt(C().rounds.at(1).rulings, 3, 1);
  ASSERT_TRUE(in_force.has_value());
  EXPECT_EQ(in_force->sequence, state_.last_sequence);
  EXPECT_EQ(in_force->score->assigned().played().tricks(), 9);

  v1::GetAppealRequest g;
  g.set_tournament_id("t");
  g.set_competition_id("c");
  g.set_appeal(n);
  absl::StatusOr<v1::AppealView> view = GetAppeal(state_, g);
  ASSERT_THAT(view, IsOk());
  EXPECT_EQ(view->stage(), "decided");
  EXPECT_EQ(view->sequences_size(), 5);
  EXPECT_EQ(view->lodged().form().north().spades(), "AKJ4");
  EXPECT_EQ(view->decided().outcome(), v1::APPEAL_OUTCOME_VARIED);
  EXPECT_EQ(view->decided().adjusted_score().assigned().played().tricks(), 9);
  EXPECT_EQ(ToTime(view->lodged_at()), Clock(11, 5));
  v1::ListAppealsRequest l;
  l.set_tournament_id("t");
  l.set_competition_id("c");
  absl::StatusOr<v1::ListAppealsResponse> list = ListAppeals(state_, l);
  ASSERT_THAT(list, IsOk());
  ASSERT_EQ(list->appeals_size(), 1);
  EXPECT_EQ(list->appeals(0).stage(), "decided");
}

// Item 6 of issue #5: "after results are official, nothing changes except
// by a decided appeal". An appeal lodged at 11:00 is heard, round 1 is
// posted at 11:30, and the results are declared official when SABF TR 8's
// 24 hours are over, at 11:30 the next day (not before: NSW TR 12.4, Law
// 79C2). A correction and a ruling on the appealed board a minute later are
// refused, so nothing is appended,
// (NSW TR 12.4; Law 79C2); the committee's varied decision (3S by North
// making 9 tricks, NS +140) is taken and becomes the score in force.
TEST_F(AppealTest, AfterResultsAreOfficialOnlyADecidedAppealChangesAScore) {
  Create("sabf_butler_swiss");
  const int n = HeardAppeal();
  PlayAndPost(Clock(11, 30));
  v1::DeclareResultsOfficialRequest official;
  official.set_tournament_id("t");
  official.set_competition_id("c");
  EXPECT_THAT(
      DecideDeclareResultsOfficial(state_, official, Clock(12, 10)),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               HasSubstr("correction period: open until 2026-03-15 11:30 "
                         "UTC")));
  const absl::Time next_day = Clock(11, 30, 0, 1);
  ApplyAt(state_, DecideDeclareResultsOfficial(state_, official, next_day),
          next_day);

  v1::CorrectResultRequest correction;
  correction.set_tournament_id("t");
  correction.set_competition_id("c");
  correction.set_session(1);
  correction.set_table(1);
  correction.set_board(3);
  correction.mutable_result()->mutable_passed_out();
  correction.set_kind(v1::CORRECTION_KIND_SCORER_ERROR);
  correction.set_reason("entered at the wrong table");
  EXPECT_THAT(
      DecideCorrectResult(state_, correction, next_day + absl::Minutes(1)),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("official")));
  v1::RecordRulingRequest ruling;
  ruling.set_tournament_id("t");
  ruling.set_competition_id("c");
  ruling.set_session(1);
  ruling.set_table(1);
  ruling.set_board(3);
  ruling.set_law("Law 12C1(b)");
  ruling.set_text("Score assigned: passed out.");
  ruling.mutable_adjusted()->mutable_assigned()->mutable_passed_out();
  EXPECT_THAT(
      DecideRecordRuling(state_, ruling, next_day + absl::Minutes(1)),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("official")));

  v1::DecideAppealRequest d = VariedTo3SMaking(n);
  absl::StatusOr<v1::EventPayload> decided = DecideDecideAppeal(state_, d);
  ASSERT_THAT(decided, IsOk());
  Apply(state_, decided);
  std::optional<AdjustmentInForce> in_force =
      AdjustmentAt(C().rounds.at(1).rulings, 3, 1);
  ASSERT_TRUE(in_force.has_value());
  EXPECT_EQ(in_force->sequence, state_.last_sequence);
  EXPECT_EQ(in_force->score->assigned().played().tricks(), 9);
}

// Issue #16 defect 1(a). ANC SR 6.2: a ruling made after the session
// leaves "30 minutes after the parties are advised", "unless the next
// round ... is scheduled to commence within that period". Round 1
// 09:30-11:30, round 2 from 11:45, the parties advised at 12:10: round 2
// had started before the period began, so the time expires at 12:40, not at
// round 2's own (13:45 + 30 = 14:15).
TEST_F(AppealTest, AncSr62LateRulingAdvisedDuringTheNextRoundIsNotExtended) {
  Create("anc2025_wsp");
  Schedule(1, Clock(9, 30), Clock(11, 30));
  Schedule(2, Clock(11, 45), Clock(13, 45));
  absl::StatusOr<v1::EventPayload> in_time =
      DecideLodgeAppeal(state_, LateRuling(Clock(12, 10)), Clock(12, 39, 59));
  ASSERT_THAT(in_time, IsOk());
  EXPECT_EQ(ToTime(in_time->appeal_lodged().window_closes_at()), Clock(12, 40));
  EXPECT_THAT(
      DecideLodgeAppeal(state_, LateRuling(Clock(12, 10)), Clock(12, 40, 1)),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               AllOf(HasSubstr("expired at 2026-03-14 12:40 UTC"),
                     HasSubstr("ANC SR 6.2"))));
}

// Issue #16 defect 1(b). ANC SR 6.2 "when the ruling is made after the
// session": the log says the ruling was made at 11:52, during round 1
// (scheduled to end at 12:00). A review claiming a late ruling advised at
// 14:20 is refused: the ruling's time ran from 12:00 (+30: 12:30; round 2
// at 14:00 does not start within it).
TEST_F(AppealTest, AncSr62LateRulingClaimIsCheckedAgainstTheLog) {
  Create("anc2025_wsp");
  Schedule(1, Clock(10, 0), Clock(12, 0));
  Schedule(2, Clock(14, 0), Clock(16, 0));
  const MatchRoundState& r = C().rounds.at(1);
  for (const v1::DrawnMatch& m : r.draw.matches()) {
    v1::EnterResultRequest e;
    e.set_tournament_id("t");
    e.set_competition_id("c");
    e.set_session(1);
    e.set_table(m.table());
    e.set_board(3);
    e.mutable_result()->mutable_passed_out();
    ApplyAt(state_, DecideEnterResult(state_, e), Clock(11, 40));
  }
  v1::RecordRulingRequest ruling;
  ruling.set_tournament_id("t");
  ruling.set_competition_id("c");
  ruling.set_session(1);
  ruling.set_table(1);
  ruling.set_board(3);
  ruling.set_law("Law 12C1(b)");
  ruling.set_text("Score assigned: 3S making, NS +140.");
  v1::PlayedContract* played =
      ruling.mutable_adjusted()->mutable_assigned()->mutable_played();
  played->set_level(3);
  played->set_strain(v1::STRAIN_SPADES);
  played->set_declarer(v1::SEAT_NORTH);
  played->set_tricks(9);
  ApplyAt(state_, DecideRecordRuling(state_, ruling, Clock(11, 52)),
          Clock(11, 52));
  const uint64_t ruling_sequence = state_.last_sequence;

  v1::LodgeAppealRequest late = LateRuling(Clock(14, 20));
  late.mutable_appeal()->set_kind(v1::APPEAL_KIND_RULING_REVIEW);
  late.mutable_appeal()->set_ruling_sequence(ruling_sequence);
  EXPECT_THAT(DecideLodgeAppeal(state_, late, Clock(14, 30)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("made at 2026-03-14 11:52 UTC"),
                             HasSubstr("before round 1 ended"),
                             HasSubstr("ANC SR 6.2"))));
  // Not naming the ruling does not get round the log either.
  late.mutable_appeal()->set_ruling_sequence(0);
  EXPECT_THAT(DecideLodgeAppeal(state_, late, Clock(14, 30)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(HasSubstr("name the ruling appealed"),
                             HasSubstr("ANC SR 6.2"))));
  // As a ruling made during the session, its time expired at 12:30.
  v1::LodgeAppealRequest plain = Lodging(v1::APPEAL_KIND_RULING_REVIEW);
  plain.mutable_appeal()->set_ruling_sequence(ruling_sequence);
  EXPECT_THAT(DecideLodgeAppeal(state_, plain, Clock(14, 30)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("expired at 2026-03-14 12:30 UTC")));
  EXPECT_THAT(DecideLodgeAppeal(state_, plain, Clock(12, 29)), IsOk());
}

// Issue #16 defect 5(a). Law 92A, SABF TR 7: an appeal is a table's; a
// pair that did not play the board appealed there cannot appeal it, nor
// be named as respondent.
TEST_F(AppealTest, AppellantAndRespondentsMustHavePlayedTheBoardAtTheTable) {
  Create("sabf_butler_swiss");
  v1::LodgeAppealRequest r = Lodging();
  r.mutable_appeal()->set_appellant(5);  // registered, plays elsewhere
  r.mutable_appeal()->set_appellant_signature("Player 5 North");
  EXPECT_THAT(DecideLodgeAppeal(state_, r, Clock(11, 0)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("pair 5 did not play the board"),
                             HasSubstr("SABF TR 7"))));
  r = Lodging();
  r.mutable_appeal()->clear_respondents();
  r.mutable_appeal()->add_respondents(5);
  EXPECT_THAT(DecideLodgeAppeal(state_, r, Clock(11, 0)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("respondent pair 5 did not play")));
  EXPECT_THAT(DecideLodgeAppeal(state_, Lodging(), Clock(11, 0)), IsOk());
}

// Issue #16 defect 5(b). SABF TR 7: "a fine of up to three Victory
// Points" for a frivolous appeal comes off the appellant's total: pair 1,
// after round 1 all passed out (10 VPs each, WBF scale at 0 IMPs), has
// 10 - 3 = 7.
TEST_F(AppealTest, PenaltyWithoutMeritIsDeductedFromTheAppellant) {
  Create("sabf_butler_swiss");
  PlayAndPost(Clock(11, 0));
  const int n = Lodge(Lodging(), Clock(11, 5));
  Apply(state_, DecideHearAppeal(state_, Hearing(n, {"Chair", "Member"})));
  v1::DecideAppealRequest d = Upheld(n);
  v1::MeritPenalty* p = d.mutable_decided()->mutable_penalty();
  p->set_kind(v1::MERIT_PENALTY_KIND_VICTORY_POINTS);
  p->mutable_amount()->set_numerator(3);
  p->mutable_amount()->set_denominator(1);
  Apply(state_, DecideDecideAppeal(state_, d));
  absl::StatusOr<MatchRanking> ranking = RankMatchEntrants(C(), {});
  ASSERT_THAT(ranking, IsOk());
  for (const EntrantStanding& row : ranking->rows) {
    if (row.entrant == 1) {
      EXPECT_EQ(row.penalties, core::Rational(3));
      EXPECT_EQ(row.total, core::Rational(7));
    } else {
      EXPECT_EQ(row.penalties, core::Rational(0)) << row.entrant;
      EXPECT_EQ(row.total, core::Rational(10)) << row.entrant;
    }
  }
}

// Issue #16 defect 5(c). SABF TR 7 (a further appeal to the Management
// Committee) and NSW TR 2.2.3 ("no appeal from any decision of the Appeals
// Committee"): a director's ruling cannot supersede the committee's
// decision on the board, nor put a new adjusted score on its table.
TEST_F(AppealTest, ADirectorsRulingCannotSupersedeTheCommitteesDecision) {
  Create("sabf_butler_swiss");
  PlayAndPost(Clock(11, 0));
  const int n = Lodge(Lodging(), Clock(11, 5));
  Apply(state_, DecideHearAppeal(state_, Hearing(n, {"Chair", "Member"})));
  ApplyAt(state_, DecideDecideAppeal(state_, VariedTo3SMaking(n)),
          Clock(11, 20));
  const uint64_t decision = state_.last_sequence;
  v1::RecordRulingRequest ruling;
  ruling.set_tournament_id("t");
  ruling.set_competition_id("c");
  ruling.set_session(1);
  ruling.set_table(1);
  ruling.set_board(3);
  ruling.set_law("Law 12C1(b)");
  ruling.set_text("Score assigned: passed out.");
  ruling.mutable_adjusted()->mutable_assigned()->mutable_passed_out();
  ruling.set_supersedes_sequence(decision);
  EXPECT_THAT(DecideRecordRuling(state_, ruling, Clock(11, 25)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("appeal 1 decided board 3"),
                             HasSubstr("SABF TR 7"))));
}

}  // namespace
}  // namespace tally::replay
