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
# at once, and builds of several worktrees, never share a temporary file name), test_skip_suites
# (suites not to register; may be empty), test_emulated_batches (how many processes run the
# suites when test_emulator is set).
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
set(suites "")
foreach(line IN LISTS lines)
  # Suite lines start in column 0 and end with "."; a typed or parameterised suite may carry a
  # "  # TypeParam = ..." comment after it. Test lines are indented.
  if(line MATCHES "^([^ #][^ ]*)\\.( |$)")
    # list(FIND), not IN_LIST: ctest reads this file with no policy set (CMP0057).
    list(FIND test_skip_suites "${CMAKE_MATCH_1}" skipped)
    if(skipped EQUAL -1)
      list(APPEND suites "${CMAKE_MATCH_1}")
    endif()
  endif()
endforeach()

# Registers one ctest test NAME that runs the suites SUITES (a list) in one process.
function(add_suites_test name)
  set(filter "")
  foreach(suite IN LISTS ARGN)
    if(filter)
      string(APPEND filter ":")
    endif()
    string(APPEND filter "${suite}.*")
  endforeach()
  if(test_exclude)
    string(APPEND filter "-${test_exclude}")
  endif()
  add_test("${name}" ${test_emulator} "${test_binary}" "--gtest_filter=${filter}")
  set(suite_tmp "${test_tmp_root}/${name}")
  file(MAKE_DIRECTORY "${suite_tmp}")
  set_tests_properties("${name}" PROPERTIES TIMEOUT "${test_timeout}" ENVIRONMENT
                                            "TMPDIR=${suite_tmp}")
  foreach(suite IN LISTS ARGN)
    if(suite MATCHES "^Backends/(StoreTest|HistoryCliTest)$")
      # Both empty and fill the one database of CRYPTOBENCH_TEST_POSTGRES: never at once.
      set_tests_properties("${name}" PROPERTIES RESOURCE_LOCK cryptobench_postgres)
    endif()
  endforeach()
endfunction()

if(NOT test_emulator)
  foreach(suite IN LISTS suites)
    add_suites_test("${suite}" "${suite}")
  endforeach()
  return()
endif()

# Under an emulator (qemu-user) each process costs about 0.6 s to start (qemu translates the
# dynamic loader and the start-up code of every library the binary links), which for some 330
# suites was over half of the 184 s the arm64 unit suites took on 2 cores (2026-12-06). There the
# suites run in test_emulated_batches processes instead, suite K in batch K mod N, each batch a
# ctest test named emulated-batch-NN; gtest's "[  FAILED  ] Suite.Test" lines, which
# ctest shows on failure, still name the test.
list(LENGTH suites suite_count)
if(NOT test_emulated_batches OR test_emulated_batches LESS 1)
  set(test_emulated_batches 1)
endif()
math(EXPR last_batch "${test_emulated_batches} - 1")
foreach(batch RANGE ${last_batch})
  set(batch_suites "")
  set(index ${batch})
  while(index LESS suite_count)
    list(GET suites ${index} suite)
    list(APPEND batch_suites "${suite}")
    math(EXPR index "${index} + ${test_emulated_batches}")
  endwhile()
  if(batch_suites)
    string(LENGTH "${batch}" digits)
    set(name "emulated-batch-${batch}")
    if(digits EQUAL 1)
      set(name "emulated-batch-0${batch}")
    endif()
    add_suites_test("${name}" ${batch_suites})
  endif()
endforeach()
