#include "replay/log/log_export.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "replay/log/sha256.h"

namespace tally::replay {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

// A log of `n` events sealed into a hash chain as the event store seals it:
// previous hash, then SHA-256(previous || bytes with `hash` empty).
std::vector<v1::Event> SealedLog(int n) {
  std::vector<v1::Event> log;
  std::string previous = GenesisHash();
  for (int i = 1; i <= n; ++i) {
    v1::Event e;
    e.set_sequence(i);
    e.set_tournament_id("club");
    e.set_stream_version(i);
    e.mutable_received_at()->set_seconds(1700000000 + 60 * i);
    e.mutable_actor()->set_identity("td");
    if (i == 1) {
      e.mutable_payload()->mutable_tournament_created()->set_name("Club");
    } else {
      v1::ResultEntered* r = e.mutable_payload()->mutable_result_entered();
      r->set_competition_id("pairs");
      r->set_session(1);
      r->set_board(i);
      r->set_table(1);
      r->set_ns_score(10 * i);
    }
    e.set_previous_hash(previous);
    e.set_hash(ChainHash(previous, e.SerializeAsString()));
    previous = e.hash();
    log.push_back(std::move(e));
  }
  return log;
}

std::vector<std::string> Export(const std::vector<v1::Event>& log) {
  std::vector<std::string> lines;
  for (const v1::Event& e : log) lines.push_back(ExportLine(e));
  return lines;
}

std::vector<std::string> Whats(const ExportVerification& v) {
  std::vector<std::string> out;
  for (const ExportProblem& p : v.problems) out.push_back(p.what);
  return out;
}

TEST(LogExportTest, AnUntouchedExportVerifiesAndGivesItsHead) {
  std::vector<v1::Event> log = SealedLog(6);
  ExportVerification v = VerifyExport(Export(log));
  EXPECT_TRUE(v.ok()) << testing::PrintToString(Whats(v));
  EXPECT_EQ(v.events, 6u);
  EXPECT_EQ(v.last_sequence, 6u);
  EXPECT_EQ(v.last_hash, ToHex(log.back().hash()));
}

TEST(LogExportTest, AnEditedScoreIsNamedAsAltered) {
  std::vector<v1::Event> log = SealedLog(6);
  log[2].mutable_payload()->mutable_result_entered()->set_ns_score(999);
  ExportVerification v = VerifyExport(Export(log));
  EXPECT_THAT(Whats(v), ElementsAre("event 3 (line 3) was altered: its "
                                    "contents do not match its hash"));
}

TEST(LogExportTest, AnAlterationWithItsHashRecomputedBreaksTheNextLink) {
  std::vector<v1::Event> log = SealedLog(6);
  v1::Event& e = log[2];
  e.mutable_payload()->mutable_result_entered()->set_ns_score(999);
  e.clear_hash();
  e.set_hash(ChainHash(e.previous_hash(), e.SerializeAsString()));
  ExportVerification v = VerifyExport(Export(log));
  ASSERT_EQ(v.problems.size(), 1u);
  EXPECT_EQ(v.problems[0].sequence, 4u);
  EXPECT_THAT(v.problems[0].what,
              HasSubstr("event 4 (line 4) does not chain to event 3"));
}

TEST(LogExportTest, ARemovedEventIsNamed) {
  std::vector<v1::Event> log = SealedLog(6);
  log.erase(log.begin() + 3);  // event 4
  EXPECT_THAT(Whats(VerifyExport(Export(log))),
              ElementsAre("event 4 is missing"));
}

TEST(LogExportTest, TwoSwappedEventsAreNamed) {
  std::vector<v1::Event> log = SealedLog(6);
  std::swap(log[4], log[5]);  // events 5 and 6
  EXPECT_THAT(Whats(VerifyExport(Export(log))),
              ElementsAre("events 5 and 6 are swapped (event 6 is on line 5, "
                          "event 5 on line 6)"));
}

// Issue #5: one event altered, one removed and two swapped, each named.
TEST(LogExportTest, AlteredRemovedAndSwappedAreEachNamed) {
  std::vector<v1::Event> log = SealedLog(8);
  log[1].mutable_payload()->mutable_result_entered()->set_ns_score(-500);
  std::swap(log[5], log[6]);   // events 6 and 7
  log.erase(log.begin() + 3);  // event 4; the file is 1 2 3 5 7 6 8
  ExportVerification v = VerifyExport(Export(log));
  EXPECT_THAT(
      Whats(v),
      ElementsAre(
          "event 2 (line 2) was altered: its contents do not match its hash",
          "event 4 is missing",
          "events 6 and 7 are swapped (event 7 is on line 5, event 6 on line "
          "6)"));
  EXPECT_EQ(v.last_sequence, 8u);
}

TEST(LogExportTest, AMovedEventAndARepeatedOneAreNamed) {
  std::vector<v1::Event> log = SealedLog(6);
  std::vector<std::string> lines = Export(log);
  std::vector<std::string> edited = {lines[0], lines[2], lines[3], lines[1],
                                     lines[4], lines[4], lines[5]};
  EXPECT_THAT(Whats(VerifyExport(edited)),
              ElementsAre("event 2 is out of order: line 4 comes after event "
                          "4 (line 3)",
                          "event 5 appears twice (lines 5 and 6)"));
}

TEST(LogExportTest, ALineThatIsNotAnEventIsNamedAndBlankLinesAreSkipped) {
  std::vector<std::string> lines = Export(SealedLog(3));
  lines.insert(lines.begin() + 1, "");
  lines.push_back("{not json");
  ExportVerification v = VerifyExport(lines);
  EXPECT_EQ(v.events, 3u);
  ASSERT_EQ(v.problems.size(), 1u);
  EXPECT_EQ(v.problems[0].line, 5);
  EXPECT_THAT(v.problems[0].what, HasSubstr("line 5 is not an event"));
}

TEST(LogExportTest, AnEmptyExportHasNoEventsAndNoHead) {
  ExportVerification v = VerifyExport({});
  EXPECT_TRUE(v.ok());
  EXPECT_EQ(v.events, 0u);
  EXPECT_THAT(v.last_hash, IsEmpty());
}

}  // namespace
}  // namespace tally::replay
