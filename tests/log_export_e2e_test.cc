// End to end: the demo tournament's log, read from a real tallyd over
// AuditService.ReadLog and exported as JSON lines, verifies offline with
// the head the server's own VerifyChain reports; the same export with one
// event altered, one removed and two swapped names each (issue #5).

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/log/log_export.h"
#include "replay/log/sha256.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::ElementsAre;

std::vector<v1::Event> ReadWholeLog(grpc::Channel& channel) {
  auto audit = v1::AuditService::NewStub(
      std::shared_ptr<grpc::Channel>(&channel, [](grpc::Channel*) {}));
  grpc::ClientContext context;
  v1::ReadLogRequest request;
  request.set_from_sequence(1);
  std::unique_ptr<grpc::ClientReader<v1::Event>> reader =
      audit->ReadLog(&context, request);
  std::vector<v1::Event> events;
  for (v1::Event e; reader->Read(&e);) events.push_back(e);
  EXPECT_TRUE(reader->Finish().ok());
  return events;
}

std::vector<std::string> Problems(const replay::ExportVerification& v) {
  std::vector<std::string> out;
  for (const replay::ExportProblem& p : v.problems) out.push_back(p.what);
  return out;
}

TEST(LogExportE2eTest, DemoLogExportsVerifiesAndNamesEachTampering) {
  TallydProcess tallyd(TallydPath(), MakeTempDir("log_export"));
  tallyd.AddFlag("--demo");
  ASSERT_THAT(tallyd.Start(), IsOk());
  std::vector<v1::Event> log = ReadWholeLog(*tallyd.channel());
  ASSERT_GE(log.size(), 60u);

  auto audit = v1::AuditService::NewStub(tallyd.channel());
  grpc::ClientContext context;
  v1::ChainVerification chain;
  ASSERT_TRUE(audit->VerifyChain(&context, {}, &chain).ok());
  ASSERT_TRUE(chain.ok());

  std::vector<std::string> lines;
  for (const v1::Event& e : log) lines.push_back(replay::ExportLine(e));
  replay::ExportVerification clean = replay::VerifyExport(lines);
  EXPECT_TRUE(clean.ok()) << ::testing::PrintToString(Problems(clean));
  EXPECT_EQ(clean.last_sequence, log.size());
  EXPECT_EQ(clean.last_hash, replay::ToHex(chain.last_hash()));

  // Event 20 gets a different score; event 40 is removed; events 50 and 51
  // change places.
  std::vector<v1::Event> tampered = log;
  v1::Event& altered = tampered[19];
  ASSERT_TRUE(altered.payload().has_result_entered());
  altered.mutable_payload()->mutable_result_entered()->set_ns_score(
      altered.payload().result_entered().ns_score() + 10);
  std::swap(tampered[49], tampered[50]);
  tampered.erase(tampered.begin() + 39);
  std::vector<std::string> tampered_lines;
  for (const v1::Event& e : tampered) {
    tampered_lines.push_back(replay::ExportLine(e));
  }
  EXPECT_THAT(
      Problems(replay::VerifyExport(tampered_lines)),
      ElementsAre(
          "event 20 (line 20) was altered: its contents do not match its hash",
          "event 40 is missing",
          "events 50 and 51 are swapped (event 51 is on line 49, event 50 on "
          "line 50)"));
}

}  // namespace
}  // namespace tally::testing
