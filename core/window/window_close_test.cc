// How FindWindowClose reads a TimeWindowRule, on small hand-made rules: the
// later-of lists, negative minutes, the closing instant, the extension into
// the next session (its boundary, its chains, never across a stage, never
// shorter), points that never come, and the errors.

#include "core/window/window_close.h"

#include <optional>

#include "absl/status/status.h"
#include "absl/time/civil_time.h"
#include "absl/time/time.h"
#include "core/base/status_matchers.h"
#include "core/profile/profile.h"
#include "core/window/timeline.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

absl::Time At(int hour, int minute, int second = 0) {
  return absl::FromCivil(absl::CivilSecond(2025, 7, 12, hour, minute, second),
                         absl::UTCTimeZone());
}

TimeWindowRule Rule(std::vector<TimePoint> points, bool extends = false) {
  TimeWindowRule r;
  r.kind = TimeWindowKind::kCorrectionPeriod;
  r.clause = "Test 1.1";
  r.ends_at_latest_of = std::move(points);
  r.extends_into_next_session = extends;
  return r;
}

SessionTimes Session(std::optional<absl::Time> start,
                     std::optional<absl::Time> end,
                     std::optional<absl::Time> posted = std::nullopt) {
  SessionTimes s;
  s.scheduled_start = start;
  s.scheduled_end = end;
  s.scores_posted = posted;
  return s;
}

absl::Time CloseOf(const TimeWindowRule& rule, const StageTimeline& t,
                   int session) {
  const absl::StatusOr<WindowClose> c = FindWindowClose(rule, t, session);
  EXPECT_THAT(c, IsOk());
  if (!c.ok() || !c->closes_at.has_value()) return absl::InfinitePast();
  return *c->closes_at;
}

TEST(WindowCloseTest, ClosingInstantItselfIsClosed) {
  // 20:31 + 30 = 21:01: open at 21:00:59, closed at 21:01:00 and after.
  StageTimeline t;
  t.sessions = {Session(At(18, 0), At(20, 0), At(20, 31))};
  const TimeWindowRule rule = Rule({{TimeAnchor::kScoresPosted, 30}});
  const WindowClose c = *FindWindowClose(rule, t, 0);
  EXPECT_EQ(c.closes_at, At(21, 1));
  EXPECT_EQ(WindowStateAt(c, At(21, 0, 59)), WindowState::kOpen);
  EXPECT_EQ(WindowStateAt(c, At(21, 1)), WindowState::kClosed);
  EXPECT_EQ(WindowStateAt(c, At(21, 1, 1)), WindowState::kClosed);
  EXPECT_TRUE(*IsOpen(rule, t, 0, At(21, 0, 59)));
  EXPECT_FALSE(*IsOpen(rule, t, 0, At(21, 1)));
  EXPECT_EQ(c.explanation,
            "30 minutes after session 1's scores were posted at 20:31 "
            "(Test 1.1)");
}

TEST(WindowCloseTest, LaterOfPicksTheLatestPointWhicheverIsListedFirst) {
  // Posted 20:31 (+30 = 21:01); session 2 starts 21:40 (-30 = 21:10).
  StageTimeline t;
  t.sessions = {Session(At(18, 0), At(20, 0), At(20, 31)),
                Session(At(21, 40), At(23, 0))};
  EXPECT_EQ(CloseOf(Rule({{TimeAnchor::kScoresPosted, 30},
                          {TimeAnchor::kNextSessionStart, -30}}),
                    t, 0),
            At(21, 10));
  EXPECT_EQ(CloseOf(Rule({{TimeAnchor::kNextSessionStart, -30},
                          {TimeAnchor::kScoresPosted, 30}}),
                    t, 0),
            At(21, 10));
  // Session 2 at 21:20 (-30 = 20:50): posting + 30 is later.
  t.sessions[1].scheduled_start = At(21, 20);
  EXPECT_EQ(CloseOf(Rule({{TimeAnchor::kScoresPosted, 30},
                          {TimeAnchor::kNextSessionStart, -30}}),
                    t, 0),
            At(21, 1));
}

