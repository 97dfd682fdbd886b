#include "replay/log/data_dir_check.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "core/base/plural.h"
#include "replay/log/codec.h"
#include "replay/log/sha256.h"

namespace tally::replay {
namespace {

namespace fs = std::filesystem;

std::string Damaged(const std::string& dir) {
  return absl::StrCat("the data directory ", dir, " is damaged: ");
}

// Which event answers each (tournament, idempotency key).
struct Answer {
  uint64_t sequence;
  std::string hash;
};
using Answers = std::map<std::pair<std::string, std::string>, Answer>;

// What each event of the chain was appended under, by sequence: its
// tournament, idempotency key and hash, in three flat buffers (a map of
// every key cost a few allocations per event at start-up).
class ChainKeys {
 public:
  void Add(const std::string& tournament, const std::string& key,
           const std::string& hash) {
    text_.append(tournament);
    tournament_ends_.push_back(text_.size());
    text_.append(key);
    key_ends_.push_back(text_.size());
    hashes_.append(hash);
    hash_ends_.push_back(hashes_.size());
  }
  uint64_t size() const { return key_ends_.size(); }
  // Of event `sequence`, 1 to size().
  absl::string_view Tournament(uint64_t sequence) const {
    return Slice(text_, sequence == 1 ? 0 : key_ends_[sequence - 2],
                 tournament_ends_[sequence - 1]);
  }
  absl::string_view Key(uint64_t sequence) const {
    return Slice(text_, tournament_ends_[sequence - 1],
                 key_ends_[sequence - 1]);
  }
  absl::string_view Hash(uint64_t sequence) const {
    return Slice(hashes_, sequence == 1 ? 0 : hash_ends_[sequence - 2],
                 hash_ends_[sequence - 1]);
  }
  // Each (tournament, key) -> the first event appended under it.
  Answers ToMap() const {
    Answers answers;
    for (uint64_t s = 1; s <= size(); ++s) {
      answers.emplace(
          std::make_pair(std::string(Tournament(s)), std::string(Key(s))),
          Answer{s, std::string(Hash(s))});
    }
    return answers;
  }

