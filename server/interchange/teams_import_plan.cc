// The teams import plan (see teams_import_plan.h).

#include "server/interchange/teams_import_plan.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/profile/setting_ids.h"
#include "replay/draws/knockout_draw.h"
#include "replay/rounds/rounds_in_event.h"
#include "replay/state/bridge_convert.h"
#include "server/interchange/teams_share_match.h"
#include "tally/v1/profile.pb.h"

namespace tally::interchange {

namespace {

// The director's ruling a room's adjusted score stands for: an artificial
// adjusted score (Law 12C2) at the profile's artificial IMPs, in place of
// the room's result; with no result the board was not played there (Law
// 12C2(a)).
v1::RecordRulingRequest AdjustedRoomRuling(const ImportTarget& target, int step,
                                           int round, int table, int board,
                                           v1::Room room,
                                           const FileRoomResult& r) {
  auto out = StampedRequest<v1::RecordRulingRequest>(target, step, r.line);
  out.set_competition_id(target.competition_id);
  out.set_session(round);
  out.set_table(table);
  out.set_board(board);
  out.set_room(room);
  const bool not_played = r.result.has_not_played();
  out.set_law(not_played ? "Law 12C2(a)" : "Law 12C2");
  out.set_text(absl::StrCat("adjusted score ", AdjustedScoreText(*r.adjusted),
                            " in ", target.file_name, " line ", r.line));
  out.set_board_not_played(not_played);
  v1::ArtificialAdjustedScore* a = out.mutable_adjusted()->mutable_artificial();
  a->set_ns(ArtificialAwardOf(r.adjusted->ns_percent));
  a->set_ew(ArtificialAwardOf(r.adjusted->ew_percent));
  return out;
}

// The ITC final as tally's itc_final draw makes it, which the file's
// recorded draws must match: the two leading teams (ANC SR 11.3) in one
// match labelled "Final" (replay/draws/knockout_draw.h; 11.4's seating
// rights are chosen for it) of `stanzas` stanzas, stanza k in round k,
// the carry-over held by the higher placed team (11.2), which is drawn
// first and sits North-South in the open room (10.8): the file's TEAM.
template <typename Refuse>
absl::Status CheckItcFinalStanzas(const TeamsFile& file, int stanzas,
                                  const Refuse& refuse) {
  if (file.teams.size() != 2) {
    return refuse(file.line,
                  absl::StrCat("plays a final between the two leading teams "
                               "(ANC SR 11.3); the file has ",
                               file.teams.size(), " teams"));
  }
  for (const FileMatch& m : file.matches) {
    if (!m.knockout.has_value()) continue;  // the reader gives each one
    const FileStanza& k = *m.knockout;
    if (k.match_name != replay::kItcFinalLabel) {
      return refuse(m.line,
                    absl::StrCat("plays one match, \"", replay::kItcFinalLabel,
                                 "\", in ", stanzas,
                                 " stanzas (ANC SR 11.3); the file's match is "
                                 "named '",
                                 k.match_name, "'"));
    }
    if (k.stanzas != stanzas) {
      return refuse(m.line,
                    absl::StrCat("plays the final in ", stanzas,
                                 " stanzas (ANC SR 11.3); <STANZA_COUNT> is ",
                                 k.stanzas));
    }
    if (k.stanza != m.round) {
      return refuse(m.line, absl::StrCat("plays stanza k of the final in "
                                         "round k (ANC SR 11.3); stanza ",
                                         k.stanza, " is in round ", m.round));
    }
    if (k.carry_over_team != 0 && k.stanza == 1 &&
        k.carry_over_team != m.team) {
      return refuse(
          m.line,
          absl::StrCat("gives the carry-over to the higher placed team (ANC "
                       "SR 11.2), drawn first to sit North-South in the open "
                       "room (10.8): <TEAM> ",
                       m.team, ", not team ", k.carry_over_team));
    }
  }
  return absl::OkStatus();
}

}  // namespace

std::vector<ImportStep> PlanTeamsImport(const TeamsFile& file,
                                        const ImportTarget& target) {
  std::vector<ImportStep> steps;
  int step = 0;
  auto add = [&](int line, std::string what, ImportRequest request) {
    steps.push_back({line, std::move(what), std::move(request)});
  };
  const std::string name = ImportedEventName(target, file.event_name);
  AddTournamentStep(target, name, file.line, step, steps);
  const std::vector<int> rounds = file.Rounds();
  {
    auto r =
        StampedRequest<v1::CreateCompetitionRequest>(target, ++step, file.line);
    r.set_competition_id(target.competition_id);
    r.set_name(name);
    r.set_kind(file.event_type == kTeamsOfFourEventType
                   ? v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS
               : file.IsKnockout() ? v1::COMPETITION_KIND_KNOCKOUT_TEAMS
                                   : v1::COMPETITION_KIND_SWISS_TEAMS);
    r.set_regulation_profile(target.regulation_profile);
    // A Swiss event has as many rounds as the file; a round robin's come
    // from its schedule, a knock-out's from its draws (CreateCompetition
    // refuses rounds for either).
    if (file.event_type == kSwissTeamsEventType) {
      r.set_rounds(static_cast<int>(rounds.size()));
    }
    add(file.line, "the competition", r);
  }
  for (const FileTeam& t : file.teams) {
    auto r = StampedRequest<v1::RegisterTeamRequest>(target, ++step, t.line);
    r.set_competition_id(target.competition_id);
    r.set_team(t.team);
    r.set_name(t.name);
    for (const std::string& player : t.players) r.add_players(player);
    add(t.line, absl::StrCat("team ", t.team), r);
  }
  // One table's result for one room: EnterResult, and the director's
  // ruling where the file gives an artificial adjusted score.
  auto enter = [&](int round, int table, int board, v1::Room in,
                   const FileRoomResult& room, const std::string& what) {
    if (!room.result.has_not_played()) {
      auto r =
          StampedRequest<v1::EnterResultRequest>(target, ++step, room.line);
      r.set_competition_id(target.competition_id);
      r.set_session(round);
      r.set_table(table);
      r.set_board(board);
      r.set_room(in);
      *r.mutable_result() = room.result;
      add(room.line, what, r);
    }
    if (room.adjusted.has_value()) {
      add(room.line, absl::StrCat(what, ", adjusted score"),
          AdjustedRoomRuling(target, ++step, round, table, board, in, room));
    }
  };
  for (int round : rounds) {
    std::vector<const FileMatch*> matches;
    const FileMatch* bye = nullptr;
    // SABF TR 14.1's share match, A, B, C (the reader's CheckShareMatches
    // has made the three one match); empty when the round has none.
    const std::vector<const FileMatch*> share =
        ShareMatchesOfRound(file, round);
    for (const FileMatch& m : file.matches) {
      if (m.round != round || m.share != 0) continue;
      if (m.opponent == 0) {
        bye = &m;  // the reader lets one a round through, beside a match
      } else {
        matches.push_back(&m);
      }
    }
    // The round's first MATCH (a round is in Rounds() for having one).
    const FileMatch& first = !matches.empty() ? *matches.front()
                             : !share.empty() ? *share.front()
                                              : *bye;
    const int line = first.line;
    auto draw = StampedRequest<v1::MakeDrawRequest>(target, ++step, line);
    draw.set_competition_id(target.competition_id);
    draw.set_round(round);
    draw.set_seed(0);  // no choice is left to chance: the matches are given
    draw.set_first_board(first.first_board);
    for (size_t i = 0; i < matches.size(); ++i) {
      v1::DrawnMatch* d = draw.add_matches();
      d->set_table(static_cast<int>(i) + 1);
      d->set_home(matches[i]->team);
      d->set_away(matches[i]->opponent);
      if (const std::optional<FileStanza>& k = matches[i]->knockout) {
        // A knock-out match: its name, stanza and carry-over, as the draw
        // of tally's own knock-outs stores them.
        d->set_label(k->match_name);
        d->set_stanza(k->stanza);
        d->set_stanzas(k->stanzas);
        if (k->carry_over_team != 0) {
          *d->mutable_carry_over() = replay::ToProtoFraction(k->carry_over);
          d->set_carry_over_holder(k->carry_over_team);
        }
      }
    }
    // The share match at the table after the two-team matches', as tally's
    // Swiss draw numbers it.
    const int share_table = static_cast<int>(matches.size()) + 1;
    // Three, A, B, C, whenever there is one (CheckShareMatches).
    const bool has_share = share.size() == 3;
    if (has_share) {
      v1::DrawnShareMatch* d = draw.mutable_share();
      d->set_table(share_table);
      d->set_a(share[0]->team);
      d->set_b(share[1]->team);
      d->set_c(share[2]->team);
    }
    if (bye != nullptr) draw.set_bye(bye->team);
    add(line, absl::StrCat("the draw of round ", round), draw);
    for (size_t i = 0; i < matches.size(); ++i) {
      const FileMatch& m = *matches[i];
      for (const FileMatchBoard& b : m.boards) {
        for (const FileRoomResult& room : b.rooms) {
          enter(
              round, static_cast<int>(i) + 1, b.board,
              room.team_north_south ? v1::ROOM_OPEN : v1::ROOM_CLOSED, room,
              absl::StrCat("round ", round, ", ", m.team, " v ", m.opponent,
                           ", board ", b.board, ", ",
                           room.team_north_south ? "open" : "closed", " room"));
        }
      }
    }
    if (has_share) {
      // Each table once, from the MATCH of the team sitting North-South
      // there ("Table 1: A v B; Table 2: C v A; Table 3: B v C"); its
      // East-West team's MATCH shows the same result (CheckShareMatches).
      const std::pair<const FileMatch*, v1::Room> tables[] = {
          {share[0], v1::ROOM_SHARE_1},
          {share[2], v1::ROOM_SHARE_2},
          {share[1], v1::ROOM_SHARE_3}};
      for (const auto& [m, in] : tables) {
        const int leg = in == v1::ROOM_SHARE_1   ? 1
                        : in == v1::ROOM_SHARE_2 ? 2
                                                 : 3;
        for (const FileMatchBoard& b : m->boards) {
          for (const FileRoomResult& room : b.rooms) {
            if (!room.team_north_south) continue;
            enter(
                round, share_table, b.board, in, room,
                absl::StrCat("round ", round, ", share match table ", leg, ", ",
                             m->team, " v ", m->opponent, ", board ", b.board));
          }
        }
      }
    }
    auto post = StampedRequest<v1::PostScoresRequest>(target, ++step, line);
    post.set_competition_id(target.competition_id);
    post.set_session(round);
    add(line, absl::StrCat("the posting of round ", round), post);
  }
  return steps;
}

absl::Status CheckTeamsProfile(const TeamsFile& file,
                               const v1::RegulationProfile& profile,
                               const std::string& file_name) {
  auto refuse = [&](int line, const std::string& what) {
    return absl::InvalidArgumentError(absl::StrCat(
        file_name, " line ", line, ": profile ", profile.name(), " ", what));
  };
  // A share match (SABF TR 14.1) is recorded as the file seats it, in a
  // field whose profile plays its odd team so (the server refuses it
  // otherwise; said here before anything is sent).
  for (const FileMatch& m : file.matches) {
    if (m.share == 0) continue;
    const std::string& odd = profile.spec().draw().odd_field();
    if (!odd.empty() && odd != "share_match") {
      return refuse(m.line,
                    absl::StrCat("plays an odd field with ", odd,
                                 ", not a share match (SABF TR 14.1); round ",
                                 m.round, " has one (<SHARE_MATCH>)"));
    }
    break;
  }
  const v1::RegulationProfileSpec& spec = profile.spec();
  const bool round_robin = file.event_type == kTeamsOfFourEventType;
  const bool knockout = file.IsKnockout();
  const v1::EventKind kind = knockout      ? v1::EVENT_KIND_KNOCKOUT_TEAMS
                             : round_robin ? v1::EVENT_KIND_ROUND_ROBIN_TEAMS
                                           : v1::EVENT_KIND_SWISS_TEAMS;
  if (profile.event_kind() != kind) {
    return refuse(
        file.line,
        absl::StrCat("is for ", v1::EventKind_Name(profile.event_kind()),
                     knockout ? ", not knock-out teams (EVENT_TYPE KO); give a "
                                "knock-out teams profile"
                     : round_robin
                         ? ", not round-robin teams (EVENT_TYPE "
                           "TEAMS_OF_FOUR); give a round-robin teams "
                           "profile"
                         : ", not Swiss teams (EVENT_TYPE "
                           "SWISS_TEAMS); give a Swiss teams profile"));
  }
  if (profile.scoring() != v1::SCORING_METHOD_IMPS_TWO_TABLES) {
    return refuse(file.line,
                  "does not score a board in IMPs between a match's two "
                  "rooms, as the file does");
  }
  if (!knockout && !spec.has_vp()) {
    return refuse(file.line,
                  "converts no match to VPs, but the file ranks on VPs "
                  "(MATCH_SCORING_METHOD VPS)");
  }
  const std::string& method = spec.draw().method();
  // A round plays one stanza: the profile's match, or the part of it its
  // draw method cuts a stanza to (the ITC final's 12 of 60 boards), as a
  // draw recorded from the file gives it (replay/draws/knockout_draw.h).
  absl::StatusOr<core::DrawMethod> drawn = core::ParseDrawMethod(method);
  const int stanzas =
      knockout && drawn.ok() ? replay::StanzasCutFromMatch(*drawn) : 1;
  const int length = spec.matches().boards_per_match() / stanzas;
  for (const FileMatch& m : file.matches) {
    if (m.opponent == 0) continue;  // a bye: the round's boards, unplayed
    const int boards = m.last_board - m.first_board + 1;
    if (boards != length) {
      return refuse(
          m.line,
          absl::StrCat("plays ", knockout ? "stanzas" : "matches", " of ",
                       length, " boards (", spec.matches().clause(),
                       "); round ", m.round, "'s match ", m.team, " v ",
                       m.opponent, " has ", boards, ", so tally would score ",
                       knockout ? "other IMPs" : "other VPs"));
    }
  }
  if (knockout && method == "itc_final") {
    TALLY_RETURN_IF_ERROR(CheckItcFinalStanzas(file, stanzas, refuse));
  }
  const int rounds = static_cast<int>(file.Rounds().size());
  if (knockout) {
    // The finals methods fix their rounds (replay/rounds/rounds_in_event.h).
    const size_t fixed =
        method == "itc_final" ? static_cast<size_t>(replay::kItcFinalStanzas)
        : method == "sabf_final_five" ? replay::SabfFinalFiveWeeks().size()
        : method == "sabf_final_four" ? replay::SabfFinalFourWeeks().size()
                                      : 0;
    if (fixed != 0 && static_cast<size_t>(rounds) > fixed) {
      return refuse(file.line, absl::StrCat("plays ", fixed, " rounds (",
                                            spec.draw().clause(),
                                            "); the file has ", rounds));
    }
    return absl::OkStatus();
  }
  if (spec.matches().count() != 0 && spec.matches().count() != rounds) {
    return refuse(file.line,
                  absl::StrCat("plays ", spec.matches().count(),
                               " matches; the file has ", rounds, " rounds"));
  }
  return absl::OkStatus();
}

}  // namespace tally::interchange
