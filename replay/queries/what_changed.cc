#include "replay/queries/what_changed.h"

#include <algorithm>
#include <climits>
#include <functional>
#include <tuple>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "core/base/status_macros.h"
#include "replay/butler/butler_queries.h"
#include "replay/butler/butler_session.h"
#include "replay/log/codec.h"
#include "replay/log/sha256.h"
#include "replay/match_scores/match_standings.h"
#include "replay/pairs/pairs_event_queries.h"
#include "replay/pairs/queries.h"
#include "replay/pairs/session_scores.h"
#include "replay/queries/match_queries.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/tournament_replay.h"

namespace tally::replay {
namespace {

std::string FractionText(const v1::Fraction& f) {
  if (f.denominator() == 0) return "0";
  return core::Rational(f.numerator(), f.denominator()).ToString();
}

std::string DecimalText(const v1::DecimalValue& d) {
  return core::Decimal(d.units(), d.places()).ToString();
}

std::string RankText(int rank, bool tied) {
  if (rank == 0) return "unplaced";
  return absl::StrCat(rank, tied ? "=" : "");
}

std::string ResultText(const EnteredResult& r) {
  if (r.result.has_not_played()) return DescribeResult(ToTableResult(r.result));
  return absl::StrCat(DescribeResult(ToTableResult(r.result)), ", NS ",
                      r.ns_score > 0 ? "+" : "", r.ns_score);
}

// NSW TR 13.2: " (provisional: appeal pending, NSW TR 13.2)" when the datum
// uses a score pending appeal as it stands; empty otherwise. (Under 13.3 the
// pending score is left out and the datum stands: nothing to say.)
std::string ProvisionalDatumText(const core::DatumResult& datum) {
  std::string text =
      datum.provisional ? " (provisional: appeal pending, NSW TR 13.2)" : "";
  if (!datum.substitute_tables.empty()) {
    absl::StrAppend(&text, " (table",
                    datum.substitute_tables.size() == 1 ? " " : "s ",
                    absl::StrJoin(datum.substitute_tables, ", "),
                    " brought in, NSW TR 13.3)");
  }
  return text;
}

std::string RoomText(v1::Room room) {
  if (room == v1::ROOM_UNSPECIFIED) return "";
  const std::string name = v1::Room_Name(room);
  absl::string_view bare = name;
  absl::ConsumePrefix(&bare, "ROOM_");
  return absl::StrCat(" (", absl::AsciiStrToLower(bare), ")");
}

// Fills one competition's facts; the tournament and competition ids are
// set by the caller in every key through Add.
class Facts {
 public:
  Facts(Snapshot& snapshot, const std::string& tournament,
        const std::string& competition)
      : snapshot_(snapshot), tournament_(tournament), competition_(competition) {}

  void Add(int session, FactKind kind, const std::string& subject, int number,
           int table, const std::string& figure, std::string value) {
    FactKey key{tournament_, competition_, session, kind,
                subject,     number,       table,   figure};
    snapshot_.facts[std::move(key)] = std::move(value);
  }
  // A projection that could not be computed: one fact saying why.
  void Note(int session, const std::string& what, const absl::Status& status) {
    Add(session, FactKind::kNote, "", 0, 0, what,
        std::string(status.message()));
  }

