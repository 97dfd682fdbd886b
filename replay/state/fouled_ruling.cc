#include "replay/state/fouled_ruling.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/adjust/fouled_board.h"
#include "core/adjust/fouled_board_nsw.h"
#include "core/base/status_macros.h"

namespace tally::replay {
namespace {

struct RuleTreatments {
  absl::string_view rule;
  absl::string_view clause;
  std::vector<FouledTreatmentChoice> choices;
};

const std::vector<RuleTreatments>& Table() {
  static const auto* table = new std::vector<RuleTreatments>{
      {"anc_sr_7_1",
       "ANC SR 7.1",
       {{"substitute_board", "ANC SR 7.1",
         "a substitute board played at both tables"},
        {"three_imps", "ANC SR 7.1",
         "3 IMPs to both sides (the match result is known or a player has "
         "left)"}}},
      {"anc_sr_7_2",
       "ANC SR 7.2",
       {{"separate_datums", "ANC SR 7.2(a)",
         "separate datums after dropping the extreme scores"},
        {"two_imps", "ANC SR 7.2(b), 7.3", "2 IMPs to the fouled tables"}}},
      {"anc_sr_7_4",
       "ANC SR 7.4",
       {{"sixty_percent", "ANC SR 7.4",
         "60% of the board's matchpoints to both sides"}}},
      {"sabf_tr_11_9",
       "SABF TR 11.9",
       {{"sixty_percent", "SABF TR 11.9",
         "innocent pairs 60% or their session average"}}},
      {"sabf_tr_12_3",
       "SABF TR 12.3",
       {{"no_consequence", "SABF TR 12.3",
         "of no consequence: scored as played"},
        {"separate_datums", "SABF TR 12.3",
         "separate datums after dropping the two extreme scores"},
        {"two_imps", "SABF TR 12.3", "cancelled with 2 IMPs"}}},
      {"nsw_tr_7_1_1",
       "NSW TR 7.1.1",
       {{"separate_datum", "NSW TR 7.1.1(a)",
         "a separate datum and the equalising integer"},
        {"two_imps", "NSW TR 7.1.1(b)", "2 IMPs to the fouled tables"}}},
      {"nsw_tr_7_3_2",
       "NSW TR 7.3.2",
       {{"separate_deal", "NSW TR 7.3.2",
         "a separate deal plus 1 MP per score in the other group"},
        {"sixty_percent", "NSW TR 7.3.2", "60% to both sides"}}},
      // Teams, at a match's table (GuideMatchPlayOf below).
      {"guide_match_play",
       "Fouled-board guide (Match Play)",
       {{"play_proceeds", "Fouled-board guide (Match Play), a corrected board",
         "corrected and play proceeds, the offenders fined 3 IMPs (6 if "
         "cards were exchanged between partners)"},
        {"adjusted", "Fouled-board guide (Match Play) (a)",
         "more than 3 IMPs to the non-offending side, no fine"},
        {"redealt", "Fouled-board guide (Match Play) (b)",
         "redealt, the offenders fined 3 IMPs"},
        {"redealt_both_at_fault", "Fouled-board guide (Match Play) (c)",
         "both sides at fault: redealt, no fine"}}},
      {"guide_ranking_play",
       "Fouled-board guide (Ranking Play)",
       {{"factored", "Fouled-board guide (Ranking Play)",
         "groups matchpointed separately and factored to the field"}}},
  };
  return *table;
}

const RuleTreatments* Find(absl::string_view rule_id) {
  for (const RuleTreatments& r : Table()) {
    if (r.rule == rule_id) return &r;
  }
  return nullptr;
}

}  // namespace

absl::StatusOr<core::GuideMatchPlayOutcome> GuideMatchPlayOf(
    const v1::FouledBoardRuling& fouled) {
  TALLY_ASSIGN_OR_RETURN(core::GuideMatchPlayTreatment treatment,
                         core::GuideMatchPlayTreatmentById(fouled.treatment()));
  return core::GuideMatchPlay({.treatment = treatment,
                               .offender_named = fouled.offending_team() != 0,
                               .cards_exchanged = fouled.cards_exchanged(),
                               .adjusted_imps = fouled.adjusted_imps()});
}

std::vector<FouledTreatmentChoice> FouledTreatmentsFor(
    absl::string_view rule_id) {
  const RuleTreatments* r = Find(rule_id);
  return r == nullptr ? std::vector<FouledTreatmentChoice>() : r->choices;
}

absl::Status CheckFouledTreatment(absl::string_view rule_id,
                                  absl::string_view treatment,
                                  int field_tables, int fouled_tables) {
  const RuleTreatments* rule = Find(rule_id);
  if (rule == nullptr) {
    return absl::InvalidArgumentError(
        "the competition's regulation profile names no fouled-board rule, so "
        "there is no treatment to choose; rule with an adjusted score instead");
  }
  const FouledTreatmentChoice* chosen = nullptr;
  for (const FouledTreatmentChoice& c : rule->choices) {
    if (c.id == treatment) chosen = &c;
  }
  if (chosen == nullptr) {
    std::vector<std::string> allowed;
    for (const FouledTreatmentChoice& c : rule->choices) {
      allowed.push_back(absl::StrCat(c.id, " (", c.clause, ": ", c.what, ")"));
    }
    return absl::InvalidArgumentError(absl::StrCat(
        rule->clause, " does not allow the treatment '", treatment,
        "' for a fouled board; it allows ", absl::StrJoin(allowed, "; ")));
  }
  if (fouled_tables < 1 || fouled_tables >= field_tables) {
    return absl::InvalidArgumentError(absl::StrCat(
        "name the tables that played the fouled form: at least one, and not "
        "all ", field_tables, " tables that play the board"));
  }
  if ((rule_id == "nsw_tr_7_1_1" && treatment == "separate_datum") ||
      (rule_id == "nsw_tr_7_3_2" && treatment == "separate_deal")) {
    // NSW TR 7.1.1(a), 7.3.2: "played by sufficient pairs".
    TALLY_ASSIGN_OR_RETURN(int sufficient,
                           core::NswSufficientTables(field_tables));
    if (fouled_tables < sufficient) {
      return absl::FailedPreconditionError(absl::StrCat(
          chosen->clause, " needs the fouled form played by sufficient pairs: ",
          sufficient, " of the ", field_tables,
          " tables (the lesser of four tables and a third of the field, "
          "rounded up); it was played at ",
          fouled_tables, ", so choose ",
          rule_id == "nsw_tr_7_1_1" ? "NSW TR 7.1.1(b)'s two_imps"
                                    : "NSW TR 7.3.2's sixty_percent"));
    }
  }
  if (treatment == "separate_datums") {
    // ANC SR 7.2(a) (and SABF TR 12.3): each group's datum drops its
    // extreme scores, so each needs 3 results or more.
    const int smaller = std::min(fouled_tables, field_tables - fouled_tables);
    if (smaller < 3) {
      return absl::FailedPreconditionError(absl::StrCat(
          chosen->clause, ": a group of ", smaller,
          " results is too small for a separate datum (3 or more); choose "
          "two_imps (", rule_id == "anc_sr_7_2" ? "ANC SR 7.2(b)" : rule->clause,
          ")"));
    }
  }
  return absl::OkStatus();
}

}  // namespace tally::replay
