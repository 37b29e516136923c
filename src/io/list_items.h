#pragma once
// A v1 List in JSON read one item at a time with nlohmann's SAX interface: each item is
// built as a document of its own, handed over and dropped. A dump of 150,000 pods then
// never exists as one DOM, whose page faults, malloc and free were about half of reading it.
#include <cstddef>
#include <functional>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace spreadlab::io {

// Receives items[index]; returns false to stop the reading.
using ListItemFn = std::function<bool(const nlohmann::ordered_json& item, size_t index)>;

// Calls `item` for each element of the "items" array of the JSON object `text`, in order,
// and puts the object's other members (apiVersion, kind, metadata, ...) into `rest`.
// Returns false, having stopped where it was, when `item` returns false, when objects and
// arrays nest deeper than `maxNesting`, or when the text is not one valid JSON object whose
// "items" is an array given once; the caller then reads the text as a whole, which words
// the error.
bool ReadListItems(std::string_view text, const ListItemFn& item, nlohmann::ordered_json& rest, size_t maxNesting);

}  // namespace spreadlab::io
