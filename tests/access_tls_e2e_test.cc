// Authenticated principals through a real tallyd over TLS (issue #15): a
// throwaway certificate is made here with OpenSSL's API, in a temporary
// directory removed afterwards. A table's device enters its own table's
// result and is refused another table's; the appeals committee decides an
// appeal and the director's ruling cannot supersede that decision; the
// log's actor of every event is the principal that made it; a second
// tallyd on the same port refuses to start; `tally --ca` reaches the server
// and `tally enrol-device` prints a token that works.

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tally/v1/access.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/venue.grpc.pb.h"
#include "tests/client_calls.h"
#include "tests/seven_table_session.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::HasSubstr;

// A self-signed P-256 certificate for "localhost" and 127.0.0.1, valid for
// a day, written as PEM to `cert_file` and `key_file`; the certificate's
// PEM is returned (the client's CA).
std::string MakeCertificate(const std::string& cert_file,
                            const std::string& key_file) {
  EVP_PKEY* key = EVP_EC_gen("P-256");
  if (key == nullptr) return "";
  X509* cert = X509_new();
  X509_set_version(cert, 2);
  ASN1_INTEGER_set(X509_get_serialNumber(cert), 1);
  X509_gmtime_adj(X509_getm_notBefore(cert), -60);
  X509_gmtime_adj(X509_getm_notAfter(cert), 24 * 3600);
  X509_set_pubkey(cert, key);
  X509_NAME* name = X509_get_subject_name(cert);
  X509_NAME_add_entry_by_txt(
      name, "CN", MBSTRING_ASC,
      reinterpret_cast<const unsigned char*>("localhost"), -1, -1, 0);
  X509_set_issuer_name(cert, name);
  X509V3_CTX ctx;
  X509V3_set_ctx_nodb(&ctx);
  X509V3_set_ctx(&ctx, cert, cert, nullptr, nullptr, 0);
  for (auto [nid, value] :
       {std::pair{NID_subject_alt_name, "DNS:localhost,IP:127.0.0.1"},
        std::pair{NID_basic_constraints, "critical,CA:TRUE"}}) {
    X509_EXTENSION* ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value);
    X509_add_ext(cert, ext, -1);
    X509_EXTENSION_free(ext);
  }
  X509_sign(cert, key, EVP_sha256());
  FILE* f = fopen(key_file.c_str(), "w");
  PEM_write_PrivateKey(f, key, nullptr, nullptr, 0, nullptr, nullptr);
  fclose(f);
  f = fopen(cert_file.c_str(), "w");
  PEM_write_X509(f, cert);
  fclose(f);
  X509_free(cert);
  EVP_PKEY_free(key);
  std::ifstream in(cert_file);
  std::stringstream pem;
  pem << in.rdbuf();
  return pem.str();
}

class AccessTlsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTempDir("access-tls");
    cert_ = dir_ + "/server.pem";
    key_ = dir_ + "/server.key";
    ca_pem_ = MakeCertificate(cert_, key_);
    ASSERT_FALSE(ca_pem_.empty());
    tallyd_ = std::make_unique<TallydProcess>(TallydPath(), dir_ + "/data");
    tallyd_->UseTls(cert_, key_, ca_pem_);
    ASSERT_THAT(tallyd_->Start(), IsOk());
  }

  v1::Credential Create(v1::Role role, const v1::Scope& scope,
                        const std::string& id) {
    v1::CreatePrincipalRequest request;
    request.set_id(id);
    request.set_role(role);
    *request.mutable_scope() = scope;
    v1::Credential credential;
    grpc::ClientContext context;
    grpc::Status s = v1::AccessService::NewStub(tallyd_->channel())
                         ->CreatePrincipal(&context, request, &credential);
    EXPECT_TRUE(s.ok()) << s.error_message();
    return credential;
  }

  std::string dir_, cert_, key_, ca_pem_;
  std::unique_ptr<TallydProcess> tallyd_;
};

TEST_F(AccessTlsTest, DeviceOwnTableOnlyAndActorIsThePrincipal) {
  ASSERT_THAT(SetUpSession(*tallyd_->channel(), "club"), IsOk());
  const std::vector<v1::EnterResultRequest> results =
      AllScriptedResults("club");
  // A device for table 2 of session 1, and one result at each table.
  v1::Scope table2;
  table2.set_tournament_id("club");
  table2.set_competition_id(results[0].competition_id());
  table2.set_session(1);
  table2.set_table(2);
  const v1::Credential device = Create(v1::ROLE_VENUE, table2, "");
  EXPECT_EQ(device.principal().id(), "t2s1");  // short: table 2, session 1
  auto venue =
      v1::VenueService::NewStub(tallyd_->ChannelWithToken(device.token()));
  const v1::EnterResultRequest* own = nullptr;
  const v1::EnterResultRequest* other = nullptr;
  for (const v1::EnterResultRequest& r : results) {
    if (r.table() == 2 && own == nullptr) own = &r;
    if (r.table() == 3 && other == nullptr) other = &r;
  }
  ASSERT_NE(own, nullptr);
  ASSERT_NE(other, nullptr);
  const size_t before = ReadWholeLog(*tallyd_->channel())->size();
  {
    v1::EnterResultResponse response;
    grpc::ClientContext context;
    grpc::Status s = venue->EnterResult(&context, *other, &response);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::PERMISSION_DENIED);
    EXPECT_THAT(s.error_message(), HasSubstr("NSW TR 12.11"));
    EXPECT_EQ(ReadWholeLog(*tallyd_->channel())->size(), before);
  }
  {
    v1::EnterResultResponse response;
    grpc::ClientContext context;
    // A claimed identity in the metadata is not what the log records.
    context.AddMetadata("tally-identity", "td:someone-else");
    grpc::Status s = venue->EnterResult(&context, *own, &response);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }
  absl::StatusOr<std::vector<v1::Event>> log =
      ReadWholeLog(*tallyd_->channel());
  ASSERT_THAT(log, IsOk());
  ASSERT_EQ(log->size(), before + 1);
  const v1::Actor& actor = log->back().actor();
  EXPECT_EQ(actor.role(), v1::ROLE_VENUE);
  EXPECT_EQ(actor.identity(), "t2s1");
  EXPECT_THAT(actor.device(), HasSubstr("table 2, session 1"));
  // Every earlier event was the administrator's, through the harness.
  for (size_t i = 0; i + 1 < log->size(); ++i) {
    EXPECT_EQ((*log)[i].actor().identity(), "admin") << i;
    EXPECT_EQ((*log)[i].actor().role(), v1::ROLE_ADMINISTRATOR) << i;
  }
}

