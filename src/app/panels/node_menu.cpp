// A node on the cluster picture: hovered, its verdict and the arithmetic behind it in a
// tooltip; clicked, selected for the Decision panel (or a lesson's answer); right-clicked,
// its menu of cluster edits (labels, cordon, taints, copies, removal).
#include <cstdio>

#include "app/app.h"
#include "app/model/new_names.h"
#include "app/panels/cluster_parts.h"
#include "simulator/events.h"

namespace spreadlab::app {

bool LabelsField(const char* label, const char* what, const v1::LabelMap& current, Lab& lab, v1::LabelMap& out) {
  static char buf[1024];  // one popup is open at a time
  if (ImGui::IsWindowAppearing()) std::snprintf(buf, sizeof buf, "%s", FormatLabels(current).c_str());
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 22);
  if (!ImGui::InputText(label, buf, sizeof buf, ImGuiInputTextFlags_EnterReturnsTrue)) return false;
  std::string error;
  if (ParseLabels(buf, out, error)) return true;
  lab.SetStatus(std::string(what) + ": " + error, true);
  return false;
}

void AddNodeCopy(Lab& lab, const char* what, NodeIndex like, const std::string& name, v1::LabelMap labels) {
  for (const char* k : {kLabelHostname, "node"})
    if (labels.count(k)) labels[k] = name;
  Later([=, &lab] {
    lab.Apply(what, [like, name, labels](controlplane::ScenarioDoc& d, std::string& e) {
      return d.AddNodeLike(like, name, labels, e);
    });
  });
}

namespace {

// The hovered node's verdict (no spoilers: once the playback has shown it), each spread
// check's arithmetic and each failing filter's reasons, and the total from Weighted sum.
void NodeTooltip(const CardContext& cx, NodeIndex ni) {
  const CycleTrace& trace = cx.trace;
  const NodeTrace& nt = trace.nodes[ni];
  const bool verdict = cx.ui.showAnswer || CycleView::VerdictShown(trace, ni, cx.pb);
  ImGui::BeginTooltip();
  ImGui::Text("%s: %s", cx.cluster.node(ni).name.c_str(),
              !verdict        ? "its filters have not run yet"
              : !nt.evaluated ? "not evaluated"
              : nt.feasible   ? "feasible"
                              : "rejected");
  for (uint32_t f = 0; verdict && f < nt.filterCount; ++f) {
    const FilterVerdict& v = trace.filters[nt.filterBegin + f];
    for (uint32_t c = 0; c < v.checksCount; ++c) {
      const SpreadCheck& k = trace.spreadChecks[v.checksBegin + c];
      const auto& s = trace.spreadFilter[k.constraint];
      ImGui::TextColored(colors::V(k.pass ? colors::kFeasible : colors::kRejected),
                         "%s=%s: %d + %d - %d = %d %s maxSkew %d", s.topologyKey.c_str(),
                         k.domain == kNoSym ? "(none)" : cx.cluster.pool().Str(k.domain).c_str(), k.matchNum,
                         k.selfMatch, k.minMatchNum, k.skew, k.pass ? "<=" : ">", k.maxSkew);
    }
    if (v.code != Code::Success && v.code != Code::Skip)
      ImGui::TextColored(colors::V(colors::kRejected), "%s: %s", trace.filterPlugins[v.plugin].c_str(),
                         trace.JoinedReasons(v).c_str());
  }
  NodeVolumeTooltip(cx, ni);
  if (nt.scoreCount && (cx.ui.showAnswer || cx.pb.Reached(Phase::WeightedSum)))
    ImGui::Text("score total %lld", static_cast<long long>(nt.total));
  if (nt.scoreCount) ImGui::TextDisabled("hover a score bar for its formula");
  ImGui::TextDisabled("click to select, right-click to edit");
  ImGui::EndTooltip();
}

// The menu's edits of the node itself: labels, cordon, taints.
void NodeEditItems(Lab& lab, NodeIndex ni, const v1::Node& n) {
  if (v1::LabelMap labels; LabelsField("labels##node", "node labels", n.metadata.labels, lab, labels)) {
    Later([=, &lab] {
      lab.Apply("node labels",
                [ni, labels](controlplane::ScenarioDoc& d, std::string& e) { return d.SetNodeLabels(ni, labels, e); });
    });
    ImGui::CloseCurrentPopup();
  }
  MarkItem("nodeLabels");
  if (ImGui::MenuItem(n.unschedulable ? "Uncordon" : "Cordon (spec.unschedulable)"))
    Later([=, &lab] {
      lab.Apply(n.unschedulable ? "uncordon" : "cordon",
                [ni, u = !n.unschedulable](controlplane::ScenarioDoc& d, std::string& e) {
                  return d.SetNodeUnschedulable(ni, u, e);
                });
    });
  if (ImGui::MenuItem("Drain (evict its pods; their controllers recreate them)"))
    Later([&lab, step = simulator::MakeStep(simulator::kDrainEvent, {n.metadata.name})] { lab.Simulate(step); });
  MarkItem("nodeDrain");
  if (ImGui::MenuItem("Taint NoSchedule (dedicated=lab)")) {
    auto taints = n.taints;
    taints.push_back(v1::Taint{"dedicated", "lab", "NoSchedule"});
    Later([=, &lab] {
      lab.Apply("taint",
                [ni, taints](controlplane::ScenarioDoc& d, std::string& e) { return d.SetNodeTaints(ni, taints, e); });
    });
  }
  if (!n.taints.empty() && ImGui::MenuItem("Remove taints"))
    Later([=, &lab] {
      lab.Apply("remove taints",
                [ni](controlplane::ScenarioDoc& d, std::string& e) { return d.SetNodeTaints(ni, {}, e); });
    });
}

// The menu's additions: a copy of the node, a new domain with one, a bound copy of the
// pending pod on the node.
void NodeCopyItems(const CardContext& cx, const Grouping& grouping, NodeIndex ni, const v1::Node& n) {
  Lab& lab = cx.lab;
  const Cluster& cluster = cx.cluster;
  const std::string& key = cx.key;
  if (ImGui::MenuItem("Duplicate node")) {
    const std::string name =
        NodeCopyName(n.metadata.name, [&](const std::string& s) { return cluster.FindNode(s) != kNone; });
    AddNodeCopy(lab, "add node", ni, name, n.metadata.labels);
  }
  if (!key.empty() && ImGui::MenuItem("New domain with a copy of this node")) {
    const std::string value = NewDomainValue(key, grouping.domains.size(),
                                             [&](const std::string& v) { return grouping.byValue.count(v) > 0; });
    std::string name = "node-" + value;
    auto labels = n.metadata.labels;
    labels[key] = value;
    AddNodeCopy(lab, "add domain", ni, name, std::move(labels));
  }
  if (lab.pod() != kNone && ImGui::MenuItem("Add a bound copy of the pending pod here")) {
    const PodInfo& pending = cluster.pod(lab.pod());
    const std::string name =
        PodCopyName(pending.name, [&](const std::string& s) { return cluster.FindPod(pending.ns + "/" + s) != kNone; });
    size_t like = lab.podItem();
    Later([=, &lab] {
      lab.Apply("add pod", [like, name, nn = n.metadata.name](controlplane::ScenarioDoc& d, std::string& e) {
        return d.AddPodLike(like, name, nn, e);
      });
    });
  }
}

// The menu's removals: one of the node's pods, the node.
void NodeRemoveItems(const CardContext& cx, NodeIndex ni) {
  Lab& lab = cx.lab;
  const Cluster& cluster = cx.cluster;
  if (!cluster.node(ni).pods.empty() && ImGui::BeginMenu("Remove a pod")) {
    for (PodIndex p : cluster.node(ni).pods)
      if (ImGui::MenuItem(cluster.pod(p).key.c_str()))
        Later([=, &lab] {
          lab.Apply("remove pod", [p](controlplane::ScenarioDoc& d, std::string& e) { return d.RemovePod(p, e); });
        });
    ImGui::EndMenu();
  }
  if (ImGui::MenuItem("Remove node (and its pods)")) {
    Later([=, &lab] {
      lab.Apply("remove node", [ni](controlplane::ScenarioDoc& d, std::string& e) { return d.RemoveNode(ni, e); });
    });
    cx.ui.selectedNode = kNone;
  }
}

}  // namespace

