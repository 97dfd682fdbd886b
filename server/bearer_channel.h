// Channels whose every call carries a bearer token ("authorization: Bearer
// <token>"): tally's channel to tallyd, and an in-process channel to
// tallyd's own gRPC server, so that tallyd's own readers (the results
// pages) pass through the same gate and access table as any client.
// Thread-safe.

#ifndef TALLY_SERVER_BEARER_CHANNEL_H_
#define TALLY_SERVER_BEARER_CHANNEL_H_

#include <memory>
#include <string>

#include "grpcpp/channel.h"
#include "grpcpp/security/credentials.h"
#include "grpcpp/server.h"

namespace tally::server {

// A channel into `server` that sends `token`.
std::shared_ptr<grpc::Channel> InProcessChannelWithToken(grpc::Server& server,
                                                         std::string token);

// A channel to `target` that sends `token`, or nothing when it is empty.
std::shared_ptr<grpc::Channel> ChannelWithToken(
    const std::string& target,
    std::shared_ptr<grpc::ChannelCredentials> credentials, std::string token);

}  // namespace tally::server

#endif  // TALLY_SERVER_BEARER_CHANNEL_H_
