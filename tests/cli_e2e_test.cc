// End to end (issue #20, item 1): the `tally` command line is strict and
// says what it refuses. Unknown options, malformed numbers and bad flag
// values are refused by name with exit status 2 and change nothing; every
// command answers --help (with an example) with exit status 0; --version
// on tally and tallyd; an option's value may follow it after a space
// (--profile NAME) and is never dropped; a server that is not there is
// named; tables line up names with accents and CJK characters by display
// width; what-changed shows fractions as decimals unless --exact.

#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/shell_run.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

using Outcome = ShellRun;

// Runs `binary args` (shell quoting) and returns its exit status and output.
Outcome RunBinary(const std::string& binary, const std::string& args) {
  return Shell(absl::StrCat(binary, " ", args));
}

Outcome Tally(const std::string& args) {
  return RunBinary(TallyCliPath(), args);
}

// Nothing here reaches a server: refusals come before any connection.
constexpr char kNoServer[] = "--server=127.0.0.1:1 ";

TEST(CliE2eTest, UnknownOptionIsRefusedByName) {
  Outcome r = Tally(absl::StrCat(kNoServer, "standings demo pairs 1 --jsn"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.output, HasSubstr("tally standings: unknown option '--jsn'"));
  EXPECT_THAT(r.output, HasSubstr("did you mean --json?"));
  // An option another command takes is unknown to this one.
  r = Tally(absl::StrCat(kNoServer, "standings demo pairs 1 --dry-run"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.output, HasSubstr("unknown option '--dry-run'"));
}

TEST(CliE2eTest, MalformedNumbersAreRefusedByName) {
  Outcome r = Tally(absl::StrCat(kNoServer,
                                 "create-competition t c Name --profile=x "
                                 "--expected-version=abc"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.output, HasSubstr("--expected-version"));
  EXPECT_THAT(r.output, HasSubstr("'abc' is not a whole number"));
  r = Tally(absl::StrCat(kNoServer, "traveller demo pairs 1 seven"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(
      r.output,
      HasSubstr("tally traveller: BOARD 'seven' is not a whole number"));
  r = Tally(absl::StrCat(kNoServer, "log --limit=ten"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.output, HasSubstr("--limit"));
  EXPECT_THAT(r.output, HasSubstr("'ten' is not a whole number"));
}

TEST(CliE2eTest, BadFlagValuesAndChoicesAreRefused) {
  Outcome r = Tally(absl::StrCat(kNoServer, "tournaments --json=maybe"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.output, HasSubstr("maybe"));
  r = Tally(absl::StrCat(kNoServer, "absent t c 1 3 --reason=holiday"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.output, HasSubstr("'holiday' is not one of none, "
                                  "representative, other-championship"));
}

TEST(CliE2eTest, WrongNumberOfArgumentsSaysHowMany) {
  Outcome r = Tally(absl::StrCat(kNoServer, "standings demo pairs"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.output,
              HasSubstr("tally standings: takes 3 arguments, given 2"));
  r = Tally(absl::StrCat(kNoServer, "standigns demo pairs 1"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.output, HasSubstr("unknown command 'standigns'; did you mean "
                                  "standings?"));
}

TEST(CliE2eTest, GlobalHelpIsShortAndGrouped) {
  for (const char* flag : {"--help", "-h", "help"}) {
    Outcome r = Tally(flag);
    EXPECT_EQ(r.exit_code, 0) << flag;
    EXPECT_THAT(r.output, HasSubstr("\nSetting up:\n"));
    EXPECT_THAT(r.output, HasSubstr("\nCalculator:\n"));
    EXPECT_LT(r.output.size(), 8000u) << flag;
    for (absl::string_view line : absl::StrSplit(r.output, '\n')) {
      EXPECT_LE(line.size(), 80u) << line;
    }
  }
  // No command at all: the same help, as a usage error.
  Outcome bare = Tally("");
  EXPECT_EQ(bare.exit_code, 2);
  EXPECT_THAT(bare.output, HasSubstr("\nSetting up:\n"));
}

// Every command the global help lists answers --help with its usage, a
// line of prose for each option and an example, exit status 0; `tally help
// COMMAND` says the same.
TEST(CliE2eTest, EveryCommandHasHelpWithAnExample) {
  Outcome global = Tally("--help");
  ASSERT_EQ(global.exit_code, 0);
  std::vector<std::string> commands;
  for (absl::string_view line : absl::StrSplit(global.output, '\n')) {
    // "  name   summary" under a group heading; the options start with "-".
    if (!absl::StartsWith(line, "  ") || absl::StartsWith(line, "   ") ||
        absl::StartsWith(line, "  -")) {
      continue;
    }
    std::vector<std::string> words =
        absl::StrSplit(line.substr(2), ' ', absl::SkipEmpty());
    commands.push_back(words[0]);
  }
  EXPECT_GE(commands.size(), 60u);
  for (const std::string& c : commands) {
    Outcome r = Tally(c + " --help");
    EXPECT_EQ(r.exit_code, 0) << c;
    EXPECT_THAT(r.output, StartsWith("usage: tally " + c)) << c;
    // "tally NAME ARGS..." or, for a command without any, "tally NAME".
    EXPECT_THAT(r.output,
                ::testing::AnyOf(HasSubstr("\nexample:\n  tally " + c + " "),
                                 HasSubstr("\nexample:\n  tally " + c + "\n")))
        << c;
    // Every option has its line of prose (server/cli/option_help.cc).
    EXPECT_THAT(r.output, Not(HasSubstr("(undocumented)"))) << r.output;
  }
  // "-h NAME" and "help NAME" take one path for every command: checked on
  // the first and the last (each run of the CLI costs a process start).
  for (const std::string& c : {commands.front(), commands.back()}) {
    Outcome h = Tally("-h " + c);
    EXPECT_EQ(h.exit_code, 0) << c;
    Outcome via_help = Tally("help " + c);
    EXPECT_EQ(via_help.exit_code, 0) << c;
    EXPECT_EQ(via_help.output, Tally(c + " --help").output) << c;
  }
  Outcome standings = Tally("standings --help");
  EXPECT_THAT(standings.output, HasSubstr("SESSION is a whole number."));
  EXPECT_THAT(standings.output,
              HasSubstr("example:\n  tally standings demo pairs 1\n"));
  EXPECT_THAT(Tally("correct --help").output,
              HasSubstr("\n  --ns-agreed=WHO         who agreed the "
                        "correction for North-South\n"));
}

TEST(CliE2eTest, VersionOnBothBinaries) {
  Outcome tally = Tally("--version");
  EXPECT_EQ(tally.exit_code, 0);
  EXPECT_THAT(tally.output, StartsWith("tally "));
  EXPECT_EQ(std::count(tally.output.begin(), tally.output.end(), '\n'), 1);
  Outcome tallyd = RunBinary(TallydPath(), "--version");
  EXPECT_EQ(tallyd.exit_code, 0);
  EXPECT_THAT(tallyd.output, StartsWith("tallyd "));
  // The same version in both.
  EXPECT_EQ(tally.output.substr(6), tallyd.output.substr(7));
  Outcome help = RunBinary(TallydPath(), "--help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_THAT(help.output, HasSubstr("--data_dir"));
}

TEST(CliE2eTest, AServerThatIsNotThereIsNamed) {
  Outcome r = Tally(absl::StrCat(kNoServer, "tournaments"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.output,
            "tally: cannot reach tallyd at 127.0.0.1:1: is it running? Does "
            "it serve TLS (then --ca=FILE)? (--server=HOST:PORT or "
            "$TALLY_SERVER names another)\n");
}

class CliServerE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    tallyd_ = std::make_unique<TallydProcess>(TallydPath(),
                                              MakeTempDir("cli") + "/data");
    ASSERT_THAT(tallyd_->Start(), IsOk());
  }
  Outcome At(const std::string& args) {
    return Tally(absl::StrCat("--server=", tallyd_->address(),
                              " --token=", tallyd_->admin_token(), " ", args));
  }
  // Competition "mp" of tournament "club" under sabf_matchpoint_pairs,
  // with pairs 1-6 (A1 & B1, ...).
  void ClubPairsWithSixPairs() {
    ASSERT_EQ(At("create-competition club mp Tuesday pairs "
                 "--profile=sabf_matchpoint_pairs")
                  .exit_code,
              0);
    for (int pair = 1; pair <= 6; ++pair) {
      ASSERT_EQ(At(absl::StrCat("register-pair club mp ", pair, " A", pair,
                                " B", pair))
                    .exit_code,
                0);
    }
  }
  std::unique_ptr<TallydProcess> tallyd_;
};

TEST_F(CliServerE2eTest, OptionValuesAfterASpaceAreKept) {
  ASSERT_EQ(At("create-tournament club Club").exit_code, 0);
  Outcome r =
      At("create-competition club mp Tuesday pairs --profile "
         "sabf_matchpoint_pairs");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(At("tournament club").output,
              HasSubstr("profile sabf_matchpoint_pairs"));
  // --expected-version with a space is applied, not dropped: the
  // tournament is at version 2, so 1 is refused and nothing is appended.
  r =
      At("create-competition club mp2 Other --profile=sabf_matchpoint_pairs "
         "--expected-version 1");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_THAT(At("tournament club").output, Not(HasSubstr("mp2")));
  // --json=no prints text; --json prints JSON.
  EXPECT_THAT(At("tournaments --json=no").output, StartsWith("Tournament "));
  EXPECT_THAT(At("tournaments --json").output, StartsWith("{"));
}

// A tournament in Australia/Sydney (AEDT, UTC+11, in November): the
// session is scheduled 19:30-22:30 local, 08:30-11:30 UTC; SABF TR 7's
// review of rulings runs to 30 minutes after the scheduled finish, 23:00
// AEDT = 12:00 UTC. In Australia/Perth (AWST, UTC+8, no summer time) the
// same instant is 20:00. The hour Sydney skips on 4 October 2026 (02:00
// AEST becomes 03:00 AEDT) is refused; an unknown zone is refused by name
// and appends nothing.
TEST_F(CliServerE2eTest, TimesAreShownAndTypedInTheTournamentsTimeZone) {
  Outcome r = At("create-tournament club Club --time-zone=Mars/Olympus");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.output, HasSubstr("INVALID_ARGUMENT: unknown time zone "
                                  "'Mars/Olympus'"));
  EXPECT_THAT(At("tournaments").output, Not(HasSubstr("club")));
  r = At("create-tournament club Club --time-zone=Australia/Sydney");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("created tournament club, times in "
                                  "Australia/Sydney"));
  EXPECT_THAT(r.output, HasSubstr(" AEDT, hash "));
  ASSERT_NO_FATAL_FAILURE(ClubPairsWithSixPairs());
  ASSERT_EQ(At("define-session club mp 1 --mitchell=3:2").exit_code, 0);
  r = At("schedule club mp 1 \"2026-10-04 02:30\" \"2026-10-04 05:00\"");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.output,
              HasSubstr("'2026-10-04 02:30' does not exist in "
                        "Australia/Sydney: the clocks go forward from 02:00 "
                        "AEST to 03:00 AEDT on 2026-10-04"));
  r = At("schedule club mp 1 \"2026-11-27 19:30\" \"2026-11-27 22:30\"");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("scheduled session 1: 2026-11-27 19:30 "
                                  "AEDT to 2026-11-27 22:30 AEDT"));
  r = At("windows club mp --at=\"2026-11-27 22:45\"");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("time windows at 2026-11-27 22:45 AEDT"));
  EXPECT_THAT(r.output,
              HasSubstr("session 1, review of rulings: open until 23:00 "
                        "AEDT - 30 minutes after session 1's scheduled end "
                        "at 22:30 (SABF TR 7)"));
  EXPECT_THAT(At("windows club mp --at=2026-11-27T11:45:00Z --json").output,
              HasSubstr("\"closes_at\":\"2026-11-27T12:00:00Z\""));
  // A director moves the tournament; the instant is the same.
  ASSERT_EQ(At("time-zone club Australia/Perth").exit_code, 0);
  r = At("windows club mp --at=\"2026-11-27 19:45\"");
  EXPECT_THAT(r.output, HasSubstr("time windows at 2026-11-27 19:45 AWST"));
  EXPECT_THAT(r.output, HasSubstr("review of rulings: open until 20:00 AWST"));
  EXPECT_THAT(At("tournament club").output,
              HasSubstr("times in Australia/Perth"));
}

// An arrow switch in the last round of a 3-table Mitchell (1 board a
// round; board b is at table t in round ((b - t) mod 3) + 1): every board
// is played 1NT by North, 8 tricks (+120) in round 1, 9 (+150) in round 2
// and 7 (+90) in round 3, where the EW pairs 4-6 hold the NS cards. On
// the 2/1 scale (top 4 for 3 scores) +150 is 4, +120 is 2 and +90 is 0
// for the pair holding NS. Pairs 1-3: 2 + 4 + (4 - 0 as EW in round 3) =
// 10 of 12, 83.33%; pairs 4-6: 2 + 0 + 0 = 2 of 12, 16.67%. One field:
// without the switch, pairs 1-3 would have 6 of 12 in an NS field.
TEST_F(CliServerE2eTest, ArrowSwitchInTheLastRoundMakesOneField) {
  ASSERT_EQ(At("create-tournament club Club").exit_code, 0);
  ASSERT_NO_FATAL_FAILURE(ClubPairsWithSixPairs());
  // A round the movement does not have is refused and defines nothing.
  Outcome r = At("define-session club mp 1 --mitchell=3:1 "
                 "--arrow-switch-rounds=4");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.output, HasSubstr("arrow switch: the movement has no round 4"));
  r = At("define-session club mp 1 --mitchell=3:1 --arrow-switch-rounds=3");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // Table 1 plays board 3 in round 3 (boards move down a table a round).
  EXPECT_THAT(At("movement club mp 1").output, HasSubstr("3 (3 switched)"));
  ASSERT_EQ(At("start-session club mp 1").exit_code, 0);
  for (int table = 1; table <= 3; ++table) {
    for (int board = 1; board <= 3; ++board) {
      const int round = (board - table + 3) % 3 + 1;
      const int tricks = round == 1 ? 8 : round == 2 ? 9 : 7;
      r = At(absl::StrCat("enter-result club mp 1 ", table, " ", board,
                          " 1NT N ", tricks));
      ASSERT_EQ(r.exit_code, 0) << r.output;
    }
  }
  r = At("standings club mp 1");
  EXPECT_THAT(r.output, Not(HasSubstr("NS field")));
  for (absl::string_view line : absl::StrSplit(r.output, '\n')) {
    std::vector<std::string> w =
        absl::StrSplit(line, ' ', absl::SkipWhitespace());
    if (w.size() < 4 || !absl::StartsWith(w[2], "A")) continue;
    const bool held_ns = w[1] == "1" || w[1] == "2" || w[1] == "3";
    EXPECT_THAT(line, HasSubstr(held_ns ? "10.00  12   83.33"
                                        : "2.00   12   16.67"));
  }
  // Pair 4 (EW, moving up a table a round) sits at table 3 in round 3,
  // where board 2 is played, holding the NS cards against pair 3.
  EXPECT_THAT(At("scorecard club mp 1 4 --json").output,
              HasSubstr("\"round\":3,\"table\":3,\"board\":2,"
                        "\"direction\":\"SEAT_NORTH\",\"opponents\":3"));
}

// Hand-checked: the Name column is as wide as "Zoë Ödegaard Cup", 16
// columns (ë and Ö are one column each, two bytes each); "王芳 Cup" is 8
// columns (each CJK character two), so it gets 16 - 8 + 2 = 10 spaces.
TEST_F(CliServerE2eTest, ColumnsLineUpByDisplayWidth) {
  ASSERT_EQ(At("create-tournament t1 \"Zo\u00eb \u00d6degaard Cup\"").exit_code,
            0);
  ASSERT_EQ(At("create-tournament t2 \"\u738b\u82b3 Cup\"").exit_code, 0);
  EXPECT_EQ(At("tournaments").output,
            "Tournament  Name              Version  Competitions\n"
            "t1          Zo\u00eb \u00d6degaard Cup  1        \n"
            "t2          \u738b\u82b3 Cup          1        \n");
}

// The demo's pairs session (tallyd --demo), board 2 at table 1 corrected
// from 3NT= to 3NT+1 by South, as a dry run. Pair 6 (EW there) drops from
// 45 to 43 of 120 matchpoints: 37.5% -> 35.8333...%, which the profile
// rounds to 35.83 (SABF: 2 places), so the server sends 75/2 -> 3583/100
// and the CLI prints 37.50 -> 35.83 (2 places), or the fractions with
// --exact.
TEST(CliDemoE2eTest, DryRunShowsDecimalsAndExactFractionsOnRequest) {
  TallydProcess tallyd(TallydPath(), MakeTempDir("cli-demo") + "/data");
  tallyd.AddFlag("--demo");
  tallyd.AddFlag("--http_listen=127.0.0.1:0");
  ASSERT_THAT(tallyd.Start(), IsOk());
  const std::string correct = absl::StrCat(
      "--server=", tallyd.address(), " --token=", tallyd.admin_token(),
      " correct demo pairs 1 1 2 3NT S 10 --kind=players --reason=\"one "
      "trick short\" --ns-agreed=\"Ann Ashby\" --ew-agreed=\"Kate King\" "
      "--dry-run");
  Outcome r = Tally(correct);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(
      r.output,
      HasSubstr("\n  pairs overall pair 6 aggregate: 37.50 -> 35.83\n"));
  EXPECT_THAT(r.output, Not(HasSubstr("/100")));
  Outcome exact = Tally(correct + " --exact");
  EXPECT_EQ(exact.exit_code, 0) << exact.output;
  EXPECT_THAT(
      exact.output,
      HasSubstr("\n  pairs overall pair 6 aggregate: 75/2 -> 3583/100\n"));
}

}  // namespace
}  // namespace tally::testing
