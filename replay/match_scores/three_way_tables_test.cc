// An odd field's three-way table through decide, Evolve and the queries:
// SABF TR 14.1's share match in an odd Swiss teams field, NSW TR 12.7's
// half matches in an odd Swiss pairs field (12.7(a) at 8 boards, 12.7(b)
// at 12).

#include "replay/match_scores/three_way_tables.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/decide/decide_appeal.h"
#include "replay/decide/decide_correction.h"
#include "replay/match_scores/match_standings.h"
#include "replay/match_scores/round_results.h"
#include "replay/matches/decide_matches.h"
#include "replay/queries/match_queries.h"
#include "replay/queries/round_traveller.h"
#include "replay/testing/apply_for_test.h"
#include "replay/timeline/decide_timeline.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::string Text(const v1::DecimalValue& d) {
  return core::Decimal(d.units(), d.places()).ToString();
}

core::Rational Exact(const v1::Fraction& f) {
  return core::Rational(f.numerator(), f.denominator());
}

class ThreeWayTablesTest : public ::testing::Test {
 protected:
  // Creates competition "c" under `profile` with `entrants` pairs or teams
  // 1..n; `boards` > 0 replaces the profile's match length.
  void Create(const std::string& profile, int entrants, int boards = 0) {
    v1::CreateTournamentRequest t;
    t.set_tournament_id("t");
    t.set_name("Test");
    Apply(state_, DecideCreateTournament(state_, t));
    v1::CreateCompetitionRequest c;
    c.set_tournament_id("t");
    c.set_competition_id("c");
    c.set_name("Odd");
    c.set_regulation_profile(profile);
    c.set_kind(profile.find("teams") != std::string::npos
                   ? v1::COMPETITION_KIND_SWISS_TEAMS
                   : v1::COMPETITION_KIND_SWISS_PAIRS);
    absl::StatusOr<v1::EventPayload> created =
        DecideCreateCompetition(state_, c);
    ASSERT_THAT(created, IsOk());
    if (boards > 0) {
      created->mutable_competition_created()
          ->mutable_profile()
          ->mutable_matches()
          ->set_boards_per_match(boards);
    }
    Apply(state_, created);
    for (int n = 1; n <= entrants; ++n) {
      if (Comp().IsTeams()) {
        v1::RegisterTeamRequest r;
        r.set_tournament_id("t");
        r.set_competition_id("c");
        r.set_team(n);
        r.set_name(absl::StrCat("Team ", n));
        for (const char* p : {"A", "B", "C", "D"}) r.add_players(p);
        Apply(state_, DecideRegisterTeam(state_, r));
      } else {
        v1::RegisterPairRequest r;
        r.set_tournament_id("t");
        r.set_competition_id("c");
        r.set_pair(n);
        r.add_players("A");
        r.add_players("B");
        Apply(state_, DecideRegisterPair(state_, r));
      }
    }
    v1::MakeDrawRequest d;
    d.set_tournament_id("t");
    d.set_competition_id("c");
    d.set_round(1);
    d.set_seed(3);
    Apply(state_, DecideMakeDraw(state_, d));
  }

  absl::StatusOr<v1::EventPayload> Enter(int table, int board,
                                         const v1::TableResult& result,
                                         v1::Room room = v1::ROOM_UNSPECIFIED) {
    v1::EnterResultRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("c");
    r.set_session(1);
    r.set_table(table);
    r.set_board(board);
    r.set_room(room);
    *r.mutable_result() = result;
    return DecideEnterResult(state_, r);
  }

  absl::Status Post() {
    v1::PostScoresRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("c");
    r.set_session(1);
    return DecidePostScores(state_, r).status();
  }

  const CompetitionState& Comp() const {
    return state_.tournaments.at("t").competitions.at("c");
  }
  const v1::DrawMade& Round1() const { return Comp().rounds.at(1).draw; }

  v1::MatchResults Results() {
    v1::GetMatchResultsRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("c");
    r.set_round(1);
    absl::StatusOr<v1::MatchResults> out = BuildMatchResults(state_, r);
    EXPECT_THAT(out, IsOk());
    return out.ok() ? *out : v1::MatchResults();
  }

  v1::EntrantRecord Record(int entrant) {
    v1::GetEntrantRecordRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("c");
    r.set_entrant(entrant);
    absl::StatusOr<v1::EntrantRecord> out = BuildEntrantRecord(state_, r);
    EXPECT_THAT(out, IsOk());
    return out.ok() ? *out : v1::EntrantRecord();
  }

