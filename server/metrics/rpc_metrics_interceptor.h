// RpcMetricsInterceptorFactory: a gRPC server interceptor that records, for
// every call tallyd answers, its count by RPC and status code
// (tally_rpc_requests_total), its latency by RPC
// (tally_rpc_duration_seconds, from the call's start to its status being
// sent), the calls in flight (tally_rpcs_in_flight) and the streaming
// calls open (tally_streams_open: ReadLog, Watch). The services are not
// touched: tallyd adds the factory to its ServerBuilder. Each call looks
// its series up in the registry (a map lookup under its mutex) once, when
// its status is sent, and updates them lock-free. Thread-safe.

#ifndef TALLY_SERVER_METRICS_RPC_METRICS_INTERCEPTOR_H_
#define TALLY_SERVER_METRICS_RPC_METRICS_INTERCEPTOR_H_

#include <string>

#include "absl/strings/string_view.h"
#include "grpcpp/support/server_interceptor.h"
#include "server/metrics/metrics_registry.h"

namespace tally::server::metrics {

class RpcMetricsInterceptorFactory
    : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  // `registry` must outlive the server.
  explicit RpcMetricsInterceptorFactory(MetricsRegistry* registry);
  grpc::experimental::Interceptor* CreateServerInterceptor(
      grpc::experimental::ServerRpcInfo* info) override;
  // The calls in flight now (tally_rpcs_in_flight).
  double in_flight() const { return in_flight_.value(); }

 private:
  MetricsRegistry* registry_;
  Gauge& in_flight_;
  Gauge& streams_open_;
};

// "/tally.v1.DirectorService/StartSession" -> "DirectorService.StartSession",
// the name the access table and the logs use.
std::string RpcName(absl::string_view grpc_method);

}  // namespace tally::server::metrics

#endif  // TALLY_SERVER_METRICS_RPC_METRICS_INTERCEPTOR_H_
