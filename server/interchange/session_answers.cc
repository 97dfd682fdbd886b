// tally's answers as a SessionFile, and the published-figure check (see
// session_answers.h).

#include "server/interchange/session_answers.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"

namespace tally::interchange {
namespace {

core::Rational FromProto(const v1::Fraction& f) {
  return f.denominator() == 0 ? core::Rational(0)
                              : core::Rational(f.numerator(), f.denominator());
}

// The places printed after the point in `text` ("56.25": 2).
int PlacesOf(const std::string& text) {
  size_t dot = text.find('.');
  return dot == std::string::npos ? 0 : static_cast<int>(text.size() - dot - 1);
}

core::Rational Rounded(const core::Rational& r, int places) {
  return core::Decimal::Round(r, places, core::HalfRounding::kAwayFromZero)
      .ToRational();
}

// 1 when the file's matchpoints are on tally's 2-per-beat scale, 1/2 when
// its top is n-1 (1 per beat), from the first board played more than once.
core::Rational ScaleOf(const SessionFile& file) {
  for (const FileBoard& b : file.boards) {
    const int n = static_cast<int>(b.results.size());
    if (n < 2) continue;
    const FileResult& r = b.results.front();
    if (!r.ns_matchpoints.has_value() || !r.ew_matchpoints.has_value()) {
      continue;
    }
    if (*r.ns_matchpoints + *r.ew_matchpoints == core::Rational(n - 1)) {
      return core::Rational(1, 2);
    }
    return core::Rational(1);
  }
  return core::Rational(1);
}

}  // namespace

absl::StatusOr<SessionFile> SessionFileFromAnswers(
    const v1::Competition& competition, const std::string& event_name,
    const v1::Standings& standings,
    const std::vector<v1::Traveller>& travellers) {
  // Standings.scoring is empty or "matchpoints" for a matchpoint session.
  if (!standings.scoring().empty() && standings.scoring() != "matchpoints") {
    return absl::FailedPreconditionError(
        absl::StrCat("'", competition.competition_id(), "' session ",
                     standings.session(), " is scored by ", standings.scoring(),
                     ": tally exports matchpoint pairs sessions so far"));
  }
  SessionFile file;
  file.event_name = event_name;
  const bool two_winners = standings.fields_size() == 2;
  for (const v1::StandingsField& field : standings.fields()) {
    for (const v1::StandingsRow& row : field.rows()) {
      FilePair p;
      p.pair = row.pair();
      if (two_winners) p.direction = field.name();
      p.players.assign(row.players().begin(), row.players().end());
      p.place = absl::StrCat(row.rank(), row.tied() ? "=" : "");
      p.total = FromProto(row.matchpoints());
      if (row.has_percentage()) {
        p.percentage =
            core::Decimal(row.percentage().units(), row.percentage().places())
                .ToString();
      }
      if (row.has_exact_percentage()) {
        p.exact_percentage = FromProto(row.exact_percentage());
      } else if (row.has_percentage()) {
        p.exact_percentage =
            core::Decimal(row.percentage().units(), row.percentage().places())
                .ToRational();
      }
      file.pairs.push_back(std::move(p));
    }
  }
  for (const v1::Traveller& t : travellers) {
    FileBoard b;
    b.board = t.board();
    for (const v1::TravellerLine& line : t.lines()) {
      if (line.result().has_not_played()) continue;
      FileResult r;
      r.ns_pair = line.ns_pair();
      r.ew_pair = line.ew_pair();
      r.result = line.result();
      r.ns_score = line.ns_score();
      r.ns_matchpoints = FromProto(line.ns_matchpoints());
      r.ew_matchpoints = FromProto(line.ew_matchpoints());
      b.results.push_back(std::move(r));
    }
    file.boards.push_back(std::move(b));
  }
  return file;
}

std::vector<std::string> CheckPublished(const SessionFile& file,
                                        const SessionFile& answers,
                                        const std::string& file_name) {
  std::vector<std::string> out;
  auto differ = [&](int line, const std::string& what) {
    out.push_back(absl::StrCat(file_name, " line ", line, ": ", what));
  };
  const core::Rational scale = ScaleOf(file);
  std::map<int, const FilePair*> tally_pairs;
  for (const FilePair& p : answers.pairs) tally_pairs[p.pair] = &p;
  for (const FilePair& p : file.pairs) {
    auto it = tally_pairs.find(p.pair);
    if (it == tally_pairs.end()) {
      differ(p.line, absl::StrCat("pair ", p.pair,
                                  " is not in tally's "
                                  "standings"));
      continue;
    }
    const FilePair& t = *it->second;
    if (!p.place.empty() && p.place != t.place) {
      differ(p.line, absl::StrCat("pair ", p.pair, ": place ", p.place,
                                  ", tally ", t.place));
    }
    if (p.total.has_value() && t.total.has_value() &&
        Rounded(*t.total * scale, p.total_places) != *p.total) {
      differ(p.line,
             absl::StrCat("pair ", p.pair, ": total ", p.total->ToString(),
                          ", tally ", (*t.total * scale).ToString()));
    }
    if (!p.percentage.empty() && t.exact_percentage.has_value()) {
      absl::StatusOr<core::Rational> published =
          core::Rational::Parse(p.percentage);
      if (published.ok() &&
          Rounded(*t.exact_percentage, PlacesOf(p.percentage)) != *published) {
        differ(p.line, absl::StrCat("pair ", p.pair, ": ", p.percentage,
                                    "%, tally ", t.percentage, "%"));
      }
    }
  }
  std::map<std::pair<int, int>, const FileResult*> tally_lines;
  for (const FileBoard& b : answers.boards) {
    for (const FileResult& r : b.results) {
      tally_lines[{b.board, r.ns_pair}] = &r;
    }
  }
  for (const FileBoard& b : file.boards) {
    for (const FileResult& r : b.results) {
      auto it = tally_lines.find({b.board, r.ns_pair});
      if (it == tally_lines.end()) {
        differ(r.line, absl::StrCat("board ", b.board, ", pair ", r.ns_pair,
                                    ": not on tally's traveller"));
        continue;
      }
      const FileResult& t = *it->second;
      auto check = [&](const char* side,
                       const std::optional<core::Rational>& published,
                       const std::optional<core::Rational>& tally) {
        if (published.has_value() && tally.has_value() &&
            *published != *tally * scale) {
          differ(r.line,
                 absl::StrCat("board ", b.board, ", ", r.ns_pair, " v ",
                              r.ew_pair, ": ", side, " ", published->ToString(),
                              " matchpoints, "
                              "tally ",
                              (*tally * scale).ToString()));
        }
      };
      check("NS", r.ns_matchpoints, t.ns_matchpoints);
      check("EW", r.ew_matchpoints, t.ew_matchpoints);
    }
  }
  return out;
}

}  // namespace tally::interchange
