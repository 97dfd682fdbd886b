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

// Australia/Sydney around its 2026 changes of offset, from the tz database
// (zdump -v -c 2026,2027 Australia/Sydney): AEDT (+11) ends at
// 2026-04-04 16:00 UTC, when 03:00 AEDT becomes 02:00 AEST (+10); AEST
// ends at 2026-10-03 16:00 UTC, when 02:00 AEST becomes 03:00 AEDT.
absl::TimeZone Sydney() {
  absl::TimeZone zone;
  EXPECT_TRUE(absl::LoadTimeZone("Australia/Sydney", &zone))
      << "the tz database (Debian's tzdata) is missing";
  return zone;
}

MATCHER_P(IsTime, expected, "is OK and holds that time") {
  if (!arg.ok()) {
    *result_listener << arg.status();
    return false;
  }
  *result_listener << absl::FormatTime(*arg);
  return *arg == expected;
}

absl::Time Utc(int y, int mo, int d, int h, int mi, int s = 0) {
  return absl::FromCivil(absl::CivilSecond(y, mo, d, h, mi, s),
                         absl::UTCTimeZone());
}

TEST(DateTimeTextTest, WritesTheClockOfTheZoneWithItsAbbreviation) {
  const absl::TimeZone sydney = Sydney();
  EXPECT_EQ(DateTimeText(Utc(2026, 11, 27, 10, 45), sydney),
            "2026-11-27 21:45 AEDT");
  EXPECT_EQ(DateTimeText(Utc(2026, 4, 4, 15, 59, 59), sydney),
            "2026-04-05 02:59:59 AEDT");
  EXPECT_EQ(DateTimeText(Utc(2026, 4, 4, 16, 0), sydney),
            "2026-04-05 02:00 AEST");
  EXPECT_EQ(DateTimeText(Utc(2026, 10, 3, 16, 0), sydney),
            "2026-10-04 03:00 AEDT");
  EXPECT_EQ(DateTimeText(Utc(2026, 11, 27, 10, 45), absl::UTCTimeZone()),
            "2026-11-27 10:45 UTC");
}

TEST(ParseDirectorTimeTest, ReadsAClockTimeInTheZone) {
  const absl::TimeZone sydney = Sydney();
  EXPECT_THAT(ParseDirectorTime("2026-11-27 21:45", sydney),
              IsTime(Utc(2026, 11, 27, 10, 45)));
  EXPECT_THAT(ParseDirectorTime("2026-11-27T21:45:30", sydney),
              IsTime(Utc(2026, 11, 27, 10, 45, 30)));
  // Winter: AEST, +10.
  EXPECT_THAT(ParseDirectorTime("2026-07-01 09:30", sydney),
              IsTime(Utc(2026, 6, 30, 23, 30)));
  // With its offset or Z, a time is taken as written.
  EXPECT_THAT(ParseDirectorTime("2026-04-05T02:30:00+10:00", sydney),
              IsTime(Utc(2026, 4, 4, 16, 30)));
  EXPECT_THAT(ParseDirectorTime("2026-11-27T10:45:00Z", sydney),
              IsTime(Utc(2026, 11, 27, 10, 45)));
  EXPECT_THAT(ParseDirectorTime("tomorrow", sydney),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("write 2026-11-27 21:45 (in "
                                 "Australia/Sydney)")));
}

TEST(ParseDirectorTimeTest, RefusesTheHourSkippedAndTheHourRepeated) {
  const absl::TimeZone sydney = Sydney();
  EXPECT_THAT(ParseDirectorTime("2026-10-04 02:30", sydney),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("'2026-10-04 02:30' does not exist in "
                                 "Australia/Sydney: the clocks go forward "
                                 "from 02:00 AEST to 03:00 AEDT on "
                                 "2026-10-04")));
  EXPECT_THAT(
      ParseDirectorTime("2026-04-05 02:30", sydney),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("'2026-04-05 02:30' happens twice in "
                         "Australia/Sydney: the clocks go back from 03:00 "
                         "AEDT to 02:00 AEST on 2026-04-05; give it with its "
                         "offset, 2026-04-05T02:30:00+11:00 for the first or "
                         "2026-04-05T02:30:00+10:00 for the second")));
  // Either side of the changes, the clock is unambiguous.
  EXPECT_THAT(ParseDirectorTime("2026-10-04 03:00", sydney),
              IsTime(Utc(2026, 10, 3, 16, 0)));
  EXPECT_THAT(ParseDirectorTime("2026-04-05 03:00", sydney),
              IsTime(Utc(2026, 4, 4, 17, 0)));
}

}  // namespace
}  // namespace tally::core
