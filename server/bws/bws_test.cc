// Tests of server/bws/: the CSV mdb-export prints, ReceivedData rows in
// Bridgemate's notation as tally's results (each expected value worked by
// hand from the row), the terminals' arbitral scores as artificial adjusted
// scores (Law 12C2), PlayerNumbers against tally's entry list, Tables
// against its session, the mdb-export source's arguments and failures, and
// the follower's polls against a recording sink.

#include <stdlib.h>
#include <unistd.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/bws/arbitral_score.h"
#include "server/bws/bws_follower.h"
#include "server/bws/bws_source.h"
#include "server/bws/csv_table.h"
#include "server/bws/player_numbers.h"
#include "server/bws/received_data.h"
#include "server/bws/round_data.h"
#include "server/bws/row_result.h"
#include "server/bws/tables_table.h"

namespace tally::bws {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::SizeIs;

// ReceivedData's columns in the order Bridgemate Control Software makes
// them (docs/interchange.md).
constexpr char kHeader[] =
    "ID,Section,Table,Round,Board,PairNS,PairEW,Declarer,NS/EW,Contract,"
    "Result,LeadCard,Remarks,DateLog,TimeLog,Processed,Processed1,"
    "Processed2,Processed3,Processed4,Erased\n";

// One ReceivedData row as mdb-export prints it: numbers and booleans bare,
// text and dates quoted.
std::string Row(int id, int table, int round, int board, int ns, int ew,
                int declarer, const std::string& seat,
                const std::string& contract, const std::string& result,
                int erased = 0) {
  return absl::StrCat(id, ",1,", table, ",", round, ",", board, ",", ns, ",",
                      ew, ",", declarer, ",\"", seat, "\",\"", contract,
                      "\",\"", result,
                      "\",\"\",\"\",\"2026-11-27 00:00:00\","
                      "\"1899-12-30 19:32:05\",1,0,0,0,0,",
                      erased, "\n");
}

ReceivedRow ParsedRow(const std::string& row_text) {
  absl::StatusOr<CsvTable> t =
      ParseCsv(absl::StrCat(kHeader, row_text), "ReceivedData");
  EXPECT_THAT(t, IsOk());
  absl::StatusOr<std::vector<ReceivedRow>> rows = ReadReceivedData(*t);
  EXPECT_THAT(rows, IsOk());
  EXPECT_THAT(*rows, SizeIs(1));
  return rows->at(0);
}

TEST(BwsCsvTest, ReadsQuotedFieldsWithCommasQuotesAndLineBreaks) {
  const std::string text =
      "ID,Remarks,Contract\n"
      "1,\"a, b\",\"4 S x\"\n"
      "2,\"she said \"\"late\"\"\",\"PASS\"\r\n"
      "3,\"two\nlines\",\"3 NT\"\n";
  absl::StatusOr<CsvTable> t = ParseCsv(text, "ReceivedData");
  ASSERT_THAT(t, IsOk());
  EXPECT_THAT(t->columns, ElementsAre("ID", "Remarks", "Contract"));
  ASSERT_THAT(t->rows, SizeIs(3));
  EXPECT_THAT(t->rows[0].fields, ElementsAre("1", "a, b", "4 S x"));
  EXPECT_THAT(t->rows[1].fields, ElementsAre("2", "she said \"late\"", "PASS"));
  EXPECT_THAT(t->rows[2].fields, ElementsAre("3", "two\nlines", "3 NT"));
  // Lines: the header is 1; row 3 starts on line 4 and runs to line 5.
  EXPECT_EQ(t->rows[0].line, 2);
  EXPECT_EQ(t->rows[2].line, 4);
  EXPECT_EQ(t->rows[0].text, "1,\"a, b\",\"4 S x\"");
  EXPECT_EQ(t->Column("contract"), 2u);
  EXPECT_EQ(t->Column("Lead"), std::nullopt);
}

TEST(BwsCsvTest, RefusesBrokenTextNamingTheLine) {
  EXPECT_THAT(ParseCsv("ID,Contract\n1,\"4 S\n2,\"3 NT\"\n", "ReceivedData"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("ReceivedData line 3: text after a quoted")));
  EXPECT_THAT(ParseCsv("ID,Contract\n1,\"4 S\n", "ReceivedData"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("line 2: a quoted field is never closed")));
  EXPECT_THAT(ParseCsv("ID,Contract\n1,\"4 S\"\n2\n", "ReceivedData"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("line 3: 1 fields where the header names 2")));
  EXPECT_THAT(
      ParseCsv("ID,Contract\n1,4 \"S\"\n", "ReceivedData"),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("line 2")));
  EXPECT_THAT(ParseCsv("", "Section"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("Section: no header row")));
}

TEST(BwsReceivedDataTest, ReadsColumnsByNameAndSortsById) {
  const std::string text =
      "Erased,Board,ID,Section,Table,Round,PairNS,PairEW,Declarer,NS/EW,"
      "Contract,Result\n"
      "1,5,12,1,2,3,2,4,4,\"e\",\"2 H\",\"=\"\n"
      "0,1,3,1,1,1,1,4,0,\"\",\"PASS\",\"\"\n";
  absl::StatusOr<CsvTable> t = ParseCsv(text, "ReceivedData");
  ASSERT_THAT(t, IsOk());
  absl::StatusOr<std::vector<ReceivedRow>> rows = ReadReceivedData(*t);
  ASSERT_THAT(rows, IsOk());
  ASSERT_THAT(*rows, SizeIs(2));
  EXPECT_EQ((*rows)[0].id, 3);
  EXPECT_EQ((*rows)[0].line, 3);
  EXPECT_FALSE((*rows)[0].erased);
  EXPECT_EQ((*rows)[1].id, 12);
  EXPECT_EQ((*rows)[1].board, 5);
  EXPECT_EQ((*rows)[1].table, 2);
  EXPECT_EQ((*rows)[1].round, 3);
  EXPECT_EQ((*rows)[1].declarer, 4);
  EXPECT_EQ((*rows)[1].declarer_seat, "E");
  EXPECT_TRUE((*rows)[1].erased);

  absl::StatusOr<CsvTable> no_erased = ParseCsv(
      "ID,Section,Table,Round,Board,PairNS,PairEW,Declarer,NS/EW,"
      "Contract,Result\n",
      "ReceivedData");
  ASSERT_THAT(no_erased, IsOk());
  EXPECT_THAT(ReadReceivedData(*no_erased),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("ReceivedData has no column Erased")));
}

TEST(BwsReceivedDataTest, AFieldThatIsNotANumberStaysWithItsRow) {
  ReceivedRow row = ParsedRow(
      "7,1,2,1,x,2,5,2,\"N\",\"4 S\",\"=\",\"\",\"\",\"\",\"\",0,0,0,0,0,0\n");
  EXPECT_EQ(row.problem, "Board 'x' is not a number");
  EXPECT_THAT(ResultOfRow(row), StatusIs(absl::StatusCode::kInvalidArgument,
                                         "Board 'x' is not a number"));
}

TEST(BwsSectionTest, ReadsLettersById) {
  absl::StatusOr<CsvTable> t = ParseCsv(
      "ID,Letter,Tables,MissingPair\n1,\"A \",3,0\n2,\"B\",4,0\n", "Section");
  ASSERT_THAT(t, IsOk());
  absl::StatusOr<std::map<int, std::string>> s = ReadSections(*t);
  ASSERT_THAT(s, IsOk());
  EXPECT_EQ(s->at(1), "A");
  EXPECT_EQ(s->at(2), "B");
}

