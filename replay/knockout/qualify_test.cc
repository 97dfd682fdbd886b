// QualifyEntrants through decide and Evolve: who qualifies from a finished
// stage (per field, withdrawn entrants replaced in their field, ties at
// the cut waiting for a lot), the new numbers, and the carry-overs of ANC
// SR 11.2 and 18.1-18.3, which then count in the target's VP standings.
// Every refusal is a status and no event.

#include "replay/knockout/qualify.h"

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/draws/draw_maker.h"
#include "replay/knockout/qualification_query.h"
#include "replay/match_scores/match_standings.h"
#include "replay/matches/decide_matches.h"
#include "replay/profile/profile_loader.h"
#include "replay/queries/match_queries.h"
#include "replay/testing/apply_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// 2S made with 8 tricks: 110 to the declaring side, vulnerable or not.
v1::TableResult TwoSpadesMade(v1::Seat declarer) {
  v1::TableResult r;
  v1::PlayedContract* p = r.mutable_played();
  p->set_level(2);
  p->set_strain(v1::STRAIN_SPADES);
  p->set_declarer(declarer);
  p->set_tricks(8);
  p->set_doubling(v1::DOUBLING_UNDOUBLED);
  return r;
}

// The twelve pairs of the pairs stages below, strongest first: in every
// match the stronger pair wins (rank 1 is pair 7, rank 12 pair 6).
const std::vector<int> kTwelve = {7, 3, 11, 1, 9, 5, 12, 2, 8, 4, 10, 6};

