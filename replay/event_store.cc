#include "replay/event_store.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "rocksdb/options.h"
#include "rocksdb/write_batch.h"

namespace tally::replay {
namespace {

absl::Status FromRocks(const rocksdb::Status& s, absl::string_view what) {
  if (s.ok()) return absl::OkStatus();
  std::string message = absl::StrCat(what, ": ", s.ToString());
  if (s.IsIOError() || s.IsBusy() || s.IsTryAgain()) {
    return absl::UnavailableError(message);
  }
  return absl::InternalError(message);
}

std::string IdempotencyKey(const std::string& tournament_id,
                           const std::string& key) {
  return absl::StrCat(tournament_id, std::string(1, '\0'), key);
}

}  // namespace

std::string SequenceKey(uint64_t sequence) {
  std::string key(8, '\0');
  for (int i = 7; i >= 0; --i) {
    key[i] = static_cast<char>(sequence & 0xff);
    sequence >>= 8;
  }
  return key;
}

uint64_t SequenceFromKey(const rocksdb::Slice& key) {
  uint64_t sequence = 0;
  for (size_t i = 0; i < key.size() && i < 8; ++i) {
    sequence = (sequence << 8) | static_cast<unsigned char>(key[i]);
  }
  return sequence;
}

absl::StatusOr<std::unique_ptr<EventStore>> EventStore::Open(
    const Options& options) {
  if (options.path.empty()) {
    return absl::InvalidArgumentError("the data directory path is empty");
  }
  rocksdb::DBOptions db_options;
  db_options.create_if_missing = true;
  db_options.create_missing_column_families = true;
  // A tournament's events are small: a whole congress fits in a few MiB.
  // RocksDB's default 64 MiB memtable would make it preallocate a 70 MiB
  // write-ahead log file in every data directory.
  rocksdb::ColumnFamilyOptions family_options;
  family_options.write_buffer_size = 4 << 20;
  std::vector<rocksdb::ColumnFamilyDescriptor> families = {
      {rocksdb::kDefaultColumnFamilyName, family_options},
      {kEventsFamily, family_options},
      {kIdempotencyFamily, family_options},
  };
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* raw = nullptr;
  rocksdb::Status s =
      rocksdb::DB::Open(db_options, options.path, families, &handles, &raw);
  if (!s.ok()) {
    return FromRocks(
        s, absl::StrCat("cannot open the data directory ", options.path));
  }
  return std::unique_ptr<EventStore>(new EventStore(
      std::unique_ptr<rocksdb::DB>(raw), std::move(handles), options.sync));
}

EventStore::EventStore(std::unique_ptr<rocksdb::DB> db,
                       std::vector<rocksdb::ColumnFamilyHandle*> handles,
                       bool sync)
    : db_(std::move(db)),
      events_(handles[1]),
      idempotency_(handles[2]),
      handles_(std::move(handles)),
      sync_(sync) {}

EventStore::~EventStore() {
  for (rocksdb::ColumnFamilyHandle* h : handles_) {
    db_->DestroyColumnFamilyHandle(h).PermitUncheckedError();
  }
  db_->Close().PermitUncheckedError();
}

absl::Status EventStore::Append(
    const std::vector<std::pair<uint64_t, v1::StoredEvent>>& events,
    const std::vector<IdempotencyEntry>& idempotency) {
  rocksdb::WriteBatch batch;
  for (const auto& [sequence, stored] : events) {
    rocksdb::Status s =
        batch.Put(events_, SequenceKey(sequence), stored.SerializeAsString());
    if (!s.ok()) return FromRocks(s, "cannot build the write batch");
  }
  for (const IdempotencyEntry& e : idempotency) {
    rocksdb::Status s = batch.Put(
        idempotency_, IdempotencyKey(e.tournament_id, e.idempotency_key),
        e.record.SerializeAsString());
    if (!s.ok()) return FromRocks(s, "cannot build the write batch");
  }
  rocksdb::WriteOptions write_options;
  write_options.sync = sync_;
  return FromRocks(db_->Write(write_options, &batch),
                   "cannot write to the event log");
}

absl::StatusOr<uint64_t> EventStore::LastSequence() const {
  std::unique_ptr<rocksdb::Iterator> it(
      db_->NewIterator(rocksdb::ReadOptions(), events_));
  it->SeekToLast();
  if (!it->Valid()) {
    if (!it->status().ok()) {
      return FromRocks(it->status(), "cannot read the event log");
    }
    return 0;
  }
  return SequenceFromKey(it->key());
}

absl::StatusOr<std::string> EventStore::ReadRaw(uint64_t sequence) const {
  std::string value;
  rocksdb::Status s =
      db_->Get(rocksdb::ReadOptions(), events_, SequenceKey(sequence), &value);
  if (s.IsNotFound()) {
    return absl::NotFoundError(
        absl::StrCat("no event with sequence ", sequence));
  }
  if (!s.ok()) return FromRocks(s, "cannot read the event log");
  return value;
}

absl::Status EventStore::Scan(
    uint64_t from_sequence,
    const std::function<bool(uint64_t, const std::string&)>& visit) const {
  std::unique_ptr<rocksdb::Iterator> it(
      db_->NewIterator(rocksdb::ReadOptions(), events_));
  for (it->Seek(SequenceKey(from_sequence)); it->Valid(); it->Next()) {
    if (!visit(SequenceFromKey(it->key()), it->value().ToString())) break;
  }
  return FromRocks(it->status(), "cannot read the event log");
}

absl::StatusOr<std::optional<v1::IdempotencyRecord>>
EventStore::FindIdempotency(const std::string& tournament_id,
                            const std::string& idempotency_key) const {
  std::string value;
  rocksdb::Status s =
      db_->Get(rocksdb::ReadOptions(), idempotency_,
               IdempotencyKey(tournament_id, idempotency_key), &value);
  if (s.IsNotFound()) return std::nullopt;
  if (!s.ok()) return FromRocks(s, "cannot read the idempotency records");
  v1::IdempotencyRecord record;
  if (!record.ParseFromString(value)) {
    return absl::DataLossError(absl::StrCat("the idempotency record for key '",
                                            idempotency_key, "' is corrupt"));
  }
  return std::optional<v1::IdempotencyRecord>(std::move(record));
}

}  // namespace tally::replay
