#pragma once
// metav1.Time as the API server reads it: RFC 3339 text, compared as Go's time.Time.
#include <optional>
#include <string>

namespace spreadlab::io {

// A metav1.Time as Unix nanoseconds. 128 bits because RFC 3339 allows the years 0000–9999,
// which 64-bit nanoseconds cannot hold, and Go's time.Time compares them exactly.
__extension__ typedef __int128 UnixNanos;

// RFC 3339 ("2026-11-24T01:10:40Z", fractions and offsets allowed) as Unix nanoseconds.
std::optional<UnixNanos> ParseTime(const std::string& text);

}  // namespace spreadlab::io
