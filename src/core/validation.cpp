#include "core/validation.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace spreadlab {
namespace {

using Errors = std::vector<FieldError>;

// ---------------------------------------------------------------------------
// Paths and errors: k8s.io/apimachinery/pkg/util/validation/field, with the bad
// value of an Invalid error shown after the detail as "(got <value>)".

std::string Child(const std::string& path, std::string_view name) {
  if (path.empty()) return std::string(name);
  std::string out = path;
  out += '.';
  out += name;
  return out;
}

std::string Index(const std::string& path, size_t i) { return path + "[" + std::to_string(i) + "]"; }

// strconv.Quote for ASCII; bytes >= 0x80 are passed through unchanged.
std::string Quote(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (u < 0x20 || u == 0x7f) {
          out += "\\x";
          out += kHex[u >> 4];
          out += kHex[u & 0xf];
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

void AddInvalidRepr(Errors& out, std::string path, const std::string& repr, std::string_view detail) {
  out.push_back({std::move(path), std::string(detail) + " (got " + repr + ")"});
}

// field.Invalid
void AddInvalid(Errors& out, std::string path, std::string_view value, std::string_view detail) {
  AddInvalidRepr(out, std::move(path), Quote(value), detail);
}
void AddInvalid(Errors& out, std::string path, int64_t value, std::string_view detail) {
  AddInvalidRepr(out, std::move(path), std::to_string(value), detail);
}

// field.Required
void AddRequired(Errors& out, std::string path, std::string_view detail = {}) {
  std::string message = "Required value";
  if (!detail.empty()) message += ": " + std::string(detail);
  out.push_back({std::move(path), std::move(message)});
}

// field.Forbidden
void AddForbidden(Errors& out, std::string path, std::string_view detail) {
  out.push_back({std::move(path), "Forbidden: " + std::string(detail)});
}

// field.Duplicate, with the detail upstream sometimes sets afterwards.
void AddDuplicate(Errors& out, std::string path, std::string_view value, std::string_view detail = {}) {
  std::string message = "Duplicate value: " + Quote(value);
  if (!detail.empty()) message += ": " + std::string(detail);
  out.push_back({std::move(path), std::move(message)});
}

// field.NotSupported
void AddNotSupported(Errors& out, std::string path, std::string_view value,
                     std::initializer_list<std::string_view> supported) {
  std::string message = "Unsupported value: " + Quote(value) + ": supported values: ";
  bool first = true;
  for (std::string_view v : supported) {
    if (!first) message += ", ";
    first = false;
    message += Quote(v);
  }
  out.push_back({std::move(path), std::move(message)});
}

// field.NotFound, for references between objects of the scenario.
void AddNotFound(Errors& out, std::string path, std::string_view value, std::string_view detail) {
  out.push_back({std::move(path), "Not found: " + Quote(value) + " (" + std::string(detail) + ")"});
}

// ---------------------------------------------------------------------------
// String formats: k8s.io/apimachinery/pkg/util/validation (IsQualifiedName and
// IsValidLabelValue live in k8s.io/apimachinery/pkg/api/validate/content).

constexpr std::string_view kLabelKeyFmt = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
constexpr std::string_view kLabelKeyErrMsg =
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
    "alphanumeric character";
constexpr size_t kLabelKeyMaxLength = 63;

constexpr std::string_view kLabelValueFmt = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
constexpr std::string_view kLabelValueErrMsg =
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', "
    "and must start and end with an alphanumeric character";
constexpr size_t kLabelValueMaxLength = 63;

constexpr std::string_view kDNS1123LabelFmt = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
constexpr std::string_view kDNS1123LabelErrMsg =
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must "
    "start and end with an alphanumeric character";
constexpr size_t kDNS1123LabelMaxLength = 63;

constexpr std::string_view kDNS1123SubdomainFmt = "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
constexpr std::string_view kDNS1123SubdomainErrMsg =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', "
    "and must start and end with an alphanumeric character";
constexpr size_t kDNS1123SubdomainMaxLength = 253;

constexpr std::string_view kDNS1035LabelFmt = "[a-z]([-a-z0-9]*[a-z0-9])?";
constexpr std::string_view kDNS1035LabelErrMsg =
    "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an "
    "alphabetic character, and end with an alphanumeric character";
constexpr size_t kDNS1035LabelMaxLength = 63;

// MaxLenError
std::string MaxLenError(size_t length) { return "must be no more than " + std::to_string(length) + " characters"; }

// EmptyError
std::string EmptyError() { return "must be non-empty"; }

// RegexError (every caller passes examples)
std::string RegexError(std::string_view msg, std::string_view fmt, std::initializer_list<std::string_view> examples) {
  std::string out(msg);
  out += " (e.g. ";
  bool first = true;
  for (std::string_view e : examples) {
    if (!first) out += " or ";
    first = false;
    out += "'" + std::string(e) + "', ";
  }
  return out + "regex used for validation is '" + std::string(fmt) + "')";
}

bool IsAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }
bool IsLowerAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

// ^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$
bool MatchesLabelKeyName(std::string_view s) {
  if (s.empty() || !IsAlnum(s.front()) || !IsAlnum(s.back())) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return IsAlnum(c) || c == '-' || c == '_' || c == '.'; });
}

// ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$
bool MatchesDNS1123Label(std::string_view s) {
  if (s.empty() || !IsLowerAlnum(s.front()) || !IsLowerAlnum(s.back())) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return IsLowerAlnum(c) || c == '-'; });
}

// ^<dns1123 label>(\.<dns1123 label>)*$
bool MatchesDNS1123Subdomain(std::string_view s) {
  for (size_t start = 0;;) {
    const size_t dot = s.find('.', start);
    if (!MatchesDNS1123Label(s.substr(start, dot - start))) return false;
    if (dot == std::string_view::npos) return true;
    start = dot + 1;
  }
}

// ^[a-z]([-a-z0-9]*[a-z0-9])?$
bool MatchesDNS1035Label(std::string_view s) {
  return !s.empty() && s.front() >= 'a' && s.front() <= 'z' && MatchesDNS1123Label(s);
}

// IsDNS1123Subdomain
std::vector<std::string> IsDNS1123Subdomain(std::string_view value) {
  std::vector<std::string> errs;
  if (value.size() > kDNS1123SubdomainMaxLength) errs.push_back(MaxLenError(kDNS1123SubdomainMaxLength));
  if (!MatchesDNS1123Subdomain(value)) {
    errs.push_back(RegexError(kDNS1123SubdomainErrMsg, kDNS1123SubdomainFmt, {"example.com"}));
  }
  return errs;
}

