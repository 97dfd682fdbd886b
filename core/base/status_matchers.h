// GoogleTest matchers for absl::Status and absl::StatusOr, which Debian 12's
// Abseil does not ship: IsOk(), StatusIs(code), StatusIs(code, substr_matcher).
// Test-only.

#ifndef TALLY_CORE_BASE_STATUS_MATCHERS_H_
#define TALLY_CORE_BASE_STATUS_MATCHERS_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gmock/gmock.h"

namespace tally::testing {

inline const absl::Status& GetStatus(const absl::Status& s) { return s; }
template <typename T>
const absl::Status& GetStatus(const absl::StatusOr<T>& s) {
  return s.status();
}

MATCHER(IsOk, "is OK") {
  const absl::Status& s = ::tally::testing::GetStatus(arg);
  *result_listener << "status is " << s;
  return s.ok();
}

MATCHER_P(StatusIs, code,
          "has code " + std::string(absl::StatusCodeToString(code))) {
  const absl::Status& s = ::tally::testing::GetStatus(arg);
  *result_listener << "status is " << s;
  return s.code() == code;
}

MATCHER_P2(StatusIs, code, message_matcher,
           "has code " + std::string(absl::StatusCodeToString(code))) {
  const absl::Status& s = ::tally::testing::GetStatus(arg);
  *result_listener << "status is " << s;
  return s.code() == code &&
         ::testing::Matches(message_matcher)(std::string(s.message()));
}

}  // namespace tally::testing

#endif  // TALLY_CORE_BASE_STATUS_MATCHERS_H_
