// Reads a PBN 2.1 file of one pairs session (matchpoints, or Butler or
// cross-IMPs: [Scoring], a Butler game's [Datum], IMP_NS / IMP_EW and
// TotalScoreIMP) into a SessionFile: each game's Board tag and ScoreTable
// (the traveller), and the
// TotalScoreTable (the ranking) of whichever game carries it; an adjusted
// score "Annnn" in Score_NS (tally's choice of form); two or more
// [Section] values a session in sections (docs/interchange.md says what
// maps to what). Anything tally cannot
// represent is refused with the line and what is missing; nothing is
// approximated. Pure: no I/O. Thread-safe.

#ifndef TALLY_SERVER_INTERCHANGE_PBN_READER_H_
#define TALLY_SERVER_INTERCHANGE_PBN_READER_H_

#include <string>

#include "absl/status/statusor.h"
#include "server/interchange/session_file.h"

namespace tally::interchange {

// The session in `bytes` (the whole file); `file_name` only names the file
// in refusals. INVALID_ARGUMENT, "NAME line N: ...", when a tag or table
// row cannot be read, or the file carries something tally cannot represent
// (a row with no contract, an adjusted score, plain IMP scoring, a figure
// of another scoring, a column tally does not know, ...).
absl::StatusOr<SessionFile> ReadPbn(const std::string& bytes,
                                    const std::string& file_name);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_PBN_READER_H_
