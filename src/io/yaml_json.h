#pragma once
// YAML in: the JSON that kubectl would send for a YAML file (sigs.k8s.io/yaml over
// go-yaml v2, so YAML 1.1 scalar resolution). The text is parsed by libyaml, of
// which go-yaml is a line-by-line port: the syntax it accepts and refuses, and the
// wording of its errors ("did not find expected key"), are kubectl's.
//
// - A stream of several documents (`---`, as `kubectl apply -f` takes) becomes one
//   v1 List: a document that is a List gives its items, any other object itself;
//   empty documents are skipped; when the first document is a List, its metadata is
//   the stream's. A single document is returned as it is.
// - Plain scalars resolve as go-yaml v2 resolves them: null (~, null, empty),
//   booleans (true/false and the YAML 1.1 words yes/no/on/off/y/n in their three
//   spellings), integers (decimal, 0x, 0o, 0b, leading-0 octal, `_` separators),
//   floats (.inf, .nan), else strings; quoted and block scalars are strings; the
//   !!str/!!int/!!float/!!bool/!!null tags are obeyed. Anchors, aliases and merge
//   keys (`<<`) work. Map keys become strings (a key `yes` becomes "true").
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace spreadlab::io {

// Where in the text (1-based; 0 when unknown).
struct TextPosition {
  int line = 0;
  int column = 0;
};

struct YamlResult {
  bool ok = false;
  std::string error;  // why it is not YAML (one line), at `where`
  TextPosition where;
};

YamlResult YamlToJson(std::string_view text, nlohmann::ordered_json& out);

// Whether an unquoted scalar with this text reads as that same string (and not as a
// boolean, null or number).
bool PlainReadsAsString(const std::string& text);

// Where the value at `path` (a reader path such as `items[7].spec.containers[0]` or
// `metadata.labels["app"]`) came from in `text`: the deepest part of the path that
// exists. `hint` is set when that value is a plain YAML 1.1 word that YAML turned
// into a boolean, a number or null, which a string field would then refuse.
struct YamlSource {
  TextPosition where;
  std::string hint;
};
YamlSource LocateYamlPath(std::string_view text, const std::string& path);

}  // namespace spreadlab::io
