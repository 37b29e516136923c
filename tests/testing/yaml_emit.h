#pragma once
// JSON as block YAML, the way `kubectl get -o yaml` prints it: a string is written
// plain when YAML would read it back as that string, else double-quoted (JSON's
// escapes are YAML's). For tests and benchmarks of the YAML reader; independent of it.
#include <nlohmann/json.hpp>
#include <string>

namespace spreadlab::testing {

inline bool PlainIsSafe(const std::string& s) {
  static const char* const kWords[] = {"y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true",
                                       "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON", "off",
                                       "Off", "OFF", "null", "Null", "NULL", "~"};
  if (s.empty() || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) return false;
  for (const char* w : kWords)
    if (s == w) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
          c == '/' || c == '-'))
      return false;
  return true;
}

inline void AppendYaml(const nlohmann::ordered_json& j, int indent, std::string& out) {
  const std::string pad(static_cast<size_t>(indent), ' ');
  auto scalar = [](const nlohmann::ordered_json& v) {
    if (v.is_string() && PlainIsSafe(v.get_ref<const std::string&>())) return v.get<std::string>();
    if (v.is_null()) return std::string("null");
    if (v.is_object()) return std::string("{}");
    if (v.is_array()) return std::string("[]");
    return v.dump();
  };
  auto nested = [](const nlohmann::ordered_json& v) { return (v.is_object() || v.is_array()) && !v.empty(); };
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      out += pad + scalar(nlohmann::ordered_json(it.key())) + ":";
      if (nested(*it)) {
        out += "\n";
        AppendYaml(*it, indent + 2, out);
      } else {
        out += " " + scalar(*it) + "\n";
      }
    }
  } else if (j.is_array()) {
    for (const auto& e : j) {
      if (!nested(e)) {
        out += pad + "- " + scalar(e) + "\n";
        continue;
      }
      std::string item;
      AppendYaml(e, indent + 2, item);
      out += pad + "- " + item.substr(static_cast<size_t>(indent) + 2);
    }
  } else {
    out += pad + scalar(j) + "\n";
  }
}

inline std::string ToYaml(const nlohmann::ordered_json& j) {
  std::string out;
  AppendYaml(j, 0, out);
  return out;
}

}  // namespace spreadlab::testing
