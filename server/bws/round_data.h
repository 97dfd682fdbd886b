// The movement the Bridgemates play, from a BWS file's RoundData table
// (one row a table in a round: its pairs and its boards), and its check
// against tally's session: a follower must not send results to a session
// whose movement differs, or a result would be scored where it was not
// played. Columns are found by name (Section, Table, Round, NSPair,
// EWPair, LowBoard, HighBoard). Pure. Thread-safe.

#ifndef TALLY_SERVER_BWS_ROUND_DATA_H_
#define TALLY_SERVER_BWS_ROUND_DATA_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "server/bws/csv_table.h"
#include "tally/v1/common.pb.h"

namespace tally::bws {

// Intentionally copyable.
struct RoundDataRow {
  int line = 0;  // the row's line in the exported CSV
  int section = 0;
  int table = 0;
  int round = 0;
  int ns_pair = 0;  // 0: no pair sits there (a sit-out)
  int ew_pair = 0;
  int low_board = 0;
  int high_board = 0;
  // A South player is named (an individual movement: the optional South
  // column holds a number other than 0; a text that is no number is
  // taken as none).
  bool south = false;
};

// The rows of RoundData. INVALID_ARGUMENT naming the column when one is
// missing, or the line when a field is not a whole number, a board range
// runs backwards or a table or round is below 1.
absl::StatusOr<std::vector<RoundDataRow>> ReadRoundData(const CsvTable& table);

// Where the Bridgemates' movement for `section` differs from `movement`
// (tally's session), one sentence each, naming the RoundData line; empty
// when they agree. They agree when every table plays the same boards in
// the same rounds and the same pairs meet there: pair numbers need not be
// the same, only consistent (a Bridgemate Mitchell numbers East-West 1 to
// n where tally may number them n+1 to 2n), each direction's Bridgemate
// pair being one tally pair throughout. A row where a pair sits out is a
// table tally's session does not have that round.
std::vector<std::string> MovementDifferences(
    const std::vector<RoundDataRow>& rows, int section,
    const v1::Movement& movement);

// The part of tally's session the Bridgemates' section `letter` plays.
struct SectionPlay {
  v1::Movement movement;  // its tables numbered from 1, as a BWS does
  int table_offset = 0;   // tally's table = the Bridgemates' + this
  std::string tables;     // "tally's tables 4-6" (empty: no sections)
};

// The whole `movement` when it has no sections; otherwise its section
// named `letter` (Movement.sections), with its tables renumbered from 1 and
// its pairs kept. FAILED_PRECONDITION naming tally's sections when none
// has that name.
absl::StatusOr<SectionPlay> PlayOfSection(const v1::Movement& movement,
                                          const std::string& letter);

}  // namespace tally::bws

#endif  // TALLY_SERVER_BWS_ROUND_DATA_H_
