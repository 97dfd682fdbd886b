// Eligibility through the log: teams with line-ups (SABF TR 13.5, 16.2),
// pairs events of matches with substitutes, absences and a forfeit (ANC SR
// 20.2; SABF TR 12, 12.5), an ITC final reading its qualifying stage (ANC
// SR 11.1, 14.3), and the refusals of PostLineup. Expected values are
// worked by hand in the comments.

#include "replay/decide/eligibility.h"

#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/decide/decide_lineup.h"
#include "replay/matches/decide_matches.h"
#include "replay/pairs/decide_pairs_event.h"
#include "replay/pairs/pairs_event_queries.h"
#include "replay/testing/apply_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

using Lineup = std::vector<std::string>;  // open NS, open EW, closed NS, EW

constexpr auto kEligible = v1::ELIGIBILITY_VERDICT_ELIGIBLE;
constexpr auto kNotEligible = v1::ELIGIBILITY_VERDICT_NOT_ELIGIBLE;
constexpr auto kUndetermined = v1::ELIGIBILITY_VERDICT_UNDETERMINED;

class EligibilityTest : public ::testing::Test {
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

  void Team(const std::string& c, int team, const std::string& prefix,
            int size) {
    v1::RegisterTeamRequest r;
    r.set_tournament_id("t");
    r.set_competition_id(c);
    r.set_team(team);
    r.set_name(absl::StrCat("Team ", team));
    for (int p = 1; p <= size; ++p) r.add_players(absl::StrCat(prefix, p));
    Apply(state_, DecideRegisterTeam(state_, r));
  }

  void Pair(const std::string& c, int pair) {
    v1::RegisterPairRequest r;
    r.set_tournament_id("t");
    r.set_competition_id(c);
    r.set_pair(pair);
    r.add_players(absl::StrCat("A", pair));
    r.add_players(absl::StrCat("B", pair));
    Apply(state_, DecideRegisterPair(state_, r));
  }

  const v1::DrawMade& Draw(const std::string& c, int round,
                           std::vector<v1::DrawnMatch> matches = {}) {
    v1::MakeDrawRequest r;
    r.set_tournament_id("t");
    r.set_competition_id(c);
    r.set_round(round);
    r.set_seed(5);
    for (const v1::DrawnMatch& m : matches) *r.add_matches() = m;
    Apply(state_, DecideMakeDraw(state_, r));
    return Competition(c).rounds.at(round).draw;
  }

  v1::PostLineupRequest LineupRequest(const std::string& c, int round, int team,
                                      const Lineup& four, int stanza = 0) {
    v1::PostLineupRequest r;
    r.set_tournament_id("t");
    r.set_competition_id(c);
    r.set_round(round);
    r.set_team(team);
    r.set_stanza(stanza);
    r.add_open_room(four[0]);
    r.add_open_room(four[1]);
    r.add_closed_room(four[2]);
    r.add_closed_room(four[3]);
    return r;
  }

  void PostLineup(const std::string& c, int round, int team, const Lineup& four,
                  int stanza = 0) {
    Apply(state_, DecidePostLineup(
                      state_, LineupRequest(c, round, team, four, stanza)));
  }

  // Every board of every match passed out (both rooms in a teams event),
  // except at `skip_table`; then the round is posted.
  void Play(const std::string& c, int round, int skip_table = 0) {
    const CompetitionState& comp = Competition(c);
    const MatchRoundState& r = comp.rounds.at(round);
    std::vector<v1::Room> rooms = {v1::ROOM_UNSPECIFIED};
    if (comp.IsTeams()) rooms = {v1::ROOM_OPEN, v1::ROOM_CLOSED};
    const v1::DrawMade draw = r.draw;
    for (const v1::DrawnMatch& m : draw.matches()) {
      if (m.table() == skip_table) continue;
      for (int board : draw.boards()) {
        for (v1::Room room : rooms) {
          v1::EnterResultRequest e;
          e.set_tournament_id("t");
          e.set_competition_id(c);
          e.set_session(round);
          e.set_table(m.table());
          e.set_board(board);
          e.set_room(room);
          e.mutable_result()->mutable_passed_out();
          Apply(state_, DecideEnterResult(state_, e));
        }
      }
    }
    if (skip_table == 0) {
      v1::PostScoresRequest p;
      p.set_tournament_id("t");
      p.set_competition_id(c);
      p.set_session(round);
      Apply(state_, DecidePostScores(state_, p));
    } else {
      // A forfeited table has no results; the round is posted as the log
      // would record it.
      v1::EventPayload posted;
      posted.mutable_scores_posted()->set_competition_id(c);
      posted.mutable_scores_posted()->set_session(round);
      Apply(state_, posted);
    }
  }

