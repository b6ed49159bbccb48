// `openssl version -a` blocks and speed header lines.
#include "import/openssl_version.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "results/cpuinfo_vectors.h"

#include "import/parse_util.h"

namespace cryptobench::import {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Reads "digits" at *pos; -1 if none.
int ReadNumber(std::string_view text, size_t* pos) {
  int value = -1;
  while (*pos < text.size() && IsDigit(text[*pos]) && value < 100000) {
    value = (value < 0 ? 0 : value * 10) + (text[*pos] - '0');
    ++*pos;
  }
  return value;
}

std::string_view AfterLabel(std::string_view trimmed, std::string_view label) {
  return Trim(trimmed.substr(label.size()));
}

// Lines of version -a that only version prints.
bool IsVersionOnlyLine(std::string_view trimmed) {
  return StartsWithNoCase(trimmed, "platform:") || StartsWithNoCase(trimmed, "OPENSSLDIR:") ||
         StartsWithNoCase(trimmed, "ENGINESDIR:") || StartsWithNoCase(trimmed, "MODULESDIR:") ||
         StartsWithNoCase(trimmed, "Seeding source:");
}

// The product a version line names ("LibreSSL 3.8.2"); "OpenSSL" for anything else.
std::string_view ProductOf(std::string_view text) {
  text = Trim(text);
  for (std::string_view name : {"LibreSSL ", "BoringSSL ", "Tongsuo "}) {
    if (text.substr(0, name.size()) == name) {
      return name.substr(0, name.size() - 1);
    }
  }
  return "OpenSSL";
}

}  // namespace

bool IsHeaderLabelLine(std::string_view trimmed) {
  return StartsWithNoCase(trimmed, "built on:") || StartsWithNoCase(trimmed, "options:") ||
         StartsWithNoCase(trimmed, "compiler:") || StartsWithNoCase(trimmed, "CPUINFO:");
}

std::optional<OpensslVersion> VersionFromBuildPath(std::string_view cflags) {
  std::optional<OpensslVersion> found;
  for (std::string_view word : SplitWords(cflags)) {
    std::string_view path;
    for (std::string_view flag : {"-ffile-prefix-map=", "-fdebug-prefix-map="}) {
      if (word.substr(0, flag.size()) == flag) {
        path = word.substr(flag.size());
      }
    }
    path = path.substr(0, path.find('='));  // OLD of OLD=NEW
    while (!path.empty() && path.back() == '/') {
      path.remove_suffix(1);
    }
    const size_t slash = path.rfind('/');
    const std::string_view last = slash == std::string_view::npos ? path : path.substr(slash + 1);
    for (std::string_view product : {"openssl-", "libressl-"}) {
      if (last.substr(0, product.size()) != product) {
        continue;
      }
      const std::string_view number = last.substr(product.size());
      std::optional<OpensslVersion> version = ParseOpensslVersion(number);
      if (!version || version->text != number) {
        continue;
      }
      version->product = product == "openssl-" ? "OpenSSL" : "LibreSSL";
      if (found && (found->text != version->text || found->product != version->product)) {
        return std::nullopt;  // two trees: which one is this library's cannot be told
      }
      found = std::move(version);
    }
  }
  return found;
}

uint64_t OpensslVersion::Number() const {
  const auto major_bits = static_cast<uint64_t>(major);
  const auto minor_bits = static_cast<uint64_t>(minor);
  const auto patch_bits = static_cast<uint64_t>(patch);
  if (major >= 3) {
    return (major_bits << 28) | (minor_bits << 20) | (patch_bits << 4);
  }
  // 1.x and 0.9.x: letters count a, b, ..., z, za, zb ... as 1, 2, ..., 26, 27, ...
  uint64_t letter = 0;
  for (char c : letters) {
    letter += static_cast<uint64_t>(c - 'a' + 1);
  }
  const uint64_t status = suffix.empty() || suffix == "fips" ? 0xf : 0;
  return (major_bits << 28) | (minor_bits << 20) | (patch_bits << 12) | ((letter & 0xff) << 4) |
         status;
}

std::optional<OpensslVersion> ParseOpensslVersion(std::string_view text) {
  for (std::string_view word : SplitWords(text)) {
    size_t pos = 0;
    OpensslVersion version;
    version.product = std::string(ProductOf(text));
    version.major = ReadNumber(word, &pos);
    if (version.major < 0 || pos >= word.size() || word[pos] != '.') {
      continue;
    }
    ++pos;
    version.minor = ReadNumber(word, &pos);
    if (version.minor < 0 || pos >= word.size() || word[pos] != '.') {
      continue;
    }
    ++pos;
    version.patch = ReadNumber(word, &pos);
    if (version.patch < 0) {
      continue;
    }
    while (pos < word.size() && word[pos] >= 'a' && word[pos] <= 'z' &&
           version.letters.size() < 3) {
      version.letters.push_back(word[pos++]);
    }
    if (pos < word.size() && word[pos] == '-') {
      version.suffix = std::string(word.substr(pos + 1));
      pos = word.size();
    }
    if (pos != word.size() && word[pos] != ')' && word[pos] != ',') {
      continue;
    }
    version.text = std::string(word.substr(0, pos));
    return version;
  }
  return std::nullopt;
}