TEST(WindowCloseTest, NamesTheFirstMissingAnchorAndTheKnownLowerBound) {
  StageTimeline t;
  t.sessions = {Session(At(18, 0), At(20, 0)),
                Session(At(21, 40), std::nullopt)};
  const TimeWindowRule rule = Rule(
      {{TimeAnchor::kScoresPosted, 30}, {TimeAnchor::kNextSessionStart, -30}});
  const WindowClose c = *FindWindowClose(rule, t, 0);
  EXPECT_FALSE(c.closes_at.has_value());
  EXPECT_EQ(c.missing, TimeAnchor::kScoresPosted);
  EXPECT_EQ(c.missing_session, 0);
  // 21:40 - 30 = 21:10 is known: open at least until then.
  EXPECT_EQ(c.open_at_least_until, At(21, 10));
  EXPECT_EQ(c.explanation,
            "session 1's scores have not been posted; open at least until "
            "21:10 (Test 1.1)");
  EXPECT_EQ(WindowStateAt(c, At(21, 9, 59)), WindowState::kOpen);
  EXPECT_EQ(WindowStateAt(c, At(21, 10)), WindowState::kNotYetKnown);
  EXPECT_FALSE(*IsOpen(rule, t, 0, At(21, 10)));
}

TEST(WindowCloseTest, EachAnchorMissingIsNamed) {
  StageTimeline t;
  t.sessions = {Session(std::nullopt, std::nullopt)};
  t.sessions[0].matches.resize(1);
  WindowSubject match;
  match.match = 0;
  const struct {
    TimeAnchor anchor;
    const char* text;
  } cases[] = {
      {TimeAnchor::kScoresPosted,
       "not started: session 1's scores have not been posted"},
      {TimeAnchor::kNextSessionStart,
       "no session after session 1 is scheduled yet"},
      {TimeAnchor::kSessionScheduledEnd,
       "session 1's scheduled end is not set"},
      {TimeAnchor::kRulingAdvised,
       "not started: the parties have not been advised of the ruling"},
      {TimeAnchor::kMatchConcluded,
       "not started: match 1 of session 1 has not concluded"},
      {TimeAnchor::kMatchScoresAgreed,
       "not started: the scores of match 1 of session 1 have not been "
       "agreed"},
      {TimeAnchor::kLastRoundPosted,
       "the last round's scores have not been posted"},
      {TimeAnchor::kNextStageStart,
       "the next stage's start is not scheduled yet"},
  };
  for (const auto& c : cases) {
    const absl::StatusOr<WindowClose> found =
        FindWindowClose(Rule({{c.anchor, 30}}), t, 0, match);
    ASSERT_THAT(found, IsOk()) << TimeAnchorId(c.anchor);
    EXPECT_EQ(found->missing, c.anchor) << TimeAnchorId(c.anchor);
    EXPECT_EQ(found->explanation, std::string(c.text) + " (Test 1.1)");
  }
}

TEST(WindowCloseTest, ExtensionOnlyWhenTheNextSessionStartsStrictlyBefore) {
  // Session 1's own window: 10:30 + 30 = 11:00. Session 2's: 12:40.
  const TimeWindowRule rule =
      Rule({{TimeAnchor::kSessionScheduledEnd, 30}}, /*extends=*/true);
  StageTimeline t;
  t.sessions = {Session(At(9, 0), At(10, 30)), Session(At(11, 0), At(12, 10)),
                Session(At(14, 0), At(15, 0))};
  EXPECT_EQ(CloseOf(rule, t, 0), At(11, 0));  // starts at the close: not within
  t.sessions[1].scheduled_start = At(10, 59, 59);
  EXPECT_EQ(CloseOf(rule, t, 0), At(12, 40));  // one second inside
}

