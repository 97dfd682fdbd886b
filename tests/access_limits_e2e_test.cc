// Issue #15 item 6 through a real tallyd: each principal's request rate and
// concurrent streams are limited (tallyd --max_requests_per_second,
// --max_streams); past them a call is RESOURCE_EXHAUSTED with a message
// naming the flag, appends nothing, and other principals are unaffected.

#include <memory>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tally/v1/access.grpc.pb.h"
#include "tally/v1/command.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/watch.grpc.pb.h"
#include "tests/client_calls.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::HasSubstr;

class AccessLimitsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    tallyd_ = std::make_unique<TallydProcess>(TallydPath(),
                                              MakeTempDir("access-limits"));
    // Two requests a second sustained, ten at once; one stream each.
    tallyd_->AddFlag("--max_requests_per_second=2");
    tallyd_->AddFlag("--max_streams=1");
    ASSERT_THAT(tallyd_->Start(), IsOk());
    v1::CreateTournamentRequest t;
    t.set_tournament_id("lim");
    t.set_name("Limits");
    *t.mutable_options() = Key("lim");
    v1::CommandOutcome out;
    ASSERT_TRUE(v1::DirectorService::NewStub(tallyd_->channel())
                    ->CreateTournament(ContextAs("").get(), t, &out)
                    .ok());
  }

  std::string Token(v1::Role role, const std::string& id) {
    v1::CreatePrincipalRequest request;
    request.set_role(role);
    request.set_id(id);
    if (role == v1::ROLE_DIRECTOR) {
      request.mutable_scope()->set_tournament_id("lim");
    }
    v1::Credential credential;
    grpc::Status s = v1::AccessService::NewStub(tallyd_->channel())
                         ->CreatePrincipal(ContextAs("").get(), request,
                                           &credential);
    EXPECT_TRUE(s.ok()) << s.error_message();
    return credential.token();
  }

  size_t LogLength() {
    absl::StatusOr<std::vector<v1::Event>> log =
        ReadWholeLog(*tallyd_->channel());
    EXPECT_THAT(log, IsOk());
    return log.ok() ? log->size() : 0;
  }

  std::unique_ptr<TallydProcess> tallyd_;
};

TEST_F(AccessLimitsTest, RateExceededIsRefusedAndAppendsNothing) {
  auto director = v1::DirectorService::NewStub(
      tallyd_->ChannelWithToken(Token(v1::ROLE_DIRECTOR, "td:lim")));
  const size_t before = LogLength();
  int accepted = 0, exhausted = 0;
  for (int i = 0; i < 20; ++i) {
    v1::CreateCompetitionRequest c;
    c.set_tournament_id("lim");
    c.set_competition_id(absl::StrCat("c", i));
    c.set_name(absl::StrCat("Pairs ", i));
    c.set_kind(v1::COMPETITION_KIND_MATCHPOINT_PAIRS);
    c.set_regulation_profile("sabf_matchpoint_pairs");
    *c.mutable_options() = Key(absl::StrCat("lim-c", i));
    v1::CommandOutcome out;
    grpc::Status s = director->CreateCompetition(ContextAs("").get(), c, &out);
    if (s.ok()) {
      ++accepted;
    } else {
      ASSERT_EQ(s.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED)
          << s.error_message();
      EXPECT_THAT(s.error_message(), HasSubstr("'td:lim'"));
      EXPECT_THAT(s.error_message(), HasSubstr("--max_requests_per_second"));
      ++exhausted;
    }
  }
  // The burst of ten at least, and fewer than twenty in the second or so
  // the loop takes; each refusal appended nothing.
  EXPECT_GE(accepted, 10);
  EXPECT_GE(exhausted, 5);
  EXPECT_EQ(LogLength(), before + accepted);
  // Another principal is not held to the director's rate.
  EXPECT_THAT(GetStandings(*tallyd_->channel(), "lim").status().code(),
              ::testing::Ne(absl::StatusCode::kResourceExhausted));
}

TEST_F(AccessLimitsTest, StreamsPastTheLimitAreRefusedUntilOneEnds) {
  const std::string token = Token(v1::ROLE_AUDITOR, "aud:lim");
  auto watch = v1::WatchService::NewStub(tallyd_->ChannelWithToken(token));
  v1::WatchLogRequest from_start;
  from_start.set_from_sequence(1);
  auto first_context = ContextAs("");
  auto first = watch->WatchLog(first_context.get(), from_start);
  v1::Event event;
  ASSERT_TRUE(first->Read(&event));  // the stream is open and following
  auto second_context = ContextAs("");
  auto second = watch->WatchLog(second_context.get(), from_start);
  EXPECT_FALSE(second->Read(&event));
  grpc::Status refused = second->Finish();
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_THAT(refused.error_message(), HasSubstr("aud:lim"));
  // The administrator has its own streams.
  auto admin = v1::WatchService::NewStub(tallyd_->channel());
  auto admin_context = ContextAs("");
  auto other = admin->WatchLog(admin_context.get(), from_start);
  EXPECT_TRUE(other->Read(&event));
  admin_context->TryCancel();
  other->Finish();
  // Once the first stream ends, its slot is free again (the server notices
  // a cancelled stream within a second).
  first_context->TryCancel();
  first->Finish();
  bool reopened = false;
  for (int attempt = 0; attempt < 20 && !reopened; ++attempt) {
    auto context = ContextAs("");
    auto again = watch->WatchLog(context.get(), from_start);
    reopened = again->Read(&event);
    context->TryCancel();
    again->Finish();
    if (!reopened) std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
  EXPECT_TRUE(reopened);
}

}  // namespace
}  // namespace tally::testing
