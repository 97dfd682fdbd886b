// The offence register through decide and Evolve
// (replay/rulings/offence_register.h) under the NSW scale (NSW TR 6): slow play
// is a warning first, then "1 VP (3 IMPs)" or "25% of a top" (6.4); a gap of
// more than six calendar months between consecutive offences makes the later
// one a first offence again (6.4); offences carry over from event to event
// (6.7), counted against the same two players whatever their pair number; a
// mobile phone is counted per player (6.9.4).

#include "replay/rulings/offence_register.h"

#include <string>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/matches/decide_matches.h"
#include "replay/pairs/session_scores.h"
#include "replay/testing/apply_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

class OffenceRegisterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Create("t", "swiss", v1::COMPETITION_KIND_SWISS_PAIRS, "nsw_swiss_pairs");
    Pair("t", "swiss", 1, "Ann Ashby", "Bob Brown");
    Pair("t", "swiss", 2, "Cat Clark", "Dan Dale");
  }

  void Create(const std::string& tournament, const std::string& competition,
              v1::CompetitionKind kind, const std::string& profile) {
    if (state_.FindTournament(tournament) == nullptr) {
      v1::CreateTournamentRequest t;
      t.set_tournament_id(tournament);
      t.set_name(tournament);
      ApplyTo(state_, tournament, DecideCreateTournament(state_, t));
    }
    v1::CreateCompetitionRequest c;
    c.set_tournament_id(tournament);
    c.set_competition_id(competition);
    c.set_name(competition);
    c.set_kind(kind);
    c.set_regulation_profile(profile);
    ApplyTo(state_, tournament, DecideCreateCompetition(state_, c));
  }

  void Pair(const std::string& tournament, const std::string& competition,
            int pair, const std::string& one, const std::string& two) {
    v1::RegisterPairRequest r;
    r.set_tournament_id(tournament);
    r.set_competition_id(competition);
    r.set_pair(pair);
    r.add_players(one);
    r.add_players(two);
    ApplyTo(state_, tournament, DecideRegisterPair(state_, r));
  }

  static v1::RecordOffenceRequest Offence(
      const std::string& day, int entrant = 1,
      const std::string& key = "slow_play", const std::string& tournament = "t",
      const std::string& competition = "swiss") {
    v1::RecordOffenceRequest r;
    r.set_tournament_id(tournament);
    r.set_competition_id(competition);
    r.set_entrant(entrant);
    r.set_offence(key);
    r.set_day(day);
    r.set_reason("round 2 not finished in time");
    return r;
  }

  // Decides and applies; the recorded offence.
  v1::OffenceRecorded Record(const v1::RecordOffenceRequest& r) {
    absl::StatusOr<v1::EventPayload> p = DecideRecordOffence(state_, r);
    EXPECT_THAT(p, IsOk());
    if (!p.ok()) return {};
    ApplyTo(state_, r.tournament_id(), p);
    return p->offence_recorded();
  }

  const CompetitionState& Swiss() const {
    return state_.tournaments.at("t").competitions.at("swiss");
  }

  State state_;
};

TEST_F(OffenceRegisterTest, TheSecondSlowPlayCostsOneVpAndIsDeducted) {
  const v1::OffenceRecorded first = Record(Offence("2026-03-01"));
  EXPECT_EQ(first.offender(), "pair Ann Ashby & Bob Brown");
  EXPECT_EQ(first.occurrence(), 1);
  EXPECT_EQ(first.clause(), "NSW TR 6.4");
  EXPECT_THAT(first.penalty(), HasSubstr("warning"));
  EXPECT_FALSE(first.has_vps());
  EXPECT_TRUE(Swiss().penalties.empty());
  EXPECT_EQ(first.counted_in(), "");  // 6.7: any event

  // Another pair's offence does not count for pair 1.
  EXPECT_EQ(Record(Offence("2026-03-02", 2)).occurrence(), 1);

  const v1::OffenceRecorded second = Record(Offence("2026-04-01"));
  EXPECT_EQ(second.occurrence(), 2);
  // NSW TR 6.4 second offence: 1 VP in a match of 20 VPs.
  ASSERT_TRUE(second.has_vps());
  EXPECT_EQ(second.vps().units(), 100);
  EXPECT_EQ(second.vps().places(), 2);
  ASSERT_EQ(Swiss().penalties.size(), 1u);
  EXPECT_EQ(Swiss().penalties[0].penalty.entrant(), 1);
  EXPECT_EQ(Swiss().penalties[0].penalty.clause(), "NSW TR 6.4");
  EXPECT_EQ(state_.offences.size(), 3u);
}

