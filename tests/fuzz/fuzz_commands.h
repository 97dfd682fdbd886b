// Every command tally's services run, as a table the fuzz targets and their
// fixture share: a command's request decoded from its wire bytes (the
// "decode" step a gRPC handler gets for free) and run through its decide
// step against a State, exactly as server/director_service.cc and
// server/venue_service.cc call it. Timed commands are decided at the time
// the caller gives, as CommandRunner::RunTimed would receive them.
//
// Thread-safe: pure functions over a constant table.

#ifndef TALLY_TESTS_FUZZ_FUZZ_COMMANDS_H_
#define TALLY_TESTS_FUZZ_FUZZ_COMMANDS_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "google/protobuf/message.h"
#include "replay/state/state.h"
#include "tally/v1/events.pb.h"

namespace tally::fuzz {

// The number of commands in the table; indexes run 0..CommandCount()-1.
int CommandCount();

// The index of the command whose request is `request`'s type, -1 if none.
int CommandIndexOf(const google::protobuf::Message& request);

// The request message of command `index` (modulo CommandCount()).
const google::protobuf::Message& RequestPrototype(int index);

// What decoding and deciding one command gave.
struct DecidedCommand {
  bool decoded = false;         // false: the bytes are not the request
  std::string tournament_id;    // the request's, for the event's stream
  absl::StatusOr<v1::EventPayload> payload = absl::UnknownError("not run");
};

// Parses `request_bytes` as the request of command `index` (taken modulo
// CommandCount()) and, when it parses, decides it against `state` at `at`.
DecidedCommand DecodeAndDecide(int index, absl::string_view request_bytes,
                               const replay::State& state, absl::Time at);

// `payload` as the next event of `tournament_id`'s stream in `state`,
// received at `at`: what the event log appends (without the chain hash).
v1::Event NextEvent(const replay::State& state,
                    const std::string& tournament_id,
                    const v1::EventPayload& payload, absl::Time at);

}  // namespace tally::fuzz

#endif  // TALLY_TESTS_FUZZ_FUZZ_COMMANDS_H_
