#include "server/http/html.h"

#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/time/time.h"
#include "core/window/timeline.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/timestamp.pb.h"
#include "replay/log/sha256.h"
#include "replay/state/bridge_convert.h"
#include "server/cli/result_text.h"
#include "server/cli/side_awards_text.h"
#include "tally/v1/common.pb.h"

namespace tally::server::http {
namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

// Types shown as one value rather than as fields.
bool IsValueType(const google::protobuf::Descriptor* d) {
  const std::string& n = d->full_name();
  return n == "tally.v1.Fraction" || n == "tally.v1.DecimalValue" ||
         n == "tally.v1.TableResult" || n == "google.protobuf.Timestamp" ||
         n == "tally.v1.PlayedContract" ||
         n == "tally.v1.SideAwardsAdjustedScore";
}

bool IsLeaf(const FieldDescriptor* f) {
  return f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE ||
         IsValueType(f->message_type());
}

// "SESSION_STATUS_IN_PLAY" of enum SessionStatus -> "in play".
std::string EnumText(const google::protobuf::EnumValueDescriptor* v) {
  std::string prefix;
  for (char c : v->type()->name()) {
    if (absl::ascii_isupper(c) && !prefix.empty()) prefix += '_';
    prefix += absl::ascii_toupper(c);
  }
  prefix += '_';
  std::string label = cli::EnumLabel(v->name(), prefix, v->number());
  if (label.rfind("unspecified", 0) == 0) return "";
  return absl::StrReplaceAll(label, {{"_", " "}});
}

std::string ValueMessageText(const Message& m, absl::TimeZone zone) {
  const std::string& n = m.GetDescriptor()->full_name();
  if (n == "tally.v1.Fraction") {
    const auto& f = static_cast<const v1::Fraction&>(m);
    return f.denominator() == 0 ? "" : cli::ExactText(f);
  }
  if (n == "tally.v1.DecimalValue") {
    return cli::DecimalText(static_cast<const v1::DecimalValue&>(m));
  }
  if (n == "tally.v1.TableResult") {
    const auto& r = static_cast<const v1::TableResult&>(m);
    if (r.outcome_case() == v1::TableResult::OUTCOME_NOT_SET) return "";
    return replay::DescribeResult(r);
  }
  if (n == "tally.v1.PlayedContract") {
    v1::TableResult r;
    *r.mutable_played() = static_cast<const v1::PlayedContract&>(m);
    return replay::DescribeResult(r);
  }
  if (n == "tally.v1.SideAwardsAdjustedScore") {
    return cli::SideAwardsText(
        static_cast<const v1::SideAwardsAdjustedScore&>(m));
  }
  if (n == "google.protobuf.Timestamp") {
    const auto& t = static_cast<const google::protobuf::Timestamp&>(m);
    return core::DateTimeText(
        absl::FromUnixSeconds(t.seconds()) + absl::Nanoseconds(t.nanos()),
        zone);
  }
  return "";
}

std::string CompactText(const Message& m, absl::TimeZone zone);

std::string OneText(const Message& m, const FieldDescriptor* f, int index,
                    absl::TimeZone zone) {
  const Reflection* r = m.GetReflection();
  const bool rep = index >= 0;
  switch (f->cpp_type()) {
    case FieldDescriptor::CPPTYPE_INT32:
      return absl::StrCat(rep ? r->GetRepeatedInt32(m, f, index)
                              : r->GetInt32(m, f));
    case FieldDescriptor::CPPTYPE_INT64:
      return absl::StrCat(rep ? r->GetRepeatedInt64(m, f, index)
                              : r->GetInt64(m, f));
    case FieldDescriptor::CPPTYPE_UINT32:
      return absl::StrCat(rep ? r->GetRepeatedUInt32(m, f, index)
                              : r->GetUInt32(m, f));
    case FieldDescriptor::CPPTYPE_UINT64:
      return absl::StrCat(rep ? r->GetRepeatedUInt64(m, f, index)
                              : r->GetUInt64(m, f));
    case FieldDescriptor::CPPTYPE_BOOL:
      return (rep ? r->GetRepeatedBool(m, f, index) : r->GetBool(m, f)) ? "yes"
                                                                        : "";
    case FieldDescriptor::CPPTYPE_ENUM:
      return EnumText(rep ? r->GetRepeatedEnum(m, f, index) : r->GetEnum(m, f));
    case FieldDescriptor::CPPTYPE_STRING: {
      std::string s =
          rep ? r->GetRepeatedString(m, f, index) : r->GetString(m, f);
      return f->type() == FieldDescriptor::TYPE_BYTES ? replay::ToHex(s) : s;
    }
    case FieldDescriptor::CPPTYPE_MESSAGE: {
      const Message& sub =
          rep ? r->GetRepeatedMessage(m, f, index) : r->GetMessage(m, f);
      return IsValueType(sub.GetDescriptor()) ? ValueMessageText(sub, zone)
                                              : CompactText(sub, zone);
    }
    default:
      return absl::StrCat(rep ? r->GetRepeatedDouble(m, f, index)
                              : r->GetDouble(m, f));
  }
}

// Every set field as "name value", for a message nested too deep for
// columns of its own.
std::string CompactText(const Message& m, absl::TimeZone zone) {
  std::vector<const FieldDescriptor*> fields;
  m.GetReflection()->ListFields(m, &fields);
  std::vector<std::string> parts;
  for (const FieldDescriptor* f : fields) {
    std::string text = FieldText(m, f, -1, zone);
    if (!text.empty()) {
      parts.push_back(absl::StrCat(ColumnTitle(f->name()), " ", text));
    }
  }
  return absl::StrJoin(parts, "; ");
}

// The flag that says a rank is shared ("tied" for "rank" and "position",
// "overall_tied" for "overall_rank"), shown with the rank as "3=" and
// never as a column of its own; "" for any other field.
std::string TieFlagOf(const std::string& rank_field) {
  if (rank_field == "rank" || rank_field == "position") return "tied";
  if (rank_field == "overall_rank") return "overall_tied";
  return "";
}

bool IsTieFlag(const FieldDescriptor* f) {
  return f->name() == "tied" || f->name() == "overall_tied";
}

// A column of a table: the field, or a field of a nested message.
struct Column {
  std::vector<const FieldDescriptor*> path;
  std::string name;  // "datum.board"
};

std::vector<Column> ColumnsOf(const google::protobuf::Descriptor* row) {
  std::vector<Column> columns;
  for (int i = 0; i < row->field_count(); ++i) {
    const FieldDescriptor* f = row->field(i);
    if (IsTieFlag(f)) continue;  // shown with the rank
    if (IsLeaf(f) || f->is_repeated()) {
      columns.push_back({{f}, f->name()});
      continue;
    }
    const google::protobuf::Descriptor* sub = f->message_type();
    for (int j = 0; j < sub->field_count(); ++j) {
      columns.push_back({{f, sub->field(j)},
                         absl::StrCat(f->name(), ".", sub->field(j)->name())});
    }
  }
  return columns;
}

// The cell's text, and its integer value for links (0 when none).
std::pair<std::string, int64_t> Cell(const Message& row, const Column& c,
                                     absl::TimeZone zone) {
  const Message* m = &row;
  for (size_t i = 0; i + 1 < c.path.size(); ++i) {
    if (!m->GetReflection()->HasField(*m, c.path[i])) return {"", 0};
    m = &m->GetReflection()->GetMessage(*m, c.path[i]);
  }
  const FieldDescriptor* f = c.path.back();
  int64_t value = 0;
  const Reflection* r = m->GetReflection();
  if (!f->is_repeated()) {
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_INT32) {
      value = r->GetInt32(*m, f);
    } else if (f->cpp_type() == FieldDescriptor::CPPTYPE_INT64) {
      value = r->GetInt64(*m, f);
    } else if (f->cpp_type() == FieldDescriptor::CPPTYPE_UINT64) {
      value = static_cast<int64_t>(r->GetUInt64(*m, f));
    }
  }
  return {FieldText(*m, f, -1, zone), value};
}

