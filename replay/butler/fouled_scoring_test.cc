// Fouled-board treatments scored (replay/butler/fouled_scoring.h), run through
// decide and Evolve: each treatment the shipped profiles allow in a session
// of a movement, with the figures worked by hand in the comments, the
// traveller's marks, and the refusals of treatments that cannot be scored.
//
// In a session of a movement the shipped profiles allow ANC SR 7.2 (ABPC
// Open stages 1-2), NSW TR 7.3.2 and SABF TR 11.9. NSW TR 7.1.1, SABF TR
// 12.3 and ANC SR 7.4 belong to events of matches, where decide does not
// take fouled-board treatments yet; their scoring is checked here on a
// ruling recorded under a movement profile and then given their rule in
// the State (Rewrite), as decide will record it.
//
// The field: 8 tables in one round, table t seating NS pair 2t - 1 against
// EW pair 2t; board 1 (nobody vulnerable), spades by North:
//   table  1     2     3     4     5     6     7     8
//   score  +420  +420  +450  +170  -50   +980  +480  +450
//          4S=   4S=   4S+1  3S+1  4S-1  6S=   4S+2  4S+1
// Butler: boards 2-12 are passed out at every table (0 IMPs), so a pair's
// net IMPs are its IMPs on board 1. IMPs by the WBF table.

#include "replay/butler/fouled_scoring.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/butler/butler_session.h"
#include "replay/decide/decide.h"
#include "replay/decide/decide_appeal.h"
#include "replay/decide/decide_ruling.h"
#include "replay/pairs/queries.h"
#include "replay/pairs/session_scores.h"
#include "replay/profile/profile_loader.h"
#include "replay/testing/apply_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// "8.4" or "41/3".
core::Rational R(const std::string& text) {
  const size_t slash = text.find('/');
  if (slash == std::string::npos) return core::Rational::Parse(text).value();
  return core::Rational(std::stoll(text.substr(0, slash)),
                        std::stoll(text.substr(slash + 1)));
}

v1::TableResult Spades(int level, int tricks) {
  return Made(level, v1::STRAIN_SPADES, tricks);
}

// Board 1 at tables 1-8, as in the file comment.
const v1::TableResult kBoard1[8] = {Spades(4, 10), Spades(4, 10),
                                    Spades(4, 11), Spades(3, 10),
                                    Spades(4, 9),  Spades(6, 12),
                                    Spades(4, 12), Spades(4, 11)};

class FouledScoringTest : public ::testing::Test {
 protected:
  // Eight tables, table t seating NS 2t-1 v EW 2t.
  void Create(const char* profile, v1::CompetitionKind kind,
              const std::vector<int>& boards) {
    CreateOneRoundSession(state_, profile, kind, 8, boards);
  }

  void Enter(int table, int board, const v1::TableResult& r) {
    EnterInSession(state_, table, board, r);
  }

