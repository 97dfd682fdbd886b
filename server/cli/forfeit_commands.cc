// The commands of withdrawals and forfeits in events of matches: a pair or
// team withdraws (`tally withdraw`), the director declares a drawn match
// forfeited, abandoned or cancelled (`tally forfeit`); and the lines that
// show a forfeit's score in the match commands' answers. This file only
// reads the words typed and prints the answer; every rule is applied by the
// server.

#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "server/cli/cli_common.h"
#include "server/cli/forfeit_text.h"
#include "server/cli/result_text.h"
#include "tally/v1/director.grpc.pb.h"

namespace tally::cli {

std::string ForfeitLine(const v1::ForfeitedMatchView& f) {
  std::string score =
      f.scored() ? absl::StrCat(ExactText(f.home_vps()), " - ",
                                ExactText(f.away_vps()), " VPs, home IMPs ",
                                ExactText(f.home_imps()),
                                f.has_away_imps()
                                    ? absl::StrCat(", away IMPs ",
                                                   ExactText(f.away_imps()))
                                    : "")
                 : "not scored";
  std::string kind;
  switch (f.kind()) {
    case v1::MATCH_FORFEIT_KIND_ABANDONED_ILLNESS:
      kind = "abandoned, concerning ";
      break;
    case v1::MATCH_FORFEIT_KIND_CANCELLED_NO_FAULT:
      kind = "cancelled, absent: ";
      break;
    default:
      kind = f.by_withdrawal()         ? "walk-over, withdrawn: "
             : f.offenders().empty() ? "scored as a forfeit, both sides "
                                       "non-offending"
                                     : "forfeited by ";
      break;
  }
  return absl::StrCat(
      "round ", f.round(), " table ", f.table(), " (", f.home(), " v ",
      f.away(), "): ", kind, absl::StrJoin(f.offenders(), " and "), "; ",
      score, "; ", f.basis(), f.limb().empty() ? "" : absl::StrCat(" [", f.limb(), "]"),
      f.clause().empty() ? "" : absl::StrCat(" (", f.clause(), ")"),
      f.reason().empty() ? "" : absl::StrCat("; ", f.reason()));
}

namespace {

int WithdrawEntrant(Client& cl, const Invocation& inv) {
  v1::WithdrawEntrantRequest r;
  *r.mutable_options() = cl.Options();
  r.set_tournament_id(inv.args[0]);
  r.set_competition_id(inv.args[1]);
  int entrant = 0;
  if (!ToInt(inv.args[2], &entrant)) {
    std::cerr << "tally: entrant '" << inv.args[2] << "' is not a number\n";
    return kUsage;
  }
  r.set_entrant(entrant);
  if (inv.Has("after-round")) {
    int after = 0;
    if (!ToInt(inv.Get("after-round"), &after)) {
      std::cerr << "tally: --after-round '" << inv.Get("after-round")
                << "' is not a number\n";
      return kUsage;
    }
    r.set_after_round(after);
  }
  r.set_clause(inv.Get("clause"));
  r.set_reason(inv.Get("reason"));
  v1::CommandOutcome out;
  grpc::Status st = cl.director_->WithdrawEntrant(cl.Context().get(), r, &out);
  return PrintOutcome(cl, inv, st, out, out,
                      absl::StrCat("entrant ", entrant, " withdrew"));
}

int ForfeitMatch(Client& cl, const Invocation& inv) {
  static const auto* kKinds = new std::map<std::string, v1::MatchForfeitKind>{
      {"forfeit", v1::MATCH_FORFEIT_KIND_UNSPECIFIED},
      {"abandoned", v1::MATCH_FORFEIT_KIND_ABANDONED_ILLNESS},
      {"cancelled", v1::MATCH_FORFEIT_KIND_CANCELLED_NO_FAULT}};
  v1::ForfeitMatchRequest r;
  *r.mutable_options() = cl.Options();
  r.set_tournament_id(inv.args[0]);
  r.set_competition_id(inv.args[1]);
  int round = 0, table = 0;
  if (!ToInt(inv.args[2], &round) || !ToInt(inv.args[3], &table)) {
    std::cerr << "tally: round and table are numbers, not '" << inv.args[2]
              << "' and '" << inv.args[3] << "'\n";
    return kUsage;
  }
  r.set_round(round);
  r.set_table(table);
  for (size_t i = 4; i < inv.args.size(); ++i) {
    int offender = 0;
    if (!ToInt(inv.args[i], &offender)) {
      std::cerr << "tally: entrant '" << inv.args[i] << "' is not a number\n";
      return kUsage;
    }
    r.add_offenders(offender);
  }
  if (inv.Has("kind")) {
    auto it = kKinds->find(absl::AsciiStrToLower(inv.Get("kind")));
    if (it == kKinds->end()) {
      std::cerr << "tally: --kind is forfeit, abandoned or cancelled, not '"
                << inv.Get("kind") << "'\n";
      return kUsage;
    }
    r.set_kind(it->second);
  }
  r.set_clause(inv.Get("clause"));
  r.set_reason(inv.Get("reason"));
  v1::CommandOutcome out;
  grpc::Status st = cl.director_->ForfeitMatch(cl.Context().get(), r, &out);
  return PrintOutcome(
      cl, inv, st, out, out,
      absl::StrCat("round ", round, " table ", table, ": ",
                   r.kind() == v1::MATCH_FORFEIT_KIND_UNSPECIFIED
                       ? "forfeited by "
                       : "recorded for ",
                   absl::StrJoin(r.offenders(), " and ")));
}

}  // namespace

void AddForfeitCommands(std::vector<Command>& commands) {
  auto add = [&](Command c) { commands.push_back(std::move(c)); };

  // --- Withdrawals and forfeits (events of matches) -------------------------
  add({"withdraw",
       "TOURNAMENT COMPETITION ENTRANT --reason=TEXT [--after-round=N] "
       "[--clause=CLAUSE]",
       "a pair or team withdraws: its results stand, it is drawn in no round "
       "after N (default: the rounds drawn so far), and its matches after N "
       "are forfeited by it (its opponents score the profile's forfeit, or "
       "bye, score)",
       3, 3, WithdrawEntrant});
  add({"forfeit",
       "TOURNAMENT COMPETITION ROUND TABLE OFFENDER [OFFENDER] --reason=TEXT "
       "[--kind=forfeit|abandoned|cancelled] [--clause=CLAUSE]",
       "declare a drawn match forfeited by the side(s) in default (NSW TR "
       "12.9, SABF TR 13.9, ANC SR 10.12); --kind=abandoned (SABF TR 13.18, "
       "OFFENDER: the side concerned) or cancelled (SABF TR 13.9, the absent "
       "side); refused once every result of the match is in",
       5, 6, ForfeitMatch});
}

}  // namespace tally::cli
