// The score of SABF TR 14.1's three-way share match: three teams of an odd
// Swiss teams field, seated "Table 1: A v B; Table 2: C v A; Table 3: B v
// C", every table (a room of the share match, round_input.h) playing all
// the round's boards at once.
//
// How it is scored. SABF TR 14.1 seats the share match but does not say
// how it is scored; tally takes the reading that is standard for three-way
// team matches whose three tables play the same boards at once (the
// "IMPs from boards" scoring of an odd number of tables): each team has one
// pair sitting NS at one table and one pair sitting EW at another, exactly
// as in a two-way match except that its two tables face different
// opponents. So a team's IMPs on a board come from comparing its two
// tables: ImpsForDifference(its NS pair's score - the NS score at the table
// where its EW pair sits), and its net IMPs over the round's boards are
// converted on the scale for the match length, like any match of that
// length (SABF TR 13.9: "the WBF scale appropriate for the number of
// boards"). Team A compares Table 1 with Table 2, B Table 3 with Table 1,
// C Table 2 with Table 3.
//
// The other reading, each leg a half match against one opponent, needs the
// boards split between opponents (one stanza against each); with 14.1's
// three tables in play at once every board a team plays is compared across
// its two opponents, so no board belongs to one leg. Each team's VPs are
// therefore its own: the three need not add up to 30.
//
// Pure functions of their arguments. Thread-safe.

#ifndef TALLY_CORE_MATCHPLAY_SHARE_MATCH_H_
#define TALLY_CORE_MATCHPLAY_SHARE_MATCH_H_

#include <array>
#include <optional>

#include "absl/status/statusor.h"
#include "core/base/rational.h"
#include "core/matchplay/round_input.h"
#include "core/profile/profile.h"
#include "core/vp/vp_result.h"

namespace tally::core {

// One team of a share match.
struct ShareTeamScore {
  int team = 0;
  int ns_room = 0;  // the room (kShareRoom1 + 0..2) where its pair sits NS
  int ew_room = 0;  // the room where its other pair sits EW
  // Boards with both its rooms in.
  int boards_scored = 0;
  // Every board of the round scored for it.
  bool complete = false;
  // Its net IMPs over the boards scored.
  Rational imps;
  // Only when complete and the profile converts matches to VPs: its VPs
  // (vps) and the VPs its net IMPs leave to an opponent on the scale
  // (opponent_vps, the complement: decides a win for the tie-breaks).
  std::optional<VpResult> vps;
};

struct ShareMatchScore {
  int table = 0;
  std::array<ShareTeamScore, 3> teams;  // A, B, C
};

// Scores `input.share` from the results at its table (see the header
// comment). Missing results are not an error: a team's board waits for
// both its rooms. InvalidArgument if the input has no share match or is
// not a round the profile can score (ValidateRoundInput); the VP scale's
// errors.
absl::StatusOr<ShareMatchScore> ScoreShareMatch(
    const RegulationProfile& profile, const RoundInput& input);

}  // namespace tally::core

#endif  // TALLY_CORE_MATCHPLAY_SHARE_MATCH_H_
