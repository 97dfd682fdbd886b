// A ReceivedData row's contract, declarer and result in Bridgemate's own
// notation ("4 S x" by "N", result "-1"; "PASS") as tally's TableResult.
// Pure. Thread-safe.

#ifndef TALLY_SERVER_BWS_ROW_RESULT_H_
#define TALLY_SERVER_BWS_ROW_RESULT_H_

#include <string>

#include "absl/status/statusor.h"
#include "server/bws/received_data.h"
#include "tally/v1/common.pb.h"

namespace tally::bws {

// The result the row records. INVALID_ARGUMENT saying what is wrong: a
// contract that is not level (1-7), strain (C, D, H, S, NT) and an optional
// x or xx; a declarer seat that is not N, E, S or W; a declaring pair that
// is not the pair sitting in that seat; a result that is not "=", "+n" or
// "-n", or takes fewer than 0 or more than 13 tricks; a field the row
// could not read (ReceivedRow::problem).
absl::StatusOr<v1::TableResult> ResultOfRow(const ReceivedRow& row);

// "4S x by N, -1" / "passed out": the row's result as a director reads it.
std::string DescribeRow(const ReceivedRow& row);

}  // namespace tally::bws

#endif  // TALLY_SERVER_BWS_ROW_RESULT_H_
