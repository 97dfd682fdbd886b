// State: everything the log says so far, folded into plain structs, and
// Evolve(), the fold. State answers "what is" (tournaments, pairs, sessions,
// results); projections such as standings are computed from it on demand.
//
// Evolve is deterministic: the same events in the same order give the same
// State on any machine. It reads no clock and uses only ordered containers.
// Events reaching Evolve were decided against the same State, so a failure
// means a bug or a damaged log, never bad user input.
//
// Intentionally copyable, and cheap to copy: a copy shares every tournament
// with the original until one of them changes it (SharedTournaments), so
// the log's published State and its writer's share what neither changed.
// Thread-compatible.

#ifndef TALLY_REPLAY_STATE_H_
#define TALLY_REPLAY_STATE_H_

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "core/profile/profile.h"
#include "replay/state/appeal_state.h"
#include "replay/state/compact_result.h"
#include "replay/state/flat_map.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// Where a pair pair sits for a board: the round, the table and the pairs.
struct TableSlot {
  int round = 0;
  int table = 0;
  int ns_pair = 0;
  int ew_pair = 0;
};

// One table's result on a board: 48 bytes, no allocation of its own (a
// log's State holds one per entered result; issue #19).
struct EnteredResult {
  uint64_t sequence = 0;  // the ResultEntered (or ResultCorrected) event
  TableSlot slot;
  int board = 0;
  v1::Room room = v1::ROOM_UNSPECIFIED;  // teams matches
  CompactResult result;  // ToTableResult gives the v1::TableResult entered
  int ns_score = 0;
  bool confirmed = false;
};

// A director's ruling (RulingMade) as the log holds it; which rulings are
// in force is replay/state/rulings.h's question.
struct RulingRecord {
  uint64_t sequence = 0;  // the RulingMade event
  v1::RulingMade ruling;
  // When the ruling was made: the RulingMade's receipt time (ANC SR 6.2
  // asks whether it was "made after the session").
  absl::Time made_at = absl::InfinitePast();
  // The appeals committee's varied decision (AppealDecided), not a
  // director's ruling: final, or open only to the further body (SABF TR 7,
  // NSW TR 2.2).
  bool from_appeal = false;
};

enum class SessionPhase { kDefined, kInPlay, kPosted };

// An offence's deduction off a session's or a knock-out round's totals
// (OffenceRecorded with matchpoints or IMPs:
// replay/rulings/offence_deduction.h).
struct OffenceDeduction {
  uint64_t sequence = 0;  // the OffenceRecorded event
  v1::OffenceRecorded offence;
};

// A director's session adjustment to one pair's matchpoint total
// (SessionAdjustmentMade; replay/pairs/session_adjustments.h).
struct SessionAdjustmentRecord {
  uint64_t sequence = 0;
  v1::SessionAdjustmentMade adjustment;
};

struct SessionState {
  int number = 0;
  v1::Movement movement;
  std::string movement_source;
  SessionPhase phase = SessionPhase::kDefined;
  // (table, board) -> the slot that plays it. Built from the movement.
  FlatMap<std::pair<int, int>, TableSlot> slots;
  // board -> how many tables the movement has play it.
  std::map<int, int> times_scheduled;
  // (board, table) -> the result entered there. A sorted vector, not a
  // map (replay/state/flat_map.h): the fold sizes it for every slot
  // at its first result.
  FlatMap<std::pair<int, int>, EnteredResult> results;
  std::vector<RulingRecord> rulings;  // in log order
  // Matchpoints (matchpoint pairs) or IMPs and VPs (Butler pairs), in log
  // order.
  std::vector<OffenceDeduction> offence_deductions;
  // Matchpoint pairs: the director's adjustments that may add, in log order.
  std::vector<SessionAdjustmentRecord> adjustments;
};

// One round of an event of matches: its stored draw and the results of its
// matches. The round's boards are played by every match.
struct MatchRoundState {
  int number = 0;
  uint64_t draw_sequence = 0;  // the DrawMade event
  v1::Actor draw_actor;
  v1::DrawMade draw;
  bool posted = false;
  // (board, table, room) -> the result entered there; room is
  // ROOM_UNSPECIFIED in a pairs match.
  std::map<std::tuple<int, int, int>, EnteredResult> results;
  // table -> the forfeit the director declared there (MatchForfeited).
  std::map<int, v1::MatchForfeited> forfeits;
  std::vector<RulingRecord> rulings;  // in log order
  std::vector<OffenceDeduction> offence_deductions;  // knock-out IMPs
};

