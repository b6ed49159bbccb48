// Option value parsing and atomic output.
#include "cli/options.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>
#include <sys/stat.h>

#include "backends/openssl/openssl_backend.h"
#include "cli/commands.h"
#include "core/elf_target.h"
#include "core/errors.h"
#include "core/fatal_signals.h"
#include "report/formats.h"
#include "report/sanitize.h"
#include "worker/write_all.h"

#include "diagnose/armcap.h"
#include "import/parse_util.h"
#include "store/store.h"

namespace cryptobench::cli {
namespace {

std::string Trim(const std::string& s) {
  const size_t begin = s.find_first_not_of(" \t");
  if (begin == std::string::npos) {
    return "";
  }
  const size_t end = s.find_last_not_of(" \t");
  return s.substr(begin, end - begin + 1);
}

// Parses a whole string as a finite double; false on trailing junk.
bool ParseDouble(const std::string& text, double* out) {
  if (text.empty()) {
    return false;
  }
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(text.c_str(), &end);
  if (errno != 0 || end != text.c_str() + text.size() || !std::isfinite(v)) {
    return false;
  }
  *out = v;
  return true;
}

}  // namespace

std::vector<uint64_t> ParseInputSizes(const std::string& text) {
  // 64 MiB: far beyond any per-call cost effect, and a worker holds several buffers of this
  // size (input, output, a decryption check), times --threads workers.
  constexpr uint64_t kMaxSize = uint64_t{64} << 20;
  std::vector<uint64_t> sizes;
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = text.find(',', start);
    if (comma == std::string::npos) {
      comma = text.size();
    }
    std::string item = Trim(text.substr(start, comma - start));
    start = comma + 1;
    uint64_t multiplier = 1;
    if (!item.empty() && (item.back() == 'k' || item.back() == 'K')) {
      multiplier = 1024;
      item.pop_back();
    }
    const bool digits = !item.empty() && std::all_of(item.begin(), item.end(), [](char c) {
      return std::isdigit(static_cast<unsigned char>(c));
    });
    if (!digits) {
      throw UsageError(fmt::format(
          "--bytes '{}': expected comma-separated sizes in bytes, e.g. 16,1024,16k", text));
    }
    // More than 10 digits is beyond kMaxSize whatever they say (and may overflow stoull).
    const uint64_t size = item.size() > 10 ? kMaxSize + 1 : std::stoull(item) * multiplier;
    if (size == 0 || size > kMaxSize) {
      throw UsageError(
          fmt::format("--bytes '{}': each size must be 1 to {} bytes", text, kMaxSize));
    }
    if (std::find(sizes.begin(), sizes.end(), size) == sizes.end()) {
      sizes.push_back(size);
    }
  }
  return sizes;
}

double ParsePrecision(const std::string& raw) {
  std::string text = Trim(raw);
  double scale = 1;
  if (!text.empty() && text.back() == '%') {
    text.pop_back();
    scale = 0.01;
  }
  double value = 0;
  if (!ParseDouble(text, &value)) {
    throw UsageError(fmt::format(
        "--precision '{}': expected a fraction like 0.01 or a percentage like 1%", raw));
  }
  value *= scale;
  if (value < 0 || value > 0.5) {
    throw UsageError(
        fmt::format("--precision '{}': must be between 0 and 0.5 (50%); e.g. 0.01 for +-1%", raw));
  }
  return value;
}

double ParseMaxSeconds(const std::string& raw) {
  double value = 0;
  if (!ParseDouble(Trim(raw), &value) || value <= 0 || value > 3600) {
    throw UsageError(
        fmt::format("--max-seconds '{}': expected seconds, more than 0 and at most 3600", raw));
  }
  return value;
}

int ParseThreads(const std::string& raw) {
  const std::string text = Trim(raw);
  const bool digits =
      !text.empty() && text.size() <= 5 && std::all_of(text.begin(), text.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
      });
  const int value = digits ? std::stoi(text) : 0;
  if (value < 1 || value > 1024) {
    throw UsageError(fmt::format("--threads '{}': expected a whole number from 1 to 1024", raw));
  }
  return value;
}

