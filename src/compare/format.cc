// Number formatting for compare.
#include "compare/format.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/format_util.h"

namespace cryptobench::compare {

std::string ThreeDigitsText(double value) {
  if (!std::isfinite(value) || value == 0) {
    return fmt::format("{}", value == 0 ? 0.0 : value);
  }
  // The power of ten of the last digit kept; at or above 1 it is a whole number.
  const int last = static_cast<int>(std::floor(std::log10(std::fabs(value)))) - 2;
  if (last >= 0) {
    const double unit = std::pow(10.0, last);
    return fmt::format("{:.0f}", std::round(value / unit) * unit);
  }
  // Trailing zeros dropped, as printf's %g drops them: 1.50 -> "1.5", 2.00 -> "2".
  std::string text = fmt::format("{:.{}f}", value, -last);
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') {
    text.pop_back();
  }
  return text;
}

std::string RatioText(double ratio) {
  if (ratio >= 100) {
    return fmt::format("{:.0f}", ratio);
  }
  if (ratio >= 10) {
    return fmt::format("{:.1f}", ratio);
  }
  if (ratio >= 1) {
    return fmt::format("{:.2f}", ratio);
  }
  if (ratio >= 0.1) {
    return fmt::format("{:.3f}", ratio);
  }
  return fmt::format("{:.4f}", ratio);
}

std::string PercentText(double fraction) { return fmt::format("{:g}%", fraction * 100); }

std::string FigureValueText(const Figure& figure, bool symmetric) {
  return symmetric ? report::FormatMbPerS(figure.value) + " MB/s"
                   : report::FormatRate(figure.value) + " ops/s";
}

std::string FigureCiText(const Figure& figure) {
  if (!figure.has_ci) {
    return "single figure";
  }
  return report::FormatCiHalfWidth(results::Estimate{figure.value, figure.ci_low, figure.ci_high});
}

std::string RatioCiText(const RatioEstimate& ratio) {
  if (!ratio.has_ci) {
    return "single sample";
  }
  return RatioText(ratio.ci_low) + "-" + RatioText(ratio.ci_high);
}

std::string FigureCaveatsText(const Row& row, bool doubt) {
  std::string out;
  for (const FigureCaveat& caveat : row.caveats) {
    if (caveat.caveat.doubt == doubt) {
      out += fmt::format("{}{}'s figure was {}", out.empty() ? "" : "; ", caveat.side,
                         caveat.caveat.text);
    }
  }
  return out;
}

std::string VerdictText(const Row& row, double threshold) {
  const char* direction = row.direction == Direction::kSlower ? "slower" : "faster";
  std::string verdict;
  switch (row.verdict) {
    case Verdict::kWithinThreshold:
      verdict = "within " + PercentText(threshold);
      break;
    case Verdict::kSignificant:
      verdict = std::string("significantly ") + direction;
      break;
    case Verdict::kNotSignificant:
      verdict = std::string(direction) + ", not significant";
      break;
    case Verdict::kNotTestable:
      verdict = fmt::format("{} beyond {}, not testable", direction, PercentText(threshold));
      break;
    case Verdict::kCannotTell:
      return "cannot tell: " + FigureCaveatsText(row, true);
  }
  const std::string notes = FigureCaveatsText(row, false);
  return notes.empty() ? verdict : fmt::format("{} ({})", verdict, notes);
}

std::string LibraryVersionName(const results::LibraryInfo& library) {
  const std::string& version = library.version;
  const bool names_itself =
      version.empty() || std::isdigit(static_cast<unsigned char>(version.front())) == 0;
  return names_itself || library.backend.empty() ? version : library.backend + " " + version;
}

const results::SourceFact* ConfigureFactOf(const results::RunResult& run) {
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind == "configure") {
      return &fact;
    }
  }
  return nullptr;
}

const results::SourceFact* UnlinkedConfigureFactOf(const results::RunResult& run) {
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind == "configure_unlinked") {
      return &fact;
    }
  }
  return nullptr;
}

std::vector<std::string> ConfigureOptions(const results::SourceFact& fact) {
  std::vector<std::string> out;
  std::istringstream words(fact.value);
  std::string word;
  words >> word;  // the script
  while (words >> word) {
    out.push_back(word);
  }
  return out;
}

std::string OptionsLabel(const results::LibraryInfo& library) {
  return library.backend == "wolfssl" ? "Math: line" : "options";
}

std::string LibraryProduct(const results::LibraryInfo& library) {
  std::string product = library.backend;
  if (product == "openssl" || product.empty()) {
    const std::string& version = library.version;
    const std::string first = version.substr(0, version.find(' '));
    if (!first.empty() && std::isalpha(static_cast<unsigned char>(first.front())) != 0) {
      product = first;
    }
  }
  std::transform(product.begin(), product.end(), product.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return product;
}

std::string ShortLibraryVersionName(const results::LibraryInfo& library) {
  const std::string name = LibraryVersionName(library);
  if (name.rfind("OpenSSL ", 0) == 0) {
    return "OpenSSL " + report::ShortLibraryVersion(name);
  }
  return name.substr(0, name.find(" ("));
}

bool SameWords(const std::string& a, const std::string& b) {
  std::istringstream in_a(a);
  std::istringstream in_b(b);
  return std::equal(std::istream_iterator<std::string>(in_a), std::istream_iterator<std::string>(),
                    std::istream_iterator<std::string>(in_b), std::istream_iterator<std::string>());
}

std::string JoinAnd(const std::vector<std::string>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) {
      out += i + 1 == items.size() ? " and " : ", ";
    }
    out += items[i];
  }
  return out;
}

}  // namespace cryptobench::compare
