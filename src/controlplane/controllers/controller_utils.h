#pragma once
// What the workload controllers share of a document's objects (upstream's
// pkg/controller/controller_utils.go and the apimachinery helpers it uses): the template
// hash, generated names, the fields every controller reads, the controller reference it
// sets. The controllers' shared members (Describe, Claim, PodFrom, Add, Delete, Note, ...)
// are defined beside these, in controller_utils.cpp.
#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "controlplane/controllers/controller_ref_manager.h"
#include "core/api.h"

namespace spreadlab::controlplane {

using json = nlohmann::ordered_json;

// controller.ComputeHash of a pod template and its collision count.
std::string TemplateHash(const json& tmpl, int64_t collisionCount);

// names.SimpleNameGenerator: base + 5 random alphanumerics, no name given twice.
std::string GeneratedName(const std::string& base, uint32_t n, const std::string& ns,
                          const std::set<std::string>& podNames);

// The member `key` of an object when it is an object, else null.
const json* Obj(const json& obj, const char* key);

// metadata.labels' string members.
v1::LabelMap Labels(const json* meta);

// A workload's spec.selector as the core's selector.
std::optional<v1::LabelSelector> SelectorOf(const json& spec, bool mapSelector);

// An object's namespace ("" and none are the default one).
std::string NamespaceOf(const json& meta);

// metadata.deletionTimestamp is set.
bool BeingDeleted(const json& meta);

// The ownerReference a controller sets on what it creates or adopts (metav1.NewControllerRef).
json ControllerRefTo(const ClaimingController& c);

}  // namespace spreadlab::controlplane
