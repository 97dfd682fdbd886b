#include "replay/matches/not_played.h"

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "replay/matches/decide_matches.h"
#include "replay/state/bridge_convert.h"

namespace tally::replay {
namespace {

const EnteredResult* ResultAt(const CompetitionState& c, int session,
                              int board, int table, v1::Room room) {
  if (c.PlaysMatches()) {
    auto round = c.rounds.find(session);
    if (round == c.rounds.end()) return nullptr;
    auto it = round->second.results.find({board, table, room});
    return it == round->second.results.end() ? nullptr : &it->second;
  }
  auto s = c.sessions.find(session);
  if (s == c.sessions.end()) return nullptr;
  auto it = s->second.results.find({board, table});
  return it == s->second.results.end() ? nullptr : &it->second;
}

}  // namespace

const EnteredResult* ResultAtRulingTable(const CompetitionState& c,
                                         const v1::RecordRulingRequest& r) {
  return ResultAt(c, r.session(), r.board(), r.table(), r.room());
}

absl::Status CheckTableToAdjust(const CompetitionState& c,
                                const v1::RecordRulingRequest& r,
                                absl::string_view where) {
  const EnteredResult* entered = ResultAtRulingTable(c, r);
  if (!r.board_not_played()) {
    if (entered != nullptr) return absl::OkStatus();
    return absl::NotFoundError(absl::StrCat(
        "no result is entered for ", where,
        ": enter the result played there first, and the adjusted score "
        "replaces it; if the board could not be played there, rule it not "
        "played with an artificial adjusted score (Law 12C2(a), "
        "--not-played)"));
  }
  const bool percentages = r.adjusted().has_per_side() &&
                           r.adjusted().per_side().ns().has_percent() &&
                           r.adjusted().per_side().ew().has_percent();
  if (!r.adjusted().has_artificial() && !percentages) {
    return absl::InvalidArgumentError(
        "a board not played gets an artificial adjusted score: average, "
        "average plus or average minus, or a percentage of the top, to "
        "each side (Law 12C2(a): no result could be obtained)");
  }
  if (entered != nullptr && !entered->result.has_not_played()) {
    return absl::FailedPreconditionError(absl::StrCat(
        where, " was played: its result is entered (",
        DescribeResult(ToTableResult(entered->result)), ", event ",
        entered->sequence, "); give the adjusted score without --not-played"));
  }
  if (c.PlaysMatches()) {
    const MatchRoundState& round = c.rounds.at(r.session());
    TALLY_RETURN_IF_ERROR(CheckRoom(c, r.room()));
    if (!PlaysBoard(round, r.board())) {
      return absl::NotFoundError(absl::StrCat("round ", r.session(), " of '",
                                              c.id, "' does not play board ",
                                              r.board()));
    }
  }
  return absl::OkStatus();
}

absl::Status CheckSupersedesNotPlayed(const CompetitionState& c,
                                      const v1::RulingMade& superseded,
                                      const v1::RecordRulingRequest& r) {
  const EnteredResult* there =
      ResultAt(c, superseded.session(), superseded.board(), superseded.table(),
               superseded.room());
  if (there == nullptr || !there->result.has_not_played()) {
    return absl::OkStatus();
  }
  if (r.has_adjusted() && r.table() == superseded.table() &&
      r.room() == superseded.room()) {
    return absl::OkStatus();
  }
  return absl::FailedPreconditionError(absl::StrCat(
      "board ", superseded.board(), " was not played at table ",
      superseded.table(), " (ruling ", there->sequence,
      ", Law 12C2(a)): the ruling that supersedes the one in force there "
      "gives the adjusted score that stands at that table instead"));
}

absl::Status RefuseOverNotPlayed(const EnteredResult& result,
                                 absl::string_view what) {
  if (!result.result.has_not_played()) return absl::OkStatus();
  return absl::FailedPreconditionError(absl::StrCat(
      "board ", result.board, " was ruled not played at table ",
      result.slot.table, " (ruling ", result.sequence, ", Law 12C2(a)): ",
      what,
      " cannot replace that; a ruling that supersedes the adjusted score in "
      "force there (NZ LIRG 82C) changes the score"));
}

}  // namespace tally::replay
