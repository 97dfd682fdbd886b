#include "core/window/window_close.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/time.h"
#include "core/base/status_macros.h"
#include "core/profile/profile.h"
#include "core/window/timeline.h"

namespace tally::core {
namespace {

// "30 minutes", "1 hour", "24 hours", "1 week".
std::string DurationText(int minutes) {
  const auto plural = [](int n, absl::string_view unit) {
    return absl::StrCat(n, " ", unit, n == 1 ? "" : "s");
  };
  constexpr int kWeek = 7 * 24 * 60;
  if (minutes % kWeek == 0) return plural(minutes / kWeek, "week");
  if (minutes % 60 == 0) return plural(minutes / 60, "hour");
  return plural(minutes, "minute");
}

// One end point of a list, evaluated.
struct PointValue {
  enum class Kind { kAt, kMissing, kNever };
  Kind kind = Kind::kNever;
  absl::Time at;     // kAt: the anchor's time plus the point's minutes
  // kAt: where the period the point ends begins: the anchor's time for a
  // point after it ("30 minutes after the parties are advised": the
  // advice), the point itself for one before it.
  absl::Time from;
  std::string text;  // kAt: how the point is reached; kMissing: what is
                     // missing
  TimeAnchor missing_anchor = TimeAnchor::kScoresPosted;  // kMissing
  int missing_session = -1;                               // kMissing
};

PointValue Never() { return PointValue{}; }

PointValue Missing(TimeAnchor anchor, int session, std::string text) {
  PointValue v;
  v.kind = PointValue::Kind::kMissing;
  v.missing_anchor = anchor;
  v.missing_session = session;
  v.text = std::move(text);
  return v;
}

// `what` happened (`event`: "round 3's scores were posted") or is scheduled
// (a moment: "round 4's scheduled start") at `time`; the point is `minutes`
// after it.
PointValue At(absl::Time time, int minutes, bool event, absl::string_view what,
              absl::TimeZone zone) {
  PointValue v;
  v.kind = PointValue::Kind::kAt;
  v.at = time + absl::Minutes(minutes);
  v.from = std::min(time, v.at);
  const std::string clock = ClockTime(time, zone);
  if (minutes == 0) {
    v.text = event ? absl::StrCat("when ", what, " at ", clock)
                   : absl::StrCat("at ", what, ", ", clock);
  } else {
    v.text =
        absl::StrCat(DurationText(std::abs(minutes)),
                     minutes > 0 ? " after " : " before ", what, " at ", clock);
  }
  return v;
}

absl::Status NeedsMatch(const TimeWindowRule& rule) {
  return absl::InvalidArgumentError(
      absl::StrCat(rule.clause,
                   ": the window runs from a match's own times; name the "
                   "match"));
}

// The point `p` of session `k`'s window.
absl::StatusOr<PointValue> ValuePoint(const TimeWindowRule& rule,
                                      const TimePoint& p,
                                      const StageTimeline& timeline, int k,
                                      const WindowSubject& subject) {
  const SessionTimes& s = timeline.sessions[k];
  const std::string name = SessionName(timeline, k);
  const absl::TimeZone zone = timeline.zone;
  const int count = static_cast<int>(timeline.sessions.size());
  const auto next_stage = [&]() -> PointValue {
    if (timeline.final_stage) return Never();
    if (!timeline.next_stage_start.has_value()) {
      return Missing(TimeAnchor::kNextStageStart, -1,
                     "the next stage's start is not scheduled yet");
    }
    return At(*timeline.next_stage_start, p.minutes, false,
              "the next stage's scheduled start", zone);
  };
  switch (p.anchor) {
    case TimeAnchor::kScoresPosted:
      if (!s.scores_posted.has_value()) {
        return Missing(p.anchor, k,
                       absl::StrCat(name, "'s scores have not been posted"));
      }
      return At(*s.scores_posted, p.minutes, true,
                absl::StrCat(name, "'s scores were posted"), zone);
    case TimeAnchor::kNextSessionStart: {
      if (s.last_of_stage) return next_stage();
      if (k + 1 >= count) {
        return Missing(
            p.anchor, k + 1,
            absl::StrCat("no session after ", name, " is scheduled yet"));
      }
      const std::string next = SessionName(timeline, k + 1);
      if (!timeline.sessions[k + 1].scheduled_start.has_value()) {
        return Missing(p.anchor, k + 1,
                       absl::StrCat(next, "'s start is not scheduled yet"));
      }
      return At(*timeline.sessions[k + 1].scheduled_start, p.minutes, false,
                absl::StrCat(next, "'s scheduled start"), zone);
    }
    case TimeAnchor::kSessionScheduledEnd:
      if (!s.scheduled_end.has_value()) {
        return Missing(p.anchor, k,
                       absl::StrCat(name, "'s scheduled end is not set"));
      }
      return At(*s.scheduled_end, p.minutes, false,
                absl::StrCat(name, "'s scheduled end"), zone);
    case TimeAnchor::kRulingAdvised:
      if (!subject.ruling.has_value() || !subject.ruling->advised.has_value()) {
        return Missing(p.anchor, k,
                       "the parties have not been advised of the ruling");
      }
      return At(*subject.ruling->advised, p.minutes, true,
                "the parties were advised of the ruling", zone);
    case TimeAnchor::kMatchConcluded:
    case TimeAnchor::kMatchScoresAgreed: {
      if (!subject.match.has_value()) return NeedsMatch(rule);
      const MatchTimes& m = s.matches[*subject.match];
      const std::string match =
          absl::StrCat(MatchName(timeline, k, *subject.match), " of ", name);
      if (p.anchor == TimeAnchor::kMatchConcluded) {
        if (!m.concluded.has_value()) {
          return Missing(p.anchor, k,
                         absl::StrCat(match, " has not concluded"));
        }
        return At(*m.concluded, p.minutes, true,
                  absl::StrCat(match, " concluded"), zone);
      }
      if (!m.scores_agreed.has_value()) {
        return Missing(
            p.anchor, k,
            absl::StrCat("the scores of ", match, " have not been agreed"));
      }
      return At(*m.scores_agreed, p.minutes, true,
                absl::StrCat("the scores of ", match, " were agreed"), zone);
    }
    case TimeAnchor::kLastRoundPosted: {
      const int last = count - 1;
      if (!timeline.sessions[last].last_of_stage) {
        // Say what is true: the latest listed session may be posted and
        // still not be known as the stage's last.
        return Missing(
            p.anchor, -1,
            timeline.sessions[last].scores_posted.has_value()
                ? absl::StrCat(SessionName(timeline, last),
                               "'s scores were posted, but more may be "
                               "scheduled: the stage's last round is not "
                               "known yet")
                : std::string("the last round's scores have not been posted"));
      }
      const std::string last_name = SessionName(timeline, last);
      if (!timeline.sessions[last].scores_posted.has_value()) {
        return Missing(p.anchor, last,
                       absl::StrCat("the scores of ", last_name,
                                    ", the last round, have not been posted"));
      }
      return At(*timeline.sessions[last].scores_posted, p.minutes, true,
                absl::StrCat("the scores of ", last_name,
                             ", the last round, were posted"),
                zone);
    }
    case TimeAnchor::kNextStageStart:
      return next_stage();
  }
  return absl::InternalError("unknown time anchor");
}

// Session `k`'s window, before the clause is added.
struct Resolved {
  std::optional<absl::Time> close;
  std::optional<absl::Time> lower;  // close unknown: open at least until
  std::optional<TimeAnchor> missing;
  int missing_session = -1;
  std::string text;
  // Close known: the session whose own end points give it, and how.
  int decided_by = -1;
  std::string own_text;
};

absl::StatusOr<Resolved> Resolve(const TimeWindowRule& rule,
                                 const StageTimeline& timeline, int k,
                                 const WindowSubject& subject) {
  const SessionTimes& s = timeline.sessions[k];
  const std::string name = SessionName(timeline, k);
  const absl::TimeZone zone = timeline.zone;
  // ANC SR 6.2, NZ LIRG 92B: a ruling made after the session.
  const bool late = subject.ruling.has_value() &&
                    subject.ruling->made_after_session &&
                    !rule.late_ruling_ends_at_latest_of.empty();
  // ANC SR 6.1: the last session of a stage.
  const bool last =
      !late && s.last_of_stage && !rule.last_session_ends_at_latest_of.empty();
  const std::vector<TimePoint>& points =
      late   ? rule.late_ruling_ends_at_latest_of
      : last ? rule.last_session_ends_at_latest_of
             : rule.ends_at_latest_of;
  if (points.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(rule.clause, ": the window has no end point"));
  }

