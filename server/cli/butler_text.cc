#include "server/cli/butler_text.h"

#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/plural.h"
#include "core/scoring/board.h"
#include "replay/state/bridge_convert.h"
#include "server/cli/cli_common.h"
#include "server/cli/result_text.h"
#include "server/cli/text_table.h"

namespace tally::cli {
namespace {

// "+3", "-12", "0": IMPs with their sign.
std::string Signed(int64_t imps) {
  return imps > 0 ? absl::StrCat("+", imps) : absl::StrCat(imps);
}

std::string SignedImps(const v1::Fraction& f) {
  const std::string text = ExactText(f);
  return f.numerator() > 0 ? "+" + text : text;
}

const char* DirectionText(v1::Seat direction) {
  return direction == v1::SEAT_NORTH ? "NS" : "EW";
}

}  // namespace

void PrintButlerStandings(const v1::Standings& s) {
  const bool vps = s.ranked_on() == "vps";
  std::cout << s.tournament_id() << " / " << s.competition_id() << ", session "
            << s.session() << ": " << s.results_entered() << " of "
            << s.results_expected() << " results, as of event "
            << s.as_of_sequence() << "; IMPs against the datum, ranked on "
            << (vps ? "VPs" : "net IMPs") << "\n";
  if (s.provisional()) {
    std::cout << "provisional: some boards are not yet in at every table, "
                 "their datums may change (marked *)\n";
  }
  for (const v1::StandingsField& field : s.fields()) {
    std::cout << "\n" << field.name() << " field\n";
    std::vector<std::string> header = {"Rank", "Pair", "Players"};
    if (vps) header.push_back("VPs");
    for (const char* h : {"Net IMPs", "Matches", "Boards"}) header.push_back(h);
    TextTable t(header);
    for (const v1::StandingsRow& r : field.rows()) {
      std::vector<std::string> row = {absl::StrCat(r.rank(), r.tied() ? "=" : ""),
                                      absl::StrCat(r.pair()),
                                      Players(r.players())};
      const char* mark = r.provisional() ? "*" : "";
      if (vps) row.push_back(absl::StrCat(DecimalText(r.vps()), mark));
      row.push_back(absl::StrCat(SignedImps(r.net_imps()), mark));
      row.push_back(
          absl::StrCat(r.matches_complete(), " of ", r.matches(), " complete"));
      row.push_back(absl::StrCat(r.boards_played()));
      t.AddRow(row);
    }
    std::cout << t.Render();
  }
}

void PrintFouledNote(const v1::Traveller& x) {
  if (x.has_fouled()) PrintFouledBoardNote(x.fouled());
}

void PrintFouledBoardNote(const v1::FouledBoardNote& f) {
  if (f.board() != 0) std::cout << "board " << f.board() << ": ";
  std::cout << "fouled board (ruling " << f.ruling() << ", " << f.clause()
            << "): " << f.treatment() << ", " << f.what()
            << (f.board() != 0 ? "; tables " : "; tables marked F (")
            << absl::StrJoin(f.tables(), ", ")
            << (f.board() != 0 ? "" : ")") << " played the fouled form\n";
  if (f.has_datum()) {
    const v1::BoardDatum& d = f.datum();
    std::cout << "  fouled form's datum " << Signed(d.datum()) << " ("
              << d.basis() << ")\n  mean of the "
              << core::Counted(d.considered() - 2 * d.dropped_each_end(),
                               "score")
              << " used: " << ExactText(d.mean()) << "; "
              << d.dropped_each_end() << " dropped at each end of "
              << d.considered() << " considered"
              << (d.provisional() ? " (provisional)" : "") << "\n";
  }
  if (f.adjustment() != 0) {
    std::cout << "  " << Signed(f.adjustment())
              << " IMPs to North-South at each fouled table (and "
              << Signed(-f.adjustment())
              << " to East-West) equalise the forms' averages\n";
  }
  if (!f.waiting().empty()) std::cout << "  not scored: " << f.waiting() << "\n";
}

void PrintButlerTraveller(const v1::Traveller& x) {
  absl::StatusOr<core::BoardConditions> conditions =
      core::ConditionsForBoard(x.board());
  if (!conditions.ok()) return;
  std::cout << "board " << x.board() << ": dealer "
            << core::SeatName(conditions->dealer) << ", "
            << core::VulnerabilityWords(conditions->vulnerability)
            << ", played at " << x.times_expected() << " tables\n";
  if (x.has_datum()) {
    const v1::BoardDatum& d = x.datum();
    std::cout << "datum " << Signed(d.datum()) << " (" << d.basis()
              << ")\n  mean of the "
              << core::Counted(d.considered() - 2 * d.dropped_each_end(),
                               "score")
              << " used: " << ExactText(d.mean()) << "; "
              << d.dropped_each_end() << " dropped at each end of "
              << d.considered() << " considered\n";
    if (d.provisional() && d.results_in() < x.times_expected()) {
      std::cout << "  provisional: " << d.results_in() << " of "
                << x.times_expected() << " results in\n";
    }
    if (!d.appeal().empty()) std::cout << "  " << d.appeal() << "\n";  // NSW TR 13
  } else if (x.scoring() == "cross_imps") {
    std::cout << "cross-IMPs: each NS score IMPed against every other\n";
  } else {
    std::cout << "no datum yet: too few results in to average\n";
  }
  PrintFouledNote(x);
  TextTable t({"Round", "Table", "NS", "EW", "Result", "NS score", "Datum",
               "NS IMPs", "EW IMPs", "Event"});
  for (const v1::TravellerLine& l : x.lines()) {
    t.AddRow({absl::StrCat(l.round()), absl::StrCat(l.table(),
                                                    l.fouled() ? " F" : ""),
              absl::StrCat(l.ns_pair()), absl::StrCat(l.ew_pair()),
              replay::DescribeResult(l.result()),
              ScoreText(l.result(), l.ns_score()),
              l.pending_appeal() ? absl::StrCat(l.datum_role(), " (appeal pending)")
                                 : l.datum_role(),
              l.has_ns_cross_imps() ? SignedImps(l.ns_cross_imps())
              : l.has_ns_imps()     ? Signed(l.ns_imps())
                                    : "",
              l.has_ew_cross_imps() ? SignedImps(l.ew_cross_imps())
              : l.has_ew_imps()     ? Signed(l.ew_imps())
              : l.has_ns_imps()     ? Signed(-l.ns_imps())
                                    : "",
              ResultEventText(l.result(), l.sequence(), l.confirmed())});
  }
  std::cout << t.Render();
}

void PrintButlerScorecard(const v1::Scorecard& x) {
  std::cout << "pair " << x.pair() << " (" << Players(x.players())
            << "): net IMPs " << SignedImps(x.net_imps())
            << (x.provisional() ? " (provisional)" : "");
  if (x.has_vps()) std::cout << ", " << DecimalText(x.vps()) << " VPs";
  std::cout << "\n";
  TextTable t({"Round", "Table", "Board", "Dir", "Opp", "Result", "Score",
               "Datum", "IMPs"});
  for (const v1::ScorecardLine& l : x.lines()) {
    t.AddRow({absl::StrCat(l.round()), absl::StrCat(l.table()),
              absl::StrCat(l.board()), DirectionText(l.direction()),
              absl::StrCat(l.opponents()),
              l.played() ? replay::DescribeResult(l.result())
                         : "no result yet",
              l.played() ? ScoreText(l.result(), l.score()) : "",
              l.has_datum() ? absl::StrCat(Signed(l.datum()),
                                           l.datum_provisional() ? "*" : "")
                            : "",
              l.has_cross_imps() ? SignedImps(l.cross_imps())
              : l.has_imps()     ? Signed(l.imps())
                                 : ""});
  }
  std::cout << t.Render() << "\nmatches\n";
  TextTable m({"Round", "Table", "Dir", "Opp", "Boards", "IMPs", "VPs"});
  for (const v1::ScorecardMatch& r : x.matches()) {
    m.AddRow({absl::StrCat(r.round()), absl::StrCat(r.table()),
              DirectionText(r.direction()), absl::StrCat(r.opponents()),
              absl::StrCat(r.boards_final(), " of ", r.boards(), " final"),
              absl::StrCat(SignedImps(r.imps()), r.provisional() ? "*" : ""),
              r.has_vps() ? absl::StrCat(DecimalText(r.vps()), " - ",
                                         DecimalText(r.opponent_vps()),
                                         r.provisional() ? "*" : "")
                          : ""});
  }
  std::cout << m.Render();
}

void PrintButlerCompetitionStandings(const v1::CompetitionStandings& s) {
  const bool vps = s.ranked_on() == "vps";
  std::cout << s.tournament_id() << " / " << s.competition_id()
            << ", after session " << s.after_session() << " (sessions "
            << absl::StrJoin(s.sessions_counted(), ", ") << "): "
            << s.combination() << ", as of event " << s.as_of_sequence()
            << "; ties broken by " << s.tie_break_clause() << "\n";
  if (s.provisional()) {
    std::cout << "provisional: a session counted is not posted or has "
                 "matches not yet complete\n";
  }
  for (const v1::ButlerStandingsField& field : s.fields()) {
    std::cout << "\n" << field.name() << " field\n";
    std::vector<std::string> header = {"Rank", "Pair", "Players"};
    if (vps) {
      for (const char* h : {"VPs", "Net IMPs", "Matches", "Won", "Opp VPs"}) {
        header.push_back(h);
      }
    } else {
      for (const char* h : {"Net IMPs", "Matches"}) header.push_back(h);
    }
    header.push_back("Decided by");
    TextTable t(header);
    for (const v1::ButlerStandingsRow& r : field.rows()) {
      std::vector<std::string> row = {absl::StrCat(r.rank(), r.tied() ? "=" : ""),
                                      absl::StrCat(r.pair()),
                                      Players(r.players())};
      if (vps) row.push_back(DecimalText(r.vps()));
      row.push_back(SignedImps(r.net_imps()));
      row.push_back(absl::StrCat(r.matches()));
      if (vps) {
        row.push_back(absl::StrCat(r.matches_won()));
        row.push_back(DecimalText(r.opponents_vps()));
      }
      row.push_back(r.clause().empty()
                        ? r.decided_by()
                        : absl::StrCat(r.decided_by(), " (", r.clause(), ")"));
      t.AddRow(row);
    }
    std::cout << t.Render();
  }
}

}  // namespace tally::cli
