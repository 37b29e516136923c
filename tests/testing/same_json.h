#pragma once
// Whether two documents are the same value for value, the number types included: json's
// operator== calls 1 (unsigned), 1 (signed) and 1.0 equal, and dump() prints the first two
// alike, but the reader tells them apart.
#include <cstring>
#include <nlohmann/json.hpp>

namespace spreadlab::testing {

inline bool SameJson(const nlohmann::ordered_json& a, const nlohmann::ordered_json& b) {
  if (a.type() != b.type() || a.size() != b.size()) return false;
  if (a.is_object()) {
    for (auto x = a.begin(), y = b.begin(); x != a.end(); ++x, ++y)
      if (x.key() != y.key() || !SameJson(x.value(), y.value())) return false;
    return true;
  }
  if (a.is_array()) {
    for (size_t i = 0; i < a.size(); ++i)
      if (!SameJson(a[i], b[i])) return false;
    return true;
  }
  if (a.is_number_float()) {  // bit for bit: -0.0 is not 0.0
    const double x = a.get<double>(), y = b.get<double>();
    return std::memcmp(&x, &y, sizeof x) == 0;
  }
  return a == b;
}

}  // namespace spreadlab::testing
