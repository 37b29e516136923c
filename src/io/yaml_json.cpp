#include "io/yaml_json.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <cmath>
#include <limits>
#include <cstdint>
#include <cstdlib>
#include <istream>
#include <memory>
#include <nlohmann/json.hpp>
#include <streambuf>
#include <vector>

namespace spreadlab::io {

namespace {

using json = nlohmann::ordered_json;

constexpr size_t kMaxNesting = 128;  // as the JSON reader: no Kubernetes object nests deeper

struct ConvertError {
  YAML::Mark mark;
  std::string message;
};

// The text as a stream without copying it.
struct ViewBuf : std::streambuf {
  ViewBuf(const char* data, size_t size) {
    char* p = const_cast<char*>(data);
    setg(p, p, p + size);
  }
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
    if (p == 'x') base = 16, s.remove_prefix(2);
    else if (p == 'o') base = 8, s.remove_prefix(2);
    else if (p == 'b') base = 2, s.remove_prefix(2);
    else base = 8, s.remove_prefix(1);
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

// A scalar with its tag: "?" plain, "!" quoted or block, else an explicit tag.
json Resolve(const std::string& tag, const std::string& value) {
  if (tag == "?") return ResolvePlain(value);
  if (tag == "!" || tag == "tag:yaml.org,2002:str") return value;
  if (tag == "tag:yaml.org,2002:null" || tag == "tag:yaml.org,2002:bool" || tag == "tag:yaml.org,2002:int" ||
      tag == "tag:yaml.org,2002:float")
    return ResolvePlain(value);
  return value;  // other tags: the text
}

// Well-formed UTF-8 (Unicode table 3-7: no overlong forms, no surrogates), as go-yaml
// requires and as the JSON writer needs.
bool ValidUtf8(const std::string& s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const size_t n = s.size();
  for (size_t i = 0; i < n;) {
    const unsigned char c = p[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF;  // the second byte's range
    if (c >= 0xC2 && c <= 0xDF) len = 2;
    else if (c == 0xE0) len = 3, lo = 0xA0;
    else if (c >= 0xE1 && c <= 0xEC) len = 3;
    else if (c == 0xED) len = 3, hi = 0x9F;
    else if (c >= 0xEE && c <= 0xEF) len = 3;
    else if (c == 0xF0) len = 4, lo = 0x90;
    else if (c >= 0xF1 && c <= 0xF3) len = 4;
    else if (c == 0xF4) len = 4, hi = 0x8F;
    else return false;
    if (n - i < len || p[i + 1] < lo || p[i + 1] > hi) return false;
    for (size_t k = 2; k < len; ++k)
      if ((p[i + k] & 0xC0) != 0x80) return false;
    i += len;
  }
  return true;
}

// Where each value came from, built only when a path is to be located.
struct LineNode {
  YAML::Mark mark;
  bool plainCoerced = false;  // a plain scalar that resolved to something other than a string
  std::string text;           // the scalar's text
  std::vector<std::pair<std::string, LineNode>> members;  // maps
  std::vector<LineNode> elements;                         // sequences
};

// Builds one document's JSON (and, when tracking, its LineNode tree) from events.
class Builder : public YAML::EventHandler {
 public:
  Builder(size_t maxValues, bool track) : maxValues_(maxValues), track_(track) {}

  json TakeDocument() { return std::move(doc_); }
  LineNode TakeLines() { return std::move(docLines_); }

  void OnDocumentStart(const YAML::Mark&) override {
    doc_ = nullptr;
    docLines_ = LineNode{};
    anchors_.clear();
    anchorLines_.clear();
  }
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    LineNode l;
    if (track_) l.mark = mark;
    Complete(mark, nullptr, anchor, std::move(l));
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    if (anchor == 0 || anchor > anchors_.size() || !anchorSet_[anchor - 1])
      throw ConvertError{mark, "unknown anchor"};
    values_ += anchorSizes_[anchor - 1];
    if (values_ > maxValues_) throw ConvertError{mark, "aliases expand to too many values"};
    Complete(mark, anchors_[anchor - 1], 0, track_ ? anchorLines_[anchor - 1] : LineNode{});
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    if (!ValidUtf8(value)) throw ConvertError{mark, "invalid UTF-8 in a scalar"};
    json v = Resolve(tag, value);
    LineNode l;
    if (track_) {
      l.mark = mark;
      l.text = value;
      l.plainCoerced = tag == "?" && !v.is_string();
    }
    // A plain "<<" key is a merge key.
    if (tag == "?" && value == "<<" && !frames_.empty() && frames_.back().isMap && !frames_.back().haveKey) {
      frames_.back().key = "<<";
      frames_.back().haveKey = true;
      frames_.back().mergeKey = true;
      return;
    }
    Complete(mark, std::move(v), anchor, std::move(l));
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    Open(mark, json::array(), anchor, false);
  }
  void OnSequenceEnd() override { Close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    Open(mark, json::object(), anchor, true);
  }
  void OnMapEnd() override { Close(); }

 private:
  struct Frame {
    json value;
    LineNode lines;
    YAML::anchor_t anchor = 0;
    size_t valuesAtStart = 0;
    YAML::Mark mark;
    bool isMap = false;
    bool haveKey = false;
    bool mergeKey = false;
    std::string key;
  };

  void Open(const YAML::Mark& mark, json value, YAML::anchor_t anchor, bool isMap) {
    if (!frames_.empty() && frames_.back().isMap && !frames_.back().haveKey)
      throw ConvertError{mark, "a mapping key must be a scalar, not a mapping or a sequence"};
    if (frames_.size() >= kMaxNesting)
      throw ConvertError{mark, "nesting deeper than " + std::to_string(kMaxNesting) + " levels is not a Kubernetes object"};
    Frame f;
    f.value = std::move(value);
    f.anchor = anchor;
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
  void Complete(const YAML::Mark& mark, json v, YAML::anchor_t anchor, LineNode lines, size_t size = 0) {
    ++values_;
    if (values_ > maxValues_) throw ConvertError{mark, "aliases expand to too many values"};
    if (anchor != 0) {
      if (anchors_.size() < anchor) {
        anchors_.resize(anchor);
        anchorSizes_.resize(anchor);
        anchorSet_.resize(anchor);
        if (track_) anchorLines_.resize(anchor);
      }
      anchors_[anchor - 1] = v;
      anchorSizes_[anchor - 1] = size + 1;
      anchorSet_[anchor - 1] = true;
      if (track_) anchorLines_[anchor - 1] = lines;
    }
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
    f.value[key] = std::move(v);
    if (!track_) return;
    for (auto& [k, l] : f.lines.members)
      if (k == key) {
        l = std::move(lines);
        return;
      }
    f.lines.members.emplace_back(key, std::move(lines));
  }

  // go-yaml v2's merge: a map's entries are set in order; a sequence of maps is
  // merged last one first, so that the earlier maps win.
  void Merge(const YAML::Mark& mark, Frame& f, const json& v, const LineNode& lines) {
    auto mergeOne = [&](const json& m, const LineNode* l) {
      if (!m.is_object()) throw ConvertError{mark, "a merge key (<<) takes a mapping or a sequence of mappings"};
      size_t i = 0;
      for (auto it = m.begin(); it != m.end(); ++it, ++i)
        Set(f, it.key(), *it, track_ && l && i < l->members.size() ? l->members[i].second : LineNode{});
    };
    if (v.is_array()) {
      for (size_t i = v.size(); i-- > 0;) mergeOne(v[i], track_ && i < lines.elements.size() ? &lines.elements[i] : nullptr);
    } else {
      mergeOne(v, &lines);
    }
  }

  // sigs.k8s.io/yaml turns non-string keys into strings.
  static std::string KeyText(const YAML::Mark& mark, const json& k) {
    if (k.is_string()) return k.get<std::string>();
    if (k.is_null()) return "null";
    if (k.is_boolean() || k.is_number()) return k.dump();
    throw ConvertError{mark, "a mapping key must be a scalar, not a mapping or a sequence"};
  }

  size_t maxValues_;
  bool track_;
  size_t values_ = 0;
  std::vector<Frame> frames_;
  std::vector<json> anchors_;
  std::vector<size_t> anchorSizes_;
  std::vector<bool> anchorSet_;
  std::vector<LineNode> anchorLines_;
  json doc_;
  LineNode docLines_;
};

// Every document of the stream, assembled as documented in the header.
struct Converted {
  json value;
  LineNode lines;
};

Converted Convert(std::string_view text, bool track) {
  ViewBuf buf(text.data(), text.size());
  std::istream in(&buf);
  YAML::Parser parser(in);
  // Aliases may repeat what they name, but not explode: a generous bound on values.
  Builder builder(text.size() * 16 + 100000, track);
  std::vector<json> docs;
  std::vector<LineNode> docLines;
  while (parser.HandleNextDocument(builder)) {
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
      LineNode* listLines = nullptr;
      if (track)
        for (auto& [k, l] : docLines[i].members)
          if (k == "items") listLines = &l;
      for (size_t k = 0; k < list->size(); ++k) {
        items.push_back(std::move((*list)[k]));
        if (track) itemLines.elements.push_back(listLines && k < listLines->elements.size() ? listLines->elements[k] : docLines[i]);
      }
    } else {
      items.push_back(std::move(d));
      if (track) itemLines.elements.push_back(std::move(docLines[i]));
    }
  }
  out.value = json{{"apiVersion", "v1"}, {"kind", "List"}, {"items", std::move(items)}};
  if (track) {
    out.lines.mark = itemLines.elements.empty() ? YAML::Mark() : itemLines.elements.front().mark;
    out.lines.members.emplace_back("items", std::move(itemLines));
  }
  return out;
}

TextPosition Position(const YAML::Mark& m) {
  if (m.is_null()) return {};
  return {m.line + 1, m.column + 1};
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
          if (path[k] == '\\' && k + 1 < path.size()) raw += path[++k];
          else if (path[k] == '"') break;
        }
        json key = json::parse(raw, nullptr, false);
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

YamlResult YamlToJson(std::string_view text, json& out) {
  YamlResult r;
  try {
    out = Convert(text, /*track=*/false).value;
    r.ok = true;
  } catch (const ConvertError& e) {
    r.error = e.message;
    r.where = Position(e.mark);
  } catch (const YAML::Exception& e) {
    r.error = e.msg;
    r.where = Position(e.mark);
  }
  return r;
}

YamlSource LocateYamlPath(std::string_view text, const std::string& path) {
  YamlSource s;
  Converted c;
  try {
    c = Convert(text, /*track=*/true);
  } catch (const ConvertError&) {
    return s;
  } catch (const YAML::Exception&) {
    return s;
  }
  const LineNode* node = &c.lines;
  for (const std::string& part : PathParts(path)) {
    const LineNode* next = nullptr;
    if (!node->elements.empty() && !part.empty() && part.find_first_not_of("0123456789") == std::string::npos) {
      size_t i = std::strtoull(part.c_str(), nullptr, 10);
      if (i < node->elements.size()) next = &node->elements[i];
    } else {
      for (const auto& [k, l] : node->members)
        if (k == part) next = &l;
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
