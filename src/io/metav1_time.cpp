#include "io/metav1_time.h"

namespace spreadlab::io {

namespace {

int64_t DaysFromCivil(int64_t y, unsigned m, unsigned d) {  // Howard Hinnant's algorithm
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

}  // namespace

std::optional<UnixNanos> ParseTime(const std::string& s) {
  auto num = [&](size_t at, size_t n, int& out) {
    if (at + n > s.size()) return false;
    out = 0;
    for (size_t i = at; i < at + n; ++i) {
      if (s[i] < '0' || s[i] > '9') return false;
      out = out * 10 + (s[i] - '0');
    }
    return true;
  };
  int y, mo, d, h, mi, se;
  if (!num(0, 4, y) || s.size() < 20 || s[4] != '-' || !num(5, 2, mo) || s[7] != '-' || !num(8, 2, d) ||
      (s[10] != 'T' && s[10] != 't') || !num(11, 2, h) || s[13] != ':' || !num(14, 2, mi) || s[16] != ':' ||
      !num(17, 2, se) || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 60)
    return std::nullopt;
  size_t i = 19;
  int64_t nanos = 0;
  if (s[i] == '.') {
    int64_t scale = 100000000;
    for (++i; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, scale /= 10) nanos += (s[i] - '0') * scale;
  }
  int64_t offset = 0;
  if (i < s.size() && (s[i] == 'Z' || s[i] == 'z')) {
    ++i;
  } else {
    int oh, om;
    if (i + 6 != s.size() || (s[i] != '+' && s[i] != '-') || !num(i + 1, 2, oh) || s[i + 3] != ':' ||
        !num(i + 4, 2, om))
      return std::nullopt;
    offset = (s[i] == '-' ? -1 : 1) * (int64_t{oh} * 3600 + int64_t{om} * 60);
    i += 6;
  }
  if (i != s.size()) return std::nullopt;
  const int64_t secs = DaysFromCivil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d)) * 86400 +
                       int64_t{h} * 3600 + int64_t{mi} * 60 + se - offset;
  return static_cast<UnixNanos>(secs) * 1000000000 + nanos;
}

}  // namespace spreadlab::io