// IsDNS1123Label
std::vector<std::string> IsDNS1123Label(std::string_view value) {
  std::vector<std::string> errs;
  if (value.size() > kDNS1123LabelMaxLength) errs.push_back(MaxLenError(kDNS1123LabelMaxLength));
  if (!MatchesDNS1123Label(value)) {
    if (MatchesDNS1123Subdomain(value)) {
      errs.push_back("must not contain dots");
    } else {
      errs.push_back(RegexError(kDNS1123LabelErrMsg, kDNS1123LabelFmt, {"my-name", "123-abc"}));
    }
  }
  return errs;
}

// IsDNS1035Label
std::vector<std::string> IsDNS1035Label(std::string_view value) {
  std::vector<std::string> errs;
  if (value.size() > kDNS1035LabelMaxLength) errs.push_back(MaxLenError(kDNS1035LabelMaxLength));
  if (!MatchesDNS1035Label(value)) {
    errs.push_back(RegexError(kDNS1035LabelErrMsg, kDNS1035LabelFmt, {"my-name", "abc-123"}));
  }
  return errs;
}

// IsQualifiedName (content.IsLabelKey)
std::vector<std::string> IsQualifiedName(std::string_view value) {
  std::vector<std::string> errs;
  std::string_view name = value;
  if (const size_t slash = value.find('/'); slash != std::string_view::npos) {
    if (value.find('/', slash + 1) != std::string_view::npos) {
      errs.push_back("a valid label key " +
                     RegexError(kLabelKeyErrMsg, kLabelKeyFmt, {"MyName", "my.name", "123-abc"}) +
                     " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
      return errs;
    }
    const std::string_view prefix = value.substr(0, slash);
    name = value.substr(slash + 1);
    if (prefix.empty()) {
      errs.push_back("prefix part " + EmptyError());
    } else {
      for (const std::string& msg : IsDNS1123Subdomain(prefix)) errs.push_back("prefix part " + msg);
    }
  }
  if (name.empty()) {
    errs.push_back("name part " + EmptyError());
  } else if (name.size() > kLabelKeyMaxLength) {
    errs.push_back("name part " + MaxLenError(kLabelKeyMaxLength));
  }
  if (!MatchesLabelKeyName(name)) {
    errs.push_back("name part " + RegexError(kLabelKeyErrMsg, kLabelKeyFmt, {"MyName", "my.name", "123-abc"}));
  }
  return errs;
}

// IsValidLabelValue (content.IsLabelValue)
std::vector<std::string> IsValidLabelValue(std::string_view value) {
  std::vector<std::string> errs;
  if (value.size() > kLabelValueMaxLength) errs.push_back(MaxLenError(kLabelValueMaxLength));
  if (!value.empty() && !MatchesLabelKeyName(value)) {
    errs.push_back(RegexError(kLabelValueErrMsg, kLabelValueFmt, {"MyValue", "my_value", "12345"}));
  }
  return errs;
}

std::string JoinMessages(const std::vector<std::string>& msgs, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < msgs.size(); ++i) {
    if (i > 0) out += sep;
    out += msgs[i];
  }
  return out;
}

// ---------------------------------------------------------------------------
// Labels and label selectors: k8s.io/apimachinery/pkg/apis/meta/v1/validation.

// ValidateLabelName
void ValidateLabelName(std::string_view name, const std::string& path, Errors& out) {
  for (const std::string& msg : IsQualifiedName(name)) AddInvalid(out, path, name, msg);
}

// ValidateLabels: problems with a key or a value are both reported on the map.
void ValidateLabels(const v1::LabelMap& labels, const std::string& path, Errors& out) {
  for (const auto& [key, value] : labels) {
    ValidateLabelName(key, path, out);
    for (const std::string& msg : IsValidLabelValue(value)) AddInvalid(out, path, value, msg);
  }
}

