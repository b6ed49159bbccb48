// The import driver: cleans the paste, splits it into runs and hands each line to the parser
// of the run it belongs to.
#include "import/import.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "results/emulated.h"
#include "results/json.h"
#include "results/limits.h"

#include "import/botan_speed.h"
#include "import/bssl_speed.h"
#include "import/cryptodev_speed.h"
#include "import/cryptsetup_benchmark.h"
#include "import/env_facts.h"
#include "import/foreign_run.h"
#include "import/gnutls_bench.h"
#include "import/json_paste.h"
#include "import/kcapi_speed.h"
#include "import/mbedtls_bench.h"
#include "import/openssl_speed_mr.h"
#include "import/openssl_speed_text.h"
#include "import/openssl_version.h"
#include "import/own_reports.h"
#include "import/parse_util.h"
#include "import/paste_cleanup.h"
#include "import/quoted_printable.h"
#include "import/s_time.h"
#include "import/side_by_side.h"
#include "import/speed_join.h"
#include "import/speed_progress.h"
#include "import/speed_run.h"
#include "import/tcrypt.h"
#include "import/text_encoding.h"
#include "import/wolfcrypt_bench.h"

namespace cryptobench::import {
namespace {

// Environment facts (distinct ones) in one pasted input, and their text. Every run carries the
// facts read before it, so a paste of cpuinfo or lsmod lines between many runs would otherwise
// cost its size once per run (64 runs at most). Real pastes hold far fewer: a distribution
// kernel's /proc/crypto has ~300 entries, lsmod ~200 modules, and cpuinfo repeats one model
// and one flags line per CPU.
constexpr size_t kMaxFactsPerInput = 2048;
constexpr size_t kMaxFactBytesPerInput = size_t{128} << 10;

// "3-5, 9 and 12": line numbers for a caveat, consecutive ones as ranges (LinesNamedIn in the
// corpus checker and people read both).
std::string LineList(const std::vector<size_t>& lines) {
  std::vector<std::string> parts;
  for (size_t i = 0; i < lines.size();) {
    size_t j = i;
    while (j + 1 < lines.size() && lines[j + 1] == lines[j] + 1) {
      ++j;
    }
    parts.push_back(j > i ? fmt::format("{}-{}", lines[i], lines[j]) : std::to_string(lines[i]));
    i = j + 1;
  }
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  }
  return out;
}

std::string Describe(size_t line, const std::string& expected, const std::string& file) {
  return file.empty() ? fmt::format("line {}: {}", line, expected)
                      : fmt::format("{}:{}: {}", file, line, expected);
}

// "SHA-256" and "sha256" alike: the letters and digits of a name.
std::string AlphanumericOnly(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      out.push_back(c);
    }
  }
  return out;
}

// The CPUs `taskset` or `numactl` before a command pins it to: "taskset -c 0-1" and
// "taskset 0x1" give 2 and 1; 0 when no pinning is shown or it cannot be read.
int PinnedCpus(std::string_view launcher) {
  const std::vector<std::string_view> words = SplitWords(launcher);
  const auto count_list = [](std::string_view list) {
    int cpus = 0;
    for (std::string_view part : SplitFields(list, ',')) {
      const size_t dash = part.find('-');
      const auto low = ParseUnsigned(part.substr(0, dash));
      const auto high = dash == std::string_view::npos ? low : ParseUnsigned(part.substr(dash + 1));
      if (!low || !high || *high < *low || *high - *low > 4096) {
        return 0;
      }
      cpus += static_cast<int>(*high - *low + 1);
    }
    return cpus;
  };
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "taskset" && i + 1 < words.size()) {
      if ((words[i + 1] == "-c" || words[i + 1] == "--cpu-list") && i + 2 < words.size()) {
        return count_list(words[i + 2]);
      }
      std::string_view mask = words[i + 1];
      if (mask.substr(0, 2) == "0x" || mask.substr(0, 2) == "0X") {
        mask.remove_prefix(2);
      }
      int cpus = 0;
      for (char c : mask) {
        const int nibble = c >= '0' && c <= '9'   ? c - '0'
                           : c >= 'a' && c <= 'f' ? c - 'a' + 10
                           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                  : -1;
        if (nibble < 0) {
          return 0;
        }
        cpus += __builtin_popcount(static_cast<unsigned>(nibble));
      }
      return cpus;
    }
    if (words[i] == "numactl") {
      for (size_t j = i + 1; j < words.size(); ++j) {
        for (std::string_view option : {"--physcpubind=", "-C"}) {
          if (words[j].substr(0, option.size()) == option && words[j].size() > option.size()) {
            return count_list(words[j].substr(option.size()));
          }
        }
        if ((words[j] == "--physcpubind" || words[j] == "-C") && j + 1 < words.size()) {
          return count_list(words[j + 1]);
        }
      }
    }
  }
  return 0;
}

// The options of an `openssl speed` command line that change how its output reads.
SpeedCommand ParseSpeedCommand(const std::vector<std::string>& args, size_t line) {
  SpeedCommand command;
  command.present = true;
  command.line = line;
  bool piped = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    const bool has_value = i + 1 < args.size();
    piped = piped || arg == "|" || arg == ";" || arg == "&&" || arg == "||";
    if (!piped) {
      command.args.push_back(arg);
    }
    if (arg == "-elapsed") {
      command.elapsed = true;
    } else if (arg == "-mr") {
      command.machine_readable = true;
    } else if (arg == "-decrypt") {
      command.decrypt = true;
    } else if (arg == "-mb") {
      command.multi_block = true;
    } else if (arg == "-multi" && has_value) {
      const auto count = ParseUnsigned(args[++i]);
      command.multi = count && *count <= 100000 ? static_cast<int>(*count) : 0;
    } else if (arg == "-seconds" && has_value) {
      // apps/speed.c's 'p' option (a positive integer), 1.1.1 and later.
      const auto seconds = ParseUnsigned(args[++i]);
      command.seconds =
          seconds && *seconds > 0 && *seconds <= 86400 ? static_cast<double>(*seconds) : 0;
    } else if (arg == "-bytes" && has_value) {
      // apps/speed.c's OPT_BYTES (1.1.1: atoi; 3.x: opt_int_arg): one size, in bytes.
      const auto bytes = ParseUnsigned(args[++i]);
      command.bytes =
          bytes && *bytes > 0 && *bytes <= (uint64_t{1} << 30) ? static_cast<uint64_t>(*bytes) : 0;
    } else if (arg == "-async_jobs" && has_value) {
      // apps/speed.c's OPT_ASYNCJOBS (1.1.0 and later: atoi, then opt_int): at most 99999.
      const auto jobs = ParseUnsigned(args[++i]);
      command.async_jobs = jobs && *jobs <= 99999 ? static_cast<int>(*jobs) : 0;
    } else if (arg == "-engine" && has_value) {
      command.engine = args[++i];
    } else if (arg == "-provider" && has_value) {
      command.providers.push_back(args[++i]);
    } else if (arg == "-evp" && has_value) {
      command.evp = args[++i];
    }
  }
  return command;
}

// A line that reads like a row of figures ("aes-128-gcm 73199.42k 220411.12k ...", "AES 12 34
// 56") or another program's message ("ls: cannot access ...", "bash: openssl: command not
// found"): skipped without a parser, it must be named, since it may hold or explain figures.
bool LooksLikeSkippedOutput(std::string_view trimmed) {
  if (LooksLikeSpeedRow(trimmed)) {
    return true;
  }
  const std::vector<std::string_view> words = SplitWords(trimmed);
  if (words.size() >= 3) {
    size_t numeric = 0;
    for (size_t i = 1; i < words.size(); ++i) {
      numeric += LooksNumeric(words[i]) ? 1 : 0;
    }
    if (numeric >= 2 && numeric * 2 >= words.size() - 1) {
      return true;
    }
  }
  // "ls: ...": a lower-case program name and a colon, then its message.
  if (words.size() >= 2 && words[0].size() >= 3 && EndsWith(words[0], ":")) {
    const std::string_view program = words[0].substr(0, words[0].size() - 1);
    return std::islower(static_cast<unsigned char>(program.front())) && program != "http" &&
           program != "https" && std::all_of(program.begin(), program.end(), [](char c) {
             return std::islower(static_cast<unsigned char>(c)) ||
                    std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '_' ||
                    c == '.' || c == '/';
           });
  }
  return false;
}

// The first line of libgcrypt's bench-slope output (tests/bench-slope.c, bench_print_header:
// "<name> |  nanosecs/byte   mebibytes/sec   cycles/byte", and rows "CBC enc |  1.47 ns/B
// 646.7 MiB/s  - c/B"), which import does not read: a file of it is refused at that line by
// name rather than as no tool's output.
std::optional<size_t> FindBenchSlope(const std::vector<SourceLine>& lines) {
  for (const SourceLine& line : lines) {
    const std::string_view text = line.text;
    const bool header = text.find("nanosecs/byte") != std::string_view::npos &&
                        text.find("mebibytes/sec") != std::string_view::npos;
    const size_t bar = text.find('|');
    const bool row = bar != std::string_view::npos &&
                     text.find(" ns/B", bar) != std::string_view::npos &&
                     text.find(" MiB/s", bar) != std::string_view::npos &&
                     text.find(" c/B", bar) != std::string_view::npos;
    if (header || row) {
      return line.number;
    }
  }
  return std::nullopt;
}

// The first line of Phoronix Test Suite output: its banner ("Phoronix Test Suite v8.2.0m1") or
// a test profile's name ("pts/openssl-1.10.0", as PTS prints it under "Installed:" and at each
// test). PTS prints its own result format (a section per test titled by the test profile's
// name, "OpenSSL 1.1.0f:", each run's figure and their average), not the tool's output, so a
// file of it is refused by name (tryout 32 D16).
std::optional<size_t> FindPhoronixTestSuite(const std::vector<SourceLine>& lines) {
  constexpr std::string_view kBanner = "Phoronix Test Suite v";
  for (const SourceLine& line : lines) {
    std::string_view text = Trim(line.text);
    if (text.starts_with("Installed:")) {
      text = Trim(text.substr(10));
    }
    const bool banner = text.starts_with(kBanner) && text.size() > kBanner.size() &&
                        text[kBanner.size()] >= '0' && text[kBanner.size()] <= '9';
    const size_t dash = text.rfind('-');
    const bool profile = text.starts_with("pts/") && text.find(' ') == std::string_view::npos &&
                         dash != std::string_view::npos && dash > 4 && dash + 1 < text.size() &&
                         text[dash + 1] >= '0' && text[dash + 1] <= '9';
    if (banner || profile) {
      return line.number;
    }
  }
  return std::nullopt;
}

// A -multi run that gave no figure (SpeedEvidence::multi_line set, HasFigures false): what the
// paste shows and why nothing of it is read. apps/speed.c's do_multi (1.0.x to 3.x) prints
// "Forked child N" per child, then echoes each child's records as "Got: <record> from N" and
// sums the +F records into the summary table; a child that dies before its +F leaves nothing
// to echo, and no line of the parent says so.
std::string FigurelessMultiWhy(const SpeedEvidence& evidence) {
  const int children = std::max(evidence.forked_children, evidence.max_child + 1);
  return fmt::format(
      "openssl speed -multi ran {} {} ({}), but the paste holds no result of any of them (no "
      "'Got: +F' record, '+R' result or row of the results table): the children stopped "
      "before reporting (they crashed or were killed, or the paste ends first)",
      children, children == 1 ? "child" : "children",
      evidence.forked_children > 0 ? "its 'Forked child' lines" : "its 'Got: ... from N' records");
}

// A heading line that names a machine (MachineHeading).
struct HeadingLine {
  std::string name;  // MachineHeading's name: "old server"
  std::string text;  // the line as pasted, trimmed: "old server:"
  size_t line = 0;
};

// Docker's default hostname of a container, which shells in it print at their prompt
// (`root@3f2a1b9c0d4e:/#`): the first 12 hex digits of its ID (moby daemon/container.go, commit
// ce27df7b3c0413f69f9a8878887b5bc562ff21e2: "default hostname is the container's short-ID",
// config.Hostname = id[:12]; https://docs.docker.com/engine/network/#ip-address-and-hostname).
bool ContainerHostname(std::string_view host) {
  return host.size() == 12 && std::all_of(host.begin(), host.end(), [](char c) {
           return std::isdigit(static_cast<unsigned char>(c)) || (c >= 'a' && c <= 'f');
         });
}

// A container command that runs the container on another machine or another CPU than the
// prompt's: through ssh (`ssh -t buildsrv docker run ...`), another engine (DOCKER_HOST=,
// CONTAINER_HOST=, -H/--host, --context, podman's --connection/--url/--remote) or an emulated
// platform (--platform linux/arm64 on x86 runs under QEMU user emulation) (tryout 28 W2, W10).
bool RemoteOrEmulatedContainer(const std::vector<std::string_view>& words) {
  const bool engine = std::any_of(words.begin(), words.end(), [](std::string_view w) {
    const std::string_view program = w.substr(w.rfind('/') + 1);
    return program == "docker" || program == "podman";
  });
  return engine && std::any_of(words.begin(), words.end(), [](std::string_view w) {
           const std::string_view program = w.substr(w.rfind('/') + 1);
           return program == "ssh" || w.starts_with("DOCKER_HOST=") ||
                  w.starts_with("CONTAINER_HOST=") || w == "-H" || w == "--host" ||
                  w.starts_with("--host=") || w.starts_with("--context") ||
                  w.starts_with("--connection") || w.starts_with("--url") || w == "--remote" ||
                  w == "-r" || w.starts_with("--platform");
         });
}

// `docker exec -it ID bash`, `sudo podman run --rm -it IMAGE`, `docker compose exec app sh`: a
// command that opens a shell in a container of this host's container engine.
bool EntersContainer(std::string_view command) {
  std::vector<std::string_view> words = SplitWords(command);
  if (RemoteOrEmulatedContainer(words)) {
    return false;
  }
  size_t at = !words.empty() && words[0] == "sudo" ? 1 : 0;
  if (at >= words.size()) {
    return false;
  }
  const std::string_view program = words[at].substr(words[at].rfind('/') + 1);
  if (program != "docker" && program != "podman") {
    return false;
  }
  ++at;
  if (at < words.size() && (words[at] == "container" || words[at] == "compose")) {
    ++at;
  }
  return at < words.size() && (words[at] == "exec" || words[at] == "run" || words[at] == "attach" ||
                               words[at] == "start");
}

class Driver {
 public:
  /// `cleanup_notes`: what CleanPaste noted about the lines, in line order; each becomes a
  /// caveat of the run that holds its line.
  Driver(const std::vector<SourceLine>& lines, std::string_view file_name,
         std::vector<CleanupNote> cleanup_notes = {})
      : lines_(lines), file_name_(file_name), cleanup_notes_(std::move(cleanup_notes)) {}

  std::vector<results::RunResult> Run() {
    size_t next_note = 0;
    for (size_t i = 0; i < lines_.size(); ++i) {
      Take(i);
      CheckGrowth(lines_[i].number);
      // The run the line's first piece went to (or opened) holds the note.
      for (;
           next_note < cleanup_notes_.size() && cleanup_notes_[next_note].line <= lines_[i].number;
           ++next_note) {
        placed_notes_.emplace_back(OpenRunIndex(), cleanup_notes_[next_note].text);
      }
    }
    std::vector<results::SourceFact> last;
    env_.Finish(&last);
    AddFacts(std::move(last), lines_.empty() ? 1 : lines_.back().number);
    Flush();
    AttachTrailingVersion();
    NameSkippedOutput();
    if (!runs_.empty()) {
      for (const auto& [run, note] : placed_notes_) {
        runs_[std::min(run, runs_.size() - 1)].source.caveats.push_back(note);
      }
      for (const auto& [run, note] : orphan_notes_) {
        runs_[std::min(run, runs_.size() - 1)].source.caveats.push_back(
            fmt::format("{} (This output gave no figure of its own.)", note));
      }
    }
    CheckGrowth(lines_.empty() ? 1 : lines_.back().number);
    if (!runs_.empty()) {
      // Lines pasted after the last run describe it too; its block label stays its own, and so
      // do its CPU facts when the lines after it began another machine's (AddFacts).
      const std::optional<results::SourceFact> label = BlockLabelOf(runs_.back());
      // Lines typed at another host's prompt after the run describe that machine: the run
      // takes the facts read up to the switch only.
      const bool switched = machine_.switch_after == runs_.size();
      std::vector<results::SourceFact> facts = switched ? machine_.facts_at_switch : facts_;
      DropBoardSwitchLines(&facts);
      if (switched) {
        NameOtherHostsLines();
      }
      NameLeftHostsLines();
      NameContainers();
      if ((switched ? machine_.superseded_at_switch : machine_superseded_at_) == runs_.size()) {
        std::vector<results::SourceFact> trailing;
        for (const results::SourceFact& fact : facts) {
          if (MachineFact(fact.kind)) {
            trailing.push_back(fact);
          }
        }
        std::erase_if(facts, [](const results::SourceFact& f) { return MachineFact(f.kind); });
        std::vector<results::SourceFact> own;
        for (const results::SourceFact& fact : runs_.back().source.facts) {
          if (MachineFact(fact.kind)) {
            own.push_back(fact);
          }
        }
        facts.insert(facts.end(), own.begin(), own.end());
        switch (TrailingMachine(own, trailing)) {
          case Machine::kSame:
            for (const results::SourceFact& fact : trailing) {
              if (std::none_of(own.begin(), own.end(), [&](const results::SourceFact& f) {
                    return f.kind == fact.kind && f.value == fact.value;
                  })) {
                facts.push_back(fact);
              }
            }
            break;
          case Machine::kOther:
            break;  // another machine's lines: no fact of this run
          case Machine::kUnknown: {
            std::vector<size_t> numbers;
            for (const results::SourceFact& fact : trailing) {
              numbers.push_back(fact.line);
            }
            std::sort(numbers.begin(), numbers.end());
            numbers.erase(std::unique(numbers.begin(), numbers.end()), numbers.end());
            runs_.back().source.caveats.push_back(fmt::format(
                "{} {} CPU lines after the run that name no model matching its own, so "
                "whether they describe its machine or another cannot be told; they are not "
                "applied.",
                numbers.size() == 1 ? "Line" : "Lines", LineList(numbers),
                numbers.size() == 1 ? "holds" : "hold"));
            break;
          }
        }
      }
      // A `uname -a` after a run that printed its own is another kernel's, not this run's.
      const auto uname = [](const results::SourceFact& f) { return f.kind == "uname"; };
      if (std::any_of(runs_.back().source.facts.begin(), runs_.back().source.facts.end(), uname)) {
        std::erase_if(facts, uname);
        for (const results::SourceFact& fact : runs_.back().source.facts) {
          if (uname(fact)) {
            facts.push_back(fact);
          }
        }
      }
      // A configure line after the last run configured another build (AddRun keeps the one
      // before it only for a run from that build's tree).
      std::erase_if(facts, [](const results::SourceFact& f) { return f.kind == "configure"; });
      for (const results::SourceFact& fact : runs_.back().source.facts) {
        const bool printed_by_run = fact.origin == kWolfcryptCpuLineOrigin &&
                                    std::none_of(facts.begin(), facts.end(), [&](const auto& f) {
                                      return f.line == fact.line && f.kind == fact.kind;
                                    });
        if (RunOwnFact(fact.kind) || fact.kind == "configure" ||
            fact.kind == "configure_unlinked" || printed_by_run) {
          facts.push_back(fact);
        }
      }
      runs_.back().source.facts = std::move(facts);
      if (label) {
        runs_.back().source.facts.push_back(*label);
      }
      SpreadTrailingMachineFacts();
      NameUntiedVersion();
    } else if (unread_) {
      // Tool output that gave no figure (a table row whose sizes are unknown): refuse at it.
      throw ImportError(unread_->first, unread_->second);
    }
    RefuseOnlyUnusedRows();
    return std::move(runs_);
  }

