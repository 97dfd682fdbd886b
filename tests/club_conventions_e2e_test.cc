// End to end: the club matchpoint-pairs conventions of issue #18 through the
// gRPC API on a real tallyd: a result known only by its score, the
// director's session adjustments that add (matchpoints, % of the session
// top, the sit-out award), the ACBL display (top n-1, one decimal, halves
// to even) and Compscore's scaled total, each on the small session below,
// worked by hand. Every refusal leaves the log as it was.
//
// The session (an explicit Mitchell of 3 tables, 2 rounds of 2 boards; EW 4
// sits out round 2, EW 7 round 1, so every board is played 3 times: top 4
// on the 2/1 scale, 2 on ACBL's):
//   round 1, boards 1-2: T1 NS1 v EW4, T2 NS2 v EW5, T3 NS3 v EW6
//   round 2, boards 3-4: T1 NS1 v EW5, T2 NS2 v EW6, T3 NS3 v EW7
// Results (Law 77; board 1 none vulnerable, 2 NS, 3 EW, 4 both):
//   board 1: T1 "NS+420" (score only), T2 4S N 10 +420, T3 4S N 9 -50
//            NS 3, 3, 0 (two tied for top: 2 + 1); EW 1, 1, 4
//   board 2: T1 pass 0, T2 2H N 8 +110, T3 1NT N 6 -100 (vulnerable)
//            NS 2, 4, 0; EW 2, 0, 4
//   board 3: T1 3S N 9 +140, T2 3S N 9 +140, T3 2H E 8 -110
//            NS 3, 3, 0; EW5 1, EW6 1, EW7 4
//   board 4: passed out everywhere: 2 each way
// Totals (2/1): NS1 10, NS2 12, NS3 2 of 16; EW4 3 of 8 (boards 1-2), EW5
// 4, EW6 11 of 16, EW7 6 of 8 (boards 3-4).

#include <functional>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/grpc_status.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/venue.grpc.pb.h"
#include "tests/match_client.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::HasSubstr;

constexpr char kTournament[] = "club";

v1::TableResult ScoreOnly(int ns_score) {
  v1::TableResult r;
  r.mutable_score_only()->set_ns_score(ns_score);
  return r;
}

v1::Fraction Frac(int64_t numerator, int64_t denominator) {
  v1::Fraction f;
  f.set_numerator(numerator);
  f.set_denominator(denominator);
  return f;
}

class ClubConventionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(tallyd_.Start(), IsOk());
    venue_ = v1::VenueService::NewStub(tallyd_.channel());
    director_ = v1::DirectorService::NewStub(tallyd_.channel());
    query_ = v1::QueryService::NewStub(tallyd_.channel());
    audit_ = v1::AuditService::NewStub(tallyd_.channel());
    v1::CreateTournamentRequest t;
    t.set_tournament_id(kTournament);
    t.set_name("Club night");
    ASSERT_THAT(Director(&v1::DirectorService::Stub::CreateTournament, t),
                IsOk());
  }

  template <typename Method, typename Request>
  absl::Status Director(Method method, Request request) {
    request.mutable_options()->set_idempotency_key(
        absl::StrCat("k", ++keys_));
    grpc::ClientContext context;
    v1::CommandOutcome out;
    return server::FromGrpcStatus(
        ((*director_).*method)(&context, request, &out));
  }

  // A matchpoint pairs competition `id` under `profile` with pairs 1 to
  // `pairs` registered.
  void CreateWithPairs(const std::string& id, const std::string& profile,
                       int pairs) {
    v1::CreateCompetitionRequest c;
    c.set_tournament_id(kTournament);
    c.set_competition_id(id);
    c.set_name(id);
    c.set_kind(v1::COMPETITION_KIND_MATCHPOINT_PAIRS);
    c.set_regulation_profile(profile);
    ASSERT_THAT(Director(&v1::DirectorService::Stub::CreateCompetition, c),
                IsOk());
    for (int pair = 1; pair <= pairs; ++pair) {
      v1::RegisterPairRequest r;
      r.set_tournament_id(kTournament);
      r.set_competition_id(id);
      r.set_pair(pair);
      r.add_players(absl::StrCat("Player ", pair, "a"));
      r.add_players(absl::StrCat("Player ", pair, "b"));
      ASSERT_THAT(Director(&v1::DirectorService::Stub::RegisterPair, r),
                  IsOk());
    }
  }

  // The session above, in competition `id` under `profile`, without its
  // results; with `table3_skips_board_4`, table 3 plays only board 3 in
  // round 2, so the movement plays board 4 twice and the others 3 times.
  void SetUpCompetition(const std::string& id, const std::string& profile,
                        bool table3_skips_board_4 = false) {
    CreateWithPairs(id, profile, 7);
    v1::DefineSessionRequest d;
    d.set_tournament_id(kTournament);
    d.set_competition_id(id);
    d.set_session(1);
    const int ew[2][3] = {{4, 5, 6}, {5, 6, 7}};
    for (int round = 1; round <= 2; ++round) {
      v1::MovementRound* r = d.mutable_explicit_movement()->add_rounds();
      r->set_round(round);
      for (int table = 1; table <= 3; ++table) {
        v1::TableAssignment* a = r->add_tables();
        a->set_table(table);
        a->set_ns_pair(table);
        a->set_ew_pair(ew[round - 1][table - 1]);
        a->add_boards(2 * round - 1);
        if (!(table3_skips_board_4 && round == 2 && table == 3)) {
          a->add_boards(2 * round);
        }
      }
    }
    ASSERT_THAT(Director(&v1::DirectorService::Stub::DefineSession, d),
                IsOk());
    v1::StartSessionRequest start;
    start.set_tournament_id(kTournament);
    start.set_competition_id(id);
    start.set_session(1);
    ASSERT_THAT(Director(&v1::DirectorService::Stub::StartSession, start),
                IsOk());
  }

  absl::Status Enter(const std::string& competition, int table, int board,
                     const v1::TableResult& result,
                     v1::EnterResultResponse* out = nullptr) {
    v1::EnterResultRequest r;
    r.mutable_options()->set_idempotency_key(absl::StrCat("k", ++keys_));
    r.set_tournament_id(kTournament);
    r.set_competition_id(competition);
    r.set_session(1);
    r.set_table(table);
    r.set_board(board);
    *r.mutable_result() = result;
    grpc::ClientContext context;
    v1::EnterResultResponse response;
    return server::FromGrpcStatus(
        venue_->EnterResult(&context, r, out ? out : &response));
  }

  // Every result above but board 1 at table 1.
  void EnterTheRest(const std::string& c) {
    using v1::SEAT_EAST;
    using v1::SEAT_NORTH;
    ASSERT_THAT(Enter(c, 2, 1, Played(4, v1::STRAIN_SPADES, SEAT_NORTH, 10)),
                IsOk());
    ASSERT_THAT(Enter(c, 3, 1, Played(4, v1::STRAIN_SPADES, SEAT_NORTH, 9)),
                IsOk());
    ASSERT_THAT(Enter(c, 1, 2, PassedOut()), IsOk());
    ASSERT_THAT(Enter(c, 2, 2, Played(2, v1::STRAIN_HEARTS, SEAT_NORTH, 8)),
                IsOk());
    ASSERT_THAT(Enter(c, 3, 2, Played(1, v1::STRAIN_NO_TRUMP, SEAT_NORTH, 6)),
                IsOk());
    ASSERT_THAT(Enter(c, 1, 3, Played(3, v1::STRAIN_SPADES, SEAT_NORTH, 9)),
                IsOk());
    ASSERT_THAT(Enter(c, 2, 3, Played(3, v1::STRAIN_SPADES, SEAT_NORTH, 9)),
                IsOk());
    ASSERT_THAT(Enter(c, 3, 3, Played(2, v1::STRAIN_HEARTS, SEAT_EAST, 8)),
                IsOk());
    for (int table = 1; table <= 3; ++table) {
      ASSERT_THAT(Enter(c, table, 4, PassedOut()), IsOk());
    }
  }

  void PlayTheSession(const std::string& competition,
                      const std::string& profile) {
    SetUpCompetition(competition, profile);
    ASSERT_THAT(Enter(competition, 1, 1, ScoreOnly(420)), IsOk());
    EnterTheRest(competition);
  }

  absl::Status Adjust(const std::string& competition, int pair,
                      const std::function<void(v1::AdjustSessionRequest&)>&
                          amount,
                      const std::string& law = "club conditions of contest") {
    v1::AdjustSessionRequest r;
    r.set_tournament_id(kTournament);
    r.set_competition_id(competition);
    r.set_session(1);
    r.set_pair(pair);
    r.set_law(law);
    r.set_text("as the director gave it");
    amount(r);
    return Director(&v1::DirectorService::Stub::AdjustSession, r);
  }

  v1::Standings Standings(const std::string& competition) {
    grpc::ClientContext context;
    v1::GetStandingsRequest r;
    r.set_tournament_id(kTournament);
    r.set_competition_id(competition);
    r.set_session(1);
    v1::Standings out;
    EXPECT_TRUE(query_->GetStandings(&context, r, &out).ok());
    return out;
  }

  // The standings row of `pair`, wherever its field is.
  v1::StandingsRow Row(const std::string& competition, int pair) {
    const v1::Standings standings = Standings(competition);
    for (const v1::StandingsField& f : standings.fields()) {
      for (const v1::StandingsRow& r : f.rows()) {
        if (r.pair() == pair) return r;
      }
    }
    ADD_FAILURE() << "no row for pair " << pair;
    return {};
  }

  v1::Traveller Traveller(const std::string& competition, int board) {
    grpc::ClientContext context;
    v1::GetTravellerRequest r;
    r.set_tournament_id(kTournament);
    r.set_competition_id(competition);
    r.set_session(1);
    r.set_board(board);
    v1::Traveller out;
    EXPECT_TRUE(query_->GetTraveller(&context, r, &out).ok());
    return out;
  }

  // Law 12C2 at table 3 on board 2 (NS3 v EW6): average plus to North-
  // South, average minus to East-West (60% / 40% of the top).
  absl::Status ArtificialAtTable3Board2(const std::string& competition) {
    v1::RecordRulingRequest r;
    r.set_tournament_id(kTournament);
    r.set_competition_id(competition);
    r.set_session(1);
    r.set_table(3);
    r.set_board(2);
    r.set_law("Law 12C2");
    r.set_text("no result could be obtained; East-West at fault");
    r.mutable_adjusted()->mutable_artificial()->set_ns(
        v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
    r.mutable_adjusted()->mutable_artificial()->set_ew(
        v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
    return Director(&v1::DirectorService::Stub::RecordRuling, r);
  }

  uint64_t LogLength() {
    grpc::ClientContext context;
    v1::ChainVerification v;
    EXPECT_TRUE(audit_->VerifyChain(&context, {}, &v).ok());
    return v.events_checked();
  }

  TallydProcess tallyd_{TallydPath(), MakeTempDir("club_conventions")};
  std::unique_ptr<v1::VenueService::Stub> venue_;
  std::unique_ptr<v1::DirectorService::Stub> director_;
  std::unique_ptr<v1::QueryService::Stub> query_;
  std::unique_ptr<v1::AuditService::Stub> audit_;
  int keys_ = 0;
};

// A result known only by its score (issue #18: BridgeWx, some USEBIO
// files) is entered, refused where no Law 77 result makes it, and scored
// like any other score.
TEST_F(ClubConventionsTest, AScoreWithNoContractIsCheckedAndMatchpointed) {
  SetUpCompetition("acbl", "acbl_club_pairs");
  const uint64_t before = LogLength();
  // Board 1, neither side vulnerable: +620 needs 4S= vulnerable; +425 is no
  // multiple of 10 (Law 77).
  for (int bad : {620, 425}) {
    absl::Status refused = Enter("acbl", 1, 1, ScoreOnly(bad));
    EXPECT_THAT(refused, StatusIs(absl::StatusCode::kInvalidArgument));
    EXPECT_THAT(refused.message(), HasSubstr("Law 77"));
  }
  EXPECT_EQ(LogLength(), before);
  v1::EnterResultResponse entered;
  ASSERT_THAT(Enter("acbl", 1, 1, ScoreOnly(420), &entered), IsOk());
  EXPECT_EQ(entered.ns_score(), 420);
  EnterTheRest("acbl");

  // Board 1: the score ties 4S= at table 2 for top, 2 + 1 = 3 on the 2/1
  // scale, 1.5 on ACBL's (top 3 - 1 = 2).
  const v1::Traveller t = Traveller("acbl", 1);
  ASSERT_EQ(t.lines_size(), 3);
  const v1::TravellerLine& line = t.lines(0);
  EXPECT_EQ(line.table(), 1);
  EXPECT_TRUE(line.result().has_score_only());
  EXPECT_FALSE(line.result().has_played());
  EXPECT_EQ(line.ns_score(), 420);
  EXPECT_EQ(line.ns_matchpoints().numerator(), 3);
  EXPECT_EQ(line.ns_matchpoints().denominator(), 1);
  EXPECT_EQ(t.lines(1).ns_matchpoints().numerator(), 3);
  EXPECT_EQ(line.ns_shown_matchpoints().units(), 15);  // 1.5
  EXPECT_EQ(line.ns_shown_matchpoints().places(), 1);
  EXPECT_EQ(t.lines(2).ew_shown_matchpoints().units(), 20);  // top: 2.0
}

// ACBL (top n-1: 1 per pair beaten, 1/2 per tie), shown to one decimal
// with halves to even; the exact 2/1 figures and percentages stand.
TEST_F(ClubConventionsTest, AcblShowsTopNMinusOneToOneDecimalHalvesToEven) {
  PlayTheSession("acbl", "acbl_club_pairs");
  // NS2: 12 of 16 on the 2/1 scale, 6.0 of 8.0 on ACBL's, 75.00%.
  v1::StandingsRow ns2 = Row("acbl", 2);
  EXPECT_EQ(ns2.matchpoints().numerator(), 12);
  EXPECT_EQ(ns2.shown_matchpoints().units(), 60);
  EXPECT_EQ(ns2.shown_matchpoints().places(), 1);
  EXPECT_EQ(ns2.shown_maximum().units(), 80);
  EXPECT_EQ(ns2.percentage().units(), 7500);
  // NS3 given +1/2 matchpoint: 2.5 on the 2/1 scale is 1.25 on ACBL's,
  // shown 1.2 (halves to even); 2.5 / 16 = 15.625% -> 15.63.
  ASSERT_THAT(Adjust("acbl", 3,
                     [](v1::AdjustSessionRequest& r) {
                       *r.mutable_matchpoints() = Frac(1, 2);
                     }),
              IsOk());
  v1::StandingsRow ns3 = Row("acbl", 3);
  EXPECT_EQ(ns3.matchpoints().numerator(), 5);
  EXPECT_EQ(ns3.matchpoints().denominator(), 2);
  EXPECT_EQ(ns3.shown_matchpoints().units(), 12);
  EXPECT_EQ(ns3.percentage().units(), 1563);
  EXPECT_FALSE(ns3.has_scaled_total());  // ACBLscore does not scale
}

// Adjustments that add, in matchpoints and in % of the session top, and
// the sit-out award (the pair's own average on the boards it played);
// Compscore's scaled total beside each total. Refusals change nothing.
TEST_F(ClubConventionsTest, SessionAdjustmentsAddAndTheSitOutGetsItsAverage) {
  PlayTheSession("abf", "abf_club_pairs");
  // Compscore's scaled total before any award: EW4 played boards 1-2 (tops
  // 8) of the session's 4 (tops 16): 3 x 16/8 = 6.00.
  v1::StandingsRow ew4 = Row("abf", 4);
  EXPECT_EQ(ew4.matchpoints().numerator(), 3);
  EXPECT_EQ(ew4.maximum(), 8);
  EXPECT_EQ(ew4.scaled_total().units(), 600);
  EXPECT_EQ(ew4.scaled_total().places(), 2);
  EXPECT_EQ(ew4.percentage().units(), 3750);

  const uint64_t before = LogLength();
  using Request = v1::AdjustSessionRequest;
  struct Refusal {
    int pair;
    std::function<void(Request&)> amount;
    absl::StatusCode code;
    std::string law;
  };
  const std::vector<Refusal> refusals = {
      // Pair 9 is not registered.
      {9, [](Request& r) { *r.mutable_matchpoints() = Frac(1, 1); },
       absl::StatusCode::kNotFound, "Law 90"},
      // More than 100% of the session top.
      {1, [](Request& r) { *r.mutable_percent_of_top() = Frac(150, 1); },
       absl::StatusCode::kInvalidArgument, "Law 90"},
      // More matchpoints than NS1's session top of 16.
      {1, [](Request& r) { *r.mutable_matchpoints() = Frac(17, 1); },
       absl::StatusCode::kInvalidArgument, "Law 90"},
      // No denominator.
      {1, [](Request& r) { *r.mutable_matchpoints() = Frac(1, 0); },
       absl::StatusCode::kInvalidArgument, "Law 90"},
      // EW4 plays board 1.
      {4, [](Request& r) { r.mutable_sit_out()->add_boards(1); },
       absl::StatusCode::kFailedPrecondition, "Compscore"},
      // No board 9 in the session.
      {4, [](Request& r) { r.mutable_sit_out()->add_boards(9); },
       absl::StatusCode::kNotFound, "Compscore"},
      // No law or convention named.
      {1, [](Request& r) { *r.mutable_matchpoints() = Frac(1, 1); },
       absl::StatusCode::kInvalidArgument, " "},
      // No amount.
      {1, [](Request&) {}, absl::StatusCode::kInvalidArgument, "Law 90"},
  };
  for (const Refusal& f : refusals) {
    EXPECT_THAT(Adjust("abf", f.pair, f.amount, f.law), StatusIs(f.code))
        << "pair " << f.pair << ", law '" << f.law << "'";
  }
  EXPECT_EQ(LogLength(), before);

  auto sit_out = [](std::vector<int> boards) {
    return [boards](Request& r) {
      for (int b : boards) r.mutable_sit_out()->add_boards(b);
    };
  };
  // EW4 sat out boards 3-4: its average 3/8 of each top of 4, 3/2 a board:
  // +3, 6 of 16, still 37.50%; the scaled total is then the total, 6.00.
  ASSERT_THAT(Adjust("abf", 4, sit_out({3, 4}), "Compscore sit-out average"),
              IsOk());
  ew4 = Row("abf", 4);
  EXPECT_EQ(ew4.matchpoints().numerator(), 6);
  EXPECT_EQ(ew4.maximum(), 16);
  EXPECT_EQ(ew4.percentage().units(), 3750);
  EXPECT_EQ(ew4.adjustments().numerator(), 3);
  ASSERT_EQ(ew4.adjustment_notes_size(), 1);
  EXPECT_THAT(ew4.adjustment_notes(0), HasSubstr("sit-out"));
  EXPECT_THAT(ew4.adjustment_notes(0), HasSubstr("Compscore"));
  EXPECT_EQ(ew4.scaled_total().units(), 600);
  // The same boards again: refused, nothing appended.
  const uint64_t after_award = LogLength();
  EXPECT_THAT(Adjust("abf", 4, sit_out({3}), "Compscore"),
              StatusIs(absl::StatusCode::kAlreadyExists));
  EXPECT_EQ(LogLength(), after_award);

  // EW7 sat out boards 1-2: 6 of 8 is 75%, +6: 12 of 16, 75.00%.
  ASSERT_THAT(Adjust("abf", 7, sit_out({1, 2}), "Compscore"), IsOk());
  EXPECT_EQ(Row("abf", 7).matchpoints().numerator(), 12);
  EXPECT_EQ(Row("abf", 7).percentage().units(), 7500);

  // NS1 -10% of its session top of 16: -8/5, 10 - 1.6 = 8.4 = 42/5,
  // 52.50%.
  ASSERT_THAT(Adjust("abf", 1,
                     [](Request& r) {
                       *r.mutable_percent_of_top() = Frac(-10, 1);
                     }),
              IsOk());
  v1::StandingsRow ns1 = Row("abf", 1);
  EXPECT_EQ(ns1.matchpoints().numerator(), 42);
  EXPECT_EQ(ns1.matchpoints().denominator(), 5);
  EXPECT_EQ(ns1.adjustments().numerator(), -8);
  EXPECT_EQ(ns1.adjustments().denominator(), 5);
  EXPECT_EQ(ns1.percentage().units(), 5250);
  ASSERT_EQ(ns1.adjustment_notes_size(), 1);
  EXPECT_THAT(ns1.adjustment_notes(0), HasSubstr("-1.60"));
  EXPECT_THAT(ns1.adjustment_notes(0),
              HasSubstr("club conditions of contest"));

  // NS3 +3/2: 2 + 1.5 = 3.5 of 16, 21.875% -> 21.88.
  ASSERT_THAT(Adjust("abf", 3,
                     [](Request& r) { *r.mutable_matchpoints() = Frac(3, 2); }),
              IsOk());
  EXPECT_EQ(Row("abf", 3).percentage().units(), 2188);
  // NS2 is untouched: 12, 75.00%, scaled 12.00 (every board played).
  v1::StandingsRow ns2 = Row("abf", 2);
  EXPECT_EQ(ns2.matchpoints().numerator(), 12);
  EXPECT_EQ(ns2.adjustment_notes_size(), 0);
  EXPECT_EQ(ns2.scaled_total().units(), 1200);
}

// Board 2 with an artificial score at table 3 (NS3 +60%, EW6 40%): the
// two played tables, T1 pass (NS1 v EW4) and T2 +110 (NS2 v EW5), are 0
// and 2 of their own top of 2. Neuberg (every club profile's default;
// factored to 3 results, top 4): (0 + 1) x 3/2 - 1 = 1/2 and
// (2 + 1) x 3/2 - 1 = 7/2. Neuberg off (club_pairs_no_neuberg, the manual
// method: pjms.nl "The manual method", S = Sn + N - n; hermandw.be problem
// 5, "Mitchell 1"; no clause number exists): the artificial table counts
// as a tie with each, 0 + 1 = 1 and 2 + 1 = 3. The artificial table: 60%
// and 40% of 4, 12/5 and 8/5, either way.
TEST_F(ClubConventionsTest, NeubergOffCountsTheArtificialTableAsATie) {
  PlayTheSession("ties", "club_pairs_no_neuberg");
  PlayTheSession("neuberg", "ebu_club_pairs");
  for (const char* c : {"ties", "neuberg"}) {
    ASSERT_THAT(ArtificialAtTable3Board2(c), IsOk()) << c;
  }
  const v1::Traveller ties = Traveller("ties", 2);
  ASSERT_EQ(ties.lines_size(), 3);
  EXPECT_EQ(ties.lines(0).ns_matchpoints().numerator(), 1);
  EXPECT_EQ(ties.lines(0).ns_matchpoints().denominator(), 1);
  EXPECT_EQ(ties.lines(0).ew_matchpoints().numerator(), 3);
  EXPECT_EQ(ties.lines(1).ns_matchpoints().numerator(), 3);
  EXPECT_EQ(ties.lines(1).ns_matchpoints().denominator(), 1);
  EXPECT_EQ(ties.lines(2).ns_matchpoints().numerator(), 12);
  EXPECT_EQ(ties.lines(2).ns_matchpoints().denominator(), 5);
  EXPECT_EQ(ties.lines(2).ew_matchpoints().numerator(), 8);
  EXPECT_EQ(ties.lines(2).ew_matchpoints().denominator(), 5);
  // The figures on the board's own top travel with them (0, 2 of 2).
  EXPECT_EQ(ties.lines(1).unfactored_top(), 2);
  EXPECT_EQ(ties.lines(1).ns_unfactored_matchpoints().numerator(), 2);
  EXPECT_FALSE(ties.lines(1).shown_unfactored());

  const v1::Traveller neuberg = Traveller("neuberg", 2);
  ASSERT_EQ(neuberg.lines_size(), 3);
  EXPECT_EQ(neuberg.lines(0).ns_matchpoints().numerator(), 1);
  EXPECT_EQ(neuberg.lines(0).ns_matchpoints().denominator(), 2);
  EXPECT_EQ(neuberg.lines(1).ns_matchpoints().numerator(), 7);
  EXPECT_EQ(neuberg.lines(1).ns_matchpoints().denominator(), 2);
  EXPECT_EQ(neuberg.lines(2).ns_matchpoints().numerator(), 12);

  // Totals: NS1 3 + 1 + 3 + 2 = 9 of 16, 56.25% (Neuberg: 3 + 1/2 + 3 +
  // 2 = 17/2, 53.125 -> 53.13); NS2 3 + 3 + 3 + 2 = 11, 68.75% (Neuberg
  // 23/2, 71.875 -> 71.88); NS3 0 + 12/5 + 0 + 2 = 22/5, 27.50% both.
  EXPECT_EQ(Row("ties", 1).matchpoints().numerator(), 9);
  EXPECT_EQ(Row("ties", 1).percentage().units(), 5625);
  EXPECT_EQ(Row("ties", 2).percentage().units(), 6875);
  EXPECT_EQ(Row("ties", 3).percentage().units(), 2750);
  EXPECT_EQ(Row("neuberg", 1).matchpoints().numerator(), 17);
  EXPECT_EQ(Row("neuberg", 1).matchpoints().denominator(), 2);
  EXPECT_EQ(Row("neuberg", 1).percentage().units(), 5313);
  EXPECT_EQ(Row("neuberg", 2).percentage().units(), 7188);
  EXPECT_EQ(Row("neuberg", 3).percentage().units(), 2750);
}

// Compscore (abf_club_pairs): board 2 above is factored by Neuberg in the
// totals, and its traveller shows the matchpoints on the board's own top
// of 2: NS1 0.00 (factored 1/2), NS2 2.00 (7/2); the artificial table the
// same share of that top, 12/5 x 2/4 = 1.20 and 8/5 x 2/4 = 0.80. A fully
// played board carries no unfactored figures.
TEST_F(ClubConventionsTest, CompscoreShowsAFactoredBoardOnItsOwnTop) {
  PlayTheSession("abf", "abf_club_pairs");
  ASSERT_THAT(ArtificialAtTable3Board2("abf"), IsOk());
  const v1::Traveller t = Traveller("abf", 2);
  ASSERT_EQ(t.lines_size(), 3);
  for (const v1::TravellerLine& line : t.lines()) {
    EXPECT_TRUE(line.shown_unfactored()) << line.table();
    EXPECT_EQ(line.unfactored_top(), 2) << line.table();
  }
  EXPECT_EQ(t.lines(0).ns_matchpoints().numerator(), 1);
  EXPECT_EQ(t.lines(0).ns_matchpoints().denominator(), 2);
  EXPECT_EQ(t.lines(0).ns_unfactored_matchpoints().numerator(), 0);
  EXPECT_EQ(t.lines(0).ns_shown_matchpoints().units(), 0);
  EXPECT_EQ(t.lines(0).ew_shown_matchpoints().units(), 200);
  EXPECT_EQ(t.lines(1).ns_matchpoints().numerator(), 7);
  EXPECT_EQ(t.lines(1).ns_unfactored_matchpoints().numerator(), 2);
  EXPECT_EQ(t.lines(1).ns_shown_matchpoints().units(), 200);
  EXPECT_EQ(t.lines(1).ns_shown_matchpoints().places(), 2);
  EXPECT_EQ(t.lines(2).ns_unfactored_matchpoints().numerator(), 6);
  EXPECT_EQ(t.lines(2).ns_unfactored_matchpoints().denominator(), 5);
  EXPECT_EQ(t.lines(2).ns_shown_matchpoints().units(), 120);
  EXPECT_EQ(t.lines(2).ew_shown_matchpoints().units(), 80);
  // The totals keep the factored figures: NS1 17/2.
  EXPECT_EQ(Row("abf", 1).matchpoints().numerator(), 17);
  EXPECT_EQ(Row("abf", 1).matchpoints().denominator(), 2);
  // Board 1 was played at every table: nothing unfactored.
  const v1::TravellerLine full = Traveller("abf", 1).lines(0);
  EXPECT_FALSE(full.has_ns_unfactored_matchpoints());
  EXPECT_EQ(full.unfactored_top(), 0);
  EXPECT_FALSE(full.shown_unfactored());
  EXPECT_EQ(full.ns_shown_matchpoints().units(), 300);
}

// A board the movement itself plays fewer times (club.factor_short_boards):
// the session above with table 3 playing only board 3 in round 2, so board
// 4 is played twice (top 2) and boards 1-3 three times (top 4). Boards 1-3
// are passed out everywhere (2 each); on board 4 NS 1 makes 4S (+620) and
// NS 2 goes one down (-100).
TEST_F(ClubConventionsTest, CompscoreFactorsABoardTheMovementPlaysFewerTimes) {
  const std::pair<std::string, std::string> competitions[] = {
      {"abf", "abf_club_pairs"}, {"ebu", "ebu_club_pairs"}};
  for (const auto& [id, profile] : competitions) {
    SetUpCompetition(id, profile, /*table3_skips_board_4=*/true);
    for (int board = 1; board <= 3; ++board) {
      for (int table = 1; table <= 3; ++table) {
        ASSERT_THAT(Enter(id, table, board, PassedOut()), IsOk());
      }
    }
    ASSERT_THAT(
        Enter(id, 1, 4, Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 10)),
        IsOk());
    ASSERT_THAT(
        Enter(id, 2, 4, Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 9)),
        IsOk());
  }
  // Compscore factors board 4 to the session's top of 4 by Neuberg:
  // (2 + 1) x 3/2 - 1 = 7/2 and (0 + 1) x 3/2 - 1 = 1/2. NS 1: 6 + 7/2 =
  // 19/2 of 16, 59.375% -> 59.38; NS 2: 13/2 of 16, 40.625% -> 40.63.
  v1::StandingsRow ns1 = Row("abf", 1);
  EXPECT_EQ(ns1.matchpoints().numerator(), 19);
  EXPECT_EQ(ns1.matchpoints().denominator(), 2);
  EXPECT_EQ(ns1.maximum(), 16);
  EXPECT_EQ(ns1.percentage().units(), 5938);
  EXPECT_EQ(Row("abf", 2).percentage().units(), 4063);
  // NS 3 played boards 1-3 only, 6 of 12 (50.00%); its scaled total counts
  // board 4 at the session's top too: 6 x 16/12 = 8.00 (7.00 on board 4's
  // own top of 2).
  v1::StandingsRow ns3 = Row("abf", 3);
  EXPECT_EQ(ns3.maximum(), 12);
  EXPECT_EQ(ns3.scaled_total().units(), 800);
  // The traveller shows board 4 on its own top of 2, 2.00 and 0.00
  // (club.traveller_unfactored), the totals the factored figures.
  const v1::Traveller t = Traveller("abf", 4);
  ASSERT_EQ(t.lines_size(), 2);
  EXPECT_EQ(t.lines(0).top(), 4);
  EXPECT_EQ(t.lines(0).unfactored_top(), 2);
  EXPECT_EQ(t.lines(0).ns_matchpoints().numerator(), 7);
  EXPECT_EQ(t.lines(0).ns_shown_matchpoints().units(), 200);
  EXPECT_EQ(t.lines(1).ns_shown_matchpoints().units(), 0);
  // Without the convention (ebu_club_pairs) board 4 keeps its own top of
  // 2: NS 1 6 + 2 = 8 of 14.
  v1::StandingsRow ebu1 = Row("ebu", 1);
  EXPECT_EQ(ebu1.matchpoints().numerator(), 8);
  EXPECT_EQ(ebu1.matchpoints().denominator(), 1);
  EXPECT_EQ(ebu1.maximum(), 14);
}

