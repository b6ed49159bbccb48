# Unity builds (CMAKE_UNITY_BUILD=ON, set by the release, asan and aarch64-ci presets, which CI
# builds cold): CMake compiles each target's sources in batches, one generated file that #includes
# several .cc files, so the headers they share (fmt, nlohmann::json, gtest, the standard
# library) are parsed once per batch instead of once per file. At -O0 that halves the compile
# time: src/tls's first batch of 8 files took 13.3 CPU-s against 28.2 for the files one by one
# (clang, the asan flags, 2026-12-07); GCC's release build of the libraries took 9m19s of CPU
# time as a unity build against 17m60s file by file (2026-12-07), most of CI's longest stage.
# The test binary is a unity build in every preset (CRYPTOBENCH_TESTS_UNITY, tests/
# CMakeLists.txt). A file that only compiles thanks to a neighbour's #include passes a unity
# build: configure with -DCMAKE_UNITY_BUILD=OFF to compile each file on its own.
#
# A file joins no batch when a name in its anonymous namespace (or a file-local static) is
# also defined by another file of the same target: in one translation unit the two would
# clash ("redefinition of 'Lower'", "call to 'Fail' is ambiguous"). Such a file is listed
# below, relative to the project root; renaming its local helpers (or sharing them) takes it
# off the list. A new clash fails the asan and aarch64-ci builds only ("redefinition of ...",
# in a Unity/unity_*.cxx file): list the file or rename the name. The list was found by
# building both with `ninja -k 0` until they compiled (2026-12-07); some files were listed
# under CMake's default batching, which gave them other neighbours, and may no longer clash.
set(CRYPTOBENCH_UNITY_BUILD_EXCLUDED
  src/algorithms/kat.cc
  src/backends/common/key_agreement_adapter_test.cc
  src/backends/common/library_backend_test.cc
  src/backends/common/signature_adapter_test.cc
  src/backends/cross_backend_test.cc
  src/backends/cryptopp/cryptopp_backend_test.cc
  src/backends/cryptopp/cryptopp_cipher.cc
  src/backends/gnutls/hash_mac.cc
  src/backends/gnutls/signature.cc
  src/backends/linked_backend_test.cc
  src/backends/sodium/symmetric.cc
  src/cli/report_command.cc
  src/cli/report_command_test.cc
  src/cli/speed_command.cc
  src/cli/tls_command.cc
  src/compare/class_filter_test.cc
  src/compare/compare_report_document.cc
  src/compare/configure_test.cc
  src/compare/cost.cc
  src/compare/families.cc
  src/compare/identity_test.cc
  src/compare/render_test.cc
  src/cpu/clock_facts_test.cc
  src/cpu/emulation_test.cc
  src/cpu/features.cc
  src/diagnose/armcap_report_test.cc
  src/diagnose/botan_cpuid_test.cc
  src/diagnose/cpu_clues.cc
  src/diagnose/doctor_machines_test.cc
  src/diagnose/kernel_software_driver_test.cc
  src/diagnose/low_level_aes_test.cc
  src/diagnose/pk_asm.cc
  src/diagnose/pk_asm_test.cc
  src/diagnose/report_cpu_findings.cc
  src/diagnose/report_engine_findings.cc
  src/diagnose/report_library_findings.cc
  src/diagnose/report_public_key_test.cc
  src/diagnose/run_mask_test.cc
  src/diagnose/speed_tool.cc
  src/diagnose/speed_tool_test.cc
  src/diagnose/tryout21_pastes_test.cc
  src/diagnose/verdict_findings.cc
  src/diagnose/verdict_test.cc
  src/diagnose/verdict_text.cc
  src/diagnose/versions_test.cc
  src/diagnose/vm_cpu_models.cc
  src/diagnose/vm_cpu_models_test.cc
  src/diagnose/vm_model_name_test.cc
  src/import/bssl_speed_test.cc
  src/import/cryptodev_speed_test.cc
  src/import/cryptsetup_benchmark.cc
  src/import/cryptsetup_benchmark_test.cc
  src/import/import_cell_caveats_test.cc
  src/import/import_foreign_test.cc
  src/import/import_formats_test.cc
  src/import/import_robust_test.cc
  src/import/import_test.cc
  src/import/leftovers_test.cc
  src/import/own_reports.cc
  src/import/parse_util.cc
  src/import/pasted_builds_test.cc
  src/import/wolfcrypt_bench.cc
  src/import/wolfcrypt_bench_test.cc
  src/report/backends_render_test.cc
  src/report/html_test.cc
  src/report/imported_render_test.cc
  src/report/render_test.cc
  src/results/limits.cc
  tests/integration/backends_test.cc
  tests/integration/doctor_backend_test.cc
  tests/integration/doctor_from_test.cc
  tests/integration/hardening_test.cc
  tests/integration/interrupt_test.cc
  tests/integration/scaling_test.cc
  tests/integration/tls_interop_test.cc
)

