#include "server/metrics/metrics_registry.h"

#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace tally::server::metrics {
namespace {

std::string Escape(absl::string_view text, bool quotes) {
  std::string out;
  for (char c : text) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '"' && quotes) {
      out += "\\\"";
    } else {
      out.push_back(c);
    }
  }
  return out;
}

absl::string_view TypeName(int type) {
  switch (type) {
    case 0:
      return "counter";
    case 1:
      return "gauge";
    default:
      return "histogram";
  }
}

}  // namespace

std::string FormatSampleValue(double value) {
  if (std::isinf(value)) return value > 0 ? "+Inf" : "-Inf";
  if (std::isnan(value)) return "NaN";
  if (value == std::floor(value) && std::fabs(value) < 9007199254740992.0) {
    return absl::StrCat(static_cast<int64_t>(value));
  }
  return absl::StrFormat("%.9g", value);
}

std::string RenderLabels(const Labels& labels,
                         const std::pair<std::string, std::string>& extra) {
  std::vector<std::pair<std::string, std::string>> all = labels;
  if (!extra.first.empty()) all.push_back(extra);
  if (all.empty()) return "";
  std::string out = "{";
  for (size_t i = 0; i < all.size(); ++i) {
    absl::StrAppend(&out, i == 0 ? "" : ",", all[i].first, "=\"",
                    Escape(all[i].second, true), "\"");
  }
  out += "}";
  return out;
}

Histogram::Histogram(std::vector<double> bounds)
    : bounds_(std::move(bounds)),
      buckets_(new std::atomic<uint64_t>[bounds_.size() + 1]) {
  for (size_t i = 0; i <= bounds_.size(); ++i) buckets_[i].store(0);
}

void Histogram::Observe(double value) {
  size_t i = 0;
  while (i < bounds_.size() && value > bounds_[i]) ++i;
  buckets_[i].fetch_add(1, std::memory_order_relaxed);
  sum_.fetch_add(value, std::memory_order_relaxed);
}

std::vector<uint64_t> Histogram::CumulativeCounts() const {
  std::vector<uint64_t> out;
  uint64_t total = 0;
  for (size_t i = 0; i <= bounds_.size(); ++i) {
    total += buckets_[i].load(std::memory_order_relaxed);
    out.push_back(total);
  }
  return out;
}

std::vector<double> LatencyBuckets() {
  return {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
          0.1,    0.25,  0.5,    1,     2.5,  5,     10};
}

MetricsRegistry::Family& MetricsRegistry::FamilyOf(absl::string_view name,
                                                   absl::string_view help,
                                                   Type type) {
  auto [it, inserted] = families_.try_emplace(std::string(name));
  if (inserted) {
    it->second.type = type;
    it->second.help = std::string(help);
  }
  return it->second;
}

Counter& MetricsRegistry::GetCounter(absl::string_view name,
                                     absl::string_view help,
                                     const Labels& labels) {
  absl::MutexLock lock(&mu_);
  Family& family = FamilyOf(name, help, Type::kCounter);
  const std::string key = RenderLabels(labels);
  std::unique_ptr<Counter>& counter = family.counters[key];
  if (counter == nullptr) {
    counter = std::make_unique<Counter>();
    family.labels[key] = labels;
  }
  return *counter;
}

Gauge& MetricsRegistry::GetGauge(absl::string_view name, absl::string_view help,
                                 const Labels& labels) {
  absl::MutexLock lock(&mu_);
  Family& family = FamilyOf(name, help, Type::kGauge);
  const std::string key = RenderLabels(labels);
  std::unique_ptr<Gauge>& gauge = family.gauges[key];
  if (gauge == nullptr) {
    gauge = std::make_unique<Gauge>();
    family.labels[key] = labels;
  }
  return *gauge;
}

Histogram& MetricsRegistry::GetHistogram(absl::string_view name,
                                         absl::string_view help,
                                         const Labels& labels,
                                         std::vector<double> bounds) {
  absl::MutexLock lock(&mu_);
  Family& family = FamilyOf(name, help, Type::kHistogram);
  const std::string key = RenderLabels(labels);
  std::unique_ptr<Histogram>& histogram = family.histograms[key];
  if (histogram == nullptr) {
    histogram = std::make_unique<Histogram>(std::move(bounds));
    family.labels[key] = labels;
  }
  return *histogram;
}

void MetricsRegistry::AddGaugeCallback(absl::string_view name,
                                       absl::string_view help,
                                       std::function<double()> read) {
  absl::MutexLock lock(&mu_);
  FamilyOf(name, help, Type::kGauge).callback = std::move(read);
}

std::string MetricsRegistry::Render() const {
  absl::MutexLock lock(&mu_);
  std::string out;
  for (const auto& [name, family] : families_) {
    absl::StrAppend(&out, "# HELP ", name, " ", Escape(family.help, false),
                    "\n# TYPE ", name, " ",
                    TypeName(static_cast<int>(family.type)), "\n");
    switch (family.type) {
      case Type::kCounter:
        for (const auto& [labels, counter] : family.counters) {
          absl::StrAppend(&out, name, labels, " ", counter->value(), "\n");
        }
        break;
      case Type::kGauge:
        if (family.callback) {
          absl::StrAppend(&out, name, " ", FormatSampleValue(family.callback()),
                          "\n");
        }
        for (const auto& [labels, gauge] : family.gauges) {
          absl::StrAppend(&out, name, labels, " ",
                          FormatSampleValue(gauge->value()), "\n");
        }
        break;
      case Type::kHistogram:
        for (const auto& [key, histogram] : family.histograms) {
          const Labels& labels = family.labels.at(key);
          const std::vector<uint64_t> counts = histogram->CumulativeCounts();
          for (size_t i = 0; i < counts.size(); ++i) {
            const std::string le =
                i < histogram->bounds().size()
                    ? FormatSampleValue(histogram->bounds()[i])
                    : "+Inf";
            absl::StrAppend(&out, name, "_bucket",
                            RenderLabels(labels, {"le", le}), " ", counts[i],
                            "\n");
          }
          absl::StrAppend(&out, name, "_sum", key, " ",
                          FormatSampleValue(histogram->sum()), "\n", name,
                          "_count", key, " ", counts.back(), "\n");
        }
        break;
    }
  }
  return out;
}

}  // namespace tally::server::metrics