TEST_F(OffenceRegisterTest, MoreThanSixMonthsBetweenOffencesStartsAgain) {
  Record(Offence("2026-01-31"));
  // 31 January + 6 months = 31 July: exactly six months is not more
  // (6.4 "exceeds"): a second offence.
  EXPECT_EQ(Record(Offence("2026-07-31")).occurrence(), 2);
  // The gap is counted between consecutive offences: 31 July to 1 February
  // 2027 is more than six months, so a first offence again: a warning.
  const v1::OffenceRecorded again = Record(Offence("2027-02-01"));
  EXPECT_EQ(again.occurrence(), 1);
  EXPECT_FALSE(again.has_vps());
}

// A matchpoint pairs event in another tournament: the same two players as
// pair 7. NSW TR 6.7 carries the offence over; the penalty there is "25% of
// a top" (6.4), off pair 7's session 1 total. Session 1: table 1 NS 7 v EW
// 9, table 2 NS 8 v EW 10, boards 1-2, so each board is played twice: a
// top of 2 (international scale, 2 x (2 - 1)), and 25% of it 1/2 MP.
// Board 1: table 1 4S= +420, table 2 4S-1 -50: NS 7 2, EW 9 0, NS 8 0,
// EW 10 2. Board 2 passed out twice: 1 each. Pair 7: 3 of 4, less 1/2 =
// 5/2, 62.50% (NSW TR 11.1 keeps the percentage exact: 5/2 / 4 = 62.5%).
TEST_F(OffenceRegisterTest, OffencesCarryOverToAnotherEventByThePlayers) {
  Record(Offence("2026-03-01"));
  Create("t2", "mp", v1::COMPETITION_KIND_MATCHPOINT_PAIRS,
         "nsw_matchpoint_pairs");
  Pair("t2", "mp", 7, "Bob Brown", "Ann Ashby");
  Pair("t2", "mp", 8, "Eve Ellis", "Fay Ford");
  Pair("t2", "mp", 9, "Gus Gray", "Hal Hart");
  Pair("t2", "mp", 10, "Ida Ives", "Jon Judd");
  v1::DefineSessionRequest d;
  d.set_tournament_id("t2");
  d.set_competition_id("mp");
  d.set_session(1);
  v1::MovementRound* round = d.mutable_explicit_movement()->add_rounds();
  round->set_round(1);
  for (int table = 1; table <= 2; ++table) {
    v1::TableAssignment* a = round->add_tables();
    a->set_table(table);
    a->set_ns_pair(6 + table);
    a->set_ew_pair(8 + table);
    a->add_boards(1);
    a->add_boards(2);
  }
  ApplyTo(state_, "t2", DecideDefineSession(state_, d));
  v1::StartSessionRequest s;
  s.set_tournament_id("t2");
  s.set_competition_id("mp");
  s.set_session(1);
  ApplyTo(state_, "t2", DecideStartSession(state_, s));
  auto enter = [&](int table, int board, int level, int tricks) {
    v1::EnterResultRequest e;
    e.set_tournament_id("t2");
    e.set_competition_id("mp");
    e.set_session(1);
    e.set_table(table);
    e.set_board(board);
    if (level == 0) {
      e.mutable_result()->mutable_passed_out();
    } else {
      v1::PlayedContract* p = e.mutable_result()->mutable_played();
      p->set_level(level);
      p->set_strain(v1::STRAIN_SPADES);
      p->set_declarer(v1::SEAT_NORTH);
      p->set_tricks(tricks);
    }
    ApplyTo(state_, "t2", DecideEnterResult(state_, e));
  };
  enter(1, 1, 4, 10);
  enter(2, 1, 4, 9);
  enter(1, 2, 0, 0);
  enter(2, 2, 0, 0);

  v1::RecordOffenceRequest in_mp =
      Offence("2026-03-08", 7, "slow_play", "t2", "mp");
  // A % of a top comes off one session's total: the session is named.
  EXPECT_THAT(DecideRecordOffence(state_, in_mp),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("say which session")));
  in_mp.set_round(2);
  EXPECT_THAT(DecideRecordOffence(state_, in_mp),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("session 2 of 'mp' is not defined")));
  in_mp.set_round(1);
  const v1::OffenceRecorded there = Record(in_mp);
  EXPECT_EQ(there.offender(), "pair Ann Ashby & Bob Brown");
  EXPECT_EQ(there.occurrence(), 2);
  EXPECT_THAT(there.penalty(), HasSubstr("25%"));
  EXPECT_FALSE(there.has_vps());
  EXPECT_EQ(there.matchpoints().numerator(), 1);
  EXPECT_EQ(there.matchpoints().denominator(), 2);
  EXPECT_EQ(there.deducted(),
            "25% of a top of 2 = 1/2 MP off pair 7's session 1 total (NSW "
            "TR 6.4)");
  const CompetitionState& mp =
      state_.tournaments.at("t2").competitions.at("mp");
  const SessionScores scores =
      ScoreSessionForProfile(mp.sessions.at(1), mp.profile);
  const PairTotal& seven = scores.pairs.at(7);
  EXPECT_EQ(seven.matchpoints, core::Rational(5, 2));
  EXPECT_EQ(seven.penalties, core::Rational(1, 2));
  EXPECT_EQ(seven.maximum, 4);
  ASSERT_TRUE(seven.percentage.has_value());
  EXPECT_EQ(seven.percentage->ToString(), "62.50");
  EXPECT_EQ(scores.pairs.at(9).matchpoints, core::Rational(1));  // untouched

  v1::GetOffenceRegisterRequest q;
  q.set_offender("pair Ann Ashby & Bob Brown");
  absl::StatusOr<v1::OffenceRegister> reg = GetOffenceRegister(state_, q);
  ASSERT_THAT(reg, IsOk());
  ASSERT_EQ(reg->entries_size(), 2);
  EXPECT_EQ(reg->entries(0).tournament_id(), "t");
  EXPECT_EQ(reg->entries(1).tournament_id(), "t2");
  q.set_offender("");
  q.set_tournament_id("t");
  q.set_competition_id("swiss");
  reg = GetOffenceRegister(state_, q);
  ASSERT_THAT(reg, IsOk());
  EXPECT_EQ(reg->entries_size(), 1);
  EXPECT_FALSE(reg->scale().empty());
  EXPECT_THAT(reg->scale_offences(0), HasSubstr("late_5_10"));
}

