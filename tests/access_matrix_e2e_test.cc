// The authorisation matrix (issue #15), generated from the one access table
// (server/access_table.h) and sent to a real tallyd: every RPC of the table
// x every role, in scope and out of scope (another tournament, another
// table, another session, another competition's committee), and with no
// credential, a malformed one and a revoked one. A role the table allows is
// never refused for who it is; every other call is PERMISSION_DENIED (naming
// what the principal may call) or UNAUTHENTICATED; and the refusals, all
// sent before any allowed call, leave the log exactly as it was.

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/message.h"
#include "gtest/gtest.h"
#include "server/access_table.h"
#include "server/principal_store.h"
#include "tally/v1/access.grpc.pb.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/calculator.grpc.pb.h"
#include "tally/v1/operator.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/venue.grpc.pb.h"
#include "tally/v1/watch.grpc.pb.h"
#include "tests/client_calls.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::MethodDescriptor;
using ::testing::HasSubstr;

// Where the in-scope principals are bound, and what a request names.
struct Place {
  std::string tournament = "t1";
  std::string competition = "c1";
  int session = 1;
  int table = 3;
};

// Links every service's descriptors into this binary, so the pool knows
// them by name.
void LinkDescriptors() {
  for (const Descriptor* d :
       {v1::CreateTournamentRequest::descriptor(),
        v1::EnterResultRequest::descriptor(),
        v1::GetStandingsRequest::descriptor(), v1::ReadLogRequest::descriptor(),
        v1::ContractScoreRequest::descriptor(),
        v1::CreatePrincipalRequest::descriptor(),
        v1::WatchLogRequest::descriptor(), v1::BackupRequest::descriptor()}) {
    ASSERT_NE(d, nullptr);
  }
}

const MethodDescriptor* MethodOf(absl::string_view rpc) {
  const std::vector<std::string> parts = absl::StrSplit(rpc, '.');
  const auto* service =
      google::protobuf::DescriptorPool::generated_pool()->FindServiceByName(
          absl::StrCat("tally.v1.", parts[0]));
  return service == nullptr ? nullptr : service->FindMethodByName(parts[1]);
}

// Sets `name` at the top of `m` and in each singular message one level
// down, where it exists (where the server's scope check looks for it).
void SetEverywhere(Message& m, const std::string& name, const std::string& s,
                   int n) {
  auto set = [&](Message& x) {
    const FieldDescriptor* f = x.GetDescriptor()->FindFieldByName(name);
    if (f == nullptr || f->is_repeated()) return;
    const auto* r = x.GetReflection();
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_STRING)
      r->SetString(&x, f, s);
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_INT32) r->SetInt32(&x, f, n);
  };
  set(m);
  const Descriptor* d = m.GetDescriptor();
  for (int i = 0; i < d->field_count(); ++i) {
    const FieldDescriptor* f = d->field(i);
    if (f->is_repeated() || f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE ||
        f->name() == "options" ||
        f->message_type()->full_name().rfind("google.", 0) == 0) {
      continue;
    }
    set(*m.GetReflection()->MutableMessage(&m, f));
  }
}

// A request of `method` naming `place`, with an idempotency key.
std::unique_ptr<Message> RequestAt(const MethodDescriptor& method,
                                   const Place& place, int n) {
  std::unique_ptr<Message> m(
      google::protobuf::MessageFactory::generated_factory()
          ->GetPrototype(method.input_type())
          ->New());
  if (const FieldDescriptor* o = m->GetDescriptor()->FindFieldByName("options");
      o != nullptr && o->message_type()->name() == "CommandOptions") {
    Message* options = m->GetReflection()->MutableMessage(m.get(), o);
    options->GetReflection()->SetString(
        options, options->GetDescriptor()->FindFieldByName("idempotency_key"),
        absl::StrCat("matrix-", n));
  }
  SetEverywhere(*m, "tournament_id", place.tournament, 0);
  SetEverywhere(*m, "competition_id", place.competition, 0);
  SetEverywhere(*m, "session", "", place.session);
  SetEverywhere(*m, "table", "", place.table);
  // A director may create only scorers and devices; ask for a scorer of
  // the place's tournament (no finer scope) so an allowed call is allowed.
  if (method.input_type()->name() == "CreatePrincipalRequest") {
    auto* create = static_cast<v1::CreatePrincipalRequest*>(m.get());
    create->set_role(v1::ROLE_SCORER);
    create->mutable_scope()->clear_competition_id();
    create->mutable_scope()->clear_session();
    create->mutable_scope()->clear_table();
  }
  return m;
}