  v1::Eligibility Query(const std::string& c, const std::string& schedule = "",
                        int sessions = 0) {
    v1::GetEligibilityRequest r;
    r.set_tournament_id("t");
    r.set_competition_id(c);
    r.set_schedule(schedule);
    r.set_sessions(sessions);
    absl::StatusOr<v1::Eligibility> e = BuildEligibility(state_, r);
    EXPECT_THAT(e, IsOk());
    return e.ok() ? *e : v1::Eligibility();
  }

  const CompetitionState& Competition(const std::string& id) const {
    return state_.tournaments.at("t").competitions.at(id);
  }

  State state_;
};

const v1::EntrantEligibility& Entrant(const v1::Eligibility& e, int number) {
  for (const v1::EntrantEligibility& x : e.entrants()) {
    if (x.entrant() == number) return x;
  }
  ADD_FAILURE() << "no entrant " << number;
  return e.entrants(0);
}

const v1::PlayerEligibility& Player(const v1::Eligibility& e, int entrant,
                                    const std::string& name) {
  for (const v1::PlayerEligibility& p : Entrant(e, entrant).players()) {
    if (p.player() == name) return p;
  }
  ADD_FAILURE() << "no player " << name;
  return Entrant(e, entrant).players(0);
}

// ---------------------------------------------------------------------------
// Teams: SABF round robin teams, four teams of 4, 5, 6 and 4 players, three
// rounds of 14 boards: 42 boards each.

class TeamsEligibilityTest : public EligibilityTest {
 protected:
  void SetUp() override {
    EligibilityTest::SetUp();
    Create("rr", v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS,
           "sabf_round_robin_teams");
    Team("rr", 1, "A", 4);
    Team("rr", 2, "B", 5);
    Team("rr", 3, "C", 6);
    Team("rr", 4, "D", 4);
  }

  // The line-ups of the scenario, by round and team.
  Lineup LineupOf(int round, int team) {
    switch (team) {
      case 1:
        return {"A1", "A2", "A3", "A4"};
      case 2:  // B5 plays round 3 only, in B1's place.
        return {round == 3 ? "B5" : "B1", "B2", "B3", "B4"};
      case 3:  // C6 plays round 2 only.
        if (round == 1) return {"C1", "C2", "C3", "C4"};
        if (round == 2) return {"C5", "C6", "C3", "C4"};
        return {"C5", "C1", "C2", "C4"};
      default:
        return {"D1", "D2", "D3", "D4"};
    }
  }

  void PlayAll() {
    for (int round = 1; round <= 3; ++round) {
      Draw("rr", round);
      for (int team = 1; team <= 4; ++team) {
        if (team == 4 && round == 3) continue;  // never posted
        PostLineup("rr", round, team, LineupOf(round, team));
      }
      Play("rr", round);
    }
  }
};

