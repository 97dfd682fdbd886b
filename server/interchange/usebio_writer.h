// Writes a SessionFile as a USEBIO 1.2 XML file (one EVENT of EVENT_TYPE
// "PAIRS", its BOARD_SCORING_METHOD MATCH_POINTS, BUTLER_IMPS or
// CROSS_IMPS): the pairs with their places, totals and percentages, every
// traveller line with its adjusted score and its matchpoints or IMPs
// (NS_/EW_BUTLER_POINTS, NS_/EW_CROSS_IMP_POINTS), and a Butler board's
// DATUM; a session in sections as one SESSION with a SECTION (SECTION_ID)
// for each. Pure. Thread-safe.

#ifndef TALLY_SERVER_INTERCHANGE_USEBIO_WRITER_H_
#define TALLY_SERVER_INTERCHANGE_USEBIO_WRITER_H_

#include <string>

#include "absl/status/statusor.h"
#include "server/interchange/session_file.h"

namespace tally::interchange {

// The file's bytes (UTF-8, with the USEBIO 1.2 DOCTYPE). An adjusted
// score is written as "Annnn" (SCORE), with no CONTRACT where the board was
// not played. FailedPrecondition, naming the board and pairs, for a line
// USEBIO cannot carry (FileResult.unwritable).
absl::StatusOr<std::string> WriteUsebio(const SessionFile& file);

// A matchpoint or IMP figure as files print it: an integer as "12", else two
// decimal places, halves away from zero ("12.50", "33.33").
std::string FigureText(const core::Rational& r);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_USEBIO_WRITER_H_