  // A Butler field under `profile`: board 1 as above, 2-12 passed out.
  void ButlerField(const char* profile) {
    Create(profile, v1::COMPETITION_KIND_BUTLER_PAIRS,
           {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
    for (int table = 1; table <= 8; ++table) {
      Enter(table, 1, kBoard1[table - 1]);
      for (int board = 2; board <= 12; ++board) Enter(table, board, PassedOut());
    }
  }

  // A matchpoint field under `profile` on board 1 only.
  void MatchpointField(const char* profile) {
    Create(profile, v1::COMPETITION_KIND_MATCHPOINT_PAIRS, {1});
    for (int table = 1; table <= 8; ++table) {
      Enter(table, 1, kBoard1[table - 1]);
    }
  }

  static v1::RecordRulingRequest Fouled(const std::string& treatment,
                                        const std::vector<int>& tables) {
    return FouledRuling(1, 1, treatment, tables);
  }

  absl::StatusOr<v1::EventPayload> Decide(const v1::RecordRulingRequest& r) {
    return DecideRecordRuling(state_, r, absl::UnixEpoch());
  }

  uint64_t Rule(const v1::RecordRulingRequest& r) {
    Apply(state_, Decide(r));
    return state_.last_sequence;
  }

  // Gives the last ruling the rule, treatment and clause of another
  // profile (see the file comment).
  void Rewrite(const std::string& rule, const std::string& treatment,
               const std::string& clause) {
    v1::FouledBoardRuling* f = state_.tournaments.at("t")
                                   .competitions.at("c")
                                   .sessions.at(1)
                                   .rulings.back()
                                   .ruling.mutable_fouled();
    f->set_rule(rule);
    f->set_treatment(treatment);
    f->set_rule_clause(clause);
  }

  const CompetitionState& C() const {
    return state_.tournaments.at("t").competitions.at("c");
  }

  ButlerSessionScores Butler() const {
    absl::StatusOr<ButlerSessionScores> s =
        ScoreButlerSession(C().sessions.at(1), C().profile);
    EXPECT_THAT(s, IsOk());
    return s.ok() ? *s : ButlerSessionScores();
  }

  SessionScores Matchpoints() const {
    return ScoreSessionForProfile(C().sessions.at(1), C().profile);
  }

  v1::Traveller Traveller() const {
    v1::GetTravellerRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("c");
    r.set_session(1);
    r.set_board(1);
    absl::StatusOr<v1::Traveller> t = BuildTraveller(state_, r);
    EXPECT_THAT(t, IsOk());
    return t.ok() ? *t : v1::Traveller();
  }

  // Each table's NS and EW IMPs on board 1, in table order.
  static std::vector<std::pair<int, int>> Imps(const ButlerBoard& b) {
    std::vector<std::pair<int, int>> out;
    for (const ButlerLine& l : b.lines) {
      out.push_back({l.ns_imps.value_or(99),
                     l.ew_imps.value_or(-l.ns_imps.value_or(99))});
    }
    return out;
  }

  State state_;
};

using P = std::pair<int, int>;

// ---- Butler ----

// The true form (tables 1-5: +420 +420 +450 +170 -50) under ANC SR 16.11
// (fewer than 15 tables, the n-2 middle scores), and under ANC SR 7.2(a) /
// SABF TR 12.3 (3-7 results, the two extremes eliminated) alike: +450 and
// -50 dropped, mean (420 + 420 + 170) / 3 = 336.67, datum 340. NS IMPs:
// +80 -> 2, +80 -> 2, +110 -> 3, -170 -> -5, -390 -> -9.
// The fouled form (tables 6-8: +980 +480 +450), three results: +980 and
// +450 dropped, datum 480. NS IMPs: +500 -> 11, 0 -> 0, -30 -> -1.

TEST_F(FouledScoringTest, NswSeparateDatumEqualisesTheFormsAverages) {
  ButlerField("anc2025_abpc_open_stage2");  // datum rule as nsw_butler's
  // NSW TR 7.1.1(a): 8 tables, sufficient pairs min(4, ceil(8/3)) = 3.
  const uint64_t ruling = Rule(Fouled("separate_datums", {6, 7, 8}));
  Rewrite("nsw_tr_7_1_1", "separate_datum", "NSW TR 7.1.1(a)");
  const ButlerSessionScores s = Butler();
  const ButlerBoard& b = s.boards.at(1);
  ASSERT_TRUE(b.datum.has_value());
  EXPECT_EQ(b.datum->datum, 340);
  ASSERT_TRUE(b.fouled.has_value());
  EXPECT_TRUE(b.fouled->scored);
  ASSERT_TRUE(b.fouled->datum.has_value());
  EXPECT_EQ(b.fouled->datum->datum, 480);
  // Mean NS IMPs: true (2 + 2 + 3 - 5 - 9) / 5 = -1.4; fouled (11 + 0 - 1)
  // / 3 = 3.33. The integer nearest -1.4 - 3.33 = -4.73 is -5: fouled NS
  // 11 - 5 = 6, 0 - 5 = -5, -1 - 5 = -6; East-West the negative.
  EXPECT_EQ(b.fouled->adjustment, -5);
  EXPECT_THAT(Imps(b), ElementsAre(P{2, -2}, P{2, -2}, P{3, -3}, P{-5, 5},
                                   P{-9, 9}, P{6, -6}, P{-5, 5}, P{-6, 6}));
  EXPECT_FALSE(b.lines[4].fouled);
  EXPECT_TRUE(b.lines[5].fouled);
  EXPECT_EQ(b.lines[5].ruling, ruling);
  EXPECT_EQ(s.pairs.at(11).net_imps, core::Rational(6));   // NS table 6
  EXPECT_EQ(s.pairs.at(14).net_imps, core::Rational(5));   // EW table 7
  EXPECT_EQ(s.pairs.at(9).net_imps, core::Rational(-9));   // NS table 5

  const v1::Traveller t = Traveller();
  EXPECT_EQ(t.datum().datum(), 340);
  EXPECT_EQ(t.fouled().ruling(), ruling);
  EXPECT_EQ(t.fouled().clause(), "NSW TR 7.1.1(a)");
  EXPECT_THAT(t.fouled().tables(), ElementsAre(6, 7, 8));
  EXPECT_TRUE(t.fouled().scored());
  EXPECT_EQ(t.fouled().datum().datum(), 480);
  EXPECT_EQ(t.fouled().adjustment(), -5);
  EXPECT_FALSE(t.lines(4).fouled());
  EXPECT_TRUE(t.lines(5).fouled());
  EXPECT_EQ(t.lines(5).ns_imps(), 6);
}

TEST_F(FouledScoringTest, NswTwoImpsToTheFouledTables) {
  ButlerField("anc2025_abpc_open_stage2");
  Rule(Fouled("two_imps", {6, 7, 8}));
  Rewrite("nsw_tr_7_1_1", "two_imps", "NSW TR 7.1.1(b)");
  const ButlerSessionScores s = Butler();
  const ButlerBoard& b = s.boards.at(1);
  // NSW TR 7.1.1(b): +2 IMPs to both sides at tables 6-8; the true form
  // against its own datum of 340 (the five scores, n-2 middle: as above).
  EXPECT_EQ(b.datum->datum, 340);
  EXPECT_THAT(Imps(b), ElementsAre(P{2, -2}, P{2, -2}, P{3, -3}, P{-5, 5},
                                   P{-9, 9}, P{2, 2}, P{2, 2}, P{2, 2}));
  EXPECT_EQ(s.pairs.at(11).net_imps, core::Rational(2));
  EXPECT_EQ(s.pairs.at(12).net_imps, core::Rational(2));
  const v1::Traveller t = Traveller();
  EXPECT_EQ(t.lines(5).ew_imps(), 2);
  EXPECT_EQ(t.lines(5).datum_role(), "not in datum");
  EXPECT_EQ(t.lines(4).datum_role(), "dropped low");
  EXPECT_FALSE(t.lines(4).has_ew_imps());
}

TEST_F(FouledScoringTest, AncSeparateDatumsWithoutEqualising) {
  ButlerField("anc2025_abpc_open_stage2");
  Rule(Fouled("separate_datums", {6, 7, 8}));
  const ButlerBoard b = Butler().boards.at(1);
  // ANC SR 7.2(a): datums 340 and 480 as above (3-7 results, the two
  // extremes eliminated); unlike NSW TR 7.1.1(a), no equalising integer.
  EXPECT_EQ(b.datum->datum, 340);
  EXPECT_EQ(b.fouled->datum->datum, 480);
  EXPECT_EQ(b.fouled->adjustment, 0);
  EXPECT_THAT(b.fouled->datum->basis, HasSubstr("ANC SR 7.2(a)"));
  EXPECT_THAT(Imps(b), ElementsAre(P{2, -2}, P{2, -2}, P{3, -3}, P{-5, 5},
                                   P{-9, 9}, P{11, -11}, P{0, 0}, P{-1, 1}));
}

TEST_F(FouledScoringTest, AncSeparateDatumsReadThePendingAppealMarks) {
  ButlerField("anc2025_abpc_open_stage2");
  const uint64_t ruling = Rule(Fouled("separate_datums", {6, 7, 8}));
  // Table 7's pairs, 13 and 14, appeal.
  Apply(state_, DecideLodgeAppeal(state_, AppealAgainstRuling(1, 7, 1, ruling,
                                                              13, 14),
                                  absl::UnixEpoch()));
  absl::StatusOr<ButlerSessionScores> s =
      ScoreButlerSession(C().sessions.at(1), C().profile, &C());
  ASSERT_THAT(s, IsOk());
  const ButlerBoard& b = s->boards.at(1);
  // Pending appeals "include" (NSW TR 13.2's reading): table 7's score
  // stands in the fouled form's datum, 480 as before, now provisional;
  // the true form's has no pending score.
  EXPECT_EQ(b.fouled->datum->datum, 480);
  EXPECT_TRUE(b.fouled->datum->provisional);
  EXPECT_FALSE(b.datum->provisional);
  EXPECT_TRUE(b.lines[6].pending_appeal);
}

TEST_F(FouledScoringTest, AncTwoImps) {
  ButlerField("anc2025_abpc_open_stage2");
  Rule(Fouled("two_imps", {6, 7, 8}));
  // ANC SR 7.2(b), 7.3: "2 IMPs for both sides".
  EXPECT_THAT(Imps(Butler().boards.at(1)),
              ElementsAre(P{2, -2}, P{2, -2}, P{3, -3}, P{-5, 5}, P{-9, 9},
                          P{2, 2}, P{2, 2}, P{2, 2}));
}

// Issue #16 defect 2, ANC SR 7.5: "In the case of multiple fouled boards,
// artificial adjusted scores are awarded as detailed in the Appendices":
// 2 sqrt(N) IMPs in all to each side for N boards of one match, "rounded
// to the nearest IMP (0.5 IMPs rounded up)" (pairs: 2, then 1 more for the
// 2nd board, 0 for the 3rd: 2, 3, 3). Table 8 (one match of the round)
// has board 1 (fouled at 6-8) and board 2 (fouled at 8 alone) given 2 IMPs:
// 2 sqrt(2) = 2.83, 3 IMPs in all, shared in whole IMPs 1 + 2 (not
// 2 + 2); tables 6 and 7 keep 2. With board 3 not played at table 8
// (Law 12C2(a), average plus to both) as well: 2 sqrt(3) = 3.46, 3 IMPs,
// 1 + 1 + 1.
TEST_F(FouledScoringTest, AncSr7_5SeveralFouledBoardsOfAMatchShareTheTotal) {
  ButlerField("anc2025_abpc_open_stage2");
  Rule(Fouled("two_imps", {6, 7, 8}));
  Rule(FouledRuling(1, 2, "two_imps", {8}));
  ButlerSessionScores s = Butler();
  EXPECT_THAT(Imps(s.boards.at(1)),
              ElementsAre(P{2, -2}, P{2, -2}, P{3, -3}, P{-5, 5}, P{-9, 9},
                          P{2, 2}, P{2, 2}, P{1, 1}));
  EXPECT_EQ(Imps(s.boards.at(2)).back(), (P{2, 2}));
  v1::RecordRulingRequest r = RulingFor(1, 8, 3);
  r.set_law("Law 12C2(a)");
  r.mutable_adjusted()->mutable_artificial()->set_ns(
      v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  r.mutable_adjusted()->mutable_artificial()->set_ew(
      v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  Rule(r);
  s = Butler();
  EXPECT_EQ(Imps(s.boards.at(1)).back(), (P{1, 1}));
  EXPECT_EQ(Imps(s.boards.at(2)).back(), (P{1, 1}));
  EXPECT_EQ(Imps(s.boards.at(3)).back(), (P{1, 1}));
}

TEST_F(FouledScoringTest, SabfSeparateEntitiesAndCancelledResults) {
  ButlerField("anc2025_abpc_open_stage2");
  Rule(Fouled("separate_datums", {6, 7, 8}));
  Rewrite("sabf_tr_12_3", "separate_datums", "SABF TR 12.3");
  // SABF TR 12.3: "datums calculated for each separate entity after
  // eliminating the two extreme scores": 340 and 480, as above.
  ButlerBoard b = Butler().boards.at(1);
  EXPECT_THAT(b.fouled->datum->basis, HasSubstr("SABF TR 12.3"));
  EXPECT_THAT(Imps(b), ElementsAre(P{2, -2}, P{2, -2}, P{3, -3}, P{-5, 5},
                                   P{-9, 9}, P{11, -11}, P{0, 0}, P{-1, 1}));
  // "One or more of its results be cancelled. A score of 2 IMPs is
  // assigned to those contestants whose score is cancelled."
  Rewrite("sabf_tr_12_3", "two_imps", "SABF TR 12.3");
  b = Butler().boards.at(1);
  EXPECT_THAT(Imps(b), ElementsAre(P{2, -2}, P{2, -2}, P{3, -3}, P{-5, 5},
                                   P{-9, 9}, P{2, 2}, P{2, 2}, P{2, 2}));
}

TEST_F(FouledScoringTest, SabfNoConsequenceIsScoredAsPlayed) {
  ButlerField("anc2025_abpc_open_stage2");
  const ButlerBoard before = Butler().boards.at(1);
  Rule(Fouled("two_imps", {6, 7, 8}));
  Rewrite("sabf_tr_12_3", "no_consequence", "SABF TR 12.3");
  const ButlerBoard after = Butler().boards.at(1);
  // SABF TR 12.3: "of no consequence": every result in the one datum.
  EXPECT_EQ(after.datum->datum, before.datum->datum);
  EXPECT_EQ(Imps(after), Imps(before));
  ASSERT_TRUE(after.fouled.has_value());
  EXPECT_FALSE(after.fouled->scored);
  EXPECT_TRUE(after.fouled->waiting.empty());
  EXPECT_TRUE(after.lines[6].fouled);
}

TEST_F(FouledScoringTest, AdjustedScoreOnTheBoardKeepsTheTreatmentWaiting) {
  ButlerField("anc2025_abpc_open_stage2");
  v1::RecordRulingRequest a = Fouled("", {});
  a.set_table(2);
  a.clear_fouled();
  *a.mutable_adjusted()->mutable_assigned() = Spades(4, 11);
  a.set_law("Law 12C1(b)");
  Rule(a);
  Rule(Fouled("two_imps", {6, 7, 8}));
  const ButlerBoard b = Butler().boards.at(1);
  ASSERT_TRUE(b.fouled.has_value());
  EXPECT_FALSE(b.fouled->scored);
  EXPECT_THAT(b.fouled->waiting, HasSubstr("table 2 has an adjusted score"));
  EXPECT_FALSE(b.lines[5].ew_imps.has_value());  // no 2 IMPs to both
}

TEST_F(FouledScoringTest, ButlerFormWithTooFewResultsInWaitsForThem) {
  Create("anc2025_abpc_open_stage2", v1::COMPETITION_KIND_BUTLER_PAIRS,
         {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
  for (int table = 1; table <= 8; ++table) {
    if (table != 8) Enter(table, 1, kBoard1[table - 1]);
    for (int board = 2; board <= 12; ++board) Enter(table, board, PassedOut());
  }
  Rule(Fouled("separate_datums", {6, 7, 8}));
  // ANC SR 7.2(a): two results of the fouled form are in, too few for its
  // datum (3 or more): the board has no IMPs yet.
  ButlerSessionScores s = Butler();
  EXPECT_FALSE(s.boards.at(1).complete);
  EXPECT_FALSE(s.boards.at(1).datum.has_value());
  for (const ButlerLine& l : s.boards.at(1).lines) {
    EXPECT_FALSE(l.ns_imps.has_value());
  }
  EXPECT_EQ(s.matches[6].boards_scored, 11);  // table 7: boards 2-12
  Enter(8, 1, kBoard1[7]);
  s = Butler();
  EXPECT_TRUE(s.boards.at(1).complete);
  EXPECT_THAT(Imps(s.boards.at(1)),
              ElementsAre(P{2, -2}, P{2, -2}, P{3, -3}, P{-5, 5}, P{-9, 9},
                          P{11, -11}, P{0, 0}, P{-1, 1}));
}

// ---- Matchpoints (international scale: 2 per score beaten, 1 per tie) ----

TEST_F(FouledScoringTest, NswSeparateDealPlusOnePerScoreInTheOtherGroup) {
  MatchpointField("nsw_matchpoint_pairs");
  Rule(Fouled("separate_deal", {6, 7, 8}));
  const SessionScores s = Matchpoints();
  const ScoredBoard& b = s.boards.at(1);
  // NSW TR 7.3.2. True form (5 tables, group top 8): +450 8, +420 5, +420
  // 5, +170 2, -50 0; plus 1 per fouled score (3): 11, 8, 8, 5, 3 (tables
  // 3, 1, 2, 4, 5). Fouled form (group top 4): +980 4, +480 2, +450 0;
  // plus 5: 9, 7, 5. East-West: 14 less North-South at every table.
  const char* ns[8] = {"8", "8", "11", "5", "3", "9", "7", "5"};
  const char* ew[8] = {"6", "6", "3", "9", "11", "5", "7", "9"};
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(b.results[i].ns_matchpoints, R(ns[i])) << "table " << i + 1;
    EXPECT_EQ(b.results[i].ew_matchpoints, R(ew[i])) << "table " << i + 1;
    EXPECT_EQ(b.results[i].fouled, i >= 5);
  }
  EXPECT_EQ(s.pairs.at(11).matchpoints, R("9"));
  const v1::Traveller t = Traveller();
  EXPECT_EQ(t.fouled().clause(), "NSW TR 7.3.2");
  EXPECT_TRUE(t.lines(7).fouled());
  EXPECT_EQ(t.lines(7).ns_matchpoints().numerator(), 5);
}

TEST_F(FouledScoringTest, NswSixtyPercentWhenTooFewPlayedTheFouledForm) {
  MatchpointField("nsw_matchpoint_pairs");
  // 3 of 8 tables is sufficient pairs: 60% is refused.
  EXPECT_THAT(Decide(Fouled("sixty_percent", {6, 7, 8})),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("NSW TR 7.3.2"),
                             HasSubstr("choose separate_deal"))));
  Rule(Fouled("sixty_percent", {7, 8}));
  const ScoredBoard b = Matchpoints().boards.at(1);
  // NSW TR 7.3.2, otherwise: 60% of the top 14 = 8.4 to both sides at
  // tables 7 and 8. The true form (tables 1-6: +420 +420 +450 +170 -50
  // +980, group top 10): 980 10, 450 8, 420 5, 420 5, 170 2, -50 0, plus 1
  // per fouled score (2); East-West 10 less NS, plus 2.
  const char* ns[8] = {"7", "7", "10", "4", "2", "12", "8.4", "8.4"};
  const char* ew[8] = {"7", "7", "4", "10", "12", "2", "8.4", "8.4"};
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(b.results[i].ns_matchpoints, R(ns[i])) << "table " << i + 1;
    EXPECT_EQ(b.results[i].ew_matchpoints, R(ew[i])) << "table " << i + 1;
  }
}

TEST_F(FouledScoringTest, NswMatchpointTreatmentWaitsForEveryResult) {
  Create("nsw_matchpoint_pairs", v1::COMPETITION_KIND_MATCHPOINT_PAIRS, {1});
  for (int table = 1; table <= 7; ++table) {
    Enter(table, 1, kBoard1[table - 1]);
  }
  Rule(Fouled("separate_deal", {6, 7, 8}));
  // NSW TR 7.3.2 counts the whole field ("one (1) matchpoint for each
  // score in the other group"): with 7 of 8 in, the board is scored as
  // entered and the note says why.
  ScoredBoard b = Matchpoints().boards.at(1);
  ASSERT_TRUE(b.fouled.has_value());
  EXPECT_FALSE(b.fouled->scored);
  EXPECT_THAT(b.fouled->waiting, HasSubstr("7 of 8 results in"));
  EXPECT_TRUE(b.results[6].fouled);
  Enter(8, 1, kBoard1[7]);
  b = Matchpoints().boards.at(1);
  EXPECT_TRUE(b.fouled->scored);
  EXPECT_EQ(b.results[7].ns_matchpoints, R("5"));  // as in the test above
}

// The other six tables' matchpoints when tables 7 and 8 leave the field:
// among themselves (top 10) +980 10, +450 8, +420 5, +420 5, +170 2, -50 0,
// factored to 8 tables by Neuberg, F = (M + 1) x 8 / 6 - 1: 41/3, 11, 7,
// 7, 3, 1/3; East-West 14 less North-South.
const char* const kNeubergNs[6] = {"7", "7", "11", "3", "1/3", "41/3"};
const char* const kNeubergEw[6] = {"7", "7", "3", "11", "41/3", "1/3"};

TEST_F(FouledScoringTest, AncIpcSixtyPercentToBothSides) {
  MatchpointField("sabf_matchpoint_pairs");
  const uint64_t ruling = Rule(Fouled("sixty_percent", {7, 8}));
  Rewrite("anc_sr_7_4", "sixty_percent", "ANC SR 7.4");
  const ScoredBoard b = Matchpoints().boards.at(1);
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(b.results[i].ns_matchpoints, R(kNeubergNs[i]));
    EXPECT_EQ(b.results[i].ew_matchpoints, R(kNeubergEw[i]));
  }
  // ANC SR 7.4: 60% of 14 = 8.4 to both sides, whatever the session.
  for (int i : {6, 7}) {
    EXPECT_EQ(b.results[i].ns_matchpoints, R("8.4"));
    EXPECT_EQ(b.results[i].ew_matchpoints, R("8.4"));
    EXPECT_EQ(b.results[i].ruling, ruling);
  }
}

TEST_F(FouledScoringTest, SabfSixtyPercentOrTheSessionAverage) {
  Create("sabf_matchpoint_pairs", v1::COMPETITION_KIND_MATCHPOINT_PAIRS,
         {1, 2});
  for (int table = 1; table <= 8; ++table) {
    Enter(table, 1, kBoard1[table - 1]);
    // Board 2 (NS vulnerable): 4S= +620 at tables 1-7, 6S= +1430 at 8.
    Enter(table, 2, table == 8 ? Spades(6, 12) : Spades(4, 10));
  }
  Rule(Fouled("sixty_percent", {7, 8}));
  const SessionScores s = Matchpoints();
  const ScoredBoard& b = s.boards.at(1);
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(b.results[i].ns_matchpoints, R(kNeubergNs[i]));
  }
  // SABF TR 11.9: "60% ... or their average score for the session,
  // whichever is the greater", the session being board 2 alone. Table 8
  // NS (pair 15) topped it, 14 of 14 = 100%: 14. Table 8 EW 0%, table 7 NS
  // (tied six others: 6 of 14, 42.9%) and EW (beat table 8's EW and tied
  // six: 8 of 14, 57.1%): 60% of 14 = 8.4.
  EXPECT_EQ(b.results[7].ns_matchpoints, R("14"));
  EXPECT_EQ(b.results[7].ew_matchpoints, R("8.4"));
  EXPECT_EQ(b.results[6].ns_matchpoints, R("8.4"));
  EXPECT_EQ(b.results[6].ew_matchpoints, R("8.4"));
  EXPECT_EQ(s.pairs.at(15).matchpoints, R("28"));
}