// Tricks taken by declarer = 6 + level + the result ("=" 0, "+n", "-n").
TEST(BwsRowResultTest, MapsBridgemateContractNotation) {
  // 4 S x by North (pair 2 sits NS), one down: 6 + 4 - 1 = 9 tricks.
  absl::StatusOr<v1::TableResult> r =
      ResultOfRow(ParsedRow(Row(1, 2, 1, 1, 2, 6, 2, "N", "4 S x", "-1")));
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->played().level(), 4);
  EXPECT_EQ(r->played().strain(), v1::STRAIN_SPADES);
  EXPECT_EQ(r->played().doubling(), v1::DOUBLING_DOUBLED);
  EXPECT_EQ(r->played().declarer(), v1::SEAT_NORTH);
  EXPECT_EQ(r->played().tricks(), 9);

  // 3 NT by East (pair 6 sits EW), one over: 6 + 3 + 1 = 10.
  r = ResultOfRow(ParsedRow(Row(2, 2, 1, 1, 2, 6, 6, "E", "3 NT", "+1")));
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->played().strain(), v1::STRAIN_NO_TRUMP);
  EXPECT_EQ(r->played().doubling(), v1::DOUBLING_UNDOUBLED);
  EXPECT_EQ(r->played().declarer(), v1::SEAT_EAST);
  EXPECT_EQ(r->played().tricks(), 10);

  // 6 H xx by West, made: 12. Lower case as some versions write it.
  r = ResultOfRow(ParsedRow(Row(3, 1, 1, 2, 1, 4, 4, "w", "6 h xx", "=")));
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->played().doubling(), v1::DOUBLING_REDOUBLED);
  EXPECT_EQ(r->played().declarer(), v1::SEAT_WEST);
  EXPECT_EQ(r->played().tricks(), 12);

  // Passed out: Declarer 0, no seat, no result.
  r = ResultOfRow(ParsedRow(Row(4, 1, 1, 2, 1, 4, 0, "", "PASS", "")));
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->has_passed_out());
}

TEST(BwsRowResultTest, RefusesWhatIsNotAResultSayingWhat) {
  EXPECT_THAT(ResultOfRow(ParsedRow(Row(1, 2, 1, 1, 2, 6, 2, "N", "8 S", "="))),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("contract '8 S' is not a level 1-7")));
  EXPECT_THAT(ResultOfRow(ParsedRow(Row(1, 2, 1, 1, 2, 6, 2, "N", "4 Z", "="))),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("contract '4 Z'")));
  EXPECT_THAT(ResultOfRow(ParsedRow(Row(1, 2, 1, 1, 2, 6, 2, "X", "4 S", "="))),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("declarer 'X' (NS/EW) is not N, E, S or W")));
  // Pair 6 sits EW; North's pair is 2.
  EXPECT_THAT(ResultOfRow(ParsedRow(Row(1, 2, 1, 1, 2, 6, 6, "N", "4 S", "="))),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       "declarer pair 6 does not sit N (NS is pair 2)"));
  // 6 NT + 2 would be 6 + 6 + 2 = 14 tricks.
  EXPECT_THAT(
      ResultOfRow(ParsedRow(Row(1, 2, 1, 1, 2, 6, 2, "S", "6 NT", "+2"))),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("takes 14 tricks; a board has 13")));
  EXPECT_THAT(
      ResultOfRow(ParsedRow(Row(1, 2, 1, 1, 2, 6, 2, "S", "2 C", "down"))),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("result 'down' is not =, +n")));
}

TEST(BwsSourceTest, MdbExportIsRunWithItsOwnArgumentsAndNoShell) {
  EXPECT_THAT(
      MdbExportArguments("mdb-export", "/srv/bm/tue; rm x.bws", "ReceivedData"),
      ElementsAre("mdb-export", "--date-format=%Y-%m-%d",
                  "--datetime-format=%Y-%m-%d %H:%M:%S",
                  "/srv/bm/tue; rm x.bws", "ReceivedData"));
}

TEST(BwsSourceTest, AMissingFileIsNamed) {
  std::unique_ptr<BwsSource> source =
      MdbExportSource("/nonexistent/tuesday.bws");
  EXPECT_EQ(source->FileName(), "tuesday.bws");
  EXPECT_THAT(source->ExportTable("ReceivedData"),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("no BWS file /nonexistent/tuesday.bws")));
  EXPECT_THAT(CsvDirectorySource("/nonexistent/dir")->ExportTable("Section"),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("no Section.csv in /nonexistent/dir")));
}

class BwsFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char name[] = "/tmp/tally-bws-XXXXXX";
    const int fd = mkstemp(name);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(write(fd, "not an Access file\n", 19), 19);
    close(fd);
    path_ = name;
  }
  void TearDown() override { unlink(path_.c_str()); }
  std::string path_;
};

TEST_F(BwsFileTest, AProgramThatFailsIsReportedWithTheFile) {
  EXPECT_THAT(MdbExportSource(path_, "false")->ExportTable("ReceivedData"),
              StatusIs(absl::StatusCode::kUnavailable,
                       HasSubstr(absl::StrCat(
                           "false could not read table ReceivedData of ", path_,
                           ": exit status 1"))));
  EXPECT_THAT(
      MdbExportSource(path_, "no-such-mdb-export")->ExportTable("Section"),
      StatusIs(absl::StatusCode::kUnavailable,
               HasSubstr(absl::StrCat("cannot read table Section of ", path_,
                                      ": cannot run no-such-mdb-export"))));
  // mdbtools itself on a file that is not an Access database (when it is
  // not installed, the message says so, naming the file all the same).
  EXPECT_THAT(MdbExportSource(path_)->ExportTable("ReceivedData"),
              StatusIs(absl::StatusCode::kUnavailable, HasSubstr(path_)));
}

// The followers' sessions: one round at 3 tables (1 v 4, 2 v 6, 3 v 5),
// each playing boards 1-9, in RoundData for sections 1 and 2 alike and in
// the session RecordingSink answers with.
constexpr char kRoundData[] =
    "Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard,CustomBoards\n"
    "1,1,1,1,4,1,9,\"\"\n1,2,1,2,6,1,9,\"\"\n1,3,1,3,5,1,9,\"\"\n"
    "2,1,1,1,4,1,9,\"\"\n2,2,1,2,6,1,9,\"\"\n2,3,1,3,5,1,9,\"\"\n";

v1::Movement OneRound() {
  v1::Movement m;
  v1::MovementRound* round = m.add_rounds();
  round->set_round(1);
  for (auto [table, ns, ew] :
       {std::tuple(1, 1, 4), std::tuple(2, 2, 6), std::tuple(3, 3, 5)}) {
    v1::TableAssignment* t = round->add_tables();
    t->set_table(table);
    t->set_ns_pair(ns);
    t->set_ew_pair(ew);
    for (int b = 1; b <= 9; ++b) t->add_boards(b);
  }
  return m;
}

// An in-memory BWS whose tables a test appends to.
class FakeSource : public BwsSource {
 public:
  FakeSource() { tables["RoundData"] = kRoundData; }
  // A table it does not have is NOT_FOUND, as a directory without its CSV.
  absl::StatusOr<std::string> ExportTable(const std::string& t) override {
    auto it = tables.find(t);
    if (it == tables.end()) return absl::NotFoundError("no " + t);
    return it->second;
  }
  std::string FileName() const override { return "tuesday.bws"; }
  std::map<std::string, std::string> tables;
};

