// The shipped profiles' time windows, hand-worked from their clauses: for
// each, the close and the state one second either side of it. The rules are
// written out here as core/profile/profiles/*.textproto spell them (core
// tests cannot parse a textproto; replay/profile/profile_loader_test.cc checks
// the files load), each citing its file.
//
// Every time is on Saturday 12 July 2025 (UTC) unless a day is given.

#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/time/civil_time.h"
#include "absl/time/time.h"
#include "core/base/status_matchers.h"
#include "core/profile/profile.h"
#include "core/window/timeline.h"
#include "core/window/window_close.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

absl::Time At(int hour, int minute, int second = 0, int day = 12) {
  return absl::FromCivil(absl::CivilSecond(2025, 7, day, hour, minute, second),
                         absl::UTCTimeZone());
}

// --------------------------------------------------------------- rules --

// anc2025_wsp.textproto (every ANC 2025 profile): ANC SR 6.1.
TimeWindowRule AncSr61() {
  TimeWindowRule r;
  r.kind = TimeWindowKind::kCorrectionPeriod;
  r.clause = "ANC SR 6.1";
  r.ends_at_latest_of = {{TimeAnchor::kScoresPosted, 30},
                         {TimeAnchor::kNextSessionStart, 0}};
  r.last_session_ends_at_latest_of = {{TimeAnchor::kScoresPosted, 30}};
  r.extends_into_next_session = true;
  return r;
}

// anc2025_wsp.textproto (every ANC 2025 profile): ANC SR 6.2.
TimeWindowRule AncSr62() {
  TimeWindowRule r;
  r.kind = TimeWindowKind::kRulingReview;
  r.clause = "ANC SR 6.2";
  r.ends_at_latest_of = {{TimeAnchor::kSessionScheduledEnd, 30}};
  r.late_ruling_ends_at_latest_of = {{TimeAnchor::kRulingAdvised, 30}};
  r.extends_into_next_session = true;
  return r;
}

// anc2025_itc_qualifying.textproto: ANC SR 10.13.
TimeWindowRule AncSr1013() {
  TimeWindowRule r;
  r.kind = TimeWindowKind::kMatchResultDiscrepancy;
  r.clause = "ANC SR 10.13";
  r.ends_at_latest_of = {{TimeAnchor::kMatchConcluded, 30}};
  return r;
}

// Every sabf_*.textproto: SABF TR 8, 24 hours.
TimeWindowRule SabfTr8() {
  TimeWindowRule r;
  r.kind = TimeWindowKind::kCorrectionPeriod;
  r.clause = "SABF TR 8";
  r.ends_at_latest_of = {{TimeAnchor::kScoresPosted, 1440}};
  return r;
}

// sabf_swiss_teams, sabf_round_robin_teams, sabf_butler_*.textproto.
TimeWindowRule SabfTr13_9() {
  TimeWindowRule r;
  r.kind = TimeWindowKind::kScorerErrorCorrection;
  r.clause = "SABF TR 13.9";
  r.ends_at_latest_of = {{TimeAnchor::kLastRoundPosted, 30}};
  return r;
}

// Every sabf_*.textproto: SABF TR 7, appeals against a TD's ruling.
TimeWindowRule SabfTr7Review() {
  TimeWindowRule r;
  r.kind = TimeWindowKind::kRulingReview;
  r.clause = "SABF TR 7";
  r.ends_at_latest_of = {{TimeAnchor::kSessionScheduledEnd, 30}};
  return r;
}

// Every sabf_*.textproto: SABF TR 7, appeals against the scorer's
// decisions, one week (10080 minutes).
TimeWindowRule SabfTr7ScorerAppeal() {
  TimeWindowRule r;
  r.kind = TimeWindowKind::kScorerDecisionAppeal;
  r.clause = "SABF TR 7";
  r.ends_at_latest_of = {{TimeAnchor::kScoresPosted, 10080}};
  return r;
}

// nsw_matchpoint_pairs.textproto: NSW TR 12.2 read with 12.4.
TimeWindowRule NswTr12_2Pairs() {
  TimeWindowRule r;
  r.kind = TimeWindowKind::kCorrectionPeriod;
  r.clause = "NSW TR 12.2, 12.4";
  r.ends_at_latest_of = {{TimeAnchor::kScoresPosted, 30},
                         {TimeAnchor::kNextSessionStart, -30}};
  return r;
}

