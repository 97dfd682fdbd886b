// End to end (issue #5 item 6): an appeal that changes one Butler board of
// a Swiss pairs event, once under a NSW TR 13.2 profile (nsw_swiss_pairs:
// the datum takes every score) and once under a 13.3 profile
// (nsw_swiss_pairs_top_tables: SABF TR 12.2's top twelve tables after
// round two), through the gRPC API on a real tallyd. AuditService.
// WhatChanged on the AppealDecided says exactly which datums, board scores,
// matches and totals moved; the round drawn while the appeal was pending
// (NSW TR 13.2 "subsequent draws will be made on the basis of these
// results") is byte-identical after the decision and still checks
// (NSW TR 13.1 "No alterations will be made to the draw").
//
// The script. 26 pairs, 13 tables, 8-board matches. Rounds 1 and 2: every
// board passed out (datum 0, every match level, 10-10 VPs). Round 3 (boards
// 17-24): every board passed out but board 17 (nobody vulnerable), where
// the tables score, by table number whoever sits there:
//   t1 420 (4S=)   t2 450 (4S+1)  t3 420   t4 170 (3S+1)  t5 480 (4S+2)
//   t6 -50 (4S-1)  t7 420         t8 400 (3NT=)  t9 110 (2S=)
//   t10 980 (6S=)  t11 420  t12 450 (4S+1)  t13 -100 (4S-2)
// The director assigns table 2 3S+1 by North, NS +170 (Law 12C1(b)); the
// home pair appeals; round 4 is drawn while the appeal is pending; the
// committee varies the score to 4S+2, NS +480.
//
// 13.2, ANC SR 16.11 (13 tables, fewer than 15: one dropped at each end).
//   Pending, t2 = 170 used as it stands: sorted -100 | -50 110 170 170 400
//   420 420 420 420 450 480 | 980; the middle eleven sum to 3410, /11 = 310,
//   provisional. Decided, t2 = 480: -100 | -50 110 170 400 420x4 450 480 480
//   | 980, sum 3720, /11 = 338.18 -> 340.
//   NS IMPs (WBF scale) at 310 -> at 340: t1 +110 3 -> +80 2; t2 -140 -4 ->
//   +140 4; t3 3 -> 2; t4 -140 -4 -> -170 -5; t5 +170 5 -> +140 4; t6 -360
//   -8 -> -390 -9; t7 3 -> 2; t8 +90 3 -> +60 2; t9 -200 -5 -> -230 -6;
//   t10 +670 12 -> +640 12 (unchanged); t11 3 -> 2; t12 +140 4 -> +110 3;
//   t13 -410 -9 -> -440 -10. Every other board is 0, so a match's margin is
//   its table's IMPs on board 17: twelve matches move, table 10's does not.
// 13.3, SABF TR 12.2 round 3, top twelve tables, two dropped at each end.
//   Pending, t2 left out: t1, t3-t12 sorted -50 110 | 170 400 420x4 450 |
//   480 980; 2700 / 7 = 385.71 -> 390. Decided: the datum taken while the
//   score was pending stands, 390. NS IMPs at 390: t2 170 -220 -6 -> 480 +90
//   +3; every other table as it was (t1 +30 1, t5 +90 3, t10 +590 11...).
// VPs, the WBF 2013 continuous scale, 8 boards (SABF TR 21.1's table):
//   3 -> 11.27, 4 -> 11.67, 6 -> 12.42; the loser 20 less.

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/grpc_status.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tests/match_client.h"
#include "tests/client_calls.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

constexpr int kPairs = 26;
constexpr int kTables = 13;
constexpr int kBoard = 17;  // the appealed board, round 3
constexpr int kTable = 2;   // the appealed table

// Board 17 at each table (index table - 1): level, strain, tricks.
struct Contract {
  int level;
  v1::Strain strain;
  int tricks;
};
constexpr Contract kBoard17[kTables] = {
    {4, v1::STRAIN_SPADES, 10},   {4, v1::STRAIN_SPADES, 11},
    {4, v1::STRAIN_SPADES, 10},   {3, v1::STRAIN_SPADES, 10},
    {4, v1::STRAIN_SPADES, 12},   {4, v1::STRAIN_SPADES, 9},
    {4, v1::STRAIN_SPADES, 10},   {3, v1::STRAIN_NO_TRUMP, 9},
    {2, v1::STRAIN_SPADES, 8},    {6, v1::STRAIN_SPADES, 12},
    {4, v1::STRAIN_SPADES, 10},   {4, v1::STRAIN_SPADES, 11},
    {4, v1::STRAIN_SPADES, 8}};

