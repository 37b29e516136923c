#include "contracts/why_json.h"

#include "core/resources.h"
#include "contracts/trace_json.h"

namespace spreadlab::contracts {

namespace {
using ojson = nlohmann::ordered_json;
using why::CellState;
using why::EditKind;

std::string_view CellResult(CellState s) {
  switch (s) {
    case CellState::Pass:
      return "pass";
    case CellState::Fail:
      return "fail";
    case CellState::Skip:
      return "skip";
    case CellState::NotEvaluated:
      return "notEvaluated";
  }
  return "";
}

ojson Names(const Cluster& cluster, const std::vector<NodeIndex>& nodes) {
  ojson a = ojson::array();
  for (NodeIndex n : nodes) a.push_back(cluster.node(n).name);
  return a;
}

ojson RowToJson(const Cluster& cluster, const why::Report& r, size_t row) {
  const why::MatrixRow& mr = r.matrix.rows[row];
  ojson j;
  j["plugin"] = mr.plugin;
  j["constraint"] = mr.constraint < 0 ? ojson(nullptr) : ojson(mr.constraint);
  if (mr.constraint >= 0) j["spread"] = SpreadSummaryToJson(r.spreadFilter[mr.constraint], false);
  j["accepts"] = Names(cluster, mr.accepts);
  j["soleBlockerOf"] = Names(cluster, mr.soleBlocker);
  ojson cells = ojson::array();
  for (NodeIndex n = 0; n < static_cast<NodeIndex>(r.matrix.numNodes); ++n) {
    const why::MatrixCell& c = r.matrix.at(row, n);
    ojson cj;
    cj["node"] = cluster.node(n).name;
    cj["result"] = CellResult(c.state);
    if (c.state != CellState::NotEvaluated) {
      cj["code"] = CodeName(c.code);
      cj["reason"] = r.matrix.reasons[c.reason];
    }
    if (mr.constraint >= 0 && c.state != CellState::NotEvaluated) {
      const SpreadCheck& k = c.check;
      cj["domain"] = k.domain == kNoSym ? ojson(nullptr) : ojson(cluster.pool().Str(k.domain));
      cj["matchNum"] = k.matchNum;
      cj["selfMatch"] = k.selfMatch;
      cj["minMatchNum"] = k.minMatchNum;
      cj["skew"] = k.skew;
      cj["maxSkew"] = k.maxSkew;
    }
    cells.push_back(std::move(cj));
  }
  j["cells"] = std::move(cells);
  return j;
}

// The fields of the edit that its kind uses.
ojson ChangeToJson(const why::Edit& e) {
  ojson j;
  switch (e.kind) {
    case EditKind::RaiseMaxSkew:
    case EditKind::LowerMinDomains:
      j["constraint"] = e.constraint;
      j["fromDefaults"] = e.fromDefaults;
      j["from"] = e.from;
      j["to"] = e.to;
      break;
    case EditKind::SetNodeAffinityPolicy:
    case EditKind::SetNodeTaintsPolicy:
      j["constraint"] = e.constraint;
      j["fromDefaults"] = e.fromDefaults;
      j["to"] = e.value;
      break;
    case EditKind::ScheduleAnyway:
      j["constraint"] = e.constraint;
      j["fromDefaults"] = e.fromDefaults;
      break;
    case EditKind::DropNodeSelector:
      j["key"] = e.value;
      break;
    case EditKind::DropNodeAffinityRequirement:
      j["term"] = e.term;
      j["requirement"] = e.requirement;
      break;
    case EditKind::DropRequiredNodeAffinity:
      j["requirements"] = e.from;
      break;
    case EditKind::TolerateTaints: {
      ojson taints = ojson::array();
      for (const auto& t : e.taints) taints.push_back(ojson{{"key", t.key}, {"value", t.value}, {"effect", t.effect}});
      j["taints"] = std::move(taints);
      break;
    }
    case EditKind::UncordonNode:
      j["node"] = e.node;
      break;
    case EditKind::AddNode:
      j["name"] = e.newNode;
      j["copyOf"] = e.node;
      if (!e.labels.empty()) j["labels"] = e.labels;
      break;
    case EditKind::MovePod:
      j["pod"] = e.pod;
      j["from"] = e.node;
      j["to"] = e.newNode;
      break;
    case EditKind::ShrinkPodRequests: {
      j["pod"] = e.pod;
      j["node"] = e.node;
      ojson requests = ojson::array();
      for (const auto& c : e.requests)
        requests.push_back(ojson{{"resource", c.name},
                                 {"from", FormatResourceAmount(c.name, c.from)},
                                 {"to", FormatResourceAmount(c.name, c.to)}});
      j["requests"] = std::move(requests);
      break;
    }
    case EditKind::DeletePod:
      j["pod"] = e.pod;
      j["node"] = e.node;
      break;
    case EditKind::RecreateClaim:
      j["claim"] = e.claim;
      j["volume"] = e.volume.empty() ? ojson(nullptr) : ojson(e.volume);
      j["storageClass"] = e.storageClass.empty() ? ojson(nullptr) : ojson(e.storageClass);
      break;
  }
  return j;
}

}  // namespace

ojson WhyToJson(const Cluster& cluster, const why::Report& r) {
  ojson j;
  j["whyVersion"] = kWhyContractVersion;
  j["pod"] = cluster.pod(r.pod).key;
  j["selected"] = r.selected == kNone ? ojson(nullptr) : ojson(cluster.node(r.selected).name);
  j["message"] = r.message;
  if (!r.schedulingGates.empty()) j["schedulingGates"] = r.schedulingGates;  // added with scheduling gates
  j["error"] = r.error.empty() ? ojson(nullptr) : ojson(r.error);
  j["targetNode"] = r.targetNode.empty() ? ojson(nullptr) : ojson(r.targetNode);
  j["preFilter"] = PreFilterToJson(r.preFilter);

  ojson matrix;
  ojson nodes = ojson::array();
  for (const NodeTrace& nt : r.nodes) {
    ojson n{{"name", cluster.node(nt.node).name}, {"evaluated", nt.evaluated}};
    if (!nt.evaluated) n["notEvaluated"] = NotEvaluatedName(nt.notEvaluated);
    n["feasible"] = nt.feasible;
    nodes.push_back(std::move(n));
  }
  matrix["nodes"] = std::move(nodes);
  matrix["rows"] = ojson::array();
  for (size_t row = 0; row < r.matrix.rows.size(); ++row) matrix["rows"].push_back(RowToJson(cluster, r, row));
  matrix["feasible"] = Names(cluster, r.matrix.feasible);
  j["matrix"] = std::move(matrix);
  if (r.preemption) j["preemption"] = PreemptionToJson(cluster, *r.preemption);  // added with resource fixes

  j["searched"] = r.searched;
  j["candidatesTried"] = r.candidatesTried;
  ojson suggestions = ojson::array();
  for (size_t i = 0; i < r.suggestions.size(); ++i) {
    const why::Suggestion& s = r.suggestions[i];
    ojson sj;
    sj["rank"] = i + 1;
    sj["kind"] = why::EditKindName(s.edit.kind);
    sj["summary"] = s.summary;
    sj["change"] = ChangeToJson(s.edit);
    sj["cost"] = ojson{{"class", why::CostClassName(why::CostClassOf(s.edit.kind))},
                       {"magnitude", why::Magnitude(s.edit)},
                       {"skewAfter", s.skewAfter}};
    sj["newlyFeasible"] = s.newlyFeasible;
    sj["feasibleNodes"] = s.feasibleNodes;
    sj["lands"] = s.lands.empty() ? ojson(nullptr) : ojson(s.lands);
    sj["landsOnTarget"] = s.landsOnTarget;
    sj["message"] = s.message;
    if (why::LosesData(s.edit)) sj["losesData"] = true;  // added with the volume plugins
    suggestions.push_back(std::move(sj));
  }
  j["suggestions"] = std::move(suggestions);
  return j;
}

}  // namespace spreadlab::contracts
