#include "replay/snapshot/state_codec.h"

#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/log/codec.h"
#include "replay/snapshot/rich_log_for_test.h"
#include "replay/state/state.h"

namespace tally::replay {
namespace {

using ::testing::IsEmpty;

// The profile spec of each competition, from the log's CompetitionCreated
// (what ProfileSpecsFromStore reads from the store).
// `check`: the competition is the one created there (false for States
// changed on purpose).
ProfileSpecOf SpecsOf(const std::vector<v1::Event>& events, bool check = true) {
  return [&events, check](const TournamentState& t, const CompetitionState& c)
             -> absl::StatusOr<v1::RegulationProfileSpec> {
    const v1::Event& created = events.at(c.event_sequences.front() - 1);
    if (check) {
      EXPECT_EQ(created.tournament_id(), t.id);
      EXPECT_EQ(created.payload().competition_created().competition_id(), c.id);
    }
    return created.payload().competition_created().profile();
  };
}

State Fold(const std::vector<v1::Event>& events, size_t from, size_t to,
           State state = State()) {
  for (size_t i = from; i < to; ++i) {
    absl::Status s = Evolve(events[i], state);
    EXPECT_TRUE(s.ok()) << "event " << i + 1 << ": " << s;
  }
  return state;
}

std::string Bytes(const State& state, const std::vector<v1::Event>& events,
                  bool check = true) {
  absl::StatusOr<std::string> bytes =
      EncodeState(state, SpecsOf(events, check));
  EXPECT_TRUE(bytes.ok()) << bytes.status();
  return bytes.value_or("");
}

TEST(RichLogTest, HoldsEveryKindOfEvent) {
  std::set<int> seen;
  for (const v1::Event& e : RichLogForTest())
    seen.insert(e.payload().kind_case());
  std::vector<std::string> missing;
  const auto* oneof = v1::EventPayload::descriptor()->FindOneofByName("kind");
  for (int i = 0; i < oneof->field_count(); ++i) {
    if (!seen.contains(oneof->field(i)->number())) {
      missing.push_back(oneof->field(i)->name());
    }
  }
  EXPECT_THAT(missing, IsEmpty())
      << "add the new kinds of event to rich_log_for_test.cc";
}

// At every point of the log, the snapshot of the State there, decoded and
// folded on to the end, encodes to the bytes of a full replay; and decoding
// a snapshot gives back its own bytes.
TEST(StateCodecTest, SnapshotAtEveryPrefixPlusTheTailEqualsAFullReplay) {
  const std::vector<v1::Event> events = RichLogForTest();
  const State full = Fold(events, 0, events.size());
  ASSERT_EQ(full.last_sequence, events.size());
  const std::string want = Bytes(full, events);
  for (size_t k = 0; k <= events.size(); ++k) {
    SCOPED_TRACE(k);
    const State prefix = Fold(events, 0, k);
    const std::string snapshot = Bytes(prefix, events);
    absl::StatusOr<State> loaded = DecodeState(snapshot);
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    EXPECT_EQ(Bytes(*loaded, events), snapshot);
    const State folded = Fold(events, k, events.size(), *std::move(loaded));
    EXPECT_EQ(Bytes(folded, events), want);
    // The members the decoder derives, as Evolve derived them.
    for (const auto& [id, t] : full.tournaments) {
      const TournamentState& u = folded.tournaments.at(id);
      EXPECT_EQ(u.time_zone, t.time_zone);
      for (const auto& [cid, c] : t.competitions) {
        const CompetitionState& d = u.competitions.at(cid);
        EXPECT_EQ(d.profile.name, c.profile.name);
        EXPECT_EQ(d.profile.title, c.profile.title);
        for (const auto& [n, s] : c.sessions) {
          EXPECT_EQ(d.sessions.at(n).times_scheduled, s.times_scheduled);
          ASSERT_EQ(d.sessions.at(n).slots.size(), s.slots.size());
          for (const auto& [key, slot] : s.slots) {
            const TableSlot& e = d.sessions.at(n).slots.at(key);
            EXPECT_EQ(
                std::tie(e.round, e.table, e.ns_pair, e.ew_pair),
                std::tie(slot.round, slot.table, slot.ns_pair, slot.ew_pair));
          }
        }
      }
    }
  }
}

// Every member of the State is written: changing any one changes the
// bytes (so the equalities above cannot pass on a member left out).
TEST(StateCodecTest, EveryMemberIsInTheBytes) {
  const std::vector<v1::Event> events = RichLogForTest();
  const State full = Fold(events, 0, events.size());
  const std::string bytes = Bytes(full, events);
  auto t = [](State& s) -> TournamentState& { return s.tournaments.at("t"); };
  auto mp = [&](State& s) -> CompetitionState& {
    return t(s).competitions.at("mp");
  };
  auto sw = [&](State& s) -> CompetitionState& {
    return t(s).competitions.at("sw");
  };
  auto session = [&](State& s) -> SessionState& {
    return mp(s).sessions.at(1);
  };
  auto round = [&](State& s) -> MatchRoundState& { return sw(s).rounds.at(1); };
  auto timeline = [&](State& s) -> SessionTimeline& {
    return mp(s).timeline.at(1);
  };
  auto result = [&](State& s) -> EnteredResult& {
    return session(s).results.begin()->second;
  };
  const std::vector<std::pair<const char*, std::function<void(State&)>>>
      changes = {
          {"State::tournaments", [](State& s) { s.tournaments.erase("u"); }},
          {"State::offences", [](State& s) { s.offences.pop_back(); }},
          {"State::last_sequence", [](State& s) { ++s.last_sequence; }},
          {"State::last_hash", [](State& s) { s.last_hash[0] ^= 1; }},
          {"State::last_received",
           [](State& s) { s.last_received += absl::Nanoseconds(1); }},
          {"OffenceEntry::sequence",
           [](State& s) { ++s.offences[0].sequence; }},
          {"OffenceEntry::tournament_id",
           [](State& s) { s.offences[0].tournament_id = "x"; }},
          {"OffenceEntry::offence",
           [](State& s) { s.offences[0].offence.set_day("2026-01-01"); }},
          {"TournamentState::id", [&](State& s) { t(s).id = "x"; }},
          {"TournamentState::name", [&](State& s) { t(s).name = "x"; }},
          {"TournamentState::time_zone_name",
           [&](State& s) { t(s).time_zone_name = "UTC"; }},
          {"TournamentState::version", [&](State& s) { ++t(s).version; }},
          {"TournamentState::competitions",
           [&](State& s) { t(s).competitions.erase("bt"); }},
          {"TournamentState::event_sequences",
           [&](State& s) { t(s).event_sequences.pop_back(); }},
          {"CompetitionState::id", [&](State& s) { mp(s).id = "x"; }},
          {"CompetitionState::name", [&](State& s) { mp(s).name = "x"; }},
          {"CompetitionState::kind",
           [&](State& s) { mp(s).kind = v1::COMPETITION_KIND_SWISS_PAIRS; }},
          {"CompetitionState::pairs", [&](State& s) { mp(s).pairs.erase(1); }},
          {"CompetitionState::pairs players",
           [&](State& s) { mp(s).pairs[1].push_back("x"); }},
          {"CompetitionState::team_names",
           [&](State& s) { sw(s).team_names[1] = "x"; }},
          {"CompetitionState::sessions",
           [&](State& s) { mp(s).sessions.erase(1); }},
          {"CompetitionState::rounds",
           [&](State& s) { sw(s).rounds.erase(1); }},
          {"CompetitionState::penalties",
           [&](State& s) { sw(s).penalties.pop_back(); }},
          {"PenaltyRecord::sequence",
           [&](State& s) { ++sw(s).penalties[0].sequence; }},
          {"PenaltyRecord::penalty",
           [&](State& s) { sw(s).penalties[0].penalty.set_reason("x"); }},
          {"PenaltyRecord::from_offence",
           [&](State& s) {
             sw(s).penalties[0].from_offence = !sw(s).penalties[0].from_offence;
           }},
          {"CompetitionState::lots",
           [&](State& s) { mp(s).lots[0].push_back(9); }},
          {"CompetitionState::attendance",
           [&](State& s) { mp(s).attendance.erase(mp(s).attendance.begin()); }},
          {"CompetitionState::qualification",
           [&](State& s) { t(s).competitions.at("ko").qualification.reset(); }},
          {"CompetitionState::withdrawals",
           [&](State& s) { sw(s).withdrawals.clear(); }},
          {"CompetitionState::seating_rights",
           [&](State& s) { sw(s).seating_rights.clear(); }},
          {"CompetitionState::lineups",
           [&](State& s) { sw(s).lineups.clear(); }},
          {"CompetitionState::timeline",
           [&](State& s) { mp(s).timeline.erase(1); }},
          {"CompetitionState::stage_ended",
           [&](State& s) { mp(s).stage_ended.reset(); }},
          {"CompetitionState::next_stage_start",
           [&](State& s) { *mp(s).next_stage_start += absl::Nanoseconds(1); }},
          {"CompetitionState::results_official",
           [&](State& s) { mp(s).results_official.reset(); }},
          {"CompetitionState::appeals",
           [&](State& s) { mp(s).appeals.erase(3); }},
          {"CompetitionState::datum_substitutes",
           [&](State& s) { mp(s).datum_substitutes.clear(); }},
          {"CompetitionState::final_score_deductions",
           [&](State& s) { mp(s).final_score_deductions.clear(); }},
          {"CompetitionState::event_sequences",
           [&](State& s) { mp(s).event_sequences.pop_back(); }},
          {"SessionState::number", [&](State& s) { ++session(s).number; }},
          {"SessionState::movement",
           [&](State& s) {
             session(s).movement.mutable_rounds(0)->set_round(2);
           }},
          {"SessionState::movement_source",
           [&](State& s) { session(s).movement_source = "x"; }},
          {"SessionState::phase",
           [&](State& s) { session(s).phase = SessionPhase::kInPlay; }},
          {"SessionState::results",
           [&](State& s) {
             session(s).results.erase(session(s).results.begin());
           }},
          {"SessionState::rulings",
           [&](State& s) { session(s).rulings.pop_back(); }},
          {"SessionState::offence_deductions",
           [&](State& s) { session(s).offence_deductions.clear(); }},
          {"SessionState::adjustments",
           [&](State& s) { session(s).adjustments.clear(); }},
          {"SessionAdjustmentRecord::sequence",
           [&](State& s) { ++session(s).adjustments[0].sequence; }},
          {"SessionAdjustmentRecord::adjustment",
           [&](State& s) { session(s).adjustments[0].adjustment.set_pair(9); }},
          {"OffenceDeduction::sequence",
           [&](State& s) { ++session(s).offence_deductions[0].sequence; }},
          {"OffenceDeduction::offence",
           [&](State& s) {
             session(s).offence_deductions[0].offence.set_day("x");
           }},
          {"RulingRecord::sequence",
           [&](State& s) { ++session(s).rulings[0].sequence; }},
          {"RulingRecord::ruling",
           [&](State& s) { session(s).rulings[0].ruling.set_text("x"); }},
          {"RulingRecord::made_at",
           [&](State& s) {
             session(s).rulings[0].made_at += absl::Seconds(1);
           }},
          {"RulingRecord::from_appeal",
           [&](State& s) { session(s).rulings[0].from_appeal = true; }},
          {"EnteredResult::sequence", [&](State& s) { ++result(s).sequence; }},
          {"TableSlot::round", [&](State& s) { ++result(s).slot.round; }},
          {"TableSlot::table", [&](State& s) { ++result(s).slot.table; }},
          {"TableSlot::ns_pair", [&](State& s) { ++result(s).slot.ns_pair; }},
          {"TableSlot::ew_pair", [&](State& s) { ++result(s).slot.ew_pair; }},
          {"EnteredResult::board", [&](State& s) { ++result(s).board; }},
          {"EnteredResult::room",
           [&](State& s) { result(s).room = v1::ROOM_OPEN; }},
          // The first result of the session is a played contract.
          {"CompactResult::outcome",
           [&](State& s) {
             result(s).result.outcome = CompactResult::Outcome::kPassedOut;
           }},
          {"CompactResult::level", [&](State& s) { --result(s).result.level; }},
          {"CompactResult::strain",
           [&](State& s) { ++result(s).result.strain; }},
          {"CompactResult::doubling",
           [&](State& s) { ++result(s).result.doubling; }},
          {"CompactResult::declarer",
           [&](State& s) { ++result(s).result.declarer; }},
          {"CompactResult::tricks",
           [&](State& s) { --result(s).result.tricks; }},
          {"EnteredResult::ns_score", [&](State& s) { ++result(s).ns_score; }},
          {"EnteredResult::confirmed",
           [&](State& s) { result(s).confirmed = !result(s).confirmed; }},
          {"SessionState::results key",
           [&](State& s) {
             auto first = *session(s).results.begin();
             session(s).results.erase(session(s).results.begin());
             first.first.second += 10;
             session(s).results.try_emplace(first.first, first.second);
           }},
          {"MatchRoundState::number", [&](State& s) { ++round(s).number; }},
          {"MatchRoundState::draw_sequence",
           [&](State& s) { ++round(s).draw_sequence; }},
          {"MatchRoundState::draw_actor",
           [&](State& s) { round(s).draw_actor.set_device("x"); }},
          {"MatchRoundState::draw",
           [&](State& s) { round(s).draw.set_seed(1); }},
          {"MatchRoundState::posted",
           [&](State& s) { round(s).posted = !round(s).posted; }},
          {"MatchRoundState::results",
           [&](State& s) { round(s).results.erase(round(s).results.begin()); }},
          {"MatchRoundState::results key",
           [&](State& s) {
             auto node = round(s).results.extract(round(s).results.begin());
             std::get<2>(node.key()) = v1::ROOM_UNSPECIFIED;
             round(s).results.insert(std::move(node));
           }},
          {"MatchRoundState::forfeits",
           [&](State& s) { round(s).forfeits.clear(); }},
          {"MatchRoundState::rulings",
           [&](State& s) { round(s).rulings.clear(); }},
          {"MatchRoundState::offence_deductions",
           [&](State& s) { round(s).offence_deductions.clear(); }},
          {"SessionTimeline::scheduled_start",
           [&](State& s) { timeline(s).scheduled_start.reset(); }},
          {"SessionTimeline::scheduled_end",
           [&](State& s) { *timeline(s).scheduled_end -= absl::Seconds(1); }},
          {"SessionTimeline::last_of_stage",
           [&](State& s) { timeline(s).last_of_stage = false; }},
          {"SessionTimeline::schedule_sequences",
           [&](State& s) { timeline(s).schedule_sequences.pop_back(); }},
          {"SessionTimeline::play_finished",
           [&](State& s) { timeline(s).play_finished.reset(); }},
          {"SessionTimeline::match_concluded",
           [&](State& s) { sw(s).timeline.at(1).match_concluded.clear(); }},
          {"SessionTimeline::match_scores_agreed",
           [&](State& s) { sw(s).timeline.at(1).match_scores_agreed.clear(); }},
          {"SessionTimeline::scores_posted",
           [&](State& s) { timeline(s).scores_posted.reset(); }},
          {"AppealRecord::lodged_at",
           [&](State& s) {
             mp(s).appeals.at(1).lodged_at += absl::Seconds(1);
           }},
          {"AppealRecord::lodged",
           [&](State& s) { mp(s).appeals.at(1).lodged.set_grounds("x"); }},
          {"AppealRecord::submission",
           [&](State& s) { mp(s).appeals.at(1).submission.reset(); }},
          {"AppealRecord::reply",
           [&](State& s) { mp(s).appeals.at(1).reply.reset(); }},
          {"AppealRecord::heard",
           [&](State& s) { mp(s).appeals.at(1).heard.reset(); }},
          {"AppealRecord::decided",
           [&](State& s) { mp(s).appeals.at(1).decided.reset(); }},
          {"AppealRecord::withdrawn",
           [&](State& s) { mp(s).appeals.at(2).withdrawn.reset(); }},
          {"AppealRecord::further",
           [&](State& s) { mp(s).appeals.at(3).further.reset(); }},
          {"AppealRecord::sequences",
           [&](State& s) { mp(s).appeals.at(1).sequences.pop_back(); }},
      };
  for (const auto& [member, change] : changes) {
    State changed = full;
    change(changed);
    EXPECT_NE(Bytes(changed, events, /*check=*/false), bytes)
        << member << " is not written";
  }
}

// Start-up checks the events a snapshot holds without parsing their
// payloads: it must check exactly what the full decoding checks and read
// the same tournament, key, hash and kind.
TEST(LinkedEventHeadTest, ChecksAndReadsWhatTheFullDecodingDoes) {
  const std::vector<v1::Event> events = RichLogForTest();
  LinkedEventHead head;
  for (const v1::Event& e : events) {
    SCOPED_TRACE(e.sequence());
    v1::Event plain = e;
    plain.clear_hash();
    const std::string raw = EncodeEvent(plain).SerializeAsString();
    absl::StatusOr<v1::Event> full =
        DecodeLinkedEvent(e.sequence(), raw, e.previous_hash());
    ASSERT_TRUE(full.ok()) << full.status();
    ASSERT_TRUE(
        DecodeLinkedEventHead(e.sequence(), raw, e.previous_hash(), head).ok());
    EXPECT_EQ(head.tournament_id, full->tournament_id());
    EXPECT_EQ(head.idempotency_key, full->idempotency_key());
    EXPECT_EQ(head.hash, full->hash());
    EXPECT_EQ(head.payload_kind, full->payload().kind_case());
    // Another place in the chain, another previous hash, damaged bytes.
    EXPECT_EQ(
        DecodeLinkedEventHead(e.sequence() + 1, raw, e.previous_hash(), head)
            .code(),
        absl::StatusCode::kDataLoss);
    EXPECT_EQ(DecodeLinkedEventHead(e.sequence(), raw, e.hash(), head).code(),
              absl::StatusCode::kDataLoss);
    for (size_t at : {size_t{0}, size_t{3}, raw.size() / 2, raw.size() - 1}) {
      std::string damaged = raw;
      damaged[at] ^= 0x01;
      EXPECT_EQ(DecodeLinkedEvent(e.sequence(), damaged, e.previous_hash())
                    .status()
                    .code(),
                absl::StatusCode::kDataLoss);
      EXPECT_EQ(
          DecodeLinkedEventHead(e.sequence(), damaged, e.previous_hash(), head)
              .code(),
          absl::StatusCode::kDataLoss)
          << "byte " << at;
    }
    EXPECT_EQ(DecodeLinkedEventHead(e.sequence(), raw.substr(0, raw.size() - 1),
                                    e.previous_hash(), head)
                  .code(),
              absl::StatusCode::kDataLoss);
  }
}

TEST(StateCodecTest, DamagedBytesAreRefusedNotCrashedOn) {
  const std::vector<v1::Event> events = RichLogForTest();
  const std::string bytes = Bytes(Fold(events, 0, events.size()), events);
  EXPECT_FALSE(DecodeState(bytes.substr(0, bytes.size() / 2)).ok());
  EXPECT_FALSE(DecodeState(std::string(40, '\xff')).ok());
}

}  // namespace
}  // namespace tally::replay
