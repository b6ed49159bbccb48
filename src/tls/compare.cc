// Comparing tls runs: matched cells, ratios with CIs, and whether the AEAD explains a change.
#include "tls/compare.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "algorithms/catalog.h"
#include "report/format_util.h"
#include "report/text_table.h"

#include "compare/format.h"
#include "compare/ratio.h"
#include "diagnose/doctor_from.h"
#include "tls/render.h"

namespace cryptobench::tls {
namespace {

using compare::Figure;
using compare::RatioEstimate;
using compare::Verdict;
using results::CellStatus;

std::string RowKey(const TlsCell& cell) {
  if (cell.kind == "handshake") {
    return fmt::format("handshake|{}|{}|{}", cell.group, cell.cert, cell.mode);
  }
  return fmt::format("transfer|{}|{}|{}", cell.transport, cell.suite, cell.ktls ? "ktls" : "");
}

std::string RowLabel(const TlsCell& cell) {
  if (cell.kind == "handshake") {
    return fmt::format("{} {} {}", cell.group, cell.cert, cell.mode);
  }
  return TransferLabel(cell);
}

Figure ToFigure(const results::Estimate& estimate, double ci_confidence, size_t samples) {
  Figure figure;
  figure.value = estimate.value;
  figure.ci_low = estimate.ci_low;
  figure.ci_high = estimate.ci_high;
  figure.ci_confidence = ci_confidence;
  figure.num_samples = samples;
  figure.has_ci = samples >= 2 && ci_confidence > 0 && estimate.ci_low > 0 &&
                  estimate.ci_low <= estimate.value && estimate.value <= estimate.ci_high;
  return figure;
}

std::optional<TlsRatio> Ratio(const Figure& a, const Figure& b, double threshold) {
  if (a.value <= 0 || b.value <= 0) {
    return std::nullopt;
  }
  TlsRatio ratio;
  ratio.estimate = compare::EstimateRatio(a, b);
  ratio.verdict = compare::JudgeVerdict(ratio.estimate, threshold);
  return ratio;
}

bool Changed(const std::optional<TlsRatio>& ratio) {
  return ratio && ratio->verdict == Verdict::kSignificant;
}

// Whether the server's CPU per GB on B follows from the AEAD's speed: the prediction lies
// within the measured ratio's CI widened by the threshold.
std::string Explain(const TlsRow& row, double threshold, const std::vector<AeadVerdict>& verdicts,
                    const std::string& letter_a, const std::string& letter_b) {
  if (!Changed(row.rate) && !Changed(row.server_cpu) && !Changed(row.client_cpu)) {
    return "";
  }
  if (!row.aead || !row.predicted_server_cpu_b || !row.server_cpu) {
    return row.a->transport == "tcp" ? "plain TCP changed too: the machine or its load differs"
                                     : "no AEAD ceiling on both sides to attribute it with";
  }
  const double measured = row.b->figures->server_cpu_ns_per_unit.value;
  const double predicted = *row.predicted_server_cpu_b;
  const double a_cpu = row.a->figures->server_cpu_ns_per_unit.value;
  const RatioEstimate& cpu = row.server_cpu->estimate;
  const double predicted_ratio = predicted / a_cpu;
  const double low = (cpu.has_ci ? cpu.ci_low : cpu.ratio) * (1 - threshold);
  const double high = (cpu.has_ci ? cpu.ci_high : cpu.ratio) * (1 + threshold);
  std::string doctor;
  for (const AeadVerdict& verdict : verdicts) {
    if (verdict.algorithm == row.a->aead && verdict.problem &&
        (verdict.side == letter_a || verdict.side == letter_b)) {
      doctor += fmt::format(" Doctor on {}: {}", verdict.side, verdict.line);
    }
  }
  const std::string numbers = fmt::format(
      "{}'s {} runs at {}x {}'s (speed at the record size), which predicts {} s/GB of server CPU "
      "on {}; measured {} s/GB",
      letter_b, row.a->aead, compare::RatioText(row.aead->estimate.ratio), letter_a,
      report::FormatCost(predicted), letter_b, report::FormatCost(measured));
  if (row.aead->verdict == Verdict::kWithinThreshold) {
    return fmt::format(
        "not from the AEAD ({} within ±{} on both sides): the difference is in the rest of the "
        "stack (record layer, copies, system calls) or in the machine's load",
        row.a->aead, compare::PercentText(threshold));
  }
  if (row.aead->verdict != Verdict::kSignificant) {
    // The AEAD's own change is not established (its CI includes 1, or a side has one figure):
    // blaming it would be a guess, and runs measured apart also differ by the machine's load.
    return fmt::format(
        "cannot tell whether the AEAD contributes: {}'s {} runs at {} of {}'s, {}; runs measured "
        "apart also differ by the machine's load: measure both libraries in one run (compare "
        "--tls --lib NAME=PATH --lib NAME=PATH)",
        letter_b, row.a->aead, compare::RatioCiText(row.aead->estimate), letter_a,
        row.aead->verdict == Verdict::kNotTestable ? "a single figure on a side, so no CI"
                                                   : "and its 95% CI includes 1 (no change)");
  }
  if (predicted_ratio >= low && predicted_ratio <= high) {
    return "follows from the AEAD: " + numbers + "." + doctor;
  }
  return "the AEAD explains part of it: " + numbers + "." + doctor;
}

std::string RatioCell(const std::optional<TlsRatio>& ratio) {
  if (!ratio) {
    return "-";
  }
  std::string text = compare::RatioText(ratio->estimate.ratio);
  if (ratio->estimate.has_ci) {
    text += " (" + compare::RatioCiText(ratio->estimate) + ")";
  }
  if (ratio->verdict == Verdict::kSignificant) {
    text += " *";
  }
  return text;
}

std::string VerdictWord(Verdict verdict) { return compare::VerdictName(verdict); }

nlohmann::ordered_json RatioJson(const std::optional<TlsRatio>& ratio) {
  if (!ratio) {
    return nullptr;
  }
  nlohmann::ordered_json j;
  j["ratio"] = ratio->estimate.ratio;
  j["has_ci"] = ratio->estimate.has_ci;
  j["ci_low"] = ratio->estimate.ci_low;
  j["ci_high"] = ratio->estimate.ci_high;
  j["ci_confidence"] = ratio->estimate.ci_confidence;
  j["verdict"] = VerdictWord(ratio->verdict);
  return j;
}

std::string SideLine(const TlsSide& side) {
  return fmt::format("{}  {}  {} backend, {}; capability vector {}{}", side.letter, side.label,
                     side.run.backend, side.run.library.version,
                     report::CapabilityText(side.run.library), side.live ? " (measured now)" : "");
}

}  // namespace

TlsComparison CompareTls(std::vector<TlsSide> sides, double threshold) {
  TlsComparison comparison;
  comparison.sides = std::move(sides);
  comparison.threshold = threshold;
  // Doctor on every AEAD a side used, from its ceiling run alone (no measuring).
  for (const TlsSide& side : comparison.sides) {
    if (!side.run.aead_ceiling) {
      continue;
    }
    std::vector<const AlgorithmInfo*> aeads;
    for (const results::AlgorithmResult& alg : side.run.aead_ceiling->algorithms) {
      if (const AlgorithmInfo* info = FindAlgorithm(alg.algorithm); info != nullptr) {
        aeads.push_back(info);
      }
    }
    if (aeads.empty()) {
      continue;
    }
    const diagnose::DoctorReport report = diagnose::DiagnoseReport(*side.run.aead_ceiling, aeads);
    for (const diagnose::Verdict& verdict : report.verdicts) {
      comparison.verdicts.push_back(
          {side.letter, verdict.algorithm, verdict.line, diagnose::IsProblem(verdict.status)});
    }
  }
  const TlsSide& a = comparison.sides.front();
  for (size_t s = 1; s < comparison.sides.size(); ++s) {
    const TlsSide& b = comparison.sides[s];
    TlsPair pair{&a, &b, {}};
    std::map<std::string, const TlsCell*> b_cells;
    for (const auto* cells : {&b.run.transfers, &b.run.handshakes}) {
      for (const TlsCell& cell : *cells) {
        b_cells.emplace(RowKey(cell), &cell);
      }
    }
    for (const auto* cells : {&a.run.transfers, &a.run.handshakes}) {
      for (const TlsCell& cell : *cells) {
        const auto other = b_cells.find(RowKey(cell));
        if (other == b_cells.end()) {
          continue;
        }
        TlsRow row;
        row.kind = cell.kind;
        row.label = RowLabel(cell);
        row.a = &cell;
        row.b = other->second;
        const bool a_ok = cell.status == CellStatus::kOk && cell.figures;
        const bool b_ok = row.b->status == CellStatus::kOk && row.b->figures;
        if (!a_ok || !b_ok) {
          const TlsCell& bad = !a_ok ? cell : *row.b;
          row.not_compared =
              fmt::format("{}: {}", !a_ok ? a.letter : b.letter, report::StatusLabel(bad.status));
          pair.rows.push_back(std::move(row));
          continue;
        }
        const TlsFigures& fa = *cell.figures;
        const TlsFigures& fb = *row.b->figures;
        row.rate = Ratio(ToFigure(fa.rate, fa.ci_confidence, fa.num_samples),
                         ToFigure(fb.rate, fb.ci_confidence, fb.num_samples), threshold);
        row.server_cpu =
            Ratio(ToFigure(fa.server_cpu_ns_per_unit, fa.ci_confidence, fa.num_samples),
                  ToFigure(fb.server_cpu_ns_per_unit, fb.ci_confidence, fb.num_samples), threshold);
        row.client_cpu =
            Ratio(ToFigure(fa.client_cpu_ns_per_unit, fa.ci_confidence, fa.num_samples),
                  ToFigure(fb.client_cpu_ns_per_unit, fb.ci_confidence, fb.num_samples), threshold);
        const results::Cell* ceiling_a = AeadCeilingCell(a.run, cell);
        const results::Cell* ceiling_b = AeadCeilingCell(b.run, *row.b);
        if (cell.kind == "transfer" && ceiling_a != nullptr && ceiling_b != nullptr) {
          const results::CellFigures& ca = *ceiling_a->figures;
          const results::CellFigures& cb = *ceiling_b->figures;
          row.aead = Ratio(ToFigure(*ca.bytes_per_s, ca.ci_confidence, ca.num_samples),
                           ToFigure(*cb.bytes_per_s, cb.ci_confidence, cb.num_samples), threshold);
          if (fa.server_cpu_ns_per_unit.value > 0) {
            row.predicted_server_cpu_b =
                std::max(0.0, fa.server_cpu_ns_per_unit.value - 1e9 / ca.bytes_per_s->value +
                                  1e9 / cb.bytes_per_s->value);
          }
        }
        row.explanation = Explain(row, threshold, comparison.verdicts, a.letter, b.letter);
        pair.rows.push_back(std::move(row));
      }
    }
    for (const TlsRow& row : pair.rows) {
      if (!row.explanation.empty()) {
        const std::string what =
            row.kind == "handshake"
                ? fmt::format("{} makes {}x {}'s handshakes per second at {}x the server CPU",
                              b.letter, compare::RatioText(row.rate->estimate.ratio), a.letter,
                              row.server_cpu ? compare::RatioText(row.server_cpu->estimate.ratio)
                                             : std::string("?"))
                : fmt::format(
                      "{} moves {}x {}'s bytes per second and spends {}x its server CPU "
                      "per GB",
                      b.letter, compare::RatioText(row.rate->estimate.ratio), a.letter,
                      row.server_cpu ? compare::RatioText(row.server_cpu->estimate.ratio)
                                     : std::string("?"));
        comparison.summary.push_back(
            row.kind == "handshake" ? fmt::format("handshakes {}: {}", row.label, what)
                                    : fmt::format("{}: {}; {}", row.label, what, row.explanation));
      }
    }
    comparison.pairs.push_back(std::move(pair));
  }
  if (comparison.summary.empty()) {
    comparison.summary.push_back(
        fmt::format("no cell changed significantly beyond ±{}", compare::PercentText(threshold)));
  }
  return comparison;
}

void RenderTlsComparison(const TlsComparison& comparison, compare::CompareFormat format,
                         std::ostream& out) {
  if (format == compare::CompareFormat::kJson) {
    nlohmann::ordered_json doc;
    doc["schema_version"] = results::kSchemaVersion;
    doc["kind"] = "compare_tls";
    // When and by what it was made: `store import` and `compare --tls --save` keep it by time.
    if (!comparison.created_utc.empty()) {
      doc["created_utc"] = comparison.created_utc;
    }
    if (!comparison.tool_version.empty()) {
      doc["tool_version"] = comparison.tool_version;
    }
    doc["threshold"] = comparison.threshold;
    nlohmann::ordered_json sides = nlohmann::ordered_json::array();
    for (const TlsSide& side : comparison.sides) {
      nlohmann::ordered_json j;
      j["letter"] = side.letter;
      j["label"] = side.label;
      j["live"] = side.live;
      j["backend"] = side.run.backend;
      j["library_version"] = side.run.library.version;
      j["library_path"] = side.run.library.loaded_path;
      j["capability_vector"] = side.run.library.capability_vector;
      j["cpu_model"] = side.run.machine.cpu_model;
      sides.push_back(j);
    }
    doc["sides"] = sides;
    nlohmann::ordered_json pairs = nlohmann::ordered_json::array();
    for (const TlsPair& pair : comparison.pairs) {
      nlohmann::ordered_json p;
      p["a"] = pair.a->letter;
      p["b"] = pair.b->letter;
      nlohmann::ordered_json rows = nlohmann::ordered_json::array();
      for (const TlsRow& row : pair.rows) {
        nlohmann::ordered_json r;
        r["kind"] = row.kind;
        r["label"] = row.label;
        if (!row.not_compared.empty()) {
          r["not_compared"] = row.not_compared;
        }
        r["rate"] = RatioJson(row.rate);
        r["server_cpu"] = RatioJson(row.server_cpu);
        r["client_cpu"] = RatioJson(row.client_cpu);
        r["aead"] = RatioJson(row.aead);
        r["predicted_server_cpu_s_per_gb_b"] =
            row.predicted_server_cpu_b ? nlohmann::ordered_json(*row.predicted_server_cpu_b)
                                       : nlohmann::ordered_json(nullptr);
        r["explanation"] = row.explanation;
        rows.push_back(r);
      }
      p["rows"] = rows;
      pairs.push_back(p);
    }
    doc["pairs"] = pairs;
    nlohmann::ordered_json verdicts = nlohmann::ordered_json::array();
    for (const AeadVerdict& verdict : comparison.verdicts) {
      verdicts.push_back({{"side", verdict.side},
                          {"algorithm", verdict.algorithm},
                          {"line", verdict.line},
                          {"problem", verdict.problem}});
    }
    doc["aead_verdicts"] = verdicts;
    doc["summary"] = comparison.summary;
    out << doc.dump(2) << '\n';
    return;
  }
  const bool markdown = format == compare::CompareFormat::kMarkdown;
  const auto text = [&](const std::string& s) { return markdown ? report::MarkdownText(s) : s; };
  out << (markdown ? "## cryptobench compare --tls\n\n" : "")
      << fmt::format(
             "cryptobench compare --tls: {} sides; ratios B/A with 95% CI; * = beyond "
             "±{} and significant\n",
             comparison.sides.size(), compare::PercentText(comparison.threshold));
  for (const TlsSide& side : comparison.sides) {
    out << (markdown ? "- " : "  ") << text(SideLine(side)) << '\n';
  }
  for (const TlsPair& pair : comparison.pairs) {
    for (const char* kind : {"transfer", "handshake"}) {
      const bool transfers = std::string(kind) == "transfer";
      std::vector<std::vector<std::string>> rows;
      for (const TlsRow& row : pair.rows) {
        if (row.kind != kind) {
          continue;
        }
        if (!row.not_compared.empty()) {
          rows.push_back({row.label, "not compared: " + row.not_compared});
          continue;
        }
        const double scale = transfers ? 1e-6 : 1.0;
        const double cpu_scale = transfers ? 1.0 : 1e-3;
        rows.push_back(
            {row.label, report::FormatRate(row.a->figures->rate.value * scale),
             report::FormatRate(row.b->figures->rate.value * scale), RatioCell(row.rate),
             report::FormatCost(row.a->figures->server_cpu_ns_per_unit.value * cpu_scale),
             report::FormatCost(row.b->figures->server_cpu_ns_per_unit.value * cpu_scale),
             RatioCell(row.server_cpu), RatioCell(row.client_cpu),
             transfers ? RatioCell(row.aead) : "-"});
      }
      if (rows.empty()) {
        continue;
      }
      const std::vector<std::string> header = {
          transfers ? "transfer" : "handshake",
          transfers ? "MB/s " + pair.a->letter : "/s " + pair.a->letter,
          transfers ? "MB/s " + pair.b->letter : "/s " + pair.b->letter,
          "rate B/A",
          transfers ? "server s/GB " + pair.a->letter : "server µs " + pair.a->letter,
          transfers ? "server s/GB " + pair.b->letter : "server µs " + pair.b->letter,
          "server CPU B/A",
          "client CPU B/A",
          "AEAD B/A"};
      out << fmt::format("\n{}{} {} against {} ({})\n", markdown ? "### " : "",
                         transfers ? "Bulk transfers:" : "Handshakes:", pair.b->letter,
                         pair.a->letter, pair.b->label);
      if (markdown) {
        out << '|';
        for (const std::string& h : header) {
          out << ' ' << report::MarkdownText(h) << " |";
        }
        out << "\n|";
        for (size_t i = 0; i < header.size(); ++i) {
          out << (i == 0 ? " --- |" : " ---: |");
        }
        out << '\n';
        for (std::vector<std::string> row : rows) {
          row.resize(header.size());
          out << '|';
          for (const std::string& cell : row) {
            out << ' ' << report::MarkdownText(cell) << " |";
          }
          out << '\n';
        }
      } else {
        std::vector<report::TextTable::Column> columns;
        for (const std::string& h : header) {
          columns.push_back({h, columns.empty() ? report::TextTable::Align::kLeft
                                                : report::TextTable::Align::kRight});
        }
        report::TextTable table(columns);
        for (const std::vector<std::string>& row : rows) {
          table.AddRow(row);
        }
        table.Write(out, "  ");
      }
    }
  }
  if (!comparison.verdicts.empty()) {
    out << (markdown ? "\n### Doctor on the AEADs\n\n"
                     : "\nDoctor on the AEADs (from each "
                       "side's speed figures at the record "
                       "size):\n");
    for (const AeadVerdict& verdict : comparison.verdicts) {
      out << (markdown ? "- " : "  ") << text(verdict.side + ": " + verdict.line) << '\n';
    }
  }
  out << (markdown ? "\n### Summary\n\n" : "\nSummary:\n");
  for (const std::string& line : comparison.summary) {
    out << (markdown ? "- " : "  - ") << text(line) << '\n';
  }
}

}  // namespace cryptobench::tls
