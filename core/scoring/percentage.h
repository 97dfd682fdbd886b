// Session percentages: the share of the available matchpoints a pair earned,
// published to two decimal places (SABF TR 11.3).
//
// Pure functions of their arguments. Thread-safe.

#ifndef TALLY_CORE_SCORING_PERCENTAGE_H_
#define TALLY_CORE_SCORING_PERCENTAGE_H_

#include "core/base/decimal.h"
#include "core/base/rational.h"

namespace tally::core {

// 100 * earned / available, rounded once to the nearest two decimal places
// with halves away from zero: 42.495 -> 42.50 (SABF TR 11.3 says "to the
// nearest two decimal places" and names no rule for halves; away from zero is
// the usual reading of "nearest"). Requires available > 0; otherwise counts an
// arithmetic overflow (core/base/rational.h) and returns 0 (a session with
// nothing available has no percentage).
Decimal SessionPercentage(const Rational& earned, const Rational& available);

}  // namespace tally::core

#endif  // TALLY_CORE_SCORING_PERCENTAGE_H_
