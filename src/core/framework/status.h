#pragma once
// fwk.Status: a code, the reasons shown to users, and the plugin that set it.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace spreadlab {

enum class Code : uint8_t {
  Success,
  Error,
  Unschedulable,
  UnschedulableAndUnresolvable,
  Wait,
  Skip,
  Pending,
};

std::string_view CodeName(Code c);

// Reasons are views of strings that outlive the cycle (constants, or text the
// plugin owns). Errors carry their own text; the pointer keeps a successful
// status as cheap as two words, since one is made per plugin per node.
struct Status {
  Code code = Code::Success;
  std::string_view reason;
  std::shared_ptr<const std::string> error;

  static Status Ok() { return {}; }
  static Status Make(Code c, std::string_view reason = {}) { return Status{c, reason, nullptr}; }
  static Status AsError(std::string message) {
    return Status{Code::Error, {}, std::make_shared<const std::string>(std::move(message))};
  }

  bool IsSuccess() const { return code == Code::Success; }
  bool IsSkip() const { return code == Code::Skip; }
  // fwk.Status.IsRejected
  bool IsRejected() const {
    return code == Code::Unschedulable || code == Code::UnschedulableAndUnresolvable || code == Code::Pending;
  }
  std::string_view Message() const { return error ? std::string_view(*error) : reason; }
};

}  // namespace spreadlab
