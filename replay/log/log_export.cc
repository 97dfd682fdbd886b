#include "replay/log/log_export.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/util/json_util.h"
#include "replay/log/sha256.h"
#include "tally/v1/checkpoint.pb.h"

namespace tally::replay {
namespace {

struct ExportedEvent {
  int line = 0;
  v1::Event event;
};

std::string FirstLine(absl::string_view text) {
  return std::string(text.substr(0, text.find('\n')));
}

// The lines that parse as events, in file order; a problem for each that
// does not.
std::vector<ExportedEvent> ParseLines(absl::Span<const std::string> lines,
                                      std::vector<ExportProblem>& problems) {
  std::vector<ExportedEvent> events;
  for (size_t i = 0; i < lines.size(); ++i) {
    int line = static_cast<int>(i) + 1;
    if (absl::StripAsciiWhitespace(lines[i]).empty()) continue;
    ExportedEvent e{line, {}};
    auto status = google::protobuf::util::JsonStringToMessage(
        std::string(lines[i]), &e.event);
    v1::CheckpointLine checkpoint;
    if (!status.ok() &&
        google::protobuf::util::JsonStringToMessage(std::string(lines[i]),
                                                    &checkpoint)
            .ok() &&
        checkpoint.has_checkpoint()) {
      continue;  // checked by VerifyCheckpoints
                 // (replay/checkpoint/checkpoint_verify.h)
    }
    if (!status.ok()) {
      problems.push_back(
          {line, 0,
           absl::StrCat("line ", line, " is not an event: ",
                        FirstLine(std::string(status.message())))});
    } else if (e.event.sequence() == 0) {
      problems.push_back(
          {line, 0, absl::StrCat("line ", line, " has no sequence number")});
    } else {
      events.push_back(std::move(e));
    }
  }
  return events;
}

// An event whose canonical bytes no longer give its recorded hash.
void CheckContents(const ExportedEvent& e,
                   std::vector<ExportProblem>& problems) {
  v1::Event canonical = e.event;
  canonical.clear_hash();
  if (ChainHash(e.event.previous_hash(), canonical.SerializeAsString()) !=
      e.event.hash()) {
    problems.push_back(
        {e.line, e.event.sequence(),
         absl::StrCat("event ", e.event.sequence(), " (line ", e.line,
                      ") was altered: its contents do not match its hash")});
  }
}

// Events that repeat a sequence or come after a later one in the file.
void CheckFileOrder(const std::vector<ExportedEvent>& events,
                    std::vector<ExportProblem>& problems) {
  const ExportedEvent* latest = nullptr;  // highest sequence so far
  for (size_t i = 0; i < events.size(); ++i) {
    const ExportedEvent& e = events[i];
    uint64_t s = e.event.sequence();
    if (latest == nullptr || s > latest->event.sequence()) {
      latest = &e;
      continue;
    }
    uint64_t m = latest->event.sequence();
    if (s == m) {
      problems.push_back({e.line, s,
                          absl::StrCat("event ", s, " appears twice (lines ",
                                       latest->line, " and ", e.line, ")")});
    } else if (s + 1 == m && i > 0 && &events[i - 1] == latest) {
      problems.push_back(
          {e.line, s,
           absl::StrCat("events ", s, " and ", m, " are swapped (event ", m,
                        " is on line ", latest->line, ", event ", s,
                        " on line ", e.line, ")")});
    } else {
      problems.push_back({e.line, s,
                          absl::StrCat("event ", s, " is out of order: line ",
                                       e.line, " comes after event ", m,
                                       " (line ", latest->line, ")")});
    }
  }
}

// In sequence order: sequences missing from 1 up, and each event's link to
// the one before it.
void CheckChain(const std::map<uint64_t, const ExportedEvent*>& by_sequence,
                std::vector<ExportProblem>& problems) {
  uint64_t expected = 1;
  for (const auto& [s, e] : by_sequence) {
    if (s > expected) {
      problems.push_back({0, expected,
                          s == expected + 1
                              ? absl::StrCat("event ", expected, " is missing")
                              : absl::StrCat("events ", expected, " to ", s - 1,
                                             " are missing")});
    }
    expected = s + 1;
    std::string previous;
    if (s == 1) {
      previous = GenesisHash();
    } else if (auto it = by_sequence.find(s - 1); it != by_sequence.end()) {
      previous = it->second->event.hash();
    } else {
      continue;  // its predecessor is missing, reported above
    }
    if (e->event.previous_hash() != previous) {
      problems.push_back(
          {e->line, s,
           absl::StrCat("event ", s, " (line ", e->line,
                        ") does not chain to event ", s - 1,
                        ": the previous hash it names differs (one of the two "
                        "was altered and its hash recomputed)")});
    }
  }
}

}  // namespace

std::string ExportLine(const v1::Event& event) {
  std::string out;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  (void)google::protobuf::util::MessageToJsonString(event, &out, options);
  return out;
}

void SortProblems(std::vector<ExportProblem>& problems) {
  std::stable_sort(problems.begin(), problems.end(),
                   [](const ExportProblem& a, const ExportProblem& b) {
                     return std::tie(a.sequence, a.line) <
                            std::tie(b.sequence, b.line);
                   });
}

ExportVerification VerifyExport(absl::Span<const std::string> lines) {
  ExportVerification out;
  std::vector<ExportedEvent> events = ParseLines(lines, out.problems);
  out.events = events.size();
  std::map<uint64_t, const ExportedEvent*> by_sequence;
  for (const ExportedEvent& e : events) {
    CheckContents(e, out.problems);
    by_sequence.emplace(e.event.sequence(), &e);  // first occurrence
  }
  CheckFileOrder(events, out.problems);
  CheckChain(by_sequence, out.problems);
  if (!by_sequence.empty()) {
    out.last_sequence = by_sequence.rbegin()->first;
    out.last_hash = ToHex(by_sequence.rbegin()->second->event.hash());
  }
  SortProblems(out.problems);
  return out;
}

}  // namespace tally::replay
