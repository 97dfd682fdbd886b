#include "server/interchange/usebio_document.h"

#include <algorithm>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "replay/state/bridge_convert.h"

namespace tally::interchange {
namespace {

// Identification, presentation and counts: nothing a figure depends on.
const std::set<std::string>& IgnoredElements() {
  static const auto* kIgnored =
      new std::set<std::string>{"CLUB",
                                "PROGRAM_NAME",
                                "PROGRAM_VERSION",
                                "EVENT_IDENTIFIER",
                                "EVENT_VENUE",
                                "CONTACT",
                                "PROGRAM",
                                "SCORING_PROGRAM",
                                "BOARDS_PLAYED",
                                "BOARDS_PER_ROUND",
                                "MASTER_POINTS",
                                "MASTER_POINT_SCALE",
                                "NATIONAL_ID_NUMBER",
                                "CLUB_ID_NUMBER",
                                "PLAYER_NUMBER",
                                "PLAYER_ID_NUMBER",
                                "COUNTRY",
                                "SESSION_ID",
                                "SECTION_ID",
                                "HANDSET",
                                "LEAD",
                                "LIN_DATA",
                                "EVENT_TYPE_DESCRIPTION",
                                "MATCH_POINT_TYPE",
                                "SESSION_COUNT",
                                "SECTION_COUNT"};
  return *kIgnored;
}

}  // namespace

UsebioDocument::UsebioDocument(const std::string& bytes,
                               const std::string& file_name)
    : bytes_(bytes), file_name_(file_name) {
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (bytes[i] == '\n') newlines_.push_back(i);
  }
}

absl::StatusOr<pugi::xml_node> UsebioDocument::OneEvent(
    absl::string_view one_a_file) {
  pugi::xml_parse_result parsed =
      doc_.load_buffer(bytes_.data(), bytes_.size(), pugi::parse_default);
  if (!parsed) {
    return Refuse(LineOf(parsed.offset),
                  absl::StrCat("not well-formed XML: ", parsed.description()));
  }
  pugi::xml_node root = doc_.child("USEBIO");
  if (!root) return Refuse(1, "no <USEBIO> root element: not a USEBIO file");
  const std::string version = root.attribute("Version").value();
  if (version != "1.2") {
    return Refuse(Line(root), absl::StrCat("USEBIO Version \"", version,
                                           "\": tally reads USEBIO 1.2 only"));
  }
  std::vector<pugi::xml_node> events;
  for (pugi::xml_node n : root.children()) {
    if (n.type() != pugi::node_element) continue;
    if (std::string(n.name()) == "EVENT") {
      events.push_back(n);
    } else if (absl::Status s = Known(n); !s.ok()) {
      return s;
    }
  }
  if (events.size() != 1) {
    return Refuse(
        events.empty() ? Line(root) : Line(events[1]),
        absl::StrCat(events.size(), " <EVENT> elements: tally imports ",
                     one_a_file));
  }
  return events[0];
}

int UsebioDocument::LineOf(ptrdiff_t offset) const {
  return static_cast<int>(std::lower_bound(newlines_.begin(), newlines_.end(),
                                           static_cast<size_t>(offset)) -
                          newlines_.begin()) +
         1;
}

absl::Status UsebioDocument::Refuse(int line, const std::string& what) const {
  return absl::InvalidArgumentError(
      absl::StrCat(file_name_, " line ", line, ": ", what));
}

absl::Status UsebioDocument::Known(pugi::xml_node n) const {
  if (IgnoredElements().contains(n.name())) return absl::OkStatus();
  return Refuse(Line(n),
                absl::StrCat("<", n.name(), "> in <", n.parent().name(),
                             "> is not an element tally knows, so it "
                             "cannot tell whether it changes a figure"));
}

absl::StatusOr<int> UsebioDocument::CheckedScore(
    int line, const std::string& where, const v1::TableResult& result,
    int board, const std::string* file_score) const {
  absl::StatusOr<int> computed = replay::NorthSouthScoreOf(result, board);
  if (!computed.ok()) {
    return Refuse(line, absl::StrCat(where, ": ", computed.status().message()));
  }
  if (file_score == nullptr) return *computed;
  int score = 0;
  if (!absl::SimpleAtoi(*file_score, &score)) {
    return Refuse(
        line, absl::StrCat("<SCORE> \"", *file_score, "\" is not a number"));
  }
  if (score != *computed) {
    return Refuse(
        line, absl::StrCat(where, ": <SCORE> ", score, " is not the score of ",
                           replay::DescribeResult(result), " (", *computed,
                           " to North-South, Law 77)"));
  }
  return *computed;
}

std::string UsebioDocument::Text(pugi::xml_node n) {
  return std::string(absl::StripAsciiWhitespace(n.child_value()));
}

absl::StatusOr<int> UsebioDocument::Number(pugi::xml_node n, int min,
                                           int max) const {
  int value = 0;
  if (!absl::SimpleAtoi(Text(n), &value) || value < min || value > max) {
    return Refuse(Line(n),
                  absl::StrCat("<", n.name(), "> \"", Text(n),
                               "\" is not a number in ", min, "..", max));
  }
  return value;
}

absl::StatusOr<core::Rational> UsebioDocument::Figure(pugi::xml_node n) const {
  absl::StatusOr<core::Rational> r = core::Rational::Parse(Text(n));
  if (!r.ok()) {
    return Refuse(Line(n), absl::StrCat("<", n.name(), "> \"", Text(n),
                                        "\" is not a number"));
  }
  return *r;
}

pugi::xml_node AppendUsebioEvent(pugi::xml_document& doc,
                                 const char* event_type) {
  pugi::xml_node decl = doc.append_child(pugi::node_declaration);
  decl.append_attribute("version") = "1.0";
  decl.append_attribute("encoding") = "UTF-8";
  doc.append_child(pugi::node_doctype)
      .set_value("USEBIO SYSTEM \"usebio_v1_2.dtd\"");
  pugi::xml_node root = doc.append_child("USEBIO");
  root.append_attribute("Version") = "1.2";
  pugi::xml_node event = root.append_child("EVENT");
  event.append_attribute("EVENT_TYPE") = event_type;
  return event;
}

}  // namespace tally::interchange
