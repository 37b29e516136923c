// The cluster as a picture: topology domains as labelled regions (with their
// matching-pod counts and the global minimum), nodes as cards (labels, taints,
// cordon, pod chips, the filter verdict and the score), the pending pod above.
// Large clusters switch to compact cards; only visible cards are drawn.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <unordered_map>

#include "app/app.h"
#include "app/panels/node_card.h"
#include "app/panels/panels.h"

namespace spreadlab::app {

namespace {

struct Domain {
  std::string value;  // "" for nodes without the key
  std::vector<NodeIndex> nodes;
};

// Where a domain is drawn this frame, and its count for the constraint shown.
struct Region {
  int matchNum = -1;  // -1: not an eligible domain of the constraint shown
  ImVec2 pos, size;
};

// The spread constraint summary whose key is the grouping key, if any.
const SpreadConstraintSummary* SummaryFor(const CycleTrace& t, const std::string& key, int* index) {
  for (size_t i = 0; i < t.spreadFilter.size(); ++i)
    if (t.spreadFilter[i].topologyKey == key) return *index = static_cast<int>(i), &t.spreadFilter[i];
  for (size_t i = 0; i < t.spreadScore.size(); ++i)
    if (t.spreadScore[i].topologyKey == key)
      return *index = static_cast<int>(t.spreadFilter.size() + i), &t.spreadScore[i];
  return nullptr;
}

// The nodes grouped by the value of `key`, in node order of first appearance, nodes
// without the key last. It changes only with the scenario (the lab's revision) or the
// key, so it is kept across frames: at 5,000 nodes, regrouping every frame costs
// 5,000 label lookups.
struct Grouping {
  uint64_t revision = ~uint64_t{0};
  std::string key;
  std::vector<Domain> domains;
  std::unordered_map<std::string, size_t> byValue;
};

const Grouping& GroupNodes(const Lab& lab, const std::string& key) {
  static Grouping g;
  if (g.revision == lab.revision() && g.key == key) return g;
  g = Grouping{lab.revision(), key, {}, {}};
  const auto& nodes = lab.doc().scenario().nodes;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const std::string* v = key.empty() ? nullptr : Label(nodes[i].metadata.labels, key);
    auto [it, fresh] = g.byValue.emplace(v ? *v : "", g.domains.size());
    if (fresh) g.domains.push_back(Domain{it->first, {}});
    g.domains[it->second].nodes.push_back(static_cast<NodeIndex>(i));
  }
  std::stable_partition(g.domains.begin(), g.domains.end(), [](const Domain& d) { return !d.value.empty(); });
  return g;
}

// A popup's field for an object's labels as "key=value,key=value", filled when the
// popup appears; true with the labels on Enter (a malformed entry goes to the status).
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

// Queues the edit that adds a copy of node `like` named `name` with `labels`, whose
// hostname labels (kubernetes.io/hostname, node) follow the new name.
void AddNodeCopy(Lab& lab, const char* what, NodeIndex like, const std::string& name, v1::LabelMap labels) {
  for (const char* k : {kLabelHostname, "node"})
    if (labels.count(k)) labels[k] = name;
  Later([=, &lab] { lab.Apply(what, [like, name, labels](io::ScenarioDoc& d, std::string& e) { return d.AddNodeLike(like, name, labels, e); }); });
}

void PodTooltip(const v1::Pod& p) {
  ImGui::BeginTooltip();
  ImGui::Text("%s/%s", p.metadata.ns.c_str(), p.metadata.name.c_str());
  ImGui::TextDisabled("labels: %s", p.metadata.labels.empty() ? "(none)" : FormatLabels(p.metadata.labels).c_str());
  ImGui::EndTooltip();
}

}  // namespace

