// main() for the tests that launch tallyd: the first argument after the
// GoogleTest flags is the path of the tallyd binary.

#include "gtest/gtest.h"
#include "tests/tallyd_process.h"

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  if (argc > 1) tally::testing::SetTallydPath(argv[1]);
  return RUN_ALL_TESTS();
}