  std::vector<PointValue> values;
  for (const TimePoint& p : points) {
    TALLY_ASSIGN_OR_RETURN(PointValue v,
                           ValuePoint(rule, p, timeline, k, subject));
    if (v.kind != PointValue::Kind::kNever) values.push_back(std::move(v));
  }
  if (values.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        rule.clause, ": ", name,
        "'s window would never close: each of its end points is at a next "
        "session or stage, and the event ends with this stage"));
  }

  Resolved r;
  const PointValue* first_missing = nullptr;
  const PointValue* latest = nullptr;
  for (const PointValue& v : values) {
    if (v.kind == PointValue::Kind::kMissing) {
      if (first_missing == nullptr) first_missing = &v;
    } else if (latest == nullptr || v.at > latest->at) {
      latest = &v;
    }
  }
  if (latest != nullptr) r.lower = latest->at;
  if (first_missing != nullptr) {
    r.missing = first_missing->missing_anchor;
    r.missing_session = first_missing->missing_session;
    r.text = first_missing->text;
    return r;
  }

  // "The later of" (ANC SR 6.1, NSW TR 12.2): the latest point decides.
  std::vector<std::string> earlier;
  for (const PointValue& v : values) {
    if (&v != latest) earlier.push_back(v.text);
  }
  r.own_text = latest->text;
  if (!earlier.empty()) {
    absl::StrAppend(&r.own_text, ", later than ",
                    absl::StrJoin(earlier, " and "));
  }
  if (late) absl::StrAppend(&r.own_text, ", a ruling made after the session");
  if (last) {
    absl::StrAppend(&r.own_text, ", ", name,
                    " being the last session of the stage");
  }
  const absl::Time close = latest->at;
  r.close = close;
  r.lower.reset();
  r.decided_by = k;
  r.text = r.own_text;

  // ANC SR 6.1 "except when the next round/stanza/session is scheduled to
  // commence within 30 minutes. In that case the Correction Period for the
  // later session applies"; 6.2 "extended to the expiration of the Time of
  // Appeal for that next round/stanza/session". Never across a stage.
  if (!rule.extends_into_next_session || s.last_of_stage) return r;
  const int count = static_cast<int>(timeline.sessions.size());
  if (k + 1 >= count || !timeline.sessions[k + 1].scheduled_start.has_value()) {
    Resolved unknown;
    unknown.missing = TimeAnchor::kNextSessionStart;
    unknown.missing_session = k + 1;
    unknown.lower = close;
    unknown.text = absl::StrCat(
        k + 1 >= count
            ? absl::StrCat("no session after ", name, " is scheduled yet")
            : absl::StrCat(SessionName(timeline, k + 1),
                           "'s start is not scheduled yet"),
        " (", name, "'s period runs on if the next session starts before ",
        ClockTime(close, zone), ")");
    return unknown;
  }
  const absl::Time next_start = *timeline.sessions[k + 1].scheduled_start;
  // "scheduled to commence within that period" (ANC SR 6.2; 6.1 "within 30
  // minutes"): a next session that had already started when the period
  // began (a ruling made after the session, advised during the next one;
  // scores posted after the next round began) does not commence within it,
  // and the period is not extended.
  if (next_start >= close || next_start < latest->from) return r;

  TALLY_ASSIGN_OR_RETURN(Resolved next, Resolve(rule, timeline, k + 1, {}));
  const std::string next_name = SessionName(timeline, k + 1);
  const std::string because = absl::StrCat(
      next_name, " starts at ", ClockTime(next_start, zone), ", before ", name,
      "'s would end at ", ClockTime(close, zone));
  if (!next.close.has_value()) {
    next.lower = next.lower.has_value() ? std::max(*next.lower, close) : close;
    absl::StrAppend(&next.text, "; ", name, "'s period runs on into ",
                    next_name, "'s, as ", because);
    return next;
  }
  if (*next.close <= close) return r;  // extended, never shortened
  Resolved extended = next;
  extended.text = absl::StrCat(
      next.own_text, "; ", name, "'s period runs on to ",
      SessionName(timeline, next.decided_by), "'s, as ",
      next.decided_by == k + 1
          ? because
          : std::string("each next session starts before the period before "
                        "it would end"));
  return extended;
}

