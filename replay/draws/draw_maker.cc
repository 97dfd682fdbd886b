#include "replay/draws/draw_maker.h"

#include <set>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/status_macros.h"
#include "core/draw/swiss_draw.h"
#include "core/movement/round_robin_schedule.h"
#include "core/movement/sabf_butler_draw.h"
#include "core/profile/setting_ids.h"
#include "google/protobuf/util/message_differencer.h"
#include "replay/draws/itc_draw_order.h"
#include "replay/draws/knockout_draw.h"
#include "replay/match_scores/forfeits.h"
#include "replay/match_scores/match_standings.h"
#include "replay/rounds/rounds_in_event.h"
#include "replay/state/bridge_convert.h"

namespace tally::replay {
namespace {

int Number(const std::string& id) {
  int n = 0;
  return absl::SimpleAtoi(id, &n) ? n : 0;
}

// A stored draw as core/draw reads it, for the history of later draws.
core::Draw CoreDrawOf(const v1::DrawMade& stored) {
  core::Draw draw;
  draw.round = stored.round();
  for (const v1::DrawnMatch& m : stored.matches()) {
    draw.matches.push_back(
        {m.table(), absl::StrCat(m.home()), absl::StrCat(m.away())});
  }
  if (stored.share().table() != 0) {
    draw.share = core::ShareMatch{
        stored.share().table(), absl::StrCat(stored.share().a()),
        absl::StrCat(stored.share().b()), absl::StrCat(stored.share().c())};
  }
  if (const v1::DrawnHalfMatches& g = stored.half_matches(); g.table() != 0) {
    draw.half_matches =
        core::HalfMatchGroup{g.table(), absl::StrCat(g.pivot()),
                             absl::StrCat(g.first()), absl::StrCat(g.second())};
  }
  if (stored.bye() != 0) draw.bye = absl::StrCat(stored.bye());
  return draw;
}

void FillFromCoreDraw(const core::Draw& draw, v1::DrawMade& out) {
  for (const core::DrawnMatch& m : draw.matches) {
    v1::DrawnMatch* match = out.add_matches();
    match->set_table(m.table);
    match->set_home(Number(m.home));
    match->set_away(Number(m.away));
  }
  if (draw.share.has_value()) {
    out.mutable_share()->set_table(draw.share->table);
    out.mutable_share()->set_a(Number(draw.share->a));
    out.mutable_share()->set_b(Number(draw.share->b));
    out.mutable_share()->set_c(Number(draw.share->c));
  }
  if (const auto& g = draw.half_matches) {  // NSW TR 12.7
    v1::DrawnHalfMatches* h = out.mutable_half_matches();
    h->set_table(g->table);
    h->set_pivot(Number(g->pivot));
    h->set_first(Number(g->first));
    h->set_second(Number(g->second));
  }
  if (draw.bye.has_value()) out.set_bye(Number(*draw.bye));
  for (int table : draw.adjusted_tables) out.add_adjusted_tables(table);
}

absl::Status DrawSwiss(const CompetitionState& competition,
                       const DrawOrder& order, v1::DrawMade& out) {
  const core::DrawRules& rules = *competition.profile.draw;
  core::SwissDrawInput input;
  input.round = order.round;
  input.seed = order.seed;
  input.options.first_round = rules.first_round;
  input.options.odd_field = rules.odd_field;
  input.options.home = rules.home;
  input.options.total_rounds = RoundsInEvent(competition);
  // A withdrawn entrant is drawn in no later round
  // (replay/match_scores/forfeits.h).
  const int entrants =
      static_cast<int>(EntrantsDrawnIn(competition, order.round).size());
  if (rules.modified_swiss_small_field && input.options.total_rounds > 0 &&
      entrants < 2 * input.options.total_rounds) {
    input.options.repeats = core::RepeatRule::kModifiedSwiss;
  }
  if (order.round == 1) {
    // Round one ranks the field by entrant number: the director numbers the
    // entrants in seeding order (SABF TR 14.1 cuts the field into quarters
    // "by rank"; before any match the rank is the seeding).
    for (int number : EntrantsDrawnIn(competition, order.round)) {
      input.ranking.push_back({absl::StrCat(number), core::Rational(0)});
      out.add_ranking()->set_entrant(number);
    }
  } else {
    RankingOptions options;
    options.after_round = order.round - 1;
    options.purpose = core::TieBreakPurpose::kDraw;
    options.exclude_penalties =
        competition.profile.penalties.draw_excludes_penalties;
    // The lot is drawn from a stream of its own, so the draw's own random
    // choices (core/draw) are the same whether or not a lot was needed.
    options.lot_seed = order.seed ^ 0x6c6f742d64726177ULL;  // "lot-draw"
    TALLY_ASSIGN_OR_RETURN(MatchRanking ranking,
                           RankMatchEntrants(competition, options));
    for (const EntrantStanding& row : ranking.rows) {
      if (WithdrawnBefore(competition, row.entrant, order.round)) continue;
      input.ranking.push_back({absl::StrCat(row.entrant), row.total});
      v1::DrawRankingEntry* entry = out.add_ranking();
      entry->set_entrant(row.entrant);
      *entry->mutable_score() = ToProtoFraction(row.total);
      if (row.placing.decision == core::PlaceDecision::kTieBreak) {
        entry->set_decided_by(row.placing.criterion);
      }
    }
  }
  for (const auto& [number, round] : competition.rounds) {
    if (number >= order.round) break;
    core::Draw earlier = CoreDrawOf(round.draw);
    for (core::PastMeeting& m : core::MeetingsInDraw(earlier)) {
      input.meetings.push_back(std::move(m));
    }
    if (auto bye = core::ByeInDraw(earlier)) input.byes.push_back(*bye);
  }
  TALLY_ASSIGN_OR_RETURN(core::Draw draw, core::DrawSwissRound(input));
  FillFromCoreDraw(draw, out);
  return absl::OkStatus();
}

// A round robin's schedule is in entrant numbers: the field must be 1..n.
absl::Status CheckNumberedOneToN(const CompetitionState& competition) {
  int expected = 1;
  for (const auto& [number, players] : competition.pairs) {
    if (number != expected++) {
      return absl::FailedPreconditionError(absl::StrCat(
          "a round robin is drawn from its schedule by entrant number: "
          "number the entrants 1 to ",
          competition.pairs.size(), " (entrant ", number, " breaks the run)"));
    }
  }
  return absl::OkStatus();
}

absl::Status DrawRoundRobin(const CompetitionState& competition,
                            const DrawOrder& order, v1::DrawMade& out) {
  TALLY_RETURN_IF_ERROR(CheckNumberedOneToN(competition));
  TALLY_ASSIGN_OR_RETURN(core::RoundRobinSchedule schedule,
                         RoundRobinScheduleOf(competition));
  if (order.round > static_cast<int>(schedule.rounds.size())) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the round robin of ", schedule.entrants, " has ",
        schedule.rounds.size(), " rounds; there is no round ", order.round));
  }
  const core::RoundRobinRound& round = schedule.rounds[order.round - 1];
  for (const core::Pairing& p : round.pairings) {
    v1::DrawnMatch* match = out.add_matches();
    match->set_table(p.table);
    match->set_home(p.home);
    match->set_away(p.away);
  }
  if (round.bye.has_value()) out.set_bye(*round.bye);
  return absl::OkStatus();
}

