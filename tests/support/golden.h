// Golden-file helpers shared by the renderer, doctor and import tests.
#pragma once

#include <string>

namespace cryptobench::testing {

/// The whole file at `path` (binary), or "" if it cannot be read.
std::string ReadTestFile(const std::string& path);

/// Compares `actual` byte for byte with tests/golden/`golden_name`. With
/// CRYPTOBENCH_UPDATE_GOLDEN=1 in the environment it writes `actual` there instead and marks
/// the test skipped, so regenerated goldens are reviewed with `git diff`.
void ExpectMatchesGolden(const std::string& actual, const std::string& golden_name);

}  // namespace cryptobench::testing
