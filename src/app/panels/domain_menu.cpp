// A topology domain's menu on the cluster picture (right-click its own area): add a
// node like its first one, remove the domain with its nodes and their pods, fail it, or
// restore the failed nodes.
#include "app/app.h"
#include "app/model/new_names.h"
#include "app/panels/cluster_parts.h"
#include "app/panels/panels.h"
#include "simulator/events.h"

namespace spreadlab::app {

namespace {

// The domain's menu items, `d` being the domain the menu was opened on.
void DomainMenuItems(const CardContext& cx, const Domain& d) {
  Lab& lab = cx.lab;
  const std::string& key = cx.key;
  const std::string what = key.empty() ? "all nodes" : d.value.empty() ? "nodes without " + key : key + "=" + d.value;
  ImGui::TextDisabled("%s: %d node(s)%s", what.c_str(), static_cast<int>(d.nodes.size()),
                      d.failed.empty() ? "" : (", " + std::to_string(d.failed.size()) + " failed").c_str());
  if (!d.nodes.empty() && ImGui::MenuItem(("Add a node to " + what).c_str())) {
    const v1::Node& like = cx.sc.nodes[d.nodes.front()];
    // A name the API server accepts (a DNS subdomain), after the domain's value.
    const std::string name = NodeNameInDomain(d.value, d.nodes.size(),
                                              [&](const std::string& n) { return cx.cluster.FindNode(n) != kNone; });
    AddNodeCopy(lab, "add node", d.nodes.front(), name, like.metadata.labels);
  }
  MarkItem("domainAddNode");
  if (!key.empty() && !d.nodes.empty() && ImGui::MenuItem(("Remove " + what + " (its nodes and their pods)").c_str())) {
    std::vector<size_t> nodes(d.nodes.begin(), d.nodes.end());
    Later([=, &lab] {
      lab.Apply("remove domain",
                [nodes](controlplane::ScenarioDoc& doc, std::string& e) { return doc.RemoveNodes(nodes, e); });
    });
  }
  MarkItem("domainRemove");
  if (!key.empty() && !d.value.empty() && !d.nodes.empty() &&
      ImGui::MenuItem(("Fail " + what + " (an outage: back with Restore)").c_str()))
    Later([&lab, step = simulator::MakeStep(simulator::kFailEvent, {what})] { lab.Simulate(step); });
  MarkItem("domainFail");
  if (!d.failed.empty() && ImGui::MenuItem("Restore the failed nodes"))
    Later([&lab] { lab.Simulate(simulator::MakeStep(simulator::kRestoreEvent)); });
  MarkItem("domainRestore");
  if (ImGui::MenuItem("Add a node... (its labels, allocatable, taints)"))
    OpenAddNode(lab, cx.ui, key == "topology.kubernetes.io/zone" ? d.value : "");
  MarkItem("domainAddNodeDialog");
}

}  // namespace

void DomainMenu(const CardContext& cx, const std::vector<Domain>& domains, const std::vector<Region>& regions) {
  UiState& ui = cx.ui;
  const ImVec2 mouse = cx.mouse;
  if (cx.canvasHovered && ui.hoveredNode == kNone && cx.hoveredPod == kNone &&
      ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    bool inRegion = false;
    for (size_t di = 0; di < regions.size(); ++di) {
      const Region& r = regions[di];
      if (mouse.x >= r.pos.x && mouse.x < r.pos.x + r.size.x && mouse.y >= r.pos.y && mouse.y < r.pos.y + r.size.y) {
        ui.menuDomain = static_cast<int>(di);
        ImGui::OpenPopup("##domain-menu");
        inRegion = true;
      }
    }
    if (!inRegion) ImGui::OpenPopup("##picture-menu");  // outside every domain: nodes of any kind
  }
  if (ImGui::BeginPopup("##domain-menu")) {
    if (ui.menuDomain >= 0 && static_cast<size_t>(ui.menuDomain) < domains.size())
      DomainMenuItems(cx, domains[ui.menuDomain]);
    ImGui::EndPopup();
  }
  if (ImGui::BeginPopup("##picture-menu")) {
    if (ImGui::MenuItem("Add a node... (its zone, labels, allocatable, taints)")) OpenAddNode(cx.lab, ui, "");
    MarkItem("pictureAddNode");
    if (cx.sc.nodes.empty() && ImGui::MenuItem("Add the sample cluster (3 zones x 2 nodes)"))
      Later([&lab = cx.lab] {
        std::string error;
        lab.ApplyManifests(SampleClusterManifest(), "the sample cluster", error);
      });
    ImGui::EndPopup();
  }
}

}  // namespace spreadlab::app