std::vector<int> ParseThreadList(const std::string& raw) {
  if (raw.find(',') == std::string::npos) {
    return {ParseThreads(raw)};
  }
  std::vector<int> counts;
  size_t start = 0;
  for (;;) {
    const size_t comma = raw.find(',', start);
    const std::string item = raw.substr(start, comma == std::string::npos ? comma : comma - start);
    if (Trim(item).empty()) {
      throw UsageError(fmt::format("--threads '{}': an empty item in the list", raw));
    }
    const int value = ParseThreads(item);
    if (!counts.empty() && value <= counts.back()) {
      throw UsageError(fmt::format(
          "--threads '{}': list the worker counts in increasing order, each once", raw));
    }
    counts.push_back(value);
    if (comma == std::string::npos) {
      break;
    }
    start = comma + 1;
  }
  if (counts.front() != 1) {
    throw UsageError(fmt::format(
        "--threads '{}': a list must start at 1, the baseline of scaling efficiency", raw));
  }
  return counts;
}

void CheckThreadsFitCpus(const std::vector<int>& counts, long online_cpus) {
  if (counts.empty() || online_cpus <= 0) {
    return;
  }
  const long most = kMaxThreadsPerOnlineCpu * online_cpus;
  if (counts.back() > most) {
    throw UsageError(fmt::format(
        "--threads {}: at most {} workers here ({} per online CPU, {} online): beyond that the "
        "workers mostly wait for a core and the aggregate says little",
        counts.back(), most, kMaxThreadsPerOnlineCpu, online_cpus));
  }
}

std::map<std::string, std::string> ParseEnvAssignments(const std::vector<std::string>& items) {
  std::map<std::string, std::string> env;
  for (const std::string& item : items) {
    const size_t eq = item.find('=');
    const std::string name = item.substr(0, eq);
    const bool valid_name = eq != std::string::npos && !name.empty() &&
                            !std::isdigit(static_cast<unsigned char>(name[0])) &&
                            std::all_of(name.begin(), name.end(), [](char c) {
                              return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                            });
    if (!valid_name) {
      throw UsageError(
          fmt::format("--env '{}': expected NAME=VALUE, e.g. "
                      "OPENSSL_ia32cap='~0x200000000000000:~0:~0:~0:~0'",
                      item));
    }
    const std::string value = item.substr(eq + 1);
    if (const auto problem = diagnose::EnvCapabilityProblem(name, value)) {
      throw UsageError(fmt::format("--env {}: {}", import::QuoteForError(item), *problem));
    }
    env[name] = value;
  }
  return env;
}

std::vector<const AlgorithmInfo*> ResolveAlgorithms(const std::vector<std::string>& names) {
  std::vector<const AlgorithmInfo*> out;
  for (const std::string& name : names) {
    const AlgorithmInfo* alg = FindAlgorithm(name);
    if (alg == nullptr) {
      const std::vector<std::string> close = SuggestAlgorithms(name);
      std::string hint = close.empty()
                             ? " (see `cryptobench list`)"
                             : fmt::format(" (did you mean: {}?)", fmt::join(close, ", "));
      throw UsageError(fmt::format("unknown algorithm '{}'{}", name, hint));
    }
    if (std::find(out.begin(), out.end(), alg) == out.end()) {
      out.push_back(alg);
    }
  }
  return out;
}

void CheckOutputIsNotInput(const std::string& output, const std::vector<std::string>& inputs) {
  struct stat out {};
  if (output.empty() || stat(output.c_str(), &out) != 0) {
    return;
  }
  for (const std::string& input : inputs) {
    struct stat in {};
    const bool found = input == "-" ? fstat(STDIN_FILENO, &in) == 0 && S_ISREG(in.st_mode)
                                    : stat(input.c_str(), &in) == 0;
    if (found && in.st_dev == out.st_dev && in.st_ino == out.st_ino) {
      throw UsageError(fmt::format(
          "--output {} is the input {}: writing the report would replace what it is read from",
          import::QuoteForError(output),
          input == "-" ? std::string("(standard input)") : import::QuoteForError(input)));
    }
  }
}

