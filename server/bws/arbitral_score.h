// A ReceivedData row with no contract: the arbitral score a tournament
// director gives on a Bridgemate (TD menu, "Enter arbitral score": 40, 50 or
// 60% to each pair, average minus, average and average plus; Bridgemate II
// user manual, chapter 5) or a board the players marked not played ("NO
// PLAY"). The row then carries no contract and says what it is in its
// Remarks: "60%-40%" (North-South's percentage, then East-West's), "Not
// played" or "Arbitral score", as TabScore, an open-source Bridgemate
// replacement writing the same table, writes and reads them
// (github.com/pjflip/TabScore2, TabScore2/Forms/EditResultForm.cs and the
// ranking in its BusinessLogic/BusLogic.cs). docs/interchange.md, "Bridgemate
// BWS", says what tally does with each. Pure. Thread-safe.

#ifndef TALLY_SERVER_BWS_ARBITRAL_SCORE_H_
#define TALLY_SERVER_BWS_ARBITRAL_SCORE_H_

#include <string>

#include "absl/status/statusor.h"
#include "server/bws/received_data.h"
#include "tally/v1/common.pb.h"

namespace tally::bws {

// True when the row records no contract (its Contract is empty): it is
// read by its Remarks (ArbitralScoreOfRow), not as a result.
bool HasNoContract(const ReceivedRow& row);

// The artificial adjusted score (Law 12C2) the row's Remarks give: each
// side's 40, 50 or 60% as average minus, average or average plus, the
// profile's artificial scores. INVALID_ARGUMENT, saying what is wrong and
// what the director does instead, for a board marked not played (no score
// says who was at fault: Law 12C2(a) is the director's), an arbitral score
// without its percentages, a percentage other than 40, 50 or 60 (a
// Bridgemate gives no other), or remarks that are no arbitral score.
absl::StatusOr<v1::ArtificialAdjustedScore> ArbitralScoreOfRow(
    const ReceivedRow& row);

// "60%-40%" for average plus to North-South, average minus to East-West.
std::string ArbitralScoreText(const v1::ArtificialAdjustedScore& score);

}  // namespace tally::bws

#endif  // TALLY_SERVER_BWS_ARBITRAL_SCORE_H_
