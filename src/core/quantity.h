#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
namespace spreadlab {
// A parsed Kubernetes resource.Quantity, kept as the two integer views the scheduler uses.
//
// Rounding: both views round a fractional amount away from zero, as apimachinery's
// Value()/MilliValue() do ("0.5" -> 1, "-1.5" -> -2, "-0.5m" -> milli -1).
// Overflow: a view that does not fit saturates to INT64_MAX for positive amounts and
// INT64_MIN for negative ones. Binary-suffixed amounts (Ki..Ei) are first capped at
// magnitude INT64_MAX, as ParseQuantity does, so "-8Ei" has value -INT64_MAX.
struct Quantity {
  int64_t value = 0;  // Quantity.Value(): rounded away from zero to an integer
  int64_t milli = 0;  // Quantity.MilliValue(): rounded away from zero to whole thousandths

  bool operator==(const Quantity&) const = default;
};
// Parses a quantity string exactly as k8s.io/apimachinery/pkg/api/resource.ParseQuantity does,
// with the amount computed exactly (no floating point) before rounding.
// On failure returns std::nullopt and, if `error` is non-null, writes apimachinery's error text:
// ErrFormatWrong, ErrNumeric ("unable to parse numeric part of quantity") or
// ErrSuffix ("unable to parse quantity's suffix"). Decimal exponents outside int32 are rejected
// with ErrSuffix rather than wrapped.
std::optional<Quantity> ParseQuantity(std::string_view s, std::string* error = nullptr);
}  // namespace spreadlab
