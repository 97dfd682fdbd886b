// End to end (issue #5 items 7 and 9) through a real tallyd: the standings
// replayed as of an event in the middle of a session are the standings the
// field saw then; the standings difference between that point and the end;
// a what-if correction that lists what it would change and appends nothing
// (the log head unchanged); the same correction made, and WhatChanged of
// its event listing the same figures. Then a ruling and an appeals
// committee's decision, each seen before it is made (WhatIfRecordRuling,
// WhatIfDecideAppeal): nothing appended, refused as the command would be,
// and WhatChanged of the decision made lists the same figures.
//
// The session (sabf_matchpoint_pairs, SABF TR 11.3: percentages to 2
// places): four tables, NS 1-4 v EW 5-8, boards 1-2, a Mitchell ranked as
// two fields. Board 1 (nobody vulnerable), North in spades: t1 4S= +420,
// t2 4S+1 +450, t3 3S+1 +170, t4 4S-1 -50: NS MP 4 6 2 0 (top 6), EW 2 0 4
// 6. Board 2 passed out everywhere.

#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "core/base/status_macros.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "httplib.h"
#include "replay/state/state.h"
#include "server/grpc_status.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/venue.grpc.pb.h"
#include "tests/client_calls.h"
#include "tests/match_client.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

v1::TableResult Spades(int level, int tricks) {
  v1::TableResult r;
  v1::PlayedContract* p = r.mutable_played();
  p->set_level(level);
  p->set_strain(v1::STRAIN_SPADES);
  p->set_declarer(v1::SEAT_NORTH);
  p->set_tricks(tricks);
  return r;
}

v1::TableResult Passed() {
  v1::TableResult r;
  r.mutable_passed_out();
  return r;
}

std::unique_ptr<grpc::ClientContext> Context() { return ContextAs("td:test"); }

std::vector<std::string> Texts(const v1::FigureChanges& c) {
  std::vector<std::string> out;
  for (const v1::FigureChange& f : c.changes()) out.push_back(f.text());
  return out;
}