// Sections (docs/club-conventions.md, "Sections"): two 3-table Mitchell
// sections, A (tables 1-3, NS 1-3, EW 4-6) and B (tables 4-6 = B1-B3, NS
// 7-9 = B1-B3, EW 10-12 = B4-B6), one board a round on boards 1-3. Each
// section's round r, table t: EW 3+((t-r) mod 3)+1 on board
// ((t-1)+(r-1)) mod 3 + 1, so board 1 is played at A's T1 (NS1 v EW4), T3
// (NS3 v EW5), T2 (NS2 v EW6), and likewise at B1 (NS7 v EW10), B3 (NS9 v
// EW11), B2 (NS8 v EW12); board 2 at T2 (2 v 5), T1 (1 v 6), T3 (3 v 4).
// Results (board 1 none vulnerable, 2 NS vulnerable):
//   board 1: A: NS1 +420, NS3 +400, NS2 -50; B: NS7 +450, NS9 +420, NS8 +110
//   board 2: A: NS2 +110, NS1 +110, NS3 -100; B: NS8 +140, NS7 +110, NS9 +110
//   board 3: passed out at every table.
// Within each section (top 4): board 1 A NS1 4, NS3 2, NS2 0; B NS7 4, NS9
// 2, NS8 0. Board 2 A NS2 3, NS1 3, NS3 0; B NS8 4, NS7 1, NS9 1. Board 3:
// 2 each. Totals of 12: NS1 9, NS2 5, NS3 4; EW4 6, EW5 5, EW6 7; NS7 7,
// NS8 6, NS9 5; EW10 5, EW11 4, EW12 9.
// Across the field (6 results, top 10): board 1 450: 10, 420: 3 beaten + 1
// tie = 7 (NS1, NS9), 400: 4, 110: 2, -50: 0; board 2 140: 10, 110 (four):
// 2 + 3 = 5, -100: 0; board 3: 5 each. Totals of 30: NS1 17, NS2 10, NS3
// 9, NS7 20, NS8 17, NS9 17; EW4 18, EW5 16, EW6 20, EW10 10, EW11 8, EW12
// 18. Overall NS: NS7 1, NS1 = NS8 = NS9 2=, NS2 5, NS3 6; overall EW: EW6
// 1, EW4 = EW12 2=, EW5 4, EW10 5, EW11 6.
class ClubSectionsTest : public ClubConventionsTest {
 protected:
  v1::DefineSessionRequest Sections(
      const std::string& competition,
      const std::vector<std::pair<std::string, int>>& mitchells) {
    v1::DefineSessionRequest d;
    d.set_tournament_id(kTournament);
    d.set_competition_id(competition);
    d.set_session(1);
    for (const auto& [name, tables] : mitchells) {
      v1::SectionMovementSpec* s = d.add_sections();
      s->set_name(name);
      s->mutable_mitchell()->set_tables(tables);
      s->mutable_mitchell()->set_boards_per_round(1);
    }
    return d;
  }