 private:
  static absl::string_view Slice(const std::string& text, size_t from,
                                 size_t to) {
    return absl::string_view(text).substr(from, to - from);
  }
  std::string text_, hashes_;
  std::vector<size_t> tournament_ends_, key_ends_, hash_ends_;
};

std::string KeyText(const std::string& tournament, const std::string& key) {
  return absl::StrCat("key '", key, "' of tournament '", tournament, "'");
}

absl::Status CheckIdempotency(const EventStore& store, const Answers& answers,
                              DataDirectoryReport& report) {
  const std::string& dir = store.path();
  absl::Status failure;
  size_t matched = 0;
  absl::Status read = store.ScanIdempotency(
      [&](const std::string& tournament, const std::string& key,
          const v1::IdempotencyRecord& record) {
        ++report.idempotency_records;
        auto it = answers.find({tournament, key});
        if (it == answers.end()) {
          failure = absl::DataLossError(absl::StrCat(
              Damaged(dir), "the idempotency record for ",
              KeyText(tournament, key), " names event ", record.last_sequence(),
              ", but no event in the log was appended under that key"));
          return false;
        }
        if (record.last_sequence() != it->second.sequence) {
          failure = absl::DataLossError(absl::StrCat(
              Damaged(dir), "the idempotency record for ",
              KeyText(tournament, key), " names event ", record.last_sequence(),
              ", but the event appended under that "
              "key is event ",
              it->second.sequence,
              ": a retry would be answered with another command's outcome"));
          return false;
        }
        if (record.event_hash().empty()) {
          ++report.records_without_hash;
        } else if (record.event_hash() != it->second.hash) {
          failure = absl::DataLossError(absl::StrCat(
              Damaged(dir), "the idempotency record for ",
              KeyText(tournament, key), " names event ", record.last_sequence(),
              " with hash ", ToHex(record.event_hash()),
              ", but that event's hash is ", ToHex(it->second.hash)));
          return false;
        }
        ++matched;
        return true;
      });
  if (!read.ok()) return read;
  if (!failure.ok()) return failure;
  if (matched == answers.size()) return absl::OkStatus();
  std::vector<std::string> missing;
  for (const auto& [tk, answer] : answers) {
    // Cheap enough: only reached on damage.
    absl::StatusOr<std::optional<v1::IdempotencyRecord>> r =
        store.FindIdempotency(tk.first, tk.second);
    if (r.ok() && !r->has_value()) {
      if (missing.size() < 5) {
        missing.push_back(absl::StrCat("event ", answer.sequence, " (",
                                       KeyText(tk.first, tk.second), ")"));
      }
    }
  }
  return absl::DataLossError(absl::StrCat(
      Damaged(dir), core::Counted(answers.size() - matched, "event"),
      answers.size() - matched == 1 ? " has" : " have",
      " no idempotency record, so a client's retry of them "
      "would be applied a second time: ",
      absl::StrJoin(missing, ", "),
      answers.size() - matched > missing.size() ? ", ..." : ""));
}

// The records of an undamaged log, checked without a map of every key:
// each names, by its sequence, an event appended under the record's own
// tournament and key and (when it names one) with its hash, no two name
// the same event, and there are as many as events. Then every event's key
// is its own and CheckIdempotency would pass with the same counts. Any
// other case is left to CheckIdempotency, which names what is wrong.
bool IdempotencyMatchesChain(const EventStore& store, const ChainKeys& chain,
                             DataDirectoryReport& report) {
  std::vector<bool> named(chain.size() + 1, false);
  uint64_t records = 0, without_hash = 0;
  bool fits = true;
  absl::Status read = store.ScanIdempotency(
      [&](const std::string& tournament, const std::string& key,
          const v1::IdempotencyRecord& record) {
        const uint64_t s = record.last_sequence();
        fits = s >= 1 && s <= chain.size() && !named[s] &&
               chain.Tournament(s) == tournament && chain.Key(s) == key &&
               (record.event_hash().empty() ||
                record.event_hash() == chain.Hash(s));
        if (!fits) return false;
        named[s] = true;
        ++records;
        if (record.event_hash().empty()) ++without_hash;
        return true;
      });
  if (!read.ok() || !fits || records != chain.size()) return false;
  report.idempotency_records = records;
  report.records_without_hash = without_hash;
  return true;
}

// RocksDB reads its MANIFEST tolerating an incomplete last record, so a
// MANIFEST cut short opens on whatever edits are left. Walk its physical
// records (RocksDB's log format: 32 KiB blocks, 7-byte headers of
// checksum, little-endian length and type; RocksDB itself checks the
// checksums) and refuse one that does not end on a complete record.
absl::Status CheckManifestEnds(const std::string& dir,
                               const std::string& name) {
  constexpr size_t kBlock = 32768, kHeader = 7;
  std::ifstream in(fs::path(dir) / name, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), {});
  if (!in.eof() && in.fail()) {
    return absl::UnavailableError(absl::StrCat("cannot read ", dir, "/", name));
  }
  size_t pos = 0;
  int last_type = -1;
  while (pos < bytes.size()) {
    const size_t left_in_block = kBlock - pos % kBlock;
    if (left_in_block < kHeader) {  // the block's zero trailer
      pos = std::min(pos + left_in_block, bytes.size());
      continue;
    }
    if (bytes.size() - pos < kHeader) break;
    const size_t length = static_cast<unsigned char>(bytes[pos + 4]) |
                          (static_cast<unsigned char>(bytes[pos + 5]) << 8);
    last_type = static_cast<unsigned char>(bytes[pos + 6]);
    if (kHeader + length > left_in_block ||
        pos + kHeader + length > bytes.size()) {
      pos = bytes.size() + 1;  // a record runs past its block or the file
      break;
    }
    pos += kHeader + length;
  }
  // 1: a whole record; 4: the last fragment of one.
  if (pos == bytes.size() && (last_type == 1 || last_type == 4)) {
    return absl::OkStatus();
  }
  return absl::DataLossError(absl::StrCat(
      Damaged(dir), name, " (", bytes.size(),
      " bytes) ends in the middle of a record: it was cut short, and the "
      "files it lists can no longer be trusted"));
}

}  // namespace

