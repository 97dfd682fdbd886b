// The boards of a knock-out round whose draw is recorded from another
// program's file (MakeDraw with the file's matches and provenance, stored
// as "explicit"): under the ITC final's method each round is one stanza of
// the match, as tally's own itc_final draw makes it (ANC SR 11.3: "a 60
// board final, played in five 12 board stanzas"), and the audit's
// recomputation agrees. By hand, stanza k of the final plays boards
// 12(k - 1) + 1 to 12k: 1-12, 13-24, 25-36, 37-48, 49-60.

#include "replay/draws/knockout_draw.h"

#include <string>
#include <vector>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/draws/draw_maker.h"
#include "replay/matches/decide_matches.h"
#include "replay/testing/apply_for_test.h"
#include "replay/testing/knockout_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::testing::IsEmpty;

// The boards from `first` to `last`, written out.
std::vector<int> Boards(int first, int last) {
  std::vector<int> out;
  for (int b = first; b <= last; ++b) out.push_back(b);
  return out;
}

std::vector<int> BoardsOf(const v1::DrawMade& d) {
  return {d.boards().begin(), d.boards().end()};
}

// A stanza of the final as a file records it: team 1 at home holding a
// 2.05 IMP carry-over (ANC SR 11.2: 10% of a 20.5 VP margin, not rounded).
v1::DrawnMatch FinalStanza(int stanza) {
  v1::DrawnMatch m;
  m.set_table(1);
  m.set_home(1);
  m.set_away(2);
  m.set_label("Final");
  m.set_stanza(stanza);
  m.set_stanzas(5);
  m.mutable_carry_over()->set_numerator(41);
  m.mutable_carry_over()->set_denominator(20);
  m.set_carry_over_holder(1);
  return m;
}

// MakeDraw recording a file's draw of `round` (the provenance lets the
// given matches through a drawing method, decide_matches.cc).
v1::MakeDrawRequest Recorded(const std::string& id, int round, int first_board,
                             const v1::DrawnMatch& match) {
  v1::MakeDrawRequest r;
  r.set_tournament_id("t");
  r.set_competition_id(id);
  r.set_round(round);
  r.set_seed(0);  // nothing is left to chance: the matches are given
  r.set_first_board(first_board);
  *r.add_matches() = match;
  r.mutable_options()->mutable_provenance()->set_format("usebio-1.2");
  r.mutable_options()->mutable_provenance()->set_file_name("itc-final.xml");
  r.mutable_options()->mutable_provenance()->set_line(10 + round);
  return r;
}

// The audit's recomputation of a stored draw from the competition as it
// stood just before (CheckDraw, replay/queries/match_queries.cc).
std::vector<std::string> AuditDifferences(const CompetitionState& before,
                                          const v1::DrawMade& stored) {
  DrawOrder order;
  order.round = stored.round();
  order.seed = stored.seed();
  order.first_board = stored.boards().empty() ? 0 : stored.boards(0);
  order.matches.assign(stored.matches().begin(), stored.matches().end());
  absl::StatusOr<v1::DrawMade> recomputed = ComputeDraw(before, order);
  if (!recomputed.ok()) return {std::string(recomputed.status().message())};
  return DrawDifferences(stored, *recomputed);
}

TEST(RecordedKnockoutDrawTest, AnItcFinalStanzaRecordedFromAFilePlaysTwelve) {
  State state;
  CreateKnockout(state, "final", "anc2025_itc_final");
  RegisterTeams(state, "final", 2);
  // ANC SR 11.3: five 12-board stanzas of the 60-board final, one a round.
  const std::vector<std::vector<int>> expected = {
      Boards(1, 12), Boards(13, 24), Boards(25, 36), Boards(37, 48),
      Boards(49, 60)};
  for (int stanza = 1; stanza <= 5; ++stanza) {
    // The import gives each round's first board; round 4 leaves it to
    // tally (the board after round 3's last).
    const int first = stanza == 4 ? 0 : 12 * (stanza - 1) + 1;
    absl::StatusOr<v1::EventPayload> drawn = DecideMakeDraw(
        state, Recorded("final", stanza, first, FinalStanza(stanza)));
    ASSERT_THAT(drawn, IsOk()) << "stanza " << stanza;
    const v1::DrawMade& d = drawn->draw_made();
    EXPECT_EQ(d.method(), "explicit");
    EXPECT_EQ(BoardsOf(d), expected[stanza - 1]) << "stanza " << stanza;
    ASSERT_EQ(d.matches_size(), 1);
    EXPECT_EQ(d.matches(0).stanza(), stanza);
    EXPECT_THAT(AuditDifferences(CompetitionOf(state, "final"), d), IsEmpty())
        << "stanza " << stanza;
    Apply(state, drawn);
    PlayRound(state, d, {});  // every board passed out in both rooms
  }
}

TEST(RecordedKnockoutDrawTest,
     TallysOwnStanzaAfterARecordedOneHasTheSameLength) {
  State state;
  CreateKnockout(state, "final", "anc2025_itc_final");
  RegisterTeams(state, "final", 2);
  Apply(state, DecideMakeDraw(state, Recorded("final", 1, 1, FinalStanza(1))));
  // Round 2 drawn by tally's itc_final method: boards 13-24 (ANC SR 11.3),
  // the finalists and carry-over as the recorded first stanza has them.
  DrawOrder order;
  order.round = 2;
  absl::StatusOr<v1::DrawMade> own =
      ComputeDraw(CompetitionOf(state, "final"), order);
  ASSERT_THAT(own, IsOk());
  EXPECT_EQ(own->method(), "itc_final");
  EXPECT_EQ(BoardsOf(*own), Boards(13, 24));
  ASSERT_EQ(own->matches_size(), 1);
  EXPECT_EQ(own->matches(0).home(), 1);
  EXPECT_EQ(own->matches(0).carry_over_holder(), 1);
  EXPECT_EQ(own->matches(0).carry_over().numerator(), 41);
  // The same round recorded from the file instead: the same boards.
  order.matches = {FinalStanza(2)};
  absl::StatusOr<v1::DrawMade> recorded =
      ComputeDraw(CompetitionOf(state, "final"), order);
  ASSERT_THAT(recorded, IsOk());
  EXPECT_EQ(recorded->method(), "explicit");
  EXPECT_EQ(BoardsOf(*recorded), BoardsOf(*own));
}

TEST(RecordedKnockoutDrawTest, ASabfFinalRoundRecordedKeepsTheWholeMatch) {
  // sabf_teams_finals: 28-board matches (SABF TR 16.2), the grand final's
  // two stanzas each a match's length (13.2); nothing is cut.
  State state;
  CreateKnockout(state, "ko", "sabf_teams_finals");
  RegisterTeams(state, "ko", 2);
  v1::DrawnMatch m;
  m.set_table(1);
  m.set_home(1);
  m.set_away(2);
  m.set_label("Grand Final");
  m.set_stanza(1);
  m.set_stanzas(2);
  absl::StatusOr<v1::EventPayload> drawn =
      DecideMakeDraw(state, Recorded("ko", 1, 1, m));
  ASSERT_THAT(drawn, IsOk());
  EXPECT_EQ(BoardsOf(drawn->draw_made()), Boards(1, 28));
  EXPECT_EQ(StanzasCutFromMatch(core::DrawMethod::kSabfFinalFive), 1);
  EXPECT_EQ(StanzasCutFromMatch(core::DrawMethod::kItcFinal), 5);
}

}  // namespace
}  // namespace tally::replay
