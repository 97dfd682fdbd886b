// CalculatorService: the director's and scorer's calculator
// (proto/tally/v1/calculator.proto). Each RPC reads the numbers typed in,
// calls one pure function of core/ and returns its answer with the working;
// the rules themselves live only in core/. It reads and appends nothing, so
// it needs no event log.
//
// Every refusal is INVALID_ARGUMENT (the calculator has no state, so all it
// can be given wrong is its input), with core's message, which names the
// clause. Typed exact numbers are bounded (at most 10^6 in size, a
// denominator of at most 10^4) so that no input can overflow core's exact
// 64-bit arithmetic.
//
// Every call is authenticated and rate-limited through the Gate
// (server/gate.h) like any other; the access table lets every role use it.
//
// Stateless apart from the Gate. Thread-safe.

#ifndef TALLY_SERVER_CALCULATOR_SERVICE_H_
#define TALLY_SERVER_CALCULATOR_SERVICE_H_

#include "grpcpp/grpcpp.h"
#include "server/gate.h"
#include "tally/v1/calculator.grpc.pb.h"

namespace tally::server {

class CalculatorService final : public v1::CalculatorService::Service {
 public:
  // `gate`: tallyd's; null only for in-process use without a network (the
  // unit tests call the handlers directly).
  explicit CalculatorService(Gate* gate = nullptr) : gate_(gate) {}
  CalculatorService(const CalculatorService&) = delete;
  CalculatorService& operator=(const CalculatorService&) = delete;

  grpc::Status ContractScore(grpc::ServerContext* context,
                             const v1::ContractScoreRequest* request,
                             v1::ContractScoreResponse* response) override;
  grpc::Status Imps(grpc::ServerContext* context,
                    const v1::ImpsRequest* request,
                    v1::ImpsResponse* response) override;
  grpc::Status Datum(grpc::ServerContext* context,
                     const v1::DatumRequest* request,
                     v1::DatumResponse* response) override;
  grpc::Status ListDatumRules(grpc::ServerContext* context,
                              const v1::ListDatumRulesRequest* request,
                              v1::ListDatumRulesResponse* response) override;
  grpc::Status VictoryPoints(grpc::ServerContext* context,
                             const v1::VictoryPointsRequest* request,
                             v1::VictoryPointsResponse* response) override;
  grpc::Status ListVpScales(grpc::ServerContext* context,
                            const v1::ListVpScalesRequest* request,
                            v1::ListVpScalesResponse* response) override;
  grpc::Status WeightedScore(grpc::ServerContext* context,
                             const v1::WeightedScoreRequest* request,
                             v1::WeightedScoreResponse* response) override;
  grpc::Status AveragePlus(grpc::ServerContext* context,
                           const v1::AveragePlusRequest* request,
                           v1::AveragePlusResponse* response) override;
  grpc::Status Neuberg(grpc::ServerContext* context,
                       const v1::NeubergRequest* request,
                       v1::NeubergResponse* response) override;
  grpc::Status CarryOver(grpc::ServerContext* context,
                         const v1::CarryOverRequest* request,
                         v1::CarryOverResponse* response) override;
  grpc::Status BoardMatchpoints(
      grpc::ServerContext* context, const v1::BoardMatchpointsRequest* request,
      v1::BoardMatchpointsResponse* response) override;
  grpc::Status HalfMatch(grpc::ServerContext* context,
                         const v1::HalfMatchRequest* request,
                         v1::HalfMatchResponse* response) override;
  grpc::Status ForfeitAward(grpc::ServerContext* context,
                            const v1::ForfeitAwardRequest* request,
                            v1::ForfeitAwardResponse* response) override;
  grpc::Status ArtificialAward(grpc::ServerContext* context,
                               const v1::ArtificialAwardRequest* request,
                               v1::ArtificialAwardResponse* response) override;
  grpc::Status SeveralBoards(grpc::ServerContext* context,
                             const v1::SeveralBoardsRequest* request,
                             v1::SeveralBoardsResponse* response) override;
  grpc::Status SessionPercentage(
      grpc::ServerContext* context,
      const v1::SessionPercentageRequest* request,
      v1::SessionPercentageResponse* response) override;
  grpc::Status SwissDraw(grpc::ServerContext* context,
                         const v1::SwissDrawRequest* request,
                         v1::SwissDrawResponse* response) override;
  grpc::Status TieBreakRanking(
      grpc::ServerContext* context, const v1::TieBreakRankingRequest* request,
      v1::TieBreakRankingResponse* response) override;
  grpc::Status FouledBoard(grpc::ServerContext* context,
                           const v1::FouledBoardRequest* request,
                           v1::FouledBoardResponse* response) override;
  grpc::Status FewComparisons(grpc::ServerContext* context,
                              const v1::FewComparisonsRequest* request,
                              v1::FewComparisonsResponse* response) override;
  grpc::Status ByeScore(grpc::ServerContext* context,
                        const v1::ByeScoreRequest* request,
                        v1::ByeScoreResponse* response) override;
  grpc::Status FouledMatchPlay(grpc::ServerContext* context,
                               const v1::FouledMatchPlayRequest* request,
                               v1::FouledMatchPlayResponse* response) override;
  grpc::Status FouledButlerBoard(
      grpc::ServerContext* context, const v1::FouledButlerBoardRequest* request,
      v1::FouledButlerBoardResponse* response) override;

 private:
  Gate* const gate_;
};

}  // namespace tally::server

#endif  // TALLY_SERVER_CALCULATOR_SERVICE_H_
