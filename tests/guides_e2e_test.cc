// End to end: every command example in the guides (docs/guides/*.md, in
// the form tests/doc_examples.h reads) runs through the real `tally` CLI
// against a tallyd started with --demo, one fresh server per guide, the
// examples of a guide in order so each may build on the ones before, and
// prints what the guide shows. A difference fails at the guide's file and
// line, with the output the command gave. Also checks the example reader
// itself.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/status_matchers.h"
#include "gtest/gtest.h"
#include "tests/doc_examples.h"
#include "tests/shell_run.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

// --- The example reader ---------------------------------------------------

TEST(DocExamplesTest, ReadsConsoleBlocksOnlyWithTheirLines) {
  const std::string markdown =
      "# Guide\n"
      "```sh\n"
      "$ not an example\n"
      "```\n"
      "```console\n"
      "$ tally one\n"
      "out 1\n"
      "\n"
      "out 2\n"
      "$ tally two\n"
      "```\n";
  std::vector<DocExample> examples = ParseDocExamples(markdown);
  ASSERT_EQ(examples.size(), 2u);
  EXPECT_EQ(examples[0].line, 6);
  EXPECT_EQ(examples[0].command, "tally one");
  EXPECT_EQ(examples[0].expected,
            (std::vector<std::string>{"out 1", "", "out 2"}));
  EXPECT_EQ(examples[1].line, 10);
  EXPECT_TRUE(examples[1].expected.empty());
}

TEST(DocExamplesTest, PlaceholdersMatchAnyTextAndVariablesAreKept) {
  DocVariables vars;
  EXPECT_TRUE(MatchesDocOutput(
      {"token: {{TD}}", "  event {{seq}}, hash {{hash}}"},
      "token: td:jane.abc\n  event 279, hash a3077dfd\n", vars));
  EXPECT_EQ(vars["TD"], "td:jane.abc");
  EXPECT_EQ(vars.count("seq"), 0u);
  absl::StatusOr<std::string> command =
      SubstituteDocVariables("tally --token={{TD}} whoami", vars);
  ASSERT_THAT(command, IsOk());
  EXPECT_EQ(*command, "tally --token=td:jane.abc whoami");
  // A kept variable must be the same text the next time.
  EXPECT_TRUE(MatchesDocOutput({"principal {{TD}}"},
                               "principal td:jane.abc", vars));
  EXPECT_FALSE(MatchesDocOutput({"principal {{TD}}"},
                                "principal td:john.xyz", vars));
  // A placeholder stands for at least one character.
  EXPECT_FALSE(MatchesDocOutput({"event {{seq}}"}, "event ", vars));
  EXPECT_THAT(SubstituteDocVariables("tally revoke {{NOBODY}}", vars),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(DocExamplesTest, AnyLinesAndTrailingSpace) {
  DocVariables vars;
  EXPECT_TRUE(MatchesDocOutput({"head", "...", "tail"},
                               "head\na\nb\ntail   \n\n", vars));
  EXPECT_TRUE(MatchesDocOutput({"head", "...", "tail"}, "head\ntail", vars));
  EXPECT_TRUE(MatchesDocOutput({"head", "..."}, "head", vars));
  EXPECT_FALSE(MatchesDocOutput({"head", "...", "tail"}, "head\na", vars));
  EXPECT_FALSE(MatchesDocOutput({"head"}, "head\nmore", vars));
  EXPECT_FALSE(MatchesDocOutput({"head", "more"}, "head", vars));
  EXPECT_TRUE(MatchesDocOutput({}, "", vars));
}

// --- The guides -------------------------------------------------------------

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::filesystem::path> Guides() {
  std::vector<std::filesystem::path> guides;
  for (const auto& entry :
       std::filesystem::directory_iterator(TALLY_GUIDES_DIR)) {
    if (entry.path().extension() == ".md") guides.push_back(entry.path());
  }
  std::sort(guides.begin(), guides.end());
  return guides;
}

// The shell command that runs `command` (a "tally ..." line) against
// `tallyd`, in `workdir`, as the administrator unless it names a token.
std::string ShellCommand(const std::string& command,
                         const TallydProcess& tallyd,
                         const std::string& workdir) {
  const std::string rest = command.substr(std::string("tally").size());
  const std::string token =
      absl::StrContains(command, "--token=")
          ? ""
          : absl::StrCat("TALLY_TOKEN=", tallyd.admin_token(), " ");
  return absl::StrCat("cd '", workdir, "' && ", token, TallyCliPath(),
                      " --server=", tallyd.address(), rest);
}

// Runs the examples of the guide at `path`; returns how many ran.
int RunGuide(const std::filesystem::path& path) {
  const std::vector<DocExample> examples =
      ParseDocExamples(ReadFile(path));
  if (examples.empty()) return 0;
  const std::string file = absl::StrCat("docs/guides/",
                                        path.filename().string());
  TallydProcess tallyd(TallydPath(), MakeTempDir("guide-data"));
  tallyd.AddFlag("--demo");
  if (!tallyd.Start().ok()) {
    ADD_FAILURE_AT(file.c_str(), 1) << "tallyd --demo did not start";
    return 0;
  }
  const std::string workdir = MakeTempDir("guide-work");
  DocVariables vars;
  for (const DocExample& example : examples) {
    absl::StatusOr<std::string> command =
        SubstituteDocVariables(example.command, vars);
    if (!command.ok()) {
      ADD_FAILURE_AT(file.c_str(), example.line) << command.status().message();
      continue;
    }
    if (*command != "tally" && !absl::StartsWith(*command, "tally ")) {
      ADD_FAILURE_AT(file.c_str(), example.line)
          << "an example runs `tally` only: " << *command;
      continue;
    }
    const ShellRun run = Shell(ShellCommand(*command, tallyd, workdir));
    if (!MatchesDocOutput(example.expected, run.output, vars)) {
      ADD_FAILURE_AT(file.c_str(), example.line)
          << "$ " << *command << "\n--- the guide shows:\n"
          << absl::StrJoin(example.expected, "\n") << "\n--- tally printed:\n"
          << run.output;
    }
  }
  EXPECT_EQ(tallyd.Stop(), 0) << file;
  return static_cast<int>(examples.size());
}

TEST(GuidesTest, EveryExampleRunsAsShown) {
  int ran = 0;
  for (const std::filesystem::path& guide : Guides()) {
    ran += RunGuide(guide);
  }
  EXPECT_GT(ran, 0) << "no examples found in " << TALLY_GUIDES_DIR;
}

}  // namespace
}  // namespace tally::testing
