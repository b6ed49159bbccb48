// The tls worker process: `cryptobench __tls-worker`, a TLS server or client driven by the
// parent over stdin/stdout (protocol.h).
#pragma once

namespace cryptobench::tls {

/// Entry point of `cryptobench __tls-worker`: reads a WorkerJob line from stdin and runs its
/// role until the parent says "quit" or closes stdin. Returns the exit status: 0, or 3 after a
/// "fatal" message (the library would not open, the port is in use, ...).
int RunTlsWorker();

}  // namespace cryptobench::tls
