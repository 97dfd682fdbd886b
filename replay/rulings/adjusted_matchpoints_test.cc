// Tests of AdjustedMatchpoints (issue #19): the sort-based computation
// against a hand-checked board and against pairwise comparison, table by
// table, on random boards with ties, assigned, weighted, split and
// artificial adjusted scores and Neuberg factoring.

#include "replay/rulings/adjusted_boards.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "core/scoring/matchpoints.h"
#include "gtest/gtest.h"
#include "replay/state/bridge_convert.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;

constexpr int kBoard = 1;  // nobody vulnerable

// Declarer North in `level` of `strain` taking `tricks`, undoubled.
v1::TableResult Played(int level, v1::Strain strain, int tricks) {
  v1::TableResult r;
  v1::PlayedContract* p = r.mutable_played();
  p->set_level(level);
  p->set_strain(strain);
  p->set_doubling(v1::DOUBLING_UNDOUBLED);
  p->set_declarer(v1::SEAT_NORTH);
  p->set_tricks(tricks);
  return r;
}

int Score(const v1::TableResult& r) {
  absl::StatusOr<int> s = NorthSouthScoreOf(r, kBoard);
  EXPECT_THAT(s, IsOk());
  return s.value_or(0);
}

// A board's tables, owning what AdjustedTable points at.
struct Board {
  std::vector<std::unique_ptr<EnteredResult>> results;
  std::vector<std::unique_ptr<v1::AdjustedScore>> scores;
  std::vector<AdjustedTable> tables;

  void Add(const v1::TableResult& r,
           std::optional<v1::AdjustedScore> adjusted = std::nullopt,
           v1::Side non_offending = v1::SIDE_UNSPECIFIED) {
    auto entered = std::make_unique<EnteredResult>();
    entered->board = kBoard;
    entered->result = *CompactResultOf(r);
    entered->ns_score = Score(r);
    AdjustedTable t{entered.get(), std::nullopt};
    results.push_back(std::move(entered));
    if (adjusted.has_value()) {
      scores.push_back(std::make_unique<v1::AdjustedScore>(*adjusted));
      t.adjustment = AdjustmentInForce{.sequence = 1,
                                       .score = scores.back().get(),
                                       .non_offending = non_offending};
    }
    tables.push_back(t);
  }
};

// Hand-checked: 4S= (420) twice, 2S= (110), 4S-1 (-50), the board played
// 4 times where 5 were expected. Raw NS matchpoints 5, 5, 2, 0 on a top of
// 6; Neuberg to 5 tables: (mp + 1) x 5 / 4 - 1 = 6.5, 6.5, 2.75, 0.25 on a
// top of 8, East-West the rest.
TEST(AdjustedMatchpointsTest, PlainBoardWithATieFactoredByNeuberg) {
  Board b;
  b.Add(Played(4, v1::STRAIN_SPADES, 10));
  b.Add(Played(4, v1::STRAIN_SPADES, 10));
  b.Add(Played(2, v1::STRAIN_SPADES, 8));
  b.Add(Played(4, v1::STRAIN_SPADES, 9));
  absl::StatusOr<std::vector<std::optional<core::TableAward>>> mp =
      AdjustedMatchpoints(b.tables, kBoard, 5);
  ASSERT_THAT(mp, IsOk());
  ASSERT_EQ(mp->size(), 4u);
  const core::Rational want_ns[] = {
      core::Rational(13, 2), core::Rational(13, 2), core::Rational(11, 4),
      core::Rational(1, 4)};
  for (size_t i = 0; i < 4; ++i) {
    ASSERT_TRUE((*mp)[i].has_value()) << i;
    EXPECT_EQ((*mp)[i]->north_south, want_ns[i]) << i;
    EXPECT_EQ((*mp)[i]->east_west, core::Rational(8) - want_ns[i]) << i;
  }
}

// The reference: each side's credit compared with every other table's
// field credit, one pair at a time (the computation before issue #19).
struct Credit {
  int score;
  core::Rational weight;
};

std::vector<Credit> CreditsOf(const AdjustedTable& t, bool ns_side,
                              bool field_side) {
  if (!t.adjustment.has_value()) return {{t.result->ns_score, 1}};
  const v1::AdjustedScore& a = *t.adjustment->score;
  if (a.has_assigned()) return {{Score(a.assigned()), 1}};
  if (a.has_weighted()) {
    std::vector<Credit> out;
    for (const v1::WeightedResult& o : a.weighted().outcomes()) {
      out.push_back(
          {Score(o.result()),
           core::Rational(o.weight().numerator(), o.weight().denominator())});
    }
    return out;
  }
  // Split: the field compares with the non-offenders' result (North-South's
  // when none is named); each side is credited with its own.
  bool ns =
      field_side ? t.adjustment->non_offending != v1::SIDE_EAST_WEST : ns_side;
  return {{Score(ns ? a.split().ns_result() : a.split().ew_result()), 1}};
}

