#pragma once
// The reader's primitives: a member of a decoded document read as the API's type, or a
// ReadError naming the field's path. Shared by the readers of each kind of object
// (io/scenario_json.cpp, io/storage_reader.cpp).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/api.h"

namespace spreadlab::io::read {

using json = nlohmann::ordered_json;  // one json type in the whole program: one copy of its code in wasm

// A JSON path spelled out only when a message needs it: reading a 150,000-pod dump
// passes millions of fields and reports at most one. A Path points to its parent and
// to the key it adds, so it lives no longer than the Paths and json it was made from.
class Path {
 public:
  Path() = default;                                      // the document itself
  explicit Path(std::string_view text) : text_(text) {}  // a path already spelled out
  Path(const Path& parent, const char* field) : parent_(&parent), field_(field) {}
  Path(const Path& parent, const std::string& key) : parent_(&parent), key_(&key) {}
  Path(const Path& parent, size_t index) : parent_(&parent), index_(index), isIndex_(true) {}

  std::string str() const {
    std::string out;
    Append(out);
    return out;
  }
  bool empty() const { return !parent_ && text_.empty(); }

 private:
  void Append(std::string& out) const;
  const Path* parent_ = nullptr;
  std::string_view text_;
  const char* field_ = nullptr;
  const std::string* key_ = nullptr;
  size_t index_ = 0;
  bool isIndex_ = false;
};

[[noreturn]] void Fail(const std::string& path, const std::string& message);
[[noreturn]] void Fail(const Path& path, const std::string& message);

// A value as a message shows it: `string "abc"`, `an array`, ...
std::string Describe(const json& j);

inline Path Child(const Path& path, const char* field) { return Path(path, field); }
inline Path Index(const Path& path, size_t i) { return Path(path, i); }
inline Path KeyPath(const Path& path, const std::string& key) { return Path(path, key); }

// A member of an object, or nullptr when absent or null (the API treats both alike).
const json* Field(const json& obj, std::string_view key);
const json& ExpectObject(const json& j, const Path& path);
const json* ObjectField(const json& obj, const char* key, const Path& path);
const json* ArrayField(const json& obj, const char* key, const Path& path);
std::string AsString(const json& j, const Path& path);
std::string StringField(const json& obj, const char* key, const Path& path, const std::string& fallback = "");
std::optional<std::string> OptStringField(const json& obj, const char* key, const Path& path);
int64_t AsInt(const json& j, const Path& path, int64_t lo, int64_t hi);
std::optional<int32_t> OptInt32Field(const json& obj, const char* key, const Path& path);
bool BoolField(const json& obj, const char* key, const Path& path);
v1::LabelMap StringMap(const json& j, const Path& path);
std::vector<std::string> StringList(const json& j, const Path& path);
// A resource.Quantity: a string, or a bare number as the API server accepts it.
Quantity ReadQuantity(const json& j, const Path& path);
v1::ResourceList Resources(const json& j, const Path& path);
v1::LabelSelector ReadLabelSelector(const json& j, const Path& path);
std::vector<v1::NodeSelectorRequirement> NodeRequirements(const json* arr, const Path& path);
// A node's spec.taints, a NodePool's taints and startupTaints.
std::vector<v1::Taint> Taints(const json* arr, const Path& path);
v1::NodeSelectorTerm ReadNodeSelectorTerm(const json& j, const Path& path);
v1::ObjectMeta ReadMeta(const json& item, const Path& path, bool namespaced);

// f(element, its path) for each element of an array of objects; nothing when `arr` is null.
template <class F>
void ForEach(const json* arr, const Path& path, F&& f) {
  if (!arr) return;
  for (size_t i = 0; i < arr->size(); ++i) {
    const Path p = Index(path, i);
    f(ExpectObject((*arr)[i], p), p);
  }
}

}  // namespace spreadlab::io::read
