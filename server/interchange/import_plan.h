// The import plan: a SessionFile turned into the ordinary commands tally
// already has (CreateTournament, CreateCompetition, RegisterPair,
// DefineSession with the movement the travellers show, StartSession,
// EnterResult for every traveller line, RecordRuling for a line's adjusted
// score (USEBIO "Annnn": Law 12C2 with each side's percentage, the board
// ruled not played where the line has no contract), PostScores), each
// carrying the
// provenance of the fact it enters, so every imported fact goes through the
// same decide step and validation as one entered by hand. Pure. Thread-safe.

#ifndef TALLY_SERVER_INTERCHANGE_IMPORT_PLAN_H_
#define TALLY_SERVER_INTERCHANGE_IMPORT_PLAN_H_

#include <string>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "server/interchange/session_file.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/venue.pb.h"

namespace tally::interchange {

// Where the file goes and what it is.
struct ImportTarget {
  std::string tournament_id;
  std::string competition_id = "pairs";
  // A matchpoint pairs profile, or for an IMP-scored file a Butler pairs
  // one (club_butler_pairs, cross_imp_pairs).
  std::string regulation_profile;
  int session = 1;
  std::string format;     // "usebio-1.2" or "pbn-2.1"
  std::string file_name;  // as given to `tally import`
  std::string file_sha256;
  // Create the tournament (else it must exist already).
  bool create_tournament = true;
};

using ImportRequest =
    std::variant<v1::CreateTournamentRequest, v1::CreateCompetitionRequest,
                 v1::RegisterPairRequest, v1::DefineSessionRequest,
                 v1::StartSessionRequest, v1::EnterResultRequest,
                 v1::RecordRulingRequest, v1::PostScoresRequest,
                 // A teams event (teams_import_plan.h).
                 v1::RegisterTeamRequest, v1::MakeDrawRequest>;

struct ImportStep {
  int line = 0;      // the file's line of the fact
  std::string what;  // e.g. "board 3, pair 1 v 8"
  ImportRequest request;
};

// A command of step `step` stamped for the import: the target's
// provenance with the fact's `line`, and an idempotency key of the file's
// hash, the tournament and the step (the same file imported again gives the
// same keys, so it appends nothing).
template <typename Request>
Request StampedRequest(const ImportTarget& target, int step, int line) {
  Request r;
  v1::CommandOptions* o = r.mutable_options();
  o->set_idempotency_key(absl::StrCat("import-",
                                      target.file_sha256.substr(0, 16), "-",
                                      target.tournament_id, "-", step));
  v1::Provenance* p = o->mutable_provenance();
  p->set_format(target.format);
  p->set_file_name(target.file_name);
  p->set_file_sha256(target.file_sha256);
  p->set_line(line);
  r.set_tournament_id(target.tournament_id);
  return r;
}

// The name an imported event takes: the file's `event_name`, else the
// file's name; and, when the import creates the tournament, the first step
// (step 1) creating it under that name, from the file's `line`.
std::string ImportedEventName(const ImportTarget& target,
                              const std::string& event_name);
void AddTournamentStep(const ImportTarget& target, const std::string& name,
                       int line, int& step, std::vector<ImportStep>& steps);

// An IMP file's adjusted-score percentage as the artificial award it stands
// for (Law 12C2): 60 average plus, 50 average, else (40) average minus.
v1::ArtificialAward ArtificialAwardOf(int percent);
// The other way: average plus 60, average 50, average minus 40.
int PercentOfArtificialAward(v1::ArtificialAward award);

// The commands, in order. Each carries the target's provenance with its own
// line, and an idempotency key made of the file's hash, the tournament and
// the step, so importing the same file again appends nothing. Refuses
// (INVALID_ARGUMENT, "NAME line N: ...") a file whose travellers name a pair
// that is not a participant, play a board twice between the same pairs, or
// seat a pair twice in one round of any movement tally could derive.
absl::StatusOr<std::vector<ImportStep>> PlanImport(const SessionFile& file,
                                                   const ImportTarget& target);

// The movement the travellers show: every meeting of two pairs with the
// boards they played, placed in the first round where neither pair nor any
// of those boards is already in play. A session where no pair sits both NS
// and EW keeps each NS pair at one table (a Mitchell); otherwise each
// meeting takes the lowest table free in its round at which none of its
// boards was played before (duplicated boards are played at several
// tables, but a table plays a board once).
v1::Movement DeriveMovement(const SessionFile& file);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_IMPORT_PLAN_H_