 private:
  // Refuses (ImportError) a text whose only figures rows could not be read at all: no run has a
  // cell, and openssl speed's table row fits no size list (unused_row_). Imported as it was,
  // such a text made an empty run of the library's identity, and doctor --from and compare a
  // verdict or comparison of nothing, with exit status 0. (Cells whose figure was rejected are
  // CheckUsableFigures's: doctor --from may still name their cause.)
  void RefuseOnlyUnusedRows() const {
    if (!unused_row_) {
      return;
    }
    for (const results::RunResult& run : runs_) {
      for (const results::AlgorithmResult& alg : run.algorithms) {
        if (!alg.cells.empty()) {
          return;
        }
      }
    }
    throw ImportError(unused_row_->first,
                      fmt::format("expected a figure import can use; found only {}, so there is "
                                  "nothing to diagnose or compare",
                                  unused_row_->second));
  }

  struct SpeedState {
    SpeedEvidence evidence;
    SpeedTextParser text{&evidence};
    MrState mr;
    std::string host;  // the host its lines were typed at (Driver::machine_.host), "" when unknown
    SpeedState() = default;
    SpeedState(const SpeedState&) = delete;
    SpeedState& operator=(const SpeedState&) = delete;
  };

  // The foreign tool whose output lines_[index] starts, or kNone.
  ForeignTool ForeignStart(size_t index) const {
    const SourceLine& line = lines_[index];
    if (StartsCryptsetupOutput(line)) {
      return ForeignTool::kCryptsetup;
    }
    if (line.kind != LineKind::kText) {
      return ForeignTool::kNone;
    }
    const std::string_view trimmed = Trim(line.text);
    if (IsBsslResultLine(trimmed) || StartsBsslJson(lines_, index)) {
      return ForeignTool::kBssl;
    }
    if (IsBotanResultLine(trimmed) || IsBotanVersionLine(trimmed) ||
        trimmed.substr(0, 7) == "CPUID: ") {
      return ForeignTool::kBotan;
    }
    if (StartsTcryptOutput(trimmed)) {
      return ForeignTool::kTcrypt;
    }
    if (IsKcapiSpeedLine(trimmed)) {
      return ForeignTool::kKcapi;
    }
    if (StartsWolfcryptOutput(trimmed)) {
      return ForeignTool::kWolfcrypt;
    }
    if (StartsGnutlsBenchOutput(trimmed)) {
      return ForeignTool::kGnutls;
    }
    if (IsMbedtlsBenchLine(trimmed) || trimmed == "MBEDTLS Benchmark sample") {
      return ForeignTool::kMbedtls;
    }
    if (StartsSTimeOutput(trimmed)) {
      return ForeignTool::kSTime;
    }
    if (StartsCryptodevSpeedOutput(trimmed)) {
      return ForeignTool::kCryptodev;
    }
    return ForeignTool::kNone;
  }

  void StartForeign(ForeignTool tool) {
    Flush();
    run_from_build_tree_ = false;
    foreign_env_ = exported_;
    ++run_generation_;
    TakeLabelForOpenRun();
    foreign_tool_ = tool;
    switch (tool) {
      case ForeignTool::kBssl:
        foreign_ = std::make_unique<BsslSpeedParser>(file_name_);
        break;
      case ForeignTool::kBotan:
        foreign_ = std::make_unique<BotanSpeedParser>(file_name_);
        break;
      case ForeignTool::kCryptsetup:
        foreign_ = std::make_unique<CryptsetupBenchmarkParser>(file_name_);
        break;
      case ForeignTool::kTcrypt:
        foreign_ = std::make_unique<TcryptParser>(file_name_);
        break;
      case ForeignTool::kKcapi:
        foreign_ = std::make_unique<KcapiSpeedParser>(file_name_);
        break;
      case ForeignTool::kWolfcrypt:
        foreign_ = std::make_unique<WolfcryptBenchParser>(file_name_);
        break;
      case ForeignTool::kMbedtls:
        foreign_ = std::make_unique<MbedtlsBenchParser>(file_name_);
        break;
      case ForeignTool::kGnutls:
        foreign_ = std::make_unique<GnutlsBenchParser>(file_name_);
        break;
      case ForeignTool::kSTime:
        foreign_ = std::make_unique<STimeParser>(file_name_);
        break;
      case ForeignTool::kCryptodev:
        foreign_ = std::make_unique<CryptodevSpeedParser>(file_name_);
        break;
      case ForeignTool::kNone:
        break;
    }
  }

  // True for a version line ("OpenSSL 1.1.1w", with or without its date) after a pasted
  // `openssl speed` command whose run has no header and no results table yet: speed prints its
  // version line right before its table (apps/speed.c show_res: OpenSSL_version(OPENSSL_VERSION)
  // in 1.0.x to 1.1.1, after a -multi run's "Forked child"/"Got:" lines too), so the line is
  // that run's header, not `openssl version` output. Read as the latter, it ended the run and
  // the table imported without its command line (-multi, -elapsed, pinning). `openssl version
  // -a`'s "(Library: ...)" line, and one after `openssl version`, still start a version block.
  //
  // Without the command line, progress lines stand for it: in 1.x speed prints them before its
  // version line (to stderr, apps/speed.c print_message), so a version line after them, followed
  // by the results table (its header lines, the "The 'numbers' ..." line, a 'type' line, a
  // public-key header or a row: VersionLeadsToTable), is that run's, not a run of its own
  // (tryout 19: a lone `OpenSSL 1.0.2k-fips  26 Jan 2017` split one run into a run of progress
  // figures and a run of the same table's).
  bool AwaitsSpeedHeader(std::string_view trimmed, size_t index) const {
    if (!speed_ || speed_->evidence.header || speed_->evidence.HasFinalFigures() ||
        after_version_command_ || trimmed.find("(Library:") != std::string_view::npos) {
      return false;
    }
    return speed_->evidence.command.present ||
           (!speed_->evidence.progress.empty() && VersionLeadsToTable(index));
  }

  // True when the version line at `index` is followed, after blank lines and header lines
  // (built on, options, compiler, ...), by openssl speed's results table.
  bool VersionLeadsToTable(size_t index) const {
    for (size_t i = index + 1; i < lines_.size() && i <= index + 12; ++i) {
      if (lines_[i].kind != LineKind::kText) {
        return false;
      }
      const std::string_view trimmed = Trim(lines_[i].text);
      if (trimmed.empty() || IsHeaderLabelLine(trimmed)) {
        continue;
      }
      return !trimmed.starts_with("Doing ") && !IsVersionLine(trimmed) &&
             (StartsSpeedText(trimmed) || LooksLikeSpeedRow(trimmed));
    }
    return false;
  }

  // A command line of bssl, botan or cryptsetup: starts that tool's run. Returns false for
  // other commands.
  bool TakeForeignCommand(const SourceLine& line) {
    const ForeignCommand command = ParseForeignCommand(line.text);
    const bool reads =
        (command.tool == ForeignTool::kBssl && command.subcommand == "speed") ||
        (command.tool == ForeignTool::kBotan &&
         (command.subcommand == "speed" || command.subcommand == "version")) ||
        (command.tool == ForeignTool::kCryptsetup &&
         (command.subcommand == "benchmark" ||
          (command.args.size() == 1 && command.args[0] == "--version"))) ||
        (command.tool == ForeignTool::kGnutls &&
         command.subcommand.substr(0, 11) == "--benchmark") ||
        command.tool == ForeignTool::kTcrypt || command.tool == ForeignTool::kKcapi ||
        command.tool == ForeignTool::kWolfcrypt || command.tool == ForeignTool::kMbedtls;
    if (command.tool == ForeignTool::kNone) {
      return false;
    }
    // `botan cpuid` between `botan version` and `botan speed` (a Botan run without figures yet)
    // prints the CPU's features, which the environment reader takes ("CPUID flags:"): the run
    // goes on, keeping the version (new-user tryout 19: `botan version --full`, `botan cpuid`,
    // `botan speed` lost the version).
    if (command.tool == ForeignTool::kBotan && command.subcommand == "cpuid" && foreign_ &&
        foreign_tool_ == ForeignTool::kBotan && !foreign_->HasFigures()) {
      return true;
    }
    // After `cryptsetup --version` or `botan version` (a run without figures yet) the same run
    // goes on, keeping the version.
    const bool same_run =
        reads && foreign_ && foreign_tool_ == command.tool && !foreign_->HasFigures();
    if (!same_run) {
      Flush();
      if (!reads) {
        return true;  // another subcommand: its output is ignored like prose
      }
      StartForeign(command.tool);
    }
    // A program typed as a path inside the working directory ("./wolfcrypt/benchmark/benchmark",
    // "build/tool/bssl") runs the build in that tree: the one a configure line typed there made.
    const bool in_tree = command.program.find('/') != std::string::npos &&
                         !command.program.starts_with('/') && !command.program.starts_with('~') &&
                         !command.program.starts_with('$');
    run_from_build_tree_ = (same_run && run_from_build_tree_) || in_tree;
    foreign_->SetCommand(command.args, line.number);
    if (command.tool == ForeignTool::kBssl && &line >= lines_.data() &&
        &line < lines_.data() + lines_.size()) {
      if (const std::optional<AwsLcClue> aws_lc =
              AwsLcOfBssl(static_cast<size_t>(&line - lines_.data()), command.program)) {
        static_cast<BsslSpeedParser&>(*foreign_).SetAwsLc(aws_lc->version, aws_lc->where);
      }
    }
    if (command.tool == ForeignTool::kBssl) {
      // BoringSSL and AWS-LC read OPENSSL_ia32cap at start-up as OpenSSL does
      // (crypto/cpu_intel.c OPENSSL_cpuid_setup: getenv, then handle_cpu_env's '~' clears the
      // bits of words 0-1, and of words 2-3 after ':'), so an assignment before bssl, or an
      // export before it, is the run's mask: kept as its worker_env, as for openssl speed.
      foreign_env_ = exported_;
      for (const auto& [name, value] : ShellAssignments(command.launcher)) {
        foreign_env_[name] = value;
      }
    }
    if (command.tool == ForeignTool::kBotan && command.subcommand == "version") {
      static_cast<BotanSpeedParser&>(*foreign_).ExpectVersion();
    }
    return true;
  }

  // AWS-LC, a BoringSSL fork, builds the same `bssl` tool (tool/speed.cc) and bssl speed prints
  // no library name, so only the paste tells them apart (tryout 28 W8): the path of the bssl
  // typed (".../aws-lc/build/tool/bssl"), or a line of the same block before the command that
  // names AWS-LC and not BoringSSL: a heading ("aws-lc v1.21.0 on an m6i.large"), a `cd aws-lc`,
  // or the version line of AWS-LC's own openssl tool ("OpenSSL 1.1.1 (compatible; AWS-LC
  // 1.21.0)": AWSLC_VERSION_STRING is "AWS-LC " and the release in
  // https://github.com/aws/aws-lc/blob/main/include/openssl/base.h). The block starts after the
  // previous run's command or figures. A line that names BoringSSL ends the search.
  struct AwsLcClue {
    std::string version;  ///< "AWS-LC 1.21.0", or "AWS-LC" when no release is named
    std::string where;    ///< e.g. "line 1"
  };
  static std::optional<std::string> AwsLcIn(std::string_view text, bool* boringssl) {
    const std::string lower = ToLower(text);
    *boringssl = lower.find("boringssl") != std::string::npos;
    size_t at = std::string::npos;
    for (const std::string_view name : {"aws-lc", "awslc", "aws_lc"}) {
      for (size_t found = lower.find(name); found != std::string::npos;
           found = lower.find(name, found + 1)) {
        // A word of its own or a path's part, not "aws-lc-sys" nor "aws-lc-rs" (Rust crates
        // that bind AWS-LC, without its bssl tool).
        const size_t end = found + name.size();
        const bool starts =
            found == 0 || !std::isalnum(static_cast<unsigned char>(lower[found - 1]));
        const bool rust = lower.compare(end, 4, "-sys") == 0 || lower.compare(end, 3, "-rs") == 0;
        // A link ("https://github.com/aws/aws-lc/issues/2283") names the project a thread is
        // about, not the library that ran.
        const size_t word_start = lower.find_last_of(" \t", found);
        const std::string_view word = std::string_view(lower).substr(
            word_start == std::string::npos ? 0 : word_start + 1,
            lower.find_first_of(" \t", found) -
                (word_start == std::string::npos ? 0 : word_start + 1));
        const bool link = word.find("://") != std::string_view::npos ||
                          word.find("github.com/") != std::string_view::npos;
        if (starts && !rust && !link && (at == std::string::npos || found < at)) {
          at = found;
        }
      }
    }
    if (at == std::string::npos || *boringssl) {
      return std::nullopt;
    }
    // The release after the name: "aws-lc v1.21.0", "AWS-LC 1.21", "AWS-LC FIPS 2.0.0".
    std::vector<std::string_view> words = SplitWords(std::string_view(text).substr(at));
    for (size_t i = 1; i < words.size() && i <= 2; ++i) {
      std::string_view word = words[i];
      while (!word.empty() && (word.back() == ')' || word.back() == ',' || word.back() == ';' ||
                               word.back() == ':')) {
        word.remove_suffix(1);
      }
      if (ToLower(word) == "fips") {
        continue;
      }
      if (word.starts_with('v') || word.starts_with('V')) {
        word.remove_prefix(1);
      }
      const bool release = !word.empty() && std::isdigit(static_cast<unsigned char>(word[0])) &&
                           word.find('.') != std::string_view::npos &&
                           std::all_of(word.begin(), word.end(), [](char c) {
                             return std::isdigit(static_cast<unsigned char>(c)) || c == '.';
                           });
      if (release) {
        return "AWS-LC " + std::string(word);
      }
      break;
    }
    return std::string("AWS-LC");
  }
  // True when a component of `path` is an AWS-LC tree's name ("~/src/aws-lc/build/tool/bssl"),
  // not a directory that only starts with it ("~/aws-lc-bench/upstream/bssl": tryout 29 W4).
  static bool PathHasTree(std::string_view path) {
    const std::string lower = ToLower(path);
    for (std::string_view part : SplitFields(lower, '/')) {
      part = Trim(part);
      if (part == "aws-lc" || part == "awslc" || part == "aws_lc") {
        return true;
      }
    }
    return false;
  }
  std::optional<AwsLcClue> AwsLcOfBssl(size_t index, std::string_view program) const {
    bool boringssl = false;
    if (std::optional<std::string> version = AwsLcIn(program, &boringssl);
        version && PathHasTree(program)) {
      return AwsLcClue{std::move(*version),
                       fmt::format("the path of the bssl run at line {}", lines_[index].number)};
    }
    if (boringssl) {
      return std::nullopt;
    }
    for (size_t i = index; i-- > 0;) {
      const SourceLine& line = lines_[i];
      const std::string_view trimmed = Trim(line.text);
      if (trimmed.starts_with("#@")) {
        continue;  // a corpus fixture's header (tests/fixtures/reports): metadata, not the paste
      }
      if (IsBsslResultLine(trimmed) || LooksLikeSpeedRow(trimmed) || RunsABenchmark(line)) {
        std::vector<std::string> args;
        if (!(line.kind == LineKind::kCommand &&
              OpensslSubcommand(line.text, &args) == "version")) {
          break;  // the previous run's block
        }
      }
      // The last `cd` before the run names the tree it ran in: an aws-lc tree, or another one
      // (tryout 29 W4: `cd aws-lc`, then `cd ../bssl-upstream`).
      const bool cd = line.kind == LineKind::kCommand && trimmed.starts_with("cd ");
      std::optional<std::string> version = AwsLcIn(trimmed, &boringssl);
      if (cd) {
        if (version && PathHasTree(trimmed.substr(3))) {
          return AwsLcClue{std::move(*version), fmt::format("line {}", line.number)};
        }
        break;
      }
      // Prose or a heading names the library that ran only with its release ("aws-lc v1.21.0
      // on an m6i.large"); a bare mention ("not aws-lc!", "switch to aws-lc later") does not.
      if (version && *version != "AWS-LC") {
        return AwsLcClue{std::move(*version), fmt::format("line {}", line.number)};
      }
      if (boringssl) {
        break;
      }
    }
    return std::nullopt;
  }

