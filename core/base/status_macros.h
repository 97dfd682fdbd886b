// TALLY_RETURN_IF_ERROR and TALLY_ASSIGN_OR_RETURN: Debian 12's Abseil
// (20220623) ships neither, so tally defines them once, here.
//
//   TALLY_RETURN_IF_ERROR(store.Write(batch));
//   TALLY_ASSIGN_OR_RETURN(Rational r, Rational::Parse(text));

#ifndef TALLY_CORE_BASE_STATUS_MACROS_H_
#define TALLY_CORE_BASE_STATUS_MACROS_H_

#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#define TALLY_RETURN_IF_ERROR(expr)                                   \
  do {                                                                \
    if (::absl::Status _tally_status = (expr); !_tally_status.ok()) { \
      return _tally_status;                                           \
    }                                                                 \
  } while (false)

#define TALLY_STATUS_CONCAT_INNER(a, b) a##b
#define TALLY_STATUS_CONCAT(a, b) TALLY_STATUS_CONCAT_INNER(a, b)

#define TALLY_ASSIGN_OR_RETURN(lhs, expr)                                     \
  TALLY_ASSIGN_OR_RETURN_IMPL(TALLY_STATUS_CONCAT(_tally_or_, __LINE__), lhs, \
                              expr)

#define TALLY_ASSIGN_OR_RETURN_IMPL(tmp, lhs, expr) \
  auto tmp = (expr);                                \
  if (!tmp.ok()) return std::move(tmp).status();    \
  lhs = std::move(tmp).value()

#endif  // TALLY_CORE_BASE_STATUS_MACROS_H_