  // VPs by entrant after round 1.
  std::map<int, std::string> Vps() {
    absl::StatusOr<MatchRanking> ranking = RankMatchEntrants(Comp(), {});
    EXPECT_THAT(ranking, IsOk());
    std::map<int, std::string> out;
    if (!ranking.ok()) return out;
    for (const EntrantStanding& s : ranking->rows) {
      out[s.entrant] =
          core::Decimal::Round(s.vps, 2, core::HalfRounding::kAwayFromZero)
              .ToString();
      EXPECT_EQ(s.matches, 1) << s.entrant;
    }
    return out;
  }

  State state_;
};

// 5 teams, sabf_swiss_teams (14-board matches, WBF scale). Round one: the
// top half is teams 1-2 (floor(5/2)); every trio of 3-5 is level, so 3, 4,
// 5 share (SABF TR 14.1), A = 3, B = 4, C = 5; 1 and 2 play at table 1, the
// share match is table 2.
//   board 1 (none vul): Table 1 (3 NS v 4) 4S= +420; Table 2 (5 NS v 3)
//     4S-1 -50; Table 3 (4 NS v 5) 4S= +420.
//   board 2 (NS vul): Table 1 3NT= +600; Table 2 3NT= +600; Table 3
//     3NT-1 -100.
//   boards 3-14 passed out everywhere, and every board at table 1.
// A (3) compares Table 1 with Table 2: +470 -> 10, 0 -> 0: +10.
// B (4) compares Table 3 with Table 1: 0, -700 -> -12: -12.
// C (5) compares Table 2 with Table 3: -470 -> -10, +700 -> 12: +2.
// 14-board scale (SABF TR 21.10): 10 -> 12.97; 12 -> 13.48, so B 6.52;
// 2 -> 10.66. Teams 1 and 2: 0 IMPs, 10.00 each.
class ShareMatchReplayTest : public ThreeWayTablesTest {
 protected:
  void SetUp() override { Create("sabf_swiss_teams", 5); }

  void EnterAll() {
    for (int board = 1; board <= 14; ++board) {
      for (v1::Room room : {v1::ROOM_OPEN, v1::ROOM_CLOSED}) {
        Apply(state_, Enter(1, board, PassedOut(), room));
      }
      v1::TableResult t1 = PassedOut(), t2 = PassedOut(), t3 = PassedOut();
      if (board == 1) {
        t1 = Made(4, v1::STRAIN_SPADES, 10);
        t2 = Made(4, v1::STRAIN_SPADES, 9);
        t3 = Made(4, v1::STRAIN_SPADES, 10);
      }
      if (board == 2) {
        t1 = Made(3, v1::STRAIN_NO_TRUMP, 9);
        t2 = Made(3, v1::STRAIN_NO_TRUMP, 9);
        t3 = Made(3, v1::STRAIN_NO_TRUMP, 8);
      }
      Apply(state_, Enter(2, board, t1, v1::ROOM_SHARE_1));
      Apply(state_, Enter(2, board, t2, v1::ROOM_SHARE_2));
      Apply(state_, Enter(2, board, t3, v1::ROOM_SHARE_3));
    }
  }
};

TEST_F(ShareMatchReplayTest, AnOddTeamsFieldDrawsAShareMatch) {
  const v1::DrawMade& d = Round1();
  ASSERT_EQ(d.matches_size(), 1);
  EXPECT_EQ(d.matches(0).table(), 1);
  EXPECT_EQ(d.share().table(), 2);
  EXPECT_EQ(d.share().a(), 3);
  EXPECT_EQ(d.share().b(), 4);
  EXPECT_EQ(d.share().c(), 5);
}