// nsw_swiss_teams, nsw_swiss_pairs, nsw_butler.textproto: NSW TR 12.2 in
// teams and Butler pairs events.
TimeWindowRule NswTr12_2Matches() {
  TimeWindowRule r;
  r.kind = TimeWindowKind::kCorrectionPeriod;
  r.clause = "NSW TR 12.2";
  r.ends_at_latest_of = {{TimeAnchor::kMatchScoresAgreed, 30}};
  return r;
}

// Every nsw_*.textproto: NSW TR 12.3 read with 12.4.
TimeWindowRule NswTr12_3() {
  TimeWindowRule r;
  r.kind = TimeWindowKind::kScorerErrorCorrection;
  r.clause = "NSW TR 12.3, 12.4";
  r.ends_at_latest_of = {{TimeAnchor::kNextStageStart, 0},
                         {TimeAnchor::kLastRoundPosted, 30}};
  return r;
}

// Every nsw_*.textproto: Law 92B's default (the NSW TR defers to appeal
// regulations that are not among the regulations).
TimeWindowRule NswLaw92B() {
  TimeWindowRule r;
  r.kind = TimeWindowKind::kRulingReview;
  r.clause = "Law 92B";
  r.ends_at_latest_of = {{TimeAnchor::kScoresPosted, 30}};
  return r;
}

// NZ LIRG Law 92B (no shipped profile follows the NZ LIRG): "30 minutes after
// the official end of the session (or match stanza) ... a late ruling ...
// 30 minutes after they were officially advised of the ruling".
TimeWindowRule NzLirg92B() {
  TimeWindowRule r;
  r.kind = TimeWindowKind::kRulingReview;
  r.clause = "NZ LIRG 92B";
  r.ends_at_latest_of = {{TimeAnchor::kSessionScheduledEnd, 30}};
  r.late_ruling_ends_at_latest_of = {{TimeAnchor::kRulingAdvised, 30}};
  return r;
}

// -------------------------------------------------------------- helpers --

SessionTimes Session(const char* name, std::optional<absl::Time> start,
                     std::optional<absl::Time> end,
                     std::optional<absl::Time> posted = std::nullopt) {
  SessionTimes s;
  s.name = name;
  s.scheduled_start = start;
  s.scheduled_end = end;
  s.scores_posted = posted;
  return s;
}

WindowSubject LateRuling(std::optional<absl::Time> advised) {
  WindowSubject subject;
  subject.ruling = RulingTimes{true, advised};
  return subject;
}

WindowSubject Match(int index) {
  WindowSubject subject;
  subject.match = index;
  return subject;
}

// The window closes exactly at `close`: open one second before, closed at
// the instant and one second after.
void ExpectClosesAt(const TimeWindowRule& rule, const StageTimeline& timeline,
                    int session, absl::Time close,
                    const WindowSubject& subject = {}) {
  const absl::StatusOr<WindowClose> found =
      FindWindowClose(rule, timeline, session, subject);
  ASSERT_THAT(found, IsOk());
  ASSERT_TRUE(found->closes_at.has_value()) << found->explanation;
  EXPECT_EQ(*found->closes_at, close)
      << found->explanation << "\n  closes at " << *found->closes_at
      << ", expected " << close;
  EXPECT_EQ(found->clause, rule.clause);
  EXPECT_THAT(found->explanation, HasSubstr(rule.clause));
  const std::vector<std::pair<absl::Time, bool>> moments = {
      {close - absl::Seconds(1), true},
      {close, false},
      {close + absl::Seconds(1), false}};
  for (const auto& [at, open] : moments) {
    const absl::StatusOr<bool> is_open =
        IsOpen(rule, timeline, session, at, subject);
    ASSERT_THAT(is_open, IsOk());
    EXPECT_EQ(*is_open, open) << "at " << at << ": " << found->explanation;
  }
}