  // With `t6_misses_board_3`, table 6 (B3: NS 9 v EW 12 in round 1) has
  // no result on board 3.
  void PlayTwoSections(const std::string& id, const std::string& profile,
                       bool t6_misses_board_3 = false) {
    CreateWithPairs(id, profile, 12);
    ASSERT_THAT(Director(&v1::DirectorService::Stub::DefineSession,
                         Sections(id, {{"A", 3}, {"B", 3}})),
                IsOk());
    v1::StartSessionRequest start;
    start.set_tournament_id(kTournament);
    start.set_competition_id(id);
    start.set_session(1);
    ASSERT_THAT(Director(&v1::DirectorService::Stub::StartSession, start),
                IsOk());
    using v1::SEAT_NORTH;
    const v1::Strain spades = v1::STRAIN_SPADES;
    // Board 1 (table: result): A's T1, T3, T2; B's T4, T6, T5.
    ASSERT_THAT(Enter(id, 1, 1, Played(4, spades, SEAT_NORTH, 10)), IsOk());
    ASSERT_THAT(Enter(id, 3, 1, Played(3, v1::STRAIN_NO_TRUMP, SEAT_NORTH, 9)),
                IsOk());
    ASSERT_THAT(Enter(id, 2, 1, Played(4, spades, SEAT_NORTH, 9)), IsOk());
    ASSERT_THAT(Enter(id, 4, 1, Played(4, spades, SEAT_NORTH, 11)), IsOk());
    ASSERT_THAT(Enter(id, 6, 1, Played(4, spades, SEAT_NORTH, 10)), IsOk());
    ASSERT_THAT(Enter(id, 5, 1, Played(2, spades, SEAT_NORTH, 8)), IsOk());
    // Board 2 (NS vulnerable): A's T2, T1, T3; B's T5, T4, T6.
    ASSERT_THAT(Enter(id, 2, 2, Played(2, spades, SEAT_NORTH, 8)), IsOk());
    ASSERT_THAT(Enter(id, 1, 2, Played(2, spades, SEAT_NORTH, 8)), IsOk());
    ASSERT_THAT(Enter(id, 3, 2, Played(1, v1::STRAIN_NO_TRUMP, SEAT_NORTH, 6)),
                IsOk());
    ASSERT_THAT(Enter(id, 5, 2, Played(3, spades, SEAT_NORTH, 9)), IsOk());
    ASSERT_THAT(Enter(id, 4, 2, Played(2, spades, SEAT_NORTH, 8)), IsOk());
    ASSERT_THAT(Enter(id, 6, 2, Played(2, spades, SEAT_NORTH, 8)), IsOk());
    for (int table = 1; table <= (t6_misses_board_3 ? 5 : 6); ++table) {
      ASSERT_THAT(Enter(id, table, 3, PassedOut()), IsOk());
    }
  }

