#include "simulator/events.h"

#include <cstdint>
#include <optional>

#include "core/cluster.h"
#include "core/descheduler/topology_spread.h"
#include "core/scenario_nodes.h"
#include "core/workload.h"

namespace spreadlab::simulator {

namespace {

constexpr const char* kUnschedulableTaint = "node.kubernetes.io/unschedulable";

bool SplitLabel(const std::string& text, std::string& key, std::string& value) {
  const size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0) return false;
  key = text.substr(0, eq);
  value = text.substr(eq + 1);
  return true;
}

// --- the arguments' shapes ---

bool Replicas(const std::vector<std::string>& args, std::string& why) {
  const std::string& r = args[1];
  if (!r.empty() && r.size() <= 9 && r.find_first_not_of("0123456789") == std::string::npos) return true;
  why = "replicas must be a whole number, got \"" + r + "\"";
  return false;
}

bool Label(const std::vector<std::string>& args, std::string& why) {
  std::string key, value;
  if (SplitLabel(args[0], key, value)) return true;
  why = "expected fail LABEL=VALUE";
  return false;
}

bool NodeThenLabels(const std::vector<std::string>& args, std::string& why) {
  std::string key, value;
  for (size_t i = 1; i < args.size(); ++i)
    if (!SplitLabel(args[i], key, value)) {
      why = "expected LABEL=VALUE, got \"" + args[i] + "\"";
      return false;
    }
  return true;
}

// --- the edits ---

// The node a node event names.
bool NodeNamed(const Scenario& s, const std::string& name, size_t& node, std::string& error) {
  const ptrdiff_t found = FindNode(s, name);
  if (found < 0) {
    error = "no node \"" + name + "\" in the scenario";
    return false;
  }
  node = static_cast<size_t>(found);
  return true;
}

// kubectl cordon / uncordon of the node named `name`: spec.unschedulable, and the taint the
// node lifecycle controller keeps in step with it (nodelifecycle doNoScheduleTaintingPass,
// TaintNodeUnschedulable), which a spread constraint with nodeTaintsPolicy: Honor sees.
bool SetCordoned(controlplane::ScenarioDoc& doc, const std::string& name, bool cordoned, std::string& error) {
  size_t node = 0;
  if (!NodeNamed(doc.scenario(), name, node, error)) return false;
  const v1::Node& n = doc.scenario().nodes[node];
  std::vector<v1::Taint> taints;
  for (const v1::Taint& t : n.taints)
    if (t.key != kUnschedulableTaint) taints.push_back(t);
  if (cordoned) taints.push_back(v1::Taint{kUnschedulableTaint, "", "NoSchedule"});
  const bool taintsChange = taints.size() != n.taints.size() || cordoned != n.unschedulable;
  return (n.unschedulable == cordoned || doc.SetNodeUnschedulable(node, cordoned, error)) &&
         (!taintsChange || doc.SetNodeTaints(node, std::move(taints), error));
}

bool Scale(Simulation& sim, const SimStep& step, StepReport& out, std::string& error) {
  if (!sim.doc().Scale(step.args[0], std::stoll(step.args[1]), error)) return false;
  sim.AfterEdit(out);
  return true;
}

bool Rollout(Simulation& sim, const SimStep& step, StepReport& out, std::string& error) {
  const std::optional<controlplane::ScenarioDoc::Workload> target = sim.doc().FindWorkload(step.args[0], error);
  if (!target || !sim.doc().RestartRollout(step.args[0], error)) return false;
  out.notes.push_back(target->kind + " " + step.args[0] + " has a new pod template (kubectl rollout restart)");
  sim.AfterEdit(out);
  return true;
}

bool Cordon(Simulation& sim, const SimStep& step, StepReport& out, std::string& error) {
  if (!SetCordoned(sim.doc(), step.args[0], true, error)) return false;
  out.notes.push_back("node " + step.args[0] +
                      " cordoned: spec.unschedulable, and the node lifecycle controller's taint " +
                      kUnschedulableTaint + ":NoSchedule");
  return true;
}

bool Uncordon(Simulation& sim, const SimStep& step, StepReport& out, std::string& error) {
  if (!SetCordoned(sim.doc(), step.args[0], false, error)) return false;
  out.notes.push_back("node " + step.args[0] + " uncordoned, its node.kubernetes.io/unschedulable taint removed");
  return true;
}

// kubectl drain --ignore-daemonsets --force: cordon, then evict every pod but DaemonSet pods.
bool Drain(Simulation& sim, const SimStep& step, StepReport& out, std::string& error) {
  if (!SetCordoned(sim.doc(), step.args[0], true, error)) return false;
  out.notes.push_back("node " + step.args[0] + " cordoned (with the " + kUnschedulableTaint +
                      " taint) and drained: its pods evicted, DaemonSet pods stay");
  const Scenario& now = sim.doc().scenario();
  const WorkloadIndex workloads(now);
  std::vector<size_t> pods;
  for (size_t p = 0; p < now.pods.size(); ++p)
    if (now.pods[p].spec.nodeName == step.args[0] && workloads.Of(now.pods[p]).rfind("DaemonSet/", 0) != 0)
      pods.push_back(p);
  return sim.Evict(pods, out, error);
}

// The nodes with the label disappear with their pods, kept aside until restore.
bool Fail(Simulation& sim, const SimStep& step, StepReport& out, std::string& error) {
  const Scenario& s = sim.doc().scenario();
  std::string key, value;
  SplitLabel(step.args[0], key, value);
  std::vector<size_t> nodes;
  std::string names;
  for (size_t i = 0; i < s.nodes.size(); ++i) {
    auto l = s.nodes[i].metadata.labels.find(key);
    if (l != s.nodes[i].metadata.labels.end() && l->second == value) {
      nodes.push_back(i);
      names += (names.empty() ? "" : ", ") + s.nodes[i].metadata.name;
    }
  }
  if (nodes.empty()) {
    error = "no node has the label " + step.args[0];
    return false;
  }
  const WorkloadIndex workloads(s);
  for (const v1::Pod& p : s.pods)
    for (size_t n : nodes)
      if (p.spec.nodeName == s.nodes[n].metadata.name)
        out.evicted.push_back({PodKey(p), p.spec.nodeName, workloads.Of(p)});
  out.notes.push_back(std::to_string(nodes.size()) + " node(s) failed (" + names + "), with their " +
                      std::to_string(out.evicted.size()) + " pod(s)");
  if (!sim.doc().FailNodes(nodes, error)) return false;
  sim.AfterEdit(out);
  return true;
}

bool Restore(Simulation& sim, const SimStep&, StepReport& out, std::string& error) {
  size_t restored = 0;
  if (!sim.doc().RestoreNodes(restored, error)) return false;
  out.notes.push_back(std::to_string(restored) + " failed node(s) are back, empty");
  sim.AfterEdit(out);
  return true;
}

// A machine of the same pool (CopyNode's labels, schedulable), then the labels asked for.
bool AddNode(Simulation& sim, const SimStep& step, StepReport& out, std::string& error) {
  const Scenario& s = sim.doc().scenario();
  size_t node = 0;
  if (!NodeNamed(s, step.args[0], node, error)) return false;
  std::string name;
  for (int k = 1; name.empty() || FindNode(s, name) >= 0; ++k) name = step.args[0] + "-new-" + std::to_string(k);
  v1::LabelMap labels = CopyNode(s.nodes[node], name).metadata.labels;
  for (size_t i = 1; i < step.args.size(); ++i) {
    std::string key, value;
    SplitLabel(step.args[i], key, value);
    labels[key] = value;
  }
  // A new machine is not cordoned: neither spec.unschedulable nor the lifecycle controller's taint.
  if (!sim.doc().AddNodeLike(node, name, labels, error) || !SetCordoned(sim.doc(), name, false, error)) return false;
  out.notes.push_back("node " + name + " added, like " + step.args[0]);
  sim.AfterEdit(out);
  return true;
}

// RemovePodsViolatingTopologySpreadConstraint with its defaults over the cluster as it is.
bool Deschedule(Simulation& sim, const SimStep&, StepReport& out, std::string& error) {
  Scenario s = sim.doc().scenario();
  if (sim.release()) s.release = *sim.release();
  Cluster cluster(std::move(s));
  const descheduler::BalanceResult r = descheduler::RemovePodsViolatingTopologySpreadConstraint(cluster);
  std::vector<size_t> pods;
  for (const descheduler::Eviction& e : r.evictions) {
    pods.push_back(e.pod);
    out.notes.push_back("descheduler evicts " + cluster.pod(e.pod).key + ": " + e.reason);
  }
  for (const descheduler::Eviction& e : r.kept)
    out.notes.push_back("descheduler leaves " + cluster.pod(e.pod).key + ": " + e.reason);
  if (pods.empty())
    out.notes.push_back("descheduler: every DoNotSchedule constraint is within its maxSkew; nothing to evict");
  return sim.Evict(pods, out, error);
}

// What the descheduler left above maxSkew, once the replacements were placed.
void DescheduleSettled(StepReport& out) {
  for (const SimSpread& sp : out.spread)
    if (sp.skew > sp.maxSkew)
      out.notes.push_back(
          "still above maxSkew after the descheduler: " + sp.ns + "/" + sp.workload + " per " + sp.topologyKey +
          " (skew " + std::to_string(sp.skew) + ", maxSkew " + std::to_string(sp.maxSkew) + ")" +
          (sp.whenUnsatisfiable == "DoNotSchedule" ? "" : ": ScheduleAnyway is not balanced by default"));
}

constexpr size_t kAny = SIZE_MAX;

constexpr EventKind kKinds[] = {
    {"scale", "NS/NAME N", "`kubectl scale`: the controller creates pods or deletes them in its own order", 2, 2,
     Replicas, Scale},
    {"rollout", "NS/NAME",
     "`kubectl rollout restart` of a Deployment: RollingUpdate `maxSurge`/`maxUnavailable` step by step (upstream's "
     "rolling.go arithmetic), or Recreate; of a StatefulSet: its pods deleted one by one from the highest ordinal "
     "(`partition`, `maxUnavailable`) and recreated by name, or nothing with OnDelete",
     1, 1, nullptr, Rollout},
    {"cordon", "NODE",
     "`spec.unschedulable` and the node lifecycle controller's `node.kubernetes.io/unschedulable` taint", 1, 1, nullptr,
     Cordon},
    {"uncordon", "NODE", "the node schedulable again, its taint removed", 1, 1, nullptr, Uncordon},
    {"drain", "NODE",
     "cordon, evict its pods (DaemonSet pods stay; bare pods are gone for good) and their controllers recreate them", 1,
     1, nullptr, Drain},
    {"fail", "LABEL=VALUE", "the nodes with that label disappear with their pods (a zone outage)", 1, 1, Label, Fail},
    {"restore", "", "the failed nodes come back, empty", 0, 0, nullptr, Restore},
    {"add-node", "NODE [LABEL=VALUE...]", "a node like NODE, as a cluster autoscaler adds one", 1, kAny, NodeThenLabels,
     AddNode},
    {"deschedule", "",
     "the descheduler's `RemovePodsViolatingTopologySpreadConstraint` with its defaults (DoNotSchedule constraints, "
     "`topologyBalanceNodeFit`), then the replacements placed; what it leaves unfixed is said",
     0, 0, nullptr, Deschedule, DescheduleSettled},
};

// The row named `name`; evaluated at compile time (constinit), a name not in the table does not compile.
consteval const EventKind& Row(std::string_view name) {
  for (const EventKind& k : kKinds)
    if (name == k.name) return k;
  throw "no such event in the table";
}

}  // namespace