void CheckInputsAreDistinct(const std::vector<std::string>& inputs) {
  std::vector<std::pair<struct stat, const std::string*>> seen;
  for (const std::string& input : inputs) {
    struct stat st {};
    if (input == "-" || stat(input.c_str(), &st) != 0) {
      continue;
    }
    for (const auto& [other, name] : seen) {
      if (other.st_dev == st.st_dev && other.st_ino == st.st_ino) {
        throw UsageError(fmt::format("{} and {} are one file: give each input once",
                                     import::QuoteForError(*name), import::QuoteForError(input)));
      }
    }
    seen.emplace_back(st, &input);
  }
}

void CheckOutputPath(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path parent = fs::absolute(path).parent_path();
  std::error_code ec;
  if (!fs::is_directory(parent, ec)) {
    throw UsageError(
        fs::exists(parent, ec)
            ? fmt::format("--output '{}': {} is not a directory", path, parent.string())
            : fmt::format("--output '{}': directory {} does not exist", path, parent.string()));
  }
  if (fs::is_directory(path, ec)) {
    throw UsageError(fmt::format("--output '{}': is a directory", path));
  }
  // A device or FIFO is written in place: its directory (/dev) need not be writable, and
  // whether a write succeeds shows only when it is made (/dev/full: exit 1, one line).
  struct stat st {};
  const bool exists = stat(path.c_str(), &st) == 0;
  if (exists && !S_ISREG(st.st_mode)) {
    return;
  }
  if (access(parent.c_str(), W_OK) != 0) {
    throw UsageError(
        fmt::format("--output '{}': directory {} is not writable", path, parent.string()));
  }
  // Anything else is written through a temporary file beside the target (WriteFileAtomically).
  // Creating one now is the only sure test: root passes access() on /proc or /sys, where no
  // file can be made, and a full or read-only file system shows only on creation. Found after
  // an hour of measuring, it would cost the results.
  std::string target = path;
  if (exists) {
    if (const fs::path resolved = fs::canonical(path, ec); !ec) {
      target = resolved.string();
    }
  }
  std::string probe = target + ".tmp.XXXXXX";
  const int fd = mkstemp(probe.data());
  if (fd < 0) {
    const int err = errno;
    throw UsageError(fmt::format("--output '{}': cannot create a file in {}: {}", path,
                                 fs::path(target).parent_path().string(), std::strerror(err)));
  }
  core::SetTemporaryFile(probe.c_str());
  close(fd);
  unlink(probe.c_str());
  core::ClearTemporaryFile();
}

