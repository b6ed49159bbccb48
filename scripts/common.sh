# shellcheck shell=bash
# Shared helpers for the scripts in scripts/ (sourced, not run).
# Messages go to stderr so that a run's stdout holds only cryptobench's own output.

# Seconds since the epoch at which the outermost script started (scripts run by it inherit it).
: "${CRYPTOBENCH_STARTED:=$(date +%s)}"
export CRYPTOBENCH_STARTED

# Prints a step heading with the time since the outermost script started, so that a CI log shows
# each stage's duration: "==> [+4m07s] configuring release (...)".
step() {
  local elapsed=$(($(date +%s) - CRYPTOBENCH_STARTED))
  printf '==> [+%dm%02ds] %s\n' $((elapsed / 60)) $((elapsed % 60)) "$*" >&2
}

# Prints a note that does not stop the run.
note() { printf 'note: %s\n' "$*" >&2; }

# Prints an error and exits with status 1.
die() {
  printf 'error: %s\n' "$*" >&2
  exit 1
}

# Parallel build jobs: the project's machines have 2 shared cores (override with CRYPTOBENCH_JOBS).
build_jobs() { printf '%s' "${CRYPTOBENCH_JOBS:-2}"; }

# Runs a command with its output sent to a log file; on failure prints the log's last 60 lines
# and returns the command's status. Usage: run_logged LOGFILE COMMAND [ARG...]
run_logged() {
  local log=$1
  shift
  mkdir -p "$(dirname "$log")"
  if "$@" >"$log" 2>&1; then
    return 0
  else
    local status=$?
    printf 'error: "%s" failed (exit %d); last lines of %s:\n' "$*" "$status" "$log" >&2
    tail -n 60 "$log" >&2
    return "$status"
  fi
}
