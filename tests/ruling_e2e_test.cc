// End to end (issue #5, item 4): a director's ruling through the gRPC API.
// An assigned adjusted score in a Swiss pairs round (ANC SR 22.3's datum)
// re-derives the match; a ruling correcting the director's own error
// (NZ LIRG 82C) supersedes it and both stay in the board's history; one
// second after the correction period (ANC SR 6.1) a ruling is refused with
// the clause and nothing is appended (Law 79C2 as NZ LIRG reads it). A
// fouled-board treatment (ANC SR 7.2(a)) in a Butler movement session
// re-scores the board: separate datums on the traveller, new IMPs in the
// standings; NSW TR 7.1.1(b) in a Swiss pairs round, ruled through the
// `tally` CLI, moves the fouled table's match, as `tally what-changed`
// shows. The server's clock is a file the test sets (tallyd
// --test_clock_file).

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/state/state.h"
#include "server/grpc_status.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tests/match_client.h"
#include "tally/v1/access.grpc.pb.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

absl::Time Clock(int hour, int minute, int second = 0) {
  return absl::FromCivil(absl::CivilSecond(2026, 3, 14, hour, minute, second),
                         absl::UTCTimeZone());
}

v1::TableResult Passed() {
  v1::TableResult r;
  r.mutable_passed_out();
  return r;
}

v1::TableResult FourSpades(int tricks) {
  v1::TableResult r;
  v1::PlayedContract* p = r.mutable_played();
  p->set_level(4);
  p->set_strain(v1::STRAIN_SPADES);
  p->set_declarer(v1::SEAT_NORTH);
  p->set_tricks(tricks);
  return r;
}

int64_t Pow10(int places) {
  int64_t p = 1;
  for (int i = 0; i < places; ++i) p *= 10;
  return p;
}

class Director {
 public:
  explicit Director(std::shared_ptr<grpc::Channel> channel,
                    std::string tournament = "anc",
                    std::string competition = "wsp")
      : director_(v1::DirectorService::NewStub(channel)),
        audit_(v1::AuditService::NewStub(channel)),
        tournament_(std::move(tournament)),
        competition_(std::move(competition)) {}

  absl::StatusOr<uint64_t> Rule(v1::RecordRulingRequest r) {
    r.mutable_options()->set_idempotency_key(absl::StrCat("ruling-", ++n_));
    r.set_tournament_id(tournament_);
    r.set_competition_id(competition_);
    grpc::ClientContext context;
    context.AddMetadata("tally-identity", "td:jane");
    v1::CommandOutcome out;
    absl::Status st =
        server::FromGrpcStatus(director_->RecordRuling(&context, r, &out));
    if (!st.ok()) return st;
    return out.sequence();
  }

  absl::StatusOr<v1::BoardHistory> History(int round, int board) {
    v1::GetBoardHistoryRequest r;
    r.set_tournament_id("anc");
    r.set_competition_id("wsp");
    r.set_session(round);
    r.set_board(board);
    grpc::ClientContext context;
    v1::BoardHistory out;
    absl::Status st =
        server::FromGrpcStatus(audit_->GetBoardHistory(&context, r, &out));
    if (!st.ok()) return st;
    return out;
  }

 private:
  std::unique_ptr<v1::DirectorService::Stub> director_;
  std::unique_ptr<v1::AuditService::Stub> audit_;
  std::string tournament_;
  std::string competition_;
  int n_ = 0;
};

