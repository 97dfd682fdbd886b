#include "server/http/results_pages.h"

#include <deque>
#include <functional>
#include <set>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "google/protobuf/util/json_util.h"
#include "grpcpp/client_context.h"
#include "replay/log/sha256.h"
#include "server/http/html.h"
#include "server/http/page_style.h"

namespace tally::server::http {
namespace {

using Parts = std::vector<std::string>;

std::string Json(const google::protobuf::Message& m) {
  std::string out;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  if (!google::protobuf::util::MessageToJsonString(m, &out, options).ok()) {
    return "null";
  }
  return out;
}

Page Refused(const grpc::Status& s) {
  Page page;
  switch (s.error_code()) {
    case grpc::StatusCode::NOT_FOUND:
      page.status = 404;
      break;
    case grpc::StatusCode::INVALID_ARGUMENT:
    case grpc::StatusCode::FAILED_PRECONDITION:
    case grpc::StatusCode::OUT_OF_RANGE:
      page.status = 400;
      break;
    default:
      page.status = 503;
  }
  page.content_type = "text/plain; charset=utf-8";
  page.body = s.error_message() + "\n";
  return page;
}

Page NotFound(absl::string_view path) {
  return {404, "text/plain; charset=utf-8",
          absl::StrCat("no results page at ", path, "\n")};
}

// What one page shows: its data (the gRPC answer, for JSON), its title,
// the trail of links above it and its HTML body.
struct Content {
  std::string title;
  std::vector<std::pair<std::string, std::string>> crumbs;  // text, path
  std::string body;                                         // HTML, escaped
  std::string json;                                         // the data as JSON
  bool scoreboard = false;
};

// "a/b/c.html" is two folders deep: "../../" leads back to the root.
std::string RootFrom(const Parts& parts) {
  std::string out;
  for (size_t i = 1; i < parts.size(); ++i) out += "../";
  return out;
}

// The shortest relative link from the page at `from` to the page `to` (a
// path from the root without suffix): "pair/3.html", "../index.html".
std::string RelativeLink(const Parts& from, const std::string& to) {
  const Parts target = absl::StrSplit(to, '/');
  size_t common = 0;
  while (common + 1 < from.size() && common + 1 < target.size() &&
         from[common] == target[common]) {
    ++common;
  }
  std::string out;
  for (size_t i = common; i + 1 < from.size(); ++i) out += "../";
  for (size_t i = common; i < target.size(); ++i) {
    absl::StrAppend(&out, target[i], i + 1 < target.size() ? "/" : ".html");
  }
  return out;
}

std::string Link(const std::string& href, const std::string& text) {
  return absl::StrCat("<a href=\"", HtmlEscape(href), "\">", HtmlEscape(text),
                      "</a>");
}

// Calls one unary RPC with a fresh context.
template <typename Stub, typename Request, typename Response>
grpc::Status Ask(Stub& stub,
                 grpc::Status (Stub::*method)(grpc::ClientContext*,
                                              const Request&, Response*),
                 const Request& request, Response* response) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() +
                       std::chrono::seconds(30));
  return (stub.*method)(&context, request, response);
}

bool IsMovementKind(v1::CompetitionKind kind) {
  return kind == v1::COMPETITION_KIND_MATCHPOINT_PAIRS ||
         kind == v1::COMPETITION_KIND_BUTLER_PAIRS;
}

std::string KindText(v1::CompetitionKind kind) {
  std::string name = v1::CompetitionKind_Name(kind);
  return absl::AsciiStrToLower(absl::StrReplaceAll(
      name.substr(std::string("COMPETITION_KIND_").size()), {{"_", " "}}));
}

}  // namespace

ResultsPages::ResultsPages(std::shared_ptr<grpc::Channel> channel,
                           Options options)
    : query_(v1::QueryService::NewStub(channel)),
      audit_(v1::AuditService::NewStub(channel)),
      watch_(v1::WatchService::NewStub(channel)),
      options_(std::move(options)) {}