std::unique_ptr<grpc::ClientContext> Context() { return ContextAs("td:appeals"); }

// What one profile is expected to do.
struct Expected {
  std::string profile;
  // Board 17's datum while the appeal is pending and after the decision,
  // as WhatChanged shows it ("" after: unchanged).
  std::string datum_pending;
  std::string datum_after;
  // Board 17's NS IMPs by table, pending and decided.
  std::vector<int> imps_pending;
  std::vector<int> imps_decided;
  std::string clause;  // in every provisional reason
  // NSW TR 13.3: the Director brings in substitutes on board 17 while the
  // appeal is pending (DatumSubstitutesChosen); the datum before that.
  bool substitutes = false;
  std::string datum_left_out;
};

class AppealPendingE2eTest : public ::testing::Test {
 protected:
  void Run(const Expected& x) {
    const std::string dir = MakeTempDir("appeal_pending");
    TallydProcess tallyd(TallydPath(), dir + "/data");
    ASSERT_THAT(tallyd.Start(), IsOk());
    auto director = v1::DirectorService::NewStub(tallyd.channel());
    auto audit = v1::AuditService::NewStub(tallyd.channel());
    MatchClient swiss(tallyd.channel(), "nsw", "swiss");
    ASSERT_THAT(swiss.Create(v1::COMPETITION_KIND_SWISS_PAIRS, x.profile, 5),
                IsOk());
    ASSERT_THAT(swiss.RegisterPairs(kPairs), IsOk());

    // Rounds 1-3.
    v1::DrawMade round3;
    for (int round = 1; round <= 3; ++round) {
      absl::StatusOr<v1::DrawMade> draw = swiss.Draw(round, round);
      ASSERT_THAT(draw, IsOk());
      ASSERT_EQ(draw->matches_size(), kTables);
      for (const v1::DrawnMatch& m : draw->matches()) {
        for (int board : draw->boards()) {
          v1::TableResult result = PassedOut();
          if (round == 3 && board == kBoard) {
            const Contract& c = kBoard17[m.table() - 1];
            result = Played(c.level, c.strain, v1::SEAT_NORTH, c.tricks);
          }
          ASSERT_THAT(swiss.Enter(round, m.table(), board, result), IsOk());
        }
      }
      ASSERT_THAT(swiss.Post(round), IsOk());
      if (round == 3) round3 = *draw;
    }
    const v1::DrawnMatch& appealed = round3.matches(kTable - 1);
    ASSERT_EQ(appealed.table(), kTable);
    const int home = appealed.home(), away = appealed.away();

    // The director's ruling at table 2: 3S+1 by North, NS +170.
    v1::RecordRulingRequest ruling;
    *ruling.mutable_options() = Key("ruling");
    ruling.set_tournament_id("nsw");
    ruling.set_competition_id("swiss");
    ruling.set_session(3);
    ruling.set_table(kTable);
    ruling.set_board(kBoard);
    ruling.set_law("Law 12C1(b)");
    ruling.set_text("misinformation: 3S by North making ten tricks");
    *ruling.mutable_adjusted()->mutable_assigned() =
        Played(3, v1::STRAIN_SPADES, v1::SEAT_NORTH, 10);
    v1::CommandOutcome ruled;
    ASSERT_THAT(server::FromGrpcStatus(
                    director->RecordRuling(Context().get(), ruling, &ruled)),
                IsOk());

    // The home pair appeals, inside Law 92B's 30 minutes from posting (the
    // profiles' RULING_REVIEW window).
    v1::LodgeAppealRequest lodge;
    *lodge.mutable_options() = Key("lodge");
    lodge.set_tournament_id("nsw");
    v1::AppealLodged* a = lodge.mutable_appeal();
    a->set_competition_id("swiss");
    a->set_kind(v1::APPEAL_KIND_DIRECTOR_RULING);
    a->set_session(3);
    a->set_table(kTable);
    a->set_board(kBoard);
    a->set_ruling_sequence(ruled.sequence());
    a->set_appellant(home);
    a->set_appellant_signature(absl::StrCat("P", home, " North"));
    a->add_respondents(away);
    a->set_grounds("East's explanation did not mislead North.");
    a->set_directors_ruling("Adjusted to 3S by North making 10, NS +170.");
    v1::CommandOutcome lodged;
    ASSERT_THAT(server::FromGrpcStatus(
                    director->LodgeAppeal(Context().get(), lodge, &lodged)),
                IsOk());

    if (x.substitutes) {
      ChooseSubstitutes(*director, *audit, x);
      if (HasFatalFailure()) return;
    }

    // Pending: the results say why they are provisional.
    absl::StatusOr<v1::MatchResults> pending = swiss.Results(3);
    ASSERT_THAT(pending, IsOk());
    ExpectImps(*pending, x.imps_pending);
    for (const v1::MatchResult& m : pending->matches()) {
      SCOPED_TRACE(m.table());
      if (m.table() == kTable) {
        EXPECT_THAT(m.appeal_pending_boards(), ElementsAre(kBoard));
      } else {
        EXPECT_THAT(m.appeal_pending_boards(), IsEmpty());
      }
      // 13.2: every match on board 17 rests on the provisional datum;
      // 13.3: only the appealed match can change.
      if (m.table() == kTable || x.clause == "NSW TR 13.2") {
        EXPECT_THAT(m.provisional_reason(), HasSubstr(x.clause));
      } else {
        EXPECT_EQ(m.provisional_reason(), "");
      }
    }
    const v1::BoardDatum* datum17 = nullptr;
    for (const v1::BoardDatum& d : pending->datums()) {
      if (d.board() == kBoard) datum17 = &d;
    }
    ASSERT_NE(datum17, nullptr);
    EXPECT_THAT(datum17->appeal(), HasSubstr(x.clause));

    // Round 4 is drawn on the provisional results (NSW TR 13.2, 13.1).
    ASSERT_THAT(swiss.Draw(4, 4), IsOk());
    absl::StatusOr<v1::DrawView> draw4 = swiss.GetDraw(4);
    ASSERT_THAT(draw4, IsOk());

    // The committee hears and varies the score: 4S+2 by North, NS +480.
    v1::HearAppealRequest hear;
    *hear.mutable_options() = Key("hear");
    hear.set_tournament_id("nsw");
    hear.mutable_heard()->set_competition_id("swiss");
    hear.mutable_heard()->set_appeal(1);
    hear.mutable_heard()->set_chair("Chair One");
    hear.mutable_heard()->add_members("Chair One");
    hear.mutable_heard()->add_members("Member Two");
    hear.mutable_heard()->add_members("Member Three");
    v1::CommandOutcome heard;
    ASSERT_THAT(server::FromGrpcStatus(
                    director->HearAppeal(Context().get(), hear, &heard)),
                IsOk());
    v1::DecideAppealRequest decide;
    *decide.mutable_options() = Key("decide");
    decide.set_tournament_id("nsw");
    v1::AppealDecided* d = decide.mutable_decided();
    d->set_competition_id("swiss");
    d->set_appeal(1);
    d->set_outcome(v1::APPEAL_OUTCOME_VARIED);
    *d->mutable_adjusted_score()->mutable_assigned() =
        Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 12);
    d->set_decision("No misinformation: 4S by North making twelve tricks.");
    d->set_chair_signature("Chair One");
    v1::CommandOutcome decided;
    ASSERT_THAT(server::FromGrpcStatus(
                    director->DecideAppeal(Context().get(), decide, &decided)),
                IsOk());