// The moments a session's (or round's, or stanza's) time windows run from
// (issue #5). Planned times come from SessionScheduled; the others are the
// receipt times of the events that record them.
struct SessionTimeline {
  std::optional<absl::Time> scheduled_start;
  std::optional<absl::Time> scheduled_end;
  bool last_of_stage = false;
  // Every SessionScheduled for it, in log order (the last one holds).
  std::vector<uint64_t> schedule_sequences;
  std::optional<absl::Time> play_finished;      // the whole session or round
  std::map<int, absl::Time> match_concluded;     // table -> PlayFinished
  std::map<int, absl::Time> match_scores_agreed; // table -> MatchScoresAgreed
  std::optional<absl::Time> scores_posted;
};

struct PenaltyRecord {
  uint64_t sequence = 0;  // the PenaltyAwarded (or OffenceRecorded) event
  v1::PenaltyAwarded penalty;
  bool from_offence = false;  // the offence register's deduction
};

struct CompetitionState {
  std::string id;
  std::string name;
  v1::CompetitionKind kind = v1::COMPETITION_KIND_UNSPECIFIED;
  // The regulation profile, rebuilt from the spec stored in the event.
  core::RegulationProfile profile;
  // Entrant (pair or team) number -> players.
  std::map<int, std::vector<std::string>> pairs;
  std::map<int, std::string> team_names;  // teams events
  std::map<int, SessionState> sessions;  // movement sessions
  std::map<int, MatchRoundState> rounds;  // events of matches
  std::vector<PenaltyRecord> penalties;   // in log order
  // The lots the director recorded (LotDrawn), each the tied entrants in
  // the order the lot placed them, in log order.
  std::vector<std::vector<int>> lots;
  // SABF TR 11.4-11.5: (session, pair) -> the latest substitute or absence
  // the director recorded (a SubstituteRecorded or PairAbsent payload).
  std::map<std::pair<int, int>, v1::EventPayload> attendance;
  // How its entrants qualified from an earlier stage (EntrantsQualified),
  // if they did; every entrant's carry-over is in it.
  std::optional<v1::EntrantsQualified> qualification;
  // entrant -> its withdrawal (EntrantWithdrawn).
  std::map<int, v1::EntrantWithdrawn> withdrawals;
  // Knock-out seating rights chosen (ANC SR 11.4), in log order.
  std::vector<v1::SeatingRightsChosen> seating_rights;
  // Teams events: (round, stanza, team) -> the latest line-up its captain
  // posted (LineupPosted).
  std::map<std::tuple<int, int, int>, v1::LineupPosted> lineups;
  // session (or round, or stanza) -> its timeline.
  std::map<int, SessionTimeline> timeline;
  std::optional<absl::Time> stage_ended;       // StageEnded received
  std::optional<absl::Time> next_stage_start;  // as StageEnded gave it
  std::optional<absl::Time> results_official;  // ResultsOfficial received
  // Reviews and appeals, by number from 1 (replay/state/appeal_state.h).
  std::map<int, AppealRecord> appeals;
  // NSW TR 13.3: (session or round, board) -> the Director's latest choice
  // on substitute scores for its datum (DatumSubstitutesChosen).
  std::map<std::pair<int, int>, v1::DatumSubstitutesChosen> datum_substitutes;
  // SABF TR 11.10: percentage points off pairs' final scores
  // (OffenceRecorded with percentage_points), in log order.
  std::vector<OffenceDeduction> final_score_deductions;
  // The sequence of every event naming this competition, in log order.
  std::vector<uint64_t> event_sequences;

  // Whether rounds are drawn and played as matches (Swiss, round robin,
  // knock-out), as opposed to sessions of a movement (matchpoint pairs,
  // Butler pairs in a movement).
  bool PlaysMatches() const;
  bool IsTeams() const;
};

