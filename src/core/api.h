#pragma once
// The Kubernetes objects a scenario holds, as plain data with the API's own field
// names (k8s.io/api/core/v1, apps/v1, kubescheduler.config.k8s.io/v1). This is the
// editable document: io/ fills it from JSON, the app edits it, and Cluster
// compiles it into the interned form the scheduler runs on.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/quantity.h"
#include "core/release.h"
#include "core/selector_api.h"
#include "core/karpenter_api.h"
#include "core/storage_api.h"

namespace spreadlab::v1 {

struct PreferredSchedulingTerm {
  int32_t weight = 0;
  NodeSelectorTerm preference;
  bool operator==(const PreferredSchedulingTerm&) const = default;
};

struct NodeAffinity {
  std::optional<NodeSelector> requiredDuringSchedulingIgnoredDuringExecution;
  std::vector<PreferredSchedulingTerm> preferredDuringSchedulingIgnoredDuringExecution;
  bool operator==(const NodeAffinity&) const = default;
};

// PodAffinityTerm: pods matching labelSelector in the given namespaces (the
// pod's own when both namespaces and namespaceSelector are unset) define the
// topology domains the term is about.
struct PodAffinityTerm {
  std::optional<LabelSelector> labelSelector;
  std::vector<std::string> namespaces;
  std::string topologyKey;
  std::optional<LabelSelector> namespaceSelector;
  std::vector<std::string> matchLabelKeys;
  std::vector<std::string> mismatchLabelKeys;
  bool operator==(const PodAffinityTerm&) const = default;
};

struct WeightedPodAffinityTerm {
  int32_t weight = 0;
  PodAffinityTerm podAffinityTerm;
  bool operator==(const WeightedPodAffinityTerm&) const = default;
};

// PodAffinity and PodAntiAffinity have the same shape.
struct PodAffinity {
  std::vector<PodAffinityTerm> requiredDuringSchedulingIgnoredDuringExecution;
  std::vector<WeightedPodAffinityTerm> preferredDuringSchedulingIgnoredDuringExecution;
  bool operator==(const PodAffinity&) const = default;
};

struct Affinity {
  std::optional<NodeAffinity> nodeAffinity;
  std::optional<PodAffinity> podAffinity;
  std::optional<PodAffinity> podAntiAffinity;
  bool operator==(const Affinity&) const = default;
};

struct Toleration {
  std::string key;
  std::string op;  // "" (= Equal), Equal, Exists
  std::string value;
  std::string effect;  // "" (= all), NoSchedule, PreferNoSchedule, NoExecute
  std::optional<int64_t> tolerationSeconds;
  bool operator==(const Toleration&) const = default;
};

inline constexpr const char* kDoNotSchedule = "DoNotSchedule";
inline constexpr const char* kScheduleAnyway = "ScheduleAnyway";
inline constexpr const char* kHonor = "Honor";
inline constexpr const char* kIgnore = "Ignore";

struct TopologySpreadConstraint {
  int32_t maxSkew = 0;
  std::string topologyKey;
  std::string whenUnsatisfiable;
  std::optional<LabelSelector> labelSelector;
  std::optional<int32_t> minDomains;
  std::optional<std::string> nodeAffinityPolicy;  // default Honor
  std::optional<std::string> nodeTaintsPolicy;    // default Ignore
  std::vector<std::string> matchLabelKeys;
  bool operator==(const TopologySpreadConstraint&) const = default;
};

struct ContainerPort {
  int32_t containerPort = 0;
  int32_t hostPort = 0;
  std::string protocol = "TCP";
  std::string hostIP;
  bool operator==(const ContainerPort&) const = default;
};

struct Container {
  std::string name;
  std::string image;
  ResourceList requests;  // defaulted from limits where unset (core/resources.h DefaultPodResources)
  ResourceList limits;
  std::vector<ContainerPort> ports;
  std::optional<std::string> restartPolicy;  // "Always" marks a sidecar init container
  bool operator==(const Container&) const = default;
};

struct OwnerReference {
  std::string apiVersion;
  std::string kind;
  std::string name;
  bool controller = false;
  bool operator==(const OwnerReference&) const = default;
};

struct ObjectMeta {
  std::string name;
  std::string ns = "default";  // metadata.namespace
  LabelMap labels;
  std::vector<OwnerReference> ownerReferences;
  bool terminating = false;  // metadata.deletionTimestamp is set
  bool operator==(const ObjectMeta&) const = default;
};

struct PodSpec {
  std::string nodeName;
  LabelMap nodeSelector;
  std::optional<Affinity> affinity;
  std::vector<Toleration> tolerations;
  std::vector<TopologySpreadConstraint> topologySpreadConstraints;
  std::vector<Container> containers;
  std::vector<Container> initContainers;
  ResourceList overhead;
  std::string schedulerName = "default-scheduler";
  std::vector<std::string> schedulingGates;  // spec.schedulingGates[].name
  // spec.resources (PodLevelResources): requests as the API server defaults them
  // (defaultPodRequests), limits as written.
  v1::ResourceList podRequests, podLimits;
  // spec.priority: what the scheduler reads (io sets it from priorityClassName as the
  // API server's Priority admission does); unset counts as 0.
  std::optional<int32_t> priority;
  std::string priorityClassName;
  std::string preemptionPolicy;  // "Never" or "PreemptLowerPriority" ("" as the latter)
  std::vector<Volume> volumes;
  bool operator==(const PodSpec&) const = default;
};

struct Pod {
  ObjectMeta metadata;
  PodSpec spec;
  std::string phase;                 // status.phase; Succeeded and Failed pods are invisible to the scheduler
  std::string nominatedNodeName;     // status.nominatedNodeName, set by an earlier preemption
  std::optional<int64_t> startTime;  // status.startTime, Unix seconds
  // The first DisruptionTarget condition is True with reason PreemptionByScheduler
  // (preemption.PodTerminatingByPreemption, with a deletionTimestamp).
  bool preemptedByScheduler = false;
  std::string path;  // where it came from, e.g. "items[3]", for messages
  bool operator==(const Pod&) const = default;
};

struct ContainerImage {
  std::vector<std::string> names;
  int64_t sizeBytes = 0;
  bool operator==(const ContainerImage&) const = default;
};

struct Node {
  ObjectMeta metadata;
  bool unschedulable = false;  // spec.unschedulable
  std::vector<Taint> taints;   // spec.taints
  ResourceList allocatable;    // status.allocatable
  std::vector<ContainerImage> images;
  std::string path;
  bool operator==(const Node&) const = default;
};

// Namespaces matter for namespaceSelector in pod affinity terms.
struct Namespace {
  ObjectMeta metadata;
  std::string path;
  bool operator==(const Namespace&) const = default;
};

// Services and ReplicationControllers select with a plain map; a missing map
// selects nothing.
struct Service {
  ObjectMeta metadata;
  std::optional<LabelMap> selector;
  std::string path;
  bool operator==(const Service&) const = default;
};
struct ReplicationController {
  ObjectMeta metadata;
  std::optional<LabelMap> selector;
  std::string path;
  bool operator==(const ReplicationController&) const = default;
};
// ReplicaSets and StatefulSets select with a metav1.LabelSelector.
struct ReplicaSet {
  ObjectMeta metadata;
  std::optional<LabelSelector> selector;
  std::string path;
  bool operator==(const ReplicaSet&) const = default;
};
struct StatefulSet {
  ObjectMeta metadata;
  std::optional<LabelSelector> selector;
  std::string path;
  bool operator==(const StatefulSet&) const = default;
};

}  // namespace spreadlab::v1

