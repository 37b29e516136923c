#include "io/yaml_out.h"

#include <nlohmann/json.hpp>

#include "io/yaml_json.h"

namespace spreadlab::io {

namespace {

using json = nlohmann::ordered_json;

// Plain only where no YAML rule can read the text as anything but this string: a letter
// first, then letters, digits and . _ / -, and not a word YAML 1.1 reads as a boolean or
// null (the reader's own resolution decides).
bool PlainIsSafe(const std::string& s) {
  if (s.empty() || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) return false;
  if (!PlainReadsAsString(s)) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
          c == '/' || c == '-'))
      return false;
  return true;
}

std::string Scalar(const json& v) {
  if (v.is_string() && PlainIsSafe(v.get_ref<const std::string&>())) return v.get<std::string>();
  if (v.is_object()) return "{}";
  if (v.is_array()) return "[]";
  return v.dump(-1, ' ', false, json::error_handler_t::replace);
}

bool Nested(const json& v) { return (v.is_object() || v.is_array()) && !v.empty(); }

void Append(const json& j, size_t indent, std::string& out) {
  const std::string pad(indent, ' ');
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      out += pad + Scalar(json(it.key())) + ":";
      if (Nested(*it)) {
        out += "\n";
        Append(*it, indent + 2, out);
      } else {
        out += " " + Scalar(*it) + "\n";
      }
    }
  } else if (j.is_array()) {
    for (const auto& e : j) {
      if (!Nested(e)) {
        out += pad + "- " + Scalar(e) + "\n";
        continue;
      }
      std::string item;
      Append(e, indent + 2, item);
      out += pad + "- " + item.substr(indent + 2);
    }
  } else {
    out += pad + Scalar(j) + "\n";
  }
}

}  // namespace

std::string ToYaml(const json& j) {
  std::string out;
  Append(j, 0, out);
  return out;
}

}  // namespace spreadlab::io
