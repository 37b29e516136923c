// The pending pod and its topology spread constraints, all editable: every change
// is one Lab edit (validated by the core, undoable) and re-runs the cycle. What is
// typed is read by the parsers of app/model/edit_text.h.
#include <algorithm>
#include <map>

#include "app/app.h"
#include "app/model/edit_text.h"
#include "app/panels/panels.h"
#include "misc/cpp/imgui_stdlib.h"

namespace spreadlab::app {

namespace {

using Cs = std::vector<v1::TopologySpreadConstraint>;

const char* const kPolicies[] = {"(default)", "Honor", "Ignore"};

bool PolicyCombo(const char* label, const std::string& id, std::optional<std::string>& policy) {
  int cur = !policy ? 0 : *policy == "Honor" ? 1 : *policy == "Ignore" ? 2 : 0;
  bool changed = ImGui::Combo(label, &cur, kPolicies, 3);
  MarkItem(id);
  if (changed) policy = cur == 0 ? std::nullopt : std::optional<std::string>(kPolicies[cur]);
  return changed;
}

// Queues the edit that makes `cs` the constraints of the explained pod (or its workload's template).
void ApplyConstraints(Lab& lab, const char* what, Cs cs) {
  Later([=, &lab] { lab.SetConstraints(what, cs); });
}

// The pod's own fields: labels and namespace.
void PodFields(Lab& lab, size_t item, const v1::Pod& pod) {
  std::string text;
  if (EditText("labels", "podLabels", FormatLabels(pod.metadata.labels), text, "app=web,tier=front")) {
    std::map<std::string, std::string> labels;
    std::string error;
    if (!ParseLabels(text, labels, error))
      lab.SetStatus("labels: " + error, true);
    else
      Later([=, &lab] {
        lab.Apply("pod labels", [item, labels](controlplane::ScenarioDoc& d, std::string& e) {
          return d.SetPodLabels(item, labels, e);
        });
      });
  }
  if (EditText("namespace", "podNamespace", pod.metadata.ns, text))
    Later([=, &lab] {
      lab.Apply("namespace", [item, text](controlplane::ScenarioDoc& d, std::string& e) {
        return d.SetPodNamespace(item, text, e);
      });
    });
}

// Constraint i's labelSelector: whether it has one, its matchLabels and matchExpressions.
void SelectorFields(Lab& lab, size_t item, const v1::Pod& pod, size_t i) {
  const Cs& cs = pod.spec.topologySpreadConstraints;
  const v1::TopologySpreadConstraint& c = cs[i];
  const std::string n = "#" + std::to_string(i);
  bool hasSelector = c.labelSelector.has_value();
  if (ImGui::Checkbox("labelSelector", &hasSelector)) {
    Cs next = cs;
    if (hasSelector)
      next[i].labelSelector = v1::LabelSelector{pod.metadata.labels, {}};
    else
      next[i].labelSelector.reset();
    ApplyConstraints(lab, "labelSelector", next);
  }
  HelpMarker("Without a selector the constraint matches no pod, so every domain counts 0.");
  if (!c.labelSelector) return;
  std::string text;
  if (EditText("matchLabels", "matchLabels" + n, FormatLabels(c.labelSelector->matchLabels), text, "app=web")) {
    std::map<std::string, std::string> m;
    std::string error;
    if (!ParseLabels(text, m, error)) {
      lab.SetStatus("matchLabels: " + error, true);
    } else {
      Cs next = cs;
      next[i].labelSelector->matchLabels = m;
      ApplyConstraints(lab, "matchLabels", next);
    }
  }
  if (EditText("matchExpr.", "matchExpressions" + n, FormatExpressions(c.labelSelector->matchExpressions), text,
               "tier in (a,b); !legacy")) {
    std::vector<v1::LabelSelectorRequirement> exprs;
    std::string error;
    if (!ParseExpressions(text, exprs, error)) {
      lab.SetStatus("matchExpressions: " + error, true);
    } else {
      Cs next = cs;
      next[i].labelSelector->matchExpressions = exprs;
      ApplyConstraints(lab, "matchExpressions", next);
    }
  }
}

// Constraint i, under a header that sums it up: every field, then its buttons.
void ConstraintEditor(Lab& lab, UiState& ui, size_t item, const v1::Pod& pod, size_t i) {
  const Cs& cs = pod.spec.topologySpreadConstraints;
  const v1::TopologySpreadConstraint& c = cs[i];
  const std::string n = "#" + std::to_string(i);
  // The whole summary when it fits the column, else the key's last segment ("zone"), then
  // without whenUnsatisfiable: every field is written in full just below.
  const std::string number = "#" + std::to_string(i + 1) + "  ", skew = "  maxSkew " + std::to_string(c.maxSkew);
  const std::string shortKey = c.topologyKey.substr(c.topologyKey.rfind('/') + 1);
  const float room = ImGui::GetContentRegionAvail().x - ImGui::GetFontSize() - ImGui::GetStyle().FramePadding.x * 4;
  std::string header = number + c.topologyKey + skew + "  " + c.whenUnsatisfiable;
  for (const std::string& shorter : {number + shortKey + skew + "  " + c.whenUnsatisfiable, number + shortKey + skew})
    if (ImGui::CalcTextSize(header.c_str()).x > room) header = shorter;
  if (!ImGui::CollapsingHeader(FitText(header, room).append("###c").c_str(), ImGuiTreeNodeFlags_DefaultOpen)) return;
  MaxSkewField(lab, i);
  TopologyKeyField(lab, i, true);
  WhenUnsatisfiableField(lab, i);
  SelectorFields(lab, item, pod, i);
  MinDomainsField(lab, i);
  {
    Cs next = cs;
    if (PolicyCombo("nodeAffinityPolicy", "nodeAffinityPolicy" + n, next[i].nodeAffinityPolicy))
      ApplyConstraints(lab, "nodeAffinityPolicy", next);
    if (PolicyCombo("nodeTaintsPolicy", "nodeTaintsPolicy" + n, next[i].nodeTaintsPolicy))
      ApplyConstraints(lab, "nodeTaintsPolicy", next);
  }
  if (std::string text;
      EditText("matchLabelKeys", "matchLabelKeys" + n, JoinList(c.matchLabelKeys, ','), text, "pod-template-hash")) {
    Cs next = cs;
    next[i].matchLabelKeys = SplitList(text, ',');
    ApplyConstraints(lab, "matchLabelKeys", next);
  }
  if (ImGui::SmallButton("Highlight its pods")) ui.selectedConstraint = static_cast<int>(i);
  ImGui::SameLine();
  if (ImGui::SmallButton("Remove constraint")) {
    Cs next = cs;
    next.erase(next.begin() + static_cast<long>(i));
    ApplyConstraints(lab, "remove constraint", next);
  }
}

// "+ Add constraint": maxSkew 1 on the grouping key (else the hostname), DoNotSchedule,
// selecting the pod's own labels.
void AddConstraintButton(Lab& lab, UiState& ui, size_t item, const v1::Pod& pod) {
  if (ImGui::Button("+ Add constraint")) {
    Cs next = pod.spec.topologySpreadConstraints;
    v1::TopologySpreadConstraint c;
    c.maxSkew = 1;
    c.topologyKey = GroupKey(lab, ui).empty() ? std::string(kLabelHostname) : GroupKey(lab, ui);
    c.whenUnsatisfiable = v1::kDoNotSchedule;
    c.labelSelector = v1::LabelSelector{pod.metadata.labels, {}};
    next.push_back(c);
    ApplyConstraints(lab, "add constraint", next);
  }
  MarkItem("addConstraint");
}

// nodeSelector, tolerations and required node affinity (preferred affinity and
// matchFields are kept as in the file, not edited here).
void PlacementRules(Lab& lab, size_t item, const v1::Pod& pod) {
  std::string text;
  if (EditText("nodeSelector", "nodeSelector", FormatLabels(pod.spec.nodeSelector), text, "disk=ssd")) {
    std::map<std::string, std::string> m;
    std::string error;
    if (!ParseLabels(text, m, error))
      lab.SetStatus("nodeSelector: " + error, true);
    else
      Later([=, &lab] {
        lab.Apply("nodeSelector",
                  [item, m](controlplane::ScenarioDoc& d, std::string& e) { return d.SetPodNodeSelector(item, m, e); });
      });
  }
  if (EditText("tolerations", "tolerations", FormatTolerations(pod.spec.tolerations), text,
               "key=value:NoSchedule; key:Effect"))
    Later([=, &lab] {
      lab.Apply("tolerations", [item, t = ParseTolerations(text)](controlplane::ScenarioDoc& d, std::string& e) {
        return d.SetPodTolerations(item, t, e);
      });
    });
  const auto& nodeAffinity = pod.spec.affinity ? pod.spec.affinity->nodeAffinity : std::nullopt;
  const auto& required = nodeAffinity ? nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution : std::nullopt;
  const bool usesFields =
      required && std::any_of(required->nodeSelectorTerms.begin(), required->nodeSelectorTerms.end(),
                              [](const v1::NodeSelectorTerm& t) { return !t.matchFields.empty(); });
  if (usesFields) {
    ImGui::TextDisabled("Required node affinity uses matchFields: kept as in the file.");
  } else if (EditText("node affinity", "nodeAffinity", FormatNodeAffinity(required), text,
                      "zone in (a,b); ssd | gpu")) {
    std::optional<v1::NodeSelector> next;
    std::string error;
    if (!ParseNodeAffinity(text, next, error))
      lab.SetStatus("node affinity: " + error, true);
    else
      Later([=, &lab] {
        lab.Apply("node affinity", [item, next](controlplane::ScenarioDoc& d, std::string& e) {
          return d.SetPodRequiredNodeAffinity(item, next, e);
        });
      });
  }
  HelpMarker(
      "requiredDuringSchedulingIgnoredDuringExecution: terms separated by |, any of which may match; "
      "each term's requirements separated by ;, all of which must (key in (a,b), key notin (a), key, !key, "
      "key gt (3), key lt (3)). Empty removes it.");
  if (nodeAffinity && !nodeAffinity->preferredDuringSchedulingIgnoredDuringExecution.empty())
    ImGui::TextDisabled("Preferred node affinity: kept as in the file.");
}

// What an edit here edits: the pod alone, or its workload's template with every pending
// replica (and, for a Deployment whose bound pods kept old constraints, the rollout).
void ConstraintEditTarget(Lab& lab) {
  const Lab::EditTarget& target = lab.ConstraintEditTarget();
  if (target.workload.owners.empty()) return;
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("Edits %s.", target.describe.c_str());
  ImGui::PopTextWrapPos();
  MarkItem("constraintTarget");
  if (target.rolloutStep) {
    if (ImGui::SmallButton("Roll out to the bound replicas"))
      Later([&lab, step = *target.rolloutStep] { lab.Simulate(step); });
    MarkItem("constraintRollout");
    HelpMarker(
        "kubectl rollout restart: a new ReplicaSet replaces every pod, each new one placed by the scheduler "
        "with the new constraints (the Events panel's rollout).");
  }
}

}  // namespace

void DrawPodPanel(Lab& lab, UiState& ui) {
  if (lab.pod() == kNone) {
    ImGui::TextWrapped("No pending pod. Right-click a node and add a copy of a pod, or undo the last placement.");
    return;
  }
  const size_t item = lab.podItem();
  const v1::Pod& pod = lab.doc().scenario().pods[item];

  ImGui::Text("%s/%s", pod.metadata.ns.c_str(), pod.metadata.name.c_str());
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 8.6f);
  PodFields(lab, item, pod);

  Section("topologySpreadConstraints");
  ConstraintEditTarget(lab);
  for (size_t i = 0; i < pod.spec.topologySpreadConstraints.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    ConstraintEditor(lab, ui, item, pod, i);
    ImGui::PopID();
  }
  AddConstraintButton(lab, ui, item, pod);

  Section("Placement rules");
  PlacementRules(lab, item, pod);
  ImGui::PopItemWidth();
  DrawPodVolumes(lab);
}

}  // namespace spreadlab::app
