// The command line: subcommands speed, list and the hidden worker entry.
#pragma once

namespace cryptobench::cli {

/// Parses argv and runs the chosen subcommand. Returns the exit status (core/errors.h):
/// 0 ok, 1 a measurement failed, 2 bad input (one-line "error: ..." on stderr).
int Run(int argc, char** argv);

}  // namespace cryptobench::cli
