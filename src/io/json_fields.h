#pragma once
// Reading members of a decoded document that the reader validates elsewhere
// (the workload controllers, the deletion order, the Priority admission run before or
// beside it), so a member that is missing, null or of another type reads as absent, as
// the API server reads an unset field; and the object member an edit writes into.
#include <string>

#include <nlohmann/json.hpp>

namespace spreadlab::io {

// obj[key]; nullptr when `obj` is not an object or the member is missing or null.
inline const nlohmann::ordered_json* Member(const nlohmann::ordered_json& obj, const char* key) {
  auto it = obj.find(key);  // end() for anything but an object
  return it == obj.end() || it->is_null() ? nullptr : &*it;
}

// obj[key] when it is a string, else `fallback`.
inline std::string Str(const nlohmann::ordered_json& obj, const char* key, const std::string& fallback = "") {
  const nlohmann::ordered_json* v = Member(obj, key);
  return v && v->is_string() ? v->get<std::string>() : fallback;
}

// obj[key], made an empty object first when it is missing or not an object.
inline nlohmann::ordered_json& Child(nlohmann::ordered_json& obj, const char* key) {
  nlohmann::ordered_json& c = obj[key];
  if (!c.is_object()) c = nlohmann::ordered_json::object();
  return c;
}

}  // namespace spreadlab::io
