# Toolchain file for the cross build to aarch64-linux-gnu (preset `aarch64`): Debian's cross
# compiler (g++-aarch64-linux-gnu) against the arm64 sysroot that scripts/aarch64-sysroot.sh
# unpacks from Debian's arm64 packages (build/aarch64-sysroot by default; another with
# -DCRYPTOBENCH_AARCH64_SYSROOT=DIR). The binaries run on arm64 Linux, or here under
# `qemu-aarch64 -L SYSROOT` (scripts/aarch64-test.sh, which tests set as their emulator).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

if(NOT CRYPTOBENCH_AARCH64_SYSROOT)
  get_filename_component(_cb_root "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
  set(CRYPTOBENCH_AARCH64_SYSROOT "${_cb_root}/build/aarch64-sysroot")
endif()
set(CRYPTOBENCH_AARCH64_SYSROOT "${CRYPTOBENCH_AARCH64_SYSROOT}" CACHE PATH
    "The arm64 sysroot (scripts/aarch64-sysroot.sh)")
if(NOT EXISTS "${CRYPTOBENCH_AARCH64_SYSROOT}/lib/ld-linux-aarch64.so.1")
  message(FATAL_ERROR "no arm64 sysroot at ${CRYPTOBENCH_AARCH64_SYSROOT}: "
                      "run scripts/aarch64-sysroot.sh first")
endif()
# Try-compiles (and find_package in them) get the sysroot too.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES CRYPTOBENCH_AARCH64_SYSROOT)

# The compiler: Debian's cross GCC (g++-aarch64-linux-gnu), or with
# -DCRYPTOBENCH_AARCH64_COMPILER=clang the host's Clang targeting aarch64-linux-gnu, which links
# with the same cross binutils against the same sysroot (libstdc++ and crt files of GCC 12 from
# it). Clang is what the stage uses (preset aarch64-ci): at -O0 the whole cold build took 641
# CPU-s against 890 for GCC at -O1 (2026-12-03; one heavy file, history_command.cc, 7.4 against
# 17.0 CPU-s).
set(CRYPTOBENCH_AARCH64_COMPILER gcc CACHE STRING "Compiler of the arm64 cross build: gcc or clang")
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES CRYPTOBENCH_AARCH64_COMPILER)
if(CRYPTOBENCH_AARCH64_COMPILER STREQUAL "clang")
  set(CMAKE_C_COMPILER clang)
  set(CMAKE_CXX_COMPILER clang++)
  set(CMAKE_C_COMPILER_TARGET aarch64-linux-gnu)
  set(CMAKE_CXX_COMPILER_TARGET aarch64-linux-gnu)
elseif(CRYPTOBENCH_AARCH64_COMPILER STREQUAL "gcc")
  set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
  set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
  # GCC notes every std::pair<double, double> argument whose passing changed in GCC 10.1
  # (-Wpsabi): an ABI note about mixing objects built by GCC 9 and 10+, not a defect of this code.
  set(CMAKE_CXX_FLAGS_INIT "-Wno-psabi")
else()
  message(FATAL_ERROR "CRYPTOBENCH_AARCH64_COMPILER is '${CRYPTOBENCH_AARCH64_COMPILER}': "
                      "expected gcc or clang")
endif()
set(CMAKE_SYSROOT "${CRYPTOBENCH_AARCH64_SYSROOT}")
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

# Libraries, headers and CMake/pkg-config packages come from the sysroot alone; programs
# (pkg-config itself) from the host.
set(CMAKE_FIND_ROOT_PATH "${CRYPTOBENCH_AARCH64_SYSROOT}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(ENV{PKG_CONFIG_SYSROOT_DIR} "${CRYPTOBENCH_AARCH64_SYSROOT}")
set(ENV{PKG_CONFIG_LIBDIR}
    "${CRYPTOBENCH_AARCH64_SYSROOT}/usr/lib/aarch64-linux-gnu/pkgconfig:${CRYPTOBENCH_AARCH64_SYSROOT}/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")

# ctest runs the arm64 test binaries under qemu-user with the sysroot's loader and libraries.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L "${CRYPTOBENCH_AARCH64_SYSROOT}")
