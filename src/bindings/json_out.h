#pragma once
// What every function of the JS API returns: JSON text, valid until the next call.
#include <nlohmann/json.hpp>
#include <string>

namespace spreadlab::bindings {

using json = nlohmann::ordered_json;  // one json type in the whole program: one copy of its code in wasm

inline const char* Out(const json& j) {
  static std::string buffer;
  buffer = j.dump(-1, ' ', false, json::error_handler_t::replace);  // statuses may quote what was typed
  return buffer.c_str();
}

inline json Result(bool ok, const std::string& error) {
  return json{{"ok", ok}, {"error", ok ? json(nullptr) : json(error)}};
}

}  // namespace spreadlab::bindings
