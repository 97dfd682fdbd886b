#include "core/vp/abf_butler_vp.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/types/span.h"

namespace tally::core {
namespace {

// SABF TR 21.2: the winner's VPs in hundredths for margins 0, 1, 2, ...,
// ending at the first margin that earns 20.00.
constexpr int16_t kButler14Boards[] = {
    1000, 1030, 1060, 1090, 1120, 1150, 1180, 1210, 1240, 1270, 1300,
    1330, 1360, 1390, 1420, 1442, 1464, 1486, 1508, 1530, 1552, 1574,
    1596, 1618, 1640, 1662, 1684, 1706, 1727, 1748, 1769, 1790, 1811,
    1832, 1853, 1874, 1895, 1916, 1937, 1958, 1979, 2000};
constexpr int16_t kButler12Boards[] = {
    1000, 1033, 1066, 1099, 1132, 1165, 1198, 1231, 1264, 1297,
    1330, 1363, 1396, 1429, 1462, 1484, 1506, 1528, 1550, 1572,
    1594, 1616, 1638, 1660, 1682, 1704, 1726, 1748, 1769, 1790,
    1811, 1832, 1853, 1874, 1895, 1916, 1937, 1958, 1979, 2000};
constexpr int16_t kButler10Boards[] = {
    1000, 1035, 1070, 1105, 1140, 1175, 1210, 1245, 1280, 1315,
    1350, 1385, 1420, 1445, 1470, 1495, 1520, 1544, 1568, 1592,
    1616, 1640, 1664, 1688, 1712, 1736, 1760, 1784, 1808, 1832,
    1856, 1880, 1904, 1928, 1952, 1976, 2000};
constexpr int16_t kButler9Boards[] = {
    1000, 1036, 1072, 1108, 1144, 1180, 1216, 1252, 1288, 1324, 1360, 1395,
    1430, 1465, 1500, 1525, 1550, 1575, 1600, 1625, 1650, 1675, 1700, 1725,
    1750, 1775, 1800, 1825, 1850, 1875, 1900, 1925, 1950, 1975, 2000};
constexpr int16_t kButler8Boards[] = {
    1000, 1039, 1078, 1117, 1156, 1195, 1234, 1273, 1312, 1351, 1390,
    1429, 1458, 1487, 1516, 1545, 1574, 1603, 1632, 1661, 1690, 1719,
    1748, 1776, 1804, 1832, 1860, 1888, 1916, 1944, 1972, 2000};
constexpr int16_t kButler7Boards[] = {
    1000, 1041, 1082, 1123, 1164, 1205, 1246, 1287, 1328, 1369,
    1410, 1451, 1482, 1513, 1544, 1575, 1606, 1637, 1668, 1699,
    1730, 1760, 1790, 1820, 1850, 1880, 1910, 1940, 1970, 2000};

// ANC 2025 SR appendix, ABF VP Scale for Swiss Pairs - 12 boards: the
// winner's VPs in hundredths for margins 0..39 ("39 +" earns 20.00).
constexpr int16_t kAncSwissPairs12Boards[] = {
    1000, 1033, 1066, 1099, 1132, 1165, 1198, 1231, 1264, 1297,
    1330, 1363, 1396, 1429, 1462, 1484, 1506, 1528, 1550, 1572,
    1594, 1616, 1638, 1660, 1682, 1704, 1726, 1748, 1769, 1790,
    1811, 1832, 1853, 1874, 1895, 1916, 1937, 1958, 1979, 2000};

VpResult FromTable(absl::Span<const int16_t> winner_hundredths,
                   int64_t imp_margin) {
  const int64_t margin = MarginMagnitude(imp_margin);
  const int64_t last = static_cast<int64_t>(winner_hundredths.size()) - 1;
  const int64_t winner = winner_hundredths[margin < last ? margin : last];
  const Decimal w(winner, 2), l(2000 - winner, 2);
  return imp_margin >= 0 ? VpResult{w, l} : VpResult{l, w};
}

}  // namespace

absl::StatusOr<VpResult> AbfButlerVp(int64_t imp_margin, int boards) {
  switch (boards) {
    case 14:
      return FromTable(kButler14Boards, imp_margin);
    case 12:
      return FromTable(kButler12Boards, imp_margin);
    case 10:
      return FromTable(kButler10Boards, imp_margin);
    case 9:
      return FromTable(kButler9Boards, imp_margin);
    case 8:
      return FromTable(kButler8Boards, imp_margin);
    case 7:
      return FromTable(kButler7Boards, imp_margin);
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "SABF TR 21.2 has ABF Butler VP scales for 7, 8, 9, 10, 12 and 14 "
      "boards only, not for a match of ",
      boards, " boards"));
}

absl::StatusOr<VpResult> AncSwissPairs12Vp(int64_t imp_margin, int boards) {
  if (boards != 12) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the ANC SR appendix ABF VP scale for Swiss Pairs is for 12-board "
        "matches, not for a match of ",
        boards, " boards"));
  }
  return FromTable(kAncSwissPairs12Boards, imp_margin);
}

}  // namespace tally::core