TEST_F(ShareMatchReplayTest, EachShareTableSeatsItsTwoTeams) {
  // SABF TR 14.1: Table 1: A v B; Table 2: C v A; Table 3: B v C.
  absl::StatusOr<v1::EventPayload> e =
      Enter(2, 1, PassedOut(), v1::ROOM_SHARE_2);
  ASSERT_THAT(e, IsOk());
  EXPECT_EQ(e->result_entered().ns_pair(), 5);
  EXPECT_EQ(e->result_entered().ew_pair(), 3);
  EXPECT_EQ(e->result_entered().room(), v1::ROOM_SHARE_2);
  e = Enter(2, 1, PassedOut(), v1::ROOM_SHARE_3);
  ASSERT_THAT(e, IsOk());
  EXPECT_EQ(e->result_entered().ns_pair(), 4);
  EXPECT_EQ(e->result_entered().ew_pair(), 5);
  EXPECT_THAT(Enter(2, 1, PassedOut(), v1::ROOM_OPEN),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("give the room share1 (Table 1: 3 v 4)")));
  EXPECT_THAT(Enter(1, 1, PassedOut(), v1::ROOM_SHARE_1),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(Enter(2, 15, PassedOut(), v1::ROOM_SHARE_1),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("board 15")));
  Apply(state_, Enter(2, 1, PassedOut(), v1::ROOM_SHARE_1));
  EXPECT_THAT(Enter(2, 1, PassedOut(), v1::ROOM_SHARE_1),
              StatusIs(absl::StatusCode::kAlreadyExists,
                       HasSubstr("(Table 1 of the share match)")));
  // 14 x 2 at table 1 and 14 x 3 at the share, less the one in.
  EXPECT_THAT(Post(), StatusIs(absl::StatusCode::kFailedPrecondition,
                               HasSubstr("69 results still missing")));
  EXPECT_THAT(MissingResults(Comp(), Comp().rounds.at(1)),
              ::testing::Contains("table 2 board 1 (Table 2 of the share "
                                  "match)"));
}

TEST_F(ShareMatchReplayTest, TheShareMatchIsScoredAndShown) {
  EnterAll();
  EXPECT_THAT(Post(), IsOk());
  EXPECT_EQ(Vps(), (std::map<int, std::string>{{1, "10.00"},
                                               {2, "10.00"},
                                               {3, "12.97"},
                                               {4, "6.52"},
                                               {5, "10.66"}}));
  const v1::MatchResults results = Results();
  const v1::ThreeWayResult& w = results.three_way();
  EXPECT_EQ(w.table(), 2);
  EXPECT_EQ(w.kind(), "share_match");
  ASSERT_EQ(w.entrants_size(), 3);
  EXPECT_EQ(w.entrants(0).entrant(), 3);
  EXPECT_EQ(Exact(w.entrants(0).imps()), core::Rational(10));
  EXPECT_EQ(Text(w.entrants(0).vps()), "12.97");
  EXPECT_EQ(Exact(w.entrants(1).imps()), core::Rational(-12));
  EXPECT_EQ(Text(w.entrants(1).vps()), "6.52");
  EXPECT_EQ(Exact(w.entrants(2).imps()), core::Rational(2));
  EXPECT_EQ(w.entrants(2).boards_scored(), 14);

  const v1::EntrantRecord b = Record(4);
  ASSERT_EQ(b.rounds_size(), 1);
  EXPECT_EQ(b.rounds(0).table(), 2);
  EXPECT_EQ(b.rounds(0).opponent(), 3);
  EXPECT_EQ(b.rounds(0).second_opponent(), 5);
  EXPECT_EQ(b.rounds(0).three_way(), "share match (SABF TR 14.1)");
  EXPECT_EQ(Text(b.total()), "6.52");
}

