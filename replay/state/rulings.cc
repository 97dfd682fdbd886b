#include "replay/state/rulings.h"

#include <algorithm>
#include <set>

#include "absl/strings/str_cat.h"
#include "replay/state/fouled_ruling.h"

namespace tally::replay {

const std::vector<RulingRecord>& RulingsOfSession(
    const CompetitionState& competition, int session) {
  static const auto* const kNone = new std::vector<RulingRecord>();
  if (competition.PlaysMatches()) {
    auto round = competition.rounds.find(session);
    return round == competition.rounds.end() ? *kNone : round->second.rulings;
  }
  auto s = competition.sessions.find(session);
  return s == competition.sessions.end() ? *kNone : s->second.rulings;
}

std::vector<const RulingRecord*> RulingsInForce(
    const std::vector<RulingRecord>& rulings) {
  std::set<uint64_t> superseded;
  for (const RulingRecord& r : rulings) {
    // NZ LIRG 82C: the new ruling replaces the one it names.
    if (r.ruling.supersedes_sequence() != 0) {
      superseded.insert(r.ruling.supersedes_sequence());
    }
  }
  std::vector<const RulingRecord*> out;
  for (const RulingRecord& r : rulings) {
    if (!superseded.contains(r.sequence)) out.push_back(&r);
  }
  return out;
}

const RulingRecord* FindRuling(const std::vector<RulingRecord>& rulings,
                               uint64_t sequence) {
  for (const RulingRecord& r : rulings) {
    if (r.sequence == sequence) return &r;
  }
  return nullptr;
}

bool InForce(const std::vector<RulingRecord>& rulings, uint64_t sequence) {
  for (const RulingRecord* r : RulingsInForce(rulings)) {
    if (r->sequence == sequence) return true;
  }
  return false;
}

bool IsWrongSideRuling(const v1::RulingMade& ruling) {
  return ruling.has_fouled() &&
         ruling.fouled().treatment() == kWrongSideTreatment;
}

std::optional<AdjustmentInForce> AdjustmentAt(
    const std::vector<RulingRecord>& rulings, int board, int table,
    v1::Room room) {
  // NSW TR 12.6(b): "treat the board as fouled for one round and award
  // average to both sides": average to both at each of the round's tables.
  static const auto* const kAverageToBoth = [] {
    auto* a = new v1::AdjustedScore();
    a->mutable_artificial()->set_ns(v1::ARTIFICIAL_AWARD_AVERAGE);
    a->mutable_artificial()->set_ew(v1::ARTIFICIAL_AWARD_AVERAGE);
    return a;
  }();
  std::optional<AdjustmentInForce> found;
  for (const RulingRecord* r : RulingsInForce(rulings)) {
    const v1::RulingMade& m = r->ruling;
    if (IsWrongSideRuling(m) && m.board() == board &&
        room == v1::ROOM_UNSPECIFIED &&
        std::find(m.fouled().fouled_tables().begin(),
                  m.fouled().fouled_tables().end(),
                  table) != m.fouled().fouled_tables().end()) {
      found = AdjustmentInForce{r->sequence, kAverageToBoth,
                                v1::SIDE_UNSPECIFIED};
      continue;
    }
    if (!m.has_adjusted() || m.board() != board || m.table() != table ||
        m.room() != room) {
      continue;
    }
    // The latest in force holds (decide keeps it to one).
    found = AdjustmentInForce{r->sequence, &m.adjusted(), m.non_offending()};
  }
  return found;
}

std::vector<const RulingRecord*> PenaltiesInForce(
    const std::vector<RulingRecord>& rulings) {
  std::vector<const RulingRecord*> out;
  for (const RulingRecord* r : RulingsInForce(rulings)) {
    if (r->ruling.has_penalty()) out.push_back(r);
  }
  return out;
}

const RulingRecord* FouledTreatmentAt(const std::vector<RulingRecord>& rulings,
                                      int board) {
  const RulingRecord* found = nullptr;
  for (const RulingRecord* r : RulingsInForce(rulings)) {
    if (r->ruling.has_fouled() && !IsWrongSideRuling(r->ruling) &&
        !IsGuideMatchRuling(r->ruling) && r->ruling.board() == board) {
      found = r;
    }
  }
  return found;
}

bool IsGuideMatchRuling(const v1::RulingMade& ruling) {
  return ruling.has_fouled() && ruling.table() != 0 &&
         ruling.fouled().rule() == "guide_match_play";
}

const RulingRecord* GuideMatchRulingAt(const std::vector<RulingRecord>& rulings,
                                       int board, int table) {
  const RulingRecord* found = nullptr;
  for (const RulingRecord* r : RulingsInForce(rulings)) {
    if (IsGuideMatchRuling(r->ruling) && r->ruling.board() == board &&
        r->ruling.table() == table) {
      found = r;
    }
  }
  return found;
}

std::optional<v1::RulingMade> RulingOfVariedDecision(
    const v1::AppealLodged& lodged, const v1::AppealDecided& decided,
    const std::vector<RulingRecord>& rulings) {
  if (decided.outcome() != v1::APPEAL_OUTCOME_VARIED ||
      !decided.has_adjusted_score()) {
    return std::nullopt;
  }
  v1::RulingMade ruling;
  ruling.set_competition_id(lodged.competition_id());
  ruling.set_session(lodged.session());
  ruling.set_table(lodged.table());
  ruling.set_board(lodged.board());
  ruling.set_room(lodged.room());
  ruling.set_law(absl::StrCat("appeal ", decided.appeal(), " decided"));
  ruling.set_text(decided.decision());
  *ruling.mutable_adjusted() = decided.adjusted_score();
  if (std::optional<AdjustmentInForce> before = AdjustmentAt(
          rulings, lodged.board(), lodged.table(), lodged.room())) {
    ruling.set_supersedes_sequence(before->sequence);
  }
  return ruling;
}

std::optional<v1::RulingMade> RulingOfMeritPenalty(
    const v1::AppealLodged& lodged, const v1::AppealDecided& decided, int top,
    bool vps_as_ruling) {
  if (!decided.has_penalty()) return std::nullopt;
  const v1::MeritPenalty& m = decided.penalty();
  if (m.amount().denominator() <= 0) return std::nullopt;
  v1::RulingMade ruling;
  ruling.set_competition_id(lodged.competition_id());
  ruling.set_session(lodged.session());
  ruling.set_table(lodged.table());
  ruling.set_board(lodged.board());
  ruling.set_room(lodged.room());
  ruling.set_law(m.clause());
  ruling.set_text(absl::StrCat("appeal ", decided.appeal(),
                               " without merit: penalty on the appellant"));
  v1::RulingPenalty* p = ruling.mutable_penalty();
  p->set_kind(v1::PENALTY_KIND_PROCEDURAL);
  p->set_entrant(m.entrant() != 0 ? m.entrant() : lodged.appellant());
  *p->mutable_amount() = m.amount();
  switch (m.kind()) {
    case v1::MERIT_PENALTY_KIND_IMPS:
      p->set_unit(v1::SCORE_UNIT_IMPS);
      break;
    case v1::MERIT_PENALTY_KIND_VICTORY_POINTS:
      if (!vps_as_ruling) return std::nullopt;
      p->set_unit(v1::SCORE_UNIT_VPS);
      break;
    case v1::MERIT_PENALTY_KIND_MATCHPOINT_TOPS: {
      // "a full top if match points": the fraction of the board's top.
      const int64_t num = m.amount().numerator() * top;
      const int64_t den = m.amount().denominator();
      p->set_unit(v1::SCORE_UNIT_MATCHPOINTS);
      p->mutable_amount()->set_numerator(num);
      p->mutable_amount()->set_denominator(den);
      break;
    }
    default:
      return std::nullopt;
  }
  return ruling;
}

}  // namespace tally::replay