// How the round robins below are played. In each match at table t, the
// stronger side makes 2S (110) on the round's t-th board and every other
// board is passed out, unless the two sides are listed as drawing (every
// board passed out: 0 IMPs, 10-10).
//   Pairs (sabf_butler_round_robin, 12 pairs, 6 tables, 12-board matches):
//   the board's six scores are 110 (or -110) and five 0s; SABF TR 12.1
//   drops one at each end of six (16.67% of 6 rounded down is 1), so the
//   datum is 0 and the winners are +3 IMPs (WBF IMP scale: 90-120 is 3),
//   the losers -3. SABF TR 21.2, 12 boards: 3 IMPs is 10.99 VPs, the loser
//   20 - 10.99 = 9.01.
//   Teams (sabf_round_robin_teams, 14-board matches): 110 in one room and
//   a pass in the other is 3 IMPs; SABF TR 21.1, 14 boards: 10.97 VPs, the
//   loser 9.03.
class QualifyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    v1::CreateTournamentRequest t;
    t.set_tournament_id("t");
    t.set_name("Test");
    Apply(state_, DecideCreateTournament(state_, t));
  }

  void Create(const std::string& id, v1::CompetitionKind kind,
              const std::string& profile) {
    v1::CreateCompetitionRequest c;
    c.set_tournament_id("t");
    c.set_competition_id(id);
    c.set_name(id);
    c.set_kind(kind);
    c.set_regulation_profile(profile);
    Apply(state_, DecideCreateCompetition(state_, c));
  }

  void RegisterPairs(const std::string& id, int count) {
    for (int pair = 1; pair <= count; ++pair) {
      v1::RegisterPairRequest r;
      r.set_tournament_id("t");
      r.set_competition_id(id);
      r.set_pair(pair);
      r.add_players(absl::StrCat("N", pair));
      r.add_players(absl::StrCat("S", pair));
      Apply(state_, DecideRegisterPair(state_, r));
    }
  }

  void RegisterTeams(const std::string& id, int count) {
    for (int team = 1; team <= count; ++team) {
      v1::RegisterTeamRequest r;
      r.set_tournament_id("t");
      r.set_competition_id(id);
      r.set_team(team);
      r.set_name(absl::StrCat("Team ", team));
      for (int p = 1; p <= 4; ++p) r.add_players(absl::StrCat(team, "-", p));
      Apply(state_, DecideRegisterTeam(state_, r));
    }
  }

  void Enter(const std::string& id, int round, int table, int board,
             const v1::TableResult& result, v1::Room room) {
    v1::EnterResultRequest r;
    r.set_tournament_id("t");
    r.set_competition_id(id);
    r.set_session(round);
    r.set_table(table);
    r.set_board(board);
    *r.mutable_result() = result;
    r.set_room(room);
    Apply(state_, DecideEnterResult(state_, r));
  }

  // Draws and plays the rounds of round robin `id` not yet drawn up to
  // `last_round` (0: the last) as the class comment says, posting each.
  void PlayRoundRobin(const std::string& id, const std::vector<int>& strength,
                      const std::set<std::pair<int, int>>& draws = {},
                      int last_round = 0) {
    if (last_round == 0) last_round = RoundsInEvent(Competition(id));
    const int first_round = static_cast<int>(Competition(id).rounds.size()) + 1;
    auto rank = [&](int entrant) {
      return std::find(strength.begin(), strength.end(), entrant) -
             strength.begin();
    };
    const bool teams = Competition(id).IsTeams();
    for (int round = first_round; round <= last_round; ++round) {
      v1::MakeDrawRequest d;
      d.set_tournament_id("t");
      d.set_competition_id(id);
      d.set_round(round);
      d.set_seed(round);
      Apply(state_, DecideMakeDraw(state_, d));
      const v1::DrawMade draw = Competition(id).rounds.at(round).draw;
      for (const v1::DrawnMatch& m : draw.matches()) {
        const bool flat = draws.contains({m.home(), m.away()}) ||
                          draws.contains({m.away(), m.home()});
        const bool home_wins = rank(m.home()) < rank(m.away());
        for (int i = 0; i < draw.boards_size(); ++i) {
          const int board = draw.boards(i);
          const bool swing = !flat && i == m.table() - 1;
          if (!teams) {
            Enter(id, round, m.table(), board,
                  swing ? TwoSpadesMade(home_wins ? v1::SEAT_NORTH
                                                  : v1::SEAT_EAST)
                        : PassedOut(),
                  v1::ROOM_UNSPECIFIED);
            continue;
          }
          // The home team sits NS in the open room, the away team in the
          // closed room: the winner makes 2S from its own NS seats.
          Enter(
              id, round, m.table(), board,
              swing && home_wins ? TwoSpadesMade(v1::SEAT_NORTH) : PassedOut(),
              v1::ROOM_OPEN);
          Enter(
              id, round, m.table(), board,
              swing && !home_wins ? TwoSpadesMade(v1::SEAT_NORTH) : PassedOut(),
              v1::ROOM_CLOSED);
        }
      }
      v1::PostScoresRequest p;
      p.set_tournament_id("t");
      p.set_competition_id(id);
      p.set_session(round);
      Apply(state_, DecidePostScores(state_, p));
    }
  }

  void Lot(const std::string& id, const std::vector<int>& order,
           const std::string& clause) {
    v1::RecordLotRequest r;
    r.set_tournament_id("t");
    r.set_competition_id(id);
    for (int e : order) r.add_order(e);
    absl::StatusOr<v1::EventPayload> lot = DecideRecordLot(state_, r);
    ASSERT_THAT(lot, IsOk());
    EXPECT_EQ(lot->lot_drawn().clause(), clause);
    Apply(state_, lot);
  }

  static v1::QualifyEntrantsRequest Qualify(const std::string& target,
                                            const std::string& source) {
    v1::QualifyEntrantsRequest r;
    r.set_tournament_id("t");
    r.set_competition_id(target);
    r.set_from_competition_id(source);
    return r;
  }

  // "new <- from, field, place, carry-over (clause), replaces".
  static std::vector<std::string> Lines(const v1::EntrantsQualified& q) {
    std::vector<std::string> lines;
    for (const v1::QualifiedEntrant& e : q.entrants()) {
      lines.push_back(absl::StrCat(
          e.entrant(), " <- ", e.from_entrant(),
          e.field().empty() ? "" : absl::StrCat(" ", e.field()), " place ",
          e.place(), " carries ", e.carry_over().numerator(), "/",
          e.carry_over().denominator(),
          e.carry_over_clause().empty()
              ? ""
              : absl::StrCat(" (", e.carry_over_clause(), ")"),
          e.replaces() == 0 ? "" : absl::StrCat(" replaces ", e.replaces())));
    }
    return lines;
  }

  // "entrant total" for each row of `id`'s ranking, best first.
  std::vector<std::string> Totals(const std::string& id) {
    absl::StatusOr<MatchRanking> ranking =
        RankMatchEntrants(Competition(id), {});
    EXPECT_THAT(ranking, IsOk());
    std::vector<std::string> rows;
    if (!ranking.ok()) return rows;
    for (const EntrantStanding& s : ranking->rows) {
      rows.push_back(absl::StrCat(
          s.entrant, " ",
          core::Decimal::Round(s.total, 2, core::HalfRounding::kAwayFromZero)
              .ToString()));
    }
    return rows;
  }

  const CompetitionState& Competition(const std::string& id) const {
    return state_.tournaments.at("t").competitions.at(id);
  }

  State state_;
};

