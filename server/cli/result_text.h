// How a director types a table result, and how the CLI prints numbers.
// "4S N 10" (contract, declarer, tricks), "4SX E -2", "3NT S +1",
// "2H W =", or "pass". Pure; thread-safe.

#ifndef TALLY_SERVER_CLI_RESULT_TEXT_H_
#define TALLY_SERVER_CLI_RESULT_TEXT_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tally/v1/common.pb.h"

namespace tally::cli {

// Parses the words of a result. Tricks are absolute (0-13) or relative to
// the contract ("=", "+1", "-2"). The server still checks the numbers (a
// level 8 or 14 tricks is refused there with the same words), so this only
// rejects what cannot be read.
absl::StatusOr<v1::TableResult> ParseResult(
    const std::vector<std::string>& words);

// An exact fraction shown to 2 decimal places for reading ("71/6" ->
// "11.83"); the exact value is in --json output.
std::string FractionText(const v1::Fraction& f);
std::string DecimalText(const v1::DecimalValue& d);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_RESULT_TEXT_H_
