// How the match commands show a forfeited match: one line with the score
// that stands, why, and the clause (server/cli/forfeit_commands.cc).
// Thread-safe: a pure function.

#ifndef TALLY_SERVER_CLI_FORFEIT_TEXT_H_
#define TALLY_SERVER_CLI_FORFEIT_TEXT_H_

#include <string>

#include "tally/v1/query.pb.h"

namespace tally::cli {

// "round 1 table 4 (4 v 8): forfeited by 8; 12 - 0 VPs, home IMPs 6; interim
// score 12 (stands for the draw until adjusted) (NSW TR 12.9.1); no show".
std::string ForfeitLine(const v1::ForfeitedMatchView& forfeit);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_FORFEIT_TEXT_H_
