#include "replay/state/event_log.h"

#include <stdlib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/log/event_store.h"
#include "replay/profile/profile_loader.h"
#include "replay/queries/audit.h"
#include "replay/state/tournament_replay.h"
#include "rocksdb/db.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

std::string MakeTempDir(std::vector<std::string>& made) {
  std::string pattern = ::testing::TempDir() + "/event_log_test.XXXXXX";
  char* dir = mkdtemp(pattern.data());
  EXPECT_NE(dir, nullptr);
  made.push_back(pattern);
  return pattern;
}

// A command that creates tournament `id` (refused if it exists).
Command Create(const std::string& id, const std::string& key) {
  Command c;
  c.tournament_id = id;
  c.idempotency_key = key;
  c.fingerprint = absl::StrCat("create ", id);
  c.actor.set_role(v1::ROLE_DIRECTOR);
  c.decide = [id](const State& s) -> absl::StatusOr<v1::EventPayload> {
    if (s.FindTournament(id) != nullptr) {
      return absl::AlreadyExistsError("exists");
    }
    v1::EventPayload p;
    p.mutable_tournament_created()->set_name(id);
    return p;
  };
  return c;
}

// A command that adds competition `cid` to tournament `id`.
Command AddCompetition(const std::string& id, const std::string& cid,
                       const std::string& key) {
  Command c;
  c.tournament_id = id;
  c.idempotency_key = key;
  c.fingerprint = absl::StrCat("competition ", id, " ", cid);
  c.decide = [cid](const State&) -> absl::StatusOr<v1::EventPayload> {
    v1::EventPayload p;
    p.mutable_competition_created()->set_competition_id(cid);
    p.mutable_competition_created()->set_kind(
        v1::COMPETITION_KIND_MATCHPOINT_PAIRS);
    *p.mutable_competition_created()->mutable_profile() =
        *FindBuiltInProfileSpec("sabf_matchpoint_pairs");
    return p;
  };
  return c;
}

// A command that records a warning against pair `pair` of competition
// "pairs" of tournament `id` in the offence register.
Command Warning(const std::string& id, int pair, const std::string& key) {
  Command c;
  c.tournament_id = id;
  c.idempotency_key = key;
  c.fingerprint = absl::StrCat("warning ", id, " ", pair);
  c.decide = [pair](const State&) -> absl::StatusOr<v1::EventPayload> {
    v1::EventPayload p;
    v1::OffenceRecorded* o = p.mutable_offence_recorded();
    o->set_competition_id("pairs");
    o->set_entrant(pair);
    o->set_offence("slow_play");
    o->set_occurrence(1);
    return p;
  };
  return c;
}

uint64_t LastSequence(const EventLog& log) {
  uint64_t last = 0;
  log.Read([&](const State& s) { last = s.last_sequence; });
  return last;
}

class EventLogTest : public ::testing::Test {
 protected:
  void SetUp() override { Open(); }
  void Open() {
    log_.reset();
    absl::StatusOr<std::unique_ptr<EventLog>> log =
        EventLog::Open(
            {.path = dir_, .clock = [this] { return now_; }, .after_durable = {}});
    ASSERT_THAT(log, IsOk());
    log_ = *std::move(log);
  }

  // Runs `c` under this test's next key ("k1", "k2", ...); must succeed.
  void RunNext(Command c) {
    c.idempotency_key = absl::StrCat("k", ++keys_used_);
    ASSERT_THAT(log_->Execute(std::move(c)), IsOk());
  }

  // Each test's RocksDB directories, removed when it ends.
  ~EventLogTest() override {
    log_.reset();
    std::error_code ignored;
    for (const std::string& dir : dirs_made_) {
      std::filesystem::remove_all(dir, ignored);
    }
  }

