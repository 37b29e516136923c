#include "core/labels.h"

#include <algorithm>
#include <charconv>

namespace spreadlab {

void LabelSet::Set(Sym key, Sym value) {
  auto it = std::lower_bound(kv_.begin(), kv_.end(), key, [](const auto& p, Sym k) { return p.first < k; });
  if (it != kv_.end() && it->first == key) {
    it->second = value;
  } else {
    kv_.insert(it, {key, value});
  }
}

Sym LabelSet::Get(Sym key) const {
  // Label sets are small: a linear scan beats binary search up to a dozen entries.
  if (kv_.size() <= 12) {
    for (const auto& [k, v] : kv_)
      if (k == key) return v;
    return kNoSym;
  }
  auto it = std::lower_bound(kv_.begin(), kv_.end(), key, [](const auto& p, Sym k) { return p.first < k; });
  return (it != kv_.end() && it->first == key) ? it->second : kNoSym;
}

void Selector::Add(Requirement r) {
  std::sort(r.values.begin(), r.values.end());
  auto it = std::upper_bound(reqs_.begin(), reqs_.end(), r.key, [](Sym k, const Requirement& q) { return k < q.key; });
  reqs_.insert(it, std::move(r));
}

bool ParseInt64(std::string_view s, int64_t* out) {
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && p == s.data() + s.size();
}

// labels.Requirement.Matches
bool RequirementMatches(const Requirement& r, const LabelSet& labels, const StringPool& pool) {
  Sym v = labels.Get(r.key);
  switch (r.op) {
    case SelOp::Equals:
    case SelOp::In:
      return v != kNoSym && std::binary_search(r.values.begin(), r.values.end(), v);
    case SelOp::NotIn:
      return v == kNoSym || !std::binary_search(r.values.begin(), r.values.end(), v);
    case SelOp::Exists:
      return v != kNoSym;
    case SelOp::DoesNotExist:
      return v == kNoSym;
    case SelOp::Gt:
    case SelOp::Lt: {
      int64_t n = 0;
      if (v == kNoSym || !r.numberValid || !ParseInt64(pool.Str(v), &n)) return false;
      return r.op == SelOp::Gt ? n > r.number : n < r.number;
    }
  }
  return false;
}

bool Selector::Matches(const LabelSet& labels, const StringPool& pool) const {
  if (nothing_) return false;
  for (const auto& r : reqs_)
    if (!RequirementMatches(r, labels, pool)) return false;
  return true;
}

size_t Selector::Hash() const {
  size_t h = nothing_ ? kHashSeed : 0;
  auto mix = [&h](size_t v) { h ^= v + kHashSeed + (h << 6) + (h >> 2); };
  for (const auto& r : reqs_) {
    mix(r.key);
    mix(static_cast<size_t>(r.op));
    for (Sym v : r.values) mix(v);
    mix(static_cast<size_t>(r.number));
  }
  return h;
}

}  // namespace spreadlab

namespace spreadlab {

std::string SelectorString(const Selector& s, const StringPool& pool) {
  if (s.IsNothing()) return "<nothing>";
  if (s.Empty()) return "<everything>";
  // Upstream keeps requirements sorted by key text; ours are sorted by symbol.
  std::vector<const Requirement*> reqs;
  for (const auto& r : s.Requirements()) reqs.push_back(&r);
  std::stable_sort(reqs.begin(), reqs.end(),
                   [&](const Requirement* a, const Requirement* b) { return pool.Str(a->key) < pool.Str(b->key); });
  std::string out;
  for (const Requirement* rp : reqs) {
    const Requirement& r = *rp;
    if (!out.empty()) out += ',';
    const std::string& k = pool.Str(r.key);
    auto list = [&] {
      std::string l = " (";
      for (size_t i = 0; i < r.values.size(); ++i) l += (i ? "," : "") + pool.Str(r.values[i]);
      return l + ")";
    };
    switch (r.op) {
      case SelOp::Equals:
        out += k + "=" + pool.Str(r.values[0]);
        break;
      case SelOp::In:
        out += k + " in" + list();
        break;
      case SelOp::NotIn:
        out += k + " notin" + list();
        break;
      case SelOp::Exists:
        out += k;
        break;
      case SelOp::DoesNotExist:
        out += "!" + k;
        break;
      case SelOp::Gt:
        out += k + ">" + std::to_string(r.number);
        break;
      case SelOp::Lt:
        out += k + "<" + std::to_string(r.number);
        break;
    }
  }
  return out;
}

}  // namespace spreadlab
