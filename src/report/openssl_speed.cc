// The summary layout of `openssl speed` 3.0 (apps/speed.c, the part after the timing runs), so
// that scripts written for OpenSSL's output can read cryptobench's figures. The formats below
// were checked against the output of OpenSSL 3.0.19's `openssl speed`:
//   version: 3.0.19
//   built on: <OPENSSL_BUILT_ON>            options: bn(64,64)
//   compiler: <OPENSSL_CFLAGS>              CPUINFO: <OPENSSL_CPU_INFO>
//   The 'numbers' are in 1000s of bytes per second processed.
//   "type        " then "%7d bytes" per size; rows "%-13s" then " %11.2fk" per size (bytes/s
//   over 10000, divided by 1000) or " %11.2f " (bytes/s otherwise)
//   "%18ssign    verify    sign/s verify/s" / "rsa %4u bits %8.6fs %8.6fs %8.1f %8.1f"
//   "%30ssign    verify    sign/s verify/s" / "%4u bits ecdsa (%s) %8.4fs %8.4fs %8.1f %8.1f"
//   "%30sop      op/s" / "%4u bits ecdh (%s) %8.4fs %8.1f"
//   "%30ssign    verify    sign/s verify/s" / "%4u bits EdDSA (%s) %8.4fs %8.4fs %8.1f %8.1f"
// Differences forced by the model: the figures are cryptobench's medians (wall-clock), not
// OpenSSL's count/time; a row whose cells all failed is left out (as `openssl speed` leaves out
// what it could not run) and a failed cell in a printed row reads 0.00, as openssl speed prints
// a cell it has no figure for, and is named in a line after the summary (never left to read as
// a measured 0). Failures are also in the exit status and in the other formats. Decrypt rows carry
// a suffix ("AES-128-CBC decrypt"), which `openssl speed -decrypt` does not print, so that the
// direction survives a re-import and a run with both directions (botan speed, cryptsetup benchmark)
// has two names; figures this layout has no row for (a KDF's iterations/s, key generation) are
// named in one line after the summary. An imported run gets a line before the summary that says
// what its figures are, and its caveats after it; the lines after the summary follow a blank line,
// so that a re-import does not read them as rows. Every output starts with a provenance line,
// "+cryptobench VERSION: written by cryptobench ...", which import recognises (a re-import is
// then cryptobench's own run, not openssl speed's), and a partial run's line after it.
#include <algorithm>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "algorithms/catalog.h"
#include "report/catalog_entry.h"
#include "report/format_util.h"
#include "report/report.h"
#include "report/sanitize.h"
#include "report/views.h"
#include "results/emulated.h"

