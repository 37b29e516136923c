#include "io/json_parse.h"

namespace spreadlab::io {

namespace {

using json = nlohmann::ordered_json;

// nlohmann's own DOM builder (what json::parse uses) behind the json_sax interface.
class DomBuilder final : public nlohmann::json_sax<json> {
 public:
  explicit DomBuilder(json& out) : builder_(out, /*allow_exceptions=*/false) {}
  bool null() override { return builder_.null(); }
  bool boolean(bool v) override { return builder_.boolean(v); }
  bool number_integer(number_integer_t v) override { return builder_.number_integer(v); }
  bool number_unsigned(number_unsigned_t v) override { return builder_.number_unsigned(v); }
  bool number_float(number_float_t v, const string_t& s) override { return builder_.number_float(v, s); }
  bool string(string_t& v) override { return builder_.string(v); }
  bool binary(binary_t& v) override { return builder_.binary(v); }
  bool start_object(std::size_t n) override { return builder_.start_object(n); }
  bool key(string_t& k) override { return builder_.key(k); }
  bool end_object() override { return builder_.end_object(); }
  bool start_array(std::size_t n) override { return builder_.start_array(n); }
  bool end_array() override { return builder_.end_array(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  nlohmann::detail::json_sax_dom_parser<json> builder_;
};

}  // namespace

json ParseJsonText(std::string_view text) {
  json out;
  DomBuilder builder(out);
  if (!SaxParseJson(text, builder)) return json(json::value_t::discarded);
  return out;
}

bool SaxParseJson(std::string_view text, nlohmann::json_sax<json>& sax) {
  return json::sax_parse(text.data(), text.data() + text.size(), &sax);
}

}  // namespace spreadlab::io
