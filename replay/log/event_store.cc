#include "replay/log/event_store.h"

#include <sys/statvfs.h>

#include <cstdarg>
#include <filesystem>
#include <memory>
#include <utility>

#include "absl/strings/str_cat.h"
#include "rocksdb/filter_policy.h"
#include "rocksdb/options.h"
#include "rocksdb/sst_file_writer.h"
#include "rocksdb/table.h"
#include "rocksdb/utilities/checkpoint.h"
#include "rocksdb/write_batch.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {
namespace {

// Reads of a whole column family in order (start-up, VerifyChain, export):
// each block read once, ahead, and kept out of the block cache, which is
// left to point reads (a start-up scan would otherwise keep the log's last
// blocks resident for nothing, issue #19).
rocksdb::ReadOptions ScanReadOptions() {
  rocksdb::ReadOptions read;
  read.fill_cache = false;
  read.readahead_size = 2 << 20;
  return read;
}

// What a failed RocksDB call means to the caller: Unavailable when it may
// pass (disk full, I/O error, lock held), DataLoss when the files are
// damaged, Internal otherwise.
absl::Status FromRocks(const rocksdb::Status& s, absl::string_view what,
                       const std::string& path) {
  if (s.ok()) return absl::OkStatus();
  if (s.IsNoSpace()) {
    return absl::UnavailableError(absl::StrCat(
        what, ": no space left on device in ", path, " (", s.ToString(), ")"));
  }
  std::string message = absl::StrCat(what, ": ", s.ToString());
  if (s.IsCorruption()) return absl::DataLossError(message);
  if (s.IsPathNotFound()) return absl::DataLossError(message);
  if (s.IsIOError() || s.IsBusy() || s.IsTryAgain()) {
    return absl::UnavailableError(message);
  }
  return absl::InternalError(message);
}

std::string IdempotencyKey(const std::string& tournament_id,
                           const std::string& key) {
  return absl::StrCat(tournament_id, std::string(1, '\0'), key);
}

// RocksDB's info log for a read-only open: nothing is written, so that
// checking a data directory leaves every file in it as it was.
class DiscardLogger : public rocksdb::Logger {
 public:
  using rocksdb::Logger::Logv;
  void Logv(const char*, va_list) override {}
};

// Whether there is room to open `path` for writing. RocksDB's open writes
// a new MANIFEST, OPTIONS, info log and write-ahead log and flushes the
// replayed write-ahead logs into tables; Debian's RocksDB 7.8 aborts on an
// assertion (WritableFileWriter::sync_without_flush_called_) when the disk
// fills during that, so the room is checked first: the write-ahead logs'
// size plus 1 MiB.
absl::Status CheckRoomToOpen(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (!fs::is_directory(path, error)) return absl::OkStatus();  // new
  uint64_t needed = 1 << 20;
  for (const fs::directory_entry& e : fs::directory_iterator(path, error)) {
    const std::string name = e.path().filename().string();
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".log") == 0) {
      needed += e.file_size(error);
    }
  }
  struct statvfs st;
  if (statvfs(path.c_str(), &st) != 0) return absl::OkStatus();
  const uint64_t free = static_cast<uint64_t>(st.f_bavail) * st.f_frsize;
  if (free >= needed) return absl::OkStatus();
  return absl::UnavailableError(absl::StrCat(
      "no space left on device in ", path, ": ", free / 1024,
      " KiB free, about ", needed / 1024,
      " KiB needed (the write-ahead logs' size, which a flush or an open "
      "turns into tables, plus 1 MiB)"));
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
  auto store = std::unique_ptr<EventStore>(new EventStore(options));
  {
    absl::MutexLock lock(&store->db_mu_);
    if (absl::Status s = store->OpenRocks(); !s.ok()) return s;
  }
  if (!options.read_only) {
    absl::StatusOr<std::unique_ptr<HeadFile>> head =
        HeadFile::Open(options.path, options.initial_head);
    if (!head.ok()) return head.status();
    store->head_file_ = *std::move(head);
  }
  return store;
}

