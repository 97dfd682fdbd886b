// The one place absl::Status meets grpc::Status. Codes map one to one; the
// message is kept as written for the director.

#ifndef TALLY_SERVER_GRPC_STATUS_H_
#define TALLY_SERVER_GRPC_STATUS_H_

#include "absl/status/status.h"
#include "grpcpp/support/status.h"

namespace tally::server {

grpc::Status ToGrpcStatus(const absl::Status& status);
absl::Status FromGrpcStatus(const grpc::Status& status);

}  // namespace tally::server

#endif  // TALLY_SERVER_GRPC_STATUS_H_
