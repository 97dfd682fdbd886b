#include "core/scoring/contract_score.h"

#include "absl/status/status.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

constexpr Strain kC = Strain::kClubs;
constexpr Strain kD = Strain::kDiamonds;
constexpr Strain kH = Strain::kHearts;
constexpr Strain kS = Strain::kSpades;
constexpr Strain kNT = Strain::kNoTrump;
constexpr Doubling kPass = Doubling::kUndoubled;
constexpr Doubling kX = Doubling::kDoubled;
constexpr Doubling kXX = Doubling::kRedoubled;
constexpr bool kVul = true;
constexpr bool kNonVul = false;

struct MadeCase {
  Contract contract;
  bool vulnerable;
  int tricks;
  int expected;
};

// Law 77, hand-checked: trick score + game (300/500) or part-score (50) +
// slam (500/750, 1000/1500) + insult (50 X, 100 XX) + overtricks.
constexpr MadeCase kMadeCases[] = {
    // 1NT=: 40 + part-score 50.
    {{1, kNT, kPass}, kNonVul, 7, 90},
    {{1, kNT, kPass}, kVul, 7, 90},
    // 1C+2: 20 + 50 + 2 x 20.
    {{1, kC, kPass}, kNonVul, 9, 110},
    // 2H=: 60 + 50.
    {{2, kH, kPass}, kVul, 8, 110},
    // 4D=: 80 is below game, + 50.
    {{4, kD, kPass}, kVul, 10, 130},
    // 3NT=: 40 + 30 + 30 = 100, game 300 / 500.
    {{3, kNT, kPass}, kNonVul, 9, 400},
    {{3, kNT, kPass}, kVul, 9, 600},
    // 3NT+1: + 30.
    {{3, kNT, kPass}, kNonVul, 10, 430},
    {{3, kNT, kPass}, kVul, 10, 630},
    // 4S=: 120 + 300 / 500.
    {{4, kS, kPass}, kNonVul, 10, 420},
    {{4, kS, kPass}, kVul, 10, 620},
    // 4H+1 vul: 120 + 500 + 30.
    {{4, kH, kPass}, kVul, 11, 650},
    // 5D=: 100 + 300 / 500.
    {{5, kD, kPass}, kNonVul, 11, 400},
    {{5, kD, kPass}, kVul, 11, 600},
    // 6NT=: 190 + game + small slam 500 / 750.
    {{6, kNT, kPass}, kNonVul, 12, 990},
    {{6, kNT, kPass}, kVul, 12, 1440},
    // 6S+1 vul: 180 + 500 + 750 + 30.
    {{6, kS, kPass}, kVul, 13, 1460},
    // 7NT=: 220 + game + grand slam 1000 / 1500.
    {{7, kNT, kPass}, kNonVul, 13, 1520},
    {{7, kNT, kPass}, kVul, 13, 2220},
    // 1NTX=: 80 is below game, + 50 + insult 50.
    {{1, kNT, kX}, kNonVul, 7, 180},
    // 1NTX+1: + 100 / 200.
    {{1, kNT, kX}, kNonVul, 8, 280},
    {{1, kNT, kX}, kVul, 8, 380},
    // 2HX=: 120 is game, 120 + 300 / 500 + 50.
    {{2, kH, kX}, kNonVul, 8, 470},
    {{2, kH, kX}, kVul, 8, 670},
    // 2NTX=: 140 + 300 / 500 + 50.
    {{2, kNT, kX}, kNonVul, 8, 490},
    {{2, kNT, kX}, kVul, 8, 690},
    // 3CX+1 nonvul: 120 + 300 + 50 + 100.
    {{3, kC, kX}, kNonVul, 10, 570},
    // 6DX= vul: 240 + 500 + 750 + 50.
    {{6, kD, kX}, kVul, 12, 1540},
    // 7CX=: 280 + 300 / 500 + 1000 / 1500 + 50.
    {{7, kC, kX}, kNonVul, 13, 1630},
    {{7, kC, kX}, kVul, 13, 2330},
    // 1CXX=: 80 is below game, + 50 + insult 100.
    {{1, kC, kXX}, kNonVul, 7, 230},
    {{1, kC, kXX}, kVul, 7, 230},
    // 2HXX=: 240 + 300 / 500 + 100.
    {{2, kH, kXX}, kNonVul, 8, 640},
    {{2, kH, kXX}, kVul, 8, 840},
    // 1SXX=: 120 is game, + 300 / 500 + 100.
    {{1, kS, kXX}, kNonVul, 7, 520},
    {{1, kS, kXX}, kVul, 7, 720},
    // 1SXX+6: + 6 x 200 / 6 x 400.
    {{1, kS, kXX}, kNonVul, 13, 1720},
    {{1, kS, kXX}, kVul, 13, 3120},
    // 7NTXX=: 880 + 300 / 500 + 1000 / 1500 + 100.
    {{7, kNT, kXX}, kNonVul, 13, 2280},
    {{7, kNT, kXX}, kVul, 13, 2980},
};

