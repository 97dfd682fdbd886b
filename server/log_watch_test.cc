#include "server/log_watch.h"

#include <thread>

#include "gtest/gtest.h"

namespace tally::server {
namespace {

TEST(LogWatchTest, AnswersAtOnceWhenTheHeadIsAlreadyBeyond) {
  LogWatch watch(7);
  EXPECT_EQ(watch.WaitBeyond(6, absl::Seconds(30)), 7u);
}

TEST(LogWatchTest, TimesOutWithTheSameHead) {
  LogWatch watch(7);
  const absl::Time start = absl::Now();
  EXPECT_EQ(watch.WaitBeyond(7, absl::Milliseconds(50)), 7u);
  EXPECT_GE(absl::Now() - start, absl::Milliseconds(50));
}

TEST(LogWatchTest, WakesWaitersWhenEventsBecomeDurable) {
  LogWatch watch(7);
  std::thread writer([&] {
    absl::SleepFor(absl::Milliseconds(20));
    watch.Advance(9);
  });
  EXPECT_EQ(watch.WaitBeyond(7, absl::Seconds(30)), 9u);
  writer.join();
  watch.Advance(8);  // never moves back
  EXPECT_EQ(watch.head(), 9u);
}

TEST(LogWatchTest, StopReleasesEveryWaiter) {
  LogWatch watch(7);
  std::thread stopper([&] {
    absl::SleepFor(absl::Milliseconds(20));
    watch.Stop();
  });
  const absl::Time start = absl::Now();
  EXPECT_EQ(watch.WaitBeyond(7, absl::Seconds(30)), 7u);
  EXPECT_LT(absl::Now() - start, absl::Seconds(10));
  EXPECT_TRUE(watch.stopped());
  stopper.join();
}

}  // namespace
}  // namespace tally::server
