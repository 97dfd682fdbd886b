#include "server/demo.h"

#include <array>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "replay/decide/decide.h"
#include "replay/matches/decide_matches.h"
#include "server/command_runner.h"
#include "server/principal_store.h"

namespace tally::server {
namespace {

constexpr int kTables = 5;
constexpr int kBoardsPerRound = 3;

// Runs one request through the log. The demo is seeded at the first start
// on behalf of the bootstrap administrator, so its events name that
// principal like every other event (issue #15).
template <typename Request, typename Decide>
absl::Status Run(replay::EventLog& log, const std::string& key,
                 const std::string& method, const Request& request,
                 Decide decide) {
  replay::Command command;
  command.tournament_id = kDemoTournament;
  command.idempotency_key = absl::StrCat("demo-", key);
  command.fingerprint = Fingerprint(method, request);
  command.actor.set_role(v1::ROLE_ADMINISTRATOR);
  command.actor.set_identity(kBootstrapAdmin);
  command.decide = [&request, decide](const replay::State& s) {
    return decide(s, request);
  };
  return log.Execute(std::move(command)).status();
}

// A plausible result for `board` at `table`: each board has its own
// contract, and the tricks vary from table to table by a fixed pattern.
v1::TableResult DemoResult(int board, int table) {
  struct Par {
    int level;
    v1::Strain strain;
    v1::Seat declarer;
  };
  static constexpr std::array<Par, 15> kPar = {{
      {4, v1::STRAIN_SPADES, v1::SEAT_NORTH},
      {3, v1::STRAIN_NO_TRUMP, v1::SEAT_SOUTH},
      {2, v1::STRAIN_HEARTS, v1::SEAT_EAST},
      {4, v1::STRAIN_HEARTS, v1::SEAT_WEST},
      {1, v1::STRAIN_NO_TRUMP, v1::SEAT_NORTH},
      {3, v1::STRAIN_CLUBS, v1::SEAT_EAST},
      {6, v1::STRAIN_SPADES, v1::SEAT_SOUTH},
      {3, v1::STRAIN_NO_TRUMP, v1::SEAT_WEST},
      {2, v1::STRAIN_SPADES, v1::SEAT_NORTH},
      {4, v1::STRAIN_SPADES, v1::SEAT_EAST},
      {5, v1::STRAIN_DIAMONDS, v1::SEAT_SOUTH},
      {2, v1::STRAIN_NO_TRUMP, v1::SEAT_WEST},
      {3, v1::STRAIN_HEARTS, v1::SEAT_NORTH},
      {4, v1::STRAIN_HEARTS, v1::SEAT_SOUTH},
      {1, v1::STRAIN_NO_TRUMP, v1::SEAT_EAST},
  }};
  v1::TableResult result;
  if (board == 9 && table == 2) {
    result.mutable_passed_out();
    return result;
  }
  const Par& par = kPar[(board - 1) % kPar.size()];
  v1::PlayedContract* played = result.mutable_played();
  played->set_level(par.level);
  played->set_strain(par.strain);
  played->set_declarer(par.declarer);
  // -1, 0, 0, +1, -2 ... around the contract, depending on board and table.
  static constexpr std::array<int, 5> kSwing = {-1, 0, 0, 1, -2};
  int swing = kSwing[(board * 2 + table * 3) % kSwing.size()];
  played->set_tricks(std::min(13, par.level + 6 + swing));
  if (swing == -2) played->set_doubling(v1::DOUBLING_DOUBLED);
  return result;
}

// The demo's second competition: a 14-pair Butler round robin under
// sabf_butler_round_robin (SABF TR 21.16's draw), two rounds played and
// posted, the third drawn.
absl::Status SeedButlerRoundRobin(replay::EventLog& log) {
  v1::CreateCompetitionRequest competition;
  competition.set_tournament_id(kDemoTournament);
  competition.set_competition_id(kDemoButler);
  competition.set_name("Saturday Butler round robin");
  competition.set_kind(v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS);
  competition.set_regulation_profile("sabf_butler_round_robin");
  TALLY_RETURN_IF_ERROR(Run(log, "butler", "CreateCompetition", competition,
                            replay::DecideCreateCompetition));
  constexpr int kPairs = 14;
  for (int pair = 1; pair <= kPairs; ++pair) {
    v1::RegisterPairRequest r;
    r.set_tournament_id(kDemoTournament);
    r.set_competition_id(kDemoButler);
    r.set_pair(pair);
    r.add_players(absl::StrCat("Butler ", pair, "N"));
    r.add_players(absl::StrCat("Butler ", pair, "S"));
    TALLY_RETURN_IF_ERROR(Run(log, absl::StrCat("butler-pair-", pair),
                              "RegisterPair", r, replay::DecideRegisterPair));
  }
  constexpr int kPlayed = 2;
  for (int round = 1; round <= kPlayed + 1; ++round) {
    v1::MakeDrawRequest draw;
    draw.set_tournament_id(kDemoTournament);
    draw.set_competition_id(kDemoButler);
    draw.set_round(round);
    draw.set_seed(round);
    TALLY_RETURN_IF_ERROR(Run(log, absl::StrCat("butler-draw-", round),
                              "MakeDraw", draw, replay::DecideMakeDraw));
    if (round > kPlayed) break;
    constexpr int kBoards = 12;  // the profile's match length
    for (int board = (round - 1) * kBoards + 1; board <= round * kBoards;
         ++board) {
      for (int table = 1; table <= kPairs / 2; ++table) {
        v1::EnterResultRequest r;
        r.set_tournament_id(kDemoTournament);
        r.set_competition_id(kDemoButler);
        r.set_session(round);
        r.set_table(table);
        r.set_board(board);
        *r.mutable_result() = DemoResult(board, table);
        TALLY_RETURN_IF_ERROR(
            Run(log, absl::StrCat("butler-result-", board, "-", table),
                "EnterResult", r, replay::DecideEnterResult));
      }
    }
    v1::PostScoresRequest post;
    post.set_tournament_id(kDemoTournament);
    post.set_competition_id(kDemoButler);
    post.set_session(round);
    TALLY_RETURN_IF_ERROR(Run(log, absl::StrCat("butler-post-", round),
                              "PostScores", post, replay::DecidePostScores));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status SeedDemo(replay::EventLog& log) {
  v1::CreateTournamentRequest tournament;
  tournament.set_tournament_id(kDemoTournament);
  tournament.set_name("tally demo club night");
  TALLY_RETURN_IF_ERROR(Run(log, "tournament", "CreateTournament", tournament,
                            replay::DecideCreateTournament));

  v1::CreateCompetitionRequest competition;
  competition.set_tournament_id(kDemoTournament);
  competition.set_competition_id(kDemoCompetition);
  competition.set_name("Thursday matchpoint pairs");
  competition.set_kind(v1::COMPETITION_KIND_MATCHPOINT_PAIRS);
  competition.set_regulation_profile("sabf_matchpoint_pairs");
  TALLY_RETURN_IF_ERROR(Run(log, "competition", "CreateCompetition",
                            competition, replay::DecideCreateCompetition));

  static constexpr std::array<std::array<const char*, 2>, 2 * kTables>
      kPlayers = {{{"Ann Ashby", "Bill Brown"},
                   {"Cath Cole", "Dan Dunn"},
                   {"Eve Evans", "Fred Ford"},
                   {"Gail Gray", "Hal Hunt"},
                   {"Ida Innes", "Jack Jones"},
                   {"Kate King", "Len Lord"},
                   {"Mia Moss", "Ned Noble"},
                   {"Olga Orr", "Pete Park"},
                   {"Quin Quay", "Rose Reid"},
                   {"Sam Shaw", "Tina Todd"}}};
  for (int pair = 1; pair <= 2 * kTables; ++pair) {
    v1::RegisterPairRequest r;
    r.set_tournament_id(kDemoTournament);
    r.set_competition_id(kDemoCompetition);
    r.set_pair(pair);
    for (const char* name : kPlayers[pair - 1]) r.add_players(name);
    TALLY_RETURN_IF_ERROR(Run(log, absl::StrCat("pair-", pair), "RegisterPair",
                              r, replay::DecideRegisterPair));
  }

  v1::DefineSessionRequest session;
  session.set_tournament_id(kDemoTournament);
  session.set_competition_id(kDemoCompetition);
  session.set_session(1);
  session.mutable_mitchell()->set_tables(kTables);
  session.mutable_mitchell()->set_boards_per_round(kBoardsPerRound);
  TALLY_RETURN_IF_ERROR(Run(log, "session", "DefineSession", session,
                            replay::DecideDefineSession));

  v1::StartSessionRequest start;
  start.set_tournament_id(kDemoTournament);
  start.set_competition_id(kDemoCompetition);
  start.set_session(1);
  TALLY_RETURN_IF_ERROR(
      Run(log, "start", "StartSession", start, replay::DecideStartSession));

  for (int board = 1; board <= kTables * kBoardsPerRound; ++board) {
    for (int table = 1; table <= kTables; ++table) {
      v1::EnterResultRequest r;
      r.set_tournament_id(kDemoTournament);
      r.set_competition_id(kDemoCompetition);
      r.set_session(1);
      r.set_table(table);
      r.set_board(board);
      *r.mutable_result() = DemoResult(board, table);
      TALLY_RETURN_IF_ERROR(Run(log, absl::StrCat("result-", board, "-", table),
                                "EnterResult", r, replay::DecideEnterResult));
    }
  }

  v1::PostScoresRequest post;
  post.set_tournament_id(kDemoTournament);
  post.set_competition_id(kDemoCompetition);
  post.set_session(1);
  TALLY_RETURN_IF_ERROR(
      Run(log, "post", "PostScores", post, replay::DecidePostScores));
  return SeedButlerRoundRobin(log);
}

}  // namespace tally::server
