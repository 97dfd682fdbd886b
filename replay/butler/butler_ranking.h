// RankButlerMovementEntrants: the standings of a Butler pairs competition
// played in sessions of a movement (ANC SR 16.4 Open Stage 1, 16.5 Open
// Stage 2), one ranking per field. The field is seeded into NS and EW
// fields (16.4) and a Mitchell keeps them (16.5), so each pair is ranked
// only against its own field ("the top 10 contending pairs in each field",
// 16.4; "the top 5 placegetters in each field", 16.5).
//
// What counts: the complete matches (ButlerSessionScores) of sessions
// 1..after_session, whether posted or not (the result says whether any is
// not). A pair is ranked on its VPs where the profile converts matches
// (16.10) and on its net IMPs where it does not (16.4, "with the exception
// of Open Stage 1"). Ties (the exact same total, 17.1) are broken by the
// profile's chain for the purpose (17.3 at the end of a stage: opponents'
// VPs, wins, net IMPs, lot), opponents being looked up in the other field;
// a tie left waiting for a lot takes the latest lot the director recorded
// among exactly its members (LotDrawn), or else stays shared and is listed
// as pending.
//
// A pair belongs to the field of the direction it sits in in the
// competition's movements (DefineSession keeps every pair in one direction
// throughout); a registered pair never seated is in no field and is not
// ranked. Under a profile with butler_movement.one_field (a Howell) every
// seated pair is in the one field kOneField, whatever direction it sat.
//
// Computed on demand; deterministic. Thread-compatible.

#ifndef TALLY_REPLAY_BUTLER_RANKING_H_
#define TALLY_REPLAY_BUTLER_RANKING_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/rational.h"
#include "core/profile/profile.h"
#include "core/tiebreak/rank.h"
#include "replay/state/state.h"

namespace tally::replay {

inline constexpr char kNorthSouthField[] = "NS";
inline constexpr char kEastWestField[] = "EW";
// The one field of a profile with butler_movement.one_field (a Howell).
inline constexpr char kOneField[] = "ALL";

struct ButlerRankingOptions {
  // The standings after sessions 1..after_session. Default 0: every session
  // defined.
  int after_session = 0;
  // Whose chain breaks ties: the profile's chain for this purpose, else its
  // final-placing chain, else its qualification chain. Default:
  // qualification (ANC SR 17.3 "at the conclusion of an event or stage";
  // the ABPC stage profiles give only that chain).
  core::TieBreakPurpose purpose = core::TieBreakPurpose::kQualification;
};

struct ButlerEntrantStanding {
  int entrant = 0;     // the pair number
  std::string field;   // kNorthSouthField, kEastWestField or kOneField
  int place = 0;       // within the field, from 1; equal for a shared place
  bool tied = false;   // shares its place with another pair of the field
  // How its place below the pair above was decided: "" (first of the
  // field), "score", a tie-break criterion id (e.g. "opponents_total_vps",
  // "lot"), "shared", or "lot pending" (tied, waiting for a recorded lot).
  std::string decided_by;
  std::string clause;  // the clause of the deciding criterion, if any
  core::Rational total;     // what it is ranked on: VPs, or net IMPs
  core::Rational vps;       // complete matches' VPs (0 without VPs)
  core::Rational net_imps;  // complete matches' IMPs
  int matches = 0;          // complete matches
  int matches_won = 0;      // more VPs (or IMPs) than the opponents
  core::Rational opponents_vps;  // its opponents' totals summed, per match
};

struct ButlerRanking {
  int after_session = 0;  // the last session counted (0: none)
  std::vector<int> sessions_counted;
  bool ranks_on_vps = false;  // VPs (16.10) or net IMPs (16.4)
  // A counted session is not posted, or a match in it is not complete.
  bool provisional = false;
  std::string clause;  // the tie-break chain's clause
  // The NS field best first, then the EW field best first (or the one
  // field best first).
  std::vector<ButlerEntrantStanding> rows;
  // Ties waiting for a lot, entrants by pair number as text.
  std::vector<core::PendingDecision> pending;
};

// The per-field ranking. FailedPrecondition unless `competition` is Butler
// pairs in a movement; InvalidArgument for data the profile cannot score or
// rank (ScoreButlerSession, core/tiebreak).
absl::StatusOr<ButlerRanking> RankButlerMovementEntrants(
    const CompetitionState& competition,
    const ButlerRankingOptions& options = {});

}  // namespace tally::replay

#endif  // TALLY_REPLAY_BUTLER_RANKING_H_
