// The pending pod and its topology spread constraints, all editable: every change
// is one Lab edit (validated by the core, undoable) and re-runs the cycle.
#include <algorithm>
#include <cstdio>
#include <map>

#include "app/app.h"
#include "app/model/edit_text.h"
#include "app/panels/panels.h"
#include "misc/cpp/imgui_stdlib.h"

namespace spreadlab::app {

namespace {

const char* const kPolicies[] = {"(default)", "Honor", "Ignore"};

bool PolicyCombo(const char* label, const std::string& id, std::optional<std::string>& policy) {
  int cur = !policy ? 0 : *policy == "Honor" ? 1 : *policy == "Ignore" ? 2 : 0;
  bool changed = ImGui::Combo(label, &cur, kPolicies, 3);
  MarkItem(id);
  if (changed) policy = cur == 0 ? std::nullopt : std::optional<std::string>(kPolicies[cur]);
  return changed;
}

}  // namespace

void DrawPodPanel(Lab& lab, UiState& ui) {
  if (lab.pod() == kNone) {
    ImGui::TextWrapped("No pending pod. Right-click a node and add a copy of a pod, or undo the last placement.");
    return;
  }
  const size_t item = lab.podItem();
  const v1::Pod& pod = lab.doc().scenario().pods[item];
  using Cs = std::vector<v1::TopologySpreadConstraint>;
  auto applyConstraints = [&lab, item](const char* what, Cs cs) {
    Later([=, &lab] { lab.ApplyToConstraints(what, [item, cs = std::move(cs)](io::ScenarioDoc& d, std::string& e) { return d.SetSpreadConstraints(item, cs, e); }); });
  };

  ImGui::Text("%s/%s", pod.metadata.ns.c_str(), pod.metadata.name.c_str());
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 8.6f);
  std::string text;
  if (EditText("labels", "podLabels", FormatLabels(pod.metadata.labels), text, "app=web,tier=front")) {
    std::map<std::string, std::string> labels;
    std::string error;
    if (!ParseLabels(text, labels, error)) lab.SetStatus("labels: " + error, true);
    else Later([=, &lab] { lab.Apply("pod labels", [item, labels](io::ScenarioDoc& d, std::string& e) { return d.SetPodLabels(item, labels, e); }); });
  }
  if (EditText("namespace", "podNamespace", pod.metadata.ns, text))
    Later([=, &lab] { lab.Apply("namespace", [item, text](io::ScenarioDoc& d, std::string& e) { return d.SetPodNamespace(item, text, e); }); });

