#pragma once
// Small pieces of the score explanations' text (ScoreExplainer): numbers written the way
// the plugins' formulas show them.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace spreadlab::helper {

// `v` with `decimals` digits after the point ("1.386").
std::string Fixed(double v, int decimals = 3);
// `v` with up to 6 digits after the point, trailing zeros dropped ("0.75", "0.000024"):
// for values a formula truncates, where a rounded figure would mislead.
std::string Decimal(double v);

// Appends `part` to `out`, after `separator` when `out` is not empty.
void AppendPart(std::string& out, std::string_view separator, std::string_view part);

// How amounts of one resource are written in a formula: cpu in millicores ("1500m");
// memory and ephemeral-storage in MiB ("512Mi") when every amount of the formula is whole
// MiB, else in bytes ("1000B"); other resources as plain counts.
class AmountText {
 public:
  AmountText(std::string_view resource, std::initializer_list<int64_t> amounts);
  std::string operator()(int64_t v) const;

 private:
  std::string_view suffix_;
  int64_t divisor_ = 1;
};

}  // namespace spreadlab::helper
