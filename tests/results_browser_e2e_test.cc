// End to end in a real browser (issue #17): `tallyd --demo` serves its
// results pages on --http_listen and Debian's chromium, headless and
// phone-sized (375 x 812), reads them after their JavaScript has run:
// from the index it follows links to the pairs ranking, a traveller and a
// scorecard, and checks what a player sees there against the gRPC answers
// and against figures worked out by hand from the demo's results
// (server/demo.cc); none of them scrolls sideways, not even inside a
// table; a round of the Butler round robin links its boards' travellers,
// each match's line as GetTraveller answers; the venue scoreboard cycles
// its fields; and a
// traveller left open picks up a result entered while it is open (its long
// poll reloads it). Fails, does not skip, when chromium is missing.

#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "server/cli/result_text.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/watch.grpc.pb.h"
#include "tests/client_calls.h"
#include "tests/headless_browser.h"
#include "tests/seven_table_session.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// The rows of the page's `n`th table (0-based) as the reader sees them:
// one string per row, cells joined by " | ", the header row first.
constexpr char kTableRows[] =
    "Array.from(document.querySelectorAll('main table')[%d].rows).map("
    "function(r){return Array.from(r.cells).map(function(c){"
    "return c.innerText.trim()}).join(' | ')}).join('\\n')";

std::vector<std::string> Rows(HeadlessBrowser& browser, int n) {
  std::string expression = kTableRows;
  expression.replace(expression.find("%d"), 2, absl::StrCat(n));
  absl::StatusOr<std::string> rows = browser.Evaluate(expression);
  EXPECT_THAT(rows, IsOk());
  if (!rows.ok()) return {};
  return absl::StrSplit(*rows, '\n');
}

uint64_t Head(const std::shared_ptr<grpc::Channel>& channel) {
  auto watch = v1::WatchService::NewStub(channel);
  grpc::ClientContext context;
  v1::LogHead head;
  EXPECT_TRUE(watch->GetLogHead(&context, {}, &head).ok());
  return head.sequence();
}

class ResultsBrowserTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string files = MakeTempDir("browser-files");
    tallyd_ =
        std::make_unique<TallydProcess>(TallydPath(), MakeTempDir("browser"));
    tallyd_->AddFlag("--demo");
    tallyd_->AddFlag("--http_listen=127.0.0.1:0");
    tallyd_->AddFlag("--http_port_file=" + files + "/http.port");
    ASSERT_THAT(tallyd_->Start(), IsOk());
    std::ifstream in(files + "/http.port");
    int port = 0;
    in >> port;
    ASSERT_GT(port, 0);
    root_ = absl::StrCat("http://127.0.0.1:", port, "/");
    absl::StatusOr<std::unique_ptr<HeadlessBrowser>> browser =
        HeadlessBrowser::Start(375, 812);  // a phone
    ASSERT_THAT(browser, IsOk());
    browser_ = *std::move(browser);
  }

  // The page has no sideways scroll on a phone, and no table scrolls
  // sideways inside its own box either (each row is stacked, page_style.h).
  void ExpectFitsThePhone() {
    absl::StatusOr<std::string> fits = browser_->Evaluate(
        "document.documentElement.scrollWidth <= "
        "document.documentElement.clientWidth");
    ASSERT_THAT(fits, IsOk());
    EXPECT_EQ(*fits, "true") << "the page is wider than the phone";
    absl::StatusOr<std::string> wide = browser_->Evaluate(
        "Array.from(document.querySelectorAll('.scroll')).filter(function(e)"
        "{return e.scrollWidth>e.clientWidth}).length");
    ASSERT_THAT(wide, IsOk());
    EXPECT_EQ(*wide, "0") << "a table scrolls sideways on the phone";
  }

  std::string Text() {
    absl::StatusOr<std::string> text = browser_->Text();
    EXPECT_THAT(text, IsOk());
    return text.ok() ? *text : "";
  }

  std::unique_ptr<TallydProcess> tallyd_;
  std::unique_ptr<HeadlessBrowser> browser_;
  std::string root_;
};

