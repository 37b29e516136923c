#pragma once
// The conflict matrix of one scheduling cycle: filter constraints x nodes.
// Each DoNotSchedule topology spread constraint is a row of its own (with the
// skew arithmetic), every other Filter plugin one row (with its upstream
// reason). Built from a CycleTrace recorded with explain=true over every node,
// so no filter logic is repeated here.
#include <string>
#include <vector>

#include "core/framework/trace.h"

namespace spreadlab::why {

enum class CellState : uint8_t {
  Pass,
  Fail,
  Skip,          // the plugin's PreFilter returned Skip: nothing to check, passes
  NotEvaluated,  // the filters did not run on the node (PreFilter rejection or result)
};

struct MatrixCell {
  CellState state = CellState::NotEvaluated;
  Code code = Code::Success;
  uint16_t reason = 0;  // index in ConflictMatrix::reasons; 0 is ""
  SpreadCheck check;    // spread rows only: matchNum + selfMatch - minMatchNum = skew vs maxSkew
};

struct MatrixRow {
  std::string plugin;                  // the Filter plugin
  int32_t constraint = -1;             // PodTopologySpread rows: index in CycleTrace::spreadFilter; else -1
  std::vector<NodeIndex> accepts;      // nodes this row alone lets through (Pass or Skip)
  std::vector<NodeIndex> soleBlocker;  // nodes that fail this row and no other
};

struct ConflictMatrix {
  std::vector<MatrixRow> rows;
  size_t numNodes = 0;               // columns: every node, in cluster order
  std::vector<MatrixCell> cells;     // row-major, rows.size() x numNodes
  std::vector<std::string> reasons;  // distinct reason texts (owned: the trace's views may not outlive it)
  std::vector<NodeIndex> feasible;   // the intersection of every row's accepts

  const MatrixCell& at(size_t row, NodeIndex node) const { return cells[row * numNodes + node]; }
};

// `trace` must come from a cycle with explain=true that evaluated every node
// it could (Framework::setEvaluateAllNodes); nodes a PreFilter kept out stay
// NotEvaluated in every row.
ConflictMatrix BuildMatrix(const CycleTrace& trace);

}  // namespace spreadlab::why