// Pair of rank k (of 12) wins 12 - k matches at 10.99 and loses k - 1 at
// 9.01: 120.89 - 1.98 (k - 1). A 1 VP penalty on pair 11 (rank 3).
//   rank:  1       2       3       4       5       6
//   pair:  7       3       11      1       9       5
//   VPs:   120.89  118.91  115.93  114.95  112.97  110.99
//   rank:  7       8       9       10      11      12
//   pair:  12      2       8       4       10      6
//   VPs:   109.01  107.03  105.05  103.07  101.09  99.11
// Pair 1 (4th) withdraws at the end of the stage. ANC SR 18.2 with the
// places as the stage ended (18.3): x = 120.89 (1st), y = 103.07 (10th),
// x - y = 17.82, c(n) = 1 + 6 (z - y) / 17.82 to 2 places:
//   1st  z = 120.89: 1 + 6                      = 7.00
//   2nd  z = 118.91: 1 + 6 x 15.84 / 17.82 = 1 + 5.333.. = 6.33
//   3rd  z = 115.93: 1 + 6 x 12.86 / 17.82 = 1 + 4.32996.. = 5.33
//   5th  z = 112.97: 1 + 6 x 9.90 / 17.82  = 1 + 3.333.. = 4.33
//   6th  z = 110.99: 1 + 6 x 7.92 / 17.82  = 1 + 2.666.. = 3.67
//   7th  z = 109.01: 1 + 6 x 5.94 / 17.82  = 1 + 2       = 3.00
//   8th  z = 107.03: 1 + 6 x 3.96 / 17.82  = 1 + 1.333.. = 2.33
//   9th  z = 105.05: 1 + 6 x 1.98 / 17.82  = 1 + 0.666.. = 1.67
//   10th z = 103.07: 1 + 0                 = 1.00
// and pair 10, 11th, takes pair 1's place (19.1) with 0 (18.3). The ten
// are numbered in qualifying order (16.7: 10 qualify, the target profile's
// default).
TEST_F(QualifyTest,
       MixedStageTwoCarriesEighteenTwoAndAReplacementCarriesNothing) {
  Create("rr", v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
         "sabf_butler_round_robin");
  RegisterPairs("rr", 12);
  PlayRoundRobin("rr", kTwelve);
  v1::AwardPenaltyRequest penalty;
  penalty.set_tournament_id("t");
  penalty.set_competition_id("rr");
  penalty.set_entrant(11);
  penalty.mutable_vps()->set_units(100);
  penalty.mutable_vps()->set_places(2);
  penalty.set_clause("SABF TR 13.14");
  penalty.set_reason("slow play");
  Apply(state_, DecideAwardPenalty(state_, penalty));
  EXPECT_THAT(Totals("rr"),
              ElementsAre("7 120.89", "3 118.91", "11 115.93", "1 114.95",
                          "9 112.97", "5 110.99", "12 109.01", "2 107.03",
                          "8 105.05", "4 103.07", "10 101.09", "6 99.11"));

  Create("mixed2", v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
         "anc2025_abpc_mixed_stage2");
  v1::QualifyEntrantsRequest request = Qualify("mixed2", "rr");
  request.add_withdrawn(1);
  absl::StatusOr<v1::EventPayload> decided =
      DecideQualifyEntrants(state_, request);
  ASSERT_THAT(decided, IsOk());
  const v1::EntrantsQualified& q = decided->entrants_qualified();
  EXPECT_EQ(q.clause(), "ANC SR 16.7");
  EXPECT_THAT(q.withdrawn(), ElementsAre(1));
  EXPECT_THAT(Lines(q),
              ElementsAre("1 <- 7 place 1 carries 7/1 (ANC SR 18.2)",
                          "2 <- 3 place 2 carries 633/100 (ANC SR 18.2)",
                          "3 <- 11 place 3 carries 533/100 (ANC SR 18.2)",
                          "4 <- 9 place 5 carries 433/100 (ANC SR 18.2)",
                          "5 <- 5 place 6 carries 367/100 (ANC SR 18.2)",
                          "6 <- 12 place 7 carries 3/1 (ANC SR 18.2)",
                          "7 <- 2 place 8 carries 233/100 (ANC SR 18.2)",
                          "8 <- 8 place 9 carries 167/100 (ANC SR 18.2)",
                          "9 <- 4 place 10 carries 1/1 (ANC SR 18.2)",
                          "10 <- 10 place 11 carries 0/1 (ANC SR 18.3) "
                          "replaces 1"));
  EXPECT_THAT(q.entrants(0).players(), ElementsAre("N7", "S7"));
  Apply(state_, decided);

  // The qualifiers are the target's pairs under their new numbers, and the
  // carry-overs are their VPs before a match is played.
  EXPECT_EQ(Competition("mixed2").pairs.size(), 10u);
  EXPECT_THAT(Competition("mixed2").pairs.at(10), ElementsAre("N10", "S10"));
  EXPECT_THAT(Totals("mixed2"),
              ElementsAre("1 7.00", "2 6.33", "3 5.33", "4 4.33", "5 3.67",
                          "6 3.00", "7 2.33", "8 1.67", "9 1.00", "10 0.00"));
  v1::GetMatchStandingsRequest standings;
  standings.set_tournament_id("t");
  standings.set_competition_id("mixed2");
  absl::StatusOr<v1::MatchStandings> shown =
      BuildMatchStandings(state_, standings);
  ASSERT_THAT(shown, IsOk());
  EXPECT_EQ(shown->rows(1).carry_over().units(), 633);
  EXPECT_EQ(shown->rows(1).total().units(), 633);

  v1::GetQualificationRequest asked;
  asked.set_tournament_id("t");
  asked.set_competition_id("mixed2");
  absl::StatusOr<v1::Qualification> qualification =
      BuildQualification(state_, asked);
  ASSERT_THAT(qualification, IsOk());
  EXPECT_EQ(qualification->carry_over_rule(), "anc_sr_18_2");
  EXPECT_EQ(qualification->qualification().SerializeAsString(),
            q.SerializeAsString());
  asked.set_competition_id("rr");
  EXPECT_THAT(BuildQualification(state_, asked),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("no entrants qualified into 'rr'")));
  // Once is all.
  EXPECT_THAT(DecideQualifyEntrants(state_, request),
              StatusIs(absl::StatusCode::kAlreadyExists,
                       HasSubstr("already qualified, from 'rr'")));
}

