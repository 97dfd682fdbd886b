// End to end (issue #16, defects 1-6 of "The regulations as applied"):
// each defect's regression through the gRPC API on a real tallyd whose
// clock is a file the test sets (tallyd --test_clock_file). Every refusal
// names its clause and leaves the log as it was. Expected figures are the
// regulations' (cited at each test) or worked by hand in the comments.

#include <memory>
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
#include "tally/v1/calculator.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tests/client_calls.h"
#include "tests/match_client.h"
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

// One tallyd with a settable clock, one competition of tournament "t".
class RegulationFixesTest : public ::testing::Test {
 protected:
  void StartServer(const std::string& name) {
    dir_ = MakeTempDir(name);
    clock_ = dir_ + "/clock";
    SetClock(clock_, Clock(9, 0));
    tallyd_ = std::make_unique<TallydProcess>(TallydPath(), dir_ + "/data");
    tallyd_->AddFlag("--test_clock_file=" + clock_);
    ASSERT_THAT(tallyd_->Start(), IsOk());
    client_ = std::make_unique<MatchClient>(tallyd_->channel(), "t", "c");
    director_ = v1::DirectorService::NewStub(tallyd_->channel());
    query_ = v1::QueryService::NewStub(tallyd_->channel());
  }

  void At(absl::Time t) { SetClock(clock_, t); }

  v1::CommandOptions Options() {
    return Key(absl::StrCat("regulation-fixes/", ++commands_));
  }

  // Calls `rpc` with `request` (options filled in); the outcome or the
  // refusal.
  template <typename Request, typename Rpc>
  absl::StatusOr<v1::CommandOutcome> Call(Request request, Rpc rpc) {
    *request.mutable_options() = Options();
    request.set_tournament_id("t");
    v1::CommandOutcome out;
    grpc::Status s =
        ((*director_).*rpc)(ContextAs("td:test").get(), request, &out);
    if (!s.ok()) return server::FromGrpcStatus(s);
    return out;
  }

  absl::StatusOr<v1::CommandOutcome> Rule(v1::RecordRulingRequest r) {
    r.set_competition_id("c");
    return Call(std::move(r), &v1::DirectorService::Stub::RecordRuling);
  }

  absl::StatusOr<v1::CommandOutcome> Lodge(v1::LodgeAppealRequest r) {
    return Call(std::move(r), &v1::DirectorService::Stub::LodgeAppeal);
  }

  // A Butler session of one round: table i+1 seats ns[i] v ew[i], each
  // playing boards first..last; started.
  void DefineAndStart(const std::vector<int>& ns, const std::vector<int>& ew,
                      int first, int last) {
    v1::DefineSessionRequest d;
    d.set_competition_id("c");
    d.set_session(1);
    v1::MovementRound* round = d.mutable_explicit_movement()->add_rounds();
    round->set_round(1);
    for (size_t i = 0; i < ns.size(); ++i) {
      v1::TableAssignment* a = round->add_tables();
      a->set_table(static_cast<int>(i) + 1);
      a->set_ns_pair(ns[i]);
      a->set_ew_pair(ew[i]);
      for (int b = first; b <= last; ++b) a->add_boards(b);
    }
    ASSERT_THAT(Call(d, &v1::DirectorService::Stub::DefineSession), IsOk());
    v1::StartSessionRequest s;
    s.set_competition_id("c");
    s.set_session(1);
    ASSERT_THAT(Call(s, &v1::DirectorService::Stub::StartSession), IsOk());
  }