class AccessMatrixTest : public ::testing::Test {
 protected:
  void SetUp() override {
    LinkDescriptors();
    tallyd_ = std::make_unique<TallydProcess>(TallydPath(),
                                              MakeTempDir("access-matrix"));
    ASSERT_THAT(tallyd_->Start(), IsOk());
    access_ = v1::AccessService::NewStub(tallyd_->channel());
  }

  std::string Create(v1::Role role, const v1::Scope& scope) {
    v1::CreatePrincipalRequest request;
    request.set_role(role);
    *request.mutable_scope() = scope;
    v1::Credential credential;
    grpc::ClientContext context;
    grpc::Status s = access_->CreatePrincipal(&context, request, &credential);
    EXPECT_TRUE(s.ok()) << s.error_message();
    return credential.token();
  }

  // The in-scope principal of each role (the administrator: tallyd's own).
  std::map<v1::Role, std::string> MakePrincipals() {
    const Place p;
    v1::Scope tournament;
    tournament.set_tournament_id(p.tournament);
    v1::Scope committee = tournament;
    committee.set_competition_id(p.competition);
    v1::Scope table = committee;
    table.set_session(p.session);
    table.set_table(p.table);
    return {{v1::ROLE_ADMINISTRATOR, tallyd_->admin_token()},
            {v1::ROLE_DIRECTOR, Create(v1::ROLE_DIRECTOR, tournament)},
            {v1::ROLE_SCORER, Create(v1::ROLE_SCORER, tournament)},
            {v1::ROLE_VENUE, Create(v1::ROLE_VENUE, table)},
            {v1::ROLE_APPEALS_COMMITTEE,
             Create(v1::ROLE_APPEALS_COMMITTEE, committee)},
            {v1::ROLE_AUDITOR, Create(v1::ROLE_AUDITOR, v1::Scope())},
            {v1::ROLE_PUBLIC, Create(v1::ROLE_PUBLIC, v1::Scope())}};
  }

  // The log's length and head hash.
  std::pair<size_t, std::string> Head() {
    absl::StatusOr<std::vector<v1::Event>> log =
        ReadWholeLog(*tallyd_->channel());
    EXPECT_THAT(log, IsOk());
    if (!log.ok() || log->empty()) return {0, ""};
    return {log->size(), log->back().hash()};
  }

  std::unique_ptr<TallydProcess> tallyd_;
  std::unique_ptr<v1::AccessService::Stub> access_;
};

bool Scoped(v1::Role role) {
  return role == v1::ROLE_DIRECTOR || role == v1::ROLE_SCORER ||
         role == v1::ROLE_VENUE || role == v1::ROLE_APPEALS_COMMITTEE;
}

