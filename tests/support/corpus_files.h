// The corpus of real reports (tests/fixtures/reports) as its programs and tests list and read
// it: the *.txt files of one folder, in name order. Test-only; header-only.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

namespace cryptobench::testing {

/// The names ("botan-1146-armv8-aes-base-provider.txt") of the *.txt files directly in `dir`,
/// sorted; empty when `dir` cannot be listed or holds none.
inline std::vector<std::string> CorpusFileNames(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  std::error_code error;
  for (const std::filesystem::directory_entry& entry :
       std::filesystem::directory_iterator(dir, error)) {
    if (entry.path().extension() == ".txt") {
      names.push_back(entry.path().filename().string());
    }
  }
  if (error) {
    return {};
  }
  std::sort(names.begin(), names.end());
  return names;
}

/// The bytes of the file at `path`, or "" when it cannot be read.
inline std::string CorpusFileContent(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream content;
  content << in.rdbuf();
  return content.str();
}

}  // namespace cryptobench::testing
