// Error vocabulary shared by every part of cryptobench.
#pragma once

#include <stdexcept>
#include <string>

namespace cryptobench {

/// Exit statuses of the cryptobench executable (documented in README.md).
enum ExitStatus : int {
  kExitOk = 0,  ///< everything measured and checked
  /// ran, but a measurement failed (KAT failure, worker crash or timeout), or what it made could
  /// not be kept: an --output file or standard output that failed to write (a full disk,
  /// /dev/full), a store that failed after the results were written
  kExitFailure = 1,
  kExitUsage = 2,  ///< bad input: unknown algorithm, bad option value, unloadable library
};

/// Bad input from the user. The CLI prints what() as one line ("error: ...") and exits with
/// kExitUsage. Messages name the offending value and, where possible, the fix.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace cryptobench
