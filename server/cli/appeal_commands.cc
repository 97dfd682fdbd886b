// `tally appeal SUBCOMMAND ...` (issue #5 item 5): lodge a review or appeal
// inside its window, the respondents' submission and reply, the hearing,
// the decision, a withdrawal, a further appeal; show one appeal or list a
// competition's.

#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/time.h"
#include "replay/state/state.h"
#include "server/cli/appeal_text.h"
#include "server/cli/cli_common.h"
#include "server/cli/result_text.h"
#include "server/cli/text_table.h"

namespace tally::cli {
namespace {

constexpr char kUsageText[] =
    "lodge|submit|reply|hear|decide|withdraw|further|show|list "
    "TOURNAMENT COMPETITION ...\n\n"
    "  lodge T C SESSION TABLE BOARD --kind=review|ruling|scorer\n"
    "        --appellant=N --signed-by=NAME --grounds=TEXT "
    "[--respondents=N,N]\n"
    "        [--ruling=TEXT] [--ruling-sequence=N] [--advised=TIME (a ruling\n"
    "        made after the session)] [--involved=NAME,NAME] "
    "[--room=open|closed]\n"
    "        [--auction=TEXT] [--details=TEXT] [--director-comments=TEXT]\n"
    "        [--director-signature=NAME] [--north=HAND] [--east=HAND]\n"
    "        [--south=HAND] [--west=HAND] (HAND: S.H.D.C, e.g. "
    "AKJ4.Q32.K5.A432)\n"
    "  submit T C APPEAL --text=TEXT --signed-by=NAME   respondents' "
    "submission\n"
    "  reply T C APPEAL --text=TEXT --signed-by=NAME    reply to the "
    "submission\n"
    "  hear T C APPEAL --chair=NAME --members=NAME,NAME  the committee sits\n"
    "        (the chair among the members; none involved in the dispute)\n"
    "  decide T C APPEAL --upheld|--assigned='3S N 9'|--artificial=avg+/avg-\n"
    "        --decision=TEXT [--chair-signature=NAME] [--dissent=TEXT]\n"
    "        [--penalty=deposit|vp:N|tops:N|imps:N [--penalty-clause=TEXT]]\n"
    "        [--dry-run: list what the decision would change; append nothing]\n"
    "        [--exact: with --dry-run, fractions exactly, not to 2 places]\n"
    "  withdraw T C APPEAL --by=NAME [--reason=TEXT]\n"
    "  further T C APPEAL --entrant=N --signed-by=NAME --grounds=TEXT\n"
    "        [--to-body=NAME --clause=TEXT: where the event's appeals\n"
    "         regulations are not held by tally (ANC SR 1.1), the body and\n"
    "         clause of those regulations that give the further appeal]\n"
    "  show T C APPEAL\n"
    "  list T C";

constexpr char kSummary[] =
    "reviews and appeals (ANC SR 6.2, SABF TR 7 and 21.14, NZ LIRG 92A-92B, "
    "NSW TR 2.2): an appeal is lodged only inside the window its "
    "regulations allow (refused after it, naming the clause); then the "
    "respondents' submission, the reply, the hearing (no committee member "
    "involved in the dispute), the decision (upheld, or varied with the "
    "committee's adjusted score; a penalty for an appeal without merit), "
    "a withdrawal before the decision, and a further appeal where the "
    "regulations give one. decide --dry-run lists every figure the "
    "decision would change and appends nothing";

int Usage(const std::string& why) {
  std::cerr << "tally appeal: " << why << "\nusage: tally appeal " << kUsageText
            << "\n";
  return kUsage;
}

std::vector<std::string> List(const std::string& text) {
  return absl::StrSplit(text, ',', absl::SkipWhitespace());
}

bool IntOption(const Invocation& inv, const std::string& name, int* out) {
  if (!inv.Has(name)) return true;
  if (!ToInt(inv.Get(name), out)) {
    std::cerr << "tally appeal: --" << name << " '" << inv.Get(name)
              << "' is not a number\n";
    return false;
  }
  return true;
}

// "AKJ4.Q32.K5.A432": spades, hearts, diamonds, clubs.
bool HandOption(const Invocation& inv, const std::string& seat,
                v1::AppealFormHand* hand) {
  if (!inv.Has(seat)) return true;
  std::vector<std::string> suits = absl::StrSplit(inv.Get(seat), '.');
  if (suits.size() != 4) {
    std::cerr << "tally appeal: --" << seat
              << " is four suits separated by dots, spades first "
                 "(AKJ4.Q32.K5.A432)\n";
    return false;
  }
  hand->set_spades(suits[0]);
  hand->set_hearts(suits[1]);
  hand->set_diamonds(suits[2]);
  hand->set_clubs(suits[3]);
  return true;
}

bool AwardOf(const std::string& word, v1::ArtificialAward* award) {
  if (word == "avg-") *award = v1::ARTIFICIAL_AWARD_AVERAGE_MINUS;
  else if (word == "avg") *award = v1::ARTIFICIAL_AWARD_AVERAGE;
  else if (word == "avg+") *award = v1::ARTIFICIAL_AWARD_AVERAGE_PLUS;
  else return false;
  return true;
}

int Lodge(Client& cl, const Invocation& inv) {
  if (inv.args.size() != 6) return Usage("lodge takes T C SESSION TABLE BOARD");
  v1::LodgeAppealRequest r;
  *r.mutable_options() = cl.Options();
  r.set_tournament_id(inv.args[1]);
  v1::AppealLodged* a = r.mutable_appeal();
  a->set_competition_id(inv.args[2]);
  int session = 0, table = 0, board = 0, appellant = 0, ruling = 0;
  if (!ToInt(inv.args[3], &session) || !ToInt(inv.args[4], &table) ||
      !ToInt(inv.args[5], &board)) {
    return Usage("SESSION, TABLE and BOARD are numbers");
  }
  a->set_session(session);
  a->set_table(table);
  a->set_board(board);
  const std::string kind = inv.Get("kind");
  if (kind == "review") a->set_kind(v1::APPEAL_KIND_RULING_REVIEW);
  else if (kind == "ruling") a->set_kind(v1::APPEAL_KIND_DIRECTOR_RULING);
  else if (kind == "scorer") a->set_kind(v1::APPEAL_KIND_SCORER_DECISION);
  else return Usage("--kind is review, ruling or scorer");
  if (!IntOption(inv, "appellant", &appellant) ||
      !IntOption(inv, "ruling-sequence", &ruling)) {
    return kUsage;
  }
  a->set_appellant(appellant);
  a->set_ruling_sequence(ruling);
  a->set_appellant_signature(inv.Get("signed-by"));
  for (const std::string& word : List(inv.Get("respondents"))) {
    int n = 0;
    if (!ToInt(word, &n)) return Usage("--respondents are entrant numbers");
    a->add_respondents(n);
  }
  a->set_grounds(inv.Get("grounds"));
  a->set_directors_ruling(inv.Get("ruling"));
  for (const std::string& who : List(inv.Get("involved"))) {
    a->add_involved(who);
  }
  if (inv.Has("room")) {
    if (inv.Get("room") == "open") a->set_room(v1::ROOM_OPEN);
    else if (inv.Get("room") == "closed") a->set_room(v1::ROOM_CLOSED);
    else return Usage("--room is open or closed");
  }
  if (inv.Has("advised")) {
    if (!TimeArg(cl, inv.Get("advised"), "--advised",
                 a->mutable_ruling_advised_at())) {
      return kUsage;
    }
    a->set_ruling_made_after_session(true);
  }
  v1::AppealForm* form = a->mutable_form();
  if (!HandOption(inv, "north", form->mutable_north()) ||
      !HandOption(inv, "east", form->mutable_east()) ||
      !HandOption(inv, "south", form->mutable_south()) ||
      !HandOption(inv, "west", form->mutable_west())) {
    return kUsage;
  }
  form->set_auction(inv.Get("auction"));
  form->set_additional_details(inv.Get("details"));
  form->set_directors_comments(inv.Get("director-comments"));
  form->set_director_signature(inv.Get("director-signature"));
  v1::CommandOutcome out;
  grpc::Status st = cl.director_->LodgeAppeal(cl.Context().get(), r, &out);
  std::string what = absl::StrCat("lodged: board ", board, " of ",
                                  session, ", table ", table);
  if (st.ok()) {
    // The number and window the server gave it.
    v1::ListAppealsRequest l;
    l.set_tournament_id(r.tournament_id());
    l.set_competition_id(a->competition_id());
    v1::ListAppealsResponse list;
    if (cl.query_->ListAppeals(cl.Context().get(), l, &list).ok()) {
      for (const v1::AppealView& v : list.appeals()) {
        if (!v.sequences().empty() && v.sequences(0) == out.sequence()) {
          what = AppealEventLine(
              [&] {
                v1::EventPayload p;
                *p.mutable_appeal_lodged() = v.lodged();
                return p;
              }(),
              cl.Zone());
        }
      }
    }
  }
  return PrintOutcome(cl, inv, st, out, out, what);
}

int Decide(Client& cl, const Invocation& inv, int appeal) {
  v1::DecideAppealRequest r;
  *r.mutable_options() = cl.Options();
  r.set_tournament_id(inv.args[1]);
  v1::AppealDecided* d = r.mutable_decided();
  d->set_competition_id(inv.args[2]);
  d->set_appeal(appeal);
  const int ways = inv.Has("upheld") + inv.Has("assigned") +
                   inv.Has("artificial");
  if (ways != 1) {
    return Usage("say one of --upheld, --assigned=RESULT, --artificial=NS/EW");
  }
  if (inv.Has("upheld")) {
    d->set_outcome(v1::APPEAL_OUTCOME_UPHELD);
  } else if (inv.Has("assigned")) {
    d->set_outcome(v1::APPEAL_OUTCOME_VARIED);
    absl::StatusOr<v1::TableResult> result = ParseResult(
        absl::StrSplit(inv.Get("assigned"), ' ', absl::SkipWhitespace()));
    if (!result.ok()) return Usage(std::string(result.status().message()));
    *d->mutable_adjusted_score()->mutable_assigned() = *result;
  } else {
    d->set_outcome(v1::APPEAL_OUTCOME_VARIED);
    std::vector<std::string> sides = absl::StrSplit(inv.Get("artificial"), '/');
    v1::ArtificialAward ns, ew;
    if (sides.size() != 2 || !AwardOf(sides[0], &ns) ||
        !AwardOf(sides[1], &ew)) {
      return Usage("--artificial is NS/EW, each avg-, avg or avg+");
    }
    d->mutable_adjusted_score()->mutable_artificial()->set_ns(ns);
    d->mutable_adjusted_score()->mutable_artificial()->set_ew(ew);
  }
  d->set_decision(inv.Get("decision"));
  d->set_chair_signature(inv.Get("chair-signature"));
  if (inv.Has("dissent")) d->add_dissenting(inv.Get("dissent"));
  if (inv.Has("penalty")) {
    v1::MeritPenalty* p = d->mutable_penalty();
    const std::string text = inv.Get("penalty");
    if (text == "deposit") {
      p->set_kind(v1::MERIT_PENALTY_KIND_DEPOSIT_FORFEITED);
    } else {
      std::vector<std::string> parts = absl::StrSplit(text, ':');
      if (parts.size() != 2) return Usage("--penalty is deposit, vp:N, tops:N or imps:N");
      if (parts[0] == "vp") p->set_kind(v1::MERIT_PENALTY_KIND_VICTORY_POINTS);
      else if (parts[0] == "tops") p->set_kind(v1::MERIT_PENALTY_KIND_MATCHPOINT_TOPS);
      else if (parts[0] == "imps") p->set_kind(v1::MERIT_PENALTY_KIND_IMPS);
      else return Usage("--penalty is deposit, vp:N, tops:N or imps:N");
      absl::StatusOr<v1::DecimalValue> amount = ParseDecimal(parts[1], 6);
      if (!amount.ok()) return Usage(std::string(amount.status().message()));
      int64_t den = 1;
      for (int i = 0; i < amount->places(); ++i) den *= 10;
      p->mutable_amount()->set_numerator(amount->units());
      p->mutable_amount()->set_denominator(den);
    }
    p->set_clause(inv.Get("penalty-clause"));
  }
  if (inv.Has("dry-run")) {
    // What the committee's decision would move, before it is made.
    v1::FigureChanges changes;
    grpc::Status st =
        cl.audit_->WhatIfDecideAppeal(cl.Context().get(), r, &changes);
    return PrintFigureChanges(cl, inv, st, changes);
  }
  v1::CommandOutcome out;
  grpc::Status st = cl.director_->DecideAppeal(cl.Context().get(), r, &out);
  v1::EventPayload p;
  *p.mutable_appeal_decided() = *d;
  return PrintOutcome(cl, inv, st, out, out, AppealEventLine(p, cl.Zone()));
}

void PrintAppeal(const v1::AppealView& v, absl::TimeZone zone) {
  const v1::AppealLodged& a = v.lodged();
  std::cout << "appeal " << v.appeal() << " of '" << a.competition_id()
            << "': " << v.stage() << "\n";
  std::cout << "  lodged " << ReceivedText(v.lodged_at(), zone) << " (event "
            << v.sequences(0) << ")\n";
  std::cout << "  board " << a.board() << ", table " << a.table()
            << ", session " << a.session() << "; appellant " << a.appellant()
            << " (" << a.appellant_signature() << ")";
  if (!a.respondents().empty()) {
    std::cout << "; respondents " << absl::StrJoin(a.respondents(), ", ");
  }
  std::cout << "\n  window: " << a.window_clause();
  if (a.has_window_closes_at()) {
    std::cout << ", closes " << TimeText(a.window_closes_at(), zone);
  }
  std::cout << "\n";
  if (!a.directors_ruling().empty()) {
    std::cout << "  director's ruling: " << a.directors_ruling() << "\n";
  }
  std::cout << "  grounds: " << a.grounds() << "\n";
  if (!a.form().auction().empty()) {
    std::cout << "  auction: " << a.form().auction() << "\n";
  }
  auto line = [zone](auto setter) {
    v1::EventPayload p;
    setter(p);
    std::cout << "  " << AppealEventLine(p, zone) << "\n";
  };
  if (v.has_submission()) {
    line([&](v1::EventPayload& p) { *p.mutable_appeal_submission() = v.submission(); });
  }
  if (v.has_reply()) {
    line([&](v1::EventPayload& p) { *p.mutable_appeal_reply() = v.reply(); });
  }
  if (v.has_heard()) {
    line([&](v1::EventPayload& p) { *p.mutable_appeal_heard() = v.heard(); });
  }
  if (v.has_decided()) {
    std::cout << "  decided: "
              << (v.decided().outcome() == v1::APPEAL_OUTCOME_VARIED
                      ? "varied, " + AdjustedScoreText(
                                         v.decided().adjusted_score(),
                                         a.board())
                      : std::string("the ruling appealed stands (upheld)"))
              << "; " << v.decided().decision() << "\n";
    if (v.decided().has_penalty()) {
      line([&](v1::EventPayload& p) { *p.mutable_appeal_decided() = v.decided(); });
    }
  }
  if (v.has_withdrawn()) {
    line([&](v1::EventPayload& p) { *p.mutable_appeal_withdrawn() = v.withdrawn(); });
  }
  if (v.has_further()) {
    line([&](v1::EventPayload& p) { *p.mutable_further_appeal_lodged() = v.further(); });
  }
}

int Run(Client& cl, const Invocation& inv) {
  const std::string& sub = inv.args[0];
  if (sub == "lodge") return Lodge(cl, inv);
  if (sub == "list") {
    if (inv.args.size() != 3) return Usage("list takes T C");
    v1::ListAppealsRequest r;
    r.set_tournament_id(inv.args[1]);
    r.set_competition_id(inv.args[2]);
    v1::ListAppealsResponse out;
    grpc::Status st = cl.query_->ListAppeals(cl.Context().get(), r, &out);
    return PrintAnswer<v1::ListAppealsResponse>(
        inv, st, out, [&cl](const v1::ListAppealsResponse& l) {
          TextTable t({"Appeal", "Stage", "Session", "Table", "Board",
                       "Appellant", "Window", "Lodged"});
          for (const v1::AppealView& v : l.appeals()) {
            t.AddRow({absl::StrCat(v.appeal()), v.stage(),
                      absl::StrCat(v.lodged().session()),
                      absl::StrCat(v.lodged().table()),
                      absl::StrCat(v.lodged().board()),
                      absl::StrCat(v.lodged().appellant()),
                      v.lodged().window_clause(),
                      ReceivedText(v.lodged_at(), cl.Zone())});
          }
          std::cout << t.Render();
        });
  }
  if (inv.args.size() != 4) return Usage(sub + " takes T C APPEAL");
  int appeal = 0;
  if (!ToInt(inv.args[3], &appeal)) return Usage("APPEAL is a number");
  const std::string& t = inv.args[1];
  const std::string& c = inv.args[2];
  v1::CommandOutcome out;
  v1::EventPayload p;
  grpc::Status st;
  if (sub == "show") {
    v1::GetAppealRequest r;
    r.set_tournament_id(t);
    r.set_competition_id(c);
    r.set_appeal(appeal);
    v1::AppealView v;
    st = cl.query_->GetAppeal(cl.Context().get(), r, &v);
    return PrintAnswer<v1::AppealView>(
        inv, st, v,
        [&cl](const v1::AppealView& a) { PrintAppeal(a, cl.Zone()); });
  } else if (sub == "submit") {
    v1::SubmitAppealResponseRequest r;
    *r.mutable_options() = cl.Options();
    r.set_tournament_id(t);
    v1::AppealSubmission* s = r.mutable_submission();
    s->set_competition_id(c);
    s->set_appeal(appeal);
    s->set_submission(inv.Get("text"));
    s->set_signed_by(inv.Get("signed-by"));
    *p.mutable_appeal_submission() = *s;
    st = cl.director_->SubmitAppealResponse(cl.Context().get(), r, &out);
  } else if (sub == "reply") {
    v1::ReplyToAppealRequest r;
    *r.mutable_options() = cl.Options();
    r.set_tournament_id(t);
    v1::AppealReply* s = r.mutable_reply();
    s->set_competition_id(c);
    s->set_appeal(appeal);
    s->set_reply(inv.Get("text"));
    s->set_signed_by(inv.Get("signed-by"));
    *p.mutable_appeal_reply() = *s;
    st = cl.director_->ReplyToAppeal(cl.Context().get(), r, &out);
  } else if (sub == "hear") {
    v1::HearAppealRequest r;
    *r.mutable_options() = cl.Options();
    r.set_tournament_id(t);
    v1::AppealHeard* h = r.mutable_heard();
    h->set_competition_id(c);
    h->set_appeal(appeal);
    h->set_chair(inv.Get("chair"));
    for (const std::string& m : List(inv.Get("members"))) h->add_members(m);
    *p.mutable_appeal_heard() = *h;
    st = cl.director_->HearAppeal(cl.Context().get(), r, &out);
  } else if (sub == "decide") {
    return Decide(cl, inv, appeal);
  } else if (sub == "withdraw") {
    v1::WithdrawAppealRequest r;
    *r.mutable_options() = cl.Options();
    r.set_tournament_id(t);
    v1::AppealWithdrawn* w = r.mutable_withdrawn();
    w->set_competition_id(c);
    w->set_appeal(appeal);
    w->set_by(inv.Get("by"));
    w->set_reason(inv.Get("reason"));
    *p.mutable_appeal_withdrawn() = *w;
    st = cl.director_->WithdrawAppeal(cl.Context().get(), r, &out);
  } else if (sub == "further") {
    v1::LodgeFurtherAppealRequest r;
    *r.mutable_options() = cl.Options();
    r.set_tournament_id(t);
    v1::FurtherAppealLodged* f = r.mutable_further();
    f->set_competition_id(c);
    f->set_appeal(appeal);
    int entrant = 0;
    if (!IntOption(inv, "entrant", &entrant)) return kUsage;
    f->set_entrant(entrant);
    f->set_signed_by(inv.Get("signed-by"));
    f->set_grounds(inv.Get("grounds"));
    f->set_to_body(inv.Get("to-body"));
    f->set_clause(inv.Get("clause"));
    *p.mutable_further_appeal_lodged() = *f;
    st = cl.director_->LodgeFurtherAppeal(cl.Context().get(), r, &out);
  } else {
    return Usage("unknown subcommand '" + sub + "'");
  }
  return PrintOutcome(cl, inv, st, out, out, AppealEventLine(p, cl.Zone()));
}

}  // namespace

void AddAppealCommands(std::vector<Command>& commands) {
  commands.push_back({"appeal", kUsageText, kSummary, 3, 6, Run});
}

}  // namespace tally::cli