// ---- Refusals at decide time ----

TEST(CheckFouledScoringTest, NswSeparateDatumNeedsADatumForEachForm) {
  absl::StatusOr<core::RegulationProfile> nsw = FindBuiltInProfile("nsw_butler");
  ASSERT_THAT(nsw, IsOk());
  EXPECT_THAT(CheckFouledScoring(*nsw, "separate_datum", 8, 3, 0), IsOk());
  // 7 of 8 tables in the fouled form is sufficient pairs (3), but the true
  // form's one result leaves ANC SR 16.11's n-2 middle scores nothing to
  // average: no separate datum for it.
  EXPECT_THAT(CheckFouledScoring(*nsw, "separate_datum", 8, 7, 0),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("NSW TR 7.1.1(a): the true form's 1"),
                             HasSubstr("choose two_imps"))));
}

TEST_F(FouledScoringTest, SabfSixtyPercentTakesAnyNumberOfFouledTables) {
  // The NSW TR 7.3.2 refusal is NSW's alone: SABF TR 11.9 takes any
  // number of fouled tables.
  MatchpointField("sabf_matchpoint_pairs");
  EXPECT_THAT(Decide(Fouled("sixty_percent", {5, 6, 7, 8})), IsOk());
}

}  // namespace
}  // namespace tally::replay