absl::StatusOr<DirectoryState> InspectDirectory(const std::string& dir) {
  std::error_code error;
  const fs::file_status status = fs::status(dir, error);
  if (error && error != std::errc::no_such_file_or_directory) {
    return absl::UnavailableError(
        absl::StrCat("cannot look at ", dir, ": ", error.message()));
  }
  if (!fs::exists(status)) return DirectoryState::kAbsent;
  if (!fs::is_directory(status)) {
    return absl::FailedPreconditionError(
        absl::StrCat(dir, " is not a directory"));
  }
  fs::directory_iterator it(dir, error);
  if (error) {
    return absl::UnavailableError(
        absl::StrCat("cannot list ", dir, ": ", error.message()));
  }
  return it == fs::directory_iterator() ? DirectoryState::kEmpty
                                        : DirectoryState::kHasFiles;
}

absl::Status CheckFilesPresent(const std::string& dir, bool head_required) {
  std::vector<std::string> missing;
  const fs::path root(dir);
  std::error_code error;
  if (!fs::exists(root / "CURRENT", error)) {
    missing.push_back(
        "CURRENT (RocksDB's pointer to its MANIFEST, the list of the log's "
        "files)");
  } else {
    std::ifstream current(root / "CURRENT");
    std::string manifest;
    std::getline(current, manifest);
    manifest = std::string(absl::StripAsciiWhitespace(manifest));
    if (manifest.empty() || manifest.find('/') != std::string::npos) {
      return absl::DataLossError(
          absl::StrCat(Damaged(dir), "CURRENT does not name a MANIFEST"));
    }
    if (!fs::exists(root / manifest, error)) {
      missing.push_back(
          absl::StrCat(manifest, " (the MANIFEST named by CURRENT)"));
    } else if (absl::Status s = CheckManifestEnds(dir, manifest); !s.ok()) {
      return s;
    }
  }
  if (head_required && !fs::exists(root / kHeadFileName, error)) {
    missing.push_back(
        absl::StrCat(kHeadFileName,
                     " (the persisted head of the log: its last event "
                     "and hash)"));
  }
  if (missing.empty()) return absl::OkStatus();
  return absl::DataLossError(
      absl::StrCat(Damaged(dir), "it holds files but is missing ",
                   absl::StrJoin(missing, " and "),
                   "; no new log is created in a directory that is not empty"));
}

