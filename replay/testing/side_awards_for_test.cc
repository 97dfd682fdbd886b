#include "replay/testing/side_awards_for_test.h"

namespace tally::replay {

v1::SideAward SidePercent(int64_t numerator, int64_t denominator) {
  v1::SideAward a;
  a.mutable_percent()->set_numerator(numerator);
  a.mutable_percent()->set_denominator(denominator);
  return a;
}

v1::SideAward SideScore(int ns_score) {
  v1::SideAward a;
  a.set_ns_score(ns_score);
  return a;
}

v1::AdjustedScore PerSide(const v1::SideAward& ns, const v1::SideAward& ew) {
  v1::AdjustedScore a;
  *a.mutable_per_side()->mutable_ns() = ns;
  *a.mutable_per_side()->mutable_ew() = ew;
  return a;
}

}  // namespace tally::replay
