#include "app/model/new_names.h"

#include <cctype>

namespace spreadlab::app {

std::string NodeNameInDomain(const std::string& value, size_t nodes, const NameTaken& taken) {
  std::string base = "node-";
  for (char c : value) base += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : '-';
  std::string name;
  for (int i = static_cast<int>(nodes) + 1;; ++i)
    if (!taken(name = base + (value.empty() ? "" : "-") + std::to_string(i))) return name;
}

std::string NodeCopyName(const std::string& name, const NameTaken& taken) {
  std::string copy = name + "-copy";
  for (int i = 2; taken(copy); ++i) copy = name + "-copy" + std::to_string(i);
  return copy;
}

std::string NewDomainValue(const std::string& key, size_t domains, const NameTaken& taken) {
  std::string value;
  for (int i = static_cast<int>(domains) + 1;; ++i)
    if (!taken(value = (key.find("zone") != std::string::npos ? "zone" : "domain") + std::to_string(i))) return value;
}

std::string PodCopyName(const std::string& name, const NameTaken& taken) {
  std::string copy;
  for (int i = 1;; ++i)
    if (!taken(copy = name + "-" + std::to_string(i))) return copy;
}

}  // namespace spreadlab::app
