// The corpus of real reports (tests/fixtures/reports, format in its README.md) seen from the
// diagnosis (issue 13): what `import`, `doctor --from` and `compare` state about each paste,
// scored against the cause its thread established. Used by bench/diagnose-corpus
// (tests/support/diagnose_corpus_main.cc).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cryptobench::testing {

/// The diagnosis half of a fixture's header.
struct CauseExpectation {
  std::string name;     ///< file name, without directories
  std::string text;     ///< the file with every header line blanked (line numbers kept)
  std::string verdict;  ///< established, cannot-tell, crypto-fine or none
  std::string cause;    ///< the established cause's tag; empty unless verdict is established
  /// Tags the thread shows to be true of the paste without being its answer (`also-true:`);
  /// stating them is not a false cause.
  std::vector<std::string> also_true;
  bool held_out = false;  ///< in the held-out third (HeldOut(name))
};

/// Reads the `verdict:`, `cause:` and `also-true:` header lines and blanks every header line.
/// Throws std::runtime_error "NAME: ..." when `verdict:` is missing or unknown, or when an
/// established verdict has no `cause:`.
CauseExpectation ParseCauseExpectation(std::string_view name, std::string_view content);

/// True for the third of the corpus no rule is tuned on: FNV-1a (32-bit) of the file name,
/// modulo 3, is 0. Fixed by the name alone, so adding files does not move others.
bool HeldOut(std::string_view name);

/// What the tools said about one fixture, and how that scores.
struct CauseResult {
  std::string name;
  std::string verdict;
  std::string cause;
  bool held_out = false;
  std::string import_error;         ///< ImportError's message when import refused the paste
  std::vector<std::string> stated;  ///< "TAG: sentence", every cause stated, in order
  std::vector<std::string> tags;    ///< the distinct tags stated
  /// established: the cause is stated; crypto-fine: that conclusion is stated; cannot-tell:
  /// "cannot tell" is stated and no false cause; none: no false cause is stated.
  bool hit = false;
  /// Stated tags that are neither the established cause nor `also-true:` ("crypto-fine" counts
  /// here on a report whose thread established a cause; "cannot-tell" never does).
  std::vector<std::string> false_causes;
};

/// Imports the fixture's text, runs doctor --from on each run and compare on the file's runs
/// (when it has two or more), and scores what they state.
CauseResult CheckCauseExpectation(const CauseExpectation& expectation);

}  // namespace cryptobench::testing
