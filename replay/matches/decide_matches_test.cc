// The decide step of events of matches: each refusal with its status and a
// message a director understands, and the draw's trigger.

#include "replay/matches/decide_matches.h"

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/match_scores/match_standings.h"
#include "replay/matches/decide_withdrawals.h"
#include "replay/testing/apply_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

// Eight pairs in a Swiss pairs event under nsw_swiss_pairs (8-board
// matches, NSW TR 11.2.1 tie-breaks, a bye under NSW TR 12.8).
class DecideMatchesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    v1::CreateTournamentRequest t;
    t.set_tournament_id("t");
    t.set_name("Test");
    Apply(state_, DecideCreateTournament(state_, t));
    v1::CreateCompetitionRequest c;
    c.set_tournament_id("t");
    c.set_competition_id("swiss");
    c.set_name("Swiss");
    c.set_kind(v1::COMPETITION_KIND_SWISS_PAIRS);
    c.set_regulation_profile("nsw_swiss_pairs");
    Apply(state_, DecideCreateCompetition(state_, c));
    for (int pair = 1; pair <= 8; ++pair) {
      v1::RegisterPairRequest r;
      r.set_tournament_id("t");
      r.set_competition_id("swiss");
      r.set_pair(pair);
      r.add_players("A");
      r.add_players("B");
      Apply(state_, DecideRegisterPair(state_, r));
    }
  }

  static v1::MakeDrawRequest Draw(int round) {
    v1::MakeDrawRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("swiss");
    r.set_round(round);
    r.set_seed(7);
    return r;
  }

  static v1::EnterResultRequest Result(int round, int table, int board) {
    v1::EnterResultRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("swiss");
    r.set_session(round);
    r.set_table(table);
    r.set_board(board);
    r.mutable_result()->mutable_passed_out();
    return r;
  }

  const CompetitionState& Swiss() const {
    return state_.tournaments.at("t").competitions.at("swiss");
  }

  State state_;
};

TEST_F(DecideMatchesTest, RoundOneIsDrawnByQuarters) {
  absl::StatusOr<v1::EventPayload> drawn = DecideMakeDraw(state_, Draw(1));
  ASSERT_THAT(drawn, IsOk());
  const v1::DrawMade& d = drawn->draw_made();
  EXPECT_EQ(d.trigger(), v1::DRAW_TRIGGER_ALL_RESULTS_IN);
  EXPECT_EQ(d.method(), "swiss");
  EXPECT_EQ(d.seed(), 7u);
  // 8-board matches from board 1.
  ASSERT_EQ(d.boards_size(), 8);
  EXPECT_EQ(d.boards(0), 1);
  EXPECT_EQ(d.boards(7), 8);
  // SABF TR 14.1, 8 entrants by number: top quarter 1-2 and bottom quarter
  // 7-8 each meet one of the middle 3-6; the top quarter at tables 1-2.
  ASSERT_EQ(d.matches_size(), 4);
  for (int t = 0; t < 2; ++t) {
    EXPECT_EQ(d.matches(t).home(), t + 1);
    EXPECT_GE(d.matches(t).away(), 3);
    EXPECT_LE(d.matches(t).away(), 6);
  }
  for (int t = 2; t < 4; ++t) {
    EXPECT_GE(d.matches(t).home(), 3);
    EXPECT_LE(d.matches(t).home(), 6);
    EXPECT_GE(d.matches(t).away(), 7);
  }
}

TEST_F(DecideMatchesTest, RoundsAreDrawnInOrderAndOnlyOnce) {
  EXPECT_THAT(DecideMakeDraw(state_, Draw(2)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("next round to draw in 'swiss' is round 1")));
  Apply(state_, DecideMakeDraw(state_, Draw(1)));
  EXPECT_THAT(DecideMakeDraw(state_, Draw(1)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("never changes")));
}

