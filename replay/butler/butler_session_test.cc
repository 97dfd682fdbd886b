// Butler pairs in a movement (ANC SR 16.4 Open Stage 1, 16.5 Open Stage 2)
// run through decide and Evolve: the datum of a board (16.4's (n-6), 16.11's
// (n-2), rounded to the closest 10), IMPs per pair, a 12-board match's VPs
// on the ABF Swiss Pairs scale (16.10, the ANC SR appendix), provisional
// datums, the per-field standings with ties broken by 17.3 and a recorded
// lot, and the movements a Butler session refuses.

#include "replay/butler/butler_session.h"

#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/butler/butler_queries.h"
#include "replay/butler/butler_ranking.h"
#include "replay/decide/decide.h"
#include "replay/decide/decide_ruling.h"
#include "replay/knockout/qualify.h"
#include "replay/matches/decide_matches.h"
#include "replay/pairs/queries.h"
#include "replay/rulings/offence_register.h"
#include "replay/testing/apply_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

v1::TableResult Played(int level, v1::Strain strain, v1::Seat declarer,
                       int tricks) {
  v1::TableResult r;
  v1::PlayedContract* p = r.mutable_played();
  p->set_level(level);
  p->set_strain(strain);
  p->set_declarer(declarer);
  p->set_tricks(tricks);
  return r;
}

v1::TableResult Spades(int level, int tricks) {
  return Played(level, v1::STRAIN_SPADES, v1::SEAT_NORTH, tricks);
}

std::string Text(const core::Rational& r) { return r.ToString(); }

class ButlerSessionTest : public ::testing::Test {
 protected:
  void Create(const char* profile, int pairs) {
    state_ = State();
    v1::CreateTournamentRequest t;
    t.set_tournament_id("t");
    t.set_name("ANC");
    Apply(state_, DecideCreateTournament(state_, t));
    v1::CreateCompetitionRequest c;
    c.set_tournament_id("t");
    c.set_competition_id("abpc");
    c.set_name("Butler Pairs");
    c.set_kind(v1::COMPETITION_KIND_BUTLER_PAIRS);
    c.set_regulation_profile(profile);
    Apply(state_, DecideCreateCompetition(state_, c));
    for (int pair = 1; pair <= pairs; ++pair) {
      v1::RegisterPairRequest r;
      r.set_tournament_id("t");
      r.set_competition_id("abpc");
      r.set_pair(pair);
      r.add_players(absl::StrCat("North", pair));
      r.add_players(absl::StrCat("South", pair));
      Apply(state_, DecideRegisterPair(state_, r));
    }
  }

  // One round: table i+1 seats `ns[i]` v `ew[i]`, every table playing boards
  // first..last (duplicated boards).
  static v1::DefineSessionRequest OneRound(int session,
                                           const std::vector<int>& ns,
                                           const std::vector<int>& ew,
                                           int first, int last) {
    v1::DefineSessionRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("abpc");
    r.set_session(session);
    v1::MovementRound* round = r.mutable_explicit_movement()->add_rounds();
    round->set_round(1);
    for (size_t i = 0; i < ns.size(); ++i) {
      v1::TableAssignment* t = round->add_tables();
      t->set_table(static_cast<int>(i) + 1);
      t->set_ns_pair(ns[i]);
      t->set_ew_pair(ew[i]);
      for (int b = first; b <= last; ++b) t->add_boards(b);
    }
    return r;
  }

  void DefineAndStart(const v1::DefineSessionRequest& define) {
    Apply(state_, DecideDefineSession(state_, define));
    v1::StartSessionRequest start;
    start.set_tournament_id("t");
    start.set_competition_id("abpc");
    start.set_session(define.session());
    Apply(state_, DecideStartSession(state_, start));
  }

  void Enter(int session, int table, int board, const v1::TableResult& r) {
    v1::EnterResultRequest e;
    e.set_tournament_id("t");
    e.set_competition_id("abpc");
    e.set_session(session);
    e.set_table(table);
    e.set_board(board);
    *e.mutable_result() = r;
    Apply(state_, DecideEnterResult(state_, e));
  }

  void Post(int session) {
    v1::PostScoresRequest p;
    p.set_tournament_id("t");
    p.set_competition_id("abpc");
    p.set_session(session);
    Apply(state_, DecidePostScores(state_, p));
  }

  const CompetitionState& Abpc() const {
    return state_.tournaments.at("t").competitions.at("abpc");
  }

  absl::StatusOr<v1::Scorecard> Scorecard(int session, int pair) const {
    v1::GetScorecardRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("abpc");
    r.set_session(session);
    r.set_pair(pair);
    return BuildScorecard(state_, r);
  }

  ButlerSessionScores Scores(int session) const {
    absl::StatusOr<ButlerSessionScores> s =
        ScoreButlerSession(Abpc().sessions.at(session), Abpc().profile);
    EXPECT_THAT(s, IsOk());
    return s.ok() ? *s : ButlerSessionScores();
  }

  // "6 8 lot pending" per row: pair, place, total, decided_by.
  std::vector<std::string> Rows(const ButlerRanking& ranking,
                                const std::string& field) const {
    std::vector<std::string> rows;
    for (const ButlerEntrantStanding& r : ranking.rows) {
      if (r.field != field) continue;
      rows.push_back(absl::StrCat(r.place, r.tied ? "=" : "", " ", r.entrant,
                                  " ", Text(r.total), " ", r.decided_by));
    }
    return rows;
  }

  // The session's standings through GetStandings (BuildStandings).
  absl::StatusOr<v1::Standings> SessionStandings(int session) const {
    v1::GetStandingsRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("abpc");
    r.set_session(session);
    return BuildStandings(state_, r);
  }

  // An offence into the register (ANC SR 5.2-5.3, appendix) for `pair` in
  // session `session`.
  absl::StatusOr<v1::EventPayload> Offence(int pair, const char* offence,
                                           int session) const {
    v1::RecordOffenceRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("abpc");
    r.set_entrant(pair);
    r.set_offence(offence);
    r.set_round(session);
    r.set_day("2025-07-12");
    r.set_reason("seated late");
    return DecideRecordOffence(state_, r);
  }

  // Records the offence, which must be accepted and say it comes off
  // `deducted`, and returns the event.
  v1::OffenceRecorded Record(int pair, const char* offence, int session,
                             const std::string& deducted) {
    absl::StatusOr<v1::EventPayload> p = Offence(pair, offence, session);
    EXPECT_THAT(p, IsOk());
    if (!p.ok()) return v1::OffenceRecorded();
    EXPECT_THAT(p->offence_recorded().deducted(), HasSubstr(deducted));
    Apply(state_, p);
    return p->offence_recorded();
  }

  v1::RecordLotRequest Lot(std::vector<int> order) const {
    v1::RecordLotRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("abpc");
    for (int pair : order) r.add_order(pair);
    return r;
  }

  State state_;
};

