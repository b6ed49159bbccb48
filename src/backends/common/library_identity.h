// Helpers for Backend::Identity() of a library backend: where the library was loaded from, and
// its version string as a number.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

namespace cryptobench::backends {

/// The real path (symbolic links resolved) of the shared object that holds `address`, as the
/// dynamic loader reports it (dladdr); the loader's own file name when realpath() fails; "" when
/// the loader knows no object at that address.
std::string SharedObjectPath(const void* address);

/// SharedObjectPath() of a function: the file the library defining `function` was loaded from
/// (e.g. SharedObjectPathOf(&sodium_version_string)).
template <typename Function>
std::string SharedObjectPathOf(Function* function) {
  static_assert(std::is_function_v<Function>);
  const void* address = nullptr;
  static_assert(sizeof(address) == sizeof(function));
  std::memcpy(&address, &function, sizeof(address));  // dladdr takes a data pointer
  return SharedObjectPath(address);
}

/// A "major.minor.patch" version string as 0xMMmmpp (e.g. "3.7.9" -> 0x030709, "1.10.1" ->
/// 0x010a01); anything after the third number is ignored. 0 if the string does not start with
/// three dot-separated numbers of at most 255 each.
uint64_t DottedVersionNumber(const char* version);

}  // namespace cryptobench::backends
