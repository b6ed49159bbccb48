// Interpretation of one `openssl speed` run: from the evidence the parsers collected to a
// RunResult, with the caveats a reader needs (timing basis, EVP or low-level API, engine or
// provider, -multi, version-specific artefacts, impossible values).
#pragma once

#include <string_view>

#include "results/model.h"

#include "import/speed_evidence.h"

namespace cryptobench::import {

/// Builds the run. Symmetric figures come from the table (or +F records); without them, from
/// the -multi children's records added up; without those, recomputed from progress lines
/// (count × size / time). Public-key figures likewise. `inherited` is an `openssl version`
/// block before the run; its library details are used when the run has no header of its own,
/// and complete the header (CompleteHeader) when it names the same library (SameLibrary) or the
/// header has no version line that it contradicts (VersionlessHeaderFits); a caveat says so. A
/// header without a version line takes the release its compiler line's build path names
/// (VersionFromBuildPath), with a "library_version" fact (origin "compiler line build path", the
/// compiler line's number) and a caveat. Every cell gets figures with value = ci_low = ci_high, one
/// sample (N with -multi N), confidence 0 and no worker samples; a negative, infinite, NaN or
/// zero figure makes the cell an error with a message instead.
results::RunResult BuildSpeedRun(const SpeedEvidence& evidence, std::string_view file_name,
                                 const HeaderInfo* inherited);

/// The caveat BuildSpeedRun gives a run for which neither the paste's header nor `inherited`
/// names a version (and no build path does); import replaces it when the paste holds a version
/// block it cannot tie to the run.
inline constexpr std::string_view kVersionNotInPasteCaveat =
    "The OpenSSL version is not in the paste, so version-specific artefacts cannot be ruled out.";

}  // namespace cryptobench::import
