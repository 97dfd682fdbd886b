// tally_load: tallyd's load generator for .ci/bench (issue #19), not a test.
// Clients call a running tallyd over gRPC, each on its own channel, for a
// fixed time, and print one line per figure: calls, calls/s, p50 and p99.
//
//   health      --clients N: the gRPC health check, this generator's own
//               ceiling against the server (its figures bound every other).
//   enter       --clients N venue clients, each entering results into its
//               own tournament (a --tables-table Mitchell, 2 boards a round).
//   standings   --readers R clients looping on GetStandings of a session of
//               --tables tables (1 board a round), every result entered:
//               up to 31 tables one Mitchell, more (a multiple of 25:
//               100, 300) sections of 25-table Mitchells playing the same
//               25 boards, each matchpointed within its section.
//   mixed       enter and standings at once: the writers' figures with
//               readers running (--mixed_health: readers calling the
//               health check instead, the floor of any such readers).
//   fill        --clients N venue clients enter --events results in all,
//               each into its own 24-table tournaments (a new one when
//               one is full): grows the log for the start-up replay and
//               memory figures.
//
// Tournaments are named <--prefix>-<kind>-<n>, so one tallyd can serve
// several runs. Single-threaded setup, then one thread per client.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/str_cat.h"
#include "grpcpp/grpcpp.h"
#include "grpcpp/impl/codegen/client_unary_call.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/venue.grpc.pb.h"

ABSL_FLAG(std::string, target, "127.0.0.1:50051", "tallyd's gRPC address");
ABSL_FLAG(std::string, token_file, "./tally-data/admin.token",
          "the administrator token tallyd wrote in its data directory");
ABSL_FLAG(std::string, mode, "health",
          "health, enter, standings, mixed or fill");
ABSL_FLAG(int, clients, 1, "venue (or health) clients");
ABSL_FLAG(int, readers, 0, "standings readers (standings, mixed)");
ABSL_FLAG(int, tables, 10, "tables of each session");
ABSL_FLAG(double, seconds, 5, "how long the clients run");
ABSL_FLAG(std::string, prefix, "load", "tournament name prefix");
ABSL_FLAG(int, events, 10000, "results entered in all (fill)");
ABSL_FLAG(bool, mixed_health, false,
          "mixed: the readers call the health check instead of "
          "GetStandings (the floor any 64 readers cost the writers)");

namespace tally::bench {
namespace {

using Clock = std::chrono::steady_clock;

std::string Token() {
  std::ifstream in(absl::GetFlag(FLAGS_token_file));
  std::stringstream s;
  s << in.rdbuf();
  std::string token = s.str();
  while (!token.empty() && (token.back() == '\n' || token.back() == '\r')) {
    token.pop_back();
  }
  return token;
}

class Caller {
 public:
  explicit Caller(const std::string& token)
      : channel_(NewChannel()),
        director_(v1::DirectorService::NewStub(channel_)),
        venue_(v1::VenueService::NewStub(channel_)),
        query_(v1::QueryService::NewStub(channel_)),
        token_(token) {}

  void Prepare(grpc::ClientContext& context) const {
    context.AddMetadata("authorization", "Bearer " + token_);
    // A connection refused for a moment (a burst of new channels) is
    // waited out, not counted as the server's failure.
    context.set_wait_for_ready(true);
    context.set_deadline(std::chrono::system_clock::now() +
                         std::chrono::seconds(60));
  }

  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::DirectorService::Stub> director_;
  std::unique_ptr<v1::VenueService::Stub> venue_;
  std::unique_ptr<v1::QueryService::Stub> query_;

