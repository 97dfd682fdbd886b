// `tally define-session --sections=...`: the sections of a matchpoint pairs
// session written as "A:mitchell=3:2,B:howell=8:2" (each NAME:KIND=COUNT:
// BOARDS_PER_ROUND, KIND mitchell with COUNT tables or howell with COUNT
// pairs), read into DefineSessionRequest.sections. Pure; thread-safe.

#ifndef TALLY_SERVER_CLI_SECTIONS_OPTION_H_
#define TALLY_SERVER_CLI_SECTIONS_OPTION_H_

#include <string>

#include "absl/status/status.h"
#include "tally/v1/director.pb.h"

namespace tally::cli {

// Adds the sections `text` names to `request`. InvalidArgument naming the
// part it cannot read; the server checks names and sizes.
absl::Status ParseSectionsOption(const std::string& text,
                                 v1::DefineSessionRequest& request);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_SECTIONS_OPTION_H_
