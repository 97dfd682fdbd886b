// End to end (issue #14 item 5): a real tallyd signs a checkpoint at each
// posting of scores and prints its public key at start-up; `tally export`
// carries the checkpoints; `tally verify EXPORT --checkpoint=FILE
// --public-key=KEY` confirms the export extends a published checkpoint,
// and names the sequence when the history before it was rewritten and
// re-chained (so the export's own chain is whole), when the signature is
// forged, and when the checkpoint is another server's. A log rewritten in
// the data directory is refused at the next start-up.

#include <fstream>
#include <memory>
#include <sstream>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "replay/checkpoint/checkpoint.h"
#include "replay/log/codec.h"
#include "replay/log/event_store.h"
#include "replay/log/log_export.h"
#include "replay/log/sha256.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void WriteText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::trunc) << text;
}

v1::CheckpointList Checkpoints(TallydProcess& tallyd) {
  auto audit = v1::AuditService::NewStub(tallyd.channel());
  grpc::ClientContext context;
  v1::CheckpointList list;
  EXPECT_TRUE(audit->ListCheckpoints(&context, {}, &list).ok());
  return list;
}

std::vector<v1::Event> ReadWholeLog(TallydProcess& tallyd) {
  auto audit = v1::AuditService::NewStub(tallyd.channel());
  grpc::ClientContext context;
  v1::ReadLogRequest request;
  request.set_from_sequence(1);
  auto reader = audit->ReadLog(&context, request);
  std::vector<v1::Event> events;
  for (v1::Event e; reader->Read(&e);) events.push_back(e);
  EXPECT_TRUE(reader->Finish().ok());
  return events;
}

// The events `events` with event `altered`'s NS score raised by 10 and
// every hash from it on recomputed: a consistent rewrite.
std::vector<v1::Event> Rewrite(std::vector<v1::Event> events,
                               uint64_t altered) {
  std::string previous = replay::GenesisHash();
  for (v1::Event& e : events) {
    if (e.sequence() == altered) {
      auto* r = e.mutable_payload()->mutable_result_entered();
      r->set_ns_score(r->ns_score() + 10);
    }
    e.clear_hash();
    e.set_previous_hash(previous);
    e.set_hash(replay::EncodeEvent(e).hash());
    previous = e.hash();
  }
  return events;
}

// The first ResultEntered event before `before`.
uint64_t ResultBefore(const std::vector<v1::Event>& events, uint64_t before) {
  for (const v1::Event& e : events) {
    if (e.sequence() < before && e.payload().has_result_entered()) {
      return e.sequence();
    }
  }
  return 0;
}

