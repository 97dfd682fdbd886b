#include "replay/butler/butler_ranking.h"

#include <map>
#include <optional>
#include <set>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/tiebreak/chains.h"
#include "replay/butler/butler_session.h"

namespace tally::replay {
namespace {

std::string EntrantId(int entrant) { return absl::StrCat(entrant); }

int EntrantNumber(const std::string& id) {
  int n = 0;
  return absl::SimpleAtoi(id, &n) ? n : 0;
}

// The chain for `purpose`, else the final placing's, else qualification's.
std::optional<core::TieBreakChain> ChainFor(
    const core::RegulationProfile& profile, core::TieBreakPurpose purpose) {
  for (core::TieBreakPurpose p :
       {purpose, core::TieBreakPurpose::kFinalPlacing,
        core::TieBreakPurpose::kQualification}) {
    for (const core::TieBreakChain& chain : profile.tie_breaks.chains) {
      if (chain.purpose == p) return chain;
    }
  }
  return std::nullopt;
}

// A pair's record over the counted sessions.
struct Record {
  ButlerEntrantStanding standing;
  core::TieBreakEntrant entrant;
};

// Ranks one field, applying the lots the director recorded among exactly
// the members of a tie waiting for one.
absl::Status RankField(const CompetitionState& competition,
                       const core::TieBreakChainSpec& spec,
                       std::vector<core::TieBreakEntrant> field,
                       const std::vector<core::TieBreakEntrant>& other_field,
                       std::map<int, Record>& records,
                       ButlerRanking& ranking) {
  core::TieBreakOptions options;
  options.opponents_outside_field = other_field;
  TALLY_ASSIGN_OR_RETURN(core::TieBreakResult result,
                         core::RankWithTieBreaks(spec, field, options));
  std::map<std::string, int> lots;  // entrant id -> its place in its lot
  for (const core::PendingDecision& pending : result.pending) {
    std::set<int> members;
    for (const std::string& id : pending.entrants) {
      members.insert(EntrantNumber(id));
    }
    for (auto lot = competition.lots.rbegin(); lot != competition.lots.rend();
         ++lot) {
      if (std::set<int>(lot->begin(), lot->end()) != members) continue;
      for (size_t i = 0; i < lot->size(); ++i) {
        lots[EntrantId((*lot)[i])] = static_cast<int>(i) + 1;
      }
      break;
    }
  }
  if (!lots.empty()) {
    for (core::TieBreakEntrant& e : field) {
      if (auto it = lots.find(e.id); it != lots.end()) e.lot = it->second;
    }
    TALLY_ASSIGN_OR_RETURN(result,
                           core::RankWithTieBreaks(spec, field, options));
  }
  std::set<std::string> waiting;
  for (const core::PendingDecision& pending : result.pending) {
    waiting.insert(pending.entrants.begin(), pending.entrants.end());
    ranking.pending.push_back(pending);
  }
  std::map<int, int> at_place;  // place -> pairs sharing it
  for (const core::Placing& placing : result.placings) {
    ++at_place[placing.position];
  }
  for (const core::Placing& placing : result.placings) {
    ButlerEntrantStanding row = records.at(EntrantNumber(placing.id)).standing;
    row.place = placing.position;
    row.tied = at_place[placing.position] > 1;
    row.decided_by =
        waiting.contains(placing.id) ? "lot pending" : core::PlaceDecisionText(placing);
    row.clause = placing.clause;
    ranking.rows.push_back(std::move(row));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<ButlerRanking> RankButlerMovementEntrants(
    const CompetitionState& competition, const ButlerRankingOptions& options) {
  if (competition.kind != v1::COMPETITION_KIND_BUTLER_PAIRS) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", competition.id,
        "' is not a Butler pairs competition played in a movement"));
  }
  ButlerRanking ranking;
  ranking.ranks_on_vps = competition.profile.vp.has_value();