    absl::StatusOr<v1::MatchResults> after = swiss.Results(3);
    ASSERT_THAT(after, IsOk());
    ExpectImps(*after, x.imps_decided);
    for (const v1::MatchResult& m : after->matches()) {
      EXPECT_EQ(m.provisional_reason(), "") << m.table();
      EXPECT_THAT(m.appeal_pending_boards(), IsEmpty());
    }

    // What the decision changed, exactly.
    v1::WhatChangedRequest what;
    what.set_sequence(decided.sequence());
    v1::FigureChanges changes;
    ASSERT_THAT(server::FromGrpcStatus(
                    audit->WhatChanged(Context().get(), what, &changes)),
                IsOk());
    std::map<std::string, std::string> datums;     // board -> "a -> b"
    std::map<int, std::string> board_scores;       // table -> "a -> b"
    std::set<int> match_tables;                    // tables whose match moved
    std::set<int> totals;                          // entrants whose total moved
    std::set<int> positions;                       // entrants whose place moved
    for (const v1::FigureChange& c : changes.changes()) {
      SCOPED_TRACE(c.text());
      EXPECT_NE(c.kind(), "draw");    // NSW TR 13.1
      EXPECT_NE(c.kind(), "result");  // the entered results stand
      EXPECT_NE(c.kind(), "note");
      if (c.kind() == "datum") {
        EXPECT_EQ(c.session(), 3);
        datums[absl::StrCat(c.number())] =
            absl::StrCat(c.before(), " -> ", c.after());
      } else if (c.kind() == "board score") {
        EXPECT_EQ(c.session(), 3);
        EXPECT_EQ(c.number(), kBoard);
        board_scores[c.table()] = absl::StrCat(c.before(), " -> ", c.after());
      } else if (c.kind() == "match") {
        EXPECT_EQ(c.session(), 3);
        match_tables.insert(c.number());
      } else if (c.kind() == "total") {
        totals.insert(c.number());
      } else if (c.kind() == "position") {
        positions.insert(c.number());
      }
    }
    if (x.datum_after.empty()) {
      EXPECT_THAT(datums, IsEmpty());
    } else {
      EXPECT_THAT(datums, ElementsAre(::testing::Pair(
                              "17", absl::StrCat(x.datum_pending, " -> ",
                                                 x.datum_after))));
    }
    std::map<int, std::string> expected_scores;
    std::set<int> expected_tables;
    std::set<int> expected_totals;
    for (int t = 1; t <= kTables; ++t) {
      const int before = x.imps_pending[t - 1], now = x.imps_decided[t - 1];
      if (before == now) continue;
      expected_scores[t] = absl::StrCat(before, " -> ", now);
      expected_tables.insert(t);
      expected_totals.insert(round3.matches(t - 1).home());
      expected_totals.insert(round3.matches(t - 1).away());
    }
    EXPECT_EQ(board_scores, expected_scores);
    EXPECT_EQ(match_tables, expected_tables);
    EXPECT_EQ(totals, expected_totals);