 private:
  // Each client its own connection (a unique channel argument), as venue
  // devices would have.
  static std::shared_ptr<grpc::Channel> NewChannel() {
    static std::atomic<int> n = 0;
    grpc::ChannelArguments args;
    args.SetInt("tally.load.client", n++);
    return grpc::CreateCustomChannel(absl::GetFlag(FLAGS_target),
                                     grpc::InsecureChannelCredentials(), args);
  }
  std::string token_;
};

bool Check(const grpc::Status& s, const std::string& what) {
  if (s.ok() || s.error_code() == grpc::StatusCode::ALREADY_EXISTS) {
    return true;
  }
  std::fprintf(stderr, "%s: %s\n", what.c_str(), s.error_message().c_str());
  return false;
}

// Sessions larger than one Mitchell (3..31 tables) are made of sections
// of this many tables.
constexpr int kSectionTables = 25;

// How many boards a session of `tables` tables plays with one board a
// round: a Mitchell plays as many rounds as its tables, sections of
// kSectionTables tables each play the same kSectionTables boards.
int BoardsOf(int tables) { return tables <= 31 ? tables : kSectionTables; }

// A matchpoint pairs tournament with one started Mitchell session (in
// sections of kSectionTables tables past 31 tables).
bool SetUp(Caller& c, const std::string& tournament, int tables,
           int boards_per_round) {
  auto run = [&](auto request, auto method, const std::string& key) {
    request.mutable_options()->set_idempotency_key(key);
    grpc::ClientContext context;
    c.Prepare(context);
    v1::CommandOutcome outcome;
    return Check(((*c.director_).*method)(&context, request, &outcome),
                 absl::StrCat(tournament, " ", key));
  };
  using S = v1::DirectorService::Stub;
  v1::CreateTournamentRequest t;
  t.set_tournament_id(tournament);
  t.set_name(tournament);
  if (!run(t, &S::CreateTournament, "tournament")) return false;
  v1::CreateCompetitionRequest comp;
  comp.set_tournament_id(tournament);
  comp.set_competition_id("pairs");
  comp.set_name("Pairs");
  comp.set_kind(v1::COMPETITION_KIND_MATCHPOINT_PAIRS);
  comp.set_regulation_profile("sabf_matchpoint_pairs");
  if (!run(comp, &S::CreateCompetition, "competition")) return false;
  for (int pair = 1; pair <= 2 * tables; ++pair) {
    v1::RegisterPairRequest r;
    r.set_tournament_id(tournament);
    r.set_competition_id("pairs");
    r.set_pair(pair);
    r.add_players(absl::StrCat("Player ", pair, "a"));
    r.add_players(absl::StrCat("Player ", pair, "b"));
    if (!run(r, &S::RegisterPair, absl::StrCat("pair-", pair))) return false;
  }
  v1::DefineSessionRequest d;
  d.set_tournament_id(tournament);
  d.set_competition_id("pairs");
  d.set_session(1);
  if (tables <= 31) {
    d.mutable_mitchell()->set_tables(tables);
    d.mutable_mitchell()->set_boards_per_round(boards_per_round);
  } else {
    for (int s = 0; s * kSectionTables < tables; ++s) {
      v1::SectionMovementSpec* section = d.add_sections();
      section->set_name(std::string(1, static_cast<char>('A' + s)));
      section->mutable_mitchell()->set_tables(kSectionTables);
      section->mutable_mitchell()->set_boards_per_round(boards_per_round);
    }
  }
  if (!run(d, &S::DefineSession, "session")) return false;
  v1::StartSessionRequest start;
  start.set_tournament_id(tournament);
  start.set_competition_id("pairs");
  start.set_session(1);
  return run(start, &S::StartSession, "start");
}

// The n-th result of a session (every table plays every board of its
// Mitchell or section, numbered alike in every section): 4S by North, 8 to 11
// tricks, so that ties are common.
v1::EnterResultRequest NthResult(const std::string& tournament, int tables,
                                 int n) {
  v1::EnterResultRequest r;
  r.mutable_options()->set_idempotency_key(absl::StrCat("r", n));
  r.set_tournament_id(tournament);
  r.set_competition_id("pairs");
  r.set_session(1);
  r.set_table(n % tables + 1);
  r.set_board(n / tables + 1);
  v1::PlayedContract* p = r.mutable_result()->mutable_played();
  p->set_level(4);
  p->set_strain(v1::STRAIN_SPADES);
  p->set_doubling(v1::DOUBLING_UNDOUBLED);
  p->set_declarer(v1::SEAT_NORTH);
  p->set_tricks(8 + (n * 7 + n / tables) % 4);
  return r;
}

grpc::Status Enter(Caller& c, const v1::EnterResultRequest& r) {
  grpc::ClientContext context;
  c.Prepare(context);
  v1::EnterResultResponse response;
  return c.venue_->EnterResult(&context, r, &response);
}

// Session 1's standings of `tournament`'s competition "pairs".
v1::GetStandingsRequest StandingsRequest(const std::string& tournament) {
  v1::GetStandingsRequest r;
  r.set_tournament_id(tournament);
  r.set_competition_id("pairs");
  r.set_session(1);
  return r;
}

// Those standings called as bytes: the answer (15-46 KB for 100-300
// tables) is received and counted, not parsed, so that this generator's
// parsing on the server's cores is not what is measured. CheckStandings
// parses one answer.

grpc::Status ReadStandings(Caller& c, const std::string& tournament,
                           size_t* bytes) {
  static const grpc::internal::RpcMethod method(
      "/tally.v1.QueryService/GetStandings",
      grpc::internal::RpcMethod::NORMAL_RPC);
  grpc::ClientContext context;
  c.Prepare(context);
  grpc::Slice serialised(StandingsRequest(tournament).SerializeAsString());
  grpc::ByteBuffer request(&serialised, 1), answer;
  grpc::Status s = grpc::internal::BlockingUnaryCall(
      c.channel_.get(), method, &context, request, &answer);
  *bytes = s.ok() ? answer.Length() : 0;
  return s;
}

// One answer, parsed: a v1::Standings of `tournament` ranking pairs.
bool CheckStandings(Caller& c, const std::string& tournament) {
  grpc::ClientContext context;
  c.Prepare(context);
  v1::Standings out;
  grpc::Status s =
      c.query_->GetStandings(&context, StandingsRequest(tournament), &out);
  if (!s.ok() || out.tournament_id() != tournament || out.fields_size() == 0) {
    std::fprintf(
        stderr, "standings of %s: %s\n", tournament.c_str(),
        s.ok() ? "not the session asked for" : s.error_message().c_str());
    return false;
  }
  std::fprintf(stderr, "standings of %s: %zu bytes, %d fields\n",
               tournament.c_str(), out.ByteSizeLong(), out.fields_size());
  return true;
}

struct Figures {
  std::vector<double> micros;  // each successful call's latency
  double first = 0;            // client 0's first call's latency
  int failures = 0;
  // From the first call to the last client's end: shorter than the run's
  // --seconds when the clients run out of work (an enter client has 1,152
  // results), so calls per second are counted over the time they ran.
  double seconds = 0;
};

// Runs `clients` threads calling `call(client, i)` (i counting that
// client's calls) until `seconds` pass or it returns false (nothing left).
Figures Drive(int clients, double seconds,
              const std::function<bool(int, int, grpc::Status&)>& call) {
  std::vector<Figures> each(clients);
  std::vector<std::thread> threads;
  const Clock::time_point began = Clock::now();
  const Clock::time_point end =
      began +
      std::chrono::microseconds(static_cast<int64_t>(seconds * 1'000'000));
  for (int k = 0; k < clients; ++k) {
    threads.emplace_back([&, k] {
      for (int i = 0; Clock::now() < end; ++i) {
        grpc::Status status;
        const Clock::time_point start = Clock::now();
        if (!call(k, i, status)) break;
        const double us =
            std::chrono::duration<double, std::micro>(Clock::now() - start)
                .count();
        if (status.ok()) {
          each[k].micros.push_back(us);
        } else if (++each[k].failures == 1) {
          std::fprintf(stderr, "client %d: %s\n", k,
                       status.error_message().c_str());
        }
      }
    });
  }
  for (std::thread& t : threads) t.join();
  Figures all;
  all.seconds = std::chrono::duration<double>(Clock::now() - began).count();
  if (!each[0].micros.empty()) all.first = each[0].micros.front();
  for (Figures& f : each) {
    all.micros.insert(all.micros.end(), f.micros.begin(), f.micros.end());
    all.failures += f.failures;
  }
  return all;
}

void Print(const std::string& name, Figures f) {
  std::sort(f.micros.begin(), f.micros.end());
  auto at = [&](double q) {
    if (f.micros.empty()) return 0.0;
    return f.micros[std::min(f.micros.size() - 1,
                             static_cast<size_t>(q * f.micros.size()))];
  };
  std::printf(
      "%s calls=%zu per_s=%.1f p50_ms=%.3f p99_ms=%.3f first_ms=%.3f "
      "failures=%d\n",
      name.c_str(), f.micros.size(), f.micros.size() / f.seconds,
      at(0.50) / 1000, at(0.99) / 1000, f.first / 1000, f.failures);
}

// One health check on `caller`'s channel.
grpc::Status CheckHealth(Caller& caller) {
  static const grpc::internal::RpcMethod method(
      "/grpc.health.v1.Health/Check", grpc::internal::RpcMethod::NORMAL_RPC);
  grpc::ClientContext context;
  caller.Prepare(context);
  // An empty HealthCheckRequest: the server as a whole.
  grpc::Slice empty("");
  grpc::ByteBuffer request(&empty, 1), response;
  return grpc::internal::BlockingUnaryCall(caller.channel_.get(), method,
                                           &context, request, &response);
}

Figures Health(const std::vector<std::unique_ptr<Caller>>& callers,
               double seconds) {
  return Drive(static_cast<int>(callers.size()), seconds,
               [&](int k, int, grpc::Status& status) {
                 status = CheckHealth(*callers[k]);
                 return true;
               });
}

int Main() {
  const std::string token = Token();
  const std::string mode = absl::GetFlag(FLAGS_mode);
  const int clients = std::max(1, absl::GetFlag(FLAGS_clients));
  const int readers = absl::GetFlag(FLAGS_readers);
  const int tables = absl::GetFlag(FLAGS_tables);
  const double seconds = absl::GetFlag(FLAGS_seconds);
  const std::string prefix = absl::GetFlag(FLAGS_prefix);
  const std::string label = absl::StrCat(
      mode, " clients=", clients, " readers=", readers, " tables=", tables);
  std::vector<std::unique_ptr<Caller>> callers;
  for (int k = 0; k < std::max(clients, readers); ++k) {
    callers.push_back(std::make_unique<Caller>(token));
  }
  if (mode == "health") {
    Print(label, Health(callers, seconds));
    return 0;
  }

  // Standings: one session, every result entered (by all callers at once).
  const std::string standings = absl::StrCat(prefix, "-standings-", tables);
  if (mode == "standings" || mode == "mixed") {
    if (tables > 31 && tables % kSectionTables != 0) {
      std::fprintf(stderr, "--tables past 31 must be a multiple of %d\n",
                   kSectionTables);
      return 2;
    }
    if (!SetUp(*callers[0], standings, tables, 1)) return 1;
    const int results = tables * BoardsOf(tables);  // 1 board a round
    std::atomic<int> next = 0;
    Figures filled =
        Drive(static_cast<int>(callers.size()), 3600,
              [&](int k, int, grpc::Status& status) {
                const int n = next++;
                if (n >= results) return false;
                status = Enter(*callers[k], NthResult(standings, tables, n));
                if (status.error_code() == grpc::StatusCode::ALREADY_EXISTS) {
                  status = grpc::Status::OK;
                }
                return true;
              });
    if (filled.failures > 0) return 1;
  }
  if ((mode == "standings" || mode == "mixed") &&
      !CheckStandings(*callers[0], standings)) {
    return 1;
  }
  std::atomic<uint64_t> received = 0;  // standings answers' bytes
  auto read_standings = [&](int k, int, grpc::Status& status) {
    size_t bytes = 0;
    status = ReadStandings(*callers[k], standings, &bytes);
    received += bytes;
    return true;
  };
  if (mode == "standings") {
    Figures read = Drive(std::max(1, readers), seconds, read_standings);
    std::fprintf(stderr, "standings received: %.1f MB/s\n",
                 received / read.seconds / 1e6);
    Print(label, read);
    return 0;
  }

  // Enter: one tournament per venue client; a fresh run uses fresh names.
  const std::string run =
      absl::StrCat(prefix, "-",
                   std::chrono::duration_cast<std::chrono::seconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count());
  const int enter_tables = std::max(tables, 24);
  const int slots = enter_tables * enter_tables * 2;
  if (mode == "fill") {
    // Client k's j-th tournament is <run>-fill-k-j; results are taken from
    // one counter so that --events are entered in all.
    const int events = absl::GetFlag(FLAGS_events);
    std::atomic<int> next = 0;
    std::atomic<bool> set_up_failed = false;
    Figures filled =
        Drive(clients, 1e9, [&](int k, int i, grpc::Status& status) {
          if (next++ >= events) return false;
          const std::string tournament =
              absl::StrCat(run, "-fill-", k, "-", i / slots);
          if (i % slots == 0 &&
              !SetUp(*callers[k], tournament, enter_tables, 2)) {
            set_up_failed = true;
            return false;
          }
          status = Enter(*callers[k],
                         NthResult(tournament, enter_tables, i % slots));
          return true;
        });
    Print(label, filled);
    return filled.failures > 0 || set_up_failed ? 1 : 0;
  }
  for (int k = 0; k < clients; ++k) {
    if (!SetUp(*callers[k], absl::StrCat(run, "-enter-", k), enter_tables, 2)) {
      return 1;
    }
  }
  auto enter = [&](int k, int i, grpc::Status& status) {
    if (i >= slots) return false;
    status = Enter(*callers[k],
                   NthResult(absl::StrCat(run, "-enter-", k), enter_tables, i));
    return true;
  };
  if (mode == "enter") {
    Print(label, Drive(clients, seconds, enter));
    return 0;
  }
  if (mode == "mixed") {
    std::atomic<bool> writing = true;
    Figures read;
    std::thread reading([&] {
      // Readers on callers of their own (after the writers' ones).
      std::vector<std::unique_ptr<Caller>> own;
      for (int k = 0; k < readers; ++k) {
        own.push_back(std::make_unique<Caller>(token));
      }
      read = Drive(std::max(1, readers), seconds,
                   [&](int k, int i, grpc::Status& status) {
                     if (!writing) return false;
                     if (absl::GetFlag(FLAGS_mixed_health)) {
                       status = CheckHealth(*own[k]);
                       return true;
                     }
                     size_t bytes = 0;
                     status = ReadStandings(*own[k], standings, &bytes);
                     received += bytes;
                     return true;
                   });
    });
    Figures written = Drive(clients, seconds, enter);
    writing = false;
    reading.join();
    Print(absl::StrCat(label, " writers"), written);
    Print(absl::StrCat(label, " readers"), read);
    return 0;
  }
  std::fprintf(stderr, "unknown --mode %s\n", mode.c_str());
  return 2;
}

}  // namespace
}  // namespace tally::bench

int main(int argc, char** argv) {
  absl::ParseCommandLine(argc, argv);
  return tally::bench::Main();
}
