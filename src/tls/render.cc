// Table, Markdown, CSV and JSON renderers of tls runs, and its HTML page (TlsDocument).
#include "tls/render.h"

#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "report/bar_chart.h"
#include "report/document.h"
#include "report/format_util.h"
#include "report/text_table.h"

#include "tls/json.h"

namespace cryptobench::tls {
namespace {

using report::FormatCost;
using report::FormatRate;
using results::CellStatus;

std::string SizeText(uint64_t bytes) {
  if (bytes >= (uint64_t{1} << 20) && bytes % (uint64_t{1} << 20) == 0) {
    return fmt::format("{} MiB", bytes >> 20);
  }
  return report::FormatSize(bytes);
}

std::string CiText(const results::Estimate& estimate) {
  return report::FormatCiHalfWidth(estimate);
}

// "2345.6 ±1.2%" in MB/s, or the handshakes/s figure.
std::string RateText(const TlsCell& cell) {
  const results::Estimate& rate = cell.figures->rate;
  if (cell.kind == "handshake") {
    return fmt::format("{} {}", FormatRate(rate.value), CiText(rate));
  }
  return fmt::format("{} {}", report::FormatMbPerS(rate.value), CiText(rate));
}

// CPU per unit as displayed: s/GB (transfers) or µs per handshake.
double Display(const TlsCell& cell, double ns_per_unit) {
  return cell.kind == "handshake" ? ns_per_unit / 1e3 : ns_per_unit;
}

// "0.312 (0.210 + 0.102)": total, then user + system.
std::string CpuText(const TlsCell& cell, bool server) {
  const TlsFigures& f = *cell.figures;
  if (server && f.server_cpu_ns_per_unit.value == 0 && f.server_user_ns_per_unit == 0) {
    return "n/a";
  }
  const results::Estimate& total = server ? f.server_cpu_ns_per_unit : f.client_cpu_ns_per_unit;
  const double user = server ? f.server_user_ns_per_unit : f.client_user_ns_per_unit;
  const double sys = server ? f.server_sys_ns_per_unit : f.client_sys_ns_per_unit;
  return fmt::format("{} ({} + {})", FormatCost(Display(cell, total.value)),
                     FormatCost(Display(cell, user)), FormatCost(Display(cell, sys)));
}

std::string StatusText(const TlsCell& cell) {
  std::string text = report::StatusLabel(cell.status);
  if (!cell.message.empty()) {
    text += ": ";
    text += cell.message;
  }
  return text;
}

struct TransferRow {
  std::vector<std::string> cells;  ///< fewer than the columns: a spanning status
};

std::vector<std::string> TransferHeader() {
  return {"transfer",
          "protocol",
          "group",
          "cert",
          "MB/s (95% CI)",
          "server CPU s/GB (user + sys)",
          "client CPU s/GB (user + sys)",
          "AEAD MB/s",
          "of AEAD"};
}

// What a cell asked for, or what was negotiated where it left the choice to the library (a
// download from a real server).
std::string Configured(const std::string& asked, const std::string& negotiated) {
  if (!asked.empty()) {
    return asked;
  }
  return negotiated.empty() ? "-" : negotiated;
}

std::vector<std::string> TransferCells(const TlsRun& run, const TlsCell& cell) {
  const bool tcp = cell.transport == "tcp";
  std::vector<std::string> row = {TransferLabel(cell),
                                  tcp ? "-" : Configured(cell.protocol, cell.negotiated.protocol),
                                  tcp ? "-" : Configured(cell.group, cell.negotiated.group),
                                  tcp ? "-" : Configured(cell.cert, "")};
  if (!cell.url.empty() && !cell.negotiated.suite.empty()) {
    row[0] += " (" + cell.negotiated.suite + ")";
  }
  if (cell.status != CellStatus::kOk || !cell.figures) {
    row.push_back(StatusText(cell));
    return row;
  }
  row.push_back(RateText(cell));
  row.push_back(CpuText(cell, true));
  row.push_back(CpuText(cell, false));
  const std::optional<results::Estimate> ceiling = AeadCeiling(run, cell);
  if (ceiling && ceiling->value > 0) {
    row.push_back(report::FormatMbPerS(ceiling->value));
    row.push_back(fmt::format("{:.0f}%", 100 * cell.figures->rate.value / ceiling->value));
  } else {
    row.push_back("-");
    row.push_back("-");
  }
  return row;
}

// The handshake matrix: one row per group and certificate, full and resumed side by side.
struct HandshakeRow {
  std::string group;
  std::string cert;
  const TlsCell* full = nullptr;
  const TlsCell* resumed = nullptr;
  std::vector<std::string> cells{};  ///< as the tables show it (ShownHandshakeRows)
};

std::vector<HandshakeRow> HandshakeRows(const TlsRun& run) {
  std::vector<HandshakeRow> rows;
  for (const TlsCell& cell : run.handshakes) {
    auto it = std::find_if(rows.begin(), rows.end(), [&](const HandshakeRow& row) {
      return row.group == cell.group && row.cert == cell.cert;
    });
    if (it == rows.end()) {
      rows.push_back({cell.group, cell.cert});
      it = rows.end() - 1;
    }
    (cell.mode == "resumed" ? it->resumed : it->full) = &cell;
  }
  return rows;
}

// A group whose every cell is unsupported, with the reason: shown once instead of a row per
// certificate.
std::map<std::string, std::string> UnsupportedGroups(const TlsRun& run) {
  std::map<std::string, std::string> reasons;
  std::set<std::string> supported;
  for (const TlsCell& cell : run.handshakes) {
    if (cell.status == CellStatus::kUnsupported) {
      reasons.emplace(cell.group, cell.message);
    } else {
      supported.insert(cell.group);
    }
  }
  for (const std::string& group : supported) {
    reasons.erase(group);
  }
  return reasons;
}

std::vector<std::string> HandshakeHeader() {
  return {"group",     "cert",      "full/s (95% CI)",
          "server µs", "client µs", "resumed/s (95% CI)",
          "server µs", "client µs"};
}

void AddHandshakeMode(const TlsCell* cell, std::vector<std::string>& row) {
  if (cell == nullptr) {
    row.insert(row.end(), {"-", "-", "-"});
  } else if (cell->status != CellStatus::kOk || !cell->figures) {
    row.insert(row.end(), {report::StatusLabel(cell->status), "-", "-"});
  } else {
    const TlsFigures& f = *cell->figures;
    row.push_back(RateText(*cell));
    row.push_back(f.server_cpu_ns_per_unit.value > 0
                      ? FormatCost(f.server_cpu_ns_per_unit.value / 1e3)
                      : "n/a");
    row.push_back(FormatCost(f.client_cpu_ns_per_unit.value / 1e3));
  }
}

// The rows the handshake tables show (a group whose every cell is unsupported is a note
// instead), each with its cells: group, cert, then for full and resumed the rate, server µs and
// client µs.
std::vector<HandshakeRow> ShownHandshakeRows(const TlsRun& run) {
  const std::map<std::string, std::string> unsupported_groups = UnsupportedGroups(run);
  std::vector<HandshakeRow> shown;
  for (HandshakeRow& row : HandshakeRows(run)) {
    if (unsupported_groups.count(row.group) != 0) {
      continue;
    }
    row.cells = {row.group, row.cert};
    AddHandshakeMode(row.full, row.cells);
    AddHandshakeMode(row.resumed, row.cells);
    shown.push_back(std::move(row));
  }
  return shown;
}

std::string LibraryLine(const TlsRun& run) {
  const std::string version = run.library.version.empty() ? "unknown version" : run.library.version;
  if (run.backend == "gnutls") {
    return "gnutls backend: GnuTLS " + version;
  }
  return fmt::format("{} backend: {}", run.backend, version);
}

std::string MethodLine(const TlsRun& run) {
  const TlsMethod& m = run.method;
  const bool downloads = !run.transfers.empty() && !run.transfers.front().url.empty();
  if (downloads) {
    return fmt::format(
        "downloads from a real server, each timed from the request to the body's last byte and "
        "checked by SHA-256; median of >= {} downloads with {:g}% CI, precision ±{:g}%, budget "
        "{:g} s; MB/s = 10^6 bytes/s; CPU s/GB = the client's CPU seconds per 10^9 bytes",
        m.min_samples, m.confidence * 100, m.precision * 100, m.max_seconds);
  }
  return fmt::format(
      "{} per transfer over loopback TCP in {} records, every byte checked; median of >= {} "
      "transfers with {:g}% CI, precision ±{:g}%, budget {:g} s per transfer and {:g} s per "
      "handshake cell; MB/s = 10^6 bytes/s; CPU s/GB = CPU seconds per 10^9 bytes",
      SizeText(m.transfer_bytes), SizeText(m.record_size), m.min_samples, m.confidence * 100,
      m.precision * 100, m.max_seconds, m.handshake_seconds);
}

std::vector<std::string> Notes(const TlsRun& run) {
  std::vector<std::string> notes;
  notes.push_back("kTLS: " + run.ktls.status + ": " + run.ktls.reason);
  for (const auto* cells : {&run.transfers, &run.handshakes}) {
    for (const TlsCell& cell : *cells) {
      const std::string label =
          cell.kind == "handshake"
              ? fmt::format("handshakes {} {} {}", cell.group, cell.cert, cell.mode)
              : TransferLabel(cell);
      if (cell.status != CellStatus::kOk && cell.status != CellStatus::kUnsupported) {
        notes.push_back(fmt::format("{}: {}", label, StatusText(cell)));
      } else if (cell.status == CellStatus::kOk && cell.figures &&
                 !cell.figures->precision_reached) {
        const TlsFigures& f = *cell.figures;
        if (f.ci_confidence < f.confidence) {
          notes.push_back(fmt::format(
              "{}: only {} samples within the budget: the CI ({}) covers the median with "
              "{:.1f}%, not {:g}%",
              label, f.num_samples, CiText(f.rate), f.ci_confidence * 100, f.confidence * 100));
        } else {
          notes.push_back(fmt::format(
              "{}: the ±{:g}% precision target was not met within the budget ({} samples, CI "
              "{})",
              label, run.method.precision * 100, f.num_samples, CiText(f.rate)));
        }
      }
    }
  }
  for (const auto& [group, reason] : UnsupportedGroups(run)) {
    notes.push_back(fmt::format("{}: unsupported: {}", group, reason));
  }
  return notes;
}

void WriteMarkdownRow(const std::vector<std::string>& cells, std::ostream& out) {
  out << '|';
  for (const std::string& cell : cells) {
    out << ' ' << report::MarkdownText(cell) << " |";
  }
  out << '\n';
}

void WriteMarkdownTable(const std::vector<std::string>& header,
                        const std::vector<std::vector<std::string>>& rows, std::ostream& out) {
  WriteMarkdownRow(header, out);
  out << '|';
  for (size_t i = 0; i < header.size(); ++i) {
    out << (i < 4 ? " --- |" : " ---: |");
  }
  out << '\n';
  for (std::vector<std::string> row : rows) {
    row.resize(header.size());
    WriteMarkdownRow(row, out);
  }
}

std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) {
    return text;
  }
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') {
      quoted += '"';
    }
    quoted += c;
  }
  quoted += '"';
  return quoted;
}