// --- Open Stage 1 (ANC SR 16.4): 8 tables, NS 1-8 v EW 9-16, boards 1-2 ---
//
// Board 1 (dealer N, nobody vulnerable), North declaring spades:
//   table  1: 4S-2 -100   2: (4H by E -1) +50   3: 2S= +110   4: 3S= +140
//          5: 3S+1 +170   6: 4S= +420           7: 4S+1 +450   8: 4S+2 +480
// 16.4, "the (n-6) middle scores": 8 scores, three dropped at each end
// (-100, +50, +110 low; +420, +450, +480 high); the mean of +140 and +170 is
// 155, "rounded to the closest 10": 160 (exactly half: away from zero, the
// profile's reading). NS IMPs (WBF table): -260 -> -6, -110 -> -3, -50 ->
// -2, -20 -> -1, +10 -> 0, +260 -> +6, +290 -> +7, +320 -> +8.
// Board 2 (dealer E, NS vulnerable): passed out at every table but 6, where
// East goes one down in 1NT: +50. Datum: seven 0s and +50, three dropped at
// each end, mean of 0 and 0: 0. Table 6: +50 -> +2 IMPs.
// Net IMPs (16.4, no VPs: 16.10 "with the exception of Open Stage 1"):
//   NS 1 -6, 2 -3, 3 -2, 4 -1, 5 0, 6 +8, 7 +7, 8 +8
//   EW 9 +6, 10 +3, 11 +2, 12 +1, 13 0, 14 -8, 15 -7, 16 -8
class OpenStage1Test : public ButlerSessionTest {
 protected:
  void SetUp() override {
    Create("anc2025_abpc_open_stage1", 16);
    DefineAndStart(OneRound(1, {1, 2, 3, 4, 5, 6, 7, 8},
                            {9, 10, 11, 12, 13, 14, 15, 16}, 1, 2));
  }

  void PlayBoard1UpToTable(int last_table) {
    const v1::TableResult board1[8] = {
        Spades(4, 8),  Played(4, v1::STRAIN_HEARTS, v1::SEAT_EAST, 9),
        Spades(2, 8),  Spades(3, 9),
        Spades(3, 10), Spades(4, 10),
        Spades(4, 11), Spades(4, 12)};
    for (int table = 1; table <= last_table; ++table) {
      Enter(1, table, 1, board1[table - 1]);
    }
  }

  void PlayBoard2() {
    for (int table = 1; table <= 8; ++table) {
      Enter(1, table, 2,
            table == 6 ? Played(1, v1::STRAIN_NO_TRUMP, v1::SEAT_EAST, 6)
                       : PassedOut());
    }
  }
};

TEST_F(OpenStage1Test, DatumOfTheNMinusSixMiddleScoresRoundedToTheClosestTen) {
  PlayBoard1UpToTable(8);
  const ButlerSessionScores scores = Scores(1);
  const ButlerBoard& board = scores.boards.at(1);
  ASSERT_TRUE(board.datum.has_value());
  EXPECT_TRUE(board.complete);
  EXPECT_EQ(board.datum->datum, 160);
  EXPECT_EQ(board.datum->mean, core::Rational(155));
  EXPECT_EQ(board.datum->dropped_each_end, 3);
  EXPECT_THAT(board.datum->basis, HasSubstr("ANC SR 16.4"));
  std::vector<int> imps;
  for (const ButlerLine& line : board.lines) imps.push_back(*line.ns_imps);
  EXPECT_THAT(imps, ElementsAre(-6, -3, -2, -1, 0, 6, 7, 8));
}

TEST_F(OpenStage1Test, ABoardNotInEverywhereHasAProvisionalDatum) {
  // Seven of eight scores in: the tier is still 16.4's, three dropped at
  // each end of the seven considered leaves +140 alone: datum 140,
  // provisional. Table 4's +140 is 0 IMPs against it, table 5's +170 is
  // +30 -> +1.
  PlayBoard1UpToTable(7);
  ButlerSessionScores scores = Scores(1);
  const ButlerBoard& board = scores.boards.at(1);
  ASSERT_TRUE(board.datum.has_value());
  EXPECT_FALSE(board.complete);
  EXPECT_EQ(board.datum->datum, 140);
  EXPECT_EQ(*board.lines[3].ns_imps, 0);
  EXPECT_EQ(*board.lines[4].ns_imps, 1);
  EXPECT_TRUE(scores.provisional);
  EXPECT_TRUE(scores.pairs.at(5).provisional);
  EXPECT_EQ(scores.pairs.at(5).net_imps, core::Rational(1));

  // Through the query: the traveller says the datum is provisional.
  v1::GetTravellerRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("abpc");
  r.set_session(1);
  r.set_board(1);
  absl::StatusOr<v1::Traveller> traveller = BuildTraveller(state_, r);
  ASSERT_THAT(traveller, IsOk());
  EXPECT_EQ(traveller->scoring(), "imps_vs_datum");
  EXPECT_EQ(traveller->datum().datum(), 140);
  EXPECT_TRUE(traveller->datum().provisional());
  EXPECT_EQ(traveller->datum().results_in(), 7);

  // Nothing to average yet with six scores (6 - 2 x 3 = 0): no datum, no
  // IMPs.
  Create("anc2025_abpc_open_stage1", 16);
  DefineAndStart(OneRound(1, {1, 2, 3, 4, 5, 6, 7, 8},
                          {9, 10, 11, 12, 13, 14, 15, 16}, 1, 2));
  PlayBoard1UpToTable(6);
  scores = Scores(1);
  EXPECT_FALSE(scores.boards.at(1).datum.has_value());
  EXPECT_FALSE(scores.boards.at(1).lines[0].ns_imps.has_value());
}

TEST_F(OpenStage1Test, RanksEachFieldOnNetImpsAndATieWaitsForALot) {
  PlayBoard1UpToTable(8);
  PlayBoard2();
  Post(1);
  absl::StatusOr<ButlerRanking> ranking = RankButlerMovementEntrants(Abpc());
  ASSERT_THAT(ranking, IsOk());
  EXPECT_FALSE(ranking->ranks_on_vps);
  EXPECT_FALSE(ranking->provisional);
  EXPECT_EQ(ranking->clause, "ANC SR 17.3");
  // 6 and 8 both +8: the Stage 1 chain is lot alone (17.3's VP criteria do
  // not exist in a stage without VPs), and none is recorded yet.
  EXPECT_THAT(Rows(*ranking, "NS"),
              ElementsAre("1= 6 8 lot pending", "1= 8 8 lot pending",
                          "3 7 7 score", "4 5 0 score", "5 4 -1 score",
                          "6 3 -2 score", "7 2 -3 score", "8 1 -6 score"));
  EXPECT_THAT(Rows(*ranking, "EW"),
              ElementsAre("1 9 6 ", "2 10 3 score", "3 11 2 score",
                          "4 12 1 score", "5 13 0 score", "6 15 -7 score",
                          "7= 14 -8 lot pending", "7= 16 -8 lot pending"));
  ASSERT_EQ(ranking->pending.size(), 2u);

  // A lot across the fields, or among pairs not tied, is refused.
  EXPECT_THAT(DecideRecordLot(state_, Lot({6, 14})),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("waiting: 14, 16; 6, 8")));
  EXPECT_THAT(DecideRecordLot(state_, Lot({6, 7})),
              StatusIs(absl::StatusCode::kFailedPrecondition));
  // The director draws 8 above 6 (ANC SR 17.3 "then lot").
  absl::StatusOr<v1::EventPayload> lot = DecideRecordLot(state_, Lot({8, 6}));
  ASSERT_THAT(lot, IsOk());
  EXPECT_EQ(lot->lot_drawn().clause(), "ANC SR 17.3");
  Apply(state_, lot);
  ranking = RankButlerMovementEntrants(Abpc());
  ASSERT_THAT(ranking, IsOk());
  EXPECT_THAT(Rows(*ranking, "NS"),
              ElementsAre("1 8 8 ", "2 6 8 lot", "3 7 7 score", "4 5 0 score",
                          "5 4 -1 score", "6 3 -2 score", "7 2 -3 score",
                          "8 1 -6 score"));
  EXPECT_EQ(ranking->pending.size(), 1u);
}

