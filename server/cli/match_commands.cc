// The commands of events of matches (Swiss, round robin, knock-out): teams,
// draws, penalties, match results, standings after a round, an entrant's
// record, and the auditor's draw check and standings as of a point. This
// file only reads the words typed and prints the answer; every rule is
// applied by the server.

#include <algorithm>
#include <cstdint>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "server/cli/butler_text.h"
#include "server/cli/cli_common.h"
#include "server/cli/forfeit_text.h"
#include "server/cli/result_text.h"
#include "server/cli/text_table.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"

namespace tally::cli {
namespace {

// Fills `request`'s tournament_id, competition_id and round from the first
// three arguments (TOURNAMENT COMPETITION ROUND); false, after saying why,
// when the round is not a number.
template <typename Request>
bool RoundArgs(const Invocation& inv, Request* request) {
  int round = 0;
  if (!ToInt(inv.args[2], &round)) {
    std::cerr << "tally: round '" << inv.args[2] << "' is not a number\n";
    return false;
  }
  request->set_tournament_id(inv.args[0]);
  request->set_competition_id(inv.args[1]);
  request->set_round(round);
  return true;
}

// Reads the whole-number option --name into `out` when given; false, after
// saying why, when it is not a number.
bool IntOption(const Invocation& inv, const std::string& name, int* out) {
  if (!inv.Has(name) || ToInt(inv.Get(name), out)) return true;
  std::cerr << "tally: --" << name << " '" << inv.Get(name)
            << "' is not a number\n";
  return false;
}

// "1-7" for consecutive boards, else "1, 3, 5".
std::string BoardsText(const google::protobuf::RepeatedField<int32_t>& b) {
  bool consecutive = !b.empty();
  for (int i = 1; i < b.size(); ++i) consecutive &= b[i] == b[i - 1] + 1;
  if (consecutive && b.size() > 1) {
    return absl::StrCat(b[0], "-", b[b.size() - 1]);
  }
  return absl::StrJoin(b, ", ");
}

std::string TriggerText(v1::DrawTrigger trigger) {
  switch (trigger) {
    case v1::DRAW_TRIGGER_ALL_RESULTS_IN:
      return "every result of the previous round in";
    case v1::DRAW_TRIGGER_DIRECTOR_EARLY:
      return "early, at the director's call (ANC SR 6.3)";
    default:
      return "unspecified";
  }
}

// A team's name, else its players ("A & B").
std::string EntrantName(
    const std::string& name,
    const google::protobuf::RepeatedPtrField<std::string>& players) {
  return name.empty() ? Players(players) : name;
}

// The value, or "-" where the server left it unset.
std::string DecimalOrDash(bool has, const v1::DecimalValue& d) {
  return has ? DecimalText(d) : "-";
}

// The pairings of a round, with how they were made.
void PrintDraw(const v1::DrawMade& d) {
  std::cout << d.competition_id() << ", round " << d.round() << ": "
            << d.method() << " draw, seed " << d.seed() << ", boards "
            << BoardsText(d.boards())
            << "\n  trigger: " << TriggerText(d.trigger()) << "\n";
  TextTable t({"Table", "Home/NS", "Away/EW"});
  for (const v1::DrawnMatch& m : d.matches()) {
    t.AddRow({absl::StrCat(m.table()), absl::StrCat(m.home()),
              absl::StrCat(m.away())});
  }
  std::cout << t.Render();
  if (d.share().table() != 0) {
    const v1::DrawnShareMatch& s = d.share();
    std::cout << "table " << s.table() << ": three-way share match (SABF TR "
              << "14.1): " << s.a() << " v " << s.b() << ", " << s.c() << " v "
              << s.a() << ", " << s.b() << " v " << s.c() << "\n";
  }
  if (d.half_matches().table() != 0) {
    const v1::DrawnHalfMatches& g = d.half_matches();
    const int half = d.boards_size() / 2;
    google::protobuf::RepeatedField<int32_t> first(d.boards().begin(),
                                                   d.boards().begin() + half);
    google::protobuf::RepeatedField<int32_t> second(d.boards().begin() + half,
                                                    d.boards().end());
    std::cout << "table " << g.table() << ": half matches (NSW TR 12.7): "
              << g.pivot() << " NS on every board; " << g.first()
              << " EW on boards " << BoardsText(first) << ", " << g.second()
              << " EW on boards " << BoardsText(second) << "\n";
  }
  if (d.bye() != 0) std::cout << "bye: " << d.bye() << "\n";
  if (!d.ctd_round_order().empty()) {
    std::cout << "rounds in the CTD's order (ANC SR 10.5): "
              << absl::StrJoin(d.ctd_round_order(), ", ") << "\n";
  }
  // Knock-out matches: the label, the stanza and the carry-over drawn.
  for (const v1::DrawnMatch& m : d.matches()) {
    if (m.label().empty()) continue;
    std::cout << "table " << m.table() << ": " << m.label() << ", stanza "
              << m.stanza() << " of " << m.stanzas();
    if (m.carry_over_holder() != 0) {
      std::cout << ", carry-over " << ExactText(m.carry_over())
                << " IMPs to team " << m.carry_over_holder();
    }
    std::cout << "\n";
  }
  for (const v1::DrawnMatch& w : d.walkovers()) {
    std::cout << w.label() << ": not played; "
              << (w.home() == 0 ? "nobody is left to play it"
                                : absl::StrCat("team ", w.home(),
                                               " receives a forfeit"))
              << " (SABF TR 16.1)\n";
  }
  if (!d.adjusted_tables().empty()) {
    std::cout << "tables adjusted by the clash procedure (SABF TR 14.1): "
              << absl::StrJoin(d.adjusted_tables(), ", ") << "\n";
  }
}

// A stored draw, who made it, and the ranking it was made from.
void PrintDrawView(const v1::DrawView& v) {
  std::cout << "event " << v.sequence() << ", drawn by " << ActorText(v.actor())
            << "\n";
  PrintDraw(v.draw());
  if (v.draw().ranking().empty()) return;
  std::cout << "\nthe ranking the draw used, best first:\n";
  TextTable t({"Place", "Entrant", "Score", "Decided by"});
  int place = 0;
  for (const v1::DrawRankingEntry& e : v.draw().ranking()) {
    t.AddRow({absl::StrCat(++place), absl::StrCat(e.entrant()),
              ExactText(e.score()), e.decided_by()});
  }
  std::cout << t.Render();
}

// The home side's margin: net IMPs, or a percentage in a matchpoint Swiss;
// "-" before any board is scored.
std::string HomeMarginText(const v1::MatchResult& m) {
  if (m.boards_scored() == 0 && !m.has_forfeit()) return "-";
  // Away's own figure where a ruling left the two sides unbalanced.
  if (m.has_home_percentage()) {
    return absl::StrCat(
        DecimalText(m.home_percentage()), "%",
        m.has_away_percentage()
            ? absl::StrCat(" (away ", DecimalText(m.away_percentage()), "%)")
            : "");
  }
  return absl::StrCat(
      ExactText(m.home_imps()),
      m.has_away_imps() ? absl::StrCat(" (away ", ExactText(m.away_imps()), ")")
                        : "");
}

void PrintMatchResults(const v1::MatchResults& x) {
  std::cout << "round " << x.round() << ", boards " << BoardsText(x.boards())
            << ", as of event " << x.as_of_sequence() << "\n";
  TextTable t({"Table", "Home", "Away", "Boards scored", "Home IMPs", "VPs"});
  for (const v1::MatchResult& m : x.matches()) {
    t.AddRow({absl::StrCat(m.table()), absl::StrCat(m.home()),
              absl::StrCat(m.away()),
              m.has_forfeit()
                  ? "forfeit"
                  : absl::StrCat(m.boards_scored(), " of ", x.boards_size(),
                                 m.complete() ? "" : " (incomplete)"),
              HomeMarginText(m),
              m.has_home_vps() ? absl::StrCat(DecimalText(m.home_vps()), " - ",
                                              DecimalText(m.away_vps()))
                               : "-"});
  }
  std::cout << t.Render();
  if (const v1::ThreeWayResult& w = x.three_way(); w.table() != 0) {
    std::cout << "table " << w.table() << ": "
              << (w.kind() == "share_match" ? "share match (SABF TR 14.1)"
                                            : "half matches (NSW TR 12.7)")
              << "\n";
    TextTable s({"Entrant", "Seat", "Boards", "Scored", "IMPs", "VPs",
                 "Scored as"});
    for (const v1::ThreeWayEntrant& e : w.entrants()) {
      s.AddRow({absl::StrCat(e.entrant()), e.seat(), BoardsText(e.boards()),
                absl::StrCat(e.boards_scored(), " of ", e.boards_size()),
                e.boards_scored() == 0 ? "-" : ExactText(e.imps()),
                DecimalOrDash(e.has_vps(), e.vps()), e.clause()});
    }
    std::cout << s.Render();
  }
  if (x.bye().entrant() != 0) {
    std::cout << "bye: " << x.bye().entrant() << ", "
              << ExactText(x.bye().imps()) << " IMPs, "
              << DecimalOrDash(x.bye().has_vps(), x.bye().vps()) << " VPs\n";
  }
  for (const v1::MatchResult& m : x.matches()) {
    if (m.has_forfeit()) std::cout << ForfeitLine(m.forfeit()) << "\n";
  }
  for (const v1::FouledBoardNote& f : x.fouled()) PrintFouledBoardNote(f);
  // NSW TR 13: what an appeal pending (or decided) does to the figures.
  for (const v1::BoardDatum& d : x.datums()) {
    if (d.appeal().empty()) continue;
    std::cout << "board " << d.board() << ": datum " << d.datum() << ", "
              << d.appeal() << "\n";
  }
  for (const v1::MatchResult& m : x.matches()) {
    if (m.provisional_reason().empty()) continue;
    std::cout << "table " << m.table() << " (" << m.home() << " v "
              << m.away() << "): " << m.provisional_reason() << "\n";
  }
}

// A decided_by of a tie waiting for a recorded outcome: "lot_due".
bool OutcomeDue(const std::string& decided_by) {
  return absl::EndsWith(decided_by, "_due");
}

// "net_imps (ANC SR 12.2)": how a row's place was decided; "lot due (ANC
// SR 12.2)" for a tie the lot still has to place.
std::string DecidedByText(const std::string& decided_by,
                          const std::string& clause) {
  const std::string text =
      OutcomeDue(decided_by)
          ? absl::StrCat(decided_by.substr(0, decided_by.size() - 4), " due")
          : decided_by;
  return clause.empty() ? text : absl::StrCat(text, " (", clause, ")");
}

// "3", "3=" for a shared place, "3-4" for the places a due lot decides.
std::string RankText(const v1::MatchStandings& s,
                     const v1::MatchStandingsRow& r) {
  if (!OutcomeDue(r.decided_by())) {
    return absl::StrCat(r.rank(), r.tied() ? "=" : "");
  }
  const int level = static_cast<int>(std::count_if(
      s.rows().begin(), s.rows().end(), [&](const v1::MatchStandingsRow& o) {
        return o.rank() == r.rank() && OutcomeDue(o.decided_by());
      }));
  return absl::StrCat(r.rank(), "-", r.rank() + level - 1);
}

void PrintMatchStandings(const v1::MatchStandings& s) {
  std::cout << s.tournament_id() << " / " << s.competition_id()
            << ", after round " << s.after_round() << ", as of event "
            << s.as_of_sequence()
            << (s.tie_break_clause().empty()
                    ? ""
                    : absl::StrCat("; ties broken by ", s.tie_break_clause()))
            << "\n";
  // A carry-over column only where entrants brought VPs from a stage.
  const bool carry = std::any_of(
      s.rows().begin(), s.rows().end(),
      [](const v1::MatchStandingsRow& r) { return r.carry_over().units(); });
  std::vector<std::string> header = {"Rank",  "Entrant", "Name/Players",
                                     "Total", "VPs",     "Penalties"};
  if (carry) header.push_back("Carry-over");
  for (const char* h : {"Net IMPs", "Matches", "Decided by"}) {
    header.push_back(h);
  }
  TextTable t(header);
  for (const v1::MatchStandingsRow& r : s.rows()) {
    std::vector<std::string> row = {
        RankText(s, r),
        absl::StrCat(r.entrant()),
        EntrantName(r.name(), r.players()),
        DecimalText(r.total()),
        DecimalText(r.vps()),
        r.penalties().units() == 0 ? "" : DecimalText(r.penalties())};
    if (carry) {
      row.push_back(r.carry_over().units() == 0 ? ""
                                                : DecimalText(r.carry_over()));
    }
    row.push_back(ExactText(r.net_imps()));
    row.push_back(absl::StrCat(r.matches()));
    row.push_back(DecidedByText(r.decided_by(), r.clause()));
    t.AddRow(row);
  }
  std::cout << t.Render();
  for (const v1::MatchStandingsRow& r : s.rows()) {
    if (r.has_withdrawn_after_round()) {
      std::cout << "entrant " << r.entrant() << " withdrew after round "
                << r.withdrawn_after_round() << "\n";
    }
  }
  bool forfeits_shown = false;
  for (const v1::MatchStandingsRow& r : s.rows()) {
    for (const v1::ForfeitedMatchView& f : r.forfeits()) {
      if (f.home() != r.entrant()) continue;  // once, on the home row
      if (!forfeits_shown) std::cout << "forfeits, as counted:\n";
      forfeits_shown = true;
      std::cout << "  " << ForfeitLine(f) << "\n";
    }
  }
}

void PrintEntrantRecord(const v1::EntrantRecord& x) {
  std::cout << "entrant " << x.entrant() << " ("
            << EntrantName(x.name(), x.players())
            << "): " << DecimalText(x.total()) << " VPs in total\n";
  if (!x.name().empty()) {
    std::cout << "  " << absl::StrJoin(x.players(), ", ") << "\n";
  }
  TextTable t({"Round", "Table", "Side", "Opponent", "IMPs", "VPs"});
  for (const v1::EntrantRound& r : x.rounds()) {
    const bool bye = r.opponent() == 0;
    std::string side = r.home() ? "home" : "away";
    std::string opponent = absl::StrCat(r.opponent());
    if (!r.three_way().empty()) side = r.three_way();
    if (r.second_opponent() != 0) {
      absl::StrAppend(&opponent, ", ", r.second_opponent());
    }
    t.AddRow(
        {absl::StrCat(r.round()), bye ? "" : absl::StrCat(r.table()),
         bye ? "" : side, bye ? "bye" : opponent, ExactText(r.imps()),
         r.complete() ? DecimalOrDash(r.has_vps(), r.vps()) : "(incomplete)"});
  }
  std::cout << t.Render();
  if (x.has_withdrawn_after_round()) {
    std::cout << "withdrew after round " << x.withdrawn_after_round() << "\n";
  }
  for (const v1::EntrantRound& r : x.rounds()) {
    if (r.has_forfeit()) std::cout << ForfeitLine(r.forfeit()) << "\n";
  }
  if (x.penalties().empty()) return;
  std::cout << "\npenalties:\n";
  TextTable p({"Round", "VPs", "Clause", "Reason"});
  for (const v1::PenaltyAwarded& e : x.penalties()) {
    p.AddRow({e.round() == 0 ? "-" : absl::StrCat(e.round()),
              DecimalText(e.vps()), e.clause(), e.reason()});
  }
  std::cout << p.Render();
}

void PrintDrawCheck(const v1::DrawCheck& c) {
  std::cout << "round " << c.stored().round() << " draw (event "
            << c.draw_sequence() << ") "
            << (c.agrees() ? "agrees with" : "DOES NOT AGREE with")
            << " the draw recomputed from the log before it\n";
  for (const std::string& difference : c.differences()) {
    std::cout << "  " << difference << "\n";
  }
}

// --matches=TABLE:HOME:AWAY,... into `request`; false, after saying why,
// when a match cannot be read.
bool ReadMatches(const Invocation& inv, v1::MakeDrawRequest* request) {
  for (absl::string_view word :
       absl::StrSplit(inv.Get("matches"), ',', absl::SkipEmpty())) {
    std::vector<std::string> parts = absl::StrSplit(word, ':');
    int table = 0, home = 0, away = 0;
    if (parts.size() != 3 || !ToInt(parts[0], &table) ||
        !ToInt(parts[1], &home) || !ToInt(parts[2], &away)) {
      std::cerr << "tally: --matches takes TABLE:HOME:AWAY,..., e.g. "
                   "--matches=1:3:7,2:1:5, not '"
                << word << "'\n";
      return false;
    }
    v1::DrawnMatch* m = request->add_matches();
    m->set_table(table);
    m->set_home(home);
    m->set_away(away);
  }
  return true;
}

int RegisterTeam(Client& cl, const Invocation& inv) {
  v1::RegisterTeamRequest r;
  *r.mutable_options() = cl.Options();
  r.set_tournament_id(inv.args[0]);
  r.set_competition_id(inv.args[1]);
  int team = 0;
  if (!ToInt(inv.args[2], &team)) {
    std::cerr << "tally: team '" << inv.args[2] << "' is not a number\n";
    return kUsage;
  }
  if (!inv.Has("players")) {
    std::cerr << "tally: give the players, e.g. --players=\"A,B,C,D\"\n";
    return kUsage;
  }
  r.set_team(team);
  r.set_name(absl::StrJoin(inv.args.begin() + 3, inv.args.end(), " "));
  for (absl::string_view player :
       absl::StrSplit(inv.Get("players"), ',', absl::SkipWhitespace())) {
    r.add_players(std::string(absl::StripAsciiWhitespace(player)));
  }
  v1::CommandOutcome out;
  grpc::Status st = cl.director_->RegisterTeam(cl.Context().get(), r, &out);
  return PrintOutcome(cl, inv, st, out, out,
                      absl::StrCat("registered team ", team, " ", r.name()));
}

int MakeDraw(Client& cl, const Invocation& inv) {
  v1::MakeDrawRequest r;
  *r.mutable_options() = cl.Options();
  int first_board = 0, bye = 0;
  uint64_t seed = 0;
  if (!RoundArgs(inv, &r) || !IntOption(inv, "first-board", &first_board) ||
      !IntOption(inv, "bye", &bye) || !ReadMatches(inv, &r)) {
    return kUsage;
  }
  if (inv.Has("seed")) {
    if (!absl::SimpleAtoi(inv.Get("seed"), &seed)) {
      std::cerr << "tally: --seed '" << inv.Get("seed")
                << "' is not a whole number from 0\n";
      return kUsage;
    }
    r.set_seed(seed);
  }
  r.set_first_board(first_board);
  r.set_early(inv.Has("early"));
  r.set_bye(bye);
  if (inv.Has("ctd-round-order")) {
    // ANC SR 10.5: the CTD's order of the final round robin's rounds.
    for (absl::string_view row :
         absl::StrSplit(inv.Get("ctd-round-order"), ',')) {
      int n = 0;
      if (!ToInt(std::string(absl::StripAsciiWhitespace(row)), &n)) {
        std::cerr << "tally: --ctd-round-order '" << inv.Get("ctd-round-order")
                  << "' is not a list of round numbers, e.g. 2,3,1,4,5\n";
        return kUsage;
      }
      r.add_ctd_round_order(n);
    }
  }
  v1::MakeDrawResponse out;
  grpc::Status st = cl.director_->MakeDraw(cl.Context().get(), r, &out);
  int code = PrintOutcome(cl, inv, st, out, out.outcome(),
                          absl::StrCat("drew round ", r.round()));
  if (code == kOk && !inv.Has("json")) PrintDraw(out.draw());
  return code;
}

int AwardPenalty(Client& cl, const Invocation& inv) {
  v1::AwardPenaltyRequest r;
  *r.mutable_options() = cl.Options();
  r.set_tournament_id(inv.args[0]);
  r.set_competition_id(inv.args[1]);
  int entrant = 0, round = 0, supersedes = 0;
  if (!ToInt(inv.args[2], &entrant)) {
    std::cerr << "tally: entrant '" << inv.args[2] << "' is not a number\n";
    return kUsage;
  }
  if (!IntOption(inv, "round", &round)) return kUsage;
  if (!IntOption(inv, "supersedes", &supersedes) || supersedes < 0) {
    return kUsage;
  }
  absl::StatusOr<v1::DecimalValue> vps = ParseDecimal(inv.args[3], 2);
  if (!vps.ok()) {
    std::cerr << "tally: VPs: " << vps.status().message() << "\n";
    return kUsage;
  }
  r.set_entrant(entrant);
  r.set_round(round);
  *r.mutable_vps() = *vps;
  r.set_clause(inv.Get("clause"));
  r.set_reason(inv.Get("reason"));
  r.set_supersedes_sequence(supersedes);
  v1::CommandOutcome out;
  grpc::Status st = cl.director_->AwardPenalty(cl.Context().get(), r, &out);
  const std::string corrects =
      supersedes == 0 ? ""
                      : absl::StrCat(", in place of the penalty at event ",
                                     supersedes, " (NZ LIRG 82C)");
  return PrintOutcome(
      cl, inv, st, out, out,
      absl::StrCat("penalised entrant ", entrant, " ", DecimalText(*vps),
                   " VPs (", r.clause(), ")", corrects));
}

int RecordLot(Client& cl, const Invocation& inv) {
  v1::RecordLotRequest r;
  *r.mutable_options() = cl.Options();
  r.set_tournament_id(inv.args[0]);
  r.set_competition_id(inv.args[1]);
  for (size_t i = 2; i < inv.args.size(); ++i) {
    int entrant = 0;
    if (!ToInt(inv.args[i], &entrant)) {
      std::cerr << "tally: entrant '" << inv.args[i] << "' is not a number\n";
      return kUsage;
    }
    r.add_order(entrant);
  }
  v1::CommandOutcome out;
  grpc::Status st = cl.director_->RecordLot(cl.Context().get(), r, &out);
  return PrintOutcome(
      cl, inv, st, out, out,
      absl::StrCat("recorded the lot: ", absl::StrJoin(r.order(), ", ")));
}

// --after-round=N and --purpose=draw|qualification|final into `request`;
// false, after saying why, when either cannot be read.
bool MatchStandingsOptions(const Invocation& inv,
                           v1::GetMatchStandingsRequest* request) {
  static const auto* kPurposes = new std::map<std::string, v1::TieBreakPurpose>{
      {"draw", v1::TIE_BREAK_PURPOSE_DRAW},
      {"qualification", v1::TIE_BREAK_PURPOSE_QUALIFICATION},
      {"final", v1::TIE_BREAK_PURPOSE_FINAL_PLACING}};
  int after_round = 0;
  if (!IntOption(inv, "after-round", &after_round)) return false;
  request->set_tournament_id(inv.args[0]);
  request->set_competition_id(inv.args[1]);
  request->set_after_round(after_round);
  if (!inv.Has("purpose")) return true;
  auto it = kPurposes->find(absl::AsciiStrToLower(inv.Get("purpose")));
  if (it == kPurposes->end()) {
    std::cerr << "tally: --purpose is draw, qualification or final, not '"
              << inv.Get("purpose") << "'\n";
    return false;
  }
  request->set_purpose(it->second);
  return true;
}

int MatchStandings(Client& cl, const Invocation& inv) {
  v1::GetMatchStandingsRequest r;
  if (!MatchStandingsOptions(inv, &r)) return kUsage;
  v1::MatchStandings out;
  grpc::Status st = cl.query_->GetMatchStandings(cl.Context().get(), r, &out);
  return PrintAnswer<v1::MatchStandings>(inv, st, out, PrintMatchStandings);
}

int MatchStandingsAsOf(Client& cl, const Invocation& inv) {
  v1::GetMatchStandingsAsOfRequest r;
  if (!MatchStandingsOptions(inv, r.mutable_standings()) ||
      !AsOfOption(cl, inv, r.mutable_as_of())) {
    return kUsage;
  }
  v1::MatchStandings out;
  grpc::Status st =
      cl.audit_->GetMatchStandingsAsOf(cl.Context().get(), r, &out);
  return PrintAnswer<v1::MatchStandings>(inv, st, out, PrintMatchStandings);
}

int EntrantRecord(Client& cl, const Invocation& inv) {
  v1::GetEntrantRecordRequest r;
  int entrant = 0;
  if (!ToInt(inv.args[2], &entrant)) {
    std::cerr << "tally: entrant '" << inv.args[2] << "' is not a number\n";
    return kUsage;
  }
  r.set_tournament_id(inv.args[0]);
  r.set_competition_id(inv.args[1]);
  r.set_entrant(entrant);
  v1::EntrantRecord out;
  grpc::Status st = cl.query_->GetEntrantRecord(cl.Context().get(), r, &out);
  return PrintAnswer<v1::EntrantRecord>(inv, st, out, PrintEntrantRecord);
}

int CheckDraw(Client& cl, const Invocation& inv) {
  v1::CheckDrawRequest r;
  if (!RoundArgs(inv, &r)) return kUsage;
  v1::DrawCheck out;
  grpc::Status st = cl.audit_->CheckDraw(cl.Context().get(), r, &out);
  int code = PrintAnswer<v1::DrawCheck>(inv, st, out, PrintDrawCheck);
  return code == kOk && !out.agrees() ? kFailed : code;
}

}  // namespace

void AddMatchCommands(std::vector<Command>& commands) {
  auto add = [&](Command c) { commands.push_back(std::move(c)); };

  // --- Events of matches ---------------------------------------------------
  add({"register-team",
       "TOURNAMENT COMPETITION TEAM NAME... --players=\"A,B,C,D\"",
       "register a team by number in a teams competition, with its four to "
       "six players",
       4, 99, RegisterTeam});
  add({"draw",
       "TOURNAMENT COMPETITION ROUND [--seed=N] [--first-board=N] [--early] "
       "[--matches=TABLE:HOME:AWAY,... [--bye=ENTRANT]] "
       "[--ctd-round-order=R,R,R,R,R]",
       "draw the next round of an event of matches by the profile's method "
       "(Swiss, round robin, a final's stanzas or week), or record the director's own --matches where "
       "the method is explicit; --early draws before every result of the "
       "previous round is in (ANC SR 6.3); --ctd-round-order, with the first "
       "round of a 5-team ITC's round robin 3, plays the printed rounds "
       "(10.7.1's 1-5) in the CTD's order where the printed one would give a "
       "team two byes in one day (ANC SR 10.5); the draw never changes "
       "afterwards",
       3, 3, MakeDraw});
  add({"show-draw", "TOURNAMENT COMPETITION ROUND",
       "a round's stored draw, who made it and the ranking it was made from", 3,
       3, [](Client& cl, const Invocation& inv) {
         v1::GetDrawRequest r;
         if (!RoundArgs(inv, &r)) return kUsage;
         v1::DrawView out;
         grpc::Status st = cl.query_->GetDraw(cl.Context().get(), r, &out);
         return PrintAnswer<v1::DrawView>(inv, st, out, PrintDrawView);
       }});
  add({"penalty",
       "TOURNAMENT COMPETITION ENTRANT VPS --clause=CLAUSE --reason=TEXT "
       "[--round=N] [--supersedes=EVENT]",
       "deduct VPS (e.g. 1.5, at most 2 places) from a pair or team, naming "
       "the regulation applied and the ruling; --supersedes=EVENT puts "
       "right the director's earlier penalty at that event (NZ LIRG 82C: it "
       "stops counting and stays in the log; VPS 0 rescinds it)",
       4, 4, AwardPenalty});
  add({"lot", "TOURNAMENT COMPETITION ENTRANT ENTRANT...",
       "record the lot the director drew among entrants the final placing "
       "or the qualification leaves level, in the order drawn (first best)",
       4, 99, RecordLot});
  add({"match-results", "TOURNAMENT COMPETITION ROUND",
       "a round's matches: boards scored, the home side's IMPs and the VPs", 3,
       3, [](Client& cl, const Invocation& inv) {
         v1::GetMatchResultsRequest r;
         if (!RoundArgs(inv, &r)) return kUsage;
         v1::MatchResults out;
         grpc::Status st =
             cl.query_->GetMatchResults(cl.Context().get(), r, &out);
         return PrintAnswer<v1::MatchResults>(inv, st, out, PrintMatchResults);
       }});
  add({"match-standings",
       "TOURNAMENT COMPETITION [--after-round=N] "
       "[--purpose=draw|qualification|final]",
       "the ranking of an event of matches after a round (default: every "
       "round drawn), ties broken by the profile's chain for the purpose "
       "(default: final placing)",
       2, 2, MatchStandings});
  add({"record", "TOURNAMENT COMPETITION ENTRANT",
       "one pair's or team's matches, VPs and penalties", 3, 3, EntrantRecord});
  add({"check-draw", "TOURNAMENT COMPETITION ROUND",
       "recompute a stored draw from the log as it stood before the draw and "
       "say whether it agrees (exit status 1 when it does not)",
       3, 3, CheckDraw});
  add({"match-standings-as-of",
       "TOURNAMENT COMPETITION (--sequence=N | --time=TIME) "
       "[--after-round=N] [--purpose=draw|qualification|final]",
       "the ranking of an event of matches replayed from the log as of an "
       "event or a time",
       2, 2, MatchStandingsAsOf});
}

}  // namespace tally::cli
