// How a director types a ruling's effect on the `tally rule` command line,
// and how a RulingMade reads back (board-history). Pure; thread-safe.
//
//   --artificial=ns:avg+,ew:avg-    avg-, avg or avg+ for each side
//   --assigned="4SX N -2"           a result as `tally enter` takes it
//   --weighted="30%:6S N =;40%:4S N +2;30%:4S N +1"
//                                   weights as 30%, 0.3 or 3/10
//   --split="ns:4S N +2;ew:6S N ="
//   --penalty=ns:2mp                ns|ew, an amount and mp, imp or vp
//   --fouled=two_imps:4,5           a treatment and the fouled tables

#ifndef TALLY_SERVER_CLI_RULING_TEXT_H_
#define TALLY_SERVER_CLI_RULING_TEXT_H_

#include <string>

#include "absl/status/statusor.h"
#include "tally/v1/common.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::cli {

// Each parser: InvalidArgument, saying the expected form, when the text
// cannot be read.
absl::StatusOr<v1::ArtificialAdjustedScore> ParseArtificial(
    const std::string& text);
absl::StatusOr<v1::WeightedAdjustedScore> ParseWeighted(const std::string& text);
absl::StatusOr<v1::SplitAdjustedScore> ParseSplit(const std::string& text);
absl::StatusOr<v1::RulingPenalty> ParsePenalty(const std::string& text);
absl::StatusOr<v1::FouledBoardRuling> ParseFouled(const std::string& text);
// "ns" or "ew".
absl::StatusOr<v1::Side> ParseSide(const std::string& text);

// One line: what the ruling does, the Law cited and the text, e.g.
// "assigned 4S N +2; Law 82C: amended (supersedes 14)".
std::string DescribeRuling(const v1::RulingMade& ruling);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_RULING_TEXT_H_