std::string Number(double value) { return fmt::format("{}", value); }

}  // namespace

std::string TransferLabel(const TlsCell& cell) {
  if (cell.transport == "tcp") {
    return "plain TCP (no TLS)";
  }
  if (!cell.url.empty()) {
    return "download " + cell.url;
  }
  if (!cell.ktls) {
    return cell.suite;
  }
  // Only the sending side in the kernel: the client decrypted in user space.
  return cell.suite + (cell.status == CellStatus::kOk && !cell.negotiated.ktls_recv ? " + kTLS send"
                                                                                    : " + kTLS");
}

const results::Cell* AeadCeilingCell(const TlsRun& run, const TlsCell& cell) {
  if (!run.aead_ceiling || cell.aead.empty()) {
    return nullptr;
  }
  for (const results::AlgorithmResult& alg : run.aead_ceiling->algorithms) {
    if (alg.algorithm != cell.aead) {
      continue;
    }
    for (const results::Cell& c : alg.cells) {
      if (c.input_len == cell.record_size && c.status == CellStatus::kOk && c.figures &&
          c.figures->bytes_per_s) {
        return &c;
      }
    }
  }
  return nullptr;
}

std::optional<results::Estimate> AeadCeiling(const TlsRun& run, const TlsCell& cell) {
  const results::Cell* c = AeadCeilingCell(run, cell);
  return c != nullptr ? std::optional<results::Estimate>(*c->figures->bytes_per_s) : std::nullopt;
}

