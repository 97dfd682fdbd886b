// Fuzz target: the event codec and replay. An input is a sequence of records
// (fuzz_input.h), each the raw value stored under sequence 1, 2, ... as the
// event store holds it (a StoredEvent). They are replayed the way
// EventLog::Open does (replay/state/event_log.cc ReplayPrefix): each decoded
// and checked against the hash chain, then folded with Evolve, stopping at the
// first failure. Every decodable record is also folded without the chain
// check, so Evolve meets events whose hashes a fuzzer cannot forge.
// Findings: any crash or sanitizer report, and an event that does not
// survive EncodeEvent then DecodeLinkedEvent unchanged.

#include <cstdio>
#include <cstdlib>
#include <string>

#include "google/protobuf/util/message_differencer.h"
#include "replay/log/codec.h"
#include "replay/log/sha256.h"
#include "replay/state/state.h"
#include "tests/fuzz/fuzz_input.h"

namespace {

using namespace ::tally;

// Re-encodes `event` (hash cleared) and decodes it: it must come back equal.
void CheckRoundTrip(uint64_t sequence, const v1::Event& event) {
  v1::Event plain = event;
  plain.clear_hash();
  const v1::StoredEvent stored = replay::EncodeEvent(plain);
  absl::StatusOr<v1::Event> again = replay::DecodeLinkedEvent(
      sequence, stored.SerializeAsString(), plain.previous_hash());
  plain.set_hash(stored.hash());
  if (!again.ok() ||
      !google::protobuf::util::MessageDifferencer::Equals(*again, plain)) {
    std::fprintf(stderr, "event %llu does not round-trip: %s\n",
                 static_cast<unsigned long long>(sequence),
                 again.ok() ? again->ShortDebugString().c_str()
                            : again.status().ToString().c_str());
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::FuzzInput input(data, size);
  replay::State chained;   // as EventLog::Open replays
  bool chain_ok = true;
  replay::State unchained; // every decodable event, hashes unchecked
  bool unchained_ok = true;
  for (uint64_t sequence = 1; !input.empty() && sequence <= 64; ++sequence) {
    const std::string raw(input.Record());
    if (chain_ok) {
      const std::string previous = chained.last_sequence == 0
                                       ? replay::GenesisHash()
                                       : chained.last_hash;
      absl::StatusOr<v1::Event> event =
          replay::DecodeLinkedEvent(sequence, raw, previous);
      chain_ok = event.ok() && replay::Evolve(*event, chained).ok();
    }
    absl::StatusOr<v1::Event> event = replay::DecodeEvent(sequence, raw);
    if (!event.ok()) continue;
    CheckRoundTrip(sequence, *event);
    if (unchained_ok) unchained_ok = replay::Evolve(*event, unchained).ok();
  }
  return 0;
}
