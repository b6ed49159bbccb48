# Per-target warning, floating-point and sanitizer flags (never global CMAKE_CXX_FLAGS edits).
function(cryptobench_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion)
  # No fused multiply-add contraction: results and golden files print doubles to 17 digits, and
  # a fused a*b+c rounds once instead of twice. Clang contracts by default where the target has
  # FMA (AArch64 always), GCC in ISO mode does not; off, every build prints the same digits.
  target_compile_options(${target} PRIVATE -ffp-contract=off)
  if(CRYPTOBENCH_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(CRYPTOBENCH_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined
                                             -fno-sanitize-recover=all -fno-omit-frame-pointer)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
endfunction()

# Registers unit-test sources (beside the code they test) for the one cryptobench_tests binary.
function(cryptobench_add_tests)
  foreach(src IN LISTS ARGN)
    set_property(GLOBAL APPEND PROPERTY CRYPTOBENCH_TEST_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/${src})
  endforeach()
endfunction()
