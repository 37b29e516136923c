#pragma once
// Applies one `spreadlab why` suggestion (core/why Edit) to a scenario being
// edited, so that the lab can offer it as one undoable edit. The change itself
// is core's ApplyEdit; this writes its result through ScenarioDoc's setters,
// which keep every other field of the user's JSON.
#include <cstddef>
#include <string>

#include "core/why/edit.h"
#include "controlplane/scenario_doc.h"

namespace spreadlab::controlplane {

// `pod` is the pending pod's index in doc.scenario().pods. On failure the
// document is unchanged and `error` says why (e.g. a change to the profile's
// default constraints, which the lab does not edit).
bool ApplySuggestion(ScenarioDoc& doc, size_t pod, const why::Edit& edit, std::string& error);

}  // namespace spreadlab::controlplane