// The window's close is not yet known: it waits for `anchor`.
void ExpectWaitsFor(const TimeWindowRule& rule, const StageTimeline& timeline,
                    int session, TimeAnchor anchor,
                    const WindowSubject& subject = {}) {
  const absl::StatusOr<WindowClose> found =
      FindWindowClose(rule, timeline, session, subject);
  ASSERT_THAT(found, IsOk());
  EXPECT_FALSE(found->closes_at.has_value()) << found->explanation;
  ASSERT_TRUE(found->missing.has_value()) << found->explanation;
  EXPECT_EQ(TimeAnchorId(*found->missing), TimeAnchorId(anchor))
      << found->explanation;
}

// ---------------------------------------------------------- ANC SR 6.1 --

TEST(AncSr61Test, ClosesAtTheNextSessionWhenItStartsMoreThanThirtyMinutesOn) {
  // Round 1 posted 15:10; round 2 at 16:00 is not within 30 minutes: the
  // later of 15:10 + 30 = 15:40 and 16:00 is 16:00.
  StageTimeline t;
  t.sessions = {Session("round 1", At(13, 0), At(15, 0), At(15, 10)),
                Session("round 2", At(16, 0), At(18, 0))};
  ExpectClosesAt(AncSr61(), t, 0, At(16, 0));
  EXPECT_EQ(FindWindowClose(AncSr61(), t, 0)->explanation,
            "at round 2's scheduled start, 16:00, later than 30 minutes after "
            "round 1's scores were posted at 15:10 (ANC SR 6.1)");
}

TEST(AncSr61Test, NextRoundWithinThirtyMinutesTakesTheLaterRoundsPeriod) {
  // Round 1 posted 10:35 and round 2 starts 10:40, within 30 minutes (before
  // 11:05): round 2's period applies. Round 2 posted 12:14; round 3 at 13:10
  // is after 12:44, so round 2's period ends at 13:10, and so does round 1's.
  StageTimeline t;
  t.sessions = {Session("round 1", At(9, 0), At(10, 30), At(10, 35)),
                Session("round 2", At(10, 40), At(12, 10), At(12, 14)),
                Session("round 3", At(13, 10), At(14, 40))};
  ExpectClosesAt(AncSr61(), t, 0, At(13, 10));
  ExpectClosesAt(AncSr61(), t, 1, At(13, 10));
  EXPECT_EQ(FindWindowClose(AncSr61(), t, 0)->explanation,
            "at round 3's scheduled start, 13:10, later than 30 minutes after "
            "round 2's scores were posted at 12:14; round 1's period runs on "
            "to round 2's, as round 2 starts at 10:40, before round 1's would "
            "end at 11:05 (ANC SR 6.1)");
}

TEST(AncSr61Test, ChainOfShortBreaksRunsOnToTheLastSessionOfTheStage) {
  // Each break is under 30 minutes after posting: round 1 (posted 10:35,
  // round 2 at 10:40 < 11:05), round 2 (posted 12:15, round 3 at 12:20 <
  // 12:45), round 3 (posted 13:52, round 4 at 14:00 < 14:22); round 4 is the
  // stage's last, posted 15:41: 30 minutes later, 16:11, ends all four.
  StageTimeline t;
  t.sessions = {Session("round 1", At(9, 0), At(10, 30), At(10, 35)),
                Session("round 2", At(10, 40), At(12, 10), At(12, 15)),
                Session("round 3", At(12, 20), At(13, 50), At(13, 52)),
                Session("round 4", At(14, 0), At(15, 30), At(15, 41))};
  t.sessions[3].last_of_stage = true;
  for (int round = 0; round < 4; ++round) {
    ExpectClosesAt(AncSr61(), t, round, At(16, 11));
  }
  EXPECT_THAT(FindWindowClose(AncSr61(), t, 0)->explanation,
              HasSubstr("round 1's period runs on to round 4's, as each next "
                        "session starts before the period before it would "
                        "end"));
}

