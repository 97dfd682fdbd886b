// CheckpointStore against a real EventStore: the key made once, checkpoints
// signed for trigger events, a rewritten or shortened log refused at
// start-up by the sequence, a lost key refused, a torn last line cut off.

#include "replay/checkpoint/checkpoint_store.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/checkpoint/checkpoint.h"
#include "replay/log/codec.h"
#include "replay/log/sha256.h"

namespace tally::replay {
namespace {

// EventStore options for the store at `path` (named rather than a
// designated list, which would leave initial_head to
// -Wmissing-field-initializers).
EventStore::Options StoreAt(const std::string& path, bool create = false) {
  EventStore::Options options;
  options.path = path;
  options.create = create;
  return options;
}

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;
using ::testing::SizeIs;

// Events 1..n chained; 4 posts scores and 6 makes results official.
// `alter` changes that event's score and re-chains everything after it.
std::vector<std::pair<uint64_t, v1::StoredEvent>> Sealed(int n, int alter = 0) {
  std::vector<std::pair<uint64_t, v1::StoredEvent>> out;
  std::string previous = GenesisHash();
  for (int i = 1; i <= n; ++i) {
    v1::Event e;
    e.set_sequence(i);
    e.set_tournament_id("club");
    e.set_stream_version(i);
    e.mutable_received_at()->set_seconds(1773489600 + 60 * i);
    if (i == 4) {
      e.mutable_payload()->mutable_scores_posted()->set_competition_id("pairs");
    } else if (i == 6) {
      e.mutable_payload()->mutable_results_official()->set_competition_id(
          "pairs");
    } else {
      e.mutable_payload()->mutable_result_entered()->set_ns_score(
          i == alter ? 10 * i + 30 : 10 * i);
    }
    e.set_previous_hash(previous);
    v1::StoredEvent stored = EncodeEvent(e);
    previous = stored.hash();
    out.emplace_back(i, std::move(stored));
  }
  return out;
}

class CheckpointStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = ::testing::TempDir() + "/checkpoint_store_test";
    std::filesystem::remove_all(dir_);
    auto store = EventStore::Open(StoreAt(dir_, /*create=*/true));
    ASSERT_THAT(store, IsOk());
    store_ = *std::move(store);
    ASSERT_THAT(store_->Append(Sealed(7), {}), IsOk());
  }
  void TearDown() override {
    store_.reset();
    std::filesystem::remove_all(dir_);
  }
  std::string File(const char* name) const { return dir_ + "/" + name; }

  std::string dir_;
  std::unique_ptr<EventStore> store_;
};

