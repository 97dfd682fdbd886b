#include "replay/snapshot/rich_log_for_test.h"

#include <cstdlib>
#include <map>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/time/time.h"
#include "google/protobuf/text_format.h"
#include "replay/log/codec.h"
#include "replay/log/sha256.h"
#include "replay/profile/profile_loader.h"
#include "replay/state/state.h"

namespace tally::replay {
namespace {

constexpr char kMovement[] = R"pb(
  rounds {
    round: 1
    tables {
      table: 1
      ns_pair: 1
      ew_pair: 2
      boards: [ 1, 2, 3 ]
    }
    tables {
      table: 2
      ns_pair: 3
      ew_pair: 4
      boards: [ 1, 2, 3 ]
      arrow_switched_boards: 3
    }
  }
)pb";

// (tournament, payload textproto), in log order. $S, $M and $B are the
// profile specs' places; sequences named in payloads are worked out from
// the position in this list (1-based).
const std::vector<std::pair<std::string, std::string>>& Script() {
  static const auto* script =
      new std::vector<std::pair<std::string, std::string>>{
          /* 1 */ {"t", R"pb(tournament_created {
                               name: "Congress"
                               time_zone: "Australia/Sydney"
                             })pb"},
          /* 2 */ {"t", R"pb(competition_created {
                               competition_id: "mp"
                               name: "Pairs"
                               kind: COMPETITION_KIND_MATCHPOINT_PAIRS
                               regulation_profile: "nsw_matchpoint_pairs" $MP
                             })pb"},
          /* 3 */ {"t", R"pb(pair_registered {
                               competition_id: "mp"
                               pair: 1
                               players: [ "Ann", "Bob" ]
                             })pb"},
          /* 4 */ {"t", R"pb(pair_registered {
                               competition_id: "mp"
                               pair: 2
                               players: [ "Cat", "Dan" ]
                             })pb"},
          /* 5 */ {"t", R"pb(pair_registered {
                               competition_id: "mp"
                               pair: 3
                               players: [ "Eve", "Fay" ]
                             })pb"},
          /* 6 */ {"t", R"pb(pair_registered {
                               competition_id: "mp"
                               pair: 4
                               players: [ "Gus", "Hal" ]
                             })pb"},
          /* 7 */
          {"t",
           absl::StrCat(R"pb(session_defined { competition_id: "mp" session: 1
                                               movement_source: "two tables"
                                               movement {)pb",
                        kMovement, "} }")},
          /* 8 */ {"t", R"pb(session_scheduled {
                               competition_id: "mp"
                               session: 1
                               scheduled_start { seconds: 1790000000 }
                               scheduled_end { seconds: 1790010000 }
                             })pb"},
          /* 9 */ {"t", R"pb(session_scheduled {
                               competition_id: "mp"
                               session: 1
                               scheduled_start { seconds: 1790000600 }
                               scheduled_end { seconds: 253402300799 }
                               last_of_stage: true
                               reason: "late start"
                             })pb"},
          /* 10 */ {"t", R"pb(session_started {
                                competition_id: "mp"
                                session: 1
                              })pb"},
          /* 11 */ {"t", R"pb(result_entered {
                                competition_id: "mp"
                                session: 1
                                round: 1
                                table: 1
                                board: 1
                                ns_pair: 1
                                ew_pair: 2
                                result {
                                  played {
                                    level: 4
                                    strain: STRAIN_HEARTS
                                    declarer: SEAT_NORTH
                                    tricks: 10
                                  }
                                }
                                ns_score: 420
                              })pb"},
          /* 12 */ {"t", R"pb(result_entered {
                                competition_id: "mp"
                                session: 1
                                round: 1
                                table: 2
                                board: 1
                                ns_pair: 3
                                ew_pair: 4
                                result { passed_out {} }
                              })pb"},
          /* 13 */ {"t", R"pb(result_confirmed {
                                competition_id: "mp"
                                session: 1
                                table: 1
                                board: 1
                                confirming_pair: 2
                              })pb"},
          /* 14 */ {"t", R"pb(result_corrected {
                                competition_id: "mp"
                                session: 1
                                table: 1
                                board: 1
                                corrects_sequence: 11
                                result {
                                  played {
                                    level: 4
                                    strain: STRAIN_HEARTS
                                    declarer: SEAT_NORTH
                                    tricks: 11
                                  }
                                }
                                ns_score: 450
                                previous_ns_score: 420
                                reason: "overtrick"
                              })pb"},
          /* 15 */ {"t", R"pb(result_entered {
                                competition_id: "mp"
                                session: 1
                                round: 1
                                table: 1
                                board: 3
                                ns_pair: 1
                                ew_pair: 2
                                result { score_only { ns_score: -50 } }
                                ns_score: -50
                              })pb"},
          /* 16 */ {"t", R"pb(ruling_made {
                                competition_id: "mp"
                                session: 1
                                table: 2
                                board: 2
                                law: "Law 6"
                                text: "not played"
                                board_not_played: true
                                ns_pair: 3
                                ew_pair: 4
                                adjusted {
                                  artificial {
                                    ns: ARTIFICIAL_AWARD_AVERAGE
                                    ew: ARTIFICIAL_AWARD_AVERAGE
                                  }
                                }
                              })pb"},
          /* 17 */ {"t", R"pb(ruling_made {
                                competition_id: "mp"
                                session: 1
                                table: 1
                                board: 1
                                law: "Law 12C"
                                text: "adjusted"
                                non_offending: SIDE_NORTH_SOUTH
                                adjusted {
                                  artificial {
                                    ns: ARTIFICIAL_AWARD_AVERAGE_PLUS
                                    ew: ARTIFICIAL_AWARD_AVERAGE_MINUS
                                  }
                                }
                              })pb"},
          /* 18 */ {"t", R"pb(ruling_made {
                                competition_id: "mp"
                                session: 1
                                table: 1
                                board: 3
                                law: "Law 90"
                                text: "slow"
                                penalty {
                                  kind: PENALTY_KIND_PROCEDURAL
                                  side: SIDE_EAST_WEST
                                  unit: SCORE_UNIT_MATCHPOINTS
                                  amount { numerator: 1 denominator: 1 }
                                }
                              })pb"},
          /* 19 */ {"t", R"pb(session_adjustment_made {
                                competition_id: "mp"
                                session: 1
                                pair: 3
                                matchpoints { numerator: 3 denominator: 2 }
                              })pb"},
          /* 20 */ {"t", R"pb(offence_recorded {
                                competition_id: "mp"
                                round: 1
                                entrant: 2
                                offence: "slow_play"
                                occurrence: 1
                                matchpoints { numerator: 1 denominator: 1 }
                              })pb"},
          /* 21 */ {"t", R"pb(offence_recorded {
                                competition_id: "mp"
                                round: 1
                                entrant: 4
                                offence: "mobile"
                                occurrence: 1
                                percentage_points {
                                  numerator: 1
                                  denominator: 4
                                }
                              })pb"},
          /* 22 */ {"t", R"pb(substitute_recorded {
                                competition_id: "mp"
                                session: 1
                                pair: 3
                                substitute: "Ivy"
                                replaced_player: "Eve"
                                reason: SUBSTITUTE_REASON_ORDINARY
                              })pb"},
          /* 23 */ {"t", R"pb(pair_absent {
                                competition_id: "mp"
                                session: 1
                                pair: 4
                                reason: ABSENCE_REASON_NONE
                              })pb"},
          /* 24 */ {"t", R"pb(lot_drawn {
                                competition_id: "mp"
                                order: [ 3, 1 ]
                              })pb"},
          /* 25 */ {"t", R"pb(datum_substitutes_chosen {
                                competition_id: "mp"
                                session: 1
                                board: 1
                                include_substitutes: true
                                director: "Jo"
                              })pb"},
          /* 26 */
          {"t", R"pb(play_finished { competition_id: "mp" session: 1 })pb"},
          /* 27 */
          {"t", R"pb(scores_posted { competition_id: "mp" session: 1 })pb"},
          /* 28 */ {"t", R"pb(appeal_lodged {
                                competition_id: "mp"
                                appeal: 1
                                kind: APPEAL_KIND_DIRECTOR_RULING
                                session: 1
                                table: 1
                                board: 1
                                ruling_sequence: 17
                                appellant: 2
                                respondents: 1
                                grounds: "misinformation"
                              })pb"},
          /* 29 */ {"t", R"pb(appeal_submission {
                                competition_id: "mp"
                                appeal: 1
                                submission: "we were told"
                              })pb"},
          /* 30 */ {"t", R"pb(appeal_reply {
                                competition_id: "mp"
                                appeal: 1
                                reply: "no"
                                signed_by: "Ann"
                              })pb"},
          /* 31 */ {"t", R"pb(appeal_heard {
                                competition_id: "mp"
                                appeal: 1
                                chair: "Kim"
                              })pb"},
          /* 32 */ {"t", R"pb(appeal_decided {
                                competition_id: "mp"
                                appeal: 1
                                outcome: APPEAL_OUTCOME_VARIED
                                adjusted_score {
                                  artificial {
                                    ns: ARTIFICIAL_AWARD_AVERAGE
                                    ew: ARTIFICIAL_AWARD_AVERAGE
                                  }
                                }
                                decision: "average"
                                penalty {
                                  kind: MERIT_PENALTY_KIND_MATCHPOINT_TOPS
                                  amount { numerator: 1 denominator: 2 }
                                  entrant: 2
                                  clause: "SABF TR 7"
                                }
                              })pb"},
          /* 33 */ {"t", R"pb(appeal_lodged {
                                competition_id: "mp"
                                appeal: 2
                                kind: APPEAL_KIND_RULING_REVIEW
                                session: 1
                                table: 1
                                board: 3
                                ruling_sequence: 18
                                appellant: 2
                              })pb"},
          /* 34 */ {"t", R"pb(appeal_withdrawn {
                                competition_id: "mp"
                                appeal: 2
                                by: "Cat"
                                reason: "settled"
                              })pb"},
          /* 35 */ {"t", R"pb(appeal_lodged {
                                competition_id: "mp"
                                appeal: 3
                                kind: APPEAL_KIND_SCORER_DECISION
                                session: 1
                                table: 2
                                board: 1
                                appellant: 3
                              })pb"},
          /* 36 */ {"t", R"pb(appeal_decided {
                                competition_id: "mp"
                                appeal: 3
                                outcome: APPEAL_OUTCOME_UPHELD
                                decision: "stands"
                              })pb"},
          /* 37 */ {"t", R"pb(further_appeal_lodged {
                                competition_id: "mp"
                                appeal: 3
                                signed_by: "Eve"
                                grounds: "wrong"
                                clause: "NSW TR 2.2"
                              })pb"},
          /* 38 */ {"t", R"pb(stage_ended {
                                competition_id: "mp"
                                next_stage_start {
                                  seconds: 1790090000
                                  nanos: 5
                                }
                              })pb"},
          /* 39 */ {"t", R"pb(results_official { competition_id: "mp" })pb"},
          /* 40 */ {"t", R"pb(competition_created {
                                competition_id: "bt"
                                name: "Butler"
                                kind: COMPETITION_KIND_BUTLER_PAIRS
                                regulation_profile: "nsw_butler" $BT
                              })pb"},
          /* 41 */ {"t", R"pb(pair_registered {
                                competition_id: "bt"
                                pair: 1
                                players: [ "Lee", "Max" ]
                              })pb"},
          /* 42 */
          {"t", absl::StrCat(R"pb(session_defined { competition_id: "bt"
                                                    session: 1
                                                    movement {)pb",
                             kMovement, "} }")},
          /* 43 */ {"t", R"pb(offence_recorded {
                                competition_id: "bt"
                                round: 1
                                entrant: 1
                                offence: "slow_play"
                                occurrence: 1
                                imps { numerator: 3 denominator: 1 }
                              })pb"},
          /* 44 */ {"t", R"pb(competition_created {
                                competition_id: "sw"
                                name: "Swiss"
                                kind: COMPETITION_KIND_SWISS_TEAMS
                                regulation_profile: "nsw_swiss_teams" $SW
                              })pb"},
          /* 45 */ {"t", R"pb(team_registered {
                                competition_id: "sw"
                                team: 1
                                name: "Aces"
                                players: [ "A1", "A2", "A3", "A4" ]
                              })pb"},
          /* 46 */ {"t", R"pb(team_registered {
                                competition_id: "sw"
                                team: 2
                                name: "Kings"
                                players: [ "K1", "K2", "K3", "K4" ]
                              })pb"},
          /* 47 */ {"t", R"pb(draw_made {
                                competition_id: "sw"
                                round: 1
                                method: "swiss"
                                seed: 7
                                boards: [ 1, 2 ]
                                matches { table: 1 home: 1 away: 2 }
                              })pb"},
          /* 48 */ {"t", R"pb(lineup_posted {
                                competition_id: "sw"
                                round: 1
                                stanza: 1
                                team: 1
                                open_room: [ "A1", "A2" ]
                                closed_room: [ "A3", "A4" ]
                              })pb"},
          /* 49 */ {"t", R"pb(lineup_posted {
                                competition_id: "sw"
                                round: 1
                                stanza: 1
                                team: 1
                                open_room: [ "A1", "A3" ]
                                closed_room: [ "A2", "A4" ]
                              })pb"},
          /* 50 */ {"t", R"pb(result_entered {
                                competition_id: "sw"
                                session: 1
                                round: 1
                                table: 1
                                board: 1
                                ns_pair: 1
                                ew_pair: 2
                                room: ROOM_OPEN
                                result {
                                  played {
                                    level: 3
                                    strain: STRAIN_NO_TRUMP
                                    declarer: SEAT_EAST
                                    tricks: 9
                                  }
                                }
                                ns_score: -400
                              })pb"},
          /* 51 */ {"t", R"pb(result_entered {
                                competition_id: "sw"
                                session: 1
                                round: 1
                                table: 1
                                board: 1
                                ns_pair: 2
                                ew_pair: 1
                                room: ROOM_CLOSED
                                result {
                                  played {
                                    level: 3
                                    strain: STRAIN_NO_TRUMP
                                    declarer: SEAT_EAST
                                    tricks: 8
                                  }
                                }
                                ns_score: 50
                              })pb"},
          /* 52 */ {"t", R"pb(result_confirmed {
                                competition_id: "sw"
                                session: 1
                                table: 1
                                board: 1
                                confirming_pair: 2
                                room: ROOM_OPEN
                              })pb"},
          /* 53 */ {"t", R"pb(result_corrected {
                                competition_id: "sw"
                                session: 1
                                table: 1
                                board: 1
                                room: ROOM_CLOSED
                                corrects_sequence: 51
                                result {
                                  played {
                                    level: 3
                                    strain: STRAIN_NO_TRUMP
                                    declarer: SEAT_EAST
                                    tricks: 7
                                  }
                                }
                                ns_score: 100
                                previous_ns_score: 50
                              })pb"},
          /* 54 */ {"t", R"pb(result_entered {
                                competition_id: "sw"
                                session: 1
                                round: 1
                                table: 1
                                board: 2
                                ns_pair: 1
                                ew_pair: 2
                                room: ROOM_OPEN
                                result { passed_out {} }
                              })pb"},
          /* 55 */ {"t", R"pb(ruling_made {
                                competition_id: "sw"
                                session: 1
                                table: 1
                                board: 2
                                law: "Law 6"
                                text: "fouled"
                                fouled {
                                  treatment: "redeal"
                                  rule: "guide_match_play"
                                  superseded_results: 54
                                }
                              })pb"},
          /* 56 */ {"t", R"pb(ruling_made {
                                competition_id: "sw"
                                session: 1
                                table: 1
                                board: 2
                                room: ROOM_CLOSED
                                law: "Law 6"
                                text: "not played"
                                board_not_played: true
                                adjusted {
                                  artificial {
                                    ns: ARTIFICIAL_AWARD_AVERAGE
                                    ew: ARTIFICIAL_AWARD_AVERAGE
                                  }
                                }
                              })pb"},
          /* 57 */ {"t", R"pb(match_forfeited {
                                competition_id: "sw"
                                round: 1
                                table: 1
                                offenders: 2
                                clause: "ANC SR 9"
                                reason: "late"
                                kind: MATCH_FORFEIT_KIND_ABANDONED_ILLNESS
                              })pb"},
          /* 58 */ {"t", R"pb(penalty_awarded {
                                competition_id: "sw"
                                entrant: 2
                                round: 1
                                vps { units: 100 places: 2 }
                                clause: "ANC"
                                reason: "late"
                              })pb"},
          /* 59 */ {"t", R"pb(penalty_awarded {
                                competition_id: "sw"
                                entrant: 2
                                round: 1
                                vps { units: 50 places: 2 }
                                clause: "ANC"
                                reason: "late, corrected"
                                supersedes_sequence: 58
                              })pb"},
          /* 60 */ {"t", R"pb(offence_recorded {
                                competition_id: "sw"
                                round: 1
                                entrant: 1
                                offence: "dress"
                                occurrence: 2
                                vps { units: 1 places: 0 }
                              })pb"},
          /* 61 */ {"t", R"pb(offence_recorded {
                                competition_id: "sw"
                                round: 1
                                entrant: 2
                                offence: "slow_play"
                                occurrence: 1
                                imps { numerator: 2 denominator: 1 }
                              })pb"},
          /* 62 */ {"t", R"pb(play_finished {
                                competition_id: "sw"
                                session: 1
                                table: 1
                              })pb"},
          /* 63 */ {"t", R"pb(match_scores_agreed {
                                competition_id: "sw"
                                session: 1
                                table: 1
                              })pb"},
          /* 64 */ {"t", R"pb(seating_rights_chosen {
                                competition_id: "sw"
                                label: "Final"
                                team: 1
                                stanzas: [ 1, 3 ]
                                clause: "ANC SR 11.4"
                              })pb"},
          /* 65 */ {"t", R"pb(appeal_lodged {
                                competition_id: "sw"
                                appeal: 1
                                kind: APPEAL_KIND_DIRECTOR_RULING
                                session: 1
                                table: 1
                                board: 2
                                room: ROOM_CLOSED
                                ruling_sequence: 56
                                appellant: 2
                              })pb"},
          /* 66 */ {"t", R"pb(appeal_decided {
                                competition_id: "sw"
                                appeal: 1
                                outcome: APPEAL_OUTCOME_UPHELD
                                decision: "frivolous"
                                penalty {
                                  kind: MERIT_PENALTY_KIND_VICTORY_POINTS
                                  amount { numerator: 1 denominator: 3 }
                                  clause: "SABF TR 7"
                                }
                              })pb"},
          /* 67 */ {"t", R"pb(entrant_withdrawn {
                                competition_id: "sw"
                                entrant: 2
                                after_round: 1
                                clause: "ANC SR 19.2"
                              })pb"},
          /* 68 */
          {"t", R"pb(scores_posted { competition_id: "sw" session: 1 })pb"},
          /* 69 */ {"t", R"pb(competition_created {
                                competition_id: "ko"
                                name: "Final"
                                kind: COMPETITION_KIND_KNOCKOUT_TEAMS
                                regulation_profile: "nsw_swiss_teams" $SW
                              })pb"},
          /* 70 */ {"t", R"pb(entrants_qualified {
                                competition_id: "ko"
                                from_competition_id: "sw"
                                entrants {
                                  entrant: 1
                                  from_entrant: 1
                                  place: 1
                                  name: "Aces"
                                  players: [ "A1", "A2", "A3", "A4" ]
                                  carry_over { numerator: 5 denominator: 2 }
                                }
                                withdrawn: 2
                                clause: "ANC SR 16.5"
                              })pb"},
          /* 71 */ {"u", R"pb(tournament_created { name: "Club" })pb"},
          /* 72 */ {"u", R"pb(tournament_time_zone_changed {
                                time_zone: "Pacific/Auckland"
                              })pb"},
          /* 73 */ {"u", R"pb(competition_created {
                                competition_id: "mp"
                                name: "Tuesday"
                                kind: COMPETITION_KIND_MATCHPOINT_PAIRS
                                regulation_profile: "nsw_matchpoint_pairs" $MP
                              })pb"},
          /* 74 */ {"u", R"pb(pair_registered {
                                competition_id: "mp"
                                pair: 1
                                players: [ "Ann", "Bob" ]
                              })pb"},
          /* 75 */
          {"u", absl::StrCat(R"pb(session_defined { competition_id: "mp"
                                                    session: 1
                                                    movement {)pb",
                             kMovement, "} }")},
          /* 76 */ {"u", R"pb(offence_recorded {
                                competition_id: "mp"
                                round: 1
                                entrant: 1
                                offence: "slow_play"
                                occurrence: 2
                                matchpoints { numerator: 2 denominator: 1 }
                              })pb"},
          /* 77 */ {"t", R"pb(result_entered {
                                competition_id: "mp"
                                session: 1
                                round: 1
                                table: 2
                                board: 3
                                ns_pair: 4
                                ew_pair: 3
                                result {
                                  played {
                                    level: 1
                                    strain: STRAIN_CLUBS
                                    declarer: SEAT_SOUTH
                                    tricks: 7
                                    doubling: DOUBLING_DOUBLED
                                  }
                                }
                                ns_score: 140
                              })pb"},
      };
  return *script;
}

