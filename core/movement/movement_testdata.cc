#include "core/movement/movement_testdata.h"

namespace tally::core::testdata {

std::vector<std::string> MovementTableLines(absl::string_view name) {
  return TableLines(TALLY_MOVEMENT_TESTDATA_DIR, name);
}

}  // namespace tally::core::testdata

namespace tally::core {

void PrintTo(const Pairing& pairing, std::ostream* os) {
  *os << "table " << pairing.table << ": " << pairing.home << " v "
      << pairing.away;
}

}  // namespace tally::core
