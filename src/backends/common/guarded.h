// Calls into libraries that report errors by throwing (Botan, Crypto++): one guard that turns
// any exception into a one-line error, so none leaves a backend call.
#pragma once

#include <exception>
#include <string>
#include <string_view>

namespace cryptobench::backends {

/// Runs `body` (returning "" or a one-line error) and returns its result, or "WHAT: <what()>"
/// ("WHAT: unknown exception" for an exception not derived from std::exception) if it throws.
template <typename Body>
std::string Guarded(std::string_view what, Body&& body) noexcept {
  try {
    return body();
  } catch (const std::exception& e) {
    return std::string(what) + ": " + e.what();
  } catch (...) {
    return std::string(what) + ": unknown exception";
  }
}

}  // namespace cryptobench::backends
