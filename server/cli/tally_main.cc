// tally: the command-line client for a tallyd server. One subcommand per
// RPC; human-readable tables by default, --json for scripts, --help
// everywhere. Exit status: 0 OK, 1 refused or failed, 2 usage error.

#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/time.h"
#include "google/protobuf/util/json_util.h"
#include "grpcpp/grpcpp.h"
#include "replay/bridge_convert.h"
#include "replay/sha256.h"
#include "server/cli/result_text.h"
#include "server/cli/text_table.h"
#include "server/command_runner.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/venue.grpc.pb.h"

namespace tally::cli {
namespace {

constexpr int kOk = 0, kFailed = 1, kUsage = 2;

// The parsed command line: positional words and --name[=value] options.
struct Invocation {
  std::vector<std::string> args;
  std::map<std::string, std::string> options;

  bool Has(const std::string& name) const { return options.contains(name); }
  std::string Get(const std::string& name, const std::string& def = "") const {
    auto it = options.find(name);
    return it == options.end() ? def : it->second;
  }
};

class Client {
 public:
  explicit Client(const Invocation& inv)
      : inv_(inv),
        channel_(grpc::CreateChannel(
            inv.Get("server", DefaultServer()),
            grpc::InsecureChannelCredentials())),
        director_(v1::DirectorService::NewStub(channel_)),
        venue_(v1::VenueService::NewStub(channel_)),
        query_(v1::QueryService::NewStub(channel_)),
        audit_(v1::AuditService::NewStub(channel_)) {}

  static std::string DefaultServer() {
    const char* env = std::getenv("TALLY_SERVER");
    return env != nullptr ? env : "127.0.0.1:50051";
  }

  // A context with who we are and a deadline.
  std::unique_ptr<grpc::ClientContext> Context() const {
    auto context = std::make_unique<grpc::ClientContext>();
    const char* user = std::getenv("USER");
    context->AddMetadata(server::kIdentityHeader,
                         inv_.Get("identity", user != nullptr ? user : "cli"));
    context->AddMetadata(server::kDeviceHeader, inv_.Get("device", "tally-cli"));
    context->set_deadline(std::chrono::system_clock::now() +
                          std::chrono::seconds(30));
    return context;
  }

  // The command options: --key (default: a fresh random key, so a plain
  // re-run is a new command) and --expected-version.
  v1::CommandOptions Options() const {
    v1::CommandOptions o;
    std::string key = inv_.Get("key");
    if (key.empty()) {
      std::random_device random;
      key = absl::StrCat("cli-", random(), "-", random());
    }
    o.set_idempotency_key(key);
    uint64_t version = 0;
    if (inv_.Has("expected-version") &&
        absl::SimpleAtoi(inv_.Get("expected-version"), &version)) {
      o.set_expected_version(version);
    }
    return o;
  }