TEST_F(TeamsEligibilityTest, SabfTr162And135ByTeamSize) {
  PlayAll();
  v1::Eligibility e = Query("rr");
  EXPECT_THAT(e.rounds_counted(), ElementsAre(1, 2, 3));
  EXPECT_EQ(e.rounds_scheduled(), 3);  // Berger, 4 teams
  ASSERT_EQ(e.rules_size(), 2);
  EXPECT_EQ(e.rules(0).clause(), "SABF TR 16.2");
  EXPECT_EQ(e.rules(1).clause(), "SABF TR 13.5");
  EXPECT_EQ(Entrant(e, 1).totals().boards(), 42);
  EXPECT_EQ(Entrant(e, 1).totals().matches(), 3);

  // Team of 4: 60% of 42 = 25.2 -> 26; A1 played 42.
  const v1::PlayerEligibility& a1 = Player(e, 1, "A1");
  EXPECT_EQ(a1.played().boards(), 42);
  EXPECT_EQ(a1.verdicts(0).verdict(), kEligible);
  EXPECT_EQ(a1.verdicts(0).checks(0).needed(), 26);

  // Team of 5: 50% of 42 = 21. B1 played 28: yes. B5 played 14: no for
  // 16.2, and below 13.5's 40% (16.8 -> 17): the TC must approve.
  EXPECT_EQ(Player(e, 2, "B1").verdicts(0).verdict(), kEligible);
  const v1::PlayerEligibility& b5 = Player(e, 2, "B5");
  EXPECT_EQ(b5.played().boards(), 14);
  EXPECT_EQ(b5.verdicts(0).verdict(), kNotEligible);
  EXPECT_EQ(b5.verdicts(0).checks(0).needed(), 21);
  EXPECT_EQ(b5.verdicts(1).verdict(), kNotEligible);
  EXPECT_EQ(b5.verdicts(1).checks(0).needed(), 17);
  EXPECT_THAT(b5.verdicts(1).otherwise(), HasSubstr("approval of the TC"));

  // Team of 6: 40% = 17. C1 played rounds 1 and 3 (28): yes; C6 round 2
  // only (14): no.
  EXPECT_EQ(Player(e, 3, "C1").played().boards(), 28);
  EXPECT_EQ(Player(e, 3, "C1").verdicts(0).verdict(), kEligible);
  EXPECT_EQ(Player(e, 3, "C6").played().boards(), 14);
  EXPECT_EQ(Player(e, 3, "C6").verdicts(0).verdict(), kNotEligible);

  // Team 4 posted no line-up for round 3: its 42 boards count, its players
  // are credited 28 (>= 26).
  EXPECT_THAT(Entrant(e, 4).missing_lineups(), ElementsAre("round 3"));
  EXPECT_EQ(Entrant(e, 4).totals().boards(), 42);
  EXPECT_EQ(Player(e, 4, "D1").played().boards(), 28);
  EXPECT_EQ(Player(e, 4, "D1").verdicts(0).verdict(), kEligible);
}

TEST_F(TeamsEligibilityTest, OnlyPostedRoundsCount) {
  Draw("rr", 1);
  for (int team = 1; team <= 4; ++team) {
    PostLineup("rr", 1, team, LineupOf(1, team));
  }
  v1::Eligibility before = Query("rr");
  EXPECT_TRUE(before.rounds_counted().empty());
  EXPECT_EQ(Entrant(before, 1).totals().boards(), 0);
  Play("rr", 1);
  v1::Eligibility after = Query("rr");
  EXPECT_EQ(Player(after, 2, "B5").played().boards(), 0);
  EXPECT_EQ(Entrant(after, 2).totals().boards(), 14);
}

TEST_F(TeamsEligibilityTest, PostLineupRefusals) {
  Draw("rr", 1);
  const Lineup good = {"B1", "B2", "B3", "B4"};
  EXPECT_THAT(DecidePostLineup(state_, LineupRequest("rr", 2, 2, good)),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("not drawn")));
  EXPECT_THAT(DecidePostLineup(state_, LineupRequest("rr", 1, 9, good)),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("team 9 is not registered")));
  EXPECT_THAT(DecidePostLineup(
                  state_, LineupRequest("rr", 1, 2, {"B1", "B2", "A1", "B4"})),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("'A1' is not a registered player of team 2")));
  EXPECT_THAT(
      DecidePostLineup(state_,
                       LineupRequest("rr", 1, 2, {"B1", "B2", "B1", "B4"})),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("named twice")));
  v1::PostLineupRequest three = LineupRequest("rr", 1, 2, good);
  three.add_open_room("B5");
  EXPECT_THAT(DecidePostLineup(state_, three),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("two players in each room, not 3")));
  EXPECT_THAT(DecidePostLineup(state_, LineupRequest("rr", 1, 2, good, 2)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("1 stanza; there is no stanza 2")));

  // Posted, then changed before play: the latest holds.
  PostLineup("rr", 1, 2, good);
  EXPECT_THAT(DecidePostLineup(state_, LineupRequest("rr", 1, 2, good)),
              StatusIs(absl::StatusCode::kAlreadyExists));
  const Lineup changed = {"B5", "B2", "B3", "B4"};
  PostLineup("rr", 1, 2, changed);
  EXPECT_EQ(Competition("rr").lineups.at({1, 1, 2}).open_room(0), "B5");

  // One result in at team 2's table: no more changes.
  const int table = MatchTableOf(Competition("rr").rounds.at(1), 2);
  v1::EnterResultRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("rr");
  r.set_session(1);
  r.set_table(table);
  r.set_board(Competition("rr").rounds.at(1).draw.boards(13));
  r.set_room(v1::ROOM_CLOSED);
  r.mutable_result()->mutable_passed_out();
  Apply(state_, DecideEnterResult(state_, r));
  EXPECT_THAT(DecidePostLineup(state_, LineupRequest("rr", 1, 2, good)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("cannot be changed")));
  // The opponents' first line-up may still be recorded late.
  int other = 0;
  for (const v1::DrawnMatch& m :
       Competition("rr").rounds.at(1).draw.matches()) {
    if (m.table() == table) other = m.home() == 2 ? m.away() : m.home();
  }
  ASSERT_NE(other, 0);
  EXPECT_THAT(DecidePostLineup(
                  state_, LineupRequest("rr", 1, other, LineupOf(1, other))),
              IsOk());
}

