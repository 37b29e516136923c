// The names the cluster picture's menus give what they add (app/model/new_names.h):
// each the first of its series that is not taken yet.
#include <gtest/gtest.h>

#include <set>

#include "app/model/new_names.h"

namespace spreadlab::app {
namespace {

NameTaken In(std::set<std::string> names) {
  return [names = std::move(names)](const std::string& n) { return names.count(n) > 0; };
}

TEST(NewNamesTest, NodeInDomain) {
  // Counted from the domain's size + 1; the value made a DNS subdomain.
  EXPECT_EQ(NodeNameInDomain("us-east-1a", 2, In({})), "node-us-east-1a-3");
  EXPECT_EQ(NodeNameInDomain("Zone_A.b", 0, In({})), "node-zone-a-b-1");
  EXPECT_EQ(NodeNameInDomain("a", 1, In({"node-a-2", "node-a-3"})), "node-a-4");
  // Nodes without the key: no value, no extra dash.
  EXPECT_EQ(NodeNameInDomain("", 3, In({"node-4"})), "node-5");
}

TEST(NewNamesTest, NodeCopy) {
  EXPECT_EQ(NodeCopyName("n1", In({})), "n1-copy");
  EXPECT_EQ(NodeCopyName("n1", In({"n1-copy"})), "n1-copy2");
  EXPECT_EQ(NodeCopyName("n1", In({"n1-copy", "n1-copy2", "n1-copy3"})), "n1-copy4");
}

TEST(NewNamesTest, NewDomainValue) {
  EXPECT_EQ(NewDomainValue("topology.kubernetes.io/zone", 3, In({})), "zone4");
  EXPECT_EQ(NewDomainValue("topology.kubernetes.io/zone", 3, In({"zone4", "zone5"})), "zone6");
  EXPECT_EQ(NewDomainValue("rack", 0, In({})), "domain1");
}

TEST(NewNamesTest, PodCopy) {
  EXPECT_EQ(PodCopyName("web", In({})), "web-1");
  EXPECT_EQ(PodCopyName("web", In({"web-1", "web-2"})), "web-3");
}

}  // namespace
}  // namespace spreadlab::app