// ANC SR appendix, "ABPC and Swiss Pairs": 5-10 minutes late, "1 VP (3
// IMPs)". Open Stage 1 ranks on net IMPs (16.4; 16.10 "with the exception
// of Open Stage 1"), so 3 IMPs come off pair 6's session 1 net IMPs: +8 - 3
// = +5, and 6 falls from the shared first place (with 8, +8) to third
// behind 7 (+7). ANC SR 5.3 c)'s "IPC and ABPC - 3 VPs" for smoking has no
// IMP figure: recorded, nothing deducted.
TEST_F(OpenStage1Test, AnOffenceTakesImpsOffThePairsSessionTotal) {
  PlayBoard1UpToTable(8);
  PlayBoard2();
  Post(1);
  const uint64_t head = state_.last_sequence;
  EXPECT_THAT(Offence(6, "late_5_10", 0),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("say which session")));
  EXPECT_THAT(Offence(6, "late_5_10", 2),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("session 2 of 'abpc' is not defined")));
  EXPECT_EQ(state_.last_sequence, head);

  const v1::OffenceRecorded late =
      Record(6, "late_5_10", 1, "3 IMPs off pair 6's session 1 total");
  EXPECT_EQ(late.imps().numerator(), 3);
  EXPECT_EQ(late.imps().denominator(), 1);
  EXPECT_FALSE(late.has_vps());
  const v1::OffenceRecorded smoking = Record(6, "smoking", 1, "");
  EXPECT_FALSE(smoking.has_imps() || smoking.has_vps());
  EXPECT_EQ(smoking.deducted(), "");

  const ButlerPairTotal six = Scores(1).pairs.at(6);
  EXPECT_EQ(six.net_imps, core::Rational(5));
  EXPECT_EQ(six.penalty_imps, core::Rational(3));
  absl::StatusOr<ButlerRanking> ranking = RankButlerMovementEntrants(Abpc());
  ASSERT_THAT(ranking, IsOk());
  EXPECT_THAT(Rows(*ranking, "NS"),
              ElementsAre("1 8 8 ", "2 7 7 score", "3 6 5 score", "4 5 0 score",
                          "5 4 -1 score", "6 3 -2 score", "7 2 -3 score",
                          "8 1 -6 score"));
  // The session's standings (GetStandings) show the same total.
  absl::StatusOr<v1::Standings> standings = SessionStandings(1);
  ASSERT_THAT(standings, IsOk());
  ASSERT_EQ(standings->fields_size(), 2);
  ASSERT_GE(standings->fields(0).rows_size(), 3);
  EXPECT_EQ(standings->fields(0).rows(2).pair(), 6);
  EXPECT_EQ(standings->fields(0).rows(2).net_imps().numerator(), 5);
}

// ANC SR 16.4-16.5: Open Stage 1 qualifies the top pairs of each field
// into Stage 2, ranked per field as above (the NS lot recorded: 8 above 6),
// numbered NS qualifiers first, then EW. Four from each field would cut
// between nobody, but seven from EW cut through the 14-16 tie (7=), which
// waits for its lot and changes nothing.
TEST_F(OpenStage1Test, EachFieldQualifiesItsTopPairsIntoStageTwo) {
  PlayBoard1UpToTable(8);
  PlayBoard2();
  Post(1);
  v1::CreateCompetitionRequest c;
  c.set_tournament_id("t");
  c.set_competition_id("stage2");
  c.set_name("Open Stage 2");
  c.set_kind(v1::COMPETITION_KIND_BUTLER_PAIRS);
  c.set_regulation_profile("anc2025_abpc_open_stage2");
  Apply(state_, DecideCreateCompetition(state_, c));
  v1::QualifyEntrantsRequest q;
  q.set_tournament_id("t");
  q.set_competition_id("stage2");
  q.set_from_competition_id("abpc");
  q.set_per_field(7);
  EXPECT_THAT(
      DecideQualifyEntrants(state_, q),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("lot")));
  Apply(state_, DecideRecordLot(state_, Lot({8, 6})));
  q.set_per_field(4);
  absl::StatusOr<v1::EventPayload> decided = DecideQualifyEntrants(state_, q);
  ASSERT_THAT(decided, IsOk());
  std::vector<std::string> lines;
  for (const v1::QualifiedEntrant& e :
       decided->entrants_qualified().entrants()) {
    lines.push_back(absl::StrCat(e.entrant(), " <- ", e.from_entrant(), " ",
                                 e.field(), " place ", e.place()));
  }
  EXPECT_THAT(lines, ElementsAre("1 <- 8 NS place 1", "2 <- 6 NS place 2",
                                 "3 <- 7 NS place 3", "4 <- 5 NS place 4",
                                 "5 <- 9 EW place 1", "6 <- 10 EW place 2",
                                 "7 <- 11 EW place 3", "8 <- 12 EW place 4"));
}

TEST_F(OpenStage1Test, RefusesBoardsPlayedAtTooFewTablesForTheDatum) {
  // 16.4 drops three scores at each end: six tables leave none, seven
  // leave one.
  Create("anc2025_abpc_open_stage1", 14);
  EXPECT_THAT(
      DecideDefineSession(state_, OneRound(1, {1, 2, 3, 4, 5, 6},
                                           {8, 9, 10, 11, 12, 13}, 1, 2)),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("ANC SR 16.4")));
  EXPECT_THAT(
      DecideDefineSession(state_, OneRound(1, {1, 2, 3, 4, 5, 6, 7},
                                           {8, 9, 10, 11, 12, 13, 14}, 1, 2)),
      IsOk());
}

