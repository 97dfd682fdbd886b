// The command examples of a Markdown guide (docs/guides/*.md), read so a
// test can run each one and compare its output with what the guide shows.
//
// An example lives in a fenced block opened by a line "```console". In it, a
// line starting "$ " is a command; the lines after it, up to the next "$ "
// line or the end of the block, are its expected output (standard output
// and standard error together). In the expected output:
//   {{name}}  (lower case) stands for any text of one or more characters
//             on that line: a time, a hash, an event number;
//   {{NAME}}  (upper case) is the same, and the text it stood for is kept:
//             a later {{NAME}} in a command or an expected output of the
//             same guide is that text (a token, a sequence number);
//   ...       alone on a line stands for any number of lines, none included.
// Trailing spaces and trailing empty lines are not compared. Blocks of any
// other kind (```sh, ```text) are not examples. Thread-compatible.

#ifndef TALLY_TESTS_DOC_EXAMPLES_H_
#define TALLY_TESTS_DOC_EXAMPLES_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace tally::testing {

struct DocExample {
  int line = 0;         // 1-based line of the "$ " line in the guide
  std::string command;  // without the "$ "
  std::vector<std::string> expected;  // the expected output's lines
};

// The examples of `markdown` in the order they appear.
std::vector<DocExample> ParseDocExamples(absl::string_view markdown);

// The values the upper-case placeholders of one guide stood for so far.
using DocVariables = std::map<std::string, std::string>;

// `command` with each {{NAME}} replaced by its value; an error naming a
// placeholder that has no value yet (or a lower-case one, which has none).
absl::StatusOr<std::string> SubstituteDocVariables(const std::string& command,
                                                   const DocVariables& vars);

// Whether `actual` is what `expected` shows; on a match, the upper-case
// placeholders first met here are added to `vars`.
bool MatchesDocOutput(const std::vector<std::string>& expected,
                      absl::string_view actual, DocVariables& vars);

}  // namespace tally::testing

#endif  // TALLY_TESTS_DOC_EXAMPLES_H_
