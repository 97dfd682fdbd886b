// `tally offence` and `tally offences`: the offence register (NSW TR 6;
// ANC SR appendix "Penalties"; SABF TR 11.2, 13.14).

#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "core/base/decimal.h"
#include "server/cli/cli_common.h"
#include "server/cli/text_table.h"

namespace tally::cli {
namespace {

std::string VpsText(const v1::DecimalValue& vps) {
  return core::Decimal(vps.units(), vps.places()).ToString();
}

// --NAME as a number (0 when absent); false after saying why.
bool IntOption(const Invocation& inv, const std::string& name, int* out) {
  *out = 0;
  if (!inv.Has(name)) return true;
  if (ToInt(inv.Get(name), out)) return true;
  std::cerr << "tally: --" << name << " '" << inv.Get(name)
            << "' is not a number\n";
  return false;
}

int RecordOffence(Client& cl, const Invocation& inv) {
  v1::RecordOffenceRequest r;
  *r.mutable_options() = cl.Options();
  r.set_tournament_id(inv.args[0]);
  r.set_competition_id(inv.args[1]);
  int entrant = 0, round = 0, boards = 0;
  if (!ToInt(inv.args[2], &entrant)) {
    std::cerr << "tally: entrant '" << inv.args[2] << "' is not a number\n";
    return kUsage;
  }
  if (!IntOption(inv, "round", &round) || !IntOption(inv, "boards", &boards)) {
    return kUsage;
  }
  r.set_entrant(entrant);
  r.set_offence(inv.args[3]);
  r.set_round(round);
  r.set_boards(boards);
  r.set_player(inv.Get("player"));
  // The day is the director's: today in the tournament's time zone unless
  // given.
  r.set_day(inv.Get(
      "day", absl::FormatCivilTime(absl::ToCivilDay(absl::Now(), cl.Zone()))));
  r.set_reason(inv.Get("reason"));
  v1::CommandOutcome out;
  grpc::Status st = cl.director_->RecordOffence(cl.Context().get(), r, &out);
  if (!st.ok() || inv.Has("json")) {
    return PrintOutcome(cl, inv, st, out, out, "");
  }
  // What the server decided: the register's entry for this event.
  v1::GetOffenceRegisterRequest q;
  q.set_tournament_id(r.tournament_id());
  q.set_competition_id(r.competition_id());
  v1::OffenceRegister reg;
  st = cl.query_->GetOffenceRegister(cl.Context().get(), q, &reg);
  if (!st.ok()) return Refused(st);
  for (const v1::OffenceRegisterEntry& e : reg.entries()) {
    if (e.sequence() != out.sequence()) continue;
    const v1::OffenceRecorded& o = e.offence();
    std::cout << "recorded at sequence " << e.sequence() << ": " << o.offender()
              << ", offence " << o.occurrence() << " of '" << o.offence()
              << "' (" << o.clause() << "): " << o.penalty();
    if (!o.deducted().empty()) {
      std::cout << "; deducted: " << o.deducted();
    } else if (o.has_vps()) {
      std::cout << "; " << VpsText(o.vps()) << " VPs deducted from entrant "
                << o.entrant();
    }
    std::cout << "\n";
  }
  return kOk;
}

void PrintRegister(const v1::OffenceRegister& reg) {
  TextTable table({"Seq", "Day", "Competition", "Offender", "Offence", "No.",
                   "Penalty", "VPs"});
  for (const v1::OffenceRegisterEntry& e : reg.entries()) {
    const v1::OffenceRecorded& o = e.offence();
    table.AddRow({absl::StrCat(e.sequence()), o.day(),
                  absl::StrCat(e.tournament_id(), "/", o.competition_id()),
                  o.offender(), o.offence(), absl::StrCat(o.occurrence()),
                  o.penalty(), o.has_vps() ? VpsText(o.vps()) : ""});
  }
  if (reg.entries().empty()) {
    std::cout << "no offences recorded\n";
  } else {
    std::cout << table.Render();
  }
  if (!reg.scale().empty()) {
    std::cout << "\nPenalty scale: " << reg.scale() << "\n";
    for (const std::string& line : reg.scale_offences()) {
      std::cout << "  " << line << "\n";
    }
  }
}

int ShowRegister(Client& cl, const Invocation& inv) {
  v1::GetOffenceRegisterRequest r;
  if (inv.args.size() > 0) r.set_tournament_id(inv.args[0]);
  if (inv.args.size() > 1) r.set_competition_id(inv.args[1]);
  r.set_offender(inv.Get("offender"));
  v1::OffenceRegister out;
  grpc::Status st = cl.query_->GetOffenceRegister(cl.Context().get(), r, &out);
  return PrintAnswer<v1::OffenceRegister>(inv, st, out, PrintRegister);
}

}  // namespace

void AddOffenceCommands(std::vector<Command>& commands) {
  commands.push_back(
      {"offence",
       "TOURNAMENT COMPETITION ENTRANT OFFENCE --reason=TEXT "
       "[--day=YYYY-MM-DD] "
       "[--round=N] [--player=NAME] [--boards=N]",
       "record an offence in the offence register; the server counts the "
       "offender's earlier offences (across events, reset after the scale's "
       "period) and applies the profile's penalty for this occurrence (NSW "
       "TR 6; ANC SR appendix; SABF TR 11.2, 13.14). OFFENCE is a key of the "
       "profile's penalty scale (`tally offences TOURNAMENT COMPETITION` "
       "lists them); --day defaults to today; --player for offences counted "
       "per player (NSW TR 6.9.4); --boards for penalties per board",
       4, 4, RecordOffence});
  commands.push_back(
      {"offences", "[TOURNAMENT [COMPETITION]] [--offender=NAME]",
       "the offence register: every offence with its occurrence and penalty "
       "(all tournaments when none is named: offences carry over between "
       "events, NSW TR 6.7); with a competition, also its penalty scale's "
       "offence keys. --offender='pair A & B', 'team NAME' or 'player NAME'",
       0, 2, ShowRegister});
}

}  // namespace tally::cli