  // Law 12C2(a): `board` not played at `table`, average plus to both.
  static v1::RecordRulingRequest NotPlayed(int session, int table, int board) {
    v1::RecordRulingRequest r;
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

  // anc2025_abpc_open_stage2 (ANC SR 16.11: (n-2) middle scores), 4 tables
  // playing boards 1-12, every result passed out, but boards 1..`boards`
  // not played at table 1 (pairs 1 and 5; average plus to both).
  void PlayWithBoardsNotPlayedAtTableOne(int boards) {
    ASSERT_THAT(client_->Create(v1::COMPETITION_KIND_BUTLER_PAIRS,
                                "anc2025_abpc_open_stage2"),
                IsOk());
    ASSERT_THAT(client_->RegisterPairs(8), IsOk());
    DefineAndStart({1, 2, 3, 4}, {5, 6, 7, 8}, 1, 12);
    for (int table = 1; table <= 4; ++table) {
      for (int board = 1; board <= 12; ++board) {
        if (table == 1 && board <= boards) continue;
        ASSERT_THAT(client_->Enter(1, table, board, PassedOut()), IsOk());
      }
    }
    for (int board = 1; board <= boards; ++board) {
      ASSERT_THAT(Rule(NotPlayed(1, 1, board)), IsOk());
    }
  }

  // Pairs 1 and 5 each have `net_imps` in session 1's standings.
  void ExpectNetImpsOfPairsOneAndFive(const std::string& net_imps) {
    v1::GetStandingsRequest s;
    s.set_tournament_id("t");
    s.set_competition_id("c");
    s.set_session(1);
    v1::Standings standings;
    ASSERT_TRUE(
        query_->GetStandings(ContextAs("td:test").get(), s, &standings).ok());
    int seen = 0;
    for (const v1::StandingsField& f : standings.fields()) {
      for (const v1::StandingsRow& row : f.rows()) {
        if (row.pair() == 1 || row.pair() == 5) {
          ++seen;
          EXPECT_EQ(FractionText(row.net_imps()), net_imps)
              << "pair " << row.pair();
        }
      }
    }
    EXPECT_EQ(seen, 2);
  }

  // An appeal by `appellant` on `board` at `table` of round 1.
  static v1::LodgeAppealRequest Appeal(v1::AppealKind kind, int table,
                                       int board, int appellant,
                                       int respondent) {
    v1::LodgeAppealRequest l;
    v1::AppealLodged* a = l.mutable_appeal();
    a->set_competition_id("c");
    a->set_kind(kind);
    a->set_session(1);
    a->set_table(table);
    a->set_board(board);
    a->set_appellant(appellant);
    a->set_appellant_signature(absl::StrCat("P", appellant, " North"));
    a->add_respondents(respondent);
    a->set_grounds("The director misapplied the Law.");
    a->set_directors_ruling("Score adjusted.");
    return l;
  }

  // sabf_swiss_teams (14-board matches, the WBF scale of SABF TR 21.10;
  // fouled boards by the Fouled-board guide's match play), 4 teams, round 1
  // drawn. Every board is passed out in both rooms of both matches except
  // the first board of the first match, whose open room (home North-South)
  // is 2S= by North, NS +110 against 0: 3 IMPs to home. Returns that match.
  v1::DrawnMatch PlayTeamsRoundWithThreeImpsToHome() {
    EXPECT_THAT(
        client_->Create(v1::COMPETITION_KIND_SWISS_TEAMS, "sabf_swiss_teams"),
        IsOk());
    EXPECT_THAT(client_->RegisterTeams(4), IsOk());
    absl::StatusOr<v1::DrawMade> draw = client_->Draw(1, 3);
    EXPECT_THAT(draw, IsOk());
    if (!draw.ok()) return {};
    EXPECT_EQ(draw->boards_size(), 14);
    board_ = draw->boards(0);
    for (const v1::DrawnMatch& m : draw->matches()) {
      for (int board : draw->boards()) {
        for (v1::Room room : {v1::ROOM_OPEN, v1::ROOM_CLOSED}) {
          const bool played = m.table() == draw->matches(0).table() &&
                              board == board_ && room == v1::ROOM_OPEN;
          EXPECT_THAT(client_->Enter(1, m.table(), board,
                                     played ? Played(2, v1::STRAIN_SPADES,
                                                     v1::SEAT_NORTH, 8)
                                            : PassedOut(),
                                     room),
                      IsOk());
        }
      }
    }
    return draw->matches(0);
  }

  // A Fouled-board guide (Match Play) ruling on board_ of round 1 at the
  // match's `table`.
  v1::RecordRulingRequest Fouled(int table, const std::string& treatment,
                                 int offending, int imps = 0,
                                 bool cards_exchanged = false) {
    v1::RecordRulingRequest r;
    r.set_session(1);
    r.set_table(table);
    r.set_board(board_);
    r.set_law("Fouled-board guide (Match Play)");
    r.set_text("board fouled between the rooms");
    r.mutable_fouled()->set_treatment(treatment);
    r.mutable_fouled()->set_offending_team(offending);
    r.mutable_fouled()->set_adjusted_imps(imps);
    r.mutable_fouled()->set_cards_exchanged(cards_exchanged);
    return r;
  }

  // The result of round 1's match at `table`.
  v1::MatchResult MatchAt(int table) {
    absl::StatusOr<v1::MatchResults> results = client_->Results(1);
    EXPECT_THAT(results, IsOk());
    if (!results.ok()) return {};
    for (const v1::MatchResult& m : results->matches()) {
      if (m.table() == table) return m;
    }
    ADD_FAILURE() << "no match at table " << table;
    return {};
  }

  // `r` is refused with `code` and a message containing `text`, and the
  // log does not grow.
  void ExpectRefused(v1::RecordRulingRequest r, absl::StatusCode code,
                     const std::string& text) {
    absl::StatusOr<uint64_t> before = client_->LogLength();
    ASSERT_THAT(before, IsOk());
    EXPECT_THAT(Rule(std::move(r)), StatusIs(code, HasSubstr(text)));
    EXPECT_EQ(*client_->LogLength(), *before);
  }

  int board_ = 0;  // the fouled board
  std::string dir_;
  std::string clock_;
  std::unique_ptr<TallydProcess> tallyd_;
  std::unique_ptr<MatchClient> client_;
  std::unique_ptr<v1::DirectorService::Stub> director_;
  std::unique_ptr<v1::QueryService::Stub> query_;
  int commands_ = 0;
};

// Defect 1(a). ANC SR 6.2: a late ruling's time is "30 minutes after the
// parties are advised", extended only when the next round "is scheduled to
// commence within that period". Round 1 09:30-11:30, round 2 from 11:45,
// advised at 12:10: the time expires at 12:40, not 14:15.
TEST_F(RegulationFixesTest, AncSr62LateRulingIsNotExtendedByARoundUnderWay) {
  StartServer("reg-fix-1a");
  ASSERT_THAT(client_->Create(v1::COMPETITION_KIND_SWISS_PAIRS, "anc2025_wsp"),
              IsOk());
  ASSERT_THAT(client_->RegisterPairs(10), IsOk());
  absl::StatusOr<v1::DrawMade> draw = client_->Draw(1, 5);
  ASSERT_THAT(draw, IsOk());
  ASSERT_THAT(client_->Schedule(1, Clock(9, 30), Clock(11, 30), false), IsOk());
  ASSERT_THAT(client_->Schedule(2, Clock(11, 45), Clock(13, 45), false),
              IsOk());
  const v1::DrawnMatch& m = draw->matches(0);
  v1::LodgeAppealRequest late =
      Appeal(v1::APPEAL_KIND_RULING_REVIEW, m.table(), 3, m.home(), m.away());
  late.mutable_appeal()->set_ruling_made_after_session(true);
  *late.mutable_appeal()->mutable_ruling_advised_at() =
      replay::ToTimestamp(Clock(12, 10));
  At(Clock(12, 40, 1));
  absl::StatusOr<uint64_t> before = client_->LogLength();
  ASSERT_THAT(before, IsOk());
  EXPECT_THAT(Lodge(late),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("expired at 2026-03-14 12:40 UTC"),
                             HasSubstr("ANC SR 6.2"))));
  EXPECT_EQ(*client_->LogLength(), *before);
  At(Clock(12, 39, 59));
  EXPECT_THAT(Lodge(late), IsOk());
}