TEST_F(AccessMatrixTest, EveryRpcByEveryRoleInAndOutOfScope) {
  // Something in the log for the refusals to leave alone.
  {
    v1::CreateTournamentRequest create;
    *create.mutable_options() = Key("matrix-t1");
    create.set_tournament_id("t1");
    create.set_name("Matrix");
    v1::CommandOutcome out;
    grpc::ClientContext context;
    ASSERT_TRUE(v1::DirectorService::NewStub(tallyd_->channel())
                    ->CreateTournament(&context, create, &out)
                    .ok());
  }
  const std::map<v1::Role, std::string> tokens = MakePrincipals();
  std::map<v1::Role, std::shared_ptr<grpc::Channel>> channels;
  for (const auto& [role, token] : tokens) {
    channels[role] = tallyd_->ChannelWithToken(token);
  }
  v1::Scope revoked_scope;
  revoked_scope.set_tournament_id("t1");
  const std::string revoked = Create(v1::ROLE_DIRECTOR, revoked_scope);
  {
    v1::RevokePrincipalRequest revoke;
    revoke.set_id(revoked.substr(0, revoked.find('.')));
    v1::Principal out;
    grpc::ClientContext context;
    ASSERT_TRUE(access_->RevokePrincipal(&context, revoke, &out).ok());
  }
  const std::vector<std::pair<std::string, std::shared_ptr<grpc::Channel>>>
      bad_credentials = {
          {"no credential", tallyd_->ChannelWithToken("")},
          {"malformed", tallyd_->ChannelWithToken("no-dot-in-this")},
          {"wrong secret", tallyd_->ChannelWithToken(absl::StrCat(
                               server::kBootstrapAdmin, ".wrongsecret"))},
          {"revoked", tallyd_->ChannelWithToken(revoked)}};

  const auto before = Head();
  ASSERT_GT(before.first, 0u);

  // Out of scope, per the rule's kind: another tournament for every scoped
  // role; another table and another session for a table's device; another
  // competition for a committee.
  Place other_tournament;
  other_tournament.tournament = "t2";
  Place other_table;
  other_table.table = 4;
  Place other_session;
  other_session.session = 2;
  Place other_competition;
  other_competition.competition = "c2";

  int n = 0, refusals = 0, allowed = 0;
  struct Allowed {
    const MethodDescriptor* method;
    v1::Role role;
  };
  std::vector<Allowed> to_allow;
  for (const server::AccessRule& rule : server::AccessTable()) {
    const MethodDescriptor* method = MethodOf(rule.rpc);
    ASSERT_NE(method, nullptr) << rule.rpc;
    for (v1::Role role : server::AllRoles()) {
      grpc::Channel& channel = *channels[role];
      const bool may = (rule.roles & server::Bit(role)) != 0;
      if (!may) {
        grpc::Status s =
            CallMethod(channel, *method, *RequestAt(*method, {}, ++n));
        ++refusals;
        EXPECT_EQ(s.error_code(), grpc::StatusCode::PERMISSION_DENIED)
            << rule.rpc << " by " << server::RoleName(role) << ": "
            << s.error_message();
        EXPECT_THAT(s.error_message(), HasSubstr("may call")) << rule.rpc;
        continue;
      }
      to_allow.push_back({method, role});
      if (!Scoped(role) || rule.scope == server::ScopeRule::kNone) continue;
      std::vector<Place> outside = {other_tournament};
      if (role == v1::ROLE_VENUE && rule.scope == server::ScopeRule::kTable) {
        outside.push_back(other_table);
        outside.push_back(other_session);
        outside.push_back(other_competition);
      }
      if (role == v1::ROLE_APPEALS_COMMITTEE &&
          rule.scope == server::ScopeRule::kCompetition) {
        outside.push_back(other_competition);
      }
      for (const Place& place : outside) {
        grpc::Status s =
            CallMethod(channel, *method, *RequestAt(*method, place, ++n));
        ++refusals;
        EXPECT_EQ(s.error_code(), grpc::StatusCode::PERMISSION_DENIED)
            << rule.rpc << " by " << server::RoleName(role) << " at "
            << place.tournament << "/" << place.competition << " s"
            << place.session << " t" << place.table << ": "
            << s.error_message();
      }
    }
    for (const auto& [what, channel] : bad_credentials) {
      grpc::Status s =
          CallMethod(*channel, *method, *RequestAt(*method, {}, ++n));
      ++refusals;
      EXPECT_EQ(s.error_code(), grpc::StatusCode::UNAUTHENTICATED)
          << rule.rpc << " with " << what << ": " << s.error_message();
    }
  }
  // Every refusal above left the log as it was.
  EXPECT_EQ(Head(), before);

  // Then every allowed pair: refused, if at all, for what the request says
  // (NOT_FOUND, INVALID_ARGUMENT, ...), never for who sent it.
  for (const Allowed& a : to_allow) {
    grpc::Status s = CallMethod(*channels[a.role], *a.method,
                                *RequestAt(*a.method, {}, ++n));
    ++allowed;
    EXPECT_NE(s.error_code(), grpc::StatusCode::PERMISSION_DENIED)
        << a.method->full_name() << " by " << server::RoleName(a.role) << ": "
        << s.error_message();
    EXPECT_NE(s.error_code(), grpc::StatusCode::UNAUTHENTICATED)
        << a.method->full_name() << " by " << server::RoleName(a.role);
  }
  // The table's size when this was written: 85 RPCs, 7 roles.
  EXPECT_GE(server::AccessTable().size(), 85u);
  EXPECT_GE(refusals, 600);
  EXPECT_GE(allowed, 250);
  EXPECT_EQ(tallyd_->Stop(), 0);
}