TEST_F(ResultsBrowserTest, APlayerFollowsLinksToRankingTravellerScorecard) {
  ASSERT_THAT(browser_->Open(root_), IsOk());
  EXPECT_THAT(Text(), HasSubstr("tally demo club night"));
  ASSERT_THAT(browser_->Follow("tally demo club night"), IsOk());
  EXPECT_THAT(Text(), HasSubstr("Saturday Butler round robin"));
  ASSERT_THAT(browser_->Follow("Thursday matchpoint pairs"), IsOk());
  ASSERT_THAT(browser_->Follow("Session 1 ranking"), IsOk());
  ExpectFitsThePhone();

  // The ranking: each row as the gRPC answer has it, in its order.
  const uint64_t head = Head(tallyd_->channel());
  absl::StatusOr<v1::Standings> standings =
      GetStandings(*tallyd_->channel(), "demo");
  ASSERT_THAT(standings, IsOk());
  const std::string text = Text();
  EXPECT_THAT(text, HasSubstr(absl::StrCat("As of event ", head, " ")));
  // Two fields (a Mitchell's North-South and East-West), a table each.
  ASSERT_EQ(standings->fields_size(), 2);
  std::vector<std::string> rows;
  for (int f = 0; f < 2; ++f) {
    rows = Rows(*browser_, f);
    ASSERT_EQ(rows.size(), 1 + standings->fields(f).rows_size());
    for (int i = 0; i < standings->fields(f).rows_size(); ++i) {
      const v1::StandingsRow& row = standings->fields(f).rows(i);
      const std::string& shown = rows[i + 1];
      EXPECT_TRUE(absl::StartsWith(
          shown,
          absl::StrCat(row.rank(), row.tied() ? "=" : "", " | ", row.pair(),
                       " | ", row.players(0), ", ", row.players(1), " | ")))
          << shown;
      EXPECT_THAT(shown, HasSubstr(absl::StrCat(
                             " | ", cli::DecimalText(row.percentage()), " | ")))
          << shown;
    }
  }
  // The top North-South pair, Eve Evans and Fred Ford (pair 3), with 72
  // of 120 matchpoints: 60.00% (SABF TR 11.3: 2 places).
  EXPECT_TRUE(absl::StartsWith(Rows(*browser_, 0)[1],
                               "1 | 3 | Eve Evans, Fred Ford | 72 | 120 | "
                               "60.00 | "));

  // Board 1's traveller, worked out by hand from server/demo.cc: 4S by
  // North at every table, tricks 9, 11, 10, 8 (doubled), 10 at tables
  // 1-5; board 1 is neither side vulnerable (Law 2), so North-South score
  // -50, +450, +420, -300, +420. Matchpoints as the scale counts them, 2
  // for each score beaten and 1 for each tie (Law 78A in whole units), a
  // top of 8 over five tables: NS 2, 8, 5, 0, 5 and EW 6, 0, 3, 8, 3.
  ASSERT_THAT(browser_->Follow("1", ".boards"), IsOk());
  ExpectFitsThePhone();
  EXPECT_THAT(Text(),
              HasSubstr("Thursday matchpoint pairs: session 1, board 1"));
  rows = Rows(*browser_, 0);
  ASSERT_EQ(rows.size(), 6);
  EXPECT_THAT(rows[0], HasSubstr("Table | NS pair | EW pair | Result | NS "
                                 "score | NS matchpoints | EW matchpoints"));
  // Table, NS pair (a Mitchell's North-South sit still), result, score,
  // NS and EW matchpoints.
  const std::vector<std::vector<std::string>> expected = {
      {"1", "1", "4S-1 N", "-50", "2", "6"},
      {"2", "2", "4S+1 N", "450", "8", "0"},
      {"3", "3", "4S= N", "420", "5", "3"},
      {"4", "4", "4SX-2 N", "-300", "0", "8"},
      {"5", "5", "4S= N", "420", "5", "3"}};
  for (int t = 0; t < 5; ++t) {
    const std::vector<std::string> cells = absl::StrSplit(rows[t + 1], " | ");
    ASSERT_GE(cells.size(), 8) << rows[t + 1];
    EXPECT_THAT(std::vector<std::string>({cells[1], cells[2], cells[4],
                                          cells[5], cells[6], cells[7]}),
                ::testing::ElementsAreArray(expected[t]))
        << rows[t + 1];
  }

  // Pair 1 (Ann Ashby, Bill Brown; North-South at table 1): its scorecard
  // has board 1 at -50 for 2 matchpoints of 8.
  ASSERT_THAT(browser_->Follow("1", "main table"), IsOk());  // NS pair 1
  EXPECT_THAT(Text(), HasSubstr("Ann Ashby, Bill Brown"));
  ExpectFitsThePhone();
  bool board_one = false;
  for (const std::string& row : Rows(*browser_, 0)) {
    if (absl::StartsWith(row,
                         "1 | 1 | 1 | north | 6 | yes | 4S-1 N | -50 | "
                         "2 | 8")) {
      board_one = true;
    }
  }
  EXPECT_TRUE(board_one) << "no line for board 1 at -50, 2 of 8";
}