// Defect 1(b). ANC SR 6.2 "when the ruling is made after the session": the
// log shows the ruling made at 11:52, before round 1's scheduled end at
// 12:00. A review at 14:30 claiming a late ruling advised at 14:20 is
// refused, and the log is unchanged.
TEST_F(RegulationFixesTest, AncSr62LateRulingClaimIsCheckedAgainstTheLog) {
  StartServer("reg-fix-1b");
  ASSERT_THAT(client_->Create(v1::COMPETITION_KIND_SWISS_PAIRS, "anc2025_wsp"),
              IsOk());
  ASSERT_THAT(client_->RegisterPairs(10), IsOk());
  absl::StatusOr<v1::DrawMade> draw = client_->Draw(1, 5);
  ASSERT_THAT(draw, IsOk());
  ASSERT_THAT(client_->Schedule(1, Clock(10, 0), Clock(12, 0), false), IsOk());
  ASSERT_THAT(client_->Schedule(2, Clock(14, 0), Clock(16, 0), false), IsOk());
  const v1::DrawnMatch& m = draw->matches(0);
  At(Clock(11, 40));
  ASSERT_THAT(client_->Enter(1, m.table(), 3, PassedOut()), IsOk());
  At(Clock(11, 52));
  v1::RecordRulingRequest r;
  r.set_session(1);
  r.set_table(m.table());
  r.set_board(3);
  r.set_law("Law 12C1(b)");
  r.set_text("Score assigned: 3S making, NS +140.");
  *r.mutable_adjusted()->mutable_assigned() =
      Played(3, v1::STRAIN_SPADES, v1::SEAT_NORTH, 9);
  absl::StatusOr<v1::CommandOutcome> ruling = Rule(r);
  ASSERT_THAT(ruling, IsOk());

  v1::LodgeAppealRequest late =
      Appeal(v1::APPEAL_KIND_RULING_REVIEW, m.table(), 3, m.home(), m.away());
  late.mutable_appeal()->set_ruling_sequence(ruling->sequence());
  late.mutable_appeal()->set_ruling_made_after_session(true);
  *late.mutable_appeal()->mutable_ruling_advised_at() =
      replay::ToTimestamp(Clock(14, 20));
  At(Clock(14, 30));
  absl::StatusOr<uint64_t> before = client_->LogLength();
  ASSERT_THAT(before, IsOk());
  EXPECT_THAT(Lodge(late),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("made at 2026-03-14 11:52 UTC"),
                             HasSubstr("ANC SR 6.2"))));
  EXPECT_EQ(*client_->LogLength(), *before);
}

// Defects 2 and 4. anc2025_abpc_open_stage2 (ANC SR 16.11: (n-2) middle
// scores), 4 tables playing boards 1-12, all passed out, but boards 1-7
// not played at table 1 (average plus to both pairs). ANC SR 7.5-7.6 and
// the appendix: 2 sqrt(7) = 5.29, "rounded to the nearest IMP": 5 IMPs to
// each of pairs 1 and 5 (not 7 x 2 = 14). The traveller of board 1 says
// table 1's artificial score is "not in datum".
TEST_F(RegulationFixesTest, AncAppendixSeveralBoardsAndTheTravellerRole) {
  StartServer("reg-fix-2");
  PlayWithBoardsNotPlayedAtTableOne(7);
  ExpectNetImpsOfPairsOneAndFive("5");

  v1::GetTravellerRequest t;
  t.set_tournament_id("t");
  t.set_competition_id("c");
  t.set_session(1);
  t.set_board(1);
  v1::Traveller traveller;
  ASSERT_TRUE(
      query_->GetTraveller(ContextAs("td:test").get(), t, &traveller).ok());
  ASSERT_EQ(traveller.lines_size(), 4);
  for (const v1::TravellerLine& line : traveller.lines()) {
    if (line.table() == 1) {
      EXPECT_EQ(line.datum_role(), "not in datum");
    } else {
      EXPECT_NE(line.datum_role(), "not in datum") << line.table();
    }
  }
}

// Defect 2, the other two counts. ANC SR 7.5-7.6 and the appendix
// (pairs: 2 sqrt(N) IMPs in total, "rounded to the nearest IMP"): 2 boards
// not played at table 1 give 2 sqrt(2) = 2.83, 3 IMPs to each of pairs 1
// and 5 (not 2 x 2 = 4); 4 boards give 2 sqrt(4) = 4 IMPs (not 4 x 2 = 8).
TEST_F(RegulationFixesTest, AncAppendixTwoBoardsNotPlayedGiveThreeImps) {
  StartServer("reg-fix-2b");
  PlayWithBoardsNotPlayedAtTableOne(2);
  ExpectNetImpsOfPairsOneAndFive("3");
}

TEST_F(RegulationFixesTest, AncAppendixFourBoardsNotPlayedGiveFourImps) {
  StartServer("reg-fix-2c");
  PlayWithBoardsNotPlayedAtTableOne(4);
  ExpectNetImpsOfPairsOneAndFive("4");
}

