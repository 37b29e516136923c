#include "core/framework/trace.h"

namespace spreadlab {

std::string_view NotEvaluatedName(NotEvaluated n) {
  switch (n) {
    case NotEvaluated::No: return "";
    case NotEvaluated::PreFilterRejected: return "PreFilterRejected";
    case NotEvaluated::PreFilterResult: return "PreFilterResult";
    case NotEvaluated::EnoughFeasible: return "EnoughFeasible";
  }
  return "";
}

void CycleTrace::Clear() {
  pod = kNone;
  filterPlugins.clear();
  scorePlugins.clear();
  skippedScorePlugins.clear();
  preFilter.clear();
  spreadFilter.clear();
  spreadScore.clear();
  nodes.clear();
  filters.clear();
  spreadChecks.clear();
  scores.clear();
  scored = false;
  numFeasibleNodesToFind = 0;
  evaluatedNodes = 0;
  selected = kNone;
  message.clear();
  error.clear();
}

}  // namespace spreadlab
