#include "autoscaler/karpenter/apis/labels.h"

namespace spreadlab::autoscaler::karpenter::v1 {

namespace {

// fmt's %v of a []string: "[a b c]".
template <typename Strings>
std::string FormatList(const Strings& values) {
  std::string out = "[";
  bool first = true;
  for (const auto& value : values) {
    if (!first) out += ' ';
    out += value;
    first = false;
  }
  return out + "]";
}

std::string RestrictedLabelError(std::string_view key) {
  return "using label " + std::string(key) +
         " is not allowed as it might interfere with the internal provisioning logic; specify a well known label: " +
         FormatList(WellKnownLabels()) +
         ", or a custom label that does not use a restricted domain: " + FormatList(RestrictedLabelDomains());
}

bool HasSuffix(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace

StringSet& RestrictedLabelDomains() {
  static StringSet set{std::string(apis::kGroup)};
  return set;
}

StringSet& WellKnownLabels() {
  static StringSet set{
      std::string(kNodePoolLabelKey),
      std::string(corev1::kLabelTopologyZone),
      std::string(corev1::kLabelTopologyRegion),
      std::string(corev1::kLabelInstanceTypeStable),
      std::string(corev1::kLabelArchStable),
      std::string(corev1::kLabelOSStable),
      std::string(kCapacityTypeLabelKey),
      std::string(corev1::kLabelWindowsBuild),
  };
  return set;
}

StringSet& WellKnownResources() {
  static StringSet set{
      std::string(corev1::kResourceCPU),
      std::string(corev1::kResourceMemory),
      std::string(corev1::kResourceEphemeralStorage),
      std::string(corev1::kResourcePods),
  };
  return set;
}

std::map<std::string, StringSet, std::less<>>& WellKnownValuesForRequirements() {
  static std::map<std::string, StringSet, std::less<>> map{
      {std::string(kCapacityTypeLabelKey), StringSet{std::string(kCapacityTypeOnDemand), std::string(kCapacityTypeSpot),
                                                     std::string(kCapacityTypeReserved)}},
  };
  return map;
}

StringSet& WellKnownLabelsForOfferings() {
  static StringSet set{std::string(corev1::kLabelTopologyZone), std::string(kCapacityTypeLabelKey)};
  return set;
}

StringSet& RestrictedLabels() {
  static StringSet set{std::string(corev1::kLabelHostname)};
  return set;
}

std::map<std::string, std::string, std::less<>>& NormalizedLabels() {
  static std::map<std::string, std::string, std::less<>> map{
      {std::string(corev1::kLabelFailureDomainBetaZone), std::string(corev1::kLabelTopologyZone)},
      {"beta.kubernetes.io/arch", std::string(corev1::kLabelArchStable)},
      {"beta.kubernetes.io/os", std::string(corev1::kLabelOSStable)},
      {std::string(corev1::kLabelInstanceType), std::string(corev1::kLabelInstanceTypeStable)},
      {std::string(corev1::kLabelFailureDomainBetaRegion), std::string(corev1::kLabelTopologyRegion)},
  };
  return map;
}

std::map<std::string, std::map<std::string, std::string, std::less<>>, std::less<>>& NormalizedLabelValues() {
  static std::map<std::string, std::map<std::string, std::string, std::less<>>, std::less<>> map;
  return map;
}

// Mirrors v1.IsRestrictedLabel.
std::optional<std::string> IsRestrictedLabel(std::string_view key) {
  if (WellKnownLabels().count(key) > 0) return std::nullopt;
  const std::string labelDomain = GetLabelDomain(key);
  for (const std::string& restrictedLabelDomain : RestrictedLabelDomains()) {
    if (labelDomain == restrictedLabelDomain || HasSuffix(labelDomain, "." + restrictedLabelDomain)) {
      return RestrictedLabelError(key);
    }
  }
  if (RestrictedLabels().count(key) > 0) return RestrictedLabelError(key);
  return std::nullopt;
}

// Mirrors v1.HasKnownValues. A well-known label without an entry in
// WellKnownValuesForRequirements (e.g. the zone) has no known values, so it always fails, as
// upstream's nil set's HasAny does.
std::optional<std::string> HasKnownValues(const NodeSelectorRequirementWithMinValues& requirement) {
  if (WellKnownLabels().count(requirement.key) == 0) return std::nullopt;
  static const StringSet kNone;
  const auto& all = WellKnownValuesForRequirements();
  const auto it = all.find(requirement.key);
  const StringSet& known = it == all.end() ? kNone : it->second;
  for (const std::string& value : requirement.values) {
    if (known.count(value) > 0) return std::nullopt;
  }
  return "invalid values: " + FormatList(requirement.values) + " for key: " + requirement.key +
         ", expected one of: " + FormatList(known);
}

// Mirrors v1.GetLabelDomain (strings.SplitN(key, "/", 2)).
std::string GetLabelDomain(std::string_view key) {
  const size_t slash = key.find('/');
  if (slash == std::string_view::npos) return "";
  return std::string(key.substr(0, slash));
}

// Mirrors v1.NodeClassLabelKey.
std::string NodeClassLabelKey(const GroupKind& gk) {
  std::string kind = gk.kind;
  for (char& c : kind) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return gk.group + "/" + kind;
}

}  // namespace spreadlab::autoscaler::karpenter::v1
