// A Butler or cross-IMP pairs session in sections (issue #18), run through
// decide and Evolve: each board's comparison is the section's tables
// (profile sections.scored within_section, the default) or every table that
// played it (across_field); the per-section and overall ranks; DefineSession
// taking sections in an IMP pairs event.
//
// Two sections of one round, every table playing board 1 (dealer N, nobody
// vulnerable), North declaring spades:
//   section A: table 1 NS 1 v EW 4, 4S= +420; table 2 NS 2 v EW 5, 4S= +420;
//              table 3 NS 3 v EW 6, 2S+2 +170
//   section B: table 4 NS 7 v EW 10, 2S+2 +170; table 5 NS 8 v EW 11, 2S+2
//              +170; table 6 NS 9 v EW 12, 3S= +140
// club_butler_pairs' datum drops the best and the worst North-South score
// and averages the rest, rounded to the closest 10 (NBB club Butler).
//   Within each section: A's datum is the middle of +420 +420 +170, 420;
//   B's the middle of +170 +170 +140, 170. NS IMPs (WBF table): table 1
//   +420-420 = 0 -> 0, table 2 0, table 3 170-420 = -250 -> -6; table 4 0,
//   table 5 0, table 6 140-170 = -30 -> -1.
//   Across the field: the six scores less +420 (best) and +140 (worst):
//   (420+170+170+170)/4 = 232.5, closest 10: 230. NS IMPs: tables 1-2
//   +190 -> +5, tables 3-5 -60 -> -2, table 6 -90 -> -3.
// cross_imp_pairs (averaged per comparison): within A, table 1 v table 2
// 0, v table 3 +250 -> +6: (0+6)/2 = 3, table 2 likewise 3, table 3
// (-6-6)/2 = -6; within B, tables 4-5 (0+1)/2 = 1/2, table 6 (-1-1)/2 = -1.
// Across the field table 1: v table 2 0, v tables 3-5 +250 -> +6 each, v
// table 6 +280 -> +7: 25/5 = 5.

#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/butler/butler_session.h"
#include "replay/decide/decide.h"
#include "replay/decide/decide_ruling.h"
#include "replay/pairs/queries.h"
#include "replay/testing/apply_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::testing::ElementsAre;

v1::TableResult Spades(int level, int tricks) {
  v1::TableResult r;
  v1::PlayedContract* p = r.mutable_played();
  p->set_level(level);
  p->set_strain(v1::STRAIN_SPADES);
  p->set_declarer(v1::SEAT_NORTH);
  p->set_tricks(tricks);
  return r;
}

class ImpSectionsTest : public ::testing::Test {
 protected:
  void Create(const char* profile) {
    state_ = State();
    v1::CreateTournamentRequest t;
    t.set_tournament_id("t");
    t.set_name("Club");
    Apply(state_, DecideCreateTournament(state_, t));
    v1::CreateCompetitionRequest c;
    c.set_tournament_id("t");
    c.set_competition_id("imps");
    c.set_name("IMP Pairs");
    c.set_kind(v1::COMPETITION_KIND_BUTLER_PAIRS);
    c.set_regulation_profile(profile);
    Apply(state_, DecideCreateCompetition(state_, c));
    for (int pair = 1; pair <= 12; ++pair) {
      v1::RegisterPairRequest r;
      r.set_tournament_id("t");
      r.set_competition_id("imps");
      r.set_pair(pair);
      r.add_players(absl::StrCat("North", pair));
      r.add_players(absl::StrCat("South", pair));
      Apply(state_, DecideRegisterPair(state_, r));
    }
  }

  // One round: tables 1-3 (section A: NS 1-3 v EW 4-6) and 4-6 (section
  // B: NS 7-9 v EW 10-12); A's tables play board 1, B's boards 1 to
  // `b_last`.
  static v1::DefineSessionRequest TwoSections(int b_last) {
    v1::DefineSessionRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("imps");
    r.set_session(1);
    v1::Movement* m = r.mutable_explicit_movement();
    v1::MovementRound* round = m->add_rounds();
    round->set_round(1);
    for (int table = 1; table <= 6; ++table) {
      const bool a = table <= 3;
      v1::TableAssignment* t = round->add_tables();
      t->set_table(table);
      t->set_ns_pair(a ? table : table + 3);
      t->set_ew_pair(a ? table + 3 : table + 6);
      for (int b = 1; b <= (a ? 1 : b_last); ++b) t->add_boards(b);
    }
    for (const auto& [name, first_table, first_pair] :
         std::vector<std::tuple<std::string, int, int>>{{"A", 1, 1},
                                                        {"B", 4, 7}}) {
      v1::MovementSection* s = m->add_sections();
      s->set_name(name);
      s->set_first_table(first_table);
      s->set_tables(3);
      s->set_first_pair(first_pair);
      s->set_pairs(6);
    }
    return r;
  }

