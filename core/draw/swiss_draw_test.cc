#include "core/draw/swiss_draw.h"

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

// T1..Tn ranked in that order, scores n, n-1, ... (strictly decreasing).
std::vector<DrawEntrant> Field(int n) {
  std::vector<DrawEntrant> f;
  for (int i = 1; i <= n; ++i) f.push_back({absl::StrCat("T", i), n - i});
  return f;
}

// Everyone on the same score (round one).
std::vector<DrawEntrant> FlatField(int n) {
  std::vector<DrawEntrant> f;
  for (int i = 1; i <= n; ++i) f.push_back({absl::StrCat("T", i), 0});
  return f;
}

PastMeeting Met(int round, int a, int b) {
  return {round, absl::StrCat("T", a), absl::StrCat("T", b)};
}

DrawnMatch M(int table, int home, int away) {
  return {table, absl::StrCat("T", home), absl::StrCat("T", away)};
}

TEST(SwissDrawTest, RoundOneTopHalfPlaysBottomHalf) {
  // SABF TR 14.1: "each team plays the team numbered N/2 more or less".
  SwissDrawInput in;
  in.round = 1;
  in.ranking = FlatField(8);
  in.options.first_round = FirstRound::kTopHalfVersusBottomHalf;
  const auto d = DrawSwissRound(in);
  ASSERT_THAT(d, IsOk());
  EXPECT_THAT(d->matches,
              ElementsAre(M(1, 1, 5), M(2, 2, 6), M(3, 3, 7), M(4, 4, 8)));
  EXPECT_FALSE(d->share.has_value());
  EXPECT_FALSE(d->bye.has_value());
  EXPECT_THAT(d->adjusted_tables, IsEmpty());
}

TEST(SwissDrawTest, RoundOneQuartersFollowTheDocumentedShuffle) {
  // 8 entrants: top quarter T1 T2, middle T3..T6, bottom T7 T8 (SABF TR
  // 14.1). Shuffle of [T3 T4 T5 T6] with seed 0, outputs o1..o3 of
  // SplitMix64(0) (prng_test.cc):
  //   i=4: UniformBelow(4) = o1 mod 4 = 0x..af mod 4 = 3: swap [3],[3].
  //   i=3: UniformBelow(3): threshold 2^64 mod 3 = 1; o2 =
  //        7960286522194355700, digit sum 81, so o2 mod 3 = 0: swap [2],[0]
  //        -> [T5 T4 T3 T6].
  //   i=2: UniformBelow(2) = o3 mod 2 = 1 (0x..4f odd): swap [1],[1].
  // Outer T1 T2 T7 T8 meet T5 T4 T3 T6: T1-T5, T2-T4, T3-T7, T6-T8, tabled
  // by the better-ranked entrant of each.
  SwissDrawInput in;
  in.round = 1;
  in.ranking = FlatField(8);
  in.seed = 0;
  const auto d = DrawSwissRound(in);
  ASSERT_THAT(d, IsOk());
  EXPECT_THAT(d->matches,
              ElementsAre(M(1, 1, 5), M(2, 2, 4), M(3, 3, 7), M(4, 6, 8)));
}

TEST(SwissDrawTest, RoundOneQuartersAlwaysPitOuterAgainstMiddle) {
  // 10 entrants: h = 5, top quarter ceil(5/2) = 3 (T1-T3), middle T4-T8,
  // bottom T9 T10. Whatever the seed, every match has one middle entrant.
  for (uint64_t seed = 0; seed < 50; ++seed) {
    SwissDrawInput in;
    in.round = 1;
    in.ranking = FlatField(10);
    in.seed = seed;
    const auto d = DrawSwissRound(in);
    ASSERT_THAT(d, IsOk());
    ASSERT_EQ(d->matches.size(), 5u);
    const std::set<std::string> middle = {"T4", "T5", "T6", "T7", "T8"};
    for (const DrawnMatch& m : d->matches) {
      EXPECT_NE(middle.count(m.home), middle.count(m.away))
          << "seed " << seed << ": " << m.home << " v " << m.away;
    }
  }
}

