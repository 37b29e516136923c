#pragma once
// String interning: label keys, label values, namespaces and names become small
// integers so that selector matching and domain counting never touch strings in
// the scheduling inner loops.
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>

namespace spreadlab {

using Sym = uint32_t;
inline constexpr Sym kNoSym = UINT32_MAX;  // "absent" (e.g. a node without a label)

class StringPool {
 public:
  Sym Intern(std::string_view s);
  // Returns kNoSym when `s` was never interned (and so cannot match anything).
  Sym Find(std::string_view s) const;
  const std::string& Str(Sym id) const { return strings_[id]; }
  size_t Size() const { return strings_.size(); }

 private:
  std::deque<std::string> strings_;  // deque: stable addresses for the map's views
  std::unordered_map<std::string_view, Sym> ids_;
};

}  // namespace spreadlab
