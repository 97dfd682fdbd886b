#include "server/access_service.h"

#include "absl/strings/str_cat.h"
#include "server/access_table.h"
#include "server/grpc_status.h"
#include "server/log_line.h"
#include "server/read_guard.h"

namespace tally::server {

absl::StatusOr<v1::Principal> AccessService::Target(
    grpc::ServerContext* context, const std::string& id,
    v1::Principal* caller) const {
  absl::StatusOr<v1::Principal> me = gate_.Authenticate(context);
  if (!me.ok()) return me.status();
  *caller = *me;
  absl::StatusOr<v1::Principal> target = gate_.store().Get(id);
  if (!target.ok()) return target.status();
  if (absl::Status s =
          AuthoriseOverPrincipal(*me, target->role(), target->scope());
      !s.ok()) {
    return s;
  }
  return target;
}

grpc::Status AccessService::CreatePrincipal(
    grpc::ServerContext* context, const v1::CreatePrincipalRequest* request,
    v1::Credential* response) {
  return GuardCall(
      context, &gate_, "AccessService.CreatePrincipal", nullptr, *request,
      [&]() -> grpc::Status {
        absl::StatusOr<v1::Principal> me = gate_.Authenticate(context);
        if (!me.ok()) return ToGrpcStatus(me.status());
        if (absl::Status s =
                AuthoriseOverPrincipal(*me, request->role(), request->scope());
            !s.ok()) {
          return ToGrpcStatus(s);
        }
        absl::StatusOr<v1::Credential> made =
            gate_.store().Create(*request, me->id());
        if (!made.ok()) return ToGrpcStatus(made.status());
        LogLine(absl::StrCat("principal ", made->principal().id(),
                             " created by ", me->id(), ": ",
                             DescribeScope(made->principal().role(),
                                           made->principal().scope())));
        *response = *std::move(made);
        return grpc::Status::OK;
      });
}

grpc::Status AccessService::ListPrincipals(
    grpc::ServerContext* context, const v1::ListPrincipalsRequest* request,
    v1::PrincipalList* response) {
  return GuardCall(
      context, &gate_, "AccessService.ListPrincipals", nullptr, *request,
      [&]() -> grpc::Status {
        absl::StatusOr<v1::Principal> me = gate_.Authenticate(context);
        if (!me.ok()) return ToGrpcStatus(me.status());
        for (const v1::Principal& p : gate_.store().List()) {
          if (!request->tournament_id().empty() &&
              p.scope().tournament_id() != request->tournament_id()) {
            continue;
          }
          if (!AuthoriseOverPrincipal(*me, p.role(), p.scope()).ok()) continue;
          *response->add_principals() = p;
        }
        return grpc::Status::OK;
      });
}

grpc::Status AccessService::RotateCredential(
    grpc::ServerContext* context, const v1::RotateCredentialRequest* request,
    v1::Credential* response) {
  return GuardCall(context, &gate_, "AccessService.RotateCredential", nullptr,
                   *request, [&]() -> grpc::Status {
                     v1::Principal me;
                     absl::StatusOr<v1::Principal> target =
                         Target(context, request->id(), &me);
                     if (!target.ok()) return ToGrpcStatus(target.status());
                     absl::StatusOr<v1::Credential> rotated =
                         gate_.store().Rotate(request->id());
                     if (!rotated.ok()) return ToGrpcStatus(rotated.status());
                     LogLine(absl::StrCat("credential of ", request->id(),
                                          " rotated by ", me.id()));
                     *response = *std::move(rotated);
                     return grpc::Status::OK;
                   });
}

grpc::Status AccessService::RevokePrincipal(
    grpc::ServerContext* context, const v1::RevokePrincipalRequest* request,
    v1::Principal* response) {
  return GuardCall(
      context, &gate_, "AccessService.RevokePrincipal", nullptr, *request,
      [&]() -> grpc::Status {
        v1::Principal me;
        absl::StatusOr<v1::Principal> target =
            Target(context, request->id(), &me);
        if (!target.ok()) return ToGrpcStatus(target.status());
        if (request->id() == me.id()) {
          return ToGrpcStatus(absl::FailedPreconditionError(
              "a principal cannot revoke itself; ask another administrator"));
        }
        absl::StatusOr<v1::Principal> revoked =
            gate_.store().Revoke(request->id());
        if (!revoked.ok()) return ToGrpcStatus(revoked.status());
        LogLine(
            absl::StrCat("principal ", request->id(), " revoked by ", me.id()));
        *response = *std::move(revoked);
        return grpc::Status::OK;
      });
}

grpc::Status AccessService::WhoAmI(grpc::ServerContext* context,
                                   const v1::WhoAmIRequest* request,
                                   v1::WhoAmIResponse* response) {
  return GuardCall(context, &gate_, "AccessService.WhoAmI", nullptr, *request,
                   [&]() -> grpc::Status {
                     absl::StatusOr<v1::Principal> me =
                         gate_.Authenticate(context);
                     if (!me.ok()) return ToGrpcStatus(me.status());
                     *response->mutable_principal() = *me;
                     for (std::string& rpc : RpcsOf(me->role())) {
                       response->add_may_call(std::move(rpc));
                     }
                     return grpc::Status::OK;
                   });
}

}  // namespace tally::server
