// cryptobench_diagnose_corpus: what import, doctor --from and compare state about the corpus of
// real reports (tests/fixtures/reports), scored against the cause each thread established.
// bench/diagnose-corpus builds and runs it.
//
// Usage: cryptobench_diagnose_corpus [--verbose] [--show-held-out] [DIR]
// A held-out report's expected cause is not printed unless --show-held-out is given: whoever
// writes rules must not see it (a rule tuned on it would make the held-out rate meaningless).
// Exit status: 0 after printing the scores; 2 when DIR or a fixture header cannot be read.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "support/corpus_files.h"
#include "support/diagnosis_corpus.h"

namespace {

namespace fs = std::filesystem;
using cryptobench::testing::CauseResult;

std::string Rate(size_t part, size_t whole) {
  return whole == 0 ? "-"
                    : fmt::format("{}/{} = {:.0f}%", part, whole,
                                  100.0 * static_cast<double>(part) / static_cast<double>(whole));
}

struct Tally {
  size_t reports = 0;
  size_t hits = 0;
  size_t with_false = 0;
};

void Add(Tally& tally, const CauseResult& r) {
  ++tally.reports;
  tally.hits += r.hit ? 1 : 0;
  tally.with_false += r.false_causes.empty() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  bool verbose = false;
  bool show_held_out = false;
  fs::path dir = fs::path(CRYPTOBENCH_SOURCE_DIR) / "tests/fixtures/reports";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--verbose" || arg == "-v") {
      verbose = true;
    } else if (arg == "--show-held-out") {
      show_held_out = true;
    } else if (arg == "--help" || arg == "-h") {
      std::cout << "usage: cryptobench_diagnose_corpus [--verbose] [--show-held-out] [DIR]\n";
      return 0;
    } else {
      dir = arg;
    }
  }
  const std::vector<std::string> files = cryptobench::testing::CorpusFileNames(dir);
  if (files.empty()) {
    std::cerr << "error: no *.txt reports in " << dir.string() << "\n";
    return 2;
  }

  std::vector<CauseResult> results;
  for (const std::string& file : files) {
    try {
      results.push_back(
          cryptobench::testing::CheckCauseExpectation(cryptobench::testing::ParseCauseExpectation(
              file, cryptobench::testing::CorpusFileContent(dir / file))));
    } catch (const std::exception& e) {
      std::cerr << "error: " << e.what() << "\n";
      return 2;
    }
  }

  // Per verdict kind, all / tuned (two thirds) / held out (one third).
  const std::vector<std::string> kinds = {"established", "crypto-fine", "cannot-tell", "none"};
  std::cout << fmt::format("{} reports in {}; held out: {} (FNV-1a of the file name, mod 3 = 0)\n",
                           results.size(), dir.string(),
                           std::count_if(results.begin(), results.end(),
                                         [](const CauseResult& r) { return r.held_out; }));
  std::cout << fmt::format("{:<12} {:>18} {:>18} {:>18}   {}\n", "verdict", "all", "tuned",
                           "held out", "reports with a false cause (all)");
  size_t total_false = 0;
  for (const std::string& kind : kinds) {
    Tally all;
    Tally tuned;
    Tally held;
    for (const CauseResult& r : results) {
      if (r.verdict == kind) {
        Add(all, r);
        Add(r.held_out ? held : tuned, r);
      }
    }
    total_false += all.with_false;
    std::cout << fmt::format("{:<12} {:>18} {:>18} {:>18}   {}\n", kind,
                             Rate(all.hits, all.reports), Rate(tuned.hits, tuned.reports),
                             Rate(held.hits, held.reports), all.with_false);
  }
  std::cout << "(hit: established = its cause is stated; crypto-fine = 'the crypto is fine' is "
               "stated; cannot-tell = 'cannot tell' and no false cause; none = no false cause)\n";

  const auto expected = [show_held_out](const CauseResult& r) -> std::string {
    if (r.held_out && !show_held_out) {
      return "(not shown: held out)";
    }
    return r.verdict == "established" ? r.cause : r.verdict;
  };
  std::cout << "\nMisses:\n";
  for (const CauseResult& r : results) {
    if (r.hit) {
      continue;
    }
    std::cout << fmt::format(
        "  {}{}: expected {}; stated {}\n", r.name, r.held_out ? " (held out)" : "", expected(r),
        r.tags.empty() ? "nothing" : fmt::format("{}", fmt::join(r.tags, ", ")));
    if (!r.import_error.empty()) {
      std::cout << "      import: " << r.import_error << "\n";
    }
  }
  std::cout << fmt::format("\nFalse causes ({} reports):\n", total_false);
  for (const CauseResult& r : results) {
    for (const std::string& tag : r.false_causes) {
      std::cout << fmt::format("  {}{}: {} (expected {})\n", r.name,
                               r.held_out ? " (held out)" : "", tag, expected(r));
      for (const std::string& line : r.stated) {
        if (line.starts_with(tag + " [")) {
          std::cout << "      " << line << "\n";
        }
      }
    }
  }
  if (verbose) {
    std::cout << "\nEverything stated:\n";
    for (const CauseResult& r : results) {
      std::cout << fmt::format("  {} ({}{}){}\n", r.name, expected(r),
                               r.held_out ? ", held out" : "", r.stated.empty() ? ": nothing" : "");
      for (const std::string& line : r.stated) {
        std::cout << "      " << line << "\n";
      }
    }
  }
  return 0;
}
