// The diagnosis side of the report corpus (diagnosis_corpus.h).
#include "support/diagnosis_corpus.h"

#include <algorithm>
#include <cstdint>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "compare/compare.h"
#include "compare/sides.h"
#include "diagnose/doctor_from.h"
#include "diagnose/stated_causes.h"
#include "import/import.h"

namespace cryptobench::testing {
namespace {

constexpr std::string_view kHeaderPrefix = "#@ ";

std::string Trim(std::string_view text) {
  const size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) {
    return "";
  }
  const size_t end = text.find_last_not_of(" \t\r");
  return std::string(text.substr(begin, end - begin + 1));
}

bool Contains(const std::vector<std::string>& list, std::string_view item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

void AddTag(CauseResult& result, const std::string& tag, const std::string& where,
            const std::string& text) {
  result.stated.push_back(fmt::format("{} [{}]: {}", tag, where, text));
  if (!Contains(result.tags, tag)) {
    result.tags.push_back(tag);
  }
}

}  // namespace

CauseExpectation ParseCauseExpectation(std::string_view name, std::string_view content) {
  CauseExpectation out;
  out.name = std::string(name);
  out.held_out = HeldOut(name);
  size_t pos = 0;
  while (pos <= content.size()) {
    size_t end = content.find('\n', pos);
    if (end == std::string_view::npos) {
      end = content.size();
    }
    const std::string_view line = content.substr(pos, end - pos);
    if (line.starts_with(kHeaderPrefix)) {
      const std::string_view body = line.substr(kHeaderPrefix.size());
      const size_t colon = body.find(':');
      const std::string key = Trim(body.substr(0, colon));
      const std::string value = colon == std::string_view::npos ? "" : Trim(body.substr(colon + 1));
      if (key == "verdict") {
        out.verdict = value;
      } else if (key == "cause") {
        out.cause = value;
      } else if (key == "also-true") {
        // "TAG[, TAG...] (why)": the tags before the parenthesis.
        const std::string tags = Trim(std::string_view(value).substr(0, value.find('(')));
        size_t at = 0;
        while (at < tags.size()) {
          size_t comma = tags.find(',', at);
          if (comma == std::string::npos) {
            comma = tags.size();
          }
          if (std::string tag = Trim(std::string_view(tags).substr(at, comma - at)); !tag.empty()) {
            out.also_true.push_back(std::move(tag));
          }
          at = comma + 1;
        }
      }
    } else {
      out.text.append(line);
    }
    if (end < content.size()) {
      out.text.push_back('\n');
    }
    pos = end + 1;
  }
  static const std::set<std::string> kVerdicts = {"established", "cannot-tell", "crypto-fine",
                                                  "none"};
  if (kVerdicts.count(out.verdict) == 0) {
    throw std::runtime_error(
        fmt::format("{}: no verdict: line, or an unknown verdict '{}'", name, out.verdict));
  }
  if (out.verdict == "established" && out.cause.empty()) {
    throw std::runtime_error(fmt::format("{}: an established verdict without cause:", name));
  }
  return out;
}

bool HeldOut(std::string_view name) {
  uint32_t hash = 2166136261u;
  for (const char c : name) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 16777619u;
  }
  return hash % 3 == 0;
}

CauseResult CheckCauseExpectation(const CauseExpectation& expectation) {
  CauseResult result;
  result.name = expectation.name;
  result.verdict = expectation.verdict;
  result.cause = expectation.cause;
  result.held_out = expectation.held_out;

  std::vector<results::RunResult> runs;
  try {
    runs = import::ImportText(expectation.text, expectation.name);
  } catch (const std::exception& e) {
    result.import_error = e.what();
  }
  // doctor --from: one report per run with figures (doctor_command.cc RunDoctorFrom).
  const bool any_figures = std::any_of(
      runs.begin(), runs.end(), [](const results::RunResult& r) { return !r.algorithms.empty(); });
  for (size_t i = 0; i < runs.size(); ++i) {
    if (any_figures && runs[i].algorithms.empty()) {
      continue;
    }
    diagnose::DoctorReport report = diagnose::DiagnoseReport(runs[i]);
    diagnose::ReadPastedMaskExperiment(report, runs[i], runs);
    diagnose::ReadRunsThatDiffer(report, runs);
    for (const diagnose::StatedCause& cause : diagnose::StatedCauses(report)) {
      AddTag(result, cause.tag, fmt::format("doctor --from, run {}", i + 1), cause.text);
    }
  }
  // compare FILE: every later run against the first (compare_command.cc).
  if (result.import_error.empty()) {
    try {
      std::vector<compare::Side> sides =
          compare::LoadFileSides(expectation.text, expectation.name, expectation.name);
      if (sides.size() >= 2) {
        for (compare::Side& side : sides) {
          compare::ResolveSideFacts(side, compare::HostFacts{});
        }
        const compare::CompareReport report = compare::Compare(sides, compare::CompareOptions{});
        for (const compare::PairComparison& pair : report.pairs) {
          for (const compare::Finding& finding : pair.findings) {
            if (!finding.cause.empty()) {
              AddTag(result, finding.cause,
                     fmt::format("compare, {} vs A", report.sides[pair.b_index].letter),
                     finding.text);
            }
          }
        }
      }
    } catch (const std::exception& e) {
      result.stated.push_back(fmt::format("(compare refused: {})", e.what()));
    }
  }

  for (const std::string& tag : result.tags) {
    const bool expected = tag == expectation.cause ||
                          (tag == "crypto-fine" && expectation.verdict != "established") ||
                          tag == "cannot-tell" || Contains(expectation.also_true, tag);
    if (!expected) {
      result.false_causes.push_back(tag);
    }
  }
  const bool clean = result.false_causes.empty();
  if (expectation.verdict == "established") {
    result.hit = Contains(result.tags, expectation.cause);
  } else if (expectation.verdict == "crypto-fine") {
    result.hit = Contains(result.tags, "crypto-fine");
  } else if (expectation.verdict == "cannot-tell") {
    result.hit = Contains(result.tags, "cannot-tell") && clean;
  } else {
    result.hit = clean;
  }
  return result;
}

}  // namespace cryptobench::testing
