#include "server/access_table.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "google/protobuf/descriptor.h"
#include "server/principal_store.h"
#include "server/request_validator.h"

namespace tally::server {
namespace {

// Roles, one letter each, as the table below (and docs/access.md) reads.
constexpr RoleSet A = Bit(v1::ROLE_ADMINISTRATOR);
constexpr RoleSet D = Bit(v1::ROLE_DIRECTOR);
constexpr RoleSet S = Bit(v1::ROLE_SCORER);
constexpr RoleSet V = Bit(v1::ROLE_VENUE);
constexpr RoleSet C = Bit(v1::ROLE_APPEALS_COMMITTEE);
constexpr RoleSet U = Bit(v1::ROLE_AUDITOR);
constexpr RoleSet P = Bit(v1::ROLE_PUBLIC);
constexpr RoleSet kAll = A | D | S | V | C | U | P;
constexpr RoleSet kReaders = A | D | S | C | U | P;  // published figures
constexpr RoleSet kOfficials = A | D | S | C | U;    // a tournament's files

using enum ScopeRule;

// clang-format off
const std::vector<AccessRule>& Table() {
  static const std::vector<AccessRule>* table = new std::vector<AccessRule>{
    // The director's commands, on the director's own tournament.
    {"DirectorService.CreateTournament",       A,         kTournament},
    {"DirectorService.SetTimeZone",            A | D,     kTournament},
    {"DirectorService.CreateCompetition",      A | D,     kTournament},
    {"DirectorService.RegisterPair",           A | D,     kTournament},
    {"DirectorService.DefineSession",          A | D,     kTournament},
    {"DirectorService.StartSession",           A | D,     kTournament},
    {"DirectorService.PostScores",             A | D,     kTournament},
    {"DirectorService.RegisterTeam",           A | D,     kTournament},
    {"DirectorService.MakeDraw",               A | D,     kTournament},
    {"DirectorService.AwardPenalty",           A | D,     kTournament},
    {"DirectorService.RecordLot",              A | D,     kTournament},
    {"DirectorService.RecordOffence",          A | D,     kTournament},
    {"DirectorService.RecordSubstitute",       A | D,     kTournament},
    {"DirectorService.RecordPairAbsent",       A | D,     kTournament},
    {"DirectorService.ChooseSeatingRights",    A | D,     kTournament},
    {"DirectorService.WithdrawEntrant",        A | D,     kTournament},
    {"DirectorService.ForfeitMatch",           A | D,     kTournament},
    {"DirectorService.PostLineup",             A | D,     kTournament},
    {"DirectorService.ScheduleSession",        A | D,     kTournament},
    {"DirectorService.RecordPlayFinished",     A | D,     kTournament},
    {"DirectorService.AgreeMatchScores",       A | D,     kTournament},
    {"DirectorService.EndStage",               A | D,     kTournament},
    {"DirectorService.DeclareResultsOfficial", A | D,     kTournament},
    {"DirectorService.CorrectResult",          A | D | S, kTournament},
    // Every ruling, the Fouled-board guide's match play (tally fouled-match)
    // among them.
    {"DirectorService.RecordRuling",           A | D,     kTournament},
    {"DirectorService.AdjustSession",          A | D,     kTournament},
    {"DirectorService.ChooseDatumSubstitutes", A | D,     kTournament},
    {"DirectorService.QualifyEntrants",        A | D,     kTournament},
    // Appeals: lodged by the director for a pair; heard and decided by the
    // competition's committee only (SABF TR 7, NSW TR 2.2).
    {"DirectorService.LodgeAppeal",            A | D,     kTournament},
    {"DirectorService.SubmitAppealResponse",   A | D,     kTournament},
    {"DirectorService.ReplyToAppeal",          A | D,     kTournament},
    {"DirectorService.WithdrawAppeal",         A | D,     kTournament},
    {"DirectorService.LodgeFurtherAppeal",     A | D,     kTournament},
    {"DirectorService.HearAppeal",             C,         kCompetition},
    {"DirectorService.DecideAppeal",           C,         kCompetition},
    // The table: a device its own table only (NSW TR 12.11).
    {"VenueService.EnterResult",               A | D | S | V, kTable},
    {"VenueService.ConfirmResult",             A | D | S | V, kTable},
    // Reads. A table's device reads figures as the public does, but while
    // its own session is in play none but its own table's (see
    // CheckProgressPublished in server/read_guard.cc, NSW TR 12.12).
    {"QueryService.ListTournaments",           kAll,      kNone},
    {"QueryService.GetTournament",             kAll,      kTournament},
    {"QueryService.GetDraw",                   kAll,      kTournament},
    {"QueryService.GetTimeWindows",            kAll,      kTournament},
    {"QueryService.ListRegulationProfiles",    kAll,      kNone},
    {"QueryService.GetRegulationProfile",      kAll,      kNone},
    {"QueryService.GetStandings",              kReaders | V, kTournament},
    {"QueryService.GetCompetitionStandings",   kReaders | V, kTournament},
    {"QueryService.GetTraveller",              kReaders | V, kTournament},
    {"QueryService.GetScorecard",              kReaders | V, kTournament},
    {"QueryService.GetMatchResults",           kReaders,  kTournament},
    {"QueryService.GetMatchStandings",         kReaders | V, kTournament},
    {"QueryService.GetEntrantRecord",          kReaders | V, kTournament},
    {"QueryService.GetQualification",          kReaders,  kTournament},
    {"QueryService.GetKnockoutResults",        kReaders,  kTournament},
    {"QueryService.GetEligibility",            kOfficials, kTournament},
    {"QueryService.GetOffenceRegister",        kOfficials, kTournament},
    {"QueryService.GetAppeal",                 kOfficials, kTournament},
    // The appeals' outcomes are published (the results pages list them).
    {"QueryService.ListAppeals",               kReaders,  kTournament},
    // The audit trail. The log is the public record: its export is
    // published so that anyone can verify the pages (issue #17), but not
    // to a table's device, which sees its own table only (NSW TR 12.11).
    {"AuditService.ReadLog",                   kReaders,  kTournament},
    {"AuditService.GetStandingsAsOf",          A | D | S | U, kTournament},
    {"AuditService.GetMatchStandingsAsOf",     A | D | S | U, kTournament},
    {"AuditService.GetBoardHistory",           A | D | S | U, kTournament},
    {"AuditService.CheckDraw",                 A | D | S | U, kTournament},
    // The request names only a sequence, not a tournament: not for a
    // scoped principal until it names one (docs/access.md).
    {"AuditService.WhatChanged",               A | U,     kNone},
    {"AuditService.DiffStandings",             A | D | S | U, kTournament},
    {"AuditService.WhatIfCorrectResult",       A | D | S | U, kTournament},
    {"AuditService.WhatIfRecordRuling",        A | D | S | U, kTournament},
    {"AuditService.WhatIfDecideAppeal",        A | D | C | U, kTournament},
    {"AuditService.VerifyChain",               kReaders,  kNone},
    {"AuditService.ListCheckpoints",           kReaders,  kNone},
    {"AuditService.SignCheckpoint",            A | D,     kNone},
    // The calculator reads no tournament.
    {"CalculatorService.ContractScore",        kAll,      kNone},
    {"CalculatorService.Imps",                 kAll,      kNone},
    {"CalculatorService.Datum",                kAll,      kNone},
    {"CalculatorService.ListDatumRules",       kAll,      kNone},
    {"CalculatorService.VictoryPoints",        kAll,      kNone},
    {"CalculatorService.ListVpScales",         kAll,      kNone},
    {"CalculatorService.WeightedScore",        kAll,      kNone},
    {"CalculatorService.AveragePlus",          kAll,      kNone},
    {"CalculatorService.Neuberg",              kAll,      kNone},
    {"CalculatorService.CarryOver",            kAll,      kNone},
    {"CalculatorService.BoardMatchpoints",     kAll,      kNone},
    {"CalculatorService.HalfMatch",            kAll,      kNone},
    {"CalculatorService.ForfeitAward",         kAll,      kNone},
    {"CalculatorService.ArtificialAward",      kAll,      kNone},
    {"CalculatorService.SeveralBoards",        kAll,      kNone},
    {"CalculatorService.SessionPercentage",    kAll,      kNone},
    {"CalculatorService.SwissDraw",            kAll,      kNone},
    {"CalculatorService.TieBreakRanking",      kAll,      kNone},
    {"CalculatorService.FouledBoard",          kAll,      kNone},
    {"CalculatorService.FouledButlerBoard",    kAll,      kNone},
    {"CalculatorService.FewComparisons",       kAll,      kNone},
    {"CalculatorService.ByeScore",             kAll,      kNone},
    {"CalculatorService.FouledMatchPlay",      kAll,      kNone},
    // The watch API: the log to whom may read it, figures as published.
    {"WatchService.GetLogHead",                kAll,      kNone},
    {"WatchService.WatchLog",                  kReaders,  kTournament},
    {"WatchService.WatchStandings",            kReaders | V, kTournament},
    {"WatchService.WatchTraveller",            kReaders | V, kTournament},
    // Principals: a director enrols the scorers and devices of its own
    // tournament (PrincipalAuthority below); the rest is the administrator's.
    {"AccessService.CreatePrincipal",          A | D,     kTournament},
    {"AccessService.ListPrincipals",           A | D,     kTournament},
    {"AccessService.RotateCredential",         A | D,     kNone},
    {"AccessService.RevokePrincipal",          A | D,     kNone},
    {"AccessService.WhoAmI",                   kAll,      kNone},
    // The operator's backup writes a copy of every tournament on the
    // server's disk: the administrator's alone (docs/operator.md).
    {"OperatorService.Backup",                 A,         kNone},
  };
  return *table;
}
// clang-format on

const google::protobuf::FieldDescriptor* FindField(
    const google::protobuf::Message& request, const std::string& name,
    const google::protobuf::Message** holder) {
  const google::protobuf::Descriptor* d = request.GetDescriptor();
  if (const auto* f = d->FindFieldByName(name);
      f != nullptr && !f->is_repeated()) {
    *holder = &request;
    return f;
  }
  const google::protobuf::Reflection* r = request.GetReflection();
  for (int i = 0; i < d->field_count(); ++i) {
    const google::protobuf::FieldDescriptor* m = d->field(i);
    if (m->is_repeated() ||
        m->cpp_type() != google::protobuf::FieldDescriptor::CPPTYPE_MESSAGE ||
        m->name() == "options") {
      continue;
    }
    const google::protobuf::Message& sub = r->GetMessage(request, m);
    if (const auto* f = sub.GetDescriptor()->FindFieldByName(name);
        f != nullptr && !f->is_repeated()) {
      *holder = &sub;
      return f;
    }
  }
  return nullptr;
}

bool IsScoped(v1::Role role) {
  return role == v1::ROLE_DIRECTOR || role == v1::ROLE_SCORER ||
         role == v1::ROLE_VENUE || role == v1::ROLE_APPEALS_COMMITTEE;
}

std::string Who(const v1::Principal& p) {
  return absl::StrCat("principal ", QuoteForMessage(p.id()), " (",
                      DescribeScope(p.role(), p.scope()), ")");
}

std::string MayCallInstead(v1::Role role) {
  std::vector<std::string> rpcs;
  bool calculator = false;
  for (std::string& rpc : RpcsOf(role)) {
    if (rpc.rfind("CalculatorService.", 0) == 0) {
      calculator = true;
    } else {
      rpcs.push_back(std::move(rpc));
    }
  }
  constexpr size_t kListed = 20;
  if (rpcs.size() > kListed) {
    return absl::StrCat("it may call ", rpcs.size(),
                        " RPCs and the calculator (`tally whoami` lists them)");
  }
  return absl::StrCat("it may call ", absl::StrJoin(rpcs, ", "),
                      calculator ? " and the calculator" : "");
}

}  // namespace

const std::vector<AccessRule>& AccessTable() { return Table(); }

const AccessRule* FindRule(absl::string_view rpc) {
  for (const AccessRule& rule : Table()) {
    if (rule.rpc == rpc) return &rule;
  }
  return nullptr;
}

const std::vector<v1::Role>& AllRoles() {
  static const std::vector<v1::Role>* roles = new std::vector<v1::Role>{
      v1::ROLE_ADMINISTRATOR, v1::ROLE_DIRECTOR,          v1::ROLE_SCORER,
      v1::ROLE_VENUE,         v1::ROLE_APPEALS_COMMITTEE, v1::ROLE_AUDITOR,
      v1::ROLE_PUBLIC};
  return *roles;
}

std::vector<std::string> RpcsOf(v1::Role role) {
  std::vector<std::string> out;
  for (const AccessRule& rule : Table()) {
    if (rule.roles & Bit(role)) out.emplace_back(rule.rpc);
  }
  return out;
}

std::string StringField(const google::protobuf::Message& request,
                        const std::string& name) {
  const google::protobuf::Message* holder = nullptr;
  const auto* f = FindField(request, name, &holder);
  if (f == nullptr ||
      f->cpp_type() != google::protobuf::FieldDescriptor::CPPTYPE_STRING) {
    return "";
  }
  return holder->GetReflection()->GetString(*holder, f);
}

int64_t IntField(const google::protobuf::Message& request,
                 const std::string& name) {
  const google::protobuf::Message* holder = nullptr;
  const auto* f = FindField(request, name, &holder);
  if (f == nullptr) return 0;
  switch (f->cpp_type()) {
    case google::protobuf::FieldDescriptor::CPPTYPE_INT32:
      return holder->GetReflection()->GetInt32(*holder, f);
    case google::protobuf::FieldDescriptor::CPPTYPE_INT64:
      return holder->GetReflection()->GetInt64(*holder, f);
    case google::protobuf::FieldDescriptor::CPPTYPE_UINT32:
      return holder->GetReflection()->GetUInt32(*holder, f);
    default:
      return 0;
  }
}

absl::Status Authorise(const v1::Principal& principal, absl::string_view rpc,
                       const google::protobuf::Message& request) {
  const AccessRule* rule = FindRule(rpc);
  if (rule == nullptr) {
    return absl::PermissionDeniedError(
        absl::StrCat(rpc, " is not in the access table; nobody may call it"));
  }
  if ((rule->roles & Bit(principal.role())) == 0) {
    std::string why;
    if (rule->scope == kCompetition) {
      why =
          "; only the competition's appeals committee hears and decides "
          "an appeal (SABF TR 7, NSW TR 2.2)";
    }
    return absl::PermissionDeniedError(
        absl::StrCat(Who(principal), " may not call ", rpc, why, "; ",
                     MayCallInstead(principal.role())));
  }
  if (!IsScoped(principal.role()) || rule->scope == kNone) {
    return absl::OkStatus();
  }
  const v1::Scope& scope = principal.scope();
  const std::string tournament = StringField(request, "tournament_id");
  if (tournament != scope.tournament_id()) {
    return absl::PermissionDeniedError(
        absl::StrCat(Who(principal), " may not call ", rpc, " on tournament ",
                     QuoteForMessage(tournament), "; it may touch tournament ",
                     QuoteForMessage(scope.tournament_id()), " only"));
  }
  const std::string competition = StringField(request, "competition_id");
  if (rule->scope == kCompetition &&
      principal.role() == v1::ROLE_APPEALS_COMMITTEE &&
      competition != scope.competition_id()) {
    return absl::PermissionDeniedError(
        absl::StrCat(Who(principal), " may not call ", rpc, " on competition ",
                     QuoteForMessage(competition), ": it hears the appeals of ",
                     QuoteForMessage(scope.competition_id()), " only"));
  }
  if (rule->scope == kTable && principal.role() == v1::ROLE_VENUE &&
      scope.table() != 0) {
    // A request names its session, or in an event of matches its round,
    // in `session` (VenueService); a device is bound to one or the other.
    const int bound = scope.session() != 0 ? scope.session() : scope.round();
    const bool same_place = competition == scope.competition_id() &&
                            IntField(request, "table") == scope.table() &&
                            IntField(request, "session") == bound;
    if (!same_place) {
      return absl::PermissionDeniedError(absl::StrCat(
          Who(principal), " may not call ", rpc, " for ",
          QuoteForMessage(competition), " table ", IntField(request, "table"),
          " (", scope.session() != 0 ? "session " : "round ",
          IntField(request, "session"),
          "): a table's device enters and confirms its own table's results "
          "only (NSW TR 12.11)"));
    }
  }
  return absl::OkStatus();
}

bool ShowsProgress(absl::string_view rpc) {
  static constexpr absl::string_view kShowsProgress[] = {
      "QueryService.GetStandings",      "QueryService.GetCompetitionStandings",
      "QueryService.GetMatchStandings", "QueryService.GetScorecard",
      "QueryService.GetTraveller",      "QueryService.GetEntrantRecord",
      "WatchService.WatchStandings",    "WatchService.WatchTraveller"};
  for (absl::string_view r : kShowsProgress) {
    if (r == rpc) return true;
  }
  return false;
}

bool SeesProgressInPlay(v1::Role role) {
  return role == v1::ROLE_ADMINISTRATOR || role == v1::ROLE_DIRECTOR ||
         role == v1::ROLE_SCORER || role == v1::ROLE_AUDITOR;
}

absl::Status ProgressWithheldError(const v1::Principal& principal,
                                   absl::string_view rpc,
                                   const std::string& what,
                                   const std::string& clause) {
  return absl::PermissionDeniedError(absl::StrCat(
      Who(principal), " may not call ", rpc, " while ", what,
      " is in play: its rankings, percentages and other tables' scores go to "
      "directors and scorers only until it ends (",
      clause, ")"));
}

absl::Status AuthoriseOverPrincipal(const v1::Principal& actor, v1::Role role,
                                    const v1::Scope& scope) {
  if (actor.role() == v1::ROLE_ADMINISTRATOR) return absl::OkStatus();
  if (actor.role() == v1::ROLE_DIRECTOR &&
      (role == v1::ROLE_SCORER || role == v1::ROLE_VENUE) &&
      scope.tournament_id() == actor.scope().tournament_id()) {
    return absl::OkStatus();
  }
  return absl::PermissionDeniedError(absl::StrCat(
      Who(actor), " may not manage a principal who is ",
      DescribeScope(role, scope),
      actor.role() == v1::ROLE_DIRECTOR
          ? absl::StrCat("; a director enrols the scorers and venue devices "
                         "of tournament ",
                         QuoteForMessage(actor.scope().tournament_id()),
                         " only (tally enrol-device)")
          : "; only an administrator manages principals"));
}

}  // namespace tally::server
