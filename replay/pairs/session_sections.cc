#include "replay/pairs/session_sections.h"

#include "absl/strings/str_cat.h"
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

}  // namespace tally::replay