// --- Open Stage 2 (ANC SR 16.5): 4 tables, NS 1-4 v EW 5-8, two sessions
// of one 12-board match each, every table playing the same boards ---
//
// Session 1 (boards 1-12): 1 v 5, 2 v 6, 3 v 7, 4 v 8. Boards 3-12 passed
// out everywhere (datum 0, 0 IMPs).
//   Board 1 (nobody vulnerable): +420, +420, +170 (2S+2), +450 (4S+1).
//   16.11, fewer than 15 tables, "the (n-2) middle scores": +170 and +450
//   dropped, datum (420 + 420) / 2 = 420. IMPs 0, 0, -250 -> -6, +30 -> +1.
//   Board 2 (NS vulnerable): +110 (2S=), +140 (2S+1), -100 (2S-1), +170
//   (2S+2). -100 and +170 dropped, mean (110 + 140) / 2 = 125, "rounded to
//   the closest 10": 130. IMPs -20 -> -1, +10 -> 0, -230 -> -6, +40 -> +1.
//   Matches: 1 v 5 -1, 2 v 6 0, 3 v 7 -12, 4 v 8 +2 IMPs. ABF VP Scale for
//   Swiss Pairs - 12 boards (ANC SR appendix): 1 IMP 10.33-9.67, 0 10.00,
//   12 IMPs 13.96-6.04, 2 IMPs 10.66-9.34. So NS 1 9.67, 2 10.00, 3 6.04,
//   4 10.66; EW 5 10.33, 6 10.00, 7 13.96, 8 9.34.
// Session 2 (boards 13-24): 1 v 6, 2 v 7, 3 v 8, 4 v 5. Boards 14-24
// passed out.
//   Board 13 (all vulnerable): +650 (4S+1), +620, +620, -100 (4S-1).
//   -100 and +650 dropped: datum 620. IMPs +30 -> +1, 0, 0, -720 -> -12.
//   VPs: 1 v 6 10.33-9.67, 2 v 7 10.00, 3 v 8 10.00, 4 v 5 6.04-13.96.
// Totals: NS 1 20.00, 2 20.00, 3 16.04, 4 16.70; EW 5 24.29, 6 19.67,
// 7 23.96, 8 19.34 (160.00 in all, 8 matches of 20).
// 17.3: 1 and 2 tie on 20.00 VPs; 1's opponents (5, 6) have 43.96 VPs and
// 2's (6, 7) 43.63, so 1 is placed above 2 on opponents' VPs.
class OpenStage2Test : public ButlerSessionTest {
 protected:
  void SetUp() override { Create("anc2025_abpc_open_stage2", 8); }

  void PlaySession1(bool last_result = true) {
    DefineAndStart(OneRound(1, {1, 2, 3, 4}, {5, 6, 7, 8}, 1, 12));
    const v1::TableResult board1[4] = {Spades(4, 10), Spades(4, 10),
                                       Spades(2, 10), Spades(4, 11)};
    const v1::TableResult board2[4] = {Spades(2, 8), Spades(2, 9), Spades(2, 7),
                                       Spades(2, 10)};
    for (int table = 1; table <= 4; ++table) {
      Enter(1, table, 2, board2[table - 1]);
      for (int board = 3; board <= 12; ++board) {
        Enter(1, table, board, PassedOut());
      }
    }
    for (int table = 1; table <= (last_result ? 4 : 3); ++table) {
      Enter(1, table, 1, board1[table - 1]);
    }
  }

  void PlaySession2() {
    DefineAndStart(OneRound(2, {1, 2, 3, 4}, {6, 7, 8, 5}, 13, 24));
    const v1::TableResult board13[4] = {Spades(4, 11), Spades(4, 10),
                                        Spades(4, 10), Spades(4, 9)};
    for (int table = 1; table <= 4; ++table) {
      Enter(2, table, 13, board13[table - 1]);
      for (int board = 14; board <= 24; ++board) {
        Enter(2, table, board, PassedOut());
      }
    }
  }
};

TEST_F(OpenStage2Test, DatumOfTheNMinusTwoMiddleScoresAndTheMatchVps) {
  PlaySession1();
  const ButlerSessionScores scores = Scores(1);
  EXPECT_TRUE(scores.ranks_on_vps);
  const ButlerBoard& board1 = scores.boards.at(1);
  ASSERT_TRUE(board1.datum.has_value());
  EXPECT_EQ(board1.datum->datum, 420);
  EXPECT_THAT(board1.datum->basis, HasSubstr("ANC SR 16.11"));
  const ButlerBoard& board2 = scores.boards.at(2);
  ASSERT_TRUE(board2.datum.has_value());
  EXPECT_EQ(board2.datum->mean, core::Rational(125));
  EXPECT_EQ(board2.datum->datum, 130);
  std::vector<int> imps;
  for (const ButlerLine& line : board2.lines) imps.push_back(*line.ns_imps);
  EXPECT_THAT(imps, ElementsAre(-1, 0, -6, 1));

  std::vector<std::string> matches;
  for (const ButlerMatch& m : scores.matches) {
    ASSERT_TRUE(m.complete);
    ASSERT_TRUE(m.vps.has_value());
    matches.push_back(absl::StrCat(
        m.ns_pair, " v ", m.ew_pair, ": ", Text(m.ns_imps), " IMPs ",
        m.vps->vps.ToString(), "-", m.vps->opponent_vps.ToString()));
  }
  EXPECT_THAT(
      matches,
      ElementsAre("1 v 5: -1 IMPs 9.67-10.33", "2 v 6: 0 IMPs 10.00-10.00",
                  "3 v 7: -12 IMPs 6.04-13.96", "4 v 8: 2 IMPs 10.66-9.34"));

  // The scorecard of EW pair 7: its IMPs are the negative of NS's.
  absl::StatusOr<v1::Scorecard> card = Scorecard(1, 7);
  ASSERT_THAT(card, IsOk());
  ASSERT_EQ(card->lines_size(), 12);
  EXPECT_EQ(card->lines(0).imps(), 6);
  EXPECT_EQ(card->lines(0).datum(), 420);
  EXPECT_EQ(card->lines(1).imps(), 6);
  EXPECT_EQ(card->lines(1).datum(), 130);
  ASSERT_EQ(card->matches_size(), 1);
  EXPECT_EQ(card->matches(0).imps().numerator(), 12);
  EXPECT_EQ(card->matches(0).vps().units(), 1396);
  EXPECT_EQ(card->matches(0).opponent_vps().units(), 604);
}

TEST_F(OpenStage2Test, NswTr13_2AScorePendingAppealMakesItsBoardProvisional) {
  // Session 1, board 2 (+110 +140 -50 +170): 16.11, four tables, one
  // dropped at each end, (110 + 140) / 2 = 125 -> 130. An appeal on table
  // 3's -50 (pair 3 v 7): the profile's nsw_tr_13 policy with every score
  // in the datum is 13.2, so -50 counts as it stands: still 130, now
  // provisional, and every match on the board is provisional.
  PlaySession1();
  v1::EventPayload lodged;
  v1::AppealLodged* a = lodged.mutable_appeal_lodged();
  a->set_competition_id("abpc");
  a->set_appeal(1);
  a->set_kind(v1::APPEAL_KIND_DIRECTOR_RULING);
  a->set_session(1);
  a->set_table(3);
  a->set_board(2);
  a->set_appellant(3);
  Apply(state_, lodged);
  absl::StatusOr<ButlerSessionScores> pending =
      ScoreButlerSession(Abpc(), Abpc().sessions.at(1));
  ASSERT_THAT(pending, IsOk());
  const ButlerBoard& board2 = pending->boards.at(2);
  EXPECT_EQ(board2.datum->datum, 130);
  EXPECT_TRUE(board2.datum->provisional);
  EXPECT_TRUE(board2.lines[2].pending_appeal);
  EXPECT_FALSE(board2.lines[1].pending_appeal);
  for (const ButlerMatch& m : pending->matches) {
    EXPECT_TRUE(m.provisional) << m.table;
    EXPECT_TRUE(m.complete) << m.table;
  }
  EXPECT_TRUE(pending->provisional);
  // Scored without the competition the appeal is not seen.
  EXPECT_FALSE(Scores(1).boards.at(2).datum->provisional);
  // The traveller says so.
  v1::GetTravellerRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("abpc");
  r.set_session(1);
  r.set_board(2);
  absl::StatusOr<v1::Traveller> traveller = BuildTraveller(state_, r);
  ASSERT_THAT(traveller, IsOk());
  EXPECT_THAT(traveller->datum().appeal(), HasSubstr("NSW TR 13.2"));
  EXPECT_TRUE(traveller->lines(2).pending_appeal());

  // Withdrawn: no longer pending, the datum final again.
  v1::EventPayload withdrawn;
  withdrawn.mutable_appeal_withdrawn()->set_competition_id("abpc");
  withdrawn.mutable_appeal_withdrawn()->set_appeal(1);
  Apply(state_, withdrawn);
  absl::StatusOr<ButlerSessionScores> after =
      ScoreButlerSession(Abpc(), Abpc().sessions.at(1));
  ASSERT_THAT(after, IsOk());
  EXPECT_FALSE(after->boards.at(2).datum->provisional);
  EXPECT_FALSE(after->provisional);
}

