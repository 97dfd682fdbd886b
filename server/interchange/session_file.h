// SessionFile: one pairs session (matchpoints, or IMPs: Butler against a
// datum, or cross-IMPs) as an interchange file carries it (USEBIO 1.2 or
// PBN 2.1), independent of the file's syntax. Readers
// fill it from a file (with the line of every fact), writers print it, the
// import plan turns it into tally's commands and the published check
// compares its figures with tally's standings. Plain data; thread-compatible.

#ifndef TALLY_SERVER_INTERCHANGE_SESSION_FILE_H_
#define TALLY_SERVER_INTERCHANGE_SESSION_FILE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/rational.h"
#include "tally/v1/common.pb.h"

namespace tally::interchange {

// An adjusted score a traveller line carries (USEBIO "Annnn", e.g. "A6040"):
// whole percentages of the board's top to North-South and to East-West, an
// artificial adjusted score (Law 12C2) on each side's own terms.
struct FileAdjusted {
  int ns_percent = 0;  // 0..99
  int ew_percent = 0;
  friend bool operator==(const FileAdjusted&, const FileAdjusted&) = default;
};

// One result on a board's traveller.
struct FileResult {
  int line = 0;  // where the file carries it (not compared)
  int ns_pair = 0;
  int ew_pair = 0;
  // Played (contract, declarer, tricks) or passed out; not_played for an
  // adjusted score on a line with no contract.
  v1::TableResult result;
  int ns_score = 0;  // the file's score, North-South's view (0 if not played)
  std::optional<FileAdjusted> adjusted;
  // From tally's answers only: why neither format can carry the line (an
  // adjusted score other than whole percentages to both sides), "" when
  // one can. The writers refuse a file with such a line.
  std::string unwritable;
  // The file's matchpoints, when it publishes them.
  std::optional<core::Rational> ns_matchpoints;
  std::optional<core::Rational> ew_matchpoints;
  // An IMP-scored file (FileScoring): each side's IMPs on the board, when
  // it publishes them (Butler IMPs against the datum, or cross-IMPs), and
  // the decimal places printed (not compared: the published check rounds
  // tally's exact figure to them).
  std::optional<core::Rational> ns_imps;
  std::optional<core::Rational> ew_imps;
  int imps_places = 0;
};

struct FileBoard {
  int line = 0;
  int board = 0;
  // A file in sections: the section whose traveller this is ("" when the
  // file has one section). Its lines number the pairs as the section does.
  std::string section;
  std::vector<FileResult> results;
  // A Butler file: the board's datum (North-South's view), when published.
  std::optional<int64_t> datum;
};

// One pair of the session and its published figures.
struct FilePair {
  int line = 0;
  // The pair's number as the file gives it: in a file in sections, its
  // number within its section (section B's pair 1 is "B1").
  int pair = 0;
  std::string section;  // "" when the file has one section
  // "NS" or "EW": the pair's (home) direction in a Mitchell, also where an
  // arrow switch makes the session one field; "" in a Howell.
  std::string direction;
  std::vector<std::string> players;
  std::string place;  // as published: "1", "3=" ("" when not published)
  // Matchpoints (net IMPs in an IMP-scored file), as published.
  std::optional<core::Rational> total;
  int total_places = 0;    // decimal places the file printed
  std::string percentage;  // as published, e.g. "56.25" ("" when not)
  // From tally's answers only: the exact percentage (not compared).
  std::optional<core::Rational> exact_percentage;
};

// How the file scores each board.
enum class FileScoring {
  kMatchpoints,  // USEBIO MATCH_POINTS
  kButlerImps,   // USEBIO BUTLER_IMPS: IMPs against each board's datum
  kCrossImps,    // USEBIO CROSS_IMPS: each score IMPed against the others
};

// "MATCH_POINTS", "BUTLER_IMPS" or "CROSS_IMPS" (USEBIO's
// BOARD_SCORING_METHOD).
const char* FileScoringName(FileScoring scoring);

// One section of a file in sections (USEBIO SECTION, PBN [Section]).
struct FileSection {
  int line = 0;
  std::string name;  // "A", "B", ... as the file names it
  friend bool operator==(const FileSection& a, const FileSection& b) {
    return a.name == b.name;  // lines are not compared
  }
};

struct SessionFile {
  int line = 0;  // the event (session) element or first tag
  // Two or more sections, in the file's order; empty for a file of one
  // section (whose pairs and boards then carry no section).
  std::vector<FileSection> sections;
  FileScoring scoring = FileScoring::kMatchpoints;
  std::string event_name;  // "" when the file has none
  std::string date;        // as the file gives it, "" when none (not compared:
                           // tally keeps no date)
  std::vector<FilePair> pairs;
  std::vector<FileBoard> boards;
};

// Equal on every field tally represents; lines are not compared. A
// result's TableResult is compared on its serialized bytes.
bool SameFigures(const FileResult& a, const FileResult& b);
bool SameFigures(const FilePair& a, const FilePair& b);
bool SameFigures(const SessionFile& a, const SessionFile& b);

// The first difference SameFigures finds, in words; "" when equal.
std::string FirstDifference(const SessionFile& a, const SessionFile& b);

// True when the pairs carry their directions and every line seats them so
// (in a file in sections, each section's pairs by their own numbers):
// a Mitchell ranked as NS and EW fields (USEBIO WINNER_TYPE 2). A line
// seating both pairs the other way round is an arrow switch, which puts
// both directions into one field.
bool TwoWinners(const SessionFile& file);

// The distinct board numbers the file's travellers carry.
int BoardCount(const SessionFile& file);

// Numbers every East-West pair `offset` higher (lower for a negative
// offset), in the pairs and on every traveller line: a Mitchell file that
// numbers NS and EW pairs 1..n each, imported with --ew-offset=N and
// exported back with the same N. The director states N; nothing is
// guessed.
void RenumberEastWest(SessionFile& file, int offset);

// An adjusted score as both formats write it, "A" and North-South's and
// East-West's whole percentages of the top, two digits each ("A6040": 60%
// and 40%; USEBIO's SCORE, and tally's choice for PBN's Score_NS,
// docs/interchange.md). In an IMP file (Butler or cross-IMPs) only 60, 50
// and 40 are read, as average plus, average and average minus (Law 12C2).
// INVALID_ARGUMENT, saying what is wrong (the reader adds the line), for
// any other text or percentage.
absl::StatusOr<FileAdjusted> ParseAdjustedScore(const std::string& score,
                                                FileScoring scoring);

// "A6040" for 60% / 40%.
std::string AdjustedScoreText(const FileAdjusted& adjusted);

// The SHA-256 of `bytes` in lower-case hex (a file's provenance).
std::string Sha256Hex(const std::string& bytes);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_SESSION_FILE_H_