bool IsVersionLine(std::string_view trimmed) {
  for (std::string_view name : {"OpenSSL ", "LibreSSL ", "BoringSSL ", "Tongsuo "}) {
    if (trimmed.substr(0, name.size()) == name && trimmed.size() > name.size() &&
        IsDigit(trimmed[name.size()])) {
      return true;
    }
  }
  return false;
}

bool ParseHeaderLine(std::string_view trimmed, size_t line_number, HeaderInfo* header) {
  if (header->line == 0) {
    header->line = line_number;
  }
  if (IsVersionLine(trimmed)) {
    const size_t library = trimmed.find("(Library:");
    if (library != std::string_view::npos) {
      header->version = std::string(Trim(trimmed.substr(0, library)));
      std::string_view rest = Trim(trimmed.substr(library + 9));
      if (!rest.empty() && rest.back() == ')') {
        rest.remove_suffix(1);
      }
      header->library = std::string(Trim(rest));
    } else if (trimmed.back() == ':') {
      // A label someone wrote above a paste ("OpenSSL 3.3.1:"); no OpenSSL tool ends its
      // version line with a colon.
      header->version = std::string(Trim(trimmed.substr(0, trimmed.size() - 1)));
      header->labelled = true;
    } else {
      header->version = std::string(trimmed);
    }
    header->line = line_number;
    return true;
  }
  if (StartsWithNoCase(trimmed, "version:")) {
    header->version = std::string(AfterLabel(trimmed, "version:"));
    header->line = line_number;
    return true;
  }
  if (StartsWithNoCase(trimmed, "built on:")) {
    std::string_view rest = AfterLabel(trimmed, "built on:");
    while (StartsWithNoCase(rest, "built on:")) {  // 3.0 speed printed the label twice
      rest = AfterLabel(rest, "built on:");
    }
    header->built_on = "built on: " + std::string(rest);
    return true;
  }
  if (StartsWithNoCase(trimmed, "platform:")) {
    header->platform = "platform: " + std::string(AfterLabel(trimmed, "platform:"));
    return true;
  }
  if (StartsWithNoCase(trimmed, "options:")) {
    header->options = std::string(AfterLabel(trimmed, "options:"));
    return true;
  }
  if (StartsWithNoCase(trimmed, "compiler:")) {
    header->cflags = "compiler: " + std::string(AfterLabel(trimmed, "compiler:"));
    header->cflags_line = line_number;
    return true;
  }
  if (StartsWithNoCase(trimmed, "CPUINFO:")) {
    header->cpu_info = "CPUINFO: " + std::string(AfterLabel(trimmed, "CPUINFO:"));
    return true;
  }
  return IsVersionOnlyLine(trimmed);
}

bool StartsVersionBlock(const std::vector<SourceLine>& lines, size_t index,
                        bool after_version_command) {
  const std::string_view first = Trim(lines[index].text);
  if (!IsVersionLine(first)) {
    return false;
  }
  if (after_version_command || first.find("(Library:") != std::string_view::npos) {
    return true;
  }
  bool speed_header_lines = false;
  for (size_t i = index + 1; i < lines.size() && i <= index + 12; ++i) {
    if (lines[i].kind != LineKind::kText) {
      break;
    }
    const std::string_view trimmed = Trim(lines[i].text);
    if (IsVersionOnlyLine(trimmed)) {
      return true;
    }
    if (IsHeaderLabelLine(trimmed)) {
      speed_header_lines = true;
      continue;
    }
    break;  // a table, a progress line, prose: the header is over
  }
  // 1.x speed prints version, built on, options and compiler, never platform; plain
  // `openssl version` prints the version line alone.
  return !speed_header_lines;
}

void FillLibraryInfo(const HeaderInfo& header, results::LibraryInfo* library) {
  library->backend = "openssl";
  const std::string& version_text = header.library.empty() ? header.version : header.library;
  if (IsVersionLine(version_text)) {
    library->version = version_text;
  } else if (!version_text.empty()) {
    library->version = "OpenSSL " + version_text;  // 3.x speed prints the bare version string
  }
  library->version_num = 0;
  if (const auto version = ParseOpensslVersion(version_text);
      version && version->product == "OpenSSL") {
    library->version_num = version->Number();
  }
  library->built_on = header.built_on;
  library->platform = header.platform;
  library->options = header.options;
  library->cflags = header.cflags;
  library->cpu_info = header.cpu_info;
  library->capability_vector.clear();
  const size_t eq = header.cpu_info.find('=');
  if (eq != std::string::npos) {
    const std::vector<std::string_view> words =
        SplitWords(std::string_view(header.cpu_info).substr(eq + 1));
    // An x86 vector is two words or more ("0x%llx:0x%llx", crypto/info.c): one is a line cut
    // short, not a vector (results::Ia32capVectorCut).
    if (!words.empty() && !results::Ia32capVectorCut(header.cpu_info)) {
      library->capability_vector = std::string(words.front());
    }
  } else if (header.cpu_info.find("N/A") != std::string::npos) {
    library->capability_vector = "N/A";
  }
}

