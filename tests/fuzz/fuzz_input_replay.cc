// The ordinary-test driver of a fuzz target: main() of each
// <name>_fuzz_inputs_test (tests/fuzz/CMakeLists.txt), linked with the
// target's own LLVMFuzzerTestOneInput instead of libFuzzer. It feeds the
// target every file of tests/fuzz/corpus/<name>/ (the committed seeds) and
// tests/fuzz/regressions/<name>/ (inputs that once crashed it), so g++ and
// ctest replay what the fuzzers found. A crash or sanitizer abort fails the
// test; so does a corpus with no inputs. With --each-line-dropped (for
// targets whose inputs are text files) it also feeds every seed of up to
// 10 KB once with each of its lines left out, in turn: what a file damaged
// in transit or edited by hand looks like.
//
//   <name>_fuzz_inputs_test <tests/fuzz directory> <name> [--each-line-dropped]

#include <algorithm>
#include <cstdio>
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
std::vector<std::filesystem::path> InputsIn(const std::filesystem::path& dir) {
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

std::string Bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  return std::string((std::istreambuf_iterator<char>(in)),
                     std::istreambuf_iterator<char>());
}

void FeedBytes(const std::string& bytes) {
  // A finding aborts the process, which fails the test.
  EXPECT_EQ(LLVMFuzzerTestOneInput(
                reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()),
            0);
}

int Feed(const std::vector<std::filesystem::path>& inputs) {
  for (const std::filesystem::path& path : inputs) {
    SCOPED_TRACE(path.string());
    FeedBytes(Bytes(path));
  }
  return static_cast<int>(inputs.size());
}

TEST(FuzzInputsTest, SeedCorpusRunsClean) {
  const int n = Feed(InputsIn(g_fuzz_dir / "corpus" / g_target));
  EXPECT_GT(n, 0) << "no seed inputs in " << (g_fuzz_dir / "corpus" / g_target);
}

// Seeds up to this size only, so that the test stays a few seconds (each
// of a seed's lines is one more input).
constexpr size_t kLineDroppedSeedBytes = 10'000;

// FuzzInputsTest.SeedsWithALineDroppedRunClean, registered by main() only
// for a target asked for it (--each-line-dropped).
class SeedsWithALineDroppedRunClean : public ::testing::Test {
 public:
  void TestBody() override {
    int fed = 0;
    for (const auto& path : InputsIn(g_fuzz_dir / "corpus" / g_target)) {
      const std::string bytes = Bytes(path);
      if (bytes.size() > kLineDroppedSeedBytes) continue;
      // A finding aborts before any trace is printed: name the seed first.
      std::fprintf(stderr, "each line dropped in turn: %s\n",
                   path.filename().c_str());
      for (size_t start = 0; start < bytes.size();) {
        size_t end = bytes.find('\n', start);
        end = end == std::string::npos ? bytes.size() : end + 1;
        FeedBytes(bytes.substr(0, start) + bytes.substr(end));
        ++fed;
        start = end;
      }
    }
    EXPECT_GT(fed, 0) << "no seed of " << kLineDroppedSeedBytes
                      << " bytes or fewer";
  }
};

TEST(FuzzInputsTest, SavedCrashInputsRunClean) {
  // Most targets have none until a fuzzer finds something.
  Feed(InputsIn(g_fuzz_dir / "regressions" / g_target));
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  const bool dropped =
      argc == 4 && std::string(argv[3]) == "--each-line-dropped";
  if (argc != 3 && !dropped) {
    fprintf(stderr,
            "usage: %s <tests/fuzz directory> <target> "
            "[--each-line-dropped]\n",
            argv[0]);
    return 2;
  }
  g_fuzz_dir = argv[1];
  g_target = argv[2];
  if (dropped) {
    ::testing::RegisterTest(
        "FuzzInputsTest", "SeedsWithALineDroppedRunClean", nullptr, nullptr,
        __FILE__, __LINE__,
        []() -> ::testing::Test* { return new SeedsWithALineDroppedRunClean; });
  }
  return RUN_ALL_TESTS();
}
