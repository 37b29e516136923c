#pragma once
// The program's one JSON parser: nlohmann's, driven through its json_sax interface. Each
// json::parse call with another input type, or with and without a callback, links one more
// copy of nlohmann's parser and lexer into the wasm; these two functions are the only callers.
#include <string_view>

#include <nlohmann/json.hpp>

namespace spreadlab::io {

// `text` as a document, or a discarded value (is_discarded()) when it is not one valid JSON value.
nlohmann::ordered_json ParseJsonText(std::string_view text);

// Feeds `text` to `sax`; false when `sax` stopped it or the text is not one valid JSON value.
bool SaxParseJson(std::string_view text, nlohmann::json_sax<nlohmann::ordered_json>& sax);

}  // namespace spreadlab::io