    // The positions that moved are those whose rank differs between the
    // standings before the decision and after it.
    absl::StatusOr<v1::MatchStandings> was =
        swiss.StandingsAsOf(decided.sequence() - 1);
    absl::StatusOr<v1::MatchStandings> now = swiss.Standings();
    ASSERT_THAT(was, IsOk());
    ASSERT_THAT(now, IsOk());
    std::map<int, std::string> rank_was, rank_now;
    for (const auto& row : was->rows()) {
      rank_was[row.entrant()] = absl::StrCat(row.rank(), row.tied());
    }
    for (const auto& row : now->rows()) {
      rank_now[row.entrant()] = absl::StrCat(row.rank(), row.tied());
    }
    std::set<int> moved;
    for (const auto& [entrant, rank] : rank_now) {
      if (rank_was[entrant] != rank) moved.insert(entrant);
    }
    EXPECT_EQ(positions, moved);
    EXPECT_FALSE(positions.empty());

    // NSW TR 13.1: the draw made before the decision is byte-identical and
    // recomputes from the log as it stood when it was made.
    absl::StatusOr<v1::DrawView> draw4_after = swiss.GetDraw(4);
    ASSERT_THAT(draw4_after, IsOk());
    EXPECT_EQ(draw4_after->SerializeAsString(), draw4->SerializeAsString());
    absl::StatusOr<v1::DrawCheck> check = swiss.CheckDraw(4);
    ASSERT_THAT(check, IsOk());
    EXPECT_TRUE(check->agrees()) << check->DebugString();

