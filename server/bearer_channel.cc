#include "server/bearer_channel.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "grpcpp/create_channel.h"
#include "grpcpp/support/client_interceptor.h"
#include "server/gate.h"

namespace tally::server {
namespace {

namespace ex = grpc::experimental;

// Adds the credential to each call's initial metadata.
class BearerInterceptor : public ex::Interceptor {
 public:
  explicit BearerInterceptor(const std::string& header) : header_(header) {}

  void Intercept(ex::InterceptorBatchMethods* methods) override {
    if (methods->QueryInterceptionHookPoint(
            ex::InterceptionHookPoints::PRE_SEND_INITIAL_METADATA)) {
      methods->GetSendInitialMetadata()->insert(
          {kAuthorizationHeader, header_});
    }
    methods->Proceed();
  }

 private:
  const std::string& header_;  // owned by the factory, which the channel keeps
};

class BearerInterceptorFactory : public ex::ClientInterceptorFactoryInterface {
 public:
  explicit BearerInterceptorFactory(std::string token)
      : header_(absl::StrCat("Bearer ", token)) {}

  ex::Interceptor* CreateClientInterceptor(ex::ClientRpcInfo*) override {
    return new BearerInterceptor(header_);
  }

 private:
  const std::string header_;
};

std::vector<std::unique_ptr<ex::ClientInterceptorFactoryInterface>> Bearer(
    std::string token) {
  std::vector<std::unique_ptr<ex::ClientInterceptorFactoryInterface>> creators;
  if (!token.empty()) {
    creators.push_back(
        std::make_unique<BearerInterceptorFactory>(std::move(token)));
  }
  return creators;
}

}  // namespace

std::shared_ptr<grpc::Channel> InProcessChannelWithToken(grpc::Server& server,
                                                         std::string token) {
  return server.experimental().InProcessChannelWithInterceptors(
      grpc::ChannelArguments(), Bearer(std::move(token)));
}

std::shared_ptr<grpc::Channel> ChannelWithToken(
    const std::string& target,
    std::shared_ptr<grpc::ChannelCredentials> credentials, std::string token) {
  return ex::CreateCustomChannelWithInterceptors(
      target, std::move(credentials), grpc::ChannelArguments(),
      Bearer(std::move(token)));
}

}  // namespace tally::server
