// End to end (issue #5 item 5): an appeal's whole life through the gRPC API
// (lodged inside ANC SR 6.2's window, the respondents' submission, the
// reply, the hearing, a varied decision), read back by GetAppeal,
// ListAppeals and the board's history; then an appeal lodged one second
// after the window is refused, naming the clause, and the log is
// unchanged. The server's clock is a file the test sets (tallyd
// --test_clock_file).

#include <string>

#include "absl/time/time.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/state/state.h"
#include "server/grpc_status.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tests/client_calls.h"
#include "tests/match_client.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

absl::Time Clock(int hour, int minute, int second = 0) {
  return absl::FromCivil(absl::CivilSecond(2026, 3, 14, hour, minute, second),
                         absl::UTCTimeZone());
}

std::unique_ptr<grpc::ClientContext> Context() { return ContextAs("td:appeals"); }

TEST(AppealE2eTest, WholeLifeThenALateLodgingRefusedWithTheLogUnchanged) {
  const std::string dir = MakeTempDir("appeal");
  const std::string clock = dir + "/clock";
  SetClock(clock, Clock(9, 0));
  TallydProcess tallyd(TallydPath(), dir + "/data");
  tallyd.AddFlag("--test_clock_file=" + clock);
  ASSERT_THAT(tallyd.Start(), IsOk());
  auto director = v1::DirectorService::NewStub(tallyd.channel());
  auto query = v1::QueryService::NewStub(tallyd.channel());
  auto audit = v1::AuditService::NewStub(tallyd.channel());

  // Ten pairs of the Welcome Swiss Pairs: round 1 10:00-11:10, round 2 at
  // 12:30, so ANC SR 6.2's time for round 1 expires at 11:40.
  MatchClient wsp(tallyd.channel(), "anc", "wsp");
  ASSERT_THAT(wsp.Create(v1::COMPETITION_KIND_SWISS_PAIRS, "anc2025_wsp"),
              IsOk());
  ASSERT_THAT(wsp.RegisterPairs(10), IsOk());
  absl::StatusOr<v1::DrawMade> draw = wsp.Draw(1, 5);
  ASSERT_THAT(draw, IsOk());
  ASSERT_THAT(wsp.Schedule(1, Clock(10, 0), Clock(11, 10), false), IsOk());
  ASSERT_THAT(wsp.Schedule(2, Clock(12, 30), Clock(13, 40), false), IsOk());
  const v1::DrawnMatch& match = draw->matches(0);

  v1::LodgeAppealRequest lodge;
  lodge.set_tournament_id("anc");
  v1::AppealLodged* a = lodge.mutable_appeal();
  a->set_competition_id("wsp");
  a->set_kind(v1::APPEAL_KIND_RULING_REVIEW);
  a->set_session(1);
  a->set_table(match.table());
  a->set_board(3);
  a->set_appellant(match.home());
  a->set_appellant_signature(absl::StrCat("P", match.home(), " North"));
  a->add_respondents(match.away());
  a->set_grounds("The break in tempo did not suggest 4S.");
  a->set_directors_ruling("Adjusted to 3S by North making 10, NS +170.");

  // 11:39:59: inside the window.
  SetClock(clock, Clock(11, 39, 59));
  v1::CommandOutcome out;
  *lodge.mutable_options() = Key("lodge-1");
  ASSERT_TRUE(director->LodgeAppeal(Context().get(), lodge, &out).ok());

  // 11:40:01, one second after the time expired: a second lodging is
  // refused with the clause and the expiry, and nothing is appended.
  absl::StatusOr<uint64_t> before = wsp.LogLength();
  ASSERT_THAT(before, IsOk());
  SetClock(clock, Clock(11, 40, 1));
  *lodge.mutable_options() = Key("lodge-2");
  grpc::Status late = director->LodgeAppeal(Context().get(), lodge, &out);
  EXPECT_THAT(server::FromGrpcStatus(late),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("expired at 2026-03-14 11:40 UTC"),
                             HasSubstr("ANC SR 6.2"))));
  absl::StatusOr<uint64_t> after = wsp.LogLength();
  ASSERT_THAT(after, IsOk());
  EXPECT_EQ(*after, *before);
  v1::SubmitAppealResponseRequest submit;
  *submit.mutable_options() = Key("submit-1");
  submit.set_tournament_id("anc");
  submit.mutable_submission()->set_competition_id("wsp");
  submit.mutable_submission()->set_appeal(1);
  submit.mutable_submission()->set_submission("The pause was long.");
  submit.mutable_submission()->set_signed_by(
      absl::StrCat("P", match.away(), " North"));
  v1::ReplyToAppealRequest reply;
  *reply.mutable_options() = Key("reply-1");
  reply.set_tournament_id("anc");
  reply.mutable_reply()->set_competition_id("wsp");
  reply.mutable_reply()->set_appeal(1);
  reply.mutable_reply()->set_reply("Skip-bid pauses are normal.");
  reply.mutable_reply()->set_signed_by(
      absl::StrCat("P", match.away(), " South"));
  v1::HearAppealRequest hear;
  *hear.mutable_options() = Key("hear-1");
  hear.set_tournament_id("anc");
  hear.mutable_heard()->set_competition_id("wsp");
  hear.mutable_heard()->set_appeal(1);
  hear.mutable_heard()->set_chair("Reviewer One");
  hear.mutable_heard()->add_members("Reviewer One");
  // A player of the appellant may not sit: refused, nothing appended.
  hear.mutable_heard()->add_members(absl::StrCat("P", match.home(), " South"));
  SetClock(clock, Clock(12, 0));
  ASSERT_TRUE(director->SubmitAppealResponse(Context().get(), submit, &out).ok());
  ASSERT_TRUE(director->ReplyToAppeal(Context().get(), reply, &out).ok());
  absl::StatusOr<uint64_t> before_hearing = wsp.LogLength();
  ASSERT_THAT(before_hearing, IsOk());
  EXPECT_EQ(director->HearAppeal(Context().get(), hear, &out).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
  absl::StatusOr<uint64_t> after_refusal = wsp.LogLength();
  ASSERT_THAT(after_refusal, IsOk());
  EXPECT_EQ(*after_refusal, *before_hearing);
  hear.mutable_heard()->mutable_members()->RemoveLast();
  hear.mutable_heard()->add_members("Reviewer Two");
  *hear.mutable_options() = Key("hear-2");
  ASSERT_TRUE(director->HearAppeal(Context().get(), hear, &out).ok());

  v1::DecideAppealRequest decide;
  *decide.mutable_options() = Key("decide-1");
  decide.set_tournament_id("anc");
  v1::AppealDecided* d = decide.mutable_decided();
  d->set_competition_id("wsp");
  d->set_appeal(1);
  d->set_outcome(v1::APPEAL_OUTCOME_VARIED);
  *d->mutable_adjusted_score()->mutable_assigned() =
      Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 10);
  d->set_decision("The table result, 4S making, NS +420, is restored.");
  ASSERT_TRUE(director->DecideAppeal(Context().get(), decide, &out).ok());

  v1::GetAppealRequest get;
  get.set_tournament_id("anc");
  get.set_competition_id("wsp");
  get.set_appeal(1);
  v1::AppealView view;
  ASSERT_TRUE(query->GetAppeal(Context().get(), get, &view).ok());
  EXPECT_EQ(view.stage(), "decided");
  EXPECT_EQ(view.lodged().window_clause(), "ANC SR 6.2");
  EXPECT_EQ(replay::ToTime(view.lodged().window_closes_at()), Clock(11, 40));
  EXPECT_EQ(replay::ToTime(view.lodged_at()), Clock(11, 39, 59));
  EXPECT_EQ(view.decided().adjusted_score().assigned().played().tricks(), 10);
  ASSERT_EQ(view.sequences_size(), 5);

  // The board's history carries the appeal's five events.
  v1::GetBoardHistoryRequest history;
  history.set_tournament_id("anc");
  history.set_competition_id("wsp");
  history.set_session(1);
  history.set_board(3);
  v1::BoardHistory h;
  ASSERT_TRUE(audit->GetBoardHistory(Context().get(), history, &h).ok());
  int appeal_events = 0;
  for (const v1::Event& e : h.events()) {
    if (e.payload().has_appeal_lodged() || e.payload().has_appeal_submission() ||
        e.payload().has_appeal_reply() || e.payload().has_appeal_heard() ||
        e.payload().has_appeal_decided()) {
      ++appeal_events;
    }
  }
  EXPECT_EQ(appeal_events, 5);

  v1::ListAppealsRequest list;
  list.set_tournament_id("anc");
  list.set_competition_id("wsp");
  v1::ListAppealsResponse appeals;
  ASSERT_TRUE(query->ListAppeals(Context().get(), list, &appeals).ok());
  EXPECT_EQ(appeals.appeals_size(), 1);

  // ANC SR 1.1: a further appeal lies under the ABF Appeals Regulations,
  // which tally does not hold: refused, nothing appended, until the
  // director names the body and clause from them.
  v1::LodgeFurtherAppealRequest further;
  *further.mutable_options() = Key("further-1");
  further.set_tournament_id("anc");
  v1::FurtherAppealLodged* f = further.mutable_further();
  f->set_competition_id("wsp");
  f->set_appeal(1);
  f->set_entrant(match.away());
  f->set_signed_by(absl::StrCat("P", match.away(), " South"));
  f->set_grounds("The committee misapplied Law 16B.");
  absl::StatusOr<uint64_t> before_further = wsp.LogLength();
  ASSERT_THAT(before_further, IsOk());
  grpc::Status refused =
      director->LodgeFurtherAppeal(Context().get(), further, &out);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(refused.error_message(),
              HasSubstr("ABF Appeals Regulations (ANC SR 1.1)"));
  absl::StatusOr<uint64_t> after_further = wsp.LogLength();
  ASSERT_THAT(after_further, IsOk());
  EXPECT_EQ(*after_further, *before_further);
  f->set_to_body("the ABF National Appeals Committee");
  f->set_clause("ABF Appeals Regulations 4");
  *further.mutable_options() = Key("further-2");
  ASSERT_TRUE(director->LodgeFurtherAppeal(Context().get(), further, &out).ok());
  ASSERT_TRUE(query->GetAppeal(Context().get(), get, &view).ok());
  EXPECT_EQ(view.stage(), "further_appeal");
  EXPECT_EQ(view.further().to_body(), "the ABF National Appeals Committee");
}

}  // namespace
}  // namespace tally::testing
