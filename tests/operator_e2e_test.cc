// The operator's kit (issue #20 item 4, docs/operator.md), end to end on
// the real tallyd: the example config file loads and names every flag, the
// JSON log lines parse, /metrics moves with the commands, a backup taken
// while commands are appended restores into a new data directory with the
// same head, and the systemd unit passes `systemd-analyze verify`. Also the
// CLI's leftovers of issue #20 item 1: `tally completion bash` and
// `tally movement`.

#include <sys/stat.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "httplib.h"
#include "replay/log/sha256.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/operator.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/watch.grpc.pb.h"
#include "tests/client_calls.h"
#include "tests/shell_run.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

const std::string kOperatorDocs = TALLY_OPERATOR_DOCS;

std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The flag names set on the lines of a flagfile (comments skipped).
std::set<std::string> FlagsOfConfig(const std::string& text) {
  std::set<std::string> names;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    line = absl::StripAsciiWhitespace(line);
    if (!absl::ConsumePrefix(&line, "--")) continue;
    names.insert(std::string(line.substr(0, line.find('='))));
  }
  return names;
}

// The flags `tallyd --help` lists (its own, not Abseil's).
std::set<std::string> FlagsOfHelp(const std::string& help) {
  std::set<std::string> names;
  const std::regex flag(R"(\n    --([a-z_]+) \()");
  for (std::sregex_iterator it(help.begin(), help.end(), flag), end; it != end;
       ++it) {
    names.insert((*it)[1]);
  }
  return names;
}

absl::Status CreateTournament(std::shared_ptr<grpc::Channel> channel,
                              const std::string& id) {
  v1::CreateTournamentRequest request;
  *request.mutable_options() = Key(absl::StrCat("create-", id));
  request.set_tournament_id(id);
  request.set_name(absl::StrCat("Tournament ", id));
  v1::CommandOutcome out;
  grpc::ClientContext context;
  grpc::Status s = v1::DirectorService::NewStub(channel)->CreateTournament(
      &context, request, &out);
  return s.ok() ? absl::OkStatus()
                : absl::Status(static_cast<absl::StatusCode>(s.error_code()),
                               s.error_message());
}

TEST(TallydConfigTest, ExampleConfigNamesEveryFlagOfTallyd) {
  const std::set<std::string> in_config =
      FlagsOfConfig(ReadText(kOperatorDocs + "/tallyd.conf"));
  const ShellRun help = Shell(TallydPath() + " --help");
  ASSERT_EQ(help.exit_code, 0) << help.output;
  const std::set<std::string> in_help = FlagsOfHelp(help.output);
  ASSERT_GE(in_help.size(), 16u) << help.output;
  EXPECT_EQ(in_config, in_help);
}