void WriteFileAtomically(const std::string& path, const std::string& content) {
  // A symlink is followed: the file it points to is replaced, the link stays.
  std::string target = path;
  struct stat st {};
  const bool exists = stat(path.c_str(), &st) == 0;
  if (exists && !S_ISREG(st.st_mode)) {
    // A device (/dev/null, /dev/stdout) or FIFO cannot be replaced by rename (and must not be):
    // write into it directly. Atomicity only applies to regular files.
    const int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0 || !worker::WriteAll(fd, content)) {
      const int err = errno;
      if (fd >= 0) {
        close(fd);
      }
      throw std::runtime_error(fmt::format("cannot write {}: {}", path, std::strerror(err)));
    }
    if (close(fd) != 0) {
      throw std::runtime_error(fmt::format("cannot write {}: {}", path, std::strerror(errno)));
    }
    return;
  }
  if (exists) {
    std::error_code ec;
    const std::filesystem::path resolved = std::filesystem::canonical(path, ec);
    if (!ec) {
      target = resolved.string();
    }
  }
  // mkstemp creates 0600: a new report gets the usual 0644, a replaced file keeps its mode.
  const mode_t mode = exists ? (st.st_mode & 07777) : 0644;
  std::string tmp = target + ".tmp.XXXXXX";
  const int fd = mkstemp(tmp.data());
  if (fd < 0) {
    throw std::runtime_error(fmt::format("cannot write {}: {}", path, std::strerror(errno)));
  }
  core::SetTemporaryFile(tmp.c_str());  // removed if a signal ends the process before rename
  bool ok = worker::WriteAll(fd, content);
  int err = ok ? 0 : errno;
  if (ok && (fsync(fd) != 0 || fchmod(fd, mode) != 0)) {
    ok = false;
    err = errno;
  }
  if (close(fd) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (ok && std::rename(tmp.c_str(), target.c_str()) != 0) {
    ok = false;
    err = errno;
  }
  if (!ok) {
    std::remove(tmp.c_str());
    core::ClearTemporaryFile();
    throw std::runtime_error(fmt::format("cannot write {}: {}", path, std::strerror(err)));
  }
  core::ClearTemporaryFile();
  // The rename is durable only once the directory is on disk too.
  const std::string directory = std::filesystem::path(target).parent_path().string();
  const int dir_fd =
      open(directory.empty() ? "." : directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    fsync(dir_fd);
    close(dir_fd);
  }
}

void WriteReportOutput(const std::string& output_path, std::string rendered) {
  if (report::NeedsSanitizing(rendered, /*keep_layout=*/true)) {
    rendered = report::SafeDocument(rendered);
  }
  if (output_path.empty()) {
    WriteStdout(rendered);
  } else {
    WriteFileAtomically(output_path, rendered);
  }
}

void WriteStdout(const std::string& content) {
  const size_t written = std::fwrite(content.data(), 1, content.size(), stdout);
  if (written != content.size() || std::fflush(stdout) != 0 || std::ferror(stdout)) {
    if (errno == EPIPE) {
      // The reader left (`cryptobench ... | head`): end quietly by SIGPIPE, as cat or grep
      // would; the CLI ignores it only for its workers' pipes.
      std::signal(SIGPIPE, SIG_DFL);
      std::raise(SIGPIPE);
    }
    throw std::runtime_error(
        fmt::format("cannot write to standard output: {}", std::strerror(errno)));
  }
}

void ShowProgressLine(const std::string& text) {
  std::fprintf(stderr, "\r\033[K%s", text.c_str());
  std::fflush(stderr);
  core::SetProgressLineShown(true);
}

void ClearProgressLine() {
  core::SetProgressLineShown(false);
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
}

void ClearProgressLineIfShown() {
  if (core::ProgressLineShown()) {
    ClearProgressLine();
  }
}

