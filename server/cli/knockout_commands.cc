// The commands of knock-out events (the ITC final, the SABF Final Five):
// each match's stanzas, carry-over, totals and winner, and a finalist's
// choice of stanzas with choice of opponents (ANC SR 11.4). This file only
// reads the words typed and prints the answer; every rule is applied by
// the server.

#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "server/cli/cli_common.h"
#include "server/cli/result_text.h"
#include "server/cli/text_table.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"

namespace tally::cli {
namespace {

// "1-12" for consecutive boards, else "1, 3, 5"; "-" for none.
std::string BoardRange(const google::protobuf::RepeatedField<int32_t>& b) {
  if (b.empty()) return "-";
  bool consecutive = true;
  for (int i = 1; i < b.size(); ++i) consecutive &= b[i] == b[i - 1] + 1;
  if (consecutive && b.size() > 1) {
    return absl::StrCat(b[0], "-", b[b.size() - 1]);
  }
  return absl::StrJoin(b, ", ");
}

std::string Team(int team) {
  return team == 0 ? "nobody" : absl::StrCat("team ", team);
}

// "won by team 2 on IMPs", "won by team 2 (remove_carry_over, ANC SR 12.3)".
std::string OutcomeText(const v1::KnockoutMatch& m) {
  const std::string why = m.clause().empty()
                              ? m.decided_by()
                              : absl::StrCat(m.decided_by(), ", ", m.clause());
  if (m.outcome() == "in progress") {
    return m.complete() ? "undecided" : "in progress";
  }
  if (m.outcome() == "tied") return absl::StrCat("tied (", why, ")");
  if (m.outcome() == "abandoned") {
    return absl::StrCat("abandoned, no winner (", m.clause(), ")");
  }
  if (m.outcome() == "walkover") {
    return absl::StrCat("team ", m.winner(),
                        " receives a forfeit: its opponent's match was "
                        "abandoned (",
                        m.clause(), ")");
  }
  if (m.outcome() == "forfeit") {
    return absl::StrCat("won by team ", m.winner(), " by forfeit of team ",
                        m.loser(), " (", m.clause(), ")");
  }
  return absl::StrCat("won by team ", m.winner(),
                      m.decided_by() == "imps" ? " on IMPs with the carry-over"
                                               : absl::StrCat(" (", why, ")"));
}

void PrintKnockout(const v1::KnockoutResults& k) {
  std::cout << k.tournament_id() << " / " << k.competition_id()
            << ", as of event " << k.as_of_sequence() << "\n";
  for (const v1::KnockoutMatch& m : k.matches()) {
    std::cout << "\n" << m.label() << ": ";
    if (m.away() == 0) {
      std::cout << OutcomeText(m) << "\n";
      continue;
    }
    std::cout << "team " << m.home() << " v team " << m.away() << ", "
              << m.stanzas() << (m.stanzas() == 1 ? " stanza" : " stanzas");
    if (m.carry_over_holder() != 0) {
      std::cout << ", carry-over " << ExactText(m.carry_over())
                << " IMPs to team " << m.carry_over_holder();
    }
    std::cout << "\n";
    TextTable t({"Stanza", "Round", "Boards", "Scored",
                 absl::StrCat("Team ", m.home()),
                 absl::StrCat("Team ", m.away()), "Choice of opponents"});
    for (const v1::KnockoutStanza& s : m.stanza_results()) {
      const bool drawn = s.round() != 0;
      t.AddRow({absl::StrCat(s.stanza()), drawn ? absl::StrCat(s.round()) : "-",
                BoardRange(s.boards()),
                drawn ? absl::StrCat(s.boards_scored(), " of ", s.boards_size())
                      : "not drawn",
                drawn ? ExactText(s.home_imps()) : "",
                drawn ? ExactText(s.away_imps()) : "",
                s.choice_clause().empty()
                    ? ""
                    : absl::StrCat(s.choice_of_opponents() == 0
                                       ? "not chosen yet"
                                       : Team(s.choice_of_opponents()),
                                   " (", s.choice_clause(), ")")});
    }
    const bool deducted = m.home_deducted().numerator() != 0 ||
                          m.away_deducted().numerator() != 0;
    if (deducted) {
      // The offence register's IMPs (OffenceRecorded) and the rulings' IMP
      // penalties (Laws 90, 91), already off the total.
      t.AddRow({"Deducted", "", "", "", ExactText(m.home_deducted()),
                ExactText(m.away_deducted()),
                "offence register and penalties"});
    }
    t.AddRow({"Total", "", "", "", ExactText(m.home_total()),
              ExactText(m.away_total()),
              deducted ? "with the carry-over, less deductions"
                       : "with the carry-over"});
    std::cout << t.Render() << OutcomeText(m) << "\n";
  }
  if (k.event_result().empty()) return;
  std::cout << "\nevent: ";
  if (k.event_result() == "won") {
    std::cout << "won by team " << k.event_winners(0);
  } else if (k.event_result() == "shared") {
    std::cout << "title shared by teams "
              << absl::StrJoin(k.event_winners(), " and ");
  } else {
    std::cout << "no winner";
  }
  std::cout << " (" << k.event_clause() << ")\n";
}

int Knockout(Client& cl, const Invocation& inv) {
  v1::GetKnockoutResultsRequest r;
  r.set_tournament_id(inv.args[0]);
  r.set_competition_id(inv.args[1]);
  v1::KnockoutResults out;
  grpc::Status st = cl.query_->GetKnockoutResults(cl.Context().get(), r, &out);
  return PrintAnswer<v1::KnockoutResults>(inv, st, out, PrintKnockout);
}

int SeatingRights(Client& cl, const Invocation& inv) {
  v1::ChooseSeatingRightsRequest r;
  *r.mutable_options() = cl.Options();
  r.set_tournament_id(inv.args[0]);
  r.set_competition_id(inv.args[1]);
  r.set_label(inv.Get("match"));
  int team = 0;
  if (!ToInt(inv.args[2], &team)) {
    std::cerr << "tally: team '" << inv.args[2] << "' is not a number\n";
    return kUsage;
  }
  r.set_team(team);
  for (size_t i = 3; i < inv.args.size(); ++i) {
    int stanza = 0;
    if (!ToInt(inv.args[i], &stanza)) {
      std::cerr << "tally: stanza '" << inv.args[i] << "' is not a number\n";
      return kUsage;
    }
    r.add_stanzas(stanza);
  }
  v1::CommandOutcome out;
  grpc::Status st =
      cl.director_->ChooseSeatingRights(cl.Context().get(), r, &out);
  return PrintOutcome(
      cl, inv, st, out, out,
      absl::StrCat("team ", team, " has choice of opponents in stanza",
                   r.stanzas_size() == 1 ? " " : "s ",
                   absl::StrJoin(r.stanzas(), " and "), " (ANC SR 11.4)"));
}

}  // namespace

void AddKnockoutCommands(std::vector<Command>& commands) {
  auto add = [&](Command c) { commands.push_back(std::move(c)); };

  // --- Knock-out events ----------------------------------------------------
  add({"knockout", "TOURNAMENT COMPETITION",
       "a knock-out's matches: each stanza's IMPs and who has choice of "
       "opponents, the carry-over, the totals and the winner (forfeits and "
       "abandoned matches, SABF TR 16.1; ties, ANC SR 12.3), and the event's "
       "winner once its last match is decided",
       2, 2, Knockout});
  add({"seating-rights",
       "TOURNAMENT COMPETITION TEAM STANZA... [--match=LABEL]",
       "record a finalist's choice of the stanzas in which it has choice of "
       "opponents (ANC SR 11.4): the higher placed team names one, then the "
       "other team two of the rest; the higher placed team has the "
       "remaining two (--match defaults to the Final)",
       4, 5, SeatingRights});
}

}  // namespace tally::cli