  void DefineAndPlay(int b_last = 1) {
    absl::StatusOr<v1::EventPayload> defined =
        DecideDefineSession(state_, TwoSections(b_last));
    ASSERT_THAT(defined, IsOk());
    Apply(state_, defined);
    v1::StartSessionRequest start;
    start.set_tournament_id("t");
    start.set_competition_id("imps");
    start.set_session(1);
    Apply(state_, DecideStartSession(state_, start));
    const v1::TableResult results[] = {Spades(4, 10), Spades(4, 10),
                                       Spades(2, 10), Spades(2, 10),
                                       Spades(2, 10), Spades(3, 9)};
    for (int table = 1; table <= 6; ++table) {
      Enter(table, 1, results[table - 1]);
    }
  }

  void Enter(int table, int board, const v1::TableResult& r) {
    v1::EnterResultRequest e;
    e.set_tournament_id("t");
    e.set_competition_id("imps");
    e.set_session(1);
    e.set_table(table);
    e.set_board(board);
    *e.mutable_result() = r;
    Apply(state_, DecideEnterResult(state_, e));
  }

  const CompetitionState& Imps() const {
    return state_.tournaments.at("t").competitions.at("imps");
  }

  // Board 1 scored under the competition's profile, or across the field.
  ButlerBoard Board1(bool across_field) const {
    core::RegulationProfile profile = Imps().profile;
    if (across_field) profile.sections = core::SectionScoring{true, "test"};
    absl::StatusOr<ButlerSessionScores> s =
        ScoreButlerSession(Imps().sessions.at(1), profile);
    EXPECT_THAT(s, IsOk());
    return s.ok() ? s->boards.at(1) : ButlerBoard();
  }

  // "section:table:IMPs" per line (Butler's whole IMPs, or cross-IMPs).
  static std::vector<std::string> Lines(const ButlerBoard& board) {
    std::vector<std::string> out;
    for (const ButlerLine& l : board.lines) {
      out.push_back(
          absl::StrCat(l.section, ":", l.result->slot.table, ":",
                       l.ns_cross_imps.has_value() ? l.ns_cross_imps->ToString()
                       : l.ns_imps.has_value()     ? absl::StrCat(*l.ns_imps)
                                                   : "-"));
    }
    return out;
  }

  // The fields' names and, per row, "label=pair#rank[t][/overall[t]]".
  std::vector<std::string> Ranking() const {
    v1::GetStandingsRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("imps");
    r.set_session(1);
    absl::StatusOr<v1::Standings> standings = BuildStandings(state_, r);
    EXPECT_THAT(standings, IsOk());
    std::vector<std::string> out;
    if (!standings.ok()) return out;
    for (const v1::StandingsField& f : standings->fields()) {
      std::string text = absl::StrCat(f.name(), ":");
      for (const v1::StandingsRow& row : f.rows()) {
        absl::StrAppend(&text, " ", row.section_pair(), "=", row.pair(), "#",
                        row.rank(), row.tied() ? "t" : "");
        if (row.overall_rank() > 0) {
          absl::StrAppend(&text, "/", row.overall_rank(),
                          row.overall_tied() ? "t" : "");
        }
      }
      out.push_back(text);
    }
    return out;
  }

  State state_;
};

TEST_F(ImpSectionsTest, ButlerDatumIsEachSectionsWithinSections) {
  Create("club_butler_pairs");
  DefineAndPlay();
  const ButlerBoard within = Board1(/*across_field=*/false);
  EXPECT_FALSE(within.datum.has_value());  // no field datum
  ASSERT_EQ(within.sections.size(), 2u);
  EXPECT_EQ(within.sections[0].section, "A");
  ASSERT_TRUE(within.sections[0].datum.has_value());
  EXPECT_EQ(within.sections[0].datum->datum, 420);
  EXPECT_EQ(within.sections[1].section, "B");
  ASSERT_TRUE(within.sections[1].datum.has_value());
  EXPECT_EQ(within.sections[1].datum->datum, 170);
  EXPECT_TRUE(within.complete);
  EXPECT_THAT(Lines(within), ElementsAre("A:1:0", "A:2:0", "A:3:-6", "B:4:0",
                                         "B:5:0", "B:6:-1"));
}

TEST_F(ImpSectionsTest, ButlerDatumIsTheFieldsAcrossTheField) {
  Create("club_butler_pairs");
  DefineAndPlay();
  const ButlerBoard across = Board1(/*across_field=*/true);
  EXPECT_TRUE(across.sections.empty());
  ASSERT_TRUE(across.datum.has_value());
  EXPECT_EQ(across.datum->datum, 230);
  EXPECT_THAT(Lines(across),
              ElementsAre(":1:5", ":2:5", ":3:-2", ":4:-2", ":5:-2", ":6:-3"));
}

