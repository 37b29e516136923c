// The API server's Priority admission as controlplane/admission/priority_admission.h reproduces it
// (plugin/pkg/admission/priority admitPod), read through the scenario reader.
#include <gtest/gtest.h>

#include <string>

#include "controlplane/load_scenario.h"
#include "io/scenario_json.h"

namespace spreadlab::controlplane {
namespace {

std::string List(const std::string& items) { return R"({"apiVersion":"v1","kind":"List","items":[)" + items + "]}"; }
std::string Pod(const std::string& name, const std::string& spec) {
  return R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":")" + name + R"("},"spec":{"containers":[{"name":"c"}])" +
         spec + "}}";
}
std::string Class(const std::string& name, int value, bool globalDefault, const std::string& policy = "") {
  return R"({"apiVersion":"scheduling.k8s.io/v1","kind":"PriorityClass","metadata":{"name":")" + name +
         R"("},"value":)" + std::to_string(value) + R"(,"globalDefault":)" + (globalDefault ? "true" : "false") +
         (policy.empty() ? "" : R"(,"preemptionPolicy":")" + policy + "\"") + "}";
}

TEST(PriorityAdmissionTest, ResolvesAsTheApiServerDoes) {
  Scenario s;
  const LoadResult r = LoadScenario(
      List(Class("high", 1000, false, "Never") + "," + Class("low-default", 10, true) + "," +
           Class("higher-default", 20, true) + "," + Pod("named", R"(,"priorityClassName":"high")") + "," +
           Pod("plain", "") + "," + Pod("given", R"(,"priority":5)") + "," +
           Pod("critical", R"(,"priorityClassName":"system-node-critical")")),
      s);
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_EQ(s.pods.size(), 4u);
  EXPECT_EQ(s.pods[0].spec.priority, 1000);  // the class's value and preemptionPolicy
  EXPECT_EQ(s.pods[0].spec.preemptionPolicy, "Never");
  EXPECT_EQ(s.pods[1].spec.priority, 10);  // the global default with the lowest value
  EXPECT_EQ(s.pods[1].spec.priorityClassName, "low-default");
  EXPECT_EQ(s.pods[1].spec.preemptionPolicy, "PreemptLowerPriority");
  EXPECT_EQ(s.pods[2].spec.priority, 5);  // a stored priority is what the scheduler reads
  EXPECT_EQ(s.pods[3].spec.priority, 2000001000);  // the built-in classes
}

TEST(PriorityAdmissionTest, NoClassNoDefaultLeavesZero) {
  Scenario s;
  const LoadResult r = LoadScenario(List(Pod("plain", "")), s);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_FALSE(s.pods[0].spec.priority.has_value());  // read as 0 (DefaultPriorityWhenNoDefaultClassExists)
}

TEST(PriorityAdmissionTest, AnUnknownClassIsRefusedWithItsPath) {
  Scenario s;
  const LoadResult r = LoadScenario(List(Pod("p", R"(,"priorityClassName":"gold")")), s);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.error, "Pod \"p\" is invalid: spec.priorityClassName: Forbidden: no PriorityClass with name gold was found");
  EXPECT_EQ(r.path, "items[0].spec.priorityClassName");
}

}  // namespace
}  // namespace spreadlab::controlplane