// Ranks 2 and 3 (pairs 3 and 11) and ranks 5 and 6 (pairs 9 and 5) draw
// their match (10-10). Each pair of the two is then level on everything
// SABF TR 13.10 looks at: VPs (2nd and 3rd: 9 x 10.99 + 10 + 9.01 =
// 117.92; 5th and 6th: 6 x 10.99 + 10 + 4 x 9.01 = 111.98), the VPs of
// their opponents (everyone but themselves), wins and net IMPs; the
// chain has no lot, so they share places 2 and 5.
// Into Open Stage 3 (16.5: the top 5) with 18.1's 10, 8, 6, 4, 2 VPs: the
// cut falls between pairs 5 and 9, so a lot must settle them first; then
// places 2 and 3 carry 8 and 6, so a lot must settle pairs 3 and 11 too.
TEST_F(QualifyTest, OpenStageThreeWaitsForTheLotsThatDecideItsPlaces) {
  Create("rr", v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
         "sabf_butler_round_robin");
  RegisterPairs("rr", 12);
  PlayRoundRobin("rr", kTwelve, {{3, 11}, {9, 5}});
  EXPECT_THAT(Totals("rr"),
              ElementsAre("7 120.89", "3 117.92", "11 117.92", "1 114.95",
                          "5 111.98", "9 111.98", "12 109.01", "2 107.03",
                          "8 105.05", "4 103.07", "10 101.09", "6 99.11"));
  Create("open3", v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
         "anc2025_abpc_open_stage3");
  const uint64_t before = state_.last_sequence;
  EXPECT_THAT(
      DecideQualifyEntrants(state_, Qualify("open3", "rr")),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               AllOf(HasSubstr("entrants 5, 9 are level at place 5 of 'rr'"),
                     HasSubstr("SABF TR 12, 13.10"),
                     HasSubstr("the cut for the 5 places"),
                     HasSubstr("tally lot t rr 5 9"))));
  EXPECT_EQ(state_.last_sequence, before);
  EXPECT_TRUE(Competition("open3").pairs.empty());

  Lot("rr", {9, 5}, "SABF TR 12, 13.10");
  EXPECT_THAT(
      DecideQualifyEntrants(state_, Qualify("open3", "rr")),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               AllOf(HasSubstr("entrants 3, 11 are level at place 2 of 'rr'"),
                     HasSubstr("ANC SR 18.1 gives places 2 and 3 different "
                               "carry-overs (8 and 6 VPs)"),
                     HasSubstr("tally lot t rr 3 11"))));

  Lot("rr", {11, 3}, "SABF TR 12, 13.10");
  absl::StatusOr<v1::EventPayload> decided =
      DecideQualifyEntrants(state_, Qualify("open3", "rr"));
  ASSERT_THAT(decided, IsOk());
  EXPECT_EQ(decided->entrants_qualified().clause(), "ANC SR 16.5");
  EXPECT_THAT(Lines(decided->entrants_qualified()),
              ElementsAre("1 <- 7 place 1 carries 10/1 (ANC SR 18.1)",
                          "2 <- 11 place 2 carries 8/1 (ANC SR 18.1)",
                          "3 <- 3 place 3 carries 6/1 (ANC SR 18.1)",
                          "4 <- 1 place 4 carries 4/1 (ANC SR 18.1)",
                          "5 <- 9 place 5 carries 2/1 (ANC SR 18.1)"));
  Apply(state_, decided);
  EXPECT_THAT(Totals("open3"),
              ElementsAre("1 10.00", "2 8.00", "3 6.00", "4 4.00", "5 2.00"));
}

