#pragma once
// Reading scenarios' objects: `kubectl get nodes,pods -o json|yaml` output (a v1 List),
// a single object, or YAML documents (`kubectl apply -f` files, io/yaml_json.h), with an
// optional KubeSchedulerConfiguration item. JSON or YAML is told by content. This is the
// only place that knows the input's syntax; every error names the JSON path and, for
// YAML, the line it came from. Syntax only: the load pipeline that runs the controllers
// and admission and validates is controlplane/load_scenario.h.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/api.h"
#include "core/validation.h"
#include "io/object_reader.h"
#include "io/yaml_json.h"

namespace spreadlab::io {

// The List annotation naming the kube-scheduler release a scenario is answered for
// ("1.35", "master"; the newest release when absent). CLI --kube-version overrides it.
inline constexpr const char* kKubeVersionAnnotation = "spreadlab.io/kube-version";

struct ReadResult {
  bool ok = false;
  bool yaml = false;  // the text was YAML
  std::string error;  // when !ok: `Pod "web-1" is invalid: spec.…: …` (the API server's words) or "items[3].spec.…: …"
  std::string path;    // the field of the error in the document as written ("items[3].spec.…", "document"), if any
  TextPosition where;  // YAML: the line (and, for syntax errors, column) of the error
  std::vector<std::string> warnings;  // items that were understood but have no effect
  bool readByItem = false;            // read item by item, never as a whole document (io/list_items.h)
};

// Where a document being read came from, so that an error names what the user wrote.
struct WrittenAs {
  std::string_view text;                           // the text as written (empty when given parsed)
  const nlohmann::ordered_json* parsed = nullptr;  // the document as written, when it was given parsed
  bool yaml = false;
  // A path in the document read to the path in the document as written (the controllers'
  // created pods are their templates, controlplane/controllers/controllers.h); none: the same.
  std::function<std::string(const std::string&)> sourceOf;
};

// The text as JSON (YAML converted as kubectl converts it), nothing else read: only a
// syntax error is reported, with its line and column for YAML. JSON or YAML is told by
// content (StartsLikeJson).
ReadResult ParseObjects(std::string_view text, nlohmann::ordered_json& doc);

// JSON when the text starts like JSON ("{" or "["), YAML otherwise: YAML is a superset of
// JSON, but JSON's own parser is faster and words its errors as JSON.
bool StartsLikeJson(std::string_view text);

// Reads the objects of a parsed document (a single object or a v1 List) into `out` as
// they are written: no controller runs, nothing is validated (controlplane/load_scenario.h
// does both). An error names the field as `written` has it.
ReadResult ReadParsed(const nlohmann::ordered_json& doc, Scenario& out, const WrittenAs& written);

// The release `doc` asks to be answered for (a List's spreadlab.io/kube-version annotation,
// its KubeSchedulerConfiguration's featureGates) before the rest is read: what the
// controllers run (controlplane/controllers). False, `out` left the newest's, when either is
// invalid: ReadParsed then says why.
bool ReadRelease(const nlohmann::ordered_json& doc, Release& out);

// A JSON dump (`kubectl get nodes,pods -o json`) read item by item as it is parsed, never
// held whole, unless an item needs the whole document (`needsWhole`: a workload its
// controller completes) or the text is no List: then false, and `out` and `result` are
// empty (ReadParsed on the parsed text tells any error, in the document's order).
using ItemFilter = std::function<bool(const nlohmann::ordered_json& item)>;
bool ReadJsonDumpByItem(std::string_view text, Scenario& out, ReadResult& result, const ItemFilter& needsWhole);

// Parses and reads, nothing else: for putting back one object of a scenario that is
// validated as a whole (ScenarioDoc's undo).
ReadResult ReadObjects(std::string_view text, Scenario& out);

// Objects the API server would refuse, in its words (io/invalid_object.h), at the line of
// the first error's field in the document as written.
void TellInvalid(const WrittenAs& written, std::vector<FieldError> errors, ReadResult& result);

// A ReadError thrown by the item readers (io/object_reader.h) called from outside the
// reader, told as the reader tells its own: one line, at the field as written.
void TellReadError(const WrittenAs& written, const ReadError& error, ReadResult& result);

// The error with its position: "SOURCE:LINE[:COLUMN]: error" with a source name,
// "line L[, column C]: error" without; just the error when there is no position.
std::string LocatedError(const ReadResult& r, std::string_view source = {});

// Input text shown in a message: JSON-quoted (so newlines and quotes cannot break the
// one-line message) and cut short.
std::string QuoteText(const std::string& s);

}  // namespace spreadlab::io