TEST_F(DecideMatchesTest, TheNextDrawWaitsForResultsUnlessTheDirectorAsks) {
  Apply(state_, DecideMakeDraw(state_, Draw(1)));
  EXPECT_THAT(DecideMakeDraw(state_, Draw(2)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("ANC SR 6.3")));
  v1::MakeDrawRequest early = Draw(2);
  early.set_early(true);
  absl::StatusOr<v1::EventPayload> drawn = DecideMakeDraw(state_, early);
  ASSERT_THAT(drawn, IsOk());
  EXPECT_EQ(drawn->draw_made().trigger(), v1::DRAW_TRIGGER_DIRECTOR_EARLY);
  EXPECT_EQ(drawn->draw_made().boards(0), 9);  // after round 1's boards
}

TEST_F(DecideMatchesTest, ResultsGoToADrawnRoundsTablesAndBoards) {
  EXPECT_THAT(DecideEnterResult(state_, Result(1, 1, 1)),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("not drawn")));
  Apply(state_, DecideMakeDraw(state_, Draw(1)));
  EXPECT_THAT(DecideEnterResult(state_, Result(1, 5, 1)),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("no match at table 5")));
  EXPECT_THAT(DecideEnterResult(state_, Result(1, 1, 9)),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("board 9 is not played")));
  v1::EnterResultRequest room = Result(1, 1, 1);
  room.set_room(v1::ROOM_OPEN);
  EXPECT_THAT(DecideEnterResult(state_, room),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("give no room")));
  absl::StatusOr<v1::EventPayload> entered =
      DecideEnterResult(state_, Result(1, 1, 1));
  ASSERT_THAT(entered, IsOk());
  const v1::DrawnMatch& match = Swiss().rounds.at(1).draw.matches(0);
  EXPECT_EQ(entered->result_entered().ns_pair(), match.home());
  EXPECT_EQ(entered->result_entered().ew_pair(), match.away());
  Apply(state_, entered);
  EXPECT_THAT(DecideEnterResult(state_, Result(1, 1, 1)),
              StatusIs(absl::StatusCode::kAlreadyExists,
                       HasSubstr("correction")));
  v1::PostScoresRequest post;
  post.set_tournament_id("t");
  post.set_competition_id("swiss");
  post.set_session(1);
  EXPECT_THAT(DecidePostScores(state_, post),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("31 results still missing")));
}

TEST_F(DecideMatchesTest, TheFieldClosesAtTheFirstDraw) {
  Apply(state_, DecideMakeDraw(state_, Draw(1)));
  v1::RegisterPairRequest late;
  late.set_tournament_id("t");
  late.set_competition_id("swiss");
  late.set_pair(9);
  late.add_players("A");
  late.add_players("B");
  EXPECT_THAT(DecideRegisterPair(state_, late),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("field is closed")));
  v1::RegisterTeamRequest team;
  team.set_tournament_id("t");
  team.set_competition_id("swiss");
  team.set_team(1);
  team.set_name("Team");
  EXPECT_THAT(DecideRegisterTeam(state_, team),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("pairs event")));
}

TEST_F(DecideMatchesTest, ADrawByTheProfileTakesNoMatchesFromTheDirector) {
  v1::MakeDrawRequest r = Draw(1);
  v1::DrawnMatch* m = r.add_matches();
  m->set_table(1);
  m->set_home(1);
  m->set_away(2);
  EXPECT_THAT(DecideMakeDraw(state_, r),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("explicit")));
}

