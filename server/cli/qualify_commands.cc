// The commands of stages: qualifying the leading entrants of a finished
// stage into the next stage or a final, and showing how a competition's
// entrants qualified. This file only reads the words typed and prints the
// answer; the server decides who qualifies and what each carries over.

#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/base/plural.h"
#include "server/cli/cli_common.h"
#include "server/cli/result_text.h"
#include "server/cli/text_table.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"

namespace tally::cli {
namespace {

// --name=4,9 into `out`; false, after saying why, when an entry is not a
// number.
bool EntrantList(const Invocation& inv, const std::string& name,
                 google::protobuf::RepeatedField<int32_t>* out) {
  for (absl::string_view word :
       absl::StrSplit(inv.Get(name), ',', absl::SkipWhitespace())) {
    int entrant = 0;
    if (!ToInt(std::string(word), &entrant)) {
      std::cerr << "tally: --" << name << " takes entrant numbers, e.g. --"
                << name << "=4,9, not '" << word << "'\n";
      return false;
    }
    out->Add(entrant);
  }
  return true;
}

void PrintQualification(const v1::EntrantsQualified& q) {
  std::cout << "from '" << q.from_competition_id() << "' into '"
            << q.competition_id() << "'"
            << (q.clause().empty() ? "" : absl::StrCat(" (", q.clause(), ")"))
            << "\n";
  TextTable t({"No.", "From", "Field", "Place", "Name/Players", "Carry-over",
               "Clause", "Replaces"});
  for (const v1::QualifiedEntrant& e : q.entrants()) {
    t.AddRow({absl::StrCat(e.entrant()), absl::StrCat(e.from_entrant()),
              e.field(), absl::StrCat(e.place()),
              e.name().empty() ? Players(e.players()) : e.name(),
              ExactText(e.carry_over()), e.carry_over_clause(),
              e.replaces() == 0 ? "" : absl::StrCat(e.replaces())});
  }
  std::cout << t.Render();
  if (!q.withdrawn().empty()) {
    std::cout << "passed over (withdrawn or non-contending, ANC SR 19.1): "
              << absl::StrJoin(q.withdrawn(), ", ") << "\n";
  }
}

int Qualify(Client& cl, const Invocation& inv) {
  v1::QualifyEntrantsRequest r;
  *r.mutable_options() = cl.Options();
  r.set_tournament_id(inv.args[0]);
  r.set_competition_id(inv.args[1]);
  if (!inv.Has("from")) {
    std::cerr << "tally: name the stage they qualify from, e.g. "
                 "--from=stage-1\n";
    return kUsage;
  }
  r.set_from_competition_id(inv.Get("from"));
  int per_field = 0;
  if (inv.Has("per-field") && !ToInt(inv.Get("per-field"), &per_field)) {
    std::cerr << "tally: --per-field '" << inv.Get("per-field")
              << "' is not a number\n";
    return kUsage;
  }
  r.set_per_field(per_field);
  if (!EntrantList(inv, "withdrawn", r.mutable_withdrawn()) ||
      !EntrantList(inv, "non-contending", r.mutable_non_contending())) {
    return kUsage;
  }
  r.set_clause(inv.Get("clause"));
  v1::QualifyEntrantsResponse out;
  grpc::Status st = cl.director_->QualifyEntrants(cl.Context().get(), r, &out);
  int code = PrintOutcome(
      cl, inv, st, out, out.outcome(),
      absl::StrCat(
          "qualified ",
          core::Counted(out.qualification().entrants_size(), "entrant")));
  if (code == kOk && !inv.Has("json")) PrintQualification(out.qualification());
  return code;
}

}  // namespace

void AddQualifyCommands(std::vector<Command>& commands) {
  auto add = [&](Command c) { commands.push_back(std::move(c)); };

  // --- Stages ----------------------------------------------------------------
  add({"qualify",
       "TOURNAMENT COMPETITION --from=STAGE [--per-field=N] "
       "[--withdrawn=E,...] [--non-contending=E,...] [--clause=TEXT]",
       "qualify the leading entrants of a finished STAGE into COMPETITION "
       "(created empty): the server ranks each field by the qualification "
       "tie-breaks, takes the top N (default: as the profile says, e.g. ANC "
       "SR 16.5), replaces the withdrawn and non-contending by the next in "
       "the same field (ANC SR 19.1), numbers them in qualifying order and "
       "gives each its carry-over (ANC SR 11.2, 18)",
       2, 2, Qualify});
  add({"qualification", "TOURNAMENT COMPETITION",
       "how a competition's entrants qualified: from where, place, field, "
       "new number, carry-over and whom each replaced",
       2, 2, [](Client& cl, const Invocation& inv) {
         v1::GetQualificationRequest r;
         r.set_tournament_id(inv.args[0]);
         r.set_competition_id(inv.args[1]);
         v1::Qualification out;
         grpc::Status st =
             cl.query_->GetQualification(cl.Context().get(), r, &out);
         return PrintAnswer<v1::Qualification>(
             inv, st, out, [](const v1::Qualification& x) {
               std::cout << x.tournament_id() << " / " << x.competition_id()
                         << ", as of event " << x.as_of_sequence()
                         << (x.carry_over_rule().empty()
                                 ? ""
                                 : absl::StrCat(", carry-over rule ",
                                                x.carry_over_rule()))
                         << "\n";
               PrintQualification(x.qualification());
             });
       }});
}

}  // namespace tally::cli
