#pragma once
// What the PostFilter step (DefaultPreemption, core/plugins/defaultpreemption) found,
// kept in the cycle's trace.
#include <string>
#include <vector>

#include "core/cluster.h"
#include "core/framework/status.h"

namespace spreadlab::preemption {

struct Candidate {
  NodeIndex node = kNone;
  std::vector<PodIndex> victims;  // most important first (MoreImportantVictim)
};

// What the nominating info of the PostFilterResult does to status.nominatedNodeName.
enum class Nominating { Unchanged, Clear, Set };

// A node's verdict in the dry run (the inner FitError's statuses).
struct DryRunStatus {
  NodeIndex node = kNone;
  Code code = Code::Success;
  std::vector<std::string> reasons;
};

struct Result {
  Code code = Code::Unschedulable;  // the PostFilter status
  std::string message;              // PostFilterMsg ("preemption: ..."), "" for none
  bool eligible = true;
  Nominating nominating = Nominating::Unchanged;
  NodeIndex nominatedNode = kNone;
  std::vector<PodIndex> victims;       // on nominatedNode
  std::vector<NodeIndex> potential;    // nodes where preemption might help, in evaluation order
  size_t candidatesNum = 0;            // how many candidates upstream looks for
  std::vector<Candidate> candidates;   // in evaluation order
  std::vector<DryRunStatus> rejected;  // nodes of `potential` that no preemption helps
  std::vector<NodeIndex> tie;          // the candidates as good as the chosen one (upstream: random)
};

}  // namespace spreadlab::preemption
