// snapshot_bench DIR: start-up of an existing data directory (a copy made
// for the purpose: snapshots are written into it) with and without a
// snapshot of the State. Prints, one line each: the full replay (every
// event checked and folded), the snapshot written at the head (bytes and
// time), and the start-up from it (every event checked, none folded), each
// as events/s over the whole log. Run it through .ci/bench.
// A benchmark may read the clock; the log and projections never do.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include "replay/snapshot/snapshot_store.h"
#include "replay/snapshot/snapshot_writer.h"
#include "replay/state/event_log.h"

namespace tally::replay {
namespace {

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since)
      .count();
}

// Opens `dir` (with snapshots or not), prints how long it took.
bool OpenTimed(const std::string& dir, bool snapshots, const char* what) {
  EventLog::Options options;
  options.path = dir;
  if (snapshots) {
    options.find_snapshot = SnapshotFinder([](const std::string& why) {
      std::fprintf(stderr, "snapshot ignored: %s\n", why.c_str());
    });
  }
  const auto start = std::chrono::steady_clock::now();
  absl::StatusOr<std::unique_ptr<EventLog>> log = EventLog::Open(options);
  if (!log.ok()) {
    std::fprintf(stderr, "%s\n", log.status().ToString().c_str());
    return false;
  }
  const double seconds = Seconds(start);
  const OpenReport& r = (*log)->open_report();
  std::printf(
      "%s: %llu events checked, %llu folded, snapshot at %llu, in %.3f s = "
      "%.0f events/s\n",
      what, static_cast<unsigned long long>(r.events_checked),
      static_cast<unsigned long long>(r.events_folded),
      static_cast<unsigned long long>(r.snapshot_sequence), seconds,
      r.events_checked / seconds);
  if (!snapshots) {
    const auto written = std::chrono::steady_clock::now();
    SnapshotWriter writer(**log, {.every = 0, .keep = 1});
    if (absl::Status s = writer.WriteNow(); !s.ok()) {
      std::fprintf(stderr, "%s\n", s.ToString().c_str());
      return false;
    }
    const double took = Seconds(written);
    absl::StatusOr<std::optional<FoundSnapshot>> found =
        FindSnapshot((*log)->store(), nullptr);
    const size_t bytes = found.ok() && found->has_value()
                             ? (*found)->state_bytes.size()
                             : 0;
    std::printf(
        "snapshot at %llu events: %zu bytes (%.0f per event), %s in %.3f s\n",
        static_cast<unsigned long long>(r.events_checked), bytes,
        static_cast<double>(bytes) / std::max<uint64_t>(r.events_checked, 1),
        writer.written() > 0 ? "written" : "there already", took);
  }
  return true;
}

}  // namespace
}  // namespace tally::replay

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: snapshot_bench DATA_DIR_COPY\n");
    return 2;
  }
  using tally::replay::OpenTimed;
  if (!OpenTimed(argv[1], false, "full replay (chain checked)")) return 1;
  if (!OpenTimed(argv[1], true, "replay from a snapshot (chain checked)")) {
    return 1;
  }
  return 0;
}
