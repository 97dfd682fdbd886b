#include "replay/state/bridge_convert.h"

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

namespace tally::replay {

absl::StatusOr<core::Seat> ToCoreSeat(v1::Seat seat) {
  switch (seat) {
    case v1::SEAT_NORTH:
      return core::Seat::kNorth;
    case v1::SEAT_EAST:
      return core::Seat::kEast;
    case v1::SEAT_SOUTH:
      return core::Seat::kSouth;
    case v1::SEAT_WEST:
      return core::Seat::kWest;
    default:
      return absl::InvalidArgumentError("the declarer must be N, E, S or W");
  }
}

absl::StatusOr<core::Strain> ToCoreStrain(v1::Strain strain) {
  switch (strain) {
    case v1::STRAIN_CLUBS:
      return core::Strain::kClubs;
    case v1::STRAIN_DIAMONDS:
      return core::Strain::kDiamonds;
    case v1::STRAIN_HEARTS:
      return core::Strain::kHearts;
    case v1::STRAIN_SPADES:
      return core::Strain::kSpades;
    case v1::STRAIN_NO_TRUMP:
      return core::Strain::kNoTrump;
    default:
      return absl::InvalidArgumentError("the strain must be C, D, H, S or NT");
  }
}

core::Doubling ToCoreDoubling(v1::Doubling doubling) {
  switch (doubling) {
    case v1::DOUBLING_DOUBLED:
      return core::Doubling::kDoubled;
    case v1::DOUBLING_REDOUBLED:
      return core::Doubling::kRedoubled;
    default:
      return core::Doubling::kUndoubled;
  }
}

v1::Seat ToProtoSeat(core::Seat seat) {
  switch (seat) {
    case core::Seat::kNorth:
      return v1::SEAT_NORTH;
    case core::Seat::kEast:
      return v1::SEAT_EAST;
    case core::Seat::kSouth:
      return v1::SEAT_SOUTH;
    case core::Seat::kWest:
      return v1::SEAT_WEST;
  }
  return v1::SEAT_UNSPECIFIED;
}

v1::Vulnerability ToProtoVulnerability(core::Vulnerability v) {
  switch (v) {
    case core::Vulnerability::kNone:
      return v1::VULNERABILITY_NONE;
    case core::Vulnerability::kNorthSouth:
      return v1::VULNERABILITY_NORTH_SOUTH;
    case core::Vulnerability::kEastWest:
      return v1::VULNERABILITY_EAST_WEST;
    case core::Vulnerability::kBoth:
      return v1::VULNERABILITY_BOTH;
  }
  return v1::VULNERABILITY_UNSPECIFIED;
}

absl::StatusOr<int> NorthSouthScoreOf(const v1::TableResult& result,
                                      int board) {
  if (result.has_passed_out()) return 0;
  if (result.has_score_only()) {
    const int score = result.score_only().ns_score();
    TALLY_ASSIGN_OR_RETURN(core::BoardConditions conditions,
                           core::ConditionsForBoard(board));
    if (!core::IsAttainableNorthSouthScore(score, conditions.vulnerability)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "North-South ", score > 0 ? "+" : "", score, " on board ", board,
          " (", core::VulnerabilityWords(conditions.vulnerability),
          ") is not a score any contract can make or go down to under "
          "Law 77: check the score entered"));
    }
    return score;
  }
  if (result.has_not_played()) {
    return absl::InvalidArgumentError(
        "a board not played has no score: the director rules it not played "
        "at the table with an artificial adjusted score (Law 12C2(a); "
        "`tally rule --not-played`)");
  }
  if (!result.has_played()) {
    return absl::InvalidArgumentError(
        "the result is empty: give the contract, declarer and tricks, or "
        "passed out");
  }
  const v1::PlayedContract& p = result.played();
  TALLY_ASSIGN_OR_RETURN(core::Strain strain, ToCoreStrain(p.strain()));
  TALLY_ASSIGN_OR_RETURN(core::Seat declarer, ToCoreSeat(p.declarer()));
  TALLY_ASSIGN_OR_RETURN(core::BoardConditions conditions,
                         core::ConditionsForBoard(board));
  return core::NorthSouthScore(
      {p.level(), strain, ToCoreDoubling(p.doubling())}, declarer,
      conditions.vulnerability, p.tricks());
}

std::string DescribeResult(const v1::TableResult& result) {
  if (result.has_passed_out()) return "passed out";
  if (result.has_not_played()) return "not played";
  if (result.has_score_only()) return "score only (no contract)";
  if (!result.has_played()) return "no result";
  const v1::PlayedContract& p = result.played();
  absl::StatusOr<core::Strain> strain = ToCoreStrain(p.strain());
  absl::StatusOr<core::Seat> seat = ToCoreSeat(p.declarer());
  if (!strain.ok() || !seat.ok()) return "malformed result";
  std::string contract = core::ContractToString(
      {p.level(), *strain, ToCoreDoubling(p.doubling())});
  int over = p.tricks() - (p.level() + 6);
  std::string made = over == 0  ? "="
                     : over > 0 ? absl::StrCat("+", over)
                                : absl::StrCat(over);
  return absl::StrCat(contract, made, " ", core::SeatName(*seat));
}

v1::Fraction ToProtoFraction(const core::Rational& r) {
  v1::Fraction f;
  f.set_numerator(r.numerator());
  f.set_denominator(r.denominator());
  return f;
}

v1::DecimalValue ToProtoDecimal(const core::Decimal& d) {
  v1::DecimalValue v;
  v.set_units(d.units());
  v.set_places(d.places());
  return v;
}

v1::Movement ToProtoMovement(const core::Movement& m) {
  v1::Movement out;
  for (const core::MovementRound& r : m.rounds) {
    v1::MovementRound* round = out.add_rounds();
    round->set_round(r.round);
    for (const core::TableSeating& t : r.tables) {
      v1::TableAssignment* a = round->add_tables();
      a->set_table(t.table);
      a->set_ns_pair(t.ns_pair);
      a->set_ew_pair(t.ew_pair);
      for (int b : t.boards) a->add_boards(b);
      for (int b : t.arrow_switched_boards) a->add_arrow_switched_boards(b);
    }
  }
  return out;
}

core::Movement FromProtoMovement(const v1::Movement& m) {
  core::Movement out;
  for (const v1::MovementRound& r : m.rounds()) {
    core::MovementRound round{r.round(), {}};
    for (const v1::TableAssignment& t : r.tables()) {
      round.tables.push_back({t.table(),
                              t.ns_pair(),
                              t.ew_pair(),
                              {t.boards().begin(), t.boards().end()},
                              {t.arrow_switched_boards().begin(),
                               t.arrow_switched_boards().end()}});
    }
    out.rounds.push_back(std::move(round));
  }
  return out;
}

std::vector<core::MovementSection> FromProtoSections(const v1::Movement& m) {
  std::vector<core::MovementSection> out;
  for (const v1::MovementSection& s : m.sections()) {
    out.push_back({s.name(), s.first_table(), s.tables(), s.first_pair(),
                   s.pairs(), s.source()});
  }
  return out;
}

void AddProtoSections(const std::vector<core::MovementSection>& sections,
                      v1::Movement& m) {
  for (const core::MovementSection& s : sections) {
    v1::MovementSection* out = m.add_sections();
    out->set_name(s.name);
    out->set_first_table(s.first_table);
    out->set_tables(s.tables);
    out->set_first_pair(s.first_pair);
    out->set_pairs(s.pairs);
    out->set_source(s.source);
  }
}

}  // namespace tally::replay