    if (x.substitutes) {
      // The choice was made for the pending score: with none pending it is
      // refused and nothing is appended (NSW TR 13.3).
      v1::ChooseDatumSubstitutesRequest again = SubstitutesRequest("again");
      v1::CommandOutcome refused;
      EXPECT_THAT(server::FromGrpcStatus(director->ChooseDatumSubstitutes(
                      Context().get(), again, &refused)),
                  StatusIs(absl::StatusCode::kFailedPrecondition,
                           HasSubstr("is pending appeal")));
      absl::StatusOr<uint64_t> length = swiss.LogLength();
      ASSERT_THAT(length, IsOk());
      EXPECT_EQ(*length, decided.sequence());
    }

    summary_ = changes;
    home_ = home;
    away_ = away;
  }

  static v1::ChooseDatumSubstitutesRequest SubstitutesRequest(
      const std::string& key) {
    v1::ChooseDatumSubstitutesRequest r;
    *r.mutable_options() = Key(key);
    r.set_tournament_id("nsw");
    r.set_competition_id("swiss");
    r.set_session(3);
    r.set_board(kBoard);
    r.set_include_substitutes(true);
    r.set_director("Chief TD");
    r.set_reason("a valid datum from twelve scores");
    return r;
  }

  // NSW TR 13.3: the Director brings in table 13 for the pending table 2.
  // WhatChanged on it shows board 17's datum and its tables' IMPs moving;
  // the board's history lists it.
  void ChooseSubstitutes(v1::DirectorService::Stub& director,
                         v1::AuditService::Stub& audit, const Expected& x) {
    v1::CommandOutcome chosen;
    ASSERT_THAT(
        server::FromGrpcStatus(director.ChooseDatumSubstitutes(
            Context().get(), SubstitutesRequest("substitutes"), &chosen)),
        IsOk());
    v1::WhatChangedRequest what;
    what.set_sequence(chosen.sequence());
    v1::FigureChanges changes;
    ASSERT_THAT(server::FromGrpcStatus(
                    audit.WhatChanged(Context().get(), what, &changes)),
                IsOk());
    std::string datum;
    int board_scores = 0;
    for (const v1::FigureChange& c : changes.changes()) {
      if (c.kind() == "datum" && c.number() == kBoard) {
        datum = absl::StrCat(c.before(), " -> ", c.after());
      }
      if (c.kind() == "board score") ++board_scores;
    }
    EXPECT_EQ(datum, absl::StrCat(x.datum_left_out, " -> ", x.datum_pending));
    EXPECT_GT(board_scores, 0);
    v1::GetBoardHistoryRequest h;
    h.set_tournament_id("nsw");
    h.set_competition_id("swiss");
    h.set_session(3);
    h.set_board(kBoard);
    v1::BoardHistory history;
    ASSERT_THAT(server::FromGrpcStatus(
                    audit.GetBoardHistory(Context().get(), h, &history)),
                IsOk());
    ASSERT_GT(history.events_size(), 0);
    const v1::Event& last = history.events(history.events_size() - 1);
    EXPECT_EQ(last.sequence(), chosen.sequence());
    EXPECT_EQ(last.payload().datum_substitutes_chosen().clause(),
              "NSW TR 13.3");
  }

  // Board 17's NS IMPs at each table = the match's home IMPs (every other
  // board is 0).
  static void ExpectImps(const v1::MatchResults& r,
                         const std::vector<int>& imps) {
    ASSERT_EQ(r.matches_size(), kTables);
    for (const v1::MatchResult& m : r.matches()) {
      EXPECT_EQ(FractionText(m.home_imps()),
                absl::StrCat(imps[m.table() - 1]))
          << "table " << m.table();
    }
  }

  static v1::TableResult PassedOut() {
    v1::TableResult r;
    r.mutable_passed_out();
    return r;
  }

  // The decided match's VPs and the two pairs' totals, as WhatChanged has
  // them: figure -> "before -> after".
  std::map<std::string, std::string> Figures(const std::string& kind) const {
    std::map<std::string, std::string> out;
    for (const v1::FigureChange& c : summary_.changes()) {
      if (c.kind() != kind) continue;
      out[absl::StrCat(c.number(), " ", c.figure())] =
          absl::StrCat(c.before(), " -> ", c.after());
    }
    return out;
  }

  v1::FigureChanges summary_;
  int home_ = 0;
  int away_ = 0;
};