TEST(SwissDrawTest, SameSeedSameDrawDifferentSeedsDiffer) {
  SwissDrawInput in;
  in.round = 1;
  in.ranking = FlatField(16);
  in.seed = 12345;
  const auto a = DrawSwissRound(in);
  const auto b = DrawSwissRound(in);
  ASSERT_THAT(a, IsOk());
  ASSERT_THAT(b, IsOk());
  EXPECT_EQ(*a, *b);
  std::set<std::string> seen;
  for (uint64_t seed = 0; seed < 20; ++seed) {
    in.seed = seed;
    const auto d = DrawSwissRound(in);
    ASSERT_THAT(d, IsOk());
    std::string key;
    for (const DrawnMatch& m : d->matches) {
      absl::StrAppend(&key, m.home, "-", m.away, " ");
    }
    seen.insert(key);
  }
  EXPECT_GT(seen.size(), 1u);
}

TEST(SwissDrawTest, LaterRoundPairsDownTheFieldSkippingPastOpponents) {
  // Round 1 was top half v bottom half: T1-T5 T2-T6 T3-T7 T4-T8. Ranked
  // T1..T8, each takes the next highest it has not met: T1-T2, T3-T4,
  // T5-T6, T7-T8. Nothing to adjust.
  SwissDrawInput in;
  in.round = 2;
  in.ranking = Field(8);
  in.meetings = {Met(1, 1, 5), Met(1, 2, 6), Met(1, 3, 7), Met(1, 4, 8)};
  const auto d = DrawSwissRound(in);
  ASSERT_THAT(d, IsOk());
  EXPECT_THAT(d->matches,
              ElementsAre(M(1, 1, 2), M(2, 3, 4), M(3, 5, 6), M(4, 7, 8)));
  EXPECT_THAT(d->adjusted_tables, IsEmpty());
}

TEST(SwissDrawTest, ClashAtTheBottomAdjustsTheMatchAbove) {
  // Round 1: T1-T3, T2-T5, T4-T6, T7-T8. Round 2, ranked T1..T8:
  //   T1: T2 (not met)            -> T1-T2
  //   T3: T4                      -> T3-T4
  //   T5: T6                      -> T5-T6
  //   T7: only T8 left, met       -> clash
  // Adjust from the lowest match up: take back T5-T6; T5's next candidate
  // T7 (not met) -> T5-T7; then T6: T8 -> T6-T8. Valid. Table 3 was
  // adjusted; table 4 is T6's first choice of what was left.
  SwissDrawInput in;
  in.round = 2;
  in.ranking = Field(8);
  in.meetings = {Met(1, 1, 3), Met(1, 2, 5), Met(1, 4, 6), Met(1, 7, 8)};
  const auto d = DrawSwissRound(in);
  ASSERT_THAT(d, IsOk());
  EXPECT_THAT(d->matches,
              ElementsAre(M(1, 1, 2), M(2, 3, 4), M(3, 5, 7), M(4, 6, 8)));
  EXPECT_THAT(d->adjusted_tables, ElementsAre(3));
}

TEST(SwissDrawTest, ClashThatMustGoUpTwoMatches) {
  // Rounds 1-3 (every entrant once a round):
  //   R1: T5-T7, T1-T6, T2-T3, T4-T8
  //   R2: T5-T8, T2-T7, T1-T4, T3-T6
  //   R3: T7-T8, T1-T3, T2-T6, T4-T5
  // T5, T7, T8 have all met one another. Round 4, ranked T1..T8:
  //   T1-T2, T3-T4, T5-T6, then T7: only T8 left, met -> clash.
  //   Take back T5-T6: T5's later candidates T7, T8 both met -> none.
  //   Take back T3-T4 (one match further up): T3's next candidate T5 (not
  //   met) -> T3-T5. Down the field again: T4: T6 -> T4-T6; T7: T8 met ->
  //   clash. Take back T4-T6: T4's next, T7 -> T4-T7; T6: T8 -> T6-T8.
  // Draw: T1-T2, T3-T5, T4-T7, T6-T8; tables 2 and 3 adjusted.
  SwissDrawInput in;
  in.round = 4;
  in.ranking = Field(8);
  in.meetings = {Met(1, 5, 7), Met(1, 1, 6), Met(1, 2, 3), Met(1, 4, 8),
                 Met(2, 5, 8), Met(2, 2, 7), Met(2, 1, 4), Met(2, 3, 6),
                 Met(3, 7, 8), Met(3, 1, 3), Met(3, 2, 6), Met(3, 4, 5)};
  const auto d = DrawSwissRound(in);
  ASSERT_THAT(d, IsOk());
  EXPECT_THAT(d->matches,
              ElementsAre(M(1, 1, 2), M(2, 3, 5), M(3, 4, 7), M(4, 6, 8)));
  EXPECT_THAT(d->adjusted_tables, ElementsAre(2, 3));
}

