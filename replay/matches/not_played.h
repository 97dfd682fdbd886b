// A board that could not be played at a table (Law 12C2(a): "When owing to
// an irregularity no result can be obtained, the Director awards an
// artificial adjusted score"). No result is entered there; the director's
// ruling says the board was not played and gives the artificial score
// (RulingMade.board_not_played), and from that ruling on the table's
// result reads TableResult.not_played, so every projection scores the
// table by the adjusted score in force, as any other adjusted table.
//
// The table is never left without a score: a ruling that supersedes the
// one in force there must itself be an adjusted score (NZ LIRG 82C), and
// neither an entered result nor a correction may replace it.

#ifndef TALLY_REPLAY_MATCHES_NOT_PLAYED_H_
#define TALLY_REPLAY_MATCHES_NOT_PLAYED_H_

#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "replay/state/not_played_result.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// The result entered (or ruled not played) at the ruling's table and room,
// or nullptr.
const EnteredResult* ResultAtRulingTable(const CompetitionState& competition,
                                         const v1::RecordRulingRequest& r);

// An adjusted score needs a table to adjust: a result entered there, or,
// with board_not_played, a table of the board where none is. NotFound for
// an adjusted score on a table with no result (naming both ways on);
// FailedPrecondition for --not-played where a result was entered;
// InvalidArgument for --not-played with anything but an artificial score.
// `where` names the table ("board 5 at table 3").
absl::Status CheckTableToAdjust(const CompetitionState& competition,
                                const v1::RecordRulingRequest& r,
                                absl::string_view where);

// A ruling that supersedes `superseded` where the board was not played
// must give the adjusted score that stands there now.
absl::Status CheckSupersedesNotPlayed(const CompetitionState& competition,
                                      const v1::RulingMade& superseded,
                                      const v1::RecordRulingRequest& r);

// FailedPrecondition naming the ruling when `result` stands for a board
// not played: `what` ("a result", "a correction") cannot replace it.
absl::Status RefuseOverNotPlayed(const EnteredResult& result,
                                 absl::string_view what);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_MATCHES_NOT_PLAYED_H_