TEST(RulingE2eTest, AssignedScoreSupersededThenRefusedAfterTheWindow) {
  const std::string dir = MakeTempDir("ruling");
  const std::string clock = dir + "/clock";
  SetClock(clock, Clock(9, 0));
  TallydProcess tallyd(TallydPath(), dir + "/data");
  tallyd.AddFlag("--test_clock_file=" + clock);
  ASSERT_THAT(tallyd.Start(), IsOk());

  // Ten pairs of the Welcome Swiss Pairs (five tables): round 1
  // 10:00-11:10, round 2 at 12:30; every board passed out.
  MatchClient wsp(tallyd.channel(), "anc", "wsp");
  ASSERT_THAT(wsp.Create(v1::COMPETITION_KIND_SWISS_PAIRS, "anc2025_wsp"),
              IsOk());
  ASSERT_THAT(wsp.RegisterPairs(10), IsOk());
  absl::StatusOr<v1::DrawMade> draw = wsp.Draw(1, 5);
  ASSERT_THAT(draw, IsOk());
  ASSERT_THAT(wsp.Schedule(1, Clock(10, 0), Clock(11, 10), false), IsOk());
  ASSERT_THAT(wsp.Schedule(2, Clock(12, 30), Clock(13, 40), false), IsOk());
  for (const v1::DrawnMatch& m : draw->matches()) {
    for (int board : draw->boards()) {
      ASSERT_THAT(wsp.Enter(1, m.table(), board, Passed()), IsOk());
    }
  }
  SetClock(clock, Clock(11, 40));
  ASSERT_THAT(wsp.Post(1), IsOk());

  // The rulings are made by Jane, a director principal of "anc" (issue
  // #15): the log's actor is her authenticated principal.
  v1::CreatePrincipalRequest jane;
  jane.set_id("td:jane");
  jane.set_role(v1::ROLE_DIRECTOR);
  jane.mutable_scope()->set_tournament_id("anc");
  v1::Credential jane_token;
  {
    grpc::ClientContext context;
    ASSERT_TRUE(v1::AccessService::NewStub(tallyd.channel())
                    ->CreatePrincipal(&context, jane, &jane_token)
                    .ok());
  }
  Director td(tallyd.ChannelWithToken(jane_token.token()));
  const int table = draw->matches(0).table();
  const int board = draw->boards(2);  // board 3: NS not vulnerable
  v1::RecordRulingRequest ruling;
  ruling.set_session(1);
  ruling.set_table(table);
  ruling.set_board(board);
  ruling.set_law("Law 12C1(b)");
  ruling.set_text("unauthorised information: 4S by North making");
  *ruling.mutable_adjusted()->mutable_assigned() = FourSpades(10);
  SetClock(clock, Clock(12, 0));
  absl::StatusOr<uint64_t> first = td.Rule(ruling);
  ASSERT_THAT(first, IsOk());
  absl::StatusOr<v1::MatchResults> results = wsp.Results(1);
  ASSERT_THAT(results, IsOk());
  // Board 3 at the five tables: +420 assigned and four passes out. ANC SR
  // 22.3 averages the middle score: datum 0, so the home pair (NS) scores
  // +420 = 9 IMPs; the match was level before.
  EXPECT_EQ(results->matches(0).home_imps().numerator(), 9);

  // NZ LIRG 82C: the director finds it always makes 11 tricks (+450 = 10
  // IMPs against the datum of 0) and supersedes the ruling.
  v1::RecordRulingRequest amended = ruling;
  amended.set_law("Law 82C");
  amended.set_text("amended: 4S always makes eleven tricks");
  *amended.mutable_adjusted()->mutable_assigned() = FourSpades(11);
  // Without naming the ruling it corrects: refused.
  EXPECT_THAT(td.Rule(amended),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("NZ LIRG 82C")));
  amended.set_supersedes_sequence(*first);
  SetClock(clock, Clock(12, 10));
  absl::StatusOr<uint64_t> second = td.Rule(amended);
  ASSERT_THAT(second, IsOk());
  results = wsp.Results(1);
  ASSERT_THAT(results, IsOk());
  EXPECT_EQ(results->matches(0).home_imps().numerator(), 10);

  // Both rulings are in the board's history, with the director as actor.
  absl::StatusOr<v1::BoardHistory> history = td.History(1, board);
  ASSERT_THAT(history, IsOk());
  int rulings = 0;
  for (const v1::Event& e : history->events()) {
    if (!e.payload().has_ruling_made()) continue;
    ++rulings;
    EXPECT_EQ(e.actor().role(), v1::ROLE_DIRECTOR);
    EXPECT_EQ(e.actor().identity(), "td:jane");
  }
  EXPECT_EQ(rulings, 2);

  // ANC SR 6.1: the period closed at 12:30, round 2's start. One second
  // after: refused with the clause and the time; nothing appended.
  absl::StatusOr<uint64_t> before = wsp.LogLength();
  ASSERT_THAT(before, IsOk());
  SetClock(clock, Clock(12, 30, 1));
  v1::RecordRulingRequest late = amended;
  late.set_supersedes_sequence(*second);
  *late.mutable_adjusted()->mutable_assigned() = FourSpades(9);
  EXPECT_THAT(td.Rule(late), StatusIs(absl::StatusCode::kFailedPrecondition,
                                      AllOf(HasSubstr("ANC SR 6.1"),
                                            HasSubstr("2026-03-14 12:30 UTC"),
                                            HasSubstr("Law 79C2"))));
  absl::StatusOr<uint64_t> after = wsp.LogLength();
  ASSERT_THAT(after, IsOk());
  EXPECT_EQ(*after, *before);
}

