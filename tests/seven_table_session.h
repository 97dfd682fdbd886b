// The scripted session the cross-process tests play: a 7-table Mitchell,
// 3 boards a round, 21 boards, NS pairs 1-7 and EW pairs 8-14, with
// results chosen so that every matchpoint and percentage can be worked out
// by hand (the working is in seven_table_session.cc).

#ifndef TALLY_TESTS_SEVEN_TABLE_SESSION_H_
#define TALLY_TESTS_SEVEN_TABLE_SESSION_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "grpcpp/grpcpp.h"
#include "tally/v1/venue.pb.h"

namespace tally::testing {

inline constexpr char kCompetition[] = "pairs";
inline constexpr int kTables = 7;
inline constexpr int kBoardsPerRound = 3;
inline constexpr int kBoards = kTables * kBoardsPerRound;

// Creates `tournament`, competition "pairs", registers pairs 1-14, defines
// session 1 as the 7x3 Mitchell and starts it, all through the Director
// service with fixed idempotency keys.
absl::Status SetUpSession(grpc::Channel& channel,
                          const std::string& tournament);

// The EW pair at `table` in `round` of the Mitchell.
int EwPairAt(int round, int table);
// The round in which `table` plays `board`.
int RoundOf(int board, int table);

// The scripted result of `board` at `table`, as a table would enter it,
// with a fixed idempotency key.
v1::EnterResultRequest ScriptedResult(const std::string& tournament, int board,
                                      int table);

// Every scripted result, board by board.
std::vector<v1::EnterResultRequest> AllScriptedResults(
    const std::string& tournament);

}  // namespace tally::testing

#endif  // TALLY_TESTS_SEVEN_TABLE_SESSION_H_