bool StartsTheWindow(TimeAnchor anchor) {
  switch (anchor) {
    case TimeAnchor::kScoresPosted:
    case TimeAnchor::kRulingAdvised:
    case TimeAnchor::kMatchConcluded:
    case TimeAnchor::kMatchScoresAgreed:
      return true;
    case TimeAnchor::kNextSessionStart:
    case TimeAnchor::kSessionScheduledEnd:
    case TimeAnchor::kLastRoundPosted:
    case TimeAnchor::kNextStageStart:
      return false;
  }
  return false;
}

}  // namespace

absl::StatusOr<WindowClose> FindWindowClose(const TimeWindowRule& rule,
                                            const StageTimeline& timeline,
                                            int session,
                                            const WindowSubject& subject) {
  TALLY_RETURN_IF_ERROR(ValidateTimeline(timeline));
  const int count = static_cast<int>(timeline.sessions.size());
  if (session < 0 || session >= count) {
    return absl::InvalidArgumentError(absl::StrCat(
        "no session ", session + 1, ": the timeline lists ", count));
  }
  if (subject.match.has_value()) {
    const int matches =
        static_cast<int>(timeline.sessions[session].matches.size());
    if (*subject.match < 0 || *subject.match >= matches) {
      return absl::InvalidArgumentError(absl::StrCat(
          "no match ", *subject.match + 1, " in ",
          SessionName(timeline, session), ", which lists ", matches));
    }
  }
  TALLY_ASSIGN_OR_RETURN(Resolved r, Resolve(rule, timeline, session, subject));
  WindowClose out;
  out.kind = rule.kind;
  out.clause = rule.clause;
  out.closes_at = r.close;
  out.missing = r.missing;
  out.missing_session = r.missing_session;
  out.open_at_least_until = r.lower;
  if (r.close.has_value()) {
    out.explanation = absl::StrCat(r.text, " (", rule.clause, ")");
  } else {
    const bool not_started = !r.lower.has_value() &&
                             r.missing_session == session &&
                             StartsTheWindow(*r.missing);
    out.explanation = absl::StrCat(
        not_started ? "not started: " : "", r.text,
        r.lower.has_value() ? absl::StrCat("; open at least until ",
                                           ClockTime(*r.lower, timeline.zone))
                            : "",
        " (", rule.clause, ")");
  }
  return out;
}

