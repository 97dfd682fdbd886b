#include "server/cli/sections_option.h"

#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace tally::cli {

absl::Status ParseSectionsOption(const std::string& text,
                                 v1::DefineSessionRequest& request) {
  for (absl::string_view part : absl::StrSplit(text, ',')) {
    // "B:mitchell=3:2" -> name "B", kind "mitchell", sizes "3:2".
    std::vector<std::string> name_rest =
        absl::StrSplit(part, absl::MaxSplits(':', 1));
    std::vector<std::string> kind_sizes;
    if (name_rest.size() == 2) {
      kind_sizes = absl::StrSplit(name_rest[1], absl::MaxSplits('=', 1));
    }
    std::vector<std::string> sizes;
    if (kind_sizes.size() == 2) sizes = absl::StrSplit(kind_sizes[1], ':');
    int count = 0, boards = 0;
    if (sizes.size() != 2 || !absl::SimpleAtoi(sizes[0], &count) ||
        !absl::SimpleAtoi(sizes[1], &boards) ||
        (kind_sizes[0] != "mitchell" && kind_sizes[0] != "howell")) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--sections: '", part,
          "' is not NAME:mitchell=TABLES:BOARDS_PER_ROUND or "
          "NAME:howell=PAIRS:BOARDS_PER_ROUND, e.g. A:mitchell=3:2"));
    }
    v1::SectionMovementSpec* section = request.add_sections();
    section->set_name(name_rest[0]);
    if (kind_sizes[0] == "mitchell") {
      section->mutable_mitchell()->set_tables(count);
      section->mutable_mitchell()->set_boards_per_round(boards);
    } else {
      section->mutable_howell()->set_pairs(count);
      section->mutable_howell()->set_boards_per_round(boards);
    }
  }
  return absl::OkStatus();
}

}  // namespace tally::cli
