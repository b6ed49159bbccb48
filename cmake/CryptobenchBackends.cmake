# Optional crypto-library backends (src/backends/<name>/). Each has a cache option
# CRYPTOBENCH_BACKEND_<NAME>: AUTO (build it when its library is found; the default, taken
# from CRYPTOBENCH_BACKENDS_DEFAULT), ON (the library is required) or OFF. Configure prints
# one line per backend and a summary, so a packager sees which were built.
find_package(PkgConfig QUIET)

set(CRYPTOBENCH_BACKENDS_DEFAULT AUTO CACHE STRING
    "Default for every CRYPTOBENCH_BACKEND_<NAME> option: AUTO, ON or OFF")
set_property(GLOBAL PROPERTY CRYPTOBENCH_BACKENDS_BUILT "")
set_property(GLOBAL PROPERTY CRYPTOBENCH_BACKENDS_SKIPPED "")

# cryptobench_find_backend(<name> [PKG <pkg-config module>...]
#                          [LIBRARY <library name>... HEADER <header>])
# Looks the backend's library up (pkg-config modules, or find_library + find_path) unless its
# option is OFF. When found: defines CRYPTOBENCH_HAVE_<NAME> on cryptobench_core, links the
# library into it, and sets CRYPTOBENCH_HAVE_<NAME> to ON in the caller's scope; otherwise OFF
# (and a fatal error when the option is ON).
function(cryptobench_find_backend name)
  cmake_parse_arguments(ARG "" "HEADER" "PKG;LIBRARY" ${ARGN})
  string(TOUPPER "${name}" upper)
  set(option CRYPTOBENCH_BACKEND_${upper})
  set(${option} "${CRYPTOBENCH_BACKENDS_DEFAULT}" CACHE STRING
      "Build the ${name} backend: AUTO (if found), ON (required) or OFF")
  set_property(CACHE ${option} PROPERTY STRINGS AUTO ON OFF)
  set(mode "${${option}}")
  if(NOT mode MATCHES "^(AUTO|ON|OFF)$")
    message(FATAL_ERROR "${option}=${mode}: expected AUTO, ON or OFF")
  endif()

  set(found OFF)
  set(detail "")
  if(mode STREQUAL "OFF")
    set(detail "disabled (${option}=OFF)")
  elseif(ARG_PKG)
    if(PKG_CONFIG_FOUND)
      pkg_check_modules(CB_${upper} QUIET IMPORTED_TARGET ${ARG_PKG})
    endif()
    if(CB_${upper}_FOUND)
      set(found ON)
      set(detail "${ARG_PKG} ${CB_${upper}_VERSION}")
      target_link_libraries(cryptobench_core PRIVATE PkgConfig::CB_${upper})
    else()
      set(detail "not found (pkg-config ${ARG_PKG})")
    endif()
  elseif(ARG_LIBRARY)
    find_library(CB_${upper}_LIBRARY NAMES ${ARG_LIBRARY})
    find_path(CB_${upper}_INCLUDE_DIR NAMES ${ARG_HEADER})
    if(CB_${upper}_LIBRARY AND CB_${upper}_INCLUDE_DIR)
      set(found ON)
      set(detail "${CB_${upper}_LIBRARY}")
      target_link_libraries(cryptobench_core PRIVATE ${CB_${upper}_LIBRARY})
      target_include_directories(cryptobench_core SYSTEM PRIVATE ${CB_${upper}_INCLUDE_DIR})
    else()
      set(detail "not found (library ${ARG_LIBRARY}, header ${ARG_HEADER})")
    endif()
  else()
    # Needs no library at build time (loaded by path at run time, or a kernel interface).
    set(found ON)
    set(detail "no build-time dependency")
  endif()

  if(found)
    target_compile_definitions(cryptobench_core PRIVATE CRYPTOBENCH_HAVE_${upper})
    set_property(GLOBAL APPEND PROPERTY CRYPTOBENCH_BACKENDS_BUILT ${name})
    message(STATUS "cryptobench backend ${name}: building (${detail})")
  else()
    if(mode STREQUAL "ON")
      message(FATAL_ERROR "cryptobench backend ${name}: ${option}=ON but ${detail}")
    endif()
    set_property(GLOBAL APPEND PROPERTY CRYPTOBENCH_BACKENDS_SKIPPED ${name})
    message(STATUS "cryptobench backend ${name}: skipped, ${detail}")
  endif()
  set(CRYPTOBENCH_HAVE_${upper} ${found} PARENT_SCOPE)
endfunction()

# Prints which optional backends this configuration builds.
function(cryptobench_backend_summary)
  get_property(built GLOBAL PROPERTY CRYPTOBENCH_BACKENDS_BUILT)
  get_property(skipped GLOBAL PROPERTY CRYPTOBENCH_BACKENDS_SKIPPED)
  list(JOIN built ", " built_text)
  list(JOIN skipped ", " skipped_text)
  if(built_text)
    set(built_text ", ${built_text}")
  endif()
  if(NOT skipped_text)
    set(skipped_text "none")
  endif()
  message(STATUS "cryptobench backends built: openssl${built_text}; skipped: ${skipped_text}")
endfunction()
