// CompactResult: a table's entered outcome (v1::TableResult) as the State
// holds it, in 8 bytes and no allocation of its own (issue #19). A
// v1::TableResult is a 32-byte message whose played contract is a separate
// heap message; the State holds one per entered result, so this is most of
// the memory a replayed log costs.
//
// The conversion is exact both ways for every outcome (played, passed out,
// not played, score only, none) whose numbers fit: the contract's numbers
// and enums each in 0..255, a score-only score in a 16-bit integer. A
// decided result always fits (a level 1-7, tricks 0-13, a score some Law 77
// result scores); CompactResultOf refuses one that does not rather than
// change it. Unknown fields of the message are not kept.
// Value type; thread-compatible.

#ifndef TALLY_REPLAY_STATE_COMPACT_RESULT_H_
#define TALLY_REPLAY_STATE_COMPACT_RESULT_H_

#include <cstdint>
#include <optional>

#include "tally/v1/common.pb.h"

namespace tally::replay {

struct CompactResult {
  // Which of v1::TableResult's `outcome` is set.
  enum class Outcome : uint8_t {
    kNone,
    kPlayed,
    kPassedOut,
    kNotPlayed,
    kScoreOnly,
  };
  Outcome outcome = Outcome::kNone;
  // kPlayed: v1::PlayedContract's fields (the enums by number).
  uint8_t level = 0;
  uint8_t strain = 0;
  uint8_t doubling = 0;
  uint8_t declarer = 0;
  uint8_t tricks = 0;
  // kScoreOnly: v1::ScoreOnly's North-South score.
  int16_t score_only = 0;

  bool has_played() const { return outcome == Outcome::kPlayed; }
  bool has_not_played() const { return outcome == Outcome::kNotPlayed; }

  friend bool operator==(const CompactResult&, const CompactResult&) = default;
};

// `result` compactly, or nullopt when one of its numbers does not fit (see
// above; never for a result the decide steps accepted).
std::optional<CompactResult> CompactResultOf(const v1::TableResult& result);

// The v1::TableResult `result` was made from, field for field.
v1::TableResult ToTableResult(const CompactResult& result);
void ToTableResult(const CompactResult& result, v1::TableResult& out);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_STATE_COMPACT_RESULT_H_