void DrawCluster(Lab& lab, UiState& ui) {
  const Cluster& cluster = lab.cluster();
  const Scenario& sc = lab.doc().scenario();
  const CycleTrace& trace = lab.trace();
  const Playback& pb = lab.playback;
  const std::string key = GroupKey(lab, ui);
  int summaryIndex = -1;
  const SpreadConstraintSummary* summary = SummaryFor(trace, key, &summaryIndex);
  const int highlight = summary ? summaryIndex : ui.selectedConstraint;
  const std::vector<uint8_t>& matching = lab.MatchingPods(highlight);
  // A conflict suggestion hovered in the Decision panel: the nodes it would make
  // feasible glow, the one the pod would land on is marked.
  std::vector<uint8_t> previewFeasible;
  NodeIndex previewLands = kNone;
  if (const why::Report* why = ui.previewSuggestion >= 0 ? lab.Why() : nullptr;
      why && static_cast<size_t>(ui.previewSuggestion) < why->suggestions.size()) {
    const why::Suggestion& s = why->suggestions[ui.previewSuggestion];
    previewFeasible.assign(cluster.nodes().size(), 0);
    for (const auto& name : s.newlyFeasible)
      if (NodeIndex n = cluster.FindNode(name); n != kNone) previewFeasible[n] = 1;
    previewLands = cluster.FindNode(s.lands);
  }

  const Grouping& grouping = GroupNodes(lab, key);
  const std::vector<Domain>& domains = grouping.domains;
  std::vector<Region> regions(domains.size());
  if (summary)
    for (size_t i = 0; i < domains.size(); ++i)
      for (const auto& [value, count] : summary->domains)
        if (value == domains[i].value) regions[i].matchNum = count;

  ImGui::BeginChild("##canvas", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  const float font = ImGui::GetFontSize();
  const bool compact = sc.nodes.size() > 120;
  const float cardW = compact ? 28 : 196, cardH = compact ? 28 : 88 + font * kCardCycleLines, gap = compact ? 4 : 10, pad = 10;
  const float headerH = font * 2.6f;

  // --- the pending pod(s), above the cluster ---
  float y = origin.y;
  const std::vector<PodIndex>& pending = lab.PendingPods();
  {
    ImGui::SetCursorScreenPos(ImVec2(origin.x, y));
    if (pending.empty()) {
      ImGui::TextDisabled("No pending pod: every pod is bound. Add one from the Pending pod panel or load another scenario.");
    } else {
      ImGui::TextUnformatted(pending.size() == 1 ? "Pending pod:" : "Pending pods (click one to explain it):");
      for (size_t i = 0; i < pending.size() && i < 24; ++i) {
        const PodInfo& p = cluster.pod(pending[i]);
        ImGui::SameLine();
        bool current = pending[i] == lab.pod();
        float moved = current && trace.selected != kNone ? pb.Progress(Phase::Select) : 0.0f;
        ImGui::PushStyleColor(ImGuiCol_Button, current ? colors::V(colors::kAccent) : colors::V(colors::P().button));
        ImGui::PushStyleColor(ImGuiCol_Text, colors::V(current ? colors::P().textOnAccent : colors::P().textStrong));
        ImGui::PushStyleVar(ImGuiStyleVar_Alpha, current && pb.playing ? 1.0f - 0.6f * moved : 1.0f);
        if (ImGui::Button((p.name + "##pending").c_str())) Later([&lab, pod = pending[i]] { lab.SelectPod(pod); });
        ImGui::PopStyleVar();
        ImGui::PopStyleColor(2);
        MarkItem("pending:" + p.name);
        if (ImGui::IsItemHovered()) PodTooltip(sc.pods[pending[i]]);
      }
      if (pending.size() > 24) {
        ImGui::SameLine();
        ImGui::TextDisabled("+%d more", static_cast<int>(pending.size() - 24));
      }
    }
    DrawCycleLegend(lab);
    y = ImGui::GetCursorScreenPos().y + 4;
  }

  // --- layout: regions in rows, each region a grid of cards ---
  const float minRegionW = cardW * (compact ? 8 : 1) + gap * (compact ? 7 : 0) + 2 * pad;
  int perRow = std::max(1, std::min(static_cast<int>(domains.size()), static_cast<int>(width / (minRegionW + gap))));
  const float regionW = (width - gap * (perRow - 1)) / perRow;
  const int cols = std::max(1, static_cast<int>((regionW - 2 * pad + gap) / (cardW + gap)));
  float rowY = y;
  for (size_t i = 0; i < domains.size(); i += perRow) {
    float rowH = 0;
    for (size_t j = i; j < std::min(domains.size(), i + perRow); ++j) {
      Region& r = regions[j];
      int rows = (static_cast<int>(domains[j].nodes.size()) + cols - 1) / cols;
      r.pos = ImVec2(origin.x + (j - i) * (regionW + gap), rowY);
      r.size = ImVec2(regionW, headerH + rows * (cardH + gap) + pad);
      rowH = std::max(rowH, r.size.y);
    }
    for (size_t j = i; j < std::min(domains.size(), i + perRow); ++j) regions[j].size.y = rowH;
    rowY += rowH + gap;
  }
  ImGui::Dummy(ImVec2(width, rowY - y));
  ui.pictureBottom = rowY + ImGui::GetScrollY();  // as if unscrolled

  // --- drawing ---
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const bool canvasHovered = ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByPopup);
  const ImVec2 clipMin = dl->GetClipRectMin(), clipMax = dl->GetClipRectMax();
  ui.hoveredNode = kNone;
  CardContext cx{lab, ui, cluster, sc, trace, pb, key, matching, previewFeasible, previewLands, compact, font, mouse,
                 canvasHovered, false, kNone, -1, false, {}};
  ImVec2 winnerPos(-1, -1);

  for (size_t di = 0; di < domains.size(); ++di) {
    const Domain& d = domains[di];
    const Region& r = regions[di];
    const ImVec2 a = r.pos, b(r.pos.x + r.size.x, r.pos.y + r.size.y);
    if (b.y < clipMin.y || a.y > clipMax.y) continue;
    const bool atMin = summary && r.matchNum >= 0 && r.matchNum == summary->globalMin;
    MarkRect("domain:" + d.value, a, b);
    dl->AddRectFilled(a, b, d.value.empty() ? colors::P().regionEmpty : colors::P().region, 8);
    dl->AddRect(a, b, atMin ? colors::kFeasible : colors::P().regionBorder, 8, 0, atMin ? 2.0f : 1.0f);
    char title[256];
    if (key.empty()) std::snprintf(title, sizeof title, "all nodes (no topology key to group by)");
    else if (d.value.empty()) std::snprintf(title, sizeof title, "nodes without %s", key.c_str());
    else std::snprintf(title, sizeof title, "%s = %s", key.c_str(), d.value.c_str());
    dl->AddText(ImVec2(a.x + pad, a.y + 4), colors::P().textStrong, title);
    char sub[256] = "";
    if (summary && !d.value.empty()) {
      if (r.matchNum >= 0)
        std::snprintf(sub, sizeof sub, "%d matching pod%s%s", r.matchNum, r.matchNum == 1 ? "" : "s",
                      atMin ? "  = global minimum" : "");
      else
        std::snprintf(sub, sizeof sub, "not eligible (no node passes the policies)");
    } else if (!summary && !key.empty() && !d.value.empty()) {
      std::snprintf(sub, sizeof sub, "%d node(s)", static_cast<int>(d.nodes.size()));
    }
    dl->AddText(ImVec2(a.x + pad, a.y + 4 + font * 1.2f), atMin ? colors::kFeasible : colors::kMuted, sub);

    for (size_t k = 0; k < d.nodes.size(); ++k) {
      const NodeIndex ni = d.nodes[k];
      const ImVec2 ca(a.x + pad + (k % cols) * (cardW + gap), a.y + headerH + (k / cols) * (cardH + gap));
      const ImVec2 cb(ca.x + cardW, ca.y + cardH);
      if (cb.y < clipMin.y || ca.y > clipMax.y) continue;
      const bool winner = trace.selected == ni && pb.Reached(Phase::Select);
      const bool hovered = canvasHovered && mouse.x >= ca.x && mouse.x < cb.x && mouse.y >= ca.y && mouse.y < cb.y;
      if (hovered) ui.hoveredNode = ni;
      if (winner) winnerPos = ImVec2(ca.x + cardW * 0.5f, ca.y + cardH * 0.5f);

      cx.hovered = hovered;
      DrawNodeCard(dl, cx, ni, ca, cb);
    }
  }

  const PodIndex hoveredPod = cx.hoveredPod;  // a bound pod's chip under the mouse
  // A domain's own area (not a card): right-click for the domain menu.
  if (canvasHovered && ui.hoveredNode == kNone && hoveredPod == kNone && ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    for (size_t di = 0; di < regions.size(); ++di) {
      const Region& r = regions[di];
      if (mouse.x >= r.pos.x && mouse.x < r.pos.x + r.size.x && mouse.y >= r.pos.y && mouse.y < r.pos.y + r.size.y) {
        ui.menuDomain = static_cast<int>(di);
        ImGui::OpenPopup("##domain-menu");
      }
    }
  }
  if (ImGui::BeginPopup("##domain-menu")) {
    if (ui.menuDomain >= 0 && static_cast<size_t>(ui.menuDomain) < domains.size()) {
      const Domain& d = domains[ui.menuDomain];
      const std::string what = key.empty() ? "all nodes" : d.value.empty() ? "nodes without " + key : key + "=" + d.value;
      ImGui::TextDisabled("%s: %d node(s)", what.c_str(), static_cast<int>(d.nodes.size()));
      if (!d.nodes.empty() && ImGui::MenuItem(("Add a node to " + what).c_str())) {
        const v1::Node& like = sc.nodes[d.nodes.front()];
        // A name the API server accepts (a DNS subdomain), after the domain's value.
        std::string base = "node-";
        for (char c : d.value) base += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : '-';
        std::string name;
        for (int i = static_cast<int>(d.nodes.size()) + 1;; ++i)
          if (cluster.FindNode(name = base + (d.value.empty() ? "" : "-") + std::to_string(i)) == kNone) break;
        AddNodeCopy(lab, "add node", d.nodes.front(), name, like.metadata.labels);
      }
      MarkItem("domainAddNode");
      if (!key.empty() && ImGui::MenuItem(("Remove " + what + " (its nodes and their pods)").c_str())) {
        std::vector<size_t> nodes(d.nodes.begin(), d.nodes.end());
        Later([=, &lab] { lab.Apply("remove domain", [nodes](io::ScenarioDoc& doc, std::string& e) { return doc.RemoveNodes(nodes, e); }); });
      }
      MarkItem("domainRemove");
    }
    ImGui::EndPopup();
  }

  // Bound pods: hover shows the pod, right-click opens its menu, dragging its chip onto
  // another node moves it there (spec.nodeName), as one undoable edit.
  if (hoveredPod != kNone && ui.dragPod == kNone) {
    PodTooltip(sc.pods[hoveredPod]);
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) ui.dragPod = hoveredPod;
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
      ui.menuPod = hoveredPod;
      ImGui::OpenPopup("##pod-menu");
    }
  }
  if (ui.dragPod != kNone && ui.dragPod < static_cast<PodIndex>(sc.pods.size())) {
    const PodIndex p = ui.dragPod;
    const NodeIndex from = cluster.pod(p).node;
    const NodeIndex to = ui.hoveredNode;
    if (ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
      const float chip = font * 0.95f;
      dl->AddRectFilled(ImVec2(mouse.x - chip / 2, mouse.y - chip / 2), ImVec2(mouse.x + chip / 2, mouse.y + chip / 2),
                        colors::kAccent, 3);
      if (to != kNone && to != from) ImGui::SetTooltip("move %s to %s", sc.pods[p].metadata.name.c_str(), sc.nodes[to].metadata.name.c_str());
    } else {
      if (to != kNone && to != from && from != kNone) {
        const std::string nodeName = sc.nodes[to].metadata.name;
        Later([&lab, p, nodeName] {
          lab.Apply("move pod", [p, nodeName](io::ScenarioDoc& d, std::string& e) { return d.SetPodNodeName(p, nodeName, e); });
        });
        ui.selectedNode = to;
      }
      ui.dragPod = kNone;
    }
  } else {
    ui.dragPod = kNone;
  }

  // The pending pod travelling to the chosen node during the Select phase.
  if (pb.playing && pb.phase == Phase::Select && winnerPos.x >= 0) {
    ImVec2 from(origin.x + 120, origin.y + 8);
    float t = pb.t;
    ImVec2 p(from.x + (winnerPos.x - from.x) * t, from.y + (winnerPos.y - from.y) * t);
    dl->AddCircleFilled(p, font * 0.7f, colors::kAccent);
  }

  // Hover: the arithmetic in a tooltip; click: select for the Decision panel.
  if (ui.hoveredNode != kNone) {
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
      ui.selectedNode = ui.selectedNode == ui.hoveredNode ? kNone : ui.hoveredNode;
      // A lesson asking "which node gets the pod?": the click is the answer.
      if (TheLessons().awaitingPrediction() && TheLessons().step().predict == "node")
        Later([&lab, name = cluster.node(ui.hoveredNode).name] {
          std::string error;
          if (!TheLessons().Predict(lab, name, error)) lab.SetStatus(error, true);
        });
    }
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Right) && hoveredPod == kNone) {
      ui.selectedNode = ui.hoveredNode;
      ImGui::OpenPopup("##node-menu");
    }
    const NodeIndex ni = ui.hoveredNode;
    if (ni < static_cast<int>(trace.nodes.size()) && hoveredPod == kNone && ui.dragPod == kNone && !cx.barTooltip &&
        !ImGui::IsPopupOpen("##node-menu") && !ImGui::IsPopupOpen("##pod-menu")) {
      const NodeTrace& nt = trace.nodes[ni];
      // No spoilers: the verdict once the playback has shown it, the total from Weighted sum.
      const bool verdict = ui.showAnswer || CycleView::VerdictShown(trace, ni, pb);
      ImGui::BeginTooltip();
      ImGui::Text("%s: %s", cluster.node(ni).name.c_str(),
                  !verdict ? "its filters have not run yet" : !nt.evaluated ? "not evaluated" : nt.feasible ? "feasible" : "rejected");
      for (uint32_t f = 0; verdict && f < nt.filterCount; ++f) {
        const FilterVerdict& v = trace.filters[nt.filterBegin + f];
        for (uint32_t c = 0; c < v.checksCount; ++c) {
          const SpreadCheck& k = trace.spreadChecks[v.checksBegin + c];
          const auto& s = trace.spreadFilter[k.constraint];
          ImGui::TextColored(colors::V(k.pass ? colors::kFeasible : colors::kRejected), "%s=%s: %d + %d - %d = %d %s maxSkew %d",
                             s.topologyKey.c_str(), k.domain == kNoSym ? "(none)" : cluster.pool().Str(k.domain).c_str(),
                             k.matchNum, k.selfMatch, k.minMatchNum, k.skew, k.pass ? "<=" : ">", k.maxSkew);
        }
        if (v.code != Code::Success && v.code != Code::Skip)
          ImGui::TextColored(colors::V(colors::kRejected), "%s: %s", trace.filterPlugins[v.plugin].c_str(),
                             trace.JoinedReasons(v).c_str());
      }
      if (nt.scoreCount && (ui.showAnswer || pb.Reached(Phase::WeightedSum)))
        ImGui::Text("score total %lld", static_cast<long long>(nt.total));
      if (nt.scoreCount) ImGui::TextDisabled("hover a score bar for its formula");
      ImGui::TextDisabled("click to select, right-click to edit");
      ImGui::EndTooltip();
    }
  } else if (canvasHovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !ImGui::IsAnyItemHovered()) {
    ui.selectedNode = kNone;
  }

  // Node context menu: cluster edits.
  if (ImGui::BeginPopup("##node-menu")) {
    const NodeIndex ni = ui.selectedNode;
    if (ni != kNone && ni < static_cast<int>(sc.nodes.size())) {
      const v1::Node& n = sc.nodes[ni];
      ImGui::TextDisabled("%s", n.metadata.name.c_str());
      if (v1::LabelMap labels; LabelsField("labels##node", "node labels", n.metadata.labels, lab, labels)) {
        Later([=, &lab] { lab.Apply("node labels", [ni, labels](io::ScenarioDoc& d, std::string& e) { return d.SetNodeLabels(ni, labels, e); }); });
        ImGui::CloseCurrentPopup();
      }
      MarkItem("nodeLabels");
      if (ImGui::MenuItem(n.unschedulable ? "Uncordon" : "Cordon (spec.unschedulable)"))
        Later([=, &lab] { lab.Apply(n.unschedulable ? "uncordon" : "cordon",
                  [ni, u = !n.unschedulable](io::ScenarioDoc& d, std::string& e) { return d.SetNodeUnschedulable(ni, u, e); }); });
      if (ImGui::MenuItem("Taint NoSchedule (dedicated=lab)")) {
        auto taints = n.taints;
        taints.push_back(v1::Taint{"dedicated", "lab", "NoSchedule"});
        Later([=, &lab] { lab.Apply("taint", [ni, taints](io::ScenarioDoc& d, std::string& e) { return d.SetNodeTaints(ni, taints, e); }); });
      }
      if (!n.taints.empty() && ImGui::MenuItem("Remove taints"))
        Later([=, &lab] { lab.Apply("remove taints", [ni](io::ScenarioDoc& d, std::string& e) { return d.SetNodeTaints(ni, {}, e); }); });
      if (ImGui::MenuItem("Duplicate node")) {
        std::string name = n.metadata.name + "-copy";
        for (int i = 2; cluster.FindNode(name) != kNone; ++i) name = n.metadata.name + "-copy" + std::to_string(i);
        AddNodeCopy(lab, "add node", ni, name, n.metadata.labels);
      }
      if (!key.empty() && ImGui::MenuItem("New domain with a copy of this node")) {
        std::string value;
        for (int i = static_cast<int>(domains.size()) + 1;; ++i) {
          value = (key.find("zone") != std::string::npos ? "zone" : "domain") + std::to_string(i);
          if (!grouping.byValue.count(value)) break;
        }
        std::string name = "node-" + value;
        auto labels = n.metadata.labels;
        labels[key] = value;
        AddNodeCopy(lab, "add domain", ni, name, std::move(labels));
      }
      if (lab.pod() != kNone && ImGui::MenuItem("Add a bound copy of the pending pod here")) {
        std::string base = cluster.pod(lab.pod()).name + "-";
        std::string name;
        for (int i = 1;; ++i)
          if (cluster.FindPod(cluster.pod(lab.pod()).ns + "/" + (name = base + std::to_string(i))) == kNone) break;
        size_t like = lab.podItem();
        Later([=, &lab] { lab.Apply("add pod", [like, name, nn = n.metadata.name](io::ScenarioDoc& d, std::string& e) { return d.AddPodLike(like, name, nn, e); }); });
      }
      if (!cluster.node(ni).pods.empty() && ImGui::BeginMenu("Remove a pod")) {
        for (PodIndex p : cluster.node(ni).pods)
          if (ImGui::MenuItem(cluster.pod(p).key.c_str()))
            Later([=, &lab] { lab.Apply("remove pod", [p](io::ScenarioDoc& d, std::string& e) { return d.RemovePod(p, e); }); });
        ImGui::EndMenu();
      }
      if (ImGui::MenuItem("Remove node (and its pods)")) {
        Later([=, &lab] { lab.Apply("remove node", [ni](io::ScenarioDoc& d, std::string& e) { return d.RemoveNode(ni, e); }); });
        ui.selectedNode = kNone;
      }
    }
    ImGui::EndPopup();
  }

  // Bound pod menu: its labels, its node, removal.
  if (ImGui::BeginPopup("##pod-menu")) {
    const PodIndex p = ui.menuPod;
    if (p != kNone && p < static_cast<PodIndex>(sc.pods.size())) {
      const v1::Pod& pod = sc.pods[p];
      ImGui::TextDisabled("%s/%s on %s", pod.metadata.ns.c_str(), pod.metadata.name.c_str(), pod.spec.nodeName.c_str());
      if (v1::LabelMap labels; LabelsField("labels##pod", "pod labels", pod.metadata.labels, lab, labels)) {
        Later([=, &lab] { lab.Apply("pod labels", [p, labels](io::ScenarioDoc& d, std::string& e) { return d.SetPodLabels(p, labels, e); }); });
        ImGui::CloseCurrentPopup();
      }
      MarkItem("podLabels");
      static char nodeBuf[256];
      if (ImGui::IsWindowAppearing()) std::snprintf(nodeBuf, sizeof nodeBuf, "%s", pod.spec.nodeName.c_str());
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 22);
      if (ImGui::InputText("node (move to)##pod", nodeBuf, sizeof nodeBuf, ImGuiInputTextFlags_EnterReturnsTrue)) {
        const std::string nodeName = nodeBuf;
        Later([=, &lab] { lab.Apply("move pod", [p, nodeName](io::ScenarioDoc& d, std::string& e) { return d.SetPodNodeName(p, nodeName, e); }); });
        ImGui::CloseCurrentPopup();
      }
      MarkItem("podNode");
      ImGui::TextDisabled("or drag the pod onto another node");
      if (ImGui::MenuItem("Remove pod")) {
        Later([=, &lab] { lab.Apply("remove pod", [p](io::ScenarioDoc& d, std::string& e) { return d.RemovePod(p, e); }); });
      }
    }
    ImGui::EndPopup();
  }
  ImGui::EndChild();
}

}  // namespace spreadlab::app