// Defect 3. anc2025_abpc_open_stage1, ANC SR 16.4 "(n-6) middle scores":
// 7 tables; board 1 ruled not played at table 7 would leave 6 scores, none
// to average. The ruling is refused naming the clause, the log unchanged,
// and the session cannot be posted with board 1 missing at table 7.
TEST_F(RegulationFixesTest, AncSr16_4RefusesABoardLeftWithTooFewScores) {
  StartServer("reg-fix-3");
  ASSERT_THAT(client_->Create(v1::COMPETITION_KIND_BUTLER_PAIRS,
                              "anc2025_abpc_open_stage1"),
              IsOk());
  ASSERT_THAT(client_->RegisterPairs(14), IsOk());
  DefineAndStart({1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14}, 1, 2);
  for (int table = 1; table <= 7; ++table) {
    if (table != 7) {
      ASSERT_THAT(client_->Enter(1, table, 1, PassedOut()), IsOk());
    }
    ASSERT_THAT(client_->Enter(1, table, 2, PassedOut()), IsOk());
  }
  absl::StatusOr<uint64_t> before = client_->LogLength();
  ASSERT_THAT(before, IsOk());
  EXPECT_THAT(Rule(NotPlayed(1, 7, 1)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("board 1 of session 1"),
                             HasSubstr("ANC SR 16.4"))));
  EXPECT_EQ(*client_->LogLength(), *before);
  EXPECT_THAT(client_->Post(1), StatusIs(absl::StatusCode::kFailedPrecondition,
                                         HasSubstr("missing")));
}

// Defects 3 and 5 in an event of pairs matches (nsw_swiss_pairs, 7 pairs:
// two matches and NSW TR 12.7's half-match table). (3) ANC SR 16.11 (the
// profile's datum): fewer than 15 tables, "the (n-2) middle scores", so a
// board of 3 tables needs all 3: an artificial score at one of them would
// leave the board unscored and is refused, nothing appended. (5) At the
// half-match table the pair drawn for the second half did not play the
// first half's board and cannot appeal it; the pair that did can.
TEST_F(RegulationFixesTest, PairsMatchesDatumShortfallAndHalfMatchAppeal) {
  StartServer("reg-fix-3-5-matches");
  ASSERT_THAT(
      client_->Create(v1::COMPETITION_KIND_SWISS_PAIRS, "nsw_swiss_pairs"),
      IsOk());
  ASSERT_THAT(client_->RegisterPairs(7), IsOk());
  absl::StatusOr<v1::DrawMade> draw = client_->Draw(1, 3);
  ASSERT_THAT(draw, IsOk());
  const v1::DrawnHalfMatches& g = draw->half_matches();
  ASSERT_NE(g.table(), 0);
  std::vector<int> tables = {g.table()};
  for (const v1::DrawnMatch& dm : draw->matches()) tables.push_back(dm.table());
  ASSERT_EQ(tables.size(), 3u);
  for (int table : tables) {
    for (int b : draw->boards()) {
      ASSERT_THAT(client_->Enter(1, table, b, PassedOut()), IsOk());
    }
  }
  const int board = draw->boards(0);  // the first half's
  absl::StatusOr<uint64_t> before = client_->LogLength();
  ASSERT_THAT(before, IsOk());
  v1::RecordRulingRequest r = NotPlayed(1, draw->matches(0).table(), board);
  r.set_board_not_played(false);
  r.set_law("Law 12C2");
  EXPECT_THAT(Rule(r), StatusIs(absl::StatusCode::kFailedPrecondition,
                                AllOf(HasSubstr("would keep only 2 of its 3"),
                                      HasSubstr("ANC SR 16.11"))));
  EXPECT_THAT(Lodge(Appeal(v1::APPEAL_KIND_DIRECTOR_RULING, g.table(), board,
                           g.second(), g.pivot())),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("did not play the board")));
  EXPECT_EQ(*client_->LogLength(), *before);
  EXPECT_THAT(Lodge(Appeal(v1::APPEAL_KIND_DIRECTOR_RULING, g.table(), board,
                           g.first(), g.pivot())),
              IsOk());
  EXPECT_THAT(client_->Post(1), IsOk());
}