TEST_F(OpenStage2Test, AMatchOnAProvisionalDatumHasProvisionalVps) {
  // Board 1 in at three tables: 16.11 for 4 tables drops one at each end of
  // the three in (+170, +420, +420): datum 420, provisional. Tables 1-3 have
  // every board scored, on it: 1 v 5 -1 IMP (9.67), 2 v 6 0 (10.00), 3 v 7
  // -12 (6.04), all provisional; table 4's match (4 v 8) lacks board 1: no
  // VPs. No match is complete, so the competition ranking counts none.
  PlaySession1(/*last_result=*/false);
  const ButlerSessionScores scores = Scores(1);
  EXPECT_EQ(scores.boards.at(1).datum->datum, 420);
  EXPECT_FALSE(scores.boards.at(1).complete);
  std::vector<std::string> vps;
  for (const ButlerMatch& m : scores.matches) {
    EXPECT_FALSE(m.complete);
    vps.push_back(m.vps.has_value()
                      ? absl::StrCat(m.vps->vps.ToString(),
                                     m.provisional ? " provisional" : "")
                      : "none");
  }
  EXPECT_THAT(vps, ElementsAre("9.67 provisional", "10.00 provisional",
                               "6.04 provisional", "none"));
  EXPECT_EQ(scores.matches[0].boards_final, 11);
  EXPECT_EQ(scores.matches[3].boards_entered, 11);
  EXPECT_EQ(scores.pairs.at(7).vps, *core::Rational::Parse("13.96"));
  EXPECT_TRUE(scores.pairs.at(7).provisional);
  EXPECT_EQ(scores.pairs.at(7).matches_complete, 0);
  absl::StatusOr<ButlerRanking> ranking = RankButlerMovementEntrants(Abpc());
  ASSERT_THAT(ranking, IsOk());
  EXPECT_TRUE(ranking->provisional);
  for (const ButlerEntrantStanding& row : ranking->rows) {
    EXPECT_EQ(row.matches, 0) << row.entrant;
  }
}

TEST_F(OpenStage2Test, StandingsPerFieldAfterEachSessionWithTheTieBroken) {
  PlaySession1();
  Post(1);
  PlaySession2();
  Post(2);

  ButlerRankingOptions after_one;
  after_one.after_session = 1;
  absl::StatusOr<ButlerRanking> one =
      RankButlerMovementEntrants(Abpc(), after_one);
  ASSERT_THAT(one, IsOk());
  EXPECT_THAT(one->sessions_counted, ElementsAre(1));
  EXPECT_THAT(Rows(*one, "NS"),
              ElementsAre("1 4 533/50 ", "2 2 10 score", "3 1 967/100 score",
                          "4 3 151/25 score"));
  EXPECT_THAT(Rows(*one, "EW"),
              ElementsAre("1 7 349/25 ", "2 5 1033/100 score", "3 6 10 score",
                          "4 8 467/50 score"));

  absl::StatusOr<ButlerRanking> all = RankButlerMovementEntrants(Abpc());
  ASSERT_THAT(all, IsOk());
  EXPECT_FALSE(all->provisional);
  EXPECT_EQ(all->clause, "ANC SR 17.3");
  EXPECT_THAT(Rows(*all, "NS"),
              ElementsAre("1 1 20 ", "2 2 20 opponents_total_vps",
                          "3 4 167/10 score", "4 3 401/25 score"));
  EXPECT_THAT(Rows(*all, "EW"),
              ElementsAre("1 5 2429/100 ", "2 7 599/25 score",
                          "3 6 1967/100 score", "4 8 967/50 score"));
  const ButlerEntrantStanding& first = all->rows[0];
  EXPECT_EQ(first.opponents_vps, *core::Rational::Parse("43.96"));
  EXPECT_EQ(first.matches_won, 1);
  EXPECT_EQ(first.net_imps, core::Rational(0));
  EXPECT_EQ(all->rows[1].opponents_vps, *core::Rational::Parse("43.63"));

  // The session's own standings through GetStandings: session 1 alone.
  absl::StatusOr<v1::Standings> standings = SessionStandings(1);
  ASSERT_THAT(standings, IsOk());
  EXPECT_EQ(standings->ranked_on(), "vps");
  ASSERT_EQ(standings->fields_size(), 2);
  std::vector<std::string> ns;
  for (const v1::StandingsRow& row : standings->fields(0).rows()) {
    ns.push_back(absl::StrCat(row.rank(), " ", row.pair(), " ",
                              row.vps().units(), " ",
                              row.net_imps().numerator()));
  }
  EXPECT_THAT(
      ns, ElementsAre("1 4 1066 2", "2 2 1000 0", "3 1 967 -1", "4 3 604 -12"));
}

// ANC SR appendix, "ABPC and Swiss Pairs": 10-15 minutes late, "2 VPs (6
// IMPs)". Stage 2 converts matches to VPs (16.10), so 2 VPs come off pair
// 4's session 1 VPs: 10.66 - 2 = 8.66, and the NS field after session 1
// (4 10.66, 2 10.00, 1 9.67, 3 6.04) becomes 2 10.00, 1 9.67, 4 8.66,
// 3 6.04. Its net IMPs (+2) are untouched.
TEST_F(OpenStage2Test, AnOffenceTakesVpsOffThePairsSessionTotal) {
  PlaySession1();
  Post(1);
  const v1::OffenceRecorded late =
      Record(4, "late_10_15", 1, "2.00 VPs off pair 4's session 1 total");
  EXPECT_EQ(late.vps().units(), 200);
  EXPECT_EQ(late.vps().places(), 2);
  EXPECT_FALSE(late.has_imps());

  const ButlerPairTotal four = Scores(1).pairs.at(4);
  EXPECT_EQ(four.vps, *core::Rational::Parse("8.66"));
  EXPECT_EQ(four.net_imps, core::Rational(2));
  ButlerRankingOptions after_one;
  after_one.after_session = 1;
  absl::StatusOr<ButlerRanking> one =
      RankButlerMovementEntrants(Abpc(), after_one);
  ASSERT_THAT(one, IsOk());
  EXPECT_THAT(Rows(*one, "NS"),
              ElementsAre("1 2 10 ", "2 1 967/100 score", "3 4 433/50 score",
                          "4 3 151/25 score"));
}

