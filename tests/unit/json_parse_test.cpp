// io::ParseJsonText builds the document nlohmann's own json::parse builds (its DomBuilder
// grows objects by moving members instead of copying them): same members in the same
// order, a repeated key in its first place with its last value, invalid text discarded.
#include "io/json_parse.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

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
    EXPECT_EQ(ours, reference) << text;
    EXPECT_EQ(ours.dump(), reference.dump()) << text;  // member order too
  }
}

TEST(ParseJsonText, DiscardsWhatIsNotOneJsonValue) {
  for (const char* text : {"", "{", "[1,]", R"({"a":1,})", "{} {}", "nul", R"({"a" 1})", "[1 2]", R"("\x")"}) {
    EXPECT_TRUE(Reference(text).is_discarded()) << text;
    EXPECT_TRUE(ParseJsonText(text).is_discarded()) << text;
  }
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
