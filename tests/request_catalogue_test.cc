// The bad-input catalogue (issue #14 item 3), generated from the protos:
// for every RPC of every tally.v1 service (iterated from the service
// descriptors), every enum field reachable in its request set to a value
// the proto does not define, and every string field set over its limit,
// each sent to a real tallyd. Each must be refused with INVALID_ARGUMENT
// naming the field, and the log must be exactly as it was: same length,
// same head. The limits are server/request_validator.h's
// (docs/input-limits.md).

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/message.h"
#include "gtest/gtest.h"
#include "server/request_validator.h"
#include "tally/v1/access.grpc.pb.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/calculator.grpc.pb.h"
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
using google::protobuf::ServiceDescriptor;

constexpr const char* kServices[] = {
    "tally.v1.DirectorService",   "tally.v1.VenueService",
    "tally.v1.QueryService",      "tally.v1.AuditService",
    "tally.v1.CalculatorService", "tally.v1.AccessService",
    "tally.v1.WatchService"};

// One leaf to spoil: the chain of fields from the request down to it.
using FieldPath = std::vector<const FieldDescriptor*>;

// Every enum and string leaf under `d`, at most `depth` messages down, no
// message type twice on one chain (recursive types end).
void CollectLeaves(const Descriptor* d, int depth, FieldPath& chain,
                   std::set<const Descriptor*>& on_chain,
                   std::vector<FieldPath>& out) {
  for (int i = 0; i < d->field_count(); ++i) {
    const FieldDescriptor* f = d->field(i);
    chain.push_back(f);
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_ENUM ||
        (f->cpp_type() == FieldDescriptor::CPPTYPE_STRING &&
         f->type() == FieldDescriptor::TYPE_STRING)) {
      out.push_back(chain);
    } else if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE && depth > 0 &&
               !on_chain.contains(f->message_type())) {
      on_chain.insert(f->message_type());
      CollectLeaves(f->message_type(), depth - 1, chain, on_chain, out);
      on_chain.erase(f->message_type());
    }
    chain.pop_back();
  }
}

std::string PathText(const FieldPath& path) {
  std::string text;
  for (const FieldDescriptor* f : path) {
    if (!text.empty()) text += ".";
    text += f->name();
    if (f->is_repeated()) text += "[0]";
  }
  return text;
}

// Sets the leaf at `path` in `m` to the spoiled value, making every message
// on the way (one element of each repeated field).
void Spoil(Message& m, const FieldPath& path, size_t at) {
  const FieldDescriptor* f = path[at];
  const auto* r = m.GetReflection();
  if (at + 1 == path.size()) {
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_ENUM) {
      if (f->is_repeated()) {
        r->AddEnumValue(&m, f, 999);
      } else {
        r->SetEnumValue(&m, f, 999);
      }
    } else {
      const std::string long_text(server::kMaxTextBytes + 1, 'x');
      if (f->is_repeated()) {
        r->AddString(&m, f, long_text);
      } else {
        r->SetString(&m, f, long_text);
      }
    }
    return;
  }
  Message* sub =
      f->is_repeated() ? r->AddMessage(&m, f) : r->MutableMessage(&m, f);
  Spoil(*sub, path, at + 1);
}

// A request as a client would send it: an idempotency key and the
// catalogue's tournament where the request has those fields.
void Base(Message& m) {
  const Descriptor* d = m.GetDescriptor();
  const auto* r = m.GetReflection();
  if (const FieldDescriptor* o = d->FindFieldByName("options");
      o != nullptr && o->message_type() != nullptr &&
      o->message_type()->full_name() == "tally.v1.CommandOptions") {
    Message* options = r->MutableMessage(&m, o);
    options->GetReflection()->SetString(
        options, options->GetDescriptor()->FindFieldByName("idempotency_key"),
        "catalogue");
  }
  if (const FieldDescriptor* t = d->FindFieldByName("tournament_id");
      t != nullptr && t->type() == FieldDescriptor::TYPE_STRING) {
    r->SetString(&m, t, "cat");
  }
}

TEST(RequestCatalogueTest,
     EveryBadEnumAndOverlongStringIsRefusedChangingNothing) {
  TallydProcess tallyd(TallydPath(), MakeTempDir("catalogue"));
  ASSERT_THAT(tallyd.Start(), IsOk());
  grpc::Channel& channel = *tallyd.channel();

  // A tournament for the requests to name, so a request that slipped past
  // the check would reach a real decide step.
  {
    v1::CreateTournamentRequest create;
    *create.mutable_options() = Key("create-cat");
    create.set_tournament_id("cat");
    create.set_name("Catalogue");
    v1::CommandOutcome out;
    ASSERT_TRUE(
        v1::DirectorService::NewStub(tallyd.channel())
            ->CreateTournament(ContextAs("td:catalogue").get(), create, &out)
            .ok());
  }
  absl::StatusOr<std::vector<v1::Event>> before = ReadWholeLog(channel);
  ASSERT_THAT(before, IsOk());
  ASSERT_EQ(before->size(), 1u);

  // Link every service's descriptors in (the calculator's is otherwise
  // left out of this binary, and the pool would not know it).
  for (const Descriptor* d :
       {v1::CreateTournamentRequest::descriptor(),
        v1::EnterResultRequest::descriptor(),
        v1::GetStandingsRequest::descriptor(), v1::ReadLogRequest::descriptor(),
        v1::ContractScoreRequest::descriptor(),
        v1::CreatePrincipalRequest::descriptor()}) {
    ASSERT_NE(d, nullptr);
  }
  int cases = 0;
  int methods = 0;
  for (const char* service_name : kServices) {
    const ServiceDescriptor* service =
        google::protobuf::DescriptorPool::generated_pool()->FindServiceByName(
            service_name);
    ASSERT_NE(service, nullptr) << service_name;
    for (int m = 0; m < service->method_count(); ++m) {
      const MethodDescriptor& method = *service->method(m);
      ++methods;
      std::vector<FieldPath> leaves;
      FieldPath chain;
      std::set<const Descriptor*> on_chain{method.input_type()};
      CollectLeaves(method.input_type(), /*depth=*/4, chain, on_chain, leaves);
      const Message* prototype =
          google::protobuf::MessageFactory::generated_factory()->GetPrototype(
              method.input_type());
      for (const FieldPath& leaf : leaves) {
        std::unique_ptr<Message> request(prototype->New());
        Base(*request);
        Spoil(*request, leaf, 0);
        const std::string path = PathText(leaf);
        grpc::Status s = CallMethod(channel, method, *request);
        ++cases;
        EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT)
            << method.full_name() << " " << path << ": " << s.error_message();
        EXPECT_THAT(s.error_message(),
                    ::testing::HasSubstr(absl::StrCat("field '", path, "'")))
            << method.full_name();
        // What was sent is quoted short: never the whole 4097 bytes.
        EXPECT_LT(s.error_message().size(), 400u) << method.full_name();
      }
    }
  }
  // Every RPC of the six services was visited; hundreds of fields spoiled.
  EXPECT_GE(methods, 79);  // 79 RPCs when this was written
  EXPECT_GE(cases, 330);   // 337 spoiled fields then

  absl::StatusOr<std::vector<v1::Event>> after = ReadWholeLog(channel);
  ASSERT_THAT(after, IsOk());
  ASSERT_EQ(after->size(), before->size()) << "a bad request appended";
  EXPECT_EQ(after->back().hash(), before->back().hash());
  EXPECT_THAT(VerifyChain(channel), IsOk());
  EXPECT_EQ(tallyd.Stop(), 0);  // it served to the end and stops cleanly
}

}  // namespace
}  // namespace tally::testing
