#include "tests/match_client.h"

#include <chrono>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"
#include "replay/state/state.h"
#include "server/grpc_status.h"

namespace tally::testing {
namespace {

// The answer of a call already made: `response` once the call is over.
template <typename Response>
absl::StatusOr<Response> Answer(const grpc::Status& status,
                                Response&& response) {
  if (!status.ok()) return server::FromGrpcStatus(status);
  return std::move(response);
}

}  // namespace

MatchClient::MatchClient(std::shared_ptr<grpc::Channel> channel,
                         std::string tournament, std::string competition)
    : tournament_(std::move(tournament)),
      competition_(std::move(competition)),
      director_(v1::DirectorService::NewStub(channel)),
      venue_(v1::VenueService::NewStub(channel)),
      query_(v1::QueryService::NewStub(channel)),
      audit_(v1::AuditService::NewStub(channel)) {}

std::unique_ptr<grpc::ClientContext> MatchClient::Context() const {
  auto context = std::make_unique<grpc::ClientContext>();
  context->set_deadline(std::chrono::system_clock::now() +
                        std::chrono::seconds(60));
  context->AddMetadata("tally-identity", "td:test");
  return context;
}

v1::CommandOptions MatchClient::Options() {
  v1::CommandOptions options;
  options.set_idempotency_key(
      absl::StrCat(tournament_, "/", competition_, "/", ++commands_));
  return options;
}

absl::Status MatchClient::Create(v1::CompetitionKind kind,
                                 const std::string& profile, int rounds) {
  v1::CommandOutcome out;
  v1::CreateTournamentRequest t;
  *t.mutable_options() = Options();
  t.set_tournament_id(tournament_);
  t.set_name("End to end");
  grpc::Status s = director_->CreateTournament(Context().get(), t, &out);
  if (!s.ok() && s.error_code() != grpc::StatusCode::ALREADY_EXISTS) {
    return server::FromGrpcStatus(s);
  }
  v1::CreateCompetitionRequest c;
  *c.mutable_options() = Options();
  c.set_tournament_id(tournament_);
  c.set_competition_id(competition_);
  c.set_name(competition_);
  c.set_kind(kind);
  c.set_regulation_profile(profile);
  c.set_rounds(rounds);
  return server::FromGrpcStatus(
      director_->CreateCompetition(Context().get(), c, &out));
}

absl::Status MatchClient::RegisterPairs(int count) {
  for (int pair = 1; pair <= count; ++pair) {
    v1::RegisterPairRequest r;
    *r.mutable_options() = Options();
    r.set_tournament_id(tournament_);
    r.set_competition_id(competition_);
    r.set_pair(pair);
    r.add_players(absl::StrCat("P", pair, " North"));
    r.add_players(absl::StrCat("P", pair, " South"));
    v1::CommandOutcome out;
    grpc::Status s = director_->RegisterPair(Context().get(), r, &out);
    if (!s.ok()) return server::FromGrpcStatus(s);
  }
  return absl::OkStatus();
}

absl::Status MatchClient::RegisterTeams(int count) {
  for (int team = 1; team <= count; ++team) {
    v1::RegisterTeamRequest r;
    *r.mutable_options() = Options();
    r.set_tournament_id(tournament_);
    r.set_competition_id(competition_);
    r.set_team(team);
    r.set_name(absl::StrCat("Team ", team));
    for (int p = 1; p <= 4; ++p) r.add_players(absl::StrCat("T", team, "-", p));
    v1::CommandOutcome out;
    grpc::Status s = director_->RegisterTeam(Context().get(), r, &out);
    if (!s.ok()) return server::FromGrpcStatus(s);
  }
  return absl::OkStatus();
}

absl::StatusOr<v1::DrawMade> MatchClient::Draw(int round, uint64_t seed,
                                               bool early) {
  v1::MakeDrawRequest r;
  *r.mutable_options() = Options();
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  r.set_round(round);
  r.set_seed(seed);
  r.set_early(early);
  v1::MakeDrawResponse out;
  grpc::Status s = director_->MakeDraw(Context().get(), r, &out);
  if (!s.ok()) return server::FromGrpcStatus(s);
  return out.draw();
}

absl::StatusOr<v1::DrawMade> MatchClient::DrawInCtdOrder(
    int round, uint64_t seed, const std::vector<int>& ctd_round_order) {
  v1::MakeDrawRequest r;
  *r.mutable_options() = Options();
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  r.set_round(round);
  r.set_seed(seed);
  for (int row : ctd_round_order) r.add_ctd_round_order(row);
  v1::MakeDrawResponse out;
  grpc::Status s = director_->MakeDraw(Context().get(), r, &out);
  if (!s.ok()) return server::FromGrpcStatus(s);
  return out.draw();
}

absl::StatusOr<v1::DrawMade> MatchClient::DrawExplicit(
    int round, const std::vector<v1::DrawnMatch>& matches, int bye) {
  v1::MakeDrawRequest r;
  *r.mutable_options() = Options();
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  r.set_round(round);
  r.set_seed(0);
  for (const v1::DrawnMatch& m : matches) *r.add_matches() = m;
  r.set_bye(bye);
  v1::MakeDrawResponse out;
  grpc::Status s = director_->MakeDraw(Context().get(), r, &out);
  if (!s.ok()) return server::FromGrpcStatus(s);
  return out.draw();
}

absl::StatusOr<v1::EnterResultResponse> MatchClient::Enter(
    int round, int table, int board, const v1::TableResult& result,
    v1::Room room) {
  v1::EnterResultRequest r;
  *r.mutable_options() = Options();
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  r.set_session(round);
  r.set_table(table);
  r.set_board(board);
  *r.mutable_result() = result;
  r.set_room(room);
  v1::EnterResultResponse out;
  grpc::Status status = venue_->EnterResult(Context().get(), r, &out);
  return Answer(status, std::move(out));
}

absl::Status MatchClient::Post(int round) {
  v1::PostScoresRequest r;
  *r.mutable_options() = Options();
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  r.set_session(round);
  v1::CommandOutcome out;
  return server::FromGrpcStatus(
      director_->PostScores(Context().get(), r, &out));
}

absl::Status MatchClient::Schedule(int round, absl::Time start, absl::Time end,
                                   bool last_of_stage) {
  v1::ScheduleSessionRequest r;
  *r.mutable_options() = Options();
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  r.set_session(round);
  *r.mutable_scheduled_start() = replay::ToTimestamp(start);
  *r.mutable_scheduled_end() = replay::ToTimestamp(end);
  r.set_last_of_stage(last_of_stage);
  v1::CommandOutcome out;
  return server::FromGrpcStatus(
      director_->ScheduleSession(Context().get(), r, &out));
}

absl::Status MatchClient::Correct(v1::CorrectResultRequest request) {
  *request.mutable_options() = Options();
  request.set_tournament_id(tournament_);
  request.set_competition_id(competition_);
  v1::CommandOutcome out;
  return server::FromGrpcStatus(
      director_->CorrectResult(Context().get(), request, &out));
}

absl::StatusOr<v1::TimeWindows> MatchClient::TimeWindows(absl::Time at) {
  v1::GetTimeWindowsRequest r;
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  *r.mutable_at() = replay::ToTimestamp(at);
  v1::TimeWindows out;
  absl::Status s =
      server::FromGrpcStatus(query_->GetTimeWindows(Context().get(), r, &out));
  if (!s.ok()) return s;
  return out;
}

absl::Status MatchClient::Penalty(int entrant, int round, int64_t centi_vps,
                                  const std::string& clause,
                                  const std::string& reason) {
  v1::AwardPenaltyRequest r;
  *r.mutable_options() = Options();
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  r.set_entrant(entrant);
  r.set_round(round);
  r.mutable_vps()->set_units(centi_vps);
  r.mutable_vps()->set_places(2);
  r.set_clause(clause);
  r.set_reason(reason);
  v1::CommandOutcome out;
  return server::FromGrpcStatus(
      director_->AwardPenalty(Context().get(), r, &out));
}

absl::Status MatchClient::Withdraw(int entrant, const std::string& reason) {
  v1::WithdrawEntrantRequest r;
  *r.mutable_options() = Options();
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  r.set_entrant(entrant);
  r.set_reason(reason);
  v1::CommandOutcome out;
  return server::FromGrpcStatus(
      director_->WithdrawEntrant(Context().get(), r, &out));
}

absl::Status MatchClient::Forfeit(int round, int table,
                                  const std::vector<int>& offenders,
                                  const std::string& reason) {
  v1::ForfeitMatchRequest r;
  *r.mutable_options() = Options();
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  r.set_round(round);
  r.set_table(table);
  for (int o : offenders) r.add_offenders(o);
  r.set_reason(reason);
  v1::CommandOutcome out;
  return server::FromGrpcStatus(
      director_->ForfeitMatch(Context().get(), r, &out));
}

absl::StatusOr<v1::MatchStandings> MatchClient::Standings(
    int after_round, v1::TieBreakPurpose purpose) {
  v1::GetMatchStandingsRequest r;
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  r.set_after_round(after_round);
  r.set_purpose(purpose);
  v1::MatchStandings out;
  grpc::Status status = query_->GetMatchStandings(Context().get(), r, &out);
  return Answer(status, std::move(out));
}

absl::StatusOr<v1::MatchStandings> MatchClient::StandingsAsOf(uint64_t sequence,
                                                              int after_round) {
  v1::GetMatchStandingsAsOfRequest r;
  r.mutable_standings()->set_tournament_id(tournament_);
  r.mutable_standings()->set_competition_id(competition_);
  r.mutable_standings()->set_after_round(after_round);
  r.mutable_as_of()->set_sequence(sequence);
  v1::MatchStandings out;
  grpc::Status status = audit_->GetMatchStandingsAsOf(Context().get(), r, &out);
  return Answer(status, std::move(out));
}

absl::StatusOr<v1::MatchResults> MatchClient::Results(int round) {
  v1::GetMatchResultsRequest r;
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  r.set_round(round);
  v1::MatchResults out;
  grpc::Status status = query_->GetMatchResults(Context().get(), r, &out);
  return Answer(status, std::move(out));
}

absl::StatusOr<v1::DrawView> MatchClient::GetDraw(int round) {
  v1::GetDrawRequest r;
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  r.set_round(round);
  v1::DrawView out;
  grpc::Status status = query_->GetDraw(Context().get(), r, &out);
  return Answer(status, std::move(out));
}

absl::StatusOr<v1::DrawCheck> MatchClient::CheckDraw(int round) {
  v1::CheckDrawRequest r;
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  r.set_round(round);
  v1::DrawCheck out;
  grpc::Status status = audit_->CheckDraw(Context().get(), r, &out);
  return Answer(status, std::move(out));
}

absl::StatusOr<v1::EntrantRecord> MatchClient::Record(int entrant) {
  v1::GetEntrantRecordRequest r;
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  r.set_entrant(entrant);
  v1::EntrantRecord out;
  grpc::Status status = query_->GetEntrantRecord(Context().get(), r, &out);
  return Answer(status, std::move(out));
}

absl::StatusOr<uint64_t> MatchClient::LogLength() {
  v1::ChainVerification v;
  grpc::Status s = audit_->VerifyChain(Context().get(), {}, &v);
  if (!s.ok()) return server::FromGrpcStatus(s);
  if (!v.ok()) return absl::DataLossError(v.problem());
  return v.events_checked();
}

absl::StatusOr<v1::EntrantsQualified> MatchClient::Qualify(
    const std::string& from, int per_field, const std::vector<int>& withdrawn) {
  v1::QualifyEntrantsRequest r;
  *r.mutable_options() = Options();
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  r.set_from_competition_id(from);
  r.set_per_field(per_field);
  for (int entrant : withdrawn) r.add_withdrawn(entrant);
  v1::QualifyEntrantsResponse out;
  grpc::Status s = director_->QualifyEntrants(Context().get(), r, &out);
  if (!s.ok()) return server::FromGrpcStatus(s);
  return out.qualification();
}

absl::StatusOr<v1::Qualification> MatchClient::Qualification() {
  v1::GetQualificationRequest r;
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  v1::Qualification out;
  grpc::Status status = query_->GetQualification(Context().get(), r, &out);
  return Answer(status, std::move(out));
}

absl::StatusOr<v1::KnockoutResults> MatchClient::Knockout() {
  v1::GetKnockoutResultsRequest r;
  r.set_tournament_id(tournament_);
  r.set_competition_id(competition_);
  v1::KnockoutResults out;
  grpc::Status status = query_->GetKnockoutResults(Context().get(), r, &out);
  return Answer(status, std::move(out));
}

v1::TableResult Played(int level, v1::Strain strain, v1::Seat declarer,
                       int tricks, v1::Doubling doubling) {
  v1::TableResult r;
  v1::PlayedContract* p = r.mutable_played();
  p->set_level(level);
  p->set_strain(strain);
  p->set_declarer(declarer);
  p->set_tricks(tricks);
  p->set_doubling(doubling);
  return r;
}

v1::TableResult PassedOut() {
  v1::TableResult r;
  r.mutable_passed_out();
  return r;
}

std::string DecimalText(const v1::DecimalValue& d) {
  return core::Decimal(d.units(), d.places()).ToString();
}

std::string FractionText(const v1::Fraction& f) {
  return f.denominator() == 1
             ? absl::StrCat(f.numerator())
             : absl::StrCat(f.numerator(), "/", f.denominator());
}

}  // namespace tally::testing