// A round imported from another scoring program's file (the command
// carries the file's provenance) is recorded as that program drew it:
// stored "explicit" with the matches and boards given, never drawn again
// (docs/interchange.md, "USEBIO 1.2: Swiss teams").
TEST_F(DecideMatchesTest, ARoundImportedFromAFileIsRecordedAsDrawn) {
  v1::MakeDrawRequest r = Draw(1);
  r.set_first_board(9);
  const int pairs[4][2] = {{8, 1}, {2, 7}, {3, 6}, {4, 5}};
  for (int t = 0; t < 4; ++t) {
    v1::DrawnMatch* m = r.add_matches();
    m->set_table(t + 1);
    m->set_home(pairs[t][0]);
    m->set_away(pairs[t][1]);
  }
  // A provenance without a file names no file: still the profile's draw.
  r.mutable_options()->mutable_provenance()->set_line(12);
  EXPECT_THAT(DecideMakeDraw(state_, r),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("explicit")));
  r.mutable_options()->mutable_provenance()->set_file_name("club.xml");
  absl::StatusOr<v1::EventPayload> drawn = DecideMakeDraw(state_, r);
  ASSERT_THAT(drawn, IsOk());
  const v1::DrawMade& d = drawn->draw_made();
  EXPECT_EQ(d.method(), "explicit");
  ASSERT_EQ(d.matches_size(), 4);
  EXPECT_EQ(d.matches(0).home(), 8);
  EXPECT_EQ(d.matches(0).away(), 1);
  ASSERT_EQ(d.boards_size(), 8);  // nsw_swiss_pairs: 8-board matches
  EXPECT_EQ(d.boards(0), 9);
  // A pair drawn twice is refused as in any explicit draw.
  r.mutable_matches(1)->set_home(8);
  EXPECT_THAT(DecideMakeDraw(state_, r),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("entrant 8 is drawn twice")));
}

// SABF TR 14.1's share match recorded from a file (USEBIO import,
// docs/interchange.md "Share matches"): five teams under nsw_swiss_teams
// (odd field: the share match), round 1 as the fixture
// tests/interchange/usebio_swiss_teams_share.xml draws it: 1 v 2 at table 1,
// the share match A 3, B 4, C 5 at table 2.
class DecideRecordedShareTest : public DecideMatchesTest {
 protected:
  void SetUp() override {
    DecideMatchesTest::SetUp();
    v1::CreateCompetitionRequest c;
    c.set_tournament_id("t");
    c.set_competition_id("teams");
    c.set_name("Swiss teams");
    c.set_kind(v1::COMPETITION_KIND_SWISS_TEAMS);
    c.set_regulation_profile("nsw_swiss_teams");
    c.set_rounds(2);
    Apply(state_, DecideCreateCompetition(state_, c));
    for (int team = 1; team <= 5; ++team) {
      v1::RegisterTeamRequest r;
      r.set_tournament_id("t");
      r.set_competition_id("teams");
      r.set_team(team);
      r.set_name(absl::StrCat("Team ", team));
      for (const char* p : {"A", "B", "C", "D"}) r.add_players(p);
      Apply(state_, DecideRegisterTeam(state_, r));
    }
  }

  static v1::MakeDrawRequest Recorded() {
    v1::MakeDrawRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("teams");
    r.set_round(1);
    r.set_seed(0);  // the import's: no choice is left to chance
    r.mutable_options()->mutable_provenance()->set_file_name("share.xml");
    r.mutable_options()->mutable_provenance()->set_line(40);
    v1::DrawnMatch* m = r.add_matches();
    m->set_table(1);
    m->set_home(1);
    m->set_away(2);
    r.mutable_share()->set_table(2);
    r.mutable_share()->set_a(3);
    r.mutable_share()->set_b(4);
    r.mutable_share()->set_c(5);
    return r;
  }
};

TEST_F(DecideRecordedShareTest,
       IsRecordedAsTheFileSeatsItOnlyWithItsProvenance) {
  v1::MakeDrawRequest r = Recorded();
  absl::StatusOr<v1::EventPayload> drawn = DecideMakeDraw(state_, r);
  ASSERT_THAT(drawn, IsOk());
  const v1::DrawMade& d = drawn->draw_made();
  EXPECT_EQ(d.method(), "explicit");
  ASSERT_EQ(d.matches_size(), 1);
  EXPECT_EQ(d.share().table(), 2);
  EXPECT_EQ(d.share().a(), 3);
  EXPECT_EQ(d.share().b(), 4);
  EXPECT_EQ(d.share().c(), 5);
  EXPECT_EQ(d.bye(), 0);
  ASSERT_EQ(d.boards_size(), 10);  // nsw_swiss_teams: 10-board matches
  // Without a file the Swiss profile draws the round itself: a share given
  // by the director is refused, alone or beside matches.
  r.clear_options();
  EXPECT_THAT(DecideMakeDraw(state_, r),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("share match) only where the method is "
                                 "explicit")));
  r.clear_matches();
  EXPECT_THAT(
      DecideMakeDraw(state_, r),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("explicit")));
}