// Defect 5. sabf_butler_swiss (SABF TR 7). (a) Only a pair at the table
// may appeal the board; (b) "a fine of up to three Victory Points" for a
// frivolous appeal comes off the appellant's total; (c) a director's
// ruling cannot supersede the committee's decision ("right of further
// appeal to the Management Committee").
TEST_F(RegulationFixesTest, SabfTr7AppealsParticipantsPenaltyAndFinality) {
  StartServer("reg-fix-5");
  ASSERT_THAT(
      client_->Create(v1::COMPETITION_KIND_SWISS_PAIRS, "sabf_butler_swiss"),
      IsOk());
  ASSERT_THAT(client_->RegisterPairs(10), IsOk());
  absl::StatusOr<v1::DrawMade> draw = client_->Draw(1, 5);
  ASSERT_THAT(draw, IsOk());
  ASSERT_THAT(client_->Schedule(1, Clock(10, 0), Clock(11, 10), false), IsOk());
  At(Clock(10, 30));
  for (const v1::DrawnMatch& dm : draw->matches()) {
    for (int b : draw->boards()) {
      ASSERT_THAT(client_->Enter(1, dm.table(), b, PassedOut()), IsOk());
    }
  }
  const v1::DrawnMatch& m = draw->matches(0);
  const v1::DrawnMatch& other = draw->matches(1);
  const int board = draw->boards(0);
  At(Clock(11, 0));

  // (a) A pair from another table: refused, nothing appended.
  absl::StatusOr<uint64_t> before = client_->LogLength();
  ASSERT_THAT(before, IsOk());
  EXPECT_THAT(Lodge(Appeal(v1::APPEAL_KIND_DIRECTOR_RULING, m.table(), board,
                           other.home(), m.away())),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("did not play the board"),
                             HasSubstr("SABF TR 7"))));
  EXPECT_EQ(*client_->LogLength(), *before);

  // (b) The table's appeal, heard, upheld, 3 VPs for an appeal without
  // merit: the appellant's standing shows 3 VPs deducted.
  ASSERT_THAT(Lodge(Appeal(v1::APPEAL_KIND_DIRECTOR_RULING, m.table(), board,
                           m.home(), m.away())),
              IsOk());
  v1::HearAppealRequest hear;
  hear.mutable_heard()->set_competition_id("c");
  hear.mutable_heard()->set_appeal(1);
  hear.mutable_heard()->set_chair("Chair One");
  hear.mutable_heard()->add_members("Chair One");
  hear.mutable_heard()->add_members("Member Two");
  ASSERT_THAT(Call(hear, &v1::DirectorService::Stub::HearAppeal), IsOk());
  v1::DecideAppealRequest decide;
  v1::AppealDecided* d = decide.mutable_decided();
  d->set_competition_id("c");
  d->set_appeal(1);
  d->set_outcome(v1::APPEAL_OUTCOME_UPHELD);
  d->set_decision("The ruling stands; the appeal had no merit.");
  d->mutable_penalty()->set_kind(v1::MERIT_PENALTY_KIND_VICTORY_POINTS);
  d->mutable_penalty()->mutable_amount()->set_numerator(3);
  d->mutable_penalty()->mutable_amount()->set_denominator(1);
  ASSERT_THAT(Call(decide, &v1::DirectorService::Stub::DecideAppeal), IsOk());
  absl::StatusOr<v1::MatchStandings> standings = client_->Standings();
  ASSERT_THAT(standings, IsOk());
  bool found = false;
  for (const v1::MatchStandingsRow& row : standings->rows()) {
    if (row.entrant() != m.home()) continue;
    found = true;
    EXPECT_EQ(DecimalText(row.penalties()), "3.00");
  }
  EXPECT_TRUE(found);

  // (c) The second table's appeal, varied by the committee; a director's
  // ruling superseding it is refused, nothing appended.
  ASSERT_THAT(Lodge(Appeal(v1::APPEAL_KIND_DIRECTOR_RULING, other.table(),
                           board, other.home(), other.away())),
              IsOk());
  hear.mutable_heard()->set_appeal(2);
  ASSERT_THAT(Call(hear, &v1::DirectorService::Stub::HearAppeal), IsOk());
  d->set_appeal(2);
  d->set_outcome(v1::APPEAL_OUTCOME_VARIED);
  d->clear_penalty();
  d->set_decision("Varied to 1NT making, NS +90.");
  *d->mutable_adjusted_score()->mutable_assigned() =
      Played(1, v1::STRAIN_NO_TRUMP, v1::SEAT_NORTH, 7);
  absl::StatusOr<v1::CommandOutcome> varied =
      Call(decide, &v1::DirectorService::Stub::DecideAppeal);
  ASSERT_THAT(varied, IsOk());
  // The decision is the committee's: its principal, in its role (issue #15).
  absl::StatusOr<std::vector<v1::Event>> log =
      ReadWholeLog(*tallyd_->channel());
  ASSERT_THAT(log, IsOk());
  EXPECT_EQ((*log)[varied->sequence() - 1].actor().role(),
            v1::ROLE_APPEALS_COMMITTEE);
  v1::RecordRulingRequest r;
  r.set_session(1);
  r.set_table(other.table());
  r.set_board(board);
  r.set_law("Law 12C1(b)");
  r.set_text("Score assigned: passed out.");
  *r.mutable_adjusted()->mutable_assigned() = PassedOut();
  r.set_supersedes_sequence(varied->sequence());
  before = client_->LogLength();
  EXPECT_THAT(Rule(r), StatusIs(absl::StatusCode::kFailedPrecondition,
                                AllOf(HasSubstr("appeal 2 decided"),
                                      HasSubstr("SABF TR 7"))));
  EXPECT_EQ(*client_->LogLength(), *before);
}

// Defect 6. nsw_matchpoint_pairs, a one-session night: posted at 21:45,
// nothing more scheduled. NSW TR 12.4: "the results will become official 30
// minutes after the posting of scores, after which time no further
// corrections may be made": a scorer's correction at 22:20 is refused, and
// the windows close at 22:15 without `schedule --last-of-stage`.
TEST_F(RegulationFixesTest, NswTr12_4OneSessionNightWindowsCloseByThemselves) {
  StartServer("reg-fix-6");
  ASSERT_THAT(client_->Create(v1::COMPETITION_KIND_MATCHPOINT_PAIRS,
                              "nsw_matchpoint_pairs"),
              IsOk());
  ASSERT_THAT(client_->RegisterPairs(8), IsOk());
  At(Clock(19, 30));
  DefineAndStart({1, 2, 3, 4}, {5, 6, 7, 8}, 1, 2);
  At(Clock(21, 30));
  for (int table = 1; table <= 4; ++table) {
    for (int board = 1; board <= 2; ++board) {
      ASSERT_THAT(client_->Enter(1, table, board, PassedOut()), IsOk());
    }
  }
  At(Clock(21, 45));
  ASSERT_THAT(client_->Post(1), IsOk());

  absl::StatusOr<v1::TimeWindows> windows = client_->TimeWindows(Clock(22, 0));
  ASSERT_THAT(windows, IsOk());
  ASSERT_GT(windows->windows_size(), 0);
  for (const v1::TimeWindowView& v : windows->windows()) {
    EXPECT_EQ(replay::ToTime(v.closes_at()), Clock(22, 15)) << v.line();
    EXPECT_THAT(v.line(), Not(HasSubstr("have not been posted")));
  }

  v1::CorrectResultRequest c;
  c.set_session(1);
  c.set_table(1);
  c.set_board(1);
  c.set_kind(v1::CORRECTION_KIND_SCORER_ERROR);
  c.set_reason("entered against the wrong board");
  *c.mutable_result() = Played(1, v1::STRAIN_NO_TRUMP, v1::SEAT_NORTH, 7);
  At(Clock(22, 20));
  absl::StatusOr<uint64_t> before = client_->LogLength();
  ASSERT_THAT(before, IsOk());
  EXPECT_THAT(client_->Correct(c),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("NSW TR 12.3, 12.4")));
  EXPECT_EQ(*client_->LogLength(), *before);
}

