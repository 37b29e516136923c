#include "core/plugins/helper/explain.h"

#include <cstdio>

#include "core/resources.h"

namespace spreadlab::helper {

std::string Fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string Decimal(double v) {
  std::string s = Fixed(v, 6);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

void AppendPart(std::string& out, std::string_view separator, std::string_view part) {
  if (!out.empty()) out += separator;
  out += part;
}

AmountText::AmountText(std::string_view resource, std::initializer_list<int64_t> amounts) {
  if (resource == kResourceCPU) {
    suffix_ = "m";
  } else if (resource == kResourceMemory || resource == kResourceEphemeralStorage) {
    constexpr int64_t kMiB = int64_t{1024} * 1024;
    bool wholeMiB = true;
    for (int64_t a : amounts) wholeMiB = wholeMiB && a % kMiB == 0;
    suffix_ = wholeMiB ? "Mi" : "B";
    divisor_ = wholeMiB ? kMiB : 1;
  }
}

std::string AmountText::operator()(int64_t v) const { return std::to_string(v / divisor_) + std::string(suffix_); }

}  // namespace spreadlab::helper