TEST_F(EligibilityTest, PostLineupRefusesAPairsEvent) {
  Create("bp", v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
         "sabf_butler_round_robin");
  for (int p = 1; p <= 4; ++p) Pair("bp", p);
  Draw("bp", 1);
  v1::PostLineupRequest r = LineupRequest("bp", 1, 1, {"A1", "B1", "A2", "B2"});
  EXPECT_THAT(DecidePostLineup(state_, r),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("is a pairs event")));
}

// ---------------------------------------------------------------------------
// Pairs: ten pairs, a round robin of nine 12-board rounds, under ABPC Open
// Stage 3 (ANC SR 20.2) and an SABF Butler round robin (SABF TR 12, 12.5),
// played the same way:
//   pair 1: B1 replaced in rounds 1-2;
//   pair 2: B2 replaced in rounds 1-3;
//   pair 3: A3 replaced in round 1, B3 in rounds 2-3;
//   pair 4: absent in rounds 1-2 (two stand-ins played);
//   pair 5: A5 replaced in rounds 1 and 3, B5 in rounds 2 and 4;
//   pair 10: forfeits its round-9 match (against pair 5).

class PairsEligibilityTest : public EligibilityTest {
 protected:
  void Substitute(const std::string& c, int round, int pair,
                  const std::string& replaced) {
    v1::RecordSubstituteRequest r;
    r.set_tournament_id("t");
    r.set_competition_id(c);
    r.set_session(round);
    r.set_pair(pair);
    r.set_substitute("Sam Sub");
    r.set_replaced_player(replaced);
    r.set_reason(v1::SUBSTITUTE_REASON_ORDINARY);
    Apply(state_, DecideRecordSubstitute(state_, r));
  }

  void Absent(const std::string& c, int round, int pair) {
    v1::RecordPairAbsentRequest r;
    r.set_tournament_id("t");
    r.set_competition_id(c);
    r.set_session(round);
    r.set_pair(pair);
    r.set_reason(v1::ABSENCE_REASON_NONE);
    Apply(state_, DecideRecordPairAbsent(state_, r));
  }

  // Returns the pair pair 10 met in round 9.
  int PlayEvent(const std::string& c, const std::string& profile) {
    Create(c, v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS, profile);
    for (int p = 1; p <= 10; ++p) Pair(c, p);
    int opponent = 0;
    for (int round = 1; round <= 9; ++round) {
      const v1::DrawMade& draw = Draw(c, round);
      if (round <= 2) Substitute(c, round, 1, "B1");
      if (round <= 3) Substitute(c, round, 2, "B2");
      if (round == 1) Substitute(c, round, 3, "A3");
      if (round == 2 || round == 3) Substitute(c, round, 3, "B3");
      if (round <= 2) Absent(c, round, 4);
      if (round <= 4) Substitute(c, round, 5, round % 2 == 1 ? "A5" : "B5");
      int forfeit_table = 0;
      if (round == 9) {
        for (const v1::DrawnMatch& m : draw.matches()) {
          if (m.home() == 10 || m.away() == 10) {
            forfeit_table = m.table();
            opponent = m.home() == 10 ? m.away() : m.home();
          }
        }
        v1::EventPayload f;
        f.mutable_match_forfeited()->set_competition_id(c);
        f.mutable_match_forfeited()->set_round(9);
        f.mutable_match_forfeited()->set_table(forfeit_table);
        f.mutable_match_forfeited()->add_offenders(10);
        f.mutable_match_forfeited()->set_clause("SABF TR 13.9");
        Apply(state_, f);
      }
      Play(c, round, forfeit_table);
    }
    return opponent;
  }
};