// The Butler round robin's round 1 (server/demo.cc: 14 pairs, 7 matches,
// boards 1-12): its results page links board 1's traveller, which shows
// every match's line on the board (a pairs match: one table each), each
// as GetTraveller answers it: the table, the pairs, the score and North-
// South's IMPs against the datum; and it fits the phone.
TEST_F(ResultsBrowserTest, ARoundOfMatchesHasTravellers) {
  ASSERT_THAT(browser_->Open(root_), IsOk());
  ASSERT_THAT(browser_->Follow("tally demo club night"), IsOk());
  ASSERT_THAT(browser_->Follow("Saturday Butler round robin"), IsOk());
  ASSERT_THAT(browser_->Follow("results"), IsOk());
  EXPECT_THAT(Text(), HasSubstr("Saturday Butler round robin: round 1"));
  ExpectFitsThePhone();
  absl::StatusOr<std::string> linked = browser_->Evaluate(
      "Array.from(document.querySelectorAll('main a')).some(function(a)"
      "{return a.href.endsWith('/c/butler/r/1/board/1.html')})");
  ASSERT_THAT(linked, IsOk());
  EXPECT_EQ(*linked, "true") << "round 1's results do not link board 1";
  ASSERT_THAT(browser_->Open(root_ + "t/demo/c/butler/r/1/board/1.html"),
              IsOk());
  const std::string text = Text();
  EXPECT_THAT(text,
              HasSubstr("Saturday Butler round robin: round 1, board 1"));
  EXPECT_THAT(text, Not(HasSubstr("Not available")));
  ExpectFitsThePhone();

  auto query = v1::QueryService::NewStub(tallyd_->channel());
  v1::GetTravellerRequest request;
  request.set_tournament_id("demo");
  request.set_competition_id("butler");
  request.set_session(1);
  request.set_board(1);
  v1::Traveller traveller;
  grpc::ClientContext context;
  ASSERT_TRUE(query->GetTraveller(&context, request, &traveller).ok());
  EXPECT_EQ(traveller.round(), 1);
  EXPECT_EQ(traveller.scoring(), "imps_vs_datum");
  ASSERT_EQ(traveller.lines_size(), 7);  // one line a match
  const std::vector<std::string> rows = Rows(*browser_, 0);
  ASSERT_EQ(rows.size(), 1 + traveller.lines_size());
  for (int i = 0; i < traveller.lines_size(); ++i) {
    const v1::TravellerLine& l = traveller.lines(i);
    ASSERT_TRUE(l.has_match_imps()) << "table " << l.table();
    ASSERT_EQ(l.match_imps().denominator(), 1) << "table " << l.table();
    // Round, table, NS pair, EW pair, result, NS score, ..., IMPs.
    EXPECT_TRUE(absl::StartsWith(
        rows[i + 1], absl::StrCat("1 | ", l.table(), " | ", l.ns_pair(), " | ",
                                  l.ew_pair(), " | ")))
        << rows[i + 1];
    EXPECT_THAT(absl::StrCat(rows[i + 1], " | "),
                HasSubstr(absl::StrCat(" | ", l.ns_score(), " | ")))
        << rows[i + 1];
    EXPECT_THAT(absl::StrCat(rows[i + 1], " | "),
                HasSubstr(absl::StrCat(" | ", l.match_imps().numerator(),
                                       " | ")))
        << rows[i + 1];
  }
}

