// Reads a fuzz input as records: each a little-endian 16-bit length and that
// many bytes (fewer if the input ends first). Lets one input carry several
// commands or several stored events. Not thread-safe (one per input).

#ifndef TALLY_TESTS_FUZZ_FUZZ_INPUT_H_
#define TALLY_TESTS_FUZZ_FUZZ_INPUT_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"

namespace tally::fuzz {

class FuzzInput {
 public:
  FuzzInput(const uint8_t* data, size_t size)
      : rest_(reinterpret_cast<const char*>(data), size) {}

  bool empty() const { return rest_.empty(); }

  // The next byte; 0 once the input is used up.
  uint8_t Byte() {
    if (rest_.empty()) return 0;
    uint8_t b = static_cast<uint8_t>(rest_[0]);
    rest_.remove_prefix(1);
    return b;
  }

  // The next record.
  absl::string_view Record() {
    size_t n = Byte();
    n |= static_cast<size_t>(Byte()) << 8;
    absl::string_view r = rest_.substr(0, n);
    rest_.remove_prefix(r.size());
    return r;
  }

 private:
  absl::string_view rest_;
};

// `bytes` as a record FuzzInput::Record reads (for writing seeds): at most
// 65535 bytes of it.
inline std::string AsRecord(absl::string_view bytes) {
  bytes = bytes.substr(0, 0xffff);
  std::string out;
  out.push_back(static_cast<char>(bytes.size() & 0xff));
  out.push_back(static_cast<char>(bytes.size() >> 8));
  out.append(bytes.data(), bytes.size());
  return out;
}

}  // namespace tally::fuzz

#endif  // TALLY_TESTS_FUZZ_FUZZ_INPUT_H_
