// Reads a USEBIO 1.2 XML file of one pairs session (matchpoints, Butler or
// cross-IMPs; adjusted scores "Annnn"; a matchpoint session's SECTIONs,
// each numbering its own pairs) into a SessionFile (docs/interchange.md
// says what maps to what). Anything the
// file carries that tally cannot represent is refused with the line and
// what is missing; nothing is approximated. Pure: no I/O. Thread-safe.

#ifndef TALLY_SERVER_INTERCHANGE_USEBIO_READER_H_
#define TALLY_SERVER_INTERCHANGE_USEBIO_READER_H_

#include <string>

#include "absl/status/statusor.h"
#include "server/interchange/session_file.h"

namespace tally::interchange {

// The session in `bytes` (the whole file); `file_name` only names the file
// in refusals. INVALID_ARGUMENT, "NAME line N: ...", when the XML is not
// well formed, is not USEBIO 1.2, or carries something tally cannot
// represent (a result with no contract, an adjusted score, a second
// section, a scoring method other than matchpoints, ...).
absl::StatusOr<SessionFile> ReadUsebio(const std::string& bytes,
                                       const std::string& file_name);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_USEBIO_READER_H_
