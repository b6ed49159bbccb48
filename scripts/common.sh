# shellcheck shell=bash
# Shared helpers for the scripts in scripts/ (sourced, not run).
# Messages go to stderr so that a run's stdout holds only cryptobench's own output.

# Prints a step heading: "==> configure release".
step() { printf '==> %s\n' "$*" >&2; }

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
