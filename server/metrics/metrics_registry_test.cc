// MetricsRegistry renders the Prometheus text exposition format (0.0.4):
// the expected texts below are written by hand from the format's rules
// (HELP and TYPE lines, label escaping, cumulative buckets ending in +Inf,
// _sum and _count).

#include "server/metrics/metrics_registry.h"

#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "server/metrics/rpc_metrics_interceptor.h"

namespace tally::server::metrics {
namespace {

TEST(MetricsRegistryTest, RendersCountersAndGaugesByName) {
  MetricsRegistry registry;
  registry.GetGauge("b_open", "Open now.").Set(3);
  registry.GetCounter("a_total", "Calls.", {{"rpc", "X.Y"}, {"code", "OK"}})
      .Add(2);
  registry.GetCounter("a_total", "Calls.", {{"rpc", "X.Y"}, {"code", "OK"}})
      .Add();
  registry.AddGaugeCallback("c_bytes", "Bytes.", [] { return 1234567.0; });
  EXPECT_EQ(registry.Render(),
            "# HELP a_total Calls.\n"
            "# TYPE a_total counter\n"
            "a_total{rpc=\"X.Y\",code=\"OK\"} 3\n"
            "# HELP b_open Open now.\n"
            "# TYPE b_open gauge\n"
            "b_open 3\n"
            "# HELP c_bytes Bytes.\n"
            "# TYPE c_bytes gauge\n"
            "c_bytes 1234567\n");
}

TEST(MetricsRegistryTest, HistogramBucketsAreCumulative) {
  MetricsRegistry registry;
  Histogram& h = registry.GetHistogram("d_seconds", "Latency.",
                                       {{"rpc", "A.B"}}, {0.01, 0.1, 1});
  h.Observe(0.005);  // <= 0.01
  h.Observe(0.01);   // <= 0.01 (bounds are inclusive)
  h.Observe(0.5);    // <= 1
  h.Observe(7);      // +Inf only
  EXPECT_EQ(registry.Render(),
            "# HELP d_seconds Latency.\n"
            "# TYPE d_seconds histogram\n"
            "d_seconds_bucket{rpc=\"A.B\",le=\"0.01\"} 2\n"
            "d_seconds_bucket{rpc=\"A.B\",le=\"0.1\"} 2\n"
            "d_seconds_bucket{rpc=\"A.B\",le=\"1\"} 3\n"
            "d_seconds_bucket{rpc=\"A.B\",le=\"+Inf\"} 4\n"
            "d_seconds_sum{rpc=\"A.B\"} 7.515\n"
            "d_seconds_count{rpc=\"A.B\"} 4\n");
}

TEST(MetricsRegistryTest, EscapesLabelValuesAndHelp) {
  MetricsRegistry registry;
  registry.GetGauge("e", "Two\nlines \\ here.", {{"v", "a\"b\\c\nd"}}).Set(1.5);
  EXPECT_EQ(registry.Render(),
            "# HELP e Two\\nlines \\\\ here.\n"
            "# TYPE e gauge\n"
            "e{v=\"a\\\"b\\\\c\\nd\"} 1.5\n");
}

TEST(MetricsRegistryTest, CountsFromManyThreads) {
  MetricsRegistry registry;
  Counter& c = registry.GetCounter("f_total", "Concurrent.");
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 10000; ++i) c.Add();
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(c.value(), 40000u);
}

TEST(MetricsRegistryTest, RpcNameIsTheAccessTableName) {
  EXPECT_EQ(RpcName("/tally.v1.DirectorService/StartSession"),
            "DirectorService.StartSession");
  EXPECT_EQ(RpcName("/grpc.health.v1.Health/Check"), "Health.Check");
}

}  // namespace
}  // namespace tally::server::metrics
