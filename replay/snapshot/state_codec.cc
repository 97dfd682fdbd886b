#include "replay/snapshot/state_codec.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "replay/log/codec.h"
#include "replay/profile/profile_loader.h"
#include "replay/state/compact_result.h"
#include "tally/v1/snapshot.pb.h"

namespace tally::replay {
namespace {

// A member added to one of these structs must be written below (and
// kSnapshotFormat bumped): these sizes fail the build until it is.
// (Debian 12, x86-64, libstdc++; the only platform tally builds on.)
static_assert(sizeof(TableSlot) == 16);
static_assert(sizeof(CompactResult) == 8);
static_assert(sizeof(EnteredResult) == 48);
static_assert(sizeof(RulingRecord) == 144);
static_assert(sizeof(OffenceDeduction) == 168);
static_assert(sizeof(SessionAdjustmentRecord) == 80);
static_assert(sizeof(SessionState) == 288);
static_assert(sizeof(MatchRoundState) == 424);
static_assert(sizeof(SessionTimeline) == 224);
static_assert(sizeof(PenaltyRecord) == 88);
static_assert(sizeof(AppealRecord) == 640);
static_assert(sizeof(CompetitionState) == 2360);
static_assert(sizeof(TournamentState) == 184);
static_assert(sizeof(OffenceEntry) == 200);
static_assert(sizeof(State) == 128);

using google::protobuf::internal::WireFormatLite;
using google::protobuf::io::CodedInputStream;
using google::protobuf::io::CodedOutputStream;
using google::protobuf::io::StringOutputStream;

absl::Status Damaged(absl::string_view why) {
  return absl::DataLossError(absl::StrCat("the snapshot ", why));
}

// absl::Time exactly: every time in the State is an event's Timestamp
// (ToTime) or a default (the epoch, InfinitePast).
v1::SnapshotTime TimeOf(absl::Time t) {
  v1::SnapshotTime out;
  if (t == absl::InfinitePast()) {
    out.set_infinite(-1);
  } else if (t == absl::InfiniteFuture()) {
    out.set_infinite(1);
  } else {
    const int64_t seconds = absl::ToUnixSeconds(t);  // rounds down
    out.set_seconds(seconds);
    out.set_nanos(static_cast<int32_t>(
        absl::ToInt64Nanoseconds(t - absl::FromUnixSeconds(seconds))));
  }
  return out;
}

absl::Time FromTime(const v1::SnapshotTime& t) {
  if (t.infinite() < 0) return absl::InfinitePast();
  if (t.infinite() > 0) return absl::InfiniteFuture();
  return absl::FromUnixSeconds(t.seconds()) + absl::Nanoseconds(t.nanos());
}

// -- Encoding ---------------------------------------------------------------

void Put(const EnteredResult& r, int key_board, int key_table, int key_room,
         v1::SnapshotResult& out) {
  out.set_key_board(key_board);
  out.set_key_table(key_table);
  out.set_key_room(key_room);
  out.set_sequence(r.sequence);
  out.set_slot_round(r.slot.round);
  out.set_slot_table(r.slot.table);
  out.set_slot_ns_pair(r.slot.ns_pair);
  out.set_slot_ew_pair(r.slot.ew_pair);
  out.set_board(r.board);
  out.set_room(r.room);
  ToTableResult(r.result, *out.mutable_result());
  out.set_ns_score(r.ns_score);
  out.set_confirmed(r.confirmed);
}

void Put(const RulingRecord& r, v1::SnapshotRuling& out) {
  out.set_sequence(r.sequence);
  *out.mutable_ruling() = r.ruling;
  *out.mutable_made_at() = TimeOf(r.made_at);
  out.set_from_appeal(r.from_appeal);
}

void Put(const OffenceDeduction& d, v1::SnapshotOffenceDeduction& out) {
  out.set_sequence(d.sequence);
  *out.mutable_offence() = d.offence;
}

void Put(const SessionState& s, v1::SnapshotSession& out) {
  out.set_number(s.number);
  *out.mutable_movement() = s.movement;
  out.set_movement_source(s.movement_source);
  out.set_phase(static_cast<int>(s.phase));
  for (const auto& [key, r] : s.results) {
    Put(r, key.first, key.second, 0, *out.add_results());
  }
  for (const RulingRecord& r : s.rulings) Put(r, *out.add_rulings());
  for (const OffenceDeduction& d : s.offence_deductions) {
    Put(d, *out.add_offence_deductions());
  }
  for (const SessionAdjustmentRecord& a : s.adjustments) {
    v1::SnapshotSessionAdjustment& to = *out.add_adjustments();
    to.set_sequence(a.sequence);
    *to.mutable_adjustment() = a.adjustment;
  }
}

void Put(const MatchRoundState& r, v1::SnapshotRound& out) {
  out.set_number(r.number);
  out.set_draw_sequence(r.draw_sequence);
  *out.mutable_draw_actor() = r.draw_actor;
  *out.mutable_draw() = r.draw;
  out.set_posted(r.posted);
  for (const auto& [key, result] : r.results) {
    Put(result, std::get<0>(key), std::get<1>(key), std::get<2>(key),
        *out.add_results());
  }
  for (const auto& [table, forfeit] : r.forfeits) {
    v1::SnapshotForfeit& to = *out.add_forfeits();
    to.set_table(table);
    *to.mutable_forfeit() = forfeit;
  }
  for (const RulingRecord& ruling : r.rulings) Put(ruling, *out.add_rulings());
  for (const OffenceDeduction& d : r.offence_deductions) {
    Put(d, *out.add_offence_deductions());
  }
}

void Put(int session, const SessionTimeline& t, v1::SnapshotTimeline& out) {
  out.set_session(session);
  if (t.scheduled_start)
    *out.mutable_scheduled_start() = TimeOf(*t.scheduled_start);
  if (t.scheduled_end) *out.mutable_scheduled_end() = TimeOf(*t.scheduled_end);
  out.set_last_of_stage(t.last_of_stage);
  for (uint64_t s : t.schedule_sequences) out.add_schedule_sequences(s);
  if (t.play_finished) *out.mutable_play_finished() = TimeOf(*t.play_finished);
  for (const auto& [table, at] : t.match_concluded) {
    v1::SnapshotTableTime& to = *out.add_match_concluded();
    to.set_table(table);
    *to.mutable_at() = TimeOf(at);
  }
  for (const auto& [table, at] : t.match_scores_agreed) {
    v1::SnapshotTableTime& to = *out.add_match_scores_agreed();
    to.set_table(table);
    *to.mutable_at() = TimeOf(at);
  }
  if (t.scores_posted) *out.mutable_scores_posted() = TimeOf(*t.scores_posted);
}

void Put(int number, const AppealRecord& a, v1::SnapshotAppeal& out) {
  out.set_number(number);
  *out.mutable_lodged_at() = TimeOf(a.lodged_at);
  *out.mutable_lodged() = a.lodged;
  if (a.submission) *out.mutable_submission() = *a.submission;
  if (a.reply) *out.mutable_reply() = *a.reply;
  if (a.heard) *out.mutable_heard() = *a.heard;
  if (a.decided) *out.mutable_decided() = *a.decided;
  if (a.withdrawn) *out.mutable_withdrawn() = *a.withdrawn;
  if (a.further) *out.mutable_further() = *a.further;
  for (uint64_t s : a.sequences) out.add_sequences(s);
}

absl::Status Put(const TournamentState& t, const CompetitionState& c,
                 const ProfileSpecOf& spec_of, v1::SnapshotCompetition& out) {
  out.set_id(c.id);
  out.set_name(c.name);
  out.set_kind(c.kind);
  absl::StatusOr<v1::RegulationProfileSpec> spec = spec_of(t, c);
  if (!spec.ok()) return spec.status();
  *out.mutable_profile_spec() = *std::move(spec);
  for (const auto& [number, players] : c.pairs) {
    v1::SnapshotEntrant& to = *out.add_pairs();
    to.set_number(number);
    for (const std::string& p : players) to.add_players(p);
  }
  for (const auto& [team, name] : c.team_names) {
    v1::SnapshotTeamName& to = *out.add_team_names();
    to.set_team(team);
    to.set_name(name);
  }
  for (const auto& [number, s] : c.sessions) Put(s, *out.add_sessions());
  for (const auto& [number, r] : c.rounds) Put(r, *out.add_rounds());
  for (const PenaltyRecord& p : c.penalties) {
    v1::SnapshotPenalty& to = *out.add_penalties();
    to.set_sequence(p.sequence);
    *to.mutable_penalty() = p.penalty;
    to.set_from_offence(p.from_offence);
  }
  for (const std::vector<int>& lot : c.lots) {
    v1::SnapshotLot& to = *out.add_lots();
    for (int e : lot) to.add_order(e);
  }
  for (const auto& [key, payload] : c.attendance) {
    v1::SnapshotAttendance& to = *out.add_attendance();
    to.set_session(key.first);
    to.set_pair(key.second);
    *to.mutable_payload() = payload;
  }
  if (c.qualification) *out.mutable_qualification() = *c.qualification;
  for (const auto& [entrant, w] : c.withdrawals) {
    v1::SnapshotWithdrawal& to = *out.add_withdrawals();
    to.set_entrant(entrant);
    *to.mutable_withdrawn() = w;
  }
  for (const v1::SeatingRightsChosen& s : c.seating_rights) {
    *out.add_seating_rights() = s;
  }
  for (const auto& [key, lineup] : c.lineups) {
    v1::SnapshotLineup& to = *out.add_lineups();
    to.set_round(std::get<0>(key));
    to.set_stanza(std::get<1>(key));
    to.set_team(std::get<2>(key));
    *to.mutable_lineup() = lineup;
  }
  for (const auto& [session, t] : c.timeline) {
    Put(session, t, *out.add_timeline());
  }
  if (c.stage_ended) *out.mutable_stage_ended() = TimeOf(*c.stage_ended);
  if (c.next_stage_start) {
    *out.mutable_next_stage_start() = TimeOf(*c.next_stage_start);
  }
  if (c.results_official) {
    *out.mutable_results_official() = TimeOf(*c.results_official);
  }
  for (const auto& [number, a] : c.appeals) Put(number, a, *out.add_appeals());
  for (const auto& [key, chosen] : c.datum_substitutes) {
    v1::SnapshotDatumSubstitutes& to = *out.add_datum_substitutes();
    to.set_session(key.first);
    to.set_board(key.second);
    *to.mutable_chosen() = chosen;
  }
  for (const OffenceDeduction& d : c.final_score_deductions) {
    Put(d, *out.add_final_score_deductions());
  }
  for (uint64_t s : c.event_sequences) out.add_event_sequences(s);
  return absl::OkStatus();
}

// Writes `message` as field `field` of the enclosing message, serialized
// deterministically.
void WriteField(int field, const google::protobuf::MessageLite& message,
                CodedOutputStream& out) {
  out.WriteTag(WireFormatLite::MakeTag(
      field, WireFormatLite::WIRETYPE_LENGTH_DELIMITED));
  out.WriteVarint32(static_cast<uint32_t>(message.ByteSizeLong()));
  message.SerializeWithCachedSizes(&out);
}

// -- Decoding ---------------------------------------------------------------

absl::StatusOr<EnteredResult> Take(const v1::SnapshotResult& r) {
  std::optional<CompactResult> result = CompactResultOf(r.result());
  if (!result.has_value()) {
    return Damaged("holds a result whose numbers are out of range");
  }
  EnteredResult out;
  out.sequence = r.sequence();
  out.slot = {r.slot_round(), r.slot_table(), r.slot_ns_pair(),
              r.slot_ew_pair()};
  out.board = r.board();
  out.room = r.room();
  out.result = *result;
  out.ns_score = r.ns_score();
  out.confirmed = r.confirmed();
  return out;
}

RulingRecord Take(v1::SnapshotRuling& r) {
  RulingRecord out;
  out.sequence = r.sequence();
  out.ruling.Swap(r.mutable_ruling());
  out.made_at = FromTime(r.made_at());
  out.from_appeal = r.from_appeal();
  return out;
}

OffenceDeduction Take(v1::SnapshotOffenceDeduction& d) {
  OffenceDeduction out;
  out.sequence = d.sequence();
  out.offence.Swap(d.mutable_offence());
  return out;
}

std::optional<absl::Time> OptionalTime(bool has, const v1::SnapshotTime& t) {
  if (!has) return std::nullopt;
  return FromTime(t);
}

absl::StatusOr<SessionState> Take(v1::SnapshotSession& s) {
  SessionState out;
  out.number = s.number();
  out.movement.Swap(s.mutable_movement());
  out.movement_source = std::move(*s.mutable_movement_source());
  if (s.phase() < 0 || s.phase() > static_cast<int>(SessionPhase::kPosted)) {
    return Damaged("holds a session phase that does not exist");
  }
  out.phase = static_cast<SessionPhase>(s.phase());
  if (absl::Status indexed = IndexMovement(out.movement, out); !indexed.ok()) {
    return Damaged(absl::StrCat("holds a movement that does not index: ",
                                indexed.message()));
  }
  // Sized as the fold sizes it (for every slot), or for every result held.
  out.results.reserve(std::max<size_t>(out.slots.size(), s.results_size()));
  for (const v1::SnapshotResult& r : s.results()) {
    const std::pair<int, int> key{r.key_board(), r.key_table()};
    TALLY_ASSIGN_OR_RETURN(EnteredResult result, Take(r));
    out.results.emplace_hint(out.results.end(), key, result);
  }
  for (v1::SnapshotRuling& r : *s.mutable_rulings()) {
    out.rulings.push_back(Take(r));
  }
  for (v1::SnapshotOffenceDeduction& d : *s.mutable_offence_deductions()) {
    out.offence_deductions.push_back(Take(d));
  }
  for (v1::SnapshotSessionAdjustment& a : *s.mutable_adjustments()) {
    SessionAdjustmentRecord record;
    record.sequence = a.sequence();
    record.adjustment.Swap(a.mutable_adjustment());
    out.adjustments.push_back(std::move(record));
  }
  return out;
}

absl::StatusOr<MatchRoundState> Take(v1::SnapshotRound& r) {
  MatchRoundState out;
  out.number = r.number();
  out.draw_sequence = r.draw_sequence();
  out.draw_actor.Swap(r.mutable_draw_actor());
  out.draw.Swap(r.mutable_draw());
  out.posted = r.posted();
  for (const v1::SnapshotResult& result : r.results()) {
    const std::tuple<int, int, int> key{result.key_board(), result.key_table(),
                                        result.key_room()};
    TALLY_ASSIGN_OR_RETURN(EnteredResult entered, Take(result));
    out.results.emplace_hint(out.results.end(), key, entered);
  }
  for (v1::SnapshotForfeit& f : *r.mutable_forfeits()) {
    out.forfeits[f.table()].Swap(f.mutable_forfeit());
  }
  for (v1::SnapshotRuling& ruling : *r.mutable_rulings()) {
    out.rulings.push_back(Take(ruling));
  }
  for (v1::SnapshotOffenceDeduction& d : *r.mutable_offence_deductions()) {
    out.offence_deductions.push_back(Take(d));
  }
  return out;
}

SessionTimeline Take(const v1::SnapshotTimeline& t) {
  SessionTimeline out;
  out.scheduled_start =
      OptionalTime(t.has_scheduled_start(), t.scheduled_start());
  out.scheduled_end = OptionalTime(t.has_scheduled_end(), t.scheduled_end());
  out.last_of_stage = t.last_of_stage();
  out.schedule_sequences.assign(t.schedule_sequences().begin(),
                                t.schedule_sequences().end());
  out.play_finished = OptionalTime(t.has_play_finished(), t.play_finished());
  for (const v1::SnapshotTableTime& at : t.match_concluded()) {
    out.match_concluded[at.table()] = FromTime(at.at());
  }
  for (const v1::SnapshotTableTime& at : t.match_scores_agreed()) {
    out.match_scores_agreed[at.table()] = FromTime(at.at());
  }
  out.scores_posted = OptionalTime(t.has_scores_posted(), t.scores_posted());
  return out;
}

AppealRecord Take(v1::SnapshotAppeal& a) {
  AppealRecord out;
  out.lodged_at = FromTime(a.lodged_at());
  out.lodged.Swap(a.mutable_lodged());
  if (a.has_submission()) out.submission = std::move(*a.mutable_submission());
  if (a.has_reply()) out.reply = std::move(*a.mutable_reply());
  if (a.has_heard()) out.heard = std::move(*a.mutable_heard());
  if (a.has_decided()) out.decided = std::move(*a.mutable_decided());
  if (a.has_withdrawn()) out.withdrawn = std::move(*a.mutable_withdrawn());
  if (a.has_further()) out.further = std::move(*a.mutable_further());
  out.sequences.assign(a.sequences().begin(), a.sequences().end());
  return out;
}

absl::StatusOr<CompetitionState> Take(v1::SnapshotCompetition& c) {
  CompetitionState out;
  out.id = std::move(*c.mutable_id());
  out.name = std::move(*c.mutable_name());
  out.kind = c.kind();
  absl::StatusOr<core::RegulationProfile> profile =
      ProfileFromSpec(c.profile_spec());
  if (!profile.ok()) {
    return Damaged(absl::StrCat(
        "holds competition '", out.id,
        "' whose profile does not load: ", profile.status().message()));
  }
  out.profile = *std::move(profile);
  for (v1::SnapshotEntrant& e : *c.mutable_pairs()) {
    out.pairs[e.number()].assign(e.players().begin(), e.players().end());
  }
  for (v1::SnapshotTeamName& t : *c.mutable_team_names()) {
    out.team_names[t.team()] = std::move(*t.mutable_name());
  }
  for (v1::SnapshotSession& s : *c.mutable_sessions()) {
    absl::StatusOr<SessionState> session = Take(s);
    if (!session.ok()) return session.status();
    const int number = s.number();
    out.sessions.emplace_hint(out.sessions.end(), number, *std::move(session));
  }
  for (v1::SnapshotRound& r : *c.mutable_rounds()) {
    const int number = r.number();
    absl::StatusOr<MatchRoundState> round = Take(r);
    if (!round.ok()) return round.status();
    out.rounds.emplace_hint(out.rounds.end(), number, *std::move(round));
  }
  for (v1::SnapshotPenalty& p : *c.mutable_penalties()) {
    PenaltyRecord record;
    record.sequence = p.sequence();
    record.penalty.Swap(p.mutable_penalty());
    record.from_offence = p.from_offence();
    out.penalties.push_back(std::move(record));
  }
  for (const v1::SnapshotLot& lot : c.lots()) {
    out.lots.emplace_back(lot.order().begin(), lot.order().end());
  }
  for (v1::SnapshotAttendance& a : *c.mutable_attendance()) {
    out.attendance[{a.session(), a.pair()}].Swap(a.mutable_payload());
  }
  if (c.has_qualification()) {
    out.qualification = std::move(*c.mutable_qualification());
  }
  for (v1::SnapshotWithdrawal& w : *c.mutable_withdrawals()) {
    out.withdrawals[w.entrant()].Swap(w.mutable_withdrawn());
  }
  for (v1::SeatingRightsChosen& s : *c.mutable_seating_rights()) {
    out.seating_rights.push_back(std::move(s));
  }
  for (v1::SnapshotLineup& l : *c.mutable_lineups()) {
    out.lineups[{l.round(), l.stanza(), l.team()}].Swap(l.mutable_lineup());
  }
  for (const v1::SnapshotTimeline& t : c.timeline()) {
    out.timeline[t.session()] = Take(t);
  }
  out.stage_ended = OptionalTime(c.has_stage_ended(), c.stage_ended());
  out.next_stage_start =
      OptionalTime(c.has_next_stage_start(), c.next_stage_start());
  out.results_official =
      OptionalTime(c.has_results_official(), c.results_official());
  for (v1::SnapshotAppeal& a : *c.mutable_appeals()) {
    const int number = a.number();
    out.appeals.emplace(number, Take(a));
  }
  for (v1::SnapshotDatumSubstitutes& d : *c.mutable_datum_substitutes()) {
    out.datum_substitutes[{d.session(), d.board()}].Swap(d.mutable_chosen());
  }
  for (v1::SnapshotOffenceDeduction& d : *c.mutable_final_score_deductions()) {
    out.final_score_deductions.push_back(Take(d));
  }
  out.event_sequences.assign(c.event_sequences().begin(),
                             c.event_sequences().end());
  return out;
}

absl::StatusOr<TournamentState> Take(v1::SnapshotTournament& t) {
  TournamentState out;
  out.id = std::move(*t.mutable_id());
  out.name = std::move(*t.mutable_name());
  out.time_zone_name = std::move(*t.mutable_time_zone_name());
  // As Evolve's SetTimeZone: a zone this machine lacks reads as UTC.
  out.time_zone =
      LoadTournamentTimeZone(out.time_zone_name).value_or(absl::UTCTimeZone());
  out.version = t.version();
  for (v1::SnapshotCompetition& c : *t.mutable_competitions()) {
    absl::StatusOr<CompetitionState> competition = Take(c);
    if (!competition.ok()) return competition.status();
    std::string id = competition->id;
    out.competitions.emplace_hint(out.competitions.end(), std::move(id),
                                  *std::move(competition));
  }
  out.event_sequences.assign(t.event_sequences().begin(),
                             t.event_sequences().end());
  return out;
}

}  // namespace

ProfileSpecOf ProfileSpecsFromStore(const EventStore& store) {
  return [&store](const TournamentState& t, const CompetitionState& c)
             -> absl::StatusOr<v1::RegulationProfileSpec> {
    const uint64_t created =
        c.event_sequences.empty() ? 0 : c.event_sequences.front();
    absl::StatusOr<std::string> raw = store.ReadRaw(created);
    if (!raw.ok()) return raw.status();
    absl::StatusOr<v1::Event> event = DecodeEvent(created, *raw);
    if (!event.ok()) return event.status();
    if (event->tournament_id() != t.id ||
        !event->payload().has_competition_created() ||
        event->payload().competition_created().competition_id() != c.id) {
      return absl::DataLossError(absl::StrCat(
          "event ", created, " is not the creation of competition '", c.id,
          "' of tournament '", t.id, "'"));
    }
    return std::move(*event->mutable_payload()
                          ->mutable_competition_created()
                          ->mutable_profile());
  };
}

absl::StatusOr<std::string> EncodeState(const State& state,
                                        const ProfileSpecOf& spec_of) {
  std::string bytes;
  {
    StringOutputStream stream(&bytes);
    CodedOutputStream out(&stream);
    out.SetSerializationDeterministic(true);
    // Field by field, one tournament at a time, so that no second copy of
    // the whole State is made (these are the bytes SnapshotState would
    // serialize to).
    for (const auto& [id, t] : state.tournaments) {
      v1::SnapshotTournament tournament;
      tournament.set_id(t.id);
      tournament.set_name(t.name);
      tournament.set_time_zone_name(t.time_zone_name);
      tournament.set_version(t.version);
      for (const auto& [cid, c] : t.competitions) {
        if (absl::Status s = Put(t, c, spec_of, *tournament.add_competitions());
            !s.ok()) {
          return s;
        }
      }
      for (uint64_t s : t.event_sequences) tournament.add_event_sequences(s);
      WriteField(v1::SnapshotState::kTournamentsFieldNumber, tournament, out);
    }
    v1::SnapshotState rest;
    for (const OffenceEntry& o : state.offences) {
      v1::SnapshotOffenceEntry& to = *rest.add_offences();
      to.set_sequence(o.sequence);
      to.set_tournament_id(o.tournament_id);
      *to.mutable_offence() = o.offence;
    }
    rest.set_last_sequence(state.last_sequence);
    rest.set_last_hash(state.last_hash);
    *rest.mutable_last_received() = TimeOf(state.last_received);
    rest.SerializeToCodedStream(&out);
  }
  return bytes;
}

absl::StatusOr<State> DecodeState(absl::string_view bytes) {
  State state;
  CodedInputStream in(reinterpret_cast<const uint8_t*>(bytes.data()),
                      static_cast<int>(bytes.size()));
  v1::SnapshotState rest;
  // Tournaments are parsed one at a time (no second copy of the whole
  // State); everything else is merged into `rest`.
  while (const uint32_t tag = in.ReadTag()) {
    const int field = WireFormatLite::GetTagFieldNumber(tag);
    if (field == v1::SnapshotState::kTournamentsFieldNumber &&
        WireFormatLite::GetTagWireType(tag) ==
            WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
      uint32_t length = 0;
      if (!in.ReadVarint32(&length) ||
          length > bytes.size() - in.CurrentPosition()) {
        return Damaged("is cut short");
      }
      v1::SnapshotTournament t;
      if (!t.ParseFromArray(bytes.data() + in.CurrentPosition(),
                            static_cast<int>(length))) {
        return Damaged("holds a tournament that does not parse");
      }
      in.Skip(static_cast<int>(length));
      absl::StatusOr<TournamentState> tournament = Take(t);
      if (!tournament.ok()) return tournament.status();
      state.tournaments.Add(*std::move(tournament));
      continue;
    }
    // Any other field: parsed as SnapshotState's (one field at a time).
    const int start =
        in.CurrentPosition() - CodedOutputStream::VarintSize32(tag);
    if (!WireFormatLite::SkipField(&in, tag)) return Damaged("does not parse");
    v1::SnapshotState part;
    if (!part.ParseFromArray(bytes.data() + start,
                             in.CurrentPosition() - start)) {
      return Damaged("does not parse");
    }
    rest.MergeFrom(part);
  }
  if (!in.ConsumedEntireMessage() ||
      static_cast<size_t>(in.CurrentPosition()) != bytes.size()) {
    return Damaged("does not parse");
  }
  for (v1::SnapshotOffenceEntry& o : *rest.mutable_offences()) {
    OffenceEntry entry;
    entry.sequence = o.sequence();
    entry.tournament_id = std::move(*o.mutable_tournament_id());
    entry.offence.Swap(o.mutable_offence());
    state.offences.push_back(std::move(entry));
  }
  state.last_sequence = rest.last_sequence();
  state.last_hash = std::move(*rest.mutable_last_hash());
  state.last_received = FromTime(rest.last_received());
  return state;
}

}  // namespace tally::replay
