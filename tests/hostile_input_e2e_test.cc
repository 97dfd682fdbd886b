// Regression tests for issue #14 items 1 and 2: the hostile requests that
// once aborted tallyd, were stored malformed, or forged its log, each sent
// through the gRPC API to a real tallyd. Each is refused with the status
// named here, the server keeps serving, and the log's length and head do
// not move. A value stored before these checks existed (written here
// straight into the log, as an old server would have) makes only the reads
// that fold it answer INTERNAL naming its event; everything else is served,
// across a restart. Limits: docs/input-limits.md.

#include <fstream>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide_ruling.h"
#include "replay/state/event_log.h"
#include "replay/state/state.h"
#include "server/grpc_status.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/venue.grpc.pb.h"
#include "tests/client_calls.h"
#include "tests/seven_table_session.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kTournament[] = "hostile";
constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

absl::Status Status(const grpc::Status& s) { return server::FromGrpcStatus(s); }

std::unique_ptr<grpc::ClientContext> Ctx() { return ContextAs("td:hostile"); }

v1::TableResult FourSpades(int tricks) {
  v1::TableResult r;
  v1::PlayedContract* p = r.mutable_played();
  p->set_level(4);
  p->set_strain(v1::STRAIN_SPADES);
  p->set_declarer(v1::SEAT_NORTH);
  p->set_tricks(tricks);
  return r;
}

// A ruling at table 1 on board 1 of session 1 of the seven-table session.
v1::RecordRulingRequest Ruling(const std::string& key) {
  v1::RecordRulingRequest r;
  *r.mutable_options() = Key(key);
  r.set_tournament_id(kTournament);
  r.set_competition_id(kCompetition);
  r.set_session(1);
  r.set_table(1);
  r.set_board(1);
  r.set_law("Law 12C1(c)");
  r.set_text("Weighted score.");
  return r;
}

void Weigh(v1::RecordRulingRequest& r, const std::vector<int64_t>& dens,
           const std::vector<int64_t>& nums) {
  v1::WeightedAdjustedScore* w = r.mutable_adjusted()->mutable_weighted();
  for (size_t i = 0; i < dens.size(); ++i) {
    v1::WeightedResult* o = w->add_outcomes();
    *o->mutable_result() = FourSpades(static_cast<int>(8 + i % 6));
    o->mutable_weight()->set_numerator(nums[i]);
    o->mutable_weight()->set_denominator(dens[i]);
  }
}

v1::RecordRulingRequest MatchpointPenalty(const std::string& key, int64_t num,
                                          int64_t den) {
  v1::RecordRulingRequest r = Ruling(key);
  r.set_law("Law 90");
  r.set_text("Slow play.");
  v1::RulingPenalty* p = r.mutable_penalty();
  p->set_kind(v1::PENALTY_KIND_PROCEDURAL);
  p->set_side(v1::SIDE_NORTH_SOUTH);
  p->set_unit(v1::SCORE_UNIT_MATCHPOINTS);
  p->mutable_amount()->set_numerator(num);
  p->mutable_amount()->set_denominator(den);
  return r;
}

v1::GetStandingsRequest StandingsOf(const std::string& tournament) {
  v1::GetStandingsRequest r;
  r.set_tournament_id(tournament);
  r.set_competition_id(kCompetition);
  r.set_session(1);
  return r;
}

class HostileInputTest : public ::testing::Test {
 protected:
  void StartOn(const std::string& dir) {
    tallyd_ = std::make_unique<TallydProcess>(TallydPath(), dir);
    ASSERT_THAT(tallyd_->Start(), IsOk());
    director_ = v1::DirectorService::NewStub(tallyd_->channel());
    venue_ = v1::VenueService::NewStub(tallyd_->channel());
    query_ = v1::QueryService::NewStub(tallyd_->channel());
    audit_ = v1::AuditService::NewStub(tallyd_->channel());
  }

