#include "io/yaml_json.h"

#include <yaml.h>

#include <cmath>
#include <limits>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <unordered_map>
#include <vector>

#include "io/json_parse.h"

namespace spreadlab::io {

namespace {

using json = nlohmann::ordered_json;

constexpr size_t kMaxNesting = 128;  // as the JSON reader: no Kubernetes object nests deeper

// A position in the text, 0-based as libyaml's marks; line -1 when unknown.
struct Mark {
  long line = -1;
  long column = 0;
};

Mark MarkOf(const yaml_mark_t& m) { return {static_cast<long>(m.line), static_cast<long>(m.column)}; }

struct ConvertError {
  Mark mark;
  std::string message;
};

// --- go-yaml v2's resolve() for plain scalars ---

bool IsNullWord(const std::string& s) { return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL"; }

// The YAML 1.1 booleans go-yaml v2 knows, in its three spellings each.
int BoolWord(const std::string& s) {
  static const char* const kTrue[] = {"y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "true", "True", "TRUE"};
  static const char* const kFalse[] = {"n", "N", "no", "No", "NO", "off", "Off", "OFF", "false", "False", "FALSE"};
  for (const char* w : kTrue)
    if (s == w) return 1;
  for (const char* w : kFalse)
    if (s == w) return 0;
  return -1;
}

bool IsDigitIn(char c, int base) {
  if (base <= 10) return c >= '0' && c < '0' + base;
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

int DigitValue(char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; }

// strconv.ParseUint(s, 0, 64) on the magnitude: 0x / 0o / 0b prefixes, a leading 0
// for octal; false when not a number of that form or out of range.
bool ParseMagnitude(std::string_view s, uint64_t& out) {
  int base = 10;
  if (s.size() > 1 && s[0] == '0') {
    const char p = static_cast<char>(s[1] | 0x20);
    if (p == 'x')
      base = 16, s.remove_prefix(2);
    else if (p == 'o')
      base = 8, s.remove_prefix(2);
    else if (p == 'b')
      base = 2, s.remove_prefix(2);
    else
      base = 8, s.remove_prefix(1);
  }
  if (s.empty()) return false;
  uint64_t v = 0;
  for (char c : s) {
    if (!IsDigitIn(c, base)) return false;
    const uint64_t d = static_cast<uint64_t>(DigitValue(c));
    if (v > (UINT64_MAX - d) / static_cast<uint64_t>(base)) return false;
    v = v * static_cast<uint64_t>(base) + d;
  }
  out = v;
  return true;
}

// yamlStyleFloat: ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$
bool IsYamlStyleFloat(std::string_view s) {
  size_t i = 0;
  auto digits = [&] {
    size_t start = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i > start;
  };
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (!digits()) return false;
  } else {
    if (!digits()) return false;
    if (i < s.size() && s[i] == '.') {
      ++i;
      digits();
    }
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == s.size();
}

// strconv.ParseFloat for the forms that reach it; false on overflow (ErrRange).
bool ParseFloat(const std::string& s, double& out) {
  char* end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size() && std::isfinite(out);
}

// A date or time (go-yaml v2 parseTimestamp): kept as its text, which the scheduler
// never reads; go-yaml would re-format it as RFC 3339.
bool LooksLikeTimestamp(const std::string& s) {
  size_t i = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  return i == 4 && i < s.size() && s[i] == '-';
}

json ResolvePlain(const std::string& s) {
  if (IsNullWord(s)) return nullptr;
  if (int b = BoolWord(s); b >= 0) return b == 1;
  if (s == ".inf" || s == ".Inf" || s == ".INF" || s == "+.inf" || s == "+.Inf" || s == "+.INF")
    return std::numeric_limits<double>::infinity();
  if (s == "-.inf" || s == "-.Inf" || s == "-.INF") return -std::numeric_limits<double>::infinity();
  if (s == ".nan" || s == ".NaN" || s == ".NAN") return std::numeric_limits<double>::quiet_NaN();
  const char c = s[0];
  if (c == '.') {
    double f;
    if (IsYamlStyleFloat(s) && ParseFloat(s, f)) return f;
    return s;
  }
  if (!(c == '+' || c == '-' || (c >= '0' && c <= '9'))) return s;
  if (LooksLikeTimestamp(s)) return s;
  std::string plain;
  plain.reserve(s.size());
  for (char ch : s)
    if (ch != '_') plain += ch;
  std::string_view mag = plain;
  const bool negative = !mag.empty() && mag[0] == '-';
  if (!mag.empty() && (mag[0] == '-' || mag[0] == '+')) mag.remove_prefix(1);
  uint64_t m = 0;
  if (ParseMagnitude(mag, m)) {
    if (!negative && m <= static_cast<uint64_t>(INT64_MAX)) return static_cast<int64_t>(m);
    if (negative && m <= static_cast<uint64_t>(INT64_MAX) + 1) return static_cast<int64_t>(0 - m);
    if (!negative && plain[0] != '+') return m;  // ParseUint takes no sign
  }
  double f;
  if (IsYamlStyleFloat(plain) && ParseFloat(plain, f)) return f;
  return s;
}

// A scalar as go-yaml v2 resolves it: plain ones by their text, quoted and block
// ones are strings, and an explicit !!str/!!null/!!bool/!!int/!!float tag decides.
json Resolve(const char* tag, bool plain, const std::string& value) {
  if (!tag) return plain ? ResolvePlain(value) : json(value);
  const std::string_view t = tag;
  if (t == "tag:yaml.org,2002:null" || t == "tag:yaml.org,2002:bool" || t == "tag:yaml.org,2002:int" ||
      t == "tag:yaml.org,2002:float")
    return ResolvePlain(value);
  return value;  // !!str, and other tags: the text
}

// Where each value came from, built only when a path is to be located.
struct LineNode {
  Mark mark;
  bool plainCoerced = false;      // a plain scalar that resolved to something other than a string
  std::string text;               // the scalar's text
  std::vector<std::string> keys;  // maps: keys[i] has the value values[i]
  std::vector<LineNode> values;
  std::vector<LineNode> elements;  // sequences

  const LineNode* Member(const std::string& key) const {
    for (size_t i = 0; i < keys.size(); ++i)
      if (keys[i] == key) return &values[i];
    return nullptr;
  }
};

// Builds each document's JSON (and, when tracking, its LineNode tree) from libyaml's events.
class Builder {
 public:
  Builder(size_t maxValues, bool track) : maxValues_(maxValues), track_(track) {}

  // Returns true at the end of a document (then TakeDocument), false otherwise.
  bool Handle(const yaml_event_t& e) {
    const Mark mark = MarkOf(e.start_mark);
    switch (e.type) {
      case YAML_DOCUMENT_START_EVENT:
        doc_ = nullptr;
        docLines_ = LineNode{};
        anchors_.clear();
        return false;
      case YAML_DOCUMENT_END_EVENT:
        return true;
      case YAML_ALIAS_EVENT:
        Alias(mark, reinterpret_cast<const char*>(e.data.alias.anchor));
        return false;
      case YAML_SCALAR_EVENT:
        Scalar(mark, e);
        return false;
      case YAML_SEQUENCE_START_EVENT:
        Open(mark, json::array(), Anchor(e.data.sequence_start.anchor), false);
        return false;
      case YAML_MAPPING_START_EVENT:
        Open(mark, json::object(), Anchor(e.data.mapping_start.anchor), true);
        return false;
      case YAML_SEQUENCE_END_EVENT:
      case YAML_MAPPING_END_EVENT:
        Close();
        return false;
      default:
        return false;
    }
  }
  json TakeDocument() { return std::move(doc_); }
  LineNode TakeLines() { return std::move(docLines_); }

 private:
  struct Anchored {
    json value;
    LineNode lines;
    size_t size = 0;  // values it holds, for the alias bound
  };
  struct Frame {
    json value;
    LineNode lines;
    std::string anchor;
    size_t valuesAtStart = 0;
    Mark mark;
    bool isMap = false;
    bool haveKey = false;
    bool mergeKey = false;
    std::string key;
  };

  static std::string Anchor(const yaml_char_t* a) { return a ? reinterpret_cast<const char*>(a) : ""; }

  void Alias(const Mark& mark, const char* name) {
    auto it = anchors_.find(name ? name : "");
    if (it == anchors_.end())
      throw ConvertError{mark, "unknown anchor '" + std::string(name ? name : "") + "' referenced"};
    values_ += it->second.size;
    if (values_ > maxValues_) throw ConvertError{mark, "aliases expand to too many values"};
    Complete(mark, it->second.value, "", track_ ? it->second.lines : LineNode{});
  }

  void Scalar(const Mark& mark, const yaml_event_t& e) {
    const auto& sc = e.data.scalar;
    const std::string value(reinterpret_cast<const char*>(sc.value), sc.length);
    const char* tag = reinterpret_cast<const char*>(sc.tag);
    const bool plain = sc.style == YAML_PLAIN_SCALAR_STYLE;
    // A plain "<<" key is a merge key.
    if (plain && !tag && value == "<<" && !frames_.empty() && frames_.back().isMap && !frames_.back().haveKey) {
      frames_.back().key = "<<";
      frames_.back().haveKey = true;
      frames_.back().mergeKey = true;
      return;
    }
    json v = Resolve(tag, plain, value);
    LineNode l;
    if (track_) {
      l.mark = mark;
      l.text = value;
      l.plainCoerced = plain && !tag && !v.is_string();
    }
    Complete(mark, std::move(v), Anchor(sc.anchor), std::move(l));
  }

  void Open(const Mark& mark, json value, std::string anchor, bool isMap) {
    if (!frames_.empty() && frames_.back().isMap && !frames_.back().haveKey)
      throw ConvertError{mark, "a mapping key must be a scalar, not a mapping or a sequence"};
    if (frames_.size() >= kMaxNesting)
      throw ConvertError{mark,
                         "nesting deeper than " + std::to_string(kMaxNesting) + " levels is not a Kubernetes object"};
    Frame f;
    f.value = std::move(value);
    f.anchor = std::move(anchor);
    f.valuesAtStart = values_;
    f.mark = mark;
    f.isMap = isMap;
    if (track_) f.lines.mark = mark;
    frames_.push_back(std::move(f));
  }

  void Close() {
    Frame f = std::move(frames_.back());
    frames_.pop_back();
    Complete(f.mark, std::move(f.value), f.anchor, std::move(f.lines), values_ - f.valuesAtStart);
  }

  // A finished value: a map key, a map value, a sequence element or the document.
  void Complete(const Mark& mark, json v, const std::string& anchor, LineNode lines, size_t size = 0) {
    if (++values_ > maxValues_) throw ConvertError{mark, "aliases expand to too many values"};
    if (!anchor.empty()) anchors_[anchor] = Anchored{v, track_ ? lines : LineNode{}, size + 1};
    if (frames_.empty()) {
      doc_ = std::move(v);
      docLines_ = std::move(lines);
      return;
    }
    Frame& f = frames_.back();
    if (!f.isMap) {
      f.value.push_back(std::move(v));
      if (track_) f.lines.elements.push_back(std::move(lines));
      return;
    }
    if (!f.haveKey) {
      f.key = KeyText(mark, v);
      f.haveKey = true;
      return;
    }
    f.haveKey = false;
    if (f.mergeKey) {
      f.mergeKey = false;
      Merge(mark, f, v, lines);
      return;
    }
    Set(f, f.key, std::move(v), std::move(lines));
  }

  void Set(Frame& f, const std::string& key, json v, LineNode lines) {
    Member(f.value, key) = std::move(v);  // (grows the object without copying its members)
    if (!track_) return;
    for (size_t i = 0; i < f.lines.keys.size(); ++i)
      if (f.lines.keys[i] == key) {
        f.lines.values[i] = std::move(lines);
        return;
      }
    f.lines.keys.push_back(key);
    f.lines.values.push_back(std::move(lines));
  }

  // go-yaml v2's merge: a map's entries are set in order; a sequence of maps is
  // merged last one first, so that the earlier maps win.
  void Merge(const Mark& mark, Frame& f, const json& v, const LineNode& lines) {
    auto mergeOne = [&](const json& m, const LineNode* l) {
      if (!m.is_object()) throw ConvertError{mark, "a merge key (<<) takes a mapping or a sequence of mappings"};
      size_t i = 0;
      for (auto it = m.begin(); it != m.end(); ++it, ++i)
        Set(f, it.key(), *it, track_ && l && i < l->values.size() ? l->values[i] : LineNode{});
    };
    if (v.is_array()) {
      for (size_t i = v.size(); i-- > 0;)
        mergeOne(v[i], track_ && i < lines.elements.size() ? &lines.elements[i] : nullptr);
    } else {
      mergeOne(v, &lines);
    }
  }

  // sigs.k8s.io/yaml turns non-string keys into strings.
  static std::string KeyText(const Mark& mark, const json& k) {
    if (k.is_string()) return k.get<std::string>();
    if (k.is_null()) return "null";
    if (k.is_boolean() || k.is_number()) return k.dump();
    throw ConvertError{mark, "a mapping key must be a scalar, not a mapping or a sequence"};
  }

  size_t maxValues_;
  bool track_;
  size_t values_ = 0;
  std::vector<Frame> frames_;
  std::unordered_map<std::string, Anchored> anchors_;
  json doc_;
  LineNode docLines_;
};

// libyaml's parser, freed however the conversion ends.
struct Parser {
  yaml_parser_t p;
  explicit Parser(std::string_view text) {
    yaml_parser_initialize(&p);
    yaml_parser_set_input_string(&p, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  }
  ~Parser() { yaml_parser_delete(&p); }
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;

  // libyaml's problem, with its context ("while parsing a block mapping").
  [[noreturn]] void Fail() const {
    std::string msg = p.problem ? p.problem : "unknown problem parsing YAML content";
    if (p.context) msg += std::string(" (") + p.context + " at line " + std::to_string(p.context_mark.line + 1) + ")";
    throw ConvertError{MarkOf(p.problem_mark), msg};
  }
};

struct Event {
  yaml_event_t e;
  ~Event() { yaml_event_delete(&e); }
};

// Every document of the stream, assembled as documented in the header.
struct Converted {
  json value;
  LineNode lines;
};

Converted Convert(std::string_view text, bool track) {
  Parser parser(text);
  // Aliases may repeat what they name, but not explode: a generous bound on values.
  Builder builder(text.size() * 16 + 100000, track);
  std::vector<json> docs;
  std::vector<LineNode> docLines;
  for (bool done = false; !done;) {
    Event ev;
    if (!yaml_parser_parse(&parser.p, &ev.e)) parser.Fail();
    done = ev.e.type == YAML_STREAM_END_EVENT;
    if (!builder.Handle(ev.e)) continue;
    json d = builder.TakeDocument();
    LineNode l = builder.TakeLines();
    if (d.is_null()) continue;
    docs.push_back(std::move(d));
    docLines.push_back(std::move(l));
  }
  Converted out;
  if (docs.size() == 1) {
    out.value = std::move(docs[0]);
    out.lines = std::move(docLines[0]);
    return out;
  }
  if (docs.empty()) return out;
  json items = json::array();
  LineNode itemLines;
  for (size_t i = 0; i < docs.size(); ++i) {
    json& d = docs[i];
    auto kind = d.is_object() ? d.find("kind") : d.end();
    auto list = d.is_object() ? d.find("items") : d.end();
    if (kind != d.end() && *kind == "List" && list != d.end() && list->is_array()) {
      const LineNode* listLines = track ? docLines[i].Member("items") : nullptr;
      for (size_t k = 0; k < list->size(); ++k) {
        items.push_back(std::move((*list)[k]));
        if (track)
          itemLines.elements.push_back(listLines && k < listLines->elements.size() ? listLines->elements[k]
                                                                                   : docLines[i]);
      }
    } else {
      items.push_back(std::move(d));
      if (track) itemLines.elements.push_back(std::move(docLines[i]));
    }
  }
  out.value = json{{"apiVersion", "v1"}, {"kind", "List"}};
  // A stream that opens with a List keeps that List's metadata (a title, say).
  if (docs[0].is_object() && docs[0].value("kind", "") == "List" && docs[0].contains("metadata"))
    out.value["metadata"] = docs[0]["metadata"];
  out.value["items"] = std::move(items);
  if (track) {
    out.lines.mark = itemLines.elements.empty() ? Mark{} : itemLines.elements.front().mark;
    out.lines.keys.push_back("items");
    out.lines.values.push_back(std::move(itemLines));
  }
  return out;
}

TextPosition Position(const Mark& m) {
  if (m.line < 0) return {};
  return {static_cast<int>(m.line + 1), static_cast<int>(m.column + 1)};
}

// A reader path split into its parts: names, [index] and ["quoted key"].
std::vector<std::string> PathParts(const std::string& path) {
  std::vector<std::string> parts;
  size_t i = 0;
  while (i < path.size()) {
    if (path[i] == '.') {
      ++i;
    } else if (path[i] == '[') {
      size_t close = i + 1;
      if (close < path.size() && path[close] == '"') {
        // A JSON-quoted key: find its closing quote.
        std::string raw = "\"";
        size_t k = close + 1;
        for (; k < path.size(); ++k) {
          raw += path[k];
          if (path[k] == '\\' && k + 1 < path.size())
            raw += path[++k];
          else if (path[k] == '"')
            break;
        }
        json key = ParseJsonText(raw);
        parts.push_back(key.is_string() ? key.get<std::string>() : raw);
        i = path.find(']', k);
        i = i == std::string::npos ? path.size() : i + 1;
      } else {
        size_t end = path.find(']', i);
        if (end == std::string::npos) end = path.size();
        parts.push_back(path.substr(i + 1, end - i - 1));
        i = end + 1;
      }
    } else {
      size_t end = path.find_first_of(".[", i);
      if (end == std::string::npos) end = path.size();
      parts.push_back(path.substr(i, end - i));
      i = end;
    }
  }
  return parts;
}

}  // namespace

bool PlainReadsAsString(const std::string& text) {
  const json v = ResolvePlain(text);
  return v.is_string() && v.get_ref<const std::string&>() == text;
}

namespace {
// The converter's one try/catch. The wasm build lets only the functions it names catch
// (EXCEPTION_CATCHING_ALLOWED in src/app/CMakeLists.txt): C linkage keeps this name plain
// there, whatever the standard library's mangling, and it is never inlined.
extern "C" [[gnu::noinline]] bool spreadlab_yaml_convert(std::string_view text, bool track, Converted* out,
                                                         ConvertError* error) {
  try {
    *out = Convert(text, track);
    return true;
  } catch (ConvertError& e) {
    *error = std::move(e);
    return false;
  }
}
}  // namespace

YamlResult YamlToJson(std::string_view text, json& out) {
  YamlResult r;
  Converted c;
  ConvertError e;
  if (spreadlab_yaml_convert(text, /*track=*/false, &c, &e)) {
    out = std::move(c.value);
    r.ok = true;
  } else {
    r.error = e.message;
    r.where = Position(e.mark);
  }
  return r;
}

YamlSource LocateYamlPath(std::string_view text, const std::string& path) {
  YamlSource s;
  Converted c;
  ConvertError e;
  if (!spreadlab_yaml_convert(text, /*track=*/true, &c, &e)) return s;
  const LineNode* node = &c.lines;
  for (const std::string& part : PathParts(path)) {
    const LineNode* next = nullptr;
    if (!node->elements.empty() && !part.empty() && part.find_first_not_of("0123456789") == std::string::npos) {
      size_t i = std::strtoull(part.c_str(), nullptr, 10);
      if (i < node->elements.size()) next = &node->elements[i];
    } else {
      next = node->Member(part);
    }
    if (!next) break;
    node = next;
  }
  s.where = Position(node->mark);
  if (node->plainCoerced) {
    json v = ResolvePlain(node->text);
    const char* what = v.is_boolean() ? "a boolean" : v.is_null() ? "null" : "a number";
    s.hint = "YAML reads the unquoted " + node->text + " as " + what + "; quote it (\"" + node->text +
             "\") to keep it a string";
  }
  return s;
}

}  // namespace spreadlab::io
