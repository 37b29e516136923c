// io::ReadListItems: a v1 List's items handed over one at a time, in order, with the
// List's other members; anything else stops it, for the whole document's read to word.
#include "io/list_items.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace spreadlab::io {
namespace {

using json = nlohmann::ordered_json;

struct Read {
  bool ok = false;
  std::vector<json> items;
  json rest;
};

Read ReadAll(const std::string& text, size_t stopAfter = 1000, size_t maxNesting = 128) {
  Read r;
  r.ok = ReadListItems(
      text,
      [&](const json& item, size_t index) {
        EXPECT_EQ(index, r.items.size());
        r.items.push_back(item);
        return r.items.size() < stopAfter;
      },
      r.rest, maxNesting);
  return r;
}

TEST(ReadListItems, HandsOverEachItemInOrderAndTheRest) {
  // kubectl's order: items before kind and metadata.
  const std::string text =
      R"({"apiVersion":"v1","items":[{"kind":"Node","metadata":{"name":"a","labels":{"z":"1"}}},)"
      R"({"kind":"Pod","spec":{"containers":[{"name":"c","ports":[1,2.5,true,null,"x"]}]}},7,"s",[],{}],)"
      R"("kind":"List","metadata":{"resourceVersion":""}})";
  const Read r = ReadAll(text);
  ASSERT_TRUE(r.ok);
  const json whole = json::parse(text);
  ASSERT_EQ(r.items.size(), whole["items"].size());
  for (size_t i = 0; i < r.items.size(); ++i) EXPECT_EQ(r.items[i], whole["items"][i]) << i;
  // The other members, in their order.
  EXPECT_EQ(r.rest.dump(), R"({"apiVersion":"v1","kind":"List","metadata":{"resourceVersion":""}})");
}

TEST(ReadListItems, EmptyItems) {
  const Read r = ReadAll(R"({"kind":"List","items":[]})");
  EXPECT_TRUE(r.ok);
  EXPECT_TRUE(r.items.empty());
}

TEST(ReadListItems, StopsWhenTheCallerSaysSo) {
  const Read r = ReadAll(R"({"items":[1,2,3,4]})", 2);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.items, (std::vector<json>{1, 2}));
}

TEST(ReadListItems, StopsOnWhatIsNotAListOfItems) {
  for (const char* text : {R"([1,2])", R"("x")", "3", R"({"kind":"List"})", R"({"items":{}})", R"({"items":5})",
                           R"({"items":[1],"items":[2]})", R"({"items":[1])", R"({"items":[1]} {})", "",
                           R"({"items":[{"a":tru}]})", "{\"items\":[\"\xff\"]}"}) {
    EXPECT_FALSE(ReadAll(text).ok) << text;
  }
}

TEST(ReadListItems, StopsBeyondTheNestingLimit) {
  // The List is level 1, items level 2, an item level 3.
  EXPECT_TRUE(ReadAll(R"({"items":[{"a":[]}]})", 1000, 4).ok);
  EXPECT_FALSE(ReadAll(R"({"items":[{"a":[[]]}]})", 1000, 4).ok);
  EXPECT_FALSE(ReadAll(R"({"metadata":{"a":{"b":{"c":{}}}},"items":[]})", 1000, 4).ok);
}

}  // namespace
}  // namespace spreadlab::io