absl::Status DrawExplicit(const CompetitionState& competition,
                          const DrawOrder& order, v1::DrawMade& out) {
  const v1::DrawnShareMatch& share = order.share;
  const bool has_share =
      share.table() != 0 || share.a() != 0 || share.b() != 0 || share.c() != 0;
  if (order.matches.empty() && !has_share) {
    return absl::InvalidArgumentError(
        "this competition's draws are made by the director: give the "
        "matches (table, home, away)");
  }
  std::set<int> tables, seated;
  auto seat = [&](int entrant) -> absl::Status {
    if (!competition.pairs.contains(entrant)) {
      return absl::NotFoundError(
          absl::StrCat("entrant ", entrant, " is not registered"));
    }
    if (WithdrawnBefore(competition, entrant, order.round)) {
      return absl::FailedPreconditionError(
          absl::StrCat("entrant ", entrant,
                       " has withdrawn and is drawn in no later round"));
    }
    if (!seated.insert(entrant).second) {
      return absl::InvalidArgumentError(absl::StrCat(
          "entrant ", entrant, " is drawn twice in round ", order.round));
    }
    return absl::OkStatus();
  };
  for (const v1::DrawnMatch& m : order.matches) {
    if (m.table() < 1 || !tables.insert(m.table()).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("table ", m.table(), " is numbered twice or below 1"));
    }
    TALLY_RETURN_IF_ERROR(seat(m.home()));
    TALLY_RETURN_IF_ERROR(seat(m.away()));
    *out.add_matches() = m;
  }
  if (has_share) {
    // SABF TR 14.1's share match, as a file records it: one table of the
    // draw (its three legs are rooms share1-share3), for a field that plays
    // its odd team so (a pairs field cannot: three pairs do not play at
    // once).
    if (competition.profile.draw->odd_field != core::OddField::kShareMatch) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", competition.id, "' plays an odd field with ",
                       core::OddFieldId(competition.profile.draw->odd_field),
                       ", not a share match (SABF TR 14.1)"));
    }
    if (share.table() < 1 || !tables.insert(share.table()).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("table ", share.table(),
                       " (the share match) is numbered twice or below 1"));
    }
    TALLY_RETURN_IF_ERROR(seat(share.a()));
    TALLY_RETURN_IF_ERROR(seat(share.b()));
    TALLY_RETURN_IF_ERROR(seat(share.c()));
    *out.mutable_share() = share;
  }
  if (order.bye != 0) {
    TALLY_RETURN_IF_ERROR(seat(order.bye));
    out.set_bye(order.bye);
  }
  return absl::OkStatus();
}

}  // namespace

