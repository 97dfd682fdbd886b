// How a director types a table result, and how the CLI prints numbers.
// "4S N 10" (contract, declarer, tricks), "4SX E -2", "3NT S +1",
// "2H W =", "pass", or a score with no contract, "NS+420". Pure;
// thread-safe.

#ifndef TALLY_SERVER_CLI_RESULT_TEXT_H_
#define TALLY_SERVER_CLI_RESULT_TEXT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tally/v1/audit.pb.h"
#include "tally/v1/common.pb.h"

namespace tally::cli {

// Parses the words of a result. Tricks are absolute (0-13) or relative to
// the contract ("=", "+1", "-2"). The server still checks the numbers (a
// level 8 or 14 tricks is refused there with the same words), so this only
// rejects what cannot be read.
absl::StatusOr<v1::TableResult> ParseResult(
    const std::vector<std::string>& words);

// A score entered at a table (North-South's, or the pair's own on a
// scorecard) as the CLI prints it: blank where the board was not played
// (the adjusted score stands in for it).
std::string ScoreText(const v1::TableResult& result, int score);

// A traveller line's event: "12 confirmed" once the opponents confirmed
// the result entered by event 12; "28 ruling" where ruling 28 says the
// board was not played there.
std::string ResultEventText(const v1::TableResult& result, uint64_t sequence,
                            bool confirmed);

// An exact fraction shown to 2 decimal places for reading ("71/6" ->
// "11.83"); the exact value is in --json output.
std::string FractionText(const v1::Fraction& f);
std::string DecimalText(const v1::DecimalValue& d);

// An exact fraction as a person reads it: "12", "12.6", "2.05", or "368.33
// (1105/3)" when it has no decimal form of at most 6 places; "-" for an
// unset fraction (denominator 0).
std::string ExactText(const v1::Fraction& f);

// A figure as what-changed sends it with each exact fraction in it shown to
// 2 decimal places ("275/6" -> "45.83", "7/2 - 1/2" -> "3.50 - 0.50");
// whole numbers, decimals and words are left as they are.
std::string FigureText(const std::string& figure);

// One line of what-changed or of a dry run: the server's text, with its
// before and after figures as FigureText unless `exact` (--exact), which
// keeps the exact fractions as sent.
std::string FigureChangeText(const v1::FigureChange& change, bool exact);

// Reads a decimal as typed ("3", "1.5", "-0.25") with at most `max_places`
// places, keeping the places typed ("1.50" is 150 in 10^-2). InvalidArgument
// when the text is not such a number.
absl::StatusOr<v1::DecimalValue> ParseDecimal(const std::string& text,
                                              int max_places);

// The lower-case label of an enum value's generated `name` without its
// `prefix` ("ROLE_DIRECTOR", "ROLE_" -> "director"); "unknown (N)" for a
// value this build of tally does not know (a newer server's), never a crash.
std::string EnumLabel(const std::string& name, absl::string_view prefix,
                      int value);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_RESULT_TEXT_H_
