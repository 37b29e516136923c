#pragma once
// The explanation of one scheduling cycle: every filter verdict on every node
// with the numbers behind it, every score, the choice and kube-scheduler's
// message. Flat arrays of plain records so that recording it costs little; the
// CLI, the JSON contract (contracts/trace_json) and the app all read this structure.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/cluster.h"
#include "core/framework/postfilter.h"
#include "core/framework/status.h"

namespace spreadlab {

// One DoNotSchedule constraint as PodTopologySpread's PreFilter saw it.
struct SpreadConstraintSummary {
  std::string topologyKey;
  std::string whenUnsatisfiable;
  int32_t maxSkew = 0;
  int32_t minDomains = 1;
  std::string nodeAffinityPolicy;
  std::string nodeTaintsPolicy;
  std::string selector;       // labels.Selector.String() form
  bool selfMatch = false;     // the incoming pod matches its own selector
  bool fromDefaults = false;  // built from the cluster's default constraints
  // Eligible domains and their matching pod counts (TpValueToMatchNum), in
  // node order of first appearance.
  std::vector<std::pair<std::string, int32_t>> domains;
  int32_t globalMin = 0;                 // the minimum used in the skew (0 when domains < minDomains)
  double topologyNormalizingWeight = 0;  // scoring only: log(domains + 2)
};

// The arithmetic of one constraint on one node (PodTopologySpread.Filter):
// matchNum + selfMatch - minMatchNum = skew, compared with maxSkew.
struct SpreadCheck {
  int32_t constraint = 0;  // index in CycleTrace::spreadFilter
  Sym domain = kNoSym;     // kNoSym: the node lacks the topology key
  int32_t matchNum = 0;
  int32_t selfMatch = 0;
  int32_t minMatchNum = 0;
  int32_t skew = 0;
  int32_t maxSkew = 0;
  bool pass = false;
};

// What a volume plugin decided on one node about one of the pod's claims or volumes, or
// one CSI driver: the objects behind its reason, which kube-scheduler's reasons do not
// name. Recorded by the plugin while it decides (VolumeBinding, VolumeZone,
// VolumeRestrictions, NodeVolumeLimits), in the order it decided; what it did not reach
// (it stops at the first claim that rules the node out) is absent. Indexes are into the
// Scenario's lists; -1 (kNone for a pod, kNoSym for a text) where a field does not apply.
struct VolumeCheck {
  enum class Outcome : uint8_t {
    // VolumeBinding (volumeBinder.FindPodVolumes), one per claim:
    BoundVolumeMatches,         // the claim is bound to `volume`, whose node affinity matches the node
    BoundVolumeConflict,        // ... whose node affinity does not
    BoundVolumeMissing,         // the claim names a volume that does not exist
    SelectedNodeElsewhere,      // its volume.kubernetes.io/selected-node names another node
    StaticVolume,               // FindMatchingVolume chose `volume` for the claim on this node
    Provision,                  // the class's provisioner would make a volume (`capacity`: the
                                // CSIStorageCapacity with room, when the driver reports capacity)
    ProvisionerMissing,         // no volume fits and the class cannot provision (no provisioner,
                                // or kubernetes.io/no-provisioner)
    AllowedTopologiesMismatch,  // the class's allowedTopologies leave the node out
    NotEnoughCapacity,          // no CSIStorageCapacity of the class the node reaches has room
    // VolumeZone, one per zone or region label of a bound volume:
    ZoneMatches,   // the node's value of `key` is one of the volume's
    ZoneConflict,  // ... is not (`nodeValue` kNoSym: the node lacks the label)
    // VolumeRestrictions:
    DiskConflict,           // the pod's volume `podVolume` is the same disk as one of `pod`'s on the node
    ReadWriteOncePodInUse,  // `claim` has the ReadWriteOncePod access mode and `pod` already uses it
    // NodeVolumeLimits, one per CSI driver of the pod's new volumes with a limit on the node:
    VolumeCount,  // attached + added against limit
  };
  Outcome outcome = Outcome::BoundVolumeMatches;
  bool pass = false;
  bool selectedNode = false;  // VolumeBinding: the claim's selected-node is this node (no volume was looked for)
  int32_t claim = -1;         // Scenario::persistentVolumeClaims
  int32_t volume = -1;        // Scenario::persistentVolumes
  int32_t capacity = -1;      // Scenario::csiStorageCapacities
  int32_t podVolume = -1;     // VolumeRestrictions: index in the pod's spec.volumes
  PodIndex pod = kNone;       // VolumeRestrictions: the pod holding the disk or the claim
  Sym key = kNoSym;           // VolumeZone: the label as the volume has it; NodeVolumeLimits: the driver
  Sym nodeValue = kNoSym;     // VolumeZone: the node's value of the label
  int32_t attached = 0, added = 0, limit = 0;  // NodeVolumeLimits
};

// "BoundVolumeMatches", "ZoneConflict", ...: the outcome's name in the JSON contract.
std::string_view VolumeOutcomeName(VolumeCheck::Outcome o);

// What InterPodAffinity computed in an explained cycle, in upstream's terms: its PreFilter
// and PreScore state, term by term, with the pods each term counted.
struct InterPodAffinityTermReport {
  // "requiredAffinity", "requiredAntiAffinity", "preferredAffinity",
  // "preferredAntiAffinity" (the incoming pod's), or "existingRequiredAntiAffinity",
  // "existingRequiredAffinity" (weighted hardPodAffinityWeight),
  // "existingPreferredAffinity", "existingPreferredAntiAffinity" (existing pods' terms
  // that match the incoming pod).
  std::string kind;
  std::string topologyKey;
  std::string selector;    // labels.Selector.String()
  std::string namespaces;  // "a,b", "<all>" for an empty namespaceSelector; existing
                           // pods' terms add " + namespaceSelector <selector>"
  int32_t weight = 0;      // preferred terms and hardPodAffinityWeight; 0 for required terms
  bool selfMatch = false;  // incoming terms: the incoming pod matches the term itself
  // Pods the term counts per topology value (incoming terms: existing pods
  // matching the term; existing terms: pods owning the term), in domain order.
  std::vector<std::pair<std::string, int64_t>> domains;
  // Existing terms: the pods owning the term (on nodes with the topology key), each with the
  // index in `domains` of its node's domain.
  std::vector<std::pair<PodIndex, uint32_t>> owners;
};

struct InterPodAffinityReport {
  PodIndex pod = kNone;  // the pod of the cycle the report is about
  bool preFilterRan = false, preScoreRan = false;
  Code preFilterCode = Code::Success, preScoreCode = Code::Success;
  // preFilterState's maps as (topologyKey, value) -> count, sorted.
  std::vector<std::tuple<std::string, std::string, int64_t>> affinityCounts, antiAffinityCounts,
      existingAntiAffinityCounts;
  bool selfMatch = false;  // podMatchesAllAffinityTerms(incoming terms, incoming pod)
  std::vector<InterPodAffinityTermReport> filterTerms;
  // preScoreState.topologyScore as (topologyKey, value) -> score, sorted.
  std::vector<std::tuple<std::string, std::string, int64_t>> topologyScore;
  std::vector<InterPodAffinityTermReport> scoreTerms;
};

// A filter plugin's verdict on one node. Its reasons are held by the trace
// (CycleTrace::Reasons): a plugin's status only views text that dies with the
// plugin, and a trace outlives the framework that recorded it.
struct FilterVerdict {
  uint16_t plugin = 0;  // index in CycleTrace::filterPlugins
  Code code = Code::Success;
  uint16_t reasonsCount = 0;
  uint32_t reasonsBegin = 0;  // range in CycleTrace::verdictReasons
  uint32_t checksBegin = 0;   // PodTopologySpread: range in CycleTrace::spreadChecks
  uint16_t checksCount = 0;
  uint32_t volumesBegin = 0;  // the volume plugins: range in CycleTrace::volumeChecks
  uint16_t volumesCount = 0;
};

struct ScoreEntry {
  uint16_t plugin = 0;  // index in CycleTrace::scorePlugins
  int64_t raw = 0;
  int64_t normalized = 0;
  int64_t weight = 0;
  int64_t weighted = 0;
};

// Why a node's filters did not run.
enum class NotEvaluated : uint8_t {
  No,
  PreFilterRejected,  // a PreFilter plugin rejected the pod outright
  PreFilterResult,    // a PreFilter plugin narrowed the candidates to other nodes
  EnoughFeasible,     // enough feasible nodes were found first (percentageOfNodesToScore)
  SchedulingGated,    // the pod has scheduling gates: no cycle ran
  NominatedNode,      // the pod's nominated node passed every filter: no other node was tried
};

// "PreFilterRejected", "PreFilterResult", "EnoughFeasible", "SchedulingGated", "NominatedNode" ("" for No).
std::string_view NotEvaluatedName(NotEvaluated n);

struct NodeTrace {
  NodeIndex node = kNone;
  bool evaluated = false;
  NotEvaluated notEvaluated = NotEvaluated::PreFilterRejected;
  bool feasible = false;
  int16_t firstFailure = -1;  // index into this node's verdicts of the one upstream reports
  uint32_t filterBegin = 0, filterCount = 0;
  uint32_t scoreBegin = 0, scoreCount = 0;
  int64_t total = 0;
  // The filters rejected the node with the pods nominated to it counted as if they ran there
  // (RunFilterPluginsWithNominatedPods' first pass): the room an earlier preemption made.
  bool rejectedWithNominatedPods = false;
};

// A pod nominated to a node by an earlier preemption, of the cycle's pod's priority or higher.
struct NominatedPod {
  NodeIndex node = kNone;
  PodIndex pod = kNone;
};

struct PreFilterVerdict {
  std::string plugin;
  Code code = Code::Success;
  std::string reason;
  std::optional<std::vector<std::string>> nodeNames;  // a PreFilterResult that narrows the nodes
};

struct CycleTrace {
  uint64_t cycle = 0;  // the framework's cycle counter when recorded (Framework::ExplainScore)
  PodIndex pod = kNone;
  std::vector<std::string> filterPlugins;        // enabled Filter plugins in profile order
  std::vector<std::string> scorePlugins;         // Score plugins that ran (not skipped)
  std::vector<std::string> skippedScorePlugins;  // PreScore returned Skip
  std::vector<PreFilterVerdict> preFilter;
  std::vector<SpreadConstraintSummary> spreadFilter;  // DoNotSchedule constraints
  std::vector<SpreadConstraintSummary> spreadScore;   // ScheduleAnyway constraints
  // InterPodAffinity's PreFilter and PreScore, when they ran (PreFilter starts it,
  // PreScore fills its half).
  std::optional<InterPodAffinityReport> interPodAffinity;

