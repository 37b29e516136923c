#include "controlplane/admission/priority_admission.h"

#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "controlplane/controllers/controllers.h"
#include "io/json_fields.h"

namespace spreadlab::controlplane {

using io::Member;
using io::Str;

namespace {

using json = nlohmann::ordered_json;

struct Class {
  int64_t value = 0;
  std::string preemptionPolicy = "PreemptLowerPriority";  // the API's default for a PriorityClass
};

}  // namespace

void AdmitPriorities(json& doc) {
  json* items = doc.is_object() && doc.contains("items") && doc["items"].is_array() ? &doc["items"] : nullptr;
  auto each = [&](auto&& fn) {
    if (!items) return fn(doc, std::string());
    for (size_t i = 0; i < items->size(); ++i) fn((*items)[i], "items[" + std::to_string(i) + "]");
  };
  std::map<std::string, Class> classes = {{"system-node-critical", {kSystemNodeCritical}},
                                          {"system-cluster-critical", {kSystemClusterCritical}}};
  std::optional<std::pair<std::string, Class>> globalDefault;
  each([&](const json& item, const std::string&) {
    if (Str(item, "kind") != "PriorityClass") return;
    const json* meta = Member(item, "metadata");
    const std::string name = meta ? Str(*meta, "name") : "";
    const json* value = Member(item, "value");
    if (name.empty() || !value || !value->is_number_integer()) return;  // validation reports it
    Class c{value->get<int64_t>()};
    if (std::string p = Str(item, "preemptionPolicy"); !p.empty()) c.preemptionPolicy = p;
    classes[name] = c;
    // getDefaultPriorityClass: the lowest value among the global defaults.
    if (const json* g = Member(item, "globalDefault"); g && g->is_boolean() && g->get<bool>())
      if (!globalDefault || c.value < globalDefault->second.value) globalDefault = {name, c};
  });
  each([&](json& item, const std::string& path) {
    if (Str(item, "kind") != "Pod" || !item.is_object()) return;
    if (!item.contains("spec") || !item["spec"].is_object()) return;
    json& spec = item["spec"];
    if (Member(spec, "priority")) return;  // what the scheduler reads, as stored
    std::string name = Str(spec, "priorityClassName");
    Class c{0};
    if (name.empty()) {
      // DefaultPriorityWhenNoDefaultClassExists: 0, which the scheduler also reads for an
      // unset priority, so the document is left as written.
      if (!globalDefault) return;
      name = globalDefault->first;
      c = globalDefault->second;
      spec["priorityClassName"] = name;
    } else if (auto it = classes.find(name); it != classes.end()) {
      c = it->second;
    } else {
      throw ControllerError{(path.empty() ? "" : path + ".") + "spec.priorityClassName",
                            "Forbidden: no PriorityClass with name " + name + " was found"};
    }
    spec["priority"] = c.value;
    if (!Member(spec, "preemptionPolicy")) spec["preemptionPolicy"] = c.preemptionPolicy;
  });
}

}  // namespace spreadlab::controlplane