  std::vector<std::string> dirs_made_;
  std::string dir_ = MakeTempDir(dirs_made_);
  absl::Time now_ = absl::FromUnixSeconds(1'750'000'000);
  std::unique_ptr<EventLog> log_;
  int keys_used_ = 0;
};

// The auditor's replays of one tournament (replay/state/
// tournament_replay.h) leave it, and the offence register that spans every
// tournament, exactly as a full replay does, at every point of a log where
// two tournaments interleave, and read fewer events.
TEST_F(EventLogTest, ATournamentReplayedAloneEqualsItsPartOfAFullReplay) {
  auto run = [&](Command c) { RunNext(std::move(c)); };
  run(Create("b", ""));
  run(AddCompetition("b", "pairs", ""));
  run(Warning("b", 1, ""));
  run(Create("a", ""));
  run(AddCompetition("a", "pairs", ""));
  run(Warning("b", 2, ""));
  now_ += absl::Minutes(1);
  run(Warning("a", 3, ""));
  run(Warning("b", 4, ""));
  now_ += absl::Minutes(1);
  run(Warning("a", 5, ""));
  run(Warning("b", 6, ""));
  const std::shared_ptr<const State> now = log_->Snapshot();
  ASSERT_EQ(now->last_sequence, 10u);
  ASSERT_EQ(now->FindTournament("a")->event_sequences,
            (std::vector<uint64_t>{4, 5, 7, 9}));
  for (uint64_t point = 0; point <= 11; ++point) {
    SCOPED_TRACE(absl::StrCat("as of event ", point));
    const uint64_t reads = log_->store().events_read();
    absl::StatusOr<State> full = ReplayPrefix(log_->store(), point, {});
    const uint64_t full_reads = log_->store().events_read() - reads;
    absl::StatusOr<State> alone = ReplayTournament(log_->store(), *now, "a", point);
    const uint64_t alone_reads =
        log_->store().events_read() - reads - full_reads;
    ASSERT_THAT(full, IsOk());
    ASSERT_THAT(alone, IsOk());
    EXPECT_EQ(alone->last_sequence, full->last_sequence);
    EXPECT_EQ(alone->last_hash, full->last_hash);
    EXPECT_EQ(alone->last_received, full->last_received);
    ASSERT_EQ(alone->offences.size(), full->offences.size());
    for (size_t i = 0; i < full->offences.size(); ++i) {
      EXPECT_EQ(alone->offences[i].sequence, full->offences[i].sequence);
      EXPECT_EQ(alone->offences[i].tournament_id,
                full->offences[i].tournament_id);
      EXPECT_EQ(alone->offences[i].offence.entrant(),
                full->offences[i].offence.entrant());
    }
    const TournamentState* a = alone->FindTournament("a");
    const TournamentState* expected = full->FindTournament("a");
    ASSERT_EQ(a == nullptr, expected == nullptr);
    EXPECT_EQ(alone->FindTournament("b"), nullptr);
    if (expected != nullptr) {
      EXPECT_EQ(a->version, expected->version);
      EXPECT_EQ(a->event_sequences, expected->event_sequences);
      ASSERT_EQ(a->competitions.size(), expected->competitions.size());
      for (const auto& [id, c] : expected->competitions) {
        ASSERT_TRUE(a->competitions.contains(id));
        EXPECT_EQ(a->competitions.at(id).event_sequences, c.event_sequences);
      }
    }
    // Its own events, and the event at the point when it is another's.
    EXPECT_LE(alone_reads, 5u);
    EXPECT_LT(alone_reads, std::max<uint64_t>(full_reads, 1));
  }
  // As of a time: the events received by then, found by a binary search.
  absl::StatusOr<uint64_t> by_time = LastSequenceReceivedBy(
      log_->store(), now->last_sequence, now_ - absl::Seconds(1));
  ASSERT_THAT(by_time, IsOk());
  EXPECT_EQ(*by_time, 8u);
  absl::StatusOr<uint64_t> before_all = LastSequenceReceivedBy(
      log_->store(), now->last_sequence, now_ - absl::Minutes(3));
  ASSERT_THAT(before_all, IsOk());
  EXPECT_EQ(*before_all, 0u);
}

TEST_F(EventLogTest, AssignsGapFreeSequencesAndPerTournamentVersions) {
  ASSERT_THAT(log_->Execute(Create("a", "k1")), IsOk());
  ASSERT_THAT(log_->Execute(Create("b", "k2")), IsOk());
  absl::StatusOr<CommandResult> third =
      log_->Execute(AddCompetition("a", "pairs", "k3"));
  ASSERT_THAT(third, IsOk());
  EXPECT_EQ(third->event.sequence(), 3u);
  EXPECT_EQ(third->event.stream_version(), 2u);  // a's second event
  EXPECT_EQ(third->event.tournament_id(), "a");
  EXPECT_EQ(third->event.received_at().seconds(), 1'750'000'000);
  EXPECT_EQ(third->event.hash().size(), 32u);
}

TEST_F(EventLogTest, StaleExpectedVersionIsAbortedNamingBothVersions) {
  ASSERT_THAT(log_->Execute(Create("a", "k1")), IsOk());
  Command c = AddCompetition("a", "pairs", "k2");
  c.expected_version = 0;
  EXPECT_THAT(log_->Execute(c),
              StatusIs(absl::StatusCode::kAborted,
                       ::testing::AllOf(HasSubstr("expected version 0"),
                                        HasSubstr("actual version 1"))));
  EXPECT_EQ(LastSequence(*log_), 1u);
  c.expected_version = 1;
  EXPECT_THAT(log_->Execute(c), IsOk());
}

TEST_F(EventLogTest, RetryWithTheSameKeyReturnsTheFirstOutcome) {
  absl::StatusOr<CommandResult> first = log_->Execute(Create("a", "k1"));
  ASSERT_THAT(first, IsOk());
  EXPECT_FALSE(first->replayed);
  now_ += absl::Seconds(5);
  absl::StatusOr<CommandResult> retry = log_->Execute(Create("a", "k1"));
  ASSERT_THAT(retry, IsOk());
  EXPECT_TRUE(retry->replayed);
  EXPECT_EQ(retry->event.SerializeAsString(), first->event.SerializeAsString());
  EXPECT_EQ(LastSequence(*log_), 1u);

  // The record survives a restart.
  Open();
  absl::StatusOr<CommandResult> after_restart =
      log_->Execute(Create("a", "k1"));
  ASSERT_THAT(after_restart, IsOk());
  EXPECT_TRUE(after_restart->replayed);
  EXPECT_EQ(after_restart->event.sequence(), 1u);
  EXPECT_EQ(LastSequence(*log_), 1u);
}

// The idempotency records' tables carry a Bloom filter (the writer looks
// up every command's key, almost always a new one: a miss then reads no
// table's blocks). RocksDB records the options it opened with in the data
// directory's OPTIONS file.
TEST_F(EventLogTest, TheIdempotencyRecordsTablesHaveABloomFilter) {
  std::string options_text;
  for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with("OPTIONS-")) continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    options_text = text.str();  // any OPTIONS file of this open
  }
  const size_t section =
      options_text.find("[TableOptions/BlockBasedTable \"idempotency\"]");
  ASSERT_NE(section, std::string::npos) << options_text;
  const size_t next = options_text.find("\n[", section + 1);
  EXPECT_THAT(options_text.substr(section, next - section),
              HasSubstr("filter_policy=bloomfilter:10"));
  const size_t events =
      options_text.find("[TableOptions/BlockBasedTable \"events\"]");
  ASSERT_NE(events, std::string::npos);
  EXPECT_THAT(options_text.substr(
                  events, options_text.find("\n[", events + 1) - events),
              HasSubstr("filter_policy=nullptr"));
}