std::vector<int> RoundBoards(const CompetitionState& competition,
                             int first_board) {
  if (first_board == 0) {
    first_board = 1;
    if (!competition.rounds.empty()) {
      const v1::DrawMade& last = competition.rounds.rbegin()->second.draw;
      if (!last.boards().empty()) first_board = *last.boards().rbegin() + 1;
    }
  }
  std::vector<int> boards;
  int count = competition.profile.matches.has_value()
                  ? competition.profile.matches->boards_per_match
                  : 0;
  if (competition.profile.draw.has_value()) {
    // A stanza of the match, however the round's matches are given (a
    // draw recorded from a file is stored as "explicit").
    count /= StanzasCutFromMatch(competition.profile.draw->method);
  }
  for (int i = 0; i < count; ++i) boards.push_back(first_board + i);
  return boards;
}

absl::StatusOr<v1::DrawMade> ComputeDraw(const CompetitionState& competition,
                                         const DrawOrder& order) {
  if (!competition.PlaysMatches() || !competition.profile.draw.has_value()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", competition.id,
        "' is played in sessions of a movement, not drawn rounds"));
  }
  if (competition.pairs.size() < 2) {
    return absl::FailedPreconditionError(
        "register at least two entrants before the draw");
  }
  if (order.first_board < 0 || order.first_board > 900) {
    return absl::InvalidArgumentError(absl::StrCat(
        "first board ", order.first_board, " is not a board number (1-900)"));
  }
  v1::DrawMade out;
  out.set_competition_id(competition.id);
  out.set_round(order.round);
  out.set_seed(order.seed);
  for (int board : RoundBoards(competition, order.first_board)) {
    out.add_boards(board);
  }
  const core::DrawRules& rules = *competition.profile.draw;
  out.set_method(std::string(core::DrawMethodId(rules.method)));
  if (!order.ctd_round_order.empty() &&
      rules.method != core::DrawMethod::kItcRoundRobin) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a CTD's order of rounds (ANC SR 10.5) is for the ITC qualifying's "
        "final round robin; '",
        competition.id, "' is drawn by ", core::DrawMethodId(rules.method)));
  }
  // Matches given for a round of a drawing method: a draw recorded from
  // another scoring program's file (decide_matches.cc lets them through only
  // with a file's provenance). Stored as "explicit", so the audit's
  // recomputation (CheckDraw) takes the matches as given.
  const bool given = !order.matches.empty() || order.share.table() != 0 ||
                     order.share.a() != 0 || order.share.b() != 0 ||
                     order.share.c() != 0;
  const core::DrawMethod method =
      given ? core::DrawMethod::kExplicit : rules.method;
  if (method != rules.method) {
    out.set_method(std::string(core::DrawMethodId(method)));
  }
  switch (method) {
    case core::DrawMethod::kSwiss:
      TALLY_RETURN_IF_ERROR(DrawSwiss(competition, order, out));
      break;
    case core::DrawMethod::kRoundRobin:
    case core::DrawMethod::kSabfButlerRoundRobin:
      TALLY_RETURN_IF_ERROR(DrawRoundRobin(competition, order, out));
      break;
    case core::DrawMethod::kExplicit:
      TALLY_RETURN_IF_ERROR(DrawExplicit(competition, order, out));
      break;
    case core::DrawMethod::kItcRoundRobin:
      // ANC SR 10.3-10.8 (replay/draws/itc_draw_order.h).
      TALLY_RETURN_IF_ERROR(CheckNumberedOneToN(competition));
      TALLY_RETURN_IF_ERROR(DrawItcRound(competition, order, out));
      break;
    case core::DrawMethod::kItcFinal:
    case core::DrawMethod::kSabfFinalFive:
    case core::DrawMethod::kSabfFinalFour:
      // ANC SR 11.2-11.3; SABF TR 13.11-13.12, 17.3 (knockout_draw.h).
      TALLY_RETURN_IF_ERROR(DrawKnockoutRound(competition, order, out));
      break;
  }
  if (competition.kind == v1::COMPETITION_KIND_KNOCKOUT_TEAMS) {
    TALLY_RETURN_IF_ERROR(CheckKnockoutMatches(competition, out));
  }
  return out;
}

