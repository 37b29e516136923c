#include "cli/compare_table.h"

#include <fmt/format.h>

#include "cli/text_table.h"

namespace spreadlab::cli {

namespace {

std::string Cell(const why::SideVerdict& v, bool chosen) {
  return why::VerdictText(v) + (v.present && v.evaluated && v.feasible && chosen ? "  <- chosen" : "");
}

std::string Outcome(const std::string& selected, const std::string& message) {
  return selected.empty() ? "stays Pending: " + message : "-> " + selected;
}

}  // namespace

std::string CompareTable(const why::Comparison& c, const std::string& nameA, const std::string& nameB, bool all) {
  std::string out = fmt::format("Pod {}\n  A ({}): {}\n  B ({}): {}\n\n", c.pod, nameA,
                                Outcome(c.selectedA, c.messageA), nameB, Outcome(c.selectedB, c.messageB));
  if (c.selectedA == c.selectedB) out += "Both place it alike.\n\n";
  Table table({"NODE", "A", "B", ""});
  size_t differing = 0, hidden = 0;
  for (const auto& r : c.rows) {
    differing += r.differs;
    if (!all && !r.differs && r.node != c.selectedA && r.node != c.selectedB) {
      ++hidden;
      continue;
    }
    table.Add({r.node, Cell(r.a, r.node == c.selectedA), Cell(r.b, r.node == c.selectedB), r.differs ? "differs" : ""});
  }
  out += fmt::format("Node by node ({} of {} differ):\n", differing, c.rows.size());
  out += table.Render("  ");
  if (hidden) out += fmt::format("  ... {} node(s) alike on both sides; --all shows them\n", hidden);
  return out;
}

}  // namespace spreadlab::cli