void RenderTlsTable(const TlsRun& run, std::ostream& out) {
  const results::MachineInfo& machine = run.machine;
  out << fmt::format("cryptobench {} tls, {}\n", run.source.tool_version, LibraryLine(run));
  if (run.backend == "openssl") {
    out << fmt::format("libcrypto: {}; libssl: {}\n", run.library.loaded_path,
                       run.libssl_loaded_path);
  }
  out << fmt::format("Capability vector: {}\n", report::CapabilityText(run.library));
  out << fmt::format("CPU: {}, {} online CPUs{}; kernel {}\n",
                     machine.cpu_model.empty() ? "unknown" : machine.cpu_model, machine.online_cpus,
                     machine.hypervisor ? ", virtual machine" : "", machine.kernel);
  out << fmt::format("Method: {}\n", MethodLine(run));
  if (!run.transfers.empty()) {
    out << "\nBulk transfers (server -> client; CPU per GB of application data)\n";
    std::vector<report::TextTable::Column> columns;
    for (const std::string& header : TransferHeader()) {
      columns.push_back({header, columns.size() < 4 ? report::TextTable::Align::kLeft
                                                    : report::TextTable::Align::kRight});
    }
    report::TextTable table(columns);
    for (const TlsCell& cell : run.transfers) {
      table.AddRow(TransferCells(run, cell));
    }
    table.Write(out, "  ");
  }
  if (!run.handshakes.empty()) {
    out << "\nHandshakes (TLS 1.3, TLS_AES_128_GCM_SHA256; each a new TCP connection and an "
           "empty HTTPS request; CPU µs per handshake)\n";
    std::vector<report::TextTable::Column> columns;
    for (const std::string& header : HandshakeHeader()) {
      columns.push_back({header, columns.size() < 2 ? report::TextTable::Align::kLeft
                                                    : report::TextTable::Align::kRight});
    }
    report::TextTable table(columns);
    for (const HandshakeRow& row : ShownHandshakeRows(run)) {
      table.AddRow(row.cells);
    }
    table.Write(out, "  ");
  }
  out << "\nNotes:\n";
  for (const std::string& note : Notes(run)) {
    out << "  " << note << '\n';
  }
}

