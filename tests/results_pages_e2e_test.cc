// End to end (issue #17): a real tallyd serves its results pages on
// --http_listen. A plain HTTP client reads them and checks them against the
// gRPC answers (the same figures, "as of event N" the log's head), that
// names are escaped, that NSW TR 12.12 withholds a session in play, that
// the long poll answers once a result is entered; the watch API
// (WatchLog resumed after a disconnect, WatchStandings); and that
// `tally publish` writes pages whose links all resolve.

#include <filesystem>
#include <fstream>
#include <future>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "httplib.h"
#include "server/cli/result_text.h"
#include "server/http/results_pages.h"
#include "tally/v1/access.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/watch.grpc.pb.h"
#include "tests/client_calls.h"
#include "tests/seven_table_session.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kTournament[] = "club";
constexpr char kEvil[] = "<script>alert(1)</script>";

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string Json(const google::protobuf::Message& m) {
  std::string out;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  EXPECT_TRUE(
      google::protobuf::util::MessageToJsonString(m, &out, options).ok());
  return out;
}

// "as_of":{"sequence":N,...} of a page's JSON.
uint64_t AsOf(const std::string& json) {
  const std::string key = "\"as_of\":{\"sequence\":";
  const size_t at = json.find(key);
  if (at == std::string::npos) return 0;
  return std::stoull(json.substr(at + key.size()));
}

uint64_t Head(grpc::Channel& channel) {
  auto watch = v1::WatchService::NewStub(
      std::shared_ptr<grpc::Channel>(&channel, [](grpc::Channel*) {}));
  grpc::ClientContext context;
  v1::LogHead head;
  EXPECT_TRUE(watch->GetLogHead(&context, {}, &head).ok());
  return head.sequence();
}

// A second competition `id` under `profile` (NSW's: NSW TR 12.12 withholds
// a session in play), whose pair 1 has a name that is markup.
absl::Status SetUpCompetition(grpc::Channel& channel, const std::string& id,
                              const std::string& profile) {
  auto director = v1::DirectorService::NewStub(
      std::shared_ptr<grpc::Channel>(&channel, [](grpc::Channel*) {}));
  v1::CommandOutcome outcome;
  auto run = [&](auto method, const auto& request) -> absl::Status {
    grpc::ClientContext context;
    grpc::Status s = ((*director).*method)(&context, request, &outcome);
    return s.ok() ? absl::OkStatus() : absl::InternalError(s.error_message());
  };
  v1::CreateCompetitionRequest c;
  c.set_tournament_id(kTournament);
  c.set_competition_id(id);
  c.set_name(absl::StrCat(id, " pairs"));
  c.set_kind(v1::COMPETITION_KIND_MATCHPOINT_PAIRS);
  c.set_regulation_profile(profile);
  *c.mutable_options() = Key(id + "-competition");
  TALLY_RETURN_IF_ERROR(run(&v1::DirectorService::Stub::CreateCompetition, c));
  for (int pair = 1; pair <= 2 * kTables; ++pair) {
    v1::RegisterPairRequest r;
    r.set_tournament_id(kTournament);
    r.set_competition_id(id);
    r.set_pair(pair);
    r.add_players(pair == 1 ? kEvil : absl::StrCat("Nsw ", pair, "a"));
    r.add_players(absl::StrCat("Nsw ", pair, "b"));
    *r.mutable_options() = Key(absl::StrCat(id, "-pair-", pair));
    TALLY_RETURN_IF_ERROR(run(&v1::DirectorService::Stub::RegisterPair, r));
  }
  v1::DefineSessionRequest d;
  d.set_tournament_id(kTournament);
  d.set_competition_id(id);
  d.set_session(1);
  d.mutable_mitchell()->set_tables(kTables);
  d.mutable_mitchell()->set_boards_per_round(kBoardsPerRound);
  *d.mutable_options() = Key(id + "-session");
  TALLY_RETURN_IF_ERROR(run(&v1::DirectorService::Stub::DefineSession, d));
  v1::StartSessionRequest start;
  start.set_tournament_id(kTournament);
  start.set_competition_id(id);
  start.set_session(1);
  *start.mutable_options() = Key(id + "-start");
  return run(&v1::DirectorService::Stub::StartSession, start);
}

class ResultsPagesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string files = MakeTempDir("pages-files");
    http_port_file_ = files + "/http.port";
    tallyd_ =
        std::make_unique<TallydProcess>(TallydPath(), MakeTempDir("pages"));
    tallyd_->AddFlag("--http_listen=127.0.0.1:0");
    tallyd_->AddFlag("--http_port_file=" + http_port_file_);
    ASSERT_THAT(tallyd_->Start(), IsOk());
    http_ = std::make_unique<httplib::Client>(
        "127.0.0.1", std::stoi(ReadFile(http_port_file_)));
    http_->set_read_timeout(60, 0);
    ASSERT_THAT(SetUpSession(*tallyd_->channel(), kTournament), IsOk());
    ASSERT_THAT(
        SetUpCompetition(*tallyd_->channel(), "nsw", "nsw_matchpoint_pairs"),
        IsOk());
    std::vector<v1::EnterResultRequest> results =
        AllScriptedResults(kTournament);
    last_ = results.back();
    results.pop_back();
    for (const v1::EnterResultRequest& r : results) {
      ASSERT_THAT(EnterResult(*tallyd_->channel(), r), IsOk());
    }
    // One result at the NSW competition too.
    v1::EnterResultRequest nsw = results.front();
    nsw.set_competition_id("nsw");
    *nsw.mutable_options() = Key("nsw-result");
    ASSERT_THAT(EnterResult(*tallyd_->channel(), nsw), IsOk());
  }

  std::string Get(const std::string& path, int want = 200) {
    httplib::Result r = http_->Get(path.c_str());
    EXPECT_TRUE(r) << path;
    if (!r) return "";
    EXPECT_EQ(r->status, want) << path << ": " << r->body;
    return r->body;
  }

  // A page with its cells' phone labels (data-label, which the phone
  // layout shows) taken out, so that figures read as <td>FIGURE</td>.
  std::string GetFigures(const std::string& path) {
    static const std::regex kLabel(R"( data-label="[^"]*")");
    return std::regex_replace(Get(path), kLabel, "");
  }

  std::string http_port_file_;
  std::unique_ptr<TallydProcess> tallyd_;
  std::unique_ptr<httplib::Client> http_;
  v1::EnterResultRequest last_;
};

