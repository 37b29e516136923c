// YAML in (io/yaml_json.h): scalars resolved as go-yaml v2 resolves them (what kubectl
// sends for a YAML file), streams of documents, anchors and merge keys, errors with
// their line, and every example read as YAML giving the same answers as its JSON.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/scheduler/schedule.h"
#include "core/scheduler/spread_report.h"
#include "controlplane/load_scenario.h"
#include "io/scenario_json.h"
#include "contracts/schedule_json.h"
#include "simulator/session.h"
#include "contracts/trace_json.h"
#include "io/yaml_json.h"
#include "io/yaml_out.h"
#include "testing/read_file.h"

namespace spreadlab::io {
namespace {

using controlplane::LoadResult;
using controlplane::LoadScenario;
using controlplane::LoadScenarioDocument;

using json = nlohmann::ordered_json;

json Yaml(const std::string& text) {
  json out;
  YamlResult r = YamlToJson(text, out);
  EXPECT_TRUE(r.ok) << r.error;
  return out;
}

json Value(const std::string& scalar) { return Yaml("v: " + scalar + "\n")["v"]; }

// go-yaml v2's resolve table, as kubectl applies it.
TEST(YamlTest, PlainScalarsResolveAsGoYamlV2) {
  for (const char* t : {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON", "y", "Y"})
    EXPECT_EQ(Value(t), json(true)) << t;
  for (const char* f : {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF", "n", "N"})
    EXPECT_EQ(Value(f), json(false)) << f;
  for (const char* n : {"~", "null", "Null", "NULL", ""}) EXPECT_TRUE(Value(n).is_null()) << n;
  EXPECT_EQ(Value("2"), json(2));
  EXPECT_EQ(Value("-17"), json(-17));
  EXPECT_EQ(Value("+17"), json(17));
  EXPECT_EQ(Value("0x1F"), json(31));
  EXPECT_EQ(Value("0o17"), json(15));
  EXPECT_EQ(Value("017"), json(15));  // a leading 0 is octal (strconv.ParseInt base 0)
  EXPECT_EQ(Value("0b101"), json(5));
  EXPECT_EQ(Value("1_000"), json(1000));
  EXPECT_EQ(Value("9223372036854775807"), json(INT64_MAX));
  EXPECT_EQ(Value("-9223372036854775808"), json(INT64_MIN));
  EXPECT_EQ(Value("18446744073709551615"), json(UINT64_MAX));
  EXPECT_EQ(Value("0.5"), json(0.5));
  EXPECT_EQ(Value(".5"), json(0.5));
  EXPECT_EQ(Value("1e3"), json(1000.0));
  EXPECT_EQ(Value("1" + std::string(99, '0')), json(1e99));  // beyond uint64: a float
  EXPECT_EQ(Value("1e400"), json("1e400"));  // ParseFloat overflows: the text stays a string
  EXPECT_TRUE(std::isinf(Value(".inf").get<double>()));
  EXPECT_TRUE(std::isnan(Value(".nan").get<double>()));
  EXPECT_EQ(Value("500m"), json("500m"));
  EXPECT_EQ(Value("1Gi"), json("1Gi"));
  EXPECT_EQ(Value("2024-01-02"), json("2024-01-02"));  // a timestamp, kept as its text
  EXPECT_EQ(Value("0x"), json("0x"));
  EXPECT_EQ(Value("1.2.3"), json("1.2.3"));
}

TEST(YamlTest, QuotedBlockAndTaggedScalarsAreStrings) {
  EXPECT_EQ(Value("\"yes\""), json("yes"));
  EXPECT_EQ(Value("'2'"), json("2"));
  EXPECT_EQ(Value("!!str 2"), json("2"));
  EXPECT_EQ(Value("!!int \"2\""), json(2));
  EXPECT_EQ(Yaml("v: |\n  a\n  b\n")["v"], json("a\nb\n"));
  EXPECT_EQ(Yaml("v: >-\n  a\n  b\n")["v"], json("a b"));
}

TEST(YamlTest, KeysBecomeStrings) {
  EXPECT_EQ(Yaml("1: a\nyes: b\n~: c\n"), (json{{"1", "a"}, {"true", "b"}, {"null", "c"}}));
  json out;
  EXPECT_FALSE(YamlToJson("? [a]\n: b\n", out).ok);
}

TEST(YamlTest, AnchorsAliasesAndMergeKeys) {
  json j = Yaml(
      "base: &base {app: web, tier: front}\n"
      "copy: *base\n"
      "merged:\n  <<: *base\n  tier: back\n"
      "many:\n  <<: [{a: 1}, {a: 2, b: 2}]\n");
  EXPECT_EQ(j["copy"], (json{{"app", "web"}, {"tier", "front"}}));
  EXPECT_EQ(j["merged"], (json{{"app", "web"}, {"tier", "back"}}));
  EXPECT_EQ(j["many"], (json{{"a", 1}, {"b", 2}}));  // the earlier map wins
}

TEST(YamlTest, StreamsBecomeOneList) {
  json j = Yaml("---\nkind: Node\n---\n# nothing\n---\nkind: List\nitems: [{kind: Pod}, {kind: Service}]\n---\n");
  EXPECT_EQ(j["kind"], "List");
  ASSERT_EQ(j["items"].size(), 3u);
  EXPECT_EQ(j["items"][0]["kind"], "Node");
  EXPECT_EQ(j["items"][2]["kind"], "Service");
  // One document is returned as it is.
  EXPECT_EQ(Yaml("kind: Node\n"), (json{{"kind", "Node"}}));
}

TEST(YamlTest, RefusesWhatWouldHangOrBreakTheReader) {
  json out;
  std::string deep = "v: " + std::string(200, '[') + std::string(200, ']') + "\n";
  YamlResult r = YamlToJson(deep, out);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("nesting deeper than"), std::string::npos) << r.error;
  // A billion laughs.
  std::string bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  for (char c = 'b'; c <= 'k'; ++c)
    bomb += std::string(1, c) + ": &" + c + " [*" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" +
            char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) +
            ", *" + char(c - 1) + ", *" + char(c - 1) + "]\n";
  r = YamlToJson(bomb, out);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.error, "aliases expand to too many values");
  r = YamlToJson("v: \"\xff\"\n", out);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.error, "invalid leading UTF-8 octet");
}

constexpr const char* kShop = R"(apiVersion: v1
kind: Node
metadata:
  name: node-a
  labels:
    topology.kubernetes.io/zone: zone-a
    ssd: on
---
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: c
    resources:
      requests: {cpu: 2, memory: 1Gi}
  topologySpreadConstraints:
  - maxSkew: 0
    topologyKey: topology.kubernetes.io/zone
    whenUnsatisfiable: DoNotSchedule
)";

TEST(YamlTest, ErrorsCarryTheLine) {
  Scenario s;
  LoadResult r = LoadScenario(kShop, s);
  ASSERT_FALSE(r.ok);
  EXPECT_TRUE(r.yaml || r.where.line > 0);
  EXPECT_EQ(LocatedError(r, "shop.yaml"),
            "shop.yaml:7: items[0].metadata.labels[\"ssd\"]: expected a string, got boolean true (YAML reads the "
            "unquoted on as a boolean; quote it (\"on\") to keep it a string)");
  std::string fixed = kShop;
  fixed.replace(fixed.find("ssd: on"), 7, "ssd: \"on\"");
  r = LoadScenario(fixed, s);
  ASSERT_FALSE(r.ok);
  // The API server's words (the object by its kind and name, the field within it), at the field's line.
  EXPECT_EQ(LocatedError(r, "shop.yaml"),
            "shop.yaml:19: Pod \"web\" is invalid: spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be "
            "greater than zero");
  EXPECT_EQ(LocatedError(r),
            "line 19: Pod \"web\" is invalid: spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be "
            "greater than zero");
  EXPECT_EQ(r.path, "items[1].spec.topologySpreadConstraints[0].maxSkew");
  fixed.replace(fixed.find("maxSkew: 0"), 10, "maxSkew: 1");
  r = LoadScenario(fixed, s);
  EXPECT_TRUE(r.ok) << r.error;
  ASSERT_EQ(s.pods.size(), 1u);
  EXPECT_EQ(s.pods[0].spec.containers[0].requests.at("cpu").milli, 2000);  // a bare number is a quantity

  r = LoadScenario("kind: Node\nmetadata:\n  name: a\n labels: x\n", s);
  EXPECT_EQ(LocatedError(r, "bad.yaml"), "bad.yaml:4:2: invalid YAML: did not find expected key (while parsing a block mapping at line 1)");
}

std::string ExplainAndSchedule(const std::string& text) {
  simulator::Session s;
  std::string error;
  if (!simulator::OpenSession(text, s, error)) return "error: " + error;
  PodIndex pod = simulator::ChoosePod(*s.cluster, "", error);
  std::string out;
  if (pod != kNone) {
    CycleTrace t;
    s.framework->RunCycle(pod, t, /*explain=*/true);
    out = contracts::TraceToJson(*s.cluster, s.framework->profile(), t).dump(1);
  }
  const auto pending = s.cluster->PendingPods();
  const auto placements = ScheduleAll(*s.cluster, *s.framework);
  return out + contracts::ScheduleToJson(*s.cluster, placements, ReportSpread(*s.framework, *s.cluster, pending)).dump(1);
}

TEST(YamlTest, ToYamlQuotesWhatYamlWouldReadOtherwise) {
  const json j = {{"plain", "app.kubernetes.io/name"}, {"word", "yes"}, {"number", "110"}, {"empty", ""},
                  {"null", nullptr}, {"list", json::array({1, "on", json::object()})}, {"yes", true}};
  EXPECT_EQ(ToYaml(j),
            "plain: app.kubernetes.io/name\nword: \"yes\"\nnumber: \"110\"\nempty: \"\"\n\"null\": null\nlist:\n  - 1\n"
            "  - \"on\"\n  - {}\n\"yes\": true\n");
  json back;
  ASSERT_TRUE(YamlToJson(ToYaml(j), back).ok);
  EXPECT_EQ(back, j);
}

TEST(YamlTest, EveryExampleGivesTheSameAnswersInYaml) {
  size_t n = 0;
  for (const auto& e : std::filesystem::directory_iterator(SPREADLAB_EXAMPLES_DIR)) {
    if (e.path().extension() == ".yaml") {  // written in YAML: the same answers from its JSON
      const std::string yaml = testing::ReadFile(e.path());
      json doc;
      ASSERT_TRUE(YamlToJson(yaml, doc).ok) << e.path();
      const std::string answers = ExplainAndSchedule(yaml);
      EXPECT_NE(answers.rfind("error: ", 0), 0u) << answers;
      EXPECT_EQ(ExplainAndSchedule(doc.dump()), answers) << e.path();
      ++n;
      continue;
    }
    if (e.path().extension() != ".json") continue;
    const std::string text = testing::ReadFile(e.path());
    const json doc = json::parse(text);
    const std::string yaml = ToYaml(doc);
    ASSERT_NE(yaml.find("kind: List"), std::string::npos);
    json back;
    ASSERT_TRUE(YamlToJson(yaml, back).ok);
    EXPECT_EQ(back, doc) << e.path();  // io::ToYaml writes what reads back the same
    EXPECT_EQ(ExplainAndSchedule(yaml), ExplainAndSchedule(text)) << e.path();
    ++n;
  }
  EXPECT_GT(n, 20u);
}

}  // namespace
}  // namespace spreadlab::io
