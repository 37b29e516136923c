#pragma once
// The short text forms the lab's fields use for labels, selectors, node affinity
// and tolerations, and their parsers: what a person types in the pod panel and
// the cluster menus becomes API objects here, before the core validates them.
// UI-free, so that the unit tests and the fuzzers reach it.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/api.h"

namespace spreadlab::app {

// The non-empty items of `s` between `sep`s, each trimmed of blanks.
std::vector<std::string> SplitList(const std::string& s, char sep);
// The items joined by `sep` (matchLabelKeys: "a,b"); SplitList reads it back. Empty
// items at the front leave no separator behind.
std::string JoinList(const std::vector<std::string>& items, char sep);

// "a=b,c=d" <-> label map; false with a message on a malformed entry.
std::string FormatLabels(const std::map<std::string, std::string>& labels);
bool ParseLabels(const std::string& text, std::map<std::string, std::string>& out, std::string& error);

// "tier in (a,b); env notin (x); gpu; !legacy" <-> matchExpressions.
std::string FormatExpressions(const std::vector<v1::LabelSelectorRequirement>& exprs);
bool ParseExpressions(const std::string& text, std::vector<v1::LabelSelectorRequirement>& out, std::string& error);

// "zone in (a,b); ssd | gpu gt (1)" <-> required node affinity: terms (any may match)
// separated by "|", each term's matchExpressions (all must match) written as above.
// "" is no required node affinity.
std::string FormatNodeAffinity(const std::optional<v1::NodeSelector>& required);
bool ParseNodeAffinity(const std::string& text, std::optional<v1::NodeSelector>& out, std::string& error);

// "key=value:Effect; key:Effect; key=value; *" <-> tolerations.
std::string FormatTolerations(const std::vector<v1::Toleration>& ts);
std::vector<v1::Toleration> ParseTolerations(const std::string& text);

}  // namespace spreadlab::app
