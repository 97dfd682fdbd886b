// Fuzz target: the interchange readers and writers (server/interchange/),
// which `tally import` runs on files from anywhere. An input is a file's
// bytes, given to all four readers (USEBIO and PBN, pairs and teams).
// Findings: any crash or sanitizer report, and a broken round trip: a file
// a reader accepts and its writer writes must read back, and equal on
// every field tally represents (docs/interchange.md, "Round trip").

#include <cstdio>
#include <cstdlib>
#include <string>

#include "server/interchange/pbn_reader.h"
#include "server/interchange/pbn_teams_reader.h"
#include "server/interchange/pbn_teams_writer.h"
#include "server/interchange/pbn_writer.h"
#include "server/interchange/session_file.h"
#include "server/interchange/teams_file.h"
#include "server/interchange/usebio_reader.h"
#include "server/interchange/usebio_teams_reader.h"
#include "server/interchange/usebio_teams_writer.h"
#include "server/interchange/usebio_writer.h"

namespace {

namespace ix = tally::interchange;

[[noreturn]] void Finding(const char* format, const std::string& what) {
  std::fprintf(stderr, "%s: %s\n", format, what.c_str());
  std::abort();
}

// Read, and where that succeeds write, read again and compare.
template <typename File, typename Read, typename Write, typename Compare>
void RoundTrip(const std::string& bytes, const char* format, Read read,
               Write write, Compare first_difference) {
  absl::StatusOr<File> file = read(bytes, "fuzz");
  if (!file.ok()) return;
  absl::StatusOr<std::string> written = write(*file);
  if (!written.ok()) return;  // a file a writer cannot carry is refused
  absl::StatusOr<File> again = read(*written, "written");
  if (!again.ok()) {
    Finding(format, "the written file is refused: " +
                        std::string(again.status().message()));
  }
  if (const std::string d = first_difference(*file, *again); !d.empty()) {
    Finding(format, "the written file reads back different: " + d);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  RoundTrip<ix::SessionFile>(bytes, "USEBIO pairs", ix::ReadUsebio,
                             ix::WriteUsebio, ix::FirstDifference);
  RoundTrip<ix::SessionFile>(bytes, "PBN pairs", ix::ReadPbn, ix::WritePbn,
                             ix::FirstDifference);
  RoundTrip<ix::TeamsFile>(bytes, "USEBIO teams", ix::ReadUsebioTeams,
                           ix::WriteUsebioTeams, ix::FirstTeamsDifference);
  RoundTrip<ix::TeamsFile>(bytes, "PBN teams", ix::ReadPbnTeams,
                           ix::WritePbnTeams, ix::FirstTeamsDifference);
  return 0;
}
