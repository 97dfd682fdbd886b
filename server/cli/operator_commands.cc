// tally's operator commands (docs/operator.md): a backup of the running
// server's data directory, and the shell completion script.

#include <iostream>
#include <memory>

#include "replay/log/sha256.h"
#include "server/cli/bash_completion.h"
#include "server/cli/cli_common.h"
#include "server/cli/command_line.h"
#include "tally/v1/operator.grpc.pb.h"

namespace tally::cli {
namespace {

int Backup(Client& client, const Invocation& inv) {
  v1::BackupRequest request;
  request.set_directory(inv.args[0]);
  v1::BackupResponse response;
  auto context = client.Context();
  grpc::Status status = v1::OperatorService::NewStub(client.channel_)
                            ->Backup(context.get(), request, &response);
  return PrintAnswer<v1::BackupResponse>(
      inv, status, response, [](const v1::BackupResponse& r) {
        std::cout << "backed up to " << r.directory() << " (on the server's "
                  << "machine): " << r.events() << " events, head "
                  << replay::ToHex(r.head_hash()) << ", " << r.files()
                  << " files, " << r.bytes() << " bytes; hash chain checked\n"
                  << "restore: tallyd --restore_from=" << r.directory()
                  << " --data_dir=NEW_EMPTY_DIR\n";
      });
}

// Prints the completion script; needs no server.
int Completion(Client&, const Invocation& inv) {
  if (inv.args[0] != "bash") {
    std::cerr << "tally completion: '" << inv.args[0]
              << "' is not a shell tally completes for; give bash\n";
    return kUsage;
  }
  std::cout << BashCompletion(AllCommands(), GlobalOptionNames());
  return kOk;
}

}  // namespace

void AddOperatorCommands(std::vector<Command>& commands) {
  commands.push_back(
      {"backup", "DIR",
       "back up the running server's data directory into DIR, a new "
       "directory on the server's machine (absolute path); administrators "
       "only",
       1, 1, Backup});
  commands.push_back(
      {"completion", "SHELL",
       "print the shell completion script for tally (SHELL: bash); load it "
       "with: source <(tally completion bash)",
       1, 1, Completion});
}

}  // namespace tally::cli