namespace spreadlab::config {

struct Plugin {
  std::string name;
  std::optional<int32_t> weight;
  bool operator==(const Plugin&) const = default;
};

struct PluginSet {
  std::vector<Plugin> enabled;
  std::vector<std::string> disabled;  // "*" disables every default
  bool operator==(const PluginSet&) const = default;
};

// The extension points this simulator runs, and queueSort and bind, which a profile must
// fill (NewFramework refuses one without exactly one QueueSort and at least one Bind
// plugin); others (permit, preBind, ...) are accepted in the file and have no effect on a
// single scheduling decision.
struct Plugins {
  PluginSet multiPoint, preFilter, filter, postFilter, preScore, score, reserve, queueSort, bind;
  bool operator==(const Plugins&) const = default;
};

inline constexpr const char* kSystemDefaulting = "System";
inline constexpr const char* kListDefaulting = "List";

struct PodTopologySpreadArgs {
  std::vector<v1::TopologySpreadConstraint> defaultConstraints;
  std::string defaultingType = kSystemDefaulting;
  bool operator==(const PodTopologySpreadArgs&) const = default;
};

struct ResourceSpec {
  std::string name;
  int64_t weight = 1;
  bool operator==(const ResourceSpec&) const = default;
};

struct UtilizationShapePoint {
  int32_t utilization = 0;
  int32_t score = 0;
  bool operator==(const UtilizationShapePoint&) const = default;
};

inline constexpr const char* kLeastAllocated = "LeastAllocated";
inline constexpr const char* kMostAllocated = "MostAllocated";
inline constexpr const char* kRequestedToCapacityRatio = "RequestedToCapacityRatio";

struct ScoringStrategy {
  std::string type = kLeastAllocated;
  std::vector<ResourceSpec> resources = {{"cpu", 1}, {"memory", 1}};
  std::vector<UtilizationShapePoint> requestedToCapacityRatioShape;  // requestedToCapacityRatio.shape
  bool hasRequestedToCapacityRatio = false;                          // the requestedToCapacityRatio object is present
  bool operator==(const ScoringStrategy&) const = default;
};

// NodeResourcesFitArgs (v1 defaults applied).
struct NodeResourcesFitArgs {
  std::vector<std::string> ignoredResources;
  std::vector<std::string> ignoredResourceGroups;
  ScoringStrategy scoringStrategy;
  bool operator==(const NodeResourcesFitArgs&) const = default;
};

// NodeResourcesBalancedAllocationArgs (v1 defaults applied).
struct NodeResourcesBalancedAllocationArgs {
  std::vector<ResourceSpec> resources = {{"cpu", 1}, {"memory", 1}};
  bool operator==(const NodeResourcesBalancedAllocationArgs&) const = default;
};

// NodeAffinityArgs: node affinity the profile adds to every pod it schedules.
struct NodeAffinityArgs {
  std::optional<v1::NodeAffinity> addedAffinity;
  bool operator==(const NodeAffinityArgs&) const = default;
};

// InterPodAffinityArgs (v1 defaults applied).
struct InterPodAffinityArgs {
  int32_t hardPodAffinityWeight = 1;
  bool ignorePreferredTermsOfExistingPods = false;
  bool operator==(const InterPodAffinityArgs&) const = default;
};

// DefaultPreemptionArgs (v1 defaults applied).
struct DefaultPreemptionArgs {
  int32_t minCandidateNodesPercentage = 10;
  int32_t minCandidateNodesAbsolute = 100;
  bool operator==(const DefaultPreemptionArgs&) const = default;
};

// One KubeSchedulerConfiguration profile (the first one in the file).
struct Profile {
  std::string schedulerName = "default-scheduler";
  std::optional<Plugins> plugins;
  PodTopologySpreadArgs podTopologySpreadArgs;
  NodeResourcesFitArgs nodeResourcesFitArgs;
  NodeResourcesBalancedAllocationArgs balancedAllocationArgs;
  InterPodAffinityArgs interPodAffinityArgs;
  NodeAffinityArgs nodeAffinityArgs;
  DefaultPreemptionArgs defaultPreemptionArgs;
  // percentageOfNodesToScore (the profile's, else the configuration's); unset or
  // 0 means adaptive: 50% minus 1% per 125 nodes, at least 5%, at least 100 nodes.
  std::optional<int32_t> percentageOfNodesToScore;
  std::optional<int32_t> globalPercentageOfNodesToScore;  // the configuration's top-level field
  std::string configPath;                                 // the KubeSchedulerConfiguration item, e.g. "items[7]"
  std::string path;                                       // where it came from, e.g. "items[7].profiles[0]"
  std::string podTopologySpreadArgsPath;                  // e.g. "items[7].profiles[0].pluginConfig[1].args"
  std::string nodeResourcesFitArgsPath, balancedAllocationArgsPath, interPodAffinityArgsPath, nodeAffinityArgsPath,
      defaultPreemptionArgsPath;
  bool operator==(const Profile&) const = default;
};

}  // namespace spreadlab::config