  v1::Scorecard Scorecard(const std::string& competition, int pair) {
    grpc::ClientContext context;
    v1::GetScorecardRequest r;
    r.set_tournament_id(kTournament);
    r.set_competition_id(competition);
    r.set_session(1);
    r.set_pair(pair);
    v1::Scorecard out;
    EXPECT_TRUE(query_->GetScorecard(&context, r, &out).ok());
    return out;
  }

  // The fields' names and, per row, "pair:rank[=][/overall[=]]".
  std::vector<std::string> Ranking(const std::string& competition) {
    std::vector<std::string> out;
    const v1::Standings standings = Standings(competition);
    for (const v1::StandingsField& f : standings.fields()) {
      std::string text = absl::StrCat(f.name(), ":");
      for (const v1::StandingsRow& r : f.rows()) {
        absl::StrAppend(&text, " ", r.section_pair(), "=", r.pair(), "#",
                        r.rank(), r.tied() ? "t" : "");
        if (r.overall_rank() > 0) {
          absl::StrAppend(&text, "/", r.overall_rank(),
                          r.overall_tied() ? "t" : "");
        }
      }
      out.push_back(text);
    }
    return out;
  }
};

TEST_F(ClubSectionsTest, WithinEachSectionTwoWinnersPerSection) {
  PlayTwoSections("within", "ebu_club_pairs");
  // Overall by percentage over both sections' pairs of each field (12 a
  // pair's maximum in both): NS 1 9 (75%), 7 7, 8 6, 2 and 9 5 each, 3 4;
  // EW 12 9, 6 7, 4 6, 5 and 10 5 each, 11 4 (worked from the movement:
  // A's EW 4 0+4+2, 5 2+1+2, 6 4+1+2; B's EW 10 0+3+2, 11 2+0+2, 12 4+3+2).
  EXPECT_THAT(Ranking("within"),
              ::testing::ElementsAre("A NS: A1=1#1/1 A2=2#2/4t A3=3#3/6",
                                     "A EW: A6=6#1/2 A4=4#2/3 A5=5#3/4t",
                                     "B NS: B1=7#1/2 B2=8#2/3 B3=9#3/4t",
                                     "B EW: B6=12#1/1 B4=10#2/4t B5=11#3/6"));
  v1::StandingsRow ns1 = Row("within", 1);
  EXPECT_EQ(ns1.section(), "A");
  EXPECT_EQ(ns1.matchpoints().numerator(), 9);
  EXPECT_EQ(ns1.maximum(), 12);
  EXPECT_EQ(ns1.percentage().units(), 7500);
  v1::StandingsRow ns8 = Row("within", 8);
  EXPECT_EQ(ns8.matchpoints().numerator(), 6);
  EXPECT_EQ(ns8.percentage().units(), 5000);
  EXPECT_EQ(Row("within", 12).matchpoints().numerator(), 9);
  // Board 1's traveller: each line in its section, top 4; B1 (table 4):
  // NS B1 (7) +450 v EW B4 (10), 4 and 0.
  const v1::Traveller t = Traveller("within", 1);
  ASSERT_EQ(t.lines_size(), 6);
  const v1::TravellerLine& b1 = t.lines(3);
  EXPECT_EQ(b1.table(), 4);
  EXPECT_EQ(b1.section(), "B");
  EXPECT_EQ(b1.section_table(), "B1");
  EXPECT_EQ(b1.section_ns_pair(), "B1");
  EXPECT_EQ(b1.section_ew_pair(), "B4");
  EXPECT_EQ(b1.top(), 4);
  EXPECT_EQ(b1.ns_matchpoints().numerator(), 4);
  EXPECT_EQ(b1.ew_matchpoints().numerator(), 0);
  EXPECT_EQ(t.lines(0).section_table(), "A1");
  EXPECT_EQ(t.lines(0).ns_matchpoints().numerator(), 4);  // NS1 +420 in A
}

