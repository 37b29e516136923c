#pragma once
// Two pieces of Go's strconv (Go 1.26): Atoi, which Karpenter's requirement algebra reads the
// integer of Gt/Lt/Gte/Lte with, and Quote, fmt's %q in upstream's error texts (the API
// server's field errors, Karpenter's Compatible).
#include <cstdint>
#include <string>
#include <string_view>

namespace spreadlab::gostrconv {

struct AtoiResult {
  int64_t value;
  bool ok;  // err == nil
};

// Atoi as on a 64-bit platform: an optional sign and decimal digits, nothing else. A syntax error
// reads 0; a number beyond int64 reads the nearest int64 (ParseUint stops at the first digit that
// overflows, before it would see a later syntax error). ok is false for both.
AtoiResult Atoi(std::string_view s);

// Quote: s in double quotes with Go's escapes. Exact for ASCII (\", \\, \a \b \f \n \r \t \v,
// other controls as \xNN) and for invalid UTF-8 (\xNN per byte); of the valid non-ASCII runes the
// C1 controls and U+00AD are escaped (\u00NN) and the rest copied, where Go also escapes the other
// runes its Unicode tables call unprintable. Label keys are ASCII by validation.
std::string Quote(std::string_view s);

}  // namespace spreadlab::gostrconv