TEST_F(ResultsPagesTest, PagesShowTheGrpcFiguresAsOfTheLogHead) {
  grpc::Channel& channel = *tallyd_->channel();
  // From the index to the ranking by links.
  const std::string index = Get("/");
  EXPECT_THAT(index, HasSubstr("href=\"t/club/index.html\""));
  EXPECT_THAT(Get("/t/club/index.html"),
              HasSubstr("href=\"c/pairs/index.html\""));
  EXPECT_THAT(Get("/t/club/c/pairs/index.html"),
              HasSubstr("href=\"s/1/standings.html\""));

  const uint64_t head = Head(channel);
  absl::StatusOr<v1::Standings> standings = GetStandings(channel, kTournament);
  ASSERT_THAT(standings, IsOk());
  const std::string page = GetFigures("/t/club/c/pairs/s/1/standings.html");
  EXPECT_THAT(page, HasSubstr(absl::StrCat("As of event <b id=\"as-of\">", head,
                                           "</b>")));
  // Every row's place, pair and published percentage (SABF TR 11.3: 2
  // places), in the order the gRPC answer ranks them.
  size_t at = 0;
  for (const v1::StandingsRow& row : standings->fields(0).rows()) {
    const std::string cells = absl::StrCat(
        "<td>", row.rank(), row.tied() ? "=" : "", "</td><td><a href=\"pair/",
        row.pair(), ".html\">", row.pair(), "</a></td>");
    const size_t found = page.find(cells, at);
    ASSERT_NE(found, std::string::npos) << cells;
    const std::string percent =
        absl::StrCat("<td>", cli::DecimalText(row.percentage()), "</td>");
    EXPECT_NE(page.find(percent, found), std::string::npos) << percent;
    at = found;
  }
  // The JSON is the gRPC answer itself, as of the same head.
  const std::string json = Get("/t/club/c/pairs/s/1/standings.json");
  EXPECT_EQ(AsOf(json), head);
  EXPECT_THAT(json, HasSubstr(absl::StrCat("\"data\":", Json(*standings))));
  EXPECT_EQ(Get("/t/club/c/pairs/s/1/standings.html?format=json"), json);

  // A traveller and a scorecard: the same answers as QueryService gives.
  auto query = v1::QueryService::NewStub(tallyd_->channel());
  v1::GetTravellerRequest tr;
  tr.set_tournament_id(kTournament);
  tr.set_competition_id(kCompetition);
  tr.set_session(1);
  tr.set_board(1);
  v1::Traveller traveller;
  {
    grpc::ClientContext context;
    ASSERT_TRUE(query->GetTraveller(&context, tr, &traveller).ok());
  }
  EXPECT_THAT(Get("/t/club/c/pairs/s/1/board/1.json"),
              HasSubstr(absl::StrCat("\"data\":", Json(traveller))));
  const std::string traveller_page = GetFigures("/t/club/c/pairs/s/1/board/1.html");
  for (const v1::TravellerLine& line : traveller.lines()) {
    EXPECT_THAT(traveller_page,
                HasSubstr(absl::StrCat("<td>", line.ns_score(), "</td>")));
  }
  v1::GetScorecardRequest sr;
  sr.set_tournament_id(kTournament);
  sr.set_competition_id(kCompetition);
  sr.set_session(1);
  sr.set_pair(1);
  v1::Scorecard scorecard;
  {
    grpc::ClientContext context;
    ASSERT_TRUE(query->GetScorecard(&context, sr, &scorecard).ok());
  }
  EXPECT_THAT(Get("/t/club/c/pairs/s/1/pair/1.json"),
              HasSubstr(absl::StrCat("\"data\":", Json(scorecard))));
  EXPECT_THAT(Get("/t/club/c/pairs/s/1/pair/1.html"),
              HasSubstr(absl::StrCat(
                  "<dd>", cli::DecimalText(scorecard.percentage()), "</dd>")));

  // Appeals and rulings: none yet in this tournament.
  const std::string appeals = Get("/t/club/appeals.html");
  EXPECT_THAT(appeals, HasSubstr("No rulings."));
  EXPECT_THAT(appeals, HasSubstr("No appeals."));

  // Refusals and unknown paths.
  EXPECT_THAT(Get("/t/club/c/pairs/s/9/standings.html", 404),
              HasSubstr("Not available"));
  EXPECT_THAT(Get("/t/club/c/pairs/s/9/standings.json", 404),
              Not(HasSubstr("<")));
  Get("/t/club/c/none/index.html", 404);
  Get("/t/~2E~2E/index.html", 404);
  Get("/etc/passwd", 404);
  EXPECT_EQ(Head(channel), head);  // reading appends nothing
}

TEST_F(ResultsPagesTest, NamesAreEscapedAndNswWithholdsASessionInPlay) {
  const std::string page = Get("/t/club/c/nsw/index.html");
  EXPECT_THAT(page, HasSubstr("&lt;script&gt;alert(1)&lt;/script&gt;"));
  EXPECT_THAT(page, Not(HasSubstr(kEvil)));
  // NSW TR 12.12: no ranking or percentage of a session in play.
  const std::string standings = Get("/t/club/c/nsw/s/1/standings.html");
  EXPECT_THAT(standings, HasSubstr("NSW TR 12.12"));
  EXPECT_THAT(standings, Not(HasSubstr("Percentage")));
  EXPECT_THAT(Get("/t/club/c/nsw/s/1/standings.json"),
              HasSubstr("\"data\":{\"withheld\":\"NSW TR 12.12\"}"));
  EXPECT_THAT(Get("/t/club/c/nsw/s/1/board/1.html"), HasSubstr("NSW TR 12.12"));
  EXPECT_THAT(Get("/t/club/scoreboard.html"), Not(HasSubstr(kEvil)));
  // The SABF session in play is published (its profile withholds nothing).
  EXPECT_THAT(Get("/t/club/c/pairs/s/1/standings.html"),
              HasSubstr("Percentage"));
}

