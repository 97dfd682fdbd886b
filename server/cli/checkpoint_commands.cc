#include "server/cli/checkpoint_commands.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "replay/checkpoint/checkpoint.h"
#include "replay/checkpoint/checkpoint_verify.h"
#include "replay/checkpoint/ed25519.h"
#include "replay/log/sha256.h"

namespace tally::cli {
namespace {

bool ReadFile(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream s;
  s << in.rdbuf();
  text = s.str();
  return true;
}

// --public-key: 64 hex digits, or a file holding them or a PEM block.
bool PublicKeyOption(const Invocation& inv, std::string& key) {
  std::string value = inv.Get("public-key");
  absl::StatusOr<std::string> parsed = replay::ParsePublicKey(value);
  if (!parsed.ok()) {
    std::string text;
    if (!ReadFile(value, text)) {
      std::cerr << "tally: --public-key=" << value
                << " is neither a key (64 hexadecimal digits) nor a "
                   "readable file\n";
      return false;
    }
    parsed = replay::ParsePublicKey(text);
    if (!parsed.ok()) {
      std::cerr << "tally: " << value << ": " << parsed.status().message()
                << "\n";
      return false;
    }
  }
  key = *std::move(parsed);
  return true;
}

// --checkpoint=FILE: one or more checkpoint lines.
bool CheckpointOption(const Invocation& inv,
                      std::vector<v1::Checkpoint>& checkpoints) {
  const std::string path = inv.Get("checkpoint");
  std::ifstream in(path);
  if (!in) {
    std::cerr << "tally: cannot read " << path << "\n";
    return false;
  }
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (absl::StripAsciiWhitespace(line).empty()) continue;
    absl::StatusOr<v1::Checkpoint> c = replay::ParseCheckpointLine(line);
    if (!c.ok()) {
      std::cerr << "tally: " << path << " line " << n
                << " is not a checkpoint ({\"checkpoint\": {...}} as `tally "
                   "checkpoints` writes it)\n";
      return false;
    }
    checkpoints.push_back(*std::move(c));
  }
  if (checkpoints.empty()) {
    std::cerr << "tally: " << path << " holds no checkpoint\n";
    return false;
  }
  return true;
}

}  // namespace

int WriteExportCheckpoints(Client& client, std::ostream& out,
                           uint64_t last_sequence, uint64_t& written) {
  written = 0;
  v1::CheckpointList list;
  grpc::Status st =
      client.audit_->ListCheckpoints(client.Context().get(), {}, &list);
  if (!st.ok()) return Refused(st);
  for (const v1::Checkpoint& c : list.checkpoints()) {
    if (c.sequence() > last_sequence) continue;  // signed after the read
    out << replay::CheckpointLineText(c) << "\n";
    ++written;
  }
  return kOk;
}

int VerifyExportCheckpoints(const std::vector<std::string>& lines,
                            const Invocation& inv) {
  std::vector<v1::Checkpoint> published;
  std::string key;
  if (inv.Has("checkpoint")) {
    if (!inv.Has("public-key")) {
      std::cerr << "tally: give the federation's published key with "
                   "--public-key=KEY: a checkpoint's own key proves nothing\n";
      return kUsage;
    }
    if (!CheckpointOption(inv, published)) return kUsage;
  }
  if (inv.Has("public-key") && !PublicKeyOption(inv, key)) return kUsage;
  replay::CheckpointVerification v =
      replay::VerifyCheckpoints(lines, published, key);
  for (const std::string& line : v.confirmed) {
    std::cout << "checkpoint OK: " << line << "\n";
  }
  for (const replay::ExportProblem& p : v.problems) {
    std::cout << "checkpoint FAILED: " << p.what << "\n";
  }
  return v.ok() ? kOk : kFailed;
}

void AddCheckpointCommands(std::vector<Command>& commands) {
  auto add = [&](Command c) { commands.push_back(std::move(c)); };
  add({"public-key", "[--pem]",
       "the server's checkpoint key: 64 hexadecimal digits (--pem: a PEM "
       "block for openssl), for the federation to publish",
       0, 0, [](Client& cl, const Invocation& inv) {
         v1::CheckpointList list;
         grpc::Status st =
             cl.audit_->ListCheckpoints(cl.Context().get(), {}, &list);
         if (!st.ok()) return Refused(st);
         if (!inv.Has("pem")) {
           std::cout << replay::ToHex(list.public_key()) << "\n";
           return kOk;
         }
         absl::StatusOr<std::string> pem =
             replay::PublicKeyPem(list.public_key());
         if (!pem.ok()) {
           std::cerr << "tally: " << pem.status().message() << "\n";
           return kFailed;
         }
         std::cout << *pem;
         return kOk;
       }});
  add({"checkpoints", "[--last]",
       "the server's signed checkpoints, one line each, as published and as "
       "`tally verify EXPORT --checkpoint=FILE` reads them (--last: only the "
       "latest)",
       0, 0, [](Client& cl, const Invocation& inv) {
         v1::CheckpointList list;
         grpc::Status st =
             cl.audit_->ListCheckpoints(cl.Context().get(), {}, &list);
         if (!st.ok()) return Refused(st);
         int from = inv.Has("last") ? list.checkpoints_size() - 1 : 0;
         for (int i = std::max(from, 0); i < list.checkpoints_size(); ++i) {
           std::cout << replay::CheckpointLineText(list.checkpoints(i)) << "\n";
         }
         return kOk;
       }});
  add({"checkpoint", "",
       "sign a checkpoint of the log's head now (appends nothing to the log) "
       "and print it",
       0, 0, [](Client& cl, const Invocation&) {
         v1::Checkpoint c;
         grpc::Status st =
             cl.audit_->SignCheckpoint(cl.Context().get(), {}, &c);
         if (!st.ok()) return Refused(st);
         std::cout << replay::CheckpointLineText(c) << "\n";
         std::cerr << "signed the checkpoint of "
                   << replay::DescribeCheckpoint(c) << "\n";
         return kOk;
       }});
}

}  // namespace tally::cli