core::Rational Pairwise(const std::vector<Credit>& own,
                        const std::vector<Credit>& other) {
  core::Rational mp;
  for (const Credit& a : own) {
    for (const Credit& b : other) {
      if (a.score > b.score) mp += core::Rational(2) * a.weight * b.weight;
      if (a.score == b.score) mp += a.weight * b.weight;
    }
  }
  return mp;
}

std::vector<std::optional<core::TableAward>> Reference(
    const std::vector<AdjustedTable>& tables, int times_expected) {
  std::vector<std::optional<core::TableAward>> out(tables.size());
  std::vector<size_t> field;
  for (size_t i = 0; i < tables.size(); ++i) {
    if (!tables[i].adjustment.has_value() ||
        !tables[i].adjustment->score->has_artificial()) {
      field.push_back(i);
    }
  }
  if (field.empty()) return out;
  const int played = static_cast<int>(field.size());
  const int expected = std::max(times_expected, played);
  const core::Rational top(core::MatchpointTop(expected));
  for (size_t k : field) {
    core::Rational ns_raw, ew_raw;
    for (size_t j : field) {
      if (j == k) continue;
      std::vector<Credit> other = CreditsOf(tables[j], true, true);
      ns_raw += Pairwise(CreditsOf(tables[k], true, false), other);
      ew_raw += Pairwise(CreditsOf(tables[k], false, false), other);
    }
    core::Rational ns = (ns_raw + 1) * core::Rational(expected, played) - 1;
    core::Rational ew =
        top - ((ew_raw + 1) * core::Rational(expected, played) - 1);
    const auto& adjustment = tables[k].adjustment;
    if (adjustment.has_value() && adjustment->score->has_weighted()) {
      core::HalfRounding half =
          adjustment->non_offending == v1::SIDE_NORTH_SOUTH
              ? core::HalfRounding::kUp
          : adjustment->non_offending == v1::SIDE_EAST_WEST
              ? core::HalfRounding::kDown
              : core::HalfRounding::kAwayFromZero;
      ns = core::Rational((ns * core::Rational(10)).RoundToInteger(half), 10);
      ew = top - ns;
    }
    out[k] = core::TableAward{ns, ew};
  }
  return out;
}

TEST(AdjustedMatchpointsTest,
     SortedFieldEqualsPairwiseComparisonOnRandomBoards) {
  // A fixed linear congruential generator, so a failure repeats.
  uint32_t seed = 19;
  auto random = [&](uint32_t n) {
    seed = seed * 1103515245u + 12345u;
    return (seed >> 16) % n;
  };
  // Few distinct results, so ties are common.
  auto result = [&] {
    static const int kTricks[] = {8, 9, 10, 11};
    return Played(random(2) == 0 ? 4 : 3,
                  random(2) == 0 ? v1::STRAIN_SPADES : v1::STRAIN_NO_TRUMP,
                  kTricks[random(4)]);
  };
  int adjusted_boards = 0;
  for (int round = 0; round < 300; ++round) {
    Board b;
    const int tables = 1 + static_cast<int>(random(24));
    const bool plain = round % 3 == 0;  // a third without adjustments
    for (int t = 0; t < tables; ++t) {
      const uint32_t kind = plain ? 0 : random(10);
      const v1::Side side = static_cast<v1::Side>(random(3));
      v1::AdjustedScore a;
      if (kind <= 4) {
        b.Add(result());
        continue;
      }
      if (kind == 5) {
        *a.mutable_assigned() = result();
      } else if (kind == 6 || kind == 7) {
        v1::WeightedResult* o1 = a.mutable_weighted()->add_outcomes();
        *o1->mutable_result() = result();
        v1::WeightedResult* o2 = a.mutable_weighted()->add_outcomes();
        *o2->mutable_result() = result();
        const int third = kind == 6 ? 1 : 2;
        o1->mutable_weight()->set_numerator(third);
        o1->mutable_weight()->set_denominator(3);
        o2->mutable_weight()->set_numerator(3 - third);
        o2->mutable_weight()->set_denominator(3);
      } else if (kind == 8) {
        *a.mutable_split()->mutable_ns_result() = result();
        *a.mutable_split()->mutable_ew_result() = result();
      } else {
        a.mutable_artificial()->set_ns(v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
        a.mutable_artificial()->set_ew(v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
      }
      b.Add(result(), a, side);
    }
    if (!plain) ++adjusted_boards;
    const int expected = tables + static_cast<int>(random(3));  // Neuberg
    absl::StatusOr<std::vector<std::optional<core::TableAward>>> got =
        AdjustedMatchpoints(b.tables, kBoard, expected);
    ASSERT_THAT(got, IsOk());
    const std::vector<std::optional<core::TableAward>> want =
        Reference(b.tables, expected);
    ASSERT_EQ(got->size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) {
      SCOPED_TRACE(absl::StrCat("round ", round, " table ", i));
      ASSERT_EQ((*got)[i].has_value(), want[i].has_value());
      if (!want[i].has_value()) continue;
      EXPECT_EQ((*got)[i]->north_south, want[i]->north_south);
      EXPECT_EQ((*got)[i]->east_west, want[i]->east_west);
    }
  }
  EXPECT_EQ(adjusted_boards, 200);
}

}  // namespace
}  // namespace tally::replay
