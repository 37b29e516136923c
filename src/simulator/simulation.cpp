#include "simulator/simulation.h"

#include <map>
#include <memory>

#include "core/cluster.h"
#include "core/descheduler/topology_spread.h"
#include "core/plugins/registry.h"
#include "core/scheduler/schedule.h"
#include "core/scheduler/spread_report.h"
#include "core/why/edit.h"
#include "core/workload.h"

namespace spreadlab::simulator {

namespace {

constexpr const char* kForms =
    "scale NS/NAME N | rollout NS/NAME | cordon NODE | uncordon NODE | drain NODE | fail LABEL=VALUE | restore | "
    "add-node NODE [LABEL=VALUE...] | deschedule";

// A scheduler / controller round that changes nothing ends a step; a step that goes on
// changing ends anyway after this many rounds plus 4 per pod (a rollout with maxSurge 1
// takes about 2 rounds per replica), so that no input runs for ever.
constexpr int kMaxRoundsBase = 1000;

constexpr const char* kUnschedulableTaint = "node.kubernetes.io/unschedulable";

std::string PodKey(const v1::Pod& p) { return p.metadata.ns + "/" + p.metadata.name; }

// The words of `text` between any of `separators` (no stream: iostreams would weigh on the wasm).
std::vector<std::string> Split(const std::string& text, const char* separators) {
  std::vector<std::string> words;
  for (size_t start = text.find_first_not_of(separators); start != std::string::npos;) {
    const size_t end = text.find_first_of(separators, start);
    words.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    start = end == std::string::npos ? end : text.find_first_not_of(separators, end);
  }
  return words;
}

bool SplitLabel(const std::string& text, std::string& key, std::string& value) {
  const size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0) return false;
  key = text.substr(0, eq);
  value = text.substr(eq + 1);
  return true;
}

// Each workload's newest pod, whose constraints count the workload's spread. The pods of
// a round do not change while the scheduler binds them: found once per round.
struct WorkloadPod {
  std::string ns, workload;
  PodIndex pod = kNone;
};
std::vector<WorkloadPod> NewestPods(const Cluster& cluster, const WorkloadIndex& workloads) {
  std::map<std::pair<std::string, std::string>, PodIndex> newest;
  const Scenario& s = cluster.scenario();
  for (size_t p = 0; p < s.pods.size(); ++p) {
    const std::string w = workloads.Of(s.pods[p]);
    if (!w.empty() && !cluster.pod(static_cast<PodIndex>(p)).finished)
      newest[{s.pods[p].metadata.ns, w}] = static_cast<PodIndex>(p);
  }
  std::vector<WorkloadPod> out;
  for (const auto& [key, pod] : newest) out.push_back({key.first, key.second, pod});
  return out;
}

// Every workload's spread now, one report per constraint of its newest pod.
std::vector<SpreadReport> SpreadOf(Framework& framework, Cluster& cluster, const std::vector<WorkloadPod>& newest) {
  std::vector<SpreadReport> out;
  for (const WorkloadPod& w : newest)
    for (SpreadReport& r : ReportSpread(framework, cluster, {w.pod})) out.push_back(std::move(r));
  return out;
}

}  // namespace

bool ParseSimStep(const std::string& text, SimStep& out, std::string& error) {
  const std::vector<std::string> words = Split(text, " \t\r\n");
  auto fail = [&](const std::string& why) {
    error = "step \"" + text + "\": " + why + " (steps: " + kForms + ")";
    return false;
  };
  if (words.empty()) return fail("empty");
  out = SimStep{text, words[0], std::vector<std::string>(words.begin() + 1, words.end())};
  const std::string& a = out.action;
  const size_t n = out.args.size();
  std::string key, value;
  if (a == "scale") {
    if (n != 2) return fail("expected scale NS/NAME N");
    const std::string& r = out.args[1];
    if (r.empty() || r.size() > 9 || r.find_first_not_of("0123456789") != std::string::npos)
      return fail("replicas must be a whole number, got \"" + r + "\"");
  } else if (a == "rollout" || a == "cordon" || a == "uncordon" || a == "drain") {
    if (n != 1) return fail("expected " + a + (a == "rollout" ? " NS/NAME" : " NODE"));
  } else if (a == "fail") {
    if (n != 1 || !SplitLabel(out.args[0], key, value)) return fail("expected fail LABEL=VALUE");
  } else if (a == "restore" || a == "deschedule") {
    if (n != 0) return fail(a + " takes no arguments");
  } else if (a == "add-node") {
    if (n < 1) return fail("expected add-node NODE [LABEL=VALUE...]");
    for (size_t i = 1; i < n; ++i)
      if (!SplitLabel(out.args[i], key, value)) return fail("expected LABEL=VALUE, got \"" + out.args[i] + "\"");
  } else {
    return fail("unknown action \"" + a + "\"");
  }
  return true;
}

