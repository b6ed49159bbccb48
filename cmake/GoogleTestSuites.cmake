# Run by ctest (a TEST_INCLUDE_FILES script, see tests/CMakeLists.txt): registers one ctest test
# per GoogleTest suite of the test binary, each running the suite's tests in one process.
#
# Why not one process per test (gtest_discover_tests): under AddressSanitizer + UBSan the test
# binary takes about 0.2 s to start (it maps and relocates ~200 MB of instrumented code and
# sanitizer data), which made 2,100 one-test processes cost 5 minutes of CI's 2-core budget;
# per suite it is ~210 processes. A failure still names the test: gtest prints
# "[  FAILED  ] Suite.Test" in the output that ctest shows on failure.
#
# Inputs (set by the generated include file): test_binary (path), test_exclude (a gtest filter
# of tests registered elsewhere, e.g. the timing tests; may be empty), test_timeout (seconds),
# test_emulator (a cross-compiling emulator command list; may be empty), test_tmp_root (a
# directory under the build tree: each suite gets TMPDIR=test_tmp_root/SUITE, so suites that run
# at once, and builds of several worktrees, never share a temporary file name).
if(NOT EXISTS "${test_binary}")
  # Not built: one test that fails with the reason, rather than no tests at all.
  add_test(cryptobench_tests_not_built "${test_binary}")
  return()
endif()

set(list_filter "*")
if(test_exclude)
  set(list_filter "-${test_exclude}")
endif()
execute_process(
  COMMAND ${test_emulator} "${test_binary}" --gtest_list_tests "--gtest_filter=${list_filter}"
  OUTPUT_VARIABLE listing
  ERROR_VARIABLE listing_errors
  RESULT_VARIABLE listing_status
  TIMEOUT 120)
if(NOT listing_status EQUAL 0)
  message(FATAL_ERROR "listing the tests of ${test_binary} failed (${listing_status}):\n"
                      "${listing}${listing_errors}")
endif()

string(REPLACE ";" "\\;" listing "${listing}")
string(REPLACE "\n" ";" lines "${listing}")
foreach(line IN LISTS lines)
  # Suite lines start in column 0 and end with "."; a typed or parameterised suite may carry a
  # "  # TypeParam = ..." comment after it. Test lines are indented.
  if(line MATCHES "^([^ #][^ ]*)\\.( |$)")
    set(suite "${CMAKE_MATCH_1}")
    set(filter "${suite}.*")
    if(test_exclude)
      string(APPEND filter "-${test_exclude}")
    endif()
    add_test("${suite}" ${test_emulator} "${test_binary}" "--gtest_filter=${filter}")
    set(suite_tmp "${test_tmp_root}/${suite}")
    file(MAKE_DIRECTORY "${suite_tmp}")
    set_tests_properties("${suite}" PROPERTIES TIMEOUT "${test_timeout}" ENVIRONMENT
                                               "TMPDIR=${suite_tmp}")
    if(suite MATCHES "^Backends/(StoreTest|HistoryCliTest)$")
      # Both empty and fill the one database of CRYPTOBENCH_TEST_POSTGRES: never at once.
      set_tests_properties("${suite}" PROPERTIES RESOURCE_LOCK cryptobench_postgres)
    endif()
  endif()
endforeach()
