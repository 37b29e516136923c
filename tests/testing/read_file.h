#pragma once
// A whole file as a string (examples and golden files), and where an example is.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace spreadlab::testing {

inline std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// examples/<name>.json, or .yaml for the manifests written as people write them.
inline std::filesystem::path ExampleFile(const std::filesystem::path& examplesDir, const std::string& name) {
  std::filesystem::path p = examplesDir / (name + ".json");
  return std::filesystem::exists(p) ? p : examplesDir / (name + ".yaml");
}

}  // namespace spreadlab::testing