TEST_F(ClubSectionsTest, AcrossTheFieldOneComparisonAndOverallRanks) {
  PlayTwoSections("across", "ebu_club_pairs_across_field");
  EXPECT_THAT(Ranking("across"),
              ::testing::ElementsAre("A NS: A1=1#1/2t A2=2#2/5 A3=3#3/6",
                                     "A EW: A6=6#1/1 A4=4#2/2t A5=5#3/4",
                                     "B NS: B1=7#1/1 B2=8#2t/2t B3=9#2t/2t",
                                     "B EW: B6=12#1/2t B4=10#2/5 B5=11#3/6"));
  v1::StandingsRow ns1 = Row("across", 1);
  EXPECT_EQ(ns1.matchpoints().numerator(), 17);
  EXPECT_EQ(ns1.maximum(), 30);
  EXPECT_EQ(ns1.percentage().units(), 5667);  // 56.666...%
  EXPECT_EQ(Row("across", 7).matchpoints().numerator(), 20);
  EXPECT_EQ(Row("across", 9).matchpoints().numerator(), 17);
  EXPECT_EQ(Row("across", 6).matchpoints().numerator(), 20);
  EXPECT_EQ(Row("across", 11).matchpoints().numerator(), 8);
  // Board 1 over the six tables, top 10: A1 (NS1 +420) ties B3 (NS9) at 7.
  const v1::Traveller t = Traveller("across", 1);
  ASSERT_EQ(t.lines_size(), 6);
  EXPECT_EQ(t.lines(0).top(), 10);
  EXPECT_EQ(t.lines(0).ns_matchpoints().numerator(), 7);
  EXPECT_EQ(t.lines(3).ns_matchpoints().numerator(), 10);  // B1 +450
  EXPECT_EQ(t.lines(5).section_table(), "B3");
  EXPECT_EQ(t.lines(5).ns_matchpoints().numerator(), 7);
  EXPECT_EQ(t.lines(5).ew_matchpoints().numerator(), 3);
}