TEST_F(ImpSectionsTest, CrossImpsCompareWithinTheSectionOrTheField) {
  Create("cross_imp_pairs");
  DefineAndPlay();
  EXPECT_THAT(
      Lines(Board1(/*across_field=*/false)),
      ElementsAre("A:1:3", "A:2:3", "A:3:-6", "B:4:1/2", "B:5:1/2", "B:6:-1"));
  const std::vector<std::string> across = Lines(Board1(/*across_field=*/true));
  ASSERT_EQ(across.size(), 6u);
  EXPECT_EQ(across[0], ":1:5");
}

// Within sections, club_butler_pairs (one field: NS and EW ranked
// together) ranks each section's pairs on net IMPs, "A ALL" and "B ALL",
// and each pair overall over all twelve. A: EW 6 +6 first, NS 1, NS 2,
// EW 4, EW 5 0 second equal, NS 3 -6 sixth; B: EW 12 +1 first, NS 7, NS 8,
// EW 10, EW 11 second equal, NS 9 -1 sixth. Overall: EW 6 1st, EW 12 2nd,
// the eight 0s 3rd equal, NS 9 11th, NS 3 12th.
TEST_F(ImpSectionsTest, RanksPerSectionAndOverallOnNetImps) {
  Create("club_butler_pairs");
  DefineAndPlay();
  EXPECT_THAT(Ranking(),
              ElementsAre("A ALL: A6=6#1/1 A1=1#2t/3t A2=2#2t/3t A4=4#2t/3t "
                          "A5=5#2t/3t A3=3#6/12",
                          "B ALL: B6=12#1/2 B1=7#2t/3t B2=8#2t/3t B4=10#2t/3t "
                          "B5=11#2t/3t B3=9#6/11"));
}

// Section B also plays board 2 (passed out at its three tables: datum 0,
// 0 IMPs each), so B's pairs play two boards to A's one: net IMPs over
// different numbers of boards have no common scale, and no overall rank is
// given (the section ranks stand).
TEST_F(ImpSectionsTest, NoOverallRankWhenSectionsPlayDifferentBoards) {
  Create("club_butler_pairs");
  DefineAndPlay(/*b_last=*/2);
  for (int table = 4; table <= 6; ++table) {
    v1::TableResult pass;
    pass.mutable_passed_out();
    Enter(table, 2, pass);
  }
  EXPECT_THAT(
      Ranking(),
      ElementsAre("A ALL: A6=6#1 A1=1#2t A2=2#2t A4=4#2t A5=5#2t A3=3#6",
                  "B ALL: B6=12#1 B1=7#2t B2=8#2t B4=10#2t B5=11#2t B3=9#6"));
}

// A section of three tables is enough for club_butler_pairs' datum (three
// results) within sections; a section of two is not (each section's
// tables make the board's datum on their own).
TEST_F(ImpSectionsTest, DefineSessionChecksEachSectionsDatum) {
  Create("club_butler_pairs");
  EXPECT_THAT(DecideDefineSession(state_, TwoSections(1)), IsOk());
  v1::DefineSessionRequest two = TwoSections(1);
  v1::Movement* m = two.mutable_explicit_movement();
  m->mutable_rounds(0)->mutable_tables()->DeleteSubrange(5, 1);
  m->mutable_sections(1)->set_tables(2);
  m->mutable_sections(1)->set_pairs(4);
  m->mutable_rounds(0)->mutable_tables(3)->set_ew_pair(9);
  m->mutable_rounds(0)->mutable_tables(4)->set_ew_pair(10);
  absl::StatusOr<v1::EventPayload> refused = DecideDefineSession(state_, two);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(refused.status().message()),
              ::testing::HasSubstr("in section B"));
}

// An artificial score leaves its table out of the datum (Law 12C2). At
// table 3, section A keeps two scores of its three, too few for
// club_butler_pairs' datum (a board needs three results): refused, naming
// the section, though the six tables of the field would keep five.
TEST_F(ImpSectionsTest, ARulingMayNotLeaveASectionWithoutADatum) {
  Create("club_butler_pairs");
  DefineAndPlay();
  v1::RecordRulingRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("imps");
  r.set_session(1);
  r.set_table(3);
  r.set_board(1);
  r.set_law("Law 12C2");
  r.set_text("a card exposed, the board unplayable");
  r.mutable_adjusted()->mutable_artificial()->set_ns(
      v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  r.mutable_adjusted()->mutable_artificial()->set_ew(
      v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
  absl::StatusOr<v1::EventPayload> refused =
      DecideRecordRuling(state_, r, absl::UnixEpoch());
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(refused.status().message()),
              ::testing::HasSubstr("board 1 of session 1, section A would "
                                   "keep only 2 of its 3 scores"));
}

}  // namespace
}  // namespace tally::replay