// The traveller's share lines carry their North-South team's IMPs, its NS
// table against its EW table (SABF TR 14.1 as nsw/sabf_swiss_teams' notes
// read it: A Table 1 against 2, B 3 against 1, C 2 against 3), so each
// team's board is on its NS table's line (the figures above):
//   board 1: Table 1 (A NS) 420 - (-50) = 470 -> 10; Table 2 (C NS)
//     -50 - 420 = -470 -> -10; Table 3 (B NS) 420 - 420 = 0.
//   board 2: Table 1 600 - 600 = 0; Table 2 600 - (-100) = 700 -> 12;
//     Table 3 -100 - 600 = -700 -> -12.
// Summed over the boards: A 10, B -12, C 2, GetMatchResults' three_way.
TEST_F(ShareMatchReplayTest, TheTravellerCarriesEachShareTeamsImps) {
  auto traveller = [&](int board) {
    v1::GetTravellerRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("c");
    r.set_session(1);
    r.set_board(board);
    absl::StatusOr<v1::Traveller> t = BuildRoundTraveller(state_, r);
    EXPECT_THAT(t, IsOk());
    return t.ok() ? *t : v1::Traveller();
  };
  // With Table 2 of board 1 not in, A (1 v 2) and C (2 v 3) have no IMPs.
  Apply(state_, Enter(2, 1, Made(4, v1::STRAIN_SPADES, 10), v1::ROOM_SHARE_1));
  Apply(state_, Enter(2, 1, Made(4, v1::STRAIN_SPADES, 10), v1::ROOM_SHARE_3));
  std::map<v1::Room, std::string> partial;
  const v1::Traveller first = traveller(1);
  for (const v1::TravellerLine& l : first.lines()) {
    if (l.table() != 2) continue;
    partial[l.room()] =
        l.has_match_imps() ? Exact(l.match_imps()).ToString() : "none";
  }
  EXPECT_EQ(partial, (std::map<v1::Room, std::string>{
                         {v1::ROOM_SHARE_1, "none"}, {v1::ROOM_SHARE_3, "0"}}));
  state_ = State();
  Create("sabf_swiss_teams", 5);
  EnterAll();
  std::map<int, core::Rational> totals;
  for (int board : {1, 2}) {
    std::map<v1::Room, std::pair<int, core::Rational>> imps;
    const v1::Traveller t = traveller(board);
    for (const v1::TravellerLine& l : t.lines()) {
      if (l.table() != 2) continue;
      ASSERT_TRUE(l.has_match_imps()) << board << " " << l.room();
      imps[l.room()] = {l.ns_pair(), Exact(l.match_imps())};
      totals[l.ns_pair()] += Exact(l.match_imps());
    }
    using Imps = std::pair<int, core::Rational>;
    const std::map<v1::Room, Imps> expected =
        board == 1 ? std::map<v1::Room, Imps>{{v1::ROOM_SHARE_1, {3, 10}},
                                              {v1::ROOM_SHARE_2, {5, -10}},
                                              {v1::ROOM_SHARE_3, {4, 0}}}
                   : std::map<v1::Room, Imps>{{v1::ROOM_SHARE_1, {3, 0}},
                                              {v1::ROOM_SHARE_2, {5, 12}},
                                              {v1::ROOM_SHARE_3, {4, -12}}};
    EXPECT_EQ(imps, expected) << "board " << board;
  }
  // Boards 3-14 are passed out everywhere: 0 each.
  EXPECT_EQ(totals, (std::map<int, core::Rational>{{3, core::Rational(10)},
                                                   {4, core::Rational(-12)},
                                                   {5, core::Rational(2)}}));
  // A two-room match keeps its home team's IMPs on both lines' view.
  const v1::Traveller again = traveller(1);
  for (const v1::TravellerLine& l : again.lines()) {
    if (l.table() == 1) EXPECT_EQ(Exact(l.match_imps()), core::Rational(0));
  }
}

TEST_F(ShareMatchReplayTest, EachTeamMeetsBothOpponentsInTheTieBreaks) {
  // Half of 12.97 each against B and C; the match's result (12.97 against
  // the 7.03 its +10 leaves the other side) counts once; half the IMPs
  // each; half the 14-board 20-0 margin (57, SABF TR 21.10).
  EnterAll();
  absl::StatusOr<std::vector<ScoredRound>> rounds = ScoreRounds(Comp(), 1);
  ASSERT_THAT(rounds, IsOk());
  const std::vector<ThreeWayRecord> records =
      ThreeWayRecords(rounds->at(0).score, 1, 57);
  ASSERT_EQ(records.size(), 6u);
  const ThreeWayRecord& a1 = records[0];
  const ThreeWayRecord& a2 = records[1];
  EXPECT_EQ(a1.entrant, 3);
  EXPECT_TRUE(a1.counts_match);
  EXPECT_EQ(a1.match.opponent, "4");
  EXPECT_EQ(a1.match.score, core::Rational(1297, 200));
  EXPECT_EQ(a1.match.opponent_score, core::Rational(703, 200));
  EXPECT_EQ(a1.match.imps, core::Rational(5));
  EXPECT_EQ(a1.match.blitz_margin, core::Rational(57, 2));
  EXPECT_FALSE(a2.counts_match);
  EXPECT_EQ(a2.match.opponent, "5");
  EXPECT_EQ(a2.match.score, core::Rational(1297, 200));
  EXPECT_EQ(a2.match.opponent_score, std::nullopt);
  // B meets A then C; C meets A then B.
  EXPECT_EQ(records[2].match.opponent, "3");
  EXPECT_EQ(records[3].match.opponent, "5");
  EXPECT_EQ(records[4].match.opponent, "3");
  EXPECT_EQ(records[5].match.opponent, "4");
  EXPECT_EQ(records[5].match.imps, core::Rational(1));
}

