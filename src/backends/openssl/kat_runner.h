// Runs an algorithm's known-answer test vectors (algorithms/kat.h) against a loaded libcrypto.
#pragma once

#include "algorithms/catalog.h"
#include "backends/openssl/libcrypto.h"
#include "results/model.h"

namespace cryptobench::backends::openssl {

/// Runs every vector of KatVectorsFor(alg.name) and, for signatures, a sign-then-verify round
/// trip with the timing key. status "passed" when all pass, "failed" otherwise (detail names
/// each failing vector's source and what differed), "not_run" without vectors. source lists the
/// vectors' sources. Never throws: a malformed vector is a failure.
results::KatResult RunKatVectors(const LibcryptoPtr& lib, const AlgorithmInfo& alg, bool corrupt);

}  // namespace cryptobench::backends::openssl
