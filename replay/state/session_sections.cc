#include "replay/state/session_sections.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "core/scoring/matchpoints.h"
#include "replay/state/bridge_convert.h"

namespace tally::replay {

SessionSections::SessionSections(const SessionState& session)
    : sections_(FromProtoSections(session.movement)) {}

std::string SessionSections::OfTable(int table) const {
  const core::MovementSection* s = core::SectionOfTable(sections_, table);
  return s == nullptr ? "" : s->name;
}

std::string SessionSections::OfPair(int pair) const {
  const core::MovementSection* s = core::SectionOfPair(sections_, pair);
  return s == nullptr ? "" : s->name;
}

std::string SessionSections::TableLabel(int table) const {
  const core::MovementSection* s = core::SectionOfTable(sections_, table);
  if (s == nullptr) return absl::StrCat(table);
  return absl::StrCat(s->name, table - s->first_table + 1);
}

std::string SessionSections::PairLabel(int pair) const {
  const core::MovementSection* s = core::SectionOfPair(sections_, pair);
  if (s == nullptr) return absl::StrCat(pair);
  return absl::StrCat(s->name, pair - s->first_pair + 1);
}

bool SectionsScoredAcrossTheField(const core::RegulationProfile& profile) {
  return profile.sections.has_value() && profile.sections->across_field;
}

ComparisonTimes::ComparisonTimes(const SessionState& session,
                                 bool across_field, bool factor_short_boards)
    : sections_(session),
      by_section_(!across_field && !sections_.empty()),
      factor_short_boards_(factor_short_boards) {
  if (!by_section_) {
    times_[""] = session.times_scheduled;
  } else {
    for (const auto& [table_board, slot] : session.slots) {
      ++times_[sections_.OfTable(table_board.first)][table_board.second];
    }
  }
  for (const auto& [section, boards] : times_) {
    for (const auto& [board, times] : boards) most_ = std::max(most_, times);
  }
}

ComparisonTimes::ComparisonTimes(const SessionState& session,
                                 const core::RegulationProfile& profile)
    : ComparisonTimes(session, SectionsScoredAcrossTheField(profile),
                      profile.club.has_value() &&
                          profile.club->factor_short_boards) {}

std::string ComparisonTimes::ComparisonOfTable(int table) const {
  return by_section_ ? sections_.OfTable(table) : "";
}

std::string ComparisonTimes::ComparisonOfPair(int pair) const {
  return by_section_ ? sections_.OfPair(pair) : "";
}

std::vector<std::string> ComparisonTimes::ComparisonsOfBoard(int board) const {
  if (!by_section_) return {""};
  std::vector<std::string> out;
  for (const core::MovementSection& section : sections_.all()) {
    auto it = times_.find(section.name);
    if (it != times_.end() && it->second.contains(board)) {
      out.push_back(section.name);
    }
  }
  return out;
}

int ComparisonTimes::In(const std::string& comparison, int board) const {
  auto section = times_.find(comparison);
  if (section == times_.end()) return 0;
  auto it = section->second.find(board);
  if (it == section->second.end() || it->second == 0) return 0;
  return factor_short_boards_ ? most_ : it->second;
}

int ComparisonTimes::Of(int pair, int board) const {
  return In(ComparisonOfPair(pair), board);
}

int64_t ComparisonTimes::TopOf(int pair, int board) const {
  const int times = Of(pair, board);
  return times > 0 ? core::MatchpointTop(times) : 0;
}

int64_t ComparisonTimes::FullTopOf(int pair) const {
  auto section = times_.find(ComparisonOfPair(pair));
  if (section == times_.end()) return 0;
  int64_t top = 0;
  for (const auto& [board, times] : section->second) {
    if (times > 0) {
      top += core::MatchpointTop(factor_short_boards_ ? most_ : times);
    }
  }
  return top;
}

}  // namespace tally::replay
