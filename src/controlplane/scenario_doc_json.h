#pragma once
// ScenarioDoc's JSON side, shared by the files that implement its edits
// (scenario_edit.cpp, scenario_events.cpp); not for other users.
#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>
#include <nlohmann/json.hpp>

#include "controlplane/scenario_doc.h"
#include "io/json_fields.h"

namespace spreadlab::controlplane {

using ojson = nlohmann::ordered_json;

inline ojson LabelsToJson(const v1::LabelMap& m) {
  ojson j = ojson::object();
  for (const auto& [k, v] : m) j[k] = v;
  return j;
}

// "items[12]" -> 12; "" (the document is the object) -> npos.
inline size_t ItemIndex(const std::string& path) {
  if (path.rfind("items[", 0) != 0) return std::string::npos;
  return std::stoul(path.substr(6));
}

// The document as text. Edits put what a person typed into it before the reader checks
// it, and JS strings may hold lone surrogates: bytes that are not UTF-8 become U+FFFD
// instead of an exception.
inline std::string Text(const ojson& j, int indent = -1) {
  return j.dump(indent, ' ', false, ojson::error_handler_t::replace);
}

using io::Child;
using io::Str;

struct ScenarioDoc::Json {
  ojson doc;
  // The undo record kept between BeginUndo and TakeUndo: the document as it was, as
  // little of it as the edits changed (an edit of one pod copies that pod, not 6,000 items).
  bool recording = false;
  std::optional<ojson> before;                        // all of it, once an edit changed its shape
  std::vector<std::pair<size_t, ojson>> beforeItems;  // or items[i] as they were
  // items[i] (or the document, when it is the one object) for changing it.
  ojson& Item(const std::string& path) {
    size_t i = ItemIndex(path);
    if (i == std::string::npos) {
      if (recording && !before) Replaced(doc);
      return doc;
    }
    ojson& item = doc["items"][i];
    if (recording && !before &&
        std::none_of(beforeItems.begin(), beforeItems.end(), [i](const auto& b) { return b.first == i; }))
      beforeItems.emplace_back(i, item);
    return item;
  }
  // The whole document is about to change, or was replaced: `previous` is what it was.
  void Replaced(ojson previous) {
    if (!recording || before) return;
    for (auto& [i, old] : beforeItems) previous["items"][i] = std::move(old);
    beforeItems.clear();
    before = std::move(previous);
  }
  // Makes the document a v1 List so that objects can be appended.
  ojson& Items() {
    if (!doc.contains("items")) {
      ojson single = std::move(doc);
      doc = ojson{{"apiVersion", "v1"}, {"kind", "List"}, {"items", ojson::array({std::move(single)})}};
    }
    return doc["items"];
  }
};

}  // namespace spreadlab::controlplane
