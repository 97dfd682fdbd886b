// MetricsRegistry: tallyd's counters, gauges and histograms, rendered in
// the Prometheus text exposition format (version 0.0.4) for GET /metrics.
// A series is registered once (by name and labels) and then updated
// lock-free: Counter, Gauge and Histogram hold atomics only, so the hot
// paths (every RPC, every append) never take a lock. Registering a series
// and rendering take the registry's mutex. Thread-safe; a returned series
// lives as long as the registry.

#ifndef TALLY_SERVER_METRICS_METRICS_REGISTRY_H_
#define TALLY_SERVER_METRICS_METRICS_REGISTRY_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"

namespace tally::server::metrics {

// A series' labels, name and value, in the order they are printed.
using Labels = std::vector<std::pair<std::string, std::string>>;

// Only goes up.
class Counter {
 public:
  void Add(uint64_t n = 1) { value_.fetch_add(n, std::memory_order_relaxed); }
  uint64_t value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<uint64_t> value_{0};
};

// Goes up and down.
class Gauge {
 public:
  void Set(double v) { value_.store(v, std::memory_order_relaxed); }
  void Add(double d) { value_.fetch_add(d, std::memory_order_relaxed); }
  double value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<double> value_{0};
};

// Counts observations into buckets with upper bounds `bounds` (ascending)
// and one for everything above them (+Inf).
class Histogram {
 public:
  explicit Histogram(std::vector<double> bounds);
  void Observe(double value);

  const std::vector<double>& bounds() const { return bounds_; }
  // Observations <= bounds()[i] (cumulative), then the total count.
  std::vector<uint64_t> CumulativeCounts() const;
  double sum() const { return sum_.load(std::memory_order_relaxed); }

 private:
  const std::vector<double> bounds_;
  // Observations per bucket, not cumulative; one more than bounds_.
  std::unique_ptr<std::atomic<uint64_t>[]> buckets_;
  std::atomic<double> sum_{0};
};

// Latency buckets in seconds, from half a millisecond to ten seconds.
std::vector<double> LatencyBuckets();

class MetricsRegistry {
 public:
  // The series of `name` with `labels`, created on first use. `help` is
  // the family's description (the first registration's is kept). Asking
  // for a name already registered as another type is a programming error:
  // the series is created but not rendered.
  Counter& GetCounter(absl::string_view name, absl::string_view help,
                      const Labels& labels = {});
  Gauge& GetGauge(absl::string_view name, absl::string_view help,
                  const Labels& labels = {});
  Histogram& GetHistogram(absl::string_view name, absl::string_view help,
                          const Labels& labels, std::vector<double> bounds);
  // A gauge whose value `read` gives at each rendering (e.g. the size of
  // the data directory). `read` is called under the registry's mutex and
  // must not call back into the registry.
  void AddGaugeCallback(absl::string_view name, absl::string_view help,
                        std::function<double()> read);

  // Every family, by name, in the Prometheus text format.
  std::string Render() const;

 private:
  enum class Type { kCounter, kGauge, kHistogram };
  struct Family {
    Type type;
    std::string help;
    // By the rendered label text, e.g. {rpc="A.B",code="OK"}.
    std::map<std::string, std::unique_ptr<Counter>> counters;
    std::map<std::string, std::unique_ptr<Gauge>> gauges;
    std::map<std::string, std::unique_ptr<Histogram>> histograms;
    std::map<std::string, Labels> labels;
    std::function<double()> callback;
  };
  Family& FamilyOf(absl::string_view name, absl::string_view help, Type type)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  mutable absl::Mutex mu_;
  std::map<std::string, Family> families_ ABSL_GUARDED_BY(mu_);
};

// A sample value as Prometheus reads it: integers without a fraction,
// others with up to 9 significant digits, "+Inf".
std::string FormatSampleValue(double value);

// `labels` as {name="value",...} with \, " and newline escaped; empty for
// none. `extra`, when not empty, is appended as one more label.
std::string RenderLabels(const Labels& labels,
                         const std::pair<std::string, std::string>& extra = {});

}  // namespace tally::server::metrics

#endif  // TALLY_SERVER_METRICS_METRICS_REGISTRY_H_
