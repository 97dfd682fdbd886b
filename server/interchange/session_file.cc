// SessionFile comparison and the file hash (see session_file.h).

#include "server/interchange/session_file.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "replay/log/sha256.h"

namespace tally::interchange {
namespace {

std::string MaybeText(const std::optional<core::Rational>& r) {
  return r.has_value() ? r->ToString() : "none";
}

std::string AdjustedText(const std::optional<FileAdjusted>& a) {
  return a.has_value()
             ? absl::StrCat(" adjusted ", a->ns_percent, "/", a->ew_percent)
             : "";
}

// `f` with its pairs, boards and each traveller in number order, so files
// that list them in another order compare equal.
SessionFile Ordered(SessionFile f) {
  std::sort(f.pairs.begin(), f.pairs.end(),
            [](const FilePair& x, const FilePair& y) {
              return std::tie(x.section, x.direction, x.pair) <
                     std::tie(y.section, y.direction, y.pair);
            });
  std::sort(f.boards.begin(), f.boards.end(),
            [](const FileBoard& x, const FileBoard& y) {
              return std::tie(x.section, x.board) <
                     std::tie(y.section, y.board);
            });
  for (FileBoard& b : f.boards) {
    std::sort(b.results.begin(), b.results.end(),
              [](const FileResult& x, const FileResult& y) {
                return std::tie(x.ns_pair, x.ew_pair) <
                       std::tie(y.ns_pair, y.ew_pair);
              });
  }
  return f;
}

}  // namespace

const char* FileScoringName(FileScoring scoring) {
  switch (scoring) {
    case FileScoring::kMatchpoints:
      return "MATCH_POINTS";
    case FileScoring::kButlerImps:
      return "BUTLER_IMPS";
    case FileScoring::kCrossImps:
      return "CROSS_IMPS";
  }
  return "";
}

bool SameFigures(const FileResult& a, const FileResult& b) {
  return a.ns_pair == b.ns_pair && a.ew_pair == b.ew_pair &&
         a.result.SerializeAsString() == b.result.SerializeAsString() &&
         a.ns_score == b.ns_score && a.adjusted == b.adjusted &&
         a.ns_matchpoints == b.ns_matchpoints &&
         a.ew_matchpoints == b.ew_matchpoints && a.ns_imps == b.ns_imps &&
         a.ew_imps == b.ew_imps;
}

bool SameFigures(const FilePair& a, const FilePair& b) {
  return a.pair == b.pair && a.section == b.section &&
         a.direction == b.direction && a.players == b.players &&
         a.place == b.place && a.total == b.total &&
         a.percentage == b.percentage;
}

bool SameFigures(const SessionFile& a, const SessionFile& b) {
  return FirstDifference(a, b).empty();
}

std::string FirstDifference(const SessionFile& unordered_a,
                            const SessionFile& unordered_b) {
  const SessionFile a = Ordered(unordered_a);
  const SessionFile b = Ordered(unordered_b);
  if (a.scoring != b.scoring) {
    return absl::StrCat("scoring ", FileScoringName(a.scoring), " against ",
                        FileScoringName(b.scoring));
  }
  if (a.event_name != b.event_name) {
    return absl::StrCat("event name '", a.event_name, "' against '",
                        b.event_name, "'");
  }
  if (a.sections != b.sections) {
    return absl::StrCat(a.sections.size(), " sections against ",
                        b.sections.size());
  }
  if (a.pairs.size() != b.pairs.size()) {
    return absl::StrCat(a.pairs.size(), " pairs against ", b.pairs.size());
  }
  for (size_t i = 0; i < a.pairs.size(); ++i) {
    const FilePair& p = a.pairs[i];
    const FilePair& q = b.pairs[i];
    if (!SameFigures(p, q)) {
      return absl::StrCat(
          "pair ", p.section, p.pair, " (", p.direction, " place ", p.place,
          " total ", MaybeText(p.total), " ", p.percentage, "%) against pair ",
          q.section, q.pair, " (", q.direction, " place ", q.place, " total ",
          MaybeText(q.total), " ", q.percentage, "%)");
    }
  }
  if (a.boards.size() != b.boards.size()) {
    return absl::StrCat(a.boards.size(), " boards against ", b.boards.size());
  }
  for (size_t i = 0; i < a.boards.size(); ++i) {
    const FileBoard& x = a.boards[i];
    const FileBoard& y = b.boards[i];
    if (x.board != y.board || x.section != y.section ||
        x.results.size() != y.results.size()) {
      return absl::StrCat("board ", x.section, x.board, " (", x.results.size(),
                          " results) against board ", y.section, y.board, " (",
                          y.results.size(), " results)");
    }
    if (x.datum != y.datum) {
      return absl::StrCat(
          "board ", x.board, ": datum ",
          x.datum.has_value() ? absl::StrCat(*x.datum) : "none", " against ",
          y.datum.has_value() ? absl::StrCat(*y.datum) : "none");
    }
    for (size_t j = 0; j < x.results.size(); ++j) {
      const FileResult& r = x.results[j];
      const FileResult& s = y.results[j];
      if (!SameFigures(r, s)) {
        return absl::StrCat(
            "board ", x.board, " result ", j + 1, ": ", r.ns_pair, " v ",
            r.ew_pair, " ", r.result.ShortDebugString(), " ", r.ns_score,
            AdjustedText(r.adjusted), " mp ", MaybeText(r.ns_matchpoints), "/",
            MaybeText(r.ew_matchpoints), " imps ", MaybeText(r.ns_imps), "/",
            MaybeText(r.ew_imps), " against ", s.ns_pair, " v ", s.ew_pair, " ",
            s.result.ShortDebugString(), " ", s.ns_score,
            AdjustedText(s.adjusted), " mp ", MaybeText(s.ns_matchpoints), "/",
            MaybeText(s.ew_matchpoints), " imps ", MaybeText(s.ns_imps), "/",
            MaybeText(s.ew_imps));
      }
    }
  }
  return "";
}

bool TwoWinners(const SessionFile& file) {
  std::map<std::pair<std::string, int>, std::string> direction;
  for (const FilePair& p : file.pairs) {
    if (p.direction.empty()) return false;
    direction[{p.section, p.pair}] = p.direction;
  }
  for (const FileBoard& b : file.boards) {
    for (const FileResult& r : b.results) {
      if (direction[{b.section, r.ns_pair}] == "EW") return false;
    }
  }
  return !file.pairs.empty();
}

int BoardCount(const SessionFile& file) {
  std::set<int> boards;
  for (const FileBoard& b : file.boards) boards.insert(b.board);
  return static_cast<int>(boards.size());
}

void RenumberEastWest(SessionFile& file, int offset) {
  for (FilePair& p : file.pairs) {
    if (p.direction == "EW") p.pair += offset;
  }
  for (FileBoard& b : file.boards) {
    for (FileResult& r : b.results) r.ew_pair += offset;
  }
}

absl::StatusOr<FileAdjusted> ParseAdjustedScore(const std::string& score,
                                                FileScoring scoring) {
  if (score.size() != 5 || (score[0] != 'A' && score[0] != 'a') ||
      !absl::ascii_isdigit(score[1]) || !absl::ascii_isdigit(score[2]) ||
      !absl::ascii_isdigit(score[3]) || !absl::ascii_isdigit(score[4])) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the adjusted score \"", score,
        "\" is not \"A\" and North-South's and East-West's percentages of "
        "the top, two digits each (e.g. A6040)"));
  }
  FileAdjusted out;
  out.ns_percent = (score[1] - '0') * 10 + (score[2] - '0');
  out.ew_percent = (score[3] - '0') * 10 + (score[4] - '0');
  if (scoring == FileScoring::kMatchpoints) return out;
  // IMPs (Butler or cross-IMPs): 60, 50 and 40 are average plus, average
  // and average minus (Law 12C2), scored at the profile's artificial IMPs
  // (club_butler_pairs, cross_imp_pairs: +-2, ANC SR 7.3, NSW TR 7.2); the
  // table leaves the datum or the comparisons.
  for (int percent : {out.ns_percent, out.ew_percent}) {
    if (percent != 60 && percent != 50 && percent != 40) {
      return absl::InvalidArgumentError(absl::StrCat(
          "the adjusted score \"", score, "\" gives ", percent,
          "%; in an IMP file tally reads 60, 50 and 40 as average plus, "
          "average and average minus (Law 12C2) and no other percentage"));
    }
  }
  return out;
}

std::string AdjustedScoreText(const FileAdjusted& adjusted) {
  return absl::StrFormat("A%02d%02d", adjusted.ns_percent, adjusted.ew_percent);
}

std::string Sha256Hex(const std::string& bytes) {
  return replay::ToHex(replay::Sha256(bytes));
}

}  // namespace tally::interchange