TEST_F(OpenStage2Test, RefusesMovementsThatBreakTheFieldsOrTheMatchLength) {
  v1::DefineSessionRequest mitchell;
  mitchell.set_tournament_id("t");
  mitchell.set_competition_id("abpc");
  mitchell.set_session(1);
  // 16.10: the ABF Swiss Pairs scale is printed for 12-board matches.
  mitchell.mutable_mitchell()->set_tables(4);
  mitchell.mutable_mitchell()->set_boards_per_round(3);
  EXPECT_THAT(
      DecideDefineSession(state_, mitchell),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("12 boards")));
  // 16.5's "Mitchell playing 12 board matches" is accepted as it stands:
  // four rounds of 12 boards, 48 boards.
  mitchell.mutable_mitchell()->set_boards_per_round(12);
  absl::StatusOr<v1::EventPayload> defined =
      DecideDefineSession(state_, mitchell);
  ASSERT_THAT(defined, IsOk());
  EXPECT_EQ(defined->session_defined().movement().rounds_size(), 4);
  EXPECT_EQ(
      defined->session_defined().movement().rounds(0).tables(0).boards_size(),
      12);
  Apply(state_, defined);
  // A Howell moves pairs between the fields.
  v1::DefineSessionRequest howell = mitchell;
  howell.set_session(2);
  howell.mutable_howell()->set_pairs(8);
  howell.mutable_howell()->set_boards_per_round(2);
  EXPECT_THAT(
      DecideDefineSession(state_, howell),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("ANC SR 16.4")));
  // Pair 5 sat EW in session 1: it cannot sit NS in session 2.
  EXPECT_THAT(DecideDefineSession(
                  state_, OneRound(2, {5, 2, 3, 4}, {1, 6, 7, 8}, 1, 12)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("seeded into NS and EW fields")));
}

TEST_F(OpenStage2Test, IsCreatedOnlyAsButlerPairs) {
  v1::CreateCompetitionRequest c;
  c.set_tournament_id("t");
  c.set_competition_id("other");
  c.set_name("Other");
  c.set_kind(v1::COMPETITION_KIND_SWISS_PAIRS);
  c.set_regulation_profile("anc2025_abpc_open_stage2");
  EXPECT_THAT(
      DecideCreateCompetition(state_, c),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("butler pairs")));
  EXPECT_FALSE(Abpc().PlaysMatches());
}

// ---- Issue #16: boards not played at a table (Law 12C2(a)) ----

class NotPlayedButlerTest : public ButlerSessionTest {
 protected:
  static v1::RecordRulingRequest NotPlayed(int session, int table, int board) {
    v1::RecordRulingRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("abpc");
    r.set_session(session);
    r.set_table(table);
    r.set_board(board);
    r.set_law("Law 12C2(a)");
    r.set_text("the board could not be played in the time");
    r.set_board_not_played(true);
    r.mutable_adjusted()->mutable_artificial()->set_ns(
        v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
    r.mutable_adjusted()->mutable_artificial()->set_ew(
        v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
    return r;
  }
  absl::StatusOr<v1::EventPayload> Rule(const v1::RecordRulingRequest& r) {
    return DecideRecordRuling(state_, r, absl::UnixEpoch());
  }
  // Open Stage 2 (ANC SR 16.11: (n-2) middle scores), 4 tables playing
  // boards 1-12, every board passed out, except the first `n` boards at
  // table 1, ruled not played there (average plus to both pairs).
  void PlayWithBoardsNotPlayedAtTable1(int n) {
    Create("anc2025_abpc_open_stage2", 8);
    DefineAndStart(OneRound(1, {1, 2, 3, 4}, {5, 6, 7, 8}, 1, 12));
    for (int table = 1; table <= 4; ++table) {
      for (int board = 1; board <= 12; ++board) {
        if (table == 1 && board <= n) continue;
        Enter(1, table, board, PassedOut());
      }
    }
    for (int board = 1; board <= n; ++board) {
      Apply(state_, Rule(NotPlayed(1, 1, board)));
    }
  }
};

// Defect 2. ANC SR 7.5-7.6 and the appendix: "IMP scored Pairs events: an
// IMP score of 2 sqrt(N)/N" per board, the match's net IMPs "rounded to the
// nearest IMP (0.5 IMPs rounded up)". 2, 4 and 7 boards not played at
// table 1 give each pair 2 sqrt(2) = 2.83 -> 3, 2 sqrt(4) = 4 and
// 2 sqrt(7) = 5.29 -> 5 IMPs in all (not 2 a board: 4, 8, 14). Every other
// board is passed out at every table: 0 IMPs.
TEST_F(NotPlayedButlerTest, AncAppendixAveragePlusOnSeveralBoardsOfAMatch) {
  for (const auto& [n, total] :
       {std::pair{2, 3}, std::pair{4, 4}, std::pair{7, 5}}) {
    PlayWithBoardsNotPlayedAtTable1(n);
    const ButlerSessionScores scores = Scores(1);
    ASSERT_FALSE(scores.matches.empty());
    const ButlerMatch& m = scores.matches.front();
    ASSERT_EQ(m.table, 1);
    EXPECT_EQ(m.ns_imps, core::Rational(total)) << n << " boards";
    EXPECT_EQ(m.ew_imps, core::Rational(total)) << n << " boards";
    EXPECT_EQ(scores.pairs.at(1).net_imps, core::Rational(total));
    EXPECT_EQ(scores.pairs.at(5).net_imps, core::Rational(total));
  }
}

// Defect 4. The traveller of a board not played at table 1: the table's
// artificial score is not part of the datum (taken over tables 2-4), and
// the traveller says "not in datum", not "used".
TEST_F(NotPlayedButlerTest, TravellerSaysTheNotPlayedTableIsNotInTheDatum) {
  PlayWithBoardsNotPlayedAtTable1(1);
  const ButlerSessionScores scores = Scores(1);
  const ButlerBoard& board = scores.boards.at(1);
  ASSERT_TRUE(board.datum.has_value());
  EXPECT_EQ(board.datum->considered, 3);
  ASSERT_EQ(board.lines.size(), 4u);
  EXPECT_FALSE(board.lines[0].role.has_value());  // table 1
  EXPECT_TRUE(board.lines[1].role.has_value());
  v1::GetTravellerRequest t;
  t.set_tournament_id("t");
  t.set_competition_id("abpc");
  t.set_session(1);
  t.set_board(1);
  absl::StatusOr<v1::Traveller> traveller =
      BuildButlerTraveller(state_, Abpc(), t);
  ASSERT_THAT(traveller, IsOk());
  ASSERT_EQ(traveller->lines_size(), 4);
  EXPECT_EQ(traveller->lines(0).table(), 1);
  EXPECT_EQ(traveller->lines(0).datum_role(), "not in datum");
  EXPECT_NE(traveller->lines(1).datum_role(), "not in datum");
}

// Defect 3. ANC SR 16.4: "the (n-6) middle scores", so a board needs 7
// scores. 7 tables; board 1 not played at table 7 would leave 6, none to
// average: the ruling is refused naming the clause and nothing changes.
// A log that already holds such a ruling (decided before this check) is
// not posted, and its standings are provisional.
TEST_F(NotPlayedButlerTest, AncSr16_4RefusesARulingLeavingTooFewScores) {
  Create("anc2025_abpc_open_stage1", 14);
  DefineAndStart(
      OneRound(1, {1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14}, 1, 2));
  for (int table = 1; table <= 7; ++table) {
    if (table != 7) Enter(1, table, 1, PassedOut());
    Enter(1, table, 2, PassedOut());
  }
  const uint64_t before = state_.last_sequence;
  EXPECT_THAT(Rule(NotPlayed(1, 7, 1)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("board 1 of session 1"),
                             HasSubstr("ANC SR 16.4"))));
  EXPECT_EQ(state_.last_sequence, before);

  // The same ruling as an older log holds it.
  v1::EventPayload old;
  v1::RulingMade* m = old.mutable_ruling_made();
  const v1::RecordRulingRequest r = NotPlayed(1, 7, 1);
  m->set_competition_id("abpc");
  m->set_session(1);
  m->set_table(7);
  m->set_board(1);
  m->set_law(r.law());
  m->set_text(r.text());
  m->set_board_not_played(true);
  m->set_ns_pair(7);
  m->set_ew_pair(14);
  *m->mutable_adjusted() = r.adjusted();
  Apply(state_, old);
  EXPECT_TRUE(Scores(1).provisional);
  v1::PostScoresRequest p;
  p.set_tournament_id("t");
  p.set_competition_id("abpc");
  p.set_session(1);
  EXPECT_THAT(
      DecidePostScores(state_, p),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               AllOf(HasSubstr("cannot post"), HasSubstr("ANC SR 16.4"))));
}