  // The seven-table session with board 1 played at tables 1 and 2.
  void SetUpPlayedBoard(const std::string& tournament) {
    ASSERT_THAT(SetUpSession(*tallyd_->channel(), tournament), IsOk());
    for (int table : {1, 2}) {
      ASSERT_THAT(EnterResult(*tallyd_->channel(),
                              ScriptedResult(tournament, 1, table)),
                  IsOk());
    }
  }

  size_t LogLength() {
    absl::StatusOr<std::vector<v1::Event>> log =
        ReadWholeLog(*tallyd_->channel());
    EXPECT_THAT(log, IsOk());
    return log.ok() ? log->size() : 0;
  }

  std::unique_ptr<TallydProcess> tallyd_;
  std::unique_ptr<v1::DirectorService::Stub> director_;
  std::unique_ptr<v1::VenueService::Stub> venue_;
  std::unique_ptr<v1::QueryService::Stub> query_;
  std::unique_ptr<v1::AuditService::Stub> audit_;
};

TEST_F(HostileInputTest, EveryReportedRequestIsRefusedAndTheServerSurvives) {
  const std::string dir = MakeTempDir("hostile");
  StartOn(dir);
  SetUpPlayedBoard(kTournament);
  const size_t before = LogLength();
  v1::CommandOutcome out;
  v1::FigureChanges changes;

  // CreateCompetition kind 999 once aborted tallyd in KindName().
  v1::CreateCompetitionRequest competition;
  *competition.mutable_options() = Key("kind-999");
  competition.set_tournament_id(kTournament);
  competition.set_competition_id("odd");
  competition.set_name("Odd");
  competition.set_kind(static_cast<v1::CompetitionKind>(999));
  competition.set_regulation_profile("sabf_matchpoint_pairs");
  EXPECT_THAT(
      Status(director_->CreateCompetition(Ctx().get(), competition, &out)),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("field 'kind': 999 is not a value of "
                         "tally.v1.CompetitionKind")));

  // Weights 1/3100000000 and 1/3100000001, and eight weights 1/p for primes
  // p near 10^6, overflowed Rational::Narrow in RecordRuling, a varied
  // DecideAppeal and the read-only what-ifs.
  v1::RecordRulingRequest huge = Ruling("weights-huge");
  Weigh(huge, {3100000000, 3100000001}, {1, 1});
  v1::RecordRulingRequest primes = Ruling("weights-primes");
  Weigh(primes,
        {999953, 999959, 999961, 999979, 999983, 1000003, 1000033, 1000037},
        {1, 1, 1, 1, 1, 1, 1, 1});
  for (const v1::RecordRulingRequest* r : {&huge, &primes}) {
    EXPECT_THAT(Status(director_->RecordRuling(Ctx().get(), *r, &out)),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr("weight': a fraction's denominator is "
                                   "1..1000")));
    EXPECT_THAT(
        Status(audit_->WhatIfRecordRuling(Ctx().get(), *r, &changes)),
        StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("denominator")));
    v1::DecideAppealRequest appeal;
    *appeal.mutable_options() = Key("appeal-varied");
    appeal.set_tournament_id(kTournament);
    appeal.mutable_decided()->set_competition_id(kCompetition);
    appeal.mutable_decided()->set_appeal(1);
    appeal.mutable_decided()->set_outcome(v1::APPEAL_OUTCOME_VARIED);
    *appeal.mutable_decided()->mutable_adjusted_score() = r->adjusted();
    EXPECT_THAT(
        Status(director_->DecideAppeal(Ctx().get(), appeal, &out)),
        StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("denominator")));
    EXPECT_THAT(
        Status(audit_->WhatIfDecideAppeal(Ctx().get(), appeal, &changes)),
        StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("denominator")));
  }
  // Within the generic fraction limit but no percentage: Law 12C1(c)'s own
  // limit (denominator at most 100), checked with Rational::CheckedAdd.
  v1::RecordRulingRequest hundred_first = Ruling("weights-101");
  Weigh(hundred_first, {101, 101}, {1, 100});
  EXPECT_THAT(Status(director_->RecordRuling(Ctx().get(), hundred_first, &out)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("denominator at most 100), not 1/101")));

  // A matchpoint penalty of 1/(2^63-1) or (2^63-1)/1 was stored, and then
  // every standings, scorecard, traveller and what-changed of the session
  // aborted tallyd.
  for (const auto& [num, den] : std::vector<std::pair<int64_t, int64_t>>{
           {1, kInt64Max}, {kInt64Max, 1}}) {
    EXPECT_THAT(
        Status(director_->RecordRuling(
            Ctx().get(), MatchpointPenalty("penalty-huge", num, den), &out)),
        StatusIs(absl::StatusCode::kInvalidArgument,
                 HasSubstr("field 'penalty.amount'")));
  }
  // Laws 90/91: a penalty is a fraction of a top, a few tops at most.
  EXPECT_THAT(
      Status(director_->RecordRuling(
          Ctx().get(), MatchpointPenalty("penalty-1001", 1001, 1), &out)),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("a penalty (Laws 90, 91) is at most 1000")));

  // Unknown enum values once stored.
  v1::EnterResultRequest doubling = ScriptedResult(kTournament, 2, 1);
  *doubling.mutable_options() = Key("doubling-999");
  *doubling.mutable_result() = FourSpades(10);
  doubling.mutable_result()->mutable_played()->set_doubling(
      static_cast<v1::Doubling>(999));
  v1::EnterResultResponse entered;
  EXPECT_THAT(Status(venue_->EnterResult(Ctx().get(), doubling, &entered)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("field 'result.played.doubling': 999")));
  v1::ConfirmResultRequest confirm;
  *confirm.mutable_options() = Key("room-999");
  confirm.set_tournament_id(kTournament);
  confirm.set_competition_id(kCompetition);
  confirm.set_session(1);
  confirm.set_table(1);
  confirm.set_board(1);
  confirm.set_confirming_pair(EwPairAt(RoundOf(1, 1), 1));
  confirm.set_room(static_cast<v1::Room>(999));
  EXPECT_THAT(Status(venue_->ConfirmResult(Ctx().get(), confirm, &out)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("field 'room': 999")));
  v1::CorrectResultRequest correct;
  *correct.mutable_options() = Key("correct-999");
  correct.set_tournament_id(kTournament);
  correct.set_competition_id(kCompetition);
  correct.set_session(1);
  correct.set_table(1);
  correct.set_board(1);
  *correct.mutable_result() = FourSpades(11);
  correct.set_kind(static_cast<v1::CorrectionKind>(999));
  correct.set_reason("typo");
  EXPECT_THAT(Status(director_->CorrectResult(Ctx().get(), correct, &out)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("field 'kind': 999")));
  v1::LodgeAppealRequest lodge;
  *lodge.mutable_options() = Key("lodge-999");
  lodge.set_tournament_id(kTournament);
  lodge.mutable_appeal()->set_competition_id(kCompetition);
  lodge.mutable_appeal()->set_kind(static_cast<v1::AppealKind>(999));
  EXPECT_THAT(Status(director_->LodgeAppeal(Ctx().get(), lodge, &out)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("field 'appeal.kind': 999")));
  v1::RecordPairAbsentRequest absent;
  *absent.mutable_options() = Key("absent-999");
  absent.set_tournament_id(kTournament);
  absent.set_competition_id(kCompetition);
  absent.set_session(1);
  absent.set_pair(1);
  absent.set_reason(static_cast<v1::AbsenceReason>(999));
  EXPECT_THAT(Status(director_->RecordPairAbsent(Ctx().get(), absent, &out)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("field 'reason': 999")));

  // The same player twice in one pair.
  v1::RegisterPairRequest pair;
  *pair.mutable_options() = Key("pair-twice");
  pair.set_tournament_id(kTournament);
  pair.set_competition_id(kCompetition);
  pair.set_pair(20);
  pair.add_players("Ann Lee");
  pair.add_players("Ann Lee");
  EXPECT_THAT(Status(director_->RegisterPair(Ctx().get(), pair, &out)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("'Ann Lee' is named twice")));

  // An offence in round -1, or on day 99999-01-01.
  v1::RecordOffenceRequest offence;
  *offence.mutable_options() = Key("offence");
  offence.set_tournament_id(kTournament);
  offence.set_competition_id(kCompetition);
  offence.set_entrant(1);
  offence.set_offence("slow_play");
  offence.set_day("2026-03-14");
  offence.set_reason("Slow.");
  offence.set_round(-1);
  EXPECT_THAT(Status(director_->RecordOffence(Ctx().get(), offence, &out)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("field 'round': is a count or a number, at "
                                 "least 0; not -1")));
  offence.set_round(0);
  offence.set_day("99999-01-01");
  EXPECT_THAT(Status(director_->RecordOffence(Ctx().get(), offence, &out)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("field 'day': a day is YYYY-MM-DD in "
                                 "2000..2100")));

  // A session never defined, and a schedule in the year 0001 (after which
  // every ruling's window "could not be worked out").
  v1::ScheduleSessionRequest schedule;
  *schedule.mutable_options() = Key("schedule");
  schedule.set_tournament_id(kTournament);
  schedule.set_competition_id(kCompetition);
  schedule.set_session(5);
  *schedule.mutable_scheduled_start() =
      replay::ToTimestamp(absl::Now() - absl::Hours(1));
  *schedule.mutable_scheduled_end() =
      replay::ToTimestamp(absl::Now() + absl::Hours(2));
  EXPECT_THAT(Status(director_->ScheduleSession(Ctx().get(), schedule, &out)),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("session 5 of 'pairs' is not defined")));
  schedule.set_session(1);
  *schedule.mutable_scheduled_start() = replay::ToTimestamp(absl::FromCivil(
      absl::CivilSecond(1, 1, 1, 10, 0, 0), absl::UTCTimeZone()));
  EXPECT_THAT(Status(director_->ScheduleSession(Ctx().get(), schedule, &out)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("field 'scheduled_start': a time is in the "
                                 "years 2000..2100")));

  // Unbounded keys and ids: a 3.9 MB idempotency key; a 1 MB id echoed in
  // an error; an id with a newline that wrote a forged line into the log.
  v1::RecordRulingRequest long_key = MatchpointPenalty("k", 1, 2);
  long_key.mutable_options()->set_idempotency_key(std::string(3900000, 'k'));
  grpc::Status s = director_->RecordRuling(Ctx().get(), long_key, &out);
  EXPECT_THAT(Status(s), StatusIs(absl::StatusCode::kInvalidArgument,
                                  HasSubstr("field 'options.idempotency_key': "
                                            "an id is at most 256 bytes")));
  EXPECT_LT(s.error_message().size(), 300u);
  v1::Standings standings;
  s = query_->GetStandings(Ctx().get(), StandingsOf(std::string(1 << 20, 'x')),
                           &standings);
  EXPECT_THAT(Status(s), StatusIs(absl::StatusCode::kInvalidArgument,
                                  HasSubstr("(1048576 bytes)")));
  EXPECT_LT(s.error_message().size(), 300u);
  const std::string forged = "hostile\ntallyd 2026-01-01T00:00:00Z stopped";
  s = query_->GetStandings(Ctx().get(), StandingsOf(forged), &standings);
  EXPECT_THAT(Status(s), StatusIs(absl::StatusCode::kInvalidArgument,
                                  HasSubstr("hostile\\x0atallyd")));
  v1::GetTournamentRequest tournament;
  tournament.set_tournament_id(forged);
  v1::Tournament t;
  EXPECT_THAT(Status(query_->GetTournament(Ctx().get(), tournament, &t)),
              StatusIs(absl::StatusCode::kInvalidArgument));

  // Nothing was appended, the chain holds, and the server still serves.
  EXPECT_EQ(LogLength(), before);
  EXPECT_THAT(VerifyChain(*tallyd_->channel()), IsOk());
  EXPECT_TRUE(
      query_->GetStandings(Ctx().get(), StandingsOf(kTournament), &standings)
          .ok());
  EXPECT_EQ(tallyd_->Stop(), 0);

  // The log line of the refusal is escaped: no line of tallyd's log starts
  // with the forged text.
  std::ifstream log_file(dir + ".log");
  std::stringstream lines;
  lines << log_file.rdbuf();
  EXPECT_THAT(lines.str(), HasSubstr("hostile\\x0atallyd 2026-01-01"));
  EXPECT_THAT(lines.str(),
              Not(HasSubstr("\ntallyd 2026-01-01T00:00:00Z stopped")));
}