// Records what it is sent and answers as tally does: a key seen before is
// a retry (nothing appended); `refuse` refuses one board.
class RecordingSink : public ResultSink {
 public:
  absl::StatusOr<bool> Enter(const v1::EnterResultRequest& r) override {
    if (r.board() == refuse_board) {
      return absl::InvalidArgumentError("board 9 is not played in round 1");
    }
    entered.push_back(r);
    return keys.insert(r.options().idempotency_key()).second;
  }
  absl::StatusOr<bool> Correct(const v1::CorrectResultRequest& r) override {
    corrected.push_back(r);
    return keys.insert(r.options().idempotency_key()).second;
  }
  // A ruling's event sequence is the one recorded for its key (a retry is
  // answered with it), else the next from 100.
  absl::StatusOr<RulingOutcome> Rule(
      const v1::RecordRulingRequest& r) override {
    rulings.push_back(r);
    auto [it, added] = sequences.try_emplace(r.options().idempotency_key(),
                                             100 + sequences.size());
    return RulingOutcome{added, it->second};
  }
  absl::StatusOr<EntryList> Entries(const FollowTarget& target) override {
    ++entries_asked;
    return entries;
  }
  absl::StatusOr<v1::Movement> SessionMovement(
      const FollowTarget& target) override {
    return movement;
  }
  absl::StatusOr<v1::Movement> movement = OneRound();
  absl::StatusOr<EntryList> entries = EntryList();
  std::vector<v1::EnterResultRequest> entered;
  std::vector<v1::CorrectResultRequest> corrected;
  std::vector<v1::RecordRulingRequest> rulings;
  std::set<std::string> keys;
  std::map<std::string, uint64_t> sequences;
  int refuse_board = 9;
  int entries_asked = 0;
};

TEST(BwsFollowerTest, SendsEachRowOnceCorrectsReportsAndSurvivesARestart) {
  FakeSource source;
  source.tables["Section"] = "ID,Letter,Tables,MissingPair\n1,\"A\",3,0\n";
  source.tables["ReceivedData"] =
      absl::StrCat(kHeader, Row(1, 1, 1, 1, 1, 4, 1, "N", "4 S", "="),
                   Row(2, 2, 1, 1, 2, 6, 2, "N", "4 S", "+1"));
  FollowTarget target{"tue", "pairs", 1, ""};
  RecordingSink sink;
  BwsFollower follower(target);
  absl::StatusOr<PollReport> first = follower.Poll(source, sink);
  ASSERT_THAT(first, IsOk());
  EXPECT_EQ(first->rows, 2);
  EXPECT_EQ(first->entered, 2);
  EXPECT_THAT(first->problems, SizeIs(0));
  ASSERT_THAT(sink.entered, SizeIs(2));
  const v1::EnterResultRequest& e = sink.entered[1];
  EXPECT_EQ(e.table(), 2);
  EXPECT_EQ(e.round(), 1);
  EXPECT_EQ(e.board(), 1);
  EXPECT_EQ(e.result().played().tricks(), 11);
  EXPECT_EQ(e.options().provenance().format(), "bridgemate-bws ReceivedData");
  EXPECT_EQ(e.options().provenance().file_name(), "tuesday.bws");
  EXPECT_EQ(e.options().provenance().line(), 2);
  EXPECT_THAT(e.options().provenance().file_sha256(), SizeIs(64));
  EXPECT_THAT(e.options().idempotency_key(), HasSubstr("bws-"));

  // Nothing new: nothing sent.
  ASSERT_THAT(follower.Poll(source, sink), IsOk());
  EXPECT_THAT(sink.entered, SizeIs(2));

  // Row 3 re-enters table 2's board 1 (one trick fewer), row 4 erases
  // table 1's, row 5 is a contract no board has, row 6 a board tally
  // refuses, row 7 a new result, row 8 the same result as row 7 again.
  source.tables["ReceivedData"] +=
      absl::StrCat(Row(3, 2, 1, 1, 2, 6, 2, "N", "4 S", "="),
                   Row(4, 1, 1, 1, 1, 4, 1, "N", "4 S", "=", 1),
                   Row(5, 3, 1, 1, 3, 5, 3, "N", "9 S", "="),
                   Row(6, 3, 1, 9, 3, 5, 3, "N", "1 C", "="),
                   Row(7, 1, 1, 2, 1, 4, 0, "", "PASS", ""),
                   Row(8, 1, 1, 2, 1, 4, 0, "", "PASS", ""));
  absl::StatusOr<PollReport> second = follower.Poll(source, sink);
  ASSERT_THAT(second, IsOk());
  EXPECT_EQ(second->rows, 8);
  EXPECT_EQ(second->entered, 1);
  EXPECT_EQ(second->corrected, 1);
  ASSERT_THAT(sink.corrected, SizeIs(1));
  EXPECT_EQ(sink.corrected[0].result().played().tricks(), 10);
  EXPECT_EQ(sink.corrected[0].kind(), v1::CORRECTION_KIND_PLAYERS_AGREED);
  EXPECT_EQ(sink.corrected[0].reason(),
            "re-entered on the Bridgemate: ReceivedData row 3 replaces row 2");
  EXPECT_THAT(sink.corrected[0].agreed_by(), SizeIs(2));
  ASSERT_THAT(second->problems, SizeIs(3));
  EXPECT_THAT(second->problems[0],
              HasSubstr("ReceivedData row 4 (table 1, round 1, board 1): the "
                        "Bridgemate erased this board's result; tally keeps "
                        "the one from row 1"));
  EXPECT_THAT(second->problems[1],
              HasSubstr("ReceivedData row 5 (table 3, round 1, board 1): "
                        "contract '9 S' is not a level 1-7"));
  EXPECT_THAT(second->problems[2],
              HasSubstr("ReceivedData row 6 (table 3, round 1, board 9): "
                        "tally refused 1 C by N, =: board 9 is not played"));
  EXPECT_THAT(sink.entered, SizeIs(3));  // row 7 only; row 8 repeats it

  // The problems are reported once.
  absl::StatusOr<PollReport> third = follower.Poll(source, sink);
  ASSERT_THAT(third, IsOk());
  EXPECT_THAT(third->problems, SizeIs(0));

  // A restart: a new follower sends every row again with the same keys,
  // and tally answers each from its record.
  BwsFollower restarted(target);
  absl::StatusOr<PollReport> again = restarted.Poll(source, sink);
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(again->entered, 0);
  EXPECT_EQ(again->corrected, 0);
  EXPECT_EQ(again->already, 4);  // rows 1, 2, 3 and 7
}