void RenderTlsMarkdown(const TlsRun& run, std::ostream& out) {
  out << "## cryptobench tls\n\n### Environment\n\n";
  out << fmt::format("- Tool: cryptobench {}\n", run.source.tool_version);
  out << fmt::format("- Library: {}\n", report::MarkdownText(LibraryLine(run)));
  if (run.backend == "openssl") {
    out << fmt::format("- libcrypto: {}\n", report::MarkdownCode(run.library.loaded_path));
    out << fmt::format("- libssl: {}\n", report::MarkdownCode(run.libssl_loaded_path));
  }
  out << fmt::format("- Capability vector: {}\n",
                     report::MarkdownCode(report::CapabilityText(run.library)));
  out << fmt::format("- CPU: {}, {} online CPUs{}\n", report::MarkdownText(run.machine.cpu_model),
                     run.machine.online_cpus, run.machine.hypervisor ? ", virtual machine" : "");
  out << fmt::format("- Kernel: {}\n", report::MarkdownText(run.machine.kernel));
  out << fmt::format("- Method: {}\n", report::MarkdownText(MethodLine(run)));
  if (!run.transfers.empty()) {
    out << "\n### Bulk transfers\n\n";
    std::vector<std::vector<std::string>> rows;
    for (const TlsCell& cell : run.transfers) {
      rows.push_back(TransferCells(run, cell));
    }
    WriteMarkdownTable(TransferHeader(), rows, out);
  }
  if (!run.handshakes.empty()) {
    out << "\n### Handshakes (TLS 1.3, TLS_AES_128_GCM_SHA256, CPU µs per handshake)\n\n";
    std::vector<std::vector<std::string>> rows;
    for (const HandshakeRow& row : ShownHandshakeRows(run)) {
      rows.push_back(row.cells);
    }
    WriteMarkdownTable(HandshakeHeader(), rows, out);
  }
  out << "\n### Notes\n\n";
  for (const std::string& note : Notes(run)) {
    out << "- " << report::MarkdownText(note) << '\n';
  }
}