std::vector<std::string> ScenarioSteps(const controlplane::ScenarioDoc& doc) {
  std::vector<std::string> steps;
  const std::string text = doc.Annotation(kSimulateAnnotation);
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    if (line.find_first_not_of(" \t\r") != std::string::npos) steps.push_back(line);
    start = end + 1;
  }
  return steps;
}

Simulation::Simulation(controlplane::ScenarioDoc& doc, const Release* release) : doc_(doc), release_(release) {}

bool Simulation::Start(StepReport& out, std::string& error) {
  out = StepReport{};
  out.action = "start";
  notesBeaten_ = 0;
  AfterEdit(out);  // what the controllers did when the scenario was loaded
  Beat(out, "event");
  return Settle(out, error);
}

bool Simulation::Step(const SimStep& step, StepReport& out, std::string& error) {
  out = StepReport{};
  out.action = step.text;
  notesBeaten_ = 0;
  if (!Apply(step, out, error)) {
    error = step.text + ": " + error;
    return false;
  }
  Beat(out, "event");
  if (!Settle(out, error)) return false;
  if (step.action == "deschedule")
    for (const SimSpread& sp : out.spread)
      if (sp.skew > sp.maxSkew)
        out.notes.push_back(
            "still above maxSkew after the descheduler: " + sp.ns + "/" + sp.workload + " per " + sp.topologyKey +
            " (skew " + std::to_string(sp.skew) + ", maxSkew " + std::to_string(sp.maxSkew) + ")" +
            (sp.whenUnsatisfiable == "DoNotSchedule" ? "" : ": ScheduleAnyway is not balanced by default"));
  return true;
}

void Simulation::AfterEdit(StepReport& out) {
  out.notes.insert(out.notes.end(), doc_.controllerNotes().begin(), doc_.controllerNotes().end());
  if (!doc_.createdPods().empty()) {
    const Scenario& s = doc_.scenario();
    const WorkloadIndex workloads(s);
    std::map<std::string, const v1::Pod*> byKey;
    for (const v1::Pod& p : s.pods) byKey.emplace(PodKey(p), &p);
    for (const std::string& key : doc_.createdPods()) {
      auto it = byKey.find(key);
      out.created.push_back({key, "", it == byKey.end() ? "" : workloads.Of(*it->second)});
    }
  }
  for (const io::DeletedPod& d : doc_.deletedPods())
    out.deleted.push_back({{d.ns + "/" + d.name, d.nodeName, d.workload}, d.reason});
}

bool Simulation::Evict(const std::vector<size_t>& pods, StepReport& out, std::string& error) {
  if (pods.empty()) return true;
  const Scenario& s = doc_.scenario();
  const WorkloadIndex workloads(s);
  for (size_t p : pods) {
    out.evicted.push_back({PodKey(s.pods[p]), s.pods[p].spec.nodeName, workloads.Of(s.pods[p])});
    if (out.evicted.back().workload.empty())
      out.notes.push_back("pod " + out.evicted.back().pod + " has no controller: it is gone for good");
  }
  if (!doc_.RemovePods(pods, error)) return false;
  AfterEdit(out);
  return true;
}

