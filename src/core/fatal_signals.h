// Cleanup when a signal ends the process (Ctrl-C, kill, a hang-up, a file-size limit): worker
// process groups are killed and a half-written output file is removed, then the signal takes
// its default action, so the shell still sees which signal it was. SIGKILL cannot be caught:
// workers die with their parent through PR_SET_PDEATHSIG instead (worker/process.cc).
#pragma once

#include <sys/types.h>

namespace cryptobench::core {

/// Installs the cleanup handler for SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGXCPU and SIGXFSZ,
/// except those the process was started with ignored (nohup's SIGHUP stays ignored). Safe to
/// call more than once.
void InstallFatalSignalCleanup();

/// From now on the first SIGINT or SIGTERM asks the run to stop instead of ending the process:
/// every registered worker group is killed (the cell it measured ends at once), the signal is
/// kept for InterruptSignal(), and the process goes on to report what it measured and exit
/// with 128 + the signal's number. A second SIGINT or SIGTERM, or any other fatal signal, then
/// ends the process as before (temporary file removed, default action). For `speed`.
void StopOnInterrupt();

/// The SIGINT or SIGTERM that asked the run to stop (StopOnInterrupt), or 0 when none came.
int InterruptSignal();

/// Remembers a worker's process group (its leader's pid) so that a fatal signal kills it.
/// Returns false, keeping nothing, when 4096 groups are registered already.
bool RegisterProcessGroup(pid_t pgid);

/// Forgets a process group registered before (a no-op for one that is not).
void UnregisterProcessGroup(pid_t pgid);

/// Names the temporary file a fatal signal must remove (one at a time; a path longer than
/// PATH_MAX is not remembered). ClearTemporaryFile() once it is renamed or removed.
void SetTemporaryFile(const char* path);
void ClearTemporaryFile();

/// Says whether a progress line (text after "\r", no newline yet) is on stderr's terminal: a
/// fatal signal then clears it ("\r" and erase line) before the process ends, so that the
/// shell's prompt does not start after a stale "[3/40] AES-128-GCM ...".
void SetProgressLineShown(bool shown);
bool ProgressLineShown();

}  // namespace cryptobench::core
