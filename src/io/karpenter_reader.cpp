#include "io/karpenter_reader.h"

#include <cmath>

#include "io/scenario_json.h"

namespace spreadlab::io {

using namespace read;

namespace {

std::vector<karpenterv1::Requirement> ReadRequirements(const json* arr, const Path& path) {
  std::vector<karpenterv1::Requirement> out;
  ForEach(arr, path, [&](const json& r, const Path& p) {
    karpenterv1::Requirement req;
    req.key = StringField(r, "key", p);
    req.op = StringField(r, "operator", p);
    if (const json* v = Field(r, "values")) req.values = StringList(*v, Child(p, "values"));
    if (const json* m = Field(r, "minValues")) req.minValues = AsInt(*m, Child(p, "minValues"), INT32_MIN, INT32_MAX);
    out.push_back(std::move(req));
  });
  return out;
}

// spec.template (NodeClaimTemplate).
karpenterv1::NodeClaimTemplate ReadTemplate(const json& t, const Path& path) {
  karpenterv1::NodeClaimTemplate out;
  const Path mp = Child(path, "metadata");
  if (const json* meta = ObjectField(t, "metadata", path)) {
    if (const json* l = ObjectField(*meta, "labels", mp)) out.labels = StringMap(*l, Child(mp, "labels"));
    if (const json* a = ObjectField(*meta, "annotations", mp))
      out.annotations = StringMap(*a, Child(mp, "annotations"));
  }
  const Path sp = Child(path, "spec");
  const json* spec = ObjectField(t, "spec", path);
  if (!spec) return out;
  const Path rp = Child(sp, "nodeClassRef");
  if (const json* ref = ObjectField(*spec, "nodeClassRef", sp))
    out.nodeClassRef = {StringField(*ref, "group", rp), StringField(*ref, "kind", rp), StringField(*ref, "name", rp)};
  out.taints = Taints(ArrayField(*spec, "taints", sp), Child(sp, "taints"));
  out.startupTaints = Taints(ArrayField(*spec, "startupTaints", sp), Child(sp, "startupTaints"));
  out.requirements = ReadRequirements(ArrayField(*spec, "requirements", sp), Child(sp, "requirements"));
  out.expireAfter = StringField(*spec, "expireAfter", sp, out.expireAfter);
  out.terminationGracePeriod = StringField(*spec, "terminationGracePeriod", sp);
  return out;
}

karpenterv1::Disruption ReadDisruption(const json& d, const Path& path) {
  karpenterv1::Disruption out;
  out.consolidateAfter = StringField(d, "consolidateAfter", path, out.consolidateAfter);
  out.consolidationPolicy = StringField(d, "consolidationPolicy", path, out.consolidationPolicy);
  if (const json* budgets = ArrayField(d, "budgets", path)) {
    out.budgets.clear();
    ForEach(budgets, Child(path, "budgets"), [&](const json& b, const Path& p) {
      karpenterv1::Budget budget;
      budget.nodes = StringField(b, "nodes", p, budget.nodes);
      budget.schedule = StringField(b, "schedule", p);
      budget.duration = StringField(b, "duration", p);
      if (const json* r = Field(b, "reasons")) budget.reasons = StringList(*r, Child(p, "reasons"));
      out.budgets.push_back(std::move(budget));
    });
  }
  return out;
}

karpenterv1::NodePool ReadNodePool(const json& item, const Path& path) {
  karpenterv1::NodePool pool;
  pool.path = path.str();
  pool.name = ReadMeta(item, path, false).name;
  const Path sp = Child(path, "spec");
  const json* spec = ObjectField(item, "spec", path);
  if (!spec) Fail(sp, "Required value");
  if (const json* t = ObjectField(*spec, "template", sp))
    pool.tmpl = ReadTemplate(*t, Child(sp, "template"));
  else
    Fail(Child(sp, "template"), "Required value");
  if (const json* d = ObjectField(*spec, "disruption", sp))
    pool.disruption = ReadDisruption(*d, Child(sp, "disruption"));
  if (const json* l = ObjectField(*spec, "limits", sp)) pool.limits = Resources(*l, Child(sp, "limits"));
  pool.weight = OptInt32Field(*spec, "weight", sp);
  if (const json* r = Field(*spec, "replicas")) pool.replicas = AsInt(*r, Child(sp, "replicas"), INT64_MIN, INT64_MAX);
  return pool;
}

double ReadPrice(const json& j, const Path& path) {
  if (!j.is_number() || !std::isfinite(j.get<double>()))
    Fail(path, "Invalid value: " + Describe(j) + ": expected a price, a number");
  return j.get<double>();
}

// One InstanceTypeCatalog's instanceTypes.
void ReadCatalog(const json& item, const Path& path, Scenario& out) {
  const Path ip = Child(path, "instanceTypes");
  const json* types = ArrayField(item, "instanceTypes", path);
  if (!types) Fail(ip, "Required value: the instance types the cloud offers");
  ForEach(types, ip, [&](const json& t, const Path& p) {
    cloudprovider::InstanceType it;
    it.path = p.str();
    it.name = StringField(t, "name", p);
    it.requirements = ReadRequirements(ArrayField(t, "requirements", p), Child(p, "requirements"));
    if (const json* c = ObjectField(t, "capacity", p)) it.capacity = Resources(*c, Child(p, "capacity"));
    const Path op = Child(p, "overhead");
    if (const json* o = ObjectField(t, "overhead", p)) {
      if (const json* r = ObjectField(*o, "kubeReserved", op))
        it.kubeReserved = Resources(*r, Child(op, "kubeReserved"));
      if (const json* r = ObjectField(*o, "systemReserved", op))
        it.systemReserved = Resources(*r, Child(op, "systemReserved"));
      if (const json* r = ObjectField(*o, "evictionThreshold", op))
        it.evictionThreshold = Resources(*r, Child(op, "evictionThreshold"));
    }
    ForEach(ArrayField(t, "offerings", p), Child(p, "offerings"), [&](const json& o, const Path& q) {
      cloudprovider::Offering offering;
      offering.zone = StringField(o, "zone", q);
      offering.capacityType = StringField(o, "capacityType", q, karpenterv1::kCapacityTypeOnDemand);
      if (const json* price = Field(o, "price")) offering.price = ReadPrice(*price, Child(q, "price"));
      if (Field(o, "available")) offering.available = BoolField(o, "available", q);
      it.offerings.push_back(std::move(offering));
    });
    out.instanceTypes.push_back(std::move(it));
  });
}

void ExpectApiVersion(const json& item, const Path& path, const char* want) {
  const std::string apiVersion = StringField(item, "apiVersion", path);
  if (apiVersion != want)
    Fail(Child(path, "apiVersion"),
         "Unsupported value: " + QuoteText(apiVersion) + ": supported values: \"" + want + "\"");
}

}  // namespace

bool ReadAutoscalingItem(const std::string& kind, const json& item, const Path& path, Scenario& out) {
  if (kind == "NodePool") {
    ExpectApiVersion(item, path, "karpenter.sh/v1");
    out.nodePools.push_back(ReadNodePool(item, path));
  } else if (kind == "InstanceTypeCatalog") {
    ExpectApiVersion(item, path, "spreadlab.io/v1alpha1");
    ReadCatalog(item, path, out);
  } else {
    return false;
  }
  return true;
}

}  // namespace spreadlab::io
