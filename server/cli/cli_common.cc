#include "server/cli/cli_common.h"

#include <random>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/time.h"
#include "core/window/timeline.h"
#include "google/protobuf/util/json_util.h"
#include "replay/log/sha256.h"
#include "replay/state/state.h"
#include "server/bearer_channel.h"
#include "server/cli/butler_text.h"
#include "server/cli/result_text.h"
#include "server/cli/text_table.h"
#include "server/command_runner.h"
#include "server/gate.h"

namespace tally::cli {
namespace {

// The server this process talks to, for Refused's "cannot reach" message.
struct Connection {
  std::string address;
  std::shared_ptr<grpc::Channel> channel;
};

Connection& CurrentConnection() {
  static auto* const kConnection = new Connection;
  return *kConnection;
}

}  // namespace

Client::Client(const Invocation& inv,
               std::shared_ptr<grpc::ChannelCredentials> credentials,
               std::string token)
    : inv_(inv),
      token_(std::move(token)),
      // Every call, the results pages' of `tally publish` too, carries the
      // token.
      channel_(server::ChannelWithToken(inv.Get("server", DefaultServer()),
                                        std::move(credentials), token_)),
      director_(v1::DirectorService::NewStub(channel_)),
      venue_(v1::VenueService::NewStub(channel_)),
      query_(v1::QueryService::NewStub(channel_)),
      audit_(v1::AuditService::NewStub(channel_)) {
  CurrentConnection() = {inv.Get("server", DefaultServer()), channel_};
}

std::string Client::DefaultServer() {
  const char* env = std::getenv("TALLY_SERVER");
  return env != nullptr ? env : "127.0.0.1:50051";
}

std::unique_ptr<grpc::ClientContext> Client::Context() const {
  auto context = std::make_unique<grpc::ClientContext>();
  context->set_deadline(std::chrono::system_clock::now() +
                        std::chrono::seconds(30));
  return context;
}

v1::CommandOptions Client::Options() const {
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

absl::TimeZone Client::ZoneOf(const std::string& tournament_id) const {
  if (tournament_id.empty()) return absl::UTCTimeZone();
  if (auto it = zones_.find(tournament_id); it != zones_.end()) {
    return it->second;
  }
  v1::GetTournamentRequest r;
  r.set_tournament_id(tournament_id);
  v1::Tournament t;
  absl::TimeZone zone = absl::UTCTimeZone();
  if (query_->GetTournament(Context().get(), r, &t).ok()) {
    zone = replay::LoadTournamentTimeZone(t.time_zone())
               .value_or(absl::UTCTimeZone());
  }
  zones_[tournament_id] = zone;
  return zone;
}

std::string Json(const google::protobuf::Message& m) {
  std::string out;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  (void)google::protobuf::util::MessageToJsonString(m, &out, options);
  return out;
}

int Refused(const grpc::Status& status) {
  const Connection& connection = CurrentConnection();
  if (status.error_code() == grpc::StatusCode::UNAVAILABLE &&
      connection.channel != nullptr &&
      connection.channel->GetState(false) != GRPC_CHANNEL_READY) {
    std::cerr << "tally: cannot reach tallyd at " << connection.address
              << ": is it running? Does it serve TLS (then --ca=FILE)? "
                 "(--server=HOST:PORT or $TALLY_SERVER names another)\n";
    return kFailed;
  }
  std::cerr << "tally: "
            << absl::StatusCodeToString(
                   static_cast<absl::StatusCode>(status.error_code()))
            << ": " << status.error_message() << "\n";
  return kFailed;
}

std::string TimeText(const google::protobuf::Timestamp& ts,
                     absl::TimeZone zone) {
  return core::DateTimeText(replay::ToTime(ts), zone);
}

std::string ReceivedText(const google::protobuf::Timestamp& ts,
                         absl::TimeZone zone) {
  const absl::Time t = replay::ToTime(ts);
  return absl::StrCat(absl::FormatTime("%Y-%m-%d %H:%M:%S ", t, zone),
                      zone.At(t).zone_abbr);
}

bool TimeArg(const Client& cl, const std::string& text, const std::string& what,
             google::protobuf::Timestamp* out) {
  absl::StatusOr<absl::Time> t = core::ParseDirectorTime(text, cl.Zone());
  if (!t.ok()) {
    std::cerr << "tally: " << what << ": " << t.status().message() << "\n";
    return false;
  }
  *out = replay::ToTimestamp(*t);
  return true;
}

int PrintOutcome(const Client& cl, const Invocation& inv,
                 const grpc::Status& status,
                 const google::protobuf::Message& response,
                 const v1::CommandOutcome& outcome, const std::string& what) {
  if (!status.ok()) return Refused(status);
  if (inv.Has("json")) {
    std::cout << Json(response) << "\n";
    return kOk;
  }
  std::cout << what
            << (outcome.replayed() ? " (already done: this is the "
                                     "original outcome)"
                                   : "")
            << "\n  event " << outcome.sequence() << ", tournament version "
            << outcome.stream_version() << ", received "
            << ReceivedText(outcome.received_at(), cl.Zone()) << ", hash "
            << replay::ToHex(outcome.event_hash()).substr(0, 16) << "\n";
  return kOk;
}

bool ToInt(const std::string& word, int* out) {
  return absl::SimpleAtoi(word, out);
}

std::string ActorText(const v1::Actor& actor) {
  return absl::StrCat(
      EnumLabel(v1::Role_Name(actor.role()), "ROLE_", actor.role()), ":",
      actor.identity());
}

bool AsOfOption(const Client& cl, const Invocation& inv, v1::AsOf* as_of) {
  uint64_t sequence = 0;
  if (inv.Has("sequence") && absl::SimpleAtoi(inv.Get("sequence"), &sequence)) {
    as_of->set_sequence(sequence);
    return true;
  }
  if (inv.Has("time")) {
    return TimeArg(cl, inv.Get("time"), "--time", as_of->mutable_time());
  }
  std::cerr << "tally: give --sequence=N or --time=TIME (" << kTimeHelp
            << ")\n";
  return false;
}

std::string Players(const google::protobuf::RepeatedPtrField<std::string>& p) {
  return absl::StrJoin(p, " & ");
}

void PrintStandings(const v1::Standings& s) {
  if (s.scoring() == kImpsVsDatum) return PrintButlerStandings(s);
  std::cout << s.tournament_id() << " / " << s.competition_id() << ", session "
            << s.session() << ": " << s.results_entered() << " of "
            << s.results_expected() << " results, as of event "
            << s.as_of_sequence() << "\n";
  for (const v1::StandingsField& field : s.fields()) {
    // "All", "NS", or in sections "A All", "A NS": section A's ranking.
    const bool all =
        field.name() == "All" || absl::EndsWith(field.name(), " All");
    std::cout << "\n"
              << (all && field.name() != "All"
                      ? absl::StrCat(
                            "section ",
                            field.name().substr(0, field.name().size() - 4))
                      : field.name())
              << (all ? "" : " field") << "\n";
    bool overall = false;
    for (const v1::StandingsRow& r : field.rows()) {
      overall |= r.overall_rank() > 0;
    }
    // A club convention's shown figure (ACBL scale, one decimal) and
    // Compscore's scaled total where the profile asks for them.
    bool scaled = false;
    for (const v1::StandingsRow& r : field.rows()) {
      scaled |= r.has_scaled_total();
    }
    std::vector<std::string> header = {"Rank", "Pair",    "Players", "MP",
                                       "Max",  "Percent", "Boards"};
    if (scaled) header.push_back("Scaled");
    if (overall) header.push_back("Overall");
    TextTable t(header);
    for (const v1::StandingsRow& r : field.rows()) {
      std::vector<std::string> row = {
          absl::StrCat(r.rank(), r.tied() ? "=" : ""),
          r.section_pair().empty() ? absl::StrCat(r.pair()) : r.section_pair(),
          Players(r.players()),
          r.has_shown_matchpoints() ? DecimalText(r.shown_matchpoints())
                                    : FractionText(r.matchpoints()),
          r.has_shown_maximum() ? DecimalText(r.shown_maximum())
                                : absl::StrCat(r.maximum()),
          r.has_percentage() ? DecimalText(r.percentage()) : "-",
          absl::StrCat(r.boards_played())};
      if (scaled) {
        row.push_back(r.has_scaled_total() ? DecimalText(r.scaled_total())
                                           : "-");
      }
      if (overall) {
        row.push_back(
            absl::StrCat(r.overall_rank(), r.overall_tied() ? "=" : ""));
      }
      t.AddRow(row);
    }
    std::cout << t.Render();
    // The director's session adjustments, already in MP (issue #18).
    for (const v1::StandingsRow& r : field.rows()) {
      for (const std::string& note : r.adjustment_notes()) {
        std::cout << "pair "
                  << (r.section_pair().empty() ? absl::StrCat(r.pair())
                                               : r.section_pair())
                  << ": " << note << "\n";
      }
    }
  }
}

absl::Status KeepSection(const std::string& name, v1::Standings& s) {
  std::vector<std::string> names;
  v1::Standings kept = s;
  kept.clear_fields();
  for (const v1::StandingsField& field : s.fields()) {
    if (field.rows().empty() || field.rows(0).section().empty()) continue;
    const std::string& section = field.rows(0).section();
    if (names.empty() || names.back() != section) names.push_back(section);
    if (section == name) *kept.add_fields() = field;
  }
  if (kept.fields().empty()) {
    return absl::InvalidArgumentError(
        names.empty()
            ? absl::StrCat("session ", s.session(),
                           " is not played in sections; there is no section ",
                           name)
            : absl::StrCat("session ", s.session(), " has no section ", name,
                           " (its sections: ", absl::StrJoin(names, ", "),
                           ")"));
  }
  s = std::move(kept);
  return absl::OkStatus();
}

}  // namespace tally::cli