EventStore::EventStore(const Options& options) : options_(options) {}

absl::Status EventStore::OpenRocks() {
  rocksdb::DBOptions db_options;
  db_options.create_if_missing = options_.create && !options_.read_only;
  db_options.create_missing_column_families = db_options.create_if_missing;
  // Acknowledged writes must survive and damage must be refused:
  // - kTolerateCorruptedTailRecords refuses to open on any corruption
  //   (a checksum mismatch, a bad record type or length, anywhere in any
  //   write-ahead log) and tolerates only an incomplete last record: the
  //   torn tail of a write that was cut off by a crash, power loss or a
  //   full disk and so was never acknowledged (the WAL is synced before
  //   any client is told OK).
  // - kAbsoluteConsistency would also refuse that torn tail, so a tallyd
  //   killed mid-write on a full disk, or after a power cut, could not
  //   restart although nothing acknowledged was lost.
  // - kPointInTimeRecovery (RocksDB's default) silently stops replaying at
  //   the first corruption and carries on without the rest: acknowledged
  //   events after a flipped byte are dropped without a word.
  // What the tolerated tail mode cannot see (a log cut at a record
  // boundary, a deleted log, a MANIFEST that forgets files) the persisted
  // head in TALLY-HEAD catches.
  db_options.wal_recovery_mode =
      rocksdb::WALRecoveryMode::kTolerateCorruptedTailRecords;
  db_options.paranoid_checks = true;
  // Never open on whatever files are left (best-efforts recovery would).
  db_options.best_efforts_recovery = false;
  if (options_.env != nullptr) db_options.env = options_.env;
  if (options_.read_only) {
    db_options.info_log = std::make_shared<DiscardLogger>();
  } else if (options_.env == nullptr) {  // tests' file systems are not disks
    if (absl::Status room = CheckRoomToOpen(path_); !room.ok()) return room;
  }
  // A tournament's events are small: a whole congress fits in a few MiB.
  // RocksDB's default 64 MiB memtable would make it preallocate a 70 MiB
  // write-ahead log file in every data directory.
  rocksdb::ColumnFamilyOptions family_options;
  family_options.write_buffer_size = 4 << 20;
  // Read back every table RocksDB writes before it is used.
  family_options.paranoid_file_checks = true;
  // The writer looks up every command's idempotency key, and almost every
  // key is new: a Bloom filter answers "not there" without reading each
  // table file's index (8% of the writer's time under 32 venue clients
  // without it, issue #19). Tables written before it have no filter and are
  // read as before.
  rocksdb::ColumnFamilyOptions idempotency_options = family_options;
  rocksdb::BlockBasedTableOptions idempotency_tables;
  idempotency_tables.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10));
  idempotency_options.table_factory.reset(
      rocksdb::NewBlockBasedTableFactory(idempotency_tables));
  std::vector<rocksdb::ColumnFamilyDescriptor> families = {
      {rocksdb::kDefaultColumnFamilyName, family_options},
      {kEventsFamily, family_options},
      {kIdempotencyFamily, idempotency_options},
  };
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* raw = nullptr;
  rocksdb::Status s =
      options_.read_only
          ? rocksdb::DB::OpenForReadOnly(db_options, path_, families, &handles,
                                         &raw)
          : rocksdb::DB::Open(db_options, path_, families, &handles, &raw);
  if (s.IsNoSpace()) {
    return absl::UnavailableError(absl::StrCat("no space left on device in ",
                                               path_, " (", s.ToString(), ")"));
  }
  if (!s.ok()) {
    return FromRocks(
        s, absl::StrCat("RocksDB cannot open the data directory ", path_),
        path_);
  }
  db_.reset(raw);
  handles_ = std::move(handles);
  derived_ = handles_[0];
  events_ = handles_[1];
  idempotency_ = handles_[2];
  return absl::OkStatus();
}

