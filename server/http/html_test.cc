#include "server/http/html.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/http/results_pages.h"
#include "tally/v1/query.pb.h"

namespace tally::server::http {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

TEST(HtmlTest, EscapesEveryMarkupCharacter) {
  EXPECT_EQ(
      HtmlEscape("<script>alert(\"x\" & 'y')</script>"),
      "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;");
}

TEST(HtmlTest, IdsBecomeOneSegmentAndComeBack) {
  EXPECT_EQ(PathSegment("demo"), "demo");
  EXPECT_EQ(PathSegment("../x"), "~2E~2E~2Fx");
  EXPECT_EQ(PathSegment("a b"), "a~20b");
  for (const std::string id : {"demo", "../etc", "a/b c", "ü", "~7E"}) {
    EXPECT_EQ(IdFromSegment(PathSegment(id)), id) << id;
  }
  EXPECT_EQ(IdFromSegment(".."), std::nullopt);
  EXPECT_EQ(IdFromSegment("a~2"), std::nullopt);
  EXPECT_EQ(IdFromSegment("~61"), std::nullopt);  // 'a' is never escaped
}

TEST(HtmlTest, TiedRankShowsEqualsSign) {
  // SABF TR 11.7: pairs within 0.03% share the place.
  v1::StandingsField field;
  v1::StandingsRow* row = field.add_rows();
  row->set_rank(3);
  row->set_tied(true);
  row->set_pair(7);
  row->mutable_matchpoints()->set_numerator(1105);
  row->mutable_matchpoints()->set_denominator(3);
  const std::string html = TableHtml(field, "rows", nullptr);
  EXPECT_THAT(html, HasSubstr("<td data-label=\"Rank\">3=</td>"));
  EXPECT_THAT(html, HasSubstr("368.33 (1105/3)"));
  EXPECT_THAT(html, Not(HasSubstr("Tied")));
}

TEST(HtmlTest, SectionLabelAndSharedOverallRankAreShown) {
  // A pair of section B ranked 1st there and 4th= over every section's
  // pairs of its field (club_conventions_e2e_test ClubSectionsTest).
  v1::StandingsField field;
  v1::StandingsRow* row = field.add_rows();
  row->set_rank(1);
  row->set_section("B");
  row->set_section_pair("B3");
  row->set_pair(9);
  row->set_overall_rank(4);
  row->set_overall_tied(true);
  const std::string html = TableHtml(field, "rows", nullptr);
  EXPECT_THAT(html, HasSubstr("<td data-label=\"Section pair\">B3</td>"));
  EXPECT_THAT(html, HasSubstr("<td data-label=\"Overall rank\">4=</td>"));
  EXPECT_THAT(html, Not(HasSubstr("tied")));
}

TEST(HtmlTest, PlayerNamesAreEscapedInTablesAndLinksAreMade) {
  v1::StandingsField field;
  v1::StandingsRow* row = field.add_rows();
  row->set_rank(1);
  row->set_pair(4);
  row->add_players("<script>alert(1)</script>");
  const std::string html =
      TableHtml(field, "rows", [](absl::string_view column, int64_t v) {
        return column == "pair" ? "pair/" + std::to_string(v) + ".html"
                                : std::string();
      });
  EXPECT_THAT(html, Not(HasSubstr("<script>")));
  EXPECT_THAT(html, HasSubstr("&lt;script&gt;alert(1)&lt;/script&gt;"));
  EXPECT_THAT(html, HasSubstr("<a href=\"pair/4.html\">4</a>"));
}

TEST(HtmlTest, ResultsAndEnumsReadAsWords) {
  v1::TravellerLine line;
  v1::PlayedContract* played = line.mutable_result()->mutable_played();
  played->set_level(4);
  played->set_strain(v1::STRAIN_SPADES);
  played->set_declarer(v1::SEAT_NORTH);
  played->set_tricks(10);
  const auto* d = line.GetDescriptor();
  EXPECT_EQ(FieldText(line, d->FindFieldByName("result")), "4S= N");
  v1::SessionSummary s;
  s.set_status(v1::SESSION_STATUS_IN_PLAY);
  EXPECT_EQ(FieldText(s, s.GetDescriptor()->FindFieldByName("status")),
            "in play");
}

// Issue #18: a per-side artificial score reads on the traveller page as the
// CLI writes it (server/cli/side_awards_text.h).
TEST(HtmlTest, PerSideAdjustedScoreReadsAsWords) {
  v1::TravellerLine line;
  v1::SideAwardsAdjustedScore* a = line.mutable_adjusted()->mutable_per_side();
  a->mutable_ns()->mutable_percent()->set_numerator(60);
  a->mutable_ns()->mutable_percent()->set_denominator(1);
  a->mutable_ew()->set_ns_score(630);
  EXPECT_EQ(FieldText(line, line.GetDescriptor()->FindFieldByName("adjusted")),
            "Per side NS 60%, EW on NS +630");
  v1::Traveller traveller;
  *traveller.add_lines() = line;
  const std::string html = TableHtml(traveller, "lines", nullptr);
  EXPECT_THAT(html, HasSubstr("<th>Adjusted: per side</th>"));
  EXPECT_THAT(html, HasSubstr("<td data-label=\"Adjusted: per side\">NS 60%, "
                              "EW on NS +630</td>"));
}

TEST(HtmlTest, LinkedPagesResolvesRelativeLinksInsideTheSite) {
  EXPECT_THAT(LinkedPages("t/demo/index.html",
                          "<a href=\"c/pairs/index.html\">x</a>"
                          "<a href=\"../../index.html\">y</a>"
                          "<a href=\"../../../outside.html\">z</a>"
                          "<a href=\"http://example.invalid/\">w</a>"),
              ElementsAre("t/demo/c/pairs/index.html", "index.html"));
}

}  // namespace
}  // namespace tally::server::http
