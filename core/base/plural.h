// A count with its noun in the right number, for messages a person reads:
// Counted(1, "result") is "1 result", Counted(3, "result") "3 results",
// Counted(2, "match", "matches") "2 matches". Pure; thread-safe.

#ifndef TALLY_CORE_BASE_PLURAL_H_
#define TALLY_CORE_BASE_PLURAL_H_

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace tally::core {

// `n` and the noun: `one` when n is 1, else `many` (default: `one` + "s").
template <typename Number>
std::string Counted(Number n, absl::string_view one,
                    absl::string_view many = {}) {
  if (n == 1) return absl::StrCat(n, " ", one);
  return many.empty() ? absl::StrCat(n, " ", one, "s")
                      : absl::StrCat(n, " ", many);
}

}  // namespace tally::core

#endif  // TALLY_CORE_BASE_PLURAL_H_
