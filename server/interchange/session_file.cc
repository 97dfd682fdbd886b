// SessionFile comparison and the file hash (see session_file.h).

#include "server/interchange/session_file.h"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>

#include "absl/strings/str_cat.h"
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
  std::sort(
      f.pairs.begin(), f.pairs.end(), [](const FilePair& x, const FilePair& y) {
        return std::tie(x.direction, x.pair) < std::tie(y.direction, y.pair);
      });
  std::sort(
      f.boards.begin(), f.boards.end(),
      [](const FileBoard& x, const FileBoard& y) { return x.board < y.board; });
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
  return a.pair == b.pair && a.direction == b.direction &&
         a.players == b.players && a.place == b.place && a.total == b.total &&
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
  if (a.pairs.size() != b.pairs.size()) {
    return absl::StrCat(a.pairs.size(), " pairs against ", b.pairs.size());
  }
  for (size_t i = 0; i < a.pairs.size(); ++i) {
    const FilePair& p = a.pairs[i];
    const FilePair& q = b.pairs[i];
    if (!SameFigures(p, q)) {
      return absl::StrCat("pair ", p.pair, " (", p.direction, " place ",
                          p.place, " total ", MaybeText(p.total), " ",
                          p.percentage, "%) against pair ", q.pair, " (",
                          q.direction, " place ", q.place, " total ",
                          MaybeText(q.total), " ", q.percentage, "%)");
    }
  }
  if (a.boards.size() != b.boards.size()) {
    return absl::StrCat(a.boards.size(), " boards against ", b.boards.size());
  }
  for (size_t i = 0; i < a.boards.size(); ++i) {
    const FileBoard& x = a.boards[i];
    const FileBoard& y = b.boards[i];
    if (x.board != y.board || x.results.size() != y.results.size()) {
      return absl::StrCat("board ", x.board, " (", x.results.size(),
                          " results) against board ", y.board, " (",
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
  std::map<int, std::string> direction;
  for (const FilePair& p : file.pairs) {
    if (p.direction.empty()) return false;
    direction[p.pair] = p.direction;
  }
  for (const FileBoard& b : file.boards) {
    for (const FileResult& r : b.results) {
      if (direction[r.ns_pair] == "EW") return false;
    }
  }
  return !file.pairs.empty();
}

void RenumberEastWest(SessionFile& file, int offset) {
  for (FilePair& p : file.pairs) {
    if (p.direction == "EW") p.pair += offset;
  }
  for (FileBoard& b : file.boards) {
    for (FileResult& r : b.results) r.ew_pair += offset;
  }
}

std::string Sha256Hex(const std::string& bytes) {
  return replay::ToHex(replay::Sha256(bytes));
}

}  // namespace tally::interchange
