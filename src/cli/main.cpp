// spreadlab: explain and replay kube-scheduler decisions from the command line.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/compare_table.h"
#include "cli/explain_table.h"
#include "cli/schedule_table.h"
#include "cli/simulate_table.h"
#include "cli/why_table.h"
#include "core/scheduler/spread_report.h"
#include "contracts/compare_json.h"
#include "controlplane/scenario_doc.h"
#include "simulator/events.h"
#include "simulator/session.h"
#include "contracts/schedule_json.h"
#include "contracts/simulate_json.h"
#include "contracts/trace_json.h"
#include "contracts/why_json.h"
#include "io/yaml_out.h"

namespace {

constexpr int kExitBadInput = 2;

bool ReadInput(const std::string& file, std::string& text, std::string& error) {
  std::ostringstream ss;
  if (file == "-") {
    ss << std::cin.rdbuf();
  } else {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      error = "cannot read " + file + ": no such file or not readable";
      return false;
    }
    ss << in.rdbuf();
  }
  text = ss.str();
  return true;
}

// The JSON contract, as JSON or as the same document in YAML.
void Print(const nlohmann::ordered_json& j, const std::string& format) {
  std::cout << (format == "yaml" ? spreadlab::io::ToYaml(j) : j.dump(2) + "\n");
}

// --scale [KIND/]NAMESPACE/NAME=N, as given on the command line (several in order).
std::vector<std::string> scaleArgs;

// The --scale arguments parsed; false (with the error printed) on a malformed one.
bool ScaleSteps(std::vector<spreadlab::simulator::SimStep>& out) {
  out.assign(scaleArgs.size(), {});
  std::string error;
  for (size_t i = 0; i < scaleArgs.size(); ++i)
    if (!spreadlab::simulator::ParseScaleStep(scaleArgs[i], out[i], error)) {
      fmt::print(stderr, "error: {}\n", error);
      return false;
    }
  return true;
}

// --kube-version and --feature-gates, as given (every verb).
spreadlab::simulator::OpenOptions releaseArgs;

// Reads `file` with the command line's options; `kubeVersion` overrides --kube-version
// (compare's second side).
int Open(const std::string& file, spreadlab::simulator::Session& session, const std::string* kubeVersion = nullptr) {
  std::string text, error;
  spreadlab::simulator::OpenOptions options = releaseArgs;
  if (kubeVersion) options.kubeVersion = *kubeVersion;
  if (!ScaleSteps(options.scales)) return kExitBadInput;
  if (!ReadInput(file, text, error) ||
      !spreadlab::simulator::OpenSession(text, session, error, file == "-" ? "<stdin>" : file, options)) {
    fmt::print(stderr, "error: {}\n", error);
    return kExitBadInput;
  }
  for (const auto& n : session.notes) fmt::print(stderr, "note: {}\n", n);
  for (const auto& w : session.warnings) fmt::print(stderr, "warning: {}\n", w);
  return 0;
}

int Explain(const std::string& file, const std::string& podRef, const std::string& format) {
  spreadlab::simulator::Session session;
  if (int rc = Open(file, session)) return rc;
  std::string error;
  spreadlab::PodIndex pod = spreadlab::simulator::ChoosePod(*session.cluster, podRef, error);
  if (pod == spreadlab::kNone) {
    fmt::print(stderr, "error: {}\n", error);
    return kExitBadInput;
  }
  spreadlab::CycleTrace trace;
  session.framework->RunCycle(pod, trace, /*explain=*/true);
  if (format != "table") {
    Print(spreadlab::contracts::TraceToJson(*session.cluster, session.framework->profile(), trace), format);
  } else {
    std::cout << spreadlab::cli::ExplainTable(*session.cluster, *session.framework, trace);
  }
  return trace.error.empty() ? 0 : 1;
}