TEST(SwissDrawTest, HomeByLotUsesOneLotPerMatchInTableOrder) {
  // SABF TR 13.6. Seed 0 outputs o1..o4 end in ...af, ...f4, ...4f, ...ec:
  // UniformBelow(2) = 1, 0, 1, 0, so the better-ranked entrant is home at
  // tables 1 and 3 only.
  SwissDrawInput in;
  in.round = 2;
  in.ranking = Field(8);
  in.meetings = {Met(1, 1, 5), Met(1, 2, 6), Met(1, 3, 7), Met(1, 4, 8)};
  in.options.home = HomeRule::kByLot;
  in.seed = 0;
  const auto d = DrawSwissRound(in);
  ASSERT_THAT(d, IsOk());
  EXPECT_THAT(d->matches,
              ElementsAre(M(1, 1, 2), M(2, 4, 3), M(3, 5, 6), M(4, 8, 7)));
}

TEST(SwissDrawTest, OddFieldRoundOneShareMatchAtTheBottom) {
  // 9 entrants, all on 0: the top half is T1-T4; every trio of T5..T9 has
  // score spread 0, so the lowest-placed trio T7 T8 T9 shares. The other
  // six play top half v bottom half: T1-T4, T2-T5, T3-T6.
  SwissDrawInput in;
  in.round = 1;
  in.ranking = FlatField(9);
  in.options.first_round = FirstRound::kTopHalfVersusBottomHalf;
  const auto d = DrawSwissRound(in);
  ASSERT_THAT(d, IsOk());
  EXPECT_THAT(d->matches, ElementsAre(M(1, 1, 4), M(2, 2, 5), M(3, 3, 6)));
  ASSERT_TRUE(d->share.has_value());
  EXPECT_EQ(*d->share, (ShareMatch{4, "T7", "T8", "T9"}));
  // SABF TR 14.1: Table 1: A v B; Table 2: C v A; Table 3: B v C.
  EXPECT_THAT(ShareMatchLegs(*d->share),
              ElementsAre(ShareLeg{1, "T7", "T8"}, ShareLeg{2, "T9", "T7"},
                          ShareLeg{3, "T8", "T9"}));
  EXPECT_THAT(
      MeetingsInDraw(*d),
      ElementsAre(::testing::Field(&PastMeeting::b, "T4"),
                  ::testing::Field(&PastMeeting::b, "T5"),
                  ::testing::Field(&PastMeeting::b, "T6"),
                  ::testing::AllOf(::testing::Field(&PastMeeting::a, "T7"),
                                   ::testing::Field(&PastMeeting::b, "T8")),
                  ::testing::AllOf(::testing::Field(&PastMeeting::a, "T9"),
                                   ::testing::Field(&PastMeeting::b, "T7")),
                  ::testing::AllOf(::testing::Field(&PastMeeting::a, "T8"),
                                   ::testing::Field(&PastMeeting::b, "T9"))));
}