TEST_F(PairsEligibilityTest, AncSr202OpenStageThree) {
  const int opponent = PlayEvent("abpc", "anc2025_abpc_open_stage3");
  ASSERT_NE(opponent, 0);
  v1::Eligibility e = Query("abpc");
  EXPECT_EQ(e.rounds_scheduled(), 9);
  ASSERT_EQ(e.rules_size(), 1);
  // 20.2 Stage 3: each player 7/9 of 9 rounds = 7, the partnership 6/9 = 6.
  auto verdict = [&](int pair) { return Entrant(e, pair).verdicts(0); };
  // Pair 1: B1 7 (= 7), together 7: eligible.
  EXPECT_EQ(verdict(1).verdict(), kEligible);
  EXPECT_EQ(Player(e, 1, "B1").played().rounds(), 7);
  EXPECT_EQ(Player(e, 1, "B1").absences(), 2);
  // Pair 2: B2 6 < 7.
  EXPECT_EQ(verdict(2).verdict(), kNotEligible);
  // Pair 3: A3 8, B3 7, together 6 (= 6): eligible at both thresholds.
  EXPECT_EQ(verdict(3).verdict(), kEligible);
  ASSERT_EQ(verdict(3).checks_size(), 3);
  EXPECT_EQ(verdict(3).checks(2).player(), "");
  EXPECT_EQ(verdict(3).checks(2).counted(), 6);
  EXPECT_EQ(verdict(3).checks(2).needed(), 6);
  // Pair 4: absent twice, each player 7: eligible.
  EXPECT_EQ(verdict(4).verdict(), kEligible);
  // Pair 5 met pair 10 in round 9 (the Berger table for ten), so it is
  // counted over 8 rounds: each player 6 of 8 (7/9 x 8 = 6.22 -> 6: met),
  // together 4 (rounds 5-8) of 6/9 x 8 = 5.33 -> 5: not eligible.
  ASSERT_EQ(opponent, 5);
  EXPECT_EQ(verdict(5).verdict(), kNotEligible);
  EXPECT_EQ(verdict(5).checks(0).counted(), 6);
  EXPECT_EQ(verdict(5).checks(0).needed(), 6);
  EXPECT_TRUE(verdict(5).checks(0).met());
  EXPECT_EQ(verdict(5).checks(2).counted(), 4);
  EXPECT_EQ(verdict(5).checks(2).needed(), 5);
  // Pair 10 forfeited round 9: it counts, nobody played: 8 of 9 each.
  EXPECT_THAT(Entrant(e, 10).forfeited_rounds(), ElementsAre(9));
  EXPECT_EQ(Entrant(e, 10).totals().rounds(), 9);
  EXPECT_EQ(Player(e, 10, "A10").played().rounds(), 8);
  EXPECT_EQ(verdict(10).verdict(), kEligible);
  // Its opponent had no match to play: 8 rounds counted.
  EXPECT_EQ(Entrant(e, opponent).totals().rounds(), 8);
}

TEST_F(PairsEligibilityTest, SabfTr12And125WeekendAndWeeknight) {
  PlayEvent("butler", "sabf_butler_round_robin");
  // 9 sessions at weekends: at most 2 player absences (12.5); together for
  // 2/3 of 9 = 6 sessions and represented at all 9 (12).
  v1::Eligibility e = Query("butler", "weekend");
  EXPECT_EQ(e.schedule(), "weekend");
  EXPECT_EQ(e.sessions(), 9);
  ASSERT_EQ(e.rules_size(), 2);
  auto verdict = [&](int pair, int rule) {
    return Entrant(e, pair).verdicts(rule);
  };
  // Pair 1: 2 absences, together 7: both rules met.
  EXPECT_EQ(verdict(1, 0).verdict(), kEligible);
  EXPECT_EQ(verdict(1, 1).verdict(), kEligible);
  EXPECT_EQ(verdict(1, 1).checks(0).counted(), 2);
  EXPECT_EQ(verdict(1, 1).checks(0).needed(), 2);
  EXPECT_TRUE(verdict(1, 1).checks(0).at_most());
  // Pair 2: 3 absences > 2.
  EXPECT_EQ(verdict(2, 1).verdict(), kNotEligible);
  // Pair 4: absent twice (both players): 4 absences, but represented by
  // stand-ins, together 7.
  EXPECT_EQ(verdict(4, 0).verdict(), kEligible);
  EXPECT_EQ(verdict(4, 1).checks(0).counted(), 4);
  EXPECT_EQ(verdict(4, 1).verdict(), kNotEligible);
  // Pair 10: forfeited round 9: two absences (allowed), but not
  // represented at all 9 sessions (8 < 9).
  EXPECT_EQ(verdict(10, 1).verdict(), kEligible);
  EXPECT_EQ(verdict(10, 0).verdict(), kNotEligible);
  EXPECT_EQ(verdict(10, 0).checks(1).counted(), 8);
  EXPECT_EQ(verdict(10, 0).checks(1).needed(), 9);
  // Pair 6 played everything.
  EXPECT_EQ(verdict(6, 0).verdict(), kEligible);
  EXPECT_EQ(verdict(6, 1).verdict(), kEligible);

  // 12.5 has no 9-session weeknight row, and without a schedule nothing
  // can be said.
  v1::Eligibility weeknight = Query("butler", "weeknight");
  EXPECT_EQ(Entrant(weeknight, 1).verdicts(1).verdict(), kUndetermined);
  EXPECT_THAT(Entrant(weeknight, 1).verdicts(1).checks(0).undetermined(),
              HasSubstr("no limit for a 9-session weeknight event"));
  EXPECT_EQ(Entrant(Query("butler"), 1).verdicts(1).verdict(), kUndetermined);

  v1::GetEligibilityRequest bad;
  bad.set_tournament_id("t");
  bad.set_competition_id("butler");
  bad.set_schedule("midweek");
  EXPECT_THAT(BuildEligibility(state_, bad),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("unknown event schedule")));
  bad.set_schedule("weekend");
  bad.set_sessions(13);
  EXPECT_THAT(BuildEligibility(state_, bad),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("has 9 rounds (sessions) fixed")));
}

