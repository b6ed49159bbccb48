// Calls into libraries that report errors by throwing (Botan, Crypto++): one guard that turns
// any exception into a one-line error, so none leaves a backend call.
#pragma once

#include <algorithm>
#include <cstddef>
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

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

/// A string literal as a template argument (GuardedBy<"Botan">).
template <size_t N>
struct GuardLabel {
  // NOLINTNEXTLINE(google-explicit-constructor): the point is GuardedBy<"text">.
  constexpr GuardLabel(const char (&label)[N]) { std::copy_n(label, N, text); }
  char text[N];
};

/// Base of an adapter Engine whose library reports errors by throwing (Botan, Crypto++): the
/// static Guarded() the adapters run the library's calls in (hash_mac_adapter.h), whose error is
/// "<What>: <what()>".
template <GuardLabel What>
struct GuardedBy {
  template <typename Body>
  static std::string Guarded(Body&& body) {
    return backends::Guarded(What.text, std::forward<Body>(body));
  }
};

/// std::make_unique<T>(args...) inside Guarded(what): nullptr with *error set to Guarded's line
/// if the constructor throws; *error is "" otherwise. The factory of an adapter Engine whose
/// library throws.
template <typename T, typename... Args>
std::unique_ptr<T> MakeGuarded(std::string_view what, std::string* error, Args&&... args) {
  std::unique_ptr<T> made;
  *error = Guarded(what, [&] {
    made = std::make_unique<T>(std::forward<Args>(args)...);
    return std::string();
  });
  return error->empty() ? std::move(made) : nullptr;
}

}  // namespace cryptobench::backends