TEST(SwissDrawTest, HalfMatchesTakeTheShareMatchTrio) {
  // NSW TR 12.7 names no trio; the share match's choice (SABF TR 14.1) is
  // used. 7 pairs, round 2, as in ShareMatchTakesTheTrioWithTheMostSimilar
  // Scores below but with round one's group T3 T5 T7 in half matches: T4 T5
  // T6 (spread 1) play them, T4 the pivot (NS throughout), T5 EW in the
  // first half, T6 in the second; the rest T1-T3, T2-T7 (T3-T7 met in
  // round one's group).
  SwissDrawInput r1;
  r1.round = 1;
  r1.ranking = FlatField(7);
  r1.options.odd_field = OddField::kHalfMatches;
  r1.options.first_round = FirstRound::kTopHalfVersusBottomHalf;
  // Round one: not the top half (T1-T3); all on 0, the lowest trio T5 T6
  // T7; the rest top half v bottom half: T1-T3, T2-T4.
  const auto d1 = DrawSwissRound(r1);
  ASSERT_THAT(d1, IsOk());
  EXPECT_THAT(d1->matches, ElementsAre(M(1, 1, 3), M(2, 2, 4)));
  EXPECT_FALSE(d1->share.has_value());
  ASSERT_TRUE(d1->half_matches.has_value());
  EXPECT_EQ(*d1->half_matches, (HalfMatchGroup{3, "T5", "T6", "T7"}));
  // The group counts as three meetings.
  EXPECT_THAT(MeetingsInDraw(*d1),
              ElementsAre(::testing::_, ::testing::_,
                          ::testing::AllOf(::testing::Field(&PastMeeting::a, "T5"),
                                           ::testing::Field(&PastMeeting::b, "T6")),
                          ::testing::AllOf(::testing::Field(&PastMeeting::a, "T5"),
                                           ::testing::Field(&PastMeeting::b, "T7")),
                          ::testing::AllOf(::testing::Field(&PastMeeting::a, "T6"),
                                           ::testing::Field(&PastMeeting::b, "T7"))));

  SwissDrawInput in;
  in.round = 2;
  in.ranking = {{"T1", 20}, {"T2", 15}, {"T3", 12}, {"T4", 10},
                {"T5", 10}, {"T6", 9},  {"T7", 2}};
  in.meetings = {Met(1, 1, 6), Met(1, 2, 4), Met(1, 3, 5), Met(1, 7, 3),
                 Met(1, 5, 7)};
  in.options.odd_field = OddField::kHalfMatches;
  const auto d = DrawSwissRound(in);
  ASSERT_THAT(d, IsOk());
  EXPECT_THAT(d->matches, ElementsAre(M(1, 1, 3), M(2, 2, 7)));
  EXPECT_FALSE(d->share.has_value());
  ASSERT_TRUE(d->half_matches.has_value());
  EXPECT_EQ(*d->half_matches, (HalfMatchGroup{3, "T4", "T5", "T6"}));
}

TEST(SwissDrawTest, ShareMatchTakesTheTrioWithTheMostSimilarScores) {
  // 7 entrants. Round 1: T1-T6, T2-T4, share T3 T5 T7. Round 2 scores
  // 20 15 12 10 10 9 2 (T1..T7). Top half: T1-T3. Trios of T4..T7 and
  // their spreads: T4 T5 T6 = 10-9 = 1; T4 T5 T7 = 8; T4 T6 T7 = 8;
  // T5 T6 T7 = 8. T4 T5 T6 have not met: they share. The rest T1 T2 T3 T7:
  // T1-T2, then T3-T7 met in the share -> clash; take back T1-T2: T1-T3,
  // then T2-T7. Tables by best-ranked entrant: T1 (1), T2 (2), share (3).
  SwissDrawInput in;
  in.round = 2;
  in.ranking = {{"T1", 20}, {"T2", 15}, {"T3", 12}, {"T4", 10},
                {"T5", 10}, {"T6", 9},  {"T7", 2}};
  in.meetings = {Met(1, 1, 6), Met(1, 2, 4), Met(1, 3, 5), Met(1, 7, 3),
                 Met(1, 5, 7)};
  const auto d = DrawSwissRound(in);
  ASSERT_THAT(d, IsOk());
  EXPECT_THAT(d->matches, ElementsAre(M(1, 1, 3), M(2, 2, 7)));
  ASSERT_TRUE(d->share.has_value());
  EXPECT_EQ(*d->share, (ShareMatch{3, "T4", "T5", "T6"}));
  EXPECT_THAT(d->adjusted_tables, ElementsAre(1));
}

