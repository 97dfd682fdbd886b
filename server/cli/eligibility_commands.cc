// The commands of eligibility: a team captain's line-up (ANC SR 10.8, SABF
// TR 13.13) and the eligibility of every entrant and player under the
// competition profile's rules. This file only reads the words typed and
// prints the answer; every rule is applied by the server.

#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "server/cli/cli_common.h"
#include "server/cli/text_table.h"

namespace tally::cli {
namespace {

// "Ann,Bob" -> {"Ann", "Bob"}, each name trimmed.
std::vector<std::string> Names(const std::string& list) {
  std::vector<std::string> out;
  for (absl::string_view name : absl::StrSplit(list, ',')) {
    out.emplace_back(absl::StripAsciiWhitespace(name));
  }
  return out;
}

int PostLineup(Client& cl, const Invocation& inv) {
  v1::PostLineupRequest r;
  *r.mutable_options() = cl.Options();
  int round = 0, team = 0, stanza = 0;
  if (!ToInt(inv.args[2], &round) || !ToInt(inv.args[3], &team) ||
      (inv.Has("stanza") && !ToInt(inv.Get("stanza"), &stanza))) {
    std::cerr << "tally: round, team and --stanza are numbers\n";
    return kUsage;
  }
  if (!inv.Has("open") || !inv.Has("closed")) {
    std::cerr << "tally: give --open=NAME,NAME and --closed=NAME,NAME\n";
    return kUsage;
  }
  r.set_tournament_id(inv.args[0]);
  r.set_competition_id(inv.args[1]);
  r.set_round(round);
  r.set_team(team);
  r.set_stanza(stanza);
  for (const std::string& n : Names(inv.Get("open"))) r.add_open_room(n);
  for (const std::string& n : Names(inv.Get("closed"))) r.add_closed_room(n);
  v1::CommandOutcome out;
  grpc::Status st = cl.director_->PostLineup(cl.Context().get(), r, &out);
  return PrintOutcome(
      cl, inv, st, out, out,
      absl::StrCat("team ", team, " round ", round,
                   stanza > 1 ? absl::StrCat(" stanza ", stanza) : "",
                   ": open room ", absl::StrJoin(r.open_room(), " & "),
                   ", closed room ", absl::StrJoin(r.closed_room(), " & ")));
}

std::string VerdictWord(v1::EligibilityVerdict v) {
  switch (v) {
    case v1::ELIGIBILITY_VERDICT_ELIGIBLE:
      return "yes";
    case v1::ELIGIBILITY_VERDICT_NOT_ELIGIBLE:
      return "no";
    default:
      return "?";
  }
}

// "yes: 42/112>=45" or, per player in a pair, "no: Bob 5/9>=6; pair 6/9>=5".
std::string VerdictCell(const v1::RuleVerdict& v, bool name_players,
                        std::set<std::string>& notes) {
  std::vector<std::string> checks;
  for (const v1::RequirementCheck& c : v.checks()) {
    std::string who;
    if (name_players) {
      // A pair's own checks are named by what they count.
      if (!c.player().empty()) {
        who = c.player() + " ";
      } else if (c.measure().rfind("partnership", 0) == 0) {
        who = "together ";
      } else if (c.measure().rfind("represented", 0) == 0) {
        who = "represented ";
      } else if (c.measure() == "member_rounds") {
        who = "with substitutes ";
      }
    }
    if (!c.undetermined().empty()) {
      checks.push_back(absl::StrCat(who, "?"));
      notes.insert(absl::StrCat(v.clause(), ": ", c.undetermined()));
    } else if (c.at_most()) {
      checks.push_back(absl::StrCat("absences ", c.counted(), "<=", c.needed()));
    } else {
      checks.push_back(absl::StrCat(who, c.counted(), "/", c.of(),
                                    ">=", c.needed()));
    }
  }
  if (!v.otherwise().empty()) {
    notes.insert(absl::StrCat(v.clause(), " not met: ", v.otherwise()));
  }
  return absl::StrCat(VerdictWord(v.verdict()), ": ",
                      absl::StrJoin(checks, "; "));
}

void PrintEligibility(const v1::Eligibility& e) {
  std::cout << e.tournament_id() << " / " << e.competition_id()
            << ", rounds posted: "
            << (e.rounds_counted().empty()
                    ? "none"
                    : absl::StrJoin(e.rounds_counted(), ", "))
            << (e.rounds_scheduled() > 0
                    ? absl::StrCat(" of ", e.rounds_scheduled())
                    : "")
            << ", as of event " << e.as_of_sequence() << "\n";
  if (!e.qualifying_competition_id().empty()) {
    std::cout << "Qualified from " << e.qualifying_competition_id()
              << ", rounds posted: "
              << absl::StrJoin(e.qualifying_rounds_counted(), ", ") << "\n";
  }
  if (!e.schedule().empty() || e.sessions() > 0) {
    std::cout << "Event: " << e.sessions() << " sessions"
              << (e.schedule().empty() ? "" : ", " + e.schedule()) << "\n";
  }
  std::vector<std::string> header = {"Entrant", "Player", "Played"};
  for (int i = 0; i < e.rules_size(); ++i) {
    const v1::EligibilityRuleView& r = e.rules(i);
    std::cout << "Rule " << i + 1 << ": " << r.purpose_text() << " ("
              << r.clause() << "): " << absl::StrJoin(r.requirements(), "; ")
              << "\n";
    header.push_back(absl::StrCat(i + 1, ". ", r.clause()));
  }
  if (e.rules().empty()) {
    std::cout << "The competition's profile sets no eligibility rule.\n";
  }
  TextTable t(header);
  std::set<std::string> notes;
  for (const v1::EntrantEligibility& entrant : e.entrants()) {
    const std::string who =
        entrant.name().empty()
            ? absl::StrCat(entrant.entrant())
            : absl::StrCat(entrant.entrant(), " ", entrant.name());
    const bool teams = entrant.verdicts().empty() &&
                       (entrant.totals().boards() > 0 ||
                        entrant.totals().matches() > 0 ||
                        !entrant.name().empty());
    if (teams) {
      for (const v1::PlayerEligibility& p : entrant.players()) {
        std::string played = absl::StrCat(p.played().boards(), "/",
                                          entrant.totals().boards(), " bds");
        if (!e.qualifying_competition_id().empty()) {
          absl::StrAppend(&played, ", qual ", p.qualifying_played().boards(),
                          "/", entrant.qualifying_totals().boards(), " bds ",
                          p.qualifying_played().matches(), "/",
                          entrant.qualifying_totals().matches(), " m");
        }
        std::vector<std::string> row = {who, p.player(), played};
        for (const v1::RuleVerdict& v : p.verdicts()) {
          row.push_back(VerdictCell(v, false, notes));
        }
        t.AddRow(row);
      }
    } else {
      std::vector<std::string> played;
      for (const v1::PlayerEligibility& p : entrant.players()) {
        played.push_back(absl::StrCat(p.player(), " ", p.played().rounds(),
                                      "/", entrant.totals().rounds()));
      }
      std::vector<std::string> row = {who, "", absl::StrJoin(played, ", ")};
      for (const v1::RuleVerdict& v : entrant.verdicts()) {
        row.push_back(VerdictCell(v, true, notes));
      }
      t.AddRow(row);
    }
    if (!entrant.missing_lineups().empty()) {
      notes.insert(absl::StrCat("entrant ", entrant.entrant(),
                                ": no line-up posted for ",
                                absl::StrJoin(entrant.missing_lineups(), ", ")));
    }
    if (!entrant.forfeited_rounds().empty()) {
      notes.insert(absl::StrCat(
          "entrant ", entrant.entrant(),
          entrant.forfeited_rounds_size() == 1 ? ": forfeited round "
                                               : ": forfeited rounds ",
          absl::StrJoin(entrant.forfeited_rounds(), ", ")));
    }
  }
  std::cout << t.Render();
  for (const std::string& note : notes) std::cout << "  " << note << "\n";
}

}  // namespace

void AddEligibilityCommands(std::vector<Command>& commands) {
  auto add = [&](Command c) { commands.push_back(std::move(c)); };
  add({"lineup",
       "TOURNAMENT COMPETITION ROUND TEAM --open=NAME,NAME "
       "--closed=NAME,NAME [--stanza=N]",
       "post a team captain's line-up for a round or a stanza of a final "
       "(ANC SR 10.8, SABF TR 13.13)",
       4, 4, PostLineup});
  add({"eligibility",
       "TOURNAMENT COMPETITION [--schedule=weeknight|weekend] [--sessions=N]",
       "what each entrant and player has played and whether it meets the "
       "profile's eligibility rules (SABF TR 11.6, 12.5, 13.5, 16.2; ANC SR "
       "11.1, 14.3, 20.2-20.3)",
       2, 2, [](Client& cl, const Invocation& inv) {
         v1::GetEligibilityRequest r;
         r.set_tournament_id(inv.args[0]);
         r.set_competition_id(inv.args[1]);
         r.set_schedule(inv.Get("schedule"));
         int sessions = 0;
         if (inv.Has("sessions") && !ToInt(inv.Get("sessions"), &sessions)) {
           std::cerr << "tally: --sessions is a number\n";
           return kUsage;
         }
         r.set_sessions(sessions);
         v1::Eligibility out;
         grpc::Status st =
             cl.query_->GetEligibility(cl.Context().get(), r, &out);
         return PrintAnswer<v1::Eligibility>(inv, st, out, PrintEligibility);
       }});
}

}  // namespace tally::cli
