#include "server/cli/appeal_text.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/time.h"
#include "core/window/timeline.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/state.h"
#include "server/cli/result_text.h"
#include "server/cli/side_awards_text.h"

namespace tally::cli {
namespace {

std::string KindText(v1::AppealKind kind) {
  switch (kind) {
    case v1::APPEAL_KIND_RULING_REVIEW:
      return "request to review the director's ruling";
    case v1::APPEAL_KIND_DIRECTOR_RULING:
      return "appeal against the director's ruling";
    case v1::APPEAL_KIND_SCORER_DECISION:
      return "appeal against the scorer's decision";
    default:
      return "appeal";
  }
}

std::string AwardText(v1::ArtificialAward a) {
  switch (a) {
    case v1::ARTIFICIAL_AWARD_AVERAGE_MINUS:
      return "average minus";
    case v1::ARTIFICIAL_AWARD_AVERAGE:
      return "average";
    case v1::ARTIFICIAL_AWARD_AVERAGE_PLUS:
      return "average plus";
    default:
      return "?";
  }
}

std::string ResultAndScore(const v1::TableResult& r, int board) {
  absl::StatusOr<int> ns = replay::NorthSouthScoreOf(r, board);
  return absl::StrCat(replay::DescribeResult(r),
                      ns.ok() ? absl::StrCat(", NS ", *ns > 0 ? "+" : "", *ns)
                              : "");
}

std::string PenaltyText(const v1::MeritPenalty& p) {
  std::string what;
  switch (p.kind()) {
    case v1::MERIT_PENALTY_KIND_DEPOSIT_FORFEITED:
      what = "deposit forfeited";
      break;
    case v1::MERIT_PENALTY_KIND_VICTORY_POINTS:
      what = absl::StrCat(ExactText(p.amount()), " VP");
      break;
    case v1::MERIT_PENALTY_KIND_MATCHPOINT_TOPS:
      what = absl::StrCat(ExactText(p.amount()), " of a top");
      break;
    case v1::MERIT_PENALTY_KIND_IMPS:
      what = absl::StrCat(ExactText(p.amount()), " IMPs");
      break;
    default:
      what = "penalty";
  }
  return absl::StrCat(
      "; without merit: ", what,
      p.entrant() != 0 ? absl::StrCat(" to ", p.entrant()) : "",
      p.clause().empty() ? "" : absl::StrCat(" (", p.clause(), ")"));
}

}  // namespace

std::string AdjustedScoreText(const v1::AdjustedScore& s, int board) {
  switch (s.kind_case()) {
    case v1::AdjustedScore::kArtificial:
      return absl::StrCat("artificial: ", AwardText(s.artificial().ns()),
                          " to NS, ", AwardText(s.artificial().ew()),
                          " to EW");
    case v1::AdjustedScore::kAssigned:
      return absl::StrCat("assigned ", ResultAndScore(s.assigned(), board));
    case v1::AdjustedScore::kWeighted: {
      std::vector<std::string> parts;
      for (const v1::WeightedResult& o : s.weighted().outcomes()) {
        parts.push_back(absl::StrCat(ExactText(o.weight()), " of ",
                                     ResultAndScore(o.result(), board)));
      }
      return absl::StrCat("weighted: ", absl::StrJoin(parts, " + "));
    }
    case v1::AdjustedScore::kSplit:
      return absl::StrCat("split: NS ",
                          ResultAndScore(s.split().ns_result(), board),
                          "; EW ", ResultAndScore(s.split().ew_result(), board));
    case v1::AdjustedScore::kPerSide:
      return absl::StrCat("per side: ", SideAwardsText(s.per_side()));
    case v1::AdjustedScore::KIND_NOT_SET:
      break;
  }
  return "none";
}

std::string AppealEventLine(const v1::EventPayload& p, absl::TimeZone zone) {
  switch (p.kind_case()) {
    case v1::EventPayload::kAppealLodged: {
      const v1::AppealLodged& a = p.appeal_lodged();
      return absl::StrCat(
          "appeal ", a.appeal(), " lodged: ", KindText(a.kind()), " on board ",
          a.board(), " at table ", a.table(), "; appellant ", a.appellant(),
          " (", a.appellant_signature(), ")",
          a.respondents().empty()
              ? ""
              : absl::StrCat(", respondents ",
                             absl::StrJoin(a.respondents(), ", ")),
          a.ruling_sequence() != 0
              ? absl::StrCat(", ruling at event ", a.ruling_sequence())
              : "",
          "; grounds: ", a.grounds(), "; within ", a.window_clause(),
          a.has_window_closes_at()
              ? absl::StrCat(" (until ",
                             core::DateTimeText(
                                 replay::ToTime(a.window_closes_at()), zone),
                             ")")
              : "");
    }
    case v1::EventPayload::kAppealSubmission:
      return absl::StrCat("appeal ", p.appeal_submission().appeal(),
                          ": respondents' submission (",
                          p.appeal_submission().signed_by(),
                          "): ", p.appeal_submission().submission());
    case v1::EventPayload::kAppealReply:
      return absl::StrCat("appeal ", p.appeal_reply().appeal(), ": reply (",
                          p.appeal_reply().signed_by(),
                          "): ", p.appeal_reply().reply());
    case v1::EventPayload::kAppealHeard:
      return absl::StrCat("appeal ", p.appeal_heard().appeal(),
                          ": heard by ",
                          absl::StrJoin(p.appeal_heard().members(), ", "),
                          " (chair ", p.appeal_heard().chair(), ")");
    case v1::EventPayload::kAppealDecided: {
      const v1::AppealDecided& d = p.appeal_decided();
      return absl::StrCat(
          "appeal ", d.appeal(), " decided: ",
          d.outcome() == v1::APPEAL_OUTCOME_VARIED
              ? absl::StrCat("varied, ", AdjustedScoreText(d.adjusted_score(),
                                                           0))
              : "the ruling appealed stands (upheld)",
          "; ", d.decision(),
          d.dissenting().empty()
              ? ""
              : absl::StrCat("; dissenting: ",
                             absl::StrJoin(d.dissenting(), "; ")),
          d.has_penalty() ? PenaltyText(d.penalty()) : "");
    }
    case v1::EventPayload::kAppealWithdrawn:
      return absl::StrCat("appeal ", p.appeal_withdrawn().appeal(),
                          " withdrawn by ", p.appeal_withdrawn().by(),
                          p.appeal_withdrawn().reason().empty()
                              ? ""
                              : absl::StrCat(": ", p.appeal_withdrawn().reason()));
    case v1::EventPayload::kFurtherAppealLodged: {
      const v1::FurtherAppealLodged& f = p.further_appeal_lodged();
      return absl::StrCat(
          "appeal ", f.appeal(), " appealed further by ", f.entrant(), " (",
          f.signed_by(), ")",
          f.to_body().empty()
              ? ""
              : absl::StrCat(" to ", f.to_body(), " (", f.clause(), ")"),
          ": ", f.grounds());
    }
    case v1::EventPayload::kDatumSubstitutesChosen: {
      const v1::DatumSubstitutesChosen& d = p.datum_substitutes_chosen();
      return absl::StrCat(
          "datum of board ", d.board(), " in session/round ", d.session(), ": ",
          d.include_substitutes() ? "substitute scores brought in"
                                  : "no substitute scores",
          " in place of those pending appeal, by ", d.director(),
          " (NSW TR 13.3): ", d.reason());
    }
    default:
      return "";
  }
}

}  // namespace tally::cli
