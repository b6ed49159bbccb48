// Reading fields of a saved JSON document (doctor's, compare's) for its report Document: absent
// and null fields read as empty, a field of the wrong type is an error naming it, and strings are
// made printable (SafeText), since saved documents are untrusted input.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace cryptobench::report {

/// The string field `key` of `object`, made printable (SafeText); "" when `object` is no object
/// or the field is absent or null. Throws std::runtime_error "WHAT: \"KEY\" is not a string"
/// (`what`: "doctor document", ...) when it has another type.
std::string JsonText(const nlohmann::json& object, const char* key, const char* what);

/// The number `key` of `object` when it is a finite number; nullopt otherwise.
std::optional<double> JsonNumber(const nlohmann::json& object, const char* key);

/// The field `key` of `object`; a null value when `object` is no object or lacks it.
const nlohmann::json& JsonMember(const nlohmann::json& object, const char* key);

/// The array `key` of `object`; an empty array when absent or null. Throws std::runtime_error
/// "WHAT: \"KEY\" is not an array" when it has another type.
const nlohmann::json& JsonArray(const nlohmann::json& object, const char* key, const char* what);

}  // namespace cryptobench::report