  Section("topologySpreadConstraints");
  const Cs& cs = pod.spec.topologySpreadConstraints;
  for (size_t i = 0; i < cs.size(); ++i) {
    const v1::TopologySpreadConstraint& c = cs[i];
    const std::string n = "#" + std::to_string(i);
    ImGui::PushID(static_cast<int>(i));
    char header[256];
    std::snprintf(header, sizeof header, "#%d  %s  maxSkew %d  %s###c", static_cast<int>(i + 1), c.topologyKey.c_str(), c.maxSkew,
                  c.whenUnsatisfiable.c_str());
    if (ImGui::CollapsingHeader(header, ImGuiTreeNodeFlags_DefaultOpen)) {
      MaxSkewField(lab, i);
      TopologyKeyField(lab, i, true);
      WhenUnsatisfiableField(lab, i);
      // labelSelector
      bool hasSelector = c.labelSelector.has_value();
      if (ImGui::Checkbox("labelSelector", &hasSelector)) {
        Cs next = cs;
        if (hasSelector) next[i].labelSelector = v1::LabelSelector{pod.metadata.labels, {}};
        else next[i].labelSelector.reset();
        applyConstraints("labelSelector", next);
      }
      HelpMarker("Without a selector the constraint matches no pod, so every domain counts 0.");
      if (c.labelSelector) {
        if (EditText("matchLabels", "matchLabels" + n, FormatLabels(c.labelSelector->matchLabels), text, "app=web")) {
          std::map<std::string, std::string> m;
          std::string error;
          if (!ParseLabels(text, m, error)) {
            lab.SetStatus("matchLabels: " + error, true);
          } else {
            Cs next = cs;
            next[i].labelSelector->matchLabels = m;
            applyConstraints("matchLabels", next);
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
            applyConstraints("matchExpressions", next);
          }
        }
      }
      MinDomainsField(lab, i);
      {
        Cs next = cs;
        if (PolicyCombo("nodeAffinityPolicy", "nodeAffinityPolicy" + n, next[i].nodeAffinityPolicy))
          applyConstraints("nodeAffinityPolicy", next);
        if (PolicyCombo("nodeTaintsPolicy", "nodeTaintsPolicy" + n, next[i].nodeTaintsPolicy))
          applyConstraints("nodeTaintsPolicy", next);
      }
      std::string keysText;
      for (const auto& k : c.matchLabelKeys) keysText += (keysText.empty() ? "" : ",") + k;
      if (EditText("matchLabelKeys", "matchLabelKeys" + n, keysText, text, "pod-template-hash")) {
        Cs next = cs;
        next[i].matchLabelKeys = SplitList(text, ',');
        applyConstraints("matchLabelKeys", next);
      }
      if (ImGui::SmallButton("Highlight its pods")) ui.selectedConstraint = static_cast<int>(i);
      ImGui::SameLine();
      if (ImGui::SmallButton("Remove constraint")) {
        Cs next = cs;
        next.erase(next.begin() + static_cast<long>(i));
        applyConstraints("remove constraint", next);
      }
    }
    ImGui::PopID();
  }
  if (ImGui::Button("+ Add constraint")) {
    Cs next = cs;
    v1::TopologySpreadConstraint c;
    c.maxSkew = 1;
    c.topologyKey = GroupKey(lab, ui).empty() ? std::string(kLabelHostname) : GroupKey(lab, ui);
    c.whenUnsatisfiable = v1::kDoNotSchedule;
    c.labelSelector = v1::LabelSelector{pod.metadata.labels, {}};
    next.push_back(c);
    applyConstraints("add constraint", next);
  }
  MarkItem("addConstraint");

  Section("Placement rules");
  if (EditText("nodeSelector", "nodeSelector", FormatLabels(pod.spec.nodeSelector), text, "disk=ssd")) {
    std::map<std::string, std::string> m;
    std::string error;
    if (!ParseLabels(text, m, error)) lab.SetStatus("nodeSelector: " + error, true);
    else Later([=, &lab] { lab.Apply("nodeSelector", [item, m](io::ScenarioDoc& d, std::string& e) { return d.SetPodNodeSelector(item, m, e); }); });
  }
  if (EditText("tolerations", "tolerations", FormatTolerations(pod.spec.tolerations), text, "key=value:NoSchedule; key:Effect"))
    Later([=, &lab] { lab.Apply("tolerations", [item, t = ParseTolerations(text)](io::ScenarioDoc& d, std::string& e) {
      return d.SetPodTolerations(item, t, e);
    }); });
  const auto& nodeAffinity = pod.spec.affinity ? pod.spec.affinity->nodeAffinity : std::nullopt;
  const auto& required = nodeAffinity ? nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution : std::nullopt;
  const bool usesFields = required && std::any_of(required->nodeSelectorTerms.begin(), required->nodeSelectorTerms.end(),
                                                  [](const v1::NodeSelectorTerm& t) { return !t.matchFields.empty(); });
  if (usesFields) {
    ImGui::TextDisabled("Required node affinity uses matchFields: kept as in the file.");
  } else if (EditText("node affinity", "nodeAffinity", FormatNodeAffinity(required), text, "zone in (a,b); ssd | gpu")) {
    std::optional<v1::NodeSelector> next;
    std::string error;
    if (!ParseNodeAffinity(text, next, error)) lab.SetStatus("node affinity: " + error, true);
    else Later([=, &lab] { lab.Apply("node affinity", [item, next](io::ScenarioDoc& d, std::string& e) {
      return d.SetPodRequiredNodeAffinity(item, next, e);
    }); });
  }
  HelpMarker("requiredDuringSchedulingIgnoredDuringExecution: terms separated by |, any of which may match; "
             "each term's requirements separated by ;, all of which must (key in (a,b), key notin (a), key, !key, "
             "key gt (3), key lt (3)). Empty removes it.");
  if (nodeAffinity && !nodeAffinity->preferredDuringSchedulingIgnoredDuringExecution.empty())
    ImGui::TextDisabled("Preferred node affinity: kept as in the file.");
  ImGui::PopItemWidth();
}

}  // namespace spreadlab::app
