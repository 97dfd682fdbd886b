#include "server/metrics/log_metrics.h"

#include <filesystem>
#include <system_error>

namespace tally::server::metrics {

uint64_t DirectoryBytes(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  uint64_t total = 0;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec)) {
    std::error_code file_ec;
    if (!it->is_regular_file(file_ec)) continue;
    const uintmax_t size = it->file_size(file_ec);
    if (!file_ec) total += size;
  }
  return total;
}

LogMetrics::LogMetrics(MetricsRegistry* registry, const std::string& data_dir,
                       const std::string& version)
    : appended_(registry->GetCounter(
          "tally_events_appended_total",
          "Events appended to the log since tallyd started.")),
      events_(registry->GetGauge("tally_log_events",
                                 "Events in the log (its last sequence).")),
      replay_seconds_(registry->GetGauge(
          "tally_startup_replay_seconds",
          "Time start-up took to check the data directory and replay the "
          "log.")) {
  registry->AddGaugeCallback(
      "tally_data_dir_bytes",
      "Size of the data directory's files on disk (the event log, its "
      "head, principals and checkpoints).",
      [data_dir] { return static_cast<double>(DirectoryBytes(data_dir)); });
  registry
      ->GetGauge("tally_build_info", "tallyd's version, as a label.",
                 {{"version", version}})
      .Set(1);
}

void LogMetrics::Replayed(absl::Duration took, uint64_t events) {
  replay_seconds_.Set(absl::ToDoubleSeconds(took));
  events_.Set(static_cast<double>(events));
}

void LogMetrics::Appended(uint64_t count, uint64_t last_sequence) {
  appended_.Add(count);
  events_.Set(static_cast<double>(last_sequence));
}

}  // namespace tally::server::metrics
