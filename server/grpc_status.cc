#include "server/grpc_status.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace tally::server {

grpc::Status ToGrpcStatus(const absl::Status& status) {
  if (status.ok()) return grpc::Status::OK;
  // absl and gRPC share the canonical code numbering.
  constexpr size_t kMaxMessageBytes = 1024;
  const absl::string_view message = status.message();
  std::string out;
  for (unsigned char c : message.substr(0, kMaxMessageBytes)) {
    if (c < 0x20 || c == 0x7f) {
      absl::StrAppend(&out, absl::StrFormat("\\x%02x", c));
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  if (message.size() > kMaxMessageBytes) absl::StrAppend(&out, "...");
  return grpc::Status(static_cast<grpc::StatusCode>(status.code()), out);
}

absl::Status FromGrpcStatus(const grpc::Status& status) {
  if (status.ok()) return absl::OkStatus();
  return absl::Status(static_cast<absl::StatusCode>(status.error_code()),
                      status.error_message());
}

}  // namespace tally::server
