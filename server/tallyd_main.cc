// tallyd: the tally tournament server. Creates the event log in --data_dir
// if the directory is absent or empty; otherwise checks it (refusing to
// start, changing nothing, if it is damaged: docs/data-directory.md),
// replays it, and serves the Director, Venue, Query, Audit, Calculator and
// Access services on --listen until SIGTERM or SIGINT. Every call needs a
// principal's bearer token (docs/access.md); the first start creates an
// administrator and writes its token to admin.token in the data directory.
// A listen address that is not loopback needs TLS (--tls_cert, --tls_key)
// or an explicit --insecure. The port is bound exclusively.
// Operators (docs/operator.md): every flag can come from a config file
// (--flagfile, Abseil's), --log_format=json writes one JSON object per log
// line, /metrics on the HTTP listener serves Prometheus metrics, and
// --restore_from starts on a checked copy of a backup.

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/internal/program_name.h"
#include "absl/flags/internal/usage.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/flags/usage_config.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "grpc/grpc.h"
#include "grpcpp/ext/proto_server_reflection_plugin.h"
#include "grpcpp/health_check_service_interface.h"
#include "grpcpp/server.h"
#include "grpcpp/server_builder.h"
#include "replay/checkpoint/checkpoint.h"
#include "replay/checkpoint/checkpoint_store.h"
#include "replay/log/sha256.h"
#include "replay/snapshot/snapshot_store.h"
#include "replay/snapshot/snapshot_writer.h"
#include "replay/state/event_log.h"
#include "server/access_service.h"
#include "server/backup.h"
#include "server/bearer_channel.h"
#include "server/calculator_service.h"
#include "server/checkpoints.h"
#include "server/clock.h"
#include "server/demo.h"
#include "server/gate.h"
#include "server/http/results_http_server.h"
#include "server/listen_address.h"
#include "server/log_line.h"
#include "server/log_watch.h"
#include "server/metrics/log_metrics.h"
#include "server/metrics/metrics_registry.h"
#include "server/metrics/rpc_metrics_interceptor.h"
#include "server/operator_service.h"
#include "server/principal_store.h"
#include "server/read_admission.h"
#include "server/services.h"
#include "server/snapshot_check_thread.h"
#include "server/version.h"
#include "server/watch_service.h"

ABSL_FLAG(std::string, data_dir, "./tally-data",
          "Directory of the embedded RocksDB event log (created if absent or "
          "empty; otherwise checked, and refused if damaged).");
ABSL_FLAG(bool, adopt_head, false,
          "Accept a data directory that has no TALLY-HEAD file (written by a "
          "tally older than the persisted head) if it passes every other "
          "check, and record its head. See docs/data-directory.md.");
ABSL_FLAG(std::string, listen, "127.0.0.1:50051",
          "Address to serve gRPC on, host:port (port 0 picks a free port).");
ABSL_FLAG(bool, demo, false,
          "Put the demo tournament 'demo' in the log if it is not there.");
ABSL_FLAG(std::string, test_clock_file, "",
          "For tests only: read the server's time (RFC 3339) from this file "
          "at each use instead of the wall clock.");
ABSL_FLAG(std::string, port_file, "",
          "If set, write the port actually bound to this file once serving.");
ABSL_FLAG(std::string, http_listen, "",
          "Address to serve the public results pages on, host:port (port 0 "
          "picks a free port); empty: no HTTP server, except with --demo, "
          "which serves them on 127.0.0.1:8080. See docs/results-pages.md.");
ABSL_FLAG(std::string, http_port_file, "",
          "If set, write the HTTP port actually bound to this file.");

namespace {
constexpr char kDemoHttpListen[] = "127.0.0.1:8080";
// The public principal the results pages read as (in memory only).
constexpr char kPagesPrincipal[] = "tallyd:pages";
}  // namespace
ABSL_FLAG(std::string, tls_cert, "",
          "PEM certificate chain of the server: serve TLS (with --tls_key).");
ABSL_FLAG(std::string, tls_key, "", "PEM private key of --tls_cert.");
ABSL_FLAG(std::string, tls_client_ca, "",
          "PEM CA certificates: also require and verify a client "
          "certificate signed by one of them (mutual TLS).");
