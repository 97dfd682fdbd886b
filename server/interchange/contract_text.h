// The contract, declarer and tricks of a result as interchange files write
// them ("4HX", "N", "10"; "PASS" for a board passed out), to and from
// tally's TableResult. Pure. Thread-safe.

#ifndef TALLY_SERVER_INTERCHANGE_CONTRACT_TEXT_H_
#define TALLY_SERVER_INTERCHANGE_CONTRACT_TEXT_H_

#include <string>

#include "absl/status/statusor.h"
#include "tally/v1/common.pb.h"

namespace tally::interchange {

// A result from its contract ("3NT", "4HX", "2SXX", "4H*"; "PASS", "P" or
// "AP" passed out), declarer ("N", "North", ...) and tricks taken by
// declarer ("0".."13"). INVALID_ARGUMENT, saying what is wrong or missing.
absl::StatusOr<v1::TableResult> ParseResult(const std::string& contract,
                                            const std::string& declarer,
                                            const std::string& tricks);

// The three texts of a played or passed-out result: "4HX", "N", "10"; a
// board passed out is "PASS", "", ""; a result known by its score alone
// (score_only) "", "", "".
struct ResultText {
  std::string contract;
  std::string declarer;
  std::string tricks;
};
ResultText FormatResult(const v1::TableResult& result);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_CONTRACT_TEXT_H_