int Schedule(const std::string& file, const std::string& format) {
  spreadlab::simulator::Session session;
  if (int rc = Open(file, session)) return rc;
  std::vector<spreadlab::PodIndex> pending = session.cluster->PendingPods();
  auto placements = spreadlab::ScheduleAll(*session.cluster, *session.framework);
  auto spread = spreadlab::ReportSpread(*session.framework, *session.cluster,
                                        spreadlab::simulator::SpreadSubjects(session, std::move(pending)));
  if (format != "table") {
    Print(spreadlab::contracts::ScheduleToJson(*session.cluster, placements, spread, session.deleted), format);
  } else {
    std::cout << spreadlab::cli::ScheduleTable(*session.cluster, placements, spread, session.deleted);
  }
  for (const auto& p : placements)
    if (p.error) return 1;
  return 0;
}

int Why(const std::string& file, const std::string& podRef, const std::string& node, const std::string& format,
        bool all) {
  spreadlab::simulator::Session session;
  if (int rc = Open(file, session)) return rc;
  std::string error;
  spreadlab::PodIndex pod = spreadlab::simulator::ChoosePod(*session.cluster, podRef, error);
  spreadlab::why::Report report;
  spreadlab::why::Options options;
  options.targetNode = node;
  if (pod == spreadlab::kNone ||
      !spreadlab::why::Analyze(*session.cluster, *session.framework, pod, options, report, error)) {
    fmt::print(stderr, "error: {}\n", error);
    return kExitBadInput;
  }
  if (format != "table") {
    Print(spreadlab::contracts::WhyToJson(*session.cluster, report), format);
  } else {
    std::cout << spreadlab::cli::WhyTable(*session.cluster, report, all);
  }
  return report.error.empty() ? 0 : 1;
}

// FILE_B empty with --kube-version-b: the same file under two releases.
int Compare(const std::string& fileA, const std::string& fileB, const std::string& podRef, const std::string& format,
            bool all, const std::string& versionB) {
  if (fileB.empty() && versionB.empty()) {
    fmt::print(stderr, "error: compare needs FILE_B, or --kube-version-b to compare FILE_A under two releases\n");
    return kExitBadInput;
  }
  spreadlab::simulator::Session a, b;
  if (int rc = Open(fileA, a)) return rc;
  if (int rc = Open(fileB.empty() ? fileA : fileB, b, versionB.empty() ? nullptr : &versionB)) return rc;
  std::string labelA = fileA, labelB = fileB.empty() ? fileA : fileB;
  if (a.cluster->release().minor != b.cluster->release().minor) {
    labelA += " (kube-scheduler " + spreadlab::KubeVersionName(a.cluster->release().minor) + ")";
    labelB += " (kube-scheduler " + spreadlab::KubeVersionName(b.cluster->release().minor) + ")";
  }
  std::string error;
  spreadlab::PodIndex pod = spreadlab::simulator::ChoosePod(*a.cluster, podRef, error);
  spreadlab::why::Comparison c;
  if (pod == spreadlab::kNone ||
      !spreadlab::why::Compare(*a.cluster, *a.framework, *b.cluster, *b.framework, a.cluster->pod(pod).key, c, error)) {
    fmt::print(stderr, "error: {}\n", error);
    return kExitBadInput;
  }
  if (format != "table") {
    Print(spreadlab::contracts::CompareToJson(c), format);
  } else {
    std::cout << spreadlab::cli::CompareTable(c, labelA, labelB, all);
    const std::vector<std::string> changes =
        spreadlab::ChangesBetween(a.cluster->release().minor, b.cluster->release().minor);
    if (!changes.empty()) std::cout << "\nWhat changed between the releases (docs/versions.md):\n";
    for (const std::string& line : changes) std::cout << "  - " << line << "\n";
  }
  return 0;
}

