#include "core/quantity.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace spreadlab {
namespace {

constexpr std::string_view kErrFormatWrong =
    "quantities must match the regular expression "
    "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
constexpr std::string_view kErrNumeric = "unable to parse numeric part of quantity";
constexpr std::string_view kErrSuffix = "unable to parse quantity's suffix";

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();
constexpr int64_t kInt64Min = std::numeric_limits<int64_t>::min();
// Magnitudes are accumulated up to |INT64_MIN| (2^63); anything larger is the same
// to the caller because it clamps either way.
constexpr uint64_t kMagnitudeCap = uint64_t{1} << 63;

// The pieces parseQuantityString splits a quantity into.
struct Scanned {
  bool negative = false;
  std::string_view whole;     // digits before '.', leading zeros stripped
  std::string_view fraction;  // digits after '.'
  bool has_digits = false;    // whether the mantissa had any digit, stripped zeros included
  std::string_view suffix;
};

// What the suffix multiplies the mantissa by: base^exponent.
struct Multiplier {
  int base = 10;
  int32_t exponent = 0;
};

// An exact non-negative amount: digits * 10^exp10.
struct Decimal {
  std::string digits;
  int64_t exp10 = 0;
};

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

size_t SkipDigits(std::string_view s, size_t pos) {
  while (pos < s.size() && IsDigit(s[pos])) ++pos;
  return pos;
}

bool IsSuffixLetter(char c) { return std::string_view("eEinumkKMGTP").find(c) != std::string_view::npos; }

// Mirrors upstream's hand-written scanner rather than its regular expression: the
// scanner is what decides validity, and it is more lenient (a mantissa may have no
// digits at all, e.g. "." or "+", which then reads as zero).
std::optional<Scanned> Scan(std::string_view s) {
  Scanned out;
  size_t pos = 0;
  if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) {
    out.negative = s[pos] == '-';
    ++pos;
  }
  const size_t after_sign = pos;
  while (pos < s.size() && s[pos] == '0') ++pos;
  if (pos == s.size()) {
    // Upstream returns early here with the mantissa "0", so even a bare sign counts as a digit.
    out.has_digits = true;
    return out;
  }
  const size_t whole_start = pos;
  pos = SkipDigits(s, pos);
  out.whole = s.substr(whole_start, pos - whole_start);
  if (pos < s.size() && s[pos] == '.') {
    const size_t fraction_start = ++pos;
    pos = SkipDigits(s, pos);
    out.fraction = s.substr(fraction_start, pos - fraction_start);
  }
  out.has_digits = whole_start > after_sign || !out.whole.empty() || !out.fraction.empty();

  const size_t suffix_start = pos;
  while (pos < s.size() && IsSuffixLetter(s[pos])) ++pos;
  if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) ++pos;
  if (SkipDigits(s, pos) != s.size()) return std::nullopt;
  out.suffix = s.substr(suffix_start);
  return out;
}

// Parses the "[+-]digits" after an exponent marker. Upstream used to wrap values outside
// int32 (so "1e4294967297" meant 1e1); current apimachinery rejects them, and so do we.
std::optional<int32_t> ParseExponent(std::string_view s) {
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return std::nullopt;
  constexpr int64_t kLimit = int64_t{1} << 31;
  int64_t magnitude = 0;
  for (char c : s) {
    if (!IsDigit(c)) return std::nullopt;
    // Stop growing past the int32 range so long digit runs cannot overflow.
    magnitude = std::min(magnitude * 10 + (c - '0'), kLimit + 1);
  }
  if (magnitude > (negative ? kLimit : kLimit - 1)) return std::nullopt;
  return static_cast<int32_t>(negative ? -magnitude : magnitude);
}

std::optional<Multiplier> InterpretSuffix(std::string_view suffix) {
  struct Entry {
    std::string_view name;
    Multiplier multiplier;
  };
  static constexpr Entry kTable[] = {
      {"", {10, 0}},   {"n", {10, -9}}, {"u", {10, -6}}, {"m", {10, -3}}, {"k", {10, 3}},  {"M", {10, 6}},
      {"G", {10, 9}},  {"T", {10, 12}}, {"P", {10, 15}}, {"E", {10, 18}}, {"Ki", {2, 10}}, {"Mi", {2, 20}},
      {"Gi", {2, 30}}, {"Ti", {2, 40}}, {"Pi", {2, 50}}, {"Ei", {2, 60}},
  };
  for (const Entry& entry : kTable) {
    if (entry.name == suffix) return entry.multiplier;
  }
  if (suffix.size() > 1 && (suffix[0] == 'e' || suffix[0] == 'E')) {
    if (auto exponent = ParseExponent(suffix.substr(1))) return Multiplier{10, *exponent};
  }
  return std::nullopt;
}