TEST(AncSr61Test,
     NextSessionStartingExactlyThirtyMinutesAfterPostingIsNotWithin) {
  // Posted 10:10, round 2 at 10:40 = 10:10 + 30: not "within" 30 minutes,
  // so round 1's own period, the later of 10:40 and 10:40, applies.
  StageTimeline t;
  t.sessions = {Session("round 1", At(9, 0), At(10, 0), At(10, 10)),
                Session("round 2", At(10, 40), At(12, 10), At(12, 15)),
                Session("round 3", At(13, 30), At(15, 0))};
  ExpectClosesAt(AncSr61(), t, 0, At(10, 40));
  // One second later (10:10:01 + 30 = 10:40:01) round 2 starts within the
  // period: round 2's, the later of 12:45 and 13:30, applies.
  t.sessions[0].scores_posted = At(10, 10, 1);
  ExpectClosesAt(AncSr61(), t, 0, At(13, 30));
}

TEST(AncSr61Test, LastSessionOfAStageClosesThirtyMinutesAfterPosting) {
  // "For the last session of a stage of an event, the Correction Period
  // expires 30 minutes after the scores are made available": round 7 posted
  // 18:02 -> 18:32, though the next stage starts at 18:15.
  StageTimeline t;
  t.sessions = {Session("round 6", At(14, 0), At(15, 30), At(15, 35)),
                Session("round 7", At(16, 0), At(17, 30), At(18, 2))};
  t.sessions[1].last_of_stage = true;
  t.next_stage_start = At(18, 15);
  ExpectClosesAt(AncSr61(), t, 1, At(18, 32));
  EXPECT_EQ(FindWindowClose(AncSr61(), t, 1)->explanation,
            "30 minutes after round 7's scores were posted at 18:02, round 7 "
            "being the last session of the stage (ANC SR 6.1)");
  // Round 6 (posted 15:35; round 7 at 16:00 < 16:05) runs on to round 7's.
  ExpectClosesAt(AncSr61(), t, 0, At(18, 32));
}

TEST(AncSr61Test, WaitsForThePostingAndTheNextSessionsStart) {
  StageTimeline t;
  t.sessions = {Session("round 1", At(9, 0), At(10, 30)),
                Session("round 2", std::nullopt, std::nullopt)};
  ExpectWaitsFor(AncSr61(), t, 0, TimeAnchor::kScoresPosted);
  EXPECT_EQ(FindWindowClose(AncSr61(), t, 0)->explanation,
            "not started: round 1's scores have not been posted (ANC SR 6.1)");
  t.sessions[0].scores_posted = At(10, 35);
  ExpectWaitsFor(AncSr61(), t, 0, TimeAnchor::kNextSessionStart);
  // Open at least until 10:35 + 30 = 11:05 whenever round 2 starts.
  const WindowClose c = *FindWindowClose(AncSr61(), t, 0);
  EXPECT_EQ(c.missing_session, 1);
  EXPECT_EQ(c.open_at_least_until, At(11, 5));
  EXPECT_EQ(WindowStateAt(c, At(11, 4, 59)), WindowState::kOpen);
  EXPECT_EQ(WindowStateAt(c, At(11, 5)), WindowState::kNotYetKnown);
  // Round 2 at 10:40 is within: round 2's period, which waits for round 2's
  // scores.
  t.sessions[1].scheduled_start = At(10, 40);
  ExpectWaitsFor(AncSr61(), t, 0, TimeAnchor::kScoresPosted);
  EXPECT_EQ(FindWindowClose(AncSr61(), t, 0)->missing_session, 1);
}

// ---------------------------------------------------------- ANC SR 6.2 --

TEST(AncSr62Test, ThirtyMinutesAfterTheScheduledFinish) {
  // Round 1 scheduled to finish 10:30; round 2 at 11:10 is not within the
  // period (ends 11:00): 11:00.
  StageTimeline t;
  t.sessions = {Session("round 1", At(9, 0), At(10, 30)),
                Session("round 2", At(11, 10), At(12, 40))};
  ExpectClosesAt(AncSr62(), t, 0, At(11, 0));
  // Round 2 at exactly 11:00 starts as the period expires, not within it.
  t.sessions[1].scheduled_start = At(11, 0);
  ExpectClosesAt(AncSr62(), t, 0, At(11, 0));
}

