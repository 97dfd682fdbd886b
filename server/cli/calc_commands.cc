// `tally calc FUNCTION ...`: the director's calculator, one CalculatorService
// RPC per function. This file only reads the words typed and prints the
// answer; every rule is applied by the server (core/).

#include <algorithm>
#include <cstdint>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/scoring/board.h"
#include "server/cli/cli_common.h"
#include "server/cli/result_text.h"
#include "server/cli/text_table.h"
#include "tally/v1/calculator.grpc.pb.h"

namespace tally::cli {
namespace {

// One calculator function: its name, its usage after "tally calc NAME", an
// example and what it answers.
struct CalcFunction {
  std::string name;
  std::string usage;
  std::string example;
  std::function<int(v1::CalculatorService::Stub&, Client&, const Invocation&,
                    const std::vector<std::string>&)>
      run;
};

const std::vector<CalcFunction>& Functions();

int CalcUsage(const std::string& function, const std::string& problem) {
  std::cerr << "tally calc " << function << ": " << problem << "\n";
  for (const CalcFunction& f : Functions()) {
    if (f.name == function) {
      std::cerr << "usage: tally calc " << f.name << " " << f.usage
                << "\n  e.g. " << f.example << "\n";
    }
  }
  return kUsage;
}

// "+1430", "-100", "0".
std::string Signed(int64_t v) {
  return v > 0 ? absl::StrCat("+", v) : absl::StrCat(v);
}

// "neither side vulnerable", "NS vulnerable", ... (core::VulnerabilityWords).
std::string VulnerabilityText(v1::Vulnerability v) {
  switch (v) {
    case v1::VULNERABILITY_NONE:
      return std::string(core::VulnerabilityWords(core::Vulnerability::kNone));
    case v1::VULNERABILITY_NORTH_SOUTH:
      return std::string(
          core::VulnerabilityWords(core::Vulnerability::kNorthSouth));
    case v1::VULNERABILITY_EAST_WEST:
      return std::string(
          core::VulnerabilityWords(core::Vulnerability::kEastWest));
    case v1::VULNERABILITY_BOTH:
      return std::string(core::VulnerabilityWords(core::Vulnerability::kBoth));
    default:
      return "vulnerability unknown";
  }
}

std::string SeatText(v1::Seat s) {
  switch (s) {
    case v1::SEAT_NORTH:
      return "N";
    case v1::SEAT_EAST:
      return "E";
    case v1::SEAT_SOUTH:
      return "S";
    case v1::SEAT_WEST:
      return "W";
    default:
      return "?";
  }
}

// --half=away|toward|up|down|even; false if the word is none of them.
bool ParseHalf(const Invocation& inv, v1::HalfRounding* half) {
  static const std::map<std::string, v1::HalfRounding> kWords = {
      {"away", v1::HALF_ROUNDING_AWAY_FROM_ZERO},
      {"toward", v1::HALF_ROUNDING_TOWARD_ZERO},
      {"up", v1::HALF_ROUNDING_UP},
      {"down", v1::HALF_ROUNDING_DOWN},
      {"even", v1::HALF_ROUNDING_EVEN}};
  if (!inv.Has("half")) return true;
  auto it = kWords.find(absl::AsciiStrToLower(inv.Get("half")));
  if (it == kWords.end()) return false;
  *half = it->second;
  return true;
}

// Comma-separated whole numbers, e.g. --field=1430,680,-100.
bool ParseInts(const std::string& text, std::vector<int>* out) {
  for (absl::string_view word : absl::StrSplit(text, ',', absl::SkipEmpty())) {
    int v = 0;
    if (!absl::SimpleAtoi(word, &v)) return false;
    out->push_back(v);
  }
  return true;
}

// ---------------------------------------------------------------- Contract

int Contract(v1::CalculatorService::Stub& calc, Client& cl,
             const Invocation& inv, const std::vector<std::string>& args) {
  if (args.size() != 3 && args.size() != 1) {
    return CalcUsage("contract", "give CONTRACT DECLARER TRICKS, or pass");
  }
  absl::StatusOr<v1::TableResult> result = ParseResult(args);
  if (!result.ok()) {
    return CalcUsage("contract", std::string(result.status().message()));
  }
  v1::ContractScoreRequest r;
  if (result->has_passed_out()) {
    r.set_passed_out(true);
  } else {
    *r.mutable_contract() = result->played();
  }
  if (inv.Has("board")) {
    int board = 0;
    if (!ToInt(inv.Get("board"), &board)) {
      return CalcUsage("contract", "--board is not a number");
    }
    r.set_board(board);
  } else if (inv.Has("vul")) {
    static const std::map<std::string, v1::Vulnerability> kWords = {
        {"none", v1::VULNERABILITY_NONE},
        {"ns", v1::VULNERABILITY_NORTH_SOUTH},
        {"ew", v1::VULNERABILITY_EAST_WEST},
        {"both", v1::VULNERABILITY_BOTH},
        {"all", v1::VULNERABILITY_BOTH}};
    auto it = kWords.find(absl::AsciiStrToLower(inv.Get("vul")));
    if (it == kWords.end()) {
      return CalcUsage("contract", "--vul is none, NS, EW or both");
    }
    r.set_vulnerability(it->second);
  } else {
    return CalcUsage("contract", "give --board=N or --vul=none|NS|EW|both");
  }
  v1::ContractScoreResponse out;
  grpc::Status st = calc.ContractScore(cl.Context().get(), r, &out);
  return PrintAnswer<v1::ContractScoreResponse>(
      inv, st, out, [&](const v1::ContractScoreResponse& x) {
        std::cout << x.result();
        if (r.has_board()) {
          std::cout << ", board " << r.board() << " (dealer "
                    << SeatText(x.dealer()) << ", "
                    << VulnerabilityText(x.vulnerability()) << ")";
        } else {
          std::cout << ", " << VulnerabilityText(x.vulnerability());
        }
        if (r.passed_out()) {
          std::cout << "\n  no score either way: North-South "
                    << Signed(x.north_south_score())
                    << ", East-West 0  (Law 22A: four passes)\n";
          return;
        }
        std::cout << "\n  declarer (" << (x.declarer_vulnerable() ? "" : "not ")
                  << "vulnerable) " << Signed(x.declarer_score())
                  << ", North-South " << Signed(x.north_south_score())
                  << "  (Law 77)\n";
      });
}

// -------------------------------------------------------------------- IMPs

int Imps(v1::CalculatorService::Stub& calc, Client& cl, const Invocation& inv,
         const std::vector<std::string>& args) {
  v1::ImpsRequest r;
  int difference = 0;
  if (args.size() != 1 || !ToInt(args[0], &difference)) {
    return CalcUsage("imps", "give one difference in total points");
  }
  r.set_points_difference(difference);
  v1::ImpsResponse out;
  grpc::Status st = calc.Imps(cl.Context().get(), r, &out);
  return PrintAnswer<v1::ImpsResponse>(
      inv, st, out, [](const v1::ImpsResponse& x) {
        std::cout << Signed(x.points_difference())
                  << " points = " << Signed(x.imps())
                  << " IMPs (WBF IMP scale)\n";
      });
}

// ------------------------------------------------------------------- Datum

int ListDatumRules(v1::CalculatorService::Stub& calc, Client& cl,
                   const Invocation& inv) {
  v1::ListDatumRulesResponse out;
  grpc::Status st = calc.ListDatumRules(cl.Context().get(), {}, &out);
  return PrintAnswer<v1::ListDatumRulesResponse>(
      inv, st, out, [](const v1::ListDatumRulesResponse& x) {
        TextTable t({"Rule", "What it keeps"});
        for (const v1::DatumRuleInfo& rule : x.rules()) {
          t.AddRow({rule.id(), rule.title()});
        }
        std::cout << t.Render();
      });
}

std::string RoleText(v1::DatumScoreRole role) {
  switch (role) {
    case v1::DATUM_SCORE_ROLE_USED:
      return "used";
    case v1::DATUM_SCORE_ROLE_DROPPED_HIGH:
      return "dropped (high)";
    case v1::DATUM_SCORE_ROLE_DROPPED_LOW:
      return "dropped (low)";
    case v1::DATUM_SCORE_ROLE_NOT_IN_TOP_TABLES:
      return "not in the top tables";
    case v1::DATUM_SCORE_ROLE_PENDING_APPEAL:
      return "left out (pending appeal)";
    case v1::DATUM_SCORE_ROLE_APPEAL_DECIDED:
      return "left out (appeal decided, NSW TR 13.3)";
    default:
      return "?";
  }
}

int Datum(v1::CalculatorService::Stub& calc, Client& cl, const Invocation& inv,
          const std::vector<std::string>& args) {
  if (inv.Has("list")) return ListDatumRules(calc, cl, inv);
  if (!inv.Has("rule")) {
    return CalcUsage("datum", "give --rule=ID (tally calc datum --list)");
  }
  v1::DatumRequest r;
  r.set_rule_id(inv.Get("rule"));
  std::vector<int> pending;
  if (!ParseInts(inv.Get("pending"), &pending)) {
    return CalcUsage("datum", "--pending takes table numbers, e.g. 3,5");
  }
  for (size_t i = 0; i < args.size(); ++i) {
    int score = 0;
    if (!ToInt(args[i], &score)) {
      return CalcUsage("datum", absl::StrCat("'", args[i], "' is not a score"));
    }
    v1::DatumScore* s = r.add_scores();
    s->set_ns_score(score);
    s->set_table(static_cast<int>(i) + 1);
    s->set_pending_appeal(
        std::find(pending.begin(), pending.end(), s->table()) != pending.end());
  }
  int n = 0;
  if (inv.Has("match")) {
    if (!ToInt(inv.Get("match"), &n)) return CalcUsage("datum", "--match");
    r.set_match(n);
  }
  if (inv.Has("tables")) {
    if (!ToInt(inv.Get("tables"), &n)) return CalcUsage("datum", "--tables");
    r.set_tables_in_play(n);
  }
  if (inv.Has("step")) {
    if (!ToInt(inv.Get("step"), &n)) return CalcUsage("datum", "--step");
    r.set_rounding_step(n);
  }
  v1::HalfRounding half = v1::HALF_ROUNDING_UNSPECIFIED;
  if (!ParseHalf(inv, &half)) {
    return CalcUsage("datum", "--half is away, toward, up, down or even");
  }
  r.set_half(half);
  if (inv.Has("ten-percent"))
    r.set_ten_percent_rounding(inv.Get("ten-percent"));
  if (inv.Has("pending-policy")) {
    r.set_pending_appeals(inv.Get("pending-policy"));
  }
  r.set_director_substitutes_pending(inv.Has("substitute"));
  v1::DatumResponse out;
  grpc::Status st = calc.Datum(cl.Context().get(), r, &out);
  return PrintAnswer<v1::DatumResponse>(
      inv, st, out, [](const v1::DatumResponse& x) {
        const auto used =
            std::count_if(x.scores().begin(), x.scores().end(),
                          [](const v1::DatumScoreOutcome& o) {
                            return o.role() == v1::DATUM_SCORE_ROLE_USED;
                          });
        std::cout << "datum " << Signed(x.datum())
                  << (x.provisional() ? " (provisional: a score pending appeal "
                                        "is used as it stands)"
                                      : "")
                  << "\n  " << x.basis() << "\n  mean of the " << used
                  << " scores used: " << ExactText(x.mean()) << "; "
                  << x.dropped_each_end() << " dropped at each end of "
                  << x.considered() << " considered\n";
        TextTable t({"Table", "NS score", ""});
        for (const v1::DatumScoreOutcome& o : x.scores()) {
          t.AddRow(
              {o.score().table() > 0 ? absl::StrCat(o.score().table()) : "-",
               Signed(o.score().ns_score()), RoleText(o.role())});
        }
        std::cout << t.Render();
        if (!x.substitute_tables().empty()) {
          std::cout << "tables brought in for pending appeals (NSW TR 13.3): "
                    << absl::StrJoin(x.substitute_tables(), ", ") << "\n";
        }
      });
}

// ----------------------------------------------------------- Victory points

int ListVpScales(v1::CalculatorService::Stub& calc, Client& cl,
                 const Invocation& inv) {
  v1::ListVpScalesResponse out;
  grpc::Status st = calc.ListVpScales(cl.Context().get(), {}, &out);
  return PrintAnswer<v1::ListVpScalesResponse>(
      inv, st, out, [](const v1::ListVpScalesResponse& x) {
        TextTable t({"Scale", "Margin", "Clause", "Title"});
        for (const v1::VpScale& s : x.scales()) {
          t.AddRow(
              {s.id(),
               s.margin_kind() == v1::VP_MARGIN_KIND_IMPS ? "IMPs" : "percent",
               s.clause(), s.title()});
        }
        std::cout << t.Render();
      });
}

// --itc-loser: ANC SR 10.10's loser readings (core/vp/itc_vp.h).
bool ParseItcLoser(const std::string& word, v1::ItcLoserRule* rule) {
  static const std::map<std::string, v1::ItcLoserRule> kWords = {
      {"mirrored", v1::ITC_LOSER_RULE_MIRRORED},
      {"complement", v1::ITC_LOSER_RULE_COMPLEMENT_OF_SEVENTY},
      {"35-minus", v1::ITC_LOSER_RULE_THIRTY_FIVE_MINUS_MARGIN}};
  auto it = kWords.find(word);
  if (it == kWords.end()) return false;
  *rule = it->second;
  return true;
}

int Vp(v1::CalculatorService::Stub& calc, Client& cl, const Invocation& inv,
       const std::vector<std::string>& args) {
  if (inv.Has("list")) return ListVpScales(calc, cl, inv);
  if (!inv.Has("scale") || args.size() != 1) {
    return CalcUsage("vp", "give --scale=ID, --boards=N and one margin");
  }
  v1::VictoryPointsRequest r;
  r.set_scale_id(inv.Get("scale"));
  r.set_margin(args[0]);
  int n = 0;
  if (!ToInt(inv.Get("boards"), &n)) {
    return CalcUsage("vp", "--boards=N: the boards in the match");
  }
  r.set_boards(n);
  if (inv.Has("itc-loser")) {
    v1::ItcLoserRule rule;
    if (!ParseItcLoser(inv.Get("itc-loser"), &rule)) {
      return CalcUsage("vp", "--itc-loser is mirrored, complement or 35-minus");
    }
    r.set_itc_loser(rule);
  }
  if (inv.Has("ipc-places")) {
    if (!ToInt(inv.Get("ipc-places"), &n))
      return CalcUsage("vp", "--ipc-places");
    r.set_ipc_vp_places(n);
  }
  if (inv.Has("mp-swiss-places")) {
    if (!ToInt(inv.Get("mp-swiss-places"), &n)) {
      return CalcUsage("vp", "--mp-swiss-places");
    }
    r.set_mp_swiss_percentage_places(n);
  }
  v1::VictoryPointsResponse out;
  grpc::Status st = calc.VictoryPoints(cl.Context().get(), r, &out);
  return PrintAnswer<v1::VictoryPointsResponse>(
      inv, st, out, [](const v1::VictoryPointsResponse& x) {
        const bool imps = x.scale().margin_kind() == v1::VP_MARGIN_KIND_IMPS;
        std::cout << x.scale().id() << ": " << x.scale().title() << " ("
                  << x.scale().clause() << ")\n  " << (imps ? "margin " : "")
                  << ExactText(x.margin()) << (imps ? " IMPs" : "%") << " on "
                  << x.boards() << " boards: " << DecimalText(x.vps()) << " - "
                  << DecimalText(x.opponent_vps()) << " VPs\n";
        if (x.has_blitz_margin()) {
          std::cout << "  the VPs stop changing at a margin of "
                    << x.blitz_margin() << " IMPs\n";
        }
      });
}

// ---------------------------------------------------------- Weighted score

int Weighted(v1::CalculatorService::Stub& calc, Client& cl,
             const Invocation& inv, const std::vector<std::string>& args) {
  v1::WeightedScoreRequest r;
  if (args.empty()) {
    return CalcUsage("weighted", "give each outcome as SCORE:WEIGHT");
  }
  for (const std::string& a : args) {
    std::vector<std::string> parts = absl::StrSplit(a, ':');
    int score = 0;
    if (parts.size() != 2 || !ToInt(parts[0], &score)) {
      return CalcUsage("weighted",
                       absl::StrCat("'", a, "' is not SCORE:WEIGHT"));
    }
    v1::WeightedOutcome* o = r.add_outcomes();
    o->set_ns_score(score);
    o->set_weight(parts[1]);
  }
  if (inv.Has("field") == inv.Has("other-room")) {
    return CalcUsage("weighted",
                     "give --field=S,S,... (pairs: the other tables' NS "
                     "scores) or --other-room=S (teams; a Butler datum)");
  }
  if (inv.Has("field")) {
    std::vector<int> field;
    if (!ParseInts(inv.Get("field"), &field)) {
      return CalcUsage("weighted", "--field takes NS scores, e.g. 620,650");
    }
    for (int s : field) r.mutable_pairs()->add_other_ns_scores(s);
    if (field.empty()) r.mutable_pairs();
  } else {
    int other = 0;
    if (!ToInt(inv.Get("other-room"), &other)) {
      return CalcUsage("weighted", "--other-room takes an NS score");
    }
    r.set_reference_ns_score(other);
  }
  v1::HalfRounding half = v1::HALF_ROUNDING_UNSPECIFIED;
  if (!ParseHalf(inv, &half)) {
    return CalcUsage("weighted", "--half is away, toward, up, down or even");
  }
  r.set_half(half);
  v1::WeightedScoreResponse out;
  grpc::Status st = calc.WeightedScore(cl.Context().get(), r, &out);
  return PrintAnswer<v1::WeightedScoreResponse>(
      inv, st, out, [](const v1::WeightedScoreResponse& x) {
        if (x.has_pairs()) {
          const v1::WeightedPairsResult& p = x.pairs();
          std::cout << "Law 12C1(c) weighted score, pairs (NZ LIRG frequency "
                       "table), top "
                    << p.top() << "\n";
          TextTable t({"Frequency", "NS score", "Matchpoints"});
          for (const v1::WeightedFrequencyRow& row : p.frequency_table()) {
            t.AddRow({ExactText(row.frequency()), Signed(row.ns_score()),
                      ExactText(row.matchpoints())});
          }
          std::cout << t.Render() << "NS " << ExactText(p.ns_matchpoints())
                    << " (exact " << ExactText(p.exact_ns_matchpoints())
                    << "), EW " << ExactText(p.ew_matchpoints()) << "\n"
                    << "manual method: ";
          std::vector<std::string> terms;
          for (const v1::ManualWeightedRow& m : p.manual_rows()) {
            terms.push_back(absl::StrCat(ExactText(m.weight()), " x ",
                                         m.matchpoints(), " (",
                                         Signed(m.ns_score()), ")"));
          }
          std::cout << absl::StrJoin(terms, " + ") << "\n  average "
                    << ExactText(p.average()) << " to both sides, then NS "
                    << (p.ns_correction().numerator() >= 0 ? "+" : "")
                    << ExactText(p.ns_correction()) << ", EW the opposite\n";
        } else {
          const v1::WeightedImpsResult& t = x.imps();
          std::cout << "Law 12C1(c) weighted score, teams (NZ LIRG)\n";
          TextTable table({"NS score", "Net", "IMPs", "Weight", "Weighted"});
          for (const v1::WeightedImpsRow& row : t.rows()) {
            table.AddRow({Signed(row.ns_score()), Signed(row.net()),
                          Signed(row.imps()), ExactText(row.weight()),
                          ExactText(row.weighted_imps())});
          }
          std::cout << table.Render() << "total "
                    << ExactText(t.exact_ns_imps()) << ", rounded: NS "
                    << Signed(t.ns_imps()) << " IMPs, EW "
                    << Signed(-t.ns_imps()) << "\n";
        }
      });
}

// ------------------------------------------------------------ Average plus

int AveragePlus(v1::CalculatorService::Stub& calc, Client& cl,
                const Invocation& inv, const std::vector<std::string>& args) {
  static const std::map<std::string, v1::AveragePlusKind> kKinds = {
      {"imp-teams", v1::AVERAGE_PLUS_KIND_IMP_TEAMS},
      {"imp-pairs", v1::AVERAGE_PLUS_KIND_IMP_PAIRS},
      {"matchpoints", v1::AVERAGE_PLUS_KIND_MATCHPOINTS}};
  auto kind = kKinds.find(inv.Get("kind"));
  int boards = 0;
  if (!args.empty() || kind == kKinds.end() ||
      !ToInt(inv.Get("boards"), &boards)) {
    return CalcUsage("average-plus",
                     "give --boards=N and --kind=imp-teams|imp-pairs|"
                     "matchpoints");
  }
  v1::AveragePlusRequest r;
  r.set_kind(kind->second);
  r.set_boards(boards);
  v1::AveragePlusResponse out;
  grpc::Status st = calc.AveragePlus(cl.Context().get(), r, &out);
  return PrintAnswer<v1::AveragePlusResponse>(
      inv, st, out, [](const v1::AveragePlusResponse& x) {
        std::cout << "average plus on " << x.boards()
                  << " unplayable boards (ANC SR appendix, multiple average "
                     "plus)\n  ";
        if (x.kind() == v1::AVERAGE_PLUS_KIND_MATCHPOINTS) {
          std::cout << "50 + 10 sqrt(N) / N: "
                    << ExactText(x.percent_per_board()) << "% each board, "
                    << DecimalText(x.percent_above_average())
                    << " percentage points above average in all\n";
        } else {
          std::cout << (x.kind() == v1::AVERAGE_PLUS_KIND_IMP_TEAMS ? "3" : "2")
                    << " sqrt(N), rounded (0.5 up): " << Signed(x.match_imps())
                    << " IMPs for the match\n";
        }
        if (!x.table().empty()) {
          std::cout << "the appendix's table (what each further board adds):\n";
          TextTable t({"Boards", "Teams IMPs", "Pairs IMPs", "Percent"});
          for (const v1::AveragePlusTableRow& row : x.table()) {
            t.AddRow(
                {absl::StrCat(row.boards()), absl::StrCat(row.teams_imps()),
                 absl::StrCat(row.pairs_imps()), DecimalText(row.percent())});
          }
          std::cout << t.Render();
        }
      });
}

// ----------------------------------------------------------------- Neuberg

int Neuberg(v1::CalculatorService::Stub& calc, Client& cl,
            const Invocation& inv, const std::vector<std::string>& args) {
  v1::NeubergRequest r;
  int played = 0, expected = 0;
  if (!args.empty() || !inv.Has("mp") || !ToInt(inv.Get("played"), &played) ||
      !ToInt(inv.Get("expected"), &expected)) {
    return CalcUsage("neuberg", "give --mp=M --played=A --expected=E");
  }
  r.set_matchpoints(inv.Get("mp"));
  r.set_times_played(played);
  r.set_expected_times(expected);
  v1::NeubergResponse out;
  grpc::Status st = calc.Neuberg(cl.Context().get(), r, &out);
  return PrintAnswer<v1::NeubergResponse>(
      inv, st, out, [](const v1::NeubergResponse& x) {
        std::cout << "Neuberg: F = (M + 1) x E / A - 1 = ("
                  << ExactText(x.matchpoints()) << " + 1) x "
                  << x.expected_times() << " / " << x.times_played()
                  << " - 1 = " << ExactText(x.factored()) << "\n  "
                  << ExactText(x.matchpoints()) << " of a top of "
                  << x.top_played() << " becomes " << ExactText(x.factored())
                  << " of a top of " << x.top_expected() << "\n";
      });
}

// ------------------------------------------------------- Board matchpoints

int Matchpoints(v1::CalculatorService::Stub& calc, Client& cl,
                const Invocation& inv, const std::vector<std::string>& args) {
  v1::BoardMatchpointsRequest r;
  for (const std::string& a : args) {
    int score = 0;
    const std::string w = absl::AsciiStrToLower(a);
    if (w == "pass" || w == "passed-out") {
      score = 0;  // Law 22A: a passed-out board scores 0 (tally calc contract)
    } else if (!ToInt(a, &score)) {
      return CalcUsage("matchpoints",
                       absl::StrCat("'", a, "' is not a North-South score"));
    }
    r.add_ns_scores(score);
  }
  if (r.ns_scores().empty()) {
    return CalcUsage("matchpoints", "give the board's North-South scores");
  }
  if (inv.Has("expected")) {
    int expected = 0;
    if (!ToInt(inv.Get("expected"), &expected)) {
      return CalcUsage("matchpoints", "--expected=E: a number of tables");
    }
    r.set_expected_times(expected);
  }
  v1::BoardMatchpointsResponse out;
  grpc::Status st = calc.BoardMatchpoints(cl.Context().get(), r, &out);
  return PrintAnswer<v1::BoardMatchpointsResponse>(
      inv, st, out, [](const v1::BoardMatchpointsResponse& x) {
        std::cout << "Law 78A: 2 matchpoints for each other score beaten, 1 "
                     "for each equal; "
                  << x.times_played() << " scores, top "
                  << 2 * (x.times_played() - 1);
        if (x.factored()) {
          std::cout << ", factored to " << x.expected_times()
                    << " (Neuberg: (M + 1) x " << x.expected_times() << " / "
                    << x.times_played() << " - 1), top " << x.top();
        }
        std::cout << "\n";
        TextTable t(
            {"NS score", "Beats", "Equals", "NS MP", "EW MP", "NS %", "EW %"});
        for (const v1::BoardMatchpointsRow& row : x.rows()) {
          t.AddRow({Signed(row.ns_score()), absl::StrCat(row.beaten()),
                    absl::StrCat(row.tied()), ExactText(row.ns_matchpoints()),
                    ExactText(row.ew_matchpoints()),
                    DecimalText(row.ns_percentage()),
                    DecimalText(row.ew_percentage())});
        }
        std::cout << t.Render();
      });
}

// -------------------------------------------------------------- Half match

int HalfMatch(v1::CalculatorService::Stub& calc, Client& cl,
              const Invocation& inv, const std::vector<std::string>& args) {
  int64_t margin = 0;
  int match_boards = 0, played = 0;
  if (args.size() != 1 || !absl::SimpleAtoi(args[0], &margin) ||
      !inv.Has("scale") || !ToInt(inv.Get("boards"), &match_boards) ||
      !ToInt(inv.Get("played"), &played)) {
    return CalcUsage("half-match",
                     "give --scale=ID --boards=N --played=P and the IMP "
                     "difference");
  }
  v1::HalfMatchRequest r;
  r.set_scale_id(inv.Get("scale"));
  r.set_imp_margin(margin);
  r.set_match_boards(match_boards);
  r.set_boards_played(played);
  if (inv.Has("reduced-scale"))
    r.set_reduced_scale_id(inv.Get("reduced-scale"));
  if (inv.Has("itc-loser")) {
    v1::ItcLoserRule rule;
    if (!ParseItcLoser(inv.Get("itc-loser"), &rule)) {
      return CalcUsage("half-match",
                       "--itc-loser is mirrored, complement or 35-minus");
    }
    r.set_itc_loser(rule);
  }
  v1::HalfMatchResponse out;
  grpc::Status st = calc.HalfMatch(cl.Context().get(), r, &out);
  return PrintAnswer<v1::HalfMatchResponse>(
      inv, st, out, [](const v1::HalfMatchResponse& x) {
        std::cout << "half match: " << Signed(x.imp_margin()) << " IMPs on "
                  << x.boards_played() << " of " << x.match_boards()
                  << " boards\n  ";
        if (x.paragraph() == "a") {
          std::cout << "under 12 boards: the difference doubled, "
                    << Signed(x.margin_converted()) << " IMPs, on the "
                    << x.boards_converted() << "-board scale";
        } else {
          std::cout << "12 boards or more: " << Signed(x.margin_converted())
                    << " IMPs on the scale for the " << x.boards_converted()
                    << " boards played";
        }
        std::cout << " (" << x.scale().id() << ")\n  VPs "
                  << DecimalText(x.vps()) << " - "
                  << DecimalText(x.opponent_vps()) << "  (" << x.clause()
                  << ")\n";
      });
}

// ---------------------------------------------------------- Several boards

int SeveralBoards(v1::CalculatorService::Stub& calc, Client& cl,
                  const Invocation& inv,
                  const std::vector<std::string>& args) {
  int boards = 0;
  if (!args.empty() || !ToInt(inv.Get("boards"), &boards) ||
      inv.Has("method") == inv.Has("profile")) {
    return CalcUsage("several-boards",
                     "give --boards=N and --method=anc_appendix|nsw_tr_12_10 "
                     "or --profile=ID");
  }
  v1::SeveralBoardsRequest r;
  r.set_method(inv.Get("method"));
  r.set_regulation_profile(inv.Get("profile"));
  r.set_teams(inv.Has("teams"));
  r.set_boards(boards);
  v1::SeveralBoardsResponse out;
  grpc::Status st = calc.SeveralBoards(cl.Context().get(), r, &out);
  return PrintAnswer<v1::SeveralBoardsResponse>(
      inv, st, out, [](const v1::SeveralBoardsResponse& x) {
        std::cout << "average plus on " << x.boards() << " board"
                  << (x.boards() == 1 ? "" : "s") << " of one "
                  << (x.teams() ? "teams" : "pairs") << " match under "
                  << x.method() << "  (" << x.clause() << ")\n  "
                  << x.working() << "\n  each side " << ExactText(x.total())
                  << " IMPs in all: " << ExactText(x.per_board())
                  << " a board in a match";
        if (!x.teams()) {
          std::cout << "; on a Butler traveller "
                    << absl::StrJoin(x.whole_imp_shares(), " + ");
        }
        std::cout << "\n";
        if (x.only_without_fault()) {
          std::cout << "  only boards unplayable through no fault of the "
                       "players (average plus to both sides) count\n";
        }
        if (x.counts_fouled_two_imps()) {
          std::cout << "  fouled boards given 2 IMPs (ANC SR 7.2(b), 7.3) "
                       "count too (ANC SR 7.5)\n";
        }
      });
}

// -------------------------------------------------------------- Bye score

int Bye(v1::CalculatorService::Stub& calc, Client& cl, const Invocation& inv,
        const std::vector<std::string>& args) {
  int boards = 0;
  if (!args.empty() || !inv.Has("profile") ||
      (inv.Has("boards") && !ToInt(inv.Get("boards"), &boards))) {
    return CalcUsage("bye", "give --profile=ID [--boards=N]");
  }
  v1::ByeScoreRequest r;
  r.set_regulation_profile(inv.Get("profile"));
  r.set_boards(boards);
  v1::ByeScoreResponse out;
  grpc::Status st = calc.ByeScore(cl.Context().get(), r, &out);
  return PrintAnswer<v1::ByeScoreResponse>(
      inv, st, out, [](const v1::ByeScoreResponse& x) {
        std::cout << "a bye under " << x.regulation_profile() << ", "
                  << x.boards() << " boards: " << x.rule() << "  ("
                  << x.clause() << ")\n  " << x.description() << "\n  "
                  << x.working() << "\n  the bye: " << ExactText(x.imps())
                  << " IMPs";
        if (x.has_vps()) std::cout << ", " << DecimalText(x.vps()) << " VPs";
        std::cout << "\n";
      });
}

// ------------------------------------------------------ Fouled match play

int FouledMatch(v1::CalculatorService::Stub& calc, Client& cl,
                const Invocation& inv, const std::vector<std::string>& args) {
  int imps = 0, boards = 0;
  if (args.size() != 1 || (inv.Has("imps") && !ToInt(inv.Get("imps"), &imps)) ||
      (inv.Has("boards") && !ToInt(inv.Get("boards"), &boards))) {
    return CalcUsage("fouled-match",
                     "give TREATMENT [--offending=home|away] "
                     "[--cards-exchanged] [--imps=N] [--home-imps=IMPS "
                     "[--profile=ID [--boards=N]]]");
  }
  v1::FouledMatchPlayRequest r;
  r.set_treatment(args[0]);
  r.set_offending(inv.Get("offending"));
  r.set_cards_exchanged(inv.Has("cards-exchanged"));
  r.set_adjusted_imps(imps);
  r.set_home_imps(inv.Get("home-imps"));
  r.set_regulation_profile(inv.Get("profile"));
  r.set_boards(boards);
  v1::FouledMatchPlayResponse out;
  grpc::Status st = calc.FouledMatchPlay(cl.Context().get(), r, &out);
  return PrintAnswer<v1::FouledMatchPlayResponse>(
      inv, st, out, [](const v1::FouledMatchPlayResponse& x) {
        std::cout << "a fouled board in a teams match: " << x.clause() << "\n  "
                  << x.what() << "\n  " << x.working() << "\n  "
                  << (x.fine_imps() == 0
                          ? std::string("no fine")
                          : absl::StrCat("fine: ", x.fine_imps(), " IMPs"));
        if (x.has_non_offenders_imps()) {
          std::cout << "; the board: " << x.non_offenders_imps()
                    << " IMPs to the non-offending team";
        }
        if (x.redeal()) std::cout << "; the board is redealt";
        if (x.has_home_imps_after()) {
          std::cout << "\n  home's IMPs after: "
                    << ExactText(x.home_imps_after());
        }
        if (x.has_home_vps_after()) {
          std::cout << ", VPs " << DecimalText(x.home_vps_after()) << "-"
                    << DecimalText(x.away_vps_after()) << " (before "
                    << DecimalText(x.home_vps_before()) << "-"
                    << DecimalText(x.away_vps_before()) << ")";
        }
        std::cout << "\n";
      });
}

// --------------------------------------------------------- Few comparisons

int FewComparisons(v1::CalculatorService::Stub& calc, Client& cl,
                   const Invocation& inv,
                   const std::vector<std::string>& args) {
  int boards = 0, compared = 0;
  if (!args.empty() || !ToInt(inv.Get("boards"), &boards) ||
      !ToInt(inv.Get("compared"), &compared) || !inv.Has("profile")) {
    return CalcUsage("few-comparisons",
                     "give --profile=ID --boards=N --compared=K");
  }
  v1::FewComparisonsRequest r;
  r.set_regulation_profile(inv.Get("profile"));
  r.set_boards_in_match(boards);
  r.set_boards_compared(compared);
  v1::FewComparisonsResponse out;
  grpc::Status st = calc.FewComparisons(cl.Context().get(), r, &out);
  return PrintAnswer<v1::FewComparisonsResponse>(
      inv, st, out, [](const v1::FewComparisonsResponse& x) {
        std::cout << (x.scored_as_forfeit() ? "scored as a forfeit"
                                            : "scored on its boards")
                  << " under " << x.regulation_profile() << "  ("
                  << x.clause() << ")\n  " << x.working() << "\n";
        if (!x.scored_as_forfeit()) return;
        if (x.scored()) {
          std::cout << "  each side " << ExactText(x.each_side_vps())
                    << " VPs and " << ExactText(x.each_side_imps())
                    << " IMPs: " << x.award_basis() << " ("
                    << x.award_clause() << ")\n";
        } else {
          std::cout << "  " << x.award_basis() << " (" << x.award_clause()
                    << ")\n";
        }
      });
}

// ------------------------------------------------------ Session percentage

int Percentage(v1::CalculatorService::Stub& calc, Client& cl,
               const Invocation& inv, const std::vector<std::string>& args) {
  int64_t maximum = 0;
  if (args.size() != 1 || !absl::SimpleAtoi(inv.Get("maximum"), &maximum)) {
    return CalcUsage("percentage", "give the matchpoints and --maximum=M");
  }
  v1::SessionPercentageRequest r;
  r.set_matchpoints(args[0]);
  r.set_maximum(maximum);
  r.set_penalties(inv.Get("penalties"));
  r.set_regulation_profile(inv.Get("profile"));
  if (inv.Get("places") == "exact") {
    r.set_exact(true);
  } else if (inv.Has("places")) {
    int places = 0;
    if (!ToInt(inv.Get("places"), &places)) {
      return CalcUsage("percentage", "--places is a number or exact");
    }
    r.set_places(places);
  }
  v1::HalfRounding half = v1::HALF_ROUNDING_UNSPECIFIED;
  if (!ParseHalf(inv, &half)) {
    return CalcUsage("percentage", "--half is away, toward, up, down or even");
  }
  r.set_half(half);
  v1::SessionPercentageResponse out;
  grpc::Status st = calc.SessionPercentage(cl.Context().get(), r, &out);
  return PrintAnswer<v1::SessionPercentageResponse>(
      inv, st, out, [](const v1::SessionPercentageResponse& x) {
        std::cout << "session percentage: 100 x " << ExactText(x.matchpoints())
                  << " / " << x.maximum() << " = " << ExactText(x.exact())
                  << "\n  published " << DecimalText(x.published()) << "%, "
                  << (x.rounded() ? "placings on the rounded figure"
                                  : "placings on the exact figure")
                  << "  (" << x.clause() << ")\n";
      });
}

// -------------------------------------------------------------- Swiss draw

// "1:A-B,2:C-A": earlier meetings, ROUND:ENTRANT-ENTRANT.
bool ParseMeetings(const std::string& text,
                   google::protobuf::RepeatedPtrField<v1::SwissDrawMeeting>* out) {
  if (text.empty()) return true;
  for (absl::string_view item : absl::StrSplit(text, ',')) {
    std::vector<std::string> round_pair = absl::StrSplit(item, ':');
    if (round_pair.size() != 2) return false;
    std::vector<std::string> ab = absl::StrSplit(round_pair[1], '-');
    v1::SwissDrawMeeting* m = out->Add();
    int round = 0;
    if (ab.size() != 2 || !ToInt(round_pair[0], &round)) return false;
    m->set_round(round);
    m->set_a(ab[0]);
    m->set_b(ab[1]);
  }
  return true;
}

int SwissDraw(v1::CalculatorService::Stub& calc, Client& cl,
              const Invocation& inv, const std::vector<std::string>& args) {
  static const std::map<std::string, v1::SwissFirstRound> kFirst = {
      {"quarters", v1::SWISS_FIRST_ROUND_QUARTERS},
      {"halves", v1::SWISS_FIRST_ROUND_TOP_HALF_V_BOTTOM_HALF}};
  static const std::map<std::string, v1::SwissOddField> kOdd = {
      {"share", v1::SWISS_ODD_FIELD_SHARE_MATCH},
      {"bye", v1::SWISS_ODD_FIELD_BYE},
      {"half", v1::SWISS_ODD_FIELD_HALF_MATCHES}};
  static const std::map<std::string, v1::SwissHome> kHome = {
      {"ranked", v1::SWISS_HOME_HIGHER_RANKED}, {"lot", v1::SWISS_HOME_BY_LOT}};
  v1::SwissDrawRequest r;
  int round = 0;
  if (args.size() < 2 || !ToInt(inv.Get("round"), &round)) {
    return CalcUsage("swiss-draw",
                     "give --round=N and the ranking, best first, as "
                     "ENTRANT:SCORE (or ENTRANT in round 1)");
  }
  r.set_round(round);
  for (const std::string& a : args) {
    std::vector<std::string> parts = absl::StrSplit(a, absl::MaxSplits(':', 1));
    v1::SwissDrawEntrant* e = r.add_ranking();
    e->set_entrant(parts[0]);
    if (parts.size() == 2) e->set_score(parts[1]);
  }
  if (!ParseMeetings(inv.Get("met"), r.mutable_meetings())) {
    return CalcUsage("swiss-draw", "--met takes ROUND:A-B,... e.g. 1:3-8");
  }
  for (absl::string_view item :
       absl::StrSplit(inv.Get("byes"), ',', absl::SkipEmpty())) {
    std::vector<std::string> rb = absl::StrSplit(item, ':');
    int bye_round = 0;
    if (rb.size() != 2 || !ToInt(rb[0], &bye_round)) {
      return CalcUsage("swiss-draw", "--byes takes ROUND:ENTRANT,...");
    }
    v1::SwissDrawBye* b = r.add_byes();
    b->set_round(bye_round);
    b->set_entrant(rb[1]);
  }
  if (inv.Has("seed")) {
    uint64_t seed = 0;
    if (!absl::SimpleAtoi(inv.Get("seed"), &seed)) {
      return CalcUsage("swiss-draw", "--seed is a number");
    }
    r.set_seed(seed);
  }
  auto first = kFirst.find(inv.Get("first-round", "quarters"));
  auto odd = kOdd.find(inv.Get("odd", "share"));
  auto home = kHome.find(inv.Get("home", "ranked"));
  if (first == kFirst.end() || odd == kOdd.end() || home == kHome.end()) {
    return CalcUsage("swiss-draw",
                     "--first-round is quarters or halves, --odd share, bye "
                     "or half, --home ranked or lot");
  }
  r.set_first_round(first->second);
  r.set_odd_field(odd->second);
  r.set_home(home->second);
  if (inv.Has("modified")) {
    int total = 0;
    if (!ToInt(inv.Get("modified"), &total)) {
      return CalcUsage("swiss-draw", "--modified=ROUNDS: the event's rounds");
    }
    r.set_modified_swiss(true);
    r.set_total_rounds(total);
  }
  v1::SwissDrawResponse out;
  grpc::Status st = calc.SwissDraw(cl.Context().get(), r, &out);
  return PrintAnswer<v1::SwissDrawResponse>(
      inv, st, out, [](const v1::SwissDrawResponse& x) {
        std::cout << "round " << x.round() << " draw\n";
        TextTable t({"Table", "Home (NS)", "Away (EW)", ""});
        for (const v1::SwissDrawMatch& m : x.matches()) {
          t.AddRow({absl::StrCat(m.table()), m.home(), m.away(),
                    m.adjusted() ? "clash adjusted" : ""});
        }
        std::cout << t.Render();
        if (x.share().table() != 0) {
          const auto& s = x.share();
          std::cout << "share match at table " << s.table() << ": Table 1: "
                    << s.a() << " v " << s.b() << "; Table 2: " << s.c()
                    << " v " << s.a() << "; Table 3: " << s.b() << " v "
                    << s.c() << "\n";
        }
        if (x.half_matches().table() != 0) {
          const auto& g = x.half_matches();
          std::cout << "half matches at table " << g.table() << ": "
                    << g.pivot() << " NS throughout, " << g.first()
                    << " EW on the first half, " << g.second()
                    << " on the second\n";
        }
        if (!x.bye().empty()) std::cout << "bye: " << x.bye() << "\n";
        for (const std::string& c : x.clauses()) {
          std::cout << "  (" << c << ")\n";
        }
      });
}

// --------------------------------------------------------- Tie-break chain

// The entrant named `id` in `r`, added when new.
v1::TieBreakEntrantInput* EntrantNamed(v1::TieBreakRankingRequest& r,
                                       const std::string& id) {
  for (v1::TieBreakEntrantInput& e : *r.mutable_entrants()) {
    if (e.entrant() == id) return &e;
  }
  v1::TieBreakEntrantInput* e = r.add_entrants();
  e->set_entrant(id);
  return e;
}

// One word: ID=SCORE (an entrant's total), ID@ROUND:OPP:VPS:OPP_VPS:IMPS (a
// match; OPP "bye" with no opponent's VPs) or ID%PERCENT (a session).
bool ParseTieBreakWord(const std::string& word, v1::TieBreakRankingRequest& r) {
  if (size_t eq = word.find('='); eq != std::string::npos) {
    EntrantNamed(r, word.substr(0, eq))->set_score(word.substr(eq + 1));
    return true;
  }
  if (size_t pct = word.find('%'); pct != std::string::npos) {
    EntrantNamed(r, word.substr(0, pct))
        ->add_sessions()
        ->set_percentage(word.substr(pct + 1));
    return true;
  }
  size_t at = word.find('@');
  if (at == std::string::npos) return false;
  std::vector<std::string> f = absl::StrSplit(word.substr(at + 1), ':');
  int round = 0;
  if (f.size() != 5 || !ToInt(f[0], &round)) return false;
  v1::TieBreakMatchInput* m =
      EntrantNamed(r, word.substr(0, at))->add_matches();
  m->set_round(round);
  if (f[1] != "bye") {
    m->set_opponent(f[1]);
    m->set_opponent_score(f[3]);
  }
  m->set_score(f[2]);
  m->set_imps(f[4]);
  return true;
}

int TieBreak(v1::CalculatorService::Stub& calc, Client& cl,
             const Invocation& inv, const std::vector<std::string>& args) {
  v1::TieBreakRankingRequest r;
  r.set_chain(inv.Get("chain"));
  r.set_regulation_profile(inv.Get("profile"));
  r.set_purpose(inv.Get("purpose"));
  r.set_incomplete_movement(inv.Has("incomplete"));
  if (args.empty() || inv.Has("chain") == inv.Has("profile")) {
    return CalcUsage("tie-break",
                     "give --chain=ID or --profile=ID --purpose=P, and the "
                     "entrants");
  }
  for (const std::string& word : args) {
    if (!ParseTieBreakWord(word, r)) {
      return CalcUsage("tie-break", absl::StrCat("'", word, "' is not "
                                                 "ID=SCORE, ID@ROUND:OPP:VPS:"
                                                 "OPP_VPS:IMPS or ID%PERCENT"));
    }
  }
  int place = 0;
  for (absl::string_view id :
       absl::StrSplit(inv.Get("lot"), ',', absl::SkipEmpty())) {
    EntrantNamed(r, std::string(id))->set_lot(++place);
  }
  for (absl::string_view item :
       absl::StrSplit(inv.Get("fines"), ',', absl::SkipEmpty())) {
    std::vector<std::string> f = absl::StrSplit(item, ':');
    if (f.size() != 2) return CalcUsage("tie-break", "--fines=ID:VPS,...");
    EntrantNamed(r, f[0])->set_fines(f[1]);
  }
  v1::TieBreakRankingResponse out;
  grpc::Status st = calc.TieBreakRanking(cl.Context().get(), r, &out);
  return PrintAnswer<v1::TieBreakRankingResponse>(
      inv, st, out, [](const v1::TieBreakRankingResponse& x) {
        std::vector<std::string> steps;
        for (const v1::TieBreakChainStep& step : x.steps()) {
          steps.push_back(step.criterion());
        }
        std::cout << x.chain() << ": " << x.title() << "  (" << x.clause()
                  << ")\n  ranked by " << x.score() << "; ties: "
                  << (steps.empty() ? "shared" : absl::StrJoin(steps, ", "))
                  << "\n";
        TextTable t({"Place", "Entrant", "Decided by", "Clause"});
        for (const v1::TieBreakPlacing& p : x.placings()) {
          t.AddRow({absl::StrCat(p.position()), p.entrant(), p.decided_by(),
                    p.clause()});
        }
        std::cout << t.Render();
        for (const v1::TieBreakPending& d : x.pending()) {
          std::cout << "  due: a " << d.criterion() << " between "
                    << absl::StrJoin(d.entrants(), ", ") << " (" << d.clause()
                    << "); give it as --lot=FIRST,SECOND,...\n";
        }
      });
}

// ------------------------------------------------------------ Fouled board

int Fouled(v1::CalculatorService::Stub& calc, Client& cl,
           const Invocation& inv, const std::vector<std::string>& args) {
  std::vector<int> true_scores, fouled_scores;
  if (!args.empty() || !inv.Has("rule") ||
      !ParseInts(inv.Get("true"), &true_scores) ||
      !ParseInts(inv.Get("fouled"), &fouled_scores)) {
    return CalcUsage("fouled",
                     "give --rule=ID --true=S,S,... --fouled=S,S,...");
  }
  v1::FouledBoardRequest r;
  r.set_rule(inv.Get("rule"));
  for (int s : true_scores) r.add_ns_scores(s);
  for (int s : fouled_scores) r.add_other_ns_scores(s);
  if (inv.Has("expected")) {
    int e = 0;
    if (!ToInt(inv.Get("expected"), &e)) return CalcUsage("fouled", "--expected");
    r.set_expected(e);
  }
  v1::FouledBoardResponse out;
  grpc::Status st = calc.FouledBoard(cl.Context().get(), r, &out);
  return PrintAnswer<v1::FouledBoardResponse>(
      inv, st, out, [](const v1::FouledBoardResponse& x) {
        std::cout << "fouled board under " << x.rule() << ": " << x.treatment()
                  << ", top " << x.top() << "  (" << x.clause() << ")\n";
        TextTable t({"Form", "NS score", "NS MP", "EW MP"});
        for (const v1::FouledBoardRow& row : x.rows()) {
          t.AddRow({row.fouled() ? "fouled" : "true", Signed(row.ns_score()),
                    ExactText(row.ns()), ExactText(row.ew())});
        }
        std::cout << t.Render();
      });
}

// ----------------------------------------------------- Fouled Butler board

int FouledButler(v1::CalculatorService::Stub& calc, Client& cl,
                 const Invocation& inv, const std::vector<std::string>& args) {
  const char* const kName = "fouled-butler";
  std::vector<int> true_scores, fouled_scores;
  if (!args.empty() || !inv.Has("treatment") ||
      !(inv.Has("rule") || inv.Has("profile")) ||
      !ParseInts(inv.Get("true"), &true_scores) ||
      !ParseInts(inv.Get("fouled"), &fouled_scores)) {
    return CalcUsage(kName,
                     "give (--profile=ID | --rule=ID --datum=RULE) "
                     "--treatment=T --true=S,S,... --fouled=S,S,...");
  }
  v1::FouledButlerBoardRequest r;
  r.set_regulation_profile(inv.Get("profile"));
  r.set_rule(inv.Get("rule"));
  r.set_treatment(inv.Get("treatment"));
  r.set_datum_rule_id(inv.Get("datum"));
  for (int s : true_scores) r.add_true_scores()->set_ns_score(s);
  for (int s : fouled_scores) r.add_fouled_scores()->set_ns_score(s);
  int n = 0;
  if (inv.Has("tables")) {
    if (!ToInt(inv.Get("tables"), &n)) return CalcUsage(kName, "--tables");
    r.set_tables_in_play(n);
  }
  if (inv.Has("match")) {
    if (!ToInt(inv.Get("match"), &n)) return CalcUsage(kName, "--match");
    r.set_match(n);
  }
  v1::FouledButlerBoardResponse out;
  grpc::Status st = calc.FouledButlerBoard(cl.Context().get(), r, &out);
  return PrintAnswer<v1::FouledButlerBoardResponse>(
      inv, st, out, [](const v1::FouledButlerBoardResponse& x) {
        std::cout << "fouled Butler board under " << x.rule() << ": "
                  << x.treatment() << "  (" << x.clause() << ")\n  " << x.what()
                  << "\n";
        auto datum = [](const char* form, const v1::FouledFormDatum& d) {
          std::cout << "  " << form << " form's datum " << Signed(d.datum())
                    << ": mean " << ExactText(d.mean()) << ", "
                    << d.dropped_each_end() << " dropped at each end of "
                    << d.considered() << " (" << d.basis() << ")"
                    << (d.provisional() ? ", provisional" : "") << "\n";
        };
        datum("true", x.true_datum());
        if (x.has_fouled_datum()) datum("fouled", x.fouled_datum());
        if (x.has_true_mean_imps()) {
          std::cout << "  mean NS IMPs: true " << ExactText(x.true_mean_imps())
                    << ", fouled " << ExactText(x.fouled_mean_imps())
                    << "; the integer nearest the difference, "
                    << Signed(x.adjustment())
                    << ", is added to the fouled tables' NS IMPs (EW's lose "
                       "it)\n";
        }
        TextTable t({"Table", "Form", "NS score", "NS IMPs", "EW IMPs", ""});
        for (const v1::FouledButlerBoardRow& row : x.rows()) {
          t.AddRow({absl::StrCat(row.score().table()),
                    row.fouled() ? "fouled" : "true",
                    Signed(row.score().ns_score()), Signed(row.ns_imps()),
                    Signed(row.ew_imps()),
                    row.role() == v1::DATUM_SCORE_ROLE_UNSPECIFIED
                        ? "not in a datum"
                        : RoleText(row.role())});
        }
        std::cout << t.Render();
      });
}

// ----------------------------------------------------------- Forfeit award

// "44:26,bye:35,60:10": a side's matches, own:opponents or bye:own.
bool ParseForfeitRecords(
    const std::string& text,
    google::protobuf::RepeatedPtrField<v1::ForfeitMatchRecord>* out) {
  if (text.empty()) return true;
  for (absl::string_view item : absl::StrSplit(text, ',')) {
    std::vector<std::string> parts = absl::StrSplit(item, ':');
    if (parts.size() != 2) return false;
    v1::ForfeitMatchRecord* m = out->Add();
    if (absl::AsciiStrToLower(parts[0]) == "bye") {
      m->set_bye(true);
      m->set_own(parts[1]);
    } else {
      m->set_own(parts[0]);
      m->set_opponents(parts[1]);
    }
  }
  return true;
}

int Forfeit(v1::CalculatorService::Stub& calc, Client& cl,
            const Invocation& inv, const std::vector<std::string>& args) {
  if (!args.empty() || !inv.Has("profile")) {
    return CalcUsage("forfeit", "give --profile=ID");
  }
  v1::ForfeitAwardRequest r;
  r.set_regulation_profile(inv.Get("profile"));
  r.set_adjusted(inv.Has("adjusted"));
  if (!ParseForfeitRecords(inv.Get("non-offender"), r.mutable_non_offender()) ||
      !ParseForfeitRecords(inv.Get("offender"), r.mutable_offender())) {
    return CalcUsage("forfeit",
                     "matches are OWN:OPPONENTS or bye:OWN, comma-separated");
  }
  v1::ForfeitAwardResponse out;
  grpc::Status st = calc.ForfeitAward(cl.Context().get(), r, &out);
  return PrintAnswer<v1::ForfeitAwardResponse>(
      inv, st, out, [&](const v1::ForfeitAwardResponse& x) {
        const std::string unit = x.in_vps() ? " VPs" : "";
        std::cout << x.regulation_profile() << ": a forfeit, "
                  << (r.adjusted() ? "adjusted (\"the highest of\")"
                                   : "the interim score")
                  << "  (" << x.clause() << ")\n";
        if (r.adjusted()) {
          std::cout << "  own mean over completed matches: "
                    << (x.has_own_mean() ? ExactText(x.own_mean()) : "none")
                    << "\n  offenders' opponents' measure: "
                    << (x.has_offenders_opponents()
                            ? ExactText(x.offenders_opponents())
                            : "none")
                    << "\n  highest: " << x.limb() << "\n";
        }
        std::cout << "  non-offenders " << ExactText(x.non_offender()) << unit
                  << ", offenders " << ExactText(x.offender()) << unit;
        if (x.in_vps()) {
          std::cout << "\n  IMPs: non-offenders +"
                    << ExactText(x.non_offender_imps())
                    << ", offenders the negative";
        }
        std::cout << "\n";
      });
}

// -------------------------------------------------------- Artificial award

int Artificial(v1::CalculatorService::Stub& calc, Client& cl,
               const Invocation& inv, const std::vector<std::string>& args) {
  static const std::map<std::string, v1::ArtificialKind> kAwards = {
      {"average-minus", v1::ARTIFICIAL_KIND_AVERAGE_MINUS},
      {"average", v1::ARTIFICIAL_KIND_AVERAGE},
      {"average-plus", v1::ARTIFICIAL_KIND_AVERAGE_PLUS}};
  if (args.size() != 1 || !kAwards.contains(args[0]) || !inv.Has("rule")) {
    return CalcUsage("artificial",
                     "give --rule=ID and average-plus, average or "
                     "average-minus");
  }
  v1::ArtificialAwardRequest r;
  r.set_rule_id(inv.Get("rule"));
  r.set_award(kAwards.at(args[0]));
  int n = 0;
  if (inv.Has("boards")) {
    if (!ToInt(inv.Get("boards"), &n))
      return CalcUsage("artificial", "--boards");
    r.set_boards_in_match(n);
  }
  if (inv.Has("top")) {
    if (!ToInt(inv.Get("top"), &n)) return CalcUsage("artificial", "--top");
    r.set_top(n);
  }
  r.set_session_average(inv.Get("session"));
  v1::ArtificialAwardResponse out;
  grpc::Status st = calc.ArtificialAward(cl.Context().get(), r, &out);
  return PrintAnswer<v1::ArtificialAwardResponse>(
      inv, st, out, [&](const v1::ArtificialAwardResponse& x) {
        std::cout << args[0] << " under " << x.rule_id() << ": "
                  << x.description() << "  (" << x.clause() << ")\n  ";
        if (x.matchpoints()) {
          std::cout << ExactText(x.percent()) << "% of a top of " << r.top()
                    << " = " << ExactText(x.awarded_matchpoints())
                    << " matchpoints\n";
        } else {
          std::cout << ExactText(x.imps()) << " IMPs\n";
        }
      });
}

// -------------------------------------------------------------- Carry-over

bool ParseFinalsMatch(const std::string& word, v1::FinalsMatch* match) {
  static const std::map<std::string, v1::FinalsMatch> kWords = {
      {"qualifying-final-1", v1::FINALS_MATCH_QUALIFYING_FINAL_1},
      {"qf1", v1::FINALS_MATCH_QUALIFYING_FINAL_1},
      {"qualifying-final-2", v1::FINALS_MATCH_QUALIFYING_FINAL_2},
      {"qf2", v1::FINALS_MATCH_QUALIFYING_FINAL_2},
      {"semi-final-1", v1::FINALS_MATCH_SEMI_FINAL_1},
      {"sf1", v1::FINALS_MATCH_SEMI_FINAL_1},
      {"semi-final-2", v1::FINALS_MATCH_SEMI_FINAL_2},
      {"sf2", v1::FINALS_MATCH_SEMI_FINAL_2},
      {"preliminary-final", v1::FINALS_MATCH_PRELIMINARY_FINAL},
      {"pf", v1::FINALS_MATCH_PRELIMINARY_FINAL},
      {"grand-final", v1::FINALS_MATCH_GRAND_FINAL},
      {"gf", v1::FINALS_MATCH_GRAND_FINAL}};
  auto it = kWords.find(absl::AsciiStrToLower(word));
  if (it == kWords.end()) return false;
  *match = it->second;
  return true;
}

int CarryOver(v1::CalculatorService::Stub& calc, Client& cl,
              const Invocation& inv, const std::vector<std::string>& args) {
  const std::string kind = args.empty() ? "" : args[0];
  const std::vector<std::string> rest(args.begin() + (args.empty() ? 0 : 1),
                                      args.end());
  v1::CarryOverRequest r;
  if (kind == "itc" && rest.size() == 2) {
    r.mutable_itc_final()->set_higher_placed_vps(rest[0]);
    r.mutable_itc_final()->set_lower_placed_vps(rest[1]);
  } else if (kind == "abpc-open" && rest.size() == 1) {
    int place = 0;
    if (!ToInt(rest[0], &place)) return CalcUsage("carry-over", "PLACE");
    r.mutable_abpc_open_stage3()->set_stage2_place(place);
  } else if (kind == "abpc-mixed" && !rest.empty()) {
    int place = 0;
    if (!ToInt(inv.Get("place"), &place)) {
      return CalcUsage("carry-over", "abpc-mixed needs --place=N");
    }
    v1::AbpcMixedCarryOverRequest* m = r.mutable_abpc_mixed_stage2();
    for (const std::string& vps : rest) m->add_stage1_vps_by_place(vps);
    m->set_place(place);
    v1::HalfRounding half = v1::HALF_ROUNDING_UNSPECIFIED;
    if (!ParseHalf(inv, &half)) return CalcUsage("carry-over", "--half");
    m->set_half(half);
  } else if ((kind == "sabf-final-four" || kind == "sabf-final-five") &&
             rest.size() == 1) {
    v1::SabfFinalsCarryOverRequest* f = r.mutable_sabf_finals();
    f->set_format(kind == "sabf-final-four"
                      ? v1::FINALS_FORMAT_SABF_FINAL_FOUR
                      : v1::FINALS_FORMAT_SABF_FINAL_FIVE);
    v1::FinalsMatch match;
    if (!ParseFinalsMatch(rest[0], &match)) {
      return CalcUsage("carry-over",
                       "the match is qf1, qf2, sf1, sf2, pf or gf (or "
                       "qualifying-final-1, ..., grand-final)");
    }
    f->set_match(match);
    for (absl::string_view team :
         absl::StrSplit(inv.Get("teams"), ',', absl::SkipEmpty())) {
      f->add_teams_by_qualifying_place(std::string(team));
    }
    for (absl::string_view w :
         absl::StrSplit(inv.Get("winners"), ',', absl::SkipEmpty())) {
      std::vector<std::string> parts = absl::StrSplit(w, ':');
      v1::FinalsMatch played;
      if (parts.size() != 2 || !ParseFinalsMatch(parts[0], &played)) {
        return CalcUsage("carry-over",
                         absl::StrCat("'", w, "' is not MATCH:TEAM"));
      }
      v1::FinalsWinner* winner = f->add_winners();
      winner->set_match(played);
      winner->set_team(parts[1]);
    }
  } else {
    return CalcUsage("carry-over",
                     "give itc HIGHER LOWER, abpc-open PLACE, abpc-mixed "
                     "--place=N VPS..., or sabf-final-four|sabf-final-five "
                     "MATCH --teams=... [--winners=...]");
  }
  v1::CarryOverResponse out;
  grpc::Status st = calc.CarryOver(cl.Context().get(), r, &out);
  return PrintAnswer<v1::CarryOverResponse>(
      inv, st, out, [](const v1::CarryOverResponse& x) {
        switch (x.result_case()) {
          case v1::CarryOverResponse::kImps:
            std::cout << "ITC final: the higher placed team carries "
                      << ExactText(x.imps())
                      << " IMPs (10% of the VP margin, not "
                         "rounded)";
            break;
          case v1::CarryOverResponse::kVps:
            std::cout << "ABPC Open Stage 3: carries " << ExactText(x.vps())
                      << " VPs";
            break;
          case v1::CarryOverResponse::kMixedVps:
            std::cout << "ABPC Mixed Stage 2: 1 + 6 (z - y) / (x - y) = "
                      << DecimalText(x.mixed_vps()) << " VPs";
            break;
          case v1::CarryOverResponse::kFinals:
            std::cout << x.finals().match() << ": " << x.finals().holder()
                      << " v " << x.finals().other() << ", "
                      << x.finals().holder() << " starts with "
                      << ExactText(x.finals().carry_forward_imps()) << " IMP";
            break;
          default:
            break;
        }
        std::cout << "  (" << x.clause() << ")\n";
      });
}

const std::vector<CalcFunction>& Functions() {
  static const std::vector<CalcFunction>* const kFunctions =
      new std::vector<CalcFunction>{
          {"contract",
           "(CONTRACT DECLARER TRICKS | pass) (--board=N | "
           "--vul=none|NS|EW|both)",
           "tally calc contract 4SX N 8 --board=7", Contract},
          {"imps", "DIFFERENCE", "tally calc imps 620", Imps},
          {"datum",
           "--rule=ID SCORE... [--match=N] [--tables=N] [--pending=TABLE,...] "
           "[--substitute] [--step=10] [--half=away|toward|up|down|even] "
           "[--ten-percent=down|half_up|up] "
           "[--pending-policy=nsw_tr_13|include|exclude] | --list",
           "tally calc datum --rule=anc_sr_16_11_16_13 420 450 -50 420 400 620 "
           "100 420",
           Datum},
          {"vp",
           "--scale=ID --boards=N MARGIN [--itc-loser=mirrored|complement|"
           "35-minus] [--ipc-places=N] [--mp-swiss-places=N] | --list",
           "tally calc vp --scale=wbf2013_continuous --boards=12 23", Vp},
          {"weighted",
           "SCORE:WEIGHT... (--field=S,S,... | --other-room=S) "
           "[--half=away|toward|up|down|even]",
           "tally calc weighted 1430:0.3 680:0.4 650:0.2 -100:0.1 "
           "--other-room=650",
           Weighted},
          {"average-plus", "--boards=N --kind=imp-teams|imp-pairs|matchpoints",
           "tally calc average-plus --boards=3 --kind=imp-teams", AveragePlus},
          {"neuberg", "--mp=M --played=A --expected=E",
           "tally calc neuberg --mp=10 --played=6 --expected=7", Neuberg},
          {"matchpoints", "NS_SCORE|pass... [--expected=E]",
           "tally calc matchpoints 420 420 450 -50 pass 620 --expected=7",
           Matchpoints},
          {"forfeit",
           "--profile=ID [--adjusted] [--non-offender=OWN:OPP|bye:OWN,...] "
           "[--offender=OWN:OPP,...]",
           "tally calc forfeit --profile=anc2025_itc_qualifying --adjusted "
           "--non-offender=60:10,62:8,bye:35 --offender=26:44,30:40",
           Forfeit},
          {"artificial",
           "(average-plus|average|average-minus) --rule=ID [--boards=N] "
           "[--top=T] [--session=PERCENT_OR_IMPS]",
           "tally calc artificial average-plus --rule=teams_by_match_length "
           "--boards=8",
           Artificial},
          {"half-match",
           "--scale=ID --boards=N --played=P IMPS [--reduced-scale=ID] "
           "[--itc-loser=mirrored|complement|35-minus]",
           "tally calc half-match --scale=wbf2013_continuous --boards=8 "
           "--played=4 5",
           HalfMatch},
          {"several-boards",
           "--boards=N (--method=anc_appendix|nsw_tr_12_10 | --profile=ID) "
           "[--teams]  (NSW TR 12.10; ANC SR 7.5-7.6 and appendix)",
           "tally calc several-boards --method=nsw_tr_12_10 --boards=4",
           SeveralBoards},
          {"percentage",
           "MATCHPOINTS --maximum=M [--penalties=MP] [--profile=ID | "
           "--places=N|exact] [--half=away|toward|up|down|even]  (SABF TR "
           "11.3; NSW TR 11.1)",
           "tally calc percentage 84.99 --maximum=200 "
           "--profile=sabf_matchpoint_pairs",
           Percentage},
          {"swiss-draw",
           "--round=N ENTRANT[:SCORE]... [--met=ROUND:A-B,...] "
           "[--byes=ROUND:ENTRANT,...] [--seed=N] "
           "[--first-round=quarters|halves] [--odd=share|bye|half] "
           "[--home=ranked|lot] [--modified=ROUNDS]  (SABF TR 14.1, 13.6; NSW "
           "TR 12.7; ANC SR appendix, Modified Swiss Format)",
           "tally calc swiss-draw --round=2 1:20 2:17 3:15 4:3 "
           "--met=1:1-2,1:3-4",
           SwissDraw},
          {"tie-break",
           "(--chain=ID | --profile=ID --purpose=draw|qualification|"
           "final_placing) ID=SCORE... ID@ROUND:OPP:VPS:OPP_VPS:IMPS... "
           "[ID%PERCENT...] [--lot=ID,...] [--fines=ID:VPS,...] "
           "[--incomplete]  (ANC SR 12.2-12.3, 17.2-17.3; SABF TR 11.7, 13.10, "
           "14.1, 17.2, 19.11.4; NSW TR 11.2; the chain's own clauses in the "
           "output)",
           "tally calc tie-break --chain=anc_sr_17_3 A=25 B=25 C=12 D=18 "
           "A@1:C:15:5:20 B@1:D:12:8:5 C@1:A:5:15:-20 D@1:B:8:12:-5 "
           "A@2:D:10:10:0 B@2:C:13:7:8 C@2:B:7:13:-8 D@2:A:10:10:0",
           TieBreak},
          {"fouled",
           "--rule=nsw_tr_7_3_2|guide_ranking_play --true=S,S,... "
           "--fouled=S,S,... [--expected=E]  (NSW TR 7.3.2; Fouled-board "
           "guide, Ranking Play)",
           "tally calc fouled --rule=nsw_tr_7_3_2 "
           "--true=620,650,170,620,200,-50 --fouled=-100,140,140,420",
           Fouled},
          {"fouled-butler",
           "(--profile=ID | --rule=nsw_tr_7_1_1|anc_sr_7_2|sabf_tr_12_3 "
           "--datum=RULE) --treatment=separate_datum|separate_datums|two_imps "
           "--true=S,S,... --fouled=S,S,... [--tables=N] [--match=N]  (NSW TR "
           "7.1.1(a)-(b); ANC SR 7.2(a)-(b), 7.3; SABF TR 12.3)",
           "tally calc fouled-butler --profile=nsw_butler "
           "--treatment=separate_datum --true=420,420,450,170,-50 "
           "--fouled=980,480,450",
           FouledButler},
          {"few-comparisons",
           "--profile=ID --boards=N --compared=K  (ANC SR 7.7: a match "
           "with direct comparisons on less than half its boards)",
           "tally calc few-comparisons --profile=anc2025_itc_qualifying "
           "--boards=16 --compared=7",
           FewComparisons},
          {"bye",
           "--profile=ID [--boards=N]  (ANC SR 10.11; NSW TR 12.8: the "
           "profile's bye rule)",
           "tally calc bye --profile=anc2025_itc_qualifying", Bye},
          {"fouled-match",
           "play_proceeds|adjusted|redealt|redealt_both_at_fault "
           "[--offending=home|away] [--cards-exchanged] [--imps=N] "
           "[--home-imps=IMPS [--profile=ID [--boards=N]]]  (Fouled-board "
           "guide, Match Play: the fine, (a)'s IMPs or the redeal, and the "
           "match's IMPs and VPs after it)",
           "tally calc fouled-match redealt --offending=home --home-imps=8 "
           "--profile=sabf_swiss_teams",
           FouledMatch},
          {"carry-over",
           "itc HIGHER_VPS LOWER_VPS | abpc-open PLACE | abpc-mixed --place=N "
           "VPS_BY_PLACE... | sabf-final-four|sabf-final-five MATCH "
           "--teams=FIRST,SECOND,... [--winners=MATCH:TEAM,...]",
           "tally calc carry-over itc 250.5 230", CarryOver},
      };
  return *kFunctions;
}

std::string CalcUsageText() {
  std::string text =
      "FUNCTION ARGS... [--json]\n\n"
      "The director's calculator: one scoring rule at a time, with the "
      "working.\nNumbers are exact: 42, -7, 42.495 or 7/2.\n\nfunctions:\n";
  for (const CalcFunction& f : Functions()) {
    absl::StrAppend(&text, "  ", f.name, " ", f.usage, "\n      e.g. ",
                    f.example, "\n");
  }
  absl::StrAppend(
      &text,
      "\nmore examples:\n"
      "  tally calc vp --list\n"
      "  tally calc datum --list\n"
      "  tally calc weighted 1430:0.3 680:0.4 650:0.2 -100:0.1 "
      "--field=1430,1430,680,680,680,680,680,650,650,-100,-100\n"
      "  tally calc carry-over abpc-mixed --place=4 120 110 105 100 "
      "98 95 92 90 86 84\n"
      "  tally calc carry-over sabf-final-four gf --teams=A,B,C,D "
      "--winners=sf1:C,sf2:B,pf:C");
  return text;
}

}  // namespace

void AddCalcCommands(std::vector<Command>& commands) {
  commands.push_back(
      {"calc", CalcUsageText(),
       "the director's calculator: contract, imps, datum, vp, weighted, "
       "average-plus, neuberg, matchpoints, artificial, half-match, forfeit, "
       "several-boards, percentage, swiss-draw, tie-break, fouled, "
       "fouled-butler, few-comparisons, bye, fouled-match, carry-over",
       1, 1000, [](Client& cl, const Invocation& inv) {
         const std::string& name = inv.args[0];
         const std::vector<std::string> args(inv.args.begin() + 1,
                                             inv.args.end());
         for (const CalcFunction& f : Functions()) {
           if (f.name != name) continue;
           auto calc = v1::CalculatorService::NewStub(cl.channel_);
           return f.run(*calc, cl, inv, args);
         }
         std::cerr << "tally calc: unknown function '" << name
                   << "' (tally calc --help lists them)\n";
         return kUsage;
       }});
}

}  // namespace tally::cli