TEST(ContractScoreTest, MadeContractsScoreByLaw77) {
  for (const MadeCase& c : kMadeCases) {
    EXPECT_EQ(DeclarerScore(c.contract, c.vulnerable, c.tricks).value(),
              c.expected)
        << ContractToString(c.contract) << (c.vulnerable ? " vul" : " nonvul")
        << " " << c.tricks << " tricks";
  }
}

// Law 77 undertrick penalties for 1 to 13 down, the published totals.
// Doubled nonvul: 100, 200, 200, then 300 each. Doubled vul: 200, then 300
// each. Redoubled: twice doubled.
constexpr int kUndoubledNonVul[] = {50,  100, 150, 200, 250, 300, 350,
                                    400, 450, 500, 550, 600, 650};
constexpr int kUndoubledVul[] = {100, 200, 300,  400,  500,  600, 700,
                                 800, 900, 1000, 1100, 1200, 1300};
constexpr int kDoubledNonVul[] = {100,  300,  500,  800,  1100, 1400, 1700,
                                  2000, 2300, 2600, 2900, 3200, 3500};
constexpr int kDoubledVul[] = {200,  500,  800,  1100, 1400, 1700, 2000,
                               2300, 2600, 2900, 3200, 3500, 3800};
constexpr int kRedoubledNonVul[] = {200,  600,  1000, 1600, 2200, 2800, 3400,
                                    4000, 4600, 5200, 5800, 6400, 7000};
constexpr int kRedoubledVul[] = {400,  1000, 1600, 2200, 2800, 3400, 4000,
                                 4600, 5200, 5800, 6400, 7000, 7600};

void ExpectUndertricks(Doubling doubling, bool vulnerable,
                       const int (&penalties)[13]) {
  for (int down = 1; down <= 13; ++down) {
    // 7NT needs 13 tricks, so 13 - down tricks is `down` down.
    EXPECT_EQ(DeclarerScore({7, kNT, doubling}, vulnerable, 13 - down).value(),
              -penalties[down - 1])
        << down << " down";
  }
}

TEST(ContractScoreTest, UndertricksUndoubledNonVul) {
  ExpectUndertricks(kPass, kNonVul, kUndoubledNonVul);
}
TEST(ContractScoreTest, UndertricksUndoubledVul) {
  ExpectUndertricks(kPass, kVul, kUndoubledVul);
}
TEST(ContractScoreTest, UndertricksDoubledNonVul) {
  ExpectUndertricks(kX, kNonVul, kDoubledNonVul);
}
TEST(ContractScoreTest, UndertricksDoubledVul) {
  ExpectUndertricks(kX, kVul, kDoubledVul);
}
TEST(ContractScoreTest, UndertricksRedoubledNonVul) {
  ExpectUndertricks(kXX, kNonVul, kRedoubledNonVul);
}
TEST(ContractScoreTest, UndertricksRedoubledVul) {
  ExpectUndertricks(kXX, kVul, kRedoubledVul);
}