// A device enrolled for a table of a round of matches (`enrol-device
// --round`) enters and confirms that table's results, which name the round
// in `session`, and no other table's or round's.
TEST(AccessTableTest, ARoundsDeviceKeepsToItsOwnTableOfTheRound) {
  v1::Principal device;
  device.set_id("dev:r2t3");
  device.set_role(v1::ROLE_VENUE);
  device.mutable_scope()->set_tournament_id("t1");
  device.mutable_scope()->set_competition_id("c1");
  device.mutable_scope()->set_round(2);
  device.mutable_scope()->set_table(3);
  auto enter = [](int round, int table) {
    v1::EnterResultRequest r;
    r.set_tournament_id("t1");
    r.set_competition_id("c1");
    r.set_session(round);
    r.set_table(table);
    return r;
  };
  v1::ConfirmResultRequest confirm;
  confirm.set_tournament_id("t1");
  confirm.set_competition_id("c1");
  confirm.set_session(2);
  confirm.set_table(3);
  EXPECT_TRUE(
      server::Authorise(device, "VenueService.EnterResult", enter(2, 3)).ok());
  EXPECT_TRUE(
      server::Authorise(device, "VenueService.ConfirmResult", confirm).ok());
  const absl::Status other_round =
      server::Authorise(device, "VenueService.EnterResult", enter(1, 3));
  EXPECT_EQ(other_round.code(), absl::StatusCode::kPermissionDenied);
  EXPECT_THAT(other_round.message(), HasSubstr("table 3 (round 1)"));
  EXPECT_EQ(server::Authorise(device, "VenueService.EnterResult", enter(2, 4))
                .code(),
            absl::StatusCode::kPermissionDenied);
  confirm.set_session(3);
  EXPECT_EQ(
      server::Authorise(device, "VenueService.ConfirmResult", confirm).code(),
      absl::StatusCode::kPermissionDenied);
}

// The table covers every RPC tallyd serves, and nothing else.
TEST(AccessTableTest, ListsEveryServedRpcOnce) {
  LinkDescriptors();
  std::vector<std::string> served;
  for (const char* name :
       {"tally.v1.DirectorService", "tally.v1.VenueService",
        "tally.v1.QueryService", "tally.v1.AuditService",
        "tally.v1.CalculatorService", "tally.v1.AccessService",
        "tally.v1.WatchService", "tally.v1.OperatorService"}) {
    const auto* service =
        google::protobuf::DescriptorPool::generated_pool()->FindServiceByName(
            name);
    ASSERT_NE(service, nullptr) << name;
    for (int m = 0; m < service->method_count(); ++m) {
      served.push_back(
          absl::StrCat(service->name(), ".", service->method(m)->name()));
    }
  }
  std::vector<std::string> listed;
  for (const server::AccessRule& rule : server::AccessTable()) {
    listed.emplace_back(rule.rpc);
  }
  std::sort(served.begin(), served.end());
  std::sort(listed.begin(), listed.end());
  EXPECT_EQ(listed, served);
}

}  // namespace
}  // namespace tally::testing
