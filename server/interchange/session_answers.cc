// tally's answers as a SessionFile, and the published-figure check (see
// session_answers.h).

#include "server/interchange/session_answers.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <tuple>
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
    if (n < 2 || b.results.front().adjusted.has_value()) continue;
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

// `side_mp` as a whole percentage of `top` in 0..99 (USEBIO's two digits),
// else nullopt.
std::optional<int> WholePercent(const core::Rational& side_mp, int64_t top) {
  if (top <= 0) return std::nullopt;
  const core::Rational p = side_mp * core::Rational(100) / core::Rational(top);
  if (!p.is_integer() || p.numerator() < 0 || p.numerator() > 99) {
    return std::nullopt;
  }
  return static_cast<int>(p.numerator());
}

// The adjusted score in force on a traveller line as the files carry it:
// an artificial score (the profile's percentages, read from the line's
// matchpoints) or a per-side one with a percentage to each side, as whole
// percentages of the top; anything else is unwritable, with the reason.
void SetAdjusted(const v1::TravellerLine& line, int times_expected,
                 FileResult& r) {
  const v1::AdjustedScore& a = line.adjusted();
  // The top the line was matchpointed against (a section's, in a session
  // in sections), else the board's.
  const int64_t top = line.top() > 0
                          ? line.top()
                          : 2 * (static_cast<int64_t>(times_expected) - 1);
  std::optional<int> ns, ew;
  if (a.has_artificial() ||
      (a.has_per_side() && a.per_side().ns().has_percent() &&
       a.per_side().ew().has_percent())) {
    ns = WholePercent(FromProto(line.ns_matchpoints()), top);
    ew = WholePercent(FromProto(line.ew_matchpoints()), top);
  }
  if (ns.has_value() && ew.has_value()) {
    r.adjusted = FileAdjusted{*ns, *ew};
    return;
  }
  r.unwritable =
      a.has_artificial() || a.has_per_side()
          ? "an adjusted score that is not a whole percentage of the top (0 "
            "to 99) to each side, which is all USEBIO's \"Annnn\" carries"
          : "an assigned, weighted or split adjusted score, which neither "
            "USEBIO nor PBN carries on a traveller line";
}

// A line's IMPs: Butler's whole IMPs against the datum, or the exact
// cross-IMPs; none while the board has no datum or comparison.
void SetImps(const v1::TravellerLine& line, FileResult& r) {
  if (line.has_ns_cross_imps()) {
    r.ns_imps = FromProto(line.ns_cross_imps());
    r.ew_imps = FromProto(line.ew_cross_imps());
  } else if (line.has_ns_imps()) {
    r.ns_imps = core::Rational(line.ns_imps());
    r.ew_imps =
        core::Rational(line.has_ew_imps() ? line.ew_imps() : -line.ns_imps());
  }
}

// A one-field session whose movement has an arrow switch but keeps every
// pair in one home direction (a Mitchell with its pairs switched on some
// boards): each pair's DIRECTION is its home direction, the direction the
// movement seats it in (TableAssignment.ns_pair / ew_pair). A movement
// with no switch, or with a pair seated at home in both directions (a
// Howell), gives no directions.
void SetHomeDirections(const v1::Movement& movement, SessionFile& file) {
  std::map<int, std::string> home;
  bool switched = false;
  for (const v1::MovementRound& r : movement.rounds()) {
    for (const v1::TableAssignment& t : r.tables()) {
      switched = switched || !t.arrow_switched_boards().empty();
      for (const auto& [pair, direction] :
           {std::pair<int, const char*>{t.ns_pair(), "NS"},
            std::pair<int, const char*>{t.ew_pair(), "EW"}}) {
        auto [it, added] = home.emplace(pair, direction);
        if (!added && it->second != direction) return;
      }
    }
  }
  if (!switched) return;
  for (FilePair& p : file.pairs) {
    auto it = home.find(p.pair);
    if (it == home.end()) return;
  }
  for (FilePair& p : file.pairs) p.direction = home[p.pair];
}

