#pragma once
// What upstream's noderesources tests share at package level.
#include <cstdint>
#include <map>
#include <string>

#include "testing/wrappers.h"

namespace spreadlab::testing::noderesources {

// makeNode(node, milliCPU, memory, extendedResource): allocatable cpu, memory and
// the given extended resources.
inline v1::Node makeNode(const std::string& name, int64_t milliCPU, int64_t memory,
                         const std::map<std::string, int64_t>& extendedResource = {}) {
  v1::ResourceList rl;
  for (const auto& [n, q] : extendedResource) rl[n] = Quantity{q, q * 1000};
  rl[kResourceCPU] = Quantity{(milliCPU + 999) / 1000, milliCPU};
  rl[kResourceMemory] = Quantity{memory, memory * 1000};
  return MakeNode().Name(name).Allocatable(rl).Obj();
}

}  // namespace spreadlab::testing::noderesources