  const Invocation& inv_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::DirectorService::Stub> director_;
  std::unique_ptr<v1::VenueService::Stub> venue_;
  std::unique_ptr<v1::QueryService::Stub> query_;
  std::unique_ptr<v1::AuditService::Stub> audit_;
};

std::string Json(const google::protobuf::Message& m) {
  std::string out;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  (void)google::protobuf::util::MessageToJsonString(m, &out, options);
  return out;
}

int Refused(const grpc::Status& status) {
  std::cerr << "tally: " << absl::StatusCodeToString(static_cast<absl::StatusCode>(
                                status.error_code()))
            << ": " << status.error_message() << "\n";
  return kFailed;
}

std::string TimeText(const google::protobuf::Timestamp& ts) {
  return absl::FormatTime("%Y-%m-%d %H:%M:%E3SZ", replay::ToTime(ts),
                          absl::UTCTimeZone());
}

// Prints a command's outcome (or its JSON) and returns the exit status.
int PrintOutcome(const Invocation& inv, const grpc::Status& status,
                 const google::protobuf::Message& response,
                 const v1::CommandOutcome& outcome, const std::string& what) {
  if (!status.ok()) return Refused(status);
  if (inv.Has("json")) {
    std::cout << Json(response) << "\n";
    return kOk;
  }
  std::cout << what << (outcome.replayed() ? " (already done: this is the "
                                             "original outcome)"
                                           : "")
            << "\n  event " << outcome.sequence() << ", tournament version "
            << outcome.stream_version() << ", received "
            << TimeText(outcome.received_at()) << ", hash "
            << replay::ToHex(outcome.event_hash()).substr(0, 16) << "\n";
  return kOk;
}

// Prints a query answer as JSON or with `text`.
template <typename Response>
int PrintAnswer(const Invocation& inv, const grpc::Status& status,
                const Response& response,
                const std::function<void(const Response&)>& text) {
  if (!status.ok()) return Refused(status);
  if (inv.Has("json")) {
    std::cout << Json(response) << "\n";
  } else {
    text(response);
  }
  return kOk;
}

bool ToInt(const std::string& word, int* out) {
  return absl::SimpleAtoi(word, out);
}

std::string Players(const google::protobuf::RepeatedPtrField<std::string>& p) {
  return absl::StrJoin(p, " & ");
}

void PrintStandings(const v1::Standings& s) {
  std::cout << s.tournament_id() << " / " << s.competition_id()
            << ", session " << s.session() << ": " << s.results_entered()
            << " of " << s.results_expected() << " results, as of event "
            << s.as_of_sequence() << "\n";
  for (const v1::StandingsField& field : s.fields()) {
    std::cout << "\n" << field.name() << (field.name() == "All" ? "" : " field")
              << "\n";
    TextTable t({"Rank", "Pair", "Players", "MP", "Max", "Percent", "Boards"});
    for (const v1::StandingsRow& r : field.rows()) {
      t.AddRow({absl::StrCat(r.rank(), r.tied() ? "=" : ""),
                absl::StrCat(r.pair()), Players(r.players()),
                FractionText(r.matchpoints()), absl::StrCat(r.maximum()),
                r.has_percentage() ? DecimalText(r.percentage()) : "-",
                absl::StrCat(r.boards_played())});
    }
    std::cout << t.Render();
  }
}

// The command table.
struct Command {
  std::string name;
  std::string usage;    // after "tally NAME "
  std::string summary;  // one line
  size_t min_args;
  size_t max_args;
  std::function<int(Client&, const Invocation&)> run;
};

int Usage(const Command& c, const std::string& problem) {
  std::cerr << "tally " << c.name << ": " << problem << "\nusage: tally "
            << c.name << " " << c.usage << "\n(tally " << c.name
            << " --help for more)\n";
  return kUsage;
}

std::vector<Command> Commands();

// Parses TOURNAMENT COMPETITION SESSION from the first three arguments.
bool SessionArgs(const Invocation& inv, std::string* t, std::string* c,
                 int* s) {
  *t = inv.args[0];
  *c = inv.args[1];
  return ToInt(inv.args[2], s);
}

std::vector<Command> Commands() {
  std::vector<Command> commands;
  auto add = [&](Command c) { commands.push_back(std::move(c)); };

  // --- Director ------------------------------------------------------------
  add({"create-tournament", "TOURNAMENT NAME...",
       "create a tournament (id: lower-case letters, digits, '-')", 2, 99,
       [](Client& cl, const Invocation& inv) {
         v1::CreateTournamentRequest r;
         *r.mutable_options() = cl.Options();
         r.set_tournament_id(inv.args[0]);
         r.set_name(absl::StrJoin(inv.args.begin() + 1, inv.args.end(), " "));
         v1::CommandOutcome out;
         grpc::Status st = cl.director_->CreateTournament(cl.Context().get(), r, &out);
         return PrintOutcome(inv, st, out, out,
                             absl::StrCat("created tournament ", r.tournament_id()));
       }});
  add({"create-competition", "TOURNAMENT COMPETITION NAME...",
       "create a matchpoint pairs competition in a tournament", 3, 99,
       [](Client& cl, const Invocation& inv) {
         v1::CreateCompetitionRequest r;
         *r.mutable_options() = cl.Options();
         r.set_tournament_id(inv.args[0]);
         r.set_competition_id(inv.args[1]);
         r.set_name(absl::StrJoin(inv.args.begin() + 2, inv.args.end(), " "));
         r.set_kind(v1::COMPETITION_KIND_MATCHPOINT_PAIRS);
         v1::CommandOutcome out;
         grpc::Status st = cl.director_->CreateCompetition(cl.Context().get(), r, &out);
         return PrintOutcome(inv, st, out, out,
                             absl::StrCat("created competition ", r.competition_id()));
       }});
  add({"register-pair", "TOURNAMENT COMPETITION PAIR PLAYER1 PLAYER2",
       "register a pair by number (quote names with spaces)", 5, 5,
       [](Client& cl, const Invocation& inv) {
         v1::RegisterPairRequest r;
         *r.mutable_options() = cl.Options();
         r.set_tournament_id(inv.args[0]);
         r.set_competition_id(inv.args[1]);
         int pair = 0;
         if (!ToInt(inv.args[2], &pair)) {
           std::cerr << "tally: pair '" << inv.args[2] << "' is not a number\n";
           return kUsage;
         }
         r.set_pair(pair);
         r.add_players(inv.args[3]);
         r.add_players(inv.args[4]);
         v1::CommandOutcome out;
         grpc::Status st = cl.director_->RegisterPair(cl.Context().get(), r, &out);
         return PrintOutcome(inv, st, out, out, absl::StrCat("registered pair ", pair));
       }});
  add({"define-session",
       "TOURNAMENT COMPETITION SESSION (--mitchell=TABLES:BOARDS_PER_ROUND | "
       "--movement-file=FILE)",
       "define a session's movement: a generated Mitchell, or a file of lines "
       "'ROUND TABLE NS_PAIR EW_PAIR BOARD,BOARD,...'",
       3, 3,
       [](Client& cl, const Invocation& inv) {
         v1::DefineSessionRequest r;
         *r.mutable_options() = cl.Options();
         int session = 0;
         std::string t, c;
         if (!SessionArgs(inv, &t, &c, &session)) return kUsage;
         r.set_tournament_id(t);
         r.set_competition_id(c);
         r.set_session(session);
         if (inv.Has("mitchell")) {
           std::vector<std::string> parts = absl::StrSplit(inv.Get("mitchell"), ':');
           int tables = 0, boards = 0;
           if (parts.size() != 2 || !ToInt(parts[0], &tables) ||
               !ToInt(parts[1], &boards)) {
             std::cerr << "tally: --mitchell takes TABLES:BOARDS_PER_ROUND, "
                          "e.g. --mitchell=7:3\n";
             return kUsage;
           }
           r.mutable_mitchell()->set_tables(tables);
           r.mutable_mitchell()->set_boards_per_round(boards);
         } else if (inv.Has("movement-file")) {
           std::ifstream in(inv.Get("movement-file"));
           if (!in) {
             std::cerr << "tally: cannot read " << inv.Get("movement-file") << "\n";
             return kFailed;
           }
           std::map<int, v1::MovementRound*> rounds;
           std::string line;
           int line_number = 0;
           while (std::getline(in, line)) {
             ++line_number;
             line = std::string(absl::StripAsciiWhitespace(line));
             if (line.empty() || line[0] == '#') continue;
             std::vector<std::string> w =
                 absl::StrSplit(line, absl::ByAnyChar(" \t"), absl::SkipEmpty());
             int round = 0, table = 0, ns = 0, ew = 0;
             if (w.size() != 5 || !ToInt(w[0], &round) || !ToInt(w[1], &table) ||
                 !ToInt(w[2], &ns) || !ToInt(w[3], &ew)) {
               std::cerr << "tally: line " << line_number
                         << ": expected 'ROUND TABLE NS_PAIR EW_PAIR BOARDS'\n";
               return kUsage;
             }
             v1::MovementRound*& mr = rounds[round];
             if (mr == nullptr) {
               mr = r.mutable_explicit_movement()->add_rounds();
               mr->set_round(round);
             }
             v1::TableAssignment* a = mr->add_tables();
             a->set_table(table);
             a->set_ns_pair(ns);
             a->set_ew_pair(ew);
             for (absl::string_view b : absl::StrSplit(w[4], ',')) {
               int board = 0;
               if (!absl::SimpleAtoi(b, &board)) {
                 std::cerr << "tally: line " << line_number << ": board '"
                           << b << "' is not a number\n";
                 return kUsage;
               }
               a->add_boards(board);
             }
           }
         } else {
           std::cerr << "tally define-session: give --mitchell=TABLES:BOARDS "
                        "or --movement-file=FILE\n";
           return kUsage;
         }
         v1::CommandOutcome out;
         grpc::Status st = cl.director_->DefineSession(cl.Context().get(), r, &out);
         return PrintOutcome(inv, st, out, out,
                             absl::StrCat("defined session ", session));
       }});
  add({"start-session", "TOURNAMENT COMPETITION SESSION",
       "start play: tables may enter results from now", 3, 3,
       [](Client& cl, const Invocation& inv) {
         v1::StartSessionRequest r;
         *r.mutable_options() = cl.Options();
         int session = 0;
         std::string t, c;
         if (!SessionArgs(inv, &t, &c, &session)) return kUsage;
         r.set_tournament_id(t);
         r.set_competition_id(c);
         r.set_session(session);
         v1::CommandOutcome out;
         grpc::Status st = cl.director_->StartSession(cl.Context().get(), r, &out);
         return PrintOutcome(inv, st, out, out, absl::StrCat("started session ", session));
       }});
  add({"post-scores", "TOURNAMENT COMPETITION SESSION",
       "post the session's scores for inspection (all results must be in)", 3, 3,
       [](Client& cl, const Invocation& inv) {
         v1::PostScoresRequest r;
         *r.mutable_options() = cl.Options();
         int session = 0;
         std::string t, c;
         if (!SessionArgs(inv, &t, &c, &session)) return kUsage;
         r.set_tournament_id(t);
         r.set_competition_id(c);
         r.set_session(session);
         v1::CommandOutcome out;
         grpc::Status st = cl.director_->PostScores(cl.Context().get(), r, &out);
         return PrintOutcome(inv, st, out, out,
                             absl::StrCat("posted scores of session ", session));
       }});

  // --- Venue ---------------------------------------------------------------
  add({"enter-result",
       "TOURNAMENT COMPETITION SESSION TABLE BOARD (CONTRACT DECLARER TRICKS | "
       "pass) [--round=N]",
       "enter a table's result, e.g. '4S N 10', '3NTX E -2', '2H W =', 'pass'",
       6, 8,
       [](Client& cl, const Invocation& inv) {
         v1::EnterResultRequest r;
         *r.mutable_options() = cl.Options();
         int session = 0, table = 0, board = 0, round = 0;
         std::string t, c;
         if (!SessionArgs(inv, &t, &c, &session) || !ToInt(inv.args[3], &table) ||
             !ToInt(inv.args[4], &board) ||
             (inv.Has("round") && !ToInt(inv.Get("round"), &round))) {
           std::cerr << "tally: session, table, board and round are numbers\n";
           return kUsage;
         }
         absl::StatusOr<v1::TableResult> result =
             ParseResult({inv.args.begin() + 5, inv.args.end()});
         if (!result.ok()) {
           std::cerr << "tally: " << result.status().message() << "\n";
           return kUsage;
         }
         r.set_tournament_id(t);
         r.set_competition_id(c);
         r.set_session(session);
         r.set_table(table);
         r.set_board(board);
         r.set_round(round);
         *r.mutable_result() = *result;
         v1::EnterResultResponse out;
         grpc::Status st = cl.venue_->EnterResult(cl.Context().get(), r, &out);
         return PrintOutcome(
             inv, st, out, out.outcome(),
             absl::StrCat("board ", board, " at table ", table, " (round ",
                          out.round(), ", NS ", out.ns_pair(), " v EW ",
                          out.ew_pair(), "): ", replay::DescribeResult(*result),
                          ", NS ", out.ns_score() > 0 ? "+" : "", out.ns_score()));
       }});
  add({"confirm-result", "TOURNAMENT COMPETITION SESSION TABLE BOARD PAIR",
       "confirm a result entered at the table, as one of its pairs", 6, 6,
       [](Client& cl, const Invocation& inv) {
         v1::ConfirmResultRequest r;
         *r.mutable_options() = cl.Options();
         int session = 0, table = 0, board = 0, pair = 0;
         std::string t, c;
         if (!SessionArgs(inv, &t, &c, &session) || !ToInt(inv.args[3], &table) ||
             !ToInt(inv.args[4], &board) || !ToInt(inv.args[5], &pair)) {
           std::cerr << "tally: session, table, board and pair are numbers\n";
           return kUsage;
         }
         r.set_tournament_id(t);
         r.set_competition_id(c);
         r.set_session(session);
         r.set_table(table);
         r.set_board(board);
         r.set_confirming_pair(pair);
         v1::CommandOutcome out;
         grpc::Status st = cl.venue_->ConfirmResult(cl.Context().get(), r, &out);
         return PrintOutcome(inv, st, out, out,
                             absl::StrCat("pair ", pair, " confirmed board ",
                                          board, " at table ", table));
       }});

  // --- Query ---------------------------------------------------------------
  add({"tournaments", "", "list the tournaments on the server", 0, 0,
       [](Client& cl, const Invocation& inv) {
         v1::ListTournamentsResponse out;
         grpc::Status st = cl.query_->ListTournaments(cl.Context().get(), {}, &out);
         return PrintAnswer<v1::ListTournamentsResponse>(inv, st, out, [](const auto& out) {
           TextTable t({"Tournament", "Name", "Version", "Competitions"});
           for (const v1::Tournament& x : out.tournaments()) {
             std::vector<std::string> comps;
             for (const auto& c : x.competitions()) comps.push_back(c.competition_id());
             t.AddRow({x.tournament_id(), x.name(), absl::StrCat(x.stream_version()),
                       absl::StrJoin(comps, ", ")});
           }
           std::cout << t.Render();
         });
       }});
  add({"tournament", "TOURNAMENT",
       "show a tournament: competitions, pairs and sessions", 1, 1,
       [](Client& cl, const Invocation& inv) {
         v1::GetTournamentRequest r;
         r.set_tournament_id(inv.args[0]);
         v1::Tournament out;
         grpc::Status st = cl.query_->GetTournament(cl.Context().get(), r, &out);
         return PrintAnswer<v1::Tournament>(inv, st, out, [](const v1::Tournament& x) {
           std::cout << x.tournament_id() << ": " << x.name() << " (version "
                     << x.stream_version() << ")\n";
           for (const v1::Competition& c : x.competitions()) {
             std::cout << "\ncompetition " << c.competition_id() << ": " << c.name()
                       << ", " << c.pairs_size() << " pairs\n";
             for (const v1::SessionSummary& s : c.sessions()) {
               std::cout << "  session " << s.session() << ": "
                         << absl::AsciiStrToLower(v1::SessionStatus_Name(s.status())
                                                      .substr(15))
                         << ", " << s.tables() << " tables, " << s.rounds()
                         << " rounds, " << s.boards_size() << " boards, "
                         << s.results_entered() << "/" << s.results_expected()
                         << " results (" << s.movement_source() << ")\n";
             }
             TextTable t({"Pair", "Players"});
             for (const v1::Pair& p : c.pairs()) {
               t.AddRow({absl::StrCat(p.pair()), Players(p.players())});
             }
             std::cout << t.Render();
           }
         });
       }});
  add({"standings", "TOURNAMENT COMPETITION SESSION",
       "the session's ranking with matchpoints and percentages", 3, 3,
       [](Client& cl, const Invocation& inv) {
         v1::GetStandingsRequest r;
         int session = 0;
         std::string t, c;
         if (!SessionArgs(inv, &t, &c, &session)) return kUsage;
         r.set_tournament_id(t);
         r.set_competition_id(c);
         r.set_session(session);
         v1::Standings out;
         grpc::Status st = cl.query_->GetStandings(cl.Context().get(), r, &out);
         return PrintAnswer<v1::Standings>(inv, st, out, PrintStandings);
       }});
  add({"traveller", "TOURNAMENT COMPETITION SESSION BOARD",
       "every result on one board with its matchpoints", 4, 4,
       [](Client& cl, const Invocation& inv) {
         v1::GetTravellerRequest r;
         int session = 0, board = 0;
         std::string t, c;
         if (!SessionArgs(inv, &t, &c, &session) || !ToInt(inv.args[3], &board)) {
           return kUsage;
         }
         r.set_tournament_id(t);
         r.set_competition_id(c);
         r.set_session(session);
         r.set_board(board);
         v1::Traveller out;
         grpc::Status st = cl.query_->GetTraveller(cl.Context().get(), r, &out);
         return PrintAnswer<v1::Traveller>(inv, st, out, [](const v1::Traveller& x) {
           std::cout << "board " << x.board() << ": dealer "
                     << v1::Seat_Name(x.dealer()).substr(5) << ", vulnerable "
                     << v1::Vulnerability_Name(x.vulnerability()).substr(14)
                     << ", played at " << x.times_expected() << " tables\n";
           TextTable t({"Round", "Table", "NS", "EW", "Result", "NS score",
                        "NS MP", "EW MP", "Event"});
           for (const v1::TravellerLine& l : x.lines()) {
             t.AddRow({absl::StrCat(l.round()), absl::StrCat(l.table()),
                       absl::StrCat(l.ns_pair()), absl::StrCat(l.ew_pair()),
                       replay::DescribeResult(l.result()),
                       absl::StrCat(l.ns_score()), FractionText(l.ns_matchpoints()),
                       FractionText(l.ew_matchpoints()),
                       absl::StrCat(l.sequence(), l.confirmed() ? " confirmed" : "")});
           }
           std::cout << t.Render();
         });
       }});
  add({"scorecard", "TOURNAMENT COMPETITION SESSION PAIR",
       "one pair's boards, results and matchpoints", 4, 4,
       [](Client& cl, const Invocation& inv) {
         v1::GetScorecardRequest r;
         int session = 0, pair = 0;
         std::string t, c;
         if (!SessionArgs(inv, &t, &c, &session) || !ToInt(inv.args[3], &pair)) {
           return kUsage;
         }
         r.set_tournament_id(t);
         r.set_competition_id(c);
         r.set_session(session);
         r.set_pair(pair);
         v1::Scorecard out;
         grpc::Status st = cl.query_->GetScorecard(cl.Context().get(), r, &out);
         return PrintAnswer<v1::Scorecard>(inv, st, out, [](const v1::Scorecard& x) {
           std::cout << "pair " << x.pair() << " (" << Players(x.players()) << "): "
                     << FractionText(x.matchpoints()) << " of " << x.maximum()
                     << " MP, "
                     << (x.has_percentage() ? DecimalText(x.percentage()) : "-")
                     << "%\n";
           TextTable t({"Round", "Table", "Board", "Dir", "Opp", "Result",
                        "Score", "MP", "Top"});
           for (const v1::ScorecardLine& l : x.lines()) {
             t.AddRow({absl::StrCat(l.round()), absl::StrCat(l.table()),
                       absl::StrCat(l.board()),
                       l.direction() == v1::SEAT_NORTH ? "NS" : "EW",
                       absl::StrCat(l.opponents()),
                       l.played() ? replay::DescribeResult(l.result()) : "not played",
                       l.played() ? absl::StrCat(l.score()) : "",
                       l.played() ? FractionText(l.matchpoints()) : "",
                       absl::StrCat(l.top())});
           }
           std::cout << t.Render();
         });
       }});

  // --- Audit ---------------------------------------------------------------
  add({"log", "[--from=SEQUENCE] [--limit=N] [--tournament=T]",
       "read the event log, one line per event (--json: one object per line)",
       0, 0,
       [](Client& cl, const Invocation& inv) {
         v1::ReadLogRequest r;
         uint64_t from = 1, limit = 0;
         if ((inv.Has("from") && !absl::SimpleAtoi(inv.Get("from"), &from)) ||
             (inv.Has("limit") && !absl::SimpleAtoi(inv.Get("limit"), &limit))) {
           return kUsage;
         }
         r.set_from_sequence(from);
         r.set_limit(limit);
         r.set_tournament_id(inv.Get("tournament"));
         auto context = cl.Context();
         std::unique_ptr<grpc::ClientReader<v1::Event>> reader =
             cl.audit_->ReadLog(context.get(), r);
         v1::Event e;
         TextTable t({"Event", "Received", "Tournament", "Version", "Actor", "What"});
         bool json = inv.Has("json");
         while (reader->Read(&e)) {
           if (json) {
             std::cout << Json(e) << "\n";
             continue;
           }
           std::string what = e.payload().GetDescriptor()
                                  ->FindFieldByNumber(e.payload().kind_case())
                                  ->name();
           t.AddRow({absl::StrCat(e.sequence()), TimeText(e.received_at()),
                     e.tournament_id(), absl::StrCat(e.stream_version()),
                     absl::StrCat(absl::AsciiStrToLower(
                                      v1::Role_Name(e.actor().role()).substr(5)),
                                  ":", e.actor().identity()),
                     what});
         }
         grpc::Status st = reader->Finish();
         if (!st.ok()) return Refused(st);
         if (!json) std::cout << t.Render();
         return kOk;
       }});
  add({"standings-as-of",
       "TOURNAMENT COMPETITION SESSION (--sequence=N | --time=RFC3339)",
       "the standings replayed from the log as of an event or a time", 3, 3,
       [](Client& cl, const Invocation& inv) {
         v1::GetStandingsAsOfRequest r;
         int session = 0;
         std::string t, c;
         if (!SessionArgs(inv, &t, &c, &session)) return kUsage;
         r.mutable_standings()->set_tournament_id(t);
         r.mutable_standings()->set_competition_id(c);
         r.mutable_standings()->set_session(session);
         uint64_t sequence = 0;
         absl::Time time;
         std::string error;
         if (inv.Has("sequence") && absl::SimpleAtoi(inv.Get("sequence"), &sequence)) {
           r.mutable_as_of()->set_sequence(sequence);
         } else if (inv.Has("time") &&
                    absl::ParseTime(absl::RFC3339_full, inv.Get("time"), &time, &error)) {
           *r.mutable_as_of()->mutable_time() = replay::ToTimestamp(time);
         } else {
           std::cerr << "tally: give --sequence=N or --time=2026-11-21T19:30:00Z\n";
           return kUsage;
         }
         v1::Standings out;
         grpc::Status st = cl.audit_->GetStandingsAsOf(cl.Context().get(), r, &out);
         return PrintAnswer<v1::Standings>(inv, st, out, PrintStandings);
       }});
  add({"board-history", "TOURNAMENT COMPETITION SESSION BOARD",
       "every event that touched one board, with who and when", 4, 4,
       [](Client& cl, const Invocation& inv) {
         v1::GetBoardHistoryRequest r;
         int session = 0, board = 0;
         std::string t, c;
         if (!SessionArgs(inv, &t, &c, &session) || !ToInt(inv.args[3], &board)) {
           return kUsage;
         }
         r.set_tournament_id(t);
         r.set_competition_id(c);
         r.set_session(session);
         r.set_board(board);
         v1::BoardHistory out;
         grpc::Status st = cl.audit_->GetBoardHistory(cl.Context().get(), r, &out);
         return PrintAnswer<v1::BoardHistory>(inv, st, out, [](const v1::BoardHistory& h) {
           TextTable t({"Event", "Received", "Actor", "Device", "What"});
           for (const v1::Event& e : h.events()) {
             const v1::EventPayload& p = e.payload();
             std::string what = p.GetDescriptor()->FindFieldByNumber(p.kind_case())->name();
             if (p.has_result_entered()) {
               const auto& r = p.result_entered();
               what = absl::StrCat("result entered at table ", r.table(), ": ",
                                   replay::DescribeResult(r.result()), ", NS ",
                                   r.ns_score());
             } else if (p.has_result_confirmed()) {
               what = absl::StrCat("confirmed at table ", p.result_confirmed().table(),
                                   " by pair ", p.result_confirmed().confirming_pair());
             }
             t.AddRow({absl::StrCat(e.sequence()), TimeText(e.received_at()),
                       absl::StrCat(absl::AsciiStrToLower(
                                        v1::Role_Name(e.actor().role()).substr(5)),
                                    ":", e.actor().identity()),
                       e.actor().device(), what});
           }
           std::cout << t.Render();
         });
       }});
  add({"verify", "", "verify the hash chain over the whole log", 0, 0,
       [](Client& cl, const Invocation& inv) {
         v1::ChainVerification out;
         grpc::Status st = cl.audit_->VerifyChain(cl.Context().get(), {}, &out);
         int code = PrintAnswer<v1::ChainVerification>(
             inv, st, out, [](const v1::ChainVerification& v) {
               if (v.ok()) {
                 std::cout << "chain OK: " << v.events_checked()
                           << " events checked\n";
               } else {
                 std::cout << "chain BROKEN at event " << v.first_bad_sequence()
                           << ": " << v.problem() << "\n";
               }
             });
         return code == kOk && !out.ok() ? kFailed : code;
       }});
  return commands;
}

void PrintHelp(const std::vector<Command>& commands) {
  std::cout
      << "tally: the command-line client for a tallyd tournament server.\n\n"
         "usage: tally [--server=HOST:PORT] [--json] COMMAND ARGS... [OPTIONS]\n\n"
         "commands:\n";
  TextTable t({"", ""});
  for (const Command& c : commands) t.AddRow({"  " + c.name, c.summary});
  std::cout << t.Render().substr(t.Render().find('\n') + 1)
            << "\noptions for every command:\n"
               "  --server=HOST:PORT      the server (default $TALLY_SERVER or "
               "127.0.0.1:50051)\n"
               "  --json                  print the answer as JSON\n"
               "  --identity=WHO          who you are, recorded in the log "
               "(default $USER)\n"
               "  --device=NAME           this device, recorded in the log\n"
               "  --key=KEY               idempotency key; re-running with the "
               "same key never applies a command twice\n"
               "  --expected-version=N    refuse unless the tournament is at "
               "version N\n"
               "\ntally COMMAND --help shows one command.\n";
}

}  // namespace
}  // namespace tally::cli

int main(int argc, char** argv) {
  using namespace tally::cli;
  Invocation inv;
  std::string name;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (absl::StartsWith(a, "--")) {
      size_t eq = a.find('=');
      inv.options[a.substr(2, eq == std::string::npos ? std::string::npos : eq - 2)] =
          eq == std::string::npos ? "" : a.substr(eq + 1);
    } else if (name.empty()) {
      name = a;
    } else {
      inv.args.push_back(a);
    }
  }
  std::vector<Command> commands = Commands();
  if (name.empty() || name == "help") {
    PrintHelp(commands);
    return name.empty() && !inv.Has("help") ? kUsage : kOk;
  }
  for (const Command& c : commands) {
    if (c.name != name) continue;
    if (inv.Has("help")) {
      std::cout << "usage: tally " << c.name << " " << c.usage << "\n\n"
                << c.summary << "\n\n(tally --help lists the options every "
                   "command takes)\n";
      return kOk;
    }
    if (inv.args.size() < c.min_args || inv.args.size() > c.max_args) {
      return Usage(c, "wrong number of arguments");
    }
    Client client(inv);
    return c.run(client, inv);
  }
  std::cerr << "tally: unknown command '" << name << "' (tally --help lists them)\n";
  return kUsage;
}