// Four teams, strongest first 3, 1, 4, 2; each win 10.97 VPs, each loss
// 9.03 (class comment): team 3: 3 x 10.97 = 32.91; team 1: 2 x 10.97 +
// 9.03 = 30.97; team 4: 10.97 + 2 x 9.03 = 29.03; team 2: 3 x 9.03 = 27.09.
// ANC SR 11.3: the two leading teams play the final; 11.2: the higher
// placed carries (32.91 - 30.97) / 10 = 0.194 IMPs, not rounded. With team
// 1 withdrawn, team 4 takes its place (19.1) and the margin is between the
// two finalists: (32.91 - 29.03) / 10 = 0.388.
TEST_F(QualifyTest, ItcFinalCarriesATenthOfTheVpMarginUnrounded) {
  Create("qual", v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS,
         "sabf_round_robin_teams");
  RegisterTeams("qual", 4);
  PlayRoundRobin("qual", {3, 1, 4, 2});
  EXPECT_THAT(Totals("qual"),
              ElementsAre("3 32.91", "1 30.97", "4 29.03", "2 27.09"));
  Create("final", v1::COMPETITION_KIND_KNOCKOUT_TEAMS, "anc2025_itc_final");

  absl::StatusOr<v1::EventPayload> decided =
      DecideQualifyEntrants(state_, Qualify("final", "qual"));
  ASSERT_THAT(decided, IsOk());
  const v1::EntrantsQualified& q = decided->entrants_qualified();
  EXPECT_EQ(q.clause(), "ANC SR 11.3");
  EXPECT_THAT(Lines(q),
              ElementsAre("1 <- 3 place 1 carries 97/500 (ANC SR 11.2)",
                          "2 <- 1 place 2 carries 0/1 (ANC SR 11.2)"));
  EXPECT_EQ(q.entrants(0).name(), "Team 3");

  v1::QualifyEntrantsRequest withdrawn = Qualify("final", "qual");
  withdrawn.add_withdrawn(1);
  absl::StatusOr<v1::EventPayload> replaced =
      DecideQualifyEntrants(state_, withdrawn);
  ASSERT_THAT(replaced, IsOk());
  EXPECT_THAT(Lines(replaced->entrants_qualified()),
              ElementsAre("1 <- 3 place 1 carries 97/250 (ANC SR 11.2)",
                          "2 <- 4 place 3 carries 0/1 (ANC SR 11.2) "
                          "replaces 1"));

  // 11.2 is between two finalists only.
  v1::QualifyEntrantsRequest three = Qualify("final", "qual");
  three.set_per_field(3);
  EXPECT_THAT(DecideQualifyEntrants(state_, three),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("ANC SR 11.2 carries over between the two "
                                 "teams of the final")));

  Apply(state_, decided);
  EXPECT_EQ(Competition("final").team_names.at(1), "Team 3");
  EXPECT_THAT(Competition("final").pairs.at(2),
              ElementsAre("1-1", "1-2", "1-3", "1-4"));
}

