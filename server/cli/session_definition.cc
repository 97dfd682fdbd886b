// The session definition in force, from the log (see session_definition.h).

#include "server/cli/session_definition.h"

#include <memory>

#include "tally/v1/audit.grpc.pb.h"

namespace tally::cli {

grpc::Status FindSessionDefinition(Client& client,
                                   const std::string& tournament_id,
                                   const std::string& competition_id,
                                   int session,
                                   std::optional<v1::SessionDefined>* defined) {
  v1::ReadLogRequest request;
  request.set_tournament_id(tournament_id);
  auto context = client.Context();
  std::unique_ptr<grpc::ClientReader<v1::Event>> reader =
      client.audit_->ReadLog(context.get(), request);
  defined->reset();
  v1::Event event;
  while (reader->Read(&event)) {
    if (!event.payload().has_session_defined()) continue;
    const v1::SessionDefined& d = event.payload().session_defined();
    if (d.competition_id() == competition_id && d.session() == session) {
      *defined = d;  // the last definition is the one in force
    }
  }
  return reader->Finish();
}

}  // namespace tally::cli