// Defect 2 under nsw_butler through the API. NSW TR 12.10(b): "if 4-7
// boards are unplayed: 1 IMP per board unplayed + 3.0 IMPs". 8 pairs in a
// round robin; 4 boards of the first match could not be played (average
// plus to both pairs, through no fault); every other board is passed out
// everywhere (datum 0). Each pair of that match gets 4 + 3 = 7 IMPs, not
// 4 x 2 = 8.
TEST_F(RegulationFixesTest, NswTr12_10bFourUnplayedBoardsInAMatch) {
  StartServer("reg-fix-12-10");
  ASSERT_THAT(client_->Create(v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
                              "nsw_butler"),
              IsOk());
  ASSERT_THAT(client_->RegisterPairs(8), IsOk());
  absl::StatusOr<v1::DrawMade> draw = client_->Draw(1, 3);
  ASSERT_THAT(draw, IsOk());
  ASSERT_GE(draw->boards_size(), 4);
  const int table = draw->matches(0).table();
  for (const v1::DrawnMatch& m : draw->matches()) {
    for (int i = 0; i < draw->boards_size(); ++i) {
      if (m.table() == table && i < 4) {
        ASSERT_THAT(Rule(NotPlayed(1, table, draw->boards(i))), IsOk());
      } else {
        ASSERT_THAT(client_->Enter(1, m.table(), draw->boards(i), PassedOut()),
                    IsOk());
      }
    }
  }
  absl::StatusOr<v1::MatchResults> results = client_->Results(1);
  ASSERT_THAT(results, IsOk());
  bool seen = false;
  for (const v1::MatchResult& m : results->matches()) {
    if (m.table() != table) continue;
    seen = true;
    EXPECT_EQ(FractionText(m.home_imps()), "7");
    EXPECT_EQ(FractionText(m.away_imps()), "7");
  }
  EXPECT_TRUE(seen);
}

// ANC SR 7.7: "Where due to the fouling of multiple boards, direct
// comparisons are available on less than one-half the boards in the match,
// the match will be scored in accordance with ABF TR 15.1 (Forfeits),
// treating both units as non-offenders." anc2025_itc_qualifying, 8 teams,
// 16-board matches. At the first table only 7 boards are played in both
// rooms (passed out: 0 IMPs); 9 could not be played in either room
// (average plus to both). 2 x 7 = 14 < 16: the match is a forfeit with
// both teams non-offending, each the ITC forfeit's non-offender score
// (ANC SR 10.12, interim): 56.5 VPs and 56.5 - 35 = +21.5 IMPs (10.10
// inverted). Before the fix it was scored on its boards: 3 sqrt(9) = 9
// IMPs to each team (ANC SR 7.5 appendix), 44 - 44 VPs. At the second
// table 8 boards are played and 8 not: exactly one half is compared, so the
// match is scored on its boards: 3 sqrt(8) = 8.49, rounded to 8 IMPs each,
// 43 - 43 VPs (35 + 8). The calculator says the same.
TEST_F(RegulationFixesTest, AncSr7_7MatchWithFewComparisonsIsAForfeit) {
  StartServer("reg-fix-7-7");
  ASSERT_THAT(client_->Create(v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS,
                              "anc2025_itc_qualifying"),
              IsOk());
  ASSERT_THAT(client_->RegisterTeams(8), IsOk());
  absl::StatusOr<v1::DrawMade> draw = client_->Draw(1, 7);
  ASSERT_THAT(draw, IsOk());
  ASSERT_EQ(draw->boards_size(), 16);
  ASSERT_GE(draw->matches_size(), 2);
  const v1::DrawnMatch few = draw->matches(0);
  const v1::DrawnMatch half = draw->matches(1);
  for (const v1::DrawnMatch& m : draw->matches()) {
    const int played = m.table() == few.table()    ? 7
                       : m.table() == half.table() ? 8
                                                   : 16;
    for (int i = 0; i < 16; ++i) {
      const int board = draw->boards(i);
      for (v1::Room room : {v1::ROOM_OPEN, v1::ROOM_CLOSED}) {
        if (i < played) {
          ASSERT_THAT(client_->Enter(1, m.table(), board, PassedOut(), room),
                      IsOk());
          continue;
        }
        v1::RecordRulingRequest r = NotPlayed(1, m.table(), board);
        r.set_room(room);
        ASSERT_THAT(Rule(r), IsOk());
      }
    }
  }
  absl::StatusOr<v1::MatchResults> results = client_->Results(1);
  ASSERT_THAT(results, IsOk());
  const v1::MatchResult* forfeit = nullptr;
  const v1::MatchResult* scored = nullptr;
  for (const v1::MatchResult& m : results->matches()) {
    if (m.table() == few.table()) forfeit = &m;
    if (m.table() == half.table()) scored = &m;
  }
  ASSERT_NE(forfeit, nullptr);
  ASSERT_NE(scored, nullptr);
  ASSERT_TRUE(forfeit->has_forfeit());
  EXPECT_EQ(forfeit->forfeit().offenders_size(), 0);
  EXPECT_THAT(forfeit->forfeit().clause(), HasSubstr("ANC SR 7.7"));
  EXPECT_THAT(forfeit->forfeit().reason(),
              HasSubstr("direct comparisons on 7 of 16 boards"));
  EXPECT_EQ(DecimalText(forfeit->home_vps()), "56.50");
  EXPECT_EQ(DecimalText(forfeit->away_vps()), "56.50");
  EXPECT_EQ(FractionText(forfeit->home_imps()), "43/2");
  EXPECT_EQ(FractionText(forfeit->away_imps()), "43/2");

  EXPECT_FALSE(scored->has_forfeit());
  EXPECT_EQ(FractionText(scored->home_imps()), "8");
  EXPECT_EQ(FractionText(scored->away_imps()), "8");
  EXPECT_EQ(DecimalText(scored->home_vps()), "43.0");
  EXPECT_EQ(DecimalText(scored->away_vps()), "43.0");

  absl::StatusOr<v1::MatchStandings> standings = client_->Standings(1);
  ASSERT_THAT(standings, IsOk());
  for (const v1::MatchStandingsRow& row : standings->rows()) {
    if (row.entrant() == few.home() || row.entrant() == few.away()) {
      EXPECT_EQ(DecimalText(row.vps()), "56.50") << row.entrant();
      EXPECT_EQ(FractionText(row.net_imps()), "43/2") << row.entrant();
    }
  }

  auto calc = v1::CalculatorService::NewStub(tallyd_->channel());
  v1::FewComparisonsRequest q;
  q.set_regulation_profile("anc2025_itc_qualifying");
  q.set_boards_in_match(16);
  q.set_boards_compared(7);
  v1::FewComparisonsResponse a;
  ASSERT_TRUE(calc->FewComparisons(ContextAs("td:test").get(), q, &a).ok());
  EXPECT_TRUE(a.scored_as_forfeit());
  EXPECT_EQ(FractionText(a.each_side_vps()), "113/2");
  EXPECT_EQ(FractionText(a.each_side_imps()), "43/2");
  q.set_boards_compared(8);
  ASSERT_TRUE(calc->FewComparisons(ContextAs("td:test").get(), q, &a).ok());
  EXPECT_FALSE(a.scored_as_forfeit());
}

