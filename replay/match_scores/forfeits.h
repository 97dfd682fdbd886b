// Forfeited matches and withdrawals in an event of matches (Swiss, round
// robin): which drawn matches are not played, and the scores that stand for
// them at any point of the event under the profile's forfeit rule
// (core/forfeit):
//
// - A match is forfeited when the director declared it (MatchForfeited) or
//   when one of its sides had withdrawn before its round (EntrantWithdrawn:
//   a side unable to play is in default, NSW TR 12.9.1). Its results, if
//   any were entered before, are left out of the round's scoring (datums
//   and matchpoints are taken over the matches played).
// - Offenders score the rule's offender score (0 VPs: NSW TR 12.9.1, ANC SR
//   10.12, SABF TR 13.9); the non-offenders the interim score (12 VPs in a
//   20-VP match, NSW TR 12.9.1; 56.5 VPs, ANC SR 10.12; the VPs for +12
//   IMPs, SABF TR 13.9) until an adjustment point of the event, and from
//   the latest such point at or after the forfeit's round the adjusted
//   score ("the highest of", core::AdjustedForfeitScore) over the matches
//   completed up to that point. The points: NSW TR 12.9.3 after 50% and 75%
//   of the matches of a Swiss event (for the draw) and 12.9.2 at the end;
//   ANC SR 10.12 at the conclusion of each round robin; SABF TR 13.9 after
//   the last round. The end is known when the profile or the competition
//   fixes the number of rounds (CreateCompetition.rounds); otherwise the
//   interim score stands. The score after round k is taken from the
//   matches completed when asked: for a draw, those in the log before it
//   (so the audit recomputes the same ranking); while round k is still in
//   play, a provisional figure.
// - IMPs for a forfeit: NSW TR 12.9.4, the most IMPs that earn the
//   non-offenders' VPs on the event's scale, the offenders the negative
//   (also read into SABF TR 13.9, whose base is "+12 imps"); ANC SR 10.12,
//   the 10.10 formula inverted.
// - A profile with no forfeit rule but a bye rule gives the non-offenders
//   the bye's score and the offenders 0 VPs (tally's reading: a side whose
//   opponents did not play has in effect a bye); with neither, the match
//   scores nothing until the director rules (as an unscored bye).
// - SABF TR 13.18 (abandoned due to illness) and 13.9's cancelled match
//   (kind on MatchForfeited) under sabf_tr_13_9: core/forfeit/
//   abandoned_match.h, averages over the matches completed so far; a
//   13.18 side with no completed match leaves the match unscored (the TD
//   decides).
// - Knock-outs are not scored here.
//
// Pure functions of their arguments. Thread-compatible.

#ifndef TALLY_REPLAY_MATCH_SCORES_FORFEITS_H_
#define TALLY_REPLAY_MATCH_SCORES_FORFEITS_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/types/span.h"
#include "core/forfeit/forfeit.h"
#include "core/matchplay/round_input.h"
#include "core/profile/profile.h"
#include "replay/match_scores/forfeit_outcome.h"
#include "replay/match_scores/match_standings.h"
#include "replay/state/state.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

// Whether `entrant` withdrew before `round`: it is drawn in no round from
// `round` on, and its matches there are forfeited.
bool WithdrawnBefore(const CompetitionState& competition, int entrant,
                     int round);

// The entrants of `competition` still drawn in `round` (not withdrawn
// before it), in number order.
std::vector<int> EntrantsDrawnIn(const CompetitionState& competition,
                                 int round);

// Why a drawn match is not played.
struct ForfeitDeclaration {
  std::vector<int> offenders;
  v1::MatchForfeitKind kind = v1::MATCH_FORFEIT_KIND_UNSPECIFIED;
  bool by_withdrawal = false;
  std::string clause;
  std::string reason;
};

// The forfeit at `match` of `round`: the director's declaration, else the
// withdrawal of one or both of its sides before the round; nullopt when the
// match is to be played.
std::optional<ForfeitDeclaration> ForfeitAt(const CompetitionState& competition,
                                            const MatchRoundState& round,
                                            const v1::DrawnMatch& match);

// The round as core/matchplay scores it: RoundInputOf(round) less the
// forfeited matches and their results (a knock-out's round unchanged).
core::RoundInput PlayedRoundInputOf(const CompetitionState& competition,
                                    const MatchRoundState& round);

// Fills the `forfeits` of each of `rounds` (ScoreRounds' output, rounds 1..k
// in order) with the scores that stand after round k. Errors only where the
// profile's rules cannot be applied (a bug or an unsupported profile).
absl::Status ScoreForfeits(const CompetitionState& competition,
                           std::vector<ScoredRound>& rounds);

// A point of the event at which forfeits are adjusted.
struct ForfeitAdjustmentPoint {
  int after_round = 0;
  std::string basis;  // e.g. "re-adjusted after round 4 of 7"
  std::string clause;
};

// The adjustment points of `competition`'s forfeit rule, in round order
// (empty without a forfeit rule or a known number of rounds).
std::vector<ForfeitAdjustmentPoint> ForfeitAdjustmentPoints(
    const CompetitionState& competition);

// The query view of `outcome`.
v1::ForfeitedMatchView ForfeitView(const ForfeitOutcome& outcome);

// A forfeit scored under `profile`'s forfeit rule as ScoreRounds scores
// one, for the director's calculator: the interim score, or with
// `adjusted` the adjusted score ("the highest of") over the sides' match
// records, with the non-offenders' IMPs (NSW TR 12.9.4 the most IMPs that
// earn the VPs; ANC SR 10.12 the 10.10 formula inverted; NSW TR 12.9.5 in
// an event not scored by VPs, the score itself). FailedPrecondition when
// the profile names no forfeit rule; otherwise fails as
// core::AdjustedForfeitScore.
struct ForfeitAward {
  core::ForfeitScore score;
  core::Rational non_offender_imps;
  bool in_vps = true;  // false: the event's own score (NSW TR 12.9.5)
  std::string clause;
};
absl::StatusOr<ForfeitAward> ForfeitAwardUnder(
    const core::RegulationProfile& profile, bool adjusted,
    absl::Span<const core::MatchRecord> non_offender,
    absl::Span<const core::MatchRecord> offender);

// ANC SR 7.7 (replay/match_scores/few_comparisons.h), for the calculator:
// a match (home 1, away 2) scored as a forfeit with both sides
// non-offending under `profile`, as ScoreRounds scores one before any
// adjustment point: each side the forfeit rule's interim non-offender score
// and its IMPs, or, without a forfeit rule, the bye's score; unscored
// (home_vps unset) with neither.
absl::StatusOr<ForfeitOutcome> BothNonOffendingUnder(
    const core::RegulationProfile& profile);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_MATCH_SCORES_FORFEITS_H_
