#include "core/corev1/selectors.h"

namespace spreadlab {

LabelSet MakeLabelSet(const v1::LabelMap& labels, StringPool& pool) {
  LabelSet s;
  for (const auto& [k, v] : labels) s.Set(pool.Intern(k), pool.Intern(v));
  return s;
}

Requirement MakeRequirement(const std::string& key, SelOp op, const std::vector<std::string>& values,
                            StringPool& pool) {
  Requirement r;
  r.key = pool.Intern(key);
  r.op = op;
  if (op == SelOp::Gt || op == SelOp::Lt) {
    r.numberValid = values.size() == 1 && ParseInt64(values[0], &r.number);
  } else {
    for (const auto& v : values) r.values.push_back(pool.Intern(v));
  }
  return r;
}

SelOp SelOpFromString(const std::string& op) {
  if (op == "In") return SelOp::In;
  if (op == "NotIn") return SelOp::NotIn;
  if (op == "Exists") return SelOp::Exists;
  if (op == "DoesNotExist") return SelOp::DoesNotExist;
  if (op == "Gt") return SelOp::Gt;
  return SelOp::Lt;
}

Selector LabelSelectorAsSelector(const std::optional<v1::LabelSelector>& ls, StringPool& pool) {
  if (!ls) return Selector::Nothing();
  Selector s;
  for (const auto& [k, v] : ls->matchLabels) s.Add(MakeRequirement(k, SelOp::Equals, {v}, pool));
  for (const auto& e : ls->matchExpressions) s.Add(MakeRequirement(e.key, SelOpFromString(e.op), e.values, pool));
  return s;
}

Selector SelectorFromSet(const v1::LabelMap& set, StringPool& pool) {
  Selector s;
  for (const auto& [k, v] : set) s.Add(MakeRequirement(k, SelOp::Equals, {v}, pool));
  return s;
}

}  // namespace spreadlab