// ---- Issue #18: club Butler in a Howell, cross-IMP pairs ----
//
// Six pairs at three tables, two rounds of two boards (a club's short
// rounds); pairs 2, 3, 4, 5, 6 and 1 change direction between the rounds:
//   round 1 (boards 1-2): 1v2, 3v4, 5v6     round 2 (boards 3-4): 2v3, 4v5, 6v1
// North declares spades; NS scores (dealer/vulnerability of boards 1-4:
// none, NS, EW, all):
//   board 1: 4S+1 +450, 4S= +420, 4S-1 -50
//   board 2: 2S= +110, 3S= +140, 3S-1 -100
//   board 3: 4S= +420, 4S= +420, 3S+1 +170
//   board 4: 4S= +620, 4S-1 -100, 4S-2 -200
class ClubImpPairsTest : public ButlerSessionTest {
 protected:
  static v1::DefineSessionRequest TwoRoundHowell() {
    v1::DefineSessionRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("abpc");
    r.set_session(1);
    const int seats[2][3][2] = {{{1, 2}, {3, 4}, {5, 6}},
                                {{2, 3}, {4, 5}, {6, 1}}};
    for (int round = 1; round <= 2; ++round) {
      v1::MovementRound* mr = r.mutable_explicit_movement()->add_rounds();
      mr->set_round(round);
      for (int table = 1; table <= 3; ++table) {
        v1::TableAssignment* t = mr->add_tables();
        t->set_table(table);
        t->set_ns_pair(seats[round - 1][table - 1][0]);
        t->set_ew_pair(seats[round - 1][table - 1][1]);
        t->add_boards(2 * round - 1);
        t->add_boards(2 * round);
      }
    }
    return r;
  }

  void PlayTheSession(
      const char* profile,
      const v1::DefineSessionRequest& define = TwoRoundHowell()) {
    Create(profile, 6);
    DefineAndStart(define);
    const int tricks[4][3] = {{11, 10, 9}, {8, 9, 8}, {10, 10, 10}, {10, 9, 8}};
    const int level[4][3] = {{4, 4, 4}, {2, 3, 3}, {4, 4, 3}, {4, 4, 4}};
    for (int board = 1; board <= 4; ++board) {
      for (int table = 1; table <= 3; ++table) {
        Enter(1, table, board,
              Spades(level[board - 1][table - 1], tricks[board - 1][table - 1]));
      }
    }
  }

  // "pair total" per pair, pair order.
  std::vector<std::string> Totals(const ButlerSessionScores& s) const {
    std::vector<std::string> out;
    for (const auto& [pair, t] : s.pairs) {
      out.push_back(absl::StrCat(pair, " ", Text(t.net_imps)));
    }
    return out;
  }
};

TEST_F(ClubImpPairsTest, ClubButlerInAHowellScoresEachPairFromItsDirection) {
  // The club datum (club_top_and_bottom: the best and the worst NS score
  // dropped, NBB club rule) and NS IMPs (WBF scale):
  //   board 1: 420 (450, -50 dropped); +30 -> 1, 0, -470 -> -10
  //   board 2: 110 (140, -100 dropped); 0, +30 -> 1, -210 -> -5
  //   board 3: 420 (one 420 high, 170 low dropped); 0, 0, -250 -> -6
  //   board 4: -100 (620, -200 dropped); +720 -> 12, 0, -100 -> -3
  // Round 1: 1 (NS) 1 + 0 = +1, 2 (EW) -1; 3 +1, 4 -1; 5 -15, 6 +15.
  // Round 2: 2 (NS) 0 + 12 = +12, 3 (EW) -12; 4 0, 5 0; 6 (NS) -9, 1 (EW) +9.
  // Totals: 1 +10, 2 +11, 3 -11, 4 -1, 5 -15, 6 +6 (sum 0).
  PlayTheSession("club_butler_pairs");
  ButlerSessionScores s = Scores(1);
  EXPECT_TRUE(s.one_field);
  std::vector<int> datums;
  for (const auto& [board, b] : s.boards) {
    ASSERT_TRUE(b.datum.has_value()) << board;
    datums.push_back(static_cast<int>(b.datum->datum));
  }
  EXPECT_THAT(datums, ElementsAre(420, 110, 420, -100));
  EXPECT_THAT(s.boards.at(1).datum->basis, HasSubstr("club Butler"));
  EXPECT_THAT(Totals(s), ElementsAre("1 10", "2 11", "3 -11", "4 -1", "5 -15",
                                     "6 6"));
  // One field, ranked on net IMPs: 2, 1, 6, 4, 3, 5.
  absl::StatusOr<ButlerRanking> ranking = RankButlerMovementEntrants(Abpc());
  ASSERT_THAT(ranking, IsOk());
  EXPECT_THAT(Rows(*ranking, kOneField),
              ElementsAre("1 2 11 ", "2 1 10 score", "3 6 6 score",
                          "4 4 -1 score", "5 3 -11 score", "6 5 -15 score"));
  absl::StatusOr<v1::Standings> standings = SessionStandings(1);
  ASSERT_THAT(standings, IsOk());
  ASSERT_EQ(standings->fields_size(), 1);
  EXPECT_EQ(standings->fields(0).name(), "ALL");
  ASSERT_EQ(standings->fields(0).rows_size(), 6);
  EXPECT_EQ(standings->fields(0).rows(0).pair(), 2);
}

