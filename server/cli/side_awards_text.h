// How a director types an artificial adjusted score given to each side on
// its own terms (AdjustedScore.per_side, Law 12C2; issue #18), and how it
// reads back on a traveller, a ruling or an appeal. Pure; thread-safe.
//
//   --per-side=ns:60%,ew:NS+630    NS 60% of the top; EW matchpointed as if
//                                  North-South had scored +630
//   --per-side=ns:62.5%,ew:35%     a percentage of the top to each side
//
// A score names whose it is: "NS+630" (North-South's +630) or "EW-630"
// (the same result, East-West's -630).

#ifndef TALLY_SERVER_CLI_SIDE_AWARDS_TEXT_H_
#define TALLY_SERVER_CLI_SIDE_AWARDS_TEXT_H_

#include <string>

#include "absl/status/statusor.h"
#include "tally/v1/common.pb.h"

namespace tally::cli {

// InvalidArgument, saying the expected form, when the text cannot be read
// (the server checks the ranges).
absl::StatusOr<v1::SideAwardsAdjustedScore> ParseSideAwards(
    const std::string& text);

// "NS 60%, EW on NS +630"; "NS 62.5%, EW 35%".
std::string SideAwardsText(const v1::SideAwardsAdjustedScore& awards);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_SIDE_AWARDS_TEXT_H_