TEST_F(ClubSectionsTest, ScoredApartTopsAreTheSections) {
  // Compscore's conventions (abf_club_pairs: scaled total, Neuberg) on the
  // two sections scored apart, table 6 missing board 3. Every top a pair
  // is measured against is its section's: 4 a board, 12 a session.
  PlayTwoSections("tops", "abf_club_pairs", /*t6_misses_board_3=*/true);
  // B3 (NS 9): board 1 +420 2 of 4, board 2 +110 1: 3 of 8. Scaled to its
  // section's 12, 3 x 12/8 = 4.50 (the whole session's tops, 3 x 10,
  // would give 11.25).
  v1::StandingsRow ns9 = Row("tops", 9);
  EXPECT_EQ(ns9.matchpoints().numerator(), 3);
  EXPECT_EQ(ns9.maximum(), 8);
  EXPECT_EQ(ns9.scaled_total().units(), 450);
  EXPECT_EQ(ns9.scaled_total().places(), 2);
  // B1 (NS 7) played all three: 4 + 1 + board 3's pass, 1 of the 2 the
  // two results give, Neuberg (1 + 1) x 3/2 - 1 = 2: 7 of 12, scaled 7.00.
  v1::StandingsRow ns7 = Row("tops", 7);
  EXPECT_EQ(ns7.matchpoints().numerator(), 7);
  EXPECT_EQ(ns7.maximum(), 12);
  EXPECT_EQ(ns7.scaled_total().units(), 700);
  // NS 9's scorecard shows board 3, not played, on section B's top of 4.
  const v1::Scorecard card = Scorecard("tops", 9);
  bool board_3_shown = false;
  for (const v1::ScorecardLine& line : card.lines()) {
    if (line.board() != 3) continue;
    board_3_shown = true;
    EXPECT_FALSE(line.played());
    EXPECT_EQ(line.top(), 4);
  }
  EXPECT_TRUE(board_3_shown);
  using Request = v1::AdjustSessionRequest;
  // NS 7 -10% of its session top, section B's 12: -6/5, 7 - 1.2 = 29/5.
  ASSERT_THAT(
      Adjust("tops", 7,
             [](Request& r) { *r.mutable_percent_of_top() = Frac(-10, 1); }),
      IsOk());
  ns7 = Row("tops", 7);
  EXPECT_EQ(ns7.adjustments().numerator(), -6);
  EXPECT_EQ(ns7.adjustments().denominator(), 5);
  EXPECT_EQ(ns7.matchpoints().numerator(), 29);
  EXPECT_EQ(ns7.matchpoints().denominator(), 5);
}

