// Checks that the draws transcribed in core/movement/testdata/ are the
// regulations' text, line for line and in order, when the regulations are
// checked out beside the repository (../shared/regulations); skipped in a
// clean clone without them.

#include "core/movement/movement_testdata.h"

#include "gtest/gtest.h"

namespace tally::core {
namespace {

class MovementTranscriptionTest : public ::testing::TestWithParam<const char*> {};

TEST_P(MovementTranscriptionTest, IsTheRegulationTextInOrder) {
  testdata::ExpectRegulationTextInOrder(TALLY_MOVEMENT_TESTDATA_DIR,
                                        GetParam());
}

INSTANTIATE_TEST_SUITE_P(Testdata, MovementTranscriptionTest,
                         ::testing::Values("anc_sr_10_6_1.txt",
                                           "anc_sr_10_7_1.txt",
                                           "anc_sr_10_7_2.txt",
                                           "sabf_tr_21_15.txt",
                                           "sabf_tr_21_16.txt"));

}  // namespace
}  // namespace tally::core
