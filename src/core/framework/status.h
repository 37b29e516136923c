#pragma once
// fwk.Status: a code, the reasons shown to users, and the plugin that set it.
#include <cstdint>
#include <memory>
#include <set>
#include <span>
#include <vector>
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
// plugin owns). A status with several reasons (NodeResourcesFit's
// "Insufficient cpu" and "Insufficient memory") also lists them all in
// `reasons`, a view of plugin-owned storage; kube-scheduler's FitError counts
// each of them. Errors carry their own text; the pointer keeps a successful
// status cheap, since one is made per plugin per node.
struct Status {
  Code code = Code::Success;
  std::string_view reason;                    // the first reason
  std::span<const std::string_view> reasons;  // every reason, when there are several
  std::shared_ptr<const std::string> error;

  static Status Ok() { return {}; }
  static Status Make(Code c, std::string_view reason = {}) { return Status{c, reason, {}, nullptr}; }
  static Status Make(Code c, std::span<const std::string_view> reasons) {
    return Status{c, reasons.empty() ? std::string_view() : reasons.front(),
                  reasons.size() > 1 ? reasons : std::span<const std::string_view>(), nullptr};
  }
  static Status AsError(std::string message) {
    return Status{Code::Error, {}, {}, std::make_shared<const std::string>(std::move(message))};
  }

  bool IsSuccess() const { return code == Code::Success; }
  bool IsSkip() const { return code == Code::Skip; }
  // fwk.Status.IsRejected
  bool IsRejected() const {
    return code == Code::Unschedulable || code == Code::UnschedulableAndUnresolvable || code == Code::Pending;
  }
  // Status.Message() for a single reason or an error; see CycleTrace::JoinedReasons for several.
  std::string_view Message() const { return error ? std::string_view(*error) : reason; }
};

// Reason texts a plugin makes up (a claim's name in them): a Status holds views, so the
// plugin keeps each text here, once, for as long as it lives.
class ReasonTexts {
 public:
  std::string_view Keep(std::string text) { return *texts_.insert(std::move(text)).first; }

 private:
  std::set<std::string> texts_;
};

// The reasons of a verdict: `reasons` when set, else the single `reason` (if any).
inline std::vector<std::string_view> AllReasons(std::string_view reason, std::span<const std::string_view> reasons) {
  if (!reasons.empty()) return {reasons.begin(), reasons.end()};
  if (reason.empty()) return {};
  return {reason};
}

}  // namespace spreadlab
