// `tally rule`: the director's ruling at one table on one board (an
// adjusted score or a penalty) or on a whole board (a fouled-board
// treatment), with the Law or clause cited and the ruling's text (issue #5,
// item 4). Forms: server/cli/ruling_text.h.

#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "server/cli/cli_common.h"
#include "server/cli/ruling_text.h"
#include "server/cli/side_awards_text.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"

namespace tally::cli {
namespace {

bool Fail(const absl::Status& status) {
  std::cerr << "tally: " << status.message() << "\n";
  return false;
}

// Fills the request's effect from the one form option given.
bool EffectOption(const Invocation& inv, v1::RecordRulingRequest* r) {
  int forms = 0;
  for (const char* name : {"artificial", "per-side", "assigned", "weighted",
                           "split", "penalty", "fouled", "wrong-side"}) {
    forms += inv.Has(name) ? 1 : 0;
  }
  if (forms != 1) {
    std::cerr << "tally: give exactly one of --artificial, --per-side, "
                 "--assigned, --weighted, --split, --penalty, --fouled and "
                 "--wrong-side\n";
    return false;
  }
  if (inv.Has("artificial")) {
    auto a = ParseArtificial(inv.Get("artificial"));
    if (!a.ok()) return Fail(a.status());
    *r->mutable_adjusted()->mutable_artificial() = *a;
  } else if (inv.Has("per-side")) {
    auto a = ParseSideAwards(inv.Get("per-side"));
    if (!a.ok()) return Fail(a.status());
    *r->mutable_adjusted()->mutable_per_side() = *a;
  } else if (inv.Has("assigned")) {
    auto a = ParseWeighted(absl::StrCat("1:", inv.Get("assigned")));
    if (!a.ok()) return Fail(a.status());
    *r->mutable_adjusted()->mutable_assigned() = a->outcomes(0).result();
  } else if (inv.Has("weighted")) {
    auto w = ParseWeighted(inv.Get("weighted"));
    if (!w.ok()) return Fail(w.status());
    *r->mutable_adjusted()->mutable_weighted() = *w;
  } else if (inv.Has("split")) {
    auto s = ParseSplit(inv.Get("split"));
    if (!s.ok()) return Fail(s.status());
    *r->mutable_adjusted()->mutable_split() = *s;
  } else if (inv.Has("penalty")) {
    auto p = ParsePenalty(inv.Get("penalty"));
    if (!p.ok()) return Fail(p.status());
    const std::string kind = absl::AsciiStrToLower(inv.Get("kind", "procedural"));
    if (kind == "procedural") {
      p->set_kind(v1::PENALTY_KIND_PROCEDURAL);
    } else if (kind == "disciplinary") {
      p->set_kind(v1::PENALTY_KIND_DISCIPLINARY);
    } else {
      std::cerr << "tally: --kind is procedural or disciplinary\n";
      return false;
    }
    *r->mutable_penalty() = *p;
  } else if (inv.Has("wrong-side")) {
    // NSW TR 12.6(b): the table's own line, fouled with average to both.
    r->mutable_fouled()->set_treatment("nsw_tr_12_6b_wrong_side");
  } else {
    auto f = ParseFouled(inv.Get("fouled"));
    if (!f.ok()) return Fail(f.status());
    *r->mutable_fouled() = *f;
  }
  return true;
}

// Fills the request's options, session, table, board, law, text and
// --supersedes from the arguments; false (after saying why) on a bad one.
bool RulingArgs(Client& cl, const Invocation& inv, v1::RecordRulingRequest* r) {
  *r->mutable_options() = cl.Options();
  int table = 0, board = 0;
  if (!SessionArgs(inv, r) || !ToInt(inv.args[3], &table) ||
      !ToInt(inv.args[4], &board)) {
    std::cerr << "tally: session, table and board are numbers\n";
    return false;
  }
  r->set_table(table);
  r->set_board(board);
  r->set_law(inv.Get("law"));
  r->set_text(inv.Get("text"));
  if (inv.Has("supersedes")) {
    uint64_t seq = 0;
    if (!absl::SimpleAtoi(inv.Get("supersedes"), &seq)) {
      std::cerr << "tally: --supersedes is an event sequence number\n";
      return false;
    }
    r->set_supersedes_sequence(seq);
  }
  return true;
}

// Records `r`, or with --dry-run lists what it would change.
int SendRuling(Client& cl, const Invocation& inv,
               const v1::RecordRulingRequest& r) {
  if (inv.Has("dry-run")) {
    v1::FigureChanges changes;
    grpc::Status st =
        cl.audit_->WhatIfRecordRuling(cl.Context().get(), r, &changes);
    return PrintFigureChanges(cl, inv, st, changes);
  }
  v1::CommandOutcome out;
  grpc::Status st = cl.director_->RecordRuling(cl.Context().get(), r, &out);
  return PrintOutcome(
      cl, inv, st, out, out,
      absl::StrCat("ruling on board ", r.board(),
                   r.table() == 0 ? std::string()
                                  : absl::StrCat(" at table ", r.table()),
                   " recorded"));
}

}  // namespace

void AddRulingCommands(std::vector<Command>& commands) {
  commands.push_back(
      {"fouled-match",
       "TOURNAMENT COMPETITION ROUND TABLE BOARD --treatment=play_proceeds|"
       "adjusted|redealt|redealt_both_at_fault --text=TEXT [--offending=TEAM] "
       "[--cards-exchanged] [--imps=N] [--law=LAW] [--supersedes=SEQ] "
       "[--dry-run [--exact]]",
       "rule a fouled board of the teams match at TABLE (both rooms) under "
       "the Fouled-board guide (Match Play), for profiles whose fouled-board "
       "rule is guide_match_play (SABF and NSW teams): play_proceeds, the "
       "board corrected and played on, the team responsible (--offending) "
       "fined 3 IMPs, 6 with --cards-exchanged between partners; adjusted, "
       "(a): --imps=N, more than 3, to the non-offending team on the board "
       "in place of both rooms' results, no fine; redealt, (b): the board's "
       "results at both tables are superseded (they stay in the log and the "
       "board's history) and the redealt board's are entered as any result, "
       "the offending team fined 3 IMPs; redealt_both_at_fault, (c): "
       "redealt, no fine, no team named. A fine comes off the match's IMPs "
       "before they are converted to VPs. --law defaults to the guide. "
       "--supersedes corrects an earlier guide ruling on the match (NZ LIRG "
       "82C); a redealt board stays redealt. --dry-run appends nothing: it "
       "lists every figure the ruling would change.",
       5, 5, [](Client& cl, const Invocation& inv) {
         v1::RecordRulingRequest r;
         if (!RulingArgs(cl, inv, &r)) return kUsage;
         if (r.law().empty()) r.set_law("Fouled-board guide (Match Play)");
         v1::FouledBoardRuling* f = r.mutable_fouled();
         f->set_treatment(inv.Get("treatment"));
         f->set_cards_exchanged(inv.Has("cards-exchanged"));
         int team = 0, imps = 0;
         if ((inv.Has("offending") && !ToInt(inv.Get("offending"), &team)) ||
             (inv.Has("imps") && !ToInt(inv.Get("imps"), &imps))) {
           std::cerr << "tally: --offending is a team number, --imps a "
                        "number of IMPs\n";
           return kUsage;
         }
         f->set_offending_team(team);
         f->set_adjusted_imps(imps);
         return SendRuling(cl, inv, r);
       }});
  commands.push_back(
      {"rule",
       "TOURNAMENT COMPETITION SESSION TABLE BOARD --law=LAW --text=TEXT "
       "(--artificial=ns:avg+,ew:avg- | --per-side=ns:60%,ew:NS+630 | "
       "--assigned=\"4SX N -2\" | "
       "--weighted=\"30%:6S N =;70%:4S N +2\" | "
       "--split=\"ns:4S N +2;ew:6S N =\" | --penalty=ns:2mp [--kind="
       "procedural|disciplinary] | --fouled=TREATMENT:TABLE,TABLE | "
       "--wrong-side) "
       "[--not-played] [--non-offending=ns|ew] [--supersedes=SEQ] "
       "[--room=open|closed] [--dry-run [--exact]]",
       "record a director's ruling with the Law cited and its text: an "
       "artificial (Law 12C2), assigned, weighted (12C1(c)) or split (12C1(b)) "
       "adjusted score replacing the table's result (--per-side: Law 12C2 "
       "on each side's own terms in a matchpoint pairs session, a percentage "
       "of the top such as 0% or 70%, or for one side a score naming its "
       "side, NS+630 or EW-630, matchpointed against the other tables, the "
       "table leaving the field as an artificial one); a procedural (Law "
       "90) or disciplinary (Law 91) penalty off one side's total in the "
       "event's unit (mp, imp; vp in events of matches, recorded as a penalty); or, "
       "with TABLE 0, the treatment of a fouled board among those the "
       "profile's regulation allows, and the board is then scored as the "
       "treatment's clause says, the traveller marking the fouled tables "
       "(ANC SR 7.2: separate_datums, each form against its own datum, or "
       "two_imps to both sides at the fouled tables; NSW TR 7.3.2: "
       "separate_deal, each form matchpointed on its own plus 1 per score in "
       "the other, or sixty_percent when too few tables played the fouled "
       "form; SABF TR 11.9: sixty_percent, or the pair's session average if "
       "greater; NSW TR 7.1.1: separate_datum or two_imps; SABF TR 12.3: "
       "separate_datums, two_imps or no_consequence). In Swiss and round-"
       "robin pairs against a datum the field is the round's tables and "
       "each match's IMPs and VPs follow; teams rule with an adjusted score "
       "(ANC SR 7.1's 3 IMPs: --artificial=ns:avg+,ew:avg+), and so does the "
       "IPC (ANC SR 7.4's 60% to both: --artificial=ns:avg+,ew:avg+). "
       "--not-played: the board could not be played at TABLE (e.g. boards "
       "cancelled for slow play, SABF TR 13.15), so no result is entered "
       "there and the artificial score given stands in for one (Law "
       "12C2(a)); the table's result then reads 'not played'. --wrong-side (NSW profiles; "
       "sessions of a movement and Swiss pairs against a datum): "
       "the score at TABLE is apparently on the wrong side, so the board is "
       "fouled for that round with average to both sides (NSW TR 12.6(b); "
       "--law defaults to the clause). Events of matches: teams IMP an "
       "artificial (the profile's IMPs, e.g. +-2 under 11 boards, NZ LIRG "
       "86A), weighted or split room against the other room (--room); Swiss "
       "pairs leave artificial and weighted tables out of the datum; an imp "
       "penalty comes off the side's match IMPs before the VPs; in a "
       "knock-out each team has its own IMPs on a split or unequal "
       "artificial board and an imp penalty comes off its match total; "
       "matchpoint Swiss matchpoints every form in the round's field "
       "(artificial at the profile's percentage, ANC SR appendix for several "
       "boards) and an mp penalty comes off the pair's match before the VPs. "
       "--supersedes names the ruling it corrects (NZ LIRG "
       "82C). Refused after the correction period (Law 79C2) and once results "
       "are official (NSW TR 12.4). In an event of matches SESSION is the "
       "round. --dry-run appends nothing: it lists every result, datum, "
       "board score, match, VP, total and position the ruling would change "
       "if recorded now, or the refusal the ruling would meet.",
       5, 5, [](Client& cl, const Invocation& inv) {
         v1::RecordRulingRequest r;
         if (!RulingArgs(cl, inv, &r)) return kUsage;
         const std::string room = absl::AsciiStrToLower(inv.Get("room"));
         if (room == "open") {
           r.set_room(v1::ROOM_OPEN);
         } else if (room == "closed") {
           r.set_room(v1::ROOM_CLOSED);
         } else if (!room.empty()) {
           std::cerr << "tally: --room is open or closed\n";
           return kUsage;
         }
         if (inv.Has("non-offending")) {
           auto side = ParseSide(inv.Get("non-offending"));
           if (!side.ok()) {
             std::cerr << "tally: --non-offending is ns or ew\n";
             return kUsage;
           }
           r.set_non_offending(*side);
         }
         if (!EffectOption(inv, &r)) return kUsage;
         r.set_board_not_played(inv.Has("not-played"));
         return SendRuling(cl, inv, r);
       }});
}

}  // namespace tally::cli