std::string LinkedText(const std::string& text, const std::string& href) {
  if (href.empty()) return HtmlEscape(text);
  return absl::StrCat("<a href=\"", HtmlEscape(href), "\">", HtmlEscape(text),
                      "</a>");
}

}  // namespace

std::string HtmlEscape(absl::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string PathSegment(absl::string_view id) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : id) {
    if (absl::ascii_isalnum(c) || c == '-' || c == '_') {
      out += static_cast<char>(c);
    } else {
      out += '~';
      out += kDigits[c >> 4];
      out += kDigits[c & 15];
    }
  }
  return out;
}

std::optional<std::string> IdFromSegment(absl::string_view segment) {
  std::string out;
  for (size_t i = 0; i < segment.size(); ++i) {
    const char c = segment[i];
    if (absl::ascii_isalnum(c) || c == '-' || c == '_') {
      out += c;
      continue;
    }
    if (c != '~' || i + 2 >= segment.size()) {
      return std::nullopt;
    }
    auto nibble = [](char h) -> int {
      if (h >= '0' && h <= '9') return h - '0';
      if (h >= 'A' && h <= 'F') return h - 'A' + 10;
      return -1;
    };
    const int hi = nibble(segment[i + 1]), lo = nibble(segment[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    const char decoded = static_cast<char>(hi * 16 + lo);
    // Only what PathSegment escapes, so each id has one segment.
    if (absl::ascii_isalnum(decoded) || decoded == '-' || decoded == '_') {
      return std::nullopt;
    }
    out += decoded;
    i += 2;
  }
  return out;
}

std::string FieldText(const Message& message, const FieldDescriptor* field,
                      int index, absl::TimeZone zone) {
  const Reflection* r = message.GetReflection();
  if (field->is_repeated() && index < 0) {
    std::vector<std::string> parts;
    for (int i = 0; i < r->FieldSize(message, field); ++i) {
      parts.push_back(OneText(message, field, i, zone));
    }
    return absl::StrJoin(
        parts,
        field->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE ? " | " : ", ");
  }
  if (!field->is_repeated() &&
      field->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE &&
      !r->HasField(message, field)) {
    return "";
  }
  if (!field->is_repeated() && field->has_presence() &&
      field->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE &&
      !r->HasField(message, field)) {
    return "";
  }
  std::string text = OneText(message, field, index, zone);
  // A shared place (SABF TR 11.7, NSW TR 11.2): "3=".
  if (const std::string flag = TieFlagOf(field->name());
      !flag.empty() && index < 0) {
    const FieldDescriptor* tied =
        message.GetDescriptor()->FindFieldByName(flag);
    if (tied != nullptr && r->GetBool(message, tied)) text += "=";
  }
  // Zero is "none" for the counts and numbers of proto3 scalars; an
  // explicitly present field (optional) shows its zero.
  if (text == "0" && !field->has_presence() &&
      (field->cpp_type() == FieldDescriptor::CPPTYPE_INT32 ||
       field->cpp_type() == FieldDescriptor::CPPTYPE_INT64 ||
       field->cpp_type() == FieldDescriptor::CPPTYPE_UINT32 ||
       field->cpp_type() == FieldDescriptor::CPPTYPE_UINT64) &&
      (field->name() == "rank" || field->name() == "position" ||
       field->name().find("pair") != std::string::npos ||
       field->name() == "opponent" || field->name() == "opponents" ||
       field->name() == "away" || field->name() == "winner" ||
       field->name() == "loser" || field->name() == "round" ||
       field->name() == "supersedes_sequence")) {
    return "";
  }
  return text;
}

std::string ColumnTitle(absl::string_view path) {
  std::string out = absl::StrReplaceAll(path, {{"_", " "}, {".", ": "}});
  for (absl::string_view side : {"ns", "ew"}) {
    if (absl::StartsWith(out, absl::StrCat(side, " ")) || out == side) {
      out.replace(0, 2, absl::AsciiStrToUpper(side));
    }
  }
  if (!out.empty()) out[0] = absl::ascii_toupper(out[0]);
  return out;
}

std::string TableHtml(const Message& message, absl::string_view field_name,
                      const Linker& link, absl::TimeZone zone) {
  const FieldDescriptor* f =
      message.GetDescriptor()->FindFieldByName(std::string(field_name));
  if (f == nullptr || !f->is_repeated() ||
      f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE) {
    return "";
  }
  const Reflection* r = message.GetReflection();
  const int n = r->FieldSize(message, f);
  if (n == 0) return "";
  std::vector<Column> columns = ColumnsOf(f->message_type());
  std::vector<std::vector<std::pair<std::string, int64_t>>> cells(n);
  std::vector<bool> used(columns.size(), false);
  for (int i = 0; i < n; ++i) {
    const Message& row = r->GetRepeatedMessage(message, f, i);
    for (size_t c = 0; c < columns.size(); ++c) {
      cells[i].push_back(Cell(row, columns[c], zone));
      // A column of nothing but zeros (proto3's "not set") is left out.
      const std::string& text = cells[i].back().first;
      if (!text.empty() && text != "0") used[c] = true;
    }
  }
  std::string html = "<div class=\"scroll\"><table>\n<thead><tr>";
  for (size_t c = 0; c < columns.size(); ++c) {
    if (used[c]) {
      absl::StrAppend(&html, "<th>", HtmlEscape(ColumnTitle(columns[c].name)),
                      "</th>");
    }
  }
  html += "</tr></thead>\n<tbody>\n";
  for (int i = 0; i < n; ++i) {
    html += "<tr>";
    for (size_t c = 0; c < columns.size(); ++c) {
      if (!used[c]) continue;
      const auto& [text, value] = cells[i][c];
      std::string href = (link && value != 0 && !text.empty())
                             ? link(columns[c].name, value)
                             : "";
      // The column's title again, for a phone's stacked rows (page_style.h).
      absl::StrAppend(&html, "<td data-label=\"",
                      HtmlEscape(ColumnTitle(columns[c].name)), "\">",
                      LinkedText(text, href), "</td>");
    }
    html += "</tr>\n";
  }
  html += "</tbody></table></div>\n";
  return html;
}

std::string MessageHtml(const Message& message, const Linker& link,
                        const std::vector<std::string>& skip,
                        absl::TimeZone zone) {
  std::vector<const FieldDescriptor*> fields;
  message.GetReflection()->ListFields(message, &fields);
  auto skipped = [&](const FieldDescriptor* f) {
    for (const std::string& s : skip) {
      if (s == f->name()) return true;
    }
    return false;
  };
  std::string html;
  std::string facts;
  for (const FieldDescriptor* f : fields) {
    if (skipped(f) || IsTieFlag(f)) continue;
    if (IsLeaf(f) || (f->is_repeated() &&
                      f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE)) {
      const std::string text = FieldText(message, f, -1, zone);
      if (text.empty()) continue;
      int64_t value = 0;
      if (!f->is_repeated() &&
          f->cpp_type() == FieldDescriptor::CPPTYPE_INT32) {
        value = message.GetReflection()->GetInt32(message, f);
      }
      const std::string href =
          (link && value != 0) ? link(f->name(), value) : "";
      absl::StrAppend(&facts, "<dt>", HtmlEscape(ColumnTitle(f->name())),
                      "</dt><dd>", LinkedText(text, href), "</dd>\n");
    }
  }
  if (!facts.empty()) absl::StrAppend(&html, "<dl>\n", facts, "</dl>\n");
  for (const FieldDescriptor* f : fields) {
    if (skipped(f) || IsLeaf(f)) continue;
    if (f->is_repeated() && f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
      absl::StrAppend(&html, "<h3>", HtmlEscape(ColumnTitle(f->name())),
                      "</h3>\n", TableHtml(message, f->name(), link, zone));
    } else if (!f->is_repeated()) {
      absl::StrAppend(
          &html, "<section><h3>", HtmlEscape(ColumnTitle(f->name())), "</h3>\n",
          MessageHtml(message.GetReflection()->GetMessage(message, f), link, {},
                      zone),
          "</section>\n");
    }
  }
  return html;
}

}  // namespace tally::server::http
