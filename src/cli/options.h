// Parsing and validation of option values, separate from CLI11 so they can be unit-tested.
// Every function throws UsageError with a one-line message naming the option and the value.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/catalog.h"
#include "backends/registry.h"
#include "report/formats.h"

#include "app/speed_session.h"

namespace cryptobench::cli {

/// Parses --bytes: comma-separated input sizes in bytes, with optional k/K (x1024) suffix,
/// e.g. "16,64,1k,16384". Each must be 1..64 MiB; duplicates are dropped, order kept.
std::vector<uint64_t> ParseInputSizes(const std::string& text);

/// Parses --precision: a fraction ("0.01") or a percentage ("1%"), in [0, 0.5]. 0 means
/// "sample until the time budget is spent".
double ParsePrecision(const std::string& text);

/// Parses --max-seconds: a positive number of seconds, at most 3600.
double ParseMaxSeconds(const std::string& text);

/// Parses --threads: an integer 1..1024.
int ParseThreads(const std::string& text);

/// Parses --threads as a list of worker counts, comma-separated ("1,2,4"), each 1..1024, in
/// increasing order without repeats. A single value ("2") gives a one-element list and keeps
/// its old meaning. A list of several must start at 1: efficiency is measured against one
/// worker. Throws UsageError otherwise.
std::vector<int> ParseThreadList(const std::string& text);

/// Most --threads workers per online CPU. Beyond it the workers mostly wait for a core: the
/// aggregate says little, and hundreds of worker processes, each with its library loaded, cost
/// memory the measurement does not need. Up to it (a sweep past the CPUs shows oversubscription)
/// a count above the online CPUs only warns.
inline constexpr int kMaxThreadsPerOnlineCpu = 4;

/// Throws UsageError when the largest of `counts` (ParseThreadList) exceeds
/// kMaxThreadsPerOnlineCpu x `online_cpus`: "--threads 1000: at most 8 workers here (4 per
/// online CPU, 2 online) ...". `online_cpus` <= 0 (unknown) checks nothing.
void CheckThreadsFitCpus(const std::vector<int>& counts, long online_cpus);

/// Parses repeated --env NAME=VALUE into a map. NAME must be a valid environment name.
std::map<std::string, std::string> ParseEnvAssignments(const std::vector<std::string>& items);

/// Resolves algorithm names (canonical, alias, any case) to catalogue entries, in the order
/// given, without duplicates. An unknown name throws UsageError: "unknown algorithm 'X'
/// (did you mean: A, B?)".
std::vector<const AlgorithmInfo*> ResolveAlgorithms(const std::vector<std::string>& names);

/// Checks, before any measuring, that --output `path` can be written: its directory exists and
/// is writable, `path` is not a directory, and a file can be created beside it (one is made
/// and removed at once). An existing device or FIFO is written in place, so neither its directory
/// (/dev) nor a write is tried: a write that fails shows when it is made. Throws UsageError naming
/// the problem, e.g. "--output '/proc/x.json': cannot create a file in /proc: No such file or
/// directory".
void CheckOutputPath(const std::string& path);

/// Throws UsageError when --output `output` is the same file as one of `inputs` (the same
/// device and inode, however it is spelt: ./x, a symbolic or hard link), which writing would
/// replace while it is being read. "-" is standard input: refused when it is redirected from
/// that same file (`import - --output f < f`). Files that do not exist are fine.
void CheckOutputIsNotInput(const std::string& output, const std::vector<std::string>& inputs);

/// Throws UsageError when two of `inputs` are one file (the same device and inode, however it is
/// spelt), which a report would show twice as if it held two runs. "-" (standard input) counts
/// once; files that do not exist are left to the reader's own error.
void CheckInputsAreDistinct(const std::vector<std::string>& inputs);

/// The library to load for --lib `value`: the default soname when the option was not given. A
/// name without '/' is a soname the dynamic loader looks up (its cache and system directories,
/// LD_LIBRARY_PATH), never a file in the current directory, so a library planted there is not
/// run; "./name" asks for the local file. Throws UsageError for an empty value and for a path
/// that exists but is not a regular file (a FIFO would block dlopen, a directory or device is
/// no library) or whose ELF header names another architecture than this program's
/// (core/elf_target.h: "is built for aarch64, but this cryptobench runs x86_64 code ...").
std::string ResolveLibraryPath(const std::string& value, bool given);

/// --lib for the backends loaded by path (OpenSSL, BoringSSL), as ParseLibraryOptions read it.
struct LibraryChoice {
  std::string every;                            ///< a bare --lib PATH: every such backend
  std::map<std::string, std::string> backends;  ///< --lib NAME=PATH, by registry name
  bool given() const { return !every.empty() || !backends.empty(); }
  /// The path `backend` loads: its NAME=PATH, else the bare PATH if it takes one, else "" (its
  /// own default: libcrypto.so.3, BoringSSL's android path; a linked-in backend takes none).
  std::string For(const backends::BackendDescriptor& backend) const;
};

/// The backends of --backend (`selected`, in order) as a measurement session takes them: each
/// with the library path `libraries` gives it (LibraryChoice::For) and whether that path was
/// given for it by name (--lib NAME=PATH).
std::vector<app::SessionBackend> SessionBackends(
    const std::vector<const backends::BackendDescriptor*>& selected,
    const LibraryChoice& libraries);

/// Splits the hidden --test-fault value, KIND or KIND:ALGORITHM (worker/protocol.h
/// Job::test_fault), into `kind` and `algorithm` ("" = every algorithm). An empty value leaves
/// both as they are.
void SplitTestFault(const std::string& value, std::string& kind, std::string& algorithm);

/// Reads --lib values: "NAME=PATH" when NAME is a compiled-in backend's name (any case),
/// otherwise the whole value is a PATH for every backend loaded by path. Each path goes through
/// ResolveLibraryPath. Throws UsageError, one line, for: an empty value; two bare paths; a
/// backend named twice; NAME of a backend linked in at build time or not in `selected`; and a
/// bare PATH when no selected backend is loaded by path.
LibraryChoice ParseLibraryOptions(const std::vector<std::string>& values,
                                  const std::vector<const backends::BackendDescriptor*>& selected);

/// Parses --backend: "all" (every compiled-in backend, registry order) or comma-separated
/// names (case-insensitive; duplicates dropped, order kept). An unknown or empty name throws
/// UsageError listing the compiled-in backends: "unknown backend 'x' (compiled in: openssl,
/// sodium)".
std::vector<const backends::BackendDescriptor*> ResolveBackends(const std::string& text);

/// True if --backend's value is "all" (any case): every compiled-in backend, and those that
/// cannot be opened here are left out with a note rather than stopping the run.
bool IsAllBackends(std::string_view text);

/// Writes `content` to standard output and flushes it. A reader that has gone (EPIPE, as in
/// `cryptobench ... | head`) ends the process by SIGPIPE without a message, as standard tools
/// end. Throws std::runtime_error for any other failure (a full disk, a closed stdout).
void WriteStdout(const std::string& content);

/// Replaces the progress line on stderr (a terminal) with `text`, no newline; a fatal signal
/// clears it (core::SetProgressLineShown).
void ShowProgressLine(const std::string& text);
/// Erases the progress line, leaving the cursor at the start of the empty line.
void ClearProgressLine();
/// ClearProgressLine() if a progress line is shown: before an error message, which must not
/// follow the progress text on its line.
void ClearProgressLineIfShown();

/// Most bytes ReadInputText accepts: pasted output and result files are small, so a larger
/// file is almost certainly the wrong one.
inline constexpr size_t kMaxInputTextBytes = 64 * 1024 * 1024;

/// Reads a pasted report or result file, or standard input for "-". Reading stops at
/// kMaxInputTextBytes + 1 bytes, so /dev/zero or an endless pipe costs no more than that.
/// Throws UsageError, one line starting with `subject` (e.g. "cannot read 'x.txt'", "--from
/// 'x.txt'"), when the file is missing or unreadable, is a directory, fails mid-read, or
/// exceeds kMaxInputTextBytes.
std::string ReadInputText(const std::string& path, const std::string& subject);

/// Writes `content` to `path` atomically: a temporary file in the same directory, fsync, then
/// rename over `path` and fsync of the directory. Throws std::runtime_error naming the path on
/// failure (the temporary file is removed); a fatal signal meanwhile (Ctrl-C, SIGXFSZ under
/// `ulimit -f`) removes it too (core/fatal_signals.h).
void WriteFileAtomically(const std::string& path, const std::string& content);

/// One --output file and the format written to it.
struct OutputFile {
  std::string path;
  report::Format format = report::Format::kTable;
};

/// The files of repeated --output: each in the format its extension names
/// (report::FormatForExtension), else in `format` (--format as given; "" = table). Throws
/// UsageError, one line, before anything is read or written: an empty name; "-" (standard
/// output gets --format's report without --output; "./-" names a file called '-'); two --output
/// naming one file (the same inode, or the same path once symbolic links, "." and ".." are
/// resolved, a dangling link included); an output that is one of `inputs`
/// (CheckOutputIsNotInput); an output that is the result store's SQLite file or its -wal, -shm
/// or -journal file (`store` = the command's --store, "" = $CRYPTOBENCH_STORE or the default
/// store; checked for every command, since any of them could overwrite it); a path
/// CheckOutputPath refuses; a format `producer` cannot write (report::ChooseFormat).
std::vector<OutputFile> ResolveOutputFiles(report::Producer producer, const std::string& format,
                                           const std::vector<std::string>& outputs,
                                           const std::vector<std::string>& inputs,
                                           const std::string& store = "");

/// Writes a rendered report to `output_path` atomically, or to standard output when it is
/// empty, after report::SafeDocument: no terminal control sequence from any input gets through.
void WriteReportOutput(const std::string& output_path, std::string rendered);

}  // namespace cryptobench::cli
