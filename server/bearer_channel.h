// An in-process channel to tallyd's own gRPC server whose every call carries
// a bearer token, so tallyd's own readers (the results pages) pass through
// the same gate and access table as any client. Thread-safe.

#ifndef TALLY_SERVER_BEARER_CHANNEL_H_
#define TALLY_SERVER_BEARER_CHANNEL_H_

#include <memory>
#include <string>

#include "grpcpp/channel.h"
#include "grpcpp/server.h"

namespace tally::server {

// A channel into `server` that sends "authorization: Bearer <token>".
std::shared_ptr<grpc::Channel> InProcessChannelWithToken(grpc::Server& server,
                                                         std::string token);

}  // namespace tally::server

#endif  // TALLY_SERVER_BEARER_CHANNEL_H_