ABSL_FLAG(bool, insecure, false,
          "Serve without TLS on an address that is not loopback. Bearer "
          "tokens then cross the network in clear: only on a network you "
          "trust completely.");
ABSL_FLAG(
    double, max_requests_per_second, 1000,
    "Each principal's sustained request rate (five times as many at once).");
ABSL_FLAG(int, standings_cache_mb, 32,
          "memory for GetStandings answers shared by their readers until "
          "their tournament changes (0: none kept, every call computes)");
ABSL_FLAG(int, max_concurrent_reads,
          tally::server::ReadAdmission::kDefaultMaxRunning,
          "Queries and audit questions computed at once; the rest wait, in "
          "turn, until their call's deadline. Commands and the health check "
          "never wait for them. 0: no bound. See docs/performance.md.");
ABSL_FLAG(int, max_streams, 8,
          "Each principal's concurrent log streams (ReadLog).");
ABSL_FLAG(std::string, log_format, "text",
          "How log lines are written on stderr: text (\"tallyd <time> "
          "<message>\") or json (one object per line with ts, level, msg "
          "and the line's fields). See docs/operator.md.");
ABSL_FLAG(uint64_t, snapshot_every, 100000,
          "Write a snapshot of the projection into the data directory after "
          "every this many events, and at a clean stop, so that start-up "
          "folds only the events after it (the whole chain is checked "
          "either way); the newest two are kept. 0: write none. See "
          "docs/performance.md.");
ABSL_FLAG(bool, use_snapshots, true,
          "Start from the newest snapshot that checks (false: fold every "
          "event, as a benchmark's reference).");
ABSL_FLAG(std::string, restore_from, "",
          "A backup directory (tally backup DIR): check it as a data "
          "directory is checked at start-up, copy it into --data_dir, which "
          "must be absent or empty, then start on it. See "
          "docs/operator.md.");

namespace {

// The exit status after the snapshot start-up began from failed its check
// by a full replay: not 1 (the unit's RestartPreventExitStatus), so that a
// supervisor starts tallyd again, which then folds every event.
constexpr int kSnapshotFailedExit = 3;

// Stops the gRPC server: no new calls, and those in flight get up to 5 s
// to finish. gRPC's Shutdown also waits, up to its deadline, for every
// client to close its connection, which a connected client does not do
// while idle (a venue's terminals, the tests' harness): so once no call is
// in flight, the connections are closed at once.
void StopServing(
    grpc::Server& server,
    const tally::server::metrics::RpcMetricsInterceptorFactory& calls) {
  std::thread shutdown([&server] {
    server.Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(5));
  });
  const absl::Time grace_end = absl::Now() + absl::Seconds(5);
  while (calls.in_flight() > 0 && absl::Now() < grace_end) {
    absl::SleepFor(absl::Milliseconds(5));
  }
  // An answer counted out of flight may still be on its way out.
  absl::SleepFor(absl::Milliseconds(50));
  grpc_server_cancel_all_calls(server.c_server());
  shutdown.join();
  server.Wait();
}

