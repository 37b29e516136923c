// io::ParseJsonText builds the document nlohmann's own json::parse builds (our parser
// tells its DomBuilder what nlohmann's sax_parse would, and the builder grows objects by
// moving members instead of copying them): same members in the same order and of the same
// number types, a repeated key in its first place with its last value, invalid text discarded.
#include "io/json_parse.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "testing/same_json.h"

namespace spreadlab::io {
namespace {

using json = nlohmann::ordered_json;

// nlohmann's own DOM parser, the reference.
json Reference(const std::string& text) { return json::parse(text, nullptr, /*allow_exceptions=*/false); }

TEST(ParseJsonText, BuildsTheDocumentNlohmannsParserBuilds) {
  const char* const texts[] = {
      "null",
      "true",
      "-12",
      "18446744073709551615",
      "2.50",
      R"("a\u00e9\ud83d\ude00\n")",
      "[]",
      "{}",
      R"([1,[2,[3,[]]],{"a":{}},"x",null])",
      // More members than any growth step, nested objects among them: moved, not lost.
      R"({"a":1,"b":{"c":[1,2,{"d":"e"}],"f":{"g":{}}},"h":2,"i":3,"j":4,"k":{"l":5},"m":6,"n":7,"o":8,"p":9})",
      // A repeated key keeps its first place and takes its last value, whatever the types.
      R"({"a":1,"b":2,"a":{"x":[1]},"c":3,"b":null})",
      R"({"a":{"x":1,"x":2},"a":{"y":3}})",
      R"([{"k":1,"k":2},{"k":3}])",
      R"({"apiVersion":"v1","items":[{"kind":"Pod","metadata":{"name":"p","labels":{"app":"web","tier":"front"}}}],"kind":"List"})",
  };
  for (const char* text : texts) {
    const json ours = ParseJsonText(text);
    const json reference = Reference(text);
    ASSERT_FALSE(reference.is_discarded()) << text;
    EXPECT_TRUE(testing::SameJson(ours, reference)) << text;  // member order and number types too
  }
}

TEST(ParseJsonText, DiscardsWhatIsNotOneJsonValue) {
  for (const char* text : {"", "{", "[1,]", R"({"a":1,})", "{} {}", "nul", R"({"a" 1})", "[1 2]", R"("\x")"}) {
    EXPECT_TRUE(Reference(text).is_discarded()) << text;
    EXPECT_TRUE(ParseJsonText(text).is_discarded()) << text;
  }
}

// The lexer's corners, each against nlohmann's own parser: the same value of the same
// type for a valid text, discarded for an invalid one.
TEST(ParseJsonText, AgreesWithNlohmannOnTheLexersCorners) {
  const std::string texts[] = {
      // whitespace and the byte order mark (skipped only first, only whole)
      " \t\r\n[ 1 , 2 ]\n ", "\xEF\xBB\xBF{}", "\xEF\xBB\xBF", "\xEF\xBB{}", "\xEF{}", " \xEF\xBB\xBF{}",
      "\f1", "\v1", std::string("1\0", 2), std::string("1 \0x", 4), std::string("[1\0]", 4), std::string("\0", 1),
      std::string("\"a\0\"", 4),
      // literals
      "true", "false", "null", "tru", "nul", "True", "truex", "[true,false,null]", "[truefalse]",
      // numbers: unsigned without '-', signed with it, a double past 64 bits or with a fraction or exponent
      "0", "-0", "7", "-7", "0.0", "-0.0", "1e5", "1E+5", "1e-5", "2.5E-3", "0e0", "123.456e7",
      "18446744073709551615", "18446744073709551616", "-9223372036854775808", "-9223372036854775809",
      "9223372036854775808", "123456789012345678901234567890", "-123456789012345678901234567890",
      "1e308", "1.7976931348623157e308", "1e309", "-1e400", "5e-324", "1e-400", "0.1", "3.141592653589793238462643383279",
      "01", "-01", "00", "-", "+1", ".5", "1.", "1.e5", "1e", "1e+", "1e-", "--1", "1-", "1.5.5", "0x10", "1 2",
      // strings: escapes, \u with surrogate pairs, raw UTF-8 checked as nlohmann checks it
      R"("")", R"("\"\\\/\b\f\n\r\t")", R"("\u0041\u00e9\u20AC\uFFFF\u0000x")", R"("\ud83d\ude00")",
      R"("\uD83D\uDE00")", R"("\ud800")", R"("\udc00")", R"("\ud800\u0041")", R"("\ud800x")", R"("\ud800\")",
      R"("\u12")", R"("\u12g4")", R"("\x")", R"("\)", R"("\')", R"("abc)",
      "\"\x7F\"", "\"\x1F\"", "\"\t\"", "\"\n\"", "\"caf\xC3\xA9 \xE6\x97\xA5 \xF0\x9F\x9A\x80\"",
      "\"\xC2\x80\xDF\xBF\xE0\xA0\x80\xEF\xBF\xBF\xF0\x90\x80\x80\xF4\x8F\xBF\xBF\"",
      "\"\xC0\x80\"", "\"\xC1\xBF\"", "\"\xE0\x80\x80\"", "\"\xED\xA0\x80\"", "\"\xED\x9F\xBF\"",
      "\"\xF0\x80\x80\x80\"", "\"\xF4\x90\x80\x80\"", "\"\xF5\x80\x80\x80\"", "\"\xFF\"", "\"\x80\"",
      "\"\xC3\"", "\"\xE6\x97\"", "\"\xF0\x9F\x9A\"", "\"\xC3\x28\"",
      // structure
      "[]", "{}", "[[]]", "[{}]", R"({"a":[]})", "[", "]", "{", "}", "[1,]", "[,1]", "[,]", "{,}", R"({"a":1,})",
      R"({"a"})", R"({"a":})", R"({"a" 1})", R"({1:2})", R"({"a":1 "b":2})", R"({"a":1,"b"})", "[1 2]", "{}x", "{} {}",
      "[]]", R"({"a":{"b":{"c":[1,[2,{"d":null}]]}}})", "", " ",
  };
  for (const std::string& text : texts) {
    const json ours = ParseJsonText(text);
    const json reference = Reference(text);
    ASSERT_EQ(ours.is_discarded(), reference.is_discarded()) << "[" << text << "]";
    if (!reference.is_discarded()) EXPECT_TRUE(testing::SameJson(ours, reference)) << "[" << text << "] " << ours.dump();
  }
}

