# One static library per src/ folder ("module"), linked only to the modules below it, and an
# include root per module that makes an upward #include fail to compile (src/CMakeLists.txt
# lists the modules bottom-up and the few structural exceptions).

# cryptobench_add_module(<name> [DEPENDS <module>...] [LINK <target>...] [SOURCES <file>...])
# Adds the static library cryptobench_<name> (alias cryptobench::<name>) of src/<name>/, linked
# PUBLIC to the modules it DEPENDS on (each must be added before it) and to the LINK targets
# (header libraries its headers use, such as fmt::fmt; a library only its sources use goes in
# target_link_libraries(... PRIVATE ...) after this call).
# Its include directory is ${CMAKE_BINARY_DIR}/include-roots/<name>/, not src/: a folder of
# symbolic links, one per folder the module may include (its own and, transitively, its
# dependencies'), each pointing to src/<folder>. So `#include "report/x.h"` in a module that
# does not depend on report fails to compile ("report/x.h: No such file or directory"). The
# folders are kept in the target property CRYPTOBENCH_MODULE_FOLDERS (tests/layering reads them).
function(cryptobench_add_module name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK;SOURCES" ${ARGN})
  set(target cryptobench_${name})
  add_library(${target} STATIC ${ARG_SOURCES})
  add_library(cryptobench::${name} ALIAS ${target})

  set(folders ${name})
  set(dep_targets "")
  foreach(dep IN LISTS ARG_DEPENDS)
    if(NOT TARGET cryptobench_${dep})
      message(FATAL_ERROR "module ${name} depends on ${dep}, which is not added before it "
                          "(src/CMakeLists.txt adds the modules bottom-up)")
    endif()
    get_target_property(dep_folders cryptobench_${dep} CRYPTOBENCH_MODULE_FOLDERS)
    list(APPEND folders ${dep_folders})
    list(APPEND dep_targets cryptobench_${dep})
  endforeach()
  list(REMOVE_DUPLICATES folders)
  list(SORT folders)
  set_target_properties(${target} PROPERTIES CRYPTOBENCH_MODULE_FOLDERS "${folders}")

  set(root ${CMAKE_BINARY_DIR}/include-roots/${name})
  file(MAKE_DIRECTORY ${root})
  # A link left from an earlier configuration with other dependencies goes (file(REMOVE) unlinks
  # the link itself, never what it points to).
  file(GLOB entries LIST_DIRECTORIES true RELATIVE ${root} ${root}/*)
  foreach(entry IN LISTS entries)
    if(NOT entry IN_LIST folders)
      file(REMOVE ${root}/${entry})
    endif()
  endforeach()
  foreach(folder IN LISTS folders)
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/src/${folder} ${root}/${folder} SYMBOLIC)
  endforeach()

  target_include_directories(${target} PUBLIC ${root})
  target_link_libraries(${target} PUBLIC ${dep_targets} ${ARG_LINK})
  cryptobench_set_warnings(${target})
  set_property(GLOBAL APPEND PROPERTY CRYPTOBENCH_MODULES ${name})
endfunction()