TEST_F(AccessTlsTest, SecondTallydOnTheSamePortRefusesToStart) {
  const std::string port =
      tallyd_->address().substr(tallyd_->address().rfind(':') + 1);
  TallydProcess second(TallydPath(), dir_ + "/data2");
  second.UseTls(cert_, key_, ca_pem_);
  second.AddFlag("--listen=127.0.0.1:" + port);  // the later flag wins
  absl::Status started = second.Start();
  EXPECT_FALSE(started.ok());
  std::ifstream log(dir_ + "/data2.log");
  std::stringstream text;
  text << log.rdbuf();
  EXPECT_THAT(text.str(), HasSubstr("the port is in use"));
  // The first still serves.
  EXPECT_THAT(VerifyChain(*tallyd_->channel()), IsOk());
}

TEST_F(AccessTlsTest, CliWithCaEnrolsADeviceWhoseTokenWorks) {
  ASSERT_THAT(SetUpSession(*tallyd_->channel(), "club"), IsOk());
  const std::string ca = dir_ + "/ca.pem";
  std::ofstream(ca) << ca_pem_;
  const std::string server = absl::StrCat(
      "localhost:",
      tallyd_->address().substr(tallyd_->address().rfind(':') + 1));
  const std::string enrolled = RunTallyCli(
      server, absl::StrCat("--ca=", ca, " --token=", tallyd_->admin_token(),
                           " enrol-device club pairs 1 7 2>&1"));
  EXPECT_THAT(enrolled,
              HasSubstr("principal t7s1: venue device: table 7, session 1"));
  const size_t at = enrolled.find("token: ");
  ASSERT_NE(at, std::string::npos) << enrolled;
  const std::string token =
      enrolled.substr(at + 7, enrolled.find('\n', at) - at - 7);
  EXPECT_EQ(token.size(), std::string("t7s1.").size() + 12);
  const std::string whoami = RunTallyCli(
      server, absl::StrCat("--ca=", ca, " --token=", token, " whoami 2>&1"));
  EXPECT_THAT(whoami, HasSubstr("may call: VenueService.EnterResult"));
  // Without --ca the client speaks no TLS and reaches nothing.
  const std::string plain =
      RunTallyCli(server, absl::StrCat("--token=", token, " whoami 2>&1"));
  EXPECT_THAT(plain, HasSubstr("cannot reach tallyd"));
  EXPECT_THAT(plain, HasSubstr("--ca=FILE"));
}

// Appeals are decided by the competition's committee only (SABF TR 7, NSW
// TR 2.2): a director is refused before any decide step, nothing appended;
// the committee of another competition is refused too. (That a director's
// ruling cannot supersede the committee's decision, and that the decision
// is the committee principal's, is regulation_fixes_e2e_test's defect 5,
// through this same authenticated path.)
TEST_F(AccessTlsTest, OnlyTheCompetitionsCommitteeDecidesAnAppeal) {
  ASSERT_THAT(SetUpSession(*tallyd_->channel(), "club"), IsOk());
  const std::string competition =
      AllScriptedResults("club")[0].competition_id();
  v1::Scope of_club;
  of_club.set_tournament_id("club");
  const v1::Credential director = Create(v1::ROLE_DIRECTOR, of_club, "td:jane");
  v1::Scope other = of_club;
  other.set_competition_id("another");
  const v1::Credential committee =
      Create(v1::ROLE_APPEALS_COMMITTEE, other, "ac:another");
  v1::DecideAppealRequest decide;
  *decide.mutable_options() = Key("decide-1");
  decide.set_tournament_id("club");
  decide.mutable_decided()->set_competition_id(competition);
  decide.mutable_decided()->set_appeal(1);
  decide.mutable_decided()->set_outcome(v1::APPEAL_OUTCOME_UPHELD);
  const size_t before = ReadWholeLog(*tallyd_->channel())->size();
  for (const v1::Credential* who : {&director, &committee}) {
    v1::CommandOutcome out;
    grpc::ClientContext context;
    grpc::Status s =
        v1::DirectorService::NewStub(tallyd_->ChannelWithToken(who->token()))
            ->DecideAppeal(&context, decide, &out);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::PERMISSION_DENIED)
        << who->principal().id();
    EXPECT_THAT(s.error_message(), HasSubstr(who->principal().id()));
  }
  EXPECT_EQ(ReadWholeLog(*tallyd_->channel())->size(), before);
}

}  // namespace
}  // namespace tally::testing
