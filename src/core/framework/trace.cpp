#include "core/framework/trace.h"

namespace spreadlab {

std::string_view NotEvaluatedName(NotEvaluated n) {
  switch (n) {
    case NotEvaluated::No:
      return "";
    case NotEvaluated::PreFilterRejected:
      return "PreFilterRejected";
    case NotEvaluated::PreFilterResult:
      return "PreFilterResult";
    case NotEvaluated::EnoughFeasible:
      return "EnoughFeasible";
    case NotEvaluated::SchedulingGated:
      return "SchedulingGated";
    case NotEvaluated::NominatedNode:
      return "NominatedNode";
  }
  return "";
}

std::string_view VolumeOutcomeName(VolumeCheck::Outcome o) {
  using O = VolumeCheck::Outcome;
  switch (o) {
    case O::BoundVolumeMatches:
      return "BoundVolumeMatches";
    case O::BoundVolumeConflict:
      return "BoundVolumeConflict";
    case O::BoundVolumeMissing:
      return "BoundVolumeMissing";
    case O::SelectedNodeElsewhere:
      return "SelectedNodeElsewhere";
    case O::StaticVolume:
      return "StaticVolume";
    case O::Provision:
      return "Provision";
    case O::ProvisionerMissing:
      return "ProvisionerMissing";
    case O::AllowedTopologiesMismatch:
      return "AllowedTopologiesMismatch";
    case O::NotEnoughCapacity:
      return "NotEnoughCapacity";
    case O::ZoneMatches:
      return "ZoneMatches";
    case O::ZoneConflict:
      return "ZoneConflict";
    case O::DiskConflict:
      return "DiskConflict";
    case O::ReadWriteOncePodInUse:
      return "ReadWriteOncePodInUse";
    case O::VolumeCount:
      return "VolumeCount";
  }
  return "";
}

void CycleTrace::SetReasons(FilterVerdict& v, const Status& s) {
  v.reasonsBegin = static_cast<uint32_t>(verdictReasons.size());
  for (std::string_view r : AllReasons(s.reason, s.reasons)) {
    auto it = reasonIndex_.find(r);
    if (it == reasonIndex_.end()) {
      it = reasonIndex_.emplace(std::string(r), static_cast<uint32_t>(reasonTexts.size())).first;
      reasonTexts.emplace_back(r);
    }
    verdictReasons.push_back(it->second);
  }
  v.reasonsCount = static_cast<uint16_t>(verdictReasons.size() - v.reasonsBegin);
}

std::vector<std::string_view> CycleTrace::Reasons(const FilterVerdict& v) const {
  std::vector<std::string_view> out;
  out.reserve(v.reasonsCount);
  for (uint32_t i = 0; i < v.reasonsCount; ++i) out.emplace_back(reasonTexts[verdictReasons[v.reasonsBegin + i]]);
  return out;
}

std::string_view CycleTrace::FirstReason(const FilterVerdict& v) const {
  return v.reasonsCount == 0 ? std::string_view() : std::string_view(reasonTexts[verdictReasons[v.reasonsBegin]]);
}

std::string CycleTrace::JoinedReasons(const FilterVerdict& v) const {
  std::string out;
  for (std::string_view r : Reasons(v)) out.append(out.empty() ? "" : ", ").append(r);
  return out;
}

void CycleTrace::Clear() {
  cycle = 0;
  pod = kNone;
  preemption.reset();
  filterPlugins.clear();
  scorePlugins.clear();
  skippedScorePlugins.clear();
  preFilter.clear();
  spreadFilter.clear();
  spreadScore.clear();
  interPodAffinity.reset();
  nodes.clear();
  filters.clear();
  spreadChecks.clear();
  volumeChecks.clear();
  scores.clear();
  scored = false;
  numFeasibleNodesToFind = 0;
  evaluatedNodes = 0;
  selected = kNone;
  topNodes.clear();
  message.clear();
  error.clear();
  schedulingGates.clear();
  nominatedNode = kNone;
  nominatedPods.clear();
  reasonTexts.clear();
  verdictReasons.clear();
  reasonIndex_.clear();
}

}  // namespace spreadlab
