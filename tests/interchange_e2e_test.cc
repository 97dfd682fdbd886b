// End to end (issue #18, items 2-3): `tally import` of the hand-written
// USEBIO 1.2 file tests/interchange/usebio_mitchell_3_tables.xml (and of the
// same session as PBN 2.1) into a real tallyd, tally's standings against
// the figures the file publishes (worked by hand in
// tests/interchange/README.md), the provenance every event carries, a
// second import appending nothing, `tally export-session` giving back a file
// equal to the original on every figure, and a refused file appending nothing.

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/interchange/pbn_reader.h"
#include "server/interchange/session_file.h"
#include "server/interchange/usebio_reader.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kFile[] = "usebio_mitchell_3_tables.xml";

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string FixturePath() {
  return absl::StrCat(TALLY_INTERCHANGE_FIXTURES, "/", kFile);
}

class InterchangeEndToEndTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(tallyd_.Start().ok());
    query_ = v1::QueryService::NewStub(tallyd_.channel());
    audit_ = v1::AuditService::NewStub(tallyd_.channel());
  }

  std::vector<v1::Event> Log() {
    grpc::ClientContext context;
    v1::ReadLogRequest r;
    auto reader = audit_->ReadLog(&context, r);
    std::vector<v1::Event> out;
    v1::Event e;
    while (reader->Read(&e)) out.push_back(e);
    EXPECT_TRUE(reader->Finish().ok());
    return out;
  }

  v1::Standings Standings(const std::string& tournament) {
    grpc::ClientContext context;
    v1::GetStandingsRequest r;
    r.set_tournament_id(tournament);
    r.set_competition_id("pairs");
    r.set_session(1);
    v1::Standings out;
    EXPECT_TRUE(query_->GetStandings(&context, r, &out).ok());
    return out;
  }

  std::string Import(const std::string& path, const std::string& tournament) {
    return RunTallyCli(tallyd_.address(),
                       absl::StrCat("import ", path, " ", tournament,
                                    " --profile=nsw_matchpoint_pairs"));
  }

  const std::string dir_ = MakeTempDir("interchange");
  TallydProcess tallyd_{TallydPath(), dir_ + "/data"};
  std::unique_ptr<v1::QueryService::Stub> query_;
  std::unique_ptr<v1::AuditService::Stub> audit_;
};

