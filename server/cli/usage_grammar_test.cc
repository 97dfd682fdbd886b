// The options and numbered arguments read from a command's usage line.

#include "server/cli/usage_grammar.h"

#include "gtest/gtest.h"

namespace tally::cli {
namespace {

using Kind = OptionSpec::Kind;

TEST(UsageGrammarTest, OptionsTakeTheirTypeFromTheValueName) {
  std::vector<OptionSpec> specs = OptionsFromUsage(
      "TOURNAMENT COMPETITION SESSION TABLE BOARD --kind=players|inconsistent"
      " --reason=TEXT [--round=N] [--dry-run] [--supersedes=SEQ]");
  ASSERT_EQ(specs.size(), 5u);
  EXPECT_EQ(specs[0].name, "kind");
  EXPECT_EQ(specs[0].kind, Kind::kChoice);
  EXPECT_EQ(specs[0].choices,
            (std::vector<std::string>{"players", "inconsistent"}));
  EXPECT_EQ(specs[1].name, "reason");
  EXPECT_EQ(specs[1].kind, Kind::kText);
  EXPECT_EQ(specs[2].name, "round");
  EXPECT_EQ(specs[2].kind, Kind::kNumber);
  EXPECT_EQ(specs[3].name, "dry-run");
  EXPECT_EQ(specs[3].kind, Kind::kFlag);
  EXPECT_EQ(specs[4].kind, Kind::kNumber);
}

TEST(UsageGrammarTest, QuotedValuesAndPunctuation) {
  std::vector<OptionSpec> specs = OptionsFromUsage(
      "(--assigned=\"4SX N -2\" | --wrong-side) [--dry-run: list only]\n"
      "  [--to-body=NAME --clause=TEXT: where]");
  ASSERT_EQ(specs.size(), 5u);
  EXPECT_EQ(specs[0].value_name, "\"4SX N -2\"");
  EXPECT_EQ(specs[1].kind, Kind::kFlag);
  EXPECT_EQ(specs[2].name, "dry-run");
  EXPECT_EQ(specs[2].kind, Kind::kFlag);
  EXPECT_EQ(specs[4].name, "clause");
  EXPECT_EQ(specs[4].value_name, "TEXT");
}

TEST(UsageGrammarTest, AnOptionWrittenTwiceIsLoosened) {
  std::vector<OptionSpec> specs = OptionsFromUsage(
      "imps A B [--list] | vp --list | --place=N | --place=TEXT "
      "--half=up|down --half=even|up");
  ASSERT_EQ(specs.size(), 3u);
  EXPECT_EQ(specs[0].name, "list");
  EXPECT_EQ(specs[0].kind, Kind::kFlag);
  EXPECT_FALSE(specs[0].value_optional);
  EXPECT_EQ(specs[1].kind, Kind::kText);  // a number or text: text
  EXPECT_EQ(specs[2].choices, (std::vector<std::string>{"up", "down", "even"}));
}

TEST(UsageGrammarTest, AFlagAlsoWrittenWithAValueTakesAnOptionalValue) {
  std::vector<OptionSpec> specs = OptionsFromUsage("a [--list] | b --list=N");
  ASSERT_EQ(specs.size(), 1u);
  EXPECT_EQ(specs[0].kind, Kind::kNumber);
  EXPECT_TRUE(specs[0].value_optional);
}

TEST(UsageGrammarTest, NumberedPositionals) {
  std::vector<PositionalSpec> p = PositionalsFromUsage(
      "TOURNAMENT COMPETITION SESSION BOARD (CONTRACT DECLARER TRICKS | pass)");
  ASSERT_EQ(p.size(), 4u);
  EXPECT_FALSE(p[0].number);
  EXPECT_FALSE(p[1].number);
  EXPECT_TRUE(p[2].number);
  EXPECT_EQ(p[3].name, "BOARD");
  EXPECT_TRUE(p[3].number);
  EXPECT_TRUE(PositionalsFromUsage("lodge|submit T C ...").empty());
  EXPECT_EQ(PositionalsFromUsage("TOURNAMENT NAME...").size(), 1u);
}

TEST(UsageGrammarTest, WholeNumbers) {
  EXPECT_TRUE(IsWholeNumber("42"));
  EXPECT_TRUE(IsWholeNumber("-13"));
  EXPECT_FALSE(IsWholeNumber("abc"));
  EXPECT_FALSE(IsWholeNumber("4.5"));
  EXPECT_FALSE(IsWholeNumber(""));
  EXPECT_FALSE(IsWholeNumber(" 4"));
  EXPECT_FALSE(IsWholeNumber("+4"));
  EXPECT_FALSE(IsWholeNumber("99999999999999999999"));
}

TEST(UsageGrammarTest, ClosestNameFindsTypos) {
  std::vector<std::string> names = {"json", "server", "expected-version"};
  EXPECT_EQ(ClosestName("jsn", names), "json");
  EXPECT_EQ(ClosestName("expected-versoin", names), "expected-version");
  EXPECT_EQ(ClosestName("colour", names), std::nullopt);
}

}  // namespace
}  // namespace tally::cli