TEST(AncSr62Test, ExtendedToTheNextRoundsTimeOfAppeal) {
  // Round 2 at 10:40 starts within round 1's period (10:30 + 30 = 11:00):
  // extended to round 2's, 12:10 + 30 = 12:40 (round 3 at 13:10 is later).
  StageTimeline t;
  t.sessions = {Session("round 1", At(9, 0), At(10, 30)),
                Session("round 2", At(10, 40), At(12, 10)),
                Session("round 3", At(13, 10), At(14, 40))};
  ExpectClosesAt(AncSr62(), t, 0, At(12, 40));
  // One second before the edge of the extension decision: round 2 at
  // 10:59:59 is still within 11:00.
  t.sessions[1].scheduled_start = At(10, 59, 59);
  ExpectClosesAt(AncSr62(), t, 0, At(12, 40));
}

TEST(AncSr62Test, LateRulingThirtyMinutesAfterThePartiesAreAdvised) {
  // A ruling on round 1 made after the session, advised 11:20: 11:50; round
  // 2 at 12:00 does not start within it.
  StageTimeline t;
  t.sessions = {Session("round 1", At(9, 0), At(10, 30)),
                Session("round 2", At(12, 0), At(13, 30)),
                Session("round 3", At(14, 30), At(16, 0))};
  ExpectClosesAt(AncSr62(), t, 0, At(11, 50), LateRuling(At(11, 20)));
  EXPECT_EQ(
      FindWindowClose(AncSr62(), t, 0, LateRuling(At(11, 20)))->explanation,
      "30 minutes after the parties were advised of the ruling at "
      "11:20, a ruling made after the session (ANC SR 6.2)");
  // Advised 11:45: 12:15 is after round 2's start (12:00), so it is extended
  // to round 2's Time of Appeal, 13:30 + 30 = 14:00.
  ExpectClosesAt(AncSr62(), t, 0, At(14, 0), LateRuling(At(11, 45)));
}

TEST(AncSr62Test, RulingAtTheTableKeepsTheSessionsWindow) {
  StageTimeline t;
  t.sessions = {Session("round 1", At(9, 0), At(10, 30)),
                Session("round 2", At(12, 0), At(13, 30))};
  WindowSubject at_table;
  at_table.ruling = RulingTimes{false, At(10, 10)};
  ExpectClosesAt(AncSr62(), t, 0, At(11, 0), at_table);
}

TEST(AncSr62Test, LateRulingWaitsForThePartiesToBeAdvised) {
  StageTimeline t;
  t.sessions = {Session("round 1", At(9, 0), At(10, 30)),
                Session("round 2", At(12, 0), At(13, 30))};
  ExpectWaitsFor(AncSr62(), t, 0, TimeAnchor::kRulingAdvised,
                 LateRuling(std::nullopt));
  EXPECT_EQ(
      FindWindowClose(AncSr62(), t, 0, LateRuling(std::nullopt))->explanation,
      "not started: the parties have not been advised of the ruling "
      "(ANC SR 6.2)");
}

// --------------------------------------------------------- ANC SR 10.13 --

TEST(AncSr1013Test, ThirtyMinutesAfterTheMatchConcludes) {
  // Round 3, match 2 concluded at both tables 16:42: requests by 17:12.
  StageTimeline t;
  t.sessions = {Session("round 3", At(14, 30), At(16, 30))};
  t.sessions[0].matches.resize(2);
  t.sessions[0].matches[1].concluded = At(16, 42);
  ExpectClosesAt(AncSr1013(), t, 0, At(17, 12), Match(1));
  EXPECT_EQ(FindWindowClose(AncSr1013(), t, 0, Match(1))->explanation,
            "30 minutes after match 2 of round 3 concluded at 16:42 "
            "(ANC SR 10.13)");
  ExpectWaitsFor(AncSr1013(), t, 0, TimeAnchor::kMatchConcluded, Match(0));
  EXPECT_THAT(FindWindowClose(AncSr1013(), t, 0),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("ANC SR 10.13: the window runs from a "
                                 "match's own times")));
}

// ------------------------------------------------------------- SABF TR --