// ---------------------------------------------------------------------------
// ITC: a five-team qualifying (two round robins, rounds 1-10, a bye each
// round) and a final between qualifiers 3 (as 1) and 1 (as 2).

class ItcEligibilityTest : public EligibilityTest {
 protected:
  // Team 3's line-up in its k-th match (k = 1..8):
  //   Q1 in 1-7, Q2 in 1-4, Q3 in 1, 2 and 8, Q4 in 1, 3, 5-8, Q5 in 2-8,
  //   Q6 in 4-8.
  static Lineup TeamThree(int k) {
    switch (k) {
      case 1:
        return {"Q1", "Q2", "Q3", "Q4"};
      case 2:
        return {"Q1", "Q2", "Q3", "Q5"};
      case 3:
        return {"Q1", "Q2", "Q4", "Q5"};
      case 4:
        return {"Q1", "Q2", "Q5", "Q6"};
      case 8:
        return {"Q3", "Q4", "Q5", "Q6"};
      default:
        return {"Q1", "Q4", "Q5", "Q6"};
    }
  }

  void PlayQualifying() {
    Create("qual", v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS,
           "anc2025_itc_qualifying");
    for (int team = 1; team <= 5; ++team) {
      if (team == 3) {
        Team("qual", 3, "Q", 6);
      } else {
        Team("qual", team, absl::StrCat("T", team, "-"), 4);
      }
    }
    int k = 0;
    for (int round = 1; round <= 10; ++round) {
      const v1::DrawMade draw = Draw("qual", round);
      for (const v1::DrawnMatch& m : draw.matches()) {
        for (int team : {m.home(), m.away()}) {
          const std::string p = absl::StrCat("T", team, "-");
          PostLineup("qual", round, team,
                     team == 3 ? TeamThree(++k)
                               : Lineup{p + "1", p + "2", p + "3", p + "4"});
        }
      }
      Play("qual", round);
    }
    ASSERT_EQ(k, 8);  // two byes in ten rounds (10.7)
  }

  void Qualify() {
    v1::EventPayload q;
    v1::EntrantsQualified* e = q.mutable_entrants_qualified();
    e->set_competition_id("final");
    e->set_from_competition_id("qual");
    e->set_clause("ANC SR 11.3");
    const CompetitionState& qual = Competition("qual");
    for (auto [entrant, from] : {std::pair{1, 3}, std::pair{2, 1}}) {
      v1::QualifiedEntrant* x = e->add_entrants();
      x->set_entrant(entrant);
      x->set_from_entrant(from);
      x->set_place(entrant);
      x->set_name(qual.team_names.at(from));
      for (const std::string& p : qual.pairs.at(from)) x->add_players(p);
    }
    Apply(state_, q);
  }
};