void EventStore::CloseRocks() {
  if (db_ == nullptr) return;
  for (rocksdb::ColumnFamilyHandle* h : handles_) {
    db_->DestroyColumnFamilyHandle(h).PermitUncheckedError();
  }
  handles_.clear();
  derived_ = events_ = idempotency_ = nullptr;
  db_->Close().PermitUncheckedError();
  db_.reset();
}

absl::Status EventStore::CheckOpen() const {
  if (db_ != nullptr) return absl::OkStatus();
  return absl::UnavailableError(absl::StrCat(
      "the data directory ", path_,
      " is being recovered after a failed write (disk full or I/O error)"));
}

absl::Status EventStore::CopyTo(const std::string& dir) const {
  absl::ReaderMutexLock lock(&db_mu_);
  if (absl::Status open = CheckOpen(); !open.ok()) return open;
  rocksdb::Checkpoint* raw = nullptr;
  if (absl::Status s = FromRocks(rocksdb::Checkpoint::Create(db_.get(), &raw),
                                 "cannot copy the event log", path_);
      !s.ok()) {
    return s;
  }
  const std::unique_ptr<rocksdb::Checkpoint> checkpoint(raw);
  return FromRocks(checkpoint->CreateCheckpoint(dir),
                   absl::StrCat("cannot copy the event log to ", dir), path_);
}

EventStore::~EventStore() {
  absl::MutexLock lock(&db_mu_);
  CloseRocks();
}

bool EventStore::NeedsRecovery() const { return needs_recovery_; }

absl::Status EventStore::Recover() {
  absl::MutexLock lock(&db_mu_);
  if (!needs_recovery_) return absl::OkStatus();
  // While there is no room, keep the DB open for reads.
  if (options_.env == nullptr) {
    if (absl::Status room = CheckRoomToOpen(path_); !room.ok()) {
      return absl::UnavailableError(absl::StrCat(
          "the data directory ", path_,
          " still cannot be written; nothing was stored: ", room.message()));
    }
  }
  CloseRocks();
  if (absl::Status s = OpenRocks(); !s.ok()) {
    return absl::UnavailableError(absl::StrCat(
        "the data directory ", path_,
        " still cannot be written; nothing was stored: ", s.message()));
  }
  needs_recovery_ = false;
  return absl::OkStatus();
}

absl::Status EventStore::Append(
    const std::vector<std::pair<uint64_t, v1::StoredEvent>>& events,
    const std::vector<IdempotencyEntry>& idempotency) {
  if (head_file_ == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat("the data directory ", path_, " is open read-only"));
  }
  // Refused before RocksDB is asked, while there is room to refuse: a
  // write that fails part-way makes Debian's RocksDB 7.8 abort on the next
  // sync (WritableFileWriter's sync_without_flush_called_ assertion).
  if (options_.env == nullptr) {
    if (absl::Status room = CheckRoomToOpen(path_); !room.ok()) {
      return absl::UnavailableError(
          absl::StrCat("cannot write to the event log; nothing was stored: ",
                       room.message()));
    }
  }
  absl::ReaderMutexLock lock(&db_mu_);
  if (needs_recovery_ || db_ == nullptr) {
    return absl::UnavailableError(absl::StrCat(
        "the data directory ", path_,
        " cannot be written until it is recovered; nothing was stored"));
  }
  rocksdb::WriteBatch batch;
  for (const auto& [sequence, stored] : events) {
    rocksdb::Status s =
        batch.Put(events_, SequenceKey(sequence), stored.SerializeAsString());
    if (!s.ok()) return FromRocks(s, "cannot build the write batch", path_);
  }
  for (const IdempotencyEntry& e : idempotency) {
    rocksdb::Status s = batch.Put(
        idempotency_, IdempotencyKey(e.tournament_id, e.idempotency_key),
        e.record.SerializeAsString());
    if (!s.ok()) return FromRocks(s, "cannot build the write batch", path_);
  }
  rocksdb::WriteOptions write_options;
  write_options.sync = options_.sync;
  if (absl::Status s =
          FromRocks(db_->Write(write_options, &batch),
                    "cannot write to the event log; nothing was stored", path_);
      !s.ok()) {
    needs_recovery_ = true;
    return s;
  }
  if (events.empty()) return absl::OkStatus();
  // The events are durable. A head that cannot be written lags the log,
  // which the start-up check accepts (the log extends its head), so the
  // write still succeeds.
  head_file_
      ->Write({.sequence = events.back().first,
               .hash = events.back().second.hash()})
      .IgnoreError();
  return absl::OkStatus();
}