TEST(BwsFollowerTest, FollowsOneSectionAndAsksWhichWhenThereAreSeveral) {
  FakeSource source;
  source.tables["Section"] =
      "ID,Letter,Tables,MissingPair\n1,\"A\",3,0\n2,\"B\",3,0\n";
  std::string b_row = Row(2, 1, 1, 1, 1, 4, 1, "N", "3 NT", "=");
  b_row[2] = '2';  // "2,1,..." -> "2,2,...": section ID 2
  source.tables["ReceivedData"] =
      absl::StrCat(kHeader, Row(1, 1, 1, 1, 1, 4, 1, "N", "4 S", "="), b_row);
  RecordingSink sink;
  BwsFollower unclear({"tue", "pairs", 1, ""});
  EXPECT_THAT(unclear.Poll(source, sink),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("the BWS file has sections A, B: say which "
                                 "one to follow (--section)")));
  BwsFollower b({"tue", "pairs", 1, "B"});
  absl::StatusOr<PollReport> report = b.Poll(source, sink);
  ASSERT_THAT(report, IsOk());
  EXPECT_EQ(report->rows, 1);
  ASSERT_THAT(sink.entered, SizeIs(1));
  EXPECT_EQ(sink.entered[0].result().played().strain(), v1::STRAIN_NO_TRUMP);
  BwsFollower c({"tue", "pairs", 1, "C"});
  EXPECT_THAT(c.Poll(source, sink),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("the BWS file has no section C; it has A, "
                                 "B")));
}

// RoundData of a 3-table Mitchell of 3 rounds, 2 boards a round, as a
// Bridgemate numbers it (East-West pairs 1 to 3, like North-South), one
// row a line from line 2; and the same movement as tally defines it
// (East-West 4 to 6). The Bridgemates' EW n is tally's n + 3 throughout.
// Round r at table t: NS t, the EW pair that sat at table t + r - 1 in
// round 1 (wrapping), boards of table t - r + 1 in round 1 (wrapping).
std::vector<RoundDataRow> MitchellRoundData() {
  std::vector<RoundDataRow> rows;
  int line = 2;
  for (int r = 1; r <= 3; ++r) {
    for (int t = 1; t <= 3; ++t) {
      const int ew = (t + r - 2) % 3 + 1;
      const int set = (t - r + 3) % 3 + 1;
      rows.push_back({line++, 1, t, r, t, ew, 2 * set - 1, 2 * set});
    }
  }
  return rows;
}

v1::Movement TallysMitchell() {
  v1::Movement m;
  for (const RoundDataRow& row : MitchellRoundData()) {
    if (m.rounds_size() < row.round) m.add_rounds()->set_round(row.round);
    v1::TableAssignment* t = m.mutable_rounds(row.round - 1)->add_tables();
    t->set_table(row.table);
    t->set_ns_pair(row.ns_pair);
    t->set_ew_pair(row.ew_pair + 3);
    t->add_boards(row.low_board);
    t->add_boards(row.high_board);
  }
  return m;
}

TEST(BwsRoundDataTest, ReadsColumnsByNameAndRefusesNamingTheLine) {
  absl::StatusOr<CsvTable> t = ParseCsv(
      "Table,Section,Round,EWPair,NSPair,HighBoard,LowBoard,CustomBoards\n"
      "2,1,3,5,2,4,3,\"\"\n1,1,3,0,1,0,0,\"\"\n",
      "RoundData");
  ASSERT_THAT(t, IsOk());
  absl::StatusOr<std::vector<RoundDataRow>> rows = ReadRoundData(*t);
  ASSERT_THAT(rows, IsOk());
  ASSERT_THAT(*rows, SizeIs(2));
  EXPECT_EQ((*rows)[0].line, 2);
  EXPECT_EQ((*rows)[0].table, 2);
  EXPECT_EQ((*rows)[0].round, 3);
  EXPECT_EQ((*rows)[0].ns_pair, 2);
  EXPECT_EQ((*rows)[0].ew_pair, 5);
  EXPECT_EQ((*rows)[0].low_board, 3);
  EXPECT_EQ((*rows)[0].high_board, 4);
  EXPECT_EQ((*rows)[1].ew_pair, 0);  // a sit-out: no boards needed

  absl::StatusOr<CsvTable> no_boards =
      ParseCsv("Section,Table,Round,NSPair,EWPair\n1,1,1,1,4\n", "RoundData");
  ASSERT_THAT(no_boards, IsOk());
  EXPECT_THAT(ReadRoundData(*no_boards),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("RoundData has no column LowBoard")));
  absl::StatusOr<CsvTable> backwards = ParseCsv(
      "Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard\n"
      "1,1,1,1,4,1,2\n1,2,1,2,5,4,3\n",
      "RoundData");
  ASSERT_THAT(backwards, IsOk());
  EXPECT_THAT(ReadRoundData(*backwards),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("RoundData line 3: boards 4 to 3 are not a "
                                 "range of boards")));
  absl::StatusOr<CsvTable> not_a_number = ParseCsv(
      "Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard\n1,x,1,1,4,1,2\n",
      "RoundData");
  ASSERT_THAT(not_a_number, IsOk());
  EXPECT_THAT(ReadRoundData(*not_a_number),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("RoundData line 2: Table 'x' is not a whole "
                                 "number")));
}

TEST(BwsMovementCheckTest, AMitchellNumberedOneToNIsTallysMitchell) {
  EXPECT_THAT(MovementDifferences(MitchellRoundData(), 1, TallysMitchell()),
              SizeIs(0));
  // Another section's rows are not this one's.
  std::vector<RoundDataRow> other = MitchellRoundData();
  for (RoundDataRow& row : other) row.section = 2;
  EXPECT_THAT(MovementDifferences(other, 1, TallysMitchell()), SizeIs(9));
}

TEST(BwsMovementCheckTest, NamesEachTableThatDiffers) {
  // Round 2 at table 1 (line 5) plays boards 3-4 on the Bridgemates; in
  // the movement it plays table 3's round-1 set, boards 5-6.
  std::vector<RoundDataRow> boards = MitchellRoundData();
  boards[3].low_board = 3;
  boards[3].high_board = 4;
  EXPECT_THAT(
      MovementDifferences(boards, 1, TallysMitchell()),
      ElementsAre("RoundData line 5 (table 1, round 2): the Bridgemates have "
                  "NS 1 v EW 2 on boards 3-4; tally's session has NS 1 v EW "
                  "5 on boards 5-6"));

  // Round 3's East-West pairs at tables 1 and 2 swapped (lines 8 and 9):
  // the Bridgemates' EW 1 and EW 3 were tally's 4 and 6 in round 1, so
  // tally's 6 and 4 here are other pairs; table 3 still agrees.
  std::vector<RoundDataRow> pairs = MitchellRoundData();
  std::swap(pairs[6].ew_pair, pairs[7].ew_pair);
  EXPECT_THAT(
      MovementDifferences(pairs, 1, TallysMitchell()),
      ElementsAre(
          "RoundData line 8 (table 1, round 3): the Bridgemates have NS 1 v "
          "EW 1 on boards 3-4; tally's session has NS 1 v EW 6 on boards "
          "3-4, which is not the same pairs under the numbering of the "
          "tables before",
          "RoundData line 9 (table 2, round 3): the Bridgemates have NS 2 v "
          "EW 3 on boards 5-6; tally's session has NS 2 v EW 4 on boards "
          "5-6, which is not the same pairs under the numbering of the "
          "tables before"));

  // Table 3 sits out round 3 on the Bridgemates (EWPair 0), and a table 4
  // plays there that tally's session lacks.
  std::vector<RoundDataRow> tables = MitchellRoundData();
  tables[8].ew_pair = 0;
  tables.push_back({11, 1, 4, 3, 7, 7, 7, 8});
  EXPECT_THAT(
      MovementDifferences(tables, 1, TallysMitchell()),
      ElementsAre("RoundData line 11 (table 4, round 3): the Bridgemates "
                  "have NS 7 v EW 7 on boards 7-8; tally's session has no "
                  "play at table 4 in round 3",
                  "tally's session has NS 3 v EW 5 on boards 1-2 at table 3 "
                  "in round 3; the Bridgemates' RoundData has no play "
                  "there"));
}

