// How the CLI prints the answers for Butler pairs played in a movement (ANC
// SR 16.4-16.5): a session's standings, a traveller and a scorecard in IMPs
// against the datum, and the competition's standings per field. The
// matchpoint printers hand over to these when the answer says it is scored
// "imps_vs_datum" (or, for competition standings, carries fields).
// Thread-compatible (writes to std::cout).

#ifndef TALLY_SERVER_CLI_BUTLER_TEXT_H_
#define TALLY_SERVER_CLI_BUTLER_TEXT_H_

#include "tally/v1/query.pb.h"

namespace tally::cli {

inline constexpr char kImpsVsDatum[] = "imps_vs_datum";

void PrintButlerStandings(const v1::Standings& s);
// The fouled-board treatment in force on a traveller's board, if any.
void PrintFouledNote(const v1::Traveller& t);
// A fouled-board note ("board 3: fouled board (ruling ..."), as a Butler
// traveller or a round's match results show it.
void PrintFouledBoardNote(const v1::FouledBoardNote& f);
void PrintButlerTraveller(const v1::Traveller& t);
void PrintButlerScorecard(const v1::Scorecard& c);
void PrintButlerCompetitionStandings(const v1::CompetitionStandings& s);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_BUTLER_TEXT_H_
