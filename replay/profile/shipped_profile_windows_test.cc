// The windows of the shipped profiles as loaded from their textprotos
// (core/profile/profiles/*.textproto), computed by core/window on one
// hand-worked timeline: a finished three-session stage. Each profile's own
// clauses are tested edge by edge in core/window/shipped_windows_test.cc;
// this checks the files say what those tests assume.
//
// The timeline, Saturday 12 July 2025 (UTC):
//   session 1  09:00-10:30, posted 10:35; its match concluded 10:25, scores
//              agreed 10:40
//   session 2  11:30-13:00, posted 13:05
//   session 3  14:00-15:30, posted 15:40, the stage's last

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/time/civil_time.h"
#include "absl/time/time.h"
#include "core/base/status_matchers.h"
#include "core/profile/profile.h"
#include "core/window/timeline.h"
#include "core/window/window_close.h"
#include "core/window/windows_at.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/profile/profile_loader.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;

absl::Time At(int hour, int minute, int day = 12) {
  return absl::FromCivil(absl::CivilMinute(2025, 7, day, hour, minute),
                         absl::UTCTimeZone());
}

core::StageTimeline FinishedStage() {
  core::StageTimeline t;
  const int starts[3][2] = {{9, 0}, {11, 30}, {14, 0}};
  const int ends[3][2] = {{10, 30}, {13, 0}, {15, 30}};
  const int posted[3][2] = {{10, 35}, {13, 5}, {15, 40}};
  for (int s = 0; s < 3; ++s) {
    core::SessionTimes session;
    session.scheduled_start = At(starts[s][0], starts[s][1]);
    session.scheduled_end = At(ends[s][0], ends[s][1]);
    session.scores_posted = At(posted[s][0], posted[s][1]);
    core::MatchTimes match;
    match.concluded = session.scheduled_end.value() - absl::Minutes(5);
    match.scores_agreed = session.scheduled_end.value() + absl::Minutes(10);
    session.matches.push_back(match);
    t.sessions.push_back(session);
  }
  t.sessions[2].last_of_stage = true;
  t.final_stage = true;
  return t;
}

// The close of `profile`'s window of `kind` for `session` (match 1 where the
// window runs from a match's times); InfinitePast if it has none or it is
// not known.
absl::Time CloseOf(const core::RegulationProfile& profile,
                   core::TimeWindowKind kind, const core::StageTimeline& t,
                   int session) {
  for (const core::TimeWindowRule& rule : profile.time_windows) {
    if (rule.kind != kind) continue;
    core::WindowSubject subject;
    if (core::RunsFromMatchTimes(rule)) subject.match = 0;
    const absl::StatusOr<core::WindowClose> close =
        core::FindWindowClose(rule, t, session, subject);
    EXPECT_THAT(close, IsOk()) << profile.name;
    if (!close.ok()) return absl::InfinitePast();
    if (close->closes_at.has_value()) return *close->closes_at;
    ADD_FAILURE() << profile.name << ": " << close->explanation;
  }
  return absl::InfinitePast();
}

bool Has(const core::RegulationProfile& profile, core::TimeWindowKind kind) {
  for (const core::TimeWindowRule& rule : profile.time_windows) {
    if (rule.kind == kind) return true;
  }
  return false;
}

TEST(ShippedProfileWindowsTest, EveryWindowClosesOnceTheStageIsFinished) {
  const core::StageTimeline t = FinishedStage();
  for (const auto& [name, text] : BuiltInProfileTexts()) {
    const absl::StatusOr<core::RegulationProfile> p = FindBuiltInProfile(name);
    ASSERT_THAT(p, IsOk()) << name;
    const absl::StatusOr<std::vector<core::TimeWindowAt>> windows =
        core::TimeWindowsAt(*p, t, At(12, 0));
    ASSERT_THAT(windows, IsOk()) << name;
    for (const core::TimeWindowAt& w : *windows) {
      EXPECT_TRUE(w.close.closes_at.has_value()) << name << ": " << w.line;
    }
  }
}