TEST_F(DecideRecordedShareTest, IsValidatedLikeTheMatches) {
  v1::MakeDrawRequest r = Recorded();
  r.mutable_share()->set_c(9);
  EXPECT_THAT(DecideMakeDraw(state_, r),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("entrant 9 is not registered")));
  r = Recorded();
  r.mutable_share()->set_b(2);  // also at table 1
  EXPECT_THAT(DecideMakeDraw(state_, r),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("entrant 2 is drawn twice in round 1")));
  r = Recorded();
  r.mutable_share()->set_c(3);  // A and C the same team
  EXPECT_THAT(DecideMakeDraw(state_, r),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("entrant 3 is drawn twice")));
  r = Recorded();
  r.mutable_share()->set_table(1);  // the match's table
  EXPECT_THAT(DecideMakeDraw(state_, r),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("table 1 (the share match) is numbered "
                                 "twice")));
  r.mutable_share()->set_table(0);  // teams given, no table
  EXPECT_THAT(DecideMakeDraw(state_, r),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("table 0 (the share match)")));
  // A team withdrawn before round 1 is drawn in no round.
  v1::WithdrawEntrantRequest w;
  w.set_tournament_id("t");
  w.set_competition_id("teams");
  w.set_entrant(5);
  w.set_after_round(0);
  w.set_reason("team ill");
  Apply(state_, DecideWithdrawEntrant(state_, w));
  EXPECT_THAT(DecideMakeDraw(state_, Recorded()),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("entrant 5 has withdrawn")));
}

// NSW TR 12.7: an odd Swiss pairs field plays half matches; three pairs
// cannot play a share match (profile.h, DrawRules.odd_field).
TEST_F(DecideMatchesTest, APairsFieldRecordsNoShareMatch) {
  v1::MakeDrawRequest r = Draw(1);
  r.mutable_options()->mutable_provenance()->set_file_name("pairs.xml");
  const int pairs[2][2] = {{1, 2}, {3, 4}};
  for (int t = 0; t < 2; ++t) {
    v1::DrawnMatch* m = r.add_matches();
    m->set_table(t + 1);
    m->set_home(pairs[t][0]);
    m->set_away(pairs[t][1]);
  }
  r.mutable_share()->set_table(3);
  r.mutable_share()->set_a(5);
  r.mutable_share()->set_b(6);
  r.mutable_share()->set_c(7);
  r.set_bye(8);
  EXPECT_THAT(DecideMakeDraw(state_, r),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("plays an odd field with half_matches, not "
                                 "a share match (SABF TR 14.1)")));
}

TEST_F(DecideMatchesTest, APenaltyNamesItsClauseReasonAndAmount) {
  v1::AwardPenaltyRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("swiss");
  r.set_entrant(3);
  r.mutable_vps()->set_units(300);
  r.mutable_vps()->set_places(2);
  r.set_clause("NSW TR 6.2");
  EXPECT_THAT(DecideAwardPenalty(state_, r),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("reason")));
  r.set_reason("slow play, second offence");
  r.set_entrant(99);
  EXPECT_THAT(DecideAwardPenalty(state_, r),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("entrant 99")));
  r.set_entrant(3);
  r.mutable_vps()->set_units(0);
  EXPECT_THAT(DecideAwardPenalty(state_, r),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("more than 0")));
  r.mutable_vps()->set_units(300);
  r.set_round(2);
  EXPECT_THAT(DecideAwardPenalty(state_, r),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("round 2")));
  r.set_round(0);
  absl::StatusOr<v1::EventPayload> awarded = DecideAwardPenalty(state_, r);
  ASSERT_THAT(awarded, IsOk());
  EXPECT_EQ(awarded->penalty_awarded().vps().units(), 300);
  Apply(state_, awarded);
  EXPECT_EQ(Swiss().penalties.size(), 1u);
}