namespace spreadlab {

// Everything one scenario file holds, in file order.
struct Scenario {
  std::vector<v1::Node> nodes;
  std::vector<v1::Pod> pods;
  std::vector<v1::Service> services;
  std::vector<v1::ReplicationController> replicationControllers;
  std::vector<v1::ReplicaSet> replicaSets;
  std::vector<v1::StatefulSet> statefulSets;
  std::vector<v1::Namespace> namespaces;
  // Storage (core/storage_api.h), read by the volume plugins.
  std::vector<v1::PersistentVolumeClaim> persistentVolumeClaims;
  std::vector<v1::PersistentVolume> persistentVolumes;
  std::vector<v1::StorageClass> storageClasses;
  std::vector<v1::CSINode> csiNodes;
  std::vector<v1::CSIDriver> csiDrivers;
  std::vector<v1::CSIStorageCapacity> csiStorageCapacities;
  std::vector<v1::VolumeAttachment> volumeAttachments;
  // Autoscaling (core/karpenter_api.h): Karpenter's NodePools and the instance types of every
  // InstanceTypeCatalog, in file order.
  std::vector<karpenterv1::NodePool> nodePools;
  std::vector<cloudprovider::InstanceType> instanceTypes;
  // How many of `nodes`, from the front, kube-scheduler's node informer listed when it
  // started (the API server lists them sorted by name); the others reached its cache later,
  // as add events in this order (nodes a simulation's events or a what-if added). All of
  // them unless told otherwise.
  size_t listedNodes = SIZE_MAX;
  std::optional<config::Profile> profile;
  // The kube-scheduler release answered for, with its feature gates (core/release.h).
  Release release;
  bool operator==(const Scenario&) const = default;
};

}  // namespace spreadlab