  // Offers a line to the foreign parser running, or starts one. Returns true if it took it.
  bool TakeForeign(size_t index) {
    const SourceLine& line = lines_[index];
    if (foreign_) {
      switch (foreign_->Take(line)) {
        case Offer::kConsumed:
          return true;
        case Offer::kNewRun:
          StartForeign(foreign_tool_);
          foreign_->Take(line);
          return true;
        case Offer::kNotMine:
          break;
      }
    }
    const ForeignTool tool = ForeignStart(index);
    if (tool == ForeignTool::kNone) {
      return false;
    }
    StartForeign(tool);
    foreign_->Take(line);
    return true;
  }

  // True when lines_[index] starts a block: a command, or the first line of a tool's output.
  bool StartsBlock(size_t index) const {
    const SourceLine& line = lines_[index];
    if (line.kind == LineKind::kCommand) {
      return true;
    }
    const std::string_view trimmed = Trim(line.text);
    return line.kind == LineKind::kText && !trimmed.empty() &&
           (ForeignStart(index) != ForeignTool::kNone || IsMrLine(trimmed) ||
            StartsSpeedText(trimmed) || IsVersionLine(trimmed) || LooksLikeSpeedRow(trimmed));
  }

  // The index of the nearest line before (step -1) or after (step +1) `index` that is not
  // blank, skipping two blank lines at most; nullopt when there is none.
  std::optional<size_t> NearestLine(size_t index, int step) const {
    size_t at = index;
    for (int blank = 0; blank <= 2; ++blank) {
      if ((step < 0 && at == 0) || (step > 0 && at + 1 >= lines_.size())) {
        return std::nullopt;
      }
      at = step < 0 ? at - 1 : at + 1;
      if (lines_[at].kind != LineKind::kText || !Trim(lines_[at].text).empty()) {
        return at;
      }
    }
    return std::nullopt;
  }

  // A line no parser takes that names the block it stands right before, or right after the
  // command that starts it (MachineLabel: "Raspberry PI CM4 (BCM2711):"): a "block_label" fact of
  // the runs read from that block on, until a line no parser takes, another label, or a `uname -a`
  // line after one of them; never of a run before it (the run open ends here). Returns false for
  // other lines. /proc/cpuinfo's own Hardware and Model lines after `cat /proc/cpuinfo` stay facts
  // of every run (EnvFactReader).
  //
  // A short heading that ends in a colon ("with:", "before patch:": RunLabel) names the block
  // too when the line right after it starts openssl speed output (a version line, speed's
  // header or table, a progress line) or is the command that runs it (RunsABenchmark: "before:"
  // over `$ openssl speed ...`, tryout 20 n08): MachineLabel alone wants a digit, so the first of
  // two labelled builds went unnamed (tryout 19). A heading of prose or one that names nothing
  // ("Here are the results:", "Output:": NamesNothing) is no label.
  bool TakeBlockLabel(size_t index) {
    const SourceLine& line = lines_[index];
    std::optional<std::string> name = MachineLabel(line.text);
    if (!name && index + 1 < lines_.size() &&
        (lines_[index + 1].kind == LineKind::kText || RunsABenchmark(lines_[index + 1]))) {
      const std::string_view next = Trim(lines_[index + 1].text);
      if (lines_[index + 1].kind == LineKind::kCommand || IsVersionLine(next) ||
          StartsSpeedText(next) || LooksLikeSpeedRow(next)) {
        name = RunLabel(line.text);
        if (name && NamesNothing(*name)) {
          name.reset();
        }
      }
    }
    if (!name || env_.InCpuinfo() || StartsBlock(index)) {
      return false;
    }
    const bool open_empty =
        (speed_ && !speed_->evidence.HasFigures()) || (foreign_ && !foreign_->HasFigures());
    const std::optional<size_t> before = NearestLine(index, -1);
    const bool after_command = open_empty && before && lines_[*before].kind == LineKind::kCommand;
    // A bare name (no ':': the output of `cat /proc/device-tree/model`) may stand above the
    // lines that describe its machine, as `cat /proc/device-tree/model; uname -a` prints them,
    // and above the 1.x header that heads the speed output (openssl/openssl issue 11377).
    const bool bare = Trim(line.text).find(':') == std::string_view::npos;
    std::optional<size_t> after = NearestLine(index, +1);
    if (bare && after && !StartsBlock(*after)) {
      after = PastMachineLines(*after);
    }
    const bool heads_speed = bare && after && lines_[*after].kind == LineKind::kText &&
                             IsHeaderLabelLine(Trim(lines_[*after].text)) &&
                             HeaderLeadsToSpeed(*after);
    if (!after_command && !(after && (StartsBlock(*after) || heads_speed))) {
      return false;
    }
    results::SourceFact fact{"block_label", std::move(*name), line.number};
    if (after_command) {
      open_label_ = fact;  // the run its command started
    } else {
      Flush();
    }
    label_ = std::move(fact);
    label_taken_ = after_command;
    return true;
  }

  // The first line from `at` on that is neither blank nor a line the environment reader takes as
  // the machine's (a `uname -a` line, cpuinfo and lscpu lines: uname and CPU facts only), or
  // nullopt when the text ends first.
  std::optional<size_t> PastMachineLines(size_t at) const {
    EnvFactReader probe = env_;
    for (size_t seen = 0; seen < 12; ++seen) {
      std::vector<results::SourceFact> read;
      if (lines_[at].kind != LineKind::kText || !probe.Take(lines_[at], &read) || read.empty() ||
          !std::all_of(read.begin(), read.end(), [](const results::SourceFact& fact) {
            return fact.kind == "uname" || MachineFact(fact.kind);
          })) {
        return at;
      }
      const std::optional<size_t> next = NearestLine(at, +1);
      if (!next) {
        return std::nullopt;
      }
      at = *next;
    }
    return at;
  }

  // True for a command line that runs `openssl speed` or `openssl version`, or a bssl, botan or
  // cryptsetup command this reader takes (TakeForeignCommand): the start of a run's output.
  static bool RunsABenchmark(const SourceLine& line) {
    if (line.kind != LineKind::kCommand) {
      return false;
    }
    std::vector<std::string> args;
    std::string launcher;
    const std::string subcommand = OpensslSubcommand(line.text, &args, &launcher);
    if (subcommand == "speed" || subcommand == "version") {
      return true;
    }
    const ForeignCommand command = ParseForeignCommand(line.text);
    return (command.tool == ForeignTool::kBssl && command.subcommand == "speed") ||
           (command.tool == ForeignTool::kBotan && command.subcommand == "speed") ||
           (command.tool == ForeignTool::kCryptsetup && command.subcommand == "benchmark");
  }

  // True for a heading (RunLabel's text) that is a sentence's start or names no build or
  // machine: a word of it is a pronoun, an article, a form of "to be" or a word for output
  // itself ("Here are the results", "My output", "Results").
  static bool NamesNothing(std::string_view heading) {
    static constexpr std::string_view kWords[] = {
        "i",     "we",        "my",     "our",     "here",   "is",      "are", "was",
        "were",  "the",       "this",   "these",   "that",   "it",      "a",   "an",
        "below", "following", "result", "results", "output", "outputs", "log", "got"};
    for (std::string_view word : SplitWords(heading)) {
      const std::string lower = ToLower(word);
      if (std::find(std::begin(kWords), std::end(kWords), lower) != std::end(kWords)) {
        return true;
      }
    }
    return false;
  }

  // The block label of `run` (TakeBlockLabel), if any.
  static std::optional<results::SourceFact> BlockLabelOf(const results::RunResult& run) {
    for (const results::SourceFact& fact : run.source.facts) {
      if (fact.kind == "block_label") {
        return fact;
      }
    }
    return std::nullopt;
  }

  // Offers a line to the parsers; lines no parser claims between claimed lines of one run
  // are another program's (a monitor, the kernel log) and are named in that run's caveats.
  void Take(size_t index) {
    const SourceLine& line = lines_[index];
    // "> aes-128-gcm 73199.42k ...": one line quoted in a mail or forum reply (a repeated or
    // another message's row) reads like a `>` prompt, but no command looks like a table row.
    if (line.kind == LineKind::kCommand && LooksLikeSpeedRow(Trim(line.text))) {
      skipped_output_.push_back({line.number, true, OpenRunIndex()});
      return;
    }
    const bool claimed = TakeLine(index);
    if (pending_header_ && index >= pending_until_) {
      pending_header_.reset();  // the speed output it waited for did not start a run
    }
    if (!claimed && label_ && line.kind == LineKind::kText && !Trim(line.text).empty()) {
      label_.reset();  // prose after a labelled block: what follows is not that block
    }
    if (line.kind != LineKind::kText || Trim(line.text).empty()) {
      return;
    }
    if (!claimed && TakeOrphanSetupError(line)) {
      return;
    }
    orphan_setup_error_.reset();
    if (!claimed && LooksLikeSkippedOutput(Trim(line.text))) {
      skipped_output_.push_back({line.number, false, OpenRunIndex()});
    }
    if (claimed) {
      interleaved_.insert(interleaved_.end(), unclaimed_.begin(), unclaimed_.end());
      unclaimed_.clear();
    } else if (speed_ || foreign_) {
      unclaimed_.push_back(line.number);
    }
  }

  // openssl speed's message that it could not set up a KEM or signature algorithm, outside any
  // speed output (the command failed before its first progress line: openssl/openssl issue
  // 27108), and the error queue lines after it: a note of the run beside it, never dropped.
  bool TakeOrphanSetupError(const SourceLine& line) {
    const std::string_view trimmed = Trim(line.text);
    if (std::optional<std::string> note = SpeedSetupErrorNote(line.number, trimmed)) {
      orphan_setup_error_ = orphan_notes_.size();
      orphan_notes_.emplace_back(OpenRunIndex(), std::move(*note));
      return true;
    }
    if (orphan_setup_error_ && IsOpensslErrorQueueLine(trimmed)) {
      orphan_notes_[*orphan_setup_error_].second +=
          fmt::format(" Line {} is the error OpenSSL queued for it.", line.number);
      return true;
    }
    return false;
  }

  // True when a parser took the line.
  bool TakeLine(size_t index) {
    const SourceLine& line = lines_[index];
    // (Also inside a cpuinfo or lscpu listing, which has no such line: their keys name no
    // machine, and they run on to the next command.)
    if (line.kind == LineKind::kText) {
      // A key of a command's YAML output ("host:" over "  name: web1", tryout 27 h05) heads the
      // indented "key: value" lines under it, not a machine's lines. Only a lowercase heading
      // over an indented lowercase one-word key counts: "Server B:" over an indented lscpu
      // ("    Model name: ...") stays a heading.
      const std::optional<size_t> next = NearestLine(index, +1);
      const auto yaml_child = [](std::string_view text) {
        const size_t indent = text.find_first_not_of(" \t");
        const size_t colon = text.find(": ");
        return indent != std::string_view::npos && indent > 0 && colon != std::string_view::npos &&
               colon > indent &&
               std::all_of(text.begin() + static_cast<std::ptrdiff_t>(indent),
                           text.begin() + static_cast<std::ptrdiff_t>(colon),
                           [](char c) { return (c >= 'a' && c <= 'z') || c == '_' || c == '-'; });
      };
      const bool config_key = std::none_of(line.text.begin(), line.text.end(),
                                           [](char c) { return c >= 'A' && c <= 'Z'; }) &&
                              next && lines_[*next].kind == LineKind::kText &&
                              yaml_child(lines_[*next].text);
      if (std::optional<std::string> heading = MachineHeading(line.text); heading && !config_key) {
        TakeMachineHeading(std::move(*heading), line);  // the line goes on as any other
      } else if (!config_key && !env_.InCpuinfo() && Trim(line.text).ends_with(':')) {
        if (std::optional<std::string> board = MachineLabel(line.text)) {
          TakeBoardHeading(std::move(*board), line);  // the line goes on as any other
        }
      }
    }
    if (line.kind == LineKind::kCommand && !line.host.empty()) {
      if (!machine_.host.empty() && line.host != machine_.host) {
        TieContainer(line);
        if (!SameMachine(line.host, machine_.host)) {
          SwitchHost();
        } else {
          Flush();  // another shell, on the same CPU and kernel: only its environment is new
          exported_.clear();
        }
      }
      machine_.host = line.host;
      machine_.last_command = line.text;
      machine_.last_command_line = line.number;
      machine_.container_host_heading.reset();
    }
    if (line.kind == LineKind::kText && TakeProvenance(line)) {
      return true;
    }
    // "Hardware : BCM2835" before a block: its label, not a fact of every run (env_ below).
    if (line.kind == LineKind::kText && !Trim(line.text).ends_with(':') &&
        line.text.find(':') != std::string::npos && TakeBlockLabel(index)) {
      return true;
    }
    // "> Model name: ..." alone: a quoted cpuinfo line, not a command typed at a '>' prompt.
    if (line.kind == LineKind::kCommand && IsCpuinfoLine(line.text)) {
      std::vector<results::SourceFact> read;
      const bool taken = env_.Take({line.number, LineKind::kText, line.text, line.host}, &read);
      AddFacts(std::move(read), line.number);
      if (taken) {
        return true;
      }
    }
    if (line.kind == LineKind::kCommand) {
      if (const std::vector<std::string_view> words = SplitWords(Trim(line.text));
          !words.empty() && (words[0] == "cd" || words[0] == "pushd" || words[0] == "popd")) {
        // Another directory: a configure line typed before it configured another tree.
        std::erase_if(facts_, [](const results::SourceFact& f) { return f.kind == "configure"; });
      }
      std::vector<results::SourceFact> read;
      env_.SetCommand(line, &read);
      AddFacts(std::move(read), line.number);
    } else {
      std::vector<results::SourceFact> read;
      if (env_.Take(line, &read)) {
        // A `uname -a` line starts another machine's or kernel's block: the run before it ends.
        if (std::any_of(read.begin(), read.end(),
                        [](const results::SourceFact& fact) { return fact.kind == "uname"; })) {
          Flush();
          if (label_taken_) {
            label_.reset();  // another machine's or kernel's block after the labelled one
          }
          // One kernel's line is no fact of the runs after another's.
          std::erase_if(facts_, [](const results::SourceFact& f) { return f.kind == "uname"; });
        }
        AddFacts(std::move(read), line.number);
        return true;  // an environment line: a fact for the runs after it
      }
      AddFacts(std::move(read), line.number);
    }
    // cryptsetup's "# ..." lines read like root prompts: let its parser see them first.
    if (line.kind == LineKind::kCommand && StartsCryptsetupOutput(line)) {
      return TakeForeign(index);
    }
    if (line.kind == LineKind::kCommand && TakeForeignCommand(line)) {
      return true;
    }
    // `export OPENSSL_ia32cap=...`: the runs after it ran with that environment.
    if ((line.kind == LineKind::kCommand || line.kind == LineKind::kText) &&
        ApplyExport(Trim(line.text), &exported_)) {
      Flush();
      export_since_speed_run_ = true;
      return true;
    }
    if (line.kind == LineKind::kCommand) {
      std::vector<std::string> args;
      std::string launcher;
      std::string program;
      const std::string subcommand = OpensslSubcommand(line.text, &args, &launcher, &program);
      if (subcommand == "speed") {
        Flush();
        StartSpeed(line.number);
        speed_command_program_ = program;
        speed_->evidence.command = ParseSpeedCommand(args, line.number);
        speed_->evidence.command.env = exported_;
        for (const auto& [name, value] : ShellAssignments(launcher)) {
          speed_->evidence.command.env[name] = value;
        }
        speed_->evidence.command.pinned_cpus = PinnedCpus(launcher);
        speed_->evidence.command.launcher = std::move(launcher);
      } else if (subcommand == "version") {
        Flush();
        after_version_command_ = true;
        version_command_program_ = program;
        version_command_host_ = machine_.host;
        version_command_heading_ = machine_.heading ? machine_.heading->name : std::string();
        version_command_env_ = exported_;
        for (const auto& [name, value] : ShellAssignments(launcher)) {
          version_command_env_[name] = value;
        }
        version_from_command_ = true;
      } else if (subcommand == "s_time") {
        StartForeign(ForeignTool::kSTime);
        foreign_->SetCommand(args, line.number);
      } else {
        // Any other command ends the block before it: its output, and what follows, belong
        // to another run (another build, another machine, another tool).
        Flush();
      }
      return true;  // other commands: their output is ignored like any other prose
    }
    const std::string_view trimmed = Trim(line.text);

    if (version_) {
      if (line.kind == LineKind::kText && !trimmed.empty() &&
          !(IsVersionLine(trimmed) && !version_->version.empty()) &&
          ParseHeaderLine(trimmed, line.number, &*version_)) {
        return true;
      }
      FlushVersion();
    }
    if (line.kind == LineKind::kText && IsVersionLine(trimmed) &&
        !AwaitsSpeedHeader(trimmed, index) &&
        StartsVersionBlock(lines_, index, after_version_command_)) {
      Flush();
      version_.emplace();
      version_block_line_ = line.number;
      version_label_ = label_;
      version_block_from_command_ = after_version_command_ && version_from_command_;
      version_from_command_ = false;
      ParseHeaderLine(trimmed, line.number, &*version_);
      after_version_command_ = false;
      return true;
    }
    if (after_version_command_ && line.kind == LineKind::kText && !version_ &&
        StartsWithNoCase(trimmed, "platform:")) {
      // `openssl version -p` prints this line alone: AttachTrailingVersion may give it to the
      // speed run before it, with the `openssl version` after it.
      version_p_platform_ = {line.number, std::string(trimmed)};
    }
    after_version_command_ = after_version_command_ && trimmed.empty();

    if (TakeForeign(index)) {
      return true;
    }

    if (line.kind == LineKind::kText && IsMrLine(trimmed)) {
      if (!speed_) {
        StartSpeed(line.number);
      }
      if (TakeMrLine(line, &speed_->evidence, &speed_->mr) == Offer::kNewRun) {
        Flush();
        StartSpeed(line.number);
        TakeMrLine(line, &speed_->evidence, &speed_->mr);
      }
      return true;
    }
    if (TakeHeaderBeforeSpeed(index)) {
      return true;
    }
    if (!speed_) {
      // A 1.x speed header (version, built on, options, compiler) also starts a run, and so
      // does a table row whose header was left out of the paste.
      if (line.kind != LineKind::kText ||
          !(StartsSpeedText(trimmed) || IsVersionLine(trimmed) || LooksLikeSpeedRow(trimmed))) {
        return line.kind == LineKind::kText && TakeBlockLabel(index);  // else prose
      }
      StartSpeed(line.number);
    }
    switch (speed_->text.Take(line)) {
      case Offer::kConsumed:
        return true;
      case Offer::kNotMine:
        return line.kind == LineKind::kText && TakeBlockLabel(index);
      case Offer::kNewRun:
        StartRepeatedOrNextSpeed(index);
        return true;
    }
    return false;
  }

