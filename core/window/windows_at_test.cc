#include "core/window/windows_at.h"

#include <string>
#include <vector>

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
using ::testing::ElementsAre;

absl::Time At(int hour, int minute, int day = 12) {
  return absl::FromCivil(absl::CivilMinute(2025, 7, day, hour, minute),
                         absl::UTCTimeZone());
}

// The windows of anc2025_itc_qualifying.textproto: ANC SR 6.1, 6.2, 10.13.
RegulationProfile ItcQualifyingWindows() {
  RegulationProfile p;
  TimeWindowRule correction;
  correction.kind = TimeWindowKind::kCorrectionPeriod;
  correction.clause = "ANC SR 6.1";
  correction.ends_at_latest_of = {{TimeAnchor::kScoresPosted, 30},
                                  {TimeAnchor::kNextSessionStart, 0}};
  correction.last_session_ends_at_latest_of = {{TimeAnchor::kScoresPosted, 30}};
  correction.extends_into_next_session = true;
  TimeWindowRule review;
  review.kind = TimeWindowKind::kRulingReview;
  review.clause = "ANC SR 6.2";
  review.ends_at_latest_of = {{TimeAnchor::kSessionScheduledEnd, 30}};
  review.late_ruling_ends_at_latest_of = {{TimeAnchor::kRulingAdvised, 30}};
  review.extends_into_next_session = true;
  TimeWindowRule discrepancy;
  discrepancy.kind = TimeWindowKind::kMatchResultDiscrepancy;
  discrepancy.clause = "ANC SR 10.13";
  discrepancy.ends_at_latest_of = {{TimeAnchor::kMatchConcluded, 30}};
  p.time_windows = {correction, review, discrepancy};
  return p;
}

TEST(TimeWindowsAtTest, EveryWindowOfEveryRoundAndMatchAtAMoment) {
  // Round 1 09:30-11:30, posted 11:40; match 1 concluded 11:25, match 2
  // 11:50. Round 2 12:30-14:30, drawn (two matches), nothing else yet. At
  // 12:05:
  // - round 1 correction: the later of 11:40 + 30 = 12:10 and round 2's start
  //   12:30, which is not before 12:30: open until 12:30;
  // - round 1 review: 11:30 + 30 = 12:00 (round 2 at 12:30 is not within):
  //   closed;
  // - 10.13: match 1 11:55, closed; match 2 12:20, open;
  // - round 2 correction: its scores are not posted;
  // - round 2 review: 14:30 + 30 = 15:00 at least (round 3 not scheduled);
  // - round 2's matches have not concluded.
  StageTimeline t;
  t.sessions.resize(2);
  t.sessions[0].name = "round 1";
  t.sessions[0].scheduled_start = At(9, 30);
  t.sessions[0].scheduled_end = At(11, 30);
  t.sessions[0].scores_posted = At(11, 40);
  t.sessions[0].matches.resize(2);
  t.sessions[0].matches[0].concluded = At(11, 25);
  t.sessions[0].matches[1].concluded = At(11, 50);
  t.sessions[1].name = "round 2";
  t.sessions[1].scheduled_start = At(12, 30);
  t.sessions[1].scheduled_end = At(14, 30);
  t.sessions[1].matches.resize(2);

  const absl::StatusOr<std::vector<TimeWindowAt>> windows =
      TimeWindowsAt(ItcQualifyingWindows(), t, At(12, 5));
  ASSERT_THAT(windows, IsOk());
  std::vector<std::string> lines;
  std::vector<WindowState> states;
  for (const TimeWindowAt& w : *windows) {
    lines.push_back(w.line);
    states.push_back(w.state);
  }
  EXPECT_THAT(
      lines,
      ElementsAre(
          "round 1, correction period: open until 12:30 UTC - at round 2's "
          "scheduled start, 12:30, later than 30 minutes after round 1's "
          "scores were posted at 11:40 (ANC SR 6.1)",
          "round 1, review of rulings: closed at 12:00 UTC - 30 minutes after "
          "round 1's scheduled end at 11:30 (ANC SR 6.2)",
          "round 1, match 1, result-sheet discrepancies: closed at 11:55 UTC - "
          "30 "
          "minutes after match 1 of round 1 concluded at 11:25 (ANC SR 10.13)",
          "round 1, match 2, result-sheet discrepancies: open until 12:20 UTC "
          "- "
          "30 minutes after match 2 of round 1 concluded at 11:50 (ANC SR "
          "10.13)",
          "round 2, correction period: not yet known - not started: round 2's "
          "scores have not been posted (ANC SR 6.1)",
          "round 2, review of rulings: open, close not yet known - no session "
          "after round 2 is scheduled yet (round 2's period runs on if the "
          "next session starts before 15:00); open at least until 15:00 (ANC "
          "SR 6.2)",
          "round 2, match 1, result-sheet discrepancies: not yet known - not "
          "started: match 1 of round 2 has not concluded (ANC SR 10.13)",
          "round 2, match 2, result-sheet discrepancies: not yet known - not "
          "started: match 2 of round 2 has not concluded (ANC SR 10.13)"));
  EXPECT_THAT(states, ElementsAre(WindowState::kOpen, WindowState::kClosed,
                                  WindowState::kClosed, WindowState::kOpen,
                                  WindowState::kNotYetKnown, WindowState::kOpen,
                                  WindowState::kNotYetKnown,
                                  WindowState::kNotYetKnown));
  EXPECT_EQ((*windows)[3].session, 0);
  EXPECT_EQ((*windows)[3].match, 1);
  EXPECT_EQ((*windows)[3].close.closes_at, At(12, 20));
}

TEST(TimeWindowsAtTest, ACloseOnAnotherDayIsWrittenWithItsDate) {
  // SABF TR 8: posted Saturday 22:10, open until Sunday 22:10.
  RegulationProfile p;
  TimeWindowRule correction;
  correction.kind = TimeWindowKind::kCorrectionPeriod;
  correction.clause = "SABF TR 8";
  correction.ends_at_latest_of = {{TimeAnchor::kScoresPosted, 1440}};
  p.time_windows = {correction};
  StageTimeline t;
  t.sessions.resize(1);
  t.sessions[0].scores_posted = At(22, 10);
  const absl::StatusOr<std::vector<TimeWindowAt>> windows =
      TimeWindowsAt(p, t, At(23, 0));
  ASSERT_THAT(windows, IsOk());
  ASSERT_EQ(windows->size(), 1u);
  EXPECT_EQ(
      (*windows)[0].line,
      "session 1, correction period: open until 2025-07-13 22:10 UTC - 24 "
      "hours after session 1's scores were posted at 22:10 (SABF TR 8)");
}

TEST(TimeWindowKindNameTest, NamesEachKind) {
  EXPECT_EQ(TimeWindowKindName(TimeWindowKind::kScorerErrorCorrection),
            "scorer's errors");
  EXPECT_EQ(TimeWindowKindName(TimeWindowKind::kScorerDecisionAppeal),
            "appeal against the scorer's decisions");
}

}  // namespace
}  // namespace tally::core
