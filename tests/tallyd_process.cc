#include "tests/tallyd_process.h"

#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "google/protobuf/message.h"
#include "grpcpp/support/client_interceptor.h"
#include "gtest/gtest.h"
#include "server/access_table.h"
#include "server/principal_store.h"
#include "server/request_validator.h"
#include "tally/v1/access.grpc.pb.h"
#include "tally/v1/director.pb.h"

namespace tally::testing {
namespace {

std::vector<std::string>& TempDirsMade() {
  static std::vector<std::string>* dirs = new std::vector<std::string>;
  return *dirs;
}

std::string& TallydPathStorage() {
  static std::string* path = new std::string;
  return *path;
}

std::string& TallyCliPathStorage() {
  static std::string* path = new std::string;
  return *path;
}

// The administrator token of the TallydProcess serving at each address.
absl::Mutex& TokensMutex() {
  static absl::Mutex* mu = new absl::Mutex;
  return *mu;
}
std::map<std::string, std::string>& TokenOfAddress() {
  static auto* tokens = new std::map<std::string, std::string>;
  return *tokens;
}

// The tokens a harness channel sends: the administrator's, and for the
// committee's calls a committee of the request's competition, created
// through the AccessService the first time it is needed.
class TokenSource {
 public:
  // `plain`: a channel without credentials to create committees on; null:
  // always send `admin`.
  TokenSource(std::string admin, std::shared_ptr<grpc::Channel> plain)
      : admin_(std::move(admin)), plain_(std::move(plain)) {}

  std::string For(const std::string& method,
                  const google::protobuf::Message* request) {
    if (plain_ == nullptr || request == nullptr || (!absl::EndsWith(method, "/HearAppeal") &&
                               !absl::EndsWith(method, "/DecideAppeal"))) {
      return admin_;
    }
    // A request the server will refuse for its shape (the bad-input
    // catalogue's) goes with the administrator's token: no committee is
    // made for it, and no call is made from inside the interceptor of an
    // asynchronous call.
    if (!server::ValidateRequest(*request).ok()) return admin_;
    const std::string tournament =
        server::StringField(*request, "tournament_id");
    const std::string competition =
        server::StringField(*request, "competition_id");
    absl::MutexLock lock(&mu_);
    auto key = std::make_pair(tournament, competition);
    if (auto it = committees_.find(key); it != committees_.end()) {
      return it->second;
    }
    v1::CreatePrincipalRequest create;
    create.set_role(v1::ROLE_APPEALS_COMMITTEE);
    create.mutable_scope()->set_tournament_id(tournament);
    create.mutable_scope()->set_competition_id(competition);
    create.set_description("the test harness's appeals committee");
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + admin_);
    v1::Credential credential;
    // A request the committee could not be made for (a hostile id, say) is
    // sent with the administrator's token, for the server to refuse.
    if (!v1::AccessService::NewStub(plain_)
             ->CreatePrincipal(&context, create, &credential)
             .ok()) {
      return admin_;
    }
    committees_[key] = credential.token();
    return credential.token();
  }

 private:
  const std::string admin_;
  const std::shared_ptr<grpc::Channel> plain_;
  absl::Mutex mu_;
  std::map<std::pair<std::string, std::string>, std::string> committees_
      ABSL_GUARDED_BY(mu_);
};

class BearerInterceptor : public grpc::experimental::Interceptor {
 public:
  BearerInterceptor(std::shared_ptr<TokenSource> tokens, std::string method)
      : tokens_(std::move(tokens)), method_(std::move(method)) {}

  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    using grpc::experimental::InterceptionHookPoints;
    if (methods->QueryInterceptionHookPoint(
            InterceptionHookPoints::PRE_SEND_INITIAL_METADATA)) {
      // The request, read back from its serialized bytes (a generic stub's
      // message is a ByteBuffer, not a protobuf message).
      std::unique_ptr<google::protobuf::Message> request;
      if (methods->QueryInterceptionHookPoint(
              InterceptionHookPoints::PRE_SEND_MESSAGE)) {
        if (absl::EndsWith(method_, "/HearAppeal")) {
          request = std::make_unique<v1::HearAppealRequest>();
        } else if (absl::EndsWith(method_, "/DecideAppeal")) {
          request = std::make_unique<v1::DecideAppealRequest>();
        }
        grpc::ByteBuffer* bytes =
            request == nullptr ? nullptr : methods->GetSerializedSendMessage();
        std::vector<grpc::Slice> slices;
        if (bytes == nullptr || !bytes->Dump(&slices).ok()) {
          request.reset();
        } else {
          std::string raw;
          for (const grpc::Slice& slice : slices) {
            raw.append(reinterpret_cast<const char*>(slice.begin()),
                       slice.size());
          }
          if (!request->ParseFromString(raw)) request.reset();
        }
      }
      auto* metadata = methods->GetSendInitialMetadata();
      if (metadata->find("authorization") == metadata->end()) {
        metadata->insert(
            {"authorization", "Bearer " + tokens_->For(method_, request.get())});
      }
    }
    methods->Proceed();
  }

