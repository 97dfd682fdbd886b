// PageContext: what one results page is made from and what it has made so
// far: the path, the tournament and competition it names (loaded by the
// route table), the log head it shows, and its content (title, crumbs,
// HTML body, JSON data). With the helpers the page kinds share: relative
// links, the linkers of table cells, NSW TR 12.12's withholding, a gRPC
// answer shown as a page. One per request; not thread-safe.

#ifndef TALLY_SERVER_HTTP_PAGE_CONTEXT_H_
#define TALLY_SERVER_HTTP_PAGE_CONTEXT_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/time/time.h"
#include "google/protobuf/message.h"
#include "server/http/html.h"
#include "server/http/results_source.h"

namespace tally::server::http {

// What one page shows: its title, the trail of links above it, its HTML
// body (escaped) and its data as JSON.
struct Content {
  std::string title;
  std::vector<std::pair<std::string, std::string>> crumbs;  // text, path
  std::string body;
  std::string json;
  bool scoreboard = false;
};

// `m` in protobuf's JSON mapping with proto field names.
std::string Json(const google::protobuf::Message& m);
// <a href="href">text</a>, both escaped.
std::string Link(const std::string& href, const std::string& text);
bool IsMovementKind(v1::CompetitionKind kind);
// "matchpoint pairs" for COMPETITION_KIND_MATCHPOINT_PAIRS.
std::string KindText(v1::CompetitionKind kind);

struct PageContext {
  PageContext(const ResultsSource& source, std::vector<std::string> parts,
              const v1::LogHead& head);

  // The link from this page to `to` (a path from the root, no suffix).
  std::string Rel(const std::string& to) const;

  // A request naming this page's tournament and competition.
  template <typename Request>
  Request ForCompetition() const {
    Request r;
    r.set_tournament_id(tournament.tournament_id());
    r.set_competition_id(competition->competition_id());
    return r;
  }

  // Shows the answer of `method` to `request` as the page: its JSON is the
  // data, its fields the body (after what the body has), but `skip`.
  template <typename Request, typename Response>
  grpc::Status ShowAnswer(grpc::Status (v1::QueryService::Stub::*method)(
                              grpc::ClientContext*, const Request&, Response*),
                          const Request& request, const Linker& link,
                          const std::vector<std::string>& skip = {}) {
    Response answer;
    grpc::Status s = source.Query(method, request, &answer);
    if (!s.ok()) return s;
    content.json = Json(answer);
    content.body += MessageHtml(answer, link, skip, zone);
    return s;
  }

  // The clause (NSW TR 12.12) under which `c`'s session or round is
  // withheld while in play, or "" when it may be shown.
  std::string Withheld(const v1::Competition& c, int session_or_round) const;
  // A note saying what is withheld and why.
  static std::string WithheldNote(const std::string& clause);
  // When this page's session or round (`number`) is withheld, shows the
  // note as the page and returns true.
  bool Withhold();

  // Links from table cells: pairs and boards of this session; entrants
  // and boards of round `round` (0: no boards) of this competition.
  Linker SessionLinker() const;
  Linker MatchLinker(int round) const;
  // The rulings on `board` of this page's session or round, under its
  // traveller ("" when none).
  std::string BoardRulingsHtml(int board) const;
  // The director's session adjustments (SessionAdjustmentMade) of this
  // page's session: pair, amount, law or convention, text, event; under
  // its standings ("" when none).
  std::string SessionAdjustmentsHtml() const;

  const ResultsSource& source;
  const std::vector<std::string> parts;
  const std::string self;  // the path from the root, without suffix
  const v1::LogHead& head;
  // The numbers in the path, in order (session or round, board, pair...).
  std::vector<int> numbers;
  v1::Tournament tournament;
  // The tournament's time zone, the page's times are shown in. Default: UTC.
  absl::TimeZone zone = absl::UTCTimeZone();
  const v1::Competition* competition = nullptr;
  std::string tpath, cpath;  // "t/T", "t/T/c/C"
  std::string base;          // "t/T/c/C/s/N" or ".../r/N"
  bool in_session = false;   // base is a session (not a round)
  Content content;
};

}  // namespace tally::server::http

#endif  // TALLY_SERVER_HTTP_PAGE_CONTEXT_H_
