// Fuzz target: commands decoded from bytes and run through their decide
// steps against the fixture tournament (tests/fuzz/fuzz_fixture.h).
//
// An input is up to eight commands, each a byte naming the command
// (fuzz_commands' table, modulo its size) and a record (fuzz_input.h)
// holding the request's wire bytes. A command that decodes and is accepted
// is folded into the State as the next event, so later commands of the
// input are decided against it. Findings: any crash or sanitizer report,
// and a decided event that Evolve refuses (decide let through what the
// State cannot hold: invariant 6 of the design).

#include <cstdio>
#include <cstdlib>

#include "replay/state/state.h"
#include "tests/fuzz/fuzz_commands.h"
#include "tests/fuzz/fuzz_fixture.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ::tally;
  const fuzz::Fixture& fixture = fuzz::TheFixture();
  fuzz::FuzzInput input(data, size);
  replay::State state = fixture.state;
  absl::Time at = fixture.now;
  for (int i = 0; i < 8 && !input.empty(); ++i, at += absl::Minutes(1)) {
    const int command = input.Byte();
    fuzz::DecidedCommand d =
        fuzz::DecodeAndDecide(command, input.Record(), state, at);
    if (!d.decoded || !d.payload.ok()) continue;
    v1::Event event = fuzz::NextEvent(state, d.tournament_id, *d.payload, at);
    if (absl::Status s = replay::Evolve(event, state); !s.ok()) {
      std::fprintf(stderr, "decided event does not fold: %s\nevent: %s\n",
                   s.ToString().c_str(), event.ShortDebugString().c_str());
      std::abort();
    }
  }
  return 0;
}
