#include "server/http/page_routes.h"

#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/time/time.h"
#include "replay/state/state.h"

namespace tally::server::http {
namespace {

// A pattern's segments: a literal, "{id}" (an id, html.h PathSegment) or
// "{n}" (a number from 1, written plainly).
struct PageRoute {
  const char* pattern;
  PageHandler handler;
};

constexpr PageRoute kRoutes[] = {
    {"index", TournamentsPage},
    {"t/{id}/index", TournamentPage},
    {"t/{id}/appeals", AppealsPage},
    {"t/{id}/scoreboard", ScoreboardPage},
    {"t/{id}/c/{id}/index", CompetitionPage},
    {"t/{id}/c/{id}/overall", OverallPage},
    {"t/{id}/c/{id}/knockout", KnockoutPage},
    {"t/{id}/c/{id}/qualification", QualificationPage},
    {"t/{id}/c/{id}/entrant/{n}", EntrantPage},
    {"t/{id}/c/{id}/s/{n}/standings", SessionStandingsPage},
    {"t/{id}/c/{id}/s/{n}/board/{n}", TravellerPage},
    {"t/{id}/c/{id}/s/{n}/pair/{n}", ScorecardPage},
    {"t/{id}/c/{id}/r/{n}/draw", DrawPage},
    {"t/{id}/c/{id}/r/{n}/results", MatchResultsPage},
    {"t/{id}/c/{id}/r/{n}/standings", MatchStandingsPage},
    {"t/{id}/c/{id}/r/{n}/board/{n}", TravellerPage},
};

// Whether `parts` fits `pattern`; its numbers into `numbers`.
bool Matches(const std::vector<std::string>& parts, const char* pattern,
             std::vector<int>* numbers) {
  const std::vector<absl::string_view> want = absl::StrSplit(pattern, '/');
  if (want.size() != parts.size()) return false;
  numbers->clear();
  for (size_t i = 0; i < want.size(); ++i) {
    if (want[i] == "{id}") {
      if (!IdFromSegment(parts[i])) return false;
    } else if (want[i] == "{n}") {
      int n = 0;
      if (!absl::SimpleAtoi(parts[i], &n) || n <= 0 ||
          absl::StrCat(n) != parts[i]) {
        return false;
      }
      numbers->push_back(n);
    } else if (want[i] != parts[i]) {
      return false;
    }
  }
  return true;
}

grpc::Status LoadTournament(PageContext& page) {
  v1::GetTournamentRequest r;
  r.set_tournament_id(*IdFromSegment(page.parts[1]));
  grpc::Status s = page.source.Query(&v1::QueryService::Stub::GetTournament, r,
                                     &page.tournament);
  if (!s.ok()) return s;
  // The zone was checked when the tournament chose it; a tz database
  // without it leaves the page in UTC.
  page.zone = replay::LoadTournamentTimeZone(page.tournament.time_zone())
                  .value_or(absl::UTCTimeZone());
  page.tpath = absl::StrCat("t/", page.parts[1]);
  page.content.crumbs.push_back({"Results", "index"});
  page.content.crumbs.push_back(
      {page.tournament.name(), page.tpath + "/index"});
  return s;
}

grpc::Status LoadCompetition(PageContext& page) {
  const std::string cid = *IdFromSegment(page.parts[3]);
  for (const v1::Competition& x : page.tournament.competitions()) {
    if (x.competition_id() == cid) page.competition = &x;
  }
  if (page.competition == nullptr) {
    return grpc::Status(
        grpc::StatusCode::NOT_FOUND,
        absl::StrCat("no competition '", cid, "' in tournament '",
                     page.tournament.tournament_id(), "'"));
  }
  page.cpath = absl::StrCat(page.tpath, "/c/", page.parts[3]);
  page.content.crumbs.push_back(
      {page.competition->name(), page.cpath + "/index"});
  return grpc::Status::OK;
}

// Pages of a session (".../s/N/...", pairs in a movement) or of a round
// (".../r/N/...", events of matches).
grpc::Status EnterSessionOrRound(PageContext& page) {
  page.in_session = page.parts[4] == "s";
  if (page.in_session != IsMovementKind(page.competition->kind())) {
    return grpc::Status(grpc::StatusCode::NOT_FOUND,
                        absl::StrCat("no results page at ", page.self));
  }
  const int n = page.numbers[0];
  page.base = absl::StrCat(page.cpath, "/", page.parts[4], "/", n);
  page.content.crumbs.push_back(
      page.in_session
          ? std::make_pair(absl::StrCat("Session ", n),
                           page.base + "/standings")
          : std::make_pair(absl::StrCat("Round ", n), page.base + "/results"));
  return grpc::Status::OK;
}

}  // namespace

grpc::Status Route(PageContext& page) {
  for (const PageRoute& route : kRoutes) {
    if (!Matches(page.parts, route.pattern, &page.numbers)) continue;
    const size_t n = page.parts.size();
    grpc::Status s;
    if (n >= 3) s = LoadTournament(page);
    if (s.ok() && n >= 5) s = LoadCompetition(page);
    if (s.ok() && n >= 7) s = EnterSessionOrRound(page);
    return s.ok() ? route.handler(page) : s;
  }
  return grpc::Status(grpc::StatusCode::NOT_FOUND,
                      absl::StrCat("no results page at ", page.self));
}

}  // namespace tally::server::http
