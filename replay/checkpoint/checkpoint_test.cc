// The signed text of a checkpoint, and VerifyCheckpoints against exports:
// genuine, rewritten and re-chained, forged, from another key, too short.

#include "replay/checkpoint/checkpoint.h"

#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/checkpoint/checkpoint_verify.h"
#include "replay/log/codec.h"
#include "replay/log/log_export.h"
#include "replay/log/sha256.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::SizeIs;

// RFC 8032 TEST 1's key, so the test's checkpoints are fixed.
SigningKey TestKey() {
  return *SigningKey::FromSeed(absl::HexStringToBytes(
      "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"));
}

// Events 1..n sealed as the event store seals them; event 4 posts the
// session's scores. `alter`, when set, changes event `alter`'s score and
// every later event is re-chained, as a rewrite by whoever runs the server
// would be: the export's own chain stays consistent.
std::vector<v1::Event> Log(int n, int alter = 0) {
  std::vector<v1::Event> log;
  std::string previous = GenesisHash();
  for (int i = 1; i <= n; ++i) {
    v1::Event e;
    e.set_sequence(i);
    e.set_tournament_id("club");
    e.set_stream_version(i);
    e.mutable_received_at()->set_seconds(1773489600 + 60 * i);  // 2026-03-14
    e.mutable_actor()->set_identity("td");
    if (i == 4) {
      e.mutable_payload()->mutable_scores_posted()->set_competition_id("pairs");
      e.mutable_payload()->mutable_scores_posted()->set_session(1);
    } else {
      v1::ResultEntered* r = e.mutable_payload()->mutable_result_entered();
      r->set_competition_id("pairs");
      r->set_board(i);
      r->set_ns_score(i == alter ? 10 * i + 30 : 10 * i);
    }
    e.set_previous_hash(previous);
    e.set_hash(EncodeEvent(e).hash());
    previous = e.hash();
    log.push_back(e);
  }
  return log;
}

std::vector<std::string> Lines(const std::vector<v1::Event>& log) {
  std::vector<std::string> lines;
  for (const v1::Event& e : log) lines.push_back(ExportLine(e));
  return lines;
}

std::vector<std::string> Problems(const CheckpointVerification& v) {
  std::vector<std::string> out;
  for (const ExportProblem& p : v.problems) out.push_back(p.what);
  return out;
}

TEST(CheckpointTest, SignedTextIsTheFiveDocumentedLines) {
  std::vector<v1::Event> log = Log(4);
  const v1::Event& e = log[3];
  EXPECT_EQ(CheckpointText(e.sequence(), e.hash(), e.received_at(),
                           TestKey().public_key()),
            "tally checkpoint v1\n"
            "sequence 4\n"
            "head " +
                ToHex(e.hash()) +
                "\n"
                "time 2026-03-14T12:04:00Z\n"
                "key d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f7"
                "07511a\n");
}

TEST(CheckpointTest, OnlyScoresPostedAndResultsOfficialTrigger) {
  std::vector<v1::Event> log = Log(5);
  EXPECT_FALSE(IsCheckpointTrigger(log[2]));
  EXPECT_TRUE(IsCheckpointTrigger(log[3]));
  v1::Event official;
  official.mutable_payload()->mutable_results_official()->set_competition_id(
      "pairs");
  EXPECT_TRUE(IsCheckpointTrigger(official));
}

TEST(CheckpointTest, CheckpointLineRoundTripsAndSignatureVerifies) {
  std::vector<v1::Event> log = Log(4);
  absl::StatusOr<v1::Checkpoint> c = SignCheckpoint(TestKey(), log[3]);
  ASSERT_THAT(c, IsOk());
  EXPECT_TRUE(SignatureValid(*c));
  std::string line = CheckpointLineText(*c);
  EXPECT_THAT(line, HasSubstr("{\"checkpoint\":{\"sequence\":\"4\""));
  absl::StatusOr<v1::Checkpoint> back = ParseCheckpointLine(line);
  ASSERT_THAT(back, IsOk());
  EXPECT_EQ(back->SerializeAsString(), c->SerializeAsString());
  EXPECT_FALSE(ParseCheckpointLine(ExportLine(log[0])).ok());
  // Deterministic: signing the same event again gives the same bytes.
  EXPECT_EQ(SignCheckpoint(TestKey(), log[3])->signature(), c->signature());
}

TEST(CheckpointVerifyTest, ExportThatExtendsTheCheckpointVerifies) {
  std::vector<v1::Event> log = Log(8);
  v1::Checkpoint c = *SignCheckpoint(TestKey(), log[3]);
  std::vector<std::string> lines = Lines(log);
  CheckpointVerification v =
      VerifyCheckpoints(lines, {c}, TestKey().public_key());
  EXPECT_THAT(v.problems, IsEmpty());
  EXPECT_THAT(
      v.confirmed,
      ElementsAre("extends the published checkpoint of event 4 (received "
                  "2026-03-14T12:04:00Z, hash " +
                  ToHex(log[3].hash()) + "), signed by the key given"));
}