Page ResultsPages::Render(absl::string_view path) const {
  std::string p(path);
  if (p.empty() || absl::EndsWith(p, "/")) p += "index.html";
  bool json = false;
  if (absl::EndsWith(p, ".json")) {
    json = true;
    p.resize(p.size() - 5);
  } else if (absl::EndsWith(p, ".html")) {
    p.resize(p.size() - 5);
  } else {
    return NotFound(path);
  }
  Parts parts = absl::StrSplit(p, '/');
  // The head before and after: a page is made from one point of the log,
  // or made again (an event arrived in between).
  Page page;
  for (int attempt = 0; attempt < 5; ++attempt) {
    v1::LogHead before, after;
    grpc::Status s =
        Ask(*watch_, &v1::WatchService::Stub::GetLogHead, {}, &before);
    if (!s.ok()) return Refused(s);
    page = RenderAt(parts, json, before);
    s = Ask(*watch_, &v1::WatchService::Stub::GetLogHead, {}, &after);
    if (!s.ok()) return Refused(s);
    if (after.sequence() == before.sequence()) break;
  }
  if (page.status != 200 && !json) {
    // A refusal reads as a page too (a published site shows why).
    page.body = absl::StrCat(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, "
        "initial-scale=1\"><title>Not available</title><style>",
        kPageStyle, "</style></head>\n<body><h1>Not available</h1>\n<p>",
        HtmlEscape(page.body), "</p>\n<p><a href=\"", RootFrom(parts),
        "index.html\">Results</a></p></body></html>\n");
    page.content_type = "text/html; charset=utf-8";
  }
  return page;
}

