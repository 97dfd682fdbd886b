// The interchange over a channel to tallyd: runs an import plan's commands
// through the Director and Venue services, and fetches a session's answers
// (competition, standings, travellers) as a SessionFile for a writer.
// Thread-compatible (one call at a time per stub).

#ifndef TALLY_SERVER_INTERCHANGE_INTERCHANGE_CLIENT_H_
#define TALLY_SERVER_INTERCHANGE_INTERCHANGE_CLIENT_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "grpcpp/grpcpp.h"
#include "server/interchange/import_plan.h"
#include "server/interchange/session_file.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/venue.grpc.pb.h"

namespace tally::interchange {

// Makes the context of each call (identity, device, deadline).
using ContextFactory = std::function<std::unique_ptr<grpc::ClientContext>()>;

// Sends every step in order; returns how many events were appended (a
// step answered from the idempotency record appends none). Stops at the
// first refusal, returning it with the step's file line and what it enters.
absl::StatusOr<int> RunImport(v1::DirectorService::Stub& director,
                              v1::VenueService::Stub& venue,
                              const ContextFactory& context,
                              const std::vector<ImportStep>& steps);

// The session as tally answers for it now, ready for a writer: the
// tournament's name as the event name; the session's movement read from
// the tournament's log (AuditService.ReadLog, a reader's right) for the
// home directions of an arrow-switched Mitchell.
absl::StatusOr<SessionFile> FetchSession(v1::QueryService::Stub& query,
                                         v1::AuditService::Stub& audit,
                                         const ContextFactory& context,
                                         const std::string& tournament_id,
                                         const std::string& competition_id,
                                         int session);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_INTERCHANGE_CLIENT_H_
