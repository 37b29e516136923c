#include "io/json_parse.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace spreadlab::io {

using json = nlohmann::ordered_json;

namespace {

using Sax = nlohmann::json_sax<json>;
constexpr auto kUnknownSize = static_cast<std::size_t>(-1);  // what nlohmann tells start_object/start_array

// The characters a string holds as they are (nlohmann's lexer: 0x20-0x7F but '"' and '\\').
constexpr std::array<bool, 256> kPlain = [] {
  std::array<bool, 256> plain{};
  for (int c = 0x20; c < 0x80; ++c) plain[c] = c != '"' && c != '\\';
  return plain;
}();

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// A byte as Go's encoding/json quotes it in an error ('x', '\n', '"'); bytes beyond
// ASCII in hex (Go shows them as Latin-1 characters, which misleads for UTF-8).
std::string QuoteChar(unsigned char c) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string q = "'";
  switch (c) {
    case '\'':
      q += "\\'";
      break;
    case '\\':
      q += "\\\\";
      break;
    case '\n':
      q += "\\n";
      break;
    case '\r':
      q += "\\r";
      break;
    case '\t':
      q += "\\t";
      break;
    default:
      if (c >= 0x20 && c < 0x7F) {
        q += static_cast<char>(c);
      } else {
        q += "\\x";
        q += kHex[c >> 4];
        q += kHex[c & 15];
      }
  }
  return q + "'";
}

// One pass over the text with an explicit stack of open containers (no recursion, so
// any nesting parses; the reader limits it before). Each token is scanned whole before
// its event, as nlohmann's parser does. A text it refuses leaves why_ and failedAt_
// saying why in the words of Go's encoding/json, which kubectl and the API server answer
// with ("invalid character '}' looking for beginning of object key string").
class Parser {
 public:
  Parser(std::string_view text, Sax& sax)
      : begin_(text.data()), p_(text.data()), end_(text.data() + text.size()), sax_(sax) {}

  bool Run() {
    if (p_ < end_ && static_cast<unsigned char>(*p_) == 0xEF) {  // lexer::skip_bom
      if (end_ - p_ < 3 || static_cast<unsigned char>(p_[1]) != 0xBB || static_cast<unsigned char>(p_[2]) != 0xBF)
        return Fail(p_, "invalid byte order mark (a UTF-8 one is EF BB BF)");
      p_ += 3;
    }
    if (!Value()) return false;
    while (!open_.empty()) {
      SkipSpace();
      const bool object = open_.back();
      if (p_ < end_ && *p_ == (object ? '}' : ']')) {
        ++p_;
        open_.pop_back();
        opened_ = false;
        if (!(object ? sax_.end_object() : sax_.end_array())) return false;
        continue;
      }
      if (!opened_) {  // a value before: a comma, then the next one
        if (p_ == end_ || *p_ != ',') return Unexpected(object ? "after object key:value pair" : "after array element");
        ++p_;
      }
      if ((object && !Key()) || !Value()) return false;
    }
    SkipSpace();
    // nlohmann's lexer reads a NUL as the end of the input.
    return p_ == end_ || *p_ == '\0' || Unexpected("after top-level value");
  }

  const std::string& why() const { return why_; }
  // "line 3, column 14" (1-based; a column counts bytes) of where the text went wrong.
  std::string Where() const {
    const char* line = begin_;
    int lines = 1;
    for (const char* c = begin_; c < failedAt_; ++c) {
      if (*c == '\n') {
        ++lines;
        line = c + 1;
      }
    }
    return "line " + std::to_string(lines) + ", column " + std::to_string(failedAt_ - line + 1);
  }

 private:
  bool Fail(const char* at, std::string why) {
    failedAt_ = at;
    why_ = std::move(why);
    return false;
  }
  // At p_: the end of the input, or "invalid character 'x' <context>".
  bool Unexpected(const std::string& context) {
    if (p_ == end_) return Fail(p_, "unexpected end of JSON input");
    return Fail(p_, "invalid character " + QuoteChar(static_cast<unsigned char>(*p_)) + " " + context);
  }