TEST(ParseJsonText, ParsesAnyNestingWithoutRecursion) {
  const std::string deep = std::string(200000, '[') + std::string(200000, ']');
  const json doc = ParseJsonText(deep);
  ASSERT_TRUE(doc.is_array());
  EXPECT_TRUE(ParseJsonText(std::string(200000, '[')).is_discarded());
}

// A handler that stops the parse: SaxParseJson answers false, as sax_parse does, and tells
// it nothing more.
TEST(SaxParseJson, StopsWhenTheHandlerSaysSo) {
  struct StopAtThird : nlohmann::json_sax<json> {
    int events = 0;
    bool Count() { return ++events < 3; }
    bool null() override { return Count(); }
    bool boolean(bool) override { return Count(); }
    bool number_integer(number_integer_t) override { return Count(); }
    bool number_unsigned(number_unsigned_t) override { return Count(); }
    bool number_float(number_float_t, const string_t&) override { return Count(); }
    bool string(string_t&) override { return Count(); }
    bool binary(binary_t&) override { return Count(); }
    bool start_object(std::size_t) override { return Count(); }
    bool key(string_t&) override { return Count(); }
    bool end_object() override { return Count(); }
    bool start_array(std::size_t) override { return Count(); }
    bool end_array() override { return Count(); }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }
  };
  const std::string text = R"([1,"two",{"three":3}])";
  StopAtThird ours, reference;
  EXPECT_FALSE(SaxParseJson(text, ours));
  EXPECT_FALSE(json::sax_parse(text, &reference));
  EXPECT_EQ(ours.events, 3);
  EXPECT_EQ(reference.events, 3);
}