// Fouled-board guide, Match Play: "the Director will correct a fouled board
// and allow play to proceed. The team responsible for the fouling will be
// fined 3 IMPs. (6 IMPs if cards are exchanged between partners)." The
// fine comes off the match's IMPs before they are converted to VPs (the
// guide: a fine "should not have a direct effect on their opponent's
// score - except in Teams Matches, of course"). Home won the match by 3
// IMPs (10.97-9.03, SABF TR 21.10 at 14 boards); fined 3 IMPs it is 0,
// 10.00-10.00; the ruling corrected to 6 IMPs (cards exchanged), -3,
// 9.03-10.97, and the standings say the same.
TEST_F(RegulationFixesTest, GuideMatchPlayCorrectedBoardFinesThreeOrSixImps) {
  StartServer("reg-fix-guide-i");
  const v1::DrawnMatch m = PlayTeamsRoundWithThreeImpsToHome();
  v1::MatchResult before = MatchAt(m.table());
  EXPECT_EQ(FractionText(before.home_imps()), "3");
  EXPECT_EQ(DecimalText(before.home_vps()), "10.97");
  EXPECT_EQ(DecimalText(before.away_vps()), "9.03");

  absl::StatusOr<v1::CommandOutcome> three =
      Rule(Fouled(m.table(), "play_proceeds", m.home()));
  ASSERT_THAT(three, IsOk());
  v1::MatchResult fined = MatchAt(m.table());
  EXPECT_EQ(FractionText(fined.home_imps()), "0");
  EXPECT_FALSE(fined.has_away_imps());  // one margin for both teams
  EXPECT_EQ(DecimalText(fined.home_vps()), "10.00");
  EXPECT_EQ(DecimalText(fined.away_vps()), "10.00");

  v1::RecordRulingRequest six =
      Fouled(m.table(), "play_proceeds", m.home(), 0, true);
  // A second ruling that does not correct the first is refused.
  ExpectRefused(six, absl::StatusCode::kFailedPrecondition,
                "already has a Fouled-board guide (Match Play) ruling");
  six.set_supersedes_sequence(three->sequence());
  ASSERT_THAT(Rule(six), IsOk());
  v1::MatchResult fined6 = MatchAt(m.table());
  EXPECT_EQ(FractionText(fined6.home_imps()), "-3");
  EXPECT_EQ(DecimalText(fined6.home_vps()), "9.03");
  EXPECT_EQ(DecimalText(fined6.away_vps()), "10.97");
  absl::StatusOr<v1::MatchStandings> standings = client_->Standings(1);
  ASSERT_THAT(standings, IsOk());
  int seen = 0;
  for (const v1::MatchStandingsRow& row : standings->rows()) {
    if (row.entrant() == m.home()) {
      ++seen;
      EXPECT_EQ(DecimalText(row.vps()), "9.03");
      EXPECT_EQ(FractionText(row.net_imps()), "-3");
    }
    if (row.entrant() == m.away()) {
      ++seen;
      EXPECT_EQ(DecimalText(row.vps()), "10.97");
    }
  }
  EXPECT_EQ(seen, 2);
}

// (a) "an adjusted score greater than 3 IMPs may be awarded ... There is no
// fine and the hand is not redealt." The away team fouled; home, the
// non-offending team, gets 5 IMPs on the board in place of the rooms' 3:
// home +5, 11.58-8.42 (SABF TR 21.10). 3 IMPs is refused (not greater than
// 3), and so is a team not in the match; neither appends anything.
TEST_F(RegulationFixesTest, GuideMatchPlayAdjustedScoreOverThreeImps) {
  StartServer("reg-fix-guide-a");
  const v1::DrawnMatch m = PlayTeamsRoundWithThreeImpsToHome();
  ExpectRefused(Fouled(m.table(), "adjusted", m.away(), 3),
                absl::StatusCode::kInvalidArgument,
                "Fouled-board guide (Match Play) (a)");
  int stranger = 1;
  while (stranger == m.home() || stranger == m.away()) ++stranger;
  ExpectRefused(Fouled(m.table(), "adjusted", stranger, 5),
                absl::StatusCode::kInvalidArgument,
                absl::StrCat("team ", stranger, " is not in the match"));
  ExpectRefused(Fouled(m.table(), "adjusted", m.away(), 5, true),
                absl::StatusCode::kInvalidArgument, "(a): the 6 IMPs fine");
  ASSERT_THAT(Rule(Fouled(m.table(), "adjusted", m.away(), 5)), IsOk());
  v1::MatchResult a = MatchAt(m.table());
  EXPECT_EQ(FractionText(a.home_imps()), "5");
  EXPECT_FALSE(a.has_away_imps());
  EXPECT_EQ(DecimalText(a.home_vps()), "11.58");
  EXPECT_EQ(DecimalText(a.away_vps()), "8.42");
  // The board's score is the guide's: no adjusted score in a room beside it.
  v1::RecordRulingRequest room;
  room.set_session(1);
  room.set_table(m.table());
  room.set_board(board_);
  room.set_room(v1::ROOM_OPEN);
  room.set_law("Law 12C2");
  room.set_text("x");
  room.mutable_adjusted()->mutable_artificial()->set_ns(
      v1::ARTIFICIAL_AWARD_AVERAGE);
  room.mutable_adjusted()->mutable_artificial()->set_ew(
      v1::ARTIFICIAL_AWARD_AVERAGE);
  ExpectRefused(room, absl::StatusCode::kFailedPrecondition, "(a)");
}

