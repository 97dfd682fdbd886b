// The ordinary-test driver of a fuzz target: main() of each
// <name>_fuzz_inputs_test (tests/fuzz/CMakeLists.txt), linked with the
// target's own LLVMFuzzerTestOneInput instead of libFuzzer. It feeds the
// target every file of tests/fuzz/corpus/<name>/ (the committed seeds) and
// tests/fuzz/regressions/<name>/ (inputs that once crashed it), so g++ and
// ctest replay what the fuzzers found. A crash or sanitizer abort fails the
// test; so does a corpus with no inputs.
//
//   <name>_fuzz_inputs_test <tests/fuzz directory> <name>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "gtest/gtest.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

std::filesystem::path g_fuzz_dir;
std::string g_target;

// The files directly in `dir`, sorted; none if it does not exist.
std::vector<std::filesystem::path> InputsIn(
    const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> out;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    if (entry.is_regular_file() &&
        entry.path().filename().string().front() != '.') {
      out.push_back(entry.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

int Feed(const std::vector<std::filesystem::path>& inputs) {
  for (const std::filesystem::path& path : inputs) {
    SCOPED_TRACE(path.string());
    std::ifstream in(path, std::ios::binary);
    EXPECT_TRUE(in.good()) << "cannot read " << path;
    const std::string bytes((std::istreambuf_iterator<char>(in)),
                            std::istreambuf_iterator<char>());
    // A finding aborts the process, which fails the test.
    EXPECT_EQ(LLVMFuzzerTestOneInput(
                  reinterpret_cast<const uint8_t*>(bytes.data()),
                  bytes.size()),
              0);
  }
  return static_cast<int>(inputs.size());
}

TEST(FuzzInputsTest, SeedCorpusRunsClean) {
  const int n = Feed(InputsIn(g_fuzz_dir / "corpus" / g_target));
  EXPECT_GT(n, 0) << "no seed inputs in " << (g_fuzz_dir / "corpus" / g_target);
}

TEST(FuzzInputsTest, SavedCrashInputsRunClean) {
  // Most targets have none until a fuzzer finds something.
  Feed(InputsIn(g_fuzz_dir / "regressions" / g_target));
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  if (argc != 3) {
    fprintf(stderr, "usage: %s <tests/fuzz directory> <target>\n", argv[0]);
    return 2;
  }
  g_fuzz_dir = argv[1];
  g_target = argv[2];
  return RUN_ALL_TESTS();
}
