#include "server/metrics/rpc_metrics_interceptor.h"

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "google/protobuf/descriptor.h"
#include "grpcpp/support/interceptor.h"

namespace tally::server::metrics {
namespace {

// gRPC's names of its status codes, as Prometheus labels.
absl::string_view CodeName(grpc::StatusCode code) {
  static constexpr absl::string_view kNames[] = {"OK",
                                                 "CANCELLED",
                                                 "UNKNOWN",
                                                 "INVALID_ARGUMENT",
                                                 "DEADLINE_EXCEEDED",
                                                 "NOT_FOUND",
                                                 "ALREADY_EXISTS",
                                                 "PERMISSION_DENIED",
                                                 "RESOURCE_EXHAUSTED",
                                                 "FAILED_PRECONDITION",
                                                 "ABORTED",
                                                 "OUT_OF_RANGE",
                                                 "UNIMPLEMENTED",
                                                 "INTERNAL",
                                                 "UNAVAILABLE",
                                                 "DATA_LOSS",
                                                 "UNAUTHENTICATED"};
  const int i = static_cast<int>(code);
  return i >= 0 && i < 17 ? kNames[i] : "UNKNOWN";
}

class RpcMetricsInterceptor : public grpc::experimental::Interceptor {
 public:
  RpcMetricsInterceptor(MetricsRegistry* registry, std::string rpc,
                        Gauge* in_flight, Gauge* streams_open)
      : registry_(registry),
        rpc_(std::move(rpc)),
        in_flight_(in_flight),
        streams_open_(streams_open),
        start_(absl::Now()) {
    in_flight_->Add(1);
    if (streams_open_ != nullptr) streams_open_->Add(1);
  }
  ~RpcMetricsInterceptor() override { Done(); }

  void Intercept(
      grpc::experimental::InterceptorBatchMethods* methods) override {
    if (methods->QueryInterceptionHookPoint(
            grpc::experimental::InterceptionHookPoints::PRE_SEND_STATUS)) {
      const grpc::Status status = methods->GetSendStatus();
      registry_
          ->GetCounter("tally_rpc_requests_total",
                       "Calls answered, by RPC and gRPC status code.",
                       {{"rpc", rpc_},
                        {"code", std::string(CodeName(status.error_code()))}})
          .Add();
      registry_
          ->GetHistogram("tally_rpc_duration_seconds",
                         "Time from a call's start to its status, by RPC.",
                         {{"rpc", rpc_}}, LatencyBuckets())
          .Observe(absl::ToDoubleSeconds(absl::Now() - start_));
      Done();
    }
    methods->Proceed();
  }

 private:
  // The call is answered: no longer in flight. Once, when its status is
  // sent (so a client that has its answer sees it counted out), or when
  // the call ends without one.
  void Done() {
    if (done_) return;
    done_ = true;
    in_flight_->Add(-1);
    if (streams_open_ != nullptr) streams_open_->Add(-1);
  }

  MetricsRegistry* registry_;
  const std::string rpc_;
  Gauge* in_flight_;
  Gauge* streams_open_;  // null for a unary call
  const absl::Time start_;
  bool done_ = false;  // gRPC runs one call's hooks one at a time
};

// Whether the method declares a stream in its proto. A unary RPC that a
// service serves through a streamed-unary handler (QueryService's
// GetStandings, which sends its answer's bytes as they are) arrives typed
// as a stream but is not one. Methods not in the generated pool (the
// health check's) go by the type they arrive as.
bool DeclaredStreaming(const grpc::experimental::ServerRpcInfo& info) {
  const bool typed_streaming =
      info.type() ==
          grpc::experimental::ServerRpcInfo::Type::SERVER_STREAMING ||
      info.type() == grpc::experimental::ServerRpcInfo::Type::BIDI_STREAMING;
  if (!typed_streaming) return false;
  absl::string_view m = info.method();  // "/package.Service/Method"
  if (!m.empty() && m.front() == '/') m.remove_prefix(1);
  const size_t slash = m.find('/');
  if (slash == absl::string_view::npos) return true;
  const google::protobuf::ServiceDescriptor* service =
      google::protobuf::DescriptorPool::generated_pool()->FindServiceByName(
          std::string(m.substr(0, slash)));
  const google::protobuf::MethodDescriptor* method =
      service == nullptr
          ? nullptr
          : service->FindMethodByName(std::string(m.substr(slash + 1)));
  if (method == nullptr) return true;
  return method->client_streaming() || method->server_streaming();
}

}  // namespace

std::string RpcName(absl::string_view grpc_method) {
  absl::string_view m = grpc_method;
  if (!m.empty() && m.front() == '/') m.remove_prefix(1);
  const size_t slash = m.find('/');
  if (slash == absl::string_view::npos) return std::string(m);
  absl::string_view service = m.substr(0, slash);
  const size_t dot = service.rfind('.');
  if (dot != absl::string_view::npos) service.remove_prefix(dot + 1);
  return absl::StrCat(service, ".", m.substr(slash + 1));
}

RpcMetricsInterceptorFactory::RpcMetricsInterceptorFactory(
    MetricsRegistry* registry)
    : registry_(registry),
      in_flight_(registry->GetGauge("tally_rpcs_in_flight",
                                    "gRPC calls being answered now.")),
      streams_open_(registry->GetGauge(
          "tally_streams_open",
          "Streaming gRPC calls open now (ReadLog, Watch): one per "
          "connected follower.")) {}

grpc::experimental::Interceptor*
RpcMetricsInterceptorFactory::CreateServerInterceptor(
    grpc::experimental::ServerRpcInfo* info) {
  const bool streaming = DeclaredStreaming(*info);
  return new RpcMetricsInterceptor(registry_, RpcName(info->method()),
                                   &in_flight_,
                                   streaming ? &streams_open_ : nullptr);
}

}  // namespace tally::server::metrics