  // Fields: the direction each pair sits in, over every session defined.
  std::map<int, Record> records;
  for (const auto& [number, session] : competition.sessions) {
    for (const auto& [table_board, slot] : session.slots) {
      for (int pair : {slot.ns_pair, slot.ew_pair}) {
        Record& r = records[pair];
        r.standing.entrant = pair;
        r.standing.field =
            OneField(competition.profile) ? kOneField
            : pair == slot.ns_pair        ? kNorthSouthField
                                          : kEastWestField;
        r.entrant.id = EntrantId(pair);
      }
    }
  }

  int match_number = 0;  // numbers the matches across sessions, for messages
  for (const auto& [number, session] : competition.sessions) {
    if (options.after_session > 0 && number > options.after_session) break;
    ranking.sessions_counted.push_back(number);
    ranking.after_session = number;
    if (session.phase != SessionPhase::kPosted) ranking.provisional = true;
    TALLY_ASSIGN_OR_RETURN(ButlerSessionScores scores,
                           ScoreButlerSession(competition, session));
    for (const ButlerMatch& m : scores.matches) {
      ++match_number;
      if (!m.complete) {
        ranking.provisional = true;
        continue;
      }
      // NSW TR 13.2: counted on a provisional datum while an appeal pends.
      if (m.provisional) ranking.provisional = true;
      core::Rational ns_score = m.ns_imps;
      core::Rational ew_score = m.ew_imps;
      if (m.vps.has_value()) {
        ns_score = m.vps->vps.ToRational();
        ew_score = m.vps->opponent_vps.ToRational();
      }
      for (bool north_south : {true, false}) {
        Record& r = records[north_south ? m.ns_pair : m.ew_pair];
        const core::Rational imps = north_south ? m.ns_imps : m.ew_imps;
        const core::Rational& score = north_south ? ns_score : ew_score;
        const core::Rational& other = north_south ? ew_score : ns_score;
        r.standing.net_imps += imps;
        if (m.vps.has_value()) r.standing.vps += score;
        ++r.standing.matches;
        if (score > other) ++r.standing.matches_won;
        core::TieBreakMatch tm;
        tm.round = match_number;
        tm.opponent = EntrantId(north_south ? m.ew_pair : m.ns_pair);
        tm.score = score;
        tm.opponent_score = other;
        tm.imps = imps;
        r.entrant.matches.push_back(std::move(tm));
      }
    }
    // The session's IMP and VP penalties in force (replay/state/rulings.h).
    std::map<int, ButlerPairTotal> penalised;
    ApplyPenalties(session, penalised);
    for (const auto& [pair, t] : penalised) {
      auto it = records.find(pair);
      if (it == records.end()) continue;
      it->second.standing.net_imps -= t.penalty_imps;
      it->second.standing.vps -= t.penalty_vps;
    }
  }

  std::vector<core::TieBreakEntrant> north_south, east_west;
  for (auto& [pair, r] : records) {
    r.standing.total =
        ranking.ranks_on_vps ? r.standing.vps : r.standing.net_imps;
    r.entrant.score = r.standing.total;
    (r.standing.field == kEastWestField ? east_west : north_south)
        .push_back(r.entrant);
  }
  // Opponents' VPs, for the standings (the criterion reads them itself).
  for (auto& [pair, r] : records) {
    if (!ranking.ranks_on_vps) break;
    for (const core::TieBreakMatch& m : r.entrant.matches) {
      r.standing.opponents_vps +=
          records.at(EntrantNumber(m.opponent)).standing.total;
    }
  }

  std::vector<std::string> criteria;
  std::optional<core::TieBreakChain> chain =
      ChainFor(competition.profile, options.purpose);
  if (chain.has_value()) {
    criteria = chain->criteria;
    ranking.clause = chain->clause;
  }
  TALLY_ASSIGN_OR_RETURN(
      core::TieBreakChainSpec spec,
      core::ChainSpecFromCriteria(criteria, ranking.clause,
                                  competition.profile.tie_breaks.tie_within));
  TALLY_RETURN_IF_ERROR(RankField(competition, spec, north_south, east_west,
                                  records, ranking));
  if (OneField(competition.profile)) return ranking;  // all in north_south
  TALLY_RETURN_IF_ERROR(RankField(competition, spec, east_west, north_south,
                                  records, ranking));
  return ranking;
}

}  // namespace tally::replay