std::string SpecText(const char* profile) {
  absl::StatusOr<v1::RegulationProfileSpec> spec =
      FindBuiltInProfileSpec(profile);
  if (!spec.ok()) std::abort();
  std::string text;
  google::protobuf::TextFormat::PrintToString(*spec, &text);
  return absl::StrCat("profile {", text, "}");
}

}  // namespace

std::vector<v1::Event> RichLogForTest() {
  const std::map<std::string, std::string> specs = {
      {"$MP", SpecText("nsw_matchpoint_pairs")},
      {"$BT", SpecText("nsw_butler")},
      {"$SW", SpecText("nsw_swiss_teams")}};
  std::vector<v1::Event> events;
  std::map<std::string, uint64_t> versions;
  std::string previous = GenesisHash();
  const absl::Time start = absl::FromUnixSeconds(1790000000);
  for (const auto& [tournament, text] : Script()) {
    v1::Event event;
    event.set_sequence(events.size() + 1);
    event.set_tournament_id(tournament);
    event.set_stream_version(++versions[tournament]);
    *event.mutable_received_at() =
        ToTimestamp(start + absl::Seconds(90 * event.sequence()) +
                    absl::Nanoseconds(event.sequence()));
    event.mutable_actor()->set_role(v1::ROLE_DIRECTOR);
    event.mutable_actor()->set_identity("td:jo");
    event.set_idempotency_key(absl::StrCat("key-", event.sequence()));
    event.set_previous_hash(previous);
    if (!google::protobuf::TextFormat::ParseFromString(
            absl::StrReplaceAll(text, specs), event.mutable_payload())) {
      std::abort();  // a typo in the script above
    }
    const v1::StoredEvent stored = EncodeEvent(event);
    event.set_hash(stored.hash());
    previous = stored.hash();
    events.push_back(std::move(event));
  }
  return events;
}

}  // namespace tally::replay
