// The pairs profile check (see pairs_profile_check.h).

#include "server/interchange/pairs_profile_check.h"

#include <string>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "replay/butler/decide_butler.h"
#include "replay/profile/profile_loader.h"
#include "replay/state/state.h"

namespace tally::interchange {
namespace {

// The event kind and scoring a profile needs to score `scoring` files.
struct Needed {
  v1::EventKind kind;
  v1::ScoringMethod method;
  const char* what;
};

Needed NeededFor(FileScoring scoring) {
  switch (scoring) {
    case FileScoring::kButlerImps:
      return {v1::EVENT_KIND_BUTLER_PAIRS, v1::SCORING_METHOD_IMPS_VS_DATUM,
              "Butler pairs (IMPs against a datum), as club_butler_pairs"};
    case FileScoring::kCrossImps:
      return {v1::EVENT_KIND_BUTLER_PAIRS, v1::SCORING_METHOD_CROSS_IMPS,
              "cross-IMP pairs, as cross_imp_pairs"};
    case FileScoring::kMatchpoints:
      break;
  }
  return {v1::EVENT_KIND_MATCHPOINT_PAIRS, v1::SCORING_METHOD_MATCHPOINTS,
          "matchpoint pairs"};
}

}  // namespace

absl::Status CheckPairsProfile(const SessionFile& file,
                               const std::vector<ImportStep>& steps,
                               const v1::RegulationProfile& profile,
                               const std::string& file_name) {
  const Needed needed = NeededFor(file.scoring);
  if (profile.event_kind() != needed.kind ||
      profile.scoring() != needed.method) {
    return absl::InvalidArgumentError(absl::StrCat(
        file_name, " line ", file.line, ": the file is scored ",
        FileScoringName(file.scoring), ", but profile ", profile.name(),
        " scores ", v1::EventKind_Name(profile.event_kind()), " by ",
        v1::ScoringMethod_Name(profile.scoring()), "; give a profile for ",
        needed.what, " ('tally profiles' lists them); nothing was sent"));
  }
  if (needed.kind != v1::EVENT_KIND_BUTLER_PAIRS) return absl::OkStatus();
  absl::StatusOr<core::RegulationProfile> rules =
      replay::ProfileFromSpec(profile.spec());
  if (!rules.ok()) return rules.status();
  replay::CompetitionState competition;  // a new one: no earlier sessions
  competition.profile = *std::move(rules);
  for (const ImportStep& step : steps) {
    const auto* define = std::get_if<v1::DefineSessionRequest>(&step.request);
    if (define == nullptr || !define->has_explicit_movement()) continue;
    if (absl::Status s = replay::CheckButlerMovement(
            define->explicit_movement(), competition);
        !s.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(
          file_name, " line ", step.line, " (", step.what, "): profile ",
          profile.name(), " cannot score the file's movement: ", s.message(),
          "; nothing was sent"));
    }
  }
  return absl::OkStatus();
}

}  // namespace tally::interchange
