#include "app/model/new_node.h"

#include <nlohmann/json.hpp>

#include "app/model/edit_text.h"

namespace spreadlab::app {

namespace {

using json = nlohmann::ordered_json;

json Node(const std::string& name, const json& labels, const json& allocatable, const json& taints) {
  json node = {{"apiVersion", "v1"},
               {"kind", "Node"},
               {"metadata", {{"name", name}, {"labels", labels}}},
               {"spec", json::object()},
               {"status", {{"capacity", allocatable}, {"allocatable", allocatable}}}};
  if (!taints.empty()) node["spec"]["taints"] = taints;
  return node;
}

// "key=value:Effect" or "key:Effect", as `kubectl taint` writes a taint.
bool ParseTaint(const std::string& text, json& out, std::string& error) {
  const size_t colon = text.rfind(':');
  if (colon == std::string::npos) {
    error = "taint \"" + text + "\": expected key=value:Effect or key:Effect";
    return false;
  }
  const std::string keyValue = text.substr(0, colon), effect = text.substr(colon + 1);
  const size_t eq = keyValue.find('=');
  out = {{"key", keyValue.substr(0, eq)}};
  if (eq != std::string::npos) out["value"] = keyValue.substr(eq + 1);
  out["effect"] = effect;
  return true;
}

}  // namespace

bool NodeManifest(const NodeDraft& draft, std::string& manifest, std::string& error) {
  std::map<std::string, std::string> extra;
  if (!ParseLabels(draft.labels, extra, error)) return false;
  json labels = {{"kubernetes.io/hostname", draft.name}};
  if (!draft.zone.empty()) labels["topology.kubernetes.io/zone"] = draft.zone;
  for (const auto& [k, v] : extra) labels[k] = v;
  json taints = json::array();
  for (const std::string& t : SplitList(draft.taints, ';')) {
    json taint;
    if (!ParseTaint(t, taint, error)) return false;
    taints.push_back(std::move(taint));
  }
  manifest = Node(draft.name, labels, {{"cpu", draft.cpu}, {"memory", draft.memory}, {"pods", draft.pods}}, taints)
                 .dump(2, ' ', false, json::error_handler_t::replace);
  return true;
}

std::string SampleClusterManifest() {
  json items = json::array();
  for (const char zone : {'a', 'b', 'c'})
    for (int i = 1; i <= 2; ++i) {
      const std::string name = std::string("node-") + zone + std::to_string(i);
      items.push_back(Node(name,
                           {{"kubernetes.io/hostname", name},
                            {"topology.kubernetes.io/region", "region-1"},
                            {"topology.kubernetes.io/zone", std::string("zone-") + zone}},
                           {{"cpu", "4"}, {"memory", "8Gi"}, {"pods", "110"}}, json::array()));
    }
  return json{{"apiVersion", "v1"}, {"kind", "List"}, {"items", std::move(items)}}.dump(2);
}

}  // namespace spreadlab::app
