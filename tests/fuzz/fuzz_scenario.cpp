// libFuzzer target: scenario text through every CLI verb, as `spreadlab` runs them:
// read and validate, explain (the table and the trace JSON), why (table and JSON),
// compare the scenario with itself, and schedule every pending pod. Bad input must
// be refused with a message; nothing may crash, leak or hit undefined behaviour. A dump
// read item by item must read as the whole document does, and a JSON text must parse as
// nlohmann's own parser parses it.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cli/compare_table.h"
#include "cli/explain_table.h"
#include "cli/schedule_table.h"
#include "cli/why_table.h"
#include "core/scheduler/schedule.h"
#include "core/scheduler/spread_report.h"
#include "core/why/analysis.h"
#include "core/why/compare.h"
#include "contracts/compare_json.h"
#include "io/json_parse.h"
#include "controlplane/load_scenario.h"
#include "io/scenario_json.h"
#include "contracts/schedule_json.h"
#include "simulator/session.h"
#include "contracts/trace_json.h"
#include "contracts/why_json.h"
#include "testing/same_json.h"

namespace {

using namespace spreadlab;

// Keeps one input's work small: the fuzzer looks for wrong code, not big clusters.
constexpr size_t kMaxObjects = 64;

bool Open(std::string_view text, simulator::Session& s) {
  std::string error;
  if (simulator::OpenSession(text, s, error)) return true;
  if (error.empty()) std::abort();  // a refusal must say why
  return false;
}

// io::ParseJsonText (our parser and DOM builder) builds what nlohmann's own json::parse
// builds, number types included, and refuses what it refuses. (SameJson and nlohmann's
// parser recurse: texts past 4 KB could nest deep enough to end the run on its stack.)
void ParsesAsNlohmann(std::string_view text) {
  if (text.size() > 4096) return;
  const auto ours = io::ParseJsonText(text);
  const auto reference = nlohmann::ordered_json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (ours.is_discarded() != reference.is_discarded()) std::abort();
  if (!ours.is_discarded() && !testing::SameJson(ours, reference)) std::abort();
}

// The item-by-item read (io/list_items.h) answers exactly as the whole document's read.
void ReadByItemAsWhole(std::string_view text) {
  Scenario byItem, whole;
  const controlplane::LoadResult r = controlplane::LoadScenario(text, byItem);
  if (!r.readByItem) return;
  const controlplane::LoadResult w = controlplane::LoadScenarioDocument(io::ParseJsonText(text), whole);
  if (r.ok != w.ok || r.error != w.error || r.warnings != w.warnings || !(byItem == whole)) std::abort();
}

void ExplainAndWhy(simulator::Session& s, PodIndex pod) {
  CycleTrace trace;
  s.framework->RunCycle(pod, trace, /*explain=*/true);
  (void)contracts::TraceToJson(*s.cluster, s.framework->profile(), trace).dump(2);
  (void)cli::ExplainTable(*s.cluster, *s.framework, trace);

  why::Report report;
  std::string error;
  if (why::Analyze(*s.cluster, *s.framework, pod, {}, report, error)) {
    (void)contracts::WhyToJson(*s.cluster, report).dump(2);
    (void)cli::WhyTable(*s.cluster, report, /*all=*/true);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  ParsesAsNlohmann(text);
  ReadByItemAsWhole(text);
  simulator::Session a;
  if (!Open(text, a)) return 0;
  if (a.cluster->nodes().size() + a.cluster->pods().size() > kMaxObjects) return 0;
  std::string error;
  const PodIndex pod = simulator::ChoosePod(*a.cluster, "", error);
  if (pod != kNone) ExplainAndWhy(a, pod);

  simulator::Session b, c;
  if (!Open(text, b) || !Open(text, c)) std::abort();  // the same text must read the same
  if (pod != kNone) {
    why::Comparison cmp;
    if (why::Compare(*b.cluster, *b.framework, *c.cluster, *c.framework, b.cluster->pod(pod).key, cmp, error)) {
      (void)contracts::CompareToJson(cmp).dump(2);
      (void)cli::CompareTable(cmp, "a", "b", /*all=*/true);
    }
  }
  const std::vector<PodIndex> pending = c.cluster->PendingPods();
  const auto placements = ScheduleAll(*c.cluster, *c.framework);
  const auto spread = ReportSpread(*c.framework, *c.cluster, pending);
  (void)contracts::ScheduleToJson(*c.cluster, placements, spread).dump(2);
  (void)cli::ScheduleTable(*c.cluster, placements, spread);
  return 0;
}
