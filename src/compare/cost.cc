// Per-call and per-byte costs from a size sweep, which of them changed, and the library
// regression they can show (compare/cost.h).
#include "compare/cost.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "report/format_util.h"
#include "stats/stats.h"

#include "compare/attribution.h"
#include "compare/format.h"
#include "diagnose/doctor_from.h"
#include "diagnose/engines.h"

namespace cryptobench::compare {
namespace {

// A coefficient with its CI: "120 ns (110 to 130)".
std::string Coefficient(double value, double low, double high, const char* unit) {
  return fmt::format("{} {} ({} to {})", ThreeDigitsText(value), unit, ThreeDigitsText(low),
                     ThreeDigitsText(high));
}

CostFit ToCostFit(const stats::LineFit& fit) {
  CostFit out;
  out.overhead_ns = fit.intercept;
  out.overhead_low = fit.intercept_low;
  out.overhead_high = fit.intercept_high;
  out.per_byte_ns = fit.slope;
  out.per_byte_low = fit.slope_low;
  out.per_byte_high = fit.slope_high;
  return out;
}

bool Disjoint(double low_a, double high_a, double low_b, double high_b) {
  return high_a < low_b || high_b < low_a;
}

std::string Lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool Contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

bool IsAead(std::string_view algorithm) {
  const std::string name = Lower(algorithm);
  return Contains(name, "gcm") || Contains(name, "ccm") || Contains(name, "ocb") ||
         Contains(name, "siv") || Contains(name, "poly1305");
}

// The single value of the facts of `kind` in `run`, or "" when there is none or more than one.
std::string SingleFact(const results::RunResult& run, std::string_view kind) {
  std::set<std::string> values;
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind == kind) {
      values.insert(fact.value);
    }
  }
  return values.size() == 1 ? *values.begin() : std::string();
}

std::string CpuModel(const results::RunResult& run) {
  return run.machine.cpu_model.empty() ? SingleFact(run, "cpu_model") : run.machine.cpu_model;
}

std::string StripPrefix(std::string text, std::string_view prefix) {
  if (text.rfind(prefix, 0) == 0) {
    text.erase(0, prefix.size());
  }
  return text;
}

// Whether a speed-tool row of kind "change" or "bug" concerns `algorithm` (see
// LibraryRegressionFindings).
bool ToolRowConcerns(const diagnose::SpeedToolChange& row, std::string_view algorithm,
                     bool both_evp, bool multi_used) {
  const bool aead = IsAead(algorithm);
  if (row.evidence == "aead-setup-per-op") {
    return aead;
  }
  if (row.evidence == "run-fault" || row.evidence == "impossible-figure") {
    // Faults that show in the paste (no figure, zeros, impossible figures): import marks those
    // cells as errors, so they cannot shift a comparison of the figures that remain.
    return false;
  }
  if (row.evidence == "multi-summary") {
    // Faults of the summary -multi's parent prints: only runs that used -multi.
    return multi_used;
  }
  const std::string text = Lower(row.change);
  const std::string name = Lower(algorithm);
  if (Contains(text, "aead") || Contains(text, "gcm")) {
    return aead;
  }
  if (Contains(text, "hmac")) {
    return Contains(name, "hmac");
  }
  if (Contains(text, "xts")) {
    return Contains(name, "xts");
  }
  if (Contains(text, "legacy")) {
    return !both_evp;
  }
  return true;
}

}  // namespace

bool FlatPerByte(const CostFit& fit) { return !(fit.per_byte_low > 0); }