absl::StatusOr<uint64_t> EventStore::LastSequence() const {
  absl::ReaderMutexLock lock(&db_mu_);
  if (absl::Status open = CheckOpen(); !open.ok()) return open;
  std::unique_ptr<rocksdb::Iterator> it(
      db_->NewIterator(rocksdb::ReadOptions(), events_));
  it->SeekToLast();
  if (!it->Valid()) {
    if (!it->status().ok()) {
      return FromRocks(it->status(), "cannot read the event log", path_);
    }
    return 0;
  }
  return SequenceFromKey(it->key());
}

absl::StatusOr<std::string> EventStore::ReadRaw(uint64_t sequence) const {
  absl::ReaderMutexLock lock(&db_mu_);
  if (absl::Status open = CheckOpen(); !open.ok()) return open;
  std::string value;
  rocksdb::Status s =
      db_->Get(rocksdb::ReadOptions(), events_, SequenceKey(sequence), &value);
  if (s.IsNotFound()) {
    return absl::NotFoundError(
        absl::StrCat("no event with sequence ", sequence));
  }
  if (!s.ok()) return FromRocks(s, "cannot read the event log", path_);
  events_read_.fetch_add(1, std::memory_order_relaxed);
  return value;
}

absl::Status EventStore::Scan(
    uint64_t from_sequence,
    const std::function<bool(uint64_t, const std::string&)>& visit) const {
  absl::ReaderMutexLock lock(&db_mu_);
  if (absl::Status open = CheckOpen(); !open.ok()) return open;
  std::unique_ptr<rocksdb::Iterator> it(
      db_->NewIterator(ScanReadOptions(), events_));
  std::string value;  // one buffer for every event: no allocation each
  for (it->Seek(SequenceKey(from_sequence)); it->Valid(); it->Next()) {
    events_read_.fetch_add(1, std::memory_order_relaxed);
    value.assign(it->value().data(), it->value().size());
    if (!visit(SequenceFromKey(it->key()), value)) break;
  }
  return FromRocks(it->status(), "cannot read the event log", path_);
}

absl::StatusOr<std::optional<v1::IdempotencyRecord>>
EventStore::FindIdempotency(const std::string& tournament_id,
                            const std::string& idempotency_key) const {
  absl::ReaderMutexLock lock(&db_mu_);
  if (absl::Status open = CheckOpen(); !open.ok()) return open;
  std::string value;
  rocksdb::Status s =
      db_->Get(rocksdb::ReadOptions(), idempotency_,
               IdempotencyKey(tournament_id, idempotency_key), &value);
  if (s.IsNotFound()) return std::nullopt;
  if (!s.ok()) {
    return FromRocks(s, "cannot read the idempotency records", path_);
  }
  v1::IdempotencyRecord record;
  if (!record.ParseFromString(value)) {
    return absl::DataLossError(absl::StrCat("the idempotency record for key '",
                                            idempotency_key, "' is corrupt"));
  }
  return std::optional<v1::IdempotencyRecord>(std::move(record));
}

