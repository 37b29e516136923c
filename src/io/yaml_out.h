#pragma once
// JSON as block YAML, the way `kubectl get -o yaml` prints it: a string is written plain
// when YAML would read it back as that same string, else double-quoted (JSON's escapes
// are YAML's); numbers, booleans and null as JSON writes them. Reading the result back
// (io/yaml_json.h) gives the same JSON. For `--format yaml` and the lab's Export YAML.
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace spreadlab::io {

std::string ToYaml(const nlohmann::ordered_json& j);

}  // namespace spreadlab::io
