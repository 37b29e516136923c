#include "core/framework/trace.h"

namespace spreadlab {

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
  selected = kNone;
  message.clear();
  error.clear();
}

}  // namespace spreadlab