bool Simulation::Apply(const SimStep& step, StepReport& out, std::string& error) {
  const std::string& a = step.action;
  const Scenario& s = doc_.scenario();
  if (a == "scale") {
    if (!doc_.Scale(step.args[0], std::stoll(step.args[1]), error)) return false;
    AfterEdit(out);
    return true;
  }
  if (a == "rollout") {
    if (!doc_.RestartRollout(step.args[0], error)) return false;
    out.notes.push_back("Deployment " + step.args[0] + " has a new pod template (kubectl rollout restart)");
    AfterEdit(out);
    return true;
  }
  if (a == "restore") {
    size_t restored = 0;
    if (!doc_.RestoreNodes(restored, error)) return false;
    out.notes.push_back(std::to_string(restored) + " failed node(s) are back, empty");
    AfterEdit(out);
    return true;
  }
  if (a == "fail") {
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
    if (!doc_.FailNodes(nodes, error)) return false;
    AfterEdit(out);
    return true;
  }
  if (a == "deschedule") return Deschedule(out, error);
  // The node actions.
  const ptrdiff_t found = why::FindNode(s, step.args[0]);
  if (found < 0) {
    error = "no node \"" + step.args[0] + "\" in the scenario";
    return false;
  }
  const size_t node = static_cast<size_t>(found);
  if (a == "cordon" || a == "uncordon") {
    if (!Cordon(node, a == "cordon", error)) return false;
    out.notes.push_back("node " + step.args[0] +
                        (a == "cordon" ? " cordoned: spec.unschedulable, and the node lifecycle controller's taint " +
                                             std::string(kUnschedulableTaint) + ":NoSchedule"
                                       : " uncordoned, its node.kubernetes.io/unschedulable taint removed"));
    return true;
  }
  if (a == "drain") {
    if (!Cordon(node, true, error)) return false;
    out.notes.push_back("node " + step.args[0] + " cordoned (with the " + kUnschedulableTaint +
                        " taint) and drained: its pods evicted, DaemonSet pods stay");
    const Scenario& now = doc_.scenario();
    const WorkloadIndex workloads(now);
    std::vector<size_t> pods;
    for (size_t p = 0; p < now.pods.size(); ++p)
      if (now.pods[p].spec.nodeName == step.args[0] && workloads.Of(now.pods[p]).rfind("DaemonSet/", 0) != 0)
        pods.push_back(p);
    return Evict(pods, out, error);
  }
  // add-node: a machine of the same pool (CopyNode's labels, schedulable), then the labels asked for.
  std::string name;
  for (int k = 1; name.empty() || why::FindNode(s, name) >= 0; ++k) name = step.args[0] + "-new-" + std::to_string(k);
  v1::LabelMap labels = why::CopyNode(s.nodes[node], name).metadata.labels;
  for (size_t i = 1; i < step.args.size(); ++i) {
    std::string key, value;
    SplitLabel(step.args[i], key, value);
    labels[key] = value;
  }
  const bool cordoned = s.nodes[node].unschedulable;
  if (!doc_.AddNodeLike(node, name, labels, error)) return false;
  if (cordoned && !doc_.SetNodeUnschedulable(doc_.scenario().nodes.size() - 1, false, error)) return false;
  out.notes.push_back("node " + name + " added, like " + step.args[0]);
  AfterEdit(out);
  return true;
}

// kubectl cordon / uncordon: spec.unschedulable, and the taint the node lifecycle controller
// keeps in step with it (nodelifecycle doNoScheduleTaintingPass, TaintNodeUnschedulable),
// which a spread constraint with nodeTaintsPolicy: Honor sees.
bool Simulation::Cordon(size_t node, bool cordoned, std::string& error) {
  const v1::Node& n = doc_.scenario().nodes.at(node);
  std::vector<v1::Taint> taints;
  for (const v1::Taint& t : n.taints)
    if (t.key != kUnschedulableTaint) taints.push_back(t);
  if (cordoned) taints.push_back(v1::Taint{kUnschedulableTaint, "", "NoSchedule"});
  const bool taintsChange = taints.size() != n.taints.size() || cordoned != n.unschedulable;
  return (n.unschedulable == cordoned || doc_.SetNodeUnschedulable(node, cordoned, error)) &&
         (!taintsChange || doc_.SetNodeTaints(node, std::move(taints), error));
}

// RemovePodsViolatingTopologySpreadConstraint with its defaults over the cluster as it is.
bool Simulation::Deschedule(StepReport& out, std::string& error) {
  Scenario s = doc_.scenario();
  if (release_) s.release = *release_;
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
  return Evict(pods, out, error);
}

