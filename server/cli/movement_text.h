// A session's movement as the guide cards a director puts on each table
// (`tally movement`): per table, one line per round with the NS and EW
// pairs, the boards, and where each pair and the boards go for the next
// round. Made from the movement the SessionDefined event records. Pure;
// thread-safe.

#ifndef TALLY_SERVER_CLI_MOVEMENT_TEXT_H_
#define TALLY_SERVER_CLI_MOVEMENT_TEXT_H_

#include <string>
#include <vector>

#include "tally/v1/common.pb.h"

namespace tally::cli {

// "1-3" for consecutive boards, "1,4,7" otherwise, "-" for none.
std::string BoardsText(const std::vector<int>& boards);

// Every table's card, in table order, each headed "Table N".
std::string MovementGuideCards(const v1::Movement& movement);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_MOVEMENT_TEXT_H_