// Issue #16, ANC SR 12.2 "Ties are broken after each round robin by the
// number of wins in VPs, then net IMPs, then lot." Five teams, three round
// robins (10.7): every match flat (16 boards passed out: 0 IMPs, 35-35)
// but team 1 v team 4 and team 2 v team 5, which the first team wins by 3
// IMPs each time (2S made, 110, and a pass: 3 IMPs; 10.10: 38.0-32.0).
// Teams 1 and 2: 12 matches, 3 wins, +9 IMPs, 3 x 38 + 9 x 35 + 3 byes x 35
// = 534 VPs each; team 3: 15 x 35 = 525; teams 4 and 5: 3 x 32 + 12 x 35 =
// 516. (After round robin 2 teams 4 and 5 are 4th-5th, so round robin 3
// needs no CTD's order, 10.5.) Teams 1 and 2 are level on VPs, wins and net
// IMPs: only a lot says which is the higher placed, entrant 1 of the final
// (11.2 carry-over, 11.4 first choice of stanzas).
TEST_F(QualifyTest, ItcFinalistsLevelForALotWaitForIt) {
  Create("qual", v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS,
         "anc2025_itc_qualifying");
  RegisterTeams("qual", 5);
  std::set<std::pair<int, int>> flat;
  for (int a = 1; a <= 5; ++a) {
    for (int b = a + 1; b <= 5; ++b) {
      if ((a == 1 && b == 4) || (a == 2 && b == 5)) continue;
      flat.insert({a, b});
    }
  }
  PlayRoundRobin("qual", {1, 2, 3, 4, 5}, flat);
  EXPECT_THAT(Totals("qual"), ElementsAre("1 534.00", "2 534.00", "3 525.00",
                                          "4 516.00", "5 516.00"));
  Create("final", v1::COMPETITION_KIND_KNOCKOUT_TEAMS, "anc2025_itc_final");
  EXPECT_THAT(
      DecideQualifyEntrants(state_, Qualify("final", "qual")),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               AllOf(HasSubstr("entrants 1, 2"), HasSubstr("ANC SR 12.2"),
                     HasSubstr("tally lot t qual 1 2"))));

  // The lot places team 2 first: it is the final's entrant 1.
  Lot("qual", {2, 1}, "ANC SR 12.2");
  absl::StatusOr<v1::EventPayload> decided =
      DecideQualifyEntrants(state_, Qualify("final", "qual"));
  ASSERT_THAT(decided, IsOk());
  EXPECT_THAT(Lines(decided->entrants_qualified()),
              ElementsAre("1 <- 2 place 1 carries 0/1 (ANC SR 11.2)",
                          "2 <- 1 place 2 carries 0/1 (ANC SR 11.2)"));
}