// Issue #18: the same session with an arrow switch on board 4 at table 1
// in round 2 (2 v 3): pair 3 sits North-South there and takes the +720's
// 12 IMPs, pair 2 the -12. Round 2 at table 1: pair 2 0 - 12 = -12, pair 3
// 0 + 12 = +12. Totals: 1 +10, 2 -1 - 12 = -13, 3 +1 + 12 = +13, 4 -1,
// 5 -15, 6 +6 (sum 0); the datums do not change. Refused (ANC SR 16.4)
// where pairs keep their NS and EW fields.
TEST_F(ClubImpPairsTest, OneFieldButlerScoresAnArrowSwitchedBoardFromTheSeat) {
  v1::DefineSessionRequest switched = TwoRoundHowell();
  switched.mutable_explicit_movement()
      ->mutable_rounds(1)
      ->mutable_tables(0)
      ->add_arrow_switched_boards(4);
  PlayTheSession("club_butler_pairs", switched);
  ButlerSessionScores s = Scores(1);
  EXPECT_EQ(s.boards.at(4).datum->datum, -100);
  EXPECT_THAT(Totals(s),
              ElementsAre("1 10", "2 -13", "3 13", "4 -1", "5 -15", "6 6"));
  // Pair 2's scorecard: board 4 from East-West, -620 and -12 IMPs; board 3
  // from North-South (420 on a datum of 420, 0); round 2's match -12.
  absl::StatusOr<v1::Scorecard> card = Scorecard(1, 2);
  ASSERT_THAT(card, IsOk());
  ASSERT_EQ(card->lines_size(), 4);
  EXPECT_EQ(card->lines(2).direction(), v1::SEAT_NORTH);
  EXPECT_EQ(card->lines(2).imps(), 0);
  EXPECT_EQ(card->lines(3).board(), 4);
  EXPECT_EQ(card->lines(3).direction(), v1::SEAT_EAST);
  EXPECT_EQ(card->lines(3).score(), -620);
  EXPECT_EQ(card->lines(3).imps(), -12);
  ASSERT_EQ(card->matches_size(), 2);
  EXPECT_EQ(card->matches(1).imps().numerator(), -12);
  Create("anc2025_abpc_open_stage1", 6);
  EXPECT_THAT(
      DecideDefineSession(state_, switched),
      StatusIs(absl::StatusCode::kInvalidArgument,
               AllOf(HasSubstr("arrow switch"), HasSubstr("ANC SR 16.4"))));
}

TEST_F(ClubImpPairsTest, HowellAcceptedOnlyWhereTheProfileHasOneField) {
  // A complete Howell (core/movement: 8 pairs at 4 tables, 2-board rounds,
  // each board played 4 times) under the club profile; the same movement
  // under ANC SR 16.4-16.5 is refused.
  Create("club_butler_pairs", 8);
  v1::DefineSessionRequest howell;
  howell.set_tournament_id("t");
  howell.set_competition_id("abpc");
  howell.set_session(1);
  howell.mutable_howell()->set_pairs(8);
  howell.mutable_howell()->set_boards_per_round(2);
  EXPECT_THAT(DecideDefineSession(state_, howell), IsOk());
  Create("anc2025_abpc_open_stage1", 8);
  EXPECT_THAT(
      DecideDefineSession(state_, howell),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("ANC SR 16.4")));
  // Boards played at two tables: the club datum needs three results.
  Create("club_butler_pairs", 4);
  EXPECT_THAT(DecideDefineSession(state_, OneRound(1, {1, 2}, {3, 4}, 1, 2)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("at least 3 scores")));
}

TEST_F(ClubImpPairsTest, CrossImpsAveragedOverTheComparisons) {
  // cross_imp_pairs (ACBLscore "Average IMPs"): each NS score IMPed against
  // the two others, the sum over 2 comparisons:
  //   board 1 (450, 420, -50): 450: +1 +11 = 12 -> 6; 420: -1 +10 -> 9/2;
  //     -50: -11 -10 -> -21/2
  //   board 2 (110, 140, -100): 110: -1 +5 -> 2; 140: +1 +6 -> 7/2;
  //     -100: -5 -6 -> -11/2
  //   board 3 (420, 420, 170): 0 +6 -> 3; 3; -6 -6 -> -6
  //   board 4 (620, -100, -200): +12 +13 -> 25/2; -12 +3 -> -9/2;
  //     -13 -3 -> -8
  // Round 1: 1 (NS) 6 + 2 = 8, 2 -8; 3 9/2 + 7/2 = 8, 4 -8; 5 -16, 6 16.
  // Round 2: 2 (NS) 3 + 25/2 = 31/2, 3 -31/2; 4 3 - 9/2 = -3/2, 5 3/2;
  //   6 (NS) -6 - 8 = -14, 1 +14.
  // Totals: 1 22, 2 15/2, 3 -15/2, 4 -19/2, 5 -29/2, 6 2 (sum 0).
  PlayTheSession("cross_imp_pairs");
  ButlerSessionScores s = Scores(1);
  EXPECT_TRUE(s.cross_imps);
  std::vector<std::string> board4;
  for (const ButlerLine& l : s.boards.at(4).lines) {
    ASSERT_TRUE(l.ns_cross_imps.has_value());
    EXPECT_FALSE(l.ns_imps.has_value());
    board4.push_back(Text(*l.ns_cross_imps));
  }
  EXPECT_THAT(board4, ElementsAre("25/2", "-9/2", "-8"));
  EXPECT_FALSE(s.boards.at(4).datum.has_value());
  EXPECT_THAT(Totals(s), ElementsAre("1 22", "2 15/2", "3 -15/2", "4 -19/2",
                                     "5 -29/2", "6 2"));
  absl::StatusOr<ButlerRanking> ranking = RankButlerMovementEntrants(Abpc());
  ASSERT_THAT(ranking, IsOk());
  EXPECT_THAT(Rows(*ranking, kOneField),
              ElementsAre("1 1 22 ", "2 2 15/2 score", "3 6 2 score",
                          "4 3 -15/2 score", "5 4 -19/2 score",
                          "6 5 -29/2 score"));
}

TEST_F(ClubImpPairsTest, CrossImpsTakeArtificialScoresAndRefuseWeightedOnes) {
  PlayTheSession("cross_imp_pairs");
  v1::RecordRulingRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("abpc");
  r.set_session(1);
  r.set_table(3);  // board 1, 5 v 6: 4S-1 -50
  r.set_board(1);
  r.set_law("Law 12C2");
  r.set_text("no result can stand");
  // One score a table is compared: a weighted score is refused.
  r.mutable_adjusted()->mutable_weighted();
  EXPECT_THAT(DecideRecordRuling(state_, r, absl::UnixEpoch()),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("scored by cross-IMPs")));
  // Average plus to both (butler_2_imps: +2 each, ANC SR 7.3); the table
  // leaves the comparison: +450 against +420 only, one comparison: +1
  // (20-40: 1 IMP) and -1.
  r.mutable_adjusted()->mutable_artificial()->set_ns(
      v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  r.mutable_adjusted()->mutable_artificial()->set_ew(
      v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  absl::StatusOr<v1::EventPayload> ruled =
      DecideRecordRuling(state_, r, absl::UnixEpoch());
  ASSERT_THAT(ruled, IsOk());
  Apply(state_, ruled);
  ButlerSessionScores s = Scores(1);
  std::vector<std::string> board1;
  for (const ButlerLine& l : s.boards.at(1).lines) {
    board1.push_back(absl::StrCat(
        Text(*l.ns_cross_imps), " ",
        l.ew_cross_imps.has_value() ? Text(*l.ew_cross_imps) : "balanced"));
  }
  EXPECT_THAT(board1, ElementsAre("1 balanced", "-1 balanced", "2 2"));
}

}  // namespace
}  // namespace tally::replay
