// event_log_bench: how fast the log appends (synced WAL, group commit) with
// 1, 4 and 16 concurrent writers, and how fast a data directory replays at
// start-up (a log of argv[1] events, default 10,000), and what a copy of
// the State costs. Prints one line per figure; run it through .ci/bench.
// `event_log_bench --replay DIR` instead opens an existing data directory
// (a copy: one event is appended) and prints its start-up time, stored
// bytes and memory per event.
// A benchmark may read the clock; the log and projections never do.

#include <malloc.h>
#include <stdlib.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "replay/state/event_log.h"

namespace tally::replay {
namespace {

// EventLog options for the log at `path`, the rest at their defaults
// (named rather than a designated list, which would leave after_durable to
// -Wmissing-field-initializers).
EventLog::Options LogAt(const std::string& path) {
  EventLog::Options options;
  options.path = path;
  return options;
}

Command CreateTournament(const std::string& id) {
  Command c;
  c.tournament_id = id;
  c.idempotency_key = id;
  c.fingerprint = id;
  c.decide = [id](const State&) -> absl::StatusOr<v1::EventPayload> {
    v1::EventPayload p;
    p.mutable_tournament_created()->set_name(id);
    return p;
  };
  return c;
}

std::string TempDir() {
  std::string pattern = "/tmp/tally_bench.XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) abort();
  return pattern;
}

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since)
      .count();
}

int Run(int replay_events) {
  const int kPerThread = 400;
  std::vector<std::string> dirs;
  for (int threads : {1, 4, 16}) {
    dirs.push_back(TempDir());
    const std::string& last_dir = dirs.back();
    auto log = EventLog::Open(LogAt(last_dir));
    if (!log.ok()) {
      std::fprintf(stderr, "%s\n", log.status().ToString().c_str());
      return 1;
    }
    std::atomic<int> failures = 0;
    auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
      workers.emplace_back([&, t] {
        for (int i = 0; i < kPerThread; ++i) {
          if (!(*log)
                   ->Execute(CreateTournament(absl::StrCat("t", t, "-", i)))
                   .ok()) {
            ++failures;
          }
        }
      });
    }
    for (std::thread& w : workers) w.join();
    double seconds = Seconds(start);
    int appended = threads * kPerThread;
    std::printf(
        "append, synced, %2d writers: %6d events in %6.3f s = %8.0f "
        "events/s (%d failed)\n",
        threads, appended, seconds, appended / seconds, failures.load());
  }
  // Replay: a log of `replay_events` events (16 writers), reopened.
  dirs.push_back(TempDir());
  {
    auto log = EventLog::Open(LogAt(dirs.back()));
    if (!log.ok()) return 1;
    std::vector<std::thread> workers;
    std::atomic<int> next = 0;
    for (int t = 0; t < 16; ++t) {
      workers.emplace_back([&] {
        for (int i = next++; i < replay_events; i = next++) {
          if (!(*log)->Execute(CreateTournament(absl::StrCat("r", i))).ok()) {
            abort();
          }
        }
      });
    }
    for (std::thread& w : workers) w.join();
    std::printf("published State copies while appending: %llu\n",
                static_cast<unsigned long long>((*log)->published_copies()));
  }
  auto start = std::chrono::steady_clock::now();
  auto reopened = EventLog::Open(LogAt(dirs.back()));
  if (!reopened.ok()) return 1;
  std::shared_ptr<const State> state = (*reopened)->Snapshot();
  const uint64_t events = state->last_sequence;
  double seconds = Seconds(start);
  std::printf(
      "replay at start-up (chain checked): %llu events in %.3f s = "
      "%.0f events/s\n",
      static_cast<unsigned long long>(events), seconds, events / seconds);
  // What a copy of the State costs (the writer's when every pooled State
  // is held, a what-if's): its tournament pointers and offence register;
  // the tournaments are shared, cloned only when the copy changes one.
  start = std::chrono::steady_clock::now();
  constexpr int kCopies = 5;
  for (int i = 0; i < kCopies; ++i) {
    State copy = *state;
    if (copy.last_sequence != events) abort();
  }
  std::printf(
      "State copy (tournaments shared): %.3f ms for %llu events (%.2f us "
      "per event)\n",
      Seconds(start) * 1000 / kCopies, static_cast<unsigned long long>(events),
      Seconds(start) * 1e6 / kCopies / events);
  state.reset();
  reopened->reset();
  for (const std::string& dir : dirs) std::filesystem::remove_all(dir);
  return 0;
}

// This process's resident memory in bytes (VmRSS), 0 if unknown.
uint64_t ResidentBytes() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) {
      return std::strtoull(line.c_str() + 6, nullptr, 10) * 1024;
    }
  }
  return 0;
}

// Start-up on an existing data directory (a copy made for the purpose: it
// is opened for writing and one event is appended): the time to open it
// (check, chain, fold), the bytes stored per event, and the memory the
// log holds once open and once the writer has taken its first command.
int ReplayExisting(const std::string& dir) {
  malloc_trim(0);
  const uint64_t before = ResidentBytes();
  const auto start = std::chrono::steady_clock::now();
  auto log = EventLog::Open(LogAt(dir));
  if (!log.ok()) {
    std::fprintf(stderr, "%s\n", log.status().ToString().c_str());
    return 1;
  }
  const double seconds = Seconds(start);
  const uint64_t events = (*log)->Snapshot()->last_sequence;
  std::printf(
      "replay at start-up (chain checked): %llu events in %.3f s = "
      "%.0f events/s\n",
      static_cast<unsigned long long>(events), seconds, events / seconds);
  uint64_t stored = 0;
  if (!(*log)
           ->store()
           .Scan(1,
                 [&](uint64_t, const std::string& raw) {
                   stored += raw.size();
                   return true;
                 })
           .ok()) {
    return 1;
  }
  std::printf("stored: %llu bytes, %.0f bytes per event\n",
              static_cast<unsigned long long>(stored),
              static_cast<double>(stored) / events);
  auto memory = [&](const char* when) {
    const uint64_t rss = ResidentBytes();
    malloc_trim(0);
    const uint64_t trimmed = ResidentBytes();
    std::printf(
        "memory %s: %.0f bytes per event (%.2f x stored), %.0f after "
        "malloc_trim (%.2f x stored)\n",
        when, static_cast<double>(rss - before) / events,
        static_cast<double>(rss - before) / stored,
        static_cast<double>(trimmed - before) / events,
        static_cast<double>(trimmed - before) / stored);
  };
  memory("once open");
  if (!(*log)->Execute(CreateTournament("replay-bench-probe")).ok()) return 1;
  memory("after the first command");
  return 0;
}

}  // namespace
}  // namespace tally::replay

int main(int argc, char** argv) {
  if (argc > 2 && std::string(argv[1]) == "--replay") {
    return tally::replay::ReplayExisting(argv[2]);
  }
  // The replay's log size (default 10,000 events).
  const int events = argc > 1 ? std::atoi(argv[1]) : 10'000;
  return tally::replay::Run(events > 0 ? events : 10'000);
}