TEST_F(AppealPendingE2eTest, NswTr13_2DecisionMovesTheDatumAndEveryTable) {
  Run({.profile = "nsw_swiss_pairs",
       .datum_pending = "310 (provisional: appeal pending, NSW TR 13.2)",
       .datum_after = "340",
       .imps_pending = {3, -4, 3, -4, 5, -8, 3, 3, -5, 12, 3, 4, -9},
       .imps_decided = {2, 4, 2, -5, 4, -9, 2, 2, -6, 12, 2, 3, -10},
       .clause = "NSW TR 13.2"});
  if (HasFatalFailure()) return;
  // Table 2's match: -4 -> +4 IMPs for the home pair; 8.33 - 11.67 ->
  // 11.67 - 8.33 VPs. Rounds 1-2 gave everyone 10 + 10.
  const std::string who = absl::StrCat("(", home_, " v ", away_, ")");
  EXPECT_EQ(Figures("match")[absl::StrCat("2 VPs ", who)],
            "8.33 - 11.67 -> 11.67 - 8.33");
  EXPECT_EQ(Figures("total")[absl::StrCat(home_, " total")],
            "28.33 -> 31.67");
  EXPECT_EQ(Figures("total")[absl::StrCat(away_, " total")],
            "31.67 -> 28.33");
}

TEST_F(AppealPendingE2eTest, NswTr13_3DecisionMovesOnlyTheAppealedMatch) {
  Run({.profile = "nsw_swiss_pairs_top_tables",
       .datum_pending = "390",
       .datum_after = "",
       .imps_pending = {1, -6, 1, -6, 3, -10, 1, 0, -7, 11, 1, 2, -10},
       .imps_decided = {1, 3, 1, -6, 3, -10, 1, 0, -7, 11, 1, 2, -10},
       .clause = "NSW TR 13.3"});
  if (HasFatalFailure()) return;
  // Table 2's match: -6 -> +3 IMPs; 7.58 - 12.42 -> 11.27 - 8.73 VPs.
  const std::string who = absl::StrCat("(", home_, " v ", away_, ")");
  EXPECT_EQ(Figures("match")[absl::StrCat("2 VPs ", who)],
            "7.58 - 12.42 -> 11.27 - 8.73");
  EXPECT_EQ(Figures("match")[absl::StrCat("2 home IMPs ", who)], "-6 -> 3");
  EXPECT_EQ(Figures("total")[absl::StrCat(home_, " total")],
            "27.58 -> 31.27");
  EXPECT_EQ(Figures("total")[absl::StrCat(away_, " total")],
            "32.42 -> 28.73");
  EXPECT_EQ(Figures("total")[absl::StrCat(home_, " net IMPs")], "-6 -> 3");
}

// NSW TR 13.3, the Director's discretion (worked in the file comment's
// 13.3 terms): table 2 left out, table 13's -100 brought in. Twelve
// considered, two dropped at each end (-100 -50 | 110 170 400 420x4 450 |
// 480 980): 2810 / 8 = 351.25 -> 350. NS IMPs at 350: t1 +70 2, t2 170
// -180 -5, t3 2, t4 -5, t5 +130 4, t6 -400 -9, t7 2, t8 +50 2, t9 -240
// -6, t10 +630 12, t11 2, t12 +100 3, t13 -450 -10. Decided at 480: the
// datum taken while pending stands with its substitute, 350, and table 2
// scores +130, 4; nothing else moves.
TEST_F(AppealPendingE2eTest,
       NswTr13_3DirectorsSubstitutesHoldAfterTheDecision) {
  Run({.profile = "nsw_swiss_pairs_top_tables",
       .datum_pending = "350 (table 13 brought in, NSW TR 13.3)",
       .datum_after = "",
       .imps_pending = {2, -5, 2, -5, 4, -9, 2, 2, -6, 12, 2, 3, -10},
       .imps_decided = {2, 4, 2, -5, 4, -9, 2, 2, -6, 12, 2, 3, -10},
       .clause = "NSW TR 13.3",
       .substitutes = true,
       .datum_left_out = "390"});
  if (HasFatalFailure()) return;
  const std::string who = absl::StrCat("(", home_, " v ", away_, ")");
  EXPECT_EQ(Figures("match")[absl::StrCat("2 home IMPs ", who)], "-5 -> 4");
}

}  // namespace
}  // namespace tally::testing