TEST(SwissDrawTest, ByeGoesToTheLowestRankedWithoutABye) {
  // 5 entrants, bye setting. Round 1 (top v bottom half): T5 had the bye.
  // Round 2: T5 has had one, so the lowest-ranked with none, T4, takes it;
  // the rest pair T1-T2, T3-T5 (T1-T3 and T2-T4 met in round 1).
  SwissDrawInput r1;
  r1.round = 1;
  r1.ranking = FlatField(5);
  r1.options.odd_field = OddField::kBye;
  r1.options.first_round = FirstRound::kTopHalfVersusBottomHalf;
  const auto d1 = DrawSwissRound(r1);
  ASSERT_THAT(d1, IsOk());
  EXPECT_THAT(d1->matches, ElementsAre(M(1, 1, 3), M(2, 2, 4)));
  ASSERT_EQ(d1->bye, "T5");

  SwissDrawInput r2;
  r2.round = 2;
  r2.ranking = Field(5);
  r2.options.odd_field = OddField::kBye;
  r2.meetings = MeetingsInDraw(*d1);
  r2.byes = {*ByeInDraw(*d1)};
  const auto d2 = DrawSwissRound(r2);
  ASSERT_THAT(d2, IsOk());
  EXPECT_EQ(d2->bye, "T4");
  EXPECT_THAT(d2->matches, ElementsAre(M(1, 1, 2), M(2, 3, 5)));
}

TEST(SwissDrawTest, ModifiedSwissRoundFourIsStillStandard) {
  // 6 entrants, 7 rounds (6 < 14: ANC SR appendix). Standard Swiss through
  // round floor(7/2)+1 = 4. Rounds 1-3: T1-T2 T3-T4 T5-T6 / T1-T3 T2-T5
  // T4-T6 / T1-T4 T2-T6 T3-T5. Round 4, ranked T1..T6: T1 has met T2-T4,
  // takes T5; T2: T3 -> T2-T3; T4: only T6, met -> clash; take back T2-T3:
  // T2-T4, then T3-T6.
  SwissDrawInput in;
  in.round = 4;
  in.ranking = Field(6);
  in.meetings = {Met(1, 1, 2), Met(1, 3, 4), Met(1, 5, 6),
                 Met(2, 1, 3), Met(2, 2, 5), Met(2, 4, 6),
                 Met(3, 1, 4), Met(3, 2, 6), Met(3, 3, 5)};
  in.options.repeats = RepeatRule::kModifiedSwiss;
  in.options.total_rounds = 7;
  const auto d = DrawSwissRound(in);
  ASSERT_THAT(d, IsOk());
  EXPECT_THAT(d->matches, ElementsAre(M(1, 1, 5), M(2, 2, 4), M(3, 3, 6)));
}

TEST(SwissDrawTest, ModifiedSwissRoundFiveMayRepeatEarlyOpponents) {
  // As above plus round 4: T1-T5 T2-T4 T3-T6. In round 5 of 7, meetings in
  // rounds 1..floor(7/2) = 1..3 no longer bar; round-4 ones do. T1-T2 (met
  // in round 1: allowed), T3-T4 (round 1), T5-T6 (round 1).
  SwissDrawInput in;
  in.round = 5;
  in.ranking = Field(6);
  in.meetings = {Met(1, 1, 2), Met(1, 3, 4), Met(1, 5, 6), Met(2, 1, 3),
                 Met(2, 2, 5), Met(2, 4, 6), Met(3, 1, 4), Met(3, 2, 6),
                 Met(3, 3, 5), Met(4, 1, 5), Met(4, 2, 4), Met(4, 3, 6)};
  in.options.repeats = RepeatRule::kModifiedSwiss;
  in.options.total_rounds = 7;
  const auto modified = DrawSwissRound(in);
  ASSERT_THAT(modified, IsOk());
  EXPECT_THAT(modified->matches,
              ElementsAre(M(1, 1, 2), M(2, 3, 4), M(3, 5, 6)));

  // The standard Swiss leaves one draw: T1 has met all but T6; T2 all but
  // T3; so T1-T6, T2-T3, T4-T5.
  in.options.repeats = RepeatRule::kNever;
  const auto standard = DrawSwissRound(in);
  ASSERT_THAT(standard, IsOk());
  EXPECT_THAT(standard->matches,
              ElementsAre(M(1, 1, 6), M(2, 2, 3), M(3, 4, 5)));
}