TEST(SabfTr8Test, TwentyFourHoursAfterPosting) {
  // Posted Saturday 22:10: until Sunday 22:10.
  StageTimeline t;
  t.sessions = {Session("session 1", At(19, 30), At(22, 0), At(22, 10))};
  ExpectClosesAt(SabfTr8(), t, 0, At(22, 10, 0, 13));
  EXPECT_EQ(FindWindowClose(SabfTr8(), t, 0)->explanation,
            "24 hours after session 1's scores were posted at 22:10 "
            "(SABF TR 8)");
}

TEST(SabfTr13_9Test, ScorerErrorsUntilThirtyMinutesAfterTheLastRound) {
  // Round 2's scorer errors: until 30 minutes after the last round (round 7)
  // is posted, 17:45 + 30 = 18:15.
  StageTimeline t;
  for (int r = 1; r <= 7; ++r) {
    t.sessions.push_back(Session("", At(8 + r, 0), At(8 + r, 50)));
  }
  ExpectWaitsFor(SabfTr13_9(), t, 1, TimeAnchor::kLastRoundPosted);
  t.sessions[6].last_of_stage = true;
  ExpectWaitsFor(SabfTr13_9(), t, 1, TimeAnchor::kLastRoundPosted);
  t.sessions[6].scores_posted = At(17, 45);
  ExpectClosesAt(SabfTr13_9(), t, 1, At(18, 15));
  ExpectClosesAt(SabfTr13_9(), t, 6, At(18, 15));
}

TEST(SabfTr7Test, AppealsWithinThirtyMinutesOfTheScheduledFinish) {
  StageTimeline t;
  t.sessions = {Session("session 1", At(19, 30), At(22, 30), At(22, 45))};
  ExpectClosesAt(SabfTr7Review(), t, 0, At(23, 0));
}

TEST(SabfTr7Test, ScorersDecisionsWithinOneWeekOfPosting) {
  // Posted Saturday 12 July 22:45: until Saturday 19 July 22:45.
  StageTimeline t;
  t.sessions = {Session("session 1", At(19, 30), At(22, 30), At(22, 45))};
  ExpectClosesAt(SabfTr7ScorerAppeal(), t, 0, At(22, 45, 0, 19));
  EXPECT_EQ(FindWindowClose(SabfTr7ScorerAppeal(), t, 0)->explanation,
            "1 week after session 1's scores were posted at 22:45 "
            "(SABF TR 7)");
  t.sessions[0].scores_posted.reset();
  ExpectWaitsFor(SabfTr7ScorerAppeal(), t, 0, TimeAnchor::kScoresPosted);
}

// -------------------------------------------------------------- NSW TR --

TEST(NswTr12_2Test, LaterOfThirtyAfterPostingAndThirtyBeforeTheNextSession) {
  // Session 1 posted 16:10, session 2 at 19:30: the later of 16:40 and
  // 19:00 is 19:00.
  StageTimeline t;
  t.sessions = {Session("session 1", At(13, 0), At(16, 0), At(16, 10)),
                Session("session 2", At(19, 30), At(22, 30))};
  ExpectClosesAt(NswTr12_2Pairs(), t, 0, At(19, 0));
  EXPECT_EQ(FindWindowClose(NswTr12_2Pairs(), t, 0)->explanation,
            "30 minutes before session 2's scheduled start at 19:30, later "
            "than 30 minutes after session 1's scores were posted at 16:10 "
            "(NSW TR 12.2, 12.4)");
  // Posted 18:50: the later of 19:20 and 19:00 is 19:20.
  t.sessions[0].scores_posted = At(18, 50);
  ExpectClosesAt(NswTr12_2Pairs(), t, 0, At(19, 20));
}

TEST(NswTr12_2Test, TeamsAndButlerThirtyMinutesAfterTheMatchScoresAgreed) {
  StageTimeline t;
  t.sessions = {Session("round 3", At(13, 0), At(15, 0))};
  t.sessions[0].matches.resize(3);
  t.sessions[0].matches[0].scores_agreed = At(15, 20);
  ExpectClosesAt(NswTr12_2Matches(), t, 0, At(15, 50), Match(0));
  ExpectWaitsFor(NswTr12_2Matches(), t, 0, TimeAnchor::kMatchScoresAgreed,
                 Match(2));
}