  // The open speed run ended at line `index` (SpeedTextParser::Take returned kNewRun): starts
  // the next one there. For a table repeated in the paste (two builds' tables one after the
  // other, RepeatsTable) the next run starts at the repeated table's header where it has one,
  // its rows keep the sizes of the 'type' line they continue, and a short line just before it
  // ("without:", "openssl-3.0": RunLabel) is its block label.
  void StartRepeatedOrNextSpeed(size_t index) {
    const SourceLine& line = lines_[index];
    const size_t restart = speed_->text.restart_line();
    const std::optional<std::pair<std::string, size_t>> label = speed_->text.next_label();
    const bool repeated_table = speed_->evidence.HasFinalFigures();
    std::optional<std::string> name = label ? RunLabel(label->first) : std::nullopt;
    if (name) {
      std::erase(unclaimed_, label->second);  // the label is no foreign line of the run before
      std::erase(interleaved_, label->second);
    }
    Flush();
    if (name) {
      label_ = results::SourceFact{"block_label", std::move(*name), label->second};
      label_taken_ = false;
    }
    const bool continued = repeated_table && restart == 0 && !last_sizes_.empty();
    StartSpeed(restart != 0 ? restart : line.number);
    if (continued) {
      speed_->text.SetImpliedSizes(last_sizes_, last_sizes_line_, true);
    }
    size_t from = index;
    while (restart != 0 && from > 0 && lines_[from].number > restart) {
      --from;
    }
    for (size_t i = from; i < index; ++i) {
      speed_->text.Take(lines_[i]);
    }
    speed_->text.Take(line);
  }

  // A line that names the block after it: a machine or build label (MachineLabel), or a short
  // heading that ends in a colon ("with:", "without:", "patched:"), up to four words with no
  // figure. The label's text without the colon, or std::nullopt.
  static std::optional<std::string> RunLabel(std::string_view text) {
    if (std::optional<std::string> name = MachineLabel(text)) {
      return name;
    }
    std::string_view trimmed = Trim(text);
    if (trimmed.size() < 2 || trimmed.size() > 40 || !trimmed.ends_with(':')) {
      return std::nullopt;
    }
    trimmed.remove_suffix(1);
    const std::vector<std::string_view> words = SplitWords(trimmed);
    if (words.empty() || words.size() > 4 ||
        !std::isalnum(static_cast<unsigned char>(trimmed.front())) ||
        std::any_of(words.begin(), words.end(),
                    [](std::string_view w) { return ParseDouble(w).has_value(); })) {
      return std::nullopt;
    }
    return std::string(trimmed);
  }

  // A header line with no version line before it ("compiler: ...", "options: ...", "built on:
  // ...", "CPUINFO: ..."), as people trim a 1.x speed header to its compiler line: it is the
  // header of the speed output after it (HeaderLeadsToSpeed), kept until that run starts. A run
  // open with a table before it ends here. Lines inside an open run without a table yet
  // (1.x prints its header after the progress lines) stay that run's (SpeedTextParser).
  bool TakeHeaderBeforeSpeed(size_t index) {
    const SourceLine& line = lines_[index];
    const std::string_view trimmed = Trim(line.text);
    if (line.kind != LineKind::kText || !IsHeaderLabelLine(trimmed)) {
      return false;
    }
    if (pending_header_) {
      return ParseHeaderLine(trimmed, line.number, &*pending_header_);
    }
    if (speed_ && !speed_->evidence.HasFinalFigures()) {
      return false;
    }
    const std::optional<size_t> until = HeaderLeadsToSpeed(index);
    if (!until) {
      return false;
    }
    Flush();
    pending_header_.emplace();
    pending_until_ = *until;
    return ParseHeaderLine(trimmed, line.number, &*pending_header_);
  }

  // The index of the line that starts the speed output a header line at `index` belongs to: a
  // progress line, a table, a row or -mr records after only blank lines (or fences), more header
  // lines and lines that describe the machine (a `uname -a` line, a cpuinfo line, a board name
  // or label: EnvFactReader, MachineLabel). nullopt when a command, an elision, a version line,
  // another tool's output or prose comes first, or nothing: a lone compiler line starts no run.
  std::optional<size_t> HeaderLeadsToSpeed(size_t index) const {
    EnvFactReader probe = env_;
    for (size_t i = index + 1; i < lines_.size() && i <= index + 12; ++i) {
      const SourceLine& next = lines_[i];
      if (next.kind != LineKind::kText) {
        return std::nullopt;
      }
      const std::string_view trimmed = Trim(next.text);
      if (trimmed.empty() || IsHeaderLabelLine(trimmed)) {
        continue;
      }
      if (IsVersionLine(trimmed) || trimmed.starts_with("version:") ||
          ForeignStart(i) != ForeignTool::kNone) {
        return std::nullopt;  // another header, another tool
      }
      if (IsMrLine(trimmed) || StartsSpeedText(trimmed) || LooksLikeSpeedRow(trimmed)) {
        return i;
      }
      std::vector<results::SourceFact> ignored;
      if (!probe.Take(next, &ignored) && !MachineLabel(next.text)) {
        return std::nullopt;
      }
    }
    return std::nullopt;
  }

  void StartSpeed(size_t line) {
    FlushForeign();
    run_from_build_tree_ = false;
    ++run_generation_;
    TakeLabelForOpenRun();
    speed_ = std::make_unique<SpeedState>();
    speed_->host = machine_.host;
    speed_->evidence.first_line = line;
    if (pending_header_) {
      speed_->evidence.first_line = pending_header_->line;
      speed_->evidence.header = std::move(pending_header_);
      pending_header_.reset();
    }
    if (!last_sizes_.empty()) {
      speed_->text.SetImpliedSizes(last_sizes_, last_sizes_line_);
    }
  }

  // The run being started is the labelled block's.
  void TakeLabelForOpenRun() {
    open_label_ = label_;
    label_taken_ = label_taken_ || label_.has_value();
  }

  // `OPENSSL_ia32cap=... openssl speed ...` (or after an `export`), then `openssl version`: when
  // the speed run before it printed no version of its own, was one command's output and ran with
  // an environment the version command does not contradict, the version output names that run's
  // library (issue 13, sec. 5: the mask and the release are facts of one run), not a run of its
  // own. The speed run is rebuilt with it, so row names follow that release.
  // True when the run's version was read from its compiler line's build path (no version line).
  static bool VersionFromBuildPathOnly(const results::RunResult& run) {
    return std::any_of(run.source.facts.begin(), run.source.facts.end(),
                       [](const results::SourceFact& fact) { return RunOwnFact(fact.kind); });
  }

  bool AttachVersionToPrefixedSpeedRun() {
    if (!version_block_from_command_ || !speed_run_evidence_ || !speed_run_ ||
        *speed_run_ + 1 != runs_.size() || speed_env_.empty() || export_since_speed_run_ ||
        runs_.back().source.tool != "openssl speed" ||
        (!runs_.back().source.tool_version.empty() && !VersionFromBuildPathOnly(runs_.back())) ||
        !VersionCommandMatchesSpeedRun()) {
      return false;
    }
    RebuildLastSpeedRunWith(*version_);
    return true;
  }

  // Whether the last `openssl version` command was typed as speed_run_'s command was: both in
  // the paste, with one program as typed (`/usr/bin/openssl speed` then `/opt/homebrew/bin/openssl
  // version` are two libraries, macOS LibreSSL and Homebrew OpenSSL), at the prompt of one host
  // (tryout 25 q10c), under one machine heading when the paste switched machines since the run,
  // and with no environment variable the run did not have.
  bool VersionCommandMatchesSpeedRun() const {
    if (speed_program_.empty() || speed_program_ != version_command_program_ ||
        !SameHost(speed_host_, version_command_host_) ||
        (machine_changed_since_speed_run_ && speed_heading_ != version_command_heading_)) {
      return false;
    }
    for (const auto& [name, value] : version_command_env_) {
      const auto it = speed_env_.find(name);
      if (it == speed_env_.end() || it->second != value) {
        return false;
      }
    }
    return true;
  }

  // Two hosts' prompts name one machine unless both name a host and the names differ.
  static bool SameHost(const std::string& a, const std::string& b) {
    return a.empty() || b.empty() || a == b;
  }

  // The speed run last in runs_ (speed_run_evidence_'s, or the joined parts'), rebuilt with
  // `version` as its library.
  void RebuildLastSpeedRunWith(const HeaderInfo& version) {
    const std::vector<SpeedEvidence> parts =
        speed_run_evidence_ ? std::vector<SpeedEvidence>{*speed_run_evidence_} : joined_parts_;
    results::RunResult rebuilt = BuildSpeedRun(parts.front(), file_name_, &version);
    for (size_t i = 1; i < parts.size(); ++i) {
      JoinSpeedRun(BuildSpeedRun(parts[i], file_name_, &version), parts[i].first_line, &rebuilt);
    }
    results::RunResult& old = runs_.back();
    rebuilt.source.facts = std::move(old.source.facts);
    std::erase_if(rebuilt.source.facts,
                  [](const results::SourceFact& fact) { return RunOwnFact(fact.kind); });
    DropEngineThatDidNotLoad(rebuilt);
    for (std::string& caveat : old.source.caveats) {
      if (!caveat.starts_with("The OpenSSL version is not in the paste") &&
          std::find(rebuilt.source.caveats.begin(), rebuilt.source.caveats.end(), caveat) ==
              rebuilt.source.caveats.end()) {
        rebuilt.source.caveats.push_back(std::move(caveat));
      }
    }
    old = std::move(rebuilt);
    runs_changed_ = true;
    speed_run_evidence_.reset();
    joined_parts_.clear();
  }

  // `openssl speed ...`, then (CPU lines, a grep, `openssl version -p`) `openssl version` and
  // nothing after it that gave a run: people paste the version after the speed output they
  // describe (tryout 24 p11). When the speed run printed no version of its own, was one
  // command's output, and nothing between them starts another block (a label, another machine's
  // CPU lines, another environment), the version is that run's library, not a run of its own.
  // Speed commands joined into one run (JoinSpeedRun) count as one command when each was typed
  // as the same program (tryout 30 D11: `openssl speed sha256`, `openssl speed sha1`, then
  // `openssl version`); the prompt's host, the environment and the launcher are already the
  // same for all (the join needs them).
  void AttachTrailingVersion() {
    const bool one_command =
        speed_run_evidence_ || (joined_parts_.size() > 1 && joined_programs_agree_);
    if (!version_block_from_command_ || !one_command || !speed_run_ || !version_run_ ||
        !last_version_ || *version_run_ + 1 != runs_.size() || *speed_run_ + 2 != runs_.size() ||
        export_since_speed_run_ ||
        (machine_superseded_at_ != SIZE_MAX && machine_superseded_at_ > *speed_run_) ||
        BlockLabelOf(runs_.back()) || BlockLabelOf(runs_[*speed_run_])) {
      return;
    }
    if (!VersionCommandMatchesSpeedRun()) {
      return;
    }
    const results::RunResult& speed = runs_[*speed_run_];
    if (speed.source.tool != "openssl speed" ||
        (!speed.source.tool_version.empty() && !VersionFromBuildPathOnly(speed))) {
      return;
    }
    std::vector<std::string> caveats = std::move(runs_.back().source.caveats);
    runs_.pop_back();
    PoppedVersionRun();
    HeaderInfo version = *last_version_;
    if (version_p_platform_ && version.platform.empty() &&
        version_p_platform_->first >
            (speed_run_evidence_ ? *speed_run_evidence_ : joined_parts_.front()).first_line) {
      ParseHeaderLine(version_p_platform_->second, version_p_platform_->first, &version);
      std::erase_if(skipped_output_, [&](const SkippedOutput& skipped) {
        return skipped.line == version_p_platform_->first;
      });
    }
    RebuildLastSpeedRunWith(version);
    for (std::string& caveat : caveats) {
      if (std::find(runs_.back().source.caveats.begin(), runs_.back().source.caveats.end(),
                    caveat) == runs_.back().source.caveats.end()) {
        runs_.back().source.caveats.push_back(std::move(caveat));
      }
    }
  }

  // A version line written as a label ("OpenSSL 3.3.1:") with no line of `openssl version`
  // or of a speed header after it.
  static bool LabelOnly(const HeaderInfo& header) {
    return header.labelled && header.library.empty() && header.built_on.empty() &&
           header.platform.empty() && header.options.empty() && header.cflags.empty() &&
           header.cpu_info.empty();
  }

  void FlushVersion() {
    if (version_ && AttachVersionToPrefixedSpeedRun()) {
      version_.reset();
      return;
    }
    if (version_ && LabelOnly(*version_) && !version_block_from_command_) {
      // "OpenSSL 1.1.0f:" alone names the output below it (a later speed run takes it as its
      // version, BuildSpeedRun), but is no `openssl version` output: no run of its own (tryout
      // 32 D16, a Phoronix Test Suite section title).
      last_version_ = *version_;
      last_version_host_ = machine_.host;
      version_run_.reset();
      version_used_ = false;
      version_.reset();
      return;
    }
    if (version_) {
      AddRun(BuildVersionRun(*version_, file_name_), version_label_);
      version_run_ = runs_.size() - 1;
      version_block_lines_.push_back(version_block_line_);
      last_version_ = *version_;
      last_version_host_ = machine_.host;
      version_used_ = false;
      version_.reset();
    }
  }

  // The caveat naming lines no parser claimed inside the run being finished; "" if none.
  std::string TakeInterleavedCaveat() {
    std::string caveat;
    interleaved_named_ = interleaved_;
    if (!interleaved_.empty()) {
      caveat = fmt::format(
          "{} {} {} no output of this tool (another program's, the kernel log, "
          "a note) between its lines, and {} skipped.",
          interleaved_.size() == 1 ? "Line" : "Lines", LineList(interleaved_),
          interleaved_.size() == 1 ? "is" : "are", interleaved_.size() == 1 ? "is" : "are");
    }
    interleaved_.clear();
    unclaimed_.clear();
    return caveat;
  }

  void FlushForeign() {
    if (foreign_) {
      const std::unique_ptr<ForeignParser> parser = std::move(foreign_);
      const std::string interleaved = TakeInterleavedCaveat();
      if (parser->HasFigures()) {
        results::RunResult run = parser->Build();
        if (foreign_tool_ == ForeignTool::kBssl && run.library.worker_env.empty()) {
          run.library.worker_env = foreign_env_;  // compare and doctor --from name a mask there
        }
        AddRun(std::move(run), open_label_);
        if (!interleaved.empty()) {
          runs_.back().source.caveats.push_back(interleaved);
          named_.insert(interleaved_named_.begin(), interleaved_named_.end());
        }
      } else {
        // Tool output that gave no figure: refused at it if nothing else reads.
        if (const auto damaged = parser->FirstDamagedLine(); damaged && !unread_) {
          unread_ = damaged;
        }
        // Lines the output named though it gave no figure (wolfCrypt rows of operations import
        // does not know, as SAKKE's "rsk gen" without the banner or another row): named in the
        // run beside it, never dropped silently.
        try {
          for (const std::string& caveat : parser->Build().source.caveats) {
            if (caveat.starts_with("Line ")) {
              orphan_notes_.emplace_back(runs_.size(), caveat);
            }
          }
        } catch (const std::exception&) {
          // A parser that cannot build a run without figures has nothing more to name.
        }
      }
    }
  }

