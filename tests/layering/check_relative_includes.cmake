# ctest layering.relative-includes (cmake -P): no source under -Dsource_dir includes a path with
# "..". A quoted #include is looked up beside the including file before the module's include
# roots, so "../cli/cli.h" from src/backends/ would compile although layering.backends refuses
# "cli/cli.h"; this closes that way round the layering. Fails naming every such line.
cmake_minimum_required(VERSION 3.25)
if(NOT source_dir OR NOT IS_DIRECTORY "${source_dir}")
  message(FATAL_ERROR "check_relative_includes: -Dsource_dir=DIR is required (got '${source_dir}')")
endif()
file(GLOB_RECURSE sources "${source_dir}/*.h" "${source_dir}/*.cc")
set(offenders "")
foreach(source IN LISTS sources)
  file(STRINGS "${source}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<][^\">]*\\.\\.")
  foreach(line IN LISTS lines)
    file(RELATIVE_PATH name "${source_dir}" "${source}")
    string(STRIP "${line}" line)
    list(APPEND offenders "${name}: ${line}")
  endforeach()
endforeach()
if(offenders)
  list(JOIN offenders "\n  " listed)
  message(FATAL_ERROR "an #include with \"..\" bypasses the module include roots "
                      "(include \"<folder>/<header>.h\" instead):\n  ${listed}")
endif()
message(STATUS "no #include with \"..\" in ${source_dir}")