// NZ LIRG 82C: the director's error in a VP penalty is put right by a new
// penalty naming it, never an edit; the first stays in the log and stops
// counting, and a penalty of 0 rescinds.
TEST_F(DecideMatchesTest, APenaltyIsPutRightByANewOneNamingIt) {
  v1::AwardPenaltyRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("swiss");
  r.set_entrant(3);
  r.mutable_vps()->set_units(3);
  r.set_clause("NSW TR 6.2");
  r.set_reason("slow play, second offence");
  Apply(state_, DecideAwardPenalty(state_, r));
  const uint64_t first = state_.last_sequence;
  auto fines_of_3 = [&] {
    absl::StatusOr<MatchRanking> ranking = RankMatchEntrants(Swiss(), {});
    EXPECT_THAT(ranking, IsOk());
    for (const EntrantStanding& row : ranking->rows) {
      if (row.entrant == 3) return row.penalties;
    }
    return core::Rational(-1);
  };
  EXPECT_EQ(fines_of_3(), core::Rational(3));

  v1::AwardPenaltyRequest fix = r;
  fix.set_reason("first offence only: 1 VP");
  fix.mutable_vps()->set_units(1);
  fix.set_supersedes_sequence(first);
  fix.set_entrant(4);
  EXPECT_THAT(DecideAwardPenalty(state_, fix),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("entrant 3's, not entrant 4's")));
  fix.set_entrant(3);
  fix.set_supersedes_sequence(first + 100);
  EXPECT_THAT(DecideAwardPenalty(state_, fix),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("no VP penalty in force")));
  fix.set_supersedes_sequence(first);
  absl::StatusOr<v1::EventPayload> corrected = DecideAwardPenalty(state_, fix);
  ASSERT_THAT(corrected, IsOk());
  EXPECT_EQ(corrected->penalty_awarded().supersedes_sequence(), first);
  Apply(state_, corrected);
  const uint64_t second = state_.last_sequence;
  EXPECT_EQ(fines_of_3(), core::Rational(1));
  // The first is corrected already: only the latest can be put right.
  EXPECT_THAT(DecideAwardPenalty(state_, fix),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("already corrected")));
  v1::AwardPenaltyRequest rescind = fix;
  rescind.set_supersedes_sequence(second);
  rescind.mutable_vps()->set_units(0);
  rescind.set_reason("no offence: the pair was seated on time");
  Apply(state_, DecideAwardPenalty(state_, rescind));
  EXPECT_EQ(fines_of_3(), core::Rational(0));
  EXPECT_TRUE(Swiss().penalties.empty());
}

// Before any match all eight are level on everything NSW TR 11.2.1 looks
// at: the chain ends at (f), a lot, which the director draws and records.
TEST_F(DecideMatchesTest, ALotSettlesOnlyATieWaitingForOne) {
  v1::RecordLotRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("swiss");
  for (int entrant : {1, 2}) r.add_order(entrant);
  EXPECT_THAT(DecideRecordLot(state_, r),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("not a tie waiting for a lot; waiting: "
                                 "1, 2, 3, 4, 5, 6, 7, 8")));
  r.clear_order();
  for (int entrant : {5, 3, 8, 1, 2, 7, 4, 6}) r.add_order(entrant);
  absl::StatusOr<v1::EventPayload> lot = DecideRecordLot(state_, r);
  ASSERT_THAT(lot, IsOk());
  EXPECT_EQ(lot->lot_drawn().clause(), "NSW TR 11.2.1");
  Apply(state_, lot);
  absl::StatusOr<MatchRanking> ranking = RankMatchEntrants(Swiss(), {});
  ASSERT_THAT(ranking, IsOk());
  std::vector<int> order;
  for (const EntrantStanding& row : ranking->rows) {
    order.push_back(row.entrant);
    if (row.entrant != 5) {
      EXPECT_EQ(row.placing.criterion, "lot");
    }
  }
  EXPECT_THAT(order, ::testing::ElementsAre(5, 3, 8, 1, 2, 7, 4, 6));
  EXPECT_TRUE(ranking->pending.empty());
  // Nothing is waiting any more.
  EXPECT_THAT(DecideRecordLot(state_, r),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("no tie is waiting")));
}

}  // namespace
}  // namespace tally::replay