std::string ResolveLibraryPath(const std::string& value, bool given) {
  if (!given) {
    return backends::kDefaultLibcrypto;
  }
  if (value.empty()) {
    throw UsageError("--lib '': expected the path of a libcrypto, e.g. ./libcrypto.so.3");
  }
  if (value.find('/') == std::string::npos) {
    return value;  // a soname: the dynamic loader's search, which never looks in "."
  }
  struct stat st {};
  if (stat(value.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    const char* what = S_ISDIR(st.st_mode)    ? "a directory"
                       : S_ISFIFO(st.st_mode) ? "a FIFO"
                       : S_ISSOCK(st.st_mode) ? "a socket"
                                              : "a device";
    throw UsageError(fmt::format("--lib {}: is {}, not a shared library file",
                                 import::QuoteForError(value), what));
  }
  // A library built for another architecture: glibc's dlopen reports it as "cannot open shared
  // object file: No such file or directory" or "wrong ELF class", neither of which says why.
  if (const int fd = open(value.c_str(), O_RDONLY | O_CLOEXEC); fd >= 0) {
    std::array<uint8_t, 20> header{};
    const ssize_t got = read(fd, header.data(), header.size());
    close(fd);
    const std::optional<ElfTarget> library =
        got == static_cast<ssize_t>(header.size()) ? ReadElfTarget(header) : std::nullopt;
    const std::optional<ElfTarget> self = ThisProgramElfTarget();
    if (library && self && *library != *self) {
      throw UsageError(fmt::format(
          "--lib {}: is built for {}, but this cryptobench runs {} code and can load only {} "
          "libraries",
          import::QuoteForError(value), ElfTargetName(*library), ElfTargetName(*self),
          ElfTargetName(*self)));
    }
  }
  return value;
}

namespace {

// "compiled in: openssl, sodium, ..." for error messages.
std::string CompiledBackendList() {
  std::vector<std::string> compiled;
  for (const backends::BackendDescriptor& backend : backends::CompiledBackends()) {
    compiled.emplace_back(backend.name);
  }
  return fmt::format("compiled in: {}", fmt::join(compiled, ", "));
}

// A word that could be meant as a backend name: a letter, then letters, digits, '_' or '-'.
bool LooksLikeBackendName(const std::string& text) {
  return !text.empty() && std::isalpha(static_cast<unsigned char>(text[0])) &&
         std::all_of(text.begin(), text.end(),
                     [](unsigned char c) { return std::isalnum(c) || c == '_' || c == '-'; });
}

std::string TrimSpaces(const std::string& text) {
  const size_t begin = text.find_first_not_of(" \t");
  if (begin == std::string::npos) {
    return "";
  }
  return text.substr(begin, text.find_last_not_of(" \t") - begin + 1);
}

}  // namespace

std::string LibraryChoice::For(const backends::BackendDescriptor& backend) const {
  if (!backend.takes_library_path) {
    return "";
  }
  const auto named = backends.find(std::string(backend.name));
  return named != backends.end() ? named->second : every;
}

std::vector<app::SessionBackend> SessionBackends(
    const std::vector<const backends::BackendDescriptor*>& selected,
    const LibraryChoice& libraries) {
  std::vector<app::SessionBackend> out;
  for (const backends::BackendDescriptor* descriptor : selected) {
    out.push_back({descriptor, libraries.For(*descriptor),
                   libraries.backends.count(std::string(descriptor->name)) > 0});
  }
  return out;
}

void SplitTestFault(const std::string& value, std::string& kind, std::string& algorithm) {
  if (value.empty()) {
    return;
  }
  const size_t colon = value.find(':');
  kind = value.substr(0, colon);
  if (colon != std::string::npos) {
    algorithm = value.substr(colon + 1);
  }
}

LibraryChoice ParseLibraryOptions(const std::vector<std::string>& values,
                                  const std::vector<const backends::BackendDescriptor*>& selected) {
  LibraryChoice choice;
  std::vector<std::string> by_path;
  for (const backends::BackendDescriptor* backend : selected) {
    if (backend->takes_library_path) {
      by_path.emplace_back(backend->name);
    }
  }
  for (const std::string& value : values) {
    const size_t equals = value.find('=');
    const backends::BackendDescriptor* named =
        equals == std::string::npos
            ? nullptr
            : backends::FindBackend(std::string_view(value).substr(0, equals));
    if (named == nullptr && equals != std::string::npos &&
        LooksLikeBackendName(value.substr(0, equals))) {
      std::error_code ec;
      if (!std::filesystem::exists(value, ec)) {
        throw UsageError(fmt::format("--lib '{}': unknown backend '{}' ({})", value,
                                     value.substr(0, equals), CompiledBackendList()));
      }
    }
    if (named == nullptr) {
      if (!choice.every.empty()) {
        throw UsageError(fmt::format(
            "--lib '{}': a path for every backend loaded by path was already given ('{}'); give "
            "each its own with --lib NAME=PATH",
            value, choice.every));
      }
      choice.every = ResolveLibraryPath(value, true);
      continue;
    }
    const std::string name(named->name);
    if (!named->takes_library_path) {
      throw UsageError(
          fmt::format("--lib '{}': {} is linked in at build time and takes no path", value, name));
    }
    if (std::find(selected.begin(), selected.end(), named) == selected.end()) {
      throw UsageError(fmt::format("--lib '{}': {} is not among the backends selected (--backend)",
                                   value, name));
    }
    if (choice.backends.count(name) > 0) {
      throw UsageError(fmt::format("--lib '{}': {} was given a path already", value, name));
    }
    const std::string path = value.substr(equals + 1);
    if (path.empty()) {
      throw UsageError(
          fmt::format("--lib '{}': expected NAME=PATH, e.g. {}=./libcrypto.so", value, name));
    }
    choice.backends[name] = ResolveLibraryPath(path, true);
  }
  if (!choice.every.empty() && by_path.empty()) {
    std::vector<std::string> linked;
    for (const backends::BackendDescriptor* backend : selected) {
      linked.emplace_back(backend->name);
    }
    throw UsageError(fmt::format(
        "--lib applies to backends loaded by path (such as openssl); {} {} linked in at build time",
        fmt::join(linked, ", "), linked.size() == 1 ? "is" : "are"));
  }
  return choice;
}

bool IsAllBackends(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
    text.remove_prefix(1);
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return text.size() == 3 && std::tolower(static_cast<unsigned char>(text[0])) == 'a' &&
         std::tolower(static_cast<unsigned char>(text[1])) == 'l' &&
         std::tolower(static_cast<unsigned char>(text[2])) == 'l';
}

std::vector<const backends::BackendDescriptor*> ResolveBackends(const std::string& text) {
  const std::string known = CompiledBackendList();
  std::vector<const backends::BackendDescriptor*> out;
  if (IsAllBackends(text)) {
    for (const backends::BackendDescriptor& backend : backends::CompiledBackends()) {
      out.push_back(&backend);
    }
    return out;
  }
  size_t begin = 0;
  while (begin <= text.size()) {
    const size_t comma = text.find(',', begin);
    const size_t end = comma == std::string::npos ? text.size() : comma;
    const std::string name = TrimSpaces(text.substr(begin, end - begin));
    const backends::BackendDescriptor* backend = backends::FindBackend(name);
    if (name.empty()) {
      throw UsageError(fmt::format("--backend '{}': empty backend name ({})", text, known));
    }
    if (backend == nullptr && IsAllBackends(name)) {
      throw UsageError(fmt::format("--backend '{}': 'all' stands alone, not in a list", text));
    }
    if (backend == nullptr) {
      throw UsageError(fmt::format("--backend: unknown backend '{}' ({}, or all)", name, known));
    }
    if (std::find(out.begin(), out.end(), backend) == out.end()) {
      out.push_back(backend);
    }
    begin = end + 1;
  }
  return out;
}

std::string ReadInputText(const std::string& path, const std::string& subject) {
  const std::string too_large =
      fmt::format("{}: larger than {} MiB; expected pasted tool output or a result JSON", subject,
                  kMaxInputTextBytes / (1024 * 1024));
  const int fd = path == "-" ? STDIN_FILENO : open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    throw UsageError(subject +
                     (errno == EISDIR ? ": is a directory" : ": no such file or not readable"));
  }
  struct Closer {
    int fd;
    ~Closer() {
      if (fd != STDIN_FILENO) {
        close(fd);
      }
    }
  } closer{fd};
  struct stat st {};
  if (fstat(fd, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      throw UsageError(subject + ": is a directory");
    }
    if (S_ISREG(st.st_mode) && static_cast<uint64_t>(st.st_size) > kMaxInputTextBytes) {
      throw UsageError(too_large);
    }
  }
  // Read no further than one byte past the limit: /dev/zero or `yes |` end here.
  std::string text;
  if (S_ISREG(st.st_mode)) {
    text.reserve(static_cast<size_t>(st.st_size));
  }
  char chunk[65536];
  for (;;) {
    const size_t room = kMaxInputTextBytes + 1 - text.size();
    const ssize_t n = read(fd, chunk, std::min(sizeof chunk, room));
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n < 0) {
      throw UsageError(subject + (errno == EISDIR ? ": is a directory" : ": read error"));
    }
    if (n == 0) {
      break;
    }
    text.append(chunk, static_cast<size_t>(n));
    if (text.size() > kMaxInputTextBytes) {
      throw UsageError(too_large);
    }
  }
  return text;
}