// Issue #16 defect 1(a). ANC SR 6.2: a late ruling's "30 minutes after the
// parties are advised ... unless the next round/stanza/session is scheduled
// to commence within that period". Session 1 09:30-11:30, session 2 from
// 11:45, advised at 12:10: session 2 began before the period did, so the
// window closes at 12:40, not at session 2's 14:15 (13:45 + 30).
TEST(WindowCloseTest, ExtensionOnlyForANextSessionStartingWithinThePeriod) {
  TimeWindowRule rule =
      Rule({{TimeAnchor::kSessionScheduledEnd, 30}}, /*extends=*/true);
  rule.late_ruling_ends_at_latest_of = {{TimeAnchor::kRulingAdvised, 30}};
  StageTimeline t;
  t.sessions = {Session(At(9, 30), At(11, 30)), Session(At(11, 45), At(13, 45)),
                Session(At(16, 0), At(18, 0))};
  WindowSubject late;
  late.ruling = RulingTimes{.made_after_session = true, .advised = At(12, 10)};
  const absl::StatusOr<WindowClose> c = FindWindowClose(rule, t, 0, late);
  ASSERT_THAT(c, IsOk());
  EXPECT_EQ(c->closes_at, At(12, 40));
  // Advised at 11:40, session 2's 11:45 start is within 11:40-12:10: the
  // period runs on to session 2's own (14:15).
  late.ruling->advised = At(11, 40);
  EXPECT_EQ(FindWindowClose(rule, t, 0, late)->closes_at, At(14, 15));
  // The session's own review window: 11:45 is within 11:30-12:00.
  EXPECT_EQ(CloseOf(rule, t, 0), At(14, 15));
}

TEST(WindowCloseTest, ExtensionWaitsForTheNextSessionsStart) {
  const TimeWindowRule rule =
      Rule({{TimeAnchor::kSessionScheduledEnd, 30}}, /*extends=*/true);
  StageTimeline t;
  t.sessions = {Session(At(9, 0), At(10, 30))};
  const WindowClose c = *FindWindowClose(rule, t, 0);
  EXPECT_EQ(c.missing, TimeAnchor::kNextSessionStart);
  EXPECT_EQ(c.missing_session, 1);
  EXPECT_EQ(c.open_at_least_until, At(11, 0));
  EXPECT_EQ(c.explanation,
            "no session after session 1 is scheduled yet (session 1's period "
            "runs on if the next session starts before 11:00); open at least "
            "until 11:00 (Test 1.1)");
  // The stage's last session does not wait: nothing follows within it.
  t.sessions[0].last_of_stage = true;
  EXPECT_EQ(CloseOf(rule, t, 0), At(11, 0));
}

TEST(WindowCloseTest, ExtensionNeverCrossesIntoTheNextStage) {
  // The stage's last session ends 10:30; the next stage starts 10:40, within
  // 11:00, but its windows are its own profile's.
  const TimeWindowRule rule =
      Rule({{TimeAnchor::kSessionScheduledEnd, 30}}, /*extends=*/true);
  StageTimeline t;
  t.sessions = {Session(At(9, 0), At(10, 30))};
  t.sessions[0].last_of_stage = true;
  t.next_stage_start = At(10, 40);
  EXPECT_EQ(CloseOf(rule, t, 0), At(11, 0));
}

TEST(WindowCloseTest, ExtensionNeverShortensTheWindow) {
  // Session 1's window: posted 12:00 + 30 = 12:30. Session 2 starts 12:10
  // (within) but its own window closed earlier: posted 11:50 + 30 = 12:20.
  const TimeWindowRule rule =
      Rule({{TimeAnchor::kScoresPosted, 30}}, /*extends=*/true);
  StageTimeline t;
  t.sessions = {Session(At(9, 0), At(10, 0), At(12, 0)),
                Session(At(12, 10), At(13, 0), At(11, 50))};
  t.sessions[1].last_of_stage = true;
  EXPECT_EQ(CloseOf(rule, t, 0), At(12, 30));
}

