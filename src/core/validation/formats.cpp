// String formats: k8s.io/apimachinery/pkg/util/validation (IsQualifiedName and
// IsValidLabelValue live in k8s.io/apimachinery/pkg/api/validate/content).
#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/validation.h"
#include "core/validation/internal.h"

namespace spreadlab::validation {

namespace {

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
    out += '\'';
    out += e;
    out += "', ";
  }
  out += "regex used for validation is '";
  out += fmt;
  out += "')";
  return out;
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

}  // namespace

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

}  // namespace spreadlab::validation

namespace spreadlab {

std::vector<std::string> QualifiedNameErrors(std::string_view name) { return validation::IsQualifiedName(name); }
std::vector<std::string> LabelValueErrors(std::string_view value) { return validation::IsValidLabelValue(value); }

}  // namespace spreadlab
