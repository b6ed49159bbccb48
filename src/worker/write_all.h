// One write loop for the pipes and files the tool writes through a file descriptor: the worker
// protocol's lines (worker/process.cc, tls/worker.cc) and the output files cli/options.cc
// writes in place.
#pragma once

#include <string_view>

namespace cryptobench::worker {

/// Writes every byte of `data` to `fd`, calling write(2) again after a short write or EINTR.
/// Returns false, with errno as write(2) set it, when a write fails (EPIPE when the reading end
/// is closed; the CLI ignores SIGPIPE).
bool WriteAll(int fd, std::string_view data);

}  // namespace cryptobench::worker
