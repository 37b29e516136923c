#include "io/json_parse.h"

#include <algorithm>

namespace spreadlab::io {

using json = nlohmann::ordered_json;

json ParseJsonText(std::string_view text) {
  json out;
  DomBuilder builder(out);
  if (!SaxParseJson(text, builder)) return json(json::value_t::discarded);
  return out;
}

bool SaxParseJson(std::string_view text, nlohmann::json_sax<json>& sax) {
  return json::sax_parse(text.data(), text.data() + text.size(), &sax);
}

json& Member(json& object, const std::string& key) {
  auto& members = object.get_ref<json::object_t&>();
  const auto found = std::find_if(members.begin(), members.end(), [&](const auto& m) { return m.first == key; });
  if (found != members.end()) return found->second;
  if (members.size() == members.capacity()) {
    json::object_t grown;
    grown.reserve(std::max<size_t>(1, 2 * members.size()));  // as the vector itself grows
    for (auto& [k, v] : members) grown.emplace_back(k, std::move(v));
    members.swap(grown);
  }
  return members.emplace_back(key, nullptr).second;
}

json* DomBuilder::Place(json&& v) {
  if (open_.empty()) {
    root_ = std::move(v);
    return &root_;
  }
  if (open_.back()->is_array()) return &open_.back()->get_ref<json::array_t&>().emplace_back(std::move(v));
  *member_ = std::move(v);
  return member_;
}

bool DomBuilder::Scalar(json&& v) {
  Place(std::move(v));
  return true;
}
bool DomBuilder::null() { return Scalar(json()); }
bool DomBuilder::boolean(bool v) { return Scalar(json(v)); }
bool DomBuilder::number_integer(number_integer_t v) { return Scalar(json(v)); }
bool DomBuilder::number_unsigned(number_unsigned_t v) { return Scalar(json(v)); }
bool DomBuilder::number_float(number_float_t v, const string_t&) { return Scalar(json(v)); }
bool DomBuilder::string(string_t& v) { return Scalar(json(std::move(v))); }  // the lexer's buffer, refilled next
bool DomBuilder::binary(binary_t& v) { return Scalar(json(std::move(v))); }

bool DomBuilder::start_object(std::size_t) {
  open_.push_back(Place(json(json::value_t::object)));
  return true;
}
bool DomBuilder::key(string_t& k) {
  member_ = &Member(*open_.back(), k);
  return true;
}
bool DomBuilder::end_object() {
  open_.pop_back();
  return true;
}
bool DomBuilder::start_array(std::size_t) {
  open_.push_back(Place(json(json::value_t::array)));
  return true;
}
bool DomBuilder::end_array() {
  open_.pop_back();
  return true;
}

}  // namespace spreadlab::io
