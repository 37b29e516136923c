#include "core/gostrconv.h"

#include <cstdio>
#include <limits>

namespace spreadlab::gostrconv {

namespace {

constexpr int64_t kMaxInt = std::numeric_limits<int64_t>::max();
constexpr int64_t kMinInt = std::numeric_limits<int64_t>::min();

// Length of the UTF-8 sequence starting at s[i] if it is a valid one, else 0; its rune in *rune.
size_t DecodeRune(std::string_view s, size_t i, uint32_t* rune) {
  const auto c0 = static_cast<unsigned char>(s[i]);
  size_t n = 0;
  uint32_t r = 0;
  uint32_t min = 0;
  if (c0 >= 0xC2 && c0 <= 0xDF) {
    n = 2, r = c0 & 0x1Fu, min = 0x80;
  } else if (c0 >= 0xE0 && c0 <= 0xEF) {
    n = 3, r = c0 & 0x0Fu, min = 0x800;
  } else if (c0 >= 0xF0 && c0 <= 0xF4) {
    n = 4, r = c0 & 0x07u, min = 0x10000;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  for (size_t k = 1; k < n; k++) {
    const auto c = static_cast<unsigned char>(s[i + k]);
    if ((c & 0xC0u) != 0x80u) return 0;
    r = (r << 6) | (c & 0x3Fu);
  }
  if (r < min || r > 0x10FFFF || (r >= 0xD800 && r <= 0xDFFF)) return 0;
  *rune = r;
  return n;
}

}  // namespace

// Mirrors strconv.Quote.
std::string Quote(std::string_view s) {
  std::string out = "\"";
  char buf[8];
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      switch (c) {
        case '"':
          out += "\\\"";
          break;
        case '\\':
          out += "\\\\";
          break;
        case '\a':
          out += "\\a";
          break;
        case '\b':
          out += "\\b";
          break;
        case '\f':
          out += "\\f";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\t':
          out += "\\t";
          break;
        case '\v':
          out += "\\v";
          break;
        default:
          if (c < 0x20 || c == 0x7F) {
            std::snprintf(buf, sizeof(buf), "\\x%02x", c);
            out += buf;
          } else {
            out += static_cast<char>(c);
          }
      }
      i++;
      continue;
    }
    uint32_t rune = 0;
    const size_t n = DecodeRune(s, i, &rune);
    if (n == 0) {
      std::snprintf(buf, sizeof(buf), "\\x%02x", c);
      out += buf;
      i++;
    } else if (rune <= 0x9F || rune == 0xAD) {
      std::snprintf(buf, sizeof(buf), "\\u%04x", static_cast<unsigned>(rune));
      out += buf;
      i += n;
    } else {
      out.append(s.substr(i, n));
      i += n;
    }
  }
  return out + "\"";
}

// Mirrors strconv.Atoi (and ParseInt/ParseUint's base-10 path it falls back to).
AtoiResult Atoi(std::string_view s) {
  bool neg = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return {0, false};
  constexpr uint64_t kCutoff = std::numeric_limits<uint64_t>::max() / 10 + 1;
  uint64_t n = 0;
  for (const char c : s) {
    if (c < '0' || c > '9') return {0, false};
    const uint64_t d = static_cast<uint64_t>(c - '0');
    if (n >= kCutoff || n * 10 + d < n * 10) return {neg ? kMinInt : kMaxInt, false};
    n = n * 10 + d;
  }
  constexpr uint64_t kTwo63 = uint64_t{1} << 63;
  if (!neg && n >= kTwo63) return {kMaxInt, false};
  if (neg && n > kTwo63) return {kMinInt, false};
  return {neg ? static_cast<int64_t>(0 - n) : static_cast<int64_t>(n), true};
}

}  // namespace spreadlab::gostrconv