TEST_F(ItcEligibilityTest, AncSr111And143ReadTheQualifyingStage) {
  PlayQualifying();
  // In the qualifying itself: 11.1 (four matches) and 14.3 (seven).
  v1::Eligibility q = Query("qual");
  EXPECT_EQ(Entrant(q, 3).totals().matches(), 8);
  EXPECT_EQ(Player(q, 3, "Q2").played().matches(), 4);
  EXPECT_EQ(Player(q, 3, "Q2").verdicts(0).verdict(), kEligible);
  EXPECT_EQ(Player(q, 3, "Q3").verdicts(0).verdict(), kNotEligible);
  EXPECT_EQ(Player(q, 3, "Q1").verdicts(1).verdict(), kEligible);
  EXPECT_EQ(Player(q, 3, "Q4").verdicts(1).verdict(), kNotEligible);

  Create("final", v1::COMPETITION_KIND_KNOCKOUT_TEAMS, "anc2025_itc_final");
  Qualify();
  // Five 12-board stanzas (11.3), drawn one round each (itc_final) and
  // counted as stanzas of one match. Team 1 (qualifier 3): Q1 and Q2 in
  // stanzas 1-2, Q4 and Q5 in all five, Q6 in 3-5, Q1 in 3-4, Q2 in 5.
  for (int s = 1; s <= 5; ++s) {
    Draw("final", s);
    Lineup one = s <= 2   ? Lineup{"Q1", "Q2", "Q4", "Q5"}
                 : s <= 4 ? Lineup{"Q4", "Q5", "Q6", "Q1"}
                          : Lineup{"Q4", "Q5", "Q6", "Q2"};
    EXPECT_THAT(DecidePostLineup(state_, LineupRequest("final", s, 1, one, 2)),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr("there is no stanza 2")));
    PostLineup("final", s, 1, one);
    PostLineup("final", s, 2, {"T1-1", "T1-2", "T1-3", "T1-4"});
    Play("final", s);
  }

  v1::Eligibility f = Query("final");
  EXPECT_EQ(f.qualifying_competition_id(), "qual");
  EXPECT_EQ(f.qualifying_rounds_counted_size(), 10);
  ASSERT_EQ(f.rules_size(), 3);  // 11.1 play, 11.1 title, 14.3
  const v1::EntrantEligibility& one = Entrant(f, 1);
  EXPECT_EQ(one.qualifying_entrant(), 3);
  EXPECT_EQ(one.totals().stanzas(), 5);
  EXPECT_EQ(one.totals().boards(), 60);
  EXPECT_EQ(one.qualifying_totals().matches(), 8);
  // Q1: 7 qualifying matches, 4 stanzas: all three rules.
  const v1::PlayerEligibility& q1 = Player(f, 1, "Q1");
  EXPECT_EQ(q1.qualifying_played().matches(), 7);
  EXPECT_EQ(q1.played().stanzas(), 4);
  for (int rule = 0; rule < 3; ++rule) {
    EXPECT_EQ(q1.verdicts(rule).verdict(), kEligible) << rule;
  }
  // Q2: 4 matches (= 4), 3 stanzas: may play, a title-holder, no PQP.
  const v1::PlayerEligibility& q2 = Player(f, 1, "Q2");
  EXPECT_EQ(q2.verdicts(0).verdict(), kEligible);
  EXPECT_EQ(q2.verdicts(1).verdict(), kEligible);
  EXPECT_EQ(q2.verdicts(2).verdict(), kNotEligible);
  // Q3: 3 matches, no stanza: none.
  const v1::PlayerEligibility& q3 = Player(f, 1, "Q3");
  EXPECT_EQ(q3.qualifying_played().matches(), 3);
  EXPECT_EQ(q3.verdicts(0).verdict(), kNotEligible);
  EXPECT_EQ(q3.verdicts(1).verdict(), kNotEligible);
  // Q5: 7 matches, 5 stanzas: PQP.
  EXPECT_EQ(Player(f, 1, "Q5").verdicts(2).verdict(), kEligible);
  // Team 2 (qualifier 1): its four played all 8 of its matches.
  EXPECT_EQ(Player(f, 2, "T1-1").qualifying_played().matches(), 8);
  EXPECT_EQ(Player(f, 2, "T1-1").verdicts(2).verdict(), kEligible);

  // A final entered directly, with no recorded qualification: the
  // qualifying-stage requirements cannot be answered.
  Create("final2", v1::COMPETITION_KIND_KNOCKOUT_TEAMS, "anc2025_itc_final");
  Team("final2", 1, "Q", 6);
  v1::Eligibility direct = Query("final2");
  EXPECT_EQ(Player(direct, 1, "Q1").verdicts(0).verdict(), kUndetermined);
  EXPECT_THAT(Player(direct, 1, "Q1").verdicts(0).checks(0).undetermined(),
              HasSubstr("no qualification into 'final2' is recorded"));
  // 11.1's title-holder rule reads the final only: no stanza yet.
  EXPECT_EQ(Player(direct, 1, "Q1").verdicts(1).verdict(), kNotEligible);
}

