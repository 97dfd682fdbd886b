// tally's principal commands (issue #15, docs/access.md): enrol a table's
// device, add, list, rotate and revoke principals, and whoami.

#include <iostream>
#include <map>
#include <memory>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "server/access_table.h"
#include "server/cli/cli_common.h"
#include "server/cli/text_table.h"
#include "server/cli/usage_grammar.h"
#include "server/principal_store.h"
#include "tally/v1/access.grpc.pb.h"

namespace tally::cli {
namespace {

const std::map<std::string, v1::Role>& RoleWords() {
  static const auto* words = new std::map<std::string, v1::Role>{
      {"administrator", v1::ROLE_ADMINISTRATOR},
      {"director", v1::ROLE_DIRECTOR},
      {"scorer", v1::ROLE_SCORER},
      {"device", v1::ROLE_VENUE},
      {"committee", v1::ROLE_APPEALS_COMMITTEE},
      // The role's full name (ROLE_APPEALS_COMMITTEE) and the venue's.
      {"appeals-committee", v1::ROLE_APPEALS_COMMITTEE},
      {"appeals_committee", v1::ROLE_APPEALS_COMMITTEE},
      {"venue", v1::ROLE_VENUE},
      {"auditor", v1::ROLE_AUDITOR},
      {"public", v1::ROLE_PUBLIC}};
  return *words;
}

std::unique_ptr<v1::AccessService::Stub> Stub(Client& client) {
  return v1::AccessService::NewStub(client.channel_);
}

// A number option; false, after saying so, when it is not one.
bool IntOption(const Invocation& inv, const std::string& name, int* out) {
  *out = 0;
  if (!inv.Has(name)) return true;
  if (ToInt(inv.Get(name), out)) return true;
  std::cerr << "tally: --" << name << "=" << inv.Get(name)
            << " is not a number\n";
  return false;
}

int PrintCredential(const Invocation& inv, const grpc::Status& status,
                    const v1::Credential& c) {
  return PrintAnswer<v1::Credential>(
      inv, status, c, [](const v1::Credential& c) {
        std::cout
            << "principal " << c.principal().id() << ": "
            << server::DescribeScope(c.principal().role(),
                                     c.principal().scope())
            << "\ntoken: " << c.token()
            << "\n(shown this once; give it to its holder, who passes it as "
               "--token or TALLY_TOKEN)\n";
      });
}

int EnrolDevice(Client& client, const Invocation& inv) {
  int place = 0, table = 0;
  if (!ToInt(inv.args[2], &place) || !ToInt(inv.args[3], &table)) {
    std::cerr << "tally: session (or round) and table are numbers\n";
    return kUsage;
  }
  v1::CreatePrincipalRequest request;
  request.set_role(v1::ROLE_VENUE);
  request.set_id(inv.Get("id"));
  v1::Scope& scope = *request.mutable_scope();
  scope.set_tournament_id(inv.args[0]);
  scope.set_competition_id(inv.args[1]);
  if (inv.Has("round")) {
    scope.set_round(place);
  } else {
    scope.set_session(place);
  }
  scope.set_table(table);
  request.set_description(inv.Get(
      "description",
      absl::StrCat("table ", table,
                   inv.Has("round") ? ", round " : ", session ", place)));
  v1::Credential response;
  auto context = client.Context();
  return PrintCredential(
      inv, Stub(client)->CreatePrincipal(context.get(), request, &response),
      response);
}

int AddPrincipal(Client& client, const Invocation& inv) {
  auto role = RoleWords().find(absl::AsciiStrToLower(inv.args[0]));
  if (role == RoleWords().end()) {
    std::vector<std::string> names;
    for (const auto& [word, r] : RoleWords()) names.push_back(word);
    std::optional<std::string> near =
        ClosestName(absl::AsciiStrToLower(inv.args[0]), names);
    std::cerr << "tally: unknown role '" << inv.args[0]
              << "': give one of administrator, director, scorer, device "
                 "(or venue), committee (or appeals-committee), auditor, "
                 "public"
              << (near.has_value() ? "; did you mean " + *near + "?" : "")
              << "\n";
    return kUsage;
  }
  v1::CreatePrincipalRequest request;
  request.set_role(role->second);
  if (inv.args.size() > 1) request.set_id(inv.args[1]);
  request.set_description(inv.Get("description"));
  v1::Scope& scope = *request.mutable_scope();
  scope.set_tournament_id(inv.Get("tournament"));
  scope.set_competition_id(inv.Get("competition"));
  int session = 0, round = 0, table = 0;
  if (!IntOption(inv, "session", &session) ||
      !IntOption(inv, "round", &round) || !IntOption(inv, "table", &table)) {
    return kUsage;
  }
  scope.set_session(session);
  scope.set_round(round);
  scope.set_table(table);
  v1::Credential response;
  auto context = client.Context();
  return PrintCredential(
      inv, Stub(client)->CreatePrincipal(context.get(), request, &response),
      response);
}

int ListPrincipals(Client& client, const Invocation& inv) {
  v1::ListPrincipalsRequest request;
  if (!inv.args.empty()) request.set_tournament_id(inv.args[0]);
  v1::PrincipalList response;
  auto context = client.Context();
  grpc::Status status =
      Stub(client)->ListPrincipals(context.get(), request, &response);
  return PrintAnswer<v1::PrincipalList>(
      inv, status, response, [](const v1::PrincipalList& l) {
        TextTable t({"Id", "Role and scope", "State", "Created by"});
        for (const v1::Principal& p : l.principals()) {
          t.AddRow({p.id(), server::DescribeScope(p.role(), p.scope()),
                    p.revoked() ? "revoked" : "live", p.created_by()});
        }
        std::cout << t.Render();
      });
}

int Rotate(Client& client, const Invocation& inv) {
  v1::RotateCredentialRequest request;
  request.set_id(inv.args[0]);
  v1::Credential response;
  auto context = client.Context();
  return PrintCredential(
      inv, Stub(client)->RotateCredential(context.get(), request, &response),
      response);
}

int Revoke(Client& client, const Invocation& inv) {
  v1::RevokePrincipalRequest request;
  request.set_id(inv.args[0]);
  v1::Principal response;
  auto context = client.Context();
  grpc::Status status =
      Stub(client)->RevokePrincipal(context.get(), request, &response);
  return PrintAnswer<v1::Principal>(
      inv, status, response, [](const v1::Principal& p) {
        std::cout << "principal " << p.id()
                  << " revoked: its token no longer works\n";
      });
}

int WhoAmI(Client& client, const Invocation& inv) {
  v1::WhoAmIResponse response;
  auto context = client.Context();
  grpc::Status status =
      Stub(client)->WhoAmI(context.get(), v1::WhoAmIRequest(), &response);
  return PrintAnswer<v1::WhoAmIResponse>(
      inv, status, response, [](const v1::WhoAmIResponse& r) {
        std::cout << "principal " << r.principal().id() << ": "
                  << server::DescribeScope(r.principal().role(),
                                           r.principal().scope())
                  << "\nmay call: " << absl::StrJoin(r.may_call(), ", ")
                  << "\n";
      });
}

}  // namespace

void AddAccessCommands(std::vector<Command>& commands) {
  commands.push_back(
      {"enrol-device",
       "TOURNAMENT COMPETITION SESSION TABLE [--round] [--id=ID]",
       "enrol a table's device (its own table only, NSW TR 12.11) and print "
       "its "
       "short token; --round: the third number is a teams round",
       4, 4, EnrolDevice});
  commands.push_back(
      {"principal-add",
       "ROLE [ID] [--tournament=T] [--competition=C] [--session=N] "
       "[--round=N] [--table=N] [--description=TEXT]",
       "create a principal (administrator, director, scorer, device, "
       "committee (or appeals-committee), auditor, public) and print its "
       "token",
       1, 2, AddPrincipal});
  commands.push_back({"principals", "[TOURNAMENT]",
                      "list the principals you may manage", 0, 1,
                      ListPrincipals});
  commands.push_back({"rotate-token", "ID",
                      "give a principal a new token; the old one stops working",
                      1, 1, Rotate});
  commands.push_back({"revoke", "ID",
                      "revoke a principal: its token stops working at once", 1,
                      1, Revoke});
  commands.push_back(
      {"whoami", "", "your principal, its role and scope, and what it may call",
       0, 0, WhoAmI});
}

}  // namespace tally::cli