void RenderTlsCsv(const TlsRun& run, std::ostream& out) {
  out << "kind,transport,protocol,suite,group,cert,mode,ktls,record_size,transfer_bytes,status,"
         "rate,rate_ci_low,rate_ci_high,rate_unit,server_cpu_per_unit,server_user_per_unit,"
         "server_sys_per_unit,client_cpu_per_unit,client_user_per_unit,client_sys_per_unit,"
         "cpu_unit,aead_ceiling_bytes_per_s,num_samples,message\n";
  for (const auto* cells : {&run.transfers, &run.handshakes}) {
    for (const TlsCell& cell : *cells) {
      const bool handshake = cell.kind == "handshake";
      std::vector<std::string> fields = {cell.kind,
                                         cell.transport,
                                         cell.protocol,
                                         cell.suite,
                                         cell.group,
                                         cell.cert,
                                         cell.mode,
                                         cell.ktls ? "true" : "false",
                                         std::to_string(cell.record_size),
                                         std::to_string(cell.transfer_bytes),
                                         results::CellStatusName(cell.status)};
      if (cell.figures) {
        const TlsFigures& f = *cell.figures;
        const double scale = handshake ? 1e-3 : 1.0;
        fields.insert(
            fields.end(),
            {Number(f.rate.value), Number(f.rate.ci_low), Number(f.rate.ci_high),
             handshake ? "handshakes/s" : "bytes/s", Number(f.server_cpu_ns_per_unit.value * scale),
             Number(f.server_user_ns_per_unit * scale), Number(f.server_sys_ns_per_unit * scale),
             Number(f.client_cpu_ns_per_unit.value * scale),
             Number(f.client_user_ns_per_unit * scale), Number(f.client_sys_ns_per_unit * scale),
             handshake ? "us/handshake" : "s/GB"});
        const std::optional<results::Estimate> ceiling = AeadCeiling(run, cell);
        fields.push_back(ceiling ? Number(ceiling->value) : "");
        fields.push_back(std::to_string(f.num_samples));
      } else {
        fields.insert(fields.end(), 13, "");
      }
      fields.push_back(cell.message);
      std::string line;
      for (size_t i = 0; i < fields.size(); ++i) {
        if (i > 0) {
          line += ',';
        }
        line += CsvField(fields[i]);
      }
      out << line << '\n';
    }
  }
}

void RenderTlsJson(const TlsRun& run, std::ostream& out) {
  out << TlsRunToJson(run).dump(2) << '\n';
}