TEST_F(CheckpointStoreTest, MakesKeyOnceAndSignsEachTriggerOnce) {
  auto checkpoints = CheckpointStore::Open(dir_);
  ASSERT_THAT(checkpoints, IsOk());
  EXPECT_TRUE((*checkpoints)->key_created());
  struct stat st;
  ASSERT_EQ(stat(File(kCheckpointKeyFile).c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600);
  EXPECT_THAT((*checkpoints)->Reconcile(*store_), IsOk());
  std::vector<v1::Checkpoint> list = (*checkpoints)->List();
  ASSERT_THAT(list, SizeIs(2));
  EXPECT_EQ(list[0].sequence(), 4u);
  EXPECT_EQ(list[1].sequence(), 6u);
  for (const v1::Checkpoint& c : list) {
    EXPECT_TRUE(SignatureValid(c));
    EXPECT_EQ(c.public_key(), (*checkpoints)->public_key());
  }
  const std::string key = (*checkpoints)->public_key();
  checkpoints->reset();

  auto reopened = CheckpointStore::Open(dir_);
  ASSERT_THAT(reopened, IsOk());
  EXPECT_FALSE((*reopened)->key_created());
  EXPECT_EQ((*reopened)->public_key(), key);
  EXPECT_EQ(*(*reopened)->Reconcile(*store_), 0u);
  EXPECT_THAT((*reopened)->List(), SizeIs(2));
  // A checkpoint on request of the head (event 7), once.
  v1::Event head = *DecodeEvent(7, *store_->ReadRaw(7));
  ASSERT_THAT((*reopened)->Sign(head), IsOk());
  ASSERT_THAT((*reopened)->Sign(head), IsOk());
  EXPECT_THAT((*reopened)->List(), SizeIs(3));
  std::ifstream in(File(kCheckpointsFile));
  int lines = 0;
  for (std::string line; std::getline(in, line);) ++lines;
  EXPECT_EQ(lines, 3);
}

// tallyd gives Reconcile the triggers its start-up replay found (4 and 6
// of Sealed(7)): it signs those the scan would have, reading only them,
// and refuses a sequence that is not a trigger.
TEST_F(CheckpointStoreTest, ReconcileToldTheTriggersSignsWhatTheScanWould) {
  auto checkpoints = CheckpointStore::Open(dir_);
  ASSERT_THAT(checkpoints, IsOk());
  const uint64_t reads = store_->events_read();
  const std::vector<uint64_t> triggers = {4, 6};
  absl::StatusOr<uint64_t> signed_now =
      (*checkpoints)->Reconcile(*store_, triggers);
  ASSERT_THAT(signed_now, IsOk());
  EXPECT_EQ(*signed_now, 2u);
  EXPECT_EQ(store_->events_read() - reads, 2u);
  std::vector<v1::Checkpoint> list = (*checkpoints)->List();
  ASSERT_THAT(list, SizeIs(2));
  EXPECT_EQ(list[0].sequence(), 4u);
  EXPECT_EQ(list[1].sequence(), 6u);
  // Already signed: the scan finds nothing more to sign.
  EXPECT_EQ(*(*checkpoints)->Reconcile(*store_), 0u);
  const std::vector<uint64_t> not_a_trigger = {5};
  EXPECT_THAT((*checkpoints)->Reconcile(*store_, not_a_trigger),
              StatusIs(absl::StatusCode::kInternal, HasSubstr("event 5")));
}

TEST_F(CheckpointStoreTest, RewrittenLogIsRefusedNamingTheSequence) {
  auto checkpoints = CheckpointStore::Open(dir_);
  ASSERT_THAT(checkpoints, IsOk());
  ASSERT_THAT((*checkpoints)->Reconcile(*store_), IsOk());
  checkpoints->reset();
  // Whoever runs the server rewrites event 2 and re-chains 2..7 in place.
  ASSERT_THAT(store_->Append(Sealed(7, /*alter=*/2), {}), IsOk());
  auto reopened = CheckpointStore::Open(dir_);
  ASSERT_THAT(reopened, IsOk());
  EXPECT_THAT((*reopened)->Reconcile(*store_),
              StatusIs(absl::StatusCode::kDataLoss,
                       HasSubstr("the log does not match its checkpoints: "
                                 "event 4 has hash")));
}

TEST_F(CheckpointStoreTest, ShortenedLogIsRefused) {
  auto checkpoints = CheckpointStore::Open(dir_);
  ASSERT_THAT(checkpoints, IsOk());
  ASSERT_THAT((*checkpoints)->Reconcile(*store_), IsOk());
  checkpoints->reset();
  store_.reset();
  // The same checkpoints beside a log of three events.
  const std::string other = dir_ + "-short";
  std::filesystem::remove_all(other);
  {
    auto store = EventStore::Open(StoreAt(other, /*create=*/true));
    ASSERT_THAT(store, IsOk());
    auto three = Sealed(3);
    ASSERT_THAT((*store)->Append(three, {}), IsOk());
  }
  for (const char* f : {kCheckpointKeyFile, kCheckpointsFile}) {
    std::filesystem::copy_file(File(f), other + "/" + f);
  }
  auto store = EventStore::Open(StoreAt(other));
  auto reopened = CheckpointStore::Open(other);
  ASSERT_THAT(reopened, IsOk());
  EXPECT_THAT((*reopened)->Reconcile(**store),
              StatusIs(absl::StatusCode::kDataLoss,
                       HasSubstr("a checkpoint was signed for event 4 "
                                 "(received 2026-03-14T12:04:00Z")));
  store->reset();
  std::filesystem::remove_all(other);
}

TEST_F(CheckpointStoreTest, LostKeyAlteredLineAndTornLine) {
  auto checkpoints = CheckpointStore::Open(dir_);
  ASSERT_THAT(checkpoints, IsOk());
  ASSERT_THAT((*checkpoints)->Reconcile(*store_), IsOk());
  checkpoints->reset();
  std::ifstream in(File(kCheckpointsFile));
  std::stringstream text;
  text << in.rdbuf();
  const std::string good = text.str();

  // A torn append (a crash mid-line) is cut off, the rest kept.
  std::ofstream(File(kCheckpointsFile), std::ios::app) << "{\"checkpoint\":{";
  auto torn = CheckpointStore::Open(dir_);
  ASSERT_THAT(torn, IsOk());
  EXPECT_TRUE((*torn)->torn_line());
  EXPECT_THAT((*torn)->List(), SizeIs(2));
  torn->reset();
  std::ifstream after(File(kCheckpointsFile));
  std::stringstream after_text;
  after_text << after.rdbuf();
  EXPECT_EQ(after_text.str(), good);

  // A checkpoint's signature altered in the file.
  std::string altered = good;
  size_t at = altered.find("\"signature\":\"") + 14;
  altered[at] = altered[at] == 'A' ? 'B' : 'A';
  std::ofstream(File(kCheckpointsFile), std::ios::trunc) << altered;
  EXPECT_THAT(CheckpointStore::Open(dir_),
              StatusIs(absl::StatusCode::kDataLoss,
                       HasSubstr("line 1: the signature of the checkpoint of "
                                 "event 4 does not verify")));

  // The key gone while checkpoints remain: never a silent new key.
  std::ofstream(File(kCheckpointsFile), std::ios::trunc) << good;
  std::filesystem::remove(File(kCheckpointKeyFile));
  EXPECT_THAT(CheckpointStore::Open(dir_),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("restore the key")));
  EXPECT_FALSE(std::filesystem::exists(File(kCheckpointKeyFile)));
}

}  // namespace
}  // namespace tally::replay