 private:
  std::shared_ptr<TokenSource> tokens_;
  std::string method_;
};

class BearerInterceptorFactory
    : public grpc::experimental::ClientInterceptorFactoryInterface {
 public:
  explicit BearerInterceptorFactory(std::shared_ptr<TokenSource> tokens)
      : tokens_(std::move(tokens)) {}
  grpc::experimental::Interceptor* CreateClientInterceptor(
      grpc::experimental::ClientRpcInfo* info) override {
    return new BearerInterceptor(tokens_, info->method());
  }

 private:
  std::shared_ptr<TokenSource> tokens_;
};

}  // namespace

void SetTallyCliPath(std::string path) {
  TallyCliPathStorage() = std::move(path);
}

std::string RunTallyCli(const std::string& address, const std::string& args) {
  std::string token;
  {
    absl::MutexLock lock(&TokensMutex());
    auto it = TokenOfAddress().find(address);
    if (it != TokenOfAddress().end()) token = it->second;
  }
  const std::string command = absl::StrCat(
      token.empty() || absl::StrContains(args, "--token=")
          ? ""
          : absl::StrCat("TALLY_TOKEN=", token, " "),
      TallyCliPath(), " --server=", address, " ", args);
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return "cannot run " + command;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
  pclose(pipe);
  return out;
}

std::string TallyCliPath() {
  if (!TallyCliPathStorage().empty()) return TallyCliPathStorage();
  const char* env = getenv("TALLY_CLI");
  return env != nullptr ? env : "tally";
}

void SetTallydPath(std::string path) { TallydPathStorage() = std::move(path); }

std::string TallydPath() {
  if (!TallydPathStorage().empty()) return TallydPathStorage();
  const char* env = getenv("TALLYD");
  return env != nullptr ? env : "tallyd";
}

std::string ReadFileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in),
                     std::istreambuf_iterator<char>());
}

std::string MakeTempDir(const std::string& name) {
  std::string pattern = ::testing::TempDir() + "/" + name + ".XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) abort();
  TempDirsMade().push_back(pattern);
  return pattern;
}

void RemoveTempDirs() {
  for (const std::string& dir : TempDirsMade()) {
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
    // TallydProcess keeps its port and log files beside the data directory.
    std::filesystem::remove(dir + ".port", ignored);
    std::filesystem::remove(dir + ".log", ignored);
  }
  TempDirsMade().clear();
}

void SetClock(const std::string& path, absl::Time t) {
  std::ofstream(path) << absl::FormatTime(absl::RFC3339_full, t,
                                          absl::UTCTimeZone())
                      << "\n";
}

TallydProcess::TallydProcess(std::string binary, std::string data_dir)
    : binary_(std::move(binary)), data_dir_(std::move(data_dir)) {}

TallydProcess::~TallydProcess() {
  if (pid_ > 0) Kill();
}

absl::Status TallydProcess::ExitedAtStart(const std::string& log_file) {
  int status = 0;
  if (waitpid(pid_, &status, WNOHANG) != pid_) return absl::OkStatus();
  pid_ = -1;
  exited_at_start_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return absl::InternalError(absl::StrCat("tallyd exited at start (status ",
                                          exited_at_start_, "); see ",
                                          log_file));
}

