// ButlerSessionScores: one session of a Butler pairs competition played in a
// movement (ANC SR 16.4 Open Stage 1, 16.5 Open Stage 2), scored from its
// State under the competition's profile:
//
//   * each board's datum over every table that played it (core/datum with
//     the profile's rule: 16.4's (n-6) middle scores, 16.11-16.13's n-2 /
//     n-4 / 10%, each mean rounded to the closest 10), n being the number of
//     tables the movement plays the board at; in a session in sections
//     scored within each section (profile sections.scored), each section's
//     own datum over its own tables, n being the section's (cross-IMPs:
//     each score compared with its section's only);
//   * each table's IMPs against it (the WBF table, core/scoring/imps.h):
//     North-South's, East-West's being the negative;
//   * each match (a round at one table: one NS pair against one EW pair on
//     that round's boards) with its IMP total and, where the profile
//     converts matches (16.10, all but Open Stage 1), its VPs on the
//     profile's scale once every board of it is scored;
//   * each pair's session total.
//
// A session in play is scored as far as its results go. A board not yet in
// at every table the movement plays it at has a provisional datum, taken
// from the scores in so far when the rule leaves any to average (none
// before that); its IMPs count in the running totals and are marked
// provisional. A match gets VPs once every one of its boards has its result
// in at the match's table and a datum, provisional VPs while some datum is
// provisional; it is complete when every datum is final. Missing results
// are never an error.
//
// The director's rulings in force (replay/state/rulings.h) adjust the tables
// as replay/rulings/adjusted_boards.h says: an assigned score is scored as
// played, a weighted or artificial table is left out of the datum and IMPed on
// its own (weighted outcomes against the datum; the profile's artificial IMPs),
// a split table puts the non-offenders' result into the datum and each
// side is IMPed on its own result. IMP and VP penalties in force, and the
// offence register's deductions (replay/rulings/offence_deduction.h), come off
// the pair's totals. Results pending appeal (scored through the competition,
// replay/rulings/pending_appeals.h): NSW TR 13.2's provisional datum (the score
// used as it stands) or 13.3's (left out where the rule selects scores); a
// match with a pending score or on a provisional datum is provisional. A
// fouled-board treatment in force is scored as its clause says
// (replay/butler/fouled_scoring.h). A pair that sits out a round scores nothing
// for it (0 IMPs, NSW TR 12.8's board average as the ANC profiles read it; no
// VPs for a match not played).
//
// Computed on demand; deterministic (ordered containers, no clock).
// Thread-compatible.

#ifndef TALLY_REPLAY_BUTLER_SESSION_H_
#define TALLY_REPLAY_BUTLER_SESSION_H_

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/rational.h"
#include "core/datum/datum.h"
#include "core/profile/profile.h"
#include "core/vp/vp_result.h"
#include "replay/butler/fouled_note.h"
#include "replay/state/state.h"

namespace tally::replay {

// Which tables' results are compared together on a board (a section's,
// within sections); empty: every table's.
using InComparison = std::function<bool(int table)>;

// One table's result on a board.
struct ButlerLine {
  const EnteredResult* result = nullptr;
  // North-South's IMPs against the datum; none while the board has none.
  std::optional<int> ns_imps;
  // What the datum made of this score; nullopt when the score is not in
  // the datum: an adjusted table left out of it (weighted, artificial, a
  // board not played: Law 12C2), a fouled form scored without a datum.
  // Set only once the board has a datum.
  std::optional<core::ScoreRole> role;
  // East-West's IMPs when a ruling in force does not balance the table
  // (a split or artificial score); else they are -ns_imps.
  std::optional<int> ew_imps;
  uint64_t ruling = 0;  // the RulingMade in force here; 0: none
  // The adjusted score that ruling gives the table (travellers and files
  // show it); nullptr when none is in force.
  const v1::AdjustedScore* adjusted = nullptr;
  bool fouled = false;  // played the fouled form (a treatment in force)
  // An appeal on this table's score is pending
  // (replay/rulings/pending_appeals.h): its match is provisional (NSW TR 13).
  bool pending_appeal = false;
  // Cross-IMPs (profile scoring cross_imps, replay/butler/cross_imps_board.h):
  // North-South's exact IMPs on the board, set once it has two comparable
  // results (an average may be a fraction); ns_imps, role and the datum
  // stay unset. East-West's are the negative unless ew_cross_imps is set
  // (an artificial score that does not balance).
  std::optional<core::Rational> ns_cross_imps;
  std::optional<core::Rational> ew_cross_imps;
  // A session in sections scored within each section (profile
  // sections.scored): the section whose tables the line was compared with
  // (its datum, or its cross-IMP comparison); "" otherwise.
  std::string section;
};

// Within sections, one section's comparison on a board: the tables of the
// section that play it, their datum and whether every result is in.
struct ButlerSectionBoard {
  std::string section;
  int times_expected = 0;  // the section's tables that play the board
  std::optional<core::DatumResult> datum;  // Butler; none for cross-IMPs
  bool complete = false;
};

struct ButlerBoard {
  int board = 0;
  int times_expected = 0;  // tables the movement plays it at
  std::vector<ButlerLine> lines;  // the results in, in table order
  // None while the results in leave nothing to average.
  std::optional<core::DatumResult> datum;
  // Every result the movement schedules is in: the datum is final.
  bool complete = false;
  // The fouled-board treatment in force (replay/butler/fouled_scoring.h);
  // `datum` is then the true form's.
  std::optional<FouledBoardNote> fouled;
  // A session in sections scored within each section: each section's own
  // comparison, in the sections' order (`datum` is then unset, and
  // `complete` says every section's results are in); empty otherwise.
  std::vector<ButlerSectionBoard> sections;