// What a person reads about a text the parser refused: where, then what Go's
// encoding/json says of the same text (each expected message below is what Go 1.x's
// json.Unmarshal answered), and in our words what Go reads without complaint but
// nlohmann refuses (a lone surrogate, bytes that are not UTF-8, a number beyond a double).
TEST(JsonSyntaxError, InTheWordsOfGosEncodingJson) {
  const std::pair<std::string, std::string> cases[] = {
      {R"({"apiVersion":"v1","kind":"List","items":[{"kind":"Node")", "line 1, column 57: unexpected end of JSON input"},
      {"{\n  \"kind\": \"No", "line 2, column 14: unexpected end of JSON input"},
      {R"({"kind":"Node"} xyz)", "line 1, column 17: invalid character 'x' after top-level value"},
      {R"({"kind":"Node"}{})", "line 1, column 16: invalid character '{' after top-level value"},
      {"{'kind':'Node'}", R"(line 1, column 2: invalid character '\'' looking for beginning of object key string)"},
      {R"({"kind":"Node",})", "line 1, column 16: invalid character '}' looking for beginning of object key string"},
      {"{\"kind\":\"Node\n\"}", R"(line 1, column 14: invalid character '\n' in string literal)"},
      {"[tru]", "line 1, column 5: invalid character ']' in literal true (expecting 'e')"},
      {"[nulx]", "line 1, column 5: invalid character 'x' in literal null (expecting 'l')"},
      {"[-]", "line 1, column 3: invalid character ']' in numeric literal"},
      {"[1.]", "line 1, column 4: invalid character ']' after decimal point in numeric literal"},
      {"[1e+]", "line 1, column 5: invalid character ']' in exponent of numeric literal"},
      {"[01]", "line 1, column 3: invalid character '1' after array element"},
      {R"(["\x"])", "line 1, column 4: invalid character 'x' in string escape code"},
      {R"(["\u12g4"])", R"(line 1, column 7: invalid character 'g' in \u hexadecimal character escape)"},
      {"[1,]", "line 1, column 4: invalid character ']' looking for beginning of value"},
      {R"({"a" 1})", "line 1, column 6: invalid character '1' after object key"},
      {R"({"a":1 "b":2})", "line 1, column 8: invalid character '\"' after object key:value pair"},
      {"  ", "line 1, column 3: unexpected end of JSON input"},
      // Refused by nlohmann (and so by spreadlab) where Go would read U+FFFD or fail later.
      {R"(["\ud800"])", R"(line 1, column 3: a \u escape of a high surrogate without a low one after it)"},
      {R"(["\udc00"])", R"(line 1, column 3: a \u escape of a low surrogate without a high one before it)"},
      {"[\"\xff\"]", R"(line 1, column 3: invalid UTF-8 in string literal (byte '\xff'))"},
      {"[1e400]", "line 1, column 2: number 1e400 is beyond the range of a double"},
      {"\xEF\xBB{}", "line 1, column 1: invalid byte order mark (a UTF-8 one is EF BB BF)"},
      {R"({"a": 1})", ""},
  };
  for (const auto& [text, want] : cases) EXPECT_EQ(JsonSyntaxError(text), want) << text;
}

TEST(Member, AddsANullMemberLastAndFindsAnExistingOne) {
  json o = json::object();
  for (int i = 0; i < 20; ++i) Member(o, "k" + std::to_string(i)) = json{{"v", i}};
  EXPECT_EQ(o.size(), 20u);
  EXPECT_EQ(o.begin().key(), "k0");
  EXPECT_EQ(o["k19"]["v"], 19);
  Member(o, "k3") = "again";
  EXPECT_EQ(o.size(), 20u);
  EXPECT_EQ(std::next(o.begin(), 3).value(), "again");
  EXPECT_TRUE(Member(o, "new").is_null());
  EXPECT_EQ((--o.end()).key(), "new");
}

}  // namespace
}  // namespace spreadlab::io