TEST_F(ShareMatchReplayTest, AShareTableIsCorrectedAndAgreedLikeAMatch) {
  // Board 1, Table 2 (C NS v A) corrected from 4S-1 to 4S=: A's board 1 is
  // now 420 - 420 = 0 (A 0 IMPs, 10.00); C's 420 - 420 = 0 and +12 on
  // board 2: 13.48 (SABF TR 21.10); B unchanged, 6.52.
  EnterAll();
  v1::AgreeMatchScoresRequest agree;
  agree.set_tournament_id("t");
  agree.set_competition_id("c");
  agree.set_session(1);
  agree.set_table(2);
  EXPECT_THAT(DecideAgreeMatchScores(state_, agree), IsOk());
  v1::CorrectResultRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("c");
  r.set_session(1);
  r.set_table(2);
  r.set_board(1);
  r.set_room(v1::ROOM_SHARE_2);
  *r.mutable_result() = Made(4, v1::STRAIN_SPADES, 10);
  r.set_kind(v1::CORRECTION_KIND_SCORER_ERROR);
  r.set_reason("the scorer entered the wrong line");
  Apply(state_, DecideCorrectResult(state_, r, state_.last_received));
  const std::map<int, std::string> vps = Vps();
  EXPECT_EQ(vps.at(3), "10.00");
  EXPECT_EQ(vps.at(4), "6.52");
  EXPECT_EQ(vps.at(5), "13.48");
  r.set_board(3);
  r.set_room(v1::ROOM_SHARE_3);
  Apply(state_, DecideCorrectResult(state_, r, state_.last_received));
  r.set_board(3);
  r.set_room(v1::ROOM_SHARE_3);
  EXPECT_THAT(DecideCorrectResult(state_, r, state_.last_received),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("nothing to correct")));
}

TEST_F(ThreeWayTablesTest, TheCorrectionPeriodRunsFromTheSharesAgreement) {
  // nsw_swiss_teams, 5 teams: round one's share match 3, 4, 5 at table 2.
  // NSW TR 12.2: the players' errors may be corrected "up to 30 minutes
  // after the match scores have been agreed upon"; a share match's scores
  // are agreed like a match's.
  Create("nsw_swiss_teams", 5);
  ASSERT_EQ(Round1().share().table(), 2);
  v1::AgreeMatchScoresRequest agree;
  agree.set_tournament_id("t");
  agree.set_competition_id("c");
  agree.set_session(1);
  agree.set_table(2);
  for (int board = 1; board <= 10; ++board) {  // 10-board matches
    for (v1::Room room :
         {v1::ROOM_SHARE_1, v1::ROOM_SHARE_2, v1::ROOM_SHARE_3}) {
      if (board == 10 && room == v1::ROOM_SHARE_3) {
        // Its three tables' scores are agreed once all thirty are in.
        EXPECT_THAT(DecideAgreeMatchScores(state_, agree),
                    StatusIs(absl::StatusCode::kFailedPrecondition,
                             HasSubstr("1 result still to enter")));
      }
      Apply(state_, Enter(2, board, PassedOut(), room));
    }
  }
  const absl::Time agreed = absl::FromUnixSeconds(1'800'000'000);
  ApplyAt(state_, DecideAgreeMatchScores(state_, agree), agreed);
  v1::CorrectResultRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("c");
  r.set_session(1);
  r.set_table(2);
  r.set_board(1);
  r.set_room(v1::ROOM_SHARE_1);
  *r.mutable_result() = Made(4, v1::STRAIN_SPADES, 10);
  r.set_kind(v1::CORRECTION_KIND_PLAYERS_AGREED);
  r.set_reason("the wrong contract was entered");
  r.add_agreed_by("Team 3 captain");
  r.add_agreed_by("Team 4 captain");
  EXPECT_THAT(DecideCorrectResult(state_, r, agreed + absl::Minutes(29)),
              IsOk());
  EXPECT_THAT(
      DecideCorrectResult(state_, r, agreed + absl::Minutes(31)),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("too late")));
  r.set_board(11);
  EXPECT_THAT(DecideCorrectResult(state_, r, agreed),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("(Table 1 of the share match)")));
}

