// LogMetrics: tallyd's figures about its event log, in a MetricsRegistry:
// events appended since start-up (tally_events_appended_total), the log's
// length (tally_log_events), the data directory's size on disk
// (tally_data_dir_bytes, measured at each scrape), the time start-up took
// to check and replay the log (tally_startup_replay_seconds), and the
// version (tally_build_info). Thread-safe.

#ifndef TALLY_SERVER_METRICS_LOG_METRICS_H_
#define TALLY_SERVER_METRICS_LOG_METRICS_H_

#include <cstdint>
#include <string>

#include "absl/time/time.h"
#include "server/metrics/metrics_registry.h"

namespace tally::server::metrics {

class LogMetrics {
 public:
  // Registers the series in `registry`, which must outlive this.
  LogMetrics(MetricsRegistry* registry, const std::string& data_dir,
             const std::string& version);

  // Start-up checked and replayed `events` events in `took`.
  void Replayed(absl::Duration took, uint64_t events);
  // `count` events were appended; the log now ends at `last_sequence`.
  void Appended(uint64_t count, uint64_t last_sequence);

 private:
  Counter& appended_;
  Gauge& events_;
  Gauge& replay_seconds_;
};

// The total size of the regular files in `dir` and its subdirectories;
// 0 for what cannot be read.
uint64_t DirectoryBytes(const std::string& dir);

}  // namespace tally::server::metrics

#endif  // TALLY_SERVER_METRICS_LOG_METRICS_H_
