// The worker side: runs one Job inside a child process.
#pragma once

namespace cryptobench::worker {

/// Entry point of `cryptobench __worker`: reads a Job line from stdin, runs it, writes
/// messages (protocol.h) to the original stdout. The library's own stdout output, if any, is
/// redirected to stderr so it cannot corrupt the protocol. Returns the process exit status
/// (0 after "done", 3 after "fatal").
int RunWorker();

}  // namespace cryptobench::worker
