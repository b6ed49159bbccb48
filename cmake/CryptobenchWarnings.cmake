# Per-target warning and sanitizer flags (never global CMAKE_CXX_FLAGS edits).
function(cryptobench_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion)
  if(CRYPTOBENCH_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(CRYPTOBENCH_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined
                                             -fno-sanitize-recover=all -fno-omit-frame-pointer)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
  if(CRYPTOBENCH_BUILD_FUZZERS)
    # The fuzz configuration (fuzz/CMakeLists.txt): the modules the fuzz targets link are built
    # instrumented for coverage and checked with ASan and UBSan; whatever links them needs the
    # sanitizer runtimes.
    target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link,address,undefined
                                             -fno-sanitize-recover=all -fno-omit-frame-pointer -g)
    target_link_options(${target} INTERFACE -fsanitize=address,undefined)
  endif()
endfunction()

# Registers unit-test sources (beside the code they test) for the one cryptobench_tests binary.
function(cryptobench_add_tests)
  foreach(src IN LISTS ARGN)
    set_property(GLOBAL APPEND PROPERTY CRYPTOBENCH_TEST_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/${src})
  endforeach()
endfunction()
