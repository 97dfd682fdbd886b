// A small client for the end-to-end tests of events of matches: one
// competition of one tournament on a running tallyd, with a blocking call
// per command or question, each returning absl::Status(Or) so tests can use
// the status matchers.

#ifndef TALLY_TESTS_MATCH_CLIENT_H_
#define TALLY_TESTS_MATCH_CLIENT_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "grpcpp/grpcpp.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/venue.grpc.pb.h"

namespace tally::testing {

class MatchClient {
 public:
  MatchClient(std::shared_ptr<grpc::Channel> channel, std::string tournament,
              std::string competition);

  // Creates the tournament and the competition under `profile` (with
  // `rounds`: CreateCompetitionRequest.rounds).
  absl::Status Create(v1::CompetitionKind kind, const std::string& profile,
                      int rounds = 0);
  // Registers pairs 1..count ("P<n> North", "P<n> South").
  absl::Status RegisterPairs(int count);
  // Registers teams 1..count ("Team <n>", four players).
  absl::Status RegisterTeams(int count);

  absl::StatusOr<v1::DrawMade> Draw(int round, uint64_t seed,
                                    bool early = false);
  // A draw with the CTD's order of rounds (ANC SR 10.5).
  absl::StatusOr<v1::DrawMade> DrawInCtdOrder(
      int round, uint64_t seed, const std::vector<int>& ctd_round_order);
  absl::StatusOr<v1::DrawMade> DrawExplicit(
      int round, const std::vector<v1::DrawnMatch>& matches, int bye = 0);

  // Enters the result of `board` at `table` (and `room`, teams) of `round`.
  absl::StatusOr<v1::EnterResultResponse> Enter(
      int round, int table, int board, const v1::TableResult& result,
      v1::Room room = v1::ROOM_UNSPECIFIED);
  absl::Status Post(int round);
  absl::Status Penalty(int entrant, int round, int64_t centi_vps,
                       const std::string& clause, const std::string& reason);
  // WithdrawEntrant (after the rounds drawn so far) and ForfeitMatch.
  absl::Status Withdraw(int entrant, const std::string& reason);
  absl::Status Forfeit(int round, int table, const std::vector<int>& offenders,
                       const std::string& reason);

  absl::StatusOr<v1::MatchStandings> Standings(
      int after_round = 0,
      v1::TieBreakPurpose purpose = v1::TIE_BREAK_PURPOSE_UNSPECIFIED);
  absl::StatusOr<v1::MatchStandings> StandingsAsOf(uint64_t sequence,
                                                   int after_round = 0);
  absl::StatusOr<v1::MatchResults> Results(int round);
  absl::StatusOr<v1::DrawView> GetDraw(int round);
  absl::StatusOr<v1::DrawCheck> CheckDraw(int round);
  absl::StatusOr<v1::EntrantRecord> Record(int entrant);
  // Events in the log so far (VerifyChain's count).
  absl::StatusOr<uint64_t> LogLength();

  // The timeline and corrections (issue #5).
  absl::Status Schedule(int round, absl::Time start, absl::Time end,
                        bool last_of_stage);
  // `request` with its options, tournament and competition filled in.
  absl::Status Correct(v1::CorrectResultRequest request);
  absl::StatusOr<v1::TimeWindows> TimeWindows(absl::Time at);
  // Qualifies entrants of `from` into this competition (QualifyEntrants);
  // per_field 0: as the profile says.
  absl::StatusOr<v1::EntrantsQualified> Qualify(
      const std::string& from, int per_field = 0,
      const std::vector<int>& withdrawn = {});
  absl::StatusOr<v1::Qualification> Qualification();
  absl::StatusOr<v1::KnockoutResults> Knockout();

 private:
  std::unique_ptr<grpc::ClientContext> Context() const;
  // A fresh idempotency key for each command.
  v1::CommandOptions Options();

  int commands_ = 0;
  std::string tournament_;
  std::string competition_;
  std::unique_ptr<v1::DirectorService::Stub> director_;
  std::unique_ptr<v1::VenueService::Stub> venue_;
  std::unique_ptr<v1::QueryService::Stub> query_;
  std::unique_ptr<v1::AuditService::Stub> audit_;
};

// Results for scripting: a contract made with `tricks` by `declarer`, and a
// passed-out board.
v1::TableResult Played(int level, v1::Strain strain, v1::Seat declarer,
                       int tricks,
                       v1::Doubling doubling = v1::DOUBLING_UNDOUBLED);
v1::TableResult PassedOut();

// "2.50" for DecimalValue{250, 2}; "3/4" style for fractions.
std::string DecimalText(const v1::DecimalValue& d);
// "9/5", or "3" for a whole number.
std::string FractionText(const v1::Fraction& f);

}  // namespace tally::testing

#endif  // TALLY_TESTS_MATCH_CLIENT_H_