TEST(CheckpointE2eTest, PublishedCheckpointProvesAnExportExtendsIt) {
  const std::string dir = MakeTempDir("checkpoint_e2e");
  const std::string files = MakeTempDir("checkpoint_e2e_files");
  TallydProcess tallyd(TallydPath(), dir);
  tallyd.AddFlag("--demo");
  ASSERT_THAT(tallyd.Start(), IsOk());

  // The public key: in the start-up line, from `tally public-key`, from
  // the AuditService, all the same.
  v1::CheckpointList list = Checkpoints(tallyd);
  const std::string key = replay::ToHex(list.public_key());
  ASSERT_EQ(key.size(), 64u);
  EXPECT_THAT(ReadText(dir + ".log"),
              HasSubstr(absl::StrCat("; checkpoint key ", key, "\n")));
  EXPECT_EQ(RunTallyCli(tallyd.address(), "public-key"), key + "\n");

  // One checkpoint for each posting of scores in the demo log, exactly.
  std::vector<v1::Event> log = ReadWholeLog(tallyd);
  std::vector<uint64_t> posted, signed_for;
  for (const v1::Event& e : log) {
    if (replay::IsCheckpointTrigger(e)) posted.push_back(e.sequence());
  }
  for (const v1::Checkpoint& c : list.checkpoints()) {
    signed_for.push_back(c.sequence());
    EXPECT_TRUE(replay::SignatureValid(c));
    EXPECT_EQ(c.head_hash(), log[c.sequence() - 1].hash());
  }
  ASSERT_FALSE(posted.empty());
  EXPECT_EQ(signed_for, posted);

  // A checkpoint of the head on request, published as one line: the head
  // is a new tournament, which posts nothing, so only the request signs it.
  RunTallyCli(tallyd.address(), "create-tournament audit Audit Cup");
  log = ReadWholeLog(tallyd);
  ASSERT_TRUE(log.back().payload().has_tournament_created());
  EXPECT_EQ(Checkpoints(tallyd).checkpoints_size(), list.checkpoints_size());
  const std::string head_line = RunTallyCli(tallyd.address(), "checkpoint");
  EXPECT_THAT(head_line,
              HasSubstr(absl::StrCat("{\"checkpoint\":{\"sequence\":\"",
                                     log.size(), "\"")));
  const std::string published = files + "/published.jsonl";
  WriteText(published, RunTallyCli(tallyd.address(), "checkpoints --last"));
  EXPECT_EQ(ReadText(published), head_line);
  const std::string first_posting = files + "/first-posting.jsonl";
  WriteText(first_posting,
            replay::CheckpointLineText(list.checkpoints(0)) + "\n");

  // The export carries every checkpoint and verifies against them.
  const std::string export_file = files + "/export.jsonl";
  RunTallyCli(tallyd.address(), "export " + export_file);
  std::vector<std::string> lines =
      absl::StrSplit(ReadText(export_file), '\n', absl::SkipEmpty());
  EXPECT_EQ(lines.size(), log.size() + posted.size() + 1);
  const std::string with_key = " --public-key=" + key;
  std::string out = RunTallyCli(
      tallyd.address(),
      "verify " + export_file + " --checkpoint=" + published + with_key);
  EXPECT_THAT(out, HasSubstr(absl::StrCat("export OK: ", log.size(),
                                          " events; last event ", log.size())));
  EXPECT_THAT(out, HasSubstr(absl::StrCat("checkpoint OK: extends the "
                                          "published checkpoint of event ",
                                          log.size(), " (received ")));
  EXPECT_THAT(out, Not(HasSubstr("FAILED")));

  // History rewritten before the first posting and re-chained: its own
  // chain is whole, the published checkpoint names the difference.
  const uint64_t first = posted.front();
  const uint64_t altered = ResultBefore(log, first);
  ASSERT_GT(altered, 0u);
  std::string rewritten_text;
  for (const v1::Event& e : Rewrite(log, altered)) {
    rewritten_text += replay::ExportLine(e) + "\n";
  }
  const std::string rewritten = files + "/rewritten.jsonl";
  WriteText(rewritten, rewritten_text);
  EXPECT_THAT(RunTallyCli(tallyd.address(), "verify " + rewritten),
              HasSubstr("export OK"));
  out = RunTallyCli(tallyd.address(), "verify " + rewritten + " --checkpoint=" +
                                          first_posting + with_key);
  EXPECT_THAT(out, HasSubstr(absl::StrCat("checkpoint FAILED: event ", first,
                                          " has hash ")));
  EXPECT_THAT(out, HasSubstr(absl::StrCat("the log up to event ", first,
                                          " was rewritten after the "
                                          "checkpoint was signed")));

  // A forged signature.
  v1::Checkpoint forged = list.checkpoints(0);
  forged.mutable_signature()->at(0) ^= 0x01;
  const std::string forged_file = files + "/forged.jsonl";
  WriteText(forged_file, replay::CheckpointLineText(forged) + "\n");
  EXPECT_THAT(RunTallyCli(tallyd.address(), "verify " + export_file +
                                                " --checkpoint=" + forged_file +
                                                with_key),
              HasSubstr(absl::StrCat("checkpoint FAILED: the published "
                                     "checkpoint of event ",
                                     first,
                                     " has a signature that does not "
                                     "verify")));

  // Another server's checkpoint (its own key) proves nothing here.
  const std::string other_dir = MakeTempDir("checkpoint_e2e_other");
  TallydProcess other(TallydPath(), other_dir);
  other.AddFlag("--demo");
  ASSERT_THAT(other.Start(), IsOk());
  v1::CheckpointList other_list = Checkpoints(other);
  const std::string other_key = replay::ToHex(other_list.public_key());
  ASSERT_NE(other_key, key);
  const std::string other_file = files + "/other.jsonl";
  WriteText(other_file,
            replay::CheckpointLineText(other_list.checkpoints(0)) + "\n");
  EXPECT_THAT(RunTallyCli(tallyd.address(), "verify " + export_file +
                                                " --checkpoint=" + other_file +
                                                with_key),
              HasSubstr(absl::StrCat("was signed by key ", other_key,
                                     ", not by the key given (", key, ")")));
  EXPECT_EQ(other.Stop(), 0);
  EXPECT_EQ(tallyd.Stop(), 0);
}

TEST(CheckpointE2eTest, LogRewrittenInTheDataDirectoryIsRefusedAtStart) {
  const std::string dir = MakeTempDir("checkpoint_e2e_restart");
  TallydProcess tallyd(TallydPath(), dir);
  tallyd.AddFlag("--demo");
  ASSERT_THAT(tallyd.Start(), IsOk());
  std::vector<v1::Event> log = ReadWholeLog(tallyd);
  v1::CheckpointList list = Checkpoints(tallyd);
  ASSERT_GT(list.checkpoints_size(), 0);
  const uint64_t first = list.checkpoints(0).sequence();
  ASSERT_EQ(tallyd.Stop(), 0);

  // Whoever runs the server rewrites an event before the first posting
  // and re-chains every later one, straight into RocksDB.
  {
    auto store = replay::EventStore::Open({.path = dir});
    ASSERT_THAT(store, IsOk());
    std::vector<std::pair<uint64_t, v1::StoredEvent>> batch;
    for (v1::Event e : Rewrite(log, ResultBefore(log, first))) {
      e.clear_hash();
      batch.emplace_back(e.sequence(), replay::EncodeEvent(e));
    }
    // A thorough forger also re-binds the idempotency records to the new
    // hashes (docs/data-directory.md: the records alone would give the
    // rewrite away), so only the checkpoints are left to catch it.
    std::map<uint64_t, std::string> new_hash;
    for (const auto& [sequence, stored] : batch) new_hash[sequence] = stored.hash();
    std::vector<replay::EventStore::IdempotencyEntry> records;
    ASSERT_THAT((*store)->ScanIdempotency(
                    [&](const std::string& tournament, const std::string& key,
                        const v1::IdempotencyRecord& record) {
                      auto it = new_hash.find(record.last_sequence());
                      if (it != new_hash.end()) {
                        v1::IdempotencyRecord rebound = record;
                        rebound.set_event_hash(it->second);
                        records.push_back({tournament, key, rebound});
                      }
                      return true;
                    }),
                IsOk());
    ASSERT_THAT((*store)->Append(batch, records), IsOk());
  }
  EXPECT_THAT(tallyd.Start(), Not(IsOk()));
  EXPECT_THAT(ReadText(dir + ".log"),
              HasSubstr(absl::StrCat(
                  "cannot start: the log does not match its checkpoints: "
                  "event ",
                  first, " has hash ")));
}

}  // namespace
}  // namespace tally::testing
