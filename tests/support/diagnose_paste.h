// Diagnosing a pasted text in tests: import it, then `doctor --from` on one of its runs.
#pragma once

#include <string>
#include <vector>

#include "results/model.h"

#include "diagnose/doctor_from.h"
#include "diagnose/doctor_model.h"
#include "import/import.h"

namespace cryptobench::testing {

/// The report of diagnose::DiagnoseReport on the last run with rows of `text` imported as
/// "paste.txt" (on the first run when none has rows). `text` must import to at least one run.
inline diagnose::DoctorReport DiagnosePaste(const std::string& text) {
  const std::vector<results::RunResult> runs = import::ImportText(text, "paste.txt");
  const results::RunResult* chosen = &runs.front();
  for (const results::RunResult& run : runs) {
    if (!run.algorithms.empty()) {
      chosen = &run;
    }
  }
  return diagnose::DiagnoseReport(*chosen);
}

}  // namespace cryptobench::testing