TEST_F(OffenceRegisterTest, AMobilePhoneIsCountedPerPlayer) {
  v1::RecordOffenceRequest r = Offence("2026-03-01", 1, "phone_answered");
  EXPECT_THAT(DecideRecordOffence(state_, r),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("counted per player")));
  r.set_player("Cat Clark");
  EXPECT_THAT(DecideRecordOffence(state_, r),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("Cat Clark is not a player of entrant 1")));
  r.set_player("Ann Ashby");
  const v1::OffenceRecorded ann = Record(r);
  EXPECT_EQ(ann.offender(), "player Ann Ashby");
  EXPECT_EQ(ann.occurrence(), 1);
  // Her partner's first offence is his own (6.9.4 "by the same player").
  r.set_player("Bob Brown");
  EXPECT_EQ(Record(r).occurrence(), 1);
  r.set_player("Ann Ashby");
  EXPECT_EQ(Record(r).occurrence(), 2);
}

TEST_F(OffenceRegisterTest, RefusalsSayWhatIsWrongAndChangeNothing) {
  EXPECT_THAT(DecideRecordOffence(state_, Offence("2026-03-01", 1, "chat")),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("slow_play: ")));
  EXPECT_THAT(DecideRecordOffence(state_, Offence("2026-03-01", 9)),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("entrant 9 is not registered")));
  EXPECT_THAT(
      DecideRecordOffence(state_, Offence("")),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("YYYY-MM-DD")));
  EXPECT_THAT(
      DecideRecordOffence(state_, Offence("1 March")),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("not '1 March'")));
  v1::RecordOffenceRequest no_reason = Offence("2026-03-01");
  no_reason.clear_reason();
  EXPECT_THAT(
      DecideRecordOffence(state_, no_reason),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("reason")));
  v1::RecordOffenceRequest boards = Offence("2026-03-01");
  boards.set_boards(2);
  EXPECT_THAT(DecideRecordOffence(state_, boards),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("not penalised per board")));
  // Over 30 minutes late is the director's discretion (NSW TR 6.2).
  EXPECT_THAT(
      DecideRecordOffence(state_, Offence("2026-03-01", 1, "late_over_30")),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               HasSubstr("director's discretion")));
  // A round that is not drawn: the Swiss event has drawn none yet.
  v1::RecordOffenceRequest later = Offence("2026-03-01");
  later.set_round(5);
  EXPECT_THAT(DecideRecordOffence(state_, later),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("round 5 of 'swiss' is not drawn yet")));
  EXPECT_TRUE(state_.offences.empty());
}

}  // namespace
}  // namespace tally::replay
