#include "app/model/edit_text.h"

namespace spreadlab::app {

namespace {

std::string Trim(std::string s) {
  s.erase(0, s.find_first_not_of(" \t"));
  s.erase(s.find_last_not_of(" \t") + 1);
  return s;
}

}  // namespace

std::vector<std::string> SplitList(const std::string& s, char sep) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i <= s.size()) {
    size_t j = s.find(sep, i);
    if (j == std::string::npos) j = s.size();
    std::string item = Trim(s.substr(i, j - i));
    if (!item.empty()) out.push_back(item);
    i = j + 1;
  }
  return out;
}

std::string JoinList(const std::vector<std::string>& items, char sep) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? std::string() : std::string(1, sep)) + item;
  return out;
}

std::string FormatExpressions(const std::vector<v1::LabelSelectorRequirement>& exprs) {
  std::string out;
  for (const auto& r : exprs) {
    if (!out.empty()) out += "; ";
    if (r.op == "Exists")
      out += r.key;
    else if (r.op == "DoesNotExist")
      out += "!" + r.key;
    else {
      out += r.key + (r.op == "In"      ? " in ("
                      : r.op == "NotIn" ? " notin ("
                      : r.op == "Gt"    ? " gt ("
                      : r.op == "Lt"    ? " lt ("
                                        : " " + r.op + " (");
      for (size_t i = 0; i < r.values.size(); ++i) out += (i ? "," : "") + r.values[i];
      out += ")";
    }
  }
  return out;
}

bool ParseExpressions(const std::string& text, std::vector<v1::LabelSelectorRequirement>& out, std::string& error) {
  out.clear();
  for (const std::string& item : SplitList(text, ';')) {
    v1::LabelSelectorRequirement r;
    size_t paren = item.find('(');
    if (paren == std::string::npos) {
      if (item[0] == '!')
        r.key = Trim(item.substr(1)), r.op = "DoesNotExist";
      else
        r.key = item, r.op = "Exists";
    } else {
      auto words = SplitList(item.substr(0, paren), ' ');
      size_t close = item.find(')', paren);
      if (words.size() != 2 || close == std::string::npos) {
        error = "\"" + item + "\": write key in (a,b), key notin (a,b), key or !key";
        return false;
      }
      r.key = words[0];
      const std::string& w = words[1];
      r.op = w == "in" ? "In" : w == "notin" ? "NotIn" : w == "gt" ? "Gt" : w == "lt" ? "Lt" : w;
      r.values = SplitList(item.substr(paren + 1, close - paren - 1), ',');
    }
    out.push_back(std::move(r));
  }
  return true;
}

std::string FormatNodeAffinity(const std::optional<v1::NodeSelector>& required) {
  std::string out;
  if (!required) return out;
  for (const auto& term : required->nodeSelectorTerms) {
    std::vector<v1::LabelSelectorRequirement> exprs;
    for (const auto& r : term.matchExpressions) exprs.push_back({r.key, r.op, r.values});
    out += (out.empty() ? "" : " | ") + FormatExpressions(exprs);
  }
  return out;
}

bool ParseNodeAffinity(const std::string& text, std::optional<v1::NodeSelector>& out, std::string& error) {
  out.reset();
  const std::vector<std::string> terms = SplitList(text, '|');
  if (terms.empty()) return true;
  out.emplace();
  for (const std::string& t : terms) {
    std::vector<v1::LabelSelectorRequirement> exprs;
    if (!ParseExpressions(t, exprs, error)) return false;
    v1::NodeSelectorTerm term;
    for (auto& r : exprs) term.matchExpressions.push_back({std::move(r.key), std::move(r.op), std::move(r.values)});
    out->nodeSelectorTerms.push_back(std::move(term));
  }
  return true;
}

std::string FormatTolerations(const std::vector<v1::Toleration>& ts) {
  std::string out;
  for (const auto& t : ts) {
    if (!out.empty()) out += "; ";
    std::string s = t.key.empty() && t.op == "Exists" ? "*" : t.key;
    if (t.op != "Exists" && !t.value.empty()) s += "=" + t.value;
    if (!t.effect.empty()) s += ":" + t.effect;
    out += s;
  }
  return out;
}

std::vector<v1::Toleration> ParseTolerations(const std::string& text) {
  std::vector<v1::Toleration> out;
  for (const std::string& item : SplitList(text, ';')) {
    v1::Toleration t;
    std::string s = item;
    size_t colon = s.rfind(':');
    if (colon != std::string::npos) t.effect = s.substr(colon + 1), s = s.substr(0, colon);
    size_t eq = s.find('=');
    if (s == "*")
      t.op = "Exists";
    else if (eq == std::string::npos)
      t.key = s, t.op = "Exists";
    else
      t.key = s.substr(0, eq), t.value = s.substr(eq + 1), t.op = "Equal";
    out.push_back(std::move(t));
  }
  return out;
}

std::string FormatLabels(const std::map<std::string, std::string>& labels) {
  std::string out;
  for (const auto& [k, v] : labels) {
    if (!out.empty()) out += ",";
    out += k + "=" + v;
  }
  return out;
}

bool ParseLabels(const std::string& text, std::map<std::string, std::string>& out, std::string& error) {
  out.clear();
  for (const std::string& item : SplitList(text, ',')) {
    size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      error = "\"" + item + "\" is not key=value";
      return false;
    }
    out[item.substr(0, eq)] = item.substr(eq + 1);
  }
  return true;
}

}  // namespace spreadlab::app