TEST(TallydConfigTest, TallydStartsOnTheExampleConfig) {
  const std::string dir = MakeTempDir("config");
  TallydProcess tallyd(TallydPath(), dir);
  // The file first, then what a test must have instead (a later flag wins).
  tallyd.AddFlag("--flagfile=" + kOperatorDocs + "/tallyd.conf");
  tallyd.AddFlag("--data_dir=" + dir);
  tallyd.AddFlag("--listen=127.0.0.1:0");
  tallyd.AddFlag("--port_file=" + dir + ".port");
  tallyd.AddFlag("--http_listen=127.0.0.1:0");
  ASSERT_THAT(tallyd.Start(), IsOk());
  ASSERT_THAT(CreateTournament(tallyd.channel(), "with \"quotes\"\n"),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_EQ(tallyd.Stop(), 0);
  // The example sets --log_format=json: every line is one JSON object.
  const std::string log = ReadText(dir + ".log");
  int lines = 0;
  bool refused = false;
  for (absl::string_view line : absl::StrSplit(log, '\n', absl::SkipEmpty())) {
    google::protobuf::Struct parsed;
    ASSERT_TRUE(
        google::protobuf::util::JsonStringToMessage(std::string(line), &parsed)
            .ok())
        << line;
    ++lines;
    EXPECT_TRUE(parsed.fields().contains("ts")) << line;
    EXPECT_TRUE(parsed.fields().contains("level")) << line;
    EXPECT_TRUE(parsed.fields().contains("msg")) << line;
    if (parsed.fields().contains("event") &&
        parsed.fields().at("event").string_value() == "refused") {
      refused = true;
      EXPECT_EQ(parsed.fields().at("level").string_value(), "warning");
      EXPECT_EQ(parsed.fields().at("rpc").string_value(),
                "DirectorService.CreateTournament");
      EXPECT_EQ(parsed.fields().at("code").string_value(), "INVALID_ARGUMENT");
    }
  }
  EXPECT_GE(lines, 3);  // started, the refusal, stopping, stopped
  EXPECT_TRUE(refused) << log;
}

TEST(TallydConfigTest, AnUnknownFlagInTheConfigIsRefusedByName) {
  const std::string dir = MakeTempDir("config-bad");
  const std::string conf = dir + "/bad.conf";
  std::ofstream(conf) << "# a renamed flag\n--data_directory=" << dir << "\n";
  const ShellRun run = Shell(absl::StrCat(TallydPath(), " --flagfile=", conf,
                                          " --listen=127.0.0.1:0"));
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_THAT(run.output, HasSubstr("data_directory")) << run.output;
  const ShellRun format = Shell(
      absl::StrCat(TallydPath(), " --data_dir=", dir, "/d --log_format=yaml"));
  EXPECT_EQ(format.exit_code, 1) << format.output;
  EXPECT_THAT(format.output, HasSubstr("--log_format=yaml: give text or json"));
}

TEST(TallydMetricsTest, FiguresMoveWithTheCommands) {
  const std::string dir = MakeTempDir("metrics");
  const std::string http_port = MakeTempDir("metrics-files") + "/http.port";
  TallydProcess tallyd(TallydPath(), dir);
  tallyd.AddFlag("--http_listen=127.0.0.1:0");
  tallyd.AddFlag("--http_port_file=" + http_port);
  tallyd.AddFlag("--max_concurrent_reads=3");
  ASSERT_THAT(tallyd.Start(), IsOk());
  httplib::Client http("127.0.0.1", std::stoi(ReadText(http_port)));
  auto scrape = [&] {
    httplib::Result r = http.Get("/metrics");
    EXPECT_TRUE(r) << "no answer from /metrics";
    if (!r) return std::string();
    EXPECT_EQ(r->status, 200);
    EXPECT_THAT(r->get_header_value("Content-Type"),
                HasSubstr("text/plain; version=0.0.4"));
    return r->body;
  };
  const std::string before = scrape();
  EXPECT_EQ(MetricSample(before, "tally_events_appended_total"), 0) << before;
  EXPECT_EQ(MetricSample(before, "tally_log_events"), 0) << before;
  EXPECT_GE(MetricSample(before, "tally_startup_replay_seconds"), 0) << before;
  EXPECT_GT(MetricSample(before, "tally_data_dir_bytes"), 0) << before;

  ASSERT_THAT(CreateTournament(tallyd.channel(), "m1"), IsOk());
  ASSERT_THAT(CreateTournament(tallyd.channel(), "m2"), IsOk());
  // The same key again, a different command: refused, nothing appended.
  {
    v1::CreateTournamentRequest request;
    *request.mutable_options() = Key("create-m1");
    request.set_tournament_id("m1");
    request.set_name("Another name");
    v1::CommandOutcome out;
    grpc::ClientContext context;
    EXPECT_FALSE(v1::DirectorService::NewStub(tallyd.channel())
                     ->CreateTournament(&context, request, &out)
                     .ok());
  }
  const std::string after = scrape();
  EXPECT_THAT(after, HasSubstr("# TYPE tally_rpc_duration_seconds histogram"));
  EXPECT_EQ(MetricSample(after, "tally_events_appended_total"), 2) << after;
  EXPECT_EQ(MetricSample(after, "tally_log_events"), 2) << after;
  EXPECT_EQ(MetricSample(after,
                   "tally_rpc_requests_total{rpc=\"DirectorService."
                   "CreateTournament\",code=\"OK\"}"),
            2)
      << after;
  EXPECT_EQ(MetricSample(after,
                   "tally_rpc_requests_total{rpc=\"DirectorService."
                   "CreateTournament\",code=\"ALREADY_EXISTS\"}"),
            1)
      << after;
  EXPECT_EQ(MetricSample(after,
                   "tally_rpc_duration_seconds_count{rpc="
                   "\"DirectorService.CreateTournament\"}"),
            3)
      << after;
  EXPECT_EQ(MetricSample(after,
                   "tally_rpc_duration_seconds_bucket{rpc="
                   "\"DirectorService.CreateTournament\",le=\"+Inf\"}"),
            3)
      << after;
  EXPECT_EQ(MetricSample(after, "tally_rpcs_in_flight"), 0) << after;
  // Reads pass through the bound --max_concurrent_reads sets; commands do
  // not (none so far counted), so two queries are the two admitted.
  EXPECT_EQ(MetricSample(after, "tally_reads_max"), 3) << after;
  EXPECT_EQ(MetricSample(after, "tally_reads_admitted"), 0) << after;
  for (int i = 0; i < 2; ++i) {
    v1::ListTournamentsResponse listed;
    grpc::ClientContext context;
    ASSERT_TRUE(
        v1::QueryService::NewStub(tallyd.channel())
            ->ListTournaments(&context, v1::ListTournamentsRequest(), &listed)
            .ok());
    EXPECT_EQ(listed.tournaments_size(), 2);
  }
  const std::string read = scrape();
  EXPECT_EQ(MetricSample(read, "tally_reads_admitted"), 2) << read;
  EXPECT_EQ(MetricSample(read, "tally_reads_running"), 0) << read;
  EXPECT_EQ(MetricSample(read, "tally_reads_waiting"), 0) << read;
  EXPECT_EQ(MetricSample(read, "tally_reads_deadline_exceeded"), 0) << read;
  EXPECT_EQ(MetricSample(after, "tally_streams_open"), 0) << after;
  // A follower's stream is open while it reads.
  {
    grpc::ClientContext context;
    v1::WatchLogRequest request;
    auto stream = v1::WatchService::NewStub(tallyd.channel())
                      ->WatchLog(&context, request);
    v1::Event event;
    ASSERT_TRUE(stream->Read(&event));
    EXPECT_EQ(MetricSample(scrape(), "tally_streams_open"), 1);
    context.TryCancel();
    while (stream->Read(&event)) {
    }
  }
  EXPECT_EQ(tallyd.Stop(), 0);
}

absl::StatusOr<v1::BackupResponse> Backup(
    std::shared_ptr<grpc::Channel> channel, const std::string& directory) {
  v1::BackupRequest request;
  request.set_directory(directory);
  v1::BackupResponse response;
  grpc::ClientContext context;
  grpc::Status s = v1::OperatorService::NewStub(channel)->Backup(
      &context, request, &response);
  if (!s.ok()) {
    return absl::Status(static_cast<absl::StatusCode>(s.error_code()),
                        s.error_message());
  }
  return response;
}

TEST(TallydBackupTest, BackupWhileWritingRestoresTheSameHead) {
  const std::string dir = MakeTempDir("backup-live");
  const std::string backups = MakeTempDir("backups");
  TallydProcess tallyd(TallydPath(), dir);
  ASSERT_THAT(tallyd.Start(), IsOk());
  for (int i = 0; i < 20; ++i) {
    ASSERT_THAT(CreateTournament(tallyd.channel(), absl::StrCat("b", i)),
                IsOk());
  }
  // A writer appends while the backups are taken.
  std::atomic<bool> stop{false};
  std::atomic<int> written{0};
  std::thread writer([&] {
    for (int i = 0; !stop.load(); ++i) {
      if (CreateTournament(tallyd.channel(), absl::StrCat("w", i)).ok()) {
        ++written;
      }
    }
  });
  while (written.load() < 5)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  absl::StatusOr<v1::BackupResponse> first =
      Backup(tallyd.channel(), backups + "/first");
  // The CLI's way, as an operator types it.
  const std::string cli = RunTallyCli(
      tallyd.address(), absl::StrCat("backup ", backups, "/second"));
  const int during = written.load();
  stop = true;
  writer.join();
  ASSERT_THAT(first, IsOk());
  EXPECT_THAT(cli, HasSubstr("events, head ")) << cli;
  EXPECT_THAT(cli, HasSubstr("hash chain checked")) << cli;
  // Taken while writing: more than before the writer, at most what it wrote.
  EXPECT_GT(first->events(), 20u);
  EXPECT_LE(first->events(), 20u + written.load());
  EXPECT_GT(during, 5);
  EXPECT_GT(first->files(), 3u);

  // Refusals change nothing and say what to do.
  EXPECT_THAT(Backup(tallyd.channel(), "relative/dir"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("not an absolute path")));
  EXPECT_THAT(Backup(tallyd.channel(), backups + "/first"),
              StatusIs(absl::StatusCode::kAlreadyExists));
  EXPECT_THAT(Backup(tallyd.channel(), backups + "/no/such/parent"),
              StatusIs(absl::StatusCode::kFailedPrecondition));

  absl::StatusOr<std::vector<v1::Event>> original =
      ReadWholeLog(*tallyd.channel());
  ASSERT_THAT(original, IsOk());
  ASSERT_GE(original->size(), first->events());
  EXPECT_EQ(first->head_hash(), (*original)[first->events() - 1].hash());
  EXPECT_EQ(tallyd.Stop(), 0);

  // Restored into a new data directory: the same events, the same head.
  const std::string restored_dir = MakeTempDir("restored");
  TallydProcess restored(TallydPath(), restored_dir);
  restored.AddFlag("--restore_from=" + backups + "/first");
  ASSERT_THAT(restored.Start(), IsOk());
  // The principals came along (admin.token does not: its holder keeps
  // it), so the original administrator's token is the one that works.
  const std::shared_ptr<grpc::Channel> admin =
      restored.ChannelWithToken(tallyd.admin_token());
  v1::LogHead head;
  {
    grpc::ClientContext context;
    ASSERT_TRUE(v1::WatchService::NewStub(admin)
                    ->GetLogHead(&context, v1::GetLogHeadRequest(), &head)
                    .ok());
  }
  EXPECT_EQ(head.sequence(), first->events());
  EXPECT_EQ(head.hash(), first->head_hash());
  EXPECT_THAT(VerifyChain(*admin), IsOk());
  EXPECT_THAT(
      ReadText(restored_dir + ".log"),
      HasSubstr(absl::StrCat("restored ", restored_dir, " from ", backups,
                             "/first: ", first->events(), " events, head ",
                             replay::ToHex(first->head_hash()))));
  // The start-up line says so, rather than pointing at a token file the
  // restored directory does not hold.
  EXPECT_THAT(ReadText(restored_dir + ".log"),
              HasSubstr(absl::StrCat("no ", restored_dir,
                                     "/admin.token (a restored directory has "
                                     "none): the administrator's token is the "
                                     "backed-up server's")));
  ASSERT_THAT(CreateTournament(admin, "after"), IsOk());
  EXPECT_EQ(restored.Stop(), 0);
}

TEST(TallydBackupTest, RestoreRefusesADamagedBackupAndAFullDirectory) {
  const std::string dir = MakeTempDir("backup-src");
  const std::string backups = MakeTempDir("backups-bad");
  TallydProcess tallyd(TallydPath(), dir);
  ASSERT_THAT(tallyd.Start(), IsOk());
  ASSERT_THAT(CreateTournament(tallyd.channel(), "d1"), IsOk());
  ASSERT_THAT(Backup(tallyd.channel(), backups + "/good"), IsOk());
  EXPECT_EQ(tallyd.Stop(), 0);

  // Into a data directory that holds files: refused, nothing changed.
  const ShellRun full =
      Shell(absl::StrCat(TallydPath(), " --restore_from=", backups,
                         "/good --data_dir=", dir, " --listen=127.0.0.1:0"));
  EXPECT_EQ(full.exit_code, 1) << full.output;
  EXPECT_THAT(full.output, HasSubstr("is not empty")) << full.output;

  // A backup whose TALLY-HEAD was removed: refused by the start-up checks,
  // and the new data directory stays empty.
  std::filesystem::copy(backups + "/good", backups + "/damaged");
  std::filesystem::remove(backups + "/damaged/TALLY-HEAD");
  const std::string target = MakeTempDir("restore-target");
  const ShellRun damaged = Shell(
      absl::StrCat(TallydPath(), " --restore_from=", backups,
                   "/damaged --data_dir=", target, " --listen=127.0.0.1:0"));
  EXPECT_EQ(damaged.exit_code, 1) << damaged.output;
  EXPECT_THAT(damaged.output, HasSubstr("does not check")) << damaged.output;
  EXPECT_THAT(damaged.output, HasSubstr("TALLY-HEAD")) << damaged.output;
  EXPECT_TRUE(std::filesystem::is_empty(target));
}

// What bash offers after `words` (the last one being completed), with the
// script `tally completion bash` prints loaded.
std::string Complete(const std::string& script, const std::string& words) {
  std::ofstream(script + ".words") << words;
  const ShellRun run = Shell(
      absl::StrCat("bash -c 'source ", script, "; read -r -a COMP_WORDS < ",
                   script, ".words; [[ \"$(tail -c1 ", script,
                   ".words)\" == \" \" ]] && COMP_WORDS+=(\"\"); "
                   "COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _tally; "
                   "printf \"%s\\n\" \"${COMPREPLY[@]}\" | sort'"));
  EXPECT_EQ(run.exit_code, 0) << run.output;
  return run.output;
}

TEST(TallyCompletionTest, BashCompletesCommandsOptionsAndChoices) {
  const std::string script = MakeTempDir("completion") + "/tally.bash";
  const ShellRun made =
      Shell(absl::StrCat(TallyCliPath(), " completion bash > ", script));
  ASSERT_EQ(made.exit_code, 0) << made.output;
  // Command names (the demo's `standings` and `start-session`).
  EXPECT_EQ(Complete(script, "tally star"), "start-session\n");
  EXPECT_THAT(Complete(script, "tally sta"),
              AllOf(HasSubstr("standings\n"), HasSubstr("start-session\n")));
  // A command's own options, from its usage line, and the global ones.
  EXPECT_THAT(Complete(script, "tally correct demo pairs 1 1 2 --ki"),
              HasSubstr("--kind=\n"));
  EXPECT_THAT(Complete(script, "tally standings --js"), HasSubstr("--json\n"));
  // A choice's words; bash splits "--kind=" at '=' into "--kind" and "=".
  EXPECT_EQ(Complete(script, "tally correct --kind = "),
            "inconsistent\nplayers\nscorer\n");
  EXPECT_EQ(Complete(script, "tally correct --kind = pl"), "players\n");
  EXPECT_EQ(Complete(script, "tally backup --"),
            Complete(script, "tally whoami --"));  // globals only
  // Another shell is refused by name.
  const ShellRun zsh = Shell(TallyCliPath() + " completion zsh");
  EXPECT_EQ(zsh.exit_code, 2) << zsh.output;
  EXPECT_THAT(zsh.output, HasSubstr("give bash"));
}

// The demo's session 1 of pairs: a 5-table Mitchell of 3-board rounds
// (core/movement/movement.h: NS pairs stay, EW pairs 6-10 move up a table,
// boards move down a table).
TEST(TallyMovementTest, DemoSessionAsGuideCards) {
  TallydProcess tallyd(TallydPath(), MakeTempDir("movement"));
  tallyd.AddFlag("--demo");
  tallyd.AddFlag("--http_listen=127.0.0.1:0");
  ASSERT_THAT(tallyd.Start(), IsOk());
  const ShellRun cards = Shell(absl::StrCat(
      TallyCliPath(), " --server=", tallyd.address(),
      " --token=", tallyd.admin_token(), " movement demo pairs 1"));
  ASSERT_EQ(cards.exit_code, 0) << cards.output;
  EXPECT_THAT(cards.output, HasSubstr("Session 1 of pairs (mitchell"));
  EXPECT_THAT(cards.output,
              HasSubstr("Table 1\n"
                        "Round  NS  EW  Boards  NS next     EW next     "
                        "Boards next\n"
                        "1      1   6   1-3     table 1 NS  table 2 EW  "
                        "table 5\n"))
      << cards.output;
  EXPECT_THAT(cards.output,
              HasSubstr("1      5   10  13-15   table 5 NS  table 1 EW  "
                        "table 4\n"))
      << cards.output;
  EXPECT_THAT(cards.output, HasSubstr("end         end         end\n"));
  const ShellRun missing = Shell(absl::StrCat(
      TallyCliPath(), " --server=", tallyd.address(),
      " --token=", tallyd.admin_token(), " movement demo pairs 9"));
  EXPECT_EQ(missing.exit_code, 1) << missing.output;
  EXPECT_THAT(missing.output,
              HasSubstr("session 9 of pairs in demo is not defined"));
  EXPECT_EQ(tallyd.Stop(), 0);
}

TEST(TallydServiceUnitTest, SystemdAnalyzeVerifiesTheUnit) {
  const ShellRun which = Shell("command -v systemd-analyze");
  if (which.exit_code != 0) {
    GTEST_SKIP() << "systemd-analyze is not installed (Debian package "
                    "systemd); the unit is not checked";
  }
  // The unit as installed, with ExecStart pointing at this build's tallyd
  // (verify checks that the binary exists and is executable).
  const std::string dir = MakeTempDir("unit");
  std::string unit = ReadText(kOperatorDocs + "/tallyd.service");
  const std::string installed = "/usr/local/bin/tallyd";
  ASSERT_NE(unit.find(installed), std::string::npos);
  unit.replace(unit.find(installed), installed.size(), TallydPath());
  std::ofstream(dir + "/tallyd.service") << unit;
  const ShellRun verify =
      Shell(absl::StrCat("systemd-analyze verify ", dir, "/tallyd.service"));
  EXPECT_EQ(verify.exit_code, 0) << verify.output;
  // An unknown or misspelt key is only a warning (exit status 0), naming
  // the file: none may be printed.
  EXPECT_THAT(verify.output, Not(HasSubstr("tallyd.service"))) << verify.output;
}

}  // namespace
}  // namespace tally::testing
