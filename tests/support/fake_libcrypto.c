/* A libcrypto that misbehaves on request, for the containment tests (tests/integration/
 * hardening_test.cc). It is the system's libcrypto.so.3 (a DT_NEEDED dependency answers every
 * symbol it does not define) with two entry points of its own and a constructor. What goes
 * wrong, and where, comes from CRYPTOBENCH_FAKE_FAULT=KIND:STAGE in the worker's environment
 * (set with --env):
 *   KIND   crash (SIGSEGV), abort (SIGABRT), hang (sleeps forever), exit (_exit(0) mid-job),
 *          flood (writes 'x' without a newline, forever, to every pipe it holds open for
 *          writing: the worker's protocol channel)
 *   STAGE  load   in the library's constructor, while the worker opens it;
 *          probe  when the digest named by CRYPTOBENCH_FAKE_DIGEST (default SHA256) is
 *                 looked up, as the probe does for every algorithm and a worker does for its
 *                 own;
 *          timed  in EVP_DigestUpdate once it has been called 1000 times: inside the timed
 *                 loop of any digest (known-answer tests make a few dozen calls).
 * Nothing happens without the variable.
 *
 * CRYPTOBENCH_FAKE_LOCK=PATH (for the scaling tests, tests/integration/scaling_test.cc) makes
 * every EVP_DigestUpdate hold an exclusive flock(2) on PATH for the whole call: a global lock
 * shared by every process that loads this library, as a library-wide lock is shared by the
 * threads of one process. CRYPTOBENCH_FAKE_SLEEP_US=N makes every EVP_DigestUpdate also sleep
 * N microseconds (inside the lock, if there is one), as a call that waits for a device does.
 * A process that finds the lock taken sleeps in the kernel until it is free (a voluntary
 * context switch), so its CPU time stops while its wall time runs. A spinlock would keep a
 * waiter at 100% CPU instead; it is not used because a spinning waiter that shares a core with
 * the holder (a loaded machine) delays the holder itself, so the outcome would depend on the
 * load. The sleep makes the test independent of free cores: two workers that sleep most of
 * each operation overlap on one core as well as on two, unless a lock serialises them. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sys/file.h>
#include <sys/stat.h>

static void Misbehave(const char* kind) {
  if (strcmp(kind, "crash") == 0) {
    signal(SIGSEGV, SIG_DFL); /* past any sanitizer's handler */
    raise(SIGSEGV);
  } else if (strcmp(kind, "abort") == 0) {
    abort();
  } else if (strcmp(kind, "hang") == 0) {
    for (;;) {
      pause();
    }
  } else if (strcmp(kind, "exit") == 0) {
    _exit(0);
  } else if (strcmp(kind, "flood") == 0) {
    char chunk[4096];
    memset(chunk, 'x', sizeof chunk);
    for (;;) {
      int wrote = 0;
      for (int fd = 3; fd < 64; ++fd) {
        struct stat st;
        const int flags = fcntl(fd, F_GETFL);
        if (flags >= 0 && (flags & O_ACCMODE) == O_WRONLY && fstat(fd, &st) == 0 &&
            S_ISFIFO(st.st_mode) && write(fd, chunk, sizeof chunk) > 0) {
          wrote = 1;
        }
      }
      if (!wrote) {
        _exit(0); /* every pipe closed: the reader is gone */
      }
    }
  }
}

/* Misbehaves if CRYPTOBENCH_FAKE_FAULT names `stage`. */
static void MaybeMisbehave(const char* stage) {
  const char* fault = getenv("CRYPTOBENCH_FAKE_FAULT");
  const char* colon = fault != NULL ? strchr(fault, ':') : NULL;
  if (colon == NULL || strcmp(colon + 1, stage) != 0) {
    return;
  }
  char kind[16] = {0};
  const size_t len = (size_t)(colon - fault);
  if (len < sizeof kind) {
    memcpy(kind, fault, len);
    Misbehave(kind);
  }
}

__attribute__((constructor)) static void OnLoad(void) { MaybeMisbehave("load"); }

/* The real function of the libcrypto this library depends on. */
static void* Real(const char* name) {
  static void* libcrypto = NULL;
  if (libcrypto == NULL) {
    libcrypto = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_NOLOAD);
  }
  return libcrypto != NULL ? dlsym(libcrypto, name) : NULL;
}

static int IsFaultDigest(const char* name) {
  const char* digest = getenv("CRYPTOBENCH_FAKE_DIGEST");
  return name != NULL && strcasecmp(name, digest != NULL ? digest : "SHA256") == 0;
}

void* EVP_MD_fetch(void* libctx, const char* name, const char* properties) {
  if (IsFaultDigest(name)) {
    MaybeMisbehave("probe");
  }
  void* (*real)(void*, const char*, const char*) =
      (void* (*)(void*, const char*, const char*))(size_t)Real("EVP_MD_fetch");
  return real != NULL ? real(libctx, name, properties) : NULL;
}

const void* EVP_get_digestbyname(const char* name) {
  if (IsFaultDigest(name)) {
    MaybeMisbehave("probe");
  }
  const void* (*real)(const char*) =
      (const void* (*)(const char*))(size_t)Real("EVP_get_digestbyname");
  return real != NULL ? real(name) : NULL;
}

/* The descriptor of CRYPTOBENCH_FAKE_LOCK's file, opened on first use; -1 without one. */
static int LockFd(void) {
  static int fd = -2;
  if (fd == -2) {
    const char* path = getenv("CRYPTOBENCH_FAKE_LOCK");
    fd = path != NULL && path[0] != '\0' ? open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600) : -1;
  }
  return fd;
}

int EVP_DigestUpdate(void* ctx, const void* data, size_t len) {
  static unsigned long calls = 0;
  if (++calls > 1000) {
    MaybeMisbehave("timed");
  }
  int (*real)(void*, const void*, size_t) =
      (int (*)(void*, const void*, size_t))(size_t)Real("EVP_DigestUpdate");
  const int lock = LockFd();
  if (lock >= 0 && flock(lock, LOCK_EX) != 0) {
    return 0; /* the caller sees a failed update */
  }
  static long sleep_us = -1;
  if (sleep_us < 0) {
    const char* text = getenv("CRYPTOBENCH_FAKE_SLEEP_US");
    sleep_us = text != NULL ? atol(text) : 0;
    sleep_us = sleep_us > 0 && sleep_us < 1000000 ? sleep_us : 0;
  }
  if (sleep_us > 0) {
    usleep((useconds_t)sleep_us);
  }
  const int ok = real != NULL ? real(ctx, data, len) : 0;
  if (lock >= 0) {
    flock(lock, LOCK_UN);
  }
  return ok;
}
