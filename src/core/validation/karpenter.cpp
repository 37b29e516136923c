// Karpenter's NodePool as the API server admits it: the CRD's schema and its CEL rules
// (sigs.k8s.io/karpenter pkg/apis/crds/karpenter.sh_nodepools.yaml, v1.15), worded as the
// API server words a CRD's errors (k8s.io/apiextensions-apiserver validation: "<path> in
// body should ..."; a CEL rule's message after the value's type). Then spreadlab's
// InstanceTypeCatalog (docs/autoscaling.md).
#include <set>
#include <string>
#include <string_view>

#include "core/validation/internal.h"

namespace spreadlab::validation {

namespace {

bool IsDigits(std::string_view s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos; }
bool IsAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// ^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$
bool IsLabelValueFormat(std::string_view v) {
  if (v.empty()) return true;
  if (!IsAlnum(v.front()) || !IsAlnum(v.back())) return false;
  for (char c : v)
    if (!IsAlnum(c) && c != '-' && c != '_' && c != '.') return false;
  return true;
}

// [a-z0-9]([-a-z0-9]*[a-z0-9])?
bool IsLowerLabel(std::string_view s) {
  if (s.empty() || s.front() == '-' || s.back() == '-') return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  return true;
}

// The key pattern of requirements and taints:
// ^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*(\/))?([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$
bool IsKeyFormat(std::string_view k) {
  const size_t slash = k.find('/');
  std::string_view name = k;
  if (slash != std::string_view::npos) {
    std::string_view prefix = k.substr(0, slash);
    name = k.substr(slash + 1);
    for (size_t start = 0;;) {
      const size_t dot = prefix.find('.', start);
      if (!IsLowerLabel(prefix.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start)))
        return false;
      if (dot == std::string_view::npos) break;
      start = dot + 1;
    }
  }
  return !name.empty() && IsLabelValueFormat(name);
}

// ^([0-9]+(s|m|h))+$, with "|Never" when `never`.
bool IsDurationFormat(std::string_view d, bool never) {
  if (never && d == "Never") return true;
  if (d.empty()) return false;
  size_t i = 0;
  while (i < d.size()) {
    const size_t start = i;
    while (i < d.size() && d[i] >= '0' && d[i] <= '9') ++i;
    if (i == start || i == d.size() || (d[i] != 's' && d[i] != 'm' && d[i] != 'h')) return false;
    ++i;
  }
  return true;
}

// ^((100|[0-9]{1,2})%|[0-9]+)$
bool IsBudgetNodesFormat(std::string_view n) {
  if (!n.empty() && n.back() == '%') {
    const std::string_view p = n.substr(0, n.size() - 1);
    return p == "100" || (IsDigits(p) && p.size() <= 2);
  }
  return IsDigits(n);
}

// ^((([0-9]+(h|m))|([0-9]+h[0-9]+m))(0s)?)$
bool IsBudgetDurationFormat(std::string_view d) {
  if (d.size() >= 2 && d.substr(d.size() - 2) == "0s") d.remove_suffix(2);
  const size_t h = d.find('h');
  if (h != std::string_view::npos && h + 1 < d.size())  // NhMm
    return IsDigits(d.substr(0, h)) && d.back() == 'm' && IsDigits(d.substr(h + 1, d.size() - h - 2));
  return d.size() >= 2 && (d.back() == 'h' || d.back() == 'm') && IsDigits(d.substr(0, d.size() - 1));
}

// ^(@(annually|yearly|monthly|weekly|daily|midnight|hourly))|((.+)\s(.+)\s(.+)\s(.+)\s(.+))$: the
// first alternative anchored at the start only, the second at the end only.
bool IsScheduleFormat(std::string_view s) {
  for (std::string_view m : {"@annually", "@yearly", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"})
    if (s.substr(0, m.size()) == m) return true;
  // Five non-empty fields separated by single whitespace characters, the first may be preceded by anything.
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
  int fields = 0;
  size_t end = s.size();
  while (end > 0 && fields < 4) {  // the last four fields, each after one whitespace character
    size_t i = end;
    while (i > 0 && !space(s[i - 1])) --i;
    if (i == end || i == 0) return false;
    ++fields;
    end = i - 1;
  }
  return fields == 4 && end > 0;
}

// A pattern's error, as the API server words it for a CRD field.
void AddPattern(Errors& out, const std::string& path, std::string_view value, std::string_view pattern) {
  AddInvalid(out, path, value, path + " in body should match '" + std::string(pattern) + "'");
}

void AddEnum(Errors& out, const std::string& path, const std::string& value,
             std::initializer_list<std::string_view> allowed) {
  for (std::string_view a : allowed)
    if (value == a) return;
  AddNotSupported(out, path, value, allowed);
}

void AddRange(Errors& out, const std::string& path, int64_t value, int64_t lo, int64_t hi) {
  if (value < lo)
    AddInvalid(out, path, value, path + " in body should be greater than or equal to " + std::to_string(lo));
  else if (value > hi)
    AddInvalid(out, path, value, path + " in body should be less than or equal to " + std::to_string(hi));
}

constexpr std::string_view kKeyPattern =
    "^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*(\\/"
    "))?([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$";
constexpr std::string_view kLabelValuePattern = "^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$";

// The CEL rules the CRD puts on every label key it restricts (requirements' keys, template labels).
void AddRestrictedKey(Errors& out, const std::string& path, std::string_view key, std::string_view type) {
  const std::string_view domain = key.substr(0, key.find('/'));
  const bool karpenterDomain = domain.size() >= 12 && domain.substr(domain.size() - 12) == karpenterv1::kGroup;
  if (key != karpenterv1::kCapacityTypeLabelKey && key != karpenterv1::kNodePoolLabelKey && karpenterDomain)
    AddInvalid(out, path, type, "label domain \"karpenter.sh\" is restricted");
  if (key == karpenterv1::kNodePoolLabelKey)
    AddInvalid(out, path, type, "label \"karpenter.sh/nodepool\" is restricted");
  if (key == "kubernetes.io/hostname") AddInvalid(out, path, type, "label \"kubernetes.io/hostname\" is restricted");
}

void ValidateTaints(const std::vector<v1::Taint>& taints, const std::string& path, Errors& out) {
  for (size_t i = 0; i < taints.size(); ++i) {
    const std::string p = Index(path, i);
    const v1::Taint& t = taints[i];
    if (t.effect.empty())
      AddRequired(out, Child(p, "effect"));
    else
      AddEnum(out, Child(p, "effect"), t.effect, {"NoSchedule", "PreferNoSchedule", "NoExecute"});
    if (t.key.empty())
      AddRequired(out, Child(p, "key"));
    else if (!IsKeyFormat(t.key))
      AddPattern(out, Child(p, "key"), t.key, kKeyPattern);
    if (!t.value.empty() && !IsKeyFormat(t.value)) AddPattern(out, Child(p, "value"), t.value, kKeyPattern);
  }
}

void ValidateRequirements(const std::vector<karpenterv1::Requirement>& reqs, const std::string& path, Errors& out) {
  if (reqs.size() > 100)
    out.push_back({path, "Too many: " + std::to_string(reqs.size()) + ": must have at most 100 items"});
  bool inWithoutValues = false, badNumber = false, tooFewValues = false;
  for (size_t i = 0; i < reqs.size(); ++i) {
    const std::string p = Index(path, i);
    const karpenterv1::Requirement& r = reqs[i];
    const std::string kp = Child(p, "key");
    if (r.key.empty()) {
      AddRequired(out, kp);
    } else {
      if (r.key.size() > 316) out.push_back({kp, "Too long: may not be more than 316 bytes"});
      if (!IsKeyFormat(r.key)) AddPattern(out, kp, r.key, kKeyPattern);
      AddRestrictedKey(out, kp, r.key, "string");
    }
    if (r.minValues) AddRange(out, Child(p, "minValues"), *r.minValues, 1, 50);
    if (r.op.empty())
      AddRequired(out, Child(p, "operator"));
    else
      AddEnum(out, Child(p, "operator"), r.op, {"In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt", "Gte", "Lte"});
    inWithoutValues |= r.op == "In" && r.values.empty();
    const bool numeric = r.op == "Gt" || r.op == "Lt" || r.op == "Gte" || r.op == "Lte";
    badNumber |= numeric && (r.values.size() != 1 || !IsDigits(r.values[0]));
    tooFewValues |= r.op == "In" && r.minValues && static_cast<int64_t>(r.values.size()) < *r.minValues;
  }
  if (inWithoutValues) AddInvalid(out, path, "array", "requirements with operator 'In' must have a value defined");
  if (badNumber)
    AddInvalid(out, path, "array",
               "requirements operator 'Gt', 'Lt', 'Gte', or 'Lte' must have a single positive integer value");
  if (tooFewValues)
    AddInvalid(out, path, "array",
               "requirements with 'minValues' must have at least that many values specified in the 'values' field");
}

void ValidateTemplate(const karpenterv1::NodeClaimTemplate& t, const std::string& path, Errors& out) {
  const std::string lp = Child(Child(path, "metadata"), "labels");
  if (t.labels.size() > 100)
    out.push_back({lp, "Too many: " + std::to_string(t.labels.size()) + ": must have at most 100 items"});
  for (const auto& [key, value] : t.labels) {
    const std::string vp = Child(lp, key);
    if (value.size() > 63) out.push_back({vp, "Too long: may not be more than 63 bytes"});
    if (!IsLabelValueFormat(value)) AddPattern(out, vp, value, kLabelValuePattern);
  }
  for (const auto& [key, value] : t.labels) AddRestrictedKey(out, lp, key, "object");
  const std::string sp = Child(path, "spec");
  const std::string rp = Child(sp, "nodeClassRef");
  const karpenterv1::NodeClassReference& ref = t.nodeClassRef;
  if (ref.group.empty() && ref.kind.empty() && ref.name.empty()) {
    AddRequired(out, rp);
  } else {
    if (ref.group.find('/') != std::string::npos) AddPattern(out, Child(rp, "group"), ref.group, "^[^/]*$");
    if (ref.group.empty()) AddInvalid(out, Child(rp, "group"), "string", "group may not be empty");
    if (ref.kind.empty()) AddInvalid(out, Child(rp, "kind"), "string", "kind may not be empty");
    if (ref.name.empty()) AddInvalid(out, Child(rp, "name"), "string", "name may not be empty");
  }
  ValidateTaints(t.taints, Child(sp, "taints"), out);
  ValidateTaints(t.startupTaints, Child(sp, "startupTaints"), out);
  ValidateRequirements(t.requirements, Child(sp, "requirements"), out);
  if (!IsDurationFormat(t.expireAfter, true))
    AddPattern(out, Child(sp, "expireAfter"), t.expireAfter, "^(([0-9]+(s|m|h))+|Never)$");
  if (!t.terminationGracePeriod.empty() && !IsDurationFormat(t.terminationGracePeriod, false))
    AddPattern(out, Child(sp, "terminationGracePeriod"), t.terminationGracePeriod, "^([0-9]+(s|m|h))+$");
}

void ValidateDisruption(const karpenterv1::Disruption& d, const std::string& path, Errors& out) {
  if (!IsDurationFormat(d.consolidateAfter, true))
    AddPattern(out, Child(path, "consolidateAfter"), d.consolidateAfter, "^(([0-9]+(s|m|h))+|Never)$");
  AddEnum(out, Child(path, "consolidationPolicy"), d.consolidationPolicy,
          {"WhenEmpty", "WhenEmptyOrUnderutilized", "Balanced"});
  const std::string bp = Child(path, "budgets");
  if (d.budgets.size() > 50)
    out.push_back({bp, "Too many: " + std::to_string(d.budgets.size()) + ": must have at most 50 items"});
  bool unpaired = false;
  for (size_t i = 0; i < d.budgets.size(); ++i) {
    const karpenterv1::Budget& b = d.budgets[i];
    const std::string p = Index(bp, i);
    if (!IsBudgetNodesFormat(b.nodes)) AddPattern(out, Child(p, "nodes"), b.nodes, "^((100|[0-9]{1,2})%|[0-9]+)$");
    if (!b.duration.empty() && !IsBudgetDurationFormat(b.duration))
      AddPattern(out, Child(p, "duration"), b.duration, "^((([0-9]+(h|m))|([0-9]+h[0-9]+m))(0s)?)$");
    if (!b.schedule.empty() && !IsScheduleFormat(b.schedule))
      AddPattern(out, Child(p, "schedule"), b.schedule,
                 "^(@(annually|yearly|monthly|weekly|daily|midnight|hourly))|((.+)\\s(.+)\\s(.+)\\s(.+)\\s(.+))$");
    for (size_t k = 0; k < b.reasons.size(); ++k)
      AddEnum(out, Index(Child(p, "reasons"), k), b.reasons[k], {"Underutilized", "Empty", "Drifted", "Unhealthy"});
    unpaired |= b.schedule.empty() != b.duration.empty();
  }
  if (unpaired) AddInvalid(out, bp, "array", "'schedule' must be set with 'duration'");
}

}  // namespace

void ValidateNodePool(const karpenterv1::NodePool& pool, Errors& out) {
  for (const std::string& msg : IsDNS1123Subdomain(pool.name))
    AddInvalid(out, Child(Child(pool.path, "metadata"), "name"), pool.name, msg);
  const std::string spec = Child(pool.path, "spec");
  ValidateTemplate(pool.tmpl, Child(spec, "template"), out);
  ValidateDisruption(pool.disruption, Child(spec, "disruption"), out);
  if (pool.weight) AddRange(out, Child(spec, "weight"), *pool.weight, 1, 100);
  if (pool.replicas) {
    AddRange(out, Child(spec, "replicas"), *pool.replicas, 0, INT64_MAX);
    if (!pool.limits.empty() && (pool.limits.size() != 1 || !pool.limits.count("nodes")))
      AddInvalid(out, spec, "object", "only 'limits.nodes' is supported on static NodePools");
    if (pool.weight) AddInvalid(out, spec, "object", "'weight' is not supported on static NodePools");
  }
}

// spreadlab's own item: each instance type named once, with a capacity and somewhere to launch it.
void ValidateInstanceType(const cloudprovider::InstanceType& it, std::set<std::string>& names, Errors& out) {
  const std::string name = Child(it.path, "name");
  if (it.name.empty())
    AddRequired(out, name);
  else if (!names.insert(it.name).second)
    AddDuplicate(out, name, it.name);
  for (const char* r : {"cpu", "memory", "pods"})
    if (!it.capacity.count(r))
      AddRequired(out, Child(Child(it.path, "capacity"), r), "every instance type says what it holds");
  ValidateRequirements(it.requirements, Child(it.path, "requirements"), out);
  const std::string offerings = Child(it.path, "offerings");
  if (it.offerings.empty()) AddRequired(out, offerings, "where the instance type can be launched");
  for (size_t i = 0; i < it.offerings.size(); ++i) {
    const cloudprovider::Offering& o = it.offerings[i];
    const std::string p = Index(offerings, i);
    if (o.zone.empty()) AddRequired(out, Child(p, "zone"));
    AddEnum(out, Child(p, "capacityType"), o.capacityType,
            {karpenterv1::kCapacityTypeOnDemand, karpenterv1::kCapacityTypeSpot, karpenterv1::kCapacityTypeReserved});
    if (o.price < 0) out.push_back({Child(p, "price"), "Invalid value: must not be negative"});
  }
}

}  // namespace spreadlab::validation
