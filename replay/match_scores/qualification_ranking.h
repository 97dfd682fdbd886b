// The qualifying order of a finished stage: its entrants ranked field by
// field for qualification, and the top of each field chosen to go on.
//
// Ranking (RankForQualification), by the kind of the source competition:
//   * an event of matches: the match standings after every round, ties
//     broken by the profile's qualification chain (falling back to the
//     final-placing chain: replay/match_scores/match_standings.h); one field;
//   * matchpoint pairs over one session: the session's standings, which
//     rank a Mitchell as two fields (NS, EW) and anything else as one
//     (replay/pairs/queries.h); equal percentages share a place;
//   * matchpoint pairs over several sessions: the competition standings
//     (SABF TR 11.3-11.7, replay/pairs/pairs_event_queries.h); one field; pairs
//     not eligible for a final placing (11.6) are not in it;
//   * Butler pairs in a movement (ANC SR 16.4-16.5): not ranked yet
//     (UNIMPLEMENTED, in RankForQualification alone).
// Entrants a ranking leaves sharing a place are then ordered by the latest
// lot the director recorded among exactly them (LotDrawn), if any.
//
// Selection (SelectQualifiers), in each field:
//   * non-contending entrants are not placed at all: the places count
//     contending entrants only (ANC SR 18.1 "the first placed contending
//     pair in each field");
//   * withdrawn entrants keep their places (18.3: "carry-overs will not be
//     varied due to withdrawals") but do not qualify: each is replaced by
//     the next highest placed entrant of the same field (19.1);
//   * the first `per_field` entrants that neither withdrew nor are
//     non-contending qualify, in placing order. A tie left for a lot that
//     both a qualifier and an entrant left out share is refused: the
//     director records the lot first. So is a tie the chain breaks by a lot
//     not yet drawn among two or more qualifiers (ANC SR 12.2): their
//     qualifying order numbers them in the target and so decides who is
//     the higher placed (the ITC final's carry-over, home and first choice
//     of stanzas, 11.2-11.4); a lower number never stands in for the lot.
//
// Pure functions of the State. Thread-compatible.

#ifndef TALLY_REPLAY_MATCH_SCORES_QUALIFICATION_RANKING_H_
#define TALLY_REPLAY_MATCH_SCORES_QUALIFICATION_RANKING_H_

#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/base/rational.h"
#include "replay/state/state.h"

namespace tally::replay {

struct QualifyingRow {
  int entrant = 0;
  int position = 0;      // 1-based in the field; shared while tied
  core::Rational score;  // what the field is ranked on
};

// Entrants level in a ranking whose chain calls for a lot the director has
// not recorded yet (e.g. ANC SR 12.2 "then lot").
struct LotDue {
  std::vector<int> entrants;  // in ranking order
  std::string clause;         // the chain step's clause
};

struct QualifyingField {
  std::string name;                 // "" for a single field; "NS", "EW"
  std::vector<QualifyingRow> rows;  // best first
  std::vector<LotDue> lots_due;     // ties only a lot not yet drawn breaks
};

struct QualifyingRanking {
  std::vector<QualifyingField> fields;
  bool scored_in_vps = false;  // `score` is a VP total (penalties included)
  std::string unit;            // "VPs", "IMPs" or "%"
  std::string clause;          // the tie-break chain's clause; "" if none
  // `score` is the average of the SABF State Open Pairs qualifying rounds
  // with SABF TR 18.1.1's substitute rules: the carry-over into its final.
  bool state_pairs_average = false;
};

// Ranks `source`, of tournament `tournament_id`, for qualification as the
// header says, recorded lots applied. UNIMPLEMENTED for a competition tally
// cannot rank for qualification yet (Butler pairs in a movement); otherwise
// only a bug or a damaged profile fails it. It does not check that the
// stage is over: CheckStageFinished does.
absl::StatusOr<QualifyingRanking> RankForQualification(
    const State& state, const std::string& tournament_id,
    const CompetitionState& source);

// OK once the stage is over: an event of matches has every round drawn
// (as many as its profile or schedule fixes) and posted; a matchpoint pairs
// competition has every session defined posted. FailedPrecondition naming
// what is still open otherwise.
absl::Status CheckStageFinished(const CompetitionState& source);

// A group of entrants sharing a place in one field that only a lot (or the
// director) can separate.
struct LevelGroup {
  std::string field;
  int position = 0;
  std::vector<int> entrants;  // in ranking order
};

// Every group of two or more entrants still sharing a place in
// `ranking`, field by field, best first.
std::vector<LevelGroup> LevelGroups(const QualifyingRanking& ranking);

// One qualifier as chosen by SelectQualifiers.
struct Qualifier {
  int entrant = 0;  // its number in the source
  std::string field;
  int place = 0;  // among the field's contending entrants; shared while tied
  // Contending entrants sharing `place` (1: none); they take places
  // place .. place + places_shared - 1 in some order only a lot decides.
  int places_shared = 1;
  std::vector<int> level_with;  // the whole level group, when shared
  core::Rational score;
  int replaces = 0;  // the withdrawn entrant whose place it takes (19.1)
};

struct FieldQualifiers {
  std::string field;
  // The contending entrants' scores in placing order (withdrawn entrants
  // included), for carry-overs read from places (ANC SR 18.2).
  std::vector<core::Rational> contending_scores;
  std::vector<Qualifier> qualifiers;  // in qualifying order
};

struct Passed {
  std::set<int> withdrawn;       // keep their places, do not qualify
  std::set<int> non_contending;  // not placed, do not qualify
};

// The top `per_field` of each field of `ranking`, as the header says.
// FailedPrecondition when a field has fewer than `per_field` entrants that
// can qualify, or when a tie only a lot can break straddles the cut (the
// message names the entrants and the `tally lot` command; `source_id`
// names the competition in it).
absl::StatusOr<std::vector<FieldQualifiers>> SelectQualifiers(
    const QualifyingRanking& ranking, int per_field, const Passed& passed,
    const std::string& tournament_id, const std::string& source_id);

// "record the lot first: tally lot T C 4 9 (first best)": what the director
// does about `group`.
std::string LotAdvice(const std::string& tournament_id,
                      const std::string& source_id,
                      const std::vector<int>& group);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_MATCH_SCORES_QUALIFICATION_RANKING_H_