std::vector<CostComparison> FitCosts(const std::vector<Row>& rows, double threshold) {
  // Rows of each (algorithm, operation), in first-seen order.
  std::vector<std::pair<std::string, std::string>> order;
  std::map<std::pair<std::string, std::string>, std::vector<const Row*>> groups;
  for (const Row& row : rows) {
    if (row.presence != Presence::kBoth || !row.symmetric || row.input_len == 0 || !row.a ||
        !row.b || !(row.a->value > 0) || !(row.b->value > 0) ||
        row.verdict == Verdict::kCannotTell || row.sizes_assumed) {
      continue;  // a fit needs each figure's size in bytes
    }
    const auto key = std::make_pair(row.algorithm, row.operation);
    if (groups.find(key) == groups.end()) {
      order.push_back(key);
    }
    groups[key].push_back(&row);
  }
  std::vector<CostComparison> out;
  for (const auto& key : order) {
    std::vector<const Row*> group = groups[key];
    std::sort(group.begin(), group.end(),
              [](const Row* x, const Row* y) { return x->input_len < y->input_len; });
    group.erase(
        std::unique(group.begin(), group.end(),
                    [](const Row* x, const Row* y) { return x->input_len == y->input_len; }),
        group.end());
    if (group.size() < kMinCostFitSizes || group.front()->input_len > kSmallInputMax ||
        group.back()->input_len < kLargeInputMin) {
      continue;
    }
    std::vector<double> sizes;
    std::vector<double> time_a;
    std::vector<double> time_b;
    CostComparison cost;
    cost.algorithm = key.first;
    cost.operation = key.second;
    cost.family = group.front()->family;
    for (const Row* row : group) {
      const double size = static_cast<double>(row->input_len);
      cost.sizes.push_back(row->input_len);
      sizes.push_back(size);
      time_a.push_back(size / row->a->value * 1e9);
      time_b.push_back(size / row->b->value * 1e9);
    }
    const stats::LineFit fit_a = stats::FitLineRelative(sizes, time_a);
    const stats::LineFit fit_b = stats::FitLineRelative(sizes, time_b);
    if (!fit_a.has_ci || !fit_b.has_ci) {
      continue;
    }
    cost.a = ToCostFit(fit_a);
    cost.b = ToCostFit(fit_b);
    const double small_time_a = time_a.front();
    cost.overhead_changed =
        Disjoint(cost.a.overhead_low, cost.a.overhead_high, cost.b.overhead_low,
                 cost.b.overhead_high) &&
        std::abs(cost.b.overhead_ns - cost.a.overhead_ns) > threshold * small_time_a;
    cost.per_byte_changed =
        cost.a.per_byte_ns > 0 &&
        Disjoint(cost.a.per_byte_low, cost.a.per_byte_high, cost.b.per_byte_low,
                 cost.b.per_byte_high) &&
        std::abs(cost.b.per_byte_ns - cost.a.per_byte_ns) > threshold * cost.a.per_byte_ns;
    cost.change = cost.overhead_changed
                      ? (cost.per_byte_changed ? CostChange::kBoth : CostChange::kPerCall)
                      : (cost.per_byte_changed ? CostChange::kPerByte : CostChange::kNone);
    if (FlatPerByte(cost.a) || FlatPerByte(cost.b)) {
      // A time per call that does not grow with size is no code path's: neither cost of that
      // fit can be read as changed (the fit itself still shows).
      cost.overhead_changed = false;
      cost.per_byte_changed = false;
      cost.change = CostChange::kFlatPerByte;
    }
    out.push_back(std::move(cost));
  }
  return out;
}