// 7 pairs, nsw_swiss_pairs (IMPs against a datum, WBF scale). Round one:
// the top half is pairs 1-3; all level, so the lowest trio 5, 6, 7 play
// half matches (NSW TR 12.7; the trio as SABF TR 14.1 chooses a share
// match) at table 3: pivot 5 NS on every board, 6 EW on the first half, 7
// on the second. Tables 1 and 2 pass every board; at table 3:
//   board 1 (none vul) 4S= +420; board 2 (NS vul) 3NT-1 -100;
//   board 5 (NS vul) 4H= +620; board 8 (none vul) 2S= +110; else passed.
// Three tables: the datum is the middle score (ANC SR 16.11 as the profile
// reads it: n - 2 of 3), 0 on every board, so table 3's NS IMPs are
// +9, -3, +12 and +3 on those boards.
class HalfMatchReplayTest : public ThreeWayTablesTest {
 protected:
  void EnterAll(int boards) {
    for (int board = 1; board <= boards; ++board) {
      Apply(state_, Enter(1, board, PassedOut()));
      Apply(state_, Enter(2, board, PassedOut()));
      v1::TableResult group = PassedOut();
      if (board == 1) group = Made(4, v1::STRAIN_SPADES, 10);
      if (board == 2) group = Made(3, v1::STRAIN_NO_TRUMP, 8);
      if (board == 5) group = Made(4, v1::STRAIN_HEARTS, 10);
      if (board == 8) group = Made(2, v1::STRAIN_SPADES, 8);
      Apply(state_, Enter(3, board, group));
    }
  }
};

TEST_F(HalfMatchReplayTest, AnOddPairsFieldDrawsHalfMatches) {
  Create("nsw_swiss_pairs", 7);
  const v1::DrawMade& d = Round1();
  EXPECT_EQ(d.matches_size(), 2);
  EXPECT_EQ(d.share().table(), 0);
  EXPECT_EQ(d.bye(), 0);
  EXPECT_EQ(d.half_matches().table(), 3);
  EXPECT_EQ(d.half_matches().pivot(), 5);
  EXPECT_EQ(d.half_matches().first(), 6);
  EXPECT_EQ(d.half_matches().second(), 7);
  // Boards 1-4: 5 v 6; boards 5-8: 5 v 7; no room at a pairs table.
  absl::StatusOr<v1::EventPayload> e = Enter(3, 4, PassedOut());
  ASSERT_THAT(e, IsOk());
  EXPECT_EQ(e->result_entered().ns_pair(), 5);
  EXPECT_EQ(e->result_entered().ew_pair(), 6);
  e = Enter(3, 5, PassedOut());
  ASSERT_THAT(e, IsOk());
  EXPECT_EQ(e->result_entered().ew_pair(), 7);
  EXPECT_THAT(
      Enter(3, 5, PassedOut(), v1::ROOM_OPEN),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("give no room")));
  EXPECT_THAT(Post(), StatusIs(absl::StatusCode::kFailedPrecondition,
                               HasSubstr("24 results still missing")));
}

