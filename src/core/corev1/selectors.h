#pragma once
// Compiling API label selectors into interned Selectors
// (metav1.LabelSelectorAsSelector, labels.SelectorFromSet).
#include <optional>

#include "core/api.h"
#include "core/labels.h"

namespace spreadlab {

LabelSet MakeLabelSet(const v1::LabelMap& labels, StringPool& pool);

// metav1.LabelSelectorAsSelector: nil selects nothing, {} selects everything.
// Operators must have been validated (see core/validation.h).
Selector LabelSelectorAsSelector(const std::optional<v1::LabelSelector>& ls, StringPool& pool);

// labels.SelectorFromSet: one equality requirement per entry; an empty set is Everything.
Selector SelectorFromSet(const v1::LabelMap& set, StringPool& pool);

// "In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt" (validated beforehand).
SelOp SelOpFromString(const std::string& op);

Requirement MakeRequirement(const std::string& key, SelOp op, const std::vector<std::string>& values, StringPool& pool);

}  // namespace spreadlab