// ValidateLabelSelectorRequirement with AllowInvalidLabelValueInSelector=false,
// as every selector the scheduler reads is validated.
void ValidateLabelSelectorRequirement(const v1::LabelSelectorRequirement& req, const std::string& path, Errors& out) {
  if (req.op == "In" || req.op == "NotIn") {
    if (req.values.empty()) {
      AddRequired(out, Child(path, "values"), "must be specified when `operator` is 'In' or 'NotIn'");
    }
  } else if (req.op == "Exists" || req.op == "DoesNotExist") {
    if (!req.values.empty()) {
      AddForbidden(out, Child(path, "values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'");
    }
  } else {
    AddInvalid(out, Child(path, "operator"), req.op, "not a valid selector operator");
  }
  ValidateLabelName(req.key, Child(path, "key"), out);
  const std::string valuesPath = Child(path, "values");
  for (size_t i = 0; i < req.values.size(); ++i) {
    for (const std::string& msg : IsValidLabelValue(req.values[i]))
      AddInvalid(out, Index(valuesPath, i), req.values[i], msg);
  }
}

// ValidateLabelSelector
void ValidateLabelSelector(const v1::LabelSelector& selector, const std::string& path, Errors& out) {
  ValidateLabels(selector.matchLabels, Child(path, "matchLabels"), out);
  const std::string exprPath = Child(path, "matchExpressions");
  for (size_t i = 0; i < selector.matchExpressions.size(); ++i) {
    ValidateLabelSelectorRequirement(selector.matchExpressions[i], Index(exprPath, i), out);
  }
}

// ---------------------------------------------------------------------------
// Object metadata: k8s.io/apimachinery/pkg/api/validation (ValidateObjectMetaAccessor).

using NameFn = std::vector<std::string> (*)(std::string_view);

// ValidateObjectMeta: name, namespace and labels. Cluster-scoped objects (nodes)
// skip the namespace: the model gives every object a namespace, so upstream's
// "not allowed on this type" cannot be told apart from the default.
void ValidateObjectMeta(const v1::ObjectMeta& meta, bool namespaced, NameFn nameFn, const std::string& path,
                        Errors& out) {
  const std::string namePath = Child(path, "name");
  if (meta.name.empty()) {
    AddRequired(out, namePath, "name or generateName is required");
  } else {
    for (const std::string& msg : nameFn(meta.name)) AddInvalid(out, namePath, meta.name, msg);
  }
  if (namespaced) {
    const std::string nsPath = Child(path, "namespace");
    if (meta.ns.empty()) {
      AddRequired(out, nsPath);
    } else {
      for (const std::string& msg : IsDNS1123Label(meta.ns)) AddInvalid(out, nsPath, meta.ns, msg);
    }
  }
  ValidateLabels(meta.labels, Child(path, "labels"), out);
}

// ---------------------------------------------------------------------------
// Node affinity: k8s.io/kubernetes/pkg/apis/core/validation.

// ValidateNodeSelectorRequirement
void ValidateNodeSelectorRequirement(const v1::NodeSelectorRequirement& req, bool allowInvalidLabelValue,
                                     const std::string& path, Errors& out) {
  if (req.op == "In" || req.op == "NotIn") {
    if (req.values.empty()) {
      AddRequired(out, Child(path, "values"), "must be specified when `operator` is 'In' or 'NotIn'");
    }
  } else if (req.op == "Exists" || req.op == "DoesNotExist") {
    if (!req.values.empty()) {
      AddForbidden(out, Child(path, "values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'");
    }
  } else if (req.op == "Gt" || req.op == "Lt") {
    if (req.values.size() != 1) {
      AddRequired(out, Child(path, "values"), "must be specified single value when `operator` is 'Lt' or 'Gt'");
    }
  } else {
    AddInvalid(out, Child(path, "operator"), req.op, "not a valid selector operator");
  }
  ValidateLabelName(req.key, Child(path, "key"), out);
  if (allowInvalidLabelValue) return;
  const std::string valuesPath = Child(path, "values");
  for (size_t i = 0; i < req.values.size(); ++i) {
    for (const std::string& msg : IsValidLabelValue(req.values[i]))
      AddInvalid(out, Index(valuesPath, i), req.values[i], msg);
  }
}

// ValidateNodeFieldSelectorRequirement: only metadata.name, In/NotIn, one node name.
void ValidateNodeFieldSelectorRequirement(const v1::NodeSelectorRequirement& req, const std::string& path,
                                          Errors& out) {
  if (req.op == "In" || req.op == "NotIn") {
    if (req.values.size() != 1) {
      AddRequired(out, Child(path, "values"),
                  "must be only one value when `operator` is 'In' or 'NotIn' for node field selector");
    }
  } else {
    AddInvalid(out, Child(path, "operator"), req.op, "not a valid selector operator");
  }
  if (req.key != "metadata.name") {
    AddInvalid(out, Child(path, "key"), req.key, "not a valid field selector key");
    return;
  }
  const std::string valuesPath = Child(path, "values");
  for (size_t i = 0; i < req.values.size(); ++i) {
    for (const std::string& msg : IsDNS1123Subdomain(req.values[i]))
      AddInvalid(out, Index(valuesPath, i), req.values[i], msg);
  }
}

// ValidateNodeSelectorTerm
void ValidateNodeSelectorTerm(const v1::NodeSelectorTerm& term, bool allowInvalidLabelValue, const std::string& path,
                              Errors& out) {
  const std::string exprPath = Child(path, "matchExpressions");
  for (size_t j = 0; j < term.matchExpressions.size(); ++j) {
    ValidateNodeSelectorRequirement(term.matchExpressions[j], allowInvalidLabelValue, Index(exprPath, j), out);
  }
  const std::string fieldsPath = Child(path, "matchFields");
  for (size_t j = 0; j < term.matchFields.size(); ++j) {
    ValidateNodeFieldSelectorRequirement(term.matchFields[j], Index(fieldsPath, j), out);
  }
}

// ValidateNodeSelector, for a new pod (AllowInvalidLabelValueInRequiredNodeAffinity=false).
void ValidateNodeSelector(const v1::NodeSelector& selector, const std::string& path, Errors& out) {
  const std::string termsPath = Child(path, "nodeSelectorTerms");
  if (selector.nodeSelectorTerms.empty()) {
    AddRequired(out, termsPath, "must have at least one node selector term");
    return;
  }
  for (size_t i = 0; i < selector.nodeSelectorTerms.size(); ++i) {
    ValidateNodeSelectorTerm(selector.nodeSelectorTerms[i], false, Index(termsPath, i), out);
  }
}

// ValidatePreferredSchedulingTerms: invalid label values are always allowed in
// preferences.
void ValidatePreferredSchedulingTerms(const std::vector<v1::PreferredSchedulingTerm>& terms, const std::string& path,
                                      Errors& out) {
  for (size_t i = 0; i < terms.size(); ++i) {
    const std::string termPath = Index(path, i);
    if (terms[i].weight <= 0 || terms[i].weight > 100) {
      AddInvalid(out, Child(termPath, "weight"), terms[i].weight, "must be in the range 1-100");
    }
    ValidateNodeSelectorTerm(terms[i].preference, true, Child(termPath, "preference"), out);
  }
}

// validateNodeAffinity
void ValidateNodeAffinity(const v1::NodeAffinity& affinity, const std::string& path, Errors& out) {
  if (affinity.requiredDuringSchedulingIgnoredDuringExecution) {
    ValidateNodeSelector(*affinity.requiredDuringSchedulingIgnoredDuringExecution,
                         Child(path, "requiredDuringSchedulingIgnoredDuringExecution"), out);
  }
  ValidatePreferredSchedulingTerms(affinity.preferredDuringSchedulingIgnoredDuringExecution,
                                   Child(path, "preferredDuringSchedulingIgnoredDuringExecution"), out);
}

// validateLabelKeys (matchLabelKeys / mismatchLabelKeys of a pod affinity term)
void ValidateAffinityLabelKeys(const std::vector<std::string>& keys, const std::optional<v1::LabelSelector>& selector,
                               const std::string& path, Errors& out) {
  if (keys.empty()) return;
  if (!selector) {
    AddForbidden(out, path, "must not be specified when labelSelector is not set");
    return;
  }
  for (size_t i = 0; i < keys.size(); ++i) ValidateLabelName(keys[i], Index(path, i), out);
}

// validateMatchLabelKeysAndMismatchLabelKeys. It runs on the selector after the
// API server merged the keys in, so a key also written in the selector shows up
// twice. (Upstream reports that error at the term's path indexed by the key's
// position, without ".matchLabelKeys".)
void ValidateMatchLabelKeysAndMismatchLabelKeys(const v1::PodAffinityTerm& term, const std::string& path,
                                                Errors& out) {
  ValidateAffinityLabelKeys(term.matchLabelKeys, term.labelSelector, Child(path, "matchLabelKeys"), out);
  ValidateAffinityLabelKeys(term.mismatchLabelKeys, term.labelSelector, Child(path, "mismatchLabelKeys"), out);
  if (term.labelSelector) {
    std::set<std::string> selectorKeys;
    for (const auto& [key, value] : term.labelSelector->matchLabels) selectorKeys.insert(key);
    for (const auto& e : term.labelSelector->matchExpressions) {
      auto it = std::find(term.matchLabelKeys.rbegin(), term.matchLabelKeys.rend(), e.key);
      if (it != term.matchLabelKeys.rend() && selectorKeys.count(e.key) > 0) {
        AddInvalid(out, Index(path, static_cast<size_t>(term.matchLabelKeys.rend() - it - 1)), e.key,
                   "exists in both matchLabelKeys and labelSelector");
      }
      selectorKeys.insert(e.key);
    }
  }
  const std::set<std::string> mismatch(term.mismatchLabelKeys.begin(), term.mismatchLabelKeys.end());
  for (size_t i = 0; i < term.matchLabelKeys.size(); ++i) {
    if (mismatch.count(term.matchLabelKeys[i]) > 0) {
      AddInvalid(out, Index(Child(path, "matchLabelKeys"), i), term.matchLabelKeys[i],
                 "exists in both matchLabelKeys and mismatchLabelKeys");
    }
  }
}

// validatePodAffinityTerm
void ValidatePodAffinityTerm(const v1::PodAffinityTerm& term, const std::string& path, Errors& out) {
  // ValidatePodAffinityTermSelector
  if (term.labelSelector) ValidateLabelSelector(*term.labelSelector, Child(path, "labelSelector"), out);
  if (term.namespaceSelector) ValidateLabelSelector(*term.namespaceSelector, Child(path, "namespaceSelector"), out);
  for (const std::string& name : term.namespaces) {
    // ValidateNamespaceName; upstream reports it under ".namespace".
    for (const std::string& msg : IsDNS1123Label(name)) AddInvalid(out, Child(path, "namespace"), name, msg);
  }
  ValidateMatchLabelKeysAndMismatchLabelKeys(term, path, out);
  if (term.topologyKey.empty()) AddRequired(out, Child(path, "topologyKey"), "can not be empty");
  ValidateLabelName(term.topologyKey, Child(path, "topologyKey"), out);
}

// validatePodAffinity / validatePodAntiAffinity (the same checks for both)
void ValidatePodAffinity(const v1::PodAffinity& affinity, const std::string& path, Errors& out) {
  const std::string requiredPath = Child(path, "requiredDuringSchedulingIgnoredDuringExecution");
  for (size_t i = 0; i < affinity.requiredDuringSchedulingIgnoredDuringExecution.size(); ++i)
    ValidatePodAffinityTerm(affinity.requiredDuringSchedulingIgnoredDuringExecution[i], Index(requiredPath, i), out);
  // validateWeightedPodAffinityTerms
  const std::string preferredPath = Child(path, "preferredDuringSchedulingIgnoredDuringExecution");
  for (size_t j = 0; j < affinity.preferredDuringSchedulingIgnoredDuringExecution.size(); ++j) {
    const v1::WeightedPodAffinityTerm& w = affinity.preferredDuringSchedulingIgnoredDuringExecution[j];
    const std::string termPath = Index(preferredPath, j);
    if (w.weight <= 0 || w.weight > 100) AddInvalid(out, Child(termPath, "weight"), w.weight, "must be in the range 1-100");
    ValidatePodAffinityTerm(w.podAffinityTerm, Child(termPath, "podAffinityTerm"), out);
  }
}

// ---------------------------------------------------------------------------
// Taints and tolerations: k8s.io/kubernetes/pkg/apis/core/validation.

// validateTaintEffect
void ValidateTaintEffect(const std::string& effect, bool allowEmpty, const std::string& path, Errors& out) {
  if (!allowEmpty && effect.empty()) {
    AddRequired(out, path);
    return;
  }
  if (effect != "NoSchedule" && effect != "PreferNoSchedule" && effect != "NoExecute") {
    AddNotSupported(out, path, effect, {"NoSchedule", "PreferNoSchedule", "NoExecute"});
  }
}

// ValidateTolerations
void ValidateTolerations(const std::vector<v1::Toleration>& tolerations, const std::string& path, Errors& out) {
  for (size_t i = 0; i < tolerations.size(); ++i) {
    const v1::Toleration& t = tolerations[i];
    const std::string idxPath = Index(path, i);
    const std::string opPath = Child(idxPath, "operator");
    if (!t.key.empty()) ValidateLabelName(t.key, Child(idxPath, "key"), out);
    if (t.key.empty() && t.op != "Exists") {
      AddInvalid(out, opPath, t.op,
                 "operator must be Exists when `key` is empty, which means \"match all values and all keys\"");
    }
    if (t.tolerationSeconds && t.effect != "NoExecute") {
      AddInvalid(out, Child(idxPath, "effect"), t.effect, "effect must be 'NoExecute' when `tolerationSeconds` is set");
    }
    if (t.op == "Equal" || t.op.empty()) {
      if (const auto errs = IsValidLabelValue(t.value); !errs.empty()) {
        AddInvalid(out, opPath, t.value, JoinMessages(errs, ";"));
      }
    } else if (t.op == "Exists") {
      if (!t.value.empty()) AddInvalid(out, opPath, t.value, "value must be empty when `operator` is 'Exists'");
    } else {
      AddNotSupported(out, opPath, t.op, {"Equal", "Exists"});
    }
    if (!t.effect.empty()) ValidateTaintEffect(t.effect, true, Child(idxPath, "effect"), out);
  }
}

// Taint.ToString
std::string TaintString(const v1::Taint& t) {
  return t.value.empty() ? t.key + ":" + t.effect : t.key + "=" + t.value + ":" + t.effect;
}

// validateNodeTaints: taints are unique by (key, effect).
void ValidateNodeTaints(const std::vector<v1::Taint>& taints, const std::string& path, Errors& out) {
  std::set<std::pair<std::string, std::string>> seen;  // (effect, key)
  for (size_t i = 0; i < taints.size(); ++i) {
    const v1::Taint& t = taints[i];
    const std::string idxPath = Index(path, i);
    ValidateLabelName(t.key, Child(idxPath, "key"), out);
    if (const auto errs = IsValidLabelValue(t.value); !errs.empty()) {
      AddInvalid(out, Child(idxPath, "value"), t.value, JoinMessages(errs, ";"));
    }
    ValidateTaintEffect(t.effect, false, Child(idxPath, "effect"), out);
    if (!seen.emplace(t.effect, t.key).second) {
      AddDuplicate(out, idxPath, TaintString(t), "taints must be unique by key and effect pair");
    }
  }
}

// ---------------------------------------------------------------------------
// Topology spread constraints: k8s.io/kubernetes/pkg/apis/core/validation.

// ValidateMaxSkew
void ValidateMaxSkew(int32_t maxSkew, const std::string& path, Errors& out) {
  if (maxSkew <= 0) AddInvalid(out, path, maxSkew, "must be greater than zero");
}

// ValidateTopologyKey: upstream only requires it to be set for pods.
void ValidateTopologyKey(const std::string& key, const std::string& path, Errors& out) {
  if (key.empty()) AddRequired(out, path, "can not be empty");
}

// ValidateWhenUnsatisfiable
void ValidateWhenUnsatisfiable(const std::string& action, const std::string& path, Errors& out) {
  if (action != v1::kDoNotSchedule && action != v1::kScheduleAnyway) {
    AddNotSupported(out, path, action, {v1::kDoNotSchedule, v1::kScheduleAnyway});
  }
}

std::string SpreadPairString(const v1::TopologySpreadConstraint& c) {
  return "{" + c.topologyKey + ", " + c.whenUnsatisfiable + "}";
}

bool SameSpreadPair(const v1::TopologySpreadConstraint& a, const v1::TopologySpreadConstraint& b) {
  return a.topologyKey == b.topologyKey && a.whenUnsatisfiable == b.whenUnsatisfiable;
}

// ValidateSpreadConstraintNotRepeat: constraint i against the ones after it.
void ValidateSpreadConstraintNotRepeat(const std::vector<v1::TopologySpreadConstraint>& constraints, size_t i,
                                       const std::string& path, Errors& out) {
  for (size_t j = i + 1; j < constraints.size(); ++j) {
    if (SameSpreadPair(constraints[i], constraints[j])) {
      AddDuplicate(out, path, SpreadPairString(constraints[i]));
      return;
    }
  }
}

// validateMinDomains
void ValidateMinDomains(const std::optional<int32_t>& minDomains, const std::string& action, const std::string& path,
                        Errors& out) {
  if (!minDomains) return;
  if (*minDomains <= 0) AddInvalid(out, path, *minDomains, "must be greater than zero");
  if (action != v1::kDoNotSchedule) {
    AddInvalid(out, path, *minDomains,
               "can only use minDomains if whenUnsatisfiable=" + std::string(v1::kDoNotSchedule) + ", not " + action);
  }
}

// validateNodeInclusionPolicy
void ValidateNodeInclusionPolicy(const std::optional<std::string>& policy, const std::string& path, Errors& out) {
  if (policy && *policy != v1::kHonor && *policy != v1::kIgnore) {
    AddNotSupported(out, path, *policy, {v1::kHonor, v1::kIgnore});
  }
}

// validateMatchLabelKeysInTopologySpread
void ValidateMatchLabelKeysInTopologySpread(const std::vector<std::string>& matchLabelKeys,
                                            const std::optional<v1::LabelSelector>& selector, const std::string& path,
                                            Errors& out) {
  if (matchLabelKeys.empty()) return;
  std::set<std::string> selectorKeys;
  if (selector) {
    for (const auto& [key, value] : selector->matchLabels) selectorKeys.insert(key);
    for (const auto& expr : selector->matchExpressions) selectorKeys.insert(expr.key);
  } else {
    AddForbidden(out, path, "must not be specified when labelSelector is not set");
  }
  for (size_t i = 0; i < matchLabelKeys.size(); ++i) {
    ValidateLabelName(matchLabelKeys[i], Index(path, i), out);
    if (selectorKeys.count(matchLabelKeys[i]) > 0) {
      AddInvalid(out, Index(path, i), matchLabelKeys[i], "exists in both matchLabelKeys and labelSelector");
    }
  }
}

// validateTopologySpreadConstraints, for a new pod
// (AllowInvalidTopologySpreadConstraintLabelSelector=false).
void ValidateTopologySpreadConstraints(const std::vector<v1::TopologySpreadConstraint>& constraints,
                                       const std::string& path, Errors& out) {
  for (size_t i = 0; i < constraints.size(); ++i) {
    const v1::TopologySpreadConstraint& c = constraints[i];
    const std::string sub = Index(path, i);
    ValidateMaxSkew(c.maxSkew, Child(sub, "maxSkew"), out);
    ValidateTopologyKey(c.topologyKey, Child(sub, "topologyKey"), out);
    ValidateWhenUnsatisfiable(c.whenUnsatisfiable, Child(sub, "whenUnsatisfiable"), out);
    ValidateSpreadConstraintNotRepeat(constraints, i, Child(sub, "{topologyKey, whenUnsatisfiable}"), out);
    ValidateMinDomains(c.minDomains, c.whenUnsatisfiable, Child(sub, "minDomains"), out);
    ValidateNodeInclusionPolicy(c.nodeAffinityPolicy, Child(sub, "nodeAffinityPolicy"), out);
    ValidateNodeInclusionPolicy(c.nodeTaintsPolicy, Child(sub, "nodeTaintsPolicy"), out);
    ValidateMatchLabelKeysInTopologySpread(c.matchLabelKeys, c.labelSelector, Child(sub, "matchLabelKeys"), out);
    if (c.labelSelector) ValidateLabelSelector(*c.labelSelector, Child(sub, "labelSelector"), out);
  }
}

// ---------------------------------------------------------------------------
// Objects.

// ValidatePodSpec, the fields the scheduler reads, in upstream's order.
void ValidatePodSpec(const v1::PodSpec& spec, const std::string& path, Errors& out) {
  ValidateLabels(spec.nodeSelector, Child(path, "nodeSelector"), out);
  if (spec.affinity) {
    // validateAffinity
    const std::string affinityPath = Child(path, "affinity");
    if (spec.affinity->nodeAffinity)
      ValidateNodeAffinity(*spec.affinity->nodeAffinity, Child(affinityPath, "nodeAffinity"), out);
    if (spec.affinity->podAffinity)
      ValidatePodAffinity(*spec.affinity->podAffinity, Child(affinityPath, "podAffinity"), out);
    if (spec.affinity->podAntiAffinity)
      ValidatePodAffinity(*spec.affinity->podAntiAffinity, Child(affinityPath, "podAntiAffinity"), out);
  }
  ValidateTopologySpreadConstraints(spec.topologySpreadConstraints, Child(path, "topologySpreadConstraints"), out);
  if (!spec.nodeName.empty()) {
    for (const std::string& msg : IsDNS1123Subdomain(spec.nodeName)) {
      AddInvalid(out, Child(path, "nodeName"), spec.nodeName, msg);
    }
  }
  ValidateTolerations(spec.tolerations, Child(path, "tolerations"), out);
  // validateSchedulingGates: qualified names, no duplicates.
  std::set<std::string> gates;
  for (size_t i = 0; i < spec.schedulingGates.size(); ++i) {
    const std::string& name = spec.schedulingGates[i];
    const std::string at = Index(Child(path, "schedulingGates"), i);
    for (const std::string& msg : IsQualifiedName(name)) AddInvalid(out, at, name, msg);
    if (!gates.insert(name).second) AddDuplicate(out, at, name);
  }
}

// validatePodMetadataAndSpec
void ValidatePod(const v1::Pod& pod, Errors& out) {
  ValidateObjectMeta(pod.metadata, true, IsDNS1123Subdomain, Child(pod.path, "metadata"), out);
  ValidatePodSpec(pod.spec, Child(pod.path, "spec"), out);
}

// ValidateNode (upstream reports taints under "metadata.taints"; the field is spec.taints).
void ValidateNode(const v1::Node& node, Errors& out) {
  ValidateObjectMeta(node.metadata, false, IsDNS1123Subdomain, Child(node.path, "metadata"), out);
  ValidateNodeTaints(node.taints, Child(Child(node.path, "spec"), "taints"), out);
}

// ValidateService: the metadata and spec.selector.
void ValidateService(const v1::Service& service, Errors& out) {
  ValidateObjectMeta(service.metadata, true, IsDNS1035Label, Child(service.path, "metadata"), out);
  if (service.selector) ValidateLabels(*service.selector, Child(Child(service.path, "spec"), "selector"), out);
}

// ValidateReplicationController. Upstream requires the selector to match the pod
// template's (valid) labels and defaults a missing one from them; without the
// template, the selector is held to the label rules it must then satisfy.
void ValidateReplicationController(const v1::ReplicationController& rc, Errors& out) {
  ValidateObjectMeta(rc.metadata, true, IsDNS1123Subdomain, Child(rc.path, "metadata"), out);
  if (rc.selector) ValidateLabels(*rc.selector, Child(Child(rc.path, "spec"), "selector"), out);
}

// The selector part of ValidateReplicaSetSpec / ValidateStatefulSetSpec.
void ValidateWorkloadSelector(const std::optional<v1::LabelSelector>& selector, std::string_view kind,
                              const std::string& path, Errors& out) {
  if (!selector) {
    AddRequired(out, path);
    return;
  }
  ValidateLabelSelector(*selector, path, out);
  if (selector->matchLabels.empty() && selector->matchExpressions.empty()) {
    out.push_back({path, "empty selector is invalid for " + std::string(kind) + " (got {})"});
  }
}

// ValidateReplicaSet
void ValidateReplicaSet(const v1::ReplicaSet& rs, Errors& out) {
  ValidateObjectMeta(rs.metadata, true, IsDNS1123Subdomain, Child(rs.path, "metadata"), out);
  ValidateWorkloadSelector(rs.selector, "deployment", Child(Child(rs.path, "spec"), "selector"), out);
}

// ValidateStatefulSet (ValidateStatefulSetName: a DNS-1123 label)
void ValidateStatefulSet(const v1::StatefulSet& ss, Errors& out) {
  ValidateObjectMeta(ss.metadata, true, IsDNS1123Label, Child(ss.path, "metadata"), out);
  ValidateWorkloadSelector(ss.selector, "statefulset", Child(Child(ss.path, "spec"), "selector"), out);
}

// ---------------------------------------------------------------------------
// Scheduler configuration: k8s.io/kubernetes/pkg/scheduler/apis/config/validation.

// validateDefaultingType
void ValidateDefaultingType(const config::PodTopologySpreadArgs& args, const std::string& path, Errors& out) {
  if (args.defaultingType != config::kSystemDefaulting && args.defaultingType != config::kListDefaulting) {
    AddNotSupported(out, path, args.defaultingType, {config::kSystemDefaulting, config::kListDefaulting});
  } else if (args.defaultingType == config::kSystemDefaulting && !args.defaultConstraints.empty()) {
    AddInvalid(out, path, args.defaultingType, "when .defaultConstraints are not empty");
  }
}

// validateTopologyKey (plugin args): required and a qualified name.
void ValidateArgsTopologyKey(const std::string& key, const std::string& path, Errors& out) {
  if (key.empty()) {
    AddRequired(out, path, "can not be empty");
  } else {
    ValidateLabelName(key, path, out);
  }
}

// validateWhenUnsatisfiable (plugin args)
void ValidateArgsWhenUnsatisfiable(const std::string& action, const std::string& path, Errors& out) {
  if (action.empty()) {
    AddRequired(out, path, "can not be empty");
  } else {
    ValidateWhenUnsatisfiable(action, path, out);
  }
}

// validateConstraintNotRepeat: constraint i against the ones before it.
void ValidateConstraintNotRepeat(const std::vector<v1::TopologySpreadConstraint>& constraints, size_t i,
                                 const std::string& path, Errors& out) {
  for (size_t j = 0; j < i; ++j) {
    if (SameSpreadPair(constraints[i], constraints[j])) {
      AddDuplicate(out, path, SpreadPairString(constraints[i]));
      return;
    }
  }
}

// ValidatePodTopologySpreadArgs
void ValidatePodTopologySpreadArgs(const config::PodTopologySpreadArgs& args, const std::string& path, Errors& out) {
  ValidateDefaultingType(args, Child(path, "defaultingType"), out);
  const std::string constraintsPath = Child(path, "defaultConstraints");
  for (size_t i = 0; i < args.defaultConstraints.size(); ++i) {
    const v1::TopologySpreadConstraint& c = args.defaultConstraints[i];
    const std::string p = Index(constraintsPath, i);
    if (c.maxSkew <= 0) AddInvalid(out, Child(p, "maxSkew"), c.maxSkew, "not in valid range (0, inf)");
    ValidateArgsTopologyKey(c.topologyKey, Child(p, "topologyKey"), out);
    ValidateArgsWhenUnsatisfiable(c.whenUnsatisfiable, Child(p, "whenUnsatisfiable"), out);
    if (c.labelSelector) {
      AddForbidden(out, Child(p, "labelSelector"),
                   "constraint must not define a selector, as they deduced for each pod");
    }
    ValidateConstraintNotRepeat(args.defaultConstraints, i, p, out);
  }
}

// validateHardPodAffinityWeight (ValidateInterPodAffinityArgs)
void ValidateInterPodAffinityArgs(const config::InterPodAffinityArgs& args, const std::string& path, Errors& out) {
  const int32_t w = args.hardPodAffinityWeight;
  if (w < 0 || w > 100) AddInvalid(out, Child(path, "hardPodAffinityWeight"), w, "not in valid range [0, 100]");
}

// ValidateDefaultPreemptionArgs
void ValidateDefaultPreemptionArgs(const config::DefaultPreemptionArgs& args, const std::string& path, Errors& out) {
  const std::string percentage = Child(path, "minCandidateNodesPercentage");
  const std::string absolute = Child(path, "minCandidateNodesAbsolute");
  if (args.minCandidateNodesPercentage < 0 || args.minCandidateNodesPercentage > 100)
    AddInvalid(out, percentage, args.minCandidateNodesPercentage, "not in valid range [0, 100]");
  if (args.minCandidateNodesAbsolute < 0) AddInvalid(out, absolute, args.minCandidateNodesAbsolute, "not in valid range [0, inf)");
  if (args.minCandidateNodesPercentage == 0 && args.minCandidateNodesAbsolute == 0) {
    AddInvalid(out, percentage, 0, "cannot be zero at the same time as minCandidateNodesAbsolute");
    AddInvalid(out, absolute, 0, "cannot be zero at the same time as minCandidateNodesPercentage");
  }
}

// validateFunctionShape
void ValidateFunctionShape(const std::vector<config::UtilizationShapePoint>& shape, const std::string& path,
                           Errors& out) {
  if (shape.empty()) {
    AddRequired(out, path, "at least one point must be specified");
    return;
  }
  for (size_t i = 1; i < shape.size(); ++i) {
    if (shape[i - 1].utilization >= shape[i].utilization) {
      AddInvalid(out, Child(Index(path, i), "utilization"), shape[i].utilization,
                 "values must be sorted in increasing order");
      break;
    }
  }
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i].utilization < 0 || shape[i].utilization > 100)
      AddInvalid(out, Child(Index(path, i), "utilization"), shape[i].utilization, "not in valid range [0, 100]");
    if (shape[i].score < 0 || shape[i].score > 10)  // config.MaxCustomPriorityScore
      AddInvalid(out, Child(Index(path, i), "score"), shape[i].score, "not in valid range [0, 10]");
  }
}

