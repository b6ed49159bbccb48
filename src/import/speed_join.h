// Consecutive `openssl speed` runs of one library read as one run. People often run speed once
// per algorithm (`openssl speed aes-128-cbc`, then `openssl speed sha256`) and paste the
// outputs one after another; as separate runs they would be separate sides in compare, with
// no cell in common. Runs that measured the same cell (before/after a change, a masked
// capability vector) or that name different libraries stay apart.
#pragma once

#include <cstddef>

#include "results/model.h"

namespace cryptobench::import {

/// True if `next`, the imported `openssl speed` run that follows `previous` in a paste, can
/// join it: both are openssl speed runs of the same library release (the same version token and
/// product, however long the version string), no differing
/// capability vector, compiler, build date, platform or options line (empty is unknown, not
/// different), the same timing basis, engine or provider, -multi count, direction and
/// threads, and no (algorithm, operation, input size) cell in common.
bool CanJoinSpeedRuns(const results::RunResult& previous, const results::RunResult& next);

/// Moves `next` into `previous` (CanJoinSpeedRuns must hold): its algorithms (cells of an
/// algorithm both measured go together, ordered by operation then input size), the input
/// sizes, the library and version details `previous` lacks (and the longer version string),
/// and its caveats not already
/// there, after one that names `next_line`, where `next`'s output starts. An EVP/low-level
/// mix makes source.evp "unknown"; differing requested times make method.max_seconds 0.
void JoinSpeedRun(results::RunResult next, size_t next_line, results::RunResult* previous);

}  // namespace cryptobench::import