// An adjusted score in an IMP-scored session (Butler or cross-IMPs) as a
// file carries it: an artificial score as "Annnn" with 60, 50 and 40 for
// average plus, average and average minus (as the reader reads it); else
// unwritable, with the reason.
void SetImpsAdjusted(const v1::AdjustedScore& a, FileScoring scoring,
                     FileResult& r) {
  const auto percent = [](v1::ArtificialAward award) {
    return award == v1::ARTIFICIAL_AWARD_AVERAGE_PLUS ? 60
           : award == v1::ARTIFICIAL_AWARD_AVERAGE    ? 50
                                                      : 40;
  };
  if (a.has_artificial() &&
      a.artificial().ns() != v1::ARTIFICIAL_AWARD_UNSPECIFIED &&
      a.artificial().ew() != v1::ARTIFICIAL_AWARD_UNSPECIFIED) {
    r.adjusted = FileAdjusted{percent(a.artificial().ns()),
                              percent(a.artificial().ew())};
    return;
  }
  r.unwritable = absl::StrCat(
      "an adjusted score other than an artificial one (average plus, "
      "average or average minus to each side) in a ",
      FileScoringName(scoring),
      " session, which is all USEBIO's \"Annnn\" carries in an IMP file");
}

}  // namespace

absl::StatusOr<SessionFile> SessionFileFromAnswers(
    const v1::Competition& competition, const std::string& event_name,
    const v1::Standings& standings,
    const std::vector<v1::Traveller>& travellers,
    const v1::Movement* movement) {
  // Standings.scoring is empty or "matchpoints" for a matchpoint session,
  // "imps_vs_datum" for Butler, "cross_imps" for cross-IMPs.
  SessionFile file;
  if (standings.scoring() == "imps_vs_datum") {
    file.scoring = FileScoring::kButlerImps;
  } else if (standings.scoring() == "cross_imps") {
    file.scoring = FileScoring::kCrossImps;
  } else if (!standings.scoring().empty() &&
             standings.scoring() != "matchpoints") {
    return absl::FailedPreconditionError(
        absl::StrCat("'", competition.competition_id(), "' session ",
                     standings.session(), " is scored by ", standings.scoring(),
                     ": tally exports pairs sessions (matchpoints, Butler or "
                     "cross-IMPs) so far"));
  }
  const bool imps = file.scoring != FileScoring::kMatchpoints;
  if (imps && standings.ranked_on() == "vps") {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", competition.competition_id(), "' session ", standings.session(),
        " ranks its pairs on VPs, which a USEBIO pairs file does not carry"));
  }
  file.event_name = event_name;
  // A session in sections (Movement.sections): each pair and line numbered
  // as its section numbers it (section B's pair k is the session's pair
  // first_pair + k - 1), the sections in the movement's order.
  std::map<std::string, int> first_pair;
  if (movement != nullptr && movement->sections_size() > 0) {
    for (const v1::MovementSection& s : movement->sections()) {
      file.sections.push_back({0, s.name()});
      first_pair[s.name()] = s.first_pair();
    }
  }
  const auto local = [&](const std::string& section, int pair) {
    auto it = first_pair.find(section);
    return it == first_pair.end() ? pair : pair - it->second + 1;
  };
  // NS and EW fields ("NS", "EW"; in sections "A NS", "A EW", ...): the
  // pairs carry their directions.
  const auto direction_of = [](const std::string& field) -> std::string {
    const size_t space = field.rfind(' ');
    const std::string last =
        space == std::string::npos ? field : field.substr(space + 1);
    return last == "NS" || last == "EW" ? last : "";
  };
  // (A section of its own Howell is one field, "B All", beside another
  // section's NS and EW fields.)
  bool two_winners = false;
  for (const v1::StandingsField& field : standings.fields()) {
    if (!direction_of(field.name()).empty()) two_winners = true;
  }
  for (const v1::StandingsField& field : standings.fields()) {
    for (const v1::StandingsRow& row : field.rows()) {
      FilePair p;
      p.section = first_pair.empty() ? "" : row.section();
      p.pair = local(p.section, row.pair());
      p.direction = direction_of(field.name());
      p.players.assign(row.players().begin(), row.players().end());
      p.place = absl::StrCat(row.rank(), row.tied() ? "=" : "");
      p.total = FromProto(imps ? row.net_imps() : row.matchpoints());
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
    // One FileBoard a section (one in all without sections), in the
    // sections' order.
    std::vector<FileBoard> by_section;
    const auto board_of = [&](const std::string& section) -> FileBoard& {
      for (FileBoard& b : by_section) {
        if (b.section == section) return b;
      }
      FileBoard& b = by_section.emplace_back();
      b.board = t.board();
      b.section = section;
      if (t.has_datum()) b.datum = t.datum().datum();
      // Within sections each section's traveller has its own datum.
      for (const v1::BoardDatum& d : t.section_datums()) {
        if (d.section() == section) b.datum = d.datum();
      }
      return b;
    };
    if (first_pair.empty()) board_of("");
    for (const v1::TravellerLine& line : t.lines()) {
      const std::string section = first_pair.empty() ? "" : line.section();
      FileBoard& b = board_of(section);
      FileResult r;
      r.ns_pair = local(section, line.ns_pair());
      r.ew_pair = local(section, line.ew_pair());
      r.result = line.result();
      r.ns_score = line.result().has_not_played() ? 0 : line.ns_score();
      if (imps) {
        SetImps(line, r);
      } else {
        r.ns_matchpoints = FromProto(line.ns_matchpoints());
        r.ew_matchpoints = FromProto(line.ew_matchpoints());
      }
      if (line.has_adjusted()) {
        if (imps) {
          SetImpsAdjusted(line.adjusted(), file.scoring, r);
        } else {
          SetAdjusted(line, t.times_expected(), r);
        }
      }
      b.results.push_back(std::move(r));
    }
    for (FileBoard& b : by_section) file.boards.push_back(std::move(b));
  }
  if (!two_winners && movement != nullptr) SetHomeDirections(*movement, file);
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
  std::map<std::pair<std::string, int>, const FilePair*> tally_pairs;
  for (const FilePair& p : answers.pairs) tally_pairs[{p.section, p.pair}] = &p;
  for (const FilePair& p : file.pairs) {
    auto it = tally_pairs.find({p.section, p.pair});
    if (it == tally_pairs.end()) {
      differ(p.line, absl::StrCat("pair ", p.section, p.pair,
                                  " is not in tally's "
                                  "standings"));
      continue;
    }
    const FilePair& t = *it->second;
    if (!p.place.empty() && p.place != t.place) {
      differ(p.line, absl::StrCat("pair ", p.section, p.pair, ": place ",
                                  p.place, ", tally ", t.place));
    }
    if (p.total.has_value() && t.total.has_value() &&
        Rounded(*t.total * scale, p.total_places) != *p.total) {
      differ(p.line, absl::StrCat("pair ", p.section, p.pair, ": total ",
                                  p.total->ToString(), ", tally ",
                                  (*t.total * scale).ToString()));
    }
    if (!p.percentage.empty() && t.exact_percentage.has_value()) {
      absl::StatusOr<core::Rational> published =
          core::Rational::Parse(p.percentage);
      if (published.ok() &&
          Rounded(*t.exact_percentage, PlacesOf(p.percentage)) != *published) {
        differ(p.line,
               absl::StrCat("pair ", p.section, p.pair, ": ", p.percentage,
                            "%, tally ", t.percentage, "%"));
      }
    }
  }
  // Butler: each board's datum (each section's, within sections).
  std::map<std::pair<std::string, int>, std::optional<int64_t>> tally_datums;
  for (const FileBoard& b : answers.boards) {
    tally_datums[{b.section, b.board}] = b.datum;
  }
  for (const FileBoard& b : file.boards) {
    if (!b.datum.has_value()) continue;
    const std::optional<int64_t>& t = tally_datums[{b.section, b.board}];
    if (t != b.datum) {
      differ(b.line, absl::StrCat("board ", b.board,
                                  b.section.empty()
                                      ? ""
                                      : absl::StrCat(" in section ", b.section),
                                  ": datum ", *b.datum, ", tally ",
                                  t.has_value() ? absl::StrCat(*t) : "none"));
    }
  }
  std::map<std::tuple<std::string, int, int>, const FileResult*> tally_lines;
  for (const FileBoard& b : answers.boards) {
    for (const FileResult& r : b.results) {
      tally_lines[{b.section, b.board, r.ns_pair}] = &r;
    }
  }
  for (const FileBoard& b : file.boards) {
    for (const FileResult& r : b.results) {
      auto it = tally_lines.find({b.section, b.board, r.ns_pair});
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
      // IMPs as published: tally's exact figure rounded to the places the
      // file prints (cross-IMP averages are often thirds).
      auto check_imps = [&](const char* side,
                            const std::optional<core::Rational>& published,
                            const std::optional<core::Rational>& tally) {
        if (!published.has_value()) return;
        if (!tally.has_value() ||
            Rounded(*tally, r.imps_places) != *published) {
          differ(r.line,
                 absl::StrCat("board ", b.board, ", ", r.ns_pair, " v ",
                              r.ew_pair, ": ", side, " ", published->ToString(),
                              " IMPs, tally ",
                              tally.has_value() ? tally->ToString() : "none"));
        }
      };
      check_imps("NS", r.ns_imps, t.ns_imps);
      check_imps("EW", r.ew_imps, t.ew_imps);
    }
  }
  return out;
}

}  // namespace tally::interchange
