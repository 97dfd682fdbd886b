// The one check of a request's shape, before any handler looks at it: a walk
// of the message by protobuf reflection (its descriptor), the same for every
// RPC of every service. It refuses, with INVALID_ARGUMENT naming the field
// path: an enum value the proto does not define; an id, name or text over
// its length limit or holding control characters; a command without an
// idempotency key or tournament; a number outside its range; a Fraction with
// a zero or too large denominator; a Timestamp outside 2000-2100; a day that
// is not YYYY-MM-DD in 2000-2100; a repeated field with too many elements.
// Every limit is in docs/input-limits.md. Error messages quote at most a
// short, escaped prefix of what was sent. Stateless; thread-safe.

#ifndef TALLY_SERVER_REQUEST_VALIDATOR_H_
#define TALLY_SERVER_REQUEST_VALIDATOR_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/message.h"

namespace tally::server {

// The limits (docs/input-limits.md gives the reason for each).
inline constexpr size_t kMaxIdBytes = 256;       // *_id, id, idempotency_key
inline constexpr size_t kMaxNameBytes = 200;     // names, clauses, labels
inline constexpr size_t kMaxTextBytes = 4096;    // reasons, rulings' texts
inline constexpr int kMaxRepeated = 1000;        // elements of a repeated field
inline constexpr int64_t kMaxInteger = 1000000;  // |any integer|
inline constexpr int64_t kMaxDenominator = 1000;      // any Fraction
inline constexpr int64_t kMaxFractionValue = 100000;  // |any Fraction|
inline constexpr int kMaxDecimalPlaces = 4;           // a DecimalValue
inline constexpr int kMinYear = 2000;                 // Timestamps and days
inline constexpr int kMaxYear = 2100;

// OK, or INVALID_ARGUMENT naming the first field that breaks a limit.
absl::Status ValidateRequest(const google::protobuf::Message& request);

// ValidateRequest, and a command (a request carrying CommandOptions) names
// its idempotency key and, where it has the field, its tournament. (A
// what-if takes a command's request but appends nothing: it needs no key.)
absl::Status ValidateCommand(const google::protobuf::Message& request);

// The same numeric, enum and time checks (not the string ones) on a stored
// event's payload: OK, or INVALID_ARGUMENT naming the field. Used to name
// the event behind a figure that cannot be worked out (server/read_guard.h).
absl::Status ValidateStoredValues(const google::protobuf::Message& payload);

// `text` fit to quote in a message or a log line: at most its first 40
// bytes, control and non-ASCII bytes escaped as \xNN, with the full length
// when cut.
std::string QuoteForMessage(absl::string_view text);

}  // namespace tally::server

#endif  // TALLY_SERVER_REQUEST_VALIDATOR_H_