// validateResources
void ValidateResourceWeights(const std::vector<config::ResourceSpec>& resources, const std::string& path,
                             Errors& out) {
  for (size_t i = 0; i < resources.size(); ++i) {
    const auto& r = resources[i];
    if (r.weight <= 0 || r.weight > 100) {
      AddInvalid(out, Child(Index(path, i), "weight"), r.weight,
                 "resource weight of " + r.name + " not in valid range (0, 100]");
    }
  }
}

// ValidateNodeResourcesFitArgs (the v1 defaults always set a scoringStrategy).
void ValidateNodeResourcesFitArgs(const config::NodeResourcesFitArgs& args, const std::string& path, Errors& out) {
  const std::string resPath = Child(path, "ignoredResources");
  for (size_t i = 0; i < args.ignoredResources.size(); ++i)
    ValidateLabelName(args.ignoredResources[i], Index(resPath, i), out);
  const std::string groupPath = Child(path, "ignoredResourceGroups");
  for (size_t i = 0; i < args.ignoredResourceGroups.size(); ++i) {
    const std::string& group = args.ignoredResourceGroups[i];
    if (group.find('/') != std::string::npos)
      AddInvalid(out, Index(groupPath, i), group, "resource group name can't contain '/'");
    ValidateLabelName(group, Index(groupPath, i), out);
  }
  const config::ScoringStrategy& s = args.scoringStrategy;
  const std::string strategyPath = Child(path, "scoringStrategy");
  if (s.type != config::kLeastAllocated && s.type != config::kMostAllocated &&
      s.type != config::kRequestedToCapacityRatio) {
    AddNotSupported(out, Child(strategyPath, "type"), s.type,
                    {config::kLeastAllocated, config::kMostAllocated, config::kRequestedToCapacityRatio});
  }
  ValidateResourceWeights(s.resources, Child(strategyPath, "resources"), out);
  const std::string rtcPath = Child(strategyPath, "requestedToCapacityRatio");
  if (s.type == config::kRequestedToCapacityRatio) {
    if (!s.hasRequestedToCapacityRatio) {
      AddRequired(out, rtcPath, "must be specified when type is RequestedToCapacityRatio");
    } else {
      ValidateFunctionShape(s.requestedToCapacityRatioShape, Child(rtcPath, "shape"), out);
    }
  } else if (s.hasRequestedToCapacityRatio) {
    AddForbidden(out, rtcPath, "must be nil when type is not RequestedToCapacityRatio");
  }
}