TEST_F(HalfMatchReplayTest, UnderTwelveBoardsTheSitOutPairsDoubleTheirImps) {
  // 8 boards. Pivot 5: +9 - 3 + 12 + 3 = +21, a full match on the 8-board
  // scale (SABF TR 21.5): 16.68. Pair 6 (boards 1-4): -(9 - 3) = -6,
  // NSW TR 12.7(a) doubled -12: 20 - 14.39 = 5.61. Pair 7 (boards 5-8):
  // -(12 + 3) = -15, doubled -30: 20 - 18.37 = 1.63. Tables 1, 2: 0 IMPs,
  // 10.00 each.
  Create("nsw_swiss_pairs", 7);
  EnterAll(8);
  EXPECT_THAT(Post(), IsOk());
  const std::map<int, std::string> vps = Vps();
  EXPECT_EQ(vps.at(5), "16.68");
  EXPECT_EQ(vps.at(6), "5.61");
  EXPECT_EQ(vps.at(7), "1.63");
  for (int pair : {1, 2, 3, 4}) EXPECT_EQ(vps.at(pair), "10.00");

  const v1::MatchResults results = Results();
  const v1::ThreeWayResult& w = results.three_way();
  EXPECT_EQ(w.kind(), "half_matches");
  ASSERT_EQ(w.entrants_size(), 3);
  EXPECT_THAT(w.entrants(1).boards(), ElementsAre(1, 2, 3, 4));
  EXPECT_EQ(w.entrants(1).clause(), "NSW TR 12.7(a)");
  EXPECT_EQ(Exact(w.entrants(2).imps()), core::Rational(-15));
  const v1::EntrantRecord pivot = Record(5);
  ASSERT_EQ(pivot.rounds_size(), 1);
  EXPECT_TRUE(pivot.rounds(0).home());
  EXPECT_EQ(pivot.rounds(0).opponent(), 6);
  EXPECT_EQ(pivot.rounds(0).second_opponent(), 7);
  EXPECT_EQ(Record(7).rounds(0).three_way(), "half match, NSW TR 12.7(a)");

  // Tie-break records: the pivot half its VPs against each, with that
  // half's IMPs (+6, +15) and half the 8-board 20-0 margin (43, SABF TR
  // 21.5); a sit-out pair its own VPs and the 12.7(a) margin, 22 (44
  // doubled reaches 43).
  absl::StatusOr<std::vector<ScoredRound>> rounds = ScoreRounds(Comp(), 1);
  ASSERT_THAT(rounds, IsOk());
  const std::vector<ThreeWayRecord> records =
      ThreeWayRecords(rounds->at(0).score, 1, 43);
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records[0].match.opponent, "6");
  EXPECT_EQ(records[0].match.score, core::Rational(1668, 200));
  EXPECT_EQ(records[0].match.imps, core::Rational(6));
  EXPECT_EQ(records[0].match.blitz_margin, core::Rational(43, 2));
  EXPECT_EQ(records[1].match.opponent, "7");
  EXPECT_EQ(records[1].match.imps, core::Rational(15));
  EXPECT_EQ(records[2].entrant, 6);
  EXPECT_EQ(records[2].match.opponent, "5");
  EXPECT_EQ(records[2].match.score, core::Rational(561, 100));
  EXPECT_EQ(records[2].match.opponent_score, core::Rational(1439, 100));
  EXPECT_EQ(records[2].match.blitz_margin, core::Rational(22));
}

TEST_F(HalfMatchReplayTest, FromTwelveBoardsTheReducedScale) {
  // The profile with 12-board matches: halves 1-6 and 7-12. Pivot: +21 on
  // the 12-board scale (SABF TR 21.9): 15.79. Pair 6 (boards 1-6): -(9 - 3
  // + 12) = -18, NSW TR 12.7(b) on the 6-board scale (21.3): 20 - 16.64 =
  // 3.36. Pair 7 (boards 7-12): -3 on the 6-board scale: 20 - 11.46 = 8.54.
  Create("nsw_swiss_pairs", 7, 12);
  EnterAll(12);
  const std::map<int, std::string> vps = Vps();
  EXPECT_EQ(vps.at(5), "15.79");
  EXPECT_EQ(vps.at(6), "3.36");
  EXPECT_EQ(vps.at(7), "8.54");
  EXPECT_EQ(Results().three_way().entrants(1).clause(), "NSW TR 12.7(b)");
}

TEST_F(HalfMatchReplayTest, TheGroupHasMetForLaterDraws) {
  // Round two: 5, 6 and 7 all met in round one's group; with 7 pairs the
  // new group cannot be two of them. Every round-two pairing is new.
  Create("nsw_swiss_pairs", 7);
  EnterAll(8);
  v1::MakeDrawRequest d;
  d.set_tournament_id("t");
  d.set_competition_id("c");
  d.set_round(2);
  d.set_seed(3);
  absl::StatusOr<v1::EventPayload> drawn = DecideMakeDraw(state_, d);
  ASSERT_THAT(drawn, IsOk());
  std::set<std::pair<int, int>> met;
  auto meet = [&](int x, int y) { met.insert(std::minmax(x, y)); };
  for (const v1::DrawnMatch& m : Round1().matches()) meet(m.home(), m.away());
  meet(5, 6);
  meet(5, 7);
  meet(6, 7);
  const v1::DrawMade& r2 = drawn->draw_made();
  for (const v1::DrawnMatch& m : r2.matches()) {
    EXPECT_FALSE(met.contains(std::minmax(m.home(), m.away())))
        << m.home() << " v " << m.away();
  }
  const v1::DrawnHalfMatches& g = r2.half_matches();
  ASSERT_NE(g.table(), 0);
  for (auto [x, y] :
       {std::pair{g.pivot(), g.first()}, std::pair{g.pivot(), g.second()},
        std::pair{g.first(), g.second()}}) {
    EXPECT_FALSE(met.contains(std::minmax(x, y))) << x << " and " << y;
  }
}