TEST(ShippedProfileWindowsTest, AncProfilesFollowSixOneSixTwoAndTenThirteen) {
  const core::StageTimeline t = FinishedStage();
  for (const auto& [name, text] : BuiltInProfileTexts()) {
    if (!absl::StartsWith(name, "anc2025_")) continue;
    const core::RegulationProfile p = *FindBuiltInProfile(name);
    using K = core::TimeWindowKind;
    // 6.1: the later of 10:35 + 30 = 11:05 and session 2's start 11:30;
    // session 2: of 13:35 and 14:00; the last session: 15:40 + 30.
    EXPECT_EQ(CloseOf(p, K::kCorrectionPeriod, t, 0), At(11, 30)) << name;
    EXPECT_EQ(CloseOf(p, K::kCorrectionPeriod, t, 1), At(14, 0)) << name;
    EXPECT_EQ(CloseOf(p, K::kCorrectionPeriod, t, 2), At(16, 10)) << name;
    // 6.2: 10:30 + 30 = 11:00; session 2 at 11:30 is not within it.
    EXPECT_EQ(CloseOf(p, K::kRulingReview, t, 0), At(11, 0)) << name;
    // 10.13, the ITC qualifying only: concluded 10:25 + 30.
    EXPECT_EQ(Has(p, K::kMatchResultDiscrepancy),
              name == "anc2025_itc_qualifying");
    if (Has(p, K::kMatchResultDiscrepancy)) {
      EXPECT_EQ(CloseOf(p, K::kMatchResultDiscrepancy, t, 0), At(10, 55));
    }
  }
}

TEST(ShippedProfileWindowsTest, SabfProfilesFollowSevenEightAndThirteenNine) {
  const core::StageTimeline t = FinishedStage();
  for (const auto& [name, text] : BuiltInProfileTexts()) {
    if (!absl::StartsWith(name, "sabf_")) continue;
    const core::RegulationProfile p = *FindBuiltInProfile(name);
    using K = core::TimeWindowKind;
    // 8: 24 hours after 10:35. 7: 30 minutes after the scheduled finish
    // (10:30); the scorer's decisions a week after 10:35.
    EXPECT_EQ(CloseOf(p, K::kCorrectionPeriod, t, 0), At(10, 35, 13)) << name;
    EXPECT_EQ(CloseOf(p, K::kRulingReview, t, 0), At(11, 0)) << name;
    EXPECT_EQ(CloseOf(p, K::kScorerDecisionAppeal, t, 0), At(10, 35, 19))
        << name;
    // 13.9 (teams, and Butler pairs by 12) but not finals or matchpoint
    // pairs (11, 18.1): 30 minutes after the last round's posting, 15:40.
    const bool minor_rounds = name != "sabf_teams_finals" &&
                              name != "sabf_matchpoint_pairs" &&
                              !absl::StartsWith(name, "sabf_state_open_pairs");
    EXPECT_EQ(Has(p, K::kScorerErrorCorrection), minor_rounds) << name;
    if (minor_rounds) {
      EXPECT_EQ(CloseOf(p, K::kScorerErrorCorrection, t, 0), At(16, 10))
          << name;
    }
  }
}

TEST(ShippedProfileWindowsTest, NswProfilesFollowTwelveTwoToTwelveFour) {
  core::StageTimeline t = FinishedStage();
  for (const auto& [name, text] : BuiltInProfileTexts()) {
    if (!absl::StartsWith(name, "nsw_")) continue;
    const core::RegulationProfile p = *FindBuiltInProfile(name);
    using K = core::TimeWindowKind;
    t.final_stage = true;
    t.next_stage_start.reset();
    if (name == "nsw_matchpoint_pairs") {
      // 12.2: the later of 10:35 + 30 = 11:05 and 11:30 - 30 = 11:00; the
      // event's last session (12.4): 15:40 + 30.
      EXPECT_EQ(CloseOf(p, K::kCorrectionPeriod, t, 0), At(11, 5));
      EXPECT_EQ(CloseOf(p, K::kCorrectionPeriod, t, 2), At(16, 10));
    } else {
      // 12.2, teams and Butler: the match's scores agreed 10:40, + 30.
      EXPECT_EQ(CloseOf(p, K::kCorrectionPeriod, t, 0), At(11, 10)) << name;
    }
    // Law 92B's default: 10:35 + 30.
    EXPECT_EQ(CloseOf(p, K::kRulingReview, t, 0), At(11, 5)) << name;
    // 12.3-12.4 in the event's final stage: the results become official at
    // 15:40 + 30, for every session.
    EXPECT_EQ(CloseOf(p, K::kScorerErrorCorrection, t, 0), At(16, 10)) << name;
    EXPECT_EQ(CloseOf(p, K::kScorerErrorCorrection, t, 2), At(16, 10)) << name;
    // A next stage on Sunday at 09:00: scorer errors until it starts (12.3).
    t.final_stage = false;
    t.next_stage_start = At(9, 0, 13);
    EXPECT_EQ(CloseOf(p, K::kScorerErrorCorrection, t, 0), At(9, 0, 13))
        << name;
    EXPECT_EQ(CloseOf(p, K::kScorerErrorCorrection, t, 2), At(9, 0, 13))
        << name;
  }
}

}  // namespace
}  // namespace tally::replay
