// Tables that give each value of an enum a stable string id (the ids a
// regulation profile's textproto uses), and the two lookups over them:
// value -> id and id -> value with an error that lists the known ids.
//
//   constexpr EnumIdTable<TrimCountRounding, 3> kTrimRoundings = {{
//       {TrimCountRounding::kDown, "down"}, ...}};
//   EnumId(kTrimRoundings, TrimCountRounding::kDown);         // "down"
//   ParseEnumId(kTrimRoundings, "trim count rounding", "up");
//
// Thread-safe: pure functions over constant tables.

#ifndef TALLY_CORE_BASE_ENUM_IDS_H_
#define TALLY_CORE_BASE_ENUM_IDS_H_

#include <array>
#include <cstddef>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"

namespace tally::core {

// Each value of `Enum` once, with its id, in the order errors list them.
template <typename Enum, size_t N>
using EnumIdTable = std::array<std::pair<Enum, absl::string_view>, N>;

// The id `table` gives `value`; "unknown" if the table does not list it.
template <typename Enum, size_t N>
absl::string_view EnumId(const EnumIdTable<Enum, N>& table, Enum value) {
  for (const auto& [v, id] : table) {
    if (v == value) return id;
  }
  return "unknown";
}

// The value whose id in `table` is `id`. InvalidArgument naming `what` and
// listing every id, e.g. `unknown half rounding "x"; expected one of "up",
// "down"`, if `id` is none of them.
template <typename Enum, size_t N>
absl::StatusOr<Enum> ParseEnumId(const EnumIdTable<Enum, N>& table,
                                 absl::string_view what, absl::string_view id) {
  for (const auto& [v, known] : table) {
    if (known == id) return v;
  }
  std::string ids =
      absl::StrJoin(table, ", ", [](std::string* out, const auto& p) {
        absl::StrAppend(out, "\"", p.second, "\"");
      });
  return absl::InvalidArgumentError(
      absl::StrCat("unknown ", what, " \"", id, "\"; expected one of ", ids));
}

}  // namespace tally::core

#endif  // TALLY_CORE_BASE_ENUM_IDS_H_
