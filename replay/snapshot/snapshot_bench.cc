// snapshot_bench DIR: start-up of an existing data directory (a copy made
// for the purpose: snapshots are written into it) with and without a
// snapshot of the State. Prints, one line each: the full replay (every
// event checked and folded), the snapshot written at the head (bytes and
// time), and the start-up from it (every event checked, none folded), each
// as events/s over the whole log. Run it through .ci/bench.
// `snapshot_bench --fill DIR N` instead makes a log of about N events in
// the shape tally_load's fill gives through tallyd (24-table matchpoint
// Mitchells, 2 boards a round, every result entered), appended in-process
// without syncing, to measure start-up without filling through gRPC.
// `snapshot_bench --open DIR` only opens DIR from its snapshot (to profile).
// A benchmark may read the clock; the log and projections never do.

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "replay/profile/profile_loader.h"
#include "replay/snapshot/snapshot_store.h"
#include "replay/snapshot/snapshot_writer.h"
#include "replay/state/event_log.h"

namespace tally::replay {
namespace {

// CPU time of the whole process so far (every thread), in seconds: on a
// shared machine the wall time also counts the time other processes ran.
double CpuSeconds() {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

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
  const double cpu_start = CpuSeconds();
  absl::StatusOr<std::unique_ptr<EventLog>> log = EventLog::Open(options);
  const double cpu = CpuSeconds() - cpu_start;
  if (!log.ok()) {
    std::fprintf(stderr, "%s\n", log.status().ToString().c_str());
    return false;
  }
  const double seconds = Seconds(start);
  const OpenReport& r = (*log)->open_report();
  std::printf(
      "%s: %llu events checked, %llu folded, snapshot at %llu, in %.3f s = "
      "%.0f events/s (%.3f s of CPU)\n",
      what, static_cast<unsigned long long>(r.events_checked),
      static_cast<unsigned long long>(r.events_folded),
      static_cast<unsigned long long>(r.snapshot_sequence), seconds,
      r.events_checked / seconds, cpu);
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
    const size_t bytes =
        found.ok() && found->has_value() ? (*found)->state_bytes.size() : 0;
    std::printf(
        "snapshot at %llu events: %zu bytes (%.0f per event), %s in %.3f s\n",
        static_cast<unsigned long long>(r.events_checked), bytes,
        static_cast<double>(bytes) / std::max<uint64_t>(r.events_checked, 1),
        writer.written() > 0 ? "written" : "there already", took);
  }
  return true;
}

// The commands of one filled tournament `id`.
std::vector<v1::EventPayload> Tournament(
    const std::string& id, const v1::RegulationProfileSpec& spec) {
  constexpr int kTables = 24, kBoardsPerRound = 2;
  std::vector<v1::EventPayload> out;
  v1::EventPayload p;
  p.mutable_tournament_created()->set_name(id);
  out.push_back(p);
  p.Clear();
  auto* c = p.mutable_competition_created();
  c->set_competition_id("pairs");
  c->set_name("Pairs");
  c->set_kind(v1::COMPETITION_KIND_MATCHPOINT_PAIRS);
  c->set_regulation_profile("nsw_matchpoint_pairs");
  *c->mutable_profile() = spec;
  out.push_back(p);
  for (int pair = 1; pair <= 2 * kTables; ++pair) {
    p.Clear();
    auto* r = p.mutable_pair_registered();
    r->set_competition_id("pairs");
    r->set_pair(pair);
    r->add_players(absl::StrCat(id, " N", pair));
    r->add_players(absl::StrCat(id, " S", pair));
    out.push_back(p);
  }
  // A Mitchell: NS pair t stays at table t, EW pairs move up a table and
  // boards down a table each round.
  p.Clear();
  auto* d = p.mutable_session_defined();
  d->set_competition_id("pairs");
  d->set_session(1);
  d->set_movement_source("mitchell tables=24 boards_per_round=2");
  auto ew = [](int round, int table) {
    return kTables + (table + round - 2) % kTables + 1;
  };
  auto first_board = [](int round, int table) {
    return ((table - round + kTables) % kTables) * kBoardsPerRound + 1;
  };
  for (int round = 1; round <= kTables; ++round) {
    auto* r = d->mutable_movement()->add_rounds();
    r->set_round(round);
    for (int table = 1; table <= kTables; ++table) {
      auto* t = r->add_tables();
      t->set_table(table);
      t->set_ns_pair(table);
      t->set_ew_pair(ew(round, table));
      for (int b = 0; b < kBoardsPerRound; ++b) {
        t->add_boards(first_board(round, table) + b);
      }
    }
  }
  out.push_back(p);
  p.Clear();
  p.mutable_session_started()->set_competition_id("pairs");
  p.mutable_session_started()->set_session(1);
  out.push_back(p);
  for (int round = 1; round <= kTables; ++round) {
    for (int table = 1; table <= kTables; ++table) {
      for (int b = 0; b < kBoardsPerRound; ++b) {
        p.Clear();
        auto* e = p.mutable_result_entered();
        e->set_competition_id("pairs");
        e->set_session(1);
        e->set_round(round);
        e->set_table(table);
        e->set_board(first_board(round, table) + b);
        e->set_ns_pair(table);
        e->set_ew_pair(ew(round, table));
        auto* played = e->mutable_result()->mutable_played();
        played->set_level(4);
        played->set_strain(v1::STRAIN_SPADES);
        played->set_declarer(v1::SEAT_NORTH);
        played->set_tricks(8 + (table + round + b) % 4);
        e->set_ns_score(played->tricks() >= 10 ? 420 : -50);
        out.push_back(p);
      }
    }
  }
  return out;
}

int Fill(const std::string& dir, uint64_t events) {
  absl::StatusOr<v1::RegulationProfileSpec> spec =
      FindBuiltInProfileSpec("nsw_matchpoint_pairs");
  if (!spec.ok()) return 1;
  EventLog::Options options;
  options.path = dir;
  options.sync = false;
  absl::StatusOr<std::unique_ptr<EventLog>> log = EventLog::Open(options);
  if (!log.ok()) {
    std::fprintf(stderr, "%s\n", log.status().ToString().c_str());
    return 1;
  }
  uint64_t appended = (*log)->Snapshot()->last_sequence;
  for (int t = 1; appended < events; ++t) {
    const std::string id = absl::StrCat("fill-", appended, "-", t);
    for (v1::EventPayload& payload : Tournament(id, *spec)) {
      if (appended >= events) break;
      Command c;
      c.tournament_id = id;
      c.idempotency_key = absl::StrCat("k", ++appended);
      c.fingerprint = c.idempotency_key;
      c.actor.set_role(v1::ROLE_VENUE);
      c.decide = [p = std::move(payload)](const State&) { return p; };
      absl::StatusOr<CommandResult> r = (*log)->Execute(std::move(c));
      if (!r.ok()) {
        std::fprintf(stderr, "%s\n", r.status().ToString().c_str());
        return 1;
      }
    }
  }
  std::printf("filled %s to %llu events\n", dir.c_str(),
              static_cast<unsigned long long>(appended));
  return 0;
}

}  // namespace
}  // namespace tally::replay

int main(int argc, char** argv) {
  if (argc == 4 && std::string(argv[1]) == "--fill") {
    return tally::replay::Fill(argv[2], std::strtoull(argv[3], nullptr, 10));
  }
  if (argc == 3 && std::string(argv[1]) == "--open") {  // for a profile
    return tally::replay::OpenTimed(argv[2], true,
                                    "replay from a snapshot (chain checked)")
               ? 0
               : 1;
  }
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
