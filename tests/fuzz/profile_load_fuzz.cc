// Fuzz target: the regulation profile loader (replay/profile/profile_loader.h).
// An input is a profile's textproto. Findings: any crash or sanitizer report,
// and the loader's two entry points disagreeing: a spec ParseProfileSpec
// accepts must convert with ProfileFromSpec (what a CompetitionCreated
// event's stored spec goes through on replay), and ParseProfile must accept
// the same text.

#include <cstdio>
#include <cstdlib>
#include <string>

#include "replay/profile/profile_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<tally::v1::RegulationProfileSpec> spec =
      tally::replay::ParseProfileSpec(text, "fuzz.textproto");
  absl::StatusOr<tally::core::RegulationProfile> profile =
      tally::replay::ParseProfile(text, "fuzz.textproto");
  if (spec.ok() != profile.ok()) {
    std::fprintf(stderr, "ParseProfileSpec %s but ParseProfile %s\n",
                 spec.status().ToString().c_str(),
                 profile.status().ToString().c_str());
    std::abort();
  }
  if (spec.ok()) {
    absl::StatusOr<tally::core::RegulationProfile> replayed =
        tally::replay::ProfileFromSpec(*spec);
    if (!replayed.ok()) {
      std::fprintf(stderr, "a parsed spec does not convert: %s\n",
                   replayed.status().ToString().c_str());
      std::abort();
    }
  }
  return 0;
}
