// Shared number, size and status formatting for the renderers.
#include "report/format_util.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "results/cpuinfo_vectors.h"

namespace cryptobench::report {

namespace {

// `value` with `decimals` decimals, or more where that would show fewer than `significant`
// significant digits: a nonzero figure never prints as "0.00". Below 1e-6, scientific notation
// ("1.23e-07") instead of a row of zeros.
std::string FixedAtLeast(double value, int decimals, int significant) {
  const double magnitude = std::abs(value);
  if (magnitude == 0 || !std::isfinite(value)) {
    return fmt::format("{:.{}f}", value, decimals);
  }
  if (magnitude < 1e-6) {
    return fmt::format("{:.{}e}", value, significant - 1);
  }
  // The first significant digit's place: 0.00123 -> -3.
  const int place = static_cast<int>(std::floor(std::log10(magnitude)));
  return fmt::format("{:.{}f}", value, std::max(decimals, significant - 1 - place));
}

}  // namespace

std::string FormatRate(double value) {
  const double magnitude = std::abs(value);
  if (magnitude < 1) {
    return FixedAtLeast(value, 2, 3);
  }
  if (magnitude < 100) {
    return fmt::format("{:.2f}", value);
  }
  if (magnitude < 10000) {
    return fmt::format("{:.1f}", value);
  }
  return fmt::format("{:.0f}", value);
}

std::string FormatCost(double value) {
  const double magnitude = std::abs(value);
  if (magnitude < 10) {
    return FixedAtLeast(value, 3, 2);
  }
  if (magnitude < 100) {
    return fmt::format("{:.2f}", value);
  }
  return fmt::format("{:.1f}", value);
}

std::string FormatMbPerS(double bytes_per_s) { return FormatRate(bytes_per_s / 1e6); }

bool IsNoisy(const results::Estimate& estimate) {
  const double half_width = (estimate.ci_high - estimate.ci_low) / 2 / estimate.value;
  return !(estimate.value > 0 && std::isfinite(half_width) &&
           half_width <= kNoisyRelativeHalfWidth);
}

std::string FormatCiHalfWidth(const results::Estimate& estimate) {
  if (estimate.value == 0) {
    return "±?";
  }
  if (IsNoisy(estimate)) {
    return fmt::format("±>{:g}% (noisy)", kNoisyRelativeHalfWidth * 100);
  }
  const double half_width = (estimate.ci_high - estimate.ci_low) / 2 / estimate.value;
  return fmt::format("±{:.1f}%", half_width * 100);
}

std::string NoisyNote(const std::string& noisy) {
  return fmt::format(
      "(noisy): the confidence interval of {} is wider than ±{:g}% of the figure, so the figure "
      "is unreliable. Consider re-running on a quiet system without interference from other "
      "programs, or with more time per cell.",
      noisy, kNoisyRelativeHalfWidth * 100);
}

std::string FormatRateWithCi(const results::Estimate& estimate_in_unit) {
  return fmt::format("{} {}", FormatRate(estimate_in_unit.value),
                     FormatCiHalfWidth(estimate_in_unit));
}

std::string FormatSize(uint64_t bytes) {
  if (bytes >= 1024 && bytes % 1024 == 0) {
    return fmt::format("{} KiB", bytes / 1024);
  }
  return fmt::format("{} B", bytes);
}

std::string FormatThroughputSize(uint64_t input_len) {
  return input_len == 0 ? "unknown size" : FormatSize(input_len);
}

std::string FormatHz(double hz) {
  if (hz >= 1e9) {
    return fmt::format("{:.2f} GHz", hz / 1e9);
  }
  if (hz >= 1e6) {
    return fmt::format("{:.1f} MHz", hz / 1e6);
  }
  return fmt::format("{:.0f} Hz", hz);
}

std::string StatusLabel(results::CellStatus status) {
  switch (status) {
    case results::CellStatus::kOk:
      return "ok";
    case results::CellStatus::kFailedKat:
      return "FAILED KAT";
    case results::CellStatus::kCrashed:
      return "crashed";
    case results::CellStatus::kTimeout:
      return "timeout";
    case results::CellStatus::kError:
      return "error";
    case results::CellStatus::kUnsupported:
      return "unsupported";
  }
  return "error";
}

std::string StatusText(const results::Cell& cell) {
  std::string label = StatusLabel(cell.status);
  // The KAT detail and the unsupported reason are long; renderers list them in their notes.
  const bool message_is_short_fact =
      cell.status == results::CellStatus::kCrashed || cell.status == results::CellStatus::kError;
  if (message_is_short_fact && !cell.message.empty()) {
    label += ": " + cell.message;
  }
  return label;
}

size_t DisplayWidth(std::string_view text) {
  size_t width = 0;
  for (char c : text) {
    // Count every byte that is not a UTF-8 continuation byte (10xxxxxx).
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
      ++width;
    }
  }
  return width;
}

std::string PadLeft(std::string_view text, size_t width) {
  const size_t used = DisplayWidth(text);
  std::string out(used < width ? width - used : 0, ' ');
  out += text;
  return out;
}

std::string PadRight(std::string_view text, size_t width) {
  const size_t used = DisplayWidth(text);
  std::string out(text);
  out.append(used < width ? width - used : 0, ' ');
  return out;
}

std::string StripPrefix(const std::string& text, std::string_view prefix) {
  return text.rfind(prefix, 0) == 0 ? text.substr(prefix.size()) : text;
}

std::string CapabilityText(const results::LibraryInfo& library) {
  if (library.capability_vector == "N/A") {
    return "N/A (built without assembly)";
  }
  return library.capability_vector.empty() ? "unknown" : library.capability_vector;
}

std::string PastedCapabilityText(const results::LibraryInfo& library) {
  if (library.capability_vector != "N/A") {
    return CapabilityText(library);
  }
  std::string platform = StripPrefix(library.platform, "platform: ");
  std::transform(platform.begin(), platform.end(), platform.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  // OpenSSL's Configurations/*.conf name x86, ARM and s390x targets so (10-main.conf,
  // 15-android.conf): there every 3.x assembly build prints a vector (results::
  // CpuinfoNaProvesNoAsm).
  for (std::string_view word : {"x86", "86-", "elf", "amd64", "aarch64", "arm", "mingw",
                                "vc-win64a", "vc-win32", "cygwin", "s390x"}) {
    if (platform.find(word) != std::string::npos) {
      return CapabilityText(library);
    }
  }
  return fmt::format("N/A (built without assembly if the CPU is one of {}; {})",
                     results::CpuinfoNaNoAsmFamilies(), results::CpuinfoNaSaysNothingOn(""));
}

std::string ShortLibraryVersion(const std::string& version) {
  constexpr std::string_view kPrefix = "OpenSSL ";
  if (version.rfind(kPrefix, 0) != 0) {
    return version;
  }
  const std::string rest = version.substr(kPrefix.size());
  return rest.substr(0, rest.find(' '));
}

std::string MarkdownText(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|' || c == '*' || c == '<') {
      out += '\\';
      out += c;
    } else if (c == '\n' || c == '\r') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

std::string MarkdownCode(const std::string& text) {
  std::string body;
  for (char c : text) {
    if (c == '|') {
      body += "\\|";
    } else {
      body += c == '\n' || c == '\r' ? ' ' : c;
    }
  }
  const bool has_backtick = body.find('`') != std::string::npos;
  return has_backtick ? "`` " + body + " ``" : "`" + body + "`";
}

}  // namespace cryptobench::report
