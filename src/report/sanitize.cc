// Terminal-safe text (sanitize.h).
#include "report/sanitize.h"

#include <cstdint>
#include <cstdlib>

#include <fmt/format.h>

namespace cryptobench::report {
namespace {

// Decodes one UTF-8 sequence at text[i]; returns its length (0: invalid) and sets *code_point.
// Overlong forms, surrogates and code points past U+10FFFF are invalid (RFC 3629 section 3).
size_t DecodeUtf8(std::string_view text, size_t i, uint32_t* code_point) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  size_t length = 0;
  uint32_t value = 0;
  uint32_t minimum = 0;
  if (lead < 0x80) {
    *code_point = lead;
    return 1;
  }
  if ((lead & 0xE0) == 0xC0) {
    length = 2;
    value = lead & 0x1Fu;
    minimum = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3;
    value = lead & 0x0Fu;
    minimum = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4;
    value = lead & 0x07u;
    minimum = 0x10000;
  } else {
    return 0;
  }
  if (i + length > text.size()) {
    return 0;
  }
  for (size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) {
      return 0;
    }
    value = (value << 6) | (byte(i + k) & 0x3Fu);
  }
  if (value < minimum || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) {
    return 0;
  }
  *code_point = value;
  return length;
}

// Characters a terminal acts on or that change how the text around them reads.
bool IsUnsafe(uint32_t c) {
  return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F) || c == 0x2028 || c == 0x2029 ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

std::string Sanitize(std::string_view text, bool keep_layout) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    uint32_t c = 0;
    const size_t length = DecodeUtf8(text, i, &c);
    if (length == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER, for one byte
      ++i;
      continue;
    }
    if (c == '\t' && !keep_layout) {
      out += ' ';  // a tab in a pasted line separates words: read as what it shows
    } else if (IsUnsafe(c) && !(keep_layout && (c == '\n' || c == '\t'))) {
      out += fmt::format("\\u{:04x}", c);
    } else {
      out.append(text.substr(i, length));
    }
    i += length;
  }
  return out;
}

void Clean(std::string& text) {
  if (NeedsSanitizing(text, false)) {
    text = SafeText(text);
  }
}

}  // namespace

bool NeedsSanitizing(std::string_view text, bool keep_layout) {
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      continue;  // printable ASCII, nearly all of any report
    }
    if (keep_layout && (c == '\n' || c == '\t')) {
      continue;
    }
    if (c < 0x80) {
      return true;
    }
    uint32_t code_point = 0;
    const size_t length = DecodeUtf8(text, i, &code_point);
    if (length == 0 || IsUnsafe(code_point)) {
      return true;
    }
    i += length - 1;
  }
  return false;
}

std::string SafeText(std::string_view text) { return Sanitize(text, false); }

std::string SafeDocument(std::string_view text) { return Sanitize(text, true); }

void SanitizeRun(results::RunResult& run) {
  Clean(run.created_utc);
  results::SourceInfo& source = run.source;
  for (std::string* field : {&source.kind, &source.tool, &source.tool_version, &source.file,
                             &source.timing_basis, &source.evp, &source.engine_or_provider}) {
    Clean(*field);
  }
  for (std::string& caveat : source.caveats) {
    Clean(caveat);
  }
  results::MachineInfo& machine = run.machine;
  for (std::string* field : {&machine.cpu_model, &machine.cpu_vendor, &machine.arch,
                             &machine.kernel, &machine.tick_counter}) {
    Clean(*field);
  }
  results::LibraryInfo& library = run.library;
  for (std::string* field :
       {&library.backend, &library.requested_path, &library.loaded_path, &library.version,
        &library.cflags, &library.built_on, &library.platform, &library.options, &library.cpu_info,
        &library.capability_vector}) {
    Clean(*field);
  }
  std::map<std::string, std::string> env;
  for (const auto& [name, value] : library.worker_env) {
    env[SafeText(name)] = SafeText(value);
  }
  library.worker_env = std::move(env);
  Clean(run.method.clock);
  Clean(run.method.direction);
  for (results::AlgorithmResult& alg : run.algorithms) {
    for (std::string* field : {&alg.algorithm, &alg.kind, &alg.implementation, &alg.api,
                               &alg.kat.status, &alg.kat.source, &alg.kat.detail}) {
      Clean(*field);
    }
    for (results::Cell& cell : alg.cells) {
      Clean(cell.operation);
      Clean(cell.message);
    }
  }
}

std::string CsvField(const std::string& field) {
  std::string text = field;
  if (!text.empty() && (text[0] == '=' || text[0] == '+' || text[0] == '-' || text[0] == '@' ||
                        text[0] == '\t' || text[0] == '\r')) {
    char* end = nullptr;
    std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size()) {
      text.insert(0, 1, '\'');
    }
  }
  if (text.find_first_of(",\"\r\n") == std::string::npos) {
    return text;
  }
  std::string quoted = "\"";
  for (char c : text) {
    quoted += c;
    if (c == '"') {
      quoted += '"';
    }
  }
  return quoted + "\"";
}

}  // namespace cryptobench::report