void NodeHover(const CardContext& cx) {
  Lab& lab = cx.lab;
  UiState& ui = cx.ui;
  const PodIndex hoveredPod = cx.hoveredPod;
  if (ui.hoveredNode == kNone) {
    if (cx.canvasHovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !ImGui::IsAnyItemHovered())
      ui.selectedNode = kNone;
    return;
  }
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    ui.selectedNode = ui.selectedNode == ui.hoveredNode ? kNone : ui.hoveredNode;
    // A lesson asking "which node gets the pod?": the click is the answer.
    if (TheLessons().awaitingPrediction() && TheLessons().step().predict == "node")
      Later([&lab, name = cx.cluster.node(ui.hoveredNode).name] {
        std::string error;
        if (!TheLessons().Predict(lab, name, error)) lab.SetStatus(error, true);
      });
  }
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Right) && hoveredPod == kNone) {
    ui.selectedNode = ui.hoveredNode;
    ImGui::OpenPopup("##node-menu");
  }
  const NodeIndex ni = ui.hoveredNode;
  if (ni < static_cast<int>(cx.trace.nodes.size()) && hoveredPod == kNone && ui.dragPod == kNone && !cx.barTooltip &&
      !ImGui::IsPopupOpen("##node-menu") && !ImGui::IsPopupOpen("##pod-menu"))
    NodeTooltip(cx, ni);
}

void NodeMenu(const CardContext& cx, const Grouping& grouping) {
  if (!ImGui::BeginPopup("##node-menu")) return;
  const NodeIndex ni = cx.ui.selectedNode;
  if (ni != kNone && ni < static_cast<int>(cx.sc.nodes.size())) {
    const v1::Node& n = cx.sc.nodes[ni];
    ImGui::TextDisabled("%s", n.metadata.name.c_str());
    NodeEditItems(cx.lab, ni, n);
    NodeCopyItems(cx, grouping, ni, n);
    NodeRemoveItems(cx, ni);
  }
  ImGui::EndPopup();
}

}  // namespace spreadlab::app
