#include "io/read_fields.h"

#include <cmath>

#include "io/scenario_json.h"

namespace spreadlab::io {

using read::json;

std::string QuoteText(const std::string& s) {
  std::string q = json(s).dump(-1, ' ', false, json::error_handler_t::replace);
  if (q.size() > 64) q = q.substr(0, 60) + "...\"";
  return q;
}

namespace read {

void Fail(const std::string& path, const std::string& message) {
  throw ReadError{(path.empty() ? std::string("document") : path) + ": " + message, path};
}
void Fail(const Path& path, const std::string& message) { Fail(path.str(), message); }

std::string Describe(const json& j) {
  std::string d = j.dump(-1, ' ', false, json::error_handler_t::replace);
  if (d.size() > 60) d = d.substr(0, 57) + "...";
  switch (j.type()) {
    case json::value_t::string:
      return "string " + d;
    case json::value_t::boolean:
      return "boolean " + d;
    case json::value_t::number_float:
      return "number " + d;
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
      return "integer " + d;
    case json::value_t::array:
      return "an array";
    case json::value_t::object:
      return "an object";
    case json::value_t::null:
      return "null";
    default:
      return d;
  }
}

void Path::Append(std::string& out) const {
  if (!parent_) {
    out += text_;
    return;
  }
  parent_->Append(out);
  if (isIndex_) {
    out += "[" + std::to_string(index_) + "]";
  } else if (key_) {
    out += "[" + QuoteText(*key_) + "]";  // a map key: any text
  } else {
    if (!out.empty()) out += ".";
    out += field_;
  }
}

// A member of an object, or nullptr when absent or null (the API treats both alike).
const json* Field(const json& obj, std::string_view key) {
  // A plain scan by string_view: ordered_json's find given a char* runs strlen for every
  // member it compares, given a std::string it makes a temporary one.
  const auto* members = obj.get_ptr<const json::object_t*>();
  if (!members) return nullptr;
  for (const auto& [k, v] : *members)
    if (k == key) return v.is_null() ? nullptr : &v;
  return nullptr;
}

const json& ExpectObject(const json& j, const Path& path) {
  if (!j.is_object()) Fail(path, "expected an object, got " + Describe(j));
  return j;
}

const json* ObjectField(const json& obj, const char* key, const Path& path) {
  const json* f = Field(obj, key);
  if (f) ExpectObject(*f, Child(path, key));
  return f;
}

const json* ArrayField(const json& obj, const char* key, const Path& path) {
  const json* f = Field(obj, key);
  if (f && !f->is_array()) Fail(Child(path, key), "expected an array, got " + Describe(*f));
  return f;
}

std::string AsString(const json& j, const Path& path) {
  if (!j.is_string()) Fail(path, "expected a string, got " + Describe(j));
  return j.get<std::string>();
}

std::string StringField(const json& obj, const char* key, const Path& path, const std::string& fallback) {
  const json* f = Field(obj, key);
  return f ? AsString(*f, Child(path, key)) : fallback;
}

std::optional<std::string> OptStringField(const json& obj, const char* key, const Path& path) {
  const json* f = Field(obj, key);
  if (!f) return std::nullopt;
  return AsString(*f, Child(path, key));
}

int64_t AsInt(const json& j, const Path& path, int64_t lo, int64_t hi) {
  auto outOfRange = [&] {
    Fail(path, "integer out of range (got " + j.dump() + ", allowed " + std::to_string(lo) + " to " +
                   std::to_string(hi) + ")");
  };
  if (j.is_number_float()) {
    // 2.0 is an integer to the API server's JSON decoder too; the range is
    // checked before converting, since converting an out-of-range double is undefined.
    double d = j.get<double>();
    if (!std::isfinite(d) || d != std::floor(d)) Fail(path, "expected an integer, got " + Describe(j));
    // A float at +-2^63 can only come from an integer literal that overflowed int64.
    if (d <= -9223372036854775808.0 || d >= 9223372036854775808.0 || d < static_cast<double>(lo) ||
        d > static_cast<double>(hi))
      outOfRange();
    return static_cast<int64_t>(d);
  }
  if (!j.is_number_integer() && !j.is_number_unsigned()) Fail(path, "expected an integer, got " + Describe(j));
  if (j.is_number_unsigned() && j.get<uint64_t>() > static_cast<uint64_t>(hi)) outOfRange();
  int64_t v = j.get<int64_t>();
  if (v < lo || v > hi) outOfRange();
  return v;
}

std::optional<int32_t> OptInt32Field(const json& obj, const char* key, const Path& path) {
  const json* f = Field(obj, key);
  if (!f) return std::nullopt;
  return static_cast<int32_t>(AsInt(*f, Child(path, key), INT32_MIN, INT32_MAX));
}

bool BoolField(const json& obj, const char* key, const Path& path) {
  const json* f = Field(obj, key);
  if (!f) return false;
  if (!f->is_boolean()) Fail(Child(path, key), "expected a boolean, got " + Describe(*f));
  return f->get<bool>();
}

v1::LabelMap StringMap(const json& j, const Path& path) {
  ExpectObject(j, path);
  v1::LabelMap m;
  for (auto it = j.begin(); it != j.end(); ++it) {
    const Path p = KeyPath(path, it.key());
    m[it.key()] = AsString(it.value(), p);
  }
  return m;
}

std::vector<std::string> StringList(const json& j, const Path& path) {
  if (!j.is_array()) Fail(path, "expected an array of strings, got " + Describe(j));
  std::vector<std::string> out;
  for (size_t i = 0; i < j.size(); ++i) out.push_back(AsString(j[i], Index(path, i)));
  return out;
}

Quantity ReadQuantity(const json& j, const Path& path) {
  std::string text;
  if (j.is_string())
    text = j.get<std::string>();
  else if (j.is_number())
    text = j.dump();  // the API server accepts bare numbers
  else
    Fail(path, "expected a quantity such as \"100m\" or \"1Gi\", got " + Describe(j));
  std::string why;
  auto q = ParseQuantity(text, &why);
  if (!q) Fail(path, "invalid quantity " + QuoteText(text) + ": " + why);
  return *q;
}

v1::ResourceList Resources(const json& j, const Path& path) {
  ExpectObject(j, path);
  v1::ResourceList out;
  for (auto it = j.begin(); it != j.end(); ++it) out[it.key()] = ReadQuantity(it.value(), KeyPath(path, it.key()));
  return out;
}

v1::LabelSelector ReadLabelSelector(const json& j, const Path& path) {
  ExpectObject(j, path);
  v1::LabelSelector s;
  if (const json* m = ObjectField(j, "matchLabels", path)) s.matchLabels = StringMap(*m, Child(path, "matchLabels"));
  const Path ep = Child(path, "matchExpressions");
  ForEach(ArrayField(j, "matchExpressions", path), ep, [&](const json& e, const Path& p) {
    v1::LabelSelectorRequirement r;
    r.key = StringField(e, "key", p);
    r.op = StringField(e, "operator", p);
    if (const json* v = Field(e, "values")) r.values = StringList(*v, Child(p, "values"));
    s.matchExpressions.push_back(std::move(r));
  });
  return s;
}

std::vector<v1::NodeSelectorRequirement> NodeRequirements(const json* arr, const Path& path) {
  std::vector<v1::NodeSelectorRequirement> out;
  ForEach(arr, path, [&](const json& e, const Path& p) {
    v1::NodeSelectorRequirement r;
    r.key = StringField(e, "key", p);
    r.op = StringField(e, "operator", p);
    if (const json* v = Field(e, "values")) r.values = StringList(*v, Child(p, "values"));
    out.push_back(std::move(r));
  });
  return out;
}

std::vector<v1::Taint> Taints(const json* arr, const Path& path) {
  std::vector<v1::Taint> out;
  ForEach(arr, path, [&](const json& t, const Path& p) {
    out.push_back(v1::Taint{StringField(t, "key", p), StringField(t, "value", p), StringField(t, "effect", p)});
  });
  return out;
}

v1::NodeSelectorTerm ReadNodeSelectorTerm(const json& j, const Path& path) {
  ExpectObject(j, path);
  v1::NodeSelectorTerm t;
  t.matchExpressions = NodeRequirements(ArrayField(j, "matchExpressions", path), Child(path, "matchExpressions"));
  t.matchFields = NodeRequirements(ArrayField(j, "matchFields", path), Child(path, "matchFields"));
  return t;
}

v1::ObjectMeta ReadMeta(const json& item, const Path& path, bool namespaced) {
  v1::ObjectMeta m;
  const Path mp = Child(path, "metadata");
  const json* meta = ObjectField(item, "metadata", path);
  if (!meta) Fail(mp, "Required value: name is required");
  m.name = StringField(*meta, "name", mp);
  if (m.name.empty()) Fail(Child(mp, "name"), "Required value: name is required");
  m.ns = namespaced ? StringField(*meta, "namespace", mp, "default") : "";
  if (namespaced && m.ns.empty()) m.ns = "default";
  if (const json* l = ObjectField(*meta, "labels", mp)) m.labels = StringMap(*l, Child(mp, "labels"));
  if (const json* d = Field(*meta, "deletionTimestamp"))
    m.terminating = !AsString(*d, Child(mp, "deletionTimestamp")).empty();
  ForEach(ArrayField(*meta, "ownerReferences", mp), Child(mp, "ownerReferences"), [&](const json& o, const Path& p) {
    v1::OwnerReference r;
    r.apiVersion = StringField(o, "apiVersion", p);
    r.kind = StringField(o, "kind", p);
    r.name = StringField(o, "name", p);
    r.controller = BoolField(o, "controller", p);
    m.ownerReferences.push_back(std::move(r));
  });
  return m;
}

}  // namespace read

}  // namespace spreadlab::io