 private:
  Snapshot& snapshot_;
  const std::string& tournament_;
  const std::string& competition_;
};

// Rows of a session's standings (matchpoint or Butler): totals and
// positions.
void AddSessionStandings(const State& state, const std::string& tournament,
                         const CompetitionState& c, int session, Facts& facts) {
  v1::GetStandingsRequest request;
  request.set_tournament_id(tournament);
  request.set_competition_id(c.id);
  request.set_session(session);
  absl::StatusOr<v1::Standings> standings = BuildStandings(state, request);
  if (!standings.ok()) {
    facts.Note(session, "standings", standings.status());
    return;
  }
  const bool butler = standings->scoring() == "imps_vs_datum";
  for (const v1::StandingsField& field : standings->fields()) {
    for (const v1::StandingsRow& row : field.rows()) {
      const int pair = row.pair();
      facts.Add(session, FactKind::kPosition, "pair", pair, 0,
                absl::StrCat("position (", field.name(), ")"),
                RankText(row.rank(), row.tied()));
      if (butler) {
        facts.Add(session, FactKind::kTotal, "pair", pair, 0, "net IMPs",
                  FractionText(row.net_imps()));
        if (row.has_vps()) {
          facts.Add(session, FactKind::kTotal, "pair", pair, 0, "VPs",
                    DecimalText(row.vps()));
        }
      } else {
        facts.Add(session, FactKind::kTotal, "pair", pair, 0, "matchpoints",
                  FractionText(row.matchpoints()));
        if (row.has_percentage()) {
          facts.Add(session, FactKind::kTotal, "pair", pair, 0, "percentage",
                    DecimalText(row.percentage()));
        }
      }
    }
  }
}

// A matchpoint pairs session (session_scores.h): each table's result and
// matchpoints on each board.
void AddMatchpointSession(const CompetitionState& c, const SessionState& s,
                          Facts& facts) {
  // Scored as the standings score it: the profile's artificial amounts,
  // factoring and section comparisons.
  const SessionScores scores = ScoreSessionForProfile(s, c.profile);
  for (const auto& [board, scored] : scores.boards) {
    for (const ScoredResult& r : scored.results) {
      const int table = r.result->slot.table;
      facts.Add(s.number, FactKind::kResult, "board", board, table, "result",
                ResultText(*r.result));
      facts.Add(s.number, FactKind::kBoardScore, "board", board, table,
                "NS matchpoints", r.ns_matchpoints.ToString());
      facts.Add(s.number, FactKind::kBoardScore, "board", board, table,
                "EW matchpoints", r.ew_matchpoints.ToString());
    }
  }
}

// A Butler pairs session (butler_session.h): datums, each table's IMPs
// against them, each match's IMPs and VPs.
void AddButlerSession(const CompetitionState& c, const SessionState& s,
                      Facts& facts) {
  absl::StatusOr<ButlerSessionScores> scores =
      ScoreButlerSession(c, s);
  if (!scores.ok()) {
    facts.Note(s.number, "Butler scores", scores.status());
    return;
  }
  for (const auto& [board, b] : scores->boards) {
    if (b.datum.has_value()) {
      facts.Add(s.number, FactKind::kDatum, "board", board, 0, "datum",
                absl::StrCat(b.datum->datum,
                             b.complete ? ProvisionalDatumText(*b.datum)
                                        : " (provisional)"));
    }
    if (b.fouled.has_value() && b.fouled->datum.has_value()) {
      facts.Add(s.number, FactKind::kDatum, "board", board, 0,
                "fouled form's datum", absl::StrCat(b.fouled->datum->datum));
    }
    for (const ButlerLine& line : b.lines) {
      const int table = line.result->slot.table;
      facts.Add(s.number, FactKind::kResult, "board", board, table, "result",
                ResultText(*line.result));
      if (line.ns_imps.has_value()) {
        facts.Add(s.number, FactKind::kBoardScore, "board", board, table,
                  "NS IMPs", absl::StrCat(*line.ns_imps));
      }
    }
  }
  for (const ButlerMatch& m : scores->matches) {
    facts.Add(s.number, FactKind::kMatch, "round", m.round, m.table,
              absl::StrCat("NS IMPs (", m.ns_pair, " v ", m.ew_pair, ")"),
              m.ns_imps.ToString());
    if (m.vps.has_value()) {
      facts.Add(s.number, FactKind::kMatch, "round", m.round, m.table,
                absl::StrCat("VPs (", m.ns_pair, " v ", m.ew_pair, ")"),
                absl::StrCat(m.vps->vps.ToString(), " - ",
                             m.vps->opponent_vps.ToString(),
                             m.complete ? "" : " (provisional)"));
    }
  }
}

// The competition-wide ranking of a matchpoint or Butler pairs competition
// (pairs_event_queries.h, butler_queries.h), as session 0.
void AddPairsCompetition(const State& state, const std::string& tournament,
                         const CompetitionState& c, Facts& facts) {
  v1::GetCompetitionStandingsRequest request;
  request.set_tournament_id(tournament);
  request.set_competition_id(c.id);
  absl::StatusOr<v1::CompetitionStandings> standings =
      BuildCompetitionStandings(state, request);
  if (!standings.ok()) {
    facts.Note(0, "competition standings", standings.status());
    return;
  }
  for (const v1::CompetitionStandingsRow& row : standings->rows()) {
    facts.Add(0, FactKind::kTotal, "pair", row.pair(), 0, "aggregate",
              FractionText(row.aggregate()));
    facts.Add(0, FactKind::kPosition, "pair", row.pair(), 0, "position",
              RankText(row.position(), row.tied()));
  }
  for (const v1::ButlerStandingsField& field : standings->fields()) {
    for (const v1::ButlerStandingsRow& row : field.rows()) {
      facts.Add(0, FactKind::kTotal, "pair", row.pair(), 0,
                absl::StrCat("total (", standings->ranked_on(), ")"),
                DecimalText(row.total()));
      facts.Add(0, FactKind::kPosition, "pair", row.pair(), 0,
                absl::StrCat("position (", field.name(), ")"),
                RankText(row.rank(), row.tied()));
    }
  }
}

// An event of matches (match_standings.h): each round's stored draw, each
// table's results, datums and board scores, each match's IMPs and VPs, and
// the standings after every round drawn.
void AddMatches(const State& state, const std::string& tournament,
                const CompetitionState& c, Facts& facts) {
  for (const auto& [number, round] : c.rounds) {
    for (const v1::DrawnMatch& m : round.draw.matches()) {
      facts.Add(number, FactKind::kDraw, "table", m.table(), 0, "draw",
                absl::StrCat(m.home(), " v ", m.away(),
                             m.label().empty() ? "" : " (" + m.label() + ")"));
    }
    if (round.draw.bye() != 0) {
      facts.Add(number, FactKind::kDraw, "table", 0, 0, "bye",
                absl::StrCat(round.draw.bye()));
    }
    for (const auto& [key, r] : round.results) {
      const auto& [board, table, room] = key;
      facts.Add(number, FactKind::kResult, "board", board, table,
                absl::StrCat("result", RoomText(static_cast<v1::Room>(room))),
                ResultText(r));
    }
  }
  absl::StatusOr<std::vector<ScoredRound>> scored = ScoreRounds(c, 0);
  if (!scored.ok()) {
    facts.Note(0, "match scores", scored.status());
    return;
  }
  const bool matchpoints =
      c.profile.scoring == core::ScoringMethod::kMatchpoints;
  const bool datum_scored =
      c.profile.scoring == core::ScoringMethod::kImpsVsDatum;
  for (const ScoredRound& sr : *scored) {
    const int number = sr.round->number;
    for (const core::BoardScore& b : sr.score.boards) {
      if (b.datum.has_value()) {
        facts.Add(number, FactKind::kDatum, "board", b.board, 0, "datum",
                  absl::StrCat(b.datum->datum, ProvisionalDatumText(*b.datum)));
      }
      for (const auto& [where, points] : b.ns_points) {
        facts.Add(number, FactKind::kBoardScore, "board", b.board,
                  where.first,
                  matchpoints ? "NS matchpoints"
                  : b.datum.has_value() || datum_scored ? "NS IMPs"
                                                        : "home IMPs",
                  points.ToString());
      }
      // A ruling that leaves the board unbalanced gives away its own.
      for (const auto& [where, points] : b.away_points) {
        facts.Add(number, FactKind::kBoardScore, "board", b.board,
                  where.first,
                  matchpoints ? "away matchpoints" : "away IMPs",
                  points.ToString());
      }
    }
    for (const core::MatchScore& m : sr.score.matches) {
      const std::string who = absl::StrCat(" (", m.home, " v ", m.away, ")");
      if (m.home_percentage.has_value()) {
        facts.Add(number, FactKind::kMatch, "table", m.table, 0,
                  "home percentage" + who, m.home_percentage->ToString());
      } else {
        facts.Add(number, FactKind::kMatch, "table", m.table, 0,
                  "home IMPs" + who, m.home_imps.ToString());
      }
      if (m.away_percentage.has_value()) {
        facts.Add(number, FactKind::kMatch, "table", m.table, 0,
                  "away percentage" + who, m.away_percentage->ToString());
      }
      if (m.away_imps.has_value()) {
        facts.Add(number, FactKind::kMatch, "table", m.table, 0,
                  "away IMPs" + who, m.away_imps->ToString());
      }
      if (m.vps.has_value()) {
        facts.Add(number, FactKind::kMatch, "table", m.table, 0, "VPs" + who,
                  absl::StrCat(m.vps->vps.ToString(), " - ",
                               m.vps->opponent_vps.ToString()));
      }
    }
    if (sr.score.bye.has_value() && sr.score.bye->vps.has_value()) {
      facts.Add(number, FactKind::kMatch, "entrant", sr.score.bye->entrant, 0,
                "bye VPs", sr.score.bye->vps->vps.ToString());
    }
  }
  if (c.kind == v1::COMPETITION_KIND_KNOCKOUT_TEAMS) return;  // no ranking
  v1::GetMatchStandingsRequest request;
  request.set_tournament_id(tournament);
  request.set_competition_id(c.id);
  absl::StatusOr<v1::MatchStandings> standings =
      BuildMatchStandings(state, request);
  if (!standings.ok()) {
    facts.Note(0, "standings", standings.status());
    return;
  }
  for (const v1::MatchStandingsRow& row : standings->rows()) {
    facts.Add(0, FactKind::kTotal, "entrant", row.entrant(), 0, "total",
              DecimalText(row.total()));
    facts.Add(0, FactKind::kTotal, "entrant", row.entrant(), 0, "net IMPs",
              FractionText(row.net_imps()));
    facts.Add(0, FactKind::kPosition, "entrant", row.entrant(), 0, "position",
              RankText(row.rank(), row.tied()));
  }
}

void AddCompetition(const State& state, const std::string& tournament,
                    const CompetitionState& c, Snapshot& snapshot) {
  Facts facts(snapshot, tournament, c.id);
  snapshot.units[{tournament, c.id}] = c.PlaysMatches() ? "round" : "session";
  if (c.PlaysMatches()) {
    AddMatches(state, tournament, c, facts);
    return;
  }
  const bool butler = c.kind == v1::COMPETITION_KIND_BUTLER_PAIRS;
  for (const auto& [number, session] : c.sessions) {
    if (butler) {
      AddButlerSession(c, session, facts);
    } else {
      AddMatchpointSession(c, session, facts);
    }
    AddSessionStandings(state, tournament, c, number, facts);
  }
  AddPairsCompetition(state, tournament, c, facts);
}

}  // namespace

std::string FactKindName(FactKind kind) {
  switch (kind) {
    case FactKind::kDraw:
      return "draw";
    case FactKind::kResult:
      return "result";
    case FactKind::kDatum:
      return "datum";
    case FactKind::kBoardScore:
      return "board score";
    case FactKind::kMatch:
      return "match";
    case FactKind::kTotal:
      return "total";
    case FactKind::kPosition:
      return "position";
    case FactKind::kNote:
      return "note";
  }
  return "note";
}

std::strong_ordering operator<=>(const FactKey& a, const FactKey& b) {
  // The competition as a whole (session 0) after its sessions.
  auto scope = [](int session) { return session == 0 ? INT_MAX : session; };
  auto tie = [&](const FactKey& k) {
    return std::tuple<const std::string&, const std::string&, int, FactKind,
                      const std::string&, int, int, const std::string&>(
        k.tournament_id, k.competition_id, scope(k.session), k.kind,
        k.subject, k.number, k.table, k.figure);
  };
  return tie(a) <=> tie(b);
}

std::string Change::ToString() const {
  std::string where =
      key.session == 0 ? "overall"
                       : absl::StrCat(unit.empty() ? "session" : unit, " ",
                                      key.session);
  std::string subject =
      key.subject.empty() ? "" : absl::StrCat(" ", key.subject, " ", key.number);
  std::string table = key.table == 0 ? "" : absl::StrCat(" table ", key.table);
  return absl::StrCat(key.competition_id, " ", where, subject, table, " ",
                      key.figure, ": ", before.value_or("-"), " -> ",
                      after.value_or("-"));
}

Snapshot TakeSnapshot(const State& state, const std::string& tournament_id) {
  Snapshot snapshot;
  for (const auto& [id, t] : state.tournaments) {
    if (!tournament_id.empty() && id != tournament_id) continue;
    for (const auto& [cid, c] : t.competitions) {
      AddCompetition(state, id, c, snapshot);
    }
  }
  return snapshot;
}

std::vector<Change> Diff(const Snapshot& before, const Snapshot& after) {
  auto unit_of = [&](const FactKey& k) {
    auto it = after.units.find({k.tournament_id, k.competition_id});
    if (it != after.units.end()) return it->second;
    it = before.units.find({k.tournament_id, k.competition_id});
    return it == before.units.end() ? std::string() : it->second;
  };
  std::vector<Change> changes;
  auto b = before.facts.begin();
  auto a = after.facts.begin();
  while (b != before.facts.end() || a != after.facts.end()) {
    if (a == after.facts.end() ||
        (b != before.facts.end() && b->first < a->first)) {
      changes.push_back({b->first, b->second, std::nullopt, unit_of(b->first)});
      ++b;
    } else if (b == before.facts.end() || a->first < b->first) {
      changes.push_back({a->first, std::nullopt, a->second, unit_of(a->first)});
      ++a;
    } else {
      if (b->second != a->second) {
        changes.push_back({a->first, b->second, a->second, unit_of(a->first)});
      }
      ++a;
      ++b;
    }
  }
  return changes;
}

std::vector<Change> StandingsOnly(std::vector<Change> changes) {
  std::erase_if(changes, [](const Change& c) {
    return c.key.kind != FactKind::kTotal && c.key.kind != FactKind::kPosition;
  });
  return changes;
}

absl::StatusOr<EventChanges> WhatChangedAt(const EventStore& store,
                                           const State& now,
                                           uint64_t sequence) {
  if (sequence == 0) {
    return absl::InvalidArgumentError(
        "say which event: sequence numbers start at 1");
  }
  absl::StatusOr<std::string> raw = store.ReadRaw(sequence);
  if (absl::IsNotFound(raw.status()) ||
      (raw.ok() && sequence > now.last_sequence)) {
    return absl::NotFoundError(
        absl::StrCat("there is no event ", sequence, " in the log"));
  }
  TALLY_RETURN_IF_ERROR(raw.status());
  TALLY_ASSIGN_OR_RETURN(v1::Event event, DecodeEvent(sequence, *raw));
  TALLY_ASSIGN_OR_RETURN(
      State before,
      ReplayTournament(store, now, event.tournament_id(), sequence - 1));
  State after = before;
  TALLY_RETURN_IF_ERROR(Evolve(event, after));
  EventChanges out;
  out.before_sequence = before.last_sequence;
  out.changes = Diff(TakeSnapshot(before, event.tournament_id()),
                     TakeSnapshot(after, event.tournament_id()));
  out.event = std::move(event);
  return out;
}

absl::StatusOr<EventChanges> WhatIf(const State& state,
                                    const std::string& tournament_id,
                                    const v1::Actor& actor, absl::Time at,
                                    const DecideAt& decide) {
  // As the event log stamps it: receipt times never go backwards.
  const absl::Time received = std::max(at, state.last_received);
  TALLY_ASSIGN_OR_RETURN(v1::EventPayload payload, decide(state, received));
  const TournamentState* t = state.FindTournament(tournament_id);
  v1::Event event;
  event.set_sequence(state.last_sequence + 1);
  event.set_tournament_id(tournament_id);
  event.set_stream_version((t == nullptr ? 0 : t->version) + 1);
  *event.mutable_received_at() = ToTimestamp(received);
  *event.mutable_actor() = actor;
  event.set_previous_hash(state.last_sequence == 0 ? GenesisHash()
                                                   : state.last_hash);
  *event.mutable_payload() = std::move(payload);
  event.set_hash(EncodeEvent(event).hash());
  // Shares every tournament with `state`; Evolve clones the one it changes.
  State after = state;
  if (absl::Status s = Evolve(event, after); !s.ok()) {
    return absl::InternalError(
        absl::StrCat("the proposed event does not fold: ", s.message()));
  }
  EventChanges out;
  out.before_sequence = state.last_sequence;
  out.changes = Diff(TakeSnapshot(state, tournament_id),
                     TakeSnapshot(after, tournament_id));
  out.event = std::move(event);
  return out;
}

}  // namespace tally::replay