Page ResultsPages::RenderAt(const Parts& parts, bool json,
                            const v1::LogHead& head) const {
  const std::string root = RootFrom(parts);
  const std::string self = absl::StrJoin(parts, "/");
  Content c;
  grpc::Status status = grpc::Status::OK;
  // Links from this page to `to` (a path from the root, without suffix).
  auto rel = [&](const std::string& to) { return RelativeLink(parts, to); };

  // Segment ids of the path, decoded.
  auto id = [&](size_t i) -> std::optional<std::string> {
    if (i >= parts.size()) return std::nullopt;
    return IdFromSegment(parts[i]);
  };
  auto number = [&](size_t i) -> int {
    int n = 0;
    if (i >= parts.size() || !absl::SimpleAtoi(parts[i], &n) || n <= 0 ||
        absl::StrCat(n) != parts[i]) {
      return 0;
    }
    return n;
  };

  // The tournament and competition the path names (fetched once).
  v1::Tournament tournament;
  const v1::Competition* competition = nullptr;
  std::string tpath, cpath;
  auto load_tournament = [&](const std::string& tid) {
    v1::GetTournamentRequest r;
    r.set_tournament_id(tid);
    status =
        Ask(*query_, &v1::QueryService::Stub::GetTournament, r, &tournament);
    tpath = absl::StrCat("t/", PathSegment(tid));
    c.crumbs.push_back({"Results", "index"});
    if (status.ok()) {
      c.crumbs.push_back({tournament.name(), tpath + "/index"});
    }
    return status.ok();
  };
  auto load_competition = [&](const std::string& cid) {
    for (const v1::Competition& x : tournament.competitions()) {
      if (x.competition_id() == cid) competition = &x;
    }
    if (competition == nullptr) {
      status = grpc::Status(
          grpc::StatusCode::NOT_FOUND,
          absl::StrCat("no competition '", cid, "' in tournament '",
                       tournament.tournament_id(), "'"));
      return false;
    }
    cpath = absl::StrCat(tpath, "/c/", PathSegment(cid));
    c.crumbs.push_back({competition->name(), cpath + "/index"});
    return true;
  };

  // NSW TR 12.12: a profile that withholds a session or round in play.
  auto withheld = [&](int session_or_round) -> std::string {
    if (competition == nullptr) return "";
    v1::GetRegulationProfileRequest r;
    r.set_name(competition->regulation_profile());
    v1::RegulationProfile profile;
    if (!Ask(*query_, &v1::QueryService::Stub::GetRegulationProfile, r,
             &profile)
             .ok() ||
        !profile.spec().publication().withhold_progress_in_play()) {
      return "";
    }
    const std::string clause = profile.spec().publication().clause();
    for (const v1::SessionSummary& s : competition->sessions()) {
      if (s.session() == session_or_round &&
          s.status() == v1::SESSION_STATUS_IN_PLAY) {
        return clause;
      }
    }
    if (!IsMovementKind(competition->kind()) &&
        session_or_round >= competition->rounds_drawn()) {
      // The last round drawn is in play until the next draw or its
      // standings are complete; withheld while any of its matches is open.
      v1::GetMatchResultsRequest m;
      m.set_tournament_id(tournament.tournament_id());
      m.set_competition_id(competition->competition_id());
      m.set_round(session_or_round);
      v1::MatchResults results;
      if (Ask(*query_, &v1::QueryService::Stub::GetMatchResults, m, &results)
              .ok()) {
        for (const v1::MatchResult& x : results.matches()) {
          if (!x.complete()) return clause;
        }
      }
    }
    return "";
  };
  auto withheld_note = [&](const std::string& clause) {
    return absl::StrCat(
        "<p class=\"note\">Play is in progress: rankings, percentages and "
        "other tables' scores are published when it ends (",
        HtmlEscape(clause), ").</p>\n");
  };

  // The rulings on one board (Law and text, by table), under its traveller.
  auto board_rulings_html = [&](const std::string& cid, int session,
                                int board) -> std::string {
    std::vector<std::pair<uint64_t, v1::RulingMade>> rulings;
    if (!Rulings(tournament.tournament_id(), &rulings).ok()) return "";
    std::string rows;
    for (const auto& [sequence, rm] : rulings) {
      if (rm.competition_id() != cid || rm.session() != session ||
          rm.board() != board) {
        continue;
      }
      absl::StrAppend(
          &rows, "<tr><td>", rm.table() == 0 ? "all" : absl::StrCat(rm.table()),
          "</td><td>", HtmlEscape(rm.law()), "</td><td>", HtmlEscape(rm.text()),
          "</td><td>", sequence, "</td></tr>\n");
    }
    if (rows.empty()) return "";
    return absl::StrCat(
        "<h3>Rulings</h3>\n<div class=\"scroll\"><table><thead><tr><th>Table"
        "</th><th>Law</th><th>Ruling</th><th>Event</th></tr></thead><tbody>\n",
        rows, "</tbody></table></div>\n");
  };

  // Links from table cells of pages inside a competition.
  auto session_linker = [&](const std::string& base) -> Linker {
    return [base, &rel](absl::string_view column, int64_t v) -> std::string {
      if (column == "pair" || column == "ns_pair" || column == "ew_pair" ||
          column == "opponents") {
        return rel(absl::StrCat(base, "/pair/", v));
      }
      if (column == "board") return rel(absl::StrCat(base, "/board/", v));
      return "";
    };
  };
  auto match_linker = [&](int round) -> Linker {
    return [&, round](absl::string_view column, int64_t v) -> std::string {
      if (column == "entrant" || column == "home" || column == "away" ||
          column == "opponent" || column == "second_opponent" ||
          column == "winner" || column == "loser" ||
          column == "carry_over_holder" || column == "draw.pairings.home" ||
          column == "draw.pairings.away") {
        return rel(absl::StrCat(cpath, "/entrant/", v));
      }
      if ((column == "board" || column == "boards") && round > 0) {
        return rel(absl::StrCat(cpath, "/r/", round, "/board/", v));
      }
      return "";
    };
  };

  // A traveller does not link its own board number.
  auto but_board = [](Linker link) -> Linker {
    return [link](absl::string_view column, int64_t v) {
      return column == "board" ? std::string() : link(column, v);
    };
  };

  const size_t n = parts.size();
  if (n == 1 && parts[0] == "index") {
    v1::ListTournamentsResponse list;
    status = Ask(*query_, &v1::QueryService::Stub::ListTournaments, {}, &list);
    c.title = "Results";
    c.json = Json(list);
    c.body = "<ul class=\"links\">\n";
    for (const v1::Tournament& t : list.tournaments()) {
      absl::StrAppend(&c.body, "<li>",
                      Link(rel(absl::StrCat(
                               "t/", PathSegment(t.tournament_id()), "/index")),
                           t.name().empty() ? t.tournament_id() : t.name()),
                      "</li>\n");
    }
    c.body += "</ul>\n";
  } else if (n >= 3 && parts[0] == "t" && id(1)) {
    if (!load_tournament(*id(1))) return Refused(status);
    const std::string& tid = tournament.tournament_id();
    if (n == 3 && parts[2] == "index") {
      c.title = tournament.name();
      c.json = Json(tournament);
      c.body = "<h2>Competitions</h2>\n<ul class=\"links\">\n";
      for (const v1::Competition& x : tournament.competitions()) {
        absl::StrAppend(
            &c.body, "<li>",
            Link(rel(absl::StrCat(tpath, "/c/", PathSegment(x.competition_id()),
                                  "/index")),
                 x.name()),
            " <span class=\"dim\">", HtmlEscape(KindText(x.kind())), ", ",
            HtmlEscape(x.regulation_profile_title()), "</span></li>\n");
      }
      absl::StrAppend(
          &c.body, "</ul>\n<ul class=\"links\"><li>",
          Link(rel(tpath + "/appeals"), "Appeals and rulings"), "</li><li>",
          Link(rel(tpath + "/scoreboard"), "Venue scoreboard"), "</li></ul>\n");
    } else if (n == 3 && parts[2] == "appeals") {
      c.title = "Appeals and rulings";
      // Each competition's appeals, in competition order.
      v1::ListAppealsResponse appeals;
      for (const v1::Competition& x : tournament.competitions()) {
        v1::ListAppealsRequest r;
        r.set_tournament_id(tid);
        r.set_competition_id(x.competition_id());
        v1::ListAppealsResponse one;
        status = Ask(*query_, &v1::QueryService::Stub::ListAppeals, r, &one);
        if (!status.ok()) return Refused(status);
        for (v1::AppealView& a : *one.mutable_appeals()) {
          *appeals.add_appeals() = std::move(a);
        }
        appeals.set_as_of_sequence(one.as_of_sequence());
      }
      // Rulings are events of the log; the page lists them as made.
      std::vector<std::pair<uint64_t, v1::RulingMade>> rulings;
      status = Rulings(tid, &rulings);
      if (!status.ok()) return Refused(status);
      std::string rows, rulings_json;
      for (const auto& [sequence, rm] : rulings) {
        absl::StrAppend(&rulings_json, rulings_json.empty() ? "" : ",",
                        "{\"sequence\":", sequence, ",\"ruling\":", Json(rm),
                        "}");
        absl::StrAppend(&rows, "<tr><td>", sequence, "</td><td>",
                        HtmlEscape(rm.competition_id()), "</td><td>",
                        rm.session(), "</td><td>", rm.table(), "</td><td>",
                        rm.board(), "</td><td>", HtmlEscape(rm.law()),
                        "</td><td>", HtmlEscape(rm.text()), "</td></tr>\n");
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
      c.body += appeals.appeals().empty()
                    ? "<p>No appeals.</p>\n"
                    : TableHtml(appeals, "appeals", nullptr);
    } else if (n == 3 && parts[2] == "scoreboard") {
      c.title = tournament.name();
      c.scoreboard = true;
      std::string sections;
      std::string data;
      for (const v1::Competition& x : tournament.competitions()) {
        competition = &x;
        cpath = absl::StrCat(tpath, "/c/", PathSegment(x.competition_id()));
        if (IsMovementKind(x.kind())) {
          int latest = 0;
          for (const v1::SessionSummary& s : x.sessions()) {
            if (s.status() != v1::SESSION_STATUS_DEFINED) latest = s.session();
          }
          if (latest == 0) continue;
          if (std::string w = withheld(latest); !w.empty()) {
            absl::StrAppend(&sections, "<section class=\"field\"><h2>",
                            HtmlEscape(x.name()), "</h2>", withheld_note(w),
                            "</section>\n");
            continue;
          }
          v1::GetStandingsRequest r;
          r.set_tournament_id(tid);
          r.set_competition_id(x.competition_id());
          r.set_session(latest);
          v1::Standings st;
          if (!Ask(*query_, &v1::QueryService::Stub::GetStandings, r, &st)
                   .ok()) {
            continue;
          }
          absl::StrAppend(&data, data.empty() ? "" : ",", Json(st));
          for (int f = 0; f < st.fields_size(); ++f) {
            v1::Standings one;
            *one.add_fields() = st.fields(f);
            absl::StrAppend(
                &sections, "<section class=\"field\"><h2>",
                HtmlEscape(x.name()), ", session ", latest,
                st.fields_size() > 1
                    ? absl::StrCat(", ", HtmlEscape(st.fields(f).name()))
                    : "",
                "</h2>\n", TableHtml(st.fields(f), "rows", nullptr),
                "</section>\n");
          }
        } else if (x.rounds_drawn() > 0) {
          if (std::string w = withheld(x.rounds_drawn()); !w.empty()) {
            absl::StrAppend(&sections, "<section class=\"field\"><h2>",
                            HtmlEscape(x.name()), "</h2>", withheld_note(w),
                            "</section>\n");
            continue;
          }
          v1::GetMatchStandingsRequest r;
          r.set_tournament_id(tid);
          r.set_competition_id(x.competition_id());
          v1::MatchStandings st;
          if (!Ask(*query_, &v1::QueryService::Stub::GetMatchStandings, r, &st)
                   .ok()) {
            continue;
          }
          absl::StrAppend(&data, data.empty() ? "" : ",", Json(st));
          absl::StrAppend(&sections, "<section class=\"field\"><h2>",
                          HtmlEscape(x.name()), ", after round ",
                          st.after_round(), "</h2>\n",
                          TableHtml(st, "rows", nullptr), "</section>\n");
        }
      }
      competition = nullptr;
      c.json = absl::StrCat("[", data, "]");
      c.body = sections.empty() ? "<p>No results yet.</p>\n" : sections;
    } else if (n >= 5 && parts[2] == "c" && id(3)) {
      if (!load_competition(*id(3))) return Refused(status);
      const std::string& cid = competition->competition_id();
      if (n == 5 && parts[4] == "index") {
        c.title = competition->name();
        c.json = Json(*competition);
        absl::StrAppend(
            &c.body, "<p>", HtmlEscape(KindText(competition->kind())), " · ",
            HtmlEscape(competition->regulation_profile_title()), "</p>\n");
        std::vector<std::string> links;
        if (IsMovementKind(competition->kind())) {
          c.body += "<h2>Sessions</h2>\n<ul class=\"links\">\n";
          for (const v1::SessionSummary& s : competition->sessions()) {
            const std::string base = absl::StrCat(cpath, "/s/", s.session());
            absl::StrAppend(
                &c.body, "<li>",
                Link(rel(base + "/standings"),
                     absl::StrCat("Session ", s.session(), " ranking")),
                " <span class=\"dim\">",
                HtmlEscape(
                    FieldText(s, s.GetDescriptor()->FindFieldByName("status"))),
                ", ", s.results_entered(), " of ", s.results_expected(),
                " results</span></li>\n");
          }
          c.body += "</ul>\n";
          links.push_back(Link(rel(cpath + "/overall"), "Overall standings"));
        } else {
          c.body += "<h2>Rounds</h2>\n<ul class=\"links\">\n";
          for (int r = 1; r <= competition->rounds_drawn(); ++r) {
            const std::string base = absl::StrCat(cpath, "/r/", r);
            absl::StrAppend(&c.body, "<li>Round ", r, ": ",
                            Link(rel(base + "/draw"), "draw"), " · ",
                            Link(rel(base + "/results"), "results"), " · ",
                            Link(rel(base + "/standings"), "standings"),
                            "</li>\n");
          }
          c.body += "</ul>\n";
          if (competition->kind() == v1::COMPETITION_KIND_KNOCKOUT_TEAMS) {
            links.push_back(
                Link(rel(cpath + "/knockout"), "Knock-out bracket"));
          }
        }
        v1::GetQualificationRequest q;
        q.set_tournament_id(tid);
        q.set_competition_id(cid);
        v1::Qualification qualification;
        if (Ask(*query_, &v1::QueryService::Stub::GetQualification, q,
                &qualification)
                .ok() &&
            qualification.has_qualification()) {
          links.push_back(Link(rel(cpath + "/qualification"), "Qualification"));
        }
        if (!links.empty()) {
          absl::StrAppend(&c.body, "<ul class=\"links\"><li>",
                          absl::StrJoin(links, "</li><li>"), "</li></ul>\n");
        }
        c.body += "<h2>Entrants</h2>\n";
        const bool records = !IsMovementKind(competition->kind());
        c.body +=
            TableHtml(*competition, "pairs",
                      [&](absl::string_view col, int64_t v) -> std::string {
                        if (!records || col != "pair") return "";
                        return rel(absl::StrCat(cpath, "/entrant/", v));
                      });
      } else if (n == 5 && parts[4] == "overall") {
        c.title = absl::StrCat(competition->name(), ": overall standings");
        v1::GetCompetitionStandingsRequest r;
        r.set_tournament_id(tid);
        r.set_competition_id(cid);
        v1::CompetitionStandings st;
        status = Ask(*query_, &v1::QueryService::Stub::GetCompetitionStandings,
                     r, &st);
        if (!status.ok()) return Refused(status);
        c.json = Json(st);
        c.body = MessageHtml(st, nullptr, {"tournament_id", "competition_id"});
      } else if (n == 5 && parts[4] == "knockout") {
        c.title = absl::StrCat(competition->name(), ": knock-out");
        v1::GetKnockoutResultsRequest r;
        r.set_tournament_id(tid);
        r.set_competition_id(cid);
        v1::KnockoutResults ko;
        status =
            Ask(*query_, &v1::QueryService::Stub::GetKnockoutResults, r, &ko);
        if (!status.ok()) return Refused(status);
        c.json = Json(ko);
        for (const v1::KnockoutMatch& m : ko.matches()) {
          absl::StrAppend(&c.body, "<section class=\"match\"><h3>",
                          HtmlEscape(m.label()), "</h3>\n",
                          MessageHtml(m, match_linker(0), {"label"}),
                          "</section>\n");
        }
        c.body += MessageHtml(ko, match_linker(0),
                              {"tournament_id", "competition_id", "matches"});
      } else if (n == 5 && parts[4] == "qualification") {
        c.title = absl::StrCat(competition->name(), ": qualification");
        v1::GetQualificationRequest r;
        r.set_tournament_id(tid);
        r.set_competition_id(cid);
        v1::Qualification q;
        status = Ask(*query_, &v1::QueryService::Stub::GetQualification, r, &q);
        if (!status.ok()) return Refused(status);
        c.json = Json(q);
        c.body = MessageHtml(q, nullptr, {"tournament_id", "competition_id"});
      } else if (n == 6 && parts[4] == "entrant" && number(5) > 0) {
        const int e = number(5);
        c.title = absl::StrCat(competition->name(), ": entrant ", e);
        v1::GetEntrantRecordRequest r;
        r.set_tournament_id(tid);
        r.set_competition_id(cid);
        r.set_entrant(e);
        v1::EntrantRecord record;
        status =
            Ask(*query_, &v1::QueryService::Stub::GetEntrantRecord, r, &record);
        if (!status.ok()) return Refused(status);
        c.json = Json(record);
        c.body = MessageHtml(record, match_linker(0));
      } else if (n >= 7 && parts[4] == "s" && number(5) > 0 &&
                 IsMovementKind(competition->kind())) {
        const int session = number(5);
        const std::string base = absl::StrCat(cpath, "/s/", session);
        c.crumbs.push_back(
            {absl::StrCat("Session ", session), base + "/standings"});
        const std::string w = withheld(session);
        if (n == 7 && parts[6] == "standings") {
          c.title = absl::StrCat(competition->name(), ": session ", session);
          v1::GetStandingsRequest r;
          r.set_tournament_id(tid);
          r.set_competition_id(cid);
          r.set_session(session);
          v1::Standings st;
          status = Ask(*query_, &v1::QueryService::Stub::GetStandings, r, &st);
          if (!status.ok()) return Refused(status);
          // Boards of the session, each a traveller.
          std::vector<std::string> boards;
          for (const v1::SessionSummary& s : competition->sessions()) {
            if (s.session() != session) continue;
            for (int b : s.boards()) {
              boards.push_back(
                  Link(rel(absl::StrCat(base, "/board/", b)), absl::StrCat(b)));
            }
          }
          if (!w.empty()) {
            c.json = absl::StrCat("{\"withheld\":\"", w, "\"}");
            c.body = withheld_note(w);
          } else {
            c.json = Json(st);
            for (const v1::StandingsField& f : st.fields()) {
              absl::StrAppend(&c.body, "<h2>", HtmlEscape(f.name()), "</h2>\n",
                              TableHtml(f, "rows", session_linker(base)));
            }
            c.body += MessageHtml(st, nullptr,
                                  {"tournament_id", "competition_id", "fields",
                                   "as_of_sequence"});
          }
          if (!boards.empty()) {
            absl::StrAppend(&c.body,
                            "<h2>Travellers</h2>\n<p class=\"boards\">",
                            absl::StrJoin(boards, " "), "</p>\n");
          }
        } else if (n == 8 && parts[6] == "board" && number(7) > 0) {
          const int board = number(7);
          c.title = absl::StrCat(competition->name(), ": session ", session,
                                 ", board ", board);
          if (!w.empty()) {
            c.json = absl::StrCat("{\"withheld\":\"", w, "\"}");
            c.body = withheld_note(w);
          } else {
            v1::GetTravellerRequest r;
            r.set_tournament_id(tid);
            r.set_competition_id(cid);
            r.set_session(session);
            r.set_board(board);
            v1::Traveller t;
            status = Ask(*query_, &v1::QueryService::Stub::GetTraveller, r, &t);
            if (!status.ok()) return Refused(status);
            c.json = Json(t);
            c.body = MessageHtml(t, but_board(session_linker(base)));
            c.body += board_rulings_html(cid, session, board);
          }
        } else if (n == 8 && parts[6] == "pair" && number(7) > 0) {
          const int pair = number(7);
          c.title = absl::StrCat(competition->name(), ": session ", session,
                                 ", pair ", pair);
          if (!w.empty()) {
            c.json = absl::StrCat("{\"withheld\":\"", w, "\"}");
            c.body = withheld_note(w);
          } else {
            v1::GetScorecardRequest r;
            r.set_tournament_id(tid);
            r.set_competition_id(cid);
            r.set_session(session);
            r.set_pair(pair);
            v1::Scorecard sc;
            status =
                Ask(*query_, &v1::QueryService::Stub::GetScorecard, r, &sc);
            if (!status.ok()) return Refused(status);
            c.json = Json(sc);
            c.body = MessageHtml(sc, session_linker(base));
          }
        } else {
          return NotFound(self);
        }
      } else if (n >= 7 && parts[4] == "r" && number(5) > 0 &&
                 !IsMovementKind(competition->kind())) {
        const int round = number(5);
        const std::string base = absl::StrCat(cpath, "/r/", round);
        const std::string w = withheld(round);
        if (n == 7 && parts[6] == "draw") {
          c.title =
              absl::StrCat(competition->name(), ": round ", round, " draw");
          v1::GetDrawRequest r;
          r.set_tournament_id(tid);
          r.set_competition_id(cid);
          r.set_round(round);
          v1::DrawView d;
          status = Ask(*query_, &v1::QueryService::Stub::GetDraw, r, &d);
          if (!status.ok()) return Refused(status);
          c.json = Json(d);
          c.body =
              MessageHtml(d.draw(), match_linker(round), {"competition_id"});
        } else if (n == 7 && parts[6] == "results") {
          c.title =
              absl::StrCat(competition->name(), ": round ", round, " results");
          v1::GetMatchResultsRequest r;
          r.set_tournament_id(tid);
          r.set_competition_id(cid);
          r.set_round(round);
          v1::MatchResults mr;
          status =
              Ask(*query_, &v1::QueryService::Stub::GetMatchResults, r, &mr);
          if (!status.ok()) return Refused(status);
          c.json = Json(mr);
          c.body = MessageHtml(mr, match_linker(round));
        } else if (n == 7 && parts[6] == "standings") {
          c.title = absl::StrCat(competition->name(),
                                 ": standings after round ", round);
          if (!w.empty()) {
            c.json = absl::StrCat("{\"withheld\":\"", w, "\"}");
            c.body = withheld_note(w);
          } else {
            v1::GetMatchStandingsRequest r;
            r.set_tournament_id(tid);
            r.set_competition_id(cid);
            r.set_after_round(round);
            v1::MatchStandings st;
            status = Ask(*query_, &v1::QueryService::Stub::GetMatchStandings, r,
                         &st);
            if (!status.ok()) return Refused(status);
            c.json = Json(st);
            c.body = MessageHtml(st, match_linker(round),
                                 {"tournament_id", "competition_id"});
          }
        } else if (n == 8 && parts[6] == "board" && number(7) > 0) {
          const int board = number(7);
          c.title = absl::StrCat(competition->name(), ": round ", round,
                                 ", board ", board);
          if (!w.empty()) {
            c.json = absl::StrCat("{\"withheld\":\"", w, "\"}");
            c.body = withheld_note(w);
          } else {
            v1::GetTravellerRequest r;
            r.set_tournament_id(tid);
            r.set_competition_id(cid);
            r.set_session(round);
            r.set_board(board);
            v1::Traveller t;
            status = Ask(*query_, &v1::QueryService::Stub::GetTraveller, r, &t);
            if (!status.ok()) return Refused(status);
            c.json = Json(t);
            c.body = MessageHtml(t, but_board(match_linker(round)));
            c.body += board_rulings_html(cid, round, board);
          }
        } else {
          return NotFound(self);
        }
        c.crumbs.push_back({absl::StrCat("Round ", round), base + "/results"});
      } else {
        return NotFound(self);
      }
    } else {
      return NotFound(self);
    }
  } else {
    return NotFound(self);
  }
  if (!status.ok()) return Refused(status);

  const std::string hash = replay::ToHex(head.hash());
  if (json) {
    std::string checkpoint = "null";
    if (head.has_checkpoint()) checkpoint = Json(head.checkpoint());
    return {200, "application/json",
            absl::StrCat(
                "{\"as_of\":{\"sequence\":", head.sequence(), ",\"hash\":\"",
                hash, "\",\"checkpoint\":", checkpoint, ",\"export\":\"", root,
                options_.export_path, "\"},\"page\":\"", HtmlEscape(self),
                "\",\"data\":", c.json.empty() ? "null" : c.json, "}\n")};
  }
  std::string html = absl::StrCat(
      "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, "
      "initial-scale=1\">\n<title>",
      HtmlEscape(c.title), "</title>\n<style>", kPageStyle, "</style>\n",
      "</head>\n<body", c.scoreboard ? " class=\"scoreboard\"" : "",
      " data-sequence=\"", head.sequence(), "\">\n<nav>");
  std::vector<std::string> crumbs;
  for (const auto& [text, path] : c.crumbs) {
    crumbs.push_back(path == self ? HtmlEscape(text) : Link(rel(path), text));
  }
  absl::StrAppend(&html, absl::StrJoin(crumbs, " › "), "</nav>\n<h1>",
                  HtmlEscape(c.title), "</h1>\n<main>\n", c.body,
                  "</main>\n<footer>As of event <b id=\"as-of\">",
                  head.sequence(), "</b> · log head <code>", hash.substr(0, 16),
                  "</code>");
  if (head.has_checkpoint()) {
    absl::StrAppend(&html, " · latest signed checkpoint: event ",
                    head.checkpoint().sequence(), ", signature <code>",
                    replay::ToHex(head.checkpoint().signature()).substr(0, 16),
                    "</code>");
  }
  absl::StrAppend(&html, " · ", Link(root + options_.export_path, "export"),
                  " (check it with <code>tally verify</code>) · ",
                  Link(absl::StrCat(parts.back(), ".json"), "JSON"),
                  "</footer>\n");
  if (c.scoreboard)
    absl::StrAppend(&html, "<script>", kScoreboardScript, "</script>\n");
  if (options_.live) {
    absl::StrAppend(&html, "<script>var root=\"", root, "\";", kLiveScript,
                    "</script>\n");
  }
  html += "</body></html>\n";
  return {200, "text/html; charset=utf-8", std::move(html)};
}

grpc::Status ResultsPages::Rulings(
    const std::string& tournament_id,
    std::vector<std::pair<uint64_t, v1::RulingMade>>* out) const {
  v1::ReadLogRequest request;
  request.set_tournament_id(tournament_id);
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() +
                       std::chrono::seconds(30));
  auto reader = audit_->ReadLog(&context, request);
  v1::Event e;
  while (reader->Read(&e)) {
    if (e.payload().has_ruling_made()) {
      out->emplace_back(e.sequence(), e.payload().ruling_made());
    }
  }
  return reader->Finish();
}

std::vector<std::string> LinkedPages(absl::string_view from,
                                     absl::string_view html) {
  std::vector<std::string> out;
  std::vector<std::string> dir = absl::StrSplit(from, '/');
  dir.pop_back();
  size_t at = 0;
  while ((at = html.find("href=\"", at)) != absl::string_view::npos) {
    at += 6;
    const size_t end = html.find('"', at);
    if (end == absl::string_view::npos) break;
    std::string href(html.substr(at, end - at));
    at = end;
    if (absl::StrContains(href, ":") || absl::StartsWith(href, "/") ||
        absl::StartsWith(href, "#")) {
      continue;
    }
    std::vector<std::string> path = dir;
    bool outside = false;
    for (absl::string_view seg : absl::StrSplit(href, '/')) {
      if (seg == "..") {
        if (path.empty()) {
          outside = true;
          break;
        }
        path.pop_back();
      } else if (seg != ".") {
        path.emplace_back(seg);
      }
    }
    if (!outside) out.push_back(absl::StrJoin(path, "/"));
  }
  return out;
}

}  // namespace tally::server::http
