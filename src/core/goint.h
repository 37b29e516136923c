#pragma once
// Go's int64 arithmetic, which wraps on overflow (two's complement), here without
// C++'s undefined behaviour. The scheduler's resource sums and scores are Go int64s
// (framework.Resource.Add is `r.MilliCPU += ...`), so a sum that overflows upstream
// wraps here in the same way, and adding then removing a pod restores a node's sums
// exactly. Amounts beyond int64 are first clamped when a quantity is read
// (core/quantity.h), as ParseQuantity clamps them.
#include <cstdint>

namespace spreadlab {

inline int64_t GoAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
inline int64_t GoSub(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
inline int64_t GoMul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}
// a / b for b != 0; Go defines MinInt64 / -1 as MinInt64 (the overflow wraps).
inline int64_t GoDiv(int64_t a, int64_t b) { return b == -1 ? GoSub(0, a) : a / b; }
// int64(f) as Go compiles it on amd64: a value outside int64 (or NaN) gives MinInt64.
inline int64_t GoFloatToInt(double f) {
  constexpr double kTwo63 = 9223372036854775808.0;
  if (!(f >= -kTwo63 && f < kTwo63)) return INT64_MIN;
  return static_cast<int64_t>(f);
}

}  // namespace spreadlab