// One Mitchell round of a matchpoint pairs heat: NS 1-4 stay, EW 5-8, board
// 1 at four tables, NS scores 110, -50, -50, -110 at tables 1-4. SABF TR
// 11.3 matchpoints (top 6): NS 6, 3, 3, 0 (pairs 1-4: 100%, 50%, 50%,
// 0%); EW 0, 3, 3, 6 (pairs 5-8: 0%, 50%, 50%, 100%). Two fields (NS, EW),
// two qualify from each.
TEST_F(QualifyTest, MitchellFieldsQualifySeparatelyAndAreNumberedNsThenEw) {
  Create("heat", v1::COMPETITION_KIND_MATCHPOINT_PAIRS,
         "sabf_matchpoint_pairs");
  RegisterPairs("heat", 8);
  v1::DefineSessionRequest session;
  session.set_tournament_id("t");
  session.set_competition_id("heat");
  session.set_session(1);
  v1::MovementRound* round = session.mutable_explicit_movement()->add_rounds();
  round->set_round(1);
  for (int table = 1; table <= 4; ++table) {
    v1::TableAssignment* t = round->add_tables();
    t->set_table(table);
    t->set_ns_pair(table);
    t->set_ew_pair(table + 4);
    t->add_boards(1);
  }
  Apply(state_, DecideDefineSession(state_, session));
  v1::StartSessionRequest start;
  start.set_tournament_id("t");
  start.set_competition_id("heat");
  start.set_session(1);
  Apply(state_, DecideStartSession(state_, start));
  const v1::TableResult results[4] = {TwoSpadesMade(v1::SEAT_NORTH),
                                      PassedOut(), PassedOut(),
                                      TwoSpadesMade(v1::SEAT_EAST)};
  for (int table = 1; table <= 4; ++table) {
    v1::EnterResultRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("heat");
    r.set_session(1);
    r.set_table(table);
    r.set_board(1);
    *r.mutable_result() = results[table - 1];
    if (table == 2 || table == 3) {
      // 2S by North one down, not vulnerable: -50.
      r.mutable_result()->mutable_played()->set_level(2);
      r.mutable_result()->mutable_played()->set_strain(v1::STRAIN_SPADES);
      r.mutable_result()->mutable_played()->set_declarer(v1::SEAT_NORTH);
      r.mutable_result()->mutable_played()->set_tricks(7);
      r.mutable_result()->mutable_played()->set_doubling(
          v1::DOUBLING_UNDOUBLED);
    }
    Apply(state_, DecideEnterResult(state_, r));
  }
  Create("final", v1::COMPETITION_KIND_MATCHPOINT_PAIRS,
         "sabf_matchpoint_pairs");

  v1::QualifyEntrantsRequest request = Qualify("final", "heat");
  request.add_withdrawn(8);
  EXPECT_THAT(DecideQualifyEntrants(state_, request),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("say how many qualify from each field")));
  request.set_per_field(2);
  request.set_clause("heat conditions of contest");
  EXPECT_THAT(DecideQualifyEntrants(state_, request),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("session 1 of 'heat' is not posted")));
  v1::PostScoresRequest post;
  post.set_tournament_id("t");
  post.set_competition_id("heat");
  post.set_session(1);
  Apply(state_, DecidePostScores(state_, post));

  // NS: pair 1 first, pairs 2 and 3 level on 50% for the second place.
  EXPECT_THAT(
      DecideQualifyEntrants(state_, request),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               HasSubstr("entrants 2, 3 are level at place 2 of field NS")));
  // The session ranking breaks no tie: the lot cites the profile's tie
  // clause.
  Lot("heat", {3, 2}, "SABF TR 11.7");
  // EW: pair 8 (100%) withdrew, so pairs 6 and 7, level at 50%, both
  // qualify; 7, listed after 6, is the one that takes 8's place (19.1).
  absl::StatusOr<v1::EventPayload> decided =
      DecideQualifyEntrants(state_, request);
  ASSERT_THAT(decided, IsOk());
  EXPECT_EQ(decided->entrants_qualified().clause(),
            "heat conditions of contest");
  EXPECT_THAT(Lines(decided->entrants_qualified()),
              ElementsAre("1 <- 1 NS place 1 carries 0/1",
                          "2 <- 3 NS place 2 carries 0/1",
                          "3 <- 6 EW place 2 carries 0/1",
                          "4 <- 7 EW place 2 carries 0/1 replaces 8"));
  EXPECT_THAT(decided->entrants_qualified().withdrawn(), ElementsAre(8));

  // ANC SR 18.2 reads VP totals, which a matchpoint heat has none of.
  Create("mixed2", v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
         "anc2025_abpc_mixed_stage2");
  request.set_competition_id("mixed2");
  EXPECT_THAT(DecideQualifyEntrants(state_, request),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("ANC SR 18.2 carries over from the "
                                 "qualifying VP totals")));
}

