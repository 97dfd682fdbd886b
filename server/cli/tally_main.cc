// tally: the command-line client for a tallyd server. One subcommand per
// RPC; human-readable tables by default, --json for scripts, --help
// everywhere. Exit status: 0 OK, 1 refused or failed, 2 usage error.

#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "server/cli/checkpoint_commands.h"
#include "server/cli/cli_common.h"
#include "server/cli/text_table.h"

namespace tally::cli {
namespace {

int Usage(const Command& c, const std::string& problem) {
  std::cerr << "tally " << c.name << ": " << problem << "\nusage: tally "
            << c.name << " " << c.usage << "\n(tally " << c.name
            << " --help for more)\n";
  return kUsage;
}

void PrintHelp(const std::vector<Command>& commands) {
  std::cout
      << "tally: the command-line client for a tallyd tournament server.\n\n"
         "usage: tally [--server=HOST:PORT] [--json] COMMAND ARGS... "
         "[OPTIONS]\n\n"
         "commands:\n";
  TextTable t({"", ""});
  for (const Command& c : commands) t.AddRow({"  " + c.name, c.summary});
  std::cout << t.Render().substr(t.Render().find('\n') + 1)
            << "\noptions for every command:\n"
               "  --server=HOST:PORT      the server (default $TALLY_SERVER or "
               "127.0.0.1:50051)\n"
               "  --json                  print the answer as JSON\n"
               "  --identity=WHO          who you are, recorded in the log "
               "(default $USER)\n"
               "  --device=NAME           this device, recorded in the log\n"
               "  --key=KEY               idempotency key; re-running with the "
               "same key never applies a command twice\n"
               "  --expected-version=N    refuse unless the tournament is at "
               "version N\n"
               "\ntally COMMAND --help shows one command.\n";
}

}  // namespace
}  // namespace tally::cli

int main(int argc, char** argv) {
  using namespace tally::cli;
  Invocation inv;
  std::string name;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (absl::StartsWith(a, "--")) {
      size_t eq = a.find('=');
      inv.options[a.substr(
          2, eq == std::string::npos ? std::string::npos : eq - 2)] =
          eq == std::string::npos ? "" : a.substr(eq + 1);
    } else if (name.empty()) {
      name = a;
    } else {
      inv.args.push_back(a);
    }
  }
  std::vector<Command> commands;
  AddDirectorCommands(commands);
  AddVenueCommands(commands);
  AddQueryCommands(commands);
  AddAuditCommands(commands);
  AddMatchCommands(commands);
  AddPairsEventCommands(commands);
  AddQualifyCommands(commands);
  AddKnockoutCommands(commands);
  AddEligibilityCommands(commands);
  AddCalcCommands(commands);
  AddForfeitCommands(commands);
  AddTimelineCommands(commands);
  AddOffenceCommands(commands);
  AddDatumCommands(commands);
  AddWhatChangedCommands(commands);
  AddAppealCommands(commands);
  AddRulingCommands(commands);
  AddCheckpointCommands(commands);
  AddPublishCommands(commands);
  AddInterchangeCommands(commands);
  if (name.empty() || name == "help") {
    PrintHelp(commands);
    return name.empty() && !inv.Has("help") ? kUsage : kOk;
  }
  for (const Command& c : commands) {
    if (c.name != name) continue;
    if (inv.Has("help")) {
      std::cout << "usage: tally " << c.name << " " << c.usage << "\n\n"
                << c.summary
                << "\n\n(tally --help lists the options every "
                   "command takes)\n";
      return kOk;
    }
    if (inv.args.size() < c.min_args || inv.args.size() > c.max_args) {
      return Usage(c, "wrong number of arguments");
    }
    Client client(inv);
    return c.run(client, inv);
  }
  std::cerr << "tally: unknown command '" << name
            << "' (tally --help lists them)\n";
  return kUsage;
}