  void Flush() {
    FlushForeign();
    FlushVersion();
    if (!speed_) {
      return;
    }
    SpeedState& state = *speed_;
    state.text.Finish();
    if (state.text.type_line() > 0 && !state.evidence.sizes.empty()) {
      last_sizes_ = state.evidence.sizes;  // a later row without a 'type' line may use them
      last_sizes_line_ = state.text.type_line();
    }
    if (const std::string interleaved = TakeInterleavedCaveat(); !interleaved.empty()) {
      state.evidence.notes.push_back(interleaved);
      if (state.evidence.HasFigures()) {
        named_.insert(interleaved_named_.begin(), interleaved_named_.end());
      }
    }
    FinishMr(&state.evidence, &state.mr);
    const SpeedEvidence& evidence = state.evidence;
    // Progress lines cut before their result (an interrupted run, a paste ending at a line's
    // colon) and nothing else give no figure: without the run's header there is nothing to
    // import from this output. With it, the run keeps the library's identity and a caveat.
    const bool gave_figure = evidence.HasFinalFigures() || !evidence.child_sym_rows.empty() ||
                             !evidence.child_pk_rows.empty() ||
                             std::any_of(evidence.progress.begin(), evidence.progress.end(),
                                         [](const Progress& p) { return p.has_result; }) ||
                             (evidence.HasFigures() && evidence.header);
    if (gave_figure) {
      // A version read at another host's prompt is that machine's library.
      const HeaderInfo* version =
          last_version_ && SameHost(last_version_host_, state.host) ? &*last_version_ : nullptr;
      results::RunResult run = BuildSpeedRun(evidence, file_name_, version);
      // `openssl version -a` pasted right before the speed output (as the README asks) is
      // this run's library, not a run of its own: a run without figures would only be an
      // empty side in compare. Its caveats (a program and library that differ) move along.
      const bool takes_version =
          version && (!evidence.header || SameLibrary(*version, *evidence.header) ||
                      VersionlessHeaderFits(*version, *evidence.header));
      if (takes_version && version_run_ && *version_run_ + 1 == runs_.size()) {
        const std::vector<std::string> caveats = std::move(runs_.back().source.caveats);
        run.source.caveats.insert(run.source.caveats.begin(), caveats.begin(), caveats.end());
        runs_.pop_back();
        PoppedVersionRun();
        runs_changed_ = true;
      }
      version_run_.reset();
      version_used_ = version != nullptr;
      // `openssl speed aes-128-cbc`, then `openssl speed sha256`: one run of the library.
      const bool joins = speed_run_ && *speed_run_ + 1 == runs_.size() &&
                         speed_launcher_ == evidence.command.launcher && !export_since_speed_run_ &&
                         speed_env_ == evidence.command.env && speed_host_ == state.host &&
                         CanJoinSpeedRuns(runs_.back(), run) &&
                         SameLabel(BlockLabelOf(runs_.back()), open_label_);
      if (joins) {
        JoinSpeedRun(std::move(run), evidence.first_line, &runs_.back());
        runs_changed_ = true;
        machine_.switch_after = SIZE_MAX;  // a switch before it came before the run's last line
      } else {
        AddRun(std::move(run), open_label_);
        speed_run_ = runs_.size() - 1;
        speed_launcher_ = evidence.command.launcher;
        speed_env_ = evidence.command.env;
        speed_program_ = evidence.command.present ? speed_command_program_ : std::string();
        speed_host_ = state.host;
        speed_heading_ = machine_.heading ? machine_.heading->name : std::string();
        speed_run_evidence_ = evidence;
      }
      if (joins) {
        speed_run_evidence_.reset();  // a joined run is no one command's output any more
        // Kept for a trailing `openssl version`, which names the library of every part when
        // each was typed as the same program (AttachTrailingVersion).
        if (!joined_parts_.empty()) {
          joined_parts_.push_back(evidence);
          const std::string program =
              evidence.command.present ? speed_command_program_ : std::string();
          joined_programs_agree_ = joined_programs_agree_ && program == speed_program_;
        }
      } else {
        joined_parts_ = {evidence};
        joined_programs_agree_ = true;
      }
      export_since_speed_run_ = false;
      machine_changed_since_speed_run_ = false;
    } else if (evidence.header) {
      // A header without figures: what remains is the library's identity.
      AddRun(BuildVersionRun(*evidence.header, file_name_), open_label_);
      if (evidence.multi_line > 0) {
        runs_.back().source.caveats.push_back(
            fmt::format("Line {}: {}; only the library's identity is imported.",
                        evidence.multi_line, FigurelessMultiWhy(evidence)));
      }
    } else {
      // Lines this output skipped, named, though it gave no figure (a damaged progress line
      // after the last table): named in the run beside it, so they are not lost.
      for (const std::string& note : evidence.notes) {
        if (note.starts_with("Line ")) {
          orphan_notes_.emplace_back(runs_.size(), note);
        }
      }
      if (evidence.multi_line > 0) {
        orphan_notes_.emplace_back(runs_.size(), fmt::format("Line {}: {}.", evidence.multi_line,
                                                             FigurelessMultiWhy(evidence)));
      }
      for (const Progress& p : evidence.progress) {
        orphan_notes_.emplace_back(runs_.size(), ProgressWithoutResultNote(p));
      }
    }
    if (!gave_figure && !evidence.header && !unread_ && evidence.multi_line > 0) {
      unread_.emplace(evidence.multi_line,
                      fmt::format("expected figures from openssl speed's -multi children; {}, "
                                  "so there is nothing to import",
                                  FigurelessMultiWhy(evidence)));
    }
    if (!gave_figure && !evidence.header && !unread_) {
      for (const std::string& note : evidence.notes) {
        // "Line 12: a table row ... it is not imported."
        const std::vector<std::string_view> words = SplitWords(note);
        if (words.size() > 2 && words[0] == "Line" && EndsWith(words[1], ":")) {
          if (const auto number = ParseUnsigned(words[1].substr(0, words[1].size() - 1))) {
            if (!unused_row_) {
              // "a table row ... fit no size list openssl speed uses; it is not imported."
              std::string why(Trim(note.substr(note.find(':') + 1)));
              if (const size_t end = why.rfind("; it is not imported"); end != std::string::npos) {
                why = why.substr(0, end) + ": it is not imported";
              }
              unused_row_.emplace(static_cast<size_t>(*number), std::move(why));
            }
            unread_.emplace(
                static_cast<size_t>(*number),
                "expected figures; " + std::string(Trim(note.substr(note.find(':') + 1))));
            break;
          }
        }
      }
    }
    if (!gave_figure && !evidence.header && !evidence.progress.empty()) {
      // Where the figures should have been: after the last progress line.
      const Progress& last = evidence.progress.back();
      const std::string line_for =
          fmt::format("the progress line for {}{}", last.name,
                      last.public_key ? "" : fmt::format(" on {}-byte blocks", last.input_len));
      constexpr std::string_view kWhy = "(the run was interrupted, or the paste ends there)";
      if (!unread_) {
        unread_.emplace(last.line, fmt::format("expected figures; {} has no result {} and no "
                                               "results table follows, so there is nothing to "
                                               "import",
                                               line_for, kWhy));
      }
      if (!unused_row_) {
        unused_row_.emplace(last.line, fmt::format("{}, cut before its result {}", line_for, kWhy));
      }
    }
    // -mr output cut before any result: apps/speed.c prints a +DT (+DTP) record before each
    // test and its +R record, and the +F records, only after it.
    if (!gave_figure && !evidence.header && evidence.progress.empty() &&
        state.mr.last_announcement_line > 0) {
      const size_t line = state.mr.last_announcement_line;
      const std::string& tag = state.mr.last_announcement_tag;
      // Only when no run is read at all (Run): beside a run, these records cost nothing.
      if (!unread_) {
        unread_.emplace(line, fmt::format("expected figures; machine-readable output with +{} "
                                          "lines but no +R or +F result lines: the run was cut "
                                          "before its results (interrupted, or the paste ends "
                                          "there), so there is nothing to import",
                                          tag));
      }
    }
    speed_.reset();
  }

  // Rows and cells read so far, after every line: an input past the caps of results/limits.h
  // (a paste of one row repeated, a table header with thousands of sizes) is refused as it is
  // read, before it costs memory. Finished runs are summed when they change; the run being
  // read is counted row by row as its parser adds them.
  void CheckGrowth(size_t line) {
    if (runs_changed_) {
      runs_changed_ = false;
      done_rows_ = 0;
      done_cells_ = 0;
      for (const results::RunResult& run : runs_) {
        done_rows_ += run.algorithms.size();
        for (const results::AlgorithmResult& alg : run.algorithms) {
          done_cells_ += alg.cells.size();
        }
      }
      if (runs_.size() > results::kMaxRunsPerInput) {
        throw ImportError(line, fmt::format("at most {} runs in one input, found more",
                                            results::kMaxRunsPerInput));
      }
    }
    // A new run, or the open one flushed into runs_ (counted there now).
    if (counted_generation_ != run_generation_ || (!speed_ && !foreign_)) {
      counted_generation_ = run_generation_;
      open_ = OpenRunCount{};
    }
    if (speed_) {
      const SpeedEvidence& e = speed_->evidence;
      const auto count_sym = [&](const std::vector<SymRow>& rows, size_t* seen) {
        for (; *seen < rows.size(); ++*seen) {
          ++open_.rows;
          open_.cells += rows[*seen].bytes_per_s.size();
        }
      };
      const auto count_pk = [&](const std::vector<PkRow>& rows, size_t* seen) {
        for (; *seen < rows.size(); ++*seen) {
          ++open_.rows;
          open_.cells += rows[*seen].ops_per_s.size();
        }
      };
      count_sym(e.sym_rows, &open_.sym);
      count_sym(e.child_sym_rows, &open_.child_sym);
      count_pk(e.pk_rows, &open_.pk);
      count_pk(e.child_pk_rows, &open_.child_pk);
      if (e.progress.size() > open_.progress) {
        open_.cells += e.progress.size() - open_.progress;
        open_.progress = e.progress.size();
      }
    } else if (foreign_) {
      ++open_.cells;  // a foreign tool's line holds one figure at most
    }
    if (done_rows_ + open_.rows > results::kMaxRowsPerInput) {
      throw ImportError(line, fmt::format("at most {} result rows in one input, found more",
                                          results::kMaxRowsPerInput));
    }
    if (done_cells_ + open_.cells > results::kMaxCellsPerInput) {
      throw ImportError(line, fmt::format("at most {} figures in one input, found more",
                                          results::kMaxCellsPerInput));
    }
  }

  // What the run being read holds so far, and how far its evidence has been counted.
  struct OpenRunCount {
    size_t rows = 0;
    size_t cells = 0;
    size_t sym = 0;
    size_t child_sym = 0;
    size_t pk = 0;
    size_t child_pk = 0;
    size_t progress = 0;
  };

  // Keeps the facts of `read`; a CPU model or flags line repeated (cpuinfo has one per CPU) is
  // kept once, at its first line. Past kMaxFactsPerInput or kMaxFactBytesPerInput the input is
  // refused at `line`. (Other repeats stay: an engine's message seen again under another
  // command says something of that command.)
  //
  // CPU facts describe one machine. A CPU fact new to the paste, read after a run that the CPU
  // facts before it described (a run with figures begun after them), starts another machine's
  // description: a paste that compares two machines gives each block its own CPU lines, and one
  // machine's model, flags or clock applied to the other's run would misjudge it (a desktop's
  // AES flag beside a Raspberry Pi's software AES). The run open then ends with its own facts,
  // and the earlier CPU facts are no fact of the runs after it.
  void AddFacts(std::vector<results::SourceFact> read, size_t line) {
    for (results::SourceFact& fact : read) {
      if ((fact.kind == "cpu_model" || fact.kind == "cpu_flags" || fact.kind == "cpu_arch") &&
          cpu_fact_keys_.contains(fact.kind + '\n' + fact.value)) {
        continue;
      }
      if (MachineFact(fact.kind)) {
        const bool repeat = std::any_of(facts_.begin(), facts_.end(), [&](const auto& f) {
          return f.kind == fact.kind && f.value == fact.value;
        });
        if (!repeat && MachineFactsUsed()) {
          if (OpenHasFigures()) {
            Flush();  // the open run is the earlier machine's
          }
          std::erase_if(facts_, [](const results::SourceFact& f) { return MachineFact(f.kind); });
          cpu_fact_keys_.clear();
          machine_superseded_at_ = runs_.size();
          if (version_used_) {
            // `openssl version -a` printed before the earlier machine's run described that
            // machine's build: no version, compiler or CPUINFO of the runs after it.
            last_version_.reset();
            version_used_ = false;
          }
        }
        machine_facts_runs_ = runs_added_;
        machine_facts_generation_ = run_generation_;
        machine_facts_after_figures_ = OpenHasFigures();
      }
      if (fact.kind == "cpu_model" || fact.kind == "cpu_flags" || fact.kind == "cpu_arch") {
        cpu_fact_keys_.insert(fact.kind + '\n' + fact.value);
      }
      if (fact.kind == "configure") {
        // Another configure: the run open is the earlier build's, and the build after it is
        // configured anew.
        if (OpenHasFigures()) {
          Flush();
        }
        std::erase_if(facts_, [](const results::SourceFact& f) { return f.kind == "configure"; });
      }
      fact_bytes_ += fact.kind.size() + fact.value.size();
      if (facts_.size() >= kMaxFactsPerInput || fact_bytes_ > kMaxFactBytesPerInput) {
        throw ImportError(line, fmt::format("at most {} environment facts and {} KiB of them in "
                                            "one input, found more",
                                            kMaxFactsPerInput, kMaxFactBytesPerInput >> 10));
      }
      facts_.push_back(std::move(fact));
    }
  }

  // Which machine the lines are read on: the host the prompts name and the machine heading in
  // force (SwitchHost, KeepLeftHostsLines, NameLeftHostsLines, TakeMachineHeading,
  // NameOtherHostsLines). A run takes the CPU lines of its own machine only (tryout 25 q10c, q10d;
  // tryout 26 R4; tryout 27 W3).
  struct MachineState {
    // The host the last prompt named ("old-app" of "[root@old-app ~]#"; SourceLine::host), ""
    // before any, and the last machine heading (TakeMachineHeading).
    std::string host;
    std::optional<HeadingLine> heading;
    bool switched = false;  // the prompts name two hosts
    // host and heading when the last run was added.
    std::string run_host;
    std::optional<HeadingLine> run_heading;
    // runs_.size() at the first switch of machine after the last run, SIZE_MAX when none came
    // after it; then facts_, exported_ and machine_superseded_at_ as they were (the last run's
    // trailing facts and its shell's environment), host, the heading that switched (none for a
    // prompt) and run_heading.
    size_t switch_after = SIZE_MAX;
    std::vector<results::SourceFact> facts_at_switch;
    std::map<std::string, std::string> exported_at_switch;
    size_t superseded_at_switch = SIZE_MAX;
    std::string host_at_switch;
    std::optional<HeadingLine> switch_heading;
    std::optional<HeadingLine> run_heading_at_switch;
    // CPU lines of a machine left for another, which no run of theirs took: the index in runs_
    // of the run they came after, that host, the run's host and the lines (KeepLeftHostsLines);
    // or the heading they were under and the run's (TakeMachineHeading).
    struct LeftLines {
      size_t run = 0;
      std::string host;
      std::string run_host;
      std::vector<size_t> lines;
      std::optional<HeadingLine> heading;
      std::optional<HeadingLine> run_heading;
    };
    std::vector<LeftLines> left;
    // Containers and the hosts they run on (TieContainer): the prompt's line that tied them and
    // what tied them, for the caveat.
    struct Container {
      std::string id;
      std::string host;
      size_t line = 0;
      std::string tie;
    };
    std::vector<Container> containers;
    // Containers entered by a command that runs them elsewhere (RemoteOrEmulatedContainer).
    std::vector<std::string> elsewhere_containers;
    // The last command typed at host's prompt and its line, and a heading since then that named
    // the host of host's container ("On the docker host:").
    std::string last_command;
    size_t last_command_line = 0;
    std::optional<HeadingLine> container_host_heading;
    // What was read under each machine heading when the paste left it for another's: its facts,
    // exports, machine_superseded_at_ and prompt host (RestoreHeadingsLines).
    struct Saved {
      std::vector<results::SourceFact> facts;
      std::map<std::string, std::string> exported;
      size_t superseded_at = SIZE_MAX;
      std::string host;
    };
    std::map<std::string, Saved> by_heading;
  };
  MachineState machine_;
  // The last board heading read (TakeBoardHeading), and the first one after a run that named
  // another machine: runs_.size() when it came (SIZE_MAX for none), it, and the heading in
  // force before it (the run's own, if any).
  std::optional<HeadingLine> board_heading_;
  size_t board_switch_after_ = SIZE_MAX;
  std::optional<HeadingLine> board_switch_;
  std::optional<HeadingLine> board_switch_own_;

  // True when prompts naming hosts `a` and `b` are one machine's: the same name, one unknown, or a
  // container and the host it runs on (TieContainer).
  bool SameMachine(const std::string& a, const std::string& b) const {
    return SameHost(a, b) || std::any_of(machine_.containers.begin(), machine_.containers.end(),
                                         [&](const MachineState::Container& c) {
                                           return (c.id == a && c.host == b) ||
                                                  (c.id == b && c.host == a);
                                         });
  }

  // Tryout 26 R3 (q/e02): a container (ContainerHostname) runs on its host's CPU and kernel, so
  // its lscpu and /proc/cpuinfo describe the same CPU as the host's. From the host's prompt to
  // the container's (`host`) or back, the two are tied as one machine when the paste shows
  // which host the container runs on: the host's last command entered it (`docker exec`), the
  // container's was `exit`, or a heading since then named the container's host ("and on the
  // docker host:"). Without such a tie the other prompt may be any machine's.
  void TieContainer(const SourceLine& line) {
    const std::string_view last = Trim(machine_.last_command);
    const bool left = last == "exit" || last == "logout" || last.starts_with("exit ");
    if (ContainerHostname(line.host) && !ContainerHostname(machine_.host) &&
        RemoteOrEmulatedContainer(SplitWords(last))) {
      machine_.elsewhere_containers.push_back(line.host);  // its `exit` ties it to no prompt
    } else if (ContainerHostname(line.host) && !ContainerHostname(machine_.host) &&
               EntersContainer(machine_.last_command)) {
      machine_.containers.push_back(
          {line.host, machine_.host, line.number,
           fmt::format("`{}` typed at line {}", last, machine_.last_command_line)});
    } else if (ContainerHostname(machine_.host) && !ContainerHostname(line.host) &&
               (left || machine_.container_host_heading) &&
               std::find(machine_.elsewhere_containers.begin(), machine_.elsewhere_containers.end(),
                         machine_.host) == machine_.elsewhere_containers.end()) {
      machine_.containers.push_back(
          {machine_.host, line.host, line.number,
           left ? fmt::format("`{}` typed in the container at line {}", last,
                              machine_.last_command_line)
                : fmt::format("the heading '{}' at line {}", machine_.container_host_heading->text,
                              machine_.container_host_heading->line)});
    }
  }