namespace {

// True when every flag of compiler line `shorter` is one of `longer`'s.
bool CompilerFlagsWithin(std::string_view shorter, std::string_view longer) {
  const std::vector<std::string_view> mine = SplitWords(shorter);
  const std::vector<std::string_view> theirs = SplitWords(longer);
  const std::set<std::string_view> all(theirs.begin(), theirs.end());
  return std::all_of(mine.begin(), mine.end(),
                     [&](std::string_view flag) { return all.count(flag) > 0; });
}

// Two compiler lines of one build: the same, or (with the same, printed build date) one a
// shortened copy of the other, every flag of it in the other (tryout 30 D10, s08: a speed
// header pasted with a cut-down compiler line under the `openssl version -a` block of the same
// build). openssl speed and version print the one string OpenSSL_version(OPENSSL_CFLAGS), so a
// flag that only one line has is another build's.
bool SameBuildCompilerLine(const HeaderInfo& a, const HeaderInfo& b) {
  if (a.cflags.empty() || b.cflags.empty() || a.cflags == b.cflags) {
    return true;
  }
  return !a.built_on.empty() && a.built_on == b.built_on &&
         (CompilerFlagsWithin(a.cflags, b.cflags) || CompilerFlagsWithin(b.cflags, a.cflags));
}

}  // namespace

bool SameLibrary(const HeaderInfo& version_block, const HeaderInfo& speed_header) {
  const auto library_version = [](const HeaderInfo& header) {
    return ParseOpensslVersion(header.library.empty() ? header.version : header.library);
  };
  const std::optional<OpensslVersion> block = library_version(version_block);
  const std::optional<OpensslVersion> speed = library_version(speed_header);
  const auto differ = [](const std::string& a, const std::string& b) {
    return !a.empty() && !b.empty() && a != b;
  };
  return block && speed && block->text == speed->text && block->product == speed->product &&
         !differ(version_block.built_on, speed_header.built_on) &&
         SameBuildCompilerLine(version_block, speed_header);
}

bool VersionlessHeaderFits(const HeaderInfo& version_block, const HeaderInfo& speed_header) {
  const auto differ = [](const std::string& a, const std::string& b) {
    return !a.empty() && !b.empty() && a != b;
  };
  const std::string& block_version =
      version_block.library.empty() ? version_block.version : version_block.library;
  return speed_header.version.empty() && speed_header.library.empty() &&
         ParseOpensslVersion(block_version).has_value() &&
         !differ(version_block.built_on, speed_header.built_on) &&
         !differ(version_block.options, speed_header.options) &&
         !differ(version_block.cflags, speed_header.cflags);
}

HeaderInfo CompleteHeader(const HeaderInfo& version_block, const HeaderInfo& speed_header) {
  HeaderInfo header = speed_header;
  header.version = version_block.version;
  header.library = version_block.library;
  header.platform = version_block.platform;
  for (auto field :
       {&HeaderInfo::built_on, &HeaderInfo::options, &HeaderInfo::cflags, &HeaderInfo::cpu_info}) {
    if ((header.*field).empty()) {
      header.*field = version_block.*field;
    }
  }
  return header;
}

results::RunResult BuildVersionRun(const HeaderInfo& header, std::string_view file_name) {
  results::RunResult run;
  run.source.kind = "imported";
  run.source.tool = "openssl version";
  run.source.file = std::string(file_name);
  run.source.timing_basis = "unknown";
  run.source.evp = "unknown";
  if (const auto version = ParseOpensslVersion(header.version)) {
    run.source.tool_version = version->Label();
  }
  FillLibraryInfo(header, &run.library);
  run.method.clock = "none (no figures)";
  run.method.precision = 0;
  run.method.max_seconds = 0;
  run.method.min_samples = 0;
  run.method.confidence = 0;
  run.method.target_sample_seconds = 0;
  run.machine.tick_counter = "none";
  if (!header.library.empty()) {
    const auto tool = ParseOpensslVersion(header.version);
    const auto library = ParseOpensslVersion(header.library);
    if (tool && library && tool->text != library->text) {
      run.source.caveats.push_back(
          fmt::format("The openssl program ({}) and the library it loaded ({}) differ: figures "
                      "measured with this program depend on the library.",
                      tool->text, library->text));
    }
  }
  return run;
}

}  // namespace cryptobench::import