// ValidateNodeResourcesBalancedAllocationArgs
void ValidateBalancedAllocationArgs(const config::NodeResourcesBalancedAllocationArgs& args, const std::string& path,
                                    Errors& out) {
  const std::string resPath = Child(path, "resources");
  std::set<std::string> seen;
  for (size_t i = 0; i < args.resources.size(); ++i) {
    const auto& r = args.resources[i];
    if (!seen.insert(r.name).second) AddDuplicate(out, Child(Index(resPath, i), "name"), r.name);
    if (r.weight != 1) AddInvalid(out, Child(Index(resPath, i), "weight"), r.weight, "must be 1");
  }
}

// Scenario consistency: a plugin's weight is not negative.
void ValidatePluginWeights(const config::PluginSet& set, const std::string& path, Errors& out) {
  const std::string enabledPath = Child(path, "enabled");
  for (size_t i = 0; i < set.enabled.size(); ++i) {
    const auto& weight = set.enabled[i].weight;
    if (weight && *weight < 0) {
      AddInvalid(out, Child(Index(enabledPath, i), "weight"), *weight, "must be greater than or equal to 0");
    }
  }
}

// validateKubeSchedulerProfile, plus the plugin weights.
void ValidateProfile(const config::Profile& profile, Errors& out) {
  if (profile.schedulerName.empty()) AddRequired(out, Child(profile.path, "schedulerName"));
  // validatePercentageOfNodesToScore, for the configuration and for the profile.
  if (const auto& pct = profile.globalPercentageOfNodesToScore; pct && (*pct < 0 || *pct > 100)) {
    AddInvalid(out, Child(profile.configPath, "percentageOfNodesToScore"), *pct, "not in valid range [0-100]");
  }
  if (const auto& pct = profile.percentageOfNodesToScore; pct && (*pct < 0 || *pct > 100)) {
    AddInvalid(out, Child(profile.path, "percentageOfNodesToScore"), *pct, "not in valid range [0-100]");
  }
  if (profile.plugins) {
    const std::string pluginsPath = Child(profile.path, "plugins");
    ValidatePluginWeights(profile.plugins->multiPoint, Child(pluginsPath, "multiPoint"), out);
    ValidatePluginWeights(profile.plugins->preFilter, Child(pluginsPath, "preFilter"), out);
    ValidatePluginWeights(profile.plugins->filter, Child(pluginsPath, "filter"), out);
    ValidatePluginWeights(profile.plugins->preScore, Child(pluginsPath, "preScore"), out);
    ValidatePluginWeights(profile.plugins->score, Child(pluginsPath, "score"), out);
  }
  ValidatePodTopologySpreadArgs(profile.podTopologySpreadArgs, profile.podTopologySpreadArgsPath, out);
  ValidateNodeResourcesFitArgs(profile.nodeResourcesFitArgs, profile.nodeResourcesFitArgsPath, out);
  ValidateBalancedAllocationArgs(profile.balancedAllocationArgs, profile.balancedAllocationArgsPath, out);
  ValidateInterPodAffinityArgs(profile.interPodAffinityArgs, profile.interPodAffinityArgsPath, out);
  ValidateDefaultPreemptionArgs(profile.defaultPreemptionArgs, profile.defaultPreemptionArgsPath, out);
  // ValidateNodeAffinityArgs: the added affinity must parse as a pod's would.
  if (const auto& added = profile.nodeAffinityArgs.addedAffinity)
    ValidateNodeAffinity(*added, Child(profile.nodeAffinityArgsPath, "addedAffinity"), out);
}