// ---------------------------------------------------------------------------
// Matchpoint pairs: SABF TR 11.6 as profile data agrees with the
// competition standings' own eligibility.

TEST_F(EligibilityTest, SabfTr116AgreesWithTheCompetitionStandings) {
  Create("mp", v1::COMPETITION_KIND_MATCHPOINT_PAIRS, "sabf_matchpoint_pairs");
  for (int p = 1; p <= 5; ++p) Pair("mp", p);
  // Two sessions of one round: pairs 1-4 at two tables on boards 1-2,
  // pair 5 sits out (no result, no record: absent).
  for (int session = 1; session <= 2; ++session) {
    v1::DefineSessionRequest d;
    d.set_tournament_id("t");
    d.set_competition_id("mp");
    d.set_session(session);
    v1::MovementRound* round = d.mutable_explicit_movement()->add_rounds();
    round->set_round(1);
    for (auto [table, ns, ew] : {std::tuple{1, 1, 2}, std::tuple{2, 3, 4}}) {
      v1::TableAssignment* t = round->add_tables();
      t->set_table(table);
      t->set_ns_pair(ns);
      t->set_ew_pair(ew);
      t->add_boards(1);
      t->add_boards(2);
    }
    Apply(state_, DecideDefineSession(state_, d));
    v1::StartSessionRequest start;
    start.set_tournament_id("t");
    start.set_competition_id("mp");
    start.set_session(session);
    Apply(state_, DecideStartSession(state_, start));
    for (int table = 1; table <= 2; ++table) {
      for (int board = 1; board <= 2; ++board) {
        v1::EnterResultRequest e;
        e.set_tournament_id("t");
        e.set_competition_id("mp");
        e.set_session(session);
        e.set_table(table);
        e.set_board(board);
        e.mutable_result()->mutable_passed_out();
        Apply(state_, DecideEnterResult(state_, e));
      }
    }
    if (session == 1) {
      // Pair 1's B1 replaced in session 1.
      v1::RecordSubstituteRequest sub;
      sub.set_tournament_id("t");
      sub.set_competition_id("mp");
      sub.set_session(1);
      sub.set_pair(1);
      sub.set_substitute("Sam Sub");
      sub.set_replaced_player("B1");
      sub.set_reason(v1::SUBSTITUTE_REASON_ORDINARY);
      Apply(state_, DecideRecordSubstitute(state_, sub));
    }
    v1::PostScoresRequest post;
    post.set_tournament_id("t");
    post.set_competition_id("mp");
    post.set_session(session);
    Apply(state_, DecidePostScores(state_, post));
  }
  // 2 rounds required: 75% of 2 = 1.5 -> 2 with at most one substitute;
  // the pair itself more than half of 2 (1): 2. Pair 1 played 2 with a
  // substitute but only 1 itself: not eligible; pairs 2-4 played both;
  // pair 5 none.
  v1::Eligibility e = Query("mp");
  EXPECT_THAT(e.rounds_counted(), ElementsAre(1, 2));
  EXPECT_EQ(Entrant(e, 1).verdicts(0).verdict(), kNotEligible);
  EXPECT_EQ(Entrant(e, 1).verdicts(0).checks(0).counted(), 2);
  EXPECT_EQ(Entrant(e, 1).verdicts(0).checks(1).counted(), 1);
  EXPECT_EQ(Entrant(e, 1).verdicts(0).checks(1).needed(), 2);
  EXPECT_EQ(Entrant(e, 2).verdicts(0).verdict(), kEligible);
  EXPECT_EQ(Entrant(e, 5).verdicts(0).verdict(), kNotEligible);
  v1::GetCompetitionStandingsRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("mp");
  absl::StatusOr<v1::CompetitionStandings> standings =
      BuildCompetitionStandings(state_, r);
  ASSERT_THAT(standings, IsOk());
  for (const v1::CompetitionStandingsRow& row : standings->rows()) {
    EXPECT_EQ(row.eligible(),
              Entrant(e, row.pair()).verdicts(0).verdict() == kEligible)
        << "pair " << row.pair();
  }
}

}  // namespace
}  // namespace tally::replay