TEST(SwissDrawTest, ModifiedSwissRefusedForALargeField) {
  SwissDrawInput in;
  in.round = 2;
  in.ranking = Field(16);
  in.options.repeats = RepeatRule::kModifiedSwiss;
  in.options.total_rounds = 7;  // 16 >= 14
  EXPECT_THAT(DrawSwissRound(in), StatusIs(absl::StatusCode::kInvalidArgument,
                                           HasSubstr("ANC SR appendix")));
  in.ranking = Field(10);
  in.options.total_rounds = 0;
  EXPECT_THAT(DrawSwissRound(in), StatusIs(absl::StatusCode::kInvalidArgument,
                                           HasSubstr("total_rounds")));
}

TEST(SwissDrawTest, NoValidDrawIsFailedPrecondition) {
  // Four entrants after a complete round robin: every pairing repeats.
  SwissDrawInput in;
  in.round = 4;
  in.ranking = Field(4);
  in.meetings = {Met(1, 1, 2), Met(1, 3, 4), Met(2, 1, 3),
                 Met(2, 2, 4), Met(3, 1, 4), Met(3, 2, 3)};
  EXPECT_THAT(DrawSwissRound(in),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("SABF TR 14.1")));
}

TEST(SwissDrawTest, RejectsMalformedInput) {
  SwissDrawInput in;
  in.round = 2;
  in.ranking = {{"T1", 5}, {"T2", 7}};
  EXPECT_THAT(DrawSwissRound(in), StatusIs(absl::StatusCode::kInvalidArgument,
                                           HasSubstr("in order of score")));
  in.ranking = {{"T1", 5}, {"T1", 5}};
  EXPECT_THAT(DrawSwissRound(in), StatusIs(absl::StatusCode::kInvalidArgument,
                                           HasSubstr("distinct")));
  in.ranking = Field(4);
  in.meetings = {Met(2, 1, 2)};
  EXPECT_THAT(DrawSwissRound(in), StatusIs(absl::StatusCode::kInvalidArgument,
                                           HasSubstr("round 2")));
  in.meetings.clear();
  in.round = 0;
  EXPECT_THAT(DrawSwissRound(in), StatusIs(absl::StatusCode::kInvalidArgument));
  in.round = 1;
  in.ranking = Field(1);
  EXPECT_THAT(DrawSwissRound(in), StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(SwissDrawTest, FortyOneEntrantsOverSevenRoundsNeverRepeat) {
  // A whole event, each round's draw feeding the next: every entrant plays
  // exactly once a round (two-way or in the share match), nobody meets
  // anyone twice. Scores move by a fixed pseudo-result so the ranking
  // changes from round to round.
  const int n = 41;
  std::vector<DrawEntrant> field = FlatField(n);
  std::vector<PastMeeting> history;
  std::set<std::pair<std::string, std::string>> met;
  for (int round = 1; round <= 7; ++round) {
    SwissDrawInput in;
    in.round = round;
    in.ranking = field;
    in.meetings = history;
    in.seed = 7;
    const auto d = DrawSwissRound(in);
    ASSERT_THAT(d, IsOk()) << "round " << round;
    std::multiset<std::string> seated;
    for (const DrawnMatch& m : d->matches) {
      seated.insert(m.home);
      seated.insert(m.away);
    }
    ASSERT_TRUE(d->share.has_value());
    seated.insert(d->share->a);
    seated.insert(d->share->b);
    seated.insert(d->share->c);
    EXPECT_EQ(seated.size(), static_cast<size_t>(n));
    EXPECT_EQ(std::set<std::string>(seated.begin(), seated.end()).size(),
              static_cast<size_t>(n));
    for (const PastMeeting& m : MeetingsInDraw(*d)) {
      const auto key = std::minmax(m.a, m.b);
      EXPECT_TRUE(met.insert(key).second)
          << m.a << " and " << m.b << " meet again in round " << round;
      history.push_back(m);
    }
    // New scores: home gains its table number mod 5, away 3 (arbitrary).
    for (DrawEntrant& e : field) {
      for (const DrawnMatch& m : d->matches) {
        if (e.id == m.home) e.score += m.table % 5;
        if (e.id == m.away) e.score += 3;
      }
    }
    std::stable_sort(field.begin(), field.end(),
                     [](const DrawEntrant& x, const DrawEntrant& y) {
                       return x.score > y.score;
                     });
  }
}

}  // namespace
}  // namespace tally::core