TEST_F(QualifyTest, RefusesWhatDoesNotFit) {
  Create("rr", v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
         "sabf_butler_round_robin");
  RegisterPairs("rr", 12);
  PlayRoundRobin("rr", kTwelve, {}, /*rounds=*/3);
  Create("open3", v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
         "anc2025_abpc_open_stage3");
  Create("teams", v1::COMPETITION_KIND_KNOCKOUT_TEAMS, "anc2025_itc_final");
  Create("taken", v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
         "anc2025_abpc_open_stage3");
  RegisterPairs("taken", 1);

  EXPECT_THAT(DecideQualifyEntrants(state_, Qualify("nope", "rr")),
              StatusIs(absl::StatusCode::kNotFound));
  EXPECT_THAT(DecideQualifyEntrants(state_, Qualify("open3", "nope")),
              StatusIs(absl::StatusCode::kNotFound));
  EXPECT_THAT(
      DecideQualifyEntrants(state_, Qualify("rr", "rr")),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("from itself")));
  EXPECT_THAT(DecideQualifyEntrants(state_, Qualify("taken", "rr")),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("already has entrants")));
  EXPECT_THAT(DecideQualifyEntrants(state_, Qualify("teams", "rr")),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("'teams' is a teams competition")));
  v1::QualifyEntrantsRequest r = Qualify("open3", "rr");
  r.set_per_field(-1);
  EXPECT_THAT(DecideQualifyEntrants(state_, r),
              StatusIs(absl::StatusCode::kInvalidArgument));
  r.set_per_field(0);
  r.add_withdrawn(13);
  EXPECT_THAT(DecideQualifyEntrants(state_, r),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("entrant 13 is not registered in 'rr'")));
  r.clear_withdrawn();
  r.add_withdrawn(4);
  r.add_non_contending(4);
  EXPECT_THAT(DecideQualifyEntrants(state_, r),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("named more than once")));
  r.clear_non_contending();
  EXPECT_THAT(DecideQualifyEntrants(state_, r),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("has drawn 3 of its 11 rounds")));

  // The stage finished, with pair 4 withdrawn twelve cannot qualify.
  PlayRoundRobin("rr", kTwelve);
  r.set_per_field(12);
  EXPECT_THAT(DecideQualifyEntrants(state_, r),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("only 11 entrants of 'rr' can qualify")));

  // Butler pairs in a movement (ANC SR 16.4-16.5) qualify from a finished
  // stage too: one that has played no session is refused.
  CompetitionState butler;
  butler.id = "stage1";
  butler.kind = v1::COMPETITION_KIND_BUTLER_PAIRS;
  absl::StatusOr<core::RegulationProfile> profile =
      FindBuiltInProfile("anc2025_abpc_open_stage1");
  ASSERT_THAT(profile, IsOk());
  butler.profile = *profile;
  butler.pairs[1] = {"A", "B"};
  state_.tournaments.at("t").competitions["stage1"] = butler;
  EXPECT_THAT(DecideQualifyEntrants(state_, Qualify("open3", "stage1")),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("'stage1' has no session")));
}

// ANC SR 18.1 counts contending pairs only: with pair 3 (2nd) non-contending
// the places below it move up, the top 5 contending are pairs 7, 11, 1, 9
// and 5 (ranks 1, 3, 4, 5, 6), carrying 10, 8, 6, 4 and 2 VPs; nobody is
// replaced (19.1 passes pair 3 over, but it held no contending place).
TEST_F(QualifyTest, NonContendingPairsAreNotPlaced) {
  Create("rr", v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
         "sabf_butler_round_robin");
  RegisterPairs("rr", 12);
  PlayRoundRobin("rr", kTwelve);
  Create("open3", v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
         "anc2025_abpc_open_stage3");
  v1::QualifyEntrantsRequest r = Qualify("open3", "rr");
  r.add_non_contending(3);
  absl::StatusOr<v1::EventPayload> decided = DecideQualifyEntrants(state_, r);
  ASSERT_THAT(decided, IsOk());
  EXPECT_THAT(Lines(decided->entrants_qualified()),
              ElementsAre("1 <- 7 place 1 carries 10/1 (ANC SR 18.1)",
                          "2 <- 11 place 2 carries 8/1 (ANC SR 18.1)",
                          "3 <- 1 place 3 carries 6/1 (ANC SR 18.1)",
                          "4 <- 9 place 4 carries 4/1 (ANC SR 18.1)",
                          "5 <- 5 place 5 carries 2/1 (ANC SR 18.1)"));
  EXPECT_THAT(decided->entrants_qualified().withdrawn(), ElementsAre(3));
}

}  // namespace
}  // namespace tally::replay