// The document as the controllers complete it: the objects of the file, the ReplicaSets
// and pods the workload controllers create, less the pods they delete (after --scale).
int Export(const std::string& file, const std::string& format) {
  std::string text, error;
  std::vector<spreadlab::simulator::SimStep> scales;
  if (!ScaleSteps(scales)) return kExitBadInput;
  spreadlab::controlplane::ScenarioDoc doc;
  std::vector<std::string> notes;
  std::vector<spreadlab::controlplane::DeletedPod> deleted;
  if (!ReadInput(file, text, error) ||
      !spreadlab::simulator::OpenDocument(text, doc, notes, deleted, error, file == "-" ? "<stdin>" : file, scales)) {
    fmt::print(stderr, "error: {}\n", error);
    return kExitBadInput;
  }
  spreadlab::Release release = doc.scenario().release;
  if (!spreadlab::simulator::ApplyReleaseOptions(releaseArgs, release, error) ||
      (!releaseArgs.kubeVersion.empty() && !doc.SetKubeVersion(releaseArgs.kubeVersion, error))) {
    fmt::print(stderr, "error: {}\n", error);
    return kExitBadInput;
  }
  for (const auto& n : notes) fmt::print(stderr, "note: {}\n", n);
  std::cout << (format == "yaml" ? doc.DumpYaml() : doc.Dump(2) + "\n");
  return 0;
}