class WhatChangedE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTempDir("what_changed");
    tallyd_ = std::make_unique<TallydProcess>(TallydPath(), dir_ + "/data");
    tallyd_->AddFlag("--http_listen=127.0.0.1:0");
    tallyd_->AddFlag("--http_port_file=" + dir_ + "/http.port");
    ASSERT_THAT(tallyd_->Start(), IsOk());
    director_ = v1::DirectorService::NewStub(tallyd_->channel());
    venue_ = v1::VenueService::NewStub(tallyd_->channel());
    query_ = v1::QueryService::NewStub(tallyd_->channel());
    audit_ = v1::AuditService::NewStub(tallyd_->channel());
  }

  v1::CommandOptions Options() {
    v1::CommandOptions o;
    o.set_idempotency_key(absl::StrCat("wc/", ++commands_));
    return o;
  }

  absl::Status Session() {
    v1::DefineSessionRequest d;
    *d.mutable_options() = Options();
    d.set_tournament_id("club");
    d.set_competition_id("p");
    d.set_session(1);
    v1::MovementRound* round = d.mutable_explicit_movement()->add_rounds();
    round->set_round(1);
    for (int t = 1; t <= 4; ++t) {
      v1::TableAssignment* a = round->add_tables();
      a->set_table(t);
      a->set_ns_pair(t);
      a->set_ew_pair(t + 4);
      a->add_boards(1);
      a->add_boards(2);
    }
    v1::CommandOutcome out;
    TALLY_RETURN_IF_ERROR(
        server::FromGrpcStatus(director_->DefineSession(Context().get(), d, &out)));
    v1::StartSessionRequest s;
    *s.mutable_options() = Options();
    s.set_tournament_id("club");
    s.set_competition_id("p");
    s.set_session(1);
    return server::FromGrpcStatus(
        director_->StartSession(Context().get(), s, &out));
  }

  // The club's pairs event, its session started and board 1 entered at
  // the four tables (the header's results: 4S=, 4S+1, 3S+1, 4S-1).
  absl::Status BoardOneEverywhere(MatchClient& setup) {
    TALLY_RETURN_IF_ERROR(setup.Create(v1::COMPETITION_KIND_MATCHPOINT_PAIRS,
                                       "sabf_matchpoint_pairs"));
    TALLY_RETURN_IF_ERROR(setup.RegisterPairs(8));
    TALLY_RETURN_IF_ERROR(Session());
    const v1::TableResult board1[4] = {Spades(4, 10), Spades(4, 11),
                                       Spades(3, 10), Spades(4, 9)};
    for (int t = 1; t <= 4; ++t) {
      TALLY_RETURN_IF_ERROR(Enter(t, 1, board1[t - 1]).status());
    }
    return absl::OkStatus();
  }

  // The sequence of the event appended.
  absl::StatusOr<uint64_t> Enter(int table, int board,
                                 const v1::TableResult& result) {
    v1::EnterResultRequest e;
    *e.mutable_options() = Options();
    e.set_tournament_id("club");
    e.set_competition_id("p");
    e.set_session(1);
    e.set_table(table);
    e.set_board(board);
    *e.mutable_result() = result;
    v1::EnterResultResponse out;
    TALLY_RETURN_IF_ERROR(
        server::FromGrpcStatus(venue_->EnterResult(Context().get(), e, &out)));
    return out.outcome().sequence();
  }

  absl::StatusOr<v1::Standings> Standings() {
    v1::GetStandingsRequest r;
    r.set_tournament_id("club");
    r.set_competition_id("p");
    r.set_session(1);
    v1::Standings out;
    TALLY_RETURN_IF_ERROR(
        server::FromGrpcStatus(query_->GetStandings(Context().get(), r, &out)));
    return out;
  }

  absl::StatusOr<v1::Standings> StandingsAsOf(uint64_t sequence) {
    v1::GetStandingsAsOfRequest r;
    r.mutable_standings()->set_tournament_id("club");
    r.mutable_standings()->set_competition_id("p");
    r.mutable_standings()->set_session(1);
    r.mutable_as_of()->set_sequence(sequence);
    v1::Standings out;
    TALLY_RETURN_IF_ERROR(server::FromGrpcStatus(
        audit_->GetStandingsAsOf(Context().get(), r, &out)));
    return out;
  }

  // The value of `series` on /metrics.
  double Metric(const std::string& series) {
    std::ifstream port_file(dir_ + "/http.port");
    int port = 0;
    port_file >> port;
    httplib::Client http("127.0.0.1", port);
    httplib::Result page = http.Get("/metrics");
    EXPECT_TRUE(page) << "no answer from /metrics";
    return page ? MetricSample(page->body, series) : -1;
  }

  // Events read back from the log so far (/metrics' tally_log_events_read).
  double EventsRead() { return Metric("tally_log_events_read"); }

  v1::CorrectResultRequest TableThreeFourSpadesPlusOne() {
    v1::CorrectResultRequest c;
    c.set_tournament_id("club");
    c.set_competition_id("p");
    c.set_session(1);
    c.set_table(3);
    c.set_board(1);
    *c.mutable_result() = Spades(4, 11);
    c.set_kind(v1::CORRECTION_KIND_PLAYERS_AGREED);
    c.set_reason("4S+1 entered as 3S+1");
    c.add_agreed_by("NS: North3");
    c.add_agreed_by("EW: North7");
    return c;
  }

  std::string dir_;
  std::unique_ptr<TallydProcess> tallyd_;
  std::unique_ptr<v1::DirectorService::Stub> director_;
  std::unique_ptr<v1::VenueService::Stub> venue_;
  std::unique_ptr<v1::QueryService::Stub> query_;
  std::unique_ptr<v1::AuditService::Stub> audit_;
  int commands_ = 0;
};

