#pragma once
// The program's one JSON parser, our own, telling nlohmann's json_sax interface what
// nlohmann's sax_parse would tell it, about seven times as fast (the 46 MB dump: 39 against
// 266 ms natively; nlohmann's lexer reads one character at a time and keeps each token's
// characters twice, a quarter of the whole read). nlohmann's parser is not linked at all.
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace spreadlab::io {

// `text` as a document, or a discarded value (is_discarded()) when it is not one valid JSON value.
nlohmann::ordered_json ParseJsonText(std::string_view text);

// Feeds `text` to `sax` event for event as nlohmann's sax_parse does for a valid text (RFC
// 8259: a UTF-8 byte order mark skipped first, strings checked as UTF-8, numbers converted as
// nlohmann converts them); false when `sax` stopped it or the text is not one valid JSON
// value, with `sax` told nothing more (parse_error is not called).
bool SaxParseJson(std::string_view text, nlohmann::json_sax<nlohmann::ordered_json>& sax);

// Why `text` is not one JSON value, where and in the words of Go's encoding/json, which
// kubectl and the API server answer with ("line 1, column 16: invalid character '}' looking
// for beginning of object key string"); "" when it is one.
std::string JsonSyntaxError(std::string_view text);

// object[key] (a null member added last when absent), growing the object by moving its
// members' values. ordered_json keeps members in a vector of pair<const string, json>: the
// const key makes the pair not nothrow-movable, so the vector's own growth copies every
// member, nested objects included (a fifth of reading a big dump).
nlohmann::ordered_json& Member(nlohmann::ordered_json& object, const std::string& key);

// Builds a document from json_sax events as nlohmann's json_sax_dom_parser does (a repeated
// key keeps its first place and takes its last value), its objects growing through Member.
class DomBuilder final : public nlohmann::json_sax<nlohmann::ordered_json> {
 public:
  explicit DomBuilder(nlohmann::ordered_json& root) : root_(root) {}
  bool null() override;
  bool boolean(bool v) override;
  bool number_integer(number_integer_t v) override;
  bool number_unsigned(number_unsigned_t v) override;
  bool number_float(number_float_t v, const string_t&) override;
  bool string(string_t& v) override;
  bool binary(binary_t& v) override;
  bool start_object(std::size_t) override;
  bool key(string_t& k) override;
  bool end_object() override;
  bool start_array(std::size_t) override;
  bool end_array() override;
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

  size_t depth() const { return open_.size(); }  // the objects and arrays begun and not yet ended

 private:
  // Puts `v` where the next value goes: the root, the end of the open array or the member key() made.
  nlohmann::ordered_json* Place(nlohmann::ordered_json&& v);
  bool Scalar(nlohmann::ordered_json&& v);

  nlohmann::ordered_json& root_;
  std::vector<nlohmann::ordered_json*> open_;  // innermost last
  nlohmann::ordered_json* member_ = nullptr;
};

}  // namespace spreadlab::io