absl::Status EventStore::ScanIdempotency(
    const std::function<bool(const std::string&, const std::string&,
                             const v1::IdempotencyRecord&)>& visit) const {
  absl::ReaderMutexLock lock(&db_mu_);
  if (absl::Status open = CheckOpen(); !open.ok()) return open;
  std::unique_ptr<rocksdb::Iterator> it(
      db_->NewIterator(ScanReadOptions(), idempotency_));
  // One key, tournament, client key and record for every record: no
  // allocation each once they have grown.
  std::string key, tournament, client_key;
  v1::IdempotencyRecord record;
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    key.assign(it->key().data(), it->key().size());
    const size_t nul = key.find('\0');
    tournament.assign(key, 0, nul);
    if (nul == std::string::npos) {
      client_key.clear();
    } else {
      client_key.assign(key, nul + 1);
    }
    if (nul == std::string::npos ||
        !record.ParseFromArray(it->value().data(),
                               static_cast<int>(it->value().size()))) {
      return absl::DataLossError(
          absl::StrCat("the idempotency record for key '", client_key,
                       "' of tournament '", tournament, "' is corrupt"));
    }
    if (!visit(tournament, client_key, record)) break;
  }
  return FromRocks(it->status(), "cannot read the idempotency records", path_);
}

absl::Status EventStore::WriteDerived(
    const std::vector<std::pair<std::string, absl::string_view>>& entries,
    const std::string& drop_from, const std::string& drop_to) const {
  absl::ReaderMutexLock lock(&db_mu_);
  if (absl::Status open = CheckOpen(); !open.ok()) return open;
  if (options_.read_only) {
    return absl::FailedPreconditionError(
        absl::StrCat("the data directory ", path_, " is open read-only"));
  }
  if (!entries.empty()) {
    // Written beside the store, then moved in by the ingestion (a file
    // left by a crash before it is overwritten by the next write).
    const std::string file = absl::StrCat(path_, "/derived-ingest.sst");
    rocksdb::Options options;
    if (options_.env != nullptr) options.env = options_.env;
    rocksdb::SstFileWriter writer(rocksdb::EnvOptions(), options, derived_);
    rocksdb::Status s = writer.Open(file);
    for (const auto& [key, value] : entries) {
      if (!s.ok()) break;
      s = writer.Put(key, rocksdb::Slice(value.data(), value.size()));
    }
    if (s.ok()) s = writer.Finish();
    if (s.ok()) {
      rocksdb::IngestExternalFileOptions ingest;
      ingest.move_files = true;
      s = db_->IngestExternalFile(derived_, {file}, ingest);
    }
    if (!s.ok()) {
      std::error_code ignored;
      std::filesystem::remove(file, ignored);
      return FromRocks(s, "cannot write derived data", path_);
    }
  }
  if (drop_from < drop_to) {
    rocksdb::WriteOptions write;
    write.sync = false;  // derived: losing the deletion loses nothing
    return FromRocks(db_->DeleteRange(write, derived_, drop_from, drop_to),
                     "cannot delete derived data", path_);
  }
  return absl::OkStatus();
}

absl::StatusOr<std::optional<std::pair<std::string, std::string>>>
EventStore::FirstDerivedFrom(const std::string& key) const {
  absl::ReaderMutexLock lock(&db_mu_);
  if (absl::Status open = CheckOpen(); !open.ok()) return open;
  rocksdb::ReadOptions read;
  read.fill_cache = false;
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(read, derived_));
  it->Seek(key);
  if (!it->Valid()) {
    if (absl::Status s =
            FromRocks(it->status(), "cannot read derived data", path_);
        !s.ok()) {
      return s;
    }
    return std::nullopt;
  }
  return std::make_pair(it->key().ToString(), it->value().ToString());
}

absl::StatusOr<std::string> EventStore::ReadDerived(
    const std::string& key) const {
  absl::ReaderMutexLock lock(&db_mu_);
  if (absl::Status open = CheckOpen(); !open.ok()) return open;
  rocksdb::ReadOptions read;
  read.fill_cache = false;
  std::string value;
  rocksdb::Status s = db_->Get(read, derived_, key, &value);
  if (s.IsNotFound()) return absl::NotFoundError("no such derived entry");
  if (!s.ok()) return FromRocks(s, "cannot read derived data", path_);
  return value;
}

}  // namespace tally::replay