std::vector<Finding> CostFindings(const std::vector<CostComparison>& costs,
                                  const std::string& a_letter, const std::string& b_letter,
                                  size_t max_findings, bool cpus_differ, bool lower_clock) {
  // One sentence per kind of change, listing its algorithms in order.
  enum Kind { kCall, kByte, kAlike, kBoth, kKinds };
  std::vector<std::string> items[kKinds];
  std::string direction[kKinds];
  for (const CostComparison& cost : costs) {
    const std::string name = fmt::format("{} {}", cost.algorithm, cost.operation);
    const std::string call =
        fmt::format("{} -> {} ns per call", ThreeDigitsText(cost.a.overhead_ns),
                    ThreeDigitsText(cost.b.overhead_ns));
    const std::string byte = fmt::format("{} -> {} ns/B", ThreeDigitsText(cost.a.per_byte_ns),
                                         ThreeDigitsText(cost.b.per_byte_ns));
    const double call_factor = cost.b.overhead_ns / cost.a.overhead_ns;
    const double byte_factor = cost.b.per_byte_ns / cost.a.per_byte_ns;
    switch (cost.change) {
      case CostChange::kNone:
      case CostChange::kFlatPerByte:
        break;
      case CostChange::kPerCall:
        items[kCall].push_back(fmt::format("{} ({})", name, call));
        break;
      case CostChange::kPerByte:
        items[kByte].push_back(fmt::format("{} ({})", name, byte));
        break;
      case CostChange::kBoth:
        if (call_factor > 0 && byte_factor > 0 && (call_factor > 1) == (byte_factor > 1) &&
            std::max(call_factor, byte_factor) / std::min(call_factor, byte_factor) < 1.5) {
          items[kAlike].push_back(fmt::format("{} ({:.2g}x per byte)", name, byte_factor));
        } else {
          items[kBoth].push_back(fmt::format("{} ({}, {})", name, call, byte));
        }
        break;
    }
  }
  const auto list = [](const std::vector<std::string>& names) {
    std::string text;
    for (size_t i = 0; i < names.size(); ++i) {
      text += (i == 0 ? "" : (i + 1 == names.size() ? " and " : ", ")) + names[i];
    }
    return text;
  };
  const std::string sides = fmt::format(
      "{} -> {}; fitted over the sizes both measured, 95% "
      "CIs apart",
      a_letter, b_letter);
  std::vector<Finding> out;
  if (!items[kCall].empty()) {
    out.emplace_back(
        "cost-fit",
        fmt::format("Only the per-call cost changed for {} ({}): call overhead, which moves small "
                    "sizes and fades at large ones; the per-byte cost{} is unchanged.",
                    list(items[kCall]), sides,
                    cpus_differ ? "" : ", the code path (the assembly),"));
  }
  if (!items[kByte].empty()) {
    out.emplace_back(
        "cost-fit",
        fmt::format("Only the per-byte cost changed for {} ({}): {}, which moves every size; the "
                    "per-call cost is unchanged.",
                    list(items[kByte]), sides,
                    lower_clock ? "the work per byte at the slower side's lower clock (see above)"
                    : cpus_differ
                        ? "the work per byte (on different CPUs: their speed, or the code "
                          "path each CPU selects)"
                        : "the code path that processes the data"));
  }
  if (!items[kAlike].empty()) {
    out.emplace_back(
        "cost-fit",
        fmt::format("The per-call and per-byte costs changed by about the same factor for {} ({}): "
                    "the whole operation at every size ({}), not call overhead alone.",
                    list(items[kAlike]), sides,
                    lower_clock   ? "the slower side's lower clock, see above"
                    : cpus_differ ? "on different CPUs: their speed, or the code path each CPU "
                                    "selects"
                                  : "its code path, or the machine"));
  }
  if (!items[kBoth].empty()) {
    out.emplace_back("cost-fit",
                     fmt::format("Both the per-call and the per-byte cost changed for {} ({}): "
                                 "call overhead and {}.",
                                 list(items[kBoth]), sides,
                                 lower_clock   ? "the work per byte at the slower side's "
                                                 "lower clock (see above)"
                                 : cpus_differ ? "the work per byte (on different CPUs: their "
                                                 "speed, or the code path each CPU selects)"
                                               : "the code path"));
  }
  if (out.size() > max_findings) {
    out.resize(max_findings);
  }
  return out;
}

std::vector<Finding> FlatPerByteFindings(const Side& a, const Side& b,
                                         const std::vector<CostComparison>& costs) {
  std::vector<Finding> out;
  for (const CostComparison& cost : costs) {
    for (const Side* side : {&a, &b}) {
      const CostFit& fit = side == &a ? cost.a : cost.b;
      if (!FlatPerByte(fit)) {
        continue;
      }
      std::string text = fmt::format(
          "{}'s time per {} {} call does not grow with the input size: its per-byte cost, {} "
          "ns/B, is indistinguishable from zero (95% CI {} to {}). Code that processes the bytes "
          "takes longer for more of them, so this fit shows no change of per-call or per-byte "
          "cost.",
          side->letter, cost.algorithm, cost.operation, ThreeDigitsText(fit.per_byte_ns),
          ThreeDigitsText(fit.per_byte_low), ThreeDigitsText(fit.per_byte_high));
      // User CPU time with an engine or provider: the work done outside the process is not
      // counted (diagnose::UserCpuOffloadSummary's condition).
      if (!diagnose::UserCpuOffloadSummary(side->run.source.timing_basis,
                                           side->run.source.engine_or_provider)
               .empty()) {
        text += fmt::format(
            " {} was timed in user CPU time with {}, which leaves out the work {} does outside "
            "the process.",
            side->letter, side->run.source.engine_or_provider, side->run.source.engine_or_provider);
      }
      out.emplace_back("flat-per-byte", std::move(text));
    }
  }
  return out;
}

