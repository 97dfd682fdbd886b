#include "core/scoring/board.h"

#include <array>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace tally::core {
namespace {

// Law 2: vulnerability of boards 1..16; the dealer runs N, E, S, W in turn.
constexpr std::array<Vulnerability, 16> kCycle = {
    Vulnerability::kNone,       Vulnerability::kNorthSouth,
    Vulnerability::kEastWest,   Vulnerability::kBoth,
    Vulnerability::kNorthSouth, Vulnerability::kEastWest,
    Vulnerability::kBoth,       Vulnerability::kNone,
    Vulnerability::kEastWest,   Vulnerability::kBoth,
    Vulnerability::kNone,       Vulnerability::kNorthSouth,
    Vulnerability::kBoth,       Vulnerability::kNone,
    Vulnerability::kNorthSouth, Vulnerability::kEastWest,
};

constexpr std::array<Seat, 4> kDealers = {Seat::kNorth, Seat::kEast,
                                          Seat::kSouth, Seat::kWest};

}  // namespace

absl::StatusOr<BoardConditions> ConditionsForBoard(int board_number) {
  if (board_number < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("board ", board_number,
                     " is not a board number: boards are numbered from 1"));
  }
  const int index = (board_number - 1) % 16;
  return BoardConditions{kDealers[index % 4], kCycle[index]};
}

bool IsNorthSouth(Seat seat) {
  return seat == Seat::kNorth || seat == Seat::kSouth;
}

bool IsVulnerable(Vulnerability v, Seat seat) {
  switch (v) {
    case Vulnerability::kNone:
      return false;
    case Vulnerability::kNorthSouth:
      return IsNorthSouth(seat);
    case Vulnerability::kEastWest:
      return !IsNorthSouth(seat);
    case Vulnerability::kBoth:
      return true;
  }
  return false;
}

absl::string_view SeatName(Seat seat) {
  switch (seat) {
    case Seat::kNorth:
      return "N";
    case Seat::kEast:
      return "E";
    case Seat::kSouth:
      return "S";
    case Seat::kWest:
      return "W";
  }
  return "?";
}

absl::string_view VulnerabilityName(Vulnerability v) {
  switch (v) {
    case Vulnerability::kNone:
      return "None";
    case Vulnerability::kNorthSouth:
      return "NS";
    case Vulnerability::kEastWest:
      return "EW";
    case Vulnerability::kBoth:
      return "All";
  }
  return "?";
}

absl::string_view VulnerabilityWords(Vulnerability v) {
  switch (v) {
    case Vulnerability::kNone:
      return "neither side vulnerable";
    case Vulnerability::kNorthSouth:
      return "NS vulnerable";
    case Vulnerability::kEastWest:
      return "EW vulnerable";
    case Vulnerability::kBoth:
      return "both sides vulnerable";
  }
  return "vulnerability unknown";
}

}  // namespace tally::core
