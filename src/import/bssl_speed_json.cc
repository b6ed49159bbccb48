// The -json output of bssl speed: recognising it, and reading its array object by object.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "import/bssl_speed.h"
#include "import/import.h"
#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

// Longest object of the -json array read, bytes: bssl writes ~100 per object (a description,
// numCalls, microseconds, bytesPerCall). Without a cap one object could hold the whole paste,
// and its object tree take ~50x its text (issue 11).
constexpr size_t kMaxJsonObjectBytes = 4096;

void CheckJsonObjectLength(const std::string& object, size_t line) {
  if (object.size() > kMaxJsonObjectBytes) {
    throw ImportError(line, fmt::format("a bssl speed -json object longer than {} KiB; bssl "
                                        "writes about 100 bytes per object",
                                        kMaxJsonObjectBytes >> 10));
  }
}

}  // namespace

bool IsBsslJsonObjectStart(std::string_view trimmed) {
  if (!trimmed.empty() && trimmed.front() == '[') {
    trimmed = Trim(trimmed.substr(1));
  }
  if (trimmed.empty() || trimmed.front() != '{') {
    return false;
  }
  trimmed = Trim(trimmed.substr(1));
  return trimmed.empty() || trimmed.substr(0, 13) == "\"description\"";
}

bool StartsBsslJson(const std::vector<SourceLine>& lines, size_t index) {
  const std::string_view first = Trim(lines[index].text);
  if (lines[index].kind != LineKind::kText) {
    return false;
  }
  if (IsBsslJsonObjectStart(first)) {
    if (first.find("\"description\"") != std::string_view::npos) {
      return true;
    }
  } else if (first != "[") {
    return false;
  }
  // "[" or "{" alone (pretty-printed JSON): the description must follow within two lines.
  size_t seen = 0;
  for (size_t i = index + 1; i < lines.size() && seen < 2; ++i) {
    const std::string_view next = Trim(lines[i].text);
    if (next.empty()) {
      continue;
    }
    ++seen;
    if (next.find("\"description\"") != std::string_view::npos) {
      return IsBsslJsonObjectStart(next) || next.substr(0, 13) == "\"description\"";
    }
    if (next != "{") {
      return false;
    }
  }
  return false;
}

Offer BsslSpeedParser::TakeJson(const SourceLine& line) {
  if (line.kind == LineKind::kElision) {
    builder_.Caveat(ElisionCaveat(line));
    return Offer::kConsumed;
  }
  const std::string_view text = line.text;
  if (Trim(text).empty() && json_depth_ <= 1) {
    json_ = false;  // bssl prints no blank line inside its array: the paste cut it short
    json_unclosed_ = true;
    return Offer::kConsumed;
  }
  for (size_t i = 0; i < text.size() && json_; ++i) {
    const char c = text[i];
    const bool in_object = json_depth_ >= 2;
    if (in_object) {
      json_object_.push_back(c);
    }
    if (json_in_string_) {
      if (json_escape_) {
        json_escape_ = false;
      } else if (c == '\\') {
        json_escape_ = true;
      } else if (c == '"') {
        json_in_string_ = false;
      }
      continue;
    }
    if (c == '"' && in_object) {
      json_in_string_ = true;
      json_escape_ = false;
    } else if (c == '{' || c == '[') {
      if (json_depth_ == 1) {
        if (c != '{') {
          throw ImportError(line.number, "expected a JSON object in the bssl speed -json array");
        }
        json_object_.assign(1, '{');  // (assigning a literal trips GCC 12's -Wrestrict)
        json_object_line_ = line.number;
      }
      ++json_depth_;
    } else if (c == '}' || c == ']') {
      --json_depth_;
      if (json_depth_ == 1) {
        TakeJsonObject();
      } else if (json_depth_ == 0) {
        json_ = false;  // the array is closed
      } else if (json_depth_ < 0) {
        throw ImportError(line.number, "expected JSON, found an unbalanced bracket");
      }
    } else if (json_depth_ <= 1 && c != ',' && c != ' ' && c != '\t') {
      throw ImportError(line.number,
                        fmt::format("expected a JSON object in the bssl speed -json array, "
                                    "found {}",
                                    QuoteForError(Trim(text.substr(i)))));
    }
  }
  if (json_depth_ >= 2) {
    CheckJsonObjectLength(json_object_, json_object_line_);
    json_object_.push_back('\n');
  }
  return Offer::kConsumed;
}

void BsslSpeedParser::TakeJsonObject() {
  CheckJsonObjectLength(json_object_, json_object_line_);
  const nlohmann::json object = nlohmann::json::parse(json_object_, nullptr, false);
  const size_t line = json_object_line_;
  if (object.is_discarded() || !object.is_object()) {
    throw ImportError(line, "expected a JSON object (bssl speed -json), found invalid JSON");
  }
  const auto unsigned_field = [&](const char* key, bool required) -> std::optional<uint64_t> {
    const auto it = object.find(key);
    if (it == object.end()) {
      if (required) {
        throw ImportError(line, fmt::format("expected \"{}\" in a bssl speed -json object", key));
      }
      return std::nullopt;
    }
    if (!it->is_number_unsigned()) {
      throw ImportError(line, fmt::format("expected a non-negative integer for \"{}\"", key));
    }
    return it->get<uint64_t>();
  };
  Record record;
  record.line = line;
  const auto description = object.find("description");
  if (description == object.end() || !description->is_string()) {
    throw ImportError(line, "expected a \"description\" string in a bssl speed -json object");
  }
  record.description = ValidUtf8(description->get<std::string>());
  record.calls = *unsigned_field("numCalls", true);
  // bssl prints "microseconds"; its -help text calls the field "timeInMicroseconds".
  const bool long_name = object.contains("timeInMicroseconds") && !object.contains("microseconds");
  record.microseconds = *unsigned_field(long_name ? "timeInMicroseconds" : "microseconds", true);
  record.bytes_per_call = unsigned_field("bytesPerCall", false);
  if (!AddRecord(record, /*dry_run=*/true)) {
    builder_.Caveat(fmt::format(
        "Line {}: '{}' appears a second time in one -json array; the second figure is not "
        "imported.",
        line, record.description));
    return;
  }
  AddRecord(record, /*dry_run=*/false);
}

}  // namespace cryptobench::import
