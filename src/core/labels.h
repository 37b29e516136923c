#pragma once
// Interned label sets and label selectors with the semantics of
// k8s.io/apimachinery/pkg/labels (Requirement.Matches, internalSelector).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/intern.h"

namespace spreadlab {

// A set of labels as (key, value) symbol pairs sorted by key.
class LabelSet {
 public:
  LabelSet() = default;
  void Set(Sym key, Sym value);
  // The value of `key`, or kNoSym when the label is absent.
  Sym Get(Sym key) const;
  bool Has(Sym key) const { return Get(key) != kNoSym; }
  std::span<const std::pair<Sym, Sym>> Items() const { return kv_; }
  bool Empty() const { return kv_.empty(); }

 private:
  std::vector<std::pair<Sym, Sym>> kv_;
};

// Equals is In with one value, kept apart only so that a selector prints as
// upstream prints it ("app=web" for matchLabels, "app in (web)" for In).
enum class SelOp : uint8_t { Equals, In, NotIn, Exists, DoesNotExist, Gt, Lt };

struct Requirement {
  Sym key = kNoSym;
  SelOp op = SelOp::Exists;
  std::vector<Sym> values;  // sorted, for In / NotIn
  int64_t number = 0;       // for Gt / Lt
  bool numberValid = true;  // false when the Gt/Lt operand is not an integer
  bool operator==(const Requirement&) const = default;
};

// boost::hash_combine's golden-ratio constant at the width of size_t, which is
// 32 bits in wasm.
inline constexpr size_t kHashSeed =
    sizeof(size_t) >= 8 ? static_cast<size_t>(0x9e3779b97f4a7c15ull) : static_cast<size_t>(0x9e3779b9u);

// labels.Selector: Everything (no requirements), Nothing, or a conjunction of
// requirements kept sorted by key as internalSelector.Add does.
class Selector {
 public:
  static Selector Everything() { return Selector(); }
  static Selector Nothing() {
    Selector s;
    s.nothing_ = true;
    return s;
  }
  void Add(Requirement r);
  bool Matches(const LabelSet& labels, const StringPool& pool) const;
  // labels.Selector.Empty(): true only for Everything.
  bool Empty() const { return !nothing_ && reqs_.empty(); }
  bool IsNothing() const { return nothing_; }
  const std::vector<Requirement>& Requirements() const { return reqs_; }
  bool operator==(const Selector&) const = default;
  size_t Hash() const;

 private:
  bool nothing_ = false;
  std::vector<Requirement> reqs_;
};

bool RequirementMatches(const Requirement& r, const LabelSet& labels, const StringPool& pool);

// strconv.ParseInt(s, 10, 64): optional sign and decimal digits only.
bool ParseInt64(std::string_view s, int64_t* out);

}  // namespace spreadlab

namespace spreadlab {
// labels.Selector.String() ("app=web,tier in (a,b),!legacy"); Everything is
// shown as "<everything>" and Nothing as "<nothing>" so that neither reads as blank.
std::string SelectorString(const Selector& s, const StringPool& pool);
}  // namespace spreadlab
