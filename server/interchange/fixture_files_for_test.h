// The hand-written interchange fixtures (tests/interchange/) as the unit
// tests of the USEBIO and PBN readers use them: read, edited in one place,
// and the check that a reading is refused naming the file's line. Test
// only. Thread-safe.

#ifndef TALLY_SERVER_INTERCHANGE_FIXTURE_FILES_FOR_TEST_H_
#define TALLY_SERVER_INTERCHANGE_FIXTURE_FILES_FOR_TEST_H_

#include <functional>
#include <string>

#include "absl/status/statusor.h"
#include "server/interchange/session_file.h"

namespace tally::interchange {

// The bytes of fixture `name` in `dir` (the tests' TALLY_INTERCHANGE_FIXTURES,
// tests/interchange/); "" when missing.
std::string ReadFixture(const std::string& dir, const std::string& name);

// Fixture `name` with its first `from` replaced by `to` (a test failure
// when `from` is not there).
std::string EditedFixture(const std::string& dir, const std::string& name,
                          const std::string& from, const std::string& to);

// Expects `read` to be INVALID_ARGUMENT naming "`file` line `line`: " and
// containing `what`.
void ExpectRefusedAt(const absl::StatusOr<SessionFile>& read,
                     const std::string& file, int line,
                     const std::string& what);

// Nothing a file holds may crash a reader: `read` (a reader of `file`'s
// format, giving the reading's status) is given every cut of `bytes` every
// `cut_step` bytes (a file ending early, mid-tag or mid-row), and each of
// its first `lines` lines doubled and dropped in turn; each reading must be
// OK or INVALID_ARGUMENT naming "`file` line ".
void ExpectDamageReadOrRefused(
    const std::string& bytes, const std::string& file, size_t cut_step,
    size_t lines, const std::function<absl::Status(const std::string&)>& read);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_FIXTURE_FILES_FOR_TEST_H_