struct TournamentState {
  std::string id;
  std::string name;
  // The IANA time zone its clock times are read and written in
  // (TournamentCreated, TournamentTimeZoneChanged). Default: "", UTC.
  std::string time_zone_name;
  absl::TimeZone time_zone = absl::UTCTimeZone();
  uint64_t version = 0;  // events in this tournament's stream
  std::map<std::string, CompetitionState> competitions;
  // The sequence of each of its events, in log order: what the auditor's
  // replays of one tournament read (replay/state/tournament_replay.h).
  std::vector<uint64_t> event_sequences;
};

// One entry of the offence register (OffenceRecorded), which spans every
// tournament in the log: offences carry over between events (NSW TR 6.7).
struct OffenceEntry {
  uint64_t sequence = 0;
  std::string tournament_id;
  v1::OffenceRecorded offence;
};

// The State's tournaments by id, each held by a shared pointer, so that a
// copy of a State copies only pointers and shares every tournament with the
// original until one of the two changes it (copy-on-write): Mutable() clones
// a tournament another State still holds before it is changed, and changes
// one that only this State holds in place. Iteration is in id order and
// gives (id, const TournamentState&) pairs.
//
// Intentionally copyable. Thread-compatible: one thread may change a State
// while others read States it shares tournaments with (see Mutable()).
class SharedTournaments {
  using Map = std::map<std::string, std::shared_ptr<TournamentState>>;

 public:
  class const_iterator {
   public:
    using value_type = std::pair<const std::string&, const TournamentState&>;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::input_iterator_tag;  // yields values

    const_iterator() = default;
    value_type operator*() const { return {it_->first, *it_->second}; }
    const_iterator& operator++() {
      ++it_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator was = *this;
      ++it_;
      return was;
    }
    bool operator==(const const_iterator& other) const = default;

   private:
    friend class SharedTournaments;
    explicit const_iterator(Map::const_iterator it) : it_(it) {}
    Map::const_iterator it_;
  };

  const_iterator begin() const { return const_iterator(map_.begin()); }
  const_iterator end() const { return const_iterator(map_.end()); }
  size_t size() const { return map_.size(); }
  bool empty() const { return map_.empty(); }

  // The tournament `id`, or nullptr when there is none.
  const TournamentState* Find(const std::string& id) const;
  // The tournament `id`; std::out_of_range when there is none (tests).
  const TournamentState& at(const std::string& id) const;

  // The tournament `id`, to change: this State's own (cloned first if
  // another State shares it), or nullptr when there is none.
  TournamentState* Mutable(const std::string& id);
  // Mutable(id); std::out_of_range when there is none (tests).
  TournamentState& at(const std::string& id);
  // Adds `tournament` under its id, replacing any tournament of that id.
  TournamentState& Add(TournamentState tournament);
  void erase(const std::string& id) { map_.erase(id); }

  // Shares `from`'s tournament wherever this holds its own copy of one at
  // the same version whose last event is at or before `quiet_since` (the
  // same events folded: the same contents), letting its copy go. How the
  // log's writer keeps one copy of the tournaments no longer changing.
  // Returns how many it shared.
  int ShareQuiet(const SharedTournaments& from, uint64_t quiet_since);

 private:
  Map map_;
};

struct State {
  SharedTournaments tournaments;
  std::vector<OffenceEntry> offences;  // the offence register, in log order
  uint64_t last_sequence = 0;
  std::string last_hash;  // empty before the first event
  absl::Time last_received = absl::UnixEpoch();

  const TournamentState* FindTournament(const std::string& id) const;
};

// Folds `event` into `state`. Internal/DataLoss when the event does not fit
// (wrong sequence, unknown tournament, ...): a bug or a damaged log.
absl::Status Evolve(const v1::Event& event, State& state);

// The session's slots by (table, board), checked: every pair number
// positive, no table given the same board twice in one session.
absl::Status IndexMovement(const v1::Movement& movement, SessionState& session);

// The tournament time zone named `name` from the system's tz database
// ("" is UTC). InvalidArgument naming the zone when it is unknown or not an
// IANA name (a path, "localtime": nothing that depends on the machine).
absl::StatusOr<absl::TimeZone> LoadTournamentTimeZone(const std::string& name);

absl::Time ToTime(const google::protobuf::Timestamp& ts);
google::protobuf::Timestamp ToTimestamp(absl::Time t);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_STATE_H_
