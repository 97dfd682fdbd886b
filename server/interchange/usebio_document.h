// What the USEBIO 1.2 readers (pairs: usebio_reader.cc; Swiss teams:
// usebio_teams_reader.cc) and writers share: the file parsed, its one EVENT found, a
// refusal naming the file and line, the elements tally ignores, and an
// element's text, number or figure read or refused. Each reader derives
// from it. Thread-compatible; the nodes it hands out live as long as it.

#ifndef TALLY_SERVER_INTERCHANGE_USEBIO_DOCUMENT_H_
#define TALLY_SERVER_INTERCHANGE_USEBIO_DOCUMENT_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/base/rational.h"
#include "pugixml.hpp"
#include "tally/v1/common.pb.h"

namespace tally::interchange {

class UsebioDocument {
 protected:
  UsebioDocument(const std::string& bytes, const std::string& file_name);

  // The file parsed as USEBIO 1.2 and its one <EVENT>; else the refusal
  // naming the line (`one_a_file` says what tally imports, "one session a
  // file").
  absl::StatusOr<pugi::xml_node> OneEvent(absl::string_view one_a_file);

  const std::string& file_name() const { return file_name_; }
  int LineOf(ptrdiff_t offset) const;
  int Line(pugi::xml_node n) const { return LineOf(n.offset_debug()); }

  // InvalidArgument "FILE line N: what".
  absl::Status Refuse(int line, const std::string& what) const;

  // OK for an element that carries nothing tally keeps or needs for a
  // figure (docs/interchange.md lists them); else the refusal, since tally
  // cannot tell whether it changes a figure.
  absl::Status Known(pugi::xml_node n) const;

  // The North-South score of `result` on `board` (Law 77), checked against
  // the file's <SCORE> text when there is one; else the refusal at `line`,
  // `where` ("board 3, 1 v 4") naming the result.
  absl::StatusOr<int> CheckedScore(int line, const std::string& where,
                                   const v1::TableResult& result, int board,
                                   const std::string* file_score) const;

  static std::string Text(pugi::xml_node n);
  absl::StatusOr<int> Number(pugi::xml_node n, int min, int max) const;
  absl::StatusOr<core::Rational> Figure(pugi::xml_node n) const;

 private:
  const std::string& bytes_;
  const std::string& file_name_;
  std::vector<size_t> newlines_;
  pugi::xml_document doc_;
};

// The writers' side: `doc`'s XML declaration, the USEBIO 1.2 doctype and
// root, and the root's <EVENT EVENT_TYPE="event_type">, returned.
pugi::xml_node AppendUsebioEvent(pugi::xml_document& doc,
                                 const char* event_type);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_USEBIO_DOCUMENT_H_