int Fail(const std::string& message) {
  tally::server::LogLine(absl::StrCat("cannot start: ", message),
                         tally::server::LogLevel::kError,
                         {{"event", "cannot_start"}});
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  // Debian's Abseil checks every mutex acquisition for lock-order cycles
  // (a graph lookup per lock, 2% of tallyd's time under load, issue #19);
  // tests and sanitizer builds keep the check, the server does not.
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
  absl::SetProgramUsageMessage(
      "tally tournament server.\n\n"
      "  tallyd [--data_dir=./tally-data] [--listen=127.0.0.1:50051] "
      "[--demo]\n\n"
      "Serves tally.v1 DirectorService, VenueService, QueryService,\n"
      "AuditService, CalculatorService, WatchService and AccessService, the\n"
      "gRPC health service and server reflection; with --http_listen (on\n"
      "for --demo), the results pages. Every call needs a principal's\n"
      "token; the first start writes the administrator's to\n"
      "DATA_DIR/admin.token (docs/access.md).\n"
      "Stops cleanly on SIGTERM or SIGINT.");
  absl::FlagsUsageConfig usage_config;
  usage_config.version_string = [] {
    return absl::StrCat("tallyd ", tally::server::Version(), "\n");
  };
  absl::SetFlagsUsageConfig(usage_config);
  // Abseil ends --help with exit status 1; asking for help is not an error,
  // so tallyd answers -h and --help itself (its own flags) and exits 0.
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--") break;
    if (arg == "-h" || arg == "--help") {
      absl::flags_internal::SetProgramInvocationName("tallyd");
      absl::flags_internal::FlagsHelp(
          std::cout, "tallyd_main.",
          absl::flags_internal::HelpFormat::kHumanReadable,
          absl::ProgramUsageMessage());
      std::cout
          << "\nAlso: --version, --helpfull (every flag, Abseil's too).\n";
      return 0;
    }
  }
  absl::ParseCommandLine(argc, argv);
  tally::server::LogFormat log_format;
  if (!tally::server::ParseLogFormat(absl::GetFlag(FLAGS_log_format),
                                     &log_format)) {
    return Fail(absl::StrCat("--log_format=", absl::GetFlag(FLAGS_log_format),
                             ": give text or json"));
  }
  tally::server::SetLogFormat(log_format);

  // Block the stop signals in every thread; main waits for them below.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  const std::string data_dir = absl::GetFlag(FLAGS_data_dir);
  const std::function<absl::Time()> clock =
      tally::server::ServerClock(absl::GetFlag(FLAGS_test_clock_file));
  // The transport first: a refused listen address changes nothing.
  absl::StatusOr<tally::server::ServingCredentials> credentials =
      tally::server::ListenCredentials(
          absl::GetFlag(FLAGS_listen),
          {.cert_file = absl::GetFlag(FLAGS_tls_cert),
           .key_file = absl::GetFlag(FLAGS_tls_key),
           .client_ca_file = absl::GetFlag(FLAGS_tls_client_ca),
           .insecure = absl::GetFlag(FLAGS_insecure)});
  if (!credentials.ok()) {
    return Fail(std::string(credentials.status().message()));
  }
  if (const std::string from = absl::GetFlag(FLAGS_restore_from);
      !from.empty()) {
    absl::StatusOr<tally::server::BackupReport> restored =
        tally::server::RestoreDataDirectory(from, data_dir);
    if (!restored.ok()) return Fail(std::string(restored.status().message()));
    tally::server::LogLine(
        absl::StrCat("restored ", data_dir, " from ", from, ": ",
                     restored->events, " events, head ",
                     tally::replay::ToHex(restored->head_hash),
                     ", hash chain checked"),
        tally::server::LogLevel::kInfo,
        {{"event", "restored"},
         {"from", from},
         {"events", absl::StrCat(restored->events)},
         {"head", tally::replay::ToHex(restored->head_hash)}});
  }
  tally::server::metrics::MetricsRegistry metrics;
  tally::server::metrics::LogMetrics log_metrics(&metrics, data_dir,
                                                 tally::server::Version());
  // Signed checkpoints (issue #14 item 5): set below, before any command
  // can reach the writer, so the hook never sees it unset.
  std::unique_ptr<tally::replay::CheckpointStore> checkpoints;
  // Snapshots of the projection (replay/snapshot/): set below, before any
  // command can reach the writer.
  std::unique_ptr<tally::replay::SnapshotWriter> snapshots;
  auto snapshot_line = [](const std::string& what) {
    tally::server::LogLine(absl::StrCat("snapshot: ", what),
                           tally::server::LogLevel::kInfo,
                           {{"event", "snapshot"}});
  };
  // Wakes watchers (the watch API, the pages' long poll) once events are
  // durable and readable.
  tally::server::LogWatch watch(0);
  const absl::Time open_started = absl::Now();
  // The checkpoint triggers the start-up replay folds, so that the
  // checkpoints are reconciled without reading the log again.
  std::vector<uint64_t> checkpoint_triggers;
  absl::StatusOr<std::unique_ptr<tally::replay::EventLog>> log =
      tally::replay::EventLog::Open(
          {.path = data_dir,
           .clock = clock,
           .after_durable =
               [&checkpoints, &watch, &log_metrics, &snapshots](auto events) {
                 tally::server::SignCheckpoints(checkpoints.get(), events);
                 if (!events.empty()) {
                   if (snapshots != nullptr) {
                     snapshots->Appended(events.back().sequence());
                   }
                   log_metrics.Appended(events.size(),
                                        events.back().sequence());
                   watch.Advance(events.back().sequence());
                 }
               },
           .adopt_head = absl::GetFlag(FLAGS_adopt_head),
           .on_checked =
               [&checkpoint_triggers](uint64_t sequence, int kind) {
                 if (tally::replay::IsCheckpointTriggerKind(kind)) {
                   checkpoint_triggers.push_back(sequence);
                 }
               },
           .find_snapshot = absl::GetFlag(FLAGS_use_snapshots)
                                ? tally::replay::SnapshotFinder(
                                      [&snapshot_line](const std::string& why) {
                                        snapshot_line(
                                            absl::StrCat(why, ": ignored"));
                                      })
                                : nullptr,
           .snapshot_ignored =
               [&snapshot_line](const std::string& why) {
                 snapshot_line(absl::StrCat(
                     why, ": ignored, every event folded instead"));
               }});
  const absl::Duration replay_took = absl::Now() - open_started;
  if (!log.ok()) {
    if (log.status().code() == absl::StatusCode::kDataLoss) {
      return Fail(absl::StrCat(
          log.status().message(),
          ". Nothing in the directory was changed; restore it from a backup "
          "(see docs/data-directory.md)"));
    }
    return Fail(std::string(log.status().message()));
  }
  absl::StatusOr<std::unique_ptr<tally::replay::CheckpointStore>> opened =
      tally::server::OpenCheckpoints(data_dir, **log, checkpoint_triggers);
  if (!opened.ok()) return Fail(std::string(opened.status().message()));
  checkpoints = *std::move(opened);
  snapshots = std::make_unique<tally::replay::SnapshotWriter>(
      **log, tally::replay::SnapshotWriter::Options{
                 .every = absl::GetFlag(FLAGS_snapshot_every),
                 .failed = [&snapshot_line](const std::string& why) {
                   snapshot_line(absl::StrCat("could not write one: ", why,
                                              " (the log is unaffected)"));
                 }});
  bool bootstrapped = false;
  absl::StatusOr<std::unique_ptr<tally::server::PrincipalStore>> principals =
      tally::server::PrincipalStore::Open(data_dir, clock, &bootstrapped);
  if (!principals.ok()) {
    return Fail(std::string(principals.status().message()));
  }
  if (absl::GetFlag(FLAGS_demo)) {
    if (absl::Status s = tally::server::SeedDemo(**log); !s.ok()) {
      return Fail(absl::StrCat("demo tournament: ", s.message()));
    }
  }

  const double rate = absl::GetFlag(FLAGS_max_requests_per_second);
  tally::server::Gate gate(**principals,
                           {.per_second = rate,
                            .burst = 5 * rate,
                            .max_streams = absl::GetFlag(FLAGS_max_streams)});
  tally::server::DirectorService director(**log, gate);
  tally::server::VenueService venue(**log, gate);
  tally::server::ReadAdmission reads(
      std::max(0, absl::GetFlag(FLAGS_max_concurrent_reads)));
  tally::server::QueryService query(
      **log, gate, clock,
      static_cast<size_t>(std::max(0, absl::GetFlag(FLAGS_standings_cache_mb)))
          << 20,
      &reads);
  tally::server::AuditService audit(**log, gate, clock, checkpoints.get(),
                                    &reads);
  tally::server::CalculatorService calculator(&gate);
  tally::server::AccessService access(gate);
  tally::server::WatchService watcher(**log, watch, gate, query,
                                       checkpoints.get());
  tally::server::OperatorService operator_service(**log, data_dir, gate);
  grpc::EnableDefaultHealthCheckService(true);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();
  grpc::ServerBuilder builder;
  int port = 0;
  // gRPC sets SO_REUSEPORT, which would let a second tallyd on the same
  // port start and take part of the traffic; bind exclusively instead.
  builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
  builder.AddListeningPort(absl::GetFlag(FLAGS_listen),
                           credentials->credentials, &port);
  // The synchronous server's threads: each call is run on the thread that
  // polled it, which starts another poller when fewer than MIN_POLLERS are
  // left and, once done, goes back to polling only while fewer than
  // MAX_POLLERS poll. gRPC's default (1 and 2) made a thread for about
  // every second EnterResult of 32 venue clients, each of which waits for
  // its group's synced write, and ended it again (issue #19: munmap and
  // futex took most of the workers' time). Threads that finish a call now
  // stay as pollers, up to kMaxPollers.
  constexpr int kMinPollers = 2;
  constexpr int kMaxPollers = 128;
  using SyncOption = grpc::ServerBuilder::SyncServerOption;
  builder.SetSyncServerOption(SyncOption::MIN_POLLERS, kMinPollers);
  builder.SetSyncServerOption(SyncOption::MAX_POLLERS, kMaxPollers);
  builder.RegisterService(&director);
  builder.RegisterService(&venue);
  builder.RegisterService(&query);
  builder.RegisterService(&audit);
  builder.RegisterService(&calculator);
  builder.RegisterService(&watcher);
  builder.RegisterService(&access);
  builder.RegisterService(&operator_service);
  std::vector<
      std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>>
      interceptors;
  auto rpc_metrics =
      std::make_unique<tally::server::metrics::RpcMetricsInterceptorFactory>(
          &metrics);
  const tally::server::metrics::RpcMetricsInterceptorFactory& calls =
      *rpc_metrics;  // the server owns it from here on
  interceptors.push_back(std::move(rpc_metrics));
  builder.experimental().SetInterceptorCreators(std::move(interceptors));
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (server == nullptr || port == 0) {
    return Fail(absl::StrCat(
        "cannot listen on ", absl::GetFlag(FLAGS_listen),
        ": the port is in use (another tallyd?) or the address is not this "
        "machine's; stop the other server or choose another --listen"));
  }
  uint64_t events = 0;
  (*log)->Read(
      [&](const tally::replay::State& s) { events = s.last_sequence; });
  watch.Advance(events);
  log_metrics.Replayed(replay_took, events);
  {
    const tally::replay::OpenReport& opened_report = (*log)->open_report();
    metrics.AddGaugeCallback(
        "tally_startup_events_folded",
        "Events the start-up replay folded into the State: those after the "
        "snapshot it started from (every event without one).",
        [n = opened_report.events_folded] { return static_cast<double>(n); });
    metrics.AddGaugeCallback(
        "tally_startup_events_checked",
        "Links of the hash chain the start-up check verified (every event).",
        [n = opened_report.events_checked] { return static_cast<double>(n); });
    metrics.AddGaugeCallback(
        "tally_startup_snapshot_sequence",
        "The sequence of the snapshot start-up began from (0: none).",
        [n = opened_report.snapshot_sequence] {
          return static_cast<double>(n);
        });
  }
  metrics.AddGaugeCallback(
      "tally_log_events_read",
      "Events read back from the log since tallyd started: the auditor's "
      "queries, the log's streams and the check of the snapshot start-up "
      "began from (the start-up replay reads the log while it checks it, "
      "before the store is opened for writing).",
      [store = &(*log)->store()] {
        return static_cast<double>(store->events_read());
      });
  metrics.AddGaugeCallback(
      "tally_standings_computed",
      "Session standings computed for GetStandings since tallyd started: "
      "once per change of their tournament, however many readers ask "
      "(replay/queries/standings_cache.h).",
      [&query] {
        return static_cast<double>(query.standings_cache().computations());
      });
  metrics.AddGaugeCallback(
      "tally_standings_cache_hits",
      "GetStandings answers shared from an earlier (or a concurrent) "
      "computation of the same tournament's State.",
      [&query] { return static_cast<double>(query.standings_cache().hits()); });
  metrics.AddGaugeCallback(
      "tally_reads_max",
      "Queries and audit questions computed at once at most "
      "(--max_concurrent_reads; 0: no bound).",
      [&reads] { return static_cast<double>(reads.max_running()); });
  metrics.AddGaugeCallback(
      "tally_reads_running", "Queries and audit questions computing now.",
      [&reads] { return static_cast<double>(reads.running()); });
  metrics.AddGaugeCallback(
      "tally_reads_waiting",
      "Queries and audit questions waiting now for a read slot.",
      [&reads] { return static_cast<double>(reads.waiting()); });
  metrics.AddGaugeCallback(
      "tally_reads_admitted",
      "Queries and audit questions admitted since tallyd started.",
      [&reads] { return static_cast<double>(reads.admitted()); });
  metrics.AddGaugeCallback(
      "tally_reads_waited",
      "Queries and audit questions since tallyd started that found every "
      "read slot taken and waited (admitted later, or gave up).",
      [&reads] { return static_cast<double>(reads.waited()); });
  metrics.AddGaugeCallback(
      "tally_reads_wait_seconds",
      "Seconds those reads spent waiting for a slot, in all.",
      [&reads] { return absl::ToDoubleSeconds(reads.wait_time()); });
  metrics.AddGaugeCallback(
      "tally_reads_deadline_exceeded",
      "Reads that were still waiting at their call's deadline "
      "(DEADLINE_EXCEEDED, nothing read).",
      [&reads] {
        return static_cast<double>(
            reads.gave_up(tally::server::ReadAdmission::GaveUp::kDeadline));
      });
  metrics.AddGaugeCallback(
      "tally_reads_cancelled",
      "Reads whose client left while they waited (CANCELLED).", [&reads] {
        return static_cast<double>(
            reads.gave_up(tally::server::ReadAdmission::GaveUp::kCancelled));
      });
  std::string http_listen = absl::GetFlag(FLAGS_http_listen);
  if (http_listen.empty() && absl::GetFlag(FLAGS_demo)) {
    http_listen = kDemoHttpListen;
  }
  std::unique_ptr<tally::server::http::ResultsHttpServer> http;
  std::string pages_line;
  if (!http_listen.empty()) {
    // The pages read as the public (issue #15): what a player may see.
    tally::v1::CreatePrincipalRequest reader;
    reader.set_id(kPagesPrincipal);
    reader.set_role(tally::v1::ROLE_PUBLIC);
    reader.set_description("tallyd's results pages");
    absl::StatusOr<tally::v1::Credential> pages =
        (*principals)->CreateInProcess(reader);
    if (!pages.ok()) {
      return Fail(absl::StrCat("results pages: ", pages.status().message()));
    }
    auto start = [&](const std::string& listen) {
      return tally::server::http::ResultsHttpServer::Start(
          listen,
          tally::server::InProcessChannelWithToken(*server, pages->token()),
          watch, [&metrics] { return metrics.Render(); });
    };
    absl::StatusOr<std::unique_ptr<tally::server::http::ResultsHttpServer>>
        started = start(http_listen);
    if (!started.ok() && absl::GetFlag(FLAGS_http_listen).empty()) {
      // The demo's usual port is taken (another demo): any free port.
      http_listen = "127.0.0.1:0";
      started = start(http_listen);
    }
    if (!started.ok()) {
      return Fail(absl::StrCat("results pages: ", started.status().message()));
    }
    http = *std::move(started);
    std::string host = http_listen.substr(0, http_listen.rfind(':'));
    if (host.empty() || host == "0.0.0.0") host = "127.0.0.1";
    pages_line = absl::StrCat("; results pages at http://", host, ":",
                              http->port(), "/");
    if (const std::string f = absl::GetFlag(FLAGS_http_port_file); !f.empty()) {
      std::ofstream(f) << http->port() << "\n";
    }
  }
  if (const std::string port_file = absl::GetFlag(FLAGS_port_file);
      !port_file.empty()) {
    std::ofstream(port_file) << port << "\n";
  }
  // A restored directory holds no token file (backup.cc leaves it out):
  // the administrator's token is the one of the server backed up.
  const std::string token_path =
      absl::StrCat(data_dir, "/", tally::server::kAdminTokenFile);
  const std::string admin_token_line =
      bootstrapped ? absl::StrCat("administrator token written to ",
                                  token_path)
      : std::filesystem::exists(token_path)
          ? absl::StrCat("administrator token (first start) in ", token_path)
          : absl::StrCat("no ", token_path,
                         " (a restored directory has none): the "
                         "administrator's token is the backed-up server's");
  tally::server::LogLine(
      absl::StrCat(
          "started: tallyd ", tally::server::Version(), " serving on port ",
          port, ", data in ", data_dir, ", ", events, " events replayed",
          (*log)->open_report().snapshot_sequence == 0
              ? ""
              : absl::StrCat(" (every link checked; ",
                             (*log)->open_report().events_folded,
                             " folded after the snapshot at event ",
                             (*log)->open_report().snapshot_sequence, ")"),
          pages_line, "; ", credentials->tls ? "TLS" : "no TLS", "; ",
          admin_token_line, "; checkpoint key ",
          tally::replay::ToHex(checkpoints->public_key())),
      tally::server::LogLevel::kInfo,
      {{"event", "started"},
       {"version", tally::server::Version()},
       {"port", absl::StrCat(port)},
       {"http_port", http == nullptr ? "" : absl::StrCat(http->port())},
       {"data_dir", data_dir},
       {"events", absl::StrCat(events)}});

  // The snapshot start-up began from, checked by a full replay of its
  // events (replay/snapshot/snapshot_check.h) while tallyd serves. One that
  // fails is deleted, with any written since from its State, and tallyd
  // stops: what it served and decided came from a State the log does not
  // give.
  std::atomic<int> snapshot_checked = 0;  // 1: it matched; -1: it failed
  std::unique_ptr<tally::server::SnapshotCheckThread> snapshot_check;
  if (const tally::replay::OpenReport& opened = (*log)->open_report();
      opened.snapshot_sequence > 0) {
    snapshot_check = std::make_unique<tally::server::SnapshotCheckThread>(
        (*log)->store(), opened.snapshot_sequence, opened.snapshot_sha256,
        [&snapshot_checked, &snapshot_line, store = &(*log)->store(),
         sequence = opened.snapshot_sequence](const absl::Status& checked) {
          if (checked.ok()) {
            snapshot_checked = 1;
            snapshot_line(absl::StrCat("the snapshot at event ", sequence,
                                       " matches a full replay of events 1-",
                                       sequence));
          } else if (absl::IsDataLoss(checked)) {
            snapshot_checked = -1;
            const absl::Status deleted = tally::replay::DeleteSnapshots(*store);
            tally::server::LogLine(
                absl::StrCat(
                    "snapshot: ", checked.message(), "; ",
                    deleted.ok() ? "every snapshot was deleted"
                                 : absl::StrCat("the snapshots could not be "
                                                "deleted (",
                                                deleted.message(), ")"),
                    ", and tallyd stops so that its next start folds every "
                    "event (docs/data-directory.md)"),
                tally::server::LogLevel::kError,
                {{"event", "snapshot_check_failed"},
                 {"sequence", absl::StrCat(sequence)}});
            kill(getpid(), SIGTERM);
          } else if (!absl::IsCancelled(checked)) {
            snapshot_line(absl::StrCat(checked.message(),
                                       " (the snapshot stays in use)"));
          }
        });
  }
  metrics.AddGaugeCallback(
      "tally_startup_snapshot_checked",
      "1 once a full replay of the events the start-up snapshot holds gave "
      "its State; 0 while that runs, or with no snapshot (tallyd stops when "
      "it does not).",
      [&snapshot_checked] {
        return static_cast<double>(std::max(0, snapshot_checked.load()));
      });

  int signal = 0;
  sigwait(&stop_signals, &signal);
  tally::server::LogLine(absl::StrCat("stopping on signal ", signal),
                         tally::server::LogLevel::kInfo,
                         {{"event", "stopping"},
                          {"signal", absl::StrCat(signal)}});
  watch.Stop();  // ends long polls and watch streams
  http.reset();
  StopServing(*server, calls);
  snapshot_check.reset();  // stops a check still running
  if (snapshot_checked < 0) {
    // No snapshot of a State the log does not give (any the writer made
    // since the check failed goes too).
    snapshots.reset();
    if (absl::Status s = tally::replay::DeleteSnapshots((*log)->store());
        !s.ok()) {
      snapshot_line(absl::StrCat("could not delete them: ", s.message()));
    }
    log->reset();
    tally::server::LogLine("stopped");
    return kSnapshotFailedExit;
  }
  if (absl::GetFlag(FLAGS_snapshot_every) > 0) {
    // The next start-up folds nothing (the writer is idle: no server).
    if (absl::Status s = snapshots->WriteNow(); !s.ok()) {
      snapshot_line(absl::StrCat("could not write one at stop: ", s.message(),
                                 " (the log is unaffected)"));
    }
  }
  snapshots.reset();
  log->reset();  // drains the writer
  tally::server::LogLine("stopped");
  return 0;
}
