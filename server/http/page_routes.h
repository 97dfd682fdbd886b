// The results pages' route table: each kind of page is a path pattern and
// the handler that makes it (docs/results-pages.md lists them). Route()
// matches a page's path, loads the tournament and competition it names
// into the PageContext and runs the handler. Handlers live in
// tournament_pages.cc, competition_pages.cc and play_pages.cc (sessions
// and rounds). Thread-safe (the table is constant).

#ifndef TALLY_SERVER_HTTP_PAGE_ROUTES_H_
#define TALLY_SERVER_HTTP_PAGE_ROUTES_H_

#include "grpcpp/support/status.h"
#include "server/http/page_context.h"

namespace tally::server::http {

// Fills page.content; a status that is not OK is the page's refusal.
using PageHandler = grpc::Status (*)(PageContext& page);

// Makes the page at page.parts; NOT_FOUND "no results page at P" when no
// route matches.
grpc::Status Route(PageContext& page);

// tournament_pages.cc
grpc::Status TournamentsPage(PageContext& page);
grpc::Status TournamentPage(PageContext& page);
grpc::Status AppealsPage(PageContext& page);
grpc::Status ScoreboardPage(PageContext& page);
// competition_pages.cc
grpc::Status CompetitionPage(PageContext& page);
grpc::Status OverallPage(PageContext& page);
grpc::Status KnockoutPage(PageContext& page);
grpc::Status QualificationPage(PageContext& page);
grpc::Status EntrantPage(PageContext& page);
// play_pages.cc
grpc::Status SessionStandingsPage(PageContext& page);
grpc::Status TravellerPage(PageContext& page);
grpc::Status ScorecardPage(PageContext& page);
grpc::Status DrawPage(PageContext& page);
grpc::Status MatchResultsPage(PageContext& page);
grpc::Status MatchStandingsPage(PageContext& page);

}  // namespace tally::server::http

#endif  // TALLY_SERVER_HTTP_PAGE_ROUTES_H_