std::vector<std::string> DrawDifferences(const v1::DrawMade& stored,
                                         const v1::DrawMade& recomputed) {
  std::vector<std::string> out;
  auto matches = [](const v1::DrawMade& d) {
    std::vector<std::string> lines;
    for (const v1::DrawnMatch& m : d.matches()) {
      lines.push_back(
          absl::StrCat("table ", m.table(), ": ", m.home(), " v ", m.away()));
    }
    if (d.share().table() != 0) {
      lines.push_back(absl::StrCat("table ", d.share().table(), ": share ",
                                   d.share().a(), ", ", d.share().b(), ", ",
                                   d.share().c()));
    }
    if (const v1::DrawnHalfMatches& g = d.half_matches(); g.table() != 0) {
      lines.push_back(absl::StrCat("table ", g.table(), ": half matches ",
                                   g.pivot(), " v ", g.first(), ", ", g.pivot(),
                                   " v ", g.second()));
    }
    if (d.bye() != 0) lines.push_back(absl::StrCat("bye: ", d.bye()));
    return lines;
  };
  std::vector<std::string> a = matches(stored), b = matches(recomputed);
  for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    std::string left = i < a.size() ? a[i] : "(nothing)";
    std::string right = i < b.size() ? b[i] : "(nothing)";
    if (left != right) {
      out.push_back(absl::StrCat("stored ", left, "; recomputed ", right));
    }
  }
  if (!std::equal(stored.boards().begin(), stored.boards().end(),
                  recomputed.boards().begin(), recomputed.boards().end())) {
    out.push_back("the boards differ");
  }
  google::protobuf::util::MessageDifferencer ranking;
  v1::DrawMade sr, rr;
  *sr.mutable_ranking() = stored.ranking();
  *rr.mutable_ranking() = recomputed.ranking();
  if (!ranking.Compare(sr, rr)) out.push_back("the ranking drawn from differs");
  // Knock-out matches: labels, stanzas, carry-overs and walkovers.
  v1::DrawMade sk, rk;
  *sk.mutable_matches() = stored.matches();
  *sk.mutable_walkovers() = stored.walkovers();
  *rk.mutable_matches() = recomputed.matches();
  *rk.mutable_walkovers() = recomputed.walkovers();
  if (a == b && !google::protobuf::util::MessageDifferencer::Equals(sk, rk)) {
    out.push_back(
        "the knock-out matches (labels, stanzas, carry-overs or walkovers) "
        "differ");
  }
  if (!std::equal(stored.ctd_round_order().begin(),
                  stored.ctd_round_order().end(),
                  recomputed.ctd_round_order().begin(),
                  recomputed.ctd_round_order().end())) {
    out.push_back("the CTD's order of rounds (ANC SR 10.5) differs");
  }
  if (stored.method() != recomputed.method()) {
    out.push_back(absl::StrCat("method: stored ", stored.method(),
                               ", recomputed ", recomputed.method()));
  }
  return out;
}

}  // namespace tally::replay
