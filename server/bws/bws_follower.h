// Follows a Bridgemate scoring file as results arrive, the way scoring
// programs poll it: each poll reads the Section, RoundData and ReceivedData
// tables, checks that the Bridgemates play the movement of tally's session,
// or of its section of the same letter when it has sections (round_data.h:
// nothing is sent when they do not), and sends every row not
// handled yet to tally, in the order of its ID, as EnterResult (the board's
// first result at that table), CorrectResult (a later row for the same table
// and board: the result was re-entered on the Bridgemate) or RecordRuling (a
// row with no contract and an arbitral score: an artificial adjusted score,
// Law 12C2, arbitral_score.h). Every command
// carries its provenance (the file's name, the SHA-256 of the row as exported,
// the row's ID) and an idempotency key made of the target and the row, so a
// poll after a restart sends nothing twice: tally answers the rows it has from
// its record. A row tally cannot take is reported (table, row ID, what is
// wrong) and changes nothing; the rows after it are still sent. The
// PlayerNumbers and Tables tables, when the file has them, are checked
// against tally's entry list and session and what differs is reported
// (player_numbers.h, tables_table.h); they never change tally. Not
// thread-safe: one poll at a time.

#ifndef TALLY_SERVER_BWS_BWS_FOLLOWER_H_
#define TALLY_SERVER_BWS_BWS_FOLLOWER_H_

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "absl/status/statusor.h"
#include "server/bws/bws_source.h"
#include "server/bws/player_numbers.h"
#include "server/bws/received_data.h"
#include "server/bws/round_data.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/venue.pb.h"

namespace tally::bws {

// Where the rows go.
struct FollowTarget {
  std::string tournament_id;
  std::string competition_id;
  int session = 1;
  // The section followed, by its letter; empty: the file's only section.
  std::string section;
};

// What receives the commands (tally over gRPC: bws_client.h).
class ResultSink {
 public:
  virtual ~ResultSink() = default;
  // True when an event was appended, false when tally answered from its
  // record of the same command (a retry). A refusal is tally's status; a
  // status of UNAVAILABLE or DEADLINE_EXCEEDED means tally was not reached.
  virtual absl::StatusOr<bool> Enter(const v1::EnterResultRequest& r) = 0;
  virtual absl::StatusOr<bool> Correct(const v1::CorrectResultRequest& r) = 0;
  // A ruling: whether it was appended, and the sequence of its event (the
  // one recorded before, for a retry), which a later ruling at the same
  // table and board supersedes.
  struct RulingOutcome {
    bool appended = false;
    uint64_t sequence = 0;
  };
  virtual absl::StatusOr<RulingOutcome> Rule(
      const v1::RecordRulingRequest& r) = 0;
  // tally's entry list for the followed competition: each pair's players
  // and the substitute recorded for the followed session.
  virtual absl::StatusOr<EntryList> Entries(const FollowTarget& target) = 0;
  // The movement of the followed session as tally has it; NOT_FOUND when
  // tally has no such session.
  virtual absl::StatusOr<v1::Movement> SessionMovement(
      const FollowTarget& target) = 0;
};

// What one poll did.
struct PollReport {
  int rows = 0;       // rows of ReceivedData in the followed section
  int entered = 0;    // results appended
  int corrected = 0;  // corrections appended
  int ruled = 0;      // arbitral scores recorded as rulings (Law 12C2)
  int already = 0;    // rows tally already had (answered from its record)
  // New this poll: "ReceivedData row 12 (table 2, round 1, board 3): ...".
  std::vector<std::string> problems;
  // New this poll: players not at their pair's seat in tally, tables tally
  // does not have, an optional table that could not be read. Changes
  // nothing in tally; the director decides.
  std::vector<std::string> seating;
};

class BwsFollower {
 public:
  explicit BwsFollower(FollowTarget target) : target_(std::move(target)) {}
  BwsFollower(const BwsFollower&) = delete;
  BwsFollower& operator=(const BwsFollower&) = delete;

  // One poll. The source's error when a table cannot be read or is not a
  // BWS table; INVALID_ARGUMENT when the section to follow is not clear;
  // FAILED_PRECONDITION, sending nothing, when tally has no such session or
  // the Bridgemates' movement is not its movement (the differences named by
  // RoundData line); UNAVAILABLE when tally cannot be reached (the rows not
  // sent yet are tried again at the next poll).
  absl::StatusOr<PollReport> Poll(BwsSource& source, ResultSink& sink);

 private:
  struct BoardAtTable {
    bool has_result = false;
    v1::TableResult result;
    long long row_id = 0;  // the row tally's result came from
    // The arbitral score in force there, from row `ruling_row`: the
    // ruling's event, and whether it ruled the board not played.
    uint64_t ruling_sequence = 0;
    v1::ArtificialAdjustedScore ruling;
    bool ruled_not_played = false;
    long long ruling_row = 0;
  };
  using BoardKey = std::tuple<int, int>;  // table, board

  absl::StatusOr<int> SectionId(const std::map<int, std::string>& sections);
  // OK when the Bridgemates play the movement of tally's session.
  absl::Status CheckMovement(BwsSource& source, int section,
                             const std::string& letter, ResultSink& sink);
  // Sends one row; false when tally was not reached.
  absl::Status Handle(const ReceivedRow& row, const std::string& file_name,
                      ResultSink& sink, PollReport& report);
  // Sends a row with no contract as the arbitral score it gives.
  absl::Status HandleArbitral(const ReceivedRow& row,
                              const v1::CommandOptions& options,
                              BoardAtTable& board, ResultSink& sink,
                              PollReport& report);
  // Reports what the optional tables PlayerNumbers and Tables show that
  // differs from tally and was not reported yet. When tally cannot be
  // reached, the players are checked at the next poll.
  void CheckSeating(BwsSource& source, int section, const std::string& letter,
                    ResultSink& sink, PollReport& report);

  // The options, session, table, board and result an EnterResult or a
  // CorrectResult for `row` share.
  template <typename Request>
  void FillTableResult(const v1::CommandOptions& options,
                       const ReceivedRow& row, const v1::TableResult& result,
                       Request& r) const {
    *r.mutable_options() = options;
    r.set_tournament_id(target_.tournament_id);
    r.set_competition_id(target_.competition_id);
    r.set_session(target_.session);
    r.set_table(row.table + table_offset_);
    r.set_board(row.board);
    *r.mutable_result() = result;
  }

  const FollowTarget target_;
  // tally's table = the Bridgemates' + this: the followed section's place
  // in a session of sections (round_data.h PlayOfSection).
  int table_offset_ = 0;
  // The followed section's movement in tally, tables numbered from 1.
  v1::Movement section_movement_;
  std::set<long long> handled_;
  // What CheckSeating reported already (row texts, sentences), and the
  // PlayerNumbers rows checked already (their texts).
  std::set<std::string> seating_reported_;
  std::set<std::string> seating_checked_;
  std::map<BoardKey, BoardAtTable> boards_;
};

// The idempotency key of the command a row gives: "bws-" and the SHA-256
// (hex) of the target, the file's name, the row's ID and its text.
std::string RowKey(const FollowTarget& target, const std::string& file_name,
                   const ReceivedRow& row);

}  // namespace tally::bws

#endif  // TALLY_SERVER_BWS_BWS_FOLLOWER_H_
