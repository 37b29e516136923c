#pragma once
// Fluent builders for test objects, after upstream's pkg/scheduler/testing
// wrappers (st.MakePod(), st.MakeNode(), st.MakeLabelSelector()), so that
// ported test tables read like the Go originals.
#include <optional>
#include <string>
#include <vector>

#include "core/api.h"

namespace spreadlab::testing {

class LabelSelectorWrapper {
 public:
  LabelSelectorWrapper& Label(std::string k, std::string v) {
    s_.matchLabels[std::move(k)] = std::move(v);
    return *this;
  }
  LabelSelectorWrapper& In(std::string k, std::vector<std::string> vs) { return Expr(std::move(k), "In", std::move(vs)); }
  LabelSelectorWrapper& NotIn(std::string k, std::vector<std::string> vs) { return Expr(std::move(k), "NotIn", std::move(vs)); }
  LabelSelectorWrapper& Exists(std::string k) { return Expr(std::move(k), "Exists", {}); }
  LabelSelectorWrapper& NotExist(std::string k) { return Expr(std::move(k), "DoesNotExist", {}); }
  v1::LabelSelector Obj() const { return s_; }

 private:
  LabelSelectorWrapper& Expr(std::string k, std::string op, std::vector<std::string> vs) {
    s_.matchExpressions.push_back({std::move(k), std::move(op), std::move(vs)});
    return *this;
  }
  v1::LabelSelector s_;
};
inline LabelSelectorWrapper MakeLabelSelector() { return {}; }

class NodeWrapper {
 public:
  NodeWrapper& Name(std::string n) {
    n_.metadata.name = std::move(n);
    return *this;
  }
  NodeWrapper& Label(std::string k, std::string v) {
    n_.metadata.labels[std::move(k)] = std::move(v);
    return *this;
  }
  NodeWrapper& Taints(std::vector<v1::Taint> t) {
    n_.taints = std::move(t);
    return *this;
  }
  NodeWrapper& Unschedulable(bool u) {
    n_.unschedulable = u;
    return *this;
  }
  v1::Node Obj() const {
    v1::Node n = n_;
    n.metadata.ns.clear();
    if (n.path.empty()) n.path = "nodes[" + n.metadata.name + "]";
    return n;
  }

 private:
  v1::Node n_;
};
inline NodeWrapper MakeNode() { return {}; }

class PodWrapper {
 public:
  PodWrapper& Name(std::string n) {
    p_.metadata.name = std::move(n);
    return *this;
  }
  PodWrapper& Namespace(std::string ns) {
    p_.metadata.ns = std::move(ns);
    return *this;
  }
  PodWrapper& Label(std::string k, std::string v) {
    p_.metadata.labels[std::move(k)] = std::move(v);
    return *this;
  }
  PodWrapper& Labels(const v1::LabelMap& m) {
    for (const auto& [k, v] : m) p_.metadata.labels[k] = v;
    return *this;
  }
  PodWrapper& Node(std::string n) {
    p_.spec.nodeName = std::move(n);
    return *this;
  }
  PodWrapper& Terminating() {
    p_.metadata.terminating = true;
    return *this;
  }
  PodWrapper& NodeSelector(v1::LabelMap m) {
    p_.spec.nodeSelector = std::move(m);
    return *this;
  }
  // A required node affinity term `key In values` (one term per call, ORed).
  PodWrapper& NodeAffinityIn(std::string key, std::vector<std::string> values) {
    return RequiredTerm({{std::move(key), "In", std::move(values)}});
  }
  PodWrapper& NodeAffinityNotIn(std::string key, std::vector<std::string> values) {
    return RequiredTerm({{std::move(key), "NotIn", std::move(values)}});
  }
  PodWrapper& RequiredTerm(std::vector<v1::NodeSelectorRequirement> exprs,
                           std::vector<v1::NodeSelectorRequirement> fields = {}) {
    auto& na = NodeAffinity();
    if (!na.requiredDuringSchedulingIgnoredDuringExecution) na.requiredDuringSchedulingIgnoredDuringExecution.emplace();
    na.requiredDuringSchedulingIgnoredDuringExecution->nodeSelectorTerms.push_back({std::move(exprs), std::move(fields)});
    return *this;
  }
  PodWrapper& PreferredTerm(int32_t weight, std::vector<v1::NodeSelectorRequirement> exprs,
                            std::vector<v1::NodeSelectorRequirement> fields = {}) {
    NodeAffinity().preferredDuringSchedulingIgnoredDuringExecution.push_back({weight, {std::move(exprs), std::move(fields)}});
    return *this;
  }
  PodWrapper& Toleration(std::string key) {
    p_.spec.tolerations.push_back(v1::Toleration{std::move(key), "Exists", "", "", std::nullopt});
    return *this;
  }
  PodWrapper& Tolerations(std::vector<v1::Toleration> t) {
    p_.spec.tolerations = std::move(t);
    return *this;
  }
  // st.PodWrapper.SpreadConstraint(maxSkew, tpKey, mode, selector, minDomains, nodeAffinityPolicy, nodeTaintsPolicy, matchLabelKeys)
  PodWrapper& SpreadConstraint(int32_t maxSkew, std::string tpKey, std::string mode,
                               std::optional<v1::LabelSelector> selector, std::optional<int32_t> minDomains = std::nullopt,
                               std::optional<std::string> nodeAffinityPolicy = std::nullopt,
                               std::optional<std::string> nodeTaintsPolicy = std::nullopt,
                               std::vector<std::string> matchLabelKeys = {}) {
    v1::TopologySpreadConstraint c;
    c.maxSkew = maxSkew;
    c.topologyKey = std::move(tpKey);
    c.whenUnsatisfiable = std::move(mode);
    c.labelSelector = std::move(selector);
    c.minDomains = minDomains;
    c.nodeAffinityPolicy = std::move(nodeAffinityPolicy);
    c.nodeTaintsPolicy = std::move(nodeTaintsPolicy);
    c.matchLabelKeys = std::move(matchLabelKeys);
    p_.spec.topologySpreadConstraints.push_back(std::move(c));
    return *this;
  }
  PodWrapper& OwnerReference(std::string name, std::string apiVersion, std::string kind) {
    p_.metadata.ownerReferences.push_back({std::move(apiVersion), std::move(kind), std::move(name), true});
    return *this;
  }
  v1::Pod Obj() const {
    v1::Pod p = p_;
    if (p.path.empty()) p.path = "pods[" + p.metadata.name + "]";
    return p;
  }

 private:
  v1::NodeAffinity& NodeAffinity() {
    if (!p_.spec.affinity) p_.spec.affinity.emplace();
    if (!p_.spec.affinity->nodeAffinity) p_.spec.affinity->nodeAffinity.emplace();
    return *p_.spec.affinity->nodeAffinity;
  }
  v1::Pod p_;
};
inline PodWrapper MakePod() { return {}; }

inline v1::Taint MakeTaint(std::string key, std::string value, std::string effect) {
  return v1::Taint{std::move(key), std::move(value), std::move(effect)};
}

}  // namespace spreadlab::testing