void Simulation::Beat(StepReport& out, const char* actor) {
  if (!recordBeats_) return;
  SimBeat beat;
  beat.actor = actor;
  beat.lines.assign(out.notes.begin() + static_cast<std::ptrdiff_t>(notesBeaten_), out.notes.end());
  notesBeaten_ = out.notes.size();
  beat.state = doc_.Save();
  out.beats.push_back(std::move(beat));  // its spread is counted by the next round's cluster
}

bool Simulation::Settle(StepReport& out, std::string& error) {
  std::vector<Placement> last;
  std::unique_ptr<Cluster> cluster;
  std::unique_ptr<Framework> framework;
  for (out.rounds = 1;; ++out.rounds) {
    Scenario s = doc_.scenario();
    if (release_) s.release = *release_;
    const config::Profile profile = s.profile.value_or(config::Profile{});
    cluster = std::make_unique<Cluster>(std::move(s));
    framework = plugins::NewFramework(*cluster, profile, error);
    if (!framework) return false;
    const WorkloadIndex workloads(cluster->scenario());
    PlacementObserver beat;
    std::vector<WorkloadPod> newest;
    if (recordBeats_) {
      newest = NewestPods(*cluster, workloads);
      if (!out.beats.empty() && out.beats.back().state && out.beats.back().spread.empty())
        out.beats.back().spread = SpreadOf(*framework, *cluster, newest);
      beat = [&](const Placement& p) {
        if (p.node == kNone) return;  // told once the cluster has settled
        const v1::Pod& pod = cluster->podSpec(p.pod);
        out.beats.push_back({"scheduler",
                             {},
                             {PodKey(pod), cluster->node(p.node).name, workloads.Of(pod)},
                             p.message,
                             SpreadOf(*framework, *cluster, newest),
                             nullptr});
      };
    }
    last = ScheduleAll(*cluster, *framework, beat);
    std::vector<std::pair<size_t, std::string>> binds;
    for (const Placement& p : last)
      if (p.node != kNone) {
        binds.emplace_back(p.pod, cluster->node(p.node).name);
        const v1::Pod& pod = cluster->podSpec(p.pod);
        out.placements.push_back({PodKey(pod), binds.back().second, workloads.Of(pod)});
      }
    if (!binds.empty() && !doc_.SetPodNodeNames(binds, error)) return false;
    bool changed = false;
    if (!doc_.Resync(changed, error)) return false;
    if (changed) {
      AfterEdit(out);
      Beat(out, "controllers");
    }
    if (!changed && binds.empty()) break;
    if (out.rounds >= kMaxRoundsBase + 4 * static_cast<int>(doc_.scenario().pods.size())) {
      out.settled = false;
      out.notes.push_back("stopped after " + std::to_string(out.rounds) +
                          " rounds of the controllers and the scheduler: something keeps changing");
      break;
    }
  }
  // The last round changed nothing: its cluster is the document's, its failures the pending pods.
  const WorkloadIndex workloads(cluster->scenario());
  std::vector<SpreadReport> spread;  // out.spread as the beats carry it
  for (const WorkloadPod& w : NewestPods(*cluster, workloads))
    for (SpreadReport& r : ReportSpread(*framework, *cluster, {w.pod})) {
      SimSpread sp{w.ns, w.workload, r.topologyKey, r.selector, r.whenUnsatisfiable, r.maxSkew, {}, r.skew};
      for (const DomainCount& d : r.domains) sp.domains.push_back({d.value, d.matchNum});
      out.spread.push_back(std::move(sp));
      if (recordBeats_) spread.push_back(std::move(r));
    }
  for (const Placement& p : last) {
    const v1::Pod& pod = cluster->podSpec(p.pod);
    if (p.node != kNone) continue;
    out.pending.push_back({{PodKey(pod), "", workloads.Of(pod)}, p.message});
    if (recordBeats_) out.beats.push_back({"scheduler", {}, out.pending.back().pod, p.message, spread, nullptr});
  }
  return true;
}

}  // namespace spreadlab::simulator
