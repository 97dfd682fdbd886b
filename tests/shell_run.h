// Runs a command line through the shell for tests that check a binary's
// exit status and messages (tally, tallyd). Thread-compatible.

#ifndef TALLY_TESTS_SHELL_RUN_H_
#define TALLY_TESTS_SHELL_RUN_H_

#include <string>

namespace tally::testing {

struct ShellRun {
  int exit_code = -1;  // -1: not run, or ended by a signal
  std::string output;  // stdout and stderr together
};

// Runs `command` through the shell, stdout and stderr together.
ShellRun Shell(const std::string& command);

}  // namespace tally::testing

#endif  // TALLY_TESTS_SHELL_RUN_H_
