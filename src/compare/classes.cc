// Class findings: each side's large-input throughput as cycles per byte over the side's clock
// range, matched against doctor's implementation classes (diagnose/classifier.h).
#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "report/format_util.h"

#include "compare/attribution.h"

namespace cryptobench::compare {
namespace {

// cpb ranges narrower than this (high / low) print as one number.
constexpr double kOneNumberSpread = 1.01;

// Two or three significant digits: cpb figures are estimates over a clock range.
std::string Cpb(double value) {
  if (value < 10) {
    return fmt::format("{:.2f}", value);
  }
  if (value < 100) {
    return fmt::format("{:.1f}", value);
  }
  return fmt::format("{:.0f}", value);
}

std::string CpbText(double low, double high) {
  if (high / low < kOneNumberSpread) {
    return Cpb((low + high) / 2);
  }
  return Cpb(low) + "-" + Cpb(high);
}

// The hardware feature whose absence puts an algorithm on a software path, where one feature
// decides it (AES-NI for AES; SHA-NI for SHA-1 and SHA-256, cpb-classes.csv); "" otherwise.
std::string DecidingFeature(const Row& row) {
  if (row.group == "AES") {
    return "AES-NI";
  }
  if (row.algorithm == "SHA-1" || row.algorithm == "SHA-224" || row.algorithm == "SHA-256" ||
      row.algorithm == "HMAC-SHA256") {
    return "SHA-NI";
  }
  return "";
}

std::string FeatureNote(const Side& side, const diagnose::Fingerprint& fp, const Row& row) {
  const std::string feature = DecidingFeature(row);
  if (feature.empty() || !fp.software || !side.cpu_features) {
    return "";
  }
  const bool has = std::find(side.cpu_features->begin(), side.cpu_features->end(), feature) !=
                   side.cpu_features->end();
  const bool machine = side.features_source == "this machine";
  if (has) {
    return machine ? fmt::format(", though this machine has {}", feature)
                   : fmt::format(", though its capability vector has {}", feature);
  }
  return machine ? fmt::format(", and this machine lacks {}", feature)
                 : fmt::format(", and its capability vector lacks {}", feature);
}

bool Covered(const std::vector<diagnose::CpbClass>& classes, const Row& row) {
  return std::any_of(classes.begin(), classes.end(), [&](const diagnose::CpbClass& c) {
    return c.algorithm == row.algorithm && c.operation == row.operation;
  });
}

}  // namespace

std::vector<Finding> ClassFindings(const std::vector<Row>& rows, const Side& a, const Side& b,
                                   const std::vector<diagnose::CpbClass>& classes,
                                   size_t max_findings) {
  if (!a.cpu_features && !b.cpu_features) {
    return {};
  }
  // The largest compared size >= kLargeInputMin of each (algorithm, operation), in row order.
  std::vector<const Row*> picked;
  std::map<std::tuple<std::string, std::string>, size_t> index;
  for (const Row& row : rows) {
    if (row.presence != Presence::kBoth || !row.symmetric || row.input_len < kLargeInputMin ||
        !Covered(classes, row)) {
      continue;
    }
    const auto key = std::make_tuple(row.algorithm, row.operation);
    const auto it = index.find(key);
    if (it == index.end()) {
      index[key] = picked.size();
      picked.push_back(&row);
    } else if (row.input_len > picked[it->second]->input_len) {
      picked[it->second] = &row;
    }
  }
  std::vector<Finding> out;
  for (const Row* row : picked) {
    if (out.size() >= max_findings) {
      break;
    }
    if (row->direction == Direction::kWithin) {
      continue;  // the code path at large sizes did not change: nothing to attribute
    }
    std::vector<std::string> parts;
    bool named = false;  // the first classified side names the algorithm
    for (const Side* side : {&a, &b}) {
      const Figure& figure = side == &a ? *row->a : *row->b;
      if (!side->cpu_features) {
        parts.push_back(fmt::format("{}'s CPU features are unknown, so no class is named for it",
                                    side->letter));
        continue;
      }
      const diagnose::Fingerprint fp =
          diagnose::Classify(classes, row->algorithm, row->operation, figure.value,
                             side->clock.hz_low, side->clock.hz_high);
      parts.push_back(
          fmt::format("{} {}at {} cpb {}: {}{}", side->letter,
                      named ? "" : fmt::format("runs {} {} ", row->algorithm, row->operation),
                      CpbText(fp.cpb_low, fp.cpb_high), side->clock.basis, fp.conclusion,
                      FeatureNote(*side, fp, *row)));
      named = true;
    }
    out.push_back(Finding{
        "cpb-class",
        fmt::format("At {}: {}; {}.", report::FormatSize(row->input_len), parts[0], parts[1])});
  }
  return out;
}

}  // namespace cryptobench::compare