TEST(BwsFollowerTest, SendsNothingWhenTheMovementIsNotTallys) {
  FakeSource source;
  source.tables["Section"] = "ID,Letter,Tables,MissingPair\n1,\"A\",3,0\n";
  source.tables["ReceivedData"] =
      absl::StrCat(kHeader, Row(1, 1, 1, 1, 1, 4, 1, "N", "4 S", "="));
  RecordingSink sink;
  // Tally's table 2 plays boards 1-8, not 1-9 (RoundData line 3), and its
  // session has no table 3 (line 4).
  v1::MovementRound* round = sink.movement->mutable_rounds(0);
  round->mutable_tables(1)->mutable_boards()->RemoveLast();
  round->mutable_tables()->RemoveLast();
  BwsFollower follower({"tue", "pairs", 1, ""});
  EXPECT_THAT(
      follower.Poll(source, sink),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               AllOf(HasSubstr("the Bridgemates in section A do not play the "
                               "movement of session 1 of pairs in tue"),
                     HasSubstr("nothing was sent"),
                     HasSubstr("RoundData line 3 (table 2, round 1)"),
                     HasSubstr("RoundData line 4 (table 3, round 1)"))));
  EXPECT_THAT(sink.entered, SizeIs(0));

  sink.movement = absl::NotFoundError("no such session");
  EXPECT_THAT(follower.Poll(source, sink),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("tally has no session 1 of pairs in tue: "
                                 "define it first")));
  EXPECT_THAT(sink.entered, SizeIs(0));

  // Once tally's session is the Bridgemates' movement, the row is sent.
  sink.movement = OneRound();
  ASSERT_THAT(follower.Poll(source, sink), IsOk());
  EXPECT_THAT(sink.entered, SizeIs(1));
}

// A tally session of two sections, each the Bridgemates' one-round
// movement (RoundData sections 1 and 2, tables 1-3): section A is tally's
// tables 1-3 and pairs 1-6, section B its tables 4-6 and pairs 7-12
// (docs/club-conventions.md, "Sections"). A Bridgemate's table k of
// section B is tally's table 3 + k.
v1::Movement TwoSections() {
  v1::Movement m = OneRound();
  v1::MovementRound* round = m.mutable_rounds(0);
  for (int k = 0; k < 3; ++k) {
    v1::TableAssignment* t = round->add_tables();
    *t = round->tables(k);
    t->set_table(t->table() + 3);
    t->set_ns_pair(t->ns_pair() + 6);
    t->set_ew_pair(t->ew_pair() + 6);
  }
  for (auto [name, first_table, first_pair] :
       {std::tuple("A", 1, 1), std::tuple("B", 4, 7)}) {
    v1::MovementSection* section = m.add_sections();
    section->set_name(name);
    section->set_first_table(first_table);
    section->set_tables(3);
    section->set_first_pair(first_pair);
    section->set_pairs(6);
  }
  return m;
}

TEST(BwsFollowerTest, FollowsASectionOfASessionOfSectionsOnItsOwnTables) {
  FakeSource source;
  source.tables["Section"] =
      "ID,Letter,Tables,MissingPair\n1,\"A\",3,0\n2,\"B\",3,0\n";
  std::string b_row = Row(2, 2, 1, 1, 2, 6, 2, "N", "3 NT", "=");
  b_row[2] = '2';  // "2,1,..." -> "2,2,...": section ID 2
  source.tables["ReceivedData"] =
      absl::StrCat(kHeader, Row(1, 2, 1, 1, 2, 6, 2, "N", "4 S", "="), b_row);
  RecordingSink sink;
  sink.movement = TwoSections();

  BwsFollower b({"tue", "pairs", 1, "B"});
  absl::StatusOr<PollReport> report = b.Poll(source, sink);
  ASSERT_THAT(report, IsOk());
  ASSERT_THAT(sink.entered, SizeIs(1)) << absl::StrJoin(report->problems, "\n");
  EXPECT_EQ(sink.entered[0].table(), 5);  // B2
  EXPECT_EQ(sink.entered[0].result().played().strain(), v1::STRAIN_NO_TRUMP);
  BwsFollower a({"tue", "pairs", 1, "A"});
  ASSERT_THAT(a.Poll(source, sink), IsOk());
  ASSERT_THAT(sink.entered, SizeIs(2));
  EXPECT_EQ(sink.entered[1].table(), 2);  // A2
  EXPECT_EQ(sink.entered[1].result().played().strain(), v1::STRAIN_SPADES);

  // Tally's B3 (its table 6) plays boards 1-8: the Bridgemates' table 3 of
  // section B (RoundData line 7) differs, and nothing is sent.
  sink.movement->mutable_rounds(0)
      ->mutable_tables(5)
      ->mutable_boards()
      ->RemoveLast();
  BwsFollower changed({"tue", "pairs", 1, "B"});
  EXPECT_THAT(
      changed.Poll(source, sink),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               AllOf(HasSubstr("the Bridgemates in section B do not play the "
                               "movement of session 1 of pairs in tue "
                               "(tally's tables 4-6)"),
                     HasSubstr("RoundData line 7 (table 3, round 1)"))));
  EXPECT_THAT(sink.entered, SizeIs(2));

  // A session whose sections are not the Bridgemates'.
  sink.movement = TwoSections();
  sink.movement->mutable_sections(1)->set_name("C");
  EXPECT_THAT(changed.Poll(source, sink),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("tally's session has sections A, C and none "
                                 "named B, the Bridgemates' section; nothing "
                                 "was sent")));
  EXPECT_THAT(sink.entered, SizeIs(2));
}

// A row with no contract and the Remarks `remarks`, as TabScore writes a
// terminal's arbitral score (arbitral_score.h).
ReceivedRow NoContractRow(const std::string& remarks) {
  return ParsedRow(absl::StrCat(
      "2,1,1,1,2,1,4,0,\"\",\"\",\"\",\"\",\"", remarks,
      "\",\"2026-11-26 00:00:00\",\"1899-12-30 19:49:02\",0,0,0,0,0,0\n"));
}

