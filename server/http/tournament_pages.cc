// The pages of the root and of a tournament: the tournaments, a
// tournament's competitions, its appeals and rulings, and the venue
// scoreboard. Handlers of the route table (page_routes.h).

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "server/http/page_routes.h"

namespace tally::server::http {
namespace {

std::string Section(const std::string& heading, const std::string& html) {
  return absl::StrCat("<section class=\"field\"><h2>", heading, "</h2>", html,
                      "</section>\n");
}

// The scoreboard's sections for one pairs competition: its latest
// session's ranking, a section per field. Its standings' JSON into `data`.
void LatestSession(const PageContext& page, const v1::Competition& x,
                   std::string* sections, std::vector<std::string>* data) {
  int latest = 0;
  for (const v1::SessionSummary& s : x.sessions()) {
    if (s.status() != v1::SESSION_STATUS_DEFINED) latest = s.session();
  }
  if (latest == 0) return;
  if (std::string w = page.Withheld(x, latest); !w.empty()) {
    *sections += Section(HtmlEscape(x.name()), PageContext::WithheldNote(w));
    return;
  }
  v1::GetStandingsRequest r;
  r.set_tournament_id(page.tournament.tournament_id());
  r.set_competition_id(x.competition_id());
  r.set_session(latest);
  v1::Standings st;
  if (!page.source.Query(&v1::QueryService::Stub::GetStandings, r, &st).ok()) {
    return;
  }
  data->push_back(Json(st));
  for (const v1::StandingsField& f : st.fields()) {
    *sections +=
        Section(absl::StrCat(HtmlEscape(x.name()), ", session ", latest,
                             st.fields_size() > 1
                                 ? absl::StrCat(", ", HtmlEscape(f.name()))
                                 : ""),
                absl::StrCat("\n", TableHtml(f, "rows", nullptr, page.zone)));
  }
}

// The scoreboard's section for one event of matches: the standings after
// its last round drawn.
void LatestRound(const PageContext& page, const v1::Competition& x,
                 std::string* sections, std::vector<std::string>* data) {
  if (x.rounds_drawn() == 0) return;
  if (std::string w = page.Withheld(x, x.rounds_drawn()); !w.empty()) {
    *sections += Section(HtmlEscape(x.name()), PageContext::WithheldNote(w));
    return;
  }
  v1::GetMatchStandingsRequest r;
  r.set_tournament_id(page.tournament.tournament_id());
  r.set_competition_id(x.competition_id());
  v1::MatchStandings st;
  if (!page.source.Query(&v1::QueryService::Stub::GetMatchStandings, r, &st)
           .ok()) {
    return;
  }
  data->push_back(Json(st));
  *sections += Section(
      absl::StrCat(HtmlEscape(x.name()), ", after round ", st.after_round()),
      absl::StrCat("\n", TableHtml(st, "rows", nullptr, page.zone)));
}

}  // namespace

grpc::Status TournamentsPage(PageContext& page) {
  v1::ListTournamentsResponse list;
  grpc::Status s =
      page.source.Query(&v1::QueryService::Stub::ListTournaments, {}, &list);
  Content& c = page.content;
  c.title = "Results";
  c.json = Json(list);
  c.body = "<ul class=\"links\">\n";
  for (const v1::Tournament& t : list.tournaments()) {
    absl::StrAppend(&c.body, "<li>",
                    Link(page.Rel(absl::StrCat(
                             "t/", PathSegment(t.tournament_id()), "/index")),
                         t.name().empty() ? t.tournament_id() : t.name()),
                    "</li>\n");
  }
  c.body += "</ul>\n";
  return s;
}

grpc::Status TournamentPage(PageContext& page) {
  Content& c = page.content;
  c.title = page.tournament.name();
  c.json = Json(page.tournament);
  c.body = "<h2>Competitions</h2>\n<ul class=\"links\">\n";
  for (const v1::Competition& x : page.tournament.competitions()) {
    absl::StrAppend(
        &c.body, "<li>",
        Link(page.Rel(absl::StrCat(page.tpath, "/c/",
                                   PathSegment(x.competition_id()), "/index")),
             x.name()),
        " <span class=\"dim\">", HtmlEscape(KindText(x.kind())), ", ",
        HtmlEscape(x.regulation_profile_title()), "</span></li>\n");
  }
  absl::StrAppend(
      &c.body, "</ul>\n<ul class=\"links\"><li>",
      Link(page.Rel(page.tpath + "/appeals"), "Appeals and rulings"),
      "</li><li>",
      Link(page.Rel(page.tpath + "/scoreboard"), "Venue scoreboard"),
      "</li></ul>\n");
  return grpc::Status::OK;
}

grpc::Status AppealsPage(PageContext& page) {
  Content& c = page.content;
  c.title = "Appeals and rulings";
  const std::string& tid = page.tournament.tournament_id();
  // Each competition's appeals, in competition order, under its name.
  v1::ListAppealsResponse appeals;
  std::string appeals_html;
  for (const v1::Competition& x : page.tournament.competitions()) {
    v1::ListAppealsRequest r;
    r.set_tournament_id(tid);
    r.set_competition_id(x.competition_id());
    v1::ListAppealsResponse one;
    grpc::Status s =
        page.source.Query(&v1::QueryService::Stub::ListAppeals, r, &one);
    if (!s.ok()) return s;
    if (!one.appeals().empty()) {
      absl::StrAppend(&appeals_html, "<h3>", HtmlEscape(x.name()), "</h3>\n",
                      TableHtml(one, "appeals", nullptr, page.zone));
    }
    for (v1::AppealView& a : *one.mutable_appeals()) {
      *appeals.add_appeals() = std::move(a);
    }
    appeals.set_as_of_sequence(one.as_of_sequence());
  }
  // Rulings are events of the log; the page lists them as made.
  std::vector<Ruling> rulings;
  grpc::Status s = page.source.Rulings(tid, page.head.sequence(), &rulings);
  if (!s.ok()) return s;
  std::string rows, rulings_json;
  for (const auto& [sequence, rm] : rulings) {
    absl::StrAppend(&rulings_json, rulings_json.empty() ? "" : ",",
                    "{\"sequence\":", sequence, ",\"ruling\":", Json(rm), "}");
    absl::StrAppend(&rows, "<tr><td>", sequence, "</td><td>",
                    HtmlEscape(rm.competition_id()), "</td><td>", rm.session(),
                    "</td><td>", rm.table(), "</td><td>", rm.board(),
                    "</td><td>", HtmlEscape(rm.law()), "</td><td>",
                    HtmlEscape(rm.text()), "</td></tr>\n");
  }
  c.json = absl::StrCat("{\"appeals\":", Json(appeals), ",\"rulings\":[",
                        rulings_json, "]}");
  c.body = "<h2>Rulings</h2>\n";
  c.body += rows.empty()
                ? "<p>No rulings.</p>\n"
                : absl::StrCat(
                      "<div class=\"scroll\"><table><thead><tr><th>Event"
                      "</th><th>Competition</th><th>Session or round</th>"
                      "<th>Table</th><th>Board</th><th>Law</th><th>Ruling"
                      "</th></tr></thead><tbody>\n",
                      rows, "</tbody></table></div>\n");
  c.body += "<h2>Appeals</h2>\n";
  c.body += appeals_html.empty() ? "<p>No appeals.</p>\n" : appeals_html;
  return grpc::Status::OK;
}

grpc::Status ScoreboardPage(PageContext& page) {
  Content& c = page.content;
  c.title = page.tournament.name();
  c.scoreboard = true;
  std::string sections;
  std::vector<std::string> data;
  for (const v1::Competition& x : page.tournament.competitions()) {
    if (IsMovementKind(x.kind())) {
      LatestSession(page, x, &sections, &data);
    } else {
      LatestRound(page, x, &sections, &data);
    }
  }
  c.json = absl::StrCat("[", absl::StrJoin(data, ","), "]");
  c.body = sections.empty() ? "<p>No results yet.</p>\n" : sections;
  return grpc::Status::OK;
}

}  // namespace tally::server::http
