// Writes a SessionFile as a PBN 2.1 file: one game per board with its
// Board, Dealer, Vulnerable and Scoring tags (and a Butler board's Datum)
// and its ScoreTable (MP_ or IMP_ columns), the first game also carrying
// the TotalScoreTable (TotalScoreMP or TotalScoreIMP, and each pair's
// Direction where the pairs have one); an adjusted score as "Annnn" in
// Score_NS; a session in sections as each section's games in turn, each
// with its [Section] and the section's first game its TotalScoreTable.
// tally keeps no hands, so Deal and the other tags of a game's result are
// written empty. Pure. Thread-safe.

#ifndef TALLY_SERVER_INTERCHANGE_PBN_WRITER_H_
#define TALLY_SERVER_INTERCHANGE_PBN_WRITER_H_

#include <string>

#include "absl/status/statusor.h"
#include "server/interchange/session_file.h"

namespace tally::interchange {

// The file's text (UTF-8, "\n" line ends). FailedPrecondition, naming the
// board and pairs, for a line with an adjusted score (written in USEBIO
// only so far).
absl::StatusOr<std::string> WritePbn(const SessionFile& file);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_PBN_WRITER_H_
