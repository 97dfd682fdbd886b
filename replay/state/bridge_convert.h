// Conversions between the wire/stored bridge types (tally.v1) and the pure
// core types. The one place that knows both. Thread-safe.

#ifndef TALLY_REPLAY_BRIDGE_CONVERT_H_
#define TALLY_REPLAY_BRIDGE_CONVERT_H_

#include "absl/status/statusor.h"
#include "core/base/decimal.h"
#include "core/base/rational.h"
#include "core/movement/movement.h"
#include "core/movement/sections.h"
#include "core/scoring/board.h"
#include "core/scoring/contract_score.h"
#include "tally/v1/common.pb.h"

namespace tally::replay {

// InvalidArgument naming the field when the value is unspecified.
absl::StatusOr<core::Seat> ToCoreSeat(v1::Seat seat);
absl::StatusOr<core::Strain> ToCoreStrain(v1::Strain strain);
core::Doubling ToCoreDoubling(v1::Doubling doubling);  // unspecified: none

v1::Seat ToProtoSeat(core::Seat seat);
v1::Vulnerability ToProtoVulnerability(core::Vulnerability v);

// The NS score of a table result (0 when passed out), checked: level 1..7,
// tricks 0..13, strain and declarer given; a score-only result must be a
// score some Law 77 result makes on the board's vulnerability.
// InvalidArgument otherwise.
absl::StatusOr<int> NorthSouthScoreOf(const v1::TableResult& result, int board);

// "4S= N", "3NT+1 S", "2HX-2 E", "passed out", "score only (no contract)".
std::string DescribeResult(const v1::TableResult& result);

v1::Fraction ToProtoFraction(const core::Rational& r);
v1::DecimalValue ToProtoDecimal(const core::Decimal& d);
v1::Movement ToProtoMovement(const core::Movement& m);
// The movement's rounds and its sections (Movement.sections), and back.
core::Movement FromProtoMovement(const v1::Movement& m);
std::vector<core::MovementSection> FromProtoSections(const v1::Movement& m);
void AddProtoSections(const std::vector<core::MovementSection>& sections,
                      v1::Movement& m);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_BRIDGE_CONVERT_H_