TEST(NswTr12_4Test, ResultsOfficialThirtyMinutesAfterTheFinalPosting) {
  // The event's last session (no next session, no next stage): 12.2's next
  // session never comes, so 22:40 + 30 = 23:10 (12.4).
  StageTimeline t;
  t.sessions = {Session("session 1", At(13, 0), At(16, 0), At(16, 10)),
                Session("session 2", At(19, 30), At(22, 30), At(22, 40))};
  t.sessions[1].last_of_stage = true;
  t.final_stage = true;
  ExpectClosesAt(NswTr12_2Pairs(), t, 1, At(23, 10));
  // Scorer errors in either session: until the results become official.
  ExpectClosesAt(NswTr12_3(), t, 0, At(23, 10));
  ExpectClosesAt(NswTr12_3(), t, 1, At(23, 10));
}

TEST(NswTr12_2Test, LastSessionOfAStageBeforeTheNextStageIsNotTheEventsEnd) {
  // Qualifying ends with session 2 posted 17:10; the final stage starts
  // 19:30: 12.2's next session is the final's first, so the later of 17:40
  // and 19:00.
  StageTimeline t;
  t.sessions = {Session("session 1", At(10, 0), At(13, 0), At(13, 10)),
                Session("session 2", At(14, 0), At(17, 0), At(17, 10))};
  t.sessions[1].last_of_stage = true;
  t.next_stage_start = At(19, 30);
  ExpectClosesAt(NswTr12_2Pairs(), t, 1, At(19, 0));
}

TEST(NswTr12_3Test, ScorerErrorsUntilTheNextStageStarts) {
  // Qualifying of two sessions posted by 17:10 Saturday; the final starts
  // Sunday 10:00: the later of Sunday 10:00 and 17:40 Saturday.
  StageTimeline t;
  t.sessions = {Session("session 1", At(10, 0), At(13, 0), At(13, 10)),
                Session("session 2", At(14, 0), At(17, 0))};
  ExpectWaitsFor(NswTr12_3(), t, 0, TimeAnchor::kNextStageStart);
  t.next_stage_start = At(10, 0, 0, 13);
  ExpectWaitsFor(NswTr12_3(), t, 0, TimeAnchor::kLastRoundPosted);
  const WindowClose waiting = *FindWindowClose(NswTr12_3(), t, 0);
  EXPECT_EQ(waiting.open_at_least_until, At(10, 0, 0, 13));
  t.sessions[1].last_of_stage = true;
  t.sessions[1].scores_posted = At(17, 10);
  ExpectClosesAt(NswTr12_3(), t, 0, At(10, 0, 0, 13));
  ExpectClosesAt(NswTr12_3(), t, 1, At(10, 0, 0, 13));
}

TEST(NswLaw92BTest, ThirtyMinutesAfterTheOfficialScoreIsAvailable) {
  StageTimeline t;
  t.sessions = {Session("session 1", At(13, 0), At(16, 0), At(16, 12))};
  ExpectClosesAt(NswLaw92B(), t, 0, At(16, 42));
}

// ----------------------------------------------------------- NZ LIRG 92B --

TEST(NzLirg92BTest, ThirtyMinutesAfterTheOfficialEndOfTheSession) {
  StageTimeline t;
  t.sessions = {Session("stanza 2", At(19, 0), At(21, 0)),
                Session("stanza 3", At(21, 15), At(23, 0))};
  // No extension in the NZ LIRG: 21:00 + 30, though stanza 3 starts 21:15.
  ExpectClosesAt(NzLirg92B(), t, 0, At(21, 30));
}

TEST(NzLirg92BTest, LateRulingExpiresForEachParty) {
  // "expires for each party 30 minutes after they were officially advised":
  // one side advised 21:40 (22:10), the other 21:55 (22:25).
  StageTimeline t;
  t.sessions = {Session("stanza 2", At(19, 0), At(21, 0))};
  ExpectClosesAt(NzLirg92B(), t, 0, At(22, 10), LateRuling(At(21, 40)));
  ExpectClosesAt(NzLirg92B(), t, 0, At(22, 25), LateRuling(At(21, 55)));
}

}  // namespace
}  // namespace tally::core