// Issue #15 item 4 through gRPC: NSW TR 12.12 withholds a session's
// rankings from participants (the public principal, a committee) while it
// is in play, but not from the director; a profile that withholds nothing
// publishes.
TEST_F(ResultsPagesTest, GrpcWithholdsAnNswSessionInPlayFromThePublic) {
  v1::CreatePrincipalRequest make;
  make.set_role(v1::ROLE_PUBLIC);
  make.set_id("reader");
  v1::Credential reader;
  grpc::ClientContext context;
  ASSERT_TRUE(v1::AccessService::NewStub(tallyd_->channel())
                  ->CreatePrincipal(&context, make, &reader)
                  .ok());
  auto channel = tallyd_->ChannelWithToken(reader.token());
  auto query = v1::QueryService::NewStub(channel);
  v1::GetStandingsRequest nsw;
  nsw.set_tournament_id(kTournament);
  nsw.set_competition_id("nsw");
  nsw.set_session(1);
  v1::Standings standings;
  grpc::ClientContext c1;
  grpc::Status refused = query->GetStandings(&c1, nsw, &standings);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_THAT(refused.error_message(), HasSubstr("session 1 of 'nsw'"));
  EXPECT_THAT(refused.error_message(), HasSubstr("NSW TR 12.12"));
  v1::GetTravellerRequest board;
  board.set_tournament_id(kTournament);
  board.set_competition_id("nsw");
  board.set_session(1);
  board.set_board(1);
  v1::Traveller traveller;
  grpc::ClientContext c2;
  EXPECT_EQ(query->GetTraveller(&c2, board, &traveller).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  // The director (the harness's administrator) reads it in play.
  grpc::ClientContext c3;
  EXPECT_TRUE(v1::QueryService::NewStub(tallyd_->channel())
                  ->GetStandings(&c3, nsw, &standings)
                  .ok());
  // The SABF session in play is published to the public.
  v1::GetStandingsRequest sabf = nsw;
  sabf.set_competition_id(kCompetition);
  grpc::ClientContext c4;
  EXPECT_TRUE(query->GetStandings(&c4, sabf, &standings).ok());
}

TEST_F(ResultsPagesTest, LongPollAnswersWhenAResultIsEnteredAndPagesFollow) {
  grpc::Channel& channel = *tallyd_->channel();
  const uint64_t head = Head(channel);
  const std::string before = Get("/t/club/c/pairs/s/1/standings.json");
  EXPECT_EQ(AsOf(before), head);
  // Nothing new: the poll waits (here a short while, then the result).
  std::future<std::string> poll = std::async(std::launch::async, [&] {
    httplib::Client client("127.0.0.1", std::stoi(ReadFile(http_port_file_)));
    client.set_read_timeout(60, 0);
    httplib::Result r = client.Get(absl::StrCat("/wait?after=", head).c_str());
    return r ? r->body : std::string("no answer");
  });
  EXPECT_EQ(poll.wait_for(std::chrono::milliseconds(500)),
            std::future_status::timeout);
  ASSERT_THAT(EnterResult(channel, last_), IsOk());
  ASSERT_EQ(poll.wait_for(std::chrono::seconds(10)), std::future_status::ready);
  EXPECT_EQ(poll.get(), absl::StrCat("{\"sequence\":", head + 1, "}\n"));
  const std::string after = Get("/t/club/c/pairs/s/1/standings.json");
  EXPECT_EQ(AsOf(after), head + 1);
  absl::StatusOr<v1::Standings> standings = GetStandings(channel, kTournament);
  ASSERT_THAT(standings, IsOk());
  EXPECT_EQ(standings->results_entered(), standings->results_expected());
  EXPECT_THAT(after, HasSubstr(absl::StrCat("\"data\":", Json(*standings))));
  // The page carries the poll.
  EXPECT_THAT(Get("/t/club/c/pairs/s/1/standings.html"),
              HasSubstr("wait?after="));
}

TEST_F(ResultsPagesTest,
       WatchLogResumedAfterADisconnectMissesAndRepeatsNothing) {
  grpc::Channel& channel = *tallyd_->channel();
  auto watch = v1::WatchService::NewStub(tallyd_->channel());
  std::vector<v1::Event> seen;
  {
    // A mirror reads 10 events, then its connection drops.
    grpc::ClientContext context;
    v1::WatchLogRequest r;
    r.set_from_sequence(1);
    auto reader = watch->WatchLog(&context, r);
    v1::Event e;
    while (seen.size() < 10 && reader->Read(&e)) seen.push_back(e);
    context.TryCancel();
    while (reader->Read(&e)) {
    }
    reader->Finish();
  }
  ASSERT_EQ(seen.size(), 10u);
  // It resumes from the last sequence it holds + 1 and follows the log; a
  // new result arrives while it watches.
  grpc::ClientContext context;
  v1::WatchLogRequest r;
  r.set_from_sequence(seen.back().sequence() + 1);
  auto reader = watch->WatchLog(&context, r);
  const uint64_t head = Head(channel);
  v1::Event e;
  while (seen.back().sequence() < head && reader->Read(&e)) seen.push_back(e);
  ASSERT_THAT(EnterResult(channel, last_), IsOk());
  ASSERT_TRUE(reader->Read(&e));
  seen.push_back(e);
  context.TryCancel();
  while (reader->Read(&e)) {
  }
  reader->Finish();

  absl::StatusOr<std::vector<v1::Event>> log = ReadWholeLog(channel);
  ASSERT_THAT(log, IsOk());
  ASSERT_EQ(seen.size(), log->size());
  for (size_t i = 0; i < seen.size(); ++i) {
    EXPECT_EQ(seen[i].SerializeAsString(), (*log)[i].SerializeAsString())
        << "event " << i + 1;
  }
}

TEST_F(ResultsPagesTest, WatchStandingsPushesAfterAResult) {
  grpc::Channel& channel = *tallyd_->channel();
  auto watch = v1::WatchService::NewStub(tallyd_->channel());
  grpc::ClientContext context;
  v1::GetStandingsRequest r;
  r.set_tournament_id(kTournament);
  r.set_competition_id(kCompetition);
  r.set_session(1);
  auto reader = watch->WatchStandings(&context, r);
  v1::Standings first, second;
  ASSERT_TRUE(reader->Read(&first));
  EXPECT_EQ(first.results_entered(), first.results_expected() - 1);
  ASSERT_THAT(EnterResult(channel, last_), IsOk());
  ASSERT_TRUE(reader->Read(&second));
  EXPECT_EQ(second.results_entered(), second.results_expected());
  absl::StatusOr<v1::Standings> now = GetStandings(channel, kTournament);
  ASSERT_THAT(now, IsOk());
  EXPECT_EQ(Json(second), Json(*now));
  context.TryCancel();
  reader->Finish();
}

TEST_F(ResultsPagesTest, PublishWritesPagesWhoseLinksAllResolve) {
  const std::string dir = MakeTempDir("published");
  const std::string out = RunTallyCli(tallyd_->address(), "publish " + dir);
  EXPECT_THAT(out, HasSubstr("published"));
  size_t pages = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (entry.path().extension() != ".html") continue;
    ++pages;
    const std::string rel =
        std::filesystem::relative(entry.path(), dir).string();
    const std::string html = ReadFile(entry.path().string());
    EXPECT_THAT(html, Not(HasSubstr("wait?after=")));  // static: no poll
    EXPECT_THAT(html, Not(HasSubstr(kEvil)));
    for (const std::string& link : server::http::LinkedPages(rel, html)) {
      EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(dir) / link))
          << rel << " links to " << link;
    }
  }
  // Index, tournament, 2 competitions, appeals, scoreboard, 2 rankings,
  // 2 overall standings, 21 travellers and 14 scorecards of the SABF
  // session, and the NSW session's 21 travellers (withheld).
  EXPECT_GE(pages, 8u + 2 + 21 + 14 + 21);
  EXPECT_TRUE(
      std::filesystem::exists(std::filesystem::path(dir) / "export.jsonl"));
}