namespace {

// Where writing `path` would land: symbolic links in its last component followed even when
// their target does not exist yet (weakly_canonical stops at a dangling link). At most 40
// links, as Linux's path resolution (MAXSYMLINKS, path_resolution(7)).
std::filesystem::path WriteTarget(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path target = fs::absolute(path, ec);
  for (int hop = 0; hop < 40 && fs::is_symlink(fs::symlink_status(target, ec)); ++hop) {
    const fs::path link = fs::read_symlink(target, ec);
    if (ec) {
      break;
    }
    target = link.is_absolute() ? link : target.parent_path() / link;
  }
  return fs::weakly_canonical(target, ec).lexically_normal();
}

// True when `a` and `b` name one file: the same device and inode when both exist, else the
// same absolute path once links, "." and ".." are resolved.
bool SameFile(const std::string& a, const std::string& b) {
  struct stat sa {};
  struct stat sb {};
  if (stat(a.c_str(), &sa) == 0 && stat(b.c_str(), &sb) == 0) {
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  }
  return WriteTarget(a) == WriteTarget(b);
}

// Refuses an output that is the result store's SQLite database or one of its companion files:
// writing a report there would destroy every stored run.
void CheckOutputIsNotStore(const std::string& output, const std::string& store_given) {
  const std::optional<std::string> database = store::SqliteFileOf(StoreLocation(store_given));
  if (!database || database->empty()) {
    return;
  }
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
    const std::string file = *database + suffix;
    if (SameFile(output, file)) {
      throw UsageError(fmt::format(
          "--output {} is the result store {}: writing the report there would destroy the "
          "stored runs",
          import::QuoteForError(output), import::QuoteForError(file)));
    }
  }
}

}  // namespace