  // Says which prompts a container tie (TieContainer) made one machine's, on the last run.
  void NameContainers() {
    for (const MachineState::Container& c : machine_.containers) {
      runs_.back().source.caveats.push_back(fmt::format(
          "The prompts of {} and of container {} (Docker's default hostname is a container's "
          "short ID) are taken as one machine's from line {} on ({}): a container runs on its "
          "host's CPU and kernel, so CPU lines typed at either describe the same CPU; its "
          "library and programs are its own.",
          c.host, c.id, c.line, c.tie));
    }
  }

  // A command typed at the prompt of another host than the last one named ("[root@old-app ~]#",
  // then "[root@new-app ~]#"): another machine. The block open ends, and no environment line
  // read so far (CPU lines, a kernel, an engine, an export) describes the runs after it; the
  // facts as they were are kept for the last run (tryout 25 q10c: the new box's lscpu is not
  // the old box's run's).
  // `heading`: the machine heading that switched (TakeMachineHeading), else a prompt did.
  void SwitchHost(const std::optional<HeadingLine>& heading = std::nullopt) {
    Flush();
    machine_.switched = true;
    machine_changed_since_speed_run_ = true;
    KeepLeftHostsLines();
    if (machine_.switch_after == SIZE_MAX && !runs_.empty()) {
      machine_.switch_after = runs_.size();
      machine_.facts_at_switch = facts_;
      machine_.exported_at_switch = exported_;
      machine_.superseded_at_switch = machine_superseded_at_;
      machine_.host_at_switch = machine_.host;
      machine_.switch_heading = heading;
      machine_.run_heading_at_switch = machine_.run_heading;
    }
    facts_.clear();  // fact_bytes_ stays: its limit is the input's
    cpu_fact_keys_.clear();
    exported_.clear();
  }

  // Leaving machine_.host for another prompt's host: when machine_.host is not the last run's, the
  // CPU lines read at its prompt (all of facts_: the switch to machine_.host cleared the rest)
  // describe that machine and no run; they are kept to be named on the run they came after (tryout
  // 26 R4: a run at a1, `ssh b2`, b2's lscpu, `exit`, a1's prompt again).
  void KeepLeftHostsLines() {
    if (runs_.empty() || SameMachine(machine_.host, machine_.run_host)) {
      return;
    }
    std::vector<size_t> numbers = MachineFactLines();
    if (!numbers.empty()) {
      machine_.left.push_back({runs_.size() - 1, machine_.host, machine_.run_host,
                               std::move(numbers), std::nullopt, std::nullopt});
    }
  }

  // The lines of facts_ that describe the machine (MachineFact), sorted, once each.
  std::vector<size_t> MachineFactLines() const {
    std::vector<size_t> numbers;
    for (const results::SourceFact& fact : facts_) {
      if (MachineFact(fact.kind)) {
        numbers.push_back(fact.line);
      }
    }
    std::sort(numbers.begin(), numbers.end());
    numbers.erase(std::unique(numbers.begin(), numbers.end()), numbers.end());
    return numbers;
  }

  // Names the lines KeepLeftHostsLines kept on the run they came after (the last one, when
  // runs were taken back since: a version block tied to a speed run), as NameOtherHostsLines
  // names lines still read at the end.
  void NameLeftHostsLines() {
    for (const MachineState::LeftLines& left : machine_.left) {
      const std::vector<size_t>& numbers = left.lines;
      if (left.heading) {
        runs_[std::min(left.run, runs_.size() - 1)].source.caveats.push_back(fmt::format(
            "{} {} {} CPU lines under the heading '{}' (line {}), after this run's '{}' (line "
            "{}): they describe that machine, not this run's, and are not applied.",
            numbers.size() == 1 ? "Line" : "Lines", LineList(numbers),
            numbers.size() == 1 ? "holds" : "hold", left.heading->text, left.heading->line,
            left.run_heading->text, left.run_heading->line));
        continue;
      }
      runs_[std::min(left.run, runs_.size() - 1)].source.caveats.push_back(fmt::format(
          "{} {} {} CPU lines typed at the prompt of another host ({}) than this run's ({}): "
          "they describe that machine, not this run's, and are not applied.",
          numbers.size() == 1 ? "Line" : "Lines", LineList(numbers),
          numbers.size() == 1 ? "holds" : "hold", left.host, left.run_host));
    }
  }

  // A heading that names a machine (MachineHeading: "old server:", "on machine B:") other than
  // the one named before ends the block as another host's prompt does (SwitchHost): the lines
  // after it describe that machine (tryout 25 q10d: a run under "old server:", then "new
  // server:" and the new box's lscpu). Without an earlier heading, one after a run that marks
  // another machine ("new server:", "node2:") does too: whether its lines are the run's machine
  // cannot be told, and a wrong CPU is worse than none. A heading that marks none ("my
  // server:") after an unnamed run changes nothing.
  //
  // A bare noun ("host:", "server:", a YAML key in a command's output) identifies no machine:
  // after a run it changes nothing (tryout 27 h05). Coming back to the last run's heading after
  // another machine's (tryout 27 h09: "Server A:", "Server B:", "Server A:") ends that machine's
  // lines as coming back to the run's host's prompt does (KeepLeftHostsLines), and the lines
  // after it are the run's machine's again, as is what was exported there before the switch.
  void TakeMachineHeading(std::string name, const SourceLine& line) {
    if (ContainerHostname(machine_.host) && (name == "host" || name == "docker host" ||
                                             name == "container host" || name == "podman host")) {
      machine_.container_host_heading =
          HeadingLine{name, std::string(Trim(line.text)), line.number};
    }
    const bool run_before = !runs_.empty() || OpenHasFigures();
    HeadingLine heading{std::move(name), std::string(Trim(line.text)), line.number};
    // Unless the run has a heading of its own that names another machine: "VM with 4 vCPUs:",
    // then "Host 32 cores:" (tryout 28 W1: the host's lscpu is not the guest's).
    if (run_before && heading.name.find(' ') == std::string::npos &&
        !MarksAnotherMachine(heading.name) &&
        (!machine_.heading || machine_.heading->name == heading.name)) {
      if (!machine_.heading) {
        machine_.heading = std::move(heading);  // names the run's machine in a caveat only
      }
      return;
    }
    if (machine_.switch_heading && machine_.switch_after == runs_.size() && machine_.run_heading &&
        heading.name == machine_.run_heading->name && machine_.host == machine_.host_at_switch &&
        machine_.heading && machine_.heading->name != heading.name && !OpenHasFigures()) {
      std::vector<size_t> numbers = MachineFactLines();
      if (!numbers.empty()) {
        machine_.left.push_back({runs_.size() - 1, "", "", std::move(numbers), *machine_.heading,
                                 *machine_.run_heading});
      }
      facts_ = machine_.facts_at_switch;
      exported_ = machine_.exported_at_switch;  // still that machine's shell's (tryout 27)
      machine_superseded_at_ = machine_.superseded_at_switch;
      RebuildCpuFactKeys();
      machine_.switch_after = SIZE_MAX;
      machine_.switch_heading.reset();
      machine_.heading = std::move(heading);
      machine_changed_since_speed_run_ = true;
      return;
    }
    if (machine_.heading ? heading.name != machine_.heading->name
                         : run_before && MarksAnotherMachine(heading.name)) {
      Flush();
      if (machine_.heading) {
        machine_.by_heading[machine_.heading->name] = {facts_, exported_, machine_superseded_at_,
                                                       machine_.host};
      }
      SwitchHost(heading);
      RestoreHeadingsLines(heading.name);
    }
    machine_.heading = std::move(heading);
  }

  // cpu_fact_keys_ of facts_, after facts_ was put back as it was.
  void RebuildCpuFactKeys() {
    cpu_fact_keys_.clear();
    for (const results::SourceFact& fact : facts_) {
      if (fact.kind == "cpu_model" || fact.kind == "cpu_flags" || fact.kind == "cpu_arch") {
        cpu_fact_keys_.insert(fact.kind + '\n' + fact.value);
      }
    }
  }

  // Back under a heading left earlier with no run after it took its lines (tryout 28 W11, q11:
  // "Server A:", its export and lscpu, "Server B:" and B's lscpu, "Server A:" and the run): what
  // was read there is that machine's again, at the same prompt's host only.
  void RestoreHeadingsLines(const std::string& name) {
    const auto saved = machine_.by_heading.find(name);
    if (saved == machine_.by_heading.end() || !SameHost(saved->second.host, machine_.host)) {
      return;
    }
    facts_ = saved->second.facts;
    exported_ = saved->second.exported;
    machine_superseded_at_ = saved->second.superseded_at;
    RebuildCpuFactKeys();
  }

  // A heading that names a board, SoC or CPU rather than a machine by its noun ("Pi 5:",
  // "RK3568:": MachineLabel over a line that ends in ':', which MachineHeading leaves alone)
  // after a run whose own such heading named another one ("Pi 4:"): the `uname -a` and CPU
  // lines typed under it describe that machine, not the run before it (tryout 29 W3, q/r14: the
  // Pi 5's uname under "Pi 5:" made the Pi 4's run a Pi 5's). The last run leaves them
  // (DropBoardSwitchLines); a run after the heading takes them as before. A run without such a
  // heading of its own keeps them: a name with a number may be anything's ("Node 18:", tryout
  // 27 h04). Only the first such heading after a run counts: once the block ended, coming back
  // to the run's heading is not told apart from a third machine (cannot tell is the safe
  // answer).
  void TakeBoardHeading(std::string name, const SourceLine& line) {
    HeadingLine heading{std::move(name), std::string(Trim(line.text)), line.number};
    const bool open = OpenHasFigures();
    const size_t after = runs_.size() + (open ? 1 : 0);
    // The heading in force before this one is the run's own: one read since the run that named
    // another board recorded the switch already.
    if ((open || !runs_.empty()) && board_switch_after_ != after && board_heading_ &&
        ToLower(board_heading_->name) != ToLower(heading.name)) {
      board_switch_after_ = after;
      board_switch_ = heading;
      board_switch_own_ = board_heading_;
    }
    board_heading_ = std::move(heading);
  }

  // The last run's `uname -a` and CPU facts (`facts`) read under a board heading of another
  // machine after it (TakeBoardHeading) are not its own: they are left out, and a caveat names
  // them.
  void DropBoardSwitchLines(std::vector<results::SourceFact>* facts) {
    if (board_switch_after_ != runs_.size() || !board_switch_ || !board_switch_own_) {
      return;
    }
    std::vector<size_t> numbers;
    std::erase_if(*facts, [&](const results::SourceFact& fact) {
      const bool other =
          fact.line > board_switch_->line && (fact.kind == "uname" || MachineFact(fact.kind));
      if (other) {
        numbers.push_back(fact.line);
      }
      return other;
    });
    if (numbers.empty()) {
      return;
    }
    std::sort(numbers.begin(), numbers.end());
    numbers.erase(std::unique(numbers.begin(), numbers.end()), numbers.end());
    runs_.back().source.caveats.push_back(fmt::format(
        "{} {} {} `uname -a` or CPU lines under the heading '{}' (line {}), after this run's '{}' "
        "(line {}): they may describe another machine than this run's, so they are not applied.",
        numbers.size() == 1 ? "Line" : "Lines", LineList(numbers),
        numbers.size() == 1 ? "holds" : "hold", board_switch_->text, board_switch_->line,
        board_switch_own_->text, board_switch_own_->line));
  }

  // The last run was typed at machine_.host_at_switch's prompt and CPU lines after it at another
  // host's (machine_.host), or under a heading of another machine (machine_.switch_heading): a
  // caveat names them, as they are not applied.
  void NameOtherHostsLines() {
    const std::vector<size_t> numbers = MachineFactLines();
    if (numbers.empty()) {
      return;
    }
    if (SameMachine(machine_.host, machine_.host_at_switch)) {
      if (!machine_.switch_heading) {
        return;
      }
      runs_.back().source.caveats.push_back(fmt::format(
          "{} {} {} CPU lines under the heading '{}' (line {}), {}: they may describe another "
          "machine than this run's, so they are not applied.",
          numbers.size() == 1 ? "Line" : "Lines", LineList(numbers),
          numbers.size() == 1 ? "holds" : "hold", machine_.switch_heading->text,
          machine_.switch_heading->line,
          machine_.run_heading_at_switch
              ? fmt::format("after this run's '{}' (line {})", machine_.run_heading_at_switch->text,
                            machine_.run_heading_at_switch->line)
              : std::string("which names a machine while this run has no such heading")));
      return;
    }
    runs_.back().source.caveats.push_back(fmt::format(
        "{} {} {} CPU lines typed at the prompt of another host ({}) than this run's ({}): they "
        "describe that machine, not this run's, and are not applied.",
        numbers.size() == 1 ? "Line" : "Lines", LineList(numbers),
        numbers.size() == 1 ? "holds" : "hold", machine_.host, machine_.host_at_switch));
  }

  // An `openssl version` block that stayed a run of its own (it could not be tied to one run:
  // several runs, a label, another program or host between them) is still in the paste: a speed
  // run without a version says so, not that the paste has none (tryout 25 q10, q10b).
  void NameUntiedVersion() {
    if (version_block_lines_.empty()) {
      return;
    }
    std::vector<size_t> numbers = version_block_lines_;
    std::sort(numbers.begin(), numbers.end());
    const std::string untied = fmt::format(
        "The paste ties no OpenSSL version to this run: {} {} {} `openssl version` output, "
        "which cannot be tied to it (another program, another host or another run may have "
        "printed {}), so version-specific artefacts cannot be ruled out.",
        numbers.size() == 1 ? "line" : "lines", LineList(numbers),
        numbers.size() == 1 ? "holds" : "hold", numbers.size() == 1 ? "it" : "them");
    for (results::RunResult& run : runs_) {
      for (std::string& caveat : run.source.caveats) {
        if (caveat == kVersionNotInPasteCaveat) {
          caveat = untied;
        }
      }
    }
  }

  // The version run last in runs_ was taken by a speed run: its block is tied, and a switch of
  // host after it came after the speed run now last.
  void PoppedVersionRun() {
    version_run_.reset();
    if (!version_block_lines_.empty()) {
      version_block_lines_.pop_back();
    }
    if (machine_.switch_after == runs_.size() + 1) {
      machine_.switch_after = runs_.size();
    }
    if (board_switch_after_ == runs_.size() + 1) {
      board_switch_after_ = runs_.size();
    }
  }

  // CPU lines pasted after the last run (`grep Features /proc/cpuinfo`, `uname -m` at the end,
  // tryout 24 p24) describe every run of a paste that shows one machine: no CPU line of the
  // paste was superseded by another machine's (AddFacts), no run has CPU facts of its own, no
  // run is a labelled block, the prompts name at most one host, and the runs name at most one
  // kernel (`uname -a`). Otherwise they stay the last run's.
  void SpreadTrailingMachineFacts() {
    if (runs_.size() < 2 || machine_superseded_at_ != SIZE_MAX || machine_.switched) {
      return;
    }
    std::set<std::string> unames;
    for (size_t i = 0; i < runs_.size(); ++i) {
      for (const results::SourceFact& fact : runs_[i].source.facts) {
        if (fact.kind == "block_label" || (i + 1 < runs_.size() && MachineFact(fact.kind))) {
          return;
        }
        if (fact.kind == "uname") {
          unames.insert(fact.value);
        }
      }
    }
    if (unames.size() > 1) {
      return;
    }
    std::vector<results::SourceFact> machine;
    for (const results::SourceFact& fact : runs_.back().source.facts) {
      if (MachineFact(fact.kind)) {
        machine.push_back(fact);
      }
    }
    for (size_t i = 0; i + 1 < runs_.size(); ++i) {
      runs_[i].source.facts.insert(runs_[i].source.facts.end(), machine.begin(), machine.end());
    }
  }

  enum class Machine { kSame, kOther, kUnknown };

  // Whether CPU facts read after the last run (`trailing`) describe the machine its own CPU
  // facts (`own`) describe. The key of a cpu_model ("model name", "hardware") says what it
  // names: the same key with another value, other flags or another architecture is another
  // machine; a model of the same key and value with nothing conflicting is the same machine
  // (lscpu's "Model name" repeating /proc/cpuinfo's); anything else cannot be told.
  static Machine TrailingMachine(const std::vector<results::SourceFact>& own,
                                 const std::vector<results::SourceFact>& trailing) {
    const auto key = [](const results::SourceFact& f) {
      return f.kind == "cpu_model" ? f.kind + '\n' + f.value.substr(0, f.value.find(':')) : f.kind;
    };
    const auto words = [](const std::string& value) {
      const std::vector<std::string_view> split = SplitWords(value);
      return std::set<std::string_view>(split.begin(), split.end());
    };
    bool matched = false;
    for (const results::SourceFact& t : trailing) {
      if (t.kind != "cpu_model" && t.kind != "cpu_flags" && t.kind != "cpu_arch") {
        continue;  // lscpu's clock limits: nothing to compare them with
      }
      for (const results::SourceFact& o : own) {
        if (key(o) != key(t)) {
          continue;
        }
        const bool same =
            t.kind == "cpu_flags" ? words(o.value) == words(t.value) : o.value == t.value;
        if (!same) {
          return Machine::kOther;
        }
        matched = matched || t.kind == "cpu_model";
      }
    }
    return matched ? Machine::kSame : Machine::kUnknown;
  }

  // The facts that describe the machine: its CPU lines and its clock limits.
  static bool MachineFact(std::string_view kind) {
    return kind == "cpu_model" || kind == "cpu_flags" || kind == "cpu_arch" ||
           kind == "cpu_max_mhz" || kind == "cpu_min_mhz";
  }

