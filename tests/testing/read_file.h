#pragma once
// A whole file as a string (examples and golden files).
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

}  // namespace spreadlab::testing
