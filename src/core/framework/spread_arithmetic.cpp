#include "core/framework/spread_arithmetic.h"

namespace spreadlab {

std::string SpreadArithmetic(const CycleTrace& t, const SpreadCheck& k, const StringPool& pool) {
  const std::string& key = t.spreadFilter[k.constraint].topologyKey;
  if (k.domain == kNoSym) return key + ": node has no such label";
  return key + "=" + pool.Str(k.domain) + ": " + std::to_string(k.matchNum) + " + " + std::to_string(k.selfMatch) +
         " - " + std::to_string(k.minMatchNum) + " = " + std::to_string(k.skew) + (k.pass ? " <= " : " > ") +
         "maxSkew " + std::to_string(k.maxSkew);
}

}  // namespace spreadlab
