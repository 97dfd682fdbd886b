// Checks that the tables transcribed in core/vp/testdata/ are the
// regulations' text, line for line and in order, when the regulations are
// checked out beside the repository (../shared/regulations); skipped in a
// clean clone without them.

#include "core/vp/vp_testdata.h"

#include "gtest/gtest.h"

namespace tally::core {
namespace {

class VpTranscriptionTest : public ::testing::TestWithParam<const char*> {};

TEST_P(VpTranscriptionTest, IsTheRegulationTextInOrder) {
  testdata::ExpectRegulationTextInOrder(TALLY_VP_TESTDATA_DIR, GetParam());
}

INSTANTIATE_TEST_SUITE_P(Testdata, VpTranscriptionTest,
                         ::testing::Values("sabf_tr_21_1.txt",
                                           "sabf_tr_21_2.txt",
                                           "sabf_tr_21_3_to_21_12.txt",
                                           "sabf_tr_21_13.txt",
                                           "anc_sr_swiss_pairs_12.txt"));

}  // namespace
}  // namespace tally::core
