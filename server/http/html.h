// The HTML the results pages are made of: escaping, ids as path segments,
// and a protobuf answer shown as tables (every field by reflection, so a
// page shows whatever the gRPC answer holds and nothing else). Every text
// that reaches a page goes through HtmlEscape here. Pure; thread-safe.

#ifndef TALLY_SERVER_HTTP_HTML_H_
#define TALLY_SERVER_HTTP_HTML_H_

#include <functional>
#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "google/protobuf/message.h"

namespace tally::server::http {

// `text` with & < > " ' replaced by entities: safe in element text and in
// quoted attribute values.
std::string HtmlEscape(absl::string_view text);

// An id as one path segment and file name: letters, digits, '-' and '_'
// kept, every other byte as "~XX" (hex), so that no id can name another
// folder ("..", "/") and a static file's name equals its link.
std::string PathSegment(absl::string_view id);
// The id back from a segment; nullopt when the segment is not one
// PathSegment makes.
std::optional<std::string> IdFromSegment(absl::string_view segment);

// The link for a cell of a table: given the column's field path (e.g.
// "ns_pair", "datum.board") and the cell's value, the href to link it to,
// or "" for none.
using Linker =
    std::function<std::string(absl::string_view column, int64_t value)>;

// One field's value as a person reads it: fractions exact ("368.33
// (1105/3)"), decimals as published, results "4S= N", enum values in
// lower case without their prefix, times in `zone` with its abbreviation
// (core::DateTimeText), bytes in hex, a tied rank "3=". Not escaped.
std::string FieldText(const google::protobuf::Message& message,
                      const google::protobuf::FieldDescriptor* field,
                      int index = -1,
                      absl::TimeZone zone = absl::UTCTimeZone());

// `message` as HTML: its set scalar fields as a list of names and values,
// then each repeated message field as a table (one row per element, one
// column per field any element sets, nested messages flattened a level),
// then nested messages the same way under a heading. Skips the fields in
// `skip` (top level only). Times in `zone` (the tournament's).
std::string MessageHtml(const google::protobuf::Message& message,
                        const Linker& link,
                        const std::vector<std::string>& skip = {},
                        absl::TimeZone zone = absl::UTCTimeZone());

// A repeated message field of `message` as one table ("" when empty).
std::string TableHtml(const google::protobuf::Message& message,
                      absl::string_view field_name, const Linker& link,
                      absl::TimeZone zone = absl::UTCTimeZone());

// "ns_pair" -> "NS pair", "matchpoints" -> "Matchpoints".
std::string ColumnTitle(absl::string_view path);

}  // namespace tally::server::http

#endif  // TALLY_SERVER_HTTP_HTML_H_
