// Regulation profiles from their readable form: a textproto of
// tally.v1.RegulationProfileSpec (proto/tally/v1/profile.proto) is parsed,
// converted to core::RegulationProfile (core/profile/profile.h) and
// validated (core::ValidateProfile). Every error is InvalidArgument and says
// where: "<source>:<line>:<column>: <field path>: <problem>" (the line and
// column, 1-based, wherever the file holds the field or its enclosing
// message), so a director editing a profile can find the mistake.
//
// The profiles shipped in core/profile/profiles/ are compiled into the
// binary (replay/profiles.cmake generates their text into the build tree),
// so no file is read at run time.
//
// Thread-safe: pure functions over constant data.

#ifndef TALLY_REPLAY_PROFILE_LOADER_H_
#define TALLY_REPLAY_PROFILE_LOADER_H_

#include <map>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/profile/profile.h"
#include "tally/v1/profile.pb.h"

namespace tally::replay {

// Parses `textproto` (named `source_name` in messages, e.g. the file name),
// converts and validates it. InvalidArgument on a syntax error (unknown
// field, wrong type, unknown enum value: the parser's message, with the
// field named), an unknown id or setting, or a profile ValidateProfile
// refuses.
absl::StatusOr<core::RegulationProfile> ParseProfile(
    absl::string_view textproto, absl::string_view source_name);

// ParseProfile, returning the parsed spec itself (validated the same way):
// what a CompetitionCreated event stores, so that replay never depends on
// the profile files of the binary doing the replay.
absl::StatusOr<v1::RegulationProfileSpec> ParseProfileSpec(
    absl::string_view textproto, absl::string_view source_name);

// Converts and validates an already parsed spec (e.g. one sent over gRPC).
// InvalidArgument "<field path>: <problem>" as ParseProfile, without lines.
absl::StatusOr<core::RegulationProfile> ProfileFromSpec(
    const v1::RegulationProfileSpec& spec);

// The shipped profiles' texts by name (the file name without .textproto).
const std::map<std::string, std::string>& BuiltInProfileTexts();

// The shipped profile `name`, parsed and validated. NotFound, listing the
// names, if there is none; InvalidArgument if it does not load (a bug the
// tests catch).
absl::StatusOr<core::RegulationProfile> FindBuiltInProfile(
    absl::string_view name);
absl::StatusOr<v1::RegulationProfileSpec> FindBuiltInProfileSpec(
    absl::string_view name);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_PROFILE_LOADER_H_
