// The text forms of the lab's edit fields (app/model/edit_text.h): what a person
// types becomes these API objects, and each object prints back as it was typed.
#include <gtest/gtest.h>

#include "app/model/edit_text.h"

namespace spreadlab::app {
namespace {

TEST(EditTextTest, Labels) {
  std::map<std::string, std::string> m;
  std::string error;
  ASSERT_TRUE(ParseLabels(" app=web , tier=front,,empty=", m, error));
  EXPECT_EQ(m, (std::map<std::string, std::string>{{"app", "web"}, {"tier", "front"}, {"empty", ""}}));
  EXPECT_EQ(FormatLabels(m), "app=web,empty=,tier=front");
  ASSERT_TRUE(ParseLabels("", m, error));
  EXPECT_TRUE(m.empty());
  EXPECT_FALSE(ParseLabels("app=web,oops", m, error));
  EXPECT_EQ(error, "\"oops\" is not key=value");
  EXPECT_FALSE(ParseLabels("=web", m, error));
  EXPECT_EQ(error, "\"=web\" is not key=value");
}

TEST(EditTextTest, Expressions) {
  std::vector<v1::LabelSelectorRequirement> e;
  std::string error;
  ASSERT_TRUE(ParseExpressions("tier in (a, b); env notin (x); gpu; !legacy; n gt (3)", e, error));
  ASSERT_EQ(e.size(), 5u);
  EXPECT_EQ(e[0].key, "tier");
  EXPECT_EQ(e[0].op, "In");
  EXPECT_EQ(e[0].values, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(e[1].op, "NotIn");
  EXPECT_EQ(e[2].op, "Exists");
  EXPECT_EQ(e[3].key, "legacy");
  EXPECT_EQ(e[3].op, "DoesNotExist");
  EXPECT_EQ(e[4].op, "Gt");
  EXPECT_EQ(FormatExpressions(e), "tier in (a,b); env notin (x); gpu; !legacy; n gt (3)");
  EXPECT_FALSE(ParseExpressions("tier in (a", e, error));
  EXPECT_EQ(error, "\"tier in (a\": write key in (a,b), key notin (a,b), key or !key");
  EXPECT_FALSE(ParseExpressions("(a)", e, error));
}

TEST(EditTextTest, NodeAffinity) {
  std::optional<v1::NodeSelector> ns;
  std::string error;
  ASSERT_TRUE(ParseNodeAffinity("zone in (a,b); ssd | gpu", ns, error));
  ASSERT_TRUE(ns);
  ASSERT_EQ(ns->nodeSelectorTerms.size(), 2u);
  EXPECT_EQ(ns->nodeSelectorTerms[0].matchExpressions.size(), 2u);
  EXPECT_EQ(ns->nodeSelectorTerms[1].matchExpressions[0].key, "gpu");
  EXPECT_EQ(FormatNodeAffinity(ns), "zone in (a,b); ssd | gpu");
  ASSERT_TRUE(ParseNodeAffinity("  ", ns, error));
  EXPECT_FALSE(ns);
  EXPECT_EQ(FormatNodeAffinity(ns), "");
  EXPECT_FALSE(ParseNodeAffinity("zone in (a | b)", ns, error));
}

TEST(EditTextTest, Tolerations) {
  auto t = ParseTolerations("key=value:NoSchedule; dedicated:NoExecute; k=v; *; ");
  ASSERT_EQ(t.size(), 4u);
  EXPECT_EQ(t[0].key, "key");
  EXPECT_EQ(t[0].op, "Equal");
  EXPECT_EQ(t[0].value, "value");
  EXPECT_EQ(t[0].effect, "NoSchedule");
  EXPECT_EQ(t[1].op, "Exists");
  EXPECT_EQ(t[1].effect, "NoExecute");
  EXPECT_EQ(t[2].effect, "");
  EXPECT_EQ(t[3].key, "");
  EXPECT_EQ(t[3].op, "Exists");
  EXPECT_EQ(FormatTolerations(t), "key=value:NoSchedule; dedicated:NoExecute; k=v; *");
}

TEST(EditTextTest, SplitList) {
  EXPECT_EQ(SplitList(" a, b ,,c ", ','), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_TRUE(SplitList("", ',').empty());
}

TEST(EditTextTest, JoinList) {
  EXPECT_EQ(JoinList({"pod-template-hash", "app"}, ','), "pod-template-hash,app");
  EXPECT_EQ(JoinList({}, ','), "");
  EXPECT_EQ(SplitList(JoinList({"a", "b"}, ','), ','), (std::vector<std::string>{"a", "b"}));
  // Empty items at the front leave no separator; later ones do.
  EXPECT_EQ(JoinList({"", "a", "", "b"}, ','), "a,,b");
}

}  // namespace
}  // namespace spreadlab::app
