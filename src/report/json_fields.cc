// Fields of saved JSON documents (json_fields.h).
#include "report/json_fields.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "report/sanitize.h"

namespace cryptobench::report {

using nlohmann::json;

std::string JsonText(const json& object, const char* key, const char* what) {
  if (!object.is_object() || !object.contains(key) || object.at(key).is_null()) {
    return "";
  }
  if (!object.at(key).is_string()) {
    throw std::runtime_error(fmt::format("{}: \"{}\" is not a string", what, key));
  }
  return SafeText(object.at(key).get<std::string>());
}

std::optional<double> JsonNumber(const json& object, const char* key) {
  if (!object.is_object() || !object.contains(key) || !object.at(key).is_number()) {
    return std::nullopt;
  }
  const double value = object.at(key).get<double>();
  return std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

const json& JsonMember(const json& object, const char* key) {
  static const json kNull;
  return object.is_object() && object.contains(key) ? object.at(key) : kNull;
}

const json& JsonArray(const json& object, const char* key, const char* what) {
  static const json kEmpty = json::array();
  const json& value = JsonMember(object, key);
  if (value.is_null()) {
    return kEmpty;
  }
  if (!value.is_array()) {
    throw std::runtime_error(fmt::format("{}: \"{}\" is not an array", what, key));
  }
  return value;
}

}  // namespace cryptobench::report
