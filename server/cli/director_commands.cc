// The director's commands: tournaments, competitions, pairs, sessions,
// posting.

#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/time/time.h"
#include "replay/decide/decide.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/state.h"
#include "server/cli/cli_common.h"
#include "server/cli/movement_file.h"
#include "server/cli/result_text.h"
#include "server/cli/sections_option.h"
#include "server/cli/text_table.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"

namespace tally::cli {
namespace {

// The words of --kind.
const std::map<std::string, v1::CompetitionKind>& KindWords() {
  static const auto* kWords = new std::map<std::string, v1::CompetitionKind>{
      {"matchpoint-pairs", v1::COMPETITION_KIND_MATCHPOINT_PAIRS},
      {"butler-pairs", v1::COMPETITION_KIND_BUTLER_PAIRS},
      {"swiss-pairs", v1::COMPETITION_KIND_SWISS_PAIRS},
      {"swiss-teams", v1::COMPETITION_KIND_SWISS_TEAMS},
      {"round-robin-pairs", v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS},
      {"round-robin-teams", v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS},
      {"knockout-teams", v1::COMPETITION_KIND_KNOCKOUT_TEAMS}};
  return *kWords;
}

// The --kind word for `kind`; "unspecified" for none.
std::string KindWord(v1::CompetitionKind kind) {
  for (const auto& [word, k] : KindWords()) {
    if (k == kind) return word;
  }
  return "unspecified";
}

// --kind, else the kind of the profile's event as the server has it (no
// profile: unspecified, and the server says a profile is required). Returns
// kOk, or the exit status after saying what went wrong.
int ChooseKind(Client& cl, const Invocation& inv, v1::CompetitionKind* kind) {
  if (inv.Has("kind")) {
    auto it = KindWords().find(absl::AsciiStrToLower(inv.Get("kind")));
    if (it == KindWords().end()) {
      std::vector<std::string> words;
      for (const auto& [word, k] : KindWords()) words.push_back(word);
      std::cerr << "tally: --kind is one of " << absl::StrJoin(words, ", ")
                << ", not '" << inv.Get("kind") << "'\n";
      return kUsage;
    }
    *kind = it->second;
    return kOk;
  }
  *kind = v1::COMPETITION_KIND_UNSPECIFIED;
  if (inv.Get("profile").empty()) return kOk;
  v1::GetRegulationProfileRequest r;
  r.set_name(inv.Get("profile"));
  v1::RegulationProfile profile;
  grpc::Status st =
      cl.query_->GetRegulationProfile(cl.Context().get(), r, &profile);
  if (!st.ok()) return Refused(st);
  *kind = replay::CompetitionKindForEvent(profile.event_kind());
  return kOk;
}

int CreateCompetition(Client& cl, const Invocation& inv) {
  v1::CreateCompetitionRequest r;
  *r.mutable_options() = cl.Options();
  r.set_tournament_id(inv.args[0]);
  r.set_competition_id(inv.args[1]);
  r.set_name(absl::StrJoin(inv.args.begin() + 2, inv.args.end(), " "));
  r.set_regulation_profile(inv.Get("profile"));
  v1::CompetitionKind kind = v1::COMPETITION_KIND_UNSPECIFIED;
  if (int code = ChooseKind(cl, inv, &kind); code != kOk) return code;
  r.set_kind(kind);
  if (inv.Has("rounds")) {
    int rounds = 0;
    if (!ToInt(inv.Get("rounds"), &rounds)) {
      std::cerr << "tally: --rounds '" << inv.Get("rounds")
                << "' is not a number\n";
      return kUsage;
    }
    r.set_rounds(rounds);
  }
  v1::CommandOutcome out;
  grpc::Status st =
      cl.director_->CreateCompetition(cl.Context().get(), r, &out);
  return PrintOutcome(cl, inv, st, out, out,
                      absl::StrCat("created competition ", r.competition_id(),
                                   " (", KindWord(kind), ")"));
}

}  // namespace

void AddDirectorCommands(std::vector<Command>& commands) {
  auto add = [&](Command c) { commands.push_back(std::move(c)); };

  // --- Director ------------------------------------------------------------
  add({"create-tournament", "TOURNAMENT NAME... [--time-zone=ZONE]",
       "create a tournament (id: lower-case letters, digits, '-'); its times "
       "are shown and typed in ZONE, an IANA name such as Australia/Sydney "
       "(default UTC)",
       2, 99, [](Client& cl, const Invocation& inv) {
         v1::CreateTournamentRequest r;
         *r.mutable_options() = cl.Options();
         r.set_tournament_id(inv.args[0]);
         r.set_name(absl::StrJoin(inv.args.begin() + 1, inv.args.end(), " "));
         r.set_time_zone(inv.Get("time-zone"));
         v1::CommandOutcome out;
         grpc::Status st =
             cl.director_->CreateTournament(cl.Context().get(), r, &out);
         return PrintOutcome(
             cl, inv, st, out, out,
             absl::StrCat("created tournament ", r.tournament_id(),
                          r.time_zone().empty()
                              ? ""
                              : absl::StrCat(", times in ", r.time_zone())));
       }});
  add({"time-zone", "TOURNAMENT ZONE",
       "set the time zone the tournament's times are shown and typed in: an "
       "IANA name such as Australia/Sydney, or UTC",
       2, 2, [](Client& cl, const Invocation& inv) {
         v1::SetTimeZoneRequest r;
         *r.mutable_options() = cl.Options();
         r.set_tournament_id(inv.args[0]);
         r.set_time_zone(inv.args[1]);
         v1::CommandOutcome out;
         grpc::Status st =
             cl.director_->SetTimeZone(cl.Context().get(), r, &out);
         return PrintOutcome(cl, inv, st, out, out,
                             absl::StrCat("tournament ", r.tournament_id(),
                                          ": times in ", r.time_zone()));
       }});
  add({"create-competition",
       "TOURNAMENT COMPETITION NAME... --profile=REGULATION_PROFILE "
       "[--kind=matchpoint-pairs|butler-pairs|swiss-pairs|swiss-teams|"
       "round-robin-pairs|round-robin-teams|knockout-teams] [--rounds=N]",
       "create a competition run under a regulation profile ('tally profiles' "
       "lists them); its kind defaults to the kind of event the profile is "
       "for; --rounds: a Swiss event's number of rounds where the profile "
       "leaves it to the event (the forfeit rules need it, NSW TR 12.9.3)",
       3, 99, CreateCompetition});
  add({"register-pair", "TOURNAMENT COMPETITION PAIR PLAYER1 PLAYER2",
       "register a pair by number (quote names with spaces)", 5, 5,
       [](Client& cl, const Invocation& inv) {
         v1::RegisterPairRequest r;
         *r.mutable_options() = cl.Options();
         r.set_tournament_id(inv.args[0]);
         r.set_competition_id(inv.args[1]);
         int pair = 0;
         if (!ToInt(inv.args[2], &pair)) {
           std::cerr << "tally: pair '" << inv.args[2] << "' is not a number\n";
           return kUsage;
         }
         r.set_pair(pair);
         r.add_players(inv.args[3]);
         r.add_players(inv.args[4]);
         v1::CommandOutcome out;
         grpc::Status st =
             cl.director_->RegisterPair(cl.Context().get(), r, &out);
         return PrintOutcome(cl, inv, st, out, out,
                             absl::StrCat("registered pair ", pair));
       }});
  add({"define-session",
       "TOURNAMENT COMPETITION SESSION (--mitchell=TABLES:BOARDS_PER_ROUND | "
       "--howell=PAIRS:BOARDS_PER_ROUND | --movement-file=FILE | "
       "--sections=SECTIONS) "
       "[--arrow-switch-rounds=ROUNDS] [--arrow-switch-last-boards=N]",
       "define a session's movement: a generated Mitchell (TABLES tables), "
       "with an arrow switch if asked, or Howell (PAIRS pairs), or a file of "
       "lines 'ROUND TABLE NS_PAIR EW_PAIR BOARD,BOARD,...', or (matchpoint "
       "pairs) sections each with its own Mitchell or Howell on the same "
       "boards, B's tables and pairs following A's (Butler pairs: a "
       "Mitchell of matches of up to 36 boards, e.g. --mitchell=10:12 for ANC "
       "SR 16.5, or a file; every pair keeps its NS or EW field)",
       3, 3, [](Client& cl, const Invocation& inv) {
         v1::DefineSessionRequest r;
         *r.mutable_options() = cl.Options();
         if (!SessionArgs(inv, &r)) return kUsage;
         // --mitchell=7:3 or --howell=12:2: COUNT:BOARDS_PER_ROUND.
         auto generated = [&](const char* flag, int* count, int* boards) {
           std::vector<std::string> parts = absl::StrSplit(inv.Get(flag), ':');
           if (parts.size() == 2 && ToInt(parts[0], count) &&
               ToInt(parts[1], boards)) {
             return true;
           }
           std::cerr << "tally: --" << flag
                     << " takes COUNT:BOARDS_PER_ROUND, e.g. --" << flag
                     << "=7:3\n";
           return false;
         };
         int count = 0, boards = 0;
         if (inv.Has("sections")) {
           if (inv.Has("mitchell") || inv.Has("howell") ||
               inv.Has("movement-file") || inv.Has("arrow-switch-rounds") ||
               inv.Has("arrow-switch-last-boards")) {
             std::cerr << "tally: --sections gives the whole movement; give "
                          "no other movement option with it\n";
             return kUsage;
           }
           if (absl::Status parsed =
                   ParseSectionsOption(inv.Get("sections"), r);
               !parsed.ok()) {
             std::cerr << "tally: " << parsed.message() << "\n";
             return kUsage;
           }
         } else if (inv.Has("mitchell")) {
           if (!generated("mitchell", &count, &boards)) return kUsage;
           v1::MitchellMovement* m = r.mutable_mitchell();
           m->set_tables(count);
           m->set_boards_per_round(boards);
           if (inv.Has("arrow-switch-rounds")) {
             for (absl::string_view round :
                  absl::StrSplit(inv.Get("arrow-switch-rounds"), ',')) {
               int n = 0;
               if (!absl::SimpleAtoi(round, &n)) {
                 std::cerr << "tally: --arrow-switch-rounds takes round "
                              "numbers, e.g. 3 or 3,6; not '"
                           << round << "'\n";
                 return kUsage;
               }
               m->add_arrow_switch_rounds(n);
             }
           }
           if (inv.Has("arrow-switch-last-boards")) {
             int n = 0;
             if (!ToInt(inv.Get("arrow-switch-last-boards"), &n)) {
               std::cerr << "tally: --arrow-switch-last-boards takes a "
                            "number of boards, e.g. 1\n";
               return kUsage;
             }
             m->set_arrow_switch_last_boards(n);
           }
         } else if (inv.Has("arrow-switch-rounds") ||
                    inv.Has("arrow-switch-last-boards")) {
           std::cerr << "tally: the --arrow-switch options go with "
                        "--mitchell; in a --movement-file, write an "
                        "arrow-switched board as 7*\n";
           return kUsage;
         } else if (inv.Has("howell")) {
           if (!generated("howell", &count, &boards)) return kUsage;
           r.mutable_howell()->set_pairs(count);
           r.mutable_howell()->set_boards_per_round(boards);
         } else if (inv.Has("movement-file")) {
           std::ifstream in(inv.Get("movement-file"));
           if (!in) {
             std::cerr << "tally: cannot read " << inv.Get("movement-file")
                       << "\n";
             return kFailed;
           }
           const std::string text((std::istreambuf_iterator<char>(in)),
                                  std::istreambuf_iterator<char>());
           const absl::Status read =
               ParseMovementFile(text, *r.mutable_explicit_movement());
           if (!read.ok()) {
             std::cerr << "tally: " << inv.Get("movement-file") << " "
                       << read.message() << "\n";
             return kUsage;
           }
         } else {
           std::cerr << "tally define-session: give --mitchell=TABLES:BOARDS, "
                        "--howell=PAIRS:BOARDS, --movement-file=FILE or "
                        "--sections=A:mitchell=TABLES:BOARDS,B:...\n";
           return kUsage;
         }
         v1::CommandOutcome out;
         grpc::Status st =
             cl.director_->DefineSession(cl.Context().get(), r, &out);
         return PrintOutcome(cl, inv, st, out, out,
                             absl::StrCat("defined session ", r.session()));
       }});
  add({"start-session", "TOURNAMENT COMPETITION SESSION",
       "start play: tables may enter results from now", 3, 3,
       [](Client& cl, const Invocation& inv) {
         v1::StartSessionRequest r;
         *r.mutable_options() = cl.Options();
         if (!SessionArgs(inv, &r)) return kUsage;
         v1::CommandOutcome out;
         grpc::Status st =
             cl.director_->StartSession(cl.Context().get(), r, &out);
         return PrintOutcome(cl, inv, st, out, out,
                             absl::StrCat("started session ", r.session()));
       }});
  add({"post-scores", "TOURNAMENT COMPETITION SESSION",
       "post the session's scores for inspection (all results must be in)", 3,
       3, [](Client& cl, const Invocation& inv) {
         v1::PostScoresRequest r;
         *r.mutable_options() = cl.Options();
         if (!SessionArgs(inv, &r)) return kUsage;
         v1::CommandOutcome out;
         grpc::Status st =
             cl.director_->PostScores(cl.Context().get(), r, &out);
         return PrintOutcome(
             cl, inv, st, out, out,
             absl::StrCat("posted scores of session ", r.session()));
       }});
}

}  // namespace tally::cli