TEST_F(InterchangeEndToEndTest,
       ImportGivesThePublishedFiguresAndExportRoundTrips) {
  const std::string out = Import(FixturePath(), "tuesday");
  // Tournament, competition, 6 pairs, movement, start, 18 results, post.
  EXPECT_THAT(out, HasSubstr("6 pairs, 6 boards, 29 events appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));

  // The hand working: NS 2 14 MP (58.33%), 1 13 (54.17%), 3 9 (37.50%);
  // EW 5 22 (91.67%), 6 8 (33.33%), 4 6 (25.00%); a top of 4 a board, 24
  // on six boards.
  const v1::Standings s = Standings("tuesday");
  ASSERT_EQ(s.fields_size(), 2);
  struct Row {
    int pair;
    int64_t mp;
    int64_t hundredths;
  };
  const std::vector<std::vector<Row>> expected = {
      {{2, 14, 5833}, {1, 13, 5417}, {3, 9, 3750}},
      {{5, 22, 9167}, {6, 8, 3333}, {4, 6, 2500}}};
  for (int f = 0; f < 2; ++f) {
    ASSERT_EQ(s.fields(f).rows_size(), 3);
    for (int i = 0; i < 3; ++i) {
      const v1::StandingsRow& row = s.fields(f).rows(i);
      EXPECT_EQ(row.rank(), i + 1);
      EXPECT_EQ(row.pair(), expected[f][i].pair);
      EXPECT_EQ(row.matchpoints().numerator(), expected[f][i].mp);
      EXPECT_EQ(row.matchpoints().denominator(), 1);
      EXPECT_EQ(row.maximum(), 24);
      EXPECT_EQ(row.percentage().units(), expected[f][i].hundredths);
      EXPECT_EQ(row.percentage().places(), 2);
    }
  }

  // Every event carries the file, its hash and its line; board 3's 1 v 6
  // sits on line 160.
  const std::string sha = interchange::Sha256Hex(ReadAll(FixturePath()));
  const std::vector<v1::Event> log = Log();
  ASSERT_EQ(log.size(), 29u);
  bool board3 = false;
  for (const v1::Event& e : log) {
    EXPECT_EQ(e.provenance().file_name(), kFile);
    EXPECT_EQ(e.provenance().file_sha256(), sha);
    EXPECT_EQ(e.provenance().format(), "usebio-1.2");
    EXPECT_GT(e.provenance().line(), 0);
    if (e.payload().has_result_entered() &&
        e.payload().result_entered().board() == 3 &&
        e.payload().result_entered().table() == 1) {
      board3 = true;
      EXPECT_EQ(e.provenance().line(), 160);
    }
  }
  EXPECT_TRUE(board3);

  // The same file again: every command is a retry; nothing is appended.
  EXPECT_THAT(Import(FixturePath(), "tuesday"), HasSubstr("0 events appended"));
  EXPECT_EQ(Log().size(), 29u);

  // Export, then read both: equal on every figure tally represents.
  const std::string exported = dir_ + "/exported.xml";
  EXPECT_THAT(
      RunTallyCli(tallyd_.address(),
                  absl::StrCat("export-session tuesday pairs 1 --format=usebio "
                               "--output=",
                               exported)),
      HasSubstr("wrote"));
  absl::StatusOr<interchange::SessionFile> original =
      interchange::ReadUsebio(ReadAll(FixturePath()), kFile);
  absl::StatusOr<interchange::SessionFile> back =
      interchange::ReadUsebio(ReadAll(exported), "exported.xml");
  ASSERT_THAT(original, IsOk());
  ASSERT_THAT(back, IsOk());
  EXPECT_EQ(interchange::FirstDifference(*original, *back), "");
}

// The same session as a PBN 2.1 file: the same figures, and `tally
// export-session --format=pbn` gives back its ScoreTables and TotalScoreTable.
TEST_F(InterchangeEndToEndTest, PbnImportAndExportRoundTrip) {
  const std::string pbn =
      absl::StrCat(TALLY_INTERCHANGE_FIXTURES, "/pbn_mitchell_3_tables.pbn");
  const std::string out = Import(pbn, "tuesday-pbn");
  EXPECT_THAT(out, HasSubstr("6 pairs, 6 boards, 29 events appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  for (const v1::Event& e : Log()) {
    EXPECT_EQ(e.provenance().format(), "pbn-2.1");
    EXPECT_EQ(e.provenance().file_name(), "pbn_mitchell_3_tables.pbn");
  }
  const std::string exported = dir_ + "/exported.pbn";
  EXPECT_THAT(RunTallyCli(tallyd_.address(),
                          absl::StrCat("export-session tuesday-pbn pairs 1 "
                                       "--format=pbn --output=",
                                       exported)),
              HasSubstr("wrote"));
  absl::StatusOr<interchange::SessionFile> original =
      interchange::ReadPbn(ReadAll(pbn), "pbn_mitchell_3_tables.pbn");
  absl::StatusOr<interchange::SessionFile> back =
      interchange::ReadPbn(ReadAll(exported), "exported.pbn");
  ASSERT_THAT(original, IsOk());
  ASSERT_THAT(back, IsOk());
  EXPECT_EQ(interchange::FirstDifference(*original, *back), "");
}

TEST_F(InterchangeEndToEndTest, RefusedFileAppendsNothing) {
  std::string text = ReadAll(FixturePath());
  text.replace(text.find("<CONTRACT>4S</CONTRACT>"), 23, "");
  const std::string bad = dir_ + "/no_contract.xml";
  std::ofstream(bad) << text;
  EXPECT_THAT(Import(bad, "wednesday"), Not(HasSubstr("imported")));
  EXPECT_TRUE(Log().empty());
}

}  // namespace
}  // namespace tally::testing
