// End to end (issue #5): a result corrected through the gRPC API inside the
// correction period of ANC SR 6.1 is taken and re-derives the match; one
// second after the period expires the same correction is refused with the
// clause and the closing time, and the log is unchanged. The server's
// clock is a file the test sets (tallyd --test_clock_file).

#include <fstream>
#include <string>

#include "absl/time/time.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/state/state.h"
#include "tests/match_client.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

absl::Time Clock(int hour, int minute, int second = 0) {
  return absl::FromCivil(absl::CivilSecond(2026, 3, 14, hour, minute, second),
                         absl::UTCTimeZone());
}

class ServerClock {
 public:
  explicit ServerClock(std::string path) : path_(std::move(path)) {}
  void Set(absl::Time t) const {
    std::ofstream(path_) << absl::FormatTime(absl::RFC3339_full, t,
                                             absl::UTCTimeZone())
                         << "\n";
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

v1::TableResult Passed() {
  v1::TableResult r;
  r.mutable_passed_out();
  return r;
}

v1::CorrectResultRequest FourSpadesMade(int round, int table, int board) {
  v1::CorrectResultRequest r;
  r.set_session(round);
  r.set_table(table);
  r.set_board(board);
  v1::PlayedContract* played = r.mutable_result()->mutable_played();
  played->set_level(4);
  played->set_strain(v1::STRAIN_SPADES);
  played->set_declarer(v1::SEAT_NORTH);
  played->set_tricks(10);
  r.set_kind(v1::CORRECTION_KIND_PLAYERS_AGREED);
  r.set_reason("4S made by North, entered as passed out");
  r.add_agreed_by("NS: P1 North");
  r.add_agreed_by("EW: P2 North");
  return r;
}

TEST(CorrectionE2eTest, InsideTheCorrectionPeriodTakenOneSecondAfterRefused) {
  const std::string dir = MakeTempDir("correction");
  ServerClock clock(dir + "/clock");
  clock.Set(Clock(9, 0));
  TallydProcess tallyd(TallydPath(), dir + "/data");
  tallyd.AddFlag("--test_clock_file=" + clock.path());
  ASSERT_THAT(tallyd.Start(), IsOk());

  // Ten pairs of the Welcome Swiss Pairs (five tables): round 1
  // 10:00-11:10, round 2 at 12:30.
  MatchClient wsp(tallyd.channel(), "anc", "wsp");
  ASSERT_THAT(wsp.Create(v1::COMPETITION_KIND_SWISS_PAIRS, "anc2025_wsp"),
              IsOk());
  ASSERT_THAT(wsp.RegisterPairs(10), IsOk());
  absl::StatusOr<v1::DrawMade> draw = wsp.Draw(1, 5);
  ASSERT_THAT(draw, IsOk());
  ASSERT_THAT(wsp.Schedule(1, Clock(10, 0), Clock(11, 10), false), IsOk());
  ASSERT_THAT(wsp.Schedule(2, Clock(12, 30), Clock(13, 40), false), IsOk());
  for (const v1::DrawnMatch& m : draw->matches()) {
    for (int board : draw->boards()) {
      ASSERT_THAT(wsp.Enter(1, m.table(), board, Passed()), IsOk());
    }
  }
  clock.Set(Clock(11, 40));
  ASSERT_THAT(wsp.Post(1), IsOk());

  // What is open at noon: round 1's correction period until 12:30, the
  // later of 11:40 + 30 and round 2's start (ANC SR 6.1).
  absl::StatusOr<v1::TimeWindows> windows = wsp.TimeWindows(Clock(12, 0));
  ASSERT_THAT(windows, IsOk());
  const v1::TimeWindowView* correction = nullptr;
  for (const v1::TimeWindowView& w : windows->windows()) {
    if (w.session() == 1 && w.kind() == "correction_period") correction = &w;
  }
  ASSERT_NE(correction, nullptr);
  EXPECT_EQ(correction->state(), "open");
  EXPECT_EQ(replay::ToTime(correction->closes_at()), Clock(12, 30));
  EXPECT_THAT(correction->line(), HasSubstr("ANC SR 6.1"));

  // One second before the close: taken, and the match re-derived.
  const int table = draw->matches(0).table();
  const int board = draw->boards(2);  // board 3: NS not vulnerable, +420
  clock.Set(Clock(12, 29, 59));
  ASSERT_THAT(wsp.Correct(FourSpadesMade(1, table, board)), IsOk());
  absl::StatusOr<v1::MatchResults> results = wsp.Results(1);
  ASSERT_THAT(results, IsOk());
  // Board 3 at the five tables: 420 and four passes out. ANC SR 22.3 drops
  // two at each end and averages the middle one: the datum is 0, so the
  // home pair (NS) scores +420 = 9 IMPs, the away pair -9; before the
  // correction the match was level.
  EXPECT_EQ(results->matches(0).home_imps().numerator(), 9);
  EXPECT_EQ(results->matches(0).home_imps().denominator(), 1);

  // One second after: refused, naming the clause and the close; nothing
  // appended.
  absl::StatusOr<uint64_t> before = wsp.LogLength();
  ASSERT_THAT(before, IsOk());
  clock.Set(Clock(12, 30, 1));
  v1::CorrectResultRequest late = FourSpadesMade(1, table, board);
  late.mutable_result()->mutable_played()->set_tricks(11);
  EXPECT_THAT(wsp.Correct(late),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("closed at 2026-03-14 12:30 UTC"),
                             HasSubstr("ANC SR 6.1"))));
  absl::StatusOr<uint64_t> after = wsp.LogLength();
  ASSERT_THAT(after, IsOk());
  EXPECT_EQ(*after, *before);
}

}  // namespace
}  // namespace tally::testing