absl::string_view WindowStateId(WindowState state) {
  switch (state) {
    case WindowState::kOpen:
      return "open";
    case WindowState::kClosed:
      return "closed";
    case WindowState::kNotYetKnown:
      return "not_yet_known";
  }
  return "unknown";
}

WindowState WindowStateAt(const WindowClose& close, absl::Time at) {
  if (close.closes_at.has_value()) {
    return at < *close.closes_at ? WindowState::kOpen : WindowState::kClosed;
  }
  if (close.open_at_least_until.has_value() &&
      at < *close.open_at_least_until) {
    return WindowState::kOpen;
  }
  return WindowState::kNotYetKnown;
}

absl::StatusOr<bool> IsOpen(const TimeWindowRule& rule,
                            const StageTimeline& timeline, int session,
                            absl::Time at, const WindowSubject& subject) {
  TALLY_ASSIGN_OR_RETURN(WindowClose close,
                         FindWindowClose(rule, timeline, session, subject));
  return WindowStateAt(close, at) == WindowState::kOpen;
}

bool RunsFromMatchTimes(const TimeWindowRule& rule) {
  for (const std::vector<TimePoint>* list :
       {&rule.ends_at_latest_of, &rule.late_ruling_ends_at_latest_of,
        &rule.last_session_ends_at_latest_of}) {
    for (const TimePoint& p : *list) {
      if (p.anchor == TimeAnchor::kMatchConcluded ||
          p.anchor == TimeAnchor::kMatchScoresAgreed) {
        return true;
      }
    }
  }
  return false;
}

}  // namespace tally::core
