#include "replay/log/log_head.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <utility>

#include "absl/strings/str_cat.h"
#include "replay/log/sha256.h"

namespace tally::replay {
namespace {

constexpr size_t kSlotSize = 512;
constexpr char kMagic[] = "TALLYHD1";  // 8 bytes, no terminator stored
constexpr size_t kMagicSize = 8;
constexpr size_t kHashSize = 32;
// magic, sequence (8 bytes big-endian), hash (32), SHA-256 of the three.
constexpr size_t kRecordSize = kMagicSize + 8 + kHashSize + kHashSize;

std::string HeadPath(const std::string& dir) {
  return absl::StrCat(dir, "/", kHeadFileName);
}

std::string EncodeSlot(const LogHead& head) {
  std::string body(kMagic, kMagicSize);
  for (int i = 7; i >= 0; --i) {
    body.push_back(static_cast<char>((head.sequence >> (8 * i)) & 0xff));
  }
  std::string hash = head.hash;
  hash.resize(kHashSize, '\0');
  body += hash;
  body += Sha256(body);
  body.resize(kSlotSize, '\0');
  return body;
}

std::optional<LogHead> DecodeSlot(const std::string& slot) {
  if (slot.size() < kRecordSize) return std::nullopt;
  const std::string body = slot.substr(0, kRecordSize - kHashSize);
  if (body.compare(0, kMagicSize, kMagic, kMagicSize) != 0 ||
      Sha256(body) != slot.substr(kRecordSize - kHashSize, kHashSize)) {
    return std::nullopt;
  }
  LogHead head;
  for (size_t i = 0; i < 8; ++i) {
    head.sequence =
        (head.sequence << 8) | static_cast<unsigned char>(body[kMagicSize + i]);
  }
  if (head.sequence != 0) head.hash = body.substr(kMagicSize + 8, kHashSize);
  return head;
}

absl::Status ErrnoStatus(absl::string_view what, const std::string& path) {
  if (errno == ENOSPC || errno == EDQUOT) {
    return absl::UnavailableError(absl::StrCat("no space left on device in ",
                                               path.substr(0, path.rfind('/')),
                                               " (", what, " ", path, ")"));
  }
  std::string message = absl::StrCat(what, " ", path, ": ", strerror(errno));
  return errno == ENOSPC || errno == EIO || errno == EDQUOT
             ? absl::UnavailableError(message)
             : absl::InternalError(message);
}

absl::Status WriteAll(int fd, const std::string& bytes, off_t offset,
                      const std::string& path) {
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = pwrite(fd, bytes.data() + done, bytes.size() - done,
                       offset + static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return ErrnoStatus("cannot write", path);
    done += static_cast<size_t>(n);
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::optional<LogHead>> ReadHead(const std::string& dir) {
  const std::string path = HeadPath(dir);
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return std::nullopt;
    return ErrnoStatus("cannot read", path);
  }
  std::string bytes(2 * kSlotSize, '\0');
  ssize_t n = pread(fd, bytes.data(), bytes.size(), 0);
  if (n < 0) {
    absl::Status s = ErrnoStatus("cannot read", path);
    close(fd);
    return s;
  }
  close(fd);
  bytes.resize(static_cast<size_t>(n));
  std::optional<LogHead> best;
  for (size_t offset = 0; offset < bytes.size(); offset += kSlotSize) {
    std::optional<LogHead> slot = DecodeSlot(bytes.substr(offset, kSlotSize));
    if (slot.has_value() &&
        (!best.has_value() || slot->sequence > best->sequence)) {
      best = std::move(slot);
    }
  }
  if (!best.has_value()) {
    return absl::DataLossError(absl::StrCat(
        path, " is damaged: neither copy of the head is readable"));
  }
  return best;
}

absl::StatusOr<std::unique_ptr<HeadFile>> HeadFile::Open(
    const std::string& dir, const LogHead& initial) {
  const std::string path = HeadPath(dir);
  int fd = open(path.c_str(), O_RDWR | O_CLOEXEC);
  if (fd >= 0) return std::unique_ptr<HeadFile>(new HeadFile(path, fd));
  if (errno != ENOENT) return ErrnoStatus("cannot open", path);
  // Written whole under another name, then renamed: a head file that
  // exists is never half-written.
  const std::string fresh = path + ".new";
  fd = open(fresh.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return ErrnoStatus("cannot create", fresh);
  const std::string slot = EncodeSlot(initial);
  absl::Status written = WriteAll(fd, slot + slot, 0, fresh);
  if (written.ok() && fsync(fd) != 0) {
    written = ErrnoStatus("cannot sync", fresh);
  }
  if (written.ok() && rename(fresh.c_str(), path.c_str()) != 0) {
    written = ErrnoStatus("cannot rename", fresh);
  }
  if (!written.ok()) {
    close(fd);
    unlink(fresh.c_str());
    return written;
  }
  auto file = std::unique_ptr<HeadFile>(new HeadFile(path, fd));
  int dir_fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0) return ErrnoStatus("cannot open", dir);
  const int synced = fsync(dir_fd);
  close(dir_fd);
  if (synced != 0) return ErrnoStatus("cannot sync", dir);
  return file;
}

HeadFile::~HeadFile() { close(fd_); }

absl::Status HeadFile::Write(const LogHead& head, bool sync) {
  const off_t offset = static_cast<off_t>((head.sequence % 2) * kSlotSize);
  if (absl::Status s = WriteAll(fd_, EncodeSlot(head), offset, path_);
      !s.ok()) {
    return s;
  }
  if (sync && fdatasync(fd_) != 0) return ErrnoStatus("cannot sync", path_);
  return absl::OkStatus();
}

}  // namespace tally::replay