namespace {

// The offload engine or provider a side names, with its table row; nullptr row when none.
struct NamedOffload {
  std::string name;  // "engine devcrypto", "provider qatprovider"
  const diagnose::EngineOffloads* row = nullptr;
};

NamedOffload OffloadOf(const Side& side) {
  const std::string& named = side.run.source.engine_or_provider;
  const std::string engine = diagnose::EngineOfRun(named);
  if (!engine.empty()) {
    if (diagnose::CpuEngineOfRun(named) != nullptr) {
      return {};  // it works on the CPU in the process (PadLock): nothing is offloaded
    }
    return {"the " + engine + " engine", diagnose::FindEngineOffloads(engine)};
  }
  const std::string provider = diagnose::ProviderOfRun(named);
  if (!provider.empty()) {
    return {"the " + provider + " provider", diagnose::FindEngineOffloads(provider)};
  }
  return {};
}

// Whether the evidence lets `offload` take `algorithm`: a pasted engine list or a compiled-in
// table list that leaves it out says it does not.
bool MayTake(const Side& side, const NamedOffload& offload, const std::string& algorithm) {
  const auto names = [&](const std::vector<std::string>& list) {
    return std::any_of(list.begin(), list.end(), [&](const std::string& name) {
      return diagnose::SameAlgorithmName(name, algorithm);
    });
  };
  if (const std::optional<std::vector<std::string>> pasted =
          diagnose::PastedEngineAlgorithms(side.run.source.facts, offload.row->engine)) {
    return names(*pasted);
  }
  return !offload.row->fixed || names(offload.row->offloads);
}

// A time per call: "267 ns", "31.7 us".
std::string CallTime(double ns) {
  return ns >= 1000 ? fmt::format("{} us", ThreeDigitsText(ns / 1000))
                    : fmt::format("{} ns", ThreeDigitsText(ns));
}

// A size in bytes that need not be a power of two: "612 B", "1.7 KiB".
std::string ApproxSize(double bytes) {
  return bytes < 1024 ? fmt::format("{:.0f} B", bytes) : fmt::format("{:.2g} KiB", bytes / 1024);
}

}  // namespace

