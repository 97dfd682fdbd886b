// The pages of a competition: its index (sessions or rounds, entrants,
// links), a pairs event's overall standings, the knock-out bracket, the
// qualification into it, and an entrant's record. Handlers of the route
// table (page_routes.h).

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "server/http/page_routes.h"

namespace tally::server::http {
namespace {

// The competition's sessions, each with its ranking's link and progress.
std::string SessionList(const PageContext& page) {
  std::string html = "<h2>Sessions</h2>\n<ul class=\"links\">\n";
  for (const v1::SessionSummary& s : page.competition->sessions()) {
    absl::StrAppend(
        &html, "<li>",
        Link(page.Rel(
                 absl::StrCat(page.cpath, "/s/", s.session(), "/standings")),
             absl::StrCat("Session ", s.session(), " ranking")),
        " <span class=\"dim\">",
        HtmlEscape(FieldText(s, s.GetDescriptor()->FindFieldByName("status"))),
        ", ", s.results_entered(), " of ", s.results_expected(),
        " results</span></li>\n");
  }
  return html + "</ul>\n";
}

// The competition's rounds drawn, each with its draw, results, standings.
std::string RoundList(const PageContext& page) {
  std::string html = "<h2>Rounds</h2>\n<ul class=\"links\">\n";
  for (int r = 1; r <= page.competition->rounds_drawn(); ++r) {
    const std::string base = absl::StrCat(page.cpath, "/r/", r);
    absl::StrAppend(
        &html, "<li>Round ", r, ": ", Link(page.Rel(base + "/draw"), "draw"),
        " · ", Link(page.Rel(base + "/results"), "results"), " · ",
        Link(page.Rel(base + "/standings"), "standings"), "</li>\n");
  }
  return html + "</ul>\n";
}

}  // namespace

grpc::Status CompetitionPage(PageContext& page) {
  const v1::Competition& competition = *page.competition;
  Content& c = page.content;
  c.title = competition.name();
  c.json = Json(competition);
  absl::StrAppend(&c.body, "<p>", HtmlEscape(KindText(competition.kind())),
                  " · ", HtmlEscape(competition.regulation_profile_title()),
                  "</p>\n");
  std::vector<std::string> links;
  const bool movement = IsMovementKind(competition.kind());
  if (movement) {
    c.body += SessionList(page);
    links.push_back(
        Link(page.Rel(page.cpath + "/overall"), "Overall standings"));
  } else {
    c.body += RoundList(page);
    if (competition.kind() == v1::COMPETITION_KIND_KNOCKOUT_TEAMS) {
      links.push_back(
          Link(page.Rel(page.cpath + "/knockout"), "Knock-out bracket"));
    }
  }
  v1::Qualification qualification;
  if (page.source
          .Query(&v1::QueryService::Stub::GetQualification,
                 page.ForCompetition<v1::GetQualificationRequest>(),
                 &qualification)
          .ok() &&
      qualification.has_qualification()) {
    links.push_back(
        Link(page.Rel(page.cpath + "/qualification"), "Qualification"));
  }
  if (!links.empty()) {
    absl::StrAppend(&c.body, "<ul class=\"links\"><li>",
                    absl::StrJoin(links, "</li><li>"), "</li></ul>\n");
  }
  c.body += "<h2>Entrants</h2>\n";
  c.body +=
      TableHtml(competition, "pairs",
                [&](absl::string_view col, int64_t v) -> std::string {
                  if (movement || col != "pair") return "";
                  return page.Rel(absl::StrCat(page.cpath, "/entrant/", v));
                });
  return grpc::Status::OK;
}

grpc::Status OverallPage(PageContext& page) {
  page.content.title =
      absl::StrCat(page.competition->name(), ": overall standings");
  return page.ShowAnswer(
      &v1::QueryService::Stub::GetCompetitionStandings,
      page.ForCompetition<v1::GetCompetitionStandingsRequest>(), nullptr,
      {"tournament_id", "competition_id"});
}

grpc::Status KnockoutPage(PageContext& page) {
  page.content.title = absl::StrCat(page.competition->name(), ": knock-out");
  v1::KnockoutResults ko;
  grpc::Status s = page.source.Query(
      &v1::QueryService::Stub::GetKnockoutResults,
      page.ForCompetition<v1::GetKnockoutResultsRequest>(), &ko);
  if (!s.ok()) return s;
  Content& c = page.content;
  c.json = Json(ko);
  for (const v1::KnockoutMatch& m : ko.matches()) {
    absl::StrAppend(&c.body, "<section class=\"match\"><h3>",
                    HtmlEscape(m.label()), "</h3>\n",
                    MessageHtml(m, page.MatchLinker(0), {"label"}, page.zone),
                    "</section>\n");
  }
  c.body +=
      MessageHtml(ko, page.MatchLinker(0),
                  {"tournament_id", "competition_id", "matches"}, page.zone);
  return s;
}

grpc::Status QualificationPage(PageContext& page) {
  page.content.title =
      absl::StrCat(page.competition->name(), ": qualification");
  return page.ShowAnswer(&v1::QueryService::Stub::GetQualification,
                         page.ForCompetition<v1::GetQualificationRequest>(),
                         nullptr, {"tournament_id", "competition_id"});
}

grpc::Status EntrantPage(PageContext& page) {
  const int e = page.numbers[0];
  page.content.title = absl::StrCat(page.competition->name(), ": entrant ", e);
  auto r = page.ForCompetition<v1::GetEntrantRecordRequest>();
  r.set_entrant(e);
  return page.ShowAnswer(&v1::QueryService::Stub::GetEntrantRecord, r,
                         page.MatchLinker(0));
}

}  // namespace tally::server::http
