// Paths and errors: k8s.io/apimachinery/pkg/util/validation/field, worded as its
// Error.ErrorBody() words them ("Invalid value: 0: must be greater than zero").
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "core/gostrconv.h"
#include "core/validation/internal.h"

namespace spreadlab::validation {

std::string Child(const std::string& path, std::string_view name) {
  if (path.empty()) return std::string(name);
  std::string out = path;
  out += '.';
  out += name;
  return out;
}

std::string Index(const std::string& path, size_t i) { return path + "[" + std::to_string(i) + "]"; }

namespace {

// A value longer than this is cut (a 1 MB label value): the detail after it says what is wrong.
constexpr size_t kMaxValueRepr = 256;

void AddInvalidRepr(Errors& out, std::string path, const std::string& repr, std::string_view detail) {
  size_t cut = std::min(repr.size(), kMaxValueRepr);
  while (cut < repr.size() && cut > 0 && (static_cast<unsigned char>(repr[cut]) & 0xC0) == 0x80) --cut;  // UTF-8
  std::string message = "Invalid value: " + repr.substr(0, cut) + (cut < repr.size() ? "..." : "");
  if (!detail.empty()) message += ": " + std::string(detail);
  out.push_back({std::move(path), std::move(message)});
}

}  // namespace

// field.Invalid
void AddInvalid(Errors& out, std::string path, std::string_view value, std::string_view detail) {
  AddInvalidRepr(out, std::move(path), gostrconv::Quote(value), detail);
}
void AddInvalid(Errors& out, std::string path, int64_t value, std::string_view detail) {
  AddInvalidRepr(out, std::move(path), std::to_string(value), detail);
}

// field.Required
void AddRequired(Errors& out, std::string path, std::string_view detail) {
  std::string message = "Required value";
  if (!detail.empty()) message += ": " + std::string(detail);
  out.push_back({std::move(path), std::move(message)});
}

// field.Forbidden
void AddForbidden(Errors& out, std::string path, std::string_view detail) {
  out.push_back({std::move(path), "Forbidden: " + std::string(detail)});
}

// field.Duplicate, with the detail upstream sometimes sets afterwards.
void AddDuplicate(Errors& out, std::string path, std::string_view value, std::string_view detail) {
  std::string message = "Duplicate value: " + gostrconv::Quote(value);
  if (!detail.empty()) message += ": " + std::string(detail);
  out.push_back({std::move(path), std::move(message)});
}

// field.NotSupported
void AddNotSupported(Errors& out, std::string path, std::string_view value,
                     std::initializer_list<std::string_view> supported) {
  std::string message = "Unsupported value: " + gostrconv::Quote(value) + ": supported values: ";
  bool first = true;
  for (std::string_view v : supported) {
    if (!first) message += ", ";
    first = false;
    message += gostrconv::Quote(v);
  }
  out.push_back({std::move(path), std::move(message)});
}

// field.NotFound, for references between objects of the scenario.
void AddNotFound(Errors& out, std::string path, std::string_view value, std::string_view detail) {
  out.push_back({std::move(path), "Not found: " + gostrconv::Quote(value) + " (" + std::string(detail) + ")"});
}

}  // namespace spreadlab::validation