TEST(ContractScoreTest, UndertricksDoNotDependOnLevelOrStrain) {
  // 1C doubled vul taking no tricks is 7 down: 200 + 6 x 300.
  EXPECT_EQ(DeclarerScore({1, kC, kX}, kVul, 0).value(), -2000);
  // 4H doubled nonvul, 8 tricks: 2 down, 100 + 200.
  EXPECT_EQ(DeclarerScore({4, kH, kX}, kNonVul, 8).value(), -300);
  // 3NT undoubled vul, 8 tricks: 1 down.
  EXPECT_EQ(DeclarerScore({3, kNT, kPass}, kVul, 8).value(), -100);
}

TEST(ContractScoreTest, RejectsLevelsOutsideOneToSeven) {
  EXPECT_THAT(
      DeclarerScore({8, kS, kPass}, kNonVul, 13),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("level 8 is not a contract: levels run 1 to 7")));
  EXPECT_THAT(
      DeclarerScore({0, kNT, kPass}, kNonVul, 7),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("level 0")));
}

TEST(ContractScoreTest, RejectsTricksOutsideZeroToThirteen) {
  EXPECT_THAT(
      DeclarerScore({4, kS, kPass}, kNonVul, 14),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("14 tricks")));
  EXPECT_THAT(
      DeclarerScore({4, kS, kPass}, kNonVul, -1),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("-1 tricks")));
  EXPECT_THAT(DeclarerScore({4, kS, kPass}, kNonVul, 0), IsOk());
  EXPECT_THAT(DeclarerScore({4, kS, kPass}, kNonVul, 13), IsOk());
}

