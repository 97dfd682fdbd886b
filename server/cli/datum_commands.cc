// `tally datum-substitutes`: NSW TR 13.3's Director's discretion to bring
// substitute scores into a board's datum in place of scores left out
// pending appeal (DatumSubstitutesChosen;
// replay/decide/decide_datum_substitutes.h).

#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "server/cli/appeal_text.h"
#include "server/cli/cli_common.h"

namespace tally::cli {
namespace {

int ChooseSubstitutes(Client& cl, const Invocation& inv) {
  v1::ChooseDatumSubstitutesRequest r;
  *r.mutable_options() = cl.Options();
  int board = 0;
  if (!SessionArgs(inv, &r) || !ToInt(inv.args[3], &board)) return kUsage;
  r.set_board(board);
  const std::string include = inv.Get("include");
  if (include != "yes" && include != "no") {
    std::cerr << "tally datum-substitutes: say --include=yes (bring the "
                 "substitutes in) or --include=no (leave the datum without "
                 "them)\n";
    return kUsage;
  }
  r.set_include_substitutes(include == "yes");
  r.set_director(inv.Get("director"));
  r.set_reason(inv.Get("reason"));
  v1::CommandOutcome out;
  grpc::Status st =
      cl.director_->ChooseDatumSubstitutes(cl.Context().get(), r, &out);
  v1::EventPayload p;
  v1::DatumSubstitutesChosen* e = p.mutable_datum_substitutes_chosen();
  e->set_session(r.session());
  e->set_board(board);
  e->set_include_substitutes(r.include_substitutes());
  e->set_director(r.director());
  e->set_reason(r.reason());
  return PrintOutcome(cl, inv, st, out, out, AppealEventLine(p, cl.Zone()));
}

}  // namespace

void AddDatumCommands(std::vector<Command>& commands) {
  commands.push_back(
      {"datum-substitutes",
       "TOURNAMENT COMPETITION SESSION BOARD --include=yes|no "
       "--director=NAME --reason=TEXT",
       "NSW TR 13.3: where the datum uses only selected scores, a score "
       "pending appeal is left out of it, and \"the Director may in his "
       "absolute discretion include an equivalent number of scores\". "
       "--include=yes brings in as many scores from the next tables down "
       "(in an event of matches SESSION is the round); --include=no leaves "
       "the datum without them. Refused unless a score on the board is "
       "pending appeal and the profile's datum leaves it out. The choice "
       "holds after the appeal is decided: the datum taken while it was "
       "pending stands",
       4, 4, ChooseSubstitutes});
}

}  // namespace tally::cli
