// What the parsers of `openssl speed` output (text and -mr) collect for one run, before
// interpretation: the header block, table rows, records, progress lines and any command line
// shown with a prompt. speed_run.h turns it into a RunResult.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "results/model.h"

#include "import/speed_names.h"

namespace cryptobench::import {

/// openssl speed's sizes when no 'type' line or +H record names them (apps/speed.c
/// lengths_list): six from 1.1.0 on, five in 1.0.x; and the multi-block sizes of -mb
/// (mblengths_list: 8, 16, 32, 64 and 128 KiB).
inline const std::vector<uint64_t> kSpeedSizes6 = {16, 64, 256, 1024, 8192, 16384};
inline const std::vector<uint64_t> kSpeedSizes5 = {16, 64, 256, 1024, 8192};
inline const std::vector<uint64_t> kMultiBlockSizes = {8192, 16384, 32768, 65536, 131072};

/// The block `openssl speed` prints before its tables (apps/speed.c, show_res), or the lines of
/// `openssl version -a`. Strings are verbatim, including their labels ("built on: ...").
struct HeaderInfo {
  size_t line = 0;         ///< line of the version line (or of the first header line)
  std::string version;     ///< "OpenSSL 1.1.1q  5 Jul 2022" (1.x) or "3.0.8" (3.x "version: ")
  std::string library;     ///< version -a: the "(Library: ...)" part, if printed
  std::string built_on;    ///< "built on: ..."
  std::string platform;    ///< "platform: ..." (version -a only)
  std::string options;     ///< after "options:", trimmed: "bn(64,64) rc4(16x,int) ..."
  std::string cflags;      ///< "compiler: ..."
  size_t cflags_line = 0;  ///< line of the "compiler:" line; 0 when there is none
  std::string cpu_info;    ///< "CPUINFO: OPENSSL_ia32cap=0x...:0x..."
  /// The version line was a label written above the output ("OpenSSL 3.3.1:", its colon
  /// dropped from `version`), not a line the tool printed.
  bool labelled = false;
};

/// A command line shown with the output (after a shell prompt), as far as it matters.
struct SpeedCommand {
  bool present = false;
  size_t line = 0;
  bool elapsed = false;
  bool machine_readable = false;
  bool decrypt = false;
  bool multi_block = false;  ///< -mb: multi-block sizes (kMultiBlockSizes)
  int multi = 0;
  double seconds = 0;  ///< -seconds N (1.1.1 and later), seconds; 0: not given
  /// -bytes N (1.1.1 and later): the one input size of every symmetric cell, bytes; 0: not
  /// given. apps/speed.c sets lengths = &lengths_single, size_num = 1, so the table has one
  /// column ("type 16 bytes") and each row one figure.
  uint64_t bytes = 0;
  /// -async_jobs N (1.1.0 and later): N ASYNC_JOBs run the loop at once; 0: not given.
  int async_jobs = 0;
  std::string engine;
  std::vector<std::string> providers;
  std::string evp;  ///< -evp NAME
  /// The words after the program up to a pipe or command separator ("|", ";", "&&"): the
  /// algorithms chosen ("ecdhbrp256r1") among the options.
  std::vector<std::string> args;
  /// CPUs the run was pinned to (taskset -c LIST or MASK, numactl --physcpubind); 0: not
  /// pinned, or not known.
  int pinned_cpus = 0;
  /// The words before the program: environment (OPENSSL_ia32cap=...) and wrappers (taskset).
  std::string launcher;
  /// Environment variables set for the run: exported before it, then those on its command line.
  std::map<std::string, std::string> env;
};

/// A caveat about some cells of a table row (results::Cell::caveats): those at one size's index,
/// or every cell of the row.
struct RowCaveat {
  static constexpr size_t kAllSizes = static_cast<size_t>(-1);
  size_t size_index = kAllSizes;  ///< index into the row's sizes, or kAllSizes
  results::CellCaveat caveat;
};

/// One row of the symmetric table (or a +F record): throughput per input size, bytes/s.
struct SymRow {
  size_t line = 0;
  std::string name;
  std::vector<std::optional<double>> bytes_per_s;  ///< per size; nullopt where elided
  /// The text table's figures as printed, per size ("1234.56k"); empty where none was read
  /// (and for -mr records), so a figure whose unit disagrees with its table can be found.
  std::vector<std::string> printed;
  int child = -1;  ///< -multi: the child that sent it ("Got: ... from N"); -1: final figures
  std::vector<RowCaveat> caveats;  ///< how its cells were read where the paste was damaged
};

/// Adds a caveat to the cells of `row` at `size_index` (RowCaveat::kAllSizes: every cell).
inline void AddRowCaveat(SymRow* row, size_t size_index, std::string text, size_t line,
                         bool doubt) {
  row->caveats.push_back(RowCaveat{size_index, results::CellCaveat{std::move(text), line, doubt}});
}

/// One public-key result: a table row or a +F2..+F10 record.
struct PkRow {
  size_t line = 0;
  PkFamily family = PkFamily::kRsa;
  unsigned bits = 0;
  std::string curve;  ///< curve, EdDSA/SM2 name, or KEM/signature algorithm name
  std::vector<std::pair<std::string, double>> ops_per_s;  ///< ("sign", 1234.5), ...
  int child = -1;
  std::vector<results::CellCaveat> caveats;  ///< for every cell of the row
};

/// A progress line ("Doing ... for 3s on 16 size blocks: N ...'s in 2.99s") or a +DT/+R pair.
struct Progress {
  size_t line = 0;
  bool public_key = false;
  std::string name;  ///< symmetric: the algorithm name printed; public key: the row name
  PkFamily family = PkFamily::kRsa;
  unsigned bits = 0;      ///< public key: key size; 0 for KEM and signature algorithms
  std::string curve;      ///< public key: curve (guessed from the size for ECDSA/ECDH) or name
  std::string operation;  ///< public key: "sign", "verify", "derive", ...
  uint64_t input_len = 0;
  double requested_seconds = 0;  ///< the "for Ns" part; 0 if not given
  bool has_result = false;       ///< false: the line was cut off before its result
  double count = 0;
  double seconds = 0;
  /// Text after the colon that is not speed's result ("Running aead", a development build's
  /// debug print); the result may then follow on its own line. Empty otherwise.
  std::string foreign_tail;
  /// The result cut off part-way ("70025 AES-128-CBC'": a paste or terminal that ended inside
  /// the line): a count followed by a beginning of "<name>'s in <seconds>s". Empty otherwise;
  /// when set, has_result is false and the line holds no figure.
  std::string cut_result;
  size_t result_line = 0;  ///< the line that held the result (0: this progress line)
};

/// Everything gathered for one run of `openssl speed`.
struct SpeedEvidence {
  size_t first_line = 0;
  SpeedCommand command;
  std::optional<HeaderInfo> header;
  bool elapsed_banner = false;  ///< "You have chosen to measure elapsed time ..."
  std::string engine;           ///< from 'Engine "x" set.'
  bool machine_readable = false;
  int forked_children = 0;      ///< "Forked child N" lines
  int max_child = -1;           ///< highest N in "Got: ... from N"
  size_t multi_line = 0;        ///< the first "Forked child" or "Got: ..." line; 0: none
  std::vector<uint64_t> sizes;  ///< from the "type" line or +H
  bool sizes_assumed = false;   ///< +F without +H: sizes taken from the value count
  std::vector<SymRow> sym_rows;
  std::vector<PkRow> pk_rows;
  std::vector<uint64_t> child_sizes;  ///< -multi: the children's +H records ("Got: +H:...")
  size_t child_sizes_line = 0;        ///< the first of those records; 0: none
  std::vector<SymRow> child_sym_rows;
  std::vector<PkRow> child_pk_rows;
  std::vector<Progress> progress;
  std::vector<std::string> notes;  ///< parse-time caveats (elisions, ignored records, ...)
  /// -mr: +F2..+F5 in 1.0.x hold seconds per operation; later versions ops/s. Set by the mr
  /// parser when the records tell (see openssl_speed_mr.h).
  bool mr_seconds_units = false;

  /// True once any table row, record or progress result has been seen.
  bool HasFigures() const {
    return !sym_rows.empty() || !pk_rows.empty() || !child_sym_rows.empty() ||
           !child_pk_rows.empty() || !progress.empty();
  }
  /// True once final figures (a table or +F records) have been seen.
  bool HasFinalFigures() const { return !sym_rows.empty() || !pk_rows.empty(); }
};

}  // namespace cryptobench::import