  bool OpenHasFigures() const {
    return (speed_ && speed_->evidence.HasFigures()) || (foreign_ && foreign_->HasFigures());
  }

  // True when facts_ holds CPU facts and a run with figures began after the last of them (one
  // added to runs_ since, or the open run unless its figures came before them).
  bool MachineFactsUsed() const {
    const bool any = std::any_of(facts_.begin(), facts_.end(),
                                 [](const results::SourceFact& f) { return MachineFact(f.kind); });
    return any && (runs_added_ > machine_facts_runs_ ||
                   (OpenHasFigures() && (run_generation_ != machine_facts_generation_ ||
                                         !machine_facts_after_figures_)));
  }

  // Adds a finished run with the environment facts read so far.
  // cryptobench's `--format openssl` starts with "+cryptobench VERSION: written by cryptobench
  // ..." and, for a partial run, "+cryptobench partial run: interrupted by SIGINT; ..."
  // (report/openssl_speed.cc). `openssl speed` never prints a line starting "+" and a lower-case
  // letter: its -mr records are "+" and upper-case tags (apps/speed.c, "+DT:", "+F:", "+H"). The
  // run after such a line is cryptobench's own, not openssl speed's (MarkProvenance).
  bool TakeProvenance(const SourceLine& line) {
    constexpr std::string_view kTag = "+cryptobench";
    const std::string_view text = Trim(line.text);
    if (!text.starts_with(kTag) || text.size() == kTag.size() ||
        (text[kTag.size()] != ' ' && text[kTag.size()] != ':')) {
      return false;
    }
    std::string_view rest = Trim(text.substr(kTag.size()));
    constexpr std::string_view kEmulated = "emulated: ";
    if (rest.starts_with(kEmulated)) {
      if (provenance_) {
        const std::string_view reason = rest.substr(kEmulated.size());
        provenance_->emulation = ValidUtf8(reason.substr(0, 300));
      }
      return true;
    }
    constexpr std::string_view kPartial = "partial run: interrupted by ";
    if (rest.starts_with(kPartial)) {
      if (provenance_) {
        const std::string_view signal = rest.substr(kPartial.size());
        provenance_->interrupted_by =
            ValidUtf8(signal.substr(0, std::min(signal.find_first_of("; "), size_t{40})));
      }
      return true;
    }
    Flush();  // the run before it, if any, ends here
    Provenance provenance;
    provenance.line = line.number;
    if (const size_t colon = rest.find(':'); colon != std::string_view::npos) {
      const std::string_view version = Trim(rest.substr(0, colon));
      if (!version.empty() && version.size() <= 40 && version.find(' ') == std::string_view::npos) {
        provenance.version = ValidUtf8(version);
      }
    }
    provenance_ = std::move(provenance);
    return true;
  }

  // Marks `run`, read after a "+cryptobench" line, as cryptobench's own figures.
  void MarkProvenance(results::RunResult& run) {
    if (!provenance_ || run.source.tool != "openssl speed") {
      return;
    }
    run.source.tool = "cryptobench";
    run.source.tool_version = provenance_->version;
    // cryptobench's figures are medians of wall-clock samples (docs/methodology.md), whatever
    // the missing -elapsed banner would say of openssl speed's.
    run.source.timing_basis = "wall_clock";
    // The basis caveats (speed_run.cc, AddBasisCaveats) are about openssl speed's clock.
    std::erase_if(run.source.caveats,
                  [](const std::string& caveat) { return caveat.starts_with("Timing basis"); });
    run.source.caveats.insert(
        run.source.caveats.begin(),
        fmt::format("Line {} says this is cryptobench's own output (--format openssl), not "
                    "openssl speed's: cryptobench's medians in openssl speed's layout, without "
                    "the samples, CIs and KAT outcomes its result JSON keeps.",
                    provenance_->line));
    if (!provenance_->interrupted_by.empty()) {
      run.interrupted_by = provenance_->interrupted_by;
    }
    if (!provenance_->emulation.empty()) {
      run.source.caveats.push_back(results::EmulatedCaveat(provenance_->emulation));
    }
    provenance_.reset();
  }

  // A fact the run's own output gave (BuildSpeedRun: the version its compiler line's build path
  // names), not an environment line of the paste: it stays with its run alone.
  static bool RunOwnFact(std::string_view kind) { return kind == "library_version"; }

  // Two blocks join only under the same label (or none).
  static bool SameLabel(const std::optional<results::SourceFact>& a,
                        const std::optional<results::SourceFact>& b) {
    return a.has_value() == b.has_value() && (!a || a->line == b->line);
  }

  // With `label`, the block label of the block it was read from (TakeBlockLabel).
  void AddRun(results::RunResult run, const std::optional<results::SourceFact>& label) {
    MarkProvenance(run);
    std::vector<results::SourceFact> own = std::move(run.source.facts);  // the run's own
    run.source.facts = facts_;
    if (!run_from_build_tree_) {
      // A configure line is a fact of the build run from its tree only: a program on PATH or
      // elsewhere, or output without its command, need not be that build. The line is kept as
      // "configure_unlinked", so that a report can say it was pasted but not tied to the run.
      for (results::SourceFact& fact : run.source.facts) {
        if (fact.kind == "configure") {
          fact.kind = "configure_unlinked";
        }
      }
    }
    run.source.facts.insert(run.source.facts.end(), own.begin(), own.end());
    if (label) {
      run.source.facts.push_back(*label);
    }
    DropEngineThatDidNotLoad(run);
    if (const std::string caveat = EngineCaveat(run); !caveat.empty()) {
      run.source.caveats.push_back(caveat);
    }
    runs_.push_back(std::move(run));
    ++runs_added_;
    runs_changed_ = true;
    machine_.switch_after = SIZE_MAX;
    machine_.run_heading = machine_.heading;
    machine_.run_host = machine_.host;
  }

  // A run whose only engine is one the text shows failing to load (an "engine_load_failed" fact,
  // `invalid engine "NAME"`) measured OpenSSL's own code: the engine is not the run's, and the
  // caveat says so instead of "measured through".
  static void DropEngineThatDidNotLoad(results::RunResult& run) {
    const std::string& used = run.source.engine_or_provider;
    if (!used.starts_with("engine ") || used.find(", ") != std::string::npos) {
      return;
    }
    const std::string name = used.substr(7);
    const auto failed = std::find_if(
        run.source.facts.begin(), run.source.facts.end(), [&](const results::SourceFact& fact) {
          return fact.kind == "engine_load_failed" && fact.value == name;
        });
    if (failed == run.source.facts.end()) {
      return;
    }
    std::erase_if(run.source.caveats, [&](const std::string& caveat) {
      return caveat.starts_with("Measured through " + used + ":");
    });
    run.source.engine_or_provider.clear();
    run.source.caveats.push_back(fmt::format(
        "Line {}: the {} engine did not load (invalid engine), and openssl speed went on without "
        "it: these figures are OpenSSL's own code, not the engine's.",
        failed->line, name));
  }

  // An OpenSSL run without -engine after an engine list that shows an engine available (and
  // openssl.cnf lines that may load it): figures of the algorithms the engine lists (all, if it
  // lists none) may be the engine's. "" otherwise.
  std::string EngineCaveat(const results::RunResult& run) const {
    if (!run.source.tool.starts_with("openssl ") || run.source.tool == "openssl version" ||
        !run.source.engine_or_provider.empty() || run.algorithms.empty()) {
      return "";
    }
    std::vector<std::string> engines;
    std::vector<size_t> lines;
    std::vector<std::string> served;
    size_t conf_line = 0;
    for (const results::SourceFact& fact : facts_) {
      if (fact.kind == "openssl_conf" && conf_line == 0) {
        conf_line = fact.line;
      }
      if (fact.kind != "engine" || !fact.value.ends_with("; available")) {
        continue;
      }
      const std::string id = fact.value.substr(0, fact.value.find(':'));
      if (id == "dynamic" || id == "rdrand") {
        continue;
      }
      // "afalg: AFALG engine support [AES-128-CBC, AES-192-CBC]; available"
      const size_t open = fact.value.rfind('[');
      const size_t close = fact.value.rfind(']');
      std::vector<std::string> runs_served;
      if (open != std::string::npos && close != std::string::npos && open < close) {
        for (std::string_view name :
             SplitFields(std::string_view(fact.value).substr(open + 1, close - open - 1), ',')) {
          const std::string lower = ToLower(Trim(name));
          for (const results::AlgorithmResult& alg : run.algorithms) {
            const std::string mine = ToLower(alg.algorithm);
            if (!lower.empty() && (mine == lower || mine.starts_with(lower + "-") ||
                                   AlphanumericOnly(mine) == AlphanumericOnly(lower))) {
              runs_served.push_back(alg.algorithm);
            }
          }
        }
        if (runs_served.empty()) {
          continue;  // it serves none of this run's algorithms: the fact says so
        }
      }
      engines.push_back(id);
      lines.push_back(fact.line);
      served.insert(served.end(), runs_served.begin(), runs_served.end());
    }
    if (engines.empty()) {
      return "";
    }
    const auto join = [](const std::vector<std::string>& names) {
      std::string out;
      for (const std::string& name : names) {
        out += out.empty() ? name : ", " + name;
      }
      return out;
    };
    std::string conf;
    if (conf_line != 0) {
      conf = fmt::format(" and line {} sets openssl.cnf up", conf_line);
    }
    std::string which = "figures";
    if (!served.empty()) {
      which = fmt::format("the figures of {}", join(served));
    }
    return fmt::format(
        "{} {}: the engine list shows {} available{}; the command names no -engine, but an "
        "engine that openssl.cnf loads serves what it lists, so {} may be the engine's (a device "
        "or the kernel), not the library's own code.",
        lines.size() == 1 ? "Line" : "Lines", LineList(lines), join(engines), conf, which);
  }

  // The index the run being read will have in runs_ (the last run's when none is open).
  size_t OpenRunIndex() const {
    return speed_ || foreign_ || runs_.empty() ? runs_.size() : runs_.size() - 1;
  }

  // Names every skipped line that reads like tool output and no caveat named yet (a row
  // after a run's last line, a quoted row, another program's message) in the run it belongs
  // to or follows.
  void NameSkippedOutput() {
    if (runs_.empty()) {
      return;
    }
    std::map<size_t, std::pair<std::vector<size_t>, std::vector<size_t>>> by_run;
    for (const SkippedOutput& skipped : skipped_output_) {
      if (named_.count(skipped.line) == 0) {
        auto& [quoted, other] = by_run[std::min(skipped.run, runs_.size() - 1)];
        (skipped.quoted ? quoted : other).push_back(skipped.line);
      }
    }
    for (const auto& [run, lines] : by_run) {
      const auto& [quoted, other] = lines;
      auto& caveats = runs_[run].source.caveats;
      if (!quoted.empty()) {
        caveats.push_back(fmt::format(
            "{} {}: a table row quoted on its own with '> ' (a line of another message, or a "
            "row repeated); not imported.",
            quoted.size() == 1 ? "Line" : "Lines", LineList(quoted)));
      }
      if (!other.empty()) {
        caveats.push_back(fmt::format(
            "{} {} {} like output (a row of figures or a program's message) that belongs to no "
            "run import reads; skipped.",
            other.size() == 1 ? "Line" : "Lines", LineList(other),
            other.size() == 1 ? "reads" : "read"));
      }
    }
  }

  // "Line N: ..." notes of openssl speed output that gave no figure, with the index runs_
  // had then: named in the run beside them at the end (Finish), if any run read figures.
  std::vector<std::pair<size_t, std::string>> orphan_notes_;
  // The index in orphan_notes_ of the setup error the next error queue line belongs to.
  std::optional<size_t> orphan_setup_error_;

  struct SkippedOutput {
    size_t line = 0;
    bool quoted = false;  // a lone "> " line
    size_t run = 0;       // OpenRunIndex() when it was seen
  };

  const std::vector<SourceLine>& lines_;
  std::string file_name_;
  // CleanPaste's notes, and each with the index runs_ had (OpenRunIndex) after its line.
  std::vector<CleanupNote> cleanup_notes_;
  std::vector<std::pair<size_t, std::string>> placed_notes_;
  bool runs_changed_ = false;
  size_t done_rows_ = 0;
  size_t done_cells_ = 0;
  size_t run_generation_ = 0;
  size_t counted_generation_ = 0;
  OpenRunCount open_;
  std::vector<results::RunResult> runs_;
  EnvFactReader env_;
  std::vector<results::SourceFact> facts_;
  /// The open run's program was typed as a path inside the working directory (TakeForeignCommand):
  /// a "configure" fact before it describes its build.
  bool run_from_build_tree_ = false;
  // The block label in force (TakeBlockLabel), whether a run has taken it, and the labels of the
  // open run and of the open `openssl version` block.
  std::optional<results::SourceFact> label_;
  bool label_taken_ = false;
  std::optional<results::SourceFact> open_label_;
  std::optional<results::SourceFact> version_label_;
  std::set<std::string> cpu_fact_keys_;  // kind and value of each CPU fact in facts_
  // When the last CPU fact was added (AddFacts): runs_added_, run_generation_ and whether the
  // open run had figures then; and runs_.size() when another machine's CPU facts last replaced
  // the earlier ones (SIZE_MAX: never).
  size_t machine_facts_runs_ = 0;
  // Runs added so far (AddRun), counting those a later run replaced (a version block's run that
  // the speed run after it took): runs_.size() would not see a run begin then.
  size_t runs_added_ = 0;
  size_t machine_facts_generation_ = 0;
  bool machine_facts_after_figures_ = false;
  size_t machine_superseded_at_ = SIZE_MAX;
  size_t fact_bytes_ = 0;
  std::unique_ptr<SpeedState> speed_;
  // Header lines without a version line ("compiler: ...") that speed output follows: they wait
  // for the run that starts at line index pending_until_ (HeaderLeadsToSpeed), and are dropped
  // if none starts there.
  std::optional<HeaderInfo> pending_header_;
  size_t pending_until_ = 0;
  std::optional<HeaderInfo> version_;
  std::optional<HeaderInfo> last_version_;
  std::optional<size_t> version_run_;  // index in runs_ of last_version_'s own run
  // A speed run with figures followed last_version_: it belongs to that run's machine (AddFacts).
  bool version_used_ = false;
  struct Provenance {
    size_t line = 0;             // the "+cryptobench VERSION: ..." line
    std::string version;         // cryptobench's version, "" if the line names none
    std::string interrupted_by;  // a partial run's signal ("SIGINT"), else ""
    std::string emulation;       // "+cryptobench emulated: REASON" (results/emulated.h), else ""
  };
  std::optional<Provenance> provenance_;            // a "+cryptobench" line not yet given to a run
  std::optional<size_t> speed_run_;                 // index in runs_ of the last openssl speed run
  std::string speed_launcher_;                      // the environment and wrappers of its command
  std::map<std::string, std::string> speed_env_;    // the environment it ran with
  std::map<std::string, std::string> exported_;     // `export`ed so far in the paste
  std::map<std::string, std::string> foreign_env_;  // of the foreign run open (bssl's command)
  // The evidence of the last speed run, while it is one command's output (not joined).
  std::optional<SpeedEvidence> speed_run_evidence_;
  // The outputs joined into the speed run last added (its first, then each joined one), and
  // whether each was typed as speed_program_.
  std::vector<SpeedEvidence> joined_parts_;
  bool joined_programs_agree_ = true;
  std::map<std::string, std::string> version_command_env_;  // of the last `openssl version`
  std::string version_command_program_;  // its program as typed ("/usr/bin/openssl")
  std::string speed_command_program_;    // the last `openssl speed` command's program
  std::string speed_program_;  // speed_run_'s program, "" when its command is not in the paste
  // The host the prompts named when these were read ("" when unknown): see machine_.host.
  std::string version_command_host_;  // of the last `openssl version` command
  std::string speed_host_;            // of speed_run_
  std::string last_version_host_;     // of last_version_'s block
  // The first line of each `openssl version` block that became a run of its own and is still
  // one (a later speed run or AttachTrailingVersion did not take it).
  std::vector<size_t> version_block_lines_;
  size_t version_block_line_ = 0;            // the first line of version_
  bool version_from_command_ = false;        // an `openssl version` command not yet answered
  bool version_block_from_command_ = false;  // version_ is that command's output
  bool export_since_speed_run_ = false;      // an `export` or `unset` since that run
  // A prompt or heading of another machine since that run, and the machine headings in force at
  // the run and at the last `openssl version` command (tryout 28 W11: "Server B:", a run, then
  // "Server A:" and `openssl version`: A's library, not B's).
  bool machine_changed_since_speed_run_ = false;
  std::string speed_heading_;
  std::string version_command_heading_;
  std::unique_ptr<ForeignParser> foreign_;
  ForeignTool foreign_tool_ = ForeignTool::kNone;
  bool after_version_command_ = false;
  std::vector<uint64_t> last_sizes_;  // the sizes of the paste's last 'type' line
  size_t last_sizes_line_ = 0;
  std::vector<size_t> unclaimed_;          // text lines no parser took since the run's last line
  std::vector<size_t> interleaved_;        // such lines with a line of the same run after them
  std::vector<size_t> interleaved_named_;  // the lines of the last interleaved caveat
  std::set<size_t> named_;                 // skipped lines a caveat of a kept run names
  // The line `openssl version -p` printed ("platform: linux-x86_64") and its number.
  std::optional<std::pair<size_t, std::string>> version_p_platform_;
  std::vector<SkippedOutput> skipped_output_;  // skipped lines that read like tool output
  // The first line of speed output that gave no figure, and why; the error when nothing did.
  std::optional<std::pair<size_t, std::string>> unread_;
  // The first line of openssl speed output that gave none, where it gave no figure (a table row
  // fitting no size list, the last progress line cut before its result), and why; kept even
  // when another run (an `openssl version` block) is imported.
  std::optional<std::pair<size_t, std::string>> unused_row_;
};

}  // namespace