TEST_F(WhatChangedE2eTest, AsOfMidSessionWhatIfAppendsNothingWhatChangedAgrees) {
  MatchClient setup(tallyd_->channel(), "club", "p");
  ASSERT_THAT(BoardOneEverywhere(setup), IsOk());
  ASSERT_THAT(Enter(1, 2, Passed()), IsOk());
  absl::StatusOr<uint64_t> middle = Enter(2, 2, Passed());
  ASSERT_THAT(middle, IsOk());
  // What the field saw in the middle: board 2 in at two tables of four.
  absl::StatusOr<v1::Standings> seen = Standings();
  ASSERT_THAT(seen, IsOk());
  ASSERT_EQ(seen->as_of_sequence(), *middle);
  ASSERT_THAT(Enter(3, 2, Passed()), IsOk());
  absl::StatusOr<uint64_t> end = Enter(4, 2, Passed());
  ASSERT_THAT(end, IsOk());

  // Replayed as of the middle: exactly what was seen then.
  absl::StatusOr<v1::Standings> replayed = StandingsAsOf(*middle);
  ASSERT_THAT(replayed, IsOk());
  EXPECT_EQ(replayed->SerializeAsString(), seen->SerializeAsString());

  // The standings difference, middle to end. Board 2's two passes out in the
  // middle were factored to four tables (Neuberg, (1 x 4 + 2) / 2 = 3), as
  // they score at the end: pairs 1, 2, 5, 6 do not move. Pairs 3, 4, 7, 8
  // add board 2's 3 MP and 6 to their maximum: 3 2/6 33.33 -> 5/12 41.67,
  // 4 0/6 0.00 -> 3/12 25.00, 7 4/6 66.67 -> 7/12 58.33, 8 6/6 100.00 ->
  // 9/12 75.00. Positions stay (NS 2 1 3 4, EW 3 4 2 1).
  v1::DiffStandingsRequest diff;
  diff.mutable_from()->set_sequence(*middle);
  diff.mutable_to()->set_sequence(*end);
  v1::FigureChanges moved;
  ASSERT_TRUE(audit_->DiffStandings(Context().get(), diff, &moved).ok());
  EXPECT_THAT(Texts(moved),
              ElementsAre("p session 1 pair 3 matchpoints: 2 -> 5",
                          "p session 1 pair 3 percentage: 33.33 -> 41.67",
                          "p session 1 pair 4 matchpoints: 0 -> 3",
                          "p session 1 pair 4 percentage: 0.00 -> 25.00",
                          "p session 1 pair 7 matchpoints: 4 -> 7",
                          "p session 1 pair 7 percentage: 66.67 -> 58.33",
                          "p session 1 pair 8 matchpoints: 6 -> 9",
                          "p session 1 pair 8 percentage: 100.00 -> 75.00"));
  EXPECT_EQ(moved.before_sequence(), *middle);
  EXPECT_EQ(moved.after_sequence(), *end);

  // What if table 3's board 1 were corrected to 4S+1 +450 (the replay test's
  // hand working): 25 figures, and the log head does not move.
  absl::StatusOr<uint64_t> head = setup.LogLength();
  ASSERT_THAT(head, IsOk());
  v1::FigureChanges what_if;
  ASSERT_TRUE(audit_
                  ->WhatIfCorrectResult(Context().get(),
                                        TableThreeFourSpadesPlusOne(), &what_if)
                  .ok());
  EXPECT_FALSE(what_if.appended());
  EXPECT_EQ(what_if.event().sequence(), *head + 1);
  ASSERT_EQ(what_if.changes_size(), 25);
  EXPECT_EQ(what_if.changes(0).text(),
            "p session 1 board 1 table 3 result: 3S+1 N, NS +170 -> 4S+1 N, "
            "NS +450");
  EXPECT_EQ(what_if.changes(24).text(),
            "p session 1 pair 7 position (EW): 2 -> 3=");
  EXPECT_EQ(setup.LogLength().value_or(0), *head);

  // A correction the decide step refuses is refused the same way, and
  // appends nothing either.
  v1::CorrectResultRequest unagreed = TableThreeFourSpadesPlusOne();
  unagreed.clear_agreed_by();
  v1::FigureChanges refused;
  EXPECT_EQ(
      audit_->WhatIfCorrectResult(Context().get(), unagreed, &refused)
          .error_code(),
      grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(setup.LogLength().value_or(0), *head);

  // Made: WhatChanged of its event lists the same figures.
  v1::CorrectResultRequest made = TableThreeFourSpadesPlusOne();
  *made.mutable_options() = Options();
  v1::CommandOutcome outcome;
  ASSERT_TRUE(director_->CorrectResult(Context().get(), made, &outcome).ok());
  v1::WhatChangedRequest which;
  which.set_sequence(outcome.sequence());
  v1::FigureChanges changed;
  ASSERT_TRUE(audit_->WhatChanged(Context().get(), which, &changed).ok());
  EXPECT_TRUE(changed.appended());
  EXPECT_EQ(changed.before_sequence(), *head);
  EXPECT_EQ(Texts(changed), Texts(what_if));

  // An event beyond the log is NOT_FOUND.
  which.set_sequence(*head + 5);
  EXPECT_EQ(audit_->WhatChanged(Context().get(), which, &changed).error_code(),
            grpc::StatusCode::NOT_FOUND);
}

// The session above with table 3's board 1 left at 3S+1 +170, scheduled
// around the server's clock so the review window (SABF TR 7: 30 minutes
// after the scheduled finish) is open. The ruling assigning 4S+1 +450
// moves the 24 figures of the correction above other than the entered
// result (replay what_changed_test: WhatIfOfARulingAndOfAnAppealDecision
// AppendNothing has the hand working); the committee restoring +170 moves
// the same 24 back.
TEST_F(WhatChangedE2eTest, RulingAndAppealDecisionSeenBeforeTheyAreMade) {
  MatchClient setup(tallyd_->channel(), "club", "p");
  ASSERT_THAT(setup.Create(v1::COMPETITION_KIND_MATCHPOINT_PAIRS,
                           "sabf_matchpoint_pairs"),
              IsOk());
  ASSERT_THAT(setup.RegisterPairs(8), IsOk());
  ASSERT_THAT(Session(), IsOk());
  const v1::TableResult board1[4] = {Spades(4, 10), Spades(4, 11),
                                     Spades(3, 10), Spades(4, 9)};
  for (int t = 1; t <= 4; ++t) {
    ASSERT_THAT(Enter(t, 1, board1[t - 1]), IsOk());
    ASSERT_THAT(Enter(t, 2, Passed()), IsOk());
  }
  v1::ScheduleSessionRequest schedule;
  *schedule.mutable_options() = Options();
  schedule.set_tournament_id("club");
  schedule.set_competition_id("p");
  schedule.set_session(1);
  *schedule.mutable_scheduled_start() =
      replay::ToTimestamp(absl::Now() - absl::Hours(1));
  *schedule.mutable_scheduled_end() =
      replay::ToTimestamp(absl::Now() + absl::Hours(1));
  v1::CommandOutcome out;
  ASSERT_TRUE(
      director_->ScheduleSession(Context().get(), schedule, &out).ok());

  v1::RecordRulingRequest ruling;
  ruling.set_tournament_id("club");
  ruling.set_competition_id("p");
  ruling.set_session(1);
  ruling.set_table(3);
  ruling.set_board(1);
  ruling.set_law("Law 12C1(e)");
  ruling.set_text("Misinformation: 4S+1 assigned.");
  *ruling.mutable_adjusted()->mutable_assigned() = Spades(4, 11);
  absl::StatusOr<uint64_t> head = setup.LogLength();
  ASSERT_THAT(head, IsOk());
  v1::FigureChanges ruled;
  ASSERT_TRUE(
      audit_->WhatIfRecordRuling(Context().get(), ruling, &ruled).ok());
  EXPECT_FALSE(ruled.appended());
  EXPECT_TRUE(ruled.event().payload().has_ruling_made());
  EXPECT_EQ(ruled.event().sequence(), *head + 1);
  ASSERT_EQ(ruled.changes_size(), 24);
  EXPECT_EQ(ruled.changes(0).text(),
            "p session 1 board 1 table 1 EW matchpoints: 2 -> 4");
  EXPECT_EQ(ruled.changes(23).text(),
            "p session 1 pair 7 position (EW): 2 -> 3=");
  // A ruling RecordRuling refuses (no Law cited) is refused the same way.
  v1::RecordRulingRequest lawless = ruling;
  lawless.clear_law();
  EXPECT_EQ(audit_->WhatIfRecordRuling(Context().get(), lawless, &ruled)
                .error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(setup.LogLength().value_or(0), *head);
  *ruling.mutable_options() = Options();
  ASSERT_TRUE(director_->RecordRuling(Context().get(), ruling, &out).ok());
  const uint64_t ruling_sequence = out.sequence();

  v1::LodgeAppealRequest lodge;
  *lodge.mutable_options() = Options();
  lodge.set_tournament_id("club");
  v1::AppealLodged* a = lodge.mutable_appeal();
  a->set_competition_id("p");
  a->set_kind(v1::APPEAL_KIND_DIRECTOR_RULING);
  a->set_session(1);
  a->set_table(3);
  a->set_board(1);
  a->set_appellant(7);
  a->set_appellant_signature("North7");
  a->add_respondents(3);
  a->set_ruling_sequence(ruling_sequence);
  a->set_grounds("North's explanation was correct.");
  ASSERT_TRUE(director_->LodgeAppeal(Context().get(), lodge, &out).ok());
  v1::DecideAppealRequest decide;
  decide.set_tournament_id("club");
  v1::AppealDecided* d = decide.mutable_decided();
  d->set_competition_id("p");
  d->set_appeal(1);
  d->set_outcome(v1::APPEAL_OUTCOME_VARIED);
  *d->mutable_adjusted_score()->mutable_assigned() = Spades(3, 10);
  d->set_decision("The table result, 3S+1 by North, NS +170, stands.");
  // Not heard yet: refused as DecideAppeal refuses it, nothing appended.
  head = setup.LogLength();
  ASSERT_THAT(head, IsOk());
  v1::FigureChanges decided;
  EXPECT_EQ(audit_->WhatIfDecideAppeal(Context().get(), decide, &decided)
                .error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(setup.LogLength().value_or(0), *head);
  v1::HearAppealRequest hear;
  *hear.mutable_options() = Options();
  hear.set_tournament_id("club");
  hear.mutable_heard()->set_competition_id("p");
  hear.mutable_heard()->set_appeal(1);
  hear.mutable_heard()->set_chair("Reviewer One");
  hear.mutable_heard()->add_members("Reviewer One");
  hear.mutable_heard()->add_members("Reviewer Two");
  ASSERT_TRUE(director_->HearAppeal(Context().get(), hear, &out).ok());

  // Before deciding: the 24 figures move back; the log does not grow.
  head = setup.LogLength();
  ASSERT_THAT(head, IsOk());
  ASSERT_TRUE(
      audit_->WhatIfDecideAppeal(Context().get(), decide, &decided).ok());
  EXPECT_FALSE(decided.appended());
  EXPECT_TRUE(decided.event().payload().has_appeal_decided());
  ASSERT_EQ(decided.changes_size(), 24);
  EXPECT_EQ(decided.changes(0).text(),
            "p session 1 board 1 table 1 EW matchpoints: 4 -> 2");
  EXPECT_EQ(decided.changes(23).text(),
            "p session 1 pair 7 position (EW): 3= -> 2");
  EXPECT_EQ(setup.LogLength().value_or(0), *head);

  // After deciding: WhatChanged of the decision lists the same figures.
  *decide.mutable_options() = Options();
  ASSERT_TRUE(director_->DecideAppeal(Context().get(), decide, &out).ok());
  EXPECT_EQ(out.sequence(), *head + 1);
  v1::WhatChangedRequest which;
  which.set_sequence(out.sequence());
  v1::FigureChanges changed;
  ASSERT_TRUE(audit_->WhatChanged(Context().get(), which, &changed).ok());
  EXPECT_EQ(Texts(changed), Texts(decided));
}

// Issue #19 item 3, counts and not times: the auditor's queries of one
// tournament (what changed, as-of standings, the standings difference, a
// board's history) read that tournament's events only, so they read as
// many events after another tournament adds 152 as before, and answer the
// same. tally_log_events_read on /metrics counts every event read back.
TEST_F(WhatChangedE2eTest, AuditQueriesReadOnlyTheirTournamentsEvents) {
  MatchClient setup(tallyd_->channel(), "club", "p");
  ASSERT_THAT(BoardOneEverywhere(setup), IsOk());
  absl::StatusOr<uint64_t> middle = Enter(1, 2, Passed());
  ASSERT_THAT(middle, IsOk());
  for (int t = 2; t <= 4; ++t) ASSERT_THAT(Enter(t, 2, Passed()), IsOk());
  v1::CorrectResultRequest correction = TableThreeFourSpadesPlusOne();
  *correction.mutable_options() = Options();
  v1::CommandOutcome corrected;
  ASSERT_TRUE(
      director_->CorrectResult(Context().get(), correction, &corrected).ok());
  const uint64_t club_events = corrected.sequence();

  // Each query's events read, and its answer.
  auto run = [&](auto call) {
    const double before = EventsRead();
    const std::string answer = call();
    return std::make_pair(EventsRead() - before, answer);
  };
  auto what_changed = [&] {
    v1::WhatChangedRequest r;
    r.set_sequence(corrected.sequence());
    v1::FigureChanges out;
    EXPECT_TRUE(audit_->WhatChanged(Context().get(), r, &out).ok());
    return out.SerializeAsString();
  };
  auto as_of = [&] {
    absl::StatusOr<v1::Standings> s = StandingsAsOf(*middle);
    EXPECT_THAT(s, IsOk());
    return s.ok() ? s->SerializeAsString() : "";
  };
  auto diff = [&] {
    v1::DiffStandingsRequest r;
    r.set_tournament_id("club");
    r.mutable_from()->set_sequence(*middle);
    r.mutable_to()->set_sequence(club_events);
    v1::FigureChanges out;
    EXPECT_TRUE(audit_->DiffStandings(Context().get(), r, &out).ok());
    return out.SerializeAsString();
  };
  auto history = [&] {
    v1::GetBoardHistoryRequest r;
    r.set_tournament_id("club");
    r.set_competition_id("p");
    r.set_session(1);
    r.set_board(1);
    v1::BoardHistory out;
    EXPECT_TRUE(audit_->GetBoardHistory(Context().get(), r, &out).ok());
    EXPECT_EQ(out.events_size(), 7);  // defined, started, 4 results, fix
    return out.SerializeAsString();
  };
  auto club_log = [&] {
    v1::ReadLogRequest r;
    r.set_tournament_id("club");
    r.set_from_sequence(3);
    auto context = Context();
    std::unique_ptr<grpc::ClientReader<v1::Event>> reader =
        audit_->ReadLog(context.get(), r);
    std::string answer;
    for (v1::Event e; reader->Read(&e);) answer += e.SerializeAsString();
    EXPECT_TRUE(reader->Finish().ok());
    return answer;
  };
  const auto changed_alone = run(what_changed);
  const auto club_log_alone = run(club_log);
  const auto as_of_alone = run(as_of);
  const auto diff_alone = run(diff);
  const auto history_alone = run(history);
  // The club's own events up to each point, no more: all 21 for what
  // changed (the event, and the 20 before it) and for the history; 17 as
  // of the middle; 17 + 21 for the difference.
  ASSERT_EQ(club_events, 21u);
  ASSERT_EQ(*middle, 17u);
  EXPECT_EQ(changed_alone.first, 21);
  EXPECT_EQ(as_of_alone.first, 17);
  EXPECT_EQ(diff_alone.first, 17 + 21);
  EXPECT_EQ(history_alone.first, 21);
  EXPECT_EQ(club_log_alone.first, 21 - 2);  // from event 3

  MatchClient other(tallyd_->channel(), "other", "q");
  ASSERT_THAT(other.Create(v1::COMPETITION_KIND_MATCHPOINT_PAIRS,
                           "sabf_matchpoint_pairs"),
              IsOk());
  ASSERT_THAT(other.RegisterPairs(150), IsOk());
  absl::StatusOr<uint64_t> length = other.LogLength();
  ASSERT_THAT(length, IsOk());
  ASSERT_EQ(*length, club_events + 152);

  EXPECT_EQ(run(what_changed), changed_alone);
  EXPECT_EQ(run(as_of), as_of_alone);
  EXPECT_EQ(run(diff), diff_alone);
  EXPECT_EQ(run(history), history_alone);
  EXPECT_EQ(run(club_log), club_log_alone);

  // A tournament the log does not hold is NOT_FOUND, named, not an empty
  // stream that looks like a tournament with no events.
  v1::ReadLogRequest unknown;
  unknown.set_tournament_id("clbu");
  auto context = Context();
  std::unique_ptr<grpc::ClientReader<v1::Event>> reader =
      audit_->ReadLog(context.get(), unknown);
  v1::Event none;
  EXPECT_FALSE(reader->Read(&none));
  grpc::Status finished = reader->Finish();
  EXPECT_EQ(finished.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_THAT(finished.error_message(), HasSubstr("no tournament \"clbu\""));
}

// Issue #19, counts and not times: 16 readers asking for one session's
// standings at once share one computation (tally_standings_computed on
// /metrics); another tournament's events change only the answer's
// as_of_sequence and compute nothing; a result of the club computes once
// more. Every answer is the one the State gives.
TEST_F(WhatChangedE2eTest, StandingsAreComputedOncePerChangeOfTheirTournament) {
  MatchClient setup(tallyd_->channel(), "club", "p");
  ASSERT_THAT(BoardOneEverywhere(setup), IsOk());
  const double computed = Metric("tally_standings_computed");
  const double hits = Metric("tally_standings_cache_hits");
  std::vector<std::string> answers(16);
  std::vector<std::thread> readers;
  for (std::string& answer : answers) {
    readers.emplace_back([&] {
      absl::StatusOr<v1::Standings> s = Standings();
      EXPECT_THAT(s, IsOk());
      if (s.ok()) answer = s->SerializeAsString();
    });
  }
  for (std::thread& t : readers) t.join();
  for (const std::string& answer : answers) EXPECT_EQ(answer, answers[0]);
  EXPECT_EQ(Metric("tally_standings_computed"), computed + 1);
  EXPECT_EQ(Metric("tally_standings_cache_hits"), hits + 15);
  v1::Standings first;
  ASSERT_TRUE(first.ParseFromString(answers[0]));
  EXPECT_EQ(first.as_of_sequence(), 16u);  // 4 results of board 1
  EXPECT_EQ(first.results_entered(), 4);

  MatchClient other(tallyd_->channel(), "other", "q");
  ASSERT_THAT(other.Create(v1::COMPETITION_KIND_MATCHPOINT_PAIRS,
                           "sabf_matchpoint_pairs"),
              IsOk());
  absl::StatusOr<v1::Standings> later = Standings();
  ASSERT_THAT(later, IsOk());
  EXPECT_EQ(later->as_of_sequence(), 18u);  // the other's two events
  v1::Standings expected = first;
  expected.set_as_of_sequence(18);
  EXPECT_EQ(later->SerializeAsString(), expected.SerializeAsString());
  EXPECT_EQ(Metric("tally_standings_computed"), computed + 1);

  ASSERT_THAT(Enter(1, 2, Passed()), IsOk());
  absl::StatusOr<v1::Standings> changed = Standings();
  ASSERT_THAT(changed, IsOk());
  EXPECT_EQ(changed->results_entered(), 5);
  EXPECT_EQ(changed->as_of_sequence(), 19u);
  EXPECT_EQ(Metric("tally_standings_computed"), computed + 2);
}

}  // namespace
}  // namespace tally::testing