// Issue #16 defect 5 in an event of matches: an appeal is a table's (Law
// 92A; SABF TR 7 "signed by one member of the pair"), checked against the
// round's draw. Lodging for pair `appellant` against `respondent` on
// `board` at `table` of round 1 (a director's ruling, no window given).
v1::LodgeAppealRequest AppealAt(int table, int board, int appellant,
                                int respondent,
                                v1::Room room = v1::ROOM_UNSPECIFIED) {
  v1::LodgeAppealRequest r;
  r.set_tournament_id("t");
  v1::AppealLodged* a = r.mutable_appeal();
  a->set_competition_id("c");
  a->set_kind(v1::APPEAL_KIND_DIRECTOR_RULING);
  a->set_session(1);
  a->set_table(table);
  a->set_board(board);
  a->set_room(room);
  a->set_appellant(appellant);
  a->set_appellant_signature("A");
  a->add_respondents(respondent);
  a->set_grounds("The hesitation did not suggest the 4S bid.");
  return r;
}

// NSW TR 12.7: at the half-match table 3, pivot 5 meets 6 on the first
// half of the 8 boards (1-4) and 7 on the second (5-8). Pair 7 sat out
// board 1 and cannot appeal it; on board 5 it can, against 5; the round
// plays no board 9.
TEST_F(HalfMatchReplayTest, AnAppealIsCheckedAgainstTheBoardsHalf) {
  Create("nsw_swiss_pairs", 7);
  EnterAll(8);
  ASSERT_THAT(Post(), IsOk());
  const absl::Time at = absl::FromUnixSeconds(1773482400);
  EXPECT_THAT(DecideLodgeAppeal(state_, AppealAt(3, 1, 7, 5), at),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("pair 7 did not play the board"),
                             HasSubstr("pair 5 and pair 6"))));
  EXPECT_THAT(DecideLodgeAppeal(state_, AppealAt(3, 1, 5, 7), at),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("respondent pair 7 did not play")));
  EXPECT_THAT(DecideLodgeAppeal(state_, AppealAt(3, 9, 5, 6), at),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("does not play board 9")));
  EXPECT_THAT(DecideLodgeAppeal(state_, AppealAt(3, 5, 7, 5), at), IsOk());
  EXPECT_THAT(DecideLodgeAppeal(state_, AppealAt(3, 1, 6, 5), at), IsOk());
}

// SABF TR 14.1: the share match at table 2 plays Table 1: A (3) v B (4);
// Table 2: C (5) v A; Table 3: B v C. An appeal there names its room, and
// the appellant and respondent are that room's two teams.
TEST_F(ShareMatchReplayTest, AnAppealAtTheShareMatchIsItsRoomsTwoTeams) {
  EnterAll();
  ASSERT_THAT(Post(), IsOk());
  const absl::Time at = absl::FromUnixSeconds(1773482400);
  EXPECT_THAT(DecideLodgeAppeal(state_, AppealAt(2, 1, 3, 4), at),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("give the room share1")));
  EXPECT_THAT(
      DecideLodgeAppeal(state_, AppealAt(2, 1, 5, 4, v1::ROOM_SHARE_1), at),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               HasSubstr("team 5 (Team 5) did not play the board")));
  EXPECT_THAT(
      DecideLodgeAppeal(state_, AppealAt(2, 1, 3, 5, v1::ROOM_SHARE_1), at),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               HasSubstr("respondent team 5 (Team 5) did not play")));
  EXPECT_THAT(
      DecideLodgeAppeal(state_, AppealAt(2, 1, 3, 5, v1::ROOM_SHARE_2), at),
      IsOk());
  // Table 1's match: teams 1 and 2 only.
  EXPECT_THAT(DecideLodgeAppeal(state_, AppealAt(1, 1, 3, 2), at),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("team 3 (Team 3) did not play the board")));
}

}  // namespace
}  // namespace tally::replay
