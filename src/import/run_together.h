// Lines of `openssl speed` output whose line breaks were lost in a paste (a forum that joins
// lines, a chat client, a terminal copied without its newlines): progress lines run together
// ("... aes-256 cbc's in 3.00sDoing aes-256 cbc for 3s on 64 size blocks: ..."), output on the
// same line as the prompt and command that printed it ("user@host:~$ openssl speed
// aes-128-cbcDoing aes-128 cbc ..."), -mr records one after another ("+DT:md5:3:16+R:..."), or
// the version lines and the results tables on one line with single spaces.
#pragma once

#include <vector>

#include "import/paste_cleanup.h"

namespace cryptobench::import {

/// Splits each line that holds several records of openssl speed's output (apps/speed.c) into
/// one line per record, all with the line's number. A record starts with:
///  - "Doing " (a progress line; a record that is followed by another must end in its result,
///    "<count> ... in <seconds>s", as ParseProgressLine reads it; the last may be cut after its
///    colon),
///  - a -mr record "+DT:", "+DTP:", "+R:", "+Rn:", "+H:", "+F:" or "+Fn:" with its fields,
///  - a version line ("OpenSSL 1.1.1-dev ...", IsVersionLine), and after it the labels speed
///    and `openssl version -a` print ("built on:", "options:", "compiler:", ...) at a word start,
///  - the banners "You have chosen to measure elapsed time instead of user CPU time." and "The
///    'numbers' are in 1000s of bytes per second processed.", and after the latter a 'type'
///    line ("type 16 bytes 64 bytes ...") with the table's rows run on, which are split by
///    their figures when every row has a name and one figure per size,
///  - a public-key table's header ("sign verify sign/s verify/s", "op op/s", 3.2+'s RSA, KEM
///    and signature headers) at a line's start or after another table or the version lines,
///    with its rows run on; or, at a line's start, public-key rows without their header. The
///    rows are split by their figures (a name of one to six words, then as many times, "%fs",
///    as rates) when every row has the same number of times and rates.
/// A text line is split only when it starts with a record; a command line (kCommand) only when
/// the words before the first record are an `openssl speed` or `openssl version` command, which
/// stays a command line. Every piece must be a whole record as listed; when one is not (prose
/// with "Doing " in it, two progress starts without the first one's result, a table whose rows
/// cannot be told apart), the line is kept as it is. Each split line adds a CleanupNote that
/// names it.
std::vector<SourceLine> SplitRunTogether(std::vector<SourceLine> lines,
                                         std::vector<CleanupNote>* notes);

}  // namespace cryptobench::import