namespace cryptobench::report {
namespace {

using results::AlgorithmResult;
using results::Cell;
using results::CellStatus;

std::string SpeedName(const AlgorithmResult& alg) {
  const AlgorithmInfo* info = CatalogEntryOf(alg);
  return info != nullptr ? std::string(info->speed_name) : alg.algorithm;
}

// The measured rate of a cell, or nullopt when it has none.
std::optional<double> OpsPerS(const Cell* cell) {
  if (cell == nullptr || cell->status != CellStatus::kOk || !cell->figures) {
    return std::nullopt;
  }
  return cell->figures->ops_per_s.value;
}

double SecondsPerOp(std::optional<double> ops) { return ops && *ops > 0 ? 1 / *ops : 0; }

// The cells whose figures the summary printed: what is not among them is named after it.
using PrintedCells = std::set<const Cell*>;

// A symmetric row's name: the speed name for encryption and for the one operation of a hash,
// MAC or RNG; the operation appended for any other ("AES-128-CBC decrypt"). `openssl speed
// -decrypt` prints its decrypt rows under the plain name, and only its command line says what
// they are; the summary has no such line, so the suffix keeps the direction across a
// re-import (which reads "NAME decrypt" as NAME's decrypt figures). An algorithm the run holds
// twice, run by two implementations (botan speed's providers), gets its implementation too:
// "AES-128-ECB [aesni]".
std::string SymmetricRowName(const SymmetricRow& row, const SymmetricGrid& grid) {
  std::string name = SpeedName(*row.algorithm);
  const std::string& implementation = row.algorithm->implementation;
  const bool shared = std::any_of(grid.rows.begin(), grid.rows.end(), [&](const SymmetricRow& r) {
    return r.algorithm != row.algorithm && r.algorithm->algorithm == row.algorithm->algorithm;
  });
  if (shared && !implementation.empty()) {
    name += " [" + implementation + "]";
  }
  const std::string& op = row.operation;
  const bool plain =
      op == "encrypt" || op == "hash" || op == "mac" || op == "generate" || op == "-";
  return plain ? name : name + " " + op;
}

void WriteHeader(const results::RunResult& run, std::ostream& out) {
  const results::LibraryInfo& library = run.library;
  if (!library.version.empty()) {
    out << "version: " << ShortLibraryVersion(library.version) << '\n';
  }
  if (!library.built_on.empty()) {
    out << library.built_on << '\n';
  }
  if (const std::string& options = run.library.options; !options.empty()) {
    out << "options: " << options << '\n';
  }
  if (!library.cflags.empty()) {
    out << library.cflags << '\n';
  }
  if (!library.cpu_info.empty()) {
    out << library.cpu_info << '\n';
  }
}

// "AES-128-CBC 16 bytes (openssl speed reported 0 at line 4: ...)": a cell printed as 0.00
// because it has no figure, for the line after the summary that says so.
std::string Unmeasured(const std::string& what, const Cell* cell) {
  if (cell == nullptr || cell->message.empty()) {
    return fmt::format("{} (not measured)", what);
  }
  return fmt::format("{} ({})", what, cell->message);
}

void WriteSymmetric(const SymmetricGrid& grid, PrintedCells& printed,
                    std::vector<std::string>& unmeasured, std::ostream& out) {
  bool header_written = false;
  for (const SymmetricRow& row : grid.rows) {
    bool any_measured = false;
    for (const Cell* cell : row.cells) {
      any_measured = any_measured || OpsPerS(cell).has_value();
    }
    if (!any_measured) {
      continue;
    }
    if (!header_written) {
      out << "The 'numbers' are in 1000s of bytes per second processed.\ntype        ";
      for (uint64_t size : grid.sizes) {
        out << fmt::format("{:7} bytes", size);
      }
      out << '\n';
      header_written = true;
    }
    const std::string name = SymmetricRowName(row, grid);
    out << fmt::format("{:<13}", name);
    for (size_t i = 0; i < row.cells.size(); ++i) {
      const Cell* cell = row.cells[i];
      printed.insert(cell);
      double bytes_per_s = 0;
      if (OpsPerS(cell) && cell->figures->bytes_per_s) {
        bytes_per_s = cell->figures->bytes_per_s->value;
      } else if (i < grid.sizes.size()) {
        unmeasured.push_back(Unmeasured(fmt::format("{} {} bytes", name, grid.sizes[i]), cell));
      }
      out << (bytes_per_s > 10000 ? fmt::format(" {:11.2f}k", bytes_per_s / 1e3)
                                  : fmt::format(" {:11.2f} ", bytes_per_s));
    }
    out << '\n';
  }
}

// Splits a catalogue speed name such as "256 bits ecdsa (nistp256)" or "rsa 2048 bits" into
// its key size and the text in parentheses ("nistp256"; empty for RSA).
bool ParseSpeedName(const std::string& name, unsigned* bits, std::string* curve) {
  const size_t digits = name.find_first_of("0123456789");
  if (digits == std::string::npos) {
    return false;
  }
  *bits = static_cast<unsigned>(std::stoul(name.substr(digits)));
  const size_t open = name.find('(');
  const size_t close = name.rfind(')');
  *curve = open != std::string::npos && close > open ? name.substr(open + 1, close - open - 1) : "";
  return true;
}

enum class PkFamily { kRsa, kEcdsa, kEcdh, kEdDsa };

std::optional<PkFamily> FamilyOf(const std::string& speed_name) {
  if (speed_name.rfind("rsa ", 0) == 0) {
    return PkFamily::kRsa;
  }
  if (speed_name.find(" ecdsa (") != std::string::npos) {
    return PkFamily::kEcdsa;
  }
  if (speed_name.find(" ecdh (") != std::string::npos) {
    return PkFamily::kEcdh;
  }
  if (speed_name.find(" EdDSA (") != std::string::npos) {
    return PkFamily::kEdDsa;
  }
  return std::nullopt;
}

const Cell* FindCell(const AlgorithmResult& alg, const char* operation) {
  for (const Cell& cell : alg.cells) {
    if (cell.operation == operation) {
      return &cell;
    }
  }
  return nullptr;
}

// One section of the public-key summary, in the order `openssl speed` prints them.
void WritePublicKeyFamily(const results::RunResult& run, PkFamily family, PrintedCells& printed,
                          std::vector<std::string>& unmeasured, std::ostream& out) {
  bool header_written = false;
  // speed prints each row once; an entry that names the same one again (the 3.2+ signature
  // table's "rsa2048", an alias of RSA-2048, beside the RSA table's row) is left out of the
  // layout and named with the other cells it has no row for.
  std::set<const AlgorithmInfo*> written;
  for (const AlgorithmResult& alg : run.algorithms) {
    const AlgorithmInfo* info = CatalogEntryOf(alg);
    if (info == nullptr || IsSymmetric(info->kind) || written.count(info) != 0) {
      continue;
    }
    const std::string name(info->speed_name);
    unsigned bits = 0;
    std::string curve;
    if (FamilyOf(name) != family || !ParseSpeedName(name, &bits, &curve)) {
      continue;
    }
    const bool derive = family == PkFamily::kEcdh;
    const Cell* first_cell = FindCell(alg, derive ? "derive" : "sign");
    const Cell* second_cell = derive ? nullptr : FindCell(alg, "verify");
    const std::optional<double> first = OpsPerS(first_cell);
    const std::optional<double> second = OpsPerS(second_cell);
    if (!first && !second) {
      continue;
    }
    written.insert(info);
    printed.insert(first_cell);
    printed.insert(second_cell);
    if (!first) {
      unmeasured.push_back(Unmeasured(name + (derive ? " derive" : " sign"), first_cell));
    }
    if (!second && !derive) {
      unmeasured.push_back(Unmeasured(name + " verify", second_cell));
    }
    if (!header_written) {
      out << (family == PkFamily::kRsa ? fmt::format("{:18}sign    verify    sign/s verify/s\n", "")
              : family == PkFamily::kEcdh
                  ? fmt::format("{:30}op      op/s\n", "")
                  : fmt::format("{:30}sign    verify    sign/s verify/s\n", ""));
      header_written = true;
    }
    const double first_ops = first.value_or(0);
    const double second_ops = second.value_or(0);
    switch (family) {
      case PkFamily::kRsa:
        out << fmt::format("rsa {:4} bits {:8.6f}s {:8.6f}s {:8.1f} {:8.1f}\n", bits,
                           SecondsPerOp(first), SecondsPerOp(second), first_ops, second_ops);
        break;
      case PkFamily::kEcdsa:
        out << fmt::format("{:4} bits ecdsa ({}) {:8.4f}s {:8.4f}s {:8.1f} {:8.1f}\n", bits, curve,
                           SecondsPerOp(first), SecondsPerOp(second), first_ops, second_ops);
        break;
      case PkFamily::kEcdh:
        out << fmt::format("{:4} bits ecdh ({}) {:8.4f}s {:8.1f}\n", bits, curve,
                           SecondsPerOp(first), first_ops);
        break;
      case PkFamily::kEdDsa:
        out << fmt::format("{:4} bits EdDSA ({}) {:8.4f}s {:8.4f}s {:8.1f} {:8.1f}\n", bits, curve,
                           SecondsPerOp(first), SecondsPerOp(second), first_ops, second_ops);
        break;
    }
  }
}

// "PBKDF2-sha256 iteration, Ed25519 keygen": measured figures the summary has no row for, in
// run order; empty when it printed every one.
std::string LeftOut(const results::RunResult& run, const PrintedCells& printed) {
  std::vector<std::string> names;
  std::string text;
  for (const AlgorithmResult& alg : run.algorithms) {
    for (const Cell& cell : alg.cells) {
      const std::string name = alg.algorithm + " " + cell.operation;
      if (OpsPerS(&cell) && printed.count(&cell) == 0 &&
          std::find(names.begin(), names.end(), name) == names.end()) {
        text += (names.empty() ? "" : ", ") + name;
        names.push_back(name);
      }
    }
  }
  return text;
}

}  // namespace

void RenderOpensslSpeed(const results::RunResult& run, std::ostream& out) {
  const bool imported = IsImported(run);
  // Provenance first, a line `openssl speed` never prints ("+" and a lower-case letter; its -mr
  // records are "+" and upper-case tags), so that import never takes this for its output.
  const bool own_version = !imported && !run.source.tool_version.empty();
  out << "+cryptobench" << (own_version ? " " + run.source.tool_version : std::string())
      << ": written by cryptobench in the layout of openssl speed, not by openssl speed\n";
  out << PartialNotice({run}, Format::kOpenssl);
  // The figures time an emulator: the line keeps that through a re-import (import.cc).
  if (const std::optional<std::string> reason = results::EmulationReason(run)) {
    out << "+cryptobench emulated: " << SafeText(*reason) << '\n';
  }
  if (imported) {
    // Prose lines before and after the summary, as around real output; wall-clock figures get
    // the banner `openssl speed -elapsed` prints (apps/speed.c), so the basis survives a
    // re-import.
    const std::vector<std::string> notes = ImportedNoteLines(run);
    out << notes.front() << '\n';
    if (run.source.timing_basis == "wall_clock") {
      out << "You have chosen to measure elapsed time instead of user CPU time.\n";
    }
  }
  WriteHeader(run, out);
  PrintedCells printed;
  std::vector<std::string> unmeasured;
  WriteSymmetric(BuildSymmetricGrid(run), printed, unmeasured, out);
  for (PkFamily family : {PkFamily::kRsa, PkFamily::kEcdsa, PkFamily::kEcdh, PkFamily::kEdDsa}) {
    WritePublicKeyFamily(run, family, printed, unmeasured, out);
  }
  std::vector<std::string> after;
  if (!unmeasured.empty()) {
    std::string list;
    for (const std::string& cell : unmeasured) {
      list += (list.empty() ? "" : "; ") + cell;
    }
    after.push_back(fmt::format(
        "Not measured, printed as 0.00 as openssl speed prints a cell it has no figure for (not "
        "a measured 0): {}.",
        list));
  }
  if (const std::string left_out = LeftOut(run, printed); !left_out.empty()) {
    after.push_back(fmt::format(
        "Not in this layout (openssl speed prints no such rows; --format table or json has "
        "them): {}.",
        left_out));
  }
  if (imported) {
    const std::vector<std::string> notes = ImportedNoteLines(run);
    after.insert(after.end(), notes.begin() + 1, notes.end());
  }
  if (!after.empty()) {
    out << '\n';
  }
  for (const std::string& line : after) {
    out << line << '\n';
  }
}

}  // namespace cryptobench::report
