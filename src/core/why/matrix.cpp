#include "core/why/matrix.h"

#include <algorithm>

#include "core/plugins/podtopologyspread/plugin.h"

namespace spreadlab::why {

namespace {
using plugins::PodTopologySpread;

uint16_t ReasonIndex(ConflictMatrix& m, std::string_view reason) {
  auto it = std::find(m.reasons.begin(), m.reasons.end(), reason);
  if (it == m.reasons.end()) it = m.reasons.insert(it, std::string(reason));
  return static_cast<uint16_t>(it - m.reasons.begin());
}
}  // namespace

ConflictMatrix BuildMatrix(const CycleTrace& trace) {
  ConflictMatrix m;
  m.reasons.emplace_back();
  m.numNodes = trace.nodes.size();
  // Row of each filter plugin, or of its first constraint for PodTopologySpread.
  std::vector<size_t> firstRow(trace.filterPlugins.size());
  for (size_t p = 0; p < trace.filterPlugins.size(); ++p) {
    firstRow[p] = m.rows.size();
    const std::string& name = trace.filterPlugins[p];
    if (name == PodTopologySpread::kName && !trace.spreadFilter.empty()) {
      for (size_t c = 0; c < trace.spreadFilter.size(); ++c) m.rows.push_back({name, static_cast<int32_t>(c), {}, {}});
    } else {
      m.rows.push_back({name, -1, {}, {}});
    }
  }
  m.cells.resize(m.rows.size() * m.numNodes);

  for (const NodeTrace& nt : trace.nodes) {
    if (!nt.evaluated) continue;
    for (uint32_t i = 0; i < nt.filterCount; ++i) {
      const FilterVerdict& v = trace.filters[nt.filterBegin + i];
      const size_t row = firstRow[v.plugin];
      if (v.checksCount == 0) {
        MatrixCell& cell = m.cells[row * m.numNodes + nt.node];
        cell.code = v.code;
        cell.state = v.code == Code::Skip      ? CellState::Skip
                     : v.code == Code::Success ? CellState::Pass
                                               : CellState::Fail;
        cell.reason = ReasonIndex(m, trace.JoinedReasons(v));
        continue;
      }
      // PodTopologySpread: one verdict per constraint, with the reason Filter
      // gives for that constraint's failure.
      for (uint16_t c = 0; c < v.checksCount; ++c) {
        const SpreadCheck& k = trace.spreadChecks[v.checksBegin + c];
        MatrixCell& cell = m.cells[(row + k.constraint) * m.numNodes + nt.node];
        cell.check = k;
        cell.state = k.pass ? CellState::Pass : CellState::Fail;
        cell.code = k.pass               ? Code::Success
                    : k.domain == kNoSym ? Code::UnschedulableAndUnresolvable
                                         : Code::Unschedulable;
        if (!k.pass)
          cell.reason = ReasonIndex(m, k.domain == kNoSym ? PodTopologySpread::kErrReasonNodeLabelNotMatch
                                                          : PodTopologySpread::kErrReasonConstraintsNotMatch);
      }
    }
  }

  for (const NodeTrace& nt : trace.nodes) {
    const NodeIndex n = nt.node;
    size_t failures = 0, lastFailure = 0;
    for (size_t r = 0; r < m.rows.size(); ++r) {
      CellState s = m.at(r, n).state;
      if (s == CellState::Pass || s == CellState::Skip) m.rows[r].accepts.push_back(n);
      if (s == CellState::Fail) ++failures, lastFailure = r;
    }
    if (!nt.evaluated) continue;
    if (failures == 0) m.feasible.push_back(n);
    if (failures == 1) m.rows[lastFailure].soleBlocker.push_back(n);
  }
  return m;
}

}  // namespace spreadlab::why