  std::vector<NodeTrace> nodes;  // every node, in cluster order
  std::vector<FilterVerdict> filters;
  std::vector<SpreadCheck> spreadChecks;
  std::vector<VolumeCheck> volumeChecks;
  std::vector<ScoreEntry> scores;

  bool scored = false;                 // false when fewer than two nodes are feasible (upstream skips scoring)
  int32_t numFeasibleNodesToFind = 0;  // filtering stops once this many feasible nodes are found
  int32_t evaluatedNodes = 0;          // nodes whose filters ran
  NodeIndex selected = kNone;
  // The feasible nodes that share the top total when several do, in the order scored:
  // selectHost picks one of them at random upstream, `selected` is the first here.
  std::vector<NodeIndex> topNodes;
  std::string message;  // FitError text when unschedulable, else the Scheduled event text
  std::string error;    // a framework error (Code::Error), if any
  // The pod's scheduling gates when SchedulingGates' PreEnqueue kept it out of every
  // cycle (kubectl shows it as SchedulingGated); no plugin ran then.
  std::vector<std::string> schedulingGates;
  // status.nominatedNodeName when that node is in the snapshot: it was tried first.
  NodeIndex nominatedNode = kNone;
  // Other pods nominated to a node with this pod's priority or higher: that node's filters
  // ran first as if they were there (RunFilterPluginsWithNominatedPods).
  std::vector<NominatedPod> nominatedPods;
  // DefaultPreemption's PostFilter, when no node fit and the profile has it.
  std::optional<preemption::Result> preemption;

  // The texts every verdict's reasons refer to, each distinct text once, owned
  // here; a verdict's reasons are a range of indices into them.
  std::vector<std::string> reasonTexts;
  std::vector<uint32_t> verdictReasons;

  // Records `s`'s reasons (every one when there are several) for `v`.
  void SetReasons(FilterVerdict& v, const Status& s);
  // The verdict's reasons in order; empty for a success.
  std::vector<std::string_view> Reasons(const FilterVerdict& v) const;
  // The first reason ("" when none).
  std::string_view FirstReason(const FilterVerdict& v) const;
  // Status.Message(): the reasons joined by ", ".
  std::string JoinedReasons(const FilterVerdict& v) const;
  // The verdict kube-scheduler reports for a node its filters rejected (the first
  // failure); nullptr when there is none.
  const FilterVerdict* Reported(const NodeTrace& nt) const {
    return nt.firstFailure < 0 ? nullptr : &filters[nt.filterBegin + nt.firstFailure];
  }

  void Clear();

 private:
  struct TextHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, uint32_t, TextHash, std::equal_to<>> reasonIndex_;
};

}  // namespace spreadlab
