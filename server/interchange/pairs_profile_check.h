// Whether a regulation profile can score a pairs file as the file was
// scored, checked before anything is sent, so that a file imported under
// the wrong profile appends nothing (the teams files' CheckTeamsProfile,
// teams_import_plan.h, does the same for theirs).

#ifndef TALLY_SERVER_INTERCHANGE_PAIRS_PROFILE_CHECK_H_
#define TALLY_SERVER_INTERCHANGE_PAIRS_PROFILE_CHECK_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "server/interchange/import_plan.h"
#include "server/interchange/session_file.h"
#include "tally/v1/query.pb.h"

namespace tally::interchange {

// OK when `profile` scores boards as `file` does (matchpoints, Butler IMPs
// against a datum, or cross-IMPs) and, for IMP pairs, when the movement the
// plan's `steps` define passes the profile's Butler movement rules (one
// field or NS and EW fields, enough tables for its datum: the checks
// tallyd's DefineSession makes, replay/butler/decide_butler.h). Otherwise
// INVALID_ARGUMENT naming `file_name`, the line and what does not fit.
absl::Status CheckPairsProfile(const SessionFile& file,
                               const std::vector<ImportStep>& steps,
                               const v1::RegulationProfile& profile,
                               const std::string& file_name);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_PAIRS_PROFILE_CHECK_H_
