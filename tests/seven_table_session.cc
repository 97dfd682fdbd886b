#include "tests/seven_table_session.h"

#include <array>

#include "absl/strings/str_cat.h"
#include "server/grpc_status.h"
#include "tally/v1/director.grpc.pb.h"

namespace tally::testing {
namespace {

// How the results are made, and why the expected figures follow.
//
// North-South declare on every board; each board has its own contract
// (kContracts), and the tricks at a table are the contract's book plus an
// offset that depends on the NS pair: pair 1 -2, pairs 2-3 -1, pairs 4-6 0,
// pair 7 +1 ("base tricks" 8, 9, 9, 10, 10, 10, 11 in a 4-level contract);
// and one more trick when the EW pair is 14, the field's weakest. For any
// one contract the NS score rises strictly with the tricks, so each board's
// matchpoints follow from the trick counts alone.
//
// Matchpoints on a board (7 results, top 12) when NS pair q faces EW 14,
// listed for NS pairs 1..7 (2 per score beaten, 1 per tie):
//   q=1: tricks 9,9,9,10,10,10,11 -> 2, 2, 2, 8, 8, 8,12
//   q=2: tricks 8,10,9,10,10,10,11 -> 0, 7, 2, 7, 7, 7,12
//   q=3: tricks 8,9,10,10,10,10,11 -> 0, 2, 7, 7, 7, 7,12
//   q=4: tricks 8,9,9,11,10,10,11 -> 0, 3, 3,11, 7, 7,11
//   q=5: like q=4 with pair 5 on 11 -> 0, 3, 3, 7,11, 7,11
//   q=6: like q=4 with pair 6 on 11 -> 0, 3, 3, 7, 7,11,11
//   q=7: tricks 8,9,9,10,10,10,12 -> 0, 3, 3, 8, 8, 8,12
// EW 14 plays every board once, so each q happens on exactly 3 boards
// (one round's set). NS totals over 21 boards = 3 x the column sums:
//   pair 1: 3x(2)                         =   6 / 252 =  2.38%
//   pair 2: 3x(2+7+2+3+3+3+3)             =  69 / 252 = 27.38%
//   pair 3: likewise                      =  69       = 27.38%
//   pair 4: 3x(8+7+7+11+7+7+8)            = 165 / 252 = 65.48%
//   pairs 5, 6: likewise                  = 165       = 65.48%
//   pair 7: 3x(12+12+12+11+11+11+12)      = 243 / 252 = 96.43%
// (sum 882 = 21 boards x 42 ✓)
//
// For EW: EW index i (pair 7+i) meets NS p in round r = p - i + 1 (mod 7)
// on board set s = 2p - i - 1 (mod 7) + 1, and EW 14 plays set s against
// NS q(s) with s->q: 1->4, 2->1, 3->5, 4->2, 5->6, 6->3, 7->7 (EW 14 plays
// set s in round r' with 2r' = s + 2 (mod 7), at table r' - 1). EW scores
// 12 - (NS matchpoints of p when q(s) faces EW 14) on each of 3 boards:
//   pair 8  (i=1): 12+9+9+4+4+5+0    = 43 x3 = 129 / 252 = 51.19%
//   pair 9  (i=2): 12+10+10+5+5+5+1  = 48 x3 = 144 / 252 = 57.14%
//   pair 10 (i=3): 12+9+9+5+4+4+0    = 43 x3 = 129 / 252 = 51.19%
//   pair 11 (i=4): 12+9+10+5+5+5+1   = 47 x3 = 141 / 252 = 55.95%
//   pair 12 (i=5): 12+10+9+5+5+4+0   = 45 x3 = 135 / 252 = 53.57%
//   pair 13 (i=6): 12+9+9+4+5+5+1    = 45 x3 = 135 / 252 = 53.57%
//   pair 14 (i=7): 10+5+5+1+1+1+0    = 23 x3 =  69 / 252 = 27.38%
// (sum 882 ✓; percentages rounded to 2 places, SABF TR 11.3)

struct Contract {
  int level;
  v1::Strain strain;
  v1::Doubling doubling;
  v1::Seat declarer;
};

// One contract per board; levels 1-5 so that book + 2 never passes 13.
constexpr std::array<Contract, kBoards> kContracts = {{
    {4, v1::STRAIN_SPADES, v1::DOUBLING_UNDOUBLED, v1::SEAT_NORTH},
    {3, v1::STRAIN_NO_TRUMP, v1::DOUBLING_UNDOUBLED, v1::SEAT_SOUTH},
    {2, v1::STRAIN_HEARTS, v1::DOUBLING_DOUBLED, v1::SEAT_NORTH},
    {4, v1::STRAIN_HEARTS, v1::DOUBLING_UNDOUBLED, v1::SEAT_SOUTH},
    {1, v1::STRAIN_NO_TRUMP, v1::DOUBLING_UNDOUBLED, v1::SEAT_NORTH},
    {5, v1::STRAIN_CLUBS, v1::DOUBLING_UNDOUBLED, v1::SEAT_SOUTH},
    {3, v1::STRAIN_DIAMONDS, v1::DOUBLING_REDOUBLED, v1::SEAT_NORTH},
    {4, v1::STRAIN_SPADES, v1::DOUBLING_DOUBLED, v1::SEAT_SOUTH},
    {2, v1::STRAIN_SPADES, v1::DOUBLING_UNDOUBLED, v1::SEAT_NORTH},
    {3, v1::STRAIN_NO_TRUMP, v1::DOUBLING_DOUBLED, v1::SEAT_SOUTH},
    {5, v1::STRAIN_DIAMONDS, v1::DOUBLING_UNDOUBLED, v1::SEAT_NORTH},
    {2, v1::STRAIN_NO_TRUMP, v1::DOUBLING_UNDOUBLED, v1::SEAT_SOUTH},
    {3, v1::STRAIN_HEARTS, v1::DOUBLING_UNDOUBLED, v1::SEAT_NORTH},
    {4, v1::STRAIN_HEARTS, v1::DOUBLING_REDOUBLED, v1::SEAT_SOUTH},
    {1, v1::STRAIN_CLUBS, v1::DOUBLING_UNDOUBLED, v1::SEAT_NORTH},
    {4, v1::STRAIN_SPADES, v1::DOUBLING_UNDOUBLED, v1::SEAT_SOUTH},
    {3, v1::STRAIN_CLUBS, v1::DOUBLING_DOUBLED, v1::SEAT_NORTH},
    {2, v1::STRAIN_DIAMONDS, v1::DOUBLING_UNDOUBLED, v1::SEAT_SOUTH},
    {4, v1::STRAIN_HEARTS, v1::DOUBLING_UNDOUBLED, v1::SEAT_NORTH},
    {3, v1::STRAIN_NO_TRUMP, v1::DOUBLING_UNDOUBLED, v1::SEAT_SOUTH},
    {5, v1::STRAIN_SPADES, v1::DOUBLING_DOUBLED, v1::SEAT_NORTH},
}};

constexpr std::array<int, kTables + 1> kTrickOffset = {0, -2, -1, -1,
                                                       0, 0,  0,  1};

template <typename Request, typename Call>
absl::Status Run(Request request, const std::string& key, Call call) {
  request.mutable_options()->set_idempotency_key(key);
  grpc::ClientContext context;
  v1::CommandOutcome outcome;
  return server::FromGrpcStatus(call(&context, request, &outcome));
}

}  // namespace

int EwPairAt(int round, int table) {
  return kTables + ((table - round) % kTables + kTables) % kTables + 1;
}

int RoundOf(int board, int table) {
  // Board set s = (table + round - 2) mod 7 + 1.
  int set = (board - 1) / kBoardsPerRound + 1;
  return ((set - table) % kTables + kTables) % kTables + 1;
}

v1::EnterResultRequest ScriptedResult(const std::string& tournament, int board,
                                      int table) {
  const Contract& c = kContracts[board - 1];
  int ew = EwPairAt(RoundOf(board, table), table);
  v1::EnterResultRequest r;
  r.mutable_options()->set_idempotency_key(
      absl::StrCat("result-", board, "-", table));
  r.set_tournament_id(tournament);
  r.set_competition_id(kCompetition);
  r.set_session(1);
  r.set_table(table);
  r.set_board(board);
  v1::PlayedContract* p = r.mutable_result()->mutable_played();
  p->set_level(c.level);
  p->set_strain(c.strain);
  p->set_doubling(c.doubling);
  p->set_declarer(c.declarer);
  p->set_tricks(c.level + 6 + kTrickOffset[table] + (ew == 14 ? 1 : 0));
  return r;
}

std::vector<v1::EnterResultRequest> AllScriptedResults(
    const std::string& tournament) {
  std::vector<v1::EnterResultRequest> all;
  for (int board = 1; board <= kBoards; ++board) {
    for (int table = 1; table <= kTables; ++table) {
      all.push_back(ScriptedResult(tournament, board, table));
    }
  }
  return all;
}

absl::Status SetUpSession(grpc::Channel& channel,
                          const std::string& tournament) {
  std::unique_ptr<v1::DirectorService::Stub> director =
      v1::DirectorService::NewStub(
          std::shared_ptr<grpc::Channel>(&channel, [](grpc::Channel*) {}));
  auto call = [&](auto method) {
    return [&director, method](grpc::ClientContext* c, const auto& r,
                               v1::CommandOutcome* o) {
      return ((*director).*method)(c, r, o);
    };
  };
  v1::CreateTournamentRequest t;
  t.set_tournament_id(tournament);
  t.set_name("Seven table test");
  absl::Status s =
      Run(t, "tournament", call(&v1::DirectorService::Stub::CreateTournament));
  if (!s.ok()) return s;
  v1::CreateCompetitionRequest c;
  c.set_tournament_id(tournament);
  c.set_competition_id(kCompetition);
  c.set_name("Pairs");
  c.set_kind(v1::COMPETITION_KIND_MATCHPOINT_PAIRS);
  // SABF TR 11.3: percentages rounded to 2 places, ranked on that figure.
  c.set_regulation_profile("sabf_matchpoint_pairs");
  s = Run(c, "competition",
          call(&v1::DirectorService::Stub::CreateCompetition));
  if (!s.ok()) return s;
  for (int pair = 1; pair <= 2 * kTables; ++pair) {
    v1::RegisterPairRequest r;
    r.set_tournament_id(tournament);
    r.set_competition_id(kCompetition);
    r.set_pair(pair);
    r.add_players(absl::StrCat("Player ", pair, "a"));
    r.add_players(absl::StrCat("Player ", pair, "b"));
    s = Run(r, absl::StrCat("pair-", pair),
            call(&v1::DirectorService::Stub::RegisterPair));
    if (!s.ok()) return s;
  }
  v1::DefineSessionRequest d;
  d.set_tournament_id(tournament);
  d.set_competition_id(kCompetition);
  d.set_session(1);
  d.mutable_mitchell()->set_tables(kTables);
  d.mutable_mitchell()->set_boards_per_round(kBoardsPerRound);
  s = Run(d, "session", call(&v1::DirectorService::Stub::DefineSession));
  if (!s.ok()) return s;
  v1::StartSessionRequest start;
  start.set_tournament_id(tournament);
  start.set_competition_id(kCompetition);
  start.set_session(1);
  return Run(start, "start", call(&v1::DirectorService::Stub::StartSession));
}

}  // namespace tally::testing
