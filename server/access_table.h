// The access table (issue #15 item 3): for every RPC, the roles that may
// call it and what of the request a scoped principal must own. This one
// table is the whole of tally's authorisation; docs/access.md prints it and
// access_matrix_e2e_test is generated from it. Thread-safe (constant data).

#ifndef TALLY_SERVER_ACCESS_TABLE_H_
#define TALLY_SERVER_ACCESS_TABLE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/message.h"
#include "tally/v1/access.pb.h"
#include "tally/v1/common.pb.h"

namespace tally::server {

// What a scoped principal (director, scorer, committee, device) must own in
// the request. Administrators, auditors and the public are not scoped.
enum class ScopeRule {
  kNone,         // no tournament's data (calculator, profiles, the chain)
  kTournament,   // the request's tournament is the principal's
  kTable,        // ... and a table's device only its own table (NSW TR 12.11)
  kCompetition,  // ... and a committee only its own competition (SABF TR 7)
};

// A set of roles, one bit per v1::Role.
using RoleSet = uint32_t;
constexpr RoleSet Bit(v1::Role role) { return RoleSet{1} << role; }

struct AccessRule {
  absl::string_view rpc;  // "Service.Method", e.g. "VenueService.EnterResult"
  RoleSet roles;
  ScopeRule scope;
};

// Every RPC tallyd serves, once.
const std::vector<AccessRule>& AccessTable();
// The rule of `rpc`; null for an RPC the table does not list (refused).
const AccessRule* FindRule(absl::string_view rpc);

// The roles a principal can hold, in the order the docs list them.
const std::vector<v1::Role>& AllRoles();

// Whether `principal` may call `rpc` with `request`: OK, or
// PERMISSION_DENIED naming the principal, what it asked and what it may do
// instead.
absl::Status Authorise(const v1::Principal& principal, absl::string_view rpc,
                       const google::protobuf::Message& request);

// Whether `rpc` shows a session's or round's rankings, percentages or other
// tables' scores, which a profile may withhold from participants while it
// is in play (NSW TR 12.12), and whether `role` sees them all the same
// (administrators, directors, scorers and auditors do).
bool ShowsProgress(absl::string_view rpc);
bool SeesProgressInPlay(v1::Role role);

// PERMISSION_DENIED for `principal` calling `rpc` while `clause` withholds
// `what` ("session 2 of 'pairs'").
absl::Status ProgressWithheldError(const v1::Principal& principal,
                                   absl::string_view rpc,
                                   const std::string& what,
                                   const std::string& clause);

// Whether `actor` may create, list, rotate or revoke a principal of `role`
// and `scope`: an administrator any; a director the scorers and venue
// devices of its own tournament. PERMISSION_DENIED otherwise.
absl::Status AuthoriseOverPrincipal(const v1::Principal& actor, v1::Role role,
                                    const v1::Scope& scope);

// The RPCs `role` may call, "Service.Method", in table order.
std::vector<std::string> RpcsOf(v1::Role role);

// A string or integer field of `request` by name, at the top level or in a
// singular message field one level down (an appeal's competition is in
// `decided.competition_id`): "" or 0 when there is none.
std::string StringField(const google::protobuf::Message& request,
                        const std::string& name);
int64_t IntField(const google::protobuf::Message& request,
                 const std::string& name);

}  // namespace tally::server

#endif  // TALLY_SERVER_ACCESS_TABLE_H_