report::Document TlsDocument(const TlsRun& run) {
  using report::Column;
  using report::kHtmlTarget;
  report::Document doc;
  doc.Add(report::Heading{"cryptobench tls", 1}, kHtmlTarget);
  report::FieldList environment;
  const auto field = [&](const char* label, const std::string& value, bool code = false) {
    environment.fields.emplace_back(label, report::Inline{{value, code}}, kHtmlTarget);
  };
  field("Tool", "cryptobench " + run.source.tool_version);
  field("Library", LibraryLine(run));
  if (run.backend == "openssl") {
    field("libcrypto", run.library.loaded_path, true);
    field("libssl", run.libssl_loaded_path, true);
  }
  field("Capability vector", report::CapabilityText(run.library), true);
  field("CPU", fmt::format("{}, {} online CPUs{}", run.machine.cpu_model, run.machine.online_cpus,
                           run.machine.hypervisor ? ", virtual machine" : ""));
  field("Kernel", run.machine.kernel);
  field("Method", MethodLine(run));
  doc.Add(std::move(environment), kHtmlTarget);

  const auto table_of = [](const std::vector<std::string>& header, size_t left) {
    report::Table table;
    for (size_t i = 0; i < header.size(); ++i) {
      table.columns.emplace_back(header[i], "",
                                 i < left ? Column::Align::kLeft : Column::Align::kRight);
    }
    return table;
  };
  if (!run.transfers.empty()) {
    doc.Add(report::Heading{"Bulk transfers", 2}, kHtmlTarget);
    report::Chart chart =
        report::BarChart("Bulk transfers: throughput against the AEAD's own ceiling, MB/s",
                         "transfer", "throughput", "MB/s", "figure");
    report::ChartSeries measured{"transfer (median)", {}};
    report::ChartSeries ceilings{"AEAD ceiling (encrypt at the record size)", {}};
    report::Table table = table_of(TransferHeader(), 4);
    for (const TlsCell& cell : run.transfers) {
      std::vector<std::string> texts = TransferCells(run, cell);
      std::vector<report::TableCell> row(texts.begin(), texts.end());
      if (cell.status == CellStatus::kOk && cell.figures) {
        const results::Estimate& rate = cell.figures->rate;
        report::ChartPoint point;
        point.value = rate.value / 1e6;
        point.ci_low = rate.ci_low / 1e6;
        point.ci_high = rate.ci_high / 1e6;
        row[4].value = point.value;
        row[4].ci_low = point.ci_low;
        row[4].ci_high = point.ci_high;
        report::ChartPoint ceiling;
        ceiling.value = std::nan("");
        if (const std::optional<results::Estimate> aead = AeadCeiling(run, cell);
            aead && aead->value > 0) {
          ceiling.value = aead->value / 1e6;
          ceiling.ci_low = aead->ci_low / 1e6;
          ceiling.ci_high = aead->ci_high / 1e6;
        }
        chart.categories.push_back(row[0].text);
        measured.points.push_back(point);
        ceilings.points.push_back(ceiling);
      }
      table.rows.push_back(std::move(row));
    }
    if (!chart.categories.empty()) {
      chart.series.push_back(std::move(measured));
      chart.series.push_back(std::move(ceilings));
      doc.Add(std::move(chart), kHtmlTarget);
    }
    doc.Add(std::move(table), kHtmlTarget);
  }
  if (!run.handshakes.empty()) {
    doc.Add(
        report::Heading{"Handshakes (TLS 1.3, TLS_AES_128_GCM_SHA256, CPU µs per handshake)", 2},
        kHtmlTarget);
    report::Chart chart = report::BarChart("Handshakes: full and resumed, handshakes/s",
                                           "group and certificate", "rate", "handshakes/s", "mode");
    report::ChartSeries full{"full", {}};
    report::ChartSeries resumed{"resumed", {}};
    const auto point_of = [](const TlsCell* cell) {
      report::ChartPoint point;
      point.value = std::nan("");
      if (cell != nullptr && cell->status == CellStatus::kOk && cell->figures) {
        point.value = cell->figures->rate.value;
        point.ci_low = cell->figures->rate.ci_low;
        point.ci_high = cell->figures->rate.ci_high;
      }
      return point;
    };
    report::Table table = table_of(HandshakeHeader(), 2);
    for (const HandshakeRow& row : ShownHandshakeRows(run)) {
      table.rows.emplace_back(row.cells.begin(), row.cells.end());
      const report::ChartPoint a = point_of(row.full);
      const report::ChartPoint b = point_of(row.resumed);
      if (!std::isnan(a.value) || !std::isnan(b.value)) {
        chart.categories.push_back(fmt::format("{} {}", row.group, row.cert));
        full.points.push_back(a);
        resumed.points.push_back(b);
      }
    }
    if (!chart.categories.empty()) {
      chart.series.push_back(std::move(full));
      chart.series.push_back(std::move(resumed));
      doc.Add(std::move(chart), kHtmlTarget);
    }
    doc.Add(std::move(table), kHtmlTarget);
  }
  report::NoteList notes;
  notes.markdown_heading = "Notes";
  for (const std::string& note : Notes(run)) {
    notes.notes.emplace_back(note);
  }
  doc.Add(std::move(notes), kHtmlTarget);
  return doc;
}

void RenderTls(const TlsRun& run, report::Format format, std::ostream& out) {
  switch (format) {
    case report::Format::kTable:
      RenderTlsTable(run, out);
      return;
    case report::Format::kMarkdown:
      RenderTlsMarkdown(run, out);
      return;
    case report::Format::kCsv:
      RenderTlsCsv(run, out);
      return;
    case report::Format::kJson:
      RenderTlsJson(run, out);
      return;
    case report::Format::kHtml:
      report::WriteHtml(TlsDocument(run), out);
      return;
    case report::Format::kOpenssl:
    case report::Format::kGbenchJson:
      break;
  }
  throw std::invalid_argument(
      fmt::format("tls results cannot be rendered as {}", report::FormatName(format)));
}

}  // namespace cryptobench::tls
