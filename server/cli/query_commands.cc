// The read-only questions: tournaments, standings, travellers, scorecards.

#include <fstream>
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
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/time/time.h"
#include "core/scoring/board.h"
#include "google/protobuf/descriptor.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/state.h"
#include "server/cli/butler_text.h"
#include "server/cli/cli_common.h"
#include "server/cli/result_text.h"
#include "server/cli/side_awards_text.h"
#include "server/cli/text_table.h"
#include "tally/v1/profile.pb.h"
#include "tally/v1/query.grpc.pb.h"

namespace tally::cli {
namespace {

// A traveller line's result, with the per-side artificial score in force
// there (Law 12C2), whose matchpoints the line shows.
std::string TravellerResultText(const v1::TravellerLine& l) {
  const std::string result = replay::DescribeResult(l.result());
  if (!l.adjusted().has_per_side()) return result;
  return absl::StrCat(result, "; adjusted ",
                      SideAwardsText(l.adjusted().per_side()));
}

// A side's matchpoints as the profile's club convention shows them
// (ACBL: 1 per pair beaten, one decimal), else to 2 decimals.
std::string MatchpointText(const v1::Fraction& exact, bool has_shown,
                           const v1::DecimalValue& shown) {
  return has_shown ? DecimalText(shown) : FractionText(exact);
}

// "rounding_step" -> "rounding step".
std::string Words(absl::string_view key) {
  return absl::StrReplaceAll(key, {{"_", " "}});
}

// A value of a profile's text as a person reads it: a string without its
// quotes, an enum value as words without its type's prefix
// (EVENT_KIND_BUTLER_PAIRS -> "butler pairs"), anything else as written.
std::string ValueWords(const std::string& token) {
  if (token.size() >= 2 && token.front() == '"' && token.back() == '"') {
    return token.substr(1, token.size() - 2);
  }
  // The profile's proto file (and the files it imports) in the pool first:
  // an enum value is found only in a file already loaded.
  (void)v1::RegulationProfileSpec::descriptor();
  const google::protobuf::EnumValueDescriptor* value =
      google::protobuf::DescriptorPool::generated_pool()->FindEnumValueByName(
          "tally.v1." + token);
  if (value == nullptr) return token;
  // The type's name in upper snake case is the prefix: EventKind ->
  // EVENT_KIND_.
  std::string prefix;
  for (char c : value->type()->name()) {
    if (absl::ascii_isupper(c) && !prefix.empty()) prefix += '_';
    prefix += absl::ascii_toupper(c);
  }
  prefix += '_';
  std::string name = value->name();
  if (absl::StartsWith(name, prefix)) name = name.substr(prefix.size());
  return Words(absl::AsciiStrToLower(name));
}

// One line of a profile's text in words: "rounding_step: 10" ->
// "rounding step: 10", "datum {" -> "datum:", a one-line block
// "rows { sessions: 10 schedule: \"weekend\" }" -> "rows: sessions 10,
// schedule weekend"; "}" -> "" (the indentation shows the nesting); a
// trailing comment kept.
std::string ProfileLine(absl::string_view line) {
  std::string comment;
  std::vector<std::string> tokens;
  for (size_t i = 0; i < line.size();) {
    const char c = line[i];
    if (c == ' ') {
      ++i;
    } else if (c == '#') {
      comment = std::string(line.substr(i));
      break;
    } else if (c == '"') {
      size_t end = line.find('"', i + 1);
      end = end == absl::string_view::npos ? line.size() : end + 1;
      tokens.emplace_back(line.substr(i, end - i));
      i = end;
    } else {
      size_t end = line.find_first_of(" #", i);
      if (end == absl::string_view::npos) end = line.size();
      tokens.emplace_back(line.substr(i, end - i));
      i = end;
    }
  }
  std::string out;
  int depth = 0;            // blocks open on this line
  bool first_inner = true;  // the first field inside a one-line block
  for (size_t i = 0; i < tokens.size(); ++i) {
    const std::string& t = tokens[i];
    if (t == "{") {
      ++depth;
      first_inner = true;
      absl::StrAppend(&out, ":");
    } else if (t == "}") {
      --depth;
    } else if (t.back() == ':') {
      const std::string key = Words(t.substr(0, t.size() - 1));
      if (depth > 0) {
        absl::StrAppend(&out, first_inner ? " " : ", ", key);
        first_inner = false;
      } else {
        absl::StrAppend(&out, key, ":");
      }
      if (i + 1 < tokens.size() && tokens[i + 1] != "{") {
        absl::StrAppend(&out, " ", ValueWords(tokens[++i]));
      }
    } else {
      // A block's name before its "{".
      absl::StrAppend(&out, depth > 0 ? (first_inner ? " " : ", ") : "",
                      Words(t));
      first_inner = false;
    }
  }
  if (!comment.empty()) absl::StrAppend(&out, out.empty() ? "" : "  ", comment);
  return out;
}

// A shipped profile's text in words: the textproto without its
// proto-file/proto-message header, its comments (the regulations' words
// and the notes) as they are, each field named in words, a repeated
// value's lines joined ("clauses: 5.2, 5.3, ...").
std::string ProfileText(const std::string& text) {
  std::vector<std::string> out;
  std::string last_key;  // "  clauses:" of the line before, to join
  bool header = true;
  for (absl::string_view raw : absl::StrSplit(text, '\n')) {
    if (header && (absl::StartsWith(raw, "# proto-") || raw == "#")) continue;
    header = false;
    const size_t indent = raw.find_first_not_of(' ');
    if (indent == absl::string_view::npos) {
      out.emplace_back();
      last_key.clear();
      continue;
    }
    const absl::string_view body = raw.substr(indent);
    if (body == "}") continue;
    // A string continued on the next line ("..." alone): one text.
    if (body.size() >= 2 && body.front() == '"' && body.back() == '"' &&
        !out.empty()) {
      absl::StrAppend(&out.back(), body.substr(1, body.size() - 2));
      last_key.clear();
      continue;
    }
    if (body.front() == '#') {
      out.emplace_back(raw);
      last_key.clear();
      continue;
    }
    std::string line =
        absl::StrCat(std::string(indent, ' '), ProfileLine(body));
    const size_t colon = line.find(": ");
    const bool simple = body.find_first_of("{#") == absl::string_view::npos &&
                        !absl::StartsWith(body, "notes:");
    const std::string key =
        colon == std::string::npos || !simple ? "" : line.substr(0, colon + 1);
    if (!key.empty() && key == last_key && !out.empty()) {
      absl::StrAppend(&out.back(), ", ", line.substr(colon + 2));
      continue;
    }
    last_key = key;
    out.push_back(std::move(line));
  }
  while (!out.empty() && out.back().empty()) out.pop_back();
  // Lines longer than 100 columns go on under themselves, after a ", "
  // where there is one, else after a space.
  std::string text_out;
  for (std::string& line : out) {
    const size_t indent = line.find_first_not_of(' ');
    while (line.size() > 100) {
      size_t cut = line.rfind(", ", 98);
      if (cut != std::string::npos && cut > indent) {
        ++cut;  // after the comma
      } else {
        cut = line.rfind(' ', 99);
        if (cut == std::string::npos || cut <= indent) break;
      }
      absl::StrAppend(&text_out, line.substr(0, cut), "\n");
      line = absl::StrCat(std::string(indent + 4, ' '), line.substr(cut + 1));
    }
    absl::StrAppend(&text_out, line, "\n");
  }
  return text_out;
}

}  // namespace

void AddQueryCommands(std::vector<Command>& commands) {
  auto add = [&](Command c) { commands.push_back(std::move(c)); };

  // --- Query ---------------------------------------------------------------
  add({"tournaments", "", "list the tournaments on the server", 0, 0,
       [](Client& cl, const Invocation& inv) {
         v1::ListTournamentsResponse out;
         grpc::Status st =
             cl.query_->ListTournaments(cl.Context().get(), {}, &out);
         return PrintAnswer<v1::ListTournamentsResponse>(
             inv, st, out, [](const auto& out) {
               TextTable t({"Tournament", "Name", "Version", "Competitions"});
               for (const v1::Tournament& x : out.tournaments()) {
                 std::vector<std::string> comps;
                 for (const auto& c : x.competitions())
                   comps.push_back(c.competition_id());
                 t.AddRow({x.tournament_id(), x.name(),
                           absl::StrCat(x.stream_version()),
                           absl::StrJoin(comps, ", ")});
               }
               std::cout << t.Render();
             });
       }});
  add({"tournament", "TOURNAMENT",
       "show a tournament: competitions, pairs and sessions", 1, 1,
       [](Client& cl, const Invocation& inv) {
         v1::GetTournamentRequest r;
         r.set_tournament_id(inv.args[0]);
         v1::Tournament out;
         grpc::Status st =
             cl.query_->GetTournament(cl.Context().get(), r, &out);
         return PrintAnswer<v1::Tournament>(
             inv, st, out, [](const v1::Tournament& x) {
               std::cout << x.tournament_id() << ": " << x.name()
                         << " (version " << x.stream_version() << ", times in "
                         << x.time_zone() << ")\n";
               for (const v1::Competition& c : x.competitions()) {
                 std::cout << "\ncompetition " << c.competition_id() << ": "
                           << c.name() << ", " << c.pairs_size()
                           << " pairs, profile " << c.regulation_profile();
                 if (c.rounds_drawn() > 0) {
                   std::cout << ", rounds drawn: " << c.rounds_drawn();
                 }
                 std::cout << "\n";
                 for (const v1::SessionSummary& s : c.sessions()) {
                   std::cout
                       << "  session " << s.session() << ": "
                       << EnumLabel(v1::SessionStatus_Name(s.status()),
                                    "SESSION_STATUS_", s.status())
                       << ", " << s.tables() << " tables, " << s.rounds()
                       << " rounds, " << s.boards_size() << " boards, "
                       << s.results_entered() << "/" << s.results_expected()
                       << " results (" << s.movement_source() << ")\n";
                 }
                 TextTable t({"Pair", "Name", "Players"});
                 for (const v1::Pair& p : c.pairs()) {
                   t.AddRow({absl::StrCat(p.pair()), p.name(),
                             Players(p.players())});
                 }
                 std::cout << t.Render();
               }
             });
       }});
  add({"standings", "TOURNAMENT COMPETITION SESSION [--section=NAME]",
       "the session's ranking with matchpoints and percentages (Butler pairs: "
       "net IMPs and VPs, per field; a session in sections: each section's "
       "ranks, and the overall rank where scored across the field)",
       3, 3, [](Client& cl, const Invocation& inv) {
         v1::GetStandingsRequest r;
         if (!SessionArgs(inv, &r)) return kUsage;
         v1::Standings out;
         grpc::Status st = cl.query_->GetStandings(cl.Context().get(), r, &out);
         if (st.ok() && inv.Has("section")) {
           absl::Status kept = KeepSection(inv.Get("section"), out);
           if (!kept.ok()) {
             std::cerr << "tally: " << kept.message() << "\n";
             return kUsage;
           }
         }
         return PrintAnswer<v1::Standings>(inv, st, out, PrintStandings);
       }});
  add({"traveller", "TOURNAMENT COMPETITION SESSION BOARD",
       "every result on one board with its matchpoints (Butler pairs: the "
       "datum and each table's IMPs against it)",
       4, 4,
       [](Client& cl, const Invocation& inv) {
         v1::GetTravellerRequest r;
         int board = 0;
         if (!SessionArgs(inv, &r) || !ToInt(inv.args[3], &board)) {
           return kUsage;
         }
         r.set_board(board);
         v1::Traveller out;
         grpc::Status st = cl.query_->GetTraveller(cl.Context().get(), r, &out);
         return PrintAnswer<v1::Traveller>(
             inv, st, out, [](const v1::Traveller& x) {
               if (x.scoring() == kImpsVsDatum) return PrintButlerTraveller(x);
               absl::StatusOr<core::BoardConditions> conditions =
                   core::ConditionsForBoard(x.board());
               if (!conditions.ok()) return;
               std::cout << "board " << x.board() << ": dealer "
                         << core::SeatName(conditions->dealer) << ", "
                         << core::VulnerabilityWords(conditions->vulnerability)
                         << ", played at " << x.times_expected() << " tables\n";
               PrintFouledNote(x);
               TextTable t({"Round", "Table", "NS", "EW", "Result", "NS score",
                            "NS MP", "EW MP", "Event"});
               for (const v1::TravellerLine& l : x.lines()) {
                 // A session in sections: B2, B1, B5 as the director
                 // reads them.
                 const bool sectioned = !l.section().empty();
                 t.AddRow({absl::StrCat(l.round()),
                           absl::StrCat(sectioned ? l.section_table()
                                                  : absl::StrCat(l.table()),
                                        l.fouled() ? " F" : ""),
                           sectioned ? l.section_ns_pair()
                                     : absl::StrCat(l.ns_pair()),
                           sectioned ? l.section_ew_pair()
                                     : absl::StrCat(l.ew_pair()),
                           TravellerResultText(l),
                           ScoreText(l.result(), l.ns_score()),
                           MatchpointText(l.ns_matchpoints(),
                                          l.has_ns_shown_matchpoints(),
                                          l.ns_shown_matchpoints()),
                           MatchpointText(l.ew_matchpoints(),
                                          l.has_ew_shown_matchpoints(),
                                          l.ew_shown_matchpoints()),
                           ResultEventText(l.result(), l.sequence(),
                                           l.confirmed())});
               }
               std::cout << t.Render();
               // Compscore (club.traveller_unfactored): a factored board
               // shown on its own top; the totals keep the factored figures.
               if (!x.lines().empty() && x.lines(0).shown_unfactored()) {
                 std::cout << "matchpoints shown on the board's own top of "
                           << x.lines(0).unfactored_top()
                           << "; the totals use them factored to "
                           << x.times_expected() << " results\n";
               }
             });
       }});
  add({"scorecard", "TOURNAMENT COMPETITION SESSION PAIR",
       "one pair's boards, results and matchpoints (Butler pairs: IMPs, the "
       "datum, and each match's IMPs and VPs)",
       4, 4,
       [](Client& cl, const Invocation& inv) {
         v1::GetScorecardRequest r;
         int pair = 0;
         if (!SessionArgs(inv, &r) || !ToInt(inv.args[3], &pair)) {
           return kUsage;
         }
         r.set_pair(pair);
         v1::Scorecard out;
         grpc::Status st = cl.query_->GetScorecard(cl.Context().get(), r, &out);
         return PrintAnswer<v1::Scorecard>(
             inv, st, out, [](const v1::Scorecard& x) {
               if (x.scoring() == kImpsVsDatum) return PrintButlerScorecard(x);
               std::cout << "pair " << x.pair() << " (" << Players(x.players())
                         << "): " << FractionText(x.matchpoints()) << " of "
                         << x.maximum() << " MP, "
                         << (x.has_percentage() ? DecimalText(x.percentage())
                                                : "-")
                         << "%\n";
               TextTable t({"Round", "Table", "Board", "Dir", "Opp", "Result",
                            "Score", "MP", "Top"});
               for (const v1::ScorecardLine& l : x.lines()) {
                 t.AddRow({absl::StrCat(l.round()), absl::StrCat(l.table()),
                           absl::StrCat(l.board()),
                           l.direction() == v1::SEAT_NORTH ? "NS" : "EW",
                           absl::StrCat(l.opponents()),
                           l.played() ? replay::DescribeResult(l.result())
                                      : "no result yet",
                           l.played() ? ScoreText(l.result(), l.score()) : "",
                           l.played() ? FractionText(l.matchpoints()) : "",
                           absl::StrCat(l.top())});
               }
               std::cout << t.Render();
             });
       }});
  add({"profiles", "", "list the shipped regulation profiles", 0, 0,
       [](Client& cl, const Invocation& inv) {
         v1::ListRegulationProfilesResponse out;
         grpc::Status st =
             cl.query_->ListRegulationProfiles(cl.Context().get(), {}, &out);
         return PrintAnswer<v1::ListRegulationProfilesResponse>(
             inv, st, out, [](const v1::ListRegulationProfilesResponse& x) {
               TextTable t({"Profile", "Event kind", "Title"});
               for (const v1::RegulationProfile& p : x.profiles()) {
                 t.AddRow({p.name(),
                           EnumLabel(v1::EventKind_Name(p.event_kind()),
                                     "EVENT_KIND_", p.event_kind()),
                           p.title()});
               }
               std::cout << t.Render()
                         << "(tally profile NAME: the clauses it follows and "
                            "how)\n";
             });
       }});
  add({"profile", "NAME",
       "show one regulation profile as shipped, with its clauses and notes", 1,
       1, [](Client& cl, const Invocation& inv) {
         v1::GetRegulationProfileRequest r;
         r.set_name(inv.args[0]);
         v1::RegulationProfile out;
         grpc::Status st =
             cl.query_->GetRegulationProfile(cl.Context().get(), r, &out);
         return PrintAnswer<v1::RegulationProfile>(
             inv, st, out, [](const v1::RegulationProfile& p) {
               std::cout << ProfileText(p.text());
             });
       }});
}

}  // namespace tally::cli