  void SkipSpace() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }

  // A scalar whole, or the start of an object or array (opened_ says which).
  bool Value() {
    SkipSpace();
    opened_ = false;
    if (p_ == end_) return Unexpected("looking for beginning of value");
    switch (*p_) {
      case '{':
        ++p_;
        open_.push_back(true);
        opened_ = true;
        return sax_.start_object(kUnknownSize);
      case '[':
        ++p_;
        open_.push_back(false);
        opened_ = true;
        return sax_.start_array(kUnknownSize);
      case '"':
        return String() && sax_.string(buffer_);
      case 't':
        return Word("true") && sax_.boolean(true);
      case 'f':
        return Word("false") && sax_.boolean(false);
      case 'n':
        return Word("null") && sax_.null();
      default:
        if (*p_ != '-' && !IsDigit(*p_)) return Unexpected("looking for beginning of value");
        return Number();
    }
  }

  bool Key() {
    SkipSpace();
    if (p_ == end_ || *p_ != '"') return Unexpected("looking for beginning of object key string");
    if (!String() || !sax_.key(buffer_)) return false;
    SkipSpace();
    if (p_ == end_ || *p_ != ':') return Unexpected("after object key");
    ++p_;
    return true;
  }

  // true, false or null, p_ at its first letter.
  bool Word(std::string_view word) {
    for (const char expected : word) {
      if (p_ == end_ || *p_ != expected)
        return Unexpected("in literal " + std::string(word) + " (expecting " +
                          QuoteChar(static_cast<unsigned char>(expected)) + ")");
      ++p_;
    }
    return true;
  }

  // lexer::scan_string: p_ at the opening quote; the text, unescaped, into buffer_.
  bool String() {
    buffer_.clear();
    ++p_;
    for (;;) {
      const char* run = p_;
      while (p_ < end_ && kPlain[static_cast<unsigned char>(*p_)]) ++p_;
      buffer_.append(run, p_);
      if (p_ == end_) return Unexpected("in string literal");
      if (*p_ == '"') {
        ++p_;
        return true;
      }
      if (static_cast<unsigned char>(*p_) < 0x20) return Unexpected("in string literal");
      if (!(*p_ == '\\' ? Escape() : Utf8())) return false;
    }
  }

  bool Escape() {
    ++p_;
    if (p_ == end_) return Unexpected("in string escape code");
    const char e = *p_++;
    switch (e) {
      case '"':
      case '\\':
      case '/':
        buffer_ += e;
        return true;
      case 'b':
        buffer_ += '\b';
        return true;
      case 'f':
        buffer_ += '\f';
        return true;
      case 'n':
        buffer_ += '\n';
        return true;
      case 'r':
        buffer_ += '\r';
        return true;
      case 't':
        buffer_ += '\t';
        return true;
      case 'u':
        return CodePoint();
      default:
        --p_;
        return Unexpected("in string escape code");
    }
  }

  // lexer::get_codepoint: four hex digits, or -1 with the error said.
  int Hex4() {
    int v = 0;
    for (int i = 0; i < 4; ++i, ++p_) {
      const char c = p_ < end_ ? *p_ : '\0';
      const int d = IsDigit(c)             ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
      if (d < 0) {
        Unexpected("in \\u hexadecimal character escape");
        return -1;
      }
      v = v * 16 + d;
    }
    return v;
  }

  // After "\u": a code point, a surrogate pair as two escapes, as UTF-8. Unlike Go, which
  // reads a lone surrogate as U+FFFD, nlohmann refuses it, and so does spreadlab.
  bool CodePoint() {
    const char* escape = p_ - 2;
    int cp = Hex4();
    if (cp < 0) return false;
    if (cp >= 0xDC00 && cp <= 0xDFFF)
      return Fail(escape, "a \\u escape of a low surrogate without a high one before it");
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      if (end_ - p_ < 2 || p_[0] != '\\' || p_[1] != 'u')
        return Fail(escape, "a \\u escape of a high surrogate without a low one after it");
      p_ += 2;
      const int low = Hex4();
      if (low < 0) return false;
      if (low < 0xDC00 || low > 0xDFFF)
        return Fail(escape, "a \\u escape of a high surrogate without a low one after it");
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    }
    if (cp < 0x80) {
      buffer_ += static_cast<char>(cp);
    } else if (cp < 0x800) {
      buffer_ += static_cast<char>(0xC0 | (cp >> 6));
      buffer_ += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      buffer_ += static_cast<char>(0xE0 | (cp >> 12));
      buffer_ += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      buffer_ += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      buffer_ += static_cast<char>(0xF0 | (cp >> 18));
      buffer_ += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      buffer_ += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      buffer_ += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return true;
  }

  // One character of 2-4 bytes as lexer::scan_string checks them (RFC 3629's table: no
  // overlong form, no surrogate, nothing beyond U+10FFFF). Go would read a wrong byte as
  // U+FFFD; nlohmann refuses it, and so does spreadlab.
  bool Utf8() {
    const auto* u = reinterpret_cast<const unsigned char*>(p_);
    const size_t left = static_cast<size_t>(end_ - p_);
    auto in = [&](size_t i, unsigned char lo, unsigned char hi) { return i < left && u[i] >= lo && u[i] <= hi; };
    auto tail = [&](size_t from, size_t to) {
      for (size_t i = from; i < to; ++i)
        if (!in(i, 0x80, 0xBF)) return false;
      return true;
    };
    const unsigned char c = u[0];
    size_t n = 0;
    if (c >= 0xC2 && c <= 0xDF) {
      n = tail(1, 2) ? 2 : 0;
    } else if (c == 0xE0) {
      n = in(1, 0xA0, 0xBF) && tail(2, 3) ? 3 : 0;
    } else if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) {
      n = tail(1, 3) ? 3 : 0;
    } else if (c == 0xED) {
      n = in(1, 0x80, 0x9F) && tail(2, 3) ? 3 : 0;
    } else if (c == 0xF0) {
      n = in(1, 0x90, 0xBF) && tail(2, 4) ? 4 : 0;
    } else if (c >= 0xF1 && c <= 0xF3) {
      n = tail(1, 4) ? 4 : 0;
    } else if (c == 0xF4) {
      n = in(1, 0x80, 0x8F) && tail(2, 4) ? 4 : 0;
    }
    if (n == 0) return Fail(p_, "invalid UTF-8 in string literal (byte " + QuoteChar(c) + ")");
    buffer_.append(p_, n);
    p_ += n;
    return true;
  }

  // lexer::scan_number and its conversion: an integer without '-' is unsigned and one
  // with it signed (strtoull / strtoll), one beyond 64 bits and any number with a fraction
  // or an exponent a double (strtod); a double beyond its range is an error
  // (parser::sax_parse_internal).
  bool Number() {
    const char* start = p_;
    const bool negative = *p_ == '-';
    if (negative) ++p_;
    if (p_ == end_ || !IsDigit(*p_)) return Unexpected("in numeric literal");
    if (*p_ == '0') {
      ++p_;
    } else {
      while (p_ < end_ && IsDigit(*p_)) ++p_;
    }
    bool integer = true;
    if (p_ < end_ && *p_ == '.') {
      integer = false;
      if (++p_ == end_ || !IsDigit(*p_)) return Unexpected("after decimal point in numeric literal");
      while (p_ < end_ && IsDigit(*p_)) ++p_;
    }
    if (p_ < end_ && (*p_ == 'e' || *p_ == 'E')) {
      integer = false;
      if (++p_ < end_ && (*p_ == '+' || *p_ == '-')) ++p_;
      if (p_ == end_ || !IsDigit(*p_)) return Unexpected("in exponent of numeric literal");
      while (p_ < end_ && IsDigit(*p_)) ++p_;
    }
    if (integer) {
      uint64_t magnitude = 0;
      bool fits = true;
      for (const char* d = start + (negative ? 1 : 0); d < p_ && fits; ++d) {
        const auto digit = static_cast<uint64_t>(*d - '0');
        fits = magnitude <= (UINT64_MAX - digit) / 10;
        if (fits) magnitude = magnitude * 10 + digit;
      }
      constexpr uint64_t kMinMagnitude = static_cast<uint64_t>(INT64_MAX) + 1;
      if (fits && !negative) return sax_.number_unsigned(magnitude);
      if (fits && magnitude < kMinMagnitude) return sax_.number_integer(-static_cast<int64_t>(magnitude));
      if (fits && magnitude == kMinMagnitude) return sax_.number_integer(INT64_MIN);
    }
    number_.assign(start, p_);
    const double v = std::strtod(number_.c_str(), nullptr);
    if (!std::isfinite(v)) return Fail(start, "number " + number_ + " is beyond the range of a double");
    return sax_.number_float(v, number_);
  }

  const char* const begin_;
  const char* p_;
  const char* const end_;
  Sax& sax_;
  std::vector<bool> open_;  // the containers begun and not ended, innermost last: true for an object
  bool opened_ = false;     // the last value began a container (no comma before its first member)
  std::string buffer_;      // the last string, handed to sax_ (which may move it away)
  std::string number_;
  const char* failedAt_ = nullptr;
  std::string why_;  // why the text is not JSON; "" when sax_ stopped the parse or it did not fail
};

// Takes every event and keeps nothing: JsonSyntaxError's handler.
struct Ignore final : Sax {
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }
};

}  // namespace

json ParseJsonText(std::string_view text) {
  json out;
  DomBuilder builder(out);
  if (!SaxParseJson(text, builder)) return json(json::value_t::discarded);
  return out;
}

bool SaxParseJson(std::string_view text, nlohmann::json_sax<json>& sax) { return Parser(text, sax).Run(); }

std::string JsonSyntaxError(std::string_view text) {
  Ignore ignore;
  Parser parser(text, ignore);
  return parser.Run() ? "" : parser.Where() + ": " + parser.why();
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
