#include "core/intern.h"

namespace spreadlab {

Sym StringPool::Intern(std::string_view s) {
  if (auto it = ids_.find(s); it != ids_.end()) return it->second;
  Sym id = static_cast<Sym>(strings_.size());
  strings_.emplace_back(s);
  ids_.emplace(strings_.back(), id);
  return id;
}

Sym StringPool::Find(std::string_view s) const {
  auto it = ids_.find(s);
  return it == ids_.end() ? kNoSym : it->second;
}

}  // namespace spreadlab
