// Helpers shared by the import tests: find an algorithm's row in an imported run, look for a
// caveat, and catch the error ImportText throws. Test-only; header-only.
#pragma once

#include <string>

#include "results/model.h"

#include "import/import.h"

namespace cryptobench::import {

/// The row of `run` whose canonical name is `name` ("AES-128-GCM"), or nullptr.
inline const results::AlgorithmResult* FindAlgorithm(const results::RunResult& run,
                                                     const std::string& name) {
  for (const results::AlgorithmResult& alg : run.algorithms) {
    if (alg.algorithm == name) {
      return &alg;
    }
  }
  return nullptr;
}

/// True when one of the run's caveats contains `part`.
inline bool HasCaveat(const results::RunResult& run, const std::string& part) {
  for (const std::string& caveat : run.source.caveats) {
    if (caveat.find(part) != std::string::npos) {
      return true;
    }
  }
  return false;
}

/// The message of the ImportError that ImportText throws for `text` read as `file_name`, or ""
/// when it imports.
inline std::string ImportErrorOf(const std::string& text,
                                 const std::string& file_name = "paste.txt") {
  try {
    ImportText(text, file_name);
  } catch (const ImportError& e) {
    return e.what();
  }
  return "";
}

}  // namespace cryptobench::import