  // The datum `line` was IMPed against and whether its comparison has
  // every result in: its section's within sections, else the board's.
  const std::optional<core::DatumResult>& DatumOf(const ButlerLine& line) const;
  bool CompleteFor(const ButlerLine& line) const;
};

// One round at one table: NS pair against EW pair on the round's boards.
struct ButlerMatch {
  int round = 0;
  int table = 0;
  int ns_pair = 0;
  int ew_pair = 0;
  std::vector<int> boards;  // as the movement lists them
  int boards_entered = 0;   // with a result in at this table
  int boards_scored = 0;    // with a result in and a datum (maybe provisional)
  int boards_final = 0;     // with a result in and a final datum
  // North-South's IMPs over the boards scored (East-West's are the
  // negative). North-South is the table's seating for the round: on a
  // board an arrow switch turns (one field only), ns_pair sat East-West
  // and these are the IMPs of that direction.
  core::Rational ns_imps;
  // East-West's own IMPs: -ns_imps unless a ruling unbalanced a board.
  core::Rational ew_imps;
  bool provisional = false;  // some board scored on a provisional datum
  bool complete = false;     // boards_final == boards.size()
  // North-South's (vps) and East-West's (opponent_vps) VPs: once every
  // board is scored (boards_scored == boards.size()) and the profile
  // converts matches to VPs (ANC SR 16.10); provisional unless complete.
  std::optional<core::VpResult> vps;
};

// A pair's session.
struct ButlerPairTotal {
  int pair = 0;
  bool north_south = true;  // its direction (every Butler pair keeps one)
  core::Rational net_imps;  // every board scored so far
  bool provisional = false;  // some of them on a provisional datum
  core::Rational vps;  // VPs of the matches with VPs, provisional included
  core::Rational complete_imps;  // the complete matches' IMPs
  int matches = 0;
  int matches_complete = 0;
  int boards_played = 0;  // results in at its tables
  // Penalties in force (RulingMade) and offence deductions
  // (OffenceRecorded), already taken off net_imps and vps.
  core::Rational penalty_imps;
  core::Rational penalty_vps;
};

struct ButlerSessionScores {
  std::map<int, ButlerBoard> boards;  // by board number
  std::vector<ButlerMatch> matches;   // in round order, then table order
  std::map<int, ButlerPairTotal> pairs;  // every seated pair
  // The profile converts matches to VPs and ranks on them (ANC SR 16.10);
  // otherwise the pairs rank on net IMPs (16.4, Open Stage 1).
  bool ranks_on_vps = false;
  bool provisional = false;  // some board scored on a provisional datum
  // The profile scores cross-IMPs rather than IMPs against a datum.
  bool cross_imps = false;
  // The pairs form one field (profile butler_movement.one_field, a Howell):
  // ButlerPairTotal::north_south is the direction of its last match.
  bool one_field = false;
};

// Scores every result entered so far in `session` under `profile` (which
// scores IMPs against a datum, or cross-IMPs: each board as
// replay/butler/cross_imps_board.h says, the rest as above). InvalidArgument if the profile has no datum
// rule, a complete board's datum cannot be taken, or a complete match's
// length has no VPs on the profile's scale (DefineSession refuses such
// movements, so this means a damaged log or a changed rule).
absl::StatusOr<ButlerSessionScores> ScoreButlerSession(
    const SessionState& session, const core::RegulationProfile& profile);

// As above, under `competition`'s profile, with its appeals (NSW TR 13,
// replay/rulings/pending_appeals.h) marking scores pending appeal or decided.
absl::StatusOr<ButlerSessionScores> ScoreButlerSession(
    const CompetitionState& competition, const SessionState& session);

// As above, reading appeals from `competition` when it is not null.
absl::StatusOr<ButlerSessionScores> ScoreButlerSession(
    const SessionState& session, const core::RegulationProfile& profile,
    const CompetitionState* competition);

// The profile ranks Butler pairs as one field (butler_movement.one_field).
bool OneField(const core::RegulationProfile& profile);

// Takes the IMP and VP penalties in force in `session` (RulingMade) and the
// offence register's IMPs and VPs (OffenceRecorded) off the pairs' totals
// in `pairs`.
void ApplyPenalties(const SessionState& session,
                    std::map<int, ButlerPairTotal>& pairs);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_BUTLER_SESSION_H_
