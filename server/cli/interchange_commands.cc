// tally import and tally export-session (`tally export` is the log's
// export, server/cli/audit_commands.cc): a session in and out as a USEBIO 1.2
// or PBN 2.1 file (docs/interchange.md). The formats live in
// server/interchange/; this file only reads and writes files and prints.

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "server/cli/cli_common.h"
#include "server/interchange/import_plan.h"
#include "server/interchange/interchange_client.h"
#include "server/interchange/pbn_reader.h"
#include "server/interchange/pbn_writer.h"
#include "server/interchange/session_answers.h"
#include "server/interchange/usebio_reader.h"
#include "server/interchange/usebio_writer.h"

namespace tally::cli {
namespace {

int Failed(const absl::Status& status) {
  std::cerr << "tally: " << absl::StatusCodeToString(status.code()) << ": "
            << status.message() << "\n";
  return kFailed;
}

// --format, else from the file name: "usebio" for .xml, "pbn" for .pbn.
std::string FormatOf(const Invocation& inv, const std::string& file) {
  if (inv.Has("format")) return inv.Get("format");
  if (absl::EndsWithIgnoreCase(file, ".xml")) return "usebio";
  if (absl::EndsWithIgnoreCase(file, ".pbn")) return "pbn";
  return "";
}

// --ew-offset=N (default 0); false, after saying why, when not a number.
bool EwOffset(const Invocation& inv, int* offset) {
  if (!inv.Has("ew-offset")) return true;
  if (ToInt(inv.Get("ew-offset"), offset) && *offset >= 0) return true;
  std::cerr << "tally: --ew-offset '" << inv.Get("ew-offset")
            << "' is not a number of 0 or more\n";
  return false;
}

interchange::ContextFactory Contexts(Client& cl) {
  return [&cl] { return cl.Context(); };
}

int Import(Client& cl, const Invocation& inv) {
  const std::string path = inv.args[0];
  const std::string format = FormatOf(inv, path);
  if (format != "usebio" && format != "pbn") {
    std::cerr << "tally import: give --format=usebio (USEBIO 1.2 XML) or "
                 "--format=pbn (PBN 2.1); '"
              << format << "' is not a format tally reads\n";
    return kUsage;
  }
  if (inv.Get("profile").empty()) {
    std::cerr << "tally import: give --profile=REGULATION_PROFILE, a "
                 "matchpoint pairs profile, or a Butler pairs one "
                 "(club_butler_pairs, cross_imp_pairs) for an IMP-scored "
                 "file ('tally profiles' lists them)\n";
    return kUsage;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "tally: cannot read " << path << "\n";
    return kFailed;
  }
  std::stringstream bytes;
  bytes << in.rdbuf();
  interchange::ImportTarget target;
  target.tournament_id = inv.args[1];
  target.competition_id = inv.Get("competition", "pairs");
  target.regulation_profile = inv.Get("profile");
  target.format = format == "pbn" ? "pbn-2.1" : "usebio-1.2";
  target.file_name = path.substr(path.find_last_of('/') + 1);
  target.file_sha256 = interchange::Sha256Hex(bytes.str());
  target.create_tournament = !inv.Has("existing-tournament");
  absl::StatusOr<interchange::SessionFile> file =
      format == "pbn" ? interchange::ReadPbn(bytes.str(), target.file_name)
                      : interchange::ReadUsebio(bytes.str(), target.file_name);
  if (!file.ok()) return Failed(file.status());
  int ew_offset = 0;
  if (!EwOffset(inv, &ew_offset)) return kUsage;
  interchange::RenumberEastWest(*file, ew_offset);
  absl::StatusOr<std::vector<interchange::ImportStep>> steps =
      interchange::PlanImport(*file, target);
  if (!steps.ok()) return Failed(steps.status());
  absl::StatusOr<int> appended =
      interchange::RunImport(*cl.director_, *cl.venue_, Contexts(cl), *steps);
  if (!appended.ok()) return Failed(appended.status());
  absl::StatusOr<interchange::SessionFile> answers = interchange::FetchSession(
      *cl.query_, *cl.audit_, Contexts(cl), target.tournament_id,
      target.competition_id, target.session);
  if (!answers.ok()) return Failed(answers.status());
  std::vector<std::string> differences =
      interchange::CheckPublished(*file, *answers, target.file_name);
  std::cout << "imported " << target.file_name << " (sha256 "
            << target.file_sha256.substr(0, 16) << ") into "
            << target.tournament_id << " / " << target.competition_id
            << " session " << target.session << ": " << file->pairs.size()
            << " pairs"
            << (file->sections.empty()
                    ? ""
                    : absl::StrCat(" in ", file->sections.size(), " sections"))
            << ", " << interchange::BoardCount(*file) << " boards, "
            << *appended << " events appended\n";
  if (differences.empty()) {
    std::cout << "every published figure in the file agrees with tally's\n";
    return kOk;
  }
  std::cout << differences.size()
            << " published figures differ from tally's:\n";
  for (const std::string& d : differences) std::cout << "  " << d << "\n";
  return kFailed;
}

int Export(Client& cl, const Invocation& inv) {
  const std::string format = inv.Get("format");
  if (format != "usebio" && format != "pbn") {
    std::cerr << "tally export-session: give --format=usebio or "
                 "--format=pbn; '"
              << format << "' is not a format tally writes\n";
    return kUsage;
  }
  int session = 0;
  if (!ToInt(inv.args[2], &session)) {
    std::cerr << "tally: session '" << inv.args[2] << "' is not a number\n";
    return kUsage;
  }
  absl::StatusOr<interchange::SessionFile> file = interchange::FetchSession(
      *cl.query_, *cl.audit_, Contexts(cl), inv.args[0], inv.args[1], session);
  if (!file.ok()) return Failed(file.status());
  int ew_offset = 0;
  if (!EwOffset(inv, &ew_offset)) return kUsage;
  interchange::RenumberEastWest(*file, -ew_offset);
  const absl::StatusOr<std::string> text =
      format == "pbn" ? interchange::WritePbn(*file)
                      : interchange::WriteUsebio(*file);
  if (!text.ok()) return Failed(text.status());
  if (!inv.Has("output")) {
    std::cout << *text;
    return kOk;
  }
  std::ofstream out(inv.Get("output"), std::ios::binary);
  out << *text;
  if (!out.flush()) {
    std::cerr << "tally: cannot write " << inv.Get("output") << "\n";
    return kFailed;
  }
  std::cout << "wrote " << inv.Get("output") << "\n";
  return kOk;
}

}  // namespace

void AddInterchangeCommands(std::vector<Command>& commands) {
  commands.push_back(
      {"import",
       "FILE TOURNAMENT --profile=REGULATION_PROFILE [--format=usebio|pbn] "
       "[--competition=pairs] [--existing-tournament] [--ew-offset=N]",
       "import a matchpoint pairs session from a USEBIO 1.2 (.xml) or PBN 2.1 "
       "(.pbn, ScoreTable and TotalScoreTable) file as ordinary "
       "commands (each event records the file, its SHA-256 and the line), "
       "then check tally's figures against the ones the file publishes; a "
       "file carrying what tally cannot represent is refused with its line "
       "and nothing is appended; --ew-offset=N numbers East-West pair k as "
       "N + k, for files that number each direction from 1 "
       "(docs/interchange.md)",
       2, 2, Import});
  commands.push_back(
      {"export-session",
       "TOURNAMENT COMPETITION SESSION --format=usebio|pbn [--output=FILE] "
       "[--ew-offset=N]",
       "write a matchpoint pairs session as a USEBIO 1.2 or PBN 2.1 file: "
       "pairs with places, totals and percentages, every traveller line "
       "with its matchpoints (--ew-offset=N: East-West pairs numbered N "
       "lower, as imported)",
       3, 3, Export});
}

}  // namespace tally::cli