TEST_F(EventLogTest, SameKeyForADifferentCommandIsRefused) {
  ASSERT_THAT(log_->Execute(Create("a", "k1")), IsOk());
  Command other = AddCompetition("a", "pairs", "k1");
  EXPECT_THAT(log_->Execute(other),
              StatusIs(absl::StatusCode::kAlreadyExists,
                       HasSubstr("already used for a different command")));
  EXPECT_EQ(LastSequence(*log_), 1u);
}

TEST_F(EventLogTest, RefusedDecisionAppendsNothingAndLeavesTheKeyFree) {
  ASSERT_THAT(log_->Execute(Create("a", "k1")), IsOk());
  EXPECT_THAT(log_->Execute(Create("a", "k2")),
              StatusIs(absl::StatusCode::kAlreadyExists));
  EXPECT_EQ(LastSequence(*log_), 1u);
  EXPECT_THAT(log_->Execute(Create("b", "k2")), IsOk());
  EXPECT_EQ(LastSequence(*log_), 2u);
}

TEST_F(EventLogTest, CommandWithoutAKeyIsRefused) {
  EXPECT_THAT(log_->Execute(Create("a", "")),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_EQ(LastSequence(*log_), 0u);
}

TEST_F(EventLogTest, ReceiptTimesNeverGoBackwards) {
  ASSERT_THAT(log_->Execute(Create("a", "k1")), IsOk());
  now_ -= absl::Minutes(10);  // the wall clock stepped back
  absl::StatusOr<CommandResult> second = log_->Execute(Create("b", "k2"));
  ASSERT_THAT(second, IsOk());
  EXPECT_EQ(second->event.received_at().seconds(), 1'750'000'000);
}

TEST_F(EventLogTest, ReplaysAPrefixBySequenceOrByTime) {
  for (int i = 0; i < 5; ++i) {
    ASSERT_THAT(log_->Execute(Create(absl::StrCat("t", i), absl::StrCat(i))),
                IsOk());
    now_ += absl::Seconds(60);
  }
  absl::StatusOr<State> by_sequence = ReplayPrefix(log_->store(), 3, {});
  ASSERT_THAT(by_sequence, IsOk());
  EXPECT_EQ(by_sequence->last_sequence, 3u);
  EXPECT_EQ(by_sequence->tournaments.size(), 3u);
  // Events were received at +0, +60, +120, ...: +90s covers two.
  absl::StatusOr<State> by_time = ReplayPrefix(
      log_->store(), UINT64_MAX, absl::FromUnixSeconds(1'750'000'000 + 90));
  ASSERT_THAT(by_time, IsOk());
  EXPECT_EQ(by_time->last_sequence, 2u);
}

TEST_F(EventLogTest, ConcurrentCommandsGetDistinctGapFreeSequences) {
  constexpr int kThreads = 8, kEach = 25;
  std::vector<std::thread> threads;
  std::atomic<int> failures = 0;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i) {
        std::string id = absl::StrCat("t", t, "-", i);
        if (!log_->Execute(Create(id, id)).ok()) ++failures;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(LastSequence(*log_), uint64_t{kThreads * kEach});
  absl::StatusOr<v1::ChainVerification> v = VerifyChain(log_->store());
  ASSERT_THAT(v, IsOk());
  EXPECT_TRUE(v->ok()) << v->problem();
  EXPECT_EQ(v->events_checked(), uint64_t{kThreads * kEach});
}

// A command that registers `pair` in competition `cid` of tournament `id`.
Command RegisterPair(const std::string& id, const std::string& cid, int pair,
                     const std::string& key) {
  Command c;
  c.tournament_id = id;
  c.idempotency_key = key;
  c.fingerprint = absl::StrCat("pair ", id, " ", cid, " ", pair);
  c.decide = [cid, pair](const State&) -> absl::StatusOr<v1::EventPayload> {
    v1::EventPayload p;
    p.mutable_pair_registered()->set_competition_id(cid);
    p.mutable_pair_registered()->set_pair(pair);
    p.mutable_pair_registered()->add_players(absl::StrCat("player ", pair));
    return p;
  };
  return c;
}

// Everything the commands above fold into, compared field by field.
void ExpectSameState(const State& got, const State& want) {
  EXPECT_EQ(got.last_sequence, want.last_sequence);
  EXPECT_EQ(got.last_hash, want.last_hash);
  EXPECT_EQ(got.last_received, want.last_received);
  ASSERT_EQ(got.tournaments.size(), want.tournaments.size());
  for (const auto& [id, w] : want.tournaments) {
    const TournamentState* g = got.FindTournament(id);
    ASSERT_NE(g, nullptr) << id;
    EXPECT_EQ(g->name, w.name);
    EXPECT_EQ(g->version, w.version) << id;
    ASSERT_EQ(g->competitions.size(), w.competitions.size()) << id;
    for (const auto& [cid, wc] : w.competitions) {
      ASSERT_TRUE(g->competitions.contains(cid)) << id << " " << cid;
      const CompetitionState& gc = g->competitions.at(cid);
      EXPECT_EQ(gc.pairs, wc.pairs) << id << " " << cid;
      EXPECT_EQ(gc.event_sequences, wc.event_sequences) << id << " " << cid;
    }
  }
}

TEST_F(EventLogTest, ASnapshotStaysAsItWasWhileTheWriterAppends) {
  ASSERT_THAT(log_->Execute(Create("a", "k1")), IsOk());
  std::shared_ptr<const State> before = log_->Snapshot();
  ASSERT_THAT(log_->Execute(AddCompetition("a", "pairs", "k2")), IsOk());
  ASSERT_THAT(log_->Execute(Create("b", "k3")), IsOk());
  EXPECT_EQ(before->last_sequence, 1u);
  EXPECT_EQ(before->tournaments.size(), 1u);
  EXPECT_TRUE(before->FindTournament("a")->competitions.empty());
  // A command told OK is in every later snapshot (read your writes).
  EXPECT_EQ(log_->Snapshot()->last_sequence, 3u);
  EXPECT_EQ(log_->Snapshot()->tournaments.size(), 2u);
}

// Opened on a log of two tournaments, the published State and the
// writer's share both (state.h SharedTournaments): a command on "b" clones
// only "b", so the next published State shares "a" with the one before,
// which keeps "b" as it was.
TEST_F(EventLogTest, PublishedStatesShareTheTournamentsACommandDidNotChange) {
  RunNext(Create("a", ""));
  RunNext(AddCompetition("a", "pairs", ""));
  RunNext(Create("b", ""));
  Open();
  const std::shared_ptr<const State> before = log_->Snapshot();
  RunNext(AddCompetition("b", "pairs", ""));
  const std::shared_ptr<const State> after = log_->Snapshot();
  ASSERT_EQ(after->last_sequence, 4u);
  EXPECT_EQ(after->FindTournament("a"), before->FindTournament("a"));
  EXPECT_NE(after->FindTournament("b"), before->FindTournament("b"));
  EXPECT_TRUE(before->FindTournament("b")->competitions.empty());
  EXPECT_EQ(before->FindTournament("b")->version, 1u);
  EXPECT_TRUE(after->FindTournament("b")->competitions.contains("pairs"));
  EXPECT_EQ(log_->published_copies(), 0u);
}

// The pooled States each fold a tournament in play into a copy of their
// own (so it is not cloned at every group); once 10,000 events of other
// tournaments have passed it by, they share it again.
TEST_F(EventLogTest, ATournamentAtRestIsSharedAgainByThePublishedStates) {
  log_.reset();
  EventLog::Options options;
  options.path = MakeTempDir(dirs_made_);
  options.clock = [this] { return now_; };
  options.sync = false;  // 12,000 appends
  absl::StatusOr<std::unique_ptr<EventLog>> opened = EventLog::Open(options);
  ASSERT_THAT(opened, IsOk());
  log_ = *std::move(opened);
  RunNext(Create("a", ""));
  RunNext(AddCompetition("a", "pairs", ""));
  std::shared_ptr<const State> first = log_->Snapshot();
  RunNext(Create("b", ""));
  std::shared_ptr<const State> second = log_->Snapshot();
  ASSERT_NE(first, second);
  EXPECT_NE(first->FindTournament("a"), second->FindTournament("a"));
  first.reset();
  second.reset();

  constexpr int kOthers = 12'000;
  std::atomic<int> next = 0;
  std::vector<std::thread> writers;
  for (int w = 0; w < 8; ++w) {
    writers.emplace_back([&] {
      for (int i = next++; i < kOthers; i = next++) {
        const std::string id = absl::StrCat("x", i);
        EXPECT_THAT(log_->Execute(Create(id, id)), IsOk());
      }
    });
  }
  for (std::thread& w : writers) w.join();
  first = log_->Snapshot();
  RunNext(Create("c", ""));
  second = log_->Snapshot();
  ASSERT_NE(first, second);
  EXPECT_EQ(second->last_sequence, kOthers + 4u);
  EXPECT_EQ(first->FindTournament("a"), second->FindTournament("a"));
  EXPECT_EQ(second->FindTournament("a")->version, 2u);
  EXPECT_TRUE(second->FindTournament("a")->competitions.contains("pairs"));
}

TEST_F(EventLogTest, AReaderInsideReadDoesNotHoldUpTheWriter) {
  std::promise<void> reading, release;
  std::shared_future<void> released = release.get_future().share();
  std::thread reader([&] {
    log_->Read([&](const State&) {
      reading.set_value();
      released.wait();
    });
  });
  reading.get_future().wait();
  // With the reader still inside Read, commands complete.
  std::future<bool> wrote = std::async(std::launch::async, [&] {
    for (int i = 0; i < 5; ++i) {
      if (!log_->Execute(Create(absl::StrCat("t", i), absl::StrCat(i))).ok()) {
        return false;
      }
    }
    return true;
  });
  const bool done =
      wrote.wait_for(std::chrono::seconds(20)) == std::future_status::ready;
  release.set_value();
  reader.join();
  ASSERT_TRUE(done) << "the writer waited for a reader";
  EXPECT_TRUE(wrote.get());
  EXPECT_EQ(LastSequence(*log_), 5u);
}

// Readers keep snapshots across many groups and let them go in a scrambled
// order, so the writer recycles, copies and evicts pooled States; every
// snapshot, and the last one, must equal a replay of the log from event 1
// to its sequence.
TEST_F(EventLogTest, EveryPublishedStateEqualsAFullReplayOfItsPrefix) {
  std::vector<std::shared_ptr<const State>> held;
  std::vector<std::shared_ptr<const State>> checked;
  uint64_t key = 0;
  auto next_key = [&] { return absl::StrCat("k", ++key); };
  for (int t = 0; t < 4; ++t) {
    const std::string id = absl::StrCat("t", t);
    ASSERT_THAT(log_->Execute(Create(id, next_key())), IsOk());
    ASSERT_THAT(log_->Execute(AddCompetition(id, "pairs", next_key())), IsOk());
  }
  // A fixed pseudo-random sequence (a linear congruential generator), so a
  // failure repeats.
  uint32_t seed = 12345;
  auto random = [&](uint32_t n) {
    seed = seed * 1103515245u + 12345u;
    return (seed >> 16) % n;
  };
  for (int i = 0; i < 120; ++i) {
    const std::string id = absl::StrCat("t", random(4));
    ASSERT_THAT(log_->Execute(RegisterPair(id, "pairs", i + 1, next_key())),
                IsOk());
    switch (random(4)) {
      case 0:
      case 1:
        held.push_back(log_->Snapshot());
        if (i % 10 == 0) checked.push_back(held.back());
        break;
      case 2:
        if (!held.empty()) held.erase(held.begin() + random(held.size()));
        break;
      default:
        break;
    }
  }
  EXPECT_GT(log_->published_copies(), 0u);  // the pool was exhausted
  checked.push_back(log_->Snapshot());
  for (const std::shared_ptr<const State>& snapshot : checked) {
    absl::StatusOr<State> replayed =
        ReplayPrefix(log_->store(), snapshot->last_sequence, std::nullopt);
    ASSERT_THAT(replayed, IsOk());
    SCOPED_TRACE(absl::StrCat("at event ", snapshot->last_sequence));
    ExpectSameState(*snapshot, *replayed);
  }
  EXPECT_EQ(checked.back()->last_sequence, 8u + 120u);
}

TEST_F(EventLogTest, ReadersLettingGoMakesTheWriterCopyNothing) {
  ASSERT_THAT(log_->Execute(Create("a", "k0")), IsOk());
  const uint64_t copies = log_->published_copies();
  for (int i = 1; i <= 50; ++i) {
    log_->Read([](const State&) {});
    ASSERT_THAT(log_->Execute(AddCompetition("a", absl::StrCat("c", i),
                                             absl::StrCat("k", i))),
                IsOk());
  }
  EXPECT_EQ(log_->published_copies(), copies);
}

// Receipt time (issue #19): a command is stamped when it is received, so a
// correction sent before its window closes is accepted even when the
// writer is stalled past the close.
// Start-up folds each event while the read-only check reads it (one pass
// over the log): what it folds equals a full replay of the store it then
// opens for writing, on_replayed sees every event once and in order, and
// the writer takes commands on the State it folded.
TEST_F(EventLogTest, OpeningALogFoldsWhatAFullReplayFolds) {
  auto run = [&](Command c) { RunNext(std::move(c)); };
  run(Create("b", ""));
  run(AddCompetition("b", "pairs", ""));
  run(Create("a", ""));
  run(RegisterPair("b", "pairs", 1, ""));
  run(Warning("b", 1, ""));
  run(AddCompetition("a", "pairs", ""));
  now_ += absl::Minutes(1);
  run(RegisterPair("a", "pairs", 7, ""));
  run(Warning("a", 7, ""));
  run(RegisterPair("b", "pairs", 2, ""));
  log_.reset();

  std::vector<uint64_t> replayed;
  EventLog::Options options;
  options.path = dir_;
  options.clock = [this] { return now_; };
  options.on_replayed = [&](const v1::Event& e) {
    replayed.push_back(e.sequence());
  };
  absl::StatusOr<std::unique_ptr<EventLog>> reopened = EventLog::Open(options);
  ASSERT_THAT(reopened, IsOk());
  log_ = *std::move(reopened);
  EXPECT_EQ(replayed, (std::vector<uint64_t>{1, 2, 3, 4, 5, 6, 7, 8, 9}));
  const std::shared_ptr<const State> opened = log_->Snapshot();
  absl::StatusOr<State> full = ReplayPrefix(log_->store(), UINT64_MAX, {});
  ASSERT_THAT(full, IsOk());
  ExpectSameState(*opened, *full);
  EXPECT_EQ(opened->last_sequence, 9u);
  EXPECT_EQ(opened->last_received, now_);
  ASSERT_EQ(opened->offences.size(), full->offences.size());
  for (size_t i = 0; i < full->offences.size(); ++i) {
    EXPECT_EQ(opened->offences[i].sequence, full->offences[i].sequence);
    EXPECT_EQ(opened->offences[i].tournament_id,
              full->offences[i].tournament_id);
  }
  for (const auto& [id, t] : full->tournaments) {
    EXPECT_EQ(opened->FindTournament(id)->event_sequences, t.event_sequences)
        << id;
  }
  EXPECT_EQ(opened->FindTournament("a")->event_sequences,
            (std::vector<uint64_t>{3, 6, 7, 8}));
  // A retry is answered from the records the check matched; a new command
  // continues the log.
  Command retry = Create("b", "k1");
  absl::StatusOr<CommandResult> retried = log_->Execute(std::move(retry));
  ASSERT_THAT(retried, IsOk());
  EXPECT_TRUE(retried->replayed);
  EXPECT_EQ(retried->event.sequence(), 1u);
  ASSERT_THAT(log_->Execute(Create("c", "k10")), IsOk());
  EXPECT_EQ(LastSequence(*log_), 10u);
  EXPECT_EQ(log_->published_copies(), 0u);
}

TEST(EventLogReceiptTest, ACommandQueuedBehindAStalledWriterKeepsItsTime) {
  std::vector<std::string> made;
  const std::string dir = MakeTempDir(made);
  const absl::Time open = absl::FromUnixSeconds(1'750'000'000);
  const absl::Time close = open + absl::Minutes(30);
  std::atomic<int64_t> now_seconds = absl::ToUnixSeconds(open);
  std::atomic<int> stamps = 0;
  {
    absl::StatusOr<std::unique_ptr<EventLog>> log =
        EventLog::Open({.path = dir,
                        .clock =
                            [&] {
                              ++stamps;
                              return absl::FromUnixSeconds(now_seconds.load());
                            },
                        .after_durable = {}});
    ASSERT_THAT(log, IsOk());

    // The writer stalls inside the first command's decide.
    std::promise<void> stalled, resume;
    std::shared_future<void> resumed = resume.get_future().share();
    Command slow = Create("a", "k1");
    slow.decide = [&](const State&) -> absl::StatusOr<v1::EventPayload> {
      stalled.set_value();
      resumed.wait();
      v1::EventPayload p;
      p.mutable_tournament_created()->set_name("a");
      return p;
    };
    std::future<absl::StatusOr<CommandResult>> first = std::async(
        std::launch::async, [&] { return (*log)->Execute(std::move(slow)); });
    stalled.get_future().wait();

    // One second before the window closes, the correction is sent ...
    now_seconds = absl::ToUnixSeconds(close) - 1;
    Command correction = AddCompetition("a", "pairs", "k2");
    correction.decide = nullptr;
    correction.decide_at =
        [close](const State&,
                absl::Time at) -> absl::StatusOr<v1::EventPayload> {
      if (at > close) {
        return absl::FailedPreconditionError("the correction period is over");
      }
      v1::EventPayload p;
      p.mutable_competition_created()->set_competition_id("pairs");
      p.mutable_competition_created()->set_kind(
          v1::COMPETITION_KIND_MATCHPOINT_PAIRS);
      *p.mutable_competition_created()->mutable_profile() =
          *FindBuiltInProfileSpec("sabf_matchpoint_pairs");
      return p;
    };
    std::future<absl::StatusOr<CommandResult>> second =
        std::async(std::launch::async,
                   [&] { return (*log)->Execute(std::move(correction)); });
    // ... and received (stamped) while the writer is still stalled ...
    const auto give_up =
        std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (stamps.load() < 2 && std::chrono::steady_clock::now() < give_up) {
      std::this_thread::yield();
    }
    EXPECT_EQ(stamps.load(), 2) << "the correction was not stamped on receipt";
    // ... which it stays until well after the close.
    now_seconds = absl::ToUnixSeconds(close) + 600;
    resume.set_value();

    absl::StatusOr<CommandResult> created = first.get();
    ASSERT_THAT(created, IsOk());
    EXPECT_EQ(created->event.received_at().seconds(),
              absl::ToUnixSeconds(open));
    absl::StatusOr<CommandResult> corrected = second.get();
    ASSERT_THAT(corrected, IsOk());
    EXPECT_EQ(corrected->event.received_at().seconds(),
              absl::ToUnixSeconds(close) - 1);

    // A command received after the close is stamped after it, and times
    // along the log never decrease.
    absl::StatusOr<CommandResult> later = (*log)->Execute(Create("b", "k3"));
    ASSERT_THAT(later, IsOk());
    EXPECT_EQ(later->event.received_at().seconds(),
              absl::ToUnixSeconds(close) + 600);
  }
  std::error_code ignored;
  for (const std::string& d : made) std::filesystem::remove_all(d, ignored);
}

// Opens the data directory with plain RocksDB and changes one byte of the
// value stored for `sequence`, as a disk fault or a tamperer would.
void FlipAByte(const std::string& dir, uint64_t sequence, size_t offset) {
  std::vector<rocksdb::ColumnFamilyDescriptor> families = {
      {rocksdb::kDefaultColumnFamilyName, {}},
      {kEventsFamily, {}},
      {kIdempotencyFamily, {}}};
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* db = nullptr;
  ASSERT_TRUE(rocksdb::DB::Open({}, dir, families, &handles, &db).ok());
  std::string value;
  ASSERT_TRUE(db->Get({}, handles[1], SequenceKey(sequence), &value).ok());
  ASSERT_LT(offset, value.size());
  value[offset] ^= 0x01;
  ASSERT_TRUE(db->Put({}, handles[1], SequenceKey(sequence), value).ok());
  for (auto* h : handles) ASSERT_TRUE(db->DestroyColumnFamilyHandle(h).ok());
  delete db;
}

TEST_F(EventLogTest, VerifyNamesTheFirstEventWhoseBytesChanged) {
  for (int i = 0; i < 6; ++i) {
    ASSERT_THAT(log_->Execute(Create(absl::StrCat("t", i), absl::StrCat(i))),
                IsOk());
  }
  absl::StatusOr<v1::ChainVerification> clean = VerifyChain(log_->store());
  ASSERT_THAT(clean, IsOk());
  EXPECT_TRUE(clean->ok());
  EXPECT_EQ(clean->events_checked(), 6u);
  log_.reset();

  // A byte near the end of event 4's value: inside the canonical bytes or
  // the stored hash, either way the chain must break at 4.
  for (size_t offset : {size_t{12}, size_t{60}}) {
    std::string copy = MakeTempDir(dirs_made_);
    std::filesystem::copy(
        dir_, copy,
        std::filesystem::copy_options::recursive |
            std::filesystem::copy_options::overwrite_existing);
    FlipAByte(copy, 4, offset);
    absl::StatusOr<std::unique_ptr<EventStore>> store =
        EventStore::Open({.path = copy, .initial_head = {}});
    ASSERT_THAT(store, IsOk());
    absl::StatusOr<v1::ChainVerification> v = VerifyChain(**store);
    ASSERT_THAT(v, IsOk());
    EXPECT_FALSE(v->ok());
    EXPECT_EQ(v->first_bad_sequence(), 4u) << "offset " << offset;
    store->reset();
    // And the server refuses to start on it, naming the event.
    EXPECT_THAT(EventLog::Open({.path = copy, .after_durable = {}}),
                StatusIs(absl::StatusCode::kDataLoss, HasSubstr("4")));
  }
}

}  // namespace
}  // namespace tally::replay
