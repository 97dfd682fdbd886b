// The commands of a matchpoint pairs competition over several sessions:
// recording a substitute or an absent pair, a session adjustment, and the
// competition's overall standings (SABF TR 11.3-11.7).

#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/base/rational.h"
#include "server/cli/butler_text.h"
#include "server/cli/cli_common.h"
#include "server/cli/result_text.h"
#include "server/cli/text_table.h"

namespace tally::cli {
namespace {

// SESSION and PAIR (arguments 2 and 3) into `request`.
template <typename Request>
bool SessionPairArgs(const Invocation& inv, Request* request) {
  int session = 0, pair = 0;
  if (!ToInt(inv.args[2], &session) || !ToInt(inv.args[3], &pair)) {
    std::cerr << "tally: session and pair are numbers\n";
    return false;
  }
  request->set_tournament_id(inv.args[0]);
  request->set_competition_id(inv.args[1]);
  request->set_session(session);
  request->set_pair(pair);
  return true;
}

int RecordSubstitute(Client& cl, const Invocation& inv) {
  v1::RecordSubstituteRequest r;
  *r.mutable_options() = cl.Options();
  if (!SessionPairArgs(inv, &r)) return kUsage;
  r.set_replaced_player(inv.args[4]);
  r.set_substitute(inv.args[5]);
  r.set_reason(inv.Has("representative") ? v1::SUBSTITUTE_REASON_REPRESENTATIVE
                                         : v1::SUBSTITUTE_REASON_ORDINARY);
  if (inv.Has("national-playoffs")) {
    r.set_reason(v1::SUBSTITUTE_REASON_NATIONAL_PLAYOFFS);
  }
  v1::CommandOutcome out;
  grpc::Status st =
      cl.director_->RecordSubstitute(cl.Context().get(), r, &out);
  return PrintOutcome(
      cl, inv, st, out, out,
      absl::StrCat(r.substitute(), " substitutes for ", r.replaced_player(),
                   " (pair ", r.pair(), ", session ", r.session(), ")"));
}

int RecordAbsent(Client& cl, const Invocation& inv) {
  v1::RecordPairAbsentRequest r;
  *r.mutable_options() = cl.Options();
  if (!SessionPairArgs(inv, &r)) return kUsage;
  const std::string reason = inv.Get("reason", "none");
  if (reason == "none") {
    r.set_reason(v1::ABSENCE_REASON_NONE);
  } else if (reason == "representative") {
    r.set_reason(v1::ABSENCE_REASON_REPRESENTATIVE);
  } else if (reason == "other-championship") {
    r.set_reason(v1::ABSENCE_REASON_OTHER_NATIONAL_CHAMPIONSHIP);
  } else {
    std::cerr << "tally: --reason is none, representative or "
                 "other-championship\n";
    return kUsage;
  }
  v1::CommandOutcome out;
  grpc::Status st =
      cl.director_->RecordPairAbsent(cl.Context().get(), r, &out);
  return PrintOutcome(cl, inv, st, out, out,
                      absl::StrCat("pair ", r.pair(), " absent from session ",
                                   r.session(), " (", reason, ")"));
}

// --mp=N (matchpoints), --percent=N (of the session top) or --sit-out=
// BOARDS into `r`; false with the reason on stderr.
bool AdjustmentAmount(const Invocation& inv, v1::AdjustSessionRequest& r) {
  const int given = inv.Has("mp") + inv.Has("percent") + inv.Has("sit-out");
  if (given != 1) {
    std::cerr << "tally: give one of --mp, --percent or --sit-out\n";
    return false;
  }
  if (inv.Has("sit-out")) {
    for (absl::string_view word : absl::StrSplit(inv.Get("sit-out"), ',')) {
      int board = 0;
      if (!ToInt(std::string(word), &board)) {
        std::cerr << "tally: --sit-out is a list of boards, e.g. 25,26,27\n";
        return false;
      }
      r.mutable_sit_out()->add_boards(board);
    }
    return true;
  }
  const std::string text = inv.Get(inv.Has("mp") ? "mp" : "percent");
  absl::StatusOr<core::Rational> amount = core::Rational::Parse(text);
  if (!amount.ok()) {
    std::cerr << "tally: '" << text
              << "' is not a number such as 3, -1.5 or 1/3\n";
    return false;
  }
  v1::Fraction* f =
      inv.Has("mp") ? r.mutable_matchpoints() : r.mutable_percent_of_top();
  f->set_numerator(amount->numerator());
  f->set_denominator(amount->denominator());
  return true;
}

int AdjustSession(Client& cl, const Invocation& inv) {
  v1::AdjustSessionRequest r;
  *r.mutable_options() = cl.Options();
  if (!SessionPairArgs(inv, &r) || !AdjustmentAmount(inv, r)) return kUsage;
  r.set_law(inv.Get("law"));
  r.set_text(inv.Get("text"));
  v1::CommandOutcome out;
  grpc::Status st = cl.director_->AdjustSession(cl.Context().get(), r, &out);
  const std::string what =
      r.has_sit_out()
          ? absl::StrCat("a sit-out award on boards ",
                         absl::StrJoin(r.sit_out().boards(), ","))
      : r.has_matchpoints()
          ? absl::StrCat(inv.Get("mp"), " matchpoints")
          : absl::StrCat(inv.Get("percent"), "% of the session top");
  return PrintOutcome(cl, inv, st, out, out,
                      absl::StrCat("adjusted pair ", r.pair(), " in session ",
                                   r.session(), ": ", what, " (", r.law(),
                                   ")"));
}

void PrintCompetitionStandings(const v1::CompetitionStandings& s) {
  if (s.fields_size() > 0) return PrintButlerCompetitionStandings(s);
  std::cout << s.tournament_id() << " / " << s.competition_id()
            << ", sessions " << absl::StrJoin(s.sessions_counted(), ", ")
            << " (" << s.combination() << "), as of event "
            << s.as_of_sequence() << "\n";
  // SABF TR 18.1.2: a final's carry-overs get their own column.
  bool carry = false;
  for (const v1::CompetitionStandingsRow& r : s.rows()) {
    carry |= r.has_carry_over();
  }
  std::vector<std::string> header = {"Rank", "Pair", "Players", "Aggregate"};
  if (carry) header.push_back("Carry-over");
  for (const char* h : {"Sessions", "Eligible", "Decided by"}) {
    header.push_back(h);
  }
  TextTable t(header);
  for (const v1::CompetitionStandingsRow& r : s.rows()) {
    std::vector<std::string> sessions;
    for (const v1::CompetitionSessionFigure& f : r.sessions()) {
      sessions.push_back(absl::StrCat(f.session(), ": ",
                                      DecimalText(f.counted_display()),
                                      f.attendance() == "played"
                                          ? ""
                                          : absl::StrCat(" ", f.attendance())));
    }
    std::vector<std::string> row = {
        r.position() == 0 ? "-"
                          : absl::StrCat(r.position(), r.tied() ? "=" : ""),
        absl::StrCat(r.pair()), Players(r.players()),
        absl::StrCat(
            DecimalText(r.aggregate_display()),
            r.has_percentage_points_deducted()  // SABF TR 11.10
                ? absl::StrCat(" (less ",
                               ExactText(r.percentage_points_deducted()), ")")
                : "")};
    if (carry) {
      row.push_back(r.has_carry_over() ? ExactText(r.carry_over()) : "");
    }
    row.push_back(absl::StrJoin(sessions, "; "));
    row.push_back(r.eligible() ? "yes" : "no");
    row.push_back(r.decided_by().empty()
                      ? ""
                      : absl::StrCat(r.decided_by(), " (",
                                     r.decided_by_clause(), ")"));
    t.AddRow(row);
  }
  std::cout << t.Render();
  for (const v1::CompetitionStandingsRow& r : s.rows()) {
    if (!r.ineligible_reason().empty()) {
      std::cout << "pair " << r.pair() << ": " << r.ineligible_reason()
                << "\n";
    }
  }
}

}  // namespace

void AddPairsEventCommands(std::vector<Command>& commands) {
  auto add = [&](Command c) { commands.push_back(std::move(c)); };
  add({"substitute",
       "TOURNAMENT COMPETITION SESSION PAIR REPLACED_PLAYER SUBSTITUTE "
       "[--representative|--national-playoffs]",
       "record a substitute for one member of a pair in a session (SABF TR "
       "11.4; --representative: the member was representing the state or "
       "country; --national-playoffs: the member is in the National Playoffs "
       "that day, the State Open Pairs final's 55%-or-average, SABF TR "
       "18.1.2)",
       6, 6, RecordSubstitute});
  add({"absent",
       "TOURNAMENT COMPETITION SESSION PAIR "
       "[--reason=none|representative|other-championship]",
       "record a pair absent from a session (SABF TR 11.4-11.5; "
       "other-championship is also the Spring Nationals of the State Open "
       "Pairs qualifying, SABF TR 18.1.1)",
       4, 4,
       RecordAbsent});
  add({"adjust-session",
       "TOURNAMENT COMPETITION SESSION PAIR (--mp=MP | --percent=PERCENT | "
       "--sit-out=BOARDS) --law=TEXT --text=TEXT",
       "adjust a pair's matchpoint total for the session, adding or taking "
       "off (issue #18: club programs' +MP, +% and sit-out awards): "
       "matchpoints on the 2-per-pair-beaten scale, a percentage of the "
       "pair's session top, or on the boards it sat out its own average on "
       "the boards it played; the standings show it with its law and text",
       4, 4, AdjustSession});
  add({"competition-standings",
       "TOURNAMENT COMPETITION [--after-session=N] "
       "[--purpose=qualification|final]",
       "a matchpoint pairs competition's ranking over its posted sessions: "
       "the aggregate, each session's figure, eligibility (SABF TR "
       "11.3-11.7); Butler pairs in a movement: each field's ranking on VPs "
       "or net IMPs of the complete matches of sessions 1..N (default all), "
       "ties broken by the profile's chain (ANC SR 16.4-16.5, 17.3)",
       2, 2, [](Client& cl, const Invocation& inv) {
         v1::GetCompetitionStandingsRequest r;
         r.set_tournament_id(inv.args[0]);
         r.set_competition_id(inv.args[1]);
         if (inv.Has("after-session")) {
           int after = 0;
           if (!ToInt(inv.Get("after-session"), &after) || after < 1) {
             std::cerr << "tally: --after-session is a session number\n";
             return kUsage;
           }
           r.set_after_session(after);
         }
         if (inv.Has("purpose")) {
           const std::string purpose = inv.Get("purpose");
           if (purpose == "qualification") {
             r.set_purpose(v1::TIE_BREAK_PURPOSE_QUALIFICATION);
           } else if (purpose == "final") {
             r.set_purpose(v1::TIE_BREAK_PURPOSE_FINAL_PLACING);
           } else {
             std::cerr << "tally: --purpose is qualification or final\n";
             return kUsage;
           }
         }
         v1::CompetitionStandings out;
         grpc::Status st =
             cl.query_->GetCompetitionStandings(cl.Context().get(), r, &out);
         return PrintAnswer<v1::CompetitionStandings>(
             inv, st, out, PrintCompetitionStandings);
       }});
}

}  // namespace tally::cli
