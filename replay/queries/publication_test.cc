// What participants and table devices may read while play goes on
// (replay/queries/publication.h), on a three-table session of two boards.

#include "replay/queries/publication.h"

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/testing/apply_for_test.h"

namespace tally::replay {
namespace {

using ::testing::HasSubstr;
using ::testing::IsEmpty;

class PublicationTest : public ::testing::Test {
 protected:
  void Start(const char* profile) {
    CreateOneRoundSession(state_, profile,
                          v1::COMPETITION_KIND_MATCHPOINT_PAIRS, 3, {1, 2});
  }
  void PlayAllAndPost() {
    for (int table = 1; table <= 3; ++table) {
      for (int board : {1, 2}) {
        if (table == 1 && board == 1) continue;  // entered by the test
        EnterInSession(state_, table, board,
                       Made(4, v1::STRAIN_SPADES, 9 + table % 2));
      }
    }
    v1::PostScoresRequest post;
    post.set_tournament_id("t");
    post.set_competition_id("c");
    post.set_session(1);
    Apply(state_, DecidePostScores(state_, post));
  }
  // What table 1's device of session 1 may read of `board` (0: standings).
  std::string Device(int board) {
    return WhyDeviceMayNotRead(state_, "t", "c", 1, 1, "c", 1, board);
  }
  CompetitionState& Comp() {
    return state_.tournaments.at("t").competitions.at("c");
  }

  State state_;
};

// NSW TR 12.12: "A contestant's 'real-time' percentage score, and/or their
// progressive ranking, must not be accessible to any participant until the
// end of the session"; "players should not have the ability to view scores
// ... from other tables/matches during tournament play".
TEST_F(PublicationTest, NswWithholdsASessionInPlayUntilItsScoresArePosted) {
  Start("nsw_matchpoint_pairs");
  EnterInSession(state_, 1, 1, Made(4, v1::STRAIN_SPADES, 10));
  EXPECT_EQ(ProgressWithheldBy(state_, "t", "c", 1), "NSW TR 12.12");
  EXPECT_EQ(ProgressWithheldBy(state_, "t", "c", 0), "NSW TR 12.12");
  // The tournament's log, and the whole log, hold its scores in play.
  EXPECT_EQ(ProgressWithheldBy(state_, "t", "", 0), "NSW TR 12.12");
  EXPECT_EQ(ProgressWithheldBy(state_, "", "", 0), "NSW TR 12.12");
  EXPECT_THAT(Device(0), HasSubstr("session 1 of 'c' is in play"));
  // Its own table played board 1, but the profile shows no traveller.
  EXPECT_THAT(Device(1), HasSubstr("does not show a board's traveller"));
  PlayAllAndPost();
  EXPECT_THAT(ProgressWithheldBy(state_, "t", "c", 1), IsEmpty());
  EXPECT_THAT(ProgressWithheldBy(state_, "", "", 0), IsEmpty());
  EXPECT_THAT(Device(0), IsEmpty());
  EXPECT_THAT(Device(2), IsEmpty());
}

TEST_F(PublicationTest, DeviceSeesATravellerAfterItsTableOnlyWhereAllowed) {
  Start("nsw_matchpoint_pairs");
  Comp().profile.device_shows_traveller_after_play = true;
  EnterInSession(state_, 1, 1, Made(4, v1::STRAIN_SPADES, 10));
  EXPECT_THAT(Device(1), IsEmpty());             // played at its table
  EXPECT_THAT(Device(2), HasSubstr("in play"));  // not yet played there
  EXPECT_THAT(Device(0), HasSubstr("in play"));  // the session's ranking
  // Another session's board 1 is not its table's board.
  EXPECT_THAT(WhyDeviceMayNotRead(state_, "t", "c", 1, 1, "c", 2, 1),
              HasSubstr("in play"));
  // A scoring station (table 0) reads as the public does.
  EXPECT_THAT(WhyDeviceMayNotRead(state_, "t", "c", 1, 0, "c", 1, 0),
              IsEmpty());
}

TEST_F(PublicationTest, SabfPublishesToThePublicButNotToTheTables) {
  Start("sabf_matchpoint_pairs");
  EXPECT_THAT(ProgressWithheldBy(state_, "t", "c", 1), IsEmpty());
  EXPECT_THAT(Device(0), HasSubstr("in play"));
  // Unknown competitions: the query itself refuses them.
  EXPECT_THAT(ProgressWithheldBy(state_, "t", "nope", 1), IsEmpty());
}

}  // namespace
}  // namespace tally::replay
