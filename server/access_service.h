// AccessService (proto/tally/v1/access.proto): principals and their
// credentials, created, listed, rotated and revoked by an administrator, or
// by a director for the scorers and venue devices of its own tournament.
// Every call goes through GuardCall (the access table) first; every change
// is written to the PrincipalStore and a line in tallyd's log (the token
// never). Thread-safe.

#ifndef TALLY_SERVER_ACCESS_SERVICE_H_
#define TALLY_SERVER_ACCESS_SERVICE_H_

#include "server/gate.h"
#include "tally/v1/access.grpc.pb.h"

namespace tally::server {

class AccessService final : public v1::AccessService::Service {
 public:
  explicit AccessService(Gate& gate) : gate_(gate) {}

  grpc::Status CreatePrincipal(grpc::ServerContext* context,
                               const v1::CreatePrincipalRequest* request,
                               v1::Credential* response) override;
  grpc::Status ListPrincipals(grpc::ServerContext* context,
                              const v1::ListPrincipalsRequest* request,
                              v1::PrincipalList* response) override;
  grpc::Status RotateCredential(grpc::ServerContext* context,
                                const v1::RotateCredentialRequest* request,
                                v1::Credential* response) override;
  grpc::Status RevokePrincipal(grpc::ServerContext* context,
                               const v1::RevokePrincipalRequest* request,
                               v1::Principal* response) override;
  grpc::Status WhoAmI(grpc::ServerContext* context,
                      const v1::WhoAmIRequest* request,
                      v1::WhoAmIResponse* response) override;

 private:
  // The caller (already admitted by GuardCall) and the principal `id`,
  // if the caller may manage it.
  absl::StatusOr<v1::Principal> Target(grpc::ServerContext* context,
                                       const std::string& id,
                                       v1::Principal* caller) const;

  Gate& gate_;
};

}  // namespace tally::server

#endif  // TALLY_SERVER_ACCESS_SERVICE_H_
