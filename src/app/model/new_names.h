#pragma once
// The names the cluster picture's menus give the objects they add (a node in a domain,
// a node's copy, a new domain, a bound copy of a pod): each the first of its series that
// `taken` does not already hold. UI-free, so that the unit tests reach it.
#include <cstddef>
#include <functional>
#include <string>

namespace spreadlab::app {

using NameTaken = std::function<bool(const std::string&)>;

// A node added to the domain whose label value is `value` and which holds `nodes`
// nodes: "node-<value>-<n>" (the value lowercased, every character but a letter or a
// digit made '-': a DNS subdomain), or "node-<n>" for nodes without the key, counting
// from nodes + 1.
std::string NodeNameInDomain(const std::string& value, size_t nodes, const NameTaken& taken);

// A copy of node `name`: "<name>-copy", else "<name>-copy2", "<name>-copy3", ...
std::string NodeCopyName(const std::string& name, const NameTaken& taken);

// The label value of a new domain of `key`, counting from domains + 1: "zone<n>" when
// the key has "zone" in it, else "domain<n>".
std::string NewDomainValue(const std::string& key, size_t domains, const NameTaken& taken);

// A copy of pod `name`: "<name>-1", "<name>-2", ... (`taken` is asked for the name alone).
std::string PodCopyName(const std::string& name, const NameTaken& taken);

}  // namespace spreadlab::app