std::vector<Finding> OffloadCostFindings(
    const Side& a, const Side& b, const std::vector<CostComparison>& costs,
    const std::vector<Row>& rows, std::vector<std::pair<std::string, std::string>>* explained) {
  std::vector<Finding> out;
  const NamedOffload offload_a = OffloadOf(a);
  const NamedOffload offload_b = OffloadOf(b);
  // Exactly one side through an offload the table knows, the other naming no engine or provider.
  if ((offload_a.row != nullptr) == (offload_b.row != nullptr) ||
      !(offload_a.row != nullptr ? offload_b : offload_a).name.empty()) {
    return out;
  }
  if (a.run.source.timing_basis != "wall_clock" || b.run.source.timing_basis != "wall_clock" ||
      !InvocationDifferences(a, b).empty()) {
    return out;
  }
  const bool a_offloads = offload_a.row != nullptr;
  const Side& off_side = a_offloads ? a : b;
  const Side& cpu_side = a_offloads ? b : a;
  const NamedOffload& offload = a_offloads ? offload_a : offload_b;
  const bool kernel = offload.row->target == "kernel";
  const std::string per_call_why =
      kernel ? "each request is a system call into the kernel plus the driver's DMA setup for "
               "the engine"
             : "each request is submitted to the device and its reply collected";
  const std::string where = kernel ? "the kernel's crypto API" : "a device";
  for (const CostComparison& cost : costs) {
    if (!MayTake(off_side, offload, cost.algorithm)) {
      continue;
    }
    const CostFit& off = a_offloads ? cost.a : cost.b;
    const CostFit& cpu = a_offloads ? cost.b : cost.a;
    if (!(off.overhead_low > cpu.overhead_high) || !(off.overhead_ns >= 2 * cpu.overhead_ns) ||
        !(cpu.overhead_ns > 0)) {
      continue;
    }
    // The compared rows of this algorithm and operation by size, with the offload's speed over
    // the other side's.
    std::vector<std::pair<uint64_t, double>> measured;
    for (const Row& row : rows) {
      if (row.presence == Presence::kBoth && row.algorithm == cost.algorithm &&
          row.operation == cost.operation && row.ratio.ratio > 0 &&
          std::find(cost.sizes.begin(), cost.sizes.end(), row.input_len) != cost.sizes.end()) {
        const double b_over_a = row.ratio.ratio;
        measured.emplace_back(row.input_len, a_offloads ? 1 / b_over_a : b_over_a);
      }
    }
    std::sort(measured.begin(), measured.end());
    if (measured.size() < kMinCostFitSizes) {
      continue;
    }
    const auto ratio_at = [&](size_t i) {
      const double b_over_a = a_offloads ? 1 / measured[i].second : measured[i].second;
      return fmt::format("{}/{} {} at {}", b.letter, a.letter, RatioText(b_over_a),
                         report::FormatSize(measured[i].first));
    };
    const bool loses_everywhere =
        std::all_of(measured.begin(), measured.end(), [](const auto& m) { return m.second < 1; });
    const std::string head = fmt::format(
        "{} runs {} {} through {} ({}): it costs about {} per call against {}'s {} ({}: an "
        "offload's per-request cost)",
        off_side.letter, cost.algorithm, cost.operation, offload.name, where,
        CallTime(off.overhead_ns), cpu_side.letter, CallTime(cpu.overhead_ns), per_call_why);
    const std::string sides =
        fmt::format("{} -> {}; fitted over {}-{}, 95% CIs", a.letter, b.letter,
                    report::FormatSize(cost.sizes.front()), report::FormatSize(cost.sizes.back()));
    if (!(off.per_byte_high < cpu.per_byte_low) || !(off.per_byte_ns < cpu.per_byte_ns)) {
      if (!loses_everywhere) {
        continue;
      }
      out.emplace_back(
          "offload-cost",
          fmt::format("{}, and its per-byte cost ({} ns/B against {}) is not lower, so "
                      "larger requests do not make up for it: it loses at every size measured "
                      "({}). Use the CPU's own code, not the offload, for this algorithm.",
                      head, ThreeDigitsText(off.per_byte_ns), ThreeDigitsText(cpu.per_byte_ns),
                      sides),
          "offload-per-request-cost");
      if (explained != nullptr) {
        explained->emplace_back(cost.algorithm, cost.operation);
      }
      continue;
    }
    const double crossover =
        (off.overhead_ns - cpu.overhead_ns) / (cpu.per_byte_ns - off.per_byte_ns);
    std::string measured_text;
    for (size_t i = 0; i + 1 < measured.size(); ++i) {
      if (measured[i].second < 1 && measured[i + 1].second >= 1) {
        measured_text = fmt::format("; the measured ratio crosses 1 between {} and {}", ratio_at(i),
                                    ratio_at(i + 1));
        break;
      }
    }
    const std::string lines = fmt::format("the fitted lines cross at about {} ({:.0f} bytes)",
                                          ApproxSize(crossover), crossover);
    std::string verdict;
    if (!measured_text.empty()) {
      verdict = fmt::format(
          "it loses below about {} and wins above ({}{}): use the offload only for bulk data in "
          "requests well above that size, not for small records",
          ApproxSize(crossover), lines, measured_text);
    } else if (loses_everywhere) {
      verdict = fmt::format(
          "it loses at every size measured: the crossover is at or beyond the largest size "
          "measured, {} ({}; {}), so at these sizes the CPU's own code is faster",
          report::FormatSize(measured.back().first), lines, ratio_at(measured.size() - 1));
    } else if (std::all_of(measured.begin(), measured.end(),
                           [](const auto& m) { return m.second >= 1; })) {
      verdict = fmt::format(
          "it wins at every size measured: the crossover is at or below the smallest size "
          "measured, {} ({}; {})",
          report::FormatSize(measured.front().first), lines, ratio_at(0));
    } else {
      continue;  // the measured ratio goes back and forth: no one crossover to state
    }
    out.emplace_back("offload-cost",
                     fmt::format("{}, but {} ns/B against {} ns/B per byte ({}), so {}.", head,
                                 ThreeDigitsText(off.per_byte_ns), ThreeDigitsText(cpu.per_byte_ns),
                                 sides, verdict),
                     "offload-per-request-cost");
    if (explained != nullptr) {
      explained->emplace_back(cost.algorithm, cost.operation);
    }
  }
  return out;
}