// (b) "the board is redealt and the offending side fined 3 IMPs." Home
// fouled. The board's results at both tables are superseded (they stay in
// the log and the board's history lists them under the ruling): the match
// has 13 boards scored until the redealt board's results are entered, as
// any result. Redealt: open room passed out, closed room 2S= by North (away
// North-South) +110: 3 IMPs to away. Home -3, fined 3: -6, 8.13-11.87
// (SABF TR 21.10: 6 IMPs 11.87).
TEST_F(RegulationFixesTest, GuideMatchPlayRedealtAndOffendersFined) {
  StartServer("reg-fix-guide-b");
  const v1::DrawnMatch m = PlayTeamsRoundWithThreeImpsToHome();
  ExpectRefused(Fouled(m.table(), "redealt", 0),
                absl::StatusCode::kInvalidArgument,
                "(b): name the team responsible");
  v1::RecordRulingRequest wrong_room = Fouled(m.table(), "redealt", m.home());
  wrong_room.set_room(v1::ROOM_OPEN);
  ExpectRefused(wrong_room, absl::StatusCode::kInvalidArgument, "give no room");
  absl::StatusOr<v1::CommandOutcome> ruling =
      Rule(Fouled(m.table(), "redealt", m.home()));
  ASSERT_THAT(ruling, IsOk());
  v1::MatchResult waiting = MatchAt(m.table());
  EXPECT_EQ(waiting.boards_scored(), 13);
  EXPECT_FALSE(waiting.complete());
  // Only the redealt board stays redealt: a corrected ruling keeps it so.
  v1::RecordRulingRequest undo = Fouled(m.table(), "play_proceeds", m.home());
  undo.set_supersedes_sequence(ruling->sequence());
  ExpectRefused(undo, absl::StatusCode::kFailedPrecondition, "was redealt");
  ASSERT_THAT(client_->Enter(1, m.table(), board_, PassedOut(), v1::ROOM_OPEN),
              IsOk());
  ASSERT_THAT(client_->Enter(1, m.table(), board_,
                             Played(2, v1::STRAIN_SPADES, v1::SEAT_NORTH, 8),
                             v1::ROOM_CLOSED),
              IsOk());
  v1::MatchResult b = MatchAt(m.table());
  EXPECT_TRUE(b.complete());
  EXPECT_EQ(FractionText(b.home_imps()), "-6");
  EXPECT_EQ(DecimalText(b.home_vps()), "8.13");
  EXPECT_EQ(DecimalText(b.away_vps()), "11.87");

  auto audit = v1::AuditService::NewStub(tallyd_->channel());
  v1::GetBoardHistoryRequest h;
  h.set_tournament_id("t");
  h.set_competition_id("c");
  h.set_session(1);
  h.set_board(board_);
  v1::BoardHistory history;
  ASSERT_TRUE(
      audit->GetBoardHistory(ContextAs("td:test").get(), h, &history).ok());
  std::vector<uint64_t> superseded;
  int entered_at_table = 0;
  for (const v1::Event& e : history.events()) {
    if (e.payload().has_ruling_made() && e.sequence() == ruling->sequence()) {
      const auto& gone =
          e.payload().ruling_made().fouled().superseded_results();
      superseded.assign(gone.begin(), gone.end());
    }
    if (e.payload().has_result_entered() &&
        e.payload().result_entered().table() == m.table()) {
      ++entered_at_table;
    }
  }
  EXPECT_EQ(superseded.size(), 2u);  // both rooms' first results
  EXPECT_EQ(entered_at_table, 4);    // the fouled two and the redealt two
}

// (c) "If both sides were at fault, the board is redealt and there is no
// fine." Naming an offending team (a fine) is refused; the redealt board is
// passed out in both rooms: home 0, 10.00-10.00, no fine.
TEST_F(RegulationFixesTest, GuideMatchPlayBothAtFaultRedealtWithoutFine) {
  StartServer("reg-fix-guide-c");
  const v1::DrawnMatch m = PlayTeamsRoundWithThreeImpsToHome();
  ExpectRefused(Fouled(m.table(), "redealt_both_at_fault", m.home()),
                absl::StatusCode::kInvalidArgument,
                "(c): both sides were at fault");
  ExpectRefused(Fouled(m.table(), "redeal", 0),
                absl::StatusCode::kInvalidArgument,
                "does not allow the treatment 'redeal'");
  ASSERT_THAT(Rule(Fouled(m.table(), "redealt_both_at_fault", 0)), IsOk());
  for (v1::Room room : {v1::ROOM_OPEN, v1::ROOM_CLOSED}) {
    ASSERT_THAT(client_->Enter(1, m.table(), board_, PassedOut(), room),
                IsOk());
  }
  v1::MatchResult c = MatchAt(m.table());
  EXPECT_TRUE(c.complete());
  EXPECT_EQ(FractionText(c.home_imps()), "0");
  EXPECT_EQ(DecimalText(c.home_vps()), "10.00");
  EXPECT_EQ(DecimalText(c.away_vps()), "10.00");
}

}  // namespace
}  // namespace tally::testing
