// The pages of a session of a pairs event (".../s/N/...": its ranking,
// travellers and scorecards) and of a round of an event of matches
// (".../r/N/...": draw, match results, standings, boards). Those showing
// figures of play in progress are withheld where the profile says (NSW TR
// 12.12, PageContext::Withhold). Handlers of the route table
// (page_routes.h).

#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "server/http/page_routes.h"

namespace tally::server::http {
namespace {

// "Thursday pairs: session 2" / "Teams: round 3"; `what` follows.
std::string Title(const PageContext& page, absl::string_view what) {
  return absl::StrCat(page.competition->name(),
                      page.in_session ? ": session " : ": round ",
                      page.numbers[0], what);
}

// The session's boards, each a link to its traveller.
std::string TravellerLinks(const PageContext& page) {
  std::vector<std::string> boards;
  for (const v1::SessionSummary& s : page.competition->sessions()) {
    if (s.session() != page.numbers[0]) continue;
    for (int b : s.boards()) {
      boards.push_back(Link(page.Rel(absl::StrCat(page.base, "/board/", b)),
                            absl::StrCat(b)));
    }
  }
  if (boards.empty()) return "";
  return absl::StrCat("<h2>Travellers</h2>\n<p class=\"boards\">",
                      absl::StrJoin(boards, " "), "</p>\n");
}

// A page of one board or pair (`what`, the path's second number) of the
// session or round: sets its title and gives its request, naming the
// session or round; nullopt when it is withheld (the note is the page).
template <typename Request>
std::optional<Request> OneOfTheSession(PageContext& page,
                                       absl::string_view what) {
  page.content.title =
      Title(page, absl::StrCat(", ", what, " ", page.numbers[1]));
  if (page.Withhold()) return std::nullopt;
  auto r = page.ForCompetition<Request>();
  r.set_session(page.numbers[0]);
  return r;
}

}  // namespace

grpc::Status SessionStandingsPage(PageContext& page) {
  Content& c = page.content;
  c.title = Title(page, "");
  // Withheld first: the public may not read a session in play's standings
  // (the access table's NSW TR 12.12 check refuses them).
  if (page.Withhold()) {
    c.body += TravellerLinks(page);
    return grpc::Status::OK;
  }
  auto r = page.ForCompetition<v1::GetStandingsRequest>();
  r.set_session(page.numbers[0]);
  v1::Standings st;
  grpc::Status s =
      page.source.Query(&v1::QueryService::Stub::GetStandings, r, &st);
  if (!s.ok()) return s;
  c.json = Json(st);
  for (const v1::StandingsField& f : st.fields()) {
    absl::StrAppend(&c.body, "<h2>", HtmlEscape(f.name()), "</h2>\n",
                    TableHtml(f, "rows", page.SessionLinker(), page.zone));
  }
  c.body += MessageHtml(
      st, nullptr,
      {"tournament_id", "competition_id", "fields", "as_of_sequence"},
      page.zone);
  c.body += page.SessionAdjustmentsHtml();
  c.body += TravellerLinks(page);
  return s;
}

grpc::Status TravellerPage(PageContext& page) {
  auto r = OneOfTheSession<v1::GetTravellerRequest>(page, "board");
  if (!r) return grpc::Status::OK;
  r->set_board(page.numbers[1]);
  // A traveller does not link its own board number.
  const Linker link = page.in_session ? page.SessionLinker()
                                      : page.MatchLinker(page.numbers[0]);
  grpc::Status s = page.ShowAnswer(&v1::QueryService::Stub::GetTraveller, *r,
                                   [link](absl::string_view column, int64_t v) {
                                     return column == "board" ? std::string()
                                                              : link(column, v);
                                   });
  if (s.ok()) page.content.body += page.BoardRulingsHtml(r->board());
  return s;
}

grpc::Status ScorecardPage(PageContext& page) {
  auto r = OneOfTheSession<v1::GetScorecardRequest>(page, "pair");
  if (!r) return grpc::Status::OK;
  r->set_pair(page.numbers[1]);
  return page.ShowAnswer(&v1::QueryService::Stub::GetScorecard, *r,
                         page.SessionLinker());
}

grpc::Status DrawPage(PageContext& page) {
  const int round = page.numbers[0];
  page.content.title = Title(page, " draw");
  auto r = page.ForCompetition<v1::GetDrawRequest>();
  r.set_round(round);
  v1::DrawView d;
  grpc::Status s = page.source.Query(&v1::QueryService::Stub::GetDraw, r, &d);
  if (!s.ok()) return s;
  page.content.json = Json(d);
  page.content.body = MessageHtml(d.draw(), page.MatchLinker(round),
                                  {"competition_id"}, page.zone);
  return s;
}

grpc::Status MatchResultsPage(PageContext& page) {
  page.content.title = Title(page, " results");
  auto r = page.ForCompetition<v1::GetMatchResultsRequest>();
  r.set_round(page.numbers[0]);
  return page.ShowAnswer(&v1::QueryService::Stub::GetMatchResults, r,
                         page.MatchLinker(page.numbers[0]));
}

grpc::Status MatchStandingsPage(PageContext& page) {
  const int round = page.numbers[0];
  page.content.title =
      absl::StrCat(page.competition->name(), ": standings after round ", round);
  if (page.Withhold()) return grpc::Status::OK;
  auto r = page.ForCompetition<v1::GetMatchStandingsRequest>();
  r.set_after_round(round);
  return page.ShowAnswer(&v1::QueryService::Stub::GetMatchStandings, r,
                         page.MatchLinker(round),
                         {"tournament_id", "competition_id"});
}

}  // namespace tally::server::http