// Issue #18: a club profile's display figures (Compscore's, abf_club_pairs:
// shown matchpoints and maximum to 2 decimals, the scaled total) are on
// the standings and traveller pages, and the director's session
// adjustments are listed under the standings (pair, amount, law, text,
// event), escaped; a profile without club conventions shows neither.
TEST_F(ResultsPagesTest, ClubFiguresAndSessionAdjustmentsAreShown) {
  grpc::Channel& channel = *tallyd_->channel();
  ASSERT_THAT(SetUpCompetition(channel, "abf", "abf_club_pairs"), IsOk());
  v1::EnterResultRequest first = AllScriptedResults(kTournament).front();
  first.set_competition_id("abf");
  *first.mutable_options() = Key("abf-result");
  ASSERT_THAT(EnterResult(channel, first), IsOk());
  auto director = v1::DirectorService::NewStub(tallyd_->channel());
  v1::AdjustSessionRequest adjust;
  adjust.set_tournament_id(kTournament);
  adjust.set_competition_id("abf");
  adjust.set_session(1);
  adjust.set_pair(first.table());  // North-South at the table
  adjust.mutable_matchpoints()->set_numerator(3);
  adjust.mutable_matchpoints()->set_denominator(2);
  adjust.set_law("club conditions");
  adjust.set_text(kEvil);
  *adjust.mutable_options() = Key("abf-adjust");
  {
    grpc::ClientContext context;
    v1::CommandOutcome out;
    ASSERT_TRUE(director->AdjustSession(&context, adjust, &out).ok());
  }
  v1::Standings standings;
  {
    auto query = v1::QueryService::NewStub(tallyd_->channel());
    v1::GetStandingsRequest r;
    r.set_tournament_id(kTournament);
    r.set_competition_id("abf");
    r.set_session(1);
    grpc::ClientContext context;
    ASSERT_TRUE(query->GetStandings(&context, r, &standings).ok());
  }
  const std::string page = GetFigures("/t/club/c/abf/s/1/standings.html");
  EXPECT_THAT(page, HasSubstr("<th>Shown matchpoints</th>"));
  EXPECT_THAT(page, HasSubstr("<th>Scaled total</th>"));
  EXPECT_THAT(page, HasSubstr("<th>Shown maximum</th>"));
  for (const v1::StandingsField& f : standings.fields()) {
    for (const v1::StandingsRow& row : f.rows()) {
      if (row.boards_played() == 0) continue;
      EXPECT_THAT(page, HasSubstr(absl::StrCat(
                            "<td>", cli::DecimalText(row.shown_matchpoints()),
                            "</td>")))
          << row.pair();
    }
  }
  // The adjustment: +1.5 MP to the pair, its law, the text escaped.
  EXPECT_THAT(page, HasSubstr("<h2>Session adjustments</h2>"));
  EXPECT_THAT(page,
              HasSubstr(absl::StrCat("<td>", first.table(),
                                     "</td><td>+1.5 MP</td><td>club "
                                     "conditions</td><td>&lt;script&gt;")));
  EXPECT_THAT(page, Not(HasSubstr(kEvil)));
  // The traveller shows each side's shown matchpoints.
  const std::string traveller = GetFigures(
      absl::StrCat("/t/club/c/abf/s/1/board/", first.board(), ".html"));
  EXPECT_THAT(traveller, HasSubstr("<th>NS shown matchpoints</th>"));
  // The tournament-level profile (no club conventions) shows neither.
  const std::string plain = Get("/t/club/c/pairs/s/1/standings.html");
  EXPECT_THAT(plain, Not(HasSubstr("Shown matchpoints")));
  EXPECT_THAT(plain, Not(HasSubstr("Session adjustments")));
}

}  // namespace
}  // namespace tally::testing
