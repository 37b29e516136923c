#pragma once
// What the files of core/validation/ share (not part of core/validation.h): the
// error list and its field helpers, the string formats, the label and metadata
// checks, and each object's validation for scenario.cpp. One section per file,
// each file porting one upstream package.
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/api.h"
#include "core/validation.h"

namespace spreadlab::validation {

using Errors = std::vector<FieldError>;

// ---------------------------------------------------------------------------
// field.cpp: paths and errors, k8s.io/apimachinery/pkg/util/validation/field.

// path + "." + name (just name at the root)
std::string Child(const std::string& path, std::string_view name);
// path + "[i]"
std::string Index(const std::string& path, size_t i);

// field.Invalid: "Invalid value: <value>: <detail>", a string quoted (strconv.Quote).
void AddInvalid(Errors& out, std::string path, std::string_view value, std::string_view detail);
void AddInvalid(Errors& out, std::string path, int64_t value, std::string_view detail);
// field.Required
void AddRequired(Errors& out, std::string path, std::string_view detail = {});
// field.Forbidden
void AddForbidden(Errors& out, std::string path, std::string_view detail);
// field.Duplicate, with the detail upstream sometimes sets afterwards.
void AddDuplicate(Errors& out, std::string path, std::string_view value, std::string_view detail = {});
// field.NotSupported
void AddNotSupported(Errors& out, std::string path, std::string_view value,
                     std::initializer_list<std::string_view> supported);
// field.NotFound, for references between objects of the scenario.
void AddNotFound(Errors& out, std::string path, std::string_view value, std::string_view detail);

// ---------------------------------------------------------------------------
// formats.cpp: string formats, k8s.io/apimachinery/pkg/util/validation (and
// k8s.io/apimachinery/pkg/api/validate/content). Upstream's messages, empty when valid.

std::vector<std::string> IsDNS1123Subdomain(std::string_view value);
std::vector<std::string> IsDNS1123Label(std::string_view value);
std::vector<std::string> IsDNS1035Label(std::string_view value);
std::vector<std::string> IsQualifiedName(std::string_view value);
std::vector<std::string> IsValidLabelValue(std::string_view value);
// strings.Join
std::string JoinMessages(const std::vector<std::string>& msgs, std::string_view sep);

// ---------------------------------------------------------------------------
// object_meta.cpp: labels and label selectors (k8s.io/apimachinery/pkg/apis/meta/v1/validation)
// and object metadata (k8s.io/apimachinery/pkg/api/validation).

void ValidateLabelName(std::string_view name, const std::string& path, Errors& out);
void ValidateLabels(const v1::LabelMap& labels, const std::string& path, Errors& out);
void ValidateLabelSelector(const v1::LabelSelector& selector, const std::string& path, Errors& out);

// The name's format: one of the Is* above.
using NameFn = std::vector<std::string> (*)(std::string_view);
void ValidateObjectMeta(const v1::ObjectMeta& meta, bool namespaced, NameFn nameFn, const std::string& path,
                        Errors& out);

// ---------------------------------------------------------------------------
// pod.cpp: k8s.io/kubernetes/pkg/apis/core/validation, the pod.

void ValidatePod(const v1::Pod& pod, Errors& out);
// Also for NodeAffinityArgs.addedAffinity (scheduler_config.cpp).
void ValidateNodeAffinity(const v1::NodeAffinity& affinity, const std::string& path, Errors& out);
// ValidateNodeSelector for a new object: also a PersistentVolume's node affinity (storage.cpp).
void ValidateNodeSelector(const v1::NodeSelector& selector, const std::string& path, Errors& out);
// Also for PodTopologySpreadArgs.defaultConstraints (scheduler_config.cpp).
void ValidateWhenUnsatisfiable(const std::string& action, const std::string& path, Errors& out);
// "{topologyKey, whenUnsatisfiable}" of a constraint, and whether two constraints share that pair.
std::string SpreadPairString(const v1::TopologySpreadConstraint& c);
bool SameSpreadPair(const v1::TopologySpreadConstraint& a, const v1::TopologySpreadConstraint& b);

// ---------------------------------------------------------------------------
// node.cpp: k8s.io/kubernetes/pkg/apis/core/validation, the node.

void ValidateNode(const v1::Node& node, Errors& out);
// Also for a toleration's effect (pod.cpp).
void ValidateTaintEffect(const std::string& effect, bool allowEmpty, const std::string& path, Errors& out);

// ---------------------------------------------------------------------------
// workloads.cpp: Service and ReplicationController (k8s.io/kubernetes/pkg/apis/core/validation),
// ReplicaSet and StatefulSet (k8s.io/kubernetes/pkg/apis/apps/validation).

void ValidateService(const v1::Service& service, Errors& out);
void ValidateReplicationController(const v1::ReplicationController& rc, Errors& out);
void ValidateReplicaSet(const v1::ReplicaSet& rs, Errors& out);
void ValidateStatefulSet(const v1::StatefulSet& ss, Errors& out);

// ---------------------------------------------------------------------------
// storage.cpp: PersistentVolumeClaim and PersistentVolume (k8s.io/kubernetes/pkg/apis/core/validation),
// StorageClass, CSINode, CSIDriver, CSIStorageCapacity, VolumeAttachment
// (k8s.io/kubernetes/pkg/apis/storage/validation).

void ValidatePersistentVolumeClaim(const v1::PersistentVolumeClaim& claim, Errors& out);
void ValidatePersistentVolume(const v1::PersistentVolume& volume, Errors& out);
void ValidateStorageClass(const v1::StorageClass& sc, Errors& out);
void ValidateCSINode(const v1::CSINode& node, Errors& out);
void ValidateCSIDriver(const v1::CSIDriver& driver, Errors& out);
void ValidateCSIStorageCapacity(const v1::CSIStorageCapacity& capacity, Errors& out);
void ValidateVolumeAttachment(const v1::VolumeAttachment& attachment, Errors& out);

// ---------------------------------------------------------------------------
// karpenter.cpp: Karpenter's NodePool (its CRD's schema and CEL rules) and spreadlab's
// InstanceTypeCatalog; `names`: the instance types seen so far.

void ValidateNodePool(const karpenterv1::NodePool& pool, Errors& out);
void ValidateInstanceType(const cloudprovider::InstanceType& it, std::set<std::string>& names, Errors& out);

// ---------------------------------------------------------------------------
// scheduler_config.cpp: k8s.io/kubernetes/pkg/scheduler/apis/config/validation.

void ValidateProfile(const config::Profile& profile, Errors& out);

}  // namespace spreadlab::validation
