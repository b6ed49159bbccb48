// Test-only: the name of a value-parametrised GoogleTest case, shared by the backend suites that
// take catalogue names (backend_conformance_test.cc, linked_backend_test.cc).
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace cryptobench::backends {

/// `text` as a GoogleTest parameter name, which takes letters, digits and '_' only: every other
/// character becomes '_' ("botan AES-128-CBC" -> "botan_AES_128_CBC").
inline std::string ParamTestName(std::string_view text) {
  std::string name;
  for (char c : text) {
    name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  }
  return name;
}

}  // namespace cryptobench::backends
