// How the CLI writes an appeal's events in one line each (board history,
// `tally appeal show`): "appeal 1 lodged by pair 1 against the director's
// ruling (SABF TR 7, until 2026-11-27 11:40 AEDT)". Pure; thread-safe.

#ifndef TALLY_SERVER_CLI_APPEAL_TEXT_H_
#define TALLY_SERVER_CLI_APPEAL_TEXT_H_

#include <string>

#include "absl/time/time.h"
#include "tally/v1/common.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::cli {

// The line for an appeal event, or for the Director's choice on a datum's
// substitutes while an appeal is pending (NSW TR 13.3); empty for any other
// event. Times are written in `zone` (the tournament's).
std::string AppealEventLine(const v1::EventPayload& payload,
                            absl::TimeZone zone);

// An adjusted score in words: "assigned 3S N 9, NS +140", "artificial
// average plus to NS, average minus to EW", "weighted: ...", "split: ...".
std::string AdjustedScoreText(const v1::AdjustedScore& score, int board);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_APPEAL_TEXT_H_