TEST_F(ClubSectionsTest, RefusalsLeaveTheLogAsItWas) {
  CreateWithPairs("across", "ebu_club_pairs_across_field", 14);
  CreateWithPairs("within", "ebu_club_pairs", 14);
  const uint64_t before = LogLength();
  // Across the field a 3-table section (boards 1-3) and a 4-table one
  // (boards 1-4) do not play the same boards.
  absl::Status differ = Director(&v1::DirectorService::Stub::DefineSession,
                                 Sections("across", {{"A", 3}, {"B", 4}}));
  EXPECT_THAT(differ, StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(differ.message(), HasSubstr("board 4"));
  // A section named twice, and a name that is no name.
  EXPECT_THAT(Director(&v1::DirectorService::Stub::DefineSession,
                       Sections("within", {{"A", 3}, {"A", 3}})),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(Director(&v1::DirectorService::Stub::DefineSession,
                       Sections("within", {{"A", 3}, {"", 3}})),
              StatusIs(absl::StatusCode::kInvalidArgument));
  // An explicit movement whose sections share tables and pairs.
  v1::DefineSessionRequest overlap;
  overlap.set_tournament_id(kTournament);
  overlap.set_competition_id("within");
  overlap.set_session(1);
  v1::MovementRound* round = overlap.mutable_explicit_movement()->add_rounds();
  round->set_round(1);
  for (int table = 1; table <= 2; ++table) {
    v1::TableAssignment* a = round->add_tables();
    a->set_table(table);
    a->set_ns_pair(table);
    a->set_ew_pair(table + 2);
    a->add_boards(1);
  }
  for (const auto& [name, first_table, first_pair] :
       std::vector<std::tuple<std::string, int, int>>{{"A", 1, 1},
                                                      {"B", 1, 3}}) {
    v1::MovementSection* s =
        overlap.mutable_explicit_movement()->add_sections();
    s->set_name(name);
    s->set_first_table(first_table);
    s->set_tables(2);
    s->set_first_pair(first_pair);
    s->set_pairs(4);
  }
  absl::Status shared =
      Director(&v1::DirectorService::Stub::DefineSession, overlap);
  EXPECT_THAT(shared, StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(shared.message(), HasSubstr("share tables"));
  EXPECT_EQ(LogLength(), before);
  // Within each section the 3- and 4-table sections are fine.
  EXPECT_THAT(Director(&v1::DirectorService::Stub::DefineSession,
                       Sections("within", {{"A", 3}, {"B", 4}})),
              IsOk());
}

}  // namespace
}  // namespace tally::testing