absl::StatusOr<DataDirectoryReport> CheckStore(
    const EventStore& store, const std::optional<LogHead>& head,
    const CheckedEventVisitor& visit, uint64_t heads_until,
    const CheckedHeadVisitor& visit_head) {
  const std::string& dir = store.path();
  DataDirectoryReport report;
  report.head = head;
  ChainKeys chain;
  absl::Status failure;
  // The visitor's first error, returned once the directory has passed.
  absl::Status visit_failure;
  LinkedEventHead event_head;  // reused for every event up to heads_until
  absl::Status read = store.Scan(1, [&](uint64_t sequence,
                                        const std::string& raw) {
    if (sequence != report.events + 1) {
      failure = absl::DataLossError(absl::StrCat(Damaged(dir), "event ",
                                                 report.events + 1,
                                                 " is missing (the next "
                                                 "stored event is ",
                                                 sequence, ")"));
      return false;
    }
    if (sequence <= heads_until) {
      absl::Status linked = DecodeLinkedEventHead(
          sequence, raw, report.events == 0 ? GenesisHash() : report.last_hash,
          event_head);
      if (!linked.ok()) {
        failure =
            absl::DataLossError(absl::StrCat(Damaged(dir), linked.message()));
        return false;
      }
      chain.Add(event_head.tournament_id, event_head.idempotency_key,
                event_head.hash);
      report.events = sequence;
      report.last_hash = event_head.hash;
      if (visit_head) visit_head(sequence, event_head);
      return true;
    }
    absl::StatusOr<v1::Event> event = DecodeLinkedEvent(
        sequence, raw, report.events == 0 ? GenesisHash() : report.last_hash);
    if (!event.ok()) {
      failure = absl::DataLossError(
          absl::StrCat(Damaged(dir), event.status().message()));
      return false;
    }
    chain.Add(event->tournament_id(), event->idempotency_key(),
              event->hash());
    report.events = sequence;
    report.last_hash = event->hash();
    if (visit && visit_failure.ok()) visit_failure = visit(*event);
    return true;
  });
  if (!read.ok()) {
    return absl::DataLossError(absl::StrCat(Damaged(dir), read.message()));
  }
  if (!failure.ok()) return failure;

  if (head.has_value()) {
    if (head->sequence > report.events) {
      return absl::DataLossError(absl::StrCat(
          Damaged(dir), "the log ends at event ", report.events,
          " but its persisted head (", kHeadFileName, ") is event ",
          head->sequence, " (hash ", ToHex(head->hash), "): events ",
          report.events + 1, " to ", head->sequence,
          " are missing (a write-ahead log or table deleted or cut short, or "
          "a MANIFEST that has lost files)"));
    }
    if (head->sequence > 0) {
      absl::StatusOr<std::string> raw = store.ReadRaw(head->sequence);
      if (!raw.ok()) return raw.status();
      absl::StatusOr<v1::Event> at_head = DecodeEvent(head->sequence, *raw);
      if (!at_head.ok()) return at_head.status();
      if (at_head->hash() != head->hash) {
        return absl::DataLossError(
            absl::StrCat(Damaged(dir), "event ", head->sequence, " has hash ",
                         ToHex(at_head->hash()), " but the persisted head (",
                         kHeadFileName, ") records hash ", ToHex(head->hash),
                         ": the log is not the one that was written"));
      }
    }
  }
  if (!IdempotencyMatchesChain(store, chain, report)) {
    report.idempotency_records = 0;
    report.records_without_hash = 0;
    if (absl::Status s = CheckIdempotency(store, chain.ToMap(), report);
        !s.ok()) {
      return s;
    }
  }
  if (!visit_failure.ok()) return visit_failure;
  return report;
}

absl::StatusOr<DataDirectoryReport> CheckDataDirectory(
    const std::string& dir, bool head_required,
    const CheckedEventVisitor& visit,
    const std::function<uint64_t(const EventStore&)>& before_chain,
    const CheckedHeadVisitor& visit_head) {
  absl::StatusOr<DirectoryState> state = InspectDirectory(dir);
  if (!state.ok()) return state.status();
  if (*state != DirectoryState::kHasFiles) {
    return absl::NotFoundError(
        absl::StrCat("the data directory ", dir, " is ",
                     *state == DirectoryState::kAbsent ? "absent" : "empty",
                     ": there is no log in it"));
  }
  if (absl::Status s = CheckFilesPresent(dir, head_required); !s.ok()) {
    return s;
  }
  absl::StatusOr<std::optional<LogHead>> head = ReadHead(dir);
  if (!head.ok()) {
    return absl::DataLossError(
        absl::StrCat(Damaged(dir), head.status().message()));
  }
  const std::string lost =
      head->has_value()
          ? absl::StrCat("; its persisted head is event ", (*head)->sequence,
                         ", so up to ", (*head)->sequence,
                         " events are affected")
          : "";
  EventStore::Options read_only;
  read_only.path = dir;
  read_only.read_only = true;
  absl::StatusOr<std::unique_ptr<EventStore>> store =
      EventStore::Open(read_only);
  if (!store.ok()) {
    if (store.status().code() == absl::StatusCode::kUnavailable) {
      return store.status();  // disk or lock, not damage
    }
    return absl::DataLossError(
        absl::StrCat(Damaged(dir), store.status().message(), lost));
  }
  const uint64_t heads_until = before_chain ? before_chain(**store) : 0;
  return CheckStore(**store, *head, visit, heads_until, visit_head);
}

}  // namespace tally::replay
