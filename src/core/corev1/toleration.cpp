#include "core/corev1/toleration.h"

namespace spreadlab {

TaintEffect TaintEffectFromString(const std::string& effect) {
  if (effect == "NoSchedule") return TaintEffect::NoSchedule;
  if (effect == "PreferNoSchedule") return TaintEffect::PreferNoSchedule;
  if (effect == "NoExecute") return TaintEffect::NoExecute;
  return TaintEffect::All;
}

Taint CompileTaint(const v1::Taint& t, StringPool& pool) {
  return Taint{pool.Intern(t.key), pool.Intern(t.value), TaintEffectFromString(t.effect)};
}

Toleration CompileToleration(const v1::Toleration& t, StringPool& pool) {
  Toleration c;
  c.key = t.key.empty() ? kNoSym : pool.Intern(t.key);
  c.exists = t.op == "Exists";
  c.value = pool.Intern(t.value);
  c.effect = TaintEffectFromString(t.effect);
  return c;
}

bool ToleratesTaint(const Toleration& tol, const Taint& taint) {
  if (tol.effect != TaintEffect::All && tol.effect != taint.effect) return false;
  if (tol.key != kNoSym && tol.key != taint.key) return false;
  return tol.exists || tol.value == taint.value;
}

bool TolerationsTolerateTaint(std::span<const Toleration> tols, const Taint& taint) {
  for (const auto& t : tols)
    if (ToleratesTaint(t, taint)) return true;
  return false;
}

int FindMatchingUntoleratedTaint(std::span<const Taint> taints, std::span<const Toleration> tols,
                                 bool (*inclusionFilter)(TaintEffect)) {
  for (size_t i = 0; i < taints.size(); ++i)
    if (inclusionFilter(taints[i].effect) && !TolerationsTolerateTaint(tols, taints[i])) return static_cast<int>(i);
  return -1;
}

int FindUntoleratedDoNotScheduleTaint(std::span<const Taint> taints, std::span<const Toleration> tols) {
  return FindMatchingUntoleratedTaint(
      taints, tols, [](TaintEffect e) { return e == TaintEffect::NoSchedule || e == TaintEffect::NoExecute; });
}

int FindUntoleratedNoExecuteTaint(std::span<const Taint> taints, std::span<const Toleration> tols) {
  return FindMatchingUntoleratedTaint(taints, tols, [](TaintEffect e) { return e == TaintEffect::NoExecute; });
}

}  // namespace spreadlab