TEST(CheckpointVerifyTest, RewrittenAndRechainedLogFailsNamingTheSequence) {
  std::vector<v1::Event> log = Log(8);
  v1::Checkpoint c = *SignCheckpoint(TestKey(), log[3]);
  // Event 2's score changed and every hash from 2 on recomputed: the
  // export's own chain is whole, so VerifyExport alone cannot tell.
  std::vector<std::string> rewritten = Lines(Log(8, /*alter=*/2));
  ASSERT_TRUE(VerifyExport(rewritten).ok());
  CheckpointVerification v =
      VerifyCheckpoints(rewritten, {c}, TestKey().public_key());
  EXPECT_THAT(v.confirmed, IsEmpty());
  EXPECT_THAT(Problems(v),
              ElementsAre("event 4 has hash " + ToHex(Log(8, 2)[3].hash()) +
                          " but the checkpoint signed for it names hash " +
                          ToHex(log[3].hash()) +
                          ": the log up to event 4 was rewritten after the "
                          "checkpoint was signed"));
  // A rewrite after the checkpoint's event does not touch what it signed.
  std::vector<std::string> later = Lines(Log(8, /*alter=*/6));
  EXPECT_TRUE(VerifyCheckpoints(later, {c}, TestKey().public_key()).ok());
}

TEST(CheckpointVerifyTest, ForgedSignatureOtherKeyAndShortExportFail) {
  std::vector<v1::Event> log = Log(8);
  std::vector<std::string> lines = Lines(log);
  v1::Checkpoint forged = *SignCheckpoint(TestKey(), log[3]);
  forged.mutable_signature()->at(5) ^= 0x20;
  EXPECT_THAT(
      Problems(VerifyCheckpoints(lines, {forged}, TestKey().public_key())),
      ElementsAre("the published checkpoint of event 4 has a "
                  "signature that does not verify: it was forged or "
                  "altered after signing"));
  // Re-pointed at event 5 without a new signature.
  v1::Checkpoint moved = *SignCheckpoint(TestKey(), log[3]);
  moved.set_sequence(5);
  moved.set_head_hash(log[4].hash());
  EXPECT_THAT(
      VerifyCheckpoints(lines, {moved}, TestKey().public_key()).problems,
      SizeIs(1));

  SigningKey other = *SigningKey::Generate();
  v1::Checkpoint foreign = *SignCheckpoint(other, log[3]);
  EXPECT_THAT(
      Problems(VerifyCheckpoints(lines, {foreign}, TestKey().public_key())),
      ElementsAre("the published checkpoint of event 4 was signed by "
                  "key " +
                  ToHex(other.public_key()) + ", not by the key given (" +
                  ToHex(TestKey().public_key()) + ")"));

  std::vector<std::string> shorter(lines.begin(), lines.begin() + 3);
  EXPECT_THAT(
      Problems(VerifyCheckpoints(shorter, {*SignCheckpoint(TestKey(), log[3])},
                                 TestKey().public_key())),
      ElementsAre("the export ends at event 3, before event 4, which "
                  "the published checkpoint was signed for: it does "
                  "not extend the checkpoint"));
}

TEST(CheckpointVerifyTest, CheckpointLinesInTheExportAreCheckedAndSkipped) {
  std::vector<v1::Event> log = Log(6);
  std::vector<std::string> lines = Lines(log);
  lines.push_back(CheckpointLineText(*SignCheckpoint(TestKey(), log[3])));
  // VerifyExport skips the checkpoint line; the chain is still whole.
  ExportVerification chain = VerifyExport(lines);
  EXPECT_TRUE(chain.ok());
  EXPECT_EQ(chain.events, 6u);
  CheckpointVerification v = VerifyCheckpoints(lines, {}, "");
  EXPECT_THAT(v.problems, IsEmpty());
  EXPECT_THAT(v.confirmed,
              ElementsAre(HasSubstr(
                  "signed by key d75a980182b10ab7d54bfed3c964073a0ee172f3daa"
                  "62325af021a68f707511a (compare with the published key)")));
  // The same export rewritten and re-chained, its old checkpoint kept:
  // named by the checkpoint's line.
  std::vector<std::string> rewritten = Lines(Log(6, /*alter=*/3));
  rewritten.push_back(lines.back());
  EXPECT_THAT(Problems(VerifyCheckpoints(rewritten, {}, "")),
              ElementsAre(HasSubstr("event 4 has hash")));
  EXPECT_EQ(VerifyCheckpoints(rewritten, {}, "").problems[0].line, 7);
}

}  // namespace
}  // namespace tally::replay
