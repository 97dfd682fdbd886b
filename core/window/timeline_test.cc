#include "core/window/timeline.h"

#include "absl/status/status.h"
#include "absl/time/civil_time.h"
#include "absl/time/time.h"
#include "core/base/status_matchers.h"
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

TEST(TimelineTest, NamesDefaultToTheirNumbers) {
  StageTimeline t;
  t.sessions.resize(2);
  t.sessions[1].name = "stanza 2";
  t.sessions[1].matches.resize(2);
  t.sessions[1].matches[1].name = "NSW v QLD";
  EXPECT_EQ(SessionName(t, 0), "session 1");
  EXPECT_EQ(SessionName(t, 1), "stanza 2");
  EXPECT_EQ(MatchName(t, 1, 0), "match 1");
  EXPECT_EQ(MatchName(t, 1, 1), "NSW v QLD");
}

TEST(TimelineTest, ClockTimeShowsSecondsOnlyWhenThereAreSome) {
  EXPECT_EQ(ClockTime(At(20, 31), absl::UTCTimeZone()), "20:31");
  EXPECT_EQ(ClockTime(At(20, 31, 1), absl::UTCTimeZone()), "20:31:01");
}

TEST(TimelineTest, OnlyTheLastListedSessionMayEndTheStage) {
  StageTimeline t;
  t.sessions.resize(2);
  t.sessions[1].last_of_stage = true;
  EXPECT_THAT(ValidateTimeline(t), IsOk());
  t.sessions[0].last_of_stage = true;
  EXPECT_THAT(ValidateTimeline(t),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("session 1 is marked the last session of the "
                                 "stage, but session 2 is listed after it")));
}

TEST(TimelineTest, SessionsInOrderOfTheirScheduledStarts) {
  StageTimeline t;
  t.sessions.resize(3);
  t.sessions[0].scheduled_start = At(10, 0);
  t.sessions[2].scheduled_start = At(13, 0);  // session 2 not yet scheduled
  EXPECT_THAT(ValidateTimeline(t), IsOk());
  t.sessions[2].scheduled_start = At(10, 0);
  EXPECT_THAT(ValidateTimeline(t),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("session 3 is scheduled to start at 10:00, "
                                 "not after session 1 (10:00)")));
}

TEST(TimelineTest, ASessionEndsAfterItStarts) {
  StageTimeline t;
  t.sessions.resize(1);
  t.sessions[0].scheduled_start = At(10, 0);
  t.sessions[0].scheduled_end = At(9, 0);
  EXPECT_THAT(ValidateTimeline(t),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("session 1 is scheduled to end at 09:00, "
                                 "before it starts at 10:00")));
}

}  // namespace
}  // namespace tally::core
