// The State as bytes and back (proto/tally/v1/snapshot.proto), for
// snapshots of the projection. Every member of State and of the structs
// under it is written, except what Evolve itself derives and the decoder
// derives the same way: a competition's profile (from the
// CompetitionCreated's spec, which is written instead), a session's slots
// and boards' times scheduled (from its movement) and a tournament's time
// zone (from its name). Decode(Encode(s)) folds on exactly as `s` does.
//
// The bytes are deterministic: maps in key order, vectors in order, every
// message serialized deterministically, so two equal States encode to the
// same bytes (the snapshot tests compare States this way).
//
// kSnapshotFormat names the State's shape and Evolve's meaning: bump it
// whenever either changes (a snapshot of another format is ignored and
// the log replayed in full). state_codec.cc checks the structs' sizes at
// compile time so that a new member cannot be forgotten silently.
//
// Pure functions. Thread-safe.

#ifndef TALLY_REPLAY_SNAPSHOT_STATE_CODEC_H_
#define TALLY_REPLAY_SNAPSHOT_STATE_CODEC_H_

#include <cstdint>
#include <functional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "replay/log/event_store.h"
#include "replay/state/state.h"
#include "tally/v1/profile.pb.h"

namespace tally::replay {

inline constexpr uint32_t kSnapshotFormat = 1;

// The regulation profile spec a competition was created with (its
// CompetitionCreated's `profile`).
using ProfileSpecOf = std::function<absl::StatusOr<v1::RegulationProfileSpec>(
    const TournamentState&, const CompetitionState&)>;

// Reads each competition's CompetitionCreated from `store` (the first of
// its event_sequences). DataLoss when that event is not the competition's
// creation.
ProfileSpecOf ProfileSpecsFromStore(const EventStore& store);

// The State's bytes (a serialized v1::SnapshotState). Fails only when
// `spec_of` does.
absl::StatusOr<std::string> EncodeState(const State& state,
                                        const ProfileSpecOf& spec_of);

// The State of `bytes`, its derived members rebuilt. DataLoss when the
// bytes do not parse or do not make a State (a profile that does not
// load, a movement that does not index).
absl::StatusOr<State> DecodeState(absl::string_view bytes);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_SNAPSHOT_STATE_CODEC_H_
