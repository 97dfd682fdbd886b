// The score of NSW TR 12.7's half matches: three pairs of an odd Swiss
// pairs field (IMPs against a datum) at one table (round_input.h's
// HalfMatchesAt). The pivot sits NS on every board; `first` plays the first
// half of the round's boards against it and sits out the second, `second`
// sits out the first half and plays the second.
//
// Every pair's IMPs on a board are its IMPs against the board's datum (the
// group's table is one of the tables the datum is taken over); an EW pair's
// are the negative of NS's. Then:
//   the pivot plays every board: its net IMPs are converted like any
//     match's, on the event's scale for the match length;
//   a pair that sits out half the match (NSW TR 12.7):
//     (a) matches of fewer than 12 boards: "double the total IMP difference
//         obtained by the pair in the boards which they played and convert
//         this score to Victory Points according to the scale being used in
//         the event";
//     (b) 12 boards or more: the IMP difference "converted to Victory Points
//         on a scale for a match played over that reduced number of boards"
//         (the event's scale family at the boards played;
//         core/vp/half_match.h).
// NSW TR 12.7 speaks only of the pairs who sit out; the pivot, which sits
// out nothing, is scored as a full match (tally's reading).
//
// Pure functions of their arguments. Thread-safe.

#ifndef TALLY_CORE_MATCHPLAY_HALF_MATCH_GROUP_H_
#define TALLY_CORE_MATCHPLAY_HALF_MATCH_GROUP_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/rational.h"
#include "core/matchplay/round_input.h"
#include "core/profile/profile.h"
#include "core/vp/vp_result.h"

namespace tally::core {

struct BoardScore;  // core/matchplay/round_score.h

// One pair of a half-match group.
struct HalfMatchPairScore {
  int pair = 0;
  std::vector<int> boards;  // the boards it plays (the pivot: all)
  // Of those, boards whose datum is final (every table of the round in).
  int boards_scored = 0;
  bool complete = false;  // every board it plays is scored
  // Its IMPs against the datum over the boards it has a score on.
  Rational imps;
  // Only when complete and the profile converts matches to VPs: its VPs
  // and the complement on the scale it was converted on (decides a win).
  std::optional<VpResult> vps;
  // How its VPs are converted: "NSW TR 12.7(a)", "NSW TR 12.7(b)", or
  // empty for the pivot (a full match).
  std::string clause;
  // The IMP margin that wins 20-0 under its conversion (NSW TR 11.2.1(c)
  // caps net IMPs there): the event's at the match length for the pivot;
  // half of it, rounded up, under 12.7(a); the reduced scale's under
  // 12.7(b). Unset without VPs or where the scale has none.
  std::optional<int64_t> blitz_margin;
};

struct HalfMatchesScore {
  int table = 0;
  HalfMatchPairScore pivot;
  HalfMatchPairScore first;
  HalfMatchPairScore second;
};

// Scores `input.half_matches` from `boards`, the round's board scores as
// ScoreRound computed them (RoundInput::boards order; the NS IMPs at the
// group's table keyed (table, 0)). Missing results are not an error.
// InvalidArgument if the input has no half matches, `boards` does not
// match the input's boards, or the input is not valid for the profile
// (ValidateRoundInput); the VP scales' errors (an event scale with no
// version for the reduced number of boards under 12.7(b) names the
// clause).
absl::StatusOr<HalfMatchesScore> ScoreHalfMatches(
    const RegulationProfile& profile, const RoundInput& input,
    const std::vector<BoardScore>& boards);

}  // namespace tally::core

#endif  // TALLY_CORE_MATCHPLAY_HALF_MATCH_GROUP_H_