std::vector<OutputFile> ResolveOutputFiles(report::Producer producer, const std::string& format,
                                           const std::vector<std::string>& outputs,
                                           const std::vector<std::string>& inputs,
                                           const std::string& store) {
  std::vector<OutputFile> files;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const std::string& path = outputs[i];
    if (path.empty()) {
      throw UsageError("--output '': expected a file name");
    }
    if (path == "-") {
      // "-" is standard input everywhere an input is read; as an output it would be a file.
      throw UsageError(
          "--output '-': standard output already gets the report, in --format's format "
          "without --output (e.g. --format json); name a file, or ./- for a file called '-'");
    }
    for (size_t j = 0; j < i; ++j) {
      if (SameFile(outputs[j], path)) {
        throw UsageError(fmt::format("--output {} and --output {} name one file",
                                     import::QuoteForError(outputs[j]),
                                     import::QuoteForError(path)));
      }
    }
    CheckOutputIsNotInput(path, inputs);
    CheckOutputIsNotStore(path, store);
    CheckOutputPath(path);
    // The extension's format; --format's (else table) when the extension names none.
    const std::optional<report::Format> named = report::FormatForExtension(path);
    if (named && !report::CanProduce(producer, *named)) {
      throw UsageError(fmt::format(
          "--output {}: {} cannot write {} (the format its extension names); it writes {}",
          import::QuoteForError(path), report::ProducerName(producer), report::FormatName(*named),
          report::FormatList(producer)));
    }
    files.push_back({path, named ? *named : report::ChooseFormat(producer, format)});
  }
  return files;
}

}  // namespace cryptobench::cli
