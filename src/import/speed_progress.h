// Progress lines of `openssl speed` (apps/speed.c print_message, pkey_print_message,
// kskey_print_message and the result lines after them), in every wording:
//   1.x/3.0  "Doing aes-128 cbc for 3s on 16 size blocks: 123 aes-128 cbc's in 2.99s"
//   3.2+     "Doing AES-128-CBC ops for 3s on 16 size blocks: 123 AES-128-CBC ops in 3.00s"
//   public key, 1.x: "Doing 2048 bit private rsa's for 10s: 99 2048 bit private RSA's in 9.98s"
//   public key, 3.2+: "Doing 2048 bits private rsa sign ops for 10s: ...", and the KEM and
//   signature forms "Doing ML-KEM-768 keygen ops for 10s: 9 ML-KEM-768 KEM keygen ops in ..."
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "import/speed_evidence.h"

namespace cryptobench::import {

/// Parses one progress line (trimmed, starting with "Doing "). A line cut off before its
/// result gives has_result = false. Throws ImportError when the line does not start with
/// "Doing ", when the result part is present but malformed, or the size is not a number.
Progress ParseProgressLine(std::string_view trimmed, size_t line_number);

/// The caveat naming a progress line that has no result (has_result false: the run was
/// interrupted there, or the paste ends at its colon): "Line 2: the progress line for
/// AES-128-GCM has no result (the run was interrupted?)."
std::string ProgressWithoutResultNote(const Progress& progress);

/// The result of a progress line printed on a line of its own ("0 AES-128-GCM ops in 2.99s"),
/// as (count, seconds); nullopt for any other line. It follows a progress line whose colon is
/// followed by words that are not a result (Progress::foreign_tail).
std::optional<std::pair<double, double>> ProgressResultLine(std::string_view trimmed);

/// Fills family, bits, curve, operation and row name of a public-key progress record from its
/// description ("2048 bits private rsa sign", "256 bits sign ecdsa", "253 bits  ecdh",
/// "ML-KEM-768 encaps") and, for 3.2+ KEM and signature algorithms, its result text ("... KEM
/// ..."). ECDSA and ECDH progress lines give only the size; the curve is the NIST prime curve
/// of that size (or X25519/X448 for 253/448 bits).
void DescribePublicKeyProgress(std::string_view desc, std::string_view result, Progress* progress);

/// Names the curves of ECDSA and ECDH progress lines that share a size, which the lines do not
/// print ("Doing 163 bit  ecdh's": nistk163 or nistb163; "256 bits": nistp256 or, from 3.0,
/// brainpoolP256r1/t1). speed runs the curves in the order of its curve table
/// (apps/speed.c: test_curves[] to 1.1.1, ec_curves[] and ecdsa_choices[]/ecdh_choices[]
/// from 3.0), so when a run's lines of one family and operation follow that order and hold
/// as many lines of a size as the table has curves of it, the n-th line of that size is the
/// n-th curve. `openssl_major`: the release's major version (0 and 1: no Brainpool curves; 3),
/// or -1 when unknown: then the table whose count of curves of that size matches is used.
/// Lines of a size whose count matches no table (two runs pasted together) keep the guess of
/// DescribePublicKeyProgress. `command_args`: the words of the speed command line shown with
/// the output; curves it chooses ("ecdhbrp256r1", apps/speed.c ecdh_choices[]/ecdsa_choices[])
/// are the table the lines follow, and a line of a size it chose one curve of is that curve
/// even alone. `interleaved` (a -multi run, whose children's lines interleave): no line is
/// named by order, only a line of a size the command chose one curve of. `ambiguous`, when not null
/// (a run without a results table, whose rows come from these lines): a line left unnamed whose
/// size more than one curve of the release's table has (256 and 384 bits from 3.0, and either
/// table's when the release is unknown; the K and B sizes) is renamed "<bits>-bit curve", not the
/// NIST curve the size guesses, and its line appended. Returns the lines renamed by order or
/// command, with their new curve, for a caveat; those the command's curves named go to
/// `by_command` instead when it is not null.
std::vector<std::pair<size_t, std::string>> NameCurvesInTableOrder(
    std::vector<Progress>* progress, int openssl_major,
    const std::vector<std::string>& command_args = {}, std::vector<size_t>* ambiguous = nullptr,
    std::vector<std::pair<size_t, std::string>>* by_command = nullptr, bool interleaved = false);

}  // namespace cryptobench::import