# cryptobench_configure_unity_build(<target>...): batches each target's .cc files by folder,
# eight at a time in the folder's sorted order (UNITY_BUILD_MODE GROUP, UNITY_GROUP "<folder>
# <n>"), so a batch holds the same files whatever else the configuration compiles: the optional
# backends (and their tests) each have a folder of their own, and CMake's default batching of a
# target's whole source list would shift every later batch when one of them is missing, making
# new neighbours and new clashes. A listed file gets no group: it compiles on its own. A group
# property belongs to a source file in the directory that made the target.
function(cryptobench_configure_unity_build)
  set(excluded "")
  foreach(path IN LISTS CRYPTOBENCH_UNITY_BUILD_EXCLUDED)
    list(APPEND excluded ${PROJECT_SOURCE_DIR}/${path})
  endforeach()
  foreach(target IN LISTS ARGN)
    set_target_properties(${target} PROPERTIES UNITY_BUILD_MODE GROUP)
    get_target_property(sources ${target} SOURCES)
    get_target_property(source_dir ${target} SOURCE_DIR)
    set(files "")
    foreach(source IN LISTS sources)
      cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY ${source_dir} NORMALIZE
                 OUTPUT_VARIABLE absolute)
      cmake_path(IS_PREFIX PROJECT_SOURCE_DIR ${absolute} in_source_tree)
      cmake_path(IS_PREFIX PROJECT_BINARY_DIR ${absolute} in_build_tree)
      if(absolute MATCHES "\\.cc$" AND in_source_tree AND NOT in_build_tree)
        list(APPEND files ${absolute})
      endif()
    endforeach()
    list(SORT files)
    set(folder "")
    foreach(file IN LISTS files)
      cmake_path(GET file PARENT_PATH file_folder)
      if(NOT file_folder STREQUAL folder)
        set(folder ${file_folder})
        set(position 0)
      endif()
      math(EXPR batch "${position} / 8")
      math(EXPR position "${position} + 1")
      if(file IN_LIST excluded)
        continue()
      endif()
      cmake_path(RELATIVE_PATH file_folder BASE_DIRECTORY ${PROJECT_SOURCE_DIR}
                 OUTPUT_VARIABLE relative_folder)
      string(MAKE_C_IDENTIFIER "${relative_folder}_${batch}" group)
      set_source_files_properties(${file} TARGET_DIRECTORY ${target}
                                  PROPERTIES UNITY_GROUP ${group})
    endforeach()
  endforeach()
endfunction()

# cryptobench_project_targets(<directory> <out-var>): the compiled targets (libraries and
# executables) made in <directory> and every directory below it.
function(cryptobench_project_targets directory out_var)
  set(found "")
  get_property(targets DIRECTORY ${directory} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    if(type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY)$")
      list(APPEND found ${target})
    endif()
  endforeach()
  get_property(subdirectories DIRECTORY ${directory} PROPERTY SUBDIRECTORIES)
  foreach(subdirectory IN LISTS subdirectories)
    cryptobench_project_targets(${subdirectory} below)
    list(APPEND found ${below})
  endforeach()
  set(${out_var} ${found} PARENT_SCOPE)
endfunction()
