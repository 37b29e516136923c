// The scenario's workloads: replicas to scale (kubectl scale: the controller creates
// pending pods or deletes pods in its own order) and how each one's pods are spread
// over the domains of its spread constraints, with a warning when a scale-down left
// them outside maxSkew.
#include <algorithm>

#include "app/app.h"
#include "app/panels/panels.h"
#include "simulator/events.h"

namespace spreadlab::app {

namespace {

void DrawSpread(const SpreadReport& r) {
  std::string counts;
  for (const DomainCount& d : r.domains)
    counts += (counts.empty() ? "" : "  ") + d.value + " " + std::to_string(d.matchNum);
  const bool broken = r.whenUnsatisfiable == v1::kDoNotSchedule && r.skew > r.maxSkew;
  ImGui::TextDisabled("per %s:", r.topologyKey.c_str());
  ImGui::TextWrapped("  %s", counts.c_str());
  if (!broken) {
    ImGui::TextDisabled("  skew %d, maxSkew %d%s", r.skew, r.maxSkew,
                        r.whenUnsatisfiable == v1::kScheduleAnyway ? " (ScheduleAnyway)" : "");
  } else {
    ImGui::TextColored(ImVec4(0.85f, 0.25f, 0.2f, 1), "  skew %d > maxSkew %d: why?", r.skew, r.maxSkew);
    ImGui::SameLine();
    HelpMarker(
        "These pods are further apart than maxSkew allows. Topology spread is checked only when a pod is "
        "scheduled: a scale-down deletes pods by the ReplicaSet controller's ranking (unscheduled, not ready, "
        "pod-deletion-cost, then the pods on nodes with most of the workload's pods), which knows nothing of "
        "spread. Nothing moves running pods back; the descheduler's RemovePodsViolatingTopologySpreadConstraint "
        "evicts to fix it. Counted over every node with the key.");
  }
}

}  // namespace

void ReplicasField(Lab& lab, const controlplane::ScenarioDoc::Workload& w) {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  const int current = static_cast<int>(std::min<int64_t>(w.replicas, 100000));
  int wanted = current;
  // No step buttons: one edit per number typed (each step would delete or create pods).
  if (EditHeld("replicas:" + w.key, current, wanted,
               [](int& buf) { return ImGui::InputInt("replicas", &buf, 0, 0, ImGuiInputTextFlags_EnterReturnsTrue); }))
    Later([&lab, key = w.key, wanted] { lab.Scale(key, std::max(0, wanted)); });
}

void DrawWorkloadsPanel(Lab& lab, UiState& ui) {
  (void)ui;
  const std::vector<WorkloadRow>& rows = lab.Workloads();
  if (rows.empty()) return;
  const bool open = ImGui::CollapsingHeader(("Workloads (" + std::to_string(rows.size()) + ")").c_str(),
                                            ImGuiTreeNodeFlags_DefaultOpen);
  MarkItem("workloads");
  if (!open) return;
  for (const WorkloadRow& r : rows) {
    const auto& w = r.workload;
    ImGui::PushID(w.key.c_str());
    ImGui::TextUnformatted((w.kind + " " + w.ns + "/" + w.name).c_str());
    ReplicasField(lab, w);
    if (w.kind == "Deployment") {
      ImGui::SameLine();
      if (ImGui::SmallButton("Roll out"))
        Later([&lab, step = simulator::MakeStep(simulator::kRolloutEvent, {w.ns + "/" + w.name})] {
          lab.Simulate(step);
        });
      MarkItem("rollout:" + w.key);
      ImGui::SameLine();
      HelpMarker(
          "kubectl rollout restart: a new pod template, rolled out by the Deployment controller maxSurge / "
          "maxUnavailable at a time (or Recreate), the scheduler placing each new pod. The Events panel shows each "
          "step; with matchLabelKeys [pod-template-hash] each revision spreads on its own.");
    }
    ImGui::SameLine();
    ImGui::TextDisabled("%zu pod(s)%s", r.pods,
                        r.pending ? (", " + std::to_string(r.pending) + " pending").c_str() : "");
    for (const SpreadReport& s : r.spread) DrawSpread(s);
    ImGui::PopID();
    ImGui::Spacing();
  }
}

}  // namespace spreadlab::app
