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
#include "server/interchange/pairs_profile_check.h"
#include "server/interchange/pbn_reader.h"
#include "server/interchange/pbn_teams_reader.h"
#include "server/interchange/pbn_teams_writer.h"
#include "server/interchange/pbn_writer.h"
#include "server/interchange/session_answers.h"
#include "server/interchange/teams_answers.h"
#include "server/interchange/teams_import_plan.h"
#include "server/interchange/teams_interchange_client.h"
#include "server/interchange/usebio_reader.h"
#include "server/interchange/usebio_teams_reader.h"
#include "server/interchange/usebio_teams_writer.h"
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

// The published-figure check's outcome: kOk when every figure agrees,
// else each difference listed (the results are in) and kFailed.
int Checked(const std::vector<std::string>& differences) {
  if (differences.empty()) {
    std::cout << "every published figure in the file agrees with tally's\n";
    return kOk;
  }
  std::cout << differences.size()
            << " published figures differ from tally's:\n";
  for (const std::string& d : differences) std::cout << "  " << d << "\n";
  return kFailed;
}

// A USEBIO or PBN teams file (docs/interchange.md, "USEBIO 1.2: Swiss
// teams", "PBN 2.1: teams"): read, planned, sent, then tally's figures
// checked against the file's.
int ImportTeams(Client& cl, const Invocation& inv, const std::string& bytes,
                interchange::ImportTarget target) {
  if (inv.Has("ew-offset")) {
    std::cerr << "tally import: --ew-offset numbers pairs; a teams file "
                 "has none\n";
    return kUsage;
  }
  target.competition_id = inv.Get("competition", "teams");
  absl::StatusOr<interchange::TeamsFile> file =
      target.format == "pbn-2.1"
          ? interchange::ReadPbnTeams(bytes, target.file_name)
          : interchange::ReadUsebioTeams(bytes, target.file_name);
  if (!file.ok()) return Failed(file.status());
  absl::StatusOr<v1::RegulationProfile> profile = interchange::FetchProfile(
      *cl.query_, Contexts(cl), target.regulation_profile);
  if (!profile.ok()) return Failed(profile.status());
  if (absl::Status fits =
          interchange::CheckTeamsProfile(*file, *profile, target.file_name);
      !fits.ok()) {
    return Failed(fits);
  }
  absl::StatusOr<int> appended =
      interchange::RunImport(*cl.director_, *cl.venue_, Contexts(cl),
                             interchange::PlanTeamsImport(*file, target));
  if (!appended.ok()) return Failed(appended.status());
  absl::StatusOr<interchange::TeamsFile> answers = interchange::FetchTeamsEvent(
      *cl.query_, Contexts(cl), target.tournament_id, target.competition_id,
      static_cast<int>(file->Rounds().size()));
  if (!answers.ok()) return Failed(answers.status());
  const std::vector<std::string> differences =
      interchange::CheckPublishedTeams(*file, *answers, target.file_name);
  std::cout << "imported " << target.file_name << " (sha256 "
            << target.file_sha256.substr(0, 16) << ") into "
            << target.tournament_id << " / " << target.competition_id << ": "
            << file->teams.size() << " teams, " << file->Rounds().size()
            << " rounds, " << file->matches.size() << " matches, " << *appended
            << " events appended\n";
  return Checked(differences);
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
  if (format == "usebio" ? interchange::IsUsebioTeamsFile(bytes.str())
                         : interchange::IsPbnTeamsFile(bytes.str())) {
    return ImportTeams(cl, inv, bytes.str(), target);
  }
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
  absl::StatusOr<v1::RegulationProfile> profile = interchange::FetchProfile(
      *cl.query_, Contexts(cl), target.regulation_profile);
  if (!profile.ok()) return Failed(profile.status());
  if (absl::Status fits = interchange::CheckPairsProfile(
          *file, *steps, *profile, target.file_name);
      !fits.ok()) {
    return Failed(fits);
  }
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
  return Checked(differences);
}

// The written file to --output, else to standard output.
int Written(const Invocation& inv, const absl::StatusOr<std::string>& text) {
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
  absl::StatusOr<v1::CompetitionKind> kind = interchange::CompetitionKindOf(
      *cl.query_, Contexts(cl), inv.args[0], inv.args[1]);
  if (!kind.ok()) return Failed(kind.status());
  if (*kind == v1::COMPETITION_KIND_SWISS_TEAMS ||
      *kind == v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS ||
      *kind == v1::COMPETITION_KIND_KNOCKOUT_TEAMS) {
    // A teams event: SESSION is the last round written (0: every round
    // drawn).
    absl::StatusOr<interchange::TeamsFile> teams = interchange::FetchTeamsEvent(
        *cl.query_, Contexts(cl), inv.args[0], inv.args[1], session);
    if (!teams.ok()) return Failed(teams.status());
    return Written(inv, format == "pbn"
                            ? interchange::WritePbnTeams(*teams)
                            : interchange::WriteUsebioTeams(*teams));
  }
  absl::StatusOr<interchange::SessionFile> file = interchange::FetchSession(
      *cl.query_, *cl.audit_, Contexts(cl), inv.args[0], inv.args[1], session);
  if (!file.ok()) return Failed(file.status());
  int ew_offset = 0;
  if (!EwOffset(inv, &ew_offset)) return kUsage;
  interchange::RenumberEastWest(*file, -ew_offset);
  return Written(inv, format == "pbn" ? interchange::WritePbn(*file)
                                      : interchange::WriteUsebio(*file));
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
       "N + k, for files that number each direction from 1; a USEBIO Swiss "
       "teams file (EVENT_TYPE SWISS_TEAMS, TEAMS_OF_FOUR for a round "
       "robin, KO for a knock-out) is imported as a Swiss (round-robin, "
       "knock-out) teams competition (default id 'teams') with the file's "
       "draws, and so is a PBN teams file ([Competition \"Teams\"], "
       "[EventType \"SWISS_TEAMS\"], \"TEAMS_OF_FOUR\" or \"KO\") "
       "(docs/interchange.md)",
       2, 2, Import});
  commands.push_back(
      {"export-session",
       "TOURNAMENT COMPETITION SESSION --format=usebio|pbn [--output=FILE] "
       "[--ew-offset=N]",
       "write a matchpoint pairs session as a USEBIO 1.2 or PBN 2.1 file: "
       "pairs with places, totals and percentages, every traveller line "
       "with its matchpoints (--ew-offset=N: East-West pairs numbered N "
       "lower, as imported); a Swiss, round-robin or knock-out teams event "
       "as a USEBIO or PBN teams file, SESSION being the last round written "
       "(0: every round drawn)",
       3, 3, Export});
}

}  // namespace tally::cli
