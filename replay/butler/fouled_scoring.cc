#include "replay/butler/fouled_scoring.h"

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/adjust/fouled_board.h"
#include "core/adjust/fouled_board_anc.h"
#include "core/adjust/fouled_board_nsw.h"
#include "core/base/status_macros.h"
#include "core/datum/datum.h"
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

// The datum of one form of the board over its `entries`, with n =
// `tables_in_play` and `match` the round (0 in a movement session).
absl::StatusOr<core::DatumResult> FormDatum(
    const core::DatumRule& rule, const std::vector<core::TableScore>& entries,
    int tables_in_play, int match) {
  if (entries.empty()) {
    return absl::FailedPreconditionError("no result of this form is in yet");
  }
  core::DatumInput input;
  input.tables_in_play = tables_in_play;
  input.match = match;
  input.scores = entries;
  return core::ComputeDatum(rule, input);
}

enum class ButlerKind { kNswSeparate, kNswTwoImps, kSeparate, kTwoImps };

// The results of one form of a board, in table order.
struct Form {
  std::vector<int> scores;
  // Each score as its form's datum takes it, with its NSW TR 13 marks.
  std::vector<core::TableScore> entries;
  std::vector<size_t> lines;  // index in ButlerBoard::lines
};

}  // namespace

absl::StatusOr<bool> ScoreFouledImpsBoard(
    const std::vector<RulingRecord>& rulings,
    const std::vector<FouledResultIn>& results, int match,
    absl::string_view where, const core::DatumRule& rule, ButlerBoard& board) {
  const RulingRecord* ruling = FouledTreatmentAt(rulings, board.board);
  if (ruling == nullptr) return false;
  FouledBoardNote note = NoteOf(*ruling);
  const std::string& id = ruling->ruling.fouled().rule();
  const std::string& treatment = note.treatment;
  ButlerKind kind;
  core::DatumRule form_rule = rule;
  if (id == "nsw_tr_7_1_1" && treatment == "separate_datum") {
    kind = ButlerKind::kNswSeparate;  // the event's own rule, per form
  } else if (id == "nsw_tr_7_1_1" && treatment == "two_imps") {
    kind = ButlerKind::kNswTwoImps;
  } else if ((id == "anc_sr_7_2" || id == "sabf_tr_12_3") &&
             treatment == "separate_datums") {
    kind = ButlerKind::kSeparate;
    // ANC SR 7.2(a); SABF TR 12.3: the extremes each form drops.
    form_rule = core::DatumRuleForMethod(id == "anc_sr_7_2"
                                             ? core::DatumMethod::kAncSr7_2a
                                             : core::DatumMethod::kSabfTr12_3);
    form_rule.rounding_step = rule.rounding_step;
    form_rule.half = rule.half;
    form_rule.pending_appeals = rule.pending_appeals;  // NSW TR 13
  } else if ((id == "anc_sr_7_2" || id == "sabf_tr_12_3") &&
             treatment == "two_imps") {
    kind = ButlerKind::kTwoImps;
  } else {
    // SABF TR 12.3 "of no consequence": scored as played. Any other
    // treatment is not one of a board IMPed against a datum.
    if (treatment != "no_consequence") {
      note.waiting = absl::StrCat(note.clause, "'s ", treatment,
                                  " is not a treatment of a Butler board; "
                                  "scored as played");
    }
    board.fouled = std::move(note);
    return false;
  }
  const bool separate =
      kind == ButlerKind::kNswSeparate || kind == ButlerKind::kSeparate;

  Form true_form;
  Form fouled_form;
  for (const FouledResultIn& in : results) {
    const int table = in.result->slot.table;
    if (std::optional<AdjustmentInForce> a =
            AdjustmentAt(rulings, board.board, table)) {
      board.lines.clear();
      note.waiting = AdjustedWaiting(table, a->sequence);
      board.fouled = std::move(note);
      return false;
    }
    Form& form = note.Fouled(table) ? fouled_form : true_form;
    form.scores.push_back(in.result->ns_score);
    // A separate form is a deal of its own: its tables rank 1, 2, ... in
    // table order, so a rule taking the top tables takes the form's. The
    // true form under two_imps keeps its place in the whole field.
    form.entries.push_back(
        {.ns_score = in.result->ns_score,
         .table = separate ? static_cast<int>(form.entries.size()) + 1
                           : table,
         .pending_appeal = in.pending_appeal,  // NSW TR 13.2, 13.3
         .appeal_decided = in.appeal_decided});
    form.lines.push_back(board.lines.size());
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
  const int fouled_expected = static_cast<int>(note.tables.size());
  const int true_expected = board.times_expected - fouled_expected;

  // The true form's datum: over its own tables. Under two_imps the fouled
  // tables are artificial scores, n staying the tables in play.
  absl::StatusOr<core::DatumResult> true_datum =
      FormDatum(form_rule, true_form.entries,
                separate ? true_expected : board.times_expected, match);
  absl::StatusOr<core::DatumResult> fouled_datum =
      separate ? FormDatum(form_rule, fouled_form.entries, fouled_expected,
                           match)
               : absl::StatusOr<core::DatumResult>(core::DatumResult());
  for (const absl::StatusOr<core::DatumResult>* d :
       {&true_datum, &fouled_datum}) {
    if (d->ok()) continue;
    if (!board.complete) {
      // Provisional: too few results of a form in yet.
      board.fouled = std::move(note);
      return true;
    }
    return absl::InvalidArgumentError(absl::StrCat(
        where, ", board ", board.board, ": ", note.clause,
        ": no datum for a form of the board: ", d->status().message()));
  }
  const int true_points = static_cast<int>(true_datum->datum);
  const std::optional<int> fouled_points =
      separate ? std::optional<int>(static_cast<int>(fouled_datum->datum))
               : std::nullopt;
  core::FouledBoardAwards awards;
  if (kind == ButlerKind::kNswSeparate || kind == ButlerKind::kNswTwoImps) {
    absl::StatusOr<core::NswButlerFouledResult> r = core::NswFouledButlerBoard(
        true_form.scores, true_points, fouled_form.scores, fouled_points,
        kind == ButlerKind::kNswSeparate
            ? core::NswButlerFouledTreatment::kSeparateDatum
            : core::NswButlerFouledTreatment::kTwoImpsToFouled);
    if (!r.ok()) {
      // Too few results in yet for "sufficient pairs" (decide checked the
      // full field).
      if (!board.complete) {
        board.fouled = std::move(note);
        return true;
      }
      return r.status();
    }
    awards = std::move(r->awards);
    note.adjustment = r->fouled_group_adjustment;
  } else {
    TALLY_ASSIGN_OR_RETURN(
        awards,
        core::AncFouledButlerBoard(
            true_form.scores, true_points, fouled_form.scores, fouled_points,
            kind == ButlerKind::kSeparate
                ? core::AncButlerFouledTreatment::kSeparateDatums
                : core::AncButlerFouledTreatment::kTwoImpsToFouled));
  }
  auto set = [&](const Form& form, const std::vector<core::TableAward>& a,
                 const core::DatumResult* datum) {
    for (size_t i = 0; i < form.lines.size(); ++i) {
      ButlerLine& line = board.lines[form.lines[i]];
      line.ns_imps = static_cast<int>(
          a[i].north_south.RoundToInteger(core::HalfRounding::kAwayFromZero));
      const int ew = static_cast<int>(
          a[i].east_west.RoundToInteger(core::HalfRounding::kAwayFromZero));
      if (ew != -*line.ns_imps) line.ew_imps = ew;
      if (datum != nullptr) line.role = datum->roles[i];
    }
  };
  set(true_form, awards.true_group, &*true_datum);
  set(fouled_form, awards.fouled_group, separate ? &*fouled_datum : nullptr);
  board.datum = *std::move(true_datum);
  if (separate) note.datum = *std::move(fouled_datum);
  board.fouled = std::move(note);
  return true;
}

absl::StatusOr<bool> ScoreFouledButlerBoard(const SessionState& session,
                                            const CompetitionState* competition,
                                            const core::DatumRule& rule,
                                            ButlerBoard& board) {
  std::vector<FouledResultIn> results;
  for (auto it = session.results.lower_bound({board.board, 0});
       it != session.results.end() && it->first.first == board.board; ++it) {
    FouledResultIn in{.result = &it->second};
    if (competition != nullptr) {
      // NSW TR 13 (replay/pending_appeals.h), as the plain datum reads it.
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
        FormDatum(*profile.datum, zeros, in_play, match);
    if (d.ok()) return absl::OkStatus();
    return absl::FailedPreconditionError(absl::StrCat(
        which, " form's ", group,
        " result(s) leave the event's datum rule nothing to average (",
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