// ---------------------------------------------------------------------------
// Scenario consistency.

// Node names are unique (an empty one is already reported as required).
void CheckUniqueNodeName(const v1::Node& node, std::set<std::string>& seen, Errors& out) {
  const std::string& name = node.metadata.name;
  if (!name.empty() && !seen.insert(name).second) AddDuplicate(out, Child(node.path, "metadata.name"), name);
}

// Pods are unique by namespace/name.
void CheckUniquePodName(const v1::Pod& pod, std::set<std::string>& seen, Errors& out) {
  if (pod.metadata.name.empty()) return;
  const std::string key = pod.metadata.ns + "/" + pod.metadata.name;
  if (!seen.insert(key).second) AddDuplicate(out, Child(pod.path, "metadata.name"), key);
}

// A bound pod's node is in the scenario.
void CheckNodeNameExists(const v1::Pod& pod, const std::set<std::string>& nodeNames, Errors& out) {
  if (!pod.spec.nodeName.empty() && nodeNames.count(pod.spec.nodeName) == 0) {
    AddNotFound(out, Child(pod.path, "spec.nodeName"), pod.spec.nodeName, "no node with that name in the scenario");
  }
}

// "items[2]" < "items[10]": digit runs compare by value.
bool NaturalLess(std::string_view a, std::string_view b) {
  const auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (isDigit(a[i]) && isDigit(b[j])) {
      const size_t iEnd = std::find_if_not(a.begin() + i, a.end(), isDigit) - a.begin();
      const size_t jEnd = std::find_if_not(b.begin() + j, b.end(), isDigit) - b.begin();
      std::string_view x = a.substr(i, iEnd - i), y = b.substr(j, jEnd - j);
      x.remove_prefix(std::min(x.find_first_not_of('0'), x.size()));
      y.remove_prefix(std::min(y.find_first_not_of('0'), y.size()));
      if (x.size() != y.size()) return x.size() < y.size();
      if (x != y) return x < y;
      i = iEnd;
      j = jEnd;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

struct ObjectErrors {
  std::string_view path;
  Errors errors;
};

}  // namespace

std::vector<FieldError> ValidateScenario(const Scenario& scenario) {
  std::vector<ObjectErrors> objects;
  const auto validate = [&objects](const std::string& path, const auto& fn) {
    ObjectErrors o{path, {}};
    fn(o.errors);
    if (!o.errors.empty()) objects.push_back(std::move(o));
  };

  std::set<std::string> nodeNames;
  for (const v1::Node& node : scenario.nodes) {
    validate(node.path, [&](Errors& out) {
      ValidateNode(node, out);
      CheckUniqueNodeName(node, nodeNames, out);
    });
  }
  std::set<std::string> podNames;
  for (const v1::Pod& pod : scenario.pods) {
    validate(pod.path, [&](Errors& out) {
      ValidatePod(pod, out);
      CheckUniquePodName(pod, podNames, out);
    });
  }
  for (const v1::Service& s : scenario.services) validate(s.path, [&](Errors& out) { ValidateService(s, out); });
  for (const v1::ReplicationController& rc : scenario.replicationControllers) {
    validate(rc.path, [&](Errors& out) { ValidateReplicationController(rc, out); });
  }
  for (const v1::ReplicaSet& rs : scenario.replicaSets)
    validate(rs.path, [&](Errors& out) { ValidateReplicaSet(rs, out); });
  for (const v1::StatefulSet& ss : scenario.statefulSets) {
    validate(ss.path, [&](Errors& out) { ValidateStatefulSet(ss, out); });
  }
  if (scenario.profile) {
    validate(scenario.profile->path, [&](Errors& out) { ValidateProfile(*scenario.profile, out); });
  }

  std::stable_sort(objects.begin(), objects.end(),
                   [](const ObjectErrors& a, const ObjectErrors& b) { return NaturalLess(a.path, b.path); });
  std::vector<FieldError> all;
  for (ObjectErrors& o : objects) {
    for (FieldError& e : o.errors) all.push_back(std::move(e));
  }
  return all;
}

std::vector<FieldError> ValidateEditedPod(const v1::Pod& pod, const std::set<std::string>* nodeNames) {
  Errors out;
  ValidatePod(pod, out);
  if (nodeNames) CheckNodeNameExists(pod, *nodeNames, out);
  return out;
}

std::vector<FieldError> ValidateEditedNode(const v1::Node& node) {
  Errors out;
  ValidateNode(node, out);
  return out;
}

std::vector<std::string> QualifiedNameErrors(std::string_view name) { return IsQualifiedName(name); }
std::vector<std::string> LabelValueErrors(std::string_view value) { return IsValidLabelValue(value); }

}  // namespace spreadlab