std::string CostFitText(const CostFit& fit) {
  return fmt::format("{} + {} x size",
                     Coefficient(fit.overhead_ns, fit.overhead_low, fit.overhead_high, "ns"),
                     Coefficient(fit.per_byte_ns, fit.per_byte_low, fit.per_byte_high, "ns/B"));
}

RegressionPrecondition CheckRegressionPrecondition(const Side& a, const Side& b) {
  RegressionPrecondition out;
  const auto fail = [&](std::string why) {
    out.why_not = std::move(why);
    return out;
  };
  if (a.origin != SideOrigin::kImported || b.origin != SideOrigin::kImported) {
    return fail("not two imported runs");
  }
  if (LibraryProduct(a.run.library) != "openssl" || LibraryProduct(b.run.library) != "openssl") {
    return fail("not OpenSSL on both sides");
  }
  const std::string name_a = ShortLibraryVersionName(a.run.library);
  const std::string name_b = ShortLibraryVersionName(b.run.library);
  const std::optional<diagnose::LibraryVersion> va = diagnose::ParseLibraryVersion(name_a);
  const std::optional<diagnose::LibraryVersion> vb = diagnose::ParseLibraryVersion(name_b);
  if (!va || !vb) {
    return fail("a version is unknown");
  }
  const int b_vs_a = diagnose::CompareToBound(*vb, *va);
  const int a_vs_b = diagnose::CompareToBound(*va, *vb);
  if (va->text == vb->text || b_vs_a == 0 || a_vs_b == 0 || b_vs_a == a_vs_b) {
    return fail("the same version (or versions that do not order)");
  }
  out.b_is_later = b_vs_a > 0;
  out.earlier = out.b_is_later ? *va : *vb;
  out.later = out.b_is_later ? *vb : *va;
  // The platform: the `platform:` line where either side has one, else the architecture.
  const std::string platform_a = StripPrefix(a.run.library.platform, "platform: ");
  const std::string platform_b = StripPrefix(b.run.library.platform, "platform: ");
  const std::string arch_a = diagnose::ReportArch(a.run, nullptr);
  const std::string arch_b = diagnose::ReportArch(b.run, nullptr);
  if (arch_a.empty() || arch_a != arch_b) {
    return fail("the architectures differ or one is unknown");
  }
  if (!platform_a.empty() || !platform_b.empty()) {
    if (platform_a != platform_b) {
      return fail("the platforms differ or one is unknown");
    }
    out.platform = platform_a;
  } else {
    out.platform = arch_a;
  }
  out.arch = arch_a;
  // The machine: one CPU model named on each side, the same; else one uname line each, the same.
  const std::string model_a = CpuModel(a.run);
  const std::string model_b = CpuModel(b.run);
  const std::string uname_a = SingleFact(a.run, "uname");
  const std::string uname_b = SingleFact(b.run, "uname");
  if (!model_a.empty() && !model_b.empty()) {
    if (model_a != model_b) {
      return fail("the CPU models differ");
    }
  } else if (!uname_a.empty() && !uname_b.empty()) {
    if (uname_a != uname_b) {
      return fail("the uname lines differ");
    }
  } else {
    return fail("the machine is unknown on a side");
  }
  const std::string& cap_a = a.run.library.capability_vector;
  const std::string& cap_b = b.run.library.capability_vector;
  if (cap_a == "N/A" || cap_b == "N/A") {
    return fail("a side prints no capability vector (CPUINFO: N/A)");
  }
  if (!cap_a.empty() && !cap_b.empty() && cap_a != cap_b) {
    return fail("the capability vectors differ");
  }
  if (a.run.library.worker_env != b.run.library.worker_env) {
    return fail("the sides ran with different environments (an OPENSSL_ia32cap mask?)");
  }
  if (!TimingComparable(a, b) || !EngineDifference(a, b).empty() ||
      a.run.source.multi != b.run.source.multi) {
    return fail("the sides were timed differently");
  }
  if (a.run.source.evp != "evp" || b.run.source.evp != "evp") {
    return fail("a side's rows are not EVP rows");
  }
  out.ok = true;
  return out;
}