// The scenario over time: the pending pods placed, then each --step applied and answered
// by the controllers and the scheduler (simulator/simulation.h).
// Without --step, the steps the file carries (simulator::ScenarioSteps).
int Simulate(const std::string& file, std::vector<std::string> stepArgs, const std::string& format) {
  std::string text, error;
  spreadlab::controlplane::ScenarioDoc doc;
  if (!ReadInput(file, text, error) || !doc.Load(text, error, file == "-" ? "<stdin>" : file)) {
    fmt::print(stderr, "error: {}\n", error);
    return kExitBadInput;
  }
  if (stepArgs.empty()) {
    stepArgs = spreadlab::simulator::ScenarioSteps(doc);
    if (!stepArgs.empty())
      fmt::print(stderr, "note: the steps of the file's {} annotation\n", spreadlab::simulator::kSimulateAnnotation);
  }
  std::vector<spreadlab::simulator::SimStep> steps(stepArgs.size());
  for (size_t i = 0; i < stepArgs.size(); ++i)
    if (!spreadlab::simulator::ParseSimStep(stepArgs[i], steps[i], error)) {
      fmt::print(stderr, "error: --step {}\n", error);
      return kExitBadInput;
    }
  for (const auto& w : doc.warnings()) fmt::print(stderr, "warning: {}\n", w);
  spreadlab::Release release = doc.scenario().release;
  if (!spreadlab::simulator::ApplyReleaseOptions(releaseArgs, release, error)) {
    fmt::print(stderr, "error: {}\n", error);
    return kExitBadInput;
  }
  spreadlab::simulator::Simulation sim(doc, &release);
  std::vector<spreadlab::simulator::StepReport> reports(1);
  bool ok = sim.Start(reports[0], error);
  for (size_t i = 0; ok && i < steps.size(); ++i) {
    reports.emplace_back();
    ok = sim.Step(steps[i], reports.back(), error);
    if (!ok) reports.pop_back();
  }
  if (format != "table") {
    Print(spreadlab::contracts::SimulationToJson(reports, doc.scenario()), format);
  } else {
    std::cout << spreadlab::cli::SimulateTable(reports);
  }
  if (!ok) {
    fmt::print(stderr, "error: {}\n", error);
    return kExitBadInput;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"spreadlab: see why kube-scheduler places a pod where it does (Pod Topology Spread and friends)"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "spreadlab " SPREADLAB_VERSION);

  std::string file, pod, format = "table";
  auto* explain = app.add_subcommand("explain", "Explain one scheduling cycle for a pending pod");
  explain->add_option("FILE", file, "Scenario: kubectl get nodes,pods -o json output, or - for stdin")->required();
  explain->add_option("--pod", pod, "Pending pod to explain (NAME or NAMESPACE/NAME); default: the first pending pod");
  explain->add_option("--format", format, "Output format")->check(CLI::IsMember({"table", "json", "yaml"}));
  const char* scaleHelp =
      "Scale a Deployment, ReplicaSet, ReplicationController or StatefulSet first, as kubectl scale does: "
      "[KIND/]NAMESPACE/NAME=REPLICAS (repeatable); its controller creates or deletes pods in its own order";
  explain->add_option("--scale", scaleArgs, scaleHelp);

  auto* schedule = app.add_subcommand("schedule", "Schedule every pending pod in file order and report the spread");
  schedule->add_option("FILE", file, "Scenario file, or - for stdin")->required();
  schedule->add_option("--format", format, "Output format")->check(CLI::IsMember({"table", "json", "yaml"}));
  schedule->add_option("--scale", scaleArgs, scaleHelp);

  std::string node;
  bool all = false;
  auto* why = app.add_subcommand("why", "Why a pod is Pending, and the smallest changes that would let it schedule");
  why->add_option("FILE", file, "Scenario file, or - for stdin")->required();
  why->add_option("--pod", pod, "Pending pod (NAME or NAMESPACE/NAME); default: the first pending pod");
  why->add_option("--node", node, "Ask what would make the pod land on this node");
  why->add_option("--format", format, "Output format")->check(CLI::IsMember({"table", "json", "yaml"}));
  why->add_flag("--all", all, "Show every node and every suggestion (the table shows 30 nodes and 5 suggestions)");
  why->add_option("--scale", scaleArgs, scaleHelp);

  auto* exportCmd = app.add_subcommand(
      "export", "Print the scenario as the workload controllers complete it (their ReplicaSets and pods added)");
  exportCmd->add_option("FILE", file, "Scenario file, or - for stdin")->required();
  exportCmd->add_option("--format", format, "Output format: json (default) or yaml")
      ->check(CLI::IsMember({"table", "json", "yaml"}));
  exportCmd->add_option("--scale", scaleArgs, scaleHelp);

  std::vector<std::string> stepArgs;
  auto* simulate = app.add_subcommand(
      "simulate", "The cluster over time: apply events (scale, rollout, drain, fail a zone, ...) one after another");
  simulate->add_option("FILE", file, "Scenario file, or - for stdin")->required();
  simulate->add_option(
      "--step", stepArgs,
      "An event, repeatable, applied in order: \"" + spreadlab::simulator::EventForms("\", \"") + "\"");
  simulate->add_option("--format", format, "Output format")->check(CLI::IsMember({"table", "json", "yaml"}));

  std::string fileB;
  bool allNodes = false;
  auto* compare = app.add_subcommand(
      "compare", "Where the same pod lands under two configurations (two profiles or two versions of a constraint)");
  compare->add_option("FILE_A", file, "First scenario")->required();
  compare->add_option("FILE_B", fileB, "Second scenario: the same nodes, another profile or constraint");
  compare->add_option("--pod", pod, "Pending pod (NAME or NAMESPACE/NAME); default: the first pending pod of FILE_A");
  compare->add_option("--format", format, "Output format")->check(CLI::IsMember({"table", "json", "yaml"}));
  compare->add_flag("--all", allNodes, "Show every node (the table shows the nodes that differ and the chosen ones)");

  const std::string versionHelp = "Answer as this kube-scheduler release does: 1." +
                                  std::to_string(spreadlab::kOldestMinor) + " to 1." +
                                  std::to_string(spreadlab::kNewestMinor) +
                                  " or master (default: the scenario's spreadlab.io/kube-version, else 1." +
                                  std::to_string(spreadlab::kNewestMinor) + "); docs/versions.md lists what changed";
  const char* gatesHelp =
      "Override the release's feature gates as kube-scheduler's flag does: Name=true,Other=false "
      "(after the configuration's featureGates)";
  for (CLI::App* verb : {explain, schedule, why, exportCmd, compare, simulate}) {
    verb->add_option("--kube-version", releaseArgs.kubeVersion, versionHelp);
    verb->add_option("--feature-gates", releaseArgs.featureGates, gatesHelp);
  }
  std::string versionB;
  compare->add_option("--kube-version-b", versionB,
                      "FILE_B's release (default: --kube-version); without FILE_B, FILE_A under this release");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : kExitBadInput;
  }
  try {
    if (*explain) return Explain(file, pod, format);
    if (*why) return Why(file, pod, node, format, all);
    if (*compare) return Compare(file, fileB, pod, format, allNodes, versionB);
    if (*exportCmd) return Export(file, format);
    if (*simulate) return Simulate(file, stepArgs, format);
    return Schedule(file, format);
  } catch (const std::exception& e) {
    fmt::print(stderr, "internal error: {}\n", e.what());
    return 1;
  }
}