ImportError::ImportError(size_t line, std::string expected, std::string file)
    : std::runtime_error(Describe(line, expected, file)),
      line_(line),
      expected_(std::move(expected)),
      file_(std::move(file)) {}

namespace {

// The runs of a pasted result JSON, or the ImportError refusing it.
std::vector<results::RunResult> ResultJsonRuns(const PastedJson& json, std::string_view file_name,
                                               bool read_result_json) {
  if (!read_result_json) {
    throw ImportError(json.line,
                      "expected other tools' text output, found a cryptobench JSON document; "
                      "compare and doctor --from read cryptobench results",
                      std::string(file_name));
  }
  return ReadPastedJson(json, file_name);
}

}  // namespace

namespace {

// The runs of a paste that holds no side-by-side block.
// `line_numbers`: CleanPaste's, for a text whose lines are not the file's (a decoded
// quoted-printable paste).
std::vector<results::RunResult> ImportColumn(std::string_view text, std::string_view file_name,
                                             bool read_result_json,
                                             const std::vector<size_t>* line_numbers = nullptr) {
  std::vector<CleanupNote> notes;
  const std::vector<SourceLine> lines = CleanPaste(text, &notes, line_numbers);
  const std::string file = ValidUtf8(file_name);
  // Before any parser: some of these quote an OpenSSL version line or a table, which would
  // otherwise be read as `openssl version` or speed output.
  if (const std::optional<OwnTextReport> own = RecogniseOwnTextReport(lines)) {
    throw ImportError(own->line, OwnTextReportError(*own), std::string(file_name));
  }
  std::vector<results::RunResult> runs;
  try {
    runs = Driver(lines, file, std::move(notes)).Run();
  } catch (const ImportError& e) {
    throw ImportError(e.line(), e.expected(), std::string(file_name));
  }
  if (runs.empty()) {
    if (const std::optional<PastedJson> json = FindFencedJson(text)) {
      // Nothing else in the text was tool output.
      return ResultJsonRuns(*json, file_name, read_result_json);
    }
    size_t first = 1;
    std::string_view first_text;
    for (const SourceLine& line : lines) {
      if (!Trim(line.text).empty()) {
        first = line.number;
        first_text = Trim(line.text);
        break;
      }
    }
    // cryptobench's own table, Markdown and CSV reports are for people and spreadsheets; only
    // its JSON keeps the samples and CIs a comparison needs.
    // A header RecogniseOwnTextReport does not know (another version's, edited by hand).
    if (first_text.starts_with("cryptobench ") || first_text.starts_with("## cryptobench ") ||
        first_text.starts_with("algorithm,kind,operation,")) {
      throw ImportError(first, OwnTextReportError(OwnTextReport{first, "", true}),
                        std::string(file_name));
    }
    if (const std::optional<size_t> slope = FindBenchSlope(lines)) {
      throw ImportError(*slope,
                        "bench-slope output (libgcrypt's tests/bench-slope, or a port such as "
                        "bench-slope-botan: '<algorithm> | nanosecs/byte mebibytes/sec "
                        "cycles/byte' over rows of ns/B, MiB/s and c/B), which import does not "
                        "read yet (docs/import.md)",
                        std::string(file_name));
    }
    if (const std::optional<size_t> pts = FindPhoronixTestSuite(lines)) {
      throw ImportError(*pts,
                        "Phoronix Test Suite output (its own result format: a section per test, "
                        "each run's figure and their average), which import does not read; paste "
                        "the output of the benchmark program itself (`openssl speed ...`)",
                        std::string(file_name));
    }
    throw ImportError(first,
                      "expected output of `openssl speed` (a progress line, a results table or "
                      "-mr records), `openssl version`, `openssl s_time`, `bssl speed`, `botan "
                      "speed`, `cryptsetup benchmark`, tcrypt, kcapi-speed, the wolfCrypt or "
                      "mbedTLS benchmark or `gnutls-cli --benchmark-*`, found none",
                      std::string(file_name));
  }
  // Every figure in range (results/limits.h), as a result JSON's must be.
  for (const results::RunResult& run : runs) {
    try {
      results::CheckFigures(run);
    } catch (const std::runtime_error& e) {
      throw results::InputError(fmt::format("{}: {}", file_name, e.what()));
    }
  }
  return runs;
}

}  // namespace

namespace {

std::vector<results::RunResult> ImportNormalised(std::string_view text, std::string_view file_name,
                                                 bool read_result_json,
                                                 const std::vector<size_t>* line_numbers);

// The file's line of line `line` of a text whose lines `line_numbers` maps (null: its own).
size_t FileLine(const std::vector<size_t>* line_numbers, size_t line) {
  return line_numbers != nullptr && line >= 1 && line <= line_numbers->size()
             ? (*line_numbers)[line - 1]
             : line;
}

// ImportText of a text in UTF-8 (or ASCII).
std::vector<results::RunResult> ImportUtf8(std::string_view text, std::string_view file_name,
                                           bool read_result_json) {
  // A cryptobench result JSON behind a command line, a Markdown fence or a byte order mark.
  if (const std::optional<PastedJson> json = FindPastedJson(text)) {
    return ResultJsonRuns(*json, file_name, read_result_json);
  }
  // Each line costs a little memory of its own, whatever it holds: count them first.
  if (const auto newlines = static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
      newlines >= results::kMaxInputLines) {
    throw ImportError(results::kMaxInputLines + 1,
                      fmt::format("at most {} lines of pasted output, found {}",
                                  results::kMaxInputLines, newlines + 1),
                      std::string(file_name));
  }
  // A mail archive's raw message body: its soft line breaks and escapes are undone first, so
  // that every later step (HTML references, typography, cleanup) sees the lines as printed.
  const std::optional<QuotedPrintable> qp = DecodeQuotedPrintable(text);
  // Encoded line ends ("=0A") may add lines: the decoded text is held to the same cap.
  if (qp && qp->line_numbers.size() >= results::kMaxInputLines) {
    throw ImportError(results::kMaxInputLines + 1,
                      fmt::format("at most {} lines of pasted output, found {} once the "
                                  "quoted-printable paste is decoded",
                                  results::kMaxInputLines, qp->line_numbers.size()),
                      std::string(file_name));
  }
  const std::vector<size_t>* line_numbers = qp ? &qp->line_numbers : nullptr;
  const PastedText pasted = NormalisePastedText(qp ? std::string_view(qp->text) : text);
  std::vector<results::RunResult> runs =
      ImportNormalised(pasted.text, file_name, read_result_json, line_numbers);
  // What was undone, so whoever reads a name or a line quoted from the paste knows it is not
  // byte for byte the file's.
  std::vector<std::string> notes;
  if (qp) {
    notes.push_back(fmt::format(
        "The paste is quoted-printable (a mail archive's raw message body, from line {}: {} "
        "{} ending in a soft line break '=', {} {} such as '=3D' or '=20'); it was decoded "
        "before it was read: each line ending in '=' joined with the next, each escape turned "
        "back into its character. Line numbers are the file's.",
        qp->first_line, qp->soft_breaks, qp->soft_breaks == 1 ? "line" : "lines", qp->escapes,
        qp->escapes == 1 ? "escape" : "escapes"));
  }
  if (pasted.html_line != 0) {
    notes.push_back(fmt::format(
        "The paste is HTML-escaped (from line {}: a web page's source or a forum's export); "
        "character references such as '&gt;' and '&#39;' were decoded before it was read.",
        FileLine(line_numbers, pasted.html_line)));
  }
  if (pasted.typography_line != 0) {
    notes.push_back(fmt::format(
        "From line {}, non-breaking spaces, typographic quotes or a dash before an option (a "
        "web page's or word processor's typography) were read as ASCII spaces, quotes and "
        "'-'; no figure was changed.",
        FileLine(line_numbers, pasted.typography_line)));
  }
  for (results::RunResult& run : runs) {
    run.source.caveats.insert(run.source.caveats.begin(), notes.begin(), notes.end());
  }
  return runs;
}

// The runs of a paste whose mbedTLS benchmark rows hold several builds' figure groups side by
// side (SplitMbedtlsColumns): one run per column, each named from the header where it names
// them, so that no column is dropped (tryout 32 D5: only the first was read, silently).
std::vector<results::RunResult> ImportMbedtlsColumns(const MbedtlsColumns& columns,
                                                     std::string_view text,
                                                     std::string_view file_name,
                                                     bool read_result_json,
                                                     const std::vector<size_t>* line_numbers) {
  const size_t first = FileLine(line_numbers, columns.first_line);
  const size_t last = FileLine(line_numbers, columns.last_line);
  const size_t header = FileLine(line_numbers, columns.header_line);
  std::vector<results::RunResult> runs;
  for (size_t k = 0; k < columns.texts.size(); ++k) {
    const std::string& column = columns.texts[k];
    const bool same_lines = static_cast<size_t>(std::count(column.begin(), column.end(), '\n')) ==
                            static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
    std::vector<results::RunResult> read =
        ImportColumn(column, file_name, read_result_json, same_lines ? line_numbers : nullptr);
    const std::string name = k < columns.names.size() ? columns.names[k] : std::string();
    for (results::RunResult& run : read) {
      if (run.source.tool != "mbedTLS benchmark") {
        continue;
      }
      run.source.caveats.insert(
          run.source.caveats.begin(),
          fmt::format("Lines {}-{} hold {} figure groups on each row: {} runs side by side{}; "
                      "this run is read from column {} of {}{}.",
                      first, last, columns.texts.size(), columns.texts.size(),
                      name.empty() ? "" : fmt::format(", named by the header at line {}", header),
                      k + 1, columns.texts.size(),
                      name.empty() ? "" : fmt::format(" ('{}')", name)));
      if (!name.empty()) {
        run.source.facts.push_back(results::SourceFact{"block_label", name, header});
      }
    }
    runs.insert(runs.end(), std::make_move_iterator(read.begin()),
                std::make_move_iterator(read.end()));
  }
  return runs;
}

// ImportUtf8 of a text NormalisePastedText has read; `line_numbers` as ImportColumn's.
std::vector<results::RunResult> ImportNormalised(std::string_view text, std::string_view file_name,
                                                 bool read_result_json,
                                                 const std::vector<size_t>* line_numbers) {
  if (const std::optional<MbedtlsColumns> mbedtls = SplitMbedtlsColumns(text)) {
    return ImportMbedtlsColumns(*mbedtls, text, file_name, read_result_json, line_numbers);
  }
  std::optional<SideBySide> columns = SplitSideBySide(text);
  if (!columns) {
    return ImportColumn(text, file_name, read_result_json, line_numbers);
  }
  if (line_numbers != nullptr) {
    columns->first_line = FileLine(line_numbers, columns->first_line);
    columns->last_line = FileLine(line_numbers, columns->last_line);
    for (std::vector<size_t>* cut : {&columns->left_cut_lines, &columns->right_cut_lines}) {
      for (size_t& line : *cut) {
        line = FileLine(line_numbers, line);
      }
    }
  }
  // A column keeps the text's lines (a decoded quoted-printable paste's map holds for it) when
  // it has as many.
  const auto column_numbers = [&](const std::string& column) -> const std::vector<size_t>* {
    return line_numbers != nullptr &&
                   static_cast<size_t>(std::count(column.begin(), column.end(), '\n')) ==
                       static_cast<size_t>(std::count(text.begin(), text.end(), '\n'))
               ? line_numbers
               : nullptr;
  };
  // Two runs side by side: each column is read as a paste of its own. A line diff -y cut at its
  // column width that stops the reading says so, with the way to keep it whole.
  const auto read = [&](const std::string& column, const std::vector<size_t>& cut_lines) {
    try {
      return ImportColumn(column, file_name, read_result_json, column_numbers(column));
    } catch (const ImportError& e) {
      if (std::find(cut_lines.begin(), cut_lines.end(), e.line()) == cut_lines.end()) {
        throw;
      }
      throw ImportError(e.line(),
                        fmt::format("{}; `diff -y` cut this line at its column width ({}{} "
                                    "characters): diff -y -W 250 keeps lines of up to 122",
                                    e.expected(), columns->column_width_exact ? "" : "about ",
                                    columns->column_width),
                        e.file());
    }
  };
  std::vector<results::RunResult> runs = read(columns->left, columns->left_cut_lines);
  std::vector<results::RunResult> right = read(columns->right, columns->right_cut_lines);
  const auto mark = [&](std::vector<results::RunResult>& column, const char* side,
                        const std::vector<size_t>& cut_lines) {
    std::string how;
    if (columns->diff) {
      how = " (`diff -y` output: every line is split at the column of its marker";
      if (!cut_lines.empty()) {
        how += fmt::format(
            "; diff cuts each column at {}{} characters, and this column's {} {} {} that "
            "width, so {} last word, which may be cut, was dropped",
            columns->column_width_exact ? "" : "about ", columns->column_width,
            cut_lines.size() == 1 ? "line" : "lines", fmt::join(cut_lines, ", "),
            cut_lines.size() == 1 ? "fills" : "fill", cut_lines.size() == 1 ? "its" : "their");
      }
      how += ")";
    }
    for (results::RunResult& run : column) {
      run.source.caveats.insert(
          run.source.caveats.begin(),
          fmt::format("Lines {}-{} hold two runs side by side{}; this run is read from the {} "
                      "column.",
                      columns->first_line, columns->last_line, how, side));
    }
  };
  mark(runs, "left", columns->left_cut_lines);
  mark(right, "right", columns->right_cut_lines);
  if (!runs.empty()) {
    for (const std::string& note : columns->notes) {
      runs.front().source.caveats.push_back(note);
    }
  }
  runs.insert(runs.end(), std::make_move_iterator(right.begin()),
              std::make_move_iterator(right.end()));
  // Each column was held to the caps as it was read; the two together must be too.
  try {
    results::CheckInputSize(runs);
  } catch (const results::InputLimitError& e) {
    throw results::InputLimitError(fmt::format("{}: {}", file_name, e.what()));
  }
  return runs;
}

}  // namespace

std::vector<results::RunResult> ImportText(std::string_view text, std::string_view file_name,
                                           bool read_result_json) {
  // An empty file is a mistake of its own (a redirect that failed, a paste not saved): saying
  // what it lacks would send the reader looking for a wrong format.
  if (text.find_first_not_of(" \t\r\n\f\v") == std::string_view::npos) {
    throw ImportError(1,
                      text.empty() ? "the file is empty (0 bytes): expected the pasted output of "
                                     "`openssl speed` or another tool import reads"
                                   : "the file holds only blank lines: expected the pasted output "
                                     "of `openssl speed` or another tool import reads",
                      std::string(file_name));
  }
  const std::optional<Utf16Order> order = DetectUtf16(text);
  if (!order) {
    return ImportUtf8(text, file_name, read_result_json);
  }
  // Windows PowerShell's '>' writes UTF-16LE: without decoding, every other byte is a NUL that
  // cleanup drops, and the byte order mark spoils the first line. Decoded once (no second look
  // at the result), at most 3/2 of the input's size.
  std::vector<results::RunResult> runs =
      ImportUtf8(Utf16ToUtf8(text, *order), file_name, read_result_json);
  for (results::RunResult& run : runs) {
    run.source.caveats.insert(
        run.source.caveats.begin(),
        fmt::format("The file was UTF-16 ({}); decoded to UTF-8 before it was read.",
                    *order == Utf16Order::kLittleEndian ? "little-endian, as Windows PowerShell's "
                                                          "'>' writes"
                                                        : "big-endian"));
  }
  return runs;
}

namespace {

// The first "line N" in `text`, or 1.
size_t FirstLineNumberIn(std::string_view text) {
  for (size_t at = text.find("line "); at != std::string_view::npos;
       at = text.find("line ", at + 1)) {
    size_t end = at + 5;
    while (end < text.size() && text[end] >= '0' && text[end] <= '9') {
      ++end;
    }
    if (const auto number = ParseUnsigned(text.substr(at + 5, end - at - 5))) {
      return static_cast<size_t>(*number);
    }
  }
  return 1;
}

}  // namespace

void CheckUsableFigures(const std::vector<results::RunResult>& runs, std::string_view file_name) {
  size_t rejected = 0;
  std::string first_why;
  for (const results::RunResult& run : runs) {
    for (const results::AlgorithmResult& alg : run.algorithms) {
      for (const results::Cell& cell : alg.cells) {
        if (cell.status == results::CellStatus::kOk) {
          return;  // a usable figure
        }
        if (cell.status != results::CellStatus::kError) {
          continue;
        }
        if (!IsRejectedFigureMessage(cell.message)) {
          return;  // an error that tells something (a failure, work outside the process)
        }
        if (rejected++ == 0) {
          first_why = fmt::format("{} {}{}: {}", alg.algorithm, cell.operation,
                                  cell.input_len > 0 ? fmt::format(" at {} B", cell.input_len) : "",
                                  cell.message);
        }
      }
    }
  }
  if (rejected == 0) {
    return;
  }
  // The cell message names its line ("... at line 3: ..." or "... (line 3)").
  throw ImportError(
      FirstLineNumberIn(first_why),
      fmt::format("expected a figure that can be a measurement; found {} figure{}, and none can "
                  "be one: {}{}; nothing was imported",
                  rejected, rejected == 1 ? "" : "s", first_why,
                  rejected == 1 ? "" : fmt::format(" (and {} more)", rejected - 1)),
      std::string(file_name));
}

nlohmann::ordered_json ImportedRunsToJson(const std::vector<results::RunResult>& runs) {
  if (runs.size() == 1) {
    return results::ToJson(runs.front());
  }
  nlohmann::ordered_json doc;
  doc["schema_version"] = results::kSchemaVersion;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const results::RunResult& run : runs) {
    list.push_back(results::ToJson(run));
  }
  doc["runs"] = std::move(list);
  return doc;
}

}  // namespace cryptobench::import