TEST_F(ResultsBrowserTest, TheScoreboardCyclesThroughTheFields) {
  ASSERT_THAT(browser_->Open(root_ + "t/demo/scoreboard.html"), IsOk());
  const std::string shown =
      "(function(){var s=document.querySelectorAll("
      "'.field.shown');return s.length===1?"
      "s[0].querySelector('h2').innerText:''})()";
  absl::StatusOr<std::string> first =
      browser_->WaitFor(shown, absl::Seconds(5));
  ASSERT_THAT(first, IsOk());
  // Competitions in the tournament's order: the Butler round robin's
  // standings after its last round drawn, then each field of the pairs.
  EXPECT_EQ(*first, "Saturday Butler round robin, after round 3");
  // The next field after 12 seconds.
  absl::StatusOr<std::string> next = browser_->WaitFor(
      absl::StrCat("(function(){var h=", shown, ";return h!==",
                   "'Saturday Butler round robin, after round 3'?h:''})()"),
      absl::Seconds(20));
  ASSERT_THAT(next, IsOk());
  EXPECT_EQ(*next, "Thursday matchpoint pairs, session 1, NS");
}

TEST_F(ResultsBrowserTest, AnOpenPageShowsAResultEnteredWhileItIsOpen) {
  // A second tournament beside the demo, a session in play
  // (tests/seven_table_session.h): every result but the last entered.
  grpc::Channel& channel = *tallyd_->channel();
  ASSERT_THAT(SetUpSession(channel, "club"), IsOk());
  std::vector<v1::EnterResultRequest> results = AllScriptedResults("club");
  const v1::EnterResultRequest last = results.back();
  results.pop_back();
  for (const v1::EnterResultRequest& r : results) {
    ASSERT_THAT(EnterResult(channel, r), IsOk());
  }
  // A line of the traveller, as the reader sees it, at `table`.
  auto line_at = [&](int table) -> std::string {
    for (const std::string& row : Rows(*browser_, 0)) {
      const std::vector<std::string> cells = absl::StrSplit(row, " | ");
      if (cells.size() > 1 && cells[1] == absl::StrCat(table)) return row;
    }
    return "";
  };

  ASSERT_THAT(browser_->Open(absl::StrCat(root_, "t/club/c/pairs/s/1/board/",
                                          last.board(), ".html")),
              IsOk());
  const uint64_t before = Head(tallyd_->channel());
  EXPECT_THAT(Text(), HasSubstr(absl::StrCat("As of event ", before, " ")));
  EXPECT_EQ(line_at(last.table()), "") << "table " << last.table();
  ASSERT_THAT(browser_->MarkPage(), IsOk());

  // While the page is open, the last table enters its result.
  ASSERT_THAT(EnterResult(channel, last), IsOk());
  const uint64_t after = Head(tallyd_->channel());
  ASSERT_GT(after, before);
  auto query = v1::QueryService::NewStub(tallyd_->channel());
  v1::GetTravellerRequest request;
  request.set_tournament_id("club");
  request.set_competition_id(kCompetition);
  request.set_session(1);
  request.set_board(last.board());
  v1::Traveller traveller;
  grpc::ClientContext context;
  ASSERT_TRUE(query->GetTraveller(&context, request, &traveller).ok());

  // The long poll answers, the page reloads itself, and the new line shows
  // the score GetTraveller answers.
  ASSERT_THAT(browser_->WaitForNewPage(absl::Seconds(30)), IsOk());
  EXPECT_THAT(Text(), HasSubstr(absl::StrCat("As of event ", after, " ")));
  const std::string line = line_at(last.table());
  bool found = false;
  for (const v1::TravellerLine& l : traveller.lines()) {
    if (l.table() != last.table()) continue;
    found = true;
    EXPECT_THAT(absl::StrCat(line, " | "),
                HasSubstr(absl::StrCat(" | ", l.ns_score(), " | ")))
        << line;
  }
  EXPECT_TRUE(found) << "GetTraveller has no line at table " << last.table();
  EXPECT_NE(line, "");
}

}  // namespace
}  // namespace tally::testing
