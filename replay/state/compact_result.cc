#include "replay/state/compact_result.h"

#include <limits>

namespace tally::replay {
namespace {

bool FitsByte(int64_t v) { return v >= 0 && v <= 255; }

}  // namespace

std::optional<CompactResult> CompactResultOf(const v1::TableResult& result) {
  CompactResult out;
  switch (result.outcome_case()) {
    case v1::TableResult::kPlayed: {
      const v1::PlayedContract& p = result.played();
      if (!FitsByte(p.level()) || !FitsByte(p.strain()) ||
          !FitsByte(p.doubling()) || !FitsByte(p.declarer()) ||
          !FitsByte(p.tricks())) {
        return std::nullopt;
      }
      out.outcome = CompactResult::Outcome::kPlayed;
      out.level = static_cast<uint8_t>(p.level());
      out.strain = static_cast<uint8_t>(p.strain());
      out.doubling = static_cast<uint8_t>(p.doubling());
      out.declarer = static_cast<uint8_t>(p.declarer());
      out.tricks = static_cast<uint8_t>(p.tricks());
      return out;
    }
    case v1::TableResult::kPassedOut:
      out.outcome = CompactResult::Outcome::kPassedOut;
      return out;
    case v1::TableResult::kNotPlayed:
      out.outcome = CompactResult::Outcome::kNotPlayed;
      return out;
    case v1::TableResult::kScoreOnly: {
      const int32_t score = result.score_only().ns_score();
      if (score < std::numeric_limits<int16_t>::min() ||
          score > std::numeric_limits<int16_t>::max()) {
        return std::nullopt;
      }
      out.outcome = CompactResult::Outcome::kScoreOnly;
      out.score_only = static_cast<int16_t>(score);
      return out;
    }
    case v1::TableResult::OUTCOME_NOT_SET:
      return out;
  }
  return std::nullopt;  // an outcome this build does not know
}

void ToTableResult(const CompactResult& result, v1::TableResult& out) {
  out.Clear();
  switch (result.outcome) {
    case CompactResult::Outcome::kPlayed: {
      v1::PlayedContract* p = out.mutable_played();
      p->set_level(result.level);
      p->set_strain(static_cast<v1::Strain>(result.strain));
      p->set_doubling(static_cast<v1::Doubling>(result.doubling));
      p->set_declarer(static_cast<v1::Seat>(result.declarer));
      p->set_tricks(result.tricks);
      break;
    }
    case CompactResult::Outcome::kPassedOut:
      out.mutable_passed_out();
      break;
    case CompactResult::Outcome::kNotPlayed:
      out.mutable_not_played();
      break;
    case CompactResult::Outcome::kScoreOnly:
      out.mutable_score_only()->set_ns_score(result.score_only);
      break;
    case CompactResult::Outcome::kNone:
      break;
  }
}

v1::TableResult ToTableResult(const CompactResult& result) {
  v1::TableResult out;
  ToTableResult(result, out);
  return out;
}

}  // namespace tally::replay
