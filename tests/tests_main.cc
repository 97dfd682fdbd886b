// main() for the tests that launch tallyd: the first argument after the
// GoogleTest flags is the path of the tallyd binary; the second, when
// given, the path of the tally CLI. The test's data directories are
// removed when the tests have run: each tallyd's holds a RocksDB log.

#include "gtest/gtest.h"
#include "tests/tallyd_process.h"

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  if (argc > 1) tally::testing::SetTallydPath(argv[1]);
  if (argc > 2) tally::testing::SetTallyCliPath(argv[2]);
  const int result = RUN_ALL_TESTS();
  tally::testing::RemoveTempDirs();
  return result;
}