TEST(WindowCloseTest, NextSessionStartAfterTheStagesLastIsTheNextStages) {
  const TimeWindowRule rule = Rule(
      {{TimeAnchor::kScoresPosted, 30}, {TimeAnchor::kNextSessionStart, -30}});
  StageTimeline t;
  t.sessions = {Session(At(9, 0), At(12, 0), At(12, 10))};
  t.sessions[0].last_of_stage = true;
  // A next stage may still come: its start is what is missing.
  const WindowClose waiting = *FindWindowClose(rule, t, 0);
  EXPECT_EQ(waiting.missing, TimeAnchor::kNextStageStart);
  // Next stage at 14:00: the later of 12:40 and 13:30.
  t.next_stage_start = At(14, 0);
  EXPECT_EQ(CloseOf(rule, t, 0), At(13, 30));
  // No stage follows: that point never comes, 12:40.
  t.final_stage = true;
  EXPECT_EQ(CloseOf(rule, t, 0), At(12, 40));
}

TEST(WindowCloseTest, AWindowWhosePointsNeverComeIsAnError) {
  StageTimeline t;
  t.sessions = {Session(At(9, 0), At(12, 0), At(12, 10))};
  t.final_stage = true;
  EXPECT_THAT(
      FindWindowClose(Rule({{TimeAnchor::kNextStageStart, 0}}), t, 0),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("Test 1.1: session 1's window would never close")));
}

TEST(WindowCloseTest, RefusesBadQuestions) {
  StageTimeline t;
  t.sessions = {Session(At(9, 0), At(12, 0), At(12, 10))};
  const TimeWindowRule rule = Rule({{TimeAnchor::kScoresPosted, 30}});
  EXPECT_THAT(FindWindowClose(rule, t, 1),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("no session 2: the timeline lists 1")));
  EXPECT_THAT(FindWindowClose(rule, t, -1),
              StatusIs(absl::StatusCode::kInvalidArgument));
  WindowSubject match;
  match.match = 0;
  EXPECT_THAT(FindWindowClose(rule, t, 0, match),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("no match 1 in session 1, which lists 0")));
  EXPECT_THAT(FindWindowClose(Rule({}), t, 0),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("Test 1.1: the window has no end point")));
  t.sessions.push_back(Session(At(8, 0), At(9, 0)));
  EXPECT_THAT(
      FindWindowClose(rule, t, 0),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("order of play")));
}

TEST(WindowCloseTest, RunsFromMatchTimesLooksAtEveryList) {
  TimeWindowRule rule = Rule({{TimeAnchor::kScoresPosted, 30}});
  EXPECT_FALSE(RunsFromMatchTimes(rule));
  rule.last_session_ends_at_latest_of = {{TimeAnchor::kMatchScoresAgreed, 30}};
  EXPECT_TRUE(RunsFromMatchTimes(rule));
  EXPECT_TRUE(RunsFromMatchTimes(Rule({{TimeAnchor::kMatchConcluded, 30}})));
}

TEST(WindowCloseTest, ClockTimesAreTheTimelinesLocalTime) {
  // 10:31 UTC is 20:31 in Sydney (AEST, UTC+10, in July).
  StageTimeline t;
  t.zone = absl::FixedTimeZone(10 * 60 * 60);
  t.sessions = {Session(At(8, 0), At(10, 0), At(10, 31, 15))};
  EXPECT_EQ(FindWindowClose(Rule({{TimeAnchor::kScoresPosted, 30}}), t, 0)
                ->explanation,
            "30 minutes after session 1's scores were posted at 20:31:15 "
            "(Test 1.1)");
}

TEST(WindowStateIdTest, NamesEachState) {
  EXPECT_EQ(WindowStateId(WindowState::kOpen), "open");
  EXPECT_EQ(WindowStateId(WindowState::kClosed), "closed");
  EXPECT_EQ(WindowStateId(WindowState::kNotYetKnown), "not_yet_known");
}

}  // namespace
}  // namespace tally::core
