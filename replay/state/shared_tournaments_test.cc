// Copies of a State share their tournaments until one of them changes one
// (state.h SharedTournaments): the other keeps the tournament as it was,
// byte for byte (the snapshot codec's encoding), and a tournament only one
// State holds is changed in place.

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "replay/snapshot/rich_log_for_test.h"
#include "replay/snapshot/state_codec.h"
#include "replay/state/state.h"

namespace tally::replay {
namespace {

// The profile spec of each competition, from the log's CompetitionCreated.
ProfileSpecOf SpecsOf(const std::vector<v1::Event>& events) {
  return [&events](const TournamentState&, const CompetitionState& c)
             -> absl::StatusOr<v1::RegulationProfileSpec> {
    return events.at(c.event_sequences.front() - 1)
        .payload()
        .competition_created()
        .profile();
  };
}

std::string Bytes(const State& state, const std::vector<v1::Event>& events) {
  absl::StatusOr<std::string> bytes = EncodeState(state, SpecsOf(events));
  EXPECT_TRUE(bytes.ok()) << bytes.status();
  return bytes.value_or("");
}

void Fold(const std::vector<v1::Event>& events, size_t from, size_t to,
          State& state) {
  for (size_t i = from; i < to; ++i) {
    absl::Status s = Evolve(events[i], state);
    ASSERT_TRUE(s.ok()) << "event " << i + 1 << ": " << s;
  }
}

// The tournament `id` as a reader sees it (no copy-on-write).
const TournamentState* Held(const State& state, const std::string& id) {
  return state.tournaments.Find(id);
}

// At every point k of the rich log (two tournaments, "t" and "u"): a copy
// of the State there shares both tournaments; folding the rest of the log
// into the copy leaves the original's tournaments at the same addresses and
// its encoding byte-identical, while the copy encodes as a full replay; the
// copy still shares exactly the tournaments the rest of the log does not
// touch.
TEST(SharedTournamentsTest, ACopyChangesOnlyItsOwnTournaments) {
  const std::vector<v1::Event> events = RichLogForTest();
  State full;
  Fold(events, 0, events.size(), full);
  const std::string full_bytes = Bytes(full, events);
  ASSERT_EQ(full.tournaments.size(), 2u);
  int kept_shared = 0;  // tournaments still shared after the fold
  int cloned = 0;       // tournaments the fold cloned
  for (size_t k = 0; k <= events.size(); ++k) {
    SCOPED_TRACE(k);
    State original;
    Fold(events, 0, k, original);
    const std::string before = Bytes(original, events);
    State copy = original;
    std::vector<std::pair<std::string, const TournamentState*>> held;
    for (const auto& [id, t] : original.tournaments) {
      held.emplace_back(id, &t);
      EXPECT_EQ(Held(copy, id), &t) << id;  // shared, not copied
    }
    std::set<std::string> touched;
    for (size_t i = k; i < events.size(); ++i) {
      touched.insert(events[i].tournament_id());
    }
    Fold(events, k, events.size(), copy);
    EXPECT_EQ(Bytes(original, events), before);
    EXPECT_EQ(Bytes(copy, events), full_bytes);
    for (const auto& [id, was] : held) {
      EXPECT_EQ(Held(original, id), was) << id;
      if (touched.contains(id)) {
        EXPECT_NE(Held(copy, id), was) << id;
        ++cloned;
      } else {
        EXPECT_EQ(Held(copy, id), was) << id;
        ++kept_shared;
      }
    }
  }
  // Both cases happen on this log, so neither check above is vacuous.
  EXPECT_GT(kept_shared, 0);
  EXPECT_GT(cloned, 0);
}

// A tournament no other State holds is changed where it is, not cloned;
// once a copy shares it, the next change clones it and the copy keeps the
// old contents.
TEST(SharedTournamentsTest, ATournamentHeldAloneIsChangedInPlace) {
  const std::vector<v1::Event> events = RichLogForTest();
  // The first event is "t"'s TournamentCreated; the next ones change "t".
  ASSERT_TRUE(events[0].payload().has_tournament_created());
  ASSERT_EQ(events[1].tournament_id(), events[0].tournament_id());
  ASSERT_EQ(events[2].tournament_id(), events[0].tournament_id());
  const std::string id = events[0].tournament_id();
  State state;
  Fold(events, 0, 1, state);
  const TournamentState* alone = Held(state, id);
  Fold(events, 1, 2, state);
  EXPECT_EQ(Held(state, id), alone);
  EXPECT_EQ(alone->version, 2u);

  const State copy = state;
  const std::string copy_bytes = Bytes(copy, events);
  Fold(events, 2, 3, state);
  EXPECT_NE(Held(state, id), alone);
  EXPECT_EQ(Held(state, id)->version, 3u);
  EXPECT_EQ(Held(copy, id), alone);
  EXPECT_EQ(alone->version, 2u);
  EXPECT_EQ(Bytes(copy, events), copy_bytes);

  // The clone is this State's alone: the next change is made in it.
  const TournamentState* clone = Held(state, id);
  Fold(events, 3, 4, state);
  EXPECT_EQ(Held(state, id), clone);
}

// Two States folded apart from the same events (nothing shared): each
// tournament at the same version whose last event is at or before the
// given point is shared, the other States' bytes unchanged; one still
// changing after it, or at another version, keeps its own copy.
TEST(SharedTournamentsTest, ShareQuietSharesOnlyTournamentsAtRestAndAlike) {
  const std::vector<v1::Event> events = RichLogForTest();
  State mine, theirs;
  Fold(events, 0, events.size(), mine);
  Fold(events, 0, events.size(), theirs);
  const std::string bytes = Bytes(mine, events);
  std::map<std::string, uint64_t> last_change;  // tournament -> sequence
  for (const v1::Event& e : events)
    last_change[e.tournament_id()] = e.sequence();
  ASSERT_EQ(last_change.size(), 2u);
  // The point after the first tournament's last event, before the other's.
  const auto [quiet, quiet_at] = *std::min_element(
      last_change.begin(), last_change.end(),
      [](const auto& a, const auto& b) { return a.second < b.second; });
  const auto [busy, busy_at] = *std::max_element(
      last_change.begin(), last_change.end(),
      [](const auto& a, const auto& b) { return a.second < b.second; });
  ASSERT_LT(quiet_at, busy_at);
  ASSERT_NE(Held(mine, quiet), Held(theirs, quiet));

  // A State at another version of the quiet tournament shares nothing.
  State behind;
  Fold(events, 0, quiet_at - 1, behind);
  EXPECT_EQ(behind.tournaments.ShareQuiet(theirs.tournaments, busy_at), 0);

  EXPECT_EQ(mine.tournaments.ShareQuiet(theirs.tournaments, busy_at - 1), 1);
  EXPECT_EQ(Held(mine, quiet), Held(theirs, quiet));
  EXPECT_NE(Held(mine, busy), Held(theirs, busy));
  EXPECT_EQ(Bytes(mine, events), bytes);
  EXPECT_EQ(Bytes(theirs, events), bytes);
  // Once shared, sharing again finds nothing more to do; at the end of the
  // log the busy one is at rest too.
  EXPECT_EQ(mine.tournaments.ShareQuiet(theirs.tournaments, busy_at - 1), 0);
  EXPECT_EQ(mine.tournaments.ShareQuiet(theirs.tournaments, busy_at), 1);
  EXPECT_EQ(Held(mine, busy), Held(theirs, busy));
  EXPECT_EQ(Bytes(mine, events), bytes);
}

}  // namespace
}  // namespace tally::replay