constinit const EventKind& kScaleEvent = Row("scale");
constinit const EventKind& kRolloutEvent = Row("rollout");
constinit const EventKind& kDrainEvent = Row("drain");
constinit const EventKind& kFailEvent = Row("fail");
constinit const EventKind& kRestoreEvent = Row("restore");

std::span<const EventKind> EventKinds() { return kKinds; }

const EventKind* FindEventKind(std::string_view name) {
  for (const EventKind& k : kKinds)
    if (name == k.name) return &k;
  return nullptr;
}

SimStep MakeStep(const EventKind& kind, std::vector<std::string> args) {
  std::string text = kind.name;
  for (const std::string& a : args) text += " " + a;
  return SimStep{std::move(text), kind.name, std::move(args), &kind};
}

std::string EventForms(const char* separator) {
  std::string out;
  for (const EventKind& k : kKinds) out += (out.empty() ? "" : separator) + k.Form();
  return out;
}

bool EventKind::CheckArgs(const std::vector<std::string>& given, std::string& why) const {
  if (given.size() < minArgs || given.size() > maxArgs) {
    why = maxArgs == 0 ? std::string(name) + " takes no arguments" : "expected " + Form();
    return false;
  }
  return !checkArgs || checkArgs(given, why);
}

}  // namespace spreadlab::simulator
