#include "server/http/page_context.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "google/protobuf/util/json_util.h"
#include "server/cli/result_text.h"

namespace tally::server::http {

std::string Json(const google::protobuf::Message& m) {
  std::string out;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  if (!google::protobuf::util::MessageToJsonString(m, &out, options).ok()) {
    return "null";
  }
  return out;
}

std::string Link(const std::string& href, const std::string& text) {
  return absl::StrCat("<a href=\"", HtmlEscape(href), "\">", HtmlEscape(text),
                      "</a>");
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

PageContext::PageContext(const ResultsSource& source,
                         std::vector<std::string> parts,
                         const v1::LogHead& head)
    : source(source),
      parts(std::move(parts)),
      self(absl::StrJoin(this->parts, "/")),
      head(head) {}

// The shortest relative link: "pair/3.html", "../index.html".
std::string PageContext::Rel(const std::string& to) const {
  const std::vector<std::string> target = absl::StrSplit(to, '/');
  size_t common = 0;
  while (common + 1 < parts.size() && common + 1 < target.size() &&
         parts[common] == target[common]) {
    ++common;
  }
  std::string out;
  for (size_t i = common; i + 1 < parts.size(); ++i) out += "../";
  for (size_t i = common; i < target.size(); ++i) {
    absl::StrAppend(&out, target[i], i + 1 < target.size() ? "/" : ".html");
  }
  return out;
}

std::string PageContext::Withheld(const v1::Competition& c,
                                  int session_or_round) const {
  v1::GetRegulationProfileRequest r;
  r.set_name(c.regulation_profile());
  v1::RegulationProfile profile;
  if (!source.Query(&v1::QueryService::Stub::GetRegulationProfile, r, &profile)
           .ok() ||
      !profile.spec().publication().withhold_progress_in_play()) {
    return "";
  }
  const std::string clause = profile.spec().publication().clause();
  for (const v1::SessionSummary& s : c.sessions()) {
    if (s.session() == session_or_round &&
        s.status() == v1::SESSION_STATUS_IN_PLAY) {
      return clause;
    }
  }
  if (!IsMovementKind(c.kind()) && session_or_round >= c.rounds_drawn()) {
    // The last round drawn is in play until the next draw or its
    // standings are complete; withheld while any of its matches is open.
    v1::GetMatchResultsRequest m;
    m.set_tournament_id(tournament.tournament_id());
    m.set_competition_id(c.competition_id());
    m.set_round(session_or_round);
    v1::MatchResults results;
    if (source.Query(&v1::QueryService::Stub::GetMatchResults, m, &results)
            .ok()) {
      for (const v1::MatchResult& x : results.matches()) {
        if (!x.complete()) return clause;
      }
    }
  }
  return "";
}

std::string PageContext::WithheldNote(const std::string& clause) {
  return absl::StrCat(
      "<p class=\"note\">Play is in progress: rankings, percentages and "
      "other tables' scores are published when it ends (",
      HtmlEscape(clause), ").</p>\n");
}

bool PageContext::Withhold() {
  const std::string clause = Withheld(*competition, numbers[0]);
  if (clause.empty()) return false;
  content.json = absl::StrCat("{\"withheld\":\"", clause, "\"}");
  content.body = WithheldNote(clause);
  return true;
}

Linker PageContext::SessionLinker() const {
  return [this](absl::string_view column, int64_t v) -> std::string {
    if (column == "pair" || column == "ns_pair" || column == "ew_pair" ||
        column == "opponents") {
      return Rel(absl::StrCat(base, "/pair/", v));
    }
    if (column == "board") return Rel(absl::StrCat(base, "/board/", v));
    return "";
  };
}

Linker PageContext::MatchLinker(int round) const {
  return [this, round](absl::string_view column, int64_t v) -> std::string {
    if (column == "entrant" || column == "home" || column == "away" ||
        column == "opponent" || column == "second_opponent" ||
        column == "winner" || column == "loser" ||
        column == "carry_over_holder" || column == "draw.pairings.home" ||
        column == "draw.pairings.away" || column == "ns_pair" ||
        column == "ew_pair") {
      return Rel(absl::StrCat(cpath, "/entrant/", v));
    }
    if ((column == "board" || column == "boards") && round > 0) {
      return Rel(absl::StrCat(cpath, "/r/", round, "/board/", v));
    }
    return "";
  };
}

std::string PageContext::BoardRulingsHtml(int board) const {
  std::vector<Ruling> rulings;
  if (!source.Rulings(tournament.tournament_id(), head.sequence(), &rulings)
           .ok()) {
    return "";
  }
  std::string rows;
  for (const auto& [sequence, rm] : rulings) {
    if (rm.competition_id() != competition->competition_id() ||
        rm.session() != numbers[0] || rm.board() != board) {
      continue;
    }
    absl::StrAppend(
        &rows, "<tr><td data-label=\"Table\">",
        rm.table() == 0 ? "all" : absl::StrCat(rm.table()),
        rm.room() == v1::ROOM_UNSPECIFIED
            ? ""
            : rm.room() == v1::ROOM_OPEN ? " open" : " closed",
        "</td><td data-label=\"Law\">", HtmlEscape(rm.law()),
        "</td><td data-label=\"Ruling\">", HtmlEscape(rm.text()),
        "</td><td data-label=\"Event\">", sequence, "</td></tr>\n");
  }
  if (rows.empty()) return "";
  return absl::StrCat(
      "<h3>Rulings</h3>\n<div class=\"scroll\"><table><thead><tr><th>Table"
      "</th><th>Law</th><th>Ruling</th><th>Event</th></tr></thead><tbody>\n",
      rows, "</tbody></table></div>\n");
}

namespace {

// An adjustment's amount as a director wrote it: "+1.5 MP", "-10% of the
// session top (-1.6 MP)", "sit-out average on boards 3, 4".
std::string AdjustmentAmountText(const v1::SessionAdjustmentMade& a) {
  auto signed_text = [](const v1::Fraction& f) {
    return absl::StrCat(f.numerator() > 0 ? "+" : "", cli::ExactText(f));
  };
  switch (a.amount_case()) {
    case v1::SessionAdjustmentMade::kMatchpoints:
      return absl::StrCat(signed_text(a.matchpoints()), " MP");
    case v1::SessionAdjustmentMade::kPercentOfTop:
      return absl::StrCat(signed_text(a.percent_of_top()),
                          "% of the session top (",
                          signed_text(a.matchpoints_applied()), " MP)");
    case v1::SessionAdjustmentMade::kSitOut:
      return absl::StrCat("sit-out average on boards ",
                          absl::StrJoin(a.sit_out().boards(), ", "));
    default:
      return "";
  }
}

}  // namespace

std::string PageContext::SessionAdjustmentsHtml() const {
  std::vector<SessionAdjustment> adjustments;
  if (!source
           .SessionAdjustments(tournament.tournament_id(), head.sequence(),
                               &adjustments)
           .ok()) {
    return "";
  }
  std::string rows;
  for (const auto& [sequence, a] : adjustments) {
    if (a.competition_id() != competition->competition_id() ||
        a.session() != numbers[0]) {
      continue;
    }
    absl::StrAppend(&rows, "<tr><td data-label=\"Pair\">", a.pair(),
                    "</td><td data-label=\"Amount\">",
                    HtmlEscape(AdjustmentAmountText(a)),
                    "</td><td data-label=\"Law\">", HtmlEscape(a.law()),
                    "</td><td data-label=\"Text\">", HtmlEscape(a.text()),
                    "</td><td data-label=\"Event\">", sequence, "</td></tr>\n");
  }
  if (rows.empty()) return "";
  return absl::StrCat(
      "<h2>Session adjustments</h2>\n<div class=\"scroll\"><table><thead>"
      "<tr><th>Pair</th><th>Amount</th><th>Law</th><th>Text</th><th>Event"
      "</th></tr></thead><tbody>\n",
      rows, "</tbody></table></div>\n");
}

}  // namespace tally::server::http
