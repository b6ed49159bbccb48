// main() of cryptobench_tests. It leaves with _Exit, skipping static destructors and exit
// handlers: tests open crypto libraries in link-map namespaces of their own
// (backends/common/isolated_load.h), and glibc's exit-time teardown can then call into them
// after they are gone. Leak checking, which normally runs at exit, is run explicitly first.
#include <csignal>
#include <cstdio>
#include <cstdlib>

#include <gtest/gtest.h>

#if defined(CRYPTOBENCH_TEST_ASAN)
#include <sanitizer/lsan_interface.h>
#endif

int main(int argc, char** argv) {
  // As cli::Run: the worker code writes jobs to children that may have died (a worker that
  // cannot start exits 127 before reading), and expects EPIPE, not a SIGPIPE that ends the run.
  std::signal(SIGPIPE, SIG_IGN);
  testing::InitGoogleTest(&argc, argv);
  int status = RUN_ALL_TESTS();
#if defined(CRYPTOBENCH_TEST_ASAN)
  if (__lsan_do_recoverable_leak_check() != 0) {
    status = 1;
  }
#endif
  std::fflush(nullptr);
  std::_Exit(status);
}
