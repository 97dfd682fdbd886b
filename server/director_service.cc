#include "replay/decide.h"
#include "server/grpc_status.h"
#include "server/services.h"

namespace tally::server {

// Each handler: run the request through the log with its decide function.
#define TALLY_DIRECTOR_COMMAND(Method, Request)                                \
  grpc::Status DirectorService::Method(grpc::ServerContext* context,           \
                                       const v1::Request* request,             \
                                       v1::CommandOutcome* response) {         \
    return ToGrpcStatus(runner_                                                \
                            .Run(                                              \
                                context, v1::ROLE_DIRECTOR, #Method, *request, \
                                request->options(), request->tournament_id(),  \
                                [request](const replay::State& s) {            \
                                  return replay::Decide##Method(s, *request);  \
                                },                                             \
                                response)                                      \
                            .status());                                        \
  }

TALLY_DIRECTOR_COMMAND(CreateTournament, CreateTournamentRequest)
TALLY_DIRECTOR_COMMAND(CreateCompetition, CreateCompetitionRequest)
TALLY_DIRECTOR_COMMAND(RegisterPair, RegisterPairRequest)
TALLY_DIRECTOR_COMMAND(DefineSession, DefineSessionRequest)
TALLY_DIRECTOR_COMMAND(StartSession, StartSessionRequest)
TALLY_DIRECTOR_COMMAND(PostScores, PostScoresRequest)

#undef TALLY_DIRECTOR_COMMAND

}  // namespace tally::server