std::vector<Finding> LibraryRegressionFindings(
    const Side& a, const Side& b, const std::vector<CostComparison>& costs,
    const std::vector<Row>& rows, bool speed_tool_explains,
    const std::vector<diagnose::LibraryChange>& changes,
    const std::vector<diagnose::SpeedToolChange>& tool_changes) {
  std::vector<Finding> out;
  if (speed_tool_explains) {
    return out;
  }
  const RegressionPrecondition pre = CheckRegressionPrecondition(a, b);
  if (!pre.ok) {
    return out;
  }
  const Side& earlier_side = pre.b_is_later ? a : b;
  const Side& later_side = pre.b_is_later ? b : a;
  const bool both_evp = true;  // CheckRegressionPrecondition requires EVP rows on both sides
  const bool multi_used = a.run.source.multi > 0 || b.run.source.multi > 0;
  for (const CostComparison& cost : costs) {
    if (!cost.per_byte_changed) {
      continue;
    }
    const CostFit& earlier = pre.b_is_later ? cost.a : cost.b;
    const CostFit& later = pre.b_is_later ? cost.b : cost.a;
    if (!(later.per_byte_low > earlier.per_byte_high) || !(earlier.per_byte_low > 0)) {
      continue;
    }
    // The row at the largest size must show the later release slower beyond the threshold.
    const Row* largest = nullptr;
    for (const Row& row : rows) {
      if (row.presence == Presence::kBoth && row.algorithm == cost.algorithm &&
          row.operation == cost.operation && row.input_len == cost.sizes.back()) {
        largest = &row;
      }
    }
    const Direction later_slower = pre.b_is_later ? Direction::kSlower : Direction::kFaster;
    if (largest == nullptr || largest->direction != later_slower ||
        largest->verdict == Verdict::kNotSignificant || largest->verdict == Verdict::kCannotTell) {
      continue;
    }
    // A change of the speed tool between the versions that concerns the algorithm.
    const bool tool_changed = std::any_of(
        tool_changes.begin(), tool_changes.end(), [&](const diagnose::SpeedToolChange& row) {
          return row.tool == "openssl-speed" && (row.kind == "change" || row.kind == "bug") &&
                 row.versions.Contains(pre.earlier) != row.versions.Contains(pre.later) &&
                 ToolRowConcerns(row, cost.algorithm, both_evp, multi_used);
        });
    if (tool_changed) {
      continue;
    }
    std::vector<std::string> cited;
    for (std::string_view area : ChangeAreas(cost.algorithm)) {
      for (const diagnose::LibraryChange* row :
           diagnose::ChangesBetween(changes, "openssl", pre.arch, area, pre.earlier, pre.later)) {
        if (!diagnose::RowSpeaksOf(*row, cost.algorithm, cost.operation)) {
          continue;  // a row of another mode's code (a CTR regression for a CBC figure)
        }
        const bool in_later = row->versions.Contains(pre.later);
        const bool slows =
            (in_later &&
             (row->kind == "regressed" || row->kind == "cost" || row->kind == "removed")) ||
            (!in_later && (row->kind == "added" || row->kind == "gain" || row->kind == "restored"));
        if (slows) {
          cited.push_back(fmt::format(
              "{} {} ({}): {} ({}{})", row->area, row->versions.text, row->kind, row->change,
              diagnose::SourceLink(row->source, diagnose::LibraryGithubRepo(row->library)),
              row->sure ? "" : "; unsure"));
        }
      }
    }
    std::string known;
    if (cited.empty()) {
      known = "no change in cryptobench's table of library changes explains it";
    } else {
      known =
          "cryptobench's table of library changes has, for this range and area (check that it "
          "applies to this CPU): " +
          cited.front();
      for (size_t i = 1; i < cited.size(); ++i) {
        known += "; " + cited[i];
      }
    }
    out.emplace_back(
        "library-regression",
        fmt::format(
            "{} ({}) costs more per byte than {} ({}) for {} {} on the same machine and "
            "platform ({}): {} against {} (95% CIs), and its {} row is slower: a regression of "
            "OpenSSL between these releases, not of the speed tool; {}.",
            later_side.letter, ShortLibraryVersionName(later_side.run.library), earlier_side.letter,
            ShortLibraryVersionName(earlier_side.run.library), cost.algorithm, cost.operation,
            pre.platform,
            Coefficient(later.per_byte_ns, later.per_byte_low, later.per_byte_high, "ns/B"),
            Coefficient(earlier.per_byte_ns, earlier.per_byte_low, earlier.per_byte_high, "ns/B"),
            report::FormatSize(cost.sizes.back()), known),
        "library-regression");
  }
  return out;
}

}  // namespace cryptobench::compare