absl::Status TallydProcess::Start() {
  exited_at_start_ = -1;
  const std::string port_file = data_dir_ + ".port";
  unlink(port_file.c_str());
  const std::string log_file = data_dir_ + ".log";
  pid_ = fork();
  if (pid_ < 0) return absl::InternalError("fork failed");
  if (pid_ == 0) {
    std::vector<std::string> args = {binary_, "--data_dir=" + data_dir_,
                                      "--listen=127.0.0.1:0",
                                      "--port_file=" + port_file,
                                      // The tests play whole events as
                                      // fast as they can; the limits test
                                      // sets its own (a later flag wins).
                                      "--max_requests_per_second=100000"};
    args.insert(args.end(), extra_flags_.begin(), extra_flags_.end());
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    if (freopen(log_file.c_str(), "a", stderr) == nullptr) _exit(126);
    execv(binary_.c_str(), argv.data());
    _exit(127);
  }
  // Wait up to 20 s for the port file: tallyd writes it once serving.
  for (int i = 0; i < 400; ++i) {
    std::ifstream in(port_file);
    int port = 0;
    if (in >> port && port > 0) {
      address_ = absl::StrCat("127.0.0.1:", port);
      // tallyd writes the token (first start) before it serves.
      std::ifstream token_in(data_dir_ + "/" + server::kAdminTokenFile);
      admin_token_.clear();
      std::getline(token_in, admin_token_);
      {
        absl::MutexLock lock(&TokensMutex());
        TokenOfAddress()[address_] = admin_token_;
      }
      std::vector<
          std::unique_ptr<grpc::experimental::ClientInterceptorFactoryInterface>>
          interceptors;
      interceptors.push_back(std::make_unique<BearerInterceptorFactory>(
          std::make_shared<TokenSource>(admin_token_, ChannelWithToken(""))));
      grpc::ChannelArguments args;
      if (!ca_pem_.empty()) {
        args.SetSslTargetNameOverride("localhost");
      }
      channel_ = grpc::experimental::CreateCustomChannelWithInterceptors(
          address_, Credentials(), args, std::move(interceptors));
      // Up to 10 s, unless it exits meanwhile.
      for (int wait = 0; wait < 100; ++wait) {
        if (channel_->WaitForConnected(std::chrono::system_clock::now() +
                                       std::chrono::milliseconds(100))) {
          return absl::OkStatus();
        }
        if (absl::Status exited = ExitedAtStart(log_file); !exited.ok()) {
          return exited;
        }
      }
      return absl::UnavailableError("tallyd does not accept connections");
    }
    if (absl::Status exited = ExitedAtStart(log_file); !exited.ok()) {
      return exited;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return absl::DeadlineExceededError("tallyd did not start within 20 s");
}

std::shared_ptr<grpc::ChannelCredentials> TallydProcess::Credentials() const {
  if (ca_pem_.empty()) return grpc::InsecureChannelCredentials();
  grpc::SslCredentialsOptions options;
  options.pem_root_certs = ca_pem_;
  return grpc::SslCredentials(options);
}

std::shared_ptr<grpc::Channel> TallydProcess::ChannelWithToken(
    const std::string& token) const {
  grpc::ChannelArguments args;
  if (!ca_pem_.empty()) args.SetSslTargetNameOverride("localhost");
  std::vector<
      std::unique_ptr<grpc::experimental::ClientInterceptorFactoryInterface>>
      interceptors;
  if (!token.empty()) {
    interceptors.push_back(std::make_unique<BearerInterceptorFactory>(
        std::make_shared<TokenSource>(token, nullptr)));
  }
  return grpc::experimental::CreateCustomChannelWithInterceptors(
      address_, Credentials(), args, std::move(interceptors));
}

void TallydProcess::UseTls(const std::string& cert_file,
                           const std::string& key_file, std::string ca_pem) {
  AddFlag("--tls_cert=" + cert_file);
  AddFlag("--tls_key=" + key_file);
  ca_pem_ = std::move(ca_pem);
}

int TallydProcess::Stop() {
  if (pid_ <= 0) return exited_at_start_;
  kill(pid_, SIGTERM);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void TallydProcess::Kill() {
  if (pid_ <= 0) return;
  kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

}  // namespace tally::testing