// Issue #5 item 4 in a Swiss pairs round against a datum (NSW Swiss pairs,
// ANC SR 16.11's (n-2) middle scores): an artificial score leaves the
// datum and gives both pairs +2 IMPs (NSW TR 7.2), and an IMP penalty
// comes off the penalised pair's match IMPs before the VPs.
TEST(RulingE2eTest, ArtificialScoreAndImpPenaltyInASwissPairsRound) {
  const std::string dir = MakeTempDir("ruling-match");
  const std::string clock = dir + "/clock";
  SetClock(clock, Clock(9, 0));
  TallydProcess tallyd(TallydPath(), dir + "/data");
  tallyd.AddFlag("--test_clock_file=" + clock);
  ASSERT_THAT(tallyd.Start(), IsOk());

  MatchClient swiss(tallyd.channel(), "nsw", "swiss");
  ASSERT_THAT(swiss.Create(v1::COMPETITION_KIND_SWISS_PAIRS, "nsw_swiss_pairs"),
              IsOk());
  ASSERT_THAT(swiss.RegisterPairs(8), IsOk());
  absl::StatusOr<v1::DrawMade> draw = swiss.Draw(1, 5);
  ASSERT_THAT(draw, IsOk());
  ASSERT_THAT(swiss.Schedule(1, Clock(10, 0), Clock(11, 10), false), IsOk());
  ASSERT_THAT(swiss.Schedule(2, Clock(12, 30), Clock(13, 40), false), IsOk());
  std::vector<int> tables;
  for (const v1::DrawnMatch& m : draw->matches()) tables.push_back(m.table());
  std::sort(tables.begin(), tables.end());
  // Board 1 (none vulnerable): 4S= +420 at the first two tables, passed
  // out at the other two; every other board passed out.
  const int board = draw->boards(0);
  for (int t : tables) {
    for (int b : draw->boards()) {
      const bool made = b == board && (t == tables[0] || t == tables[1]);
      ASSERT_THAT(swiss.Enter(1, t, b, made ? FourSpades(10) : Passed()),
                  IsOk());
    }
  }
  SetClock(clock, Clock(11, 40));
  ASSERT_THAT(swiss.Post(1), IsOk());
  auto match_at = [](const v1::MatchResults& r, int table) {
    for (const v1::MatchResult& m : r.matches()) {
      if (m.table() == table) return m;
    }
    return v1::MatchResult();
  };
  absl::StatusOr<v1::MatchResults> results = swiss.Results(1);
  ASSERT_THAT(results, IsOk());
  // 0, 0, 420, 420: the middle two average 210; +420 is 5 IMPs.
  EXPECT_EQ(match_at(*results, tables[0]).home_imps().numerator(), 5);

  Director td(tallyd.channel(), "nsw", "swiss");
  v1::RecordRulingRequest artificial;
  artificial.set_session(1);
  artificial.set_table(tables[3]);
  artificial.set_board(board);
  artificial.set_law("Law 12C2");
  artificial.set_text("no result could be obtained; neither pair at fault");
  artificial.mutable_adjusted()->mutable_artificial()->set_ns(
      v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  artificial.mutable_adjusted()->mutable_artificial()->set_ew(
      v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  SetClock(clock, Clock(12, 0));
  ASSERT_THAT(td.Rule(artificial), IsOk());
  results = swiss.Results(1);
  ASSERT_THAT(results, IsOk());
  // Without the fourth table: 0, 420, 420, the middle score 420. The
  // +420s score 0 IMPs; the fourth table +2 IMPs to both pairs.
  EXPECT_EQ(match_at(*results, tables[0]).home_imps().numerator(), 0);
  const v1::MatchResult fourth = match_at(*results, tables[3]);
  EXPECT_EQ(fourth.home_imps().numerator(), 2);
  EXPECT_EQ(fourth.away_imps().numerator(), 2);
  EXPECT_EQ(fourth.home_vps().units(), fourth.away_vps().units());

  v1::RecordRulingRequest penalty;
  penalty.set_session(1);
  penalty.set_table(tables[1]);
  penalty.set_board(board);
  penalty.set_law("Law 90");
  penalty.set_text("slow play");
  penalty.mutable_penalty()->set_kind(v1::PENALTY_KIND_PROCEDURAL);
  penalty.mutable_penalty()->set_side(v1::SIDE_EAST_WEST);
  penalty.mutable_penalty()->set_unit(v1::SCORE_UNIT_IMPS);
  penalty.mutable_penalty()->mutable_amount()->set_numerator(3);
  penalty.mutable_penalty()->mutable_amount()->set_denominator(1);
  ASSERT_THAT(td.Rule(penalty), IsOk());
  results = swiss.Results(1);
  ASSERT_THAT(results, IsOk());
  const v1::MatchResult second = match_at(*results, tables[1]);
  EXPECT_EQ(second.home_imps().numerator(), 0);
  EXPECT_EQ(second.away_imps().numerator(), -3);
  // Home keeps a level match's 10 VPs; away's are a 3-IMP loss's, under 10
  // and not 10 - 3.
  EXPECT_EQ(second.home_vps().units(), 10 * Pow10(second.home_vps().places()));
  EXPECT_LT(second.away_vps().units(), 10 * Pow10(second.away_vps().places()));
  EXPECT_NE(second.away_vps().units(), 7 * Pow10(second.away_vps().places()));

  // NSW TR 7.1.1(b) through the `tally` CLI: the round's second board,
  // passed out at all four tables, was fouled at the third table. The true
  // form's three passes make a datum of 0 (0 IMPs each); the third table's
  // pairs get +2 IMPs each, so its match goes from -9 / +9 (board 1's pass
  // against 420) to -7 / +11.
  const int board2 = draw->boards(1);
  const std::string rule = RunTallyCli(
      tallyd.address(),
      absl::StrCat("rule nsw swiss 1 0 ", board2, " --fouled=two_imps:",
                   tables[2],
                   " --law='NSW TR 7.1.1(b)' --text='board fouled at one "
                   "table' 2>&1"));
  absl::StatusOr<uint64_t> fouled_at = swiss.LogLength();
  ASSERT_THAT(fouled_at, IsOk());
  results = swiss.Results(1);
  ASSERT_THAT(results, IsOk());
  const v1::MatchResult third = match_at(*results, tables[2]);
  EXPECT_EQ(third.home_imps().numerator(), -7) << rule;
  EXPECT_EQ(third.away_imps().numerator(), 11);
  ASSERT_EQ(results->fouled_size(), 1);
  EXPECT_EQ(results->fouled(0).board(), board2);
  EXPECT_EQ(results->fouled(0).clause(), "NSW TR 7.1.1(b)");
  EXPECT_TRUE(results->fouled(0).scored());
  const std::string round = RunTallyCli(tallyd.address(),
                                        "match-results nsw swiss 1 2>&1");
  EXPECT_THAT(round, HasSubstr(absl::StrCat("board ", board2,
                                            ": fouled board (ruling ")))
      << round;
  // What the ruling changed: the third table's match, and no other.
  const std::string changed = RunTallyCli(
      tallyd.address(), absl::StrCat("what-changed ", *fouled_at, " 2>&1"));
  EXPECT_THAT(changed, HasSubstr(absl::StrCat("table ", tables[2])))
      << changed;
  EXPECT_THAT(changed, HasSubstr("-9 -> -7")) << changed;
  EXPECT_THAT(changed, Not(HasSubstr(absl::StrCat("table ", tables[0]))))
      << changed;
  // A fouled table with no match in the round: refused, nothing appended.
  const std::string refused = RunTallyCli(
      tallyd.address(),
      absl::StrCat("rule nsw swiss 1 0 ", board2,
                   " --fouled=two_imps:99 --law='NSW TR 7.1.1(b)' "
                   "--text=x 2>&1"));
  EXPECT_THAT(refused, HasSubstr("no match playing board")) << refused;
  absl::StatusOr<uint64_t> after_refusal = swiss.LogLength();
  ASSERT_THAT(after_refusal, IsOk());
  EXPECT_EQ(*after_refusal, *fouled_at);
}

// ANC SR 7.2(a) in a Butler movement (ABPC Open Stage 2): 8 tables, one
// round of boards 1-12 duplicated, table t seating NS t against EW 8 + t;
// board 1 (nobody vulnerable, North in spades): +420 +420 +450 +170 -50
// +980 +480 +450 at tables 1-8, the other boards passed out.
// Before the ruling, one datum over the 8 (ANC SR 16.11, fewer than 15
// tables: -50 and +980 dropped): (170 + 420 + 420 + 450 + 450 + 480) / 6 =
// 398.33, datum 400; table 7 +80 -> NS +2, table 5 -450 -> NS -10.
// Tables 6-8 played a fouled form; the director scores the board as two
// entities (7.2(a)): true form 1-5, +450 and -50 dropped, (420 + 420 + 170)
// / 3 = 336.67 -> 340; fouled form 6-8, +980 and +450 dropped, 480. Table
// 7: 0 IMPs; table 5: -390 -> NS -9.
TEST(RulingE2eTest, FouledBoardSeparateDatumsChangeTheTravellerAndStandings) {
  const std::string dir = MakeTempDir("fouled");
  const std::string clock = dir + "/clock";
  SetClock(clock, Clock(9, 0));
  TallydProcess tallyd(TallydPath(), dir + "/data");
  tallyd.AddFlag("--test_clock_file=" + clock);
  ASSERT_THAT(tallyd.Start(), IsOk());
  MatchClient abpc(tallyd.channel(), "anc", "abpc");
  ASSERT_THAT(abpc.Create(v1::COMPETITION_KIND_BUTLER_PAIRS,
                          "anc2025_abpc_open_stage2"),
              IsOk());
  ASSERT_THAT(abpc.RegisterPairs(16), IsOk());
  auto director = v1::DirectorService::NewStub(tallyd.channel());
  auto query = v1::QueryService::NewStub(tallyd.channel());
  auto context = [] {
    auto c = std::make_unique<grpc::ClientContext>();
    c->AddMetadata("tally-identity", "td:jane");
    return c;
  };
  v1::DefineSessionRequest define;
  define.mutable_options()->set_idempotency_key("define-1");
  define.set_tournament_id("anc");
  define.set_competition_id("abpc");
  define.set_session(1);
  v1::MovementRound* round = define.mutable_explicit_movement()->add_rounds();
  round->set_round(1);
  for (int table = 1; table <= 8; ++table) {
    v1::TableAssignment* t = round->add_tables();
    t->set_table(table);
    t->set_ns_pair(table);
    t->set_ew_pair(8 + table);
    for (int b = 1; b <= 12; ++b) t->add_boards(b);
  }
  v1::CommandOutcome out;
  ASSERT_TRUE(director->DefineSession(context().get(), define, &out).ok());
  v1::StartSessionRequest start;
  start.mutable_options()->set_idempotency_key("start-1");
  start.set_tournament_id("anc");
  start.set_competition_id("abpc");
  start.set_session(1);
  ASSERT_TRUE(director->StartSession(context().get(), start, &out).ok());
  auto spades = [](int level, int tricks) {
    v1::TableResult r = FourSpades(tricks);
    r.mutable_played()->set_level(level);
    return r;
  };
  const v1::TableResult board1[8] = {spades(4, 10), spades(4, 10),
                                     spades(4, 11), spades(3, 10),
                                     spades(4, 9),  spades(6, 12),
                                     spades(4, 12), spades(4, 11)};
  for (int table = 1; table <= 8; ++table) {
    for (int board = 1; board <= 12; ++board) {
      ASSERT_THAT(abpc.Enter(1, table, board,
                             board == 1 ? board1[table - 1] : Passed()),
                  IsOk());
    }
  }
  auto traveller = [&]() {
    v1::GetTravellerRequest r;
    r.set_tournament_id("anc");
    r.set_competition_id("abpc");
    r.set_session(1);
    r.set_board(1);
    v1::Traveller t;
    EXPECT_TRUE(query->GetTraveller(context().get(), r, &t).ok());
    return t;
  };
  auto net_imps = [&](int pair) {
    v1::GetStandingsRequest r;
    r.set_tournament_id("anc");
    r.set_competition_id("abpc");
    r.set_session(1);
    v1::Standings s;
    EXPECT_TRUE(query->GetStandings(context().get(), r, &s).ok());
    for (const v1::StandingsField& f : s.fields()) {
      for (const v1::StandingsRow& row : f.rows()) {
        if (row.pair() == pair) {
          return absl::StrCat(row.net_imps().numerator(), "/",
                              row.net_imps().denominator());
        }
      }
    }
    return std::string("none");
  };
  v1::Traveller before = traveller();
  EXPECT_EQ(before.datum().datum(), 400);
  EXPECT_FALSE(before.has_fouled());
  EXPECT_EQ(before.lines(6).ns_imps(), 2);
  EXPECT_EQ(net_imps(7), "2/1");
  EXPECT_EQ(net_imps(5), "-10/1");

  Director td(tallyd.channel(), "anc", "abpc");
  v1::RecordRulingRequest fouled;
  fouled.set_session(1);
  fouled.set_board(1);
  fouled.set_law("ANC SR 7.2(a)");
  fouled.set_text("board 1 fouled at tables 6-8: two hands swapped");
  fouled.mutable_fouled()->set_treatment("separate_datums");
  for (int t : {6, 7, 8}) fouled.mutable_fouled()->add_fouled_tables(t);
  SetClock(clock, Clock(11, 0));
  absl::StatusOr<uint64_t> ruling = td.Rule(fouled);
  ASSERT_THAT(ruling, IsOk());

  v1::Traveller after = traveller();
  EXPECT_EQ(after.datum().datum(), 340);
  EXPECT_EQ(after.fouled().ruling(), *ruling);
  EXPECT_EQ(after.fouled().clause(), "ANC SR 7.2(a)");
  EXPECT_TRUE(after.fouled().scored());
  EXPECT_EQ(after.fouled().datum().datum(), 480);
  EXPECT_FALSE(after.lines(4).fouled());
  EXPECT_TRUE(after.lines(6).fouled());
  EXPECT_EQ(after.lines(6).ns_imps(), 0);
  EXPECT_EQ(after.lines(4).ns_imps(), -9);
  EXPECT_EQ(net_imps(7), "0/1");
  EXPECT_EQ(net_imps(5), "-9/1");
}

}  // namespace
}  // namespace tally::testing