TEST(BwsArbitralScoreTest, ReadsTheTerminalsPercentagesAsArtificialAwards) {
  // Bridgemate II user manual, "Entering an arbitral score": 40% average
  // minus, 50% average, 60% average plus, North-South's first.
  const ReceivedRow row = NoContractRow("60%-40%");
  EXPECT_EQ(row.remarks, "60%-40%");
  EXPECT_TRUE(HasNoContract(row));
  absl::StatusOr<v1::ArtificialAdjustedScore> s = ArbitralScoreOfRow(row);
  ASSERT_THAT(s, IsOk());
  EXPECT_EQ(s->ns(), v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  EXPECT_EQ(s->ew(), v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
  EXPECT_EQ(ArbitralScoreText(*s), "60%-40%");
  s = ArbitralScoreOfRow(NoContractRow("50%-60%"));
  ASSERT_THAT(s, IsOk());
  EXPECT_EQ(s->ns(), v1::ARTIFICIAL_AWARD_AVERAGE);
  EXPECT_EQ(s->ew(), v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  // A passed-out board has a contract, PASS: it is a result.
  EXPECT_FALSE(
      HasNoContract(ParsedRow(Row(3, 1, 1, 2, 1, 4, 0, "", "PASS", ""))));
}

TEST(BwsArbitralScoreTest, SaysWhatTallyCannotTakeAndWhatTheDirectorDoes) {
  EXPECT_THAT(ArbitralScoreOfRow(NoContractRow("Not played")),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(HasSubstr("marked the board not played"),
                             HasSubstr("Law 12C2(a)"))));
  EXPECT_THAT(ArbitralScoreOfRow(NoContractRow("Arbitral score")),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("without its percentages")));
  EXPECT_THAT(ArbitralScoreOfRow(NoContractRow("55%-45%")),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("arbitral score '55%-45%' gives 55%; a "
                                 "Bridgemate gives 40, 50 or 60%")));
  EXPECT_THAT(ArbitralScoreOfRow(NoContractRow("60%-40%-50%")),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("remarks '60%-40%-50%' are not an arbitral "
                                 "score")));
  EXPECT_THAT(ArbitralScoreOfRow(NoContractRow("")),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("no contract, and remarks ''")));
}

TEST(BwsPlayerNumbersTest, ReadsColumnsByNameAndComparesNamesByTheirWords) {
  absl::StatusOr<CsvTable> t = ParseCsv(
      "Number,Direction,Table,Section,Name\n"
      "\"1002\",\"s\",1,1,\"Carter, Bob\"\n",
      "PlayerNumbers");
  ASSERT_THAT(t, IsOk());
  absl::StatusOr<std::vector<PlayerNumberRow>> rows = ReadPlayerNumbers(*t);
  ASSERT_THAT(rows, IsOk());
  ASSERT_THAT(*rows, SizeIs(1));
  EXPECT_EQ(rows->at(0).direction, "S");
  EXPECT_EQ(rows->at(0).number, "1002");
  EXPECT_EQ(rows->at(0).round, 0);  // no Round column: the start
  EXPECT_TRUE(SameName(rows->at(0).name, "bob carter"));
  EXPECT_TRUE(SameName("J. Smith", "Smith J"));
  EXPECT_FALSE(SameName("Bob Carter", "Bob Carter Jr"));
  EXPECT_FALSE(SameName("", ""));
  absl::StatusOr<CsvTable> no_number =
      ParseCsv("Section,Table,Direction\n1,1,\"N\"\n", "PlayerNumbers");
  ASSERT_THAT(no_number, IsOk());
  EXPECT_THAT(
      ReadPlayerNumbers(*no_number),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("Number")));
  absl::StatusOr<CsvTable> bad_round =
      ParseCsv("Section,Table,Direction,Number,Round\n1,1,\"N\",\"7\",x\n",
               "PlayerNumbers");
  ASSERT_THAT(bad_round, IsOk());
  EXPECT_THAT(ReadPlayerNumbers(*bad_round),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("PlayerNumbers line 2: Round 'x'")));
}

TEST(BwsPlayerNumbersTest, AnArrowSwitchedRoundSeatsTheEastWestPairNorth) {
  // One table, pairs 1 (NS) and 2 (EW), both boards arrow switched: pair
  // 2 holds the North-South cards.
  v1::Movement m;
  v1::MovementRound* round = m.add_rounds();
  round->set_round(1);
  v1::TableAssignment* t = round->add_tables();
  t->set_table(1);
  t->set_ns_pair(1);
  t->set_ew_pair(2);
  for (int b : {1, 2}) {
    t->add_boards(b);
    t->add_arrow_switched_boards(b);
  }
  EntryList entries;
  entries[1].players = {"Ann Baker", "Bob Carter"};
  entries[2].players = {"Gina Hall", "Hugh Irwin"};
  std::vector<PlayerNumberRow> rows = {
      {2, "a", 1, 1, "N", "1007", "Gina Hall", 1},
      {3, "b", 1, 1, "E", "1001", "Ann Baker", 1}};
  EXPECT_THAT(SeatingDifferences(rows, 1, m, entries), SizeIs(0));
  t->clear_arrow_switched_boards();
  std::vector<SeatingDifference> d = SeatingDifferences(rows, 1, m, entries);
  ASSERT_THAT(d, SizeIs(2));
  EXPECT_EQ(d[0].what,
            "PlayerNumbers line 2 (table 1, round 1, North): player 1007 Gina "
            "Hall is not in pair 1 (Ann Baker, Bob Carter), tally's "
            "North-South pair there; tally has Gina Hall in pair 2; tally's "
            "entries are unchanged");
}

TEST(BwsTablesTest, NamesATableTallysSessionDoesNotHave) {
  absl::StatusOr<CsvTable> t = ParseCsv(
      "Section,Table,LogOnOff\n1,1,1\n1,3,1\n1,4,2\n2,9,1\n", "Tables");
  ASSERT_THAT(t, IsOk());
  absl::StatusOr<std::vector<TablesRow>> rows = ReadTables(*t);
  ASSERT_THAT(rows, IsOk());
  EXPECT_THAT(ExtraTables(*rows, 1, "A", OneRound()),
              ElementsAre("Tables line 4: the Bridgemates have table 4 in "
                          "section A, which tally's session does not have "
                          "(its tables are 1-3): a result entered there "
                          "would be refused"));
  absl::StatusOr<CsvTable> bad = ParseCsv("Section,Table\n1,x\n", "Tables");
  ASSERT_THAT(bad, IsOk());
  EXPECT_THAT(ReadTables(*bad), StatusIs(absl::StatusCode::kInvalidArgument,
                                         HasSubstr("Tables line 2")));
}

// A copy of the fixture tests/bws/thursday/ (README.md there) in a
// directory of its own, which a test appends rows to; removed afterwards.
class ThursdayTest : public ::testing::Test {
 protected:
  static constexpr const char* kTables[] = {
      "Section", "RoundData", "ReceivedData", "PlayerNumbers", "Tables"};

