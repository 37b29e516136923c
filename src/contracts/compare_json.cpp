#include "contracts/compare_json.h"

namespace spreadlab::contracts {

namespace {

using ojson = nlohmann::ordered_json;

ojson OrNull(const std::string& s) { return s.empty() ? ojson(nullptr) : ojson(s); }

ojson Side(const why::SideVerdict& v) {
  if (!v.present) return nullptr;
  ojson scores = ojson::array();
  for (const why::PluginScore& s : v.scores)
    scores.push_back(ojson{{"plugin", s.plugin}, {"score", s.score}, {"weight", s.weight}, {"weighted", s.weighted}});
  return ojson{{"evaluated", v.evaluated},
               {"feasible", v.feasible},
               {"rejectedBy", OrNull(v.rejectedBy)},
               {"reason", OrNull(v.reason)},
               {"total", v.total ? ojson(*v.total) : ojson(nullptr)},
               {"scores", std::move(scores)}};
}

}  // namespace

nlohmann::ordered_json CompareToJson(const why::Comparison& c) {
  ojson nodes = ojson::array();
  for (const auto& r : c.rows)
    nodes.push_back(ojson{{"name", r.node}, {"differs", r.differs}, {"a", Side(r.a)}, {"b", Side(r.b)}});
  return ojson{{"version", kCompareContractVersion},
               {"pod", c.pod},
               {"a", {{"selected", OrNull(c.selectedA)}, {"message", c.messageA}}},
               {"b", {{"selected", OrNull(c.selectedB)}, {"message", c.messageB}}},
               {"nodes", std::move(nodes)}};
}

}  // namespace spreadlab::contracts