TEST_F(HostileInputTest, AStoredValueOutOfRangeFailsOnlyTheReadsThatFoldIt) {
  const std::string dir = MakeTempDir("poisoned");
  StartOn(dir);
  SetUpPlayedBoard(kTournament);
  SetUpPlayedBoard("healthy");
  ASSERT_EQ(tallyd_->Stop(), 0);

  // An old server stored a matchpoint penalty of 1/(2^63-1): append one,
  // decided as RecordRuling decides it, straight into the log.
  uint64_t poisoned = 0;
  {
    absl::StatusOr<std::unique_ptr<replay::EventLog>> log =
        replay::EventLog::Open({.path = dir});
    ASSERT_THAT(log, IsOk());
    replay::Command command;
    command.tournament_id = kTournament;
    command.idempotency_key = "old-server-penalty";
    command.fingerprint = "old-server-penalty";
    command.actor.set_role(v1::ROLE_DIRECTOR);
    command.actor.set_identity("td:old-server");
    command.decide_at = [](const replay::State& s,
                           absl::Time at) -> absl::StatusOr<v1::EventPayload> {
      absl::StatusOr<v1::EventPayload> payload =
          replay::DecideRecordRuling(s, MatchpointPenalty("old", 1, 2), at);
      if (!payload.ok()) return payload;
      v1::Fraction* amount =
          payload->mutable_ruling_made()->mutable_penalty()->mutable_amount();
      amount->set_numerator(1);
      amount->set_denominator(kInt64Max);
      return payload;
    };
    absl::StatusOr<replay::CommandResult> result =
        (*log)->Execute(std::move(command));
    ASSERT_THAT(result, IsOk());
    poisoned = result->event.sequence();
  }

  for (int start = 0; start < 2; ++start) {  // and again after a restart
    StartOn(dir);
    v1::Standings standings;
    EXPECT_THAT(
        Status(query_->GetStandings(Ctx().get(), StandingsOf(kTournament),
                                    &standings)),
        StatusIs(absl::StatusCode::kInternal,
                 HasSubstr(absl::StrCat("event #", poisoned,
                                        " (ruling_made): field "
                                        "'ruling_made.penalty.amount'"))));
    v1::FigureChanges changes;
    v1::WhatChangedRequest what;
    what.set_sequence(poisoned);
    EXPECT_THAT(Status(audit_->WhatChanged(Ctx().get(), what, &changes)),
                StatusIs(absl::StatusCode::kInternal,
                         HasSubstr(absl::StrCat("event #", poisoned))));
    // Everything else is served: the other tournament's standings, the
    // tournament itself, the chain, and new commands.
    EXPECT_TRUE(
        query_->GetStandings(Ctx().get(), StandingsOf("healthy"), &standings)
            .ok());
    v1::GetTournamentRequest get;
    get.set_tournament_id(kTournament);
    v1::Tournament t;
    EXPECT_TRUE(query_->GetTournament(Ctx().get(), get, &t).ok());
    EXPECT_THAT(VerifyChain(*tallyd_->channel()), IsOk());
    v1::EnterResultRequest next = ScriptedResult("healthy", 1, 3);
    EXPECT_THAT(EnterResult(*tallyd_->channel(), next), IsOk());
    EXPECT_EQ(tallyd_->Stop(), 0);
  }
}

}  // namespace
}  // namespace tally::testing
