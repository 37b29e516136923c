#pragma once
// "Where would it land under another configuration?": the same pod's cycle on
// two scenarios that share their nodes (two profiles, or two versions of a
// constraint), node by node. Nodes are matched by name; a node only one side
// has is reported with the other side absent.
#include <optional>
#include <string>
#include <vector>

#include "core/framework/framework.h"

namespace spreadlab::why {

// One score plugin's part of a node's total.
struct PluginScore {
  std::string plugin;
  int64_t score = 0;  // after NormalizeScore, 0..100
  int64_t weight = 0;
  int64_t weighted = 0;
};

struct SideVerdict {
  bool present = false;    // the node exists on this side
  bool evaluated = false;  // the filters ran on it (else: not evaluated)
  bool feasible = false;
  std::string rejectedBy;           // the plugin kube-scheduler reports, when rejected
  std::string reason;               // its reason
  std::optional<int64_t> total;     // the weighted score sum, when scored
  std::vector<PluginScore> scores;  // its parts, in the profile's order, when scored
};

struct CompareRow {
  std::string node;
  SideVerdict a, b;
  bool differs = false;  // feasibility, rejecting plugin or total differ
};

struct Comparison {
  std::string pod;                   // namespace/name
  std::string selectedA, selectedB;  // "" when the pod stays Pending
  std::string messageA, messageB;
  std::vector<CompareRow> rows;  // A's nodes in order, then those only B has
};

// One side's verdict on a node in words: "(no such node)", "not evaluated",
// "rejected: PLUGIN", "feasible" or "feasible, total N" (the CLI's table, the lab's panel).
std::string VerdictText(const SideVerdict& v);

// Runs the explained cycle of `podKey` on both sides. False with `error` when a
// side has no such pending pod.
bool Compare(Cluster& a, Framework& fa, Cluster& b, Framework& fb, const std::string& podKey, Comparison& out,
             std::string& error);

}  // namespace spreadlab::why
