// The one place absl::Status meets grpc::Status. Codes map one to one; the
// message is kept as written for the director, but cut at 1024 bytes with
// control bytes escaped, so it always fits in a trailer a client accepts.

#ifndef TALLY_SERVER_GRPC_STATUS_H_
#define TALLY_SERVER_GRPC_STATUS_H_

#include "absl/status/status.h"
#include "grpcpp/support/status.h"

namespace tally::server {

grpc::Status ToGrpcStatus(const absl::Status& status);
absl::Status FromGrpcStatus(const grpc::Status& status);

}  // namespace tally::server

#endif  // TALLY_SERVER_GRPC_STATUS_H_
