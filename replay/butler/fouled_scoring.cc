#include "replay/butler/fouled_scoring.h"

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/adjust/fouled_board.h"
#include "core/adjust/fouled_board_anc.h"
#include "core/adjust/fouled_board_nsw.h"
#include "core/base/plural.h"
#include "core/base/status_macros.h"
#include "core/datum/datum.h"
#include "replay/butler/fouled_imps_board.h"
#include "replay/rulings/datum_view.h"
#include "replay/rulings/pending_appeals.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/fouled_ruling.h"
#include "replay/state/rulings.h"

namespace tally::replay {
namespace {

FouledBoardNote NoteOf(const RulingRecord& r) {
  const v1::FouledBoardRuling& f = r.ruling.fouled();
  FouledBoardNote note;
  note.ruling = r.sequence;
  note.treatment = f.treatment();
  note.clause = f.rule_clause();
  for (const FouledTreatmentChoice& c : FouledTreatmentsFor(f.rule())) {
    if (c.id == f.treatment()) note.what = std::string(c.what);
  }
  note.tables.assign(f.fouled_tables().begin(), f.fouled_tables().end());
  return note;
}

std::string AdjustedWaiting(int table, uint64_t sequence) {
  return absl::StrCat("table ", table, " has an adjusted score in force (ruling ",
                      sequence,
                      "), so the board is scored with it; supersede that "
                      "ruling to score the treatment");
}

}  // namespace

absl::StatusOr<bool> ScoreFouledImpsBoard(
    const std::vector<RulingRecord>& rulings,
    const std::vector<FouledResultIn>& results, int match,
    absl::string_view where, const core::DatumRule& rule, ButlerBoard& board) {
  const RulingRecord* ruling = FouledTreatmentAt(rulings, board.board);
  if (ruling == nullptr) return false;
  FouledBoardNote note = NoteOf(*ruling);
  const std::optional<FouledImpsRule> treatment =
      FouledImpsRuleFor(ruling->ruling.fouled().rule(), note.treatment, rule);
  if (!treatment.has_value()) {
    // SABF TR 12.3 "of no consequence": scored as played. Any other
    // treatment is not one of a board IMPed against a datum.
    if (note.treatment != "no_consequence") {
      note.waiting = absl::StrCat(note.clause, "'s ", note.treatment,
                                  " is not a treatment of a Butler board; "
                                  "scored as played");
    }
    board.fouled = std::move(note);
    return false;
  }

  FouledImpsInput input;
  input.tables_in_play = board.times_expected;
  input.fouled_tables = static_cast<int>(note.tables.size());
  input.match = match;
  for (const FouledResultIn& in : results) {
    const int table = in.result->slot.table;
    if (std::optional<AdjustmentInForce> a =
            AdjustmentAt(rulings, board.board, table)) {
      board.lines.clear();
      note.waiting = AdjustedWaiting(table, a->sequence);
      board.fouled = std::move(note);
      return false;
    }
    input.results.push_back(
        {.score = {.ns_score = in.result->ns_score,
                   .table = table,
                   .pending_appeal = in.pending_appeal,  // NSW TR 13.2, 13.3
                   .appeal_decided = in.appeal_decided},
         .fouled = note.Fouled(table)});
    ButlerLine line;
    line.result = in.result;
    line.pending_appeal = in.pending_appeal;
    if (note.Fouled(table)) {
      line.fouled = true;
      line.ruling = ruling->sequence;
    }
    board.lines.push_back(line);
  }
  board.complete =
      static_cast<int>(board.lines.size()) == board.times_expected;
  note.scored = true;
  absl::StatusOr<FouledImpsBoard> scored = ScoreFouledImps(*treatment, input);
  if (!scored.ok()) {
    // Provisional: too few results of a form in yet (decide checked the
    // full field).
    if (!board.complete) {
      board.fouled = std::move(note);
      return true;
    }
    return absl::InvalidArgumentError(
        absl::StrCat(where, ", board ", board.board, ": ", note.clause, ": ",
                     scored.status().message()));
  }
  for (size_t i = 0; i < board.lines.size(); ++i) {
    ButlerLine& line = board.lines[i];
    const FouledImpsLine& imps = scored->lines[i];
    line.ns_imps = imps.ns_imps;
    if (imps.ew_imps != -imps.ns_imps) line.ew_imps = imps.ew_imps;
    line.role = imps.role;
  }
  board.datum = std::move(scored->true_datum);
  note.datum = std::move(scored->fouled_datum);
  note.adjustment = scored->adjustment;
  board.fouled = std::move(note);
  return true;
}

absl::StatusOr<bool> ScoreFouledButlerBoard(const SessionState& session,
                                            const CompetitionState* competition,
                                            const core::DatumRule& rule,
                                            ButlerBoard& board,
                                            const InComparison& in_comparison) {
  std::vector<FouledResultIn> results;
  for (auto it = session.results.lower_bound({board.board, 0});
       it != session.results.end() && it->first.first == board.board; ++it) {
    if (in_comparison && !in_comparison(it->second.slot.table)) continue;
    FouledResultIn in{.result = &it->second};
    if (competition != nullptr) {
      // NSW TR 13 (replay/rulings/pending_appeals.h), as the plain datum reads
      // it.
      const AppealMark mark = AppealMarkAt(*competition, session.number,
                                           board.board, it->second.slot.table);
      in.pending_appeal = mark.pending;
      in.appeal_decided = mark.decided;
    }
    results.push_back(in);
  }
  return ScoreFouledImpsBoard(session.rulings, results, 0,
                              absl::StrCat("session ", session.number), rule,
                              board);
}

void MarkFouledLines(ButlerBoard& board) {
  if (!board.fouled.has_value()) return;
  for (ButlerLine& line : board.lines) {
    line.fouled = board.fouled->Fouled(line.result->slot.table);
  }
}

std::optional<FouledMatchpoints> FouledBoardMatchpoints(
    const std::vector<RulingRecord>& rulings, int board, int times_expected,
    std::vector<AdjustedTable>& tables) {
  const RulingRecord* ruling = FouledTreatmentAt(rulings, board);
  if (ruling == nullptr) return std::nullopt;
  FouledMatchpoints out;
  out.note = NoteOf(*ruling);
  FouledBoardNote& note = out.note;
  const std::string& id = ruling->ruling.fouled().rule();
  const std::string& treatment = note.treatment;
  if ((id == "anc_sr_7_4" || id == "sabf_tr_11_9") &&
      treatment == "sixty_percent") {
    // ANC SR 7.4: "60% of the available matchpoints on the board awarded
    // to both sides"; SABF TR 11.9: "a 60% score ... or their average score
    // for the session, whichever is the greater". An artificial score at
    // each fouled table; the rest of the field is matchpointed without it.
    static const auto* const kAveragePlusToBoth = [] {
      auto* a = new v1::AdjustedScore();
      a->mutable_artificial()->set_ns(v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
      a->mutable_artificial()->set_ew(v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
      return a;
    }();
    out.artificial = id == "anc_sr_7_4" ? core::AncIpcArtificialMatchpointRule()
                                        : core::GuideArtificialMatchpointRule();
    std::vector<AdjustedTable> before = tables;
    for (AdjustedTable& t : tables) {
      if (note.Fouled(t.result->slot.table)) {
        t.adjustment = AdjustmentInForce{ruling->sequence, kAveragePlusToBoth,
                                         v1::SIDE_UNSPECIFIED};
      }
    }
    absl::StatusOr<std::vector<std::optional<core::TableAward>>> awards =
        AdjustedMatchpoints(tables, board, times_expected);
    if (!awards.ok()) {
      tables = std::move(before);
      note.waiting = std::string(awards.status().message());
      return out;
    }
    out.awards = *std::move(awards);
    note.scored = true;
    return out;
  }
  const bool nsw = id == "nsw_tr_7_3_2" &&
                   (treatment == "separate_deal" || treatment == "sixty_percent");
  const bool guide = id == "guide_ranking_play" && treatment == "factored";
  if (!nsw && !guide) {
    note.waiting = absl::StrCat(note.clause, "'s ", treatment,
                                " is not a treatment of a matchpoint board; "
                                "scored as played");
    return out;
  }
  for (const AdjustedTable& t : tables) {
    if (t.adjustment.has_value()) {
      note.waiting = AdjustedWaiting(t.result->slot.table, t.adjustment->sequence);
      return out;
    }
  }
  if (static_cast<int>(tables.size()) < times_expected) {
    note.waiting = absl::StrCat(
        tables.size(), " of ", times_expected,
        " results in: the treatment is scored once every result is in (",
        note.clause, " weighs the forms over the whole field)");
    return out;
  }
  std::vector<int> true_scores;
  std::vector<int> fouled_scores;
  for (const AdjustedTable& t : tables) {
    (note.Fouled(t.result->slot.table) ? fouled_scores : true_scores)
        .push_back(t.result->ns_score);
  }
  core::FouledBoardAwards groups;
  if (nsw) {
    // NSW TR 7.3.2: the true form's tables, when the fouled ones get 60%,
    // are scored as the separate deal is (the clause's own method; the
    // nsw_matchpoint_pairs profile's note).
    absl::StatusOr<core::NswMatchpointFouledResult> r =
        core::NswFouledMatchpointBoard(true_scores, fouled_scores);
    if (!r.ok() || r->separate_deal != (treatment == "separate_deal")) {
      note.waiting = r.ok() ? "the fouled form's pairs no longer fit the "
                              "treatment chosen (NSW TR 7.3.2)"
                            : std::string(r.status().message());
      return out;
    }
    groups = std::move(r->awards);
  } else {
    // Fouled-board guide (ranking play): F = (M x E + E - A) / A, to one
    // decimal place.
    absl::StatusOr<std::vector<std::vector<core::TableAward>>> r =
        core::FactorFouledGroups({true_scores, fouled_scores}, times_expected,
                                 core::HalfRounding::kAwayFromZero);
    if (!r.ok()) {
      note.waiting = std::string(r.status().message());
      return out;
    }
    groups.true_group = std::move((*r)[0]);
    groups.fouled_group = std::move((*r)[1]);
  }
  size_t next_true = 0;
  size_t next_fouled = 0;
  for (const AdjustedTable& t : tables) {
    out.awards.push_back(note.Fouled(t.result->slot.table)
                             ? groups.fouled_group[next_fouled++]
                             : groups.true_group[next_true++]);
  }
  note.scored = true;
  return out;
}

absl::Status CheckFouledScoring(const core::RegulationProfile& profile,
                                absl::string_view treatment, int field_tables,
                                int fouled_tables, int match) {
  const std::string& id = profile.artificial.fouled_board;
  const int true_tables = field_tables - fouled_tables;
  if (id == "nsw_tr_7_3_2" && treatment == "sixty_percent") {
    TALLY_ASSIGN_OR_RETURN(int sufficient,
                           core::NswSufficientTables(field_tables));
    if (fouled_tables >= sufficient) {
      return absl::FailedPreconditionError(absl::StrCat(
          "NSW TR 7.3.2: the fouled form was played at ", fouled_tables,
          " of the ", field_tables, " tables, which is sufficient pairs (",
          sufficient,
          "), and the clause then treats it as a separate deal; 60% is for "
          "fewer: choose separate_deal"));
    }
  }
  if (id == "guide_ranking_play" && treatment == "factored") {
    for (int group : {fouled_tables, true_tables}) {
      if (!core::GuideGroupCanBeRanked(group, field_tables)) {
        return absl::FailedPreconditionError(absl::StrCat(
            "Fouled-board guide (Ranking Play): a group of ", group, " of the ",
            field_tables,
            " scores is too small to be ranked on its own (more than 3, or "
            "more than a third of the field); its table for 1, 2 or 3 fouled "
            "tables weighs each side's share of the blame, which a fouled-"
            "board ruling does not record: rule adjusted scores at those "
            "tables instead"));
      }
    }
  }
  if (!profile.datum.has_value()) return absl::OkStatus();
  // The forms' datums under the event's rule (NSW TR 7.1.1(a)), and the
  // true form's alone when the fouled tables get 2 IMPs.
  auto check = [&](int group, int in_play, absl::string_view which,
                   absl::string_view instead) -> absl::Status {
    std::vector<core::TableScore> zeros;
    for (int t = 1; t <= group; ++t) zeros.push_back({.table = t});
    absl::StatusOr<core::DatumResult> d =
        FouledFormDatum(*profile.datum, zeros, in_play, match);
    if (d.ok()) return absl::OkStatus();
    return absl::FailedPreconditionError(
        absl::StrCat(which, " form's ", core::Counted(group, "result"),
                     group == 1 ? " leaves" : " leave",
                     " the event's datum rule nothing to average (",
                     d.status().message(), ")", instead));
  };
  if (id == "nsw_tr_7_1_1" && treatment == "separate_datum") {
    const absl::string_view instead = "; choose two_imps (NSW TR 7.1.1(b))";
    TALLY_RETURN_IF_ERROR(
        check(true_tables, true_tables, "NSW TR 7.1.1(a): the true", instead));
    TALLY_RETURN_IF_ERROR(check(fouled_tables, fouled_tables,
                                "NSW TR 7.1.1(a): the fouled", instead));
  }
  if (treatment == "two_imps") {
    TALLY_RETURN_IF_ERROR(check(true_tables, field_tables,
                                "the fouled tables get 2 IMPs, but the true",
                                ""));
  }
  return absl::OkStatus();
}

v1::FouledBoardNote FouledNoteToProto(const FouledBoardNote& note,
                                      int fouled_results_in) {
  v1::FouledBoardNote out;
  out.set_ruling(note.ruling);
  out.set_treatment(note.treatment);
  out.set_clause(note.clause);
  out.set_what(note.what);
  for (int table : note.tables) out.add_tables(table);
  out.set_scored(note.scored);
  out.set_waiting(note.waiting);
  out.set_adjustment(note.adjustment);
  if (note.datum.has_value()) {
    const int expected = static_cast<int>(note.tables.size());
    *out.mutable_datum() = BoardDatumView(*note.datum, fouled_results_in,
                                          fouled_results_in < expected);
  }
  return out;
}

}  // namespace tally::replay