TEST(ContractScoreTest, RejectsUnknownStrainOrDoubling) {
  EXPECT_THAT(DeclarerScore({4, static_cast<Strain>(9), kPass}, kNonVul, 10),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(DeclarerScore({4, kS, static_cast<Doubling>(-1)}, kNonVul, 10),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(NorthSouthScoreTest, EastWestDeclarerIsNegatedAndUsesTheirVulnerability) {
  // 4S= by East with EW vulnerable: EW +620, so NS -620.
  EXPECT_EQ(
      NorthSouthScore({4, kS, kPass}, Seat::kEast, Vulnerability::kEastWest, 10)
          .value(),
      -620);
  // Same result with only NS vulnerable: East is not vulnerable, EW +420.
  EXPECT_EQ(NorthSouthScore({4, kS, kPass}, Seat::kWest,
                            Vulnerability::kNorthSouth, 10)
                .value(),
            -420);
  // 3NTX two down by West, both vulnerable: EW -500, so NS +500.
  EXPECT_EQ(NorthSouthScore({3, kNT, kX}, Seat::kWest, Vulnerability::kBoth, 7)
                .value(),
            500);
}

TEST(NorthSouthScoreTest, NorthSouthDeclarerKeepsTheSign) {
  // 3NT= by North with only EW vulnerable: NS not vulnerable, +400.
  EXPECT_EQ(NorthSouthScore({3, kNT, kPass}, Seat::kNorth,
                            Vulnerability::kEastWest, 9)
                .value(),
            400);
  // 3NTX two down by South, NS vulnerable: 200 + 300.
  EXPECT_EQ(
      NorthSouthScore({3, kNT, kX}, Seat::kSouth, Vulnerability::kNorthSouth, 7)
          .value(),
      -500);
  // 6NT= by South, nobody vulnerable.
  EXPECT_EQ(
      NorthSouthScore({6, kNT, kPass}, Seat::kSouth, Vulnerability::kNone, 12)
          .value(),
      990);
}

TEST(NorthSouthScoreTest, PassesOnInvalidInput) {
  EXPECT_THAT(
      NorthSouthScore({4, kS, kPass}, Seat::kNorth, Vulnerability::kNone, 14),
      StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(ContractToStringTest, WritesLevelStrainAndDoubling) {
  EXPECT_EQ(ContractToString({4, kS, kX}), "4SX");
  EXPECT_EQ(ContractToString({3, kNT, kPass}), "3NT");
  EXPECT_EQ(ContractToString({7, kC, kXX}), "7CXX");
  EXPECT_EQ(ContractToString({1, kD, kPass}), "1D");
  EXPECT_EQ(ContractToString({2, kH, kX}), "2HX");
}

TEST(ParseContractTest, ReadsWhatContractToStringWrites) {
  for (int level = 1; level <= 7; ++level) {
    for (Strain s : {kC, kD, kH, kS, kNT}) {
      for (Doubling d : {kPass, kX, kXX}) {
        const Contract contract{level, s, d};
        absl::StatusOr<Contract> parsed =
            ParseContract(ContractToString(contract));
        ASSERT_THAT(parsed, IsOk()) << ContractToString(contract);
        EXPECT_EQ(*parsed, contract) << ContractToString(contract);
      }
    }
  }
}

TEST(ParseContractTest, AcceptsNForNoTrump) {
  EXPECT_EQ(ParseContract("3N").value(), (Contract{3, kNT, kPass}));
  EXPECT_EQ(ParseContract("6NXX").value(), (Contract{6, kNT, kXX}));
}

TEST(ParseContractTest, RejectsMalformedText) {
  for (const char* text : {"", "8S", "0NT", "4", "S", "4SXXX", "4sx", "4S ",
                           " 4S", "4NTT", "44S", "4SD", "4X"}) {
    EXPECT_THAT(ParseContract(text),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr("is not a contract")))
        << '"' << text << '"';
  }
}

// A score known without its contract (issue #18: BridgeWx and some USEBIO
// files) is checked against Law 77, hand-worked:
TEST(IsAttainableNorthSouthScoreTest, AcceptsWhatSomeResultScores) {
  constexpr Vulnerability kNone = Vulnerability::kNone;
  EXPECT_TRUE(IsAttainableNorthSouthScore(0, kNone));     // passed out
  EXPECT_TRUE(IsAttainableNorthSouthScore(420, kNone));   // 4S= N: 120 + 300
  EXPECT_TRUE(IsAttainableNorthSouthScore(-420, kNone));  // 4S= E
  EXPECT_TRUE(IsAttainableNorthSouthScore(430, kNone));   // 3NT+1: 100+300+30
  EXPECT_TRUE(IsAttainableNorthSouthScore(50, kNone));    // EW one down
  // 4S= vulnerable: 120 + 500.
  EXPECT_TRUE(
      IsAttainableNorthSouthScore(620, Vulnerability::kNorthSouth));
  // 7NTXX vulnerable, thirteen down: 400 + 12 x 600.
  EXPECT_TRUE(IsAttainableNorthSouthScore(7600, Vulnerability::kBoth));
}

TEST(IsAttainableNorthSouthScoreTest, RefusesWhatNoResultScores) {
  constexpr Vulnerability kNone = Vulnerability::kNone;
  // Not a multiple of 10; beyond 7600.
  EXPECT_FALSE(IsAttainableNorthSouthScore(425, kNone));
  EXPECT_FALSE(IsAttainableNorthSouthScore(7610, Vulnerability::kBoth));
  // The smallest positive North-South scores are +50 (East-West one down
  // not vulnerable) and +70 (1C= or 1D=: 20 + 50): +40 never happens.
  EXPECT_FALSE(IsAttainableNorthSouthScore(40, kNone));
  EXPECT_FALSE(IsAttainableNorthSouthScore(-40, Vulnerability::kBoth));
  // East-West vulnerable, one down is 100: +50 is then no result's score.
  EXPECT_FALSE(IsAttainableNorthSouthScore(50, Vulnerability::kEastWest));
  // +620 needs North-South vulnerable (4S=): not vulnerable, undertricks
  // are multiples of 50 (undoubled) or 100 (doubled, redoubled), and no
  // contract makes 620 (4S= 420, 4S+1 450, 4HX= 590, 4HX+1 690).
  EXPECT_FALSE(IsAttainableNorthSouthScore(620, kNone));
  EXPECT_FALSE(IsAttainableNorthSouthScore(620, Vulnerability::kEastWest));
}

}  // namespace
}  // namespace tally::core
