// SABF TR 14.1's share match in a USEBIO Swiss teams file (tally's form,
// docs/interchange.md): the reader, the share check, the writer, the
// answers turned into a file and the published check, on the hand-worked
// fixture tests/interchange/usebio_swiss_teams_share.xml (5 teams, 2
// rounds of 10-board matches under nsw_swiss_teams, one two-team match and
// one share match a round; every IMP and VP worked in
// tests/interchange/README.md from the WBF IMP scale, Law 78B, and the
// 10-board WBF VP scale, SABF TR 21.7).

#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/interchange/fixture_files_for_test.h"
#include "server/interchange/pbn_teams_writer.h"
#include "server/interchange/teams_answers.h"
#include "server/interchange/teams_import_plan.h"
#include "server/interchange/teams_share_match.h"
#include "server/interchange/usebio_teams_reader.h"
#include "server/interchange/usebio_teams_writer.h"
#include "tally/v1/profile.pb.h"

namespace tally::interchange {
namespace {

using ::tally::testing::IsOk;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

constexpr char kDir[] = TALLY_INTERCHANGE_FIXTURES;
constexpr char kFixture[] = "usebio_swiss_teams_share.xml";

core::Rational R(const std::string& text) {
  return *core::Rational::Parse(text);
}

absl::StatusOr<TeamsFile> ReadShare() {
  return ReadUsebioTeams(ReadFixture(kDir, kFixture), kFixture);
}

// The fixture with `from` replaced by `to` on line `line` (1-based), read.
absl::StatusOr<TeamsFile> ReadWithLineEdited(int line, const std::string& from,
                                             const std::string& to) {
  std::istringstream in(ReadFixture(kDir, kFixture));
  std::string out, text;
  for (int n = 1; std::getline(in, text); ++n) {
    if (n == line) {
      const size_t at = text.find(from);
      EXPECT_NE(at, std::string::npos) << "line " << line << ": " << text;
      if (at != std::string::npos) text.replace(at, from.size(), to);
    }
    out += text + "\n";
  }
  return ReadUsebioTeams(out, kFixture);
}

void ExpectRefusedAt(const absl::StatusOr<TeamsFile>& read, int line,
                     const std::string& what) {
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(read.status().message(),
              HasSubstr(std::string(kFixture) + " line " +
                        std::to_string(line) + ": "));
  EXPECT_THAT(read.status().message(), HasSubstr(what));
}

TEST(UsebioShareMatchTest, ReadsEachShareTeamFromItsSide) {
  absl::StatusOr<TeamsFile> file = ReadShare();
  ASSERT_THAT(file, IsOk());
  ASSERT_EQ(file->teams.size(), 5u);
  ASSERT_EQ(file->matches.size(), 8u);
  // Round 1: 1 v 2, then the share match A 3, B 4, C 5 (Table 1: 3 v 4;
  // Table 2: 5 v 3; Table 3: 4 v 5), each against its NS table's team.
  const std::vector<const FileMatch*> share = ShareMatchesOfRound(*file, 1);
  ASSERT_EQ(share.size(), 3u);
  EXPECT_EQ(share[0]->share, 'A');
  EXPECT_EQ(share[0]->team, 3);
  EXPECT_EQ(share[0]->opponent, 4);
  EXPECT_EQ(share[1]->team, 4);
  EXPECT_EQ(share[1]->opponent, 5);
  EXPECT_EQ(share[2]->team, 5);
  EXPECT_EQ(share[2]->opponent, 3);
  // Their own VPs (README: -14 5.46, -3 8.86, +17 15.29), no opponent's.
  EXPECT_EQ(share[0]->team_score, R("5.46"));
  EXPECT_EQ(share[1]->team_score, R("8.86"));
  EXPECT_EQ(share[2]->team_score, R("15.29"));
  for (const FileMatch* m : share) {
    EXPECT_FALSE(m->opponent_score.has_value());
  }
  // Board 4 (all vul): Table 1 4H= E -620, Table 2 4H-2 E +200, Table 3
  // 4H= E -620. A's NS table is Table 1 and its EW table Table 2:
  // -620 - 200 = -820, -13.
  const FileMatchBoard& a4 = share[0]->boards[3];
  EXPECT_EQ(a4.board, 4);
  EXPECT_EQ(a4.imps, core::Rational(-13));
  ASSERT_EQ(a4.rooms.size(), 2u);
  EXPECT_TRUE(a4.rooms[0].team_north_south);
  EXPECT_EQ(a4.rooms[0].ns_score, -620);
  EXPECT_FALSE(a4.rooms[1].team_north_south);
  EXPECT_EQ(a4.rooms[1].ns_score, 200);
  // Round 2's share: A 2, B 5, C 4; 1 v 3 a two-team match.
  const std::vector<const FileMatch*> two = ShareMatchesOfRound(*file, 2);
  ASSERT_EQ(two.size(), 3u);
  EXPECT_EQ(two[0]->team, 2);
  EXPECT_EQ(two[1]->team, 5);
  EXPECT_EQ(two[2]->team, 4);
  EXPECT_EQ(two[0]->team_score, R("14.28"));
  EXPECT_EQ(file->matches[4].share, 0);
  EXPECT_EQ(file->matches[4].opponent_score, R("13.14"));
}

TEST(UsebioShareMatchTest, WritesTheShareMatchBackEqual) {
  absl::StatusOr<TeamsFile> file = ReadShare();
  ASSERT_THAT(file, IsOk());
  absl::StatusOr<std::string> written = WriteUsebioTeams(*file);
  ASSERT_THAT(written, IsOk());
  EXPECT_THAT(*written, HasSubstr("<TEAM>3</TEAM>\n"
                                  "      <SHARE_MATCH>A</SHARE_MATCH>\n"
                                  "      <OPPOSING_TEAM>4</OPPOSING_TEAM>"));
  // Two two-team matches carry OPPOSING_TEAM_SCORE; the six share MATCHes
  // do not.
  size_t count = 0;
  for (size_t at = written->find("<OPPOSING_TEAM_SCORE>");
       at != std::string::npos;
       at = written->find("<OPPOSING_TEAM_SCORE>", at + 1)) {
    ++count;
  }
  EXPECT_EQ(count, 2u);
  absl::StatusOr<TeamsFile> again = ReadUsebioTeams(*written, "written.xml");
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(FirstTeamsDifference(*file, *again), "");
  // PBN has no form for one.
  absl::StatusOr<std::string> pbn = WritePbnTeams(*file);
  EXPECT_EQ(pbn.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(pbn.status().message(),
              HasSubstr("round 1 has a share match (SABF TR 14.1)"));
  TeamsFile other = *file;
  other.matches[1].share = 'B';
  EXPECT_THAT(FirstTeamsDifference(*file, other),
              HasSubstr("SHARE_MATCH A v B"));
}

TEST(UsebioShareMatchTest, RefusesAShareThatIsNotOneMatchNamingTheLine) {
  // A letter repeated: team 4 also A.
  ExpectRefusedAt(ReadWithLineEdited(417, ">B<", ">A<"), 414,
                  "round 1: <SHARE_MATCH> A is team 3 (line 257) and team 4");
  // A letter that is none of the three.
  ExpectRefusedAt(ReadWithLineEdited(417, ">B<", ">D<"), 417,
                  "<SHARE_MATCH> \"D\": a share match's team is A, B or C");
  // A's MATCH names C (5), not the team at its NS table (B, 4).
  ExpectRefusedAt(ReadWithLineEdited(261, ">4<", ">5<"), 257,
                  "<OPPOSING_TEAM> 5, but B is team 4 (line 414); SABF TR "
                  "14.1 seats Table 1 A v B");
  // Table 1's board 3 (A NS, B EW) as B shows it: 2H+1 +140, B's IMPs
  // made to agree (0 - 140 = -140, -4), but A shows 2H= +110.
  {
    std::string bytes = ReadFixture(kDir, kFixture);
    std::istringstream in(bytes);
    std::string out, text;
    for (int n = 1; std::getline(in, text); ++n) {
      if (n == 452) text = "            <IMPS>-4</IMPS>";
      if (n == 462) text = "              <TRICKS>9</TRICKS>";
      if (n == 463) text = "              <SCORE>140</SCORE>";
      out += text + "\n";
    }
    ExpectRefusedAt(ReadUsebioTeams(out, kFixture), 458,
                    "round 1, board 3, Table 1 of the share match (3 v 4): "
                    "team 4's MATCH shows its result otherwise than team "
                    "3's (line 296)");
  }
  // Without its letter, C's MATCH is a two-team match 5 v 3, and team 3
  // plays twice.
  ExpectRefusedAt(ReadWithLineEdited(572, "<SHARE_MATCH>C</SHARE_MATCH>", ""),
                  569, "team 3 plays two matches");
  // A share team's MATCH carries its own VPs only.
  ExpectRefusedAt(ReadWithLineEdited(
                      264, "<TEAM_SCORE>5.46</TEAM_SCORE>",
                      "<TEAM_SCORE>5.46</TEAM_SCORE><OPPOSING_TEAM_SCORE>14.54"
                      "</OPPOSING_TEAM_SCORE>"),
                  257, "an <OPPOSING_TEAM_SCORE>; each team of a share match");
  // A's IMPs on board 3 are its NS table's score against its EW table's:
  // 110 - 140 = -30, -1.
  ExpectRefusedAt(ReadWithLineEdited(295, ">-1<", ">1<"), 293,
                  "<IMPS> 1, but TEAM's two rooms make -30 points, -1 IMPs");
  // A share match belongs to a Swiss teams round.
  ExpectRefusedAt(
      ReadUsebioTeams(
          EditedFixture(kDir, kFixture, "EVENT_TYPE=\"SWISS_TEAMS\">",
                        "EVENT_TYPE=\"TEAMS_OF_FOUR\">"),
          kFixture),
      257, "a share match (SABF TR 14.1) is a Swiss teams round's");
}

v1::RegulationProfile ShareProfile(const std::string& odd_field) {
  v1::RegulationProfile profile;
  profile.set_name("nsw_swiss_teams");
  profile.set_event_kind(v1::EVENT_KIND_SWISS_TEAMS);
  profile.set_scoring(v1::SCORING_METHOD_IMPS_TWO_TABLES);
  profile.mutable_spec()->mutable_vp();
  profile.mutable_spec()->mutable_matches()->set_boards_per_match(10);
  profile.mutable_spec()->mutable_draw()->set_method("swiss");
  profile.mutable_spec()->mutable_draw()->set_odd_field(odd_field);
  return profile;
}

// Imported where the profile plays an odd field as a share match
// (nsw_swiss_teams); refused naming the first share MATCH where it does not.
TEST(UsebioShareMatchTest, TheImportNeedsAProfileOfShareMatches) {
  absl::StatusOr<TeamsFile> file = ReadShare();
  ASSERT_THAT(file, IsOk());
  EXPECT_THAT(CheckTeamsProfile(*file, ShareProfile("share_match"), kFixture),
              IsOk());
  const absl::Status checked =
      CheckTeamsProfile(*file, ShareProfile("bye"), kFixture);
  EXPECT_EQ(checked.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(checked.message(),
              HasSubstr("usebio_swiss_teams_share.xml line 257: profile "
                        "nsw_swiss_teams plays an odd field with bye, not a "
                        "share match (SABF TR 14.1)"));
}

// The plan: each round's draw carries its two-team match and its share
// match (the table after the match's), and each share table's result is
// entered once, from its North-South team's MATCH (README: round 1's
// Table 1 3 NS v 4, Table 2 5 NS v 3, Table 3 4 NS v 5).
TEST(UsebioShareMatchTest, ThePlanSendsTheShareAndEachTableOnce) {
  absl::StatusOr<TeamsFile> file = ReadShare();
  ASSERT_THAT(file, IsOk());
  ImportTarget target;
  target.tournament_id = "club";
  target.competition_id = "swiss";
  target.regulation_profile = "nsw_swiss_teams";
  target.format = "usebio-1.2";
  target.file_name = kFixture;
  target.file_sha256 = "abc";
  const std::vector<ImportStep> steps = PlanTeamsImport(*file, target);
  // Tournament, competition, 5 teams; each of 2 rounds: its draw, the match's
  // 10 boards x 2 rooms, the share's 10 boards x 3 tables, its posting.
  ASSERT_EQ(steps.size(), 2u + 5u + 2u * (1u + 20u + 30u + 1u));
  const auto* draw = std::get_if<v1::MakeDrawRequest>(&steps[7].request);
  ASSERT_NE(draw, nullptr);
  EXPECT_EQ(draw->round(), 1);
  ASSERT_EQ(draw->matches_size(), 1);
  EXPECT_EQ(draw->matches(0).home(), 1);
  EXPECT_EQ(draw->matches(0).away(), 2);
  EXPECT_EQ(draw->share().table(), 2);
  EXPECT_EQ(draw->share().a(), 3);
  EXPECT_EQ(draw->share().b(), 4);
  EXPECT_EQ(draw->share().c(), 5);
  EXPECT_EQ(draw->bye(), 0);
  // Steps 28-57: Table 1 (room share1) boards 1-10, Table 2, Table 3.
  const v1::Room rooms[3] = {v1::ROOM_SHARE_1, v1::ROOM_SHARE_2,
                             v1::ROOM_SHARE_3};
  for (int t = 0; t < 3; ++t) {
    for (int b = 0; b < 10; ++b) {
      const auto* r =
          std::get_if<v1::EnterResultRequest>(&steps[28 + 10 * t + b].request);
      ASSERT_NE(r, nullptr);
      EXPECT_EQ(r->session(), 1);
      EXPECT_EQ(r->table(), 2);
      EXPECT_EQ(r->room(), rooms[t]);
      EXPECT_EQ(r->board(), b + 1);
    }
  }
  // Board 3: Table 1 2H= by South, Table 2 2H+1 by South, Table 3 passed out.
  const auto& t1 = std::get<v1::EnterResultRequest>(steps[30].request);
  EXPECT_EQ(t1.result().played().level(), 2);
  EXPECT_EQ(t1.result().played().tricks(), 8);
  const auto& t2 = std::get<v1::EnterResultRequest>(steps[40].request);
  EXPECT_EQ(t2.result().played().tricks(), 9);
  const auto& t3 = std::get<v1::EnterResultRequest>(steps[50].request);
  EXPECT_TRUE(t3.result().has_passed_out());
  // Round 2's draw: 1 v 3, the share A 2, B 5, C 4 at table 2.
  const auto* draw2 = std::get_if<v1::MakeDrawRequest>(&steps[59].request);
  ASSERT_NE(draw2, nullptr);
  EXPECT_EQ(draw2->round(), 2);
  EXPECT_EQ(draw2->first_board(), 11);
  EXPECT_EQ(draw2->share().a(), 2);
  EXPECT_EQ(draw2->share().b(), 5);
  EXPECT_EQ(draw2->share().c(), 4);
}

// Round 1 of the fixture as tally answers for it, boards 3 and 4 only
// (the share match's boards with results; README): the draw's share at
// table 2 (A 3, B 4, C 5), GetMatchResults' three_way and the traveller's
// share lines, each with its NS team's IMPs.
RoundAnswers ShareRoundAnswers() {
  RoundAnswers r;
  r.draw.set_round(1);
  r.draw.add_boards(3);
  r.draw.add_boards(4);
  r.draw.mutable_share()->set_table(2);
  r.draw.mutable_share()->set_a(3);
  r.draw.mutable_share()->set_b(4);
  r.draw.mutable_share()->set_c(5);
  v1::ThreeWayResult* w = r.results.mutable_three_way();
  w->set_table(2);
  const int teams[3] = {3, 4, 5};
  const int vps[3] = {546, 886, 1529};
  for (int i = 0; i < 3; ++i) {
    v1::ThreeWayEntrant* e = w->add_entrants();
    e->set_entrant(teams[i]);
    e->set_complete(true);
    e->mutable_vps()->set_units(vps[i]);
    e->mutable_vps()->set_places(2);
  }
  // (room, NS score, its NS team's IMPs): board 3 Table 1 2H= S +110 (A
  // -1), Table 2 2H+1 S +140 (C +4), Table 3 passed out (B -3); board 4
  // Table 1 4H= E -620 (A -13), Table 2 4H-2 E +200 (C +13), Table 3 4H= E
  // -620 (B 0).
  struct Line {
    v1::Room room;
    int score, imps;
  };
  const std::vector<std::vector<Line>> boards = {{{v1::ROOM_SHARE_1, 110, -1},
                                                  {v1::ROOM_SHARE_2, 140, 4},
                                                  {v1::ROOM_SHARE_3, 0, -3}},
                                                 {{v1::ROOM_SHARE_1, -620, -13},
                                                  {v1::ROOM_SHARE_2, 200, 13},
                                                  {v1::ROOM_SHARE_3, -620, 0}}};
  for (int b = 0; b < 2; ++b) {
    v1::Traveller t;
    t.set_board(3 + b);
    for (const Line& l : boards[b]) {
      v1::TravellerLine* line = t.add_lines();
      line->set_table(2);
      line->set_room(l.room);
      line->mutable_result()->mutable_passed_out();
      line->set_ns_score(l.score);
      line->mutable_match_imps()->set_numerator(l.imps);
      line->mutable_match_imps()->set_denominator(1);
    }
    r.travellers.push_back(t);
  }
  return r;
}

TEST(UsebioShareMatchTest, TallysAnswersGiveEachShareTeamItsMatch) {
  v1::Competition competition;
  for (int n : {3, 4, 5}) competition.add_pairs()->set_pair(n);
  const RoundAnswers round = ShareRoundAnswers();
  absl::StatusOr<TeamsFile> file =
      TeamsFileFromAnswers(competition, "Club", {round}, {});
  ASSERT_THAT(file, IsOk());
  ASSERT_EQ(file->matches.size(), 3u);
  const FileMatch& a = file->matches[0];
  const FileMatch& b = file->matches[1];
  const FileMatch& c = file->matches[2];
  EXPECT_EQ(a.share, 'A');
  EXPECT_EQ(a.team, 3);
  EXPECT_EQ(a.opponent, 4);
  EXPECT_EQ(b.share, 'B');
  EXPECT_EQ(b.opponent, 5);
  EXPECT_EQ(c.share, 'C');
  EXPECT_EQ(c.opponent, 3);
  EXPECT_EQ(a.team_score, R("5.46"));
  EXPECT_EQ(c.team_score, R("15.29"));
  EXPECT_FALSE(a.opponent_score.has_value());
  EXPECT_EQ(a.first_board, 3);
  EXPECT_EQ(a.last_board, 4);
  // A: NS Table 1, EW Table 2; B: NS Table 3, EW Table 1; C: NS Table 2,
  // EW Table 3; each board's IMPs its NS table's line's.
  ASSERT_EQ(a.boards.size(), 2u);
  EXPECT_EQ(a.boards[0].rooms[0].ns_score, 110);
  EXPECT_TRUE(a.boards[0].rooms[0].team_north_south);
  EXPECT_EQ(a.boards[0].rooms[1].ns_score, 140);
  EXPECT_FALSE(a.boards[0].rooms[1].team_north_south);
  EXPECT_EQ(a.boards[0].imps, core::Rational(-1));
  EXPECT_EQ(b.boards[0].rooms[0].ns_score, 0);
  EXPECT_EQ(b.boards[0].rooms[1].ns_score, 110);
  EXPECT_EQ(b.boards[0].imps, core::Rational(-3));
  EXPECT_EQ(c.boards[1].rooms[0].ns_score, 200);
  EXPECT_EQ(c.boards[1].rooms[1].ns_score, -620);
  EXPECT_EQ(c.boards[1].imps, core::Rational(13));
  // The three pass the reader's share check.
  EXPECT_THAT(CheckShareMatches(*file, "answers"), IsOk());

  // A share team not complete is not written.
  RoundAnswers partial = round;
  partial.results.mutable_three_way()->mutable_entrants(1)->set_complete(false);
  partial.results.mutable_three_way()->mutable_entrants(1)->set_boards_scored(
      1);
  absl::StatusOr<TeamsFile> refused =
      TeamsFileFromAnswers(competition, "Club", {partial}, {});
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(refused.status().message(),
              HasSubstr("round 1, table 2 (share match, team 4, B): the "
                        "match is not complete (1 boards scored)"));
  // Half matches of pairs stay refused.
  RoundAnswers half = round;
  half.draw.clear_share();
  half.draw.mutable_half_matches()->set_table(2);
  EXPECT_THAT(
      TeamsFileFromAnswers(competition, "Club", {half}, {}).status().message(),
      HasSubstr("half matches (NSW TR 12.7)"));
}

TEST(UsebioShareMatchTest, ThePublishedCheckComparesEachShareTeamsFigures) {
  absl::StatusOr<TeamsFile> file = ReadShare();
  ASSERT_THAT(file, IsOk());
  EXPECT_THAT(CheckPublishedTeams(*file, *file, kFixture), IsEmpty());
  TeamsFile tally = *file;
  tally.matches[2].team_score = R("8.85");
  tally.matches[1].boards[3].imps = core::Rational(-12);
  const std::vector<std::string> out =
      CheckPublishedTeams(*file, tally, kFixture);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_THAT(out[0], HasSubstr("line 311: round 1, 3 v 4, board 4: IMPS -13, "
                                "tally -12"));
  EXPECT_THAT(out[1],
              HasSubstr("line 414: round 1, 4 v 5: TEAM_SCORE 8.86 VPs, "
                        "tally 8.85"));
}

}  // namespace
}  // namespace tally::interchange
