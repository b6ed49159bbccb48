// MACs of the wolfSSL backend, through wolfCrypt's native API: wc_Hmac* (HMAC-SHA256),
// wc_Cmac* (CMAC-AES-128) and wc_Poly1305*.
#pragma once

#include "backends/backend.h"
#include "backends/common/hash_mac_adapter.h"

namespace cryptobench::backends::wolfssl {

/// True if this wolfSSL build offers the MAC `alg`.
bool MacSupported(const AlgorithmInfo& alg);

/// The MAC entries (BindMac, hash_mac_adapter.h). mac: KatTarget::Mac, a freshly keyed context,
/// one message. prepare_mac: Backend::Prepare for MACs: one MAC per operation. HMAC reuses its
/// keyed context (wc_HmacFinal leaves the key in place); CMAC restores a copy of its keyed state,
/// as wolfCrypt 5.5 has no CMAC restart and wc_CmacFinal wipes the context; Poly1305 takes its
/// one-time key with every message. Checked: the tag equals a freshly keyed context's. An
/// operation other than mac: NoSuchOperation (wolfssl_util.h).
HashMacEntries MacBinding();

}  // namespace cryptobench::backends::wolfssl
