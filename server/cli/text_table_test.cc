// TextTable pads by display width: expected columns counted by hand.

#include "server/cli/text_table.h"

#include "gtest/gtest.h"

namespace tally::cli {
namespace {

TEST(TextTableWidthTest, CountsColumnsNotBytes) {
  EXPECT_EQ(DisplayWidth("Bob"), 3u);
  EXPECT_EQ(DisplayWidth("Zo\u00eb"), 3u);      // ë: 2 bytes, 1 column
  EXPECT_EQ(DisplayWidth("Jose\u0301"), 4u);    // combining acute: 0
  EXPECT_EQ(DisplayWidth("\u738b\u82b3"), 4u);  // two CJK characters, 2 each
  EXPECT_EQ(DisplayWidth("\xff"
                         "ab"),
            3u);  // a stray byte: 1
  EXPECT_EQ(DisplayWidth(""), 0u);
}

TEST(TextTableWidthTest, NonAsciiNamesLineUp) {
  TextTable t({"Name", "MP"});
  t.AddRow({"Zo\u00eb", "52.5"});
  t.AddRow({"\u738b\u82b3", "47"});
  t.AddRow({"Jose\u0301", "50"});
  t.AddRow({"Bob", "48"});
  // The Name column is 4 columns wide (Name, 王芳, José), then two spaces.
  EXPECT_EQ(t.Render(),
            "Name  MP\n"
            "Zo\u00eb   52.5\n"
            "\u738b\u82b3  47\n"
            "Jose\u0301  50\n"
            "Bob   48\n");
}

}  // namespace
}  // namespace tally::cli