  void SetUp() override {
    char name[] = "/tmp/tally-bws-thursday-XXXXXX";
    ASSERT_NE(mkdtemp(name), nullptr);
    dir_ = name;
    for (const char* table : kTables) {
      std::ifstream in(
          absl::StrCat(TALLY_BWS_FIXTURES, "/thursday/", table, ".csv"));
      ASSERT_TRUE(in) << table;
      std::stringstream text;
      text << in.rdbuf();
      Write(table, text.str());
    }
    // tally's session: the movement of RoundData (its pair numbers are
    // tally's), and its entry list (README.md): pair 3's Frank Green is
    // replaced for the session by Paul Reed.
    absl::StatusOr<CsvTable> round_data =
        ParseCsv(Read("RoundData"), "RoundData");
    ASSERT_THAT(round_data, IsOk());
    absl::StatusOr<std::vector<RoundDataRow>> rows = ReadRoundData(*round_data);
    ASSERT_THAT(rows, IsOk());
    v1::Movement m;
    for (const RoundDataRow& row : *rows) {
      if (m.rounds_size() < row.round) m.add_rounds()->set_round(row.round);
      v1::TableAssignment* t = m.mutable_rounds(row.round - 1)->add_tables();
      t->set_table(row.table);
      t->set_ns_pair(row.ns_pair);
      t->set_ew_pair(row.ew_pair);
      for (int b = row.low_board; b <= row.high_board; ++b) t->add_boards(b);
    }
    sink_.movement = m;
    EntryList entries;
    entries[1].players = {"Ann Baker", "Bob Carter"};
    entries[2].players = {"Cathy Dunn", "Dan Evans"};
    entries[3].players = {"Eve Fox", "Frank Green"};
    entries[3].substitute = "Paul Reed";
    entries[3].replaced_player = "Frank Green";
    entries[4].players = {"Gina Hall", "Hugh Irwin"};
    entries[5].players = {"Iris Jones", "Jack King"};
    entries[6].players = {"Kate Lamb", "Leo Moss"};
    sink_.entries = entries;
  }
  void TearDown() override {
    for (const char* table : kTables) {
      unlink(absl::StrCat(dir_, "/", table, ".csv").c_str());
    }
    rmdir(dir_.c_str());
  }
  std::string Read(const std::string& table) {
    std::ifstream in(absl::StrCat(dir_, "/", table, ".csv"));
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  void Write(const std::string& table, const std::string& text) {
    std::ofstream(absl::StrCat(dir_, "/", table, ".csv")) << text;
  }
  std::string dir_;
  RecordingSink sink_;
  const FollowTarget target_{"thu", "pairs", 1, ""};
};

TEST_F(ThursdayTest, RecordsArbitralScoresAsRulingsOnceAndReportsTheRest) {
  std::unique_ptr<BwsSource> source = CsvDirectorySource(dir_);
  BwsFollower follower(target_);
  absl::StatusOr<PollReport> first = follower.Poll(*source, sink_);
  ASSERT_THAT(first, IsOk());
  EXPECT_EQ(first->rows, 6);
  EXPECT_EQ(first->entered, 2);  // rows 1 and 3
  EXPECT_EQ(first->ruled, 2);    // rows 2 and 4
  ASSERT_THAT(sink_.rulings, SizeIs(2));
  // Row 2: 60%-40% where no result was entered (table 1, board 2): the
  // board was not played there, average plus to North-South and average
  // minus to East-West (Law 12C2(a)), the profile's artificial scores.
  const v1::RecordRulingRequest& r2 = sink_.rulings[0];
  EXPECT_EQ(r2.tournament_id(), "thu");
  EXPECT_EQ(r2.competition_id(), "pairs");
  EXPECT_EQ(r2.session(), 1);
  EXPECT_EQ(r2.table(), 1);
  EXPECT_EQ(r2.board(), 2);
  EXPECT_EQ(r2.law(), "Law 12C2(a)");
  EXPECT_TRUE(r2.board_not_played());
  EXPECT_EQ(r2.adjusted().artificial().ns(), v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  EXPECT_EQ(r2.adjusted().artificial().ew(),
            v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
  EXPECT_EQ(r2.supersedes_sequence(), 0u);
  EXPECT_EQ(r2.text(),
            "arbitral score 60%-40% entered on the Bridgemate: ReceivedData "
            "row 2");
  EXPECT_EQ(r2.options().provenance().format(), "bridgemate-bws ReceivedData");
  EXPECT_EQ(r2.options().provenance().file_name(), source->FileName());
  EXPECT_EQ(r2.options().provenance().line(), 2);
  EXPECT_THAT(r2.options().provenance().file_sha256(), SizeIs(64));
  EXPECT_THAT(r2.options().idempotency_key(), HasSubstr("bws-"));
  // Row 4: 40%-40% over row 3's 4H= at table 2, board 3: the artificial
  // score replaces a result (Law 12C2), average minus to both sides.
  const v1::RecordRulingRequest& r4 = sink_.rulings[1];
  EXPECT_EQ(r4.table(), 2);
  EXPECT_EQ(r4.board(), 3);
  EXPECT_EQ(r4.law(), "Law 12C2");
  EXPECT_FALSE(r4.board_not_played());
  EXPECT_EQ(r4.adjusted().artificial().ns(),
            v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
  EXPECT_EQ(r4.adjusted().artificial().ew(),
            v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
  // Rows 5 (NO PLAY) and 6 (55%-45%) are reported and send nothing.
  ASSERT_THAT(first->problems, SizeIs(2));
  EXPECT_THAT(first->problems[0],
              HasSubstr("ReceivedData row 5 (table 3, round 1, board 5): the "
                        "players marked the board not played"));
  EXPECT_THAT(first->problems[1],
              HasSubstr("ReceivedData row 6 (table 3, round 1, board 6): "
                        "arbitral score '55%-45%' gives 55%"));
  EXPECT_THAT(sink_.entered, SizeIs(2));

  // Nothing new: nothing sent, nothing reported again.
  absl::StatusOr<PollReport> second = follower.Poll(*source, sink_);
  ASSERT_THAT(second, IsOk());
  EXPECT_THAT(sink_.rulings, SizeIs(2));
  EXPECT_THAT(second->problems, SizeIs(0));

  // Row 7 gives table 1's board 2 60%-50%: it supersedes row 2's ruling
  // (event 100, NZ LIRG 82C), the board still not played there; row 8
  // repeats it; row 9 is a result the pairs entered in each other's seats.
  Write("ReceivedData",
        absl::StrCat(
            Read("ReceivedData"),
            "7,1,1,1,2,1,4,0,\"\",\"\",\"\",\"\",\"60%-50%\",\"2026-11-26 "
            "00:00:00\",\"1899-12-30 19:55:00\",0,0,0,0,0,0\n"
            "8,1,1,1,2,1,4,0,\"\",\"\",\"\",\"\",\"60%-50%\",\"2026-11-26 "
            "00:00:00\",\"1899-12-30 19:55:40\",0,0,0,0,0,0\n"
            "9,1,3,1,6,3,6,3,\"N\",\"3 NT\",\"=\",\"\",\"Wrong direction\","
            "\"2026-11-26 00:00:00\",\"1899-12-30 19:57:00\",0,0,0,0,0,0\n"));
  absl::StatusOr<PollReport> third = follower.Poll(*source, sink_);
  ASSERT_THAT(third, IsOk());
  EXPECT_EQ(third->ruled, 1);
  ASSERT_THAT(sink_.rulings, SizeIs(3));
  const v1::RecordRulingRequest& r7 = sink_.rulings[2];
  EXPECT_EQ(r7.supersedes_sequence(), 100u);
  EXPECT_TRUE(r7.board_not_played());
  EXPECT_EQ(r7.law(), "Law 12C2(a)");
  EXPECT_EQ(r7.adjusted().artificial().ew(), v1::ARTIFICIAL_AWARD_AVERAGE);
  EXPECT_EQ(r7.text(),
            "arbitral score 60%-50% entered on the Bridgemate: ReceivedData "
            "row 7 replaces row 2");
  ASSERT_THAT(third->problems, SizeIs(1));
  EXPECT_THAT(third->problems[0],
              HasSubstr("ReceivedData row 9 (table 3, round 1, board 6): "
                        "remarks 'Wrong direction'"));
  EXPECT_THAT(sink_.entered, SizeIs(2));

  // A restart sends every row again with the same keys; tally answers
  // each from its record (rows 1, 3 entered; 2, 4, 7 ruled).
  BwsFollower restarted(target_);
  absl::StatusOr<PollReport> again = restarted.Poll(*source, sink_);
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(again->entered, 0);
  EXPECT_EQ(again->ruled, 0);
  EXPECT_EQ(again->already, 5);
  ASSERT_THAT(sink_.rulings, SizeIs(6));
  EXPECT_EQ(sink_.rulings[5].supersedes_sequence(), 100u);
  EXPECT_EQ(sink_.sequences.size(), 3u);  // nothing recorded twice
}

TEST_F(ThursdayTest, ReportsPlayersNotAtTheirPairsSeatAndTablesTallyLacks) {
  std::unique_ptr<BwsSource> source = CsvDirectorySource(dir_);
  BwsFollower follower(target_);
  absl::StatusOr<PollReport> first = follower.Poll(*source, sink_);
  ASSERT_THAT(first, IsOk());
  EXPECT_EQ(sink_.entries_asked, 1);
  // Round 1 (numbers entered at the start): table 2 is 2 v 5, table 3 is
  // 3 v 6; pairs 5 and 6 sit at each other's tables, a player no pair has
  // sits South at table 2; Paul Reed is pair 3's recorded substitute and
  // Iris Jones at table 1 in round 2 is where pair 5 plays (1 v 5).
  EXPECT_THAT(
      first->seating,
      ElementsAre(
          "Tables line 5: the Bridgemates have table 4 in section A, which "
          "tally's session does not have (its tables are 1-3): a result "
          "entered there would be refused",
          "PlayerNumbers line 7 (table 2, round 1, South): player 1099 Zoe "
          "Quinn is not in pair 2 (Cathy Dunn, Dan Evans), tally's "
          "North-South pair there; no pair of tally's has that player (a "
          "substitute: tally substitute); tally's entries are "
          "unchanged",
          "PlayerNumbers line 8 (table 2, round 1, East): player 1011 Kate "
          "Lamb is not in pair 5 (Iris Jones, Jack King), tally's East-West "
          "pair there; tally has Kate Lamb in pair 6; tally's entries are "
          "unchanged",
          "PlayerNumbers line 12 (table 3, round 1, East): player 1009 Iris "
          "Jones is not in pair 6 (Kate Lamb, Leo Moss), tally's East-West "
          "pair there; tally has Iris Jones in pair 5; tally's entries are "
          "unchanged",
          "PlayerNumbers line 13 (table 3, round 1, West): player 1010 Jack "
          "King is not in pair 6 (Kate Lamb, Leo Moss), tally's East-West "
          "pair there; tally has Jack King in pair 5; tally's entries are "
          "unchanged"));
  // The reports change nothing in tally: only the rows were sent.
  EXPECT_THAT(sink_.entered, SizeIs(2));
  EXPECT_THAT(sink_.rulings, SizeIs(2));

  // Reported once; tally's entry list is not asked for again.
  absl::StatusOr<PollReport> second = follower.Poll(*source, sink_);
  ASSERT_THAT(second, IsOk());
  EXPECT_THAT(second->seating, SizeIs(0));
  EXPECT_EQ(sink_.entries_asked, 1);

  // The West player at table 2 keys in a number (Bridgemate Control
  // Software updates the row, line 9): pair 6's Leo Moss, not pair 5's.
  Write("PlayerNumbers",
        absl::StrReplaceAll(
            Read("PlayerNumbers"),
            {{"1,2,\"W\",\"0\",\"\"", "1,2,\"W\",\"1012\",\"Leo Moss\""}}));
  absl::StatusOr<PollReport> third = follower.Poll(*source, sink_);
  ASSERT_THAT(third, IsOk());
  EXPECT_EQ(sink_.entries_asked, 2);
  EXPECT_THAT(third->seating,
              ElementsAre(HasSubstr("PlayerNumbers line 9 (table 2, round 1, "
                                    "West): player 1012 Leo Moss is not in "
                                    "pair 5")));

  // tally not reached: the players are checked at the next poll, and the
  // results are sent all the same.
  Write("PlayerNumbers",
        absl::StrCat(Read("PlayerNumbers"),
                     "1,3,\"N\",\"1013\",\"Nora Ode\",3,0,\"2026-11-26 "
                     "20:20:00\",0\n"));
  const EntryList entries = *sink_.entries;
  sink_.entries = absl::UnavailableError("tally is restarting");
  absl::StatusOr<PollReport> fourth = follower.Poll(*source, sink_);
  ASSERT_THAT(fourth, IsOk());
  EXPECT_THAT(fourth->seating, SizeIs(0));
  sink_.entries = entries;
  absl::StatusOr<PollReport> fifth = follower.Poll(*source, sink_);
  ASSERT_THAT(fifth, IsOk());
  EXPECT_THAT(fifth->seating,
              ElementsAre(HasSubstr("PlayerNumbers line 15 (table 3, round "
                                    "3, North): player 1013 Nora Ode is not "
                                    "in pair 3")));
}

TEST(BwsFollowerTest, AnOptionalTableThatCannotBeReadIsSaidOnce) {
  FakeSource source;
  source.tables["Section"] = "ID,Letter,Tables,MissingPair\n1,\"A\",3,0\n";
  source.tables["ReceivedData"] =
      absl::StrCat(kHeader, Row(1, 1, 1, 1, 1, 4, 1, "N", "4 S", "="));
  source.tables["PlayerNumbers"] = "Section,Table,Direction\n1,1,\"N\"\n";
  RecordingSink sink;
  BwsFollower follower({"tue", "pairs", 1, ""});
  absl::StatusOr<PollReport> first = follower.Poll(source, sink);
  ASSERT_THAT(first, IsOk());
  EXPECT_THAT(sink.entered, SizeIs(1));
  EXPECT_THAT(first->seating,
              ElementsAre(AllOf(HasSubstr("Number"),
                                HasSubstr("the players at the tables are not "
                                          "checked"))));
  absl::StatusOr<PollReport> second = follower.Poll(source, sink);
  ASSERT_THAT(second, IsOk());
  EXPECT_THAT(second->seating, SizeIs(0));
}

TEST(BwsFollowerTest, RefusesAnIndividualMovementSendingNothing) {
  FakeSource source;
  source.tables["Section"] = "ID,Letter,Tables,MissingPair\n1,\"A\",3,0\n";
  source.tables["ReceivedData"] =
      absl::StrCat(kHeader, Row(1, 1, 1, 1, 1, 4, 1, "N", "4 S", "="));
  // An individual: each seat a player of its own (South and West too).
  source.tables["RoundData"] =
      "Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard,CustomBoards,"
      "South,West\n1,1,1,1,4,1,9,\"\",7,10\n1,2,1,2,6,1,9,\"\",8,11\n"
      "1,3,1,3,5,1,9,\"\",9,12\n";
  RecordingSink sink;
  BwsFollower follower({"tue", "pairs", 1, ""});
  EXPECT_THAT(follower.Poll(source, sink),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("the Bridgemates in section A play an "
                                 "individual movement (RoundData line 2 seats "
                                 "a South player of its own)")));
  EXPECT_THAT(sink.entered, SizeIs(0));
  // Pairs: South and West empty or 0, as a pairs file may have them.
  source.tables["RoundData"] =
      "Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard,South,West\n"
      "1,1,1,1,4,1,9,0,0\n1,2,1,2,6,1,9,,\n1,3,1,3,5,1,9,0,0\n";
  ASSERT_THAT(follower.Poll(source, sink), IsOk());
  EXPECT_THAT(sink.entered, SizeIs(1));
}

}  // namespace
}  // namespace tally::bws
