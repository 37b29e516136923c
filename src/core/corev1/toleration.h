#pragma once
// Taints and tolerations, interned, with the matching rules of
// k8s.io/api/core/v1 Toleration.ToleratesTaint and
// k8s.io/component-helpers/scheduling/corev1 (TolerationsTolerateTaint,
// FindMatchingUntoleratedTaint).
#include <span>
#include <vector>

#include "core/api.h"
#include "core/intern.h"

namespace spreadlab {

enum class TaintEffect : uint8_t { All, NoSchedule, PreferNoSchedule, NoExecute };

struct Taint {
  Sym key = kNoSym;
  Sym value = kNoSym;
  TaintEffect effect = TaintEffect::NoSchedule;
};

struct Toleration {
  Sym key = kNoSym;     // kNoSym: empty key, matches every key
  bool exists = false;  // operator Exists (otherwise Equal)
  Sym value = kNoSym;
  TaintEffect effect = TaintEffect::All;  // All: empty effect, matches every effect
};

TaintEffect TaintEffectFromString(const std::string& effect);
Taint CompileTaint(const v1::Taint& t, StringPool& pool);
Toleration CompileToleration(const v1::Toleration& t, StringPool& pool);

// Toleration.ToleratesTaint
bool ToleratesTaint(const Toleration& tol, const Taint& taint);
// v1helper.TolerationsTolerateTaint
bool TolerationsTolerateTaint(std::span<const Toleration> tols, const Taint& taint);
// v1helper.FindMatchingUntoleratedTaint with helper.DoNotScheduleTaintsFilterFunc
// (NoSchedule and NoExecute only). Returns the index of the first untolerated
// taint, or -1.
int FindUntoleratedDoNotScheduleTaint(std::span<const Taint> taints, std::span<const Toleration> tols);
// The same with a filter of NoExecute taints only (a pod that tolerates them may stay).
int FindUntoleratedNoExecuteTaint(std::span<const Taint> taints, std::span<const Toleration> tols);
// v1helper.FindMatchingUntoleratedTaint: the first untolerated taint whose effect
// inclusionFilter takes, or -1.
int FindMatchingUntoleratedTaint(std::span<const Taint> taints, std::span<const Toleration> tols,
                                 bool (*inclusionFilter)(TaintEffect));

}  // namespace spreadlab
