#include "io/invalid_object.h"

#include <cstdlib>
#include <set>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

namespace spreadlab::io {

namespace {

using json = nlohmann::ordered_json;

// The object a path is in ("items[4]" of a List, else the document itself) and the path
// within it.
std::pair<std::string, std::string> SplitObject(const json& written, const std::string& path) {
  const bool list = written.is_object() && written.contains("items") && written["items"].is_array();
  if (list && path.compare(0, 6, "items[") == 0) {
    const size_t close = path.find(']');
    if (close != std::string::npos) {
      std::string rest = path.substr(close + 1);
      if (!rest.empty() && rest[0] == '.') rest.erase(0, 1);
      return {path.substr(0, close + 1), rest};
    }
  }
  return {"", path};
}

const json* ObjectAt(const json& written, const std::string& object) {
  if (object.empty()) return &written;
  const size_t k = std::strtoull(object.c_str() + 6, nullptr, 10);
  const json& items = written["items"];
  return k < items.size() ? &items[k] : nullptr;
}

std::string Str(const json& o, const char* key) {
  auto it = o.find(key);
  return it != o.end() && it->is_string() ? it->get<std::string>() : "";
}

// field.Error.Error(): "path: body".
std::string FieldText(const std::string& path, const std::string& message) {
  return path.empty() ? message : path + ": " + message;
}

// The index of a List's item ("items[12]" -> 12; the document itself first).
size_t ItemIndex(const std::string& object) {
  return object.empty() ? 0 : 1 + std::strtoull(object.c_str() + 6, nullptr, 10);
}

}  // namespace

std::string InvalidObjectError(const json& written, const std::vector<FieldError>& errors, size_t* first) {
  if (errors.empty()) return "";
  // The object written first: a workload's created pods come after every written object
  // in the document the validation saw, their errors told at the workload's template.
  size_t at = 0;
  for (size_t i = 1; i < errors.size(); ++i)
    if (ItemIndex(SplitObject(written, errors[i].path).first) < ItemIndex(SplitObject(written, errors[at].path).first))
      at = i;
  if (first) *first = at;
  const std::string object = SplitObject(written, errors[at].path).first;
  // ErrorList.ToAggregate: each message once; Aggregate.Error: one alone, several in brackets.
  std::vector<std::string> mine;
  std::set<std::string> seen, others;
  for (const FieldError& e : errors) {
    const auto [in, field] = SplitObject(written, e.path);
    const std::string text = FieldText(field, e.message);
    if (in != object)
      others.insert(in + "\n" + text);
    else if (seen.insert(text).second)
      mine.push_back(text);
  }
  std::string aggregate;
  for (const std::string& m : mine) aggregate += (aggregate.empty() ? "" : ", ") + m;
  if (mine.size() > 1) aggregate = "[" + aggregate + "]";
  std::string out = aggregate;
  if (const json* o = ObjectAt(written, object); o && o->is_object()) {
    const std::string kind = Str(*o, "kind"), apiVersion = Str(*o, "apiVersion");
    const size_t slash = apiVersion.find('/');
    // schema.GroupKind.String(): "Kind.group", the core group ("v1") without one.
    const std::string groupKind = kind + (slash == std::string::npos ? "" : "." + apiVersion.substr(0, slash));
    const json* meta = o->contains("metadata") && (*o)["metadata"].is_object() ? &(*o)["metadata"] : nullptr;
    if (!kind.empty() && kind != "KubeSchedulerConfiguration")
      out = groupKind + " \"" + (meta ? Str(*meta, "name") : "") + "\" is invalid: " + aggregate;
  }
  if (!others.empty()) out += " (and " + std::to_string(others.size()) + " more in other objects)";
  return out;
}

}  // namespace spreadlab::io
