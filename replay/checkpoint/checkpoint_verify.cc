#include "replay/checkpoint/checkpoint_verify.h"

#include <algorithm>
#include <map>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/util/json_util.h"
#include "replay/checkpoint/checkpoint.h"
#include "replay/log/sha256.h"

namespace tally::replay {
namespace {

struct Source {
  int line = 0;  // the export's line; 0 for a published checkpoint
  v1::Checkpoint checkpoint;
};

std::string Where(const Source& s) {
  return s.line == 0 ? std::string("the published checkpoint")
                     : absl::StrCat("the checkpoint on line ", s.line);
}

void Check(const Source& s, const std::map<uint64_t, v1::Event>& events,
           uint64_t last, absl::string_view public_key,
           CheckpointVerification& out) {
  const v1::Checkpoint& c = s.checkpoint;
  const uint64_t n = c.sequence();
  auto problem = [&](std::string what) {
    out.problems.push_back({s.line, n, std::move(what)});
  };
  if (!public_key.empty() && c.public_key() != public_key) {
    problem(absl::StrCat(Where(s), " of event ", n, " was signed by key ",
                         ToHex(c.public_key()), ", not by the key given (",
                         ToHex(public_key), ")"));
    return;
  }
  if (!SignatureValid(c)) {
    problem(absl::StrCat(Where(s), " of event ", n,
                         " has a signature that does not verify: it was "
                         "forged or altered after signing"));
    return;
  }
  auto it = events.find(n);
  if (it == events.end()) {
    problem(n > last ? absl::StrCat("the export ends at event ", last,
                                    ", before event ", n, ", which ", Where(s),
                                    " was signed for: it does not extend the "
                                    "checkpoint")
                     : absl::StrCat("event ", n, ", which ", Where(s),
                                    " was signed for, is not in the export"));
    return;
  }
  if (std::string mismatch = CheckpointMismatch(c, it->second);
      !mismatch.empty()) {
    problem(mismatch);
    return;
  }
  out.confirmed.push_back(
      absl::StrCat("extends ", Where(s), " of ", DescribeCheckpoint(c),
                   public_key.empty()
                       ? absl::StrCat(", signed by key ", ToHex(c.public_key()),
                                      " (compare with the published key)")
                       : ", signed by the key given"));
}

}  // namespace

CheckpointVerification VerifyCheckpoints(
    absl::Span<const std::string> export_lines,
    absl::Span<const v1::Checkpoint> published, absl::string_view public_key) {
  std::map<uint64_t, v1::Event> events;  // first occurrence of each
  std::vector<Source> sources;
  for (const v1::Checkpoint& c : published) sources.push_back({0, c});
  uint64_t last = 0;
  for (size_t i = 0; i < export_lines.size(); ++i) {
    const std::string& text = export_lines[i];
    if (absl::StripAsciiWhitespace(text).empty()) continue;
    v1::Event event;
    if (google::protobuf::util::JsonStringToMessage(text, &event).ok()) {
      last = std::max(last, event.sequence());
      events.emplace(event.sequence(), std::move(event));
    } else if (absl::StatusOr<v1::Checkpoint> c = ParseCheckpointLine(text);
               c.ok()) {
      sources.push_back({static_cast<int>(i) + 1, *std::move(c)});
    }
  }
  CheckpointVerification out;
  for (const Source& s : sources) Check(s, events, last, public_key, out);
  SortProblems(out.problems);
  return out;
}

}  // namespace tally::replay