// Upstream reads a digit-less mantissa as zero only on its int64 fast path; its inf.Dec
// fallback, taken for Pi/Ei and for decimal scales finer than nano, rejects it (ErrNumeric).
bool DigitlessMantissaAccepted(const Multiplier& m) { return m.base == 2 ? m.exponent <= 40 : m.exponent >= -9; }

// Multiplies a string of decimal digits in place by a small factor.
void MultiplyDigits(std::string& digits, uint32_t factor) {
  uint64_t carry = 0;
  for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
    const uint64_t product = static_cast<uint64_t>(*it - '0') * factor + carry;
    *it = static_cast<char>('0' + product % 10);
    carry = product / 10;
  }
  for (; carry > 0; carry /= 10) digits.insert(digits.begin(), static_cast<char>('0' + carry % 10));
}

// The exact magnitude of the quantity. Binary suffixes are folded into the digits
// (every binary exponent is a multiple of 10, i.e. a power of 1024) so that one
// base-10 rounding routine serves both suffix kinds.
Decimal MagnitudeOf(const Scanned& q, const Multiplier& m) {
  Decimal d{std::string(q.whole) + std::string(q.fraction), -static_cast<int64_t>(q.fraction.size())};
  if (m.base == 10) {
    d.exp10 += m.exponent;
  } else {
    for (int32_t e = 0; e < m.exponent; e += 10) MultiplyDigits(d.digits, 1024);
  }
  return d;
}

// acc * 10 + digit, saturating at kMagnitudeCap.
uint64_t AppendDigit(uint64_t acc, unsigned digit) {
  if (acc > (kMagnitudeCap - digit) / 10) return kMagnitudeCap;
  return acc * 10 + digit;
}

// ceil(d * 10^shift), saturating at kMagnitudeCap. Works on the digit string so that
// neither a long mantissa nor an extreme exponent needs big-number arithmetic.
uint64_t RoundUpScaled(const Decimal& d, int shift) {
  const size_t first = d.digits.find_first_not_of('0');
  if (first == std::string::npos) return 0;
  const size_t last = d.digits.find_last_not_of('0');
  const std::string_view significant = std::string_view(d.digits).substr(first, last - first + 1);
  const int64_t exp10 = d.exp10 + static_cast<int64_t>(d.digits.size() - 1 - last) + shift;
  const int64_t sig_len = static_cast<int64_t>(significant.size());
  const int64_t integer_len = sig_len + exp10;
  if (integer_len > 19) return kMagnitudeCap;  // at least 10^19, beyond 2^63

  uint64_t acc = 0;
  for (int64_t i = 0; i < integer_len; ++i) {
    acc = AppendDigit(acc, i < sig_len ? static_cast<unsigned>(significant[i] - '0') : 0);
  }
  // The significant digits end in a non-zero digit, so any of them past the decimal
  // point means a non-zero fraction, which rounds the magnitude up.
  const bool has_fraction = integer_len < sig_len;
  return has_fraction ? std::min(acc + 1, kMagnitudeCap) : acc;
}

int64_t ClampToInt64(uint64_t magnitude, bool negative) {
  if (negative) return magnitude >= kMagnitudeCap ? kInt64Min : -static_cast<int64_t>(magnitude);
  return magnitude > static_cast<uint64_t>(kInt64Max) ? kInt64Max : static_cast<int64_t>(magnitude);
}

std::optional<Quantity> Fail(std::string* error, std::string_view reason) {
  if (error != nullptr) *error = reason;
  return std::nullopt;
}

}  // namespace

std::optional<Quantity> ParseQuantity(std::string_view s, std::string* error) {
  if (s.empty()) return Fail(error, kErrFormatWrong);
  const std::optional<Scanned> scanned = Scan(s);
  if (!scanned) return Fail(error, kErrFormatWrong);
  const std::optional<Multiplier> multiplier = InterpretSuffix(scanned->suffix);
  if (!multiplier) return Fail(error, kErrSuffix);
  if (!scanned->has_digits && !DigitlessMantissaAccepted(*multiplier)) return Fail(error, kErrNumeric);

  const Decimal magnitude = MagnitudeOf(*scanned, *multiplier);
  uint64_t value = RoundUpScaled(magnitude, 0);
  // ParseQuantity caps binary-suffixed amounts at INT64_MAX in magnitude; only the
  // value view can tell, since a capped amount's milli view overflows anyway.
  if (multiplier->base == 2) value = std::min(value, static_cast<uint64_t>(kInt64Max));
  const uint64_t milli = RoundUpScaled(magnitude, 3);
  return Quantity{ClampToInt64(value, scanned->negative), ClampToInt64(milli, scanned->negative)};
}

}  // namespace spreadlab
